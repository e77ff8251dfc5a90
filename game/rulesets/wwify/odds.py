"""The exact odds of WWIFY AR:SE: squad fire (weapon, range band, the trench re-roll,
damage tables, the morale test it may cause), close combat, the artillery barrage and
the morale test. Each runs the rules' own chance procedures (``die_fate``, ``side_best``,
``he_fate``, ``gas_fate``, ``vehicle_table``, ``flyer_table``, ``smoke_save``) under
:func:`game.core.odds.enumerate_outcomes` and combines independent dice exactly."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.odds import Distribution, as_dist, binom, convolve, enumerate_outcomes, fractions_of
from game.core.state import CAPTURED, DEAD, Figure, Unit
from game.rulesets.offers import OddsLine, OddsReport
from game.rulesets.parts import OddsPart
from game.rulesets.wwify.fight import CombatPlan, FirePlan
from game.rulesets.wwify.status import WwifyUnitMark

if TYPE_CHECKING:
    from game.rulesets.wwify.ruleset import Wwify


class WwifyOdds(OddsPart["Wwify"]):
    rules: Wwify

    def odds(self, game: Game, cmd: Command) -> OddsReport:
        if cmd.kind == "fire":
            return self.fire_odds(game, self.rules.fighting.fire_plan(game, cmd.unit_id, cmd.target))
        if cmd.kind == "combat":
            return self.combat_odds(game, self.rules.fighting.combat_plan(game, cmd.unit_id))
        if cmd.kind == "barrage":
            return self.barrage_odds(game, cmd.choice or "")
        if cmd.kind == "morale":
            return self.morale_odds(game, game.state.units[cmd.unit_id])
        refuse(f"No odds for '{cmd.kind}'.")
        raise AssertionError

    # ---- odds --------------------------------------------------------------------------------------------
    def odds_command(self, game: Game, shooter: str, target: str | None, assault: bool, extra: dict[str, str]) -> Command:
        st = game.state
        fig = st.figures[shooter]
        unknown = set(extra) - {"square", "morale"}
        if unknown:
            refuse(f"{self.rules.data.name} takes --option square=BIG/QUARTER or --option morale=yes (not {', '.join(sorted(unknown))}).")
        if "square" in extra:
            return Command("barrage", fig.side, choice=extra["square"])
        if "morale" in extra:
            return Command("morale", fig.side, unit=fig.unit)
        if assault:
            return Command("combat", fig.side, unit=fig.unit)
        if target in st.figures:
            target = st.figures[target].unit
        return Command("fire", fig.side, unit=fig.unit, target=target)

    # ---- odds -------------------------------------------------------------------------------------
    def p_die(self, trench: bool) -> Fraction:
        d = enumerate_outcomes(lambda dice: self.rules.fighting.die_fate(dice, trench))
        return fractions_of(d).get(True, Fraction(0))

    def fire_odds(self, game: Game, plan: FirePlan) -> OddsReport:
        fi = self.rules.data.firing
        label = fi.bands[plan.band].label
        lines = [OddsLine("range", f"{self.rules.fmt(plan.range)} ({label}): furthest firer to its nearest target")]
        for wid, n in plan.pools:
            k = sum(1 for fr in plan.firers if fr.weapon == wid)
            lines.append(OddsLine(self.rules.data.weapons[wid].name, f"{k} firing, {n}d6, {fi.kill_on}s kill"))
        if plan.trench:
            lines.append(OddsLine("target in a trench", f"each six re-rolled, kills on {fi.trench_reroll_kill_on}+"))
        p = self.p_die(plan.trench)
        flame = sum(n for w, n in plan.pools if self.rules.data.weapons[w].flame)
        other = plan.dice - flame
        joint: dict[tuple[int, int], Fraction] = {}
        for kf, pf in binom(flame, p).items():
            for ko, po in binom(other, p).items():
                joint[(kf, ko)] = joint.get((kf, ko), Fraction(0)) + pf * po
        kills: dict[int, Fraction] = defaultdict(Fraction)
        for (kf, ko), q in joint.items():
            kills[kf + ko] += q
        method = f"exact: one die enumerated (p = {p}), {plan.dice} dice combined"
        notes = list(plan.notes)
        extra: dict[str, Distribution] = {"kill results": as_dist(dict(kills), method)}
        target = plan.target
        kind = plan.target_kind
        if kind == "figures":
            cands = self.rules.casualty_pool(game, target)
            cap = len(cands)
            smoky = [f for f in cands if self.rules.moving.in_cloud(game, f.pos, "smoke")]
            if smoky and len(smoky) == cap:
                q = Fraction(fi.smoke_save_on - 1, 6)
                notes.append(f"every figure is in smoke: each kill needs a failed save ({q} per kill)")
                out: dict[int, Fraction] = defaultdict(Fraction)
                for k, pk in kills.items():
                    for c, pc in binom(k, q).items():
                        out[min(c, cap)] += pk * pc
                outcomes = as_dist(dict(out), method)
            else:
                outcomes = as_dist({k: v for k, v in self._capped(kills, cap).items()}, method)
            label_out = "casualties"
            if self.rules.option(game, "morale") and target.kind == "squad":
                extra["morale test"] = self.morale_after_fire(game, target, joint, cap)
        else:
            fig = self.rules.alive(game, target.id)[0]
            save = Fraction(fi.smoke_save_on - 1, 6) if self.rules.moving.in_cloud(game, fig.pos, "smoke") else Fraction(1)
            if save != 1:
                notes.append(f"{fig.name} is in smoke: each kill needs a failed save")
            if kind == "large_creature":
                left = fi.large_creature_wounds - fig.wounds
                wounded: dict[str, Fraction] = defaultdict(Fraction)
                for k, pk in kills.items():
                    for w, pw in binom(k, save).items():
                        wounded["killed" if w >= left else f"{fig.wounds + w} wounds"] += pk * pw
                outcomes = as_dist(dict(wounded), method)
                label_out = f"{fig.name} (wounds so far {fig.wounds} of {fi.large_creature_wounds})"
            else:
                table = self.rules.fighting.vehicle_table if kind == "vehicle" else self.rules.fighting.flyer_table
                per = fractions_of(enumerate_outcomes(lambda d: table(d, "odds")))
                hurt = per.get("destroyed", Fraction(0))
                damage: dict[str, Fraction] = defaultdict(Fraction)
                for k, pk in kills.items():
                    for h, ph in binom(k, save).items():
                        if h == 0:
                            damage["no effect"] += pk * ph
                        else:
                            none = (1 - hurt) ** h
                            damage["destroyed"] += pk * ph * (1 - none)
                            damage["immobilised" if kind == "vehicle" else "winged"] += pk * ph * none
                if kind == "vehicle" and target.markers.get(WwifyUnitMark.IMMOBILISED):
                    notes.append("already immobilised")
                outcomes = as_dist(dict(damage), method)
                label_out = f"{fig.name}: vehicle damage" if kind == "vehicle" else f"{fig.name}: flyer damage"
        return OddsReport(f"{plan.unit.name} fires at {target.name}", lines, outcomes, label_out, notes, extra)

    @staticmethod
    def _capped(d: dict[int, Fraction], cap: int) -> dict[int, Fraction]:
        out: dict[int, Fraction] = defaultdict(Fraction)
        for k, p in d.items():
            out[min(k, cap)] += p
        return dict(out)

    def morale_panic_p(self, left: int, officer: bool) -> Fraction:
        """Chance a squad with ``left`` figures panics on its 2d6 test."""
        mod = self.rules.data.morale.officer_modifier if officer else 0
        d = enumerate_outcomes(lambda dice: dice.roll(self.rules.data.morale.dice, "morale").total + mod > left)
        return fractions_of(d).get(True, Fraction(0))

    def morale_after_fire(self, game: Game, unit: Unit, joint: dict[tuple[int, int], Fraction], cap: int) -> Distribution:
        st = game.state
        start = len(unit.figures)
        lost = sum(1 for f in st.unit_figures(unit.id, alive_only=False) if f.life in (DEAD, CAPTURED))
        alive = len(self.rules.alive(game, unit.id))
        officers = sum(1 for f in self.rules.alive(game, unit.id) if self.rules.troop(f).role == "officer")
        tested = unit.markers.get(WwifyUnitMark.MORALE_TURN) == st.turn
        out: dict[str, Fraction] = defaultdict(Fraction)
        for (kf, ko), q in joint.items():
            c = min(kf + ko, cap)
            trig = c > 0 and (kf > 0 or (lost + c) * 2 > start or unit.markers.get(WwifyUnitMark.ARTILLERY_TURN) == st.turn)
            if tested or not trig or unit.markers.get(WwifyUnitMark.PANICKED):
                out["no test"] += q
                continue
            left = alive - c
            officer = officers > 0 and c <= alive - officers
            pp = self.morale_panic_p(left, officer) if left > 0 else Fraction(1)
            out["panics"] += q * pp
            out["holds"] += q * (1 - pp)
        return as_dist(dict(out), "exact")

    def combat_odds(self, game: Game, plan: CombatPlan) -> OddsReport:
        ag, dg = self.rules.fighting.combat_groups(plan.attackers), self.rules.fighting.combat_groups(plan.defenders)
        a = fractions_of(enumerate_outcomes(lambda d: self.rules.fighting.side_best(d, ag, "attacker")))
        b = fractions_of(enumerate_outcomes(lambda d: self.rules.fighting.side_best(d, dg, "defender")))
        out: dict[str, Fraction] = defaultdict(Fraction)
        for x, px in a.items():
            for y, py in b.items():
                out["attacker wins" if x > y else "defender wins" if y > x else "draw"] += px * py
        lines = [OddsLine("attackers", ", ".join(f.name for f in plan.attackers)),
                 OddsLine("defenders", ", ".join(f.name for f in plan.defenders))]
        for side, groups in (("attacker", ag), ("defender", dg)):
            for mods, figs in groups:
                if mods:
                    lines.append(OddsLine(f"{side} modifiers", f"{', '.join(f'{n} {v:+d}' for n, v in mods)} ({len(figs)} figure(s))"))
        notes = ["each side counts only its best die; the loser loses one figure (killed, or captured at the winner's choice); equal scores: nobody falls"]
        extra = {"attackers' best score": as_dist(a, "exact"), "defenders' best score": as_dist(b, "exact")}
        return OddsReport(f"Close combat: {plan.unit.name}", lines, as_dist(dict(out), "exact: each side's dice enumerated"),
                          "result", notes, extra)

    def barrage_odds(self, game: Game, label: str) -> OddsReport:
        grid = self.rules.fighting.grid(game)
        try:
            big, quarter = grid.parse(label)
            ok = grid.has_square(big, quarter)
        except ValueError:
            ok = False
        require(ok, f"'{label}' is not a square of this table's grid (2 ft squares 1-{grid.big_count}, quarters 1-4, like 7/2).")
        poly = grid.square(big, quarter)
        figs = [f for f in self.rules.fighting.under_barrage(game, poly) if self.rules.fighting.testable(f)]
        shells = {r.shell: Fraction(len(r.faces), 6) for r in self.rules.data.artillery.shells}
        total: dict[int, Fraction] = defaultdict(Fraction)
        by_side: dict[str, dict[int, Fraction]] = {s: defaultdict(Fraction) for s in game.state.side_order}
        for shell, ps in shells.items():
            dists = []
            for f in figs:
                info = self.rules.fighting.barrage_info(game, f)
                if shell == "smoke":
                    fate = {"safe": Fraction(1)}
                else:
                    fn = self.rules.fighting.he_fate if shell == "he" else self.rules.fighting.gas_fate
                    fate = fractions_of(enumerate_outcomes(partial(fn, info=info)))
                out_p = sum((p for k, p in fate.items() if self._out_of_action(f, k)), Fraction(0))
                dists.append((f.side, {1: out_p, 0: 1 - out_p}))
            acc: dict[int, Fraction] = {0: Fraction(1)}
            side_acc = {s: {0: Fraction(1)} for s in by_side}
            for s, d in dists:
                acc = convolve(acc, d)
                side_acc[s] = convolve(side_acc[s], d)
            for k, p in acc.items():
                total[k] += ps * p
            for s in by_side:
                for k, p in side_acc[s].items():
                    by_side[s][k] += ps * p
        lines = [OddsLine("square", f"{label}: {len(figs)} figure(s) under it"),
                 OddsLine("shell d6", ", ".join(f"{'-'.join(map(str, (r.faces[0], r.faces[-1])))} {r.name}" for r in self.rules.data.artillery.shells))]
        notes = ["HE: 5-6 kills (large creatures: a wound; trench: re-roll, 4-6); gas: 5-6 kills without a gas mask; vehicles hit roll on the damage table",
                 f"chance that the random barrage falls here at all: 1/{grid.big_count * 4}"]
        extra = {f"{game.state.sides[s].name} out of action": as_dist(dict(d), "exact") for s, d in by_side.items()}
        extra["shell"] = as_dist({r.name: Fraction(len(r.faces), 6) for r in self.rules.data.artillery.shells}, "exact")
        return OddsReport(f"Artillery on square {label}", lines, as_dist(dict(total), "exact: each figure's dice enumerated"),
                          "figures out of action (killed, or vehicles destroyed)", notes, extra)

    def _out_of_action(self, fig: Figure, fate: str) -> bool:
        if fate in ("kill", "destroyed"):
            return True
        if fate == "wound":
            return fig.wounds + 1 >= self.rules.data.firing.large_creature_wounds
        return False

    def morale_odds(self, game: Game, unit: Unit) -> OddsReport:
        """The test a squad would take now, with the rally its owner would attempt:
        exact over the 2d6 (and the Good officer's re-roll)."""
        require(unit.kind == "squad", f"{unit.name} is not a squad: only squads test morale.")
        require(game.state.unit_alive(unit.id), f"{unit.name} has no figures left.")
        left = len(self.rules.alive(game, unit.id))
        off = self.rules.officer(game, unit.id)
        mod = self.rules.data.morale.officer_modifier if off else 0
        dice = self.rules.data.morale.dice
        first = fractions_of(enumerate_outcomes(lambda d: d.roll(dice, "morale").total + mod))
        evil = self.rules.alignment(game, unit.side) == "evil"
        soldiers = left - 1 if off else left
        out: dict[str, Fraction] = defaultdict(Fraction)
        for t, p in first.items():
            if t <= left:
                out["holds"] += p
            elif off is None:
                out["panics (no officer to rally)"] += p
            elif evil:
                shot = min(t - left, soldiers)
                out[f"rallies, officer shoots {shot}"] += p
            else:
                for t2, p2 in first.items():
                    out["rallies (heroic act)" if t2 <= left else "panics, officer killed"] += p * p2
        lines = [OddsLine("figures left", str(left)), OddsLine("test", f"{dice}{f' {mod:+d} (officer alive)' if off else ''}: above {left} panics")]
        notes = ["Evil: the officer shoots one soldier per pip failed and the rest rally" if evil else
                 "Good: the officer re-rolls; if that fails he is killed and the squad runs",
                 "assumes the owner attempts the rally (the computer always does)"]
        return OddsReport(f"Morale test: {unit.name}", lines, as_dist(dict(out), "exact: 2d6 enumerated"), "result", notes)
