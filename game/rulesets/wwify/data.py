"""WWIFY AR:SE: the data model of rulesets/wwify.yaml (validated by pydantic).

Every number of the rules text lives in the YAML file; this module only says what shape
the numbers have, and checks cross-references between them (``check_wwify_data``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from game.data.map_schema import Pt, Strike
from game.data.pyd import MAX_DICE, DiceSpec, Strict, validate_part
from game.data.ruleset_schema import RulesetData, TroopType
from game.geometry.grid import ArtilleryGrid
from game.geometry.units import to_mm
from game.rulesets.wwify.status import WwifyUnitAttr

Category = Literal[
    "infantry", "cavalry", "sniper", "hmg", "mortar", "field_gun", "crew", "large_creature", "flyer", "vehicle"
]
UnitKind = Literal["squad", "hmg", "mortar", "field_gun", "sniper", "large_creature", "flyer", "vehicle"]
UNIT_KINDS: tuple[str, ...] = ("squad", "hmg", "mortar", "field_gun", "sniper", "large_creature", "flyer", "vehicle")
SUPPORT_KINDS = ("hmg", "mortar", "field_gun")
SINGLE_MODEL_KINDS = ("sniper", "large_creature", "flyer", "vehicle")
#: a unit the solo force table makes takes the kind its troops make (solo.py solo_placed)
KIND_OF_CATEGORY = {"vehicle": "vehicle", "flyer": "flyer", "large_creature": "large_creature", "hmg": "hmg",
                    "mortar": "mortar", "field_gun": "field_gun", "sniper": "sniper"}


def troops_kind(categories: list[str]) -> str:
    """The kind of unit figures of these categories make: a squad unless one of them is a
    gun model, a sniper or a lone model."""
    return next((KIND_OF_CATEGORY[c] for c in categories if c in KIND_OF_CATEGORY), "squad")


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
    dice: list[Annotated[int, Field(ge=0, le=MAX_DICE)] | None]  # dice per range band; null: cannot fire at that range
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
    square_die: DiceSpec  # d10 on a 10 x 4 ft table; other tables roll dN over their 2 ft squares
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

    def cuts(self) -> tuple[int, ...]:
        """The faces where a row starts, for odds that walk one branch per row (rows of
        faces that are not a run, such as 1, 3 and 5, get none: every face is walked)."""
        runs = all(sorted(r.faces) == list(range(min(r.faces), max(r.faces) + 1)) for r in self.rows)
        return tuple(sorted(min(r.faces) for r in self.rows)) if runs else ()


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
    fled_are_casualties: bool  # figures that fled the table count toward breaking a side


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
    carry_reach: float = Field(gt=0)  # materials are picked up or handed over within this (base edge to base edge, or to a pile)
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

    def is_vehicle_type(self, troop_type: str) -> bool:
        tt = self.troop_types.get(troop_type)
        return tt is not None and tt.category == "vehicle"

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
        for i, wname in enumerate(tt.weapons):
            if wname not in data.weapons:
                raise doc.error(("troop_types", tid, "weapons", i), f"unknown weapon '{wname}'; expected one of: {', '.join(data.weapons)}")
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
    _check_force_table(data, doc)


def _check_force_table(data: WwData, doc) -> None:
    """Each unit the solo force table can make passes the checks a map's unit does (one
    side's troops, a squad's make-up, a gun and its crew, a lone model): a portal brings on
    nothing a map could not hold. Unknown troop types are left to check_solo_section."""
    sec = data.solo
    if sec is None:
        return
    for i, e in enumerate(sec.force_table):
        groups = [((), e)] if not e.units else [(("units", g), u) for g, u in enumerate(e.units)]
        for at, grp in groups:
            for k, troops in enumerate(grp.choices()):
                if not troops or any(t not in data.troop_types for t in troops):
                    continue
                where = ("solo", "force_table", i, *at, *(("troops",) if k == 0 else ("alternatives", k - 1)))
                tts = [data.troop_types[t] for t in troops]
                if len({t.side for t in tts} - {"any"}) > 1:
                    raise doc.error(where, "a unit's troops fight for one side")
                problem = unit_problem(data, troops_kind([t.category for t in tts]), tts)
                if problem:
                    raise doc.error(where, f"{problem}: a map's unit like it is refused")


class BridgeSite(Strict):
    """A gap engineers may bridge: its two ends, and how much of it is built at the start."""

    id: str
    name: str = "Bridge"
    line: tuple[Pt, Pt]
    built: float = Field(0, ge=0)


class MaterialDump(Strict):
    """A pile of engineers' materials on the table at the start, in actions' worth."""

    at: Pt
    amount: int = Field(ge=1, le=1000)


class WwifySettings(Strict):
    """A map's WWIFY settings: the good side, bridge sites, prepared strikes and dumps of
    bridging materials."""

    good_side: str | None = None
    bridge_sites: list[BridgeSite] | None = Field(None, max_length=200)
    artillery_strikes: list[Strike] | None = Field(None, max_length=200)
    material_dumps: list[MaterialDump] | None = Field(None, max_length=200)


def wwify_settings(doc, m) -> WwifySettings:
    return validate_part(WwifySettings, doc, ("settings",), m.settings)


def check_wwify_map(data: WwData, doc, m) -> None:
    """A map's WWIFY settings (good side, bridge sites, prepared strikes) and forces."""
    sides = [s.id for s in m.sides]
    known = {"good_side", "bridge_sites", "artillery_strikes", "material_dumps"}
    for k in m.settings:
        if k not in known:
            raise doc.error(("settings", k), f"unknown setting '{k}' for WWIFY; expected one of: {', '.join(sorted(known))}")
    settings = wwify_settings(doc, m)
    good = settings.good_side or sides[0]
    if good not in sides:
        raise doc.error(("settings", "good_side"), f"good_side must name a side ({', '.join(sides)})")
    grid = ArtilleryGrid(to_mm(m.table.width, m.unit), to_mm(m.table.height, m.unit))
    for i, s in enumerate(settings.artillery_strikes or []):
        if s.side not in sides:
            raise doc.error(("settings", "artillery_strikes", i, "side"), f"unknown side '{s.side}'")
        try:
            ok = grid.has_square(*grid.parse(s.square))
        except ValueError:
            ok = False
        if not ok:
            raise doc.error(("settings", "artillery_strikes", i, "square"), f"'{s.square}' is not a square of this table's grid")
    strikes: list[tuple[tuple[str | int, ...], str | None]] = [
        (("artillery_strikes", i, "shell"), st.shell) for i, st in enumerate(m.artillery_strikes)]
    strikes += [(("settings", "artillery_strikes", i, "shell"), st.shell) for i, st in enumerate(settings.artillery_strikes or [])]
    for where, shell in strikes:
        if shell is not None and shell not in ("he", "smoke", "gas"):
            raise doc.error(where, f"a strike's shell is he, smoke or gas, not '{shell}'")
    for i, dump in enumerate(settings.material_dumps or []):
        x, y = dump.at
        if not (0 <= x <= m.table.width and 0 <= y <= m.table.height):
            raise doc.error(("settings", "material_dumps", i, "at"), f"the dump at [{x:g}, {y:g}] is off the {m.table.width:g} x {m.table.height:g} table")
    seen: set[str] = set()
    for i, site in enumerate(settings.bridge_sites or []):
        loc = ("settings", "bridge_sites", i)
        if site.id in seen:
            raise doc.error(loc + ("id",), f"bridge site id '{site.id}' is used twice")
        seen.add(site.id)
        for (x, y) in site.line:
            if not (0 <= x <= m.table.width and 0 <= y <= m.table.height):
                raise doc.error(loc + ("line",), f"the bridge site's end [{x:g}, {y:g}] is off the {m.table.width:g} x {m.table.height:g} table")
        (x0, y0), (x1, y1) = site.line
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        if length <= 0:
            raise doc.error(loc + ("line",), "the bridge site's two ends are one point; give the ends of the gap")
        if site.built > length + 1e-9:
            raise doc.error(loc + ("built",), f"built must be between 0 and the site's length ({length:.1f})")
    for si, s in enumerate(m.sides):
        align = "good" if s.id == good else "evil"
        for ui, u in enumerate(s.units):
            _check_unit(data, doc, ("sides", si, "units", ui), u, align)


def _check_unit(data: WwData, doc, loc, u, align: str) -> None:
    tts = [data.troop_types[f.type] for f in u.figures]
    cats = [t.category for t in tts]
    if u.kind not in UNIT_KINDS:
        raise doc.error(loc + ("kind",), f"unit kind '{u.kind}' is not one of: {', '.join(UNIT_KINDS)}")
    for fi, (f, t) in enumerate(zip(u.figures, tts, strict=True)):
        if t.side != "any" and t.side != align:
            raise doc.error(loc + ("figures", fi, "type"), f"'{f.type}' fights for the Forces of {t.side.title()}, not this side")
        if "medic" in (f.equipment or t.equipment) and u.kind not in SINGLE_MODEL_KINDS:
            raise doc.error(loc + ("figures", fi, "equipment"), "an attached-medic token is for a sniper, large creature, vehicle or flyer; squads and crews take a medic figure")
    problem = unit_problem(data, u.kind, tts)
    if problem:
        raise doc.error(loc, problem)
    mats = u.attrs.get(WwifyUnitAttr.MATERIALS, 0)
    cap = sum(data.engineers.carry.get(c, 0) for c in cats)
    if not isinstance(mats, int) or mats < 0:
        raise doc.error(loc + ("attrs", WwifyUnitAttr.MATERIALS), "materials is a whole number of actions' worth")
    if mats > cap:
        raise doc.error(loc + ("attrs", WwifyUnitAttr.MATERIALS), f"this unit can carry at most {cap} actions' worth of material")


def unit_problem(data: WwData, kind: str, tts: list[WwTroop]) -> str | None:
    """What is wrong with a unit of ``kind`` made of these troop types (None: nothing): a
    squad's make-up (reading squads), a gun and its crew, a lone model."""
    cats = [t.category for t in tts]
    if kind == "squad":
        if any(c not in ("infantry", "cavalry") for c in cats):
            return "a squad holds infantry or cavalry figures only"
        if len(tts) > data.squads.max_size:
            return f"a squad has at most {data.squads.max_size} figures (this one has {len(tts)})"
        if len(set(cats)) > 1:
            return "a squad is all infantry or all cavalry"
        if any(t.engineer for t in tts) and any(not (t.engineer or t.medic or t.role == "officer") for t in tts):
            return "engineers form squads of their own (with at most an officer and a medic)"
    elif kind in SUPPORT_KINDS:
        guns = [c for c in cats if c == kind]
        rest = [t for t in tts if t.category != kind]
        if len(guns) != 1 or any(not (t.category == "crew" or t.medic) for t in rest):
            return f"a {kind.replace('_', ' ')} unit is one {kind.replace('_', ' ')} model with crew figures (and a medic)"
    elif cats != [kind]:
        return f"a {kind.replace('_', ' ')} unit is a single {kind.replace('_', ' ')} figure"
    return None
