"""Modal handlers, drawn over the whole screen and taking every event until answered:
the hotseat handover screen, a yes/no question and a one-line text entry. Any scene
with a handler stack can push them."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .handler_base import LEFT, Handler, HandlerStack
from .theme import text, wrap


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


class ConfirmHandler(Handler[HandlerStack]):
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
            yes = e.key in (pygame.K_y, pygame.K_RETURN, pygame.K_SPACE)
            no = e.key in (pygame.K_n, pygame.K_ESCAPE)
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
    """A one-line text entry (the name of a save)."""

    modal = True

    def __init__(self, question: str, initial: str, on_done: Callable[[str], object]) -> None:
        self.question = question
        self.value = initial
        self.on_done = on_done

    def on_event(self, scene: HandlerStack, e: pygame.event.Event) -> bool:
        if e.type == pygame.TEXTINPUT:
            self.value += e.text
        elif e.type == pygame.KEYDOWN:
            if e.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                scene.pop(self)
                self.on_done(self.value.strip())
            elif e.key == pygame.K_ESCAPE:
                scene.pop(self)
        return True

    def draw(self, scene: HandlerStack, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        box = pygame.Rect(0, 0, 600, 150)
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surf, (236, 228, 206), box, border_radius=8)
        pygame.draw.rect(surf, (90, 70, 50), box, 2, border_radius=8)
        text(surf, self.question, (box.x + 20, box.y + 18), 24, (40, 30, 20))
        field = pygame.Rect(box.x + 20, box.y + 56, box.w - 40, 36)
        pygame.draw.rect(surf, (255, 252, 240), field)
        pygame.draw.rect(surf, (90, 70, 50), field, 1)
        text(surf, self.value + "|", (field.x + 8, field.y + 8), 24, (20, 16, 10))
        text(surf, "Enter to save, Esc to cancel", (box.x + 20, box.bottom - 34), 20, (90, 80, 60))
