"""The Settings screen: each of the player's settings a button stepping through its
choices, kept in the settings file at once (game/ui/settings.py)."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton

from .scene import Scene
from .settings import AI_SPEEDS, ANIMATIONS, UI_SCALES, WINDOW_SIZES, settings_path
from .theme import text
from .widgets import draw_backdrop


class SettingsScene(Scene):
    """The player's settings, each a button that steps through its choices; kept in the
    settings file at once (game/ui/settings.py)."""

    def enter(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        x, y = w // 2 - 210, 170
        st = self.app.settings
        vol = self.app.sounds.volume
        rows = [
            (f"Sound: {round(vol * 100)}%" if vol else "Sound: off", self.volume),
            ("Side colours: " + ("colour-blind safe" if st.get("colour_blind") else "as each map gives them"),
             lambda: self.change(colour_blind=not st.get("colour_blind"))),
            (f"Computer's pace: {st.get('ai_speed')}", self.pace),
            ("Full screen: " + ("on" if st.get("fullscreen") else "off"), lambda: self.change(fullscreen=not st.get("fullscreen"))),
            (f"Window: {st.get('window')}", lambda: self.step("window", WINDOW_SIZES)),
            (f"UI scale: {round(float(st.get('ui_scale', 1.0)) * 100)}%" + self.scale_note(), lambda: self.step("ui_scale", UI_SCALES)),
            (f"Animation: {st.get('animation')}", lambda: self.step("animation", tuple(ANIMATIONS))),
        ]
        self.buttons = [UIButton(pygame.Rect(x, y + 54 * i, 420, 44), label, m, command=fn) for i, (label, fn) in enumerate(rows)]
        UIButton(pygame.Rect(w - 200, h - 90, 140, 44), "Back", m, command=lambda: self.app.open("menu"))

    def change(self, **changes: Any) -> None:
        self.app.change_settings(**changes)
        self.reopen()

    def volume(self) -> None:
        self.app.settings["volume"] = self.app.sounds.next_volume()
        self.reopen()

    def pace(self) -> None:
        self.step("ai_speed", tuple(AI_SPEEDS))

    def step(self, key: str, choices: tuple[Any, ...]) -> None:
        """The setting ``key`` on to its next choice (after the last, the first)."""
        cur = self.app.settings.get(key)
        self.change(**{key: choices[(choices.index(cur) + 1) % len(choices)] if cur in choices else choices[0]})

    def scale_note(self) -> str:
        """When the window is too small for the scale asked (the screens need 960x640 points)."""
        from .pointer import scale

        asked = float(self.app.settings.get("ui_scale", 1.0))
        return f" (this window: {round(scale() * 100)}%)" if abs(scale() - asked) > 0.01 else ""

    def reopen(self) -> None:
        self.app.manager.clear_and_reset()
        self.enter()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.open("menu")

    def draw(self, surf: pygame.Surface) -> None:
        draw_backdrop(surf, "Settings")
        text(surf, f"Kept in {settings_path()}", (60, surf.get_height() - 120), 18, (170, 158, 128))
