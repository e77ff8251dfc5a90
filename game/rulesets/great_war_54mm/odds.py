"""The odds of The Great War in 54mm: every report resolves the command itself, with the
rules' own procedure on a scratch copy of the game (game/core/trial.py), under every
branch of its dice, and reads what it did; so the odds shown are the odds played. The
lines above the odds (range, score needed, cover) come from the same situations the
procedure works out (situations.py)."""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.dice import Dice
from game.core.game import Game
from game.rulesets.great_war_54mm.situations import Shot
from game.rulesets.great_war_54mm.status import GwUnitMark
from game.rulesets.offers import OddsLine, OddsReport, resolved_report
from game.rulesets.parts import OddsPart
from game.rulesets.resolving import command_odds

if TYPE_CHECKING:
    from game.rulesets.great_war_54mm.rules import GreatWar54

first, second, third, fourth, first_two = (itemgetter(0), itemgetter(1), itemgetter(2), itemgetter(3),
                                           itemgetter(0, 1))

#: what a hit does to a crewed weapon, as the odds name it
CREW_RESULTS = ("no effect", "pinned", "destroyed")


class GreatWarOdds(OddsPart["GreatWar54"]):
    rules: GreatWar54

    def odds(self, game: Game, cmd: Command) -> OddsReport:
        if cmd.kind == "fire":
            s = self.rules.combat.shot(game, game.state.figures[cmd.figure_id], cmd.target)
            lines = self._shot_lines(s)
            return self.fire_report(game, cmd, f"{s.firer.name} fires at {s.target.name}", lines, list(s.notes))
        if cmd.kind == "fire_unit":
            shots = [self.rules.combat.shot(game, f, cmd.target) for f in self.rules.combat.volley_firers(game, cmd.unit_id, cmd.target)]
            require(bool(shots), "No figure of that unit can fire at the target.")
            lines = [OddsLine(s.firer.name, f"{s.weapon.name} {s.dice}d6, {self.rules.fmt(s.distance)} {s.band}, {s.need}+"
                              + (f", cover {sum(v for _, v in s.modifiers):+d}" if s.modifiers else "")) for s in shots]
            notes = ["figures fire one after another: each hits only figures it can see in range, "
                     "worked out again after every casualty"]
            return self.fire_report(game, cmd, f"{game.state.units[cmd.unit_id].name} fires at {shots[0].target.name}", lines, notes)
        if cmd.kind == "assault":
            return self.assault_odds(game, cmd)
        if cmd.kind == "bombard":
            return self.bombard_odds(game, cmd)
        refuse(f"No odds for '{cmd.kind}'.")
        raise AssertionError

    def _shot_lines(self, s: Shot) -> list[OddsLine]:
        return [
            OddsLine("weapon", f"{s.weapon.name}: {s.dice}d6"),
            OddsLine("range", f"{self.rules.fmt(s.distance)}: {s.band} range (short to {s.weapon.short:g}\", long to {s.weapon.long:g}\")"),
            OddsLine("to hit", f"{s.need}+ at {s.band} range"),
        ] + [OddsLine(n, f"{v:+d} to each die") for n, v in s.modifiers]

    # ---- readers: what one resolution did ----------------------------------------------
    def _lost(self, before: Game, after: Game, unit_id: str) -> int:
        return len(self.rules.alive(before, unit_id)) - len(self.rules.alive(after, unit_id))

    def _crew_result(self, before: Game, after: Game, unit_id: str) -> str:
        if not after.state.unit_alive(unit_id):
            return "destroyed"
        was = before.state.units[unit_id].markers.get(GwUnitMark.PINNED)
        return "pinned" if after.state.units[unit_id].markers.get(GwUnitMark.PINNED) and not was else "no effect"

    def _phase_end_test(self, after: Game, unit_id: str, dice: Dice) -> str:
        """The target's end-of-phase morale test, rolled with the rules' own roll on the
        scratch game: as it stands after this command (other fire this phase may follow)."""
        u = after.state.units[unit_id]
        if not after.state.unit_alive(unit_id):
            return "wiped out"
        if not u.markers.get(GwUnitMark.CASUALTIES_PHASE):
            return "no test"
        return "passes" if self.rules.morale_roll(after, u, "end of phase") else "fails"

    def fire_report(self, game: Game, cmd: Command, title: str, lines: list[OddsLine], notes: list[str]) -> OddsReport:
        target = game.state.units[cmd.target_id]
        if self.rules.is_crew(target):
            res = command_odds(game, cmd, lambda b, a, d: self._crew_result(b, a, target.id))
            notes.append("a crewed weapon is pinned by a hit and destroyed if pinned again; one hit a turn counts")
            return resolved_report(title, lines, res, "result (crewed weapon)", notes=notes)
        res = command_odds(game, cmd, lambda b, a, d: (self._lost(b, a, target.id), self._phase_end_test(a, target.id, d)))
        notes.append("morale test: the target's end-of-phase test as things stand after this fire")
        return resolved_report(title, lines, res, "casualties", first, {"morale test": second}, notes)

    def assault_odds(self, game: Game, cmd: Command) -> OddsReport:
        a = self.rules.data.assault
        plan = self.rules.combat.assault_plan(game, cmd.unit_id, cmd.target)
        lines = [OddsLine("assaulting figures", f"{len(plan.attackers)} (within {a.range:g}\")"),
                 OddsLine("defenders in reach", str(len(plan.defenders_in_reach))),
                 OddsLine("to hit", f"{a.hit_on}+ on a d6 each")]
        title = f"Assault on {plan.target.name}"
        if plan.crew_target:
            res = command_odds(game, cmd, lambda b, af, d: self._crew_result(b, af, plan.target.id))
            return resolved_report(title, lines, res, "result (crewed weapons are destroyed in an assault)")
        att, tgt = cmd.unit_id, plan.target.id

        def read(before: Game, after: Game, dice: Dice) -> tuple[int, int, str, str]:
            return (self._lost(before, after, tgt), self._lost(before, after, att),
                    self._morale_result(before, after, tgt), self._morale_result(before, after, att))

        res = command_odds(game, cmd, read)
        name, own = plan.target.name, game.state.units[att].name
        extra = {f"{name} casualties": first, "casualties to the assaulters": second,
                 f"{name} morale": third, f"{own} morale": fourth}
        return resolved_report(title, lines, res, "(defender casualties, attacker casualties)", first_two, extra)

    def _morale_result(self, before: Game, after: Game, unit_id: str) -> str:
        """What the command did to a unit's morale, read from its markers and the log."""
        if not after.state.unit_alive(unit_id):
            return "wiped out"
        tested = [e.roll for e in after.log if e.roll is not None and unit_id in e.roll.units
                  and "morale test" in e.roll.reason]
        if not tested:
            return "no test"
        b, a = before.state.units[unit_id].markers, after.state.units[unit_id].markers
        if a.get(GwUnitMark.RUNNING) and (b.get(GwUnitMark.RUNNING) or b.get(GwUnitMark.PINNED)):
            return "fails: runs"
        if a.get(GwUnitMark.PINNED) and not b.get(GwUnitMark.PINNED):
            return "fails: pinned"
        return "passes"

    def bombard_odds(self, game: Game, cmd: Command) -> OddsReport:
        unit = game.state.units[cmd.target_id]
        tgt, mods = self.rules.morale_target(game, unit)

        def read(before: Game, after: Game, dice: Dice) -> tuple[str, int]:
            return (self._morale_result(before, after, unit.id), self._lost(before, after, unit.id))

        res = command_odds(game, cmd, read)
        lines = [OddsLine("morale target", f"d10 <= {tgt}")] + [OddsLine(k, f"{v:+d}") for k, v in mods[1:]]
        return resolved_report(f"Bombardment of {unit.name}", lines, res, "(test, casualties)",
                               extra={"casualties": second, "test": first})
