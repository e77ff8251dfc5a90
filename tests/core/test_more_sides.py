"""Maps of up to four sides, for rulesets written for more than two players (issue 19's
GOODBYEEEEEE!!!): refused by a two-side ruleset with the reason, seated round the table,
played headless by as many players, shown one row per side on the New game screen.

No shipped ruleset allows more than two sides yet, so the tests let the Great War ruleset
seat three (its data class's MAX_SIDES) for the length of a test."""

from __future__ import annotations

import pytest

from game.catalog import load_map_doc, load_ruleset
from game.data.errors import DataError
from game.data.yamlio import Doc
from game.simulate import simulate
from tests.rulesets.helpers import three_sides


@pytest.fixture
def seats_three(monkeypatch):
    monkeypatch.setattr(type(load_ruleset("great-war-54mm").data), "MAX_SIDES", 3)


def test_a_two_side_ruleset_refuses_a_third_side_and_says_what_to_do():
    with pytest.raises(DataError) as e:
        load_map_doc(Doc("three.yaml", three_sides()))
    assert "sides" in str(e.value) and "played by 2 sides at most; this map has 3: remove 1 of them" in str(e.value)


def test_more_than_four_sides_is_refused_for_any_ruleset(seats_three):
    doc = three_sides()
    doc["sides"] += [{**doc["sides"][2], "id": f"x{i}", "units": []} for i in range(2)]
    with pytest.raises(DataError, match="at most 4"):
        load_map_doc(Doc("five.yaml", doc))


def test_three_sides_sit_round_the_table_from_the_first_and_all_play(seats_three):
    lm = load_map_doc(Doc("three.yaml", three_sides(first="b")))
    from game.catalog import new_game

    game = new_game(lm, 1)
    assert game.state.side_order == ["b", "c", "a"]  # clockwise from b, not b then the rest in file order
    rep = simulate(lm, 3, "random", "random", more=["random"])
    assert rep.turns == 2 and rep.winner is None  # the turn limit, no winner
    again = simulate(lm, 3, "random", "random", more=["random"])
    assert again.digest == rep.digest
    with pytest.raises(ValueError, match="has 3 sides: name a player for each"):
        simulate(lm, 3, "random", "random")


def test_every_side_acts_in_a_three_side_game(seats_three):
    from game.ai.random_player import RandomPlayer
    from game.catalog import new_game

    game = new_game(load_map_doc(Doc("three.yaml", three_sides())), 5)
    players = {s: RandomPlayer(i) for i, s in enumerate(game.state.side_order)}
    acted: set[str] = set()
    while not game.state.over:
        side = game.acting_side
        cmd = players[side].choose(game, side)
        assert game.submit(cmd).ok
        acted.add(cmd.side)
    assert acted == {"a", "b", "c"}
