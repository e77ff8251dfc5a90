"""The keys of what GOODBYEEEEEE!!! notes in the game state, declared once (see
game/core/keys.py: each key is a plain string, so saves and digests read exactly as before).

Marks come with the slices of issue 19 that write them (docs/goodbyeeee-design.md section 7):
the turn sequence (2), orders and movement (3), single shots and pins (4), courage (5), hand to hand (6), reactions (7), machine guns (8), blasts (9), flamethrowers and tanks (10), Luck and Valour (11), events (12). Turn numbers are the game turn
(interpretation turn-durations): a mark holding the turn it was made says "this turn" when
it equals ``state.turn`` and "last turn" when it is one less. Keys every ruleset shares come from game/core/keys.py
(``StateKey``: victory, decision, options...).

The dicts these keys hold (a queued job ``{"do": ..., "side": ...}``, the turn's order
``{first, direction, played, rolls}``) keep their own keys as text: they are the values of
the keys declared here.
"""

from __future__ import annotations

from game.core.keys import StatusKeys


class GbGameAttr(StatusKeys):
    """``GameState.attrs`` this ruleset keeps."""

    QUEUE = "queue"  # the automatic steps still to run, [{do, ...}]: the first one may wait for a player's answer (jobs.py)
    SEATS = "seats"  # the sides round the table, clockwise (the map's order of sides): the direction of play goes round them
    INTERRUPT = "interrupt"  # a turn taken out of sequence (L33): {side, figures, resume: {side, phase}}
    TURN_ORDER = "turn_order"  # this turn's order, {first, direction (None until chosen), played: sides that began, rolls}


class GbFigMark(StatusKeys):
    """A figure's ``markers``."""

    MOVED_CM = "moved_cm"  # how far (cm) it has moved in its player's turn, stand-up and climbs included (move-and-fire reads it)
    INIT_MOVED = "init_moved"  # the turn it moved on initiative (L105: then no ordered move that turn)
    SETTING_UP = "setting_up"  # the turn its HMG spends setting up after a move (L224 "Need 1 turn to set-up before firing")
    DASHED = "dashed"  # the turn it dashed (L102: no fire that turn; no move and -1 to hit in its next)
    PRONE = "prone"  # True while lying down (L100: standing up costs 5 cm; L126 the prone save)
    CLIMB_FAILED = "climb_failed"  # the turn a climb failed (L99: "figure may not move" for the rest of that turn)
    START_AT = "start_at"  # where it stood before its first move of its player's turn (L164: seeking out a pinned figure)
    PINNED = "pinned"  # [turn, side acting] it was pinned in, while pinned (L160, L201): prone, no move, order or fire; tests at the start of its turn
    FIRED = "fired"  # this turn's fire, {turn, weapon, shots, rerolled (a sniper's cover re-roll used)}
    ROUT = "rout"  # routing: how many of its turns it still dashes for its own table edge (L156)
    CHARGED = "charged"  # the turn it moved into base contact with an enemy: +1 in hand to hand (L142)
    FIGHT_ORDER = "fight_order"  # the order its player chose for its several opponents, this close combat step (L150)
    BEAT = "beat"  # [turn, side whose step]: it has beaten an opponent in this close combat step (L150: only the first is wounded)
    OVERWATCH = "overwatch"  # the turn it took up overwatch (L133-135): watching its arc until its next turn or it fires
    STAND_TO = "stand_to"  # the turn it was given stand to (L166-174): watching until its next turn, no fire in its own
    CLOSING_FIRED = "closing_fired"  # [turn, side whose step]: it has shot at one charger (L131)
    ONES = "ones"  # [turn, n]: the 1s its machine gun rolled to hit this turn (L217, L227: enough of them jam it)
    JAMMED = "jammed"  # True: its machine gun is jammed until its figure's next turn, spent clearing it
    CLEARING = "clearing"  # the turn its figure spends clearing the jam (L217: no move, no fire)
    LAST_IMPACT = "last_impact"  # [x, y]: where its mortar's last round landed (L257: firing there again)
    WEAPONS_OUT = "weapons_out"  # a tank's weapons knocked out by critical hits (L266-267, L274), one id each
    MOUNT_JAMMED = "mount_jammed"  # True: a tank's gun mount is jammed until a 4+ (L273)
    ENGINE = "engine"  # True: a tank's engine is damaged; no move until a 4+ restarts it (L268, L275)
    ABANDONED = "abandoned"  # True: the crew left the tank (L275); it does nothing until they re-enter
    WOUND_PENDING = "wound_pending"  # wounds waiting for its player's Luck save (L31): it counts as down meanwhile
    VALOUR = "valour"  # [turn, use]: a heroic act of this turn (L33): double_move, double_attacks or move_and_shoot
    SUPPRESSED_UNTIL = "suppressed_until"  # an event's suppression, to the end of this turn number (L296-310): it ends by itself
    NO_MOVE = "no_move"  # the turn an event forbids it to move (mud, too quiet, indecision, the jokers)
    HALF_MOVE = "half_move"  # the turn it moves half (L298: the eerie quiet, test passed)
    NO_FIRE = "no_fire"  # [turn, weapon ids (none listed: any)] an event forbids it to fire (L297, L298)
    DEAD_EYE = "dead_eye"  # the turn the Jack of Diamonds was played on it (L303): +1 to hit, -1 cover, +1 to wound
    ACTED = "acted"  # the turn it took the initiative with a Valour point and acted out of sequence (L33)
    SPOTTED = "spotted"  # a sniper the enemy has spotted (L234): until it moves it may be shot at
    GASSED = "gassed"  # {cloud id: turn} it last rolled for that gas cloud (once a turn, interpretation event-targets)


class GbUnitMark(StatusKeys):
    """A unit's (a section's or a tank's) ``markers``."""

    ORDER = "order"  # this turn's command roll, {turn, passed}: one a turn (interpretation orders)
    TERROR_TESTED = "terror_tested"  # the turn it tested for facing a tank or flamethrower (once a turn: interpretation squad-morale)
    FIRED_ON = "fired_on"  # the weapons that fired at its figures since the end of its player's last turn (L95)


class GbCloudAttr(StatusKeys):
    """A gas cloud's ``attrs`` (L308)."""

    SPEED = "speed"  # cm it drifts at the end of each turn
    HEADING = "heading"  # the way it drifts, degrees
    CARD = "card"  # the event card whose table it rolls on
    GASSED = "gassed"  # the turn it last hit the figures under it (once a turn)
