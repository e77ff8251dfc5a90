import pytest

from game.geometry import CM, FOOT, ArtilleryGrid


def test_10x4_numbering():
    g = ArtilleryGrid(10 * FOOT, 4 * FOOT)
    assert g.big_count == 10 and (g.cols, g.rows) == (5, 2)
    # square 7 is second row, second column; quarter 2 is its top-right foot
    assert g.square(7, 2).bounds == pytest.approx((3 * FOOT, 2 * FOOT, 4 * FOOT, 3 * FOOT))
    assert g.locate((1000, 700)) == (7, 2)
    assert g.label(7, 2) == "7/2" and g.parse("7/2") == (7, 2)
    assert g.locate((1, 1)) == (1, 1)
    assert g.locate((10 * FOOT, 4 * FOOT)) == (10, 4)  # far corner
    assert g.locate((5 * FOOT - 1, 1)) == (3, 1)
    assert g.locate((2 * FOOT, 0)) == (2, 1)  # shared edge: square to the right
    assert [g.locate(((2 * c + 1) * FOOT, FOOT / 2))[0] for c in range(5)] == [1, 2, 3, 4, 5]
    assert [g.locate(((2 * c + 1) * FOOT, 3 * FOOT))[0] for c in range(5)] == [6, 7, 8, 9, 10]
    with pytest.raises(ValueError):
        g.locate((-5, 0))
    with pytest.raises(ValueError):
        g.square(11, 1)
    with pytest.raises(ValueError):
        g.square(1, 5)


def test_round_trip_every_square():
    for w, h in ((10 * FOOT, 4 * FOOT), (6 * FOOT, 4 * FOOT), (120 * CM, 80 * CM), (5 * FOOT, 3 * FOOT)):
        g = ArtilleryGrid(w, h)
        seen = []
        for big, quarter, poly in g.squares():
            assert g.locate(g.center(big, quarter)) == (big, quarter)
            assert poly.area > 0
            seen.append((big, quarter))
        total = sum(p.area for _, _, p in g.squares())
        assert total == pytest.approx(w * h)
        assert len(set(seen)) == len(seen)


def test_6x4_and_120x80_counts():
    g = ArtilleryGrid(6 * FOOT, 4 * FOOT)
    assert g.big_count == 6 and len(list(g.squares())) == 24
    small = ArtilleryGrid(120 * CM, 80 * CM)  # 3.94 x 2.62 ft
    assert (small.cols, small.rows) == (2, 2) and small.big_count == 4
    squares = list(small.squares())
    assert len(squares) == 12  # 4 columns x 3 rows of (clipped) feet
    assert small.square(2, 2).bounds == pytest.approx((3 * FOOT, 0, 1200, FOOT))
    assert small.has_square(3, 1) and not small.has_square(3, 3)
    assert small.square(3, 1).bounds == pytest.approx((0, 2 * FOOT, FOOT, 800))
    with pytest.raises(ValueError):
        small.square(4, 4)
    assert small.locate((1199, 799)) == (4, 2)
