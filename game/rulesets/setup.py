"""A game's first state, set up from a map: what every ruleset shares before its own
additions (``RulesetBase.init_state``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.keys import SideKey, StateKey
from game.core.names import tell_sides_apart
from game.core.state import Figure, GameState, Side, Unit
from game.data.map_build import zone_polygon
from game.data.map_schema import MapFile
from game.geometry.units import to_mm

if TYPE_CHECKING:
    from game.rulesets.base import RulesetBase

# figures face away from their own table edge unless the map says otherwise
FACING_FROM_EDGE = {"south": 270.0, "north": 90.0, "west": 0.0, "east": 180.0}


def state_from_map(rules: RulesetBase[Any], m: MapFile, options: dict[str, Any]) -> GameState:
    """Sides, units and figures placed as the map says, the side order, the victory
    conditions, deployment zones, options and settings."""
    scale = to_mm(1.0, m.unit)
    sides: dict[str, Side] = {}
    units: dict[str, Unit] = {}
    figures: dict[str, Figure] = {}
    zones: dict[str, list] = {}
    for s in m.sides:
        sides[s.id] = Side(s.id, s.name, s.colour, s.home_edge, dict(s.attrs))
        if s.team is not None:
            sides[s.id].attrs[SideKey.TEAM] = s.team
        if s.deployment is not None:
            zones[s.id] = [list(p) for p in zone_polygon(s.deployment, m.unit).exterior.coords]
        for u in s.units:
            unit = Unit(u.id, s.id, u.name, u.kind, [], {}, dict(u.attrs))
            for i, fs in enumerate(u.figures):
                tt = rules.data.troop_types[fs.type]
                fid = fs.id or f"{u.id}.{i + 1}"
                base = tt.base if tt.base else rules.data.base_diameter
                fig = Figure(
                    id=fid,
                    unit=u.id,
                    side=s.id,
                    type=fs.type,
                    name=fs.name or tt.name,
                    x=fs.at[0] * scale,
                    y=fs.at[1] * scale,
                    facing=fs.facing if fs.facing is not None else FACING_FROM_EDGE[s.home_edge],
                    radius=rules.mm(base) / 2,
                    weapons=list(fs.weapons if fs.weapons is not None else tt.weapons),
                    equipment=list(fs.equipment or tt.equipment),
                )
                figures[fid] = fig
                unit.figures.append(fid)
            units[u.id] = unit
    order = side_order(m)
    state = GameState(
        ruleset=rules.data.id,
        scenario=m.name,
        sides=sides,
        units=units,
        figures=figures,
        side_order=order,
    )
    tell_sides_apart(state)
    state.attrs[StateKey.VICTORY] = {
        "turn_limit": m.victory.turn_limit,
        "otherwise": m.victory.otherwise,
        "objectives": {
            o.id: {"name": o.name, "x": o.at[0] * scale, "y": o.at[1] * scale, "radius": o.radius * scale}
            for o in m.objectives
        },
        "conditions": [c.model_dump() for c in m.victory.conditions],
    }
    if not rules.fled_are_casualties:  # kept only when so, as every state without it reads the same
        state.attrs[StateKey.VICTORY]["fled_lost"] = False
    state.attrs[StateKey.ZONES] = zones
    state.attrs[StateKey.OPTIONS] = {**rules.data.option_defaults(), **options}
    state.attrs[StateKey.SETTINGS] = dict(m.settings)
    return state


def side_order(m: MapFile) -> list[str]:
    """The order the map's sides play in: its ``first_side`` first, then round the table
    (the sides sit in the map's order, clockwise)."""
    seats = [s.id for s in m.sides]
    i = seats.index(m.first_side) if m.first_side in seats else 0
    return seats[i:] + seats[:i]
