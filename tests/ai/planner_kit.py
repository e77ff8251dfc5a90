"""Shared helpers for the solo AI planners' tests: give a unit its chart order without
dicing, and list the commands its planner gives it."""

from __future__ import annotations

from game.core.commands import Command
from game.core.game import Game


def order(game: Game, uid: str, what: str) -> None:
    """Give a unit its solo order for this turn without dicing for it."""
    u = game.state.units[uid]
    u.markers["solo_order"] = what
    u.markers["solo_turn"] = game.state.turn


def cmds(game: Game, uid: str) -> list[Command]:
    u = game.state.units[uid]
    return list(game.rules.planner.unit_commands(game, u.side, u, {}))


def first_legal(game: Game, uid: str, memo: dict | None = None) -> Command:
    u = game.state.units[uid]
    for c in game.rules.planner.unit_commands(game, u.side, u, {} if memo is None else memo):
        if game.check(c) is None:
            return c
    raise AssertionError(f"no legal command for {uid}")
