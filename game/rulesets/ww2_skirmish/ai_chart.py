"""Where the solo chart's Retreat and falling-back Halt send a WW2 fire team, and its
Advance in dispersed order (rulesets/solo.yaml interpretations ``retreat``,
``fall-back-halt`` and ``dispersed``; the geometry is game/solo/retreat.py). The base of
:class:`game.rulesets.ww2_skirmish.ai.Ww2Planner`; it reads only what the side knows."""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING

from game.core.commands import Command
from game.core.game import Game
from game.core.state import Figure, Unit
from game.rulesets.movement import clamp_to_table
from game.rulesets.parts import Planner
from game.rulesets.ww2_skirmish.status import Ww2UnitAttr, Ww2UnitMark
from game.solo.fallback import cover_spots
from game.solo.keys import SoloKey
from game.solo.retreat import halt_cover_goal, retreat_goal
from game.solo.tables import solo_tables

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish


class Ww2ChartMoves(Planner["Ww2Skirmish"]):
    rules: Ww2Skirmish

    def centre(self, game: Game, unit: Unit) -> tuple[float, float]:
        figs = [f for f in game.state.unit_figures(unit.id) if self.rules.on_table(f) or self.rules.is_vehicle(f)] or game.state.unit_figures(unit.id)
        return (sum(f.x for f in figs) / len(figs), sum(f.y for f in figs) / len(figs))

    def home_point(self, game: Game, side: str, unit: Unit) -> tuple[float, float]:
        cx, cy = self.centre(game, unit)
        w, h = game.table.width, game.table.height
        return {"north": (cx, 0.0), "south": (cx, h), "west": (0.0, cy), "east": (w, cy)}[game.state.sides[side].home_edge]

    def strong(self, game: Game, unit: Unit) -> bool:
        """At least half its original figures in action."""
        start = unit.attrs.get(Ww2UnitAttr.START_STRENGTH) or len(unit.figures)
        return len(self.rules.fighters(game, unit.id)) * 2 >= start

    def retreat_point(self, game: Game, side: str, unit: Unit, foes: list[Figure]) -> tuple[str, tuple[float, float] | None]:
        """The Retreat's goal (interpretation retreat): ("stay", None) when the team stays."""
        st = game.state
        c = self.centre(game, unit)
        friends = [self.centre(game, u) for u in st.side_units(side)
                   if u.id != unit.id and st.unit_alive(u.id) and self.rules.fighters(game, u.id)]
        tb = solo_tables()
        spots = [(x, y) for x, y, _ in cover_spots(self.rules, game)]
        g = retreat_goal(c, [e.pos for e in foes if self.rules.on_table(e)], friends, spots,
                         in_cover=self.rules.in_position(game, unit), strong=self.strong(game, unit),
                         reach=tb.dist_mm("retreat_cover"), away=self.rules.mm(self.rules.data.movement.normal),
                         home=self.home_point(game, side, unit))
        return g.kind, (clamp_to_table(game, g.point) if g.point is not None else None)

    def retreat_stays(self, game: Game, unit: Unit) -> bool:
        return bool(self.rules.fighters(game, unit.id)) and \
            self.retreat_point(game, unit.side, unit, self.rules.known_enemies(game, unit.side))[0] == "stay"

    def halt_cover_point(self, game: Game, unit: Unit) -> tuple[float, float] | None:
        """A falling-back team's Halt in the nearest cover facing the last known enemy
        (interpretation fall-back-halt): where it goes, or None (it halts where it is)."""
        if not unit.markers.get(SoloKey.TAKE_COVER) or self.rules.in_position(game, unit):
            return None
        c = self.centre(game, unit)
        last = unit.markers.get(SoloKey.LAST_ENEMY)
        spots = [(x, y) for x, y, _ in cover_spots(self.rules, game)]
        p = halt_cover_goal(c, (last[0], last[1]) if last else None, spots, solo_tables().dist_mm("halt_cover"),
                            lambda s, e: self.rules.los(game, e, s).cover > 0)
        if p is None or hypot(p[0] - c[0], p[1] - c[1]) < self.rules.mm(1):
            return None
        return p

    def dispersed(self, game: Game, step: Command) -> list[Command]:
        """A team move in dispersed order (a line abreast across the move), then the move
        as it was: the AI gives the first the referee takes (the formation of each is worked
        out on the real game only)."""
        if step.kind != "move_unit" or step.choice is not None or self.rules.unit_vehicle(game, step.unit_id) is not None:
            return [step]
        alt = Command("move_unit", step.side, unit=step.unit, point=step.point, choice="dispersed",
                      value=game.state.units[step.unit_id].markers.get(Ww2UnitMark.MOVE_N, 0))
        return [alt, step]
