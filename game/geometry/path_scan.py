"""Where along a path something first happens: the mover enters an area (an overwatch
arc, a gas cloud) or a condition first holds (a watcher first sees it).

Distances are along the path from its start, in mm. ``first_inside`` is exact (shapely);
``first_where`` samples the path every ``step`` mm and bisects the first change to within
``tol`` mm, so a condition that holds on a stretch shorter than ``step`` may be missed:
callers pick a step below the smallest feature that matters (a figure's base).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from .units import EPS

XY = tuple[float, float]


def line_of(path: Sequence[XY]) -> LineString:
    if len(path) < 2:
        raise ValueError("a path needs at least two points")
    return LineString(path)


def point_at(path: Sequence[XY], at: float) -> XY:
    """The point ``at`` mm along the path (clamped to its ends)."""
    p = line_of(path).interpolate(max(0.0, at))
    return (p.x, p.y)


def first_inside(path: Sequence[XY], area: BaseGeometry) -> float | None:
    """How far along the path it first touches ``area`` (0 when it starts inside);
    None when it never does. Worked out segment by segment, so a path that doubles back
    over itself is measured where it first passes."""
    if area.distance(Point(path[0])) <= EPS:
        return 0.0
    walked = 0.0
    for a, b in zip(path, path[1:], strict=False):
        seg = LineString([a, b])
        if seg.length > 0 and seg.distance(area) <= EPS:  # touching to a millionth of a mm counts (a graze at a vertex)
            meet = seg.intersection(area)
            parts = [g for g in getattr(meet, "geoms", [meet]) if not g.is_empty]
            if not parts:  # within EPS but not crossing in floating point: where it comes nearest
                return walked + seg.project(nearest_points(seg, area)[1])
            return walked + min(seg.project(Point(c)) for g in parts for c in g.coords)
        walked += seg.length
    return None


def first_where(path: Sequence[XY], ok: Callable[[XY], bool], start: float = 0.0, stop: float | None = None,
                step: float = 10.0, tol: float = 1.0) -> float | None:
    """How far along the path ``ok`` first holds, from ``start`` to ``stop`` (the end),
    sampled every ``step`` mm and bisected to ``tol`` mm; None when it never does at a
    sample."""
    if step <= 0 or tol <= 0:
        raise ValueError("step and tol must be positive")
    line = line_of(path)
    end = line.length if stop is None else min(stop, line.length)

    def holds(d: float) -> bool:
        p = line.interpolate(d)
        return ok((p.x, p.y))

    if holds(start):
        return start
    before = start
    d = start
    while d < end:
        d = min(end, d + step)
        if holds(d):
            lo, hi = before, d  # not at lo, at hi: narrow down to the first point
            while hi - lo > tol:
                mid = (lo + hi) / 2
                if holds(mid):
                    hi = mid
                else:
                    lo = mid
            return hi
        before = d
    return None
