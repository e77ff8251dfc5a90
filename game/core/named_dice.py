"""Dice whose faces carry words: the hobby scatter die (HIT and arrows), a grenade die
with labelled faces, and any die a ruleset names in its data.

A named die is a die of N faces numbered 1..N underneath, so everything the dice service
does with numbered dice (pools, cuts, enumeration for exact odds, forced faces in tests)
works unchanged; the words are read from the face numbers when the roll is shown or read
by the rules. Its spec is ``d`` + its id (``dscatter``, ``2dscatter``). A ruleset
registers its dice when its data loads (:func:`register`); registering the same id again
must give the same die, so two rulesets cannot disagree about one die's faces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: an id: a letter, then letters, digits or underscores (``av`` is the average die)
ID = re.compile(r"^[a-z][a-z0-9_]{0,23}$")


@dataclass(frozen=True)
class NamedDie:
    id: str  # 'scatter'
    name: str  # shown in the log and the dice tray: 'scatter die'
    labels: tuple[str, ...]  # one per face: face k shows labels[k - 1]

    def __post_init__(self) -> None:
        if not ID.match(self.id) or self.id == "av":
            raise ValueError(f"a named die's id is a word of letters, digits and _ (not 'av'): got {self.id!r}")
        if not 2 <= len(self.labels) <= 100 or any(not str(x).strip() for x in self.labels):
            raise ValueError(f"die {self.id!r}: give 2 to 100 faces, each a word")

    @property
    def kind(self) -> str:
        return "d" + self.id

    def label(self, face: int) -> str:
        return self.labels[face - 1]

    def faces_showing(self, label: str) -> tuple[int, ...]:
        """The face numbers that show ``label`` (for a rule that reads the word)."""
        out = tuple(k for k, x in enumerate(self.labels, start=1) if x == label)
        if not out:
            raise ValueError(f"die {self.id!r} has no face {label!r}; its faces are {', '.join(dict.fromkeys(self.labels))}")
        return out


_REGISTRY: dict[str, NamedDie] = {}


def register(die: NamedDie) -> NamedDie:
    """Make ``die`` known to the dice service (again: it must be the same die)."""
    old = _REGISTRY.get(die.kind)
    if old is not None:
        if old != die:
            raise ValueError(f"die {die.id!r} is already known with other faces ({', '.join(old.labels)})")
        return old
    _REGISTRY[die.kind] = die
    return die


def named(kind: str) -> NamedDie | None:
    """The named die of a kind ('dscatter'), None for numbered dice and unknown names."""
    return _REGISTRY.get(kind.lower())
