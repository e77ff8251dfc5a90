"""The solo rules' optional rule "Ideally, all AFVs should be solo run, even in player's
forces, though this is optional" in My 1/35th Scale WWII Skirmish (interpretation
solo-afvs): with ``solo_afvs`` on, each tank or half-track of the side whose turn begins
dices on the AFV chart (game/solo/afv_option.py), and its moves and main-gun shots against
the order are refused with the reason, in this ruleset's moves (L29-31: at most 12" a turn):

- Advance: "Move towards the nearest enemy with infantry within 6", or at half speed, Halt
  if within 20"": every move ends nearer the nearest known enemy (else the objective its
  side must take), the turn's moving at most its full move (12" a turn at most) with
  friendly infantry within 6" and half of it without, and none ends within 20" of the
  nearest known enemy; within 20" it is a Halt.
- Halt: "Remain in current position, but may move to cover within 6", and/or wheel towards
  nearest enemy": the turn's moving at most 6", every move ending in cover from the nearest
  known enemy (its sight line to a man standing there gives cover: hull down, as its AFV
  points read it); turning is free.
- Retreat: every move ends further from the nearest known enemy.
- Bale out: the crew abandon the vehicle; nothing else.
- Manoeuvre: "Act as player wishes".
- "Main guns will always shoot at the nearest enemy AFV / Anti-tank gun in preference to
  other targets": while its main gun may fire at an enemy vehicle its side knows of, it
  fires at the nearest such one.
"""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING

from game.core.commands import Command, passes, refuse
from game.core.game import Game
from game.core.state import Figure
from game.rulesets.parts import Chapter
from game.solo import afv_option
from game.solo.tables import solo_tables

from .sight import man_at

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

XY = tuple[float, float]
TOL = 0.05 * 25.4  # mm: a move ending this close to a limit keeps to it


class W135AfvOption(Chapter["Ww2135"]):
    rules: Ww2135

    def roll_side(self, game: Game) -> None:
        afv_option.roll_side(self.rules, game)

    # ---- what the orders name ----------------------------------------------------------------------
    def nearest_enemy(self, game: Game, v: Figure) -> Figure | None:
        return afv_option.nearest_known_enemy(self.rules, game, v)

    def advance_goal(self, game: Game, v: Figure) -> XY | None:
        return afv_option.enemy_or_objective(self.rules, game, v)

    def infantry_with(self, game: Game, v: Figure) -> bool:
        """Friendly men on foot within 6" (the AFV chart's afv_infantry)."""
        reach = solo_tables().dist_mm("afv_infantry") + TOL
        return any(f.side == v.side and f.alive and not self.rules.is_vehicle(f) and self.rules.apart(f, v) <= reach
                   for f in game.state.figures.values())

    def hull_down_at(self, game: Game, v: Figure, p: XY) -> bool:
        """In cover at ``p`` from the nearest enemy its side knows of; with none known,
        standing in terrain that gives cover."""
        e = self.nearest_enemy(game, v)
        if e is not None:
            return self.rules.sight.line(game, e, man_at(p)).cover > 0
        return any(ft.cover_code > 0 for ft in game.table.features_at(p))

    # ---- the check ---------------------------------------------------------------------------------
    def check(self, game: Game, cmd: Command) -> None:
        """Refuse a command against the AFV order its vehicle is bound by."""
        rules = self.rules
        if not rules.option(game, afv_option.OPTION):
            return
        v = game.state.figures.get(cmd.figure or "")
        if v is None or not rules.is_vehicle(v):
            return
        order = afv_option.bound(rules, game, game.state.units[v.unit])
        if order is None:
            return
        name = afv_option.under_order(v.name, order)
        if order == "bale_out":
            if cmd.kind != "abandon":
                refuse(f"{name}: its crew abandon the vehicle.")
            return
        if cmd.kind == "move" and cmd.path:
            self.check_move(game, v, cmd, order, name)
        elif cmd.kind == "fire" and dict(cmd.options).get("weapon") == "tank_gun":
            t = self.main_gun_target(game, v)
            tgt = game.state.figures.get(cmd.target or "")
            if t is not None and (tgt is None or tgt.id != t.id):
                refuse(f"{name}: its main gun shoots at the nearest enemy AFV in preference to other targets ({t.name}).")

    def check_move(self, game: Game, v: Figure, cmd: Command, order: str, name: str) -> None:
        rules = self.rules
        pts = [v.pos, *cmd.path]
        moved = rules.mm(rules.moving.moved(game, v)) + sum(hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:], strict=False))
        why = afv_option.move_refusal(rules, game, self, v, pts[-1], moved, lambda: self.advance_cap(game, v), order, name, TOL)
        if why is not None:
            refuse(why)

    def advance_cap(self, game: Game, v: Figure) -> float:
        """How far an Advance may go this turn (mm): its full move in points, 12" at most
        (L31), halved without friendly infantry within 6"."""
        rules = self.rules
        full = min(rules.data.movement.max_per_turn, rules.quota(v) * rules.moving.per_point(v))
        return rules.mm(full) / (1 if self.infantry_with(game, v) else 2)

    def main_gun_target(self, game: Game, v: Figure) -> Figure | None:
        """The nearest enemy vehicle its side knows of that its main gun may fire at now."""
        rules = self.rules
        picks = [e for e in rules.known_enemies(game, v.side) if rules.is_vehicle(e) and passes(
            rules.firing.check_fire, game, Command("fire", v.side, figure=v.id, target=e.id, choice="unaimed",
                                                   options=(("weapon", "tank_gun"),)))]
        return min(picks, key=lambda e: (rules.apart(e, v), e.id), default=None)
