"""My 1/35th Scale WWII Skirmish: the solo AI's planner in scripted situations (issue 20):
a hidden man springs his ambush (turning to face, which ends the hiding, L55, then firing)
when the shot is worth it and stays hidden when it is not; small arms are not wasted in
opportunity fire at a tank."""

from __future__ import annotations

from game.core.commands import END_PHASE, Command
from tests.rulesets.w135 import table_game


def german_turn(a, b, hidden=True):
    game = table_game(a, b, settings={"hidden_deployment": ["b"]} if hidden else None)
    assert game.submit(Command(END_PHASE, "a")).ok and game.state.active_side == "b"
    return game


def first(game, fid):
    rules = game.rules
    return next(iter(rules.planner.figure_commands(game, game.state.figures[fid], "halt")))


def test_a_hidden_man_springs_his_ambush_on_a_man_close_in_the_open_then_fires():
    game = german_turn([("us_rifleman", 30, 20)], [("de_rifleman", 30, 28)])  # 8" apart, nothing between
    g = game.state.figures["b1.1"]
    assert game.rules.hidden(g)
    cmd = first(game, "b1.1")
    assert cmd == Command("turn", "b", figure="b1.1", point=game.state.figures["a1.1"].pos)
    assert game.submit(cmd).ok and not game.rules.hidden(g)
    nxt = first(game, "b1.1")
    assert nxt.kind == "fire" and nxt.target == "a1.1" and nxt.choice == "unaimed"


def test_a_hidden_man_stays_hidden_when_the_shot_is_poor():
    # 38" off behind a hedge: 5 + 4 (range) + 2 (hindrance)... under the spring chance
    game = german_turn([("us_rifleman", 30, 10)], [("de_rifleman", 30, 48)])
    cmd = first(game, "b1.1")
    assert cmd.kind == "hold" and game.rules.planner.ambush_target(game, game.state.figures["b1.1"],
                                                                   game.rules.known_enemies(game, "b")) is None


def test_small_arms_hold_their_opportunity_fire_at_a_tank_and_take_it_at_a_man():
    game = german_turn([("sherman", 30, 20), ("us_rifleman", 34, 20)], [("de_rifleman", 30, 28), ("de_schreck", 32, 28)], hidden=False)
    planner = game.rules.planner
    tank, man = "a1.1", "a1.2"
    # opportunity fire is a small arm's (the Panzerschreck gunner's pistol): it cannot harm the tank
    assert game.rules.firing.weapon(game.state.figures["b1.2"])[0] == "pistol"
    at_tank = [(f"{f} fires", Command("opportunity", "b", figure=f, target=tank)) for f in ("b1.1", "b1.2")]
    at_tank.append(("Hold fire", Command("hold_fire", "b", target=tank)))
    assert planner.decide(game, "b", at_tank).kind == "hold_fire"
    at_man = [("fires", Command("opportunity", "b", figure="b1.1", target=man)), ("Hold fire", Command("hold_fire", "b", target=man))]
    assert planner.decide(game, "b", at_man) == at_man[0][1]
