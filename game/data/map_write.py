"""Writing a map file in the one canonical layout the shipped maps use.

Block style for the structure (sides, units, victory), one flow-style line per terrain
feature, figure, objective and condition, keys in schema order, fields at their default
left out, numbers without trailing zeros. Loading a map and writing it again gives the
same bytes, which the editor relies on ("save unchanged gives an identical file")."""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from .map_schema import MapFile

_SPECIAL = re.compile(r"[,\[\]{}#:&*!|>%@`?]")
HEADER = "# Trenchtable map. Edit it in the map editor (python main.py editor FILE) or by hand.\n"


def num(v: float) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    r = round(float(v), 4)
    if r == int(r) and abs(r) < 1e15:
        return str(int(r))
    return f"{r:.4f}".rstrip("0").rstrip(".")


def scalar(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return num(v)
    s = str(v)
    if not s.isprintable() or any(ord(ch) > 0xFFFF for ch in s):
        return _double_quoted(s)
    plain_ok = (
        s == s.strip()
        and s != ""
        and not _SPECIAL.search(s)
        and s[0] not in "-?'\"~"
        and _reads_back(s)  # not read back as a number, bool or null
    )
    return s if plain_ok else json.dumps(s, ensure_ascii=False)


def _double_quoted(s: str) -> str:
    """A YAML double-quoted scalar with YAML's own escapes (control and astral characters)."""
    out = yaml.safe_dump(s, default_style='"', allow_unicode=False, width=1_000_000)
    return out.strip().removesuffix("...").strip()


def _reads_back(s: str) -> bool:
    try:
        return yaml.safe_load(s) == s
    except yaml.YAMLError:
        return False


def flow(v: Any) -> str:
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {flow(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(flow(x) for x in v) + "]"
    return scalar(v)


def _clean(d: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v is not None and not (k in defaults and defaults[k] == v)}


def _shape(d: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for k in ("polygon", "rect", "circle", "line"):
        v = d.get(k)
        if v is None:
            continue
        if k == "rect":
            v = _clean(v, {"angle": 0.0})
        out[k] = v
    return out


def terrain_entry(t: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"type": t["type"]}
    for k in ("id", "name"):
        if t.get(k):
            out[k] = t[k]
    if t.get("level"):
        out["level"] = t["level"]
    if t.get("closed"):
        out["closed"] = True
    if t.get("width") is not None:
        out["width"] = t["width"]
    if t.get("height") is not None:
        out["height"] = t["height"]
    out.update(_shape(t))
    if t.get("openings"):
        out["openings"] = [{k: v for k, v in o.items() if not (k == "locked" and not v) and not (k == "width" and v == 1.0)}
                           for o in t["openings"]]
    return out


def figure_entry(f: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"type": f["type"], "at": f["at"]}
    if f.get("facing") is not None:
        out["facing"] = f["facing"]
    for k in ("id", "name"):
        if f.get(k):
            out[k] = f[k]
    if f.get("weapons") is not None:
        out["weapons"] = f["weapons"]
    if f.get("equipment"):
        out["equipment"] = f["equipment"]
    return out


def dump_map(m: MapFile | dict[str, Any]) -> str:
    d = m.model_dump() if isinstance(m, MapFile) else MapFile.model_validate(m).model_dump()
    lines = [HEADER.rstrip("\n"), "kind: map", f"name: {scalar(d['name'])}"]
    if d.get("description"):
        lines.append(f"description: {scalar(d['description'])}")
    lines.append(f"ruleset: {scalar(d['ruleset'])}")
    lines.append(f"unit: {d['unit']}")
    lines.append(f"table: {flow(_clean(d['table'], {'grid': False}))}")
    if d.get("first_side"):
        lines.append(f"first_side: {scalar(d['first_side'])}")
    if d.get("settings"):
        lines.append(f"settings: {flow(d['settings'])}")
    if d.get("terrain"):
        lines.append("terrain:")
        lines += [f"  - {flow(terrain_entry(t))}" for t in d["terrain"]]
    else:
        lines.append("terrain: []")
    lines.append("sides:")
    for s in d["sides"]:
        lines.append(f"  - id: {scalar(s['id'])}")
        lines.append(f"    name: {scalar(s['name'])}")
        lines.append(f"    colour: {scalar(s['colour'])}")
        lines.append(f"    home_edge: {s['home_edge']}")
        if s.get("deployment"):
            lines.append(f"    deployment: {flow(_shape(s['deployment']))}")
        if s.get("attrs"):
            lines.append(f"    attrs: {flow(s['attrs'])}")
        if s.get("units"):
            lines.append("    units:")
            for u in s["units"]:
                lines.append(f"      - id: {scalar(u['id'])}")
                lines.append(f"        name: {scalar(u['name'])}")
                if u.get("kind", "squad") != "squad":
                    lines.append(f"        kind: {scalar(u['kind'])}")
                if u.get("attrs"):
                    lines.append(f"        attrs: {flow(u['attrs'])}")
                lines.append("        figures:")
                lines += [f"          - {flow(figure_entry(f))}" for f in u["figures"]]
        else:
            lines.append("    units: []")
    for key in ("portals", "artillery_strikes"):
        if d.get(key):
            lines.append(f"{key}:")
            lines += [f"  - {flow(_clean(x, {'dummy': False, 'once': False}))}" for x in d[key]]
    if d.get("objectives"):
        lines.append("objectives:")
        lines += [f"  - {flow(o)}" for o in d["objectives"]]
    v = d["victory"]
    lines.append("victory:")
    lines.append(f"  turn_limit: {v['turn_limit']}")
    lines.append(f"  otherwise: {scalar(v['otherwise'])}")
    if v.get("conditions"):
        lines.append("  conditions:")
        for c in v["conditions"]:
            c = _clean(c, {"objectives": [], "fraction": 0.5, "when": "any", "text": ""})
            lines.append(f"    - {flow(c)}")
    return "\n".join(lines) + "\n"
