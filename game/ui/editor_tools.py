"""Tools of the map editor: select and move (with vertex editing), draw polygons,
rectangles, circles and lines, place zones, objectives, portal markers, figures and a
building's doors and windows; and what a click picks on the map (a figure, a marker, an objective, terrain, a zone)."""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING, Any

import pygame
from shapely.geometry import LineString, Point

from game.data.map_build import shape_geometry
from game.data.map_schema import Zone
from game.editor.model import rect_to_polygon, shape_points
from game.editor.openings import wall_point

from .handler_base import LEFT, Handler, ScreenPos, WorldPos
from .terrain_render import DRAW_ORDER
from .theme import text

if TYPE_CHECKING:
    from .editor import EditorScene

HANDLE_PX = 7

#: what is selected in the editor: ("terrain", index), ("figure", unit id, index),
#: ("objective", index), ("portal", index) or ("zone", side id)
Selection = tuple[Any, ...]


def pick(scene: EditorScene, pos: ScreenPos) -> Selection | None:
    """What a click at ``pos`` selects: figures first, then markers, objectives, the
    terrain drawn on top, deployment zones."""
    w = scene.world(pos, snap=False)
    d = scene.doc.data
    best = None
    for s in d["sides"]:
        for u in s["units"]:
            for k, f in enumerate(u["figures"]):
                r = scene.figure_radius(f["type"])
                dist = hypot(f["at"][0] - w[0], f["at"][1] - w[1])
                if dist <= r + 4 / scene.camera.zoom / scene.scale and (best is None or dist < best[0]):
                    best = (dist, ("figure", u["id"], k))
    if best:
        return best[1]
    for k, p in enumerate(d["portals"]):
        if hypot(p["at"][0] - w[0], p["at"][1] - w[1]) <= 0.8:
            return ("portal", k)
    for k, o in enumerate(d["objectives"]):
        if hypot(o["at"][0] - w[0], o["at"][1] - w[1]) <= max(0.8, o["radius"] * 0.25):
            return ("objective", k)
    pt = Point(w[0] * scene.scale, w[1] * scene.scale)
    feats = list(scene.table.features)
    order = {f.id: i for i, f in enumerate(feats)}
    rank = {t: i for i, t in enumerate(DRAW_ORDER)}
    for f in sorted(feats, key=lambda f: (rank.get(f.type.id, 50), f.level, order[f.id]), reverse=True):
        if f.area.buffer(2 / scene.camera.zoom).covers(pt):
            return ("terrain", order[f.id])
    for s in d["sides"]:
        if s.get("deployment") and shape_geometry(Zone.model_validate(s["deployment"])).covers(Point(w)):
            return ("zone", s["id"])
    return None


def vertex_points(scene: EditorScene) -> list[WorldPos]:
    """The vertices of the selected terrain (a rectangle's corners), in map units."""
    t = scene.selected_terrain()
    if t is None:
        return []
    if t.get("rect"):
        tmp = {"rect": dict(t["rect"])}
        rect_to_polygon(tmp)
        return [(p[0], p[1]) for p in tmp["polygon"]]
    return shape_points(t)


def vertex_at(scene: EditorScene, pos: ScreenPos) -> int | None:
    for k, p in enumerate(vertex_points(scene)):
        s = scene.screen(p)
        if abs(s[0] - pos[0]) <= HANDLE_PX and abs(s[1] - pos[1]) <= HANDLE_PX:
            return k
    return None


def insert_vertex_at(scene: EditorScene, pos: ScreenPos) -> bool:
    """A vertex on the selected terrain's outline where ``pos`` is near an edge."""
    pts = vertex_points(scene)
    i, t = scene.selected_terrain_index(), scene.selected_terrain()
    if len(pts) < 2 or i is None or t is None:
        return False
    closed = not t.get("line")
    edges = [(k, pts[k], pts[(k + 1) % len(pts)]) for k in range(len(pts) if closed else len(pts) - 1)]
    w = scene.world(pos, snap=False)
    best = None
    for k, a, b in edges:
        seg = LineString([a, b])
        d = seg.distance(Point(w)) * scene.scale * scene.camera.zoom
        if d <= 6 and (best is None or d < best[0]):
            q = seg.interpolate(seg.project(Point(w)))
            best = (d, k + 1, (round(q.x, 4), round(q.y, 4)))
    if best is None:
        return False
    scene.report(scene.doc.insert_vertex(i, best[1], best[2]))
    return True


class SelectTool(Handler["EditorScene"]):
    hint = "Click to select; drag to move; drag a square handle to move a vertex; Shift+click an edge to add a vertex, Ctrl+click a vertex to remove it."

    def __init__(self) -> None:
        self.drag_from: tuple[float, float] | None = None
        self.drag_to: tuple[float, float] | None = None
        self.vertex: int | None = None
        self.moved = False

    def on_event(self, scene: EditorScene, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == LEFT and scene.in_table(e.pos):
            w = scene.world(e.pos)
            mods = pygame.key.get_mods()
            k = vertex_at(scene, e.pos)
            terrain = scene.selected_terrain_index()
            if k is not None and terrain is not None:  # only selected terrain has vertices
                if mods & pygame.KMOD_CTRL:
                    scene.report(scene.doc.remove_vertex(terrain, k))
                    return True
                self.vertex = k
            else:
                if mods & pygame.KMOD_SHIFT and insert_vertex_at(scene, e.pos):
                    return True
                sel = pick(scene, e.pos)
                if sel != scene.selected:
                    scene.selected = sel
                if sel and sel[0] == "figure":
                    scene.current_unit = sel[1]
                if sel is None:
                    return True
            self.drag_from = self.drag_to = w
            self.moved = False
            return True
        if e.type == pygame.MOUSEMOTION and self.drag_from is not None:
            self.drag_to = scene.world(e.pos)
            self.moved = self.moved or hypot(e.rel[0], e.rel[1]) > 0 or self.drag_to != self.drag_from
            return True
        if e.type == pygame.MOUSEBUTTONUP and e.button == LEFT and self.drag_from is not None:
            end = scene.world(e.pos)
            start = self.drag_from
            self.drag_from = self.drag_to = None
            if self.vertex is not None:
                k, self.vertex = self.vertex, None
                terrain = scene.selected_terrain_index()
                if end != start and terrain is not None:
                    scene.report(scene.doc.set_vertex(terrain, k, end))
                return True
            dx, dy = end[0] - start[0], end[1] - start[1]
            if abs(dx) + abs(dy) > 1e-9:
                scene.move_selected(dx, dy)
            return True
        return False

    def offset(self) -> tuple[float, float]:
        if self.drag_from is None or self.drag_to is None or self.vertex is not None:
            return (0.0, 0.0)
        return (self.drag_to[0] - self.drag_from[0], self.drag_to[1] - self.drag_from[1])

    def draw(self, scene: EditorScene, surf: pygame.Surface) -> None:
        if self.vertex is not None and self.drag_to is not None:
            pygame.draw.circle(surf, (255, 200, 60), scene.screen(self.drag_to), HANDLE_PX, 2)


class ShapeTool(Handler["EditorScene"]):
    """Polygon and line: click the vertices; Enter (or clicking the first vertex of a
    polygon) finishes. Rectangle and circle: drag."""

    def __init__(self, kind: str) -> None:
        self.kind = kind  # polygon | line | rect | circle
        self.points: list[tuple[float, float]] = []
        self.cursor: tuple[float, float] | None = None
        self.dragging = False

    @property
    def hint(self) -> str:
        if self.kind in ("polygon", "line"):
            return f"Draw a {self.kind}: click each vertex; Enter finishes" + (" (or click the first vertex)" if self.kind == "polygon" else "") + "; Backspace removes the last; Esc cancels."
        return f"Draw a {'rectangle' if self.kind == 'rect' else 'circle'}: drag from {'corner to corner' if self.kind == 'rect' else 'the centre out'}."

    def on_event(self, scene: EditorScene, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEMOTION:
            self.cursor = scene.world(e.pos)
            return self.dragging
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == LEFT and scene.in_table(e.pos):
            p = scene.world(e.pos)
            if self.kind in ("rect", "circle"):
                self.points = [p]
                self.cursor = p
                self.dragging = True
                return True
            if self.kind == "polygon" and len(self.points) >= 3:
                first = scene.screen(self.points[0])
                if hypot(first[0] - e.pos[0], first[1] - e.pos[1]) <= HANDLE_PX + 2:
                    self.finish(scene)
                    return True
            self.points.append(p)
            return True
        if e.type == pygame.MOUSEBUTTONUP and e.button == LEFT and self.dragging:
            self.dragging = False
            self.cursor = scene.world(e.pos)
            self.finish(scene)
            return True
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.finish(scene)
                return True
            if e.key == pygame.K_BACKSPACE and self.points:
                self.points.pop()
                return True
        return False

    def finish(self, scene: EditorScene) -> None:
        spec: dict | None = None
        if self.kind == "polygon" and len(self.points) >= 3:
            spec = {"polygon": [list(p) for p in self.points]}
        elif self.kind == "line" and len(self.points) >= 2:
            spec = {"line": [list(p) for p in self.points]}
        elif self.kind == "rect" and self.points and self.cursor:
            (x0, y0), (x1, y1) = self.points[0], self.cursor
            if abs(x1 - x0) > 0 and abs(y1 - y0) > 0:
                spec = {"rect": {"x": min(x0, x1), "y": min(y0, y1), "w": abs(x1 - x0), "h": abs(y1 - y0), "angle": 0.0}}
        elif self.kind == "circle" and self.points and self.cursor:
            r = hypot(self.cursor[0] - self.points[0][0], self.cursor[1] - self.points[0][1])
            if r > 0:
                spec = {"circle": {"center": list(self.points[0]), "radius": round(r, 4)}}
        self.points = []
        if spec is not None:
            scene.add_shape(spec)

    def draw(self, scene: EditorScene, surf: pygame.Surface) -> None:
        pts = list(self.points)
        if self.kind in ("polygon", "line"):
            if self.cursor and pts:
                pts = pts + [self.cursor]
            if len(pts) >= 2:
                pygame.draw.lines(surf, (255, 210, 80), self.kind == "polygon" and len(pts) >= 3, [scene.screen(p) for p in pts], 2)
            for p in self.points:
                pygame.draw.rect(surf, (255, 210, 80), pygame.Rect(0, 0, HANDLE_PX, HANDLE_PX).move(scene.screen(p)[0] - 3, scene.screen(p)[1] - 3))
        elif self.points and self.cursor:
            a, b = scene.screen(self.points[0]), scene.screen(self.cursor)
            if self.kind == "rect":
                pygame.draw.rect(surf, (255, 210, 80), pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(b[0] - a[0]), abs(b[1] - a[1])), 2)
            else:
                pygame.draw.circle(surf, (255, 210, 80), a, hypot(b[0] - a[0], b[1] - a[1]), 2)


class PlaceTool(Handler["EditorScene"]):
    """Click to place something: an objective, a figure, a portal marker; or drag a
    deployment zone."""

    def __init__(self, what: str, label: str) -> None:
        self.what = what  # objective | figure | new_unit | portal | dummy | zone
        self.label = label
        self.start: tuple[float, float] | None = None
        self.cursor: tuple[float, float] | None = None

    @property
    def hint(self) -> str:
        return self.label

    def on_event(self, scene: EditorScene, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEMOTION:
            self.cursor = scene.world(e.pos)
            return self.start is not None
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == LEFT and scene.in_table(e.pos):
            p = scene.world(e.pos)
            if self.what == "zone":
                self.start = p
                self.cursor = p
            else:
                scene.place(self.what, p)
            return True
        if e.type == pygame.MOUSEBUTTONUP and e.button == LEFT and self.start is not None:
            end = scene.world(e.pos)
            scene.report(scene.doc.set_deployment(scene.side_id, self.start, end))
            self.start = None
            return True
        return False

    def draw(self, scene: EditorScene, surf: pygame.Surface) -> None:
        if self.start and self.cursor:
            a, b = scene.screen(self.start), scene.screen(self.cursor)
            pygame.draw.rect(surf, (255, 210, 80), pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(b[0] - a[0]), abs(b[1] - a[1])), 2)
        elif self.cursor is not None:
            p = scene.screen(self.cursor)
            text(surf, "+", p, 28, (255, 230, 120), bold=True, anchor="center")


class OpeningTool(Handler["EditorScene"]):
    """Click on a building's wall to put a door or a window there (the point of the wall
    nearest the click); Esc when done."""

    def __init__(self, kind: str, building: int) -> None:
        self.kind = kind  # door | window
        self.building = building  # its index in the map's terrain
        self.cursor: tuple[float, float] | None = None

    @property
    def hint(self) -> str:
        return f"Click on the building's wall to add a {self.kind}; Esc when done."

    def wall_at(self, scene: EditorScene, pos: ScreenPos) -> tuple[float, float] | None:
        terrain = scene.doc.data["terrain"]
        if self.building >= len(terrain):
            return None
        return wall_point(terrain[self.building], scene.world(pos))  # snapped, then onto the wall

    def on_event(self, scene: EditorScene, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEMOTION:
            self.cursor = self.wall_at(scene, e.pos)
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == LEFT and scene.in_table(e.pos):
            at = self.wall_at(scene, e.pos)
            if at is not None:
                scene.report(scene.doc.add_opening(self.building, self.kind, at))
            return True
        return False

    def draw(self, scene: EditorScene, surf: pygame.Surface) -> None:
        if self.cursor is not None:
            p = scene.screen(self.cursor)
            pygame.draw.circle(surf, (255, 230, 120), p, 6, 2)
            text(surf, self.kind, (p[0] + 9, p[1] - 9), 16, (255, 230, 120), bold=True)
