"""My 1/35th Scale WWII Skirmish, slice 5 (issue 20): morale tests, their modifiers and what
failing does (L246-261, L322-332), rallying (L20), the points suppressed and shaken figures
lose (L9) and where they may move (L121, L259-261), scripted with forced dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.core.commands import END_PHASE, Command
from game.core.game import Game
from game.core.state import DEAD
from game.rulesets.ww2_135.status import W135FigMark
from tests.rulesets.helpers import force, ok
from tests.rulesets.w135 import refused, table_game

IN = 25.4


def game_of(a, b, terrain=None):
    return table_game(a, b, terrain, friends=False, face=False)


def figs(game: Game, side: str):
    return sorted(game.state.side_figures(side, alive_only=False), key=lambda f: f.id)


def rolls(game: Game):
    return [e.roll for e in game.log.events if e.roll]


def to_a_turn(game: Game) -> None:
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command(END_PHASE, "b"))


HEDGE = {"type": "hedge", "line": [[0, 30], [60, 30]], "width": 1}


def test_the_modifiers_each_as_the_text_gives_them():
    game = game_of([("us_rifleman", 30, 20), ("us_rifleman", 32, 20), ("us_rifleman", 34, 20)], [("de_rifleman", 30, 39)])
    a, b, c = figs(game, "a")
    b.life = DEAD
    c.life = DEAD
    a.markers[W135FigMark.MORALE] = 1
    a.markers[W135FigMark.FIRED_AT] = game.rules.sideturn(game)
    mods = game.rules.morale.modifiers(game, a)
    assert mods == [("2 killed in its unit", 4), ("fired at last turn", 1), ("suppressed", 2), ('enemy inside 20"', 2),
                    ("cannot see a friendly figure", 4)]   # L326-331; 19" from the enemy


def test_a_burst_and_a_suppressive_line_are_fire_at_the_man():
    """Interpretation been-fired-on: a German under a grenade's burst (no effect, he lives), and
    an American diced for as he crosses an MG 42's line, each count as fired at last turn in
    their next morale test (L327)."""
    game = game_of([("us_rifleman", 30, 20), ("us_rifleman", 29, 21)], [("de_rifleman", 33, 24), ("de_mg42", 10, 30)])
    (a, pal), (x, mg) = figs(game, "a"), figs(game, "b")
    a.facing, pal.facing, x.facing, mg.facing = 90.0, 0.0, 180.0, 0.0   # each sees a friend: no lone tests (L254)
    force(game, 2, 1, 1)   # 5": on target; the die: BANG; he rolls 2: no effect
    ok(game, Command("throw", "a", figure=a.id, point=(33 * IN, 24 * IN)))
    assert x.alive and ("fired at last turn", 1) in game.rules.morale.modifiers(game, x)
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command("suppress", "b", figure=mg.id, point=(55 * IN, 30 * IN)))
    ok(game, Command(END_PHASE, "b"))
    assert ("fired at last turn", 1) not in game.rules.morale.modifiers(game, a)
    force(game, 3, 1, 1)   # the gun is firing (3); 2d6 2: he gets through
    ok(game, Command("move", "a", figure=a.id, path=((30 * IN, 32 * IN),)))
    assert round(a.y / IN, 3) == 32 and ("fired at last turn", 1) in game.rules.morale.modifiers(game, a)


def test_cover_takes_two_off():
    game = game_of([("us_rifleman", 30, 29.2), ("us_rifleman", 40, 20)], [("de_rifleman", 30, 59)], terrain=[HEDGE])
    a = figs(game, "a")[0]
    assert ("in cover", -2) in game.rules.morale.modifiers(game, a)   # L332: at the hedge


@pytest.mark.parametrize("faces,passed", [((3, 3), False), ((3, 4), True)])
def test_a_lone_figure_tests_as_its_turn_begins(faces, passed):
    # a sees no friend (+4, the hedge hides the other man) and one of its unit is killed (+2): more than 6
    game = game_of([("us_rifleman", 30, 10), ("us_rifleman", 30, 50)], [("de_rifleman", 55, 55)], terrain=[HEDGE])
    a, far = figs(game, "a")
    ok(game, Command(END_PHASE, "a"))
    force(game, *faces)
    far.life = DEAD   # his friend is gone: a sees nobody; a killed man in his unit +2
    ok(game, Command(END_PHASE, "b"))
    test = [r for r in rolls(game) if "tests morale" in r.reason][-1]
    assert test.target == "more than 6" and test.outcome == ("passed" if passed else "failed")
    assert a.markers.get(W135FigMark.MORALE) == (None if passed else 1)
    assert bool(a.markers.get(W135FigMark.BY_TEST)) == (not passed)
    # the test comes before the quota is set (interpretation ap-when): failed, he is suppressed
    # with a point fewer this very turn (L9)
    assert game.rules.points(game, a) == (4 if passed else 3)


def test_suppressed_and_shaken_figures_have_a_point_fewer():
    game = game_of([("us_rifleman", 30, 10), ("us_rifleman", 31, 10), ("us_rifleman", 32, 10)], [("de_rifleman", 30, 50)])
    a, b, c = figs(game, "a")
    b.markers[W135FigMark.MORALE] = 1
    c.markers[W135FigMark.MORALE] = 2
    to_a_turn(game)
    assert [game.rules.points(game, f) for f in (a, b, c)] == [4, 3, 3]   # L9


def test_a_rally_takes_off_a_suppressed_marker_from_fire_without_a_test():
    game = game_of([("us_rifleman", 30, 10), ("us_rifleman", 31, 10)], [("de_rifleman", 30, 50)])
    a = figs(game, "a")[0]
    a.markers[W135FigMark.MORALE] = 1
    force(game)   # no dice
    ok(game, Command("rally", "a", figure=a.id))
    assert W135FigMark.MORALE not in a.markers and game.rules.points(game, a) == 1   # L20: 3 points


@pytest.mark.parametrize("faces,level", [((6, 6), None), ((1, 1), 1)])
def test_suppressed_by_a_test_needs_a_passed_test_to_rally(faces, level):
    game = game_of([("us_rifleman", 30, 29.3), ("us_rifleman", 31, 29.3), ("us_rifleman", 32, 29.3)], [("de_rifleman", 30, 50)],
                   terrain=[HEDGE])
    a, _, c = figs(game, "a")   # at the hedge: in cover, so it need not move first
    c.life = DEAD
    a.markers[W135FigMark.MORALE] = 1
    a.markers[W135FigMark.BY_TEST] = True
    force(game, *faces)
    ok(game, Command("rally", "a", figure=a.id))   # a man killed +2, suppressed +2, in cover -2: more than 2
    assert a.markers.get(W135FigMark.MORALE) == level


@pytest.mark.parametrize("faces,level", [((6, 6), 1), ((1, 1), 2)])
def test_a_shaken_figure_rallies_to_suppressed_or_stays_shaken(faces, level):
    game = game_of([("us_rifleman", 30, 10), ("us_rifleman", 31, 10)], [("de_rifleman", 30, 50)])
    a = figs(game, "a")[0]
    a.markers[W135FigMark.MORALE] = 2
    force(game, *faces)
    ok(game, Command("rally", "a", figure=a.id))   # shaken +5: needs more than 5
    assert a.markers.get(W135FigMark.MORALE) == level


WALL = {"type": "wall", "line": [[0, 30], [60, 30]], "width": 0.5}


def test_a_suppressed_figure_cannot_move_towards_a_known_enemy_and_by_a_test_only_into_cover():
    """L121 "Suppressed figures cannot move towards a known enemy"; L259, suppressed by a
    failed test: "unless it is the closest cover" (interpretation morale-moves)."""
    for by_test in (False, True):
        game = game_of([("us_rifleman", 30, 20), ("us_rifleman", 40, 20)], [("de_rifleman", 30, 45)], terrain=[WALL])
        a = figs(game, "a")[0]
        a.markers[W135FigMark.MORALE] = 1
        if by_test:
            a.markers[W135FigMark.BY_TEST] = True
        a.facing = 90.0
        assert "cannot move towards" in refused(game, Command("move", "a", figure=a.id, path=((30 * IN, 23 * IN),)))
        into_cover = Command("move", "a", figure=a.id, path=((30 * IN, 29.3 * IN),))   # into the wall's cover
        if by_test:
            ok(game, into_cover)
        else:
            assert "cannot move towards Grenadier, a known enemy (L121)" in refused(game, into_cover)


def test_a_suppressed_figure_moves_towards_no_known_enemy_not_only_the_nearest():
    game = game_of([("us_rifleman", 30, 18), ("us_rifleman", 50, 30)], [("de_rifleman", 30, 30)])
    x = figs(game, "b")[0]
    far = figs(game, "a")[1]
    ok(game, Command(END_PHASE, "a"))
    x.markers[W135FigMark.MORALE] = 1
    # 3" east: no nearer the nearest (12" off, then 12.4"), but 20" -> 17" from the other
    why = refused(game, Command("move", "b", figure=x.id, path=((33 * IN, 30 * IN),)))
    assert f"cannot move towards {far.name}" in why
    ok(game, Command("move", "b", figure=x.id, path=((27 * IN, 33 * IN),)))   # away from both


def test_a_shaken_figure_must_move_away():
    game = game_of([("us_rifleman", 30, 20), ("us_rifleman", 40, 20)], [("de_rifleman", 30, 45)])
    a = figs(game, "a")[0]
    a.markers[W135FigMark.MORALE] = 2
    assert "must move away" in refused(game, Command("move", "a", figure=a.id, path=((33 * IN, 22 * IN),)))
    ok(game, Command("move", "a", figure=a.id, path=((30 * IN, 17 * IN),)))


def test_suppressed_by_a_test_out_of_cover_must_first_move_towards_it():
    game = game_of([("us_rifleman", 30, 20), ("us_rifleman", 40, 20)], [("de_rifleman", 30, 50)], terrain=[HEDGE])
    a = figs(game, "a")[0]
    a.markers[W135FigMark.MORALE] = 1
    a.markers[W135FigMark.BY_TEST] = True
    assert "must first move towards cover" in refused(game, Command("hide", "a", figure=a.id))
    assert "must move towards cover" in refused(game, Command("move", "a", figure=a.id, path=((30 * IN, 17 * IN),)))
    ok(game, Command("move", "a", figure=a.id, path=((30 * IN, 23 * IN),)))
    ok(game, Command("hide", "a", figure=a.id))


def test_the_chance_of_a_test_is_2d6_over_the_total():
    """Hand-worked: 2d6 more than 6 passes 21 times in 36 (7-12)."""
    passes = sum(1 for x in range(1, 7) for y in range(1, 7) if x + y > 6)
    assert Fraction(passes, 36) == Fraction(21, 36)


def test_a_shaken_figure_must_first_move_away_and_may_rally():
    game = game_of([("us_rifleman", 30, 20), ("us_rifleman", 40, 20)], [("de_rifleman", 30, 45)])
    a = figs(game, "a")[0]
    a.markers[W135FigMark.MORALE] = 2
    assert "must first move away from the known enemy (L261)" in refused(game, Command("hide", "a", figure=a.id))
    ok(game, Command("move", "a", figure=a.id, path=((30 * IN, 17 * IN),)))
    ok(game, Command("prone", "a", figure=a.id))


def test_a_lone_shaken_figure_failing_its_test_is_broken():
    game = game_of([("us_rifleman", 30, 10)], [("de_rifleman", 55, 55)], terrain=[HEDGE])
    a = figs(game, "a")[0]
    a.markers[W135FigMark.MORALE] = 2
    force(game, 6, 6, 6, 6)   # the lone German's test, then a's: shaken +5, no friend in sight +4: 12 is more than 9
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command(END_PHASE, "b"))
    assert a.alive
    force(game, 6, 6, 5, 4)   # the German's; a's 9 fails: a shaken figure failing drops to broken (interpretation recover)
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command(END_PHASE, "b"))
    assert a.life == "fled"
