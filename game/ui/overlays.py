"""Things drawn over the table: objectives, deployment zones, the artillery grid, clouds,
unit outlines, range rings, measuring tapes, sight lines and templates."""

from __future__ import annotations

from functools import lru_cache
from math import atan2, cos, hypot, sin

import pygame
from shapely.geometry import MultiPoint, Point

from game.geometry.grid import ArtilleryGrid
from game.geometry.los import LosResult

from .camera import Camera
from .theme import font, text, text_width, wrap

LOS_COLOURS = {"clear": (70, 200, 90), "cover": (240, 200, 60), "blocked": (220, 60, 50)}
EFFECT_WORDS = {"blocks": "blocks", "hinders": "hinders", "soft_cover": "soft cover", "hard_cover": "hard cover", "none": "no effect"}


def alpha_layer(size: tuple[int, int]) -> pygame.Surface:
    return pygame.Surface(size, pygame.SRCALPHA)


def draw_polygon_world(surf, cam: Camera, coords, fill, outline=None, width=1) -> None:
    pts = [cam.to_screen(p) for p in coords]
    if len(pts) < 3:
        return
    layer = alpha_layer(surf.get_size())
    pygame.draw.polygon(layer, fill, pts)
    if outline:
        pygame.draw.polygon(layer, outline, pts, width)
    surf.blit(layer, (0, 0))


def draw_zones(surf, cam: Camera, zones: dict, sides: dict) -> None:
    for sid, coords in zones.items():
        c = pygame.Color(sides[sid].colour)
        draw_polygon_world(surf, cam, coords, (c.r, c.g, c.b, 28), (c.r, c.g, c.b, 120), 2)


def draw_objectives(surf, cam: Camera, objectives: dict, holders: dict) -> list[tuple[str, tuple[int, int], int]]:
    """The objectives' circles and pins; their names are returned (name, pin, the pin's
    radius) to be placed last, where they cover nothing (game/ui/labels.py)."""
    names = []
    for oid, o in objectives.items():
        c = cam.to_screen((o["x"], o["y"]))
        r = cam.length(o["radius"])
        colour = holders.get(oid) or (230, 200, 90)
        box = pygame.Rect(0, 0, 2 * int(r) + 6, 2 * int(r) + 6)
        box.center = c
        if box.colliderect(surf.get_rect()):  # a layer only as large as the circle (drawn every frame)
            layer = alpha_layer(box.size)
            at = (c[0] - box.x, c[1] - box.y)
            pygame.draw.circle(layer, (*colour[:3], 40), at, r)
            pygame.draw.circle(layer, (*colour[:3], 200), at, r, 2)
            surf.blit(layer, box.topleft)
        pygame.draw.circle(surf, (250, 230, 140), c, max(5, r * 0.12))
        pygame.draw.circle(surf, (60, 40, 20), c, max(5, r * 0.12), 2)
        names.append((str(o["name"]), c, round(max(5, r * 0.12))))
    return names


@lru_cache(maxsize=8)
def _grid_shapes(table_w: float, table_h: float) -> tuple[list[tuple[str, bool, list[tuple[float, float]]]], list[list[tuple[float, float]]]]:
    """The artillery grid of a table, in table mm: each square (its label, whether a
    quarter, its outline) and each 2 ft square's outline (worked out once, not each frame)."""
    grid = ArtilleryGrid(table_w, table_h)
    squares = [(grid.label(big, quarter), bool(quarter), list(poly.exterior.coords)) for big, quarter, poly in grid.squares()]
    # each 2 ft square as far as it lies on the table (a table of an odd number of feet
    # has 2 ft squares with only two quarters on it)
    hulls = [list(grid.big_square(big).exterior.coords) for big in range(1, grid.big_count + 1)]
    return squares, hulls


@lru_cache(maxsize=256)
def _grid_label(label: str) -> pygame.Surface:
    return font(16, True).render(label, True, (255, 255, 230))


def draw_grid(surf, cam: Camera, table_w: float, table_h: float) -> list[pygame.Rect]:
    """The artillery grid; returns where its square numbers were written."""
    squares, hulls = _grid_shapes(table_w, table_h)
    labels = []
    layer = alpha_layer(surf.get_size())
    for label, quarter, coords in squares:
        pts = [cam.to_screen(p) for p in coords]
        pygame.draw.polygon(layer, (255, 255, 255, 70 if quarter else 110), pts, 1)
        if cam.zoom > 0.15:
            p = cam.to_screen((min(x for x, _ in coords), min(y for _, y in coords)))
            labels.append(layer.blit(_grid_label(label), (p[0] + 4, p[1] + 3)))
    for coords in hulls:  # 2 ft squares drawn heavier
        pygame.draw.polygon(layer, (255, 250, 210, 160), [cam.to_screen(p) for p in coords], 2)
    surf.blit(layer, (0, 0))
    return labels


def draw_clouds(surf, cam: Camera, clouds, looks: dict) -> None:
    clouds = list(clouds)
    if not clouds:
        return  # no window-sized layer every frame for nothing
    layer = alpha_layer(surf.get_size())
    for c in clouds:
        colour = pygame.Color(looks.get(c.type, {}).get("colour", "#d0d0d0"))
        if c.radius:
            centre = cam.to_screen((c.x, c.y))
            r = cam.length(c.radius)
            for k, a in ((1.0, 110), (0.7, 80), (0.4, 60)):
                pygame.draw.circle(layer, (colour.r, colour.g, colour.b, a), centre, r * k)
        elif c.polygon:
            pygame.draw.polygon(layer, (colour.r, colour.g, colour.b, 120), [cam.to_screen(p) for p in c.polygon])
    surf.blit(layer, (0, 0))


def draw_unit_outline(surf, cam: Camera, positions: list[tuple[float, float]], radius: float, colour=(255, 230, 90)) -> None:
    if not positions:
        return
    hull = MultiPoint(positions).convex_hull.buffer(radius * 1.8)
    pts = [cam.to_screen(p) for p in hull.exterior.coords]
    layer = alpha_layer(surf.get_size())
    pygame.draw.polygon(layer, (*colour, 36), pts)
    pygame.draw.polygon(layer, (*colour, 200), pts, 2)
    surf.blit(layer, (0, 0))


def draw_range_rings(surf, cam: Camera, centre: tuple[float, float], bands: list[tuple[str, float, float]], fmt,
                     base: float = 0.0) -> list[tuple[str, pygame.Rect]]:
    """A ring at each band's outer edge, each labelled with the band and its reach; returns
    the labels and where they were written. ``base``: how far out from ``centre`` the
    ruleset measures from (:meth:`MeasureMixin.range_origin`: the firer's base radius where
    ranges run base edge to base edge), so that a target whose base reaches a ring is in
    its band, as the rules measure it."""
    c = cam.to_screen(centre)
    labels = []
    layer = alpha_layer(surf.get_size())
    colours = [(90, 200, 110), (240, 200, 70), (230, 120, 60), (200, 80, 80)]
    for i, (label, lo, hi) in enumerate(bands):
        col = colours[i % len(colours)]
        outer = cam.length(hi + base)
        pygame.draw.circle(layer, (*col, 170), c, max(2, outer), 2)
        if lo > 0:
            pygame.draw.circle(layer, (*col, 90), c, max(2, cam.length(lo + base)), 1)
        words = f"{label} {fmt(hi)}"
        img = font(16, True).render(words, True, (*col, 255))
        labels.append((words, layer.blit(img, (c[0] + outer * 0.71 + 2, c[1] - outer * 0.71 - 14 * (i % 2)))))
    surf.blit(layer, (0, 0))
    return labels


def draw_tape(surf, cam: Camera, a, b, label: str, pinned: bool) -> None:
    pa, pb = cam.to_screen(a), cam.to_screen(b)
    colour = (250, 220, 80) if not pinned else (240, 190, 60)
    pygame.draw.line(surf, (40, 30, 10), pa, pb, 4)
    pygame.draw.line(surf, colour, pa, pb, 2)
    d = hypot(b[0] - a[0], b[1] - a[1])
    # tick marks every inch/cm-ish (every 25.4 mm)
    if d > 0:
        ang = atan2(b[1] - a[1], b[0] - a[0])
        step = 25.4
        k = 1
        while k * step < d:
            p = cam.to_screen((a[0] + cos(ang) * k * step, a[1] + sin(ang) * k * step))
            n = (cos(ang + 1.5708) * 4, sin(ang + 1.5708) * 4)
            pygame.draw.line(surf, colour, (p[0] - n[0], p[1] - n[1]), (p[0] + n[0], p[1] + n[1]), 1)
            k += 1
    mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2 - 14)
    r = text(surf, label, mid, 20, (20, 16, 10), bold=True, anchor="center")
    pygame.draw.rect(surf, (250, 240, 200), r.inflate(8, 2), border_radius=3)
    text(surf, label, mid, 20, (20, 16, 10), bold=True, anchor="center")


def los_verdict(res: LosResult) -> str:
    if not res.visible:
        return "blocked"
    if res.cover or res.hindrances:
        return "cover"
    return "clear"


def draw_los(surf, cam: Camera, a, b, res: LosResult) -> None:
    colour = LOS_COLOURS[los_verdict(res)]
    pa, pb = cam.to_screen(a), cam.to_screen(b)
    pygame.draw.line(surf, (20, 20, 20), pa, pb, 5)
    pygame.draw.line(surf, colour, pa, pb, 3)
    pygame.draw.circle(surf, colour, pb, 6, 2)


def draw_template(surf, cam: Camera, poly, covered_positions) -> None:
    if poly is None or poly.is_empty:
        return
    polys = getattr(poly, "geoms", [poly])
    layer = alpha_layer(surf.get_size())
    for pg in polys:
        pts = [cam.to_screen(p) for p in pg.exterior.coords]
        if len(pts) >= 3:
            pygame.draw.polygon(layer, (255, 120, 40, 60), pts)
            pygame.draw.polygon(layer, (255, 140, 60, 220), pts, 2)
    for p in covered_positions:
        pygame.draw.circle(layer, (255, 80, 40, 200), cam.to_screen(p), 10, 3)
    surf.blit(layer, (0, 0))


def draw_path(surf, cam: Camera, path, ok: bool, label: str = "") -> None:
    pts = [cam.to_screen(p) for p in path]
    if len(pts) >= 2:
        colour = (90, 210, 110) if ok else (230, 70, 60)
        pygame.draw.lines(surf, (20, 20, 20), False, pts, 5)
        pygame.draw.lines(surf, colour, False, pts, 3)
        pygame.draw.circle(surf, colour, pts[-1], 5)
    if label and pts:
        text(surf, label, (pts[-1][0] + 12, pts[-1][1] - 10), 18, (255, 250, 230), bold=True)


_ = Point


Name = tuple[str, tuple[int, int], int]  # words, the point they name, the room kept around it (px)


def draw_barrage(surf, cam: Camera, coords, label: str) -> Name | None:
    """An artillery square where a barrage fell: hatched in red; its name is returned, at
    the square's top, to be placed last where it covers no figure (game/ui/labels.py)."""
    pts = [cam.to_screen(p) for p in coords]
    if len(pts) < 3:
        return None
    layer = alpha_layer(surf.get_size())
    pygame.draw.polygon(layer, (200, 40, 20, 50), pts)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    step = 14
    for k in range(int(x0 - (y1 - y0)), int(x1), step):
        pygame.draw.line(layer, (200, 40, 20, 120), (k, y1), (k + (y1 - y0), y0), 2)
    mask = alpha_layer(surf.get_size())
    pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.polygon(layer, (220, 40, 20, 230), pts, 3)
    surf.blit(layer, (0, 0))
    return label, (round((x0 + x1) / 2), round(y0)), 0


def draw_band(surf, cam: Camera, a, b, width: float, label: str) -> Name:
    """A band on the table from a to b, ``width`` mm wide (a suppressive fire line; a
    circle where a and b meet): translucent orange; its name is returned, at its far end,
    to be placed last where it covers no figure (game/ui/labels.py)."""
    pa, pb = cam.to_screen((a[0], a[1])), cam.to_screen((b[0], b[1]))
    w = max(3, int(cam.length(width)))
    layer = alpha_layer(surf.get_size())
    if abs(pa[0] - pb[0]) + abs(pa[1] - pb[1]) < 1:
        pygame.draw.circle(layer, (230, 120, 20, 70), pb, max(3, w // 2))
        pygame.draw.circle(layer, (230, 120, 20, 200), pb, max(3, w // 2), 2)
    else:
        pygame.draw.line(layer, (230, 120, 20, 90), pa, pb, w)
        pygame.draw.line(layer, (230, 120, 20, 220), pa, pb, 2)
    surf.blit(layer, (0, 0))
    return label, pb, w // 2


def draw_refusal(surf, at: tuple[int, int], reason: str, bounds: pygame.Rect) -> pygame.Rect:
    """Why a point may not be aimed at, by the cursor: wrapped, on a plate, on the side of
    the cursor that has room (a long reason ran off the table's edge, cut)."""
    rows = wrap(reason, 18, 300, bold=True)[:4]
    box = pygame.Rect(at[0] + 12, at[1] + 8, max(text_width(r, 18, True) for r in rows) + 8, 18 * len(rows) + 4)
    if box.right > bounds.right:
        box.right = at[0] - 12
    box.clamp_ip(bounds)
    plate = pygame.Surface(box.size, pygame.SRCALPHA)
    plate.fill((30, 24, 18, 170))
    surf.blit(plate, box)
    for k, row in enumerate(rows):
        text(surf, row, (box.x + 4, box.y + 2 + 18 * k), 18, (255, 140, 120), bold=True)
    return box
