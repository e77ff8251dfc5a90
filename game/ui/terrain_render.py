"""Drawing the table and its terrain in a painted-tabletop style.

The static terrain is rendered once per zoom level into one surface the size of the
table (the cache); panning only blits part of it. Zooming beyond the cache's zoom
scales the visible part until the idle re-render catches up. Clouds and everything
that moves are drawn on top each frame by the play view.
"""

from __future__ import annotations

import hashlib
import random
from math import atan2, cos, hypot, sin
from pathlib import Path

import pygame
from shapely.geometry import LineString, MultiPolygon, Point, Polygon

from game.catalog import terrain_file
from game.geometry.table import Table
from game.geometry.terrain import TerrainFeature

ASSETS = Path(__file__).resolve().parents[2] / "assets"
TEXTURE_WORLD_MM = 101.6  # one 128 px texture tile covers 4 inches of table
CACHE_MAX_ZOOM = 1.6  # px per mm; beyond this the cache is scaled up
CACHE_MAX_PIXELS = 5200 * 3000

PATTERN_TEXTURE = {
    "trench": "trench", "roof": "roof", "concrete": "concrete", "trees": "wood", "stones": "stone",
    "hedge": "hedge", "water": "water", "stipple": "rough", "road": "road", "contour": "hill",
    "crater": "crater", "rock": "stone", "planks": "road", "cloud": None, "fence": None, "wire": None,
    "plain": None,
}
DRAW_ORDER = ["hill", "water", "rough", "road", "crater", "wood", "trench", "bridge", "wire", "hedge",
              "fence", "wall", "building", "bunker", "rock"]


def hex_colour(s: str, alpha: int | None = None) -> pygame.Color:
    c = pygame.Color(s)
    if alpha is not None:
        c.a = alpha
    return c


def darker(c: pygame.Color, f: float = 0.7) -> pygame.Color:
    return pygame.Color(int(c.r * f), int(c.g * f), int(c.b * f), c.a)


class Textures:
    """Texture tiles from assets/textures, scaled per zoom and cached."""

    def __init__(self) -> None:
        self.raw: dict[str, pygame.Surface | None] = {}
        self.scaled: dict[tuple[str, int], pygame.Surface] = {}

    def get(self, name: str | None, zoom: float) -> pygame.Surface | None:
        if name is None:
            return None
        if name not in self.raw:
            path = ASSETS / "textures" / f"{name}.png"
            try:
                self.raw[name] = pygame.image.load(str(path)) if path.exists() else None
            except pygame.error:
                self.raw[name] = None
        raw = self.raw[name]
        if raw is None:
            return None
        px = max(16, round(TEXTURE_WORLD_MM * zoom))
        key = (name, px)
        if key not in self.scaled:
            surf = pygame.transform.smoothscale(raw, (px, px))
            self.scaled[key] = surf.convert() if pygame.display.get_surface() else surf
        return self.scaled[key]


def _rings(geom) -> list[list[tuple[float, float]]]:
    polys = geom.geoms if isinstance(geom, MultiPolygon) else [geom]
    out = []
    for p in polys:
        if isinstance(p, Polygon) and not p.is_empty:
            out.append(list(p.exterior.coords))
    return out


def _holes(geom) -> list[list[tuple[float, float]]]:
    polys = geom.geoms if isinstance(geom, MultiPolygon) else [geom]
    return [list(r.coords) for p in polys if isinstance(p, Polygon) for r in p.interiors]


class TerrainRenderer:
    def __init__(self, table: Table, looks: dict[str, dict], table_texture: str = "table", levels: bool = True) -> None:
        self.table = table
        #: a hill's "level N" written into the picture (the editor); the play screen places
        #: it as a name instead, off the figures (see :func:`hill_names`)
        self.levels = levels
        self.looks = looks  # terrain type id -> {colour, edge, pattern}
        self.table_texture = table_texture
        self.textures = Textures()
        self.cache: pygame.Surface | None = None
        self.cache_zoom = 0.0
        self.cache_key: tuple = ()

    # ---- cache -----------------------------------------------------------------------
    def cache_zoom_for(self, zoom: float) -> float:
        z = min(zoom, CACHE_MAX_ZOOM)
        while self.table.width * z * self.table.height * z > CACHE_MAX_PIXELS:
            z *= 0.9
        return z

    def static_ids(self) -> tuple:
        return tuple(f.id for f in self.table.features if not f.type.dynamic)

    def surface(self, zoom: float) -> tuple[pygame.Surface, float]:
        """The cached table surface and its zoom, re-rendered when out of date."""
        z = self.cache_zoom_for(zoom)
        key = self.static_ids()
        if self.cache is None or abs(z - self.cache_zoom) > 1e-9 or key != self.cache_key:
            self.cache = self.render(z)
            self.cache_zoom = z
            self.cache_key = key
        return self.cache, self.cache_zoom

    def stale(self, zoom: float) -> bool:
        return self.cache is None or abs(self.cache_zoom_for(zoom) - self.cache_zoom) > 1e-9

    # ---- rendering ---------------------------------------------------------------------
    def render(self, zoom: float) -> pygame.Surface:
        w = max(1, round(self.table.width * zoom))
        h = max(1, round(self.table.height * zoom))
        surf = pygame.Surface((w, h))
        base = self.textures.get(self.table_texture, zoom)
        if base is None:
            surf.fill((120, 130, 90))
        else:
            self._tile(surf, base, pygame.Rect(0, 0, w, h))
        feats = [f for f in self.table.features if not f.type.dynamic]
        order = {t: i for i, t in enumerate(DRAW_ORDER)}
        feats.sort(key=lambda f: (order.get(f.type.id, 50), f.level, f.id))
        for f in feats:
            self.draw_feature(surf, f, zoom)
        pygame.draw.rect(surf, (60, 50, 35), surf.get_rect(), 2)
        return surf

    @staticmethod
    def _tile(dest: pygame.Surface, tex: pygame.Surface, rect: pygame.Rect) -> None:
        tw, th = tex.get_size()
        x0 = rect.x - rect.x % tw
        y0 = rect.y - rect.y % th
        for y in range(y0, rect.bottom, th):
            for x in range(x0, rect.right, tw):
                dest.blit(tex, (x, y))

    def _pts(self, coords, zoom: float) -> list[tuple[float, float]]:
        return [(x * zoom, y * zoom) for x, y in coords]

    def fill(self, surf: pygame.Surface, geom, zoom: float, colour: pygame.Color, texture: str | None, alpha: int = 255) -> None:
        """Fill a polygon (with holes) with a texture tinted toward ``colour``."""
        for ring in _rings(geom):
            pts = self._pts(ring, zoom)
            if len(pts) < 3:
                continue
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            rect = pygame.Rect(int(min(xs)) - 1, int(min(ys)) - 1, int(max(xs) - min(xs)) + 3, int(max(ys) - min(ys)) + 3)
            rect = rect.clip(surf.get_rect())
            if rect.w <= 0 or rect.h <= 0:
                continue
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            tex = self.textures.get(texture, zoom)
            if tex is not None:
                tw, th = tex.get_size()
                for y in range(-(rect.y % th), rect.h, th):
                    for x in range(-(rect.x % tw), rect.w, tw):
                        layer.blit(tex, (x, y))
                tint = pygame.Surface(rect.size, pygame.SRCALPHA)
                tint.fill((colour.r, colour.g, colour.b, 70))
                layer.blit(tint, (0, 0))
            else:
                layer.fill(colour)
            mask = pygame.Surface(rect.size, pygame.SRCALPHA)
            local = [(x - rect.x, y - rect.y) for x, y in pts]
            pygame.draw.polygon(mask, (255, 255, 255, alpha), local)
            for hole in _holes(geom):
                pygame.draw.polygon(mask, (0, 0, 0, 0), [(x - rect.x, y - rect.y) for x, y in self._pts(hole, zoom)])
            layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            surf.blit(layer, rect)

    def outline(self, surf: pygame.Surface, geom, zoom: float, colour, width: int = 1) -> None:
        for ring in _rings(geom) + _holes(geom):
            pts = self._pts(ring, zoom)
            if len(pts) >= 2:
                pygame.draw.lines(surf, colour, True, pts, width)

    def draw_feature(self, surf: pygame.Surface, f: TerrainFeature, zoom: float) -> None:
        look = self.looks.get(f.type.id, {})
        colour = hex_colour(look.get("colour", "#808080"))
        edge = hex_colour(look.get("edge", "#404040"))
        pattern = look.get("pattern", "plain")
        tex = PATTERN_TEXTURE.get(pattern)
        rnd = random.Random(int(hashlib.md5(f.id.encode()).hexdigest()[:8], 16))  # cosmetic only
        w = max(1, round(zoom * 1.2))
        area = f.area
        if pattern == "wire":
            self._wire(surf, f, zoom, edge, rnd)
            return
        if pattern == "fence":
            self._fence(surf, f, zoom, colour, edge)
            return
        if pattern == "roof" or pattern == "concrete":
            shadow = [(x + 3 * zoom, y + 3 * zoom) for x, y in _rings(area)[0]] if _rings(area) else []
            if shadow:
                sh = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
                pygame.draw.polygon(sh, (20, 15, 10, 80), self._pts(shadow, zoom))
                surf.blit(sh, (0, 0))
        if pattern == "trench":
            self.fill(surf, area.buffer(f.effective_width * 0.18), zoom, hex_colour("#8a7650"), "sand")
        self.fill(surf, area, zoom, colour, tex)
        if pattern == "trees":
            self._trees(surf, f, zoom, rnd)
            self.outline(surf, area, zoom, edge, w)
        elif pattern == "contour":
            for k in range(1, 3):
                inner = area.buffer(-k * 10.0)
                if not inner.is_empty:
                    self.outline(surf, inner, zoom, darker(colour, 0.85), w)
            self.outline(surf, area, zoom, edge, w + 1)
            if self.levels:
                c = area.representative_point()
                self._label(surf, f"level {f.level}", (c.x * zoom, c.y * zoom), edge, zoom)
        elif pattern == "crater":
            c = area.centroid
            for frac, fshade in ((0.3, 0.8), (0.55, 0.65)):
                inner = area.buffer(-frac * (area.area ** 0.5) * 0.5)
                if not inner.is_empty:
                    self.fill(surf, inner, zoom, darker(colour, fshade), None, 110)
            self.outline(surf, area, zoom, hex_colour("#8d7a5c"), max(1, round(zoom * 2)))
            _ = c
        elif pattern == "roof":
            self._ridge(surf, area, zoom, edge)
            self.outline(surf, area, zoom, edge, w + 1)
        elif pattern == "concrete":
            self.outline(surf, area, zoom, edge, max(2, round(zoom * 3)))
        elif pattern == "trench":
            self.outline(surf, area, zoom, edge, max(1, round(zoom * 1.5)))
            self._trench_boards(surf, f, zoom, edge)
        elif pattern in ("hedge", "stones", "rock"):
            self.outline(surf, area, zoom, edge, w)
        elif pattern == "water":
            self.outline(surf, area, zoom, edge, w)
        elif pattern == "planks":
            self._planks(surf, f, zoom, edge)
            self.outline(surf, area, zoom, edge, w)
        if f.openings:
            self._openings(surf, f, zoom)

    # ---- decorations -----------------------------------------------------------------
    def _openings(self, surf, f: TerrainFeature, zoom: float) -> None:
        """A building's doors (a dark gap with a leaf) and windows (a pale pane), drawn
        along the wall they are set in."""
        segs = [(a, b) for ring in _rings(f.area) for a, b in zip(ring, ring[1:] + ring[:1], strict=False)]
        for o in f.openings:
            (x1, y1), (x2, y2) = min(segs, key=lambda ab: LineString(ab).distance(Point(o.at)))
            length = hypot(x2 - x1, y2 - y1) or 1.0
            ux, uy = (x2 - x1) / length, (y2 - y1) / length
            half = o.width / 2
            a = ((o.at[0] - ux * half) * zoom, (o.at[1] - uy * half) * zoom)
            b = ((o.at[0] + ux * half) * zoom, (o.at[1] + uy * half) * zoom)
            thick = max(3, round(zoom * 4))
            if o.kind == "door":
                pygame.draw.line(surf, (60, 38, 20), a, b, thick + 2)
                pygame.draw.line(surf, (150, 104, 60) if not o.locked else (110, 40, 30), a, b, max(1, thick - 2))
            else:
                pygame.draw.line(surf, (40, 52, 60), a, b, thick + 2)
                pygame.draw.line(surf, (190, 226, 240), a, b, max(1, thick - 2))
    def _label(self, surf, text, pos, colour, zoom) -> None:
        font = pygame.font.Font(None, max(12, round(16 * min(1.5, zoom + 0.4))))
        img = font.render(text, True, colour)
        surf.blit(img, (pos[0] - img.get_width() / 2, pos[1] - img.get_height() / 2))

    def _trees(self, surf, f: TerrainFeature, zoom: float, rnd: random.Random) -> None:
        minx, miny, maxx, maxy = f.area.bounds
        n = int(f.area.area / 900) + 3
        tree = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        from shapely.geometry import Point

        placed = 0
        for _ in range(n * 4):
            if placed >= n:
                break
            x, y = rnd.uniform(minx, maxx), rnd.uniform(miny, maxy)
            r = rnd.uniform(9, 16)
            if not f.area.contains(Point(x, y).buffer(r * 0.6)):
                continue
            placed += 1
            cx, cy, rr = x * zoom, y * zoom, max(2, r * zoom)
            pygame.draw.circle(tree, (20, 30, 12, 90), (cx + rr * 0.25, cy + rr * 0.3), rr)
            pygame.draw.circle(tree, (52, 78, 38, 235), (cx, cy), rr)
            pygame.draw.circle(tree, (74, 104, 52, 200), (cx - rr * 0.25, cy - rr * 0.25), rr * 0.55)
        surf.blit(tree, (0, 0))

    def _wire(self, surf, f: TerrainFeature, zoom: float, edge, rnd: random.Random) -> None:
        line = f.geometry
        lines = line.geoms if hasattr(line, "geoms") else [line]
        half = f.effective_width / 2
        for ln in lines:
            pygame.draw.lines(surf, (95, 85, 70), False, self._pts(ln.coords, zoom), max(1, round(zoom * 0.8)))
            step = 9.0
            d = 0.0
            while d <= ln.length:
                p = ln.interpolate(d)
                q = ln.interpolate(min(ln.length, d + 1))
                ang = atan2(q.y - p.y, q.x - p.x) + 1.5708
                nx, ny = cos(ang) * half, sin(ang) * half
                a = (p.x + nx, p.y + ny)
                b = (p.x - nx, p.y - ny)
                c = ln.interpolate(min(ln.length, d + step))
                pygame.draw.line(surf, (70, 70, 70), (a[0] * zoom, a[1] * zoom), (c.x * zoom - nx * zoom, c.y * zoom - ny * zoom), 1)
                pygame.draw.line(surf, (70, 70, 70), (b[0] * zoom, b[1] * zoom), (c.x * zoom + nx * zoom, c.y * zoom + ny * zoom), 1)
                if int(d / step) % 3 == 0:
                    pygame.draw.circle(surf, (80, 60, 40), (p.x * zoom, p.y * zoom), max(1, round(zoom * 1.2)))
                d += step

    def _fence(self, surf, f: TerrainFeature, zoom: float, colour, edge) -> None:
        line = f.geometry
        for ln in (line.geoms if hasattr(line, "geoms") else [line]):
            pygame.draw.lines(surf, colour, False, self._pts(ln.coords, zoom), max(1, round(zoom * 2)))
            d = 0.0
            while d <= ln.length:
                p = ln.interpolate(d)
                pygame.draw.circle(surf, edge, (p.x * zoom, p.y * zoom), max(1.5, zoom * 2.2))
                d += 25.4

    def _ridge(self, surf, area, zoom: float, edge) -> None:
        rect = area.minimum_rotated_rectangle
        if not isinstance(rect, Polygon):
            return
        pts = list(rect.exterior.coords)[:4]
        sides = [(pts[i], pts[(i + 1) % 4]) for i in range(4)]
        long_a, long_b = sorted(sides, key=lambda s: -hypot(s[1][0] - s[0][0], s[1][1] - s[0][1]))[:2]
        mid1 = ((long_a[0][0] + long_b[1][0]) / 2, (long_a[0][1] + long_b[1][1]) / 2)
        mid2 = ((long_a[1][0] + long_b[0][0]) / 2, (long_a[1][1] + long_b[0][1]) / 2)
        pygame.draw.line(surf, darker(edge, 0.9), (mid1[0] * zoom, mid1[1] * zoom), (mid2[0] * zoom, mid2[1] * zoom), max(1, round(zoom * 1.5)))

    def _trench_boards(self, surf, f: TerrainFeature, zoom: float, edge) -> None:
        line = f.geometry
        for ln in (line.geoms if hasattr(line, "geoms") else [line]):
            pygame.draw.lines(surf, (110, 86, 54), False, self._pts(ln.coords, zoom), max(1, round(zoom * 4)))
            d = 0.0
            while d <= ln.length:
                p, q = ln.interpolate(d), ln.interpolate(min(ln.length, d + 0.5))
                ang = atan2(q.y - p.y, q.x - p.x) + 1.5708
                hw = 2.2
                pygame.draw.line(surf, (80, 60, 36), ((p.x + cos(ang) * hw) * zoom, (p.y + sin(ang) * hw) * zoom),
                                 ((p.x - cos(ang) * hw) * zoom, (p.y - sin(ang) * hw) * zoom), 1)
                d += 5.0

    def _planks(self, surf, f: TerrainFeature, zoom: float, edge) -> None:
        line: LineString = f.geometry
        half = f.effective_width / 2
        d = 0.0
        while d <= line.length:
            p, q = line.interpolate(d), line.interpolate(min(line.length, d + 0.5))
            ang = atan2(q.y - p.y, q.x - p.x) + 1.5708
            pygame.draw.line(surf, edge, ((p.x + cos(ang) * half) * zoom, (p.y + sin(ang) * half) * zoom),
                             ((p.x - cos(ang) * half) * zoom, (p.y - sin(ang) * half) * zoom), 1)
            d += 6.0


def hill_names(table: Table, looks: dict[str, dict]) -> list[tuple[str, tuple[float, float]]]:
    """Each hill's name and level, and a point inside it (table mm), to be placed on the
    play screen with the objectives' names where no figure covers them (issue 21: a token on
    a hill could hide the "level 1" written into the terrain)."""
    out = []
    for f in table.features:
        if looks.get(f.type.id, {}).get("pattern") == "contour":
            c = f.area.representative_point()
            out.append((f"{f.name}, level {f.level}" if f.name else f"level {f.level}", (c.x, c.y)))
    return out


def terrain_looks() -> dict[str, dict]:
    """How each terrain type is drawn (colour, edge, pattern), from rulesets/terrain.yaml."""
    return {tid: {"colour": t.colour, "edge": t.edge, "pattern": t.pattern} for tid, t in terrain_file().types.items()}


def blit_terrain(surf: pygame.Surface, cam, origin: pygame.Rect, cache: pygame.Surface, cz: float) -> None:
    """Draw the terrain picture ``cache`` (drawn at zoom ``cz``) through the camera: as
    it is at that zoom, else the visible part scaled to the camera's zoom."""
    if abs(cz - cam.zoom) < 1e-9:
        surf.blit(cache, (origin.x - cam.x * cz, origin.y - cam.y * cz))
        return
    x0, y0, x1, y1 = cam.visible_world()
    src = pygame.Rect(int(x0 * cz), int(y0 * cz), max(1, int((x1 - x0) * cz) + 2), max(1, int((y1 - y0) * cz) + 2))
    clipped = src.clip(cache.get_rect())
    if clipped.w <= 0 or clipped.h <= 0:
        return
    part = cache.subsurface(clipped)
    scale = cam.zoom / cz
    size = (max(1, round(clipped.w * scale)), max(1, round(clipped.h * scale)))
    img = pygame.transform.scale(part, size)
    surf.blit(img, cam.to_screen((clipped.x / cz, clipped.y / cz)))
