"""Small tables for the WW2 1/35 tests (tests/rulesets/test_ww2_135_*.py): two units facing
each other, each side with a friend far off in sight so that nobody tests morale alone
(L254) unless a test asks for that."""

from __future__ import annotations

from typing import Any

from game.core.commands import Command
from game.core.game import Game
from tests.rulesets.helpers import make_unfinished_game, small_map, unit

Figs = list[tuple[str, float, float]]


def table_game(a: Figs, b: Figs, terrain: list | None = None, *, friends: bool = True, face: bool = True,
               settings: dict[str, Any] | None = None) -> Game:
    """Side a's unit a1 and side b's unit b1 on a 60" table (with a friend each in a9 and b9
    unless ``friends`` is False); ``face``: side a faces +y and side b -y, towards each other."""
    doc = small_map([unit("a1", a)] + ([unit("a9", [("us_rifleman", 2, 2)])] if friends else []),
                    [unit("b1", b)] + ([unit("b9", [("de_rifleman", 58, 58)])] if friends else []),
                    terrain=terrain, ruleset="ww2-135", size=(60, 60), settings=settings)
    game = make_unfinished_game(doc)
    if face:
        for f in game.state.figures.values():
            f.facing = 90.0 if f.side == "a" else 270.0
    return game


def refused(game: Game, cmd: Command) -> str:
    """Why ``cmd`` is refused (it must be)."""
    res = game.submit(cmd)
    assert not res.ok
    return res.reason


def rolls(game: Game) -> list:
    return [e.roll for e in game.log.events if e.roll]
