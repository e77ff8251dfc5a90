"""Headless games between players: the random baseline, the greedy baseline and the solo AI."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai.random_player import RandomPlayer
from game.catalog import LoadedMap, new_game
from game.core.commands import Rejected
from game.core.game import Game

MAX_COMMANDS = 50_000


class StalledGame(RuntimeError):
    pass


@dataclass
class GameReport:
    seed: int
    winner: str | None
    result: str
    turns: int
    commands: int
    digest: str

    def to_dict(self) -> dict[str, Any]:
        return self.__dict__.copy()


#: the players a headless game may seat, by name
PLAYERS = ("random", "greedy", "ai")


def make_player(kind: str, seed: int):
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        from game.ai.greedy_player import GreedyPlayer

        return GreedyPlayer(seed)
    if kind == "ai":
        from game.ai.solo_ai import SoloAI

        return SoloAI(seed)
    raise ValueError(f"unknown player kind {kind!r}")


def play_out(game: Game, players: dict[str, Any], max_commands: int = MAX_COMMANDS) -> None:
    """Let the players play until the game ends. A refused command is a bug: raise."""
    n = 0
    while not game.state.over:
        side = game.acting_side
        cmd = players[side].choose(game, side)
        res = game.submit(cmd)
        if isinstance(res, Rejected):
            raise RuntimeError(f"{players[side].name} player's command was refused: {res.reason} ({cmd})")
        n += 1
        if n >= max_commands:
            raise StalledGame(f"no result after {n} commands (turn {game.state.turn}, phase {game.state.phase})")


def simulate(lm: LoadedMap, seed: int, p1: str = "random", p2: str = "random", options=None, portals: bool = True) -> GameReport:
    """``portals`` (the default, as the game window plays): a side the solo AI plays alone
    is played by the solo rules (the ``solo_side`` option), from the map's portal markers
    when it has any; False: it starts from the map's figures."""
    options = dict(options or {})
    if portals and [p1, p2].count("ai") == 1:
        first = lm.model.first_side or lm.model.sides[0].id
        second = next(s.id for s in lm.model.sides if s.id != first)
        options["solo_side"] = first if p1 == "ai" else second
    game = new_game(lm, seed, options)
    sides = game.state.side_order
    players = {sides[0]: make_player(p1, seed * 2 + 1), sides[1]: make_player(p2, seed * 2 + 2)}
    play_out(game, players)
    st = game.state
    return GameReport(seed, st.winner, st.result, st.turn, len(game.commands), game.digest())
