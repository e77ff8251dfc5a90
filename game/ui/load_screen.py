"""The Load screen: every save, autosave and finished game, newest first, a row for each
with its table drawn small (game/ui/save_rows.py), and the picked save's larger picture."""

from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui.elements import UIButton

from game.core.save import SaveError
from game.data.errors import DataError
from game.paths import saves_dir
from game.session import SaveInfo, delete_save, list_saves, rename_save

from .dialogs import ConfirmHandler, PromptHandler
from .handler_base import Handler
from .open_save import open_save
from .save_rows import SaveRows, draw_preview
from .scene import DialogHost
from .theme import text
from .thumbnail import save_thumbnail
from .widgets import draw_backdrop

#: the width of the picked save's larger picture, beside the list
PREVIEW_W = 340


class LoadScene(DialogHost):
    """Every save, autosave and finished game, newest first, each row with its table drawn
    small, its time to the second, scenario, turn and sides (game/ui/save_rows.py); load
    one, watch it in the replay theatre, rename it or delete it (after a question)."""

    rows: SaveRows

    def enter(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        kept = self.rows.saves[self.rows.picked].path if getattr(self, "rows", None) and self.rows.picked is not None else None
        self.saves = list_saves()
        self.dialogs: list[Handler[LoadScene]] = []
        self.rows = SaveRows(pygame.Rect(60, 150, w - 120 - PREVIEW_W - 20, h - 280), self.saves, bool(self.app.settings.get("colour_blind")))
        self.preview: tuple[Path, pygame.Surface | None, list[str]] | None = None  # the picked save's larger picture
        if kept in [s.path for s in self.saves]:  # a resized window keeps the pick
            self.rows.pick([s.path for s in self.saves].index(kept))
            self.show_picked()
        UIButton(pygame.Rect(60, h - 90, 140, 44), "Rename", m, command=self.rename)
        UIButton(pygame.Rect(210, h - 90, 140, 44), "Delete", m, command=self.delete)
        UIButton(pygame.Rect(360, h - 90, 140, 44), "Watch", m, command=self.watch)
        UIButton(pygame.Rect(w - 360, h - 90, 140, 44), "Back", m, command=lambda: self.app.open("menu"))
        UIButton(pygame.Rect(w - 200, h - 90, 140, 44), "Load", m, command=self.load)
        self.hint = f"Saves folder: {saves_dir()}"

    def quiet(self) -> bool:
        """At rest once the pictures of the rows in view are drawn (no question open)."""
        return not self.dialogs and not self.rows.waiting()

    def update(self, dt: float) -> None:
        if not self.dialogs:
            self.rows.draw_pictures()

    def selected(self) -> SaveInfo | None:
        if self.rows.picked is None or not self.saves:
            self.app.toast("Pick a saved game first.")
            return None
        return self.saves[self.rows.picked]

    def show_picked(self) -> None:
        info = self.saves[self.rows.picked] if self.rows.picked is not None else None
        if info is not None and (self.preview is None or self.preview[0] != info.path):
            self.preview = (info.path, *save_thumbnail(info.path, (PREVIEW_W, 240), self.rows.safe))

    def load(self) -> None:
        info = self.selected()
        if info is not None:
            open_save(self.app, info.path)

    def watch(self) -> None:
        """The save in the replay theatre, from its start (the file is only read)."""
        from game.catalog import load_game

        from .replay_view import ReplayScene

        info = self.selected()
        if info is None:
            return
        self.app.busy("Checking the save: playing its commands again from the seed...")
        try:
            game = load_game(info.path)
        except (SaveError, DataError) as e:
            self.app.toast(str(e), 8)
            return
        self.app.switch(ReplayScene(self.app, game, 0))

    def rename(self) -> None:
        info = self.selected()
        if info is None:
            return

        def done(name: str) -> None:
            try:
                rename_save(info.path, name)
            except (SaveError, OSError) as e:
                self.app.toast(f"Could not rename: {e}", 8)
                return
            self.reopen()

        self.ask(PromptHandler("New name of the save:", info.name, done))

    def delete(self) -> None:
        info = self.selected()
        if info is None:
            return

        def yes() -> None:
            try:
                delete_save(info.path)
            except OSError as e:
                self.app.toast(f"Could not delete: {e}", 8)
                return
            self.reopen()

        self.ask(ConfirmHandler(f"Delete '{info.name}' ({info.path.name})? It cannot be undone.", yes))

    def reopen(self) -> None:
        self.app.manager.clear_and_reset()
        self.enter()

    def handle(self, event: pygame.event.Event) -> None:
        if self.dialog_event(event):
            return
        did = self.rows.on_event(event)
        if did == "picked":
            self.show_picked()
        elif did == "open":
            self.load()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.open("menu")

    def draw(self, surf: pygame.Surface) -> None:
        draw_backdrop(surf, "Load a game")
        self.rows.draw(surf)
        draw_preview(surf, (surf.get_width() - 60 - PREVIEW_W, 150), PREVIEW_W, self.preview)
        text(surf, self.hint, (60, surf.get_height() - 120), 18, (170, 158, 128))
        self.draw_dialog(surf)


