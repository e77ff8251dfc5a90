"""WWIFY AR:SE: movement, flyers and vehicles, with forced dice."""


import pytest

from game.core.commands import Command

from .helpers import force, ok, refused, unit
from .wwify_kit import IN, P, fresh, move_game, play, wmap

# ---- movement ------------------------------------------------------------------------------------------

def test_squad_moves_six_inches_per_action_in_legs():
    game = move_game([("good_rifleman", 20, 40)])
    assert "has 6.0\" left" in refused(game, Command("move", "a", figure="s.1", path=(P(20, 33.9),)))
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 37),)))
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 34),)))  # the rest of the same action
    assert game.state.units["s"].markers["acts"] == ["move"]
    assert "Move again" in refused(game, Command("move", "a", figure="s.1", path=(P(20, 33),)))
    ok(game, Command("begin_move", "a", unit="s"))
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 28),)))
    assert "used its 2 actions" in refused(game, Command("begin_move", "a", unit="s"))


def test_mounted_move_ten_and_large_creature_loses_an_inch_per_wound():
    game = move_game([("good_cavalry", 20, 40)])
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 30),)))
    game = move_game([("good_angry_tree", 20, 40)], kind="large_creature")
    game.state.figures["s.1"].wounds = 2
    play(game, "LARGE_CREATURE")
    assert "has 3.0\" left" in refused(game, Command("move", "a", figure="s.1", path=(P(20, 36.5),)))
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 37),)))


def test_climbing_out_of_a_trench_costs_three_jumping_in_is_free():
    terrain = [{"type": "trench", "line": [[0, 36], [48, 36]], "width": 2}]
    game = move_game([("good_rifleman", 20, 40)], terrain=terrain)
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 36),)))  # 4" into the trench: free
    assert game.state.figures["s.1"].markers["moved_mm"] == pytest.approx(4 * IN)
    ok(game, Command("begin_move", "a", unit="s"))
    # out of the trench (exits at y 35): 1" + 3" climbing + 2" = 6"; 2.1" more is too much
    assert "costs 6.1\"" in refused(game, Command("move", "a", figure="s.1", path=(P(20, 32.9),)))
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 33),)))


def test_bunker_tunnels_cost_three_in_and_out():
    terrain = [{"type": "bunker", "rect": {"x": 18, "y": 30, "w": 4, "h": 4}}]
    game = move_game([("good_rifleman", 20, 36)], terrain=terrain)
    # 2" to the bunker, 3" to climb into its tunnels, 1" inside
    assert "3.0\" to climb into the bunker's tunnels" in refused(game, Command("move", "a", figure="s.1", path=(P(20, 32.9),)))
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 33),)))


def test_water_stops_ground_troops_except_on_a_bridge():
    terrain = [{"type": "water", "rect": {"x": 0, "y": 30, "w": 48, "h": 4}},
               {"type": "bridge", "line": [[10, 28], [10, 36]], "width": 2}]
    game = move_game([("good_rifleman", 20, 36)], terrain=terrain)
    assert "cross rivers only by a bridge" in refused(game, Command("move", "a", figure="s.1", path=(P(20, 31),)))
    game = move_game([("good_rifleman", 10, 37)], terrain=terrain)
    ok(game, Command("move", "a", figure="s.1", path=(P(10, 31),)))


def test_cohesion_three_inches():
    game = move_game([("good_rifleman", 20, 40), ("good_rifleman", 22, 40)])
    assert "lose cohesion" in refused(game, Command("move", "a", figure="s.2", path=(P(25.2, 40),)))
    ok(game, Command("move", "a", figure="s.2", path=(P(23, 40),)))
    # support weapons ignore cohesion
    game = move_game([("good_hmg", 20, 40), ("good_crew", 22, 40)], kind="hmg")
    ok(game, Command("move", "a", figure="s.2", path=(P(27, 40),)))


def test_hmg_fires_twice_or_moves_once():
    b = [unit("e", [("evil_rifleman", 20, 30)])]
    game = move_game([("good_hmg", 20, 40), ("good_crew", 22, 40)], kind="hmg", b=b)
    force(game, *[1] * 16)
    ok(game, Command("fire", "a", unit="s", target="e"))
    assert "has fired" in refused(game, Command("move", "a", figure="s.1", path=(P(20, 41),)))
    ok(game, Command("fire", "a", unit="s", target="e"))
    assert "fired 2 times" in refused(game, Command("fire", "a", unit="s", target="e"))
    game = move_game([("good_hmg", 20, 40), ("good_crew", 22, 40)], kind="hmg", b=b)
    ok(game, Command("move_unit", "a", unit="s", point=P(21, 44)))
    assert "has moved" in refused(game, Command("fire", "a", unit="s", target="e"))


def test_field_gun_fires_once_or_is_pushed_once_on_the_vehicle_card():
    b = [unit("e", [("evil_rifleman", 20, 20)])]
    game = move_game([("good_field_gun", 20, 40), ("good_crew", 22, 40)], kind="field_gun", b=b)
    assert "Vehicle card" in game.rules.action_refusal(game, game.state.units["s"], "fire")
    play(game, "VEHICLE")
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 36),)))
    assert "has used its 1 action" in refused(game, Command("fire", "a", unit="s", target="e"))
    assert "has 0.0\" left" not in (game.check(Command("move", "a", figure="s.2", path=(P(22, 36.5),))) or "")
    ok(game, Command("move", "a", figure="s.2", path=(P(22, 36.5),)))  # the crew push with it, same action


# ---- flyers and vehicles --------------------------------------------------------------------------------
def flyer_game():
    a = [{"id": "f", "name": "f", "kind": "flyer", "figures": [{"type": "good_flyer", "at": [10, 24], "facing": 0}]}]
    game = fresh(wmap(a, [unit("e", [("evil_rifleman", 46, 2)])]))
    play(game, "FLYER")
    return game


@pytest.mark.parametrize("path,legal", [
    ([(30, 24)], True),  # straight on: 20"
    ([(30.5, 24)], False),  # 20.5" is too far
    ([(15, 24), (15, 29), (20, 29)], True),  # two turns of 90
    ([(15, 24), (15, 29), (20, 29), (20, 24)], False),  # three turns
    ([(15, 24), (5, 24)], True),  # one turn of 180
    ([(15, 24), (10, 29)], True),  # one turn of 135
    ([(15, 24), (10, 29), (10, 34)], False),  # 135 and 45: too sharp for two turns
    ([(10, 19), (15, 19)], True),  # the first turn is from the way it faces: 90, then 90
    ([(5, 24), (5, 29)], False),  # 180 from its facing and another 90
])
def test_flyer_turn_limits(path, legal):
    game = flyer_game()
    cmd = Command("move", "a", figure="f.1", path=tuple(P(x, y) for x, y in path))
    if legal:
        ok(game, cmd)
    else:
        reason = refused(game, cmd)
        assert "turns" in reason or "moves at most" in reason


def test_flyer_fires_after_each_move_and_has_two_actions():
    a = [{"id": "f", "name": "f", "kind": "flyer", "figures": [{"type": "good_flyer", "at": [10, 24], "facing": 270}]}]
    game = fresh(wmap(a, [unit("e", [("evil_rifleman", 12, 4)])]))
    play(game, "FLYER")
    ok(game, Command("move", "a", figure="f.1", path=(P(10, 10),)))
    force(game, 1, 1, 1, 1, 1)
    ok(game, Command("fire", "a", unit="f", target="e"))  # the fire of the first action
    force(game, 1, 1, 1, 1, 1)
    ok(game, Command("fire", "a", unit="f", target="e"))  # the second action: no move, fire
    assert "used its 2 actions" in refused(game, Command("move", "a", figure="f.1", path=(P(10, 12),)))


def vehicle_game():
    a = [unit("v", [("good_vehicle", 20, 40)], kind="vehicle")]
    game = fresh(wmap(a, [unit("e", [("evil_rifleman", 20, 30)])]))
    play(game, "VEHICLE")
    return game


def test_vehicle_breakdown_on_a_six_still_fires():
    game = vehicle_game()
    assert "has 4.0\" left" in refused(game, Command("move", "a", figure="v.1", path=(P(20, 35.9),)))
    force(game, 5)
    ok(game, Command("move", "a", figure="v.1", path=(P(20, 37),)))
    assert not game.state.units["v"].markers.get("broken_down")
    force(game, 6)
    ok(game, Command("move_unit", "a", unit="v", point=P(20, 30)))
    u = game.state.units["v"]
    assert u.markers["broken_down"] and "broken down" in game.rules.unit_status(game, "v")
    force(game, *[1] * 5)
    ok(game, Command("fire", "a", unit="v", target="e"))  # the fire of that move action
    play(game, "VEHICLE")
    assert "broken down" in refused(game, Command("move", "a", figure="v.1", path=(P(20, 31),)))
    force(game, *[1] * 5)
    ok(game, Command("fire", "a", unit="v", target="e"))
