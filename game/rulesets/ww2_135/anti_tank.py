"""Anti-tank weapons and vehicles in My 1/35th Scale WWII Skirmish (L178, L288-320;
interpretation vehicles: the text has no other rules for vehicles).

``fire (figure, target, choice, options weapon=<bazooka|panzerschreck|panzerfaust|piat|tank_gun>)``
at a vehicle: 3 points (interpretation at-points), the target acquired first as any shot;
2d6 must be higher than the total of the range band (0-10" +1, 10-18" +3, 18-24" +5, none
beyond: interpretation at-range), been fired on +2 (interpretation been-fired-on), firer
moved +5, target moved +3, side shot -1; a double six is a failed shell (L288-300). A hit by
the facing it strikes (front and rear 90 degrees each about the vehicle's facing, the sides
between): rear destroyed; side 2d6, double one nothing, double six immobilised, anything
else destroyed (interpretation side-hit); front 2d6, any double nothing, else destroyed;
a half-track or truck is destroyed by any hit (L302-320). A Panzerfaust is thrown away once
fired.

A vehicle's main gun fires HE at a figure (``weapon=tank_gun``, aimed or un-aimed, the hit
roll of a shot): a hit bursts 4" across on the effect table; at a vehicle it fires by the
anti-tank table. ``smoke_dischargers (figure)``: 1 point, once a game: a smoke cloud on the
vehicle (L178). ``abandon (figure)``: 1 point (an action, L16): the crew bale out of an
immobilised vehicle, which is out of action from then (the solo AFV chart's "Bale out":
interpretation vehicles).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import hypot
from typing import TYPE_CHECKING

from shapely.geometry import Point

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.state import DESTROYED, Figure
from game.rulesets.parts import Chapter

from .status import ABANDONED, W135FigMark

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

#: weapons this chapter fires
HEAVY = frozenset({"anti_tank", "tank_gun"})


@dataclass(frozen=True)
class AtShot:
    firer: str
    target: str
    weapon: str
    cost: int
    total: int
    modifiers: tuple[tuple[str, int], ...]
    facing: str  # front, side or rear
    acquire: bool


class W135AntiTank(Chapter["Ww2135"]):
    rules: Ww2135

    def heavy(self, f: Figure, wid: str | None) -> bool:
        """``wid`` (the command's weapon) is one of ``f``'s anti-tank weapons or a main gun."""
        data = self.rules.data
        return wid is not None and wid in f.weapons and wid in data.weapons and data.weapons[wid].kind in HEAVY

    def facing(self, v: Figure, p: tuple[float, float]) -> str:
        """Which face of vehicle ``v`` a shot from ``p`` strikes: front, side or rear."""
        off = abs((self.rules.heading(v.pos, p) - v.facing + 180.0) % 360.0 - 180.0)
        return "front" if off <= 45.0 else "rear" if off >= 135.0 else "side"

    # ---- the shot (L288-300) ------------------------------------------------------------------------------
    def plan(self, game: Game, cmd: Command) -> AtShot:
        rules = self.rules
        st = game.state
        f, t = st.figures.get(cmd.figure or ""), st.figures.get(cmd.target or "")
        if f is None or t is None:
            refuse("Name the firer and the vehicle it fires at.")
        wid = cmd.option("weapon") or ""
        w = rules.data.weapons[wid]
        require(cmd.side == st.active_side, f"{f.name} fires in its own side's turn.")
        require(t.alive and st.hostile(f.side, t.side), f"{t.name} is not an enemy in action.")
        require(rules.is_vehicle(t), f"The {w.name} fires at vehicles ({t.name} is not one).")
        require(rules.melee.committed(game, f) is None, f"{f.name} was counted in a surrender this turn: it fires at no other figure (L229).")
        level = rules.morale.word(rules.morale.level(f))
        require(level not in rules.data.shooting.cannot_fire, f"{f.name} is {level} and cannot fire (L79, interpretation fire-levels).")
        sight = rules.sight.sees(game, f, t)
        require(sight.visible, f"{f.name} cannot see {t.name}: {sight.why}.")
        inches = rules.in_units(sight.distance)
        cost, mods = self.firer_terms(game, f, inches, f"{t.name} is")
        acquire = not rules.acquisition.acquired(game, f, t)
        if acquire:
            require(not rules.acquisition.tried(game, f, t), f"{f.name} failed to acquire {t.name} this turn (L35).")
        m = rules.data.anti_tank.modifiers
        if rules.moving.moved_latest(game, t) > 1e-9:
            mods.append(("target moved", m.target_moved))
        face = self.facing(t, f.pos)
        if face == "side":
            mods.append(("side shot", m.side_shot))
        return AtShot(f.id, t.id, wid, cost, sum(v for _, v in mods), tuple(mods), face, acquire)

    def firer_terms(self, game: Game, f: Figure, inches: float, what: str) -> tuple[int, list[tuple[str, int]]]:
        """The points an anti-tank shot costs (refused when ``f`` has fewer) and the firer's
        modifiers (L294-298): the range band (none beyond the last: interpretation at-range),
        been fired on, firer moved. ``what`` begins the refusal of a shot out of range."""
        rules = self.rules
        at = rules.data.anti_tank
        band = next((b for b in at.bands if inches <= b.upto + 1e-9), None)
        if band is None:
            refuse(f"{what} {inches:.1f}\" away; anti-tank fire reaches {at.bands[-1].upto:g}\" (interpretation at-range).")
        assert band is not None
        cost = rules.data.actions["unaimed_fire"].fixed() or 0
        require(rules.points(game, f) >= cost, f"{f.name} has {rules.points(game, f)} points left; an anti-tank shot costs {cost}.")
        mods: list[tuple[str, int]] = [(f'range {inches:.1f}"', band.mod)]
        fired_at = f.markers.get(W135FigMark.FIRED_AT)
        if isinstance(fired_at, int) and fired_at > rules.sideturn(game) - len(game.state.side_order):
            mods.append(("been fired on", at.modifiers.been_fired_on))
        if rules.moving.moved(game, f) > 1e-9:
            mods.append(("firer moved", at.modifiers.firer_moved))
        return cost, mods

    # ---- at a building (L290, interpretation at-buildings) --------------------------------------------------
    def building_plan(self, game: Game, cmd: Command) -> tuple[Figure, str, tuple[float, float], int, list[tuple[str, int]]]:
        """(firer, weapon, the point on the wall, the total, the modifiers) of an anti-tank shot at a building."""
        rules = self.rules
        st = game.state
        f = st.figures.get(cmd.figure or "")
        if f is None or cmd.point is None:
            refuse("Name the firer and the point on the building's wall.")
        assert f is not None and cmd.point is not None
        p = (float(cmd.point[0]), float(cmd.point[1]))
        wid = cmd.option("weapon") or ""
        require(wid in f.weapons and wid in rules.data.weapons, f"{f.name} carries no such weapon to fire at a building.")
        w = rules.data.weapons[wid]
        require(w.kind == "anti_tank", f"The {w.name} is not fired at buildings (L290 names the bazooka and its kind).")
        require(cmd.side == st.active_side, f"{f.name} fires in its own side's turn.")
        level = rules.morale.word(rules.morale.level(f))
        require(level not in rules.data.shooting.cannot_fire, f"{f.name} is {level} and cannot fire (L79, interpretation fire-levels).")
        walls = [g for g in game.table.features if g.type.id in ("building", "bunker") and g.area.boundary.distance(Point(p)) <= rules.mm(0.5)]
        require(bool(walls), "Aim at a point on a building's wall (L290).")
        back = hypot(f.x - p[0], f.y - p[1]) or 1.0
        face = (p[0] + (f.x - p[0]) / back, p[1] + (f.y - p[1]) / back)  # the wall's face, a millimetre out
        seen = rules.sight.sees_point(game, f, face)
        require(seen.visible, f"{f.name} cannot see that point: {seen.why}.")
        inches = rules.in_units(hypot(p[0] - f.x, p[1] - f.y))
        _, mods = self.firer_terms(game, f, inches, "That is")
        mods.append(("a building: a side shot (L290)", rules.data.anti_tank.modifiers.side_shot))
        return f, wid, p, sum(v for _, v in mods), mods

    def fire_at_building(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        f, wid, p, total, mods = self.building_plan(game, cmd)
        w = rules.data.weapons[wid]
        rules.pay(game, f, rules.data.actions["unaimed_fire"].fixed() or 0, f"firing the {w.name}")
        f.markers[W135FigMark.FIRED] = rules.sideturn(game)
        f.markers.pop(W135FigMark.HIDDEN, None)
        if w.single_shot:
            f.weapons = [x for x in f.weapons if x != wid]
        r = game.dice.roll(rules.data.anti_tank.dice, f"{f.name} fires the {w.name} at the building", target=f"more than {total}",
                           modifiers=mods, figures=[f.id])
        if r.faces == [6, 6] or r.total <= total:
            r.outcome = "a failed shell" if r.faces == [6, 6] else "miss"
            return
        r.outcome = "hit"
        reach = rules.mm(rules.data.anti_tank.building_radius)
        inside = [o for o in game.state.figures.values() if o.alive and not rules.is_vehicle(o) and rules.blasts.in_building(game, o)
                  and hypot(o.x - p[0], o.y - p[1]) <= reach + 1e-6]
        rules.blasts.effect(game, sorted(inside, key=lambda o: o.id), f"The {w.name}'s hit on the building")

    def fire(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        st = game.state
        shot = self.plan(game, cmd)
        f, t = st.figures[shot.firer], st.figures[shot.target]
        w = rules.data.weapons[shot.weapon]
        if not rules.firing.open_fire(game, f, t, shot.acquire, shot.cost, f"firing the {w.name}", True):
            return
        if w.single_shot:
            f.weapons = [x for x in f.weapons if x != shot.weapon]
        r = game.dice.roll(rules.data.anti_tank.dice, f"{f.name} fires the {w.name} at {t.name}'s {shot.facing}",
                           target=f"more than {shot.total}", modifiers=list(shot.modifiers), figures=[f.id, t.id])
        if r.faces == [6, 6]:
            r.outcome = "a failed shell"
            return
        if r.total <= shot.total:
            r.outcome = "miss"
            return
        r.outcome = "hit"
        self.damage(game, t, shot.facing)

    def damage(self, game: Game, t: Figure, face: str) -> None:
        """A hit on vehicle ``t``'s ``face`` (L302-320)."""
        rules = self.rules
        td = rules.data.tank_damage
        tt = rules.data.troop_types[t.type]
        if tt.vehicle == "soft_skin":
            result = td.soft_skin
        elif face == "rear":
            result = td.rear
        else:
            r = game.dice.roll("2d6", f"the hit on {t.name}'s {face}", figures=[t.id])
            a, b = r.faces
            if face == "side":
                result = td.side.double_one if a == b == 1 else td.side.double_six if a == b == 6 else \
                    td.side.other_double if a == b else td.side.not_double
            else:
                result = td.front.any_double if a == b else td.front.not_double
            r.outcome = result.replace("_", " ")
        if result == "destroyed":
            t.life = DESTROYED
            game.emit("casualty", f"{t.name} is destroyed.", figures=[t.id], side=t.side)
            rules.note_losses(game, t.unit, 1, None)
        elif result == "immobilised":
            t.markers[W135FigMark.IMMOBILE] = True
            game.emit("casualty", f"{t.name} is immobilised.", figures=[t.id], side=t.side)
        else:
            game.emit("fire", f"The hit does {t.name} no damage.", figures=[t.id], side=t.side)

    # ---- the main gun's HE (interpretation vehicles) -------------------------------------------------------
    def he_burst(self, game: Game, f: Figure, t: Figure, wid: str) -> None:
        """A main gun's HE hit on ``t``: a burst on the effect table around it."""
        w = self.rules.data.weapons[wid]
        self.rules.blasts.explode(game, t.pos, w.burst_area or 4.0, f"{f.name}'s {w.name} shell")

    # ---- smoke shells (L178) ------------------------------------------------------------------------------------
    def smoke_plan(self, game: Game, cmd: Command) -> tuple[Figure, tuple[float, float]]:
        rules = self.rules
        st = game.state
        f = st.figures.get(cmd.figure or "")
        if f is None or cmd.point is None:
            refuse("Name the tank and the point for its smoke shell.")
        assert f is not None and cmd.point is not None
        require("tank_gun" in f.weapons, f"{f.name} has no main gun to fire smoke.")
        require(cmd.side == st.active_side, f"{f.name} fires in its own side's turn.")
        p = (float(cmd.point[0]), float(cmd.point[1]))
        seen = rules.sight.sees_point(game, f, p)
        require(seen.visible, f"{f.name} cannot see that point: {seen.why}.")
        cost = rules.data.actions["unaimed_fire"].fixed() or 0
        require(rules.points(game, f) >= cost, f"{f.name} has {rules.points(game, f)} points left; a shot costs {cost}.")
        return f, p

    def smoke_shell(self, game: Game, cmd: Command) -> None:
        """A smoke shell lands as a mortar round does (2d6 2-7 on target, else 2d3" off) and
        lays a 5" cloud (L178, interpretation vehicles)."""
        rules = self.rules
        f, p = self.smoke_plan(game, cmd)
        rules.pay(game, f, rules.data.actions["unaimed_fire"].fixed() or 0, "a smoke shell")
        f.markers[W135FigMark.FIRED] = rules.sideturn(game)
        at = rules.mortars.landing(game, f.name, [f.id], p, False, "smoke shell")
        rules.blasts.lay_smoke(game, at, f"start:{f.side}", f"{f.name}'s smoke shell bursts")

    # ---- smoke dischargers (L178) ----------------------------------------------------------------------------
    def check_smoke_dischargers(self, game: Game, cmd: Command) -> None:
        st = game.state
        f = st.figures.get(cmd.figure or "")
        if f is None:
            refuse("Name the vehicle.")
        require(cmd.side == st.active_side, f"{f.name} acts in its own side's turn.")
        require("smoke_dischargers" in f.equipment, f"{f.name} has no smoke dischargers (or has fired them).")
        cost = self.rules.data.actions["perform_action"].fixed() or 0
        require(self.rules.points(game, f) >= cost, f"{f.name} has no points left.")

    def apply_smoke_dischargers(self, game: Game, cmd: Command) -> None:
        f = game.state.figures[cmd.figure or ""]
        self.rules.pay(game, f, self.rules.data.actions["perform_action"].fixed() or 0, "firing its smoke dischargers")
        f.equipment = [e for e in f.equipment if e != "smoke_dischargers"]
        self.rules.blasts.lay_smoke(game, f.pos, f"start:{f.side}", f"{f.name} fires its smoke dischargers")

    # ---- baling out (the solo AFV chart's "Bale out: abandon immobile vehicles") --------------------------------
    def check_abandon(self, game: Game, cmd: Command) -> None:
        st = game.state
        f = st.figures.get(cmd.figure or "")
        if f is None or not self.rules.is_vehicle(f) or not f.alive:
            refuse("Name a vehicle in action.")
        require(cmd.side == st.active_side == f.side, f"{f.name}'s crew bale out in their own side's turn.")
        require(bool(f.markers.get(W135FigMark.IMMOBILE)), f"{f.name} is not immobilised: crews abandon immobile vehicles only.")
        cost = self.rules.data.actions["perform_action"].fixed() or 0
        require(self.rules.points(game, f) >= cost, f"{f.name} has no points left.")

    def apply_abandon(self, game: Game, cmd: Command) -> None:
        f = game.state.figures[cmd.figure or ""]
        self.rules.pay(game, f, self.rules.data.actions["perform_action"].fixed() or 0, "baling out")
        f.life = ABANDONED
        game.emit("casualty", f"{f.name}'s crew bale out: the immobilised vehicle is abandoned, out of action.", figures=[f.id], side=f.side)
        self.rules.note_losses(game, f.unit, 1, None)
