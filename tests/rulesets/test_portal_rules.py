"""Issue 18's portal rules, with forced dice: results naming two groups make two units at
one portal, the 14+ "Tank, or Self Propelled Gun" is never the half-track, the force die
is one d6; markers are driven back only by figures that move (and the log says why, and
the end of game counts them); map checks of where markers stand (``validate`` and the
editor warn); headless games play a lone AI side by the solo rules, as the window does.
Text: ../shared/rules/ww2-skirmish-solo.txt, "Solo rules"."""

from collections import Counter

import pytest
import yaml

from game.catalog import MAPS_DIR, RULESETS_DIR, load_map, validate_file
from game.core.commands import Command
from game.core.victory import marker_summary
from game.editor.model import EditorDoc
from game.geometry.units import to_mm
from game.solo import portal_state, portals
from game.solo.portal_check import pool_notes, portal_warnings, sheltered

from .data_kit import refused_naming, set_at
from .helpers import end_phases, force, make_game, ok, small_map, unit

IN = to_mm(1.0, "in")
WALL = {"type": "building", "name": "Long wall", "rect": {"x": 0, "y": 20, "w": 48, "h": 3}}


def ww2_pool(units, n_markers, player=None):
    """A WW2 game whose side B (north) plays from ``n_markers`` portal markers in a row,
    out of the player's sight behind a long building, with ``units`` ((kind, [troop
    types]), fire teams of 2-4 as the map check wants) as its pool; contact already made
    (no -1)."""
    b = [unit(f"p{k}", [(t, 2 + 2.5 * i, 2 + 4 * k) for i, t in enumerate(types)], kind=kind) for k, (kind, types) in enumerate(units)]
    doc = small_map(player or [unit("a1", [("us_rifleman", 24, 40)])], b, terrain=[WALL], ruleset="ww2-skirmish")
    doc["portals"] = [{"side": "b", "at": [4 + 5 * i, 17]} for i in range(n_markers)]
    game = make_game(doc, options={"solo_side": "b"})
    portal_state.require_info(game.state)["contact"] = True
    return game


def roll(game, die):
    """One force generation roll on a forced d6 with every marker counted as in sight;
    the shuffle of the counters in sight takes the first (index draws of 0)."""
    seen = portal_state.solo_markers(game, ("portal",))
    force(game, die, *[0] * (len(seen) - 1))
    portals.generate(game.rules, game, seen, "test")
    return [e.roll for e in game.log if e.roll and "force generation" in e.roll.reason][-1]


def made(game):
    return {u.name.rsplit(" (", 1)[0]: Counter(f.type for f in game.state.unit_figures(u.id)) for u in game.state.side_units("b")}


def near_one_portal(game):
    """Every generated unit stands around the same marker."""
    centres = [game.rules.unit_centre(game, u.id) for u in game.state.side_units("b")]
    return any(all(portal_state.dist(c, (m.x, m.y)) < 4 * IN for c in centres) for m in portal_state.solo_markers(game, ("portal",)))


RIFLES = [("squad", ["ger_rifleman"] * 4), ("squad", ["ger_rifleman"] * 4)]
MG = [("squad", ["ger_mg_gunner", "ger_mg_loader", "ger_mg_loader"]), ("squad", ["ger_mg_gunner", "ger_mg_loader"])]
PAK = [("crew", ["ger_pak40", "ger_gun_crew", "ger_gun_crew", "ger_gun_crew"])]


def test_13_is_the_anti_tank_gun_and_a_two_man_lmg_team():
    """"13: Anti Tank gun and 2 man Light Machine Gun team." (6 + 7 further counters in sight)"""
    game = ww2_pool([*PAK, *MG, *RIFLES], 8)
    r = roll(game, 6)
    assert r.faces == [6] and r.outcome == "13: Anti-tank gun and LMG team"
    assert made(game) == {"Anti-tank gun": {"ger_pak40": 1, "ger_gun_crew": 3},
                          "LMG team": {"ger_mg_gunner": 1, "ger_mg_loader": 1}}
    assert near_one_portal(game)


def test_9_and_11_make_fire_teams_not_one_seven_figure_team():
    """"9: 4 Riflemen and a 3 man Light Machine Gun team." "11: Heavy Machine Gun (3 man) and
    4 Riflemen." ("Figures should be organized into 'Fire teams', normally of 2-4 figures")"""
    game = ww2_pool([*MG, *RIFLES], 4)
    assert roll(game, 6).outcome == "9: Riflemen and LMG team"
    assert made(game) == {"Rifle group": {"ger_rifleman": 4}, "LMG team": {"ger_mg_gunner": 1, "ger_mg_loader": 2}}
    assert near_one_portal(game)
    game = ww2_pool([("squad", ["ger_hmg_gunner", "ger_mg_loader", "ger_mg_loader"]), *RIFLES], 6)
    assert roll(game, 6).outcome == "11: HMG team and riflemen"
    assert made(game) == {"HMG team": {"ger_hmg_gunner": 1, "ger_mg_loader": 2}, "Rifle group": {"ger_rifleman": 4}}
    assert max(len(u.figures) for u in game.state.side_units("b")) == 4


def test_a_result_is_made_whole_or_the_table_steps_down():
    """"If no figures are available to represent the generated force, use the options before
    in order instead": a 13 without the gun steps down to 12 (no Panzerjager team either),
    past 10 (redeployment is no force) to 9."""
    game = ww2_pool([*MG, *RIFLES], 8)
    r = roll(game, 6)
    assert r.outcome == "13: Riflemen and LMG team (no figures for Anti-tank gun and LMG team: steps down)"
    assert set(made(game)) == {"Rifle group", "LMG team"}


def test_a_rifle_grenadier_then_an_assault_rifleman_stand_in_for_riflemen():
    """Interpretation solo-force-riflemen: the table's "Riflemen" are the squad's men without
    a special role. An 8 ("4 Riflemen and a man with a Panzerfaust") from two Kar98k
    riflemen, a rifle grenadier and two StG 44 men takes both riflemen first, then the
    rifle grenadier, then one StG 44 man, and the log says who stood in for whom."""
    game = ww2_pool([("squad", ["ger_stg", "ger_rifleman", "ger_stg", "ger_rifle_grenadier"]), ("squad", ["ger_rifleman", "ger_pf"])], 3)
    r = roll(game, 6)
    assert r.outcome == "8: Rifle group with Panzerfaust (Schütze (rifle grenades) for Schütze, Sturmgewehr schütze for Schütze)"
    assert made(game) == {"Rifle group with Panzerfaust": {"ger_rifleman": 2, "ger_rifle_grenadier": 1, "ger_stg": 1, "ger_pf": 1}}
    assert portal_state.solo_pool(game) == {"ger_stg": 1}


def test_stand_ins_take_only_the_riflemens_places():
    """Four StG 44 men make the riflemen of a 9 beside its LMG team, but stand in for no
    NCO: a 6 ("3 Riflemen and an NCO with SMG") from them alone gives nothing."""
    game = ww2_pool([("squad", ["ger_stg"] * 4), MG[0]], 4)
    assert roll(game, 6).outcome == "9: Riflemen and LMG team (Sturmgewehr schütze x4 for Schütze)"
    assert made(game) == {"Rifle group": {"ger_stg": 4}, "LMG team": {"ger_mg_gunner": 1, "ger_mg_loader": 2}}
    game = ww2_pool([("squad", ["ger_stg"] * 4)], 1)
    assert roll(game, 6).outcome == "6: Rifle group, but no figures for it or anything below: nothing"
    assert made(game) == {}


def test_a_stand_in_of_no_troop_type_is_refused_naming_the_field():
    raw = yaml.safe_load((RULESETS_DIR / "ww2-skirmish.yaml").read_text(encoding="utf-8"))
    refused_naming(raw, set_at(("solo", "stand_ins", "ger_rifleman"), ["ger_stg", "ger_grenadier"]), "w2.yaml",
                   "solo.stand_ins.ger_rifleman[1]", "unknown troop type 'ger_grenadier'")


def test_14_is_a_tank_or_self_propelled_gun_never_the_half_track():
    """"14+: Tank, or Self Propelled Gun." The Sd.Kfz. 251 is neither: with only the
    half-track in the pool a 14 steps down (here to the 13, made whole)."""
    game = ww2_pool([("vehicle", ["ger_sdkfz251"]), *PAK, *MG], 9)
    r = roll(game, 6)
    assert r.outcome.startswith("14: Anti-tank gun and LMG team (no figures for Tank or self-propelled gun")
    assert "ger_sdkfz251" in portal_state.solo_pool(game)
    top = portals.solo_section(game.rules).force_table[-1]
    assert all("ger_sdkfz251" not in troops for troops in top.choices())


def test_the_force_die_is_one_d6_and_a_natural_1_is_nothing():
    """"throw a D6 ... +1: Each counter after the first, in LOS" and "A natural '1' is always
    nothing": one die; 8 further counters in sight still give nothing on a 1."""
    game = ww2_pool(RIFLES, 9)
    r = roll(game, 1)
    assert r.spec == "d6" and r.faces == [1] and r.outcome == "natural 1: nothing"
    assert r.modifiers == [("8 more counter(s) in sight", 8)]


def test_the_other_rulesets_tables_have_the_same_shape():
    """Great War and WWIFY: 9, 11 and 13 name two groups each, made as two units."""
    for ruleset in ("great-war-54mm", "wwify"):
        lm = load_map(next(p for p in sorted(MAPS_DIR.glob("*.yaml")) if load_map(p).model.ruleset == ruleset))
        table = portals.solo_section(lm.ruleset)
        for total in (9, 11, 13):
            groups = table.force_table[table.index_for(total)].groups()
            assert len(groups) == 2 and all(2 <= len(g.troops) <= 4 for g in groups), (ruleset, total)


# ---- eliminating portals: only the figures that move drive markers back -----------------------

FIELD = [{"type": "building", "name": "Screen", "rect": {"x": 14, "y": 34, "w": 20, "h": 2}},
         {"type": "building", "name": "Farm", "rect": {"x": 36, "y": 12, "w": 4, "h": 4}},
         {"type": "building", "name": "Barn", "rect": {"x": 12, "y": 16, "w": 6, "h": 3}}]


def gw_game(marks, player):
    b = [unit("g1", [("sergeant", 3, 2)] + [("rifleman", 4 + i, 2) for i in range(3)])]
    doc = small_map(player, b, terrain=FIELD)
    doc["portals"] = [{"side": "b", "at": list(p)} for p in marks]
    return make_game(doc, options={"solo_side": "b"})


def test_a_marker_in_the_open_is_driven_back_only_by_a_figure_that_moves_and_sees_it():
    """"when a figure moves within 8" of any portal in cover, and visible, (or one that is in
    the open, after the 'Enemy Force Generation' phase)": a figure standing still that sees
    a marker in the open drives nothing back, nor does a figure moving out of sight of it;
    the figure that moves into sight of a marker in the open drives it back (to the farm),
    and the log says why."""
    player = [unit("w", [("rifleman", 24, 38)]), unit("m", [("rifleman", 30, 38), ("rifleman", 31, 38.5)])]
    game = gw_game([(8, 12), (36, 20)], player)  # everyone hidden behind the screen: no roll yet
    assert not [e for e in game.log if e.roll and "force generation" in e.roll.reason]
    for mk in portal_state.solo_markers(game):
        mk.attrs["seen"] = True  # as after a force generation roll
    game.state.figures["w.1"].x, game.state.figures["w.1"].y = 6 * IN, 40 * IN  # the watcher sees b-m1 in the open
    assert game.rules.los(game, game.state.figures["w.1"], (8 * IN, 12 * IN)).visible
    end_phases(game, "movement", "a")
    force(game, 5, 5)
    ok(game, Command("roll_move", "a", unit="m"))
    ok(game, Command("move", "a", figure="m.1", path=((29 * IN, 38 * IN),)))  # moves, still behind the screen
    where = [(round(mk.x / IN, 1), round(mk.y / IN, 1)) for mk in portal_state.solo_markers(game)]
    assert where == [(8, 12), (36, 20)]
    ok(game, Command("move", "a", figure="m.2", path=((36 * IN, 33 * IN),)))  # out past the screen's end
    m2 = game.state.figures["m.2"]
    b1, b2 = game.state.markers["b-m1"], game.state.markers["b-m2"]
    assert (round(b1.x / IN, 1), round(b1.y / IN, 1)) == (8, 12)  # m.2 does not see it in the open: stays
    assert not game.rules.los(game, m2, (b2.x, b2.y)).visible  # driven back out of its sight
    assert game.table.features_of_type("building")[1].name == "Farm"
    assert game.table.features_of_type("building")[1].area.distance(portals.Point(b2.x, b2.y)) < 2 * IN
    texts = [e.text for e in game.log.for_side("a") if e.kind == "solo"]
    assert any("moved and sees it in the open" in t and m2.name in t for t in texts)


def test_at_gloomford_the_ironclads_first_move_drives_back_no_marker_across_the_river():
    """Issue 18's case: at Gloomford Crossing, driving the ironclad 4" on turn 1 eliminated 6
    of the Horde's markers 30-50" away across the river. Markers in cover fall back only from
    a figure within 8", and one in the open only after the force generation has been rolled:
    the same move now leaves every marker where it stands, and the log names none."""
    from game.catalog import new_game

    game = new_game(load_map(MAPS_DIR / "wwify-gloomford-crossing.yaml"), 1, {"solo_side": "horde"})
    ok(game, Command("end_phase", "alliance"))  # the flyer's card: to the vehicles'
    before = {m.id: (m.x, m.y) for m in portal_state.solo_markers(game)}
    first = len(game.log)
    v = game.state.figures["g11.1"]
    y0 = v.y
    force(game, 6)  # the ironclad's breakdown test
    ok(game, Command("move_unit", "alliance", unit="g11", point=(v.x, y0 - 4 * IN)))
    assert abs(v.y - (y0 - 4 * IN)) < 0.1 * IN and len(before) >= 10
    assert {m.id: (m.x, m.y) for m in portal_state.solo_markers(game)} == before
    assert not [e for e in game.log.events[first:] if e.kind == "solo"]


def test_a_marker_inside_a_building_is_in_cover_and_stays_beyond_8_inches():
    """"a figure moves within 8\" of any portal in cover, and visible": a marker inside a
    building is in cover (the building's hard cover), so a figure that moves into sight of
    it over 8" away leaves it where it is; within 8" it falls back."""
    hut = {"type": "building", "name": "Hut", "rect": {"x": 24, "y": 18, "w": 4, "h": 4}}
    doc = small_map([unit("m", [("rifleman", 30, 38)])], [unit("g1", [("sergeant", 3, 2), ("rifleman", 4, 2)])],
                    terrain=[FIELD[0], hut])
    doc["portals"] = [{"side": "b", "at": [26, 20]}]
    game = make_game(doc, options={"solo_side": "b"})
    game.state.markers["b-m1"].attrs["seen"] = True  # as after a force generation roll
    end_phases(game, "movement", "a")
    force(game, 5, 5)  # the move (the marker was rolled for already: no new roll)
    ok(game, Command("roll_move", "a", unit="m"))
    ok(game, Command("move", "a", figure="m.1", path=((36 * IN, 33 * IN),)))  # sees it, 16.4" off
    m = game.state.markers["b-m1"]
    seen = game.rules.los(game, game.state.figures["m.1"], (m.x, m.y))
    assert seen.visible and seen.cover == 2
    assert (round(m.x / IN, 1), round(m.y / IN, 1)) == (26, 20)
    assert not [e for e in game.log if e.kind == "solo" and ("falls back" in e.text or "eliminated" in e.text)]


def test_a_marker_at_a_buildings_corner_is_in_cover_from_every_side():
    """"a portal counter will move to the next corner/cover": a marker at a building's
    corner is in cover, though the figure that moves into sight of it (over 8" away, after
    its force generation roll) sees it past the corner with no cover on the sight line; it
    stays (interpretation portal-fall-back). The same sight of a marker out in the field
    drives it back (the test above)."""
    doc = small_map([unit("m", [("rifleman", 16, 38)])], [unit("g1", [("sergeant", 3, 2), ("rifleman", 4, 2)])],
                    terrain=[FIELD[0], FIELD[2]])
    doc["portals"] = [{"side": "b", "at": [11, 15]}]  # 1.4" off the Barn's corner (12, 16)
    game = make_game(doc, options={"solo_side": "b"})
    game.state.markers["b-m1"].attrs["seen"] = True  # as after a force generation roll
    end_phases(game, "movement", "a")
    force(game, 5, 5)
    ok(game, Command("roll_move", "a", unit="m"))
    ok(game, Command("move", "a", figure="m.1", path=((8 * IN, 33 * IN),)))  # past the screen: sees it, 18.2" off
    m = game.state.markers["b-m1"]
    assert (round(m.x / IN, 1), round(m.y / IN, 1)) == (11, 15)
    seen = game.rules.los(game, game.state.figures["m.1"], (11 * IN, 15 * IN))
    assert seen.visible and seen.cover == 0  # nothing on the line: the building is beside it
    assert sheltered(game.table, (m.x, m.y)) == "Barn"
    assert not [e for e in game.log if e.kind == "solo" and ("falls back" in e.text or "eliminated" in e.text)]


def test_eliminated_markers_are_counted_for_the_end_of_game():
    game = gw_game([(8, 12), (20, 12)], [unit("w", [("rifleman", 24, 44)])])
    m = game.state.markers["b-m1"]
    by = game.state.figures["w.1"]
    game.state.markers.pop("b-m2")
    portals.fall_back(game.rules, game, m, "a test", by)  # in the open, in sight: nowhere to go
    assert "b-m1" not in game.state.markers
    assert marker_summary(game.state, "b") == "1 of 2 portal markers eliminated (1 portals, 0 dummies), 0 left on the table"
    assert marker_summary(game.state, "a") is None
    text = next(e.text for e in game.log if e.kind == "solo" and "eliminated" in e.text)
    assert text.startswith("A marker is eliminated: a test, and it has nowhere to fall back to")


# ---- where markers stand on the map -----------------------------------------------------------


@pytest.mark.parametrize("path", sorted(p for p in MAPS_DIR.glob("*.yaml") if "portals:" in p.read_text()), ids=lambda p: p.stem)
def test_shipped_maps_place_their_markers_as_the_text_says(path):
    """"Portal Counters are always placed on corners, in cover", and none is seen (and so
    rolled for, driven back or fires) before the player moves."""
    lm = load_map(path)
    assert portal_warnings(lm.model, lm.ruleset.build_table(lm.model)) == []


def test_a_marker_in_the_open_in_sight_of_the_enemy_set_up_is_warned_about(tmp_path):
    doc = small_map([unit("a1", [("rifleman", 40, 40)])], [unit("b1", [("rifleman", 24, 2)])], terrain=FIELD)
    doc["settings"] = {}
    doc["portals"] = [{"side": "b", "at": [38, 10]}, {"side": "b", "at": [24, 12]}, {"side": "b", "at": [30, 12], "counter": "sniper"}]
    ed = EditorDoc(doc)
    found = ed.warnings()
    # behind the farm, hidden: no warning; in the open and seen: two; the sniper is seen: one
    assert [w.split(":")[0] for w in found] == ["portals[1] (portal marker of b at 24, 12)"] * 2 + ["portals[2] (sniper of b at 30, 12)"]
    assert "not in cover" in found[0] and "in sight of the other side" in found[1]
    assert ed.warnings(0) == [] and len(ed.warnings(1)) == 2
    from game.data.map_write import dump_map

    f = tmp_path / "bad.yaml"
    f.write_text(dump_map(EditorDoc(ed.data).data))
    out = validate_file(f)
    assert ": ok (" in out and "3 warning(s)" in out and out.count(": warning: ") == 3


def test_validate_notes_the_figures_of_a_portal_pool_no_force_result_can_bring_on(tmp_path):
    """La Haie's garrison from its markers: counters stand for the 8cm mortar and the sniper,
    and no force result brings their figures on. Without the second Panzerfaust man and the
    MG 42 team (the map before its garrison was made whole for solo play) the table makes
    only rifle groups, a rifle group with a Panzerfaust and the HMG team: the Panzerjager
    result wants two Panzerfaust men and the pool had one, the Pak 40's result an LMG team's
    gunner, so half the garrison never came on."""
    lm = load_map(MAPS_DIR / "ww2-bocage-bunkers.yaml")
    assert pool_notes(lm.model, lm.ruleset) == [
        "Grenadier-Regiment 916 (strongpoint), played from its portal markers: 4 of its 23 figures never come on "
        "(Granatwerfer schütze (8cm), Mortar loader x2, Scharfschütze): no result of the force table can be made with them"]
    out = validate_file(MAPS_DIR / "ww2-bocage-bunkers.yaml")
    assert out.count(": note: ") == 1 and "warning" not in out
    # Hauteville's StG 44 men and rifle grenadier stand in for riflemen (solo-force-riflemen)
    village = load_map(MAPS_DIR / "ww2-village-hauteville.yaml")
    assert pool_notes(village.model, village.ruleset) == [
        "Kampfgruppe Weber (rearguard), played from its portal markers: 3 of its 21 figures never come on "
        "(Granatwerfer schütze (5cm), Mortar loader, Scharfschütze): no result of the force table can be made with them"]
    doc = yaml.safe_load((MAPS_DIR / "ww2-bocage-bunkers.yaml").read_text(encoding="utf-8"))
    german = next(s for s in doc["sides"] if s["id"] == "german")
    german["units"] = [u for u in german["units"] if u["id"] != "g10"]
    schreck = next(u for u in german["units"] if u["id"] == "g9")
    schreck["figures"] = [f for f in schreck["figures"] if f["type"] != "ger_pf"]
    before = tmp_path / "la-haie-before.yaml"
    before.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    old = load_map(before)
    assert pool_notes(old.model, old.ruleset) == [
        "Grenadier-Regiment 916 (strongpoint), played from its portal markers: 10 of its 20 figures never come on "
        "(Kanonier x3, Granatwerfer schütze (8cm), Mortar loader x2, 7.5cm Pak 40, Panzerschreck schütze, "
        "Panzerschreck loader, Scharfschütze): no result of the force table can be made with them"]
    # a pool every result can draw on, its officer brought by a redeployment: nothing to note
    enc = load_map(MAPS_DIR / "open-field-encounter.yaml")
    assert [p.side for p in enc.model.portals if p.counter is None] and pool_notes(enc.model, enc.ruleset) == []
    raid = load_map(MAPS_DIR / "trench-raid.yaml")
    assert "officer" in {f.type for s in raid.model.sides for u in s.units for f in u.figures}
    assert pool_notes(raid.model, raid.ruleset) == []


# ---- headless games play as the window plays ----------------------------------------------------


def test_simulate_plays_a_lone_ai_side_from_its_markers_by_default(monkeypatch):
    from game import simulate as sim

    seen = {}

    def fake_new_game(lm, seed, options):
        seen["options"] = dict(options)
        raise RuntimeError("stop")

    monkeypatch.setattr(sim, "new_game", fake_new_game)
    lm = load_map(MAPS_DIR / "ww2-bocage-bunkers.yaml")
    ai_second = next(s.id for s in lm.model.sides if s.id != (lm.model.first_side or lm.model.sides[0].id))
    with pytest.raises(RuntimeError):
        sim.simulate(lm, 1, "random", "ai")
    assert seen["options"] == {"solo_side": ai_second}
    with pytest.raises(RuntimeError):
        sim.simulate(lm, 1, "random", "ai", portals=False)
    assert seen["options"] == {}
    with pytest.raises(RuntimeError):
        sim.simulate(lm, 1, "ai", "ai")
    assert seen["options"] == {}
