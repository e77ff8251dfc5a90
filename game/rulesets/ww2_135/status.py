"""The keys of what My 1/35th Scale WWII Skirmish notes in the game state, declared once
(see game/core/keys.py). Marks come with the slices of issue 20 that write them
(docs/ww2-135-design.md section 7). A figure's action points are a pool
(game/core/pools.py), ``AP``, and the points held for opportunity fire, ``HELD``.

Side turns are counted in ``W135GameAttr.SIDETURN`` (1 for the first side's first turn): a
mark holding a side-turn number says "this turn" when it equals the current one.
"""

from __future__ import annotations

from game.core.keys import StatusKeys

#: a figure's pool (game/core/pools.py) of action points left this turn (L5)
AP = "ap"
#: its pool of points held for opportunity fire in the enemy's turn (L125)
HELD = "held"


class W135GameAttr(StatusKeys):
    """``GameState.attrs`` this ruleset keeps."""

    SIDETURN = "sideturn"  # the number of the side turn now being played, from 1
    REVEALED = "revealed"  # the figures of sides deployed hidden that the enemy has found (L284-286)
    OPENINGS = "openings"  # {opening id: 'open' | 'closed' | 'locked'}: doors changed in play (L282)
    SUBDUE = "subdue"  # {winner, loser}: a fight won, waiting for the winner's kill or capture (L225)
    WIND = "wind"  # the wind's heading in degrees, rolled the first time smoke is laid (L178, interpretation wind)
    LAST_MOVE = "last_move"  # {figure, path}: the last move made, which a line laid as opportunity fire may stop (L114)
    OPPORTUNITY = "opportunity"  # the enemy figure whose action the holders are being asked about (L125)
    LOOKS_FROZEN = "looks_frozen"  # the side turn whose start's sight was worked out whole before a door or smoke changed it


#: a vehicle's life once its crew have baled out (anti_tank.py): out of action, not destroyed
ABANDONED = "abandoned"


class W135FigMark(StatusKeys):
    """A figure's ``markers``."""

    PRONE = "prone"  # True while lying down (L21: standing costs a point; L77 prone in the open)
    HIDDEN = "hidden"  # True while hidden (L19, L41, L55): it must pay to move before acquiring or firing
    MOVED_IN = "moved_in"  # [sideturn, inches]: how far it has moved in its side's turn (L31: 12" at most)
    LAST_LANDING = "last_landing"  # [x, y]: where its mortar's last round landed (L202)
    ROUNDS_FIRED = "rounds_fired"  # how many rounds its mortar has fired (L190, optional rule mortar_ammo)
    RADIO_DOUBLE_ONE = "radio_double_one"  # True: its radio once rolled a double one; any double now fails (L208)
    MOVE_START = "move_start"  # [sideturn, x, y, prone]: where and how it stood before its first move of the turn (L135)
    LEANING = "leaning"  # True: leaning out of a window or doorway until it moves (L282): any angle, soft cover
    IMMOBILE = "immobile"  # True: a vehicle immobilised by a side hit (L310)
    DEBT = "debt"  # points owed to its next turn: a fight the defender won (L16), a locked door forced (L25)
    FORCING = "forcing"  # the locked door it forces with points owed from its next turn: it opens then (interpretation locked-doors)
    LOCKED = "locked"  # the enemy it is locked with in a drawn fight (L212)
    CHALLENGED = "challenged"  # [sideturn]: asked to surrender this turn (L231: once a turn)
    COMMITTED = "committed"  # [sideturn, figure]: counted against that figure in a surrender: no other fire or fight (L229)
    OBSTACLE = "obstacle"  # [feature id, points]: the d3 rolled for an obstacle it could not pay for; it stands (interpretation obstacles)
    MOVING = "moving"  # [sideturn, inches]: moved since its last other action (L76, L82: a shot at it counts them)
    MORALE = "morale"  # 1 suppressed, 2 shaken (3 broken: it has fled); absent while confident (L248)
    BY_TEST = "by_test"  # True: suppressed by a failed morale test, lifted only by a rally with a passed test (L259)
    FIRED = "fired"  # the side turn it last fired (L96: a loader must not be firing)
    FIRED_AT = "fired_at"  # the side turn it was last fired at (L327 morale, L297 anti-tank)
    DRY = "dry"  # True: its support weapon is out of ammunition until re-loaded (L96)
    ACQUIRED = "acquired"  # [sideturn, target ids]: the enemies it has acquired this turn (L35)
    ACQUIRE_TRIED = "acquire_tried"  # [sideturn, target ids]: the enemies it has tried to acquire this turn (one try each)
    STOPPED = "stopped"  # [sideturn]: stopped by suppressive fire: no more moves that turn (L112, interpretation suppress-stop)
    SEEN = "seen"  # [sideturn, enemy ids]: what it had in sight as its side's turn ended (L43, L70: interpretation previously-seen)
    LOOK_AT_START = "look_at_start"  # [sideturn, x, y, facing, prone, leaning, hidden]: how it stood as the side turn began (previously-seen)
    SEEN_AT_START = "seen_at_start"  # [sideturn, enemy ids]: what it had in sight as its side's turn began, kept before a door or smoke changed the table's sight


class W135FigAttr(StatusKeys):
    """A figure's ``attrs``."""

    PRISONER_OF = "prisoner_of"  # the figure guarding it, while it is a prisoner (L244)


class W135LineAttr(StatusKeys):
    """A suppressive fire line's ``Marker.attrs`` (L112), besides the band the play screen
    draws (game/core/keys.py ``LineMarkerKey``: from, to, width, label)."""

    FIGURE = "figure"  # the gunner
    ROW = "row"  # its row of the chances, L116-119: quad, mg or light
    UNTIL = "until"  # the last side turn it acts in (the enemy's next)
    RELOAD = "reload"  # 'loading' or 'ready' once its first crosser has rolled the re-loading d6 (L112)


class W135GrenadeAttr(StatusKeys):
    """A grenade on a fuse's ``Marker.attrs`` (L170, L174)."""

    SMOKE = "smoke"  # True: a smoke grenade
    UNTIL = "until"  # the side turn at whose end it goes off


class W135CloudAttr(StatusKeys):
    """A smoke cloud's ``Cloud.attrs`` (L178-182)."""

    AGES_AT = "ages_at"  # the moment it ages: 'start:<side>' or 'end:<side>'
    STAGE = "stage"  # 1 laid, 2 drifting (a second cloud downwind), 3 the drifted one alone
    DRIFTED_FROM = "drifted_from"  # the cloud it drifted from (the second cloud)


class W135PlotAttr(StatusKeys):
    """Plotted mortar fire's ``Marker.attrs`` (L204): secret from the other side."""

    MORTAR = "mortar"  # the mortar's figure
    UNTIL = "until"  # the side turn at whose end it comes in
    AGAIN = "again"  # True: a further round, d3" from where the last landed (L202)
