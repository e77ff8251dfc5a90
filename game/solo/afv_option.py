"""The solo rules' optional rule "Ideally, all AFVs should be solo run, even in player's
forces, though this is optional" (ww2-skirmish-solo.txt, AFV Solo Movement), the part every
ruleset shares: with the optional rule ``solo_afvs`` on, each AFV of the side whose turn
begins dices on the AFV chart as a solo-run one does, and its side's commands are bound by
the order (which commands go against it is each ruleset's own: its moves and guns).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.game import Game
from game.core.state import Unit
from game.solo.keys import SoloKey

if TYPE_CHECKING:
    from game.rulesets.base import RulesetBase

OPTION = "solo_afvs"
#: the AFV orders that bind a player's vehicle (Manoeuvre binds nothing: "act as player wishes")
BOUND_ORDERS = ("advance", "halt", "retreat", "bale_out", "manoeuvre")


def roll_side(rules: RulesetBase, game: Game) -> None:
    """The start of a side's turn under ``solo_afvs``: each of its AFVs dices on the AFV
    chart (as a solo-run unit does: no roll before its side has seen an enemy), and is
    bound by the result this turn."""
    if not rules.option(game, OPTION):
        return
    st = game.state
    for unit in st.side_units(st.active_side):
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
