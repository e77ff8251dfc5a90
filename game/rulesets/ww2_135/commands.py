"""My 1/35th Scale WWII Skirmish: the commands a side may give (for the random baseline, the
tests and, later, the sidebar). Slice 2 lists moves of 3" and 6" in eight directions, lying
down, standing up and hiding, and the end of the side's turn."""

from __future__ import annotations

from math import cos, radians, sin
from typing import TYPE_CHECKING

from game.core.commands import END_PHASE, Command
from game.core.game import Game
from game.rulesets.parts import CommandListing

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

#: the lengths (inches) and headings (degrees) of the moves listed
MOVE_STEPS = (3.0, 6.0)
HEADINGS = tuple(range(0, 360, 45))


class W135Commands(CommandListing["Ww2135"]):
    rules: Ww2135

    def candidate_commands(self, game: Game, side: str) -> list[Command]:
        if self.rules.decision(game) is not None:
            return self.rules.legal_commands(game, side)
        st = game.state
        if side != st.active_side:
            return []
        out = [Command(END_PHASE, side)]
        for f in sorted(st.side_figures(side), key=lambda x: x.id):
            if not f.alive or self.rules.points(game, f) <= 0:
                continue
            for kind in ("prone", "stand", "hide"):
                out.append(Command(kind, side, figure=f.id))
            for inches in MOVE_STEPS:
                d = self.rules.mm(inches)
                for h in HEADINGS:
                    p = (round(f.x + d * cos(radians(h)), 3), round(f.y + d * sin(radians(h)), 3))
                    out.append(Command("move", side, figure=f.id, path=(p,)))
        return out

    def turn_commands(self, game: Game, side: str) -> list[Command]:
        return [c for c in self.candidate_commands(game, side) if game.check(c) is None]

    def move_budget(self, game: Game, fig) -> float:
        return self.rules.moving.allowance(game, fig)
