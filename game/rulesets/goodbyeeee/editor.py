"""What the map editor offers for GOODBYEEEEEE!!!: its kinds of unit (sections, tanks, gun
crews) and each troop type's points (L319-343: the rank's, with the type's upgrades)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.parts import EditorSupport

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee


class GbEditor(EditorSupport["Goodbyeeee"]):
    rules: Goodbyeeee

    def unit_kinds(self) -> tuple[str, ...]:
        return ("section", "vehicle", "crew")

    def troop_points(self, troop_type: str) -> int | None:
        return self.rules.data.figure_points(troop_type)

    def template_sizes(self) -> dict[str, float]:
        """The blast templates for the play screen's template tool: name and radius, in mm."""
        out: dict[str, float] = {}
        for tid, t in self.rules.data.templates.items():
            if t.is_blast:
                out[tid] = self.rules.mm(t.radius if t.radius is not None else (t.diameter or 0.0) / 2)
        return out
