"""The Great War in 54mm: shooting, assaults and bombardment (shared/rules/great-war-54mm.txt,
"Shooting", "Assaults", "Artillery"). Each procedure works out its situation first (a
``Shot``, an ``AssaultPlan``: situations.py), then rolls it; the odds part runs the same
procedures under enumerating dice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.commands import Command, Refusal, refuse, require
from game.core.dice import Dice, Roll
from game.core.game import Game
from game.core.keys import FigureMark
from game.core.state import Figure, Unit
from game.rulesets.great_war_54mm.situations import AssaultPlan, Shot
from game.rulesets.great_war_54mm.status import GwFigMark, GwGameAttr, GwUnitMark
from game.rulesets.parts import Chapter

if TYPE_CHECKING:
    from game.rulesets.great_war_54mm.rules import GreatWar54


#: the weapons whose fire is the solo rules' "under fire ... from mortars, flame or AFVs"
#: (+2 risk, WW2 solo rules L253): of this ruleset's, the mortar (an HMG is an MG, as in
#: the other rulesets)
HEAVY_FIRE = frozenset({"mortar"})

class GreatWarCombat(Chapter["GreatWar54"]):
    # ---- shooting ---------------------------------------------------------------------
    rules: GreatWar54

    def shot(self, game: Game, firer: Figure, target_id: str | None) -> Shot:
        """Work out one figure's fire at a unit, or refuse with the reason."""
        st = game.state
        if target_id is None or target_id not in st.units:
            refuse("Choose an enemy unit to fire at.")
        target = st.units[target_id]
        unit = st.units[firer.unit]
        require(target.side != firer.side, f"{target.name} is on your own side.")
        require(st.unit_alive(target.id), f"{target.name} has no figures left.")
        tt = self.rules.troop(firer)
        require(tt.shoots, f"{firer.name} does not shoot: " + ("officers do not shoot." if tt.role == "officer" else
                                                               "a crewman serves his weapon, whose dice are the crew's fire."))
        require(bool(firer.weapons), f"{firer.name} has no weapon to shoot.")
        require(not unit.markers.get(GwUnitMark.RUNNING), f"{unit.name} is running and may not shoot.")
        require(not unit.markers.get(GwUnitMark.PINNED), f"{unit.name} is pinned and may not shoot until rallied.")
        require(not firer.markers.get(FigureMark.MOVED), f"{firer.name} moved this turn: figures either move or shoot.")
        require(not firer.markers.get(GwFigMark.SHOT), f"{firer.name} has already shot this turn.")
        wid = firer.weapons[0]
        w = self.rules.data.weapons[wid]
        targets = self.rules.alive(game, target.id)
        # the firer sees for itself; under the optional rule observed_fire a mortar fires
        # at what any friendly figure sees (interpretation mortar-observed)
        observed = w.observed and self.rules.option(game, "observed_fire")
        observers = st.side_figures(firer.side) if observed else [firer]
        views = {t.id: [v for v in (self.rules.los(game, o, t) for o in observers) if v.visible] for t in targets}
        seen = [t for t in targets if views[t.id]]
        require(bool(seen), f"{'No friendly figure' if observed else firer.name} {'sees' if observed else 'cannot see'} any figure of {target.name}.")
        dists = {t.id: self.rules.apart(firer, t) for t in seen}  # base edge to base edge
        in_range = [t for t in seen if self.rules.mm(w.minimum) - 1e-6 <= dists[t.id] <= self.rules.mm(w.long) + 1e-6]
        nearest = min(dists.values())
        require(bool(in_range), (
            f"{target.name} is {self.rules.fmt(nearest)} away: out of {w.name} range ({w.minimum:g}-{w.long:g}\")"
            if nearest > self.rules.mm(w.long) else f"{target.name} is closer than the {w.name}'s minimum range of {w.minimum:g}\"."
        ))
        in_range.sort(key=lambda t: (dists[t.id], t.id))
        d = dists[in_range[0].id]
        band = "short" if d <= self.rules.mm(w.short) + 1e-6 else "long"
        need = self.rules.data.shooting.hit_on.short if band == "short" else self.rules.data.shooting.hit_on.long
        # in cover from the firer, or (observed fire) from every friend that sees it
        covered = sum(1 for t in in_range if all(v.cover > 0 for v in views[t.id]))
        cover = covered * 2 >= len(in_range)
        mods = []
        notes = [f"{len(in_range)} of {len(targets)} figures of {target.name} seen and in range, nearest {self.rules.fmt(d)}",
                 f"{covered} of them in cover from {'every friend that sees them' if observed else firer.name}"]
        if cover:
            mods.append(("target in cover", self.rules.data.shooting.cover_modifier))
        return Shot(firer, wid, w, target, d, band, need, cover, w.dice, in_range, self.rules.is_crew(target), mods, notes)

    @staticmethod
    def count_hits(faces: list[int], need: int, mod: int) -> int:
        return sum(1 for f in faces if f + mod >= need)

    def roll_shot(self, dice: Dice, s: Shot) -> tuple[int, Roll]:
        mod = sum(v for _, v in s.modifiers)
        roll = dice.roll(
            f"{s.dice}{self.rules.data.shooting.die}", f"{s.firer.name} fires {s.weapon.name} at {s.target.name} ({s.band} range)",
            target=f"{s.need}+", modifiers=s.modifiers, figures=[s.firer.id], units=[s.target.id], cuts=(s.need - mod,),
        )
        hits = self.count_hits(roll.faces, s.need, mod)
        roll.outcome = f"{hits} hit{'s' if hits != 1 else ''}"
        return hits, roll

    def check_fire(self, game: Game, cmd: Command) -> None:
        require(game.state.phase == "shooting", "Figures fire in the Shooting phase.")
        require(cmd.figure is not None, "Choose the figure that fires.")
        self.shot(game, game.state.figures[cmd.figure_id], cmd.target)

    def apply_fire(self, game: Game, cmd: Command) -> None:
        self.resolve_shot(game, self.shot(game, game.state.figures[cmd.figure_id], cmd.target))

    def resolve_shot(self, game: Game, s: Shot) -> None:
        s.firer.markers[GwFigMark.SHOT] = True
        self.rules.note_fire(game, s.target.id, s.firer.unit, 1, heavy=s.weapon_id in HEAVY_FIRE, figures=[s.firer.id])
        hits, _ = self.roll_shot(game.dice, s)
        if not hits or not game.state.unit_alive(s.target.id):
            return
        if s.crew_target:
            self.crew_hit(game, s.target, "is hit", by_unit=s.firer.unit)
            return
        alive_candidates = [f for f in s.candidates if f.alive]
        dead = alive_candidates[:hits]
        if hits > len(dead):
            game.emit("info", f"{hits - len(dead)} hit(s) lost: no more figures of {s.target.name} in sight and range.", units=[s.target.id])
        self.rules.remove_figures(game, s.target, dead, f"shot by {s.firer.name}", by_unit=s.firer.unit)
        s.target.markers[GwUnitMark.CASUALTIES_PHASE] = s.target.markers.get(GwUnitMark.CASUALTIES_PHASE, 0) + len(dead)

    def crew_hit(self, game: Game, unit: Unit, why: str, by_unit: str | None = None) -> None:
        """A crewed weapon is hit: "no matter how many times they take hits from shooting in
        a turn, crewed weapons only count one hit which pins them" (the first pins, a pinned
        one is destroyed); later hits that turn, from any fire, are ignored."""
        if unit.markers.get(GwUnitMark.CREW_HIT_TURN) == game.state.turn:
            game.emit("status", f"{unit.name} was already hit this turn: further hits are ignored.", units=[unit.id])
            return
        unit.markers[GwUnitMark.CREW_HIT_TURN] = game.state.turn
        self.rules.pin_crew(game, unit, why, by_unit)

    def volley_firers(self, game: Game, unit_id: str, target_id: str | None) -> list[Figure]:
        out = []
        for f in self.rules.alive(game, unit_id):
            try:
                self.shot(game, f, target_id)
            except Refusal:  # this figure may not fire at that unit
                continue
            out.append(f)
        return out

    def check_fire_unit(self, game: Game, cmd: Command) -> None:
        require(game.state.phase == "shooting", "Units fire in the Shooting phase.")
        require(cmd.unit is not None, "Choose the unit that fires.")
        if not self.volley_firers(game, cmd.unit_id, cmd.target):
            f0 = next((f for f in self.rules.alive(game, cmd.unit_id) if self.rules.troop(f).shoots), None)
            if f0 is None:
                refuse(f"No figure of {game.state.units[cmd.unit_id].name} can shoot.")
            self.shot(game, f0, cmd.target)  # raises with that figure's reason
            refuse(f"No figure of {game.state.units[cmd.unit_id].name} can fire at that unit.")

    def apply_fire_unit(self, game: Game, cmd: Command) -> None:
        for f in self.volley_firers(game, cmd.unit_id, cmd.target):
            if not game.state.unit_alive(cmd.target_id):
                break
            try:
                s = self.shot(game, f, cmd.target)
            except Exception:
                continue
            self.resolve_shot(game, s)

    # ---- assaults ---------------------------------------------------------------------
    def assault_plan(self, game: Game, unit_id: str, target_id: str | None) -> AssaultPlan:
        st = game.state
        if target_id is None or target_id not in st.units:
            refuse("Choose an enemy unit to assault.")
        unit, target = st.units[unit_id], st.units[target_id]
        require(target.side != unit.side, f"{target.name} is on your own side.")
        require(st.unit_alive(target.id), f"{target.name} has no figures left.")
        require(not self.rules.is_crew(unit), f"{unit.name} is a crewed weapon and does not assault.")
        require(not unit.markers.get(GwUnitMark.PINNED), f"{unit.name} is pinned and may not advance into an assault.")
        require(not unit.markers.get(GwUnitMark.RUNNING), f"{unit.name} is running.")
        require(not unit.markers.get(GwUnitMark.ASSAULTED), f"{unit.name} has already assaulted this phase.")
        reach = self.rules.mm(self.rules.data.assault.range) + 1e-6
        enemies = self.rules.alive(game, target.id)
        attackers = [f for f in self.rules.alive(game, unit.id) if any(self.rules.apart(f, e) <= reach for e in enemies)]
        require(bool(attackers), f"No figure of {unit.name} is within {self.rules.data.assault.range:g}\" of {target.name}.")
        defenders = [e for e in enemies if any(self.rules.apart(e, a) <= reach for a in attackers)]
        return AssaultPlan(attackers, defenders, target, self.rules.is_crew(target))

    def check_assault(self, game: Game, cmd: Command) -> None:
        require(game.state.phase == "assaults", "Assaults are made in the Assaults phase.")
        require(cmd.unit is not None, "Choose the assaulting unit.")
        self.assault_plan(game, cmd.unit_id, cmd.target)

    def assault_dice(self, dice: Dice, who: str, n: int, reason_units: list[str]) -> tuple[int, Roll]:
        a = self.rules.data.assault
        roll = dice.roll(f"{n}{a.die}", who, target=f"{a.hit_on}+", units=reason_units, cuts=(a.hit_on,))
        hits = self.count_hits(roll.faces, a.hit_on, 0)
        roll.outcome = f"{hits} hit{'s' if hits != 1 else ''}"
        return hits, roll

    def assault_casualties(self, game: Game, unit: Unit, hits: int, fighters: list[Figure], cause: str, by_unit: str) -> int:
        """One rule for both sides of an assault (interpretation assault-who): "A 4+ is a
        hit. Remove any casualties": every hit is a casualty of the unit, taken from its
        figures nearest the enemy figures that fought (those in reach first, then those
        behind them); how many it lost."""
        dead = self.rules.nearest_first(self.rules.alive(game, unit.id), fighters)[:hits]
        self.rules.remove_figures(game, unit, dead, cause, by_unit=by_unit)
        return len(dead)

    def apply_assault(self, game: Game, cmd: Command) -> None:
        st = game.state
        unit = st.units[cmd.unit_id]
        plan = self.assault_plan(game, cmd.unit_id, cmd.target)
        target = plan.target
        unit.markers[GwUnitMark.ASSAULTED] = True
        game.emit("assault", f"{unit.name} assaults {target.name} with {len(plan.attackers)} figure(s).",
                  units=[unit.id, target.id], figures=[f.id for f in plan.attackers])
        if plan.crew_target:
            self.rules.destroy_unit(game, target, f"{target.name} is overrun: crewed weapons are destroyed in an assault.", unit.id)
            return
        hits, _ = self.assault_dice(game.dice, f"{unit.name} assaults {target.name}", len(plan.attackers), [unit.id, target.id])
        self.rules.note_fire(game, target.id, unit.id, len(plan.attackers), figures=[f.id for f in plan.attackers])
        lost_def = self.assault_casualties(game, target, hits, plan.attackers, f"assaulted by {unit.name}", unit.id)
        # "the assaulted unit fights back with what is left": what is left of its figures
        # within 2" of an enemy figure (interpretation assault-who)
        fighters = [f for f in plan.defenders_in_reach if f.alive]
        lost_att = 0
        if fighters:
            back, _ = self.assault_dice(game.dice, f"{target.name} fights back", len(fighters), [target.id, unit.id])
            self.rules.note_fire(game, unit.id, target.id, len(fighters), figures=[f.id for f in fighters])
            lost_att = self.assault_casualties(game, unit, back, fighters, f"fought by {target.name}", target.id)
        game.emit("assault", f"Assault result: {target.name} lost {lost_def}, {unit.name} lost {lost_att}.", units=[unit.id, target.id])
        testers = []
        if lost_def > lost_att:
            testers = [target]
        elif lost_att > lost_def:
            testers = [unit]
        elif lost_att > 0:
            testers = [target, unit]
        for u in testers:
            if st.unit_alive(u.id):
                self.rules.morale_test(game, u, "lost the assault" if len(testers) == 1 else "assault casualties equal")

    # ---- bombardment ------------------------------------------------------------------
    def check_bombard(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(self.rules.artillery_side(game) == cmd.side, "Only the attacker named by the scenario has artillery.")
        require(st.phase == "rally", "The bombardment is called in the Rally phase.")
        require(not st.attrs.get(GwGameAttr.BOMBARDED_THIS_TURN), "The artillery has already fired this turn.")
        require(cmd.target in st.units, "Choose an enemy unit to bombard.")
        tid = cmd.target_id
        require(st.units[tid].side != cmd.side, "Choose an enemy unit to bombard.")
        require(st.unit_alive(tid), f"{st.units[tid].name} has no figures left.")

    def apply_bombard(self, game: Game, cmd: Command) -> None:
        st = game.state
        target = st.units[cmd.target_id]
        st.attrs[GwGameAttr.BOMBARDED_THIS_TURN] = True
        game.emit("bombardment", f"Artillery bombards {target.name}.", units=[target.id])
        self.rules.note_fire(game, target.id, None, 0, heavy=True)
        b = self.rules.data.bombardment
        tgt, mods = self.rules.morale_target(game, target)
        roll = game.dice.roll(b.die, f"{target.name} morale test under bombardment", target=f"<= {tgt}",
                              modifiers=mods[1:], units=[target.id], cuts=(tgt + 1, b.casualties_on, b.casualties_on + 1))
        passed = roll.value <= tgt
        roll.outcome = ("passed" if passed else "failed") + (f"; a {b.casualties_on}: casualties!" if roll.value == b.casualties_on else "")
        if roll.value == b.casualties_on:
            cas = game.dice.roll(b.casualties, f"bombardment casualties on {target.name}", units=[target.id])
            cas.outcome = f"{cas.total} casualties"
            pool = self.rules.alive(game, target.id)
            if self.rules.is_crew(target):
                pool.sort(key=lambda f: self.rules.troop(f).role == "gun")
                dead = pool[: cas.total]
            else:
                dead = []
                for _ in range(min(cas.total, len(pool))):
                    i = game.dice.choose_index(len(pool), f"which figure of {target.name} is hit", units=[target.id])
                    dead.append(pool.pop(i))
            self.rules.remove_figures(game, target, dead, "artillery")
        if not passed and st.unit_alive(target.id):
            self.rules.fail_morale(game, target)
