"""The solo AI's orders carried out in WW2 Skirmish (game/rulesets/ww2_skirmish/ai.py):
scripted small situations; the AI works only from what its side has spotted."""

from game.core.commands import Command
from game.rulesets.ww2_skirmish.options import options
from tests.rulesets.helpers import make_game, small_map, unit

IN = 25.4


def wgame(a, b, terrain=None):
    return make_game(small_map(a, b, terrain=terrain, ruleset="ww2-skirmish", size=(48, 48)), seed=2)


def orders(game, uid, order):
    u = game.state.units[uid]
    u.markers["solo_order"] = order
    u.markers["solo_turn"] = game.state.turn
    return list(game.rules.planner.unit_commands(game, u.side, u, {}))


def see(game, side, *fids):
    for fid in fids:
        game.rules.spotting.mark_spotted(game, side, game.state.figures[fid], "sight")


US = [unit("a1", [("us_rifleman", 22, 40), ("us_rifleman", 24, 40), ("us_nco", 26, 40)])]
WALL = {"type": "building", "rect": {"x": 30, "y": 27, "w": 6, "h": 2}}


def test_a_halted_team_fires_first_at_the_target_in_the_open():
    b = [unit("b1", [("ger_rifleman", 14, 30), ("ger_rifleman", 16, 30)]),  # in the open, 10" away
         unit("b2", [("ger_rifleman", 33, 26)])]  # behind a building: hard cover from the team
    game = wgame(US, b, terrain=[WALL])
    see(game, "a", "b1.1", "b1.2", "b2.1")
    cmds = [c for c in orders(game, "a1", "halt") if c.kind in ("fire", "fire_team", "volley")]
    assert cmds and cmds[0].target == "b1"
    assert not any(c.kind == "move_unit" for c in orders(game, "a1", "halt"))


def test_unspotted_enemies_change_nothing():
    b = [unit("b1", [("ger_rifleman", 24, 4)])]
    wood = {"type": "wood", "polygon": [[20, 0], [28, 0], [28, 8], [20, 8]]}
    game = wgame(US, b, terrain=[wood])
    assert "b1.1" not in game.rules.spotting.spotted(game, "a")
    first = orders(game, "a1", "advance")
    game.state.figures["b1.1"].x += 3 * IN  # the hidden figure moves: the AI cannot know
    assert orders(game, "a1", "advance") == first
    assert not any(c.kind == "fire" for c in first)


def test_a_routing_order_runs_for_home_and_never_fires():
    b = [unit("b1", [("ger_rifleman", 24, 30)])]
    game = wgame(US, b)
    see(game, "a", "b1.1")
    cmds = orders(game, "a1", "rout")
    assert [c.kind for c in cmds] == ["move_unit"]
    assert cmds[0].point[1] > game.state.figures["a1.1"].y  # south: the home edge


def test_an_advance_moves_once_toward_the_enemy_then_fires():
    b = [unit("b1", [("ger_rifleman", 24, 20)])]
    game = wgame(US, b)
    see(game, "a", "b1.1")
    cmds = orders(game, "a1", "advance")
    moves = [c for c in cmds if c.kind == "move_unit"]
    # one move, offered in dispersed order first and plain after (the referee takes the
    # first it accepts): the same point, toward the enemy
    assert [m.choice for m in moves] == ["dispersed", None] and len({m.point for m in moves}) == 1
    assert moves[0].point[1] < game.state.figures["a1.1"].y
    res = game.submit(moves[0])
    assert res.ok
    assert not any(c.kind == "move_unit" for c in list(game.rules.planner.unit_commands(game, "a", game.state.units["a1"], {})))


def test_a_tripod_mg_team_halts_and_fires_instead_of_advancing():
    mg = [unit("a1", [("us_mg_gunner", 22, 40), ("us_mg_loader", 23.5, 40), ("us_mg_loader", 25, 40)])]
    b = [unit("b1", [("ger_rifleman", 24, 20)])]
    game = wgame(mg, b)
    see(game, "a", "b1.1")
    assert game.rules.profile(game, game.state.units["a1"]).support_weapon
    cmds = orders(game, "a1", "advance")
    assert not any(c.kind == "move_unit" for c in cmds) and any(c.kind == "fire" for c in cmds)


def test_reaction_fire_only_when_the_shot_is_worth_it():
    b = [unit("b1", [("ger_rifleman", 24, 36)])]
    game = wgame(US, b)
    rules = game.rules
    good = Command("fire", "b", figure="b1.1", target="a1", options=options(shot="unaimed"))
    hold = Command("hold_fire", "b", target="a1", choice="turn")
    assert rules.planner.shot_worth(game, good) > 0.12
    assert rules.planner.decide(game, "b", [("fire", good), ("hold", hold)]) == good
    far = wgame(US, [unit("b1", [("ger_rifleman", 24, 1)])])  # 39" away: long range, a 19 to hit
    weak = Command("fire", "b", figure="b1.1", target="a1", options=options(shot="unaimed"))
    assert far.rules.planner.shot_worth(far, weak) < 0.12
    assert far.rules.planner.decide(far, "b", [("fire", weak), ("hold", hold)]) == hold


def test_afv_situation_counts_infantry_near_and_a_lone_tank():
    tank = [unit("a1", [("us_sherman", 24, 40)], kind="vehicle")]
    b = [unit("b1", [("ger_rifleman", 24, 4)])]
    game = wgame(tank, b)
    s = game.rules.afv_situation(game, game.state.units["a1"])
    assert s["alone"] == 1 and s["infantry_near"] == 0 and s["no_main_gun"] == 0 and s["no_weapons"] == 0
    game = wgame(tank + [unit("a2", [("us_rifleman", 27, 40)])], b)
    s = game.rules.afv_situation(game, game.state.units["a1"])
    assert s["infantry_near"] == 1 and s["alone"] == 0 and s["damaged"] == 0
    v = game.state.figures["a1.1"]
    v.markers["wrecked"] = [v.weapons[-1]]  # "-1 pt: Damaged vehicle" (L369): a weapon wrecked is damage
    assert game.rules.afv_situation(game, game.state.units["a1"])["damaged"] == 1


def test_afv_hull_down_behind_cover_from_the_nearest_known_enemy_counts_as_advancing():
    """AFV solo movement, "1 pt: Advancing, or in hull down position" (interpretation
    afv-hull-down): cover on the line from the nearest enemy its side knows of."""
    tank = [unit("a1", [("us_sherman", 24, 36)], kind="vehicle")]
    b = [unit("b1", [("ger_rifleman", 24, 4)])]
    wall = [{"type": "wall", "line": [[18, 35.2], [30, 35.2]]}]  # within its 1" cover reach of the hull's centre
    for terrain, hull_down in ((None, 0), (wall, 1)):
        game = wgame(tank, b, terrain)
        game.state.units["a1"].markers["solo_order"] = "halt"
        assert game.rules.afv_situation(game, game.state.units["a1"])["advancing"] == 0  # no enemy known yet
        see(game, "a", "b1.1")
        assert game.rules.afv_situation(game, game.state.units["a1"])["advancing"] == hull_down


def test_an_attacker_blinds_a_spotted_machine_gun_with_smoke():
    mortar = [unit("a1", [("brit_2in_mortar", 22, 40), ("brit_mortar_loader", 23.5, 40)])]
    b = [unit("b1", [("ger_mg_gunner", 24, 20), ("ger_mg_loader", 25.5, 20)])]
    game = wgame(mortar, b)
    see(game, "a", "b1.1", "b1.2")
    cmds = orders(game, "a1", "halt")
    smoke = [c for c in cmds if c.kind == "blast" and c.option("round") == "smoke"]
    assert smoke and smoke[0].point == (round(24 * IN, 2), round(20 * IN, 2))
    assert game.check(smoke[0]) is None
    game.state.attrs["victory"]["otherwise"] = "a"  # a side that wins by holding on makes no smoke
    assert not any(c.kind == "blast" and c.option("round") == "smoke" for c in orders(game, "a1", "halt"))


def test_the_shot_the_ai_picks_is_planned_once(monkeypatch):
    """The AI's check of its shot on the real game is handed on to submit, and the
    apply reads the plan the check worked out: neither works it out again."""
    from game.catalog import MAPS_DIR, load_map, new_game
    from game.rulesets.ww2_skirmish.fire import Ww2Firing
    from game.rulesets.ww2_skirmish.options import Ww2Options
    from game.simulate import make_player

    game = new_game(load_map(MAPS_DIR / "ww2-village-hauteville.yaml"), 1)
    players = {s: make_player("ai", 10 + i) for i, s in enumerate(game.state.side_order)}
    planned: list = []
    real = Ww2Firing.work_out_shot

    def work_out_shot(self, g, firer, target, opts, strict):
        planned.append((g, firer, target, opts, strict))
        return real(self, g, firer, target, opts, strict)

    monkeypatch.setattr(Ww2Firing, "work_out_shot", work_out_shot)
    for _ in range(400):
        cmd = players[game.acting_side].choose(game, game.acting_side)
        if cmd.kind == "fire" and game.rules.decision(game) is None:  # (after a reaction shot its firer may be asked again)
            break
        assert game.submit(cmd).ok
    assert cmd.kind == "fire" and game.rules.decision(game) is None
    mine = (game, cmd.figure, cmd.target, Ww2Options.of(cmd), True)
    assert mine in planned  # the AI's own check on the real game
    del planned[:]
    assert game.submit(cmd).ok
    assert mine not in planned


def _set(game, uid, order):
    u = game.state.units[uid]
    u.markers["solo_order"] = order
    u.markers["solo_turn"] = game.state.turn


def test_teams_that_stay_spot_before_any_team_acts_and_those_ordered_forward_look_after_moving():
    us = [unit("a1", [("us_rifleman", 10, 40), ("us_rifleman", 12, 40)]),
          unit("a2", [("us_rifleman", 34, 40), ("us_rifleman", 36, 40)]),
          unit("a3", [("us_mg_gunner", 22, 42), ("us_mg_loader", 23.5, 42), ("us_mg_loader", 25, 42)])]
    game = wgame(us, [unit("b1", [("ger_rifleman", 24, 20)])])
    _set(game, "a1", "halt")
    _set(game, "a2", "advance")
    _set(game, "a3", "advance")  # a tripod MG: halts and fires instead
    planner = game.rules.planner
    assert [c.unit for c in planner.side_commands(game, "a")] == ["a1", "a3"]
    assert all(c.kind == "spot" for c in planner.side_commands(game, "a"))
    assert planner.side_commands(game, "b") == []  # not that side's turn
    _set(game, "a1", "rout")
    assert [c.unit for c in planner.side_commands(game, "a")] == ["a3"]
    _set(game, "a1", "retreat")  # moving away: it looks from nearer first
    assert [c.unit for c in planner.side_commands(game, "a")] == ["a1", "a3"]
    for c in planner.side_commands(game, "a"):
        assert game.submit(c).ok
    assert [c.unit for c in planner.side_commands(game, "a")] == []  # each figure looks once a turn
