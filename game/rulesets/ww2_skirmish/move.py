"""WW2 Skirmish: moving figures on foot ("Movement") and fire team cohesion. The team
moving together in formation is in ``formation.py``; the automatic moves of morale
results (retire to cover, fall back, rout) in ``flight.py``; carrying comrades, scouts and
replacements in ``teams.py``.

A move action belongs to the fire team: when a team starts one, every member with an
action left pays 1, and each of them may then move up to its allowance (6", 10" for
1-action figures, less 2" wounded or carrying, less 3" for wading or rough ground and 3"
per linear obstacle crossed) in one or more legs. At most two move actions a turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import hypot
from typing import TYPE_CHECKING

from shapely.geometry import LineString
from shapely.ops import substring

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.keys import FigureMark
from game.core.state import Figure, Unit
from game.geometry.collider import Collider
from game.geometry.movement import trace_path
from game.rulesets.movement import plan_move
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.common import EPS, TOL
from game.rulesets.ww2_skirmish.status import Ww2FigAttr, Ww2FigMark, Ww2UnitMark

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish

BIG = 1e12


@dataclass
class Leg:
    """One figure's leg of movement, worked out before anything changes."""

    fig: Figure
    path: list[tuple[float, float]]
    length: float = 0.0
    cost: float = 0.0  # length plus the deductions paid on the way
    charges: list[tuple[float, float, str]] = field(default_factory=list)  # (where, how much, what)
    new_action: bool = False
    stopped_by: str | None = None
    refusal: str | None = None
    crossings: list[tuple[float, str]] = field(default_factory=list)  # obstacles crossed: (where, name)


def cut_path(path: list[tuple[float, float]], d: float) -> list[tuple[float, float]]:
    line = LineString(path)
    if d <= EPS:
        return [path[0]]
    if d >= line.length - EPS:
        return list(path)
    return [(float(x), float(y)) for x, y in substring(line, 0, d).coords]


class Ww2Moving(Chapter["Ww2Skirmish"]):
    # ---- pricing a path ------------------------------------------------------------------------
    rules: Ww2Skirmish

    def path_charges(self, game: Game, path: list[tuple[float, float]], rough_paid: bool) -> tuple[list[tuple[float, float, str]], list[tuple[float, str]]]:
        """Deductions a path pays: 3" per linear obstacle crossed, 3" once for wading or
        rough ground (unless already paid in this move action)."""
        mv = self.rules.data.movement
        charges: list[tuple[float, float, str]] = []
        crossings: list[tuple[float, str]] = []
        if not self.may_pay(game, path, rough_paid):
            return charges, crossings  # no obstacle or rough ground on the way: the trace would find nothing to pay
        tr, table = trace_path(game.table, path), game.table
        name = lambda e: table.feature(e.feature_id).name if e.feature_id in table else e.type_id  # noqa: E731
        for e in tr.crossings:
            if e.kind == "cross" and e.type_id in mv.obstacle_types:
                charges.append((e.distance, self.rules.mm(mv.obstacle), f"crossing {name(e)}"))
                crossings.append((e.distance, name(e)))
        if not rough_paid:
            start = any(f.type.id in mv.rough_types for f in game.table.features_at(path[0]))
            enter = None
            for e in tr.crossings:
                if e.kind == "enter" and e.type_id in mv.rough_types:
                    enter = e
                    break
            if start and tr.length > EPS:
                charges.append((0.0, self.rules.mm(mv.rough), "wading / rough ground"))
            elif enter is not None:
                charges.append((enter.distance, self.rules.mm(mv.rough), f"wading / rough ground ({name(enter) if enter.feature_id in table else ''})"))
        charges.sort()
        return charges, crossings

    def may_pay(self, game: Game, path: list[tuple[float, float]], rough_paid: bool) -> bool:
        """Whether the path touches a linear obstacle, or rough ground not paid for yet (the
        table's index asked first: most legs weighed for a team move touch neither)."""
        if len(path) < 2:
            return False
        mv = self.rules.data.movement
        charged = set(mv.obstacle_types) if rough_paid else {*mv.obstacle_types, *mv.rough_types}
        idx = game.table.index
        return any(idx.type_ids[i] in charged for i in idx.tree.query(LineString(path), predicate="intersects"))

    @staticmethod
    def affordable(length: float, charges: list[tuple[float, float, str]], budget: float) -> float:
        """How far along the path the budget reaches (charges are paid where they fall)."""
        paid = 0.0
        for d, amount, _ in charges:
            if d + paid > budget + TOL:
                return max(0.0, budget - paid)
            if d + paid + amount > budget + TOL:
                return max(0.0, d - 1e-3)
            paid += amount
        return min(length, max(0.0, budget - paid))

    def plan_leg(self, game: Game, f: Figure, waypoints: list[tuple[float, float]], budget: float, strict: bool,
                 rough_paid: bool = False, collider: Collider | None = None) -> Leg:
        ignore = {c.id for c in game.state.figures.values() if c.attrs.get(Ww2FigAttr.IN_VEHICLE)}  # the embarked
        carried = f.markers.get(Ww2FigMark.CARRYING)
        if carried:
            ignore.add(carried)
        base = plan_move(self.rules, game, f, waypoints, budget=BIG, strict=strict, stop_types=frozenset(), ignore=ignore,
                         mover="infantry", collider=collider)
        if base.refusal:
            return Leg(f, [f.pos], refusal=base.refusal)
        path = base.path
        if len(path) < 2 or base.length <= EPS:
            return Leg(f, [f.pos], stopped_by=base.stopped_by)
        charges, crossings = self.path_charges(game, path, rough_paid)
        cost = base.length + sum(a for _, a, _ in charges)
        stopped = base.stopped_by
        if cost > budget + TOL:
            if strict:
                what = "; ".join(f"{w} -{self.rules.fmt(a)}" for _, a, w in charges)
                return Leg(f, [f.pos], refusal=f"That move costs {self.rules.fmt(cost)}" + (f" ({what})" if what else "")
                           + f"; {f.name} has {self.rules.fmt(max(0.0, budget))} left.")
            d = self.affordable(base.length, charges, budget)
            path = cut_path(path, d)
            charges = [c for c in charges if c[0] <= d + EPS]
            crossings = [c for c in crossings if c[0] <= d + EPS]
            stopped = "end of its move"
        length = LineString(path).length if len(path) >= 2 else 0.0
        return Leg(f, path if length > EPS else [f.pos], length, length + sum(a for _, a, _ in charges), charges,
                   stopped_by=stopped, crossings=crossings)

    # ---- allowances -------------------------------------------------------------------------------
    def base_allowance(self, game: Game, f: Figure) -> float:
        mv = self.rules.data.movement
        a = mv.one_action if self.rules.tt(f).actions == 1 else mv.normal
        if f.wounds:
            a -= mv.wounded
        cid = f.markers.get(Ww2FigMark.CARRYING)
        if cid and cid in game.state.figures:
            n = len(game.state.figures[cid].attrs.get(Ww2FigAttr.CARRIED_BY, []))
            a -= mv.carrying_alone if n <= 1 else mv.carrying_pair
        return self.rules.mm(max(0.0, a))

    def action_remaining(self, game: Game, f: Figure) -> float | None:
        """What is left of the figure's allowance in its team's open move action."""
        unit = game.state.units[f.unit]
        n = unit.markers.get(Ww2UnitMark.MOVE_N, 0)
        if n and f.markers.get(Ww2FigMark.MOVE_ACTION) == n:
            return max(0.0, self.base_allowance(game, f) - f.markers.get(Ww2FigMark.LEG_MM, 0.0))
        return None

    def suppressed_cap(self, game: Game, f: Figure) -> float:
        unit = game.state.units[f.unit]
        if self.rules.suppression(unit):
            return max(0.0, self.rules.mm(self.rules.data.movement.suppressed_max) - f.markers.get(Ww2FigMark.MOVED_MM, 0.0))
        return BIG

    def move_budget(self, game: Game, fig: Figure) -> float:
        if self.rules.is_vehicle(fig):
            return self.rules.vehicles.vehicle_remaining(game, fig, False, False, False)
        rem = self.action_remaining(game, fig)
        unit = game.state.units[fig.unit]
        if (rem is None or rem <= TOL) and unit.markers.get(Ww2UnitMark.MOVE_N, 0) < self.rules.data.movement.max_move_actions:
            rem = self.base_allowance(game, fig)
        return min(rem or 0.0, self.suppressed_cap(game, fig))

    # ---- who may move --------------------------------------------------------------------------------
    def may_move(self, game: Game, f: Figure) -> None:
        st = game.state
        require(st.phase == "action" and f.side == st.active_side, "Figures move during their own side's turn.")
        require(f.alive, f"{f.name} is out of action.")
        require(not self.rules.is_gun(f), f"{f.name} is an emplaced gun: it does not move.")
        require(not self.rules.embarked(f), f"{f.name} is in a vehicle: get out first.")
        require(not f.attrs.get(Ww2FigAttr.CARRIED_BY), f"{f.name} is being carried.")
        unit = st.units[f.unit]
        require(not self.rules.routing(unit), f"{unit.name} is routing: routers flee by themselves at the start of their turn.")
        require(not self.rules.shaken(game, unit), f"{unit.name} fell back: it may not move or fire until after its next turn.")
        require(not f.markers.get(Ww2FigMark.NO_MOVE), f"{f.name} fired a belt-fed MG or a flamethrower this turn: they may not move and fire.")

    def cohesion_groups(self, figs: list[tuple[str, tuple[float, float], float]]) -> int:
        d = self.rules.mm(self.rules.data.movement.cohesion) + EPS
        n = len(figs)
        if n <= 1:
            return n
        seen = {0}
        groups = 0
        todo_all = set(range(n))
        while todo_all:
            start = min(todo_all)
            groups += 1
            stack = [start]
            seen = {start}
            while stack:
                i = stack.pop()
                for j in list(todo_all - seen):
                    (_, a, ra), (_, b, rb) = figs[i], figs[j]
                    if hypot(a[0] - b[0], a[1] - b[1]) - ra - rb <= d:
                        seen.add(j)
                        stack.append(j)
            todo_all -= seen
        return groups

    def cohesion_ok(self, game: Game, unit: Unit, moves: dict[str, tuple[float, float]]) -> bool:
        """Members within 2" of each other (disabled and killed figures do not count): a
        move may not split the team, nor spread a split one further."""
        figs = self.rules.fighters(game, unit.id)
        before = [(f.id, f.pos, f.radius) for f in figs]
        after = [(f.id, moves.get(f.id, f.pos), f.radius) for f in figs]
        g0, g1 = self.cohesion_groups(before), self.cohesion_groups(after)
        if g1 <= 1:
            return True
        if g1 > g0:
            return False
        for fid, p in moves.items():
            f = game.state.figures[fid]
            others = [o for o in figs if o.id != fid and o.id not in moves]
            if others:
                d0 = min(self.rules.apart(f, o) for o in others)
                d1 = min(self.rules.apart(f, o, at=p) for o in others)
                if d1 > d0 + EPS:
                    return False
        return True

    # ---- moving one figure -----------------------------------------------------------------------------------
    def infantry_leg(self, game: Game, cmd: Command, strict: bool = True) -> Leg:
        f = game.state.figures[cmd.figure_id]
        unit = game.state.units[f.unit]
        mv = self.rules.data.movement
        cap = self.suppressed_cap(game, f)
        require(cap > TOL, f"{unit.name} is suppressed: it may not move over {mv.suppressed_max:g}\" this turn.")
        rem = self.action_remaining(game, f)
        first_refusal = None
        if rem is not None and rem > TOL:
            leg = self.plan_leg(game, f, list(cmd.path), min(rem, cap), strict,
                                rough_paid=bool(f.markers.get(Ww2FigMark.ROUGH_PAID)))
            if leg.refusal is None:
                return leg
            first_refusal = leg.refusal
        n = unit.markers.get(Ww2UnitMark.MOVE_N, 0)
        if n >= mv.max_move_actions:
            refuse(first_refusal or f"{unit.name} has used its {mv.max_move_actions} move actions this turn.")
        if self.rules.actions_left(f) < 1:
            refuse(first_refusal or f"{f.name} has no action left to move.")
        leg = self.plan_leg(game, f, list(cmd.path), min(self.base_allowance(game, f), cap), strict)
        if leg.refusal:
            why = leg.refusal if first_refusal is None else first_refusal
            if cap < self.base_allowance(game, f):
                why += f" ({unit.name} is suppressed: it may not move over {mv.suppressed_max:g}\" a turn.)"
            refuse(why)
        leg.new_action = True
        return leg

    def check_move(self, game: Game, cmd: Command) -> None:
        require(cmd.figure is not None and len(cmd.path) >= 1, "Give the figure and where it goes.")
        f = game.state.figures[cmd.figure_id]
        if self.rules.is_vehicle(f):
            self.rules.vehicles.check_vehicle_move(game, cmd)
            return
        self.may_move(game, f)
        leg = self.infantry_leg(game, cmd)
        require(leg.length > EPS, f"{f.name} cannot move there.")
        unit = game.state.units[f.unit]
        end = leg.path[-1]
        require(self.cohesion_ok(game, unit, {f.id: end}),
                f"{f.name} would be more than {self.rules.data.movement.cohesion:g}\" from the rest of {unit.name}: "
                "fire team members stay within 2\" of each other (move the team together, or less far).")

    def apply_move(self, game: Game, cmd: Command) -> None:
        f = game.state.figures[cmd.figure_id]
        if self.rules.is_vehicle(f):
            self.rules.vehicles.apply_vehicle_move(game, cmd)
            return
        unit = game.state.units[f.unit]
        leg = self.infantry_leg(game, cmd)
        if leg.new_action:
            self.open_move_action(game, unit)
            if not self.open_ground_test(game, unit, [leg]):
                self.after_move(game, unit, [])
                return
        self.place(game, f, leg)
        game.emit("move", f"{f.name} of {unit.name} moves {self.rules.fmt(leg.length)}"
                  + (f" (pays {', '.join(w for _, _, w in leg.charges)})" if leg.charges else "") + ".",
                  figures=[f.id], units=[unit.id], visible_to=self.move_visibility(game, [f]))
        self.after_move(game, unit, [f])

    def move_visibility(self, game: Game, figs: list[Figure]) -> list[str] | None:
        """Moves the enemy cannot see are logged for the mover's side only."""
        side = figs[0].side if figs else game.state.active_side
        seen = any(self.rules.spotting.is_spotted(game, s, f) for f in figs for s in game.state.side_order if s != side)
        return None if seen or not figs else [side]

    def open_move_action(self, game: Game, unit: Unit) -> None:
        n = unit.markers.get(Ww2UnitMark.MOVE_N, 0) + 1
        unit.markers[Ww2UnitMark.MOVE_N] = n
        payers = []
        for m in game.state.unit_figures(unit.id):
            if self.rules.is_vehicle(m) or self.rules.is_gun(m) or self.rules.embarked(m):
                continue
            if self.rules.actions_left(m) >= 1:
                self.rules.spend(m, 1)
                m.markers[Ww2FigMark.MOVE_ACTION] = n
                m.markers[Ww2FigMark.LEG_MM] = 0.0
                m.markers.pop(Ww2FigMark.ROUGH_PAID, None)
                payers.append(m.name)
        game.emit("move", f"{unit.name} starts move action {n} of {self.rules.data.movement.max_move_actions}: "
                  f"every member spends 1 action ({len(payers)} paid).", units=[unit.id],
                  visible_to=self.move_visibility(game, self.rules.fighters(game, unit.id)))

    def place(self, game: Game, f: Figure, leg: Leg, free: bool = False) -> None:
        if leg.length <= EPS:
            return
        a, b = leg.path[-2], leg.path[-1]
        old = f.pos
        f.facing = self.rules.heading(a, b)
        f.x, f.y = b
        f.markers[FigureMark.MOVED] = True
        f.attrs[Ww2FigAttr.MOVED_AT] = self.rules.sideturn(game)
        f.markers[Ww2FigMark.MOVED_MM] = f.markers.get(Ww2FigMark.MOVED_MM, 0.0) + leg.length
        if not free:
            f.markers[Ww2FigMark.LEG_MM] = f.markers.get(Ww2FigMark.LEG_MM, 0.0) + leg.cost
            if any(w.startswith("wading") for _, _, w in leg.charges):
                f.markers[Ww2FigMark.ROUGH_PAID] = True
        cid = f.markers.get(Ww2FigMark.CARRYING)
        if cid and cid in game.state.figures:
            c = game.state.figures[cid]
            d = hypot(b[0] - a[0], b[1] - a[1]) or 1.0
            back = f.radius + c.radius + self.rules.mm(0.05)
            c.x, c.y = b[0] - (b[0] - a[0]) / d * back, b[1] - (b[1] - a[1]) / d * back
            for other in list(c.attrs.get(Ww2FigAttr.CARRIED_BY, [])):
                o = game.state.figures[other]
                if other != f.id and self.rules.gap(o, c) > self.rules.mm(self.rules.data.movement.reach) + EPS:
                    c.attrs[Ww2FigAttr.CARRIED_BY].remove(other)
                    o.markers.pop(Ww2FigMark.CARRYING, None)
        del old

    def after_move(self, game: Game, unit: Unit, moved: list[Figure]) -> None:
        self.charge_tests(game, unit, moved)
        self.rules.morale.run_tests(game)
        self.rules.cleanup(game)
        self.rules.spotting.refresh_spotting(game)
        if moved:
            self.rules.spotting.react_spotting(game, moved, fired=False)
        self.rules.reactions.offer_reaction(game, unit.id)

    # ---- morale tests on moving ------------------------------------------------------------------------------------
    def open_ground_test(self, game: Game, unit: Unit, legs: list[Leg]) -> bool:
        """Attempting to cross open ground under fire: the team tests before it moves;
        any result but a pass stops the move (interpretation)."""
        if not self.rules.under_fire(game, unit) or not self.rules.morale.tests_morale(game, unit):
            return True
        enemies = [e for e in game.state.figures.values()
                   if e.side != unit.side and e.alive and self.rules.on_table(e) and self.rules.spotting.is_spotted(game, unit.side, e)]
        # every known enemy in range of every leg's end, in one vectorised pass
        pairs = [(e.pos, leg.path[-1]) for leg in legs for e in enemies
                 if self.rules.apart(e, leg.fig, b_at=leg.path[-1]) <= self.rules.spotting.sight_range() + EPS]
        visible, cover = self.rules.sight_pairs(game, [a for a, _ in pairs], [b for _, b in pairs])
        exposed = bool((visible & (cover == 0)).any())
        if not exposed:
            return True
        out = self.rules.morale.morale_test(game, unit, "crossing open ground under fire")
        if out != "passed":
            game.emit("morale", f"{unit.name} does not cross the open ground.", units=[unit.id])
            return False
        return True

    def charge_tests(self, game: Game, unit: Unit, moved: list[Figure]) -> None:
        """Charged by greater numbers: a team contacted by a larger team tests."""
        st = game.state
        hit: set[str] = set()
        for f in moved:
            for e in self.rules.enemies_in_contact(game, f):
                hit.add(e.unit)
        mine = len(self.rules.fighters(game, unit.id))
        for uid in sorted(hit):
            other = st.units[uid]
            if other.markers.get(Ww2UnitMark.CHARGED_ST) == self.rules.sideturn(game):
                continue
            if mine > len(self.rules.fighters(game, uid)):
                other.markers[Ww2UnitMark.CHARGED_ST] = self.rules.sideturn(game)
                game.emit("melee", f"{unit.name} charges {other.name} with greater numbers.", units=[unit.id, uid])
                self.rules.morale.queue_test(game, other, "charged by greater numbers")
