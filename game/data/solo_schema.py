"""The ``solo:`` section of a ruleset file: the force generation table the solo rules
(portal markers) roll on, in that ruleset's own troop types."""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from pydantic import Field, model_validator

from .pyd import Strict


class ForceEntry(Strict):
    """One line of a force generation table: a range of totals and what it gives."""

    min_roll: int | None = None  # lowest total (none: everything below)
    max_roll: int | None = None  # highest total (none: everything above)
    result: Literal["unit", "nothing", "redeploy"] = "unit"
    name: str = ""
    kind: str = "squad"  # the generated unit's kind (crew, vehicle...)
    troops: list[str] = Field(default_factory=list)  # troop type ids, one per figure
    # other troop lists that serve when the pool lacks the first ("a tank, or a
    # self-propelled gun"): tried in order before the table steps down
    alternatives: list[list[str]] = Field(default_factory=list)
    vehicle: bool = False  # a tank or SP gun: the tank placement rule applies
    at_gun: bool = False  # an anti-tank gun: the tank placement rule applies

    @model_validator(mode="after")
    def _shape(self) -> ForceEntry:
        if self.result == "unit" and not self.troops:
            raise ValueError("a unit entry needs its troops (a list of troop type ids)")
        if self.result != "unit" and (self.troops or self.alternatives):
            raise ValueError(f"a '{self.result}' entry has no troops")
        if any(not alt for alt in self.alternatives):
            raise ValueError("an alternative needs its troops (a list of troop type ids)")
        if self.min_roll is not None and self.max_roll is not None and self.min_roll > self.max_roll:
            raise ValueError(f"min_roll {self.min_roll} is above max_roll {self.max_roll}")
        return self

    def choices(self) -> list[list[str]]:
        """The troop lists this entry can be made of, first choice first."""
        return [self.troops, *self.alternatives]

    def covers(self, total: int) -> bool:
        return (self.min_roll is None or total >= self.min_roll) and (self.max_roll is None or total <= self.max_roll)

    @property
    def label(self) -> str:
        if self.name:
            return self.name
        if self.result != "unit":
            return self.result.title()
        return ", ".join(f"{n} {t}" for t, n in sorted(Counter(self.troops).items()))

    def rolls(self) -> str:
        lo, hi = self.min_roll, self.max_roll
        if lo is None:
            return f"up to {hi}"
        if hi is None:
            return f"{lo}+"
        return str(lo) if lo == hi else f"{lo}-{hi}"


class SoloSection(Strict):
    """``solo:`` in a ruleset's YAML: what the solo rules need in that ruleset's terms."""

    force_table: list[ForceEntry] = Field(min_length=1)

    @model_validator(mode="after")
    def _ordered(self) -> SoloSection:
        prev: int | None = None
        for i, e in enumerate(self.force_table):
            if i and e.min_roll is None:
                raise ValueError(f"force_table[{i}]: only the first entry may leave out min_roll")
            if i + 1 < len(self.force_table) and e.max_roll is None:
                raise ValueError(f"force_table[{i}]: only the last entry may leave out max_roll")
            if prev is not None and e.min_roll is not None and e.min_roll != prev + 1:
                raise ValueError(f"force_table[{i}]: starts at {e.min_roll}, expected {prev + 1} (entries in order, no gaps or overlaps)")
            prev = e.max_roll
        return self

    def index_for(self, total: int) -> int | None:
        """The entry a total reads (None: below the table: nothing)."""
        for i, e in enumerate(self.force_table):
            if e.covers(total):
                return i
        last = self.force_table[-1]
        if last.max_roll is not None and total > last.max_roll:
            return len(self.force_table) - 1
        return None


def check_solo_section(data: Any, doc: Any) -> None:
    """Cross-references of a ruleset's ``solo:`` section (troop types exist)."""
    sec = getattr(data, "solo", None)
    if not sec:  # none, or an empty `solo:` mapping
        return
    if isinstance(sec, dict):
        sec = SoloSection.model_validate(sec)
    for i, e in enumerate(sec.force_table):
        for k, troops in enumerate(e.choices()):
            where = ("troops",) if k == 0 else ("alternatives", k - 1)
            for j, t in enumerate(troops):
                if t not in data.troop_types:
                    raise doc.error(("solo", "force_table", i, *where, j),
                                    f"unknown troop type '{t}'; expected one of: {', '.join(data.troop_types)}")
