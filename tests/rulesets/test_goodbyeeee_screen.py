"""GOODBYEEEEEE!!! (issue 19), slice 14's first part: what the play screen's sidebar and the
editor are offered (the ruleset is not in the menus yet: the solo AI and the scenarios come
next)."""

from __future__ import annotations

from tests.rulesets.helpers import ok, unit
from tests.rulesets.test_goodbyeeee_courage import game_of
from tests.rulesets.test_goodbyeeee_move import order, to_step


def labels(game, fid: str) -> list[str]:
    f = game.state.figures[fid]
    return [a.label for a in game.rules.actions(game, f.side, f.unit, fid)]


def test_the_sidebar_offers_each_step_s_commands_and_each_one_is_a_legal_command():
    a = [unit("a1", [("junior_nco", 20, 20), ("bomber", 25, 20), ("lmg_gunner", 30, 20)])]
    game = game_of(a, [unit("b1", [("private", 25, 45)])])
    to_step(game, "initiative")
    assert labels(game, "a1.2")[:2] == ["Move figures: drag or click (5 cm)", "Go prone"]
    to_step(game, "orders")
    assert labels(game, "a1.2")[:3] == ["Command roll: order the section (2d6)", "Move figures: drag or click",
                                        "Dash (25 cm): drag or click"]
    order(game, 1, 1)
    acts = {a.label: a for a in game.rules.actions(game, "a", "a1", "a1.3")}
    assert acts["Stand to: watch instead of moving"].enabled
    again = acts["Command roll: order the section (2d6)"]
    assert not again.enabled and "has had its command roll this turn" in again.reason
    to_step(game, "fire")
    acts = {a.label: a for a in game.rules.actions(game, "a", "a1", "a1.2")}
    assert acts["Fire the Rifle"].mode == "enemy_figure" and acts["Fire the Rifle"].enabled
    assert acts["Fire the Hand grenade at a point"].mode == "point"
    over = acts["Overwatch: watch the 45-degree arc ahead"]
    ok(game, over.command)


def test_the_editor_prices_troop_types_with_their_upgrades():
    game = game_of([unit("a1", [("private", 20, 20)])], [unit("b1", [("private", 20, 80)])])
    ed = game.rules.editor
    assert ed.troop_points("private") == 10 and ed.troop_points("sniper") == 30 and ed.troop_points("senior_nco") == 70
    assert ed.unit_kinds() == ("section", "vehicle", "crew")
    assert ed.template_sizes()["grenade"] == 40.0
