"""Broad phase for sight lines that all join points of one set (a sight matrix).

Seen from a point outside a convex part, the part fills an angular sector (its fan).
A segment P-Q touches a convex part exactly when the direction from P to Q lies in the
part's fan seen from P and the direction from Q to P in its fan seen from Q. Fans are
worked out once per (part, point); the other points are sorted by direction round each
point, so the points inside a fan are a run of that order, and the runs become bit sets
of parts per (point, other point). A segment's parts are then the AND of two bit sets.

A fan is that of the part's convex hull, widened by a margin: a segment outside it
certainly does not touch the part. For a convex part, a segment inside both fans
narrowed by the margin certainly touches it; only those in between (grazing an edge, or
with an end within ``NEAR`` of the part's edge) are left open, for the exact tests of
:mod:`game.geometry.segtest`, and so is every segment found for a part that is not
convex. A point deep inside a part sees it all round, and every segment from it touches
it. Directions are pseudo-angles (monotone in the angle, no trigonometry), worked out in
single precision for the fans: the margins are far wider than its rounding.

The bit sets are those of :mod:`game.geometry.bitsets`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely

from .bitsets import has_bit, pack, words_for
from .footprint import PartArrays

#: pseudo-angle margin (a pseudo-angle never changes faster than the angle in radians)
MARGIN = 1e-5
#: mm: a point this close to a part's edge sees it all round with no sure answer; beyond
#: it the margin is at least NEAR * MARGIN = 1e-6 mm across the sight line, far above
#: the exact tests' tolerance and the rounding of the fans (single precision: 1e-7)
NEAR = 0.1
_BLOCK = 65_536  # elements per temporary: small blocks stay in cache, no page faults
NO_DIRECTION = 9.0  #: pseudo-angle of no direction (to a point itself): in no fan


def pseudo_angle(dx: np.ndarray, dy: np.ndarray) -> np.ndarray:
    """A value in [0, 4) increasing with the angle of (dx, dy) from +x; the opposite
    direction is 2 more (mod 4). Its rate of change is between 1/2 and 1 per radian."""
    with np.errstate(invalid="ignore", divide="ignore"):
        r = dx / (np.abs(dx) + np.abs(dy))
    out = 1.0 - r  # dy >= 0; below the x axis 3 + r = (1 - r) + 2 (r + 1)
    r += 1.0
    r *= dy < 0
    out += r
    out += r
    # just below the +x axis (dy < 0 a hair from 0) dx / (|dx| + |dy|) rounds to 1 and the
    # value to 4: the same direction as 0, where it belongs
    out[out >= 4.0] = 0.0
    return out


@dataclass(frozen=True)
class FanParts:
    """What the fans of some parts are made of (fan part k is part ``part[k]``):
    their hulls' vertices, in groups of parts with as many vertices (fan parts, vx,
    vy), whether the part is its own hull (else every pair found is left open), and
    for the points near them the hulls (and their boxes), the parts and their edges."""

    count: int
    words: int
    part: np.ndarray
    groups: tuple[tuple[np.ndarray, np.ndarray, np.ndarray], ...]
    convex: np.ndarray
    hull_bounds: np.ndarray  # (parts, 4): x0, y0, x1, y1
    hulls: np.ndarray
    geoms: np.ndarray
    edges: np.ndarray


def fan_parts(parts: PartArrays, which: np.ndarray) -> FanParts:
    """The fans' making of the parts numbered ``which`` (ascending)."""
    count = len(which)
    convex = np.zeros(count, dtype=bool)
    geoms = parts.geoms[which]
    hulls = shapely.convex_hull(geoms)
    verts: list[np.ndarray] = []
    for k, (geom, hull) in enumerate(zip(geoms, hulls, strict=True)):
        if hull.geom_type != "Polygon" or hull.area <= 0:  # degenerate: a box round it
            hulls[k] = shapely.box(*shapely.bounds(geom)).buffer(1.0, join_style="mitre")
        else:
            convex[k] = not geom.interiors and abs(hull.area - geom.area) <= 1e-9 * hull.area
        verts.append(np.asarray(hulls[k].exterior.coords, dtype=float)[:-1, :2])
    size = np.array([len(v) for v in verts], dtype=np.intp)
    groups = []
    for w in np.unique(size):
        rows = np.flatnonzero(size == w)
        groups.append((rows, np.array([verts[r][:, 0] for r in rows]),
                       np.array([verts[r][:, 1] for r in rows])))
    return FanParts(
        count=count, words=words_for(count), part=np.asarray(which, dtype=np.intp),
        groups=tuple(groups), convex=convex, hull_bounds=shapely.bounds(hulls).reshape(-1, 4),
        hulls=hulls, geoms=geoms, edges=shapely.boundary(geoms),
    )


def _vertex_fans(members, vx, vy, x, y, lo, hi) -> None:
    """Fans of the hulls of ``members`` from every point, into lo, hi (parts, points).
    Worked out in single precision: the margins are far wider than its rounding."""
    n = len(x)
    step = max(1, _BLOCK // (vx.shape[1] * n))
    for b in range(0, len(members), step):
        sl = slice(b, b + step)
        rel = pseudo_angle((vx[sl, :, None] - x).astype(np.float32),
                           (vy[sl, :, None] - y).astype(np.float32))  # (parts, verts, points)
        first = rel[:, 0, :].copy()
        # seen from outside, a hull spans less than half a turn from any of its vertices
        rel -= first[:, None, :]
        rel -= np.float32(4.0) * np.rint(rel * np.float32(0.25))
        lo[members[sl]] = rel.min(axis=1) + first
        hi[members[sl]] = rel.max(axis=1) + first


def _fans(fp: FanParts, pts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(lo, hi, near, deep), each (points, parts): the fan of every part from every
    point, widened by MARGIN and turned to start in [0, 4) (lo <= hi < lo + 2 + 2
    MARGIN), and whether the point is within NEAR of the part (its fan is then all
    round: lo = 0, hi = 4) and whether it is inside the part that deep."""
    K, n = fp.count, len(pts)
    x, y = pts[:, 0], pts[:, 1]
    lo = np.zeros((K, n))
    hi = np.zeros((K, n))
    for members, vx, vy in fp.groups:
        _vertex_fans(members, vx, vy, x, y, lo, hi)
    shift = np.floor((lo - MARGIN) * 0.25) * 4.0
    lo -= shift + MARGIN
    hi -= shift - MARGIN
    lo, hi = lo.T.copy(), hi.T.copy()
    near = np.zeros((n, K), dtype=bool)
    deep = np.zeros((n, K), dtype=bool)
    b = fp.hull_bounds
    p, k = np.nonzero((x[:, None] >= b[:, 0] - NEAR) & (x[:, None] <= b[:, 2] + NEAR)
                      & (y[:, None] >= b[:, 1] - NEAR) & (y[:, None] <= b[:, 3] + NEAR))
    if len(p):
        where = shapely.points(pts[p])
        close = shapely.distance(fp.hulls[k], where) <= NEAR
        p, k, where = p[close], k[close], where[close]
        inside = shapely.intersects_xy(fp.geoms[k], x[p], y[p])
        inside &= shapely.distance(fp.edges[k], where) > NEAR
        near[p, k] = True
        deep[p[inside], k[inside]] = True
        lo[p, k], hi[p, k] = 0.0, 4.0
    return lo, hi, near, deep


def _bitsets(a: np.ndarray, b: np.ndarray, k: np.ndarray, size: int, words: int) -> np.ndarray:
    """(words, size) uint64 bit sets: bit k set at every position of [a, b) (runs of
    one k never overlap). Bit k is turned on at a and off at b, then the changes are
    accumulated along the positions (distinct bits: adding them is or-ing them)."""
    run = np.flatnonzero(a < b)
    k = k[run]
    word = (k >> 6) * size
    bit = np.left_shift(np.uint64(1), (k & 63).astype(np.uint64))
    flips = np.zeros(words * size, dtype=np.uint64)
    np.add.at(flips, np.concatenate([word + a[run], word + b[run]]), np.concatenate([bit, bit]))
    return np.bitwise_xor.accumulate(flips.reshape(words, size), axis=1)


def fans_from(parts: PartArrays, part: np.ndarray, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(lo, hi): the fan of convex part[k] seen from (x[k], y[k]) for every k, widened
    by MARGIN, lo in [0, 4) (all round, [0, 4], from within NEAR of the part)."""
    count = parts.edge_count[part]
    offs = np.cumsum(count) - count
    g = np.repeat(np.arange(len(part)), count)
    e = np.arange(int(count.sum())) - np.repeat(offs - parts.edge_start[part], count)
    psi = pseudo_angle(parts.ex0[e] - x[g], parts.ey0[e] - y[g])  # the parts' vertices
    first = psi[offs]
    rel = psi - first[g]
    rel -= 4.0 * np.rint(rel * 0.25)
    lo = first + np.minimum.reduceat(rel, offs) - MARGIN
    hi = first + np.maximum.reduceat(rel, offs) + MARGIN
    shift = np.floor(lo * 0.25) * 4.0
    lo -= shift
    hi -= shift
    close = shapely.distance(parts.geoms[part], shapely.points(x, y)) <= NEAR  # (convex parts)
    lo[close], hi[close] = 0.0, 4.0
    return lo, hi


def _runs(srt: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, ...]:
    """Per (point, part): the run [a, b) of positions in its row of ``srt`` inside the
    fan [lo, hi], and within it [a_in, b_in), those inside the fan narrowed by twice
    MARGIN (as positions in srt.ravel())."""
    n, K = lo.shape
    width = srt.shape[1]
    # side "left" for hi too: a direction exactly on the widened fan's edge is outside
    # the fan itself
    needles = np.concatenate([lo, hi], axis=1)
    pos = np.empty((n, 2 * K), dtype=np.intp)
    for i in range(n):
        pos[i] = srt[i].searchsorted(needles[i])
    pos += (np.arange(n) * width)[:, None]
    a, b = pos[:, :K], pos[:, K:]
    # the directions within the margins: first (last) ones of the run, seldom any
    flat = srt.ravel()
    last = len(flat) - 1
    a_in, b_in = a.copy(), b.copy()
    step = np.flatnonzero(((a < b) & (flat[np.minimum(a, last)] < lo + 2 * MARGIN)).ravel())
    while len(step):
        a_in.ravel()[step] += 1
        pos = a_in.ravel()[step]
        step = step[(pos < b.ravel()[step]) & (flat[np.minimum(pos, last)] < lo.ravel()[step] + 2 * MARGIN)]
    step = np.flatnonzero(((a < b) & (flat[b - 1] > hi - 2 * MARGIN)).ravel())
    while len(step):
        b_in.ravel()[step] -= 1
        pos = b_in.ravel()[step]
        step = step[(pos > a.ravel()[step]) & (flat[pos - 1] > hi.ravel()[step] - 2 * MARGIN)]
    return a, a_in, b_in, b


def directions(pts: np.ndarray) -> np.ndarray:
    """(points, points): the pseudo-angle of the direction from each point to each
    other one (NO_DIRECTION to itself and to points on it)."""
    x, y = pts[:, 0], pts[:, 1]
    d_x = x[None, :] - x[:, None]
    d_y = y[None, :] - y[:, None]
    psi = pseudo_angle(d_x, d_y)
    psi[(d_x == 0) & (d_y == 0)] = NO_DIRECTION
    return psi


def fan_bits(
    fp: FanParts, pts: np.ndarray, psi: np.ndarray, pair: np.ndarray, ii: np.ndarray, jj: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(may, open_s, open_k) for the segments pts[ii[s]]-pts[jj[s]]: ``may``, the bit
    sets (words, segments) of the parts each may touch (a part not in it is certainly
    not touched), and the (segment, fan part) pairs among them that the fans leave
    open. Every other bit of a convex part is certainly touched; the bits of the other
    parts are all open. ``psi``: :func:`directions`; ``pair``: the segment of each
    (point, point) in either order, -1 for none (no pair twice)."""
    n, K, W = len(pts), fp.count, fp.words
    lo, hi, near, deep = _fans(fp, pts)
    # the other points sorted by direction round each point, twice round: (n, 2n), the
    # points with a direction each time (``valid`` of them), then the others (after
    # every fan)
    row = (np.arange(n) * n)[:, None]
    order = np.argsort(psi, axis=1) + row  # flat (point, other point), by direction
    once = psi.ravel()[order]
    srt = np.sort(np.hstack([once, once + 4.0]), axis=1)
    valid = (psi != NO_DIRECTION).sum(axis=1)[:, None]
    a, a_in, b_in, b = _runs(srt, lo, hi)
    # runs to bit sets per (point, sorted position), then per (point, other point)
    wide = _bitsets(a.ravel(), b.ravel(), np.tile(np.arange(K), n), 2 * n * n, W)
    rank = np.arange(n)[None, :]
    has = rank < valid
    first = np.where(has, rank, valid + rank) + 2 * row  # where each sorts, first time round
    at = np.empty(n * n, dtype=np.intp)
    at[order.ravel()] = first.ravel()
    again = np.empty(n * n, dtype=np.intp)
    again[order.ravel()] = (first + valid * has).ravel()
    wide = np.take(wide, at, axis=1) | np.take(wide, again, axis=1)  # (words, point * n + other)
    may = np.take(wide, ii * n + jj, axis=1) & np.take(wide, jj * n + ii, axis=1)
    # the open pairs of convex parts: directions within the margins of a fan's edges,
    # or from a point near the part's edge
    unsure = near & ~deep
    a_in[unsure] = b_in[unsure] = a[unsure]
    edge_lo = (a_in - a) * fp.convex
    edge_hi = (b - b_in) * fp.convex
    r, c = np.nonzero(edge_lo | edge_hi)
    counts = np.concatenate([edge_lo[r, c], edge_hi[r, c]])
    g = np.repeat(np.arange(len(counts)), counts)
    at = (np.arange(len(g)) - np.repeat(np.cumsum(counts) - counts, counts)
          + np.concatenate([a[r, c], b_in[r, c]])[g])
    i, t = at // (2 * n), at % (2 * n)
    s = pair[order.ravel()[i * n + t - valid.ravel()[i] * (t >= valid.ravel()[i])]]
    k = np.concatenate([c, c])[g]
    keep = s >= 0
    s, k = s[keep], k[keep]
    keep = has_bit(may, s, k)
    keys = np.unique(s[keep] * K + k[keep])
    open_s, open_k = keys // K, keys % K
    # segments of zero length: every part whose edge is near their point
    x, y = pts[:, 0], pts[:, 1]
    zero = np.flatnonzero((x[ii] == x[jj]) & (y[ii] == y[jj]))
    if len(zero):
        may[:, zero] = pack((near | deep)[ii[zero]], W)
        zs, zk = np.nonzero(unsure[ii[zero]] & fp.convex)
        open_s = np.concatenate([open_s, zero[zs]])
        open_k = np.concatenate([open_k, zk])
    return may, open_s, open_k
