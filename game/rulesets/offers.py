"""What a ruleset offers the interface for a selection (:class:`Action`) and what a
player sees before confirming a command (:class:`OddsReport`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.commands import Command
from game.core.odds import Distribution
from game.core.trial import Resolution


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
    #: how the odds were found: the act resolved under every branch of its dice, the
    #: reader, and the joint distribution every shown one is a marginal of
    resolution: Resolution | None = None

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


#: the name under which a report's main distribution is a view of its resolution
MAIN = "outcomes"


def _same(o: Hashable) -> Hashable:
    return o


def resolved_report(
    title: str,
    lines: list[OddsLine],
    res: Resolution,
    label: str,
    main: Callable[[Any], Hashable] = _same,
    extra: Mapping[str, Callable[[Any], Hashable]] | None = None,
    notes: list[str] | None = None,
) -> OddsReport:
    """A report whose every distribution is a marginal of ``res.joint``: ``main`` keys
    the one shown first (``label`` says what its keys mean), ``extra`` the rest."""
    res.views = {MAIN: main, **(extra or {})}
    return OddsReport(title, lines, res.joint.marginal(main), label, list(notes or []),
                      {name: res.joint.marginal(key) for name, key in (extra or {}).items()}, res)


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
