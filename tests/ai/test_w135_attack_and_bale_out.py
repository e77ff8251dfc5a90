"""My 1/35th Scale WWII Skirmish's solo AI carrying out two chart results as the text gives
them (ww2-skirmish-solo.txt): Attack, "close with the nearest enemy unit at full speed and
charge them if in reach" (hand to hand, L210-225), Retreat's "may stay in position" in
cover at half strength, and the AFV chart's Bale out, "Abandon immobile vehicles" (also a
Retreat when immobile)."""

from __future__ import annotations

from math import hypot

from game.core.commands import Command
from game.core.state import DEAD
from game.rulesets.ww2_135.status import ABANDONED, W135FigMark
from game.solo.keys import SoloKey
from tests.rulesets.helpers import force, ok
from tests.rulesets.w135 import refused, table_game

IN = 25.4


def ordered(game, uid: str, order: str) -> list[Command]:
    game.state.units[uid].markers[SoloKey.ORDER] = order
    return list(game.rules.planner.unit_commands(game, game.state.units[uid].side, game.state.units[uid], {}))


def apart(p, q) -> float:
    return hypot(p[0] - q[0], p[1] - q[1])


def gap(game, a: str, b: str) -> float:
    """Inches between two figures' bases."""
    f, e = game.state.figures[a], game.state.figures[b]
    return (hypot(f.x - e.x, f.y - e.y) - f.radius - e.radius) / IN


def test_an_attack_moves_into_contact_with_the_nearest_man_in_reach_and_fights_him():
    # 5" apart centre to centre: the rifleman's 4 points pay a 2-point move (6") and hand to hand (2, L16)
    game = table_game([("us_rifleman", 30, 30)], [("de_rifleman", 30, 35), ("de_rifleman", 36, 35)])
    cmd = ordered(game, "a1", "attack")[0]
    assert cmd.kind == "move" and cmd.figure == "a1.1"
    ok(game, cmd)
    assert game.rules.melee.in_contact(game.state.figures["a1.1"], game.state.figures["b1.1"])
    assert game.rules.points(game, game.state.figures["a1.1"]) == 2
    fight = ordered(game, "a1", "attack")[0]
    assert fight == Command("fight", "a", figure="a1.1", target="b1.1")
    force(game, 4, 3)  # 4 + 1 (initiated) + 2 (rifle) = 7 against 3 + 2 = 5: the American wins
    ok(game, fight)
    assert "Rifleman beats Grenadier." in [e.text for e in game.log.events]
    assert game.rules.decision(game) is not None  # kill or capture: the planner's decide answers it


def test_an_enemy_out_of_reach_is_closed_on_not_charged():
    # 9" away: 2 points of moving (6") do not reach him, so the team moves up and keeps 3 for a shot
    game = table_game([("us_rifleman", 30, 30)], [("de_rifleman", 30, 39)])
    cmds = ordered(game, "a1", "attack")
    assert all(c.kind != "fight" for c in cmds)
    moves = [c for c in cmds if c.kind == "move"]
    assert moves and all(hypot(c.path[0][0] - 30 * IN, c.path[0][1] - 39 * IN) / IN > 2.0 for c in moves)


def test_only_attack_charges():
    for order in ("advance", "close", "halt"):
        game = table_game([("us_rifleman", 30, 30)], [("de_rifleman", 30, 35)])
        assert all(c.kind != "fight" for c in ordered(game, "a1", order))
        for c in ordered(game, "a1", order):
            if c.kind == "move":
                ok(game, c)
                break
        assert gap(game, "a1.1", "b1.1") > 0.25, order  # never into contact


def test_a_defender_holds_and_does_not_charge():
    game = table_game([("us_rifleman", 30, 30)], [("de_rifleman", 30, 35)])
    game.state.attrs["victory"]["otherwise"] = "a"  # side a wins by holding on (interpretation solo-defenders)
    assert game.rules.holds_position(game, game.state.units["a1"])
    cmds = ordered(game, "a1", "attack")
    assert all(c.kind != "fight" for c in cmds)
    assert all(hypot(c.path[0][0] - 30 * IN, c.path[0][1] - 35 * IN) / IN > 1.0 for c in cmds if c.kind == "move")


def test_a_man_locked_in_a_drawn_fight_fights_on_whatever_his_order():
    game = table_game([("us_rifleman", 30, 30)], [("de_rifleman", 30, 31)])
    force(game, 5, 6)  # 5 + 1 + 2 = 8 against 6 + 2 = 8: locked (L212)
    ok(game, Command("fight", "a", figure="a1.1", target="b1.1"))
    assert game.state.figures["a1.1"].markers[W135FigMark.LOCKED] == "b1.1"
    assert ordered(game, "a1", "halt")[0] == Command("fight", "a", figure="a1.1", target="b1.1")
    assert all(c.kind != "fight" for c in ordered(game, "a1", "rout"))  # a Rout neither fights nor shoots


def test_an_immobilised_tank_bales_out_and_is_out_of_action():
    game = table_game([("sherman", 30, 20)], [("de_rifleman", 30, 40)])
    rules, tank = game.rules, game.state.figures["a1.1"]
    assert not rules.immobile(game, game.state.units["a1"])
    assert "not immobilised" in refused(game, Command("abandon", "a", figure="a1.1"))
    tank.markers[W135FigMark.IMMOBILE] = True  # a side hit's double six (L310)
    assert rules.immobile(game, game.state.units["a1"])
    assert "Bale out of the immobilised vehicle (1)" in [a.label for a in rules.actions(game, "a", "a1", "a1.1")]
    cmd = ordered(game, "a1", "bale_out")[0]
    assert cmd == Command("abandon", "a", figure="a1.1")
    ok(game, cmd)
    assert tank.life == ABANDONED and not tank.alive
    assert any("bale out" in e.text for e in game.log.events)


def test_a_retreat_in_cover_stays_at_half_strength_else_makes_for_a_friend_and_in_the_open_moves_away():
    """Retreat: "If in cover already, unit may stay in position if it has at least 50% of its
    original unit strength, otherwise, it will retreat towards the nearest friendly unit not
    forward of its current position"; not in cover it moves away from the nearest known enemy
    (interpretation retreat). In a trench with two men of four the team holds; with one of
    four it makes for its friend a9 in the corner behind it; in the open every man moves away
    from the German 15" off."""
    trench = [{"type": "trench", "line": [[20, 30], [40, 30]], "width": 2}]
    for terrain, lost, kind in ((trench, 2, "stay"), (trench, 3, "friend"), (None, 0, "away")):
        game = table_game([("us_rifleman", 28 + 2 * i, 30) for i in range(4)], [("de_rifleman", 30, 45)], terrain=terrain)
        for f in game.state.unit_figures("a1")[:lost]:
            f.life = DEAD
        game.kept.clear()  # (what the rules keep while the state is unchanged)
        st, planner = game.state, game.rules.planner
        back = planner.retreat(game, st.units["a1"], game.rules.known_enemies(game, "a"))
        assert back is not None and back.kind == kind
        assert planner.retreat_stays(game, st.units["a1"]) is (kind == "stay")
        moves = [c for c in ordered(game, "a1", "retreat") if c.kind == "move"]
        if kind == "stay":
            assert moves == []
            continue
        men = {f.id: f.pos for f in game.rules.alive(game, "a1")}
        assert {c.figure for c in moves} == set(men)
        for c in moves:
            if kind == "friend":
                assert back.point == game.rules.unit_centre(game, "a9")
                assert apart(c.path[0], back.point) < apart(men[c.figure], back.point)
            else:
                german = st.figures["b1.1"].pos
                assert apart(c.path[0], german) > apart(men[c.figure], german)


def with_objective(game, at: tuple[float, float], radius: float = 3.0) -> None:
    """Side a must hold an objective at ``at`` (inches) to win."""
    v = game.state.attrs["victory"]
    v.setdefault("objectives", {})["cross"] = {"id": "cross", "x": at[0] * IN, "y": at[1] * IN, "radius": radius * IN}
    v.setdefault("conditions", []).append({"type": "hold", "side": "a", "objectives": ["cross"], "when": "end"})


def test_an_advance_heads_for_the_objective_to_take_before_the_nearest_enemy():
    # "Advance toward nearest enemy includes any ordered game objective" (interpretation
    # attack-goal): the enemy 8" to the west is known, the objective lies 20" north
    for order in ("advance", "close", "attack"):
        game = table_game([("us_rifleman", 30, 30)], [("de_rifleman", 22, 30)], face=False)
        assert game.rules.known_enemies(game, "a")
        with_objective(game, (30, 50))
        move = next(c for c in ordered(game, "a1", order) if c.kind == "move")
        x, y = (v / IN for v in move.path[0])
        assert y > 30.5 and abs(x - 30) < abs(y - 30), (order, x, y)
    # without the objective he heads for the enemy
    game = table_game([("us_rifleman", 30, 30)], [("de_rifleman", 22, 30)], face=False)
    move = next(c for c in ordered(game, "a1", "advance") if c.kind == "move")
    assert move.path[0][0] / IN < 29.5


def test_a_man_on_the_objective_stays_and_one_routing_runs_from_the_enemy_not_the_objective():
    game = table_game([("us_rifleman", 30, 30)], [("de_rifleman", 22, 30)], face=False)
    with_objective(game, (31, 30))
    assert not [c for c in ordered(game, "a1", "advance") if c.kind == "move"]
    move = next(c for c in ordered(game, "a1", "rout") if c.kind == "move")
    assert move.path[0][0] / IN > 30.5  # east, away from the German


def first_move_length(game, order: str) -> float:
    move = next(c for c in ordered(game, "a1", order) if c.kind == "move")
    return apart(move.path[0], game.state.figures["a1.1"].pos) / IN


def test_with_no_enemy_known_an_advance_goes_at_half_speed_and_attack_or_close_at_full():
    # no known enemy: an Advance "at half speed" goes half the 12" his 4 points make, an
    # Attack or Close "at full speed" all of it (interpretation solo-orders)
    for order, inches in (("advance", 6.0), ("close", 12.0), ("attack", 12.0)):
        game = table_game([("us_rifleman", 30, 10)], [("de_rifleman", 30, 58)], friends=False)
        game.state.figures["b1.1"].life = DEAD
        game.kept.clear()
        assert not game.rules.known_enemies(game, "a")
        with_objective(game, (30, 50))
        assert abs(first_move_length(game, order) - inches) < 0.01, order


def test_with_an_enemy_in_reach_a_man_closing_keeps_3_points_for_a_shot():
    for order in ("advance", "close", "attack"):
        game = table_game([("us_rifleman", 30, 10)], [("de_rifleman", 10, 40)], friends=False, face=False)
        assert game.rules.known_enemies(game, "a")
        with_objective(game, (30, 50))
        assert abs(first_move_length(game, order) - 3.0) < 0.01, order


def test_a_move_weighs_the_d3_points_an_obstacle_on_its_way_costs():
    # a hedge across the straight way north: 12" straight on costs a d3 more (2 points, 6"
    # of the way, on average), so the move bearing 35 degrees past the hedge's end, 9.8" of
    # the way, comes first
    hedge = {"type": "hedge", "line": [[28, 36], [32, 36]]}
    game = table_game([("us_rifleman", 30, 30)], [("de_rifleman", 30, 58)], [hedge], friends=False)
    game.state.figures["b1.1"].life = DEAD
    game.kept.clear()
    with_objective(game, (30, 50))
    move = next(c for c in ordered(game, "a1", "close") if c.kind == "move")
    assert not game.rules.moving.obstacles(game, [game.state.figures["a1.1"].pos, move.path[0]])
    assert move.path[0][1] / IN > 38


def test_the_crossings_of_many_moves_at_once_are_the_obstacles_each_reaches():
    # the planner counts each candidate move's obstacles in one query (move.crossings); it
    # must be what the move's own trace (move.obstacles) finds, from the open and from a
    # start inside a hedge's footprint, over the Ambush's bocage, hedges and wall
    import numpy as np

    from game.catalog import load_map, new_game

    game = new_game(load_map("maps/ww2-135-ambush.yaml"), 1, {})
    rng = np.random.default_rng(5)
    starts = [tuple(p) for p in rng.uniform(0, 36 * IN, (40, 2))] + [(15.5 * IN, 30 * IN), (20.5 * IN + 1, 20 * IN), (5 * IN, 28 * IN)]
    for start in starts:
        ends = [tuple(p) for p in np.asarray(start) + rng.uniform(-12 * IN, 12 * IN, (12, 2))]
        counts = game.rules.moving.crossings(game, start, ends)
        assert counts == [len(game.rules.moving.obstacles(game, [start, e])) for e in ends]
    assert game.rules.moving.crossings(game, (13 * IN, 30 * IN), [(18 * IN, 30 * IN), (13 * IN, 35 * IN)]) == [1, 0]
    assert game.rules.moving.crossings(game, (15.5 * IN, 30 * IN), [(10 * IN, 30 * IN)]) == [0]  # out of the hedge: it leaves it


def test_the_afv_chart_points_of_a_tank_by_this_rulesets_sight_and_damage():
    """AFV solo movement's points (ww2-skirmish-solo.txt: "1 pt: Advancing, or in hull down
    position. Friendly infantry within 6"", "-1 pt: Damaged vehicle ... Under fire from Anti
    tank weapons. Enemy behind flank ... No friends within 12" in sight", "-2 pts: No Main
    armament"), worked out for the 1/35th's tanks (they rolled on 0 points always before):
    a Sherman facing the enemy with a rifleman 3" off and friends in sight has the infantry
    point and nothing else; immobilised, shot at by a Panzerfaust and with the enemy behind
    it, it has those three; a half-track has no main gun."""
    game = table_game([("sherman", 30, 20)], [("de_rifleman", 30, 40)])
    friend = game.state.figures["a9.1"]
    friend.x, friend.y = 33 * IN, 20 * IN  # the friendly team's rifleman 3" from the tank
    game.state.units["a1"].markers[SoloKey.ORDER] = "halt"
    assert "b1.1" in [e.id for e in game.rules.known_enemies(game, "a")]
    s = game.rules.afv_situation(game, game.state.units["a1"])
    assert s["infantry_near"] == 1 and s["alone"] == 0 and s["damaged"] == 0 and s["flanked"] == 0, s
    assert s["no_main_gun"] == 0 and s["no_weapons"] == 0 and s["under_at_fire"] == 0, s
    v = game.state.figures["a1.1"]
    v.markers[W135FigMark.IMMOBILE] = True
    v.facing = 270.0  # its back to the enemy
    game.rules.note_fire(game, "a1", None, 0, heavy=True)  # a mortar's burst: heavy, not anti-tank fire
    assert game.rules.afv_situation(game, game.state.units["a1"])["under_at_fire"] == 0
    game.rules.note_fire(game, "a1", "b1", 1, heavy=True, at=True)  # a bazooka's shot
    s = game.rules.afv_situation(game, game.state.units["a1"])
    assert (s["damaged"], s["under_at_fire"], s["flanked"]) == (1, 1, 1), s
    words = [w for _, _, w in game.rules.afv_points(game, game.state.units["a1"])]
    assert "friendly infantry within 6\"" in words and "enemy behind its flank" in words, words
    ht = table_game([("halftrack", 30, 20)], [("de_rifleman", 30, 40)])
    assert ht.rules.afv_situation(ht, ht.state.units["a1"])["no_main_gun"] == 1
