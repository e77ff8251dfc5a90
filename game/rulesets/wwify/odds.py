"""The odds of WWIFY AR:SE: squad fire (weapon, range band, the trench re-roll, smoke
saves, damage tables and the morale test it may cause), close combat, the artillery
barrage on a square and the morale test. Each report resolves the command (or the test,
or the barrage) itself on a scratch copy of the game, under every branch of its dice,
with the choices that follow (which figure falls, the rally) made as the computer makes
them (game/rulesets/resolving.py), and reads what it did."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from game.core.commands import Command, refuse, require
from game.core.dice import Dice
from game.core.game import Game
from game.core.state import Unit
from game.core.trial import resolve_odds
from game.rulesets.offers import OddsLine, OddsReport, resolved_report
from game.rulesets.parts import OddsPart
from game.rulesets.resolving import command_odds, settle_decisions
from game.rulesets.wwify.status import WwifyUnitMark

if TYPE_CHECKING:
    from game.rulesets.wwify.ruleset import Wwify

first, second, third = itemgetter(0), itemgetter(1), itemgetter(2)


class WwifyOdds(OddsPart["Wwify"]):
    rules: Wwify

    def odds(self, game: Game, cmd: Command) -> OddsReport:
        if cmd.kind == "fire":
            return self.fire_odds(game, cmd)
        if cmd.kind == "combat":
            return self.combat_odds(game, cmd)
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

    # ---- readers: what one resolution did ------------------------------------------------------
    @staticmethod
    def _events(after: Game, kind: str) -> list[dict]:
        return [e.data for e in after.log if e.kind == kind and e.data]

    def _lost(self, before: Game, after: Game, unit_id: str) -> int:
        return len(self.rules.alive(before, unit_id)) - len(self.rules.alive(after, unit_id))

    def _morale(self, before: Game, after: Game, unit_id: str) -> str:
        """What the command did to a squad's morale, from its rolls and markers."""
        rolls = [e.roll for e in after.log if e.roll is not None and unit_id in e.roll.units and "morale test" in e.roll.reason]
        if not rolls:
            return "no test"
        u = after.state.units[unit_id]
        if u.markers.get(WwifyUnitMark.PANICKED) and not before.state.units[unit_id].markers.get(WwifyUnitMark.PANICKED):
            if self.rules.officer(before, unit_id) is None:
                return "panics (no officer to rally)"
            return "panics, officer killed" if self.rules.officer(after, unit_id) is None else "panics"
        if "holds" in rolls[0].outcome:
            return "holds"
        if len(rolls) > 1:
            return "rallies (heroic act)"
        return f"rallies, officer shoots {self._lost(before, after, unit_id)}"

    def _damage(self, before: Game, after: Game, fig_id: str, kind: str) -> str:
        fig = after.state.figures[fig_id]
        if kind == "large_creature":
            return "killed" if not fig.alive else f"{fig.wounds} wounds"
        if not fig.alive:
            return "destroyed"
        mark = WwifyUnitMark.IMMOBILISED if kind == "vehicle" else WwifyUnitMark.WINGED
        now, then = after.state.units[fig.unit].markers.get(mark), before.state.units[fig.unit].markers.get(mark)
        return ("immobilised" if kind == "vehicle" else "winged") if now and now != then else "no effect"

    # ---- fire --------------------------------------------------------------------------------------
    def fire_odds(self, game: Game, cmd: Command) -> OddsReport:
        plan = self.rules.fighting.fire_plan(game, cmd.unit_id, cmd.target)
        fi = self.rules.data.firing
        label = fi.bands[plan.band].label
        far = max(plan.firers, key=lambda fr: fr.distance).fig
        near = plan.nearest.name if plan.nearest is not None else plan.target.name
        lines = [OddsLine("range", f"{self.rules.fmt(plan.range)} ({label}): from {far.name}, the firer furthest from the nearest enemy ({near})")]
        for wid, n in plan.pools:
            k = sum(1 for fr in plan.firers if fr.weapon == wid)
            lines.append(OddsLine(self.rules.data.weapons[wid].name, f"{k} firing, {n}d6, {fi.kill_on}s kill"))
        if plan.trench:
            lines.append(OddsLine("target in a trench", f"each six re-rolled, kills on {fi.trench_reroll_kill_on}+"))
        notes = list(plan.notes)
        target, kind = plan.target, plan.target_kind
        title = f"{plan.unit.name} fires at {target.name}"
        if kind != "figures":
            fig = self.rules.alive(game, target.id)[0]
            res = command_odds(game, cmd, lambda b, a, d: (self._kills(a), self._damage(b, a, fig.id, kind)))
            what = {"large_creature": f"{fig.name} (wounds so far {fig.wounds} of {fi.large_creature_wounds})",
                    "vehicle": f"{fig.name}: vehicle damage", "flyer": f"{fig.name}: flyer damage"}[kind]
            if kind == "vehicle" and target.markers.get(WwifyUnitMark.IMMOBILISED):
                notes.append("already immobilised")
            return resolved_report(title, lines, res, what, second, {"kill results": first}, notes)

        def read(before: Game, after: Game, dice: Dice) -> tuple[int, int, str]:
            return (self._kills(after), self._lost(before, after, target.id), self._morale(before, after, target.id))

        res = command_odds(game, cmd, read)
        notes.append("the owner picks the casualties as the computer would (a figure in smoke first: it saves on "
                     f"{fi.smoke_save_on}+; a figure that saved is not picked again for this fire)")
        extra = {"kill results": first}
        if self.rules.option(game, "morale") and target.kind == "squad":
            extra["morale test"] = third
            notes.append("morale: a failed test's rally is attempted or declined as the computer would (interpretation solo-rally)")
        return resolved_report(title, lines, res, "casualties", second, extra, notes)

    def _kills(self, after: Game) -> int:
        return sum(d.get("kills", 0) for d in self._events(after, "fire"))

    # ---- close combat ------------------------------------------------------------------------------
    def combat_odds(self, game: Game, cmd: Command) -> OddsReport:
        plan = self.rules.fighting.combat_plan(game, cmd.unit_id)
        ag, dg = self.rules.fighting.combat_groups(plan.attackers), self.rules.fighting.combat_groups(plan.defenders)
        lines = [OddsLine("attackers", ", ".join(f.name for f in plan.attackers)),
                 OddsLine("defenders", ", ".join(f.name for f in plan.defenders))]
        for side, groups in (("attacker", ag), ("defender", dg)):
            for mods, figs in groups:
                if mods:
                    lines.append(OddsLine(f"{side} modifiers", f"{', '.join(f'{n} {v:+d}' for n, v in mods)} ({len(figs)} figure(s))"))

        def read(before: Game, after: Game, dice: Dice) -> tuple[str, int, int]:
            d = self._events(after, "combat")[-1]
            return (d["result"], d["attacker"], d["defender"])

        res = command_odds(game, cmd, read)
        notes = ["each side counts only its best die; the loser loses one figure (killed, or captured at the winner's choice); equal scores: nobody falls"]
        return resolved_report(f"Close combat: {plan.unit.name}", lines, res, "result", first,
                               {"attackers' best score": second, "defenders' best score": third}, notes)

    # ---- the artillery -------------------------------------------------------------------------------
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
        sides = game.state.side_order

        def act(g: Game) -> None:  # the barrage itself: the morale tests it causes come after
            self.rules.artillery.barrage(g, None, label, None)

        def read(before: Game, after: Game, dice: Dice) -> tuple[str, tuple[int, ...]]:
            out = [f for f in figs if not after.state.figures[f.id].alive]
            shell = self._events(after, "artillery")[-1]["shell"]
            return (shell, tuple(sum(1 for f in out if f.side == s) for s in sides))

        res = resolve_odds(game, act, read)
        names: dict[str, str] = {r.shell: r.name for r in self.rules.data.artillery.shells}
        lines = [OddsLine("square", f"{label}: {len(figs)} figure(s) under it"),
                 OddsLine("shell d6", ", ".join(f"{'-'.join(map(str, (r.faces[0], r.faces[-1])))} {r.name}" for r in self.rules.data.artillery.shells))]
        notes = ["HE: 5-6 kills (large creatures: a wound; trench: re-roll, 4-6); gas: 5-6 kills without a gas mask; "
                 "vehicles that score it roll on the vehicle damage table; flyers are not harmed (no barrage can damage a flyer)",
                 f"chance that the random barrage falls here at all: 1/{grid.big_count * 4}",
                 "squads hit by HE or gas then test morale (a squad's morale odds show that test)"]
        extra: dict[str, Callable[[Any], Hashable]] = {
            f"{game.state.sides[s].name} out of action": partial(_side_count, i=i) for i, s in enumerate(sides)}
        extra["shell"] = partial(_shell_name, names=names)
        return resolved_report(f"Artillery on square {label}", lines, res,
                               "figures out of action (killed, or vehicles destroyed)", _total_out, extra, notes)

    # ---- the morale test -------------------------------------------------------------------------------
    def morale_odds(self, game: Game, unit: Unit) -> OddsReport:
        """The test a squad would take now, with the rally answered as the computer would."""
        require(unit.kind == "squad", f"{unit.name} is not a squad: only squads test morale.")
        require(game.state.unit_alive(unit.id), f"{unit.name} has no figures left.")
        require(bool(self.rules.option(game, "morale")), "The morale rules are off in this game.")
        require(not unit.markers.get(WwifyUnitMark.PANICKED), f"{unit.name} has panicked already: it tests no more.")
        left = len(self.rules.alive(game, unit.id))
        off = self.rules.officer(game, unit.id)
        mod = self.rules.data.morale.officer_modifier if off else 0
        evil = self.rules.alignment(game, unit.side) == "evil"

        def act(g: Game) -> None:
            self.rules.push(g, {"do": "morale", "unit": unit.id, "asked": True})
            self.rules.run_queue(g)
            settle_decisions(g)

        res = resolve_odds(game, act, lambda b, a, d: self._morale(b, a, unit.id))
        lines = [OddsLine("figures left", str(left)),
                 OddsLine("test", f"{self.rules.data.morale.dice}{f' {mod:+d} (officer alive)' if off else ''}: above {left} panics")]
        notes = ["Evil: the officer shoots one soldier per pip failed and the rest rally" if evil else
                 "Good: the officer re-rolls; if that fails he is killed and the squad runs",
                 "the rally attempted or declined as the computer would: an evil officer when he keeps at least twice the "
                 "men he shoots and the shots do not break his side, a good one unless his death would (interpretation solo-rally)"]
        return resolved_report(f"Morale test: {unit.name}", lines, res, "result", notes=notes)


def _side_count(o: tuple[str, tuple[int, ...]], i: int) -> int:
    return o[1][i]


def _total_out(o: tuple[str, tuple[int, ...]]) -> int:
    return sum(o[1])


def _shell_name(o: tuple[str, tuple[int, ...]], names: dict[str, str]) -> str:
    return names[o[0]]
