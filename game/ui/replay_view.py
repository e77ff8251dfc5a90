"""The replay theatre (issue 22's first steps): any game (a finished one, a save) shown as it
stood after any of its commands, stepped back and forth with the arrow keys, and played on
from any moment as a new game (a branch: the original game and its save are never touched).

It is the play screen over the game rebuilt from the scenario, its seed and its first N
commands (game/catalog.py ``replay``), read only: a command given here is refused with what
to do instead."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.catalog import replay
from game.core.commands import Command, Rejected, Result
from game.core.game import Game
from game.session import Session

from .play import PlayScene
from .theme import text

if TYPE_CHECKING:
    from .app import App

#: what the banner over the table says the keys do
KEYS = "Left/Right: a command back/on  Home/End: the start/the end  B: play on from here as a new game  Esc: leave"


class ReplayScene(PlayScene):
    def __init__(self, app: App, whole: Game, step: int | None = None) -> None:
        self.whole = whole
        self.step = len(whole.commands) if step is None else max(0, min(step, len(whole.commands)))
        game = replay(whole, self.step)
        super().__init__(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))

    def submit(self, cmd: Command) -> Result:
        self.app.toast("This is a replay: press B to play on from here as a new game.", 5)
        return Rejected(cmd, "a replay is read only")

    def undo(self) -> None:
        self.go(self.step - 1)  # in the theatre, a step back

    def save(self) -> None:
        self.app.toast("This is a replay of a game already saved: press B to play on from here, then save.", 5)

    def go(self, step: int) -> None:
        """The same theatre at another step (the camera kept where it was)."""
        step = max(0, min(step, len(self.whole.commands)))
        if step == self.step:
            return
        nxt = ReplayScene(self.app, self.whole, step)
        self.app.switch(nxt)
        nxt.camera.zoom, nxt.camera.x, nxt.camera.y = self.camera.zoom, self.camera.x, self.camera.y

    def branch(self) -> None:
        """Play on from this moment: a new game, the original left as it was."""
        game = replay(self.whole, self.step)
        self.app.open("play", Session(game, {s: "human" for s in game.state.side_order}))
        self.app.toast(f"A new game from command {self.step} of the replay; the original is unchanged.", 6)

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and not self.top().modal:
            moves = {pygame.K_LEFT: self.step - 1, pygame.K_RIGHT: self.step + 1, pygame.K_HOME: 0, pygame.K_END: len(self.whole.commands)}
            if e.key in moves:
                self.go(moves[e.key])
                return
            if e.key == pygame.K_b:
                self.branch()
                return
            if e.key == pygame.K_ESCAPE:
                self.app.open("menu")
                return
        super().handle(e)

    def update(self, dt: float) -> None:
        self.traces.update(dt)
        self.dice.update(dt)
        self.painter.glide(dt)

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        r = self.table_rect
        band = pygame.Rect(r.x, r.y, r.w, 44)
        layer = pygame.Surface(band.size, pygame.SRCALPHA)
        layer.fill((30, 24, 16, 215))
        surf.blit(layer, band)
        n = len(self.whole.commands)
        text(surf, f"Replay: after command {self.step} of {n}, turn {self.game.state.turn}", (band.x + 10, band.y + 4), 19, (250, 230, 160), bold=True)
        text(surf, KEYS, (band.x + 10, band.y + 25), 15, (225, 215, 190))
