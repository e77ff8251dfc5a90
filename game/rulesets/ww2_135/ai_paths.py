"""My 1/35th Scale WWII Skirmish's solo AI: which of its planned moves a friend's base
blocks, worked out for all of them at once."""

from __future__ import annotations

from math import hypot

import numpy as np

from game.core.commands import Command
from game.core.game import Game
from game.core.state import Figure
from game.geometry.segtest import seg_point_d2

#: how far (mm) inside touching distance a friend's base must be for a move past it to be
#: dropped unchecked (the collider's own slack is a hundredth of a millimetre)
BLOCK_MARGIN = 0.1


def unblocked(game: Game, f: Figure, moves: list[Command]) -> list[Command]:
    """``moves`` (straight, one leg each) less those the move's check would refuse as
    blocked by a base of ``f``'s own side (the check sweeps ``f``'s base along the path,
    game/geometry/collider.py): one whose leg passes a tenth of a millimetre or more
    inside touching distance of a friend's base it does not touch already. The AI
    proposed them in number (each refused by a costly check) as a unit closed up."""
    if not moves:
        return moves
    bases = np.array([(g.x, g.y, f.radius + g.radius - BLOCK_MARGIN) for g in game.state.side_figures(f.side)
                      if g.id != f.id and hypot(g.x - f.x, g.y - f.y) >= f.radius + g.radius + BLOCK_MARGIN]).reshape(-1, 3)
    if not len(bases):
        return moves
    ends = np.array([c.path[0] for c in moves], dtype=float)
    d2 = seg_point_d2(f.x, f.y, ends[:, None, 0] - f.x, ends[:, None, 1] - f.y, bases[None, :, 0], bases[None, :, 1])
    return [c for c, hit in zip(moves, (d2 < bases[None, :, 2] ** 2).any(axis=1).tolist(), strict=True) if not hit]
