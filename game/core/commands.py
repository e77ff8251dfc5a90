"""Commands: the only way players and the AI change a game.

A command names what a side wants (``kind``) and what it refers to. Each ruleset says
which kinds it accepts and checks every field; a refused command gets a
:class:`Rejected` with a reason a player can read, and nothing in the game changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any, NoReturn

Point = tuple[float, float]

# Kinds every ruleset understands.
END_PHASE = "end_phase"


def option_pairs(**given: str | None) -> tuple[tuple[str, str], ...]:
    """Command options from keyword values, sorted by name; None leaves an option out."""
    return tuple(sorted((k, v) for k, v in given.items() if v is not None))


def legacy_options(choice: str) -> tuple[tuple[str, str], ...]:
    """Options written the old way, as one ``choice`` text of ``name=value`` pairs
    separated by commas (save format 1)."""
    pairs: dict[str, str] = {}
    for part in choice.split(","):
        if not part.strip():
            continue
        if "=" not in part:
            raise ValueError(f"old command option {part!r} is not name=value")
        k, v = part.split("=", 1)
        pairs[k.strip()] = v.strip()
    return option_pairs(**pairs)


@dataclass(frozen=True)
class Command:
    kind: str
    side: str
    unit: str | None = None
    figure: str | None = None
    target: str | None = None  # a unit, figure or marker id
    figures: tuple[str, ...] = ()
    path: tuple[Point, ...] = ()
    point: Point | None = None
    choice: str | None = None
    value: int | None = None
    #: named options of the command's kind (a shot type, a weapon...), sorted by name;
    #: each ruleset reads them through a typed, validated view of its own
    options: tuple[tuple[str, str], ...] = ()

    def option(self, name: str) -> str | None:
        """The value of option ``name``, or None when it is not given."""
        for k, v in self.options:
            if k == name:
                return v
        return None

    # the fields a kind of command needs, read once its check has passed (a command
    # without one is refused, never a crash)
    @property
    def unit_id(self) -> str:
        return _given(self.unit, self.kind, "a unit")

    @property
    def figure_id(self) -> str:
        return _given(self.figure, self.kind, "a figure")

    @property
    def target_id(self) -> str:
        return _given(self.target, self.kind, "a target")

    @property
    def at(self) -> Point:
        if self.point is None:
            refuse(f"'{self.kind}' needs a point on the table.")
        return self.point

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "side": self.side}
        for f in fields(self):
            if f.name in ("kind", "side"):
                continue
            v = getattr(self, f.name)
            if v is None or v == ():
                continue
            if f.name == "path":
                v = [list(p) for p in v]
            elif f.name == "point":
                v = list(v)
            elif f.name == "figures":
                v = list(v)
            elif f.name == "options":
                v = dict(v)
            d[f.name] = v
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Command:
        known = {f.name for f in fields(cls)}
        unknown = set(d) - known
        if unknown:
            raise ValueError(f"unknown command fields: {', '.join(sorted(unknown))}")
        kw = dict(d)
        if "path" in kw:
            kw["path"] = tuple((float(p[0]), float(p[1])) for p in kw["path"])
        if "point" in kw and kw["point"] is not None:
            kw["point"] = (float(kw["point"][0]), float(kw["point"][1]))
        if "figures" in kw:
            kw["figures"] = tuple(kw["figures"])
        if "options" in kw:
            opts = kw["options"]
            if not isinstance(opts, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in opts.items()):
                raise ValueError(f"command options must be a mapping of names to words, not {opts!r}")
            kw["options"] = option_pairs(**opts)
        elif isinstance(kw.get("choice"), str) and "=" in kw["choice"]:
            # written before options had their own field (save format 1): "shot=aimed,weapon=bren"
            kw["options"] = legacy_options(kw.pop("choice"))
        return cls(**kw)

    def with_(self, **kw: Any) -> Command:
        return replace(self, **kw)


@dataclass(frozen=True)
class Rejected:
    """A refused command: nothing changed."""

    command: Command
    reason: str

    @property
    def ok(self) -> bool:
        return False


@dataclass(frozen=True)
class Accepted:
    command: Command
    first_event: int
    last_event: int
    rolled: bool  # whether any dice were rolled (undo is only allowed when not)
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        return True


Result = Accepted | Rejected


class Refusal(Exception):
    """Raised by a ruleset's checks; the game turns it into :class:`Rejected`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _given(value: str | None, kind: str, what: str) -> str:
    if value is None:
        refuse(f"'{kind}' needs {what}.")
    return value


def refuse(reason: str) -> NoReturn:
    raise Refusal(reason)


def passes(check: Callable[..., object], *args: object) -> bool:
    """Whether ``check(*args)`` goes through without a refusal."""
    try:
        check(*args)
    except Refusal:
        return False
    return True


def require(condition: bool, reason: str) -> None:
    if not condition:
        raise Refusal(reason)
