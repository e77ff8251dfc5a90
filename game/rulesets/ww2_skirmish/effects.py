"""WW2 Skirmish: what fire does to a figure ("Effects of fire", "Suppression"): the
d6 effect roll, suppressing a team, wounds, disabling and killing, and what a loss sets
off (carried comrades dropped, a driver lost). Rolling the shot itself is in fire.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Dice, changes
from game.core.game import Game
from game.core.state import DEAD, Figure, Unit
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.common import (
    DISABLED,
)
from game.rulesets.ww2_skirmish.status import Ww2FigAttr, Ww2FigMark, Ww2UnitMark

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish


class Ww2Effects(Chapter["Ww2Skirmish"]):
    """The effect of a hit on a figure and on its team."""

    rules: Ww2Skirmish

    # ---- rolling it ---------------------------------------------------------------------------------------------
    def effect_result(self, dice: Dice, mods: list[tuple[str, int]], victim: Figure, reason: str) -> str:
        t = self.rules.data.fire_effect.table
        total = sum(v for _, v in mods)
        roll = dice.roll(t.die, reason, target="1-4 suppressed, 5 wound, 6 disabled, 7+ killed", modifiers=mods, figures=[victim.id],
                         cuts=changes(t.die, lambda face: t.result(face + total)))
        res = t.result(roll.value + total)
        roll.outcome = res
        return res

    def is_flamer(self, f: Figure) -> bool:
        return any(w.category == "flamethrower" for _, w in self.rules.weapons_of(f))

    # ---- effects on figures ------------------------------------------------------------------------------------------
    def suppress(self, game: Game, unit: Unit, why: str, hit: bool = True) -> bool:
        """One more suppression on ``unit``; ``hit``: it is the effect of a hit (the event
        says so, for the odds to read), not of a failed morale test."""
        n = self.rules.suppression(unit)
        mx = self.rules.data.suppression.max
        if n >= mx:  # (no effect for the odds to count: the hit did nothing)
            game.emit("status", f"{unit.name} already has {mx} suppressions: further suppression is ignored.", units=[unit.id])
            return False
        data = {"effect": "suppressed"} if hit else None
        unit.markers[Ww2UnitMark.SUPPRESSED] = n + 1
        game.emit("status", f"{unit.name} is suppressed ({n + 1}) {why}.", units=[unit.id], data=data)
        return True

    def apply_effect(self, game: Game, victim: Figure, result: str, cause: str, by_unit: str | None, flame_ok: bool = True) -> None:
        """Put one effect on a figure; queue its fire team's morale test."""
        st = game.state
        unit = st.units[victim.unit]
        if result in ("none", "miss") or not victim.alive:
            return
        if flame_ok and self.is_flamer(victim) and result != "flamer":
            result = "flamer"
        if result == "flamer":
            victim.life = DEAD
            self.rules.note_losses(game, unit.id, 1, by_unit)
            game.emit("casualty", f"{victim.name} is hit: the flamethrower bursts into flame and kills him ({cause}).",
                      figures=[victim.id], units=[unit.id], data={"effect": "flamer"})
            self.after_loss(game, victim)
            for m in list(st.unit_figures(unit.id)):
                if m.id != victim.id and m.alive and not self.rules.is_vehicle(m):
                    res = self.flame_effect(game.dice, m, f"{m.name} caught in the burning flamethrower")
                    self.apply_effect(game, m, res, "flamethrower fire", by_unit, flame_ok=False)
            self.rules.morale.queue_test(game, unit, "casualty")
            return
        if result == "suppressed":
            if self.suppress(game, unit, f"({cause})"):  # a fourth is ignored (L180), and with it its test
                self.rules.morale.queue_test(game, unit, "suppressed")
            return
        if result == "wounded":
            victim.wounds += 1
            if self.rules.max_actions(victim) <= 0:
                result = "disabled"
            else:
                self.rules.note_losses(game, unit.id, 1, by_unit)
                game.emit("casualty", f"{victim.name} is wounded ({cause}): -1 action, -2\" movement.", figures=[victim.id], units=[unit.id],
                          data={"effect": "wounded"})
        if result == "disabled":
            victim.life = DISABLED
            self.rules.note_losses(game, unit.id, 1, by_unit)
            game.emit("casualty", f"{victim.name} is disabled ({cause}).", figures=[victim.id], units=[unit.id], data={"effect": "disabled"})
            self.after_loss(game, victim)
        elif result == "killed":
            victim.life = DEAD
            self.rules.note_losses(game, unit.id, 1, by_unit)
            game.emit("casualty", f"{victim.name} is killed ({cause}).", figures=[victim.id], units=[unit.id], data={"effect": "killed"})
            self.after_loss(game, victim)
        self.rules.morale.queue_test(game, unit, "casualty")

    def after_loss(self, game: Game, f: Figure) -> None:
        """A figure out of action drops what it carried and stops being carried along."""
        st = game.state
        cid = f.markers.pop(Ww2FigMark.CARRYING, None)
        if cid and cid in st.figures:
            c = st.figures[cid]
            c.attrs[Ww2FigAttr.CARRIED_BY] = [x for x in c.attrs.get(Ww2FigAttr.CARRIED_BY, []) if x != f.id]
        for c in st.figures.values():
            if f.id in c.attrs.get(Ww2FigAttr.CARRIED_BY, []):
                c.attrs[Ww2FigAttr.CARRIED_BY] = [x for x in c.attrs[Ww2FigAttr.CARRIED_BY] if x != f.id]
        if self.rules.role(f) == "driver" and self.rules.embarked(f):
            v = self.rules.vehicle_of(game, f)
            if v is not None and v.alive:
                self.rules.vehicles.driver_lost(game, v)

    def flame_effect(self, dice: Dice, victim: Figure, reason: str) -> str:
        t = self.rules.data.flamethrowers.effect
        roll = dice.roll(t.die, reason, target="1-2 suppressed, 3-4 disabled, 5-6 killed", figures=[victim.id], cuts=changes(t.die, t.result))
        res = t.result(roll.value)
        roll.outcome = res
        return res
