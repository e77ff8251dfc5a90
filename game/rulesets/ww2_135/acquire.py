"""Acquisition in My 1/35th Scale WWII Skirmish (L33-43): every turn, before a figure fires
at a target, it must acquire it, even one it acquired before (L35). The roll (a d6,
interpretation acquisition-die) must be more than the total of: range over 30" +1, soft
cover +2, hard cover +1, hidden +2, each hindrance +1, previously seen -1. One try a firer
and target a turn; a success holds to the end of the turn; it costs no points.

"Previously seen" (and aimed fire's "must have seen target in last turn", L70) is one
answer (interpretation previously-seen): the enemies a figure had in sight as its side's
last turn ended (noted then), or as its turn began, the enemy's just ended (worked out
when asked, from how both stood then; before a door or smoke changes the table's sight in
the turn, worked out for the whole side and kept).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.state import Figure
from game.rulesets.parts import Chapter

from .status import W135FigMark, W135GameAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135


class W135Acquire(Chapter["Ww2135"]):
    rules: Ww2135

    # ---- records ---------------------------------------------------------------------------------
    def _this_turn(self, game: Game, f: Figure, key: str) -> list[str]:
        return self.noted(f, key, self.rules.sideturn(game))

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
        return tgt.id in self.noted(obs, W135FigMark.SEEN, now - len(game.state.side_order)) or self.seen_at_start(game, obs, tgt)

    @staticmethod
    def noted(f: Figure, key: str, sideturn: int) -> list[str]:
        """The ids ``f`` noted under ``key`` (``[sideturn, ids]``) in side turn ``sideturn``."""
        mark = f.markers.get(key)
        return list(mark[1]) if isinstance(mark, list) and mark[0] == sideturn else []

    def note_seen(self, game: Game, side: str) -> None:
        """At the end of ``side``'s turn: each of its figures notes the enemies it sees."""
        st = game.state
        unseen = self.rules.hiding.unseen_by_all(game)  # (hidden men none of them sees: not asked again)
        enemies = [e for s in st.enemies_of(side) for e in st.side_figures(s) if e.id not in unseen]
        now = self.rules.sideturn(game)
        self.rules.sight.prefetch(game, st.side_figures(side), enemies)
        for f in st.side_figures(side):
            seen = sorted(e.id for e in enemies if self.rules.sight.can_see(game, f, e))
            if seen:
                f.markers[W135FigMark.SEEN] = [now, seen]
            else:
                f.markers.pop(W135FigMark.SEEN, None)

    # ---- what each figure saw as its turn began (worked out when asked) -------------------------------
    def note_looks(self, game: Game) -> None:
        """As a side's turn begins, the enemy's just ended: how every figure stands, faces and
        hides (its sight's part of :meth:`seen_at_start`'s question, whatever it does later
        this turn). Not as the game's first turn begins: no turn has ended."""
        now, rules = self.rules.sideturn(game), self.rules
        if now <= 1:
            return
        for f in game.state.figures.values():
            if f.alive:
                f.markers[W135FigMark.LOOK_AT_START] = [now, f.x, f.y, f.facing, rules.prone(f), rules.leaning(game, f), rules.hidden(f)]

    def looked(self, game: Game, f: Figure) -> Figure:
        """``f`` as it stood when this side's turn began (``f`` itself when nothing changed)."""
        mark = f.markers.get(W135FigMark.LOOK_AT_START)
        if not (isinstance(mark, list) and self.rules.this_turn(game, mark)):
            return f
        _, x, y, facing, prone, leaning, hidden = mark
        rules = self.rules
        if (x, y, facing, prone, leaning, hidden) == (f.x, f.y, f.facing, rules.prone(f), rules.leaning(game, f), rules.hidden(f)):
            return f
        markers = {k: v for k, v in f.markers.items() if k not in (W135FigMark.PRONE, W135FigMark.LEANING, W135FigMark.HIDDEN)}
        markers.update({k: True for k, on in ((W135FigMark.PRONE, prone), (W135FigMark.LEANING, leaning), (W135FigMark.HIDDEN, hidden)) if on})
        return replace(f, x=x, y=y, facing=facing, markers=markers)

    def seen_at_start(self, game: Game, obs: Figure, tgt: Figure) -> bool:
        """``obs`` of the side whose turn it is had ``tgt`` in sight as the turn began: worked
        out when first asked (most pairs never are), with both as they stood then; the
        table's sight is as it was then until a door or smoke changes it, and before that
        the answers are worked out for the whole side (:meth:`freeze`)."""
        if self.rules.this_turn(game, obs.markers.get(W135FigMark.SEEN_AT_START)):
            return tgt.id in self._this_turn(game, obs, W135FigMark.SEEN_AT_START)
        look = obs.markers.get(W135FigMark.LOOK_AT_START)
        if obs.side != game.state.active_side or not (isinstance(look, list) and self.rules.this_turn(game, look)):
            return False
        other = tgt.markers.get(W135FigMark.LOOK_AT_START)
        key = (tuple(look), tgt.id, tuple(other) if isinstance(other, list) else None, self.rules.sight.world(game))
        sight = self.rules.sight
        return bool(game.keep("w135_seen_at_start", key, lambda: sight.can_see(game, self.looked(game, obs), self.looked(game, tgt)),
                              limit=20_000))

    def freeze(self, game: Game) -> None:
        """Before a door or a cloud of smoke changes what the table lets be seen in a side's
        turn: what each of its figures saw as the turn began is worked out now and kept."""
        st = game.state
        side = st.active_side
        if st.attrs.get(W135GameAttr.LOOKS_FROZEN) == self.rules.sideturn(game):
            return
        st.attrs[W135GameAttr.LOOKS_FROZEN] = self.rules.sideturn(game)
        mine = [self.looked(game, f) for f in st.side_figures(side)]
        enemies = [self.looked(game, e) for s in st.enemies_of(side) for e in st.side_figures(s)]
        self.rules.sight.prefetch(game, mine, enemies)
        seen = {f.id: sorted(e.id for e in enemies if self.seen_at_start(game, st.figures[f.id], st.figures[e.id])) for f in mine}
        for f in st.side_figures(side):
            f.markers[W135FigMark.SEEN_AT_START] = [self.rules.sideturn(game), seen[f.id]]

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
