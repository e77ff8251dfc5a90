"""Cards drawn as cards: the activation card in play and the cards a side holds."""

from __future__ import annotations

import pygame

from game.core.cards import RANK_NAMES, SUITS, card_rank

from .theme import fit_line, text, wrap

SUIT_MARKS = {"H": ("\u2665", (180, 30, 30)), "D": ("\u2666", (180, 30, 30)), "C": ("\u2663", (20, 20, 20)), "S": ("\u2660", (20, 20, 20))}


def is_playing_card(code: str) -> bool:
    return code.startswith("JOKER") or (len(code) >= 2 and code[-1] in SUITS and card_rank(code) in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))


def draw_card(surf: pygame.Surface, rect: pygame.Rect, code: str, face_up: bool = True, caption: str = "") -> None:
    pygame.draw.rect(surf, (30, 24, 18), rect.move(3, 3), border_radius=6)
    if not face_up or code == "?":
        pygame.draw.rect(surf, (120, 40, 36), rect, border_radius=6)
        inner = rect.inflate(-10, -10)
        pygame.draw.rect(surf, (170, 120, 70), inner, 2, border_radius=4)
        text(surf, "?", rect.center, 34, (240, 220, 180), bold=True, anchor="center")
        return
    pygame.draw.rect(surf, (250, 246, 236), rect, border_radius=6)
    pygame.draw.rect(surf, (90, 70, 50), rect, 2, border_radius=6)
    if is_playing_card(code):
        if code.startswith("JOKER"):
            text(surf, "JOKER", rect.center, 22, (120, 40, 120), bold=True, anchor="center")
        else:
            rank = card_rank(code)
            mark, colour = SUIT_MARKS[code[-1]]
            text(surf, rank, (rect.x + 6, rect.y + 4), 24, colour, bold=True)
            text(surf, RANK_NAMES.get(rank, rank), rect.center, 18, colour, anchor="center")
            text(surf, SUITS[code[-1]], (rect.centerx, rect.bottom - 16), 16, colour, anchor="center")
            _ = mark
    else:
        lines = wrap(code.replace("_", " ").title(), 18, rect.w - 10, bold=True)
        y = rect.centery - 9 * len(lines)
        for line in lines:
            text(surf, line, (rect.centerx, y), 18, (60, 40, 24), bold=True, anchor="midtop")
            y += 18
    if caption:  # (a long side's name shortened with an ellipsis to the card's width and a little)
        words, size = fit_line(caption, 15, 13, rect.w + 8)
        text(surf, words, (rect.centerx, rect.bottom + 4), size, (240, 230, 200), anchor="midtop")
