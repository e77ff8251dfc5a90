"""The greedy baseline (game/ai/greedy_player.py): in a small scripted situation of each
ruleset it shoots at the target it is likelier to hurt, it takes the covered spot over an
exposed one that is otherwise as good, it never gives a command the core refuses, and
greedy against greedy plays a whole game to its end."""

from pathlib import Path

import pytest

from game.ai.greedy_player import GreedyPlayer, expected
from game.catalog import load_map
from game.core.commands import Command, Rejected
from game.core.dice import Dice
from game.simulate import make_player, play_out
from tests.rulesets.helpers import end_phases, make_game, small_map, unit
from tests.rulesets.wwify_kit import fresh, wmap
from tests.rulesets.wwify_kit import rifle_line as line

ROOT = Path(__file__).resolve().parents[2]


def attacks(player, game, side):
    """The commands the player would score now that shoot at someone."""
    return [c for c in player.candidates(game, player.knowledge.of(game, side), side) if c.target is not None]


def test_great_war_fires_at_the_near_unit_it_hits_on_4_not_the_far_one_on_5():
    """Rifles hit on 4+ at short range (12") and 5+ at long (24"): of two squads the
    same, the greedy player fires at the one within 12"."""
    a = [unit("a1", [("rifleman", 20 + 1.5 * i, 44) for i in range(6)])]
    b = [unit("near", [("rifleman", 20 + 1.5 * i, 36) for i in range(4)]),
         unit("far", [("rifleman", 30 + 1.5 * i, 24) for i in range(4)])]
    game = make_game(small_map(a, b))
    end_phases(game, "shooting", "a")
    player = GreedyPlayer(1)
    assert {c.target for c in attacks(player, game, "a")} == {"near", "far"}
    cmd = GreedyPlayer(1).choose(game, "a")
    assert (cmd.kind, cmd.target) == ("fire_unit", "near")
    assert game.check(cmd) is None


def test_ww2_fires_at_the_team_in_the_open_not_the_one_behind_a_building():
    us = [unit("a1", [("us_rifleman", 22, 40), ("us_rifleman", 24, 40), ("us_nco", 26, 40)])]
    b = [unit("b1", [("ger_rifleman", 14, 30), ("ger_rifleman", 16, 30)]),  # in the open, 10" away
         unit("b2", [("ger_rifleman", 33, 26)])]  # behind a building: hard cover from the team
    wall = {"type": "building", "rect": {"x": 30, "y": 27, "w": 6, "h": 2}}
    game = make_game(small_map(us, b, terrain=[wall], ruleset="ww2-skirmish"), seed=2)
    for fid in ("b1.1", "b1.2", "b2.1"):
        game.rules.spotting.mark_spotted(game, "a", game.state.figures[fid], "sight")
    cmd = GreedyPlayer(1).choose(game, "a")
    assert cmd.kind in ("fire", "fire_team", "volley") and cmd.target in ("b1", "b1.1", "b1.2"), cmd
    assert game.check(cmd) is None


def test_ww2_targets_only_enemies_its_side_has_spotted():
    us = [unit("a1", [("us_rifleman", 22, 40), ("us_rifleman", 24, 40), ("us_nco", 26, 40)])]
    b = [unit("b1", [("ger_rifleman", 24, 4)])]
    wood = {"type": "wood", "polygon": [[20, 0], [28, 0], [28, 8], [20, 8]]}
    game = make_game(small_map(us, b, terrain=[wood], ruleset="ww2-skirmish"), seed=2)
    hidden = {"b1", "b1.1"}
    assert "b1.1" not in game.rules.spotting.spotted(game, "a")
    at = game.state.figures["b1.1"].pos
    g = GreedyPlayer(1)
    picks = g.candidates(game, g.knowledge.of(game, "a"), "a")
    assert picks and not any(c.target in hidden or c.point == at for c in picks)
    assert any(c.kind == "spot" for c in picks)  # worth a little, whatever it would find
    first = GreedyPlayer(1).choose(game, "a")
    game.state.figures["b1.1"].x += 3 * 25.4  # the hidden figure moves: the player cannot know
    assert GreedyPlayer(1).choose(game, "a") == first


def test_wwify_fires_at_the_squad_in_the_open_not_the_one_in_the_trench():
    """The same dice against a trench kill half as often (WWIFY cover)."""
    a = [unit("s", line("good_rifleman", 6, 20, 40) + [("good_lmg", 29, 40)])]
    trench = [{"type": "trench", "line": [[30, 28], [46, 28]], "width": 2.5}]
    b = [unit("open", line("evil_rifleman", 6, 14, 30)), unit("dug", line("evil_rifleman", 6, 32, 28))]
    game = fresh(wmap(a, b, terrain=trench))
    player = GreedyPlayer(1)
    assert {c.target for c in attacks(player, game, "a") if c.kind == "fire"} == {"open", "dug"}
    cmd = GreedyPlayer(1).choose(game, "a")
    assert (cmd.kind, cmd.target) == ("fire", "open")
    assert game.check(cmd) is None


def test_a_covered_spot_beats_an_exposed_one_otherwise_as_good():
    """Two moves the same distance toward the known enemy, one ending in a wood (soft
    cover from it), one in the open: the one into the wood scores higher and is chosen."""
    us = [unit("a1", [("us_rifleman", 22, 40)])]
    b = [unit("b1", [("ger_rifleman", 22, 16)])]
    wood = {"type": "wood", "polygon": [[17.5, 33], [20.5, 33], [20.5, 37], [17.5, 37]]}  # where a move toward (17, 31) ends
    game = make_game(small_map(us, b, terrain=[wood], ruleset="ww2-skirmish"), seed=2)
    game.rules.spotting.mark_spotted(game, "a", game.state.figures["b1.1"], "sight")
    to_wood = Command("move_unit", "a", unit="a1", point=(17 * 25.4, 31 * 25.4))
    to_open = Command("move_unit", "a", unit="a1", point=(27 * 25.4, 31 * 25.4))
    assert game.check(to_wood) is None and game.check(to_open) is None
    player = GreedyPlayer(1)
    with game.reading():
        (wood_score, _), (open_score, _) = player.score_all(game, "a", [to_wood, to_open], 1)
    assert wood_score > open_score
    player.candidates = lambda g, k, s: [to_open, to_wood]  # type: ignore[method-assign]
    assert player.choose(game, "a") == to_wood


def test_expected_walks_a_small_tree_exactly_and_samples_a_large_one():
    """A d6 read only as 5+ or not: its two paths walked, a hit exactly 1 in 3. 12d6: too many paths, so a few
    seeded resolutions (a mean within 12-72, the same for the same seed). No dice: one run."""
    runs = []

    def none(d: Dice) -> int:
        runs.append(1)
        return 5

    assert expected(none, 1) == 5 and len(runs) == 1
    assert expected(lambda d: int(d.roll("d6", "test", cuts=(5,)).total >= 5), 1) == pytest.approx(1 / 3, abs=1e-12)
    many = expected(lambda d: d.roll("12d6", "test").total, 1)
    assert 12 <= many <= 72 and many != 42.0 and expected(lambda d: d.roll("12d6", "test").total, 1) == many


@pytest.mark.parametrize("name,commands", [("trench-raid", 60), ("wwify-gloomford-crossing", 30), ("ww2-bocage-bunkers", 12)])
def test_greedy_never_gives_a_refused_command(name, commands):
    """Greedy against random for the first commands of a shipped map of each ruleset:
    every command it gives passes the core's check (play_out raises on a refusal)."""
    lm = load_map(ROOT / "maps" / f"{name}.yaml")
    from game.catalog import new_game

    game = new_game(lm, 3)
    sides = game.state.side_order
    players = {sides[0]: make_player("greedy", 7), sides[1]: make_player("random", 8)}
    given = 0
    for _ in range(400):
        if game.state.over or given >= commands:
            break
        side = game.acting_side
        cmd = players[side].choose(game, side)
        assert game.check(cmd) is None, cmd
        res = game.submit(cmd)
        assert not isinstance(res, Rejected), res
        given += players[side].name == "greedy"
    assert given >= min(commands, 1)


def test_greedy_against_greedy_plays_a_whole_game():
    lm = load_map(ROOT / "maps" / "trench-raid.yaml")
    from game.catalog import new_game

    game = new_game(lm, 5)
    sides = game.state.side_order
    play_out(game, {sides[0]: make_player("greedy", 11), sides[1]: make_player("greedy", 12)})
    assert game.state.over and game.state.result


def test_a_decision_is_answered_with_its_best_legal_option():
    """WW2 reaction fire: an enemy rifleman moves in the open 11" in front of two riflemen
    that may react. Shooting at it scores above holding fire, so the greedy player, asked,
    shoots (an option of the decision, which the core accepts)."""
    a = [unit("a1", [("us_rifleman", 20, 30), ("us_rifleman", 21.5, 30)])]
    b = [unit("b1", [("ger_rifleman", 20, 18), ("ger_rifleman", 21.5, 18)])]
    game = make_game(small_map(a, b, ruleset="ww2-skirmish"), seed=1)
    res = game.submit(Command("move", "a", figure="a1.1", path=((20 * 25.4, 29 * 25.4),)))
    assert res.ok
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "b"
    options = [c for _, c in game.rules.decision_options(game)]
    assert {c.kind for c in options} >= {"fire", "hold_fire"}
    cmd = GreedyPlayer(1).choose(game, "b")
    assert cmd in options and cmd.kind != "hold_fire" and game.check(cmd) is None


def test_the_same_seed_plays_the_same_game():
    """Its choices are seeded (its own PCG32; the trial's samples by the command count)."""
    from game.simulate import simulate

    lm = load_map(ROOT / "maps" / "trench-raid.yaml")
    first = simulate(lm, 4, "greedy", "random")
    assert simulate(lm, 4, "greedy", "random").digest == first.digest
