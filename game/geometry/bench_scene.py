"""Deterministic benchmark scene for line of sight (not rules code).

``make_los_scene`` scatters ``n_features`` pieces of terrain of realistic sizes and
``n_figures`` figures over a 6 x 4 ft table using ``numpy.random.default_rng(seed)``.
"""

from __future__ import annotations

import statistics
import time

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import LineString, Polygon

from .table import Table
from .terrain import TerrainFeature, TerrainType
from .units import FOOT, INCH

TABLE_W = 6 * FOOT
TABLE_H = 4 * FOOT

BUILDING = TerrainType(
    "building", "Building", "area", "blocks", see_out=True, cover="hard",
    blocks_movement="all",
)
WOOD = TerrainType("wood", "Wood", "area", "woods", cover="soft", sight_depth=2 * INCH)
WALL = TerrainType(
    "wall", "Stone wall", "line", "clear", cover="hard", cover_reach=1 * INCH,
    default_width=0.5 * INCH, blocks_movement="vehicles",
)
HEDGE = TerrainType(
    "hedge", "Hedge", "line", "hinders", cover="soft", cover_reach=1 * INCH,
    default_width=1 * INCH,
)
FENCE = TerrainType("fence", "Fence", "line", "hinders", default_width=0.25 * INCH)
CRATER = TerrainType("crater", "Shell crater", "area", "clear", cover="soft")
HILL = TerrainType("hill", "Hill", "area", "hill")
TRENCH = TerrainType(
    "trench", "Trench", "line", "clear", cover="hard", default_width=2 * INCH,
)
SCENE_TYPES: tuple[TerrainType, ...] = (BUILDING, WOOD, WALL, HEDGE, FENCE, CRATER, HILL, TRENCH)

# share of each kind among the generated features (hills are a fixed handful)
_MIX = (("building", 0.18), ("wood", 0.10), ("wall", 0.17), ("hedge", 0.13), ("fence", 0.10),
        ("crater", 0.22), ("trench", 0.10))


def _rect(rng: np.random.Generator, c: np.ndarray, lo: float, hi: float) -> Polygon:
    w, h = rng.uniform(lo, hi, 2)
    a = rng.uniform(0, np.pi)
    ca, sa = np.cos(a), np.sin(a)
    corners = np.array([[-w, -h], [w, -h], [w, h], [-w, h]]) / 2.0
    rot = corners @ np.array([[ca, sa], [-sa, ca]])
    return Polygon(rot + c)


def _blob(rng: np.random.Generator, c: np.ndarray, diameter: float, n: int = 12) -> Polygon:
    ang = np.sort(rng.uniform(0, 2 * np.pi, n))
    r = diameter / 2.0 * rng.uniform(0.7, 1.0, n)
    return Polygon(np.column_stack([c[0] + r * np.cos(ang), c[1] + r * np.sin(ang)]))


def _line(rng: np.random.Generator, c: np.ndarray, length: float, bends: int) -> LineString:
    heading = rng.uniform(0, 2 * np.pi)
    seg = length / (bends + 1)
    pts = [c.copy()]
    for _ in range(bends + 1):
        pts.append(pts[-1] + seg * np.array([np.cos(heading), np.sin(heading)]))
        heading += rng.uniform(-np.pi / 3, np.pi / 3)
    return LineString(np.array(pts))


def make_los_scene(
    seed: int = 1, n_features: int = 300, n_figures: int = 100
) -> tuple[Table, np.ndarray]:
    """A 6 x 4 ft table with ``n_features`` mixed features and ``n_figures`` figure
    positions (an (n_figures, 2) array). Deterministic for a given seed."""
    rng = np.random.default_rng(seed)
    types = {t.id: t for t in SCENE_TYPES}
    feats: list[TerrainFeature] = []
    n_hills = min(4, n_features)
    for k in range(n_hills):
        c = rng.uniform([150, 150], [TABLE_W - 150, TABLE_H - 150])
        big = _blob(rng, c, rng.uniform(10, 18) * INCH, n=16)
        feats.append(TerrainFeature(f"hill{k}", HILL, big, level=1))
        if k % 2 == 0:  # a second level on top of every other hill
            top = affinity.scale(big, 0.5, 0.5)
            feats.append(TerrainFeature(f"hill{k}b", HILL, top, level=2))
    rest = n_features - len(feats)
    kinds = [k for k, _ in _MIX]
    probs = np.array([p for _, p in _MIX])
    counts = np.floor(probs / probs.sum() * rest).astype(int)
    counts[0] += rest - counts.sum()
    n = 0
    for kind, count in zip(kinds, counts, strict=True):
        for _ in range(count):
            c = rng.uniform([0, 0], [TABLE_W, TABLE_H])
            t = types[kind]
            if kind == "building":
                geom = _rect(rng, c, 3 * INCH, 8 * INCH)
            elif kind == "wood":
                geom = _blob(rng, c, rng.uniform(6, 14) * INCH)
            elif kind == "crater":
                geom = shapely.Point(c).buffer(rng.uniform(1, 2) * INCH, quad_segs=4)
            elif kind == "trench":
                geom = _line(rng, c, rng.uniform(6, 12) * INCH, bends=2)
            else:
                geom = _line(rng, c, rng.uniform(4, 12) * INCH, bends=int(rng.integers(0, 2)))
            feats.append(TerrainFeature(f"{kind}{n}", t, geom))
            n += 1
    points = rng.uniform([0, 0], [TABLE_W, TABLE_H], size=(n_figures, 2))
    return Table(TABLE_W, TABLE_H, feats), points


def bench_los(repeats: int = 5) -> dict[str, float | int]:
    """Time ``los_matrix`` (median of ``repeats``) and the naive baseline (one run)."""
    from .los import los_matrix, naive_los_matrix

    table, pts = make_los_scene()
    table.index  # noqa: B018 - build the spatial index outside the timing
    los_matrix(table, pts)  # warm-up (also builds cached per-feature arrays)
    times = []
    for _ in range(max(1, repeats)):
        t0 = time.perf_counter()
        los_matrix(table, pts)
        times.append((time.perf_counter() - t0) * 1000.0)
    t0 = time.perf_counter()
    naive_los_matrix(table, pts)
    naive_ms = (time.perf_counter() - t0) * 1000.0
    n = len(pts)
    return {
        "los_matrix_ms": round(statistics.median(times), 2),
        "naive_ms": round(naive_ms, 1),
        "pairs": n * (n - 1) // 2,
        "features": len(table),
    }
