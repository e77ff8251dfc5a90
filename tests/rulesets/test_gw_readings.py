"""The Great War in 54mm: the readings of issue 17, each worked out by hand from the
text (shared/rules/great-war-54mm.txt) in a small scripted situation with forced dice.
Every reading is recorded under ``interpretations:`` in rulesets/great-war-54mm.yaml."""

from fractions import Fraction

import pytest

from game.catalog import load_ruleset
from game.core.commands import Command
from game.geometry.measure import edge_distance

from .helpers import end_phases, force, make_game, ok, refused, small_map, unit

IN = 25.4


def dice_rolled(game, res) -> list[str]:
    """The dice a command rolled, as the log shows them."""
    return [e.roll.spec for e in game.log[res.first_event:res.last_event] if e.roll is not None]


def interpretation(rid: str) -> str:
    data = load_ruleset("great-war-54mm").data
    return next(i.reading for i in data.interpretations if i.id == rid)


# ---- 1. distances: base edge to base edge --------------------------------------------


def test_the_shared_measure_is_base_edge_to_base_edge():
    """Two 1" bases (12.7 mm radius) 3" apart centre to centre have a 2" gap; bases in
    contact (or a point on the base's rim) are 0 apart."""
    assert edge_distance((0, 0), 12.7, (3 * IN, 0), 12.7) == pytest.approx(2 * IN)
    assert edge_distance((0, 0), 12.7, (1 * IN, 0), 12.7) == 0.0
    assert edge_distance((0, 0), 12.7, (0.5 * IN, 0), 12.7) == 0.0  # overlapping: 0, never less
    assert edge_distance((0, 0), 12.7, (3 * IN, 0), 0.0) == pytest.approx(2.5 * IN)  # a point


def test_every_ruleset_measures_edge_to_edge():
    assert load_ruleset("great-war-54mm").measure_from == "edge"
    assert load_ruleset("wwify").measure_from == "edge"
    assert load_ruleset("ww2-skirmish").measure_from == "edge"
    assert "base edge to base edge" in interpretation("distances")


@pytest.mark.parametrize("centres,allowed", [(3.0, True), (3.05, False)])
def test_a_two_inch_assault_is_a_two_inch_gap(centres, allowed):
    """Assaults: "All figures within 2” of an enemy figure may assault." Measured base
    edge to base edge, two 1" bases 3" apart centre to centre have a 2" gap: in reach;
    3.05" apart (a 2.05" gap): not."""
    game = make_game(small_map([unit("a1", [("rifleman", 20, 30)])], [unit("b1", [("rifleman", 20, 30 - centres)])]))
    end_phases(game, "assaults", "a")
    cmd = Command("assault", "a", unit="a1", target="b1")
    if allowed:
        force(game, 1, 1)  # the assault misses; the defender fights back and misses
        ok(game, cmd)
    else:
        assert "within 2\"" in refused(game, cmd)


@pytest.mark.parametrize("gap,band", [(12, "short"), (12.1, "long"), (24, "long"), (24.1, None)])
def test_rifle_range_is_the_gap_between_the_bases(gap, band):
    """Shooting: "Rifle 12” 24”", "Short range dice hit on a 4+, Long range on a 5+".
    A rifleman (1" base) at a rifleman: the gap between the bases is the range; 24" of
    gap is 25" centre to centre and still long range."""
    game = make_game(small_map([unit("a1", [("rifleman", 24, 44)])], [unit("b1", [("rifleman", 24, 44 - gap - 1)])]))
    end_phases(game, "shooting", "a")
    cmd = Command("fire", "a", figure="a1.1", target="b1")
    if band is None:
        assert "out of Rifle range" in refused(game, cmd)
        return
    rep = game.rules.odds(game, cmd)
    p = Fraction(1, 2) if band == "short" else Fraction(1, 3)
    assert rep.outcomes.fractions == {1: p, 0: 1 - p}


def test_range_to_a_gun_counts_its_wider_base():
    """The HMG's base is 1.5": a rifle 24" from its base edge is 24" + 0.5" + 0.75" =
    25.25" from its centre, and in range (long, 5+); 0.1" further it is not."""
    for centres, in_range in ((25.25, True), (25.35, False)):
        b = [unit("g", [("hmg", 24, 44 - centres)], kind="crew")]
        game = make_game(small_map([unit("a1", [("rifleman", 24, 44)])], b))
        end_phases(game, "shooting", "a")
        reason = game.check(Command("fire", "a", figure="a1.1", target="g"))
        assert (reason is None) == in_range, reason


def test_activation_spread_is_measured_between_base_edges():
    """Movement: "If the result is higher than the greatest number of inches between any
    two figures in the unit then that unit may only move figures towards the officer or
    sergeant". Three figures 2.5" apart centre to centre: 5" between the outer centres,
    4" between the outer base edges. A d10 of 5 is higher than 4: regroup (centre to
    centre it would not have been)."""
    game = make_game(small_map([unit("a1", [("sergeant", 20, 40), ("rifleman", 22.5, 40), ("rifleman", 25, 40)])],
                               [unit("b1", [("rifleman", 22, 6)])]))
    assert game.rules.activation_spread_in(game, "a1") == pytest.approx(4.0)
    end_phases(game, "movement", "a")
    # the sidebar says the chance before the roll (d10 1-4 advances: 4 in 10) and which reading is in play
    said = game.rules.unit_options(game, "a1")
    assert 'Activation: the unit\'s spread is 4.0"; it may advance on a d10 of 1-4 (4 in 10).' in said[1]
    assert "a bunched unit fails most rolls" in said[1] and "'Activation: spread-out units regroup'" in said[1]
    force(game, 5, 3, 3)
    ok(game, Command("activate", "a", unit="a1"))
    assert game.state.units["a1"].markers["activation"] == "regroup"
    assert any(line.startswith('Why: the activation d10 beat the unit\'s spread of 4.0".') for line in game.rules.unit_options(game, "a1"))


def test_the_sidebar_names_the_optional_activation_reading_when_it_is_on():
    game = make_game(small_map([unit("a1", [("sergeant", 20, 40), ("rifleman", 22.5, 40), ("rifleman", 25, 40)])],
                               [unit("b1", [("rifleman", 22, 6)])]), options={"activation_spread": True})
    end_phases(game, "movement", "a")
    said = " ".join(game.rules.unit_options(game, "a1"))
    assert "may advance on a d10 of 4-10 (7 in 10)" in said and "is on: a unit spread wider than the d10 regroups" in said


# ---- 2. a unit of one figure activates ----------------------------------------------


def lone_game(figures, options=None):
    game = make_game(small_map([unit("a1", figures)], [unit("b1", [("rifleman", 22, 6)])]), options=options)
    end_phases(game, "movement", "a")
    return game


@pytest.mark.parametrize("options", [None, {"activation_spread": True}])
def test_a_lone_figure_advances_without_the_activation_roll(options):
    """Movement: "If the result is higher than the greatest number of inches between any
    two figures in the unit then that unit may only move figures towards the officer or
    sergeant". A unit of one figure has no two figures to measure between: the test does
    not apply, and it advances on its 2dAv alone (no d10 is rolled). Forced 2dAv 3 + 3:
    6", and the move 5" toward the enemy is allowed."""
    game = lone_game([("rifleman", 22, 40)], options)
    force(game, 3, 3)
    res = ok(game, Command("activate", "a", unit="a1"))
    assert dice_rolled(game, res) == ["2dAv"]
    u = game.state.units["a1"]
    assert u.markers["activation"] == "advance"
    assert u.markers["move_allowance"] == pytest.approx(6 * IN)
    ok(game, Command("move", "a", figure="a1.1", path=((22 * IN, 35 * IN),)))
    assert "single figure" in interpretation("activation-lone-figure")
    assert game.rules.planner.activation_chance(game, u) == 1.0


def test_a_unit_cut_down_to_one_figure_also_activates():
    """The same for a unit whose other figures are casualties: one figure left, no spread."""
    game = lone_game([("rifleman", 22, 40), ("rifleman", 30, 40)])
    game.state.figures["a1.2"].life = "dead"
    force(game, 2, 2)
    ok(game, Command("activate", "a", unit="a1"))
    assert game.state.units["a1"].markers["activation"] == "advance"


def test_two_figures_in_base_contact_still_roll_and_must_spread_out():
    """Two figures in base contact are 0" apart (edge to edge): the literal test applies,
    and any d10 (1 is higher than 0) leaves them regrouping on the sergeant."""
    game = lone_game([("sergeant", 22, 40), ("rifleman", 23, 40)])
    force(game, 1, 3, 3)
    res = ok(game, Command("activate", "a", unit="a1"))
    assert dice_rolled(game, res) == ["d10", "2dAv"]
    assert game.state.units["a1"].markers["activation"] == "regroup"


# ---- 3. assaults: one casualty rule for both sides ----------------------------------


def assault_situation(a_figs, b_figs):
    game = make_game(small_map([unit("a1", a_figs)], [unit("b1", b_figs)]))
    end_phases(game, "assaults", "a")
    return game


def dead(game, unit_id):
    return sorted(f.id for f in game.state.unit_figures(unit_id, alive_only=False) if not f.alive)


def test_the_attackers_hits_are_casualties_beyond_the_figures_in_reach():
    """Assaults: "Roll a d6 per assaulting figure. A 4+ is a hit. Remove any casualties and
    then the assaulted unit fights back with what is left." Three attackers reach one
    defender (b1.1, 0.5" to 1.1" gaps); b1.2 stands 5" back and b1.3 far off. Forced
    6, 6, 1: two hits, two casualties: b1.1, then the next nearest, b1.2. No figure left
    within 2" of an assaulting figure, so nothing fights back; the defender lost more and
    tests: d10 of 2 against 1 figure fails, pinned."""
    game = assault_situation([("rifleman", 20, 30), ("rifleman", 21.5, 30), ("rifleman", 23, 30)],
                             [("rifleman", 21.5, 28.5), ("rifleman", 21.5, 24), ("rifleman", 40, 10)])
    force(game, 6, 6, 1, 2)
    res = ok(game, Command("assault", "a", unit="a1", target="b1"))
    assert dice_rolled(game, res) == ["3d6", "d10"]  # no fighting back
    assert dead(game, "b1") == ["b1.1", "b1.2"] and dead(game, "a1") == []
    assert game.state.units["b1"].markers.get("pinned")


def back_situation():
    """One attacker (a1.1) within 2" of three defenders; a1.2 and a1.3 stand 3" and 6"
    behind it, out of reach."""
    return assault_situation([("rifleman", 20, 30), ("rifleman", 20, 33), ("rifleman", 20, 36)],
                             [("rifleman", 18.5, 28.5), ("rifleman", 20, 28.5), ("rifleman", 21.5, 28.5)])


def test_the_defenders_hits_are_casualties_the_same_way():
    """The same rule the other way: one assaulting figure misses (a 1); the three
    defenders within 2" of it fight back, 6, 6, 1: two hits, two casualties of the
    assaulting unit, nearest the defenders first: a1.1, then a1.2 behind it (before, the
    second hit was lost). The assaulting unit lost more: it tests, d10 of 5 against the
    1 figure left fails, pinned."""
    game = back_situation()
    force(game, 1, 6, 6, 1, 5)
    ok(game, Command("assault", "a", unit="a1", target="b1"))
    assert dead(game, "a1") == ["a1.1", "a1.2"] and dead(game, "b1") == []
    assert game.state.units["a1"].markers.get("pinned")
    assert "one rule for both sides" in interpretation("assault-who").lower()


def test_assault_odds_count_every_hit_on_the_assaulting_unit():
    """The odds of the same assault by hand. The attacker's die hits (4+) with 1/2,
    killing one defender; the defenders left fight back: 3 dice after a miss, 2 after a
    hit, each hit (1/2) a casualty of the 3-figure assaulting unit:
    P(k lost) = 1/2 Binom(3, 1/2)(k) + 1/2 Binom(2, 1/2)(k)."""
    game = back_situation()
    rep = game.rules.odds(game, Command("assault", "a", unit="a1", target="b1"))
    b3 = {0: Fraction(1, 8), 1: Fraction(3, 8), 2: Fraction(3, 8), 3: Fraction(1, 8)}
    b2 = {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    expected = {k: Fraction(1, 2) * b3[k] + Fraction(1, 2) * b2.get(k, 0) for k in range(4)}
    assert rep.extra["casualties to the assaulters"].fractions == expected
    assert rep.extra["b1 casualties"].fractions == {0: Fraction(1, 2), 1: Fraction(1, 2)}


# ---- 4. the mortar sees for itself; observed fire is an optional rule ---------------

BLIND = [{"type": "building", "rect": {"x": 22, "y": 36, "w": 4, "h": 2}}]  # between the mortar and its target


def mortar_game(friends, options=None, terrain=()):
    """A mortar (1.5" base) at (24, 44), blind behind a building; its target, a rifleman
    at (24, 30): 14" centre to centre, 12.75" between the bases (short range, 6"-18")."""
    a = [unit("m", [("mortar", 24, 44), ("crewman", 26, 44)], kind="crew")]
    if friends:
        a.append(unit("a1", friends))
    game = make_game(small_map(a, [unit("b1", [("rifleman", 24, 30)])], terrain=BLIND + list(terrain)), options=options)
    end_phases(game, "shooting", "a")
    return game


MORTAR = Command("fire", "a", figure="m.1", target="b1")


def test_a_mortar_shoots_only_at_what_it_sees():
    """Shooting: "All figures that did not move may shoot"; the text gives the mortar
    nothing beyond its ranges. By default it fires, like every figure, only at what it
    sees: with the building in the way it may not fire, though a rifleman of its side
    sees the target."""
    game = mortar_game([("rifleman", 34, 40)])
    assert game.rules.los(game, game.state.figures["a1.1"], game.state.figures["b1.1"]).visible
    assert "cannot see" in refused(game, MORTAR)
    assert not game.rules.data.option_defaults()["observed_fire"]
    assert "addition to the text" in interpretation("mortar-observed")


def test_observed_fire_is_an_optional_rule():
    """With the optional rule observed_fire, the mortar fires at what the rifleman sees:
    short range (12.75" gap), 2d6 hitting on 4+; the target is one figure, so it falls
    unless both dice miss: P(0) = (1/2)^2 = 1/4."""
    game = mortar_game([("rifleman", 34, 40)], options={"observed_fire": True})
    rep = game.rules.odds(game, MORTAR)
    assert rep.outcomes.fractions == {0: Fraction(1, 4), 1: Fraction(3, 4)}


WALL = [{"type": "wall", "line": [[25, 29], [25, 31]]}]  # 1" east of the target's centre: cover to it


def test_observed_fire_judges_cover_from_the_friends_that_see():
    """Shooting: "Firing at troops in cover is -1 to dice roll." Under observed fire the
    mortar's own (blocked) line does not judge cover: a rifleman east of the target sees
    it behind the wall (hard cover within 1" of it): -1, so 5+ on each of 2d6: the one
    figure survives with (2/3)^2 = 4/9. A second rifleman south of it sees it in the
    open: it is not in cover from every friend that sees it, so no -1: (1/2)^2 = 1/4."""
    game = mortar_game([("rifleman", 34, 30)], options={"observed_fire": True}, terrain=WALL)
    assert game.rules.odds(game, MORTAR).outcomes.fractions == {0: Fraction(4, 9), 1: Fraction(5, 9)}
    game = mortar_game([("rifleman", 34, 30), ("rifleman", 24, 34.5)], options={"observed_fire": True}, terrain=WALL)
    assert game.rules.odds(game, MORTAR).outcomes.fractions == {0: Fraction(1, 4), 1: Fraction(3, 4)}


# ---- 5. a figure on the wire may step off it ----------------------------------------

WIRE = [{"type": "wire", "line": [[0, 36], [48, 36]], "width": 1}]  # covers y 35.5 to 36.5


def wire_game(y: float = 36):
    game = make_game(small_map([unit("a1", [("rifleman", 24, y)])], [unit("b1", [("rifleman", 40, 4)])], terrain=WIRE))
    end_phases(game, "movement", "a")
    return game


@pytest.mark.parametrize("goal,cost", [(40, 3.5), (33, 2.5)])
def test_a_figure_standing_on_the_wire_steps_off_either_way(goal, cost):
    """Barbed Wire: "all movement stops at barbed wire, starting again on the far side in
    the following turn." A figure standing in the wire (set up there) has met it already:
    it may leave it, back (south, 4" of path) or over to the far side (north, 3"), and
    the 0.5" of wire it leaves costs nothing. Forced 2dAv 2 + 2: 4" to spend. (Before, the
    wire was met at distance 0 and the figure could never move.)"""
    game = wire_game()
    force(game, 2, 2)
    ok(game, Command("activate", "a", unit="a1"))
    ok(game, Command("move", "a", figure="a1.1", path=((24 * IN, goal * IN),)))
    f, u = game.state.figures["a1.1"], game.state.units["a1"]
    assert f.y == pytest.approx(goal * IN)
    assert game.rules.remaining_move(u, f) == pytest.approx((4 - cost) * IN)
    assert "stands in" in interpretation("wire")


def test_a_figure_held_at_the_wire_may_move_back_next_turn():
    """Held at the near edge of the wire, in its next turn it may go back instead of
    crossing: moving away from the wire never meets it."""
    game = wire_game(40)
    force(game, 4, 4)  # 8": stops at the wire's near edge, y 36.5
    ok(game, Command("activate", "a", unit="a1"))
    ok(game, Command("move", "a", figure="a1.1", path=((24 * IN, 32 * IN),)))
    assert game.state.figures["a1.1"].y == pytest.approx(36.5 * IN, abs=0.01)
    ok(game, Command("end_phase", "a"))
    end_phases(game, "movement", "a")
    force(game, 2, 2)
    ok(game, Command("roll_move", "a", unit="a1"))
    ok(game, Command("move", "a", figure="a1.1", path=((24 * IN, 40 * IN),)))
    assert not game.state.figures["a1.1"].markers.get("at_wire")


# ---- 6. who may not shoot: officers, crewmen, running units --------------------------


def test_crewmen_serve_the_weapon_and_do_not_shoot_on_their_own():
    """Crewed Weapons (HMGs, Mortars, Field pieces etc): the text gives the crewmen no
    weapon of their own; the HMG's 5d6 is the crew's fire. A crewman may not fire; the
    HMG beside him fires its 5d6 (short range, 12" gap: 4+ each, at one target figure:
    it survives only if all five miss, (1/2)^5)."""
    b = [unit("b1", [("rifleman", 24, 30)])]
    a = [unit("g", [("hmg", 24, 43.25), ("crewman", 26, 43.25)], kind="crew")]  # 13.25" - 0.75" - 0.5" = 12"
    game = make_game(small_map(a, b))
    end_phases(game, "shooting", "a")
    assert "serves his weapon" in refused(game, Command("fire", "a", figure="g.2", target="b1"))
    rep = game.rules.odds(game, Command("fire", "a", figure="g.1", target="b1"))
    assert rep.outcomes.fractions == {0: Fraction(1, 32), 1: Fraction(31, 32)}
    assert "crew" in interpretation("crewmen-do-not-shoot")


def test_a_running_unit_is_still_pinned_and_may_not_shoot():
    """Morale tests: "A failed test pins the unit. It may not advance or shoot until
    rallied. Pinned units that fail a further test will run 2dAv immediately." A running
    unit is a pinned unit that failed again and has not rallied: still pinned, so it may
    not shoot (and its figures moved as they ran). It fails twice in its Rally phase
    (running 3 + 3 = 6" south at once), runs 6" more at the start of its Movement phase,
    and in its Shooting phase may not fire at the rifleman 17" from it."""
    game = make_game(small_map([unit("a1", [("rifleman", 24, 20)])], [unit("b1", [("rifleman", 24, 14)])]))
    u = game.state.units["a1"]
    force(game, 3, 3, 3, 3)
    game.rules.fail_morale(game, u)
    game.rules.fail_morale(game, u)
    assert u.markers.get("pinned") and u.markers.get("running")
    end_phases(game, "shooting", "a")
    assert game.state.figures["a1.1"].y == pytest.approx(32 * IN)
    assert "running and may not shoot" in refused(game, Command("fire", "a", figure="a1.1", target="b1"))
    assert "still pinned" in interpretation("running")
