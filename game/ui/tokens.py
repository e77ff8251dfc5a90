"""Figure tokens: a round base in the side's colour, a symbol for the troop type, a tick
for facing, and small badges for status markers."""

from __future__ import annotations

from math import cos, radians, sin

import pygame

from .theme import font

BADGES = {
    "pinned": ((220, 140, 30), "P"),
    "running": ((200, 40, 30), "R"),
    "suppressed": ((110, 110, 110), "S"),
    "routing": ((200, 40, 30), "R"),
    "captured": ((80, 80, 160), "C"),
    "regroup": ((90, 120, 170), "G"),
    "destroyed": ((40, 40, 40), "X"),
    "shot": ((235, 200, 80), "F"),
    "moved": ((150, 150, 150), "M"),
    "at_wire": ((120, 120, 120), "W"),
    "wounds": ((190, 30, 30), "+"),
    "immobilised": ((90, 90, 90), "I"),
    "broken": ((90, 90, 90), "B"),
    "panicked": ((200, 40, 30), "!"),
    "winged": ((150, 120, 40), "w"),
    "done": ((110, 110, 110), "D"),
    "bogged": ((120, 90, 50), "B"),
    "disabled": ((90, 60, 60), "D"),
}


#: the least radius a token is drawn at, in pixels (a figure stays readable at fit zoom)
MIN_R = 6.0
#: the light ring around every token, whatever the side's colour and the ground under it
HALO = (238, 230, 205)
#: the dark edge outside that ring
EDGE = (28, 24, 18)


def halo_width(r: float) -> int:
    return 1 + round(r / 9)


def draw_symbol(surf: pygame.Surface, symbol: str, c: tuple[float, float], r: float, colour) -> None:
    x, y = c
    w = max(1, round(r / 6))
    if symbol == "officer":
        pts = []
        for i in range(10):
            a = radians(-90 + i * 36)
            rr = r * 0.55 if i % 2 == 0 else r * 0.24
            pts.append((x + cos(a) * rr, y + sin(a) * rr))
        pygame.draw.polygon(surf, colour, pts)
    elif symbol == "nco":
        for k in (0, 1):
            dy = k * r * 0.3 - r * 0.1
            pygame.draw.lines(surf, colour, False, [(x - r * 0.45, y + dy - r * 0.1), (x, y + dy - r * 0.4), (x + r * 0.45, y + dy - r * 0.1)], w)
    elif symbol in ("lmg", "smg", "rifle"):
        pygame.draw.line(surf, colour, (x - r * 0.5, y + r * 0.5), (x + r * 0.5, y - r * 0.5), w + (1 if symbol == "lmg" else 0))
        if symbol == "lmg":
            pygame.draw.line(surf, colour, (x - r * 0.1, y + r * 0.1), (x - r * 0.35, y + r * 0.45), w)
            pygame.draw.line(surf, colour, (x - r * 0.1, y + r * 0.1), (x + r * 0.15, y + r * 0.45), w)
        if symbol == "smg":
            pygame.draw.line(surf, colour, (x, y), (x + r * 0.25, y + r * 0.3), w)
    elif symbol == "hmg":
        pygame.draw.line(surf, colour, (x - r * 0.55, y), (x + r * 0.55, y), w + 1)
        for dx in (-0.35, 0.0, 0.35):
            pygame.draw.line(surf, colour, (x, y), (x + dx * r, y + r * 0.5), w)
    elif symbol == "mortar":
        pygame.draw.circle(surf, colour, (x, y), r * 0.35, w)
        pygame.draw.circle(surf, colour, (x, y), max(1, r * 0.1))
    elif symbol == "crew":
        pygame.draw.circle(surf, colour, (x, y), max(1, r * 0.18))
    else:
        pygame.draw.circle(surf, colour, (x, y), max(1, r * 0.2))


def draw_token(
    surf: pygame.Surface,
    pos: tuple[float, float],
    r: float,
    side_colour: str,
    symbol: str,
    facing: float,
    badges: list[str],
    selected: bool = False,
    highlight: tuple[int, int, int] | None = None,
    dim: bool = False,
) -> pygame.Rect:
    """Draws the token; returns the square it covers (its ring and badges)."""
    r = max(MIN_R, r)
    base = pygame.Color(side_colour)
    if dim:
        base = pygame.Color(base.r // 2 + 60, base.g // 2 + 60, base.b // 2 + 60)
    rim = pygame.Color(int(base.r * 0.55), int(base.g * 0.55), int(base.b * 0.55))
    x, y = pos
    pygame.draw.circle(surf, (20, 18, 14), (x + r * 0.12, y + r * 0.15), r)  # shadow
    edge = r + halo_width(r) + 1
    sel = edge + max(2, r * 0.22) if selected else edge  # the rings outside the token's edge (inside it
    lit = sel + max(3, r * 0.3) if highlight is not None else sel  # the edge hid them on a small token)
    if highlight is not None:
        pygame.draw.circle(surf, highlight, (x, y), lit)
    if selected:
        pygame.draw.circle(surf, (255, 230, 90), (x, y), sel)
    pygame.draw.circle(surf, EDGE, (x, y), edge)  # a dark edge, then a light ring: the token
    pygame.draw.circle(surf, HALO, (x, y), r + halo_width(r))  # stands out on dark ground and on light
    pygame.draw.circle(surf, base, (x, y), r)
    pygame.draw.circle(surf, rim, (x, y), r, max(1, round(r / 7)))
    a = radians(facing)
    tip = (x + cos(a) * r * 1.0, y + sin(a) * r * 1.0)
    left = (x + cos(a + 2.6) * r * 0.75 + cos(a) * r * 0.55, y + sin(a + 2.6) * r * 0.75 + sin(a) * r * 0.55)
    right = (x + cos(a - 2.6) * r * 0.75 + cos(a) * r * 0.55, y + sin(a - 2.6) * r * 0.75 + sin(a) * r * 0.55)
    if r >= 7:
        pygame.draw.polygon(surf, rim, [tip, left, right])
    draw_symbol(surf, symbol, (x, y), r, (245, 238, 220))
    if r >= 6:
        for i, b in enumerate(badges[:4]):
            key = b.split(" ")[0]
            colour, letter = BADGES.get(b, BADGES.get(key, ((90, 90, 90), b[:1].upper())))
            digits = "".join(ch for ch in b if ch.isdigit())
            if digits and letter in ("+", "S"):
                letter = digits[:1]
            br = max(4.0, r * 0.38)
            ang = radians(-45 + i * 40)
            bx, by = x + cos(ang) * (r + br * 0.3), y + sin(ang) * (r + br * 0.3)
            pygame.draw.circle(surf, colour, (bx, by), br)
            pygame.draw.circle(surf, (20, 20, 20), (bx, by), br, 1)
            if br >= 6:
                img = font(max(10, round(br * 1.7)), True).render(letter, True, (255, 255, 255))
                surf.blit(img, img.get_rect(center=(round(bx), round(by))))
    out = max(r + max(halo_width(r) + 1, r * 0.5 if badges else 0), lit)
    return pygame.Rect(round(x - out), round(y - out), round(2 * out), round(2 * out))
