"""What the other side just did, drawn on the table (issue 21: figures jumped and the dead
vanished, with only the log to say why): a trail from where each figure stood to where it
moved, a line from a firer to what it fired at, and a cross where a figure fell.

Each command is watched through the play screen's ``submit``: the figures' places and lives
before it against after it, and the events it wrote. Only what the viewing side may see is
kept (a figure in its view; an event it may read). A side's traces stay until it acts again
in a later turn of play, brightest when new, fading to a steady
trace after :data:`FADE` seconds, so a player coming back to the screen sees the other
side's whole turn."""

from __future__ import annotations

from dataclasses import dataclass
from math import hypot

import pygame

from game.core.events import Event
from game.core.game import Game
from game.core.state import GameState

from .camera import Camera
from .overlays import alpha_layer

#: seconds over which a new trace fades to its steady look
FADE = 4.0
#: the steady look's opacity (of 255)
STEADY = 110
#: shorter moves than this (mm) leave no trail
MIN_MOVE = 1.0

Place = tuple[tuple[float, float], bool]


@dataclass
class Trace:
    side: str  # whose command left it
    kind: str  # move | shot | fell
    points: list[tuple[float, float]]
    figures: tuple[str, ...]  # whom it shows: a viewer sees it only while they are in its view
    event: Event | None = None  # the event a shot was read from: a viewer sees it only if it may read it
    seq: int = 0  # the number of commands given when it was left (an undo takes it back)
    age: float = 0.0


@dataclass
class Step:
    """One command as the traces watched it: whose, its number, the events it wrote (the
    "what happened" step-through, game/ui/recap.py, reads them back one at a time)."""

    side: str
    seq: int
    events: list[Event]


class Traces:
    def __init__(self) -> None:
        self.items: list[Trace] = []
        self.steps: list[Step] = []  # the commands behind the traces, in order
        self.turn_of: dict[str, tuple[int, str]] = {}  # each side's traces: of which (turn, acting side)

    @staticmethod
    def places(game: Game) -> dict[str, Place]:
        """Where each figure stands and whether it is alive: taken before a command."""
        return {f.id: (f.pos, f.alive) for f in game.state.figures.values()}

    def watch(self, before: dict[str, Place], game: Game, side: str, events: list[Event], when: tuple[int, str]) -> None:
        """After a command of ``side`` given at ``when`` (the turn and the side whose turn it
        was): its moves, shots (from ``events``, the ones it wrote) and casualties. A side's
        first command of a new turn of play clears its old traces. What a viewer may see of
        them is decided as they are drawn (:meth:`shown`)."""
        if self.turn_of.get(side) != when:
            self.items = [t for t in self.items if t.side != side]
            self.steps = [s for s in self.steps if s.side != side]
            self.turn_of[side] = when
        st = game.state
        start = len(self.items)
        for fid, (pos, alive) in before.items():
            f = st.figures.get(fid)
            if f is None:
                continue
            if alive and f.alive and hypot(f.x - pos[0], f.y - pos[1]) >= MIN_MOVE:
                self.items.append(Trace(side, "move", [pos, f.pos], (fid,)))
            if alive and not f.alive:
                self.items.append(Trace(side, "fell", [f.pos], (fid,)))
        shots = set()
        for e in events:
            figs = [x for x in e.figures if x in st.figures]
            if not figs or e.kind in ("move", "reveal"):
                continue
            a = st.figures[figs[0]]
            # what it fired at: a figure of a hostile side named after it, else the nearest figure of a hostile unit named
            targets = [st.figures[x] for x in figs[1:] if st.hostile(a.side, st.figures[x].side)]
            for u in e.units:
                if not targets and u in st.units and st.hostile(a.side, st.units[u].side):
                    members = [st.figures[x] for x in st.units[u].figures if x in st.figures]
                    targets = sorted(members, key=lambda m: (hypot(m.x - a.x, m.y - a.y), m.id))[:1]
            if targets and (a.id, targets[0].id) not in shots:
                b = targets[0]
                shots.add((a.id, b.id))
                self.items.append(Trace(side, "shot", [a.pos, b.pos], (a.id, b.id), e))
        for t in self.items[start:]:
            t.seq = len(game.commands)
        self.steps.append(Step(side, len(game.commands), list(events)))

    def undone(self, game: Game) -> None:
        """After an undo: the traces of the commands taken back go with them."""
        self.items = [t for t in self.items if t.seq <= len(game.commands)]
        self.steps = [s for s in self.steps if s.seq <= len(game.commands)]

    def update(self, dt: float) -> None:
        for t in self.items:
            t.age += dt

    def shown(self, viewer: str | None, view: GameState) -> list[Trace]:
        """The traces the viewing side sees: the other sides' (it made its own moves) and
        every fallen figure, each only while its figures are in the viewer's ``view`` and
        its event is one the viewer may read (a hidden figure leaves no trail)."""
        return [t for t in self.items if (t.side != viewer or t.kind == "fell") and all(x in view.figures for x in t.figures)
                and (t.event is None or t.event.seen_by(viewer))]

    def draw(self, surf: pygame.Surface, cam: Camera, viewer: str | None, view: GameState, step: Step | None = None) -> None:
        """The traces ``viewer`` sees; while ``step`` is being shown (the step-through), its
        side's traces stop at that command and the command's own are drawn bright and bold."""
        items = self.shown(viewer, view)
        if step is not None:
            items = [t for t in items if t.side != step.side or t.seq <= step.seq]
        if not items:
            return
        placed = [(t, [cam.to_screen(p) for p in t.points]) for t in items]
        # a layer only as large as the traces (drawn every frame while they stay), clipped to the window
        box = pygame.Rect(placed[0][1][0], (1, 1)).unionall([pygame.Rect(p, (1, 1)) for _, pts in placed for p in pts])
        box = box.inflate(20, 20).clip(surf.get_rect())
        if not box.w or not box.h:
            return
        layer = alpha_layer(box.size)
        for t, pts in placed:
            now = step is not None and t.side == step.side and t.seq == step.seq
            alpha = 255 if now else int(STEADY + (255 - STEADY) * max(0.0, 1.0 - t.age / FADE))
            width = 4 if now else 2
            pts = [(x - box.x, y - box.y) for x, y in pts]
            if t.kind == "move":
                _dashed(layer, (250, 245, 220, alpha), pts[0], pts[1], width=width)
                pygame.draw.circle(layer, (250, 245, 220, alpha), pts[0], width + 1)
            elif t.kind == "shot":
                pygame.draw.line(layer, (235, 80, 50, alpha), pts[0], pts[1], width)
            else:
                x, y = pts[0]
                for sy in (-1, 1):
                    pygame.draw.line(layer, (200, 30, 20, max(alpha, 180)), (x - 6, y - 6 * sy), (x + 6, y + 6 * sy), width + 1)
        surf.blit(layer, box.topleft)


def _dashed(surf: pygame.Surface, colour: tuple[int, int, int, int], a: tuple[int, int], b: tuple[int, int], dash: int = 6,
            width: int = 2) -> None:
    length = hypot(b[0] - a[0], b[1] - a[1])
    if length < 1:
        return
    n = int(length // dash)
    for k in range(0, n, 2):
        t0, t1 = k / n, min(1.0, (k + 1) / n)
        pygame.draw.line(surf, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)
