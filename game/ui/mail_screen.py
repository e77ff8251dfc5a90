"""Play by e-mail (issue 22): the turn files waiting in the inbox and this copy's games in
progress, each with whose move it is; open a turn file (from the inbox or from anywhere),
carry on a game, or show a game's password again to tell the other player."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UISelectionList
from pygame_gui.windows import UIFileDialog

from game.catalog import replay
from game.core.game import Game
from game.mail.turns import (
    MailError,
    MailRecord,
    NeedPassword,
    inbox_dir,
    outbox_dir,
    read_envelope,
    receive,
    records,
)
from game.paths import data_home
from game.session import Session, local_time

from .dialogs import PromptHandler
from .handler_base import Handler
from .mail_play import play_through
from .scene import DialogHost
from .theme import text
from .widgets import draw_backdrop

if TYPE_CHECKING:
    from .app import App


@dataclass
class Row:
    label: str
    path: Path | None = None  # a turn file
    record: MailRecord | None = None  # a game in progress


def game_status(rec: MailRecord) -> str:
    if not rec.files:
        return "your move (no turn file sent yet)"
    last = rec.files[-1]
    if last["way"] == "out":
        return f"waiting for {rec.sides[last['to']]}: turn file {last['seq']} sent {local_time(last['at'])}"
    return f"your move: turn file {last['seq']} opened {local_time(last['at'])}"


def mail_rows(home: Path) -> list[Row]:
    """The games in progress, then the turn files in the inbox, newest first."""
    rows = []
    recs = {r.game_id: r for r in records(home)}
    for r in recs.values():
        mine = ", ".join(r.sides[s] for s in r.mine)
        rows.append(Row(f"Game: {r.scenario_name}  |  you play {mine}  |  {game_status(r)}", record=r))
    box = inbox_dir(home)
    files = sorted(box.glob("*.turn"), key=lambda p: p.stat().st_mtime, reverse=True) if box.exists() else []
    for p in files:
        try:
            env = read_envelope(p)
        except MailError as e:
            rows.append(Row(f"File: {p.name}: cannot be read ({str(e).split(': ', 1)[-1][:90]})", path=p))
            continue
        rec = recs.get(env["game"])
        done = "  (opened)" if rec is not None and rec.file(env["seq"]) is not None else ""
        rows.append(Row(f"File: {p.name}  |  {env['scenario_name']}, turn file {env['seq']} from {env['from_name']} to "
                        f"{env['to_name']}, turn {env['turn']}{done}", path=p))
    return rows


def play_mail(app: App, rec: MailRecord, game: Game, new: int = 0) -> None:
    """The play screen for an e-mail game: this copy's sides played here, the others by
    mail; the last ``new`` commands (the other player's, from the file just opened) are
    played on the screen, so their trails, dice and step-through show."""
    controllers = {s: (rec.controllers.get(s, "human") if s in rec.mine else "mail") for s in game.state.side_order}
    start = replay(game, len(game.commands) - new) if new else game
    scene = app.open("play", Session(start, controllers, handover="never", autosaves=False, mail=rec))
    if new:
        play_through(scene, game.commands[-new:])
        if scene.game.digest() != game.digest():  # cannot be (both from the same seed and commands): show the checked game
            app.open("play", Session(game, controllers, handover="never", autosaves=False, mail=rec))


class MailScene(DialogHost):
    def enter(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        self.home = data_home()
        self.rows = mail_rows(self.home)
        self.dialogs: list[Handler[MailScene]] = []
        self.picker: UIFileDialog | None = None
        items: list[str | tuple[str, str]] = [r.label for r in self.rows] or ["(no game by e-mail yet: start one from New game, "
                                                                              "with a side played 'By e-mail')"]
        self.list = UISelectionList(pygame.Rect(60, 150, w - 120, h - 300), items, m)
        UIButton(pygame.Rect(60, h - 90, 200, 44), "Open a file...", m, command=self.browse)
        UIButton(pygame.Rect(270, h - 90, 180, 44), "Show password", m, command=self.show_password)
        UIButton(pygame.Rect(w - 360, h - 90, 140, 44), "Back", m, command=lambda: self.app.open("menu"))
        UIButton(pygame.Rect(w - 200, h - 90, 140, 44), "Open", m, command=self.open_selected)

    def selected(self) -> Row | None:
        sel = self.list.get_single_selection()
        labels = [r.label for r in self.rows]
        if not isinstance(sel, str) or sel not in labels:
            self.app.toast("Pick a game or a turn file first.")
            return None
        return self.rows[labels.index(sel)]

    def open_selected(self) -> None:
        row = self.selected()
        if row is None:
            return
        if row.path is not None:
            self.open_file(row.path)
        elif row.record is not None:
            self.app.busy("Opening this copy's record: playing the game again from its seed...")
            try:
                game = row.record.resume()
            except (MailError, OSError) as e:
                self.app.toast(str(e), 10)
                return
            play_mail(self.app, row.record, game)

    def open_file(self, path: Path, password: str | None = None) -> None:
        self.app.busy("Checking the turn file: playing its commands again from the seed...")
        try:
            got = receive(path, self.home, password)
        except NeedPassword as e:
            env = e.envelope
            self.ask(PromptHandler(f"A new game from {env['from_name']} ({env['scenario_name']}): its password?", "",
                                              lambda pw: self.open_file(path, pw), verb="open the file"))
            return
        except (MailError, OSError) as e:
            self.app.toast(str(e), 12)
            return
        play_mail(self.app, got.record, got.game, got.new)
        self.app.toast(got.note, 6)

    def browse(self) -> None:
        w, h = self.app.size
        start = inbox_dir(self.home)
        start.mkdir(parents=True, exist_ok=True)
        self.picker = UIFileDialog(pygame.Rect(w // 2 - 300, h // 2 - 250, 600, 500), self.app.manager, "Open a turn file",
                                   allowed_suffixes={".turn"}, initial_file_path=str(start), allow_existing_files_only=True)

    def show_password(self) -> None:
        row = self.selected()
        if row is None or row.record is None:
            self.app.toast("Pick one of your games (a 'Game:' row) first.") if row is not None else None
            return
        if not row.record.password:
            self.app.toast("This copy joined the game with the password the other player gave; it is not kept here.", 8)
            return
        self.app.toast(f"{row.record.scenario_name}: the password is {row.record.password}", 15)

    def handle(self, event: pygame.event.Event) -> None:
        if self.dialog_event(event):
            return
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.picker = None
            self.open_file(Path(event.text))
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            self.open_selected()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.picker is None:
            self.app.open("menu")

    def draw(self, surf: pygame.Surface) -> None:
        draw_backdrop(surf, "Play by e-mail", "Turn files in, turn files out; each side sees only what it may")
        h = surf.get_height()
        text(surf, f"Put the turn files you receive in {inbox_dir(self.home)}", (60, h - 140), 18, (170, 158, 128))
        text(surf, f"The files to send are written to {outbox_dir(self.home)}", (60, h - 118), 18, (170, 158, 128))
        self.draw_dialog(surf)
