"""GOODBYEEEEEE!!! (issue 19), slice 5: courage: section tests led by officers and NCOs,
terror, half strength, the rout, and the other reading of the test (courage_twelve)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from game.core.commands import Command
from game.core.game import Game
from game.core.state import DEAD, FLED
from game.rulesets.goodbyeeee.status import GbFigMark
from tests.rulesets.gb_kit import (
    PIN_6,
    PIN_8,
    game_of,
    odds,
    order,
    shot,
    to_step,
)
from tests.rulesets.helpers import (
    force,
    ok,
    refused,
    unit,
)


def rolls(game: Game, start: int, word: str = "Courage") -> list[str]:
    return [e.roll.reason for e in game.log.events[start:] if e.roll is not None and e.roll.reason.startswith(word)]


def test_a_sergeant_rolls_once_for_the_privates_within_15_cm_and_the_rest_roll_alone_on_6():
    """L154: a tank ends its move in sight of the section: a terror test."""
    tank = unit("t1", [("heavy_tank_female", 20, 20)], kind="vehicle")
    section = unit("b1", [("senior_nco", 20, 60), ("private", 25, 60), ("private", 30, 60), ("private", 20, 70),
                          ("private", 60, 60), ("private", 65, 60)])
    game = game_of([tank], [section])
    to_step(game, "orders")
    order(game, 1, 1, uid="t1")
    n = len(game.log.events)
    force(game, 4, 4, 3, 3, 4, 3)  # the sergeant's 8 on 9 passes; 6 on 6 passes; 7 on 6 fails
    ok(game, Command("move", "a", figure="t1.1", path=((200, 300),)))
    assert rolls(game, n) == ["Courage (faced by a tank (Heavy tank (female))): Sergeant for Private (rifleman), "
                              "Private (rifleman), Private (rifleman) on 9",
                              "Courage (faced by a tank (Heavy tank (female))): Private (rifleman) on 6",
                              "Courage (faced by a tank (Heavy tank (female))): Private (rifleman) on 6"]
    pinned = [f.id for f in game.state.figures.values() if f.markers.get(GbFigMark.PINNED)]
    assert pinned == ["b1.6"]


def test_terror_of_a_flamethrower_is_minus_2_and_comes_once_a_turn():
    flames = unit("a1", [("junior_nco", 20, 40), ("flamethrower", 25, 40), ("flamethrower", 30, 40)])
    game = game_of([flames], [unit("b1", [("private", 25, 70)])])
    to_step(game, "orders")
    order(game, 1, 1)
    n = len(game.log.events)
    force(game, 2, 3)  # 5 against 6 - 2 = 4: fails
    ok(game, Command("move", "a", figure="a1.2", path=((250, 460),)))  # ends 24 cm from the private, in sight
    assert game.state.figures["b1.1"].markers.get(GbFigMark.PINNED)
    ok(game, Command("move", "a", figure="a1.3", path=((300, 460),)))  # the second faces it in the same turn: no test
    assert rolls(game, n) == ["Courage (faced by a Flamethrower (Flamethrower operator)): Private (rifleman) on 6"]


def test_a_loss_at_half_strength_tests_and_a_failure_routs_drops_the_lmg_and_runs_for_the_edge():
    a = unit("a1", [("private", 60, 85), ("private", 65, 85), ("private", 70, 85)])
    b = unit("b1", [("junior_nco", 20, 110), ("lmg_gunner", 25, 110), ("private", 30, 110), ("private", 35, 110)])
    game = game_of([a], [b])
    to_step(game, "fire")
    force(game, 6, 6)
    ok(game, Command("fire", "a", figure="a1.3", target="b1.4"))  # 3 of 4 left: no test
    n = len(game.log.events)
    force(game, 6, 6, 6, 6)  # the second loss leaves 2 of 4: the lance corporal's 12 on 8 fails
    ok(game, Command("fire", "a", figure="a1.2", target="b1.3"))
    assert rolls(game, n) == ["Courage (reduced to half strength or less): Lance corporal for LMG gunner on 8"]
    gunner = game.state.figures["b1.2"]
    assert gunner.markers[GbFigMark.ROUT] == 2 and "lmg" not in gunner.weapons
    assert "abandoning the LMG (light machine gun)" in " ".join(e.text for e in game.log.events[n:])
    ok(game, Command("end_phase", "a"))  # fire ends; close combat runs by itself: B's turn, the routers dash 25 cm north
    assert (round(gunner.x), round(gunner.y)) == (250, 850)
    assert "is routing" in refused(game, Command("move", "b", figure="b1.2", path=((250, 800),)))
    assert gunner.markers[GbFigMark.ROUT] == 1 and "routing" in game.rules.listing.figure_status(game, "b1.2")


def test_the_second_rout_move_ends_in_a_pin_or_off_the_table():
    b = unit("b1", [("junior_nco", 20, 40), ("private", 25, 20), ("private", 30, 40), ("private", 35, 40)])
    game = game_of([unit("a1", [("private", 60, 100)])], [b])
    for f in ("b1.1", "b1.2"):
        game.state.figures[f].markers[GbFigMark.ROUT] = 1  # their last turn of routing
    to_step(game, "fire")
    ok(game, Command("end_phase", "a"))
    nco, private = game.state.figures["b1.1"], game.state.figures["b1.2"]
    assert private.life == FLED  # 20 cm from the edge: off the table, out of action
    assert nco.alive and (round(nco.x), round(nco.y)) == (200, 150)
    assert nco.markers[GbFigMark.PINNED] and GbFigMark.ROUT not in nco.markers


def test_under_the_optional_courage_twelve_a_private_passes_on_2d6_plus_6_of_12_or_more():
    a, b = [unit("a1", [("private", 20, 20)])], [unit("b1", [("private", 20, 45)])]
    game = game_of(a, b, options={"courage_twelve": True})
    to_step(game, "fire")
    assert odds(game) == shot(F(1, 4), F(1, 2), F(10, 36))  # fails on a total under 6
    game = game_of(a, b)
    to_step(game, "fire")
    assert odds(game) == shot(F(1, 4), F(1, 2), PIN_6)


@pytest.mark.parametrize("options,leader,pin,by_mg", [
    (None, False, PIN_6, F(26, 36)),         # the squad value 6: fails on 7 or more (MG -1: 6 or more)
    (None, True, PIN_8, F(15, 36)),          # a lance corporal (8) 10 cm away: fails on 9 or more (8)
    ({"courage_twelve": True}, False, F(10, 36), F(15, 36)),  # 2d6 + 6 under 12: under 6 (MG: under 7)
    ({"courage_twelve": True}, True, F(3, 36), F(6, 36)),     # 2d6 + 8 under 12: under 4 (MG: under 5)
])
def test_the_planners_pin_chance_is_the_one_the_resolved_shot_gives(options, leader, pin, by_mg):
    """The solo AI weighs a shot's pins by ``courage.pin_chance``: exact by hand, and the
    odds of the shot resolved by its own procedure give P(pinned) = P(hit, no kill) x it."""
    bs = [("private", 20, 45)] + ([("junior_nco", 30, 45)] if leader else [])
    game = game_of([unit("a1", [("private", 20, 20)])], [unit("b1", bs)], options=options)
    to_step(game, "fire")
    target = game.state.figures["b1.1"]
    chance = game.rules.courage.pin_chance(game, target, "rifle")
    assert F(chance).limit_denominator(36) == pin
    assert odds(game)["pinned"] == (F(1, 2) - F(1, 4)) * pin
    assert F(game.rules.courage.pin_chance(game, target, "mg")).limit_denominator(36) == by_mg  # L203
    target.markers[GbFigMark.PINNED] = True
    assert game.rules.courage.pin_chance(game, target, "rifle") == 0.0  # pinned already: no test


def test_a_leader_the_flame_kills_rolls_for_no_one_in_the_tests_it_causes():
    """The section's tests are taken once the flame is resolved, so who leads whom is read
    then (L154-156): the flame burns a private (half strength) and the Lance corporal; the
    half-strength and terror tests are the privates' own, on 6, not the dead leader's."""
    a = [unit("a1", [("flamethrower", 40, 30)])]
    b = [unit("b1", [("private", 40, 45), ("junior_nco", 40, 50), ("private", 46, 50), ("private", 100, 110)])]
    game = game_of(a, b)
    game.state.figures["b1.4"].life = DEAD
    to_step(game, "fire")
    n = len(game.log.events)
    force(game, 3, 3, *[1] * 20)  # both under the flame are burned; every courage test passes
    ok(game, Command("fire_at_point", "a", figure="a1.1", point=(400, 600), choice="flamethrower"))
    assert not game.state.figures["b1.2"].alive
    tests = rolls(game, n)
    assert tests and all(t.endswith("Private (rifleman) on 6") for t in tests), tests
