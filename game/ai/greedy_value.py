"""What one resolution of a command is worth to the greedy baseline player.

The greedy player resolves each command it may give on a scratch copy of the game under
the command's dice (game/core/trial.py) and reads every result with :class:`Valuation`:

- the harm done, read from what the ruleset's state records: a figure out of action
  (dead, captured, fled, destroyed), its wounds, and the status marks the ruleset puts on
  a unit or a figure (suppressed, pinned, routing, panicked, immobilised...), weighted by
  :data:`HARM`; the enemy's harm counts for it, its own against it (a rally or a removed
  suppression marker is its own harm undone). Only enemy figures its side knows of
  (``rules.known_enemies``) count, and enemy portal markers taken off the table;
- a won game counts :data:`WIN`, a lost one against it;
- a command that moves figures: the exposure of the movers (a cheap heuristic: each
  known enemy within its weapon's range that sees the mover's spot, weighted by the
  mover's cover there), against the targets they get in their own range and sight and the
  ground they make toward the nearest known enemy, enemy marker or objective to take.

What a spot would find is not read: the trial resolves it on the whole game, where the
enemies its side has not seen stand (the player values a spot as a small constant
instead, game/ai/greedy_player.py).

Nothing here changes a game: the scratch game is the trial's own.
"""

from __future__ import annotations

from math import hypot
from typing import Any

from game.core.game import Game
from game.core.keys import StateKey
from game.core.state import Figure, GameState
from game.core.victory import objective_holder
from game.rulesets.base import ruleset_of
from game.rulesets.great_war_54mm.status import GwUnitMark
from game.rulesets.ww2_skirmish.status import Ww2FigMark, Ww2UnitMark
from game.rulesets.wwify.status import WwifyFigMark, WwifyUnitMark

#: a figure out of action, and each wound a figure in action carries
OUT = 10.0
WOUND = 3.0
#: the game won (lost: the same against)
WIN = 1000.0
#: an enemy portal marker or dummy taken off the table (a force that never comes)
MARKER = 2.0
#: the status marks each ruleset records, and their weight: (unit marks, figure marks).
#: A number mark (WW2's suppression markers) counts each; an "until" mark counts once
HARM: dict[str, tuple[dict[str, float], dict[str, float]]] = {
    "ww2-skirmish": (
        {Ww2UnitMark.SUPPRESSED: 1.5, Ww2UnitMark.ROUTING: 4.0, Ww2UnitMark.SHAKEN_UNTIL: 2.0},
        {Ww2FigMark.IMMOBILE: 3.0, Ww2FigMark.OPTICS: 2.0, Ww2FigMark.WRECKED: 2.0, Ww2FigMark.STUNNED_UNTIL: 2.0,
         Ww2FigMark.BOGGED: 1.0, Ww2FigMark.DRIVERLESS: 2.0},
    ),
    "great-war-54mm": ({GwUnitMark.PINNED: 3.0, GwUnitMark.RUNNING: 4.0}, {}),
    "wwify": (
        {WwifyUnitMark.PANICKED: 4.0, WwifyUnitMark.IMMOBILISED: 3.0, WwifyUnitMark.BROKEN_DOWN: 2.0,
         WwifyUnitMark.WINGED: 1.0},
        {WwifyFigMark.ABANDONED: 3.0},
    ),
}
#: moving: each known enemy in range that sees the mover, by the mover's cover there
#: (none, soft, hard); each known enemy the mover gets in its own range and sight; each
#: inch made toward the nearest goal (mean over the movers)
EXPOSED = (0.6, 0.3, 0.12)
IN_REACH = 0.4
PROGRESS = 0.05
#: the farthest a figure without range bands is taken to reach, in inches
DEFAULT_REACH_IN = 24.0
#: known enemies counted per mover, at most (the nearest)
WATCHERS = 8


def _mark_count(value: Any) -> float:
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, (int, float)):
        return float(value) if value > 0 else 0.0
    return 1.0 if value else 0.0


class Valuation:
    """The greedy player's reading of resolutions, for ``side`` in ``game`` as it stands
    when the player chooses (the known enemies and their reach are worked out once)."""

    def __init__(self, game: Game, side: str) -> None:
        self.game = game
        self.side = side
        self.rules = ruleset_of(game)
        st = game.state
        self.known = list(self.rules.known_enemies(game, side))
        self.known_ids = {f.id for f in self.known}
        self.known_units = {f.unit for f in self.known}
        self.unit_marks, self.fig_marks = HARM.get(self.rules.id, ({}, {}))
        self.reach = {f.id: self._reach(f) for f in self.known}
        self.before_own = self.harm(st, side, own=True)
        self.before_enemy = self.harm(st, side, own=False)
        self.enemy_markers = {m.id for m in st.markers.values() if m.side != side}
        self.goals = self._goals()
        self._exposure: dict[tuple, float] = {}
        self._in_reach: dict[tuple, int] = {}

    # ---- harm --------------------------------------------------------------------------
    def harm(self, st: GameState, side: str, own: bool) -> float:
        """The harm on ``side``'s figures and units (``own``), or on the enemy figures it
        knows of and their units."""
        total = 0.0
        for f in st.figures.values():
            if (f.side == side) != own or (not own and f.id not in self.known_ids):
                continue
            if not f.alive:
                total += OUT
                continue
            total += WOUND * f.wounds
            for k, w in self.fig_marks.items():
                if k in f.markers:
                    total += w * _mark_count(f.markers[k])
        for u in st.units.values():
            if (u.side == side) != own or (not own and u.id not in self.known_units):
                continue
            if not st.unit_alive(u.id):
                continue
            for k, w in self.unit_marks.items():
                if k in u.markers:
                    total += w * _mark_count(u.markers[k])
        return total

    def outcome(self, after: Game) -> float:
        """What one resolution did, for the side: harm done less harm taken, the game
        decided, enemy markers gone, and where its figures moved, their exposure, reach
        and progress."""
        st = after.state
        value = (self.harm(st, self.side, own=False) - self.before_enemy) - (self.harm(st, self.side, own=True) - self.before_own)
        if st.over:
            value += WIN if st.winner == self.side else (-WIN if st.winner else 0.0)
        value += MARKER * len(self.enemy_markers - set(st.markers))
        value += self.movement(after)
        return round(value, 6)

    # ---- moving ------------------------------------------------------------------------
    def movement(self, after: Game) -> float:
        """The movers' exposure, reach and progress (0 when no figure of the side moved)."""
        before = self.game.state.figures
        movers = [(before[f.id], f) for f in after.state.figures.values()
                  if f.side == self.side and f.alive and f.id in before and (f.x, f.y) != (before[f.id].x, before[f.id].y)]
        if not movers:
            return 0.0
        value = 0.0
        for was, now in movers:
            value -= self.exposure(now.pos) - self.exposure(was.pos)
            value += IN_REACH * (self.in_reach(now, now.pos) - self.in_reach(was, was.pos))
        if self.goals:
            made = sum(self.goal_distance(w.pos) - self.goal_distance(n.pos) for w, n in movers) / len(movers)
            value += PROGRESS * self.rules.in_units(made)
        return value

    def exposure(self, p: tuple[float, float]) -> float:
        """How exposed a figure standing at ``p`` is: the known enemies in their weapon's
        range of it that see it, each weighted by its cover there (kept per point)."""
        hit = self._exposure.get(p)
        if hit is None:
            watchers = self._near(p)
            hit = 0.0
            if watchers:
                visible, cover = self.rules.sight_pairs(self.game, [e.pos for e in watchers], [p] * len(watchers))
                for vis, cov in zip(visible, cover, strict=True):
                    if vis:
                        hit += EXPOSED[min(int(cov), 2)]
            self._exposure[p] = hit
        return hit

    def _near(self, p: tuple[float, float]) -> list[Figure]:
        near = [(hypot(e.x - p[0], e.y - p[1]), e) for e in self.known]
        near = [(d, e) for d, e in near if d <= self.reach[e.id]]
        near.sort(key=lambda t: (t[0], t[1].id))
        return [e for _, e in near[:WATCHERS]]

    def in_reach(self, fig: Figure, p: tuple[float, float]) -> int:
        """Known enemies within ``fig``'s reach of ``p`` that it sees from there (kept per
        reach and point)."""
        reach = self._reach(fig)
        hit = self._in_reach.get((reach, p))
        if hit is not None:
            return hit
        near = [e for e in self.known if hypot(e.x - p[0], e.y - p[1]) <= reach]
        near.sort(key=lambda e: (hypot(e.x - p[0], e.y - p[1]), e.id))
        near = near[:WATCHERS]
        hit = 0
        if near:
            visible, _ = self.rules.sight_pairs(self.game, [p] * len(near), [e.pos for e in near])
            hit = int(sum(bool(v) for v in visible))
        self._in_reach[(reach, p)] = hit
        return hit

    def _reach(self, fig: Figure) -> float:
        bands = self.rules.range_bands(self.game, fig)
        return max((hi for _, _, hi in bands), default=self.rules.mm(DEFAULT_REACH_IN))

    def _goals(self) -> list[tuple[float, float]]:
        """Where the side wants to get: the enemies it knows of, the enemy markers, and
        the objectives it must hold and does not."""
        st = self.game.state
        goals = [e.pos for e in self.known]
        goals += [(m.x, m.y) for m in st.markers.values() if m.side != self.side and m.side in st.sides]
        v = st.attrs.get(StateKey.VICTORY) or {}
        objectives = v.get("objectives", {})
        for cond in v.get("conditions", []):
            if cond.get("type") == "hold" and cond.get("side") == self.side:
                for oid in cond.get("objectives") or list(objectives):
                    o = objectives[oid]
                    if objective_holder(st, o) != self.side:
                        goals.append((o["x"], o["y"]))
        return goals

    def goal_distance(self, p: tuple[float, float]) -> float:
        return min(hypot(g[0] - p[0], g[1] - p[1]) for g in self.goals)
