"""The box of the play screen's tools (the odds while aiming, a move's cost, a sight line's
features): its lines, its width and where it goes.

Its width fits its lines (:data:`MOST_W` at most). It goes where it covers nothing it is
about: of the places over the table (the four corners first, then along the edges, then
within) and at the bottom of the sidebar (over the log, the dice tray and as few of the
actions as it must: none holds a figure, and the box is put away while the pointer is
over the sidebar), the first that covers, in this order of weight, fewest
of the cursor and the unit aimed at, of the shooters (the selected unit), of the cards in
play and the minimap, of the other figures and of the names on the table. When no place
holds the whole box clear of the unit aimed at and the shooters (a small window, a tall
box: issue 21, the Trench Raid at 1000x700), the short box goes there instead (the chances,
the modifiers folded into one line; :func:`game.ui.odds_box.short_odds_lines`), and
:data:`WHOLE_KEY` shows the whole box (and the short one again). Pure rectangles in,
rectangles out, so it is tested without a window."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain

import pygame

from .odds_box import ODDS_BOX_LINES, WHOLE_KEY
from .theme import INK, fit_line, text, text_width, wrap

__all__ = ["LINE_H", "MOST_W", "WHOLE_KEY", "KeepOff", "Placed", "choose", "rows_of", "spots"]

#: a row of the box (px), the widest box, the narrowest, the step between places tried
LINE_H = 18
MOST_W = 380
LEAST_W = 180
STEP = 24
#: the gap (px) between the box and the edges of the table or the sidebar
EDGE = 10

#: the box's rows (words, bold) and what a place covers (see :class:`KeepOff`)
Rows = list[tuple[str, bool]]
Score = tuple[int, int, int, int, int]


def rows_of(lines: Sequence[str], most: int) -> tuple[int, Rows]:
    """The box's width (fitted to its widest line, ``most`` at most) and its rows: each
    line wrapped to that width, the first (the title) bold, a line's indent kept on each
    of its rows (an outcome under its label)."""
    return _rows_of(tuple(lines[:ODDS_BOX_LINES]), most)


@lru_cache(maxsize=64)
def _rows_of(lines: tuple[str, ...], most: int) -> tuple[int, Rows]:
    widest = max((text_width(line, LINE_H, bold=(i == 0)) for i, line in enumerate(lines)), default=0)
    width = max(min(LEAST_W, most), min(most, widest + 18))
    rows = []
    for i, line in enumerate(lines):
        body = line.lstrip(" ")
        indent = line[:len(line) - len(body)]
        shift = text_width(indent, LINE_H) if indent else 0
        rows += [(indent + part, i == 0) for part in wrap(body, LINE_H, width - 16 - shift, bold=(i == 0))]
    return width, rows


def height_of(rows: Sequence[object]) -> int:
    return 12 + LINE_H * len(rows)


@dataclass
class KeepOff:
    """What the box keeps off, weightiest first (screen rectangles)."""

    aimed: list[pygame.Rect]  # the cursor, and the tokens of the unit aimed at
    shooters: list[pygame.Rect]  # the tokens of the selected unit
    over: list[pygame.Rect]  # the cards in play, the minimap
    others: list[pygame.Rect]  # the other tokens
    names: list[pygame.Rect]  # the names on the table

    def score(self, r: pygame.Rect) -> Score:
        return (len(r.collidelistall(self.aimed)), len(r.collidelistall(self.shooters)), len(r.collidelistall(self.over)),
                len(r.collidelistall(self.others)), len(r.collidelistall(self.names)))


def spots(size: tuple[int, int], table: pygame.Rect) -> tuple[Iterator[pygame.Rect], Iterator[pygame.Rect]]:
    """Where a box of ``size`` may go over the table: by its rim (the four corners, top left,
    top right, bottom left, bottom right, then along the top and bottom edges and the left
    and right ones from the corners inward) and within (row by row); made as they are
    tried (the first corner is most often free)."""
    w, h = size
    x0, y0 = table.x + EDGE, table.y + EDGE
    x1, y1 = table.right - EDGE - w, table.bottom - EDGE - h
    if x1 < x0 or y1 < y0:  # larger than the table: its top left
        return iter([pygame.Rect(x0, y0, w, h)]), iter([])
    xs = [x for k in range(1, (x1 - x0) // STEP + 1) for x in (x0 + k * STEP, x1 - k * STEP)]
    ys = [y for k in range(1, (y1 - y0) // STEP + 1) for y in (y0 + k * STEP, y1 - k * STEP)]
    corners = ((x0, y0), (x1, y0), (x0, y1), (x1, y1))
    edges = chain(((x, y) for y in (y0, y1) for x in xs), ((x, y) for x in (x0, x1) for y in ys))
    rim = (pygame.Rect(x, y, w, h) for x, y in chain(corners, edges))
    within = (pygame.Rect(x, y, w, h) for y in sorted(set(ys)) for x in sorted(set(xs)))
    return rim, within


@dataclass
class Placed:
    """Where the box goes and what it shows."""

    rect: pygame.Rect
    rows: Rows
    short: bool  # the short box, shown because the whole one would cover what it is about
    score: Score


def best(rows_for: Callable[[int], tuple[int, Rows]], table: pygame.Rect, side: pygame.Rect | None,
         keep: KeepOff) -> tuple[pygame.Rect, Rows, Score]:
    """The place covering least (see the module's note), the first among equals: by the
    table's rim, then at the bottom of the sidebar's lower part ``side`` where the rows fit
    in it (rows of ``rows_for(side.w)``), then within the table (before the middle of the
    table, most often between the shooters and their target, the log the player is not
    reading while aiming)."""
    w, rows = rows_for(MOST_W)
    rim, within = spots((w, height_of(rows)), table)

    def aside() -> Iterator[tuple[pygame.Rect, Rows]]:
        if side is not None:
            srows = rows_for(side.w)[1]  # as wide as the sidebar: the log's lines do not show beside it
            if height_of(srows) <= side.h:
                yield pygame.Rect(side.x, side.bottom - height_of(srows), side.w, height_of(srows)), srows

    places = chain(((r, rows) for r in rim), aside(), ((r, rows) for r in within))
    found: tuple[pygame.Rect, Rows, Score] | None = None
    for r, rr in places:
        s = keep.score(r)
        if found is None or s < found[2]:
            found = (r, rr, s)
            if not any(s):
                break
    assert found is not None
    return found


def choose(lines: Sequence[str], short_lines: Callable[[int], Sequence[str] | None], table: pygame.Rect,
           side: pygame.Rect | None, keep: KeepOff, whole: bool = False) -> Placed:
    """Where the box goes and which (see the module's note): the whole box where it covers
    neither the unit aimed at nor the shooters, or fewer of them and of the cards and the
    minimap than the short box would; else the short box (``short_lines(width)``: None when
    the lines have no short form). ``whole``: the player asked for the whole box."""
    r, rows, s = best(lambda most: rows_of(lines, most), table, side, keep)
    if whole or s[:3] == (0, 0, 0):
        return Placed(r, rows, False, s)
    probe = short_lines(MOST_W)
    if probe is None:
        return Placed(r, rows, False, s)
    sr, srows, ss = best(lambda most: rows_of(short_lines(most) or [], most), table, side, keep)
    if ss[:3] < s[:3]:
        return Placed(sr, srows, True, ss)
    return Placed(r, rows, False, s)


def folder(width: int) -> Callable[[str], str]:
    """Cuts a line to one row of a box ``width`` wide, with an ellipsis (the short box's
    folded modifiers)."""
    return lambda s: fit_line(s, LINE_H, LINE_H, width - 16)[0]


def draw_box(surf: pygame.Surface, placed: Placed, opaque: bool = False) -> None:
    """The box: see-through over the table, ``opaque`` over the sidebar (whose words would
    show through)."""
    box = placed.rect
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    layer.fill((240, 232, 212, 255 if opaque else 235))
    surf.blit(layer, box)
    pygame.draw.rect(surf, (90, 70, 50), box, 1)
    y = box.y + 6
    for part, bold in placed.rows:
        text(surf, part, (box.x + 8, y), LINE_H, INK, bold=bold)
        y += LINE_H
