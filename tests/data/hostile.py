"""The rule "a file `validate` accepts is a file the game plays", as a helper for tests:
validate a map, then set it up, play a stretch of it with the random baseline and draw
the play screen headless. Whatever a test feeds it must end in the game's own clear
refusal (a DataError) or in a game that plays."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

from game.catalog import LoadedMap, load_map, new_game, validate_file
from game.data.errors import DataError

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"


def shipped(name: str) -> dict[str, Any]:
    return yaml.safe_load((MAPS / f"{name}.yaml").read_text())


def write_map(tmp_path: Path, data: Any, name: str = "hostile.yaml") -> Path:
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data, sort_keys=False) if not isinstance(data, str) else data)
    return p


def play_headless(path: Path, commands: int = 40, frames: int = 2) -> str:
    """'refused: <one line>' or 'played'. Anything else escapes (the test fails)."""
    try:
        validate_file(path)
    except DataError as e:
        return "refused: " + e.one_line()
    return play_game(load_map(path), commands, frames)


def play_game(lm: LoadedMap, commands: int = 40, frames: int = 2) -> str:
    """Set up a map that loaded (against whatever ruleset it was loaded with), play
    ``commands`` random commands and draw the play screen ``frames`` times, and once more with
    the artillery grid toggled (it is drawn over the whole table, whatever its size). A map that
    loaded must play: anything that goes wrong escapes, a DataError too."""
    game = new_game(lm, seed=3)
    from game.simulate import make_player

    players = {s: make_player("random", i) for i, s in enumerate(game.state.side_order)}
    for _ in range(commands):
        if game.state.over:
            break
        side = game.acting_side
        game.submit(players[side].choose(game, side))
    from game.session import Session
    from game.ui.app import App
    from game.ui.play import PlayScene

    app = App((1100, 700), headless=True)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    for _ in range(frames):
        app.frame(0.1)
    scene.show_grid = not scene.show_grid  # the artillery grid (G) drawn too, or put away (a table of any size)
    app.frame(0.1)
    return "played"


def mutated(name: str, change) -> dict[str, Any]:
    data = copy.deepcopy(shipped(name))
    change(data)
    return data
