"""Modal handlers, drawn over the whole screen and taking every event until answered:
the hotseat handover screen, a yes/no question and a one-line text entry. Any scene
with a handler stack can push them."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .handler_base import LEFT, Handler, HandlerStack
from .theme import text, text_width, wrap

#: the longest name a prompt takes (a save's file name is made from it: far under any system's limit)
MAX_NAME = 60


class HandoverHandler(Handler[HandlerStack]):
    modal = True

    def __init__(self, side_name: str) -> None:
        self.side_name = side_name

    def on_event(self, scene: HandlerStack, e: pygame.event.Event) -> bool:
        if (e.type == pygame.MOUSEBUTTONDOWN and e.button == LEFT) or (e.type == pygame.KEYDOWN and e.key in (pygame.K_SPACE, pygame.K_RETURN)):
            scene.pop(self)
        return True

    def draw(self, scene: HandlerStack, surf: pygame.Surface) -> None:
        surf.fill((30, 28, 24))
        w, h = surf.get_size()
        text(surf, f"Pass the seat to {self.side_name}", (w // 2, h // 2 - 30), 44, (240, 226, 190), bold=True, anchor="center")
        text(surf, "The table is hidden so each side sees only what it may.", (w // 2, h // 2 + 14), 24, (200, 186, 150), anchor="center")
        text(surf, "Click or press Space when ready.", (w // 2, h // 2 + 50), 24, (200, 186, 150), anchor="center")


#: modifiers that make a key a chord (Ctrl+Y is redo, not yes)
CHORD_MODS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META | pygame.KMOD_GUI


class ConfirmHandler(Handler[HandlerStack]):
    """A yes-or-no question: Y (alone) or the Yes button; N, Esc or the No button."""


    modal = True

    def __init__(self, question: str, on_yes: Callable[[], object], on_no: Callable[[], object] | None = None) -> None:
        self.question = question
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes_rect = pygame.Rect(0, 0, 0, 0)
        self.no_rect = pygame.Rect(0, 0, 0, 0)

    def on_event(self, scene: HandlerStack, e: pygame.event.Event) -> bool:
        yes = no = False
        if e.type == pygame.KEYDOWN:
            # Y alone, a key of its own: not Return or Space (the keys that asked, pressed
            # twice) and not Ctrl+Y (redo) or any other held modifier
            plain = not (getattr(e, "mod", 0) & CHORD_MODS)
            yes = e.key == pygame.K_y and plain
            no = (e.key == pygame.K_n and plain) or e.key == pygame.K_ESCAPE
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == LEFT:
            yes = self.yes_rect.collidepoint(e.pos)
            no = self.no_rect.collidepoint(e.pos)
        if yes:
            scene.pop(self)
            self.on_yes()
        elif no:
            scene.pop(self)
            if self.on_no:
                self.on_no()
        return True

    def draw(self, scene: HandlerStack, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surf.blit(shade, (0, 0))
        box = pygame.Rect(0, 0, 560, 170)
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surf, (236, 228, 206), box, border_radius=8)
        pygame.draw.rect(surf, (90, 70, 50), box, 2, border_radius=8)
        y = box.y + 20
        for line in wrap(self.question, 24, box.w - 40):
            text(surf, line, (box.centerx, y), 24, (40, 30, 20), anchor="midtop")
            y += 26
        self.yes_rect = pygame.Rect(box.centerx - 150, box.bottom - 56, 130, 40)
        self.no_rect = pygame.Rect(box.centerx + 20, box.bottom - 56, 130, 40)
        for r, label in ((self.yes_rect, "[Y] Yes"), (self.no_rect, "[N] No")):
            pygame.draw.rect(surf, (90, 74, 54), r, border_radius=4)
            text(surf, label, r.center, 22, (245, 235, 210), anchor="center")


class PromptHandler(Handler[HandlerStack]):
    """A one-line text entry (the name of a save). The offered text starts selected: typing
    replaces it, Backspace clears it, an arrow key keeps it to go on typing; Ctrl+A selects
    it all again. At most :data:`MAX_NAME` characters (a save's file name is made from it)."""

    modal = True

    def __init__(self, question: str, initial: str, on_done: Callable[[str], object], verb: str = "save") -> None:
        self.question = question
        self.verb = verb  # what Enter does, as the hint says it
        self.value = initial[:MAX_NAME]
        self.selected = bool(self.value)
        self.on_done = on_done
        self.full = False

    def on_event(self, scene: HandlerStack, e: pygame.event.Event) -> bool:
        if e.type == pygame.TEXTINPUT:
            if self.selected:
                self.value, self.selected = "", False
            room = MAX_NAME - len(self.value)
            self.full = len(e.text) > room
            self.value += e.text[:max(0, room)]
        elif e.type == pygame.KEYDOWN:
            if e.key == pygame.K_a and e.mod & pygame.KMOD_CTRL:
                self.selected = bool(self.value)
            elif e.key == pygame.K_BACKSPACE:
                self.value = "" if self.selected else self.value[:-1]
                self.selected = self.full = False
            elif e.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_END, pygame.K_HOME):
                self.selected = False
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                scene.pop(self)
                self.on_done(self.value.strip())
            elif e.key == pygame.K_ESCAPE:
                scene.pop(self)
        return True

    def draw(self, scene: HandlerStack, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        asked = wrap(self.question, 24, 560)  # a long question wraps inside the box
        box = pygame.Rect(0, 0, 600, 124 + 26 * len(asked))
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surf, (236, 228, 206), box, border_radius=8)
        pygame.draw.rect(surf, (90, 70, 50), box, 2, border_radius=8)
        for i, line in enumerate(asked):
            text(surf, line, (box.x + 20, box.y + 18 + 26 * i), 24, (40, 30, 20))
        field = pygame.Rect(box.x + 20, box.y + 30 + 26 * len(asked), box.w - 40, 36)
        pygame.draw.rect(surf, (255, 252, 240), field)
        pygame.draw.rect(surf, (90, 70, 50), field, 1)
        shown = self.value
        while shown and text_width(shown + "|", 24) > field.w - 16:  # the end of a long name stays in view
            shown = shown[1:]
        if self.selected:
            pygame.draw.rect(surf, (190, 205, 235), (field.x + 6, field.y + 6, text_width(shown, 24) + 4, field.h - 12))
        text(surf, shown + ("" if self.selected else "|"), (field.x + 8, field.y + 8), 24, (20, 16, 10))
        hint = f"At most {MAX_NAME} characters. " if self.full or len(self.value) >= MAX_NAME else ""
        text(surf, hint + f"Enter to {self.verb}, Esc to cancel", (box.x + 20, box.bottom - 34), 20, (150, 60, 30) if hint else (90, 80, 60))
