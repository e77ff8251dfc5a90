import pytest
import shapely
from geo_helpers import BUILDING, ROCK, TRENCH, WALL, WIRE, WOOD, box, feature
from shapely.geometry import LineString

from game.geometry import Collider, Table, TerrainType, trace_path

VEHICLE_STOP = TerrainType("dragons_teeth", "Dragon's teeth", "area", "clear", blocks_movement="vehicles")


def course():
    return Table(1000, 1000, [
        feature("wall", WALL, LineString([(100, 0), (100, 200)]), width=10),  # x in [95, 105]
        feature("wire", WIRE, LineString([(200, 0), (200, 200)])),  # x in [195, 205]
        feature("wood", WOOD, box(300, 0, 400, 200)),
        feature("trench", TRENCH, LineString([(0, 600), (600, 600)])),  # y in [574.6, 625.4]
    ])


def kinds(trace):
    return [(e.feature_id, e.kind, round(e.distance, 6)) for e in trace.crossings]


def test_trace_straight_path():
    tr = trace_path(course(), [(0, 100), (450, 100)])
    assert tr.length == 450
    assert kinds(tr) == [
        ("wall", "enter", 95), ("wall", "cross", 100), ("wall", "exit", 105),
        ("wire", "enter", 195), ("wire", "cross", 200), ("wire", "exit", 205),
        ("wood", "enter", 300), ("wood", "exit", 400),
    ]
    assert tr.inside_length == pytest.approx({"wall": 10, "wire": 10, "wood": 100})
    assert tr.crossings[1].point == pytest.approx((100, 100))
    stop = tr.first("enter", "wire")
    assert stop is not None and stop.distance == pytest.approx(195)
    assert tr.truncate(stop.distance) == [(0, 100), pytest.approx((195, 100))]


def test_path_starting_inside_does_not_enter():
    tr = trace_path(course(), [(350, 100), (450, 100)])
    assert kinds(tr) == [("wood", "exit", 50)]
    tr = trace_path(course(), [(300, 600), (300, 700)])  # climbing out of the trench
    assert kinds(tr) == [("trench", "exit", 25.4)]
    assert tr.inside_length["trench"] == pytest.approx(25.4)
    tr = trace_path(course(), [(450, 100), (350, 100)])  # ends inside: no exit
    assert kinds(tr) == [("wood", "enter", 50)]


def test_polyline_path_point_at_and_truncate():
    tr = trace_path(course(), [(0, 300), (100, 300), (100, 500), (300, 500)])
    assert tr.length == pytest.approx(500)
    assert tr.point_at(0) == (0, 300)
    assert tr.point_at(150) == pytest.approx((100, 350))
    assert tr.point_at(1e9) == pytest.approx((300, 500))
    assert tr.truncate(150) == [(0, 300), (100, 300), pytest.approx((100, 350))]
    assert tr.truncate(100) == [(0, 300), (100, 300)]
    assert tr.crossings == []
    zigzag = trace_path(course(), [(50, 50), (150, 50), (150, 150), (50, 150)])  # over the wall twice
    assert [e.kind for e in zigzag.crossings if e.feature_id == "wall"] == [
        "enter", "cross", "exit", "enter", "cross", "exit"]
    assert zigzag.inside_length["wall"] == pytest.approx(20)
    assert [e.distance for e in zigzag.events_for("wall") if e.kind == "cross"] == pytest.approx([50, 250])


def test_collider_stops_before_figure_and_rock():
    t = Table(1000, 1000, [feature("rock", ROCK, box(200, -50, 250, 50))])
    col = Collider(t, [("fig", (100, 0), 12.5), ("me", (0, 0), 12.5)])
    hit = col.first_collision([(0, 0), (300, 0)], 12.5, ignore={"me"})
    assert hit is not None and (hit.obstacle_id, hit.kind) == ("fig", "figure")
    assert hit.distance == pytest.approx(75.0, abs=1e-6)
    assert hit.point == pytest.approx((75.0, 0.0), abs=1e-6)
    hit = col.first_collision([(0, 0), (300, 0)], 12.5, ignore={"me", "fig"})
    assert (hit.obstacle_id, hit.kind) == ("rock", "terrain")
    assert hit.distance == pytest.approx(187.5, abs=1e-6)
    assert col.first_collision([(0, 0), (0, 300)], 12.5, ignore={"me"}) is None
    # a multi-segment path around the figure reaches the rock on its second leg
    hit = col.first_collision([(0, 0), (0, 100), (225, 100), (225, 0)], 12.5, ignore={"me"})
    assert hit.obstacle_id == "rock"
    assert hit.distance == pytest.approx(100 + 225 + 37.5, abs=1e-6)
    assert hit.point == pytest.approx((225, 62.5), abs=1e-6)


def test_collider_contact_is_allowed_and_overlap_is_not():
    col = Collider(Table(1000, 1000), [("fig", (100, 0), 12.5)])
    assert col.is_free((75, 0), 12.5)  # base to base
    assert not col.is_free((80, 0), 12.5)
    assert col.overlapping((80, 0), 12.5) == ["fig"]
    assert col.is_free((80, 0), 12.5, ignore={"fig"})
    assert col.first_collision([(75, 0), (0, 0)], 12.5) is None  # moving away from contact
    hit = col.first_collision([(75, 0), (90, 0)], 12.5)
    assert hit is not None and hit.distance == pytest.approx(0, abs=1e-6)
    stuck = col.first_collision([(80, 0), (0, 0)], 12.5)
    assert stuck.distance == 0 and stuck.obstacle_id == "fig"
    col.move_figure("fig", (500, 500))
    assert col.is_free((80, 0), 12.5)
    col.remove_figure("fig")
    assert col.figure_ids() == []


def test_vehicle_only_obstacles_and_buildings():
    t = Table(1000, 1000, [
        feature("teeth", VEHICLE_STOP, box(100, -20, 120, 20)),
        feature("house", BUILDING, shapely.Polygon([(300, -50), (400, -50), (400, 0), (350, 0),
                                                     (350, 50), (300, 50)])),  # L-shaped
    ])
    col = Collider(t)
    path = [(0, 0), (500, 0)]
    hit = col.first_collision(path, 10, mover="infantry")
    assert hit.obstacle_id == "house" and hit.distance == pytest.approx(290, abs=1e-6)
    hit = col.first_collision(path, 30, mover="vehicle")
    assert hit.obstacle_id == "teeth" and hit.distance == pytest.approx(70, abs=1e-6)
    assert col.is_free((110, 0), 5, mover="infantry")
    assert not col.is_free((110, 0), 5, mover="vehicle")
    assert not col.is_free((320, 10), 5)
    assert col.is_free((375, 25), 5)  # in the notch of the L
    with pytest.raises(ValueError):
        col.is_free((0, 0), 5, mover="horse")  # type: ignore[arg-type]
    # terrain added to the table later is picked up
    t.add_feature(feature("boulder", ROCK, box(200, -10, 220, 10)))
    assert col.first_collision(path, 10).obstacle_id == "boulder"


# ---- bases are never passed through: the swept base against the exact distance ------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def _seg_dist(p, q, c):
    (px, py), (qx, qy), (cx, cy) = p, q, c
    dx, dy = qx - px, qy - py
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((cx - px) * dx + (cy - py) * dy) / length2))
    return ((px + t * dx - cx) ** 2 + (py + t * dy - cy) ** 2) ** 0.5


_xy = st.tuples(st.floats(0, 400), st.floats(0, 400))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_xy, st.floats(8, 40)), min_size=1, max_size=12), _xy, _xy, st.floats(5, 30))
def test_a_moving_base_stops_at_the_first_base_in_its_way(bases, start, end, radius):
    """A base of ``radius`` swept from start to end hits another base exactly when the path
    comes within the sum of the radii of its centre (the broad phase must not miss bases
    the path only grazes), and stops where it first touches."""
    col = Collider(Table(400, 400), [(f"f{i}", c, r) for i, (c, r) in enumerate(bases)])
    hit = col.first_collision([start, end], radius)
    clear = [i for i, (c, r) in enumerate(bases) if _seg_dist(start, end, c) > r + radius + 0.05]
    near = [i for i, (c, r) in enumerate(bases) if _seg_dist(start, end, c) < r + radius - 0.05]
    if near:
        assert hit is not None, "the path runs through a base and nothing stopped it"
        assert hit.obstacle_id not in {f"f{i}" for i in clear}
        i = int(hit.obstacle_id[1:])
        c, r = bases[i]
        assert abs(((hit.point[0] - c[0]) ** 2 + (hit.point[1] - c[1]) ** 2) ** 0.5 - (r + radius)) < 0.1 or hit.distance == 0.0
    elif len(clear) == len(bases):
        assert hit is None
