"""GOODBYEEEEEE!!! data (issue 19, slice 1): rulesets/goodbyeeee.yaml validates against
GbData; the numbers of its tables equal the text, each with its line of goodbyeeee.txt (as
`cat -n` numbers it; each row below quotes the line, which is compared with the text when
../shared/rules/goodbyeeee.txt is there); the cross-reference checks catch a broken name;
the scatter die is registered; a broken file is refused naming file, line and field; and
the ruleset is checked by `validate` without being offered for play."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import main
from game.catalog import (
    RULES_TEXT_DIR,
    available_rulesets,
    load_ruleset_data_doc,
    load_ruleset_doc,
    validate_file,
)
from game.core.dice import Dice, die_faces
from game.core.named_dice import named
from game.data.yamlio import load_yaml
from game.rulesets import DATA_ONLY, REGISTRY, ruleset_class
from game.rulesets.goodbyeeee.data import GbData

ROOT = Path(__file__).resolve().parents[2]
PATH = ROOT / "rulesets" / "goodbyeeee.yaml"
TEXT = RULES_TEXT_DIR / "goodbyeeee.txt"


@pytest.fixture(scope="module")
def data() -> GbData:
    d = load_ruleset_data_doc(load_yaml(PATH))
    assert isinstance(d, GbData)
    return d


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    return load_yaml(PATH).data


def says(line: int, *quotes: str) -> None:
    """Line ``line`` of goodbyeeee.txt holds each quote (checked when the text is there)."""
    if not TEXT.exists():
        return
    text = TEXT.read_text(encoding="utf-8").splitlines()[line - 1]
    for q in quotes:
        assert q in text, f"L{line} does not say {q!r}: {text!r}"


def cells(line: int) -> list[str]:
    """The cells of a table row of the text (empty when the text is not there)."""
    if not TEXT.exists():
        return []
    return [c.strip() for c in TEXT.read_text(encoding="utf-8").splitlines()[line - 1].strip().strip("|").split("|")]


# ---- the file ---------------------------------------------------------------------------------
def test_the_file_validates():
    out = validate_file(PATH)
    assert out.startswith(f"{PATH}: ok (ruleset 'GOODBYEEEEEE!!!'") and "not playable yet" not in out
    assert main.main(["validate", str(PATH)]) == 0


def test_it_is_checked_and_offered_for_play():
    assert "goodbyeeee" in REGISTRY and "goodbyeeee" not in DATA_ONLY
    assert ruleset_class("goodbyeeee").Data is GbData and GbData.MAX_SIDES == 4
    assert "goodbyeeee" in available_rulesets()
    assert load_ruleset_doc(load_yaml(PATH)).data.id == "goodbyeeee"


# ---- the Morale and Command table (L58-69) ------------------------------------------------------------
TROOP_TABLE = [
    # line, rank, then the row's cells as printed: attacks, luck, valour, wounds, courage, command, points
    (62, "private", ["Private Soldiers", "1", "1 (per section)", "1 (per section)", "1", "6", "6", "10"]),
    (63, "junior_nco", ["Junior NCOs", "1", "1", "1", "1", "8", "8", "30"]),
    (64, "senior_nco", ["Senior NCOs", "2", "2", "1", "2", "9", "9", "70"]),
    (65, "junior_officer", ["Junior Officers", "1", "2", "2", "2", "10", "10", "100"]),
    (67, "heavy_tank", ["Heavy Tanks", "Variable", "1", "1", "5", "7", "8", "150"]),
    (68, "light_tank", ["Light Tanks", "Variable", "1", "1", "3", "7", "7", "100"]),
]


@pytest.mark.parametrize("line,rank,row", TROOP_TABLE, ids=[r[1] for r in TROOP_TABLE])
def test_the_troop_table(data, line, rank, row):
    if TEXT.exists():
        assert cells(line) == row
    _, attacks, luck, valour, wounds, courage, command, points = row
    rk = data.ranks[rank]
    assert rk.attacks == ("variable" if attacks == "Variable" else int(attacks))
    for own, section, cell in ((rk.luck, rk.section_luck, luck), (rk.valour, rk.section_valour, valour)):
        # "1 (per section)": the private has none of his own, his section holds one (L50)
        assert (own, section) == ((0, int(cell[0])) if "per section" in cell else (int(cell), 0))
    assert (rk.wounds, rk.courage, rk.command) == (int(wounds), int(courage), int(command))
    if rk.vehicle:  # the table's points disagree with the points list's, which the game uses
        assert rk.table_points == int(points) and rk.points == rk.list_price
    else:
        assert rk.points == int(points)
    # every troop type of the rank has its statistics
    for tt in (t for t in data.troop_types.values() if t.rank == rank):
        assert (tt.stats["wounds"], tt.stats["courage"], tt.stats["command"]) == (int(wounds), int(courage), int(command))
        if attacks != "Variable":
            assert tt.stats["shooting_attacks"] == tt.stats["melee_attacks"] == int(attacks)


def test_tanks_attack_with_each_weapon(data):
    for tid in ("heavy_tank_male", "heavy_tank_female", "light_tank_gun", "light_tank_mg"):
        tt = data.troop_types[tid]
        assert tt.stats["shooting_attacks"] == len(tt.weapons) and data.is_vehicle_type(tid)
    assert not data.is_vehicle_type("private")


# ---- the weapons chart (L176-196) ------------------------------------------------------------------------
AIMED = [
    # line, weapon, shots, short band, long band, to hit (short, long), to wound (short, long), vs tank, the row as printed
    (180, "mg", 9, (0, 75), (75, 150), (4, 5), (3, 4), {"first": 6, "then": 4},
     "| MG (9 Shots) | 0-75 | | 75-150 | 4+ | 3+ Short ~ 4+ Long | 6 followed by 4+ |"),
    (181, "lmg", 3, (0, 50), (50, 100), (4, 5), (4, 4), {"first": 6, "then": 5},
     "| LMG (3 Shots) | 0-50 | | 50-100 | 4+ | 4+ | 6 followed by 5+ |"),
    (182, "smg", 2, (0, 15), (15, 30), (4, 5), (4, 5), None,
     "| SMG (2 Shots) | 0-15 | | 15-30 | 4+ | 4+ Short ~ 5+ Long | No |"),
    (183, "rifle", 1, (0, 30), (30, 60), (4, 5), (4, 4), {"first": 6, "then": 5},
     "| Rifle | 0-30 | | 30-60 | 4+ | 4+ | 6 followed by 5+ |"),
    (184, "pistol", 1, (0, 10), (10, 20), (4, 5), (4, 5), None,
     "| Pistol | 0-10 | | 10-20 | 4+ | 4+ Short ~ 5+ Long | No |"),
    (185, "shotgun", 1, (0, 10), (10, 20), (3, 5), (3, 6), None,
     "| Shotgun | 0-10 | | 10-20 | 3+ (5+ at Long) | 3+ Short ~ 6+ Long | No |"),
    (188, "cluster_grenade", 1, (0, 5), (5, 10), (3, 4), (3, 3), {"attacks": "d6", "each": 5},
     '| "Cluster" Grenade – 6cm blast radius | 0-5 | | 5-10 | 3+ | 3+ | 1-6 attacks, then 5+ to damage for each |'),
    (189, "sniper_rifle", 1, (0, 40), (40, 80), (3, 4), (4, 4), {"first": 6, "then": 5},
     "| Sniper – If no move | 0-40 | | 40-80 | 3+ | 4+ | 6 followed by 5+ |"),
    (190, "at_rifle", 1, (0, 40), (40, 80), (4, 5), (3, 3), {"needs": 4, "damage": "d3"},
     "| Antitank Rifle -1 to hit man size targets | 0-40 | | 40-80 | 4+ | 3+ Cover only on 1 or 2 | 4 (1-3 damage) |"),
    (195, "tank_gun", 1, (0, 25), (25, 50), (4, 5), (5, 5), {"needs": 5, "damage": 1},
     "| 6ld/37mm Tank Gun | 0-25 | | 25-50 | 4+ | 5+ Cover only on 1 or 2 | 5 |"),
    (196, "tank_lmg", 2, (0, 25), (25, 50), (4, 5), (4, 4), None,
     "| Tank LMG (2 Shots) | 0-25 | | 25-50 | 4+ | 4+ | |"),
]


def _tank(w) -> dict | None:
    return None if w.vs_tank is None else w.vs_tank.model_dump(exclude_none=True)


@pytest.mark.parametrize("line,wid,shots,short,long,to_hit,to_wound,vs_tank,row", AIMED, ids=[r[1] for r in AIMED])
def test_the_chart_aimed_weapons(data, line, wid, shots, short, long, to_hit, to_wound, vs_tank, row):
    says(line, row)
    w = data.weapons[wid]
    assert w.kind == "aimed" and w.shots == shots and (w.short, w.long) == (short, long)
    assert w.to_hit is not None and (w.to_hit.short, w.to_hit.long) == to_hit
    assert (w.wound_on(0), w.wound_on(1)) == to_wound and _tank(w) == vs_tank
    if "at Long)" not in row:  # the header's +1 at long range, unless the row says otherwise
        assert to_hit[1] == to_hit[0] + data.shooting.long_range_to_hit


BLASTS = [
    # line, weapon, bands, scatter dice per band, to wound, template (diameter), vs tank, the row as printed
    (186, "hand_grenade", [(0, 10), (10, 20)], [1, 2], 4, 8, {"first": 6, "then": 5},
     "| Hand Grenade - 4cm radius | 0-10 | | 10-20 (30) | 1/2D6 + Scatter | 4+ | 6 followed by 5+ |"),
    (187, "rifle_grenade", [(0, 30), (30, 60)], [2, 3], 4, 8, {"first": 6, "then": 5},
     "| Rifle Grenade - 4cm radius | 0-30 | | 30-60 | 2/3D6 + Scatter | 4+ | 6 followed by 5+ |"),
    (192, "granatenwerfer", [(20, 50), (50, 100), (100, 150)], [2, 3, 4], 4, 8, {"first": 6, "then": 3},
     "| 5cm Granatenwerfer etc. | 20-50 | 50-100 | 100-150 | Use scatter die plus 2,3 or 4 D6 depending on range band."),
    (193, "light_mortar", [(30, 70), (70, 120), (120, 200)], [2, 3, 4], 3, 12, {"needs": 6, "damage": "d6"},
     '| Light Mortar – 3"/75mm | 30-70 | 70-120 | 120-200 | | 3+ | 6 (1D6 points of damage) |'),
    (194, "field_artillery", [(0, 60), (60, 120), (120, 200)], [2, 3, 4], 3, 12, {"needs": 4, "damage": "2d6"},
     "| Field Artillery If shooting at Tank 4/5/6 To hit depending on range | 0-60 | 60-120 | 120-200 | | 3+ | 4 (2D6 Points of damage) |"),
]


@pytest.mark.parametrize("line,wid,bands,dice,to_wound,diameter,vs_tank,row", BLASTS, ids=[r[1] for r in BLASTS])
def test_the_chart_blast_weapons(data, line, wid, bands, dice, to_wound, diameter, vs_tank, row):
    says(line, row)
    w = data.weapons[wid]
    assert w.range_bands() == bands and w.scatter_dice == dice and w.to_hit is None
    assert all(w.wound_on(b) == to_wound for b in range(len(bands))) and _tank(w) == vs_tank
    assert w.template is not None and data.templates[w.template].blast_radius() * 2 == diameter


def test_the_chart_odd_rows(data):
    says(186, "4cm radius", "10-20 (30)")
    says(207, "Grenade specialists discount 1D6 and have an Maximum long range of 30cm")
    hand = data.weapons["hand_grenade"]
    assert hand.specialist_long == (10, 30) and data.grenade_rules.specialist_discount == 1
    assert data.templates["grenade"].blast_radius() == 4
    says(188, "6cm blast radius")
    assert data.templates["cluster"].blast_radius() == 6
    says(190, "-1 to hit man size targets", "Cover only on 1 or 2")
    assert data.weapons["at_rifle"].vs_man_to_hit == -1 and data.weapons["at_rifle"].cover_saves == [1, 2]
    says(195, "Cover only on 1 or 2")
    assert data.weapons["tank_gun"].cover_saves == [1, 2]
    says(191, "| Flame Thrower | Area is 25cm long by 6cm wide | | | | 3+ | 5 (1-3 damage) |")
    flame = data.weapons["flamethrower"]
    assert flame.kind == "flame" and flame.wound_on() == 3 and _tank(flame) == {"needs": 5, "damage": "d3"}
    assert flame.chart_width == 6  # the chart's width; the special rule's 5 is used (L236)
    says(194, "4/5/6 To hit")
    assert data.weapons["field_artillery"].vs_tank_to_hit == [4, 5, 6]


# ---- the other numbers, one by one ---------------------------------------------------------------------
NUMBERS: list[tuple[int, str, Callable[[GbData], Any], Any]] = [
    (7, "a force of 20-30 figures", lambda d: d.points.force_size, (20, 30)),
    (33, "any figures within 10cm", lambda d: d.luck_valour.reach, 10),
    (40, "roll 2D6 if the result is the same or less than the command value", lambda d: (d.command.dice, d.command.passes), ("2d6", "at_or_under")),
    (41, "If any troops are suppressed there is a -1 modifier", lambda d: d.command.modifiers.troops_suppressed, -1),
    (42, "If there is no command figure within 40cm", lambda d: d.command.leader_reach, 40),
    (44, "roll 2D6 and add the morale factor. If the total is 12 or more", lambda d: d.courage.courage_twelve.pass_total, 12),
    (77, "each player rolling a D10, a roll of a 1 gains a random event", lambda d: (d.turn.initiative_die, d.turn.event_on), ("d10", 1)),
    (91, "its generic squad command, normally a 6", lambda d: d.command.squad_value, 6),
    (95, "Under LMG fire -1", lambda d: d.command.modifiers.under_lmg_fire, -1),
    (95, "Under MG fire -2", lambda d: d.command.modifiers.under_mg_fire, -2),
    (95, "20cm or more from command fig -1", lambda d: (d.command.modifiers.far_from_commander.at, d.command.modifiers.far_from_commander.value), (20, -1)),
    (99, "Infantry Move 15cm", lambda d: d.movement.infantry, 15),
    (99, "To climb 1 level costs 5cm and roll a D6, 1 or 2 is a fail", lambda d: (d.movement.climb_cost, d.movement.climb_die, d.movement.climb_fail_on), (5, "d6", [1, 2])),
    (100, "Getting up from prone costs 5cm", lambda d: d.movement.stand_up_cost, 5),
    (102, "Infantry may move up to 25cm", lambda d: d.movement.dash, 25),
    (102, "firing in next round is at -1 to hit", lambda d: d.shooting.modifiers.dashed_last_round, -1),
    (105, "only for a distance of 5cm", lambda d: d.movement.initiative, 5),
    (112, "All Closing Fire is at short range but -1 to hit", lambda d: (d.closing_fire.range, d.closing_fire.to_hit), ("short", -1)),
    (113, "LMG only fire twice", lambda d: d.closing_fire.shots["lmg"], 2),
    (114, "MG fire 4 times", lambda d: d.closing_fire.shots["mg"], 4),
    (116, "Heavy Tanks Move 10cm cross country 15cm on road", lambda d: d.movement.tanks["heavy_tank"].model_dump(), {"cross_country": 10, "road": 15}),
    (117, "Light Tanks Move 15cm cross country 20cm on road", lambda d: d.movement.tanks["light_tank"].model_dump(), {"cross_country": 15, "road": 20}),
    (126, "1-3 cover interrupts bullet", lambda d: d.shooting.cover_saves, [1, 2, 3]),
    (126, "only get a save on 1 or 2", lambda d: d.shooting.prone_open_saves, [1, 2]),
    (135, "moved less than 5cm", lambda d: d.overwatch.moved_less_than, 5),
    (135, "45° of a line straight ahead", lambda d: d.overwatch.arc, 45),
    (135, 'a "snap shot" at -1 to hit', lambda d: d.overwatch.to_hit, -1),
    (142, "+1 If figure has initiative", lambda d: d.close_combat.initiator, 1),
    (143, "-1 for each of: suppressed, prone or fighting multiple opponents",
     lambda d: (d.close_combat.suppressed, d.close_combat.prone, d.close_combat.multiple_opponents), (-1, -1, -1)),
    (146, "+4 if tank in combat", lambda d: d.close_combat.tank, 4),
    (148, "both sides fall back 3cm", lambda d: d.close_combat.fall_back, 3),
    (150, "driven off 3 cm", lambda d: d.close_combat.driven_off, 3),
    (154, "any lesser ranks within 15cm", lambda d: d.courage.group_reach, 15),
    (156, "squad strength is 50% or less the figures rout and retire for two turns", lambda d: (d.courage.half_strength, d.courage.rout_turns), (0.5, 2)),
    (162, "any officer/nco within 20cm", lambda d: d.courage.leader_reach, 20),
    (172, "Each player rolls a D6", lambda d: d.stand_to.die, "d6"),
    (178, "To Hit at Short Range (+1 at Long)", lambda d: d.shooting.long_range_to_hit, 1),
    (178, "-1 if wearing armour", lambda d: d.shooting.body_armour_to_wound, -1),
    (203, "When shot at by MG test at -1", lambda d: d.courage.modifiers.shot_at_by_mg, -1),
    (205, "blast diameter of 8cm", lambda d: d.templates["grenade"].diameter, 8),
    (206, "add an extra D6 for each obstruction", lambda d: d.grenade_rules.per_obstruction, 1),
    (208, "Rifle Grenades add an extra D6", lambda d: d.grenade_rules.rifle_grenade_extra, 1),
    (209, "it will wound on a 3+", lambda d: (d.weapons["hand_grenade"].confined_to_wound, d.weapons["rifle_grenade"].confined_to_wound), (3, 3)),
    (211, "roll scatter and 1D6 distance die twice", lambda d: (d.grenade_rules.cant_miss_rolls, d.grenade_rules.cant_miss_dice), (2, 1)),
    (215, "(2 shots if only 1 crew)", lambda d: d.lmg_rules.one_crew_shots, 2),
    (215, "within 5cm of the first target", lambda d: d.lmg_rules.switch_within, 5),
    (217, "jams if rolls 2 or more 1's", lambda d: d.lmg_rules.jam_ones, 2),
    (217, "any roll of 1 will jam", lambda d: d.lmg_rules.jam_ones_one_crew, 1),
    (217, "One full turn needed to clear jam", lambda d: d.lmg_rules.clear_turns, 1),
    (219, "Tank LMGs may fire after moving but have a -1 penalty", lambda d: (d.move_and_fire.weapons["tank_lmg"], d.shooting.modifiers.tank_moved), ("full", -1)),
    (224, "Need 1 turn to set-up before firing", lambda d: d.hmg_rules.setup_turns, 1),
    (225, 'Fires 9 shots per turn in a "beaten zone" 10cm wide -1 shot per crew lost',
     lambda d: (d.weapons["mg"].shots, d.hmg_rules.zone_width, d.hmg_rules.less_per_crew_lost), (9, 10, 1)),
    (227, "if rolls 3 or more 1's on hit dice", lambda d: (d.hmg_rules.jam_ones, d.hmg_rules.jam_ones_one_crew), (3, 1)),
    (234, "Can re-roll 1 cover roll", lambda d: d.weapons["sniper_rifle"].cover_rerolls_per_turn, 1),
    (234, "needing 5+ to be able to return fire", lambda d: (d.weapons["sniper_rifle"].spot_die, d.weapons["sniper_rifle"].spot_on), ("d6", 5)),
    (236, "template 25cm long and 5cm wide", lambda d: (d.templates["flame"].length, d.templates["flame"].width), (25, 5)),
    (238, "Test Courage (-2) if facing flame thrower", lambda d: (d.courage.modifiers.facing_flamethrower, d.weapons["flamethrower"].terror), (-2, -2)),
    (240, "it will wound on a 3+", lambda d: d.weapons["flamethrower"].confined_to_wound, 3),
    (241, "On a 4+, explode", lambda d: (d.weapons["flamethrower"].boom_die, d.weapons["flamethrower"].boom_on), ("d6", 4)),
    (245, "Move 20", lambda d: d.movement.stormtrooper, 20),
    (255, "scatter die and 2,3 or 4 dice", lambda d: d.weapons["light_mortar"].scatter_dice, [2, 3, 4]),
    (257, "roll 2 scatter die and choose which to use AND reduce number of range dice by 2",
     lambda d: (d.mortar_rules.repeat_scatter_dice, d.mortar_rules.repeat_range_dice_less), (2, 2)),
    (268, "roll 4+ next to restart the engine", lambda d: d.critical_hits.restart_on, 4),
    (273, "Crew must roll 4+ to unjam", lambda d: d.critical_hits.unjam_on, 4),
    (319, "the basic figure which is 10 points in all instances", lambda d: d.points.basic_figure, 10),
    (321, "approximately a 25% advantage", lambda d: d.points.attacker_advantage, 1.25),
]


@pytest.mark.parametrize("line,quote,get,value", NUMBERS, ids=[f"L{n[0]}-{i}" for i, n in enumerate(NUMBERS)])
def test_the_texts_numbers(data, line, quote, get, value):
    says(line, quote)
    assert get(data) == value


def test_move_and_fire(data):
    says(107, "MG & LMG NO movement and firing")
    says(108, "Rifles, Grenades, SMG & Flame Throwers move up to 5cm and fire")
    says(109, "Pistols & Shotguns full move and fire")
    mf = data.move_and_fire.weapons
    assert (mf["mg"], mf["lmg"]) == (0, 0)
    assert all(mf[w] == 5 for w in ("rifle", "hand_grenade", "rifle_grenade", "cluster_grenade", "smg", "flamethrower"))
    assert (mf["pistol"], mf["shotgun"]) == ("full", "full")
    assert sorted(mf) == sorted(data.weapons)  # every weapon of the chart is listed


def test_critical_hits(data):
    says(261, "Anti-tank Rifle, Cluster Grenade, Mortar or Field Gun")
    assert data.critical_hits.caused_by == ["at_rifle", "cluster_grenade", "granatenwerfer", "light_mortar", "field_artillery"]
    rows = {  # line: (table, faces, result)
        265: ("heavy_tank", [1, 2, 3], "none", "- 1-3 no Critical"),
        266: ("heavy_tank", [4], "lmg_out", "- 4 LMG knocked out"),
        267: ("heavy_tank", [5], "gun_out", "- 5 Heavy Gun knocked out"),
        268: ("heavy_tank", [6], "engine", "- 6 Engine Damaged"),
        272: ("light_tank", [1, 2, 3], "none", "- 1-3 no Critical"),
        273: ("light_tank", [4], "mount_jammed", "- 4 Sponson/Turret/Gun Mount Jammed"),
        274: ("light_tank", [5], "gun_out", "- 5 Sponson/Turret/Gun knocked out"),
        275: ("light_tank", [6], "engine", "- 6 Engine Damaged"),
    }
    for line, (table, faces, result, quote) in rows.items():
        says(line, quote)
        assert any(r.faces == faces and r.result == result for r in data.critical_hits.tables[table]), (line, table)


# ---- the events (L281-313) -------------------------------------------------------------------------------
CARDS = {  # card code: its line and the row's first cell
    "AH": (287, "HEARTS - ACE"), "KH": (288, "HEARTS - KING"), "QH": (289, "HEARTS - QUEEN"), "JH": (290, "HEARTS - JACK"),
    "10H": (291, "HEARTS - TEN"), "9H": (292, "HEARTS - NINE"),
    "AC": (294, "CLUBS – ACE"), "KC": (295, "CLUBS – KING"), "QC": (296, "CLUBS – QUEEN"), "JC": (297, "CLUBS – JACK"),
    "10C": (298, "CLUBS – 10"),
    "AD": (300, "DIAMONDS – ACE"), "KD": (301, "DIAMONDS – KING"), "QD": (302, "DIAMONDS – QUEEN"), "JD": (303, "DIAMONDS – JACK"),
    "10D": (304, "DIAMONDS – TEN"), "9D": (305, "DIAMONDS – NINE"),
    "AS": (307, "SPADES – ACE"), "KS": (308, "SPADES – KING"), "QS": (309, "SPADES – QUEEN"), "JS": (310, "SPADES – JACK"),
    "10S": (311, "SPADES – 10"),
    "JOKER1": (313, "JOKERS"), "JOKER2": (313, "JOKERS"),
}


def test_the_deck_is_26_cards_of_four_suits_and_jokers(data):
    says(283, "remove all cards below 9")
    cards = data.events.cards
    assert len(cards) == 26
    suits = Counter("joker" if c.startswith("JOKER") else c[-1] for c in cards)
    assert suits == {"H": 6, "C": 6, "D": 6, "S": 6, "joker": 2}
    assert {c[:-1] for c in cards if not c.startswith("JOKER")} == {"9", "10", "J", "Q", "K", "A"}
    # the nine of clubs and of spades have no entry in the text (interpretation blank-nines)
    assert sorted(c for c in cards if c not in CARDS) == ["9C", "9S"]
    assert cards["9C"].effect == cards["9S"].effect == "none"


@pytest.mark.parametrize("code", list(CARDS))
def test_each_card_is_the_texts(data, code):
    line, first = CARDS[code]
    card = data.events.cards[code]
    if TEXT.exists():
        row = cells(line)
        assert row[0] == first and card.name in row[1]
        assert card.keep == ("keep until needed" in row[1].lower())
    assert card.text and card.effect != "none"


EVENT_NUMBERS: list[tuple[int, str, str, Callable[[Any], Any], Any]] = [
    (291, "10H", "add +2 to an order roll", lambda c: c.value, 2),
    (292, "9H", "add +1 to an order roll", lambda c: c.value, 1),
    (304, "10D", "add +2 to an order roll", lambda c: c.value, 2),
    (305, "9D", "add +1 to an order roll", lambda c: c.value, 1),
    (302, "QD", "add +2 to a hand to hand combat", lambda c: c.value, 2),
    (303, "JD", "+1 to Hit, -1 for cover +1 to Wound rolls", lambda c: (c.to_hit, c.cover, c.to_wound), (1, -1, 1)),
    (294, "AC", "1-3 no effect, 4-5 figure is suppressed, 6 figure is killed",
     lambda c: [(r.faces, r.result) for r in c.figure], [([1, 2, 3], "none"), ([4, 5], "suppressed"), ([6], "killed")]),
    (296, "QC", "lands 2D6 and a scatter die from unit leader. Blast Radius DIAMETER 12cm", lambda c: (c.distance, c.scatter, c.template), ("2d6", "dscatter", "shell")),
    (296, "QC", "1 no effect, 2-4 suppressed for this and next turn, 5 or 6 blown to pieces",
     lambda c: [r.faces for r in c.figure], [[1], [2, 3, 4], [5, 6]]),
    (296, "QC", "Tank 1-2 no effect 3-5 suppressed and 1 weapon knocked out. 6 tank destroyed", lambda c: [r.faces for r in c.tank], [[1, 2], [3, 4, 5], [6]]),
    (300, "AD", "Blast Radius DIAMETER 12cm", lambda c: c.template, "shell"),
    (307, "AS", "lands 3D6 and a scatter die from unit leader. Blast Radius DIAMETER 20cm", lambda c: (c.distance, c.template), ("3d6", "big_shell")),
    (307, "AS", "1 no effect, 2-3 suppressed for this and next turn, 4 - 6 blown to pieces", lambda c: [r.faces for r in c.figure], [[1], [2, 3], [4, 5, 6]]),
    (307, "AS", "Tank 1-2 no effect 3-4 suppressed and 1 weapon knocked out. 5-6 tank destroyed", lambda c: [r.faces for r in c.tank], [[1, 2], [3, 4], [5, 6]]),
    (308, "KS", "Gas shell lands 2D6 and a scatter die from unit leader. Blast Radius 10cm", lambda c: (c.distance, c.template), ("2d6", "gas")),
    (308, "KS", "1-3 no effect, 4-5 suppressed for this turn, 6 gassed to death",
     lambda c: [(r.faces, r.result) for r in c.figure], [([1, 2, 3], "none"), ([4, 5], "suppressed_this_turn"), ([6], "killed")]),
    (308, "KS", "Roll 2D6 +10 for wind Speed and Scatter for direction", lambda c: (c.wind_speed, c.wind_speed_plus, c.wind_direction), ("2d6", 10, "dscatter")),
    (309, "QS", "Officers and Sergeants within 20cm", lambda c: c.reach, 20),
    (310, "JS", "rolls D3", lambda c: c.seat_die, "d3"),
    (310, "JS", "1-3 no effect, 4-5 Suppressed for next turn, 6", lambda c: [r.faces for r in c.figure], [[1, 2, 3], [4, 5], [6]]),
    (313, "JOKER1", "squad members may fire", lambda c: (c.effect, c.scope, c.fire_allowed), ("no_move", "section", True)),
]


@pytest.mark.parametrize("line,code,quote,get,value", EVENT_NUMBERS, ids=[f"{e[1]}-{i}" for i, e in enumerate(EVENT_NUMBERS)])
def test_the_events_numbers(data, line, code, quote, get, value):
    says(line, quote)
    assert get(data.events.cards[code]) == value


def test_the_event_templates(data):
    assert data.templates["shell"].diameter == 12 and data.templates["big_shell"].diameter == 20
    assert data.templates["gas"].radius == 10  # the gas is a radius, the shells diameters (L308 against L296, L307)


# ---- the points list (L315-345) and the ready platoon (L347-384) ----------------------------------------------
PRICE_LIST = [
    # line, the row's cells, what it prices: ("rank", id) on top of the basic figure, ("vehicle", id) whole, ("upgrade", id)
    (325, ["Officer", "90"], ("rank", "junior_officer")),
    (326, ["Senior NCO", "60"], ("rank", "senior_nco")),
    (327, ["Junior NCO", "20"], ("rank", "junior_nco")),
    (328, ["Flamethrower", "20"], ("upgrade", "flamethrower")),
    (329, ["Sniper", "20"], ("upgrade", "sniper")),
    (330, ["Rifle Grenadier", "20"], ("upgrade", "rifle_grenadier")),
    (331, ["LMG", "20"], ("upgrade", "lmg")),
    (332, ["Grenadier (Bomber)", "10"], ("upgrade", "bomber")),
    (333, ["Antitank Rifle", "20"], ("upgrade", "at_rifle")),
    (334, ["Heavy Tank", "200"], ("vehicle", "heavy_tank")),
    (335, ["Light Tank", "150"], ("vehicle", "light_tank")),
    (336, ["Small 50mm mortar", "50"], ("upgrade", "mortar_50mm")),
    (337, ['3"/75mm mortar', "100"], ("upgrade", "mortar_75mm")),
    (338, ["Heavy Machinegun", "150"], ("upgrade", "hmg")),
    (339, ["Extra Melee Attack", "10"], ("upgrade", "extra_melee_attack")),
    (340, ["Extra Shooting Attack", "10"], ("upgrade", "extra_shooting_attack")),
    (341, ["Extra Wound", "10"], ("upgrade", "extra_wound")),
    (342, ["+1 Bonus to Hit", "10"], ("upgrade", "to_hit_bonus")),
    (343, ["Body Armour", '10 (Troops in body armour may not "dash").'], ("upgrade", "body_armour")),
]


@pytest.mark.parametrize("line,row,what", PRICE_LIST, ids=[p[2][1] for p in PRICE_LIST])
def test_the_points_list(data, line, row, what):
    if TEXT.exists():
        assert cells(line) == row
    price = int(row[1].split()[0])
    kind, pid = what
    if kind == "upgrade":
        up = data.equipment[pid]
        assert up.points == price and up.price == "text"
        assert data.figure_points("private", [pid]) == data.points.basic_figure + price
    else:
        rk = data.ranks[pid]
        assert rk.list_price == price
        assert rk.points == (price if kind == "vehicle" else data.points.basic_figure + price)


def test_only_the_lists_upgrades_have_the_texts_price(data):
    listed = {p[2][1] for p in PRICE_LIST if p[2][0] == "upgrade"}
    assert {e for e, up in data.equipment.items() if up.price == "text"} == listed


def test_what_the_upgrades_do(data):
    eq = data.equipment
    assert (eq["extra_melee_attack"].stats, eq["extra_shooting_attack"].stats) == ({"melee_attacks": 1}, {"shooting_attacks": 1})
    assert (eq["extra_wound"].stats, eq["to_hit_bonus"].stats) == ({"wounds": 1}, {"to_hit": 1})
    assert "body_armour" in data.movement.no_dash  # L343 "Troops in body armour may not dash"
    stats = data.figure_stats()
    assert stats.base_stat("senior_nco", ["extra_wound"], "wounds") == 3
    assert data.figure_points("senior_nco", ["extra_wound", "body_armour"]) == 90


PLATOON = [
    # line of the section's points, its quote, the unit's index, its points, the figures the text lists (lines)
    (349, "Rifle Section 130 points", 0, 130, 1 + 8),  # L351-353: the sniper is one of the 8 riflemen
    (355, "Bomb Section 130 points", 1, 130, 1 + 6 + 2),  # L357-359
    (361, "LMG Section 150 points", 2, 150, 1 + 6 + 2),  # L363-365
    (369, "150 points", 3, 150, 1 + 6 + 2),  # L367 "Rifle Grenade Section", L371-373
    (377, "240 points", 4, 240, 1 + 2),  # L375 "Command Section", L379-380
]


@pytest.mark.parametrize("line,quote,index,points,figures", PLATOON, ids=[str(p[2]) for p in PLATOON])
def test_the_ready_platoon_sections(data, line, quote, index, points, figures):
    says(line, quote)
    unit = data.ready_forces["british_platoon"].units[index]
    assert unit.points == points and sum(unit.figures.values()) == figures
    assert sum(n * (data.figure_points(t) or 0) for t, n in unit.figures.items()) == points


def test_the_ready_platoon_adds_up_to_800(data):
    says(382, "TOTAL")
    says(384, "800 points")
    says(353, "1 Rifleman upgraded to sniper at 20 points")
    force = data.ready_forces["british_platoon"]
    assert force.total == 800 == sum(u.points for u in force.units)
    assert sum(n * (data.figure_points(t) or 0) for u in force.units for t, n in u.figures.items()) == 800


# ---- the scatter die ------------------------------------------------------------------------------------------
def test_the_scatter_die_is_registered_with_its_faces(data):
    die = named("dscatter")
    assert die is not None and die.labels == ("HIT", "HIT", "arrow", "arrow", "arrow", "arrow")
    assert die.faces_showing("HIT") == (1, 2) and die_faces("dscatter") == (1, 2, 3, 4, 5, 6)
    assert data.dice["scatter"].faces == list(die.labels)
    assert data.grenade_rules.scatter_die == data.mortar_rules.scatter_die == "dscatter"
    assert Dice.forced([2]).roll("dscatter", "grenade lands").describe() == "grenade lands: scatter die [HIT]"


# ---- readings --------------------------------------------------------------------------------------------------
def test_every_reading_named_in_the_file_is_written(data):
    ids = {i.id for i in data.interpretations}
    named_ids: set[str] = set()
    for m in re.finditer(r"interpretations? ([a-z][a-z-]*[a-z](?:(?:, | and )[a-z][a-z-]*[a-z])*)", PATH.read_text(encoding="utf-8")):
        named_ids.update(re.split(r", | and ", m.group(1)))
    assert len(named_ids) > 20 and named_ids <= ids, sorted(named_ids - ids)
    for reading in ("fighting-skill", "points", "templates", "blank-nines", "scatter-die", "platoon", "tank-weapons"):
        assert reading in ids
