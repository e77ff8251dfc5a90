"""Where along a path something first happens (game/geometry/path_scan.py) and where a
move stops for what it meets (game/rulesets/path_triggers.py): exact cases by hand,
properties against a fine walk of the path."""

from __future__ import annotations

from math import hypot

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, box

from game.geometry.path_scan import first_inside, first_where, point_at
from game.geometry.templates import cone
from game.rulesets.path_triggers import Trigger, first_trigger, rest_of_path, triggers_along

coord = st.floats(0, 600, allow_nan=False)
paths = st.lists(st.tuples(coord, coord), min_size=2, max_size=5).filter(
    lambda p: all(hypot(b[0] - a[0], b[1] - a[1]) > 1 for a, b in zip(p, p[1:], strict=False)))


def length(path) -> float:
    return sum(hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:], strict=False))


def walk(path, step: float = 0.5):
    """(distance, point) every ``step`` mm along the path, corner by corner."""
    out, walked = [], 0.0
    for (x0, y0), (x1, y1) in zip(path, path[1:], strict=False):
        seg = hypot(x1 - x0, y1 - y0)
        n = max(1, int(seg / step))
        for i in range(n):
            f = i / n
            out.append((walked + seg * f, (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)))
        walked += seg
    out.append((walked, path[-1]))
    return out


def test_by_hand_a_straight_path_into_a_box_and_an_arc():
    path = [(0.0, 50.0), (200.0, 50.0)]
    assert first_inside(path, box(120, 0, 160, 100)) == 120.0
    assert first_inside(path, box(300, 0, 400, 100)) is None
    assert first_inside(path, box(-10, 0, 10, 100)) == 0.0  # starts inside
    # a 90-degree arc from (100, 150) facing -y: its edges run at 45 degrees and cross y = 50
    # at x = 0 and x = 200, so a path along y = 50 from x = -100 enters it after 100 mm
    arc = cone((100.0, 150.0), 270.0, 90.0, 300.0)
    assert abs(first_inside([(-100.0, 50.0), (300.0, 50.0)], arc) - 100.0) < 1e-6  # type: ignore[operator]


@settings(max_examples=80, deadline=None)
@given(paths, coord, coord, st.floats(5, 150))
def test_first_inside_is_the_first_point_of_the_path_in_the_area(path, cx, cy, r):
    area = Point(cx, cy).buffer(r)
    d = first_inside(path, area)
    inside = [(s, p) for s, p in walk(path) if area.distance(Point(p)) < 1e-6]
    if d is None:
        assert not inside
        return
    assert area.distance(Point(point_at(path, d))) < 1e-6
    assert all(s >= d - 0.5 for s, _ in inside)  # nothing before it is inside (to the walk's step)


@settings(max_examples=60, deadline=None)
@given(paths, coord, coord, st.floats(20, 150))
@example([(0.0, 0.0), (0.0, 2.0), (1.0, 0.0)], 20.0, 1.0, 20.0)  # a graze inside the first step
@example([(1.0, 0.0), (0.0, 1.0), (2.0, 0.0), (0.0, 0.0)], 0.0, 20.0, 20.0)  # a graze in the first step, found in the second
def test_first_where_finds_the_same_place_to_a_millimetre(path, cx, cy, r):
    area = Point(cx, cy).buffer(r)
    exact = first_inside(path, area)
    found = first_where(path, lambda p: area.covers(Point(p)), step=5.0, tol=0.5)
    if found is None:  # a sample every 5 mm may only miss a graze between two samples
        samples = [point_at(path, k * 5.0) for k in range(int(length(path) / 5.0) + 1)] + [path[-1]]
        assert exact is None or not any(area.covers(Point(p)) for p in samples)
        return
    assert exact is not None and exact - 1e-6 <= found
    assert area.distance(Point(point_at(path, found))) < 1e-6
    # it bisected (to 0.5 mm) the step up to the first sample inside: no sample before is
    # inside, and a graze between samples before it, in that step or an earlier one, touches
    # no sample and may be missed
    at = [k * 5.0 for k in range(int(length(path) / 5.0) + 1)] + [length(path)]
    first_in = next(d for d in at if area.covers(Point(point_at(path, d))))
    assert found <= first_in + 1e-6 and first_in - found < 5.0 + 0.5
    assert not any(area.covers(Point(point_at(path, d))) for d in at if d < found - 0.5)


def test_first_where_may_miss_a_graze_inside_one_step_and_find_the_entry_after_it():
    # hypothesis's case: the path touches the circle's leftmost point (0, 1) after 1 mm,
    # leaves it, and enters for good about 2.1 mm along; both lie inside the first 5 mm step
    path = [(0.0, 0.0), (0.0, 2.0), (1.0, 0.0)]
    area = Point(20.0, 1.0).buffer(20.0, quad_segs=64)
    assert abs(first_inside(path, area) - 1.0) < 0.01  # type: ignore[operator]
    found = first_where(path, lambda p: area.covers(Point(p)), step=5.0, tol=0.5)
    assert found is not None and 2.0 < found < 2.7


@settings(max_examples=80, deadline=None)
@given(paths, st.floats(0, 1))
def test_the_rest_of_a_path_is_what_is_left_to_walk(path, frac):
    total = length(path)
    at = total * frac
    rest = rest_of_path(path, at)
    assert abs(length(rest) - (total - at)) < 1e-6 * max(1.0, total)
    assert rest[-1] == path[-1]


class Arc:
    """An enemy on overwatch: the move stops where it enters the arc."""

    def __init__(self, fid: str, apex, facing: float) -> None:
        self.fid, self.area = fid, cone(apex, facing, 45.0, 400.0)

    def triggers(self, game, mover, path, done):
        d = None if self.fid in done else first_inside(path, self.area)
        return [] if d is None else [Trigger(d, point_at(path, d), "overwatch", self.fid, "b")]


class Wire:
    def __init__(self, x: float) -> None:
        self.x = x

    def triggers(self, game, mover, path, done):
        d = first_where(path, lambda p: p[0] >= self.x, step=10.0, tol=0.25)
        return [] if d is None else [Trigger(d, point_at(path, d), "climb", "wire")]


def test_the_move_stops_at_the_first_thing_it_meets_and_goes_on_without_it():
    path = [(0.0, 100.0), (400.0, 100.0)]
    arc = Arc("b1.1", (250.0, 300.0), 270.0)  # facing -y, up the table toward the path
    sources = [Wire(120.0), arc]
    first = first_trigger(sources, None, None, path)  # type: ignore[arg-type]
    assert first is not None and first.kind == "climb" and abs(first.at - 120.0) <= 0.25
    every = triggers_along(sources, None, None, path)  # type: ignore[arg-type]
    assert [t.source for t in every] == ["wire", "b1.1"]
    assert every[1].side == "b" and 150 < every[1].at < 250  # the 45-degree arc's edge
    # after the climb the rest of the move meets only the arc, and skips it once handled
    rest = rest_of_path(path, first.at)
    again = first_trigger([arc], None, None, rest)  # type: ignore[arg-type]
    assert again is not None and abs((first.at + again.at) - every[1].at) < 1e-6
    assert first_trigger([arc], None, None, rest, frozenset({"b1.1"})) is None  # type: ignore[arg-type]


def test_a_path_that_ends_a_hair_from_a_vertex_touches_it():
    """Found by the property test above: a path ending 1e-288 mm off the top of a circle
    counts as touching it, where the exact test in floating point said it never met it."""
    area = Point(0.0, 0.0).buffer(5.0)
    assert first_inside([(0.0, 7.0), (1.3015098702659712e-288, 5.0)], area) == pytest.approx(2.0)
