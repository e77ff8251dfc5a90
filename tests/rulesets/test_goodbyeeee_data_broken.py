"""GOODBYEEEEEE!!! data (issue 19, slice 1): a copy of rulesets/goodbyeeee.yaml with a broken
cross-reference or field is refused naming the file, line and field; the fuzzer's damaged
copies are refused in one line or accepted, never a crash."""

from __future__ import annotations

import copy
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.catalog import load_ruleset_data_doc
from game.data.errors import DataError
from game.data.pyd import validate_model
from game.data.yamlio import dump_yaml, load_yaml, parse_yaml
from game.rulesets.goodbyeeee.data import GbData, check_gb_data

from .data_kit import broken_copy_is_named, del_at, refused_naming, set_at

PATH = Path(__file__).resolve().parents[2] / "rulesets" / "goodbyeeee.yaml"


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    load_ruleset_data_doc(load_yaml(PATH))  # the real file first: its scatter die is the one registered
    return load_yaml(PATH).data


# ---- cross-references and broken files ----------------------------------------------------------------------------
BROKEN_REFERENCES = [
    (set_at(("troop_types", "private", "weapons"), ["lewis"]), "troop_types.private.weapons[0]", "unknown weapon 'lewis'"),
    (set_at(("troop_types", "sniper", "equipment"), ["snipr"]), "troop_types.sniper.equipment[0]", "unknown equipment 'snipr'"),
    (set_at(("troop_types", "private", "rank"), "corporal"), "troop_types.private.rank", "unknown rank 'corporal'"),
    (set_at(("troop_types", "private", "stats"), {"courage": 7}), "troop_types.private.stats.courage", "the rank private has courage 6"),
    (set_at(("troop_types", "sniper", "weapons"), ["rifle"]), "troop_types.sniper.weapons", "its upgrade 'sniper' gives the sniper_rifle"),
    (set_at(("weapons", "hand_grenade", "template"), "grenado"), "weapons.hand_grenade.template", "unknown template 'grenado'"),
    (set_at(("weapons", "flamethrower", "template"), "grenade"), "weapons.flamethrower.template", "a flame weapon lays a strip"),
    (del_at(("move_and_fire", "weapons", "tank_lmg")), "move_and_fire.weapons", "say how far a figure may move and fire the tank_lmg"),
    (set_at(("critical_hits", "caused_by"), ["at_rifle", "mortar"]), "critical_hits.caused_by[1]", "unknown weapon 'mortar'"),
    (set_at(("grenade_rules", "scatter_die"), "d6"), "grenade_rules.scatter_die", "'d6' is not a die of this file's dice section"),
    (set_at(("ranks", "junior_nco", "list_price"), 25), "ranks.junior_nco.points", "basic figure (10) plus its list_price (25) = 35"),
    (del_at(("events", "cards", "9C")), "events.cards", "the deck has 26 cards: give the 9C"),
    (set_at(("events", "cards", "8H"), {"name": "x", "effect": "none", "keep": False, "text": "x"}), "events.cards.8H", "'8H' is not a card of the deck"),
    (set_at(("events", "cards", "AH", "joins_as"), "rifleman"), "events.cards.AH.joins_as", "unknown troop type 'rifleman'"),
    (set_at(("ready_forces", "british_platoon", "total"), 900), "ready_forces.british_platoon.total", "the units cost 800 points in all, not 900"),
    (set_at(("movement", "difficult_terrain"), ["swamp"]), "movement.difficult_terrain[0]", "unknown terrain type 'swamp'"),
    (del_at(("optional_rules",)), "courage.courage_twelve", "declare it in optional_rules"),
]


@pytest.mark.parametrize("change,field,words", BROKEN_REFERENCES, ids=[b[1] for b in BROKEN_REFERENCES])
def test_a_broken_reference_is_refused_by_name(raw, change, field, words):
    refused_naming(raw, change, "gb.yaml", field, words)


def test_the_cross_reference_function_itself(raw):
    d = copy.deepcopy(raw)
    units = d["ready_forces"]["british_platoon"]["units"]
    units[0]["figures"]["private"] = 8  # the sniper counted as a ninth rifleman: 140, not 130
    doc = parse_yaml(dump_yaml(d), "gb.yaml")
    model = validate_model(GbData, doc)
    with pytest.raises(DataError) as e:
        check_gb_data(model, doc)
    assert e.value.field == "ready_forces.british_platoon.units[0].points"
    assert "the unit's figures cost 140 points, not 130" in e.value.message


BROKEN_SCHEMA = [
    (set_at(("weapons", "rifle", "short"), [30, 0]), "weapons.rifle.short", "a range band runs from a nearer to a further distance"),
    (set_at(("ranks", "private", "courage"), 13), "ranks.private.courage", "less than or equal to 12"),
    (set_at(("ranks", "private", "morale"), 6), "ranks.private.morale", "unknown field"),
    (del_at(("weapons", "mg", "to_hit")), "weapons.mg", "a weapon of kind aimed needs to_hit"),
    (set_at(("weapons", "mg", "to_hit", "short"), 1), "weapons.mg.to_hit.short", "greater than or equal to 2"),
    (set_at(("events", "cards", "QC", "figure"), [{"faces": [1], "result": "none"}, {"faces": [5, 6], "result": "killed"}]),
     "events.cards.QC", "the rows must cover each face 1-6 once"),
    (del_at(("events", "cards", "KH", "window")), "events.cards.KH", "a kept card names the window"),
    (set_at(("events", "cards", "QD", "reach"), 20), "events.cards.QD", "the effect melee_bonus has no reach"),
    (set_at(("weapons", "at_rifle", "vs_tank"), {"needs": 4}), "weapons.at_rifle.vs_tank", "give one of: first and then"),
    (set_at(("players", "max"), 5), "players.max", "less than or equal to 4"),
    (set_at(("end",), "wwify"), "end", "does not end with the line `end: goodbyeeee`"),
]


@pytest.mark.parametrize("change,field,words", BROKEN_SCHEMA, ids=[b[1] + f"-{i}" for i, b in enumerate(BROKEN_SCHEMA)])
def test_a_broken_file_names_the_field(raw, change, field, words):
    refused_naming(raw, change, "gb.yaml", field, words)


def test_validate_names_file_and_line_of_a_broken_copy(tmp_path):
    broken_copy_is_named(tmp_path, PATH, "    shots: 9                 # L180", "    shots: nine              # L180", "weapons.mg.shots")


def test_damaged_copies_are_refused_in_one_line_or_accepted(raw):
    """The shipped fuzzer's damages (tests/data/fuzz_kit.py), a fixed hundred: each
    copy is refused with one line naming the file, or accepted; never a crash (the real
    file is read first, so its scatter die is the one registered)."""
    from tests.data.fuzz_kit import RandomPick, dump, mutate_value

    pick = RandomPick(random.Random(19))
    outcomes = Counter()
    for _ in range(100):
        damaged, what = mutate_value(pick, copy.deepcopy(raw), "rulesets", "goodbyeeee")
        try:
            load_ruleset_data_doc(parse_yaml(dump(damaged), "gb.yaml"))
            outcomes["accepted"] += 1
        except DataError as e:
            assert e.one_line().startswith("gb.yaml") and "\n" not in e.one_line(), what
            outcomes["refused"] += 1
        except Exception as e:  # any other exception is the bug this test looks for
            pytest.fail(f"{what}: {type(e).__name__}: {e}")
    assert outcomes["refused"] > 50
