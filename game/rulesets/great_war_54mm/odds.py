"""The exact odds of The Great War in 54mm: every report runs the procedure that
resolves the command (the rules' own ``roll_shot``, ``assault_dice``, morale test)
under enumerating dice, so the odds shown are the odds played."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.dice import Dice
from game.core.game import Game
from game.core.odds import Distribution, enumerate_outcomes
from game.core.state import Unit
from game.rulesets.great_war_54mm.situations import AssaultPlan, Shot
from game.rulesets.great_war_54mm.status import GwUnitMark
from game.rulesets.offers import OddsLine, OddsReport
from game.rulesets.parts import OddsPart

if TYPE_CHECKING:
    from game.rulesets.great_war_54mm.rules import GreatWar54


class GreatWarOdds(OddsPart["GreatWar54"]):
    rules: GreatWar54

    # ---- odds -------------------------------------------------------------------------
    def odds(self, game: Game, cmd: Command) -> OddsReport:
        if cmd.kind == "fire":
            return self.fire_odds(game, self.rules.combat.shot(game, game.state.figures[cmd.figure_id], cmd.target))
        if cmd.kind == "fire_unit":
            return self.volley_odds(game, cmd.unit_id, cmd.target_id)
        if cmd.kind == "assault":
            return self.assault_odds(game, self.rules.combat.assault_plan(game, cmd.unit_id, cmd.target))
        if cmd.kind == "bombard":
            return self.bombard_odds(game, game.state.units[cmd.target_id])
        refuse(f"No odds for '{cmd.kind}'.")
        raise AssertionError

    def fire_odds(self, game: Game, s: Shot) -> OddsReport:
        sum(v for _, v in s.modifiers)
        lines = [
            OddsLine("weapon", f"{s.weapon.name}: {s.dice}d6"),
            OddsLine("range", f"{self.rules.fmt(s.distance)}: {s.band} range (short to {s.weapon.short:g}\", long to {s.weapon.long:g}\")"),
            OddsLine("to hit", f"{s.need}+ at {s.band} range"),
        ] + [OddsLine(n, f"{v:+d} to each die") for n, v in s.modifiers]
        cap = len(s.candidates)

        def fn(dice: Dice):
            hits, _ = self.rules.combat.roll_shot(dice, s)
            return min(1, hits) if s.crew_target else min(hits, cap)

        dist = enumerate_outcomes(fn)
        notes = list(s.notes)
        extra = {}
        if s.crew_target:
            label = "hits (crewed weapon: any hit pins; pinned again destroys)"
            if s.target.markers.get(GwUnitMark.PINNED):
                notes.append(f"{s.target.name} is already pinned: a hit destroys it.")
            if s.target.markers.get(GwUnitMark.CREW_HIT_TURN) == game.state.turn:
                notes.append(f"{s.target.name} was already hit this turn: further hits are ignored.")
        else:
            label = "casualties"
            extra["morale test"] = self._morale_after(game, s.target, dist)
            notes.append("morale test: chance the target's end-of-phase test fails after these casualties alone")
        return OddsReport(f"{s.firer.name} fires at {s.target.name}", lines, dist, label, notes, extra)

    def volley_odds(self, game: Game, unit_id: str, target_id: str) -> OddsReport:
        shots = [self.rules.combat.shot(game, f, target_id) for f in self.rules.combat.volley_firers(game, unit_id, target_id)]
        require(bool(shots), "No figure of that unit can fire at the target.")
        target = shots[0].target
        groups: dict[tuple[int, int], int] = {}
        for s in shots:
            key = (s.need, sum(v for _, v in s.modifiers))
            groups[key] = groups.get(key, 0) + s.dice
        lines = [OddsLine(s.firer.name, f"{s.weapon.name} {s.dice}d6, {self.rules.fmt(s.distance)} {s.band}, {s.need}+"
                          + (f", cover {sum(v for _, v in s.modifiers):+d}" if s.modifiers else "")) for s in shots]
        cap = len(self.rules.alive(game, target.id))

        def fn(dice: Dice):
            hits = 0
            for (need, mod), n in sorted(groups.items()):
                roll = dice.roll(f"{n}d6", "volley")
                hits += self.rules.combat.count_hits(roll.faces, need, mod)
            return min(1, hits) if self.rules.is_crew(target) else min(hits, cap)

        dist = enumerate_outcomes(fn)
        extra = {} if self.rules.is_crew(target) else {"morale test": self._morale_after(game, target, dist)}
        label = "hits (crewed weapon: any hit pins)" if self.rules.is_crew(target) else "casualties"
        notes = ["dice with the same score needed are rolled as one pool; casualties are capped by the figures each firer can see"]
        return OddsReport(f"{game.state.units[unit_id].name} fires at {target.name}", lines, dist, label, notes, extra)

    def _morale_after(self, game: Game, unit: Unit, casualties: Distribution) -> Distribution:
        """Distribution of the end-of-phase morale test given a casualty distribution."""
        from fractions import Fraction

        from game.core.odds import Distribution

        n = len(self.rules.alive(game, unit.id))
        officer = self.rules.has_officer(game, unit.id)
        probs: dict[str, float] = {}
        fr: dict[str, Fraction] = {}
        for k, p in casualties.probs.items():
            if k == 0:
                key = "no test"
                pf = Fraction(1) if not casualties.fractions else casualties.fractions[k]
                probs[key] = probs.get(key, 0) + p
                fr[key] = fr.get(key, Fraction(0)) + pf
                continue
            left = n - k
            target = left + (self.rules.data.morale.officer_bonus if officer else 0)
            pass_p = Fraction(max(0, min(10, target)), 10) if left > 0 else Fraction(0)
            pk = casualties.fractions.get(k, Fraction(p)) if casualties.fractions else Fraction(p)
            for key, q in (("passes", pass_p), ("fails", 1 - pass_p)):
                if left <= 0:
                    key, q = "wiped out", Fraction(1)
                probs[key] = probs.get(key, 0) + float(pk * q)
                fr[key] = fr.get(key, Fraction(0)) + pk * q
                if left <= 0:
                    break
        return Distribution(probs, casualties.exact, casualties.method, fr if casualties.exact else {})

    def assault_odds(self, game: Game, plan: AssaultPlan) -> OddsReport:
        a = self.rules.data.assault
        att, dfn = len(plan.attackers), len(plan.defenders_in_reach)
        lines = [OddsLine("assaulting figures", f"{att} (within {a.range:g}\")"),
                 OddsLine("defenders in reach", str(dfn)),
                 OddsLine("to hit", f"{a.hit_on}+ on a d6 each")]
        if plan.crew_target:
            from fractions import Fraction

            from game.core.odds import Distribution

            d = Distribution({"destroyed": 1.0}, True, "certain: crewed weapons are destroyed in an assault", {"destroyed": Fraction(1)})
            return OddsReport(f"Assault on {plan.target.name}", lines, d, "result")
        total_def = len(self.rules.alive(game, plan.target.id))

        def fn(dice: Dice):
            hits, _ = self.rules.combat.assault_dice(dice, "assault", att, [])
            lost_def = min(hits, total_def)
            fighters = max(0, dfn - hits)
            back = self.rules.combat.assault_dice(dice, "back", fighters, [])[0] if fighters else 0
            return (lost_def, min(back, att))

        dist = enumerate_outcomes(fn)
        extra = {
            f"{plan.target.name} casualties": dist.marginal(lambda o: o[0]),
            "casualties to the assaulters": dist.marginal(lambda o: o[1]),
            "who tests morale": dist.marginal(lambda o: "defender" if o[0] > o[1] else "attacker" if o[1] > o[0] else ("both" if o[0] else "nobody")),
        }
        return OddsReport(f"Assault on {plan.target.name}", lines, dist, "(defender casualties, attacker casualties)", [], extra)

    def bombard_odds(self, game: Game, unit: Unit) -> OddsReport:
        b = self.rules.data.bombardment
        tgt, mods = self.rules.morale_target(game, unit)
        n = len(self.rules.alive(game, unit.id))

        def fn(dice: Dice):
            r = dice.roll(b.die, "test")
            cas = dice.roll(b.casualties, "cas").total if r.value == b.casualties_on else 0
            return ("passes" if r.value <= tgt else "fails", min(cas, n))

        dist = enumerate_outcomes(fn)
        lines = [OddsLine("morale target", f"d10 <= {tgt}")] + [OddsLine(k, f"{v:+d}") for k, v in mods[1:]]
        return OddsReport(f"Bombardment of {unit.name}", lines, dist, "(test, casualties)", [],
                          {"casualties": dist.marginal(lambda o: o[1]), "test": dist.marginal(lambda o: o[0])})
