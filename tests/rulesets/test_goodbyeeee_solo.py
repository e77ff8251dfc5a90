"""GOODBYEEEEEE!!! and the solo rules (docs/goodbyeeee-design.md section 6; solo_view.py and
ai.py): what a unit is for the risk factors, the fire and losses they count, the chart's
Rout, the solo counters, and how the planner carries the chart's orders out."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.core.commands import Command
from game.solo.keys import SoloKey
from tests.rulesets.gb_kit import answer, game_of, order, to_step
from tests.rulesets.helpers import force, ok, unit

SECTION = [("junior_nco", 20, 20), ("private", 25, 20), ("private", 30, 20), ("private", 35, 20)]


def prof(game, uid):
    return game.rules.profile(game, game.state.units[uid])


def test_each_kind_of_unit_has_its_profile_for_the_risk_factors():
    a = [unit("a1", SECTION, kind="section"),
         unit("a2", [("junior_officer", 60, 20), ("senior_nco", 65, 20)], kind="section"),
         unit("a3", [("field_gun", 80, 20), ("crewman", 85, 20)], kind="crew"),
         unit("a4", [("private", 100, 20), ("private", 105, 20)], kind="section"),
         unit("a5", [("heavy_tank_female", 60, 40)], kind="vehicle")]
    game = game_of(a, [unit("b1", [("private", 20, 100)])])
    s, c, gun, leaderless, tank = (prof(game, u) for u in ("a1", "a2", "a3", "a4", "a5"))
    assert s.has_nco and not s.command and not s.support_weapon and not s.vehicle
    assert c.command and c.officer and c.has_nco  # the command section: an officer with no privates
    assert gun.support_weapon and gun.at_gun
    assert not leaderless.has_nco  # "no NCO +1" applies to it
    assert tank.vehicle and not tank.damaged
    # losses: a figure out of action counts whole, a wound on a two-wound figure half
    game.state.figures["a2.2"].wounds = 1
    assert prof(game, "a2").damaged_fraction == pytest.approx(0.25)
    game.state.figures["a1.2"].life = "dead"
    assert prof(game, "a1").damaged_fraction == pytest.approx(0.25)
    factors = {fid for fid, _, _ in game.rules.risk_factors(game, game.state.units["a4"])}
    assert "no_nco" in factors and "command" not in factors


def test_a_shot_notes_the_fire_and_a_kill_is_credited_to_the_firer():
    game = game_of([unit("a1", SECTION, kind="section")], [unit("b1", [("junior_nco", 20, 50), ("private", 25, 50), ("private", 30, 50)], kind="section")])
    to_step(game, "fire")
    force(game, 6, 6, 6)  # to hit, the cover roll (none in the open: not rolled), to wound
    ok(game, Command("fire", "a", figure="a1.2", target="b1.2", choice="rifle"))
    b1 = game.state.units["b1"]
    rec = b1.attrs[SoloKey.FIRED_ON][-1]
    assert rec["by"] == "a1" and rec["figures"] == ["a1.2"] and not rec["heavy"]
    assert not game.state.figures["b1.2"].alive
    assert b1.attrs[SoloKey.LOST][-1]["n"] == 1
    assert game.state.units["a1"].attrs[SoloKey.INFLICTED][-1]["n"] == 1
    factors = {fid for fid, _, _ in game.rules.risk_factors(game, b1)}
    assert {"under_fire", "losing", "losses"} <= factors
    assert "winning" in {fid for fid, _, _ in game.rules.risk_factors(game, game.state.units["a1"])}


def test_fire_from_a_tank_counts_as_heavy_and_as_at_fire_on_a_tank_s_chart():
    game = game_of([unit("a1", [("heavy_tank_male", 20, 20)], kind="vehicle")],
                   [unit("b1", [("junior_nco", 20, 60), ("private", 25, 60)], kind="section"),
                    unit("b2", [("light_tank_gun", 60, 60)], kind="vehicle")])
    rules = game.rules
    rules.solo_view.under_fire(game, game.state.figures["a1.1"], [game.state.figures["b1.1"]], "tank_lmg")
    assert game.state.units["b1"].attrs[SoloKey.FIRED_ON][-1]["heavy"]
    assert "heavy_fire" in {fid for fid, _, _ in rules.risk_factors(game, game.state.units["b1"])}
    b2 = game.state.units["b2"]
    assert rules.afv_situation(game, b2)["under_at_fire"] == 0
    rules.solo_view.under_fire(game, game.state.figures["a1.1"], [game.state.figures["b2.1"]], "tank_lmg")
    assert rules.afv_situation(game, b2)["under_at_fire"] == 0  # a tank's machine gun is no anti-tank weapon
    rules.solo_view.under_fire(game, game.state.figures["b1.2"], [game.state.figures["a1.1"]], "rifle")  # its own side: not noted
    rules.solo_view.under_fire(game, game.state.figures["a1.1"], [game.state.figures["b2.1"]], "tank_gun")
    sit = rules.afv_situation(game, b2)
    assert sit["under_at_fire"] == 1 and sit["no_main_gun"] == 0 and sit["alone"] == 1
    # a female tank's main armament is its machine guns (interpretation solo-main-armament)
    female = game_of([unit("a1", [("heavy_tank_female", 20, 20)], kind="vehicle")], [unit("b1", [("private", 20, 100)])])
    tank = female.state.figures["a1.1"]
    assert female.rules.afv_situation(female, female.state.units["a1"])["no_main_gun"] == 0
    tank.markers["weapons_out"] = ["tank_lmg"] * 5
    sit = female.rules.afv_situation(female, female.state.units["a1"])
    assert sit["no_main_gun"] == 1 and sit["no_weapons"] == 1 and sit["damaged"] == 1


def test_a_chart_rout_is_the_ruleset_s_rout_begun_at_once():
    """L156: the section routs (heavy weapons dropped) and dashes for its edge now; it
    dashes once more in its next turn and then lies pinned."""
    a = [unit("a1", [("junior_nco", 20, 60), ("lmg_gunner", 25, 60), ("private", 30, 60)], kind="section")]
    game = game_of(a, [unit("b1", [("private", 20, 110)])])
    unit_a = game.state.units["a1"]
    game.rules.chart_rout(game, unit_a)
    figs = [game.state.figures[f] for f in ("a1.1", "a1.2", "a1.3")]
    assert all(f.markers.get("rout") == 1 for f in figs)
    assert all(f.y == pytest.approx(600 + 250) for f in figs)  # one 25 cm dash toward its own (south) edge
    assert "lmg" not in figs[1].weapons
    assert game.rules.routed(game, unit_a)
    assert "rout" in {fid for fid, _, _ in game.rules.risk_factors(game, unit_a)}


def test_a_routing_section_surrounded_surrenders():
    a = [unit("a1", [("junior_nco", 60, 60), ("private", 62, 60)], kind="section")]
    b = [unit("b1", [("private", 60, 52), ("private", 67, 64), ("private", 53, 64)], kind="section")]
    game = game_of(a, b)
    game.rules.chart_rout(game, game.state.units["a1"])
    assert all(game.state.figures[f].life == "captured" for f in ("a1.1", "a1.2"))


def test_the_solo_counters_attack_in_this_ruleset_s_terms():
    b = [unit("b1", [("junior_nco", 40, 60), ("private", 45, 60), ("private", 80, 60)], kind="section")]
    game = game_of([unit("a1", SECTION, kind="section")], b)
    rules = game.rules
    # the sniper: 4+ to hit at long range, no cover roll in the open, 4+ to wound
    force(game, 4, 4)
    assert rules.solo_counter_attack(game, "sniper", "b1", at=(450.0, 640.0))
    assert not game.state.figures["b1.2"].alive  # the nearest figure to the counter
    # a mine: the Ace of Clubs' table for each figure within 10 in (254 mm): 6 killed, 4 suppressed
    force(game, 6, 3, 3)  # and the section's test at half strength
    rules.solo_counter_attack(game, "mine", "b1", at=(400.0, 640.0))
    assert not game.state.figures["b1.1"].alive and game.state.figures["b1.3"].alive  # 40 cm away: out of reach
    game2 = game_of([unit("a1", SECTION, kind="section")], b)
    # the artillery round: the Queen of Clubs' shell, scatter HIT on the leader, 12 cm across
    force(game2, 1, 6, 6, 5, 2)  # scatter die face 1 (HIT), distance 2d6, then each figure under it
    game2.rules.solo_counter_attack(game2, "artillery", "b1")
    assert not game2.state.figures["b1.1"].alive  # 5: killed
    assert game2.state.figures["b1.2"].markers.get("suppressed_until") == game2.state.turn + 1  # 2: this and next turn
    assert game2.state.figures["b1.3"].alive and "suppressed_until" not in game2.state.figures["b1.3"].markers
    assert game2.state.units["b1"].attrs[SoloKey.FIRED_ON][-1]["heavy"]


def test_a_charge_s_edge_is_worked_out_from_the_fight_dice():
    """Equal Fighting Skill, +1 for the charge, -1 for a pinned opponent: a d6 each, the
    charger wins when his die + 2 beats the other's: 26/36, loses when it falls short: 6/36."""
    game = game_of([unit("a1", SECTION, kind="section")], [unit("b1", [("private", 20, 24)], kind="section")])
    a, b = game.state.figures["a1.2"], game.state.figures["b1.1"]
    b.markers["pinned"] = True
    assert Fraction(game.rules.planner.fight_edge(game, a, b)).limit_denominator(100) == Fraction(20, 36)
    b.markers.pop("pinned")
    # +1 for the charge alone: win 21/36, lose 10/36
    assert Fraction(game.rules.planner.fight_edge(game, a, b)).limit_denominator(100) == Fraction(11, 36)


def test_on_close_the_planner_charges_an_enemy_it_can_reach_with_the_odds():
    game = game_of([unit("a1", SECTION, kind="section")], [unit("b1", [("private", 30, 30)], kind="section")])
    to_step(game, "orders")
    game.state.units["a1"].markers[SoloKey.ORDER] = "close"
    order(game, 1, 1)
    cmds = game.rules.planner.unit_commands(game, "a", game.state.units["a1"], {})
    assert cmds and cmds[0].kind == "move" and cmds[0].path == ((300.0, 300.0),)
    force(game, 6, 6)  # the charged man's courage test for closing fire fails: no shot
    ok(game, cmds[0])
    assert game.state.figures[cmds[0].figure_id].markers.get("charged") == game.state.turn


def test_a_retreat_in_cover_at_strength_stays_and_a_halt_falling_back_takes_the_cover_within_5_cm():
    """A Halt holds where it stands (solo chart: "must halt in its current position, and may
    only move to face the nearest enemy"); falling back to halt in the nearest cover
    (fall-back-halt), each figure with cover within its 5 cm initiative move goes there."""
    from tests.rulesets.helpers import small_map

    a = [unit("a1", [("junior_nco", 20, 20), ("private", 25, 20), ("private", 30, 20)], kind="section")]
    doc = small_map(a, [unit("b1", [("private", 20, 100)])], ruleset="goodbyeeee", unit="cm", size=(120, 120), turn_limit=6)
    doc["terrain"] = [{"type": "crater", "circle": {"center": [22, 22], "radius": 2}}]
    from tests.rulesets.gb_kit import no_points
    from tests.rulesets.helpers import first_going

    game = no_points(first_going(doc))
    u = game.state.units["a1"]
    to_step(game, "initiative")
    u.markers[SoloKey.ORDER] = "halt"
    assert game.rules.planner.unit_commands(game, "a", u, {}) == []  # a Halt: nobody moves
    u.markers[SoloKey.TAKE_COVER] = True
    cmds = game.rules.planner.unit_commands(game, "a", u, {})
    assert [c.figure_id for c in cmds] == ["a1.1", "a1.2"]  # 2.8 and 3.6 cm from the crater's middle; a1.3 is 8.2
    ok(game, cmds[0])
    assert game.rules.planner.unit_commands(game, "a", u, {}) == []  # the place is taken now
    to_step(game, "orders")
    u.markers[SoloKey.ORDER] = "retreat"
    game.state.figures["a1.3"].x, game.state.figures["a1.3"].y = 220.0, 232.0
    cmds = game.rules.planner.unit_commands(game, "a", u, {})
    assert [c.kind for c in cmds] == ["go_prone"]  # in cover at full strength: it stays; the man in the open lies down


def test_an_advance_over_difficult_ground_spends_no_more_of_the_move_than_keeps_the_shot():
    """L107-108: a rifleman fires after moving up to 5 cm; shell-torn ground costs double, so a
    man with a shot who advances across it goes 2.5 cm and still fires (the planner had gone
    5 cm, spent 10 and lost the shot). A prone man would spend the 5 cm standing up: he stays."""
    from tests.rulesets.gb_kit import no_points
    from tests.rulesets.helpers import first_going, small_map

    a = [unit("a1", [("junior_nco", 20, 100), ("private", 30, 100)], kind="section")]
    doc = small_map(a, [unit("b1", [("private", 25, 70)], kind="section")], ruleset="goodbyeeee", unit="cm",
                    size=(120, 120), turn_limit=6)
    doc["terrain"] = [{"type": "rough", "polygon": [[0, 90], [120, 90], [120, 110], [0, 110]]}]
    game = no_points(first_going(doc))
    u = game.state.units["a1"]
    to_step(game, "orders")
    u.markers[SoloKey.ORDER] = "advance"
    order(game, 1, 1)
    planner = game.rules.planner
    moves = planner.unit_commands(game, "a", u, {})
    assert [c.kind for c in moves] == ["move", "move"]
    for c in moves:
        fig = game.state.figures[c.figure_id]
        was = fig.pos
        ok(game, c)
        assert fig.markers["moved_cm"] <= 5.0 and 20.0 <= game.rules.dist(was, fig.pos) <= 25.0  # mm
        assert game.rules.firing.shot(game, fig, game.state.figures["b1.1"], "rifle", False).to_hit  # not refused (L108)
    game.state.figures["a1.1"].markers.pop("moved_cm")
    game.state.figures["a1.1"].markers["prone"] = True
    assert [c.figure_id for c in planner.unit_commands(game, "a", u, {}) if c.kind == "move"] == []


def test_an_advance_goes_at_half_speed_and_an_attack_at_full():
    """The chart's Advance: "Move towards the nearest enemy at half speed": a man out of
    range of any shot walks 7.5 cm of his 15 (an Attack walks the whole move)."""
    from tests.rulesets.gb_kit import no_points
    from tests.rulesets.helpers import first_going, small_map

    for what, walked in (("advance", 7.5), ("attack", 15.0)):
        a = [unit("a1", [("junior_nco", 20, 110), ("private", 30, 110)], kind="section")]
        doc = small_map(a, [unit("b1", [("private", 25, 5)], kind="section")], ruleset="goodbyeeee", unit="cm",
                        size=(120, 120), turn_limit=6)
        game = no_points(first_going(doc))
        u = game.state.units["a1"]
        to_step(game, "orders")
        u.markers[SoloKey.ORDER] = what
        order(game, 1, 1)
        moves = game.rules.planner.unit_commands(game, "a", u, {})
        assert moves and moves[0].kind == "move"
        fig = game.state.figures[moves[0].figure_id]
        ok(game, moves[0])
        assert walked - 0.5 <= fig.markers["moved_cm"] <= walked, (what, fig.markers["moved_cm"])


def test_a_planned_move_stops_short_of_a_gas_cloud_on_its_way():
    """A move into a gas cloud rolls for the gas (interpretation event-targets): the planner's
    step toward its goal ends before the cloud's edge, and goes on past a cloud it stands in."""
    from game.core.state import Cloud
    from game.rulesets.goodbyeeee.status import GbCloudAttr
    game = game_of([unit("a1", [("private", 20, 20)])], [unit("b1", [("private", 100, 110)])])
    st = game.state
    f = st.figures["a1.1"]
    st.clouds["gas1"] = Cloud("gas1", "gas", 400.0, 200.0, radius=100.0, expires="never",
                              attrs={GbCloudAttr.SPEED: 12, GbCloudAttr.HEADING: 90, GbCloudAttr.CARD: "KS", GbCloudAttr.GASSED: 0})
    game.rules.sync_table(game)
    to_step(game, "orders")
    planner = game.rules.planner
    to = planner.affordable(game, f, (350.0, 200.0), False)
    assert to is not None and 290.0 < to[0] < 300.0 and to[1] == 200.0   # the edge is at x 300
    f.x = 350.0   # inside the cloud already: nothing to stop short of
    assert planner.affordable(game, f, (450.0, 200.0), False) == (450.0, 200.0)


def test_after_its_moves_a_figure_in_the_open_lies_down_unless_the_enemy_is_near():
    game = game_of([unit("a1", SECTION, kind="section")], [unit("b1", [("private", 20, 46)], kind="section")])
    to_step(game, "orders")
    game.state.units["a1"].markers[SoloKey.ORDER] = "halt"
    cmds = game.rules.planner.unit_commands(game, "a", game.state.units["a1"], {})
    assert {c.kind for c in cmds} == {"go_prone"} and {c.figure_id for c in cmds} == {"a1.3", "a1.4"}  # 27.9 and 29.7 cm off


def test_a_tank_s_advance_is_ordered_then_moves_and_halts_within_20_in_of_the_enemy():
    a = [unit("t1", [("heavy_tank_male", 60, 110)], kind="vehicle"), unit("a1", SECTION, kind="section")]
    game = game_of(a, [unit("b1", [("private", 60, 20)], kind="section")], size=140)
    to_step(game, "orders")
    t1 = game.state.units["t1"]
    t1.markers[SoloKey.ORDER] = "advance"
    assert [c.kind for c in game.rules.planner.unit_commands(game, "a", t1, {})] == ["order"]
    order(game, 1, 1, uid="t1")
    [move] = game.rules.planner.unit_commands(game, "a", t1, {})
    # no friendly infantry within 6 in: half of its 10 cm cross-country move (less the planner's 0.3 cm margin)
    assert move.kind == "move" and move.path[0] == pytest.approx((600.0, 1100 - (100 - 3) / 2))
    game.state.figures["t1.1"].y = 500.0  # 48 cm from the enemy: "Halt if within 20 in"
    game.state.figures["t1.1"].markers.pop("moved_cm", None)
    assert game.rules.planner.unit_commands(game, "a", t1, {}) == []


def test_the_ai_spends_luck_where_a_point_buys_most():
    from game.core.keys import StateKey

    game = game_of([unit("a1", [("junior_nco", 20, 20), ("private", 25, 20), ("lmg_gunner", 30, 20)], kind="section")],
                   [unit("b1", [("private", 20, 80)])])
    planner = game.rules.planner

    def ask(fid: str, prompt: str) -> str:
        opts = [("Spend", Command("use_luck", "a", figure=fid, choice="use")), ("Do not", Command("use_luck", "a", figure=fid, choice="decline"))]
        game.state.attrs[StateKey.DECISION] = {"side": "a", "prompt": prompt, "options": []}
        return planner.decide(game, "a", opts).choice

    assert ask("a1.2", "Private (rifleman)'s shot at Private (rifleman) failed: spend a Luck point?") == "decline"
    assert ask("a1.3", "LMG gunner's shot at Private (rifleman) failed: spend a Luck point?") == "use"
    assert ask("a1.2", "Private (rifleman)'s courage test failed: spend a Luck point?") == "decline"
    assert ask("a1.1", "Lance corporal's courage test failed: spend a Luck point?") == "use"
    assert ask("a1.2", "Private (rifleman) is shot by Private (rifleman) and would take a wound: spend a Luck point?") == "use"
    # a cover roll made again stops the hit half the time, as the save kept for the wound does
    # (1-3), and that save is spent only if the hit wounds
    assert ask("a1.2", "The cover roll for Private (rifleman) failed: spend Section's Luck point to re-roll it?") == "decline"
    assert ask("a1.2", "Private (rifleman)'s climb failed: spend a Luck point?") == "decline"
    assert ask("a1.1", "Section's command roll (9 against 8) failed: spend a Luck point?") == "use"


def test_portal_markers_generate_this_ruleset_s_sections_from_the_force_table():
    """Solo force generation with the table of rulesets/goodbyeeee.yaml (interpretation
    solo-force-table): a 6 on one marker is the Rifle group, a junior NCO and three privates,
    placed as a section (solo_view.solo_placed)."""
    from game.solo import portal_state, portals
    from tests.rulesets.helpers import make_game, small_map

    pool = [unit(f"p{k}", [(t, 5 + 3 * i, 5 + 5 * k) for i, t in enumerate(["junior_nco", "private", "private", "private"])],
                 kind="section") for k in range(2)]
    doc = small_map([unit("a1", [("private", 60, 100)], kind="section")], pool, ruleset="goodbyeeee", unit="cm", size=(120, 120),
                    terrain=[{"type": "building", "name": "Long wall", "rect": {"x": 0, "y": 40, "w": 120, "h": 4}}])
    doc["portals"] = [{"side": "b", "at": [60, 30]}]
    game = make_game(doc, options={"solo_side": "b"})
    portal_state.require_info(game.state)["contact"] = True
    assert not game.state.side_units("b")  # the side plays from its marker: its figures wait in the pool
    force(game, 6)
    portals.generate(game.rules, game, portal_state.solo_markers(game, ("portal",)), "test")
    [made] = game.state.side_units("b")
    assert made.kind == "section" and sorted(f.type for f in game.state.unit_figures(made.id)) == ["junior_nco", "private", "private", "private"]
    assert game.rules.profile(game, made).has_nco


def test_the_ai_spends_valour_on_double_attacks_where_three_figures_have_a_shot():
    """L33: one point carries every friend within 10 cm; the AI spends it in the fire step
    when three of them have a worthwhile shot (ai_spend.py)."""
    from game.core import pools

    game = game_of([unit("a1", SECTION, kind="section")], [unit("b1", [("private", 20, 60), ("private", 30, 60)], kind="section")])
    planner = game.rules.planner
    to_step(game, "fire")
    assert planner.side_commands(game, "a") == []  # no point to spend
    pools.grant(game.state, pools.owner("unit", "a1"), "valour", 1)
    [use] = planner.side_commands(game, "a")
    assert use.kind == "use_valour" and use.choice == "double_attacks"
    # the spender carries the most ready figures: a1.2 (at 25 cm) has all four within 10 cm
    assert use.figure_id == "a1.2"
    for fid in ("a1.2", "a1.3"):  # two of them have fired: two ready are not enough
        game.state.figures[fid].markers["fired"] = {"turn": game.state.turn, "weapon": "rifle", "shots": 1}
    assert game.rules.firing.why_not_fire(game, game.state.figures["a1.1"]) is None
    assert [f for f in ("a1.1", "a1.2", "a1.3", "a1.4") if game.rules.firing.shots_left(game, game.state.figures[f], "rifle") > 0] == ["a1.1", "a1.4"]
    assert planner.side_commands(game, "a") == []


def test_the_ai_spends_valour_on_a_double_move_for_an_attack_against_the_clock():
    """A section ordered forward whose goal is further than a walk a turn for the turns left
    moves double without the command roll (a heroic act is its own order)."""
    from game.core import pools

    game = game_of([unit("a1", SECTION, kind="section")], [unit("b1", [("private", 20, 110)], kind="section")])
    from game.core.keys import StateKey

    game.state.attrs[StateKey.VICTORY].update(otherwise="b", turn_limit=3)  # 90 cm in 3 turns: 30 cm a turn
    planner = game.rules.planner
    to_step(game, "orders")
    u = game.state.units["a1"]
    u.markers[SoloKey.ORDER] = "advance"
    pools.grant(game.state, pools.owner("figure", "a1.1"), "valour", 1)
    [use] = planner.side_commands(game, "a")
    assert use == Command("use_valour", "a", figure="a1.1", choice="double_move")
    game.state.attrs[StateKey.VICTORY]["turn_limit"] = 8  # 11 cm a turn: a walk does it
    assert planner.side_commands(game, "a") == []
    game.state.attrs[StateKey.VICTORY]["turn_limit"] = 3
    ok(game, use)
    answer(game, "consent_use", "agree")  # L73: the opponent agrees it is a suitable use
    assert u.markers.get("order") is None and game.rules.command.ordered(game, u) is None
    cmds = planner.unit_commands(game, "a", u, {})
    assert cmds and cmds[0].kind == "move"  # no command roll: the heroic act is the order
    assert game.rules.moving.left(game, game.state.figures[cmds[0].figure_id]) == 300.0


def test_the_ai_plays_a_kept_jack_of_diamonds_on_its_best_shot():
    """L303: Dead Eye (+1 to hit, -1 cover, +1 to wound) is the one kept card a player plays
    on his own initiative; the AI plays it in the fire step on the figure whose best shot puts
    the most out of action (a fifth of a figure or more), and not when no shot is worth it."""
    from tests.rulesets.gb_kit import deal

    a = [unit("a1", [("junior_nco", 20, 20), ("private", 25, 20), ("lmg_gunner", 30, 20)], kind="section")]
    game = game_of(a, [unit("b1", [("private", 30, 45), ("private", 36, 45)], kind="section")])
    planner = game.rules.planner
    to_step(game, "fire")
    assert planner.side_commands(game, "a") == []  # no card held
    deal(game, "a", "JD", face_up=True)
    [play] = planner.side_commands(game, "a")
    assert play == Command("play_card", "a", figure="a1.3", choice="JD")  # the LMG's burst at 25 cm
    values = {f: max(planner.value(game, Command("fire", "a", figure=f, target=e, choice=w))
                     for e in ("b1.1", "b1.2") for w in game.state.figures[f].weapons)
              for f in ("a1.1", "a1.2", "a1.3")}
    assert values["a1.3"] == max(values.values()) >= 0.2
    ok(game, play)
    assert game.state.figures["a1.3"].markers.get("dead_eye") == game.state.turn and not game.state.hands["a"]
    # riflemen at long range (1/3 to hit x 1/2 to wound: a sixth of a figure): kept
    riflemen = [unit("a1", [("junior_nco", 20, 20), ("private", 25, 20)], kind="section")]
    far = game_of(riflemen, [unit("b1", [("private", 25, 70)], kind="section")])
    to_step(far, "fire")
    deal(far, "a", "JD", face_up=True)
    assert far.rules.planner.side_commands(far, "a") == []


def test_the_ai_weighs_a_shot_by_its_kills_and_its_pins():
    """A rifle shot at 25 cm in the open: out of action 1/4, on target but no wound 1/4, and
    then pinned on a failed courage test (the squad value 6: 21/36, L160). The planner's value
    is the kills and PIN of a figure for each pin, as the shot's resolved odds give them."""
    from fractions import Fraction as F

    from game.core.odds import fractions_of
    from game.rulesets.goodbyeeee.ai import PIN

    shot = Command("fire", "a", figure="a1.1", target="b1.1")
    for bs, pin in (([("private", 20, 45)], F(21, 36)),
                    # with a lance corporal 10 cm from the target, it tests on his 8: 10/36
                    ([("private", 20, 45), ("junior_nco", 30, 45)], F(10, 36))):
        game = game_of([unit("a1", [("private", 20, 20)])], [unit("b1", bs)])
        to_step(game, "fire")
        kill, pinned = F(1, 4), F(1, 4) * pin
        resolved = fractions_of(game.rules.odds(game, shot).outcomes)
        assert resolved["out of action"] == kill and resolved["pinned"] == pinned
        assert game.rules.planner.value(game, shot) == pytest.approx(float(kill + PIN * pinned))


def test_the_ai_counts_no_pins_on_a_tank():
    """A shot at a tank never makes its crew take the pin test (its hits roll for damage):
    its value is the kill alone, the same with pins weighed or not."""
    from game.rulesets.goodbyeeee import ai

    game = game_of([unit("a1", [("private", 20, 20)])], [unit("b1", [("light_tank_mg", 20, 60)], kind="vehicle")])
    to_step(game, "fire")
    tank = game.state.figures["b1.1"]
    assert game.rules.courage.pin_chance(game, tank, "rifle") == 0.0
    shot = Command("fire", "a", figure="a1.1", target="b1.1")
    with_pins = game.rules.planner.value(game, shot)
    again = game_of([unit("a1", [("private", 20, 20)])], [unit("b1", [("light_tank_mg", 20, 60)], kind="vehicle")])
    to_step(again, "fire")
    saved, ai.PIN = ai.PIN, 0.0
    try:
        assert again.rules.planner.value(again, shot) == with_pins
    finally:
        ai.PIN = saved


def test_each_enemy_figure_counts_one_the_best_shot_is_the_likeliest():
    """The break counts figures out of action, one each: the AI's riflemen shoot the private
    20 cm off rather than the subaltern 45 cm off, though a leader's loss weighed half as
    much again (and again for bringing his section to half strength) would have drawn them."""
    a = [unit("a1", [("private", 20, 20)], kind="section")]
    b = [unit("b1", [("junior_officer", 40, 65), ("senior_nco", 60, 75)], kind="section"),
         unit("b2", [("private", 20, 40), ("private", 24, 41), ("private", 28, 41)], kind="section")]
    game = game_of(a, b)
    planner = game.rules.planner
    to_step(game, "fire")
    near = planner.value(game, Command("fire", "a", figure="a1.1", target="b2.1"))
    far = planner.value(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    assert far < near < far * 1.5 * 1.5  # the old weights would have taken the subaltern
    [best] = planner.shots(game, "a", game.state.units["a1"])
    assert best.kind == "fire" and best.target == "b2.1"
