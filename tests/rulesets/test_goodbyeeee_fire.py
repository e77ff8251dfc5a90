"""GOODBYEEEEEE!!! (issue 19), slice 4: single shots, pins and the rally, with exact odds
computed by hand and forced dice (distances in cm)."""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

from game.core.commands import Command
from game.core.game import Game
from game.core.odds import fractions_of
from game.rulesets.goodbyeeee.status import GbFigMark
from tests.rulesets.gb_kit import (
    PIN_8,
    move,
    next_turn_step,
    no_points,
    odds,
    order,
    shot,
    to_step,
)
from tests.rulesets.helpers import (
    first_going,
    force,
    ok,
    refused,
    small_map,
    unit,
)
from tests.rulesets.odds_kit import disagreements, observe

TRENCH = {"type": "trench", "line": [[0, 60], [120, 60]], "width": 4}
#: a private alone: no officer or NCO within 20 cm, so it tests on the squad value 6
def duel(a_figs: list[tuple[str, float, float]], b_figs: list[tuple[str, float, float]],
         terrain: list[dict[str, Any]] | None = None, step: str = "fire") -> Game:
    doc = small_map([unit("a1", a_figs)], [unit("b1", b_figs)], terrain=terrain, ruleset="goodbyeeee", unit="cm",
                    size=(120, 120), turn_limit=4)
    game = no_points(first_going(doc))
    to_step(game, step)
    return game


# ---- the three rolls (L123-127) and the chart (L176-196) -------------------------------------------
def test_a_rifle_at_short_range_in_the_open_kills_a_quarter_of_the_time_and_pins_on_2d6_over_6():
    game = duel([("private", 20, 20)], [("private", 20, 45)])  # 25 cm: short range
    assert odds(game) == shot(F(1, 4), F(1, 2))


def test_cover_stops_half_and_a_prone_figure_in_the_open_saves_on_1_or_2():
    game = duel([("private", 20, 40)], [("private", 20, 60)], terrain=[TRENCH])  # in the trench
    assert odds(game) == shot(F(1, 8), F(1, 2))
    game = duel([("private", 20, 20)], [("private", 20, 45)], step="initiative")
    game.state.figures["b1.1"].markers[GbFigMark.PRONE] = True
    to_step(game, "fire")
    assert odds(game) == shot(F(1, 2) * F(2, 3) * F(1, 2), F(1, 2))  # 1/6


def test_long_range_needs_one_more_and_a_leader_within_20_cm_tests_on_his_courage():
    game = duel([("private", 20, 20)], [("private", 20, 60), ("junior_nco", 39, 60)])  # 40 cm; the NCO 19 cm away
    assert odds(game) == shot(F(1, 3) * F(1, 2), F(1, 3), PIN_8)


def test_a_shotgun_hits_on_3_at_short_range_and_5_at_long():
    """L185: "3+ (5+ at Long)", the row's own long score rather than the header's +1 (it was
    read as 4+), and wounds on 3+ short, 6+ long."""
    game = duel([("raider_shotgun", 20, 20)], [("private", 20, 28)])  # 8 cm: short range
    assert odds(game) == shot(F(2, 3) * F(2, 3), F(2, 3))
    game = duel([("raider_shotgun", 20, 20)], [("private", 20, 35)])  # 15 cm: long range
    assert odds(game) == shot(F(1, 3) * F(1, 6), F(1, 3))


def test_the_at_rifle_is_minus_1_against_a_man_and_cover_stops_it_only_on_1_or_2():
    game = duel([("at_rifleman", 20, 40)], [("private", 20, 60)], terrain=[TRENCH])
    assert odds(game) == shot(F(1, 3) * F(2, 3) * F(2, 3), F(1, 3))  # 5+, through on 3-6, wounds on 3+


def test_body_armour_is_minus_1_to_wound():
    doc_figs = [("private", 20, 45)]
    game = duel([("private", 20, 20)], doc_figs)
    game.state.figures["b1.1"].equipment = ["body_armour"]
    assert odds(game) == shot(F(1, 2) * F(1, 3), F(1, 2))


def test_a_sergeant_fires_his_rifle_twice_and_a_wounded_sergeant_has_a_wound_left():
    game = duel([("senior_nco", 20, 20), ("private", 25, 20)], [("senior_nco", 20, 45), ("private", 40, 45)])
    force(game, 6, 6)  # hit, wound: the sergeant has 2 wounds
    ok(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    assert game.state.figures["b1.1"].alive and "wounded (1 wound left)" in game.log.events[-1].text
    force(game, 1)
    ok(game, Command("fire", "a", figure="a1.1", target="b1.2"))  # his second attack, at another target
    assert "has fired this turn" in refused(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    force(game, 6, 6, 1, 1)  # the sergeant falls: 1 of 2 left, the private tests (and passes)
    ok(game, Command("fire", "a", figure="a1.2", target="b1.1"))
    assert not game.state.figures["b1.1"].alive


def test_the_odds_shown_are_what_resolving_the_shot_does():
    game = duel([("private", 20, 40)], [("private", 20, 60), ("junior_nco", 35, 62)], terrain=[TRENCH])
    rep = game.rules.odds(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    assert disagreements(rep, observe(game, rep, 7)) == []


# ---- move and fire (L102, L107-109, L245), snipers (L230-234) ------------------------------------
def test_what_a_figure_moved_decides_what_it_may_fire():
    figs = [("junior_nco", 20, 20), ("private", 25, 20), ("raider_pistol", 30, 20), ("stormtrooper", 35, 20)]
    game = duel(figs, [("private", 20, 45)], step="orders")
    order(game, 1, 1)
    move(game, "a1.1", (20, 25))  # 5 cm
    move(game, "a1.2", (25, 26))  # 6 cm
    move(game, "a1.3", (30, 35))  # 15 cm
    move(game, "a1.4", (35, 40))  # 20 cm
    to_step(game, "fire")
    for fid in ("a1.1", "a1.3", "a1.4"):
        assert game.rules.is_legal(game, Command("fire", "a", figure=fid, target="b1.1")), fid
    assert "the Rifle fires after at most 5 cm" in refused(game, Command("fire", "a", figure="a1.2", target="b1.1"))


def test_a_dash_forbids_fire_that_turn_and_costs_1_to_hit_the_next():
    game = duel([("junior_nco", 20, 20), ("private", 25, 20)], [("private", 25, 70)], step="orders")
    order(game, 1, 1)
    move(game, "a1.2", (25, 45), dash=True)
    to_step(game, "fire")
    assert "dashed this turn and may not fire" in refused(game, Command("fire", "a", figure="a1.2", target="b1.1"))
    force(game, 9, 3)
    next_turn_step(game, "fire")
    assert odds(game, "a1.2") == shot(F(1, 3) * F(1, 2), F(1, 3))  # 25 cm away: 4+ and 1 more


def test_a_sniper_is_hidden_until_spotted_and_fires_as_a_rifleman_after_moving():
    game = duel([("private", 20, 20)], [("sniper", 20, 50)])
    assert "nobody has spotted" in refused(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    for _ in range(20):  # on to B's fire step
        if game.state.active_side == "b" and game.state.phase == "fire":
            break
        ok(game, Command("end_phase", game.state.active_side))
    rep = game.rules.odds(game, Command("fire", "b", figure="b1.1", target="a1.1"))
    assert ("weapon", "Sniper rifle") in [(m.name, m.value) for m in rep.modifiers]
    assert fractions_of(rep.outcomes)["out of action"] == F(2, 3) * F(1, 2)  # 3+ to hit, 4+ to wound
    force(game, 2, 5)  # a miss; A roll 5 to spot him
    ok(game, Command("fire", "b", figure="b1.1", target="a1.1"))
    assert game.state.figures["b1.1"].markers[GbFigMark.SPOTTED] is True
    game.state.figures["b1.1"].markers[GbFigMark.MOVED_CM] = 3.0  # as if it had moved 3 cm this turn
    game.state.figures["b1.1"].markers.pop(GbFigMark.FIRED)
    rep = game.rules.odds(game, Command("fire", "b", figure="b1.1", target="a1.1"))
    assert ("weapon", "Rifle") in [(m.name, m.value) for m in rep.modifiers]  # 30 cm: a rifle's short range
    assert fractions_of(rep.outcomes)["out of action"] == F(1, 2) * F(1, 2)


# ---- pins, seeking out and the rally (L93, L158-164) ---------------------------------------------
def test_a_pinned_figure_may_not_move_fire_or_be_ordered_and_rallies_at_the_start_of_its_turn():
    game = duel([("private", 20, 20), ("junior_nco", 60, 20)], [("private", 20, 45), ("private", 40, 45)])
    force(game, 5, 1, 4, 3)  # hit, not wounded; courage 4 + 3 = 7 over 6: pinned
    ok(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    pinned = game.state.figures["b1.1"]
    assert pinned.markers[GbFigMark.PINNED] and pinned.markers[GbFigMark.PRONE]
    assert "is pinned, down in cover" in refused(game, Command("fire", "a", figure="a1.2", target="b1.1"))
    force(game, 5, 2)  # B's rally test: 7 over 6, stays pinned
    ok(game, Command("end_phase", "a"))  # fire ends; close combat and B's rally run by themselves
    assert game.state.active_side == "b" and game.state.phase == "initiative"
    assert "stays pinned" in " ".join(e.text for e in game.log.events[-4:])
    assert "is pinned and may not move" in refused(game, Command("move", "b", figure="b1.1", path=((200, 460),)))
    ok(game, Command("end_phase", "b"))
    force(game, 3, 3)
    rep = game.rules.odds(game, Command("order", "b", unit="b1"))
    assert ("troops pinned", "-1") in [(m.name, m.value) for m in rep.modifiers]


def test_the_king_of_diamonds_passes_the_courage_test_of_a_figure_shot_at():
    """L301 "play to pass any Morale test": offered when a figure shot at fails its test, not
    only at the rally; kept, the figure is pinned and the card is offered again later."""
    from tests.rulesets.gb_kit import deal

    game = duel([("private", 20, 20), ("private", 30, 20)], [("private", 20, 45), ("private", 40, 45)])
    deal(game, "b", "KD", face_up=True)
    force(game, 5, 1, 4, 3)  # hit, not wounded; courage 4 + 3 = 7 over 6: failed
    ok(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "b" and "(shot at): play the King of Diamonds" in d["prompt"]
    ok(game, Command("play_card", "b", figure="b1.1", choice="KD", value=0))  # kept
    assert game.state.figures["b1.1"].markers.get(GbFigMark.PINNED)
    force(game, 5, 1, 4, 3)
    ok(game, Command("fire", "a", figure="a1.2", target="b1.2"))
    ok(game, Command("play_card", "b", figure="b1.2", choice="KD", value=1))  # played
    b2 = game.state.figures["b1.2"]
    assert not b2.markers.get(GbFigMark.PINNED) and "KD" not in [c.code for c in game.state.hands.get("b", [])]


def test_the_solo_ai_plays_the_king_of_diamonds_for_a_leader_shot_at_not_a_private():
    """As its Luck on a pin test (ai.py decide): a leader's or a gunner's test, not a private's."""
    from tests.rulesets.gb_kit import deal

    for target, played in (("private", 0), ("junior_nco", 1)):
        game = duel([("private", 20, 20)], [(target, 20, 45), ("private", 40, 45)])
        deal(game, "b", "KD", face_up=True)
        force(game, 5, 1, 6, 6)  # hit, not wounded; courage 12: failed by anyone
        ok(game, Command("fire", "a", figure="a1.1", target="b1.1"))
        pick = game.rules.planner.decide(game, "b", game.rules.decision_options(game))
        assert pick is not None and pick.kind == "play_card" and pick.value == played, target


def test_a_pinned_figure_can_be_shot_only_by_a_firer_that_moved_nearer():
    game = duel([("junior_nco", 20, 20), ("private", 25, 20)], [("private", 20, 45)], step="orders")
    game.state.figures["b1.1"].markers[GbFigMark.PINNED] = True
    order(game, 1, 1)
    move(game, "a1.2", (27, 20))  # sideways: 2 cm further off
    move(game, "a1.1", (20, 24))  # nearer
    to_step(game, "fire")
    assert "only a firer that moved nearer" in refused(game, Command("fire", "a", figure="a1.2", target="b1.1"))
    assert game.rules.is_legal(game, Command("fire", "a", figure="a1.1", target="b1.1"))
