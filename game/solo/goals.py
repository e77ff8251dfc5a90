"""Where the solo rules' orders point a unit (the planners and the random baseline):
an objective its side must take or hold, else the nearest enemy; and whether a side
holds its ground ("they will not move from fortified positions they are defending")."""

from __future__ import annotations

from collections.abc import Callable
from math import hypot
from typing import TYPE_CHECKING, Any

import shapely

from game.core import victory
from game.core.game import Game
from game.core.keys import StateKey
from game.core.state import Figure, Unit
from game.rulesets.movement import clamp_to_table
from game.solo.fallback import cover_spots
from game.solo.keys import SoloKey
from game.solo.retreat import halt_cover_goal, retreat_goal
from game.solo.tables import solo_tables

if TYPE_CHECKING:
    from game.rulesets.base import RulesetBase


def dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return hypot(a[0] - b[0], a[1] - b[1])


def ai_goal(rules: RulesetBase[Any], game: Game, side: str, centre: tuple[float, float], unit: Unit | None = None) -> tuple[float, float] | None:
    """Where an advancing unit heads: an objective its side must take, else the
    nearest enemy figure ("advance toward nearest enemy includes any ordered game
    objective"). A unit standing on an objective its side must hold stays on it."""
    st = game.state
    needed = hold_objectives(game, side)
    if unit is not None:
        for o in needed:
            if any(dist(f.pos, (o["x"], o["y"])) <= o["radius"] for f in st.unit_figures(unit.id)):
                return None
    targets = objectives_to_take(game, side)
    if targets:
        return min(targets, key=lambda p: dist(p, centre))
    enemies = rules.enemy_figures(game, side)
    if not enemies:
        return None
    e = min(enemies, key=lambda f: dist(f.pos, centre))
    return e.pos

def objectives_to_take(game: Game, side: str) -> list[tuple[float, float]]:
    """Where the objectives are that ``side`` must hold to win and does not hold now."""
    return [(o["x"], o["y"]) for o in hold_objectives(game, side) if victory.objective_holder(game.state, o) != side]


def hold_objectives(game: Game, side: str) -> list[dict]:
    """The objectives ``side`` must hold to win (from the scenario's hold conditions)."""
    v = game.state.attrs.get(StateKey.VICTORY, {})
    out: list[dict] = []
    for c in v.get("conditions", []):
        if c["side"] == side and c["type"] == "hold":
            out += [v["objectives"][oid] for oid in (c.get("objectives") or list(v.get("objectives", {})))]
    return out

def defends(game: Game, side: str) -> bool:
    """A side that wins if nothing happens holds its ground (solo interpretation)."""
    return game.state.attrs.get(StateKey.VICTORY, {}).get("otherwise") == side


FORTIFIED = ("trench", "bunker", "building")  # the fortified positions of the solo rules' chart


def in_fortification(game: Game, figs: list[Figure]) -> bool:
    """Most of the figures in a trench, bunker or building ("they will not move from
    fortified positions they are defending")."""
    return sum(1 for f in figs if fortified_at(game, f.pos)) * 2 > len(figs)


def fortified_at(game: Game, p: tuple[float, float]) -> bool:
    return any(ft.type.id in FORTIFIED for ft in game.table.features_at(p))


def position_on_the_way(game: Game, centre: tuple[float, float], goal: tuple[float, float],
                        inside: float) -> tuple[float, float] | None:
    """Where the straight way from ``centre`` to ``goal`` first enters a fortified position
    (interpretation defenders: a defender out of its position that advances stops in the
    position it reaches, as it will not move on from it): the middle of a trench it crosses,
    ``inside`` (table units) past the wall of a bunker or building. None: no position on the way."""
    if fortified_at(game, centre):
        return centre  # in one already: it stays
    if dist(centre, goal) <= 0:
        return None
    way = shapely.LineString([centre, goal])
    idx = game.table.index
    best: tuple[float, tuple[float, float]] | None = None
    for i in (sorted(idx.tree.query(way, predicate="intersects")) if idx.features else ()):  # in table order
        ft = idx.features[i]
        if ft.type.id not in FORTIFIED:
            continue
        cut = way.intersection(ft.area)
        pieces = [g for g in getattr(cut, "geoms", [cut]) if g.length > 0]
        if not pieces:
            continue
        first = min(pieces, key=lambda g: way.project(shapely.Point(g.coords[0])))
        a, b = way.project(shapely.Point(first.coords[0])), way.project(shapely.Point(first.coords[-1]))
        a, b = min(a, b), max(a, b)
        at = (a + b) / 2 if ft.is_line else min(b, a + inside)
        q = way.interpolate(at)
        if best is None or at < best[0]:
            best = (at, (q.x, q.y))
    return best[1] if best else None


def back_goal(rules: RulesetBase[Any], game: Game, side: str, unit: Unit, order: str,
              cover_at: Callable[[tuple[float, float]], bool]) -> tuple[float, float] | None:
    """Where a Retreat goes (interpretation retreat), or a Halt in the nearest cover after
    falling back (fall-back-halt); None: no such move (the unit stays). ``cover_at``: whether
    a point is in cover, in the ruleset's terms (most of the unit in cover is "in cover")."""
    if order != "retreat" and not (order == "halt" and unit.markers.get(SoloKey.TAKE_COVER)):
        return None
    figs = game.state.unit_figures(unit.id, alive_only=False)
    alive = [f for f in figs if f.alive]
    if not alive:
        return None
    in_cover = sum(1 for f in alive if cover_at(f.pos)) * 2 > len(alive)
    centre = rules.unit_centre(game, unit.id)
    spots = [(x, y) for x, y, _ in cover_spots(rules, game)]
    tb = solo_tables()
    if order == "retreat":
        friends = [rules.unit_centre(game, u.id) for u in game.state.side_units(side) if u.id != unit.id and game.state.unit_alive(u.id)]
        g = retreat_goal(centre, [e.pos for e in rules.known_enemies(game, side)], friends, spots, in_cover,
                         len(alive) * 2 >= len(figs), tb.dist_mm("retreat_cover"), rules.mm(12),
                         rules.home_edge_point(game, alive[0]))
        return clamp_to_table(game, g.point) if g.point is not None else None
    if not in_cover:
        last = unit.markers.get(SoloKey.LAST_ENEMY)
        return halt_cover_goal(centre, (last[0], last[1]) if last else None, spots, tb.dist_mm("halt_cover"),
                               lambda p, e: rules.los(game, e, p).cover > 0)
    return None

