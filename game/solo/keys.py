"""The keys of what the solo rules (game/solo/orders.py, portals.py) note on units,
figures, markers and the game state, declared once (see game/core/keys.py)."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from game.core.keys import StatusKeys


class SoloKey(StatusKeys):
    # ---- the game state -----------------------------------------------------------------------
    SOLO = "solo"  # state.attrs: the portal rules' bookkeeping (the pool, the side, the turn's sightings)
    ENEMY_SEEN = "solo_enemy_seen"  # state.attrs: the sides that have seen an enemy (the AFV chart rolls from then on)
    # ---- units: their solo orders ---------------------------------------------------------------
    ORDER = "solo_order"  # marker: the unit's solo order (advance, attack, close, halt, retreat, rout, ...)
    RISK = "solo_rf"  # marker: the risk factor its order was rolled with
    ORDERED_TURN = "solo_turn"  # marker: the turn its order was last rolled
    ORDERED_AT = "solo_at"  # attr: where its figures stood when its order was rolled ("stationary": did not move since)
    TAKE_COVER = "solo_take_cover"  # marker: a Halt that goes to the nearest cover facing the last known enemy (falling back, 5-6)
    LAST_ENEMY = "solo_last_enemy"  # marker: [x, y] of the nearest enemy its side knew of at its last order
    CHART_ROUT = "solo_chart_rout"  # marker: the turn a chart Rout marked the unit routing (rulesets' chart_rout)
    # ---- units: what happened to them, for the risk factors (kept 12 entries) ---------------------
    FIRED_ON = "fired_on"  # attr: fire received, [{turn, by, n, heavy}]
    LOST = "lost"  # attr: figures lost, [{turn, n}]
    INFLICTED = "inflicted"  # attr: figures the unit took out, [{turn, n}]
    # ---- figures and portal markers ---------------------------------------------------------------
    GENERATED = "solo_generated"  # figure attr: made by force generation (its losses go back to the pool)
    RECYCLED = "recycled"  # figure attr: its loss has gone back to the pool
    SEEN = "seen"  # portal marker attr: its force generation roll has been made
    ONCE = "once"  # portal marker attr: it produces figures once, then leaves play (the map's ``once: true``)
    ATTACKED = "attacked"  # mine counter attr: the units it has attacked (each once)
    TRIED = "spot_tried"  # sniper/artillery counter attr: unit -> the side-turn it last tried to spot it (or be spotted)


class FireRecord(TypedDict):
    """One entry of a unit's ``SoloKey.FIRED_ON``."""

    turn: int
    side: str  # the side whose turn it was
    firers: int  # figures that fired
    heavy: bool  # mortars, flame or AFVs ("under fire from ...")
    at: NotRequired[bool]  # anti-tank weapons (the AFV chart's "under fire from Anti tank weapons"; WW2 Skirmish)
    by: str | None  # the unit that fired, when one did
    figures: list[str]  # the figures that fired, when known ("twice own numbers" counts each once)


class CountRecord(TypedDict):
    """One entry of a unit's ``SoloKey.LOST`` or ``SoloKey.INFLICTED``."""

    turn: int
    side: str  # the side whose turn it was
    n: int  # figures lost, or taken out
