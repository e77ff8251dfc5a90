"""WW2 Skirmish: spotting and hidden enemies, with hand-computed probabilities and forced dice."""

from fractions import Fraction as F

from game.core.commands import Command
from game.rulesets.ww2_skirmish.options import options

from .helpers import force, ok, refused
from .ww2_kit import IN, odds, quiet, see, team, wgame

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
