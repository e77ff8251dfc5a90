"""The table: its size and the terrain features on it, with a spatial index."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry import Polygon

from .terrain import LOS_CODES, TerrainFeature
from .units import EPS

Point = tuple[float, float]

_MOVE_CODES = {"none": 0, "vehicles": 1, "all": 2}


def as_points(points: object) -> np.ndarray:
    """Any sequence of (x, y) pairs (or a single pair) to a float (N, 2) array."""
    arr = np.asarray(points, dtype=float)
    if arr.ndim == 1:
        arr = arr.reshape(-1, 2)
    if arr.size == 0:
        return np.zeros((0, 2), dtype=float)
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise ValueError(f"expected points of shape (N, 2), got {arr.shape}")
    return arr


@dataclass(frozen=True)
class TableIndex:
    """A snapshot of the table's features with an STRtree over their footprints and
    per-feature attribute arrays (index i everywhere = ``features[i]``)."""

    features: tuple[TerrainFeature, ...]
    tree: shapely.STRtree
    areas: np.ndarray  # object array of footprint polygons

    @cached_property
    def ids(self) -> np.ndarray:
        return np.array([f.id for f in self.features], dtype=object)

    @cached_property
    def type_ids(self) -> np.ndarray:
        return np.array([f.type.id for f in self.features], dtype=object)

    @cached_property
    def los_code(self) -> np.ndarray:
        return np.array([LOS_CODES[f.type.los] for f in self.features], dtype=np.int8)

    @cached_property
    def see_out(self) -> np.ndarray:
        return np.array([f.sees_out for f in self.features], dtype=bool)

    @cached_property
    def cover(self) -> np.ndarray:
        return np.array([f.cover_code for f in self.features], dtype=np.int8)

    @cached_property
    def is_line(self) -> np.ndarray:
        return np.array([f.is_line for f in self.features], dtype=bool)

    @cached_property
    def cover_reach(self) -> np.ndarray:
        return np.array([f.type.cover_reach for f in self.features], dtype=float)

    @cached_property
    def sight_depth(self) -> np.ndarray:
        return np.array([f.type.sight_depth for f in self.features], dtype=float)

    @cached_property
    def level(self) -> np.ndarray:
        return np.array([f.level for f in self.features], dtype=np.int32)

    @cached_property
    def has_hills(self) -> bool:
        return bool((self.los_code == LOS_CODES["hill"]).any())

    @cached_property
    def move_block(self) -> np.ndarray:
        return np.array([_MOVE_CODES[f.type.blocks_movement] for f in self.features], dtype=np.int8)

    @cached_property
    def seg_index(self):  # -> SegmentIndex (imported lazily)
        """Vectorised segment-vs-footprint tester for these features."""
        from .segtest import SegmentIndex

        return SegmentIndex(self.features)

    @cached_property
    def sight_rules(self):  # -> SightRules (imported lazily)
        """The angular broad phase over the parts of the features acting on sight, and
        their rules as bit sets (game/geometry/sight_matrix.py)."""
        from .sight_matrix import sight_rules

        return sight_rules(self)

    @cached_property
    def point_rows(self) -> dict:
        """What :func:`game.geometry.los.table_point_info` keeps of points on this terrain."""
        return {}

    @property
    def count(self) -> int:
        return len(self.features)

    def point_pairs(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(point index, feature index) for every footprint covering a point (boundary
        included), sorted by point then feature."""
        pts = as_points(points)
        if len(pts) == 0 or not self.features:
            empty = np.zeros(0, dtype=np.intp)
            return empty, empty
        geoms = shapely.points(pts)
        p, f = self.tree.query(geoms, predicate="intersects")
        order = np.lexsort((f, p))
        return p[order], f[order]


#: every table's version numbers, one sequence for all of them (see Table.version)
_VERSIONS = itertools.count(1)


class Table:
    """A rectangular table ``width`` x ``height`` mm (origin top-left, y down) and its
    terrain. The spatial index is rebuilt lazily after features are added/removed."""

    def __init__(
        self, width: float, height: float, features: Iterable[TerrainFeature] = ()
    ) -> None:
        if width <= 0 or height <= 0:
            raise ValueError("table dimensions must be positive")
        self.width = float(width)
        self.height = float(height)
        self._features: dict[str, TerrainFeature] = {}
        self._index: TableIndex | None = None
        self._at: dict[tuple[float, float], tuple[TerrainFeature, ...]] = {}  # features_at, until a change
        #: a number no other table and no other state of this one has had in this process
        #: (what is worked out from the terrain is kept under (id(table), version): a copy
        #: made after another was freed may take its id, never its version)
        self.version = next(_VERSIONS)
        for f in features:
            self.add_feature(f)

    def copy(self) -> Table:
        """A table of its own with the same terrain (the features are shared: nothing
        changes a feature; features are added and removed whole). The index built for the
        same features serves both until either changes (a change gives that table its own:
        ``_touch``), so a scratch copy of a game (game/core/trial.py) does not build again
        the footprint parts and trees it already has."""
        t = Table(self.width, self.height, self._features.values())
        t._index = self._index
        t._at = self._at
        return t

    # -- features ---------------------------------------------------------------
    @property
    def features(self) -> tuple[TerrainFeature, ...]:
        return tuple(self._features.values())

    def add_feature(self, feature: TerrainFeature) -> None:
        if feature.id in self._features:
            raise ValueError(f"duplicate terrain feature id {feature.id!r}")
        self._features[feature.id] = feature
        self._touch()

    def remove_feature(self, feature_id: str) -> TerrainFeature:
        try:
            f = self._features.pop(feature_id)
        except KeyError:
            raise KeyError(f"no terrain feature {feature_id!r}") from None
        self._touch()
        return f

    def feature(self, feature_id: str) -> TerrainFeature:
        return self._features[feature_id]

    def __contains__(self, feature_id: object) -> bool:
        return feature_id in self._features

    def __len__(self) -> int:
        return len(self._features)

    def _touch(self) -> None:
        self._index = None
        self._at = {}
        self.version = next(_VERSIONS)

    @property
    def index(self) -> TableIndex:
        """The (lazily rebuilt) spatial index of the current features."""
        if self._index is None:
            feats = tuple(self._features.values())
            areas = np.array([f.area for f in feats], dtype=object)
            self._index = TableIndex(feats, shapely.STRtree(areas), areas)
        return self._index

    # -- queries ----------------------------------------------------------------
    @property
    def bounds_polygon(self) -> Polygon:
        return shapely.box(0.0, 0.0, self.width, self.height)

    def contains(self, point: Point) -> bool:
        """True if the point lies on the table (edges included)."""
        x, y = float(point[0]), float(point[1])
        return -EPS <= x <= self.width + EPS and -EPS <= y <= self.height + EPS

    def features_at(self, point: Point) -> list[TerrainFeature]:
        """Features whose footprint covers the point (boundary included), in table order."""
        key = (float(point[0]), float(point[1]))
        found = self._at.get(key)
        if found is None:
            idx = self.index
            hits = idx.tree.query(shapely.Point(*key), predicate="intersects") if idx.features else ()
            found = tuple(idx.features[i] for i in sorted(hits))
            if len(self._at) > 20_000:
                self._at.clear()
            self._at[key] = found
        return list(found)

    def elevation_at(self, point: Point) -> int:
        """Max level of the hill features covering the point, 0 if none."""
        return int(self.elevations([point])[0])

    def elevations(self, points: Sequence[Point] | np.ndarray) -> np.ndarray:
        """Vectorised :meth:`elevation_at` for many points (int array)."""
        pts = as_points(points)
        out = np.zeros(len(pts), dtype=np.int32)
        idx = self.index
        if not idx.has_hills:  # (no shape to ask of each point)
            return out
        p, f = idx.point_pairs(pts)
        hill = idx.los_code[f] == LOS_CODES["hill"]
        if hill.any():
            np.maximum.at(out, p[hill], idx.level[f[hill]])
        return out

    def in_type(self, point: Point, type_id: str) -> bool:
        """True if the point is inside (or on the edge of) any feature of that type."""
        return any(f.type.id == type_id for f in self.features_at(point))

    def fraction_in(self, points: Sequence[Point] | np.ndarray, type_id: str) -> float:
        """Share of the points inside any feature of the given type (0.0 for no points)."""
        pts = as_points(points)
        if len(pts) == 0:
            return 0.0
        idx = self.index
        p, f = idx.point_pairs(pts)
        if len(p) == 0:
            return 0.0
        sel = idx.type_ids[f] == type_id
        return float(len(np.unique(p[sel]))) / len(pts)

    def features_of_type(self, type_id: str) -> list[TerrainFeature]:
        return [f for f in self._features.values() if f.type.id == type_id]
