"""The keys of the free-form status every ruleset shares, declared once.

Figures, units, markers and the game state carry their status in ``markers`` (what a
turn or an event marks them with) and ``attrs`` (longer-lived facts). Their keys are
declared as string constants of ``StatusKeys`` classes, never written as bare text: a ruleset's own keys live in its
package (``game/rulesets/<id>/status.py``), the solo rules' in ``game/solo/keys.py``,
and the ones the core, the base and the play screen read for every ruleset here. A
key is a plain string (fast to hash and look up; an enum member is several times
slower to reach), so saves and digests read exactly as before, and a key written somewhere must be declared (tests/test_status_keys.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

if TYPE_CHECKING:
    from .commands import Command


class StatusKeys:
    """The base of every class declaring status keys: each upper-case attribute is one
    key, a plain ``str``; mypy catches a misspelt name, tests/test_status_keys.py a key
    written as text or never used."""


class StateKey(StatusKeys):
    """``GameState.attrs``: facts of the whole game."""

    VICTORY = "victory"  # the map's victory conditions, objectives and turn limit
    ZONES = "zones"  # deployment zones, drawn on the first turn
    OPTIONS = "options"  # optional rules switched on and the solo side, from New game
    SETTINGS = "settings"  # the map's ruleset settings (``settings:`` in a map)
    DECISION = "decision"  # a question put to one side: its prompt and the commands it may answer with
    POOLS = "pools"  # points to spend (Luck, Valour...), by owner and pool: game/core/pools.py (only once granted)


class SideKey(StatusKeys):
    """``Side.attrs`` every ruleset shares."""

    TEAM = "team"  # the side's team (allies do not fight each other), from the map's ``team:``; absent without teams


class FigureMark(StatusKeys):
    """``Figure.markers`` every ruleset that marks them means the same by."""

    MOVED = "moved"  # moved this turn (the play screen badges the active side's)


class LineMarkerKey(StatusKeys):
    """``Marker.attrs`` of a marker that lies on the table as a band (the 1/35 rules'
    suppressive fire lines), which the play screen draws for every ruleset."""

    FROM = "from"  # [x, y] in mm: where the band starts
    TO = "to"  # [x, y] in mm: where it ends
    WIDTH = "width"  # its width in mm
    LABEL = "label"  # what to call it on the table


class BarrageKey(StatusKeys):
    """``Marker.attrs`` of an ``artillery`` marker: a barrage on the table, which the play
    screen draws for every ruleset."""

    POLYGON = "polygon"  # the area it covers, [[x, y], ...] in mm
    NAME = "name"  # what to call it ("Barrage")
    SQUARE = "square"  # the artillery grid square it falls on, as the grid labels it


class DecisionOption(TypedDict):
    label: str  # what the player reads
    command: dict[str, Any]  # the command it submits (Command.to_dict)


class Decision(TypedDict):
    """``state.attrs[StateKey.DECISION]``: a question one side must answer before play
    goes on; only its options are legal meanwhile."""

    side: str
    prompt: str
    options: list[DecisionOption]


def decision_record(side: str, prompt: str, options: list[tuple[str, Command]]) -> Decision:
    """A question for ``side`` with its options (label, command), as the state keeps it."""
    return {"side": side, "prompt": prompt, "options": [{"label": label, "command": c.to_dict()} for label, c in options]}
