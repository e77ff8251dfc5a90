"""The keys of what WW2 Skirmish notes on figures, fire teams, smoke clouds and the game
state, declared once (see game/core/keys.py: each key is a plain string,
so saves and digests read exactly as before).

Keys every ruleset shares come from there instead: ``StateKey`` (victory, zones, options,
settings, decision), ``FigureMark.MOVED`` and the solo rules' ``SoloKey`` (solo,
solo_order, fired_on, ...).

"Side-turn" is the ``Ww2GameAttr.SIDETURN`` clock: one tick per side's half of a turn.
"""

from __future__ import annotations

from game.core.keys import StatusKeys


class Ww2FigMark(StatusKeys):
    """``Figure.markers``: what a figure did this turn, and what happened to a vehicle."""

    # ---- the whole game turn (ruleset.PER_TURN) ---------------------------------------------------
    USED = "used"  # actions spent this turn (common.spend; actions_left = max actions - wounds - this)
    AR_MODE = "ar_mode"  # "rifle" / "smg": the class an assault rifle fired as, fixed for the rest of the turn
    MG_USED = "mg_used"  # a vehicle's MG actions fired this turn, {weapon id: n} (one crewman's actions a turn)
    # ---- one side-turn (ruleset.PER_SIDE_TURN; "moved" is FigureMark.MOVED) -------------------------
    FIRED = "fired"  # fired this side-turn: with "moved", no reaction fire in the enemy's next turn
    SPOT_USED = "spot_used"  # tried to spot this side-turn (the spot command, once a turn)
    MOVE_ACTION = "move_action"  # the team's move action (its Ww2UnitMark.MOVE_N) this figure paid for and moves in
    LEG_MM = "leg_mm"  # mm of allowance spent (terrain charges included) in that move action
    ROUGH_PAID = "rough_paid"  # the wading charge is paid already in that move action
    MOVED_MM = "moved_mm"  # mm moved this side-turn (the 2" of a suppressed team; a vehicle's used speed)
    NO_MOVE = "no_move"  # fired a belt-fed MG or a flamethrower: may not move this side-turn
    PIVOTED = "pivoted"  # a vehicle turned on the spot this side-turn (once; pays the crew's move action)
    HATCH_USED = "hatch_used"  # a vehicle's commander opened or closed the hatch this side-turn (once)
    V_HALVED = "v_halved"  # a vehicle crossed an obstacle or woods this side-turn: half speed for the rest of it
    V_ROUGH = "v_rough"  # a vehicle crossed rough ground this side-turn: its rough speed for the rest of it
    V_OFFROAD = "v_offroad"  # a vehicle left the road this side-turn: no road speed for the rest of it
    # ---- vehicles and guns: damage, for the rest of the game ---------------------------------------------
    WRECKED = "wrecked"  # weapon ids wrecked by a damage roll ("weapon"): they may not fire
    IMMOBILE = "immobile"  # immobilised (damage, crash, no driver): may not move; abandoned when under fire
    DRIVERLESS = "driverless"  # its driver is lost (driver_lost runs once)
    BOGGED = "bogged"  # bogged down crossing an obstacle: frees itself on a roll at its side's start
    OPTICS = "optics"  # optics hit: no more main gun fire
    STUNNED_UNTIL = "stunned_until"  # crew stunned: does nothing up to this side-turn
    EXPLODES_TURN = "explodes_turn"  # ammunition on fire: the abandoned vehicle explodes at the start of this turn
    BURNING = "burning"  # on fire (abandoned burning, or exploded): nobody embarks
    SMALL_ARMS_HITS = "small_arms_hits"  # non-MG small arms hits on a soft vehicle, toward the three for a damage roll
    UNBUTTONED = "unbuttoned"  # a closed vehicle's hatch is open: it observes directly, not through slits, and its occupants may be shot at
    # ---- carrying the disabled ---------------------------------------------------------------------------
    CARRYING = "carrying"  # the disabled comrade this figure carries (id): slower, may not shoot


class Ww2FigAttr(StatusKeys):
    """``Figure.attrs``: what a figure carries and where it is, for the whole game."""

    WW2 = "ww2"  # adopted: its ammunition (and a vehicle's crew) are set (ruleset.adopt, once a figure)
    GRENADES = "grenades"  # hand grenades left (thrown, or used on a demolition)
    ROUNDS = "rounds"  # rifle grenade or mortar rounds left
    CHARGES = "charges"  # demolition charges left
    READY = "ready"  # actions saved to fire a weapon over several turns, {weapon id: n} (the ready command)
    SHOTS = "shots"  # shots left of a weapon with a few a game (flamethrowers, launchers), {weapon id: n}
    LAST_BLAST = "last_blast"  # where each blast weapon last landed, {weapon id: {x, y, hit}} (a mortar ranged in)
    REACTIVE_OK = "reactive_ok"  # neither moved nor fired in its own last side-turn: may shoot in the enemy's
    MOVED_AT = "moved_at"  # the side-turn it last moved (a moving target: spotting, blast and counter to-hit)
    LAST_MOVE_MM = "last_move_mm"  # a vehicle's mm moved in its side's last turn (its previous speed, for crashes)
    IN_VEHICLE = "in_vehicle"  # the vehicle (figure id) it rides in: crews, and passengers embarked
    CARRIED_BY = "carried_by"  # a disabled figure's carriers (ids, at most two)
    ROLE = "role"  # the job a replacement took in a crewed weapon team ("crew" / "loader"): its role from then


class Ww2UnitMark(StatusKeys):
    """``Unit.markers``: what a fire team did and how it stands."""

    MOVE_N = "move_n"  # move actions the team opened this turn (at most two)
    SUPPRESSED = "suppressed"  # suppression markers on the team (fire effect; one comes off per successful removal roll)
    ROUTING = "routing"  # failed a morale test: flees, rallies or keeps running at its side's start
    SHAKEN_UNTIL = "shaken_until"  # falls back: inactive up to this side-turn (morale)
    FIRED_AT = "fired_at"  # the side-turn it was last shot at (under fire: morale, abandoning stopped vehicles)
    FIRED_ST = "fired_st"  # the side-turn it last fired (fired_recently: easier to spot, heard)
    AWARE = "aware"  # has been shot at: no longer an unaware target
    CHARGED_ST = "charged_st"  # the side-turn it last tested for being charged by greater numbers (once)


class Ww2UnitAttr(StatusKeys):
    """``Unit.attrs``: facts of a fire team for the whole game."""

    START_STRENGTH = "start_strength"  # figures at the start (morale, rallying, the solo chart's losses)
    PARENT = "parent"  # scouts: the fire team they left (rejoin)
    IN_VEHICLE = "in_vehicle"  # the map's: the vehicle (figure id) the team starts embarked in


class Ww2GameAttr(StatusKeys):
    """``GameState.attrs`` this ruleset keeps."""

    SIDETURN = "sideturn"  # the side-turn clock: +1 at each side's start (suppression, shaken, smoke, spotting)
    SPOTTED = "spotted"  # each side's spotted enemies, {side: {figure id: {how, until}}}
    AWARE = "aware"  # sides that have spotted an enemy, {side: True}: their troops are no longer unaware
    EVENT_N = "event_n"  # moves and shots that gave the enemy a reactive spotting roll so far (only counted)
    REACTION = "reaction"  # the reaction fire on offer: {side, unit it is against}
    HOLDING = "holding"  # the side-turn each side holds its fire for the rest of, {side: side-turn}
    MORALE_QUEUE = "morale_queue"  # morale tests due when the command is done, [(unit id, why)]
    SMOKE_N = "smoke_n"  # smoke clouds laid so far (their ids)
    DEMOLISHED = "demolished"  # terrain features demolished (ids): taken off the table


class Ww2CloudAttr(StatusKeys):
    """``Cloud.attrs`` of a smoke cloud."""

    SIDE = "side"  # the side that laid it
    UNTIL = "until"  # the side-turn after which it clears (the end of the layer's next turn)
