"""WWIFY AR:SE: the firing table, the vehicle, flyer and large-creature tables and close combat, with hand-computed odds (exact Fractions) and forced dice."""

from fractions import Fraction

import pytest

from game.core.commands import Command, Refusal
from game.core.state import CAPTURED, DEAD, DESTROYED

from .helpers import force, ok, refused, unit
from .wwify_kit import (
    BAND_DISTANCES,
    TABLE,
    P,
    binom,
    capped,
    choose,
    decision,
    fire_game,
    fresh,
    wmap,
)

# ---- the firing table --------------------------------------------------------------------------

@pytest.mark.parametrize("weapon", sorted(TABLE))
@pytest.mark.parametrize("band,d", BAND_DISTANCES)
def test_firing_table_dice_and_kills(weapon, band, d):
    game, side = fire_game(weapon, d)
    expected = TABLE[weapon][band]
    cmd = Command("fire", side, unit="s", target="t")
    if weapon == "grenade" and expected is None:
        expected = 1  # the bomber throws grenades up to 8" and shoots his rifle beyond
    if expected is None:
        with pytest.raises(Refusal, match="no weapon that reaches"):
            game.rules.fighting.fire_plan(game, "s", "t")
        return
    plan = game.rules.fighting.fire_plan(game, "s", "t")
    assert plan.dice == expected and plan.band == band
    rep = game.rules.odds(game, cmd)
    assert rep.outcomes.exact
    assert rep.outcomes.fractions == {k: v for k, v in binom(expected, Fraction(1, 6)).items() if v}


def test_beyond_32_inches_is_out_of_range():
    game, _ = fire_game("rifle", 32.2)
    assert "beyond 32" in refused(game, Command("fire", "a", unit="s", target="t"))


def test_squad_range_is_furthest_firer_to_its_nearest_enemy():
    # an LMG 2" from the target and a rifleman about 20" away (base edge to base edge):
    # the squad fires at 20" (16.1-32"), so the LMG rolls 3 dice, not 5, and the rifle 1
    a = [unit("s", [("good_lmg", 24, 27), ("good_rifleman", 26.5, 28.5), ("good_rifleman", 29, 30), ("good_rifleman", 30, 44)])]
    b = [unit("t", [("evil_rifleman", 24, 24)])]
    game = fresh(wmap(a, b, settings=None))
    plan = game.rules.fighting.fire_plan(game, "s", "t")
    radii = game.state.figures["s.4"].radius + game.state.figures["t.1"].radius
    assert abs(plan.range - (game.rules.dist(P(30, 44), P(24, 24)) - radii)) < 1e-6
    assert plan.band == 3 and dict(plan.pools) == {"lmg": 3, "rifle": 3}


TRENCH = [{"type": "trench", "line": [[0, 30], [48, 30]], "width": 2}]


@pytest.mark.parametrize("in_trench,p", [(2, Fraction(1, 12)), (1, Fraction(1, 6)), (4, Fraction(1, 12))])
def test_trench_reroll_when_half_or_more_in_a_trench(in_trench, p):
    targets = [("evil_rifleman", 20 + 1.5 * i, 30 if i < in_trench else 26.5) for i in range(4)]
    game = fresh(wmap([unit("s", [("good_lmg", 20, 40)])], [unit("t", targets)], terrain=TRENCH))
    rep = game.rules.odds(game, Command("fire", "a", unit="s", target="t"))
    assert rep.outcomes.fractions == capped(binom(5, p), 4)  # LMG 5 dice at 10"; 4 figures to lose


def test_trench_reroll_scripted_and_owner_picks_the_casualty():
    targets = [("evil_officer", 20, 30), ("evil_rifleman", 21.5, 30), ("evil_lmg", 23, 30)]
    game = fresh(wmap([unit("s", [("good_lmg", 20, 40)])], [unit("t", targets)], terrain=TRENCH))
    force(game, 6, 6, 1, 2, 3, 4, 3)  # two sixes; re-rolled 4 (kills) and 3 (saved)
    ok(game, Command("fire", "a", unit="s", target="t"))
    d = decision(game)
    assert d["side"] == "b"  # the owner picks
    labels = [o["label"] for o in d["options"]]
    assert labels[0].startswith("Orc rifleman") and labels[-1].startswith("Horde officer")  # least valuable first
    assert game.legal_commands("a") == [] and game.acting_side == "b"
    choose(game, target="t.3")
    assert game.state.figures["t.3"].life == DEAD
    assert len(game.state.unit_figures("t")) == 2 and decision(game) is None


def test_a_sniper_picks_its_victim():
    b = [unit("t", [("evil_rifleman", 20, 20), ("evil_officer", 21.5, 20), ("evil_lmg", 23, 20)])]
    game = fresh(wmap([unit("s", [("good_sniper", 20, 40)], kind="sniper")], b))
    force(game, 6, 1, 1)
    ok(game, Command("fire", "a", unit="s", target="t"))
    d = decision(game)
    assert d["side"] == "a" and d["options"][0]["label"].startswith("Horde officer")  # the firer; most valuable first
    choose(game, target="t.2")
    assert game.state.figures["t.2"].life == DEAD


def test_kills_beyond_the_figures_left_are_lost_and_all_fall_without_asking():
    game = fresh(wmap([unit("s", [("good_lmg", 20, 40)])], [unit("t", [("evil_rifleman", 20, 30), ("evil_rifleman", 21.5, 30)])]))
    force(game, 6, 6, 6, 1, 1)
    res = ok(game, Command("fire", "a", unit="s", target="t"))
    assert decision(game) is None and not game.state.unit_alive("t")
    assert any("lost" in e.text for e in game.log.events[res.first_event:])


# ---- vehicles, flyers, large creatures -----------------------------------------------------------
def test_vehicle_table_odds_and_only_the_listed_weapons_hurt_vehicles():
    a = [unit("s", [("good_bomber", 20, 30)]), unit("r", [("good_rifleman", 30, 30)])]
    game = fresh(wmap(a, [unit("v", [("evil_vehicle", 20, 26)], kind="vehicle")]))
    rep = game.rules.odds(game, Command("fire", "a", unit="s", target="v"))  # grenade: 3 dice at 4"
    q = Fraction(11, 12)  # a die leaves the vehicle unhurt or merely immobilised
    assert rep.outcomes.fractions == {"no effect": Fraction(5, 6) ** 3, "immobilised": q**3 - Fraction(5, 6) ** 3, "destroyed": 1 - q**3}
    assert "cannot hurt" in refused(game, Command("fire", "a", unit="r", target="v"))


def test_vehicle_table_scripted():
    a = [unit("s", [("good_bomber", 20, 30)])]
    game = fresh(wmap(a, [unit("v", [("evil_vehicle", 20, 26)], kind="vehicle")]))
    force(game, 6, 1, 1, 2)  # one kill, table 2: immobilised
    ok(game, Command("fire", "a", unit="s", target="v"))
    assert game.state.units["v"].markers["immobilised"] and "immobilised" in game.rules.unit_status(game, "v")
    force(game, 6, 6, 1, 3, 4)  # two kills: 3 (immobilised again), 4 destroyed
    ok(game, Command("fire", "a", unit="s", target="v"))
    assert game.state.figures["v.1"].life == DESTROYED


def test_flyer_table_odds_and_weapons():
    a = [unit("r", [("good_rifleman", 20, 30)]), unit("f", [("good_field_gun", 30, 44), ("good_crew", 32, 44)], kind="field_gun")]
    game = fresh(wmap(a, [unit("w", [("evil_flyer", 20, 20)], kind="flyer")]))
    rep = game.rules.odds(game, Command("fire", "a", unit="r", target="w"))
    assert rep.outcomes.fractions == {"no effect": Fraction(5, 6), "winged": Fraction(1, 9), "destroyed": Fraction(1, 18)}
    with pytest.raises(Refusal, match="cannot hurt"):
        game.rules.fighting.fire_plan(game, "f", "w")
    force(game, 6, 4)
    ok(game, Command("fire", "a", unit="r", target="w"))
    assert game.state.units["w"].markers["winged"] == 1 and game.state.figures["w.1"].alive
    force(game, 6, 5)
    ok(game, Command("fire", "a", unit="r", target="w"))
    assert game.state.figures["w.1"].life == DESTROYED


def test_large_creature_wounds_third_is_fatal_and_odds():
    a = [unit("s", [("good_lmg", 20, 30)])]
    game = fresh(wmap(a, [unit("c", [("evil_troll", 20, 20)], kind="large_creature")]))
    troll = game.state.figures["c.1"]
    troll.wounds = 1
    rep = game.rules.odds(game, Command("fire", "a", unit="s", target="c"))  # LMG 5 dice at 10": killed on 2+ kills
    p = binom(5, Fraction(1, 6))
    assert rep.outcomes.fractions == {"1 wounds": p[0], "2 wounds": p[1], "killed": 1 - p[0] - p[1]}
    force(game, 6, 1, 1, 1, 1)
    ok(game, Command("fire", "a", unit="s", target="c"))
    assert troll.wounds == 2 and troll.alive and "wounds 2" in game.rules.unit_status(game, "c")
    force(game, 6, 1, 1, 1, 1)
    ok(game, Command("fire", "a", unit="s", target="c"))
    assert troll.life == DEAD


# ---- close combat -------------------------------------------------------------------------------------
def cc_game(attackers, defenders, options=None):
    return fresh(wmap([unit("s", attackers)], [unit("t", defenders)]), options=options)


@pytest.mark.parametrize("att,dfn,expected", [
    ([("good_officer", 20, 30)], [("evil_rifleman", 21, 30)], (Fraction(21, 36), Fraction(5, 36), Fraction(10, 36))),
    ([("good_rifleman", 20, 30), ("good_rifleman", 22, 30)], [("evil_rifleman", 21, 30)], (Fraction(125, 216), Fraction(36, 216), Fraction(55, 216))),
    ([("good_engineer", 20, 30)], [("evil_troll", 22, 30)], (Fraction(10, 36), Fraction(5, 36), Fraction(21, 36))),
    ([("good_cavalry", 20, 30)], [("evil_cavalry", 21.5, 30)], (Fraction(15, 36), Fraction(6, 36), Fraction(15, 36))),
])
def test_close_combat_modifiers_by_hand(att, dfn, expected):
    kind_t = "large_creature" if dfn[0][0] == "evil_troll" else "squad"
    game = fresh(wmap([unit("s", att)], [unit("t", dfn, kind=kind_t)]))
    rep = game.rules.odds(game, Command("combat", "a", unit="s"))
    win, draw, lose = expected
    assert rep.outcomes.fractions == {k: v for k, v in {"attacker wins": win, "draw": draw, "defender wins": lose}.items() if v}


def test_large_creature_wound_costs_one_in_combat():
    game = fresh(wmap([unit("s", [("good_cavalry", 20, 30)])], [unit("c", [("evil_troll", 22.25, 30)], kind="large_creature")]))
    game.state.figures["c.1"].wounds = 1  # troll +2 -1 = +1, like the mounted +1
    rep = game.rules.odds(game, Command("combat", "a", unit="s"))
    assert rep.outcomes.fractions == {"attacker wins": Fraction(15, 36), "draw": Fraction(6, 36), "defender wins": Fraction(15, 36)}
    assert ("1 wound", -1) in game.rules.fighting.combat_mods(game.state.figures["c.1"])


def test_close_combat_winner_captures_and_a_draw_kills_nobody():
    game = cc_game([("good_officer", 20, 30)], [("evil_rifleman", 21, 30), ("evil_rifleman", 30, 30)])
    force(game, 3, 4)  # 3 + 1 officer against 4: a draw
    ok(game, Command("combat", "a", unit="s"))
    assert decision(game) is None and len(game.state.unit_figures("t")) == 2
    force(game, 4, 2)  # second action: the attacker wins 5 to 2
    ok(game, Command("combat", "a", unit="s"))
    d = decision(game)
    assert d["side"] == "a" and "kill or capture" in d["prompt"]
    choose(game, choice="capture")
    assert game.state.figures["t.1"].life == CAPTURED
    assert "used its 2 actions" in refused(game, Command("combat", "a", unit="s"))


def test_close_combat_loser_owner_picks_and_only_one_falls():
    game = cc_game([("good_rifleman", 20, 30)], [("evil_rifleman", 19.0, 30), ("evil_officer", 21, 30)])
    force(game, 6, 1, 2)  # attacker 6; defenders: rifleman 1 and officer 2+1: best 3
    ok(game, Command("combat", "a", unit="s"))
    assert decision(game)["side"] == "b"
    choose(game, target="t.1")
    choose(game, choice="kill")
    assert game.state.figures["t.1"].life == DEAD and game.state.figures["t.2"].alive


def test_combat_needs_base_contact():
    game = cc_game([("good_rifleman", 20, 30)], [("evil_rifleman", 21.2, 30)])
    assert "base contact" in refused(game, Command("combat", "a", unit="s"))


def test_charge_moves_into_contact():
    game = cc_game([("good_rifleman", 20, 30), ("good_rifleman", 21.5, 30)], [("evil_rifleman", 20, 26), ("evil_rifleman", 21.5, 26)])
    ok(game, Command("move_unit", "a", unit="s", choice="charge", target="t"))
    a, e = game.state.figures["s.1"], game.state.figures["t.1"]
    assert game.rules.fighting.contact(a, e)
    game.rules.fighting.combat_plan(game, "s")
