"""WW2 Skirmish: what an AFV's solo order allows ("AFV Solo Movement" of the solo rules),
for the solo AI's planner and for the optional rule that solo-runs every AFV.

- Advance: "Move towards the nearest enemy with infantry within 6", or at half speed,
  Halt if within 20"": full speed with friendly infantry within 6", half speed without;
  within 20" of the nearest enemy it halts instead (interpretation afv-advance).
- Halt: "Remain in current position, but may move to cover within 6", and/or wheel
  towards nearest enemy": a move of up to 6" ending hull down (cover on the line from the
  nearest enemy its side knows of, interpretation afv-hull-down), and turns.
- Retreat: "Move away from the most threatening enemy": every move ends further from it
  (the nearest enemy its side knows of).
- Bale out: the crew abandon the vehicle; it neither moves nor shoots.
- Manoeuvre: "Act as player wishes".
- "Main guns will always shoot at the nearest enemy AFV / Anti-tank gun in preference to
  other targets": the nearest such enemy the gun may fire at, while there is one.

With the optional rule ``solo_afvs`` ("Ideally, all AFVs should be solo run, even in
player's forces") every side's AFVs dice on the chart at the start of their side's turn
and commands against the order are refused with the reason (interpretation solo-afvs).
"""

from __future__ import annotations

from math import atan2, cos, hypot, radians, sin
from typing import TYPE_CHECKING

from game.core.commands import Command, passes, refuse
from game.core.game import Game
from game.core.state import Figure, Unit
from game.rulesets.movement import clamp_to_table
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.common import EPS, TOL
from game.rulesets.ww2_skirmish.options import options
from game.rulesets.ww2_skirmish.status import Ww2FigMark
from game.solo import afv_option
from game.solo.tables import solo_tables

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish

OPTION = afv_option.OPTION


class Ww2AfvOrders(Chapter["Ww2Skirmish"]):
    rules: Ww2Skirmish

    # ---- what the orders name ----------------------------------------------------------------------
    def nearest_enemy(self, game: Game, v: Figure) -> Figure | None:
        """The nearest enemy figure the vehicle's side knows of (edge to edge)."""
        return afv_option.nearest_known_enemy(self.rules, game, v)

    def infantry_with(self, game: Game, v: Figure) -> bool:
        """Friendly infantry within 6" (the AFV chart's distance afv_infantry)."""
        reach = solo_tables().dist_mm("afv_infantry") + EPS
        return any(f.side == v.side and f.unit != v.unit and self.rules.fighter(f) and self.rules.apart(f, v) <= reach
                   for f in game.state.figures.values())

    def halts_near(self, game: Game, v: Figure, at: tuple[float, float] | None = None) -> bool:
        """Within 20" of the nearest known enemy: an Advance halts."""
        e = self.nearest_enemy(game, v)
        return e is not None and self.rules.apart(v, e, at=at) <= solo_tables().dist_mm("afv_halt") + TOL

    def advance_goal(self, game: Game, v: Figure) -> tuple[float, float]:
        """The nearest known enemy, else the objective or the opposite table edge."""
        e = self.nearest_enemy(game, v)
        return e.pos if e is not None else self.rules.listing.goal_point(game, v.side, v.pos)

    def advance_speed(self, game: Game, v: Figure, info: dict | None = None) -> float:
        """How far an Advance may go this turn (mm): the vehicle's speed over the ground it
        crosses, halved without friendly infantry within 6"."""
        i = info or {}
        full = self.rules.vehicles.vehicle_allowance(v, bool(i.get("crossings")) or bool(i.get("woods")), bool(i.get("rough")), bool(i.get("road")))
        return full if self.infantry_with(game, v) else full / 2

    def hull_down_at(self, game: Game, v: Figure, p: tuple[float, float]) -> bool:
        """In cover from the nearest enemy its side knows of (interpretation afv-hull-down);
        with none known, standing in terrain that gives cover."""
        return afv_option.cover_on_sight_line(self.rules, game, v, p)

    def advance_point(self, game: Game, v: Figure) -> tuple[float, float] | None:
        """Where an Advance goes this turn: toward the goal, as far as its speed allows,
        stopping 20" from the nearest known enemy. None: it halts (or cannot go on)."""
        if self.halts_near(game, v):
            return None
        gx, gy = self.advance_goal(game, v)
        d = hypot(gx - v.x, gy - v.y)
        if d <= EPS:
            return None
        e = self.nearest_enemy(game, v)
        step = min(d, self.advance_speed(game, v) - v.markers.get(Ww2FigMark.MOVED_MM, 0.0))
        if e is not None:  # end no nearer than 20" (the nearest enemy is the goal)
            step = min(step, self.rules.apart(v, e) - solo_tables().dist_mm("afv_halt"))
        if step <= self.rules.mm(0.25):
            return None
        p = clamp_to_table(game, (v.x + (gx - v.x) * step / d, v.y + (gy - v.y) * step / d), v.radius)
        leg, info = self.rules.vehicles.plan_vehicle_leg(game, v, [p], strict=False)
        if leg.refusal or leg.length <= EPS:
            return None
        cap = self.advance_speed(game, v, info) - v.markers.get(Ww2FigMark.MOVED_MM, 0.0)
        if leg.length > cap + TOL:  # slower ground than open going: shorten along the line
            k = max(0.0, cap - TOL) / leg.length
            p = (v.x + (leg.path[-1][0] - v.x) * k, v.y + (leg.path[-1][1] - v.y) * k)
        return (round(p[0], 2), round(p[1], 2))

    def cover_point(self, game: Game, v: Figure) -> tuple[float, float] | None:
        """Halt's "may move to cover within 6"": the nearest point (of 24 round it) within
        6" where the vehicle is hull down from the nearest known enemy and still sees it,
        that it can reach. None when it is hull down already or there is none."""
        e = self.nearest_enemy(game, v)
        if e is None or self.hull_down_at(game, v, v.pos):
            return None
        key = (v.id, v.pos, v.markers.get(Ww2FigMark.MOVED_MM, 0.0), e.pos, id(game.table), game.table.version)
        return game.keep("afv_cover_point", key, lambda: self._cover_point(game, v, e), limit=200)

    def _cover_point(self, game: Game, v: Figure, e: Figure) -> tuple[float, float] | None:
        reach = solo_tables().dist_mm("afv_cover")
        cands = [clamp_to_table(game, (v.x + cos(radians(a)) * reach * k, v.y + sin(radians(a)) * reach * k), v.radius)
                 for k in (1 / 3, 2 / 3, 1.0) for a in range(0, 360, 45)]
        visible, cover = self.rules.sight_pairs(game, [e.pos] * len(cands), cands)
        for p, vis, cov in zip(cands, visible, cover, strict=True):
            if not vis or cov <= 0:
                continue
            leg, _ = self.rules.vehicles.plan_vehicle_leg(game, v, [p], strict=True)
            if not leg.refusal and hypot(leg.path[-1][0] - p[0], leg.path[-1][1] - p[1]) <= TOL:
                return (round(p[0], 2), round(p[1], 2))
        return None

    def retreat_point(self, game: Game, v: Figure, away: tuple[float, float]) -> tuple[float, float]:
        """Retreat: "Move away from the most threatening enemy, attempt to keep in cover if
        possible": of 15 points toward ``away`` (straight, 30 and 60 degrees off, at its
        full, two-thirds and one-third speed) further from the nearest known enemy, the
        first hidden from it or in cover from it that it can reach; else ``away``."""
        e = self.nearest_enemy(game, v)
        if e is None:
            return away
        key = (v.id, v.pos, v.markers.get(Ww2FigMark.MOVED_MM, 0.0), e.pos, away, id(game.table), game.table.version)
        return game.keep("afv_retreat_point", key, lambda: self._retreat_point(game, v, e, away), limit=200)

    def _retreat_point(self, game: Game, v: Figure, e: Figure, away: tuple[float, float]) -> tuple[float, float]:
        speed = self.rules.vehicles.vehicle_allowance(v, False, False, False) - v.markers.get(Ww2FigMark.MOVED_MM, 0.0)
        base = atan2(away[1] - v.y, away[0] - v.x)
        now = self.rules.apart(v, e)
        cands = [clamp_to_table(game, (v.x + cos(base + radians(da)) * speed * k, v.y + sin(base + radians(da)) * speed * k), v.radius)
                 for k in (1.0, 2 / 3, 1 / 3) for da in (0, -30, 30, -60, 60)]
        cands = [p for p in cands if self.rules.apart(v, e, at=p) > now + TOL]
        if not cands:
            return away
        visible, cover = self.rules.sight_pairs(game, [e.pos] * len(cands), cands)
        for p, vis, cov in zip(cands, visible, cover, strict=True):
            if vis and cov <= 0:
                continue
            leg, _ = self.rules.vehicles.plan_vehicle_leg(game, v, [p], strict=True)
            if not leg.refusal and hypot(leg.path[-1][0] - p[0], leg.path[-1][1] - p[1]) <= TOL:
                return (round(p[0], 2), round(p[1], 2))
        return away

    def main_gun_target(self, game: Game, v: Figure, wid: str) -> Figure | None:
        """The nearest enemy AFV or AT gun its side knows of that ``wid`` may fire at now."""
        picks = []
        for e in self.rules.known_enemies(game, v.side):
            if not ((self.rules.is_vehicle(e) and self.rules.is_afv(e)) or self.rules.is_gun(e)):
                continue
            c = Command("fire_gun", v.side, figure=v.id, target=e.id, options=options(weapon=wid))
            if passes(self.rules.kinds["fire_gun"].check, game, c):
                picks.append(e)
        return min(picks, key=lambda e: (self.rules.apart(e, v), e.id), default=None)

    # ---- the optional rule: every AFV solo run --------------------------------------------------------
    def roll_side(self, game: Game) -> None:
        """The start of a side's turn under ``solo_afvs``: game/solo/afv_option.py."""
        afv_option.roll_side(self.rules, game)

    def bound(self, game: Game, unit: Unit) -> str | None:
        """The order ``unit`` is bound by under ``solo_afvs`` (None: free)."""
        return afv_option.bound(self.rules, game, unit)

    def check_bound(self, game: Game, cmd: Command) -> None:
        """Refuse a command against the AFV order its vehicle is bound by."""
        if not self.rules.option(game, OPTION):
            return
        st = game.state
        v = None
        if cmd.kind == "move_unit" and cmd.unit is not None:
            v = self.rules.unit_vehicle(game, cmd.unit)
        elif cmd.figure is not None and cmd.figure in st.figures and self.rules.is_vehicle(st.figures[cmd.figure]):
            v = st.figures[cmd.figure]
        if v is None or not self.rules.is_afv(v):
            return
        order = self.bound(game, st.units[v.unit])
        if order is None:
            return
        name = afv_option.under_order(v.name, order)
        if order == "bale_out" and cmd.kind != "abandon":
            refuse(f"{name}: its crew abandon the vehicle.")
        if cmd.kind in ("move", "move_unit"):
            self._check_move(game, v, cmd, order, name)
        elif cmd.kind == "fire_gun" and cmd.target is not None:
            wid = options_weapon(cmd)
            if wid is not None and any(w == wid for w, _ in self.rules.weapons_of(v, "gun")):
                t = self.main_gun_target(game, v, wid)
                tgt = st.figures.get(cmd.target)
                if t is not None and (tgt is None or tgt.unit != t.unit):
                    refuse(f"{name}: its main gun shoots at the nearest enemy AFV or anti-tank gun in preference to "
                           f"other targets ({t.name}).")

    def _check_move(self, game: Game, v: Figure, cmd: Command, order: str, name: str) -> None:
        path = list(cmd.path) if cmd.kind == "move" else ([cmd.at] if cmd.point is not None else [])
        if not path:
            return
        leg, info = self.rules.vehicles.plan_vehicle_leg(game, v, path, strict=cmd.kind == "move")
        if leg.refusal or leg.length <= EPS:
            return  # the move's own check says why
        moved = v.markers.get(Ww2FigMark.MOVED_MM, 0.0) + leg.length
        why = afv_option.move_refusal(self.rules, game, self, v, leg.path[-1], moved, lambda: self.advance_speed(game, v, info),
                                      order, name, TOL)
        if why is not None:
            refuse(why)


def options_weapon(cmd: Command) -> str | None:
    return dict(cmd.options).get("weapon")
