"""My 1/35th Scale WWII Skirmish: the sight lines' records worked out many at once
(game/rulesets/ww2_135/sight_lines.py) are what the shared sight line gives one at a time:
the features ``LosResult.crossings`` names, with the same effects, in the same order once
ordered as the record orders them; the distances of the line's stretch inside each from
either end as GEOS measures them on that line alone, with each feature's distance from an
end no more than that; and the line's length."""

from __future__ import annotations

import math
import random

import pytest
from shapely.geometry import LineString, Point, Polygon

from game.catalog import available_maps, new_game
from game.geometry.los import line_of_sight
from game.rulesets.ww2_135 import sight_lines


def agrees(game, a, b) -> None:
    rec = sight_lines.line(game, a, b)
    res = line_of_sight(game.table, a, b)
    assert rec.distance == res.distance
    named = [(c, c.feature.id) for c in rec.crossed]
    order = sorted(named, key=lambda cw: rec.place(cw[0]))
    assert [(c.feature.id, c.effect) for c, _ in order] == [(c.feature_id, c.effect) for c in res.crossings]
    if len(named) > 1:
        assert rec.first(named) == res.crossings[0].feature_id
        rng = random.Random(str((a, b)))
        some = rng.sample(named, rng.randint(2, len(named)))
        assert rec.first(some) == next(c.feature_id for c in res.crossings if c.feature_id in {w for _, w in some})
    seg, pa, pb = LineString([a, b]), Point(a), Point(b)
    for c in rec.crossed:
        where = seg.intersection(c.feature.area)
        ends = (where.distance(pa), where.distance(pb))
        assert same(rec.ends(c), ends)
        for near, end in zip((c.near_obs, c.near_tgt), ends, strict=True):
            assert math.isnan(end) or near <= end + 1e-9
        for radius in (0.0, 12.5):
            for reach in (0.0, 12.7, 25.4):
                for k in (0, 1):
                    assert rec.within(c, bool(k), radius, reach) == (ends[k] - radius <= reach + 1e-6)


def same(x: tuple[float, float], y: tuple[float, float]) -> bool:
    """Equal to a nanometre (the stretch's ends near a line's end are worked out by arithmetic,
    sight_lines.stretch_ends, not by GEOS: they differ in the last bits), a distance to nothing
    (a footprint the line only touches: NaN) equal to another."""
    return all(abs(u - v) <= 1e-9 or (math.isnan(u) and math.isnan(v)) for u, v in zip(x, y, strict=True))


@pytest.mark.parametrize("lm", available_maps("ww2-135", shipped_only=True), ids=lambda lm: str(lm.path).rsplit("/", 1)[-1])
def test_many_at_once_are_each_alone(lm):
    game = new_game(lm, 1)
    rng = random.Random(7)
    w, h = game.table.width, game.table.height
    # the figures, points on and about the terrain's edges (where touching counts), and anywhere
    pts = [f.pos for f in game.state.figures.values()]
    for feat in game.table.features:
        ring = feat.area.exterior if hasattr(feat.area, "exterior") else feat.area.convex_hull.exterior
        pts += [(round(x, 3), round(y, 3)) for x, y in list(ring.coords)[:3]]
    pts += [(round(rng.uniform(0, w), 3), round(rng.uniform(0, h), 3)) for _ in range(25)]
    pairs = sorted({(p, q) for p in pts for q in pts if p != q})
    sight_lines.work_out(game, pairs)
    for p, q in rng.sample(pairs, 600):  # each checked alone: the slow way
        agrees(game, p, q)


@pytest.mark.parametrize("lm", available_maps("ww2-135", shipped_only=True), ids=lambda lm: str(lm.path).rsplit("/", 1)[-1])
def test_a_line_turned_from_its_reverse_is_the_line_worked_out(lm):
    """A line whose reverse is kept is turned from it (Line.turned), not worked out: the same
    features crossed, each with the effect it has looked at from the other end, the same
    distances, the stretches' ends where GEOS puts them."""
    game, fresh = new_game(lm, 1), new_game(lm, 1)
    rng = random.Random(11)
    w, h = game.table.width, game.table.height
    pts = [f.pos for f in game.state.figures.values()] + [(round(rng.uniform(0, w), 3), round(rng.uniform(0, h), 3)) for _ in range(20)]
    pairs = sorted({(p, q) for p in pts for q in pts if p < q})
    sight_lines.work_out(game, pairs)
    sight_lines.work_out(game, [(q, p) for p, q in pairs[::2]])  # turned, in a batch
    kept = game.kept[sight_lines.STORE]
    one_sided = 0
    for p, q in rng.sample(pairs, 300):
        key = (sight_lines.WORD, q, p, id(game.table), game.table.version)
        got = kept.get(key) or sight_lines.line(game, q, p)  # turned alone
        want = sight_lines.line(fresh, q, p)
        assert got is not want and got.distance == want.distance and (got.a, got.b) == (want.a, want.b)
        assert [(c.rank, c.effect, c.back, c.near_obs, c.near_tgt) for c in got.crossed] == \
            [(c.rank, c.effect, c.back, c.near_obs, c.near_tgt) for c in want.crossed]
        one_sided += any(c.effect != c.back for c in got.crossed)
        agrees(game, q, p)
    assert one_sided  # (lines whose cover is the target's at one end only: the effect turned matters)


def test_a_line_asked_alone_is_kept():
    game = new_game(available_maps("ww2-135", shipped_only=True)[0], 1)
    a, b = (100.0, 100.0), (500.5, 700.25)
    first = sight_lines.line(game, a, b)
    agrees(game, a, b)
    assert sight_lines.line(game, a, b) is first


# ---- the stretch's ends worked out without GEOS (sight_lines.stretch_ends) ----------------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as hs  # noqa: E402

_coord = hs.integers(0, 40).map(float)
_pt = hs.tuples(_coord, _coord)


def _geos_ends(a, b, area):
    where = LineString([a, b]).intersection(area)
    return where.distance(Point(a)), where.distance(Point(b))


@settings(max_examples=400, deadline=None)
@given(hs.lists(hs.tuples(_pt, _pt, hs.booleans()), min_size=1, max_size=6), hs.lists(_pt, min_size=2, max_size=4, unique=True),
       hs.sampled_from([0.5, 1.0, 2.5]), hs.sampled_from(["round", "flat", "square"]))
def test_the_stretch_ends_are_where_geos_puts_them(segments, polyline, width, cap):
    """A wall or hedge as the table makes it (a line buffered to its width; on a grid, so
    that segments often run along an edge, end on one or pass through a corner), and a
    footprint with a hole and a second part: for every segment, the distances of the stretch inside its footprint from
    either end are the GEOS intersection's (NaN where it does not meet it)."""
    wall = LineString(polyline).buffer(width / 2, cap_style=cap)
    holed = Polygon([(5, 5), (25, 5), (25, 25), (5, 25)], [[(10, 10), (20, 10), (20, 20), (10, 20)]]).union(
        Polygon([(30, 30), (38, 31), (35, 39)]))
    areas = [wall if first else holed for _, _, first in segments]
    for (a, b, _), area in zip(segments, areas, strict=True):
        x, y = sight_lines.stretch_ends(a, b, area)
        gx, gy = _geos_ends(a, b, area)
        assert same((x, y), (gx, gy)), ((a, b), (x, y), (gx, gy))
