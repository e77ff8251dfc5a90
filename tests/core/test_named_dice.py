"""Dice with words on their faces (game/core/named_dice.py): the scatter die's HIT and
arrows, rolled, shown, enumerated for exact odds, checked in data, drawn in the tray."""

from __future__ import annotations

from fractions import Fraction

import pygame
import pytest
from pydantic import TypeAdapter, ValidationError

from game.core.dice import Dice, Roll
from game.core.named_dice import NamedDie, named, register
from game.core.odds import enumerate_outcomes
from game.data.pyd import DiceSpec

SCATTER = register(NamedDie("tscatter", "scatter die", ("HIT", "HIT", "arrow", "arrow", "arrow", "arrow")))


def test_a_named_die_rolls_numbered_faces_and_shows_their_words():
    r = Dice.forced([2]).roll("dtscatter", "grenade lands")
    assert r.faces == [2] and r.labels == ["HIT"]
    assert r.describe() == "grenade lands: scatter die [HIT]"
    pool = Dice.forced([1, 5]).roll("2dtscatter", "mortar: two scatter dice")
    pool.outcome = "the nearer is used"
    assert pool.labels == ["HIT", "arrow"]
    assert pool.describe() == "mortar: two scatter dice: 2 x scatter die [HIT, arrow] -> the nearer is used"
    assert Dice.forced([4]).roll("d6", "plain").labels is None  # numbered dice have no words


def test_the_words_are_not_stored_so_saves_and_digests_do_not_change():
    r = Dice.forced([3]).roll("dtscatter", "x")
    assert "labels" not in r.to_dict()
    assert Roll.from_dict(r.to_dict()).labels == ["arrow"]


def test_exact_odds_read_the_words_one_in_three_on_target():
    def lands(dice: Dice) -> str:
        return SCATTER.label(dice.roll("dtscatter", "scatter").value)

    d = enumerate_outcomes(lands)
    assert d.exact and d.fractions == {"HIT": Fraction(1, 3), "arrow": Fraction(2, 3)}
    # two dice, the thrower chooses: on target unless both show an arrow, 1 - (2/3)^2 = 5/9
    hit = SCATTER.faces_showing("HIT")
    assert enumerate_outcomes(lambda d: any(f in hit for f in d.roll("2dtscatter", "two").faces)).fractions[True] == Fraction(5, 9)


def test_one_id_is_one_die():
    assert register(NamedDie("tscatter", "scatter die", ("HIT", "HIT", "arrow", "arrow", "arrow", "arrow"))) is not None
    with pytest.raises(ValueError, match="already known with other faces"):
        register(NamedDie("tscatter", "scatter die", ("HIT", "arrow", "arrow", "arrow", "arrow", "arrow")))
    with pytest.raises(ValueError, match="not 'av'"):
        NamedDie("av", "average", ("2", "3"))
    with pytest.raises(ValueError, match="no face 'MISS'"):
        SCATTER.faces_showing("MISS")
    assert named("dtscatter") is SCATTER and named("d6") is None


def test_data_files_may_name_a_registered_die_and_are_told_when_it_is_unknown():
    spec = TypeAdapter(DiceSpec)
    assert spec.validate_python("2dtscatter") == "2dtscatter"
    with pytest.raises(ValidationError, match="or d \\+ a die the ruleset names"):
        spec.validate_python("dnosuchdie")


def test_the_dice_tray_draws_the_word():
    from game.ui.dice_tray import draw_die

    pygame.init()
    blank = pygame.Surface((40, 40))
    blank.fill((0, 0, 0))
    drawn = blank.copy()
    draw_die(drawn, pygame.Rect(4, 4, 30, 30), "dtscatter", 1, True)
    other = blank.copy()
    draw_die(other, pygame.Rect(4, 4, 30, 30), "dtscatter", 3, True)
    assert pygame.image.tobytes(drawn, "RGB") != pygame.image.tobytes(blank, "RGB")
    assert pygame.image.tobytes(drawn, "RGB") != pygame.image.tobytes(other, "RGB")  # HIT and arrow differ


def test_a_ruleset_file_names_its_dice_and_rolls_them_in_its_tables():
    from game.data.ruleset_schema import RulesetData

    class WithGrenades(RulesetData):
        grenade_roll: DiceSpec

    head = {"kind": "ruleset", "id": "t", "name": "T", "source": "t.txt", "unit": "cm", "base_diameter": 2.5, "end": "t"}
    data = WithGrenades.model_validate({**head, "dice": {"tgren": {"name": "grenade die", "faces": ["1", "2", "3", "boom"]}},
                                        "grenade_roll": "2dtgren"})
    assert named("dtgren") is not None and named("dtgren").label(4) == "boom"  # type: ignore[union-attr]
    assert data.grenade_roll == "2dtgren"
    with pytest.raises(ValidationError, match="(?s)dice.*not 'av'"):
        WithGrenades.model_validate({**head, "dice": {"av": {"name": "x", "faces": ["a", "b"]}}, "grenade_roll": "d6"})
    with pytest.raises(ValidationError, match="grenade_roll"):
        WithGrenades.model_validate({**head, "grenade_roll": "dtnotnamed"})


def test_rulesets_without_named_dice_keep_their_data_digest():
    """A save keeps its ruleset's data digest; adding the ``dice`` section must not change
    it for a file that names no dice (every save made before would say it no longer fits).
    The digests are those of the shipped files before named dice came in (commit 2f8aed4):
    a change to a shipped ruleset file changes them on purpose, here too (WW2 Skirmish's
    since its force table's stand-ins, and again since its readings support-weapons and
    solo-soft-skins of 2026-12-01, and its reading solo-orders's defending tank of 2026-12-02; WWIFY's since its readings solo-fire and solo-rally, the same day, and its optional rule solo_afvs with its reading solo-afvs; all three again on 2026-12-03: the
    Great War's readings wire and solo-counters, WWIFY's medic readings and machine_medics on by
    default, WW2 Skirmish's mortars that save actions and its readings of damage, morale, routs
    and the solo orders); WWIFY's again later that day, for its readings rally and medic-when
    (the twenty-first session's review); the Great War's and WW2 Skirmish's on the twenty-second
    session's review (readings solo-support and transport, the jeep's gunner); WWIFY's again on a later
    review (flyers and barrages, the squad's range, the solo counters, capture, casualty-choice, its own
    reading solo-support and the force table's roll-8 engineers). Force table stand-ins came later the same way: a
    ``solo`` section without them digests as before (the Great War's and WWIFY's)."""
    from game.catalog import load_ruleset, terrain_file
    from game.data.ruleset_schema import data_digest

    before = {"great-war-54mm": "80f90772993433c4", "wwify": "64b077ee54be46d1", "ww2-skirmish": "d42665bd599eb6d0"}
    for rid, digest in before.items():
        data = load_ruleset(rid).data
        assert data.dice == {}
        assert data_digest(data, terrain_file()) == digest, rid
