"""The solo rules' optional rule "Ideally, all AFVs should be solo run, even in player's
forces, though this is optional" (ww2-skirmish-solo.txt, AFV Solo Movement), the part every
ruleset shares: with the optional rule ``solo_afvs`` on, each AFV of the side whose turn
begins dices on the AFV chart as a solo-run one does, and its side's commands are bound by
the order (which commands go against it is each ruleset's own: its moves and guns).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from math import hypot
from typing import TYPE_CHECKING, Protocol

from game.core.game import Game
from game.core.state import Figure, Unit
from game.solo.goals import objectives_to_take
from game.solo.keys import SoloKey
from game.solo.tables import ORDER_WORDS, solo_tables

if TYPE_CHECKING:
    from game.rulesets.base import RulesetBase

OPTION = "solo_afvs"
#: the AFV orders a player's vehicle is under, shown and checked (Manoeuvre binds nothing:
#: "act as player wishes")
BOUND_ORDERS = ("advance", "halt", "retreat", "bale_out", "manoeuvre")
XY = tuple[float, float]


class AfvMeasures(Protocol):
    """What a ruleset measures for an AFV's order, each by its own sight and moves."""

    def nearest_enemy(self, game: Game, v: Figure) -> Figure | None: ...

    def advance_goal(self, game: Game, v: Figure) -> XY | None: ...

    def hull_down_at(self, game: Game, v: Figure, p: XY) -> bool: ...


def nearest_known_enemy(rules: RulesetBase, game: Game, v: Figure) -> Figure | None:
    """The nearest enemy figure the vehicle's side knows of (its ruleset's measure)."""
    return min(rules.known_enemies(game, v.side), key=lambda e: (rules.apart(e, v), e.id), default=None)


def enemy_or_objective(rules: RulesetBase, game: Game, v: Figure) -> XY | None:
    """Where an Advance goes: the nearest known enemy, else the nearest objective its side
    must take ("Advance toward nearest enemy includes any ordered game objective")."""
    e = nearest_known_enemy(rules, game, v)
    if e is not None:
        return e.pos
    return min(objectives_to_take(game, v.side), key=lambda p: hypot(p[0] - v.x, p[1] - v.y), default=None)


def cover_on_sight_line(rules: RulesetBase, game: Game, v: Figure, p: XY) -> bool:
    """Hull down at ``p``: cover on the nearest known enemy's line of sight to ``p`` (the
    table's sight); with no enemy known, standing in terrain that gives cover."""
    e = nearest_known_enemy(rules, game, v)
    if e is not None:
        return rules.los(game, e, p).cover > 0
    return any(ft.type.cover != "none" for ft in game.table.features_at(p))


class TableMeasures:
    """:class:`AfvMeasures` by the table's line of sight and the objectives to take, for the
    rulesets whose sight is the table's (GOODBYEEEEEE!!!, WWIFY)."""

    def __init__(self, rules: RulesetBase) -> None:
        self.rules = rules

    def nearest_enemy(self, game: Game, v: Figure) -> Figure | None:
        return nearest_known_enemy(self.rules, game, v)

    def advance_goal(self, game: Game, v: Figure) -> XY | None:
        return enemy_or_objective(self.rules, game, v)

    def hull_down_at(self, game: Game, v: Figure, p: XY) -> bool:
        return cover_on_sight_line(self.rules, game, v, p)


def roll_side(rules: RulesetBase, game: Game, units: Iterable[Unit] | None = None) -> None:
    """The start of a side's turn under ``solo_afvs``: each of its AFVs (of ``units`` only,
    where a ruleset activates some units at a time) dices on the AFV chart (as a solo-run
    unit does: no roll before its side has seen an enemy), and is bound by the result this
    turn."""
    if not rules.option(game, OPTION):
        return
    st = game.state
    for unit in st.side_units(st.active_side) if units is None else units:
        if not st.unit_alive(unit.id) or not rules.needs_orders(game, unit):
            continue
        if not rules.profile(game, unit).vehicle:
            continue
        unit.markers[SoloKey.ORDERED_TURN] = st.turn
        rules._afv_orders(game, unit)


def bound(rules: RulesetBase, game: Game, unit: Unit) -> str | None:
    """The order ``unit`` is bound by under ``solo_afvs`` (None: free): this turn's roll,
    once its side has seen an enemy (before that it continues what it does)."""
    if not rules.option(game, OPTION) or unit.markers.get(SoloKey.ORDERED_TURN) != game.state.turn:
        return None
    if unit.side not in game.state.attrs.get(SoloKey.ENEMY_SEEN, []):
        return None
    order = unit.markers.get(SoloKey.ORDER)
    return order if order in BOUND_ORDERS else None


def under_order(who: str, order: str) -> str:
    """How a refusal names a vehicle bound by an AFV order, in the chart's words."""
    return f"{who} is under an AFV solo order ({ORDER_WORDS[order]})"


def move_refusal(rules: RulesetBase, game: Game, m: AfvMeasures, v: Figure, end: XY, moved: float,
                 advance_cap: Callable[[], float], order: str, name: str, tol: float) -> str | None:
    """Why a move of the vehicle ``v`` ending at ``end`` (the turn's moving ``moved``, mm) goes
    against its AFV order ``order`` (None: it keeps to it). ``advance_cap``: how far an
    Advance may go this turn (full speed with friendly infantry within 6", else half).
    Advance: towards the nearest known enemy (or the objective) within that, not ending
    within 20" of that enemy; within 20" it is a Halt. Halt: at most 6" in all, ending hull
    down. Retreat: ending further from the nearest known enemy."""
    e = m.nearest_enemy(game, v)
    halt_at = solo_tables().dist_mm("afv_halt")
    if order == "advance" and not (e is not None and rules.apart(v, e) <= halt_at + tol):
        cap = advance_cap()
        if moved > cap + tol:
            return (f"{name}: without friendly infantry within 6\" it advances at half speed "
                    f"({rules.fmt(cap)} this turn; that would make {rules.fmt(moved)}).")
        goal = m.advance_goal(game, v)
        if goal is not None and hypot(goal[0] - end[0], goal[1] - end[1]) >= hypot(goal[0] - v.x, goal[1] - v.y) - tol:
            return f"{name}: it moves towards the nearest enemy (or the objective)."
        if e is not None and rules.apart(v, e, at=end) < halt_at - tol:
            return f"{name}: it halts within 20\" of the nearest enemy ({e.name})."
    elif order in ("advance", "halt"):
        if moved > solo_tables().dist_mm("afv_cover") + tol or not m.hull_down_at(game, v, end):
            why = " (an Advance within 20\" of the nearest enemy halts)" if order == "advance" else ""
            return (f"{name}{why}: it may only move to cover within 6\" (hull down from the nearest enemy), "
                    "or turn towards the nearest enemy.")
    elif order == "retreat" and e is not None and rules.apart(v, e, at=end) <= rules.apart(v, e) + tol:
        return f"{name}: it moves away from the most threatening enemy ({e.name})."
    return None
