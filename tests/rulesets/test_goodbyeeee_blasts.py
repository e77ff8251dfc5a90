"""GOODBYEEEEEE!!! (issue 19), slice 9: grenades, mortars and the cluster grenade, with the
named scatter die (faces 1-2 HIT, 3-6 an arrow) and forced dice (distances in cm)."""

from __future__ import annotations

from fractions import Fraction as F

from game.core.commands import Command
from game.core.game import Game
from game.core.named_dice import named
from game.core.odds import fractions_of
from game.core.state import DEAD
from game.rulesets.goodbyeeee.status import GbFigMark
from tests.rulesets.gb_kit import game_of, no_points, to_step
from tests.rulesets.helpers import first_going, force, ok, refused, unit

TRENCH = {"type": "trench", "line": [[0, 50], [80, 50]], "width": 4}
WALL = {"type": "wall", "line": [[0, 40], [80, 40]]}


def throw_game(thrower: tuple, targets: list, terrain: list | None = None, more_a: list | None = None) -> Game:
    doc_a = [unit("a1", [thrower]), *(more_a or [])]
    game = game_of(doc_a, [unit("b1", targets)])
    if terrain:
        from tests.rulesets.helpers import small_map

        d = small_map(doc_a, [unit("b1", targets)], terrain=terrain, ruleset="goodbyeeee", unit="cm", size=(120, 120), turn_limit=6)
        game = no_points(first_going(d))
    to_step(game, "fire")
    return game


def at_point(game: Game, x: float, y: float, weapon: str, fid: str = "a1.1") -> None:
    ok(game, Command("fire_at_point", "a", figure=fid, point=(x * 10, y * 10), choice=weapon))


def rolls(game: Game, n: int) -> list[str]:
    return [e.roll.reason for e in game.log.events[n:] if e.roll is not None]


def test_the_scatter_die_is_named_with_two_hit_faces_of_six():
    throw_game(("bomber", 40, 30), [("private", 40, 38)])  # the ruleset's data names its dice when it loads
    die = named("dscatter")
    assert die is not None and die.faces_showing("HIT") == (1, 2) and len(die.labels) == 6


def test_a_bomber_s_short_throw_never_scatters():
    game = throw_game(("bomber", 40, 30), [("private", 40, 38)])
    n = len(game.log.events)
    force(game, 4)  # only the wound roll: 4+
    at_point(game, 40, 38, "hand_grenade")
    assert rolls(game, n) == ["Hand grenade: to wound Private (rifleman)"]
    assert game.state.figures["b1.1"].life == DEAD


def test_a_hit_lands_on_the_point_and_an_arrow_moves_it_the_dice_that_way():
    game = throw_game(("raider_pistol", 40, 30), [("private", 40, 38)])  # not a specialist: 1D6 at short range
    force(game, 2, 6, 1, 3, 3)  # HIT (the distance die rolled but not used); wounds on 4+: a 1 does not; its courage holds
    at_point(game, 40, 38, "hand_grenade")
    assert any("It lands on target (HIT)" in e.text for e in game.log.events[-8:])
    game = throw_game(("raider_pistol", 40, 30), [("private", 40, 38)])
    force(game, 3, 5, 0)  # an arrow, 5 cm, toward 0 degrees (+x): 5 cm off, outside the 4 cm radius
    at_point(game, 40, 38, "hand_grenade")
    assert any("It lands 5 cm off toward 0 degrees" in e.text for e in game.log.events[-4:])
    assert "Nobody is under the blast." in [e.text for e in game.log.events[-2:]]


def test_each_obstruction_crossed_adds_a_die_and_a_landing_in_a_trench_wounds_on_3():
    game = throw_game(("raider_pistol", 40, 35), [("private", 40, 50)], terrain=[WALL, TRENCH])
    plan = game.rules.blasts.plan(game, game.state.figures["a1.1"], "hand_grenade", (400, 500))
    assert plan["dice"] == 3 and "1 obstruction +1D6" in plan["words"]  # long range 2D6 + the wall
    game = throw_game(("raider_pistol", 40, 44), [("private", 40, 50)], terrain=[TRENCH])
    force(game, 1, 2, 4, 3)  # HIT, distance die 2 (unused); the trench's cover roll 4 lets it through; wounds on 3 (confined, L209)
    at_point(game, 40, 50, "hand_grenade")
    assert game.state.figures["b1.1"].life == DEAD


def test_can_t_miss_rolls_twice_and_the_thrower_picks():
    game = throw_game(("raider_pistol", 40, 45.5), [("private", 40, 50)], terrain=[TRENCH])  # 2.5 cm from the trench
    force(game, 3, 4, 90, 1, 2)  # throw 1: an arrow 4 cm toward +y; throw 2: HIT
    at_point(game, 40, 50, "hand_grenade")
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "a" and [o["label"] for o in d["options"]] == [
        "on target (HIT)", "4 cm off toward 90 degrees"]
    force(game, 4, 3)  # the trench's cover roll lets it through; 3 wounds in the trench
    ok(game, Command("pick_landing", "a", figure="a1.1", value=1))  # the HIT
    assert game.state.figures["b1.1"].life == DEAD


def test_a_mortar_s_second_round_at_short_range_where_the_first_fell_is_on_target():
    crew = [("mortar_50mm", 40, 10), ("junior_nco", 45, 10)]
    game = game_of([unit("a1", crew)], [unit("b1", [("private", 40, 40)])])
    to_step(game, "fire")
    game.state.figures["a1.1"].markers[GbFigMark.LAST_IMPACT] = [400.0, 400.0]
    plan = game.rules.blasts.plan(game, game.state.figures["a1.1"], "granatenwerfer", (400, 400))
    assert plan["dice"] == 0 and plan["scatter_dice"] == 2
    first = game.rules.blasts.plan(game, game.state.figures["a1.1"], "granatenwerfer", (400, 410))
    assert first["dice"] == 2 and first["scatter_dice"] == 1  # 31 cm: short band, 2D6
    assert "The 5 cm Granatenwerfer (small 50 mm mortar) is fired at a point" in refused(
        game, Command("fire", "a", figure="a1.1", target="b1.1", choice="granatenwerfer"))


def test_a_mortar_needs_its_crew_or_an_nco_who_sees_the_mortar_to_see_the_point():
    house = {"type": "building", "polygon": [[30, 20], [50, 20], [50, 30], [30, 30]]}
    crew = [("mortar_50mm", 40, 10), ("crewman", 44, 10)]
    spotter = unit("a2", [("junior_nco", 60, 40)])
    from tests.rulesets.helpers import small_map

    for extra, ok_ in (([], False), ([spotter], False)):
        d = small_map([unit("a1", crew), *extra], [unit("b1", [("private", 40, 45)])], terrain=[house], ruleset="goodbyeeee",
                      unit="cm", size=(120, 120))
        game = no_points(first_going(d))
        to_step(game, "fire")
        why = refused(game, Command("fire_at_point", "a", figure="a1.1", point=(400, 450), choice="granatenwerfer"))
        assert "Neither the crew nor a mortar NCO" in why and not ok_
    crew_nco = crew + [("junior_nco", 60, 25)]  # an NCO of the mortar's own section, who sees round the house
    d = small_map([unit("a1", crew_nco)], [unit("b1", [("private", 40, 45)])], terrain=[house], ruleset="goodbyeeee", unit="cm",
                  size=(120, 120))
    game = no_points(first_going(d))
    to_step(game, "fire")
    assert game.rules.is_legal(game, Command("fire_at_point", "a", figure="a1.1", point=(400, 450), choice="granatenwerfer"))


def test_the_cluster_grenade_hits_on_3_and_its_blast_wounds_on_3():
    game = throw_game(("private", 40, 35), [("private", 40, 38)])
    game.state.figures["a1.1"].weapons = ["cluster_grenade"]
    rep = game.rules.odds(game, Command("fire", "a", figure="a1.1", target="b1.1", choice="cluster_grenade"))
    assert fractions_of(rep.outcomes)["out of action"] == F(2, 3) * F(2, 3)


def test_the_odds_of_a_throw_are_what_resolving_it_does():
    from tests.rulesets.odds_kit import disagreements, observe

    game = throw_game(("raider_pistol", 40, 30), [("private", 40, 38), ("private", 43, 38)])
    rep = game.rules.odds(game, Command("fire_at_point", "a", figure="a1.1", point=(400, 380), choice="hand_grenade"))
    assert 0 < rep.outcomes.p(0) < 1
    assert disagreements(rep, observe(game, rep, 31)) == []
