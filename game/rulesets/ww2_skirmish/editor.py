"""What the map editor offers for WW2 Skirmish: the points of each troop type (the
text's figure costs), and no ruleset settings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.parts import EditorSupport
from game.rulesets.ww2_skirmish.data import figure_cost

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish


class Ww2Editor(EditorSupport["Ww2Skirmish"]):
    rules: Ww2Skirmish

    def troop_points(self, troop_type: str) -> int | None:
        data = self.rules.data
        tt = data.troop_types.get(troop_type)
        return None if tt is None else figure_cost(data, tt)

    def unit_kinds(self) -> tuple[str, ...]:
        return ("squad", "fire_team")  # the rules read neither: a team is a team
