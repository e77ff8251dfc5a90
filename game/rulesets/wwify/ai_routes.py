"""How the WWIFY solo AI moves a unit: routes over complete bridges round unbridged
water, legs that keep a squad within 3" and stop before other bases, ends in cover
(trenches first), and the paths a move's allowance reaches."""

from __future__ import annotations

from collections.abc import Iterator
from math import atan2, cos, hypot, radians, sin
from typing import TYPE_CHECKING

import shapely
from shapely.geometry import LineString, Point

from game.core.commands import Command
from game.core.game import Game
from game.core.state import Figure, Unit
from game.rulesets.wwify.status import WwifyUnitMark

if TYPE_CHECKING:
    from game.rulesets.wwify.ruleset import Wwify

#: how much better (an inch of progress, two-thirds of a cover step) a move whose line is
#: held back unequally must score to be given before the clean moves
HELD_MARGIN = 1.0
COVER_VALUE = {"trench": 3.0, "bunker": 3.0, "building": 2.0, "wood": 1.0, "crater": 1.0}


class WwifyRoutes:
    def __init__(self, rules: Wwify) -> None:
        self.rules = rules

    # ==== moving =======================================================================================
    def move_cmds(self, game: Game, side: str, unit: Unit, goal, n: int, memo: dict, stop: float = 0.0,
                   first: frozenset | set = frozenset()) -> Iterator[Command]:
        """A Move action toward ``goal`` (ending ``stop`` short of it). The unit moves
        together (move_unit) where its way is clear; near a bridge on its way, or where
        moving together would be refused, it goes figure by figure in single file (the
        plan is kept in ``memo`` for the rest of the action; ``first``: who leads)."""
        if not self.rules.alive(game, unit.id):
            return
        centre = self.rules.unit_centre(game, unit.id)
        route = self.route(game, centre, goal)
        if len(route) == 1:  # a figure still behind the water follows the others over
            behind = [f for f in self.rules.alive(game, unit.id) if self.rules.moving.first_wet(game, [f.pos, goal]) is not None]
            if behind:
                route = self.route(game, max(behind, key=lambda f: self.rules.dist(f.pos, goal)).pos, goal)
        bridge = len(route) > 1 and self.rules.dist(centre, route[0]) < self.reach(game, unit) + self.rules.mm(3)
        clean: list[Command] = []
        held: list[Command] = []
        if not bridge:
            clean, held = self.translate_cmds(game, side, unit, route[0], n, stop if len(route) == 1 else 0.0)
            yield from clean
        plan = self.leg_moves(game, side, unit, route, stop, first)
        if plan:
            memo[self.plan_key(game, unit, n)] = plan
            if unit.markers.get(WwifyUnitMark.MOVE_OPEN):
                # a figure's move would go on with the last Move action: start a new one
                yield Command("begin_move", side, unit=unit.id, value=n)
            else:
                yield plan[0][1]
        yield from held

    def reach(self, game: Game, unit: Unit) -> float:
        return max(self.rules.allowance(game, unit, f) for f in self.rules.alive(game, unit.id))

    def translate_cmds(self, game: Game, side: str, unit: Unit, target, n: int, stop: float) -> tuple[list[Command], list[Command]]:
        """move_unit candidates (the whole unit keeps its formation), best first: the
        most progress toward the target with the most figures ending in cover, never
        stepping into water. (Clean moves, moves where figures are held back unequally: those
        go first only when they score :data:`HELD_MARGIN` better than every clean move.)"""
        figs = self.rules.alive(game, unit.id)
        centre = self.rules.unit_centre(game, unit.id)
        reach = self.reach(game, unit) - self.rules.mm(0.05)
        d_goal = self.rules.dist(centre, target)
        heading = atan2(target[1] - centre[1], target[0] - centre[0])
        step = min(reach, max(0.0, d_goal - stop))
        if step < self.rules.mm(0.5):
            return [], []
        gather = unit.kind == "squad" and len(figs) > 1 and bool(self.rules.loners(figs, self.rules.mm(self.rules.data.movement.cohesion)))
        others = [(o.id, o.pos, o.radius) for o in game.state.figures.values() if o.alive and o.unit != unit.id]
        near_water = self.near(game, "water", centre, reach + max(self.rules.dist(centre, f.pos) for f in figs))
        near_costly = self.near(game, "costly", centre, reach + max(self.rules.dist(centre, f.pos) for f in figs))
        here = sum(self.cover_at(game, f.pos) for f in figs) / len(figs)
        scored = []
        for turn in (0, -30, 30, -60, 60):
            a = heading + radians(turn)
            for frac in (1.0, 0.5):
                v = (cos(a) * step * frac, sin(a) * step * frac)
                dests = [(f.x + v[0], f.y + v[1]) for f in figs]
                if any(not (f.radius <= x <= game.table.width - f.radius and f.radius <= y <= game.table.height - f.radius)
                       for f, (x, y) in zip(figs, dests, strict=True)):
                    continue
                if near_water and any(self.rules.moving.first_wet(game, [f.pos, d]) is not None for f, d in zip(figs, dests, strict=True)):
                    continue
                end = (centre[0] + v[0], centre[1] + v[1])
                # where each figure really stops once climbing out of a trench is paid
                got = [self.reached(game, unit, f, d) for f, d in zip(figs, dests, strict=True)] if near_costly else dests
                progress = d_goal - self.rules.dist((sum(x for x, _ in got) / len(got), sum(y for _, y in got) / len(got)), target)
                cover = sum(self.cover_at(game, d) for d in got) / len(figs)
                score = self.rules.in_units(progress) + 1.5 * (cover - here) - 0.01 * abs(turn)
                scored.append((-score, turn, frac, end, dests, got))
        scored.sort(key=lambda c: c[:3])
        clean: list[tuple[float, tuple[float, float]]] = []
        held: list[tuple[float, tuple[float, float]]] = []
        for neg, _, frac, end, dests, got in scored:
            if len(clean) >= 2:
                break
            # figures held back unequally (by a base in the way, or by the cost of
            # climbing out of a trench) bend the line, and the move may break cohesion
            went = [min(step * frac, _first_hit([f.pos, d], f.radius, others)) for f, d in zip(figs, dests, strict=True)]
            if near_costly:  # climbing out costs 3": a line half in a trench bends
                paying = {self.rules.dist(g, d) > self.rules.mm(0.1) for g, d in zip(got, dests, strict=True)}
                if len(paying) > 1:
                    went.append(0.0)
            (held if max(went) - min(went) > self.rules.mm(1) else clean).append((-neg, end))
        if held and (not clean or held[0][0] > clean[0][0] + HELD_MARGIN):
            # a line held back by a friendly base (most often along a trench with a unit in
            # it) that scores clearly better than any clean move: it goes first
            clean, held = held[:2] + clean, []
        def cmds(ends: list) -> list[Command]:
            out = []
            for _, end in ends:
                if gather:
                    out.append(Command("move_unit", side, unit=unit.id, point=end, choice="gather", value=n))
                out.append(Command("move_unit", side, unit=unit.id, point=end, value=n))
            return out

        return cmds(clean[:4]), cmds(held[:2])

    def reached(self, game: Game, unit: Unit, f: Figure, dest: tuple[float, float]) -> tuple[float, float]:
        """Where ``f``'s straight move to ``dest`` stops once its terrain costs are paid
        (climbing out of a trench 3", in or out of the bunker's tunnels)."""
        costly = self.areas(game)["costly"]
        if costly is None or not costly.intersects(LineString([f.pos, dest])):
            return dest  # (a way that touches no trench or bunker pays nothing: the prepared test is quick)
        length, charges = self.rules.moving.terrain_charges(game, [f.pos, dest])
        if not charges or length <= 0:
            return dest
        reach, _, _, _ = self.rules.moving.afford(length, charges, self.rules.allowance(game, unit, f))
        if reach >= length - 1e-6:
            return dest
        t = reach / length
        return (f.x + (dest[0] - f.x) * t, f.y + (dest[1] - f.y) * t)

    def areas(self, game: Game) -> dict:
        """Unbridged water ('water') and trenches and bunkers ('costly': moving out of
        them costs extra), per table version."""
        def work() -> dict:
            costly = [f.area for f in game.table.features if f.type.id in ("trench", "bunker")]
            union = shapely.union_all(costly) if costly else None
            if union is not None:
                shapely.prepare(union)
            return {"water": self.rules.moving.wet_area(game), "costly": union}

        return game.keep("wwai_areas", (id(game.table), game.table.version), work, limit=1)

    def near(self, game: Game, what: str, p, reach: float) -> bool:
        area = self.areas(game)[what]
        return area is not None and area.distance(Point(p)) <= reach

    def leg_moves(self, game: Game, side: str, unit: Unit, route: list, stop: float,
                   first: frozenset | set = frozenset()) -> list[tuple]:
        """One Move action along the route (over a bridge) in single file, figure by
        figure, as legs that each keep every figure within 3" of a squadmate: the
        leader first, each leg as far along its way as cohesion allows, in a few rounds.
        Returns [(start point, move command)] in the order to submit them."""
        figs = self.rules.alive(game, unit.id)
        spacing = max(f.radius for f in figs) * 2 + self.rules.mm(0.25)
        coh = self.rules.mm(self.rules.data.movement.cohesion) - 0.05
        ways = []
        for f in figs:
            pts = self.route(game, f.pos, route[-1])  # each figure's own way onto the bridge
            ways.append((self.rules.dist(f.pos, pts[0]) + path_length(pts), f, pts))
        ways.sort(key=lambda w: (w[1].id not in first, w[0], w[1].id))
        paths: dict[str, list] = {}
        order: list[Figure] = []
        ahead = None  # route distance left to the figure in front, once placed
        for rem, f, pts in ways:
            budget = self.rules.allowance(game, game.state.units[f.unit], f) - self.rules.mm(0.05)
            travel = max(0.0, rem - stop) if ahead is None else max(0.0, rem - (ahead + spacing))
            path = self.afford_path(game, f, self.along(f.pos, pts, travel, 0.0), budget)
            went = path_length(path, f.pos)
            ahead = rem - went
            if went >= self.rules.mm(0.3):
                paths[f.id] = [f.pos] + path
                order.append(f)
        if not paths:
            return []
        pos = {f.id: f.pos for f in figs}
        done = {fid: 0.0 for fid in paths}
        cohesive = unit.kind == "squad" and len(figs) > 1
        bases = [(o.id, o.pos, o.radius) for o in game.state.figures.values() if o.alive and o.unit != unit.id]
        legs: list[tuple] = []
        for _ in range(6):
            progress = False
            for f in order:
                line = paths[f.id]
                total = path_length(line)
                if total - done[f.id] < self.rules.mm(0.2):
                    continue
                # other bases stop the leg where it touches them (as the move itself does)
                others = bases + [(k, q, game.state.figures[k].radius) for k, q in pos.items() if k != f.id]
                t = done[f.id] + _first_hit(_sub(line, done[f.id], total), f.radius, others)
                while t > done[f.id] + self.rules.mm(0.2):
                    p = _point_at(line, t)
                    if not cohesive or self.keeps_together(game, f.id, p, pos, coh):
                        break
                    t -= self.rules.mm(0.25)
                else:
                    continue
                leg = _sub(line, done[f.id], t)
                legs.append((pos[f.id], Command("move", side, figure=f.id, path=tuple(leg[1:]))))
                pos[f.id] = leg[-1]
                done[f.id] = t
                progress = True
            if not progress:
                break
        return legs

    def keeps_together(self, game: Game, fid: str, p, pos: dict, coh: float) -> bool:
        """After ``fid`` moves to ``p``: it has a squadmate within ``coh`` (base edge to
        base edge, as the cohesion rule measures) and nobody who had one loses the last."""
        figs = game.state.figures
        near = lambda a, pa, b, pb: self.rules.apart(figs[a], figs[b], pa, pb) <= coh + 1e-6  # noqa: E731
        others = {k: v for k, v in pos.items() if k != fid}
        if not any(near(fid, p, k, q) for k, q in others.items()):
            return False
        for k, q in others.items():
            had = [j for j, r in pos.items() if j != k and near(k, q, j, r)]
            if had == [fid] and not near(k, q, fid, p):
                return False
        return True

    def afford_path(self, game: Game, fig: Figure, path: list, budget: float) -> list:
        """``path`` (after the figure's position) cut where its move allowance runs out,
        paying the trench and tunnel costs met on the way."""
        if not path:
            return []
        line = [fig.pos] + list(path)
        length, charges = self.rules.moving.terrain_charges(game, line)
        reach, _, _, _ = self.rules.moving.afford(length, charges, budget)
        if reach >= length - 1e-6:
            return list(path)
        reach = max(0.0, reach - self.rules.mm(0.02))
        return _sub(line, 0.0, reach)[1:] if reach > self.rules.mm(0.2) else []

    @staticmethod
    def along(start, pts: list, budget: float, stop: float) -> list:
        """The polyline from ``start`` through ``pts`` cut at ``budget`` (and ``stop`` short
        of its end)."""
        line = [start] + list(pts)
        total = path_length(line[1:], start)
        go = min(budget, total - stop)
        if go <= 1.0:
            return []
        out = []
        done = 0.0
        for a, b in zip(line, line[1:], strict=False):
            seg = hypot(b[0] - a[0], b[1] - a[1])
            if seg <= 1e-9:
                continue
            if done + seg >= go:
                t = (go - done) / seg
                out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
                return out
            out.append(b)
            done += seg
        return out

    def route(self, game: Game, start, goal) -> list:
        """Waypoints from ``start`` to ``goal`` over dry ground: straight, or by the
        complete bridge that makes the shortest way."""
        if self.rules.moving.first_wet(game, [start, goal]) is None:
            return [goal]
        best = None
        for p, q in self.crossings(game):
            for a, b in ((p, q), (q, p)):
                if self.rules.moving.first_wet(game, [b, goal]) is not None:
                    continue
                if self.rules.moving.first_wet(game, [start, b]) is None:
                    cost = self.rules.dist(start, b) + self.rules.dist(b, goal)
                    way = [b, goal]
                elif self.rules.moving.first_wet(game, [start, a]) is None:
                    cost = self.rules.dist(start, a) + self.rules.dist(a, b) + self.rules.dist(b, goal)
                    way = [a, b, goal]
                else:
                    continue
                if best is None or cost < best[0]:
                    best = (cost, way)
        return best[1] if best else [goal]

    def crossings(self, game: Game) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Complete bridges: (one end, other end), each 1" onto dry land; kept per table."""
        return game.keep("wwai_crossings", (id(game.table), game.table.version), lambda: self.find_crossings(game), limit=1)

    def find_crossings(self, game: Game) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        out = []
        water = [f.area for f in game.table.features if f.type.id == "water"]
        bridges = [f.area for f in game.table.features if f.type.id == "bridge"]
        if water and bridges:
            wat = shapely.union_all(water)
            union = shapely.union_all(bridges)
            for comp in getattr(union, "geoms", [union]):
                rect = comp.minimum_rotated_rectangle
                cs = list(rect.exterior.coords)[:4]
                sides = [(cs[i], cs[(i + 1) % 4]) for i in range(4)]
                sides.sort(key=lambda s: hypot(s[1][0] - s[0][0], s[1][1] - s[0][1]))
                ends = [((s[0][0] + s[1][0]) / 2, (s[0][1] + s[1][1]) / 2) for s in sides[:2]]
                (px, py), (qx, qy) = ends
                length = hypot(qx - px, qy - py)
                if length < 1e-6:
                    continue
                ux, uy = (qx - px) / length, (qy - py) / length
                one = self.rules.mm(1)
                p = (px - ux * one, py - uy * one)
                q = (qx + ux * one, qy + uy * one)
                if not (game.table.contains(p) and game.table.contains(q)):
                    continue
                if wat.contains(Point(p)) or wat.contains(Point(q)) or not LineString([p, q]).intersects(wat):
                    continue
                if self.rules.moving.first_wet(game, [p, q]) is not None:
                    continue
                out.append((p, q))
        return out

    def cover_at(self, game: Game, p) -> float:
        return max((COVER_VALUE.get(ft.type.id, 0.0) for ft in game.table.features_at(p)), default=0.0)

    # ==== little helpers =====================================================================================
    def plan_key(self, game: Game, unit: Unit, n: int) -> tuple:
        return (game.state.turn, self.rules.activation_key(game), "move", unit.id, n)


def _point_at(line: list, t: float):
    done = 0.0
    for a, b in zip(line, line[1:], strict=False):
        seg = hypot(b[0] - a[0], b[1] - a[1])
        if seg > 1e-9 and done + seg >= t:
            u = (t - done) / seg
            return (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)
        done += seg
    return line[-1]

def _sub(line: list, t0: float, t1: float) -> list:
    """The part of the polyline from arclength t0 to t1."""
    out = [_point_at(line, t0)]
    done = 0.0
    for a, b in zip(line, line[1:], strict=False):
        done += hypot(b[0] - a[0], b[1] - a[1])
        if t0 + 1e-9 < done < t1 - 1e-9:
            out.append(b)
    out.append(_point_at(line, t1))
    return out

def _first_hit(line: list, r: float, others: list) -> float:
    """Distance along ``line`` at which a base of radius ``r`` first touches one of
    ``others`` [(id, centre, radius)] (bases touching at the start do not count); the
    whole length when it touches none."""
    best = path_length(line)
    travelled = 0.0
    start = line[0]
    live = [(q, r + rq - 0.01) for _, q, rq in others if hypot(start[0] - q[0], start[1] - q[1]) >= r + rq - 0.01]
    for a, b in zip(line, line[1:], strict=False):
        dx, dy = b[0] - a[0], b[1] - a[1]
        seg = hypot(dx, dy)
        if seg <= 1e-9:
            continue
        for q, rr in live:
            fx, fy = a[0] - q[0], a[1] - q[1]
            bq = fx * dx + fy * dy
            c = fx * fx + fy * fy - rr * rr
            disc = bq * bq - seg * seg * c
            if disc < 0:
                continue
            u = (-bq - disc ** 0.5) / (seg * seg)
            if 0.0 <= u <= 1.0:
                best = min(best, travelled + u * seg - 0.02)
        travelled += seg
        if travelled >= best:
            break
    return max(0.0, best)


def path_length(pts: list, start=None) -> float:
    line = ([start] if start is not None else []) + list(pts)
    return sum(hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(line, line[1:], strict=False))
