"""Terrain types: what each kind of terrain does to sight, cover and movement.

The shared file ``rulesets/terrain.yaml`` defines every type; a ruleset may override
fields of a type in its own ``terrain:`` section (a ruleset where craters give hard
cover says so). Lengths are in the file's unit and converted to millimetres here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field

from game.geometry.terrain import TerrainType
from game.geometry.units import to_mm

from .pyd import Strict, validate_model
from .yamlio import Doc, check_complete, load_yaml

Colour = str


class TerrainTypeSpec(Strict):
    name: str
    shape: Literal["area", "line"]
    los: Literal["clear", "hinders", "blocks", "woods", "hill"] = "clear"
    see_out: bool = False
    cover: Literal["none", "soft", "hard"] = "none"
    cover_reach: float = Field(0.0, ge=0)
    sight_depth: float = Field(0.0, ge=0)
    blocks_movement: Literal["none", "vehicles", "all"] = "none"
    default_width: float = Field(0.0, ge=0)
    dynamic: bool = False
    colour: Colour = "#808080"
    edge: Colour = "#404040"
    pattern: str = "plain"
    description: str = ""


class TerrainOverride(Strict):
    los: Literal["clear", "hinders", "blocks", "woods", "hill"] | None = None
    see_out: bool | None = None
    cover: Literal["none", "soft", "hard"] | None = None
    cover_reach: float | None = Field(None, ge=0)
    sight_depth: float | None = Field(None, ge=0)
    blocks_movement: Literal["none", "vehicles", "all"] | None = None
    note: str = ""


class TerrainFile(Strict):
    kind: Literal["terrain-types"]
    unit: Literal["in", "cm", "ft", "mm"]
    types: dict[str, TerrainTypeSpec]
    end: Literal["terrain-types"]  # the last line: a file cut short is refused


DEFAULT_PATH = Path(__file__).resolve().parents[2] / "rulesets" / "terrain.yaml"


def load_terrain_file(path: str | Path = DEFAULT_PATH) -> TerrainFile:
    doc: Doc = load_yaml(path)
    check_complete(doc, "terrain-types")
    return validate_model(TerrainFile, doc)


def build_types(
    tf: TerrainFile, overrides: dict[str, TerrainOverride] | None = None, unit: str | None = None
) -> dict[str, TerrainType]:
    """Geometry terrain types in mm, with a ruleset's overrides (lengths in ``unit``)."""
    out: dict[str, TerrainType] = {}
    for tid, spec in tf.types.items():
        fields = spec.model_dump()
        o = (overrides or {}).get(tid)
        o_unit = unit or tf.unit
        reach = to_mm(spec.cover_reach, tf.unit)
        depth = to_mm(spec.sight_depth, tf.unit)
        if o is not None:
            for k, v in o.model_dump(exclude={"note"}).items():
                if v is not None:
                    fields[k] = v
            if o.cover_reach is not None:
                reach = to_mm(o.cover_reach, o_unit)
            if o.sight_depth is not None:
                depth = to_mm(o.sight_depth, o_unit)
        out[tid] = TerrainType(
            id=tid,
            name=fields["name"],
            shape=fields["shape"],
            los=fields["los"],
            see_out=fields["see_out"],
            cover=fields["cover"],
            cover_reach=reach,
            sight_depth=depth,
            blocks_movement=fields["blocks_movement"],
            default_width=to_mm(spec.default_width, tf.unit),
            dynamic=fields["dynamic"],
        )
    return out
