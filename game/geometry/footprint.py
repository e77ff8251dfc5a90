"""Footprints decomposed into simple parts for fast vectorised segment tests.

A line feature's footprint is the union of one rectangle per centreline segment
(flat caps; mitre joints at bends up to 90 degrees, a bevel triangle at sharper
bends), i.e. a flat-cap, mitre-join buffer of the centreline. Area footprints are split into their polygons;
rectangles are recognised. Every part is either a RECT (centre, unit axis, half
sizes: exact separating-axis test) or a POLY (ring edges, a bounding circle and an
inscribed circle used as quick reject/accept before edge tests).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString, MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

RECT = 0
POLY = 1
_TINY = 1e-12


def _line_coords(line: LineString) -> np.ndarray:
    c = np.asarray(line.coords, dtype=float)[:, :2]
    if len(c) < 2:
        return c
    keep = np.ones(len(c), dtype=bool)
    keep[1:] = np.hypot(*(np.diff(c, axis=0).T)) > _TINY
    return c[keep]


def _lines(geom: BaseGeometry) -> list[LineString]:
    if isinstance(geom, LineString):
        return [geom]
    if isinstance(geom, MultiLineString):
        return list(geom.geoms)
    raise TypeError(f"expected a LineString centreline, got {geom.geom_type}")


def line_parts(centreline: BaseGeometry, width: float) -> list[Polygon]:
    """Convex pieces whose union is the footprint of a centreline of the given width.

    One rectangle per centreline segment (flat caps at the ends of the line). At a
    bend of up to 90 degrees both rectangles are lengthened to meet in a mitre
    joint; sharper bends get a bevel triangle on the outer side instead.
    """
    w = width / 2.0
    parts: list[Polygon] = []
    for line in _lines(centreline):
        c = _line_coords(line)
        if len(c) < 2:
            continue
        d = np.diff(c, axis=0)
        n = len(d)
        unit = d / np.hypot(d[:, 0], d[:, 1])[:, None]
        left = np.column_stack([-unit[:, 1], unit[:, 0]]) * w
        ext_start = np.zeros(n)
        ext_end = np.zeros(n)
        joints = [(k - 1, k) for k in range(1, n)]
        if n >= 3 and np.allclose(c[0], c[-1], rtol=0.0, atol=_TINY):
            joints.append((n - 1, 0))  # closed ring: the start is a bend too
        bevels: list[Polygon] = []
        for a, b in joints:
            cos = float(unit[a] @ unit[b])
            sin = float(unit[a, 0] * unit[b, 1] - unit[a, 1] * unit[b, 0])
            if abs(sin) <= 1e-12 and cos > 0:
                continue  # straight on
            if cos >= 0.0:  # mitre: lengthen both rectangles by w * tan(angle / 2)
                e = w * abs(sin) / (1.0 + cos)
                ext_end[a] = e
                ext_start[b] = e
                continue
            side = -1.0 if sin > 0 else 1.0  # the outer side of the bend
            v = c[b]
            tri = Polygon([v, v + side * left[a], v + side * left[b]])
            if tri.area > _TINY:
                bevels.append(tri)
        for k in range(n):
            a0 = c[k] - ext_start[k] * unit[k]
            b0 = c[k + 1] + ext_end[k] * unit[k]
            parts.append(Polygon([a0 + left[k], b0 + left[k], b0 - left[k], a0 - left[k]]))
        parts.extend(bevels)
    return parts


def line_footprint(centreline: BaseGeometry, width: float) -> BaseGeometry:
    """The polygon footprint of a line feature (union of :func:`line_parts`)."""
    parts = line_parts(centreline, width)
    if not parts:
        return Polygon()
    return shapely.union_all(parts) if len(parts) > 1 else parts[0]


def _polygons(geom: BaseGeometry) -> list[Polygon]:
    if isinstance(geom, Polygon):
        return [geom] if not geom.is_empty else []
    if isinstance(geom, MultiPolygon):
        return [g for g in geom.geoms if not g.is_empty]
    if hasattr(geom, "geoms"):
        return [g for sub in geom.geoms for g in _polygons(sub)]
    return []


def _as_rect(poly: Polygon) -> tuple[float, float, float, float, float, float] | None:
    """(cx, cy, ux, uy, hu, hv) if the polygon is a rectangle, else None."""
    if poly.interiors:
        return None
    c = np.asarray(poly.exterior.coords, dtype=float)[:-1, :2]
    if len(c) != 4:
        return None
    e = np.roll(c, -1, axis=0) - c
    lens = np.hypot(e[:, 0], e[:, 1])
    if lens.min() <= _TINY:
        return None
    dots = np.abs(np.sum(e * np.roll(e, -1, axis=0), axis=1)) / (lens * np.roll(lens, -1))
    if dots.max() > 1e-9:
        return None
    centre = c.mean(axis=0)
    ux, uy = e[0] / lens[0]
    return float(centre[0]), float(centre[1]), float(ux), float(uy), lens[0] / 2, lens[1] / 2


@dataclass(frozen=True)
class PartArrays:
    """Flat arrays describing all parts of all features (index = part number)."""

    feature: np.ndarray  # int: owning feature index
    kind: np.ndarray  # int8: RECT / POLY
    geoms: np.ndarray  # object: part polygons (for the bbox tree)
    # RECT data (zeros for POLY parts)
    cx: np.ndarray
    cy: np.ndarray
    ux: np.ndarray
    uy: np.ndarray
    hu: np.ndarray
    hv: np.ndarray
    # POLY data: bounding circle (ox, oy, R_out) and inscribed circle (ix, iy, r_in)
    ox: np.ndarray
    oy: np.ndarray
    r_out: np.ndarray
    ix: np.ndarray
    iy: np.ndarray
    r_in: np.ndarray
    # ring edges of every part, interior on the left; part k owns
    # edges[edge_start[k] : edge_start[k] + edge_count[k]]
    edge_start: np.ndarray
    edge_count: np.ndarray
    ex0: np.ndarray
    ey0: np.ndarray
    ex1: np.ndarray
    ey1: np.ndarray

    @property
    def count(self) -> int:
        return len(self.feature)


def _ring_edges(poly: Polygon) -> np.ndarray:
    """(E, 4) edges x0, y0, x1, y1 of all rings, oriented with the interior on the left."""
    oriented = shapely.orient_polygons(poly, exterior_cw=False)
    rows = []
    for ring in [oriented.exterior, *oriented.interiors]:
        c = np.asarray(ring.coords, dtype=float)[:, :2]
        if len(c) >= 2:
            rows.append(np.hstack([c[:-1], c[1:]]))
    return np.vstack(rows) if rows else np.zeros((0, 4))


#: one footprint's parts: (kind, polygon, edges, rectangle frame, circles) of each part
_Rows = list[tuple[int, Polygon, np.ndarray, tuple[float, ...], tuple[float, ...]]]
#: each footprint's parts, by the identity of its geometry and explicit parts (a feature
#: never changes: features are added and removed whole, so a table whose smoke changed
#: builds its index again from the parts of the features it kept); the objects themselves
#: are held, so an id is never read for another object
_rows_cache: dict[tuple[int, int], tuple[BaseGeometry, object, _Rows]] = {}
_ROWS_KEPT = 4096


def _footprint_rows(area: BaseGeometry, explicit: Iterable[Polygon] | None) -> _Rows:
    key = (id(area), id(explicit))
    hit = _rows_cache.get(key)
    if hit is not None and hit[0] is area and hit[1] is explicit:
        return hit[2]
    rows: _Rows = []
    polys = list(explicit) if explicit is not None else _polygons(area)
    for poly in polys:
        r = _as_rect(poly)
        e = _ring_edges(poly)
        if r is not None:
            rows.append((RECT, poly, e, r, (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)))
            continue
        verts = e[:, :2]
        mbc = shapely.minimum_bounding_circle(poly)
        o = np.asarray(mbc.centroid.coords[0], dtype=float)
        r_out = float(np.hypot(*(verts - o).T).max()) * (1 + 1e-9) + 1e-9
        mic = shapely.maximum_inscribed_circle(poly)
        ic = np.asarray(mic.coords[0], dtype=float)
        r_in = max(0.0, float(mic.length) * (1 - 1e-9) - 1e-9)
        if not poly.contains(shapely.Point(ic)):
            r_in = -1.0  # no safe inscribed disk: never quick-accept
        rows.append((POLY, poly, e, (0.0, 0.0, 1.0, 0.0, 0.0, 0.0), (o[0], o[1], r_out, ic[0], ic[1], r_in)))
    if len(_rows_cache) >= _ROWS_KEPT:
        _rows_cache.clear()
    _rows_cache[key] = (area, explicit, rows)
    return rows


def decompose(features: Sequence[tuple[BaseGeometry, Iterable[Polygon] | None]]) -> PartArrays:
    """Build :class:`PartArrays` for features given as (footprint, explicit parts or None)."""
    owner: list[int] = []
    kind: list[int] = []
    geoms: list[Polygon] = []
    rect = []
    circ = []
    edges: list[np.ndarray] = []
    for fi, (area, explicit) in enumerate(features):
        for k, poly, e, r, c in _footprint_rows(area, explicit):
            owner.append(fi)
            kind.append(k)
            geoms.append(poly)
            edges.append(e)
            rect.append(r)
            circ.append(c)
    counts = np.array([len(e) for e in edges], dtype=np.intp)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.intp) if len(counts) else counts
    allE = np.vstack(edges) if edges else np.zeros((0, 4))
    R = np.array(rect, dtype=float).reshape(-1, 6)
    C = np.array(circ, dtype=float).reshape(-1, 6)
    return PartArrays(
        feature=np.array(owner, dtype=np.intp),
        kind=np.array(kind, dtype=np.int8),
        geoms=np.array(geoms, dtype=object),
        cx=R[:, 0], cy=R[:, 1], ux=R[:, 2], uy=R[:, 3], hu=R[:, 4], hv=R[:, 5],
        ox=C[:, 0], oy=C[:, 1], r_out=C[:, 2], ix=C[:, 3], iy=C[:, 4], r_in=C[:, 5],
        edge_start=starts, edge_count=counts,
        ex0=np.ascontiguousarray(allE[:, 0]), ey0=np.ascontiguousarray(allE[:, 1]),
        ex1=np.ascontiguousarray(allE[:, 2]), ey1=np.ascontiguousarray(allE[:, 3]),
    )
