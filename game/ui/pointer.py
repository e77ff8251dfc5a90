"""Where the mouse is, in the points the screens are drawn in. With a UI scale above 100%
the screens are drawn on a smaller surface that the window shows enlarged (game/ui/app.py),
so the window's pixels are divided by the scale; every screen asks here, never pygame."""

from __future__ import annotations

import pygame

#: window pixels per drawn point (set by the app from the UI scale setting)
_scale = [1.0]


def set_scale(scale: float) -> None:
    _scale[0] = scale


def scale() -> float:
    return _scale[0]


def to_points(pos: tuple[int, int]) -> tuple[int, int]:
    s = _scale[0]
    return pos if s == 1.0 else (int(pos[0] / s), int(pos[1] / s))


def mouse_pos() -> tuple[int, int]:
    return to_points(pygame.mouse.get_pos())
