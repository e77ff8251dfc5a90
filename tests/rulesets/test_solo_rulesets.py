"""The solo rules in WW2 Skirmish and WWIFY: each ruleset's force table (alternatives when
the pool lacks the first choice), the figures a portal makes readied as the ruleset's own
set-up would, and the solo counters' attacks with forced dice."""

from game.core.state import DEAD, Marker
from game.data.solo_schema import ForceEntry
from game.solo import force_pick, portal_state, portals

from .helpers import force, make_game, small_map, unit
from .wwify_kit import IN, fresh, wmap

# ---- WW2 Skirmish -----------------------------------------------------------------------------


def ww2_game(a_units, b_units, options=None, terrain=None):
    doc = small_map(a_units, b_units, terrain=terrain, ruleset="ww2-skirmish")
    doc["portals"] = [{"side": "b", "at": [24, 8]}]
    return make_game(doc, options=options)


def us_team(uid, types, x=22.0, y=30.0, step=2.0):
    """Figures ``step`` inches apart (2": 1" between bases, dispersed order)."""
    return unit(uid, [(t, x + step * i, y) for i, t in enumerate(types)])


GER = [unit("g1", [("ger_rifleman", 24, 4)])]


def test_ww2_force_table_is_the_text_table():
    table = portals.solo_section(ww2_game([us_team("a1", ["us_rifleman"])], GER).rules)
    label = {t: table.force_table[table.index_for(t)].label for t in range(1, 17)}
    assert [label[t] for t in (5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16)] == [
        "Nothing", "Rifle group", "Rifle group", "Rifle group with Panzerfaust", "Riflemen and LMG team",
        "Redeployment", "HMG team and riflemen", "Panzerjager team", "Anti-tank gun and LMG team",
        "Tank or self-propelled gun", "Tank or self-propelled gun"]


def test_an_alternative_serves_when_the_pool_lacks_the_first_choice():
    tank = ForceEntry(min_roll=14, name="Tank", troops=["ger_pz4h"], alternatives=[["ger_panther"], ["ger_tiger"]])
    assert force_pick.deployable(tank, {"ger_pz4h": 1, "ger_tiger": 1})[0].troops == ["ger_pz4h"]
    assert force_pick.deployable(tank, {"ger_tiger": 1})[0].troops == ["ger_tiger"]
    assert force_pick.deployable(tank, {"ger_rifleman": 9}) is None


def test_a_generated_tank_brings_its_crew_out_of_the_pool():
    b = [unit("g1", [("ger_tiger", 24, 4)], kind="vehicle"), unit("g2", [("ger_rifleman", 30, 4)])]
    game = ww2_game([us_team("a1", ["us_rifleman"])], b, options={"solo_side": "b"})
    pool = portal_state.solo_pool(game)
    assert pool["ger_tiger"] == 1 and pool["ger_tank_crew"] == 3 and pool["ger_tank_commander"] == 1
    marker = Marker("b-m9", "b", "portal", 24 * IN, 8 * IN, secret=True, attrs={"seen": True})
    game.state.markers[marker.id] = marker
    entry = force_pick.deployable(portals.solo_section(game.rules).force_table[-1], pool)[0]
    made = portals.place_unit(game.rules, game, entry, marker)
    types = sorted(f.type for f in game.state.unit_figures(made.id))
    assert types == ["ger_tank_commander", "ger_tank_crew", "ger_tank_crew", "ger_tank_crew", "ger_tank_driver", "ger_tiger"]
    assert all(f.attrs.get("ww2") for f in game.state.unit_figures(made.id))
    assert portal_state.solo_pool(game) == {"ger_rifleman": 1}


def test_ww2_sniper_counter_picks_the_nco_and_kills_on_a_carefully_aimed_hit():
    game = ww2_game([us_team("a1", ["us_rifleman", "us_nco", "us_rifleman"], step=1.5)], GER)  # close order
    force(game, 8, 6, 6)  # d20 8: careful aimed at medium needs 8; effect 6 +1 sniper = 7 killed; morale d6
    assert game.rules.solo_counter_attack(game, "sniper", "a1", at=(24 * IN, 10 * IN))
    dead = [f.type for f in game.state.unit_figures("a1", alive_only=False) if f.life == DEAD]
    assert dead == ["us_nco"]
    shot = next(e.roll for e in game.log if e.roll and "Sniper counter" in e.roll.reason)
    assert shot.target == "8+" and shot.outcome == "hit"


def test_ww2_sniper_counter_misses_below_the_number():
    game = ww2_game([us_team("a1", ["us_rifleman", "us_nco"], step=1.5)], GER)
    force(game, 7)
    game.rules.solo_counter_attack(game, "sniper", "a1", at=(24 * IN, 10 * IN))
    assert all(f.alive and not f.wounds for f in game.state.unit_figures("a1"))


def test_ww2_sniper_counter_shifts_a_band_for_a_single_figure():
    """L148-149: a single figure counts "as 1 range band higher", for the counter's shot as
    for any: carefully aimed at medium range shifted to long needs 12, so an 11 misses."""
    game = ww2_game([us_team("a1", ["us_rifleman"])], GER)
    force(game, 11)
    game.rules.solo_counter_attack(game, "sniper", "a1", at=(24 * IN, 10 * IN))
    shot = next(e.roll for e in game.log if e.roll and "Sniper counter" in e.roll.reason)
    assert shot.target == "12+" and shot.outcome == "miss"
    assert [m[0] for m in shot.modifiers] == ["single figure"]
    game = ww2_game([us_team("a1", ["us_rifleman", "us_nco"])], GER)  # 1" between bases: dispersed
    force(game, 11)
    game.rules.solo_counter_attack(game, "sniper", "a1", at=(24 * IN, 10 * IN))
    shot = next(e.roll for e in game.log if e.roll and "Sniper counter" in e.roll.reason)
    assert shot.target == "12+" and [m[0] for m in shot.modifiers] == ["dispersed order"]


def test_ww2_mines_shoot_each_member_as_a_medium_range_mg_aimed_shot():
    game = ww2_game([us_team("a1", ["us_rifleman", "us_rifleman", "us_rifleman"])], GER)
    # member 1: 12 hits (aimed, medium: 12+), effect 3 +1 MG = 4 suppressed; member 2: 11 misses;
    # member 3: 20 hits, effect 6 +1 = 7 killed; then the team's morale test
    force(game, 12, 3, 11, 20, 6, 6)
    game.rules.solo_counter_attack(game, "mine", "a1", at=(24 * IN, 30 * IN))
    figs = game.state.unit_figures("a1", alive_only=False)
    assert [f.life for f in figs][:2] == ["active", "active"] and figs[2].life == DEAD
    assert game.state.units["a1"].markers.get("suppressed", 0) >= 1
    shots = [e.roll for e in game.log if e.roll and e.roll.reason.startswith("Mines")]
    assert [s.outcome for s in shots] == ["hit", "miss", "hit"] and {s.target for s in shots} == {"12+"}


def test_ww2_random_round_lands_on_16_and_is_75mm_he():
    """A gun's shot at long range (16+; interpretation solo-counters), the other artillery
    table with a 75mm gun's d8."""
    game = ww2_game([us_team("a1", ["us_rifleman", "us_rifleman"])], GER)
    force(game, 15)
    game.rules.solo_counter_attack(game, "artillery", "a1", at=(24 * IN, 10 * IN))
    assert all(f.alive for f in game.state.unit_figures("a1"))
    game = ww2_game([us_team("a1", ["us_rifleman", "us_rifleman"])], GER)
    force(game, 16, 8, 1, 6)  # lands; both riflemen (2" apart, within the 2" blast) roll the d8: 8 kills, 1 suppresses
    game.rules.solo_counter_attack(game, "artillery", "a1", at=(24 * IN, 10 * IN))
    effects = [e.roll for e in game.log if e.roll and e.roll.reason.startswith("HE effect")]
    assert [r.spec for r in effects] == ["d8", "d8"]
    assert sorted(f.life for f in game.state.unit_figures("a1", alive_only=False)) == ["active", DEAD]


# ---- WWIFY ---------------------------------------------------------------------------------------


def wwify_pair(b_units=None):
    good = [unit("g1", [("good_officer", 20, 30)] + [("good_rifleman", 21.5 + 1.5 * i, 30) for i in range(3)])]
    evil = b_units or [unit("e1", [("evil_rifleman", 24, 4)])]
    return fresh(wmap(good, evil))


def test_wwify_force_table_alternatives_cover_both_alignments():
    game = wwify_pair()
    table = portals.solo_section(game.rules)
    first = table.force_table[table.index_for(6)]
    assert force_pick.deployable(first, {"good_officer": 1, "good_rifleman": 3})[0].troops[0] == "good_officer"
    assert force_pick.deployable(first, {"evil_officer": 1, "evil_rifleman": 5})[0].troops[0] == "evil_officer"
    top = table.force_table[-1]
    assert force_pick.deployable(top, {"evil_flyer": 1})[0].troops == ["evil_flyer"]


def test_wwify_generated_unit_takes_the_kind_of_its_troops():
    wall = [{"type": "building", "rect": {"x": 0, "y": 20, "w": 48, "h": 3}}]  # the marker is out of sight
    doc = wmap([unit("g1", [("good_rifleman", 20, 40)])], [unit("e1", [("evil_flyer", 24, 4)], kind="flyer")], terrain=wall)
    doc["portals"] = [{"side": "b", "at": [24, 8]}]
    game = fresh(doc, options={"solo_side": "b"})
    marker = Marker("b-m9", "b", "portal", 24 * IN, 8 * IN, secret=True, attrs={"seen": True})
    game.state.markers[marker.id] = marker
    entry = force_pick.deployable(portals.solo_section(game.rules).force_table[-1], portal_state.solo_pool(game))[0]
    made = portals.place_unit(game.rules, game, entry, marker)
    assert made.kind == "flyer"


def test_wwify_sniper_counter_rolls_three_dice_and_the_sniper_picks():
    game = wwify_pair()
    force(game, 6, 6, 2)
    game.rules.solo_counter_attack(game, "sniper", "g1", at=(24 * IN, 10 * IN))
    game.rules.run_queue(game)
    d = game.rules.decision(game)
    assert d["side"] == "b" and "the sniper picks" in d["prompt"] and "2 more casualties" in d["prompt"]
    assert d["options"][0]["command"]["target"] == "g1.1"  # the officer first: the most valuable


def test_wwify_mines_roll_a_die_per_figure():
    game = wwify_pair()
    force(game, 6, 1, 1, 1)
    game.rules.solo_counter_attack(game, "mine", "g1", at=(24 * IN, 30 * IN))
    game.rules.run_queue(game)
    d = game.rules.decision(game)
    assert d["side"] == "a" and "1 more casualty" in d["prompt"]


def test_wwify_random_round_is_an_he_barrage_on_the_square():
    game = wwify_pair()
    grid = game.rules.fighting.grid(game)
    square = grid.label(*grid.locate((20 * IN, 30 * IN)))
    inside = game.rules.fighting.under_barrage(game, grid.square(*grid.locate((20 * IN, 30 * IN))))
    force(game, *([1] * len(inside)))  # every HE test safe
    game.rules.solo_counter_attack(game, "artillery", "g1", at=(20 * IN, 10 * IN))
    assert any(f"square {square}" in e.text for e in game.log)
    he = [e.roll for e in game.log if e.roll and e.roll.reason.startswith("HE: ")]
    assert sorted(r.figures[0] for r in he) == sorted(f.id for f in inside) and len(inside) >= 1
