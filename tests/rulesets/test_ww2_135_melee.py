"""My 1/35th Scale WWII Skirmish, slice 8 (issue 20): hand to hand (L210-225), surrender
(L227-240) and prisoners (L244), scripted with forced dice."""

from __future__ import annotations

from fractions import Fraction

from game.core.commands import END_PHASE, Command
from game.core.game import Game
from game.core.state import CAPTURED, DEAD
from game.rulesets.ww2_135.status import W135FigAttr, W135FigMark
from tests.rulesets.helpers import force, ok
from tests.rulesets.w135 import refused, table_game

IN = 25.4


def game_of(a, b, friends=True):
    return table_game(a, b, friends=friends)


def fig(game: Game, fid: str):
    return game.state.figures[fid]


def rolls(game: Game):
    return [e.roll for e in game.log.events if e.roll]


def test_the_fighters_modifiers():
    game = game_of([("us_rifleman", 30, 30)], [("de_nco", 30, 31)])
    a, b = fig(game, "a1.1"), fig(game, "b1.1")
    melee = game.rules.melee
    assert melee.in_contact(a, b)
    assert melee.modifiers(game, a, b, True, True) == [("initiated", 1), ("weapon", 2)]    # L216, L222: rifle
    b.markers[W135FigMark.MORALE] = 2
    b.markers[W135FigMark.PRONE] = True
    assert melee.modifiers(game, b, a, False, True) == [("shaken", -3), ("prone", -2), ("weapon", 1)]   # L219-220, L223
    assert melee.modifiers(game, b, a, False, False) == [("shaken", -3), ("weapon", 1)]   # the prone -2 is the first round's only
    b.facing = 90.0   # its back to the American
    assert ("attacking the rear", 2) in melee.modifiers(game, a, b, True, True)   # L221


def test_the_attacker_wins_and_chooses_kill_or_capture():
    game2 = game_of([("us_rifleman", 30, 30)], [("de_rifleman", 30, 31)])
    a, b = fig(game2, "a1.1"), fig(game2, "b1.1")
    force(game2, 4, 3)   # a: 4 + 1 + 2 = 7; b: 3 + 2 = 5
    ok(game2, Command("fight", "a", figure=a.id, target=b.id))
    assert game2.rules.points(game2, a) == 2   # L16: 2 points
    d = game2.rules.decision(game2)
    assert d is not None and [o["label"] for o in d["options"]] == ["Kill Grenadier", "Capture Grenadier", "Let Grenadier go"]
    ok(game2, Command("subdue", "a", figure=a.id, target=b.id, choice="capture"))
    assert b.life == CAPTURED and b.attrs[W135FigAttr.PRISONER_OF] == a.id
    ok(game2, Command("move", "a", figure=a.id, path=((30 * IN, 27 * IN),)))
    assert abs(b.y / IN - 28.1) < 0.01 and b.x == a.x   # the prisoner goes with its guard, just behind it (L244)


def test_a_draw_locks_them_and_the_defender_winning_costs_the_attacker_two_points():
    game = game_of([("us_rifleman", 30, 30)], [("de_rifleman", 30, 31)])
    a, b = fig(game, "a1.1"), fig(game, "b1.1")
    force(game, 5, 6)   # a: 5 + 3 = 8; b: 6 + 2 = 8
    ok(game, Command("fight", "a", figure=a.id, target=b.id))
    assert a.markers[W135FigMark.LOCKED] == b.id and game.rules.decision(game) is None
    assert "locked in hand to hand" in refused(game, Command("move", "a", figure=a.id, path=((30 * IN, 25 * IN),)))
    force(game, 1, 6)   # the next round: no first-round modifiers: a 1 + 2 = 3, b 6 + 2 = 8: the defender wins
    ok(game, Command("fight", "a", figure=a.id, target=b.id))
    fights = [r for r in rolls(game) if "fights" in r.reason]
    assert fights[-2].modifiers == [("weapon", 2)]
    ok(game, Command("subdue", "b", figure=b.id, target=a.id, choice="kill"))
    assert a.life == DEAD


def test_the_attacker_beaten_off_and_let_go_has_2_points_fewer_next_turn():
    game = game_of([("us_rifleman", 30, 30)], [("de_rifleman", 30, 31)])
    a, b = fig(game, "a1.1"), fig(game, "b1.1")
    force(game, 1, 6)
    ok(game, Command("fight", "a", figure=a.id, target=b.id))
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "b" and "Let Rifleman go" in [o["label"] for o in d["options"]]
    ok(game, Command("subdue", "b", figure=b.id, target=a.id, choice="spare"))
    assert a.alive and a.markers[W135FigMark.DEBT] == 2
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command(END_PHASE, "b"))
    assert game.rules.points(game, a) == 2 and W135FigMark.DEBT not in a.markers   # L16


def test_two_against_one_rolls_two_dice_and_keeps_the_best():
    game = game_of([("us_rifleman", 30, 30), ("us_rifleman", 31, 31)], [("de_rifleman", 30, 31)])
    a, b = fig(game, "a1.1"), fig(game, "b1.1")
    force(game, 1, 6, 2)   # a rolls 2d6 (1, 6): keeps 6; b 2
    ok(game, Command("fight", "a", figure=a.id, target=b.id))
    first = [r for r in rolls(game) if "fights" in r.reason][0]
    assert first.spec == "2d6" and first.outcome == "scores 9"


def test_a_lone_figure_asked_to_surrender():
    game = game_of([("us_rifleman", 30, 30), ("us_rifleman", 33, 30)], [("de_rifleman", 30, 35)], friends=False)
    a, c, b = fig(game, "a1.1"), fig(game, "a1.2"), fig(game, "b1.1")
    mods, counted = game.rules.melee.surrender_modifiers(game, b)
    assert mods == [("2 enemies in sight", 2)] and {f.id for f in counted} == {a.id, c.id}   # L236
    force(game, 2)   # more than 2 to fight on: 2 surrenders
    ok(game, Command("challenge", "a", figure=a.id, target=b.id))
    assert b.life == CAPTURED and c.markers[W135FigMark.COMMITTED][1] == b.id


def test_challenged_once_a_turn_and_only_a_lone_figure_within_6_inches():
    game = game_of([("us_rifleman", 30, 30)], [("de_rifleman", 30, 35), ("de_rifleman", 50, 50)], friends=False)
    a, b = fig(game, "a1.1"), fig(game, "b1.1")
    force(game, 6)
    ok(game, Command("challenge", "a", figure=a.id, target=b.id))   # 1 enemy in sight: 6 is more: it fights on
    assert b.alive
    assert "challenged this turn already (L231)" in refused(game, Command("challenge", "a", figure=a.id, target=b.id))
    game2 = game_of([("us_rifleman", 30, 30)], [("de_rifleman", 30, 37)], friends=True)
    assert "within 6\"" in refused(game2, Command("challenge", "a", figure="a1.1", target="b1.1"))
    game3 = game_of([("us_rifleman", 30, 30)], [("de_rifleman", 30, 35), ("de_rifleman", 38, 35)], friends=False)
    assert "not alone (L229)" in refused(game3, Command("challenge", "a", figure="a1.1", target="b1.1"))


def test_a_vehicle_is_never_asked_to_surrender():
    """A vehicle has no morale of its own (interpretation vehicles): three riflemen beside a
    lone Panzer IV may not challenge it, whatever the die would say."""
    game = game_of([("us_rifleman", 30, 20), ("us_rifleman", 32, 20), ("us_rifleman", 28, 20)], [("panzer_iv", 30, 25)], friends=False)
    tank = fig(game, "b1.1")
    force(game, 1)
    assert "is a vehicle" in refused(game, Command("challenge", "a", figure="a1.1", target=tank.id))
    assert tank.alive


def test_a_man_counted_in_a_surrender_fires_no_anti_tank_shot_either():
    """L229 "cannot fire at other figures": the bazooka man counted against a lone German may
    not fire his bazooka at a Panzer IV that turn; the next turn he may."""
    game = game_of([("us_bazooka", 30, 20), ("us_rifleman", 32, 20)], [("de_rifleman", 30, 24), ("panzer_iv", 14, 30)], friends=False)
    baz, rif, lone, tank = fig(game, "a1.1"), fig(game, "a1.2"), fig(game, "b1.1"), fig(game, "b1.2")
    lone.facing, baz.facing = 270.0, 180.0
    force(game, 6)   # he fights on
    ok(game, Command("challenge", "a", figure=rif.id, target=lone.id))
    shot = Command("fire", "a", figure=baz.id, target=tank.id, choice="unaimed", options=(("weapon", "bazooka"),))
    assert "counted in a surrender this turn" in refused(game, shot)
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command(END_PHASE, "b"))
    assert game.check(shot) is None


def test_the_chance_to_fight_on():
    """Two enemies in sight, suppressed, a friend in sight: 2 + 1 - 1 = 2: 3-6 fights on, 4 in 6."""
    assert Fraction(sum(1 for r in range(1, 7) if r > 2), 6) == Fraction(2, 3)


def test_a_prisoner_escapes_on_a_6_when_its_guard_is_away_or_firing():
    game = game_of([("us_rifleman", 30, 30)], [("de_rifleman", 30, 31)])
    a, b = fig(game, "a1.1"), fig(game, "b1.1")
    force(game, 4, 3)
    ok(game, Command("fight", "a", figure=a.id, target=b.id))
    ok(game, Command("subdue", "a", figure=a.id, target=b.id, choice="capture"))
    a.markers[W135FigMark.FIRED] = game.rules.sideturn(game)   # the guard fires at the enemy (L244)
    force(game, 6)
    ok(game, Command(END_PHASE, "a"))
    assert b.alive and b.weapons == [] and W135FigAttr.PRISONER_OF not in b.attrs
