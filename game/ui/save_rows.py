"""The Load screen's list of saves: a row for each, newest first, with its table drawn
small, its name and time to the second, its scenario and turn, and its sides.

pygame_gui's selection list draws a line of text a row, so the rows are drawn here. The
pictures are drawn lazily: none when the screen opens, then those of the rows in view, a
few each frame (:meth:`SaveRows.draw_pictures`), and kept (game/ui/thumbnail.py), so a
folder of many saves opens as fast as it is listed and a picture is never drawn twice."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from game.session import SaveInfo, local_time

from .theme import fit_line, text, text_width, wrap
from .thumbnail import is_kept, save_thumbnail

ROW_H = 70
#: the room of a row's picture (px); a table is fitted into it, its shape kept
PICTURE = (100, 62)
BAR_W = 10
#: two clicks on one row within this many seconds open it
DOUBLE_CLICK = 0.45

LIST_BG = (46, 42, 36)
ROW_BG = (90, 74, 54)
ROW_HOVER = (122, 100, 72)
ROW_PICKED = (140, 60, 40)
WORDS = (241, 232, 210)
WORDS_SOFT = (214, 200, 170)
WORDS_BAD = (255, 170, 150)


class SaveRows:
    """The saves' rows in ``rect``: picked by a click or the arrow keys, opened by a double
    click or Enter, scrolled by the wheel, the keys or the bar at the right."""

    def __init__(self, rect: pygame.Rect, saves: list[SaveInfo], safe: bool = False) -> None:
        self.rect = rect
        self.saves = saves
        self.safe = safe  # the figures in the colour-blind-safe colours (the settings)
        self.top = 0  # px of the list scrolled out of view above
        self.picked: int | None = None
        self.hover: int | None = None
        self.now = time.monotonic  # the clock of a double click (the wall's: a window at rest runs no frames)
        self.last_click: tuple[int, float] = (-1, -1.0)
        self.dragging: float | None = None  # the bar held: where on its thumb (px)
        #: what the last draw put where: (row, its rectangle, its picture's, its words')
        self.drawn: list[tuple[int, pygame.Rect, pygame.Rect, list[pygame.Rect]]] = []

    # ---- geometry --------------------------------------------------------------------
    def height(self) -> int:
        return ROW_H * len(self.saves)

    def most_top(self) -> int:
        return max(0, self.height() - self.rect.h)

    def scroll_to(self, top: float) -> None:
        self.top = int(max(0, min(self.most_top(), top)))

    def in_view(self) -> range:
        first = self.top // ROW_H
        return range(first, min(len(self.saves), (self.top + self.rect.h + ROW_H - 1) // ROW_H))

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y + i * ROW_H - self.top, self.rect.w - BAR_W - 4, ROW_H - 4)

    def bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The bar's track and thumb, when the rows do not all fit."""
        if self.most_top() == 0:
            return None
        track = pygame.Rect(self.rect.right - BAR_W, self.rect.y, BAR_W, self.rect.h)
        h = max(24, round(self.rect.h * self.rect.h / self.height()))
        y = track.y + round((track.h - h) * self.top / self.most_top())
        return track, pygame.Rect(track.x, y, BAR_W, h)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos) or pos[0] >= self.rect.right - BAR_W - 4:
            return None
        i = (pos[1] - self.rect.y + self.top) // ROW_H
        return i if 0 <= i < len(self.saves) else None

    def show(self, i: int) -> None:
        """Scroll so that row ``i`` is whole in view."""
        if i * ROW_H < self.top:
            self.scroll_to(i * ROW_H)
        elif (i + 1) * ROW_H > self.top + self.rect.h:
            self.scroll_to((i + 1) * ROW_H - self.rect.h)

    # ---- input -----------------------------------------------------------------------
    def pick(self, i: int) -> None:
        self.picked = max(0, min(len(self.saves) - 1, i))
        self.show(self.picked)

    def on_event(self, e: pygame.event.Event) -> str:
        """What the event did: "picked" (another row), "open" (a double click or Enter on
        the picked row), "" (nothing for the screen to do)."""
        if not self.saves:
            return ""
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            bar = self.bar()
            if bar is not None and bar[0].collidepoint(e.pos):
                track, thumb = bar
                if not thumb.collidepoint(e.pos):  # a click on the track: the thumb's middle comes there
                    self.scroll_to((e.pos[1] - track.y - thumb.h / 2) * self.most_top() / (track.h - thumb.h))
                    thumb = self.bar()[1]  # type: ignore[index]
                self.dragging = e.pos[1] - thumb.y
                return ""
            i = self.row_at(e.pos)
            if i is None:
                return ""
            now = self.now()
            again = self.last_click[0] == i and now - self.last_click[1] <= DOUBLE_CLICK
            self.last_click = (-1, -1.0) if again else (i, now)
            before = self.picked
            self.pick(i)
            return "open" if again else ("picked" if before != i else "")
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            self.dragging = None
        elif e.type == pygame.MOUSEMOTION:
            bar = self.bar()
            if self.dragging is not None and bar is not None:
                track, thumb = bar
                self.scroll_to((e.pos[1] - self.dragging - track.y) * self.most_top() / max(1, track.h - thumb.h))
            self.hover = self.row_at(e.pos)
        elif e.type == pygame.MOUSEWHEEL:  # nothing else on the screen scrolls: the list, wherever the pointer is
            self.scroll_to(self.top - e.y * ROW_H)
        elif e.type == pygame.KEYDOWN:
            return self._key(e.key)
        return ""

    def _key(self, key: int) -> str:
        page = max(1, self.rect.h // ROW_H)
        at = -1 if self.picked is None else self.picked
        moves = {pygame.K_UP: at - 1, pygame.K_DOWN: at + 1, pygame.K_PAGEUP: at - page, pygame.K_PAGEDOWN: at + page,
                 pygame.K_HOME: 0, pygame.K_END: len(self.saves) - 1}
        if key in moves:
            self.pick(moves[key])
            return "picked" if self.picked != at else ""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.picked is not None:
            return "open"
        return ""

    # ---- the pictures ------------------------------------------------------------------
    def waiting(self) -> list[int]:
        """The rows in view whose picture is not drawn yet."""
        return [i for i in self.in_view() if not self.saves[i].error and not is_kept(self.saves[i].path, PICTURE, self.safe)]

    def draw_pictures(self, budget: float = 0.03) -> int:
        """Draw the pictures of rows in view still without one, at least one and for about
        ``budget`` seconds (the window answers between frames). Returns how many."""
        start = time.perf_counter()
        made = 0
        for i in self.waiting():
            save_thumbnail(self.saves[i].path, PICTURE, self.safe)
            made += 1
            if time.perf_counter() - start >= budget:
                break
        return made

    # ---- drawing ---------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, LIST_BG, self.rect)
        pygame.draw.rect(surf, (30, 26, 20), self.rect, 1)
        self.drawn = []
        if not self.saves:
            text(surf, "(no saved games yet)", (self.rect.x + 12, self.rect.y + 12), 20, WORDS_SOFT)
            return
        clip = surf.get_clip()
        surf.set_clip(self.rect)
        for i in self.in_view():
            self._draw_row(surf, i)
        surf.set_clip(clip)
        bar = self.bar()
        if bar is not None:
            pygame.draw.rect(surf, (36, 32, 27), bar[0], border_radius=4)
            pygame.draw.rect(surf, (200, 170, 110) if self.dragging is not None else (150, 128, 92), bar[1], border_radius=4)

    def _draw_row(self, surf: pygame.Surface, i: int) -> None:
        info = self.saves[i]
        row = self.row_rect(i)
        colour = ROW_PICKED if i == self.picked else ROW_HOVER if i == self.hover else ROW_BG
        pygame.draw.rect(surf, colour, row, border_radius=4)
        if i == self.picked:
            pygame.draw.rect(surf, (232, 196, 108), row, 1, border_radius=4)
        frame = pygame.Rect(row.x + 5, row.y + (row.h - PICTURE[1]) // 2, *PICTURE)
        pic = None if info.error or not is_kept(info.path, PICTURE, self.safe) else save_thumbnail(info.path, PICTURE, self.safe)[0]
        pygame.draw.rect(surf, (34, 30, 25), frame)
        if pic is not None:
            surf.blit(pic, pic.get_rect(center=frame.center))
        else:
            text(surf, "damaged" if info.error else "...", frame.center, 17, WORDS_SOFT, anchor="center")
        x = frame.right + 10
        room = row.right - 8 - x
        when = local_time(info.saved_at) if info.saved_at else ""
        words: list[pygame.Rect] = []
        name, size = fit_line(info.name, 20, 16, room - text_width(when, 17) - 12, bold=True)
        words.append(text(surf, name, (x, row.y + 6), size, WORDS, bold=True))
        if when:
            words.append(text(surf, when, (row.right - 8, row.y + 8), 17, WORDS_SOFT, anchor="topright"))
        if info.error:
            lines = wrap(f"Cannot be loaded: {info.error}", 17, room)
            if len(lines) > 2:  # the rest is said when it is loaded
                lines = [lines[0], fit_line(" ".join(lines[1:]), 17, 17, room)[0]]
            for k, line in enumerate(lines):
                words.append(text(surf, line, (x, row.y + 28 + 18 * k), 17, WORDS_BAD))
        else:
            for k, line in enumerate((f"{info.scenario}, turn {info.turn}", info.sides)):
                s, sz = fit_line(line, 18, 15, room)
                words.append(text(surf, s, (x, row.y + 28 + 19 * k), sz, WORDS_SOFT if k else WORDS))
        self.drawn.append((i, row, frame, words))


def draw_preview(surf: pygame.Surface, at: tuple[int, int], width: int,
                 preview: tuple[Path, pygame.Surface | None, list[str]] | None) -> None:
    """The picked save's larger picture and what it says, in a column ``width`` wide."""
    x, y = at
    if preview is None:
        text(surf, "Pick a save: its table shows here.", (x, y), 18, (170, 158, 128))
        return
    _, pic, lines = preview
    if pic is not None:
        surf.blit(pic, (x + (width - pic.get_width()) // 2, y))
        y += pic.get_height() + 8
    for line in lines:
        for part in wrap(line, 18, width):
            text(surf, part, (x, y), 18, (220, 208, 178))
            y += 22
