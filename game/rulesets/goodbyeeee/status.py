"""The keys of what GOODBYEEEEEE!!! notes in the game state, declared once (see
game/core/keys.py: each key is a plain string, so saves and digests read exactly as before).

Slice 2 of issue 19 (the turn sequence) keeps only game attributes; the figures' and units'
marks (pinned, dashed, orders...) come with the slices that write them
(docs/goodbyeeee-design.md section 5). Keys every ruleset shares come from game/core/keys.py
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
    TURN_ORDER = "turn_order"  # this turn's order, {first, direction (None until chosen), played: sides that began, rolls}
