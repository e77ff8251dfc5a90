"""Morale in My 1/35th Scale WWII Skirmish (L246-261, L322-332): the four levels, Confident,
Suppressed, Shaken and Broken, a figure drops down when a hit is saved (L91-92) or a blast
suppresses it.

Slice 4 writes the levels and the drops; the tests (lone figures, rallying) come with slice 5.
A broken figure flees the table and counts as lost (interpretation broken).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.game import Game
from game.core.state import FLED, Figure
from game.rulesets.parts import Chapter

from .data_tables import LEVELS
from .status import W135FigMark

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

SUPPRESSED, SHAKEN, BROKEN = 1, 2, 3


class W135Morale(Chapter["Ww2135"]):
    rules: Ww2135

    @staticmethod
    def level(f: Figure) -> int:
        """0 confident, 1 suppressed, 2 shaken, 3 broken (L248)."""
        return int(f.markers.get(W135FigMark.MORALE, 0))

    @staticmethod
    def word(level: int) -> str:
        return LEVELS[level]

    def drop(self, game: Game, f: Figure, levels: int, why: str) -> None:
        """``f`` drops ``levels`` morale levels (a broken figure flees)."""
        was = self.level(f)
        now = min(BROKEN, was + levels)
        if now == was:
            return
        f.markers[W135FigMark.MORALE] = now
        game.emit("morale", f"{f.name} {why}: {self.word(was)} to {self.word(now)}.", figures=[f.id], side=f.side)
        if now == BROKEN:
            f.life = FLED
            game.emit("morale", f"{f.name} is broken and flees the table (interpretation broken).", figures=[f.id], side=f.side)
