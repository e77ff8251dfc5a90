"""GOODBYEEEEEE!!!: the shapes of the weapons chart (L176-196) and the weapon rules that go
with it (machine guns, grenades, mortars, templates, tank critical hits) in
rulesets/goodbyeeee.yaml."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from game.data.pyd import MAX_DICE, DiceSpec, Strict

from .data_tables import Cm, Face, Mod, Target, faces_once


def _band(b: tuple[float, float]) -> tuple[float, float]:
    if b[0] >= b[1]:
        raise ValueError(f"a range band runs from a nearer to a further distance (got {b[0]:g}-{b[1]:g})")
    return b


#: a range band [from, to] in cm; "to" is inside the band (interpretation distances)
Band = Annotated[tuple[Cm, Cm], AfterValidator(_band)]
#: how many distance dice go with the scatter die
DiceCount = Annotated[int, Field(ge=0, le=MAX_DICE)]


class ShortLong(Strict):
    """A score needed at short and at long range."""

    short: Target
    long: Target


class TankDamage(Strict):
    """The chart's "To Damage Tank" column, in one of three shapes: "6 followed by N+"
    (``first``, ``then``: one point), "N (X damage)" (``needs``, ``damage``), or "1-6
    attacks, then 5+ for each" (``attacks``, ``each``)."""

    first: Face | None = None
    then: Target | None = None
    needs: Target | None = None
    damage: Annotated[int, Field(ge=1, le=20)] | DiceSpec | None = None
    attacks: DiceSpec | None = None
    each: Target | None = None

    @model_validator(mode="after")
    def _one_shape(self) -> TankDamage:
        shapes = {"first/then": (self.first, self.then), "needs/damage": (self.needs, self.damage),
                  "attacks/each": (self.attacks, self.each)}
        full = [k for k, v in shapes.items() if all(x is not None for x in v)]
        part = [k for k, v in shapes.items() if any(x is not None for x in v)]
        if len(full) != 1 or len(part) != 1:
            raise ValueError("give one of: first and then (\"6 followed by N+\"), needs and damage "
                             "(\"N (X damage)\"), attacks and each (\"1-6 attacks, then 5+ for each\")")
        return self


WeaponKind = Literal["aimed", "thrown", "flame", "indirect"]
#: what each kind of weapon must give, and what it may not
_NEEDS: dict[str, tuple[str, ...]] = {
    "aimed": ("short", "long", "to_hit"),
    "thrown": ("short", "long", "scatter_dice", "template"),
    "flame": ("template",),
    "indirect": ("bands", "scatter_dice", "template"),
}
_FORBIDS: dict[str, tuple[str, ...]] = {
    "aimed": ("bands", "scatter_dice", "specialist_long"),
    "thrown": ("bands", "to_hit"),
    "flame": ("short", "long", "bands", "to_hit", "scatter_dice", "specialist_long"),
    "indirect": ("short", "long", "to_hit", "specialist_long"),
}


class Weapon(Strict):
    """A row of the weapons chart. ``aimed``: rolls to hit a figure (a ``template``, if
    any, is laid where it hits); ``thrown``: lands at a point with the scatter die and
    ``scatter_dice`` d6 for short and long range; ``flame``: lays its template from the
    firer; ``indirect``: three range bands, each with its scatter dice."""

    name: str
    kind: WeaponKind
    shots: int = Field(1, ge=1, le=20)
    short: Band | None = None
    long: Band | None = None
    bands: list[Band] | None = Field(None, min_length=2, max_length=4)
    specialist_long: Band | None = None  # a grenade specialist's long range
    to_hit: ShortLong | None = None
    to_wound: ShortLong | Target
    scatter_dice: list[DiceCount] | None = None  # per band, nearest first
    template: str | None = None  # a template id
    chart_width: Cm | None = None  # the chart's other figure for a template (not used: see the readings)
    confined_to_wound: Target | None = None
    cover_saves: list[Face] | None = Field(None, min_length=1, max_length=5)  # this weapon's own cover roll
    ignores_cover: bool = False
    vs_man_to_hit: Mod = 0
    vs_tank: TankDamage | None = None  # None: it cannot damage a tank
    vs_tank_to_hit: list[Target] | None = None  # per band, when it differs against tanks
    if_moved: str | None = None  # a weapon id: what it fires as after its figure moved
    cover_rerolls_per_turn: int = Field(0, ge=0, le=6)
    spot_die: DiceSpec | None = None  # the enemy's roll to spot the firer ...
    spot_on: Target | None = None  # ... and the score it needs
    terror: Mod = 0  # the courage test of a squad facing it
    boom_die: DiceSpec | None = None  # a hit on its team explodes the fuel ...
    boom_on: Target | None = None  # ... on this score ...
    boom_template: str | None = None  # ... laying this template

    @model_validator(mode="after")
    def _kind(self) -> Weapon:
        missing = [f for f in _NEEDS[self.kind] if getattr(self, f) is None]
        if missing:
            raise ValueError(f"a weapon of kind {self.kind} needs {', '.join(missing)}")
        extra = [f for f in _FORBIDS[self.kind] if getattr(self, f) is not None]
        if extra:
            raise ValueError(f"a weapon of kind {self.kind} has no {extra[0]}; remove it")
        bands = self.range_bands()
        if any(a[1] != b[0] for a, b in zip(bands, bands[1:], strict=False)):
            raise ValueError("each range band starts where the one before ends")
        if self.scatter_dice is not None and len(self.scatter_dice) != len(bands):
            raise ValueError(f"scatter_dice gives one number per range band ({len(bands)})")
        if self.vs_tank_to_hit is not None and len(self.vs_tank_to_hit) != len(bands):
            raise ValueError(f"vs_tank_to_hit gives one score per range band ({len(bands)})")
        if (self.spot_die is None) != (self.spot_on is None) or (self.boom_die is None) != (self.boom_on is None):
            raise ValueError("give spot_die with spot_on, and boom_die with boom_on")
        if (self.boom_on is None) != (self.boom_template is None):
            raise ValueError("a weapon that explodes names its boom_template")
        return self

    def range_bands(self) -> list[tuple[float, float]]:
        """The bands nearest first (none for a template weapon)."""
        if self.bands is not None:
            return list(self.bands)
        return [b for b in (self.short, self.long) if b is not None]

    def wound_on(self, band: int = 0) -> int:
        """The to-wound score at a band (0 short, 1 long)."""
        tw = self.to_wound
        return tw if isinstance(tw, int) else (tw.short if band == 0 else tw.long)


class Jams(Strict):
    """How a machine gun jams and clears (the LMG's and the HMG's rules share the shape)."""

    jam_ones: int = Field(ge=1, le=20)
    jam_ones_one_crew: int = Field(ge=1, le=20)
    clear_turns: int = Field(ge=1, le=10)


class LmgRules(Jams):
    one_crew_shots: int = Field(ge=1, le=20)
    crew: int = Field(ge=1, le=10)
    number_two_within: Cm
    switch_within: Cm


class HmgRules(Jams):
    less_per_crew_lost: int = Field(ge=0, le=9)
    zone_width: Cm
    allocation_die: DiceSpec
    setup_turns: int = Field(ge=0, le=10)


class GrenadeRules(Strict):
    scatter_die: DiceSpec  # the file's named scatter die
    distance_die: DiceSpec
    specialist_discount: DiceCount
    per_obstruction: DiceCount
    obstructions: list[str]  # terrain type ids
    rifle_grenade_extra: DiceCount
    confined: list[str]  # terrain type ids: grenades and flame wound on their confined_to_wound there
    cant_miss_rolls: int = Field(ge=1, le=5)
    cant_miss_dice: DiceCount
    cant_miss_reach: Cm


class MortarRules(Strict):
    spotting: Literal["crew_or_nco"]
    scatter_die: DiceSpec
    distance_die: DiceSpec
    repeat_scatter_dice: int = Field(ge=1, le=5)
    repeat_range_dice_less: DiceCount


class TemplateShape(Strict):
    """A blast (``diameter`` or ``radius``) or a strip (``length`` and ``width``), in cm."""

    diameter: Cm | None = None
    radius: Cm | None = None
    length: Cm | None = None
    width: Cm | None = None

    @model_validator(mode="after")
    def _shape(self) -> TemplateShape:
        circle = [x for x in (self.diameter, self.radius) if x is not None]
        strip = [x for x in (self.length, self.width) if x is not None]
        if not ((len(circle) == 1 and not strip) or (len(strip) == 2 and not circle)):
            raise ValueError("give a blast's diameter or radius (one of them), or a strip's length and width")
        if any(x <= 0 for x in circle + strip):
            raise ValueError("a template's sizes are above 0")
        return self

    @property
    def is_blast(self) -> bool:
        return self.length is None

    def blast_radius(self) -> float:
        if self.radius is not None:
            return self.radius
        if self.diameter is None:
            raise ValueError("a strip has no radius")
        return self.diameter / 2


CriticalResult = Literal["none", "lmg_out", "gun_out", "engine", "mount_jammed"]


class CriticalRow(Strict):
    faces: list[Face] = Field(min_length=1)
    result: CriticalResult
    text: str = Field(min_length=1)


class CriticalHits(Strict):
    die: DiceSpec
    caused_by: list[str] = Field(min_length=1)  # weapon ids
    tables: dict[str, list[CriticalRow]]  # by vehicle rank
    unjam_on: Target
    restart_on: Target

    @model_validator(mode="after")
    def _tables(self) -> CriticalHits:
        for rank, rows in self.tables.items():
            try:
                faces_once([r.faces for r in rows])
            except ValueError as e:
                raise ValueError(f"tables.{rank}: {e}") from None
        return self
