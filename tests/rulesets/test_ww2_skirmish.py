"""WW2 Skirmish, infantry: the d20 table and band shifts, fire effect, spotting, morale,
melee, suppression, MG loaders, fire teams, flamethrowers and hidden enemies, with
hand-computed probabilities (exact fractions) and scripted situations (forced dice)."""

from fractions import Fraction as F

import pytest

from game.core.commands import Command
from game.core.state import CAPTURED, DEAD, FLED
from game.rulesets.ww2_skirmish.options import Ww2Options, options

from .helpers import force, make_game, ok, refused, small_map

IN = 25.4
RIFLE = {0: (10, 4, 2), 1: (14, 8, 4), 2: (17, 12, 8), 3: (19, 16, 12)}
PISTOL = {0: (12, 6, 3), 1: (16, 10, 6), 2: (18, 16, 12), 3: (20, 20, 18)}
SHOTS = ("unaimed", "aimed", "careful")


def team(uid, figs, attrs=None, facing=None):
    out = {"id": uid, "name": uid, "figures": [{"type": t, "at": [x, y], **({"facing": facing} if facing is not None else {})} for t, x, y in figs]}
    if attrs:
        out["attrs"] = attrs
    return out


def wgame(a, b, terrain=None, settings=None, seed=1, size=(48, 48)):
    return make_game(small_map(a, b, terrain=terrain, settings=settings, ruleset="ww2-skirmish", size=size), seed=seed)


def quiet(game, side):
    """The side's figures moved or fired last turn: no reactive fire from them."""
    for f in game.state.side_figures(side):
        f.attrs["reactive_ok"] = False


def see(game, side, *fids):
    for fid in fids:
        game.rules.spotting.mark_spotted(game, side, game.state.figures[fid], "sight")


def p_hit(need):
    return F(21 - need, 20)


def odds(game, cmd):
    return game.rules.odds(game, cmd)


def single(rep):
    """A single shot's outcomes by what befell its one victim ('hit: 1 wounded' -> 'wounded')."""
    return {k.removeprefix("hit: 1 "): v for k, v in rep.outcomes.fractions.items()}


def need_of(game, cmd):
    """The d20 score a shot needs, from the plan its resolution follows (a careful shot
    needs 3 actions: a 2-action rifleman's is refused, its table row is still read)."""
    return game.rules.firing.shot_plan(game, cmd.figure, cmd.target, Ww2Options.of(cmd), strict=False).need


def shooter_game(firer, dist, targets=2, gap=1.5, terrain=None, target_type="ger_rifleman"):
    """Firer of side A at (24, 44); a line of side B figures ``dist`` inches north."""
    b = team("b1", [(target_type, 24 + gap * i, 44 - dist) for i in range(targets)])
    return wgame([team("a1", [(firer, 24, 44)])], [b], terrain=terrain)


# ---- the d20 table -------------------------------------------------------------------------------


@pytest.mark.parametrize("band,dist", [(0, 5), (1, 12), (2, 20), (3, 40)])
@pytest.mark.parametrize("shot", SHOTS)
def test_rifle_to_hit_table(band, dist, shot):
    game = shooter_game("ger_rifleman", dist)
    see(game, "a", "b1.1", "b1.2")
    cmd = Command("fire", "a", figure="a1.1", target="b1", options=options(shot=shot))
    need = RIFLE[band][SHOTS.index(shot)]
    assert need_of(game, cmd) == need
    if shot != "careful":  # 2 actions: the careful shot is refused
        rep = odds(game, cmd)
        assert rep.outcomes.exact
        assert 1 - rep.outcomes.fractions.get("miss", F(0)) == p_hit(need)


@pytest.mark.parametrize("band,dist", [(0, 2.5), (1, 5), (2, 10), (3, 20)])
@pytest.mark.parametrize("shot", SHOTS)
def test_pistol_to_hit_table(band, dist, shot):
    game = shooter_game("ger_tank_driver", dist)  # armed solely with a P38
    cmd = Command("fire", "a", figure="a1.1", target="b1", options=options(shot=shot))
    need = PISTOL[band][SHOTS.index(shot)]
    assert need_of(game, cmd) == need
    if shot != "careful":  # 2 actions: the careful shot is refused
        assert 1 - odds(game, cmd).outcomes.fractions.get("miss", F(0)) == p_hit(need)


def test_mg_bands_and_no_careful_shot_for_mg_or_smg():
    game = shooter_game("ger_mg_gunner", 16)  # MG short is 9-16": aimed needs 8
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert 1 - rep.outcomes.fractions["miss"] == p_hit(8)
    see(game, "a", "b1.1", "b1.2")
    quiet(game, "b")
    assert "not possible with machine guns" in refused(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="careful")))
    game = shooter_game("ger_nco", 10)
    see(game, "a", "b1.1", "b1.2")
    assert "not possible with SMGs" in refused(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="careful")))
    # SMG short band is 7-12": unaimed needs 14
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    assert 1 - rep.outcomes.fractions["miss"] == p_hit(14)


def test_band_shifts_soft_hard_dispersed_single():
    # soft cover: both targets in a wood one band further (short 12" -> medium row)
    wood = [{"type": "wood", "polygon": [[22, 30], [28, 30], [28, 34], [22, 34]]}]
    game = shooter_game("ger_rifleman", 12, terrain=wood)
    see(game, "a", "b1.1", *(["b1.2"] if "b1.2" in game.state.figures else []))
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert any(m.name == "all in soft cover" for m in rep.modifiers)
    assert 1 - rep.outcomes.fractions["miss"] == p_hit(RIFLE[2][1])
    # hard cover: behind a wall two bands further (short -> long row)
    wall = [{"type": "wall", "line": [[20, 32.8], [30, 32.8]]}]
    game = shooter_game("ger_rifleman", 12, terrain=wall)
    see(game, "a", "b1.1", *(["b1.2"] if "b1.2" in game.state.figures else []))
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert any(m.name == "target in hard cover" for m in rep.modifiers)
    assert 1 - rep.outcomes.fractions["miss"] == p_hit(RIFLE[3][1])
    # dispersed: 2" apart (1.2" between bases) is one band further
    game = shooter_game("ger_rifleman", 12, gap=2.0)
    see(game, "a", "b1.1", *(["b1.2"] if "b1.2" in game.state.figures else []))
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    assert any(m.name == "dispersed order" for m in rep.modifiers)
    assert 1 - rep.outcomes.fractions["miss"] == p_hit(RIFLE[2][0])
    # a single figure likewise
    game = shooter_game("ger_rifleman", 12, targets=1)
    see(game, "a", "b1.1", *(["b1.2"] if "b1.2" in game.state.figures else []))
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    assert any(m.name == "single figure" for m in rep.modifiers)
    assert 1 - rep.outcomes.fractions["miss"] == p_hit(RIFLE[2][0])


def test_beyond_long_after_shifts_cannot_hit_but_the_team_fires_together():
    wall = [{"type": "wall", "line": [[10, 14.8], [40, 14.8]]}]
    b = team("b1", [("ger_rifleman", 24, 14), ("ger_rifleman", 25.5, 14)])
    a = team("a1", [("us_rifleman", 23, 44), ("us_rifleman", 24.5, 44)])
    game = wgame([a], [b], terrain=wall)  # 30" medium, hard cover +2: beyond long
    see(game, "a", "b1.1", "b1.2")
    quiet(game, "b")
    reason = refused(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert "cannot hit" in reason and "fire together" in reason
    rep = odds(game, Command("volley", "a", unit="a1", target="b1"))
    assert 1 - rep.outcomes.fractions["miss"] == F(1, 20)
    force(game, 20, 0, 5, 1, 1)  # a 20, the first figure, effect 5: wound; morale 1 passes; B hears the firing: 1
    ok(game, Command("volley", "a", unit="a1", target="b1"))
    assert game.state.figures["b1.1"].wounds == 1
    assert all(game.rules.actions_left(game.state.figures[f]) == 1 for f in ("a1.1", "a1.2"))


def test_automatic_hit_at_point_blank_on_an_inactive_target():
    game = shooter_game("ger_rifleman", 5)
    game.state.units["b1"].markers["suppressed"] = 1
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    assert "miss" not in rep.outcomes.fractions
    # +1 at point blank: 1-3 suppressed, 4 wound, 5 disabled, 6 (7) killed
    assert single(rep) == {"suppressed": F(1, 2), "wounded": F(1, 6), "disabled": F(1, 6), "killed": F(1, 6)}


# ---- fire effect ------------------------------------------------------------------------------------


def test_fire_effect_table_and_modifiers():
    game = shooter_game("ger_rifleman", 12)  # short, aimed: 8+
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    h = p_hit(8)
    assert single(rep) == {"miss": 1 - h, "suppressed": h * F(4, 6), "wounded": h * F(1, 6), "disabled": h * F(1, 6)}
    game = shooter_game("ger_mg_gunner", 12)  # MG +1
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert single(rep)["killed"] == h * F(1, 6) and single(rep)["suppressed"] == h * F(3, 6)
    game = shooter_game("ger_sniper", 12)  # sniper +1
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="careful")))
    assert single(rep)["killed"] == p_hit(4) * F(1, 6)
    game = shooter_game("us_m16_mgmc", 12)  # quad .50 +2 (replaces the MG's +1)
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed", weapon="quad_50")))
    assert single(rep)["killed"] == h * F(2, 6) and single(rep)["suppressed"] == h * F(2, 6)


def test_casualties_random_in_the_team_and_sniper_picks_the_nco():
    b = team("b1", [("ger_rifleman", 24, 32), ("ger_nco", 25.5, 32), ("ger_rifleman", 27, 32)])
    game = wgame([team("a1", [("us_sniper", 24, 44)])], [b])
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2", "b1.3")
    force(game, 20, 6, 1)  # hit; effect 6 +1 sniper = 7: killed, no choice of victim rolled; morale 1 passes
    ok(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert game.state.figures["b1.2"].life == DEAD
    game = wgame([team("a1", [("us_rifleman", 24, 44)])], [b])
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2", "b1.3")
    force(game, 20, 2, 6, 1)  # hit, third figure, 6: disabled; morale 1 passes
    ok(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert game.state.figures["b1.3"].life == "disabled"


# ---- spotting ------------------------------------------------------------------------------------------


def spot_game(dist, observer="us_rifleman", wood_size=1.0):
    y = 44 - dist
    wood = [{"type": "wood", "polygon": [[24 - wood_size, y - wood_size], [24 + wood_size, y - wood_size],
                                         [24 + wood_size, y + wood_size], [24 - wood_size, y + wood_size]]}]
    return wgame([team("a1", [(observer, 24, 44)])], [team("b1", [("ger_rifleman", 24, y)])], terrain=wood)


def test_spotting_needs_by_band_with_shifts():
    # 10" short band, unaware +1, stationary in cover +1: extreme, 10 on a d10
    game = spot_game(10)
    assert game.rules.spotting.spotted(game, "a") == {}
    rep = odds(game, Command("spot", "a", figure="a1.1", target="b1.1"))
    assert rep.outcomes.fractions == {1: F(1, 10), 0: F(9, 10)}
    # binoculars -1: long band, 8+
    game = spot_game(10, observer="us_officer")
    rep = odds(game, Command("spot", "a", figure="a1.1", target="b1.1"))
    assert rep.outcomes.fractions[1] == F(3, 10)
    # once the side is aware: 10" short +1 stationary in cover: long, 8+; at 5" point blank +1: short, 5+
    game = spot_game(10)
    game.state.attrs["aware"]["a"] = True
    assert odds(game, Command("spot", "a", figure="a1.1", target="b1.1")).outcomes.fractions[1] == F(3, 10)
    game = spot_game(5)
    game.state.attrs["aware"]["a"] = True
    assert odds(game, Command("spot", "a", figure="a1.1", target="b1.1")).outcomes.fractions[1] == F(6, 10)
    # observers suppressed +1 more: impossible beyond extreme
    game = spot_game(10)
    game.state.units["a1"].markers["suppressed"] = 1
    rep = odds(game, Command("spot", "a", figure="a1.1", target="b1.1"))
    assert rep.outcomes.fractions == {0: F(1)}


def test_spotting_automatic_in_the_open_within_20_and_impossible_beyond_60():
    game = wgame([team("a1", [("us_rifleman", 24, 46)])], [team("b1", [("ger_rifleman", 24, 27)]), team("b2", [("ger_rifleman", 30, 2)])],
                 size=(48, 72))
    spotted = game.rules.spotting.spotted(game, "a")
    assert "b1.1" in spotted and "b2.1" not in spotted  # 19" in the open; 44.4" is not automatic
    game = wgame([team("a1", [("us_rifleman", 24, 70)])], [team("b1", [("ger_rifleman", 24, 5)])], size=(48, 72))
    band, need, _ = game.rules.spotting.spot_need(game, game.state.figures["a1.1"], game.state.figures["b1.1"])
    assert need is None  # 65" is beyond extreme


def test_woods_limit_vision_to_3_inches():
    game = spot_game(10, wood_size=2.5)  # the target is 2.5" deep inside the wood: seen
    assert game.rules.los(game, game.state.figures["a1.1"], game.state.figures["b1.1"]).visible
    game = spot_game(10, wood_size=4)  # 4" of wood in the way: not seen
    assert not game.rules.los(game, game.state.figures["a1.1"], game.state.figures["b1.1"]).visible


def test_spot_command_once_a_turn_and_reactive_spotting():
    game = spot_game(10)
    game.state.attrs["aware"]["a"] = True
    force(game, 8)
    ok(game, Command("spot", "a", figure="a1.1"))
    assert "b1.1" in game.rules.spotting.spotted(game, "a")
    assert "already tried" in refused(game, Command("spot", "a", figure="a1.1"))
    # reactive spotting: the unseen B figure watches A's rifleman move in the open (it is at 10", in cover)
    game = spot_game(25)
    quiet(game, "b")
    assert "a1.1" not in game.rules.spotting.spotted(game, "b")
    # 25" long band, unaware +1 -> extreme: 10 needed
    force(game, 10)
    ok(game, Command("move", "a", figure="a1.1", path=((24 * IN, 43 * IN),)))
    assert "a1.1" in game.rules.spotting.spotted(game, "b")


def test_the_whole_team_spots_in_one_command_each_figure_with_its_own_die():
    # the enemy rifleman 10" away in the wood needs a 10 (see above) from each observer
    wood = [{"type": "wood", "polygon": [[23, 33], [25, 33], [25, 35], [23, 35]]}]
    game = wgame([team("a1", [("us_rifleman", 24, 44), ("us_rifleman", 25.5, 44), ("us_rifleman", 27, 44)])],
                 [team("b1", [("ger_rifleman", 24, 34)])], terrain=wood)
    game.state.figures["a1.2"].markers["spot_used"] = True  # already looked this turn
    # exact odds of the two dice still to roll: spotted unless both miss the 10, 1 - (9/10)^2
    rep = odds(game, Command("spot", "a", unit="a1"))
    assert rep.outcomes.fractions == {1: F(19, 100), 0: F(81, 100)}
    rolls = len(game.log)
    force(game, 9, 10)
    ok(game, Command("spot", "a", unit="a1"))
    tries = [e for e in game.log.events[rolls:] if e.kind == "roll"]
    assert [(e.figures, e.roll.value) for e in tries] == [(["a1.1"], 9), (["a1.3"], 10)]  # in team order, a1.2 skipped
    assert "b1.1" in game.rules.spotting.spotted(game, "a")
    assert all(f.markers.get("spot_used") for f in game.state.unit_figures("a1"))
    assert "No one in a1 may try to spot" in refused(game, Command("spot", "a", unit="a1"))


def test_hidden_enemies_are_not_in_the_view_and_cannot_be_targeted():
    game = spot_game(10)
    quiet(game, "b")
    view = game.view("a")
    assert "b1.1" not in view.figures and "b1" not in view.units
    assert "b1.1" in game.view("b").figures and "b1.1" in game.view(None).figures
    assert "spotted" in refused(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    see(game, "a", "b1.1")
    assert "b1" in game.view("a").units


def test_rolls_of_unspotted_figures_are_logged_for_their_side_only():
    game = spot_game(10)
    b1 = game.state.figures["b1.1"]
    roll = game.dice.roll("d10", f"{b1.name} tries to spot", figures=["b1.1"])
    ev = game.log[-1]
    assert ev.roll is roll and ev.visible_to == ["b"] and not ev.seen_by("a")
    see(game, "a", "b1.1")
    game.dice.roll("d10", f"{b1.name} tries to spot", figures=["b1.1"])
    assert game.log[-1].seen_by("a")
    # a shot at side A's team: A knows it is shot at, whoever fires
    game = spot_game(10)
    game.dice.roll("d20", "an unseen rifle fires at a1", figures=["b1.1"], units=["a1"])
    assert game.log[-1].seen_by("a") and game.log[-1].seen_by("b")


# ---- morale -----------------------------------------------------------------------------------------------


def test_morale_ladder_odds():
    game = wgame([team("a1", [("us_rifleman", 20, 40), ("us_rifleman", 21.5, 40)])], [team("b1", [("ger_rifleman", 20, 4)])])
    rep = odds(game, Command("morale", "a", unit="a1"))  # 4 action points: a 4 or 5 retires, a 6 suppresses
    assert rep.outcomes.fractions == {"passed": F(1, 2), "retire": F(1, 3), "suppression": F(1, 6)}
    game.state.units["a1"].markers["suppressed"] = 1  # 4 - 2 = 2 points
    rep = odds(game, Command("morale", "a", unit="a1"))
    assert rep.outcomes.fractions == {"passed": F(1, 6), "retire": F(2, 6), "suppression": F(1, 6), "falls back": F(1, 6), "routs": F(1, 6)}
    game.state.figures["a1.2"].wounds = 1  # 3 - 2 = 1
    rep = odds(game, Command("morale", "a", unit="a1"))
    assert rep.outcomes.fractions == {"retire": F(2, 6), "suppression": F(1, 6), "falls back": F(1, 6), "routs": F(2, 6)}


def test_shot_odds_include_the_morale_test():
    game = shooter_game("ger_rifleman", 12, targets=2)  # aimed short 13/20
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    m = rep.extra["morale test of the target"].fractions
    h = p_hit(8)
    # suppressed (4/6): AP 4 - 2 = 2: fails on 2+ (5/6); wounded (1/6): AP 3 fails on 3+ (4/6); disabled (1/6): AP 2 fails 2+ (5/6)
    assert m["passed"] == h * (F(4, 6) * F(1, 6) + F(1, 6) * F(2, 6) + F(1, 6) * F(1, 6))
    assert m["no test"] == 1 - h


def test_rout_flee_and_rally():
    game = wgame([team("a1", [("us_rifleman", 20, 30), ("us_rifleman", 21.5, 30)])], [team("b1", [("ger_rifleman", 20, 4)])])
    rules, u = game.rules, game.state.units["a1"]
    u.markers["suppressed"] = 2  # AP 0: a 6 is +6: rout
    force(game, 6)
    assert rules.morale.morale_test(game, u, "test") == "routs"
    assert u.markers["routing"]
    y = game.state.figures["a1.1"].y
    assert abs(y - 36 * IN) < 0.1  # fled 6" straight away from the enemy
    assert "routing" in refused(game, Command("spot", "a", figure="a1.1"))
    assert "routing" in refused(game, Command("move", "a", figure="a1.1", path=((20 * IN, 37 * IN),)))
    # at the start of a later turn: rally on a 6 (2 of 2 figures left)
    ok(game, Command("end_phase", "a"))
    force(game, 6)
    ok(game, Command("end_phase", "b"))
    assert not u.markers.get("routing")


def test_routers_below_half_strength_flee_off_the_table():
    game = wgame([team("a1", [("us_rifleman", 20, 44), ("us_rifleman", 21.5, 44), ("us_rifleman", 23, 44)])],
                 [team("b1", [("ger_rifleman", 20, 4)])])
    st = game.state
    st.figures["a1.2"].life = DEAD
    st.figures["a1.3"].life = DEAD
    st.units["a1"].markers["routing"] = True
    ok(game, Command("end_phase", "a"))
    ok(game, Command("end_phase", "b"))  # turn 2: no rally roll below half strength; flees 2 moves
    assert st.figures["a1.1"].life == FLED


def test_failed_open_ground_test_stops_the_move():
    game = wgame([team("a1", [("us_rifleman", 20, 40), ("us_rifleman", 21.5, 40)])], [team("b1", [("ger_rifleman", 20, 25)])])
    quiet(game, "b")
    u = game.state.units["a1"]
    u.markers["fired_at"] = game.rules.sideturn(game)
    force(game, 4, 4)  # morale 4 with AP 4: retire (the move is not made); retire moves 6" back
    ok(game, Command("move_unit", "a", unit="a1", point=(20.75 * IN, 36 * IN)))
    assert game.state.figures["a1.1"].y > 40 * IN
    assert u.markers["move_n"] == 1


# ---- melee ------------------------------------------------------------------------------------------------------


def melee_game(friend=False):
    b = [("ger_rifleman", 24, 30.9)] + ([("ger_rifleman", 26.4, 32.2)] if friend else [])  # in cohesion, not in contact
    a = [("us_rifleman", 24, 30), ("us_rifleman", 24.9, 30.4)]
    return wgame([team("a1", a)], [team("b1", b)])


def test_melee_margins_odds():
    game = melee_game()
    rep = odds(game, Command("melee", "a", figure="a1.1", target="b1.1"))
    f = rep.outcomes.fractions
    # attacker 2 + 1 extra + d6 against 2 + d6: margin = (d6 - d6) + 1
    assert f["draw"] == F(5, 36)
    assert f["attacker pushes back"] == F(6, 36)
    assert f["attacker captures"] == F(5, 36)
    assert f["attacker wounds and captures"] == F(4, 36)
    assert f["attacker disables and captures"] == F(3, 36)
    assert f["attacker kills"] == F(3, 36)
    assert f["defender wounds"] == F(2, 36) and f["defender disables"] == F(1, 36)
    # the beaten attacker has a friend (his extra figure) within 4": +2 pushes him back, no capture
    assert f["defender pushes back"] == F(4 + 3, 36) and "defender captures" not in f
    game = melee_game(friend=True)
    f = odds(game, Command("melee", "a", figure="a1.1", target="b1.1")).outcomes.fractions
    assert "attacker captures" not in f and f["attacker pushes back"] == F(11, 36)


def test_melee_round_at_the_end_of_the_turn_captures():
    game = melee_game()
    quiet(game, "b")
    force(game, 6, 1, 1)  # 2+1+6 = 9 against 2+1 = 3: +6 killed; b1 tests? wiped out
    ok(game, Command("end_phase", "a"))
    assert game.state.figures["b1.1"].life == DEAD
    game = melee_game()
    force(game, 4, 2)  # 7 against 4: +3 wounded and captured (no friend within 4")
    ok(game, Command("end_phase", "a"))
    b = game.state.figures["b1.1"]
    assert b.wounds == 1 and b.life == CAPTURED


def test_no_shooting_into_or_out_of_melee():
    game = melee_game()
    see(game, "a", "b1.1")
    assert "melee" in refused(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))


def test_reading_scope_memo_agrees_and_is_dropped_when_the_state_changes():
    """Inside Game.reading() who is in melee and the shot plans are memoised; the answers
    are those given outside it, and a submitted command drops what was remembered."""
    game = melee_game(friend=True)  # the second German stands 1.5" off the Americans: not in melee
    see(game, "a", "b1.1", "b1.2")
    figs = list(game.state.figures.values())

    def melee():
        return {f.id: game.rules.in_melee(game, f) for f in figs}

    plain = melee()
    assert plain == {"a1.1": True, "a1.2": True, "b1.1": True, "b1.2": False}
    fire = Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed"))
    with game.reading():
        assert melee() == plain
        assert "melee" in game.check(fire) and game.check(fire) == refused(game, fire)
        assert game.memo
        ok(game, Command("end_phase", "a"))  # the melee round: figures pushed back, captured...
        assert game.memo == {}  # a command inside the scope drops what was remembered
        inside = melee()
    assert game.memo is None
    assert inside == melee()  # the same answers as the plain scan of the new state


# ---- suppression --------------------------------------------------------------------------------------------------


def test_suppression_limits_and_removal():
    game = wgame([team("a1", [("us_rifleman", 20, 40), ("us_rifleman", 21.5, 40)])], [team("b1", [("ger_rifleman", 20, 4)])])
    quiet(game, "b")
    game.state.attrs["spotted"]["b"] = {"a1.1": {"how": "sight", "until": None}, "a1.2": {"how": "sight", "until": None}}
    u = game.state.units["a1"]
    for _ in range(4):
        game.rules.effects.suppress(game, u, "test")
    assert u.markers["suppressed"] == 3  # at most three
    see(game, "a", "b1.1")
    assert "suppressed" in refused(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    assert "may not move over 2" in refused(game, Command("move", "a", figure="a1.1", path=((20 * IN, 37 * IN),)))
    ok(game, Command("move", "a", figure="a1.1", path=((20 * IN, 38.5 * IN),)))  # 1.5" is allowed
    ok(game, Command("move", "a", figure="a1.2", path=((21.5 * IN, 38.5 * IN),)))
    # removal: every member pays 1 action (the move cost one already); d6 + 0 actions left, 6+
    rep = odds(game, Command("remove_suppression", "a", unit="a1"))
    assert rep.outcomes.fractions["removed"] == F(1, 6)
    force(game, 6)
    ok(game, Command("remove_suppression", "a", unit="a1"))
    assert u.markers["suppressed"] == 2
    assert all(game.rules.actions_left(f) == 0 for f in game.state.unit_figures("a1"))
    assert "no figure" in refused(game, Command("remove_suppression", "a", unit="a1")).lower()
    # next turn, fresh actions: d6 + 2 left after paying, 6+: a 4 does it
    ok(game, Command("end_phase", "a"))
    ok(game, Command("end_phase", "b"))
    assert odds(game, Command("remove_suppression", "a", unit="a1")).outcomes.fractions["removed"] == F(3, 6)
    force(game, 4)
    ok(game, Command("remove_suppression", "a", unit="a1"))
    assert u.markers["suppressed"] == 1


# ---- fire teams and movement ----------------------------------------------------------------------------------------


def test_move_action_costs_every_member_and_cohesion():
    game = wgame([team("a1", [("us_rifleman", 20, 40), ("us_rifleman", 21.5, 40), ("us_rifleman", 23, 40)])],
                 [team("b1", [("ger_rifleman", 20, 2)])])
    quiet(game, "b")
    st = game.state
    assert "more than 2\"" in refused(game, Command("move", "a", figure="a1.1", path=((20 * IN, 35 * IN),)))
    ok(game, Command("move", "a", figure="a1.1", path=((20 * IN, 38.5 * IN),)))
    assert [game.rules.actions_left(f) for f in st.unit_figures("a1")] == [1, 1, 1]
    ok(game, Command("move", "a", figure="a1.1", path=((20 * IN, 38 * IN),)))  # same action: no new cost
    assert game.rules.actions_left(st.figures["a1.1"]) == 1
    ok(game, Command("move_unit", "a", unit="a1", point=(21.5 * IN, 30 * IN)))  # the second move action
    assert [game.rules.actions_left(f) for f in st.unit_figures("a1")] == [0, 0, 0]
    assert "move actions" in refused(game, Command("move_unit", "a", unit="a1", point=(21.5 * IN, 20 * IN)))


def test_movement_deductions_for_walls_rough_and_wounds():
    wall = [{"type": "wall", "line": [[10, 37], [40, 37]]}, {"type": "rough", "polygon": [[30, 30], [40, 30], [40, 45], [30, 45]]}]
    game = wgame([team("a1", [("us_rifleman", 20, 40)]), team("a2", [("us_rifleman", 34, 44)])],
                 [team("b1", [("ger_rifleman", 20, 2)])], terrain=wall)
    quiet(game, "b")
    st = game.state
    assert "costs 7.0\" (crossing Wall -3.0\"); Rifleman has 6.0\" left" in refused(game, Command("move", "a", figure="a1.1", path=((20 * IN, 36 * IN),)))
    ok(game, Command("move", "a", figure="a1.1", path=((20 * IN, 37.2 * IN),)))  # up to the wall: 2.8"
    assert st.units["a1"].markers["move_n"] == 1
    ok(game, Command("move", "a", figure="a1.1", path=((20 * IN, 36.9 * IN),)))  # 0.3" + 3" is over the 3.2" left: a new action
    assert st.units["a1"].markers["move_n"] == 2
    assert "costs 7.0\" (wading / rough ground -3.0\")" in refused(game, Command("move", "a", figure="a2.1", path=((34 * IN, 40 * IN),)))
    st.figures["a2.1"].wounds = 1
    ok(game, Command("move", "a", figure="a2.1", path=((34 * IN, 43 * IN),)))  # 1" + 3" rough = the 4" of a wounded man
    assert game.rules.moving.action_remaining(game, st.figures["a2.1"]) == pytest.approx(0)


def test_one_action_figures_move_10_inches():
    game = wgame([team("a1", [("ger_volkssturm", 20, 4)])], [team("b1", [("us_rifleman", 20, 46)])])
    rules = game.rules
    f = game.state.figures["a1.1"]
    assert rules.moving.base_allowance(game, f) == pytest.approx(10 * IN)
    quiet(game, "b")
    ok(game, Command("move", "a", figure="a1.1", path=((20 * IN, 13.9 * IN),)))
    f.wounds = 0
    assert rules.actions_left(f) == 0


def test_carrying_a_disabled_comrade():
    game = wgame([team("a1", [("us_rifleman", 20, 40), ("us_rifleman", 21, 40)])], [team("b1", [("ger_rifleman", 20, 2)])])
    quiet(game, "b")
    st = game.state
    st.figures["a1.2"].life = "disabled"
    ok(game, Command("carry", "a", figure="a1.1", target="a1.2"))
    assert game.rules.moving.base_allowance(game, st.figures["a1.1"]) == pytest.approx(4 * IN)
    ok(game, Command("move", "a", figure="a1.1", path=((20 * IN, 37 * IN),)))
    assert abs(st.figures["a1.2"].y - st.figures["a1.1"].y) < 1.1 * IN


# ---- machine guns and loaders -------------------------------------------------------------------------------------


def test_mg_loaders_add_their_actions_and_belt_fed_mgs_do_not_move_and_fire():
    b = team("b1", [("us_rifleman", 24, 30), ("us_rifleman", 25.5, 30)])
    a = team("a1", [("ger_mg_gunner", 24, 44), ("ger_mg_loader", 25.5, 44), ("ger_mg_loader", 24.7, 45.3)])
    game = wgame([a], [b])
    quiet(game, "b")
    st = game.state
    force(game, *([1] * 6))
    for _ in range(6):  # 2 + 2 + 2 actions: six unaimed shots
        ok(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    assert "has 0 action" in refused(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    assert all(game.rules.actions_left(st.figures[f]) == 0 for f in ("a1.1", "a1.2", "a1.3"))
    assert "may not move and fire" in refused(game, Command("move", "a", figure="a1.1", path=((24 * IN, 43 * IN),)))
    # moving first forbids a belt-fed MG to fire
    game = wgame([a], [b])
    quiet(game, "b")
    ok(game, Command("move", "a", figure="a1.1", path=((24 * IN, 43.5 * IN),)))
    assert "belt-fed" in refused(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))


def test_bar_gunner_counts_only_himself_and_a_bren_one_loader():
    b = team("b1", [("ger_rifleman", 24, 30), ("ger_rifleman", 25.5, 30)])
    game = wgame([team("a1", [("us_bar", 24, 44), ("us_mg_loader", 25.5, 44)])], [b])
    quiet(game, "b")
    force(game, 1, 1)
    ok(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    ok(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    assert "has 0 action" in refused(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    game = wgame([team("a1", [("brit_bren", 24, 44), ("brit_bren_loader", 25.5, 44), ("brit_bren_loader", 24.7, 45.3)])], [b])
    quiet(game, "b")
    force(game, 1, 1, 1, 1)
    for _ in range(4):
        ok(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    assert "has 0 action" in refused(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))


def test_assault_rifle_mode_is_chosen_per_turn():
    b = team("b1", [("us_rifleman", 24, 34), ("us_rifleman", 25.5, 34)])
    game = wgame([team("a1", [("ger_stg", 24, 48)])], [b])
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2")
    r = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed", mode="rifle")))
    s = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed", mode="smg")))
    assert 1 - r.outcomes.fractions["miss"] == p_hit(14) and 1 - s.outcomes.fractions["miss"] == p_hit(17)  # 14": short / medium
    force(game, 1)
    ok(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed", mode="smg")))
    assert "for the rest of this turn" in refused(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed", mode="rifle")))


# ---- reactive fire ----------------------------------------------------------------------------------------------------------


def test_reactive_fire_is_offered_and_spends_actions():
    a = team("a1", [("us_rifleman", 20, 30), ("us_rifleman", 21.5, 30)])
    b = team("b1", [("ger_rifleman", 20, 18), ("ger_rifleman", 21.5, 18)])
    game = wgame([a], [b])
    st = game.state
    ok(game, Command("move", "a", figure="a1.1", path=((20 * IN, 29 * IN),)))
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "b"
    opts = game.rules.decision_options(game)
    shot = next(c for label, c in opts if c.kind == "fire" and c.figure == "b1.1" and c.option("shot") == "aimed")
    force(game, 1)
    ok(game, shot)
    assert game.rules.actions_left(st.figures["b1.1"]) == 0
    assert game.rules.decision(game) is not None  # the other rifleman may still shoot
    ok(game, Command("hold_fire", "b", target="a1", choice="turn"))
    ok(game, Command("move", "a", figure="a1.2", path=((21.5 * IN, 29 * IN),)))
    assert game.rules.decision(game) is None  # holding fire for the rest of the turn



def test_a_shot_resolved_for_its_odds_leaves_out_the_reaction_it_would_offer(monkeypatch):
    """The enemy's reactive fire is its next command, not part of a shot's odds: the
    scratch games that resolve the shot for them do not work out what it would be offered
    (the most costly part of resolving a shot), and the odds are the same as when it is."""
    from game.core.odds import enumerate_outcomes
    from game.core.trial import Trial
    from game.rulesets.resolving import resolving
    from game.rulesets.ww2_skirmish.odds_read import shot_reader
    from game.rulesets.ww2_skirmish.react import Ww2Reactions

    game = shooter_game("ger_rifleman", 12, targets=2)
    cmd = Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed"))
    asked: list[bool] = []
    real = Ww2Reactions.reaction_options

    def reaction_options(self, g, side, trigger_unit):
        asked.append(g.offers_follow_ons)
        return real(self, g, side, trigger_unit)

    monkeypatch.setattr(Ww2Reactions, "reaction_options", reaction_options)
    shown = odds(game, cmd).outcomes.fractions
    assert asked == []
    offered = Trial(game)  # the same shot resolved with the reaction offered, path by path
    read = shot_reader("a")
    whole = enumerate_outcomes(lambda dice: read(game, offered.run(resolving(cmd, answers=False), dice), dice))
    assert asked and all(asked)
    assert whole.marginal(lambda o: o[0]).fractions == shown
    assert game.submit(cmd).ok and game.offers_follow_ons  # in play the reaction is offered


# ---- flamethrowers ----------------------------------------------------------------------------------------------------------------


def flame_game():
    b = team("b1", [("ger_rifleman", 24, 34), ("ger_rifleman", 25.5, 34), ("ger_rifleman", 27, 34)])
    a = team("a1", [("us_flamer", 24, 44), ("us_rifleman", 25.5, 44)])
    game = wgame([a], [b])
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2", "b1.3")
    return game


def test_flamethrower_hits_every_member_three_shots_no_move_and_fire():
    game = flame_game()
    st = game.state
    rep = odds(game, Command("flame", "a", figure="a1.1", target="b1"))
    p = F(17, 20)  # 10" is short: 4+
    assert rep.outcomes.fractions["miss"] == (1 - p) ** 3
    # three killed: each hit (p) and a 5 or 6 (1/3)
    assert rep.outcomes.fractions["hit: 3 killed"] == (p / 3) ** 3
    assert rep.outcomes.fractions["hit: 1 suppressed, 1 disabled, 1 killed"] == 6 * (p / 3) ** 3
    force(game, 20, 1, 20, 3, 20, 6, 6)  # each member hit: suppressed, disabled, killed; morale 6 (AP 1): routs
    ok(game, Command("flame", "a", figure="a1.1", target="b1"))
    assert [f.life for f in st.unit_figures("b1", alive_only=False)] == ["active", "disabled", DEAD]
    assert st.units["b1"].markers["suppressed"] == 1
    assert "may not move and fire" in refused(game, Command("move", "a", figure="a1.1", path=((24 * IN, 43 * IN),)))
    assert st.figures["a1.1"].attrs["shots"]["m2_flamethrower"] == 2
    st.figures["a1.1"].attrs["shots"]["m2_flamethrower"] = 0
    assert "empty" in refused(game, Command("flame", "a", figure="a1.1", target="b1"))
    game = flame_game()
    ok(game, Command("move", "a", figure="a1.1", path=((24 * IN, 43 * IN),)))
    assert "may not move and fire" in refused(game, Command("flame", "a", figure="a1.1", target="b1"))


def test_a_hit_flamethrower_man_dies_and_his_team_is_flamed():
    b = team("b1", [("us_flamer", 24, 34), ("us_rifleman", 25.5, 34)])
    game = wgame([team("a1", [("ger_rifleman", 24, 44)])], [b])
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2")
    st = game.state
    force(game, 20, 0, 5)  # hit, on the flamer: he dies; his mate rolls the flame table: 5 killed
    ok(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert st.figures["b1.1"].life == DEAD and st.figures["b1.2"].life == DEAD


# ---- points -------------------------------------------------------------------------------------------------------------------


def test_figure_costs_and_force_points():
    game = wgame([team("a1", [("us_nco", 20, 40), ("us_bar", 21.5, 40), ("us_rifleman", 23, 40)]),
                  {"id": "a2", "name": "Sherman", "figures": [{"type": "us_sherman", "at": [30, 44]}]}],
                 [team("b1", [("ger_stg", 20, 4), ("ger_tank_driver", 22, 4), ("ger_mortar", 24, 4)])])
    pts = game.rules.force_points(game, "a")
    # NCO 2 + SMG 1 + 2 grenades; BAR 2 + 4; rifleman 2 + 1 grenade
    assert pts["units"]["a1"]["points"] == 5 + 6 + 3
    # Sherman 12 + 3 MGs x 4, crew: 5 pistol-only figures at 2 - 1 = 1 each
    assert pts["units"]["a2"]["points"] == 12 + 12 + 5
    b = game.rules.force_points(game, "b")
    assert b["units"]["b1"]["points"] == (2 + 2 + 1) + 1 + (2 + 6)  # StG 44 +2 +1 grenade; pistol only; mortar rounds
    assert b["total"] == b["in_action"]


def test_a_fire_team_fires_figure_by_figure_each_planned_from_the_state_its_turn_meets(monkeypatch):
    """Each figure of the team shoots in turn: the first with the plan the command's check
    made (nothing has changed since), each later one planned again after the shots before
    it (they spent actions and may have hit)."""
    from game.rulesets.ww2_skirmish.fire import Ww2Firing

    a = team("a1", [("us_rifleman", 24, 44), ("us_rifleman", 25.5, 44), ("us_rifleman", 27, 44)])
    game = wgame([a], [team("b1", [("ger_rifleman", 24, 34), ("ger_rifleman", 25.5, 34)])])
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2")
    planned: list[str] = []
    real = Ww2Firing.work_out_shot

    def work_out_shot(self, g, firer, target, opts, strict):
        planned.append(firer)
        return real(self, g, firer, target, opts, strict)

    monkeypatch.setattr(Ww2Firing, "work_out_shot", work_out_shot)
    force(game, *[1] * 20)  # every shot misses
    before = len(game.log)
    ok(game, Command("fire_team", "a", unit="a1", target="b1", options=options(shot="unaimed")))
    rolls = [e for e in game.log.events[before:] if e.roll is not None and "unaimed shot" in e.text]
    assert [(r.figures[0], r.roll.value) for r in rolls] == [("a1.1", 1), ("a1.2", 1), ("a1.3", 1)]
    assert planned == ["a1.1", "a1.2", "a1.3", "a1.2", "a1.3"]
    assert all(game.rules.actions_left(game.state.figures[f"a1.{i}"]) == 1 for i in (1, 2, 3))


def test_odds_resolve_every_path_from_the_plan_the_commands_check_made_once(monkeypatch):
    """A command resolved for its odds is checked once on the start state, and every path
    of its dice applies it with what that check planned (as submit hands its check to the
    apply in play): the team's plan is worked out once, not once a path; each path's plan
    names that path's own figures; and the odds are those of working it out on every path."""
    from game.core.trial import resolve_odds
    from game.rulesets.resolving import resolving
    from game.rulesets.ww2_skirmish.odds_read import shot_reader
    from game.rulesets.ww2_skirmish.team_fire import Ww2TeamFire

    a = team("a1", [("us_rifleman", 24, 44), ("us_rifleman", 25.5, 44)])
    game = wgame([a], [team("b1", [("ger_rifleman", 24, 34), ("ger_rifleman", 25.5, 34)])])
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2")
    cmd = Command("fire_team", "a", unit="a1", target="b1", options=options(shot="unaimed"))
    worked: list[int] = []
    own: list[bool] = []
    real_plans, real_planned = Ww2TeamFire._team_plans, type(game.rules).planned

    def _team_plans(self, g, unit_id, target, opts):
        worked.append(1)
        return real_plans(self, g, unit_id, target, opts)

    def planned(self, g, c, key, work):
        plan = real_planned(self, g, c, key, work)
        own.append(all(g.state.figures[s.firer.id] is s.firer for s in plan))
        return plan

    monkeypatch.setattr(Ww2TeamFire, "_team_plans", _team_plans)
    monkeypatch.setattr(type(game.rules), "planned", planned)
    handed = resolve_odds(game, resolving(cmd, False), shot_reader("a"), cmd, answers=False)
    paths = len(own)
    assert worked == [1] and paths > 10 and all(own)  # planned by the check only; every path's its own
    worked.clear()
    alone = resolve_odds(game, resolving(cmd, False), shot_reader("a"), None, answers=False)  # nothing handed
    assert len(worked) == paths  # each path planned it again
    assert handed.joint.exact and handed.joint.probs == alone.joint.probs
