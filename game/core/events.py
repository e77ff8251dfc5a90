"""The event log: everything that happened, in order, in words a player can read.

Rolls are events too (kind ``roll``), carrying the full :class:`~game.core.dice.Roll`.
An event may be secret to one side (``visible_to``): a face-down card drawn, a dummy
portal marker identified; the per-side view filters them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from .dice import Roll
from .state import canonical_json


@dataclass
class Event:
    seq: int
    turn: int
    phase: str
    side: str | None
    kind: str
    text: str
    figures: list[str] = field(default_factory=list)
    units: list[str] = field(default_factory=list)
    roll: Roll | None = None
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: list[str] | None = None

    @property
    def line(self) -> str:
        if self.roll is not None:
            return self.roll.describe()
        return self.text

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "turn": self.turn,
            "phase": self.phase,
            "side": self.side,
            "kind": self.kind,
            "text": self.text,
            "figures": list(self.figures),
            "units": list(self.units),
            "roll": self.roll.to_dict() if self.roll else None,
            "data": self.data,
            "visible_to": self.visible_to,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        return cls(
            seq=d["seq"],
            turn=d["turn"],
            phase=d["phase"],
            side=d["side"],
            kind=d["kind"],
            text=d["text"],
            figures=list(d.get("figures", [])),
            units=list(d.get("units", [])),
            roll=Roll.from_dict(d["roll"]) if d.get("roll") else None,
            data=d.get("data", {}),
            visible_to=d.get("visible_to"),
        )

    def seen_by(self, side: str | None) -> bool:
        return side is None or self.visible_to is None or side in self.visible_to


class EventLog:
    def __init__(self) -> None:
        self.events: list[Event] = []

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self):
        return iter(self.events)

    def __getitem__(self, i):
        return self.events[i]

    def add(self, event: Event) -> Event:
        self.events.append(event)
        return event

    def truncate(self, n: int) -> None:
        del self.events[n:]

    def for_side(self, side: str | None) -> list[Event]:
        return [e for e in self.events if e.seen_by(side)]

    def digest(self) -> str:
        h = hashlib.sha256()
        for e in self.events:
            h.update(canonical_json(e.to_dict()).encode())
        return h.hexdigest()[:16]
