"""Solo interpretation portal-hold: a side played from portal markers holds, at the end
of the game, an objective no other side holds (its forces are hidden around it)."""

from game.catalog import load_map, new_game
from game.core import victory
from game.core.keys import StateKey

MAP = "maps/open-field-encounter.yaml"


def farm(game):
    return game.state.attrs[StateKey.VICTORY]["objectives"]["farm"]


def test_a_portal_side_holds_at_the_end_what_no_enemy_took():
    game = new_game(load_map(MAP), 1, {"solo_side": "german"})
    st, obj = game.state, farm(game)
    assert victory.objective_holder(st, obj) is None
    assert victory.holds(st, "german", obj, at_end=True)
    assert not victory.holds(st, "german", obj, at_end=False)  # an instant win needs figures there
    assert not victory.holds(st, "british", obj, at_end=True)  # the player's side must take it
    assert victory.evaluate(st, "end")[0] == "german"
    tommy = next(f for f in st.figures.values() if f.side == "british" and f.alive)
    tommy.x, tommy.y = obj["x"], obj["y"]
    assert not victory.holds(st, "german", obj, at_end=True)  # taken: the British hold it
    winner, words = victory.evaluate(st, "end")
    assert winner == "british" and "hidden" not in words


def test_from_its_figures_a_side_holds_only_what_its_figures_hold():
    game = new_game(load_map(MAP), 1)
    st, obj = game.state, farm(game)
    assert not victory.holds(st, "german", obj, at_end=True)
    assert victory.evaluate(st, "end")[0] is None  # a draw, as before
