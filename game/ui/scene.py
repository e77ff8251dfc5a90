"""The base of the scenes (menu, new game, load, rules, play, victory, editor).

A scene never imports another scene, nor the app: it asks the app for the next one by
name (``self.app.open("play", session)``; the names are in :mod:`game.ui.app`), so the
scene modules stay free of import circles (tests/ui/test_no_import_cycles.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from .handler_base import Handler

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

    def still(self) -> bool:
        """Whether nothing on the scene moves by itself, a tool armed or not: while the odds
        are worked out beside the window (odds_worker.py) it is then drawn a few times a
        second, not sixty. By default it is not."""
        return False

    def resized(self) -> None:
        self.app.manager.clear_and_reset()
        self.enter()


class DialogHost(Scene):
    """A menu screen of pygame_gui widgets that asks questions of its own (the Load
    screen's rename and delete, Play by e-mail's password). While a question is open the
    widgets are hidden: they are drawn after the scene, so they would cover it and take
    its clicks."""

    dialogs: list[Handler[Any]]

    def ask(self, h: Handler[Any]) -> None:
        self.dialogs.append(h)
        self.widgets(False)

    def pop(self, h: Handler[Any] | None = None) -> None:
        if self.dialogs and (h is None or self.dialogs[-1] is h):
            self.dialogs.pop()
        if not self.dialogs:
            self.widgets(True)

    def widgets(self, shown: bool) -> None:
        root = self.app.manager.get_root_container()
        if root is not None:
            root.show() if shown else root.hide()

    def dialog_event(self, event: pygame.event.Event) -> bool:
        """The event given to the open question, if there is one."""
        if self.dialogs:
            self.dialogs[-1].on_event(self, event)
            return True
        return False

    def draw_dialog(self, surf: pygame.Surface) -> None:
        if self.dialogs:
            self.dialogs[-1].draw(self, surf)
