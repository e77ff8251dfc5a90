import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry import (
    CM,
    FOOT,
    INCH,
    UNITS,
    distance,
    from_mm,
    furthest_to_nearest,
    in_contact,
    max_spread,
    nearest_pair,
    to_mm,
    within,
)
from game.geometry.measure import pairwise


def test_units():
    assert INCH == 25.4 and CM == 10.0 and FOOT == 304.8
    assert UNITS == {"in": 25.4, "cm": 10.0, "ft": 304.8, "mm": 1.0}
    assert to_mm(6, "in") == pytest.approx(152.4)
    assert to_mm(2, "ft") == pytest.approx(609.6)
    assert from_mm(152.4, "in") == pytest.approx(6.0)
    assert from_mm(to_mm(3.5, "cm"), "cm") == pytest.approx(3.5)
    with pytest.raises(ValueError):
        to_mm(1, "yd")


def test_distance_345():
    assert distance((0, 0), (3, 4)) == 5.0
    assert distance((1, 1), (1, 1)) == 0.0


def test_nearest_pair():
    p = [(0, 0), (100, 0), (50, 50)]
    q = [(200, 0), (60, 58), (-30, -40)]
    i, j, d = nearest_pair(p, q)
    assert (i, j) == (2, 1)
    assert d == pytest.approx(math.hypot(10, 8))
    with pytest.raises(ValueError):
        nearest_pair([], q)


def test_furthest_to_nearest():
    firers = [(0, 0), (10, 0), (5, 5)]
    targets = [(20, 0), (0, 30)]
    # nearest target distances: firer0 20, firer1 10, firer2 hypot(15, 5)=15.81
    i, j, d = furthest_to_nearest(firers, targets)
    assert (i, j) == (0, 0)
    assert d == pytest.approx(20.0)


def test_max_spread_small_and_hull():
    assert max_spread([(0, 0)]) == 0.0
    assert max_spread([]) == 0.0
    assert max_spread([(0, 0), (3, 4), (1, 1)]) == pytest.approx(5.0)
    rng = np.random.default_rng(3)
    pts = rng.uniform(0, 500, (300, 2))
    assert max_spread(pts) == pytest.approx(pairwise(pts, pts).max())
    line = np.column_stack([np.linspace(0, 100, 80), np.zeros(80)])  # collinear hull
    assert max_spread(line) == pytest.approx(100.0)


def test_in_contact_and_within():
    r = 12.5  # 25 mm bases
    assert in_contact((0, 0), r, (25.0, 0), r)
    assert in_contact((0, 0), r, (25.5, 0), r)
    assert not in_contact((0, 0), r, (25.6, 0), r)
    assert in_contact((0, 0), r, (25.6, 0), r, tol=1.0)
    assert within((0, 0), (3, 4), 5.0)
    assert within((0, 0), (3, 4), 5.0 - 1e-7)
    assert not within((0, 0), (3, 4), 4.99)


coord = st.floats(-2000, 2000, allow_nan=False, allow_infinity=False)
point = st.tuples(coord, coord)


@settings(max_examples=100, deadline=None)
@given(point, point, point)
def test_distance_metric(a, b, c):
    assert distance(a, b) >= 0
    assert distance(a, b) == distance(b, a)
    assert distance(a, c) <= distance(a, b) + distance(b, c) + 1e-9


@settings(max_examples=50, deadline=None)
@given(st.lists(point, min_size=1, max_size=12), st.lists(point, min_size=1, max_size=12))
def test_nearest_pair_is_minimum(p, q):
    i, j, d = nearest_pair(p, q)
    assert d == pytest.approx(min(distance(a, b) for a in p for b in q))
    assert distance(p[i], q[j]) == pytest.approx(d)
    fi, fj, fd = furthest_to_nearest(p, q)
    assert fd == pytest.approx(max(min(distance(a, b) for b in q) for a in p))
