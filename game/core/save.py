"""Saved games: a versioned JSON document written atomically.

A save holds the scenario as it was when the game started, the seed, the options, every
accepted command, and the state, dice state and log at the moment of saving. Loading
restores that state exactly; the command list lets the game be replayed and undone.
Writing goes to a temporary file in the same folder, is flushed to disk, then renamed
over the target, so a crash mid-save leaves the previous save intact.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .commands import Command
from .events import Event
from .game import Game
from .state import GameState

SAVE_FORMAT = "trenchtable-save"
#: 2: command options have their own field (``"options": {"shot": "aimed"}``);
#: 1: they were one ``choice`` text (``"shot=aimed,weapon=bren"``), still read
SAVE_VERSION = 2
READS_VERSIONS = (1, 2)


class SaveError(Exception):
    """A save that cannot be read; the message says which file and why."""


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        _sync_folder(path.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system lets a folder be synced)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def encode(game: Game, name: str = "", session: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "name": name,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "ruleset": game.state.ruleset,
        "scenario_name": game.state.scenario,
        "turn": game.state.turn,
        "seed": game.seed,
        "options": game.options,
        "scenario": game.scenario,
        "commands": [c.to_dict() for c in game.commands],
        "state": game.state.to_dict(),
        "rng_state": game.source.state,
        "dice_count": game.dice.count,
        "log": [e.to_dict() for e in game.log],
        "digest": game.digest(),
        "session": session or {},
    }


def save_game(game: Game, path: str | os.PathLike[str], name: str = "", session: dict[str, Any] | None = None) -> None:
    """``session``: what the program around the rules wants back (who plays each side)."""
    write_atomic(path, json.dumps(encode(game, name, session), separators=(",", ":")))


def read_save(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and check a save file's envelope. Raises SaveError with a readable reason."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise SaveError(f"{path}: cannot be read ({e.strerror or e})") from None
    except UnicodeDecodeError as e:
        raise SaveError(f"{path}: not a saved game (byte {e.start} is not UTF-8 text); load another save") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(
            f"{path}:{e.lineno}: not a readable save (broken JSON: {e.msg}); "
            "the file is damaged - load another save"
        ) from None
    except (RecursionError, ValueError) as e:  # nested beyond reason, a number of thousands of digits
        raise SaveError(f"{path}: not a readable save ({type(e).__name__}: {str(e)[:80]}); load another save") from None
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: not a saved game of this program (no '{SAVE_FORMAT}' header)")
    version = doc.get("version")
    if version not in READS_VERSIONS:
        raise SaveError(
            f"{path}: save format version {version!r}; this program reads versions "
            f"{', '.join(map(str, READS_VERSIONS))} - it was written by a newer program"
        )
    for key in ("ruleset", "seed", "scenario", "commands", "state", "rng_state", "log"):
        if key not in doc:
            raise SaveError(f"{path}: the save is missing its '{key}' section; it is damaged")
    return doc


def restore_into(game: Game, doc: dict[str, Any], path: str = "save") -> None:
    """Put a save's state, dice, commands and log into a freshly built game. The state is
    replaced, under a new ``game.version``: nothing kept for the game before is read after."""
    with game.changing():
        try:
            game.state = GameState.from_dict(doc["state"])
            game.source.rng.state = int(doc["rng_state"])
            game.dice.count = int(doc.get("dice_count", 0))
            game.commands = [Command.from_dict(c) for c in doc["commands"]]
            game.log.events = [Event.from_dict(e) for e in doc["log"]]
            game._undoable = [False] * len(game.commands)  # what was before the save stands
            game._checkpoints = []
            game._begun = True
        except (KeyError, TypeError, ValueError) as e:
            raise SaveError(f"{path}: the saved state is damaged ({type(e).__name__}: {e})") from None
        game.rules.sync_table(game)
    if doc.get("digest") and doc["digest"] != game.digest():
        raise SaveError(f"{path}: the saved state does not match its checksum; it is damaged")
