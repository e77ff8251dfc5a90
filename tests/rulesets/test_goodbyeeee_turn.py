"""GOODBYEEEEEE!!! (issue 19), slice 2: the turn sequence, headless, with forced dice.

Turn 1 is rolled with the seed when the game begins; no die is rolled again until the
next turn's initiative, so forcing dice anywhere in turn 1 scripts turn 2's d10s."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai.random_player import RandomPlayer
from game.catalog import load_map_doc
from game.core.commands import Command
from game.core.game import Game
from game.data.yamlio import Doc
from game.rulesets import REGISTRY
from game.rulesets.goodbyeeee.initiative import EVENT_DECK
from game.rulesets.goodbyeeee.status import GbGameAttr
from game.simulate import play_out
from tests.rulesets.helpers import (
    force,
    make_unfinished_game,
    ok,
    refused,
    replay_unfinished,
    small_map,
    unit,
)

STEPS = ["initiative", "orders", "fire"]  # the steps that wait for end_phase (the rally and close combat run by themselves)


def gb_map(sides: int = 2, turn_limit: int = 4) -> dict[str, Any]:
    doc = small_map([unit("a1", [("private", 20, 10), ("senior_nco", 25, 10)])],
                    [unit("b1", [("private", 20, 110), ("senior_nco", 25, 110)])],
                    ruleset="goodbyeeee", unit="cm", size=(120, 120), turn_limit=turn_limit)
    if sides == 3:
        doc["sides"].append({"id": "c", "name": "Side C", "home_edge": "east",
                             "units": [unit("c1", [("private", 110, 60), ("senior_nco", 110, 65)])]})
    return doc


def fresh(doc: dict[str, Any], seed: int = 1) -> Game:
    """A new game without the event cards turn 1's seeded rolls dealt: actioned at their
    player's turn, they would roll dice of their own among the forced ones."""
    game = make_unfinished_game(doc, seed=seed)
    game.state.hands.clear()
    return game


def texts(game: Game, start: int = 0) -> list[str]:
    return [e.text for e in game.log.events[start:]]


def finish_side_turn(game: Game) -> None:
    """End every step of the active side's turn."""
    side = game.state.active_side
    for _ in STEPS:
        assert game.state.active_side == side and game.rules.decision(game) is None
        ok(game, Command("end_phase", side))


def to_next_turn(game: Game) -> None:
    """End steps (and answer the direction clockwise) until the turn changes."""
    turn = game.state.turn
    for _ in range(100):
        if game.state.turn != turn:
            return
        d = game.rules.decision(game)
        if d is not None:
            ok(game, Command("choose_direction", d["side"], choice="clockwise"))
        else:
            ok(game, Command("end_phase", game.state.active_side))
    raise AssertionError("the turn never ended")


def test_playable_from_the_menu():
    assert "goodbyeeee" in REGISTRY


def test_a_turn_runs_its_steps_in_the_order_of_the_text():
    game = fresh(gb_map())
    st = game.state
    first = st.active_side
    assert st.phase == "initiative" and st.turn == 1
    assert Command("end_phase", first) in game.rules.legal_commands(game, first)
    assert game.rules.legal_commands(game, st.other_side(first)) == []
    assert "not" in refused(game, Command("end_phase", st.other_side(first)))
    seen = [st.phase]
    for _ in STEPS[:-1]:
        ok(game, Command("end_phase", first))
        seen.append(st.phase)
    assert seen == STEPS
    ok(game, Command("end_phase", first))
    assert st.active_side == st.other_side(first) and st.phase == "initiative" and st.turn == 1
    name = st.sides[first].name
    steps = [e.text for e in game.log.events if e.kind == "phase" and e.side == first and "finished" not in e.text]
    assert steps == [f"{name}: {s}." for s in ("Morale tests for troops suppressed last turn", "Moves on initiative",
                                               "Command rolls and moves", "Fire troops and weapons", "Close combat")]


def test_7_and_3_put_the_first_side_first():
    game = fresh(gb_map())
    force(game, 7, 3)
    n = len(game.log.events)
    to_next_turn(game)
    st = game.state
    assert st.turn == 2 and st.active_side == "a" and st.side_order == ["a", "b"]
    log = texts(game, n)
    assert "Initiative rolls: Side A 7, Side B 3." in log
    assert "Side A have the initiative and go first." in log
    assert not any("roll again" in t for t in log)


def test_a_tie_rolls_again_5_and_5_then_2_and_6():
    game = fresh(gb_map())
    force(game, 5, 5, 2, 6)
    n = len(game.log.events)
    to_next_turn(game)
    st = game.state
    assert st.active_side == "b" and st.side_order == ["b", "a"]
    log = texts(game, n)
    assert "Side A and Side B are equal on 5 and roll again: Side A 2, Side B 6." in log
    assert "Side B have the initiative and go first." in log
    assert st.attrs[GbGameAttr.TURN_ORDER]["rolls"] == {"a": [5, 2], "b": [5, 6]}


def put_on_top(game: Game, code: str) -> None:
    pile = game.state.decks[EVENT_DECK].draw_pile
    pile.remove(code)
    pile.insert(0, code)


@pytest.mark.parametrize("top", ["AH", "KH"])  # the lost soldier (actioned, discarded); the King of Hearts (kept)
def test_a_natural_1_deals_a_card_turned_face_up_at_that_sides_turn(top):
    game = fresh(gb_map())
    st = game.state
    st.hands.clear()  # whatever turn 1's seeded roll dealt
    put_on_top(game, top)
    force(game, 8, 1)
    n = len(game.log.events)
    to_next_turn(game)
    assert "Side B rolled a natural 1 and are dealt an event card face down." in texts(game, n)
    assert st.active_side == "a"
    assert [c.code for c in st.hands.get("b", [])] == [top] and not st.hands["b"][0].face_up
    assert game.rules.view(game, "a").hands["b"][0].code == "?"  # face down: Side A may not read it
    assert game.rules.view(game, "b").hands["b"][0].code == top
    n = len(game.log.events)
    finish_side_turn(game)
    assert st.active_side == "b" and st.phase == "initiative"
    card = game.rules.data.events.cards[top]
    turned = [t for t in texts(game, n) if card.text in t]
    assert len(turned) == 1 and card.name in turned[0]
    held = st.hands.get("b", [])
    if top == "KH":
        assert card.keep and [(c.code, c.face_up) for c in held] == [("KH", True)]
        assert game.rules.view(game, "a").hands["b"][0].code == "KH"
    else:
        assert not card.keep and held == [] and st.decks[EVENT_DECK].discards[-1] == "AH"
        assert "A lost soldier joins b1 as a rifleman." in texts(game, n) and len(st.units["b1"].figures) == 3


def test_the_event_deck_is_the_26_cards_shuffled():
    game = make_unfinished_game(gb_map())
    deck = game.state.decks[EVENT_DECK]
    cards = deck.draw_pile + deck.discards + [c.code for h in game.state.hands.values() for c in h]
    assert sorted(cards) == sorted(game.rules.data.events.cards) and len(cards) == 26
    assert cards != list(game.rules.data.events.cards)


def test_a_map_naming_it_loads_as_any_other():
    assert load_map_doc(Doc("test-map.yaml", gb_map())).model.ruleset == "goodbyeeee"


def test_a_roll_of_1_in_a_tie_re_roll_deals_nothing():
    game = fresh(gb_map())
    game.state.hands.clear()
    force(game, 4, 4, 1, 9)
    to_next_turn(game)
    assert game.state.hands.get("a", []) == [] and game.state.active_side == "b"


def test_three_sides_the_first_chooses_anticlockwise():
    game = fresh(gb_map(sides=3))
    st = game.state
    force(game, 9, 3, 2, 9, 3, 2)  # turns 2 and 3
    to_next_turn(game)
    assert st.active_side == "a" and st.attrs[GbGameAttr.TURN_ORDER]["direction"] is None
    finish_side_turn(game)
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "a"
    assert [c.choice for c in game.rules.legal_commands(game, "a")] == ["clockwise", "anticlockwise"]
    assert game.rules.legal_commands(game, "b") == []
    refused(game, Command("choose_direction", "b", choice="clockwise"))
    ok(game, Command("choose_direction", "a", choice="anticlockwise"))
    assert st.side_order == ["a", "c", "b"]
    assert "Side A choose anticlockwise: play goes Side A, Side C, Side B." in texts(game)
    assert st.active_side == "c" and st.phase == "initiative"
    finish_side_turn(game)
    assert st.active_side == "b"
    finish_side_turn(game)
    assert st.turn == 3


def test_two_sides_no_question():
    game = fresh(gb_map())
    for _ in range(3):
        to_next_turn(game)
        assert game.rules.decision(game) is None


def play_random(seed: int, sides: int = 2) -> Game:
    game = make_unfinished_game(gb_map(sides=sides, turn_limit=5), seed=seed)
    players = {s: RandomPlayer(seed + i) for i, s in enumerate(game.state.sides)}
    play_out(game, players, max_commands=500)
    return game


def test_random_players_play_to_the_turn_limit_and_the_replay_agrees():
    for sides in (2, 3):
        game = play_random(7, sides)
        assert game.state.over and game.state.turn == 5
        assert game.digest() == replay_unfinished(game).digest()


def test_simulate_seats_each_player_on_its_map_side_whoever_wins_the_first_initiative(monkeypatch):
    """GOODBYEEEEEE!!! orders the sides by the initiative roll (state.side_order): the
    players of ``simulate`` (and so of ``strength``) still sit on the map's sides in order."""
    import game.simulate as sim
    from game.catalog import load_map

    seated: list[dict[str, str]] = []
    firsts: set[str] = set()

    def capture(game, players, **kw):
        seated.append({s: p.name for s, p in players.items()})
        firsts.add(game.state.side_order[0])

    monkeypatch.setattr(sim, "play_out", capture)
    lm = load_map("maps/goodbyeeee-bombing-party.yaml")
    for seed in range(1, 7):
        sim.simulate(lm, seed, "ai", "random")
    assert firsts == {"british", "german"}  # both sides won the first initiative in these seeds
    assert all(s == {"british": "ai", "german": "random"} for s in seated)
