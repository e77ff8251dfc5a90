from game.geometry import connected_within, each_within, stragglers
from game.geometry.cohesion import groups


def test_line_of_figures():
    pts = [(0, 0), (50, 0), (100, 0), (150, 0)]
    assert each_within(pts, 50) and connected_within(pts, 50)
    assert not each_within(pts, 49.9)
    assert stragglers(pts, 49.9) == [0, 1, 2, 3]


def test_straggler_and_split_unit():
    pts = [(0, 0), (30, 0), (60, 0), (400, 0)]
    assert stragglers(pts, 50) == [3]
    assert not each_within(pts, 50)
    pairs = [(0, 0), (40, 0), (300, 0), (340, 0)]
    assert each_within(pairs, 50)  # everyone has a buddy...
    assert not connected_within(pairs, 50)  # ...but the unit is in two pieces
    assert groups(pairs, 50) == [[0, 1], [2, 3]]


def test_trivial_units():
    assert each_within([(5, 5)], 10) and connected_within([(5, 5)], 10)
    assert stragglers([], 10) == [] and connected_within([], 10)
