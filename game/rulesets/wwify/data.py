"""WWIFY AR:SE: the data model of rulesets/wwify.yaml (validated by pydantic).

Every number of the rules text lives in the YAML file; this module only says what shape
the numbers have, and checks cross-references between them (``check_wwify_data``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from game.data.pyd import Strict
from game.data.ruleset_schema import RulesetData, TroopType

Category = Literal[
    "infantry", "cavalry", "sniper", "hmg", "mortar", "field_gun", "crew", "large_creature", "flyer", "vehicle"
]
UnitKind = Literal["squad", "hmg", "mortar", "field_gun", "sniper", "large_creature", "flyer", "vehicle"]
UNIT_KINDS: tuple[str, ...] = ("squad", "hmg", "mortar", "field_gun", "sniper", "large_creature", "flyer", "vehicle")
SUPPORT_KINDS = ("hmg", "mortar", "field_gun")
SINGLE_MODEL_KINDS = ("sniper", "large_creature", "flyer", "vehicle")


class Band(Strict):
    label: str
    upto: float = Field(gt=0)  # inclusive upper bound, in inches


class Firing(Strict):
    die: Literal["d6"] = "d6"
    kill_on: int = Field(ge=1, le=6)
    trench_fraction: float = Field(gt=0, le=1)
    trench_reroll_kill_on: int = Field(ge=1, le=6)
    smoke_save_on: int = Field(ge=1, le=6)
    large_creature_wounds: int = Field(ge=1)
    bands: list[Band] = Field(min_length=1)

    @model_validator(mode="after")
    def _increasing(self) -> Firing:
        ups = [b.upto for b in self.bands]
        if ups != sorted(ups) or len(set(ups)) != len(ups):
            raise ValueError("range bands must be listed nearest first, each reaching further")
        return self


class Weapon(Strict):
    name: str
    dice: list[int | None]  # dice per range band; null: cannot fire at that range
    vs_vehicles: bool = False  # may damage vehicles
    vs_flyers: bool = False  # may damage flyers
    flame: bool = False  # kills trigger the flamethrower morale test
    sniper: bool = False  # the firer picks the casualties


class Movement(Strict):
    squad: float = Field(gt=0)
    mounted: float = Field(gt=0)
    support: float = Field(gt=0)  # HMG and mortar, once
    large_creature: float = Field(gt=0)
    wound_penalty: float = Field(ge=0)
    flyer: float = Field(gt=0)
    vehicle: float = Field(gt=0)
    field_gun: float = Field(gt=0)
    trench_exit: float = Field(ge=0)
    tunnel: float = Field(ge=0)
    cohesion: float = Field(gt=0)


class FlyerTurns(Strict):
    max_turns: int = Field(ge=0)
    max_angle: float = Field(gt=0, le=180)
    single_turn_max: float = Field(gt=0, le=180)
    ignore_below: float = Field(ge=0, lt=10)  # degrees: smaller changes of heading are not turns


class Actions(Strict):
    squad: int = Field(ge=1)
    large_creature: int = Field(ge=1)
    flyer: int = Field(ge=1)
    vehicle: int = Field(ge=1)
    support_fire: int = Field(ge=1)  # HMG / mortar: fire this many times ...
    support_move: int = Field(ge=1)  # ... or move this many times
    field_gun: int = Field(ge=1)  # fire or push, this many in all


class Card(Strict):
    id: str
    name: str
    sides: Literal["good", "evil", "both", "none"]
    activates: list[UnitKind] = Field(default_factory=list)
    text: str = ""


class ShellRow(Strict):
    faces: list[int] = Field(min_length=1)
    shell: Literal["he", "smoke", "gas"]
    name: str


class Artillery(Strict):
    square_die: str  # d10 on a 10 x 4 ft table; other tables roll dN over their 2 ft squares
    quarter_die: Literal["d4"] = "d4"
    shell_die: Literal["d6"] = "d6"
    shells: list[ShellRow]
    he_kill_on: int = Field(ge=1, le=6)
    trench_reroll_kill_on: int = Field(ge=1, le=6)
    gas_kill_on: int = Field(ge=1, le=6)

    @model_validator(mode="after")
    def _all_faces(self) -> Artillery:
        faces = sorted(f for r in self.shells for f in r.faces)
        if faces != [1, 2, 3, 4, 5, 6]:
            raise ValueError(f"the shell table must cover each face 1-6 once (has {faces})")
        return self


class DamageRow(Strict):
    faces: list[int] = Field(min_length=1)
    result: Literal["immobilised", "destroyed", "winged"]
    text: str


class DamageTable(Strict):
    die: Literal["d6"] = "d6"
    rows: list[DamageRow]

    @model_validator(mode="after")
    def _all_faces(self) -> DamageTable:
        faces = sorted(f for r in self.rows for f in r.faces)
        if faces != [1, 2, 3, 4, 5, 6]:
            raise ValueError(f"a damage table must cover each face 1-6 once (has {faces})")
        return self

    def result(self, face: int) -> DamageRow:
        return next(r for r in self.rows if face in r.faces)


class CloseCombat(Strict):
    die: Literal["d6"] = "d6"
    officer: int
    engineer: int
    mounted: int
    large_creature: int
    per_wound: int


class Morale(Strict):
    dice: Literal["2d6"] = "2d6"
    officer_modifier: int


class Medics(Strict):
    die: Literal["d6"] = "d6"
    save_on: int = Field(ge=1, le=6)
    serves: list[UnitKind]


class Engineers(Strict):
    fix_die: Literal["d6"] = "d6"
    fix_on: int = Field(ge=1, le=6)
    actions_per_length: int = Field(ge=1)  # actions of work for one bridge section
    section_length: float = Field(gt=0)  # inches of bridge per section
    bridge_width: float = Field(gt=0)
    work_reach: float = Field(gt=0)  # an engineer works within this of the bridge's end
    materials_reach: float = Field(gt=0)  # materials are available within this of it
    fix_reach: float = Field(gt=0)  # engineers fix a vehicle within this of its base
    carry: dict[Category, int]  # actions' worth of material one figure carries


class Squads(Strict):
    max_size: int = Field(ge=1)


class Equipment(Strict):
    name: str
    description: str = ""


class WwTroop(TroopType):
    category: Category
    side: Literal["good", "evil", "any"] = "any"
    engineer: bool = False
    medic: bool = False
    angry_tree: bool = False
    value: int = Field(1, ge=0)  # how much a player minds losing it (casualty order of the AI)
    description: str = ""


class WwData(RulesetData):
    cards: list[Card] = Field(min_length=1)
    firing: Firing
    weapons: dict[str, Weapon]
    movement: Movement
    actions: Actions
    flyer_turns: FlyerTurns
    vehicle_breakdown_on: int = Field(ge=1, le=6)
    artillery: Artillery
    vehicle_damage: DamageTable
    flyer_damage: DamageTable
    close_combat: CloseCombat
    morale: Morale
    medics: Medics
    engineers: Engineers
    squads: Squads
    equipment: dict[str, Equipment] = Field(default_factory=dict)
    troop_types: dict[str, WwTroop]

    def card(self, cid: str) -> Card:
        return next(c for c in self.cards if c.id == cid)


def check_wwify_data(data: WwData, doc) -> None:
    """Cross-references of rulesets/wwify.yaml (raise doc.error on the first problem)."""
    nb = len(data.firing.bands)
    for wid, w in data.weapons.items():
        if len(w.dice) != nb:
            raise doc.error(("weapons", wid, "dice"), f"give one entry per range band ({nb}), null where it cannot fire")
    ids = [c.id for c in data.cards]
    if len(set(ids)) != len(ids):
        raise doc.error(("cards",), "two cards share an id")
    for need in ("GOOD", "EVIL", "FLYER", "LARGE_CREATURE", "VEHICLE", "ARTILLERY"):
        if need not in ids:
            raise doc.error(("cards",), f"the deck needs the {need} card")
    activated = [k for c in data.cards for k in c.activates]
    for kind in UNIT_KINDS:
        if kind not in activated:
            raise doc.error(("cards",), f"no card activates {kind} units")
    for tid, tt in data.troop_types.items():
        for i, w in enumerate(tt.weapons):
            if w not in data.weapons:
                raise doc.error(("troop_types", tid, "weapons", i), f"unknown weapon '{w}'; expected one of: {', '.join(data.weapons)}")
        for i, e in enumerate(tt.equipment):
            if e not in data.equipment:
                raise doc.error(("troop_types", tid, "equipment", i), f"unknown equipment '{e}'; expected one of: {', '.join(data.equipment)}")
        if tt.angry_tree and tt.category != "large_creature":
            raise doc.error(("troop_types", tid, "angry_tree"), "only a large creature can be an Angry Tree")
        if (tt.engineer or tt.medic) and tt.category not in ("infantry", "cavalry"):
            raise doc.error(("troop_types", tid), "engineers and medics are infantry or cavalry figures")
    for need in ("gas_mask", "medic"):
        if need not in data.equipment:
            raise doc.error(("equipment",), f"the equipment list needs '{need}'")
