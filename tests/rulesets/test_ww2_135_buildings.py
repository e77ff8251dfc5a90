"""My 1/35th Scale WWII Skirmish, slice 8 (issue 20): buildings with doors and windows
(L263-282): sight only through openings within their arcs, leaning out, going in and out by
doors and windows, doors opened, locked and forced, grenades through windows (L147-151) and
anti-tank weapons at buildings (L290); maps with openings and heights; scripted with forced
dice."""

from __future__ import annotations

import pytest

from game.catalog import load_map_doc
from game.core import pools
from game.core.commands import END_PHASE, Command
from game.core.game import Game
from game.core.state import DEAD
from game.data.errors import DataError
from game.data.map_write import dump_map
from game.data.yamlio import Doc, parse_yaml
from game.rulesets.ww2_135.status import AP, W135FigMark
from tests.rulesets.helpers import (
    force,
    ok,
    small_map,
    unfinished_ruleset,
    unit,
)
from tests.rulesets.w135 import refused, table_game

IN = 25.4
#: a house 10" by 8" with a 2" door in its wall at y 30 and a window in its wall at x 40
HOUSE = {"type": "building", "id": "house", "polygon": [[30, 30], [40, 30], [40, 38], [30, 38]],
         "openings": [{"kind": "door", "at": [35, 30], "width": 2}, {"kind": "window", "at": [40, 34], "width": 1.5}]}
DOOR, WINDOW = "house:0", "house:1"


def game_of(a, b, terrain=None):
    return table_game(a, b, [HOUSE] + (terrain or []), face=False)


def fig(game: Game, fid: str):
    return game.state.figures[fid]


def sees(game: Game, a, b):
    game.memo = None
    return game.rules.sight.line(game, a, b)


def door(f, choice: str) -> Command:
    return Command("door", f.side, figure=f.id, target=DOOR, choice=choice)


# ---- the map ---------------------------------------------------------------------------------------------
def test_openings_sit_on_a_buildings_wall_and_round_trip_through_the_map_file():
    doc = small_map([unit("a1", [("us_rifleman", 10, 10)])], [unit("b1", [("de_rifleman", 50, 50)])], ruleset="ww2-135",
                    terrain=[HOUSE, {"type": "wall", "line": [[0, 20], [20, 20]], "height": 2.5}], size=(60, 60))
    rules = unfinished_ruleset("ww2-135")
    lm = load_map_doc(Doc("m.yaml", doc), ruleset=rules)
    again = load_map_doc(parse_yaml(dump_map(lm.model), "again.yaml"), ruleset=rules)
    assert again.model.terrain[0].openings == lm.model.terrain[0].openings and again.model.terrain[1].height == 2.5
    bad = dict(HOUSE, openings=[{"kind": "window", "at": [35, 34]}])
    with pytest.raises(DataError) as e:
        load_map_doc(Doc("m.yaml", dict(doc, terrain=[bad])), ruleset=rules)
    assert e.value.field == "terrain[0].openings[0].at" and "off the building's wall" in e.value.message
    with pytest.raises(DataError) as e:
        load_map_doc(Doc("m.yaml", dict(doc, terrain=[{"type": "wood", "rect": {"x": 5, "y": 5, "w": 4, "h": 4},
                                                          "openings": [{"kind": "door", "at": [5, 5]}]}])), ruleset=rules)
    assert "only buildings have doors and windows" in e.value.message


# ---- sight through openings (L263-278) ------------------------------------------------------------------
def test_a_man_inside_sees_out_only_through_an_open_door_or_a_window_within_45_degrees():
    game = game_of([("us_rifleman", 35, 30.2)], [("de_rifleman", 35, 20), ("de_rifleman", 44, 21), ("de_rifleman", 47, 27),
                                                 ("de_rifleman", 52, 34)])
    a = fig(game, "a1.1")
    front, slant, wide, east = fig(game, "b1.1"), fig(game, "b1.2"), fig(game, "b1.3"), fig(game, "b1.4")
    assert "no window or open door that way" in sees(game, a, front).why   # the door is shut
    game.state.attrs["openings"] = {DOOR: "open"}
    assert sees(game, a, front).visible and sees(game, front, a).cover == 2   # in the building: hard cover
    assert sees(game, a, slant).visible        # in the doorway: 9" across, 9.2" out, 44 degrees off the way out
    assert "no window or open door that way" in sees(game, a, wide).why   # 75 degrees: outside the arc
    a.markers[W135FigMark.LEANING] = True      # L282: leaning out, any angle, soft cover
    s = sees(game, wide, a)
    assert s.visible and s.cover == 1
    a.markers.pop(W135FigMark.LEANING)
    a.x, a.y = 38 * IN, 34 * IN
    assert sees(game, a, east).visible         # straight out of the window


# ---- going in and out -----------------------------------------------------------------------------------------
def test_walls_are_crossed_by_an_open_door_or_climbed_through_a_window():
    game = game_of([("us_rifleman", 35, 29)], [("de_rifleman", 50, 50)])
    a = fig(game, "a1.1")
    assert "cannot go through the walls" in refused(game, Command("move", "a", figure=a.id, path=((30.5 * IN, 31 * IN),)))
    assert "open it first" in refused(game, Command("move", "a", figure=a.id, path=((35 * IN, 32 * IN),)))
    assert "not open" in refused(game, door(a, "close"))
    ok(game, door(a, "open"))   # L17: 1 point
    ok(game, Command("move", "a", figure=a.id, path=((35 * IN, 32 * IN),)))   # 3": a point
    assert game.rules.points(game, a) == 2
    game2 = game_of([("us_rifleman", 43, 34)], [("de_rifleman", 50, 50)])
    b = fig(game2, "a1.1")
    force(game2, 1)   # climbing through the window: a d3 (L282 "as climbing a wall")
    ok(game2, Command("move", "a", figure=b.id, path=((38 * IN, 34 * IN),)))
    assert round(b.x / IN, 3) == 38 and game2.rules.points(game2, b) == 4 - 2 - 1


def test_a_locked_door_is_forced_for_2d3_from_outside_and_what_is_short_is_owed():
    game = game_of([("us_rifleman", 35, 29)], [("de_rifleman", 50, 50)])
    a = fig(game, "a1.1")
    ok(game, door(a, "lock"))   # L282: a door blocked in play, 1 point
    assert "locked: force it" in refused(game, door(a, "open"))
    force(game, 3, 3)           # 2d3 = 6 (L25, external): 3 points left, 3 owed
    ok(game, door(a, "force"))
    # interpretation locked-doors: the door opens as the turn that pays the rest begins
    assert game.rules.buildings.state_of(game, DOOR) == "locked" and game.rules.points(game, a) == 0
    assert a.markers[W135FigMark.DEBT] == 3
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command(END_PHASE, "b"))
    assert game.rules.points(game, a) == 1 and game.rules.buildings.state_of(game, DOOR) == "open"
    assert any(e.text == "Rifleman has forced the door open (L25)." for e in game.log.events)


def test_a_locked_door_paid_for_at_once_opens_at_once_and_no_points_cannot_start_on_it():
    """L5 "no more points are used than your quota": a figure with no points left does not
    start on a locked door; one that can pay the d3s opens it at once."""
    game = game_of([("us_rifleman", 35, 29), ("us_rifleman", 33, 27)], [("de_rifleman", 50, 50)])
    a, b = fig(game, "a1.1"), fig(game, "a1.2")
    ok(game, door(a, "lock"))
    force(game, 1, 1, 1)
    ok(game, Command("move", "a", figure=b.id, path=((33 * IN, 28.5 * IN),)))   # 1" (b: 3 points left)
    pools.reset(game.state, game.rules.who(a), AP, 0)   # a has spent its points
    assert "no points left to start on the door" in refused(game, door(a, "force"))
    ok(game, Command("move", "a", figure=b.id, path=((34 * IN, 29 * IN),)))   # b to the door: 2 points left
    force(game, 1, 1)           # 2d3 = 2: paid at once
    ok(game, Command("door", "a", figure=b.id, target=DOOR, choice="force"))
    assert game.rules.buildings.state_of(game, DOOR) == "open" and not b.markers.get(W135FigMark.DEBT)


# ---- grenades and bazookas at buildings (L147-151, L290) -------------------------------------------------------
@pytest.mark.parametrize("roll,inside", [((2, 2), False), ((2, 3), True)])
def test_a_grenade_through_a_window_from_4_inches_needs_5(roll, inside):
    game = game_of([("us_rifleman", 44, 34)], [("de_rifleman", 38, 34), ("de_rifleman", 50, 50)])
    a, x = fig(game, "a1.1"), fig(game, "b1.1")
    a.facing = 180.0   # towards the window
    force(game, *roll, 1, 6, 6)   # the throw; the die: BANG; whoever is under the burst rolls 12
    ok(game, Command("throw", "a", figure=a.id, target=WINDOW))
    assert (x.life == DEAD) == inside
    burst = [e.roll for e in game.log.events if e.roll and "The grenade" in e.roll.reason]
    assert [r.target for r in burst] == (["in a building"] if inside else [])


def test_a_man_inside_throws_out_of_the_window_as_a_throw_in_the_open():
    """Interpretation grenade-out: the window table is for throws into a building (L137,
    L147-151); from inside, a throw out through the window at a point seen through it is a
    throw in the open (L139), and the window table is refused."""
    game = game_of([("us_rifleman", 39, 34)], [("de_rifleman", 44, 34), ("de_rifleman", 50, 50)])
    a, x = fig(game, "a1.1"), fig(game, "b1.1")
    a.facing = 0.0
    assert "is inside: it throws out through the window" in refused(game, Command("throw", "a", figure=a.id, target=WINDOW))
    force(game, 1, 6, 6)   # 5": no deviation (L139); the die: BANG; the man under the burst rolls 12
    ok(game, Command("throw", "a", figure=a.id, point=(44 * IN, 34 * IN)))
    assert x.life == DEAD and a.alive
    # the walls of another building still bar a throw (through a window of that one only)
    other = {"type": "building", "id": "shed", "polygon": [[42, 40], [48, 40], [48, 46], [42, 46]],
             "openings": [{"kind": "window", "at": [42, 43], "width": 1.5}]}
    game2 = game_of([("us_rifleman", 39, 34)], [("de_rifleman", 45, 43), ("de_rifleman", 50, 50)], [other])
    b = fig(game2, "a1.1")
    b.facing = 45.0
    assert "walls of the" in refused(game2, Command("throw", "a", figure=b.id, point=(45 * IN, 43 * IN)))


def test_a_grenade_bursting_outside_the_wall_does_not_reach_the_man_inside():
    """Interpretation blast-walls: a grenade lands 1" outside the west wall; the German
    inside, 1" beyond the wall (2" from the burst, under its circle), rolls nothing; his
    comrade outside at the same distance does."""
    game = game_of([("us_rifleman", 25, 34)], [("de_rifleman", 31, 34), ("de_rifleman", 29, 36)])
    a, inside, outside = fig(game, "a1.1"), fig(game, "b1.1"), fig(game, "b1.2")
    a.facing = 0.0
    force(game, 2, 6, 6)   # 4": no deviation; the die: BANG; whoever is under the burst rolls 12
    ok(game, Command("throw", "a", figure=a.id, point=(29 * IN, 34 * IN)))
    assert inside.alive and outside.life == DEAD
    assert [r.reason for r in (e.roll for e in game.log.events if e.roll) if "The grenade" in r.reason] == [
        f"The grenade: {outside.name}"]


def test_a_grenade_through_the_window_catches_no_one_outside_the_wall():
    """Interpretation blast-walls, the other way: a grenade in through the window bursts
    inside; the man just outside that wall is not under it, the man inside is."""
    game = game_of([("us_rifleman", 44, 34)], [("de_rifleman", 38, 34), ("de_rifleman", 41, 35.5), ("de_rifleman", 50, 50)])
    a, inside, outside = fig(game, "a1.1"), fig(game, "b1.1"), fig(game, "b1.2")
    a.facing = 180.0
    force(game, 2, 3, 1, 6, 6)   # through the window (5); the die: BANG; whoever is under rolls 12
    ok(game, Command("throw", "a", figure=a.id, target=WINDOW))
    assert inside.life == DEAD and outside.alive


def test_a_bazooka_at_the_wall_hits_the_men_inside_within_2_inches():
    game = game_of([("us_bazooka", 35, 20)], [("de_rifleman", 35, 31), ("de_rifleman", 35, 35), ("de_rifleman", 50, 50)])
    a, near, far = fig(game, "a1.1"), fig(game, "b1.1"), fig(game, "b1.2")
    a.facing = 90.0
    force(game, 3, 3, 6, 6)   # 10": +1, a building is a side shot -1: more than 0; 6 hits; the man within 2" rolls 12 (L290)
    ok(game, Command("fire", "a", figure=a.id, point=(35 * IN, 30 * IN), choice="unaimed", options=(("weapon", "bazooka"),)))
    assert near.life == DEAD and far.alive


# ---- the walls a sight line crosses, worked out without GEOS (buildings.crossings) -------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as hs  # noqa: E402
from shapely.geometry import LineString as _Line  # noqa: E402
from shapely.geometry import Polygon as _Polygon  # noqa: E402

from game.rulesets.ww2_135.buildings import crossings  # noqa: E402

_coord = hs.integers(0, 40).map(float)
_pt = hs.tuples(_coord, _coord)


def _geos_points(a, b, poly):
    cross = _Line([a, b]).intersection(poly.boundary)
    return sorted({(round(x, 6), round(y, 6)) for g in getattr(cross, "geoms", [cross]) for x, y in getattr(g, "coords", [])})


@settings(max_examples=400, deadline=None)
@given(_pt, _pt, _pt, hs.integers(1, 15).map(float), hs.integers(1, 15).map(float))
def test_the_walls_crossed_are_where_geos_finds_them(a, b, corner, w, h):
    """On a grid (so that lines often run along a wall or through a corner): the points
    where a segment meets a building's walls are the ones GEOS finds, along-the-wall
    stretches by their ends."""
    if a == b:
        return
    x, y = corner
    poly = _Polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    walls = list(zip(poly.exterior.coords, list(poly.exterior.coords)[1:], strict=False))
    mine = sorted({(round(px, 6), round(py, 6)) for px, py in crossings(a, b, walls)})
    assert mine == _geos_points(a, b, poly)


def test_the_walls_crossed_at_a_slant_are_where_geos_finds_them():
    poly = _Polygon([(3.3, 1.7), (11.9, 2.6), (10.4, 9.8), (2.2, 8.1)])
    walls = list(zip(poly.exterior.coords, list(poly.exterior.coords)[1:], strict=False))
    for a, b in (((0.0, 0.0), (14.0, 12.0)), ((6.0, 5.0), (20.0, 5.5)), ((-1.0, 9.0), (13.0, 1.0))):
        mine = sorted({(round(px, 6), round(py, 6)) for px, py in crossings(a, b, walls)})
        assert mine == _geos_points(a, b, poly)


def test_leaning_out_is_a_point_to_move_it_ends_hiding_and_keeps_the_move_before_it():
    """L282 "you must pay a point to move" (interpretation window-arcs): hidden, it must pay
    to move before it observes (L55), and leaning out pays it; it is no action after a move
    (L82): the move before it still counts for a shot at the figure."""
    game = game_of([("us_rifleman", 37, 34)], [("de_rifleman", 50, 50)])
    a = fig(game, "a1.1")
    a.markers[W135FigMark.HIDDEN] = True
    ok(game, Command("move", "a", figure=a.id, path=((39 * IN, 34 * IN),)))
    a.markers[W135FigMark.HIDDEN] = True   # hidden again where it stands (a test's shortcut for the Hide action)
    moving = a.markers.get(W135FigMark.MOVING)
    ok(game, Command("lean_out", "a", figure=a.id))
    assert not a.markers.get(W135FigMark.HIDDEN) and a.markers.get(W135FigMark.MOVING) == moving and moving
