"""The pinned games: a fixed set of seeded games on every shipped map, whose digests
(state and event log) are kept in ``tests/pinned_games.json``.

A change that keeps behaviour (moving code, caching, typing) must leave every digest as
it was; ``tests/test_pinned_games.py`` fails on any difference. A change that means to
alter play writes the file again, in a commit of its own that says why::

    SDL_VIDEODRIVER=dummy .venv/bin/python -m tests.pinned_games --write
"""

from __future__ import annotations

import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.game import Game

PINNED = Path(__file__).with_name("pinned_games.json")

#: (first side's player, second side's player, seed, portal markers for a lone AI side)
PAIRINGS: tuple[tuple[str, str, int, bool], ...] = (
    ("ai", "ai", 1, False),
    ("ai", "random", 3, False),
    ("random", "ai", 4, False),
    ("ai", "random", 5, True),
    ("random", "ai", 6, True),
    ("random", "random", 7, False),
)


def game_name(map_name: str, p1: str, p2: str, seed: int, portals: bool) -> str:
    return f"{map_name} {p1}-{p2} seed {seed}" + (" portals" if portals else "")


def play(job: tuple[str, str, str, int, bool]) -> tuple[str, str]:
    """One pinned game: its name and the digest it ends on."""
    return game_name(*job), play_game(job).digest()


def play_game(job: tuple[str, str, str, int, bool]) -> Game:
    """One pinned game, played to its end (as ``simulate`` plays it)."""
    from game.catalog import MAPS_DIR, load_map
    from game.simulate import simulated_game

    map_name, p1, p2, seed, portals = job
    return simulated_game(load_map(MAPS_DIR / f"{map_name}.yaml"), seed, p1, p2, portals=portals)


def jobs() -> list[tuple[str, str, str, int, bool]]:
    from game.catalog import MAPS_DIR

    # the shipped maps only, not the player's own; the guided first games' too (by their path under maps/)
    shipped = sorted(MAPS_DIR.glob("*.yaml")) + sorted((MAPS_DIR / "first-game").glob("*.yaml"))
    return [(p.relative_to(MAPS_DIR).with_suffix("").as_posix(), p1, p2, seed, portals) for p in shipped for p1, p2, seed, portals in PAIRINGS]


def play_all(workers: int = 2) -> dict[str, str]:
    """Every pinned game, in a fixed order (two processes: the machine has two cores)."""
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return dict(pool.map(play, jobs()))


def main(argv: list[str]) -> int:
    if argv != ["--write"]:
        print(__doc__)
        return 2
    digests = play_all()
    PINNED.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(digests)} digests to {PINNED}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
