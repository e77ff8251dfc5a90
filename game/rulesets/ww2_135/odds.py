"""My 1/35th Scale WWII Skirmish: exact odds, each from resolving the command itself on a
scratch game under every branch of its dice (game/rulesets/resolving.py). Slice 4 of issue
20: acquisition and small-arms fire; the other kinds come with their slices."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.commands import Command, refuse
from game.core.dice import Dice
from game.core.game import Game
from game.rulesets.offers import OddsLine, OddsReport, resolved_report
from game.rulesets.parts import OddsPart
from game.rulesets.resolving import command_odds

from .morale import BROKEN
from .status import W135FigMark

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135


def _first(o: tuple[str, str]) -> str:
    return o[0]


def _second(o: tuple[str, str]) -> str:
    return o[1]


class W135Odds(OddsPart["Ww2135"]):
    rules: Ww2135

    def odds(self, game: Game, cmd: Command) -> OddsReport:
        if cmd.kind == "fire":
            return self.fire_odds(game, cmd)
        if cmd.kind == "acquire":
            return self.acquire_odds(game, cmd)
        refuse(f"No odds for '{cmd.kind}' yet.")
        raise AssertionError

    def odds_command(self, game: Game, shooter: str, target: str | None, assault: bool, extra: dict[str, str]) -> Command:
        fig = game.state.figures[shooter]
        unknown = set(extra) - {"aim", "burst", "weapon"}
        if assault or unknown:
            refuse(f"{self.rules.data.name} has odds for shots so far: --option aim=aimed|unaimed, burst=yes, weapon=ID.")
        opts = tuple(sorted((k, v) for k, v in extra.items() if k in ("burst", "weapon")))
        return Command("fire", fig.side, figure=fig.id, target=target, choice=extra.get("aim", "unaimed"), options=opts)

    def target_result(self, before: Game, after: Game, fid: str) -> str:
        """What became of figure ``fid``: killed, fled (broken), a level down, or nothing."""
        t0, t1 = before.state.figures[fid], after.state.figures[fid]
        if not t1.alive:
            return "killed" if t1.life == "dead" else "broken: flees"
        lv0, lv1 = int(t0.markers.get(W135FigMark.MORALE, 0)), int(t1.markers.get(W135FigMark.MORALE, 0))
        if lv1 > lv0:
            return self.rules.morale.word(min(lv1, BROKEN))
        return "no effect"

    def fire_odds(self, game: Game, cmd: Command) -> OddsReport:
        """A shot: what becomes of the target, and whether the gun runs dry, from the
        shot's own procedure (acquiring first when it must)."""
        self.rules.check(game, cmd)
        shot = self.rules.firing.plan(game, cmd)
        st = game.state
        f, t = st.figures[shot.firer], st.figures[shot.target]
        w = self.rules.data.weapons[shot.weapon]

        def read(before: Game, after: Game, dice: Dice) -> tuple[str, str]:
            if shot.acquire and not self.rules.acquisition.acquired(after, after.state.figures[f.id], after.state.figures[t.id]):
                return ("not acquired: no shot", "keeps firing")
            dry = "runs dry" if after.state.figures[f.id].markers.get(W135FigMark.DRY) else "keeps firing"
            return (self.target_result(before, after, t.id), dry)

        res = command_odds(game, cmd, read)
        lines = [OddsLine("weapon", w.name + (" (a burst: two rolls)" if shot.burst else ""))]
        if shot.acquire:
            mods = self.rules.acquisition.modifiers(game, f, t)
            total = sum(v for _, v in mods)
            lines.append(OddsLine("acquire first", f"d6 over {total}" if total >= 1 else "no roll"))
            lines += [OddsLine(f"  {words}", f"{m:+d}") for words, m in mods]
        lines.append(OddsLine("to hit", f"2d6 {shot.need}+ (double six always hits)"))
        lines += [OddsLine(f"  {words}", f"{m:+d}") for words, m in shot.modifiers]
        lines.append(OddsLine("save", f"d6 {shot.save} or under" if shot.save > 0 else "none: a hit kills"))
        lines += [OddsLine(f"  {words}", f"{m:+d}") for words, m in shot.save_modifiers]
        notes = ["over the save killed, equal two morale levels down, under one (L90-92)"]
        if shot.may_run_dry:
            notes.append("no loader beside the gun: any double runs it dry (L96)")
        return resolved_report(f"{f.name} fires at {t.name}", lines, res, "target", main=_first,
                               extra={"the gun": _second} if shot.may_run_dry else None, notes=notes)

    def acquire_odds(self, game: Game, cmd: Command) -> OddsReport:
        self.rules.check(game, cmd)
        st = game.state
        f, t = st.figures[cmd.figure or ""], st.figures[cmd.target or ""]
        mods = self.rules.acquisition.modifiers(game, f, t)

        def read(before: Game, after: Game, dice: Dice) -> str:
            return "acquired" if self.rules.acquisition.acquired(after, after.state.figures[f.id], after.state.figures[t.id]) else "not acquired"

        res = command_odds(game, cmd, read)
        total = sum(v for _, v in mods)
        lines = [OddsLine("needs", f"d6 over {total}" if total >= 1 else "no roll")]
        lines += [OddsLine(f"  {words}", f"{m:+d}") for words, m in mods]
        return resolved_report(f"{f.name} acquires {t.name}", lines, res, "result")
