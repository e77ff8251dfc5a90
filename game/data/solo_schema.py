"""The ``solo:`` section of a ruleset file: the force generation table the solo rules
(portal markers) roll on, in that ruleset's own troop types."""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from pydantic import Field, model_validator

from .pyd import Strict


class ForceUnit(Strict):
    """One unit a force table result makes: its troops (one troop type id per figure), and
    other troop lists that serve when the pool lacks the first ("a tank, or a
    self-propelled gun"), tried in order before the table steps down."""

    name: str = ""
    kind: str = "squad"  # the generated unit's kind (crew, vehicle...)
    troops: list[str] = Field(default_factory=list)
    alternatives: list[list[str]] = Field(default_factory=list)
    vehicle: bool = False  # a tank or SP gun: the tank placement rule applies
    at_gun: bool = False  # an anti-tank gun: the tank placement rule applies

    @model_validator(mode="after")
    def _troops(self) -> ForceUnit:
        if any(not alt for alt in self.alternatives):
            raise ValueError("an alternative needs its troops (a list of troop type ids)")
        return self

    def choices(self) -> list[list[str]]:
        """The troop lists this unit can be made of, first choice first."""
        return [self.troops, *self.alternatives]

    @property
    def label(self) -> str:
        return self.name or troops_label(self.troops)


def troops_label(troops: list[str]) -> str:
    return ", ".join(f"{n} {t}" for t, n in sorted(Counter(troops).items()))


class ForceEntry(ForceUnit):
    """One line of a force generation table: a range of totals and what it gives: one
    unit (its own ``troops``), or several (``units``: "4 Riflemen and a 3 man Light
    Machine Gun team"), all placed at the same portal."""

    min_roll: int | None = None  # lowest total (none: everything below)
    max_roll: int | None = None  # highest total (none: everything above)
    result: Literal["unit", "nothing", "redeploy"] = "unit"
    units: list[ForceUnit] = Field(default_factory=list)

    @model_validator(mode="after")
    def _shape(self) -> ForceEntry:
        if self.result == "unit" and not self.troops and not self.units:
            raise ValueError("a unit entry needs its troops (a list of troop type ids) or its units")
        if self.units and (self.troops or self.alternatives):
            raise ValueError("give either troops (one unit) or units (several), not both")
        if any(not u.troops for u in self.units):
            raise ValueError("each of the units needs its troops (a list of troop type ids)")
        if self.result != "unit" and (self.troops or self.alternatives or self.units):
            raise ValueError(f"a '{self.result}' entry has no troops")
        if self.min_roll is not None and self.max_roll is not None and self.min_roll > self.max_roll:
            raise ValueError(f"min_roll {self.min_roll} is above max_roll {self.max_roll}")
        return self

    def groups(self) -> list[ForceUnit]:
        """The units this result makes (one, unless it lists ``units``)."""
        if self.units:
            return list(self.units)
        return [ForceUnit(name=self.name, kind=self.kind, troops=self.troops, alternatives=self.alternatives,
                          vehicle=self.vehicle, at_gun=self.at_gun)]

    def covers(self, total: int) -> bool:
        return (self.min_roll is None or total >= self.min_roll) and (self.max_roll is None or total <= self.max_roll)

    @property
    def label(self) -> str:
        if self.name:
            return self.name
        if self.result != "unit":
            return self.result.title()
        return " and ".join(g.label for g in self.units) if self.units else troops_label(self.troops)

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
    # a troop type a result names -> the types that take its place, in order, when the pool
    # has no more of it (late-war "Riflemen" carried rifle grenades or assault rifles)
    stand_ins: dict[str, list[str]] = Field(default_factory=dict)

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
        groups: list[tuple[tuple[Any, ...], ForceUnit]] = [((), e)] if not e.units else [(("units", g), u) for g, u in enumerate(e.units)]
        for at, grp in groups:
            for k, troops in enumerate(grp.choices()):
                where = ("troops",) if k == 0 else ("alternatives", k - 1)
                for j, t in enumerate(troops):
                    if t not in data.troop_types:
                        raise doc.error(("solo", "force_table", i, *at, *where, j),
                                        f"unknown troop type '{t}'; expected one of: {', '.join(data.troop_types)}")
    for t, subs in sec.stand_ins.items():
        for j, s in enumerate([t, *subs]):
            if s not in data.troop_types:
                at_: tuple[Any, ...] = ("solo", "stand_ins", t) if j == 0 else ("solo", "stand_ins", t, j - 1)
                raise doc.error(at_, f"unknown troop type '{s}'; expected one of: {', '.join(data.troop_types)}")
