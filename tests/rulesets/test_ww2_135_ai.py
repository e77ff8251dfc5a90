"""My 1/35th Scale WWII Skirmish: the solo AI's planner in scripted situations (issue 20):
a hidden man springs his ambush (turning to face, which ends the hiding, L55, then firing)
when the shot is worth it and stays hidden when it is not; small arms are not wasted in
opportunity fire at a tank; a defender with no shot steps to one; which teams are support
weapons for the solo chart."""

from __future__ import annotations

from math import hypot

from game.core.commands import END_PHASE, Command
from game.core.keys import StateKey
from tests.rulesets.helpers import make_unfinished_game, small_map, unit
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


def holding(game, side="b"):
    """``side`` is the scenario's winner if nothing else happens: the AI holds its ground
    (interpretation solo-defenders)."""
    game.state.attrs[StateKey.VICTORY]["otherwise"] = side
    return game


def test_a_defender_with_no_shot_steps_to_where_it_sees_the_tank_then_fires_at_it():
    # a bocage bank (3" high, over a standing man's eye) between the Panzerschreck and the tank;
    # it ends at x=31.5, and a step of 3" east clears it
    bank = [{"type": "hedge", "name": "Bank", "height": 3, "line": [[20, 25], [31.5, 25]]}]
    game = holding(_german_turn_on(bank, [("sherman", 30, 15)], [("de_schreck", 30, 28)]))
    rules, st = game.rules, game.state
    gunner, tank = st.figures["b1.1"], st.figures["a1.1"]
    enemies = rules.known_enemies(game, "b")
    assert not rules.sight.line(game, gunner, tank).visible and rules.planner.shots(game, gunner, enemies) == []
    cmd = first(game, "b1.1")
    assert cmd.kind == "move" and len(cmd.path) == 1
    assert abs(hypot(cmd.path[0][0] - gunner.x, cmd.path[0][1] - gunner.y) - rules.mm(3.0)) < 0.01
    assert game.submit(cmd).ok and rules.points(game, gunner) == 3
    assert rules.sight.line(game, gunner, tank).visible
    nxt = first(game, "b1.1")
    assert nxt.kind == "fire" and nxt.target == "a1.1" and dict(nxt.options)["weapon"] == "panzerschreck"


def test_an_attacker_or_a_defender_with_a_shot_does_not_shift():
    bank = [{"type": "hedge", "name": "Bank", "height": 3, "line": [[20, 25], [31.5, 25]]}]
    game = _german_turn_on(bank, [("sherman", 30, 15)], [("de_schreck", 30, 28)])  # nobody holds: no shifting on Halt
    assert game.state.attrs[StateKey.VICTORY].get("otherwise") != "b"
    assert first(game, "b1.1").kind == "hold"
    game = holding(_german_turn_on([], [("sherman", 30, 15)], [("de_schreck", 30, 28)]))  # in plain sight
    cmd = first(game, "b1.1")
    assert cmd.kind == "fire" and cmd.target == "a1.1"


def _german_turn_on(terrain, a, b):
    game = table_game(a, b, terrain=terrain)
    assert game.submit(Command(END_PHASE, "a")).ok and game.state.active_side == "b"
    return game


def test_a_squad_with_a_bar_is_not_a_support_weapon_for_the_solo_chart():
    # interpretation solo-support-weapons: a crew or a mortar halts and fires; a squad whose BAR
    # needs a loader (L94-96) carries out Advance and Attack like any team
    doc = small_map([unit("a1", [("us_nco", 10, 10), ("us_rifleman", 11, 10), ("us_bar", 12, 10)]),
                     unit("a2", [("us_mortar", 20, 10), ("us_mortar", 21, 10)])],
                    [unit("b1", [("de_mg42", 10, 50), ("de_rifleman", 11, 50)], kind="crew"),
                     unit("b2", [("de_mg42", 20, 50), ("de_rifleman", 21, 50)])],
                    ruleset="ww2-135", size=(60, 60))
    game = make_unfinished_game(doc)
    units = game.state.units
    support = {u: game.rules.profile(game, units[u]).support_weapon for u in ("a1", "a2", "b1", "b2")}
    assert support == {"a1": False, "a2": True, "b1": True, "b2": False}
