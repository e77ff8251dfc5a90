"""The minimap: the whole table drawn small in a corner of the table view whenever the view
shows only part of it (issue 21: the 10 ft WWIFY table), with the figures the viewing side
sees as dots in their sides' colours and the part in view outlined; a click (or a drag) on
it centres the view there."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .camera import Camera

if TYPE_CHECKING:
    from game.core.state import GameState

#: the minimap's width in pixels (its height follows the table's shape), and its margin
WIDTH = 200
MARGIN = 10


class Minimap:
    def __init__(self) -> None:
        self.thumb: pygame.Surface | None = None
        self.thumb_of: tuple[int, tuple[int, int]] | None = None  # (the terrain picture's id, the size)
        self.dragging = False  # the mouse pressed on the minimap and not yet let go

    @staticmethod
    def needed(cam: Camera) -> bool:
        """Part of the table is out of view."""
        x0, y0, x1, y1 = cam.visible_world()
        return x0 > 1 or y0 > 1 or x1 < cam.table_w - 1 or y1 < cam.table_h - 1

    @staticmethod
    def rect(cam: Camera) -> pygame.Rect:
        w = min(WIDTH, cam.view.w // 3)
        h = max(20, round(w * cam.table_h / cam.table_w))
        return pygame.Rect(cam.view.right - MARGIN - w, cam.view.bottom - MARGIN - h, w, h)

    def to_world(self, cam: Camera, pos: tuple[int, int]) -> tuple[float, float]:
        r = self.rect(cam)
        return ((pos[0] - r.x) / r.w * cam.table_w, (pos[1] - r.y) / r.h * cam.table_h)

    def click(self, cam: Camera, pos: tuple[int, int]) -> bool:
        """A click on the minimap (while shown) centres the view there; whether it was on it."""
        if not self.needed(cam) or not self.rect(cam).collidepoint(pos):
            return False
        x, y = self.to_world(cam, pos)
        cam.x = x - cam.view.w / (2 * cam.zoom)
        cam.y = y - cam.view.h / (2 * cam.zoom)
        cam.clamp()
        return True

    def handle(self, cam: Camera, e: pygame.event.Event) -> bool:
        """A press, drag or release on the minimap moves the view; whether it took the event."""
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.click(cam, e.pos):
            self.dragging = True
            return True
        if e.type == pygame.MOUSEMOTION and self.dragging:
            if e.buttons[0]:
                self.click(cam, e.pos)
                return True
            self.dragging = False
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surf: pygame.Surface, cam: Camera, terrain: pygame.Surface | None, st: GameState) -> None:
        if not self.needed(cam):
            return
        r = self.rect(cam)
        if terrain is not None and self.thumb_of != (id(terrain), r.size):
            self.thumb = pygame.transform.smoothscale(terrain, r.size)
            self.thumb_of = (id(terrain), r.size)
        pygame.draw.rect(surf, (20, 18, 14), r.inflate(4, 4))
        if self.thumb is not None:
            surf.blit(self.thumb, r)
        sx, sy = r.w / cam.table_w, r.h / cam.table_h
        for f in st.figures.values():
            if f.alive:
                pygame.draw.circle(surf, pygame.Color(st.sides[f.side].colour), (r.x + f.x * sx, r.y + f.y * sy), 2)
        x0, y0, x1, y1 = cam.visible_world()
        view = pygame.Rect(round(r.x + max(0.0, x0) * sx), round(r.y + max(0.0, y0) * sy),
                           max(2, round((min(cam.table_w, x1) - max(0.0, x0)) * sx)), max(2, round((min(cam.table_h, y1) - max(0.0, y0)) * sy)))
        pygame.draw.rect(surf, (255, 230, 120), view.clip(r), 1)
        pygame.draw.rect(surf, (200, 180, 130), r, 1)
