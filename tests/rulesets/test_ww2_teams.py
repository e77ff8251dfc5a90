"""WW2 Skirmish: fire teams and movement, MG loaders and reactive fire, with forced dice."""


import pytest

from game.core.commands import Command
from game.rulesets.ww2_skirmish.options import options

from .helpers import force, ok, refused
from .ww2_kit import IN, odds, p_hit, quiet, see, shooter_game, team, wgame

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
