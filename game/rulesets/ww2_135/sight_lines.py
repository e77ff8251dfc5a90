"""The features a sight line crosses, as My 1/35th Scale WWII Skirmish reads them (sight.py),
kept per line and worked out for many lines at once.

:class:`~game.rulesets.ww2_135.sight.W135Sight` reads every feature a sight line crosses
(walls and hedges by the height tester, a line feature's cover within its reach of the
target). The shared sight line gives them one line at a time (``LosResult.crossings``: an
exact evaluation of the shared routine for each line, and a GEOS intersection for every
feature it crosses), which cost most of a side-turn when many lines are new at once: every
figure of a side at every enemy as the side's turn ends, the holders of opportunity fire at
a figure that acted. :func:`work_out` runs the same routine (``game.geometry.los._evaluate_idx``,
exact, as the crossings do) once over all of them. What sight.py reads of a crossing beyond
its feature and effect is worked out when it is read: how far the stretch of the line inside
the feature is from either end, which matters only near an end (a man at his own hedge), so
the feature's distance from the end's point, no more than that and cheap to work out for all
points at once, answers most questions (:meth:`Line.within`), and the rest are worked out
by arithmetic on the feature's edges near an end (:func:`stretch_ends`), by GEOS farther; and the
shared order of the crossings (nearest the observer first), which matters only for naming
the first of several things that block the view (:meth:`Line.first`).
tests/rulesets/test_ww2_135_sight_lines.py holds each record to the shared sight line's.

A record is a fact of the two points and the terrain alone, so it is kept in the shared sight
lines' store (``los``, which a side's knowledge game shares with the real one,
game/ai/knowledge.py) under a key of its own naming the points and the terrain's version.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import numpy as np
import shapely
from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry

from game.core.game import Game
from game.geometry.los import EFFECTS, _evaluate_idx, distinct_points, kept_point_info
from game.geometry.table import as_points
from game.geometry.terrain import TerrainFeature
from game.rulesets.sight import LOS_KEPT

XY = tuple[float, float]
#: the kept store the records share with the shared sight lines, and their keys' first word
STORE = "los"
WORD = "w135_line"
#: the kept store of what each point stands in (the shared routine's first step), per terrain
POINTS = "w135_points"
POINTS_KEPT = 20_000
#: sight lines per vectorised pass (the shared routine keeps crossings for up to 16384)
CHUNK = 4096
#: terrain the height tester decides (L100 "walls and bushes"; a hedge is a line of bushes)
HEIGHTED = frozenset({"wall", "hedge"})
#: terrain that always hinders a standing figure (L100)
FENCES = frozenset({"fence"})
#: mm: far more than GEOS's rounding between a feature's distance from a point and the
#: distance of the line's stretch inside it (the stretch's ends are worked out, not given)
SLACK = 1e-6
#: mm: a wall, hedge or fence crossed this near an end of the line has its stretch's ends
#: worked out by arithmetic (stretch_ends) when read, farther by GEOS (a man at his own wall
#: or hedge, whose base and the feature's reach are within it, is what is asked most)
NEAR = 50.0
#: mm: an end of a line this near a feature's edge has the stretch's ends worked out by GEOS
#: (GEOS's rounding and the arithmetic's differ by up to 1e-7 mm within 1e-5 mm of an edge)
EDGE_HAIR = 1e-4


class Crossed:
    """One feature a sight line crosses: its strongest effect on the line as the shared
    sight rules give it (and on the same line looked along the other way: ``back``), its
    place in the table, and how far (mm) the feature is from the observer's point and from
    the target's: no farther than the stretch of the line inside it."""

    __slots__ = ("feature", "effect", "back", "rank", "near_obs", "near_tgt")

    def __init__(self, feature: TerrainFeature, effect: str, back: str, rank: int, near_obs: float, near_tgt: float) -> None:
        self.feature, self.effect, self.back, self.rank = feature, effect, back, rank
        self.near_obs, self.near_tgt = near_obs, near_tgt

    def turned(self) -> Crossed:
        """The same crossing on the line looked along the other way."""
        return Crossed(self.feature, self.back, self.effect, self.rank, self.near_tgt, self.near_obs)


class Line:
    """A sight line from ``a`` to ``b``: its length (mm) and the features it crosses, in
    table order."""

    __slots__ = ("a", "b", "distance", "crossed", "_ends")

    def __init__(self, a: XY, b: XY, distance: float, crossed: tuple[Crossed, ...]) -> None:
        self.a, self.b, self.distance, self.crossed = a, b, distance, crossed
        self._ends: dict[int, tuple[float, float]] | None = None

    def turned(self) -> Line:
        """The sight line from ``b`` to ``a``: the same features crossed (the shared routine
        works out a line and its reverse by the same arithmetic), each with its effect
        looked at from ``b``; the stretches' ends are worked out on it when asked, as on a
        line worked out afresh."""
        return Line(self.b, self.a, self.distance, tuple(c.turned() for c in self.crossed))

    def ends(self, c: Crossed) -> tuple[float, float]:
        """How far the stretch of the line inside ``c``'s feature is from ``a`` and from
        ``b`` (NaN when the line only touches the footprint): by arithmetic on the
        feature's edges (:func:`stretch_ends`) for a wall, hedge or fence crossed near an
        end of the line (within :data:`NEAR` mm: a man at his own wall, what :meth:`within`
        asks most), else as the GEOS intersection gives it."""
        kept = self._ends
        if kept is None:
            kept = self._ends = {}
        got = kept.get(c.rank)
        if got is None:
            if c.feature.is_line and min(c.near_obs, c.near_tgt) <= NEAR:
                got = stretch_ends(self.a, self.b, c.feature.area)
            else:
                where = LineString([self.a, self.b]).intersection(c.feature.area)
                got = (where.distance(Point(self.a)), where.distance(Point(self.b)))
            kept[c.rank] = got
        return got

    def within(self, c: Crossed, at_target: bool, radius: float, reach: float) -> bool:
        """The stretch of the line inside ``c``'s feature is within ``reach`` (mm) of the
        edge of the base (``radius``) at the target's end (``at_target``) or the observer's."""
        if (c.near_tgt if at_target else c.near_obs) - radius > reach + 1e-6 + SLACK:
            return False
        return self.ends(c)[1 if at_target else 0] - radius <= reach + 1e-6

    def first(self, named: list[tuple[Crossed, str]]) -> str:
        """Of crossings with words, the words of the one the shared crossings list first:
        nearest ``a`` (where the line's stretch inside it begins), then in table order."""
        if len(named) < 2:
            return named[0][1] if named else ""
        # the stretch inside a feature is no nearer ``a`` than the feature is: worked out
        # for the nearest features only, until the next is farther than the nearest stretch
        best: tuple[tuple[float, int], str] | None = None
        for c, words in sorted(named, key=lambda cw: (cw[0].near_obs, cw[0].rank)):
            if best is not None and c.near_obs > best[0][0] + SLACK:
                break
            place = self.place(c)
            if best is None or place < best[0]:
                best = (place, words)
        assert best is not None
        return best[1]

    def place(self, c: Crossed) -> tuple[float, int]:
        """Where ``c`` comes in the shared crossings: by the distance from ``a`` of the line's
        stretch inside it (a footprint only touched, with no stretch, last, as numpy sorts
        NaN), then in table order."""
        start = self.ends(c)[0] if self.a != self.b else Point(self.a).intersection(c.feature.area).distance(Point(self.a))
        return (math.inf if math.isnan(start) else start, c.rank)


def line(game: Game, a: XY, b: XY) -> Line:
    """The sight line from ``a`` to ``b`` (kept; turned from the line ``b`` to ``a`` when
    that is kept, else worked out alone)."""
    table = game.table
    kept = game.kept.get(STORE, {})
    hit: Line | None = kept.get((WORD, a, b, id(table), table.version))
    if hit is None:
        back: Line | None = kept.get((WORD, b, a, id(table), table.version))
        hit = game.store(STORE, 1, LOS_KEPT)[(WORD, a, b, id(table), table.version)] = (
            back.turned() if back is not None else _batch(game, [(a, b)])[0])
    return hit


def is_kept(game: Game) -> Callable[[XY, XY], bool]:
    """Whether the sight line a-b is kept now (asked of many pairs: the store and the
    terrain's version read once), for callers that weigh pairs before :func:`work_out`."""
    table = game.table
    kept, t, v = game.kept.get(STORE, {}), id(table), table.version
    return lambda a, b: (WORD, a, b, t, v) in kept


def work_out(game: Game, pairs: Iterable[tuple[XY, XY]]) -> None:
    """Work out in one pass the sight lines ``a`` to ``b`` of ``pairs`` not kept yet (a
    line whose reverse is kept is turned from it: the enemy's looks at a side in its turn
    are most of that side's looks back in the next)."""
    table = game.table
    tv = (id(table), table.version)
    kept = game.kept.get(STORE, {})
    todo = {(a, b) for a, b in pairs if (WORD, a, b, *tv) not in kept}
    turned = [(a, b, back) for a, b in todo if (back := kept.get((WORD, b, a, *tv))) is not None]
    fresh = sorted(todo.difference((a, b) for a, b, _ in turned))
    if len(fresh) < 2 and not turned:
        return
    store = game.store(STORE, len(todo), LOS_KEPT)
    for a, b, back in turned:
        store[(WORD, a, b, *tv)] = back.turned()
    if len(fresh) < 2:
        return
    for lo in range(0, len(fresh), CHUNK):
        part = fresh[lo:lo + CHUNK]
        for (a, b), rec in zip(part, _batch(game, part), strict=True):
            store[(WORD, a, b, *tv)] = rec


def _batch(game: Game, pairs: list[tuple[XY, XY]]) -> list[Line]:
    """The records of the sight lines ``pairs``, at most :data:`CHUNK` of them."""
    idx = game.table.index
    m = len(pairs)
    # the distinct points, in sorted order (the shared routine's answer depends only on them)
    order, wa, wb = distinct_points([p for p, _ in pairs], [q for _, q in pairs])
    pts = as_points(order)
    # what each point stands in: mostly the same few points (the figures') batch after batch
    rows = game.store(POINTS, 1, 4).setdefault((id(game.table), game.table.version), {})
    if len(rows) > POINTS_KEPT:
        rows.clear()
    info = kept_point_info(idx, order, rows)
    res = _evaluate_idx(idx, pts, np.asarray(wa, dtype=np.intp), np.asarray(wb, dtype=np.intp), exact=True, info=info,
                        crossings_only=True)
    assert res.effect_ji is not None  # (worked out for exact batches)
    s, f, effect, back = res.s.tolist(), res.f.tolist(), res.effect_ij.tolist(), res.effect_ji.tolist()
    out: list[list[Crossed]] = [[] for _ in range(m)]
    if s:
        feats = idx.features
        # each crossed feature's distance from each point (a small matrix: the figures' points
        # by the few features the lines cross)
        cols = sorted(set(f))
        col = {k: j for j, k in enumerate(cols)}
        near = shapely.distance(shapely.points(pts)[:, None], idx.areas[cols][None, :]).tolist()
        for k, fk in enumerate(f):
            sk, j = s[k], col[fk]
            out[sk].append(Crossed(feats[fk], EFFECTS[effect[k]], EFFECTS[back[k]], fk, near[wa[sk]][j], near[wb[sk]][j]))
    a, b = pts[wa], pts[wb]
    dist = np.hypot(b[:, 0] - a[:, 0], b[:, 1] - a[:, 1]).tolist()
    return [Line(p, q, d, tuple(x)) for (p, q), d, x in zip(pairs, dist, out, strict=True)]


def ring_edge_list(area: BaseGeometry) -> list[tuple[float, float, float, float]]:
    """The straight edges of ``area``'s rings as (px, py, qx, qy), holes and every part of a
    multi-polygon included (kept: features never change)."""
    hit = _EDGE_LISTS.get(id(area))
    if hit is None or hit[0] is not area:
        if len(_EDGE_LISTS) >= EDGES_KEPT:  # (a table's features are few; tables come and go)
            _EDGE_LISTS.clear()
        polys = getattr(area, "geoms", [area])
        rings = [list(r.coords) for g in polys for r in (g.exterior, *g.interiors)]
        hit = _EDGE_LISTS[id(area)] = (area, [(float(p[0]), float(p[1]), float(q[0]), float(q[1]))
                                              for c in rings for p, q in zip(c, c[1:], strict=False)])
    return hit[1]


_EDGE_LISTS: dict[int, tuple[BaseGeometry, list[tuple[float, float, float, float]]]] = {}
EDGES_KEPT = 512


def stretch_ends(a: XY, b: XY, area: BaseGeometry) -> tuple[float, float]:
    """How far the stretch of the segment a-b inside ``area`` is from ``a`` and from ``b``
    (NaN when it does not meet the area), as the GEOS intersection's distances give them
    (:meth:`Line.ends`), by arithmetic on the area's edges, one at a time: 0 from an end
    inside (or on) the area, else the distance of the nearest place the segment meets an
    edge. A segment running along an edge, meeting one at a grazing angle, of no length, or
    with an end on or a hair from an edge, is worked out by GEOS, whose own rounding decides
    there whether the segment meets the area at all."""
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    sd = abs(dx) + abs(dy)
    length = float(np.hypot(dx, dy))
    first = last = math.inf  # the least t of a meeting along a-b, and of 1 - t
    delicate = length <= 0
    near_a = near_b = math.inf  # the squared distances of a and of b from the nearest edge
    for px, py, qx, qy in ring_edge_list(area):
        ex, ey = qx - px, qy - py
        wx, wy = px - ax, py - ay
        den = dx * ey - dy * ex
        scale = sd * (abs(ex) + abs(ey))
        if abs(den) <= 1e-12 * scale:  # parallel: running along it?
            if abs(wx * dy - wy * dx) <= 1e-9 * (sd + 1.0):
                delicate = True
        else:
            t = (wx * ey - wy * ex) / den
            u = (wx * dy - wy * dx) / den
            if -1e-12 <= t <= 1 + 1e-12 and -1e-12 <= u <= 1 + 1e-12:
                tc = min(max(t, 0.0), 1.0)
                first, last = min(first, tc), min(last, 1.0 - tc)
                if abs(den) <= 1e-6 * scale:  # at a grazing angle
                    delicate = True
        near_a = min(near_a, _point_edge_d2(px, py, ex, ey, ax, ay))
        near_b = min(near_b, _point_edge_d2(px, py, ex, ey, bx, by))
    if delicate or math.sqrt(near_a) <= EDGE_HAIR or math.sqrt(near_b) <= EDGE_HAIR:
        where = LineString([a, b]).intersection(area)
        return where.distance(Point(a)), where.distance(Point(b))
    da = 0.0 if shapely.intersects_xy(area, ax, ay) else (math.nan if first == math.inf else first * length)
    db = 0.0 if shapely.intersects_xy(area, bx, by) else (math.nan if last == math.inf else last * length)
    return da, db


def _point_edge_d2(px: float, py: float, ex: float, ey: float, ox: float, oy: float) -> float:
    """The squared distance of the point O from the edge P + t e, t in [0, 1]
    (segtest.seg_point_d2's arithmetic, for one of each)."""
    wx, wy = ox - px, oy - py
    l2 = ex * ex + ey * ey
    t = min(max((wx * ex + wy * ey) / l2 if l2 > 0 else 0.0, 0.0), 1.0)
    fx, fy = wx - t * ex, wy - t * ey
    return fx * fx + fy * fy
