"""GOODBYEEEEEE!!!: exact odds, each from resolving the command itself on a scratch game
under every branch of its dice (game/rulesets/resolving.py). Slice 3 of issue 19: the
command roll and single shots; courage, close combat and the other weapons come with their
slices."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.dice import Dice
from game.core.game import Game
from game.core.trial import resolve_odds
from game.rulesets.offers import OddsLine, OddsReport, resolved_report
from game.rulesets.parts import OddsPart
from game.rulesets.resolving import command_odds, settle_decisions

from .auto_weapons import BURSTS, ZONE
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
        if cmd.kind == "fight":
            return self.fight_odds(game, cmd)
        if cmd.kind == "fire_at_point":
            return self.blast_odds(game, cmd)
        refuse(f"No odds for '{cmd.kind}' yet.")
        raise AssertionError

    def odds_command(self, game: Game, shooter: str, target: str | None, assault: bool, extra: dict[str, str]) -> Command:
        fig = game.state.figures[shooter]
        if extra.get("order") == "yes":
            return Command("order", fig.side, unit=fig.unit)
        if assault:
            return Command("fight", fig.side, figure=fig.id, target=target)
        unknown = set(extra) - {"order", "weapon"}
        if unknown:
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

        jams = self.rules.auto.jam_limit(game, firer, shot.weapon) is not None

        def read(before: Game, after: Game, dice: Dice) -> tuple[str, str]:
            t0, t1 = before.state.figures[target.id], after.state.figures[target.id]
            jam = "jams" if after.state.figures[firer.id].markers.get(GbFigMark.JAMMED) else "no jam"
            if not t1.alive:
                return ("out of action", jam)
            if t1.wounds > t0.wounds:
                return ("wounded", jam)
            if t1.markers.get(GbFigMark.PINNED) and not t0.markers.get(GbFigMark.PINNED):
                return ("pinned", jam)
            return ("no effect", jam)

        res = command_odds(game, cmd, read)
        lines = [OddsLine("weapon", w.name),
                 OddsLine("range", f"{shot.distance_cm:g} cm ({'short' if shot.band == 0 else 'long'})"),
                 OddsLine("to hit", f"{shot.to_hit}+")]
        lines += [OddsLine(words, f"{m:+d} to the score") for words, m in shot.hit_mods]
        lines.append(OddsLine("cover", f"{shot.cover_words}" + (f": {shot.saves[0]}-{shot.saves[-1]} stops it" if shot.saves else ": no roll")))
        lines.append(OddsLine("to wound", f"{shot.to_wound}+"))
        lines += [OddsLine(words, f"{m:+d} to the score") for words, m in shot.wound_mods]
        notes = ["a hit that does not wound makes the target test its courage: a failure pins it (L160)"]
        if shot.weapon in BURSTS or shot.weapon == ZONE:
            lines.insert(1, OddsLine("shots", str(self.rules.auto.shots(game, firer, shot.weapon))))
        if shot.weapon == ZONE:
            notes.append("the beaten zone's other figures take the rest of the shots (d6 each, nearest first); "
                         f"shown here: {target.name}")
        return resolved_report(f"{firer.name} fires at {target.name}", lines, res, "target", main=_first,
                               extra={"the gun": _second} if jams else None, notes=notes)

    def fight_odds(self, game: Game, cmd: Command) -> OddsReport:
        """Two figures in base contact: the fight the close combat step would run (L137-150),
        with the winner's choice (kill or capture) made as the computer makes it."""
        st = game.state
        a, b = st.figures.get(cmd.figure or ""), st.figures.get(cmd.target or "")
        require(a is not None and b is not None and self.rules.melee.in_contact(a, b) and st.hostile(a.side, b.side),
                "Choose two enemy figures in base contact.")
        assert a is not None and b is not None
        melee = self.rules.melee
        job = melee.fight_job(game, a, b)

        def act(g: Game) -> None:
            self.rules.jobs.push(g, dict(job, multi=list(job["multi"])))
            self.rules.run_queue(g)
            settle_decisions(g)

        def read(before: Game, after: Game, dice: Dice) -> str:
            step = [after.state.turn, after.state.active_side]
            for f in (a, b):
                if after.state.figures[f.id].markers.get(GbFigMark.BEAT) == step:
                    return f"{f.name} ({f.id}) wins"
            return "draw"

        res = resolve_odds(game, act, read)
        lines = []
        for f in (a, b):
            mods = melee.modifiers(game, f, f.id in job["multi"])
            n = max(1, self.rules.stats.stat(f, "melee_attacks"))
            lines.append(OddsLine(f.name, f"Fighting Skill {self.rules.stats.stat(f, 'fighting_skill')}"
                                  + "".join(f", {w} {m:+d}" for w, m in mods) + (f", best of {n} d6" if n > 1 else ", d6")))
        return resolved_report(f"Hand to hand: {a.name} against {b.name}", lines, res, "fight",
                               notes=["the winner wounds the loser (or may capture a figure the wound would put out of action)",
                                      "a draw: both fall back 3 cm (L148)"])


    def blast_odds(self, game: Game, cmd: Command) -> OddsReport:
        """A grenade or a mortar round at a point: how many figures of each side it puts out
        of action (the scatter's direction is a whole degree, so these odds are usually
        sampled from seeded resolutions: the report says which)."""
        self.rules.check(game, cmd)
        fig = game.state.figures[cmd.figure_id]
        plan = self.rules.blasts.plan(game, fig, cmd.choice or "", cmd.at)

        def read(before: Game, after: Game, dice: Dice) -> tuple[int, int]:
            lost = [f for f in before.state.figures.values() if f.alive and not after.state.figures[f.id].alive]
            return (sum(f.side != fig.side for f in lost), sum(f.side == fig.side for f in lost))

        res = command_odds(game, cmd, read)
        lines = [OddsLine("weapon", self.rules.data.weapons[plan["weapon"]].name)] + [OddsLine("dice", w) for w in plan["words"]]
        return resolved_report(f"{fig.name} fires at a point", lines, res, "enemy figures out of action", main=_count_enemy,
                               extra={"own figures out of action": _count_own}, notes=["a HIT on the scatter die lands on the point"])


def _first(o: tuple[str, str]) -> str:
    return o[0]


def _second(o: tuple[str, str]) -> str:
    return o[1]


def _count_enemy(o: tuple[int, int]) -> int:
    return o[0]


def _count_own(o: tuple[int, int]) -> int:
    return o[1]
