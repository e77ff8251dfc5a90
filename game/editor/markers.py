"""The solo rules' markers in the editor: the kinds a marker may be (a portal marker, a
one-time portal, a dummy, a sniper, artillery or mine counter), how the table and the
Scenario page show each, and setting a marker's kind on the map document."""

from __future__ import annotations

from typing import Any

from game.data.map_schema import COUNTER_KINDS, MARKER_KINDS
from game.data.map_schema import marker_kind as schema_kind
from game.editor.model import EditorDoc

#: each kind's letter on the editor's table and its name on the Scenario page
MARKER_LETTERS = {"portal": "P", "once": "1", "dummy": "D", "sniper": "S", "artillery": "A", "mine": "M"}
MARKER_NAMES = {"portal": "portal marker", "once": "one-time portal", "dummy": "dummy marker",
                "sniper": "sniper counter", "artillery": "artillery counter", "mine": "mine counter"}


def marker_kind(p: dict[str, Any]) -> str:
    """Which of :data:`MARKER_KINDS` the map's marker entry ``p`` is."""
    return schema_kind(p.get("counter"), bool(p.get("dummy")), bool(p.get("once")))


def set_marker_kind(doc: EditorDoc, k: int, kind: str) -> str | None:
    """Make marker ``k`` of ``doc`` one of :data:`MARKER_KINDS`: the refusal, or None."""
    if kind not in MARKER_KINDS:
        return f"unknown marker kind '{kind}' (one of {', '.join(MARKER_KINDS)})"

    def fn(d: dict[str, Any]) -> None:
        p = d["portals"][k]
        p["dummy"] = kind == "dummy"
        p["once"] = kind == "once"
        p["counter"] = kind if kind in COUNTER_KINDS else None

    return doc.edit("set marker kind", fn)
