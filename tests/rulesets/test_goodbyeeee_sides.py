"""GOODBYEEEEEE!!! (issue 19), slice 13: three and four players, and allies (a map's
``team:``): allied sides do not fight each other; everyone else is an enemy."""

from __future__ import annotations

from typing import Any

from game.ai.random_player import RandomPlayer
from game.core.commands import Command
from game.core.game import Game
from game.simulate import play_out
from tests.rulesets.gb_kit import to_step
from tests.rulesets.helpers import (
    first_going,
    ok,
    refused,
    replay_unfinished,
    small_map,
    unit,
)


def four_sides(teams: bool) -> dict[str, Any]:
    doc = small_map([unit("a1", [("junior_nco", 20, 20), ("private", 25, 20), ("private", 30, 20)])],
                    [unit("b1", [("junior_nco", 20, 100), ("private", 25, 100), ("private", 30, 100)])],
                    ruleset="goodbyeeee", unit="cm", size=(120, 120), turn_limit=5)
    doc["sides"].append({"id": "c", "name": "Side C", "home_edge": "east",
                         "units": [unit("c1", [("junior_nco", 100, 60), ("private", 100, 65), ("private", 100, 55)])]})
    doc["sides"].append({"id": "d", "name": "Side D", "home_edge": "west",
                         "units": [unit("d1", [("junior_nco", 10, 60), ("private", 10, 65), ("private", 10, 55)])]})
    if teams:
        for s, team in zip(doc["sides"], ("entente", "central", "entente", "central"), strict=True):
            s["team"] = team
    return doc


def a_first(doc: dict[str, Any]) -> Game:
    return first_going(doc)


def test_allies_are_not_enemies_and_may_not_be_shot():
    game = a_first(four_sides(teams=True))
    st = game.state
    assert st.enemies_of("a") == [s for s in st.side_order if s in ("b", "d")]
    assert game.rules.enemy_figures(game, "a") and all(f.side in ("b", "d") for f in game.rules.enemy_figures(game, "a"))
    st.figures["c1.2"].x, st.figures["c1.2"].y = 250.0, 400.0  # an ally 20 cm in front
    st.figures["d1.2"].x, st.figures["d1.2"].y = 300.0, 400.0  # an enemy beside it
    to_step(game, "fire")
    assert "Choose an enemy figure" in refused(game, Command("fire", "a", figure="a1.2", target="c1.2"))
    assert game.rules.is_legal(game, Command("fire", "a", figure="a1.2", target="d1.2"))


def test_without_teams_every_other_side_is_an_enemy():
    game = a_first(four_sides(teams=False))
    assert sorted(game.state.enemies_of("a")) == ["b", "c", "d"]


def test_four_players_play_a_whole_game_with_the_random_baseline_and_replay_it():
    for teams in (False, True):
        game = a_first(four_sides(teams))
        play_out(game, {s: RandomPlayer(7 + i) for i, s in enumerate(game.state.sides)})
        assert game.state.over
        assert {"choose_direction", "order"} <= {c.kind for c in game.commands}
        assert replay_unfinished(game).state.digest() == game.state.digest()


def test_a_team_on_a_two_player_map_of_another_ruleset_changes_nothing_of_its_enemies():
    from game.catalog import load_map_doc, new_game
    from game.data.yamlio import Doc

    doc = small_map([unit("a1", [("rifleman", 10, 10)])], [unit("b1", [("rifleman", 10, 30)])])
    doc["sides"][0]["team"] = "x"
    game = new_game(load_map_doc(Doc("t.yaml", doc)), seed=1)
    assert game.state.enemies_of("a") == ["b"]
    ok(game, Command("end_phase", game.state.active_side))
