"""The dice service: the only way rules randomness enters a game.

Every roll is a :class:`Roll` record (what was rolled, why, against what, with which
modifiers, and the result) handed to the game's event log through ``on_roll``.
Cosmetic randomness (dice tumbling on screen) must never come from here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .named_dice import named
from .rng import FirstSource, ForcedSource, PathSource, SeededSource, Source

AVERAGE_DIE: tuple[int, ...] = (2, 3, 3, 4, 4, 5)
STANDARD_DICE = (3, 4, 6, 8, 10, 12, 20)

#: a roll of up to 9,999 dice: the rules roll pools of a unit's dice (a unit has at most
#: 200 figures, each rolling at most 20 dice), data files at most 20 (game/data/pyd.py)
#: and named dice (game/core/named_dice.py): ``d`` + the die's id, ``2dscatter``
_SPEC = re.compile(r"^(\d{0,4})d(\d{1,3}|[a-z][a-z0-9_]{0,23})$", re.IGNORECASE)


@lru_cache(maxsize=64)
def changes(kind: str, read: Callable[[int], object]) -> tuple[int, ...]:
    """The cuts of a die read through ``read`` (a table: face -> result): each face whose
    result differs from the face below's. A caller that reads a face only through such a
    table keeps the promise of ``Dice.roll(cuts=...)``."""
    faces = sorted(set(die_faces(kind)))
    return tuple(b for a, b in zip(faces, faces[1:], strict=False) if read(a) != read(b))


def die_faces(kind: str) -> tuple[int, ...]:
    """Faces of one die: 'd6' -> 1..6, 'dAv' -> the average die 2,3,3,4,4,5, a named die
    ('dscatter') -> 1..its number of faces (its words are read from them)."""
    kind = kind.lower()
    if kind == "dav":
        return AVERAGE_DIE
    if kind.startswith("d") and kind[1:].isdigit() and len(kind) <= 4 and int(kind[1:]) > 0:
        return tuple(range(1, int(kind[1:]) + 1))
    die = named(kind)
    if die is not None:
        return tuple(range(1, len(die.labels) + 1))
    raise ValueError(f"unknown die {kind!r}")


@lru_cache(maxsize=256)
def parse_spec(spec: str) -> tuple[int, str]:
    """'3d6' -> (3, 'd6'); 'd10' -> (1, 'd10'); '2dAv' -> (2, 'dav'); '2dscatter' ->
    (2, 'dscatter') once the scatter die is registered."""
    m = _SPEC.match(spec.strip())
    if not m:
        raise ValueError(f"cannot read dice {spec!r}: expected forms like d6, 3d6, 2dAv, dscatter")
    count = int(m.group(1)) if m.group(1) else 1
    kind = "d" + m.group(2).lower()
    die_faces(kind)
    return count, kind


@dataclass
class Roll:
    spec: str
    faces: list[int]
    total: int
    reason: str
    target: str = ""
    modifiers: list[tuple[str, int]] = field(default_factory=list)
    outcome: str = ""
    figures: list[str] = field(default_factory=list)
    units: list[str] = field(default_factory=list)

    @property
    def value(self) -> int:
        """The face of a single die (or the total of a pool)."""
        return self.faces[0] if len(self.faces) == 1 else self.total

    @property
    def labels(self) -> list[str] | None:
        """What each face shows, for a named die (None for numbered dice): worked out from
        the spec and the faces, not stored, so saves and digests are as before."""
        if self.spec == "shuffle" or not self.faces:
            return None
        try:
            _, kind = parse_spec(self.spec)
        except ValueError:
            return None
        die = named(kind)
        return None if die is None else [die.label(f) for f in self.faces]

    def to_dict(self) -> dict[str, Any]:
        return {
            "spec": self.spec,
            "faces": list(self.faces),
            "total": self.total,
            "reason": self.reason,
            "target": self.target,
            "modifiers": [list(m) for m in self.modifiers],
            "outcome": self.outcome,
            "figures": list(self.figures),
            "units": list(self.units),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Roll:
        return cls(
            spec=d["spec"],
            faces=list(d["faces"]),
            total=d["total"],
            reason=d["reason"],
            target=d.get("target", ""),
            modifiers=[(m[0], m[1]) for m in d.get("modifiers", [])],
            outcome=d.get("outcome", ""),
            figures=list(d.get("figures", [])),
            units=list(d.get("units", [])),
        )

    def describe(self) -> str:
        if self.spec == "shuffle":
            return f"{self.reason}: {self.total} {self.target or 'cards'} shuffled"
        labels = self.labels
        if labels is not None:  # a named die: its words, no total
            count, kind = parse_spec(self.spec)
            die = named(kind)
            assert die is not None
            s = f"{count} x {die.name}" if count > 1 else die.name
            s += f" [{', '.join(labels)}]"
        else:
            faces = ",".join(str(f) for f in self.faces)
            s = f"{self.spec} [{faces}]"
            if len(self.faces) > 1:
                s += f"={self.total}"
        if self.target:
            s += f" needs {self.target}"
        if self.modifiers:
            s += " (" + ", ".join(f"{n} {v:+d}" for n, v in self.modifiers) + ")"
        if self.outcome:
            s += f" -> {self.outcome}"
        return f"{self.reason}: {s}"


class Dice:
    """Rolls dice from a :class:`Source` and reports every roll."""

    def __init__(self, source: Source, on_roll: Callable[[Roll], None] | None = None) -> None:
        self.source = source
        self.on_roll = on_roll
        self.count = 0

    @classmethod
    def seeded(cls, seed: int) -> Dice:
        return cls(SeededSource(seed))

    @classmethod
    def forced(cls, values: Sequence[int]) -> Dice:
        return cls(ForcedSource(values))

    @property
    def enumerating(self) -> bool:
        return isinstance(self.source, PathSource)

    @contextmanager
    def aside(self) -> Iterator[None]:
        """Around rolls whose results no odds report reads (what a command sets off after
        its own outcome: the enemy trying to spot the firers). Enumerating dice walk them
        on one branch, so they do not multiply the paths; real dice roll them as ever.
        The differential odds test, which gives the command with real dice, holds every
        use to it."""
        if not self.enumerating:
            yield
            return
        source = self.source
        self.source = FirstSource()
        try:
            yield
        finally:
            self.source = source

    def _emit(self, roll: Roll) -> Roll:
        self.count += 1
        if self.on_roll is not None:
            self.on_roll(roll)
        return roll

    def roll(
        self,
        spec: str,
        reason: str,
        *,
        target: str = "",
        modifiers: Sequence[tuple[str, int]] = (),
        figures: Sequence[str] = (),
        units: Sequence[str] = (),
        cuts: Sequence[int] = (),
        sums: Sequence[int] = (),
    ) -> Roll:
        """Roll ``spec`` ('d10', '3d6', '2dAv') for ``reason``. Several dice are a pool:
        their order carries no meaning. ``cuts``: a promise that the caller reads each
        face only by comparing it with these values (``face >= cut``; never the total),
        so the odds may walk one branch per class of faces (:func:`game.core.rng.face_classes`); the
        differential odds test holds every caller to its promise. ``sums``: the same promise
        about the pool's total (``total >= cut``, never a single face), so the odds walk one
        branch per class of totals."""
        count, kind = parse_spec(spec)
        faces_of_die = die_faces(kind)
        if count == 1:
            faces = [self.source.pick(faces_of_die, cuts or sums)]
        else:
            faces = self.source.pool(count, faces_of_die, cuts, sums)
        roll = Roll(
            spec=spec,
            faces=list(faces),
            total=sum(faces),
            reason=reason,
            target=target,
            modifiers=list(modifiers),
            figures=list(figures),
            units=list(units),
        )
        return self._emit(roll)

    def direction(self, reason: str, **kw: Any) -> Roll:
        """A uniformly random direction in whole degrees, 0..359 (0 = +x, 90 = +y)."""
        deg = self.source.index(360)
        roll = Roll(spec="direction", faces=[deg], total=deg, reason=reason, **kw)
        return self._emit(roll)

    def choose_index(self, n: int, reason: str, **kw: Any) -> int:
        """A uniformly random choice among ``n`` things (which counter, which figure)."""
        if n == 1:
            return 0
        i = self.source.index(n)
        self._emit(Roll(spec=f"choice of {n}", faces=[i + 1], total=i + 1, reason=reason, **kw))
        return i

    def choose_some(self, n: int, k: int, reason: str, **kw: Any) -> list[int]:
        """``k`` different things of ``n`` chosen at random (which occupants are hit), in
        increasing order; logged as one roll."""
        if k >= n:
            return list(range(n))
        picked = self.source.sample(n, k)
        self._emit(Roll(spec=f"choice of {k} of {n}", faces=[i + 1 for i in picked], total=sum(picked) + k, reason=reason, **kw))
        return picked

    def shuffle(self, items: Sequence[Any], reason: str, what: str = "cards") -> list[Any]:
        """Fisher-Yates shuffle through the source; logged as one roll ("5 cards shuffled")."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.source.index(i + 1)
            out[i], out[j] = out[j], out[i]
        self._emit(Roll(spec="shuffle", faces=[], total=len(out), reason=reason, target=what))
        return out
