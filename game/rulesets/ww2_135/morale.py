"""Morale in My 1/35th Scale WWII Skirmish (L246-261, L322-332): the four levels, Confident,
Suppressed, Shaken and Broken, a figure drops down when a hit is saved (L91-92) or a blast
suppresses it.

A morale test (L324-332): 2d6 more than the total passes. Tests come at the beginning of a
side's turn for each figure that sees no friend (L254) and when a shaken figure rallies
(L255). Failing: confident becomes suppressed, suppressed becomes shaken (L259-261). A rally (3 points, L20) takes a suppressed
marker off; one put on by a failed test comes off only with a passed test (L259); a shaken
figure's passed test makes it suppressed, a failed one leaves it shaken (a lone shaken figure
failing its test is broken). A broken figure flees the table and counts as lost
(interpretation broken).
"""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import Point

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.state import DEAD, FLED, Figure
from game.rulesets.parts import Chapter

from . import sight_lines
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

    # ---- cover, friends and enemies (what the tests read) ------------------------------------------
    def cover_gap(self, game: Game, p: tuple[float, float]) -> float:
        """How far (mm) ``p`` is from cover: 0 inside an area of cover or within a wall's or
        hedge's cover reach."""
        table = game.table

        def work() -> float:
            feats = [feat for feat in table.features if feat.type.cover != "none" and not feat.type.dynamic]
            if not feats:
                return float("inf")
            # each feature's distance from p, as Point(p).distance(area) gives it, all in one call
            d = shapely.distance(np.array([feat.area for feat in feats], dtype=object), Point(p)).tolist()
            return min(max(0.0, x - (feat.type.cover_reach if feat.is_line else 0.0)) for x, feat in zip(d, feats, strict=True))
        return float(game.keep("w135_cover_gap", (p, id(table), table.version), work, limit=20_000))

    def in_cover(self, game: Game, p: tuple[float, float]) -> bool:
        return self.cover_gap(game, p) <= 1e-6

    def sees_a_friend(self, game: Game, f: Figure) -> bool:
        """``f`` can see a friendly figure (all round: it may look about, L254), nearest first."""
        return any(self.rules.sight.clear(game, f, o, friendly=True) for o in self.friends(game, f))

    def friends(self, game: Game, f: Figure) -> list[Figure]:
        """The figures of ``f``'s side and its allies in action, nearest first."""
        st = game.state
        return sorted((o for o in st.figures.values() if o.id != f.id and o.alive and not st.hostile(f.side, o.side)),
                      key=lambda o: (hypot(o.x - f.x, o.y - f.y), o.id))

    def known_enemies(self, game: Game, side: str) -> list[Figure]:
        """The enemy figures ``side`` knows of: in sight of one of its figures now, or seen as
        its last turn ended."""
        st = game.state
        mine = st.side_figures(side)
        seen = {e for f in mine for e in (f.markers.get(W135FigMark.SEEN) or [0, []])[1]}
        enemies = [e for s in st.enemies_of(side) for e in st.side_figures(s)]
        # an enemy none saw as the turn ended is mostly looked for by every figure: in one pass
        sight_lines.work_out(game, ((f.pos, e.pos) for e in enemies if e.id not in seen for f in mine))
        return [e for e in enemies if e.id in seen or any(self.rules.sight.line(game, f, e).visible for f in mine)]

    # ---- the test (L322-332) --------------------------------------------------------------------
    def modifiers(self, game: Game, f: Figure) -> list[tuple[str, int]]:
        """The morale test's modifiers for ``f`` now, in the text's order."""
        rules = self.rules
        st = game.state
        m = rules.data.morale.modifiers
        out: list[tuple[str, int]] = []
        killed = sum(1 for o in st.figures.values() if o.unit == f.unit and o.life == DEAD)
        if killed:
            out.append((f"{killed} killed in its unit", m.per_killed_in_unit * killed))
        fired_at = f.markers.get(W135FigMark.FIRED_AT)
        if isinstance(fired_at, int) and fired_at > rules.sideturn(game) - len(st.side_order):
            out.append(("fired at last turn", m.fired_at_last_turn))
        lv = self.level(f)
        if lv == SUPPRESSED:
            out.append(("suppressed", m.suppressed))
        elif lv == SHAKEN:
            out.append(("shaken", m.shaken))
        near = rules.mm(rules.data.morale.enemy_within)
        off = rules.hiding.kept_off(game, f.side)  # not an enemy still hidden from its side (reading hidden-deployment)
        if any(hypot(e.x - f.x, e.y - f.y) <= near + 1e-6 and not off(e) for s in st.enemies_of(f.side) for e in st.side_figures(s)):
            out.append((f'enemy inside {rules.data.morale.enemy_within:g}"', m.enemy_within_20))
        if not self.sees_a_friend(game, f):
            out.append(("cannot see a friendly figure", m.no_friend_in_sight))
        if self.in_cover(game, f.pos):
            out.append(("in cover", m.in_cover))
        return out

    def test(self, game: Game, f: Figure, why: str) -> bool:
        """A morale test: 2d6 more than the total passes (L324)."""
        mods = self.modifiers(game, f)
        total = sum(v for _, v in mods)
        r = game.dice.roll(self.rules.data.morale.dice, f"{f.name} tests morale ({why})", target=f"more than {total}",
                           modifiers=mods, figures=[f.id])
        passed = r.total > total
        r.outcome = "passed" if passed else "failed"
        return passed

    def fail(self, game: Game, f: Figure) -> None:
        """A failed test at the start of a turn (L257-261): confident becomes suppressed (by
        the test: only a rally with a passed test lifts it), suppressed becomes shaken, and
        shaken broken (interpretation recover)."""
        lv = self.level(f)
        if lv == 0:
            f.markers[W135FigMark.BY_TEST] = True
        self.drop(game, f, 1, "fails its morale test")

    def lone_tests(self, game: Game, side: str) -> None:
        """As ``side``'s turn begins, each of its figures that sees no friend tests (L254)."""
        testing = [f for f in game.state.side_figures(side) if not self.rules.is_vehicle(f)]
        # the sight lines to the nearest few friends, where a friend is mostly found, in one pass
        sight_lines.work_out(game, ((f.pos, o.pos) for f in testing for o in self.friends(game, f)[:3]))
        for f in sorted(game.state.side_figures(side), key=lambda x: x.id):
            if self.rules.is_vehicle(f):
                continue  # a vehicle has no morale of its own (interpretation vehicles)
            if f.alive and not self.sees_a_friend(game, f) and not self.test(game, f, "it sees no friend"):
                self.fail(game, f)

    # ---- rally (L20) -----------------------------------------------------------------------------
    def check_rally(self, game: Game, cmd: Command) -> None:
        st = game.state
        f = st.figures.get(cmd.figure or "")
        if f is None:
            refuse("Name the figure to rally.")
        require(cmd.side == st.active_side, f"{f.name} rallies in its own side's turn.")
        require(self.level(f) in (SUPPRESSED, SHAKEN), f"{f.name} is confident: there is nothing to rally.")
        cost = self.rules.data.actions["rally"].fixed() or 0
        require(self.rules.points(game, f) >= cost, f"{f.name} has {self.rules.points(game, f)} points left; a rally costs {cost}.")

    def apply_rally(self, game: Game, cmd: Command) -> None:
        f = game.state.figures[cmd.figure or ""]
        self.rules.pay(game, f, self.rules.data.actions["rally"].fixed() or 0, "rallying")
        lv = self.level(f)
        if lv == SUPPRESSED and not f.markers.get(W135FigMark.BY_TEST):
            self.set_level(game, f, 0, "rallies: the suppressed marker comes off")
            return
        if self.test(game, f, "rallying"):
            self.set_level(game, f, lv - 1, "rallies")
        else:
            game.emit("morale", f"{f.name} fails to rally and stays {self.word(lv)}.", figures=[f.id], side=f.side)

    def set_level(self, game: Game, f: Figure, level: int, why: str) -> None:
        was = self.level(f)
        if level <= 0:
            f.markers.pop(W135FigMark.MORALE, None)
            f.markers.pop(W135FigMark.BY_TEST, None)
        else:
            f.markers[W135FigMark.MORALE] = level
            if level > SUPPRESSED:
                f.markers.pop(W135FigMark.BY_TEST, None)
        game.emit("morale", f"{f.name} {why}: {self.word(was)} to {self.word(max(level, 0))}.", figures=[f.id], side=f.side)
