"""The map editor: build the table and the scenario, save it, play it.

It edits the same map document the game loads (:class:`game.editor.model.EditorDoc`);
every edit is validated and can be undone. The right panel has four pages: Terrain,
Scenario, Forces and Map."""

from __future__ import annotations

import time
from collections.abc import Callable
from math import hypot
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.catalog import (
    MAPS_DIR,
    available_rulesets,
    load_map_doc,
    load_ruleset,
    new_game,
    terrain_file,
)
from game.data.errors import DataError
from game.data.map_schema import MapFile
from game.data.yamlio import Doc
from game.editor.model import EditorDoc
from game.geometry.table import Table
from game.geometry.units import to_mm
from game.rulesets.base import RulesetBase
from game.rulesets.setup import side_order
from game.session import Session

from . import overlays
from .camera import Camera
from .dialogs import ConfirmHandler, PromptHandler
from .editor_pages import EditorPages
from .editor_tools import PlaceTool, Selection, SelectTool, ShapeTool
from .editor_view import EditorView
from .handler_base import Handler, ScreenPos, WorldPos
from .handlers import LosHandler, MeasureHandler
from .scene import Scene
from .terrain_render import TerrainRenderer, blit_terrain, terrain_looks
from .theme import BG, SIDEBAR_W, TOOLBAR_H
from .widgets import Button, ButtonBar, bar_height

if TYPE_CHECKING:
    from .app import App


class EditorScene(Scene):
    def __init__(self, app: App, path: str | Path | None = None, doc: EditorDoc | None = None) -> None:
        super().__init__(app)
        self.open_error = ""
        if doc is None:
            try:
                doc = EditorDoc.open(path) if path else EditorDoc.new(available_rulesets()[0])
            except DataError as e:
                self.open_error = e.one_line()
                doc = EditorDoc.new(available_rulesets()[0])
        self.doc = doc
        self.page = "Terrain"
        self.handlers: list[Handler[EditorScene]] = [SelectTool()]
        self.selected: Selection | None = None
        self.terrain_type = "wood"
        self.troop: str | None = None
        self.side_id = self.doc.data["sides"][0]["id"]
        self.current_unit: str | None = None
        self.snap_on = True
        self.tapes: list[tuple[WorldPos, WorldPos]] = []
        self.panel = ButtonBar()
        self.pages = EditorPages(self)  # what each page of the panel offers
        self.painter = EditorView(self)  # draws the scenario, selection, tools and panel
        self.tools = ButtonBar()
        self.camera = Camera(pygame.Rect(0, 0, 1, 1), 1.0, 1.0)  # its view and table: layout()
        self.version: dict[str, Any] | None = None  # the document the table was built from
        self.mouse: ScreenPos = (0, 0)
        self.panning: ScreenPos | None = None
        self.pan_moved = False
        self.layout()
        self.rebuild()
        self.camera.fit()
        if self.open_error:
            app.toast(self.open_error, 10)

    # ---- geometry of the view ----------------------------------------------------------
    @property
    def scale(self) -> float:
        return to_mm(1.0, self.doc.data["unit"])

    @property
    def snap_step(self) -> float:
        return 0.5 if self.doc.data["unit"] == "in" else 1.0

    def layout(self) -> None:
        w, h = self.app.size
        bar_h = bar_height(EditorView.toolbar_places(w - SIDEBAR_W)[-1][1] + 1, TOOLBAR_H)
        self.table_rect = pygame.Rect(0, 0, w - SIDEBAR_W, h - bar_h)
        self.panel_rect = pygame.Rect(w - SIDEBAR_W, 0, SIDEBAR_W, h)
        self.toolbar_rect = pygame.Rect(0, h - bar_h, w - SIDEBAR_W, bar_h)
        self.camera.view = self.table_rect.copy()
        self.camera.table_w = self.doc.data["table"]["width"] * self.scale
        self.camera.table_h = self.doc.data["table"]["height"] * self.scale

    def resized(self) -> None:
        self.layout()
        self.camera.fit()  # the table fitted to the window's new size

    def world(self, pos: ScreenPos, snap: bool = True) -> WorldPos:
        x, y = self.camera.to_world(pos)
        x, y = x / self.scale, y / self.scale
        if snap and self.snap_on:
            s = self.snap_step
            x, y = round(x / s) * s, round(y / s) * s
        return (round(x, 4), round(y, 4))

    def screen(self, p: WorldPos) -> ScreenPos:
        return self.camera.to_screen((p[0] * self.scale, p[1] * self.scale))

    def in_table(self, pos: ScreenPos) -> bool:
        return self.table_rect.collidepoint(pos)

    def snap(self, pos: ScreenPos) -> WorldPos:  # for the tape and sight tools (mm)
        return self.camera.to_world(pos)

    # ---- the document ----------------------------------------------------------------------
    def rebuild(self) -> None:
        """Rebuild the table (and the rules) from the document after an edit."""
        if self.version is self.doc.data:
            return
        self.version = self.doc.data
        self.rules: RulesetBase[Any] = load_ruleset(self.doc.data["ruleset"])
        model = MapFile.model_validate(self.doc.data)
        self.table: Table = self.rules.build_table(model)
        self.renderer = TerrainRenderer(self.table, terrain_looks())
        self.layout()
        if self.troop not in self.rules.data.troop_types:
            self.troop = next(iter(self.rules.data.troop_types), None)
        if self.side_id not in [s["id"] for s in self.doc.data["sides"]]:
            self.side_id = self.doc.data["sides"][0]["id"]
        if self.selected and self.selected[0] == "terrain" and self.selected[1] >= len(self.doc.data["terrain"]):
            self.selected = None

    def warn_portal(self, k: int) -> None:
        """A marker just placed or moved against the solo rules' set-up: say so (a warning)."""
        found = self.doc.warnings(k)
        if found:
            self.app.toast("Warning: " + "; ".join(found), 8)

    def report(self, err: str | None) -> bool:
        if err:
            self.app.toast(err, 7)
            return False
        self.rebuild()
        return True

    # ---- handlers ----------------------------------------------------------------------------
    def push(self, h: Handler[EditorScene]) -> None:
        self.handlers.append(h)

    def pop(self, h: Handler[EditorScene] | None = None) -> None:
        if len(self.handlers) > 1 and (h is None or self.handlers[-1] is h):
            self.handlers.pop()

    def top(self) -> Handler[EditorScene]:
        return self.handlers[-1]

    def use_tool(self, tool: Handler[EditorScene]) -> None:
        while len(self.handlers) > 1:
            self.handlers.pop()
        if not isinstance(tool, SelectTool):
            self.push(tool)

    # ---- picking ------------------------------------------------------------------------------
    def figure_radius(self, troop: str) -> float:
        tt = self.rules.data.troop_types.get(troop)
        base = tt.base if tt is not None and tt.base else self.rules.data.base_diameter
        return base / 2 * to_mm(1.0, self.rules.data.unit) / self.scale

    def selected_terrain_index(self) -> int | None:
        if self.selected and self.selected[0] == "terrain":
            return int(self.selected[1])
        return None

    def selected_terrain(self) -> dict[str, Any] | None:
        i = self.selected_terrain_index()
        return None if i is None else self.doc.data["terrain"][i]

    # ---- edits ---------------------------------------------------------------------------------
    def add_shape(self, spec: dict[str, Any]) -> None:
        tt = terrain_file().types[self.terrain_type]
        if tt.shape == "line" and "line" not in spec:
            self.app.toast(f"{tt.name} is drawn as a line: use the Line tool.")
            return
        if tt.shape == "area" and "line" in spec:
            self.app.toast(f"{tt.name} is an area: use the polygon, rectangle or circle tools.")
            return
        spec = {"type": self.terrain_type, **spec}
        if self.terrain_type == "hill":
            spec["level"] = 1
        if self.report(self.doc.add_terrain(spec)):
            self.selected = ("terrain", len(self.doc.data["terrain"]) - 1)

    def move_selected(self, dx: float, dy: float) -> None:
        sel = self.selected
        if sel is None:
            return
        d = self.doc.data
        if sel[0] == "terrain":
            self.report(self.doc.move_terrain(sel[1], dx, dy))
        elif sel[0] == "figure":
            si, ui = self.doc.unit_path(sel[1])
            f = d["sides"][si]["units"][ui]["figures"][sel[2]]
            self.report(self.doc.move_figure(sel[1], sel[2], (f["at"][0] + dx, f["at"][1] + dy)))
        elif sel[0] == "objective":
            o = d["objectives"][sel[1]]
            self.report(self.doc.move_objective(sel[1], (o["at"][0] + dx, o["at"][1] + dy)))
        elif sel[0] == "portal":
            p = d["portals"][sel[1]]
            if self.report(self.doc.move_portal(sel[1], (p["at"][0] + dx, p["at"][1] + dy))):
                self.warn_portal(sel[1])
        elif sel[0] == "zone":
            from game.editor.model import move_shape

            si = self.doc.side_index(sel[1])
            self.report(self.doc.edit("move zone", lambda doc: move_shape(doc["sides"][si]["deployment"], dx, dy)))

    def delete_selected(self) -> None:
        sel = self.selected
        if sel is None:
            return
        if sel[0] == "terrain":
            ok = self.report(self.doc.delete_terrain(sel[1]))
        elif sel[0] == "figure":
            ok = self.report(self.doc.delete_figure(sel[1], sel[2]))
        elif sel[0] == "objective":
            ok = self.report(self.doc.delete_objective(sel[1]))
        elif sel[0] == "portal":
            ok = self.report(self.doc.delete_portal(sel[1]))
        elif sel[0] == "zone":
            ok = self.report(self.doc.set_side_field(sel[1], "deployment", None))
        else:
            ok = False
        if ok:
            self.selected = None

    def place(self, what: str, p: WorldPos) -> None:
        if what == "objective":
            self.report(self.doc.add_objective(p))
        elif what in ("portal", "dummy"):
            if self.report(self.doc.add_portal(self.side_id, p, dummy=(what == "dummy"))):
                self.warn_portal(len(self.doc.data["portals"]) - 1)
        elif what == "new_unit":
            if self.troop is None:
                return
            err, uid = self.doc.add_unit(self.side_id, self.troop, p)
            if self.report(err):
                self.current_unit = uid
                self.use_tool(PlaceTool("figure", "Click to add figures to the new unit; Esc when done."))
        elif what.startswith("ready:"):
            self.place_ready_force(what.removeprefix("ready:"), p)
        elif what == "figure":
            if not self.current_unit:
                self.app.toast("Place a new unit first, or select a figure of the unit to add to.")
                return
            if self.troop is None:
                return
            self.report(self.doc.add_figure(self.current_unit, self.troop, p))

    def place_ready_force(self, force_id: str, p: WorldPos) -> None:
        """A ready force centred on ``p``: a row for each unit, its figures side by side."""
        force = next((f for f in self.rules.editor.ready_forces() if f.id == force_id), None)
        if force is None:
            return
        gap = max(self.figure_radius(t) for u in force.units for t in u.troops) * 2  # a base across, in the map's unit
        rows = []
        for i, u in enumerate(force.units):
            ry = p[1] + (i - (len(force.units) - 1) / 2) * gap * 3
            rows.append((u.name, u.kind, [(t, (p[0] + (j - (len(u.troops) - 1) / 2) * gap * 1.6, ry)) for j, t in enumerate(u.troops)]))
        if self.report(self.doc.add_units(self.side_id, rows)):
            self.app.toast(f"{force.name} placed: {sum(len(u.troops) for u in force.units)} figures in {len(force.units)} units.")
            self.use_tool(SelectTool())

    def prompt(self, question: str, initial: str, done: Callable[[str], object]) -> None:
        self.push(PromptHandler(question, initial, done))

    # ---- saving and playing ----------------------------------------------------------------------
    def save(self, folder: Path | None = None) -> None:
        def write(target: Path) -> None:
            try:
                path = self.doc.save(target)
            except DataError as e:
                self.app.toast(f"Not saved: {e.message} ({e.field})" if e.field else f"Not saved: {e.message}", 10)
                return
            except OSError as e:
                self.app.toast(f"Not saved: {e}", 10)
                return
            self.app.toast(f"Saved {path}")

        if folder is None and self.doc.path is not None:
            write(self.doc.path)
            return
        from game.session import slug

        target_dir = folder or MAPS_DIR
        self.prompt(f"File name in {target_dir}:", slug(self.doc.data["name"]), lambda name: write(target_dir / f"{slug(name or 'map')}.yaml"))

    def test_play(self, controllers: str = "hotseat") -> None:
        try:
            lm = load_map_doc(Doc(str(self.doc.path or "new map"), self.doc.data))
        except DataError as e:
            self.app.toast(f"Cannot play this map yet: {e.message}", 10)
            return
        game = new_game(lm, seed=int(time.time()) % 100000)
        sides = side_order(lm.model)  # the map's seats (the initiative may reorder state.side_order)
        ctrl = {s: "human" for s in sides}
        if controllers != "hotseat":
            ctrl.update({s: "random" for s in sides[1:]})  # the computer plays every side but the first
        me = self
        self.app.open("play", Session(game, ctrl, handover="never", autosaves=False), on_leave=lambda: me.app.switch(me))

    # ---- events --------------------------------------------------------------------------------
    def handle(self, e: pygame.event.Event) -> None:
        if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = e.pos
        top = self.top()
        if top.modal:
            top.on_event(self, e)
            return
        if e.type == pygame.MOUSEWHEEL and self.in_table(self.mouse):
            self.camera.zoom_at(1.15 ** e.y, self.mouse)
            return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button in (2, 3) and self.in_table(e.pos):
            self.panning, self.pan_moved = e.pos, False
            return
        if e.type == pygame.MOUSEMOTION and self.panning is not None:
            dx, dy = e.pos[0] - self.panning[0], e.pos[1] - self.panning[1]
            if abs(dx) + abs(dy) > 3 or self.pan_moved:
                self.camera.pan(dx, dy)
                self.panning, self.pan_moved = e.pos, True
            return
        if e.type == pygame.MOUSEBUTTONUP and e.button in (2, 3) and self.panning is not None:
            self.panning = None
            if not self.pan_moved and e.button == 3:
                self.use_tool(SelectTool())
            return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for bar in (self.panel, self.tools):
                consumed, reason = bar.click(e.pos)
                if consumed:
                    if reason:
                        self.app.toast(reason)
                    return
        if top.on_event(self, e):
            return
        if e.type == pygame.KEYDOWN:
            self.key(e)

    def key(self, e) -> None:
        ctrl = e.mod & pygame.KMOD_CTRL
        k = e.key
        if ctrl and k == pygame.K_z:
            label = self.doc.undo()
            self.rebuild()
            self.app.toast(f"Undone: {label}" if label else "Nothing to undo.")
        elif ctrl and k == pygame.K_y:
            label = self.doc.redo()
            self.rebuild()
            self.app.toast(f"Redone: {label}" if label else "Nothing to redo.")
        elif ctrl and k == pygame.K_s:
            self.save()
        elif ctrl and k == pygame.K_d and self.selected and self.selected[0] == "terrain":
            if self.report(self.doc.duplicate_terrain(self.selected[1])):
                self.selected = ("terrain", len(self.doc.data["terrain"]) - 1)
        elif k in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.delete_selected()
        elif k == pygame.K_ESCAPE:
            if len(self.handlers) > 1:
                self.use_tool(SelectTool())
            elif self.selected:
                self.selected = None
            else:
                self.leave_editor()
        elif k == pygame.K_q and self.selected and self.selected[0] == "terrain":
            self.report(self.doc.rotate_terrain(self.selected[1], -15))
        elif k == pygame.K_e and self.selected and self.selected[0] == "terrain":
            self.report(self.doc.rotate_terrain(self.selected[1], 15))
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) and self.selected and self.selected[0] == "terrain":
            self.report(self.doc.scale_terrain(self.selected[1], 1.1))
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS) and self.selected and self.selected[0] == "terrain":
            self.report(self.doc.scale_terrain(self.selected[1], 1 / 1.1))
        elif k == pygame.K_v:
            self.use_tool(SelectTool())
        elif k == pygame.K_p:
            self.use_tool(ShapeTool("polygon"))
        elif k == pygame.K_b:
            self.use_tool(ShapeTool("rect"))
        elif k == pygame.K_o:
            self.use_tool(ShapeTool("circle"))
        elif k == pygame.K_n:
            self.use_tool(ShapeTool("line"))
        elif k == pygame.K_m:
            self.use_tool(MeasureHandler())
        elif k == pygame.K_l:
            self.use_tool(LosHandler())
        elif k == pygame.K_g:
            self.snap_on = not self.snap_on
            self.app.toast("Snap to grid " + ("on" if self.snap_on else "off"))
        elif k in (pygame.K_HOME, pygame.K_f):
            self.camera.fit()
        elif k == pygame.K_F5:
            self.test_play()

    def leave_editor(self) -> None:
        if self.doc.dirty:
            self.push(ConfirmHandler("Leave the editor? Unsaved changes will be lost.", lambda: self.app.open("menu")))
        else:
            self.app.open("menu")

    def update(self, dt: float) -> None:
        keys = pygame.key.get_pressed()
        if not self.top().modal:
            dx = keys[pygame.K_LEFT] - keys[pygame.K_RIGHT]
            dy = keys[pygame.K_UP] - keys[pygame.K_DOWN]
            if dx or dy:
                self.camera.pan(dx * 700 * dt, dy * 700 * dt)

    # ---- drawing --------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        self.rebuild()
        surf.fill(BG)
        prev = surf.get_clip()
        surf.set_clip(self.table_rect)
        cache, cz = self.renderer.surface(self.camera.zoom)
        cam = self.camera
        blit_terrain(surf, cam, self.table_rect, cache, cz)
        self.painter.draw_scenario(surf)
        self.painter.draw_selection(surf)
        for a, b in self.tapes:
            overlays.draw_tape(surf, cam, a, b, self.rules.fmt(hypot(b[0] - a[0], b[1] - a[1])), True)
        for h in self.handlers:
            if not h.modal:
                h.draw(self, surf)
        info = self.top().info(self)
        if info:
            self.painter.draw_info(surf, info)
        surf.set_clip(prev)
        self.painter.draw_panel(surf)
        self.painter.draw_toolbar(surf)
        if self.top().modal:
            self.top().draw(self, surf)


    def button(self, rect, label, fn, enabled=True, active=False, tip="") -> Button:
        b = Button(pygame.Rect(rect), label, fn, enabled, "", tip)
        b.active = active
        self.panel.add(b)
        return b


