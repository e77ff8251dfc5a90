"""The solo rules' AFV orders in GOODBYEEEEEE!!!'s terms (interpretation solo-afvs): the
optional rule "Ideally, all AFVs should be solo run, even in player's forces, though this
is optional" (``solo_afvs``), and what every solo-run tank's orders share.

With ``solo_afvs`` on, each tank of the player whose turn it is dices on the AFV chart at
the start of the first step of his turn that waits for him (the moves on initiative: after
the rally, where an abandoned crew tests to re-enter, L275; the solo AI's tanks roll then
too), once its side has seen an enemy (game/solo/afv_option.py), and its moves and main-gun
shots against the order are refused with the reason, in this ruleset's moves (L116-117: a
heavy tank 10 cm cross country, 15 on a road; a light one 15 and 20):

- Advance: "Move towards the nearest enemy with infantry within 6", or at half speed, Halt
  if within 20"": every move ends nearer the nearest known enemy (else the objective its
  side must take), the turn's moving at most its move with friendly infantry within 6" and
  half of it without, and none ends within 20" of the nearest known enemy; within 20" it is
  a Halt.
- Halt: "Remain in current position, but may move to cover within 6"": the turn's moving at
  most 6", every move ending in cover from the nearest known enemy (its sight line to the
  tank's centre there crosses cover: hull down).
- Retreat: every move ends further from the nearest known enemy.
- Bale out: the crew abandon the tank (:meth:`GbAfvOption.bale_out`, for every solo-run
  tank): L275's abandoned tank, which does nothing and whose crew test courage at the start
  of each of their turns to re-enter.
- Manoeuvre: "Act as player wishes".
- "Main guns will always shoot at the nearest enemy AFV / Anti-tank gun in preference to
  other targets": while its 6 pdr or 37 mm gun may fire at an enemy tank or field gun its
  side knows of, it fires at the nearest such one (the solo AI's tanks too).
"""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING

from game.core.commands import Command, passes, refuse
from game.core.game import Game
from game.core.state import Figure, Unit
from game.rulesets.parts import Chapter
from game.solo import afv_option
from game.solo.tables import solo_tables

from .status import GbFigMark
from .tanks import TANK_GUN

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

XY = tuple[float, float]
TOL = 0.5  # mm: a move ending this close to a limit keeps to it
#: the weapon that makes a figure an "Anti-tank gun" for the AFV chart's main guns
AT_GUN = "field_artillery"


class GbAfvOption(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee

    def roll_side(self, game: Game) -> None:
        """Each of the acting player's tanks dices, once a turn; while a group of his figures
        takes the initiative out of turn (L33) only its tanks, whose turn it is now (they do
        not act again this turn), and his other tanks dice at the start of his own turn."""
        st = game.state
        it = self.rules.characters.interrupt(game)
        units = None if it is None else [st.units[u] for u in dict.fromkeys(st.figures[f].unit for f in it["figures"])]
        afv_option.roll_side(self.rules, game, units)

    def bale_out(self, game: Game, unit: Unit) -> None:
        """The AFV chart's Bale out ("Crew abandons vehicle"; only an immobile tank rolls
        it): the crew leave the tank (L275), unless they have already."""
        for v in self.rules.alive(game, unit.id):
            if self.rules.tanks.is_tank(v) and not v.markers.get(GbFigMark.ABANDONED):
                self.rules.tanks.abandon(game, v)

    # ---- what the orders name ----------------------------------------------------------------------
    def infantry_with(self, game: Game, v: Figure) -> bool:
        """Friendly men on foot within 6" (the AFV chart's afv_infantry)."""
        reach = solo_tables().dist_mm("afv_infantry") + TOL
        return any(f.side == v.side and f.alive and not self.rules.tanks.is_tank(f) and self.rules.apart(f, v) <= reach
                   for f in game.state.figures.values())

    def main_gun_target(self, game: Game, v: Figure) -> Figure | None:
        """The nearest enemy tank or field gun its side knows of that the tank's gun may fire
        at now (None: none, or no gun)."""
        rules = self.rules
        if TANK_GUN not in v.weapons:
            return None
        picks = [e for e in rules.known_enemies(game, v.side) if (rules.tanks.is_tank(e) or AT_GUN in e.weapons)
                 and passes(rules.firing.check_fire, game, Command("fire", v.side, figure=v.id, target=e.id, choice=TANK_GUN))]
        return min(picks, key=lambda e: (rules.apart(e, v), e.id), default=None)

    # ---- the check ---------------------------------------------------------------------------------
    def check(self, game: Game, cmd: Command) -> None:
        """Refuse a move or a main-gun shot against the AFV order its tank is bound by (a
        crew that baled out has abandoned the tank, which the tank rules refuse already)."""
        rules = self.rules
        if not rules.option(game, afv_option.OPTION) or cmd.kind not in ("move", "fire"):
            return
        v = game.state.figures.get(cmd.figure or "")
        if v is None or not rules.tanks.is_tank(v):
            return
        order = afv_option.bound(rules, game, game.state.units[v.unit])
        if order is None:
            return
        name = afv_option.under_order(v.name, order)
        if cmd.kind == "move" and cmd.path:
            pts = [v.pos, *cmd.path]
            moved = rules.moving.moved(v) + sum(hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:], strict=False))
            road = rules.moving.on_road(game, pts)
            why = afv_option.move_refusal(rules, game, afv_option.TableMeasures(rules), v, pts[-1], moved, lambda: self.advance_cap(game, v, road), order,
                                          name, TOL)
            if why is not None:
                refuse(why)
        elif cmd.kind == "fire" and (cmd.choice or rules.firing.default_weapon(v)) == TANK_GUN:  # (none named: its first)
            t = self.main_gun_target(game, v)
            if t is not None and cmd.target != t.id:
                refuse(f"{name}: its main gun shoots at the nearest enemy AFV or anti-tank gun in preference to other "
                       f"targets ({t.name}).")

    def advance_cap(self, game: Game, v: Figure, road: bool) -> float:
        """How far an Advance may go this turn (mm): the tank's move (its road speed on a
        road, L116-117), halved without friendly infantry within 6"."""
        full = self.rules.moving.allowance(game, v, False, road=road)
        return full / (1 if self.infantry_with(game, v) else 2)
