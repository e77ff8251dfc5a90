"""WW2 Skirmish: the cross-references between the tables of rulesets/ww2-skirmish.yaml
that its schema (data.py) cannot say: weapons named by troop types exist, vehicles have a
driver, every weapon has the range table its category needs, terrain types are known.
Each problem names its place in the file."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from game.data.pyd import Strict
from game.rulesets.ww2_skirmish.data import SMALL_ARMS, Ww2Data


class Ww2Settings(Strict):
    """A map's settings for WW2 Skirmish: the terrain features (by id) that engineers
    may demolish."""

    demolition_targets: list[str] = Field(default_factory=list, max_length=200)


def check_ww2_data(data: Ww2Data, doc: Any) -> None:
    sh = data.shooting
    for tid, tt in data.troop_types.items():
        for i, w in enumerate(tt.weapons):
            if w not in data.weapons:
                raise doc.error(("troop_types", tid, "weapons", i), f"unknown weapon '{w}'; expected one of: {', '.join(sorted(data.weapons))}")
        if tt.vehicle is not None:
            for i, c in enumerate(tt.vehicle.crew):
                ct = data.troop_types.get(c)
                if ct is None or ct.vehicle is not None:
                    raise doc.error(("troop_types", tid, "vehicle", "crew", i), f"crew '{c}' must be an infantry troop type of this file")
            if not any(data.troop_types[c].role == "driver" for c in tt.vehicle.crew):
                raise doc.error(("troop_types", tid, "vehicle", "crew"), "a vehicle's crew needs a driver (a troop type with role: driver)")
    for wid, weapon in data.weapons.items():
        loc = ("weapons", wid)
        if weapon.category in SMALL_ARMS:
            cls = "rifle" if weapon.category == "assault_rifle" else weapon.category
            if cls not in sh.bands or cls not in sh.table_for:
                raise doc.error(loc, f"no range bands or to-hit table for {cls}")
        if weapon.category in ("grenade", "rifle_grenade", "mortar"):
            if weapon.range not in data.blast.ranges:
                raise doc.error(loc + ("range",), f"a {weapon.category} needs a blast range table ({', '.join(data.blast.ranges)})")
            if weapon.actions < 1:
                raise doc.error(loc + ("actions",), "say how many actions it takes to fire")
        if weapon.category == "gun":
            if weapon.range not in data.vehicles.gun_ranges:
                raise doc.error(loc + ("range",), f"a gun needs a gun range table ({', '.join(data.vehicles.gun_ranges)})")
            if weapon.calibre is None:
                raise doc.error(loc + ("calibre",), "a gun needs its calibre in mm")
        if weapon.category in ("at", "flamethrower") and weapon.range not in data.anti_tank.ranges:
            raise doc.error(loc + ("range",), f"an anti-tank weapon needs an anti-tank range table ({', '.join(data.anti_tank.ranges)})")
        if weapon.category == "at" and weapon.vs_infantry == "rifle_grenade" and "rifle_grenade" not in data.blast.ranges:
            raise doc.error(loc + ("vs_infantry",), "there is no rifle_grenade blast range table")
        if weapon.category in ("gun", "at", "flamethrower", "grenade", "rifle_grenade", "mortar", "explosives") and weapon.actions < 1:
            raise doc.error(loc + ("actions",), "say how many actions it takes to fire")
    for t in data.movement.rough_types + data.movement.obstacle_types + data.vehicles.halve_in + data.vehicles.road_types + data.blast.barriers:
        if t not in _terrain_ids():
            raise doc.error(("movement",), f"unknown terrain type '{t}'")


def _terrain_ids() -> set[str]:
    from game.data.terrain_types import load_terrain_file

    return set(load_terrain_file().types)
