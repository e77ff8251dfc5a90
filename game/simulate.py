"""Headless games between players: the random baseline, the greedy baseline and the solo AI."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.random_player import RandomPlayer
from game.catalog import LoadedMap, new_game
from game.core.commands import Rejected
from game.core.game import Game
from game.rulesets.setup import side_order

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


def play_to_turn(game: Game, turn: int, seed: int) -> None:
    """Play on with random players (seeded from ``seed``) until ``turn`` begins or the game
    ends: the position `screenshot --turn` draws and `odds --turn` works from."""
    players = {s: make_player("random", seed * 3 + i) for i, s in enumerate(game.state.side_order)}
    guard = 0
    while game.state.turn < turn and not game.state.over and guard < MAX_COMMANDS:
        side = game.acting_side
        game.submit(players[side].choose(game, side))
        guard += 1


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


def simulate(lm: LoadedMap, seed: int, p1: str = "random", p2: str = "random", options=None, portals: bool = True,
             more: Sequence[str] = ()) -> GameReport:
    """Players ``p1`` and ``p2`` for the map's first two sides, ``more`` for any others.
    ``portals`` (the default, as the game window plays): a side the solo AI plays alone
    is played by the solo rules (the ``solo_side`` option), from the map's portal markers
    when it has any; False: it starts from the map's figures."""
    game = simulated_game(lm, seed, p1, p2, options, portals, more)
    st = game.state
    return GameReport(seed, st.winner, st.result, st.turn, len(game.commands), game.digest())


def simulated_game(lm: LoadedMap, seed: int, p1: str = "random", p2: str = "random", options=None, portals: bool = True,
                   more: Sequence[str] = ()) -> Game:
    """The game :func:`simulate` plays, played to its end."""
    options = dict(options or {})
    kinds = [p1, p2, *more]
    if len(kinds) != len(lm.model.sides):
        raise ValueError(f"{lm.model.name} has {len(lm.model.sides)} sides: name a player for each ({len(kinds)} given)")
    if portals and kinds.count("ai") == 1:
        options["solo_side"] = side_order(lm.model)[kinds.index("ai")]
    game = new_game(lm, seed, options)
    sides = side_order(lm.model)  # the map's seats (a ruleset that rolls for the initiative reorders state.side_order)
    players = {side: make_player(kind, seed * 2 + 1 + i) for i, (side, kind) in enumerate(zip(sides, kinds, strict=True))}
    play_out(game, players)
    return game
