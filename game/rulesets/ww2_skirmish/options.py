"""WW2 Skirmish: the options a command may carry, typed and checked.

A command's options travel as named words (``Command.options``: ``shot: aimed``,
``weapon: mg42``); the procedures read them only through :class:`Ww2Options`, which
refuses an option the command's kind does not take, or a value the option does not have,
naming what it does take. Defaults (an unaimed shot, a high-explosive round, the figure's
first small arm) stay with the procedures that apply them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal, TypeVar

from game.core.commands import Command, option_pairs, refuse

Mode = Literal["rifle", "smg"]  # an assault rifle fires as either (wire name ``as``)
Round = Literal["he", "smoke", "wp"]
Facing = Literal["front", "flank", "rear"]  # asked of the odds only: a real hit's facing is measured

#: the options each kind of command takes (a kind not listed takes none)
KIND_OPTIONS: dict[str, tuple[str, ...]] = {
    "fire": ("shot", "weapon", "as", "at"),
    "fire_team": ("shot",),
    "blast": ("weapon", "round"),
    "fire_gun": ("weapon", "facing"),
    "fire_at": ("weapon", "facing"),
    "flame": ("weapon",),
    "ready": ("weapon",),
    "post": ("weapon",),
    "demolish": ("weapon",),
}
MODES: dict[str, Mode] = {"rifle": "rifle", "smg": "smg"}
ROUNDS: dict[str, Round] = {"he": "he", "smoke": "smoke", "wp": "wp"}
FACINGS: dict[str, Facing] = {"front": "front", "flank": "flank", "rear": "rear"}
TARGETS: dict[str, Literal["occupants"]] = {"occupants": "occupants"}
W = TypeVar("W", bound=str)

#: the order options are compared in when the AI breaks a tie between two commands
TIE_ORDER = ("shot", "weapon", "as", "at", "round", "facing")


@dataclass(frozen=True)
class Ww2Options:
    shot: str | None = None  # a shot type's name; the shooting procedure names the choices
    weapon: str | None = None  # a weapon id the figure carries
    mode: Mode | None = None
    occupants: bool = False  # a vehicle's occupants are the target, not the vehicle
    round: Round | None = None
    facing: Facing | None = None
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        # read as part of the keys of remembered shot plans, many times a turn: hash once
        object.__setattr__(self, "_hash", hash((self.shot, self.weapon, self.mode, self.occupants, self.round, self.facing)))

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def of(cls, cmd: Command) -> Ww2Options:
        """The options of ``cmd``, checked against what its kind takes."""
        return _read(cmd.kind, cmd.options)

    @property
    def weapon_id(self) -> str:
        """The weapon named, read once the command's check has passed."""
        if self.weapon is None:
            refuse("Choose the weapon.")
        return self.weapon

    def pairs(self) -> tuple[tuple[str, str], ...]:
        """The options as a command carries them."""
        return option_pairs(shot=self.shot, weapon=self.weapon, round=self.round, facing=self.facing,
                            at="occupants" if self.occupants else None, **{"as": self.mode})


@lru_cache(maxsize=4096)
def _read(kind: str, pairs: tuple[tuple[str, str], ...]) -> Ww2Options:
    """The options of a command of ``kind``, read once per distinct set (the AI weighs
    the same shots many times a turn). A refusal is raised, never kept."""
    takes = KIND_OPTIONS.get(kind, ())
    given = dict(pairs)
    for name in given:
        if name not in takes:
            refuse(f"'{kind}' takes no option '{name}'" + (f"; it takes {', '.join(takes)}." if takes else "."))
    return Ww2Options(
        shot=given.get("shot"),
        weapon=given.get("weapon"),
        mode=_pick(given.get("as"), MODES, "as"),
        occupants=_pick(given.get("at"), TARGETS, "at") is not None,
        round=_pick(given.get("round"), ROUNDS, "round"),
        facing=_pick(given.get("facing"), FACINGS, "facing"),
    )


@lru_cache(maxsize=4096)
def options(shot: str | None = None, weapon: str | None = None, mode: Mode | None = None, occupants: bool = False,
            round: Round | None = None, facing: Facing | None = None) -> tuple[tuple[str, str], ...]:
    """A command's options from typed values: ``Command("fire", side, ..., options=options(shot="aimed"))``
    (made once per distinct set: the AI lists the same shots many times a turn)."""
    return Ww2Options(shot, weapon, mode, occupants, round, facing).pairs()


def tie_key(cmd: Command) -> tuple[tuple[str, str], ...]:
    """The order among otherwise equal commands (the shot, then the weapon, ...)."""
    given = dict(cmd.options)
    return tuple((k, given[k]) for k in TIE_ORDER if k in given)


def _pick(value: str | None, words: Mapping[str, W], name: str) -> W | None:
    """``value`` as one of ``words``; None when not given; refused when it is none of them."""
    if value is None:
        return None
    if value not in words:
        refuse(f"Option {name} is one of {', '.join(words)}, not {value!r}.")
    return words[value]
