"""What every ruleset file has in common. Each ruleset module extends
:class:`RulesetData` with its own tables (weapons, troop types' numbers, charts)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from .pyd import Strict
from .solo_schema import SoloSection
from .terrain_types import TerrainFile, TerrainOverride

#: the widest base a figure may have, in the ruleset's unit (the shipped rulesets' largest,
#: a tank's, is 3.4 in): a wider one is a typo, and no table could hold its figures
MAX_BASE = 20.0


class Interpretation(Strict):
    """A reading we chose where the rules text is silent, ambiguous or garbled."""

    id: str
    rule: str  # the rule or section of the text it concerns
    reading: str  # what the game does


class NamedDieData(Strict):
    """A die with words on its faces (game/core/named_dice.py), rolled as ``d<id>``."""

    name: str  # shown in the log and the dice tray: "scatter die"
    faces: list[str] = Field(min_length=2, max_length=100)  # one word per face, face 1 first


class OptionalRule(Strict):
    id: str
    name: str
    default: bool = False
    description: str = ""
    #: added after games were saved: while off it is left out of a game's state, so that a
    #: game saved before it replays to the same state (and its save still loads)
    later: bool = False


class TroopType(Strict):
    name: str
    role: str = "rifleman"  # officer, nco, rifleman, gunner, crew, specialist, ...
    symbol: str = "rifle"  # token symbol drawn by the UI
    weapons: list[str] = Field(default_factory=list)
    equipment: list[str] = Field(default_factory=list)
    base: float | None = Field(None, gt=0, le=MAX_BASE)  # base diameter in the ruleset's unit


class RulesetData(Strict):
    #: how many sides (players) a game of these rules may have: a map with more is refused
    #: (game/data/map_build.py); a ruleset for more players says so in its data class
    MAX_SIDES: ClassVar[int] = 2

    kind: Literal["ruleset"]
    id: str
    name: str
    source: str  # the rules text in shared/rules/
    era: str = ""
    unit: Literal["in", "cm"]
    base_diameter: float = Field(gt=0, le=MAX_BASE)  # default base of a figure, in the ruleset's unit
    summary: str = ""
    terrain: dict[str, TerrainOverride] = Field(default_factory=dict)
    optional_rules: list[OptionalRule] = Field(default_factory=list)
    interpretations: list[Interpretation] = Field(default_factory=list)
    troop_types: Mapping[str, TroopType] = Field(default_factory=dict)
    #: dice the text names, by id (``scatter`` is rolled as ``dscatter``): registered when
    #: the file is read, before the tables below it that roll them are checked
    dice: dict[str, NamedDieData] = Field(default_factory=dict)
    solo: SoloSection | None = None  # the solo rules' force generation table
    end: str  # the last line, `end: <id>`: a file cut short is refused (yamlio.check_complete)

    @field_validator("dice")
    @classmethod
    def _register_dice(cls, dice: dict[str, NamedDieData]) -> dict[str, NamedDieData]:
        from game.core.named_dice import NamedDie, register

        for did, d in dice.items():
            register(NamedDie(did, d.name, tuple(d.faces)))
        return dice

    @classmethod
    def check_data(cls, data: RulesetData, doc) -> None:
        """Cross-references inside the file (raise doc.error(...) on a problem): what a
        ruleset of ``game.rulesets.DATA_ONLY`` is checked by before its rules exist (a
        playable ruleset's class checks its file with its own ``check_data``)."""

    def weapon_ids(self) -> set[str]:
        weapons = getattr(self, "weapons", None)
        return set(weapons) if isinstance(weapons, dict) else set()

    def is_vehicle_type(self, troop_type: str) -> bool:
        """A vehicle, which terrain blocking vehicles keeps out (rulesets with vehicles say)."""
        return False

    def equipment_ids(self) -> set[str]:
        """Equipment a figure of this ruleset may carry: the ruleset's equipment table,
        and whatever its troop types carry."""
        table = getattr(self, "equipment", None)
        out = set(table) if isinstance(table, dict) else set()
        for tt in self.troop_types.values():
            out.update(tt.equipment)
        return out

    def option_defaults(self) -> dict[str, bool]:
        """Each optional rule's default, as a new game's state holds it (a ``later`` rule
        that is off by default is left out: off is what the rules read when it is missing)."""
        return {o.id: o.default for o in self.optional_rules if o.default or not o.later}


# fields that came after saves were made: a file that leaves them empty digests as before
LATER_FIELDS: tuple[tuple[str, ...], ...] = (("dice",), ("solo", "stand_ins"))


def data_digest(data: RulesetData, terrain: TerrainFile) -> str:
    """A digest of the data a ruleset plays by (its file and the terrain types), which
    every save keeps: a save made under other data says so when it no longer replays."""
    from game.core.state import canonical_json

    rules = data.model_dump(mode="json")
    for *at, name in LATER_FIELDS:
        part: Any = rules
        for key in at:
            part = part.get(key) if isinstance(part, dict) else None
        if isinstance(part, dict) and not part.get(name):
            part.pop(name, None)
    for o in rules.get("optional_rules") or []:
        if isinstance(o, dict) and not o.get("later"):
            o.pop("later", None)
    both = {"ruleset": rules, "terrain": terrain.model_dump(mode="json")}
    return hashlib.sha256(canonical_json(both).encode()).hexdigest()[:16]
