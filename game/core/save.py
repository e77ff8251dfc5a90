"""Saved games: a versioned JSON document written atomically.

A save holds the scenario as it was when the game started, the seed, the options, the
rules it was played under (their version and a digest of their data), every accepted
command, and the state, dice state and log at the moment of saving. Loading plays the
commands again from the seed and keeps the game only if they give the saved log, state
and dice state (:mod:`game.core.verify`): the file is checked, never trusted.
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

from .files import FileRefused, read_text_file
from .game import Game

SAVE_FORMAT = "trenchtable-save"
#: 3: the rules a game was played under (``"rules": {"id", "version", "data"}``);
#: 2: command options have their own field (``"options": {"shot": "aimed"}``);
#: 1: they were one ``choice`` text (``"shot=aimed,weapon=bren"``); all still read
SAVE_VERSION = 3
READS_VERSIONS = (1, 2, 3)
#: the largest save read (a 12-turn game of the largest scenario is about 1 MB)
MAX_SAVE_BYTES = 50_000_000


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


#: a temporary file older than this is a save that never finished (the program was
#: killed mid-write); younger ones may be another window's save in progress
LEFTOVER_AGE_S = 120.0


def clean_leftovers(folder: str | os.PathLike[str], now: float | None = None) -> list[Path]:
    """Remove what saves killed mid-write left behind (``.<name>.<random>.tmp``); the
    saves themselves are never touched. Returns what was removed."""
    import time

    now = time.time() if now is None else now
    gone = []
    for p in Path(folder).glob(".*.tmp"):
        try:
            if p.is_file() and now - p.stat().st_mtime > LEFTOVER_AGE_S:
                p.unlink()
                gone.append(p)
        except OSError:
            continue  # another program's, or already gone
    return gone


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


def encode(game: Game, name: str = "", session: dict[str, Any] | None = None, digest: bool = True) -> dict[str, Any]:
    """The save document; without ``digest`` (the checksum of the state and the whole log,
    which the check on loading does not need) for a copy written after every command."""
    doc = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "name": name,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "ruleset": game.state.ruleset,
        "rules": {"id": game.rules.id, "version": game.rules.rules_version, "data": game.rules.data_digest},
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
        "session": session or {},
    }
    if digest:
        doc["digest"] = game.digest()
    return doc


def save_game(game: Game, path: str | os.PathLike[str], name: str = "", session: dict[str, Any] | None = None) -> None:
    """``session``: what the program around the rules wants back (who plays each side)."""
    write_atomic(path, json.dumps(encode(game, name, session), separators=(",", ":")))


def read_save(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and check a save file's envelope. Raises SaveError with a readable reason."""
    path = Path(path)
    try:
        text = read_text_file(path, MAX_SAVE_BYTES, "save")
    except FileRefused as e:
        raise SaveError(f"{path}: {e.reason}; load another save") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(
            f"{path}:{e.lineno}: not a readable save (broken JSON: {e.msg}); "
            "the file is damaged - load another save"
        ) from None
    except (RecursionError, ValueError) as e:  # nested beyond reason, a number of thousands of digits
        raise SaveError(f"{path}: not a readable save ({type(e).__name__}: {str(e)[:80]}); load another save") from None
    return check_save_doc(doc, str(path))


def check_save_doc(doc: Any, path: str) -> dict[str, Any]:
    """A save document's envelope checked (its format, version, parts and their kinds);
    ``path`` names where it came from in the SaveError."""
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
    for key, kind in _PARTS.items():
        if key in doc and not _is(doc[key], kind):
            raise SaveError(f"{path}: its '{key}' is {_kind_name(doc[key])}, not {_kind_name(kind)}; the save is damaged - load another")
    for key in ("seed", "rng_state", "dice_count"):
        if key in doc and doc[key] < 0:
            raise SaveError(f"{path}: its '{key}' is {doc[key]!r}, not a whole number of 0 or more; the save is damaged - load another")
    if not isinstance(doc["scenario"].get("map"), dict):
        raise SaveError(f"{path}: its scenario holds no map; the save is damaged - load another")
    return doc


#: the type of each part of a save the game is made from (int: a whole number, never
#: true/false); the parts for people (name, saved_at, turn) and the program's own
#: (session) are read leniently where they are used
_PARTS: dict[str, type] = {
    "ruleset": str, "seed": int, "options": dict, "scenario": dict, "commands": list, "state": dict, "rng_state": int,
    "dice_count": int, "log": list, "digest": str, "rules": dict,
}


def _is(value: Any, kind: type) -> bool:
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


def _kind_name(v: Any) -> str:
    names = {int: "a whole number", str: "a text", dict: "a mapping", list: "a list"}
    if isinstance(v, type):
        return names.get(v, v.__name__)
    return "empty (null)" if v is None else f"{type(v).__name__} {str(v)[:30]!r}"
