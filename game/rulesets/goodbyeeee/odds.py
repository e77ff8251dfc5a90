"""GOODBYEEEEEE!!!: exact odds, each from resolving the command itself on a scratch game
under every branch of its dice (game/rulesets/resolving.py). Slice 3 of issue 19: the
command roll and single shots; courage, close combat and the other weapons come with their
slices."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.commands import Command, refuse
from game.core.dice import Dice
from game.core.game import Game
from game.rulesets.offers import OddsLine, OddsReport, resolved_report
from game.rulesets.parts import OddsPart
from game.rulesets.resolving import command_odds

from .status import GbFigMark

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee


class GbOdds(OddsPart["Goodbyeeee"]):
    rules: Goodbyeeee

    def odds(self, game: Game, cmd: Command) -> OddsReport:
        if cmd.kind == "order":
            return self.order_odds(game, cmd)
        if cmd.kind == "fire":
            return self.fire_odds(game, cmd)
        refuse(f"No odds for '{cmd.kind}' yet.")
        raise AssertionError

    def odds_command(self, game: Game, shooter: str, target: str | None, assault: bool, extra: dict[str, str]) -> Command:
        fig = game.state.figures[shooter]
        if extra.get("order") == "yes":
            return Command("order", fig.side, unit=fig.unit)
        unknown = set(extra) - {"order", "weapon"}
        if unknown or assault:
            refuse(f"{self.rules.data.name} has odds for shots and command rolls so far: --option weapon=ID or --option order=yes.")
        return Command("fire", fig.side, figure=fig.id, target=target, choice=extra.get("weapon"))

    def order_odds(self, game: Game, cmd: Command) -> OddsReport:
        self.rules.check(game, cmd)
        unit = game.state.units[cmd.unit_id]
        plan = self.rules.command.order_roll(game, unit)

        def read(before: Game, after: Game, dice: Dice) -> str:
            return "passed" if self.rules.command.ordered(after, after.state.units[unit.id]) else "failed"

        res = command_odds(game, cmd, read)
        who = game.state.figures[plan.commander].name if plan.commander else "none in reach: the squad value"
        lines = [OddsLine("commander", who), OddsLine("Command", str(plan.base))]
        lines += [OddsLine(words, f"{m:+d}") for words, m in plan.modifiers]
        lines.append(OddsLine("passes on", f"{self.rules.data.command.dice} of {plan.value} or under"))
        return resolved_report(f"Command roll: {unit.name}", lines, res, "order")


    def fire_odds(self, game: Game, cmd: Command) -> OddsReport:
        """A fire command: what becomes of the target (out of action, wounded, pinned or
        nothing), resolved by the shot's own procedure."""
        self.rules.check(game, cmd)
        st = game.state
        firer, target = st.figures[cmd.figure_id], st.figures[cmd.target_id]
        shot = self.rules.firing.shot(game, firer, target, cmd.choice or self.rules.firing.default_weapon(firer))
        w = self.rules.data.weapons[shot.weapon]

        def read(before: Game, after: Game, dice: Dice) -> str:
            t0, t1 = before.state.figures[target.id], after.state.figures[target.id]
            if not t1.alive:
                return "out of action"
            if t1.wounds > t0.wounds:
                return "wounded"
            if t1.markers.get(GbFigMark.PINNED) and not t0.markers.get(GbFigMark.PINNED):
                return "pinned"
            return "no effect"

        res = command_odds(game, cmd, read)
        lines = [OddsLine("weapon", f"{w.name}{f' x{shot.shots}' if shot.shots > 1 else ''}"),
                 OddsLine("range", f"{shot.distance_cm:g} cm ({'short' if shot.band == 0 else 'long'})"),
                 OddsLine("to hit", f"{shot.to_hit}+")]
        lines += [OddsLine(words, f"{m:+d} to the score") for words, m in shot.hit_mods]
        lines.append(OddsLine("cover", f"{shot.cover_words}" + (f": {shot.saves[0]}-{shot.saves[-1]} stops it" if shot.saves else ": no roll")))
        lines.append(OddsLine("to wound", f"{shot.to_wound}+"))
        lines += [OddsLine(words, f"{m:+d} to the score") for words, m in shot.wound_mods]
        notes = ["a hit that does not wound makes the target test its courage: a failure pins it (L160)"]
        return resolved_report(f"{firer.name} fires at {target.name}", lines, res, "target", notes=notes)
