"""Collision queries for moving figures (pymunk, queries only: no simulation steps).

Static shapes are the footprints of terrain that blocks movement ("all": everybody;
"vehicles": vehicle movers only); every figure is a circle (its base). A move is a
circle of the mover's radius swept along a path.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

import numpy as np
import pymunk
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from .table import Table, as_points
from .terrain import TerrainFeature

Point = tuple[float, float]
Mover = Literal["infantry", "vehicle"]
ObstacleKind = Literal["terrain", "figure"]

#: bases closer than this are "touching", not overlapping (mm)
CONTACT_TOL = 0.01

_CAT_ALL = 0b001  # terrain that blocks everybody
_CAT_VEHICLE = 0b010  # terrain that blocks vehicles only
_CAT_FIGURE = 0b100
_MASKS = {"infantry": _CAT_ALL | _CAT_FIGURE, "vehicle": _CAT_ALL | _CAT_VEHICLE | _CAT_FIGURE}
_FIGURE_FILTER = pymunk.ShapeFilter(categories=_CAT_FIGURE)


@dataclass(frozen=True)
class Collision:
    obstacle_id: str
    kind: ObstacleKind
    distance: float  # along the path, where the mover's base first touches the obstacle
    point: Point  # the mover's centre there: the last free point of the path
    contact: Point  # the touching point on the obstacle


def _convex_pieces(feature: TerrainFeature) -> list[list[tuple[float, float]]]:
    if feature.parts is not None:
        polys: list[BaseGeometry] = list(feature.parts)
    else:
        polys = []
        for poly in getattr(feature.area, "geoms", [feature.area]):
            if not isinstance(poly, Polygon) or poly.is_empty:
                continue
            if not poly.interiors and abs(poly.convex_hull.area - poly.area) <= 1e-9 * poly.area:
                polys.append(poly)
            else:
                polys.extend(shapely.constrained_delaunay_triangles(poly).geoms)
    return [[(float(x), float(y)) for x, y in np.asarray(p.exterior.coords)[:-1, :2]] for p in polys]


_pieces_cache: dict[tuple[int, int], tuple[Table, list[tuple[str, int, list[tuple[float, float]]]]]] = {}


def _blocking_pieces(table: Table) -> list[tuple[str, int, list[tuple[float, float]]]]:
    """(feature id, category, convex polygon) for the terrain that blocks movement, worked
    out once per version of the table (every move check builds a space from them)."""
    key = (id(table), table.version)
    hit = _pieces_cache.get(key)
    if hit is not None and hit[0] is table:
        return hit[1]
    out: list[tuple[str, int, list[tuple[float, float]]]] = []
    for feat in table.features:
        block = feat.type.blocks_movement
        if block == "none":
            continue
        cat = _CAT_ALL if block == "all" else _CAT_VEHICLE
        out.extend((feat.id, cat, verts) for verts in _convex_pieces(feat))
    if len(_pieces_cache) > 64:
        _pieces_cache.clear()
    _pieces_cache[key] = (table, out)
    return out


class Collider:
    """Figures' bases and impassable terrain of a table, for movement queries."""

    def __init__(self, table: Table, figures: Iterable[tuple[str, Point, float]] = ()) -> None:
        self.table = table
        self.space = pymunk.Space()
        self._owner: dict[pymunk.Shape, tuple[str, ObstacleKind]] = {}
        self._terrain: list[pymunk.Shape] = []
        self._figures: dict[str, pymunk.Circle] = {}
        self._terrain_version = -1
        self._sync_terrain()
        shapes = [self._base(fid, pos, radius) for fid, pos, radius in figures]
        if shapes:
            self.space.add(*shapes)

    # -- content ----------------------------------------------------------------
    def _sync_terrain(self) -> None:
        """(Re)build the static shapes if the table's terrain changed."""
        if self._terrain_version == self.table.version:
            return
        if self._terrain:
            self.space.remove(*self._terrain)
            for s in self._terrain:
                del self._owner[s]
        self._terrain = []
        for fid, cat, verts in _blocking_pieces(self.table):
            shape = pymunk.Poly(self.space.static_body, verts)
            shape.filter = pymunk.ShapeFilter(categories=cat)
            self._owner[shape] = (fid, "terrain")
            self._terrain.append(shape)
        if self._terrain:
            self.space.add(*self._terrain)
        self._terrain_version = self.table.version

    def _base(self, figure_id: str, pos: Point, radius: float) -> pymunk.Circle:
        """A figure's base: a circle on the space's static body (the space is only
        queried, never stepped, so bases need no bodies of their own)."""
        if figure_id in self._figures:
            raise ValueError(f"duplicate figure id {figure_id!r}")
        shape = pymunk.Circle(self.space.static_body, float(radius), (float(pos[0]), float(pos[1])))
        shape.filter = _FIGURE_FILTER
        self._figures[figure_id] = shape
        self._owner[shape] = (figure_id, "figure")
        return shape

    def add_figure(self, figure_id: str, pos: Point, radius: float) -> None:
        self.space.add(self._base(figure_id, pos, radius))

    def move_figure(self, figure_id: str, pos: Point) -> None:
        radius = self._figures[figure_id].radius
        self.remove_figure(figure_id)
        self.add_figure(figure_id, pos, radius)

    def remove_figure(self, figure_id: str) -> None:
        shape = self._figures.pop(figure_id)
        self.space.remove(shape)
        del self._owner[shape]

    def has_figure(self, figure_id: str) -> bool:
        return figure_id in self._figures

    def figure_ids(self) -> list[str]:
        return list(self._figures)

    # -- queries ------------------------------------------------------------------
    def _filter(self, mover: Mover) -> pymunk.ShapeFilter:
        try:
            return pymunk.ShapeFilter(mask=_MASKS[mover])
        except KeyError:
            raise ValueError(f"mover must be 'infantry' or 'vehicle', got {mover!r}") from None

    def overlapping(
        self, point: Point, radius: float, mover: Mover = "infantry", ignore: Iterable[str] = ()
    ) -> list[str]:
        """Ids of obstacles a base of that radius at ``point`` would overlap
        (touching within CONTACT_TOL is allowed)."""
        self._sync_terrain()
        skip = set(ignore)
        hits = self.space.point_query(
            (float(point[0]), float(point[1])), max(radius - CONTACT_TOL, 0.0), self._filter(mover)
        )
        out: list[str] = []
        for h in hits:
            oid = self._owner.get(h.shape, ("", ""))[0]
            if oid and oid not in skip and oid not in out:
                out.append(oid)
        return out

    def is_free(
        self, point: Point, radius: float, mover: Mover = "infantry", ignore: Iterable[str] = ()
    ) -> bool:
        """True if a base of that radius can stand at ``point``."""
        return not self.overlapping(point, radius, mover, ignore)

    def first_collision(
        self,
        points: object,
        radius: float,
        mover: Mover = "infantry",
        ignore: Iterable[str] = (),
    ) -> Collision | None:
        """The first obstacle met by a base of ``radius`` moving along the polyline
        ``points``, or None if the whole path is free. A base already overlapping
        something at the start collides at distance 0."""
        self._sync_terrain()
        pts = as_points(points)
        skip = set(ignore)
        filt = self._filter(mover)
        start = (float(pts[0, 0]), float(pts[0, 1]))
        stuck = self.overlapping(start, radius, mover, skip)
        if stuck:
            kind = self._kind(stuck[0])
            return Collision(stuck[0], kind, 0.0, start, start)
        travelled = 0.0
        r_probe = max(radius - CONTACT_TOL, 0.0)
        for k in range(len(pts) - 1):
            a = (float(pts[k, 0]), float(pts[k, 1]))
            b = (float(pts[k + 1, 0]), float(pts[k + 1, 1]))
            seg_len = float(np.hypot(b[0] - a[0], b[1] - a[1]))
            if seg_len <= 0:
                continue
            hits = self._swept_hits(a, b, r_probe, filt, skip)
            if hits:
                first = min(hits, key=lambda h: (h.alpha, self._owner[h.shape][0]))
                # where the full-size base first touches that obstacle
                exact = first.shape.segment_query(a, b, radius)
                alpha = first.alpha
                contact = first.point
                if exact is not None and exact.alpha <= alpha:
                    alpha, contact = exact.alpha, exact.point
                oid, kind = self._owner[first.shape]
                pos = (a[0] + alpha * (b[0] - a[0]), a[1] + alpha * (b[1] - a[1]))
                return Collision(
                    oid, kind, travelled + alpha * seg_len, pos, (float(contact.x), float(contact.y))
                )
            travelled += seg_len
        return None

    def _swept_hits(self, a: Point, b: Point, radius: float, filt: pymunk.ShapeFilter, skip: set[str]) -> list:
        """Every shape a disc of ``radius`` moving from a to b touches. The broad phase is
        the box around the whole swept disc: chipmunk's own segment query tests its tree
        with the bare segment and misses shapes the thick segment only grazes."""
        bb = pymunk.BB(min(a[0], b[0]) - radius, min(a[1], b[1]) - radius, max(a[0], b[0]) + radius, max(a[1], b[1]) + radius)
        out = []
        for shape in self.space.bb_query(bb, filt):
            if self._owner.get(shape, ("", ""))[0] in skip:
                continue
            info = shape.segment_query(a, b, radius)  # None when it misses
            if info is not None:
                out.append(info)
        return out

    def _kind(self, obstacle_id: str) -> ObstacleKind:
        return "figure" if obstacle_id in self._figures else "terrain"
