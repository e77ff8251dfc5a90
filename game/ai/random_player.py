"""The baseline player: picks uniformly among the legal commands the core lists.

Its choices are not rules rolls, but they are seeded (its own PCG32, separate from the
game's dice) so a simulated game with the same seed plays out identically."""

from __future__ import annotations

from game.core.commands import Command
from game.core.game import Game
from game.core.rng import Pcg32
from game.rulesets.base import ruleset_of


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Pcg32(seed)

    def choose(self, game: Game, side: str) -> Command:
        """Uniform among the legal commands: draw from the ruleset's candidates and
        throw back any the core would refuse (rejection keeps it uniform)."""
        if game.state.over:
            raise RuntimeError("the game is over")
        with game.reading():
            pool = list(ruleset_of(game).candidate_commands(game, side))
            while pool:
                cmd = pool.pop(self.rng.below(len(pool)))
                if game.check(cmd) is None:
                    return cmd
        raise RuntimeError(f"no legal command for {side} in phase {game.state.phase}")
