"""My 1/35th Scale WWII Skirmish: the solo AI's planner in scripted situations (issue 20):
a hidden man springs his ambush (turning to face, which ends the hiding, L55, then firing)
when the shot is worth it and stays hidden when it is not; small arms are not wasted in
opportunity fire at a tank; a defender with no shot steps to one; which teams are support
weapons for the solo chart."""

from __future__ import annotations

from math import hypot

from game.catalog import load_map_doc
from game.core.commands import END_PHASE, Command
from game.core.keys import StateKey
from game.core.state import ACTIVE, DEAD
from game.data.yamlio import load_yaml
from game.rulesets.ww2_135.status import W135FigMark
from game.simulate import simulated_game
from game.solo.keys import SoloKey
from game.solo.portal_check import map_sight, portal_warnings
from game.solo.portal_state import marker_pos, table_visibility, visibility
from game.solo.portals import in_sight
from tests.rulesets.helpers import force, make_unfinished_game, small_map, unit
from tests.rulesets.w135 import table_game


def german_turn(a, b, hidden=True):
    game = table_game(a, b, settings={"hidden_deployment": ["b"]} if hidden else None)
    assert game.submit(Command(END_PHASE, "a")).ok and game.state.active_side == "b"
    return game


def first(game, fid):
    rules = game.rules
    return next(iter(rules.planner.figure_commands(game, game.state.figures[fid], "halt")))


def test_a_hidden_man_springs_his_ambush_on_a_man_close_in_the_open_then_fires():
    game = german_turn([("us_rifleman", 30, 20)], [("de_rifleman", 30, 28)])  # 8" apart, nothing between
    g = game.state.figures["b1.1"]
    assert game.rules.hidden(g)
    cmd = first(game, "b1.1")
    assert cmd == Command("turn", "b", figure="b1.1", point=game.state.figures["a1.1"].pos)
    assert game.submit(cmd).ok and not game.rules.hidden(g)
    nxt = first(game, "b1.1")
    assert nxt.kind == "fire" and nxt.target == "a1.1" and nxt.choice == "unaimed"


def test_a_hidden_man_stays_hidden_when_the_shot_is_poor():
    # 38" off behind a hedge: 5 + 4 (range) + 2 (hindrance)... under the spring chance
    game = german_turn([("us_rifleman", 30, 10)], [("de_rifleman", 30, 48)])
    cmd = first(game, "b1.1")
    assert cmd.kind == "hold" and game.rules.planner.ambush_target(game, game.state.figures["b1.1"],
                                                                   game.rules.known_enemies(game, "b")) is None


def test_small_arms_hold_their_opportunity_fire_at_a_tank_and_take_it_at_a_man():
    game = german_turn([("sherman", 30, 20), ("us_rifleman", 34, 20)], [("de_rifleman", 30, 28), ("de_schreck", 32, 28)], hidden=False)
    planner = game.rules.planner
    tank, man = "a1.1", "a1.2"
    # opportunity fire is a small arm's (the Panzerschreck gunner's pistol): it cannot harm the tank
    assert game.rules.firing.weapon(game.state.figures["b1.2"])[0] == "pistol"
    at_tank = [(f"{f} fires", Command("opportunity", "b", figure=f, target=tank)) for f in ("b1.1", "b1.2")]
    at_tank.append(("Hold fire", Command("hold_fire", "b", target=tank)))
    assert planner.decide(game, "b", at_tank).kind == "hold_fire"
    at_man = [("fires", Command("opportunity", "b", figure="b1.1", target=man)), ("Hold fire", Command("hold_fire", "b", target=man))]
    assert planner.decide(game, "b", at_man) == at_man[0][1]


def holding(game, side="b"):
    """``side`` is the scenario's winner if nothing else happens: the AI holds its ground
    (interpretation solo-defenders)."""
    game.state.attrs[StateKey.VICTORY]["otherwise"] = side
    return game


def test_a_defender_with_no_shot_steps_to_where_it_sees_the_tank_then_fires_at_it():
    # a bocage bank (3" high, over a standing man's eye) between the Panzerschreck and the tank;
    # a step forward to a diagonal brings him to the bank (within 1" of it he looks over it), not
    # over it (that would cost a d3 more), and leaves the tank in the front arc the step faces
    bank = [{"type": "hedge", "name": "Bank", "height": 3, "line": [[20, 25], [31.5, 25]]}]
    game = holding(_german_turn_on(bank, [("sherman", 30, 15)], [("de_schreck", 30, 28)]))
    rules, st = game.rules, game.state
    gunner, tank = st.figures["b1.1"], st.figures["a1.1"]
    enemies = rules.known_enemies(game, "b")
    assert not rules.sight.line(game, gunner, tank).visible and list(rules.planner.shots(game, gunner, enemies)) == []
    cmd = first(game, "b1.1")
    assert cmd.kind == "move" and len(cmd.path) == 1
    assert abs(hypot(cmd.path[0][0] - gunner.x, cmd.path[0][1] - gunner.y) - rules.mm(3.0)) < 0.01
    assert cmd.path[0][1] < gunner.y and abs(cmd.path[0][0] - gunner.x) > rules.mm(2)  # forward, to a diagonal
    assert rules.moving.obstacles(game, [gunner.pos, cmd.path[0]]) == []
    assert game.submit(cmd).ok and rules.points(game, gunner) == 3
    assert rules.sight.sees(game, gunner, tank).visible  # in sight and in its arc: no turn needed
    nxt = first(game, "b1.1")
    assert nxt.kind == "fire" and nxt.target == "a1.1" and dict(nxt.options)["weapon"] == "panzerschreck"


def test_a_defender_does_not_step_over_the_bocage_when_the_step_leaves_no_points_for_the_shot():
    # the Ambush's lane: a Panzerschreck 1.5" behind the lane's bocage (3", over a man's eye),
    # the Sherman down the lane out of his sight. Only a step over the bocage into the lane would
    # show it him, and it costs 1 point and a d3 (2 on average) of his 4: under the shot's 3. He
    # would stand found in the lane with no shot for the Americans' turn: he holds instead
    lane = [{"type": "hedge", "name": "Bocage", "height": 3, "line": [[27.5, 50], [27.5, 10]]},
            {"type": "hedge", "name": "Bocage", "height": 3, "line": [[32.5, 50], [32.5, 10]]}]
    game = holding(_german_turn_on(lane, [("sherman", 30, 40)], [("de_schreck", 34, 26)]))
    rules, gunner, tank = game.rules, game.state.figures["b1.1"], game.state.figures["a1.1"]
    gunner.facing = 180.0  # towards the lane
    enemies = rules.known_enemies(game, "b")
    assert rules.points(game, gunner) == 4 and not rules.sight.line(game, gunner, tank).visible
    assert list(rules.planner.shots(game, gunner, enemies)) == []
    assert rules.planner.firing_positions(game, gunner, enemies) == []
    assert first(game, "b1.1") == Command("hold", "b", figure="b1.1")


def test_the_firing_place_answer_is_worked_out_again_when_the_weapons_change():
    # kept between commands under a key that names the figure's weapons: a Panzerschreck gunner
    # left with his pistol (a Panzerfaust fired, a prisoner escaped) has no step to take at a tank
    bank = [{"type": "hedge", "name": "Bank", "height": 3, "line": [[20, 25], [31.5, 25]]}]
    game = holding(_german_turn_on(bank, [("sherman", 30, 15)], [("de_schreck", 30, 28)]))
    rules, gunner = game.rules, game.state.figures["b1.1"]
    enemies = rules.known_enemies(game, "b")
    assert rules.planner.firing_positions(game, gunner, enemies)
    gunner.weapons = ["pistol"]
    assert rules.planner.firing_positions(game, gunner, enemies) == []


def test_a_defender_with_nothing_to_fire_at_in_the_open_goes_back_to_cover():
    # a Panzerschreck gunner in the open, the only enemy an American 26" off: his rocket does not
    # harm a man and his pistol reaches 12", so no shot and no step to one; a wall 3" behind
    # him: he moves back to it (away from the enemy, ending in its cover), not holding in the open
    wall = [{"type": "wall", "name": "Wall", "line": [[25, 31], [35, 31]]}]
    game = holding(_german_turn_on(wall, [("us_rifleman", 30, 2)], [("de_schreck", 30, 28)]))
    rules, g, man = game.rules, game.state.figures["b1.1"], game.state.figures["a1.1"]
    enemies = rules.known_enemies(game, "b")
    assert list(rules.planner.shots(game, g, enemies)) == [] and rules.planner.firing_positions(game, g, enemies) == []
    assert not rules.morale.in_cover(game, g.pos)
    cmd = first(game, "b1.1")
    assert cmd.kind == "move"
    end = cmd.path[-1]
    assert rules.morale.in_cover(game, end) and hypot(end[0] - man.x, end[1] - man.y) > hypot(g.x - man.x, g.y - man.y)
    assert game.submit(cmd).ok and rules.morale.in_cover(game, g.pos)


def test_a_defender_with_a_man_in_sight_behind_it_turns_and_fires_rather_than_stepping():
    # a wall at his back-side front: the American 10" off in the open is in sight but behind him
    wall = [{"type": "wall", "name": "Wall", "line": [[26, 29], [34, 29]]}]
    game = holding(_german_turn_on(wall, [("us_rifleman", 30, 18)], [("de_rifleman", 30, 29.8)]))
    rules, g, man = game.rules, game.state.figures["b1.1"], game.state.figures["a1.1"]
    g.facing = 90.0  # facing away from him
    assert rules.sight.line(game, g, man).visible and not rules.sight.in_arc(g, man.pos)
    cmd = first(game, "b1.1")
    assert cmd == Command("turn", "b", figure="b1.1", point=man.pos)
    assert game.submit(cmd).ok
    nxt = first(game, "b1.1")
    assert nxt.kind == "fire" and nxt.target == "a1.1"


def test_an_attacker_or_a_defender_with_a_shot_does_not_shift():
    bank = [{"type": "hedge", "name": "Bank", "height": 3, "line": [[20, 25], [31.5, 25]]}]
    game = _german_turn_on(bank, [("sherman", 30, 15)], [("de_schreck", 30, 28)])  # nobody holds: no shifting on Halt
    assert game.state.attrs[StateKey.VICTORY].get("otherwise") != "b"
    assert first(game, "b1.1").kind == "hold"
    game = holding(_german_turn_on([], [("sherman", 30, 15)], [("de_schreck", 30, 28)]))  # in plain sight
    cmd = first(game, "b1.1")
    assert cmd.kind == "fire" and cmd.target == "a1.1"


def _german_turn_on(terrain, a, b):
    game = table_game(a, b, terrain=terrain)
    assert game.submit(Command(END_PHASE, "a")).ok and game.state.active_side == "b"
    return game


def test_a_squad_with_a_bar_is_not_a_support_weapon_for_the_solo_chart():
    # interpretation solo-support-weapons: a crew or a mortar halts and fires; a squad whose BAR
    # needs a loader (L94-96) carries out Advance and Attack like any team
    doc = small_map([unit("a1", [("us_nco", 10, 10), ("us_rifleman", 11, 10), ("us_bar", 12, 10)]),
                     unit("a2", [("us_mortar", 20, 10), ("us_mortar", 21, 10)])],
                    [unit("b1", [("de_mg42", 10, 50), ("de_rifleman", 11, 50)], kind="crew"),
                     unit("b2", [("de_mg42", 20, 50), ("de_rifleman", 21, 50)])],
                    ruleset="ww2-135", size=(60, 60))
    game = make_unfinished_game(doc)
    units = game.state.units
    support = {u: game.rules.profile(game, units[u]).support_weapon for u in ("a1", "a2", "b1", "b2")}
    assert support == {"a1": False, "a2": True, "b1": True, "b2": False}


def test_portal_markers_are_in_sight_by_this_rulesets_sight_not_the_plain_line():
    # interpretation solo-sight: a marker inside a farmhouse with no door or window towards the
    # American, and one behind a bocage bank higher than a standing man's eye, are out of his
    # sight (the plain line of sight of the table sees into the house and over the bank); a
    # marker in the open field is in sight; a hidden American sees none
    terrain = [
        {"type": "building", "name": "Farm", "polygon": [[10, 10], [20, 10], [20, 16], [10, 16]],
         "openings": [{"kind": "door", "at": [15, 10], "width": 1.5}]},
        {"type": "hedge", "name": "Bank", "height": 3, "line": [[30, 20], [50, 20]]},
    ]
    doc = small_map([unit("a1", [("us_rifleman", 15, 40), ("us_rifleman", 40, 40)])], [unit("b1", [("de_rifleman", 40, 5)])],
                    terrain=terrain, ruleset="ww2-135", size=(60, 60))
    doc["portals"] = [{"side": "b", "at": [15, 13]}, {"side": "b", "at": [40, 18]}, {"side": "b", "at": [5, 25]}]
    game = make_unfinished_game(doc, options={"solo_side": "b"})
    markers = sorted(m.id for m in game.state.markers.values())
    by_place = {marker_pos(game.state.markers[m]): m for m in markers}
    mm = game.rules.mm
    house, bank, field = (by_place[(mm(15), mm(13))], by_place[(mm(40), mm(18))], by_place[(mm(5), mm(25))])
    us = [f for f in game.state.figures.values() if f.side == "a"]
    plain, _ = table_visibility(game, [f.pos for f in us], [marker_pos(game.state.markers[m]) for m in (house, bank)])
    assert plain.any(axis=0).all()  # the table's plain sight sees both
    assert sorted(m.id for m in in_sight(game)) == [field]
    for f in us:
        f.markers[W135FigMark.HIDDEN] = True
    assert in_sight(game) == []
    # a counter "spots an enemy or is spotted": a man at the field marker's place sees the hidden
    # Americans in the open (hiding keeps a man unseen only behind hard cover, L49)
    field_at = marker_pos(game.state.markers[field])
    assert not visibility(game, us, [field_at])[0].any() and visibility(game, us, [field_at], both_ways=True)[0].all()


def test_the_sight_of_a_place_is_not_read_back_for_a_bigger_base_standing_there():
    # a man at the place, 2" behind a bank higher than his eye, is out of sight; a tank standing
    # on the same spot has its base at the bank and is seen over it: the kept sight lines tell
    # them apart by the bases
    bank = [{"type": "hedge", "name": "Bank", "height": 3, "line": [[20, 25], [40, 25]]}]
    game = table_game([("us_rifleman", 30, 15)], [("panzer_iv", 30, 27)], terrain=bank)
    rules, us, tank = game.rules, game.state.figures["a1.1"], game.state.figures["b1.1"]
    vis, _ = rules.solo_sight(game, [us], [tank.pos])
    assert not vis[0, 0]
    assert rules.sight.line(game, us, tank).visible == rules.sight._line(game, us, tank).visible is True


def test_a_whole_house_fight_from_portal_markers_plays_by_this_rulesets_sight():
    # House to House with the German section behind portal markers in the farmhouse and barn
    # corners (out of the Americans' sight by this ruleset's sight: validate warns of none), the
    # solo AI playing them against the random player: the markers come into sight, the force
    # table is rolled and its teams fight, and the game ends
    doc = load_yaml("maps/ww2-135-house-to-house.yaml")
    doc.data["portals"] = [{"side": "german", "at": at} for at in ([14.7, 16.3], [23.3, 16.3], [31, 14], [19, 9])] + \
        [{"side": "german", "at": at, "dummy": True} for at in ([37, 14], [31, 9], [5.5, 4.5], [34, 7])]
    lm = load_map_doc(doc)
    assert portal_warnings(lm.model, lm.ruleset.build_table(lm.model), map_sight(lm)) == []
    plain = portal_warnings(lm.model, lm.ruleset.build_table(lm.model))
    assert any("[0]" in w and "in sight" in w for w in plain)  # the plain line sees into the farmhouse
    game = simulated_game(lm, 8, "random", "ai")  # seed 8: a force comes out of a marker
    st = game.state
    assert st.over and st.attrs[SoloKey.SOLO]["made"] > 0
    rolls = [e.roll for e in game.log.events if e.roll and e.roll.reason.startswith("Enemy force generation")]
    assert rolls and any(f.side == "german" for f in st.figures.values())


def test_the_risk_factors_see_enemies_by_this_rulesets_sight():
    # interpretation solo-sight: a German 10" beyond a bocage bank higher than a standing man's
    # eye is not "in sight" of the American unit (the table's plain line sees over the bank, a
    # hedge hindering only), so "no enemy in sight" applies; with no bank he is in sight; a
    # hidden American sees no one (L55)
    bank = [{"type": "hedge", "name": "Bank", "height": 3, "line": [[20, 25], [40, 25]]}]
    figs_a, figs_b = [("us_rifleman", 30, 15), ("us_rifleman", 32, 15)], [("de_rifleman", 30, 35)]

    def factors(terrain, hidden=False):
        game = table_game(figs_a, figs_b, terrain=terrain, friends=False)
        us = [f for f in game.state.figures.values() if f.side == "a"]
        for f in us:
            if hidden:
                f.markers[W135FigMark.HIDDEN] = True
        de = game.state.figures["b1.1"]
        return game, us, de, [fid for fid, _, _ in game.rules.risk_factors(game, game.state.units["a1"])]

    game, us, de, ids = factors(bank)
    assert game.rules.los(game, us[0], de).visible  # the plain line of sight
    assert not game.rules.sight.line(game, us[0], de).visible
    assert "no_enemy" in ids
    assert "no_enemy" not in factors(None)[3]
    assert "no_enemy" in factors(None, hidden=True)[3]


def test_the_cover_a_unit_has_from_its_nearest_enemy_is_this_rulesets():
    # two Americans in a house leaning out of its window (L282: soft cover, not the building's
    # hard), the German outside: the unit's cover from him is soft by this ruleset's sight,
    # where the table's plain line of sight gives the building's hard cover
    house = {"type": "building", "id": "house", "polygon": [[30, 30], [40, 30], [40, 38], [30, 38]],
             "openings": [{"kind": "window", "at": [40, 34], "width": 1.5}]}
    game = table_game([("us_rifleman", 39, 34), ("us_rifleman", 39, 35)], [("de_rifleman", 50, 34.5)], terrain=[house],
                      friends=False, face=False)
    rules = game.rules
    us = [f for f in game.state.figures.values() if f.side == "a"]
    de = game.state.figures["b1.1"]
    for f in us:
        f.markers[W135FigMark.LEANING] = True
    assert [rules.los(game, de, f).cover for f in us] == [2, 2]
    assert [rules.sight.line(game, de, f).cover for f in us] == [1, 1]
    assert rules.cover_from_enemy(game, us, [de]) == "soft"


def test_the_planner_drops_only_moves_its_own_men_block():
    # three Americans in a file facing a German 30" off: the moves the planner tries for the man
    # at the back, with his friends' bases and without them; every move it dropped is refused by
    # the move's own check as blocked by a friend, and none it kept is
    game = table_game([("us_rifleman", 30, 10), ("us_rifleman", 30, 11.2), ("us_rifleman", 31.5, 12.5)],
                      [("de_rifleman", 30, 40)], friends=False)
    planner, back, german = game.rules.planner, game.state.figures["a1.1"], game.state.figures["b1.1"]
    kept = planner.moves(game, back, [german], away=False)
    friends = [g for g in game.state.side_figures("a") if g.id != back.id]
    for g in friends:
        g.life = DEAD
    unhindered = planner.moves(game, back, [german], away=False)
    for g in friends:
        g.life = ACTIVE
    dropped = [c for c in unhindered if c not in kept]
    assert dropped and kept and [c for c in unhindered if c in kept] == kept
    for c in dropped:
        why = game.check(c)
        assert why is not None and "blocked by Rifleman" in str(why), (c, why)
    for c in kept:
        assert "blocked by" not in str(game.check(c) or "")


def test_a_grenade_at_a_man_behind_a_bank_lands_on_the_near_side_of_it():
    # a German at a bocage bank 3" high (higher than a man's eye), an American 8" off on the other
    # side: he may not throw at the German's own place (L145: just behind an obstacle over 1" away;
    # and a man standing there would not be seen, interpretation point-sight), so the AI throws at
    # the nearest place inside the burst's radius that he may throw at, on the near side of the bank
    bank = [{"type": "hedge", "name": "Bank", "height": 3, "line": [[20, 25], [40, 25]]}]
    game = table_game([("us_rifleman", 30, 17)], [("de_rifleman", 30, 25.6)], terrain=bank)
    rules, us, g = game.rules, game.state.figures["a1.1"], game.state.figures["b1.1"]
    assert rules.sight.line(game, us, g).cover > 0
    assert game.check(Command("throw", "a", figure=us.id, point=g.pos)) is not None
    throws = [c for c in rules.planner.shots(game, us, [g]) if c.kind == "throw"]
    assert len(throws) == 1
    (x, y) = throws[0].point
    assert y < 25 * 25.4 and hypot(x - g.x, y - g.y) <= 2.5 * 25.4   # short of the bank, the German inside the burst
    force(game, 3, 2, 6, 6)   # 5-10" off: 3 lands on target (L161); the grenade die: BANG; the German rolls 12
    assert game.submit(throws[0]).ok
    assert not g.alive   # caught by the burst on the near side of his bank (L156: 7-12 killed)


def test_the_ai_throws_no_grenade_whose_burst_could_catch_itself():
    # the German behind his bank 3.1" off: his own place is barred (just behind the bank, L145) and
    # the places 1" and 2" back lie within the burst's 2.5" of the thrower: no throw proposed; from
    # 8" off the 2" back place is clear of him and proposed
    bank = [{"type": "hedge", "name": "Bank", "height": 3, "line": [[20, 25], [40, 25]]}]
    near = table_game([("us_rifleman", 30, 22.5)], [("de_rifleman", 30, 25.6)], terrain=bank)
    us, g = near.state.figures["a1.1"], near.state.figures["b1.1"]
    assert near.rules.sight.line(near, us, g).cover > 0
    assert [c for c in near.rules.planner.shots(near, us, [g]) if c.kind == "throw"] == []
    far = table_game([("us_rifleman", 30, 17.6)], [("de_rifleman", 30, 25.6)], terrain=bank)
    us2, g2 = far.state.figures["a1.1"], far.state.figures["b1.1"]
    assert [c.kind for c in far.rules.planner.shots(far, us2, [g2])].count("throw") == 1


def chart_rout(monkeypatch, game, uid="b1"):
    """Side b's team rolls the chart at RF9 and gets a 1: Rout."""
    monkeypatch.setattr(type(game.rules), "risk_factors", lambda self, g, u: [("test", 9, "scripted")])
    force(game, 1)
    assert game.submit(Command("solo_orders", "b", unit=uid)).ok
    monkeypatch.undo()
    return game.state.units[uid]


def test_a_chart_rout_falls_back_and_neither_fires_nor_holds_and_counts_in_rout_next_time(monkeypatch):
    """"Rout: Unit will run at move (+5cms) away from the nearest enemy unit(s), it may
    neither fight nor shoot" (interpretation chart-rout): the figures' commands are moves
    away only, and at its next roll the team has "4: Unit in rout"."""
    game = german_turn([("us_rifleman", 30, 20)], [("de_rifleman", 30, 28), ("de_rifleman", 32, 28)], hidden=False)
    u = chart_rout(monkeypatch, game)
    assert u.markers[SoloKey.ORDER] == "rout" and game.rules.routed(game, u)
    for fid in ("b1.1", "b1.2"):
        f = game.state.figures[fid]
        cmds = list(game.rules.planner.figure_commands(game, f, "rout"))
        assert cmds and {c.kind for c in cmds} <= {"move", "crawl"}, cmds
        end = cmds[0].path[-1]
        assert hypot(end[0] - 30 * 25.4, end[1] - 20 * 25.4) > hypot(f.x - 30 * 25.4, f.y - 20 * 25.4)  # away
    assert ("rout", 4) in [(fid, v) for fid, v, _ in game.rules.risk_factors(game, u)]


def test_a_team_surrounded_when_the_chart_routs_it_surrenders(monkeypatch):
    """"If surrounded, they surrender": each man is the prisoner of the nearest enemy
    (L244), and a team with a way out does not."""
    ring = [("us_rifleman", 30 + dx, 30 + dy) for dx, dy in ((0, -6), (6, 0), (0, 6), (-6, 0))]
    game = german_turn(ring, [("de_rifleman", 30, 30), ("de_rifleman", 31, 30)], hidden=False)
    chart_rout(monkeypatch, game)
    assert all(game.state.figures[f].life == "captured" for f in ("b1.1", "b1.2"))
    assert game.state.figures["b1.1"].attrs.get("prisoner_of") in {"a1.1", "a1.2", "a1.3", "a1.4"}
    game = german_turn(ring[:2], [("de_rifleman", 30, 30), ("de_rifleman", 31, 30)], hidden=False)
    chart_rout(monkeypatch, game)
    assert all(game.state.figures[f].life == ACTIVE for f in ("b1.1", "b1.2"))


def test_a_team_falling_back_halts_in_the_nearest_cover(monkeypatch):
    """Up to RF0, 5-6: "Units falling back away from the enemy will halt in the nearest
    cover" (solo reading fall-back-halt): a man in the open with a wood 2" behind him
    moves into it first; the plain Halt does not move him."""
    wood = {"type": "wood", "polygon": [[26, 31], [34, 31], [34, 36], [26, 36]]}
    for take_cover in (True, False):
        game = table_game([("us_rifleman", 30, 20)], [("de_rifleman", 30, 29)], terrain=[wood])
        assert game.submit(Command(END_PHASE, "a")).ok and game.state.active_side == "b"
        u = game.state.units["b1"]
        u.markers[SoloKey.ORDER] = "halt"
        if take_cover:
            u.markers[SoloKey.TAKE_COVER] = True
        first_cmd = next(iter(game.rules.planner.figure_commands(game, game.state.figures["b1.1"], "halt")))
        if take_cover:
            assert first_cmd.kind == "move" and game.rules.morale.in_cover(game, first_cmd.path[-1]), first_cmd
        else:
            assert first_cmd.kind != "move", first_cmd
