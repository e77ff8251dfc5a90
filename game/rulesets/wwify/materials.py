"""WWIFY AR:SE engineers' materials in play ("Infantry & Cavalry can carry 1 actions worth
of material. Large creatures can carry 4 actions worth, vehicles 12 actions worth"): a
unit carries what its living figures can carry, and during play it may pick materials up
from a pile, hand them over to a friendly unit, or drop them in a pile (interpretation
materials). Each is one action of the unit that does it, under the Engineers optional
rule. A chapter of :class:`game.rulesets.wwify.ruleset.Wwify` (it reads the rest through
``self.rules``).

Commands:
  pick_up (unit, target=pile marker)       take from a pile within reach, as much as fits
  hand_over (unit, target=friendly unit)   give a unit within reach as much as it can take
  drop_materials (unit)                    leave everything carried in a pile by the unit
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.state import Figure, GameState, Marker, Unit
from game.rulesets.parts import Chapter
from game.rulesets.wwify.status import WwifyMarkerAttr, WwifyUnitAttr

if TYPE_CHECKING:
    from game.rulesets.wwify.ruleset import Wwify

PILE = "materials"  # the kind of a pile's marker


class WwMaterials(Chapter["Wwify"]):
    rules: Wwify

    # ---- what a unit carries ---------------------------------------------------------------------
    def capacity(self, game: Game, unit: Unit) -> int:
        """Actions' worth its living figures can carry (1 an infantry, cavalry or crew
        figure, 4 a large creature, 12 a vehicle)."""
        carry = self.rules.data.engineers.carry
        return sum(carry.get(self.rules.fighting.category(f), 0) for f in self.rules.alive(game, unit.id))

    def carried(self, game: Game, unit: Unit) -> int:
        """What it carries now: its materials, at most what its living figures can carry."""
        return min(int(unit.attrs.get(WwifyUnitAttr.MATERIALS, 0)), self.capacity(game, unit))

    def room(self, game: Game, unit: Unit) -> int:
        return max(0, self.capacity(game, unit) - self.carried(game, unit))

    def piles(self, game: Game) -> list[Marker]:
        return [m for m in sorted(game.state.markers.values(), key=lambda m: m.id) if m.kind == PILE]

    def _near(self, game: Game, figs: list[Figure], others: list[Figure]) -> bool:
        reach = self.rules.mm(self.rules.data.engineers.carry_reach)
        return any(self.rules.apart(f, o) <= reach + 1e-6 for f in figs for o in others)

    def _near_pile(self, game: Game, figs: list[Figure], pile: Marker) -> bool:
        reach = self.rules.mm(self.rules.data.engineers.carry_reach)
        return any(self.rules.apart(f, (pile.x, pile.y)) <= reach + 1e-6 for f in figs)

    def _carrier(self, game: Game, cmd: Command) -> Unit:
        """The unit carrying out the command, once it may take a carrying action now."""
        require(self.rules.option(game, "engineers"), "The Engineers optional rule is not in play.")
        require(cmd.unit is not None, "Choose the unit.")
        unit = game.state.units[cmd.unit_id]
        r = self.rules.action_refusal(game, unit, "carry")
        if r:
            refuse(r)
        return unit

    def _set(self, unit: Unit, amount: int) -> None:
        unit.attrs[WwifyUnitAttr.MATERIALS] = amount

    # ---- pick up ----------------------------------------------------------------------------------
    def _pick_up(self, game: Game, cmd: Command) -> tuple[Unit, Marker, int]:
        unit = self._carrier(game, cmd)
        pile = game.state.markers.get(cmd.target or "")
        require(pile is not None and pile.kind == PILE, "Choose a pile of materials.")
        assert pile is not None
        reach = self.rules.data.engineers.carry_reach
        require(self._near_pile(game, self.rules.alive(game, unit.id), pile), f"No figure of {unit.name} is within {reach:g}\" of the pile.")
        room = self.room(game, unit)
        require(room > 0, f"{unit.name} carries all it can ({self.carried(game, unit)} actions' worth).")
        return unit, pile, min(room, int(pile.attrs[WwifyMarkerAttr.AMOUNT]))

    def check_pick_up(self, game: Game, cmd: Command) -> None:
        self._pick_up(game, cmd)

    def apply_pick_up(self, game: Game, cmd: Command) -> None:
        unit, pile, n = self._pick_up(game, cmd)
        self.rules.start_action(game, unit, "carry")
        self._set(unit, self.carried(game, unit) + n)
        left = int(pile.attrs[WwifyMarkerAttr.AMOUNT]) - n
        if left > 0:
            pile.attrs[WwifyMarkerAttr.AMOUNT] = left
        else:
            del game.state.markers[pile.id]
        game.emit("materials", f"{unit.name} pick up {n} action(s)' worth of materials" + (f"; {left} left in the pile." if left else ": the pile is gone."),
                  units=[unit.id])

    # ---- hand over --------------------------------------------------------------------------------
    def _hand_over(self, game: Game, cmd: Command) -> tuple[Unit, Unit, int]:
        st = game.state
        unit = self._carrier(game, cmd)
        have = self.carried(game, unit)
        require(have > 0, f"{unit.name} carries no materials.")
        if cmd.target not in st.units:
            refuse("Choose the friendly unit to hand the materials to.")
        other = st.units[cmd.target_id]
        require(other.id != unit.id and other.side == unit.side and st.unit_alive(other.id), "Hand materials to another friendly unit in action.")
        room = self.room(game, other)
        require(room > 0, f"{other.name} cannot carry any more.")
        reach = self.rules.data.engineers.carry_reach
        require(self._near(game, self.rules.alive(game, unit.id), self.rules.alive(game, other.id)),
                f"No figure of {unit.name} is within {reach:g}\" of {other.name}.")
        return unit, other, min(have, room)

    def check_hand_over(self, game: Game, cmd: Command) -> None:
        self._hand_over(game, cmd)

    def apply_hand_over(self, game: Game, cmd: Command) -> None:
        unit, other, n = self._hand_over(game, cmd)
        self.rules.start_action(game, unit, "carry")
        self._set(unit, self.carried(game, unit) - n)
        self._set(other, self.carried(game, other) + n)
        game.emit("materials", f"{unit.name} hand {n} action(s)' worth of materials to {other.name}.", units=[unit.id, other.id])

    # ---- drop ---------------------------------------------------------------------------------------
    def check_drop_materials(self, game: Game, cmd: Command) -> None:
        unit = self._carrier(game, cmd)
        require(self.carried(game, unit) > 0, f"{unit.name} carries no materials.")

    def apply_drop_materials(self, game: Game, cmd: Command) -> None:
        st = game.state
        unit = self._carrier(game, cmd)
        n = self.carried(game, unit)
        self.rules.start_action(game, unit, "carry")
        self._set(unit, 0)
        mid = add_pile(st, self.rules.unit_centre(game, unit.id), n)
        game.emit("materials", f"{unit.name} drop {n} action(s)' worth of materials ({mid}).", units=[unit.id])


def add_pile(state: GameState, at: tuple[float, float], amount: int) -> str:
    """A pile of materials on the table (dropped, or a scenario's dump): its marker id."""
    k = 1
    while f"{PILE}:{k}" in state.markers:
        k += 1
    mid = f"{PILE}:{k}"
    state.markers[mid] = Marker(mid, "", PILE, at[0], at[1], attrs={WwifyMarkerAttr.AMOUNT: amount})
    return mid
