"""My 1/35th Scale WWII Skirmish, slice 6 (issue 20): opportunity fire (L123-125): four points
held into the enemy's turn, the holder asked after each enemy action in its sight, a double
six to hit, and a full turn after it; scripted with forced dice."""

from __future__ import annotations

from game.core.commands import END_PHASE, Command
from game.core.game import Game
from game.core.state import DEAD
from game.rulesets.ww2_135.status import W135FigMark
from tests.rulesets.helpers import force, ok
from tests.rulesets.w135 import table_game as game_of

IN = 25.4


def first(game: Game, side: str):
    return sorted(game.state.side_figures(side, alive_only=False), key=lambda f: f.id)[0]


def held(game: Game, f) -> int:
    return game.rules.opportunity.held(game, f)


def test_holding_costs_four_points_and_lasts_through_the_enemy_turn():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 45)])
    a = first(game, "a")
    ok(game, Command("hold", "a", figure=a.id))
    assert game.rules.points(game, a) == 0 and held(game, a) == 4
    ok(game, Command(END_PHASE, "a"))
    assert held(game, a) == 4          # kept into the enemy's turn
    ok(game, Command(END_PHASE, "b"))
    assert held(game, a) == 0 and game.rules.points(game, a) == 4   # dropped; a full turn follows (L125)


def test_an_enemy_moving_in_sight_is_offered_and_only_a_double_six_hits():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 45)])
    a, b = first(game, "a"), first(game, "b")
    ok(game, Command("hold", "a", figure=a.id))
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command("move", "b", figure=b.id, path=((30 * IN, 42 * IN),)))
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "a"
    labels = [o["label"] for o in d["options"]]
    assert labels == ["Rifleman fires at Grenadier (a double six hits)", "Hold fire"]
    force(game, 6, 5)   # 11 would hit a normal shot at 22": not opportunity fire
    ok(game, Command("opportunity", "a", figure=a.id, target=b.id))
    roll = [e.roll for e in game.log.events if e.roll][-1]
    assert roll.target == "double six" and roll.outcome == "miss" and b.alive
    assert held(game, a) == 0 and game.rules.decision(game) is None


def test_a_double_six_hits_and_the_save_is_made():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 45)])
    a, b = first(game, "a"), first(game, "b")
    ok(game, Command("hold", "a", figure=a.id))
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command("move", "b", figure=b.id, path=((30 * IN, 42 * IN),)))
    force(game, 6, 6)   # in the open: no save
    ok(game, Command("opportunity", "a", figure=a.id, target=b.id))
    assert b.life == DEAD


def test_holding_fire_lets_it_pass_and_the_holder_may_fire_at_a_later_action():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 45)])
    a, b = first(game, "a"), first(game, "b")
    ok(game, Command("hold", "a", figure=a.id))
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command("move", "b", figure=b.id, path=((30 * IN, 42 * IN),)))
    ok(game, Command("hold_fire", "a", target=b.id))
    assert held(game, a) == 4 and game.rules.decision(game) is None
    ok(game, Command("prone", "b", figure=b.id))
    assert game.rules.decision(game) is not None


def test_no_offer_for_an_enemy_out_of_sight_or_behind_the_holder():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 45)])
    a, b = first(game, "a"), first(game, "b")
    ok(game, Command("hold", "a", figure=a.id))
    ok(game, Command(END_PHASE, "a"))
    a.facing = 270.0   # its back to the German (L47)
    ok(game, Command("move", "b", figure=b.id, path=((30 * IN, 42 * IN),)))
    assert game.rules.decision(game) is None


def test_a_suppressed_figure_cannot_hold():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 45)])
    a = first(game, "a")
    a.markers[W135FigMark.MORALE] = 1
    res = game.submit(Command("hold", "a", figure=a.id))
    assert not res.ok and "cannot fire" in res.reason


def test_no_offer_at_a_vehicle_small_arms_cannot_harm():
    """Interpretation vehicles: only anti-tank fire harms a vehicle, so a tank moving in the
    sight of a rifleman holding his points is not offered to him (before, a double six
    killed it outright)."""
    game = game_of([("us_rifleman", 30, 20)], [("panzer_iv", 30, 45)])
    a, tank = first(game, "a"), first(game, "b")
    ok(game, Command("hold", "a", figure=a.id))
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command("move", "b", figure=tank.id, path=((30 * IN, 42 * IN),)))
    assert game.rules.decision(game) is None and held(game, a) == 4



def test_opening_a_door_leaning_out_and_holding_are_actions_a_holder_may_answer():
    """L125 (interpretation opportunity: after each action of an enemy figure in its sight):
    a door opened (L17), a lean out of a window (L282) and points held (L18) are actions."""
    house = {"type": "building", "id": "house", "polygon": [[30, 30], [40, 30], [40, 38], [30, 38]],
             "openings": [{"kind": "door", "at": [35, 30], "width": 2}, {"kind": "window", "at": [40, 34], "width": 1.5}]}
    game = game_of([("us_rifleman", 35, 29), ("us_rifleman", 39.3, 34), ("us_rifleman", 37, 25)],
                   [("de_rifleman", 35, 15), ("de_rifleman", 50, 34)], [house], face=False)
    door_man, window_man, third = sorted(game.state.side_figures("a"), key=lambda f: f.id)[:3]
    h1, h2 = sorted(game.state.side_figures("b"), key=lambda f: f.id)[:2]
    door_man.facing, window_man.facing, h1.facing, h2.facing = 90.0, 0.0, 90.0, 180.0
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command("hold", "b", figure=h1.id))
    ok(game, Command("hold", "b", figure=h2.id))
    ok(game, Command(END_PHASE, "b"))
    for cmd, holder in ((Command("door", "a", figure=door_man.id, target="house:0", choice="open"), h1),
                        (Command("lean_out", "a", figure=window_man.id), h2),
                        (Command("hold", "a", figure=third.id), h1)):
        ok(game, cmd)
        d = game.rules.decision(game)
        assert d is not None and f"{holder.name} fires at Rifleman (a double six hits)" in [o["label"] for o in d["options"]], cmd.kind
        ok(game, Command("hold_fire", "b", target=cmd.figure))
