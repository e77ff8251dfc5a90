"""Planning one figure's move: the path it asks for, cut where the rules stop it.

Shared by the rulesets: the path stays on the table, stops at the first feature of a
type that halts movement (barbed wire in the Great War rules) unless the figure is
crossing the one it was stopped at in an earlier turn, is cut at the distance the
figure may still move, and never passes through another figure's base or impassable
terrain (pymunk queries through :class:`~game.geometry.movement.Collider`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from shapely.geometry import LineString, Point
from shapely.ops import substring

from game.core.game import Game
from game.core.state import Figure
from game.geometry.collider import Collider, Mover

if TYPE_CHECKING:
    from game.rulesets.base import RulesetBase

EPS = 1e-6


@dataclass
class MovePlan:
    path: list[tuple[float, float]]  # from the figure's position to where it ends
    length: float = 0.0  # measured along the path
    cost: float = 0.0  # what it takes from the move allowance
    stopped_at_wire: str | None = None  # feature id
    wire_crossed: bool = False
    stopped_by: str | None = None  # what cut the move short, in words
    refusal: str | None = None
    notes: list[str] = field(default_factory=list)
    #: a strict plan refused at a base or impassable terrain: how far along the path the
    #: mover's base first touches it (any longer move the same way is refused too)
    blocked_at: float | None = None


def _cut(line: LineString, d: float) -> list[tuple[float, float]]:
    if d <= EPS:
        return [line.coords[0]]
    if d >= line.length - EPS:
        return list(line.coords)
    return list(substring(line, 0, d).coords)


def _entry_distance(line: LineString, area) -> float | None:
    """Distance along ``line`` where it first touches ``area`` (None if it never does)."""
    if not line.intersects(area):
        return None
    inter = line.intersection(area)
    pts = []
    for g in getattr(inter, "geoms", [inter]):
        pts.extend(g.coords)
    return min(line.project(Point(p)) for p in pts) if pts else None


def plan_move(
    rs: RulesetBase,
    game: Game,
    fig: Figure,
    waypoints: list[tuple[float, float]],
    budget: float,
    strict: bool,
    stop_types: frozenset[str] = frozenset({"wire"}),
    ignore: set[str] | None = None,
    mover: Mover = "infantry",
    collider: Collider | None = None,
) -> MovePlan:
    """``strict``: a path that is too long or blocked is refused (a player's move);
    otherwise it is cut short (a unit moving together, a running figure). ``collider``:
    the bases to avoid, when not the figures where they stand now."""
    table = game.table
    pts = [fig.pos] + [(float(x), float(y)) for x, y in waypoints]
    w, h = table.width, table.height
    for x, y in pts[1:]:
        if not (-EPS <= x <= w + EPS and -EPS <= y <= h + EPS):
            if strict:
                return MovePlan([fig.pos], refusal="That is off the table.")
    pts = [(min(max(x, 0.0), w), min(max(y, 0.0), h)) for x, y in pts]
    pts = [p for i, p in enumerate(pts) if i == 0 or (abs(p[0] - pts[i - 1][0]) + abs(p[1] - pts[i - 1][1])) > EPS]
    if len(pts) < 2:
        return MovePlan([fig.pos], refusal="The figure is already there." if strict else None)
    line = LineString(pts)
    plan = MovePlan(pts)
    free_wire = rs.free_wire(game, fig)
    free_ok = free_wire is not None
    free_len = 0.0
    stop_at = line.length
    # barbed wire (or any stopping terrain)
    for feat in table.features:
        if feat.type.id not in stop_types:
            continue
        if feat.id == free_wire and free_ok:
            inside = line.intersection(feat.area).length
            if inside > EPS:
                free_len += inside
                plan.wire_crossed = True
            continue
        d = _entry_distance(line, feat.area)
        if d is not None and d < stop_at:
            stop_at = max(0.0, d - 1e-3)
            plan.stopped_at_wire = feat.id
            plan.stopped_by = f"{feat.name} stops movement"
    if plan.stopped_at_wire is not None and stop_at <= 1e-3 and strict:
        return MovePlan([fig.pos], refusal=f"{fig.name} is stopped at the wire and crosses it in a later turn.")
    # the move allowance
    cost_at = stop_at - (free_len if plan.wire_crossed else 0.0)
    if cost_at > budget + 0.01:  # a hundredth of a millimetre of slack
        if strict:
            return MovePlan([fig.pos], refusal=f"That move is {rs.fmt(cost_at)}; {fig.name} has {rs.fmt(budget)} left.")
        stop_at = budget + (free_len if plan.wire_crossed else 0.0)
        plan.stopped_at_wire = None
        plan.stopped_by = "end of its move"
    path = _cut(line, stop_at)
    whole = stop_at >= line.length - EPS  # (the path as asked: its length is the line's)
    # bases and impassable terrain
    if len(path) >= 2:
        skip = {fig.id} | (ignore or set())
        collider = collider or shared_collider(game)
        # whatever the base already touches at the start does not stop it moving off
        touching = set(collider.overlapping(path[0], fig.radius, mover, skip))
        hit = collider.first_collision(path, fig.radius, mover=mover, ignore=touching | skip)
        if hit is not None:
            what = _obstacle_name(game, table, hit.obstacle_id)
            if strict:
                return MovePlan([fig.pos], refusal=f"The way is blocked by {what}.", blocked_at=hit.distance)
            path = _cut(LineString(path), max(0.0, hit.distance - 1e-3)) if hit.distance > EPS else [fig.pos]
            plan.stopped_at_wire = None
            plan.stopped_by = f"blocked by {what}"
            whole = False
    plan.path = path if len(path) >= 2 else [fig.pos]
    plan.length = (line.length if whole else LineString(plan.path).length) if len(plan.path) >= 2 else 0.0
    plan.cost = max(0.0, plan.length - (free_len if plan.wire_crossed else 0.0))
    if plan.length <= EPS:
        plan.wire_crossed = False
    return plan


def shared_collider(game: Game) -> Collider:
    """The game's pymunk space of its table, brought up to date with the figures in action
    before each use: only the bases that moved, came or went are changed (building the
    space again for each move would place every base again); within a reading scope
    (:meth:`Game.reading`: nothing changes the state) once for the state's version."""
    collider, placed, synced = game.keep("collider", id(game.table), lambda: (Collider(game.table), {}, [None]), limit=1)
    # in a reading scope nothing moves: synced once for the state's version (an AI plans many moves)
    stamp = (game.version, id(game.state)) if game.memo is not None else None
    if stamp is not None and synced[0] == stamp:
        return collider
    synced[0] = stamp
    return sync_bases(collider, placed, {f.id: (f.x, f.y, f.radius) for f in game.state.figures.values() if f.alive})


def sync_bases(collider: Collider, placed: dict[str, tuple[float, float, float]],
               now: dict[str, tuple[float, float, float]]) -> Collider:
    """``collider`` (whose bases are ``placed``: id -> x, y, radius) brought to the bases
    ``now``: only those that moved, came or went are taken out and put in again."""
    for fid in [fid for fid in placed if now.get(fid) != placed[fid]]:
        collider.remove_figure(fid)
        del placed[fid]
    for fid, (x, y, r) in now.items():
        if fid not in placed:
            collider.add_figure(fid, (x, y), r)
            placed[fid] = (x, y, r)
    return collider


def _obstacle_name(game: Game, table, obstacle: str) -> str:
    if obstacle in game.state.figures:
        return game.state.figures[obstacle].name
    if obstacle in table:
        return table.feature(obstacle).name
    return str(obstacle)


def clamp_to_table(game: Game, p: tuple[float, float], margin: float = 1.0) -> tuple[float, float]:
    """``p`` moved onto the table, ``margin`` mm in from its edges."""
    return (min(max(p[0], margin), game.table.width - margin), min(max(p[1], margin), game.table.height - margin))
