"""The play screen: the table, the sidebar (turn, selection, actions, dice, log) and the
toolbar. Every change to the game goes through ``submit`` to the core; a refused
command shows its reason."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from copy import copy
from dataclasses import replace
from math import hypot
from typing import TYPE_CHECKING, Any

import pygame

from game.core.commands import Command, Rejected, Result
from game.core.events import Event
from game.core.game import Game
from game.core.state import Figure, GameState
from game.geometry.table import Table
from game.rulesets.base import RulesetBase, ruleset_of
from game.rulesets.movement import MovePlan
from game.rulesets.offers import Action
from game.session import Session
from game.simulate import make_player

from .camera import Camera
from .dialogs import ConfirmHandler, HandoverHandler
from .dice_tray import DiceTray
from .guide import Guide
from .handler_base import Handler, ScreenPos, WorldPos
from .handlers import MoveFigureHandler, PointHandler, SelectHandler, TargetHandler
from .logview import LogView
from .mail_play import mail_turn
from .minimap import Minimap
from .odds_worker import odds_worker
from .play_controls import (
    at_rest,
    build_toolbar,
    handle_key,
    leave_prompt,
    save_prompt,
    still,
    tool_width,
    toolbar_items,
)
from .play_view import PlayView
from .recap import recap_for
from .scene import Scene
from .settings import AI_SPEEDS, SAFE_COLOURS
from .terrain_render import TerrainRenderer, terrain_looks
from .theme import BG, SIDEBAR_W, TOOLBAR_H
from .traces import Traces
from .widgets import ButtonBar, bar_height, draw_tooltip, flow

if TYPE_CHECKING:
    from .app import App

#: the tools that give a command, put down when their phase ends
COMMAND_TOOLS = (MoveFigureHandler, TargetHandler, PointHandler)
AI_PACE = 0.35  # seconds between AI commands, so a person can follow
PAN_SPEED = 700  # px per second


class PlayScene(Scene):
    def __init__(self, app: App, session: Session, on_leave: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.on_leave = on_leave  # where Esc/Menu goes (the editor, for a test play)
        self.handlers: list[Handler[PlayScene]] = [SelectHandler()]
        self.selected_unit: str | None = None
        self.selected_figure: str | None = None
        self.tapes: list[tuple[WorldPos, WorldPos]] = []
        self.show_grid = bool(session.game.scenario.get("map", {}).get("table", {}).get("grid", False))
        self.show_ranges = False
        self.dice = DiceTray()
        self.log = LogView()
        self.actions_bar = ButtonBar()
        self.side_bar = ButtonBar()
        self.tool_bar = ButtonBar()
        self.renderer = TerrainRenderer(session.game.table, terrain_looks(), levels=False)  # hills' levels: placed names
        self.painter = PlayView(self)  # draws the screen from the scene
        self.camera = Camera(pygame.Rect(0, 0, 1, 1), session.game.table.width, session.game.table.height)  # its view: layout()
        self.panning: ScreenPos | None = None
        self.pan_moved = False
        self.zoom_idle = 0.0
        self.ai_timer = 0.0
        self.skip_ai = False
        self.fed = len(session.game.log)
        self.hover_event: Event | None = None
        self.players = {s: make_player(c, session.game.seed * 7 + i) for i, (s, c) in enumerate(session.controllers.items()) if c not in ("human", "mail")}
        self.last_side = session.game.state.active_side
        self.actions_cache: tuple[Hashable, list[Action]] | None = None
        self.view_cache: tuple[Hashable, GameState] | None = None
        self.over_since: float | None = None
        self.mouse: ScreenPos = (0, 0)
        self.shown: dict[str, tuple[float, float]] = {}  # where each token is drawn (moves glide)
        self.traces = Traces()  # what the other side just did, drawn on the table
        self.recapped: dict[str, int] = {}
        self.mail_sent = -1  # the number of commands when this screen last wrote a turn file
        self.guide: Guide | None = None  # a guided first game's lesson (game/ui/guide.py)  # each side's step-through of the others' turn: the command it reached
        self.minimap = Minimap()  # the whole table small, when the view shows part of it
        self.odds_whole = False  # the player asked for the whole odds box (E) where the short one shows
        self.layout()
        self.camera.fit()
        if session.needs_handover("", self.game.state.active_side) and self.session.handover == "always":
            self.push(HandoverHandler(self.game.state.sides[self.game.state.active_side].name))

    # ---- basics ----------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def rules(self) -> RulesetBase[Any]:
        return ruleset_of(self.session.game)

    @property
    def table(self) -> Table:
        return self.session.game.table

    def layout(self, items: list[tuple[str, str, Callable[[], None]]] | None = None) -> None:
        w, h = self.app.size
        items = items or toolbar_items(self)  # the replay theatre gives its own
        places = flow([tool_width(label, key) for label, key, _ in items], w - SIDEBAR_W)
        bar_h = bar_height(places[-1][1] + 1, TOOLBAR_H)
        self.table_rect = pygame.Rect(0, 0, w - SIDEBAR_W, h - bar_h)
        self.sidebar_rect = pygame.Rect(w - SIDEBAR_W, 0, SIDEBAR_W, h)
        self.toolbar_rect = pygame.Rect(0, h - bar_h, w - SIDEBAR_W, bar_h)
        self.camera.view = self.table_rect.copy()
        build_toolbar(self, items, places)

    def resized(self) -> None:
        self.layout()
        self.camera.fit()  # the table fitted to the window's new size

    def push(self, h: Handler[PlayScene]) -> None:
        self.handlers.append(h)

    def pop(self, h: Handler[PlayScene] | None = None) -> None:
        if len(self.handlers) > 1 and (h is None or self.handlers[-1] is h):
            self.handlers.pop()
        elif h is not None and h in self.handlers[1:]:
            self.handlers.remove(h)

    def top(self) -> Handler[PlayScene]:
        return self.handlers[-1]

    def in_table(self, pos: ScreenPos) -> bool:
        return self.table_rect.collidepoint(pos)

    def log_events(self) -> list[Event]:
        """The log lines the screen shows: the viewing side's."""
        return self.game.log.for_side(self.session.viewer())

    def view_state(self) -> GameState:
        """What the side at the screen may see (hotseat: the active human side), its sides
        in the colour-blind-safe colours when the player's settings ask for them."""
        safe = bool(self.app.settings.get("colour_blind"))
        key = (self.game.version, self.session.viewer(), safe)  # the state's number: see Game
        if self.view_cache is None or self.view_cache[0] != key:
            view = self.game.view(self.session.viewer())
            if safe:  # a copy with its own sides: the game's state is never touched
                view = copy(view)
                view.sides = {sid: replace(sd, colour=SAFE_COLOURS[i % len(SAFE_COLOURS)])
                              for i, (sid, sd) in enumerate(self.game.state.sides.items())}
            self.view_cache = (key, view)
        return self.view_cache[1]

    def side_colour(self, side: str) -> str:
        """A side's colour as the table shows it (the settings may swap in safe colours)."""
        return self.view_state().sides[side].colour

    # ---- selection and picking ---------------------------------------------------------
    def figure_at(self, pos: ScreenPos) -> str | None:
        w = self.camera.to_world(pos)
        best, best_d = None, 1e18
        for f in self.view_state().figures.values():
            if not f.alive:
                continue
            d = hypot(f.x - w[0], f.y - w[1])
            if d <= f.radius + 4 / self.camera.zoom and d < best_d:
                best, best_d = f.id, d
        return best

    def snap(self, pos: ScreenPos) -> WorldPos:
        fid = self.figure_at(pos)
        return self.game.state.figures[fid].pos if fid else self.camera.to_world(pos)

    def roster(self) -> list[tuple[str, str, int, int, bool]]:
        return self.painter.roster_rows()

    def select_unit(self, unit_id: str) -> None:
        figs = self.game.state.unit_figures(unit_id)
        if figs:
            cx, cy = sum(f.x for f in figs) / len(figs), sum(f.y for f in figs) / len(figs)
            self.select(min(figs, key=lambda f: (hypot(f.x - cx, f.y - cy), f.id)).id)

    def select(self, figure_id: str | None) -> None:
        if figure_id is None:
            self.selected_unit = self.selected_figure = None
        else:
            self.selected_figure = figure_id
            self.selected_unit = self.game.state.figures[figure_id].unit
        self.actions_cache = None

    def selected_position(self) -> WorldPos | None:
        if self.selected_figure and self.selected_figure in self.game.state.figures:
            return self.game.state.figures[self.selected_figure].pos
        return None

    def can_move_figure(self, fid: str) -> bool:
        st = self.game.state
        f = st.figures.get(fid)
        if f is None or not f.alive or f.side != st.active_side or not self.session.is_human(f.side):
            return False
        return any(a.mode == "move_figure" and a.enabled for a in self.current_actions())

    def action_origin(self, action: Action) -> WorldPos | None:
        cmd = action.command
        st = self.game.state
        if cmd.figure and cmd.figure in st.figures:
            return st.figures[cmd.figure].pos
        if cmd.unit and st.unit_alive(cmd.unit):
            return self.rules.unit_centre(self.game, cmd.unit)
        return None

    # ---- commands ------------------------------------------------------------------------
    def decide_by_figure(self, fid: str) -> bool:
        """With a decision pending, a click on a figure picks the option about it."""
        if self.rules.decision(self.game) is None or not self.session.is_human(self.game.acting_side):
            return False
        for _, cmd in self.rules.decision_options(self.game):
            if fid in (cmd.figure, cmd.target) or fid in cmd.figures:
                self.submit(cmd)
                return True
        return False

    def submit(self, cmd: Command) -> Result:
        before_side = self.game.acting_side
        before_step = (self.game.state.turn, self.game.state.phase)
        when = (self.game.state.turn, self.game.state.active_side)
        places, seen = Traces.places(self.game), len(self.game.log.events)
        res = self.session.submit(cmd)
        if isinstance(res, Rejected):
            self.app.toast(res.reason, 5)
            return res
        new = self.game.log.events[seen:]
        self.traces.watch(places, self.game, cmd.side, new, when)
        heard = [e for e in new if e.seen_by(self.session.viewer())]
        noise = self.app.sounds.for_events([e.kind for e in heard], any(e.roll for e in heard))
        if noise and not self.skip_ai:
            self.app.sounds.play(noise)
        if self.session.save_error:
            self.app.toast(self.session.save_error, 8)
            self.session.save_error = None
        if (self.game.state.turn, self.game.state.phase) != before_step:
            self.disarm()  # a tool of the phase that ended (a move's preview in the shooting phase) is put down
        self.after_command(before_side)
        return res

    def disarm(self) -> None:
        """Put down the tools that give commands (moving, aiming at a target or a point);
        the table tools (tape, sight, templates) and questions stay."""
        self.handlers[1:] = [h for h in self.handlers[1:] if h.modal or not isinstance(h, COMMAND_TOOLS)]

    def after_command(self, before_side: str) -> None:
        st = self.game.state
        if self.selected_unit and not st.unit_alive(self.selected_unit):
            self.select(None)
        if self.game.acting_side != before_side:
            self.select(None)
            while len(self.handlers) > 1:
                self.handlers.pop()
            if self.session.is_human(self.game.acting_side) and (recap := recap_for(self, self.game.acting_side)):
                self.push(recap)  # what the other side did, under the handover screen
            if self.session.needs_handover(before_side, self.game.acting_side):
                self.push(HandoverHandler(st.sides[self.game.acting_side].name))

    def current_actions(self) -> list[Action]:
        # the state's number (see Game.version; phase and side follow from it) and the selection
        key = (self.game.version, self.selected_unit, self.selected_figure)
        if self.actions_cache is None or self.actions_cache[0] != key:
            side = self.game.acting_side
            acts: list[Action]
            if not self.session.is_human(side):
                acts = []
            elif self.rules.decision(self.game) is not None:
                acts = [Action(label, "now", cmd) for label, cmd in self.rules.decision_options(self.game)]
            else:
                acts = self.rules.actions(self.game, side, self.selected_unit, self.selected_figure)
            self.actions_cache = (key, acts)
        return self.actions_cache[1]

    def run_action(self, i: int) -> None:
        acts = self.current_actions()
        if not 0 <= i < len(acts):
            return
        a = acts[i]
        if not a.enabled:
            self.app.toast(a.reason or "Not possible now.", 5)
            return
        while len(self.handlers) > 1 and not self.top().modal:
            self.handlers.pop()
        if a.mode == "now":
            self.submit(a.command)
        elif a.mode in ("enemy_unit", "enemy_figure", "own_unit", "own_figure"):
            self.push(TargetHandler(a))
        elif a.mode == "point":
            self.push(PointHandler(a))
        elif a.mode == "move_figure":
            if self.selected_figure and self.can_move_figure(self.selected_figure):
                self.push(MoveFigureHandler(self.selected_figure, dragging=False, choice=a.command.choice))
            else:
                self.app.toast("Click a figure of the unit, then click where it goes (or drag it).")

    def end_phase(self) -> None:
        st = self.game.state
        if not self.session.is_human(st.active_side) or st.over:
            return
        pending = self.rules.decision(self.game)
        if pending is not None:
            self.app.toast("A choice must be made first: " + pending["prompt"], 5)
            return
        idle = self.rules.idle_units(self.game, st.active_side)
        cmd = Command("end_phase", st.active_side)
        if idle:
            names = ", ".join(st.units[u].name for u in idle[:3]) + (" ..." if len(idle) > 3 else "")
            self.push(ConfirmHandler(f"{names} could still act. End the {self.rules.phase_name(st.phase)} phase?", lambda: self.submit(cmd)))
        else:
            self.submit(cmd)

    def undo(self) -> None:
        if self.game.undo():  # the game's version changes: nothing kept needs clearing
            self.hover_event = self.log.hover = None  # a log line under the pointer may be one undone
            self.traces.undone(self.game)
            if self.session.mail is not None:
                self.session.mail.keep(self.game)  # a game by e-mail: its record follows
            self.app.toast("Undone.")
        else:
            self.app.toast("Nothing to undo: dice were rolled since, and rolls stand.")

    def save(self) -> None:
        save_prompt(self)

    def leave_to_menu(self) -> None:
        leave_prompt(self)

    # ---- previews ------------------------------------------------------------------------
    def preview_move(self, fid: str, path: list[WorldPos], choice: str | None = None) -> tuple[bool, str, list[str]]:
        return self.rules.preview_move(self.game, self.game.state.figures[fid], list(path), choice)

    def preview_unit_move(self, cmd: Command) -> list[tuple[Figure, MovePlan]]:
        if cmd.point is None:
            return []
        try:
            return self.rules.unit_move_plans(self.game, cmd)
        except Exception:
            return []

    def template_sizes(self) -> dict[str, float]:
        mm = self.rules.mm
        sizes = {"blast": mm(2), "flame_length": 250.0, "flame_width": 60.0, "cone_reach": mm(24), "corridor_width": 100.0}
        sizes.update(self.rules.editor.template_sizes())
        return sizes

    # ---- events --------------------------------------------------------------------------
    def handle(self, e: pygame.event.Event) -> None:
        top = self.top()
        if top.modal:
            top.on_event(self, e)
            return
        if self.guide is not None and self.guide.handle(e):
            return
        if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = e.pos
        if e.type == pygame.MOUSEWHEEL:
            mouse = self.mouse
            if self.log.rect.collidepoint(mouse):
                self.log.wheel(e.y)
            elif self.in_table(mouse):
                self.camera.zoom_at(1.15 ** e.y, mouse)
                self.zoom_idle = 0.0
            return
        if self.minimap.handle(self.camera, e):
            return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button in (2, 3) and self.in_table(e.pos):
            self.panning = e.pos
            self.pan_moved = False
            return
        if e.type == pygame.MOUSEMOTION and self.panning is not None:
            dx, dy = e.pos[0] - self.panning[0], e.pos[1] - self.panning[1]
            if abs(dx) + abs(dy) > 3 or self.pan_moved:
                self.camera.pan(dx, dy)
                self.panning = e.pos
                self.pan_moved = True
            return
        if e.type == pygame.MOUSEBUTTONUP and e.button in (2, 3) and self.panning is not None:
            self.panning = None
            if not self.pan_moved and e.button == 3:
                self.cancel()
            return
        if e.type == pygame.MOUSEMOTION:
            self.hover_event = self.log.row_at(e.pos)
            self.log.hover = self.hover_event
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for bar in (self.side_bar, self.actions_bar, self.tool_bar):
                consumed, reason = bar.click(e.pos)
                if consumed:
                    if reason:
                        self.app.toast(reason, 5)
                    else:
                        self.app.sounds.play("click")
                    return
        if top.on_event(self, e):
            return
        if e.type == pygame.KEYDOWN:
            self.key(e)

    def key(self, e: pygame.event.Event) -> None:
        handle_key(self, e)

    def toggle_tool(self, cls: type[Handler[PlayScene]]) -> None:
        if isinstance(self.top(), cls):
            self.pop()
        else:
            while len(self.handlers) > 1 and not self.top().modal:
                self.handlers.pop()
            self.push(cls())

    def cancel(self, menu: bool = False) -> None:
        if len(self.handlers) > 1:
            self.pop()
        elif self.selected_unit:
            self.select(None)
        elif menu:
            self.leave_to_menu()

    # ---- frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        keys = pygame.key.get_pressed()
        if not self.top().modal:
            arrows = not self.top().arrows
            dx = (arrows and keys[pygame.K_LEFT] or keys[pygame.K_a]) - (arrows and keys[pygame.K_RIGHT] or keys[pygame.K_d])
            dy = (keys[pygame.K_UP] or keys[pygame.K_w]) - (keys[pygame.K_DOWN] or keys[pygame.K_s] and not (pygame.key.get_mods() & pygame.KMOD_CTRL))
            if dx or dy:
                self.camera.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)
        self.zoom_idle += dt
        odds_worker().keep_only(self.game)  # the odds of a state before a command given are not wanted
        self.painter.glide(dt)
        self.traces.update(dt)
        self.dice.update(dt)
        if self.guide is not None:
            self.guide.watch(self)
        self.painter.feed_dice()
        st = self.game.state
        waiting = mail_turn(self)  # a game by e-mail: the other player's move is theirs to make
        if st.over:
            if self.over_since is None:
                self.over_since = 0.0
            self.over_since += dt
            if self.over_since > 1.2 and not self.dice.busy():
                self.app.open("victory", self.session)
            return
        if not self.session.is_human(self.game.acting_side) and not self.top().modal and not waiting:
            self.ai_timer += dt
            pace = AI_SPEEDS.get(str(self.app.settings.get("ai_speed")), AI_PACE)
            while (self.ai_timer >= pace or self.skip_ai) and not st.over and not self.session.is_human(self.game.acting_side):
                self.ai_timer = 0.0
                side = self.game.acting_side
                cmd = self.players[side].choose(self.game, side)
                self.submit(cmd)
                st = self.game.state
                if not self.skip_ai:
                    break
            if self.session.is_human(self.game.acting_side) or st.over:
                self.skip_ai = False

    def quiet(self) -> bool:
        return at_rest(self)

    def still(self) -> bool:
        return still(self)

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(BG)
        self.painter.draw_table(surf)
        self.painter.draw_sidebar(surf)
        self.painter.draw_toolbar(surf)
        self.painter.draw_info(surf)  # after the sidebar: the box may go over its lower part
        top = self.top()
        if self.guide is not None and not top.modal:
            self.guide.draw(self, surf)
        if top.modal:
            top.draw(self, surf)
        elif why := self.actions_bar.why_not(self.mouse):
            draw_tooltip(surf, why, self.mouse)  # a disabled action says why on hover
        elif isinstance(top, SelectHandler) and self.in_table(self.mouse) and (fid := self.figure_at(self.mouse)):
            token = self.painter.tokens.get(fid)  # what the figure is, carries and suffers, off its token
            self.painter.note_rect = draw_tooltip(surf, self.painter.figure_note(fid), self.mouse, keep_off=token)
