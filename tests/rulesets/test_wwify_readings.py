"""WWIFY AR:SE: the readings of the text that change play (issue 17), each with its
passage and odds worked out by hand."""

from __future__ import annotations

from fractions import Fraction

from game.core.commands import Command
from game.core.state import Cloud
from game.geometry.units import to_mm

from .helpers import force, ok, unit
from .wwify_kit import binom, fresh, play, wmap


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


TRENCH = [{"type": "trench", "line": [[0, 30], [48, 30]], "width": 2}]


def test_a_flyer_over_a_trench_gets_no_trench_reroll():
    """"If 50% or greater of the target is in a trench, reroll the hit dice" and flyers are
    above the battlefield (reading flyer-sight). Reading: a flyer is never in a trench. An
    LMG 10" away rolls 5 dice at a griffin whose centre is over a trench: each six is a
    kill result straight onto the flyer table (5-6 destroyed), so
    P(destroyed) = 1 - (1 - 1/6 * 1/3)^5 = 1 - (17/18)^5, not 1 - (35/36)^5."""
    game = fresh(wmap([unit("s", [("good_lmg", 24, 40)])], [unit("w", [("evil_flyer", 24, 30)], kind="flyer")], terrain=TRENCH))
    assert game.rules.moving.in_trench(game, game.state.figures["w.1"].pos)
    assert not game.rules.fighting.fire_plan(game, "s", "w").trench
    rep = game.rules.odds(game, Command("fire", "a", unit="s", target="w"))
    assert rep.outcomes.fractions["destroyed"] == 1 - Fraction(17, 18) ** 5
    force(game, 6, 1, 1, 1, 1, 5)  # one six; the flyer table at once: 5 destroys it
    ok(game, Command("fire", "a", unit="s", target="w"))
    assert not game.state.figures["w.1"].alive
    assert not any(e.roll is not None and "re-roll" in e.roll.reason for e in game.log.events)


def test_a_vehicle_over_a_trench_gets_no_trench_reroll_but_infantry_does():
    """A vehicle is not "in" a trench it stands over: a grenade's six (3 dice at 3") goes
    straight to the vehicle table (4-6 destroyed). Riflemen in the same trench still
    re-roll the six and die only on 4-6."""
    a = [unit("s", [("good_bomber", 24, 33)])]
    b = [unit("v", [("evil_vehicle", 24, 30)], kind="vehicle"), unit("r", [("evil_rifleman", 30, 30)])]
    game = fresh(wmap(a, b, terrain=TRENCH))
    assert not game.rules.fighting.fire_plan(game, "s", "v").trench
    assert game.rules.fighting.fire_plan(game, "s", "r").trench
    force(game, 6, 1, 1, 4)  # one six; the vehicle table: 4 destroys it
    ok(game, Command("fire", "a", unit="s", target="v"))
    assert not game.state.figures["v.1"].alive


def test_flyers_under_he_and_gas_are_not_tested_nor_harmed():
    """"All figures in 1 foot square test . roll 1d6 if roll 5,6 = Kill" (HE), "All
    figures not wearing Gas Mask in 1 foot square test" (gas), but "The following weapons
    can damage a Flyer: Rifle, SMG, LMG, HMG, Sniper" (L291-295), where the vehicles' list
    names "Artillery Barrage (HE & Gas)". Reading (artillery-he, gas): a flyer over the
    square is not tested, as gun models are not: the barrage on its square takes nothing
    out of action, rolls no die for it, and a flyer in the gas cloud is not tested either."""
    b = [unit("w", [("evil_flyer", 6, 6)], kind="flyer")]
    game = fresh(wmap([unit("x", [("good_rifleman", 40, 40)])], b, terrain=[{"type": "trench", "line": [[0, 6], [24, 6]], "width": 2}]))
    rep = game.rules.odds(game, Command("barrage", "a", choice="1/1"))
    assert rep.outcomes.fractions == {0: Fraction(1)}
    assert not game.rules.fighting.testable(game.state.figures["w.1"])
    for shell in (1, 6):  # 1/1, HE; then 1/1, gas: the square and shell dice only
        before = len(game.log.events)
        play(game, "ARTILLERY", 1, 1, shell, then=("GOOD",))
        assert game.state.figures["w.1"].alive and not game.state.units["w"].markers.get("winged")
        assert not any(e.roll is not None and "w.1" in e.roll.figures for e in game.log.events[before:])
        assert any("no barrage can damage a flyer" in e.text for e in game.log.events[before:])
    assert game.rules.moving.in_cloud(game, game.state.figures["w.1"].pos, "gas")
    assert game.rules.orders.gas_after_move(game, [game.state.figures["w.1"]]) == []


def test_the_smoke_save_replaces_the_trench_reroll():
    """"anyone in the smoke hit gets a saving throw, and avoids damage on a 2,3,4,5,6
    whether or not they are in a trench". Reading: the smoke save is the whole save of a
    figure in smoke; it does not stack with the trench re-roll. One orc in a trench and in
    smoke, an LMG 10" away (5 dice): each six falls on it and it dies on a 1 of the smoke
    save; a figure that saved is not picked again, so
    P(dead) = (1 - (5/6)^5) * 1/6, not (1 - (11/12)^5) * 1/6 (the 1 in 72 per die of stacking)."""
    game = fresh(wmap([unit("s", [("good_lmg", 22, 40)])], [unit("t", [("evil_rifleman", 20, 30)])], terrain=TRENCH),
                 options={"morale": False})
    smoke_over(game, 20, 30)
    plan = game.rules.fighting.fire_plan(game, "s", "t")
    assert plan.trench and plan.trench_per_hit
    rep = game.rules.odds(game, Command("fire", "a", unit="s", target="t"))
    dead = (1 - Fraction(5, 6) ** 5) / 6
    assert rep.outcomes.fractions == {1: dead, 0: 1 - dead}
    force(game, 6, 1, 1, 1, 1, 1)  # one six, no trench re-roll; the smoke save: 1, killed
    ok(game, Command("fire", "a", unit="s", target="t"))
    assert not game.state.figures["t.1"].alive
    assert not any(e.roll is not None and "re-roll" in e.roll.reason for e in game.log.events)


def test_in_a_trench_with_smoke_over_part_of_the_squad_each_six_saves_where_it_falls():
    """The same text, for a squad in a trench with one figure in smoke: "If 50% or greater
    of the target is in a trench, reroll the hit dice" still holds for the figure outside
    the smoke. Two sixes: the owner puts the first on the smoked orc (its smoke save, 4:
    saved), the second falls on the other, which re-rolls it for the trench (3: saved)."""
    b = [unit("t", [("evil_rifleman", 20, 30), ("evil_rifleman", 22, 30)])]
    game = fresh(wmap([unit("s", [("good_lmg", 22, 40)])], b, terrain=TRENCH), options={"morale": False})
    smoke_over(game, 20, 30)
    force(game, 6, 6, 1, 1, 1, 4, 3)
    ok(game, Command("fire", "a", unit="s", target="t"))
    ok(game, Command("pick_casualty", "b", target="t.1"))
    assert game.state.figures["t.1"].alive and game.state.figures["t.2"].alive
    reroll = [e.roll for e in game.log.events if e.roll is not None and "re-roll" in e.roll.reason]
    assert len(reroll) == 1 and reroll[0].figures == ["t.2"] and reroll[0].faces == [3]


def chain_combat_game():
    """A line of bases, each touching the next: our s.1, their t.1, our u.1, their v.1.
    Only t.1 touches the acting squad s."""
    a = [unit("s", [("good_rifleman", 20, 30)]), unit("u", [("good_rifleman", 22, 30)])]
    b = [unit("t", [("evil_rifleman", 21, 30)]), unit("v", [("evil_rifleman", 23, 30)])]
    return fresh(wmap(a, b), options={"morale": False})


def test_close_combat_is_one_combat_of_every_figure_in_base_contact():
    """"All figures in base to base contact count as involved in a single combat. Roll 1
    dice for each combatant. If more than one attacker pick only the highest score ...
    If multiple combatants involved only one killed in a single round of combat."
    Reading: the combat of s's Combat action is every figure joined to s by base contacts
    between enemies: s.1 and u.1 against t.1 and v.1. Each side's best of 2d6 wins:
    P(win) = P(lose) = sum over k of (2k-1)/36 * (k-1)^2/36 = 505/1296, a draw
    sum of ((2k-1)/36)^2 = 286/1296. Scripted: ours 1 and 5, theirs 4 and 2: 5 beats 4 (s.1
    alone would have lost 1 to 4); one figure of theirs falls, v.1 as its owner picks,
    though it does not touch s."""
    game = chain_combat_game()
    plan = game.rules.fighting.combat_plan(game, "s")
    assert [f.id for f in plan.attackers] == ["s.1", "u.1"] and [f.id for f in plan.defenders] == ["t.1", "v.1"]
    rep = game.rules.odds(game, Command("combat", "a", unit="s"))
    assert rep.outcomes.fractions == {"attacker wins": Fraction(505, 1296), "draw": Fraction(286, 1296), "defender wins": Fraction(505, 1296)}
    force(game, 1, 5, 4, 2)
    ok(game, Command("combat", "a", unit="s"))
    ok(game, Command("pick_casualty", "b", target="v.1"))
    ok(game, Command("capture", "a", target="v.1", choice="kill"))
    f = game.state.figures
    assert not f["v.1"].alive and f["t.1"].alive and f["s.1"].alive and f["u.1"].alive
    assert not game.state.units["u"].markers.get("acts")  # u fought without spending an action
