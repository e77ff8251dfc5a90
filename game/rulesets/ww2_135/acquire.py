"""Acquisition in My 1/35th Scale WWII Skirmish (L33-43): every turn, before a figure fires
at a target, it must acquire it, even one it acquired before (L35). The roll (a d6,
interpretation acquisition-die) must be more than the total of: range over 30" +1, soft
cover +2, hard cover +1, hidden +2, each hindrance +1, previously seen -1. One try a firer
and target a turn; a success holds to the end of the turn; it costs no points.

"Previously seen" (and aimed fire's "must have seen target in last turn", L70) is one
record: at the end of its side's turn a figure notes the enemies it has in sight
(interpretation previously-seen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.state import Figure
from game.rulesets.parts import Chapter

from .status import W135FigMark

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135


class W135Acquire(Chapter["Ww2135"]):
    rules: Ww2135

    # ---- records ---------------------------------------------------------------------------------
    def _this_turn(self, game: Game, f: Figure, key: str) -> list[str]:
        mark = f.markers.get(key)
        return list(mark[1]) if isinstance(mark, list) and self.rules.this_turn(game, mark) else []

    def acquired(self, game: Game, obs: Figure, tgt: Figure) -> bool:
        return tgt.id in self._this_turn(game, obs, W135FigMark.ACQUIRED)

    def tried(self, game: Game, obs: Figure, tgt: Figure) -> bool:
        return tgt.id in self._this_turn(game, obs, W135FigMark.ACQUIRE_TRIED)

    def seen_last_turn(self, game: Game, obs: Figure, tgt: Figure) -> bool:
        """``obs`` had ``tgt`` in sight in the last game turn (interpretation previously-seen):
        as its side's last turn ended, or as the enemy's turn ended and its own began (a
        turn is both sides', as reading smoke-timing has it). Acquiring it in this one does
        not make it seen "in last turn" (L70)."""
        now = self.rules.sideturn(game)
        return tgt.id in self.noted(obs, W135FigMark.SEEN, now - len(game.state.side_order)) \
            or tgt.id in self.noted(obs, W135FigMark.SEEN_AT_START, now)

    @staticmethod
    def noted(f: Figure, key: str, sideturn: int) -> list[str]:
        """The enemies ``f`` noted in sight under ``key`` in side turn ``sideturn``."""
        mark = f.markers.get(key)
        return list(mark[1]) if isinstance(mark, list) and mark[0] == sideturn else []

    def note_seen(self, game: Game, side: str, start: bool = False) -> None:
        """At the end of ``side``'s turn (SEEN) or, ``start``, as it begins (SEEN_AT_START):
        each of its figures notes the enemies it sees."""
        st = game.state
        enemies = [e for s in st.enemies_of(side) for e in st.side_figures(s)]
        now = self.rules.sideturn(game)
        self.rules.sight.prefetch(game, st.side_figures(side), enemies)
        for f in st.side_figures(side):
            seen = sorted(e.id for e in enemies if self.rules.sight.can_see(game, f, e))
            f.markers.pop(W135FigMark.SEEN_AT_START if start else W135FigMark.SEEN, None)
            if seen and start:
                f.markers[W135FigMark.SEEN_AT_START] = [now, seen]
            elif seen:
                f.markers[W135FigMark.SEEN] = [now, seen]

    # ---- the roll (L37-43) ------------------------------------------------------------------------
    def modifiers(self, game: Game, obs: Figure, tgt: Figure) -> list[tuple[str, int]]:
        """The acquisition modifiers of ``tgt`` seen by ``obs`` now, in the text's order."""
        rules = self.rules
        a = rules.data.acquisition
        m = a.modifiers
        s = rules.sight.line(game, obs, tgt)
        out: list[tuple[str, int]] = []
        if rules.in_units(s.distance) > a.long_range + 1e-9:
            out.append((f'range over {a.long_range:g}"', m.long_range))
        if s.cover == 1:
            out.append(("soft cover", m.soft_cover))
        elif s.cover == 2:
            out.append(("hard cover", m.hard_cover))
        if rules.hidden(tgt):
            out.append(("hidden", m.hidden))
        if s.hindrances:
            out.append((f"{s.hindrances} hindrance{'s' if s.hindrances != 1 else ''}", m.per_hindrance * s.hindrances))
        if self.seen_last_turn(game, obs, tgt):
            out.append(("previously seen", m.previously_seen))
        return out

    def check_acquire(self, game: Game, cmd: Command) -> None:
        obs, tgt = self.pair(game, cmd)
        require(not self.acquired(game, obs, tgt), f"{obs.name} has acquired {tgt.name} this turn already.")
        require(not self.tried(game, obs, tgt), f"{obs.name} has tried to acquire {tgt.name} this turn (one try a turn).")

    def apply_acquire(self, game: Game, cmd: Command) -> None:
        obs, tgt = self.pair(game, cmd)
        self.roll(game, obs, tgt)

    def roll(self, game: Game, obs: Figure, tgt: Figure) -> bool:
        """Roll to acquire (a total under 1 needs no roll); note the try and a success."""
        rules = self.rules
        mods = self.modifiers(game, obs, tgt)
        total = sum(v for _, v in mods)
        now = rules.sideturn(game)
        obs.markers[W135FigMark.ACQUIRE_TRIED] = [now, sorted({*self._this_turn(game, obs, W135FigMark.ACQUIRE_TRIED), tgt.id})]
        if total < 1:
            ok = True
            game.emit("acquire", f"{obs.name} acquires {tgt.name} (needs more than {total}: no roll).", figures=[obs.id, tgt.id],
                      side=obs.side)
        else:
            r = game.dice.roll(rules.data.acquisition.die, f"{obs.name} tries to acquire {tgt.name}", target=f"more than {total}",
                               modifiers=mods, figures=[obs.id, tgt.id])
            ok = r.total > total
            r.outcome = "acquired" if ok else "not acquired this turn"
        if ok:
            obs.markers[W135FigMark.ACQUIRED] = [now, sorted({*self._this_turn(game, obs, W135FigMark.ACQUIRED), tgt.id})]
        return ok

    def pair(self, game: Game, cmd: Command) -> tuple[Figure, Figure]:
        """The observer (the command's figure, of the side whose turn it is) and its target,
        which it must see."""
        st = game.state
        obs = st.figures.get(cmd.figure or "")
        tgt = st.figures.get(cmd.target or "")
        if obs is None or tgt is None:
            refuse("Name the figure and the enemy figure it looks for.")
        require(cmd.side == st.active_side, f"{obs.name} acquires in its own side's turn.")
        require(tgt.alive and st.hostile(obs.side, tgt.side), f"{tgt.name} is not an enemy in action.")
        s = self.rules.sight.sees(game, obs, tgt)
        require(s.visible, f"{obs.name} cannot see {tgt.name}: {s.why}.")
        return obs, tgt
