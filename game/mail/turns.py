"""Play by e-mail (or any file transfer): turn files and each copy's record of its games.

When the side to act is the other player's, the copy writes a *turn file*: a small JSON
envelope (which game, the file's number, from whom to whom, the scenario and turn - nothing
about any figure) around the whole game sealed with the game's key (game/mail/seal.py): the
scenario, the seed, every command, the dice count, the log and the state after them, and the
hash of the file before it. The other copy opens it with the same key, plays every command
again from the seed and keeps it only if it gives the state the file says
(:func:`game.catalog.game_from_save_doc`), and only if it follows on from the game that copy
already holds. Refused, each with its reason: a file changed by a byte, a file for another
player, a file out of order, the same file twice (it only carries on), and a second,
different file with a number already played (its sender played that turn twice).

Each copy keeps, in its data folder under ``mail/<game id>/``, its record (the game, the
sides it plays, the key, every file sent and received with its hash) and the game so far,
sealed as the turn files are and written after every command, so reopening a turn file
carries on where the player was: dice rolled stay rolled. See docs/play-by-email.md."""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.catalog import game_from_save_doc, play_on
from game.core.files import FileRefused, read_text_file
from game.core.game import Game
from game.core.save import SaveError, check_save_doc, encode, write_atomic

from .seal import SealError, key_for, new_password, seal, unseal

TURN_FORMAT = "trenchtable-turn"
RECORD_FORMAT = "trenchtable-mail-record"
VERSION = 1
MAX_TURN_BYTES = 60_000_000
#: the envelope's parts and their kinds (everything else in a turn file is sealed)
ENVELOPE = {"format": str, "version": int, "game": str, "seq": int, "from": str, "to": str, "from_name": str, "to_name": str,
            "scenario_name": str, "turn": int, "sent_at": str, "sealed": str}


#: a game's id, as :func:`start` makes it (it names the record's folder: nothing else is taken)
GAME_ID = re.compile(r"[0-9a-f]{16}")
#: what a sealed game is made of (a Fernet token: URL-safe base64)
SEALED_TEXT = re.compile(r"[A-Za-z0-9_=-]+")
#: each file the record lists: its parts and their kinds
FILE_ENTRY = {"seq": int, "way": str, "sha256": str, "at": str, "from": str, "to": str, "commands": int, "path": str}


class MailError(Exception):
    """A turn file refused; the message says which file and why, in words."""


class NeedPassword(MailError):
    """A turn file of a game this copy has no record of: its password is asked for."""

    def __init__(self, path: Path, envelope: dict[str, Any]) -> None:
        super().__init__(f"{path.name}: a new game ({envelope['scenario_name']}, from {envelope['from_name']}): type its password")
        self.envelope = envelope


def mail_dir(home: Path) -> Path:
    return home / "mail"


def inbox_dir(home: Path) -> Path:
    """Where a player puts the turn files they receive (any folder will do)."""
    return mail_dir(home) / "inbox"


def outbox_dir(home: Path) -> Path:
    """Where this copy writes the turn files to send."""
    return mail_dir(home) / "outbox"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _sha(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


@dataclass
class MailRecord:
    """This copy's record of one e-mail game."""

    home: Path
    game_id: str
    mine: list[str]  # the sides this copy plays
    key: bytes
    scenario_name: str
    sides: dict[str, str]  # side id -> name
    files: list[dict[str, Any]] = field(default_factory=list)  # {seq, way: in|out, sha256, at, from, to, commands}
    #: the game's password, in the copy that made it (to show again until the other player has it)
    password: str = ""
    #: who plays this copy's sides here (a side may be the solo AI's); the others play by mail
    controllers: dict[str, str] = field(default_factory=dict)

    @property
    def folder(self) -> Path:
        return mail_dir(self.home) / self.game_id

    @property
    def last_seq(self) -> int:
        return max((f["seq"] for f in self.files), default=0)

    def file(self, seq: int) -> dict[str, Any] | None:
        return next((f for f in self.files if f["seq"] == seq), None)

    def theirs(self) -> list[str]:
        return [s for s in self.sides if s not in self.mine]

    # ---- the copy's own files --------------------------------------------------------------
    def write(self) -> None:
        doc = {"format": RECORD_FORMAT, "version": VERSION, "game": self.game_id, "mine": self.mine, "key": self.key.decode("ascii"),
               "scenario_name": self.scenario_name, "sides": self.sides, "files": self.files, "password": self.password,
               "controllers": self.controllers}
        write_atomic(self.folder / "record.json", json.dumps(doc, indent=1))

    def writable(self) -> bool:
        """Whether the record's folder takes writing (checked before each command: a roll
        whose keeping failed could be taken back by reopening the turn file)."""
        return os.access(self.folder, os.W_OK)

    def keep(self, game: Game) -> None:
        """The game so far, sealed, in this copy's folder (after every command)."""
        write_atomic(self.folder / "game.sealed", seal(self.key, encode(game, self.scenario_name, digest=False)))

    def resume(self) -> Game:
        """The game as this copy left it, played again from its seed and checked."""
        return game_from_save_doc(self._kept_doc(), f"{self.folder / 'game.sealed'}")

    def _kept_doc(self) -> dict[str, Any]:
        where = self.folder / "game.sealed"
        try:
            return check_save_doc(unseal(self.key, read_text_file(where, MAX_TURN_BYTES, "sealed game")), str(where))
        except (FileRefused, SealError) as e:
            raise MailError(f"{where}: this copy's own record of the game does not open ({e}); it was changed, damaged or "
                            "removed: restore the folder from a backup (the game cannot go on in this copy without it)") from None
        except SaveError as e:
            raise MailError(str(e)) from None

    # ---- sending -----------------------------------------------------------------------------
    def send(self, game: Game, outbox: Path | None = None) -> Path:
        """The turn file for the other player, written now that the side to act is theirs;
        written once for a given moment of the game (asked again, the same file)."""
        last = self.files[-1] if self.files else None
        if last is not None and last["way"] == "out" and last["commands"] == len(game.commands):
            return Path(last["path"])
        if game.state.over and last is not None and last["commands"] == len(game.commands):
            raise MailError("The game ended in the other player's copy and both copies hold its end: no turn file to send.")
        to = game.acting_side
        if to in self.mine and not game.state.over:
            raise MailError(f"It is {self.sides[to]}'s move, played in this copy: no turn file to send yet.")
        frm = next((s for s in self.mine if s != to), self.mine[0])
        if game.state.over:
            to = self.theirs()[0]
        seq = self.last_seq + 1
        doc = encode(game, self.scenario_name)
        doc["mail"] = {"game": self.game_id, "seq": seq, "from": frm, "to": to, "prev": self.files[-1]["sha256"] if self.files else ""}
        token = seal(self.key, doc)
        env = {"format": TURN_FORMAT, "version": VERSION, "game": self.game_id, "seq": seq, "from": frm, "to": to,
               "from_name": self.sides[frm], "to_name": self.sides[to], "scenario_name": self.scenario_name,
               "turn": game.state.turn, "sent_at": _now(), "sealed": token}
        name = re.sub(r"[^a-z0-9]+", "-", self.scenario_name.lower()).strip("-")[:40] or "game"
        path = (outbox or outbox_dir(self.home)) / f"{name}-{self.game_id[:6]}-{seq:03d}.turn"
        write_atomic(path, json.dumps(env, indent=1))
        self.files.append({"seq": seq, "way": "out", "sha256": _sha(token), "at": env["sent_at"], "from": frm, "to": to,
                           "commands": len(game.commands), "path": str(path)})
        self.write()
        return path


def start(game: Game, mine: list[str], home: Path, password: str | None = None,
          controllers: dict[str, str] | None = None) -> tuple[MailRecord, str]:
    """A new e-mail game in this copy: its id, its password (made here unless given) and
    its record. The password is told to the other player once, not in a turn file."""
    password = password or new_password()
    gid = secrets.token_hex(8)
    st = game.state
    rec = MailRecord(home, gid, list(mine), key_for(password, gid), st.scenario, {s: st.sides[s].name for s in st.side_order},
                     password=password, controllers={s: c for s, c in (controllers or {}).items() if s in mine})
    rec.keep(game)  # the game first, then the record that points to it
    rec.write()
    return rec, password


def load_record(home: Path, game_id: str) -> MailRecord | None:
    path = mail_dir(home) / game_id / "record.json"
    if not path.exists():
        return None
    try:
        d = json.loads(read_text_file(path, 10_000_000, "record"))
        sides, mine, files, ctl = d["sides"], d["mine"], d["files"], d.get("controllers", {})
        ok = (isinstance(sides, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in sides.items())
              and isinstance(mine, list) and mine and all(isinstance(m, str) and m in sides for m in mine)
              and isinstance(files, list) and all(isinstance(f, dict) and all(isinstance(f.get(k), t) and not isinstance(f.get(k), bool)
                                                                              for k, t in FILE_ENTRY.items()) and f["way"] in ("in", "out")
                                                  and f["from"] in sides and f["to"] in sides for f in files)
              and isinstance(ctl, dict) and GAME_ID.fullmatch(str(d["game"])) is not None and str(d["game"]) == game_id)
        if not ok:
            raise ValueError("a part of it is missing or of the wrong kind")
        return MailRecord(home, d["game"], list(mine), str(d["key"]).encode("ascii"), str(d["scenario_name"]), dict(sides), list(files),
                          str(d.get("password", "")), {str(k): str(v) for k, v in ctl.items()})
    except (FileRefused, ValueError, KeyError, TypeError, AttributeError, UnicodeEncodeError) as e:
        raise MailError(f"{path}: this copy's record of the game is damaged ({type(e).__name__}: {str(e)[:60]}); "
                        "it cannot go on (restore the folder from a backup)") from None


def records(home: Path) -> list[MailRecord]:
    """Every e-mail game this copy holds (damaged records left out)."""
    out = []
    for p in sorted(mail_dir(home).glob("*/record.json")):
        try:
            rec = load_record(home, p.parent.name)
        except MailError:
            continue
        if rec is not None:
            out.append(rec)
    return out


def read_envelope(path: Path) -> dict[str, Any]:
    try:
        env = json.loads(read_text_file(path, MAX_TURN_BYTES, "turn file"))
    except FileRefused as e:
        raise MailError(f"{path}: {e.reason}") from None
    except (ValueError, RecursionError):
        raise MailError(f"{path}: not a turn file (not readable JSON); it is damaged or another kind of file") from None
    if not isinstance(env, dict) or env.get("format") != TURN_FORMAT:
        raise MailError(f"{path}: not a turn file of this program (no '{TURN_FORMAT}' header)")
    if env.get("version") != VERSION:
        raise MailError(f"{path}: turn file version {env.get('version')!r}; this program reads version {VERSION}")
    for k, kind in ENVELOPE.items():
        if not isinstance(env.get(k), kind) or isinstance(env.get(k), bool):
            raise MailError(f"{path}: its '{k}' is missing or not a {kind.__name__}; the file is damaged")
    if not GAME_ID.fullmatch(env["game"]):
        raise MailError(f"{path}: its game id {env['game'][:40]!r} is not one this program makes; the file is damaged")
    if not SEALED_TEXT.fullmatch(env["sealed"]) or not 1 <= env["seq"] <= 1_000_000:
        raise MailError(f"{path}: its sealed game or its number is damaged (the file was changed); ask for it again")
    return env


@dataclass
class Received:
    record: MailRecord
    game: Game
    note: str  # what happened, for the screen
    new: int = 0  # the commands the file added to this copy's game (the other player's, to show)


def receive(path: str | Path, home: Path, password: str | None = None, have: Game | None = None) -> Received:
    """Open a turn file in this copy (see the module's words for every refusal).
    ``have``: this copy's game as its record holds it, already in memory (it is played on
    from there instead of from the seed; after a refusal it is spoiled: resume the record)."""
    path = Path(path)
    env = read_envelope(path)
    rec = load_record(home, env["game"])
    seq, sha = env["seq"], _sha(env["sealed"])
    if rec is None:
        if password is None:
            raise NeedPassword(path, env)
        if seq != 1:
            raise MailError(f"{path.name}: turn file {seq} of a game this copy has never opened; open turn file 1 of it first")
        key = key_for(password, env["game"])
    else:
        key = rec.key
        if env["from"] in rec.mine and env["to"] not in rec.mine:
            raise MailError(f"{path.name}: this is the turn file this copy wrote (number {seq}, to {env['to_name']}): send it to them")
        if env["to"] not in rec.mine:
            raise MailError(f"{path.name}: it is for {env['to_name']}, and this copy plays {', '.join(rec.sides[s] for s in rec.mine)}")
        known = rec.file(seq)
        if known is not None and known["way"] == "in":
            if known["sha256"] == sha:
                return Received(rec, rec.resume(), f"Turn file {seq} was opened before ({known['at']}): carrying on where you were.", 0)
            raise MailError(f"{path.name}: a second, different turn file number {seq} (the first came {known['at']}): "
                            f"{env['from_name']} played that turn twice, or the file was changed; refused")
        if seq != rec.last_seq + 1:
            if seq <= rec.last_seq:
                raise MailError(f"{path.name}: turn file {seq} is older than this game's last ({rec.last_seq}); nothing to do")
            raise MailError(f"{path.name}: turn file {seq} is out of order: the last was {rec.last_seq}; open turn file {rec.last_seq + 1} first")
    try:
        doc = unseal(key, env["sealed"])
    except SealError as e:
        if rec is None:
            raise MailError(f"{path.name}: {e}") from None
        raise MailError(f"{path.name}: the file was changed after it was written, or is damaged ({e})") from None
    try:
        doc = check_save_doc(doc, path.name)
    except SaveError as e:
        raise MailError(str(e)) from None
    mail = doc.get("mail")
    outside = {k: env[k] for k in ("game", "seq", "from", "to")}
    sides = doc["state"].get("sides", {}) if isinstance(doc["state"].get("sides"), dict) else {}
    names = {"from_name": sides.get(env["from"], {}).get("name"), "to_name": sides.get(env["to"], {}).get("name"),
             "scenario_name": doc.get("scenario_name"), "turn": doc.get("turn")}
    if not isinstance(mail, dict) or {k: mail.get(k) for k in outside} != outside or any(env[k] != v for k, v in names.items()):
        raise MailError(f"{path.name}: its envelope does not match what is sealed inside it (its number, sender, receiver, "
                        "names or turn were changed); refused")
    mine_so_far: list[Any] = []
    if rec is not None:
        last = rec.files[-1]["sha256"] if rec.files else ""
        if mail.get("prev") != last:
            raise MailError(f"{path.name}: it does not follow the last turn file this copy holds; refused")
        mine_so_far = rec._kept_doc()["commands"]
        if doc.get("commands", [])[: len(mine_so_far)] != mine_so_far:
            raise MailError(f"{path.name}: its commands do not follow on from this copy's game (the game was changed); refused")
    try:
        if have is not None and rec is not None and [c.to_dict() for c in have.commands] == mine_so_far:
            game = play_on(have, doc, path.name)
        else:
            game = game_from_save_doc(doc, path.name)
    except SaveError as e:
        raise MailError(str(e)) from None
    if rec is None:
        st = game.state
        rec = MailRecord(home, env["game"], [env["to"]], key, st.scenario, {s: st.sides[s].name for s in st.side_order})
    if game.acting_side not in rec.mine and not game.state.over:
        raise MailError(f"{path.name}: after it, it is {rec.sides.get(game.acting_side, '?')}'s move, not this copy's; refused")
    rec.files.append({"seq": seq, "way": "in", "sha256": sha, "at": _now(), "from": env["from"], "to": env["to"],
                      "commands": len(game.commands), "path": str(path)})
    rec.keep(game)  # the game first: a record that lists this file always has its game
    rec.write()
    return Received(rec, game, f"Turn file {seq} from {env['from_name']} opened and checked: {len(game.commands)} commands played again.",
                    len(game.commands) - len(mine_so_far))
