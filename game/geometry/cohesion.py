"""Unit cohesion: are the members of a unit close enough together?"""

from __future__ import annotations

import numpy as np

from .measure import pairwise
from .table import as_points
from .units import EPS


def _links(points: object, d: float) -> np.ndarray:
    pts = as_points(points)
    near = pairwise(pts, pts) <= d + EPS
    np.fill_diagonal(near, False)
    return near


def stragglers(points: object, d: float) -> list[int]:
    """Indices of members with no other member within ``d`` (none for 0 or 1 member)."""
    pts = as_points(points)
    if len(pts) < 2:
        return []
    return [int(i) for i in np.flatnonzero(~_links(pts, d).any(axis=1))]


def each_within(points: object, d: float) -> bool:
    """Every member is within ``d`` of at least one other member (1 member: True)."""
    return not stragglers(points, d)


def groups(points: object, d: float) -> list[list[int]]:
    """Connected groups of members, linking members no more than ``d`` apart."""
    pts = as_points(points)
    n = len(pts)
    if n == 0:
        return []
    near = _links(pts, d)
    label = np.full(n, -1)
    out: list[list[int]] = []
    for start in range(n):
        if label[start] >= 0:
            continue
        label[start] = len(out)
        members = [start]
        frontier = [start]
        while frontier:
            nxt = np.flatnonzero(near[frontier].any(axis=0) & (label < 0))
            label[nxt] = len(out)
            members.extend(int(i) for i in nxt)
            frontier = list(nxt)
        out.append(sorted(members))
    return out


def connected_within(points: object, d: float) -> bool:
    """The graph linking members no more than ``d`` apart is connected (0 or 1
    member: True)."""
    return len(groups(points, d)) <= 1
