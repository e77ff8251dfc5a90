"""My 1/35th Scale WWII Skirmish, slice 7 (issue 20): grenades (L131-166): range, sight before
moving, deviation, obstacles, the grenade die and late bursts, throwing back (L174), the
effect table (L153-156), and smoke that lasts three turns and drifts (L168-182); scripted
with forced dice."""

from __future__ import annotations

from fractions import Fraction

from game.core.commands import END_PHASE, Command
from game.core.game import Game
from game.core.state import DEAD
from game.rulesets.ww2_135.status import W135FigMark
from tests.rulesets.helpers import force, ok
from tests.rulesets.w135 import refused
from tests.rulesets.w135 import table_game as game_of

IN = 25.4


def figs(game: Game, side: str):
    return sorted(game.state.side_figures(side, alive_only=False), key=lambda f: f.id)


def throw(f, x: float, y: float, smoke: bool = False) -> Command:
    return Command("throw", f.side, figure=f.id, point=(x * IN, y * IN), options=(("smoke", "yes"),) if smoke else ())


def rolls(game: Game):
    return [e.roll for e in game.log.events if e.roll]


def test_a_short_throw_lands_where_aimed_and_bursts_on_the_table():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 24), ("de_rifleman", 31.5, 24)])
    a = figs(game, "a")[0]
    x, y = figs(game, "b")[:2]
    force(game, 2, 4, 3, 2, 2)   # 4": no deviation (L160); the die: BANG (face 2); x rolls 7 (killed), y 4 (no effect)
    ok(game, throw(a, 30, 24))
    assert game.rules.points(game, a) == 2   # L15
    assert x.life == DEAD and y.alive and not y.markers.get(W135FigMark.MORALE)
    assert [r.outcome for r in rolls(game)][-3:] == ["goes off now", "killed", "no effect"]


def test_the_range_and_the_sight_before_moving():
    house = [{"type": "building", "polygon": [[34, 22], [40, 22], [40, 28], [34, 28]]}]
    game = game_of([("us_rifleman", 34, 20)], [("de_rifleman", 30, 50)], terrain=house)
    a = figs(game, "a")[0]
    assert "15\" at most (L133)" in refused(game, throw(a, 34, 36))
    ok(game, Command("move", "a", figure=a.id, path=((40 * IN, 20 * IN),)))   # round the corner of the house
    assert game.rules.los(game, a.pos, (42 * IN, 27 * IN)).visible             # it sees the point now, but did not
    assert "from where its move began (L135)" in refused(game, throw(a, 42, 27))
    game2 = game_of([("us_rifleman", 40, 20)], [("de_rifleman", 30, 50)], terrain=house)
    force(game2, 3, 2)   # 7.3": 3 is on target (L161); the die: BANG
    ok(game2, throw(figs(game2, "a")[0], 42, 27))


def test_deviation_beyond_5_inches():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 50, 50)])
    a = figs(game, "a")[0]
    force(game, 2, 90, 4)   # 8": d6 2, short of 3: off 2" towards 90 degrees (+y); the die: fuse
    ok(game, throw(a, 30, 28))
    (m,) = [m for m in game.state.markers.values() if m.kind == "grenade"]
    assert (round(m.x / IN, 3), round(m.y / IN, 3)) == (30, 30)
    game2 = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 50, 50)])
    force(game2, 4, 4)   # 12": 4 is on target for 10-15" (L162); the die: fuse
    ok(game2, throw(figs(game2, "a")[0], 30, 32))
    (m2,) = [m for m in game2.state.markers.values() if m.kind == "grenade"]
    assert (round(m2.x / IN, 3), round(m2.y / IN, 3)) == (30, 32)


def test_it_cannot_be_aimed_just_behind_a_wall_and_stops_against_it():
    wall = [{"type": "wall", "line": [[0, 25], [60, 25]], "width": 0.5}]
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 50, 50)], terrain=wall)
    a = figs(game, "a")[0]
    assert "cannot drop that close behind the obstacle (L145)" in refused(game, throw(a, 30, 25.9))   # a 1" wall: band to 26.25"
    force(game, 2, 270, 4)   # 8" aimed at 28: off 2" towards -y, to 26: inside the band, it stops at the wall
    ok(game, throw(a, 30, 28))
    (m,) = [m for m in game.state.markers.values() if m.kind == "grenade"]
    assert 24.5 < m.y / IN < 24.8


def test_a_grenade_on_a_fuse_goes_off_at_the_end_of_the_opponents_turn():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 24)])
    a = figs(game, "a")[0]
    x = figs(game, "b")[0]
    force(game, 5)   # 4": on target; fuse
    ok(game, throw(a, 30, 24))
    assert x.alive
    ok(game, Command(END_PHASE, "a"))
    force(game, 6, 6)   # it goes off as the Germans' turn ends: x rolls 12
    ok(game, Command(END_PHASE, "b"))
    assert x.life == DEAD and not [m for m in game.state.markers.values() if m.kind == "grenade"]


def test_thrown_back_it_goes_off_in_the_hand_on_the_red_face_only():
    for face, dead in ((1, "thrower"), (2, "american")):
        game = game_of([("us_rifleman", 30, 20), ("us_rifleman", 40, 20)], [("de_rifleman", 30, 24)])
        a = figs(game, "a")[0]
        x = figs(game, "b")[0]
        force(game, 4)
        ok(game, throw(a, 30, 24.5))
        ok(game, Command(END_PHASE, "a"))
        (m,) = [m for m in game.state.markers.values() if m.kind == "grenade"]
        force(game, face, 6, 6)   # thrown back to (30, 20), 4.5": no deviation; whoever is under it rolls 12
        ok(game, Command("throw_back", "b", figure=x.id, target=m.id, point=(30 * IN, 20 * IN)))
        assert (x.life == DEAD) == (dead == "thrower") and (a.life == DEAD) == (dead == "american")


def test_a_grenade_thrown_back_is_aimed_as_any_throw():
    """Throwing it back is a throw (L133-145): not by a suppressed man (L79, interpretation
    fire-levels), nor behind him where he does not look (L47, L135)."""
    game = game_of([("us_rifleman", 30, 20), ("us_rifleman", 40, 20)], [("de_rifleman", 30, 24)])
    a, x = figs(game, "a")[0], figs(game, "b")[0]
    force(game, 4)
    ok(game, throw(a, 30, 24.5))
    ok(game, Command(END_PHASE, "a"))
    (m,) = [m for m in game.state.markers.values() if m.kind == "grenade"]
    back = Command("throw_back", "b", figure=x.id, target=m.id, point=(30 * IN, 36 * IN))   # behind him
    assert "must turn to face that way first (L47)" in refused(game, back)
    x.markers[W135FigMark.MORALE] = 1
    assert "is suppressed and cannot throw" in refused(game, Command("throw_back", "b", figure=x.id, target=m.id, point=(30 * IN, 20 * IN)))


def test_smoke_lasts_three_turns_and_drifts_one_template_downwind():
    game = game_of([("us_nco", 30, 10)], [("de_rifleman", 30, 40)])
    a = figs(game, "a")[0]
    force(game, 1, 3)   # the die: BANG; the wind: d8 3, towards the south (90 degrees, +y)
    ok(game, throw(a, 30, 14, smoke=True))
    clouds = lambda: sorted((round(c.x / IN, 2), round(c.y / IN, 2)) for c in game.state.clouds.values())  # noqa: E731
    assert clouds() == [(30, 14)] and "smoke_grenade" not in a.equipment
    assert not game.rules.sight.line(game, a, figs(game, "b")[0]).visible   # L178: blocks all sight
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command(END_PHASE, "b"))    # turn 2: a second cloud 5" downwind
    assert clouds() == [(30, 14), (30, 19)]
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command(END_PHASE, "b"))    # turn 3: only the drifted one
    assert clouds() == [(30, 19)]
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command(END_PHASE, "b"))    # gone
    assert clouds() == []


def test_the_effect_table_chances_by_hand():
    """In the open 7+ kills: 21 in 36; in a building 5+: 30 in 36 (L155-156)."""
    data = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 24)]).rules.data
    two = [a + b for a in range(1, 7) for b in range(1, 7)]
    assert Fraction(sum(data.blast_effect.open.result(t) == "killed" for t in two), 36) == Fraction(21, 36)
    assert Fraction(sum(data.blast_effect.building.result(t) == "killed" for t in two), 36) == Fraction(30, 36)
