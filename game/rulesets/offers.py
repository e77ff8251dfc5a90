"""What a ruleset offers the interface for a selection (:class:`Action`) and what a
player sees before confirming a command (:class:`OddsReport`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.commands import Command
from game.core.odds import Distribution


@dataclass
class OddsLine:
    name: str
    value: str


@dataclass
class OddsReport:
    """Everything a player should see before confirming a shot or an assault."""

    title: str
    modifiers: list[OddsLine]
    outcomes: Distribution
    outcome_label: str  # what an outcome key means, e.g. "casualties"
    notes: list[str] = field(default_factory=list)
    extra: dict[str, Distribution] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        def dist(d: Distribution) -> dict[str, Any]:
            return {
                "exact": d.exact,
                "method": d.method,
                "probabilities": {str(k): p for k, p in sorted(d.probs.items(), key=lambda kv: str(kv[0]))},
                "fractions": {str(k): str(f) for k, f in d.fractions.items()},
            }

        return {
            "title": self.title,
            "modifiers": [{"name": m.name, "value": m.value} for m in self.modifiers],
            "outcome": self.outcome_label,
            "outcomes": dist(self.outcomes),
            "extra": {k: dist(v) for k, v in self.extra.items()},
            "notes": self.notes,
        }


@dataclass
class Action:
    """A command the interface offers for the current selection. ``mode``: 'now' (submit
    as it is), 'enemy_unit' (the player picks the target unit), 'point' (the player
    picks a point on the table), 'move_figure' (drag or click figures to move them)."""

    label: str
    mode: str  # 'now', 'enemy_unit', 'enemy_figure', 'own_unit', 'own_figure', 'point', 'move_figure'
    command: Command
    enabled: bool = True
    reason: str = ""
    odds: bool = False
