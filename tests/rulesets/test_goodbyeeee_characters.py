"""GOODBYEEEEEE!!! (issue 19), slice 11: Luck and Valour points, spent with the opponents'
consent (L31, L33, L50, L62-65, L73), with forced dice (cm)."""

from __future__ import annotations

from fractions import Fraction as F

from game.core import pools
from game.core.commands import Command
from game.core.game import Game
from game.core.odds import fractions_of
from game.core.state import DEAD
from tests.rulesets.gb_kit import (
    answer,
    move,
    order,
    to_step,
)
from tests.rulesets.helpers import (
    first_going,
    force,
    ok,
    refused,
    small_map,
    unit,
)


def lucky(a_units: list, b_units: list, options: dict | None = None) -> Game:
    doc = small_map(a_units, b_units, ruleset="goodbyeeee", unit="cm", size=(120, 120), turn_limit=6)
    return first_going(doc, options=options)


def left(game: Game, kind: str, ident: str, pool: str) -> int:
    return pools.left(game.state, pools.owner(kind, ident), pool)


def test_each_figure_holds_its_rank_s_points_and_a_section_one_shared_point_of_each():
    a = [unit("a1", [("junior_nco", 20, 20), ("private", 25, 20)]), unit("hq", [("junior_officer", 60, 20), ("senior_nco", 65, 20)])]
    game = lucky(a, [unit("b1", [("private", 20, 100)])])
    assert [left(game, "figure", f, p) for f in ("a1.1", "a1.2", "hq.1", "hq.2") for p in ("luck", "valour")] == [1, 1, 0, 0, 2, 2, 2, 1]
    assert (left(game, "unit", "a1", "luck"), left(game, "unit", "a1", "valour")) == (1, 1)
    assert (left(game, "unit", "hq", "luck"), left(game, "unit", "hq", "valour")) == (0, 0)  # no privates: no section point


def shot_at_private(options: dict | None = None) -> Game:
    game = lucky([unit("a1", [("private", 20, 20)])], [unit("b1", [("private", 20, 45), ("private", 60, 45)])], options)
    pools.spend(game.state, pools.owner("unit", "a1"), "luck")  # A's own point out of the way
    to_step(game, "fire")
    force(game, 6, 6)  # hit, wounded
    ok(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    return game


def test_a_luck_save_asks_the_owner_then_the_opponent_and_stops_the_wound_on_1_to_3():
    game = shot_at_private()
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "b" and "spend b1's Luck point to roll a save (1-3 saves)" in d["prompt"]  # the section's point (L50)
    assert game.state.figures["b1.1"].alive and not game.rules.firing.standing(game.state.figures["b1.1"])
    answer(game, "use_luck", "use")
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "a" and "fair use" in d["prompt"]
    force(game, 3)
    answer(game, "consent_use", "agree")
    assert game.state.figures["b1.1"].alive and game.rules.firing.standing(game.state.figures["b1.1"])
    assert left(game, "unit", "b1", "luck") == 0  # the section's one point, spent (L50)


def test_a_refused_use_keeps_the_point_and_the_wound_stands():
    game = shot_at_private()
    answer(game, "use_luck", "use")
    force(game, 1, 1)  # b1, at half strength, tests its courage (and passes)
    answer(game, "consent_use", "refuse")
    assert game.state.figures["b1.1"].life == DEAD and left(game, "unit", "b1", "luck") == 1


def test_without_the_consent_rule_nobody_is_asked_to_agree():
    game = shot_at_private({"consent": False})
    force(game, 4, 1, 1)  # the save fails; b1, at half strength, tests (and passes)
    answer(game, "use_luck", "use")
    assert game.rules.decision(game) is None and game.state.figures["b1.1"].life == DEAD  # 4 does not save


def test_the_odds_count_the_luck_save_the_computer_would_make():
    game = lucky([unit("a1", [("private", 20, 20)])], [unit("b1", [("private", 20, 45)])])
    to_step(game, "fire")
    rep = game.rules.odds(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    # the questions answered as the computer answers them (ai.py decide): a private's rifle miss
    # is not worth his section's point (1/2 to hit), B's wound is saved with its own (1/2)
    assert fractions_of(rep.outcomes)["out of action"] == F(1, 2) * F(1, 2) * F(1, 2)
    # a sniper's miss is: 3+ at short range, re-rolled, 8/9 to hit
    game = lucky([unit("a1", [("sniper", 20, 20)])], [unit("b1", [("private", 20, 45)])])
    to_step(game, "fire")
    rep = game.rules.odds(game, Command("fire", "a", figure="a1.1", target="b1.1", choice="sniper_rifle"))
    assert fractions_of(rep.outcomes)["out of action"] == F(8, 9) * F(1, 2) * F(1, 2)


def test_a_failed_command_roll_may_be_rerolled_with_the_commander_s_luck():
    game = lucky([unit("a1", [("junior_nco", 20, 20), ("private", 25, 20)])], [unit("b1", [("private", 20, 100)])],
                 {"consent": False})
    to_step(game, "orders")
    force(game, 6, 6, 2, 2)
    ok(game, Command("order", "a", unit="a1"))
    d = game.rules.decision(game)
    assert d is not None and "command roll (12 against 8) failed" in d["prompt"]
    answer(game, "use_luck", "use")
    assert game.rules.command.ordered(game, game.state.units["a1"]) is True and left(game, "figure", "a1.1", "luck") == 0


def test_valour_double_move_takes_friends_within_10_cm_twice_as_far_without_an_order():
    a = [unit("a1", [("junior_nco", 20, 20), ("private", 29, 20), ("private", 31, 20)])]
    game = lucky(a, [unit("b1", [("private", 20, 110)])], {"consent": False})
    to_step(game, "orders")
    ok(game, Command("use_valour", "a", figure="a1.1", choice="double_move"))
    assert left(game, "figure", "a1.1", "valour") == 0
    move(game, "a1.1", (20, 50))  # 30 cm, no command roll
    move(game, "a1.2", (29, 50))
    assert "needs an order first" in refused(game, Command("move", "a", figure="a1.3", path=((310, 300),)))  # 11 cm away


def test_valour_double_attacks_and_move_and_shoot():
    a = [unit("a1", [("junior_nco", 20, 20), ("lmg_gunner", 25, 20), ("private", 40, 20)])]
    game = lucky(a, [unit("b1", [("private", 25, 45)])], {"consent": False})
    pools.spend(game.state, pools.owner("figure", "a1.1"), "valour")
    to_step(game, "orders")
    order(game, 1, 1)
    ok(game, Command("use_valour", "a", figure="a1.2", choice="move_and_shoot"))  # the section's point
    move(game, "a1.2", (25, 30))
    to_step(game, "fire")
    assert game.rules.is_legal(game, Command("fire", "a", figure="a1.2", target="b1.1"))  # an LMG after a 10 cm move
    assert "no Valour point" in refused(game, Command("use_valour", "a", figure="a1.3", choice="double_attacks"))


def test_move_and_shoot_is_its_own_order_as_a_double_move_is():
    """Interpretation valour-uses: a heroic act is its own order; the section failed its
    command roll, and the figure who spends his Valour on move and shoot moves all the same."""
    a = [unit("a1", [("junior_nco", 20, 20), ("private", 25, 20)])]
    game = lucky(a, [unit("b1", [("private", 20, 100)])], {"consent": False})
    for who in (pools.owner("figure", "a1.1"), pools.owner("unit", "a1")):
        pools.spend(game.state, who, "luck")   # no Luck to re-roll it
    to_step(game, "orders")
    force(game, 6, 6)
    ok(game, Command("order", "a", unit="a1"))
    assert game.rules.decision(game) is None and game.rules.command.ordered(game, game.state.units["a1"]) is False
    ok(game, Command("use_valour", "a", figure="a1.1", choice="move_and_shoot"))
    move(game, "a1.1", (20, 35))


def test_taking_the_initiative_gives_the_spender_and_friends_within_10_cm_a_turn_now():
    a = [unit("a1", [("junior_nco", 20, 20), ("private", 25, 20)])]
    b = [unit("b1", [("junior_nco", 20, 80), ("private", 28, 80), ("private", 45, 80)])]
    game = lucky(a, b)
    to_step(game, "orders")  # A's turn, its orders step
    assert "in another player's turn" in refused(game, Command("take_initiative", "a", figure="a1.1"))
    ok(game, Command("take_initiative", "b", figure="b1.1"))
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "a" and "take the initiative" in d["prompt"]
    ok(game, Command("consent_use", "a", figure="b1.1", choice="agree"))
    st = game.state
    assert st.active_side == "b" and st.phase == "initiative" and left(game, "figure", "b1.1", "valour") == 0
    ok(game, Command("move", "b", figure="b1.2", path=((280, 760),)))  # a friend within 10 cm: 4 cm on initiative
    assert "Only the figures that took the initiative" in refused(game, Command("move", "b", figure="b1.3", path=((450, 770),)))
    for _ in range(3):  # initiative, orders, fire; close combat runs by itself
        ok(game, Command("end_phase", "b"))
    assert st.active_side == "a" and st.phase == "orders"  # A's turn goes on where it was
    to_step(game, "fire")
    ok(game, Command("end_phase", "a"))
    assert st.active_side == "b"
    assert "has acted" in refused(game, Command("move", "b", figure="b1.2", path=((280, 740),)))
    assert game.rules.is_legal(game, Command("move", "b", figure="b1.3", path=((450, 760),)))  # it did not take part


def test_a_player_who_has_had_his_turn_may_not_take_the_initiative():
    game = lucky([unit("a1", [("junior_nco", 20, 20)])], [unit("b1", [("junior_nco", 20, 80)])])
    to_step(game, "fire")
    ok(game, Command("end_phase", "a"))  # A's turn is over; B's begins
    assert "have had their turn" in refused(game, Command("take_initiative", "a", figure="a1.1"))


def trench_duel() -> Game:
    """A's lance corporal in the open in his fire step; B's in a trench 25 cm off, each with
    his Luck point (no event cards in hand, the opponents' consent not asked)."""
    trench = {"type": "trench", "line": [[0, 45], [120, 45]], "width": 4}
    doc = small_map([unit("a1", [("junior_nco", 20, 20)])], [unit("b1", [("junior_nco", 20, 45)])], terrain=[trench],
                    ruleset="goodbyeeee", unit="cm", size=(120, 120))
    game = first_going(doc, options={"consent": False})
    game.state.hands.clear()
    to_step(game, "fire")
    return game


def test_a_miss_is_rerolled_with_the_firer_s_luck_and_a_cover_roll_with_the_target_s():
    game = trench_duel()
    force(game, 2, 5, 5)  # a miss; re-rolled 5: a hit; the cover roll 5 lets it through
    ok(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "a" and "Lance corporal's shot at Lance corporal failed" in d["prompt"]
    answer(game, "use_luck", "use")
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "b" and "The cover roll for Lance corporal failed" in d["prompt"]
    force(game, 2, 1, 1)  # re-rolled cover 2 stops it; his courage test (a hit, not wounded) passes
    answer(game, "use_luck", "use")
    assert any("re-rolled with Luck" in (e.roll.reason if e.roll else "") and e.roll.outcome == "stopped by cover"
               for e in game.log.events[-6:])
    assert game.state.figures["b1.1"].alive and left(game, "figure", "a1.1", "luck") == 0 and left(game, "figure", "b1.1", "luck") == 0


def test_the_ai_keeps_its_luck_past_a_failed_cover_roll_for_the_save_if_the_hit_wounds():
    # the cover roll made again and the save a point buys once wounded both stop the hit on
    # 1-3 (reading luck-save): the AI declines the first and spends the point on the second
    game = trench_duel()
    force(game, 5, 5)  # a hit; the cover roll 5 lets it through
    ok(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "b" and "The cover roll for Lance corporal failed" in d["prompt"]
    pick = game.rules.planner.decide(game, "b", game.rules.decision_options(game))
    assert pick.choice == "decline"
    force(game, 6)  # the rifle wounds
    ok(game, pick)
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "b" and "would take a wound" in d["prompt"]
    pick = game.rules.planner.decide(game, "b", game.rules.decision_options(game))
    assert pick.choice == "use"
    force(game, 2, 1, 1)  # the save: 2 saves it
    ok(game, pick)
    assert game.state.figures["b1.1"].alive and left(game, "figure", "b1.1", "luck") == 0
