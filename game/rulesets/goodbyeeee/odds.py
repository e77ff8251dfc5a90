"""GOODBYEEEEEE!!!: exact odds, each from resolving the command itself on a scratch game
under every branch of its dice (game/rulesets/resolving.py). Slice 3 of issue 19: the
command roll; shots, courage and close combat come with their slices."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.commands import Command, refuse
from game.core.dice import Dice
from game.core.game import Game
from game.rulesets.offers import OddsLine, OddsReport, resolved_report
from game.rulesets.parts import OddsPart
from game.rulesets.resolving import command_odds

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee


class GbOdds(OddsPart["Goodbyeeee"]):
    rules: Goodbyeeee

    def odds(self, game: Game, cmd: Command) -> OddsReport:
        if cmd.kind == "order":
            return self.order_odds(game, cmd)
        refuse(f"No odds for '{cmd.kind}' yet.")
        raise AssertionError

    def odds_command(self, game: Game, shooter: str, target: str | None, assault: bool, extra: dict[str, str]) -> Command:
        fig = game.state.figures[shooter]
        if extra.get("order") == "yes":
            return Command("order", fig.side, unit=fig.unit)
        refuse(f"{self.rules.data.name} has odds for command rolls only so far: --option order=yes.")
        raise AssertionError

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

