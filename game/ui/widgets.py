"""Small immediate-mode widgets for the play screen: buttons with hotkeys and a
scrollable list. Drawn in the panel style; hit-tested from the mouse events. Also the
backdrop of the menu screens."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from .pointer import mouse_pos
from .theme import BG, INK, fit_line, text, text_width, wrap


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    action: Callable[[], None]
    enabled: bool = True
    hotkey: str = ""
    tooltip: str = ""
    active: bool = False

    def draw(self, surf: pygame.Surface, hover: bool) -> None:
        if not self.enabled:
            bg, fg, border = (196, 186, 164), (130, 120, 104), (150, 140, 120)
        elif self.active:
            bg, fg, border = (140, 60, 40), (255, 246, 228), (90, 30, 20)
        elif hover:
            bg, fg, border = (122, 100, 72), (255, 250, 236), (60, 44, 28)
        else:
            bg, fg, border = (90, 74, 54), (241, 232, 210), (42, 34, 25)
        pygame.draw.rect(surf, bg, self.rect, border_radius=4)
        pygame.draw.rect(surf, border, self.rect, 1, border_radius=4)
        label = self.label if not self.hotkey else f"[{self.hotkey}] {self.label}"
        label, size = fit_line(label, 19, 15, self.rect.w - 10)  # a long label: smaller type, then shortened
        text(surf, label, self.rect.center, size, fg, anchor="center")


def flow(widths: list[int], width: int, gap: int = 4, margin: int = 6) -> list[tuple[int, int]]:
    """Where each of a row of buttons goes in a bar ``width`` wide: (x offset, row), left
    to right, starting a new row when the next would run past the bar's end (a narrow
    window wraps the toolbar rather than drawing it over the sidebar)."""
    out: list[tuple[int, int]] = []
    x, row = margin, 0
    for w in widths:
        if x > margin and x + w > width - margin:
            x, row = margin, row + 1
        out.append((x, row))
        x += w + gap
    return out


def bar_height(rows: int, row_h: int) -> int:
    """The height of a bar of ``rows`` rows of buttons ``row_h - 10`` high."""
    return rows * (row_h - 5) + 5


class ButtonBar:
    def __init__(self) -> None:
        self.buttons: list[Button] = []

    def clear(self) -> None:
        self.buttons = []

    def add(self, b: Button) -> Button:
        self.buttons.append(b)
        return b

    def hit(self, pos: tuple[int, int]) -> Button | None:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return b
        return None

    def click(self, pos: tuple[int, int]) -> tuple[bool, str]:
        """(consumed, reason): a disabled button consumes the click and says why."""
        b = self.hit(pos)
        if b is None:
            return False, ""
        if not b.enabled:
            return True, b.tooltip
        b.action()
        return True, ""

    def draw(self, surf: pygame.Surface) -> None:
        mouse = mouse_pos()
        for b in self.buttons:
            b.draw(surf, b.rect.collidepoint(mouse))

    def why_not(self, pos: tuple[int, int]) -> str:
        """Why the disabled button under ``pos`` cannot be pressed ('' if none is there)."""
        b = self.hit(pos)
        return b.tooltip if b is not None and not b.enabled else ""


def draw_tooltip(surf: pygame.Surface, words: str, pos: tuple[int, int], width: int = 320,
                 keep_off: pygame.Rect | None = None) -> pygame.Rect:
    """A small note by the cursor, kept on the screen (a disabled action's reason, a
    hovered figure's note): up and left of the cursor, or of ``keep_off`` (the hovered
    figure's token, which a note by the cursor covered when zoomed in), else on its other
    sides, the first that stays on the screen clear of it. Returns where it was drawn."""
    lines = wrap(words, 17, width - 14)
    width = min(width, max(text_width(line, 17) for line in lines) + 16)  # as wide as its words
    box = pygame.Rect(0, 0, width, 8 + 17 * len(lines))
    screen = surf.get_rect()
    box.bottomright = (pos[0] - 8, pos[1] - 8)
    if keep_off is not None:
        t = keep_off.inflate(8, 8)
        w, h = box.size
        tries = [pygame.Rect(t.left - w, t.top - h, w, h), pygame.Rect(t.right, t.top - h, w, h),
                 pygame.Rect(t.left - w, t.bottom, w, h), pygame.Rect(t.right, t.bottom, w, h)]
        box = next((r for r in tries if screen.contains(r)), tries[0])
    box.clamp_ip(screen)
    pygame.draw.rect(surf, (255, 248, 222), box)
    pygame.draw.rect(surf, (90, 70, 50), box, 1)
    for k, line in enumerate(lines):
        text(surf, line, (box.x + 7, box.y + 4 + 17 * k), 17, INK)
    return box


def draw_panel(surf: pygame.Surface, rect: pygame.Rect, title: str = "", paper: pygame.Surface | None = None) -> int:
    """A paper panel; returns the y where content starts."""
    if paper is not None:
        prev = surf.get_clip()
        surf.set_clip(rect)
        for y in range(rect.y, rect.bottom, paper.get_height()):
            for x in range(rect.x, rect.right, paper.get_width()):
                surf.blit(paper, (x, y))
        surf.set_clip(prev)
    else:
        pygame.draw.rect(surf, (232, 224, 204), rect)
    pygame.draw.rect(surf, (120, 104, 80), rect, 1)
    y = rect.y + 6
    if title:
        text(surf, title, (rect.x + 8, y), 20, INK, bold=True)
        y += 22
    return y


def draw_backdrop(surf: pygame.Surface, title: str = "TRENCHTABLE", subtitle: str = "") -> None:
    """The menu screens' background: a dark grid and a title."""
    surf.fill(BG)
    w, h = surf.get_size()
    for i in range(0, w, 48):
        pygame.draw.line(surf, (46, 43, 38), (i, 0), (i, h))
    for j in range(0, h, 48):
        pygame.draw.line(surf, (46, 43, 38), (0, j), (w, j))
    text(surf, title, (w // 2, 70), 64, (232, 214, 170), bold=True, anchor="center")
    if subtitle:
        text(surf, subtitle, (w // 2, 118), 24, (190, 176, 140), anchor="center")


def least_covering(boxes: list[pygame.Rect], *groups: list[tuple[int, int]], margin: int = 8) -> pygame.Rect:
    """Of ``boxes`` (the first preferred among equals), the one covering the fewest points
    of the first group, then of the next (a panel kept off what it is about, then off the
    figures)."""
    return min(boxes, key=lambda r: tuple(sum(r.inflate(2 * margin, 2 * margin).collidepoint(p) for p in g) for g in groups))


def draw_note_panel(surf: pygame.Surface, rect: pygame.Rect, title: str, lines: list[str],
                    fill: tuple[int, int, int, int] = (240, 232, 212, 238), border: tuple[int, int, int] = (90, 70, 50),
                    width: int = 1) -> None:
    """A see-through panel on the table: a bold title, then lines of 17 px."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    layer.fill(fill)
    surf.blit(layer, rect)
    pygame.draw.rect(surf, border, rect, width)
    text(surf, title, (rect.x + 10, rect.y + 7), 19, INK, bold=True)
    y = rect.y + 31
    for line in lines:
        text(surf, line, (rect.x + 10, y), 17, INK)
        y += 17
