"""The pinned games play exactly as recorded (see tests/pinned_games.py): one test per
map, so the test runner spreads the maps over both cores; four pairings a map in `make
test`, all six in `make soak`; the random-random game of each map is also replayed from
its commands."""

import json

import pytest

from game.catalog import replay
from tests.pinned_games import PAIRINGS, PINNED, game_name, jobs, play_game


def test_the_pinned_set_covers_every_shipped_map_and_pairing():
    recorded = json.loads(PINNED.read_text(encoding="utf-8"))
    assert sorted(recorded) == sorted(game_name(*job) for job in jobs())


#: the pairings `make test` plays on every map (the AI against itself, the AI against
#: random from either side with portal markers where the map has them for it, random
#: against random); `make soak` plays the other two as well (the AI against random from
#: its figures, from either side: on a map without portal markers for the AI's side the
#: same pairings as the portal ones, under other seeds)
EVERY_RUN = {1, 5, 6, 7}


#: the pinned game of each map that is also played again from its commands (as a save
#: is loaded): the same state, digest and event log
REPLAYED = 7


def _check(map_name: str, seeds: set[int]) -> None:
    recorded = json.loads(PINNED.read_text(encoding="utf-8"))
    played: dict[str, str] = {}
    for job in jobs():
        if job[0] != map_name or job[3] not in seeds:
            continue
        game = play_game(job)
        played[game_name(*job)] = game.digest()
        if job[3] == REPLAYED:  # a game is its scenario, seed and commands
            assert game.state.over and game.state.result
            again = replay(game)
            assert again.digest() == game.digest()
            assert [e.to_dict() for e in again.log] == [e.to_dict() for e in game.log]
    assert played, f"no pinned game of {map_name} with seeds {sorted(seeds)}"
    changed = [name for name in played if played[name] != recorded.get(name)]
    assert changed == [], f"{len(changed)} pinned games play differently: {changed}"


@pytest.mark.parametrize("map_name", sorted({job[0] for job in jobs()}))
def test_pinned_games_play_as_recorded(map_name):
    _check(map_name, EVERY_RUN)


@pytest.mark.soak
@pytest.mark.parametrize("map_name", sorted({job[0] for job in jobs()}))
def test_the_other_pinned_games_play_as_recorded(map_name):
    _check(map_name, {seed for _, _, seed, _ in PAIRINGS} - EVERY_RUN)
