"""What the map editor offers for The Great War in 54mm: the side with the artillery
bombardment, and its two kinds of unit (squads, and crews of crewed weapons)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.parts import EditorSupport, SettingChoices

if TYPE_CHECKING:
    from game.rulesets.great_war_54mm.rules import GreatWar54


class GreatWarEditor(EditorSupport["GreatWar54"]):
    rules: GreatWar54

    def map_settings(self) -> list[tuple[str, str, SettingChoices]]:
        return [("artillery", "Artillery bombardment side", lambda d: [s["id"] for s in d["sides"]])]

    def unit_kinds(self) -> tuple[str, ...]:
        return ("squad", "crew")
