"""GOODBYEEEEEE!!!: courage (L44, L152-164, L200-203; interpretations courage-test, pinned,
pin-test).

A courage test rolls 2d6 and passes at or under the Courage of the best friendly officer or
NCO within 20 cm of the figure (itself included), else the squad value 6 (L162); the
optional rule courage_twelve plays L44 instead (2d6 + Courage, 12 or more passes). A hit
that does not wound makes the figure test (-1 when an MG fired it, L203): a failure pins it
(L160). Pinned figures lie prone, may not move, fire or be ordered, and test again at the
start of their player's turn (the rally step, L80): a pass ends the pin.

Slice 4 of issue 19. The section tests (terror and 50%), the rout and the leader groups of
L154 come with slice 5.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.game import Game
from game.core.state import Figure
from game.rulesets.parts import Chapter

from .status import GbFigMark

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee


class GbCourage(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee

    def leader_for(self, game: Game, fig: Figure) -> Figure | None:
        """The friendly officer or NCO within 20 cm (the figure itself included) with the
        best Courage (L162); None: the squad value."""
        reach = self.rules.mm(self.rules.data.courage.leader_reach)
        cands = [f for f in game.state.figures.values()
                 if f.alive and f.side == fig.side and self.rules.command.is_leader(f)
                 and self.rules.dist(f.pos, fig.pos) <= reach + 1e-6]
        if fig.alive and self.rules.command.is_leader(fig):
            cands.append(fig)
        if not cands:
            return None
        return max(cands, key=lambda f: (self.rules.stats.stat(f, "courage"), f.id == fig.id, f.id))

    def courage_of(self, game: Game, fig: Figure) -> tuple[int, str]:
        """The Courage the figure tests on, and whose it is in words."""
        if self.rules.data.is_vehicle_type(fig.type):
            return self.rules.stats.stat(fig, "courage"), f"{fig.name}'s crew"
        boss = self.leader_for(game, fig)
        if boss is None:
            return self.rules.data.command.squad_value, "the squad value"
        return self.rules.stats.stat(boss, "courage"), (boss.name if boss.id != fig.id else "its own")

    def test(self, game: Game, fig: Figure, why: str, modifiers: list[tuple[str, int]]) -> bool:
        """One courage test for the figure (L156, or L44 under the optional rule)."""
        cou = self.rules.data.courage
        value, whose = self.courage_of(game, fig)
        mod = sum(m for _, m in modifiers)
        if self.rules.option(game, "courage_twelve"):
            need = cou.courage_twelve.pass_total - value - mod
            r = game.dice.roll(cou.dice, f"{fig.name}: courage test ({why}), 2d6 + {value} ({whose})",
                               target=f"{need}+", modifiers=modifiers, figures=[fig.id], sums=(need,))
            passed = r.total >= need
        else:
            need = value + mod
            r = game.dice.roll(cou.dice, f"{fig.name}: courage test ({why}) on {value} ({whose})",
                               target=f"{need} or under", modifiers=modifiers, figures=[fig.id], sums=(need + 1,))
            passed = r.total <= need
        r.outcome = "passed" if passed else "failed"
        return passed

    # ---- pins ------------------------------------------------------------------------------------
    def pinned(self, fig: Figure) -> bool:
        return bool(fig.markers.get(GbFigMark.PINNED))

    def pin_test(self, game: Game, fig: Figure, weapon: str) -> None:
        """L160, L203: a shot on target that failed to wound; a failure pins the figure."""
        if self.pinned(fig) or not fig.alive:
            return
        mods = [("shot at by an MG", self.rules.data.courage.modifiers.shot_at_by_mg)] if weapon in self.rules.firing.MG_FIRE else []
        if not self.test(game, fig, "shot at", mods):
            self.pin(game, fig)

    def pin(self, game: Game, fig: Figure) -> None:
        fig.markers[GbFigMark.PINNED] = True
        fig.markers[GbFigMark.PRONE] = True
        game.emit("courage", f"{fig.name} is pinned: down in cover, no move or fire until it passes a test (L160).",
                  figures=[fig.id])

    def job_rally(self, game: Game, job: dict) -> list[dict]:
        """L80, L160: pinned figures of the player test at the start of his turn; a pass
        ends the pin (the figure stays prone: standing costs 5 cm, interpretation prone)."""
        side = job["side"]
        for fig in sorted(game.state.figures.values(), key=lambda f: f.id):
            if fig.side == side and fig.alive and self.pinned(fig):
                if self.test(game, fig, "pinned, at the start of its turn", []):
                    fig.markers.pop(GbFigMark.PINNED, None)
                    game.emit("courage", f"{fig.name} recovers from the pin.", figures=[fig.id])
                else:
                    game.emit("courage", f"{fig.name} stays pinned.", figures=[fig.id])
        return []
