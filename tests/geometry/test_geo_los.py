"""Hand-computed line-of-sight cases, one rule at a time."""

import math

import numpy as np
import pytest
import shapely
from geo_helpers import (
    BUILDING,
    CRATER,
    FENCE,
    HEDGE,
    HILL,
    SMOKE,
    TRENCH,
    WALL,
    WOOD,
    box,
    feature,
)
from shapely.geometry import LineString

from game.geometry import INCH, Table, line_of_sight, los_matrix, los_pairs, naive_los_matrix


def table(*features):
    return Table(1000, 1000, list(features))


def effects(res):
    return [(c.feature_id, c.effect) for c in res.crossings]


# -- blocking terrain --------------------------------------------------------------
def test_building_blocks():
    t = table(feature("b", BUILDING, box(100, 100, 200, 200)))
    res = line_of_sight(t, (50, 150), (250, 150))
    assert not res.visible
    assert res.distance == 200
    assert len(res.crossings) == 1
    c = res.crossings[0]
    assert (c.feature_id, c.type_id, c.effect) == ("b", "building", "blocks")
    assert c.length == pytest.approx(100.0)
    clear = line_of_sight(t, (50, 50), (250, 50))
    assert clear.visible and clear.crossings == () and clear.cover == 0


def test_grazing_a_building_edge_blocks():
    # the footprint is a closed set: a sight line along a wall of the house touches it
    t = table(feature("b", BUILDING, box(100, 100, 200, 200)))
    assert not line_of_sight(t, (50, 100), (250, 100)).visible
    assert line_of_sight(t, (50, 99.99), (250, 99.99)).visible


def test_window_see_out_and_be_seen():
    t = table(feature("b", BUILDING, box(100, 100, 200, 200)))
    inside, outside = (150, 150), (300, 150)
    out = line_of_sight(t, inside, outside)
    seen = line_of_sight(t, outside, inside)
    assert out.visible and seen.visible
    assert out.cover == 0  # the target outside has no cover
    assert seen.cover == 2  # the figure in the building has hard cover
    assert effects(seen) == [("b", "hard_cover")]
    assert effects(out) == [("b", "none")]
    assert line_of_sight(t, (120, 150), (180, 150)).visible  # both inside


def test_window_does_not_see_through_another_building():
    t = table(feature("b1", BUILDING, box(100, 100, 200, 200)),
              feature("b2", BUILDING, box(300, 100, 400, 200)))
    res = line_of_sight(t, (150, 150), (450, 150))
    assert not res.visible
    assert effects(res) == [("b1", "none"), ("b2", "blocks")]


def test_closed_building():
    t = table(feature("b", BUILDING, box(100, 100, 200, 200), closed=True))
    assert not line_of_sight(t, (150, 150), (300, 150)).visible
    assert not line_of_sight(t, (300, 150), (150, 150)).visible
    assert not line_of_sight(t, (120, 150), (180, 150)).visible  # nobody sees out


def test_smoke_always_blocks_and_clears_when_removed():
    t = table(feature("s", SMOKE, shapely.Point(500, 500).buffer(50)))
    assert not line_of_sight(t, (400, 500), (600, 500)).visible
    assert not line_of_sight(t, (500, 500), (700, 500)).visible  # inside the cloud
    assert not line_of_sight(t, (700, 500), (500, 500)).visible
    t.remove_feature("s")
    assert line_of_sight(t, (400, 500), (600, 500)).visible


# -- woods ---------------------------------------------------------------------------
def test_woods_under_depth_is_a_hindrance():
    assert WOOD.sight_depth == pytest.approx(2 * INCH)
    t = table(feature("w", WOOD, box(100, 0, 130, 400)))
    res = line_of_sight(t, (0, 200), (300, 200))
    assert res.visible and res.hindrances == 1
    assert effects(res) == [("w", "hinders")]
    assert res.crossings[0].length == pytest.approx(30.0)


def test_woods_lengths_add_up_over_depth():
    t = table(feature("w1", WOOD, box(100, 0, 130, 400)), feature("w2", WOOD, box(200, 0, 230, 400)))
    res = line_of_sight(t, (0, 200), (300, 200))  # 30 + 30 = 60 > 50.8
    assert not res.visible and res.hindrances == 0
    assert effects(res) == [("w1", "blocks"), ("w2", "blocks")]
    assert sum(c.length for c in res.crossings) == pytest.approx(60.0)


def test_woods_exactly_at_depth_still_visible():
    t = table(feature("w", WOOD, box(100, 0, 100 + 2 * INCH, 400)))
    res = line_of_sight(t, (0, 200), (300, 200))
    assert res.visible and res.hindrances == 1
    t2 = table(feature("w", WOOD, box(100, 0, 100 + 2 * INCH + 0.01, 400)))
    assert not line_of_sight(t2, (0, 200), (300, 200)).visible


def test_woods_diagonal_length_and_target_inside():
    t = table(feature("w", WOOD, box(100, 100, 130, 130)))
    res = line_of_sight(t, (0, 0), (300, 300))
    assert res.visible
    assert res.crossings[0].length == pytest.approx(30 * math.sqrt(2))
    t = table(feature("w", WOOD, box(100, 0, 160, 400)))
    res = line_of_sight(t, (0, 200), (115, 200))  # 15 mm into the wood: seen, soft cover
    assert res.visible and res.cover == 1 and res.hindrances == 1
    assert effects(res) == [("w", "soft_cover")]
    assert not line_of_sight(t, (0, 200), (155, 200)).visible  # 55 mm deep


def test_woods_touched_only_have_no_effect():
    t = table(feature("w", WOOD, box(100, 100, 200, 200)))
    res = line_of_sight(t, (0, 200), (200, 0))  # passes through the corner only
    assert res.visible and res.hindrances == 0 and res.cover == 0
    assert effects(res) == [("w", "none")]
    res = line_of_sight(t, (50, 150), (100, 150))  # ends on the edge of the wood
    assert res.visible and res.hindrances == 0 and res.cover == 1


# -- hills ---------------------------------------------------------------------------
def test_hill_levels():
    hill = feature("h", HILL, box(100, 100, 200, 200), level=1)
    t = table(hill)
    assert not line_of_sight(t, (50, 150), (250, 150)).visible
    assert effects(line_of_sight(t, (50, 150), (250, 150))) == [("h", "blocks")]
    assert line_of_sight(t, (150, 150), (250, 150)).visible  # on the hill
    assert line_of_sight(t, (250, 150), (150, 150)).visible
    high = feature("h2", HILL, box(0, 100, 60, 200), level=2)
    t = table(hill, high)
    assert line_of_sight(t, (30, 150), (250, 150)).visible  # looking down from level 2
    same = feature("h2", HILL, box(0, 100, 60, 200), level=1)
    t = table(hill, same)
    assert not line_of_sight(t, (30, 150), (250, 150)).visible  # level 1 blocks level 1


# -- line features and cover -------------------------------------------------------
def wall_table():
    return table(feature("w", WALL, LineString([(100, 0), (100, 300)])))  # x in [93.65, 106.35]


def test_wall_cover_within_reach():
    t = wall_table()
    res = line_of_sight(t, (0, 150), (110, 150))
    assert res.visible and res.cover == 2
    assert effects(res) == [("w", "hard_cover")]
    assert line_of_sight(t, (0, 150), (106.35 + INCH, 150)).cover == 2  # exactly at reach
    assert line_of_sight(t, (110, 150), (0, 150)).cover == 0  # the firer far behind has none


def test_wall_cover_outside_reach_or_not_crossed():
    t = wall_table()
    res = line_of_sight(t, (0, 150), (140, 150))
    assert res.visible and res.cover == 0
    assert effects(res) == [("w", "none")]
    assert line_of_sight(t, (120, 0), (110, 150)).cover == 0  # line does not cross the wall


def test_hedges_count_hindrances_and_give_soft_cover():
    hedges = [feature(f"h{k}", HEDGE, LineString([(x, 0), (x, 400)])) for k, x in enumerate((100, 200, 300))]
    t = table(*hedges, feature("f", FENCE, LineString([(250, 0), (250, 400)])))
    res = line_of_sight(t, (0, 200), (320, 200))
    assert res.visible and res.hindrances == 4 and res.cover == 1
    assert effects(res) == [("h0", "hinders"), ("h1", "hinders"), ("f", "hinders"), ("h2", "soft_cover")]


def test_trench_cover_only_inside():
    t = table(feature("t", TRENCH, LineString([(0, 500), (600, 500)])))  # y in [474.6, 525.4]
    assert line_of_sight(t, (300, 100), (300, 500)).cover == 2
    assert line_of_sight(t, (300, 100), (300, 530)).cover == 0
    assert line_of_sight(t, (300, 500), (300, 100)).visible  # trenches do not block


def test_crater_soft_cover():
    t = table(feature("c", CRATER, shapely.Point(300, 300).buffer(40)))
    assert line_of_sight(t, (0, 0), (300, 300)).cover == 1
    assert line_of_sight(t, (300, 300), (0, 0)).cover == 0


# -- batch functions ---------------------------------------------------------------
def mixed_table():
    return table(
        feature("b", BUILDING, box(100, 100, 200, 200)),
        feature("w", WOOD, box(400, 0, 440, 300)),
        feature("h", HILL, box(600, 600, 800, 800), level=1),
        feature("wall", WALL, LineString([(300, 400), (300, 900)])),
        feature("hedge", HEDGE, LineString([(500, 400), (900, 400)])),
    )


def test_los_matrix_matches_line_of_sight():
    t = mixed_table()
    pts = np.array([(150, 150), (50, 50), (420, 150), (700, 700), (320, 650), (950, 950),
                    (600, 300), (250, 650), (700, 420)], dtype=float)
    m = los_matrix(t, pts)
    assert m.visible.shape == (9, 9) and m.visible.diagonal().all()
    assert (m.visible == m.visible.T).all()
    for i in range(len(pts)):
        for j in range(len(pts)):
            if i == j:
                continue
            r = line_of_sight(t, pts[i], pts[j])
            assert m.visible[i, j] == r.visible
            assert m.cover[i, j] == r.cover
            assert m.hindrances[i, j] == r.hindrances
    vis, cov, hind = los_pairs(t, pts[:4], pts[4:8])
    for k in range(4):
        r = line_of_sight(t, pts[k], pts[4 + k])
        assert (vis[k], cov[k], hind[k]) == (r.visible, r.cover, r.hindrances)


def test_small_matrices():
    t = mixed_table()
    assert los_matrix(t, np.zeros((0, 2))).visible.shape == (0, 0)
    one = los_matrix(t, [(10, 10)])
    assert one.visible.tolist() == [[True]] and one.cover.tolist() == [[0]]
    empty = Table(100, 100)
    assert los_matrix(empty, [(0, 0), (50, 50)]).visible.all()
    assert line_of_sight(empty, (0, 0), (0, 0)).visible


def test_naive_agrees_on_blocking_only_scene():
    rng = np.random.default_rng(5)
    feats = []
    for k in range(15):
        x, y = rng.uniform(0, 900, 2)
        feats.append(feature(f"b{k}", BUILDING, box(x, y, x + rng.uniform(20, 90), y + rng.uniform(20, 90)),
                             closed=bool(k % 3 == 0)))
    t = Table(1000, 1000, feats)
    pts = rng.uniform(0, 1000, (25, 2))
    pts[:5] = [f.area.representative_point().coords[0] for f in feats[:5]]
    assert (naive_los_matrix(t, pts) == los_matrix(t, pts).visible).all()
