"""Templates: blast circles, flamethrower rectangles, overwatch cones, fire corridors.

Angles are in degrees, 0 = +x, 90 = +y (clockwise on screen, since y points down).
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from .table import as_points

Point = tuple[float, float]

_CIRCLE_SEGMENTS = 64  # vertices per quarter circle: inscribed polygon within 0.01 mm for r <= 5"


def _dir(deg: float) -> tuple[float, float]:
    r = math.radians(deg)
    return math.cos(r), math.sin(r)


def circle(center: Point, radius: float) -> Polygon:
    """A circular template (blast marker). Polygonal, inscribed in the true circle."""
    if radius <= 0:
        raise ValueError("radius must be positive")
    return shapely.Point(float(center[0]), float(center[1])).buffer(radius, quad_segs=_CIRCLE_SEGMENTS)


def rectangle(origin: Point, facing_deg: float, length: float, width: float) -> Polygon:
    """Starts at ``origin`` and extends ``length`` along the facing, ``width`` across,
    centred on the facing line (flamethrower template)."""
    if length <= 0 or width <= 0:
        raise ValueError("length and width must be positive")
    ux, uy = _dir(facing_deg)
    vx, vy = -uy * width / 2.0, ux * width / 2.0
    ox, oy = float(origin[0]), float(origin[1])
    ex, ey = ox + ux * length, oy + uy * length
    return Polygon([(ox + vx, oy + vy), (ex + vx, ey + vy), (ex - vx, ey - vy), (ox - vx, oy - vy)])


def cone(apex: Point, facing_deg: float, arc_deg: float, reach: float) -> Polygon:
    """A circular sector: ``arc_deg`` in total, centred on the facing, radius ``reach``
    (overwatch arc, e.g. 45 degrees)."""
    if reach <= 0 or not 0 < arc_deg <= 360:
        raise ValueError("reach must be positive and 0 < arc_deg <= 360")
    ax, ay = float(apex[0]), float(apex[1])
    if arc_deg >= 360:
        return circle(apex, reach)
    steps = max(2, math.ceil(arc_deg / 360.0 * 4 * _CIRCLE_SEGMENTS))
    angles = np.linspace(facing_deg - arc_deg / 2.0, facing_deg + arc_deg / 2.0, steps + 1)
    rad = np.radians(angles)
    arc = np.column_stack([ax + reach * np.cos(rad), ay + reach * np.sin(rad)])
    return Polygon(np.vstack([[ax, ay], arc]))


def corridor(a: Point, b: Point, width: float) -> Polygon:
    """Segment a-b buffered by width / 2 with flat caps (beaten zone, fire lane)."""
    if width <= 0:
        raise ValueError("width must be positive")
    line = LineString([(float(a[0]), float(a[1])), (float(b[0]), float(b[1]))])
    if line.length == 0:
        raise ValueError("corridor needs two distinct points")
    return line.buffer(width / 2.0, cap_style="flat")


def covered(template: BaseGeometry, points: object) -> np.ndarray:
    """Indices of the points whose centre is inside the template or on its edge."""
    pts = as_points(points)
    if len(pts) == 0:
        return np.zeros(0, dtype=np.intp)
    shapely.prepare(template)
    return np.flatnonzero(shapely.intersects_xy(template, pts[:, 0], pts[:, 1]))
