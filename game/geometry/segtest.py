"""Vectorised tests of many segments against the terrain footprints.

``SegmentIndex`` answers "which footprints does each segment touch" (closed sets,
like shapely's ``intersects``) and "how long is a segment inside a footprint" with
numpy only, after one bounding-box query of an STRtree of footprint parts. This is
what makes :func:`game.geometry.los.los_matrix` fast: GEOS predicates cost about half a
microsecond per candidate, the numpy tests a few nanoseconds.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely

from .footprint import POLY, RECT, PartArrays, decompose
from .terrain import TerrainFeature

TOL = 1e-9  # mm; touching within this counts as touching
_DENSE_LIMIT = 40_000_000  # use a dense (segments x features) mask below this size
_SEG_CHUNK = 256  # segments per block in hits()
_PAIR_CHUNK = 2048  # pairs per block in inside_length()


def seg_point_d2(px, py, dx, dy, ox, oy):
    """Squared distance from points O to segments P + t d, t in [0, 1]."""
    wx = ox - px
    wy = oy - py
    l2 = dx * dx + dy * dy
    # a segment of no length has dx = dy = 0, so its numerator is 0 and its t 0 / 1 = 0:
    # no division by zero to silence (np.errstate costs more than the arithmetic on the
    # few segments of a figure's sight lines); clamped by minimum and maximum, which cost
    # less than np.clip on small arrays and give the same values
    t = (wx * dx + wy * dy) / np.where(l2 > 0, l2, 1.0)
    np.minimum(np.maximum(t, 0.0, out=t), 1.0, out=t)
    ex = wx - t * dx
    ey = wy - t * dy
    return ex * ex + ey * ey


def _expand(starts: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For groups k with ranges [starts[k], starts[k] + counts[k]): (group of each
    element, element index)."""
    total = int(counts.sum())
    group = np.repeat(np.arange(len(counts)), counts)
    offs = np.cumsum(counts) - counts
    elem = np.arange(total) - np.repeat(offs - starts, counts)
    return group, elem


class SegmentIndex:
    """Footprint parts of a fixed list of features plus an STRtree over the parts."""

    def __init__(self, features: Sequence[TerrainFeature]) -> None:
        self.n_features = len(features)
        self.parts: PartArrays = decompose([(f.area, f.parts) for f in features])
        pa = self.parts
        self.rect_parts = np.flatnonzero(pa.kind == RECT)
        self.poly_parts = np.flatnonzero(pa.kind == POLY)
        self.rect_tree = shapely.STRtree(pa.geoms[self.rect_parts]) if len(self.rect_parts) else None
        self.poly_tree = shapely.STRtree(pa.geoms[self.poly_parts]) if len(self.poly_parts) else None
        self.part_bounds = shapely.bounds(pa.geoms).reshape(-1, 4)  # what the trees hold
        # parts (and therefore edges) of one feature are contiguous
        n_parts = np.bincount(pa.feature, minlength=self.n_features)
        first_part = np.cumsum(n_parts) - n_parts
        self.feat_first_part = first_part
        self.feat_edge_start = np.zeros(self.n_features, dtype=np.intp)
        self.feat_edge_count = np.zeros(self.n_features, dtype=np.intp)
        has = n_parts > 0
        self.feat_edge_start[has] = pa.edge_start[first_part[has]]
        np.add.at(self.feat_edge_count, pa.feature, pa.edge_count)
        # largest inscribed circle among each area feature's parts (r < 0: none)
        self.feat_ix = np.zeros(self.n_features)
        self.feat_iy = np.zeros(self.n_features)
        self.feat_r_in = np.full(self.n_features, -1.0)
        is_rect = pa.kind == RECT
        r_in = np.where(is_rect, np.minimum(pa.hu, pa.hv) * (1 - 1e-9) - 1e-9, pa.r_in)
        ix = np.where(is_rect, pa.cx, pa.ix)
        iy = np.where(is_rect, pa.cy, pa.iy)
        line_feature = np.array([f.parts is not None for f in features], dtype=bool)
        for k in np.argsort(r_in):  # the largest circle of a feature is written last
            fi = pa.feature[k]
            if not line_feature[fi] and r_in[k] > 0:
                self.feat_ix[fi], self.feat_iy[fi], self.feat_r_in[fi] = ix[k], iy[k], r_in[k]

    # -- which footprints each segment touches ---------------------------------
    def hits(
        self, px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """(segment index, feature index) of every segment P-Q touching a footprint;
        unique pairs sorted by segment then feature."""
        m = len(px)
        empty = np.zeros(0, dtype=np.intp)
        if m == 0 or self.parts.count == 0:
            return empty, empty
        nf = self.n_features
        dense = m * nf <= _DENSE_LIMIT
        mask = np.zeros(m * nf, dtype=bool) if dense else None
        found: list[np.ndarray] = []
        owner = self.parts.feature
        x0, x1 = np.minimum(px, qx), np.maximum(px, qx)
        y0, y1 = np.minimum(py, qy), np.maximum(py, qy)
        # work on blocks of segments: small temporaries stay in cache and avoid
        # fresh page-faulting allocations
        for lo in range(0, m, _SEG_CHUNK):
            hi = min(m, lo + _SEG_CHUNK)
            # the segments' boxes widened by TOL: a box within TOL of a part's touches it
            boxes = shapely.box(x0[lo:hi] - TOL, y0[lo:hi] - TOL, x1[lo:hi] + TOL, y1[lo:hi] + TOL)
            for tree, parts, test in (
                (self.rect_tree, self.rect_parts, self._rect_test),
                (self.poly_tree, self.poly_parts, self._poly_test),
            ):
                if tree is None:
                    continue
                cs, cp = tree.query(boxes)
                cs += lo
                p = parts[cp]
                ok = test(cs, p, px, py, qx, qy)
                keys = cs[ok] * nf + owner[p[ok]]
                if mask is not None:
                    mask[keys] = True
                else:
                    found.append(keys)
        if mask is not None:
            keys = np.flatnonzero(mask)
        elif found:
            keys = np.unique(np.concatenate(found))
        else:
            return empty, empty
        return keys // nf, keys % nf

    def part_test(self, s, p, px, py, qx, qy) -> np.ndarray:
        """Does segment s[k] touch part p[k] (any kind of part)? The answer of
        :meth:`hits`: their bounding boxes meet within TOL, and the exact test says so."""
        b = self.part_bounds[p]
        x0, x1 = np.minimum(px[s], qx[s]) - TOL, np.maximum(px[s], qx[s]) + TOL
        y0, y1 = np.minimum(py[s], qy[s]) - TOL, np.maximum(py[s], qy[s]) + TOL
        boxed = np.flatnonzero((x0 <= b[:, 2]) & (x1 >= b[:, 0]) & (y0 <= b[:, 3]) & (y1 >= b[:, 1]))
        ok = np.zeros(len(s), dtype=bool)
        ok[boxed] = self._kind_test(s[boxed], p[boxed], px, py, qx, qy)
        return ok

    def _kind_test(self, s, p, px, py, qx, qy) -> np.ndarray:
        ok = np.zeros(len(s), dtype=bool)
        rect = self.parts.kind[p] == RECT
        if rect.any():
            ok[rect] = self._rect_test(s[rect], p[rect], px, py, qx, qy)
        if not rect.all():
            ok[~rect] = self._poly_test(s[~rect], p[~rect], px, py, qx, qy)
        return ok

    def _rect_test(self, s, p, px, py, qx, qy) -> np.ndarray:
        """Separating-axis test of segments against oriented rectangles (exact)."""
        pa = self.parts
        x0 = px[s]
        y0 = py[s]
        dx = qx[s] - x0
        dy = qy[s] - y0
        ux = pa.ux[p]
        uy = pa.uy[p]
        hu = pa.hu[p]
        hv = pa.hv[p]
        ax = x0 - pa.cx[p]
        ay = y0 - pa.cy[p]
        du = dx * ux + dy * uy
        dv = dy * ux - dx * uy
        mu = ax * ux + ay * uy + 0.5 * du
        mv = ay * ux - ax * uy + 0.5 * dv
        adu = np.abs(du)
        adv = np.abs(dv)
        ok = np.abs(mu) <= hu + 0.5 * adu + TOL
        ok &= np.abs(mv) <= hv + 0.5 * adv + TOL
        ok &= np.abs(dy * ax - dx * ay) <= hu * adv + hv * adu + TOL * np.hypot(dx, dy)
        return ok

    def _poly_test(self, s, p, px, py, qx, qy) -> np.ndarray:
        """Circle reject/accept, then exact edge tests for the undecided candidates."""
        pa = self.parts
        x0 = px[s]
        y0 = py[s]
        dx = qx[s] - x0
        dy = qy[s] - y0
        d2o = seg_point_d2(x0, y0, dx, dy, pa.ox[p], pa.oy[p])
        r_out = pa.r_out[p]
        near = d2o <= r_out * r_out
        d2i = seg_point_d2(x0, y0, dx, dy, pa.ix[p], pa.iy[p])
        r_in = pa.r_in[p]
        inner = (r_in >= 0) & (d2i <= r_in * r_in)
        ok = near & inner
        amb = np.flatnonzero(near & ~inner)
        if len(amb):
            ok[amb] = self._edge_test(x0[amb], y0[amb], dx[amb], dy[amb], p[amb])
        return ok

    def _edge_test(self, x0, y0, dx, dy, p) -> np.ndarray:
        """Exact within TOL: the closed segment comes within TOL of an edge of part p,
        or starts inside it."""
        pa = self.parts
        grp, e = _expand(pa.edge_start[p], pa.edge_count[p])
        X = x0[grp]
        Y = y0[grp]
        DX = dx[grp]
        DY = dy[grp]
        ax = pa.ex0[e]
        ay = pa.ey0[e]
        bx = pa.ex1[e]
        by = pa.ey1[e]
        qx = X + DX
        qy = Y + DY
        # only an edge whose box meets the segment's within TOL can come that close
        boxed = (np.minimum(X, qx) <= np.maximum(ax, bx) + TOL) & (np.maximum(X, qx) >= np.minimum(ax, bx) - TOL)
        boxed &= (np.minimum(Y, qy) <= np.maximum(ay, by) + TOL) & (np.maximum(Y, qy) >= np.minimum(ay, by) - TOL)
        o1 = DX * (ay - Y) - DY * (ax - X)
        o2 = DX * (by - Y) - DY * (bx - X)
        ex = bx - ax
        ey = by - ay
        o3 = ex * (Y - ay) - ey * (X - ax)
        o4 = o3 + ex * DY - ey * DX
        hit = (o1 * o2 <= 0) & (o3 * o4 <= 0)
        # the others: segments that do not cross are as far apart as the nearest end of
        # either is from the other, so only those with an end within TOL of the other's
        # line can touch. An end on the edge within rounding is found here: the signs of
        # its o3 (o4) and of its crossing number below are the rounding's
        tol2 = TOL * TOL
        near = np.minimum(o3 * o3, o4 * o4) <= tol2 * (ex * ex + ey * ey)
        near |= np.minimum(o1 * o1, o2 * o2) <= tol2 * (DX * DX + DY * DY)
        near &= boxed & ~hit
        hit &= boxed
        k = np.flatnonzero(near)
        if len(k):
            kx, ky, kdx, kdy = X[k], Y[k], DX[k], DY[k]
            kax, kay, kex, key = ax[k], ay[k], ex[k], ey[k]
            d2 = seg_point_d2(kax, kay, kex, key, kx, ky)
            np.minimum(d2, seg_point_d2(kax, kay, kex, key, qx[k], qy[k]), out=d2)
            np.minimum(d2, seg_point_d2(kx, ky, kdx, kdy, kax, kay), out=d2)
            np.minimum(d2, seg_point_d2(kx, ky, kdx, kdy, bx[k], by[k]), out=d2)
            hit[k[d2 <= tol2]] = True
        # start point inside (one within TOL of an edge is a hit already): crossing
        # number of a ray from P towards +x
        straddle = (ay > Y) != (by > Y)
        # (a straddling edge has ay != by, so ey != 0: nothing divides by zero)
        xcross = ax + (Y - ay) * ex / np.where(straddle, ey, 1.0)
        ray = straddle & (xcross > X)
        n = len(p)
        touched = np.bincount(grp[hit], minlength=n) > 0
        inside = (np.bincount(grp[ray], minlength=n) % 2) == 1
        return touched | inside

    # -- length inside -------------------------------------------------------------
    def inside_length(
        self, px, py, qx, qy, s: np.ndarray, f: np.ndarray
    ) -> np.ndarray:
        """Length of segment s inside the footprint of feature f, for each pair.

        Exact for footprints whose parts do not overlap (area features); for line
        features (whose parts overlap at bends) use :meth:`inside_length_exact`."""
        out = np.zeros(len(s))
        for lo in range(0, len(s), _PAIR_CHUNK):
            sl = slice(lo, lo + _PAIR_CHUNK)
            out[sl] = self._inside_chunk(px, py, qx, qy, s[sl], f[sl])
        return out

    def _inside_chunk(self, px, py, qx, qy, s: np.ndarray, f: np.ndarray) -> np.ndarray:
        n = len(s)
        grp, e = _expand(self.feat_edge_start[f], self.feat_edge_count[f])
        seg = s[grp]
        X = px[seg]
        Y = py[seg]
        DX = qx[seg] - X
        DY = qy[seg] - Y
        pa = self.parts
        ax = pa.ex0[e]
        ay = pa.ey0[e]
        bx = pa.ex1[e]
        by = pa.ey1[e]
        o0 = DX * (ay - Y) - DY * (ax - X)
        o1 = DX * (by - Y) - DY * (bx - X)
        cross = (o0 > 0) != (o1 > 0)
        idx = np.flatnonzero(cross)
        o0 = o0[idx]
        r = o0 / (o0 - o1[idx])
        ex = bx[idx] - ax[idx]
        ey = by[idx] - ay[idx]
        cx = ax[idx] + r * ex - X[idx]
        cy = ay[idx] + r * ey - Y[idx]
        DXi = DX[idx]
        DYi = DY[idx]
        l2 = DXi * DXi + DYi * DYi
        t = np.clip((cx * DXi + cy * DYi) / l2, 0.0, 1.0)
        sign = np.where(ex * DYi - ey * DXi > 0, -1.0, 1.0)  # entry -t, exit +t
        frac = np.bincount(grp[idx], weights=sign * t, minlength=n)
        length = np.hypot(qx[s] - px[s], qy[s] - py[s])
        return np.clip(frac, 0.0, 1.0) * length

    def chord_lower_bound(self, px, py, qx, qy, s: np.ndarray, f: np.ndarray) -> np.ndarray:
        """A lower bound of :meth:`inside_length`: the length of segment s inside the
        largest inscribed circle of feature f (0 for features without one)."""
        x0 = px[s]
        y0 = py[s]
        dx = qx[s] - x0
        dy = qy[s] - y0
        r = self.feat_r_in[f]
        wx = self.feat_ix[f] - x0
        wy = self.feat_iy[f] - y0
        l2 = dx * dx + dy * dy
        length = np.sqrt(l2)
        with np.errstate(invalid="ignore", divide="ignore"):
            tc = (wx * dx + wy * dy) / l2
            cross = dx * wy - dy * wx
            half = np.sqrt(np.maximum(r * r - cross * cross / l2, 0.0)) / length
            lo = np.maximum(tc - half, 0.0)
            hi = np.minimum(tc + half, 1.0)
            chord = np.maximum(hi - lo, 0.0) * length
        return np.where((r > 0) & (l2 > 0), chord, 0.0)

    @staticmethod
    def inside_length_exact(areas: np.ndarray, px, py, qx, qy, s, f) -> np.ndarray:
        """Same as :meth:`inside_length` with GEOS (slower, any footprint)."""
        if len(s) == 0:
            return np.zeros(0)
        segs = shapely.linestrings(
            np.stack([np.column_stack([px[s], py[s]]), np.column_stack([qx[s], qy[s]])], 1)
        )
        return shapely.length(shapely.intersection(segs, areas[f]))
