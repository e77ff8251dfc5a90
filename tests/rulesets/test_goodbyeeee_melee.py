"""GOODBYEEEEEE!!! (issue 19), slice 6: hand to hand on the job queue, with exact odds
computed by hand and forced dice (distances in cm; bases 2.5 cm across)."""

from __future__ import annotations

from fractions import Fraction as F

from game.core.commands import Command
from game.core.game import Game
from game.core.odds import fractions_of
from game.core.state import CAPTURED, DEAD
from game.rulesets.goodbyeeee.status import GbFigMark
from tests.rulesets.gb_kit import game_of, order, to_step
from tests.rulesets.helpers import force, ok, unit
from tests.rulesets.odds_kit import disagreements, observe


def fight(game: Game, a: str, b: str) -> dict:
    return fractions_of(game.rules.odds(game, Command("fight", "a", figure=a, target=b)).outcomes)


def result(game: Game, a: str, b: str, win: F, draw: F, lose: F) -> dict:
    fa, fb = game.state.figures[a], game.state.figures[b]
    return {k: v for k, v in {f"{fa.name} ({a}) wins": win, "draw": draw, f"{fb.name} ({b}) wins": lose}.items() if v}


def charge_game(a_figs: list, b_figs: list) -> Game:
    game = game_of([unit("a1", a_figs)], [unit("b1", b_figs)])
    to_step(game, "orders")
    order(game, 1, 1)
    return game


def test_a_charger_is_plus_1_and_wins_21_in_36_draws_5_loses_10():
    game = charge_game([("junior_nco", 20, 30), ("private", 40, 30)], [("private", 40, 40)])
    force(game, 6, 6)  # the charged private's courage fails: no closing fire
    ok(game, Command("move", "a", figure="a1.2", path=((400, 400),)))  # onto its base: the move stops in contact
    fig = game.state.figures["a1.2"]
    assert fig.markers[GbFigMark.CHARGED] == 1 and abs(fig.y - (400 - 25)) < 0.2
    assert fight(game, "a1.2", "b1.1") == result(game, "a1.2", "b1.1", F(21, 36), F(5, 36), F(10, 36))
    rep = game.rules.odds(game, Command("fight", "a", figure="a1.2", target="b1.1"))
    assert disagreements(rep, observe(game, rep, 11)) == []


def test_two_attacks_count_the_best_die_and_a_pinned_figure_fights_at_minus_1():
    game = game_of([unit("a1", [("private", 40, 37.5)])], [unit("b1", [("senior_nco", 40, 40)])])
    to_step(game, "fire")
    assert fight(game, "a1.1", "b1.1") == result(game, "a1.1", "b1.1", F(55, 216), F(36, 216), F(125, 216))
    game = game_of([unit("a1", [("private", 40, 37.5)])], [unit("b1", [("private", 40, 40)])])
    game.state.figures["b1.1"].markers[GbFigMark.PINNED] = True
    game.state.figures["b1.1"].markers[GbFigMark.PRONE] = True  # pinned figures are prone: -1 once
    to_step(game, "fire")
    assert fight(game, "a1.1", "b1.1") == result(game, "a1.1", "b1.1", F(21, 36), F(5, 36), F(10, 36))


def test_a_tank_rolls_over_a_man_at_plus_4():
    tank = [unit("t1", [("light_tank_mg", 40, 35.75)], kind="vehicle")]  # a 6 cm base
    game = game_of(tank, [unit("b1", [("private", 40, 40)])])
    to_step(game, "fire")
    assert game.rules.melee.in_contact(game.state.figures["t1.1"], game.state.figures["b1.1"])
    assert fight(game, "t1.1", "b1.1") == result(game, "t1.1", "b1.1", F(33, 36), F(2, 36), F(1, 36))


def test_a_draw_moves_both_3_cm_apart():
    game = game_of([unit("a1", [("private", 40, 37.5)])], [unit("b1", [("private", 40, 40)])])
    to_step(game, "fire")
    force(game, 4, 4)
    ok(game, Command("end_phase", "a"))
    a, b = game.state.figures["a1.1"], game.state.figures["b1.1"]
    assert (round(a.y), round(b.y)) == (345, 430) and a.alive and b.alive
    assert any("draw and fall back 3 cm" in e.text for e in game.log.events[-6:])


def test_the_winner_may_capture_a_figure_its_wound_would_take_out_of_action():
    game = game_of([unit("a1", [("private", 40, 37.5)])], [unit("b1", [("private", 40, 40)])])
    to_step(game, "fire")
    force(game, 6, 1)
    ok(game, Command("end_phase", "a"))
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "a" and "kill or capture" in d["prompt"]
    ok(game, Command("subdue", "a", figure="a1.1", target="b1.1", choice="capture"))
    assert game.state.figures["b1.1"].life == CAPTURED and game.state.phase == "initiative"


def test_a_figure_fighting_two_wounds_only_the_first_it_beats_and_drives_the_other_off():
    game = game_of([unit("a1", [("private", 40, 37.5), ("private", 42.5, 40)])], [unit("b1", [("senior_nco", 40, 40)])])
    to_step(game, "fire")
    ok(game, Command("end_phase", "a"))
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "b" and "Whom does it fight first" in d["prompt"]
    # the sergeant's best 6 - 1 + 3 = 8 beats each private's 4 (his 2 attacks: 2 dice); between the fights
    # the first private's fall leaves A's section at half strength: its test passes on 1 + 1
    force(game, 6, 6, 1, 1, 1, 6, 6, 1)
    ok(game, Command("fight_order", "b", figure="b1.1", target="a1.2"))
    d = game.rules.decision(game)
    assert d is not None and "kill or capture" in d["prompt"]
    ok(game, Command("subdue", "b", figure="b1.1", target="a1.2", choice="kill"))
    first, second = game.state.figures["a1.2"], game.state.figures["a1.1"]
    assert first.life == DEAD and second.alive and round(second.y) == 345  # driven off 3 cm
