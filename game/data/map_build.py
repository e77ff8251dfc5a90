"""Map files checked against the terrain types and a ruleset, and turned into geometry.

Checks beyond the schema: terrain types exist, shapes are valid (no self-intersection),
everything sits on the table, ids are unique, figures use troop types and weapons the
ruleset defines and stand in their side's deployment zone, references between sections
resolve. The first problem found is raised as a one-line :class:`DataError`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

import shapely
from shapely import affinity
from shapely.geometry import LineString, Point, Polygon, box
from shapely.validation import explain_validity

from game.geometry.table import Table
from game.geometry.terrain import Opening, TerrainFeature, TerrainType
from game.geometry.units import to_mm

from .map_schema import MapFile, Rect, TerrainSpec, Zone
from .ruleset_schema import RulesetData
from .yamlio import Doc


def _suggest(word: str, choices: Iterable[str]) -> str:
    choices = sorted(choices)
    close = difflib.get_close_matches(word, choices, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return f"{hint}; expected one of: {', '.join(choices)}"


def rect_polygon(r: Rect) -> Polygon:
    poly = box(r.x, r.y, r.x + r.w, r.y + r.h)
    if r.angle:
        poly = affinity.rotate(poly, r.angle, origin="centroid")
    return poly


def shape_geometry(spec: TerrainSpec | Zone, scale: float = 1.0):
    """The shapely geometry of a terrain feature or zone, scaled from map units."""
    if spec.polygon is not None:
        g = Polygon(spec.polygon)
    elif spec.rect is not None:
        g = rect_polygon(spec.rect)
    elif spec.circle is not None:
        g = Point(spec.circle.center).buffer(spec.circle.radius, quad_segs=16)
    elif isinstance(spec, TerrainSpec):  # a zone is always one of the shapes above
        g = LineString(spec.line)
    else:
        raise TypeError(f"a zone without a shape: {spec!r}")
    if scale != 1.0:
        g = affinity.scale(g, scale, scale, origin=(0, 0))
    return g


def invalid_words(why: str) -> str:
    """Shapely's reason a polygon is invalid ("Self-intersection[47.25 17.5]"), in words."""
    m = re.match(r"(Ring )?Self-intersection\[([-\d.e]+) ([-\d.e]+)\]", why)
    if m:
        return f"the outline crosses itself (self-intersecting) near ({float(m[2]):g}, {float(m[3]):g}); reorder the points so it does not"
    return f"{why}; redraw the outline"


def _check_shape(doc: Doc, loc: tuple, spec: TerrainSpec | Zone, table: Polygon, what: str) -> None:
    if spec.polygon is not None:
        if len(spec.polygon) < 3:
            raise doc.error(loc + ("polygon",), f"a polygon needs at least 3 points, got {len(spec.polygon)}")
        poly = Polygon(spec.polygon)
        if not poly.is_valid:
            why = explain_validity(poly)
            raise doc.error(loc + ("polygon",), f"invalid polygon: {invalid_words(why)}")
        if poly.area <= 0:
            raise doc.error(loc + ("polygon",), "the polygon has no area; its points lie on one line")
    line = getattr(spec, "line", None)
    if line is not None and len(line) < 2:
        raise doc.error(loc + ("line",), f"a line needs at least 2 points, got {len(line)}")
    if line is not None and LineString(line).length <= 0:
        raise doc.error(loc + ("line",), "the line has no length")
    g = shape_geometry(spec)
    if not g.intersects(table):
        raise doc.error(loc, f"{what} lies entirely off the table")


#: a table's sides, in mm: from 6 inches to 20 feet
TABLE_MM = (150.0, 6100.0)
#: terrain may run off the table's edge by this share of the table's size (a wood cut by
#: the edge), never further: geometry far off the table is a typo, and costs the game time
OVERHANG = 0.25


def _check_table(doc: Doc, m: MapFile) -> None:
    lo, hi = TABLE_MM
    for name in ("width", "height"):
        mm = to_mm(getattr(m.table, name), m.unit)
        if not lo <= mm <= hi:
            raise doc.error(("table", name), f"a table {getattr(m.table, name):g} {m.unit} {'wide' if name == 'width' else 'deep'} "
                            f"is out of reach; tables are from 6 in (15 cm) to 20 ft (610 cm) a side")


def _check_extent(doc: Doc, loc: tuple, g, m: MapFile, what: str) -> None:
    """Geometry stays within the table and its overhang."""
    w, h = m.table.width, m.table.height
    x0, y0, x1, y1 = g.bounds
    if x0 < -OVERHANG * w or y0 < -OVERHANG * h or x1 > w * (1 + OVERHANG) or y1 > h * (1 + OVERHANG):
        raise doc.error(loc, f"{what} reaches [{x0:g}, {y0:g}] to [{x1:g}, {y1:g}], far beyond the {w:g} x {h:g} {m.unit} table; "
                             f"keep it within a quarter of the table's size of its edge")


def check_map(doc: Doc, m: MapFile, terrain_types: dict, ruleset: RulesetData | None) -> None:
    _check_table(doc, m)
    table = box(0, 0, m.table.width, m.table.height)
    side_ids = [s.id for s in m.sides]
    if len(set(side_ids)) != len(side_ids):
        raise doc.error(("sides",), "two sides share an id; give each side its own id")
    if ruleset is not None and m.ruleset != ruleset.id:
        raise doc.error(("ruleset",), f"this map is for '{m.ruleset}', not '{ruleset.id}'")
    if ruleset is not None and len(m.sides) > ruleset.MAX_SIDES:
        raise doc.error(("sides",), f"{ruleset.name} is played by {ruleset.MAX_SIDES} sides at most; this map has {len(m.sides)}: "
                                    f"remove {len(m.sides) - ruleset.MAX_SIDES} of them")

    seen_terrain: set[str] = set()
    for i, t in enumerate(m.terrain):
        loc = ("terrain", i)
        if t.type not in terrain_types:
            raise doc.error(loc + ("type",), f"unknown terrain type '{t.type}'" + _suggest(t.type, terrain_types))
        tt = terrain_types[t.type]
        if tt.dynamic:
            raise doc.error(loc + ("type",), f"'{t.type}' clouds are placed during play, not on a map")
        if tt.shape == "line" and t.line is None:
            raise doc.error(loc, f"a {t.type} is a line feature: give it `line: [[x, y], ...]`")
        if tt.shape == "area" and t.line is not None:
            raise doc.error(loc, f"a {t.type} is an area: give it a polygon, rect or circle, not a line")
        if t.level and t.type != "hill":
            raise doc.error(loc + ("level",), "only hills have a level")
        if t.type == "hill" and t.level < 1:
            raise doc.error(loc + ("level",), "a hill needs `level: 1` or higher")
        _check_shape(doc, loc, t, table, f"terrain feature {i} ({t.type})")
        _check_extent(doc, loc, shape_geometry(t), m, f"terrain feature {i} ({t.type})")
        if t.width is not None and t.width > min(m.table.width, m.table.height) / 4:
            raise doc.error(loc + ("width",), f"a {t.type} {t.width:g} {m.unit} wide is wider than a quarter of the table; give its real width")
        _check_openings(doc, loc, t, m)
        if t.id:
            if t.id in seen_terrain:
                raise doc.error(loc + ("id",), f"terrain id '{t.id}' is used twice")
            seen_terrain.add(t.id)

    obj_ids: set[str] = set()
    for i, o in enumerate(m.objectives):
        if o.id in obj_ids:
            raise doc.error(("objectives", i, "id"), f"objective id '{o.id}' is used twice")
        obj_ids.add(o.id)
        if not table.covers(Point(o.at)):
            raise doc.error(("objectives", i, "at"), f"objective at {list(o.at)} is off the {m.table.width} x {m.table.height} table")
        if o.radius > max(m.table.width, m.table.height):
            raise doc.error(("objectives", i, "radius"), f"a radius of {o.radius:g} {m.unit} is wider than the table; an objective is a place on it")

    unit_ids: set[str] = set()
    fig_ids: set[str] = set()
    for si, side in enumerate(m.sides):
        zone = None
        if side.deployment is not None:
            _check_shape(doc, ("sides", si, "deployment"), side.deployment, table, "deployment zone")
            zone = shape_geometry(side.deployment)
            _check_extent(doc, ("sides", si, "deployment"), zone, m, "deployment zone")
        for ui, unit in enumerate(side.units):
            uloc = ("sides", si, "units", ui)
            if unit.id in unit_ids:
                raise doc.error(uloc + ("id",), f"unit id '{unit.id}' is used twice")
            unit_ids.add(unit.id)
            for fi, fig in enumerate(unit.figures):
                floc = uloc + ("figures", fi)
                fid = fig.id or f"{unit.id}.{fi + 1}"  # as the game names it (rulesets.setup)
                if fid in fig_ids:
                    named = "" if fig.id else f" (the name the game gives figure {fi + 1} of unit '{unit.id}')"
                    raise doc.error(floc + ("id",) if fig.id else floc,
                                    f"figure id '{fid}'{named} is used twice; give each figure its own id")
                fig_ids.add(fid)
                x, y = fig.at
                if not (0 <= x <= m.table.width and 0 <= y <= m.table.height):
                    raise doc.error(
                        floc + ("at",),
                        f"figure at [{x:g}, {y:g}] is off the table (0..{m.table.width:g} x 0..{m.table.height:g} {m.unit}); move it onto the table",
                    )
                if zone is not None and not zone.buffer(1e-9).covers(Point(x, y)):
                    raise doc.error(floc + ("at",), f"figure at [{x:g}, {y:g}] is outside {side.name}'s deployment zone")
                _check_standing(doc, floc, m, Point(x, y), fig.type, terrain_types, ruleset)
                if ruleset is not None:
                    if fig.type not in ruleset.troop_types:
                        raise doc.error(floc + ("type",), f"unknown troop type '{fig.type}'" + _suggest(fig.type, ruleset.troop_types))
                    gear = ruleset.equipment_ids()
                    for ei, item in enumerate(fig.equipment):
                        if item not in gear:
                            raise doc.error(floc + ("equipment", ei), f"unknown equipment '{item}'" + _suggest(item, gear or {"(none in this ruleset)"}))
                    weapons = ruleset.weapon_ids()
                    for wi, w in enumerate(fig.weapons or []):
                        if weapons and w not in weapons:
                            raise doc.error(floc + ("weapons", wi), f"unknown weapon '{w}'" + _suggest(w, weapons))

    if m.first_side is not None and m.first_side not in side_ids:
        raise doc.error(("first_side",), f"unknown side '{m.first_side}'" + _suggest(m.first_side, side_ids))
    for ci, c in enumerate(m.victory.conditions):
        if c.side not in side_ids:
            raise doc.error(("victory", "conditions", ci, "side"), f"unknown side '{c.side}'" + _suggest(c.side, side_ids))
        for oi, oid in enumerate(c.objectives):
            if oid not in obj_ids:
                raise doc.error(("victory", "conditions", ci, "objectives", oi), f"unknown objective '{oid}'" + _suggest(oid, obj_ids))
        if c.type == "hold" and not (c.objectives or obj_ids):
            raise doc.error(("victory", "conditions", ci), "a hold condition needs objectives")
    from game.geometry.grid import ArtilleryGrid
    from game.geometry.units import to_mm

    grid = ArtilleryGrid(to_mm(m.table.width, m.unit), to_mm(m.table.height, m.unit))
    for pi, p in enumerate(m.portals):
        if p.side not in side_ids:
            raise doc.error(("portals", pi, "side"), f"unknown side '{p.side}'" + _suggest(p.side, side_ids))
        if not table.covers(Point(p.at)):
            raise doc.error(("portals", pi, "at"), f"portal at {list(p.at)} is off the table")
        if p.once and (p.dummy or p.counter):
            raise doc.error(("portals", pi, "once"), f"only a portal marker produces figures once, not a {p.counter or 'dummy'}: "
                                                     "remove 'once: true', or 'dummy'/'counter'")
    for si, st in enumerate(m.artillery_strikes):
        if st.side not in side_ids:
            raise doc.error(("artillery_strikes", si, "side"), f"unknown side '{st.side}'" + _suggest(st.side, side_ids))
        try:
            big, quarter = grid.parse(st.square)
            ok = grid.has_square(big, quarter)
        except ValueError:
            ok = False
        if not ok:
            raise doc.error(("artillery_strikes", si, "square"),
                            f"'{st.square}' is not a square of this table's grid (2 ft squares 1-{grid.big_count}, quarters 1-4, written like 7/2)")
    if m.victory.otherwise not in side_ids + ["draw"]:
        raise doc.error(("victory", "otherwise"), f"'{m.victory.otherwise}' is neither a side nor 'draw'")


def check_attrs(doc: Doc, m: MapFile, unit_attrs: dict[str, type]) -> None:
    """A map's ``attrs`` hold only what its ruleset reads from a file, each a plain value
    of its type (a count from 0 to 1000): nothing else reaches the game's state."""
    for si, side in enumerate(m.sides):
        if side.attrs:
            raise doc.error(("sides", si, "attrs"), "a side takes no attrs in a map; remove them")
        for ui, unit in enumerate(side.units):
            for key, value in unit.attrs.items():
                loc = ("sides", si, "units", ui, "attrs", key)
                if key not in unit_attrs:
                    known = ", ".join(sorted(unit_attrs)) or "none in this ruleset"
                    raise doc.error(loc, f"unknown unit attr '{key}'; expected: {known}")
                kind = unit_attrs[key]
                bad_count = kind is int and not (isinstance(value, int) and 0 <= value <= 1000)
                if not isinstance(value, kind) or isinstance(value, bool) or bad_count:
                    what = "a whole number from 0 to 1000" if kind is int else "a text"
                    raise doc.error(loc, f"'{key}' is {what}, not {value!r}")


def check_playable(doc: Doc, m: MapFile) -> None:
    """What a map being built in the editor may lack, and a map to play may not."""
    for si, side in enumerate(m.sides):
        if not side.units and not any(p.side == side.id for p in m.portals):
            raise doc.error(("sides", si, "units"), f"{side.name} has no units and no portal markers; give it a unit to play")


def _check_standing(doc: Doc, loc: tuple, m: MapFile, at: Point, troop: str, types: dict, ruleset: RulesetData | None) -> None:
    """No figure starts inside terrain it may not enter."""
    vehicle = ruleset is not None and ruleset.is_vehicle_type(troop)
    for i, t in enumerate(m.terrain):
        tt = types.get(t.type)
        override = ruleset.terrain.get(t.type) if ruleset is not None else None
        blocks = (override.blocks_movement if override is not None and override.blocks_movement else None) or (tt.blocks_movement if tt else "none")
        if (blocks == "all" or (blocks == "vehicles" and vehicle)) and shape_geometry(t).buffer(float(t.width or 0) / 2).contains(at):
            who = "no vehicle" if blocks == "vehicles" else "no figure"
            raise doc.error(loc + ("at",), f"the figure stands inside terrain feature {i} ({t.type}), which {who} may enter; move it out")


#: terrain types that may have doors and windows
OPENING_TYPES = ("building", "bunker")
#: how far from a building's wall an opening's point may be, in the map's unit (a hand's
#: breadth of slack for a point clicked on the wall)
OPENING_SLACK = {"in": 0.5, "cm": 1.25}


def _check_openings(doc: Doc, loc: tuple, t: TerrainSpec, m: MapFile) -> None:
    """Doors and windows belong to buildings and sit on their walls."""
    if not t.openings:
        return
    if t.type not in OPENING_TYPES:
        raise doc.error(loc + ("openings",), f"only buildings have doors and windows, not a {t.type}; remove `openings`")
    wall = shape_geometry(t).boundary
    slack = OPENING_SLACK[m.unit]
    for k, o in enumerate(t.openings):
        d = wall.distance(shapely.Point(o.at))
        if d > slack:
            raise doc.error(loc + ("openings", k, "at"), f"this {o.kind} is {d:.2g} {m.unit} off the building's wall; put `at` on the wall")


def build_features(m: MapFile, types: dict[str, TerrainType]) -> list[TerrainFeature]:
    scale = to_mm(1.0, m.unit)
    out = []
    for i, t in enumerate(m.terrain):
        tt = types[t.type]
        geom = shape_geometry(t, scale)
        width = to_mm(t.width, m.unit) if t.width else tt.default_width
        out.append(
            TerrainFeature(
                id=t.id or f"t{i + 1}",
                type=tt,
                geometry=geom,
                width=width,
                level=t.level,
                name=t.name or tt.name,
                closed=t.closed,
                height=t.height,
                openings=tuple(Opening(o.kind, (o.at[0] * scale, o.at[1] * scale), o.width * scale, o.locked) for o in t.openings),
            )
        )
    return out


def build_table(m: MapFile, types: dict[str, TerrainType]) -> Table:
    return Table(to_mm(m.table.width, m.unit), to_mm(m.table.height, m.unit), build_features(m, types))


def zone_polygon(zone: Zone, unit: str) -> Polygon:
    return shape_geometry(zone, to_mm(1.0, unit))


__all__ = ["check_map", "check_attrs", "check_playable", "build_table", "build_features", "shape_geometry", "zone_polygon", "shapely"]
