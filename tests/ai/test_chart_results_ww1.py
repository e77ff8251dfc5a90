"""The solo action chart's results carried out as ww2-skirmish-solo.txt gives them
("Solo rules": Rout, the falling-back Halt in cover, Retreat, Advance in dispersed
order) in the Great War in 54mm and in WWIFY: forced dice, small scripted tables."""

import pytest

from game.core.commands import Command
from tests.ai.planner_kit import cmds, first_legal, order
from tests.rulesets.helpers import end_phases, force, make_game, ok, small_map, unit
from tests.rulesets.wwify_kit import fresh, rifle_line, wmap

IN = 25.4


def scripted_rf(monkeypatch, game, rf):
    monkeypatch.setattr(type(game.rules), "risk_factors", lambda self, g, u: [("test", rf, "scripted")])


def falls_back_to_halt(monkeypatch, game, uid, rf, face):
    """A unit falling back (Retreat) rolls ``face`` at risk factor ``rf`` (RF0 or less, 5-6):
    its order becomes a Halt in the nearest cover."""
    u = game.state.units[uid]
    u.markers["solo_order"] = "retreat"
    scripted_rf(monkeypatch, game, rf)
    force(game, face)
    ok(game, Command("solo_orders", "a", unit=uid))
    assert u.markers["solo_order"] == "halt" and u.markers["solo_take_cover"]
    return u


def centre(game, uid):
    figs = game.state.unit_figures(uid)
    return (sum(f.x for f in figs) / len(figs) / IN, sum(f.y for f in figs) / len(figs) / IN)


# ---- The Great War in 54mm ----------------------------------------------------------------------------
def gw_squad(uid, x, y, n=4, gap=1.5):
    return unit(uid, [(t, x + gap * i, y) for i, t in enumerate(["sergeant"] + ["rifleman"] * (n - 1))])


def gw_game(a, b, terrain=None):
    return make_game(small_map(a, b, terrain=terrain))


def test_gw_chart_rout_runs_away_at_once_and_not_again_that_turn(monkeypatch):
    """"Rout: Unit will run at move (+5cms) away from the nearest enemy unit(s), it may
    neither fight nor shoot." (interpretation chart-rout): the Great War's running."""
    game = gw_game([gw_squad("a1", 20, 24)], [gw_squad("b1", 20, 12)])
    scripted_rf(monkeypatch, game, 7)
    y0 = centre(game, "a1")[1]
    force(game, 1, 3, 3)  # RF6-8, 1: Rout; run dice 2dAv: 6"
    ok(game, Command("solo_orders", "a", unit="a1"))
    u = game.state.units["a1"]
    assert u.markers.get("running") and u.markers.get("pinned")
    assert abs(centre(game, "a1")[1] - y0 - (6 + 5 / 2.54)) < 0.05  # straight south, away from b1
    monkeypatch.undo()
    assert ("rout", 4) in [(fid, v) for fid, v, _ in game.rules.risk_factors(game, u)]
    here = centre(game, "a1")
    end_phases(game, "shooting", "a")
    assert centre(game, "a1") == here  # the Movement phase did not run it again
    res = game.submit(Command("fire_unit", "a", unit="a1", target="b1"))
    assert not res.ok and "running" in res.reason
    end_phases(game, "assaults", "a")
    res = game.submit(Command("assault", "a", unit="a1", target="b1"))
    assert not res.ok and "pinned" in res.reason  # (running units are pinned too)


def test_gw_surrounded_unit_surrenders(monkeypatch):
    b = [gw_squad("b1", 20, 18, n=2), gw_squad("b2", 12, 30, n=2), gw_squad("b3", 30, 30, n=2)]
    game = gw_game([gw_squad("a1", 20, 24)], b)
    scripted_rf(monkeypatch, game, 9)
    force(game, 1)
    ok(game, Command("solo_orders", "a", unit="a1"))
    assert {f.life for f in game.state.unit_figures("a1", alive_only=False)} == {"captured"}


GW_WOOD = {"type": "wood", "polygon": [[10, 30], [18, 30], [18, 36], [10, 36]]}


def gw_moves(game, uid, order, faces=(3, 3), activate=False):
    end_phases(game, "movement", "a")
    u = game.state.units[uid]
    u.markers["solo_order"] = order
    u.markers["solo_turn"] = game.state.turn
    memo: dict = {}
    if activate:  # the d10 lets it advance
        force(game, 1, *faces)
        ok(game, Command("activate", "a", unit=uid))
    cmds = list(game.rules.planner.unit_commands(game, "a", u, memo))
    if cmds and cmds[0].kind in ("roll_move", "activate"):
        force(game, *((1,) if cmds[0].kind == "activate" else ()), *faces)
        ok(game, cmds[0])
        cmds = list(game.rules.planner.unit_commands(game, "a", u, memo))
    return cmds


def gw_retreats_to_the_wood(a1, west_of):
    """``a1`` ordered to Retreat from a section to its north-east moves toward the wood to
    its south-west, away from the enemy."""
    game = gw_game([a1], [gw_squad("b1", 24, 12)], terrain=[GW_WOOD])
    cmds = gw_moves(game, "a1", "retreat")
    assert cmds and all(c.kind == "move" for c in cmds)
    for c in cmds:
        ok(game, c)
    x, y = centre(game, "a1")
    assert x < west_of and y > 27  # toward the wood, away from b1


def test_gw_retreat_goes_to_the_nearest_cover_further_from_the_enemy():
    """Retreat: "... or towards the nearest cover further from all enemy units." """
    gw_retreats_to_the_wood(gw_squad("a1", 20, 26), 20.5)


def test_gw_retreat_in_cover_stays_unless_under_half_strength():
    """"If in cover already, unit may stay in position if it has at least 50% of its
    original unit strength, otherwise, it will retreat towards the nearest friendly unit
    not forward of its current position.\""""
    a = [gw_squad("a1", 12, 32, gap=1.2), gw_squad("a2", 30, 44, n=2)]
    game = gw_game(a, [gw_squad("b1", 14, 12)], terrain=[GW_WOOD])
    assert gw_moves(game, "a1", "retreat") == []
    game = gw_game(a, [gw_squad("b1", 14, 12)], terrain=[GW_WOOD])
    for fid in ("a1.2", "a1.3", "a1.4"):
        game.state.figures[fid].life = "dead"
    cmds = gw_moves(game, "a1", "retreat")
    assert [c.figure for c in cmds] == ["a1.1"]
    end = cmds[0].path[-1]
    assert end[0] > 12 * IN and end[1] > 32 * IN  # toward a2


def test_gw_falling_back_halts_in_cover(monkeypatch):
    """Up to RF0, 5-6: "Units falling back away from the enemy will halt in the nearest
    cover facing the last known enemy position" (interpretation fall-back-halt)."""
    game = gw_game([gw_squad("a1", 16, 26)], [gw_squad("b1", 14, 12)], terrain=[GW_WOOD])
    falls_back_to_halt(monkeypatch, game, "a1", -1, 6)
    monkeypatch.undo()
    cmds = gw_moves(game, "a1", "halt", faces=(4, 4))
    for c in cmds:
        ok(game, c)
    assert centre(game, "a1")[1] > 29  # into the wood's edge
    # a plain Halt stays put
    game = gw_game([gw_squad("a1", 16, 26)], [gw_squad("b1", 14, 12)], terrain=[GW_WOOD])
    assert gw_moves(game, "a1", "halt") == []


def test_gw_advance_takes_up_a_line_abreast_two_inches_apart():
    """Advance: "at half speed in dispersed order" (interpretation dispersed: a line
    abreast, 2" between figures): a column 0.15" apart spreads across the advance."""
    col = unit("a1", [(t, 20, 30 + 1.15 * i) for i, t in enumerate(["sergeant", "rifleman", "rifleman", "rifleman"])])
    game = gw_game([col], [gw_squad("b1", 20, 6)])
    cmds = gw_moves(game, "a1", "advance", faces=(5, 5), activate=True)
    u, memo = game.state.units["a1"], {}
    for _ in range(8):  # as the AI player does: the next command each time
        cmds = list(game.rules.planner.unit_commands(game, "a", u, memo))
        if not cmds:
            break
        ok(game, cmds[0])
    figs = sorted(game.state.unit_figures("a1"), key=lambda f: f.x)
    xs = [f.x / IN for f in figs]
    assert all(b - a >= 2 - 0.05 for a, b in zip(xs, xs[1:], strict=False))
    assert max(f.y for f in figs) - min(f.y for f in figs) < 0.6 * IN
    assert centre(game, "a1")[1] < 31.7  # moved toward the enemy


# ---- WWIFY ------------------------------------------------------------------------------------------------
def test_wwify_chart_rout_panics_the_squad_it_runs_at_once_and_rallies_on_its_next_roll(monkeypatch):
    """"Rout: Unit will run at move (+5cms) away from the nearest enemy unit(s), it may
    neither fight nor shoot." (interpretation chart-rout): WWIFY's panic; its next chart
    result that is not a Rout rallies it (WWIFY has no later rally of its own)."""
    game = fresh(wmap([unit("s", rifle_line("good_rifleman", 4, 20, 30))], [unit("e", rifle_line("evil_rifleman", 4, 20, 20))]))
    scripted_rf(monkeypatch, game, 7)
    y0 = centre(game, "s")[1]
    force(game, 1)
    ok(game, Command("solo_orders", "a", unit="s"))
    u = game.state.units["s"]
    assert u.markers.get("panicked") and u.markers["solo_order"] == "rout"
    step = game.rules.allowance(game, u, game.state.figures["s.1"]) / IN
    assert abs(centre(game, "s")[1] - y0 - (step + 5 / 2.54)) < 0.05  # straight south, away from e
    assert game.rules.action_refusal(game, u, "fire") is not None
    assert cmds(game, "s") == []
    monkeypatch.undo()
    assert ("rout", 4) in [(fid, v) for fid, v, _ in game.rules.risk_factors(game, u)]
    u.markers["solo_turn"] = 0  # its next turn's roll
    scripted_rf(monkeypatch, game, 3)
    force(game, 2)  # RF2-5, 2: Halt
    ok(game, Command("solo_orders", "a", unit="s"))
    assert not u.markers.get("panicked") and "solo_chart_rout" not in u.markers


def test_wwify_surrounded_squad_surrenders(monkeypatch):
    b = [unit("e1", [("evil_rifleman", 20, 24)]), unit("e2", [("evil_rifleman", 14, 35)]), unit("e3", [("evil_rifleman", 26, 35)])]
    game = fresh(wmap([unit("s", rifle_line("good_rifleman", 3, 19, 30))], b))
    scripted_rf(monkeypatch, game, 9)
    force(game, 1)
    ok(game, Command("solo_orders", "a", unit="s"))
    assert {f.life for f in game.state.unit_figures("s", alive_only=False)} == {"captured"}


WW_WOOD = {"type": "wood", "polygon": [[10, 32], [18, 32], [18, 38], [10, 38]]}


def test_wwify_retreat_goes_to_the_nearest_cover_further_from_the_enemy():
    """Retreat: "... or towards the nearest cover further from all enemy units." """
    game = fresh(wmap([unit("s", rifle_line("good_rifleman", 3, 20, 28))], [unit("e", rifle_line("evil_rifleman", 3, 24, 14))],
                          terrain=[WW_WOOD]))
    order(game, "s", "retreat")
    c = first_legal(game, "s")
    assert c.kind == "move_unit"
    ok(game, c)
    x, y = centre(game, "s")
    assert x < 20 and y > 29  # toward the wood, away from e


def test_wwify_retreat_in_cover_under_half_strength_falls_back_on_a_friend():
    """"... otherwise, it will retreat towards the nearest friendly unit not forward of
    its current position.\""""
    a = [unit("s", rifle_line("good_rifleman", 4, 12, 35, dx=1.2)), unit("f", rifle_line("good_rifleman", 2, 36, 44))]
    game = fresh(wmap(a, [unit("e", rifle_line("evil_rifleman", 3, 14, 14))], terrain=[WW_WOOD]))
    order(game, "s", "retreat")
    assert not any(c.kind in ("move_unit", "move") for c in cmds(game, "s"))  # in the wood, 4 of 4: stays
    for fid in ("s.2", "s.3", "s.4"):
        game.state.figures[fid].life = "dead"
    c = first_legal(game, "s")
    assert c.kind in ("move_unit", "move")
    ok(game, c)
    assert centre(game, "s")[0] > 12.5  # toward f


def test_wwify_falling_back_halts_in_the_nearest_cover(monkeypatch):
    """Up to RF0, 5-6: "Units falling back away from the enemy will halt in the nearest
    cover facing the last known enemy position" (interpretation fall-back-halt)."""
    game = fresh(wmap([unit("s", rifle_line("good_rifleman", 3, 16, 28))], [unit("e", rifle_line("evil_rifleman", 3, 14, 14))],
                          terrain=[WW_WOOD]))
    u = falls_back_to_halt(monkeypatch, game, "s", -3, 5)
    c = first_legal(game, "s")
    assert c.kind == "move_unit"
    ok(game, c)
    assert centre(game, "s")[1] > 31
    order(game, "s", "halt")  # a plain Halt stays and fires
    u.markers.pop("solo_take_cover")
    assert first_legal(game, "s").kind != "move_unit"


def test_wwify_hmg_team_falling_back_halts_in_the_nearest_cover_too(monkeypatch):
    """The footnote swaps only Advance and Attack for a halt: a falling-back HMG team
    goes to the nearest cover as a squad does, then fires."""
    hmg = unit("s", [("good_hmg", 16, 28), ("good_crew", 17, 28), ("good_crew", 15, 28)], kind="hmg")
    game = fresh(wmap([hmg], [unit("e", rifle_line("evil_rifleman", 3, 14, 14))], terrain=[WW_WOOD]))
    falls_back_to_halt(monkeypatch, game, "s", -3, 5)
    c = first_legal(game, "s")
    assert c.kind == "move_unit", c
    ok(game, c)
    assert centre(game, "s")[1] > 31


def test_wwify_advance_takes_up_dispersed_order():
    """Advance: "Move towards the nearest enemy at half speed in dispersed order"
    (interpretation dispersed: a line abreast, 2" apart, across the advance)."""
    tight = unit("s", [("good_rifleman", 20, 36 + 1.15 * i) for i in range(4)])  # a column, bases 0.15" apart
    game = fresh(wmap([tight], [unit("e", rifle_line("evil_rifleman", 3, 20, 6))]))
    order(game, "s", "advance")
    c = first_legal(game, "s")
    assert c.kind == "move_unit" and c.choice == "dispersed"
    ok(game, c)
    figs = sorted(game.state.unit_figures("s"), key=lambda f: f.x)
    xs = [f.x / IN for f in figs]
    assert all(b - a >= 2 - 0.05 for a, b in zip(xs, xs[1:], strict=False))
    assert max(f.y for f in figs) - min(f.y for f in figs) < 0.1 * IN
    assert centre(game, "s")[1] < 37.7  # toward the enemy
    assert first_legal(game, "s").kind == "fire"  # the other action


def test_wwify_dispersed_advance_goes_the_whole_move_or_stops_in_the_trench():
    """A line advancing in dispersed order goes the whole move (6") over open ground; with
    a trench 3" ahead it stops in it, as climbing out (3") would take it past its move."""
    trench = {"type": "trench", "line": [[0, 35], [48, 35]], "width": 2}
    for terrain, lands in (([trench], (34, 36)), ([], (31.9, 32.1))):
        line = unit("s", rifle_line("good_rifleman", 4, 17, 38, dx=2))
        game = fresh(wmap([line], [unit("e", rifle_line("evil_rifleman", 3, 20, 6))], terrain=terrain))
        order(game, "s", "advance")
        c = first_legal(game, "s")
        assert c.kind == "move_unit" and c.choice == "dispersed"
        ok(game, c)
        assert all(lands[0] < f.y / IN < lands[1] for f in game.state.unit_figures("s")), [f.y / IN for f in game.state.unit_figures("s")]


def test_wwify_advance_over_a_river_keeps_the_units_shape():
    """The enemy across a river: the advance moves as the unit's other moves do (its
    shape kept, cover sought, single file near the bridge), not in a line abreast
    (interpretation dispersed); the same squad with the enemy on its bank spreads out."""
    water = {"type": "water", "rect": {"x": 0, "y": 20, "w": 48, "h": 4}}
    bridge = {"type": "bridge", "line": [[10, 18], [10, 26]], "width": 3}
    for foe_y, spread in ((6, False), (30, True)):
        tight = unit("s", [("good_rifleman", 20, 36 + 1.15 * i) for i in range(4)])
        game = fresh(wmap([tight], [unit("e", rifle_line("evil_rifleman", 3, 20, foe_y))], terrain=[water, bridge]))
        order(game, "s", "advance")
        c = first_legal(game, "s")
        assert c.kind == "move_unit" and (c.choice == "dispersed") == spread, c


def test_wwify_close_on_an_enemy_across_the_river_halts_and_fires_twice(monkeypatch):
    """Up to RF0 on 4+ a unit "will move towards the nearest visible enemy": one it sees
    across water it cannot cross, the way round by a bridge 20" off, cannot be closed on,
    and the unit halts and fires with both actions (interpretation close), the log saying
    why. The same enemy on its own bank is closed on with a move."""
    water = {"type": "water", "rect": {"x": 0, "y": 20, "w": 48, "h": 4}}
    bridge = {"type": "bridge", "line": [[10, 18], [10, 26]], "width": 3}
    for foe_y, closes in ((14, False), (30, True)):
        game = fresh(wmap([unit("s", rifle_line("good_rifleman", 4, 28, 38, dx=2))], [unit("e", rifle_line("evil_rifleman", 3, 30, foe_y))],
                          terrain=[water, bridge]))
        scripted_rf(monkeypatch, game, 0)
        force(game, 5)  # RF0, a 5: Close on the enemy
        ok(game, Command("solo_orders", "a", unit="s"))
        monkeypatch.undo()
        assert game.state.units["s"].markers["solo_order"] == "close"
        chart = [e.roll.outcome for e in game.log.events if e.roll is not None][-1]
        assert chart == ("Close on the enemy" if closes else
                         "Close on the enemy: e, the enemy it sees, stands across the water, the way round by a bridge; "
                         "it halts and fires instead"), chart
        c = first_legal(game, "s")
        assert (c.kind == "move_unit") == closes, c
        if not closes:
            assert c.kind == "fire"
            force(game, *[1] * 8)  # every shot misses
            ok(game, c)
            assert first_legal(game, "s").kind == "fire"  # the second action fires too


# ---- defenders out of their position (interpretation defenders) ------------------------------------------
TRENCH = {"type": "trench", "line": [[0, 30], [48, 30]], "width": 2}


def defending(doc):
    doc["victory"]["otherwise"] = "a"  # side a wins by holding on: it defends
    return doc


def test_position_on_the_way_is_where_the_way_first_enters_a_fortified_position():
    """The middle of a trench crossed; a building entered, ``inside`` past its wall;
    nothing on the way; already in one (it stays)."""
    from game.solo.goals import position_on_the_way

    house = {"type": "building", "polygon": [[30, 10], [40, 10], [40, 20], [30, 20]]}
    game = make_game(small_map([gw_squad("a1", 20, 40)], [gw_squad("b1", 20, 4)], terrain=[TRENCH, house]))
    p = position_on_the_way(game, (20 * IN, 40 * IN), (20 * IN, 4 * IN), IN)
    assert p is not None and abs(p[0] - 20 * IN) < 1e-6 and abs(p[1] - 30 * IN) < 1e-6
    p = position_on_the_way(game, (35 * IN, 26 * IN), (35 * IN, 0), IN)  # past the trench, toward the house
    assert p is not None and abs(p[1] - 19 * IN) < 1e-6
    assert position_on_the_way(game, (5 * IN, 26 * IN), (5 * IN, 2 * IN), IN) is None
    assert position_on_the_way(game, (5 * IN, 30.5 * IN), (5 * IN, 2 * IN), IN) == (5 * IN, 30.5 * IN)


def test_gw_defender_out_of_its_trench_advances_into_it_and_stops():
    """"They will not move however, from fortified positions they are defending": a
    defending section that ran back behind its trench, ordered to Attack (full speed,
    10"), moves toward the enemy into the trench 3" ahead and stops there, not 10" on
    into the open. The attacker's section goes on past it."""
    trench = {**TRENCH, "line": [[0, 33], [48, 33]]}
    game = make_game(defending(small_map([gw_squad("a1", 20, 36)], [gw_squad("b1", 20, 6)], terrain=[trench])))
    cmds = gw_moves(game, "a1", "attack", faces=(5, 5), activate=True)
    for c in cmds:
        ok(game, c)
    assert game.rules.holds_position(game, game.state.units["a1"])
    assert abs(centre(game, "a1")[1] - 33) < 0.6
    game = make_game(small_map([gw_squad("a1", 20, 36)], [gw_squad("b1", 20, 6)], terrain=[trench]))
    for c in gw_moves(game, "a1", "attack", faces=(5, 5), activate=True):
        ok(game, c)
    assert centre(game, "a1")[1] < 29


def test_gw_fire_goes_where_a_first_casualty_makes_a_unit_test_its_morale():
    """"All units losing a casualty take a morale check ... roll a d10" against the figures
    left: the AI weighs each figure's shot by its expected casualties and the rise in the
    target's chance of failing that test (x1.5: a failure pins it). At long range a rifle
    hits on 5+ (1/3): a fresh 4-man unit is worth 1/3 * (1 + 1.5 * 7/10); one that has
    lost a man this phase only 1/3 * (1 + 1.5 * (8 - 7)/10), so the next shot goes to the
    other unit."""
    from fractions import Fraction

    game = gw_game([gw_squad("a1", 20, 24)], [gw_squad("b1", 10, 12), gw_squad("b2", 30.5, 12)])
    end_phases(game, "shooting", "a")
    a1, planner = game.state.units["a1"], game.rules.planner
    a1.markers["solo_order"] = "halt"
    b1 = game.state.units["b1"]
    fresh = Fraction(1, 3) * (1 + Fraction(3, 2) * Fraction(7, 10))
    assert planner.shot_value(game, game.state.figures["a1.1"], b1) == pytest.approx(float(fresh))
    first = planner.unit_commands(game, "a", a1, {})[0]
    assert (first.kind, first.figure_id, first.target) == ("fire", "a1.1", "b1")  # a tie: the first unit
    force(game, 6)
    ok(game, first)
    assert len(game.rules.alive(game, "b1")) == 3
    after = Fraction(1, 3) * (1 + Fraction(3, 2) * Fraction(1, 10))
    assert planner.shot_value(game, game.state.figures["a1.2"], b1) == pytest.approx(float(after))
    nxt = planner.unit_commands(game, "a", a1, {})[0]
    assert (nxt.figure_id, nxt.target) == ("a1.2", "b2")


def test_gw_crewed_weapon_carries_out_a_retreat_but_never_runs(monkeypatch):
    """"Support weapons on tripods, AT guns etc will halt and fire if possible instead" of
    Advance and Attack only: an HMG team in the open ordered to Retreat goes toward the
    nearest cover further from the enemy, as a section does; in a trench at full strength
    it may stay. A chart Rout pins it where it stands (a crewed weapon cannot run)."""
    gw_retreats_to_the_wood(unit("a1", [("hmg", 20, 26), ("crewman", 21.5, 26), ("crewman", 23, 26)], kind="crew"), 21.5)
    trench = {"type": "trench", "line": [[0, 26], [48, 26]], "width": 2}
    game = gw_game([unit("a1", [("hmg", 20, 26), ("crewman", 21.5, 26), ("crewman", 23, 26)], kind="crew")],
                   [gw_squad("b1", 24, 12)], terrain=[trench])
    assert gw_moves(game, "a1", "retreat") == []
    game = gw_game([unit("a1", [("hmg", 20, 26), ("crewman", 21.5, 26), ("crewman", 23, 26)], kind="crew")],
                   [gw_squad("b1", 24, 12)])
    scripted_rf(monkeypatch, game, 7)
    force(game, 1)  # RF6-8, 1: Rout
    ok(game, Command("solo_orders", "a", unit="a1"))
    monkeypatch.undo()
    u = game.state.units["a1"]
    assert u.markers.get("pinned") and not u.markers.get("running")
    here = centre(game, "a1")
    assert gw_moves(game, "a1", "rout") == [] and centre(game, "a1") == here


def test_gw_attack_and_close_make_for_the_objective_to_take_else_the_nearest_enemy():
    """Interpretation attack-goal: while its side has an objective to take, an Attack or a
    Close makes for it as an Advance does ("includes any ordered game objective"); with
    none, for the nearest enemy. The objective off to the east draws all three east; without
    it they go north at the enemy section."""
    doc = small_map([gw_squad("a1", 10, 40)], [gw_squad("b1", 10, 22)])
    plain = small_map([gw_squad("a1", 10, 40)], [gw_squad("b1", 10, 22)])
    doc["objectives"] = [{"id": "farm", "name": "the farm", "at": [40, 30], "radius": 3}]
    doc["victory"]["conditions"] = [{"type": "hold", "side": "a", "objectives": ["farm"], "when": "turn_end",
                                     "text": "A holds the farm"}]
    for what in ("attack", "close", "advance"):
        for d, east in ((doc, True), (plain, False)):
            game = make_game(d)
            x0 = centre(game, "a1")[0]
            for c in gw_moves(game, "a1", what, faces=(5, 5), activate=True):
                ok(game, c)
            x, y = centre(game, "a1")
            assert (x - x0 > 1.5) == east, (what, east, x - x0, y)
