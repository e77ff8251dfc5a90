"""The solo rules' AFV orders in WWIFY AR:SE's terms (interpretation solo-afvs): the optional
rule "Ideally, all AFVs should be solo run, even in player's forces, though this is
optional" (``solo_afvs``), and the main guns of every solo-run vehicle.

With ``solo_afvs`` on, each vehicle and flyer of the side acting on a card dices on the
AFV chart as its activation begins (where the solo AI's units roll), once its side has
seen an enemy (game/solo/afv_option.py), and its actions against the order are refused
with the reason. Each of its two actions is a move (a vehicle 4", a flyer 20") and a fire;
a Move action made counts all of its allowance:

- Advance: "Move towards the nearest enemy with infantry within 6", or at half speed, Halt
  if within 20"": every move ends nearer the nearest known enemy (else the objective its
  side must take), and none within 20" of it; without friendly infantry within 6" it moves
  in one of its two actions (half speed), with them in both; within 20" it is a Halt.
- Halt: "Remain in current position, but may move to cover within 6"": at most 6" of moving,
  ending with cover on the nearest known enemy's sight line (as the solo rules' risk
  factors read cover here; WWIFY's own fire gives a vehicle no save for it).
- Retreat: every move ends further from the nearest known enemy.
- Bale out (an immobile vehicle only): "the crew abandons the vehicle": it takes no action
  this activation, as the solo AI's vehicles do.
- Manoeuvre: "Act as player wishes".
- "Main guns will always shoot at the nearest enemy AFV / Anti-tank gun in preference to
  other targets": a vehicle whose fire at an enemy vehicle or field gun its side knows of
  would be its anti-vehicle weapon's (the ironclad's and the juggernaut's field gun) fires
  at the nearest such one (the solo AI's vehicles too: :func:`main_gun_pick`, reading solo-fire).
"""

from __future__ import annotations

from collections.abc import Iterable
from math import hypot
from typing import TYPE_CHECKING

from game.core.commands import Command, Refusal, refuse
from game.core.game import Game
from game.core.state import Figure, Unit
from game.rulesets.parts import Chapter
from game.solo import afv_option
from game.solo.tables import solo_tables

from .status import WwifyUnitMark

if TYPE_CHECKING:
    from game.rulesets.wwify.fight import FirePlan
    from game.rulesets.wwify.ruleset import Wwify

XY = tuple[float, float]
TOL = 0.05 * 25.4  # mm: a move ending this close to a limit keeps to it
AFV_KINDS = ("vehicle", "flyer")
#: the enemy units a main gun prefers: "the nearest enemy AFV / Anti-tank gun"
MAIN_GUN_TARGETS = ("vehicle", "field_gun")
#: the commands that are a vehicle's or flyer's actions
ACTIONS = ("move", "move_unit", "begin_move", "fire", "combat", "pick_up", "hand_over", "drop_materials")


def main_gun_pick(rules: Wwify, unit: Unit, plans: Iterable[tuple[Unit, float, FirePlan]]) -> str | None:
    """Of a unit's fire plans (the target, its distance, the plan), the target its main gun
    takes first: a vehicle's nearest enemy vehicle or field gun at which its fire would be
    its anti-vehicle weapon's (None: none, or not a vehicle)."""
    armour = [(near, t.id) for t, near, plan in plans if unit.kind == "vehicle" and t.kind in MAIN_GUN_TARGETS
              and any(rules.data.weapons[fr.weapon].vs_vehicles for fr in plan.firers)]
    return min(armour)[1] if armour else None


class WwAfvOption(Chapter["Wwify"]):
    rules: Wwify

    def roll(self, game: Game, units: list[Unit]) -> None:
        """Under ``solo_afvs``: the vehicles and flyers among the units an activation
        begins for dice on the AFV chart."""
        afv_option.roll_side(self.rules, game, units)

    # ---- what the orders name ----------------------------------------------------------------------
    def infantry_with(self, game: Game, v: Figure) -> bool:
        """Friendly infantry or cavalry within 6" (the AFV chart's afv_infantry)."""
        reach = solo_tables().dist_mm("afv_infantry") + TOL
        return any(f.side == v.side and f.alive and self.rules.fighting.category(f) in ("infantry", "cavalry")
                   and self.rules.apart(f, v) <= reach for f in game.state.figures.values())

    def main_gun_target(self, game: Game, unit: Unit) -> Unit | None:
        """The nearest enemy vehicle or field gun its side knows of at which the vehicle's
        fire would be its anti-vehicle weapon's (None: none, or not a vehicle)."""
        rules = self.rules
        figs = rules.alive(game, unit.id)
        if unit.kind != "vehicle" or not figs:
            return None
        st = game.state
        near: dict[str, float] = {}
        for e in rules.known_enemies(game, unit.side):
            if st.units[e.unit].kind in MAIN_GUN_TARGETS:
                near[e.unit] = min(near.get(e.unit, float("inf")), min(rules.apart(v, e) for v in figs))
        plans = []
        for uid in near:
            try:
                plans.append((st.units[uid], near[uid], rules.fighting.fire_plan(game, unit.id, uid)))
            except Refusal:
                continue
        first = main_gun_pick(rules, unit, plans)
        return st.units[first] if first is not None else None

    # ---- the check ---------------------------------------------------------------------------------
    def check(self, game: Game, cmd: Command) -> None:
        """Refuse an action against the AFV order its vehicle or flyer is bound by."""
        rules = self.rules
        if not rules.option(game, afv_option.OPTION) or cmd.kind not in ACTIONS:
            return
        st = game.state
        uid = cmd.unit if cmd.unit is not None else st.figures[cmd.figure].unit if cmd.figure in st.figures else None
        unit = st.units.get(uid or "")
        if unit is None or unit.kind not in AFV_KINDS or not rules.alive(game, unit.id):
            return
        order = afv_option.bound(rules, game, unit)
        if order is None:
            return
        name = afv_option.under_order(unit.name, order)
        if order == "bale_out":
            refuse(f"{name}: its crew abandon the vehicle and it takes no action this turn.")
        v = rules.alive(game, unit.id)[0]
        if cmd.kind in ("move", "move_unit"):
            self.check_move(game, unit, v, cmd, order, name)
        elif cmd.kind == "fire":
            t = self.main_gun_target(game, unit)
            if t is not None and cmd.target != t.id:
                refuse(f"{name}: its main gun shoots at the nearest enemy AFV or anti-tank gun in preference to other "
                       f"targets ({t.name}).")

    def check_move(self, game: Game, unit: Unit, v: Figure, cmd: Command, order: str, name: str) -> None:
        rules = self.rules
        if cmd.kind == "move":
            pts = [v.pos, *cmd.path]
        else:
            plans = dict((f.id, p) for f, p in rules.orders.unit_move_plans(game, cmd))
            pts = list(plans[v.id].path) if v.id in plans else [v.pos]
        length = sum(hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:], strict=False))
        allowance = rules.allowance(game, unit, v)
        moved = allowance * unit.markers.get(WwifyUnitMark.ACTS, []).count("move") + length
        cap = rules.max_actions(unit) * allowance / 2
        why = afv_option.move_refusal(rules, game, afv_option.TableMeasures(rules), v, pts[-1], moved,
                                      lambda: cap * (2 if self.infantry_with(game, v) else 1), order, name, TOL)
        if why is not None:
            refuse(why)
