"""Where the solo chart's Retreat and falling-back Halt send a WWIFY unit, and its
Advance in dispersed order (rulesets/solo.yaml interpretations ``retreat``,
``fall-back-halt`` and ``dispersed``; the geometry is game/solo/retreat.py). A helper of
:class:`game.rulesets.wwify.ai.WwifyPlanner`; it reads only what the side knows."""

from __future__ import annotations

from math import atan2, cos, sin
from typing import TYPE_CHECKING

from game.core.commands import Command
from game.core.game import Game
from game.core.state import Unit
from game.rulesets.movement import clamp_to_table
from game.rulesets.wwify.orders import DISPERSED_SPACING
from game.solo.fallback import cover_spots
from game.solo.keys import SoloKey
from game.solo.retreat import assign_slots, halt_cover_goal, line_slots, retreat_goal
from game.solo.tables import solo_tables

if TYPE_CHECKING:
    from game.rulesets.wwify.ai_routes import WwifyRoutes
    from game.rulesets.wwify.ruleset import Wwify


class WwifyChartMoves:
    def __init__(self, rules: Wwify, routes: WwifyRoutes) -> None:
        self.rules = rules
        self.routes = routes

    def in_cover(self, game: Game, unit: Unit) -> bool:
        alive = self.rules.alive(game, unit.id)
        return sum(1 for f in alive if self.routes.cover_at(game, f.pos) > 0) * 2 > len(alive)

    def home_point(self, game: Game, unit: Unit) -> tuple[float, float]:
        """The point of the unit's home table edge straight behind its centre."""
        cx, cy = self.rules.unit_centre(game, unit.id)
        w, h = game.table.width, game.table.height
        edge = game.state.sides[unit.side].home_edge
        return clamp_to_table(game, {"north": (cx, 0.0), "south": (cx, h), "west": (0.0, cy), "east": (w, cy)}[edge])

    def retreat_point(self, game: Game, side: str, unit: Unit) -> tuple[float, float] | None:
        """The Retreat's goal (interpretation retreat); None: the unit stays in its cover."""
        st = game.state
        figs = st.unit_figures(unit.id, alive_only=False)
        alive = [f for f in figs if f.alive]
        friends = [self.rules.unit_centre(game, u.id) for u in st.side_units(side) if u.id != unit.id and st.unit_alive(u.id)]
        spots = [(x, y) for x, y, _ in cover_spots(self.rules, game)]
        tb = solo_tables()
        g = retreat_goal(self.rules.unit_centre(game, unit.id), [e.pos for e in self.rules.known_enemies(game, side)], friends,
                         spots, self.in_cover(game, unit), len(alive) * 2 >= len(figs), tb.dist_mm("retreat_cover"),
                         self.rules.mm(12), self.home_point(game, unit))
        return clamp_to_table(game, g.point) if g.point is not None else None

    def halt_cover_point(self, game: Game, unit: Unit) -> tuple[float, float] | None:
        """A falling-back unit's Halt in the nearest cover facing the last known enemy
        (interpretation fall-back-halt); None: it halts where it is."""
        if not unit.markers.get(SoloKey.TAKE_COVER) or self.in_cover(game, unit):
            return None
        last = unit.markers.get(SoloKey.LAST_ENEMY)
        c = self.rules.unit_centre(game, unit.id)
        spots = [(x, y) for x, y, _ in cover_spots(self.rules, game)]
        p = halt_cover_goal(c, (last[0], last[1]) if last else None, spots, solo_tables().dist_mm("halt_cover"),
                            lambda s, e: self.rules.los(game, e, s).cover > 0)
        if p is None or self.rules.dist(p, c) < self.rules.mm(1):
            return None
        return p

    def dispersed_cmd(self, game: Game, side: str, unit: Unit, goal: tuple[float, float], n: int, stop: float) -> Command | None:
        """A squad's Move in dispersed order toward ``goal`` (a line abreast across the
        move, its centre one move on), when the way is dry and the core takes it."""
        if unit.kind != "squad" or len(self.rules.alive(game, unit.id)) < 2:
            return None
        c = self.rules.unit_centre(game, unit.id)
        if len(self.routes.route(game, c, goal)) > 1:
            return None  # over a bridge: the unit's other moves (interpretation dispersed)
        d = self.rules.dist(c, goal)
        step = min(self.routes.reach(game, unit) - self.rules.mm(0.05), d - stop)
        if step < self.rules.mm(0.5):
            return None
        h = atan2(goal[1] - c[1], goal[0] - c[0])
        figs = self.rules.alive(game, unit.id)
        for frac in (1.0, 0.75, 0.5, 0.25):
            p = clamp_to_table(game, (c[0] + cos(h) * step * frac, c[1] + sin(h) * step * frac))
            ahead = (2 * p[0] - c[0], 2 * p[1] - c[1])
            slots = assign_slots([(f.id, f.pos) for f in figs], line_slots(p, ahead, len(figs), self.rules.mm(DISPERSED_SPACING)), ahead)
            if any(self.rules.dist(f.pos, slots[f.id]) > self.rules.allowance(game, unit, f) - self.rules.mm(0.05) + 1e-6 for f in figs):
                continue  # someone would fall short of its place in the line: a shorter move
            cmd = Command("move_unit", side, unit=unit.id, point=(round(p[0], 2), round(p[1], 2)), choice="dispersed", value=n)
            if self.rules.moving.first_wet(game, [c, p]) is None and game.check(cmd) is None:
                return cmd
        return None
