"""My 1/35th Scale WWII Skirmish, slice 8 (issue 20): anti-tank weapons (L288-300), hits on
tanks by facing and on soft-skinned vehicles (L302-320), and vehicles as the reading
`vehicles` plays them (moves, main guns, smoke dischargers); scripted with forced dice."""

from __future__ import annotations

import pytest

from game.core.commands import END_PHASE, Command
from game.core.game import Game
from game.core.state import DEAD, DESTROYED
from game.rulesets.ww2_135.status import W135FigMark
from tests.rulesets.helpers import force, ok
from tests.rulesets.w135 import refused
from tests.rulesets.w135 import table_game as game_of

IN = 25.4


def fig(game: Game, fid: str):
    return game.state.figures[fid]


def shoot(f, t, weapon: str, aim: str = "unaimed") -> Command:
    return Command("fire", f.side, figure=f.id, target=t.id, choice=aim, options=(("weapon", weapon),))


def rolls(game: Game):
    return [e.roll for e in game.log.events if e.roll]


@pytest.mark.parametrize("tank_facing,face", [(270.0, "front"), (0.0, "side"), (90.0, "rear")])
def test_the_face_struck(tank_facing, face):
    game = game_of([("us_bazooka", 30, 20)], [("panzer_iv", 30, 28)])
    a, t = fig(game, "a1.1"), fig(game, "b1.1")
    t.facing = tank_facing   # 270: towards the bazooka
    assert game.rules.anti_tank.facing(t, a.pos) == face


def test_a_side_shot_at_8_inches_hits_on_anything_but_a_double_six_and_destroys():
    game = game_of([("us_bazooka", 30, 20)], [("panzer_iv", 30, 28)])
    a, t = fig(game, "a1.1"), fig(game, "b1.1")
    t.facing = 0.0
    force(game, 1, 2, 2, 3)   # 0-10" +1, side shot -1: more than 0; 3 hits; the side: 5, not a double: destroyed
    ok(game, shoot(a, t, "bazooka"))
    r = [x for x in rolls(game) if "fires the Bazooka" in x.reason][0]
    assert r.modifiers == [('range 8.0"', 1), ("side shot", -1)] and r.target == "more than 0" and r.outcome == "hit"
    assert t.life == DESTROYED and game.rules.points(game, a) == 1   # interpretation at-points: 3


@pytest.mark.parametrize("faces,result", [((1, 1), "no damage"), ((6, 6), "immobilised"), ((3, 3), "destroyed"), ((2, 5), "destroyed")])
def test_the_side_table(faces, result):
    game = game_of([("us_bazooka", 30, 20)], [("panzer_iv", 30, 28)])
    a, t = fig(game, "a1.1"), fig(game, "b1.1")
    t.facing = 0.0
    force(game, 3, 4, *faces)
    ok(game, shoot(a, t, "bazooka"))
    assert rolls(game)[-1].outcome == result
    assert (t.life == DESTROYED) == (result == "destroyed") and bool(t.markers.get(W135FigMark.IMMOBILE)) == (result == "immobilised")


@pytest.mark.parametrize("faces,destroyed", [((4, 4), False), ((4, 5), True)])
def test_the_front_any_double_is_no_damage(faces, destroyed):
    game = game_of([("us_bazooka", 30, 20)], [("panzer_iv", 30, 28)])
    a, t = fig(game, "a1.1"), fig(game, "b1.1")
    force(game, 3, 4, *faces)
    ok(game, shoot(a, t, "bazooka"))
    assert (t.life == DESTROYED) == destroyed


def test_the_rear_and_a_half_track_are_destroyed_by_any_hit_and_a_double_six_is_a_failed_shell():
    game = game_of([("us_bazooka", 30, 20)], [("panzer_iv", 30, 28)])
    a, t = fig(game, "a1.1"), fig(game, "b1.1")
    t.facing = 90.0
    force(game, 3, 4)
    ok(game, shoot(a, t, "bazooka"))
    assert t.life == DESTROYED
    game2 = game_of([("us_bazooka", 30, 20)], [("halftrack", 30, 28)])
    force(game2, 6, 6)
    ok(game2, shoot(fig(game2, "a1.1"), fig(game2, "b1.1"), "bazooka"))
    assert rolls(game2)[-1].outcome == "a failed shell" and fig(game2, "b1.1").alive


def test_the_modifiers_range_moved_and_fired_on():
    game = game_of([("us_bazooka", 30, 4)], [("panzer_iv", 30, 26)])
    a, t = fig(game, "a1.1"), fig(game, "b1.1")
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command("move", "b", figure=t.id, path=((30 * IN, 25 * IN),)))
    a.markers[W135FigMark.FIRED_AT] = game.rules.sideturn(game)
    ok(game, Command(END_PHASE, "b"))
    ok(game, Command("move", "a", figure=a.id, path=((30 * IN, 5 * IN),)))
    shot = game.rules.anti_tank.plan(game, shoot(a, t, "bazooka"))
    assert shot.modifiers == (('range 20.0"', 5), ("been fired on", 2), ("firer moved", 5), ("target moved", 3))
    game2 = game_of([("us_bazooka", 30, 2)], [("panzer_iv", 30, 28)])
    assert "reaches 24\"" in refused(game2, shoot(fig(game2, "a1.1"), fig(game2, "b1.1"), "bazooka"))


def test_a_tank_that_moved_and_then_turned_still_counts_as_moved():
    """L299 "Target moved +3" has no footnote (L82's is for small arms): a Panzer IV moves 6"
    and turns on the spot; the bazooka's shot next turn still counts the move."""
    game = game_of([("us_bazooka", 30, 4)], [("panzer_iv", 30, 26)])
    a, t = fig(game, "a1.1"), fig(game, "b1.1")
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command("move", "b", figure=t.id, path=((30 * IN, 20 * IN),)))
    ok(game, Command("turn", "b", figure=t.id, point=(30 * IN, 0.0)))
    ok(game, Command(END_PHASE, "b"))
    shot = game.rules.anti_tank.plan(game, shoot(a, t, "bazooka"))
    assert ("target moved", 3) in shot.modifiers
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command(END_PHASE, "b"))   # a turn standing still: no longer moved
    assert ("target moved", 3) not in game.rules.anti_tank.plan(game, shoot(a, t, "bazooka")).modifiers


def test_a_panzerfaust_is_fired_once_and_small_arms_do_not_harm_a_tank():
    game = game_of([("de_panzerfaust", 30, 20)], [("sherman", 30, 28)])
    a, t = fig(game, "a1.1"), fig(game, "b1.1")
    assert "do not harm" in refused(game, shoot(a, t, "rifle"))
    force(game, 1, 2, 4, 4)   # a hit on the front; a double: no damage
    ok(game, shoot(a, t, "panzerfaust"))
    assert "panzerfaust" not in a.weapons


def test_a_main_gun_fires_he_at_men_and_it_bursts():
    game = game_of([("sherman", 30, 20)], [("de_rifleman", 30, 30), ("de_rifleman", 31, 30)])
    tank = fig(game, "a1.1")
    x, y = fig(game, "b1.1"), fig(game, "b1.2")
    force(game, 4, 4, 6, 6, 1, 1)   # 8 of un-aimed 5 + range 1... 10": 5 + 1 = 6; a hit: the 4" burst, x 12 killed, y 2
    ok(game, shoot(tank, x, "tank_gun"))
    assert x.life == DEAD and y.alive


def test_a_tank_cannot_cross_a_wall_but_drives_over_a_fence_and_immobilised_does_not_move():
    game = game_of([("sherman", 30, 20)], [("de_rifleman", 50, 50)],
                   terrain=[{"type": "wall", "line": [[0, 24], [33, 24]], "width": 0.5},
                            {"type": "fence", "line": [[0, 23], [60, 23]], "width": 0.25}])
    tank = fig(game, "a1.1")
    assert "cannot cross the wall" in refused(game, Command("move", "a", figure=tank.id, path=((30 * IN, 26 * IN),)))
    ok(game, Command("move", "a", figure=tank.id, path=((36 * IN, 21.5 * IN), (36 * IN, 25 * IN))))   # round the wall, over the fence
    assert round(tank.y / IN, 3) == 25
    tank.markers[W135FigMark.IMMOBILE] = True
    assert "immobilised" in refused(game, Command("move", "a", figure=tank.id, path=((36 * IN, 26 * IN),)))


def test_smoke_dischargers_once_a_game():
    game = game_of([("sherman", 30, 20)], [("de_rifleman", 50, 50)])
    tank = fig(game, "a1.1")
    force(game, 1)   # the wind
    ok(game, Command("smoke_dischargers", "a", figure=tank.id))
    assert len(game.state.clouds) == 1 and game.rules.points(game, tank) == 3
    assert "no smoke dischargers" in refused(game, Command("smoke_dischargers", "a", figure=tank.id))
