"""The First game screen: pick a guided first game by the way its rules run a turn
(phases, activation cards, fire teams, action points, orders); it starts against the solo AI
with the guide's panel on the play screen (game/ui/guide.py)."""

from __future__ import annotations

import secrets
from collections.abc import Callable

import pygame
from pygame_gui.elements import UIButton

from game.catalog import load_map, new_game
from game.data.errors import DataError
from game.session import Session

from .guide import FIRST_GAMES, LESSONS, Guide, Lesson
from .scene import Scene
from .theme import text, wrap
from .widgets import draw_backdrop


def start_lesson(app, lesson: Lesson, seed: int | None = None) -> None:
    """The lesson's scenario against the solo AI (a throwaway game: no autosave), guided."""
    try:
        lm = load_map(FIRST_GAMES / lesson.map_file)
    except DataError as e:
        app.toast(f"The first game cannot start: {e.one_line()}", 10)
        return
    other = next(s.id for s in lm.model.sides if s.id != lesson.learner)
    game = new_game(lm, seed=secrets.randbelow(100_000) if seed is None else seed, options={"solo_side": other})
    scene = app.open("play", Session(game, {lesson.learner: "human", other: "ai"}, handover="never", autosaves=False))
    scene.guide = Guide(lesson)


def lesson_rows(height: int, n: int) -> tuple[int, int, int]:
    """Where the lessons' buttons go in a window ``height`` px tall: (the first's top, the
    step from one to the next, the lines of each one's words under it), all ``n`` above
    the Back button: two lines each where there is room, one where there is not."""
    top = 190 if height >= 760 else 160
    room = height - 90 - top  # from the first button's top to the Back button's
    steps = max(1, n - 1)
    gap = min(110, (room - 90) // steps)  # a row: its button (44), 6 px, two lines of words (20 each)
    if gap >= 94:
        return top, gap, 2
    return top, min(110, (room - 70) // steps), 1


class FirstGameScene(Scene):
    def enter(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        x = w // 2 - 260
        self.buttons = []
        top, gap, _ = lesson_rows(h, len(LESSONS))
        for i, lesson in enumerate(LESSONS):
            self.buttons.append(UIButton(pygame.Rect(x, top + gap * i, 520, 44), lesson.name, m,
                                         command=self.starter(lesson)))
        UIButton(pygame.Rect(w - 200, h - 90, 140, 44), "Back", m, command=lambda: self.app.open("menu"))

    def starter(self, lesson: Lesson) -> Callable[[], None]:
        """The button's command: no parameter (pygame_gui hands its event to one that has)."""
        return lambda: start_lesson(self.app, lesson)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.open("menu")

    def draw(self, surf: pygame.Surface) -> None:
        draw_backdrop(surf, "A first game", "A small game against the computer, with a guide at your elbow")
        w = surf.get_width()
        top, gap, lines = lesson_rows(surf.get_height(), len(LESSONS))
        for i, lesson in enumerate(LESSONS):
            y = top + 50 + gap * i
            parts = wrap(lesson.intro.split(". ")[0] + ".", 17, 520)
            shown = parts[:lines]
            if len(parts) > lines:  # cut short in a small window: say so
                shown[-1] = shown[-1].rstrip(",;: ") + "..."
            for part in shown:
                text(surf, part, (w // 2 - 260, y), 17, (200, 190, 160))
                y += 20
