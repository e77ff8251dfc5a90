"""WW2 Skirmish: the cross-references between the tables of rulesets/ww2-skirmish.yaml
that its schema (data.py) cannot say: weapons named by troop types exist, vehicles have a
driver, every weapon has the range table its category needs, terrain types are known.
Each problem names its place in the file."""

from __future__ import annotations

from math import hypot
from typing import Any

from pydantic import Field

from game.data.map_schema import MapFile
from game.data.pyd import Strict
from game.geometry.units import to_mm
from game.rulesets.ww2_skirmish.data import SMALL_ARMS, Ww2Data
from game.rulesets.ww2_skirmish.status import Ww2UnitAttr


class Ww2Settings(Strict):
    """A map's settings for WW2 Skirmish: the terrain features (by id) that engineers
    may demolish; the sides whose AFVs and infantry are on one radio net (the AFV chart's
    "Friendly infantry within 6" or in contact by radio etc.")."""

    demolition_targets: list[str] = Field(default_factory=list, max_length=200)
    radio_net: list[str] = Field(default_factory=list, max_length=8)


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


def check_ww2_cohesion(data: Ww2Data, doc: Any, m: MapFile) -> None:
    """Fire teams start in cohesion ("Members of a Fire Team must remain within 2" of each
    other"): the figures of a team on foot form one group in which each is within the
    cohesion distance of another, measured between the edges of their bases (a gun counts
    as a member of its crew's team). Vehicles and teams that start riding in one are left
    out."""
    reach = to_mm(data.movement.cohesion, data.unit)
    for si, side in enumerate(m.sides):
        for ui, u in enumerate(side.units):
            if u.attrs.get(Ww2UnitAttr.IN_VEHICLE):
                continue
            figs = []
            for fi, f in enumerate(u.figures):
                tt = data.troop_types[f.type]
                if tt.vehicle is None:  # a gun's crew keep together through the gun
                    r = to_mm(tt.base or data.base_diameter, data.unit) / 2
                    figs.append((fi, (to_mm(f.at[0], m.unit), to_mm(f.at[1], m.unit)), r))
            if not figs:
                continue
            group = [figs[0]]
            rest = figs[1:]
            grown = True
            while rest and grown:
                near = [g for g in rest if any(_gap(g, h) <= reach + 1e-6 for h in group)]
                grown = bool(near)
                group += near
                rest = [g for g in rest if g not in near]
            if rest:
                fi, _, _ = rest[0]
                gap = min(_gap(rest[0], h) for h in group) / to_mm(1.0, data.unit)
                mark = '"' if data.unit == "in" else f" {data.unit}"
                raise doc.error(("sides", si, "units", ui, "figures", fi, "at"),
                                f"figure {fi + 1} of unit '{u.id}' stands {gap:.1f}{mark} from the nearest figure of its team (edge to edge); "
                                f"fire team members must start within {data.movement.cohesion:g}{mark} of each other")


def _gap(a: tuple[int, tuple[float, float], float], b: tuple[int, tuple[float, float], float]) -> float:
    return hypot(a[1][0] - b[1][0], a[1][1] - b[1][1]) - a[2] - b[2]


def _terrain_ids() -> set[str]:
    from game.data.terrain_types import load_terrain_file

    return set(load_terrain_file().types)
