"""Moves stopped by what they meet along the way: an enemy on overwatch whose arc the
mover enters, a figure standing to that first sees it, the point just before a charge
meets its target, a trench wall to climb, a gas cloud.

An engine piece any ruleset may use (issue 19's GOODBYEEEEEE!!!: overwatch, stand to,
closing fire, climbing; issue 20's suppressive fire lines). A ruleset declares its
*sources*, each finding the triggers a path meets (geometry: game/geometry/path_scan.py);
the move stops at the first, the ruleset resolves it (often by asking a player, on its job
queue: game/rulesets/jobs.py) and the move goes on from there with what is left of its
allowance, skipping the sources already met (``done``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import hypot
from typing import Protocol

from game.core.game import Game
from game.core.state import Figure

XY = tuple[float, float]


@dataclass(frozen=True)
class Trigger:
    at: float  # mm along the path from its start
    point: XY
    kind: str  # the ruleset's word: 'overwatch', 'stand_to', 'closing_fire', 'climb', 'gas'
    source: str  # what set it off: a watcher's figure id, a feature or cloud id
    side: str | None = None  # the side asked what to do (None: the rules resolve it alone)


class TriggerSource(Protocol):
    def triggers(self, game: Game, mover: Figure, path: Sequence[XY], done: frozenset[str]) -> list[Trigger]:
        """The triggers ``path`` meets (at most one per source id, the first), leaving out
        the sources in ``done`` (met earlier in the same move)."""
        ...


def triggers_along(sources: Sequence[TriggerSource], game: Game, mover: Figure, path: Sequence[XY],
                   done: frozenset[str] = frozenset()) -> list[Trigger]:
    """Every trigger the path meets, in the order the mover meets them (ties: by kind,
    then source, so the order never depends on the order of the sources). For a move's
    preview."""
    found = [t for s in sources for t in s.triggers(game, mover, path, done) if t.source not in done]
    return sorted(found, key=lambda t: (round(t.at, 6), t.kind, t.source))


def first_trigger(sources: Sequence[TriggerSource], game: Game, mover: Figure, path: Sequence[XY],
                  done: frozenset[str] = frozenset()) -> Trigger | None:
    """Where the move stops first, if anywhere."""
    found = triggers_along(sources, game, mover, path, done)
    return found[0] if found else None


def rest_of_path(path: Sequence[XY], at: float) -> list[XY]:
    """The path from ``at`` mm along it to its end (the move's remainder after a stop):
    the point ``at`` first, then the corners after it. Measured corner by corner, so a
    path that crosses itself is cut where the mover is, not where it first passed."""
    pts = [(float(x), float(y)) for x, y in path]
    if at <= 0:
        return pts
    walked = 0.0
    for k in range(1, len(pts)):
        (x0, y0), (x1, y1) = pts[k - 1], pts[k]
        seg = hypot(x1 - x0, y1 - y0)
        if seg > 0 and walked + seg > at:
            f = (at - walked) / seg
            return [(x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)] + pts[k:]
        walked += seg
    return [pts[-1], pts[-1]]
