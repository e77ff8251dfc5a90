"""How the solo AI carries out an AFV's order in WW2 Skirmish ("AFV Solo Movement" of the
solo rules; what each order allows is in afv_orders.py):

- Advance: toward the nearest known enemy (else the objective or the opposite edge), at
  full speed with friendly infantry within 6", at half speed without, ending no nearer
  than 20" to the nearest enemy; within 20" it halts instead;
- Halt (and an Advance halting): hull down, moving to cover within 6" when it is not,
  and wheeling its front toward the nearest enemy;
- Manoeuvre: fires when it has a target; with none, moves up toward the goal (a
  defender's tank only while no known enemy is in its sight); otherwise as a Halt (hull
  down, facing the enemy);
- Retreat: moves away from the nearest known enemy toward the home edge, to a place
  hidden from it or in cover from it when one is in reach ("attempt to keep in cover");
- Bale out: the crew abandon the vehicle;
- the main guns fire at the nearest enemy AFV or AT gun the side knows of when they
  may, before anything else; the other shots by expected effect ("the most threatening
  target").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.core.commands import Command
from game.core.game import Game
from game.core.keys import FigureMark
from game.core.state import Figure, Unit
from game.rulesets.ww2_skirmish.afv_orders import options_weapon
from game.rulesets.ww2_skirmish.options import options
from game.rulesets.ww2_skirmish.status import Ww2FigMark
from game.solo.goals import defends

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ai import Ww2Planner


def vehicle_orders(p: Ww2Planner, game: Game, side: str, unit: Unit, v: Figure, order: str) -> Iterator[Command]:
    """A vehicle's commands by its AFV order, best first."""
    rules = p.rules
    afv = rules.afv
    if order == "bale_out":
        yield Command("abandon", side, figure=v.id)
        return
    shots: list[Command] = []

    def fire() -> list[Command]:
        if not shots:
            shots.extend(vehicle_shots(p, game, side, unit, v))
        return shots

    moved = bool(v.markers.get(FigureMark.MOVED))
    stuck = bool(v.markers.get(Ww2FigMark.IMMOBILE) or v.markers.get(Ww2FigMark.BOGGED))
    foes = rules.known_enemies(game, side)
    near = afv.nearest_enemy(game, v)
    halting = order == "halt"
    if order == "retreat" and not moved:
        away = p.away_point(game, unit, foes, p.home_point(game, side, unit))
        yield p.move_to(side, unit, afv.retreat_point(game, v, away))
    elif order == "advance":
        point = afv.advance_point(game, v) if not moved else None
        if point is not None:
            yield p.move_to(side, unit, point)
        halting = afv.halts_near(game, v)
    elif order == "manoeuvre":
        # "Act as player wishes": with no shot, it moves up; a defender's tank (its side wins
        # by holding on) does not while a known enemy is in its sight, which it cannot fire
        # at this turn (its crew's actions spent on reaction fire, its gun being readied):
        # it holds hull down facing it, as a Halt (interpretation solo-orders)
        if not moved and not fire() and (near is None or rules.apart(near, v) > rules.mm(12)) and \
                not (defends(game, side) and any(rules.on_table(e) and rules.los(game, v, e).visible for e in foes)):
            yield p.move_to(side, unit, rules.listing.goal_point(game, side, v.pos))
        halting = True
    if halting and near is not None and not stuck:
        # Halt: "may move to cover within 6", and/or wheel towards nearest enemy"
        cover = afv.cover_point(game, v) if not moved else None
        if cover is not None:
            yield p.move_to(side, unit, cover)
        if not v.markers.get(Ww2FigMark.PIVOTED) and rules.vehicles.facing_from(v, near.pos) != "front":
            yield Command("pivot", side, figure=v.id, point=(round(near.x, 2), round(near.y, 2)))
    if not v.markers.get(Ww2FigMark.SPOT_USED) and not foes:
        yield Command("spot", side, figure=v.id)
    yield from fire()
    yield from [Command("ready", side, figure=v.id, options=options(weapon=wid), value=rules.guns.ready_count(v, wid))
                for wid, w in rules.weapons_of(v, "gun") if w.accumulate and rules.guns.ready_count(v, wid) < w.actions]


def vehicle_shots(p: Ww2Planner, game: Game, side: str, unit: Unit, v: Figure) -> list[Command]:
    """The vehicle's shots: each main gun at the nearest enemy AFV or AT gun it may fire at
    ("main guns will always shoot at the nearest enemy AFV / Anti-tank gun in preference to
    other targets"), then every other shot by expected effect."""
    rules = p.rules
    every = p.fire_orders(game, side, unit)
    first: list[Command] = []
    for wid, _ in rules.weapons_of(v, "gun"):
        t = rules.afv.main_gun_target(game, v, wid)
        if t is not None:
            first.append(Command("fire_gun", side, figure=v.id, target=t.id, options=options(weapon=wid),
                                 value=v.markers.get(Ww2FigMark.USED, 0)))
    taken = {options_weapon(c) for c in first}
    return first + [c for c in every if not (c.kind == "fire_gun" and c.figure == v.id and options_weapon(c) in taken)]
