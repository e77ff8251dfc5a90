"""Footprints are closed sets, within TOL (game/geometry/segtest.py): a sight line that
starts on a footprint's edge and ends inside it crosses it, whatever the footprint's
shape, and a line that comes within TOL of a footprint touches it, also where their
bounding boxes meet only within TOL. The line-by-line evaluation and the sight matrix
(game/geometry/sight_matrix.py) say so alike."""

import numpy as np
import pytest
import shapely
from geo_helpers import SMOKE, WOOD, box, feature, reference_los
from hypothesis import given, settings
from hypothesis import strategies as st

import game.geometry.los as los
from game.geometry import Table, line_of_sight
from game.geometry.segtest import TOL, SegmentIndex

seeds = st.integers(0, 2**32 - 1)

#: a wood in the shape of an L (not convex), its corners on whole inches
L_WOOD = shapely.Polygon([(50.8, 50.8), (304.8, 76.2), (304.8, 152.4), (152.4, 152.4),
                          (127.0, 304.8), (50.8, 279.4)])
#: on the L's first edge, from 2", 2" to 12", 3": at 10", 2.8" (within rounding)
ON_EDGE = (254.0, 71.12)
#: far from everything else on the tables below: the other figures of a sight matrix
BYSTANDERS = [(900.0 + 7 * k, 950.0 - 3 * k) for k in range(8)]


def every_path(table: Table, a, b) -> list[tuple[bool, int, int]]:
    """(visible, cover, hindrances) from a to b: line_of_sight, then a sight matrix
    through the fans (game/geometry/fans.py), then the matrix line by line."""
    r = line_of_sight(table, a, b)
    out = [(r.visible, r.cover, r.hindrances)]
    pts = [a, b, *BYSTANDERS]
    with pytest.MonkeyPatch.context() as mp:
        for per_point in (0, 10**9):
            mp.setattr(los, "_FANS_PER_POINT", per_point)
            m = los.los_matrix(table, pts)
            out.append((bool(m.visible[0, 1]), int(m.cover[0, 1]), int(m.hindrances[0, 1])))
    return out


def touches(idx: SegmentIndex, p, q) -> tuple[bool, bool]:
    """Does segment p-q touch feature 0 (its only one): the answer of ``hits`` (line by
    line) and of ``part_test`` (the sight matrix's exact tests, on every part)?"""
    px, py, qx, qy = (np.array([v], dtype=float) for v in (*p, *q))
    s, _ = idx.hits(px, py, qx, qy)
    parts = np.arange(idx.parts.count)
    each = idx.part_test(np.zeros(len(parts), dtype=np.intp), parts, px, py, qx, qy)
    return len(s) > 0, bool(each.any())


def test_a_figure_on_the_edge_of_a_wood_sees_the_wood_to_a_figure_inside_it():
    """The wood is a hindrance between a figure on its edge and one 39.7 mm inside (less
    than its sight depth of 2"); to one 61.4 mm inside, it blocks. Either way round, in
    every path, as the rules written out with shapely say."""
    table = Table(1000, 1000, [feature("w", WOOD, L_WOOD)])
    for inside, want in (((279.4, 101.6), (True, 1, 1)), ((279.4, 127.0), (False, 1, 0))):
        assert L_WOOD.contains(shapely.Point(inside))
        for a, b in ((ON_EDGE, inside), (inside, ON_EDGE)):
            assert reference_los(table, a, b) == want
            assert every_path(table, a, b) == [want] * 3
        assert touches(table.index.seg_index, ON_EDGE, inside) == (True, True)
        (crossing,) = line_of_sight(table, ON_EDGE, inside).crossings
        assert crossing.length == pytest.approx(float(np.hypot(inside[0] - 254.0, inside[1] - 71.12)))


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_lines_from_the_edges_of_any_shape_to_inside_it_cross_it(seed):
    """Points put on every edge of a random (mostly not convex) polygon, within rounding,
    each joined to points inside it: every line crosses the footprint, as shapely says."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 14))
    ang = np.sort(rng.uniform(0, 2 * np.pi, n))
    rad = rng.uniform(20, 90) * rng.uniform(0.3, 1.0, n)
    c = rng.uniform(200, 400, 2)
    poly = shapely.Polygon(np.column_stack([c[0] + rad * np.cos(ang), c[1] + rad * np.sin(ang)]))
    if not poly.is_valid or poly.area < 1.0:
        return
    ring = np.asarray(poly.exterior.coords)
    k = rng.integers(len(ring) - 1, size=200)
    edge = ring[k] + (ring[k + 1] - ring[k]) * rng.uniform(0, 1, (200, 1))
    inside = rng.uniform(*np.reshape(poly.bounds, (2, 2)), (2000, 2))
    inside = inside[shapely.contains_xy(poly, inside[:, 0], inside[:, 1])][:200]
    edge = edge[:len(inside)]
    idx = SegmentIndex([feature("w", WOOD, poly)])
    # P the lower end in x, as los.py draws every line (the one the exact test starts from)
    swap = (edge[:, 0] > inside[:, 0])[:, None]
    p, q = np.where(swap, inside, edge), np.where(swap, edge, inside)
    s, _ = idx.hits(p[:, 0], p[:, 1], q[:, 0], q[:, 1])
    assert len(s) == len(p)
    ok = idx.part_test(np.arange(len(p)), np.zeros(len(p), dtype=np.intp), p[:, 0], p[:, 1], q[:, 0], q[:, 1])
    assert ok.all()


@pytest.mark.parametrize("cloud", [box(609.6, 304.8, 914.4, 609.6),
                                   shapely.Point(762.0, 457.2).buffer(152.4, quad_segs=8)],
                         ids=["square", "round"])
def test_a_figure_within_tol_of_a_smoke_cloud_touches_it(cloud):
    """The cloud's left edge is at 609.6 and the figure at 914.4 - 304.8, 1.1e-13 mm
    short of it: within TOL it touches the cloud (smoke blocks all sight through it, even
    for those inside), though the line to a figure on its left has a bounding box that
    meets the cloud's only within TOL. 0.1 mm short, it does not touch."""
    table = Table(1000, 1000, [feature("cloud", SMOKE, cloud)])
    idx = table.index.seg_index
    near, far, left = (914.4 - 304.8, 457.2), (609.5, 457.2), (254.0, 457.2)
    assert 0 < shapely.distance(cloud, shapely.Point(near)) < TOL
    assert touches(idx, left, near) == (True, True)
    assert touches(idx, near, near) == (True, True)  # a figure and itself
    assert every_path(table, near, left) == [(False, 0, 0)] * 3
    assert every_path(table, left, near) == [(False, 0, 0)] * 3
    assert touches(idx, left, far) == (False, False)
    assert every_path(table, far, left) == [(True, 0, 0)] * 3


@settings(max_examples=80, deadline=None)
@given(seeds, st.sampled_from(["rect", "poly"]), st.integers(0, 3), st.booleans())
def test_lines_within_tol_of_a_footprint_touch_it(seed, shape, side, along):
    """A line ending within TOL / 2 of a footprint's extreme point on one side (its
    bounding box's edge), going away from it, or running along that edge of the box
    within TOL / 2, touches the footprint; 2 TOL or more away, it does not (as shapely
    says there). ``along``: the line runs along the box's edge, else straight away."""
    rng = np.random.default_rng(seed)
    c = rng.uniform(300, 700, 2)
    if shape == "rect":
        w, h = rng.uniform(10, 200, 2)
        poly = shapely.affinity.rotate(box(c[0] - w, c[1] - h, c[0] + w, c[1] + h), float(rng.uniform(0, 90)))
    else:
        n = int(rng.integers(5, 14))
        ang = np.sort(rng.uniform(0, 2 * np.pi, n))
        poly = shapely.Polygon(np.column_stack([c + rng.uniform(20, 90) * rng.uniform(0.3, 1.0, n)[:, None]
                                                * np.column_stack([np.cos(ang), np.sin(ang)])]))
        if not poly.is_valid or poly.area < 1.0:
            return
    idx = SegmentIndex([feature("s", SMOKE, poly)])
    assert idx.parts.kind[0] == (0 if shape == "rect" else 1)
    ring = np.asarray(poly.exterior.coords)[:-1]
    axis, sign = side % 2, (-1.0, 1.0)[side // 2]  # the side: -x, -y, +x, +y
    tip = ring[np.argmax(sign * ring[:, axis])]  # the extreme point on that side
    out = np.zeros(2)
    out[axis] = sign  # away from the footprint
    ahead = np.zeros(2)
    ahead[1 - axis] = 1.0
    for gap, touching in ((float(rng.uniform(0, TOL / 2)), True), (float(rng.uniform(2 * TOL, 1.0)), False)):
        end = tip + gap * out
        other = end + 100.0 * ahead if along else end + rng.uniform(1, 300) * (out + rng.uniform(-1, 1) * ahead)
        if along:
            end = end - 100.0 * ahead
        if not touching:
            assert not shapely.intersects(shapely.LineString([end, other]), poly)
        for p, q in ((end, other), (other, end)):
            assert touches(idx, p, q) == (touching, touching), (gap, p, q)
