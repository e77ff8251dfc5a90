"""WW2 Skirmish: morale tests ("Morale") and removing suppression. A chapter of :class:`game.rulesets.ww2_skirmish.ruleset.Ww2Skirmish` (it reads the rest through ``self.rules``).

Tests are queued while a command resolves (:meth:`Ww2Morale.queue_test`) and taken
once per fire team at its end (:meth:`run_tests`), on the team's action points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.commands import Command, require
from game.core.dice import Dice
from game.core.game import Game
from game.core.state import Figure, Unit
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.status import Ww2GameAttr, Ww2UnitMark

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish


class Ww2Morale(Chapter["Ww2Skirmish"]):
    # ---- morale ------------------------------------------------------------------------------------------------------
    rules: Ww2Skirmish

    def queue_test(self, game: Game, unit: Unit, why: str) -> None:
        q = game.state.attrs.setdefault(Ww2GameAttr.MORALE_QUEUE, [])
        if unit.id not in [u for u, _ in q]:
            q.append((unit.id, why))

    def run_tests(self, game: Game) -> None:
        st = game.state
        q = st.attrs.pop(Ww2GameAttr.MORALE_QUEUE, [])
        for uid, why in q:
            u = st.units.get(uid)
            if u is not None and st.unit_alive(uid) and not self.rules.routing(u):
                self.morale_test(game, u, why)

    def team_ap(self, game: Game, unit: Unit, changes: dict[str, int] | None = None, extra_supp: int = 0) -> int:
        """The testing group's current action points: actions less wounds, less one per
        figure per suppression marker; never below 0."""
        changes = changes or {}  # figure id -> its actions after an effect (-1: out of action)
        figs = [f for f in game.state.unit_figures(unit.id) if not self.rules.is_vehicle(f) and not self.rules.is_gun(f)]
        acts = [changes.get(f.id, self.rules.max_actions(f)) for f in figs]
        acts = [a for a in acts if a >= 0]
        supp = min(self.rules.data.suppression.max, self.rules.suppression(unit) + extra_supp)
        return max(0, sum(acts) - supp * len(acts))

    def tests_morale(self, game: Game, unit: Unit) -> bool:
        v = self.rules.unit_vehicle(game, unit.id)
        return v is None  # a crewed vehicle in action does not test (interpretation)

    def morale_outcome(self, roll: int, ap: int) -> str:
        m = self.rules.data.morale
        if roll < ap:
            return "passed"
        margin = roll - ap
        if margin <= m.retire_upto:
            return "retire"
        if margin == m.suppression_at:
            return "suppression"
        if margin == m.fall_back_at:
            return "falls back"
        return "routs"

    def morale_roll(self, dice: Dice, unit: Unit, ap: int, why: str) -> str:
        roll = dice.roll(self.rules.data.morale.die, f"{unit.name} morale test ({why})", target=f"less than {ap} (action points)", units=[unit.id])
        out = self.morale_outcome(roll.value, ap)
        roll.outcome = out
        return out

    def morale_test(self, game: Game, unit: Unit, why: str) -> str:
        if not self.tests_morale(game, unit):
            return "passed"
        ap = self.team_ap(game, unit)
        out = self.morale_roll(game.dice, unit, ap, why)
        self.morale_result(game, unit, out)
        return out

    def morale_result(self, game: Game, unit: Unit, out: str) -> None:
        if out == "passed":
            return
        if out == "retire":
            game.emit("morale", f"{unit.name} retires to the nearest cover to its rear.", units=[unit.id])
            self.rules.flight.retire_to_cover(game, unit)
        elif out == "suppression":
            self.rules.effects.suppress(game, unit, "(failed morale test)", hit=False)
        elif out == "falls back":
            roll = game.dice.roll(self.rules.data.morale.fall_back_die, f"{unit.name} falls back", target="inches away from the enemy",
                                  units=[unit.id])
            roll.outcome = f"moves {roll.value}\" away, no move or fire next turn"
            unit.markers[Ww2UnitMark.SHAKEN_UNTIL] = self.rules.next_own_sideturn(game, unit.side)
            self.rules.flight.move_away(game, unit, self.rules.mm(roll.value), "falls back")
        elif out == "routs":
            unit.markers[Ww2UnitMark.ROUTING] = True
            self.rules.routed_by_rule(game, unit)
            game.emit("morale", f"{unit.name} routs! It flees from the nearest enemy and may not fire.", units=[unit.id])
            self.rules.flight.move_away(game, unit, None, "flees")

    # ---- suppression removal ---------------------------------------------------------------------------------------------
    def check_remove_suppression(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(st.phase == "action" and cmd.side == st.active_side, "Suppression is removed during the side's own turn.")
        require(cmd.unit is not None, "Choose the fire team.")
        unit = st.units[cmd.unit_id]
        require(self.rules.suppression(unit) > 0, f"{unit.name} is not suppressed.")
        require(not self.rules.routing(unit), f"{unit.name} is routing: it must rally first.")
        if (v := self.rules.unit_vehicle(game, unit.id)) is not None:
            self.rules.vehicles.require_awake(game, v)
        require(any(self.rules.actions_left(f) > 0 for f in self.team_payers(game, unit)),
                f"No figure of {unit.name} has an action left to remove suppression.")

    def team_payers(self, game: Game, unit: Unit) -> list[Figure]:
        v = self.rules.unit_vehicle(game, unit.id)
        if v is not None:
            return self.rules.crew(game, v)
        return [f for f in game.state.unit_figures(unit.id) if not self.rules.is_gun(f)]

    def apply_remove_suppression(self, game: Game, cmd: Command) -> None:
        unit = game.state.units[cmd.unit_id]
        payers = [f for f in self.team_payers(game, unit) if self.rules.actions_left(f) > 0]
        for f in payers:
            self.rules.spend(f, 1)
        left = sum(self.rules.actions_left(f) for f in self.team_payers(game, unit))
        s = self.rules.data.suppression
        roll = game.dice.roll(s.remove_die, f"{unit.name} tries to remove a suppression", target=f"{s.remove_target}+",
                              modifiers=[("team actions left", left)], units=[unit.id])
        ok = roll.value + left >= s.remove_target
        roll.outcome = "one suppression removed" if ok else "still suppressed"
        if ok:
            unit.markers[Ww2UnitMark.SUPPRESSED] = self.rules.suppression(unit) - 1
            if not unit.markers[Ww2UnitMark.SUPPRESSED]:
                unit.markers.pop(Ww2UnitMark.SUPPRESSED)
        game.emit("status", f"{unit.name}: every member spent 1 action trying to remove suppression.", units=[unit.id])

    def removal_chance(self, game: Game, unit: Unit) -> int:
        """Team actions left after paying for an attempt."""
        payers = self.team_payers(game, unit)
        return sum(max(0, self.rules.actions_left(f) - 1) if self.rules.actions_left(f) > 0 else 0 for f in payers)
