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
            (f"Sound: {round(vol * 100)}%" if vol else "Sound: off", self.volume,
             "The dice, shots, explosions and clicks: full, half or off (F2 in a game steps it too)."),
            ("Side colours: " + ("colour-blind safe" if st.get("colour_blind") else "as each map gives them"),
             lambda: self.change(colour_blind=not st.get("colour_blind")),
             "Colour-blind safe: the sides in the Okabe-Ito colours, told apart with every common colour blindness. "
             "Only the screen changes, never the game."),
            (f"Computer's pace: {st.get('ai_speed')}", self.pace,
             "How fast the computer plays its commands: normal (slow enough to follow), fast or instant. Tab skips ahead in a game."),
            ("Full screen: " + ("on" if st.get("fullscreen") else "off"), lambda: self.change(fullscreen=not st.get("fullscreen")),
             "The game fills the screen."),
            (f"Window: {st.get('window')}", lambda: self.step("window", WINDOW_SIZES),
             "The window's size when not full screen (its edges can be dragged too)."),
            (f"UI scale: {round(float(st.get('ui_scale', 1.0)) * 100)}%" + self.scale_note(), lambda: self.step("ui_scale", UI_SCALES),
             "Every screen drawn larger, for a screen of small pixels, as far as the window holds 960x640 points."),
            (f"Animation: {st.get('animation')}", lambda: self.step("animation", tuple(ANIMATIONS)),
             "Tokens glide and dice tumble: normal, fast, or off (they jump and land at once)."),
        ]
        self.buttons = []
        for i, (label, fn, tip) in enumerate(rows):
            b = UIButton(pygame.Rect(x, y + 54 * i, 420, 44), label, m, command=fn)
            b.set_tooltip(tip, delay=0.5, wrap_width=400)  # a few wide lines, not a tall column over the buttons
            self.buttons.append(b)
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
        draw_backdrop(surf, "Settings", "Click a setting to step through its choices; each is kept at once")
        text(surf, f"Kept in {settings_path()}", (60, surf.get_height() - 120), 18, (170, 158, 128))
