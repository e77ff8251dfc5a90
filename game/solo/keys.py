"""The keys of what the solo rules (game/solo/orders.py, portals.py) note on units,
figures, markers and the game state, declared once (see game/core/keys.py)."""

from __future__ import annotations

from typing import TypedDict

from game.core.keys import StatusKeys


class SoloKey(StatusKeys):
    # ---- the game state -----------------------------------------------------------------------
    SOLO = "solo"  # state.attrs: the portal rules' bookkeeping (the pool, the side, the turn's sightings)
    ENEMY_SEEN = "solo_enemy_seen"  # state.attrs: the sides that have seen an enemy (the AFV chart rolls from then on)
    # ---- units: their solo orders ---------------------------------------------------------------
    ORDER = "solo_order"  # marker: the unit's solo order (advance, attack, close, halt, retreat, rout, ...)
    RISK = "solo_rf"  # marker: the risk factor its order was rolled with
    ORDERED_TURN = "solo_turn"  # marker: the turn its order was last rolled
    # ---- units: what happened to them, for the risk factors (kept 12 entries) ---------------------
    FIRED_ON = "fired_on"  # attr: fire received, [{turn, by, n, heavy}]
    LOST = "lost"  # attr: figures lost, [{turn, n}]
    INFLICTED = "inflicted"  # attr: figures the unit took out, [{turn, n}]
    # ---- figures and portal markers ---------------------------------------------------------------
    GENERATED = "solo_generated"  # figure attr: made by force generation (its losses go back to the pool)
    RECYCLED = "recycled"  # figure attr: its loss has gone back to the pool
    SEEN = "seen"  # portal marker attr: its force generation roll has been made
    ATTACKED = "attacked"  # mine counter attr: the units it has attacked (each once)
    TRIED = "spot_tried"  # sniper/artillery counter attr: unit -> the side-turn it last tried to spot it (or be spotted)


class FireRecord(TypedDict):
    """One entry of a unit's ``SoloKey.FIRED_ON``."""

    turn: int
    side: str  # the side whose turn it was
    firers: int  # figures that fired
    heavy: bool  # mortars, flame or AFVs ("under fire from ...")
    by: str | None  # the unit that fired, when one did


class CountRecord(TypedDict):
    """One entry of a unit's ``SoloKey.LOST`` or ``SoloKey.INFLICTED``."""

    turn: int
    n: int  # figures lost, or taken out
