"""Tools of the map editor: select and move (with vertex editing), draw polygons,
rectangles, circles and lines, place zones, objectives, portal markers and figures."""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING

import pygame

from .handlers import LEFT, Handler
from .theme import text

if TYPE_CHECKING:
    from .editor import EditorScene

HANDLE_PX = 7


class SelectTool(Handler):
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
            k = scene.vertex_at(e.pos)
            if k is not None:
                if mods & pygame.KMOD_CTRL:
                    scene.report(scene.doc.remove_vertex(scene.selected[1], k))
                    return True
                self.vertex = k
            else:
                if mods & pygame.KMOD_SHIFT and scene.insert_vertex_at(e.pos):
                    return True
                sel = scene.pick(e.pos)
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
                if end != start:
                    scene.report(scene.doc.set_vertex(scene.selected[1], k, end))
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


class ShapeTool(Handler):
    """Polygon and line: click the vertices; Enter (or clicking the first vertex of a
    polygon) finishes. Rectangle and circle: drag."""

    def __init__(self, kind: str) -> None:
        self.kind = kind  # polygon | line | rect | circle
        self.points: list[tuple[float, float]] = []
        self.cursor: tuple[float, float] | None = None
        self.dragging = False

    @property
    def hint(self) -> str:  # type: ignore[override]
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


class PlaceTool(Handler):
    """Click to place something: an objective, a figure, a portal marker; or drag a
    deployment zone."""

    def __init__(self, what: str, label: str) -> None:
        self.what = what  # objective | figure | new_unit | portal | dummy | zone
        self.label = label
        self.start: tuple[float, float] | None = None
        self.cursor: tuple[float, float] | None = None

    @property
    def hint(self) -> str:  # type: ignore[override]
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
