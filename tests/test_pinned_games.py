"""Every pinned game plays exactly as recorded (see tests/pinned_games.py): one test per
map, so the test runner spreads the maps over both cores."""

import json

import pytest

from tests.pinned_games import PINNED, game_name, jobs, play


def test_the_pinned_set_covers_every_shipped_map_and_pairing():
    recorded = json.loads(PINNED.read_text(encoding="utf-8"))
    assert sorted(recorded) == sorted(game_name(*job) for job in jobs())


@pytest.mark.parametrize("map_name", sorted({job[0] for job in jobs()}))
def test_pinned_games_play_as_recorded(map_name):
    recorded = json.loads(PINNED.read_text(encoding="utf-8"))
    played = dict(play(job) for job in jobs() if job[0] == map_name)
    changed = [name for name in played if played[name] != recorded.get(name)]
    assert changed == [], f"{len(changed)} pinned games play differently: {changed}"
