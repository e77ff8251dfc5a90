"""Shared terrain types and a brute-force LOS reference for the geometry tests."""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import LineString, Point

from game.geometry import EPS, Table, TerrainFeature, TerrainType
from game.geometry.bench_scene import BUILDING, CRATER, FENCE, HEDGE, HILL, TRENCH, WALL, WOOD

SMOKE = TerrainType("smoke", "Smoke", "area", "blocks", dynamic=True)
ROCK = TerrainType("rock", "Rock", "area", "blocks", cover="hard", blocks_movement="all")
WIRE = TerrainType("wire", "Barbed wire", "line", "clear", default_width=10.0)
FIELD = TerrainType("field", "Crops", "area", "hinders", cover="soft")

__all__ = [
    "BUILDING", "CRATER", "FENCE", "FIELD", "HEDGE", "HILL", "ROCK", "SMOKE", "TRENCH",
    "WALL", "WIRE", "WOOD", "box", "feature", "reference_los", "random_scene",
]


def box(x0: float, y0: float, x1: float, y1: float):
    return shapely.box(x0, y0, x1, y1)


def feature(fid: str, ttype: TerrainType, geom, **kw) -> TerrainFeature:
    return TerrainFeature(fid, ttype, geom, **kw)


def reference_los(table: Table, a, b) -> tuple[bool, int, int]:
    """The LOS rules written out naively with shapely, one feature at a time."""
    seg = LineString([a, b]) if tuple(a) != tuple(b) else Point(a)
    pa, pb = Point(a), Point(b)
    top = max(table.elevation_at(a), table.elevation_at(b))
    blocked, hind, cover = False, 0, 0
    woods: list[tuple[float, float]] = []
    for f in table.features:
        in_b = f.area.intersects(pb)
        if not f.is_line and in_b:
            cover = max(cover, f.cover_code)
        if not seg.intersects(f.area):
            continue
        in_a = f.area.intersects(pa)
        los = f.type.los
        if los == "blocks" and not (f.sees_out and (in_a or in_b)):
            blocked = True
        elif los == "hinders":
            hind += 1
        elif los == "woods":
            length = seg.intersection(f.area).length
            if length > EPS:
                woods.append((length, f.type.sight_depth))
        elif los == "hill" and not in_a and not in_b and f.level >= top:
            blocked = True
        if f.is_line and f.cover_code and f.area.distance(pb) <= f.type.cover_reach + EPS:
            cover = max(cover, f.cover_code)
    if woods:
        if sum(w for w, _ in woods) > min(d for _, d in woods) + EPS:
            blocked = True
        else:
            hind += len(woods)
    return not blocked, cover, hind


def random_scene(seed: int, n_features: int = 12, n_points: int = 8, size: float = 600.0):
    """A small random table mixing every LOS kind (generic float positions)."""
    rng = np.random.default_rng(seed)
    feats = []
    kinds = ["building", "closed", "smoke", "wood", "hill", "wall", "hedge", "fence", "crater",
             "trench", "field"]
    for k in range(n_features):
        kind = kinds[int(rng.integers(len(kinds)))]
        c = rng.uniform(0, size, 2)
        if kind in ("wall", "hedge", "fence", "trench"):
            pts = [c]
            heading = rng.uniform(0, 2 * np.pi)
            for _ in range(int(rng.integers(1, 4))):
                heading += rng.uniform(-1.2, 1.2)
                pts.append(pts[-1] + rng.uniform(40, 150) * np.array([np.cos(heading), np.sin(heading)]))
            t = {"wall": WALL, "hedge": HEDGE, "fence": FENCE, "trench": TRENCH}[kind]
            feats.append(TerrainFeature(f"f{k}", t, LineString(pts)))
            continue
        r = rng.uniform(20, 90)
        n = int(rng.integers(3, 13))
        ang = np.sort(rng.uniform(0, 2 * np.pi, n))
        rad = r * rng.uniform(0.5, 1.0, n)
        poly = shapely.Polygon(np.column_stack([c[0] + rad * np.cos(ang), c[1] + rad * np.sin(ang)]))
        if not poly.is_valid or poly.area < 1.0:
            poly = Point(c).buffer(r, quad_segs=4)
        if kind in ("building", "closed"):
            feats.append(TerrainFeature(f"f{k}", BUILDING, poly, closed=kind == "closed"))
        elif kind == "hill":
            feats.append(TerrainFeature(f"f{k}", HILL, poly, level=int(rng.integers(1, 3))))
        else:
            t = {"smoke": SMOKE, "wood": WOOD, "crater": CRATER, "field": FIELD}[kind]
            feats.append(TerrainFeature(f"f{k}", t, poly))
    pts = rng.uniform(0, size, (n_points, 2))
    # put some figures inside features so the "inside" rules are exercised
    for i in range(0, n_points, 3):
        f = feats[int(rng.integers(len(feats)))]
        p = f.area.representative_point()
        pts[i] = (p.x, p.y)
    return Table(size, size, feats), pts
