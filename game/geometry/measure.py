"""Distances between figures, in mm: centre to centre (:func:`distance` and the
vectorised helpers), or base edge to base edge of round bases (:func:`edge_distance`).
Which one a ruleset's rules measure by is the ruleset's choice
(game/rulesets/measuring.py)."""

from __future__ import annotations

import math

import numpy as np
import shapely

from .table import as_points
from .units import EPS

Point = tuple[float, float]

_HULL_MIN = 64  # above this many points, max_spread works on the convex hull


def distance(a: Point, b: Point) -> float:
    """Centre-to-centre distance."""
    return math.hypot(float(b[0]) - float(a[0]), float(b[1]) - float(a[1]))


def edge_distance(a: Point, ra: float, b: Point, rb: float) -> float:
    """Base edge to base edge of two round bases of radii ``ra`` and ``rb``: the centre
    to centre distance less both radii, 0 when the bases touch or overlap. A point is a
    base of radius 0."""
    return max(0.0, distance(a, b) - ra - rb)


def pairwise(p: object, q: object) -> np.ndarray:
    """(len(p), len(q)) matrix of distances between two point sets."""
    a, b = as_points(p), as_points(q)
    return np.hypot(a[:, None, 0] - b[None, :, 0], a[:, None, 1] - b[None, :, 1])


def distances_from(a: Point, points: object) -> np.ndarray:
    """Distances from one point to many."""
    pts = as_points(points)
    return np.hypot(pts[:, 0] - float(a[0]), pts[:, 1] - float(a[1]))


def _nonempty(*sets: np.ndarray) -> None:
    for s in sets:
        if len(s) == 0:
            raise ValueError("point set is empty")


def nearest_pair(p: object, q: object) -> tuple[int, int, float]:
    """(i, j, d): the closest p[i], q[j] and their distance (first pair on ties)."""
    a, b = as_points(p), as_points(q)
    _nonempty(a, b)
    d = pairwise(a, b)
    k = int(np.argmin(d))
    i, j = divmod(k, d.shape[1])
    return i, j, float(d[i, j])


def furthest_to_nearest(firers: object, targets: object) -> tuple[int, int, float]:
    """(i, j, d): the firer i whose nearest target is furthest away, that target j and
    the distance. A squad's range is measured from its furthest firer to the nearest
    enemy."""
    a, b = as_points(firers), as_points(targets)
    _nonempty(a, b)
    d = pairwise(a, b)
    nearest = d.argmin(axis=1)
    near_d = d[np.arange(len(a)), nearest]
    i = int(np.argmax(near_d))
    return i, int(nearest[i]), float(near_d[i])


def max_spread(points: object) -> float:
    """Greatest distance between any two of the points (0 for fewer than two)."""
    pts = as_points(points)
    if len(pts) < 2:
        return 0.0
    if len(pts) > _HULL_MIN:  # the diameter is reached between hull vertices
        hull = shapely.convex_hull(shapely.multipoints(pts))
        pts = shapely.get_coordinates(hull)
    return float(pairwise(pts, pts).max())


def in_contact(a: Point, ra: float, b: Point, rb: float, tol: float = 0.5) -> bool:
    """Base-to-base contact of two round bases of radii ra, rb (within ``tol`` mm)."""
    return distance(a, b) <= ra + rb + tol + EPS


def within(a: Point, b: Point, d: float) -> bool:
    """True if the centres are no more than ``d`` apart (with EPS tolerance)."""
    return distance(a, b) <= d + EPS


def within_mask(a: Point, points: object, d: float) -> np.ndarray:
    """Vectorised :func:`within`: which points are within ``d`` of ``a``."""
    return distances_from(a, points) <= d + EPS
