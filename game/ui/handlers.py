"""Input handlers of the play screen, kept on a stack: the top one sees the mouse and the
keys first. Each turns events into a command through the scene (which submits it to the
core) or into the next handler; Esc or a right click pops it. The tape and the sight
line serve the map editor too; the modal dialogs live in :mod:`game.ui.dialogs`."""

from __future__ import annotations

from collections.abc import Callable
from math import hypot
from typing import TYPE_CHECKING, Any

import pygame

from game.core.commands import Command
from game.geometry.los import LosResult, line_of_sight
from game.geometry.templates import circle, cone, corridor, covered, rectangle
from game.rulesets.offers import Action

from . import overlays
from .dialogs import ConfirmHandler, HandoverHandler, PromptHandler
from .handler_base import LEFT, MIDDLE, RIGHT, Handler, TableScene, WorldPos
from .odds_box import MIN_OUTCOME_LINES, ODDS_BOX_LINES, odds_lines, pct
from .odds_memo import WORKING, OddsMemo, Report, report_lines
from .odds_worker import odds_worker
from .overlays import EFFECT_WORDS, draw_los, draw_path, draw_tape, draw_template, los_verdict

if TYPE_CHECKING:
    from game.core.state import Figure

    from .play import PlayScene

# the base and the dialogs, where the play screen and the tests have always found them
__all__ = [
    "LEFT", "MIDDLE", "RIGHT", "ConfirmHandler", "DragLineTool", "Handler", "HandoverHandler", "LosHandler",
    "MeasureHandler", "MoveFigureHandler", "PointHandler", "PromptHandler", "SelectHandler", "TargetHandler",
    "TemplateHandler", "MIN_OUTCOME_LINES", "ODDS_BOX_LINES", "odds_lines", "pct",
]

class SelectHandler(Handler["PlayScene"]):
    hint = "Click a figure to select its unit. Right-drag or arrows to pan, wheel to zoom."

    def __init__(self) -> None:
        self.press: tuple[int, int] | None = None
        self.press_fig: str | None = None

    def on_event(self, scene: PlayScene, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == LEFT and scene.in_table(e.pos):
            fig = scene.figure_at(e.pos)
            if fig is not None and scene.decide_by_figure(fig):
                return True
            self.press, self.press_fig = e.pos, fig
            if fig is None:
                scene.select(None)
            else:
                scene.select(fig)
            return True
        if e.type == pygame.MOUSEMOTION and self.press and self.press_fig and e.buttons[0]:
            if hypot(e.pos[0] - self.press[0], e.pos[1] - self.press[1]) > 5 and scene.can_move_figure(self.press_fig):
                h = MoveFigureHandler(self.press_fig, dragging=True)
                self.press = None
                scene.push(h)
                h.on_event(scene, e)
                return True
        if e.type == pygame.MOUSEBUTTONUP and e.button == LEFT:
            fig = self.press_fig
            self.press, self.press_fig = None, None
            if fig and scene.can_move_figure(fig):
                scene.push(MoveFigureHandler(fig, dragging=False))
            return True
        return False


class MoveFigureHandler(Handler["PlayScene"]):
    """Move one figure: drag it, or click where it goes (Shift+click adds waypoints)."""

    def __init__(self, figure_id: str, dragging: bool, choice: str | None = None) -> None:
        self.figure_id = figure_id
        self.dragging = dragging
        self.choice = choice  # how it moves, where the ruleset tells moves apart (GOODBYEEEEEE!!!'s dash)
        self.waypoints: list[tuple[float, float]] = []
        self.cursor: tuple[float, float] | None = None

    @property
    def hint(self) -> str:
        return "Click where the figure goes (Shift+click for a waypoint); Esc or right-click to stop moving."

    def path(self) -> list[WorldPos]:
        return self.waypoints + ([self.cursor] if self.cursor else [])

    def on_event(self, scene: PlayScene, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEMOTION:  # off the table (the sidebar, the toolbar) no path is aimed, but in a drag
            self.cursor = scene.camera.to_world(e.pos) if scene.in_table(e.pos) or self.dragging else None
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == LEFT and scene.in_table(e.pos):
            other = scene.figure_at(e.pos)
            st = scene.game.state
            if other and other in st.figures and st.hostile(st.figures[self.figure_id].side, st.figures[other].side):
                other = None  # an enemy is where the move goes (a charge into contact), not a figure to select
            if other and other != self.figure_id and not self.waypoints:
                scene.pop(self)
                scene.select(other)
                if scene.can_move_figure(other):  # pressed on it: a drag moves it, a click only selects it
                    scene.push(MoveFigureHandler(other, dragging=True))
                return True
            if other == self.figure_id and not self.waypoints:
                self.dragging = True
                return True
            if pygame.key.get_mods() & pygame.KMOD_SHIFT:
                self.waypoints.append(scene.camera.to_world(e.pos))
                return True
            self.cursor = scene.camera.to_world(e.pos)
            self.finish(scene)
            return True
        if e.type == pygame.MOUSEBUTTONUP and e.button == LEFT and self.dragging:
            self.dragging = False
            self.cursor = scene.camera.to_world(e.pos)
            f = scene.game.state.figures[self.figure_id]
            if hypot(self.cursor[0] - f.x, self.cursor[1] - f.y) > f.radius:
                self.finish(scene)
            return True
        return False

    def finish(self, scene: PlayScene) -> None:
        path = tuple(self.path())
        if not path:
            return
        f = scene.game.state.figures[self.figure_id]
        res = scene.submit(Command("move", f.side, figure=self.figure_id, path=path, choice=self.choice))
        self.waypoints = []
        self.cursor = None
        if res.ok and not scene.can_move_figure(self.figure_id):
            scene.pop(self)

    def draw(self, scene: PlayScene, surf: pygame.Surface) -> None:
        path = self.path()
        if not path:
            return
        f = scene.game.state.figures.get(self.figure_id)
        if f is None or not f.alive:
            return
        preview = scene.preview_move(self.figure_id, path, self.choice)
        draw_path(surf, scene.camera, [f.pos] + path, preview[0], preview[1])

    def info(self, scene: PlayScene) -> list[str] | None:
        path = self.path()
        if not path:
            return None
        ok, label, lines = scene.preview_move(self.figure_id, path, self.choice)
        return lines


class TargetHandler(Handler["PlayScene"]):
    """Pick the enemy unit an action aims at; the odds show on hover, a click confirms."""

    def __init__(self, action: Action) -> None:
        self.action = action
        self.hover_unit: str | None = None  # the target id: a unit, or a figure for *_figure modes
        self.odds = OddsMemo(action)
        self.by_figure = action.mode.endswith("_figure")

    @property
    def hint(self) -> str:
        return f"{self.action.label}: hover an enemy unit for the odds, click to confirm; Esc to cancel."

    def command_for(self, unit_id: str) -> Command:
        return self.action.command.with_(target=unit_id)

    def on_event(self, scene: PlayScene, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEMOTION and scene.in_table(e.pos):
            fig = scene.figure_at(e.pos)
            self.hover_unit = (fig if self.by_figure else scene.game.state.figures[fig].unit) if fig else None
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == LEFT and scene.in_table(e.pos):
            fig = scene.figure_at(e.pos)
            if fig is None:
                return True
            uid = fig if self.by_figure else scene.game.state.figures[fig].unit
            res = scene.submit(self.command_for(uid))
            if res.ok:
                scene.pop(self)
            return True
        return False

    def shown_report(self, scene: PlayScene, uid: str) -> Report:
        """The report as the screen shows it (:class:`OddsMemo`)."""
        return self.odds.shown(scene, uid, self.command_for(uid))

    def report(self, scene: PlayScene, uid: str) -> Report:
        """The report for aiming at ``uid`` in the game as it is now, worked out at once."""
        return self.odds.report(scene, f"{uid}:{scene.game.version}", self.command_for(uid))

    def draw(self, scene: PlayScene, surf: pygame.Surface) -> None:
        self.odds.frames += 1
        if not self.hover_unit:
            return
        st = scene.game.state
        src = scene.action_origin(self.action)
        figs = [st.figures[self.hover_unit]] if self.by_figure else st.unit_figures(self.hover_unit)
        if src and figs:
            dst = min(figs, key=lambda f: hypot(f.x - src[0], f.y - src[1]))
            rep = self.shown_report(scene, self.hover_unit)
            colour = (230, 70, 60) if isinstance(rep, str) and rep is not WORKING else (250, 200, 70)
            pygame.draw.line(surf, colour, scene.camera.to_screen(src), scene.camera.to_screen(dst.pos), 3)

    def info(self, scene: PlayScene, fold: Callable[[str], str] | None = None) -> list[str] | None:
        """The box's lines; with ``fold``, the short box's (a small window)."""
        if not self.hover_unit:
            return [self.action.label, "Hover an enemy unit to see the odds."]
        return report_lines(self.action, self.shown_report(scene, self.hover_unit), fold, self.odds.paths)


#: figures a unit move's preview names one by one
MAX_PLAN_LINES = 10
#: a point tool works its odds out once the cursor has rested this many frames on one spot
REST_FRAMES = 12
#: ... a spot being this many mm across
SPOT_MM = 5.0


class PointHandler(Handler["PlayScene"]):
    """Pick a point on the table for an action (move a whole unit there, throw a grenade at
    it); an action with odds shows them once the cursor rests on a spot."""

    def __init__(self, action: Action) -> None:
        self.action = action
        self.cursor: tuple[float, float] | None = None
        self.odds = OddsMemo(action)
        self.rest: tuple[str, int] = ("", 0)  # the spot under the cursor, and the frame it came to rest on

    def spot(self) -> tuple[str, tuple[float, float]] | None:
        if self.cursor is None:
            return None
        x, y = (round(c / SPOT_MM) * SPOT_MM for c in self.cursor)
        return f"{x:.0f},{y:.0f}", (x, y)

    def info(self, scene: PlayScene, fold: Callable[[str], str] | None = None) -> list[str] | None:
        """The box's lines; with ``fold``, the short box's (a small window)."""
        spot = self.spot()
        if spot is None:
            return None
        if not self.action.odds:
            return self.move_lines(scene)
        key, at = spot
        if self.rest[0] != key:
            self.rest = (key, self.odds.frames)
            odds_worker().give_up()  # the odds of the spot it left are not wanted
        cmd = self.action.command.with_(point=at)
        if f"{key}:{scene.game.version}" not in self.odds.cache and self.odds.frames - self.rest[1] < REST_FRAMES:
            reason = scene.game.check(cmd)
            return [f"Not possible: {reason}"] if reason else [self.action.label, "Rest the cursor on the point to see the odds."]
        return report_lines(self.action, self.odds.shown(scene, key, cmd), fold, self.odds.paths)

    def move_lines(self, scene: PlayScene) -> list[str] | None:
        """A whole unit's move to the cursor, as the rules would make it: how far each
        figure goes and what it costs, what stops it, and why not if it may not."""
        if self.cursor is None:
            return None
        cmd = self.action.command.with_(point=self.cursor)
        plans = scene.preview_unit_move(cmd)
        if not plans:
            return None
        fmt = scene.rules.fmt
        lines = [self.action.label]
        for f, plan in plans[:MAX_PLAN_LINES]:
            cost = f" (costs {fmt(plan.cost)})" if plan.cost - plan.length > 0.5 else ""
            lines.append(f"{f.name}: {fmt(plan.length)}{cost}" + (f"; stopped: {plan.stopped_by}" if plan.stopped_by else ""))
            lines += [f"    {n}" for n in plan.notes[:2]]
        if len(plans) > MAX_PLAN_LINES:
            lines.append(f"and {len(plans) - MAX_PLAN_LINES} more figures")
        reason = scene.game.check(cmd)
        if reason:
            lines.append(f"Not possible: {reason}")
        return lines

    @property
    def hint(self) -> str:
        return f"{self.action.label}: click the point on the table; Esc to cancel."

    def on_event(self, scene: PlayScene, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEMOTION and scene.in_table(e.pos):  # off the table: the last point aimed at stays
            self.cursor = scene.camera.to_world(e.pos)
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == LEFT and scene.in_table(e.pos):
            self.cursor = scene.camera.to_world(e.pos)
            spot = self.spot() if self.action.odds else None  # the point whose odds were shown
            res = scene.submit(self.action.command.with_(point=spot[1] if spot else scene.camera.to_world(e.pos)))
            if res.ok:
                scene.pop(self)
            return True
        return False

    def draw(self, scene: PlayScene, surf: pygame.Surface) -> None:
        self.odds.frames += 1
        if self.cursor is None:
            return
        spot = self.spot()
        cmd = self.action.command.with_(point=spot[1] if spot and self.action.odds else self.cursor)
        for centre, radius, _label in scene.rules.point_templates(scene.game, cmd):
            c = scene.camera.to_screen(centre)
            pygame.draw.circle(surf, (230, 120, 40), c, max(2, round(radius * scene.camera.zoom)), 2)
            pygame.draw.circle(surf, (230, 120, 40), c, 3)
        plans = scene.preview_unit_move(cmd)
        reason = scene.game.check(cmd)
        for _f, plan in plans:
            draw_path(surf, scene.camera, plan.path, reason is None)
        if reason:
            overlays.draw_refusal(surf, scene.camera.to_screen(self.cursor), reason, scene.table_rect)


class DragLineTool(Handler[TableScene]):
    """Press on a figure or point and drag to another: the tape and the sight line."""

    keep_after_release = False  # the sight line stays shown; a tape is pinned instead

    def __init__(self) -> None:
        self.start: tuple[float, float] | None = None
        self.end: tuple[float, float] | None = None
        self.dragging = False

    def on_event(self, scene: TableScene, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == LEFT and scene.in_table(e.pos):
            self.start = self.end = scene.snap(e.pos)
            self.dragging = True
            return True
        if e.type == pygame.MOUSEMOTION and self.dragging:
            self.end = scene.snap(e.pos)
            return True
        if e.type == pygame.MOUSEBUTTONUP and e.button == LEFT and self.dragging:
            self.end = scene.snap(e.pos)
            self.dragging = False
            self.released(scene)
            return True
        return False

    def released(self, scene: TableScene) -> None: ...


class MeasureHandler(DragLineTool):
    hint = "Measuring tape: drag from point to point (it snaps to figures); each tape stays until C clears them."

    def released(self, scene: TableScene) -> None:
        a, b = self.start, self.end
        if a is not None and b is not None and hypot(b[0] - a[0], b[1] - a[1]) > 1:
            scene.tapes.append((a, b))
        self.start = self.end = None

    def on_event(self, scene: TableScene, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_c:
            scene.tapes.clear()
            return True
        return super().on_event(scene, e)

    def draw(self, scene: TableScene, surf: pygame.Surface) -> None:
        if self.start and self.end:
            d = hypot(self.end[0] - self.start[0], self.end[1] - self.start[1])
            draw_tape(surf, scene.camera, self.start, self.end, scene.rules.fmt(d), False)

    def info(self, scene: TableScene) -> list[str] | None:
        lines = ["Measuring tape"]
        for i, (a, b) in enumerate(scene.tapes[-6:]):
            lines.append(f"tape {i + 1}: {scene.rules.fmt(hypot(b[0] - a[0], b[1] - a[1]))}")
        return lines + ["C clears the tapes."]


class LosHandler(DragLineTool):
    hint = "Line of sight: drag from a figure or point to another; every feature crossed is listed."

    def line(self) -> tuple[WorldPos, WorldPos] | None:
        if not self.start or not self.end or self.start == self.end:
            return None
        return self.start, self.end

    def result(self, scene: TableScene) -> LosResult | None:
        line = self.line()
        return None if line is None else line_of_sight(scene.table, *line)

    def draw(self, scene: TableScene, surf: pygame.Surface) -> None:
        line = self.line()
        if line is not None:
            draw_los(surf, scene.camera, *line, line_of_sight(scene.table, *line))

    def info(self, scene: TableScene) -> list[str] | None:
        res = self.result(scene)
        if res is None:
            return ["Line of sight", "Drag from one figure or point to another."]
        names = {f.id: f.name for f in scene.table.features}
        verdict = {"clear": "Clear line of sight", "cover": "Visible, with cover or hindrance", "blocked": "Blocked"}[los_verdict(res)]
        lines = [f"{verdict}: {scene.rules.fmt(res.distance)}", f"target cover: {res.cover_name}; hindrances: {res.hindrances}"]
        for c in res.crossings:
            lines.append(f"- {names.get(c.feature_id, c.feature_id)} ({c.type_id}): {EFFECT_WORDS.get(c.effect, c.effect)}")
        if not res.crossings:
            lines.append("No terrain crossed.")
        return lines


class TemplateHandler(Handler["PlayScene"]):
    KINDS = ("blast circle", "flamethrower", "overwatch cone", "beaten zone")

    def __init__(self) -> None:
        self.kind = 0
        self.cursor: tuple[float, float] | None = None

    @property
    def hint(self) -> str:
        return f"Template: {self.KINDS[self.kind]} (T for the next kind); it is drawn from the selected figure to the cursor."

    def on_event(self, scene: PlayScene, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEMOTION and scene.in_table(e.pos):  # off the table: where it was last aimed
            self.cursor = scene.camera.to_world(e.pos)
            return False
        if e.type == pygame.KEYDOWN and e.key == pygame.K_t:
            self.kind = (self.kind + 1) % len(self.KINDS)
            return True
        return False

    def polygon(self, scene: PlayScene) -> Any:  # a shapely polygon (shapely has no types)
        if self.cursor is None:
            return None
        sizes = scene.template_sizes()
        origin = scene.selected_position() or self.cursor
        ang = scene.rules.heading(origin, self.cursor) if origin != self.cursor else 0.0
        kind = self.KINDS[self.kind]
        if kind == "blast circle":
            return circle(self.cursor, sizes["blast"])
        if kind == "flamethrower":
            return rectangle(origin, ang, sizes["flame_length"], sizes["flame_width"])
        if kind == "overwatch cone":
            return cone(origin, ang, 45.0, sizes["cone_reach"])
        if hypot(self.cursor[0] - origin[0], self.cursor[1] - origin[1]) < 1:
            return None
        return corridor(origin, self.cursor, sizes["corridor_width"])

    def covered(self, scene: PlayScene) -> tuple[Any, list[Figure]]:
        poly = self.polygon(scene)
        if poly is None:
            return poly, []
        figs = [f for f in scene.view_state().figures.values() if f.alive]
        if not figs:
            return poly, []
        return poly, [figs[i] for i in covered(poly, [f.pos for f in figs])]

    def draw(self, scene: PlayScene, surf: pygame.Surface) -> None:
        poly, figs = self.covered(scene)
        draw_template(surf, scene.camera, poly, [f.pos for f in figs])

    def info(self, scene: PlayScene) -> list[str] | None:
        poly, figs = self.covered(scene)
        lines = [f"Template: {self.KINDS[self.kind]}", f"{len(figs)} figure(s) under it:"]
        lines += [f"- {f.name} ({scene.game.state.units[f.unit].name})" for f in figs[:10]]
        return lines
