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

from collections import Counter
from collections.abc import Callable
from math import hypot
from typing import TYPE_CHECKING, cast

import numpy as np
import shapely

from game.core.state import Figure
from game.data.errors import DataError
from game.data.map_build import zone_polygon
from game.geometry.los import los_pairs
from game.geometry.units import to_mm
from game.solo.tables import solo_tables

if TYPE_CHECKING:
    from game.catalog import LoadedMap
    from game.data.map_schema import MapFile
    from game.geometry.table import Table
    from game.geometry.terrain import TerrainFeature, TerrainType
    from game.rulesets.base import RulesetBase
    from game.solo.protocol import SoloRules

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
    return _cover_at(table, p, lines=True)


def sheltered(table: Table, p: tuple[float, float]) -> str | None:
    """The feature giving the place ``p`` (mm) cover from every side, or None: inside a
    covering area or at the corner of a building or bunker (within 2" of it), the text's
    "corner/cover" (interpretation portal-fall-back). A wall, hedge or fence covers only
    from its far side: whether it covers from a figure is that figure's sight line's."""
    return _cover_at(table, p, lines=False)


def _cover_at(table: Table, p: tuple[float, float], lines: bool) -> str | None:
    f = cover_feature(table, p, lines)
    return None if f is None else f.name or f.type.name


def _gives_cover(f: TerrainFeature, pt: shapely.Point, lines: bool) -> bool:
    """Whether ``f`` gives the point cover: inside a covering area, within 2" of a building
    or bunker, or (``lines``) within 1.5" of a wall, hedge or fence."""
    t = f.type
    if not covering(t):
        return False
    if t.shape == "area":
        return bool(f.area.covers(pt)) or (t.los == "blocks" and f.area.distance(pt) <= to_mm(CORNER_REACH, "in"))
    return lines and t.cover != "none" and f.area.distance(pt) <= to_mm(LINE_REACH, "in")


def cover_feature(table: Table, p: tuple[float, float], lines: bool = True) -> TerrainFeature | None:
    """The first feature giving the place ``p`` (mm) cover, as :func:`in_cover` (``lines``)
    or :func:`sheltered` reads it; None: none."""
    pt = shapely.Point(*p)
    return next((f for f in table.features if _gives_cover(f, pt, lines)), None)


def behind_rock(table: Table, p: tuple[float, float]) -> str | None:
    """The name of the large rock (an area no one may cross that blocks sight) the place
    ``p`` (mm) stands within 2" of, or None. It holds no figures and gives a portal no
    dead ground, so only a one-time portal may start behind it: "The large rock may not
    start a game with a portal marker behind it, except in a special scenario where it can
    only produce figures once" (interpretation portal-once)."""
    pt = shapely.Point(*p)
    reach = to_mm(CORNER_REACH, "in")
    for f in table.features:
        t = f.type
        if t.shape == "area" and t.blocks_movement == "all" and t.los == "blocks" and f.area.distance(pt) <= reach:
            return f.name or t.name
    return None


def covered_by(f: TerrainFeature, at: tuple[float, float], p: tuple[float, float]) -> bool:
    """Whether the place ``p`` (mm) has the cover of ``f`` that the place ``at`` has (a
    unit appearing at a portal marker in that cover: interpretation portal-appear): inside
    the area, at the building's side, or behind the same wall or hedge on the same side of it."""
    if not _gives_cover(f, shapely.Point(*p), lines=True):
        return False
    return f.type.shape == "area" or not shapely.LineString([at, p]).crosses(f.geometry)


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


#: whether each watcher (a point, mm) sees a place (mm): one bool a watcher
Sight = Callable[[list[tuple[float, float]], tuple[float, float]], np.ndarray]


def map_sight(lm: LoadedMap) -> Sight | None:
    """The sight the solo rules will use for a map's markers in play, when its ruleset has
    its own (``solo_sight``, e.g. WW2 1/35: heights, buildings by their openings): a
    standing man at each watching point looking at the place. None: the table's plain line
    of sight (every other ruleset), a map with no markers, or one not yet playable."""
    from game.catalog import new_game
    from game.solo.orders import SoloMixin

    if not lm.model.portals or type(lm.ruleset).solo_sight is SoloMixin.solo_sight:
        return None
    try:
        game = new_game(lm, 1, {})
    except DataError:
        return None
    rules = cast("SoloRules", game.rules)

    def sees(watchers: list[tuple[float, float]], place: tuple[float, float]) -> np.ndarray:
        men = [Figure(f"watcher{i}", "", "", "", "", x, y) for i, (x, y) in enumerate(watchers)]
        return rules.solo_sight(game, men, [place])[0][:, 0]

    return sees


def portal_warnings(m: MapFile, table: Table, sight: Sight | None = None, only: int | None = None) -> list[str]:
    """One line per marker of map ``m`` (its table built: ``ruleset.build_table(m)``)
    placed against the solo rules' set-up (empty: none); ``sight``: the ruleset's own
    (:func:`map_sight`), else the table's line of sight; ``only``: that marker's (its index)."""
    if not m.portals:
        return []
    scale = to_mm(1.0, m.unit)
    mine_reach = solo_tables().dist_mm("mine_reach")
    seen_by: dict[str, list[tuple[float, float]]] = {}
    out = []
    for k, p in enumerate(m.portals):
        if only is not None and k != only:
            continue
        kind = {"portal": "portal marker", "once": "one-time portal marker"}.get(p.kind, p.kind)
        at = (p.at[0] * scale, p.at[1] * scale)
        where = f"portals[{k}] ({kind} of {p.side} at {p.at[0]:g}, {p.at[1]:g})"
        if p.counter is None and in_cover(table, at) is None:
            rock = behind_rock(table, at)
            if rock is not None and not p.once:
                out.append(f"{where}: behind {rock}, which only a one-time portal may stand behind (the solo rules: "
                           "\"except in a special scenario where it can only produce figures once\"): set once: true, or move it into cover")
            elif rock is None:
                out.append(f"{where}: not in cover (the solo rules place portal markers on corners, in cover)")
        obs = seen_by.setdefault(p.side, watchers(m, p.side))
        if p.counter == "mine":  # a mine attacks only what comes within its reach in sight
            obs = [o for o in obs if hypot(o[0] - at[0], o[1] - at[1]) <= mine_reach]
        if obs:
            vis = sight(obs, at) if sight is not None else los_pairs(table, obs, [at] * len(obs))[0]
            if np.asarray(vis).any():
                out.append(f"{where}: in sight of the other side's starting figures or deployment zone "
                           "(it would be seen, and rolled for or attacked, at the start)")
    return out


def pool_notes(m: MapFile, rules: RulesetBase) -> list[str]:
    """One line per side played from portal markers whose pool (its figures on the map,
    interpretation ``portal-setup``) holds troop types no result of the force table can
    ever bring on (empty: none): no entry the whole pool can make uses them or lets them
    stand in for a type it names, nor the officer a redeployment brings. Snipers are meant
    to stay off ("Snipers are not deployed": sniper counters stand for them); other types
    left out leave the side fewer figures to come on than the map shows, though a "break"
    victory still counts its whole pool (interpretation ``portal-break``)."""
    from game.solo.force_pick import deployable, fill

    sec = rules.data.solo
    if sec is None:
        return []
    out = []
    for side in sorted({p.side for p in m.portals if p.counter is None}):
        pool = Counter(f.type for s in m.sides if s.id == side for u in s.units for f in u.figures)
        usable: set[str] = set()
        for e in sec.force_table:
            if e.result == "redeploy":  # "an officer figure can be deployed at the rearmost portal"
                usable |= {t for t in pool if rules.data.troop_types[t].role == "officer"}
            elif e.result == "unit" and deployable(e, dict(pool), sec.stand_ins) is not None:
                # a type is used where a choice names it, or stands in for a type it names
                usable |= {s for g in e.groups() for c in g.choices() if fill(c, pool, sec.stand_ins) is not None
                           for t in c for s in (t, *sec.stand_ins.get(t, [])) if s in pool}
        never = {t: n for t, n in sorted(pool.items()) if t not in usable}
        if never:
            tt = rules.data.troop_types
            names = ", ".join(f"{tt[t].name} x{n}" if n > 1 else tt[t].name for t, n in never.items())
            who = next((s.name for s in m.sides if s.id == side), side)
            out.append(f"{who}, played from its portal markers: {sum(never.values())} of its {sum(pool.values())} "
                       f"figures never come on ({names}): no result of the force table can be made with them")
    return out
