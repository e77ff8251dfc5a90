"""My 1/35th Scale WWII Skirmish (issue 20): whole games of random commands on a small table
with a house, walls, a hedge, a mortar, tanks and a side deployed hidden: every command the
listing offers and the rules accept applies without error, games end, and a game replays
to the same digest from its seed and commands."""

from __future__ import annotations

import random

from game.core.commands import END_PHASE, Command
from tests.rulesets.helpers import make_unfinished_game, replay_unfinished, small_map, unit

HOUSE = {"type": "building", "id": "house", "polygon": [[30, 30], [40, 30], [40, 38], [30, 38]],
         "openings": [{"kind": "door", "at": [35, 30], "width": 2}, {"kind": "window", "at": [40, 34], "width": 1.5}]}


def table() -> dict:
    return small_map([unit("a1", [("us_rifleman", 20, 8), ("us_nco", 22, 8), ("us_bar", 24, 8), ("us_bazooka", 26, 8)]),
                      unit("a2", [("us_mortar", 10, 3)]), unit("a3", [("us_radio", 14, 6)]), unit("a4", [("sherman", 40, 6)])],
                     [unit("b1", [("de_rifleman", 34, 34), ("de_nco", 36, 34), ("de_mg42", 38, 36), ("de_rifleman", 30, 50)]),
                      unit("b2", [("panzer_iv", 20, 50), ("de_panzerfaust", 25, 48)])],
                     terrain=[HOUSE, {"type": "wall", "line": [[0, 20], [25, 20]]}, {"type": "hedge", "line": [[30, 24], [55, 24]]}],
                     ruleset="ww2-135", size=(60, 60), turn_limit=4, settings={"hidden_deployment": ["b"]})


def test_random_games_play_to_the_end_and_replay():
    kinds = set()
    for seed in (3, 11):  # both plot mortar fire, seed 11 throws a grenade (seeds read again when a rule changed the random walk)
        game = make_unfinished_game(table(), seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not game.state.over and steps < 2000:
            side = game.rules.acting_side(game)
            cands = game.rules.listing.candidate_commands(game, side)
            rng.shuffle(cands)
            for c in cands:
                if c.kind == END_PHASE and rng.random() < 0.85 and len(cands) > 1:
                    continue
                if game.check(c) is None:
                    res = game.submit(c)
                    assert res.ok, res
                    kinds.add(c.kind)
                    break
            else:
                assert game.submit(Command(END_PHASE, side)).ok
            steps += 1
        assert game.state.over and game.state.turn == 4
        assert replay_unfinished(game).digest() == game.digest()
    assert {"move", "fire", "acquire", "throw", "hold", "plot"} <= kinds, kinds
