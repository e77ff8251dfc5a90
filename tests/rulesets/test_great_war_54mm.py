"""The Great War in 54mm: every rule with hand-computed odds or a scripted situation."""

from fractions import Fraction
from math import comb

import pytest

from game.catalog import load_ruleset
from game.core.commands import Command
from game.core.odds import convolve
from game.core.state import DESTROYED, FLED

from .helpers import end_phases, force, make_game, ok, refused, small_map, unit


def binom(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def base(troop_type: str) -> float:
    """A troop type's base diameter in inches (the ruleset's data)."""
    data = load_ruleset("great-war-54mm").data
    return data.troop_types[troop_type].base or data.base_diameter


def shooting_game(firer: str, distance: float, target_terrain=None, targets: int = 6, kind="squad", target_type="rifleman"):
    """Firer of side A at (24, 44); a line of target figures of side B north of it, 1.5"
    apart, the nearest straight ahead with a gap of ``distance`` inches between the bases
    (distances are base edge to base edge: interpretation distances)."""
    tx = [24 + 1.5 * i for i in range(targets)]
    ty = 44 - distance - (base(firer) + base(target_type)) / 2
    b = [unit("b1", [(target_type if i == 0 or kind != "crew" else "crewman", x, ty) for i, x in enumerate(tx)], kind=kind)]
    game = make_game(small_map([unit("a1", [(firer, 24, 44)])], b, terrain=target_terrain))
    end_phases(game, "shooting", "a")
    return game


def fire_odds(game, target="b1"):
    return game.rules.odds(game, Command("fire", "a", figure="a1.1", target=target))


@pytest.mark.parametrize(
    "firer,dist,dice,p",
    [
        ("rifleman", 10, 1, Fraction(1, 2)),  # rifle short 12": 4+
        ("rifleman", 12, 1, Fraction(1, 2)),  # exactly 12" is still short
        ("rifleman", 20, 1, Fraction(1, 3)),  # rifle long 24": 5+
        ("lmg_gunner", 11, 3, Fraction(1, 2)),  # LMG 3d6
        ("lmg_gunner", 23, 3, Fraction(1, 3)),
        ("smg_gunner", 5, 2, Fraction(1, 2)),  # SMG 6"/12" 2d6
        ("smg_gunner", 11, 2, Fraction(1, 3)),
        ("hmg", 12, 5, Fraction(1, 2)),  # HMG 12"/36" 5d6
        ("hmg", 30, 5, Fraction(1, 3)),
        ("mortar", 7, 2, Fraction(1, 2)),  # mortar 6-18" short, 36" long, 2d6
        ("mortar", 30, 2, Fraction(1, 3)),
    ],
)
def test_shooting_table(firer, dist, dice, p):
    game = shooting_game(firer, dist)
    rep = fire_odds(game)
    assert rep.outcomes.exact
    assert rep.outcomes.fractions == binom(dice, p)


@pytest.mark.parametrize("firer,dist", [("rifleman", 25), ("smg_gunner", 13), ("lmg_gunner", 25), ("hmg", 37), ("mortar", 37), ("mortar", 5)])
def test_out_of_range_is_refused_with_reason(firer, dist):
    game = shooting_game(firer, dist, targets=1)
    reason = refused(game, Command("fire", "a", figure="a1.1", target="b1"))
    assert "range" in reason


def test_cover_is_minus_one():
    crater = [{"type": "crater", "circle": {"center": [24 + 1.5 * i, 33], "radius": 0.7}} for i in range(6)]
    game = shooting_game("rifleman", 10, target_terrain=crater)
    rep = fire_odds(game)
    assert any(m.name == "target in cover" for m in rep.modifiers)
    assert rep.outcomes.fractions == {1: Fraction(1, 3), 0: Fraction(2, 3)}  # needs a 5 before -1
    game = shooting_game("rifleman", 20, target_terrain=[{**c, "circle": {"center": [c["circle"]["center"][0], 23], "radius": 0.7}} for c in crater])
    assert fire_odds(game).outcomes.fractions == {1: Fraction(1, 6), 0: Fraction(5, 6)}  # only a 6 hits


def test_hits_remove_nearest_figures_and_morale_at_end_of_phase():
    game = shooting_game("lmg_gunner", 10)
    force(game, 6, 4, 1)  # 2 hits
    ok(game, Command("fire", "a", figure="a1.1", target="b1"))
    b = game.state.unit_figures("b1")
    assert len(b) == 4
    assert {f.id for f in game.state.unit_figures("b1", alive_only=False) if not f.alive} == {"b1.1", "b1.2"}
    # the morale test comes at the end of the shooting phase: 4 left, d10 of 5 fails
    force(game, 5)
    ok(game, Command("end_phase", "a"))
    assert game.state.units["b1"].markers.get("pinned")


def test_officers_do_not_shoot_and_movers_do_not_shoot():
    game = shooting_game("officer", 10)
    assert "do not shoot" in refused(game, Command("fire", "a", figure="a1.1", target="b1"))
    game = make_game(small_map([unit("a1", [("rifleman", 24, 44)])], [unit("b1", [("rifleman", 24, 34)])]))
    end_phases(game, "movement", "a")
    force(game, 3, 3)
    ok(game, Command("roll_move", "a", unit="a1"))
    ok(game, Command("move", "a", figure="a1.1", path=((25.4 * 20, 25.4 * 44),)))
    end_phases(game, "shooting", "a")
    assert "either move or shoot" in refused(game, Command("fire", "a", figure="a1.1", target="b1"))


def movement_game(options=None, a_figs=None):
    """Three figures in a line 2.5" apart centre to centre: 4" from the first base's edge
    to the last's (the activation spread, edge to edge)."""
    a_figs = a_figs or [("sergeant", 20, 40), ("rifleman", 22.5, 40), ("rifleman", 25, 40)]
    game = make_game(small_map([unit("a1", a_figs)], [unit("b1", [("rifleman", 22, 6)])]), options=options)
    end_phases(game, "movement", "a")
    return game


IN = 25.4


def test_activation_literal_reading():
    game = movement_game()  # spread 4": a d10 above 4 means regroup only
    force(game, 5, 3, 3)
    ok(game, Command("activate", "a", unit="a1"))
    u = game.state.units["a1"]
    assert u.markers["activation"] == "regroup"
    assert abs(u.markers["move_allowance"] - 6 * IN) < 1e-9
    # toward the enemy is refused; toward the sergeant is allowed; the sergeant stays put
    assert "only move toward" in refused(game, Command("move", "a", figure="a1.3", path=((25 * IN, 36 * IN),)))
    assert "stay still" in refused(game, Command("move", "a", figure="a1.1", path=((20 * IN, 38 * IN),)))
    ok(game, Command("move", "a", figure="a1.3", path=((22 * IN, 41.5 * IN),)))


def test_activation_pass_allows_advance_and_not_activated_may_not_advance():
    game = movement_game()
    force(game, 4, 2, 2)  # d10 4 is not higher than the 4" spread: activated
    ok(game, Command("activate", "a", unit="a1"))
    assert game.state.units["a1"].markers["activation"] == "advance"
    ok(game, Command("move", "a", figure="a1.2", path=((22.5 * IN, 36 * IN),)))
    game = movement_game()
    force(game, 3, 3)
    ok(game, Command("roll_move", "a", unit="a1"))
    assert "may not move toward the enemy" in refused(game, Command("move", "a", figure="a1.2", path=((22.5 * IN, 36 * IN),)))
    ok(game, Command("move", "a", figure="a1.2", path=((26 * IN, 43 * IN),)))


def test_activation_optional_inverted_reading():
    game = movement_game(options={"activation_spread": True})
    force(game, 5, 3, 3)  # spread 4" is not above 5: may advance
    ok(game, Command("activate", "a", unit="a1"))
    assert game.state.units["a1"].markers["activation"] == "advance"
    game = movement_game(options={"activation_spread": True})
    force(game, 3, 3, 3)  # spread 4" above 3: regroup
    ok(game, Command("activate", "a", unit="a1"))
    assert game.state.units["a1"].markers["activation"] == "regroup"


def test_movement_is_two_average_dice_and_limited():
    game = movement_game()
    force(game, 2, 3)
    ok(game, Command("roll_move", "a", unit="a1"))
    assert "has 5.0\" left" in refused(game, Command("move", "a", figure="a1.2", path=((22.5 * IN, 46 * IN),)))
    ok(game, Command("move", "a", figure="a1.2", path=((22.5 * IN, 43 * IN),)))
    ok(game, Command("move", "a", figure="a1.2", path=((22.5 * IN, 45 * IN),)))  # a second leg, 2" of 5"
    assert "already rolled" in refused(game, Command("roll_move", "a", unit="a1"))


def test_barbed_wire_stops_and_is_crossed_next_turn():
    wire = [{"type": "wire", "line": [[0, 36], [48, 36]], "width": 1}]
    game = make_game(small_map([unit("a1", [("rifleman", 24, 40)])], [unit("b1", [("rifleman", 40, 4)])], terrain=wire))
    end_phases(game, "movement", "a")
    force(game, 4, 4)  # a lone figure activates without the d10 (interpretation activation-lone-figure): 2dAv 8"
    ok(game, Command("activate", "a", unit="a1"))
    ok(game, Command("move", "a", figure="a1.1", path=((24 * IN, 32 * IN),)))
    f = game.state.figures["a1.1"]
    assert abs(f.y - 36.5 * IN) < 0.01  # stopped at the near edge of the wire
    assert f.markers["at_wire"]
    assert "crosses it in a later turn" in refused(game, Command("move", "a", figure="a1.1", path=((24 * IN, 34 * IN),)))
    # next turn: starts again on the far side; the 1" of wire costs nothing
    ok(game, Command("end_phase", "a"))
    end_phases(game, "movement", "a")
    force(game, 2, 2)  # activate: 2dAv 4"
    ok(game, Command("activate", "a", unit="a1"))
    ok(game, Command("move", "a", figure="a1.1", path=((24 * IN, (36.5 - 5) * IN),)))  # 5" of path, 1" of it wire
    assert abs(game.state.figures["a1.1"].y - 31.5 * IN) < 0.01


def test_wire_met_in_the_enemys_turn_is_crossed_in_the_units_own_next_turn():
    """"Starting again on the far side in the following turn": a German rifleman running
    from fire in the British shooting phase stops at the wire; his side's turn that follows,
    in the same round, is his following turn: he keeps running over it."""
    wire = [{"type": "wire", "line": [[0, 26], [48, 26]], "width": 1}]
    game = make_game(small_map([unit("a1", [("rifleman", 24, 44)])], [unit("b1", [("rifleman", 24, 30)])], terrain=wire))
    end_phases(game, "shooting", "a")
    st = game.state
    u, f = st.units["b1"], st.figures["b1.1"]
    u.markers["running"] = True  # as a failed morale test in this phase leaves it
    force(game, 4, 4)
    game.rules.run(game, u, "runs")  # 2dAv 8" toward his edge: stopped at the wire
    assert f.y == pytest.approx(26.5 * IN, abs=0.01) and f.markers["at_wire"]
    force(game, 9, 4, 4)  # his rally test fails (9); he keeps running 8"
    end_phases(game, "shooting", "b")
    # over the wire free, the 8" measured from its far side (reading wire)
    assert st.turn == 1 and f.y == pytest.approx((25.5 - 8) * IN, abs=0.01) and not f.markers.get("at_wire")


def morale_game(n=4, officer=False):
    figs = [("officer" if officer and i == 0 else "rifleman", 10 + i * 1.5, 10) for i in range(n)]
    game = make_game(small_map([unit("a1", [("rifleman", 40, 44)])], [unit("b1", figs)]))
    return game


def test_morale_target_counts_officer():
    game = morale_game(4, officer=True)
    target, mods = game.rules.morale_target(game, game.state.units["b1"])
    assert target == 5 and ("officer", 1) in mods


def test_morale_ladder_pinned_running_rallied():
    game = morale_game(4)
    rules, u = game.rules, game.state.units["b1"]
    force(game, 5)
    assert rules.morale_test(game, u, "test") is False
    assert u.markers.get("pinned") and not u.markers.get("running")
    y0 = game.state.figures["b1.1"].y
    force(game, 7, 3, 4)  # fails again: runs 2dAv = 7" toward its north edge at once
    rules.morale_test(game, u, "test")
    assert u.markers.get("running")
    assert abs((y0 - game.state.figures["b1.1"].y) - 7 * IN) < 0.01
    # a pass equal to the figures left
    force(game, 4)
    assert rules.morale_test(game, u, "test") is True
    # rally in its own rally phase: d10 4 <= 4 clears pinned and running
    end_phases(game, "assaults", "a")
    force(game, 4)
    ok(game, Command("end_phase", "a"))  # B's rally phase starts: the test is automatic
    assert game.state.active_side == "b" and game.state.phase == "rally"
    assert not u.markers.get("pinned") and not u.markers.get("running")


def test_running_units_keep_running_and_leave_the_table():
    game = morale_game(2)
    u = game.state.units["b1"]
    u.markers.update({"pinned": True, "running": True})
    end_phases(game, "assaults", "a")
    force(game, 9, 5, 5)  # rally fails (9 > 2), then runs 10": reaches the north edge (10" away)
    ok(game, Command("end_phase", "a"))
    end_phases(game, "movement", "b")
    assert all(game.state.figures[f].life == FLED for f in u.figures)
    assert "no figures left" in refused(game, Command("roll_move", "b", unit="b1"))


def crew_game():
    b = [unit("g", [("hmg", 24, 30), ("crewman", 25.5, 30), ("crewman", 27, 30)], kind="crew")]
    a = [unit("a1", [("lmg_gunner", 24, 40)]), unit("a2", [("lmg_gunner", 20, 40)])]
    game = make_game(small_map(a, b))
    end_phases(game, "shooting", "a")
    return game


def test_crewed_weapon_one_hit_pins_second_destroys():
    game = crew_game()
    g = game.state.units["g"]
    force(game, 6, 6, 6)
    ok(game, Command("fire", "a", figure="a1.1", target="g"))
    assert g.markers.get("pinned") and len(game.state.unit_figures("g")) == 3  # no crew killed
    force(game, 6, 6, 6)
    ok(game, Command("fire", "a", figure="a2.1", target="g"))
    assert len(game.state.unit_figures("g")) == 3  # hits in the same turn count once
    # B's rally: crewed weapons rally on 3+; force a 2 to stay pinned
    force(game, 2)
    end_phases(game, "rally", "b")
    assert g.markers.get("pinned")
    end_phases(game, "shooting", "a")
    assert game.state.turn == 2
    force(game, 6, 1, 1)
    ok(game, Command("fire", "a", figure="a1.1", target="g"))
    assert all(game.state.figures[f].life == DESTROYED for f in g.figures)


def test_a_solo_sniper_hit_on_a_crew_already_hit_this_turn_is_ignored():
    """"No matter how many times they take hits from shooting in a turn, crewed weapons only
    count one hit": a rifle hit pins the HMG; a solo sniper counter's hit the same turn is
    ignored, not a second pin that destroys it."""
    game = crew_game()
    g = game.state.units["g"]
    force(game, 6, 6, 6)
    ok(game, Command("fire", "a", figure="a1.1", target="g"))
    assert g.markers.get("pinned")
    force(game, 6)  # the sniper's d6: a hit
    assert game.rules.solo_counter_attack(game, "sniper", "g")
    assert all(f.alive for f in game.state.unit_figures("g", alive_only=False))
    assert "already hit this turn" in game.log.events[-1].text


def test_crewed_weapon_rallies_on_three():
    game = crew_game()
    g = game.state.units["g"]
    g.markers["pinned"] = True
    end_phases(game, "assaults", "a")
    force(game, 3)
    ok(game, Command("end_phase", "a"))
    assert not g.markers.get("pinned")


def test_crewed_weapon_destroyed_in_assault():
    b = [unit("g", [("hmg", 24, 30), ("crewman", 25.5, 30)], kind="crew")]
    game = make_game(small_map([unit("a1", [("rifleman", 24, 31.5)])], b))
    end_phases(game, "assaults", "a")
    res = ok(game, Command("assault", "a", unit="a1", target="g"))
    assert not res.rolled
    assert all(game.state.figures[f].life == DESTROYED for f in game.state.units["g"].figures)


def assault_game():
    a = [unit("a1", [("rifleman", 20, 30), ("rifleman", 22, 30), ("rifleman", 24, 30), ("rifleman", 40, 44)])]
    b = [unit("b1", [("rifleman", 20, 28.5), ("rifleman", 22, 28.5), ("rifleman", 24, 28.5)])]
    game = make_game(small_map(a, b))
    end_phases(game, "assaults", "a")
    return game


def test_assault_procedure_and_loser_tests():
    game = assault_game()
    # three attackers in reach (the fourth is far away): 6, 4, 1 = 2 hits; one defender
    # left fights back with a 5 = 1 hit; the defender lost more: it tests, d10 2 > 1 fails
    force(game, 6, 4, 1, 5, 2)
    ok(game, Command("assault", "a", unit="a1", target="b1"))
    assert len(game.state.unit_figures("b1")) == 1
    assert len(game.state.unit_figures("a1")) == 3
    assert game.state.units["b1"].markers.get("pinned")
    assert not game.state.units["a1"].markers.get("pinned")
    assert "already assaulted" in refused(game, Command("assault", "a", unit="a1", target="b1"))


def test_assault_odds_by_hand():
    game = assault_game()
    rep = game.rules.odds(game, Command("assault", "a", unit="a1", target="b1"))
    defender = rep.extra["b1 casualties"].fractions
    assert defender == binom(3, Fraction(1, 2))
    # attacker losses: defenders left (3 - hits) roll back; P(attacker loses 0) =
    # sum_h P(h) * (1/2)^(3-h)
    p0 = sum(binom(3, Fraction(1, 2))[h] * Fraction(1, 2) ** (3 - h) for h in range(4))
    assert rep.extra["casualties to the assaulters"].fractions[0] == p0


def spread_volley_game():
    """Six riflemen, each 20" from one of four enemy figures spread 30" apart: each rifle
    has one figure in range (the next is 36" off; a rifle reaches 24")."""
    firers = [("rifleman", x, 40) for x in (10, 10.5, 40, 40.5, 70, 100)]
    targets = [("rifleman", x, 20) for x in (10, 40, 70, 100)]
    game = make_game(small_map([unit("a1", firers)], [unit("b1", targets)], size=(120, 48)))
    end_phases(game, "shooting", "a")
    return game


def test_volley_odds_are_what_resolving_the_volley_does():
    """"Each figure fires at a target it can see" (Shooting): a rifle hits only the figure
    in its own range. Six rifles at long range (5+) on four figures: the two pairs share
    a figure each, the last two have one each. Per figure, P(killed) is 1-(2/3)^2 = 5/9
    for the pairs and 1/3 for the single rifles; casualties are the sum of the four."""
    game = spread_volley_game()
    rep = game.rules.odds(game, Command("fire_unit", "a", unit="a1", target="b1"))
    assert rep.outcomes.exact
    pair = {1: Fraction(5, 9), 0: Fraction(4, 9)}
    single = {1: Fraction(1, 3), 0: Fraction(2, 3)}
    expected = convolve(convolve(pair, pair), convolve(single, single))
    assert rep.outcomes.fractions == expected
    assert rep.outcomes.fractions[4] == Fraction(25, 81) * Fraction(1, 9)
    # and with six 6s forced, the four figures die, not six
    force(game, 6, 6, 6, 6, 6, 6)
    ok(game, Command("fire_unit", "a", unit="a1", target="b1"))
    assert game.state.unit_figures("b1") == []


def test_assault_needs_two_inches():
    """1" bases 3.1" apart centre to centre: a 2.1" gap between the bases."""
    a = [unit("a1", [("rifleman", 20, 30)])]
    b = [unit("b1", [("rifleman", 20, 26.9)])]
    game = make_game(small_map(a, b))
    end_phases(game, "assaults", "a")
    assert "within 2\"" in refused(game, Command("assault", "a", unit="a1", target="b1"))


def bombard_game():
    b = [unit("b1", [("rifleman", 10 + 1.5 * i, 10) for i in range(5)])]
    return make_game(small_map([unit("a1", [("rifleman", 40, 44)])], b, settings={"artillery": "a"}))


def test_bombardment_ten_causes_d3_casualties():
    game = bombard_game()
    force(game, 10, 2, 0, 0)  # d10 shows 10 (the 0), d3 = 2, which figures: index 0, then 0
    ok(game, Command("bombard", "a", target="b1"))
    assert len(game.state.unit_figures("b1")) == 3
    assert game.state.units["b1"].markers.get("pinned")  # 10 > 5 figures: failed
    assert "already fired" in refused(game, Command("bombard", "a", target="b1"))


def test_bombardment_odds_by_hand():
    game = bombard_game()
    rep = game.rules.odds(game, Command("bombard", "a", target="b1"))
    # 5 figures, no officer: passes on d10 <= 5; failing pins it (it was not pinned)
    assert rep.extra["test"].fractions == {"passes": Fraction(5, 10), "fails: pinned": Fraction(5, 10)}
    assert rep.extra["casualties"].fractions == {0: Fraction(9, 10), 1: Fraction(1, 30), 2: Fraction(1, 30), 3: Fraction(1, 30)}


def test_only_the_attacker_bombards():
    game = make_game(small_map([unit("a1", [("rifleman", 40, 44)])], [unit("b1", [("rifleman", 4, 4)])], settings={"artillery": "b"}))
    assert "Only the attacker" in refused(game, Command("bombard", "a", target="b1"))


def test_pinned_units_may_not_shoot_or_advance():
    game = shooting_game("rifleman", 10)
    game.state.units["a1"].markers["pinned"] = True
    assert "pinned" in refused(game, Command("fire", "a", figure="a1.1", target="b1"))


def test_a_figure_that_shot_or_is_held_at_the_wire_shows_it():
    """The play screen's badges and the sidebar come from the listing's figure_status."""
    game = make_game(small_map([unit("a1", [("rifleman", 10, 10)])], [unit("b1", [("rifleman", 30, 30)])]))
    f = game.state.figures["a1.1"]
    assert game.rules.listing.figure_status(game, "a1.1") == []
    f.markers.update({"shot": True, "at_wire": "w1", "moved": True})
    assert game.rules.listing.figure_status(game, "a1.1") == ["shot", "at_wire", "moved"]
