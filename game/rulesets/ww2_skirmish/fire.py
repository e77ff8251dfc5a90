"""WW2 Skirmish: small arms ("Shooting", "To Hit", "Fire effect", "Effect of hits"),
casualties and suppression, fire teams shooting and firing together. Morale tests are in
``ww2_skirmish_morale``, reactive fire in ``ww2_skirmish_react``.

A shot is worked out by :meth:`Ww2Firing.shot_plan` before any dice (the same plan
serves the check, the roll and the odds); :meth:`resolve_shot` rolls it with any dice
(the game's, or the odds enumerator's). Effects on figures go through
:meth:`apply_effect`, which also handles the flamethrower man's fate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.dice import Dice
from game.core.game import Game
from game.core.keys import FigureMark
from game.core.state import Figure, Unit
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.common import EPS, LEADER_ROLES, SUPPORT_ROLES
from game.rulesets.ww2_skirmish.data import SHOT_ORDER, SMALL_ARMS
from game.rulesets.ww2_skirmish.options import Ww2Options
from game.rulesets.ww2_skirmish.status import Ww2FigAttr, Ww2FigMark, Ww2UnitMark

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.data import ArmClass, Shooting, ShotName, Weapon
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish

RESULTS = ("none", "suppressed", "wounded", "disabled", "killed")


@dataclass
class ShotTarget:
    """What a firer sees of a target team, whatever the weapon and the shot type."""

    target: Unit
    vehicle: Figure | None
    candidates: list[str]  # the figures a hit may fall on
    dist: float  # to the nearest figure it sees that is not in melee
    cover: int  # of the figures a hit may fall on, the least (0 none, 1 soft, 2 hard); a vehicle's own
    single: bool
    dispersed: bool


@dataclass
class Shot:
    """One small-arms shot, worked out before any dice."""

    firer: Figure
    wid: str
    weapon: Weapon
    wclass: ArmClass
    mode: str | None  # assault rifles: 'rifle' or 'smg'
    shot: ShotName
    cost: int
    pool: list[Figure]  # who pays the actions, firer first
    target: Unit
    distance: float
    band: int  # true range band, 0 = point blank
    shifted: int  # after band shifts
    need: int | None  # None: cannot hit individually
    auto: bool  # automatic hit at point blank on an inactive target
    shifts: list[tuple[str, int]]
    effect_mods: list[tuple[str, int]]
    candidates: list[str]  # the figures a hit may fall on
    pick: str | None = None  # a sniper's chosen victim
    bunker: bool = False  # small arms at a bunker: a 20 kills one occupant
    vehicle: Figure | None = None  # a soft vehicle shot at (not its occupants)
    occupants: bool = False
    notes: list[str] = field(default_factory=list)


@dataclass
class ShotArms:
    """The part of a shot fixed by the firer and its weapon (:meth:`Ww2Firing.shot_arms`)."""

    wid: str
    weapon: Weapon
    wclass: ArmClass
    mode: str | None
    pool: list[Figure]
    moved: str | None  # a belt-fed MG that moved: refused, after the shot type's own refusal
    cap: int | None  # a vehicle MG's actions this turn (strict only), of which ``used`` are spent
    used: int
    have: int | None  # the actions of the pool (strict only)


@dataclass
class ShotReach:
    """The part of a shot fixed by the weapon's class and the target (:meth:`Ww2Firing.shot_reach`)."""

    target: Unit
    vehicle: Figure | None
    candidates: list[str]
    dist: float
    band: int
    shifted: int
    shifts: list[tuple[str, int]]
    auto: bool
    emods: list[tuple[str, int]]
    pick: str | None
    bunker: bool
    notes: list[str]


class Ww2Firing(Chapter["Ww2Skirmish"]):
    # ---- may this figure shoot now? --------------------------------------------------------------
    rules: Ww2Skirmish

    def fire_timing(self, game: Game, f: Figure) -> None:
        """Refuses unless ``f`` may shoot now: in its side's turn, or in the enemy's turn
        if it neither moved nor fired in its own last turn."""
        st = game.state
        if f.side == st.active_side:
            require(st.phase == "action", "Shooting happens during the side's turn.")
            return
        require(bool(f.attrs.get(Ww2FigAttr.REACTIVE_OK)),
                f"{f.name} moved or fired in its last turn: it may not shoot during the enemy's turn.")

    def unit_may_fire(self, game: Game, unit: Unit, who: str) -> None:
        require(not self.rules.routing(unit), f"{unit.name} is routing: routers may not fire.")
        require(not self.rules.shaken(game, unit), f"{unit.name} fell back and may not move or fire until after its next turn.")
        n = self.rules.suppression(unit)
        require(n == 0, f"{unit.name} is suppressed ({n}): it may not fire until the suppression is removed.")

    def firer_ready(self, game: Game, f: Figure) -> None:
        """Refuses unless ``f`` may shoot now at all (whatever the target or weapon)."""
        self.rules.recall(game, ("firer_ready", f.id), lambda: self._firer_ready(game, f))

    def _firer_ready(self, game: Game, f: Figure) -> None:
        require(f.alive, f"{f.name} is out of action.")
        unit = game.state.units[f.unit]
        self.fire_timing(game, f)
        self.unit_may_fire(game, unit, f.name)
        require(not self.rules.in_melee(game, f), f"{f.name} is within {self.rules.data.melee.reach:g}\" of an enemy: no shooting in melee.")
        require(not f.markers.get(Ww2FigMark.CARRYING), f"{f.name} is carrying a comrade and cannot shoot.")
        if self.rules.is_vehicle(f):
            self.rules.vehicles.require_awake(game, f)
            require(any(c.alive for c in self.rules.crew(game, f)), f"{f.name} has no crew left.")
        if self.rules.embarked(f):
            v = self.rules.vehicle_of(game, f)
            require(v is not None and self.rules.is_open_vehicle(v), f"{f.name} is inside a closed vehicle.")
            if v is not None and v.unit == f.unit:  # its crew: stunned with it (L463)
                self.rules.vehicles.require_awake(game, v)

    def loaders(self, game: Game, f: Figure, w: Weapon) -> list[Figure]:
        """Team mates whose actions count for a crewed weapon (MG loaders, mortar crew...)."""
        n = self.rules.default_loaders(w)
        if not n:
            return []
        reach = self.rules.mm(self.rules.data.movement.cohesion) + EPS
        cands = [m for m in game.state.unit_figures(f.unit)
                 if m.id != f.id and not self.rules.is_vehicle(m) and not self.rules.is_gun(m) and self.rules.embarked(m) == self.rules.embarked(f)
                 and (self.rules.role(m) == "loader" or w.category in ("explosives",)) and self.rules.gap(m, f) <= reach]
        cands.sort(key=lambda m: m.id)  # the same loaders all turn, whatever they spent
        return cands[:n]

    def action_pool(self, game: Game, f: Figure, w: Weapon) -> list[Figure]:
        """Who pays the actions of ``f`` using ``w``, in order."""
        if self.rules.is_vehicle(f):  # the driver drives; the rest of the crew serve the weapons
            crew = [c for c in self.rules.crew(game, f) if self.rules.role(c) != "driver"]
            return sorted(crew, key=lambda c: (-self.rules.actions_left(c), c.id))
        if self.rules.is_gun(f):
            return sorted(self.rules.gun_crew(game, f), key=lambda c: (-self.rules.actions_left(c), c.id))
        return [f] + self.loaders(game, f, w)

    def pool_actions(self, pool: list[Figure]) -> int:
        return sum(self.rules.actions_left(p) for p in pool)

    # ---- targets ---------------------------------------------------------------------------------------
    def target_unit(self, game: Game, target: str | None) -> Unit:
        st = game.state
        if target in st.figures:
            target = st.figures[target].unit
        if target is None or target not in st.units:
            refuse("Choose an enemy fire team to shoot at.")
        return st.units[target]

    def visible_members(self, game: Game, side: str, viewer: Figure, unit: Unit, strict: bool) -> list[Figure]:
        """Members of ``unit`` the viewer can see and (strict) its side has spotted."""
        out = []
        for m in game.state.unit_figures(unit.id):
            if not self.rules.on_table(m) or self.rules.is_gun(m):
                continue
            if strict and not self.rules.spotting.is_spotted(game, side, m):
                continue
            if self.rules.los(game, viewer, m).visible:
                out.append(m)
        return out

    # ---- the shot ------------------------------------------------------------------------------------------
    def shot_plan(self, game: Game, firer_id: str | None, target_id: str | None, opts: Ww2Options, strict: bool = True) -> Shot:
        return self.rules.recall(game, ("shot_plan", firer_id, target_id, opts, strict),
                           lambda: self.work_out_shot(game, firer_id, target_id, opts, strict))

    def work_out_shot(self, game: Game, firer_id: str | None, target_id: str | None, opts: Ww2Options, strict: bool) -> Shot:
        """The shot, its refusals in the order the rules give them. The parts that do not
        depend on the shot type (:meth:`shot_arms`: the weapon and who pays; :meth:`shot_reach`:
        the band, its shifts, the effect modifiers) are kept for the reading scope: the AI
        and the reactions weigh every shot type of the same weapon at the same target."""
        sh = self.rules.data.shooting
        f = self.rules.require_figure(game, firer_id, "figure that fires")
        shot = shot_name(sh, opts.shot or "unaimed")
        a = self.rules.recall(game, ("shot_arms", f.id, opts.weapon, opts.mode, strict),
                              lambda: self.shot_arms(game, f, opts.weapon, opts.mode, strict))
        w, wclass = a.weapon, a.wclass
        st_info = sh.shot_types[shot]
        barred = [c for c in st_info.not_for if c == wclass and not (c == "smg" and w.carbine)]
        require(not barred, f"{st_info.name}s are not possible with {'machine guns' if wclass == 'mg' else 'SMGs'}.")
        if a.moved is not None:
            refuse(a.moved)
        cost = st_info.actions
        if a.cap is not None:
            require(a.used + cost <= a.cap, f"{f.name}'s {w.name} has fired {a.used} of the {a.cap} actions one crewman gives it this turn.")
        if a.have is not None:
            require(a.have >= cost, f"{f.name} has {a.have} action(s) left{' with its loaders' if len(a.pool) > 1 else ''}; "
                                    f"{st_info.name.lower()} needs {cost}.")
        r = self.rules.recall(game, ("shot_reach", f.id, target_id, a.wid, wclass, opts.occupants, strict),
                              lambda: self.shot_reach(game, f, target_id, a, opts.occupants, strict))
        table = sh.to_hit[sh.table_for[wclass]]
        need = table[r.shifted][SHOT_ORDER.index(shot)] if r.shifted < len(table) else None
        auto = r.auto
        if r.bunker:
            need, auto = self.rules.data.bunkers.small_arms_kill_on, False
        if need is None and not auto:
            if strict:
                refuse(f"{f.name} cannot hit {r.target.name} individually ({sh.band_names[min(r.band, 3)]} range shifted "
                       f"{r.shifted - r.band:+d} band(s) is beyond long range): the team may fire together instead (hits on a 20).")
        return Shot(f, a.wid, w, wclass, a.mode, shot, cost, list(a.pool), r.target, r.dist, r.band, r.shifted, need, auto,
                    list(r.shifts), list(r.emods), list(r.candidates), r.pick, r.bunker, r.vehicle if not opts.occupants else None,
                    opts.occupants, list(r.notes))

    def shot_arms(self, game: Game, f: Figure, weapon: str | None, wmode: str | None, strict: bool) -> ShotArms:
        """The part of a shot fixed by the firer and its weapon, whatever the shot type and
        the target: the refusals that come before the shot type's (a belt-fed MG that
        moved is refused after it, so it is kept as words), and who pays."""
        if strict:
            self.firer_ready(game, f)
        if weapon is not None:
            wid = weapon
            require(wid in f.weapons, f"{f.name} has no {wid}.")
            require(wid not in f.markers.get(Ww2FigMark.WRECKED, []), f"{f.name}'s {self.rules.weapon(wid).name} is wrecked.")
            w = self.rules.weapon(wid)
            require(w.category in SMALL_ARMS, f"{w.name} is not a small arm: use its own action.")
        else:
            arm = self.rules.small_arm(f)
            if arm is None:
                refuse(f"{f.name} has no small arm.")
            wid, w = arm
        mode = None
        if w.category == "assault_rifle":
            fixed = f.markers.get(Ww2FigMark.AR_MODE)
            mode = wmode or fixed or "rifle"
            require(mode in ("rifle", "smg"), "An assault rifle fires as a rifle or as an SMG.")
            require(fixed is None or mode == fixed, f"{f.name}'s {w.name} counts as {'an SMG' if fixed == 'smg' else 'a rifle'} for the rest of this turn.")
        moved = None
        if strict and w.category == "mg" and w.belt_fed and not self.rules.is_vehicle(f) and f.markers.get(FigureMark.MOVED):
            moved = f"{f.name} moved this turn: a belt-fed machine gun may not move and fire."
        pool = self.action_pool(game, f, w)
        cap = used = None
        if strict and self.rules.is_vehicle(f):
            cap = self.vehicle_mg_cap(game, f)
            used = f.markers.get(Ww2FigMark.MG_USED, {}).get(wid, 0)
        have = self.pool_actions(pool) if strict else None
        return ShotArms(wid, w, self.rules.weapon_class(w, mode), mode, pool, moved, cap, used or 0, have)

    def shot_reach(self, game: Game, f: Figure, target_id: str | None, a: ShotArms, occupants: bool, strict: bool) -> ShotReach:
        """The part of a shot fixed by the weapon's class and the target, whatever the shot
        type: the band and its shifts, an automatic hit, the effect modifiers, a sniper's
        pick, a bunker."""
        sh = self.rules.data.shooting
        w, wclass = a.weapon, a.wclass
        notes: list[str] = []
        # a hull-mounted weapon fires only to the vehicle's front (reading vehicle-speeds)
        hull = w.name if w.arc == "front" and self.rules.is_vehicle(f) else None
        tg = self.rules.recall(game, ("shot_target", f.id, target_id, occupants, strict, hull),
                         lambda: self.shot_target(game, f, target_id, occupants, strict, hull))
        target, vehicle, cands, dist = tg.target, tg.vehicle, tg.candidates, tg.dist
        ups = [self.rules.mm(u) for u in sh.bands[wclass]]
        band = next((i for i, u in enumerate(ups) if dist <= u + EPS), None)
        if band is None:
            refuse(f"{target.name} is {self.rules.fmt(dist)} away: beyond {w.name} range ({sh.bands[wclass][-1]:g}\").")
        # band shifts
        shifts: list[tuple[str, int]] = []
        s = sh.shifts
        if occupants:
            if vehicle is not None and self.rules.is_open_vehicle(vehicle) and not self.rules.is_afv(vehicle):
                shifts.append(("occupants of a soft vehicle: in soft cover", s.soft_cover))
            else:
                shifts.append(("occupants of an armoured vehicle: in hard cover", s.hard_cover))
        elif vehicle is None:
            if tg.cover >= 2:
                shifts.append(("target in hard cover", s.hard_cover))
            elif tg.cover == 1 or tg.dispersed or tg.single:
                why = "all in soft cover" if tg.cover == 1 else ("single figure" if tg.single else "dispersed order")
                shifts.append((why, s.soft_cover if tg.cover == 1 else s.dispersed))
        else:
            if tg.cover >= 2:
                shifts.append(("vehicle in hard cover", s.hard_cover))
            elif tg.cover == 1:
                shifts.append(("vehicle in soft cover", s.soft_cover))
        if self.rules.is_vehicle(f) and w.hull:
            shifts.append(("vehicle hull/turret MG", s.vehicle_mg))
        shifted = band + sum(v for _, v in shifts)
        auto = band == 0 and vehicle is None and self.rules.inactive(game, target)
        if auto:
            notes.append("automatic hit: point blank against an inactive target")
        # fire effect modifiers
        fe = self.rules.data.fire_effect
        emods: list[tuple[str, int]] = []
        if band == 0:
            emods.append(("point blank", fe.point_blank))
        if w.quad:
            emods.append(("quad MG", fe.quad))
        elif (wclass in ("mg", "smg") and not w.carbine) or self.rules.role(f) == "sniper":
            emods.append(("MG" if wclass == "mg" else ("SMG" if wclass == "smg" else "sniper"), fe.automatic))
        pick = None
        if self.rules.role(f) == "sniper" and vehicle is None and band <= 2:
            picks = [game.state.figures[c] for c in cands if self.rules.role(game.state.figures[c]) in LEADER_ROLES + SUPPORT_ROLES]
            if picks:
                pick = min(picks, key=lambda m: (self.rules.apart(f, m), m.id)).id
                notes.append(f"sniper at {sh.band_names[band]} range aims for {game.state.figures[pick].name}")
        bunker = vehicle is None and not occupants and all(self.rules.in_bunker(game, game.state.figures[c]) for c in cands)
        if bunker:
            notes.append(f"target in a bunker: small arms kill one occupant on a {self.rules.data.bunkers.small_arms_kill_on}")
        return ShotReach(target, vehicle, cands, dist, band, shifted, shifts, auto, emods, pick, bunker, notes)

    def shot_target(self, game: Game, f: Figure, target_id: str | None, occupants: bool, strict: bool,
                    hull: str | None = None) -> ShotTarget:
        """The part of a shot that does not depend on the weapon or the shot type: what
        ``f`` can see of the target team, who a hit may fall on, the range and the cover;
        ``hull``: the name of a hull-mounted weapon the vehicle ``f`` fires, which sees and
        hits only the figures to the vehicle's front."""
        st = game.state
        target = self.target_unit(game, target_id)
        melee = self.rules.melee_figures(game)  # every pair at once, not each figure against all
        require(target.side != f.side, f"{target.name} is on your own side.")
        require(st.unit_alive(target.id), f"{target.name} has no figures left in action.")
        vehicle = self.rules.unit_vehicle(game, target.id)
        if vehicle is not None and not occupants:
            require(not self.rules.is_afv(vehicle), f"Small arms cannot hurt {vehicle.name}: it is an armoured vehicle"
                    + (" (shoot at its occupants instead)." if self.rules.is_open_vehicle(vehicle) else "."))
            seen = [vehicle] if self.rules.los(game, f, vehicle).visible and (not strict or self.rules.spotting.is_spotted(game, f.side, vehicle)) else []
            cands = [vehicle.id]
        elif occupants:
            if vehicle is None:
                refuse(f"{target.name} is not a vehicle.")
            require(self.rules.is_open_vehicle(vehicle) or bool(vehicle.markers.get(Ww2FigMark.UNBUTTONED)),
                    f"{vehicle.name}'s occupants are not visible: it is closed.")
            seen = [vehicle] if self.rules.los(game, f, vehicle).visible and (not strict or self.rules.spotting.is_spotted(game, f.side, vehicle)) else []
            occ = self.rules.occupants(game, vehicle)
            if not self.rules.is_open_vehicle(vehicle):
                occ = [c for c in occ if self.rules.role(c) == "nco" and c.unit == vehicle.unit][:1]
            require(bool(occ), f"{vehicle.name} has no occupants to shoot at.")
            cands = [c.id for c in occ]
        else:
            seen = self.visible_members(game, f.side, f, target, strict)
            cands = [m.id for m in st.unit_figures(target.id)
                     if self.rules.on_table(m) and not self.rules.is_gun(m) and m.id not in melee]
        require(bool(seen), f"{f.name} cannot see any {'spotted ' if strict else ''}figure of {target.name}.")
        if hull is not None:  # only the figures to the vehicle's front
            seen = [m for m in seen if self.rules.vehicles.facing_from(f, m.pos) == "front"]
            cands = [c for c in cands if self.rules.vehicles.facing_from(f, st.figures[c].pos) == "front"]
            require(bool(seen), f"{hull} is hull-mounted: it fires only at what is to the vehicle's front.")
        free = [m for m in seen if m.id not in melee]
        require(bool(free), f"{target.name} is in melee: figures within {self.rules.data.melee.reach:g}\" of an enemy may not be shot at.")
        require(bool(cands), f"Every figure of {target.name} is in melee.")
        dist = min(self.rules.apart(f, m) for m in free)  # base edge to base edge
        cover, single, dispersed = 0, False, False
        if occupants:
            pass
        elif vehicle is None:
            cover = min(self.rules.los(game, f, st.figures[c]).cover if st.figures[c] in seen else 2 for c in cands)
            single, dispersed = self.rules.formation.spread([st.figures[c] for c in cands])
        else:
            cover = self.rules.los(game, f, vehicle).cover
        return ShotTarget(target, vehicle, cands, dist, cover, single, dispersed)


    def resolve_shot(self, dice: Dice, game: Game, s: Shot) -> tuple[str, str | None]:
        """(result, victim id): result is 'miss', 'suppressed', 'wounded', 'disabled',
        'killed', 'flamer' (the flamethrower man hit) or 'damage' (a soft vehicle hit)."""
        name = s.target.name
        if not s.auto:
            if s.need is None:  # the team may fire together instead: callers check first
                raise ValueError(f"{s.firer.name} cannot hit {name} individually")
            roll = dice.roll(self.rules.data.shooting.die, f"{s.firer.name}: {self.rules.data.shooting.shot_types[s.shot].name.lower()} "
                             f"with {s.weapon.name} at {name} ({self.rules.data.shooting.band_names[s.band]} range)",
                             target=f"{s.need}+" if not s.bunker else f"{s.need} (bunker)",
                             modifiers=[] if s.bunker else [(k, v) for k, v in s.shifts], figures=[s.firer.id], units=[s.target.id],
                             cuts=(s.need,))
            hit = roll.value >= s.need
            roll.outcome = ("hit" if hit else "miss") if not s.bunker else ("an occupant is killed" if hit else "no effect on the bunker")
            if not hit:
                return "miss", None
        if s.vehicle is not None:
            return "damage", s.vehicle.id
        if s.pick is not None:
            victim = s.pick
        else:
            i = dice.choose_index(len(s.candidates), f"which figure of {name} is hit", units=[s.target.id])
            victim = s.candidates[i]
        vf = game.state.figures[victim]
        if s.bunker:
            return "killed", victim
        if self.rules.effects.is_flamer(vf):
            return "flamer", victim
        return self.rules.effects.effect_result(dice, s.effect_mods, vf, f"fire effect on {vf.name}"), victim


    # ---- the fire commands ------------------------------------------------------------------------------------------------
    def check_fire(self, game: Game, cmd: Command) -> None:
        self.shot_plan(game, cmd.figure, cmd.target, Ww2Options.of(cmd), strict=True)

    def apply_fire(self, game: Game, cmd: Command) -> None:
        opts = Ww2Options.of(cmd)  # the plan its check worked out (the key of shot_plan)
        s = self.rules.planned(game, cmd, ("shot_plan", cmd.figure, cmd.target, opts, True),
                               lambda: self.shot_plan(game, cmd.figure, cmd.target, opts, strict=True))
        self.resolve_and_apply(game, s)
        self.after_fire(game, [s.firer], s.target)

    def vehicle_mg_cap(self, game: Game, v: Figure) -> int:
        """A vehicle MG is fired by one crewman: at most his actions a turn (interpretation)."""
        return max((self.rules.max_actions(c) for c in self.rules.crew(game, v)), default=0)

    def pay_shot(self, game: Game, s: Shot) -> None:
        self.rules.spend_pool(s.pool, s.cost)
        if self.rules.is_vehicle(s.firer):
            used = s.firer.markers.setdefault(Ww2FigMark.MG_USED, {})
            used[s.wid] = used.get(s.wid, 0) + s.cost
        self.mark_fired_with(game, s.firer, s.weapon)
        if s.mode is not None:
            s.firer.markers[Ww2FigMark.AR_MODE] = s.mode

    def mark_fired_with(self, game: Game, f: Figure, w: Weapon) -> None:
        """``f`` fired ``w`` (alone or together): a belt-fed MG on foot may not move (L116)."""
        if w.belt_fed and not self.rules.is_vehicle(f):
            f.markers[Ww2FigMark.NO_MOVE] = True
        self.mark_fired(game, f)

    def mark_fired(self, game: Game, f: Figure) -> None:
        f.markers[Ww2FigMark.FIRED] = True
        game.state.units[f.unit].markers[Ww2UnitMark.FIRED_ST] = self.rules.sideturn(game)
        if self.rules.embarked(f):
            v = self.rules.vehicle_of(game, f)
            if v is not None:
                game.state.units[v.unit].markers[Ww2UnitMark.FIRED_ST] = self.rules.sideturn(game)

    def note_target(self, game: Game, target: Unit, firer: Figure, heavy: bool = False,
                    others: Sequence[Figure] = (), at: bool = False) -> None:
        """The target team is fired at by ``firer`` (and ``others``), for reactions, awareness and the
        risk factors. Any fire from an AFV is "fire from AFVs"; ``at``: an anti-tank weapon's."""
        target.markers[Ww2UnitMark.FIRED_AT] = self.rules.sideturn(game)
        target.markers[Ww2UnitMark.AWARE] = True
        firers = [firer, *others]
        heavy = heavy or any(self.rules.is_afv(v) for f in firers if (v := self.firing_vehicle(game, f)) is not None)
        self.rules.note_fire(game, target.id, firer.unit, len(firers), heavy=heavy, figures=[f.id for f in firers], at=at)

    def firing_vehicle(self, game: Game, f: Figure) -> Figure | None:
        """The vehicle a figure fires from: itself, or the vehicle it rides in."""
        if self.rules.is_vehicle(f):
            return f
        return self.rules.vehicle_of(game, f) if self.rules.embarked(f) else None

    def resolve_and_apply(self, game: Game, s: Shot) -> None:
        self.pay_shot(game, s)
        self.note_target(game, s.target, s.firer)
        result, victim = self.resolve_shot(game.dice, game, s)
        if result == "miss" or victim is None:
            return
        cause = f"shot by {s.firer.name}"
        if result == "damage" and s.vehicle is not None:  # a soft vehicle hit
            self.rules.guns.small_arms_vs_vehicle(game, s, s.vehicle)
            return
        self.rules.effects.apply_effect(game, game.state.figures[victim], result, cause, s.firer.unit)

    def after_fire(self, game: Game, firers: list[Figure], target: Unit | None) -> None:
        """After any shooting: morale tests, spotting the firers, reactions."""
        self.rules.morale.run_tests(game)
        self.rules.cleanup(game)
        if not game.offers_follow_ons:
            # resolved for its odds, which read the shot's effects and the morale tests it
            # caused (odds_read.shot_reader): who spots whom after it, and the reaction it
            # may draw (the enemy's next command), are no part of them
            return
        self.rules.spotting.refresh_spotting(game)
        with game.dice.aside():  # the enemy's spotting of the firers: no part of any odds shown
            self.rules.spotting.react_spotting(game, firers, fired=True)
        self.rules.reactions.offer_reaction(game, firers[0].unit if firers else None)


def shot_name(sh: Shooting, name: str) -> ShotName:
    """``name`` as one of the shot types of the data; refuses any other."""
    if not sh.is_shot(name):
        refuse(f"Unknown shot type '{name}' (unaimed, aimed or careful).")
    return name
