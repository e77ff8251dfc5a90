"""What happened while you were away (issue 21): before a player acts, the other side's turn
stepped through one command at a time - its trail, shot line or casualty drawn bold, the
figures it names ringed, its log lines beside it - with the table panned to it.

Built from what the traces kept (game/ui/traces.py): only the commands of the other sides
since this side last looked, and of each only what the viewing side may see (a hidden man's
move, a secret event, leave nothing). It never stands in the way: any click on the table,
an action key or Enter puts it down, and the click or key then does what it always does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core.events import Event

from .handler_base import LEFT, Handler
from .pointer import mouse_pos
from .theme import HIGHLIGHT, INK_SOFT, text, wrap
from .traces import Step, Trace
from .widgets import Button, draw_note_panel, least_covering

if TYPE_CHECKING:
    from .play import PlayScene

#: events that only say the clock moved on (left out of the lines)
BOOKKEEPING = frozenset({"phase", "turn"})
#: events that do not make a step on their own (a side's new points: its turn began)
NOT_A_STEP = BOOKKEEPING | {"points"}
#: the most lines of one step shown in the panel (the log keeps them all)
MAX_LINES = 7
PANEL_W = 520


@dataclass
class RecapStep:
    step: Step
    lines: list[str]
    traces: list[Trace]
    figures: list[str]  # the figures it names that the viewer sees

    def places(self, scene: PlayScene) -> list[tuple[float, float]]:
        view = scene.view_state()
        return [p for t in self.traces for p in t.points] + [view.figures[f].pos for f in self.figures]


def recap_steps(scene: PlayScene, viewer: str, since: int) -> list[RecapStep]:
    """The other sides' commands after command number ``since`` that left the viewer
    something to see: a trace, or an event other than the clock's."""
    view = scene.view_state()
    shown = scene.traces.shown(viewer, view)
    out = []
    for s in scene.traces.steps:
        if s.side == viewer or s.seq <= since:
            continue
        seen: list[Event] = [e for e in s.events if e.seen_by(viewer)]
        traces = [t for t in shown if t.side == s.side and t.seq == s.seq]
        if not traces and all(e.kind in NOT_A_STEP for e in seen):
            continue
        figures = list(dict.fromkeys(f for e in seen for f in e.figures if f in view.figures and view.figures[f].alive))
        out.append(RecapStep(s, [e.line for e in seen if e.kind not in BOOKKEEPING], traces, figures))
    return out


class RecapHandler(Handler["PlayScene"]):
    """Steps through the other side's turn: Left / Right (or the buttons), Home / End;
    Enter, Space or Esc when done."""

    arrows = True  # the arrow keys step, not pan

    def __init__(self, side_name: str, steps: list[RecapStep]) -> None:
        self.side_name = side_name
        self.steps = steps
        self.at = 0
        self.buttons: list[Button] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.looked = -1  # the step the camera was last brought to

    @property
    def hint(self) -> str:
        return "What the other side did: Left / Right to step through it; Enter, a click on the table or an action to play on."

    @property
    def current(self) -> Step:
        return self.steps[self.at].step

    def go(self, i: int) -> None:
        self.at = max(0, min(len(self.steps) - 1, i))

    def done(self, scene: PlayScene) -> None:
        scene.pop(self)

    def on_event(self, scene: PlayScene, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            moves = {pygame.K_LEFT: self.at - 1, pygame.K_RIGHT: self.at + 1, pygame.K_HOME: 0, pygame.K_END: len(self.steps) - 1}
            if e.key in moves:
                self.go(moves[e.key])
                return True
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE):
                self.done(scene)
                return True
            self.done(scene)  # any other key (an action, a tool): put down, and the key does its work
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == LEFT:
            for b in self.buttons:
                if b.rect.collidepoint(e.pos):
                    b.action()
                    return True
            if self.panel.collidepoint(e.pos):
                return True
            self.done(scene)  # a click on the table: put down, and the click selects or moves as ever
            return scene.top().on_event(scene, e)
        return False

    def bring_into_view(self, scene: PlayScene) -> None:
        """Pan (never zoom) to the step when any of it is out of view."""
        if self.looked == self.at:
            return
        self.looked = self.at
        pts = self.steps[self.at].places(scene)
        if not pts:
            return
        cam = scene.camera
        x0, y0, x1, y1 = cam.visible_world()
        mx, my = (x1 - x0) * 0.08, (y1 - y0) * 0.08
        if all(x0 + mx <= x <= x1 - mx and y0 + my <= y <= y1 - my for x, y in pts):
            return
        cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        cam.x, cam.y = cx - (x1 - x0) / 2, cy - (y1 - y0) / 2
        cam.clamp()

    def draw(self, scene: PlayScene, surf: pygame.Surface) -> None:
        self.bring_into_view(scene)
        cam = scene.camera
        here = self.steps[self.at]
        for fid in here.figures:
            f = scene.view_state().figures[fid]
            pygame.draw.circle(surf, HIGHLIGHT, cam.to_screen(f.pos), int(cam.length(f.radius)) + 7, 3)
        self.draw_panel(scene, surf, here)

    def draw_panel(self, scene: PlayScene, surf: pygame.Surface, here: RecapStep) -> None:
        t = scene.table_rect
        w = min(PANEL_W, t.w - 24)
        lines: list[str] = []
        for line in here.lines:
            lines += wrap(line, 17, w - 20)
        more = len(lines) - MAX_LINES
        if more > 0:
            lines = lines[: MAX_LINES - 1] + [f"... {more + 1} more lines in the log"]
        if not lines:
            lines = ["(moved: the trail on the table)" if any(x.kind == "move" for x in here.traces) else "(see the table)"]
        h = 32 + 17 * len(lines) + 44
        # at the top of the table or at the bottom: where it covers less of the step, then
        # fewer figures
        spots = [scene.camera.to_screen(p) for p in here.places(scene)]
        figures = [scene.camera.to_screen(f.pos) for f in scene.view_state().figures.values() if f.alive]
        # centred, then to either side: clear of the cards in play and the minimap when it can be
        xs = (t.x + (t.w - w) // 2, t.x + 10, t.right - 10 - w)
        places = [pygame.Rect(x, y, w, h) for x in xs for y in (t.y + 10, t.bottom - 10 - h)]
        fixed = scene.painter.fixed_panels(scene.view_state())
        clear = [r for r in places if r.collidelist(fixed) < 0]
        self.panel = least_covering(clear or places, spots, figures)
        draw_note_panel(surf, self.panel, f"What {self.side_name} did: {self.at + 1} of {len(self.steps)}", lines)
        bw, gap = 112, 8
        by = self.panel.bottom - 38
        self.buttons = [
            Button(pygame.Rect(self.panel.x + 10, by, bw, 30), "Back", lambda: self.go(self.at - 1), self.at > 0, "<"),
            Button(pygame.Rect(self.panel.x + 10 + bw + gap, by, bw, 30), "Next", lambda: self.go(self.at + 1), self.at < len(self.steps) - 1, ">"),
            Button(pygame.Rect(self.panel.right - 10 - bw, by, bw, 30), "Play on", lambda: self.done(scene), True, "Enter"),
        ]
        mouse = mouse_pos()
        for b in self.buttons:
            b.draw(surf, b.enabled and b.rect.collidepoint(mouse))
        text(surf, "Left / Right", (self.panel.x + 20 + 2 * bw + gap, by + 8), 15, INK_SOFT)


def recap_for(scene: PlayScene, viewer: str) -> RecapHandler | None:
    """The step-through of what the other sides did since ``viewer`` last looked, or None
    when they did nothing the viewer may see. Marks it looked at."""
    since = scene.recapped.get(viewer, -1)
    scene.recapped[viewer] = len(scene.game.commands)
    steps = recap_steps(scene, viewer, since)
    if not steps:
        return None
    sides = list(dict.fromkeys(s.step.side for s in steps))
    names = " and ".join(scene.game.state.sides[s].name for s in sides)
    return RecapHandler(names, steps)
