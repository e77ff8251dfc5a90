"""Drawing the map editor: the scenario over the terrain (zones, objectives, markers,
figures), the selection and its handles, the tool bar and the right-hand panel with its
open page. It reads the scene and the map document and never changes them."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from types import SimpleNamespace
from typing import TYPE_CHECKING

import pygame

from game.editor.markers import MARKER_LETTERS, marker_kind

from . import overlays
from .editor_tools import HANDLE_PX, SelectTool, ShapeTool, vertex_points
from .handler_base import Handler
from .handlers import LosHandler, MeasureHandler
from .labels import draw_names
from .theme import INK, INK_SOFT, TOOLBAR_H, fit_line, font, text, text_width, wrap
from .tokens import draw_token
from .widgets import Button, flow

if TYPE_CHECKING:
    from .editor import EditorScene

PAGES = ("Terrain", "Scenario", "Forces", "Map")


#: lines kept for the tool's hint at the top of the editor's panel
HINT_LINES = 3


class EditorView:
    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene

    def draw_info(self, surf, lines) -> None:
        rows = [(part, i == 0) for i, line in enumerate(lines) for part in wrap(line, 18, 364, bold=(i == 0))][:14]  # wrapped, not cut
        box = pygame.Rect(self.scene.table_rect.x + 10, self.scene.table_rect.y + 10, 380, 10 + 18 * len(rows))
        pygame.draw.rect(surf, (240, 232, 212), box)
        pygame.draw.rect(surf, (90, 70, 50), box, 1)
        for i, (part, bold) in enumerate(rows):
            text(surf, part, (box.x + 8, box.y + 5 + 18 * i), 18, INK, bold=bold)

    def draw_scenario(self, surf) -> None:
        d = self.scene.doc.data
        cam = self.scene.camera
        sides = {s["id"]: SimpleNamespace(colour=s["colour"]) for s in d["sides"]}
        zones = {}
        for s in d["sides"]:
            if s.get("deployment"):
                from game.data.map_build import zone_polygon
                from game.data.map_schema import Zone

                zones[s["id"]] = list(zone_polygon(Zone.model_validate(s["deployment"]), d["unit"]).exterior.coords)
        overlays.draw_zones(surf, cam, zones, sides)
        taken: list[pygame.Rect] = []  # what the objectives' names keep off
        if d["table"].get("grid"):
            taken += overlays.draw_grid(surf, cam, self.scene.table.width, self.scene.table.height)
        objs = {o["id"]: {"name": o["name"], "x": o["at"][0] * self.scene.scale, "y": o["at"][1] * self.scene.scale, "radius": o["radius"] * self.scene.scale} for o in d["objectives"]}
        names = overlays.draw_objectives(surf, cam, objs, {})
        for k, p in enumerate(d["portals"]):
            c = self.scene.screen(p["at"])
            r = max(7, cam.length(12))
            col = pygame.Color(next(s["colour"] for s in d["sides"] if s["id"] == p["side"]))
            if self.scene.selected == ("portal", k):
                pygame.draw.rect(surf, (255, 220, 80), (c[0] - r - 3, c[1] - r - 3, 2 * r + 6, 2 * r + 6), 2)
            taken.append(pygame.draw.rect(surf, (30, 28, 24), (c[0] - r, c[1] - r, 2 * r, 2 * r)))
            pygame.draw.rect(surf, col, (c[0] - r + 2, c[1] - r + 2, 2 * r - 4, 2 * r - 4))
            text(surf, MARKER_LETTERS[marker_kind(p)], c, max(14, int(r * 1.4)), (250, 246, 230), bold=True, anchor="center")
        for s in d["sides"]:
            for u in s["units"]:
                for k, f in enumerate(u["figures"]):
                    tt = self.scene.rules.data.troop_types.get(f["type"])
                    sel = self.scene.selected == ("figure", u["id"], k) or (self.scene.current_unit == u["id"])
                    facing = f.get("facing") if f.get("facing") is not None else {"south": 270, "north": 90, "west": 0, "east": 180}[s["home_edge"]]
                    taken.append(draw_token(surf, cam.to_screen_f((f["at"][0] * self.scene.scale, f["at"][1] * self.scene.scale)),
                                            cam.length(self.scene.figure_radius(f["type"]) * self.scene.scale), s["colour"], tt.symbol if tt else "dot",
                                            facing, [], selected=sel))
        draw_names(surf, names, taken, self.scene.table_rect)

    def draw_selection(self, surf) -> None:
        sel = self.scene.selected
        if sel is None:
            return
        top = self.scene.top()
        off = top.offset() if isinstance(top, SelectTool) else (0.0, 0.0)
        if sel[0] == "terrain":
            feats = list(self.scene.table.features)
            if sel[1] < len(feats):
                area = feats[sel[1]].area
                for poly in getattr(area, "geoms", [area]):
                    pts = [self.scene.camera.to_screen((x + off[0] * self.scene.scale, y + off[1] * self.scene.scale)) for x, y in poly.exterior.coords]
                    pygame.draw.lines(surf, (255, 220, 80), True, pts, 2)
            for p in vertex_points(self.scene):
                s = self.scene.screen((p[0] + off[0], p[1] + off[1]))
                r = pygame.Rect(0, 0, HANDLE_PX, HANDLE_PX)
                r.center = s
                pygame.draw.rect(surf, (255, 255, 255), r)
                pygame.draw.rect(surf, (40, 30, 20), r, 1)
            t = self.scene.selected_terrain()
            for k, o in enumerate((t or {}).get("openings") or []):  # numbered as the Terrain page lists them
                s = self.scene.screen((o["at"][0] + off[0], o["at"][1] + off[1]))
                pygame.draw.circle(surf, (30, 24, 16), s, 8)
                text(surf, str(k + 1), s, 15, (255, 230, 120), bold=True, anchor="center")

    # ---- panel --------------------------------------------------------------------------------
    #: (label, hotkey, the tool's class, the shape it draws); then the snap toggle
    TOOLS: list[tuple[str, str, Callable[..., Handler[EditorScene]], str | None]] = [
        ("Select", "V", SelectTool, None), ("Polygon", "P", ShapeTool, "polygon"), ("Rect", "B", ShapeTool, "rect"),
        ("Circle", "O", ShapeTool, "circle"), ("Line", "N", ShapeTool, "line"), ("Measure", "M", MeasureHandler, None),
        ("Sight", "L", LosHandler, None)]
    SNAP_W = 96

    @classmethod
    def toolbar_places(cls, width: int) -> list[tuple[int, int]]:
        """Where the tools and the snap toggle go in a toolbar ``width`` wide (wrapped)."""
        return flow([font(19).size(f"[{key}] {label}")[0] + 14 for label, key, _, _ in cls.TOOLS] + [cls.SNAP_W], width)

    def draw_toolbar(self, surf) -> None:
        r = self.scene.toolbar_rect
        pygame.draw.rect(surf, (52, 44, 34), r)
        self.scene.tools.clear()
        places = self.toolbar_places(r.w)
        row_y = [r.y + 5 + row * (TOOLBAR_H - 5) for _, row in places]
        for (label, key, cls, kind), (x, _), y in zip(self.TOOLS, places, row_y, strict=False):
            wbtn = font(19).size(f"[{key}] {label}")[0] + 14
            b = Button(pygame.Rect(r.x + x, y, wbtn, TOOLBAR_H - 10), label, partial(self.use_tool, cls, kind), True, key)
            top = self.scene.top()
            b.active = type(top) is cls and (kind is None or getattr(top, "kind", None) == kind)
            self.scene.tools.add(b)
        b = Button(pygame.Rect(r.x + places[-1][0], row_y[-1], self.SNAP_W, TOOLBAR_H - 10), "Snap " + ("on" if self.scene.snap_on else "off"),
                   lambda: setattr(self.scene, "snap_on", not self.scene.snap_on), True, "G")
        self.scene.tools.add(b)
        self.scene.tools.draw(surf)

    def use_tool(self, cls: Callable[..., Handler[EditorScene]], kind: str | None) -> None:
        self.scene.use_tool(cls() if kind is None else cls(kind))

    def show_page(self, page: str) -> None:
        self.scene.page = page

    def draw_panel(self, surf) -> None:
        r = self.scene.panel_rect
        pygame.draw.rect(surf, (226, 216, 192), r)
        pygame.draw.line(surf, (90, 70, 50), r.topleft, r.bottomleft, 2)
        self.scene.panel.clear()
        x, y, w = r.x + 10, r.y + 8, r.w - 20
        title = self.scene.doc.data["name"] + (" *" if self.scene.doc.dirty else "")
        title, size = fit_line(title, 22, 16, w, bold=True)
        text(surf, title, (x, y), size, INK, bold=True)
        y += 24
        where = str(self.scene.doc.path) if self.scene.doc.path else "not saved yet"
        while len(where) > 8 and text_width(where, 15) > w:  # a long path keeps its end: the file's name
            where = "..." + where[4:]
        text(surf, where, (x, y), 15, INK_SOFT)
        y += 20
        tab_w = (w - 6) // 4
        for i, p in enumerate(PAGES):
            b = Button(pygame.Rect(x + i * (tab_w + 2), y, tab_w, 28), p, partial(self.show_page, p))
            b.active = self.scene.page == p
            self.scene.panel.add(b)
        y += 36
        hint = self.scene.top().hint
        for k, line in enumerate(wrap(hint, 17, w)[:HINT_LINES]):
            text(surf, line, (x, y + 16 * k), 17, INK_SOFT)
        y += 16 * HINT_LINES + 6  # the same room whatever the hint: the buttons below stay put
        pages = {"Terrain": self.scene.pages.page_terrain, "Scenario": self.scene.pages.page_scenario,
                 "Forces": self.scene.pages.page_forces, "Map": self.scene.pages.page_map}
        pages[self.scene.page](surf, x, y, w)
        self.scene.panel.draw(surf)
