"""The map being edited: the same map document the game loads, with undo and redo.

Every edit is a function applied to a copy of the document; the result is validated
exactly as a map file is (schema, shapes, references, figures on the table) and refused
with the validation message when it fails, so the editor can never hold a map the game
could not load. Coordinates are in the map's unit.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from math import cos, radians, sin
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.save import write_atomic
from game.data.errors import DataError
from game.data.map_schema import MapFile
from game.data.map_write import dump_map
from game.data.yamlio import Doc, load_yaml
from game.editor.openings import carry, keep_on_wall, opening, tidy

if TYPE_CHECKING:
    from game.catalog import LoadedMap

Pt = tuple[float, float]

PRESETS = {
    "6 x 4 ft": ("in", 72.0, 48.0, False),
    "10 x 4 ft with artillery grid": ("in", 120.0, 48.0, True),
    "120 x 80 cm": ("cm", 120.0, 80.0, False),
}
SIDE_COLOURS = ("#b5452f", "#5b6b7a")
def blank_map(ruleset: str, preset: str = "6 x 4 ft", name: str = "New map") -> dict[str, Any]:
    unit, w, h, grid = PRESETS[preset]
    return MapFile.model_validate(
        {
            "kind": "map",
            "name": name,
            "ruleset": ruleset,
            "unit": unit,
            "table": {"width": w, "height": h, "grid": grid},
            "sides": [
                {"id": "side1", "name": "First side", "colour": SIDE_COLOURS[0], "home_edge": "south"},
                {"id": "side2", "name": "Second side", "colour": SIDE_COLOURS[1], "home_edge": "north"},
            ],
            "victory": {"turn_limit": 8},
        }
    ).model_dump()


def _rot(p: Pt, c: Pt, deg: float) -> Pt:
    a = radians(deg)
    x, y = p[0] - c[0], p[1] - c[1]
    return (c[0] + x * cos(a) - y * sin(a), c[1] + x * sin(a) + y * cos(a))


_r = tidy


def shape_points(spec: dict[str, Any]) -> list[Pt]:
    for k in ("polygon", "line"):
        if spec.get(k):
            return [tuple(p) for p in spec[k]]
    return []


def shape_centre(spec: dict[str, Any]) -> Pt:
    if spec.get("rect"):
        r = spec["rect"]
        return (r["x"] + r["w"] / 2, r["y"] + r["h"] / 2)
    if spec.get("circle"):
        return tuple(spec["circle"]["center"])
    pts = shape_points(spec)
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def move_shape(spec: dict[str, Any], dx: float, dy: float) -> None:
    carry(spec, lambda p: (p[0] + dx, p[1] + dy))
    if spec.get("rect"):
        spec["rect"]["x"] = _r(spec["rect"]["x"] + dx)
        spec["rect"]["y"] = _r(spec["rect"]["y"] + dy)
    elif spec.get("circle"):
        cx, cy = spec["circle"]["center"]
        spec["circle"]["center"] = [_r(cx + dx), _r(cy + dy)]
    for k in ("polygon", "line"):
        if spec.get(k):
            spec[k] = [[_r(x + dx), _r(y + dy)] for x, y in spec[k]]


def rotate_shape(spec: dict[str, Any], deg: float) -> None:
    c = shape_centre(spec)
    carry(spec, lambda p: _rot(p, c, deg))
    if spec.get("rect"):
        spec["rect"]["angle"] = _r((spec["rect"].get("angle", 0.0) + deg) % 360)
        return
    for k in ("polygon", "line"):
        if spec.get(k):
            spec[k] = [[_r(v) for v in _rot(tuple(p), c, deg)] for p in spec[k]]


def scale_shape(spec: dict[str, Any], f: float) -> None:
    c = shape_centre(spec)
    carry(spec, lambda p: (c[0] + (p[0] - c[0]) * f, c[1] + (p[1] - c[1]) * f))
    if spec.get("rect"):
        r = spec["rect"]
        r["w"], r["h"] = _r(r["w"] * f), _r(r["h"] * f)
        r["x"], r["y"] = _r(c[0] - r["w"] / 2), _r(c[1] - r["h"] / 2)
    elif spec.get("circle"):
        spec["circle"]["radius"] = _r(spec["circle"]["radius"] * f)
    for k in ("polygon", "line"):
        if spec.get(k):
            spec[k] = [[_r(c[0] + (x - c[0]) * f), _r(c[1] + (y - c[1]) * f)] for x, y in spec[k]]


def rect_to_polygon(spec: dict[str, Any]) -> None:
    """Vertex editing works on polygons: a rectangle becomes its four corners."""
    r = spec["rect"]
    spec["rect"] = None
    c = (r["x"] + r["w"] / 2, r["y"] + r["h"] / 2)
    corners = [(r["x"], r["y"]), (r["x"] + r["w"], r["y"]), (r["x"] + r["w"], r["y"] + r["h"]), (r["x"], r["y"] + r["h"])]
    spec["polygon"] = [[_r(v) for v in _rot(p, c, r.get("angle", 0.0))] for p in corners]


class EditorDoc:
    def __init__(self, data: dict[str, Any], path: str | Path | None = None) -> None:
        self.data = data
        self.path = Path(path) if path else None
        self.undo_stack: list[tuple[str, dict[str, Any]]] = []
        self.redo_stack: list[tuple[str, dict[str, Any]]] = []
        self.dirty = False
        self.last_error: str = ""

    # ---- opening and saving -----------------------------------------------------------
    @classmethod
    def new(cls, ruleset: str, preset: str = "6 x 4 ft") -> EditorDoc:
        return cls(blank_map(ruleset, preset))

    @classmethod
    def open(cls, path: str | Path) -> EditorDoc:
        from game.catalog import load_map

        lm = load_map(path, for_play=False)  # a broken file raises DataError with its place
        return cls(lm.model.model_dump(), path)

    def validate(self, data: dict[str, Any] | None = None) -> DataError | None:
        from game.catalog import load_map_doc

        try:
            load_map_doc(Doc(str(self.path or "new map"), data if data is not None else self.data), for_play=False)
        except DataError as e:
            return e
        return None

    def _loaded(self) -> LoadedMap | None:
        """The map as the game would load it (None: it does not load yet)."""
        from game.catalog import load_map_doc

        try:
            return load_map_doc(Doc(str(self.path or "new map"), self.data), for_play=False)
        except DataError:
            return None

    def warnings(self, portal: int | None = None) -> list[str]:
        """What the map does against the solo rules' set-up, though the game can load it:
        portal markers not in cover or in sight of the other side's set-up
        (game/solo/portal_check.py); ``portal``: only that marker's (its index)."""
        from game.solo.portal_check import map_sight, portal_warnings

        lm = self._loaded()
        return [] if lm is None else portal_warnings(lm.model, lm.ruleset.build_table(lm.model), map_sight(lm), only=portal)

    def notes(self) -> list[str]:
        """What a scenario maker should know though nothing is wrong: the figures of a side
        played from portal markers that no force result can bring on (game/solo/portal_check.py)."""
        from game.solo.portal_check import pool_notes

        lm = self._loaded()
        return [] if lm is None else pool_notes(lm.model, lm.ruleset)

    def text(self) -> str:
        return dump_map(self.data)

    def save(self, path: str | Path | None = None) -> Path:
        """Validate, then write atomically. An invalid map is not written."""
        target = Path(path) if path else self.path
        if target is None:
            raise DataError("new map", "choose where to save it")
        err = self.validate()
        if err is not None:
            raise err
        write_atomic(target, self.text())
        self.path = target
        self.dirty = False
        return target

    # ---- editing ----------------------------------------------------------------------
    def edit(self, label: str, fn: Callable[[dict[str, Any]], None]) -> str | None:
        """Apply ``fn`` to a copy; keep it if the map is still valid. Returns the reason
        it was refused, or None."""
        trial = copy.deepcopy(self.data)
        try:
            fn(trial)
        except (KeyError, IndexError, ValueError, TypeError) as e:
            self.last_error = f"{label}: {e}"
            return self.last_error
        err = self.validate(trial)
        if err is not None:
            self.last_error = f"{label} refused: {err.message}"  # what is wrong in words; the selection shows where
            return self.last_error
        self.undo_stack.append((label, self.data))
        self.redo_stack.clear()
        self.data = trial
        self.dirty = True
        self.last_error = ""
        return None

    def undo(self) -> str | None:
        if not self.undo_stack:
            return None
        label, before = self.undo_stack.pop()
        self.redo_stack.append((label, self.data))
        self.data = before
        self.dirty = True
        return label

    def redo(self) -> str | None:
        if not self.redo_stack:
            return None
        label, after = self.redo_stack.pop()
        self.undo_stack.append((label, self.data))
        self.data = after
        self.dirty = True
        return label

    # ---- terrain ------------------------------------------------------------------------
    def add_terrain(self, spec: dict[str, Any]) -> str | None:
        full = {"type": spec["type"], "id": None, "name": "", "polygon": None, "rect": None, "circle": None,
                "line": None, "width": None, "level": 0, "closed": False}
        full.update(spec)
        return self.edit(f"add {spec['type']}", lambda d: d["terrain"].append(full))

    def change_terrain(self, i: int, label: str, fn: Callable[[dict[str, Any]], None]) -> str | None:
        return self.edit(label, lambda d: fn(d["terrain"][i]))

    def move_terrain(self, i: int, dx: float, dy: float) -> str | None:
        return self.change_terrain(i, "move terrain", lambda t: move_shape(t, dx, dy))

    def rotate_terrain(self, i: int, deg: float) -> str | None:
        return self.change_terrain(i, "rotate terrain", lambda t: rotate_shape(t, deg))

    def scale_terrain(self, i: int, f: float) -> str | None:
        return self.change_terrain(i, "scale terrain", lambda t: scale_shape(t, f))

    def delete_terrain(self, i: int) -> str | None:
        return self.edit("delete terrain", lambda d: d["terrain"].pop(i))

    def duplicate_terrain(self, i: int, offset: float = 2.0) -> str | None:
        def dup(d: dict[str, Any]) -> None:
            t = copy.deepcopy(d["terrain"][i])
            t["id"] = None
            move_shape(t, offset, offset)
            d["terrain"].append(t)

        return self.edit("duplicate terrain", dup)

    def set_vertex(self, i: int, k: int, p: Pt) -> str | None:
        def fn(t: dict[str, Any]) -> None:
            if t.get("rect"):
                rect_to_polygon(t)
            key = "polygon" if t.get("polygon") else "line"
            t[key][k] = [_r(p[0]), _r(p[1])]
            keep_on_wall(t)

        return self.change_terrain(i, "move vertex", fn)

    def insert_vertex(self, i: int, k: int, p: Pt) -> str | None:
        """Insert a vertex before index ``k``."""

        def fn(t: dict[str, Any]) -> None:
            if t.get("rect"):
                rect_to_polygon(t)
            key = "polygon" if t.get("polygon") else "line"
            t[key].insert(k, [_r(p[0]), _r(p[1])])
            keep_on_wall(t)

        return self.change_terrain(i, "insert vertex", fn)

    def remove_vertex(self, i: int, k: int) -> str | None:
        def fn(t: dict[str, Any]) -> None:
            if t.get("rect"):
                rect_to_polygon(t)
            key = "polygon" if t.get("polygon") else "line"
            t[key].pop(k)
            keep_on_wall(t)

        return self.change_terrain(i, "remove vertex", fn)

    def set_terrain_field(self, i: int, field: str, value: Any) -> str | None:
        return self.change_terrain(i, f"set {field}", lambda t: t.__setitem__(field, value))

    def add_opening(self, i: int, kind: str, at: Pt, width: float = 1.0) -> str | None:
        """A door or window on building ``i``'s wall at ``at`` (the map refuses it off the wall)."""
        return self.change_terrain(i, f"add {kind}", lambda t: t.setdefault("openings", []).append(opening(kind, at, width)))

    def set_opening_field(self, i: int, k: int, field: str, value: Any) -> str | None:
        return self.change_terrain(i, f"set {field}", lambda t: t["openings"][k].__setitem__(field, value))

    def delete_opening(self, i: int, k: int) -> str | None:
        return self.change_terrain(i, "remove opening", lambda t: t["openings"].pop(k))

    # ---- forces ---------------------------------------------------------------------------
    def side_index(self, side_id: str) -> int:
        return next(i for i, s in enumerate(self.data["sides"]) if s["id"] == side_id)

    def new_unit_id(self, side_id: str, data: dict[str, Any] | None = None) -> str:
        taken = {u["id"] for s in (data or self.data)["sides"] for u in s["units"]}
        prefix = side_id[:1].lower() or "u"
        n = 1
        while f"{prefix}{n}" in taken:
            n += 1
        return f"{prefix}{n}"

    def add_unit(self, side_id: str, troop: str, at: Pt, name: str = "", kind: str = "squad") -> tuple[str | None, str]:
        uid = self.new_unit_id(side_id)
        si = self.side_index(side_id)

        def fn(d: dict[str, Any]) -> None:
            d["sides"][si]["units"].append({"id": uid, "name": name or f"Unit {uid}", "kind": kind, "attrs": {},
                                            "figures": [self._figure(troop, at)]})

        return self.edit("add unit", fn), uid

    @staticmethod
    def _figure(troop: str, at: Pt) -> dict[str, Any]:
        return {"type": troop, "at": [_r(at[0]), _r(at[1])], "facing": None, "id": None, "name": "", "weapons": None, "equipment": []}

    def unit_path(self, unit_id: str) -> tuple[int, int]:
        for si, s in enumerate(self.data["sides"]):
            for ui, u in enumerate(s["units"]):
                if u["id"] == unit_id:
                    return si, ui
        raise KeyError(unit_id)

    def add_figure(self, unit_id: str, troop: str, at: Pt) -> str | None:
        si, ui = self.unit_path(unit_id)
        return self.edit("add figure", lambda d: d["sides"][si]["units"][ui]["figures"].append(self._figure(troop, at)))

    def move_figure(self, unit_id: str, k: int, at: Pt) -> str | None:
        si, ui = self.unit_path(unit_id)
        return self.edit("move figure", lambda d: d["sides"][si]["units"][ui]["figures"][k].__setitem__("at", [_r(at[0]), _r(at[1])]))

    def delete_figure(self, unit_id: str, k: int) -> str | None:
        si, ui = self.unit_path(unit_id)

        def fn(d: dict[str, Any]) -> None:
            figs = d["sides"][si]["units"][ui]["figures"]
            figs.pop(k)
            if not figs:
                d["sides"][si]["units"].pop(ui)

        return self.edit("delete figure", fn)

    def set_figure_equipment(self, unit_id: str, k: int, equipment: list[str]) -> str | None:
        """A figure's upgrades (its whole ``equipment``; empty: its troop type's own)."""
        si, ui = self.unit_path(unit_id)
        return self.edit("set upgrades", lambda d: d["sides"][si]["units"][ui]["figures"][k].__setitem__("equipment", list(equipment)))

    def add_units(self, side_id: str, units: list[tuple[str, str, list[tuple[str, Pt]]]]) -> str | None:
        """Several units at once (a ready force), each (name, kind, [(troop type, at)]):
        one edit, one undo."""
        si = self.side_index(side_id)

        def fn(d: dict[str, Any]) -> None:
            for name, kind, figs in units:
                d["sides"][si]["units"].append({"id": self.new_unit_id(side_id, d), "name": name, "kind": kind, "attrs": {},
                                                "figures": [self._figure(t, at) for t, at in figs]})

        return self.edit("add ready force", fn)

    def delete_unit(self, unit_id: str) -> str | None:
        si, ui = self.unit_path(unit_id)
        return self.edit("delete unit", lambda d: d["sides"][si]["units"].pop(ui))

    def set_unit_field(self, unit_id: str, field: str, value: Any) -> str | None:
        si, ui = self.unit_path(unit_id)
        return self.edit(f"set unit {field}", lambda d: d["sides"][si]["units"][ui].__setitem__(field, value))

    # ---- scenario layer ---------------------------------------------------------------------
    def set_side_field(self, side_id: str, field: str, value: Any) -> str | None:
        si = self.side_index(side_id)
        return self.edit(f"set side {field}", lambda d: d["sides"][si].__setitem__(field, value))

    def set_deployment(self, side_id: str, a: Pt, b: Pt) -> str | None:
        x0, x1 = sorted((a[0], b[0]))
        y0, y1 = sorted((a[1], b[1]))
        zone = {"polygon": None, "circle": None, "rect": {"x": _r(x0), "y": _r(y0), "w": _r(max(x1 - x0, 0.1)), "h": _r(max(y1 - y0, 0.1)), "angle": 0.0}}
        return self.set_side_field(side_id, "deployment", zone)

    def add_objective(self, at: Pt, name: str = "", radius: float = 3.0) -> str | None:
        taken = {o["id"] for o in self.data["objectives"]}
        n = 1
        while f"obj{n}" in taken:
            n += 1
        oid = f"obj{n}"
        return self.edit("add objective", lambda d: d["objectives"].append(
            {"id": oid, "name": name or f"objective {n}", "at": [_r(at[0]), _r(at[1])], "radius": radius}))

    def set_objective_field(self, k: int, field: str, value: Any) -> str | None:
        return self.edit(f"set objective {field}", lambda d: d["objectives"][k].__setitem__(field, value))

    def delete_objective(self, k: int) -> str | None:
        def fn(d: dict[str, Any]) -> None:
            oid = d["objectives"].pop(k)["id"]
            for c in d["victory"]["conditions"]:
                c["objectives"] = [o for o in c["objectives"] if o != oid]
            d["victory"]["conditions"] = [c for c in d["victory"]["conditions"] if c["type"] != "hold" or c["objectives"] or d["objectives"]]

        return self.edit("delete objective", fn)

    def set_turn_limit(self, n: int) -> str | None:
        return self.edit("set turn limit", lambda d: d["victory"].__setitem__("turn_limit", n))

    def add_condition(self, kind: str, side: str, when: str = "any", objectives: list[str] | None = None, fraction: float = 0.5) -> str | None:
        cond = {"type": kind, "side": side, "objectives": objectives or [], "fraction": fraction, "when": when, "text": ""}
        return self.edit(f"add {kind} condition", lambda d: d["victory"]["conditions"].append(cond))

    def remove_condition(self, k: int) -> str | None:
        return self.edit("remove condition", lambda d: d["victory"]["conditions"].pop(k))

    def set_victory_field(self, field: str, value: Any) -> str | None:
        return self.edit(f"set {field}", lambda d: d["victory"].__setitem__(field, value))

    def set_field(self, field: str, value: Any) -> str | None:
        return self.edit(f"set {field}", lambda d: d.__setitem__(field, value))

    def set_setting(self, key: str, value: Any) -> str | None:
        def fn(d: dict[str, Any]) -> None:
            if value is None:
                d["settings"].pop(key, None)
            else:
                d["settings"][key] = value

        return self.edit(f"set {key}", fn)

    def set_table(self, width: float, height: float, grid: bool | None = None) -> str | None:
        def fn(d: dict[str, Any]) -> None:
            d["table"]["width"] = width
            d["table"]["height"] = height
            if grid is not None:
                d["table"]["grid"] = grid

        return self.edit("resize table", fn)

    def add_portal(self, side: str, at: Pt, dummy: bool = False, counter: str | None = None) -> str | None:
        return self.edit("add portal marker", lambda d: d["portals"].append(
            {"side": side, "at": [_r(at[0]), _r(at[1])], "dummy": dummy, "counter": counter}))

    def move_portal(self, k: int, at: Pt) -> str | None:
        return self.edit("move portal marker", lambda d: d["portals"][k].__setitem__("at", [_r(at[0]), _r(at[1])]))

    def delete_portal(self, k: int) -> str | None:
        return self.edit("delete portal marker", lambda d: d["portals"].pop(k))

    def add_strike(self, side: str, square: str, turn: int, shell: str | None = None) -> str | None:
        return self.edit("add artillery strike", lambda d: d["artillery_strikes"].append(
            {"side": side, "square": square, "turn": turn, "shell": shell}))

    def delete_strike(self, k: int) -> str | None:
        return self.edit("delete artillery strike", lambda d: d["artillery_strikes"].pop(k))

    def move_objective(self, k: int, at: Pt) -> str | None:
        return self.set_objective_field(k, "at", [_r(at[0]), _r(at[1])])


def load_doc(path: str | Path) -> EditorDoc:
    return EditorDoc.open(path)


_ = load_yaml
