"""GOODBYEEEEEE!!! (issue 19), slice 10: flamethrowers (the 25 x 5 cm template, BOOM!) and
tanks (their weapons, the damage column, critical hits), with forced dice (cm)."""

from __future__ import annotations

from fractions import Fraction as F

from game.core.commands import Command
from game.core.odds import fractions_of
from game.core.state import DEAD, DESTROYED
from game.rulesets.goodbyeeee.status import GbFigMark
from tests.rulesets.gb_kit import game_of, order, to_step
from tests.rulesets.helpers import force, ok, refused, unit


def tank(uid: str, kind: str, x: float, y: float) -> dict:
    return unit(uid, [(kind, x, y)], kind="vehicle")


def test_the_flame_hits_every_figure_under_its_25_by_5_cm_template_friends_too_with_no_cover_roll():
    a = [unit("a1", [("flamethrower", 40, 30), ("private", 41, 40)])]
    b = [unit("b1", [("private", 40, 50), ("private", 39, 55), ("private", 44, 50)])]  # the last is 4 cm off the line
    game = game_of(a, b)
    to_step(game, "fire")
    n = len(game.log.events)
    # wounds on 3+: the friend falls, the first private falls, the second is not wounded; then the
    # tests, once the flame has burned (A's section at half, the second's courage, the terror): all 1s
    force(game, 3, 3, 2, *[1] * 12)
    ok(game, Command("fire_at_point", "a", figure="a1.1", point=(400, 500), choice="flamethrower"))
    rolls = [e.roll.reason for e in game.log.events[n:] if e.roll is not None]
    assert [r for r in rolls if "to wound" in r] == ["Flamethrower: to wound Private (rifleman)"] * 3
    assert not any("Cover" in r for r in rolls)
    assert game.state.figures["a1.2"].life == DEAD and game.state.figures["b1.1"].life == DEAD
    assert game.state.figures["b1.3"].alive  # outside the 5 cm width


def test_body_armour_counts_against_the_flame_too():
    """L178 "To Wound a Man Roll D6 -1 if wearing armour", for every weapon: the flame's 3+
    is 4+ on an armoured private, so a 3 leaves him unhurt (the pin test follows)."""
    a = [unit("a1", [("flamethrower", 40, 30)])]
    b = [unit("b1", [("private", 40, 45), ("private", 100, 110)])]
    game = game_of(a, b)
    game.state.figures["b1.1"].equipment = ["body_armour"]
    to_step(game, "fire")
    n = len(game.log.events)
    force(game, 3, *[1] * 20)
    ok(game, Command("fire_at_point", "a", figure="a1.1", point=(400, 600), choice="flamethrower"))
    wound = [e.roll for e in game.log.events[n:] if e.roll is not None and "to wound" in e.roll.reason]
    assert [(r.target, r.outcome) for r in wound] == [("4+", "not wounded")]
    assert game.state.figures["b1.1"].alive


def test_boom_a_hit_on_the_operator_explodes_the_fuel_on_4_killing_him_and_his_tank_man():
    a = [unit("a1", [("private", 40, 20)])]
    b = [unit("b1", [("flamethrower", 40, 45), ("flame_tank_man", 42, 45), ("private", 50, 45)])]
    game = game_of(a, b)
    to_step(game, "fire")
    force(game, 5, 4, *[1] * 10)  # a hit; BOOM on 4
    ok(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    op, man, other = (game.state.figures[f] for f in ("b1.1", "b1.2", "b1.3"))
    assert op.life == DEAD and man.life == DEAD and other.alive  # 10 cm away: outside the 8 cm template
    assert any("BOOM! The fuel explodes" in e.text for e in game.log.events)


def test_a_rifle_damages_a_tank_with_one_in_36_and_a_pistol_cannot_harm_it():
    game = game_of([unit("a1", [("private", 40, 20), ("raider_pistol", 45, 35)])], [tank("t1", "heavy_tank_male", 40, 45)])
    to_step(game, "fire")
    rep = game.rules.odds(game, Command("fire", "a", figure="a1.1", target="t1.1"))
    assert fractions_of(rep.outcomes) == {"wounded": F(1, 36), "no effect": F(35, 36)}  # 4+, then 6, then 5+
    assert "cannot harm a tank" in refused(game, Command("fire", "a", figure="a1.2", target="t1.1", choice="pistol"))


def test_the_at_rifle_does_a_d3_and_a_critical_the_renault_s_jammed_mount_silences_its_gun_until_a_4():
    game = game_of([unit("a1", [("at_rifleman", 40, 20)])], [tank("t1", "light_tank_gun", 40, 45)])
    to_step(game, "fire")
    force(game, 4, 4, 1, 4)  # hit; damage 4+; a d3 of 1; critical 4: mount jammed
    ok(game, Command("fire", "a", figure="a1.1", target="t1.1"))
    t = game.state.figures["t1.1"]
    assert t.wounds == 1 and t.markers[GbFigMark.MOUNT_JAMMED] is True
    force(game, 3, 3)  # B's turn: 3 does not unjam it
    ok(game, Command("end_phase", "a"))
    assert game.state.active_side == "b" and t.markers[GbFigMark.MOUNT_JAMMED]
    to_b_fire = [Command("end_phase", "b")] * 2
    for c in to_b_fire:
        ok(game, c)
    assert "knocked out or jammed" in refused(game, Command("fire", "b", figure="t1.1", target="a1.1"))


def test_the_tank_gun_s_target_behind_a_wall_takes_the_cover_roll_the_shot_showed():
    """L195 "5+ Cover only on 1 or 2", L126 "Roll for any cover in the way": the private
    behind a wall, struck by the 37 mm's shot, rolls for cover as seen from the tank, as the
    shot's words said (interpretation blast-figures); a 2 stops it."""
    from tests.rulesets.gb_kit import no_points
    from tests.rulesets.helpers import first_going, small_map
    wall = {"type": "wall", "line": [[0, 58], [120, 58]], "width": 0.5}
    doc = small_map([unit("a1", [("light_tank_gun", 20, 40)])], [unit("b1", [("private", 20, 60), ("private", 100, 110)])],
                    terrain=[wall], ruleset="goodbyeeee", unit="cm", size=(120, 120), turn_limit=6)
    game = no_points(first_going(doc))
    to_step(game, "fire")
    n = len(game.log.events)
    force(game, 6, 2, *[6] * 10)   # on target; cover 2: stopped; then his pin test
    ok(game, Command("fire", "a", figure="a1.1", target="b1.1", choice="tank_gun"))
    cover = [e.roll for e in game.log.events[n:] if e.roll is not None and e.roll.reason.startswith("Cover roll")]
    assert [(r.target, r.outcome) for r in cover] == [("1-2 stops it", "stopped by cover")]
    assert game.state.figures["b1.1"].alive


def test_the_mg_renault_s_jammed_turret_silences_its_machine_guns():
    """L273 "Sponson/Turret/Gun Mount Jammed": a tank with machine guns only has its turret
    jammed (interpretation tank-damage): its MG falls silent too."""
    game = game_of([unit("a1", [("light_tank_mg", 20, 20)], kind="vehicle")], [unit("b1", [("private", 20, 50)])])
    t = game.state.figures["a1.1"]
    force(game, 4)
    game.rules.tanks.critical(game, t)
    assert t.markers[GbFigMark.MOUNT_JAMMED] and "its machine guns are silent" in game.log.events[-1].text
    to_step(game, "fire")
    assert "knocked out or jammed" in refused(game, Command("fire", "a", figure="a1.1", target="b1.1", choice="tank_lmg"))


def test_engine_damage_and_a_failed_courage_test_abandon_the_tank():
    game = game_of([unit("a1", [("at_rifleman", 40, 20)])], [tank("t1", "light_tank_mg", 40, 45)])
    to_step(game, "fire")
    force(game, 4, 4, 1, 6, 6, 6)  # hit; damage 1; critical 6: engine; the crew's courage 12 on 7 fails
    ok(game, Command("fire", "a", figure="a1.1", target="t1.1"))
    t = game.state.figures["t1.1"]
    assert t.markers[GbFigMark.ENGINE] and t.markers[GbFigMark.ABANDONED]
    force(game, 6, 6)  # B's turn: the crew's re-test fails again
    ok(game, Command("end_phase", "a"))
    ok(game, Command("end_phase", "b"))
    assert "needs an order" not in refused(game, Command("order", "b", unit="t1"))


def test_a_tank_destroyed_at_its_wounds_and_a_tank_firing_after_moving_is_minus_1():
    game = game_of([tank("t1", "light_tank_mg", 40, 20)], [unit("b1", [("at_rifleman", 40, 45)])])
    to_step(game, "orders")
    order(game, 1, 1, uid="t1")
    force(game, 1, 1)  # the AT rifleman's terror test as the tank ends its move in sight: passed
    ok(game, Command("move", "a", figure="t1.1", path=((400, 250),)))
    to_step(game, "fire")
    rep = game.rules.odds(game, Command("fire", "a", figure="t1.1", target="b1.1"))
    assert ("the tank moved: a rough ride", "+1 to the score") in [(m.name, m.value) for m in rep.modifiers]
    t = game.state.figures["t1.1"]
    game.rules.tanks.damage(game, t, 3, "hit")
    assert t.life == DESTROYED
