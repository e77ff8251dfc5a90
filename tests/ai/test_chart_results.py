"""The solo action chart's results carried out as ww2-skirmish-solo.txt gives them
("Solo rules", the action chart and its result definitions), in WW2 Skirmish: Rout,
the falling-back Halt in cover, Retreat, Advance in dispersed order. Forced dice and
small scripted tables (the Great War and WWIFY: test_chart_results_ww1.py)."""


from game.core.commands import Command
from game.rulesets.ww2_skirmish.options import options
from game.solo.retreat import halt_cover_goal, retreat_goal, surrounded
from tests.rulesets.helpers import force, make_game, ok, small_map, unit

IN = 25.4


def wgame(a, b, terrain=None):
    return make_game(small_map(a, b, terrain=terrain, ruleset="ww2-skirmish", size=(48, 48)), seed=2)


def see(game, side, *fids):
    for fid in fids:
        game.rules.spotting.mark_spotted(game, side, game.state.figures[fid], "sight")


def scripted_rf(monkeypatch, game, rf):
    monkeypatch.setattr(type(game.rules), "risk_factors", lambda self, g, u: [("test", rf, "scripted")])


def planned(game, uid):
    u = game.state.units[uid]
    return list(game.rules.planner.unit_commands(game, u.side, u, {}))


def centre(game, uid):
    figs = [f for f in game.state.unit_figures(uid)]
    return (sum(f.x for f in figs) / len(figs) / IN, sum(f.y for f in figs) / len(figs) / IN)


TEAM = [unit("a1", [("us_rifleman", 22, 30), ("us_rifleman", 24, 30), ("us_nco", 26, 30)])]


def test_chart_rout_marks_the_team_routing_it_flees_8_inches_and_may_not_fire(monkeypatch):
    """"Rout: Unit will run at move (+5cms) away from the nearest enemy unit(s), it may
    neither fight nor shoot." (interpretation chart-rout): WW2's own rout, 6" + 5 cm at
    once away from the nearest known enemy; "4: Unit in rout" next time."""
    game = wgame(TEAM, [unit("b1", [("ger_rifleman", 24, 14)])])
    see(game, "a", "b1.1")
    scripted_rf(monkeypatch, game, 7)
    y0 = centre(game, "a1")[1]
    force(game, 1)  # RF6-8, 1: Rout
    ok(game, Command("solo_orders", "a", unit="a1"))
    u = game.state.units["a1"]
    assert u.markers["solo_order"] == "rout" and game.rules.routing(u)
    assert abs(centre(game, "a1")[1] - y0 - (6 + 5 / 2.54)) < 0.05  # straight south, away from b1
    monkeypatch.undo()
    assert ("rout", 4) in [(fid, v) for fid, v, _ in game.rules.risk_factors(game, u)]
    res = game.submit(Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    assert not res.ok and "rout" in res.reason
    assert not any(c.kind in ("fire", "move_unit") for c in planned(game, "a1"))


def test_a_chart_rout_runs_each_figure_at_its_own_speed(monkeypatch):
    """The chart's Rout as WW2's routers flee (L92, L46-50): each figure its own move plus
    5 cm, a wounded rifleman 4" + 5 cm, the others 6" + 5 cm."""
    game = wgame(TEAM, [unit("b1", [("ger_rifleman", 24, 14)])])
    game.state.figures["a1.1"].wounds = 1
    see(game, "a", "b1.1")
    scripted_rf(monkeypatch, game, 7)
    ys = [f.y / IN for f in game.state.unit_figures("a1")]
    force(game, 1)  # RF6-8, 1: Rout
    ok(game, Command("solo_orders", "a", unit="a1"))
    ran = [round(f.y / IN - y, 2) for f, y in zip(game.state.unit_figures("a1"), ys, strict=True)]
    assert ran == [round(4 + 5 / 2.54, 2), round(6 + 5 / 2.54, 2), round(6 + 5 / 2.54, 2)]


def test_a_surrounded_team_surrenders_on_a_chart_rout(monkeypatch):
    """"If surrounded, they surrender": known enemies within 12" all round it
    (interpretation chart-rout)."""
    b = [unit("b1", [("ger_rifleman", 24, 24)]), unit("b2", [("ger_rifleman", 17, 36)]), unit("b3", [("ger_rifleman", 31, 36)])]
    game = wgame(TEAM, b)
    see(game, "a", "b1.1", "b2.1", "b3.1")
    scripted_rf(monkeypatch, game, 9)
    force(game, 2)  # RF9+, 2: Rout
    ok(game, Command("solo_orders", "a", unit="a1"))
    assert [f.life for f in game.state.unit_figures("a1", alive_only=False)] == ["captured"] * 3
    assert not game.state.unit_alive("a1")


def test_not_surrounded_when_a_way_out_remains():
    c = (0.0, 0.0)
    assert not surrounded(c, [(0.0, -100.0)], 300.0)  # one enemy ahead: run back
    assert not surrounded(c, [(-100.0, 0.0), (100.0, 0.0), (0.0, -100.0)], 300.0)  # both flanks and front: straight back is out
    assert surrounded(c, [(-100.0, 0.0), (100.0, 0.0), (0.0, -100.0), (0.0, 100.0)], 300.0)
    assert surrounded(c, [(-100.0, 10.0), (100.0, 10.0), (0.0, -100.0)], 300.0)  # flanks a little behind and front
    assert not surrounded(c, [(-100.0, 0.0), (100.0, 0.0), (0.0, -100.0), (0.0, 100.0)], 50.0)  # none within reach


def test_unseen_enemies_do_not_surround_a_team(monkeypatch):
    b = [unit("b1", [("ger_rifleman", 24, 24)]), unit("b2", [("ger_rifleman", 17, 36)]), unit("b3", [("ger_rifleman", 31, 36)])]
    woods = [{"type": "wood", "polygon": [[x - 2, 34], [x + 2, 34], [x + 2, 38], [x - 2, 38]]} for x in (17, 31)]
    game = wgame(TEAM, b, terrain=woods)
    see(game, "a", "b1.1")  # only b1 known (b2 and b3 hide in the woods): the team flees south
    assert {f.id for f in game.rules.known_enemies(game, "a")} == {"b1.1"}
    scripted_rf(monkeypatch, game, 9)
    force(game, 2)
    ok(game, Command("solo_orders", "a", unit="a1"))
    assert game.state.unit_alive("a1") and game.rules.routing(game.state.units["a1"])


WALL = {"type": "wall", "line": [[28, 33], [36, 33]]}  # between the team's rear-right and the enemy


def test_falling_back_team_halts_in_the_nearest_cover_facing_the_enemy_on_5_or_6(monkeypatch):
    """Up to RF0: "Units falling back away from the enemy will halt in the nearest cover
    facing the last known enemy position (5,6 D6)" (interpretation fall-back-halt)."""
    for face, order in ((2, "retreat"), (4, "close"), (5, "halt"), (6, "halt")):
        game = wgame(TEAM, [unit("b1", [("ger_rifleman", 30, 14)])], terrain=[WALL])
        see(game, "a", "b1.1")
        u = game.state.units["a1"]
        u.markers["solo_order"] = "retreat"
        scripted_rf(monkeypatch, game, -2)
        force(game, face)
        ok(game, Command("solo_orders", "a", unit="a1"))
        monkeypatch.undo()
        assert u.markers["solo_order"] == order, face
        assert bool(u.markers.get("solo_take_cover")) == (face >= 5)
    assert u.markers["solo_last_enemy"] == [round(30 * IN, 3), round(14 * IN, 3)]
    moves = [c for c in planned(game, "a1") if c.kind == "move_unit"]
    assert moves, "the team goes to the cover"
    p = (moves[0].point[0] / IN, moves[0].point[1] / IN)
    assert p[1] > 33 and 27 <= p[0] <= 37  # behind the wall, seen from the enemy
    assert game.rules.los(game, (30 * IN, 14 * IN), moves[0].point).cover > 0
    assert game.check(moves[0]) is None
    # a Continue keeps the halt in cover; another result ends it
    u.markers["solo_turn"] = 0
    scripted_rf(monkeypatch, game, -2)
    force(game, 1)
    ok(game, Command("solo_orders", "a", unit="a1"))
    assert u.markers["solo_order"] == "halt" and u.markers.get("solo_take_cover")


def test_a_falling_back_tripod_mg_halts_in_the_nearest_cover_too(monkeypatch):
    """The footnote swaps only Advance and Attack for "halt and fire": a tripod MG team
    falling back goes behind the wall as a rifle team does (interpretation
    support-weapons); it fires from there."""
    mg = [unit("a1", [("ger_hmg_gunner", 24, 30), ("ger_mg_loader", 26, 30)])]
    game = wgame(mg, [unit("b1", [("us_rifleman", 30, 14)])], terrain=[WALL])
    see(game, "a", "b1.1")
    u = game.state.units["a1"]
    assert game.rules.profile(game, u).support_weapon
    u.markers["solo_order"] = "retreat"
    scripted_rf(monkeypatch, game, -2)
    force(game, 5)
    ok(game, Command("solo_orders", "a", unit="a1"))
    monkeypatch.undo()
    assert u.markers["solo_order"] == "halt" and u.markers.get("solo_take_cover")
    first = planned(game, "a1")[0]
    assert first.kind == "move_unit" and first.point[1] / IN > 33, first
    assert game.check(first) is None


def test_halt_cover_goal_is_none_without_cover_facing_the_enemy():
    spots = [(0.0, 50.0)]
    assert halt_cover_goal((0.0, 0.0), (0.0, -100.0), spots, 100.0, lambda s, e: False) is None
    assert halt_cover_goal((0.0, 0.0), (0.0, -100.0), spots, 100.0, lambda s, e: True) == (0.0, 50.0)
    assert halt_cover_goal((0.0, 0.0), (0.0, 100.0), spots, 100.0, lambda s, e: True) is None  # toward the enemy


WOOD = {"type": "wood", "polygon": [[14, 34], [22, 34], [22, 40], [14, 40]]}


def test_retreat_goes_to_the_nearest_cover_further_from_every_known_enemy():
    """Retreat: "Unit must move away from the nearest known enemy position, or towards the
    nearest cover further from all enemy units." (interpretation retreat)"""
    game = wgame(TEAM, [unit("b1", [("ger_rifleman", 30, 14)])], terrain=[WOOD])
    see(game, "a", "b1.1")
    game.state.units["a1"].markers["solo_order"] = "retreat"
    moves = [c for c in planned(game, "a1") if c.kind == "move_unit"]
    p = (moves[0].point[0] / IN, moves[0].point[1] / IN)
    assert 14 <= p[0] <= 22 and 34 <= p[1] <= 40  # into the wood, further from b1
    # with no cover in reach: straight away from the nearest known enemy
    game = wgame(TEAM, [unit("b1", [("ger_rifleman", 24, 14)])])
    see(game, "a", "b1.1")
    game.state.units["a1"].markers["solo_order"] = "retreat"
    moves = [c for c in planned(game, "a1") if c.kind == "move_unit"]
    assert moves[0].point[1] / IN > 30 and abs(moves[0].point[0] / IN - 24) < 3


def test_retreat_in_cover_stays_at_half_strength_else_falls_back_on_a_friend_not_forward():
    """"If in cover already, unit may stay in position if it has at least 50% of its
    original unit strength, otherwise, it will retreat towards the nearest friendly unit
    not forward of its current position.\""""
    team = [unit("a1", [("us_rifleman", 16, 36), ("us_rifleman", 17, 36), ("us_nco", 18, 36), ("us_rifleman", 19, 36)])]
    friends = [unit("a2", [("us_rifleman", 40, 44)]), unit("a3", [("us_rifleman", 10, 24)])]  # a3 is forward
    game = wgame(team + friends, [unit("b1", [("ger_rifleman", 18, 14)])], terrain=[WOOD])
    see(game, "a", "b1.1")
    game.state.units["a1"].markers["solo_order"] = "retreat"
    assert not [c for c in planned(game, "a1") if c.kind == "move_unit"]  # 4 of 4: stays in the wood
    for fid in ("a1.1", "a1.2", "a1.4"):
        game.state.figures[fid].life = "dead"
    moves = [c for c in planned(game, "a1") if c.kind == "move_unit"]
    assert moves and moves[0].point[0] > 18 * IN and moves[0].point[1] > 36 * IN  # toward a2, not a3


def test_retreat_goal_kinds():
    g = retreat_goal((0, 0), [], [], [], False, True, 100, 50, (0, 500))
    assert g.kind == "home"
    g = retreat_goal((0, 0), [(0, -100)], [], [(0, 30), (0, -30)], False, True, 100, 50, (0, 500))
    assert g.kind == "cover" and g.point == (0, 30)
    g = retreat_goal((0, 0), [(0, -100), (0, 60)], [], [(0, 30), (0, -30)], False, True, 100, 50, (0, 500))
    assert g.kind == "away"  # neither place is further from both enemies


def test_an_advance_takes_up_dispersed_order_and_gets_the_band():
    """Advance: "Move towards the nearest enemy at half speed in dispersed order";
    WW2: "All Fire teams members separated by at least 1" (Dispersed order)" is a band
    further for the firer (interpretation dispersed)."""
    tight = [unit("a1", [("us_rifleman", 23, 40), ("us_rifleman", 23.95, 40), ("us_nco", 24.9, 40), ("us_rifleman", 25.85, 40)])]
    game = wgame(tight, [unit("b1", [("ger_rifleman", 24, 14)])])
    see(game, "a", "b1.1")
    assert not game.rules.firing.shot_target(game, game.state.figures["b1.1"], "a1", False, False).dispersed
    game.state.units["a1"].markers["solo_order"] = "advance"
    moves = [c for c in planned(game, "a1") if c.kind == "move_unit"]
    assert moves and moves[0].choice == "dispersed"
    y0 = centre(game, "a1")[1]
    ok(game, moves[0])
    figs = game.state.unit_figures("a1")
    assert all(game.rules.gap(a, b) >= IN - 1e-6 for i, a in enumerate(figs) for b in figs[i + 1:])
    assert game.rules.moving.cohesion_groups([(f.id, f.pos, f.radius) for f in figs]) == 1
    assert y0 - centre(game, "a1")[1] > 3  # toward the enemy, one move ("half speed")
    assert max(f.y for f in figs) - min(f.y for f in figs) < 0.5 * IN  # abreast: across the advance
    assert game.rules.firing.shot_target(game, game.state.figures["b1.1"], "a1", False, False).dispersed


def test_a_team_routing_by_its_morale_does_not_flee_again_for_a_chart_rout(monkeypatch):
    """Interpretation chart-rout: a routing team flees at its side's start by WW2's own
    rout rule; the chart's Rout adds no second flight."""
    game = wgame(TEAM, [unit("b1", [("ger_rifleman", 24, 14)])])
    see(game, "a", "b1.1")
    game.state.units["a1"].markers["routing"] = True
    here = centre(game, "a1")
    scripted_rf(monkeypatch, game, 11)
    force(game, 1)
    ok(game, Command("solo_orders", "a", unit="a1"))
    assert game.state.units["a1"].markers["solo_order"] == "rout" and centre(game, "a1") == here


def test_a_dispersed_advance_the_referee_refuses_is_made_as_a_plain_move(monkeypatch):
    """The planner offers the dispersed advance, then the plain move to the same point; the
    real game's check (which knows what the side may not: an unseen figure in the way)
    picks. When it refuses the dispersed line, the AI makes the move all the same."""
    from game.ai.solo_ai import SoloAI
    from game.core.game import Game
    from game.solo.keys import SoloKey

    tight = [unit("a1", [("us_rifleman", 23, 40), ("us_rifleman", 23.95, 40), ("us_nco", 24.9, 40), ("us_rifleman", 25.85, 40)])]
    # b2 unseen: the AI plans on its side's view, a game apart from the real one
    game = wgame(tight, [unit("b1", [("ger_rifleman", 24, 14)]), unit("b2", [("ger_rifleman", 4, 4)])])
    see(game, "a", "b1.1")
    assert game.rules.hides_from(game, "a")
    u = game.state.units["a1"]
    u.markers[SoloKey.ORDER] = "advance"
    u.markers[SoloKey.ORDERED_TURN] = game.state.turn
    real_check = Game.check

    def refuse_dispersed(self, cmd):
        if self is game and cmd.kind == "move_unit" and cmd.choice == "dispersed":
            return "blocked by a figure the side has not seen"
        return real_check(self, cmd)

    monkeypatch.setattr(Game, "check", refuse_dispersed)
    cmd = SoloAI(1).choose(game, "a")
    while cmd.kind == "spot":  # (teams look before they move: it costs no action)
        ok(game, cmd)
        cmd = SoloAI(1).choose(game, "a")
    assert cmd.kind == "move_unit" and cmd.choice is None
    y0 = centre(game, "a1")[1]
    ok(game, cmd)
    assert y0 - centre(game, "a1")[1] > 3  # toward the enemy


def test_an_attack_closes_at_full_speed_straight_at_the_nearest_enemy():
    """"Attack: Unit will close with the nearest enemy unit at full speed" (L290): a wood
    a third of the way along tempts no stop; the team's move is its full 6"."""
    wood = [{"type": "wood", "rect": {"x": 22.5, "y": 37.3, "w": 3, "h": 1.4}}]
    game = wgame([unit("a1", [("us_nco", 23, 41), ("us_rifleman", 24.5, 41), ("us_rifleman", 26, 41)])],
                 [unit("b1", [("ger_rifleman", 24.5, 24)])], terrain=wood)
    see(game, "a", "b1.1")
    game.state.units["a1"].markers["solo_order"] = "attack"
    y0 = centre(game, "a1")[1]
    move = next(c for c in planned(game, "a1") if c.kind == "move_unit")
    ok(game, move)
    assert y0 - centre(game, "a1")[1] > 5.9


def test_a_suppressed_solo_team_moves_first_and_removes_its_suppression_last():
    """Solo forces "calculate any shooting they do, remove their suppression" (L40), in that
    order: an advancing suppressed team is offered its move (2" at most, L168) and no shot
    (suppressed teams may not fire), and the removal after them."""
    game = wgame(TEAM, [unit("b1", [("ger_rifleman", 24, 14)])])
    see(game, "a", "b1.1")
    u = game.state.units["a1"]
    u.markers["solo_order"] = "advance"
    u.markers["suppressed"] = 1
    kinds = [c.kind for c in planned(game, "a1")]
    assert kinds[-1] == "remove_suppression" and "move_unit" in kinds[:-1]
    assert not any(k.startswith("fire") or k == "volley" for k in kinds)
