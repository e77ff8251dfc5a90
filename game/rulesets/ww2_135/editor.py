"""What the map editor offers for My 1/35th Scale WWII Skirmish: the heights of walls,
hedges, fences and buildings (the height tester, L98-108, and throwing over them) and a
building's doors and windows (L263-282), both of which these rules read from the map."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.parts import EditorSupport

if TYPE_CHECKING:
    from .ruleset import Ww2135


class W135Editor(EditorSupport["Ww2135"]):
    rules: Ww2135

    def feature_heights(self) -> dict[str, float]:
        return dict(self.rules.data.heights.defaults)

    def reads_openings(self) -> bool:
        return True
