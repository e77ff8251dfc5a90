"""GOODBYEEEEEE!!!: the twenty-third session's review against the text, with forced dice:
reaction fire obeys the event cards' "no shooting this turn" and an HMG's setting up, a tank
LMG's reaction shots are two, and a tank's crew is no section to be terrified or pinned
prone."""

from __future__ import annotations

import pytest

from game.core.commands import Command
from game.core.game import Game
from game.rulesets.goodbyeeee.status import GbFigMark
from tests.rulesets.gb_kit import deal, game_of, move, order, to_a_in_turn_2, to_step
from tests.rulesets.helpers import force, ok, refused, unit


def to_side(game: Game, side: str, step: str) -> None:
    for _ in range(60):
        if game.state.active_side == side and game.state.phase == step and not game.rules.decision(game):
            return
        ok(game, Command("end_phase", game.state.active_side))
    raise AssertionError(f"never reached {side}'s {step}")


def charge_in_bs_orders(game: Game, seeded, to: tuple[float, float]) -> list[str]:
    """B's orders step of the same turn: section b1 ordered, its private charges to ``to``
    (mm); what the log says from the charge on."""
    to_side(game, "b", "orders")
    force(game, 1, 1)
    ok(game, Command("order", "b", unit="b1"))
    since = len(game.log.events)
    force(game, 2, 2)
    ok(game, Command("move", "b", figure="b1.2", path=(to,)))
    game.dice.source = seeded
    return texts(game, since)


def texts(game: Game, since: int) -> list[str]:
    return [e.text for e in game.log.events[since:]]


@pytest.mark.parametrize("card,why", [("JC", "clogged with mud"), ("10C", "may not shoot this turn")])
def test_no_closing_fire_from_a_figure_an_event_card_keeps_from_shooting(card, why):
    """L297 (Jack of Clubs, "No shooting for MG, LMG, Mortars or Flamethrowers this turn"),
    L298 (10 of Clubs, "Player's figures may not shoot"): not in the enemy's part of the
    same turn either: the LMG gunner charged gets no closing fire."""
    a = [unit("a1", [("junior_nco", 10, 20), ("lmg_gunner", 25, 20), ("private", 30, 18)])]
    b = [unit("b1", [("junior_nco", 25, 45), ("private", 25, 35)])]
    game = game_of(a, b)
    seeded = game.dice.source
    deal(game, "a", card)
    to_a_in_turn_2(game, *([1] * 6 if card == "10C" else []))   # (the 10 of Clubs: every test passes)
    game.dice.source = seeded
    to_step(game, "fire")
    assert why in refused(game, Command("fire", "a", figure="a1.2", target="b1.2"))
    ok(game, Command("end_phase", "a"))
    said = charge_in_bs_orders(game, seeded, (250, 200))
    assert any("charges into contact with LMG gunner" in t for t in said)
    assert not any("closing fire" in t for t in said) and game.rules.decision(game) is None


def hmg_set_up(b_private_y: float) -> tuple[Game, object]:
    """An HMG team that moved 1 cm in turn 1: in turn 2 (A first) it is setting up (L224)."""
    game = game_of([unit("a1", [("hmg_gunner", 25, 20), ("crewman", 18, 18), ("crewman", 32, 16)])],
                   [unit("b1", [("junior_nco", 60, 60), ("private", 25, b_private_y)])])
    seeded = game.dice.source
    to_step(game, "orders")
    force(game, 1, 1)
    ok(game, Command("order", "a", unit="a1"))
    move(game, "a1.1", (25, 21))
    to_a_in_turn_2(game)
    game.dice.source = seeded
    assert game.state.figures["a1.1"].markers.get(GbFigMark.SETTING_UP) == 2
    return game, seeded


def test_an_hmg_setting_up_gives_no_closing_fire():
    """L224 "Need 1 turn to set-up before firing" (interpretation hmg: no fire that turn):
    its fire step refuses it, and the enemy's charge in the same turn meets no closing fire."""
    game, seeded = hmg_set_up(35)
    to_step(game, "fire")
    assert "setting up" in refused(game, Command("fire", "a", figure="a1.1", target="b1.2"))
    ok(game, Command("end_phase", "a"))
    said = charge_in_bs_orders(game, seeded, (250, 210))
    assert any("charges into contact with MG gunner" in t for t in said) and not any("closing fire" in t for t in said)


def test_an_hmg_setting_up_does_not_fire_from_stand_to_that_turn():
    game, seeded = hmg_set_up(70)
    to_step(game, "orders")
    force(game, 1, 1)
    ok(game, Command("order", "a", unit="a1"))
    game.dice.source = seeded
    ok(game, Command("stand_to", "a", figure="a1.1"))
    to_step(game, "fire")
    ok(game, Command("end_phase", "a"))
    to_side(game, "b", "orders")
    force(game, 1, 1)
    ok(game, Command("order", "b", unit="b1"))
    since = len(game.log.events)
    ok(game, Command("move", "b", figure="b1.2", path=((250, 600),)))   # into the gun's sight
    assert game.rules.decision(game) is None and not any("stand to" in t for t in texts(game, since))


def test_a_tank_lmg_reacts_with_two_shots():
    """L113 "LMG only fire twice" and L196 "Tank LMG (2 Shots)": its overwatch snap fire
    rolls two dice to hit, as an LMG's."""
    game = game_of([unit("a1", [("junior_nco", 20, 40), ("private", 20, 20)])], [unit("b1", [("light_tank_mg", 40, 80)])])
    tank = game.state.figures["b1.1"]
    tank.facing = 270.0
    tank.markers[GbFigMark.OVERWATCH] = 1
    to_step(game, "orders")
    order(game, 1, 1)
    move(game, "a1.1", (35, 40))
    since = len(game.log.events)
    force(game, 2, 2, 2, 2)   # every to-hit die a miss
    ok(game, Command("react", "b", figure="b1.1", target="a1.1", choice="shoot"))
    assert len([e for e in game.log.events[since:] if e.roll is not None and "to hit" in e.roll.reason]) == 2


def test_a_tank_is_no_section_to_be_terrified_and_a_pinned_tank_is_not_prone():
    """L154 "If squad is faced by terrifying weapons (Flame Throwers and Tanks)": an enemy
    tank moving in sight tests the men, not a tank's crew (reading squad-morale); and a tank
    pinned (an event's shell) does not go prone (tanks do not: L126's prone save is a man's)."""
    game = game_of([unit("a1", [("light_tank_gun", 20, 20)], kind="vehicle")],
                   [unit("b1", [("heavy_tank_female", 20, 70)], kind="vehicle"), unit("b2", [("private", 30, 70)])])
    to_step(game, "orders")
    force(game, 1, 1)
    ok(game, Command("order", "a", unit="a1"))
    since = len(game.log.events)
    force(game, 2, 2)   # the men's test (passes)
    move(game, "a1.1", (20, 30))
    said = texts(game, since)
    assert [t for t in said if "test their courage" in t] == ["b2 test their courage: faced by a tank (Renault light tank (37 mm))."]
    assert not any("Heavy tank" in t for t in said)
    tank = game.state.figures["b1.1"]
    game.rules.courage.pin(game, tank)
    assert game.rules.courage.pinned(tank) and not tank.markers.get(GbFigMark.PRONE)


def test_a_sides_view_keeps_the_draw_pile_face_down():
    """L283 "dealt a playing card face down": the other side's view blanks the card in the
    hand, and its draw pile is in no order with that card among it: the pile would give the
    card away (every card less the pile, the discards and the cards face up) and tell the
    cards still to come."""
    from game.rulesets.goodbyeeee.initiative import EVENT_DECK

    game = game_of([unit("a1", [("private", 20, 20)])], [unit("b1", [("private", 20, 100)])])
    seeded = game.dice.source
    force(game, 1, 7)   # turn 2: A rolls a natural 1 and is dealt a card face down
    to_step(game, "fire")
    ok(game, Command("end_phase", "a"))
    for _ in range(20):
        if game.state.turn == 2:
            break
        ok(game, Command("end_phase", game.state.active_side))
    game.dice.source = seeded
    (held,) = game.state.hands["a"]
    assert not held.face_up
    view = game.rules.view(game, "b")
    deck, real = view.decks[EVENT_DECK], game.state.decks[EVENT_DECK]
    assert [c.code for c in view.hands["a"]] == ["?"] and real.draw_pile
    assert deck.draw_pile == sorted(real.draw_pile + [held.code]) and held.code not in deck.discards
    assert game.rules.hides_from(game, "b") and game.rules.view(game, "a").hands["a"] == [held]
    assert game.rules.view(game, "a").decks[EVENT_DECK].draw_pile == sorted(real.draw_pile)
