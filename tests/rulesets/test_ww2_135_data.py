"""My 1/35th Scale WWII Skirmish data (issue 20, slice 1): rulesets/ww2-135.yaml validates
against W135Data; the numbers of its tables equal the text, line by line, in both the rules
(L1-332) and the quick reference that repeats them (L334-446); the 2d6 tables give the
chances worked out by hand; the cross-reference checks catch a broken name; the grenade die
is registered; a broken file is refused naming file, line and field; and the ruleset is
checked by `validate` without being offered for play."""

from __future__ import annotations

import copy
from collections.abc import Callable
from fractions import Fraction
from itertools import product
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
from game.core.dice import Dice
from game.core.named_dice import named
from game.data.errors import DataError
from game.data.pyd import validate_model
from game.data.yamlio import dump_yaml, load_yaml, parse_yaml
from game.rulesets import DATA_ONLY, REGISTRY
from game.rulesets.ww2_135.data import W135Data, check_w135_data
from game.rulesets.ww2_135.data_tables import ACTION_IDS

from .data_kit import broken_copy_is_named, del_at, refused_naming, set_at

ROOT = Path(__file__).resolve().parents[2]
PATH = ROOT / "rulesets" / "ww2-135.yaml"
#: the rules text the game ships (assets/rules, shown in the rules reference): the same as
#: ../shared/rules/ww2-1-35-skirmish.txt, which a clone need not have beside it
TEXT = ROOT / "assets" / "rules" / "ww2-1-35-skirmish.txt"
SHARED = RULES_TEXT_DIR / "ww2-1-35-skirmish.txt"


@pytest.fixture(scope="module")
def data() -> W135Data:
    d = load_ruleset_data_doc(load_yaml(PATH))
    assert isinstance(d, W135Data)
    return d


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    return load_yaml(PATH).data


def _line(n: int) -> str:
    text = TEXT.read_text(encoding="utf-8").splitlines()[n - 1]
    return text.replace("\u2013", "-").replace("\u201d", '"').replace("\u2019", "'")


def says(line: int | None, *quotes: str) -> None:
    """Line ``line`` of the text holds each quote (dashes and quotes made plain)."""
    if line is None or not TEXT.exists():
        return
    text = _line(line)
    for q in quotes:
        assert q in text, f"L{line} does not say {q!r}: {text!r}"


def test_the_text_is_the_one_these_lines_are_from():
    assert TEXT.exists()
    if SHARED.exists():
        assert SHARED.read_text(encoding="utf-8") == TEXT.read_text(encoding="utf-8")
    lines = TEXT.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 446 and lines[2].startswith("My 1/35th Scale WWII Skirmish Rules v3.2")
    assert lines[333] == "My 1/35th WWII Skirmish v3.2"  # L334, the quick reference begins


# ---- the file ---------------------------------------------------------------------------------
def test_the_file_validates():
    out = validate_file(PATH)
    assert out.startswith(f"{PATH}: ok (ruleset 'My 1/35th Scale WWII Skirmish'") and "not playable yet" not in out
    assert main.main(["validate", str(PATH)]) == 0


def test_it_is_checked_and_offered_for_play():
    assert "ww2-135" in REGISTRY and "ww2-135" not in DATA_ONLY
    assert "ww2-135" in available_rulesets()
    assert load_ruleset_doc(load_yaml(PATH)).data.id == "ww2-135"


# ---- the numbers, in both copies ------------------------------------------------------------------
#: (line in the rules, line in the quick reference or None, what each says, the data, the number)
NUMBERS: list[tuple[int, int | None, tuple[str, ...], Callable[[W135Data], Any], Any]] = [
    (7, None, ("Green = 3 points", "Experienced = 4 points", "Elite = 5 points"),
     lambda d: (d.quality.green, d.quality.experienced, d.quality.elite), (3, 4, 5)),
    (9, 336, ("(Suppressed/Shaken figures -1 Action point)",),
     lambda d: (d.quota_penalty.levels, d.quota_penalty.points), (["suppressed", "shaken"], -1)),
    (10, 337, ('Move 3"\t1',), lambda d: (d.actions["move"].cost, d.actions["move"].inches), (1, 3)),
    (11, 338, ('Crawl 1"\t1',), lambda d: (d.actions["crawl"].cost, d.actions["crawl"].inches), (1, 1)),
    (12, 339, ("Un-aimed Fire\t3",), lambda d: d.actions["unaimed_fire"].cost, 3),
    (13, 340, ("Aimed Fire\t4",), lambda d: d.actions["aimed_fire"].cost, 4),
    (14, 341, ("Negotiate obstacle\t?\t1 d3",), lambda d: d.actions["negotiate_obstacle"].cost, "d3"),
    (15, 342, ("Throw grenade\t2",), lambda d: d.actions["throw_grenade"].cost, 2),
    (16, 343, ("Hand to Hand\t2\tIf defender wins deduct 2 points from next turn",),
     lambda d: (d.actions["hand_to_hand"].cost, d.actions["hand_to_hand"].defender_wins_debt), (2, 2)),
    (17, 344, ("Perform an action\t1",), lambda d: d.actions["perform_action"].cost, 1),
    (18, 345, ("Opportunity Fire\t4",), lambda d: d.actions["opportunity_fire"].cost, 4),
    (19, 346, ("Hide\t2",), lambda d: d.actions["hide"].cost, 2),
    (20, 347, ("Rally\t3",), lambda d: d.actions["rally"].cost, 3),
    (21, 348, ("Stand From Prone\t1",), lambda d: d.actions["stand_from_prone"].cost, 1),
    (22, 350, ("Suppressive Fire\t3",), lambda d: d.actions["suppressive_fire"].cost, 3),
    (23, 349, ("Re-Load\t2",), lambda d: d.actions["reload"].cost, 2),
    (24, 351, ("Plot Indirect Fire\t3",), lambda d: d.actions["plot_indirect_fire"].cost, 3),
    (25, 352, ("Internal 1 d3, External 2 d3",),
     lambda d: (d.actions["open_locked_door_internal"].cost, d.actions["open_locked_door_external"].cost), ("d3", "2d3")),
    (31, None, ('use 3 points and move upto 9"', 'The maximum move in a turn is 12"'), lambda d: d.movement.max_per_turn, 12),
    (37, 354, ("Acquisition (Need > total)",), lambda d: d.acquisition.over, True),
    (38, 355, ('Range over 30"\t+1',), lambda d: (d.acquisition.long_range, d.acquisition.modifiers.long_range), (30, 1)),
    (39, 356, ("Soft cover\t+2",), lambda d: d.acquisition.modifiers.soft_cover, 2),
    (40, 357, ("Hard cover\t+1",), lambda d: d.acquisition.modifiers.hard_cover, 1),
    (41, 358, ("Hidden*\t+2",), lambda d: d.acquisition.modifiers.hidden, 2),
    (42, 359, ("Each Hindrance**\t+1",), lambda d: d.acquisition.modifiers.per_hindrance, 1),
    (43, 360, ("Previously seen\t-1",), lambda d: d.acquisition.modifiers.previously_seen, -1),
    (66, None, ('SMG\t20"\t30"',), lambda d: (d.weapons["smg"].max_range, d.weapons["smg"].suppress_range), (20, 30)),
    (67, None, ('Pistol\t12"\tN/A',), lambda d: (d.weapons["pistol"].max_range, d.weapons["pistol"].suppress_range, d.weapons["pistol"].suppress),
     (12, None, None)),
    (69, 366, ("(Double 6 always a hit) Roll 2 d6 needing greater than or equal",),
     lambda d: (d.shooting.dice, d.shooting.double_six_hits), ("2d6", True)),
    (70, 367, ("Aimed Fire\t+2 Must have seen target in last turn",), lambda d: (d.shooting.aimed, d.shooting.aimed_needs_seen), (2, True)),
    (71, 368, ("Un-Aimed Fire\t+5",), lambda d: d.shooting.unaimed, 5),
    (72, 369, ("Range\tMeasurement / 10 Round up",), lambda d: d.shooting.range_per, 10),
    (73, 370, ("Hindrance\t+2 per hindrance",), lambda d: d.shooting.per_hindrance, 2),
    (74, 371, ("Target in Hard Cover\t+3",), lambda d: d.shooting.hard_cover, 3),
    (75, 372, ("Target in Soft Cover\t+2",), lambda d: d.shooting.soft_cover, 2),
    (76, 373, ('+1 per full 3" moved',), lambda d: (d.shooting.target_moved, d.shooting.target_moved_per), (1, 3)),
    (77, 374, ("Prone in open\t+2",), lambda d: d.shooting.prone_in_open, 2),
    (78, 375, ("Fired burst\tRoll twice",), lambda d: d.shooting.burst_rolls, 2),
    (79, 376, ("Firer Suppressed\tCannot fire",), lambda d: d.shooting.cannot_fire, ["suppressed", "shaken"]),
    (80, 377, ('+2 per full 3" moved - cannot Aim',),
     lambda d: (d.shooting.firer_moved, d.shooting.firer_moved_per, d.shooting.moved_cannot_aim), (2, 3, True)),
    (84, 410, ("Hit Saving Modifiers (1 d6 needing less than or equal)",), lambda d: d.saving.die, "d6"),
    (85, 411, ("Each Hindrance\t1",), lambda d: d.saving.per_hindrance, 1),
    (86, 412, ("In Soft cover\t2",), lambda d: d.saving.soft_cover, 2),
    (87, 413, ("In Hard cover\t3",), lambda d: d.saving.hard_cover, 3),
    (91, 417, ("Equal to Save\tDrop 2 levels of morale",), lambda d: d.saving.equal, 2),
    (92, 418, ("Saved\tDrop 1 level of morale",), lambda d: d.saving.saved, 1),
    (117, 382, ('Quad\tAutomatic within a 4" area',),
     lambda d: (d.suppressive_fire.chance["quad"].automatic, d.suppressive_fire.chance["quad"].area), (True, 4)),
    (118, 383, ("LMG/HMG\t5 - 12",), lambda d: d.suppressive_fire.chance["mg"].need, 5),
    (119, 384, ("Bren/BAR/SMG/Ass Rifle\t6 - 12",), lambda d: d.suppressive_fire.chance["light"].need, 6),
    (125, None, ("hold four action points", "always needs a double 6"),
     lambda d: (d.opportunity_fire.held, d.opportunity_fire.needs_double_six), (4, True)),
    (133, None, ('Maximum range 15"', 'Burst circle 5"'), lambda d: (d.grenades.max_range, d.grenades.burst), (15, 5)),
    (145, None, ('an obstacle which is over 1" away',), lambda d: d.grenades.obstacle_over, 1),
    (148, 393, ('0 - 2"\tAutomatic',), lambda d: (d.grenades.opening[0].upto, d.grenades.opening[0].automatic), (2, True)),
    (149, 394, ('2" - 5"\t5 - 12',), lambda d: (d.grenades.opening[1].upto, d.grenades.opening[1].need), (5, 5)),
    (150, 395, ('5" - 10"\t9 - 12',), lambda d: (d.grenades.opening[2].upto, d.grenades.opening[2].need), (10, 9)),
    (151, 396, ('10" - 15"\t12 (must be standing to attempt to throw this far)',),
     lambda d: (d.grenades.opening[3].upto, d.grenades.opening[3].need, d.grenades.opening[3].standing), (15, 12, True)),
    (155, 431, ("In building\t2\t3 - 4\t5 - 12",),
     lambda d: (d.blast_effect.building.no_effect, d.blast_effect.building.suppressed, d.blast_effect.building.killed),
     ((2, 2), (3, 4), (5, 12))),
    (156, 432, ("In open\t2 - 5\t6\t7 - 12",),
     lambda d: (d.blast_effect.open.no_effect, d.blast_effect.open.suppressed, d.blast_effect.open.killed),
     ((2, 5), (6, 6), (7, 12))),
    (160, 388, ('Upto 5"\tNA\t0"',), lambda d: (d.grenades.deviation[0].upto, d.grenades.deviation[0].on_target, d.grenades.deviation[0].by),
     (5, None, 0)),
    (161, 389, ('5" - 10"\t3 - 6\t2"',), lambda d: (d.grenades.deviation[1].upto, d.grenades.deviation[1].on_target, d.grenades.deviation[1].by),
     (10, 3, 2)),
    (162, 390, ('10" - 15"\t4 - 6\t3"',), lambda d: (d.grenades.deviation[2].upto, d.grenades.deviation[2].on_target, d.grenades.deviation[2].by),
     (15, 4, 3)),
    (178, None, ("last for three turns", "drift for one turn", 'size of the 5" template'),
     lambda d: (d.smoke.turns, d.smoke.drift_turns, d.smoke.template), (3, 1, 5)),
    (186, None, ('Maximum range = 100" minimum range 20"', '4" burst circle'),
     lambda d: (d.mortar.max_range, d.mortar.min_range, d.mortar.burst), (100, 20, 4)),
    (188, None, ('within 12" and can see the mortar crew',), lambda d: d.mortar.observer_within, 12),
    (198, None, ("2 - 7 on target",), lambda d: d.mortar.on_target, (2, 7)),
    (200, None, ("8 - 12 landed 2 d3 inches",), lambda d: d.mortar.deviate, "2d3"),
    (202, None, ("deviate by 1 d3 inches",), lambda d: d.mortar.follow_up, "d3"),
    (208, None, ("roll 2 d6 needing anything but a double one", "any double will fail"),
     lambda d: (d.radio.dice, d.radio.fails_on, d.radio.after_double_one), ("2d6", "double_one", "any_double")),
    (212, None, ("plus one d6, highest score wins", "If a draw continue next turn"), lambda d: (d.hand_to_hand.die, d.hand_to_hand.draw), ("d6", "continue")),
    (215, 398, ("Two v One - Roll 2 d6 and pick best",), lambda d: d.hand_to_hand.two_v_one, "keep_best_of_2"),
    (216, 399, ("Initiated Hand to Hand\t+1 First round",), lambda d: d.hand_to_hand.modifiers["initiated"].model_dump(), {"value": 1, "first_round": True}),
    (217, 400, ("In cover\t+2 First round",), lambda d: d.hand_to_hand.modifiers["in_cover"].model_dump(), {"value": 2, "first_round": True}),
    (218, 401, ("Suppressed\t-2",), lambda d: d.hand_to_hand.modifiers["suppressed"].model_dump(), {"value": -2, "first_round": False}),
    (219, 402, ("Shaken\t-3",), lambda d: d.hand_to_hand.modifiers["shaken"].model_dump(), {"value": -3, "first_round": False}),
    (220, 403, ("Prone\t-2 First round",), lambda d: d.hand_to_hand.modifiers["prone"].model_dump(), {"value": -2, "first_round": True}),
    (221, 404, ("Attacking rear of figure\t+2 First round",),
     lambda d: d.hand_to_hand.modifiers["attacking_rear"].model_dump(), {"value": 2, "first_round": True}),
    (222, 405, ("Rifle\t+2",), lambda d: d.hand_to_hand.weapon["rifle"], 2),
    (223, 406, ("SMG / Ass Rifle/ Carbine\t+1",),
     lambda d: (d.hand_to_hand.weapon["smg"], d.hand_to_hand.weapon["assault_rifle"], d.hand_to_hand.weapon["carbine"]), (1, 1, 1)),
    (224, 407, ("Other\t0",), lambda d: d.hand_to_hand.weapon["other"], 0),
    (229, 420, ('within 6" of a single enemy figure', 'over 12" from a known friend'),
     lambda d: (d.surrender.within, d.surrender.friend_over), (6, 12)),
    (233, None, ("rolls 1 d6 needing **greater** than the total",), lambda d: (d.surrender.die, d.surrender.over), ("d6", True)),
    (236, 423, ("Every enemy figure within sight\t+1",), lambda d: d.surrender.modifiers.per_enemy_in_sight, 1),
    (237, 424, ("At least one enemy figure behind you\t+1",), lambda d: d.surrender.modifiers.enemy_behind, 1),
    (238, 425, ("You are suppressed\t+1",), lambda d: d.surrender.modifiers.suppressed, 1),
    (239, 426, ("You are shaken\t+2",), lambda d: d.surrender.modifiers.shaken, 2),
    (240, 427, ("Every friend within sight\t-1",), lambda d: d.surrender.modifiers.per_friend_in_sight, -1),
    (231, None, ("A figure can only be challenged once per turn",), lambda d: d.surrender.once_per_turn, True),
    (244, None, ('more than 3" away',), lambda d: d.prisoners.guard_within, 3),
    (248, None, ("Confident, Suppressed, Shaken and Broken",), lambda d: d.morale.levels, ["confident", "suppressed", "shaken", "broken"]),
    (324, 439, ("Roll 2 d6 needing", "greater", "than modifiers to pass"), lambda d: (d.morale.dice, d.morale.over), ("2d6", True)),
    (326, 440, ("Per killed in same unit\t+2",), lambda d: d.morale.modifiers.per_killed_in_unit, 2),
    (327, 441, ("Been fired at in last turn\t+1",), lambda d: d.morale.modifiers.fired_at_last_turn, 1),
    (328, 442, ("Suppressed\t+2",), lambda d: d.morale.modifiers.suppressed, 2),
    (329, 443, ("Shaken\t+5",), lambda d: d.morale.modifiers.shaken, 5),
    (330, 444, ('Enemy figures inside 20"\t+2',), lambda d: (d.morale.enemy_within, d.morale.modifiers.enemy_within_20), (20, 2)),
    (331, 445, ("Cannot see friendly figure\t+4",), lambda d: d.morale.modifiers.no_friend_in_sight, 4),
    (332, 446, ("In cover\t-2",), lambda d: d.morale.modifiers.in_cover, -2),
    (288, None, ("roll 2 d6 needing higher than modifier score to hit (double 6 = failed shell)",),
     lambda d: (d.anti_tank.dice, d.anti_tank.double_six, d.anti_tank.over), ("2d6", "failed_shell", True)),
    (290, None, ('all figures within 2" of the hit location',), lambda d: d.anti_tank.building_radius, 2),
    (294, None, ('0 - 10"\t+1',), lambda d: d.anti_tank.bands[0].model_dump(), {"upto": 10, "mod": 1}),
    (295, None, ('10" - 18"\t+3',), lambda d: d.anti_tank.bands[1].model_dump(), {"upto": 18, "mod": 3}),
    (296, None, ('18" - 24"\t+5',), lambda d: d.anti_tank.bands[2].model_dump(), {"upto": 24, "mod": 5}),
    (297, None, ("Been fired on\t+2",), lambda d: d.anti_tank.modifiers.been_fired_on, 2),
    (298, None, ("Firer moved\t+5",), lambda d: d.anti_tank.modifiers.firer_moved, 5),
    (299, None, ("Target moved\t+3",), lambda d: d.anti_tank.modifiers.target_moved, 3),
    (300, None, ("Side shot\t-1",), lambda d: d.anti_tank.modifiers.side_shot, -1),
    (304, None, ("Hit in **Rear** - Destroyed",), lambda d: d.tank_damage.rear, "destroyed"),
    (308, None, ("Double 1 = no damage",), lambda d: d.tank_damage.side.double_one, "no_damage"),
    (310, None, ("Double 6 = Immobilised",), lambda d: d.tank_damage.side.double_six, "immobilised"),
    (312, None, ("Any other double = destroyed",), lambda d: d.tank_damage.side.other_double, "destroyed"),
    (316, None, ("Any double = no damage",), lambda d: d.tank_damage.front.any_double, "no_damage"),
    (318, None, ("Any other = destroyed",), lambda d: d.tank_damage.front.not_double, "destroyed"),
    (320, None, ("Any hit on halftrack or truck = destroyed",), lambda d: d.tank_damage.soft_skin, "destroyed"),
]


@pytest.mark.parametrize("line,quick,quotes,get,value", NUMBERS, ids=[f"L{n[0]}" for n in NUMBERS])
def test_the_texts_numbers(data, line, quick, quotes, get, value):
    says(line, *quotes)
    says(quick, *quotes)
    assert get(data) == value


def test_every_action_of_the_table_is_priced_and_no_other(data):
    assert set(data.actions) == set(ACTION_IDS)
    added = {"turn_on_the_spot", "go_prone"}  # not in the table: interpretations facing and prone
    assert {a for a in ACTION_IDS if a not in added} == {
        "move", "crawl", "unaimed_fire", "aimed_fire", "negotiate_obstacle", "throw_grenade", "hand_to_hand",
        "perform_action", "opportunity_fire", "hide", "rally", "stand_from_prone", "suppressive_fire", "reload",
        "plot_indirect_fire", "open_locked_door_internal", "open_locked_door_external"}


def test_the_support_weapons_that_need_loaders(data):
    says(96, "MG39/42, BREN and BAR", "will cost 2 action points to re-load")
    assert {w for w, x in data.weapons.items() if x.loader} == {"mg42", "bren", "bar", "browning_30"}
    says(114, "Quad, HMG's, LMG's, SMG's, BAR's, Bren's and Assault rifles")
    assert {x.kind for x in data.weapons.values() if x.suppress} == {"quad", "hmg", "lmg", "smg", "assault_rifle"}


# ---- the chances the tables give, worked out by hand -----------------------------------------------
def _2d6(ok: Callable[[int, int], bool]) -> Fraction:
    return Fraction(sum(1 for a, b in product(range(1, 7), repeat=2) if ok(a, b)), 36)


def test_the_2d6_tables_give_the_chances_worked_by_hand(data):
    # 2d6 totals: 2:1 3:2 4:3 5:4 6:5 7:6 8:5 9:4 10:3 11:2 12:1 ways in 36
    building, open_ = data.blast_effect.building, data.blast_effect.open
    assert _2d6(lambda a, b: building.result(a + b) == "killed") == Fraction(30, 36)      # 5-12: 36 - 1 - 2 - 3
    assert _2d6(lambda a, b: building.result(a + b) == "suppressed") == Fraction(5, 36)   # 3-4: 2 + 3
    assert _2d6(lambda a, b: open_.result(a + b) == "killed") == Fraction(21, 36)         # 7-12: 6+5+4+3+2+1
    assert _2d6(lambda a, b: open_.result(a + b) == "suppressed") == Fraction(5, 36)      # 6
    assert _2d6(lambda a, b: open_.result(a + b) == "no_effect") == Fraction(10, 36)      # 2-5: 1+2+3+4
    mg, light = data.suppressive_fire.chance["mg"].need, data.suppressive_fire.chance["light"].need
    assert mg is not None and light is not None
    assert _2d6(lambda a, b: a + b >= mg) == Fraction(30, 36)      # 5-12
    assert _2d6(lambda a, b: a + b >= light) == Fraction(26, 36)   # 6-12
    rows = data.grenades.opening
    assert [_2d6(lambda a, b, r=r: r.automatic or a + b >= (r.need or 99)) for r in rows] == [
        1, Fraction(30, 36), Fraction(10, 36), Fraction(1, 36)]   # automatic, 5-12, 9-12, 12
    lo, hi = data.mortar.on_target
    assert _2d6(lambda a, b: lo <= a + b <= hi) == Fraction(21, 36)   # 2-7: 1+2+3+4+5+6
    assert _2d6(lambda a, b: a == b == 1) == Fraction(1, 36)          # a radio fails on a double one
    assert _2d6(lambda a, b: a == b) == Fraction(6, 36)               # after one, on any double


def test_the_tank_damage_chances(data):
    side = data.tank_damage.side

    def side_result(a: int, b: int) -> str:
        if a == b == 1:
            return side.double_one
        if a == b == 6:
            return side.double_six
        return side.other_double if a == b else side.not_double

    assert _2d6(lambda a, b: side_result(a, b) == "destroyed") == Fraction(34, 36)   # all but double 1 and 6
    assert _2d6(lambda a, b: side_result(a, b) == "immobilised") == Fraction(1, 36)
    front = data.tank_damage.front
    assert _2d6(lambda a, b: (front.any_double if a == b else front.not_double) == "destroyed") == Fraction(30, 36)


def test_a_hit_in_the_open_always_kills_and_hard_cover_saves_half(data):
    """d6 at or under the save: over it killed, equal two levels, under one (L84-92)."""
    def outcomes(save: int) -> tuple[Fraction, Fraction, Fraction]:
        killed = Fraction(sum(1 for r in range(1, 7) if r > save), 6)
        equal = Fraction(sum(1 for r in range(1, 7) if r == save), 6)
        return killed, equal, 1 - killed - equal

    assert outcomes(0) == (1, 0, 0)                                       # no cover, no hindrance
    assert outcomes(data.saving.hard_cover) == (Fraction(3, 6), Fraction(1, 6), Fraction(2, 6))
    assert outcomes(data.saving.soft_cover + data.saving.per_hindrance) == (Fraction(3, 6), Fraction(1, 6), Fraction(2, 6))


# ---- dice and readings ----------------------------------------------------------------------------
def test_the_grenade_die_is_registered_with_its_faces(data):
    die = named("dgrenade")
    assert die is not None and die.labels == ("BANG", "BANG", "BANG", "fuse", "fuse", "fuse")
    assert die.faces_showing("fuse") == (4, 5, 6) and data.grenades.return_explodes_on == [1]
    assert Dice.forced([5]).roll("dgrenade", "the grenade's fuse").describe() == "the grenade's fuse: grenade die [fuse]"


def test_every_reading_named_in_the_file_is_written(data):
    import re

    ids = {i.id for i in data.interpretations}
    named_ids: set[str] = set()
    for m in re.finditer(r"interpretations? ([a-z][a-z-]*[a-z])", PATH.read_text(encoding="utf-8")):
        named_ids.add(m.group(1))
    named_ids.discard("solo-force-table")  # the solo reading comes with the solo slice
    assert len(named_ids) > 15 and named_ids <= ids, sorted(named_ids - ids)
    design = (ROOT / "docs" / "ww2-135-design.md").read_text(encoding="utf-8")
    argued = design[design.index("## 3. Ambiguities and readings"):design.index("## 4. Engine mechanisms needed")]
    assert not [i for i in ids if f"**{i}" not in argued and f", {i}" not in argued and f"/ {i}" not in argued]


# ---- cross-references and broken files ------------------------------------------------------------
BROKEN = [
    (set_at(("troop_types", "us_rifleman", "weapons"), ["m1"]), "troop_types.us_rifleman.weapons[0]", "unknown weapon 'm1'"),
    (set_at(("troop_types", "us_radio", "equipment"), ["walkie"]), "troop_types.us_radio.equipment[0]", "unknown equipment 'walkie'"),
    (del_at(("actions", "hide")), "actions", "hide missing"),
    (set_at(("actions", "sprint"), {"cost": 1}), "actions.sprint", "no such action"),
    (set_at(("weapons", "pistol", "suppress_range"), 20), "weapons.pistol.suppress_range", "only a weapon that lays suppressive fire"),
    (set_at(("weapons", "bazooka", "max_range"), 30), "weapons.bazooka.max_range", "reaches its table's last band (24\")"),
    (set_at(("grenades", "fuse_late_faces"), ["BANG", "fuse"]), "grenades.fuse_late_faces", "some face of the grenade die must go off at once"),
    (set_at(("grenades", "return_explodes_on"), [5]), "grenades.return_explodes_on[0]", "goes off in the hand on an explosion face"),
    (set_at(("heights", "defaults", "castle"), 9), "heights.defaults.castle", "unknown terrain type 'castle'"),
    (set_at(("solo", "force_table", 1, "troops"), ["grenadier"]), "solo.force_table[1].troops[0]", "unknown troop type 'grenadier'"),
    (set_at(("blast_effect", "open", "killed"), [8, 12]), "blast_effect.open", "the rows must cover each total 2-12 once"),
    (set_at(("morale", "levels"), ["confident", "shaken", "suppressed", "broken"]), "morale", "in that order (L248)"),
    (set_at(("grenades", "deviation"), [{"upto": 10, "by": 0}, {"upto": 5, "by": 2}]), "grenades", "the deviation bands must rise"),
    (set_at(("smoke", "clouds_by_turn"), [1, 2]), "smoke", "smoke lasts 3"),
    (set_at(("shooting", "aimed"), 9), "shooting.aimed", "less than or equal to 6"),
    (set_at(("end",), "ww2-skirmish"), "end", "does not end with the line `end: ww2-135`"),
]


@pytest.mark.parametrize("change,field,words", BROKEN, ids=[b[1] + f"-{i}" for i, b in enumerate(BROKEN)])
def test_a_broken_file_is_refused_naming_the_field(raw, change, field, words):
    refused_naming(raw, change, "w135.yaml", field, words)


def test_the_cross_reference_function_itself(raw):
    d = copy.deepcopy(raw)
    d["troop_types"]["de_mg42"]["weapons"] = ["mg34"]
    doc = parse_yaml(dump_yaml(d), "w135.yaml")
    model = validate_model(W135Data, doc)
    with pytest.raises(DataError) as e:
        check_w135_data(model, doc)
    assert e.value.field == "troop_types.de_mg42.weapons[0]" and "unknown weapon 'mg34'" in e.value.message


def test_validate_names_file_and_line_of_a_broken_copy(tmp_path):
    broken_copy_is_named(tmp_path, PATH, "  unaimed: 5                # L71", "  unaimed: five             # L71", "shooting.unaimed")
