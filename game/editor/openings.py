"""A building's doors and windows in the map being edited: they ride with their building
when it is moved, turned or resized, and stay on its wall when a corner is dragged.

Openings are points on the wall in the map's unit (the map file's ``openings:``); the
map's own check (game/data/map_build.py) refuses one off the wall, so every change to a
building's outline carries its openings with it first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shapely.geometry import Point

from game.data.map_build import shape_geometry
from game.data.map_schema import TerrainSpec

Pt = tuple[float, float]

#: kinds of opening, as the map file names them
KINDS = ("door", "window")


def tidy(v: float) -> float:
    """A coordinate as the map file keeps it (four decimals)."""
    return round(v, 4)


def carry(spec: dict[str, Any], fn: Callable[[Pt], Pt]) -> None:
    """Move every opening of ``spec`` by the point map ``fn`` (what its outline just had)."""
    for o in spec.get("openings") or []:
        x, y = fn((float(o["at"][0]), float(o["at"][1])))
        o["at"] = [tidy(x), tidy(y)]


def wall_point(spec: dict[str, Any], p: Pt) -> Pt:
    """The point of building ``spec``'s wall (its outline, whatever its shape) nearest ``p``."""
    ring = shape_geometry(TerrainSpec.model_validate(spec)).boundary
    q = ring.interpolate(ring.project(Point(p)))
    return (tidy(q.x), tidy(q.y))


def keep_on_wall(spec: dict[str, Any]) -> None:
    """After a corner of a building moved: each opening to the nearest point of the new
    wall (an opening on a wall that did not move stays where it was)."""
    if not spec.get("openings") or not spec.get("polygon") or len(spec["polygon"]) < 3:
        return
    carry(spec, lambda p: wall_point(spec, p))


def opening(kind: str, at: Pt, width: float = 1.0) -> dict[str, Any]:
    if kind not in KINDS:
        raise ValueError(f"an opening is a door or a window, not {kind!r}")
    return {"kind": kind, "at": [tidy(at[0]), tidy(at[1])], "width": width, "locked": False}
