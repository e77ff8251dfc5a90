"""WWIFY AR:SE: the readings of the text that change play (issue 17), each with its
passage and odds worked out by hand."""

from __future__ import annotations

from fractions import Fraction

from game.core.commands import Command
from game.core.state import Cloud
from game.geometry.units import to_mm

from .helpers import force, ok, unit
from .test_wwify import binom, fresh, wmap


def smoke_over(game, x_in: float, y_in: float, r_in: float = 0.6) -> None:
    """A smoke cloud (as a smoke barrage leaves) around one point."""
    game.state.clouds["smoke:t"] = Cloud("smoke:t", "smoke", to_mm(x_in, "in"), to_mm(y_in, "in"), to_mm(r_in, "in"))
    game.rules.sync_table(game)


def smoky_squad_game():
    """An LMG 10" from a squad of three; only the first figure stands in smoke."""
    b = [unit("t", [("evil_rifleman", 20, 30), ("evil_rifleman", 22, 30), ("evil_rifleman", 24, 30)])]
    game = fresh(wmap([unit("s", [("good_lmg", 22, 40)])], b), options={"morale": False})
    smoke_over(game, 20, 30)
    return game


def test_one_figure_in_smoke_does_not_shield_its_squad():
    """"Units may fire INTO the smoke . anyone in the smoke hit gets a saving throw, and
    avoids damage on a 2,3,4,5,6". Reading: each kill falls on a figure; one in smoke
    saves on 2+, and a figure that saved is not picked again for that fire. Three kills:
    the owner puts the first on the smoked figure (it saves on a 4), the other two fall
    on the two in the open."""
    game = smoky_squad_game()
    force(game, 6, 6, 6, 1, 1, 4)  # LMG 5 dice at 10": three kills; the smoke save: 4
    ok(game, Command("fire", "a", unit="s", target="t"))
    while (d := game.rules.decision(game)) is not None:  # the owner picks the smoked figure first
        smoked = next((o for o in d["options"] if "smoke" in o["label"]), d["options"][0])
        ok(game, Command.from_dict(smoked["command"]))
    assert game.state.figures["t.1"].alive
    assert not game.state.figures["t.2"].alive and not game.state.figures["t.3"].alive


def test_odds_of_fire_into_partial_smoke_by_hand():
    """The same squad: K kills ~ Binomial(5, 1/6). The first kill falls on the smoked
    figure (killed only on a 1: 1/6), the rest on the two in the open, at most two."""
    game = smoky_squad_game()
    rep = game.rules.odds(game, Command("fire", "a", unit="s", target="t"))
    assert rep.outcomes.exact
    expected: dict[int, Fraction] = {}
    for k, pk in binom(5, Fraction(1, 6)).items():
        if k == 0:
            expected[0] = expected.get(0, Fraction(0)) + pk
            continue
        rest = min(k - 1, 2)
        for dies, q in ((1, Fraction(1, 6)), (0, Fraction(5, 6))):
            expected[rest + dies] = expected.get(rest + dies, Fraction(0)) + pk * q
    assert rep.outcomes.fractions == expected


def test_fix_vehicle_rolls_one_die_per_action_not_per_engineer():
    """"Fix Vehicle: Each action spend trying to repair immobilised vehicle roll 1d6 . 5,6
    Fix". Reading: the squad's Fix action rolls one d6 however many engineers are within
    1" (the text lets engineers combine work on bridges, not on repairs). Two engineers at
    hand, the die shows 4: not fixed (one die per engineer would have rolled a 6 too);
    the second action's die shows 5: fixed."""
    a = [unit("e", [("good_engineer", 20, 38.5), ("good_engineer", 22, 39)]), unit("v", [("good_vehicle", 20, 40.5)], kind="vehicle")]
    game = fresh(wmap(a, [unit("x", [("evil_rifleman", 4, 4)])]))
    v = game.state.units["v"]
    v.markers["immobilised"] = True
    force(game, 4, 6)
    ok(game, Command("fix", "a", unit="e", target="v"))
    rolls = [e.roll for e in game.log.events if e.roll is not None and "work on" in e.roll.reason]
    assert [r.faces for r in rolls] == [[4]] and "2 engineer(s) at hand" in rolls[0].reason
    assert game.rules.immobile(game, v)
    force(game, 5)
    ok(game, Command("fix", "a", unit="e", target="v"))
    assert not game.rules.immobile(game, v)
