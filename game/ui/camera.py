"""The camera over the table: world millimetres to screen pixels and back."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

MIN_ZOOM = 0.12  # px per mm
MAX_ZOOM = 4.0


@dataclass
class Camera:
    view: pygame.Rect  # the part of the window the table is drawn in
    table_w: float
    table_h: float
    zoom: float = 0.5  # px per mm
    x: float = 0.0  # world mm at the view's left edge
    y: float = 0.0  # world mm at the view's top edge

    def fit(self) -> None:
        """The whole table in view, centred, with a small margin."""
        m = 16
        zx = (self.view.w - 2 * m) / self.table_w
        zy = (self.view.h - 2 * m) / self.table_h
        self.zoom = max(MIN_ZOOM, min(zx, zy, MAX_ZOOM))
        self.x = self.table_w / 2 - self.view.w / (2 * self.zoom)
        self.y = self.table_h / 2 - self.view.h / (2 * self.zoom)

    def to_screen(self, p: tuple[float, float]) -> tuple[int, int]:
        return (
            round(self.view.x + (p[0] - self.x) * self.zoom),
            round(self.view.y + (p[1] - self.y) * self.zoom),
        )

    def to_screen_f(self, p: tuple[float, float]) -> tuple[float, float]:
        return (self.view.x + (p[0] - self.x) * self.zoom, self.view.y + (p[1] - self.y) * self.zoom)

    def to_world(self, s: tuple[float, float]) -> tuple[float, float]:
        return (self.x + (s[0] - self.view.x) / self.zoom, self.y + (s[1] - self.view.y) / self.zoom)

    def length(self, mm: float) -> float:
        return mm * self.zoom

    def pan(self, dx_px: float, dy_px: float) -> None:
        self.x -= dx_px / self.zoom
        self.y -= dy_px / self.zoom
        self.clamp()

    def zoom_at(self, factor: float, screen_pos: tuple[float, float]) -> None:
        """Zoom keeping the world point under ``screen_pos`` where it is."""
        before = self.to_world(screen_pos)
        self.zoom = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom * factor))
        after = self.to_world(screen_pos)
        self.x += before[0] - after[0]
        self.y += before[1] - after[1]
        self.clamp()

    def clamp(self) -> None:
        """Keep at least part of the table on screen."""
        vw, vh = self.view.w / self.zoom, self.view.h / self.zoom
        self.x = min(max(self.x, -vw * 0.75), self.table_w - vw * 0.25)
        self.y = min(max(self.y, -vh * 0.75), self.table_h - vh * 0.25)

    def visible_world(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.x + self.view.w / self.zoom, self.y + self.view.h / self.zoom)
