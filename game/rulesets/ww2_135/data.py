"""My 1/35th Scale WWII Skirmish: the data model of rulesets/ww2-135.yaml (validated by
pydantic).

Every number of the rules text lives in the YAML file, with its line of
ww2-1-35-skirmish.txt in a comment and every reading in ``interpretations:``; this module
says what shape the weapons and troop types have (the tables are in ``data_tables.py``) and
checks the cross-references between them (``check_w135_data``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any, Literal

from pydantic import Field

from game.data.pyd import Strict
from game.data.ruleset_schema import RulesetData, TroopType
from game.data.solo_schema import check_solo_section
from game.data.terrain_types import load_terrain_file

from .data_tables import (
    ACTION_IDS,
    Acquisition,
    Action,
    AntiTank,
    BlastEffect,
    Grenades,
    HandToHand,
    Heights,
    Inches,
    Loaders,
    Morale,
    Mortar,
    Movement,
    OpportunityFire,
    Prisoners,
    Quality,
    QuotaPenalty,
    Radio,
    Saving,
    Shooting,
    Smoke,
    SuppressiveFire,
    Surrender,
    TankDamage,
    Turn,
)

WeaponKind = Literal["rifle", "carbine", "assault_rifle", "smg", "pistol", "lmg", "hmg", "quad", "anti_tank", "mortar",
                     "tank_gun"]


class Weapon(Strict):
    name: str = Field(min_length=1)
    kind: WeaponKind
    burst: bool = False  # may fire a burst: two hit rolls (L78, interpretation bursts)
    max_range: Inches | None = None  # the farthest it fires (L63-67 "Kill"; anti-tank weapons: the last band)
    suppress_range: Inches | None = None  # the farthest its suppressive fire reaches (L66 "Suppress")
    burst_range: Inches | None = None  # the farthest its bursts reach, where only its single shot is unlimited (L61, interpretation assault-rifle-auto)
    loader: bool = False  # runs dry on a double without a loader adjacent (L96)
    suppress: Literal["quad", "mg", "light"] | None = None  # its row of the suppressive-fire chances (L116-119)
    hand_to_hand: Literal["rifle", "smg", "assault_rifle", "carbine", "other"]  # its row of the fight modifiers (L222-224)
    single_shot: bool = False  # thrown away once fired (the Panzerfaust)
    burst_area: Inches | None = None  # a main gun's HE burst (interpretation vehicles)

    def bursts_at(self, inches: float) -> bool:
        """It fires a burst at a man ``inches`` off: a burst weapon, within its bursts' reach."""
        return self.burst and (self.burst_range is None or inches <= self.burst_range + 1e-9)


class W135Troop(TroopType):
    """A troop type: its weapons, equipment and default quality (L7), which a map or the
    editor may change for a figure; vehicles say which kind they are (L302-320)."""

    side_hint: str = ""
    quality: Literal["green", "experienced", "elite"]
    vehicle: Literal["tank", "soft_skin"] | None = None


class Equipment(Strict):
    name: str = Field(min_length=1)


class W135Data(RulesetData):
    """rulesets/ww2-135.yaml."""

    turn: Turn
    quality: Quality
    quota_penalty: QuotaPenalty
    actions: dict[str, Action]
    movement: Movement
    acquisition: Acquisition
    shooting: Shooting
    saving: Saving
    loaders: Loaders
    suppressive_fire: SuppressiveFire
    opportunity_fire: OpportunityFire
    grenades: Grenades
    blast_effect: BlastEffect
    smoke: Smoke
    mortar: Mortar
    radio: Radio
    hand_to_hand: HandToHand
    surrender: Surrender
    prisoners: Prisoners
    morale: Morale
    anti_tank: AntiTank
    tank_damage: TankDamage
    weapons: dict[str, Weapon] = Field(min_length=1)
    troop_types: dict[str, W135Troop] = Field(min_length=1)
    equipment: dict[str, Equipment] = Field(default_factory=dict)
    heights: Heights

    @classmethod
    def check_data(cls, data: RulesetData, doc: Any) -> None:
        """Cross-references inside the file (raise doc.error on the first problem)."""
        if not isinstance(data, W135Data):
            raise TypeError(f"W135Data.check_data checks W135Data, not {type(data).__name__}")
        check_w135_data(data, doc)

    def is_vehicle_type(self, troop_type: str) -> bool:
        tt = self.troop_types.get(troop_type)
        return tt is not None and tt.vehicle is not None

    def quota(self, quality: str) -> int:
        """The action points of a figure of ``quality`` (L7)."""
        return int(getattr(self.quality, quality))


@cache
def _terrain_ids() -> frozenset[str]:
    return frozenset(load_terrain_file().types)


def check_w135_data(data: W135Data, doc: Any) -> None:
    """Cross-references of rulesets/ww2-135.yaml: every action of the table is priced, each
    name a table uses exists, and the grenade die has the faces the rules read. Raises
    ``doc.error`` (file, line, field and the fix) on the first problem."""

    def need(ok: bool, loc: tuple, message: str) -> None:
        if not ok:
            raise doc.error(loc, message)

    def known(names: Iterable[str], table: Iterable[str], loc: tuple, what: str) -> None:
        table = list(table)
        for i, name in enumerate(names):
            need(name in table, loc + (i,), f"unknown {what} '{name}'; expected one of: {', '.join(table)}")

    for what, ids in (("interpretations", [i.id for i in data.interpretations]), ("optional_rules", [o.id for o in data.optional_rules])):
        twice = [x for i, x in enumerate(ids) if x in ids[:i]]
        need(not twice, (what,), f"'{twice[0] if twice else ''}' is listed twice; keep one")
    missing = [a for a in ACTION_IDS if a not in data.actions]
    need(not missing, ("actions",), f"price every action of the table (L10-25): {', '.join(missing)} missing")
    unknown = [a for a in data.actions if a not in ACTION_IDS]
    need(not unknown, ("actions", unknown[0] if unknown else ""), f"no such action; expected one of: {', '.join(ACTION_IDS)}")
    for aid in ("negotiate_obstacle", "open_locked_door_internal", "open_locked_door_external"):
        need(data.actions[aid].fixed() is None, ("actions", aid, "cost"), "this cost is rolled: give the dice (L14, L25)")
    for aid in ("move", "crawl"):
        need(data.actions[aid].inches is not None, ("actions", aid, "inches"), "a move says how far a point takes the figure")
    terrain = sorted(_terrain_ids())
    for section, keys in ((("terrain",), data.terrain), (("heights", "defaults"), data.heights.defaults)):
        for key in keys:
            need(key in terrain, section + (key,), f"unknown terrain type '{key}'; expected one of: {', '.join(terrain)}")
    weapons = list(data.weapons)
    for wid, w in data.weapons.items():
        loc = ("weapons", wid)
        if w.suppress is not None:
            need(w.suppress in data.suppressive_fire.chance, loc + ("suppress",), f"no suppressive-fire row '{w.suppress}'")
        if w.burst_range is not None:
            need(w.burst, loc + ("burst_range",), "only a weapon that fires bursts has a burst range (interpretation assault-rifle-auto)")
        if w.suppress_range is not None:
            need(w.suppress is not None, loc + ("suppress_range",), "only a weapon that lays suppressive fire has a suppress range (L114)")
        if w.kind == "anti_tank":
            last = data.anti_tank.bands[-1].upto
            need(w.max_range == last, loc + ("max_range",), f"an anti-tank weapon reaches its table's last band ({last:g}\")")
    for tid, tt in data.troop_types.items():
        loc = ("troop_types", tid)
        known(tt.weapons, weapons, loc + ("weapons",), "weapon")
        known(tt.equipment, list(data.equipment), loc + ("equipment",), "equipment")
        need(bool(tt.weapons), loc + ("weapons",), "a figure carries at least one weapon")
    # the grenade die (interpretation grenade-die)
    for q in ("green", "experienced", "elite"):
        need(q in data.equipment, ("equipment",), f"give the equipment '{q}' (a figure's quality other than its type's, L7)")
    need("grenade" in data.dice, ("dice",), "the grenade die (dgrenade) is missing")
    faces = data.dice["grenade"].faces
    need(len(faces) == 6, ("dice", "grenade", "faces"), "the grenade die has six faces")
    known(data.grenades.fuse_late_faces, sorted(set(faces)), ("grenades", "fuse_late_faces"), "grenade die face")
    need(any(f not in data.grenades.fuse_late_faces for f in faces), ("grenades", "fuse_late_faces"),
         "some face of the grenade die must go off at once")
    for k, face in enumerate(data.grenades.return_explodes_on):
        need(faces[face - 1] not in data.grenades.fuse_late_faces, ("grenades", "return_explodes_on", k),
             "a grenade thrown back goes off in the hand on an explosion face (the red one, L174)")
    need(data.mortar.min_range < data.mortar.max_range, ("mortar", "min_range"), "the mortar's least range is below its most")
    check_solo_section(data, doc)
