"""GOODBYEEEEEE!!!: command rolls (L40-42, L89-95; interpretation orders).

Figures shoot by themselves but need an order to move. In the orders step each section
(and each tank) may be ordered once a turn: 2d6 at or under the Command of its best
leader in reach (the section's own NCO, or any friendly officer or NCO within 40 cm of one
of its figures) passes; with none in reach the section rolls against its squad value 6.
-1 if any of its figures is 20 cm or more from that commander, -1 if any is pinned, -1
under LMG fire and -2 under MG fire since its last turn; a kept Voice of Command card adds
+1 or +2 to a failed roll it would turn into a pass. Pinned figures may not be ordered (L93).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.cards import card_name
from game.core.commands import Command, require
from game.core.game import Game
from game.core.state import Figure, Unit
from game.rulesets.parts import Chapter

from .fire import LMG_FIRE, MG_FIRE
from .status import GbUnitMark

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

#: the troop roles that command (L48-56: NCOs and officers)
LEADER_ROLES = frozenset({"nco", "officer"})


@dataclass(frozen=True)
class OrderRoll:
    """What a command roll is made against, worked out before the dice."""

    unit: str
    commander: str | None  # the figure whose Command is used; None: the squad value
    base: int  # that Command, or the squad value
    modifiers: tuple[tuple[str, int], ...]  # (words, change to the value)

    @property
    def value(self) -> int:
        return self.base + sum(m for _, m in self.modifiers)


class GbCommand(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee

    # ---- who commands --------------------------------------------------------------------
    def is_leader(self, fig: Figure) -> bool:
        return self.rules.troop(fig).role in LEADER_ROLES

    def section_leader(self, game: Game, unit: Unit) -> Figure:
        """The section's leader for the events "from unit leader" (L296, L307-308): its
        highest-ranking figure in action, the first listed of equals (interpretation
        event-targets). The section has a figure in action (the events pick only such)."""
        figs = self.rules.alive(game, unit.id)
        rank = self.rules.courage.seniority
        return max(figs, key=lambda f: (rank(f), -figs.index(f)))

    def is_tank(self, unit: Unit, game: Game) -> bool:
        figs = [game.state.figures[f] for f in unit.figures]
        return bool(figs) and all(self.rules.data.is_vehicle_type(f.type) for f in figs)

    def commander(self, game: Game, unit: Unit) -> Figure | None:
        """The best Command in reach of the section (interpretation orders): its own
        leaders, and any friendly officer or NCO within 40 cm of one of its figures; ties
        go to the section's own leader. A tank commands itself."""
        figs = self.rules.alive(game, unit.id)
        if not figs:
            return None
        if self.is_tank(unit, game):
            return figs[0]
        reach = self.rules.mm(self.rules.data.command.leader_reach)
        cands = [f for f in game.state.figures.values()
                 if f.alive and f.side == unit.side and self.is_leader(f)
                 and (f.unit == unit.id or any(self.rules.dist(f.pos, g.pos) <= reach + 1e-6 for g in figs))]
        if not cands:
            return None
        return max(cands, key=lambda f: (self.stat(f, "command"), f.unit == unit.id, f.id))

    def stat(self, fig: Figure, name: str) -> int:
        return self.rules.stats.stat(fig, name)

    def order_roll(self, game: Game, unit: Unit) -> OrderRoll:
        """The value the section's order is rolled against, with every modifier that applies."""
        cmd = self.rules.data.command
        boss = self.commander(game, unit)
        figs = self.rules.alive(game, unit.id)
        mods: list[tuple[str, int]] = []
        if boss is None:
            return OrderRoll(unit.id, None, cmd.squad_value, tuple(self.situation(game, unit)))
        far = cmd.modifiers.far_from_commander
        if any(self.rules.dist(boss.pos, f.pos) >= self.rules.mm(far.at) - 1e-6 for f in figs if f.id != boss.id):
            mods.append((f"a figure {far.at:g} cm or more from {boss.name}", far.value))
        mods += self.situation(game, unit)
        return OrderRoll(unit.id, boss.id, self.stat(boss, "command"), tuple(mods))

    def situation(self, game: Game, unit: Unit) -> list[tuple[str, int]]:
        """L41, L95: suppressed troops, and LMG or MG fire since the section's last turn."""
        cmd = self.rules.data.command.modifiers
        out: list[tuple[str, int]] = []
        if any(self.rules.courage.pinned(f) for f in self.rules.alive(game, unit.id)):
            out.append(("troops pinned", cmd.troops_suppressed))
        fired = set(unit.markers.get(GbUnitMark.FIRED_ON, []))
        if fired & LMG_FIRE:
            out.append(("under LMG fire", cmd.under_lmg_fire))
        if fired & MG_FIRE:
            out.append(("under MG fire", cmd.under_mg_fire))
        return out

    # ---- the order ------------------------------------------------------------------------
    def ordered(self, game: Game, unit: Unit) -> bool | None:
        """This turn's order: True passed, False failed, None not rolled."""
        mark = unit.markers.get(GbUnitMark.ORDER)
        if not mark or mark["turn"] != game.state.turn:
            return None
        return bool(mark["passed"])

    def may_order(self, game: Game, unit: Unit) -> str | None:
        """Why the section may not be ordered now (None: it may)."""
        st = game.state
        if st.phase != "orders":
            return "Orders are given in the command rolls and moves step."
        if unit.side != st.active_side:
            return "Only the player whose turn it is gives orders."
        if self.ordered(game, unit) is not None:
            return f"{unit.name} has had its command roll this turn."
        if not any(self.rules.moving.orderable(game, f) for f in self.rules.alive(game, unit.id)):
            return (f"No figure of {unit.name} may be ordered to move (pinned, moved on initiative, dashed last turn, held still "
                    "by an event card or out of action).")
        return None

    def check_order(self, game: Game, cmd: Command) -> None:
        unit = game.state.units.get(cmd.unit or "")
        require(unit is not None, "Choose a section (or a tank) to order.")
        assert unit is not None
        require(unit.side == cmd.side, "That is not your section.")
        why = self.may_order(game, unit)
        require(why is None, why or "")

    def apply_order(self, game: Game, cmd: Command) -> None:
        self.rules.jobs.push(game, {"do": "order_roll", "unit": cmd.unit_id})

    def job_order_roll(self, game: Game, job: dict) -> list[dict] | None:
        """L40, L91: 2d6 equal to or under the Command value passes; a failed roll may be
        re-rolled with a Luck point of the commander's (L31)."""
        unit = game.state.units[job["unit"]]
        plan = self.order_roll(game, unit)
        if "total" not in job:
            job["total"] = self.roll(game, unit, plan)
        boss = game.state.figures[plan.commander] if plan.commander else None
        events = self.rules.events
        cards = self.rules.data.events.cards
        for code in sorted((c.code for c in game.state.hands.get(unit.side, []) if c.face_up and cards[c.code].effect == "order_bonus"),
                           key=lambda c: (cards[c].value or 0, c)):
            bonus = cards[code].value or 0
            if job["total"] <= plan.value or job["total"] > plan.value + bonus + job.get("bonus", 0) or job.get(f"card_{code}") == "keep":
                continue  # offered only where it turns the failure into a pass
            played = events.offer(game, job, unit.side, code, f"{unit.name}'s command roll is {job['total']} against {plan.value}: "
                                  f"play the {card_name(code)} for +{bonus} (L291)?")
            if played is None:
                return None
            if played:
                events.play(game, unit.side, code, f"+{bonus} to {unit.name}'s order roll")
                job["bonus"] = job.get("bonus", 0) + bonus
        value = plan.value + job.get("bonus", 0)
        if job["total"] > value and boss is not None and not self.rules.characters.reroll(
                game, job, boss, f"{unit.name}'s command roll ({job['total']} against {plan.value})", "total",
                lambda: self.roll(game, unit, plan)):
            return None
        passed = job["total"] <= value
        unit.markers[GbUnitMark.ORDER] = {"turn": game.state.turn, "passed": passed}
        if passed:
            game.emit("order", f"{unit.name} are ordered forward: {job['total']} against {value}.", units=[unit.id])
        else:
            game.emit("order", f"{unit.name} fail their order ({job['total']} against {value}) and stay where they are.",
                      units=[unit.id])
        return []

    def roll(self, game: Game, unit: Unit, plan: OrderRoll) -> int:
        who = game.state.figures[plan.commander].name if plan.commander else f"the squad value ({plan.base})"
        r = game.dice.roll(self.rules.data.command.dice, f"Command roll: {unit.name} ({who})",
                           target=f"{plan.value} or under", modifiers=list(plan.modifiers), units=[unit.id],
                           sums=(plan.value + 1,))
        r.outcome = "order passed" if r.total <= plan.value else "order failed"
        return r.total
