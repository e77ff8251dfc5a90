"""WW2 Skirmish: the data model of rulesets/ww2-skirmish.yaml (validated by pydantic).

Every number of the rules text lives in the YAML file; this module only says what shape
those numbers have and works out figure costs; data_checks.py checks the
cross-references between the tables. Lengths are inches (the file's unit).
"""

from __future__ import annotations

from typing import Literal, TypeGuard

from pydantic import Field, model_validator

from game.data.pyd import Strict
from game.data.ruleset_schema import RulesetData, TroopType

WeaponCategory = Literal[
    "rifle", "smg", "pistol", "mg", "assault_rifle",  # small arms
    "grenade", "rifle_grenade", "mortar",  # blast weapons
    "gun", "at", "flamethrower", "explosives",
]
SMALL_ARMS = ("rifle", "smg", "pistol", "mg", "assault_rifle")
HEAVY_ARMS = ("gun", "at", "flamethrower", "grenade", "rifle_grenade", "mortar")  # the weapons with shots of their own
VehicleClass = Literal["light", "medium", "heavy", "small_soft", "large_soft"]
AFV_CLASSES = ("light", "medium", "heavy")
EffectResult = Literal["none", "suppressed", "wounded", "disabled", "killed"]
ShotName = Literal["unaimed", "aimed", "careful"]
SHOT_ORDER: tuple[ShotName, ...] = ("unaimed", "aimed", "careful")  # the to-hit tables' columns
ArmClass = Literal["rifle", "smg", "pistol", "mg"]  # a small arm's bands and to-hit column
GunRange = Literal["light", "heavy", "autocannon"]
DamageResult = Literal[
    "none", "occupants", "traction", "immobilised", "driver_crash", "fire", "explode",
    "stunned", "optics", "weapon", "dud", "driver_stop", "petrol_explode", "ammo_fire",
]


# ---- small pieces ---------------------------------------------------------------------------


class BandRow(Strict):
    """One range band of a blast, gun or anti-tank table: out to ``upto`` inches."""

    name: str
    upto: float = Field(gt=0)
    need: int = Field(ge=1, le=20)


class RangeTable(Strict):
    """Bands nearest first. Closer than ``minimum`` the weapon may not fire; between
    ``minimum`` and the first band's start (the text leaves it open) the first band
    applies."""

    minimum: float = Field(0.0, ge=0)
    bands: list[BandRow] = Field(min_length=1)

    @model_validator(mode="after")
    def _increasing(self) -> RangeTable:
        ups = [b.upto for b in self.bands]
        if ups != sorted(ups) or len(set(ups)) != len(ups):
            raise ValueError("bands must be listed nearest first, each reaching further")
        if self.minimum >= ups[-1]:
            raise ValueError("the minimum range must be below the last band's reach")
        return self

    @property
    def reach(self) -> float:
        return self.bands[-1].upto


class EffectRow(Strict):
    """A d6 (or d8/d10) effect table row: modified scores up to ``upto`` give ``result``."""

    upto: int
    result: EffectResult


def _check_rows(rows: list, what: str) -> None:
    ups = [r.upto for r in rows]
    if ups != sorted(ups) or len(set(ups)) != len(ups):
        raise ValueError(f"{what}: rows must be listed lowest score first")


class EffectTable(Strict):
    die: Literal["d6", "d8", "d10"] = "d6"
    rows: list[EffectRow] = Field(min_length=2)

    @model_validator(mode="after")
    def _rows(self) -> EffectTable:
        _check_rows(self.rows, "effect table")
        return self

    def result(self, score: int) -> str:
        for r in self.rows:
            if score <= r.upto:
                return r.result
        return self.rows[-1].result


class DamageRow(Strict):
    upto: int
    result: DamageResult
    count: int | None = Field(None, ge=1)  # occupants: how many (None: all)
    text: str


# ---- sections ---------------------------------------------------------------------------------


class Costs(Strict):
    per_action: int
    per_round: int  # each grenade or mortar round carried
    pistol_only: int
    minimum: int
    vehicle_mg: int  # each MG a vehicle mounts (interpretation: as an MG figure)


class Movement(Strict):
    normal: float = Field(gt=0)
    one_action: float = Field(gt=0)
    max_move_actions: int = Field(ge=1)
    rough: float = Field(ge=0)
    obstacle: float = Field(ge=0)
    wounded: float = Field(ge=0)
    carrying_alone: float = Field(ge=0)
    carrying_pair: float = Field(ge=0)
    suppressed_max: float = Field(ge=0)
    cohesion: float = Field(gt=0)
    rough_types: list[str]
    obstacle_types: list[str]
    reach: float = Field(gt=0)  # picking up a comrade, getting into a vehicle (interpretation)
    retire_search: float = Field(gt=0)  # how far a retiring team looks for cover (interpretation)


class SpotBand(Strict):
    name: str
    upto: float = Field(gt=0)
    need: int = Field(ge=1, le=10)


class SpotShifts(Strict):
    unaware: int
    stationary_in_cover: int
    observer_suppressed: int
    target_shooting: int
    optics: int
    heard: int
    slits: int


class Spotting(Strict):
    die: Literal["d10"] = "d10"
    bands: list[SpotBand] = Field(min_length=4, max_length=4)
    automatic_within: float = Field(gt=0)
    shifts: SpotShifts
    optics: list[str]  # equipment that counts as binoculars / telescopic sights

    @model_validator(mode="after")
    def _bands(self) -> Spotting:
        ups = [b.upto for b in self.bands]
        if ups != sorted(ups):
            raise ValueError("spotting bands must be listed nearest first")
        return self


class ShotType(Strict):
    name: str
    short: str  # U/S, A/S, CAS
    actions: int = Field(ge=1)
    not_for: list[ArmClass] = Field(default_factory=list)


class Shifts(Strict):
    dispersed: int
    soft_cover: int
    hard_cover: int
    vehicle_mg: int


class Shooting(Strict):
    die: Literal["d20"] = "d20"
    band_names: list[str] = Field(min_length=4, max_length=4)
    bands: dict[ArmClass, list[float]]
    shot_types: dict[ShotName, ShotType]
    to_hit: dict[str, list[list[int]]]  # table -> band -> shot type (in shot_types order)
    table_for: dict[ArmClass, str]
    shifts: Shifts
    dispersed_gap: float = Field(gt=0)
    volley_hits_on: int = Field(ge=1, le=20)
    loaders_belt_fed: int = Field(ge=0)
    loaders_other: int = Field(ge=0)
    small_arms_hits_per_damage_roll: int = Field(ge=1)

    @model_validator(mode="after")
    def _tables(self) -> Shooting:
        for k, ups in self.bands.items():
            if len(ups) != 4 or ups != sorted(ups):
                raise ValueError(f"bands.{k}: give the four upper limits, nearest first")
        for table, rows in self.to_hit.items():
            if len(rows) != 4 or any(len(r) != len(self.shot_types) for r in rows):
                raise ValueError(f"to_hit.{table}: four bands of {len(self.shot_types)} scores each")
            if any(not 1 <= v <= 20 for r in rows for v in r):
                raise ValueError(f"to_hit.{table}: scores are 1-20 on a d20")
        for cls, t in self.table_for.items():
            if t not in self.to_hit:
                raise ValueError(f"table_for.{cls}: no to_hit table '{t}'")
        return self

    def is_shot(self, name: str) -> TypeGuard[ShotName]:
        """Whether ``name`` is one of this file's shot types."""
        return name in self.shot_types


class FireEffect(Strict):
    table: EffectTable
    point_blank: int
    automatic: int  # MG / SMG / sniper
    quad: int


class Suppression(Strict):
    max: int = Field(ge=1)
    remove_die: Literal["d6"] = "d6"
    remove_target: int


class Morale(Strict):
    die: Literal["d6"] = "d6"
    retire_upto: int  # margins 0..retire_upto: retire to cover
    suppression_at: int
    fall_back_at: int
    fall_back_die: Literal["d6"] = "d6"
    rally_die: Literal["d6"] = "d6"
    rally_on: int
    rally_strength: float = Field(gt=0, le=1)


class MeleeResult(Strict):
    margin: int = Field(ge=1)
    result: Literal["pushed_back", "captured_or_pushed", "wounded", "disabled", "killed"]


class Melee(Strict):
    reach: float = Field(gt=0)
    die: Literal["d6"] = "d6"
    per_extra: int
    capture_friends: float = Field(gt=0)
    push_back: float = Field(gt=0)
    results: list[MeleeResult] = Field(min_length=1)


class BlastModifiers(Strict):
    drop_in: int
    drop_in_within: float
    ranged_in: int
    firer_moving: int
    target_moving_or_cover: int
    target_suppressed: int


class ExplosiveEffect(Strict):
    table: EffectTable
    unaware_or_enclosed: int
    cover: int


class ArtilleryDie(Strict):
    up_to_mm: float | None = None  # None: anything larger
    die: Literal["d6", "d8", "d10"]


class Artillery(Strict):
    rows: list[EffectRow] = Field(min_length=2)
    unaware_or_enclosed: int
    suppressed: int
    cover: int
    dice: list[ArtilleryDie] = Field(min_length=1)

    @model_validator(mode="after")
    def _rows(self) -> Artillery:
        _check_rows(self.rows, "artillery")
        return self

    def die_for(self, calibre: float) -> str:
        for d in self.dice:
            if d.up_to_mm is None or calibre <= d.up_to_mm:
                return d.die
        return self.dice[-1].die

    def result(self, score: int) -> str:
        for r in self.rows:
            if score <= r.upto:
                return r.result
        return self.rows[-1].result


class Blast(Strict):
    die: Literal["d20"] = "d20"
    ranges: dict[str, RangeTable]
    radius: float = Field(gt=0)
    smoke_diameter: float = Field(gt=0)
    modifiers: BlastModifiers
    effect: ExplosiveEffect
    barriers: list[str]  # terrain that shields a figure from a blast ("a wall etc.")


class Speeds(Strict):
    normal: float
    heavy: float
    heavy_rough: float
    wheeled_road: float
    small_soft_road: float


class Bogging(Strict):
    die: Literal["d6"] = "d6"
    halftrack: int
    wheeled: int
    free_on: int


class DamageModifiers(Strict):
    hvap: int
    at57: int
    flank: int
    tiger_front: int
    hull_down: int
    heavy: int
    poor_at: int
    medium: int


class FireAttack(Strict):
    die: Literal["d6"] = "d6"
    flamethrower: int
    no_effect_upto: int
    abandon_upto: int


class Vehicles(Strict):
    speeds: Speeds
    halve_in: list[str]  # area terrain that halves speed (woods)
    road_types: list[str]
    bogging: Bogging
    crash_min_move: float
    gun_ranges: dict[GunRange, RangeTable]
    damage_die: Literal["d20"] = "d20"
    soft_table: list[DamageRow]
    afv_table: list[DamageRow]
    modifiers: DamageModifiers
    fire_attack: FireAttack
    fast_move: float
    fast_penalty: int
    towards_within: float = Field(gt=0, le=90)  # degrees: "directly towards the shooter"
    ammo_fire_die: Literal["d6"] = "d6"

    @model_validator(mode="after")
    def _tables(self) -> Vehicles:
        _check_rows(self.soft_table, "soft_table")
        _check_rows(self.afv_table, "afv_table")
        return self

    def is_gun_range(self, name: str) -> TypeGuard[GunRange]:
        """Whether ``name`` is one of this file's gun range tables."""
        return name in self.gun_ranges

    def gun_range(self, name: str) -> RangeTable:
        """The gun range table ``name`` (every gun has one: data_checks.py)."""
        if not self.is_gun_range(name):
            raise KeyError(name)
        return self.gun_ranges[name]

    @staticmethod
    def row(table: list[DamageRow], score: int) -> DamageRow:
        for r in table:
            if score <= r.upto:
                return r
        return table[-1]


class AntiTank(Strict):
    die: Literal["d20"] = "d20"
    ranges: dict[str, RangeTable]


class Flamethrowers(Strict):
    shots: int = Field(ge=1)
    range: RangeTable
    effect: EffectTable


class Bunkers(Strict):
    small_arms_kill_on: int = Field(ge=1, le=20)
    die: Literal["d6"] = "d6"
    none_upto: int  # d6 up to this: no effect
    one_upto: int  # up to this: one occupant dices as hit by an MG; higher: all occupants
    weak_modifier: int
    weak_below_mm: float
    fail_on: int
    explosives_actions: int = Field(ge=1)


class Weapon(Strict):
    name: str
    category: WeaponCategory
    cost: int = 0
    belt_fed: bool = False
    tripod: bool = False  # on a tripod: a support weapon of the solo rules (a bipod LMG is not)
    bar: bool = False
    quad: bool = False
    scope: bool = False
    carbine: bool = False  # SMG bands, but not an SMG (no +1 effect, may aim carefully)
    hull: bool = False  # vehicle hull or turret mounted MG (+1 band); hull-mounted gun: front arc only
    arc: Literal["all", "front"] = "all"
    actions: int = Field(0, ge=0)  # actions to fire a grenade, mortar, gun or anti-tank weapon
    accumulate: bool = False  # actions may be saved from turn to turn
    range: str | None = None  # key of the blast, gun or anti-tank range table
    calibre: float | None = Field(None, gt=0)  # mm
    vs_afv: Literal["none", "at57", "hvap"] = "none"
    poor_at: bool = False
    damage: Literal["none", "gun", "fire"] = "none"  # against vehicles
    vs_infantry: Literal["none", "rifle_grenade", "he"] = "none"
    vs_vehicles: Literal["all", "afv", "none"] = "all"  # afv: "only effective against AFVs" (AT rifles)
    shots: int | None = Field(None, ge=1)  # a limit for the game (panzerfausts, flamethrowers)
    rounds: list[Literal["he", "smoke", "wp"]] = Field(default_factory=list)
    loaders: int | None = Field(None, ge=0)  # crew whose actions count (default from the category)

    @property
    def range_key(self) -> str:
        """The key of its range table (every weapon that needs one has one: data_checks.py)."""
        if self.range is None:
            raise KeyError(f"{self.name} has no range table")
        return self.range


class VehicleType(Strict):
    vclass: VehicleClass
    drive: Literal["tracked", "halftrack", "wheeled"]
    open_topped: bool = False
    petrol: bool = False
    tiger_front: bool = False  # -8 from the front
    tiger_all: bool = False  # -8 from anywhere (Tiger II or similar)
    schurzen: bool = False
    crew: list[str] = Field(min_length=1)  # troop types of the crew, driver included
    capacity: int = Field(0, ge=0)  # passengers
    length: float = Field(gt=0)  # hull length, inches: front and rear edges for facing
    hull_points: int = Field(ge=0)  # points for the vehicle itself (interpretation)


class Ww2Troop(TroopType):
    actions: int = Field(2, ge=0, le=3)
    nation: str = ""
    grenades: int = Field(0, ge=0)
    rounds: int = Field(0, ge=0)  # mortar / rifle grenade rounds
    charges: int = Field(0, ge=0)  # demolition charges
    vehicle: VehicleType | None = None


class Ww2Data(RulesetData):
    costs: Costs
    movement: Movement
    spotting: Spotting
    shooting: Shooting
    fire_effect: FireEffect
    suppression: Suppression
    morale: Morale
    melee: Melee
    blast: Blast
    artillery: Artillery
    vehicles: Vehicles
    anti_tank: AntiTank
    flamethrowers: Flamethrowers
    bunkers: Bunkers
    weapons: dict[str, Weapon]
    troop_types: dict[str, Ww2Troop]

    def is_vehicle_type(self, troop_type: str) -> bool:
        tt = self.troop_types.get(troop_type)
        return tt is not None and tt.vehicle is not None


# ---- figure costs ------------------------------------------------------------------------------


def figure_cost(data: Ww2Data, tt: Ww2Troop, weapons: list[str] | None = None) -> int:
    """Points for one figure: 1 per action, the weapons' costs (+4 MG/BAR, +2 assault
    rifle, +1 SMG), +1 per grenade or mortar round, -1 if armed solely with a pistol;
    never below the minimum. Vehicles add their hull points and +4 per MG mounted."""
    c = data.costs
    ws = [data.weapons[w] for w in (weapons if weapons is not None else tt.weapons)]
    if tt.vehicle is not None:
        mgs = sum(1 for w in ws if w.category == "mg")
        return tt.vehicle.hull_points + c.vehicle_mg * mgs
    pts = c.per_action * tt.actions + sum(w.cost for w in ws)
    pts += c.per_round * (tt.grenades + tt.rounds)
    if ws and all(w.category == "pistol" for w in ws):
        pts += c.pistol_only
    return max(c.minimum, pts)
