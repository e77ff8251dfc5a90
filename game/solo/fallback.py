"""Where a portal marker falls back to (ww2-skirmish-solo.txt, "Eliminating Portals":
"the next cover within 12\" with dead ground behind it"): the table's cover places,
worked out once per table, and the best of them for a marker."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon

from game.core.game import Game
from game.core.state import Figure, Marker
from game.data.solo_schema import ForceEntry, SoloSection, check_solo_section  # noqa: F401 (re-exported)
from game.geometry.collider import Collider
from game.solo.tables import solo_tables

if TYPE_CHECKING:
    from game.rulesets.base import RulesetBase


from game.solo.keys import SoloKey
from game.solo.portal_state import (
    CORNER_OFFSETS,
    DEAD_GROUND_STEP,
    LINE_GAP,
    MARKER_RADIUS,
    MARKER_SPACING,
    SAMPLE_STEP,
    WOOD_INSET,
    dist,
    edge_direction,
    inch,
    marker_pos,
    player_figures,
    require_info,
    tell_all,
    tell_solo,
    visibility,
)


def sample_line(line: LineString, step: float) -> list[tuple[float, float]]:
    if line.is_empty or line.length <= 0:
        return []
    n = max(1, int(line.length / step))
    return [(p.x, p.y) for p in (line.interpolate(line.length * k / n) for k in range(n + 1))]


def rings_of(geom) -> list[LineString]:
    out = []
    for poly in getattr(geom, "geoms", [geom]):
        if isinstance(poly, Polygon) and not poly.is_empty:
            out.append(LineString(poly.exterior.coords))
    return out


def cover_spots(rules: RulesetBase, game: Game) -> list[tuple[float, float, str]]:
    """Every place on the table a marker may fall back to, with the feature giving it:
    the corners of buildings, just inside the edges of woods and other covering areas,
    behind walls, hedges and fences, in trenches. Terrain that cannot hold figures
    (impassable: a large rock) and temporary clouds give none. (x, y, feature id)."""
    table = game.table
    return game.keep("cover_spots", (id(table), table.version), lambda: table_cover_spots(table), limit=1)


def table_cover_spots(table) -> list[tuple[float, float, str]]:
    out: list[tuple[float, float, str]] = []
    step = inch(SAMPLE_STEP)
    for feat in sorted(table.features, key=lambda f: f.id):
        t = feat.type
        if t.dynamic or t.blocks_movement == "all":
            continue
        if t.cover == "none" and t.los not in ("blocks", "woods"):
            continue
        pts: list[tuple[float, float]] = []
        if t.shape == "area" and t.los == "blocks":
            for off in CORNER_OFFSETS:
                grown = shapely.buffer(feat.area, inch(off), join_style="mitre", mitre_limit=10.0)
                for ring in rings_of(grown):
                    pts += list(dict.fromkeys((float(x), float(y)) for x, y in ring.coords))
        elif t.shape == "area":
            inner = feat.area.buffer(-inch(WOOD_INSET))
            for ring in rings_of(inner):
                pts += sample_line(ring, step)
            rp = feat.area.representative_point()
            pts.append((rp.x, rp.y))
        elif t.cover != "none":
            lines = list(getattr(feat.geometry, "geoms", [feat.geometry]))
            for ln in lines:
                if t.los == "clear" and t.cover_reach <= 0:  # a trench: in it
                    pts += sample_line(ln, step)
                    continue
                d = feat.effective_width / 2 + inch(LINE_GAP)
                for side in (d, -d):
                    pts += sample_line(ln.offset_curve(side), step)
        out += [(x, y, feat.id) for x, y in pts]
    return out


def good_spots(game: Game, m: Marker, cands: list[tuple[float, float]], dead_ground: bool, fall_back: bool,
                reach: float | None = None) -> list[tuple[float, float]]:
    """The candidate places marker ``m`` may go to: on the table, room for the counter
    (no base, no impassable terrain, no other marker), hidden from every figure of the
    player, with dead ground behind (the ground toward the solo side's edge also hidden),
    and (``fall_back``) no nearer the player's figures than the marker is now."""
    st = game.state
    w, h = game.table.width, game.table.height
    r = inch(MARKER_RADIUS)
    foes = player_figures(game)
    here = marker_pos(m)
    others = [marker_pos(o) for o in st.markers.values() if o.id != m.id]
    collider = Collider(game.table, [(f.id, f.pos, f.radius) for f in st.figures.values() if f.alive])
    now = min((dist(here, f.pos) for f in foes), default=0.0)
    keep = []
    for p in dict.fromkeys(cands):
        if reach is not None and dist(p, here) > reach + 1e-6:
            continue
        if not (r <= p[0] <= w - r and r <= p[1] <= h - r):
            continue
        if any(dist(p, o) < inch(MARKER_SPACING) - 1e-6 for o in others):
            continue
        if fall_back and foes and min(dist(p, f.pos) for f in foes) < now - 1e-6:
            continue
        if not collider.is_free(p, r):
            continue
        keep.append(p)
    if not keep or not foes:
        return keep
    dx, dy = edge_direction(game)
    behind = solo_tables().dist_mm("portal_dead_ground") if dead_ground else 0.0
    steps = int(round(behind / inch(DEAD_GROUND_STEP)))
    probes: list[tuple[float, float]] = []
    owner: list[int] = []
    for i, p in enumerate(keep):
        probes.append(p)
        owner.append(i)
        for k in range(1, steps + 1):
            q = (p[0] + dx * k * inch(DEAD_GROUND_STEP), p[1] + dy * k * inch(DEAD_GROUND_STEP))
            if 0 <= q[0] <= w and 0 <= q[1] <= h:
                probes.append(q)
                owner.append(i)
    vis, _ = visibility(game, foes, probes)
    seen = np.asarray(vis.any(axis=0))  # one per probe (vis has a row per foe)
    bad = {owner[j] for j in range(len(probes)) if seen[j]}
    return [p for i, p in enumerate(keep) if i not in bad]


def fallback_spot(rules: RulesetBase, game: Game, m: Marker) -> tuple[float, float, str] | None:
    """The next corner or cover within 12" with dead ground behind it, nearest first."""
    reach = solo_tables().dist_mm("portal_fallback")
    here = marker_pos(m)
    spots = [s for s in cover_spots(rules, game) if dist((s[0], s[1]), here) <= reach + 1e-6]
    feature: dict[tuple[float, float], str] = {}
    for x, y, fid in spots:
        feature.setdefault((x, y), fid)
    good = good_spots(game, m, [(s[0], s[1]) for s in spots], dead_ground=True, fall_back=True, reach=reach)
    if not good:
        return None
    p = min(good, key=lambda p: (round(dist(p, here), 6), p))
    return (p[0], p[1], feature[p])


def count_removed(game: Game, what: str) -> None:
    """Count a marker gone from the table (for the end of game summary)."""
    inf = require_info(game.state)
    gone = inf.setdefault("eliminated", {})
    gone[what] = gone.get(what, 0) + 1


def fall_back(rules: RulesetBase, game: Game, m: Marker, why: str, by: Figure) -> None:
    spot = fallback_spot(rules, game, m)
    if spot is None:
        del game.state.markers[m.id]
        count_removed(game, m.kind)
        reach = rules.fmt(solo_tables().dist_mm("portal_fallback"))
        tell_all(game, f"A marker is eliminated: {why}, and it has nowhere to fall back to (no cover within {reach} "
                       "hidden from all of the player's figures, with dead ground behind it, and no nearer them).",
                 figures=[by.id])
        tell_solo(game, f"{m.kind.title()} {m.id} is eliminated.")
        return
    x, y, fid = spot
    d = dist(marker_pos(m), (x, y))
    m.x, m.y = x, y
    m.attrs[SoloKey.SEEN] = False
    name = game.table.feature(fid).name or game.table.feature(fid).type.name
    tell_all(game, f"A marker falls back {rules.fmt(d)} ({why}).", figures=[by.id])
    tell_solo(game, f"{m.kind.title()} {m.id} falls back to {name}.")
