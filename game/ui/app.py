"""The window, the frame loop and the scenes (menu, new game, load, play, editor...).

One :class:`App` owns the window and a pygame_gui manager; a scene builds its widgets on
entry and the manager is cleared when the scene changes. ``App.frame()`` runs one frame
from the events already in pygame's queue, so tests post events and call it.

The app is the only module that knows every scene: a scene asks for the next one by
name with :meth:`App.open` and never imports another scene (nor this module, but for
type hints), which keeps the scene modules free of import circles.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, overload

import pygame
import pygame_gui

from game.editor.model import EditorDoc
from game.session import Session

from .editor import EditorScene
from .first_game import FirstGameScene
from .load_screen import LoadScene
from .mail_screen import MailScene
from .menu import MainMenu, NewGameScene, RulesScene
from .odds_worker import odds_worker
from .open_save import open_save
from .play import PlayScene
from .pointer import scale, set_scale, to_points
from .scene import Scene
from .settings import read_settings, window_size, write_settings
from .settings_screen import SettingsScene
from .sound import Sounds
from .theme import font, reset_fonts, text, wrap
from .victory import VictoryScene

THEME = Path(__file__).resolve().parents[2] / "assets" / "theme.json"

#: the scenes by name, for :meth:`App.open` (each is called with the app first)
SCENES: dict[str, Callable[..., Scene]] = {
    "menu": MainMenu,
    "new_game": NewGameScene,
    "load": LoadScene,
    "rules": RulesScene,
    "settings": SettingsScene,
    "play": PlayScene,
    "victory": VictoryScene,
    "editor": EditorScene,
    "mail": MailScene,
    "first_game": FirstGameScene,
}

__all__ = ["App", "Scene", "SCENES", "run_app"]


#: how long the window sleeps at most, waiting for input, when nothing on it moves (ms)
IDLE_WAIT = 250
#: ms between frames while the odds are worked out and the player does nothing (App.run)
WORKING_WAIT = 100


class App:
    def __init__(self, size: tuple[int, int] | None = None, headless: bool = False, ui_scale: float | None = None) -> None:
        """``size``: the window's (else the setting's); ``ui_scale``: the screens drawn this
        much larger (else the setting's in a window, 1 headless: a screenshot or a bench
        draws at its size)."""
        pygame.display.init()  # not pygame.init(): the mixer starts in Sounds, quietly (no device: silence)
        pygame.font.init()
        reset_fonts()
        pygame.display.set_caption("Trenchtable - skirmish wargames of the two World Wars")
        self.settings = read_settings()  # read once at start-up
        self.headless = headless
        self.ui_scale = ui_scale if ui_scale is not None else (1.0 if headless else float(self.settings["ui_scale"]))
        #: the window; ``screen`` is what the screens draw on: the window itself, or a
        #: smaller surface the window shows enlarged (the UI scale, game/ui/pointer.py)
        self.window = pygame.display.set_mode(size or window_size(self.settings), 0 if headless else pygame.RESIZABLE)
        self.screen = self.window
        self.manager = pygame_gui.UIManager(self.window.get_size(), str(THEME) if THEME.exists() else None)
        # the bold faces the screens' text boxes ask for (<b>), loaded with the rest: else
        # pygame_gui loads each the first time it is drawn, in the middle of a frame, and warns
        self.manager.preload_fonts([{"name": "noto_sans", "point_size": size, "style": "bold", "antialiased": "1"}
                                    for size in (14, 18)])
        self.scale_screen()
        self.clock = pygame.time.Clock()
        self.scene: Scene | None = None
        self.running = True
        self.messages: list[tuple[str, float]] = []  # toasts: (text, seconds left)
        self.toast_rects: list[pygame.Rect] = []  # where each was drawn in the last frame
        self.sounds = Sounds(self.settings["volume"])
        if self.settings.get("fullscreen") and not headless:
            self.set_fullscreen(True)

    def scale_screen(self) -> None:
        """The surface the screens draw on for the window's size and the UI scale: as
        large a scale as asked that leaves at least 960x640 points."""
        w, h = self.window.get_size()
        s = max(1.0, min(self.ui_scale, w / 960, h / 640))
        set_scale(s)
        self.screen = self.window if s == 1.0 else pygame.Surface((int(w / s), int(h / s)))
        self.manager.set_window_resolution(self.screen.get_size())

    def present(self) -> None:
        """The drawn screen onto the window (enlarged by the UI scale) and shown."""
        if self.screen is not self.window:
            pygame.transform.smoothscale(self.screen, self.window.get_size(), self.window)
        if not self.headless:
            pygame.display.flip()

    def resize_window(self, size: tuple[int, int]) -> None:
        self.window = pygame.display.set_mode(size, 0 if self.headless else pygame.RESIZABLE)
        self.scale_screen()
        if self.scene is not None:
            self.scene.resized()

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def switch(self, scene: Scene) -> None:
        if self.scene is not None:
            self.scene.leave()
            odds_worker().give_up()  # the odds the scene left asked for are not wanted
        self.manager.clear_and_reset()
        self.scene = scene
        scene.enter()

    # the scenes a scene may ask for, with what each needs (see SCENES)
    @overload
    def open(self, name: Literal["menu"]) -> MainMenu: ...
    @overload
    def open(self, name: Literal["new_game"]) -> NewGameScene: ...
    @overload
    def open(self, name: Literal["load"]) -> LoadScene: ...
    @overload
    def open(self, name: Literal["settings"]) -> SettingsScene: ...
    @overload
    def open(self, name: Literal["mail"]) -> MailScene: ...
    @overload
    def open(self, name: Literal["first_game"]) -> FirstGameScene: ...
    @overload
    def open(self, name: Literal["rules"], ruleset_id: str | None, back: Scene, focus: str | None = None) -> RulesScene: ...
    @overload
    def open(self, name: Literal["play"], session: Session, on_leave: Callable[[], None] | None = None) -> PlayScene: ...
    @overload
    def open(self, name: Literal["victory"], session: Session) -> VictoryScene: ...
    @overload
    def open(self, name: Literal["editor"], path: str | Path | None = None, doc: EditorDoc | None = None) -> EditorScene: ...

    def open(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Make the scene called ``name`` (see :data:`SCENES`) and switch to it."""
        scene = SCENES[name](self, *args, **kwargs)
        self.switch(scene)
        return scene

    def change_settings(self, **changes: Any) -> None:
        """Change the player's settings, kept in the settings file (a failure to write is
        said, and the change holds for this run)."""
        self.settings.update(changes)
        try:
            write_settings(changes)
        except OSError as e:
            self.toast(f"The settings could not be saved ({e.strerror or e}); they hold until you quit.", 8)
        if "fullscreen" in changes and not self.headless:
            self.set_fullscreen(bool(changes["fullscreen"]))
        elif "window" in changes and not self.settings.get("fullscreen"):
            self.resize_window(window_size(self.settings))
        elif "ui_scale" in changes:
            self.ui_scale = float(self.settings["ui_scale"])
            self.scale_screen()
            if self.scene is not None:
                self.scene.resized()

    def set_fullscreen(self, on: bool) -> None:
        self.window = pygame.display.set_mode((0, 0) if on else window_size(self.settings), pygame.FULLSCREEN if on else pygame.RESIZABLE)
        self.scale_screen()
        if self.scene is not None:
            self.scene.resized()

    def toast(self, text: str, seconds: float = 4.0) -> None:
        self.messages.append((text, seconds))
        self.messages = self.messages[-4:]

    def busy(self, message: str) -> None:
        """Say what the program is doing before work that keeps the window waiting (a
        save being played again from its commands): drawn over the screen at once."""
        r = pygame.Rect(0, 0, font(22).size(message)[0] + 48, 56)
        r.center = (self.size[0] // 2, self.size[1] // 2)
        pygame.draw.rect(self.screen, (40, 34, 26), r, border_radius=8)
        pygame.draw.rect(self.screen, (200, 170, 100), r, 2, border_radius=8)
        text(self.screen, message, r.center, 22, (245, 235, 210), anchor="center")
        self.present()
        pygame.event.pump()

    def frame(self, dt: float | None = None, first: pygame.event.Event | None = None) -> None:
        """One frame: the events (``first``, one already taken from the queue, before the
        rest), the scene updated and drawn."""
        if dt is None:
            dt = self.clock.tick(60) / 1000.0
        for event in ([first] if first is not None else []) + pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
                continue
            if event.type == pygame.VIDEORESIZE:
                self.resize_window((max(960, event.w), max(640, event.h)))
                continue
            if scale() != 1.0 and hasattr(event, "pos"):  # the window's pixels in the screens' points
                moved = {"pos": to_points(event.pos)}
                if hasattr(event, "rel"):
                    moved["rel"] = (int(event.rel[0] / scale()), int(event.rel[1] / scale()))
                event = pygame.event.Event(event.type, {**event.dict, **moved})
            consumed = self.manager.process_events(event)
            if self.scene is not None and not (consumed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)):
                self.scene.handle(event)
        self.manager.update(dt)
        if self.scene is not None:
            self.scene.update(dt)
            self.scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        self._draw_toasts(dt)
        self.present()

    def _draw_toasts(self, dt: float) -> None:
        """The latest messages above the bottom edge, each wrapped to the window's width
        (a refused save names the command and both results: a long line)."""
        y = self.size[1] - 60
        keep = []
        self.toast_rects = []
        width = self.size[0] - 480  # beside the play screen's sidebar, as the messages always sat
        for msg, left in reversed(self.messages):
            lines = wrap(msg, 20, width)
            if len(lines) > 6:  # the longest messages: six lines, the last saying it goes on
                last = lines[5]
                while last and font(20).size(last + "...")[0] > width:
                    last = last[:-1]
                lines = lines[:5] + [last.rstrip() + "..."]
            r = pygame.Rect(0, 0, max(font(20).size(line)[0] for line in lines) + 24, 24 * len(lines) + 8)
            r.midbottom = (self.size[0] // 2 - 180, y)
            self.toast_rects.append(r)
            pygame.draw.rect(self.screen, (40, 34, 26), r, border_radius=6)
            pygame.draw.rect(self.screen, (200, 170, 100), r, 1, border_radius=6)
            for i, line in enumerate(lines):
                text(self.screen, line, (r.centerx, r.top + 16 + 24 * i), 20, (245, 235, 210), anchor="center")
            y = r.top - 6
            if left - dt > 0:
                keep.append((msg, left - dt))
        self.messages = list(reversed(keep))

    def quiet(self) -> bool:
        """Nothing on the window moves or waits for time to pass (no message fading, the
        scene at rest): the next frame would draw the same picture."""
        return not self.messages and self.scene is not None and self.scene.quiet()

    def run(self) -> int:
        while self.running:
            first = None  # the event waited for: handled first, before those that came after it
            if self.quiet():  # at rest: sleep until the player does something (or a moment passes)
                first = pygame.event.wait(IDLE_WAIT)
                self.clock.tick()  # the time asleep is not a frame's
                if first.type == pygame.NOEVENT:
                    continue
            elif odds_worker().busy() and not self.messages and self.scene is not None and self.scene.still():
                # the odds worked out beside the window (odds_worker.py), nothing moving: a
                # frame at once when the player does something, else a few a second, and the
                # worker has the processor between them (sixty a second left it a fifth)
                first = pygame.event.wait(WORKING_WAIT)
            self.frame(first=first if first is not None and first.type != pygame.NOEVENT else None)
        pygame.quit()
        return 0


def run_app(args: Any) -> int:
    if os.environ.get("SDL_VIDEODRIVER") == "dummy" and not getattr(args, "allow_dummy", False):
        print("No display available (SDL_VIDEODRIVER=dummy); use `python main.py screenshot` for a headless picture.", file=sys.stderr)
        return 2
    app = App()
    editor = getattr(args, "editor", None)
    load = getattr(args, "load", None)
    if editor:
        app.open("editor", None if editor is True else editor)
    elif load:
        app.open("menu")
        open_save(app, load)
    else:
        app.open("menu")
    return app.run()
