"""GOODBYEEEEEE!!! (issue 19), slice 8: machine guns: bursts and the switch after a kill,
the No. 2, jams and their clearing, the HMG's beaten zone (distances in cm)."""

from __future__ import annotations

from fractions import Fraction as F

from game.core.commands import Command
from game.core.game import Game
from game.core.odds import fractions_of
from game.core.state import DEAD
from game.rulesets.goodbyeeee.status import GbFigMark
from tests.rulesets.gb_kit import game_of, next_turn_step, to_step
from tests.rulesets.helpers import force, ok, refused, unit
from tests.rulesets.odds_kit import disagreements, observe

#: a sergeant with three extra wounds: five, so no burst can take him out
TOUGH = {"type": "senior_nco", "at": [40, 60], "equipment": ["extra_wound"] * 3}


def gun_game(a_figs: list, b_units: list, step: str = "fire") -> Game:
    game = game_of([unit("a1", a_figs)], b_units)
    to_step(game, step)
    return game


def jam_odds(game: Game, fid: str = "a1.1", tid: str = "b1.1") -> dict:
    rep = game.rules.odds(game, Command("fire", "a", figure=fid, target=tid))
    return fractions_of(rep.extra["the gun"])


def tough_section() -> list:
    return [{"id": "b1", "name": "b1", "kind": "squad", "figures": [TOUGH]}]


def test_an_lmg_with_its_no_2_fires_3_shots_and_jams_on_two_ones_16_in_216():
    game = gun_game([("lmg_gunner", 40, 30), ("private", 43, 30)], tough_section())
    assert game.rules.auto.shots(game, game.state.figures["a1.1"], "lmg") == 3
    assert jam_odds(game) == {"jams": F(16, 216), "no jam": F(200, 216)}


def test_an_lmg_alone_fires_2_shots_and_jams_on_any_one_11_in_36():
    game = gun_game([("lmg_gunner", 40, 30), ("private", 50, 30)], tough_section())  # 10 cm: no No. 2
    assert game.rules.auto.shots(game, game.state.figures["a1.1"], "lmg") == 2
    assert jam_odds(game) == {"jams": F(11, 36), "no jam": F(25, 36)}
    rep = game.rules.odds(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    assert disagreements(rep, observe(game, rep, 21)) == []


def test_after_a_kill_the_next_shot_is_lost_and_the_last_may_switch_within_5_cm():
    b = [unit("b1", [("private", 40, 60), ("private", 44, 60), ("private", 50, 60), ("junior_nco", 46, 75)])]
    game = gun_game([("lmg_gunner", 40, 30), ("private", 43, 30)], b)
    force(game, 6, 6)  # the first shot kills
    ok(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    d = game.rules.decision(game)
    assert d is not None and "next shot is lost" in d["prompt"]
    assert [o["command"].get("target") for o in d["options"]] == ["b1.2", None]  # 4 cm away; the other is 10
    force(game, 6, 6, 1, 1, 1, 1)  # the third shot kills the second man; the section (2 of 4 left) tests: two rolls, both pass
    ok(game, Command("switch_fire", "a", figure="a1.1", target="b1.2"))
    assert not game.state.figures["b1.2"].alive and game.state.figures["b1.3"].alive
    hits = [e.roll for e in game.log.events if e.roll is not None and e.roll.reason.startswith("LMG gunner to hit")]
    assert len(hits) == 2


def test_a_jammed_gun_spends_its_next_turn_clearing_and_fires_the_turn_after():
    game = gun_game([("lmg_gunner", 40, 30), ("private", 43, 30)], tough_section())
    force(game, 1, 1, 1)
    ok(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    gun = game.state.figures["a1.1"]
    assert gun.markers[GbFigMark.JAMMED] is True
    force(game, 9, 3)
    next_turn_step(game, "initiative")
    assert gun.markers[GbFigMark.CLEARING] == 2
    assert "clearing its jammed gun" in refused(game, Command("move", "a", figure="a1.1", path=((400, 320),)))
    to_step(game, "fire")
    assert "clearing its jammed gun" in refused(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    force(game, 9, 3)
    next_turn_step(game, "fire")
    assert game.rules.is_legal(game, Command("fire", "a", figure="a1.1", target="b1.1"))


def test_the_hmg_gives_each_figure_in_its_zone_a_d6_of_shots_nearest_first_and_loses_the_rest():
    crew = [("hmg_gunner", 40, 10), ("crewman", 37, 10), ("crewman", 43, 10)]
    b = [unit("b1", [("private", 40, 40), ("private", 42, 70), ("private", 60, 50)])]  # the third is outside the 10 cm strip
    game = gun_game(crew, b)
    game.state.figures["a1.3"].life = DEAD  # one crewman lost: 8 shots
    n = len(game.log.events)
    force(game, 6, 1, *[1] * 7)  # 6 shots at the nearest, 1 at the next; 1 lost; seven misses, all 1s
    ok(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    log = game.log.events[n:]
    alloc = [(e.roll.reason, e.roll.outcome) for e in log if e.roll is not None and e.roll.reason.startswith("Beaten zone")]
    assert alloc == [("Beaten zone: shots at Private (rifleman)", "6 shots"), ("Beaten zone: shots at Private (rifleman)", "1 shot")]
    assert any("1 of the gun's shots find no target and are lost" in e.text for e in log)
    assert game.state.figures["a1.1"].markers[GbFigMark.JAMMED] is True  # 3 or more 1s


def test_every_section_given_shots_in_the_beaten_zone_is_under_mg_fire():
    """L95 "Under MG fire -2" on the next command roll: the section of each figure the zone
    gives shots to, not only the one aimed at; a section outside the strip is not."""
    from game.rulesets.goodbyeeee.status import GbUnitMark

    crew = [("hmg_gunner", 40, 10), ("crewman", 37, 10), ("crewman", 43, 10)]
    b = [unit("b1", [("private", 40, 40)]), unit("b2", [("private", 42, 70)]), unit("b3", [("private", 60, 50)])]
    game = gun_game(crew, b)
    force(game, 4, 5, *[2] * 9)  # 4 shots at the nearest (b1), 5 at the next (b2); all miss
    ok(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    marked = {uid: game.state.units[uid].markers.get(GbUnitMark.FIRED_ON) for uid in ("b1", "b2", "b3")}
    assert marked == {"b1": ["mg"], "b2": ["mg"], "b3": None}


def test_an_hmg_that_moved_spends_its_next_turn_setting_up():
    """L224 "Need 1 turn to set-up before firing" (reading hmg): moved in one turn, it may not
    fire in the next, and fires in the one after; one that never moved fires at once."""
    crew = [("hmg_gunner", 40, 10), ("crewman", 37, 10)]
    game = game_of([unit("a1", crew)], [unit("b1", [("private", 40, 40)])])
    to_step(game, "fire")
    gun = game.state.figures["a1.1"]
    assert game.rules.firing.firer_problem(game, gun, "mg") is None  # set up at the start
    gun.markers[GbFigMark.MOVED_CM] = 5.0  # it moved this turn
    next_turn_step(game, "fire")
    assert "setting up this turn (L224" in refused(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    next_turn_step(game, "fire")
    assert game.rules.firing.firer_problem(game, gun, "mg") is None


def test_an_hmg_may_not_fire_through_friends_nor_after_moving():
    crew = [("hmg_gunner", 40, 10), ("crewman", 37, 10)]
    game = game_of([unit("a1", crew), unit("a2", [("private", 40, 25)])], [unit("b1", [("private", 40, 40)])])
    to_step(game, "fire")
    assert "in the beaten zone" in refused(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    game.state.figures["a1.1"].markers[GbFigMark.MOVED_CM] = 1.0
    assert "may not move and fire" in refused(game, Command("fire", "a", figure="a1.1", target="b1.1"))
