"""Adding and removing a map's sides in the editor, and seating sides in teams.

A map has two to four sides (game/data/map_schema.py MAX_SIDES), and its ruleset may
allow fewer (RulesetData.MAX_SIDES: GOODBYEEEEEE!!! takes four, the others two); an edit
past either is refused with the loader's own message and changes nothing. Sides are seated
in the order the map lists them (clockwise round the table); allies share a team.
"""

from __future__ import annotations

from typing import Any

from game.editor.model import EditorDoc

EDGES = ("south", "north", "east", "west")
COLOURS = ("#b5452f", "#5b6b7a", "#4f7a3a", "#8a6a2a", "#6a4f8a", "#2f6f8a", "#c08a30", "#7a7a7a")
ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth")
#: the teams a side cycles through (none: it fights every other side)
TEAMS = (None, "Team 1", "Team 2")


def add_side(doc: EditorDoc) -> tuple[str | None, str]:
    """A new side at the first free table edge, in a colour no side wears: (refusal, its id)."""
    taken = {s["id"] for s in doc.data["sides"]}
    n = len(doc.data["sides"]) + 1
    sid = next(f"side{k}" for k in range(n, n + 10) if f"side{k}" not in taken)

    def fn(d: dict[str, Any]) -> None:
        edges = [e for e in EDGES if e not in {s["home_edge"] for s in d["sides"]}] or list(EDGES)
        colours = [c for c in COLOURS if c not in {s.get("colour") for s in d["sides"]}] or list(COLOURS)
        name = f"{ORDINALS[min(n, len(ORDINALS)) - 1]} side"
        d["sides"].append({"id": sid, "name": name, "colour": colours[0], "home_edge": edges[0], "units": []})

    return doc.edit("add a side", fn), sid


def remove_side(doc: EditorDoc, sid: str) -> str | None:
    """The side and everything that is its own: its units, portal markers, artillery strikes
    and victory conditions; the first side and the side that wins otherwise, if it was them."""
    def fn(d: dict[str, Any]) -> None:
        d["sides"] = [s for s in d["sides"] if s["id"] != sid]
        d["portals"] = [p for p in d["portals"] if p["side"] != sid]
        d["artillery_strikes"] = [a for a in d["artillery_strikes"] if a["side"] != sid]
        v = d["victory"]
        v["conditions"] = [c for c in v.get("conditions") or [] if c["side"] != sid]
        if v.get("otherwise") == sid:
            v["otherwise"] = "draw"
        if d.get("first_side") == sid:
            d["first_side"] = None

    return doc.edit("remove a side", fn)


def next_team(doc: EditorDoc, sid: str) -> str | None:
    """Seat the side in the next team (none, Team 1, Team 2, none...)."""
    s = doc.data["sides"][doc.side_index(sid)]
    nxt = TEAMS[(TEAMS.index(s.get("team")) + 1) % len(TEAMS)] if s.get("team") in TEAMS else None
    return doc.set_side_field(sid, "team", nxt)
