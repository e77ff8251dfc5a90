"""WW2 Skirmish: morale, melee and suppression, with hand-computed probabilities and forced dice."""

from fractions import Fraction as F

from game.core.commands import Command
from game.core.state import CAPTURED, DEAD, FLED
from game.rulesets.ww2_skirmish.options import options

from .helpers import force, ok, refused
from .ww2_kit import IN, odds, p_hit, quiet, see, shooter_game, team, wgame

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


def test_a_fourth_suppression_is_ignored_and_makes_no_morale_test():
    """L180: subsequent suppressions are ignored, and so is the test they would cause (L77
    "Suppressed by fire"): the odds and the resolution agree."""
    game = shooter_game("ger_rifleman", 12, targets=2)  # aimed short 13/20
    u = game.state.units["b1"]
    u.markers["suppressed"] = 3  # AP 4 - 6: 0, every test fails
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    m = rep.extra["morale test of the target"].fractions
    h = p_hit(8)
    assert m["no test"] == 1 - h + h * F(4, 6)  # a miss, or a hit that only suppresses
    assert "passed" not in m
    assert rep.outcomes.fractions["hit, no effect"] == h * F(4, 6)  # the ignored suppression does nothing
    where = [(f.x, f.y) for f in game.state.unit_figures("b1")]
    force(game, 20, 0, 1)  # a hit on the first figure, effect 1: suppressed, the fourth
    ok(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert u.markers["suppressed"] == 3
    assert [(f.x, f.y) for f in game.state.unit_figures("b1")] == where  # no failed test moved them
    assert not any("morale" in e.text.lower() for e in game.log if "b1" in (e.units or ()))


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


def test_routers_flee_with_all_their_actions_at_their_own_speed():
    """L92 "Routers ... use all actions to move full speed": two moves of 6" for a fit
    rifleman; one of 4" for a wounded one (1 action left, -2"); one of 10" for a one-action
    Volkssturmmann (L46)."""
    a = team("a1", [("ger_rifleman", 20, 10), ("ger_rifleman", 21.5, 10), ("ger_volkssturm", 23, 10)])
    game = wgame([a], [team("b1", [("us_rifleman", 21.5, 2)])])
    st = game.state
    st.figures["a1.2"].wounds = 1
    st.units["a1"].markers["routing"] = True
    ok(game, Command("end_phase", "a"))
    force(game, 1)  # the rally fails
    ok(game, Command("end_phase", "b"))
    assert st.units["a1"].markers.get("routing")
    got = [round(st.figures[f].y / IN, 2) for f in ("a1.1", "a1.2", "a1.3")]
    assert got == [22.0, 14.0, 20.0]


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
