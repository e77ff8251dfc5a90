"""Property tests for line of sight on random scenes."""

import numpy as np
import shapely
from geo_helpers import BUILDING, SMOKE, box, feature, random_scene, reference_los
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry import Table, line_of_sight, los_matrix
from game.geometry.los import los_matrix_update, los_pairs, matrix_result, sight_pairs_both_ways

seeds = st.integers(0, 2**32 - 1)
coord = st.floats(0, 600, allow_nan=False)
point = st.tuples(coord, coord)


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_los_matrix_agrees_with_line_of_sight_and_reference(seed):
    table, pts = random_scene(seed)
    m = los_matrix(table, pts)
    n = len(pts)
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            r = line_of_sight(table, pts[i], pts[j])
            assert (m.visible[i, j], m.cover[i, j], m.hindrances[i, j]) == (
                r.visible, r.cover, r.hindrances)
            assert (r.visible, r.cover, r.hindrances) == reference_los(table, pts[i], pts[j])


@settings(max_examples=80, deadline=None)
@given(seeds, point, point)
def test_visibility_is_symmetric(seed, a, b):
    table, _ = random_scene(seed)
    ab = line_of_sight(table, a, b)
    ba = line_of_sight(table, b, a)
    assert ab.visible == ba.visible
    assert ab.hindrances == ba.hindrances
    assert ab.distance == ba.distance
    assert {c.feature_id for c in ab.crossings} == {c.feature_id for c in ba.crossings}


@settings(max_examples=60, deadline=None)
@given(seeds, st.floats(0.01, 0.99), st.floats(0.01, 0.99), point)
def test_nobody_sees_into_or_out_of_a_closed_building(seed, u, v, outside):
    table, _ = random_scene(seed, n_features=6)
    x0, y0, w, h = 200.0, 250.0, 80.0, 60.0
    table.add_feature(feature("bunker", BUILDING, box(x0, y0, x0 + w, y0 + h), closed=True))
    inside = (x0 + u * w, y0 + v * h)
    if table.feature("bunker").area.intersects(shapely.Point(outside)):
        return
    assert not line_of_sight(table, inside, outside).visible
    assert not line_of_sight(table, outside, inside).visible
    m = los_matrix(table, [inside, outside])
    assert not m.visible[0, 1] and not m.visible[1, 0]


@settings(max_examples=40, deadline=None)
@given(st.lists(point, min_size=2, max_size=10))
def test_smoke_between_blocks_everything(points):
    t = Table(600, 600, [feature("s", SMOKE, box(290, 0, 310, 600))])
    pts = np.array(points)
    m = los_matrix(t, pts)
    left, right = pts[:, 0] < 290, pts[:, 0] > 310
    assert not m.visible[np.ix_(left, right)].any()


@settings(max_examples=40, deadline=None)
@given(seeds, st.lists(st.tuples(st.integers(0, 50), point), min_size=1, max_size=4))
def test_updating_the_matrix_after_moves_gives_the_full_matrix(seed, moves):
    """Working out only the sight lines of the figures that moved gives what the full
    matrix of the new positions gives."""
    table, pts = random_scene(seed)
    pts = [tuple(p) for p in pts]
    old = los_matrix(table, pts)
    moved = set()
    for k, p in moves:
        i = k % len(pts)
        pts[i] = p
        moved.add(i)
    new = los_matrix_update(table, old, pts, [-1 if i in moved else i for i in range(len(pts))])
    full = los_matrix(table, pts)
    assert np.array_equal(new.visible, full.visible)
    assert np.array_equal(new.cover, full.cover)
    assert np.array_equal(new.hindrances, full.hindrances)


@settings(max_examples=40, deadline=None)
@given(seeds, st.randoms(use_true_random=False), st.lists(point, max_size=3))
def test_updating_the_matrix_after_figures_leave_and_arrive_gives_the_full_matrix(seed, rnd, arrivals):
    """Figures fall (their rows go), others come on (new rows), the rest are shuffled:
    the matrix built from the old one is the full matrix of the new points."""
    table, pts = random_scene(seed)
    pts = [tuple(p) for p in pts]
    old = los_matrix(table, pts)
    stay = [i for i in range(len(pts)) if rnd.random() < 0.7]
    order = [(i, pts[i]) for i in stay] + [(-1, tuple(p)) for p in arrivals]
    rnd.shuffle(order)
    new_pts = [p for _, p in order]
    if len(new_pts) < 2:
        return
    new = los_matrix_update(table, old, new_pts, [i for i, _ in order])
    full = los_matrix(table, new_pts)
    assert np.array_equal(new.visible, full.visible)
    assert np.array_equal(new.cover, full.cover)
    assert np.array_equal(new.hindrances, full.hindrances)


@settings(max_examples=30, deadline=None)
@given(seeds)
def test_a_sight_line_read_from_the_matrix_is_the_one_worked_out_alone(seed):
    """The rules read the sight between two figures from the kept matrix when both
    stand where it was worked out: the same answer, distance and crossings included."""
    table, pts = random_scene(seed)
    m = los_matrix(table, pts)
    for i in range(min(len(pts), 8)):
        for j in range(len(pts)):
            if i == j:
                continue
            a, b = tuple(map(float, pts[i])), tuple(map(float, pts[j]))
            got, want = matrix_result(table, m, i, j, a, b), line_of_sight(table, a, b)
            assert (got.visible, got.cover, got.hindrances, got.distance) == (
                want.visible, want.cover, want.hindrances, want.distance)
            assert got.crossings == want.crossings


@settings(max_examples=30, deadline=None)
@given(seeds, st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), min_size=1, max_size=40))
def test_pairs_sharing_points_see_as_each_line_alone(seed, picks):
    """Many pairs through the same few points (candidate spots seen by the same enemies):
    each pair, and each way of it, as :func:`line_of_sight` gives it alone."""
    table, pts = random_scene(seed)
    few = [tuple(map(float, p)) for p in pts[:8]]
    obs = [few[i % len(few)] for i, _ in picks]
    tgt = [few[j % len(few)] for _, j in picks]
    vis, cov, hind = los_pairs(table, obs, tgt)
    both = sight_pairs_both_ways(table, obs, tgt)
    for k, (a, b) in enumerate(zip(obs, tgt, strict=True)):
        want = line_of_sight(table, a, b)
        assert (vis[k], cov[k], hind[k]) == (want.visible, want.cover, want.hindrances)
        there, back = both[k]
        assert (there.visible, there.cover, there.hindrances) == (want.visible, want.cover, want.hindrances)
        rev = line_of_sight(table, b, a)
        assert (back.visible, back.cover, back.hindrances) == (rev.visible, rev.cover, rev.hindrances)
        assert (there.crossings, back.crossings) == (want.crossings, rev.crossings)
