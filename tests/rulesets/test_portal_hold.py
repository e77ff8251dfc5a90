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


GLOOMFORD = "maps/wwify-gloomford-crossing.yaml"


def test_a_hidden_marker_within_an_objective_keeps_the_player_from_holding_it():
    game = new_game(load_map(GLOOMFORD), 1, {"solo_side": "horde"})
    st = game.state
    obj = st.attrs[StateKey.VICTORY]["objectives"]["grimhold"]
    inside = [m for m in st.markers.values() if m.side == "horde" and ((m.x - obj["x"]) ** 2 + (m.y - obj["y"]) ** 2) ** 0.5 <= obj["radius"]]
    assert [m.kind for m in inside] == ["portal"]  # the marker 3" behind the bunker, on the map
    knight = next(f for f in st.figures.values() if f.side == "alliance" and f.alive)
    knight.x, knight.y = obj["x"], obj["y"] + obj["radius"] / 2
    assert victory.hidden_marker_at(st, obj, "alliance")
    assert victory.objective_holder(st, obj) is None
    assert victory.evaluate(st, "turn_end") is None  # the Alliance does not hold it at a turn's end
    assert not game.rules.turn_end_decides(game)
    said = [e.line for e in game.log.events if e.kind == "solo" and "Bunker Grimhold" in e.line]
    assert said == ["Alliance of the Free Folk stand in Bunker Grimhold, but a marker of Iron Horde stands there too: its hidden "
                    "forces keep it from them (solo rules: drive the marker off or see it revealed)."]
    inside[0].secret = False  # a revealed counter stands for nothing hidden
    assert victory.objective_holder(st, obj) == "alliance"
    inside[0].secret = True
    del st.markers[inside[0].id]  # driven off or eliminated
    assert victory.objective_holder(st, obj) == "alliance"
    assert victory.evaluate(st, "turn_end")[0] == "alliance"


def test_markers_contest_only_for_a_side_played_from_them():
    game = new_game(load_map(GLOOMFORD), 1)  # both sides from their figures: no markers
    st = game.state
    obj = st.attrs[StateKey.VICTORY]["objectives"]["grimhold"]
    assert not st.markers
    knight = next(f for f in st.figures.values() if f.side == "alliance" and f.alive)
    knight.x, knight.y = obj["x"], obj["y"] + obj["radius"] / 2
    horde_there = [f for f in st.figures.values() if f.side == "horde" and f.alive
                   and ((f.x - obj["x"]) ** 2 + (f.y - obj["y"]) ** 2) ** 0.5 <= obj["radius"]]
    for f in horde_there:
        f.x, f.y = obj["x"] + 20 * 25.4, obj["y"] + 20 * 25.4
    assert victory.objective_holder(st, obj) == "alliance"
