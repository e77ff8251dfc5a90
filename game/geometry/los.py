"""Line of sight between figures, with cover and hindrances.

All sight lines are evaluated by one vectorised routine (:func:`_evaluate`);
:func:`line_of_sight` is that routine on a single pair plus the list of crossings. A
batch of many lines between few points (a sight matrix) is worked out on bit sets of
the features that matter (:mod:`game.geometry.sight_matrix`), with the same answers.

Rules (the sight line is the segment A-B; footprints are closed sets: a line that
only touches a footprint's edge or corner crosses it, and "contains" includes the
boundary):

* ``blocks``: blocks, unless the footprint contains A or B, the type has ``see_out``
  and the feature is not ``closed`` (a figure at a window sees out and is seen).
* ``hinders``: one hindrance per feature crossed.
* ``woods``: the lengths of the segment inside every woods crossed are added up; if the
  total exceeds ``sight_depth`` (the smallest one among the woods crossed, when several
  woods types are mixed) all those woods block, otherwise each one is a hindrance.
  Woods only touched by the line (inside length <= EPS) have no effect. Overlapping
  woods footprints each count their own length.
* ``hill`` (level L): blocks when neither endpoint is on that hill and
  L >= max(elevation(A), elevation(B)).
* ``clear``: no effect on sight.

Cover of the target B seen from A is the best of: area features containing B (their
cover), and line features crossed by the line whose footprint is within
``cover_reach`` of B (their cover). Cover is reported whether or not B is visible.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import shapely

from .sight_matrix import sight_batch
from .table import Table, TableIndex, as_points
from .terrain import LOS_CODES
from .units import EPS
from .woods import woods_effects

Point = tuple[float, float]
Effect = Literal["blocks", "hinders", "soft_cover", "hard_cover", "none"]
#: effect codes, weakest first (code = index)
EFFECTS: tuple[Effect, ...] = ("none", "hinders", "soft_cover", "hard_cover", "blocks")

_HINDERS = LOS_CODES["hinders"]
_BLOCKS = LOS_CODES["blocks"]
_WOODS = LOS_CODES["woods"]
_HILL = LOS_CODES["hill"]


@dataclass(frozen=True)
class Crossing:
    feature_id: str
    type_id: str
    effect: Effect  # strongest effect of the feature on this sight line
    length: float  # length of the sight line inside the footprint (mm)


@dataclass(frozen=True, slots=True)
class LosResult:
    visible: bool
    cover: int  # of the target: 0 none, 1 soft, 2 hard
    hindrances: int
    distance: float
    #: where the crossings are worked out from, when first asked: most callers (the
    #: rules, the AI) need only visibility and cover, and the crossing lengths are the
    #: costly part. Plain fields, not a closure: results are kept by the thousand, and
    #: one object each is less for the cycle collector to walk than a closure's five
    _index: TableIndex | None = field(default=None, repr=False, compare=False)
    _ends: tuple[Point, Point] | None = field(default=None, repr=False, compare=False)
    _worked_out: tuple[Crossing, ...] | None = field(default=None, repr=False, compare=False)

    @property
    def crossings(self) -> tuple[Crossing, ...]:
        """Every feature the sight line crosses, nearest the observer first."""
        worked = self._worked_out
        if worked is None:
            if self._index is None or self._ends is None:
                return ()
            pts = as_points(self._ends)
            res = _evaluate_idx(self._index, pts, np.array([0]), np.array([1]), exact=True)
            worked = _crossings(self._index, pts, res.f, res.effect_ij)
            object.__setattr__(self, "_worked_out", worked)
        return worked

    @property
    def cover_name(self) -> str:
        return ("none", "soft", "hard")[self.cover]


@dataclass
class LosMatrix:
    visible: np.ndarray  # (N, N) bool, symmetric, diagonal True
    cover: np.ndarray  # (N, N) int8; cover[i, j] = cover of j seen from i
    hindrances: np.ndarray  # (N, N) int16, symmetric

    def __len__(self) -> int:
        return len(self.visible)


@dataclass
class _PointInfo:
    contains: np.ndarray  # (N, F) bool: footprint f contains point p
    near: np.ndarray  # (N, F) bool: point p within cover_reach of line feature f
    elevation: np.ndarray  # (N,) int
    area_cover: np.ndarray  # (N,) int8: best cover of area features containing p


def _point_info(idx: TableIndex, pts: np.ndarray) -> _PointInfo:
    n, nf = len(pts), idx.count
    contains = np.zeros((n, nf), dtype=bool)
    near = np.zeros((n, nf), dtype=bool)
    elevation = np.zeros(n, dtype=np.int32)
    area_cover = np.zeros(n, dtype=np.int8)
    if n == 0 or nf == 0:
        return _PointInfo(contains, near, elevation, area_cover)
    p, f = idx.point_pairs(pts)
    contains[p, f] = True
    hill = idx.los_code[f] == _HILL
    np.maximum.at(elevation, p[hill], idx.level[f[hill]])
    area = ~idx.is_line[f]
    np.maximum.at(area_cover, p[area], idx.cover[f[area]])
    line_cover = idx.is_line & (idx.cover > 0)
    near[:, line_cover] = contains[:, line_cover]
    reach = np.where(line_cover, idx.cover_reach, 0.0)
    if reach.max() > 0:
        geoms = shapely.points(pts)
        p, f = idx.tree.query(geoms, predicate="dwithin", distance=float(reach.max()) + EPS)
        keep = reach[f] > 0
        p, f = p[keep], f[keep]
        d = shapely.distance(geoms[p], idx.areas[f])
        ok = d <= reach[f] + EPS
        near[p[ok], f[ok]] = True
    return _PointInfo(contains, near, elevation, area_cover)


@dataclass
class _Batch:
    visible: np.ndarray  # (M,) bool
    cover_j: np.ndarray  # (M,) int8, cover of the second point seen from the first
    cover_i: np.ndarray  # (M,) int8, cover of the first point seen from the second
    hindrances: np.ndarray  # (M,) int16
    # per crossing (segment s, feature f), effect as seen from the first point
    s: np.ndarray
    f: np.ndarray
    effect_ij: np.ndarray
    #: and as seen from the second (the same line looked along the other way), where worked out
    effect_ji: np.ndarray | None = None


_BLOCK = 16384  # sight lines per block: bounds the memory used for very many figures
#: a batch with at least this many sight lines per point, between at most that many
#: points, goes through the angular broad phase (game/geometry/fans.py)
_FANS_PER_POINT = 4
_FANS_MAX_POINTS = 400


def _evaluate(
    table: Table, pts: np.ndarray, ii: np.ndarray, jj: np.ndarray, exact: bool = False
) -> _Batch:
    """Sight lines between pts[ii[k]] and pts[jj[k]] for every k (``exact``: work out
    every crossing's effect, for :func:`line_of_sight`)."""
    return _evaluate_idx(table.index, pts, ii, jj, exact)


def kept_point_info(idx: TableIndex, pts: list[tuple[float, float]], kept: dict) -> _PointInfo:
    """:func:`_point_info` of ``pts``, each point's row kept in ``kept`` (by the point: the
    caller keeps one per terrain) and worked out only for the points new to it."""
    new = [p for p in pts if p not in kept]
    if new:
        got = _point_info(idx, as_points(new))
        for k, p in enumerate(new):
            kept[p] = (got.contains[k], got.near[k], got.elevation[k], got.area_cover[k])
    rows = [kept[p] for p in pts]
    if not rows:
        return _point_info(idx, as_points(pts))
    return _PointInfo(np.array([r[0] for r in rows]), np.array([r[1] for r in rows]),
                      np.array([r[2] for r in rows], dtype=np.int32), np.array([r[3] for r in rows], dtype=np.int8))


#: points whose :func:`_point_info` rows a table index keeps (it starts again when full)
POINT_ROWS_KEPT = 20_000


def table_point_info(idx: TableIndex, pts: np.ndarray) -> _PointInfo:
    """:func:`_point_info` of ``pts``, each point's row kept on the table index (a point's
    row reads only that point and the terrain, which a new index stands for): the figures
    that did not move since the last sight lines are not looked up in the terrain again."""
    rows = idx.point_rows
    if len(rows) + len(pts) > POINT_ROWS_KEPT:
        rows.clear()
    return kept_point_info(idx, list(map(tuple, pts.tolist())), rows)


def _evaluate_idx(idx: TableIndex, pts: np.ndarray, ii: np.ndarray, jj: np.ndarray, exact: bool = False,
                  info: _PointInfo | None = None, crossings_only: bool = False) -> _Batch:
    """The sight lines pts[ii[k]] to pts[jj[k]] (``info``: :func:`_point_info` of ``pts``
    when the caller has it; ``crossings_only``: exact, at most :data:`_BLOCK` lines, and
    only the crossings and their effects both ways, not each line's visibility, cover and
    hindrances)."""
    info = info if info is not None else table_point_info(idx, pts)
    m = len(ii)
    if m <= _BLOCK:
        return _evaluate_block(idx, info, pts, ii, jj, exact or crossings_only, crossings_only)
    if crossings_only:
        raise ValueError(f"crossings_only is for at most {_BLOCK} sight lines at once")
    visible = np.empty(m, dtype=bool)
    cover_j = np.empty(m, dtype=np.int8)
    cover_i = np.empty(m, dtype=np.int8)
    hind = np.empty(m, dtype=np.int16)
    for lo in range(0, m, _BLOCK):
        sl = slice(lo, lo + _BLOCK)
        b = _evaluate_block(idx, info, pts, ii[sl], jj[sl], exact)
        visible[sl], cover_j[sl], cover_i[sl], hind[sl] = b.visible, b.cover_j, b.cover_i, b.hindrances
    none = np.zeros(0, dtype=np.intp)
    return _Batch(visible, cover_j, cover_i, hind, none, none, none.astype(np.int8))


def _evaluate_block(
    idx: TableIndex,
    info: _PointInfo,
    pts: np.ndarray,
    ii: np.ndarray,
    jj: np.ndarray,
    exact: bool = False,
    crossings_only: bool = False,
) -> _Batch:
    m = len(ii)
    x, y = pts[:, 0], pts[:, 1]
    xi, yi, xj, yj = x[ii], y[ii], x[jj], y[jj]
    # canonical direction: identical floating-point work for (a, b) and (b, a)
    swap = (xi > xj) | ((xi == xj) & (yi > yj))
    px, py = np.where(swap, xj, xi), np.where(swap, yj, yi)
    qx, qy = np.where(swap, xi, xj), np.where(swap, yi, yj)
    if not idx.count:
        s = f = np.zeros(0, dtype=np.intp)
    elif exact or m == 0 or m < _FANS_PER_POINT * len(pts) or len(pts) > _FANS_MAX_POINTS:
        s, f = idx.seg_index.hits(px, py, qx, qy)
    else:  # many lines between the same points: bit sets of the features that matter
        none = np.zeros(0, dtype=np.intp)
        answers = sight_batch(idx, info.contains, info.near, info.elevation, info.area_cover,
                              pts, ii, jj, px, py, qx, qy)
        return _Batch(*answers, none, none, none.astype(np.int8))
    pi, pj = ii[s], jj[s]
    code = idx.los_code[f]
    c_i = info.contains[pi, f]
    c_j = info.contains[pj, f]

    blocked = (code == _BLOCKS) & ~(idx.see_out[f] & (c_i | c_j))
    hill = code == _HILL
    if hill.any():
        top = np.maximum(info.elevation[pi], info.elevation[pj])
        blocked |= hill & ~c_i & ~c_j & (idx.level[f] >= top)
    hinder = code == _HINDERS
    woods = np.flatnonzero(code == _WOODS)
    if len(woods):
        deep, shallow = woods_effects(idx, px, py, qx, qy, s[woods], f[woods], m, exact)
        blocked[woods[deep]] = True
        hinder[woods[shallow]] = True

    line_cover = idx.is_line[f] & (idx.cover[f] > 0)
    cov = idx.cover[f]

    # effect of each crossing on the sight line from the first point to the second
    def effect_from(near: np.ndarray, inside: np.ndarray) -> np.ndarray:
        """Each crossing's effect on the line looked along towards the point ``near``/``inside`` names."""
        gives = np.where(idx.is_line[f], line_cover & near, inside) & (cov > 0)
        effect = np.maximum(np.where(hinder, 1, 0).astype(np.int8), np.where(gives, cov + 1, 0).astype(np.int8))
        effect[blocked] = 4
        return effect

    effect_ij = effect_from(info.near[pj, f], c_j)
    if crossings_only:
        none = np.zeros(0, dtype=np.int8)
        return _Batch(none.astype(bool), none, none, none.astype(np.int16), s, f, effect_ij, effect_from(info.near[pi, f], c_i))
    visible = np.bincount(s[blocked], minlength=m) == 0
    hindrances = np.bincount(s[hinder], minlength=m).astype(np.int16)

    def cover_of(points: np.ndarray, near: np.ndarray) -> np.ndarray:
        lc = line_cover & near
        hard = np.bincount(s[lc & (cov == 2)], minlength=m) > 0
        soft = np.bincount(s[lc & (cov == 1)], minlength=m) > 0
        line_best = np.where(hard, 2, np.where(soft, 1, 0)).astype(np.int8)
        return np.maximum(info.area_cover[points], line_best)

    cover_j = cover_of(jj, info.near[pj, f])
    cover_i = cover_of(ii, info.near[pi, f])
    return _Batch(visible, cover_j, cover_i, hindrances, s, f, effect_ij, effect_from(info.near[pi, f], c_i) if exact else None)


def _fill_pairs(
    table: Table, pts: np.ndarray, ii: np.ndarray, jj: np.ndarray, m: LosMatrix
) -> LosMatrix:
    """Work out the sight lines ii -> jj (and back) and write both directions into ``m``."""
    b = _evaluate(table, pts, ii, jj)
    m.visible[ii, jj] = b.visible
    m.visible[jj, ii] = b.visible
    m.cover[ii, jj] = b.cover_j
    m.cover[jj, ii] = b.cover_i
    m.hindrances[ii, jj] = b.hindrances
    m.hindrances[jj, ii] = b.hindrances
    return m


def los_matrix(table: Table, points: object) -> LosMatrix:
    """Sight between every pair of points. ``cover[i, j]`` is the cover of j seen from i."""
    pts = as_points(points)
    n = len(pts)
    visible = np.ones((n, n), dtype=bool)
    cover = np.zeros((n, n), dtype=np.int8)
    hind = np.zeros((n, n), dtype=np.int16)
    if n < 2:
        return LosMatrix(visible, cover, hind)
    ii, jj = np.triu_indices(n, 1)
    return _fill_pairs(table, pts, ii, jj, LosMatrix(visible, cover, hind))


def los_matrix_update(table: Table, old: LosMatrix, points: object, source: object) -> LosMatrix:
    """:func:`los_matrix` of ``points``, reusing ``old``: ``source[i]`` is the index in
    ``old`` of a point standing exactly where point i stands now, or -1 for a point that
    moved or is new. Points may have left (no index refers to them); only the sight
    lines of the moved and new points are worked out."""
    pts = as_points(points)
    n = len(pts)
    src = np.asarray(source, dtype=np.intp).reshape(-1)
    if len(src) != n:
        raise ValueError("one source index per point")
    visible = np.ones((n, n), dtype=bool)
    cover = np.zeros((n, n), dtype=np.int8)
    hind = np.zeros((n, n), dtype=np.int16)
    same = np.flatnonzero(src >= 0)
    if len(same):
        to, frm = np.ix_(same, same), np.ix_(src[same], src[same])
        visible[to], cover[to], hind[to] = old.visible[frm], old.cover[frm], old.hindrances[frm]
    rows = np.flatnonzero(src < 0)
    if n < 2 or len(rows) == 0:
        return LosMatrix(visible, cover, hind)
    ii = np.repeat(rows, n)
    jj = np.tile(np.arange(n), len(rows))
    keep = ii != jj
    ii, jj = ii[keep], jj[keep]
    return _fill_pairs(table, pts, ii, jj, LosMatrix(visible, cover, hind))


def los_pairs(
    table: Table, observers: object, targets: object
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Element-wise sight from observers[k] to targets[k]:
    (visible bool, cover of the target int8, hindrances int16) arrays."""
    a, b = as_points(observers), as_points(targets)
    if len(a) != len(b):
        raise ValueError("observers and targets must have the same length")
    pts, ii, jj = _distinct_points(a, b, observers, targets)
    res = _evaluate(table, pts, ii, jj)
    return res.visible, res.cover_j, res.hindrances


def _distinct_points(a: np.ndarray, b: np.ndarray, given_a: object = None,
                     given_b: object = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct points of two equally long lists, and where a[k] and b[k] are among
    them: what is worked out per point (what contains it, its height) is then worked out
    once for a point in many pairs. Sight depends only on the points' coordinates.
    ``given_a`` and ``given_b``: the points as the caller gave them, used as they are when
    they are lists of (x, y) tuples (the rules' positions: the same values as the rows)."""
    order, ia, ib = distinct_points(_as_tuples(given_a, a), _as_tuples(given_b, b))
    return as_points(order), np.asarray(ia, dtype=np.intp), np.asarray(ib, dtype=np.intp)


def _as_tuples(given: object, rows: np.ndarray) -> list[tuple[float, float]]:
    if isinstance(given, list) and all(type(p) is tuple and len(p) == 2 for p in given):
        return given
    return list(map(tuple, rows.tolist()))


def distinct_points(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> tuple[list[tuple[float, float]], list[int], list[int]]:
    """The distinct points of ``a`` and ``b`` in sorted order (as numpy.unique by rows
    orders them, for far less on a few points), and where each of ``a`` and of ``b`` is
    among them."""
    order = sorted(set(a) | set(b))
    at = {p: i for i, p in enumerate(order)}
    return order, [at[p] for p in a], [at[p] for p in b]


def line_of_sight(table: Table, a: Point, b: Point) -> LosResult:
    """Sight from observer ``a`` to target ``b`` (cover is the target's). Visibility,
    cover and hindrances come from the batch routine; the crossings, which need the
    exact lengths inside every footprint, are worked out when first asked for."""
    pts = as_points([a, b])
    res = _evaluate(table, pts, np.array([0]), np.array([1]))
    ends = ((float(pts[0, 0]), float(pts[0, 1])), (float(pts[1, 0]), float(pts[1, 1])))
    return LosResult(bool(res.visible[0]), int(res.cover_j[0]), int(res.hindrances[0]),
                     float(np.hypot(*(pts[1] - pts[0]))), table.index, ends)


def sight_pairs_both_ways(table: Table, firsts: object, seconds: object) -> list[tuple[LosResult, LosResult]]:
    """Sight between firsts[k] and seconds[k] for every k in one vectorised pass: for
    each pair (first to second, second to first), each what :func:`line_of_sight` gives
    (the crossings are worked out exactly when first asked for)."""
    a, b = as_points(firsts), as_points(seconds)
    n = len(a)
    if len(b) != n:
        raise ValueError("firsts and seconds must have the same length")
    if n == 0:
        return []
    idx = table.index
    res = _evaluate_idx(idx, *_distinct_points(a, b, firsts, seconds))
    dist = np.hypot(b[:, 0] - a[:, 0], b[:, 1] - a[:, 1])
    out = []
    for k in range(n):
        vis, hind, d = bool(res.visible[k]), int(res.hindrances[k]), float(dist[k])
        pa, pb = (float(a[k, 0]), float(a[k, 1])), (float(b[k, 0]), float(b[k, 1]))
        out.append((LosResult(vis, int(res.cover_j[k]), hind, d, idx, (pa, pb)),
                    LosResult(vis, int(res.cover_i[k]), hind, d, idx, (pb, pa))))
    return out


def matrix_result(table: Table, m: LosMatrix, i: int, j: int, a: Point, b: Point) -> LosResult:
    """What :func:`line_of_sight` gives from ``a`` to ``b``, read from a matrix in which
    they are points ``i`` and ``j`` (the crossings are worked out exactly when asked)."""
    return LosResult(bool(m.visible[i, j]), int(m.cover[i, j]), int(m.hindrances[i, j]),
                     float(np.hypot(b[0] - a[0], b[1] - a[1])), table.index, (a, b))


def _crossings(idx: TableIndex, pts: np.ndarray, feats: np.ndarray, effects: np.ndarray) -> tuple[Crossing, ...]:
    if not len(feats):
        return ()
    seg = shapely.LineString(pts) if not np.array_equal(pts[0], pts[1]) else shapely.Point(pts[0])
    inter = shapely.intersection(seg, idx.areas[feats])
    lengths = shapely.length(inter)
    start = shapely.distance(shapely.Point(pts[0]), inter)
    order = np.lexsort((feats, start))
    return tuple(
        Crossing(
            feature_id=idx.features[feats[k]].id,
            type_id=idx.features[feats[k]].type.id,
            effect=EFFECTS[int(effects[k])],
            length=float(lengths[k]),
        )
        for k in order
    )


def naive_los_matrix(table: Table, points: object) -> np.ndarray:
    """Slow, simple reference for the benchmark: visibility from blocking features
    only, one shapely ``intersects`` call per (pair, blocking feature), no index and
    no early exit (every feature is examined, as the full evaluation does)."""
    pts = as_points(points)
    n = len(pts)
    blockers = [f for f in table.features if f.type.los == "blocks"]
    visible = np.ones((n, n), dtype=bool)
    ends = [shapely.Point(p) for p in pts]
    for i in range(n):
        for j in range(i + 1, n):
            seg = shapely.LineString([pts[i], pts[j]])
            blocked = False
            for feat in blockers:
                if not seg.intersects(feat.area):
                    continue
                window = feat.sees_out and (feat.area.intersects(ends[i]) or feat.area.intersects(ends[j]))
                blocked = blocked or not window
            visible[i, j] = visible[j, i] = not blocked
    return visible
