"""WW2 Skirmish: the list of shots a figure might take (the reactions' offer, the AI's
weighing, the baselines' candidates) leaves out only shots its check refuses.

The list skips a heavy weapon with no round, shot or actions left, a blast at a closed
vehicle or a grenade's wrong target, a direct blast at what the firer cannot see, and
small arms at an armoured vehicle. At states met in seeded games on both shipped maps,
from both sides, the legal shots of the list without those filters are exactly the
legal shots of the list with them, and the filters did leave shots out."""

from __future__ import annotations

import pytest

from game.catalog import load_map, new_game
from game.core.commands import Command
from game.core.game import Game
from game.core.keys import StateKey
from game.rulesets.ww2_skirmish.react import Ww2Reactions
from game.simulate import make_player

MAPS = ("maps/ww2-bocage-bunkers.yaml", "maps/ww2-village-hauteville.yaml")


def shot_lists(game: Game, side: str) -> list[Command]:
    rules = game.rules
    targets = rules.listing.known_units(game, side)
    out: list[Command] = []
    for f in game.state.side_figures(side):
        if f.alive and rules.listing.may_shoot_cheap(game, f):
            out += rules.reactions.fire_candidates(game, side, f, targets)
    return out


def unfiltered(game: Game, side: str, monkeypatch: pytest.MonkeyPatch) -> list[Command]:
    with monkeypatch.context() as m:
        m.setattr(Ww2Reactions, "may_fire", lambda self, *a: True)
        m.setattr(Ww2Reactions, "blast_at", lambda self, *a: True)
        m.setattr(Ww2Reactions, "small_arms_hurt", lambda self, v: True)
        return shot_lists(game, side)


@pytest.mark.parametrize("path", MAPS)
def test_the_shot_list_leaves_out_only_refused_shots(path, monkeypatch):
    lm = load_map(path)
    game = new_game(lm, 2)
    players = {s: make_player("ai", 20 + i) for i, s in enumerate(game.state.side_order)}
    left_out = looked = 0
    n = 0
    while not game.state.over and n < 900:
        if n % 15 == 0 and not game.state.attrs.get(StateKey.DECISION):
            for side in game.state.side_order:
                with game.reading():
                    kept = shot_lists(game, side)
                    full = unfiltered(game, side, monkeypatch)
                    assert set(kept) <= set(full)
                    legal_full = {c for c in full if game.check(c) is None}
                    legal_kept = {c for c in kept if game.check(c) is None}
                assert legal_kept == legal_full, (n, side, legal_full - legal_kept)
                left_out += len(set(full) - set(kept))
                looked += len(legal_full)
        game.submit(players[game.acting_side].choose(game, game.acting_side))
        n += 1
    assert looked > 20 and left_out > 20  # the game had shots, and the filters met some
