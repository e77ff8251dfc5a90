"""WW2 Skirmish: vehicles ("Vehicles", "Notes on vehicles", "Hand held anti-tank
weapons"): speeds and bogging, facing, crashes, crews and passengers, guns with their
accumulated actions, hand-held anti-tank weapons, and the d20 damage tables.

A vehicle is a figure with a large base; its crew are figures of the same unit riding
in it (``attrs['in_vehicle']``), created from the vehicle type when the game starts.
The vehicle's actions are its crew's: moving costs each crew member 1 action (once a
turn), weapons draw on the crew's actions, guns save theirs from turn to turn.
"""

from __future__ import annotations

from math import atan2, cos, degrees, hypot, radians, sin
from typing import TYPE_CHECKING

from shapely.geometry import LineString
from shapely.ops import unary_union

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.keys import FigureMark
from game.core.state import DEAD, DESTROYED, Figure, Unit
from game.geometry.collider import Collider
from game.rulesets.movement import clamp_to_table, plan_move
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.common import ABANDONED, EPS, TOL
from game.rulesets.ww2_skirmish.move import BIG, Leg, cut_path
from game.rulesets.ww2_skirmish.status import Ww2FigAttr, Ww2FigMark, Ww2UnitMark

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish


class Ww2Vehicles(Chapter["Ww2Skirmish"]):
    # ---- vehicle state ---------------------------------------------------------------------------
    rules: Ww2Skirmish

    def vtype(self, f: Figure):
        return self.rules.tt(f).vehicle

    def stunned(self, game: Game, v: Figure) -> bool:
        return v.markers.get(Ww2FigMark.STUNNED_UNTIL, -1) >= self.rules.sideturn(game)

    def require_awake(self, game: Game, v: Figure) -> None:
        """Refuse anything a stunned crew would do: "Crew stunned- may do nothing next turn"
        (L463): no move, shot, readying, hatch, spotting, getting out or removing suppression."""
        require(not self.stunned(game, v), f"{v.name}'s crew is stunned: it may do nothing this turn.")

    def immobile(self, game: Game, unit: Unit) -> bool:  # the solo rules' question
        v = self.rules.unit_vehicle(game, unit.id)
        return v is not None and bool(v.markers.get(Ww2FigMark.IMMOBILE) or v.markers.get(Ww2FigMark.BOGGED))

    def driver(self, game: Game, v: Figure) -> Figure | None:
        return next((c for c in self.rules.crew(game, v) if self.rules.role(c) == "driver"), None)

    def last_move(self, game: Game, v: Figure) -> float:
        """How far the vehicle moved in its latest turn of movement (its "previous speed")."""
        if v.side == game.state.active_side and v.markers.get(Ww2FigMark.MOVED_MM):
            return v.markers[Ww2FigMark.MOVED_MM]
        return v.attrs.get(Ww2FigAttr.LAST_MOVE_MM, 0.0)

    def facing_from(self, v: Figure, p: tuple[float, float]) -> str:
        """Front, flank or rear: which side of the vehicle faces a point. Behind the front
        edge of the hull is flank (or rear, behind the rear edge)."""
        ux, uy = self.rules.unit_vector(v.facing)
        proj = (p[0] - v.x) * ux + (p[1] - v.y) * uy
        half = self.rules.mm(self.vtype(v).length) / 2
        if proj > half + EPS:
            return "front"
        if proj < -half - EPS:
            return "rear"
        return "flank"

    # ---- vehicle movement -----------------------------------------------------------------------------
    def road_area(self, game: Game):
        def work():
            roads = [f.area for f in game.table.features if f.type.id in self.rules.data.vehicles.road_types]
            return unary_union(roads).buffer(self.rules.mm(0.05)) if roads else None

        return game.keep("roads", (id(game.table), game.table.version), work, limit=4)

    def leg_terrain(self, game: Game, path: list[tuple[float, float]]) -> dict:
        """What a vehicle's path goes over: obstacles crossed, woods, other rough going,
        and whether it stays on the road."""
        charges, crossings = self.rules.moving.path_charges(game, path, rough_paid=False)
        line = LineString(path)
        woods = rough = False
        for feat in game.table.features:
            if not feat.area.intersects(line):
                continue
            if feat.type.id in self.rules.data.vehicles.halve_in:
                woods = True
            if feat.type.id in self.rules.data.movement.rough_types:
                rough = True
        road = self.road_area(game)
        on_road = road is not None and road.covers(line)
        return {"crossings": crossings, "woods": woods, "rough": rough or woods or bool(crossings), "road": on_road}

    def vehicle_allowance(self, v: Figure, halved: bool, rough: bool, road: bool) -> float:
        sp = self.rules.data.vehicles.speeds
        vt = self.vtype(v)
        if vt.vclass == "heavy":
            return self.rules.mm(sp.heavy_rough if rough else sp.heavy)
        if halved:
            return self.rules.mm(sp.normal / 2)
        if vt.drive == "wheeled" and road:
            return self.rules.mm(sp.small_soft_road if vt.vclass == "small_soft" else sp.wheeled_road)
        return self.rules.mm(sp.normal)

    def vehicle_remaining(self, game: Game, v: Figure, halved: bool, rough: bool, road: bool) -> float:
        m = v.markers
        h = halved or bool(m.get(Ww2FigMark.V_HALVED))
        r = rough or bool(m.get(Ww2FigMark.V_ROUGH))
        rd = road and not m.get(Ww2FigMark.V_OFFROAD)
        left = self.vehicle_allowance(v, h, r, rd) - m.get(Ww2FigMark.MOVED_MM, 0.0)
        unit = game.state.units[v.unit]
        if self.rules.suppression(unit):
            left = min(left, self.rules.mm(self.rules.data.movement.suppressed_max) - m.get(Ww2FigMark.MOVED_MM, 0.0))
        return max(0.0, left)

    def plan_vehicle_leg(self, game: Game, v: Figure, waypoints: list[tuple[float, float]], strict: bool) -> tuple[Leg, dict]:
        ignore = {c.id for c in game.state.figures.values() if self.rules.embarked(c)}
        base = plan_move(self.rules, game, v, waypoints, budget=BIG, strict=strict, stop_types=frozenset(), ignore=ignore, mover="vehicle")
        if base.refusal:
            return Leg(v, [v.pos], refusal=base.refusal), {}
        if len(base.path) < 2 or base.length <= EPS:
            return Leg(v, [v.pos], stopped_by=base.stopped_by), {}
        path = base.path
        info = self.leg_terrain(game, path)
        halved = bool(info["crossings"]) or info["woods"]
        left = self.vehicle_remaining(game, v, halved, info["rough"], info["road"])
        stopped = base.stopped_by
        if base.length > left + TOL:
            if strict:
                why = " (half speed: obstacles or woods)" if halved and self.vtype(v).vclass != "heavy" else ""
                return Leg(v, [v.pos], refusal=f"That move is {self.rules.fmt(base.length)}; {v.name} has {self.rules.fmt(left)} left this turn{why}."), {}
            path = cut_path(path, left)
            info = self.leg_terrain(game, path) if len(path) >= 2 else {"crossings": [], "woods": False, "rough": False, "road": False}
            stopped = "end of its move"
        length = LineString(path).length if len(path) >= 2 else 0.0
        return Leg(v, path if length > EPS else [v.pos], length, length, stopped_by=stopped, crossings=info.get("crossings", [])), info

    def vehicle_may_move(self, game: Game, v: Figure) -> None:
        st = game.state
        require(st.phase == "action" and v.side == st.active_side, "Vehicles move during their own side's turn.")
        require(v.alive, f"{v.name} is out of action.")
        require(not v.markers.get(Ww2FigMark.IMMOBILE), f"{v.name} is immobilised for the rest of the game.")
        require(not v.markers.get(Ww2FigMark.BOGGED), f"{v.name} is bogged down: it frees itself on a 5+ at the start of a later turn.")
        self.require_awake(game, v)
        d = self.driver(game, v)
        if d is None:
            refuse(f"{v.name} has no driver.")
        if not v.markers.get(FigureMark.MOVED):
            require(self.rules.actions_left(d) >= 1, f"{d.name} (the driver) has no action left to move.")

    def check_vehicle_move(self, game: Game, cmd: Command, strict: bool = True) -> None:
        v = game.state.figures[cmd.figure_id]
        self.vehicle_may_move(game, v)
        leg, _ = self.plan_vehicle_leg(game, v, list(cmd.path), strict)
        if leg.refusal:
            refuse(leg.refusal)
        require(leg.length > EPS, f"{v.name} cannot move there.")

    def pay_vehicle_move(self, game: Game, v: Figure) -> None:
        if not v.markers.get(FigureMark.MOVED) and not v.markers.get(Ww2FigMark.PIVOTED):
            for c in self.rules.crew(game, v):
                if self.rules.actions_left(c) >= 1:
                    self.rules.spend(c, 1)

    def apply_vehicle_move(self, game: Game, cmd: Command, strict: bool = True) -> None:
        st = game.state
        v = st.figures[cmd.figure_id]
        leg, info = self.plan_vehicle_leg(game, v, list(cmd.path), strict)
        self.pay_vehicle_move(game, v)
        vt = self.vtype(v)
        bogged_at = None
        if vt.drive in ("halftrack", "wheeled"):
            b = self.rules.data.vehicles.bogging
            need = b.halftrack if vt.drive == "halftrack" else b.wheeled
            for d, name in leg.crossings:
                roll = game.dice.roll(b.die, f"{v.name} crosses {name}", target=f"stuck on {need}+", figures=[v.id])
                if roll.value >= need:
                    roll.outcome = "bogged down"
                    bogged_at = d
                    break
                roll.outcome = "gets across"
        if bogged_at is not None:
            path = cut_path(leg.path, bogged_at)
            length = LineString(path).length if len(path) >= 2 else 0.0
            leg = Leg(v, path if length > EPS else [v.pos], length, length, crossings=[])
            v.markers[Ww2FigMark.BOGGED] = True
        self.place_vehicle(game, v, leg, info)
        unit = st.units[v.unit]
        game.emit("move", f"{v.name} moves {self.rules.fmt(leg.length)}" + (" and bogs down" if bogged_at is not None else "") + ".",
                  figures=[v.id], units=[unit.id], visible_to=self.rules.moving.move_visibility(game, [v]))
        self.rules.moving.after_move(game, unit, [v] if leg.length > EPS else [])

    def place_vehicle(self, game: Game, v: Figure, leg: Leg, info: dict) -> None:
        m = v.markers
        m[FigureMark.MOVED] = True
        v.attrs[Ww2FigAttr.MOVED_AT] = self.rules.sideturn(game)
        if leg.length > EPS:
            a, b = leg.path[-2], leg.path[-1]
            v.facing = self.rules.heading(a, b)
            v.x, v.y = b
            m[Ww2FigMark.MOVED_MM] = m.get(Ww2FigMark.MOVED_MM, 0.0) + leg.length
            if info.get("crossings") or info.get("woods"):
                m[Ww2FigMark.V_HALVED] = True
            if info.get("rough"):
                m[Ww2FigMark.V_ROUGH] = True
            if not info.get("road"):
                m[Ww2FigMark.V_OFFROAD] = True
        for o in self.rules.occupants(game, v):
            o.x, o.y = v.x, v.y
            o.facing = v.facing

    def check_pivot(self, game: Game, cmd: Command) -> None:
        v = self.rules.require_figure(game, cmd.figure, "vehicle")
        require(self.rules.is_vehicle(v), f"{v.name} is not a vehicle.")
        self.vehicle_may_move(game, v)
        require(cmd.point is not None, "Choose the direction to face.")
        require(not v.markers.get(Ww2FigMark.PIVOTED), f"{v.name} has already turned on the spot this turn.")
        require(hypot(cmd.at[0] - v.x, cmd.at[1] - v.y) > EPS, "Choose a point away from the vehicle.")

    def apply_pivot(self, game: Game, cmd: Command) -> None:
        v = game.state.figures[cmd.figure_id]
        self.pay_vehicle_move(game, v)
        v.markers[Ww2FigMark.PIVOTED] = True
        v.markers[FigureMark.MOVED] = True
        v.attrs[Ww2FigAttr.MOVED_AT] = self.rules.sideturn(game)
        v.facing = self.rules.heading(v.pos, cmd.at)
        for o in self.rules.occupants(game, v):
            o.facing = v.facing
        game.emit("move", f"{v.name} turns on the spot to face {v.facing:.0f} degrees.", figures=[v.id],
                  visible_to=self.rules.moving.move_visibility(game, [v]))
        self.rules.moving.after_move(game, game.state.units[v.unit], [v])

    # ---- hatches ----------------------------------------------------------------------------------------
    def check_hatch(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(cmd.side == st.active_side and st.phase == "action", "Only during your own turn.")
        v = self.rules.require_figure(game, cmd.figure, "vehicle")
        require(self.rules.is_vehicle(v) and not self.rules.is_open_vehicle(v), "Only closed armoured vehicles have hatches to open or close.")
        require(v.alive, f"{v.name} is out of action.")
        require(not v.markers.get(Ww2FigMark.HATCH_USED), f"{v.name}'s commander has already opened or closed the hatch this turn.")
        require(any(self.rules.role(c) == "nco" for c in self.rules.crew(game, v)), f"{v.name} has no commander left.")
        self.require_awake(game, v)

    def apply_hatch(self, game: Game, cmd: Command) -> None:
        v = game.state.figures[cmd.figure_id]
        v.markers[Ww2FigMark.HATCH_USED] = True
        up = not v.markers.get(Ww2FigMark.UNBUTTONED, False)
        v.markers[Ww2FigMark.UNBUTTONED] = up
        game.emit("orders", f"{v.name}'s commander " + ("opens the hatch: he observes directly but can be shot at (as in hard cover)."
                                                        if up else "closes the hatch: the crew observes through slits (+1 band)."),
                  figures=[v.id])

    # ---- getting in and out ----------------------------------------------------------------------------------
    def check_embark(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(st.phase == "action" and cmd.side == st.active_side, "Troops get into vehicles during their own turn.")
        require(cmd.unit in st.units, "Choose the fire team.")
        unit = st.units[cmd.unit_id]
        require(self.rules.unit_vehicle(game, unit.id) is None and self.rules.unit_gun(game, unit.id) is None, f"{unit.name} is a crew.")
        v = st.figures.get(cmd.target or "")
        if v is None or not (self.rules.is_vehicle(v) and v.side == cmd.side and v.alive):
            refuse("Choose one of your vehicles.")
        require(not v.markers.get(Ww2FigMark.BURNING), f"{v.name} is on fire.")
        figs = self.rules.fighters(game, unit.id)
        require(bool(figs), f"{unit.name} has nobody on foot.")
        room = self.vtype(v).capacity - len(self.rules.passengers(game, v))
        require(len(figs) <= room, f"{v.name} has room for {room} more.")
        require(not self.rules.routing(unit) and not self.rules.shaken(game, unit), f"{unit.name} may not move now.")
        mv = self.rules.data.movement
        require(unit.markers.get(Ww2UnitMark.MOVE_N, 0) < mv.max_move_actions, f"{unit.name} has used its move actions this turn.")
        far = [f.name for f in figs if self.embark_cost(game, f, v) > self.embark_reach(game, f) + EPS]
        require(not far, f"{', '.join(far)} cannot reach {v.name} in one move.")
        require(any(self.rules.actions_left(f) >= 1 for f in figs), f"No figure of {unit.name} has an action left.")

    def embark_reach(self, game: Game, f: Figure) -> float:
        """How far ``f`` goes in the one move that gets it in (reading transport): its own
        move (6", 10" for a one-action figure, less for a wounded man or one carrying a
        comrade), 2" a turn while its team is suppressed."""
        return min(self.rules.moving.base_allowance(game, f), self.rules.moving.suppressed_cap(game, f))

    def embark_cost(self, game: Game, f: Figure, v: Figure) -> float:
        """What the straight move from ``f`` to ``v``'s side costs: the gap between their
        bases and the terrain's deductions on the way (rough ground or water, obstacles)."""
        gap = max(0.0, self.rules.gap(f, v))
        d = hypot(v.x - f.x, v.y - f.y)
        if gap <= EPS or d <= EPS:
            return gap
        to = (f.x + (v.x - f.x) * gap / d, f.y + (v.y - f.y) * gap / d)
        charges, _ = self.rules.moving.path_charges(game, [f.pos, to], False)
        return gap + sum(a for _, a, _ in charges)

    def apply_embark(self, game: Game, cmd: Command) -> None:
        st = game.state
        unit, v = st.units[cmd.unit_id], st.figures[cmd.target_id]
        self.rules.moving.open_move_action(game, unit)
        figs = self.rules.fighters(game, unit.id)
        for f in figs:
            f.attrs[Ww2FigAttr.IN_VEHICLE] = v.id
            f.x, f.y, f.facing = v.x, v.y, v.facing
            f.markers[FigureMark.MOVED] = True
            f.attrs[Ww2FigAttr.MOVED_AT] = self.rules.sideturn(game)
            f.markers.pop(Ww2FigMark.CARRYING, None)
        game.emit("move", f"{unit.name} gets into {v.name}.", units=[unit.id], figures=[f.id for f in figs] + [v.id],
                  visible_to=self.rules.moving.move_visibility(game, [v]))
        self.rules.moving.after_move(game, unit, [])

    def check_disembark(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(st.phase == "action" and cmd.side == st.active_side, "Troops get out during their own turn.")
        require(cmd.unit in st.units, "Choose the fire team.")
        unit = st.units[cmd.unit_id]
        inside = [f for f in st.unit_figures(unit.id) if self.rules.embarked(f)]
        require(bool(inside) and self.rules.unit_vehicle(game, unit.id) is None, f"{unit.name} is not riding in a vehicle.")
        require(not self.rules.routing(unit) and not self.rules.shaken(game, unit), f"{unit.name} may not move now.")
        require(unit.markers.get(Ww2UnitMark.MOVE_N, 0) < self.rules.data.movement.max_move_actions, f"{unit.name} has used its move actions this turn.")
        v = self.rules.riding_in(game, inside[0])
        require(len(self.exit_spots(game, v, len(inside))) >= len(inside), f"There is no room around {v.name} to get out.")

    def apply_disembark(self, game: Game, cmd: Command) -> None:
        st = game.state
        unit = st.units[cmd.unit_id]
        inside = [f for f in st.unit_figures(unit.id) if self.rules.embarked(f)]
        v = self.rules.riding_in(game, inside[0])
        n = unit.markers.get(Ww2UnitMark.MOVE_N, 0) + 1
        unit.markers[Ww2UnitMark.MOVE_N] = n
        for f in inside:
            if self.rules.actions_left(f) >= 1:
                self.rules.spend(f, 1)
        self.dismount(game, v, inside, away=False)
        game.emit("move", f"{unit.name} gets out of {v.name} (move action {n}).", units=[unit.id],
                  figures=[f.id for f in inside], visible_to=self.rules.moving.move_visibility(game, inside))
        self.rules.moving.after_move(game, unit, inside)

    def exit_spots(self, game: Game, v: Figure, n: int, away: bool = False, extra: float = 0.0) -> list[tuple[float, float]]:
        """Free places around a vehicle: behind it (or on the side away from the nearest
        enemy), then further round."""
        r = self.rules.mm(self.rules.data.base_diameter) / 2
        base_dir = v.facing + 180
        if away:
            e = self.rules.nearest_enemy(game, v.side, v.pos)
            if e is not None:
                base_dir = degrees(atan2(v.y - e.y, v.x - e.x))
        others = [(f.id, f.pos, f.radius) for f in game.state.figures.values()
                  if f.alive and not self.rules.embarked(f) and f.id != v.id]
        others.append((v.id, v.pos, v.radius))
        spots: list[tuple[float, float]] = []
        col = Collider(game.table, others)
        for ring in range(4):
            dist = v.radius + r + self.rules.mm(0.2) + extra + ring * (2 * r + self.rules.mm(0.2))
            for k in range(24):
                ang = base_dir + (k + 1) // 2 * 15 * (1 if k % 2 else -1)
                p = (v.x + dist * cos(radians(ang)), v.y + dist * sin(radians(ang)))
                if not (r <= p[0] <= game.table.width - r and r <= p[1] <= game.table.height - r):
                    continue
                if col.is_free(p, r):
                    col.add_figure(f"spot{len(spots)}", p, r)
                    spots.append(p)
                    if len(spots) >= n:
                        return spots
        return spots

    def dismount(self, game: Game, v: Figure, figs: list[Figure], away: bool, extra: float = 0.0) -> None:
        spots = self.exit_spots(game, v, len(figs), away, extra)
        for i, f in enumerate(figs):
            f.attrs.pop(Ww2FigAttr.IN_VEHICLE, None)
            p = spots[i] if i < len(spots) else (v.x, v.y)
            f.facing = self.rules.heading(v.pos, p) if p != v.pos else v.facing
            f.x, f.y = p
            f.markers[FigureMark.MOVED] = True
            f.attrs[Ww2FigAttr.MOVED_AT] = self.rules.sideturn(game)

    def abandon_vehicle(self, game: Game, v: Figure, why: str, burning: bool = False) -> None:
        occ = self.rules.occupants(game, v)
        if occ:
            self.dismount(game, v, occ, away=True, extra=self.rules.mm(2) if burning else 0.0)
        v.life = ABANDONED
        if burning:
            v.markers[Ww2FigMark.BURNING] = True
        game.emit("vehicle", f"{v.name} is abandoned ({why})" + (f": {len(occ)} figure(s) get out" + (" and run from the flames." if burning else " and take cover behind it.") if occ else "."),
                  figures=[v.id] + [f.id for f in occ], units=[v.unit])

    def check_abandon(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(st.phase == "action" and cmd.side == st.active_side, "Crews abandon vehicles during their own turn.")
        v = self.rules.require_figure(game, cmd.figure, "vehicle")
        require(self.rules.is_vehicle(v) and v.alive, "Choose one of your vehicles in action.")
        stopped = v.markers.get(Ww2FigMark.IMMOBILE) or v.markers.get(Ww2FigMark.BOGGED) or (not self.rules.is_afv(v) and not v.markers.get(FigureMark.MOVED))
        require(bool(stopped), f"{v.name} is not stopped: crews abandon immobilised or bogged vehicles, or stopped soft vehicles.")
        self.require_awake(game, v)

    def apply_abandon(self, game: Game, cmd: Command) -> None:
        v = game.state.figures[cmd.figure_id]
        self.abandon_vehicle(game, v, "the crew get out")
        self.rules.moving.after_move(game, game.state.units[v.unit], [])

    def auto_abandon(self, game: Game) -> None:
        """A stopped soft vehicle under fire is abandoned by all its occupants."""
        for v in list(game.state.figures.values()):
            if not v.alive or not self.rules.is_vehicle(v) or self.rules.is_afv(v):
                continue
            if (v.markers.get(Ww2FigMark.IMMOBILE) or v.markers.get(Ww2FigMark.BOGGED)) and self.rules.under_fire(game, game.state.units[v.unit]):
                self.abandon_vehicle(game, v, "stopped under fire")

    # ---- crashes and losses ------------------------------------------------------------------------------------------
    def driver_lost(self, game: Game, v: Figure) -> None:
        if v.markers.get(Ww2FigMark.IMMOBILE) and v.markers.get(Ww2FigMark.DRIVERLESS):
            return
        v.markers[Ww2FigMark.IMMOBILE] = True
        v.markers[Ww2FigMark.DRIVERLESS] = True
        if self.last_move(game, v) >= self.rules.mm(self.rules.data.vehicles.crash_min_move) - EPS:
            self.crash(game, v, "its driver is killed")
        else:
            game.emit("vehicle", f"{v.name}'s driver is killed: it stops for the rest of the game.", figures=[v.id])

    def crash(self, game: Game, v: Figure, why: str) -> None:
        """Moved half its previous speed forward, without turning, then stops for good."""
        d = self.last_move(game, v) / 2
        v.markers[Ww2FigMark.IMMOBILE] = True
        if d <= EPS:
            return
        ux, uy = self.rules.unit_vector(v.facing)
        goal = clamp_to_table(game, (v.x + ux * d, v.y + uy * d), v.radius)
        ignore = {c.id for c in game.state.figures.values() if self.rules.embarked(c)}
        plan = plan_move(self.rules, game, v, [goal], budget=d, strict=False, stop_types=frozenset(), ignore=ignore, mover="vehicle")
        if plan.length > EPS:
            v.x, v.y = plan.path[-1]
            for o in self.rules.occupants(game, v):
                o.x, o.y = v.x, v.y
        game.emit("vehicle", f"{v.name} crashes ({why}): it runs on {self.rules.fmt(plan.length)} and stops for good"
                  + (f" ({plan.stopped_by})" if plan.stopped_by and plan.stopped_by != 'end of its move' else "") + ".", figures=[v.id])

    def explode(self, game: Game, v: Figure, why: str, by_unit: str | None) -> None:
        occ = self.rules.occupants(game, v)
        v.life = DESTROYED
        v.markers[Ww2FigMark.BURNING] = True
        for o in occ:
            o.life = DEAD
            o.attrs.pop(Ww2FigAttr.IN_VEHICLE, None)
            o.x, o.y = v.x, v.y
        self.rules.note_losses(game, v.unit, 1 + len(occ), by_unit)
        game.emit("casualty", f"{v.name} explodes ({why})" + (f": {len(occ)} occupant(s) killed." if occ else "."),
                  figures=[v.id] + [o.id for o in occ], units=[v.unit])
        if self.last_move(game, v) > EPS and not v.markers.get(Ww2FigMark.IMMOBILE):
            self.crash(game, v, "it explodes")


