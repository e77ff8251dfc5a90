"""Figures of different sides sharing a troop name are told apart by their side's word
(game/core/names.py), so a log line says who beat whom."""

from game.core.names import new_figure_name, plain_name, side_word
from tests.rulesets.helpers import make_game, small_map, unit


def two_sides(a_name: str, b_name: str):
    a = [unit("a1", [("junior_nco", 20, 20), ("private", 25, 20)], kind="section")]
    b = [unit("b1", [("private", 20, 60), ("lmg_gunner", 25, 60)], kind="section")]
    doc = small_map(a, b, ruleset="goodbyeeee", unit="cm", size=(80, 80), turn_limit=2)
    doc["sides"][0]["name"], doc["sides"][1]["name"] = a_name, b_name
    return make_game(doc)


def test_a_name_both_sides_carry_gets_each_side_s_word():
    game = two_sides("British, with tanks", "German garrison")
    st = game.state
    names = {fid: f.name for fid, f in st.figures.items()}
    assert names == {"a1.1": "Lance corporal", "a1.2": "British Private (rifleman)",
                     "b1.1": "German Private (rifleman)", "b1.2": "LMG gunner"}  # only the shared name
    assert side_word(st, "a") == "British" and plain_name(st, st.figures["b1.1"]) == "Private (rifleman)"
    # a figure joining in play (a portal's section, an event's straggler) follows the same rule
    assert new_figure_name(st, "b", "Private (rifleman)") == "German Private (rifleman)"
    assert new_figure_name(st, "b", "Lance corporal") == "German Lance corporal"
    assert new_figure_name(st, "b", "Sniper") == "Sniper"


def test_sides_whose_names_start_alike_keep_the_names_as_they_are():
    game = two_sides("Side A", "Side B")
    assert {f.name for f in game.state.figures.values()} == {"Lance corporal", "Private (rifleman)", "LMG gunner"}
    assert side_word(game.state, "a") is None
    assert new_figure_name(game.state, "b", "Lance corporal") == "Lance corporal"
