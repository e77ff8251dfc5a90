"""WW2 Skirmish: a fire team moving together (one move action for the team): each
mover's leg toward the point in formation, or closing on its leader when regrouping,
placed one after another around the figures already standing, at the largest fraction
of the move that keeps the team in cohesion. A chapter of :class:`game.rulesets.ww2_skirmish.ruleset.Ww2Skirmish` (it reads the rest through ``self.rules``).
"""

from __future__ import annotations

from dataclasses import replace
from math import hypot
from typing import TYPE_CHECKING

from game.core.commands import Command, passes, require
from game.core.game import Game
from game.core.state import Figure, Unit
from game.geometry.collider import Collider
from game.rulesets.movement import MovePlan, clamp_to_table, sync_bases
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.common import EPS, TOL
from game.rulesets.ww2_skirmish.move import Leg
from game.rulesets.ww2_skirmish.status import Ww2FigAttr, Ww2FigMark, Ww2UnitMark
from game.solo.retreat import assign_slots, line_slots

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish


DISPERSED_MARGIN = 0.2  # inches beyond the dispersed gap (and inside cohesion) a dispersed move leaves between bases


class Ww2Formation(Chapter["Ww2Skirmish"]):
    rules: Ww2Skirmish

    def spread(self, live: list[Figure]) -> tuple[bool, bool]:
        """(single figure, dispersed order) of the figures a shot may hit: either counts
        "as 1 range band higher" (L148-149)."""
        single = len(live) == 1
        gapd = self.rules.mm(self.rules.data.shooting.dispersed_gap) - EPS
        return single, not single and all(self.rules.gap(a, b) >= gapd for i, a in enumerate(live) for b in live[i + 1:])

    # ---- moving the team together -------------------------------------------------------------------------------------

    def team_movers(self, game: Game, unit: Unit) -> list[Figure]:
        return [f for f in self.rules.fighters(game, unit.id)
                if self.rules.actions_left(f) >= 1 and not f.attrs.get(Ww2FigAttr.CARRIED_BY) and not f.markers.get(Ww2FigMark.NO_MOVE)]

    def formation_legs(self, game: Game, unit: Unit, point: tuple[float, float] | None, regroup: bool,
                       dispersed: bool = False) -> list[Leg]:
        """Each mover's leg of a team move toward ``point`` (or closing on its leader).
        The answer is kept for the same question in the same situation (every figure
        where it stands, the movers' allowances, the terrain): the check of a move, the
        move itself and a player weighing it ask it again and again."""
        movers = self.team_movers(game, unit)
        if not movers:
            return []
        lead = self.rules.leader(game, unit.id) if regroup else None
        key = (unit.id, point, regroup, dispersed, lead.id if lead is not None else None, id(game.table), game.table.version,
               tuple((f.id, f.x, f.y, f.radius, self.rules.embarked(f)) for f in game.state.figures.values() if f.alive),
               tuple((m.id, self.rules.moving.base_allowance(game, m), self.rules.moving.suppressed_cap(game, m), m.markers.get(Ww2FigMark.CARRYING)) for m in movers))
        legs = game.keep("formations", key, lambda: self.work_out_formation(game, unit, movers, point, regroup, dispersed), limit=500)
        figs = game.state.figures
        return [replace(lg, fig=figs[lg.fig.id], path=list(lg.path)) for lg in legs]  # this state's figures

    def work_out_formation(self, game: Game, unit: Unit, movers: list[Figure], point: tuple[float, float] | None,
                           regroup: bool, dispersed: bool = False) -> list[Leg]:
        placed = self.standing_bases(game, movers)  # the figures already where they stand, then each one placed
        try:
            return self.place_formation(game, unit, movers, point, regroup, dispersed, placed)
        finally:
            for m in movers:
                if placed.has_figure(m.id):
                    placed.remove_figure(m.id)

    def standing_bases(self, game: Game, movers: list[Figure]) -> Collider:
        """The bases a team move goes around: every figure in action on foot but the
        movers, where it stands. One space is kept for the table and brought up to date
        (only the bases that moved, came or went change): building it for every team move
        weighed would place every base again. The caller takes the movers out after."""
        collider, placed = game.keep("formation_bases", id(game.table), lambda: (Collider(game.table), {}), limit=1)
        skip = {m.id for m in movers}
        return sync_bases(collider, placed, {f.id: (f.x, f.y, f.radius) for f in game.state.figures.values()
                                             if f.alive and not self.rules.embarked(f) and f.id not in skip})

    def place_formation(self, game: Game, unit: Unit, movers: list[Figure], point: tuple[float, float] | None,
                        regroup: bool, dispersed: bool, placed: Collider) -> list[Leg]:
        """Each mover's leg, placed one after another among the bases already in ``placed``,
        at the largest fraction of the move that keeps the team in cohesion."""
        cap = min(self.rules.moving.suppressed_cap(game, f) for f in movers)
        cx = sum(f.x for f in movers) / len(movers)
        cy = sum(f.y for f in movers) / len(movers)
        if regroup:
            lead = self.rules.leader(game, unit.id)
            anchor = lead.pos if lead is not None else (cx, cy)
            scales = [1.0]
        else:
            assert point is not None
            vx, vy = point[0] - cx, point[1] - cy
            length = hypot(vx, vy)
            if length < EPS:
                return []
            scales = [1.0, 0.75, 0.5, 0.25]
            if dispersed:  # interpretation dispersed: bases the dispersed gap and a little apart, within cohesion
                mv, sh = self.rules.data.movement, self.rules.data.shooting
                gap = self.rules.mm(min(sh.dispersed_gap + DISPERSED_MARGIN, mv.cohesion - DISPERSED_MARGIN))
                width = 2 * max(m.radius for m in movers) + gap
                line = line_slots((cx, cy), point, len(movers), width)
                slots = assign_slots([(m.id, m.pos) for m in movers], line, point)
        best: list[Leg] = []
        for k in scales:
            for m in movers:  # those placed at the larger fraction tried before
                if placed.has_figure(m.id):
                    placed.remove_figure(m.id)
            legs = []
            if regroup:
                order = sorted(movers, key=lambda f: (hypot(f.x - anchor[0], f.y - anchor[1]), f.id))
            else:
                order = sorted(movers, key=lambda f: (-(f.x * vx + f.y * vy), f.id))
            for f in order:
                budget = min(self.rules.moving.base_allowance(game, f), cap)
                if regroup:
                    d = hypot(anchor[0] - f.x, anchor[1] - f.y)
                    step = max(0.0, d - 2 * f.radius - self.rules.mm(0.5))
                    if step < self.rules.mm(0.1):
                        placed.add_figure(f.id, f.pos, f.radius)
                        continue
                    goal = (f.x + (anchor[0] - f.x) * step / d, f.y + (anchor[1] - f.y) * step / d)
                elif dispersed:  # its place in a line abreast across the move, ending ``k`` of the way
                    step = min(length, min(self.rules.moving.base_allowance(game, m) for m in movers), cap) * k
                    goal = slots[f.id]
                    goal = (goal[0] + vx * step / length, goal[1] + vy * step / length)
                else:
                    step = min(length, min(self.rules.moving.base_allowance(game, m) for m in movers), cap) * k
                    goal = (f.x + vx * step / length, f.y + vy * step / length)
                goal = clamp_to_table(game, goal, f.radius)
                leg = self.rules.moving.plan_leg(game, f, [goal], budget, strict=False, collider=placed)
                legs.append(leg)
                placed.add_figure(f.id, leg.path[-1], f.radius)
            moves = {lg.fig.id: lg.path[-1] for lg in legs if lg.length > EPS}
            best = legs
            if moves and self.rules.moving.cohesion_ok(game, unit, moves):
                return legs
        return best if regroup else []

    def check_team_may_move(self, game: Game, unit: Unit) -> None:
        """Refuses unless the team may make a move action now, wherever it goes."""
        require(not self.rules.routing(unit), f"{unit.name} is routing: it flees by itself.")
        require(not self.rules.shaken(game, unit), f"{unit.name} fell back: it may not move until after its next turn.")
        mv = self.rules.data.movement
        require(unit.markers.get(Ww2UnitMark.MOVE_N, 0) < mv.max_move_actions, f"{unit.name} has used its {mv.max_move_actions} move actions this turn.")
        movers = self.team_movers(game, unit)
        require(bool(movers), f"No figure of {unit.name} has an action left to move.")
        require(min(self.rules.moving.suppressed_cap(game, f) for f in movers) > TOL,
                f"{unit.name} is suppressed and has moved its {mv.suppressed_max:g}\" this turn.")

    def team_may_move(self, game: Game, unit: Unit) -> bool:
        return passes(self.check_team_may_move, game, unit)

    def check_move_unit(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(st.phase == "action" and cmd.side == st.active_side, "Fire teams move during their own side's turn.")
        require(cmd.unit is not None, "Choose the fire team.")
        unit = st.units[cmd.unit_id]
        v = self.rules.unit_vehicle(game, unit.id)
        if v is not None:
            require(cmd.point is not None, "Choose where the vehicle goes.")
            self.rules.vehicles.check_vehicle_move(game, Command("move", cmd.side, figure=v.id, path=(cmd.at,)), strict=False)
            return
        require(cmd.point is not None or cmd.choice == "regroup", "Choose where the team goes.")
        require(cmd.choice in (None, "regroup", "dispersed"), "A team moves together, regroups or moves in dispersed order.")
        self.check_team_may_move(game, unit)
        legs = self.formation_legs(game, unit, cmd.point, cmd.choice == "regroup", cmd.choice == "dispersed")
        require(any(lg.length > self.rules.mm(0.25) for lg in legs),
                f"{unit.name} cannot move there together without losing cohesion or being blocked.")

    def apply_move_unit(self, game: Game, cmd: Command) -> None:
        unit = game.state.units[cmd.unit_id]
        v = self.rules.unit_vehicle(game, unit.id)
        if v is not None:
            self.rules.vehicles.apply_vehicle_move(game, Command("move", cmd.side, figure=v.id, path=(cmd.at,)), strict=False)
            return
        legs = self.formation_legs(game, unit, cmd.point, cmd.choice == "regroup", cmd.choice == "dispersed")
        self.rules.moving.open_move_action(game, unit)
        if not self.rules.moving.open_ground_test(game, unit, legs):
            self.rules.moving.after_move(game, unit, [])
            return
        # members that paid move in the new action
        moved = []
        for lg in legs:
            if lg.length > EPS and lg.fig.alive:
                self.rules.moving.place(game, lg.fig, lg)
                moved.append(lg.fig)
        far = max((lg.length for lg in legs), default=0.0)
        game.emit("move", f"{unit.name} {'regroups' if cmd.choice == 'regroup' else 'moves'} up to {self.rules.fmt(far)}.",
                  units=[unit.id], figures=[f.id for f in moved], visible_to=self.rules.moving.move_visibility(game, moved))
        self.rules.moving.after_move(game, unit, moved)

    def move_plans(self, game: Game, cmd: Command) -> list[tuple[Figure, MovePlan]]:
        """Where a team move (or a vehicle's drive) to ``cmd.point`` would take each figure,
        as the move itself works it out (the play screen draws it before the click)."""
        if cmd.unit not in game.state.units:
            return []
        unit = game.state.units[cmd.unit_id]
        v = self.rules.unit_vehicle(game, unit.id)
        if v is not None:
            if cmd.point is None:
                return []
            leg, _ = self.rules.vehicles.plan_vehicle_leg(game, v, [cmd.at], strict=False)
            legs = [leg]
        else:
            if cmd.point is None and cmd.choice != "regroup":
                return []
            legs = self.formation_legs(game, unit, cmd.point, cmd.choice == "regroup", cmd.choice == "dispersed")
        return [(lg.fig, MovePlan([lg.fig.pos, *lg.path] if lg.path[:1] != [lg.fig.pos] else list(lg.path), lg.length, lg.cost,
                                  stopped_by=lg.stopped_by, notes=[w for _, _, w in lg.charges]))
                for lg in legs if lg.length > EPS]
