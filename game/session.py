"""A game being played: who controls each side, saving, autosaving and the save list.

Saves live in the user's data folder (platformdirs), or in TRENCHTABLE_HOME when that
is set (the tests use it). Autosave is written at the end of every turn: the latest one
(Continue) and each game's own in ``autosaves/``, its last three turns kept.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from game.catalog import load_game
from game.core.commands import Command, Rejected, Result
from game.core.game import Game
from game.core.save import SaveError, clean_leftovers, read_save, save_game, write_atomic
from game.mail.turns import MailRecord
from game.paths import saves_dir

AUTOSAVE = "autosave.json"
#: the turns of each game whose autosaves are kept (besides the latest one, for Continue)
KEEP_TURNS = 3
#: who may play a side (a side played by e-mail, "mail", is never kept in a plain save)
CONTROLLER_KINDS = ("human", "random", "ai")


@dataclass
class SaveInfo:
    path: Path
    name: str
    ruleset: str
    scenario: str
    turn: int
    saved_at: str
    error: str = ""
    sides: str = ""  # "A v B", in the order they play

    @property
    def label(self) -> str:
        if self.error:
            return f"{self.path.name}: cannot be loaded ({self.error})"
        # the time first and the sides last: a long row loses the end, which the picture repeats
        return f"{local_time(self.saved_at)}  |  {self.name}  |  {self.scenario}, turn {self.turn}  |  {self.sides}"


def local_time(stamp: str) -> str:
    """A save's time (ISO, UTC) as this machine's local time, to the second."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        return stamp.replace("T", " ")[:19]


def autosaves_dir() -> Path:
    """Each game's own autosaves: its last :data:`KEEP_TURNS` turns."""
    return saves_dir() / "autosaves"


def rename_save(path: Path, name: str) -> None:
    """The save's name (as the Load screen lists it) changed; the file written again whole."""
    doc = read_save(path)
    doc["name"] = name.strip()[:60] or doc.get("name", "")
    write_atomic(path, json.dumps(doc, separators=(",", ":")))


def delete_save(path: Path) -> None:
    path.unlink(missing_ok=True)


def list_saves() -> list[SaveInfo]:
    out: list[SaveInfo] = []
    d = saves_dir()
    if not d.exists():
        return out
    clean_leftovers(d)
    files = list(d.glob("*.json")) + (list(autosaves_dir().glob("*.json")) if autosaves_dir().exists() else [])
    for p in sorted(files, key=lambda p: p.stat().st_mtime, reverse=True):  # newest first (then by the time shown, below)
        try:
            doc = read_save(p)
            st = doc["state"]
            sides = " v ".join(str(st.get("sides", {}).get(s, {}).get("name", s)) for s in st.get("side_order", []))
            out.append(SaveInfo(p, str(doc.get("name") or p.stem), str(doc["ruleset"]), str(doc.get("scenario_name", "?")),
                                int(doc.get("turn", 0)), str(doc.get("saved_at", "")), sides=sides))
        except SaveError as e:
            out.append(SaveInfo(p, p.stem, "?", "?", 0, "", str(e).split(": ", 1)[-1]))
        except Exception as e:  # a file in the folder: listed with its reason, never a crash
            out.append(SaveInfo(p, p.stem, "?", "?", 0, "", f"{type(e).__name__}: {str(e)[:80]}"))
    return sorted(out, key=_saved_when, reverse=True)  # stable: a tie keeps the files' order


def _saved_when(info: SaveInfo) -> float:
    """When the save was made, as its row says (a renamed or copied file keeps its place);
    a file that does not say, by its time of change."""
    try:
        return datetime.fromisoformat(info.saved_at).timestamp()
    except ValueError:
        try:
            return info.path.stat().st_mtime
        except OSError:
            return 0.0


def slug(s: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", s).strip("-").lower() or "game"


@dataclass
class Session:
    game: Game
    controllers: dict[str, str]  # side -> "human" | "random" | "ai"
    handover: str = "auto"  # auto (when the rules hide information) | always | never
    last_autosave_turn: int = 0
    meta: dict[str, Any] = field(default_factory=dict)
    #: False for throwaway games (the editor's test play, quick start, screenshots): they
    #: never write the autosave, which holds the player's real game in progress
    autosaves: bool = True
    #: why the last save failed (disk full, folder not writable), for the screen to say;
    #: the game goes on and the last good save stays
    save_error: str | None = None
    #: a game played by e-mail: this copy's record (game/mail/turns.py), kept sealed after
    #: every command in place of the plain autosaves
    mail: MailRecord | None = None

    @property
    def human_sides(self) -> list[str]:
        return [s for s in self.game.state.side_order if self.controllers.get(s) == "human"]

    def is_human(self, side: str) -> bool:
        return self.controllers.get(side, "human") == "human"

    def is_mail(self, side: str) -> bool:
        """``side`` is played by the other player, in their copy, by e-mail."""
        return self.controllers.get(side) == "mail"

    def viewer(self) -> str | None:
        """The side whose view the screen shows: the active side when it is human, the
        only human side otherwise, everything when no side is human."""
        acting = self.game.acting_side
        if self.is_human(acting):
            return acting
        humans = self.human_sides
        return humans[0] if len(humans) == 1 else None

    def needs_handover(self, previous_side: str, new_side: str) -> bool:
        if previous_side == new_side or not self.is_human(new_side) or len(self.human_sides) < 2:
            return False
        if self.handover == "never":
            return False
        if self.handover == "always":
            return True
        return self.game.rules.hidden_information

    def submit(self, cmd: Command) -> Result:
        turn = self.game.state.turn
        if self.mail is not None and not self.mail.writable():  # a roll must be kept, or reopening the file would re-roll it
            return Rejected(cmd, f"This copy's record of the game ({self.mail.folder}) cannot be written: free the disk or "
                                 "give the folder back its write permission, then play on.")
        res = self.game.submit(cmd)
        if res.ok and self.mail is not None:
            try:
                self.mail.keep(self.game)
            except OSError as e:
                self.save_error = f"This copy's record of the e-mail game could not be written ({e.strerror or e}); the game goes on."
        elif res.ok and self.autosaves and (self.game.state.turn != turn or self.game.state.over):
            try:
                self.autosave()
            except OSError as e:
                self.save_error = f"The autosave failed ({e.strerror or e}); the game goes on and the last good save is kept."
        return res

    def save(self, name: str = "") -> Path:
        st = self.game.state
        name = name or f"{st.scenario} turn {st.turn}"
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = saves_dir() / f"{slug(name)}-{stamp}.json"
        n = 2
        while path.exists():  # "My game!" and "my game?" in the same second: both kept
            path = saves_dir() / f"{slug(name)}-{stamp}-{n}.json"
            n += 1
        save_game(self.game, path, name, {"controllers": self.controllers})
        return path

    def autosave(self) -> Path:
        """The latest autosave (what Continue opens), and this game's own for this turn;
        of those, the last :data:`KEEP_TURNS` turns are kept."""
        self.save_error = None
        st = self.game.state
        path = saves_dir() / AUTOSAVE
        key = self.meta.setdefault("game_key", f"{slug(st.scenario)}-{self.game.seed}-{datetime.now().strftime('%Y%m%d-%H%M%S-%f')}")
        kept = {"controllers": self.controllers, "game_key": key}
        save_game(self.game, path, f"Autosave: {st.scenario}", kept)
        own = autosaves_dir() / f"{key}-turn{st.turn:02d}.json"
        save_game(self.game, own, f"Autosave: {st.scenario}, turn {st.turn}", kept)
        for old in sorted(autosaves_dir().glob(f"{key}-turn*.json"))[:-KEEP_TURNS]:
            old.unlink(missing_ok=True)
        self.last_autosave_turn = st.turn
        return path


def load_session(path: str | Path, controllers: dict[str, str] | None = None) -> Session:
    doc = read_save(path)
    game = load_game(path)
    kept = doc.get("session")
    ctrl = controllers or (kept.get("controllers") if isinstance(kept, dict) else None)
    if not isinstance(ctrl, dict) or set(ctrl) != set(game.state.side_order):
        ctrl = {s: "human" for s in game.state.side_order}
    ctrl = {s: c if c in CONTROLLER_KINDS else "human" for s, c in ctrl.items()}  # an unknown one: a person plays it
    session = Session(game, ctrl)
    key = kept.get("game_key") if isinstance(kept, dict) else None
    if isinstance(key, str) and re.fullmatch(r"[a-z0-9-]{1,120}", key):  # a game continued keeps its own autosaves
        session.meta["game_key"] = key
    return session
