"""Sight between figures as the rules ask for it, kept across commands: single sight
lines (:meth:`SightMixin.los`), many fetched in one vectorised pass beforehand
(:meth:`SightMixin.prefetch_sight`), element-wise pairs (:meth:`SightMixin.sight_pairs`)
and the matrix of every pair of a list of figures (:meth:`SightMixin.kept_sight`), which
single questions then read. Every answer is keyed by the points and the terrain's
version, so a kept one is always the one the geometry module would give now. Mixed into
:class:`game.rulesets.base.RulesetBase`.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import hypot

import numpy as np

from game.core.game import Game
from game.core.state import Figure
from game.geometry.los import (
    LosMatrix,
    LosResult,
    line_of_sight,
    los_matrix,
    los_matrix_update,
    los_pairs,
    matrix_result,
    sight_pairs_both_ways,
)

#: sight lines kept by :meth:`SightMixin.los` across commands
LOS_KEPT = 50_000


#: sight matrices kept besides the last one, by the figures and where they stand (the store
#: starts again when full)
RECENT_MATRICES = 8


@dataclass
class KeptSight:
    """The last sight matrix worked out (:meth:`SightMixin.kept_sight`) and what it is of."""

    ids: tuple[str, ...]
    terrain: tuple[int, int]  # id and version of the table
    pos: tuple[tuple[float, float], ...]
    matrix: LosMatrix
    index: dict[tuple[float, float], int]  # where each point stands in the matrix
    rows: dict[str, int]  # each figure's row


class SightMixin:
    def los(self, game: Game, a: Figure | tuple[float, float], b: Figure | tuple[float, float]) -> LosResult:
        """Sight from a to b, kept per terrain version (the same pair is asked often);
        read from the kept sight matrix when both points are in it."""
        pa = (a.x, a.y) if isinstance(a, Figure) else a  # (its pos, read directly: asked very often)
        pb = (b.x, b.y) if isinstance(b, Figure) else b
        table = game.table
        key = (pa, pb, id(table), table.version)
        kept_lines = game.kept.get("los")
        res = kept_lines.get(key) if kept_lines is not None else None
        if res is None:
            kept = self._kept_sight(game)
            i, j = (kept.index.get(pa), kept.index.get(pb)) if kept is not None else (None, None)
            if kept is not None and i is not None and j is not None and pa != pb:
                res = matrix_result(game.table, kept.matrix, i, j, pa, pb)
            else:
                res = line_of_sight(game.table, pa, pb)
            game.store("los", 1, LOS_KEPT)[key] = res
        return res

    @staticmethod
    def _kept_sight(game: Game) -> KeptSight | None:
        """The kept sight matrix (:meth:`sight_matrix`), when it is of the present terrain."""
        kept: KeptSight | None = game.kept.get("sight_matrix")
        if kept is None or kept.terrain != (id(game.table), game.table.version):
            return None
        return kept

    def prefetch_sight(self, game: Game, observers: list[Figure], targets: list[Figure], within: float | None = None) -> None:
        """Work out in one vectorised pass the sight between every observer and target
        (no farther apart than ``within`` mm) that :meth:`los` has not got yet, both ways,
        so that the many single questions that follow (which shots can be taken, ...) are
        answered from the cache."""
        cache = game.kept.get("los", {})
        tv = (id(game.table), game.table.version)
        kept = self._kept_sight(game)
        at = kept.index if kept is not None else {}
        ends = [t.pos for t in targets]  # (each position made once, not once a pair)
        starts = [o.pos for o in observers]
        if all(p in at for p in starts) and all(p in at for p in ends):
            return  # (most often: every line is in the kept sight matrix)
        todo = sorted({(pa, pb) for pa in starts for pb in ends
                       if pa != pb and not (pa in at and pb in at) and (pa, pb, *tv) not in cache
                       and (within is None or hypot(pa[0] - pb[0], pa[1] - pb[1]) <= within)})
        if len(todo) < 2:
            return
        cache = game.store("los", 2 * len(todo), LOS_KEPT)
        for (pa, pb), (there, back) in zip(todo, sight_pairs_both_ways(game.table, [a for a, _ in todo], [b for _, b in todo]),
                                           strict=True):
            cache[(pa, pb, *tv)] = there
            cache.setdefault((pb, pa, *tv), back)

    def sight_pairs(self, game: Game, observers: list[tuple[float, float]], targets: list[tuple[float, float]]):
        """Sight from observers[k] to targets[k] for every k at once: (visible, cover of
        the target) arrays, as :meth:`los` gives them one pair at a time."""
        if not observers:
            return np.zeros(0, dtype=bool), np.zeros(0, dtype=np.int8)
        visible, cover, _ = los_pairs(game.table, observers, targets)
        return visible, cover

    def sight_matrix(self, game: Game, figures: list[Figure]) -> LosMatrix:
        """Sight between every pair of the figures (kept until a figure or the terrain
        changes: after a shot nothing has moved; after a move only the movers' lines are
        worked out again)."""
        return self.kept_sight(game, figures).matrix

    def kept_sight(self, game: Game, figures: list[Figure]) -> KeptSight:
        """:meth:`sight_matrix` with what it is of: the figures' rows and positions."""
        ids = tuple(f.id for f in figures)
        pos = tuple(f.pos for f in figures)
        tv = (id(game.table), game.table.version)
        pts = np.array(pos, dtype=float).reshape(-1, 2)
        kept: KeptSight | None = game.kept.get("sight_matrix")
        same_terrain = kept is not None and kept.terrain == tv
        if kept is not None and same_terrain and (kept.ids, kept.pos) == (ids, pos):
            return kept
        # the same figures where they stood a few matrices ago (a command resolved again
        # and again for its odds, each time from the same state: the same few outcomes)
        hit = game.kept.get("sight_matrix_recent", {}).get((ids, pos, tv))
        if hit is not None:
            game.kept["sight_matrix"] = hit
            return hit
        if kept is not None and same_terrain:
            # figures that stand where they stood keep their sight lines (others moved,
            # fell or came on since)
            was = {fid: (k, p) for k, (fid, p) in enumerate(zip(kept.ids, kept.pos, strict=True))}
            source = []
            for fid, q in zip(ids, pos, strict=True):
                k, p = was.get(fid, (-1, None))
                source.append(k if p == q else -1)
            fresh = source.count(-1)
            m = los_matrix_update(game.table, kept.matrix, pts, source) if 3 * fresh <= len(ids) else los_matrix(game.table, pts)
        else:
            m = los_matrix(game.table, pts)
        kept = game.kept["sight_matrix"] = KeptSight(ids, tv, pos, m, {p: i for i, p in enumerate(pos)},
                                                     {fid: i for i, fid in enumerate(ids)})
        game.store("sight_matrix_recent", 1, RECENT_MATRICES)[(ids, pos, tv)] = kept
        return kept

