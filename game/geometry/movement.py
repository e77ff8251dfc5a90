"""Movement paths over terrain: what a path crosses, enters and leaves, and where.

Rulesets price moves with these events (e.g. -3" for crossing a linear obstacle,
stop at barbed wire, -3" for climbing out of a trench). Collisions with figures and
impassable terrain are in :mod:`game.geometry.collider` (re-exported here).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import shapely
from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry

from .collider import Collider, Collision
from .table import Table, as_points
from .units import EPS

__all__ = ["Collider", "Collision", "PathEvent", "PathTrace", "trace_path"]

Point = tuple[float, float]
EventKind = Literal["enter", "exit", "cross"]
_KIND_ORDER = {"exit": 0, "cross": 1, "enter": 2}


@dataclass(frozen=True)
class PathEvent:
    feature_id: str
    type_id: str
    kind: EventKind
    distance: float  # along the path from its start (mm)
    point: Point


@dataclass
class PathTrace:
    """A polyline path and what it meets.

    ``crossings`` is ordered by distance along the path. Area footprints produce
    "enter"/"exit" events (a path starting inside a footprint does not enter it; a path
    ending inside does not exit). Line features (walls, wire, hedges, trenches)
    produce a "cross" event each time the path passes over the centreline (not at the
    path's own start or end), and also
    enter/exit events for their footprint (e.g. climbing out of a trench is an "exit").
    """

    points: np.ndarray  # (N, 2)
    length: float
    crossings: list[PathEvent] = field(default_factory=list)
    inside_length: dict[str, float] = field(default_factory=dict)

    @property
    def cumulative(self) -> np.ndarray:
        """Distance along the path at each vertex."""
        seg = np.hypot(*np.diff(self.points, axis=0).T) if len(self.points) > 1 else np.zeros(0)
        return np.concatenate([[0.0], np.cumsum(seg)])

    def point_at(self, distance: float) -> Point:
        """The point ``distance`` mm along the path (clamped to the path)."""
        pts = self.points
        if len(pts) == 1:
            return float(pts[0, 0]), float(pts[0, 1])
        cum = self.cumulative
        d = min(max(float(distance), 0.0), float(cum[-1]))
        k = int(np.searchsorted(cum, d, side="right")) - 1
        k = min(max(k, 0), len(pts) - 2)
        seg = cum[k + 1] - cum[k]
        t = 0.0 if seg <= 0 else (d - cum[k]) / seg
        p = pts[k] + t * (pts[k + 1] - pts[k])
        return float(p[0]), float(p[1])

    def truncate(self, distance: float) -> list[Point]:
        """The path cut at ``distance`` (vertices up to there plus the end point)."""
        cum = self.cumulative
        d = min(max(float(distance), 0.0), float(cum[-1]))
        keep = [(float(x), float(y)) for (x, y), c in zip(self.points, cum, strict=True) if c < d - EPS]
        end = self.point_at(d)
        if not keep or np.hypot(keep[-1][0] - end[0], keep[-1][1] - end[1]) > EPS:
            keep.append(end)
        if len(keep) == 1:
            keep.append(end)  # always a two-point path (possibly of zero length)
        return keep

    def events_for(self, feature_id: str) -> list[PathEvent]:
        return [e for e in self.crossings if e.feature_id == feature_id]

    def first(self, kind: EventKind | None = None, type_id: str | None = None) -> PathEvent | None:
        """The first event of that kind and/or terrain type."""
        for e in self.crossings:
            if (kind is None or e.kind == kind) and (type_id is None or e.type_id == type_id):
                return e
        return None


def _piece_params(seg_start: np.ndarray, geom: BaseGeometry) -> list[tuple[float, float]]:
    """(from, to) distances from ``seg_start`` of the linear pieces of an intersection."""
    out: list[tuple[float, float]] = []
    for g in getattr(geom, "geoms", [geom]):
        if g.is_empty or g.geom_type != "LineString" or g.length <= EPS:
            continue
        c = np.asarray(g.coords)[:, :2]
        d = np.hypot(c[:, 0] - seg_start[0], c[:, 1] - seg_start[1])
        out.append((float(d.min()), float(d.max())))
    return out


def _point_params(seg_start: np.ndarray, geom: BaseGeometry) -> list[float]:
    """Distances from ``seg_start`` of an intersection's points (a linear overlap
    counts at its start)."""
    out: list[float] = []
    for g in getattr(geom, "geoms", [geom]):
        if g.is_empty:
            continue
        c = np.asarray(shapely.get_coordinates(g))
        d = np.hypot(c[:, 0] - seg_start[0], c[:, 1] - seg_start[1])
        out.append(float(d.min()))
    return out


def _intervals(pts: np.ndarray, cum: np.ndarray, area: BaseGeometry) -> list[tuple[float, float]]:
    """Merged [from, to] distance intervals of the path inside ``area``."""
    raw: list[tuple[float, float]] = []
    for k in range(len(pts) - 1):
        seg = LineString(pts[k : k + 2])
        if seg.length <= 0 or not seg.intersects(area):
            continue
        for a, b in _piece_params(pts[k], seg.intersection(area)):
            raw.append((cum[k] + a, cum[k] + b))
    raw.sort()
    merged: list[tuple[float, float]] = []
    for a, b in raw:
        if merged and a <= merged[-1][1] + EPS:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


def trace_path(table: Table, points: object) -> PathTrace:
    """Trace a polyline path over the table's terrain."""
    pts = as_points(points)
    if len(pts) == 0:
        raise ValueError("a path needs at least one point")
    trace = PathTrace(points=pts, length=0.0)
    cum = trace.cumulative
    trace.length = total = float(cum[-1])
    if len(pts) < 2 or total <= 0 or not len(table):
        return trace
    path = LineString(pts)
    idx = table.index
    events: list[tuple[float, int, int, PathEvent]] = []
    for fi in sorted(idx.tree.query(path, predicate="intersects")):
        feat = idx.features[fi]

        def add(kind: EventKind, d: float, feat=feat, fi=fi) -> None:
            ev = PathEvent(feat.id, feat.type.id, kind, float(d), trace.point_at(d))
            events.append((d, _KIND_ORDER[kind], int(fi), ev))

        spans = _intervals(pts, cum, feat.area)
        inside = sum(b - a for a, b in spans)
        if inside > 0:
            trace.inside_length[feat.id] = inside
        for a, b in spans:
            if a > EPS:
                add("enter", a)
            if b < total - EPS:
                add("exit", b)
        if feat.is_line:
            for k in range(len(pts) - 1):
                seg = LineString(pts[k : k + 2])
                if seg.length <= 0 or not seg.intersects(feat.geometry):
                    continue
                for d in _point_params(pts[k], seg.intersection(feat.geometry)):
                    dist = float(cum[k] + d)
                    if dist <= EPS or dist >= total - EPS:
                        continue  # starting or stopping on the centreline is not crossing it
                    if not any(abs(dist - e[0]) <= EPS and e[3].kind == "cross" and e[2] == fi for e in events):
                        add("cross", dist)
    events.sort(key=lambda e: (e[0], e[1], e[2]))
    trace.crossings = [e[3] for e in events]
    return trace
