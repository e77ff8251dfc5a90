"""WW2 Skirmish: vehicles ("Vehicles", "Notes on vehicles", "Hand held anti-tank
weapons"): speeds and bogging, facing, crashes, crews and passengers, guns with their
accumulated actions, hand-held anti-tank weapons, and the d20 damage tables.

A vehicle is a figure with a large base; its crew are figures of the same unit riding
in it (``attrs['in_vehicle']``), created from the vehicle type when the game starts.
The vehicle's actions are its crew's: moving costs each crew member 1 action (once a
turn), weapons draw on the crew's actions, guns save theirs from turn to turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import atan2, cos, degrees, hypot, radians, sin
from typing import TYPE_CHECKING

from shapely.geometry import LineString
from shapely.ops import unary_union

from game.core.commands import Command, refuse, require
from game.core.dice import Dice
from game.core.game import Game
from game.core.state import DEAD, DESTROYED, Figure, Unit
from game.geometry.collider import Collider
from game.rulesets.movement import clamp_to_table, plan_move
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.common import ABANDONED, EPS, TOL, parse_opts
from game.rulesets.ww2_skirmish.data import DamageRow, RangeTable, Weapon
from game.rulesets.ww2_skirmish.move import BIG, Leg, cut_path

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish


@dataclass
class DamagePlan:
    """A hit on a vehicle, before the damage dice."""

    target: Figure
    kind: str  # 'gun' (d20 on the soft or AFV table) or 'fire' (molotov / flamethrower d6)
    table: str  # 'soft' or 'afv'
    facing: str  # front / flank / rear
    mods: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class HeavyShot:
    """A gun or a hand-held anti-tank weapon firing at a figure or a vehicle."""

    firer: Figure
    wid: str
    weapon: Weapon
    pool: list[Figure]
    target: Figure
    target_unit: Unit
    distance: float
    band: str
    need: int
    need_mods: list[tuple[str, int]]
    damage: DamagePlan | None  # against a vehicle
    handheld: bool
    notes: list[str] = field(default_factory=list)


class Ww2Vehicles(Chapter["Ww2Skirmish"]):
    # ---- vehicle state ---------------------------------------------------------------------------
    rules: Ww2Skirmish

    def vtype(self, f: Figure):
        return self.rules.tt(f).vehicle

    def stunned(self, game: Game, v: Figure) -> bool:
        return v.markers.get("stunned_until", -1) >= self.rules.sideturn(game)

    def immobile(self, game: Game, unit: Unit) -> bool:  # the solo rules' question
        v = self.rules.unit_vehicle(game, unit.id)
        return v is not None and bool(v.markers.get("immobile") or v.markers.get("bogged"))

    def driver(self, game: Game, v: Figure) -> Figure | None:
        return next((c for c in self.rules.crew(game, v) if self.rules.role(c) == "driver"), None)

    def last_move(self, game: Game, v: Figure) -> float:
        """How far the vehicle moved in its latest turn of movement (its "previous speed")."""
        if v.side == game.state.active_side and v.markers.get("moved_mm"):
            return v.markers["moved_mm"]
        return v.attrs.get("last_move_mm", 0.0)

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
        h = halved or bool(m.get("v_halved"))
        r = rough or bool(m.get("v_rough"))
        rd = road and not m.get("v_offroad")
        left = self.vehicle_allowance(v, h, r, rd) - m.get("moved_mm", 0.0)
        unit = game.state.units[v.unit]
        if self.rules.suppression(unit):
            left = min(left, self.rules.mm(self.rules.data.movement.suppressed_max) - m.get("moved_mm", 0.0))
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
        require(not v.markers.get("immobile"), f"{v.name} is immobilised for the rest of the game.")
        require(not v.markers.get("bogged"), f"{v.name} is bogged down: it frees itself on a 5+ at the start of a later turn.")
        require(not self.stunned(game, v), f"{v.name}'s crew is stunned: it may do nothing this turn.")
        d = self.driver(game, v)
        require(d is not None, f"{v.name} has no driver.")
        if not v.markers.get("moved"):
            require(self.rules.actions_left(d) >= 1, f"{d.name} (the driver) has no action left to move.")  # type: ignore[union-attr]

    def check_vehicle_move(self, game: Game, cmd: Command, strict: bool = True) -> None:
        v = game.state.figures[cmd.figure]
        self.vehicle_may_move(game, v)
        leg, _ = self.plan_vehicle_leg(game, v, list(cmd.path), strict)
        if leg.refusal:
            refuse(leg.refusal)
        require(leg.length > EPS, f"{v.name} cannot move there.")

    def pay_vehicle_move(self, game: Game, v: Figure) -> None:
        if not v.markers.get("moved") and not v.markers.get("pivoted"):
            for c in self.rules.crew(game, v):
                if self.rules.actions_left(c) >= 1:
                    self.rules.spend(c, 1)

    def apply_vehicle_move(self, game: Game, cmd: Command, strict: bool = True) -> None:
        st = game.state
        v = st.figures[cmd.figure]
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
            v.markers["bogged"] = True
        self.place_vehicle(game, v, leg, info)
        unit = st.units[v.unit]
        game.emit("move", f"{v.name} moves {self.rules.fmt(leg.length)}" + (" and bogs down" if bogged_at is not None else "") + ".",
                  figures=[v.id], units=[unit.id], visible_to=self.rules.moving.move_visibility(game, [v]))
        self.rules.moving.after_move(game, unit, [v] if leg.length > EPS else [])

    def place_vehicle(self, game: Game, v: Figure, leg: Leg, info: dict) -> None:
        m = v.markers
        m["moved"] = True
        v.attrs["moved_at"] = self.rules.sideturn(game)
        if leg.length > EPS:
            a, b = leg.path[-2], leg.path[-1]
            v.facing = self.rules.heading(a, b)
            v.x, v.y = b
            m["moved_mm"] = m.get("moved_mm", 0.0) + leg.length
            if info.get("crossings") or info.get("woods"):
                m["v_halved"] = True
            if info.get("rough"):
                m["v_rough"] = True
            if not info.get("road"):
                m["v_offroad"] = True
        for o in self.rules.occupants(game, v):
            o.x, o.y = v.x, v.y
            o.facing = v.facing

    def check_pivot(self, game: Game, cmd: Command) -> None:
        v = self.rules.require_figure(game, cmd.figure, "vehicle")
        require(self.rules.is_vehicle(v), f"{v.name} is not a vehicle.")
        self.vehicle_may_move(game, v)
        require(cmd.point is not None, "Choose the direction to face.")
        require(not v.markers.get("pivoted"), f"{v.name} has already turned on the spot this turn.")
        require(hypot(cmd.point[0] - v.x, cmd.point[1] - v.y) > EPS, "Choose a point away from the vehicle.")  # type: ignore[index]

    def apply_pivot(self, game: Game, cmd: Command) -> None:
        v = game.state.figures[cmd.figure]
        self.pay_vehicle_move(game, v)
        v.markers["pivoted"] = True
        v.markers["moved"] = True
        v.attrs["moved_at"] = self.rules.sideturn(game)
        v.facing = self.rules.heading(v.pos, cmd.point)  # type: ignore[arg-type]
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
        require(not v.markers.get("hatch_used"), f"{v.name}'s commander has already opened or closed the hatch this turn.")
        require(any(self.rules.role(c) == "nco" for c in self.rules.crew(game, v)), f"{v.name} has no commander left.")

    def apply_hatch(self, game: Game, cmd: Command) -> None:
        v = game.state.figures[cmd.figure]
        v.markers["hatch_used"] = True
        up = not v.markers.get("unbuttoned", False)
        v.markers["unbuttoned"] = up
        game.emit("orders", f"{v.name}'s commander " + ("opens the hatch: he observes directly but can be shot at (as in hard cover)."
                                                        if up else "closes the hatch: the crew observes through slits (+1 band)."),
                  figures=[v.id])

    # ---- getting in and out ----------------------------------------------------------------------------------
    def check_embark(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(st.phase == "action" and cmd.side == st.active_side, "Troops get into vehicles during their own turn.")
        require(cmd.unit in st.units, "Choose the fire team.")
        unit = st.units[cmd.unit]
        require(self.rules.unit_vehicle(game, unit.id) is None and self.rules.unit_gun(game, unit.id) is None, f"{unit.name} is a crew.")
        v = st.figures.get(cmd.target or "")
        require(v is not None and self.rules.is_vehicle(v) and v.side == cmd.side and v.alive, "Choose one of your vehicles.")
        require(not v.markers.get("burning"), f"{v.name} is on fire.")  # type: ignore[union-attr]
        figs = self.rules.fighters(game, unit.id)
        require(bool(figs), f"{unit.name} has nobody on foot.")
        room = self.vtype(v).capacity - len(self.rules.passengers(game, v))  # type: ignore[arg-type]
        require(len(figs) <= room, f"{v.name} has room for {room} more.")  # type: ignore[union-attr]
        require(not self.rules.routing(unit) and not self.rules.shaken(game, unit), f"{unit.name} may not move now.")
        mv = self.rules.data.movement
        require(unit.markers.get("move_n", 0) < mv.max_move_actions, f"{unit.name} has used its move actions this turn.")
        reach = self.rules.mm(mv.suppressed_max if self.rules.suppression(unit) else mv.normal) + EPS
        far = [f.name for f in figs if self.rules.gap(f, v) > reach]  # type: ignore[arg-type]
        require(not far, f"{', '.join(far)} cannot reach {v.name} in one move.")  # type: ignore[union-attr]
        require(any(self.rules.actions_left(f) >= 1 for f in figs), f"No figure of {unit.name} has an action left.")

    def apply_embark(self, game: Game, cmd: Command) -> None:
        st = game.state
        unit, v = st.units[cmd.unit], st.figures[cmd.target]
        self.rules.moving.open_move_action(game, unit)
        figs = self.rules.fighters(game, unit.id)
        for f in figs:
            f.attrs["in_vehicle"] = v.id
            f.x, f.y, f.facing = v.x, v.y, v.facing
            f.markers["moved"] = True
            f.attrs["moved_at"] = self.rules.sideturn(game)
            f.markers.pop("carrying", None)
        game.emit("move", f"{unit.name} gets into {v.name}.", units=[unit.id], figures=[f.id for f in figs] + [v.id],
                  visible_to=self.rules.moving.move_visibility(game, [v]))
        self.rules.moving.after_move(game, unit, [])

    def check_disembark(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(st.phase == "action" and cmd.side == st.active_side, "Troops get out during their own turn.")
        require(cmd.unit in st.units, "Choose the fire team.")
        unit = st.units[cmd.unit]
        inside = [f for f in st.unit_figures(unit.id) if self.rules.embarked(f)]
        require(bool(inside) and self.rules.unit_vehicle(game, unit.id) is None, f"{unit.name} is not riding in a vehicle.")
        require(not self.rules.routing(unit) and not self.rules.shaken(game, unit), f"{unit.name} may not move now.")
        require(unit.markers.get("move_n", 0) < self.rules.data.movement.max_move_actions, f"{unit.name} has used its move actions this turn.")
        v = self.rules.vehicle_of(game, inside[0])
        require(len(self.exit_spots(game, v, len(inside))) >= len(inside), f"There is no room around {v.name} to get out.")  # type: ignore[arg-type, union-attr]

    def apply_disembark(self, game: Game, cmd: Command) -> None:
        st = game.state
        unit = st.units[cmd.unit]
        inside = [f for f in st.unit_figures(unit.id) if self.rules.embarked(f)]
        v = self.rules.vehicle_of(game, inside[0])
        n = unit.markers.get("move_n", 0) + 1
        unit.markers["move_n"] = n
        for f in inside:
            if self.rules.actions_left(f) >= 1:
                self.rules.spend(f, 1)
        self.dismount(game, v, inside, away=False)  # type: ignore[arg-type]
        game.emit("move", f"{unit.name} gets out of {v.name} (move action {n}).", units=[unit.id],  # type: ignore[union-attr]
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
            f.attrs.pop("in_vehicle", None)
            p = spots[i] if i < len(spots) else (v.x, v.y)
            f.facing = self.rules.heading(v.pos, p) if p != v.pos else v.facing
            f.x, f.y = p
            f.markers["moved"] = True
            f.attrs["moved_at"] = self.rules.sideturn(game)

    def abandon_vehicle(self, game: Game, v: Figure, why: str, burning: bool = False) -> None:
        occ = self.rules.occupants(game, v)
        if occ:
            self.dismount(game, v, occ, away=True, extra=self.rules.mm(2) if burning else 0.0)
        v.life = ABANDONED
        if burning:
            v.markers["burning"] = True
        game.emit("vehicle", f"{v.name} is abandoned ({why})" + (f": {len(occ)} figure(s) get out" + (" and run from the flames." if burning else " and take cover behind it.") if occ else "."),
                  figures=[v.id] + [f.id for f in occ], units=[v.unit])

    def check_abandon(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(st.phase == "action" and cmd.side == st.active_side, "Crews abandon vehicles during their own turn.")
        v = self.rules.require_figure(game, cmd.figure, "vehicle")
        require(self.rules.is_vehicle(v) and v.alive, "Choose one of your vehicles in action.")
        stopped = v.markers.get("immobile") or v.markers.get("bogged") or (not self.rules.is_afv(v) and not v.markers.get("moved"))
        require(bool(stopped), f"{v.name} is not stopped: crews abandon immobilised or bogged vehicles, or stopped soft vehicles.")

    def apply_abandon(self, game: Game, cmd: Command) -> None:
        v = game.state.figures[cmd.figure]
        self.abandon_vehicle(game, v, "the crew get out")
        self.rules.moving.after_move(game, game.state.units[v.unit], [])

    def auto_abandon(self, game: Game) -> None:
        """A stopped soft vehicle under fire is abandoned by all its occupants."""
        for v in list(game.state.figures.values()):
            if not v.alive or not self.rules.is_vehicle(v) or self.rules.is_afv(v):
                continue
            if (v.markers.get("immobile") or v.markers.get("bogged")) and self.rules.under_fire(game, game.state.units[v.unit]):
                self.abandon_vehicle(game, v, "stopped under fire")

    # ---- crashes and losses ------------------------------------------------------------------------------------------
    def driver_lost(self, game: Game, v: Figure) -> None:
        if v.markers.get("immobile") and v.markers.get("driverless"):
            return
        v.markers["immobile"] = True
        v.markers["driverless"] = True
        if self.last_move(game, v) >= self.rules.mm(self.rules.data.vehicles.crash_min_move) - EPS:
            self.crash(game, v, "its driver is killed")
        else:
            game.emit("vehicle", f"{v.name}'s driver is killed: it stops for the rest of the game.", figures=[v.id])

    def crash(self, game: Game, v: Figure, why: str) -> None:
        """Moved half its previous speed forward, without turning, then stops for good."""
        d = self.last_move(game, v) / 2
        v.markers["immobile"] = True
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
        v.markers["burning"] = True
        for o in occ:
            o.life = DEAD
            o.attrs.pop("in_vehicle", None)
            o.x, o.y = v.x, v.y
        self.rules.note_losses(game, v.unit, 1 + len(occ), by_unit)
        game.emit("casualty", f"{v.name} explodes ({why})" + (f": {len(occ)} occupant(s) killed." if occ else "."),
                  figures=[v.id] + [o.id for o in occ], units=[v.unit])
        if self.last_move(game, v) > EPS and not v.markers.get("immobile"):
            self.crash(game, v, "it explodes")

    # ---- the damage tables ----------------------------------------------------------------------------------------------
    def damage_plan(self, game: Game, source: tuple[float, float], w: Weapon | None, v: Figure, handheld: bool,
                    facing: str | None = None) -> DamagePlan:
        vt = self.vtype(v)
        mods = self.rules.data.vehicles.modifiers
        facing = facing or self.facing_from(v, source)
        kind = w.damage if (w is not None and w.damage != "none") else "gun"
        afv = self.rules.is_afv(v)
        out: list[tuple[str, int]] = []
        if kind == "fire":
            if w is not None and w.category == "flamethrower":
                out.append(("flamethrower", self.rules.data.vehicles.fire_attack.flamethrower))
            return DamagePlan(v, "fire", "afv" if afv else "soft", facing, out)
        if afv and w is not None:
            if w.vs_afv == "hvap":
                out.append(("17pdr / 85mm+ / HVAP vs AFV", mods.hvap))
            elif w.vs_afv == "at57":
                out.append(("57mm anti-tank gun or larger vs AFV", mods.at57))
            if w.poor_at:
                out.append(("poor anti-tank round or gun", mods.poor_at))
        if facing in ("flank", "rear") and not (handheld and vt.schurzen):
            out.append((f"hit from the {facing}", mods.flank))
        if vt.tiger_all or (vt.tiger_front and facing == "front"):
            out.append(("Tiger II" if vt.tiger_all else "Tiger/Panther from the front", mods.tiger_front))
        if self.rules.los(game, source, v.pos).cover > 0:
            out.append(("hull down or in/behind buildings", mods.hull_down))
        if vt.vclass == "heavy":
            out.append(("heavy AFV", mods.heavy))
        elif vt.vclass == "medium":
            out.append(("medium AFV", mods.medium))
        return DamagePlan(v, "gun", "afv" if afv else "soft", facing, out)

    def roll_damage(self, dice: Dice, p: DamagePlan, reason: str) -> str | DamageRow:
        """A DamageRow (d20 tables) or 'none' / 'abandon' / 'explode' (fire attacks)."""
        vs = self.rules.data.vehicles
        total = sum(v for _, v in p.mods)
        if p.kind == "fire":
            fa = vs.fire_attack
            roll = dice.roll(fa.die, reason, target=f"{fa.no_effect_upto + 1}+ crew abandon, {fa.abandon_upto + 1}+ explodes",
                             modifiers=p.mods, figures=[p.target.id])
            s = roll.value + total
            res = "none" if s <= fa.no_effect_upto else ("abandon" if s <= fa.abandon_upto else "explode")
            roll.outcome = {"none": "no effect", "abandon": "crew abandon the vehicle", "explode": "explodes in a ball of flame"}[res]
            return res
        table = vs.afv_table if p.table == "afv" else vs.soft_table
        roll = dice.roll(vs.damage_die, reason, target=f"{p.table.upper() if p.table == 'afv' else 'soft vehicle'} damage table",
                         modifiers=p.mods, figures=[p.target.id])
        row = vs.row(table, roll.value + total)
        roll.outcome = row.text
        return row

    def damage_key(self, v: Figure, res: str | DamageRow) -> str:
        """A word for the odds: what the damage comes to on this vehicle."""
        if isinstance(res, str):
            return {"none": "no effect", "abandon": "abandoned", "explode": "explodes"}[res]
        r = res.result
        vt = self.vtype(v)
        if r == "traction":
            return "immobilised" if vt.drive == "wheeled" else "no effect"
        if r == "petrol_explode":
            return "explodes" if vt.petrol else "driver killed"
        if r == "occupants":
            return f"{res.count or 'all'} occupant(s) hit"
        return {"none": "no effect", "dud": "no effect", "immobilised": "immobilised", "driver_crash": "driver killed",
                "driver_stop": "driver killed", "fire": "on fire, abandoned", "explode": "explodes", "stunned": "crew stunned",
                "optics": "optics hit", "weapon": "weapon wrecked", "ammo_fire": "ammo fire, abandoned"}[r]

    def apply_damage(self, game: Game, v: Figure, res: str | DamageRow, by_unit: str | None) -> None:
        st = game.state
        if not v.alive:
            return
        if isinstance(res, str):
            if res == "abandon":
                self.abandon_vehicle(game, v, "the crew flee the flames", burning=False)
            elif res == "explode":
                self.explode(game, v, "a ball of flame", by_unit)
            return
        r = res.result
        vt = self.vtype(v)
        if r == "traction":
            r = "immobilised" if vt.drive == "wheeled" else "none"
        if r == "petrol_explode":
            r = "explode" if vt.petrol else "driver_stop"
        if r in ("none", "dud"):
            return
        if r == "occupants":
            occ = self.rules.occupants(game, v)
            n = len(occ) if res.count is None else min(res.count, len(occ))
            victims = []
            pool = list(occ)
            for _ in range(n):
                i = game.dice.choose_index(len(pool), f"which occupant of {v.name} is hit", figures=[v.id])
                victims.append(pool.pop(i))
            mods = [("as hit by an MG", self.rules.data.fire_effect.automatic)]
            for o in victims:
                out = self.rules.firing.effect_result(game.dice, mods, o, f"{o.name} (in {v.name}) dices as hit by an MG")
                self.rules.firing.apply_effect(game, o, out, f"hit inside {v.name}", by_unit)
            return
        if r == "immobilised":
            v.markers["immobile"] = True
            game.emit("vehicle", f"{v.name} is immobilised for the rest of the game.", figures=[v.id])
        elif r in ("driver_crash", "driver_stop"):
            d = self.driver(game, v)
            if d is not None:
                d.life = DEAD
                self.rules.note_losses(game, v.unit, 1, by_unit)
                game.emit("casualty", f"{d.name}, the driver of {v.name}, is killed.", figures=[d.id, v.id])
            self.driver_lost(game, v)
        elif r == "fire":
            self.abandon_vehicle(game, v, "it is on fire", burning=True)
        elif r == "explode":
            self.explode(game, v, res.text, by_unit)
        elif r == "stunned":
            v.markers["stunned_until"] = self.rules.next_own_sideturn(game, v.side)
            game.emit("vehicle", f"{v.name}'s crew is stunned: it may do nothing next turn.", figures=[v.id])
        elif r == "optics":
            v.markers["optics"] = True
            game.emit("vehicle", f"{v.name}'s optics are hit: no more main gun fire.", figures=[v.id])
        elif r == "weapon":
            live = [wid for wid in v.weapons if wid not in v.markers.get("wrecked", [])]
            if live:
                i = game.dice.choose_index(len(live), f"which weapon of {v.name} is wrecked", figures=[v.id])
                v.markers.setdefault("wrecked", []).append(live[i])
                game.emit("vehicle", f"{v.name}'s {self.rules.weapon(live[i]).name} is wrecked.", figures=[v.id])
        elif r == "ammo_fire":
            roll = game.dice.roll(self.rules.data.vehicles.ammo_fire_die, f"{v.name}'s ammunition burns", target="turns until it explodes",
                                  figures=[v.id])
            roll.outcome = f"explodes at the start of turn {st.turn + roll.value}"
            self.abandon_vehicle(game, v, "its ammunition is on fire", burning=True)
            v.markers["explodes_turn"] = st.turn + roll.value
        if st.units[v.unit].markers.get("fired_at") is not None:
            self.auto_abandon(game)

    def small_arms_vs_vehicle(self, game: Game, s) -> None:
        """MG hits roll on the soft vehicle table; other small arms need three hits for one roll."""
        v = s.vehicle
        if s.wclass == "mg":
            p = self.damage_plan(game, s.firer.pos, None, v, handheld=False)
            res = self.roll_damage(game.dice, p, f"{s.firer.name}'s MG hits {v.name}")
            self.apply_damage(game, v, res, s.firer.unit)
            return
        n = v.markers.get("small_arms_hits", 0) + 1
        need = self.rules.data.shooting.small_arms_hits_per_damage_roll
        if n < need:
            v.markers["small_arms_hits"] = n
            game.emit("vehicle", f"{v.name} takes a small arms hit ({n} of {need} for a damage roll).", figures=[v.id])
            return
        v.markers["small_arms_hits"] = 0
        p = self.damage_plan(game, s.firer.pos, None, v, handheld=False)
        res = self.roll_damage(game.dice, p, f"{need} small arms hits on {v.name}")
        self.apply_damage(game, v, res, s.firer.unit)

    # ---- guns and hand-held anti-tank weapons ------------------------------------------------------------------------------
    def band_of(self, rt: RangeTable, d: float, what: str) -> tuple[str, int]:
        require(d >= self.rules.mm(rt.minimum) - EPS, f"The target is {self.rules.fmt(d)} away: closer than the {what}'s minimum of {rt.minimum:g}\".")
        require(d <= self.rules.mm(rt.reach) + EPS, f"The target is {self.rules.fmt(d)} away: beyond the {what}'s range of {rt.reach:g}\".")
        b = next(b for b in rt.bands if d <= self.rules.mm(b.upto) + EPS)
        return b.name, b.need

    def ready_count(self, f: Figure, wid: str) -> int:
        return f.attrs.get("ready", {}).get(wid, 0)

    def shots_left(self, f: Figure, wid: str) -> int | None:
        w = self.rules.weapon(wid)
        if w.shots is None:
            return None
        return f.attrs.get("shots", {}).get(wid, w.shots)

    def heavy_plan(self, game: Game, firer_id: str | None, target_id: str | None, choice: str | None, strict: bool = True,
                   facing: str | None = None) -> HeavyShot:
        st = game.state
        f = self.rules.require_figure(game, firer_id, "figure that fires")
        o = parse_opts(choice)
        wid = o.get("weapon")
        if wid is None:
            wid = next((w for w, x in self.rules.weapons_of(f, "gun", "at", "flamethrower")), None)
        require(wid is not None and wid in f.weapons, f"{f.name} has no gun or anti-tank weapon.")
        w = self.rules.weapon(wid)  # type: ignore[arg-type]
        require(w.category in ("gun", "at", "flamethrower"), f"{w.name} is not a gun or anti-tank weapon.")
        require(wid not in f.markers.get("wrecked", []), f"{w.name} is wrecked.")
        handheld = w.category != "gun"
        if strict:
            require("facing" not in o, "The facing of a hit comes from the table (it is an option of the odds only).")
            self.rules.firing.firer_ready(game, f)
            if self.rules.is_vehicle(f) and w.category == "gun":
                require(not f.markers.get("optics"), f"{f.name}'s optics are hit: no main gun fire.")
            left = self.shots_left(f, wid)  # type: ignore[arg-type]
            require(left is None or left > 0, f"{f.name} has no {w.name} shots left.")
            if w.category == "flamethrower":
                require(not f.markers.get("moved"), f"{f.name} moved this turn: flamethrowers may not move and fire.")
        t = st.figures.get(target_id or "")
        if t is not None and not self.rules.is_vehicle(t) and t.unit in st.units:
            tv = self.rules.unit_vehicle(game, t.unit)
            if tv is not None:
                t = tv
        require(t is not None and t.side != f.side and t.alive, "Choose an enemy figure or vehicle to fire at.")
        vehicle_target = self.rules.is_vehicle(t)  # type: ignore[arg-type]
        if handheld:
            require(vehicle_target, f"{w.name} is fired at vehicles here ("
                    + ("use it as a rifle grenade against infantry)." if w.vs_infantry == "rifle_grenade" else "it has no effect on infantry)."))
        else:
            require(w.vs_infantry == "he" or vehicle_target, f"{w.name} fires only at vehicles.")
        require(self.rules.los(game, f, t).visible, f"{f.name} cannot see {t.name}.")  # type: ignore[union-attr]
        if strict:
            require(self.rules.spotting.is_spotted(game, f.side, t), f"{t.name} has not been spotted.")  # type: ignore[arg-type, union-attr]
        require(not self.rules.in_melee(game, t), f"{t.name} is in melee and may not be shot at.")  # type: ignore[arg-type, union-attr]
        if w.arc == "front" and self.rules.is_vehicle(f):
            require(self.facing_from(f, t.pos) == "front", f"{w.name} is hull-mounted: the target must be to the vehicle's front.")  # type: ignore[union-attr]
        d = hypot(f.x - t.x, f.y - t.y)  # type: ignore[union-attr]
        if w.category == "gun":
            band, need = self.band_of(self.rules.data.vehicles.gun_ranges[w.range], d, w.name)  # type: ignore[index]
        else:
            band, need = self.band_of(self.rules.data.anti_tank.ranges[w.range], d, w.name)  # type: ignore[index]
        need_mods: list[tuple[str, int]] = []
        if handheld and vehicle_target:
            vs = self.rules.data.vehicles
            moved = self.last_move(game, t)  # type: ignore[arg-type]
            if moved > self.rules.mm(vs.fast_move) + EPS:
                ang = abs((self.rules.heading(t.pos, f.pos) - t.facing + 180) % 360 - 180)  # type: ignore[union-attr]
                if ang > vs.towards_within:
                    need_mods.append((f"target moved {self.rules.fmt(moved)}, not towards the shooter", vs.fast_penalty))
        pool = self.rules.firing.action_pool(game, f, w)
        if strict:
            have = self.ready_count(f, wid) + self.rules.firing.pool_actions(pool)  # type: ignore[arg-type]
            require(have >= w.actions, f"{w.name} needs {w.actions} actions to fire; {f.name} has {self.ready_count(f, wid)} saved "  # type: ignore[arg-type]
                    f"and {self.rules.firing.pool_actions(pool)} left (ready it over several turns).")
        dmg = self.damage_plan(game, f.pos, w, t, handheld, facing) if vehicle_target else None  # type: ignore[arg-type]
        return HeavyShot(f, wid, w, pool, t, st.units[t.unit], d, band, need + sum(v for _, v in need_mods), need_mods, dmg, handheld)  # type: ignore[arg-type, union-attr]

    def pay_heavy(self, game: Game, h: HeavyShot) -> None:
        saved = self.ready_count(h.firer, h.wid)
        use = min(saved, h.weapon.actions)
        if saved:
            h.firer.attrs["ready"][h.wid] = saved - use
        self.rules.spend_pool(h.pool, h.weapon.actions - use)
        self.rules.firing.mark_fired(game, h.firer)
        left = self.shots_left(h.firer, h.wid)
        if left is not None:
            h.firer.attrs.setdefault("shots", {})[h.wid] = left - 1
        if h.weapon.category == "flamethrower":
            h.firer.markers["no_move"] = True

    def heavy_to_hit(self, dice: Dice, h: HeavyShot) -> bool:
        roll = dice.roll(self.rules.data.anti_tank.die, f"{h.firer.name} fires {h.weapon.name} at {h.target.name} ({h.band} range)",
                         target=f"{h.need}+", modifiers=h.need_mods, figures=[h.firer.id, h.target.id])
        hit = roll.value >= h.need
        roll.outcome = "hit" if hit else "miss"
        return hit

    def check_fire_gun(self, game: Game, cmd: Command) -> None:
        h = self.heavy_plan(game, cmd.figure, cmd.target, cmd.choice)
        require(h.weapon.category == "gun", f"{h.weapon.name} is not a gun.")

    def apply_fire_gun(self, game: Game, cmd: Command) -> None:
        h = self.heavy_plan(game, cmd.figure, cmd.target, cmd.choice)
        self.resolve_heavy(game, h)

    def check_fire_at(self, game: Game, cmd: Command) -> None:
        h = self.heavy_plan(game, cmd.figure, cmd.target, cmd.choice)
        require(h.weapon.category in ("at", "flamethrower"), f"{h.weapon.name} is not a hand-held anti-tank weapon.")

    def apply_fire_at(self, game: Game, cmd: Command) -> None:
        self.resolve_heavy(game, self.heavy_plan(game, cmd.figure, cmd.target, cmd.choice))

    def resolve_heavy(self, game: Game, h: HeavyShot) -> None:
        self.pay_heavy(game, h)
        self.rules.firing.note_target(game, h.target_unit, h.firer, heavy=True)
        if self.heavy_to_hit(game.dice, h):
            if h.damage is not None:
                res = self.roll_damage(game.dice, h.damage, f"{h.weapon.name} damage on {h.target.name} ({h.damage.facing})")
                self.apply_damage(game, h.target, res, h.firer.unit)
            else:
                self.rules.blasts.he_hit(game, h.firer, h.weapon, h.target)
        self.rules.firing.after_fire(game, [h.firer], h.target_unit)

    # ---- readying (actions saved from turn to turn) -----------------------------------------------------------------------
    def check_ready(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(st.phase == "action" and cmd.side == st.active_side, "Weapons are readied during your own turn.")
        f = self.rules.require_figure(game, cmd.figure)
        wid = parse_opts(cmd.choice).get("weapon")
        require(wid in f.weapons, f"{f.name} has no such weapon.")
        w = self.rules.weapon(wid)  # type: ignore[arg-type]
        require(w.accumulate, f"{w.name} fires with the actions of one turn; it cannot be readied in advance.")
        require(wid not in f.markers.get("wrecked", []), f"{w.name} is wrecked.")
        require(not self.rules.routing(st.units[f.unit]), "Routers cannot ready weapons.")
        if self.rules.is_vehicle(f):
            require(not self.stunned(game, f), f"{f.name}'s crew is stunned.")
        left = self.shots_left(f, wid)  # type: ignore[arg-type]
        require(left is None or left > 0, f"{f.name} has no {w.name} shots left.")
        if w.category == "explosives":
            require(f.attrs.get("charges", 0) > 0, f"{f.name} has no demolition charge left.")
        have = self.ready_count(f, wid)  # type: ignore[arg-type]
        require(have < w.actions, f"{w.name} is ready to fire ({have} of {w.actions} actions saved).")
        require(self.rules.firing.pool_actions(self.rules.firing.action_pool(game, f, w)) > 0, f"{f.name} has no actions left to ready {w.name}.")

    def apply_ready(self, game: Game, cmd: Command) -> None:
        f = game.state.figures[cmd.figure]
        wid = parse_opts(cmd.choice)["weapon"]
        w = self.rules.weapon(wid)
        have = self.ready_count(f, wid)
        paid = self.rules.spend_pool(self.rules.firing.action_pool(game, f, w), w.actions - have)
        n = sum(k for _, k in paid)
        f.attrs.setdefault("ready", {})[wid] = have + n
        game.emit("orders", f"{f.name} readies {w.name}: {have + n} of {w.actions} actions saved.", figures=[f.id])
