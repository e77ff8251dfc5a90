"""Colours, fonts and sizes of the interface."""

from __future__ import annotations

import pygame

BG = (38, 36, 32)
PANEL = (232, 224, 204)
PANEL_DARK = (214, 204, 180)
INK = (40, 34, 26)
INK_SOFT = (96, 86, 70)
ACCENT = (150, 60, 40)
GOOD = (60, 120, 60)
BAD = (170, 50, 40)
WARN = (200, 130, 30)
HIGHLIGHT = (250, 220, 90)
SIDEBAR_W = 360
TOOLBAR_H = 40

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def reset_fonts() -> None:
    """Forget fonts made before pygame was (re)initialised."""
    _fonts.clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    key = (size, bold)
    if key not in _fonts:
        f = pygame.font.Font(None, size)
        f.set_bold(bold)
        _fonts[key] = f
    return _fonts[key]


def text(surf: pygame.Surface, s: str, pos: tuple[float, float], size: int = 20, colour=INK, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    img = font(size, bold).render(s, True, colour)
    r = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surf.blit(img, r)
    return r


def text_width(s: str, size: int = 20, bold: bool = False) -> int:
    return font(size, bold).size(s)[0]


def fit_line(s: str, size: int, smallest: int, width: int, bold: bool = False) -> tuple[str, int]:
    """``s`` in type that fits ``width``: smaller type first, down to ``smallest``, then
    shortened with an ellipsis. Returns the words and the size (a button's label, a header)."""
    while text_width(s, size, bold) > width and size > smallest:
        size -= 1
    if text_width(s, size, bold) <= width:
        return s, size
    while len(s) > 4 and text_width(s.rstrip() + "...", size, bold) > width:
        s = s[:-1]
    return s.rstrip() + "...", size


def fit_before(s: str, tail: str, smallest: int, width: int, bold: bool = False) -> str:
    """``s`` then ``tail`` (a price, a count) in ``width`` at type ``smallest``: when they do
    not fit, ``s`` is shortened with an ellipsis, never the tail (a button's label, which
    :func:`fit_line` then sets as large as it fits)."""
    if text_width(s + tail, smallest, bold) <= width:
        return s + tail
    while len(s) > 1 and text_width(s.rstrip() + "..." + tail, smallest, bold) > width:
        s = s[:-1]
    return s.rstrip() + "..." + tail


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``s`` in lines no wider than ``width``, broken between words; a word wider than the
    width by itself (a file's path) broken where it must be."""
    f = font(size, bold)
    out: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = (line + " " + word).strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
            while f.size(line)[0] > width and len(line) > 1:  # one word too wide for a line
                cut = next(k for k in range(len(line) - 1, 0, -1) if f.size(line[:k])[0] <= width or k == 1)
                out.append(line[:cut])
                line = line[cut:]
        out.append(line)
    return out
