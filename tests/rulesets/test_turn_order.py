"""Who goes first (game/rulesets/turn_order.py), with forced dice: the highest roll goes
first, only the sides tied for the highest roll again, the others follow by their first
roll; seats round the table in either direction."""

from __future__ import annotations

from game.core.game import Game
from game.rulesets.turn_order import left_of, roll_for_order, seats_from
from tests.rulesets.helpers import force, make_game, small_map, unit


def a_game() -> Game:
    return make_game(small_map([unit("a1", [("rifleman", 10, 40)])], [unit("b1", [("rifleman", 10, 4)])]))


def order_rolls(game: Game, first: int) -> list[tuple[str, int, str]]:
    """(reason, face, outcome) of the rolls logged since event ``first``."""
    return [(ev.roll.reason, ev.roll.faces[0], ev.roll.outcome) for ev in list(game.log)[first:] if ev.roll is not None]


def test_the_highest_roll_goes_first_and_the_other_second():
    game = a_game()
    n = len(game.log)
    force(game, 3, 7)
    assert roll_for_order(game, ["a", "b"], "d10", lambda s: f"{s} rolls") == ["b", "a"]
    assert order_rolls(game, n) == [("a rolls", 3, "goes second"), ("b rolls", 7, "goes first")]


def test_a_tie_for_the_highest_is_rolled_again_and_logged():
    game = a_game()
    n = len(game.log)
    force(game, 5, 5, 6, 2)
    assert roll_for_order(game, ["a", "b"], "d10", lambda s: f"{s} rolls") == ["a", "b"]
    assert [o for _, _, o in order_rolls(game, n)] == ["equal: roll again", "equal: roll again", "goes first", "goes second"]


def test_with_three_sides_only_the_leaders_roll_again_and_the_rest_follow_their_first_roll():
    game = a_game()
    n = len(game.log)
    # a 8, b 8, c 3: a and b roll again (4, 6): b first, then a (first roll 8), then c (3)
    force(game, 8, 8, 3, 4, 6)
    assert roll_for_order(game, ["a", "b", "c"], "d10", lambda s: f"{s} rolls") == ["b", "a", "c"]
    assert order_rolls(game, n) == [("a rolls", 8, "equal: roll again"), ("b rolls", 8, "equal: roll again"),
                                    ("c rolls", 3, "does not go first"), ("a rolls", 4, "goes second"), ("b rolls", 6, "goes first")]


def test_unranked_the_others_are_only_told_they_do_not_go_first():
    game = a_game()
    n = len(game.log)
    force(game, 2, 9, 4)
    assert roll_for_order(game, ["a", "b", "c"], "d10", lambda s: f"{s} rolls", ranked=False)[0] == "b"
    assert [o for _, _, o in order_rolls(game, n)] == ["does not go first", "goes first", "does not go first"]


def test_seats_round_the_table_either_way_and_to_the_left():
    seats = ["n", "e", "s", "w"]
    assert seats_from(seats, "s", "clockwise") == ["s", "w", "n", "e"]
    assert seats_from(seats, "s", "anticlockwise") == ["s", "e", "n", "w"]
    assert seats_from(["a", "b"], "b", "anticlockwise") == seats_from(["a", "b"], "b", "clockwise") == ["b", "a"]
    assert left_of(seats, "w") == "n" and left_of(seats, "n", 2) == "s"
