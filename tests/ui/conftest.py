import os

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRENCHTABLE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(home):
    from game.ui.app import App

    a = App((1280, 800), headless=True)
    yield a
    pygame.quit()


class Driver:
    """Posts real pygame events and runs frames, as a player's hands would."""

    def __init__(self, app) -> None:
        self.app = app
        self.buttons = (0, 0, 0)

    def frame(self, n: int = 1, dt: float = 0.05) -> None:
        for _ in range(n):
            self.app.frame(dt)

    def settle(self) -> None:
        """The odds the screen asked for worked out (beside the window, game/ui/odds_worker.py),
        then a frame that shows them."""
        from game.ui.odds_worker import odds_worker

        assert odds_worker().settle(), "the odds worker did not finish"
        self.frame()

    def post(self, etype, **kw) -> None:
        pygame.event.post(pygame.event.Event(etype, **kw))

    def move(self, pos, buttons=(0, 0, 0)) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)
        self.frame()

    def click(self, pos, button: int = 1) -> None:
        self.move(pos)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.frame()
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.frame()

    def drag(self, a, b, button: int = 1, steps: int = 5) -> None:
        self.move(a)
        self.post(pygame.MOUSEBUTTONDOWN, pos=a, button=button)
        self.frame()
        held = tuple(1 if i + 1 == button else 0 for i in range(3))
        for k in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps)
            self.move((round(p[0]), round(p[1])), held)
        self.post(pygame.MOUSEBUTTONUP, pos=b, button=button)
        self.frame()

    def key(self, key: int, mod: int = 0, text: str = "") -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
        self.frame()
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)
        self.frame()

    def type(self, s: str) -> None:
        for ch in s:
            self.post(pygame.TEXTINPUT, text=ch)
        self.frame()

    def wheel(self, y: int) -> None:
        self.post(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))
        self.frame()


@pytest.fixture
def drive(app):
    return Driver(app)
