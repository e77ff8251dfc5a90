"""Every action of the selection in one list, opened from the sidebar's More button when
they do not all fit beside the log (a Sherman's seventeen at 1000x700: the 75 mm gun, the
thirteenth, had neither a button nor a key, and the line under the buttons said the rest
were "not possible now" when six of them were). As a piece's menu in VASSAL or Tabletop
Simulator: every action with its key, the possible ones pressable, a greyed one saying why
under the pointer; a click or a key runs it, Esc, a right click or a click outside closes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .handler_base import LEFT, Handler
from .theme import INK, text
from .widgets import Button, draw_tooltip

if TYPE_CHECKING:
    from .play import PlayScene

#: a row of the list (px) and the gap under it
ROW_H = 24
GAP = 2


def action_key(i: int) -> str:
    """The key of the ``i``-th action: 1-9, then 0, then none."""
    return str(i + 1) if i < 9 else "0" if i == 9 else ""


class ActionsMenuHandler(Handler["PlayScene"]):
    """The list of every action of the selection, over the sidebar."""

    modal = True

    def __init__(self) -> None:
        self.buttons: list[tuple[int, Button]] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.mouse = (0, 0)

    @property
    def hint(self) -> str:
        return "Every action: click one or press its key; Esc to close."

    def layout(self, scene: PlayScene) -> None:
        acts = scene.current_actions()
        side = scene.sidebar_rect
        h = 34 + len(acts) * (ROW_H + GAP) + 8
        top = max(4, min(scene.painter.actions_top - 30, side.bottom - 4 - h))
        self.panel = pygame.Rect(side.x + 4, top, side.w - 8, min(h, side.h - 8))
        self.buttons = []
        y = self.panel.y + 32
        for i, a in enumerate(acts):
            if y + ROW_H > self.panel.bottom - 4:
                break
            self.buttons.append((i, Button(pygame.Rect(self.panel.x + 6, y, self.panel.w - 12, ROW_H), a.label, lambda: None,
                                           a.enabled, action_key(i), a.reason)))
            y += ROW_H + GAP

    def on_event(self, scene: PlayScene, e: pygame.event.Event) -> bool:
        if not self.buttons:
            self.layout(scene)
        if e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
        elif e.type == pygame.KEYDOWN:
            i = {pygame.K_0: 9}.get(e.key, e.key - pygame.K_1 if pygame.K_1 <= e.key <= pygame.K_9 else -1)
            if e.key == pygame.K_ESCAPE:
                scene.pop(self)
            elif i >= 0:
                scene.pop(self)
                scene.run_action(i)
        elif e.type == pygame.MOUSEBUTTONDOWN:
            hit = next(((i, b) for i, b in self.buttons if b.rect.collidepoint(e.pos)), None)
            if e.button != LEFT or hit is None:
                if e.button != LEFT or not self.panel.collidepoint(e.pos):
                    scene.pop(self)  # a right click, or a click outside: closed
            elif hit[1].enabled:
                scene.pop(self)
                scene.run_action(hit[0])
            else:
                scene.app.toast(hit[1].tooltip or "Not possible now.", 5)
        return True

    def draw(self, scene: PlayScene, surf: pygame.Surface) -> None:
        self.layout(scene)
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 70))
        surf.blit(shade, (0, 0))
        pygame.draw.rect(surf, (236, 228, 206), self.panel, border_radius=6)
        pygame.draw.rect(surf, (90, 70, 50), self.panel, 2, border_radius=6)
        text(surf, "Every action (Esc: close)", (self.panel.x + 10, self.panel.y + 8), 19, INK, bold=True)
        for _, b in self.buttons:
            b.draw(surf, b.rect.collidepoint(self.mouse))
        hover = next((b for _, b in self.buttons if b.rect.collidepoint(self.mouse) and not b.enabled), None)
        if hover is not None and hover.tooltip:
            draw_tooltip(surf, hover.tooltip, self.mouse)
