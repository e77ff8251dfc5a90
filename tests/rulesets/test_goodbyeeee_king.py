"""GOODBYEEEEEE!!!: the King of Diamonds, "play to pass any Morale test" (L301), offered at
every courage test, not only a figure's when shot at or pinned (courage.job_courage):
a section's test, closing fire, "It's Too Quiet", a tank crew's (engine, re-entry), a pinned
figure's rally; with forced dice (cm)."""

from __future__ import annotations

from game.core import pools
from game.core.commands import Command
from game.core.game import Game
from game.rulesets.goodbyeeee.status import GbFigMark
from tests.rulesets.gb_kit import deal, game_of, order, to_step
from tests.rulesets.helpers import force, ok, unit


def held(game: Game, side: str) -> list[str]:
    return [c.code for c in game.state.hands.get(side, [])]


def asked(game: Game, side: str, words: str) -> None:
    d = game.rules.decision(game)
    assert d is not None and d["side"] == side and words in d["prompt"], d


def decline_luck(game: Game) -> None:
    """Answer every Luck question now put: no."""
    while (d := game.rules.decision(game)) is not None and "Luck point" in d["prompt"]:
        ok(game, Command("use_luck", d["side"], figure=d["options"][1]["command"]["figure"], choice="decline"))


def half_strength(kd: bool, luck: bool = False) -> Game:
    """B's section loses its second man of four: the lance corporal's test for the LMG gunner
    fails on 12 (the last private is beyond 15 cm and tests alone, passing on 2)."""
    a = unit("a1", [("private", 60, 85), ("private", 65, 85), ("private", 70, 85)])
    b = unit("b1", [("junior_nco", 20, 110), ("lmg_gunner", 25, 110), ("private", 30, 110), ("private", 55, 110)])
    game = game_of([a], [b])
    to_step(game, "fire")
    if kd:
        deal(game, "b", "KD", face_up=True)
    if luck:
        pools.grant(game.state, pools.owner("figure", "b1.1"), "luck", 1)
    force(game, 6, 6)
    ok(game, Command("fire", "a", figure="a1.3", target="b1.4"))  # 3 of 4 left: no test
    force(game, 6, 6, 6, 6)  # hit, wounded: 2 of 4 left; the lance corporal's 12 on 8 fails
    ok(game, Command("fire", "a", figure="a1.2", target="b1.3"))
    return game


def test_a_section_at_half_strength_passes_its_test_with_the_king_and_does_not_rout():
    game = half_strength(kd=True)
    asked(game, "b", "Lance corporal for LMG gunner fails the courage test (reduced to half strength or less): "
                     "play the King of Diamonds")
    ok(game, Command("play_card", "b", figure="b1.1", choice="KD", value=1))
    gunner = game.state.figures["b1.2"]
    assert GbFigMark.ROUT not in gunner.markers and "lmg" in gunner.weapons
    assert "KD" not in held(game, "b") and game.rules.decision(game) is None
    assert any("plays the King of Diamonds" in e.text or "play the King of Diamonds" in e.text for e in game.log.events)


def test_a_kept_king_leaves_the_luck_re_roll_and_then_the_rout():
    game = half_strength(kd=True, luck=True)
    ok(game, Command("play_card", "b", figure="b1.1", choice="KD", value=0))
    asked(game, "b", "The courage test of Lance corporal for LMG gunner failed: spend Lance corporal's own Luck point")
    decline_luck(game)
    gunner = game.state.figures["b1.2"]
    assert gunner.markers[GbFigMark.ROUT] == 2 and "KD" in held(game, "b")


def test_without_the_king_the_test_is_as_before():
    game = half_strength(kd=False)
    decline_luck(game)
    assert game.state.figures["b1.2"].markers[GbFigMark.ROUT] == 2


def test_a_charged_figure_that_fails_its_test_gets_its_closing_fire_off_with_the_king():
    game = game_of([unit("a1", [("junior_nco", 20, 30), ("private", 40, 30)])], [unit("b1", [("private", 40, 40)])])
    deal(game, "b", "KD", face_up=True)
    to_step(game, "orders")
    order(game, 1, 1)
    force(game, 6, 6, 5, 6, 1, 1)  # courage 12 on 6 fails; the King played: 5+ hits, 6 wounds; A's test at half passes
    ok(game, Command("move", "a", figure="a1.2", path=((400, 400),)))
    asked(game, "b", "fails the courage test (charged by Private (rifleman): closing fire): play the King of Diamonds")
    ok(game, Command("play_card", "b", figure="b1.1", choice="KD", value=1))
    assert any("fires at the charger (closing fire)" in e.text for e in game.log.events)
    assert not game.state.figures["a1.2"].alive


def test_a_tank_crew_with_a_damaged_engine_stays_with_the_king():
    tank = unit("t1", [("light_tank_mg", 40, 45)], kind="vehicle")
    game = game_of([unit("a1", [("at_rifleman", 40, 20)])], [tank])
    deal(game, "b", "KD", face_up=True)
    to_step(game, "fire")
    force(game, 4, 4, 1, 6, 6, 6)  # hit; damage 1; critical 6: engine; the crew's courage 12 on 7 fails
    ok(game, Command("fire", "a", figure="a1.1", target="t1.1"))
    asked(game, "b", "fails the courage test (engine damaged: stay on board?): play the King of Diamonds")
    ok(game, Command("play_card", "b", figure="t1.1", choice="KD", value=1))
    t = game.state.figures["t1.1"]
    assert t.markers[GbFigMark.ENGINE] and not t.markers.get(GbFigMark.ABANDONED)


def test_it_s_too_quiet_offers_the_king_to_each_figure_that_fails_until_it_is_played():
    a = [unit("a1", [("junior_nco", 20, 20), ("private", 25, 20)])]
    b = [unit("b1", [("junior_nco", 20, 80), ("private", 25, 80), ("private", 30, 80)])]
    game = game_of(a, b)
    deal(game, "b", "10C")
    deal(game, "b", "KD", face_up=True)
    to_step(game, "fire")
    force(game, 1, 1, 6, 6, 6, 6)  # the lance corporal passes; both privates (on his 8) fail
    ok(game, Command("end_phase", "a"))  # B's turn begins with the card
    asked(game, "b", "Private (rifleman) fails the courage test (it's too quiet): play the King of Diamonds")
    ok(game, Command("play_card", "b", figure="b1.2", choice="KD", value=1))
    decline_luck(game)  # the second private: no King left, his section's Luck declined
    f1, f2, f3 = (game.state.figures[i] for i in ("b1.1", "b1.2", "b1.3"))
    turn = game.state.turn
    assert f1.markers[GbFigMark.HALF_MOVE] == turn and f2.markers[GbFigMark.HALF_MOVE] == turn
    assert f3.markers[GbFigMark.NO_MOVE] == turn


def test_the_solo_ai_plays_the_king_on_a_section_test_taken_for_several_not_on_a_lone_private_s():
    """ai_spend.answer: a section's test for more than one figure, or one that would rout,
    is worth the card; a lone private's test that only pins is not."""
    game = half_strength(kd=True)  # the lance corporal's test for himself and the gunner, at half: a rout
    pick = game.rules.planner.decide(game, "b", game.rules.decision_options(game))
    assert pick is not None and pick.kind == "play_card" and pick.value == 1
    tank = unit("t1", [("heavy_tank_female", 20, 20)], kind="vehicle")
    game = game_of([tank], [unit("b1", [("private", 60, 60), ("private", 100, 60), ("private", 105, 60)])])
    deal(game, "b", "KD", face_up=True)
    to_step(game, "orders")
    order(game, 1, 1, uid="t1")
    force(game, 6, 6)  # the terror test of the first private alone (at full strength: a pin) fails
    ok(game, Command("move", "a", figure="t1.1", path=((200, 300),)))
    asked(game, "b", "Private (rifleman) fails the courage test (faced by a tank")
    pick = game.rules.planner.decide(game, "b", game.rules.decision_options(game))
    assert pick is not None and pick.kind == "play_card" and pick.value == 0


def test_a_pinned_figure_rallies_with_the_king_at_the_start_of_its_turn():
    """L80, L160: a pinned figure tests at the start of its player's turn; failed, the King
    of Diamonds passes it (L301) and the pin ends."""
    a = [unit("a1", [("junior_nco", 20, 20)])]
    b = [unit("b1", [("private", 25, 80)])]
    game = game_of(a, b)
    pinned = game.state.figures["b1.1"]
    pinned.markers[GbFigMark.PINNED] = True
    pinned.markers[GbFigMark.PRONE] = True
    deal(game, "b", "KD", face_up=True)
    to_step(game, "fire")
    force(game, 6, 6)  # 12 on 6: the rally test fails
    ok(game, Command("end_phase", "a"))  # B's turn begins with its pinned figures' tests
    asked(game, "b", "Private (rifleman) fails the courage test (pinned, at the start of its turn): play the King of Diamonds")
    ok(game, Command("play_card", "b", figure="b1.1", choice="KD", value=1))
    assert GbFigMark.PINNED not in pinned.markers and "KD" not in held(game, "b")


def test_an_abandoned_tank_s_crew_re_enters_with_the_king():
    """The crew of an abandoned tank test at the start of their turn to get back in; failed,
    the King of Diamonds passes the test and they re-enter."""
    tank = unit("t1", [("light_tank_mg", 40, 80)], kind="vehicle")
    game = game_of([unit("a1", [("private", 40, 20)])], [tank])
    t = game.state.figures["t1.1"]
    t.markers[GbFigMark.ABANDONED] = True
    deal(game, "b", "KD", face_up=True)
    to_step(game, "fire")
    force(game, 6, 6)  # 12: the crew's test fails
    ok(game, Command("end_phase", "a"))
    asked(game, "b", "fails the courage test (re-enter the abandoned tank): play the King of Diamonds")
    ok(game, Command("play_card", "b", figure="t1.1", choice="KD", value=1))
    assert not t.markers.get(GbFigMark.ABANDONED)
