"""The keys of what WWIFY AR:SE notes on figures, units, the artillery marker, gas and
smoke clouds and the game state, declared once (see game/core/keys.py: each key is a plain
string, so saves and digests read exactly as before).

Keys every ruleset shares come from there instead: ``StateKey`` (victory, zones, options,
settings, decision), ``BarrageKey`` (the artillery marker's square, name and polygon) and
the solo rules' ``SoloKey`` (solo, solo_order, solo_rf, fired_on, ...).

The dicts these keys hold (a queued job ``{"do": ..., "unit": ...}``, the card being
played, a bridge site, a casualty record) keep their own keys as text: they are the
values of the keys declared here.
"""

from __future__ import annotations

from game.core.keys import StatusKeys


class WwifyFigMark(StatusKeys):
    """``Figure.markers``: a figure's move and its tests."""

    MOVED_MM = "moved_mm"  # mm of its allowance spent in the unit's current Move action (left_to_move; cleared by start_action)
    GAS_TURN = "gas_turn"  # the turn it last took a gas test: walking into the cloud tests it once a turn (gas_after_move)
    ABANDONED = "abandoned"  # a gun model silenced because its crew is gone: no medic save; it comes back with a saved crewman


class WwifyUnitMark(StatusKeys):
    """``Unit.markers``: a unit's activation, its actions, and what happened to it."""

    # ---- the activation card (start_side; cleared at the end of the side's go and of the turn) ---------
    ACTIVATION = "activation"  # the activation key (turn/card/side) it was activated under: active() compares it
    ACTS = "acts"  # the actions started this activation, in order ("move", "fire", ...): the action limits
    MOVE_OPEN = "move_open"  # a foot unit's Move action is open: each figure may still use the rest of its move
    PENDING_FIRE = "pending_fire"  # a flyer or vehicle moved this action and may still fire (its move-and-fire action)
    # ---- damage and morale, for the rest of the game -------------------------------------------------
    PANICKED = "panicked"  # failed its morale test unrallied: runs for its table edge when its card comes (morale rule)
    IMMOBILISED = "immobilised"  # a vehicle hit and immobilised: may not move, may still fire (engineers fix it)
    BROKEN_DOWN = "broken_down"  # a vehicle that failed its breakdown test: may not move, may still fire (engineers fix it)
    WINGED = "winged"  # hits on a flyer that did not bring it down (no effect: status, the solo AFV "damaged" point)
    GONE = "gone"  # out of action, announced once (after_loss, a panicked unit's flight); a medic's save clears it
    # ---- the morale rule: what its tests have covered this turn ---------------------------------------------------
    HALF_TURN = "half_turn"  # the turn it last tested while more than half killed: the end-of-turn check skips it
    BARRAGES = "barrages"  # the barrages (marker or cloud ids) it tested for this turn: one test per barrage, walking into its gas too
    # ---- the solo rules --------------------------------------------------------------------------------
    SOLO_CHART = "solo_chart"  # a support weapon's chart result (advance, attack, close) its Halt replaced: the AI advances when nothing is in range


class WwifyUnitAttr(StatusKeys):
    """``Unit.attrs``: facts of a unit for the whole game."""

    CASUALTIES = "casualties"  # this turn's casualties, [{turn, fig, kind, saveable}]: what the medics may save
    MATERIALS = "materials"  # the map's: bridging materials carried, in actions of work (engineers' Build Bridge uses them up)


class WwifyGameAttr(StatusKeys):
    """``GameState.attrs`` this ruleset keeps."""

    GOOD_SIDE = "good_side"  # the Forces of Good (the map's good_side): which side the GOOD and EVIL cards activate, the rally
    STRIKES = "strikes"  # the map's prepared artillery strikes, [{side, square, turn, shell}]: a side sees only its own
    BRIDGES = "bridges"  # bridge sites, {id: {name, a, b, built, base, work, side}}: engineers build them, the table crosses them
    QUEUE = "queue"  # the automatic steps still to run, [{do, ...}]: the first one may wait for a player's choice
    CARD = "card"  # the activation card in play, {id, order: sides in turn, step}: {} between cards


class WwifyMarkerAttr(StatusKeys):
    """``Marker.attrs`` of a pile of engineers' materials (marker kind ``materials``)."""

    AMOUNT = "amount"  # actions' worth of materials in the pile: picked up (pick_up), dropped (drop_materials), a scenario's dump
