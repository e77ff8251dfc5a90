"""How the solo AI carries out its orders in The Great War in 54mm.

The solo chart gives each unit an order (Attack, Advance, Halt, Retreat, Rout...); the planner
turns it into ordinary commands of this ruleset: roll to move (activating only
when advancing), move the unit toward its goal choosing the destination where most of
it ends in cover, fire each figure where its casualties and the morale tests they cause
are worth most, assault when the odds favour it.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import atan2, comb, cos, hypot, pi, radians, sin
from typing import TYPE_CHECKING

from game.core.commands import Command, Refusal
from game.core.game import Game
from game.core.state import Figure, Unit
from game.rulesets.great_war_54mm.status import GwFigMark, GwGameAttr, GwUnitMark
from game.rulesets.movement import clamp_to_table
from game.rulesets.parts import Planner
from game.solo.goals import ai_goal, back_goal, defends, position_on_the_way
from game.solo.keys import SoloKey
from game.solo.tables import FORWARD

if TYPE_CHECKING:
    from game.rulesets.great_war_54mm.rules import GreatWar54

class GreatWarPlanner(Planner["GreatWar54"]):
    """The solo AI's planner for The Great War in 54mm."""

    rules: GreatWar54

    def side_commands(self, game: Game, side: str) -> list[Command]:
        st = game.state
        if st.phase != "rally" or self.rules.artillery_side(game) != side or st.attrs.get(GwGameAttr.BOMBARDED_THIS_TURN):
            return []
        foes = [u for u in st.units.values() if u.side != side and st.unit_alive(u.id)]
        # the unit most likely to fail its test: the fewest figures for the d10
        foes.sort(key=lambda u: (self.rules.morale_target(game, u)[0], u.id))
        return [Command("bombard", side, target=u.id) for u in foes[:1]]

    def unit_commands(self, game: Game, side: str, unit: Unit, memo: dict) -> list[Command]:
        st = game.state
        order = unit.markers.get(SoloKey.ORDER, "halt")
        if st.phase == "movement":
            return self._ai_move(game, side, unit, order, memo)
        if st.phase == "shooting" and order != "rout":
            return self._ai_fire(game, side, unit)
        if st.phase == "assaults" and order in ("attack", "advance", "close", "halt"):
            return self._ai_assault(game, side, unit, order)
        return []

    # ---- moving ------------------------------------------------------------------------
    def _ai_move(self, game: Game, side: str, unit: Unit, order: str, memo: dict) -> list[Command]:
        if unit.markers.get(GwUnitMark.RUNNING):
            return []
        # a crewed weapon never goes forward (the chart's Advance is its Halt) nor runs (a
        # chart Rout pins it), but it carries out a Retreat and the Halt in cover after one
        crew = self.rules.is_crew(unit)
        defending = self.rules.holds_position(game, unit)  # interpretation defenders
        forward = order in FORWARD and not defending and not crew
        back = self._back_goal(game, side, unit, order)  # Retreat, or a Halt in cover after falling back
        backward = (order == "rout" and not crew) or back is not None
        if not (forward or backward):
            return []
        if GwUnitMark.MOVE_ALLOWANCE not in unit.markers:
            if forward and not unit.markers.get(GwUnitMark.PINNED) and self.activation_chance(game, unit) >= 0.5:
                return [Command("activate", side, unit=unit.id)]
            return [Command("roll_move", side, unit=unit.id)]
        key = (game.state.turn, side, "move", unit.id)
        if key in memo:
            plan = [c for c in memo[key] if not game.state.figures[c.figure].markers.get(GwFigMark.MOVED_MM)]
            # figures the others stood in the way of try again once those have moved
            again = [self._step_to(game, side, unit, game.state.figures[fid], slot) for fid, slot in memo.get(key + ("later",), [])
                     if game.state.figures[fid].alive and not game.state.figures[fid].markers.get(GwFigMark.MOVED_MM)]
            return plan + [c for c in again if c is not None]
        figs = self.rules.alive(game, unit.id)
        if any(f.markers.get(GwFigMark.MOVED_MM) for f in figs):
            return []  # moved by hand or before a reload: one move per unit per phase
        centre = self.rules.unit_centre(game, unit.id)
        mode = self.rules.movement_mode(unit)
        if mode == "regroup":
            leader = self.rules.leader(game, unit.id)
            memo[key] = []
            return [Command("move_unit", side, unit=unit.id, point=leader.pos, choice="gather")] if leader else []
        goal = ai_goal(self.rules, game, side, centre, unit) if back is None else back
        stop = self.rules.mm(1.5)  # short of the enemy
        if forward and defends(game, side) and goal is not None:
            # a defender out of its position advances into the position on its way, and stays there
            if (post := position_on_the_way(game, centre, goal, self.rules.mm(1))) is not None:
                goal, stop = post, 0.0
        if forward and mode == "no_advance" and goal is not None:
            # not activated: open the line out (or close it up) where it stands, a little
            # back from the nearest enemy, so next turn's activation is likelier to pass
            enemy = min(self.rules.enemy_figures(game, side), key=lambda e: hypot(e.x - centre[0], e.y - centre[1]), default=None)
            target = enemy.pos if enemy else goal
            heading = atan2(target[1] - centre[1], target[0] - centre[0])
            back = (centre[0] - cos(heading) * self.rules.mm(1), centre[1] - sin(heading) * self.rules.mm(1))
            memo[key] = self._line_abreast(game, side, unit, figs, back, heading, self._spacing(game, len(figs), "advance"))
            return list(memo[key])
        if goal is None:
            memo[key] = []
            return []
        allowance = unit.markers[GwUnitMark.MOVE_ALLOWANCE]
        heading = atan2(goal[1] - centre[1], goal[0] - centre[0])
        if back is not None:
            heading = atan2(back[1] - centre[1], back[0] - centre[0])
            reach = min(allowance, hypot(back[0] - centre[0], back[1] - centre[1]))
        elif backward:
            heading += pi
            reach = allowance
        else:
            reach = allowance if order in ("attack", "close") else allowance / 2  # close: full speed
            reach = min(reach, max(0.0, hypot(goal[0] - centre[0], goal[1] - centre[1]) - stop))
        if reach < self.rules.mm(0.25):
            memo[key] = []
            return []
        spacing = self._spacing(game, len(figs), order)
        best = None
        for turn in (0, -25, 25, -50, 50):
            a = heading + radians(turn)
            dest = clamp_to_table(game, (centre[0] + cos(a) * reach, centre[1] + sin(a) * reach))
            later: list[tuple[str, tuple[float, float]]] = []
            plan = self._line_abreast(game, side, unit, figs, dest, heading, spacing, order, later)
            covered = sum(1 for c in plan if self._cover_at(game, c.path[-1]))
            score = (-covered, abs(turn), -len(plan) - len(later))
            if plan and (best is None or score < best[0]):
                best = (score, plan, later)
        memo[key] = best[1] if best else []
        memo[key + ("later",)] = best[2] if best else []
        return list(memo[key])

    def _covering_guns(self, game: Game, side: str, figs) -> set[str]:
        """LMG gunners with an enemy unit in range and in sight do not advance: fire and
        movement (they fire in the Shooting phase while the rest of the unit moves)."""
        out = set()
        for f in figs:
            if not f.weapons or self.rules.data.weapons[f.weapons[0]].dice < 3 or self.rules.data.weapons[f.weapons[0]].crewed:
                continue
            for t in game.state.units.values():
                if t.side != side and game.state.unit_alive(t.id):
                    try:
                        self.rules.combat.shot(game, f, t.id)
                    except Refusal:
                        continue
                    out.add(f.id)
                    break
        return out

    def activation_chance(self, game: Game, unit: Unit) -> float:
        """Chance the d10 activation lets the unit advance, by the reading in play."""
        spread = self.rules.activation_spread_in(game, unit.id)
        return sum(1 for d in range(1, 11) if not self.rules.activation_regroups(game, spread, d)) / 10

    def _spacing(self, game: Game, n: int, order: str) -> float:
        """Dispersed order; under the literal activation reading wide enough that the
        line spans 7" base edge to base edge (a d10 of 7 or less then lets it advance);
        under the other reading close order (1.25") so the unit stays tight."""
        if self.rules.option(game, "activation_spread"):
            return self.rules.mm(1.25)
        base = 1.5 if order == "attack" else 2.0
        return self.rules.mm(max(base, (7.0 + self.rules.data.base_diameter) / max(1, n - 1)))

    def _line_abreast(self, game: Game, side: str, unit: Unit, figs, dest, heading: float, spacing: float,
                      order: str = "", later: list | None = None) -> list[Command]:
        """Each figure's move to its place in a line across ``heading`` centred on
        ``dest``, as far as its move allows; only moves the core would accept, the
        foremost figures first. Figures another one blocks now go into ``later`` (figure
        id, place) to try again when the others have moved."""
        across = (cos(heading + pi / 2), sin(heading + pi / 2))
        n = len(figs)
        ranked = sorted(figs, key=lambda f: (f.x * across[0] + f.y * across[1], f.id))
        cmds = []
        covering = self._covering_guns(game, side, figs) if order == "advance" else set()
        for k, f in enumerate(ranked):
            if f.id in covering:
                continue  # the unit's light machine gun stays to give covering fire
            off = (k - (n - 1) / 2) * spacing
            slot = clamp_to_table(game, (dest[0] + across[0] * off, dest[1] + across[1] * off))
            if self.rules.remaining_move(unit, f) <= 0.05 or hypot(slot[0] - f.x, slot[1] - f.y) < self.rules.mm(0.2):
                continue
            cmd = self._step_to(game, side, unit, f, slot)
            if cmd is not None:
                cmds.append(cmd)
            elif later is not None:
                later.append((f.id, slot))
        cmds.sort(key=lambda c: -(game.state.figures[c.figure_id].x * cos(heading) + game.state.figures[c.figure_id].y * sin(heading)))
        return cmds

    def _step_to(self, game: Game, side: str, unit: Unit, f, slot) -> Command | None:
        """The figure's longest accepted move toward ``slot`` (a quarter of the way at least)."""
        budget = self.rules.remaining_move(unit, f) - 0.05
        d = hypot(slot[0] - f.x, slot[1] - f.y)
        if d < self.rules.mm(0.2) or budget <= 0:
            return None
        for frac in (1.0, 0.75, 0.5, 0.25):
            step = min(budget, d) * frac
            p = (f.x + (slot[0] - f.x) * step / d, f.y + (slot[1] - f.y) * step / d)
            cmd = Command("move", side, figure=f.id, path=(p,))
            if game.check(cmd) is None:
                return cmd
        return None

    def _cover_at(self, game: Game, p) -> bool:
        return any(f.type.cover != "none" for f in game.table.features_at(p))

    def retreat_stays(self, game: Game, unit: Unit) -> bool:
        return bool(self.rules.alive(game, unit.id)) and self._back_goal(game, unit.side, unit, "retreat") is None

    def _back_goal(self, game: Game, side: str, unit: Unit, order: str) -> tuple[float, float] | None:
        """Where a Retreat goes, or a Halt in the nearest cover after falling back (game/solo/goals.py)."""
        return back_goal(self.rules, game, side, unit, order, lambda p: self._cover_at(game, p))

    # ---- shooting and assaults ----------------------------------------------------------
    def _legal_against(self, game: Game, side: str, unit: Unit, kind: str) -> Iterator[tuple[Unit, Command]]:
        """Each enemy unit still in action with the ``kind`` command against it that
        passes its check."""
        for t in game.state.units.values():
            if t.side == side or not game.state.unit_alive(t.id):
                continue
            cmd = Command(kind, side, unit=unit.id, target=t.id)
            if game.check(cmd) is None:
                yield t, cmd

    def _ai_fire(self, game: Game, side: str, unit: Unit) -> list[Command]:
        """Each figure's shot at the enemy unit where it is worth most (:meth:`shot_value`),
        best first ("Each figure fires at one enemy unit"): asked again after every shot,
        so the unit's fire spreads where a first casualty makes a unit test its morale."""
        st = game.state
        targets = [t for t in st.units.values() if t.side != side and st.unit_alive(t.id)]
        out = []
        for f in self.rules.alive(game, unit.id):
            for t in targets:
                try:
                    value = self.shot_value(game, f, t)
                except Refusal:
                    continue
                out.append((-value, f.id, t.id, Command("fire", side, figure=f.id, target=t.id)))
        out.sort(key=lambda o: o[:3])
        return [o[3] for o in out]

    def shot_value(self, game: Game, f: Figure, t: Unit) -> float:
        """What ``f``'s shot at ``t`` is worth: its expected casualties (each die hits on
        (7 - need + mod) / 6, at most the figures it can reach), and the rise it makes in the
        chance that ``t`` fails the morale test every unit losing a casualty takes at the
        phase's end (d10 against the figures left, L57-63), weighed 1.5 (a failure pins it),
        2 when pinned already (it runs) and 0.5 when running. A crewed weapon counts one hit a
        turn, which pins it and destroys it when pinned (L69): a hit is worth 4, or 12."""
        s = self.rules.combat.shot(game, f, t.id)
        p = max(0, min(6, 7 - (s.need - sum(v for _, v in s.modifiers)))) / 6
        hits = [comb(s.dice, k) * p**k * (1 - p) ** (s.dice - k) for k in range(s.dice + 1)]
        if self.rules.is_crew(t):
            if t.markers.get(GwUnitMark.CREW_HIT_TURN) == game.state.turn:
                return 0.0
            return (1 - hits[0]) * (12 if t.markers.get(GwUnitMark.PINNED) else 4)
        weight = 0.5 if t.markers.get(GwUnitMark.RUNNING) else 2.0 if t.markers.get(GwUnitMark.PINNED) else 1.5
        base = self.fail_chance(game, t, 0)
        cap = len(s.candidates)
        return sum(pk * (min(k, cap) + weight * (self.fail_chance(game, t, min(k, cap)) - base)) for k, pk in enumerate(hits))

    def fail_chance(self, game: Game, t: Unit, lost: int) -> float:
        """The chance ``t`` fails its morale test at the end of this Shooting phase with
        ``lost`` more casualties (0: it has lost none and takes no test)."""
        if lost + t.markers.get(GwUnitMark.CASUALTIES_PHASE, 0) <= 0:
            return 0.0
        faces = int(self.rules.data.morale.die.lstrip("d"))
        return max(0.0, min(1.0, (faces - (self.rules.morale_target(game, t)[0] - lost)) / faces))

    def _ai_assault(self, game: Game, side: str, unit: Unit, order: str) -> list[Command]:
        out = []
        for t, cmd in self._legal_against(game, side, unit, "assault"):
            if self.rules.is_crew(t):
                margin = 1.0  # crewed weapons are destroyed in an assault
            else:
                margin = self.rules.odds(game, cmd).outcomes.expected(lambda o: o[0] - o[1])
            if order == "attack" or margin > 0:
                out.append((-margin, t.id, cmd))
        out.sort(key=lambda o: (o[0], o[1]))
        return [o[2] for o in out]
