"""The base of the scenes (menu, new game, load, rules, play, victory, editor).

A scene never imports another scene, nor the app: it asks the app for the next one by
name (``self.app.open("play", session)``; the names are in :mod:`game.ui.app`), so the
scene modules stay free of import circles (tests/ui/test_no_import_cycles.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


class Scene:
    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None: ...
    def leave(self) -> None: ...
    def handle(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surf: pygame.Surface) -> None: ...

    def quiet(self) -> bool:
        """Whether the scene is at rest: drawing it again would change nothing until an
        event comes (the window then sleeps). By default it never is."""
        return False

    def resized(self) -> None:
        self.app.manager.clear_and_reset()
        self.enter()
