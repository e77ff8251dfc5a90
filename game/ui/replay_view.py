"""The replay theatre (issue 22): any game (a finished one, a save) shown as it stood after
any of its commands - that command's trails, shots and dice shown as they fell - stepped
back and forth with the arrow keys, played and paused at a chosen speed, jumped to from a
line of its log, with the odds each command had on demand, and played on from any moment
as a new game (a branch: the original game and its save are never touched).

It is the play screen over the game rebuilt from the scenario, its seed and its first N
commands (game/catalog.py ``replay``), read only: a command given here is refused with what
to do instead."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.catalog import replay
from game.core.commands import Command, Rejected, Result
from game.core.events import Event
from game.core.game import Game
from game.rulesets.offers import Action
from game.session import Session

from .odds_box import odds_lines
from .play import PlayScene
from .play_controls import toolbar_items
from .play_view import PlayView
from .theme import INK, fit_line, text, wrap
from .widgets import Button, least_covering

if TYPE_CHECKING:
    from .app import App

#: what the banner over the table says the keys do
KEYS = ("Left/Right: a command back/on  Home/End  Space: play/pause  +/-: speed  a log line: that moment  "
        "O: the odds it had  B: play on from here  Esc")
#: seconds a command stays on the table while the replay plays, slowest first
SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1)
#: the play screen's tools the theatre keeps (its Undo, Save and Menu are the game's)
KEPT_TOOLS = ("Measure", "Sight", "Fit", "Rules")


class TheatreView(PlayView):
    """The play screen's drawing, the sidebar's End phase button a Play/Pause one."""

    scene: ReplayScene

    def phase_button(self, rect: pygame.Rect) -> Button:
        return Button(rect, "Pause" if self.scene.playing else "Play", self.scene.toggle_play, True, "Space")


def command_marks(game: Game) -> list[int]:
    """The log's length after each of the game's commands (0: after the set-up), found by
    playing it again once: which command wrote which log line."""
    fresh = replay(game, 0)
    marks = [len(fresh.log)]
    for cmd in game.commands:
        fresh.submit(cmd)
        marks.append(len(fresh.log))
    return marks


class ReplayScene(PlayScene):
    def __init__(self, app: App, whole: Game, step: int | None = None, playing: bool = False, speed: int = 1,
                 marks: list[int] | None = None, worked_out: dict[int, list[str]] | None = None) -> None:
        self.whole = whole
        self.step = len(whole.commands) if step is None else max(0, min(step, len(whole.commands)))
        self.playing = playing
        self.speed = max(0, min(speed, len(SPEEDS) - 1))
        self.timer = 0.0
        self.marks = marks  # found the first time a log line is clicked
        self.worked_out = {} if worked_out is None else worked_out  # each step's odds, once worked out (seconds each)
        self.odds: list[str] = []  # the odds the shown command had, when asked for (O)
        self.odds_rect = pygame.Rect(0, 0, 0, 0)  # where they were drawn last
        game = replay(whole, max(0, self.step - 1))
        super().__init__(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
        self.painter = TheatreView(self)
        if self.step > 0:  # the last command given here, so its trails, shots and dice show
            PlayScene.submit(self, whole.commands[self.step - 1])

    def layout(self, items: list[tuple[str, str, Callable[[], None]]] | None = None) -> None:
        """The toolbar: the theatre's controls for the mouse (the keys do the same), then
        the play screen's tools that give no command."""
        theatre: list[tuple[str, str, Callable[[], None]]] = [
            ("Start", "Home", lambda: self.jump(0)), ("Back", "Left", lambda: self.jump(self.step - 1)),
            ("On", "Right", lambda: self.jump(self.step + 1)), ("End", "End", lambda: self.jump(len(self.whole.commands))),
            ("Slower", "-", lambda: self.faster(-1)), ("Faster", "+", lambda: self.faster(1)),
            ("Odds", "O", self.show_odds), ("Play on", "B", self.branch)]
        tools = [it for it in toolbar_items(self) if it[0] in KEPT_TOOLS]
        super().layout(theatre + tools + [("Menu", "Esc", self.to_menu)])

    def to_menu(self) -> None:
        self.app.open("menu")

    def jump(self, step: int) -> None:
        self.playing = False
        self.go(step)

    def submit(self, cmd: Command) -> Result:
        self.app.toast("This is a replay: press B to play on from here as a new game.", 5)
        return Rejected(cmd, "a replay is read only")

    def current_actions(self) -> list[Action]:
        """None offered: the theatre takes no command (B plays on from here)."""
        return []

    def log_events(self) -> list[Event]:
        """The whole game's log (what the side shown may read); the lines after this
        moment are drawn faint, and a click on any line goes to its moment."""
        return self.whole.log.for_side(self.session.viewer())

    def after_command(self, before_side: str) -> None:
        """Nothing between the sides in the theatre: no handover screen, no step-through."""

    def undo(self) -> None:
        self.go(self.step - 1)  # in the theatre, a step back

    def save(self) -> None:
        self.app.toast("This is a replay of a game already saved: press B to play on from here, then save.", 5)

    def go(self, step: int) -> None:
        """The theatre at another step (the camera kept where it was): one step on is
        played here; any other is the game set up again at that step."""
        step = max(0, min(step, len(self.whole.commands)))
        self.odds = []
        if step == self.step:
            return
        if step == self.step + 1:
            PlayScene.submit(self, self.whole.commands[self.step])
            self.step = step
            return
        nxt = ReplayScene(self.app, self.whole, step, self.playing, self.speed, self.marks, self.worked_out)
        self.app.switch(nxt)
        nxt.camera.zoom, nxt.camera.x, nxt.camera.y = self.camera.zoom, self.camera.x, self.camera.y

    def branch(self) -> None:
        """Play on from this moment: a new game, the original left as it was."""
        game = replay(self.whole, self.step)
        self.app.open("play", Session(game, {s: "human" for s in game.state.side_order}))
        self.app.toast(f"A new game from command {self.step} of the replay; the original is unchanged.", 6)

    def jump_to_line(self, pos: tuple[int, int]) -> bool:
        """A click on a log line: the table as it stood after the command that wrote it."""
        ev = self.log.row_at(pos)
        if ev is None:
            return False
        if self.marks is None:
            self.app.busy("Finding which command wrote each line...")
            self.marks = command_marks(self.whole)
        self.playing = False
        self.go(next((k for k, m in enumerate(self.marks) if m > ev.seq), len(self.whole.commands)))
        return True

    def show_odds(self) -> None:
        """The odds the shown command had when it was given (worked out on the game before
        it); pressed again, put away."""
        if self.odds:
            self.odds = []
            return
        if self.step == 0:
            self.app.toast("The start of the game: no command yet.")
            return
        cmd = self.whole.commands[self.step - 1]
        if self.step not in self.worked_out:
            self.app.busy("Working out the odds it had: every way its dice could fall...")  # a burst: seconds
            try:
                rep = self.rules.odds(replay(self.whole, self.step - 1), cmd)
            except Exception as e:  # a command that rolls nothing (a move, the end of a phase) has none
                self.app.toast(f"No odds for this command ({cmd.kind}): {str(e)[:80] or 'it rolls no dice'}", 6)
                return
            self.worked_out[self.step] = odds_lines(rep)
        self.odds = self.worked_out[self.step]

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and not self.top().modal:
            moves = {pygame.K_LEFT: self.step - 1, pygame.K_RIGHT: self.step + 1, pygame.K_HOME: 0, pygame.K_END: len(self.whole.commands)}
            if e.key in moves:
                self.jump(moves[e.key])
                return
            keys = {pygame.K_b: self.branch, pygame.K_o: self.show_odds, pygame.K_ESCAPE: self.to_menu,
                    pygame.K_SPACE: self.toggle_play, pygame.K_PLUS: lambda: self.faster(1), pygame.K_EQUALS: lambda: self.faster(1),
                    pygame.K_KP_PLUS: lambda: self.faster(1), pygame.K_MINUS: lambda: self.faster(-1), pygame.K_KP_MINUS: lambda: self.faster(-1)}
            if e.key in keys:
                keys[e.key]()
                return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.jump_to_line(e.pos):
            return
        super().handle(e)

    def toggle_play(self) -> None:
        if self.step >= len(self.whole.commands):
            self.go(0)  # at the end: from the start
            scene = self.app.scene
            if isinstance(scene, ReplayScene):
                scene.playing = True
            return
        self.playing = not self.playing
        self.timer = 0.0

    def faster(self, by: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + by))
        self.app.toast(f"Replay speed: a command every {SPEEDS[self.speed]:g} s")

    def update(self, dt: float) -> None:
        if self.log.to_come != len(self.game.log) and self.log.rows:
            self.log.show_moment(len(self.game.log))  # the moment shown: the log scrolled to it
        self.traces.update(dt)
        self.dice.update(dt)
        self.painter.feed_dice()
        self.painter.glide(dt)
        if self.playing:
            self.timer += dt
            if self.timer >= SPEEDS[self.speed]:
                self.timer = 0.0
                self.go(self.step + 1)
                self.playing = self.step < len(self.whole.commands)

    def quiet(self) -> bool:
        return not self.playing and super().quiet()

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        r = self.table_rect
        band = pygame.Rect(r.x, r.y, r.w, 44)
        layer = pygame.Surface(band.size, pygame.SRCALPHA)
        layer.fill((30, 24, 16, 215))
        surf.blit(layer, band)
        n = len(self.whole.commands)
        state = f"playing, a command every {SPEEDS[self.speed]:g} s" if self.playing else "paused"
        text(surf, f"Replay: after command {self.step} of {n}, turn {self.game.state.turn} ({state})", (band.x + 10, band.y + 4), 19,
             (250, 230, 160), bold=True)
        line, size = fit_line(KEYS, 15, 12, band.w - 20)
        text(surf, line, (band.x + 10, band.y + 25), size, (225, 215, 190))
        if self.odds:
            self.draw_odds(surf)

    def draw_odds(self, surf: pygame.Surface) -> None:
        width = 380
        rows = [(part, i == 0) for i, line in enumerate(["The odds it had: " + self.odds[0], *self.odds[1:]])
                for part in wrap(line, 17, width - 16, bold=(i == 0))]
        t = self.table_rect
        box = pygame.Rect(t.x + 10, t.y + 54, width, min(10 + 17 * len(rows), t.h - 64))
        # in the corner under the banner covering fewest of the figures the command was about, then of all
        cmd = self.whole.commands[self.step - 1] if self.step else None
        about = {cmd.figure, cmd.target, cmd.unit, *cmd.figures} - {None} if cmd is not None else set()
        figures = [(fid in about or f.unit in about, self.camera.to_screen(f.pos)) for fid, f in self.view_state().figures.items() if f.alive]
        box = least_covering([box, box.move(t.w - 20 - width, 0), box.move(0, t.bottom - 10 - box.bottom),
                              box.move(t.w - 20 - width, t.bottom - 10 - box.bottom)],
                             [p for named, p in figures if named], [p for _, p in figures])
        self.odds_rect = box
        pygame.draw.rect(surf, (240, 232, 212), box)
        pygame.draw.rect(surf, (90, 70, 50), box, 1)
        y = box.y + 5
        for part, bold in rows:
            if y + 17 > box.bottom:
                break
            text(surf, part, (box.x + 8, y), 17, INK, bold=bold)
            y += 17
