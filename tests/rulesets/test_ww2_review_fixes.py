"""WW2 Skirmish procedures held to the text and to its recorded readings, found by a review
(twenty-second session): a hull MG's arc, who may set off a charge, a stunned crew's
reaction spotting, how long heard troops stay known, getting into a vehicle by each man's
own move, the jeep's gunner. Forced dice throughout."""

from game.core.commands import Command
from game.rulesets.ww2_skirmish.options import options
from tests.rulesets.helpers import force, ok, refused
from tests.rulesets.ww2_kit import IN, quiet, see, team, vehicle, wgame


def test_a_hull_mg_fires_only_at_what_is_to_the_vehicles_front():
    """Reading vehicle-speeds: "Hull-mounted weapons (hull MGs, casemate guns) fire only to
    the front"; the turret's coaxial MG fires all round."""
    a = [vehicle("a1", "ger_pz4h", 24, 24, facing=270.0)]  # facing north (toward y = 0)
    behind = [team("b1", [("us_rifleman", 24, 36), ("us_rifleman", 25.5, 36)])]
    game = wgame(a, behind)
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2")
    assert game.rules.vehicles.facing_from(game.state.figures["a1.1"], game.state.figures["b1.1"].pos) == "rear"
    why = refused(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed", weapon="mg34_hull")))
    assert "hull-mounted" in why and "front" in why
    ahead = [team("b1", [("us_rifleman", 24, 12), ("us_rifleman", 25.5, 12)])]
    game = wgame(a, ahead)
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2")
    force(game, 1)  # the d20 misses
    ok(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed", weapon="mg34_hull")))


def _engineers_at_a_bunker():
    terrain = [{"type": "bunker", "id": "bk", "name": "Bunker", "rect": {"x": 20, "y": 10, "w": 6, "h": 4}}]
    b = [team("b1", [("ger_rifleman", 22, 12), ("ger_rifleman", 24, 12)])]
    a = [team("a1", [("us_engineer", 22, 14.6), ("us_engineer", 23.5, 14.6)])]
    game = wgame(a, b, terrain=terrain, settings={"demolition_targets": ["bk"]})
    quiet(game, "b")
    ok(game, Command("ready", "a", figure="a1.1", options=options(weapon="explosives")))
    ok(game, Command("end_phase", "a"))
    ok(game, Command("end_phase", "b"))
    ok(game, Command("ready", "a", figure="a1.1", options=options(weapon="explosives")))
    return game


def test_a_team_that_may_not_fire_sets_off_no_charge():
    """Setting off a charge is an explosive attack, as posting one is: not while suppressed
    (L168), routing (L92) or fallen back (L89)."""
    for state, why in (("suppressed", "suppressed"), ("routing", "routing"), ("shaken", "fell back")):
        game = _engineers_at_a_bunker()
        u = game.state.units["a1"]
        if state == "suppressed":
            u.markers["suppressed"] = 1
        elif state == "routing":
            u.markers["routing"] = True
        else:
            u.markers["shaken_until"] = game.rules.sideturn(game) + 2
        assert why in refused(game, Command("demolish", "a", figure="a1.1", target="bk"))
        assert "bk" in game.table and len(game.state.unit_figures("b1")) == 2
    game = _engineers_at_a_bunker()  # a team free to fire blows it
    force(game, 4)
    ok(game, Command("demolish", "a", figure="a1.1", target="bk"))
    assert "bk" not in game.table


def test_a_stunned_crew_makes_no_reaction_spotting_roll():
    """Reading stunned: a stunned crew may not try to spot, in its own turn or as enemies
    move in its sight."""
    wood = [{"type": "wood", "polygon": [[16, 10], [32, 10], [32, 18], [16, 18]]}]
    a = [team("a1", [("us_rifleman", 24, 16), ("us_rifleman", 25.5, 16)])]
    b = [vehicle("b1", "ger_pz4h", 24, 40, facing=270.0)]
    game = wgame(a, b, terrain=wood)
    game.state.attrs["aware"] = {"a": True, "b": True}  # (24" through the slits: extreme range, a 10 spots)
    v = game.state.figures["b1.1"]
    v.markers["stunned_until"] = game.rules.next_own_sideturn(game, "b")
    see(game, "a", "b1.1")
    force(game, *([10] * 20))  # any spotting roll would be a 10
    since = len(game.log)
    ok(game, Command("move", "a", figure="a1.1", path=((23.5 * IN, 15.5 * IN),)))
    assert not any(e.kind == "spot" or (e.roll is not None and "spot" in e.text) for e in list(game.log)[since:])
    assert not game.rules.spotting.is_spotted(game, "b", game.state.figures["a1.1"])
    # the same tank awake rolls, and with a 10 spots the mover
    game = wgame(a, b, terrain=wood)
    game.state.attrs["aware"] = {"a": True, "b": True}
    see(game, "a", "b1.1")
    force(game, *([10] * 20))
    ok(game, Command("move", "a", figure="a1.1", path=((23.5 * IN, 15.5 * IN),)))
    assert game.rules.spotting.is_spotted(game, "b", game.state.figures["a1.1"])


def test_troops_heard_in_the_enemys_turn_are_known_to_the_end_of_the_listeners_next_turn():
    """Reading spotted-lasts: heard only, known "until the end of the listeners' next turn"."""
    bld = [{"type": "building", "polygon": [[10, 22], [38, 22], [38, 28], [10, 28]]}]
    a = [team("a1", [("us_rifleman", 24, 34), ("us_rifleman", 25.5, 34)])]
    b = [team("b1", [("ger_rifleman", 24, 14), ("ger_rifleman", 25.5, 14)]), team("b2", [("ger_rifleman", 46.5, 34)])]
    game = wgame(a, b, terrain=bld)
    st = game.state
    quiet(game, "b")
    see(game, "a", "b2.1")
    force(game, 1, 10, *([1] * 10))  # a1.1's shot misses; b1 hears it (a 10); every later d10 a 1
    ok(game, Command("fire", "a", figure="a1.1", target="b2", options=options(shot="unaimed")))
    assert st.attrs["spotted"]["b"]["a1.1"]["how"] == "heard"
    st.figures["b2.1"].x, st.figures["b2.1"].y = 46.5 * IN, 4 * IN  # b2 no longer sees the firer
    known = []
    for _ in range(2):  # the end of A's turn, then of B's (the listeners')
        ok(game, Command("end_phase", st.active_side))
        game.rules.spotting.refresh_spotting(game)
        known.append(game.rules.spotting.is_spotted(game, "b", st.figures["a1.1"]))
    assert known == [True, False]  # known through B's turn, lost as A's next begins


def test_a_man_gets_into_a_vehicle_by_his_own_move():
    """Reading transport: each man reaches the vehicle "in one move": his own (4" wounded,
    10" for a one-action figure), not a flat 6"."""
    a = [vehicle("a1", "us_m3_halftrack", 24, 40, facing=270.0), team("a2", [("us_rifleman", 24, 32.7), ("us_rifleman", 25.5, 32.7)])]
    game = wgame(a, [team("b1", [("ger_rifleman", 4, 2)])])
    quiet(game, "b")
    wounded = game.state.figures["a2.1"]
    wounded.wounds = 1
    assert game.rules.moving.base_allowance(game, wounded) == 4 * IN
    assert game.rules.gap(wounded, game.state.figures["a1.1"]) > 4 * IN
    assert "cannot reach" in refused(game, Command("embark", "a", unit="a2", target="a1.1"))
    a = [vehicle("a1", "ger_sdkfz251", 24, 40, facing=270.0), team("a2", [("ger_volkssturm", 24, 29.7), ("ger_volkssturm", 25.5, 29.7)])]
    game = wgame(a, [team("b1", [("us_rifleman", 4, 2)])])
    quiet(game, "b")
    assert game.rules.gap(game.state.figures["a2.1"], game.state.figures["a1.1"]) > 6 * IN  # past a 6" move, within 10"
    ok(game, Command("embark", "a", unit="a2", target="a1.1"))


def test_the_jeeps_gunner_fires_its_mg():
    """Reading vehicle-crews: the driver drives, the other crewmen serve the weapons: the
    jeep has a gunner for its pintle M1919 (L428-429)."""
    game = wgame([vehicle("a1", "us_jeep", 24, 40, facing=270.0)], [team("b1", [("ger_rifleman", 24, 28), ("ger_rifleman", 25.5, 28)])])
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2")
    roles = [game.rules.role(c) for c in game.rules.crew(game, game.state.figures["a1.1"])]
    assert roles == ["driver", "crew"]
    force(game, 1)  # the d20 misses
    ok(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed", weapon="m1919_pintle")))


def test_binoculars_serve_a_direct_look_not_slits_nor_an_ear():
    """Readings vehicle-observation and heard: a closed AFV's crew spots through its slits
    (+1 band, L500-502) without the commander's binoculars (-1, L64), which he uses with the
    hatch open; troops only heard (+2, L72) get no -1 for optics."""
    a = [vehicle("a1", "ger_pz4h", 24, 44, facing=270.0)]
    b = [team("b1", [("us_rifleman", 24, 10), ("us_rifleman", 25.5, 10)])]
    game = wgame(a, b)
    game.state.attrs["aware"] = {"a": True, "b": True}
    v, t = game.state.figures["a1.1"], game.state.figures["b1.1"]
    assert game.rules.spotting.has_optics(game, v)
    band, need, shifts = game.rules.spotting.spot_need(game, v, t)
    assert [w for w, _ in shifts] == ["viewing through slits"] and (band, need) == (3, 10)  # 34": long, +1: extreme
    v.markers["unbuttoned"] = True
    band, need, shifts = game.rules.spotting.spot_need(game, v, t)
    assert [w for w, _ in shifts] == ["binoculars / telescopic sight"] and (band, need) == (1, 5)  # long, -1: short
    bld = [{"type": "building", "polygon": [[18, 24], [30, 24], [30, 30], [18, 30]]}]
    game = wgame([team("a1", [("ger_officer", 24, 40), ("ger_rifleman", 25.5, 40)])], b, terrain=bld)
    st = game.state
    st.attrs["aware"] = {"a": True, "b": True}
    officer, rifleman, shooter = st.figures["a1.1"], st.figures["a1.2"], st.figures["b1.1"]
    assert game.rules.spotting.has_optics(game, officer) and not game.rules.los(game, officer, shooter).visible
    heard = [game.rules.spotting.spot_need(game, o, shooter, heard=True) for o in (officer, rifleman)]
    assert heard[0][:2] == heard[1][:2]  # the officer's binoculars do not help him hear
    assert not any("binoculars" in w for w, _ in heard[0][2])
