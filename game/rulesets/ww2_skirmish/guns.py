"""WW2 Skirmish: guns and damage ("Vehicles", "Notes on vehicles", "Hand held anti-tank
weapons"): guns firing with their accumulated actions, hand-held anti-tank weapons,
readying, small arms against vehicles, and the d20 damage tables. Vehicle movement,
crews and passengers are in vehicles.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.dice import Dice, changes
from game.core.game import Game
from game.core.keys import FigureMark
from game.core.state import DEAD, Figure, Unit
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.common import EPS
from game.rulesets.ww2_skirmish.data import DamageRow, RangeTable, Weapon
from game.rulesets.ww2_skirmish.options import Ww2Options
from game.rulesets.ww2_skirmish.status import Ww2FigAttr, Ww2FigMark, Ww2UnitMark

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.fire import Shot
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


class Ww2Guns(Chapter["Ww2Skirmish"]):
    """Guns and anti-tank weapons firing, and what a hit does to a vehicle."""

    rules: Ww2Skirmish

    # ---- the damage tables ----------------------------------------------------------------------------------------------
    def damage_plan(self, game: Game, source: tuple[float, float], w: Weapon | None, v: Figure, handheld: bool,
                    facing: str | None = None) -> DamagePlan:
        vt = self.rules.vehicles.vtype(v)
        mods = self.rules.data.vehicles.modifiers
        facing = facing or self.rules.vehicles.facing_from(v, source)
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
            if w.vs_afv in ("hvap", "at57"):  # cumulative (L478): a 17pdr is a 57mm gun or larger too
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
                             modifiers=p.mods, figures=[p.target.id], cuts=(fa.no_effect_upto + 1 - total, fa.abandon_upto + 1 - total))
            s = roll.value + total
            res = "none" if s <= fa.no_effect_upto else ("abandon" if s <= fa.abandon_upto else "explode")
            roll.outcome = {"none": "no effect", "abandon": "crew abandon the vehicle", "explode": "explodes in a ball of flame"}[res]
            return res
        table = vs.afv_table if p.table == "afv" else vs.soft_table
        roll = dice.roll(vs.damage_die, reason, target=f"{p.table.upper() if p.table == 'afv' else 'soft vehicle'} damage table",
                         modifiers=p.mods, figures=[p.target.id], cuts=changes(vs.damage_die, lambda face: vs.row(table, face + total)))
        row = vs.row(table, roll.value + total)
        roll.outcome = row.text
        return row

    def damage_key(self, v: Figure, res: str | DamageRow) -> str:
        """A word for the odds: what the damage comes to on this vehicle."""
        if isinstance(res, str):
            return {"none": "no effect", "abandon": "abandoned", "explode": "explodes"}[res]
        r = res.result
        vt = self.rules.vehicles.vtype(v)
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
        key = self.damage_key(v, res)  # what it comes to, said in the log (and read by the odds)
        game.emit("vehicle", f"{v.name} is hit: {key}.", figures=[v.id], data={"damage": key})
        if isinstance(res, str):
            if res == "abandon":
                self.rules.vehicles.abandon_vehicle(game, v, "the crew flee the flames", burning=False)
            elif res == "explode":
                self.rules.vehicles.explode(game, v, "a ball of flame", by_unit)
            return
        r = res.result
        vt = self.rules.vehicles.vtype(v)
        if r == "traction":
            r = "immobilised" if vt.drive == "wheeled" else "none"
        if r == "petrol_explode":
            r = "explode" if vt.petrol else "driver_stop"
        if r in ("none", "dud"):
            return
        if r == "occupants":
            occ = self.rules.occupants(game, v)
            n = len(occ) if res.count is None else min(res.count, len(occ))
            victims = [occ[i] for i in game.dice.choose_some(len(occ), n, f"which occupants of {v.name} are hit", figures=[v.id])]
            mods = [("as hit by an MG", self.rules.data.fire_effect.automatic)]
            for o in victims:
                out = self.rules.effects.effect_result(game.dice, mods, o, f"{o.name} (in {v.name}) dices as hit by an MG")
                self.rules.effects.apply_effect(game, o, out, f"hit inside {v.name}", by_unit)
            return
        if r == "immobilised":
            v.markers[Ww2FigMark.IMMOBILE] = True
            game.emit("vehicle", f"{v.name} is immobilised for the rest of the game.", figures=[v.id])
        elif r in ("driver_crash", "driver_stop"):
            d = self.rules.vehicles.driver(game, v)
            if d is not None:
                d.life = DEAD
                self.rules.note_losses(game, v.unit, 1, by_unit)
                game.emit("casualty", f"{d.name}, the driver of {v.name}, is killed.", figures=[d.id, v.id])
            self.rules.vehicles.driver_lost(game, v)
        elif r == "fire":
            self.rules.vehicles.abandon_vehicle(game, v, "it is on fire", burning=True)
        elif r == "explode":
            self.rules.vehicles.explode(game, v, res.text, by_unit)
        elif r == "stunned":
            v.markers[Ww2FigMark.STUNNED_UNTIL] = self.rules.next_own_sideturn(game, v.side)
            game.emit("vehicle", f"{v.name}'s crew is stunned: it may do nothing next turn.", figures=[v.id])
        elif r == "optics":
            v.markers[Ww2FigMark.OPTICS] = True
            game.emit("vehicle", f"{v.name}'s optics are hit: no more main gun fire.", figures=[v.id])
        elif r == "weapon":
            live = [wid for wid in v.weapons if wid not in v.markers.get(Ww2FigMark.WRECKED, [])]
            if live:
                i = game.dice.choose_index(len(live), f"which weapon of {v.name} is wrecked", figures=[v.id])
                v.markers.setdefault(Ww2FigMark.WRECKED, []).append(live[i])
                game.emit("vehicle", f"{v.name}'s {self.rules.weapon(live[i]).name} is wrecked.", figures=[v.id])
        elif r == "ammo_fire":
            roll = game.dice.roll(self.rules.data.vehicles.ammo_fire_die, f"{v.name}'s ammunition burns", target="turns until it explodes",
                                  figures=[v.id])
            roll.outcome = f"explodes at the start of turn {st.turn + roll.value}"
            self.rules.vehicles.abandon_vehicle(game, v, "its ammunition is on fire", burning=True)
            v.markers[Ww2FigMark.EXPLODES_TURN] = st.turn + roll.value
        if st.units[v.unit].markers.get(Ww2UnitMark.FIRED_AT) is not None:
            self.rules.vehicles.auto_abandon(game)

    def small_arms_vs_vehicle(self, game: Game, s: Shot, v: Figure) -> None:
        """MG hits roll on the soft vehicle table; other small arms need three hits for one
        roll. ``v`` is the soft vehicle ``s`` hit."""
        if s.wclass == "mg":
            p = self.damage_plan(game, s.firer.pos, None, v, handheld=False)
            res = self.roll_damage(game.dice, p, f"{s.firer.name}'s MG hits {v.name}")
            self.apply_damage(game, v, res, s.firer.unit)
            return
        n = v.markers.get(Ww2FigMark.SMALL_ARMS_HITS, 0) + 1
        need = self.rules.data.shooting.small_arms_hits_per_damage_roll
        if n < need:
            v.markers[Ww2FigMark.SMALL_ARMS_HITS] = n
            game.emit("vehicle", f"{v.name} takes a small arms hit ({n} of {need} for a damage roll).", figures=[v.id],
                      data={"damage": "small arms hit (3 make a damage roll)"})
            return
        v.markers[Ww2FigMark.SMALL_ARMS_HITS] = 0
        p = self.damage_plan(game, s.firer.pos, None, v, handheld=False)
        res = self.roll_damage(game.dice, p, f"{need} small arms hits on {v.name}")
        self.apply_damage(game, v, res, s.firer.unit)

    # ---- guns and hand-held anti-tank weapons ------------------------------------------------------------------------------
    def band_of(self, rt: RangeTable, d: float, what: str) -> tuple[str, int]:
        require(d >= self.rules.mm(rt.minimum) - EPS, f"The target is {self.rules.fmt(d)} away: closer than the {what}'s minimum of {rt.minimum:g}\".")
        require(d <= self.rules.mm(rt.reach) + EPS, f"The target is {self.rules.fmt(d)} away: beyond the {what}'s range of {rt.reach:g}\".")
        b = next(b for b in rt.bands if d <= self.rules.mm(b.upto) + EPS)
        return b.name, b.need

    def affects(self, w: Weapon, v: Figure) -> bool:
        """Whether the weapon can damage vehicle ``v`` (AT rifles are "only effective
        against AFVs")."""
        return w.vs_vehicles == "all" or (w.vs_vehicles == "afv" and self.rules.is_afv(v))

    def ready_count(self, f: Figure, wid: str) -> int:
        return f.attrs.get(Ww2FigAttr.READY, {}).get(wid, 0)

    def shots_left(self, f: Figure, wid: str) -> int | None:
        w = self.rules.weapon(wid)
        if w.shots is None:
            return None
        return f.attrs.get(Ww2FigAttr.SHOTS, {}).get(wid, w.shots)

    def weapon_refusal(self, f: Figure, wid: str, w: Weapon) -> str | None:
        """Why ``f``'s gun, anti-tank weapon or flamethrower may not fire now whatever its
        target: its optics hit (a vehicle's main gun), no shots left; or None."""
        if self.rules.is_vehicle(f) and w.category == "gun" and f.markers.get(Ww2FigMark.OPTICS):
            return f"{f.name}'s optics are hit: no main gun fire."
        left = self.shots_left(f, wid)
        if left is not None and left <= 0:
            return f"{f.name} has no {w.name} shots left."
        return None

    def may_fire(self, game: Game, f: Figure, wid: str, w: Weapon) -> bool:
        """Whether ``f``'s gun or anti-tank weapon might fire now (at some target): not
        refused by :meth:`weapon_refusal`, and the actions it needs saved or left with its
        crew (the AI's and the reactions' list of shots leaves the rest out)."""
        return self.weapon_refusal(f, wid, w) is None and self.actions_refusal(f, wid, w, self.rules.firing.action_pool(game, f, w)) is None

    def actions_refusal(self, f: Figure, wid: str, w: Weapon, pool: list[Figure]) -> str | None:
        """Why ``f`` may not fire ``w`` with the actions saved and left with its crew ``pool``;
        or None."""
        if self.ready_count(f, wid) + self.rules.firing.pool_actions(pool) >= w.actions:
            return None
        return (f"{w.name} needs {w.actions} actions to fire; {f.name} has {self.ready_count(f, wid)} saved "
                f"and {self.rules.firing.pool_actions(pool)} left (ready it over several turns).")

    def heavy_plan(self, game: Game, firer_id: str | None, target_id: str | None, opts: Ww2Options, strict: bool = True) -> HeavyShot:
        st = game.state
        f = self.rules.require_figure(game, firer_id, "figure that fires")
        wid = opts.weapon
        if wid is None:
            wid = next((w for w, x in self.rules.weapons_of(f, "gun", "at", "flamethrower")), None)
        if wid is None or wid not in f.weapons:
            refuse(f"{f.name} has no gun or anti-tank weapon.")
        w = self.rules.weapon(wid)
        require(w.category in ("gun", "at", "flamethrower"), f"{w.name} is not a gun or anti-tank weapon.")
        require(wid not in f.markers.get(Ww2FigMark.WRECKED, []), f"{w.name} is wrecked.")
        handheld = w.category != "gun"
        if strict:
            require(opts.facing is None, "The facing of a hit comes from the table (it is an option of the odds only).")
            self.rules.firing.firer_ready(game, f)
            why = self.weapon_refusal(f, wid, w)
            require(why is None, why or "")
            if w.category == "flamethrower":
                require(not f.markers.get(FigureMark.MOVED), f"{f.name} moved this turn: flamethrowers may not move and fire.")
        t = st.figures.get(target_id or "")
        if t is not None and not self.rules.is_vehicle(t) and t.unit in st.units:
            tv = self.rules.unit_vehicle(game, t.unit)
            if tv is not None:
                t = tv
        if t is None or not (t.side != f.side and t.alive):
            refuse("Choose an enemy figure or vehicle to fire at.")
        vehicle_target = self.rules.is_vehicle(t)
        if handheld:
            require(vehicle_target, f"{w.name} is fired at vehicles here ("
                    + ("use it as a rifle grenade against infantry)." if w.vs_infantry == "rifle_grenade" else "it has no effect on infantry)."))
        else:
            require(w.vs_infantry == "he" or vehicle_target, f"{w.name} fires only at vehicles.")
        if vehicle_target and not self.affects(w, t):
            refuse(f"{w.name} is only effective against AFVs: {t.name} is a soft-skinned vehicle." if w.vs_vehicles == "afv"
                   else f"{w.name} has no effect on vehicles.")
        require(self.rules.los(game, f, t).visible, f"{f.name} cannot see {t.name}.")
        if strict:
            require(self.rules.spotting.is_spotted(game, f.side, t), f"{t.name} has not been spotted.")
        require(not self.rules.in_melee(game, t), f"{t.name} is in melee and may not be shot at.")
        if w.arc == "front" and self.rules.is_vehicle(f):
            require(self.rules.vehicles.facing_from(f, t.pos) == "front", f"{w.name} is hull-mounted: the target must be to the vehicle's front.")
        d = self.rules.apart(f, t)  # base edge to base edge (to the vehicle's base)
        if w.category == "gun":
            band, need = self.band_of(self.rules.data.vehicles.gun_range(w.range_key), d, w.name)
        else:
            band, need = self.band_of(self.rules.data.anti_tank.ranges[w.range_key], d, w.name)
        need_mods: list[tuple[str, int]] = []
        if handheld and vehicle_target:
            vs = self.rules.data.vehicles
            moved = self.rules.vehicles.last_move(game, t)
            if moved > self.rules.mm(vs.fast_move) + EPS:
                ang = abs((self.rules.heading(t.pos, f.pos) - t.facing + 180) % 360 - 180)
                if ang > vs.towards_within:
                    need_mods.append((f"target moved {self.rules.fmt(moved)}, not towards the shooter", vs.fast_penalty))
        pool = self.rules.firing.action_pool(game, f, w)
        if strict:
            why = self.actions_refusal(f, wid, w, pool)
            require(why is None, why or "")
        dmg = self.damage_plan(game, f.pos, w, t, handheld, opts.facing) if vehicle_target else None
        return HeavyShot(f, wid, w, pool, t, st.units[t.unit], d, band, need + sum(v for _, v in need_mods), need_mods, dmg, handheld)

    def pay_heavy(self, game: Game, h: HeavyShot) -> None:
        saved = self.ready_count(h.firer, h.wid)
        use = min(saved, h.weapon.actions)
        if saved:
            h.firer.attrs[Ww2FigAttr.READY][h.wid] = saved - use
        self.rules.spend_pool(h.pool, h.weapon.actions - use)
        self.rules.firing.mark_fired(game, h.firer)
        left = self.shots_left(h.firer, h.wid)
        if left is not None:
            h.firer.attrs.setdefault(Ww2FigAttr.SHOTS, {})[h.wid] = left - 1
        if h.weapon.category == "flamethrower":
            h.firer.markers[Ww2FigMark.NO_MOVE] = True

    def heavy_to_hit(self, dice: Dice, h: HeavyShot) -> bool:
        roll = dice.roll(self.rules.data.anti_tank.die, f"{h.firer.name} fires {h.weapon.name} at {h.target.name} ({h.band} range)",
                         target=f"{h.need}+", modifiers=h.need_mods, figures=[h.firer.id, h.target.id], cuts=(h.need,))
        hit = roll.value >= h.need
        roll.outcome = "hit" if hit else "miss"
        return hit

    def check_fire_gun(self, game: Game, cmd: Command) -> None:
        h = self.checked_heavy(game, cmd)
        require(h.weapon.category == "gun", f"{h.weapon.name} is not a gun.")

    def checked_heavy(self, game: Game, cmd: Command) -> HeavyShot:
        """The gun or anti-tank shot ``cmd`` asks for, as its check works it out (kept for
        the reading scope, where the AI weighs it and submit checks it, and for its apply)."""
        opts = Ww2Options.of(cmd)
        return self.rules.recall(game, ("heavy_plan", cmd.figure, cmd.target, opts),
                                 lambda: self.heavy_plan(game, cmd.figure, cmd.target, opts))

    def applied_heavy(self, game: Game, cmd: Command) -> HeavyShot:
        """The shot ``cmd`` asks for as its apply begins: its check's plan when submit
        has just checked it, else worked out."""
        opts = Ww2Options.of(cmd)
        return self.rules.planned(game, cmd, ("heavy_plan", cmd.figure, cmd.target, opts),
                                  lambda: self.heavy_plan(game, cmd.figure, cmd.target, opts))

    def apply_fire_gun(self, game: Game, cmd: Command) -> None:
        self.resolve_heavy(game, self.applied_heavy(game, cmd))

    def check_fire_at(self, game: Game, cmd: Command) -> None:
        h = self.checked_heavy(game, cmd)
        require(h.weapon.category in ("at", "flamethrower"), f"{h.weapon.name} is not a hand-held anti-tank weapon.")

    def apply_fire_at(self, game: Game, cmd: Command) -> None:
        self.resolve_heavy(game, self.applied_heavy(game, cmd))

    def resolve_heavy(self, game: Game, h: HeavyShot) -> None:
        self.pay_heavy(game, h)
        # flame is "under fire from ... flame" (an AFV's fire is counted by note_target); a
        # gun or hand-held AT weapon is the AFV chart's "under fire from Anti tank weapons"
        self.rules.firing.note_target(game, h.target_unit, h.firer, heavy=h.weapon.category == "flamethrower",
                                      at=h.weapon.category in ("gun", "at"))
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
        wid = Ww2Options.of(cmd).weapon
        if wid is None or wid not in f.weapons:
            refuse(f"{f.name} has no such weapon.")
        w = self.rules.weapon(wid)
        require(w.accumulate, f"{w.name} fires with the actions of one turn; it cannot be readied in advance.")
        require(wid not in f.markers.get(Ww2FigMark.WRECKED, []), f"{w.name} is wrecked.")
        require(not self.rules.routing(st.units[f.unit]), "Routers cannot ready weapons.")
        if self.rules.is_vehicle(f):
            self.rules.vehicles.require_awake(game, f)
        left = self.shots_left(f, wid)
        require(left is None or left > 0, f"{f.name} has no {w.name} shots left.")
        if w.category == "explosives":
            require(f.attrs.get(Ww2FigAttr.CHARGES, 0) > 0, f"{f.name} has no demolition charge left.")
        have = self.ready_count(f, wid)
        require(have < w.actions, f"{w.name} is ready to fire ({have} of {w.actions} actions saved).")
        require(self.rules.firing.pool_actions(self.rules.firing.action_pool(game, f, w)) > 0, f"{f.name} has no actions left to ready {w.name}.")

    def apply_ready(self, game: Game, cmd: Command) -> None:
        f = game.state.figures[cmd.figure_id]
        wid = Ww2Options.of(cmd).weapon_id
        w = self.rules.weapon(wid)
        have = self.ready_count(f, wid)
        paid = self.rules.spend_pool(self.rules.firing.action_pool(game, f, w), w.actions - have)
        n = sum(k for _, k in paid)
        f.attrs.setdefault(Ww2FigAttr.READY, {})[wid] = have + n
        game.emit("orders", f"{f.name} readies {w.name}: {have + n} of {w.actions} actions saved.", figures=[f.id])
