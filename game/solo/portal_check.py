"""Checks of a map's portal markers against the solo rules' set-up (ww2-skirmish-solo.txt,
"Enemy Force Generation": "Portal Counters are always placed on corners, in cover covering
the approaches to the game objective or the centre of the solo forces table edge"; "Setup":
the sniper and artillery counters attack what "spots" them).

A portal marker or dummy should stand in cover (inside a building, wood or other covering
area, at a building's corner, or behind a wall or hedge) and out of sight of the other
side's starting figures and deployment zone; a sniper or artillery counter out of their
sight, a mine out of the sight of any of them within its 10" reach. A marker in sight at set-up starts the game with a force generation
roll, and one in the open is driven back at once. These are warnings (a map may be made
that way on purpose), shown by ``main.py validate`` and the map editor. Reading recorded
as interpretation ``portal-placement`` in rulesets/solo.yaml.
"""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING

import numpy as np
import shapely

from game.data.map_build import zone_polygon
from game.geometry.los import los_pairs
from game.geometry.units import to_mm
from game.solo.tables import solo_tables

if TYPE_CHECKING:
    from game.data.map_schema import MapFile
    from game.geometry.table import Table
    from game.geometry.terrain import TerrainType

#: a marker this close (inches) to a building's or bunker's footprint stands at its corner/side
CORNER_REACH = 2.0
#: a marker this close (inches) beyond a wall's or hedge's footprint stands behind it
LINE_REACH = 1.5
#: the grid (inches) the deployment zone is sampled on for sight
ZONE_STEP = 2.0


def covering(t: TerrainType) -> bool:
    """Terrain that could conceivably hold figures and hide them (the text's ** note)."""
    if t.dynamic or t.blocks_movement == "all":
        return False
    return t.cover != "none" or t.los in ("blocks", "woods")


def in_cover(table: Table, p: tuple[float, float]) -> str | None:
    """The feature giving the place ``p`` (mm) cover, or None: inside a covering area,
    within 2" of a building or bunker, or just behind a wall, hedge or fence."""
    pt = shapely.Point(*p)
    for f in table.features:
        t = f.type
        if not covering(t):
            continue
        if t.shape == "area":
            if f.area.covers(pt):
                return f.name or t.name
            if t.los == "blocks" and f.area.distance(pt) <= to_mm(CORNER_REACH, "in"):
                return f.name or t.name
        elif t.cover != "none" and f.area.distance(pt) <= to_mm(LINE_REACH, "in"):
            return f.name or t.name
    return None


def watchers(m: MapFile, side: str) -> list[tuple[float, float]]:
    """The places the other side(s) can see from at set-up: their starting figures and
    their deployment zones (sampled on a 2" grid), in mm."""
    scale = to_mm(1.0, m.unit)
    out: list[tuple[float, float]] = []
    step = to_mm(ZONE_STEP, "in")
    for s in m.sides:
        if s.id == side:
            continue
        out += [(f.at[0] * scale, f.at[1] * scale) for u in s.units for f in u.figures]
        if s.deployment is not None:
            zone = zone_polygon(s.deployment, m.unit)
            x0, y0, x1, y1 = zone.bounds
            xs = np.arange(x0 + step / 2, x1, step)
            ys = np.arange(y0 + step / 2, y1, step)
            pts = [(float(x), float(y)) for x in xs for y in ys]
            inside = shapely.covers(zone, shapely.points(pts)) if pts else []
            out += [p for p, ok in zip(pts, inside, strict=True) if ok]
    return list(dict.fromkeys(out))


def portal_warnings(m: MapFile, table: Table) -> list[str]:
    """One line per marker of map ``m`` (its table built: ``ruleset.build_table(m)``)
    placed against the solo rules' set-up (empty: none)."""
    if not m.portals:
        return []
    scale = to_mm(1.0, m.unit)
    mine_reach = solo_tables().dist_mm("mine_reach")
    seen_by: dict[str, list[tuple[float, float]]] = {}
    out = []
    for k, p in enumerate(m.portals):
        kind = p.counter or ("dummy" if p.dummy else "portal marker")
        at = (p.at[0] * scale, p.at[1] * scale)
        where = f"portals[{k}] ({kind} of {p.side} at {p.at[0]:g}, {p.at[1]:g})"
        if p.counter is None and in_cover(table, at) is None:
            out.append(f"{where}: not in cover (the solo rules place portal markers on corners, in cover)")
        obs = seen_by.setdefault(p.side, watchers(m, p.side))
        if p.counter == "mine":  # a mine attacks only what comes within its reach in sight
            obs = [o for o in obs if hypot(o[0] - at[0], o[1] - at[1]) <= mine_reach]
        if obs:
            vis, _, _ = los_pairs(table, obs, [at] * len(obs))
            if np.asarray(vis).any():
                out.append(f"{where}: in sight of the other side's starting figures or deployment zone "
                           "(it would be seen, and rolled for or attacked, at the start)")
    return out
