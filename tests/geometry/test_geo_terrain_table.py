import numpy as np
import pytest
import shapely
from geo_helpers import BUILDING, HILL, SMOKE, TRENCH, WALL, WOOD, box, feature
from shapely.geometry import LineString

from game.geometry import (
    COVER_NAMES,
    HARD,
    INCH,
    NO_COVER,
    SOFT,
    Table,
    TerrainFeature,
    TerrainType,
)


def test_cover_constants_and_type_validation():
    assert (NO_COVER, SOFT, HARD) == (0, 1, 2)
    assert COVER_NAMES == ("none", "soft", "hard")
    assert WALL.cover_code == HARD and WOOD.cover_code == SOFT
    with pytest.raises(ValueError):
        TerrainType("x", "X", "area", "opaque")  # type: ignore[arg-type]


def test_line_footprint_flat_caps_and_width():
    wall = feature("w", WALL, LineString([(0, 0), (100, 0)]))
    assert wall.effective_width == pytest.approx(0.5 * INCH)
    minx, miny, maxx, maxy = wall.area.bounds
    assert (minx, maxx) == (0.0, 100.0)  # flat caps: no extension past the ends
    assert maxy - miny == pytest.approx(12.7)
    wide = feature("w2", WALL, LineString([(0, 0), (100, 0)]), width=20)
    assert wide.area.area == pytest.approx(2000.0)


def test_line_footprint_mitre_bend_matches_shapely():
    line = LineString([(0, 0), (100, 0), (150, 60), (120, 200)])
    f = feature("t", TRENCH, line)
    ref = line.buffer(f.effective_width / 2, cap_style="flat", join_style="mitre", mitre_limit=2)
    assert f.area.symmetric_difference(ref).area == pytest.approx(0.0, abs=1e-6)


def test_feature_accepts_coordinates_and_validates():
    f = TerrainFeature("b", BUILDING, [(0, 0), (10, 0), (10, 10), (0, 10)])
    assert f.area.area == 100
    with pytest.raises(TypeError):
        TerrainFeature("b", BUILDING, LineString([(0, 0), (1, 1)]))
    no_width = TerrainType("ln", "Line", "line", "clear")
    with pytest.raises(ValueError):
        TerrainFeature("l", no_width, LineString([(0, 0), (1, 1)]))


def test_table_queries():
    hill1 = feature("h1", HILL, box(0, 0, 400, 400), level=1)
    hill2 = feature("h2", HILL, box(100, 100, 200, 200), level=2)
    house = feature("b", BUILDING, box(500, 500, 600, 600))
    trench = feature("t", TRENCH, LineString([(0, 800), (600, 800)]))
    t = Table(1000, 1000, [hill1, hill2, house, trench])
    assert [f.id for f in t.features_at((150, 150))] == ["h1", "h2"]
    assert t.elevation_at((150, 150)) == 2
    assert t.elevation_at((300, 300)) == 1
    assert t.elevation_at((200, 150)) == 2  # on the edge of the upper level
    assert t.elevation_at((700, 700)) == 0
    assert t.contains((0, 0)) and t.contains((1000, 1000)) and not t.contains((1000.1, 5))
    assert t.in_type((550, 550), "building") and not t.in_type((450, 550), "building")
    # trench is 2" wide around y=800: y in [774.6, 825.4]
    squad = [(10, 800), (20, 780), (30, 826), (40, 700)]
    assert t.fraction_in(squad, "trench") == pytest.approx(0.5)
    assert t.fraction_in(squad, "trench") >= 0.5
    assert t.fraction_in([], "trench") == 0.0
    assert t.bounds_polygon.equals(shapely.box(0, 0, 1000, 1000))
    assert t.feature("b") is house


def test_add_remove_rebuilds_index():
    t = Table(1000, 1000, [feature("b", BUILDING, box(0, 0, 10, 10))])
    assert t.in_type((5, 5), "building")
    v = t.version
    t.add_feature(feature("s", SMOKE, shapely.Point(500, 500).buffer(50)))
    assert t.version > v
    assert t.in_type((500, 500), "smoke")
    with pytest.raises(ValueError):
        t.add_feature(feature("s", SMOKE, shapely.Point(5, 5).buffer(5)))
    t.remove_feature("s")
    assert not t.in_type((500, 500), "smoke")
    with pytest.raises(KeyError):
        t.remove_feature("s")
    assert np.array_equal(t.elevations([(1, 1)]), [0])


def test_no_two_tables_or_states_of_one_share_a_version():
    """What is worked out from the terrain is kept under (id(table), version). A scratch
    copy of a game's table made after another copy was freed may take that copy's id; the
    two must never share a version, or a copy with other smoke on it would read the sight
    lines worked out for the first one."""
    base = Table(1000, 1000, [feature("w", WOOD, box(100, 100, 200, 200))])
    seen = {base.version}
    for i in range(50):
        copy = base.copy()
        assert copy.version not in seen
        seen.add(copy.version)
        copy.add_feature(feature(f"smoke{i}", SMOKE, box(10 * i, 0, 10 * i + 5, 5)))
        assert copy.version not in seen
        seen.add(copy.version)
        del copy  # freed: the next copy may well take its id


def test_an_index_built_again_after_smoke_decomposes_only_the_new_footprint(monkeypatch):
    """Features never change, so their footprints' parts are kept: a table whose smoke
    came or went builds its sight index again from the parts it had (WWIFY's smoke made
    every footprint be taken apart again), and the index is the one worked out afresh."""
    import game.geometry.footprint as fp

    feats = [feature("w", WOOD, box(100, 100, 200, 200)), feature("h", HILL, box(300, 100, 420, 260)),
             feature("wall", WALL, LineString([(0, 500), (200, 520), (260, 700)]))]
    smoke = feature("s", SMOKE, box(500, 500, 560, 560))
    monkeypatch.setattr(fp, "_rows_cache", {})
    worked: list[int] = []
    real = fp._polygons
    monkeypatch.setattr(fp, "_polygons", lambda area: worked.append(1) or real(area))
    first = fp.decompose([(f.area, f.parts) for f in feats])
    again = fp.decompose([(f.area, f.parts) for f in [*feats, smoke]])
    assert len(worked) == 3  # the wood, the hill and the smoke (the wall's parts are its own)
    fp._rows_cache.clear()
    fresh = fp.decompose([(f.area, f.parts) for f in [*feats, smoke]])
    for name in ("feature", "kind", "cx", "hu", "r_out", "r_in", "edge_start", "edge_count", "ex0", "ey1"):
        assert np.array_equal(getattr(again, name), getattr(fresh, name)), name
    assert np.array_equal(first.ex0, again.ex0[: len(first.ex0)])
