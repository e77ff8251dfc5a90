"""WWIFY AR:SE: deviations from the text found in review and fixed, each against its
passage of ../shared/rules/wwify-arse.txt (or the solo rules' ww2-skirmish-solo.txt) and
the reading of rulesets/wwify.yaml that now records it."""

from __future__ import annotations

import copy
from fractions import Fraction
from pathlib import Path

import pytest

from game.catalog import load_ruleset, load_ruleset_doc
from game.core.commands import Command
from game.core.state import FLED
from game.data.errors import DataError
from game.data.yamlio import load_yaml

from .helpers import force, ok, unit
from .wwify_kit import IN, P, binom, capped, decision, fresh, wmap

ROOT = Path(__file__).resolve().parents[2]
LONE_OR_GUN = ("vehicle", "flyer", "large_creature", "hmg", "mortar", "field_gun", "sniper")  # unit kinds named by a category


def reading(rid: str) -> str:
    return next(i.reading for i in load_ruleset("wwify").data.interpretations if i.id == rid)


def factors(game, uid):
    with game.reading():
        return {fid: v for fid, v, _ in game.rules.risk_factors(game, game.state.units[uid])}


def rolled_for(game, fid, since=0):
    return [e.roll for e in game.log.events[since:] if e.roll is not None and fid in e.roll.figures]


# ---- 2. the solo counters and flyers, vehicles ---------------------------------------------------------------------
def test_mine_and_artillery_counters_leave_a_flyer_alone():
    """Flyers are damaged only by "Rifle, SMG, LMG, HMG, Sniper" (L291-295), and a flyer is
    above the battlefield (reading flyer-sight). Reading solo-counters: mines (the solo
    text's "medium range MG Aimed shot per member") cannot reach it, and a random
    artillery round aimed at it is a barrage, which cannot damage a flyer: neither rolls
    a die for it (the forced dice would run out if one did)."""
    b = [unit("w", [("evil_flyer", 20, 20)], kind="flyer")]
    for kind in ("mine", "artillery"):
        game = fresh(wmap([unit("x", [("good_rifleman", 40, 40)])], b))
        before = len(game.log.events)
        src = force(game)
        game.rules.solo_counter_attack(game, kind, "w", at=P(20, 26))
        game.rules.run_queue(game)
        assert src.used == 0 and game.state.figures["w.1"].alive and not game.state.units["w"].markers.get("winged")
        assert not rolled_for(game, "w.1", before)


def test_mines_cannot_damage_a_vehicle_but_wound_a_large_creature():
    """The solo text's mines attack "as a medium range MG Aimed shot per member"; in WWIFY
    "The following weapons can damage a vehicle: Grenade, Flamethrower, Mortar, Field Gun
    (on table), Artillery Barrage (HE & Gas)" (L279-282), no MG. Reading solo-counters: a
    vehicle is proof against mines (as in WW2 Skirmish); a large creature, which any
    weapon may hurt, takes a wound for the six."""
    game = fresh(wmap([unit("x", [("good_rifleman", 40, 40)])], [unit("v", [("evil_vehicle", 20, 20)], kind="vehicle")]))
    src = force(game)
    game.rules.solo_counter_attack(game, "mine", "v", at=P(20, 26))
    game.rules.run_queue(game)
    assert src.used == 0 and game.state.figures["v.1"].alive and not game.state.units["v"].markers.get("immobilised")
    assert any("cannot damage a vehicle" in e.text for e in game.log.events)
    game = fresh(wmap([unit("x", [("good_rifleman", 40, 40)])], [unit("c", [("evil_troll", 20, 20)], kind="large_creature")]))
    force(game, 6)
    game.rules.solo_counter_attack(game, "mine", "c", at=P(20, 26))
    game.rules.run_queue(game)
    assert game.state.figures["c.1"].wounds == 1


# ---- 3. the squad's range ------------------------------------------------------------------------------------------
def two_front_game():
    """An LMG and a rifleman 18" apart, each about 3" from one of two orcs: t.1 is the
    nearest enemy (3" from the LMG) and the rifleman is 17.44" from it."""
    a = [unit("s", [("good_lmg", 10, 30), ("good_rifleman", 28, 30)])]
    b = [unit("t", [("evil_rifleman", 10, 26), ("evil_rifleman", 28, 25.5)])]
    return fresh(wmap(a, b), options={"morale": False})


def test_squad_range_runs_from_the_nearest_enemy_to_the_firer_furthest_from_it():
    """"The range for the squad is measured between the nearest enemy, and the firer that
    is furthest away" (L195). The nearest enemy is t.1; the firer furthest from it, the
    rifleman, is 17.44" away: the squad fires at 16.1-32", the LMG with 3 dice and the
    rifle 1 (not 5 and 1 at the 3.5" from each firer to its own nearest target). The odds
    shown measure it the same way: 4 dice at two orcs."""
    game = two_front_game()
    plan = game.rules.fighting.fire_plan(game, "s", "t")
    assert plan.band == 3 and dict(plan.pools) == {"lmg": 3, "rifle": 1}
    assert plan.nearest is not None and plan.nearest.id == "t.1"
    assert plan.range == pytest.approx(game.rules.apart(game.state.figures["s.2"], game.state.figures["t.1"]))
    assert plan.range / IN == pytest.approx(17.44, abs=0.01)
    rep = game.rules.odds(game, Command("fire", "a", unit="s", target="t"))
    assert rep.outcomes.fractions == capped(binom(4, Fraction(1, 6)), 2)
    assert any("the firer furthest from the nearest enemy" in line.value for line in rep.modifiers)
    force(game, 6, 1, 1, 1)  # the LMG's 3 dice and the rifle's 1 (one kill)
    ok(game, Command("fire", "a", unit="s", target="t"))
    faces = [len(e.roll.faces) for e in game.log.events if e.roll is not None and e.roll.reason.startswith("s: ")]
    assert sorted(faces) == [1, 3]


def test_a_figure_that_cannot_fire_at_its_distance_does_not_set_the_range():
    """A flamethrower 3" from a rifleman and a stormtrooper (SMG, grenades: nothing beyond
    8") 12" from it: the stormtrooper does not fire, so the firer furthest away is the
    flamethrower, at 0-4": 5 dice. Measured from the stormtrooper the squad would be at
    8.1-16", where neither weapon fires."""
    b = [unit("s", [("evil_flamer", 20, 10), ("evil_stormtrooper", 12, 8)])]
    game = fresh(wmap([unit("t", [("good_rifleman", 20, 14)])], b), options={"morale": False})
    plan = game.rules.fighting.fire_plan(game, "s", "t")
    assert plan.band == 0 and dict(plan.pools) == {"flamethrower": 5}
    assert any("Orc stormtrooper" in n and "nearest enemy" in n for n in plan.notes)


# ---- 4. and 5. the computer's choices in casualties and capture ------------------------------------------------------
def won_combat(b_units):
    game = fresh(wmap([unit("s", [("good_rifleman", 20, 31.0)])], b_units), options={"morale": False})
    s, t = game.state.figures["s.1"], game.state.figures["t.1"]
    s.y = t.y + (s.radius + t.radius)
    force(game, 6, 1)  # the attacker's 6 beats the defender's 1
    ok(game, Command("combat", "a", unit="s"))
    return game, game.rules.planner.decide(game, "a", game.rules.decision_options(game))


def test_the_computer_captures_to_deny_a_medic_save_and_the_reading_says_so():
    """"Highest score wins . loser killed * ... *(or may opt to capture)"; a captured figure
    cannot be saved by a medic (reading medic-when). Reading capture: the computer kills,
    but captures when the loser's unit has a medic who could save the dead."""
    _, pick = won_combat([unit("t", [("evil_rifleman", 20, 30.0), ("evil_medic", 21.5, 30.0)])])
    assert pick is not None and pick.choice == "capture"
    _, pick = won_combat([unit("t", [("evil_rifleman", 20, 30.0), ("evil_rifleman", 21.5, 30.0)])])
    assert pick is not None and pick.choice == "kill"
    text = reading("capture")
    assert "always kills" not in text and "captures when the loser's unit has a living medic" in text


def test_the_computer_puts_a_kill_on_its_figure_in_smoke_first_and_the_reading_says_so():
    """"The player that controls the squad taking casualties choses which figures are
    removed"; "anyone in the smoke hit gets a saving throw, and avoids damage on a
    2,3,4,5,6". Reading casualty-choice: the computer puts the kill on its officer in smoke
    (saved 5 times in 6) before a rifleman in the open."""
    from .test_wwify_readings import smoke_over

    b = [unit("t", [("evil_officer", 20, 30), ("evil_rifleman", 22, 30), ("evil_rifleman", 24, 30)])]
    game = fresh(wmap([unit("s", [("good_lmg", 22, 40)])], b), options={"morale": False})
    smoke_over(game, 20, 30)
    force(game, 6, 1, 1, 1, 1)  # the LMG's 5 dice at 10": one kill
    ok(game, Command("fire", "a", unit="s", target="t"))
    assert decision(game)["side"] == "b"
    pick = game.rules.planner.decide(game, "b", game.rules.decision_options(game))
    assert pick is not None and pick.target == "t.1"
    assert "first on a figure in smoke" in reading("casualty-choice")


def test_of_equal_figures_the_computer_removes_the_one_furthest_from_the_nearest_enemy():
    """Reading casualty-choice: of equal figures the computer removes the one that sets
    its squad's range (reading range): the one furthest from the enemy figure nearest the
    squad (s.1, 3" from t.1). That is t.2, about 20" from s.1, though another enemy (u.1)
    stands 4" from it; t.3 is nearer s.1 (12.8") but further from every enemy of its own."""
    a = [unit("s", [("good_lmg", 10, 20)]), unit("u", [("good_rifleman", 30, 20)])]
    b = [unit("t", [("evil_rifleman", 10, 23), ("evil_rifleman", 30, 24), ("evil_rifleman", 18, 30)])]
    game = fresh(wmap(a, b), options={"morale": False})
    force(game, 6, 1, 1, 1, 1)  # one kill
    ok(game, Command("fire", "a", unit="s", target="t"))
    pick = game.rules.planner.decide(game, "b", game.rules.decision_options(game))
    assert pick is not None and pick.target == "t.2"


# ---- 6. and 7. the solo risk factors -----------------------------------------------------------------------------------
def test_a_mortar_team_is_a_support_weapon_for_the_solo_rules_as_recorded():
    """"-1: AT gun, or MMG/HMG"; "+1: No NCO with unit unless a support weapon"; WWIFY
    names mortars support weapons ("Support weapons (HMG, Mortar, Field Guns)", L37).
    Reading solo-support (as WW2 Skirmish's and the Great War's): a mortar team takes the
    -1 and no +1 for its missing NCO."""
    a = [unit("m", [("good_mortar", 10, 40), ("good_crew", 11.5, 40), ("good_crew", 13, 40)], kind="mortar")]
    game = fresh(wmap(a, [unit("e", [("evil_rifleman", 24, 10)])]))
    f = factors(game, "m")
    assert f.get("soft_cover") == -1 and "no_nco" not in f
    assert "mortar" in reading("solo-support")


def test_fled_figures_are_not_losses_for_the_solo_risk_factors():
    """"+1: Per 25% of unit wounded, disabled or killed" and "Soldiers that flee the table
    don't count as casualties" (L275). Reading solo-support: a squad of four with one man
    fled has no losses; with one killed it has 25%."""
    a = [unit("s", [("good_officer", 10, 40), ("good_rifleman", 11.5, 40), ("good_rifleman", 13, 40), ("good_rifleman", 14.5, 40)])]
    game = fresh(wmap(a, [unit("e", [("evil_rifleman", 24, 10)])]))
    game.state.figures["s.4"].life = FLED
    assert "losses" not in factors(game, "s")
    game.state.figures["s.3"].life = "dead"
    assert factors(game, "s")["losses"] == 1


def test_a_sniper_takes_the_no_nco_factor_and_a_large_creature_does_not():
    """"+1: No NCO with unit unless a support weapon". Reading solo-support: a sniper takes
    it, as a WW2 Skirmish sniper team does; a large creature is a lone model on its own card
    and does not."""
    a = [unit("sn", [("good_sniper", 30, 40)], kind="sniper"), unit("c", [("good_angry_tree", 10, 40)], kind="large_creature")]
    game = fresh(wmap(a, [unit("e", [("evil_rifleman", 24, 10)])]))
    assert factors(game, "sn").get("no_nco") == 1
    assert "no_nco" not in factors(game, "c")


# ---- 8. the force table's units pass the map checks -------------------------------------------------------------
def force_table_units():
    table = load_ruleset("wwify").data.solo.force_table
    for e in table:
        for grp in e.groups():
            for troops in grp.choices():
                if troops:
                    yield troops


def test_every_unit_the_force_table_makes_is_one_a_map_may_hold():
    """Reading squads: "Engineers form squads of their own (with at most an officer and a
    medic)". Every unit of the solo force table, with the kind its troops make, loads on a
    map of its own side (the roll-8 Horde engineers are no longer squadded with a flamer)."""
    tts = load_ruleset("wwify").data.troop_types
    for troops in force_table_units():
        kind = next((tts[t].category for t in troops if tts[t].category in LONE_OR_GUN), "squad")  # as solo_placed makes it
        figs = [(t, 10 + 3 * i, 10) for i, t in enumerate(troops)]
        mine, other = unit("u", figs, kind=kind), unit("x", [("good_rifleman" if tts[troops[0]].side == "evil" else "evil_rifleman", 40, 40)])
        fresh(wmap([mine], [other]) if tts[troops[0]].side == "good" else wmap([other], [mine]))


def test_a_force_table_unit_a_map_could_not_hold_is_refused():
    """The old roll-8 alternative [evil_flamer, evil_engineer x3] is refused when the
    ruleset file is read, naming the entry."""
    raw = load_yaml(ROOT / "rulesets" / "wwify.yaml")
    data = copy.deepcopy(raw.data)
    row = next(r for r in data["solo"]["force_table"] if r.get("min_roll") == 8)
    row["alternatives"] = [["evil_flamer", "evil_engineer", "evil_engineer", "evil_engineer"]]
    with pytest.raises(DataError, match=r"force_table\[2\]\.alternatives\[0\].*engineers form squads of their own"):
        load_ruleset_doc(type(raw)(raw.path, data))
