"""Every pinned game plays exactly as recorded (see tests/pinned_games.py)."""

import json

from tests.pinned_games import PINNED, game_name, jobs, play_all


def test_the_pinned_set_covers_every_shipped_map_and_pairing():
    recorded = json.loads(PINNED.read_text(encoding="utf-8"))
    assert sorted(recorded) == sorted(game_name(*job) for job in jobs())


def test_pinned_games_play_as_recorded():
    recorded = json.loads(PINNED.read_text(encoding="utf-8"))
    played = play_all()
    changed = [name for name in recorded if played.get(name) != recorded[name]]
    assert changed == [], f"{len(changed)} pinned games play differently: {changed}"
