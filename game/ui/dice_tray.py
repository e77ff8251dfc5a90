"""The dice tray: the latest rolls shown as dice with their faces.

New rolls tumble for a moment (faces flicker, dice slide and settle) before showing the
real result. The tumbling uses its own cosmetic random generator and never touches the
game's dice."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pygame

from game.core.dice import Roll, die_faces
from game.core.named_dice import named

from .theme import INK, INK_SOFT, fit_line, text, text_width, wrap

TUMBLE = 0.55  # seconds
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}
DIE_COLOURS = {"d6": (244, 238, 222), "dav": (226, 206, 160), "d10": (190, 214, 236), "d3": (214, 236, 200),
               "d20": (236, 200, 200), "d4": (236, 226, 180), "d8": (210, 200, 236), "d12": (200, 236, 226)}


@dataclass
class TrayRoll:
    roll: Roll
    age: float = 0.0
    jitter: list[tuple[float, float]] = field(default_factory=list)


def die_kind(spec: str) -> str:
    s = spec.lower()
    return "d" + s.split("d", 1)[1] if "d" in s else s


def faces_of(kind: str) -> int:
    """How many faces a die of the tray has (6 for what is not a die: a direction)."""
    try:
        return 6 if kind == "dav" else len(die_faces(kind))
    except ValueError:
        return 6


def draw_die(surf: pygame.Surface, rect: pygame.Rect, kind: str, face: int, settled: bool) -> None:
    colour = DIE_COLOURS.get(kind, (240, 240, 240))
    pygame.draw.rect(surf, (60, 50, 40), rect.move(2, 2), border_radius=5)
    pygame.draw.rect(surf, colour, rect, border_radius=5)
    pygame.draw.rect(surf, (80, 66, 50), rect, 1, border_radius=5)
    die = named(kind)
    if die is not None:  # a die with words on its faces: the word, and the die's name small
        word = die.label(face)
        size = max(9, min(rect.h - 8, int(rect.w * 1.7 / max(1, len(word)))))
        text(surf, word, rect.center, size, (40, 30, 24) if settled else (110, 100, 90), bold=True, anchor="center")
        text(surf, die.id[:5], (rect.right - 2, rect.bottom - 1), 10, (90, 80, 70), anchor="bottomright")
        return
    if kind == "d6" and face in PIPS:
        for px, py in PIPS[face]:
            pygame.draw.circle(surf, (40, 30, 24), (rect.x + px * rect.w, rect.y + py * rect.h), max(2, rect.w // 9))
    else:
        label = "0" if kind == "d10" and face == 10 else str(face)
        text(surf, label, rect.center, max(14, rect.h - 6), (40, 30, 24) if settled else (110, 100, 90), bold=True, anchor="center")
    if kind not in ("d6",):
        text(surf, kind.replace("dav", "Av"), (rect.right - 2, rect.bottom - 1), 11, (90, 80, 70), anchor="bottomright")


#: the rolls of one command the tray keeps
MAX_BATCH = 24


class DiceTray:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.rolls: list[TrayRoll] = []
        self.cosmetic = random.Random(1234)  # cosmetic only, never rules dice
        self.paused = False
        self.speed = 1.0  # how fast the dice tumble (the animation setting)

    def add(self, roll: Roll, animate: bool = True) -> None:
        self.show([roll], animate)

    def show(self, rolls: list[Roll], animate: bool = True) -> None:
        """The rolls of one command (a team's volley is a roll a figure): the tray shows
        them all, one row each when there are several."""
        batch = []
        for roll in rolls:
            if not roll.faces:
                continue
            tr = TrayRoll(roll, 0.0 if animate else TUMBLE)
            tr.jitter = [(self.cosmetic.uniform(-6, 6), self.cosmetic.uniform(-4, 4)) for _ in roll.faces]
            batch.append(tr)
        if batch:
            self.rolls = batch[-MAX_BATCH:]

    def busy(self) -> bool:
        return any(r.age < TUMBLE for r in self.rolls)

    def update(self, dt: float) -> None:
        dt *= self.speed
        for r in self.rolls:
            r.age += dt

    def draw(self, surf: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surf, (86, 64, 44), r)
        pygame.draw.rect(surf, (58, 70, 52), r.inflate(-8, -8))
        pygame.draw.rect(surf, (40, 30, 20), r, 1)
        if not self.rolls:
            text(surf, "Dice tray: rolls appear here", r.center, 18, (200, 210, 190), anchor="center")
            return
        if len(self.rolls) > 1:
            self.draw_rows(surf)
            return
        latest = self.rolls[-1]
        roll = latest.roll
        settled = latest.age >= TUMBLE
        kind = die_kind(roll.spec)
        n = len(roll.faces)
        size = 30 if n <= 8 else 22 if n <= 14 else 16
        per_row = max(1, (r.w - 20) // (size + 6))
        x0, y0 = r.x + 12, r.y + 12
        for i, face in enumerate(roll.faces):
            t = min(1.0, latest.age / TUMBLE)
            jx, jy = latest.jitter[i] if i < len(latest.jitter) else (0, 0)
            shown = face if settled else self.cosmetic.randint(1, max(2, faces_of(kind)))
            if kind == "dav" and not settled:
                shown = self.cosmetic.choice((2, 3, 3, 4, 4, 5))
            ox = (1 - t) * jx * 3
            oy = (1 - t) * jy * 3
            rect = pygame.Rect(x0 + (i % per_row) * (size + 6) + ox, y0 + (i // per_row) * (size + 6) + oy, size, size)
            if rect.bottom > r.bottom - 30:
                text(surf, f"+{n - i} more", (rect.x, rect.y + 4), 16, (230, 230, 220))
                break
            draw_die(surf, rect, kind, shown, settled)
        if settled:
            lines = tray_lines(roll.reason + (f"  needs {roll.target}" if roll.target else ""), roll.outcome, r.w - 20)
            y = r.bottom - 8 - 16 * len(lines)
            for line in lines:
                text(surf, line, (r.x + 10, y), 17, (245, 240, 225))
                y += 16
        else:
            text(surf, "rolling...", (r.x + 10, r.bottom - 24), 17, (220, 220, 200))
        _ = (INK, INK_SOFT)


    def draw_rows(self, surf: pygame.Surface) -> None:
        """Several rolls of one command: a row each, its dice small and its outcome beside
        them; the rows that do not fit are counted on the last."""
        r = self.rect
        row_h, size = 20, 16
        rows = max(1, (r.h - 12) // row_h)
        shown = self.rolls if len(self.rolls) <= rows else self.rolls[:rows - 1]
        y = r.y + 7
        for tr in shown:
            settled = tr.age >= TUMBLE
            kind = die_kind(tr.roll.spec)
            x = r.x + 10
            for face in tr.roll.faces[:8]:
                shown_face = face if settled else self.cosmetic.randint(1, max(2, faces_of(kind)))
                draw_die(surf, pygame.Rect(x, y + 2, size, size), kind, shown_face, settled)
                x += size + 3
            words = (tr.roll.outcome or tr.roll.reason) if settled else "rolling..."
            words, wsize = fit_line(words, 15, 12, r.right - 10 - (x + 4))
            text(surf, words, (x + 4, y + 3), wsize, (245, 240, 225))
            y += row_h
        if len(shown) < len(self.rolls):
            text(surf, f"+{len(self.rolls) - len(shown)} more rolls (all in the log)", (r.x + 10, y + 3), 15, (230, 230, 220))


def tray_lines(said: str, outcome: str, width: int, most: int = 3) -> list[str]:
    """The roll's words under its dice, in at most ``most`` lines: the outcome is always
    shown (on a line of its own when the words are cut short)."""
    end = f"  ->\x00{outcome.replace(' ', chr(0))}" if outcome else ""  # the arrow and the outcome are never split
    lines = [line.replace("\x00", " ") for line in wrap(said + end, 17, width)]
    if len(lines) <= most:
        return lines
    head = wrap(said, 17, width - text_width("...", 17))[:most - 1] if end else lines[:most]
    if end:
        head[-1] = head[-1].rstrip(".,") + "..."
        head.append(end.strip().replace("\x00", " "))
    return head
