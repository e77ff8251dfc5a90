"""WWIFY AR:SE movement: ground paths priced with the text's modifiers, water crossed only
on bridges, flyers' turning limits, squads moving together, cohesion, and the bridges
engineers build (kept in the state and mirrored onto the table).

A chapter of :class:`game.rulesets.wwify.ruleset.Wwify` (it reads the rest through ``self.rules``); lengths are mm unless named otherwise.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import shapely
from shapely.geometry import LineString, Point
from shapely.ops import nearest_points, substring

from game.core.game import Game
from game.core.state import Figure, Unit
from game.geometry.collider import Collider, Mover
from game.geometry.movement import trace_path
from game.geometry.terrain import TerrainFeature
from game.rulesets.base import RulesetBase
from game.rulesets.movement import MovePlan, plan_move
from game.rulesets.parts import Chapter
from game.rulesets.wwify.status import WwifyGameAttr

if TYPE_CHECKING:
    from game.rulesets.wwify.ruleset import Wwify

EPS = 1e-6
TOL = 0.01  # mm of slack on allowances


@dataclass
class WwPlan(MovePlan):
    """One figure's move, worked out before anything changes: the shared plan (its
    ``cost`` is the length plus the terrain costs actually paid; no wire in these rules)
    with what was paid on the way and a flyer's turns."""

    charges: list[tuple[str, float]] = field(default_factory=list)  # (what, cost) paid on the way
    turns: list[float] = field(default_factory=list)  # flyers: the turns made, degrees


def _cut(pts: list[tuple[float, float]], d: float) -> list[tuple[float, float]]:
    line = LineString(pts)
    if d <= EPS:
        return [pts[0]]
    if d >= line.length - EPS:
        return list(pts)
    return [(float(x), float(y)) for x, y in substring(line, 0, d).coords]


def heading_change(a: float, b: float) -> float:
    """The turn from heading a to heading b, 0..180 degrees."""
    return abs((b - a + 180.0) % 360.0 - 180.0)


class WwMove(Chapter["Wwify"]):
    # ---- terrain questions ------------------------------------------------------------------
    rules: Wwify

    def in_trench(self, game: Game, p: tuple[float, float]) -> bool:
        """Inside a trench (or a bunker, which counts as one for the saves)."""
        return any(f.type.id in ("trench", "bunker") for f in game.table.features_at(p))

    def in_cloud(self, game: Game, p: tuple[float, float], kind: str) -> bool:
        return any(f.type.id == kind for f in game.table.features_at(p))

    def wet_area(self, game: Game):
        """Water not covered by a bridge (cached per table version)."""
        def work():
            water = [f.area for f in game.table.features if f.type.id == "water"]
            if not water:
                return None
            wet = shapely.union_all(water)
            bridges = [f.area for f in game.table.features if f.type.id == "bridge"]
            if bridges:
                wet = wet.difference(shapely.union_all(bridges))
            if wet.is_empty:
                return None
            shapely.prepare(wet)
            return wet

        return game.keep("wet_area", (id(game.table), game.table.version), work, limit=1)

    def first_wet(self, game: Game, pts: list[tuple[float, float]]) -> float | None:
        """Distance along the path where it first enters unbridged water (a start already
        in the water may move out)."""
        wet = self.wet_area(game)
        if wet is None or len(pts) < 2:
            return None
        line = LineString(pts)
        if not line.intersects(wet):
            return None
        starts_wet = wet.intersects(Point(pts[0]))
        best = None
        inter = line.intersection(wet)
        for g in getattr(inter, "geoms", [inter]):
            if g.is_empty:
                continue
            d0 = min(line.project(Point(c)) for c in shapely.get_coordinates(g))
            if d0 <= 1e-3 and starts_wet:
                continue
            best = d0 if best is None else min(best, d0)
        return best

    def _inside_other(self, game: Game, trace, event, types: tuple[str, ...]) -> bool:
        p = trace.point_at(event.distance + 0.05)
        return any(f.type.id in types and f.id != event.feature_id for f in game.table.features_at(p))

    def terrain_charges(self, game: Game, pts: list[tuple[float, float]]) -> tuple[float, list[tuple[float, float, str]]]:
        """(path length, [(distance, cost, words)]): the text's movement modifiers met along
        a ground path: climbing out of a trench, climbing in or out of the bunker's tunnels.
        Kept per table version and exact path: the AI weighs a move the core then checks."""
        key = (id(game.table), game.table.version, tuple((float(x), float(y)) for x, y in pts))
        length, charges = game.keep("wwify_charges", key, lambda: self._traced_charges(game, pts), limit=2000)
        return length, list(charges)  # (a copy: the kept answer stays as it was)

    def _traced_charges(self, game: Game, pts: list[tuple[float, float]]) -> tuple[float, list[tuple[float, float, str]]]:
        trace = trace_path(game.table, pts)
        mv = self.rules.data.movement
        out: list[tuple[float, float, str]] = []
        for e in trace.crossings:
            if e.type_id == "trench" and e.kind == "exit" and mv.trench_exit:
                if not self._inside_other(game, trace, e, ("trench", "bunker")):
                    out.append((e.distance, self.rules.mm(mv.trench_exit), "climb out of the trench"))
            elif e.type_id == "bunker" and e.kind in ("enter", "exit") and mv.tunnel:
                if not self._inside_other(game, trace, e, ("bunker",)):
                    words = "climb into the bunker's tunnels" if e.kind == "enter" else "climb out of the bunker's tunnels"
                    out.append((e.distance, self.rules.mm(mv.tunnel), words))
        return trace.length, out

    @staticmethod
    def afford(length: float, charges: list[tuple[float, float, str]], budget: float) -> tuple[float, float, str | None, float]:
        """How far the budget reaches: (length reached, cost paid, why it stops, full cost)."""
        full = length + sum(c for d, c, _ in charges if d < length - EPS)
        pos = spent = 0.0
        for d, c, words in sorted(charges):
            if d >= length - EPS:
                break
            if spent + (d - pos) > budget + TOL:
                return pos + max(0.0, budget - spent), budget, "end of its move", full
            spent += d - pos
            pos = d
            if spent + c > budget + TOL:
                return max(0.0, d - 0.05), spent, f"not enough move left to {words}", full
            spent += c
        if spent + (length - pos) > budget + TOL:
            return pos + max(0.0, budget - spent), budget, "end of its move", full
        return length, spent + (length - pos), None, full

    # ---- planning a ground move ---------------------------------------------------------------
    def mover(self, fig: Figure) -> Mover:
        return "vehicle" if self.rules.troop(fig).category == "vehicle" else "infantry"

    def plan_ground(
        self, game: Game, fig: Figure, waypoints: list[tuple[float, float]], budget: float, strict: bool,
        collider: Collider | None = None,
    ) -> WwPlan:
        """``strict``: a player's move (refused when too long, off the table or into water);
        otherwise cut short where it must stop (squads moving together, panicked units).
        Other figures' bases stop a move in base contact either way."""
        table = game.table
        pts = [fig.pos] + [(float(x), float(y)) for x, y in waypoints]
        for x, y in pts[1:]:
            if not table.contains((x, y)) and strict:
                return WwPlan([fig.pos], refusal="That is off the table.")
        pts = [(min(max(x, 0.0), table.width), min(max(y, 0.0), table.height)) for x, y in pts]
        pts = [p for i, p in enumerate(pts) if i == 0 or math.hypot(p[0] - pts[i - 1][0], p[1] - pts[i - 1][1]) > EPS]
        if len(pts) < 2:
            return WwPlan([fig.pos], refusal="The figure is already there." if strict else None)
        stopped = None
        wet = self.first_wet(game, pts)
        if wet is not None:
            if strict:
                return WwPlan([fig.pos], refusal=f"{fig.name} cannot enter the water: ground troops cross rivers only by a bridge.")
            pts = _cut(pts, max(0.0, wet - 0.05))
            stopped = "the water's edge"
        if len(pts) < 2:
            return WwPlan([fig.pos], stopped_by=stopped)
        length, charges = self.terrain_charges(game, pts)
        reach, _, why, full = self.afford(length, charges, budget)
        if reach < length - 1e-3:
            if strict:
                paid_words = ", ".join(f"{self.rules.fmt(c)} to {w}" for d, c, w in charges if d < length - EPS)
                extra = f" (including {paid_words})" if paid_words else ""
                return WwPlan([fig.pos], refusal=f"That move costs {self.rules.fmt(full)}{extra}; {fig.name} has {self.rules.fmt(budget)} left.")
            pts = _cut(pts, reach)
            stopped = why
        if len(pts) >= 2:
            mp = plan_move(self.rules, game, fig, pts[1:], budget=float("inf"), strict=False, stop_types=frozenset(),
                           mover=self.mover(fig), collider=collider)
            if mp.stopped_by and mp.length < LineString(pts).length - 1e-3:
                stopped = mp.stopped_by
            pts = mp.path
        if len(pts) < 2 or LineString(pts).length <= 1e-3:
            if strict:
                return WwPlan([fig.pos], refusal=f"{fig.name} cannot move that way ({stopped or 'blocked'}).")
            return WwPlan([fig.pos], stopped_by=stopped)
        final = LineString(pts).length
        paid = [(w, c) for d, c, w in charges if d < final - EPS]
        return WwPlan(pts, final, final + sum(c for _, c in paid), stopped_by=stopped, charges=paid)

    # ---- flyers -----------------------------------------------------------------------------
    def flyer_turns(self, fig: Figure, pts: list[tuple[float, float]]) -> list[float]:
        ft = self.rules.data.flyer_turns
        turns: list[float] = []
        prev = fig.facing
        for a, b in zip(pts, pts[1:], strict=False):
            if math.hypot(b[0] - a[0], b[1] - a[1]) <= EPS:
                continue
            h = self.rules.heading(a, b)
            t = heading_change(prev, h)
            if t > ft.ignore_below:
                turns.append(t)
            prev = h
        return turns

    def turns_ok(self, turns: list[float]) -> bool:
        ft = self.rules.data.flyer_turns
        if len(turns) <= ft.max_turns and all(t <= ft.max_angle + 1e-6 for t in turns):
            return True
        return len(turns) == 1 and turns[0] <= ft.single_turn_max + 1e-6

    def plan_flyer(self, game: Game, fig: Figure, waypoints: list[tuple[float, float]], budget: float) -> WwPlan:
        table = game.table
        pts = [fig.pos] + [(float(x), float(y)) for x, y in waypoints]
        if any(not table.contains(p) for p in pts[1:]):
            return WwPlan([fig.pos], refusal="A flyer must stay over the table.")
        pts = [p for i, p in enumerate(pts) if i == 0 or math.hypot(p[0] - pts[i - 1][0], p[1] - pts[i - 1][1]) > EPS]
        if len(pts) < 2:
            return WwPlan([fig.pos], refusal="The flyer is already there.")
        length = LineString(pts).length
        if length > budget + TOL:
            return WwPlan([fig.pos], refusal=f"That flight is {self.rules.fmt(length)}; a flyer moves at most {self.rules.fmt(budget)}.")
        turns = self.flyer_turns(fig, pts)
        ft = self.rules.data.flyer_turns
        if not self.turns_ok(turns):
            made = ", ".join(f"{t:.0f}" for t in turns)
            return WwPlan([fig.pos], refusal=(
                f"Too many or too sharp turns ({made} degrees): a flyer may make {ft.max_turns} turns of up to "
                f"{ft.max_angle:g} degrees or one of up to {ft.single_turn_max:g} in a move."))
        end = pts[-1]
        for o in game.state.figures.values():
            if o.alive and o.id != fig.id and math.hypot(o.x - end[0], o.y - end[1]) < o.radius + fig.radius - 0.01:
                return WwPlan([fig.pos], refusal=f"The flyer cannot land on {o.name}'s base.")
        return WwPlan(pts, length, length, charges=[], turns=turns)

    # ---- cohesion -----------------------------------------------------------------------------
    def cohesion_problem(self, game: Game, unit: Unit, moved: dict[str, tuple[float, float]]) -> str | None:
        """Why moving figures of a squad to ``moved`` positions breaks cohesion, or None."""
        if unit.kind != "squad":
            return None
        figs = self.rules.alive(game, unit.id)
        if len(figs) < 2:
            return None
        d = self.rules.mm(self.rules.data.movement.cohesion)
        before = set(self.rules.loners(figs, d))  # base edge to base edge
        after = set(self.rules.loners(figs, d, moved))
        bad = (after - before) | {fid for fid in after & before if fid in moved and self._worse(game, unit, fid, moved, d)}
        if bad:
            names = ", ".join(game.state.figures[b].name for b in sorted(bad)[:3])
            return (f"{unit.name} would lose cohesion: {names} would have no squadmate within "
                    f"{self.rules.data.movement.cohesion:g}\".")
        return None

    def _worse(self, game: Game, unit: Unit, fid: str, moved: dict, d: float) -> bool:
        """A straggler that moves must not end further from its nearest squadmate."""
        others = [f for f in self.rules.alive(game, unit.id) if f.id != fid]
        fig = game.state.figures[fid]
        near_old = min(self.rules.apart(fig, f) for f in others)
        near_new = min(self.rules.apart(fig, f, moved[fid], moved.get(f.id)) for f in others)
        return near_new > near_old + 1e-3

    # ---- bridges ------------------------------------------------------------------------------
    def bridge_sites(self, game: Game) -> dict[str, dict]:
        attrs = game.state.attrs
        if WwifyGameAttr.BRIDGES not in attrs:
            attrs[WwifyGameAttr.BRIDGES] = {}
        return attrs[WwifyGameAttr.BRIDGES]

    def bridge_line(self, site: dict) -> LineString:
        return LineString([tuple(site["a"]), tuple(site["b"])])

    def bridge_end(self, site: dict) -> tuple[float, float]:
        """Where work goes on: the far end of what is built (the start when nothing is)."""
        line = self.bridge_line(site)
        p = line.interpolate(min(site["built"], line.length))
        return (float(p.x), float(p.y))

    def sync_table(self, game: Game) -> None:
        """Clouds as the base keeps them, plus the bridges built so far."""
        RulesetBase.sync_table(self.rules, game)
        table = game.table
        wanted: dict[str, tuple[LineString, float]] = {}
        for sid, site in self.bridge_sites(game).items():
            if site["built"] > 1e-3:
                line = self.bridge_line(site)
                built = min(site["built"], line.length)
                wanted[f"bridge:{sid}"] = (substring(line, 0, built), built)
        for f in list(table.features):
            if f.id.startswith("bridge:") and (f.id not in wanted or abs(f.geometry.length - wanted[f.id][1]) > 1e-3):
                table.remove_feature(f.id)
        tt = self.rules.terrain_types["bridge"]
        width = self.rules.mm(self.rules.data.engineers.bridge_width)
        for fid, (geom, _) in wanted.items():
            if fid not in table:
                name = self.bridge_sites(game)[fid.split(":", 1)[1]].get("name") or "Bridge"
                table.add_feature(TerrainFeature(id=fid, type=tt, geometry=geom, width=width, name=name))

    def crossing_from(self, game: Game, p: tuple[float, float]) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The shortest straight crossing of the water nearest to ``p``: from the bank point
        nearest to p to the far bank (each end 0.5" onto dry land)."""
        water = [f.area for f in game.table.features if f.type.id == "water"]
        if not water:
            return None
        area = shapely.union_all(water)
        near = nearest_points(area.boundary, Point(p))[0]
        q = (float(near.x), float(near.y))
        if self.rules.dist(q, p) > self.rules.mm(self.rules.data.engineers.work_reach) + 1e-3:
            return None
        reach = self.rules.mm(36)
        best = None
        for k in range(180):
            ang = math.radians(k * 2.0)
            ux, uy = math.cos(ang), math.sin(ang)
            ray = LineString([(q[0] + ux * 0.1, q[1] + uy * 0.1), (q[0] + ux * reach, q[1] + uy * reach)])
            inter = ray.intersection(area)
            if inter.is_empty:
                continue
            pieces = [g for g in getattr(inter, "geoms", [inter]) if g.geom_type == "LineString" and g.length > 0]
            if not pieces:
                continue
            first = min(pieces, key=lambda g: ray.project(Point(g.coords[0])))
            if ray.project(Point(first.coords[0])) > 1.0:
                continue  # the ray leaves the water's side of the bank
            far = max(ray.project(Point(c)) for c in first.coords) + 0.1
            end = (q[0] + ux * (far + self.rules.mm(0.5)), q[1] + uy * (far + self.rules.mm(0.5)))
            if not game.table.contains(end) or area.contains(Point(end)):
                continue
            if best is None or far < best[0]:
                best = (far, (q[0] - ux * self.rules.mm(0.5), q[1] - uy * self.rules.mm(0.5)), end)
        if best is None:
            return None
        return best[1], best[2]
