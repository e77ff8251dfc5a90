"""WW2 Skirmish: the automatic moves of morale results and routs: retiring to the nearest
cover to the rear, falling back, fleeing (L87-92), each figure at its own full move
(L44-50) unless a distance is given, terrain costing as in any move
(``Ww2Moving.plan_leg``). A chapter of :class:`game.rulesets.ww2_skirmish.ruleset.Ww2Skirmish`
(it reads the rest through ``self.rules``).
"""

from __future__ import annotations

from collections.abc import Container
from math import hypot
from typing import TYPE_CHECKING

from game.core.game import Game
from game.core.state import FLED, Figure, Unit
from game.rulesets.movement import clamp_to_table
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.common import EPS
from game.rulesets.ww2_skirmish.status import Ww2FigAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish


class Ww2Flight(Chapter["Ww2Skirmish"]):
    rules: Ww2Skirmish

    def auto_move(self, game: Game, unit: Unit, goal_of, dist: float | None, why: str, flee: bool = False,
                  only: Container[str] | None = None, extra: float = 0.0) -> None:
        """Move the team's figures on foot (``only`` those named) toward their goals, each up to
        ``dist`` or (None) its own full move (L46-50) and ``extra``; terrain costs as any move."""
        figs = [f for f in self.rules.fighters(game, unit.id) if not f.attrs.get(Ww2FigAttr.CARRIED_BY) and (only is None or f.id in only)]
        if not figs:
            return
        placed = self.rules.formation.standing_bases(game, figs)  # everyone else on foot, where they stand
        goals = {f.id: goal_of(f) for f in figs}
        order = sorted(figs, key=lambda f: (-hypot(goals[f.id][0] - f.x, goals[f.id][1] - f.y), f.id))
        moved = []
        far = 0.0
        try:
            for f in order:
                g = goals[f.id]
                if hypot(g[0] - f.x, g[1] - f.y) >= self.rules.mm(0.05):
                    reach = dist if dist is not None else self.rules.moving.base_allowance(game, f) + extra
                    leg = self.rules.moving.plan_leg(game, f, [clamp_to_table(game, g, 0.0)], reach, strict=False, collider=placed)
                    self.rules.moving.place(game, f, leg, free=True)
                    far = max(far, leg.length)
                    if leg.length > EPS:
                        moved.append(f)
                    if flee and self.at_table_edge(game, f, g):
                        f.life = FLED
                        self.rules.effects.after_loss(game, f)
                        game.emit("status", f"{f.name} of {unit.name} flees off the table.", figures=[f.id], units=[unit.id])
                placed.add_figure(f.id, f.pos, f.radius)
        finally:
            for m in figs:  # the kept space holds only the figures standing still
                if placed.has_figure(m.id):
                    placed.remove_figure(m.id)
        game.emit("morale", f"{unit.name} {why} {self.rules.fmt(far)}.", units=[unit.id], figures=[f.id for f in moved])

    def at_table_edge(self, game: Game, f: Figure, goal: tuple[float, float]) -> bool:
        w, h = game.table.width, game.table.height
        off = goal[0] <= 0 or goal[1] <= 0 or goal[0] >= w or goal[1] >= h
        near = f.x <= f.radius + EPS or f.y <= f.radius + EPS or f.x >= w - f.radius - EPS or f.y >= h - f.radius - EPS
        return off and near

    def away_direction(self, game: Game, unit: Unit) -> tuple[float, float]:
        figs = self.rules.fighters(game, unit.id)
        cx = sum(f.x for f in figs) / len(figs)
        cy = sum(f.y for f in figs) / len(figs)
        e = self.rules.nearest_enemy(game, unit.side, (cx, cy))
        if e is None or hypot(cx - e.x, cy - e.y) < EPS:
            home = self.rules.home_edge_point(game, figs[0])
            dx, dy = home[0] - cx, home[1] - cy
        else:
            dx, dy = cx - e.x, cy - e.y
        n = hypot(dx, dy) or 1.0
        return dx / n, dy / n

    def move_away(self, game: Game, unit: Unit, dist: float | None, why: str, only: Container[str] | None = None) -> None:
        """Straight away from the nearest enemy, ``dist`` or (None) each figure's full move."""
        if not self.rules.fighters(game, unit.id):
            return
        ux, uy = self.away_direction(game, unit)
        flee = why == "flees"

        def goal(f: Figure) -> tuple[float, float]:
            far = (dist if dist is not None else self.rules.moving.base_allowance(game, f)) + self.rules.mm(1)
            return (f.x + ux * far, f.y + uy * far)

        self.auto_move(game, unit, goal, dist, f"{why} from the enemy up to", flee=flee, only=only)

    def retire_to_cover(self, game: Game, unit: Unit) -> None:
        figs = self.rules.fighters(game, unit.id)
        if not figs:
            return
        cx = sum(f.x for f in figs) / len(figs)
        cy = sum(f.y for f in figs) / len(figs)
        e = self.rules.nearest_enemy(game, unit.side, (cx, cy))
        reach = self.rules.mm(self.rules.data.movement.retire_search)
        best = None
        if e is not None:
            from shapely.geometry import Point
            from shapely.ops import nearest_points

            here = Point(cx, cy)
            d_now = hypot(cx - e.x, cy - e.y)
            for feat in game.table.features:
                if feat.type.cover == "none" or feat.type.blocks_movement == "all" or feat.type.dynamic:
                    continue
                p = nearest_points(here, feat.area)[1]
                q = (p.x, p.y)
                d = hypot(q[0] - cx, q[1] - cy)
                if d > reach or hypot(q[0] - e.x, q[1] - e.y) <= d_now + self.rules.mm(0.5):
                    continue
                if feat.is_line:  # stand behind it
                    de = hypot(q[0] - e.x, q[1] - e.y) or 1.0
                    q = (q[0] + (q[0] - e.x) / de * self.rules.mm(1), q[1] + (q[1] - e.y) / de * self.rules.mm(1))
                elif d > EPS:
                    q = (q[0] + (q[0] - cx) / d * self.rules.mm(0.6), q[1] + (q[1] - cy) / d * self.rules.mm(0.6))
                if best is None or d < best[0]:
                    best = (d, q, feat.name)
        if best is None:
            self.move_away(game, unit, None, "retires (no cover to the rear)")
            return
        _, q, name = best
        vx, vy = q[0] - cx, q[1] - cy

        def goal(f: Figure) -> tuple[float, float]:
            return (f.x + vx, f.y + vy)

        self.auto_move(game, unit, goal, None, f"retires toward {name},")
