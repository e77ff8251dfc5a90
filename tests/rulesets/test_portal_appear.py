"""Where a unit the force generation brings on stands (interpretation portal-appear):
"Portal Counters are always placed on corners, in cover", so the unit appears in the cover
its marker stands in (inside the wood, at the building's side, behind the same hedge),
else around the marker with its first ring away from the player's nearest figure.
Text: ../shared/rules/ww2-skirmish-solo.txt, "Enemy Force Generation"."""

import pytest
import shapely

from game.core.state import Marker
from game.data.solo_schema import ForceUnit
from game.geometry.units import to_mm
from game.solo import portals

from .helpers import make_game, small_map, unit

IN = to_mm(1.0, "in")
# a wood along the north of the table; the player's rifleman well to the south
WOOD = {"type": "wood", "name": "Long wood", "polygon": [[8, 4], [40, 4], [40, 10], [8, 10]]}
HEDGE = {"type": "hedge", "name": "Hedge", "line": [[6, 26], [42, 26]]}
POOL = [unit("g1", [("officer", 2, 2), ("sergeant", 3, 2)] + [("rifleman", 4 + i, 2) for i in range(7)])]


def appear(terrain, at):
    """A seven-figure Great War section brought on at a portal marker at ``at`` (inches)."""
    doc = small_map([unit("a1", [("rifleman", 24, 44)])], POOL, terrain=terrain)
    doc["portals"] = [{"side": "b", "at": [24, 2]}]
    game = make_game(doc, options={"solo_side": "b"})
    marker = Marker("b-m9", "b", "portal", at[0] * IN, at[1] * IN, secret=True, attrs={"seen": True})
    game.state.markers[marker.id] = marker
    made = portals.place_unit(game.rules, game, ForceUnit(name="Section", troops=["sergeant"] + ["rifleman"] * 6), marker)
    return game, [(f.x / IN, f.y / IN) for f in game.state.unit_figures(made.id)]


def test_a_unit_appears_inside_the_wood_its_marker_stands_in_not_behind_it_in_the_open():
    # the marker at the wood's back edge: its first ring, away from the player, lies north of
    # the wood, in the open; the unit stands in the wood instead, every figure of it
    _, places = appear([WOOD], (24, 4.4))
    wood = shapely.Polygon(WOOD["polygon"])
    assert len(places) == 7
    assert all(wood.covers(shapely.Point(p)) for p in places)


def test_a_unit_appears_behind_the_hedge_its_marker_is_behind_on_the_same_side():
    _, places = appear([HEDGE], (24, 25.2))
    hedge = shapely.LineString(HEDGE["line"])
    assert len(places) == 7
    assert all(p[1] < 26 for p in places)  # on the marker's side, away from the player
    assert all(hedge.distance(shapely.Point(p)) <= 1.5 + 0.5 for p in places)  # in reach of its cover


def test_a_marker_in_the_open_stands_its_unit_around_it_away_from_the_player():
    _, places = appear([], (24, 20))
    assert places[0] == pytest.approx((24, 20))  # the marker's place first
    assert places[1][1] < 20  # the first ring starts away from the player, to the north
