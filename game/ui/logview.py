"""The scrollable game log: every event and roll, newest at the bottom. Hovering a line
names the figures and units it involves so the table can highlight them."""

from __future__ import annotations

import pygame

from game.core.events import Event

from .theme import INK, INK_SOFT, font, text, text_width, wrap

INDENT = "    "  # the lines of an event after its first

KIND_COLOURS = {
    "roll": (60, 70, 120),
    "casualty": (150, 40, 30),
    "status": (150, 90, 20),
    "turn": (30, 30, 30),
    "phase": (90, 80, 60),
    "game_over": (150, 40, 30),
    "assault": (120, 40, 60),
    "bombardment": (120, 60, 20),
}


class LogView:
    LINE = 17

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.scroll = 0  # lines scrolled up from the bottom
        self.rows: list[tuple[str, Event, bool]] = []  # (text, event, first line of the event)
        self.seen = 0
        self.width = 0
        self.hover: Event | None = None
        #: the replay theatre shows the whole game's log: lines from this event number on
        #: are still to come at the moment shown, and are drawn faint
        self.to_come: int | None = None

    def sync(self, events: list[Event], width: int) -> None:
        """Bring the rows up to ``events``: new events appended; a width change, or a log that
        is no longer what the rows show (an undo took events back), draws them all again."""
        shown = self.rows[-1][1] if self.rows else None
        if width != self.width or len(events) < self.seen or (self.seen and events[self.seen - 1] is not shown):
            self.rows, self.seen, self.width = [], 0, width
            self.hover = None
        if len(events) > self.seen:
            self.scroll = 0  # something happened: back to the newest line
        for ev in events[self.seen :]:
            prefix = "" if ev.kind != "roll" else "  "
            first, *rest = wrap(prefix + ev.line, 17, width - 16)
            if rest:  # the lines after the first are indented: wrapped to the width the indent leaves
                rest = wrap(" ".join(rest), 17, width - 16 - text_width(INDENT, 17))
            for i, line in enumerate([first] + [INDENT + r for r in rest]):
                self.rows.append((line, ev, i == 0))
        self.seen = len(events)
        self.scroll = min(self.scroll, max(0, len(self.rows) - self.visible_rows()))  # fewer rows after an undo

    def show_moment(self, to_come: int) -> None:
        """The theatre's moment: lines from event number ``to_come`` on drawn faint, and the
        log scrolled so the last line before them is at the bottom."""
        self.to_come = to_come
        after = sum(1 for _, ev, _ in self.rows if ev.seq >= to_come)
        self.scroll = max(0, min(after, len(self.rows) - self.visible_rows()))

    def visible_rows(self) -> int:
        return max(1, (self.rect.h - 26) // self.LINE)

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(max(0, len(self.rows) - self.visible_rows()), self.scroll + dy * 3))

    def row_at(self, pos: tuple[int, int]) -> Event | None:
        if not self.rect.collidepoint(pos):
            return None
        n = self.visible_rows()
        end = len(self.rows) - self.scroll
        start = max(0, end - n)
        i = (pos[1] - self.rect.y - 24) // self.LINE
        if 0 <= i < end - start:
            return self.rows[start + i][1]
        return None

    def draw(self, surf: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surf, (240, 234, 218), r)
        pygame.draw.rect(surf, (120, 104, 80), r, 1)
        text(surf, "Log", (r.x + 8, r.y + 4), 20, INK, bold=True)
        if self.scroll:
            text(surf, f"(scrolled {self.scroll} up; wheel to scroll)", (r.right - 8, r.y + 6), 16, INK_SOFT, anchor="topright")
        n = self.visible_rows()
        end = len(self.rows) - self.scroll
        start = max(0, end - n)
        y = r.y + 24
        f = font(17)
        for line, ev, _first in self.rows[start:end]:
            if self.hover is ev:
                pygame.draw.rect(surf, (250, 226, 150), (r.x + 2, y, r.w - 4, self.LINE))
            colour = KIND_COLOURS.get(ev.kind, INK) if self.to_come is None or ev.seq < self.to_come else (170, 160, 140)
            surf.blit(f.render(line, True, colour), (r.x + 8, y))
            y += self.LINE
