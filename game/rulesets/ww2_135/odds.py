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


def grouped(label: str, head: str, mods: list[tuple[str, int]] | tuple[tuple[str, int], ...], per: int = 2) -> list[OddsLine]:
    """``head`` on its line, then the modifiers ``per`` to a line (so the whole report fits
    the panel: every modifier is shown)."""
    out = [OddsLine(label, head)]
    words = [f"{w} {m:+d}" for w, m in mods]
    for k in range(0, len(words), per):
        out.append(OddsLine("", ", ".join(words[k:k + per])))
    return out


def _first(o: tuple[str, str]) -> str:
    return o[0]


def _second(o: tuple[str, str]) -> str:
    return o[1]


class W135Odds(OddsPart["Ww2135"]):
    rules: Ww2135

    def odds(self, game: Game, cmd: Command) -> OddsReport:
        if cmd.kind == "fire":
            if cmd.target is None or self.rules.firing.at_vehicle(game, cmd):
                return self.at_odds(game, cmd)
            return self.fire_odds(game, cmd)
        if cmd.kind == "acquire":
            return self.acquire_odds(game, cmd)
        if cmd.kind == "fight":
            return self.fight_odds(game, cmd)
        if cmd.kind == "challenge":
            return self.challenge_odds(game, cmd)
        if cmd.kind == "rally":
            return self.rally_odds(game, cmd)
        if cmd.kind in ("throw", "plot"):
            return self.blast_odds(game, cmd)
        refuse(f"No odds for '{cmd.kind}'.")
        raise AssertionError

    def odds_command(self, game: Game, shooter: str, target: str | None, assault: bool, extra: dict[str, str]) -> Command:
        fig = game.state.figures[shooter]
        unknown = set(extra) - {"aim", "burst", "weapon"}
        if assault or unknown:
            refuse(f"{self.rules.data.name} has odds for shots so far: --option aim=aimed|unaimed, burst=yes, weapon=ID.")
        opts = tuple(sorted((k, v) for k, v in extra.items() if k in ("burst", "weapon")))
        st = game.state
        if target in st.units:  # a unit named: its figure nearest the shooter (shots are at figures here)
            near = min((f for f in st.unit_figures(target) if f.alive), key=lambda f: (self.rules.dist(fig.pos, f.pos), f.id), default=None)
            target = near.id if near is not None else target
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
            lines += grouped("acquire first", f"d6 over {total}" if total >= 1 else "no roll", mods)
        lines += grouped("to hit", f"2d6 {shot.need}+ (double six always hits)", shot.modifiers)
        lines += grouped("save", f"d6 {shot.save} or under" if shot.save > 0 else "none: a hit kills", shot.save_modifiers)
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
        lines = grouped("needs", f"d6 over {total}" if total >= 1 else "no roll", mods)
        return resolved_report(f"{f.name} acquires {t.name}", lines, res, "result")

    # ---- the other kinds ------------------------------------------------------------------------------
    def at_odds(self, game: Game, cmd: Command) -> OddsReport:
        """An anti-tank shot at a vehicle or a building, or a smoke shell: what it does."""
        self.rules.check(game, cmd)
        st = game.state
        f = st.figures[cmd.figure or ""]
        t = st.figures.get(cmd.target or "")

        def read(before: Game, after: Game, dice: Dice) -> str:
            if t is None:
                hit = [x for x in before.state.figures if before.state.figures[x].alive != after.state.figures[x].alive
                       or after.state.figures[x].markers.get(W135FigMark.MORALE) != before.state.figures[x].markers.get(W135FigMark.MORALE)]
                return f"{len(hit)} hurt" if hit else "nobody hurt"
            t1 = after.state.figures[t.id]
            if not t1.alive:
                return "destroyed"
            if t1.markers.get(W135FigMark.IMMOBILE) and not t.markers.get(W135FigMark.IMMOBILE):
                return "immobilised"
            last = after.log.events[-1].roll if after.log.events else None
            return "no damage" if any(e.roll and e.roll.outcome == "hit" for e in after.log.events) else (
                last.outcome if last is not None and last.outcome in ("a failed shell", "not acquired this turn") else "miss")

        res = command_odds(game, cmd, read)
        if t is not None and self.rules.firing.at_vehicle(game, cmd):
            shot = self.rules.anti_tank.plan(game, cmd)
            lines = [OddsLine("face struck", shot.facing)] + grouped("needs", f"2d6 more than {shot.total} (a double six fails)", shot.modifiers)
            title = f"{f.name} fires at {t.name}"
        else:
            lines = [OddsLine("at", "a point")]
            title = f"{f.name} fires at a point"
        return resolved_report(title, lines, res, "result")

    def fight_odds(self, game: Game, cmd: Command) -> OddsReport:
        self.rules.check(game, cmd)
        st = game.state
        f, t = st.figures[cmd.figure or ""], st.figures[cmd.target or ""]

        def read(before: Game, after: Game, dice: Dice) -> str:
            a1, b1 = after.state.figures[f.id], after.state.figures[t.id]
            if a1.markers.get(W135FigMark.LOCKED) == t.id:
                return "a draw: locked"
            if not b1.alive:
                return f"{f.name} wins"
            if not a1.alive or int(a1.markers.get(W135FigMark.DEBT, 0)) > int(f.markers.get(W135FigMark.DEBT, 0)):
                return f"{t.name} wins"
            return f"{f.name} wins"

        res = command_odds(game, cmd, read)
        first = self.rules.melee.locked(game, f) != t.id
        lines = [OddsLine(f.name, " ".join(f"{w} {m:+d}" for w, m in self.rules.melee.modifiers(game, f, t, True, first)) or "none"),
                 OddsLine(t.name, " ".join(f"{w} {m:+d}" for w, m in self.rules.melee.modifiers(game, t, f, False, first)) or "none")]
        return resolved_report(f"{f.name} fights {t.name}", lines, res, "result",
                               notes=["the winner kills, captures or lets the loser go (L225); shown as the computer answers"])

    def challenge_odds(self, game: Game, cmd: Command) -> OddsReport:
        self.rules.check(game, cmd)
        st = game.state
        f, t = st.figures[cmd.figure or ""], st.figures[cmd.target or ""]
        mods, _ = self.rules.melee.surrender_modifiers(game, t)

        def read(before: Game, after: Game, dice: Dice) -> str:
            return "surrenders" if after.state.figures[t.id].life == "captured" else "fights on"

        res = command_odds(game, cmd, read)
        lines = grouped("fights on", f"d6 more than {sum(v for _, v in mods)}", mods)
        return resolved_report(f"{f.name} calls on {t.name} to surrender", lines, res, "result")

    def rally_odds(self, game: Game, cmd: Command) -> OddsReport:
        self.rules.check(game, cmd)
        f = game.state.figures[cmd.figure or ""]
        mods = self.rules.morale.modifiers(game, f)

        def read(before: Game, after: Game, dice: Dice) -> str:
            return self.rules.morale.word(self.rules.morale.level(after.state.figures[f.id]))

        res = command_odds(game, cmd, read)
        lines = grouped("a test", f"2d6 more than {sum(v for _, v in mods)} (when one is needed)", mods)
        return resolved_report(f"{f.name} rallies", lines, res, "afterwards")

    def blast_odds(self, game: Game, cmd: Command) -> OddsReport:
        """A grenade or a mortar round: how many figures it kills and how many it suppresses
        now (a grenade on a fuse or plotted fire lands later: shown as such)."""
        self.rules.check(game, cmd)
        f = game.state.figures[cmd.figure or ""]

        def read(before: Game, after: Game, dice: Dice) -> tuple[str, str]:
            late = len([m for m in after.state.markers.values() if m.kind in ("grenade", "mortar_plot")]) > \
                len([m for m in before.state.markers.values() if m.kind in ("grenade", "mortar_plot")])
            killed = sum(1 for x, g in before.state.figures.items() if g.alive and not after.state.figures[x].alive)
            down = sum(1 for x, g in before.state.figures.items() if after.state.figures[x].alive
                       and int(after.state.figures[x].markers.get(W135FigMark.MORALE, 0)) > int(g.markers.get(W135FigMark.MORALE, 0)))
            if late:
                return ("later: on a fuse or plotted", "later: on a fuse or plotted")
            return (f"{killed} killed", f"{down} a level down")

        res = command_odds(game, cmd, read)
        what = "a grenade" if cmd.kind == "throw" else "mortar fire"
        return resolved_report(f"{f.name}: {what}", [OddsLine("burst", "every figure under it rolls 2d6 (L153-156)")], res,
                               "killed", main=_first, extra={"suppressed": _second})
