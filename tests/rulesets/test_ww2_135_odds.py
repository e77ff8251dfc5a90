"""My 1/35th Scale WWII Skirmish (issue 20, slice 4): the odds shown for a shot and an
acquisition are the odds played. One shot's chances worked by hand; then each scripted
situation's report is held against giving the command for real a thousand times (the
differential test of tests/rulesets/test_odds_differential.py, on small maps: the ruleset
has no shipped scenario yet)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.core.commands import END_PHASE, Command
from game.core.game import Game
from game.rulesets.ww2_135.status import W135FigMark
from tests.rulesets.helpers import ok
from tests.rulesets.odds_kit import disagreements, observe
from tests.rulesets.w135 import table_game as game_of


def first(game: Game, side: str, type_: str | None = None):
    return sorted((f for f in game.state.side_figures(side) if type_ is None or f.type == type_), key=lambda f: f.id)[0]


def wall(y: float) -> dict:
    return {"type": "wall", "line": [[0, y], [60, y]], "width": 0.5}


def test_a_shot_at_a_man_behind_a_wall_worked_by_hand():
    """Acquire: hard cover +1, a d6 over 1: 5/6. Hit: un-aimed 5, 20.6" range 3, hard cover
    3: 11+, 3/36. Save: 3 or under: over it killed 1/2, equal 1/6 shaken, under 2/6
    suppressed."""
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40.6)], terrain=[wall(40)])
    a, b = first(game, "a"), first(game, "b")
    rep = game.rules.odds(game, Command("fire", "a", figure=a.id, target=b.id, choice="unaimed"))
    assert rep.outcomes.exact
    hit = Fraction(5, 6) * Fraction(3, 36)
    expect = {"not acquired: no shot": Fraction(1, 6), "killed": hit / 2, "shaken": hit / 6, "suppressed": hit * 2 / 6,
              "no effect": Fraction(5, 6) * Fraction(33, 36)}
    for k, p in expect.items():
        assert rep.outcomes.p(k) == pytest.approx(float(p), abs=1e-12), k
    texts = [(ln.name, ln.value) for ln in rep.modifiers]
    assert ("acquire first", "d6 over 1") in texts and ("to hit", "2d6 11+ (double six always hits)") in texts
    assert ("save", "d6 3 or under") in texts


def _rifle_behind_wall() -> tuple[Game, Command]:
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40.6)], terrain=[wall(40), {"type": "fence", "line": [[0, 30], [60, 30]], "width": 0.25}])
    a, b = first(game, "a"), first(game, "b")
    return game, Command("fire", "a", figure=a.id, target=b.id, choice="unaimed")


def _smg_burst_far() -> tuple[Game, Command]:
    game = game_of([("us_nco", 30, 10)], [("de_rifleman", 30, 29.5)])
    a, b = first(game, "a"), first(game, "b")
    return game, Command("fire", "a", figure=a.id, target=b.id, choice="unaimed", options=(("burst", "yes"),))


def _mg_without_loader() -> tuple[Game, Command]:
    game = game_of([("de_mg42", 30, 20)], [("us_rifleman", 30, 34)])
    a, b = first(game, "a"), first(game, "b")
    b.markers[W135FigMark.MORALE] = 1
    return game, Command("fire", "a", figure=a.id, target=b.id, choice="unaimed", options=(("burst", "yes"),))


def _aimed_at_prone() -> tuple[Game, Command]:
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 32)])
    a, b = first(game, "a"), first(game, "b")
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command("prone", "b", figure=b.id))
    ok(game, Command(END_PHASE, "b"))
    return game, Command("fire", "a", figure=a.id, target=b.id, choice="aimed")


def _acquire() -> tuple[Game, Command]:
    game, cmd = _rifle_behind_wall()
    return game, Command("acquire", "a", figure=cmd.figure, target=cmd.target)


def _bazooka() -> tuple[Game, Command]:
    game = game_of([("us_bazooka", 30, 20)], [("panzer_iv", 30, 36)])
    a, t = first(game, "a"), first(game, "b")
    t.facing = 0.0
    return game, Command("fire", "a", figure=a.id, target=t.id, choice="unaimed", options=(("weapon", "bazooka"),))


def _fight() -> tuple[Game, Command]:
    game = game_of([("us_rifleman", 30, 30), ("us_rifleman", 31, 31)], [("de_nco", 30, 31)])
    a, b = first(game, "a"), first(game, "b")
    return game, Command("fight", "a", figure=a.id, target=b.id)


def _challenge() -> tuple[Game, Command]:
    game = game_of([("us_rifleman", 30, 30), ("us_rifleman", 33, 30)], [("de_rifleman", 30, 35)])
    for f in game.state.side_figures("b"):
        if f.unit == "b9":
            f.x, f.y = 58 * 25.4, 2 * 25.4   # far off: the challenged is alone
    return game, Command("challenge", "a", figure="a1.1", target="b1.1")


def _rally() -> tuple[Game, Command]:
    game = game_of([("us_rifleman", 30, 30)], [("de_rifleman", 30, 45)])
    a = first(game, "a")
    a.markers[W135FigMark.MORALE] = 2
    return game, Command("rally", "a", figure=a.id)


def _grenade() -> tuple[Game, Command]:
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 24), ("de_rifleman", 31.5, 24.5)])
    a = first(game, "a")
    return game, Command("throw", "a", figure=a.id, point=(30 * 25.4, 24 * 25.4))


def _mortar() -> tuple[Game, Command]:
    game = game_of([("us_mortar", 30, 5)], [("de_rifleman", 30, 30), ("de_rifleman", 31.5, 30.5)])
    crew = first(game, "a")
    return game, Command("plot", "a", figure=crew.id, target=crew.id, point=(30 * 25.4, 30 * 25.4))


SITUATIONS = {"mortar over open sights": _mortar, "bazooka at a tank's side": _bazooka, "fight two against one": _fight, "surrender": _challenge,
              "rally a shaken man": _rally, "a grenade at 4 inches": _grenade,"rifle behind a wall": _rifle_behind_wall, "SMG burst at 19.5 inches": _smg_burst_far,
              "MG 42 without a loader": _mg_without_loader, "aimed at a prone man": _aimed_at_prone, "acquisition": _acquire}


@pytest.mark.parametrize("name", list(SITUATIONS))
def test_the_odds_shown_are_the_odds_played(name):
    game, cmd = SITUATIONS[name]()
    rep = game.rules.odds(game, cmd)
    assert rep.resolution is not None and rep.resolution.cmd == cmd
    assert len(rep.outcomes.probs) >= 2, rep.outcomes.probs
    bad = disagreements(rep, observe(game, rep, 5000))
    assert not bad, "\n".join(bad)


def test_the_odds_command_names_a_figure_or_a_unit(capsys):
    import main

    assert main.main(["odds", "--map", "ww2-135-house-to-house", "--shooter", "us1.4", "--target", "de1", "--option", "burst=yes"]) == 0
    out = capsys.readouterr().out
    assert "BAR gunner fires at Grenadier" in out and "to hit" in out and "not acquired: no shot" in out
