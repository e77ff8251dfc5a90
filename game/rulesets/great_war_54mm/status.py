"""The keys of what The Great War in 54mm notes on figures, units and the game state,
declared once (see game/core/keys.py: each key is a plain string,
so saves and digests read exactly as before).

Keys every ruleset shares come from there instead: ``StateKey`` (victory, zones, options,
settings, decision), ``FigureMark.MOVED`` ("moved" on a figure: "Figures either move or
shoot") and the solo rules' ``SoloKey`` (solo, solo_order, fired_on, ...).

Rule names in the comments are the headings of shared/rules/great-war-54mm.txt.
"""

from __future__ import annotations

from game.core.keys import StatusKeys


class GwFigMark(StatusKeys):
    """``Figure.markers``: what a figure did this turn, and where the wire stopped it."""

    # ---- this side's turn (cleared at its start: on_side_start) ------------------------------------
    SHOT = "shot"  # fired this turn (Shooting; Movement "Figures either move or shoot"): may not shoot again nor move
    MOVED_MM = "moved_mm"  # mm of the unit's 2dAv allowance this figure has used (Movement: remaining_move)
    # ---- barbed wire (Movement, "Barbed Wire"): set by place(), read by free_wire() for plan_move ------
    AT_WIRE = "at_wire"  # the wire feature (id) the figure stopped at: it crosses it free in a later turn (free_wire)
    WIRE_TURN = "wire_turn"  # stopped at that wire since its side's turn began: crossing waits for its next turn


class GwFigAttr(StatusKeys):
    """``Figure.attrs``: what a figure carries from one of its side's turns to the next."""

    MOVED_LAST_TURN = "moved_last_turn"  # moved in its side's last turn (the solo rules' "stationary in hard cover": moved_lately)


class GwUnitMark(StatusKeys):
    """``Unit.markers``: how a unit stands and what it did this turn."""

    # ---- morale (Morale tests, Rally, Crewed Weapons): kept until rallied --------------------------------
    PINNED = "pinned"  # failed a morale test (or a crewed weapon hit): may not advance or shoot until rallied; pinned again runs (a crew: is destroyed)
    RUNNING = "running"  # pinned and failed again: runs 2dAv toward its own edge each turn until rallied
    DESTROYED = "destroyed"  # wiped out, or a crewed weapon destroyed (the only marker left; shown as its status)
    # ---- this side's turn (cleared at its start: on_side_start) ------------------------------------------
    ACTIVATION = "activation"  # the d10 activation's result (Movement): "advance", "regroup" (close on the leader) or "none" (rolled without)
    MOVE_ALLOWANCE = "move_allowance"  # mm the unit rolled on 2dAv this Movement phase (Movement: "Roll for the unit")
    ASSAULTED = "assaulted"  # has assaulted this turn (Assaults: once a phase)
    # ---- shooting (Morale tests, Crewed Weapons) -----------------------------------------------------
    CASUALTIES_PHASE = "casualties_phase"  # figures lost to shooting this Shooting phase: one morale test for them at its end
    CREW_HIT_TURN = "crew_hit_turn"  # the turn a crewed weapon was last hit: further hits that turn are ignored (one hit a turn)


class GwGameAttr(StatusKeys):
    """``GameState.attrs`` this ruleset keeps."""

    BOMBARDED_THIS_TURN = "bombarded_this_turn"  # the attacker's artillery has bombarded this turn (Artillery Bombardment: one unit a turn)
