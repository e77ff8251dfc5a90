import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry import INCH, circle, cone, corridor, covered, rectangle


def test_circle_covers():
    t = circle((100, 100), 50)
    pts = [(100, 100), (149.9, 100), (100, 50.01), (151, 100), (140, 140)]
    assert covered(t, pts).tolist() == [0, 1, 2]


def test_rectangle_flamethrower():
    t = rectangle((0, 0), 90, 100, 20)  # pointing down the screen
    assert t.bounds == pytest.approx((-10, 0, 10, 100))
    pts = [(0, 50), (9.9, 99), (10, 50), (0, -1), (11, 50), (0, 101), (0, 0)]
    assert covered(t, pts).tolist() == [0, 1, 2, 6]
    t2 = rectangle((0, 0), 0, 6 * INCH, 1 * INCH)
    assert t2.area == pytest.approx(6 * INCH * INCH)


def test_cone_overwatch_45():
    t = cone((0, 0), 0, 45, 100)
    assert covered(t, [(50, 0), (50, 20.5), (50, -20.5), (50, 21), (99, 0), (101, 0), (-1, 0)]).tolist() == [
        0, 1, 2, 4]
    down = cone((0, 0), 90, 45, 100)
    assert covered(down, [(0, 50), (50, 0)]).tolist() == [0]


def test_corridor_flat_caps():
    t = corridor((0, 0), (100, 0), 20)
    pts = [(50, 10), (0, 0), (100, -10), (-1, 0), (50, 10.01), (101, 0)]
    assert covered(t, pts).tolist() == [0, 1, 2]
    assert t.area == pytest.approx(2000)


def test_covered_empty():
    assert covered(circle((0, 0), 1), np.zeros((0, 2))).tolist() == []


def _inside(poly_coords, x, y):
    """Brute-force even-odd point-in-polygon."""
    inside = False
    n = len(poly_coords)
    for k in range(n):
        (x0, y0), (x1, y1) = poly_coords[k], poly_coords[(k + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


coord = st.floats(-300, 300, allow_nan=False)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["circle", "rectangle", "cone", "corridor"]),
    st.tuples(coord, coord),
    st.floats(0, 360),
    st.floats(10, 200),
    st.integers(0, 2**32 - 1),
)
def test_template_covers_exactly_the_contained_centres(kind, origin, facing, size, seed):
    if kind == "circle":
        t = circle(origin, size)
    elif kind == "rectangle":
        t = rectangle(origin, facing, size, size / 3)
    elif kind == "cone":
        t = cone(origin, facing, 45, size)
    else:
        d = math.radians(facing)
        t = corridor(origin, (origin[0] + size * math.cos(d), origin[1] + size * math.sin(d)), 25)
    pts = np.random.default_rng(seed).uniform(-600, 600, (200, 2))
    ring = list(t.exterior.coords)[:-1]
    expected = [i for i, (x, y) in enumerate(pts) if _inside(ring, x, y)]
    assert covered(t, pts).tolist() == expected
