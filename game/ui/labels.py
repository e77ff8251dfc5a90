"""Names on the table placed where they cover nothing (issue 21: an objective's name was drawn
under a dummy marker, a figure and the artillery grid's square numbers).

The names are drawn last, over the figures, each on a small plate, at the first of a few
places around what it names that overlaps none of the things already on the screen (a
token, a marker, a grid label, a name placed before it); when every place is taken, the one
covering least. Pure rectangles in, rectangles out, so it is tested without a window."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from .theme import font

#: the gap (px) kept between a name and what it names
GAP = 4


def candidates(size: tuple[int, int], at: tuple[int, int], clear: int) -> list[pygame.Rect]:
    """Where a name of ``size`` may go around the point ``at``, keeping ``clear`` pixels
    from it: above, below, right, left, then the four corners."""
    w, h = size
    x, y = at
    d = clear + GAP
    spots = [(x - w // 2, y - d - h), (x - w // 2, y + d), (x + d, y - h // 2), (x - d - w, y - h // 2),
             (x + d, y - d - h), (x - d - w, y - d - h), (x + d, y + d), (x - d - w, y + d)]
    return [pygame.Rect(px, py, w, h) for px, py in spots]


def overlap(r: pygame.Rect, taken: Sequence[pygame.Rect]) -> int:
    """The area of ``r`` that the taken rectangles cover (summed)."""
    total = 0
    for i in r.collidelistall(taken):  # the few that touch it, found in C
        c = r.clip(taken[i])
        total += c.w * c.h
    return total


#: how much farther (px) a name may go, ring by ring, when the places by its point are all taken
FARTHER = (16, 32, 48)


def place(size: tuple[int, int], at: tuple[int, int], clear: int, taken: Sequence[pygame.Rect], bounds: pygame.Rect) -> pygame.Rect:
    """The first candidate inside ``bounds`` that overlaps nothing taken; when every one
    next to the point is taken (a name among a crowd of figures), the first free one a ring
    or a few farther out; else the nearest ring's that overlaps least (the first among
    equals). Kept inside ``bounds``."""
    spots = candidates(size, at, clear)
    inside = [s for s in spots if bounds.contains(s)] or [s.clamp(bounds) for s in spots]
    for ring in [inside] + [[s for s in candidates(size, at, clear + d) if bounds.contains(s)] for d in FARTHER]:
        free = next((s for s in ring if overlap(s, taken) == 0), None)
        if free is not None:
            return free
    return min(inside, key=lambda s: overlap(s, taken))


def draw_names(surf: pygame.Surface, names: Sequence[tuple[str, tuple[int, int], int]], taken: list[pygame.Rect],
               bounds: pygame.Rect, size: int = 18) -> list[pygame.Rect]:
    """Each (name, point, clearance) drawn on a plate where it covers least; returns where.
    Each placed name is added to ``taken`` so the next keeps off it."""
    out = []
    f = font(size, True)
    for words, at, clear in names:
        img = f.render(words, True, (250, 240, 210))
        r = place((img.get_width() + 8, img.get_height() + 2), at, clear, taken, bounds)
        plate = pygame.Surface(r.size, pygame.SRCALPHA)
        plate.fill((30, 26, 20, 150))
        surf.blit(plate, r)
        surf.blit(img, (r.x + 4, r.y + 1))
        taken.append(r)
        out.append(r)
    return out
