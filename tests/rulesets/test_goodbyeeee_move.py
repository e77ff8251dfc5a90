"""GOODBYEEEEEE!!! (issue 19), slice 3: command rolls and movement, with forced dice on
small maps (distances in cm, the ruleset's unit)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.ai.random_player import RandomPlayer
from game.core.commands import Command
from game.core.game import Game
from game.core.odds import fractions_of
from game.rulesets.goodbyeeee.status import GbFigMark
from game.simulate import play_out
from tests.rulesets.gb_kit import (
    gb_game,
    move,
    next_turn_step,
    order,
    to_step,
)
from tests.rulesets.helpers import (
    force,
    ok,
    refused,
    replay_unfinished,
    unit,
)

TRENCH = {"type": "trench", "line": [[0, 30], [120, 30]], "width": 2}
ROUGH = {"type": "rough", "polygon": [[0, 50], [120, 50], [120, 55], [0, 55]]}
ROAD = {"type": "road", "line": [[80, 0], [80, 120]], "width": 3}


def refused_move(game: Game, fid: str, *to: tuple[float, float], dash: bool = False) -> str:
    return refused(game, Command("move", "a", figure=fid, path=tuple((x * 10, y * 10) for x, y in to),
                                 choice="dash" if dash else None))


def at(game: Game, fid: str) -> tuple[float, float]:
    f = game.state.figures[fid]
    return (round(f.x / 10, 2), round(f.y / 10, 2))


# ---- command rolls (L40-42, L89-95) ------------------------------------------------------------
def test_a_junior_nco_command_8_passes_on_8_and_fails_on_9():
    figs = [("junior_nco", 20, 10), ("private", 25, 10), ("private", 30, 10)]
    game = gb_game(figs)
    to_step(game, "orders")
    assert "ordered forward: 8 against 8" in order(game, 4, 4)
    game = gb_game(figs)
    to_step(game, "orders")
    assert "fail their order (9 against 8)" in order(game, 4, 5)
    assert "failed its order" in refused_move(game, "a1.2", (25, 15))
    assert "has had its command roll this turn" in refused(game, Command("order", "a", unit="a1"))


def test_a_figure_20_cm_from_the_commander_takes_1_off():
    game = gb_game([("junior_nco", 20, 10), ("private", 40, 10)])  # exactly 20 cm apart
    to_step(game, "orders")
    assert "fail their order (8 against 7)" in order(game, 4, 4)
    game = gb_game([("junior_nco", 20, 10), ("private", 39.9, 10)])
    to_step(game, "orders")
    assert "ordered forward: 8 against 8" in order(game, 4, 4)


def test_no_leader_within_40_cm_rolls_against_the_squad_value_and_a_sergeant_in_reach_bolsters():
    privates = [("private", 20, 10), ("private", 25, 10)]
    game = gb_game(privates, more_a=[unit("a2", [("senior_nco", 20, 50.1)])])  # 40.1 cm from the nearest private
    to_step(game, "orders")
    assert "ordered forward: 6 against 6" in order(game, 3, 3)
    game = gb_game(privates, more_a=[unit("a2", [("senior_nco", 20, 50)])])  # 40 cm: in reach; both 20 cm or more away
    to_step(game, "orders")
    assert "ordered forward: 8 against 8" in order(game, 4, 4)  # Command 9, -1


def test_the_order_odds_are_the_procedure_s_26_in_36_for_command_8():
    game = gb_game([("junior_nco", 20, 10), ("private", 25, 10)])
    to_step(game, "orders")
    rep = game.rules.odds(game, Command("order", "a", unit="a1"))
    assert fractions_of(rep.outcomes) == {"passed": Fraction(26, 36), "failed": Fraction(10, 36)}
    assert [(m.name, m.value) for m in rep.modifiers][:2] == [("commander", "Lance corporal"), ("Command", "8")]


# ---- moves on initiative and ordered moves (L81, L99-105) ---------------------------------------
def test_an_initiative_move_is_5_cm_and_then_the_figure_has_no_ordered_move():
    game = gb_game([("junior_nco", 20, 10), ("private", 25, 10)])
    to_step(game, "initiative")
    assert "has 5.0 cm left" in refused_move(game, "a1.2", (25, 15.1))
    assert "A dash needs an order" in refused_move(game, "a1.2", (25, 12), dash=True)
    move(game, "a1.2", (25, 13), (25, 15))
    assert at(game, "a1.2") == (25, 15)
    to_step(game, "orders")
    order(game, 1, 1)
    assert "moved on initiative" in refused_move(game, "a1.2", (25, 20))
    move(game, "a1.1", (20, 25))  # 15 cm
    assert at(game, "a1.1") == (20, 25)


def test_an_ordered_move_is_15_cm_a_dash_25_and_a_dash_stops_the_next_turn_s_move():
    game = gb_game([("junior_nco", 20, 10), ("private", 25, 10), ("lmg_gunner", 30, 10)])
    to_step(game, "orders")
    order(game, 1, 1)
    assert "has 15.0 cm left" in refused_move(game, "a1.1", (20, 25.2))
    move(game, "a1.1", (20, 17))
    move(game, "a1.1", (20, 25))  # a move may be split: 7 + 8 cm
    assert "has 0.0 cm left" in refused_move(game, "a1.1", (20, 26))
    assert "may not dash with LMG" in refused_move(game, "a1.3", (30, 30), dash=True)
    move(game, "a1.2", (25, 35), dash=True)
    assert game.state.figures["a1.2"].markers[GbFigMark.DASHED] == 1
    force(game, 9, 3)  # turn 2's initiative: A first
    next_turn_step(game, "initiative")
    assert "dashed last turn and may not move" in refused_move(game, "a1.2", (25, 37))
    to_step(game, "orders")
    order(game, 1, 1)
    assert "dashed last turn" in refused_move(game, "a1.2", (25, 37))
    move(game, "a1.1", (20, 30))


def test_standing_up_costs_5_cm_and_going_prone_is_free():
    game = gb_game([("junior_nco", 20, 10), ("private", 25, 10)])
    to_step(game, "initiative")
    ok(game, Command("go_prone", "a", figure="a1.2"))
    to_step(game, "orders")
    order(game, 1, 1)
    assert "costs 16.0 cm (stand up); Private (rifleman) has 15.0 cm left" in refused_move(game, "a1.2", (25, 21))
    move(game, "a1.2", (25, 20))
    assert at(game, "a1.2") == (25, 20) and not game.state.figures["a1.2"].markers.get(GbFigMark.PRONE)
    assert game.state.figures["a1.2"].markers[GbFigMark.MOVED_CM] == 15
    assert "after standing up" in game.log.events[-1].text


# ---- climbing (L99), difficult ground (L245), tanks (L116-117) -----------------------------------
@pytest.mark.parametrize("face, climbs", [(2, False), (3, True)])
def test_climbing_out_of_a_trench_costs_5_cm_and_fails_on_1_or_2(face, climbs):
    game = gb_game([("junior_nco", 20, 30), ("private", 25, 20)], terrain=[TRENCH])
    to_step(game, "orders")
    order(game, 1, 1)
    assert "costs 16.0 cm (climb out of" in refused_move(game, "a1.1", (20, 41))
    force(game, face)
    move(game, "a1.1", (20, 40))  # 1 cm to the parapet, 5 to climb, 9 beyond
    fig = game.state.figures["a1.1"]
    if climbs:
        assert at(game, "a1.1") == (20, 40) and fig.markers[GbFigMark.MOVED_CM] == 15
    else:
        assert at(game, "a1.1") == (20, 31) and fig.markers[GbFigMark.MOVED_CM] == 6
        assert "failed to climb" in refused_move(game, "a1.1", (20, 30.5))


def test_difficult_ground_costs_infantry_double_but_not_stormtroopers():
    game = gb_game([("junior_nco", 20, 45), ("stormtrooper", 25, 45)], terrain=[ROUGH])
    to_step(game, "orders")
    order(game, 1, 1)
    assert "costs 20.0 cm (difficult ground" in refused_move(game, "a1.1", (20, 60))  # 5 of 15 cm in rough
    move(game, "a1.1", (20, 55))  # 5 + 5 x 2
    move(game, "a1.2", (25, 65))  # a stormtrooper: 20 cm, rough or not
    game = gb_game([("junior_nco", 20, 45)], terrain=[ROUGH], options={"difficult_terrain": False})
    to_step(game, "orders")
    order(game, 1, 1)
    move(game, "a1.1", (20, 60))


def test_a_tank_moves_once_at_10_cm_or_15_cm_along_a_road_and_not_on_initiative():
    tank = [unit("t1", [("heavy_tank_male", 80, 20)], kind="vehicle")]
    game = gb_game([("junior_nco", 20, 10)], terrain=[ROAD], more_a=tank)
    to_step(game, "initiative")
    assert "Tanks make no move on initiative" in refused(game, Command("move", "a", figure="t1.1", path=((800, 230),)))
    to_step(game, "orders")
    assert "needs an order" in refused(game, Command("move", "a", figure="t1.1", path=((800, 350),)))
    order(game, 4, 4, uid="t1")  # its own Command, 8
    assert "has 10.0 cm left" in refused(game, Command("move", "a", figure="t1.1", path=((900, 200), (900, 300))))
    ok(game, Command("move", "a", figure="t1.1", path=((800, 350),)))  # 15 cm, all along the road
    assert "has made its move this turn" in refused(game, Command("move", "a", figure="t1.1", path=((800, 360),)))


def test_random_games_over_trenches_and_rough_ground_replay_exactly():
    """Orders, moves, dashes, climbs and prone figures, played by the random baseline, and
    replayed from the seed and the commands."""
    figs = [("junior_nco", 20, 30), ("private", 25, 30), ("private", 30, 30), ("stormtrooper", 35, 45)]
    for seed in (1, 2, 3):
        game = gb_game(figs, terrain=[TRENCH, ROUGH], seed=seed, points=True)
        players = {s: RandomPlayer(seed * 7 + i) for i, s in enumerate(game.state.sides)}
        play_out(game, players)
        kinds = {c.kind for c in game.commands}
        assert {"order", "move"} <= kinds
        assert replay_unfinished(game).state.digest() == game.state.digest()
