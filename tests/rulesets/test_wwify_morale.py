"""WWIFY AR:SE: morale and both rally rules, with hand-computed odds and forced dice."""

from fractions import Fraction

import pytest

from game.core.commands import Command
from game.core.state import DEAD, FLED

from .helpers import force, ok, unit
from .wwify_kit import IDENTITY, choose, decision, fresh, play, squad, wmap

# ---- morale and both rally rules ----------------------------------------------------------------------

@pytest.mark.parametrize("side,officer,expected", [
    ("a", True, {"holds": Fraction(15, 36), "rallies (heroic act)": Fraction(21, 36) * Fraction(15, 36),
                 "panics, officer killed": Fraction(21, 36) ** 2}),
    ("b", True, {"holds": Fraction(15, 36), "rallies, officer shoots 1": Fraction(6, 36), "panics": Fraction(15, 36)}),
    ("a", False, {"holds": Fraction(6, 36), "panics (no officer to rally)": Fraction(30, 36)}),
])
def test_morale_and_rally_odds_by_hand(side, officer, expected):
    # 4 figures left: with an officer the 2d6 - 2 must not exceed 4 (2d6 <= 6: 15/36);
    # Good re-rolls once; Evil's officer shoots one per pip failed (at most the 3 soldiers).
    # The odds answer the rally as the computer does (interpretation solo-rally): Evil's
    # officer rallies keeping twice the men he shoots, so failed by 1 (2d6 = 7: 6/36) he
    # shoots 1 and keeps 3; failed by 2 or more (2d6 >= 8: 15/36) the squad runs
    prefix = "good" if side == "a" else "evil"
    mine = [unit("m", squad(prefix, 4, officer, y=30 if side == "a" else 10))]
    other = [unit("o", [("evil_rifleman" if side == "a" else "good_rifleman", 40, 10 if side == "a" else 40)])]
    a, b = (mine, other) if side == "a" else (other, mine)
    game = fresh(wmap(a, b))
    rep = game.rules.odds(game, Command("morale", side, unit="m"))
    assert rep.outcomes.fractions == expected


def flame_game(n=5, officer=True):
    a = [unit("m", squad("good", n, officer, y=30))]
    b = [unit("f", [("evil_flamer", 20, 27)])]
    game = fresh(wmap(a, b))
    play(game, "EVIL")
    return game


def test_flamethrower_kill_triggers_a_test_that_holds():
    game = flame_game()
    force(game, 6, 1, 1, 1, 1, 3, 4)  # one flame kill (owner picks), then 2d6 = 7 - 2 = 5 <= 4 left? no: 5 > 4
    ok(game, Command("fire", "b", unit="f", target="m"))
    choose(game, target="m.5")
    d = decision(game)  # the morale test failed by 1: the Good player may attempt the heroic rally
    assert d["side"] == "a" and "rally" in d["prompt"]
    force(game, 1, 2)  # re-roll 3 - 2 = 1: rallied
    choose(game, choice="rally")
    u = game.state.units["m"]
    assert not u.markers.get("panicked")
    # a second flamethrower kill in the same turn is a trigger of its own: it tests again
    # (the text sets no limit; 2d6 2 - 2 = 0 holds with 3 left)
    force(game, 6, 1, 1, 1, 1, 1, 1)
    ok(game, Command("fire", "b", unit="f", target="m"))
    choose(game, target="m.4")
    assert decision(game) is None and not u.markers.get("panicked")
    tests = [e.roll for e in game.log.events if e.roll is not None and "morale test (squadmates burned" in e.roll.reason]
    assert len(tests) == 2


def test_a_flame_kill_saved_in_smoke_is_no_flamethrower_trigger():
    """"Squadmates killed by Flamethrower this turn" (L256): a flamethrower and a rifle fire
    together into a squad half in smoke (reading morale-when: the flame's kill is taken
    first). The flame's kill falls on the officer in the smoke, who saves on a 2; the rifle's
    kills a rifleman outside it. Nobody was burned and 1 of 5 is not over half: no test."""
    a = [unit("m", squad("good", 5, True, x=8, y=6))]  # the smoke square covers x < 12: m.1-m.3
    b = [unit("f", [("evil_flamer", 13, 8), ("evil_rifleman", 14.5, 8)])]
    game = fresh(wmap(a, b))
    play(game, "ARTILLERY", 1, 1, 4, then=("EVIL",))  # smoke on square 1/1, then the Evil card
    st = game.state
    assert game.rules.moving.in_cloud(game, st.figures["m.1"].pos, "smoke")
    assert not game.rules.moving.in_cloud(game, st.figures["m.4"].pos, "smoke")
    force(game, 6, 6, 1, 1, 1, 1, 2, 6, 6)  # the rifle's 6, the flamethrower's 6 and four 1s; the smoke save: 2 (6 6: a test would fail)
    ok(game, Command("fire", "b", unit="f", target="m"))
    assert "the flamethrower's" in decision(game)["prompt"]
    choose(game, target="m.1")
    assert "flamethrower" not in decision(game)["prompt"]
    choose(game, target="m.4")
    assert st.figures["m.1"].alive and not st.figures["m.4"].alive
    assert not [e for e in game.log.events if e.roll is not None and "morale test" in e.roll.reason]


def test_good_rally_fails_officer_killed_and_squad_panics():
    game = flame_game()
    force(game, 6, 1, 1, 1, 1, 6, 6)
    ok(game, Command("fire", "b", unit="f", target="m"))
    choose(game, target="m.5")
    force(game, 5, 4)  # 9 - 2 = 7 > 4: the officer is killed, the squad runs
    choose(game, choice="rally")
    assert game.state.figures["m.1"].life == DEAD
    assert game.state.units["m"].markers["panicked"]


def test_evil_rally_officer_shoots_one_per_pip():
    a = [unit("f", [("good_lmg", 20, 33)])]
    b = [unit("m", squad("evil", 6, True, y=30))]
    game = fresh(wmap(a, b))
    game.state.figures["m.6"].life = DEAD  # already lost 1 of 6
    game.state.figures["m.5"].life = DEAD  # and a second
    force(game, 6, 1, 1, 1, 1)  # LMG: one kill -> 3 of 6 dead: not more than half yet
    ok(game, Command("fire", "a", unit="f", target="m"))
    choose(game, target="m.4")
    assert decision(game) is None  # no trigger: exactly half is not more than half
    force(game, 6, 1, 1, 1, 1, 6, 5)  # another kill: 4 of 6 dead; 2d6 11 - 2 = 9 > 2 left: failed by 7
    ok(game, Command("fire", "a", unit="f", target="m"))
    assert decision(game)["side"] == "b"
    choose(game, target="m.3")
    d = decision(game)
    assert "more than half" not in d["prompt"] and "rally" in d["prompt"]
    assert any("shoots 7" in o["label"] for o in d["options"])
    choose(game, choice="rally")  # he shoots the only soldier left (7 pips, 1 soldier)
    assert game.state.figures["m.2"].life == DEAD and game.state.figures["m.1"].alive
    assert not game.state.units["m"].markers.get("panicked")


def test_letting_them_run_then_running_off_the_table():
    a = [unit("f", [("good_lmg", 20, 12)])]
    b = [unit("m", squad("evil", 3, True, y=4))]
    game = fresh(wmap(a, b))
    game.state.figures["m.3"].life = DEAD
    force(game, 6, 1, 1, 1, 1, 6, 6)
    ok(game, Command("fire", "a", unit="f", target="m"))
    choose(game, target="m.2")
    choose(game, choice="run")
    u = game.state.units["m"]
    assert u.markers["panicked"] and "panicked" in game.rules.unit_status(game, "m")
    play(game, "EVIL", *IDENTITY)  # its card: it runs 12" for the north edge, 4" away, and leaves
    assert game.state.figures["m.1"].life == FLED
    assert not game.state.unit_alive("m")


def test_artillery_he_triggers_morale_and_half_strength_triggers():
    a = [unit("m", squad("good", 4, True, x=2, y=2))]
    b = [unit("o", [("evil_rifleman", 40, 40)])]
    game = fresh(wmap(a, b))
    # d4 square 1, d4 quarter 1, shell 1 (HE); four HE dice (no kills); 2d6 = 2: holds
    play(game, "ARTILLERY", 1, 1, 1, 1, 1, 1, 1, 1, 1, *IDENTITY)
    assert any("morale test (under HE or gas)" in e.line for e in game.log.events)
