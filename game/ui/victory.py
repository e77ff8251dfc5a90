"""The end of a game: who won and why, casualties per side, turns, and the full log."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton, UITextBox

from game.core.victory import fled_lost, losses, marker_summary
from game.rulesets.base import ruleset_of
from game.session import Session

from .scene import Scene
from .theme import text
from .widgets import draw_backdrop

if TYPE_CHECKING:
    from .app import App


class VictoryScene(Scene):
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.log_box: UITextBox | None = None

    def watch(self) -> None:
        from .replay_view import ReplayScene

        self.app.switch(ReplayScene(self.app, self.session.game, 0))

    def enter(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        buttons = [("Watch the replay", self.watch), ("View the log", self.show_log), ("Main menu", lambda: self.app.open("menu")), ("Quit", self.quit)]
        x = w // 2 - (len(buttons) * 210 - 10) // 2  # a row centred, whatever the window's width
        self.buttons = [UIButton(pygame.Rect(x + 210 * i, h - 90, 200, 44), label, m, command=fn) for i, (label, fn) in enumerate(buttons)]

    def quit(self) -> None:
        self.app.running = False

    def show_log(self) -> None:
        if self.log_box is not None:
            self.log_box.kill()
            self.log_box = None
            return
        w, h = self.app.size
        lines = [html.escape(f"T{e.turn} {e.line}") for e in self.session.game.log]
        self.log_box = UITextBox("<br>".join(lines), pygame.Rect(60, 150, w - 120, h - 260), self.app.manager)

    def draw(self, surf: pygame.Surface) -> None:
        st = self.session.game.state
        winner = st.sides[st.winner].name if st.winner else None
        draw_backdrop(surf, f"{winner} win" if winner else "A draw", st.result)
        if self.log_box is not None:
            return
        w, _ = surf.get_size()
        y = 190
        text(surf, f"{st.scenario}: {ruleset_of(self.session.game).data.name}, {st.turn} turn{'' if st.turn == 1 else 's'} played", (w // 2, y), 26, (230, 214, 170), anchor="center")
        y += 50
        for sid in st.side_order:
            lost, total = losses(st, sid)
            figs = [f for f in st.figures.values() if f.side == sid]
            dead = sum(1 for f in figs if f.life == "dead")
            fled = sum(1 for f in figs if f.life == "fled")
            other = lost - dead - (fled if fled_lost(st) else 0)
            colour = pygame.Color(st.sides[sid].colour)
            pygame.draw.circle(surf, colour, (w // 2 - 260, y + 12), 10)
            fled_words = f"{fled} fled" if fled_lost(st) else f"{fled} fled, not counted"
            detail = f"{dead} killed, {fled_words}" + (f", {other} captured or destroyed" if other else "")
            text(surf, f"{st.sides[sid].name}: {lost} of {total} figures out of action ({detail})", (w // 2 - 240, y), 24, (240, 230, 200))
            y += 40
            markers = marker_summary(st, sid)
            if markers:
                text(surf, markers[0].upper() + markers[1:], (w // 2 - 240, y - 8), 20, (220, 210, 185))
                y += 30
