"""What the map editor offers for WWIFY: which side is the Forces of Good, and the unit
kinds the cards activate."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.parts import EditorSupport, SettingChoices
from game.rulesets.wwify.data import UNIT_KINDS

if TYPE_CHECKING:
    from game.rulesets.wwify.ruleset import Wwify


class WwEditor(EditorSupport["Wwify"]):
    rules: Wwify

    def map_settings(self) -> list[tuple[str, str, SettingChoices]]:
        return [("good_side", "Forces of Good", lambda d: [s["id"] for s in d["sides"]])]

    def unit_kinds(self) -> tuple[str, ...]:
        return UNIT_KINDS
