"""AFV solo movement in WW2 Skirmish (ww2-skirmish-solo.txt, "AFV Solo Movement"): the
chart waits for a first enemy seen, Advance at half speed without infantry and halting
within 20", Halt to cover within 6", main guns at the nearest AFV / AT gun, and the
optional rule that solo-runs the player's own AFVs (rulesets/ww2-skirmish.yaml
interpretations afv-advance, afv-main-guns, solo-afvs; rulesets/solo.yaml afv-no-enemy-yet)."""

import pytest

from game.catalog import load_map, new_game
from game.core.commands import Command
from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish
from game.simulate import make_player, play_out
from tests.rulesets.helpers import end_phases, force, make_game, ok, refused, small_map, unit

IN = 25.4
WALL = [{"type": "wall", "line": [[18, 35.2], [30, 35.2]]}]


def wgame(a, b, terrain=None, options=None):
    return make_game(small_map(a, b, terrain=terrain, ruleset="ww2-skirmish", size=(48, 48)), seed=2, options=options)


def see(game, side, *fids):
    for fid in fids:
        game.rules.spotting.mark_spotted(game, side, game.state.figures[fid], "sight")


def orders(game, uid, order):
    u = game.state.units[uid]
    u.markers["solo_order"] = order
    u.markers["solo_turn"] = game.state.turn
    return list(game.rules.planner.unit_commands(game, u.side, u, {}))


def tank(y=44.0, x=24.0):
    return [unit("a1", [("us_sherman", x, y)], kind="vehicle")]


def test_no_chart_roll_until_the_side_has_seen_an_enemy():
    """"If no enemy yet seen, they will continue current action, thereafter; At the start
    of each turn, throw a D6": no dice before, the log says why; a d6 once one is known."""
    wood = [{"type": "building", "rect": {"x": 16, "y": 8, "w": 16, "h": 4}}]
    game = wgame(tank(), [unit("b1", [("ger_rifleman", 24, 4)])], terrain=wood)
    src = force(game)  # no faces: any roll would fail
    ok(game, Command("solo_orders", "a", unit="a1"))
    assert src.used == 0
    assert any("no enemy yet seen, so no AFV chart roll" in e.line for e in game.log.events)
    assert game.state.units["a1"].markers["solo_order"] == "halt"  # its current action
    see(game, "a", "b1.1")
    game.state.units["a1"].markers["solo_turn"] = 0  # a later turn
    src = force(game, 6)
    ok(game, Command("solo_orders", "a", unit="a1"))
    assert src.used == 1 and any("AFV solo movement chart" in e.line for e in game.log.events)


def test_a_jeep_takes_the_afv_chart_as_its_planner_carries_its_orders_out():
    """The infantry chart's Attack, Close and Rout have no meaning for a vehicle, which the
    planner moves and fires as one: a soft-skinned jeep takes the AFV solo movement chart
    (interpretation solo-soft-skins), and its Retreat drives away from the enemy."""
    game = wgame([unit("a1", [("us_jeep", 24, 30)], kind="vehicle")], [unit("b1", [("ger_rifleman", 24, 20)])])
    see(game, "a", "b1.1")
    assert game.rules.profile(game, game.state.units["a1"]).vehicle
    force(game, 1)
    ok(game, Command("solo_orders", "a", unit="a1"))
    line = next(e.line for e in reversed(game.log.events) if "chart" in e.line)
    assert "AFV solo movement chart" in line and "no main armament -2" in line, line
    assert game.state.units["a1"].markers["solo_order"] in ("retreat", "halt", "manoeuvre", "advance", "bale_out")
    cmds = orders(game, "a1", "retreat")
    assert cmds and cmds[0].kind == "move_unit" and cmds[0].point[1] > 30 * IN, cmds[:1]


def test_advance_at_half_speed_without_infantry_full_speed_with_it():
    """"Advance: Move towards the nearest enemy with infantry within 6", or at half speed":
    a Sherman 40" from the enemy goes 9" north alone, 18" with a rifleman 3" from it."""
    for friends, to_y in (([], 35.0), ([unit("a2", [("us_rifleman", 27, 44)])], 26.0)):
        game = wgame(tank() + friends, [unit("b1", [("ger_rifleman", 24, 2)])])
        see(game, "a", "b1.1")
        move = [c for c in orders(game, "a1", "advance") if c.kind == "move_unit"]
        assert move and move[0].point == pytest.approx((24 * IN, to_y * IN), abs=0.05)


def test_advance_halts_within_twenty_inches_and_turns_to_the_enemy():
    """"... Halt if within 20"": 15" from the enemy the advancing tank does not move up;
    it wheels toward the nearest enemy (its front faces west at set-up here)."""
    game = wgame(tank(), [unit("b1", [("ger_rifleman", 24, 27)])])
    game.state.figures["a1.1"].facing = 180.0
    see(game, "a", "b1.1")
    cmds = orders(game, "a1", "advance")
    assert not any(c.kind == "move_unit" for c in cmds)
    assert cmds[0].kind == "pivot" and cmds[0].point == (round(24 * IN, 2), round(27 * IN, 2))


def test_halt_moves_to_cover_within_six_inches():
    """"Halt: Remain in current position, but may move to cover within 6"": in the open it
    moves at most 6" to a place hull down from the nearest known enemy (1 pt on the chart);
    hull down already, it stays."""
    game = wgame(tank(39), [unit("b1", [("ger_rifleman", 24, 4)])], terrain=WALL)
    see(game, "a", "b1.1")
    rules, v = game.rules, game.state.figures["a1.1"]
    assert rules.afv_situation(game, game.state.units["a1"])["advancing"] == 0
    move = [c for c in orders(game, "a1", "halt") if c.kind == "move_unit"][0]
    assert rules.dist(v.pos, move.point) <= 6 * IN + 0.01
    ok(game, move)
    assert rules.afv_situation(game, game.state.units["a1"])["advancing"] == 1  # hull down now
    game = wgame(tank(36), [unit("b1", [("ger_rifleman", 24, 4)])], terrain=WALL)
    see(game, "a", "b1.1")
    assert not any(c.kind == "move_unit" for c in orders(game, "a1", "halt"))


def test_main_gun_shoots_the_nearest_afv_or_at_gun_before_other_targets():
    """"main guns will always shoot at the nearest enemy AFV / Anti-tank gun in preference
    to other targets": riflemen 15" off, a Pak 40 30" off, a Panzer IV 40" off: the gun's
    first shot is at the Pak 40 team."""
    b = [unit("b1", [("ger_rifleman", 20, 29)]),
         unit("b2", [("ger_pak40", 24, 14), ("ger_gun_crew", 22, 13), ("ger_gun_crew", 26, 13)], kind="crew"),
         unit("b3", [("ger_pz4h", 30, 4)], kind="vehicle")]
    game = wgame(tank(), b)
    see(game, "a", "b1.1", "b2.1", "b2.2", "b2.3", "b3.1")
    shots = [c for c in orders(game, "a1", "halt") if c.kind == "fire_gun"]
    assert shots and game.state.figures[shots[0].target].unit == "b2"


def test_manoeuvre_with_no_shot_moves_up_but_a_defender_holds_while_it_sees_an_enemy():
    """"Manoeuvre: Act as player wishes" (interpretation solo-orders): a tank with no shot
    this turn (its crew's actions spent on reaction fire in the enemy's turn) moves up
    toward its goal; a defender's tank (its side wins by holding on), seeing a known
    Panzer IV 30" off, does not drive at it: it holds as a Halt (cover within 6" at most,
    its front to the enemy). The same Panzer behind a building, out of its sight, and the
    defender's tank moves up too."""
    house = [{"type": "building", "rect": {"x": 18, "y": 20, "w": 12, "h": 4}}]
    for defends, terrain, moves_up in ((False, [], True), (True, [], False), (True, house, True)):
        game = wgame(tank(), [unit("b3", [("ger_pz4h", 24, 14)], kind="vehicle")], terrain=terrain)
        if defends:
            game.state.attrs["victory"]["otherwise"] = "a"
        see(game, "a", "b3.1")
        rules, v = game.rules, game.state.figures["a1.1"]
        for c in rules.crew(game, v):  # their actions spent on reaction fire
            c.markers["used"] = rules.max_actions(c)
        assert rules.los(game, v, game.state.figures["b3.1"]).visible is not bool(terrain)
        cmds = orders(game, "a1", "manoeuvre")
        assert not any(c.kind in ("fire_gun", "fire") for c in cmds)
        far = [c for c in cmds if c.kind == "move_unit" and rules.dist(v.pos, c.point) > 6 * IN + 0.01]
        assert bool(far) is moves_up, (defends, terrain, cmds)


def test_infantry_in_contact_by_radio_gives_the_point_on_a_side_the_map_puts_on_one_net():
    """"1 pt: ... Friendly infantry within 6" or in contact by radio etc." (interpretation
    afv-radio): riflemen 20" from the Sherman give no point, unless the map's settings put
    the side on one radio net (radio_net); the log names which it was, and the point is
    one either way (riflemen within 6" on a net: infantry_near alone)."""
    for net, rifle_x, near, radio in (([], 44, 0, 0), (["a"], 44, 0, 1), (["a"], 27, 1, 0), (["b"], 44, 0, 0)):
        doc = small_map(tank(), [unit("b1", [("ger_rifleman", 24, 4)])], ruleset="ww2-skirmish", size=(48, 48),
                        settings={"radio_net": net} if net else None)
        game = make_game(doc, seed=2)
        s = game.rules.afv_situation(game, game.state.units["a1"])
        assert (s["infantry_near"], s["radio_contact"]) == (0, 0)  # no friendly infantry yet
        doc["sides"][0]["units"].append(unit("a2", [("us_rifleman", rifle_x, 44)]))
        game = make_game(doc, seed=2)
        s = game.rules.afv_situation(game, game.state.units["a1"])
        assert (s["infantry_near"], s["radio_contact"]) == (near, radio), (net, rifle_x)
        words = [w for _, _, w in game.rules.afv_points(game, game.state.units["a1"])]
        assert ("friendly infantry in contact by radio" in words) is bool(radio)


def test_the_option_rolls_for_the_players_afv_and_refuses_moves_against_a_halt(monkeypatch):
    """"Ideally, all AFVs should be solo run, even in player's forces, though this is
    optional" (solo_afvs): at the start of the side's turn the player's Sherman dices on
    the chart (0 points, a 2: Halt); a 9" move into the open is refused with the reason, a
    turn toward the enemy is allowed. Without the option nothing is rolled."""
    b = [unit("b1", [("ger_rifleman", 24, 14)])]
    monkeypatch.setattr(Ww2Skirmish, "afv_points", lambda self, g, u: [("x", 0, "scripted")])
    plain = wgame(tank(), b)
    see(plain, "a", "b1.1")
    force(plain)
    end_phases(plain, "action", "b")
    end_phases(plain, "action", "a")  # turn 2: no chart roll without the option
    assert "solo_order" not in plain.state.units["a1"].markers
    game = wgame(tank(), b, options={"solo_afvs": True})
    assert any("no enemy yet seen" in e.line for e in game.log.events)  # turn 1: nothing known yet
    see(game, "a", "b1.1")
    end_phases(game, "action", "b")
    src = force(game, 2, 1)  # the chart, then the enemy's try to spot the turning tank
    end_phases(game, "action", "a")
    assert src.used == 1 and game.state.units["a1"].markers["solo_order"] == "halt"
    assert "AFV order: halt" in game.rules.listing.unit_status(game, "a1")  # shown on the sidebar
    why = refused(game, Command("move_unit", "a", unit="a1", point=(24 * IN, 35 * IN)))
    assert "AFV solo order (Halt)" in why and "cover within 6" in why
    ok(game, Command("pivot", "a", figure="a1.1", point=(30 * IN, 14 * IN)))


def test_the_option_holds_an_advance_to_half_speed_toward_the_enemy():
    """Advance under solo_afvs: toward the nearest enemy at half speed without infantry
    (9"), so a 12" move and a move away are refused and an 8" move toward it is allowed."""
    game = wgame(tank(), [unit("b1", [("ger_rifleman", 24, 2)])], options={"solo_afvs": True})
    see(game, "a", "b1.1")
    game.rules.afv_enemy_seen(game, "a")
    u = game.state.units["a1"]
    u.markers.update({"solo_order": "advance", "solo_turn": game.state.turn})
    assert "half speed" in refused(game, Command("move_unit", "a", unit="a1", point=(24 * IN, 32 * IN)))
    assert "towards the nearest enemy" in refused(game, Command("move_unit", "a", unit="a1", point=(20 * IN, 46 * IN)))
    ok(game, Command("move_unit", "a", unit="a1", point=(24 * IN, 36 * IN)))


def test_retreat_keeps_to_cover_when_it_can():
    """"Retreat: Move away from the most threatening enemy, attempt to keep in cover if
    possible": in the open it backs straight off toward its home edge (to a place the enemy
    sees in the open); with a wood beside that line, it ends further from the enemy, in
    cover from it or hidden."""
    b = [unit("b1", [("ger_rifleman", 24, 4)])]
    wood = [{"type": "wood", "polygon": [[26, 34], [36, 34], [36, 42], [26, 42]]}]
    for terrain in (None, wood):
        game = wgame(tank(30), b, terrain=terrain)
        see(game, "a", "b1.1")
        rules, e, v = game.rules, game.state.figures["b1.1"], game.state.figures["a1.1"]
        straight = rules.los(game, e, (24 * IN, 42 * IN))
        assert straight.visible and straight.cover == 0
        move = [c for c in orders(game, "a1", "retreat") if c.kind == "move_unit"][0]
        assert rules.apart(v, e, at=move.point) > rules.apart(v, e)
        sight = rules.los(game, e, move.point)
        if terrain is None:
            assert move.point == pytest.approx((24 * IN, 42 * IN), abs=0.05)
        else:
            assert not sight.visible or sight.cover > 0


def test_ai_games_under_the_option_play_out_without_a_refused_command():
    """With solo_afvs both Hauteville tanks dice on the AFV chart each turn once their side
    has seen the enemy, and the AI keeps to its orders: no command it gives is refused
    (play_out raises on a refusal). Seed 2: in seed 1 the Panzer IV's first shot now
    knocks the Sherman out on turn 1, before it has seen an enemy (since its crew spots
    through its slits without binoculars), so it never rolls."""
    game = new_game(load_map("maps/ww2-village-hauteville.yaml"), seed=2, options={"solo_afvs": True})
    play_out(game, {s: make_player("ai", 1) for s in game.state.side_order})
    assert game.state.over
    charts = [e.line for e in game.log.events if "AFV solo movement chart" in e.line]
    assert any(line.startswith("Sherman") for line in charts) and any(line.startswith("Panzer IV") for line in charts)
