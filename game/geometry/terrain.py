"""Terrain types and terrain features placed on the table.

A :class:`TerrainType` describes how a kind of terrain behaves (sight, cover, movement);
a :class:`TerrainFeature` is one piece of it on the table, with a shapely geometry:
a Polygon for area types, a LineString centreline (plus a width) for line types.
Every feature has an ``area``: its polygon footprint, used by all spatial queries.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import shapely
from shapely.geometry import LineString, MultiLineString, MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from .footprint import line_parts

NO_COVER = 0
SOFT = 1
HARD = 2
COVER_NAMES: tuple[str, str, str] = ("none", "soft", "hard")

Shape = Literal["area", "line"]
LosKind = Literal["clear", "hinders", "blocks", "woods", "hill"]
CoverName = Literal["none", "soft", "hard"]
MoveBlock = Literal["none", "vehicles", "all"]

#: Integer codes for ``TerrainType.los`` (used in vectorised code).
LOS_CODES: dict[str, int] = {"clear": 0, "hinders": 1, "blocks": 2, "woods": 3, "hill": 4}


def cover_code(name: str) -> int:
    """Cover name ("none" / "soft" / "hard") to its integer code."""
    try:
        return COVER_NAMES.index(name)
    except ValueError:
        raise ValueError(f"unknown cover {name!r}; expected one of {COVER_NAMES}") from None


@dataclass(frozen=True)
class TerrainType:
    """How a kind of terrain behaves. Lengths are in mm."""

    id: str
    name: str
    # line types are a centreline with a width (walls, hedges, fences, wire, trenches, roads)
    shape: Shape
    los: LosKind
    # los == "blocks": a figure INSIDE the feature sees out and is seen unless it is `closed`
    see_out: bool = False
    cover: CoverName = "none"
    # line features: a target within this distance of the footprint, with the sight line
    # crossing the feature, gets its cover
    cover_reach: float = 0.0
    # los == "woods": sight passes through at most this total length of woods
    sight_depth: float = 0.0
    blocks_movement: MoveBlock = "none"
    default_width: float = 0.0
    dynamic: bool = False  # temporary clouds (smoke, gas)

    def __post_init__(self) -> None:
        if self.shape not in ("area", "line"):
            raise ValueError(f"{self.id}: shape must be 'area' or 'line', got {self.shape!r}")
        if self.los not in LOS_CODES:
            raise ValueError(f"{self.id}: unknown los kind {self.los!r}")
        cover_code(self.cover)
        if self.blocks_movement not in ("none", "vehicles", "all"):
            raise ValueError(f"{self.id}: bad blocks_movement {self.blocks_movement!r}")
        if self.cover_reach < 0 or self.sight_depth < 0 or self.default_width < 0:
            raise ValueError(f"{self.id}: lengths must be non-negative")

    @property
    def cover_code(self) -> int:
        return cover_code(self.cover)

    @property
    def los_code(self) -> int:
        return LOS_CODES[self.los]

    @property
    def is_line(self) -> bool:
        return self.shape == "line"


def _as_geometry(geometry: BaseGeometry | Iterable[Sequence[float]], shape: Shape) -> BaseGeometry:
    """Accept a shapely geometry or a plain sequence of (x, y) coordinates."""
    if isinstance(geometry, BaseGeometry):
        return geometry
    coords = [(float(x), float(y)) for x, y in geometry]
    return Polygon(coords) if shape == "area" else LineString(coords)


@dataclass(frozen=True)
class Opening:
    """A door or window in a building's wall: its kind, its centre on the wall and its
    width (mm), and whether it starts locked."""

    kind: str
    at: tuple[float, float]
    width: float
    locked: bool = False


@dataclass
class TerrainFeature:
    """One piece of terrain on the table.

    ``geometry`` is a Polygon (or MultiPolygon) for area types and a LineString
    (or MultiLineString) centreline for line types; a sequence of (x, y) points is
    accepted too. ``area`` is derived: the polygon itself, or the centreline buffered
    by ``width / 2`` with flat caps and mitre joins (bevelled beyond 90 degrees). Do not mutate ``geometry``/``width`` after creation
    (create a new feature instead), because ``area`` is computed once.
    """

    id: str
    type: TerrainType
    geometry: BaseGeometry
    width: float = 0.0  # line types (0 -> type.default_width)
    level: int = 0  # hills: height level (1, 2, ...)
    name: str = ""
    closed: bool = False  # a closed building/bunker: nobody inside sees out or is seen
    height: float | None = None  # a wall's or hedge's height in the map's unit (rules with a height tester read it)
    openings: tuple[Opening, ...] = ()  # a building's doors and windows (mm)
    area: BaseGeometry = field(init=False, repr=False, compare=False)
    # line types: the convex pieces (rectangles, bevel triangles) whose union is `area`
    parts: tuple[Polygon, ...] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.geometry = _as_geometry(self.geometry, self.type.shape)
        parts: tuple[Polygon, ...] | None = None
        if self.type.shape == "area":
            if not isinstance(self.geometry, Polygon | MultiPolygon):
                raise TypeError(f"{self.id}: area terrain needs a Polygon, got {self.geometry.geom_type}")
            area = self.geometry
            if not area.is_valid:
                area = shapely.make_valid(area)
        else:
            if not isinstance(self.geometry, LineString | MultiLineString):
                raise TypeError(
                    f"{self.id}: line terrain needs a LineString centreline, got {self.geometry.geom_type}"
                )
            w = self.effective_width
            if w <= 0:
                raise ValueError(f"{self.id}: line terrain needs a positive width")
            pieces = line_parts(self.geometry, w)
            if not pieces:
                raise ValueError(f"{self.id}: degenerate centreline")
            area = shapely.union_all(pieces) if len(pieces) > 1 else pieces[0]
            parts = tuple(pieces)
        if area.is_empty:
            raise ValueError(f"{self.id}: empty footprint")
        shapely.prepare(area)
        self.area = area
        self.parts = parts

    @property
    def effective_width(self) -> float:
        """The width used for the footprint of a line feature (mm)."""
        return float(self.width) if self.width > 0 else float(self.type.default_width)

    @property
    def is_line(self) -> bool:
        return self.type.shape == "line"

    @property
    def cover_code(self) -> int:
        return self.type.cover_code

    @property
    def sees_out(self) -> bool:
        """True if a figure inside this (blocking) feature can see out and be seen."""
        return self.type.see_out and not self.closed

    def __hash__(self) -> int:  # features are identified by id on a table
        return hash(self.id)


def polygon(points: Sequence[tuple[float, float]]) -> Polygon:
    """Small helper: a Polygon from (x, y) points."""
    return Polygon([(float(x), float(y)) for x, y in points])


def cloud_shape(x: float, y: float, radius: float, points: Sequence[tuple[float, float]]) -> BaseGeometry:
    """A cloud's area (smoke, gas): a circle of ``radius`` about (x, y), else the polygon
    of ``points``."""
    if radius:
        return shapely.Point(x, y).buffer(radius, quad_segs=16)
    return Polygon(points)
