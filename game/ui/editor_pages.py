"""The map editor's right-hand pages (Terrain, Scenario, Forces, Map): the buttons each
page offers and what they do to the map document. The scene draws the panel and calls
the page that is open."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

import pygame

from game.catalog import (
    available_rulesets,
    load_ruleset,
    map_files,
    terrain_file,
)
from game.data.map_build import OPENING_TYPES
from game.editor.markers import MARKER_KINDS, MARKER_NAMES, marker_kind, set_marker_kind
from game.editor.model import PRESETS, EditorDoc
from game.editor.sides import COLOURS, add_side, next_team, remove_side
from game.paths import user_maps_dir

from .dialogs import ConfirmHandler
from .editor_tools import OpeningTool, PlaceTool, ShapeTool
from .theme import INK, INK_SOFT, fit_before, fit_line, text, wrap

if TYPE_CHECKING:
    from .editor import EditorScene

EDGES = ["north", "south", "east", "west"]
#: door and window rows the Terrain page lists
MAX_OPENING_ROWS = 8


class EditorPages:
    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene
        self.troop_page = 0  # the Forces page's troop palette, when it needs pages

    def page_terrain(self, surf, x, y, w) -> None:
        types = terrain_file().types
        col_w = (w - 4) // 2
        n = 0
        for tid, spec in types.items():
            if spec.dynamic:
                continue
            bx = x + (n % 2) * (col_w + 4)
            by = y + (n // 2) * 26
            self.scene.button((bx, by, col_w, 24), spec.name, (lambda tid=tid: self.choose_terrain(tid)), active=(tid == self.scene.terrain_type))
            n += 1
        y += ((n + 1) // 2) * 26 + 8
        t, i = self.scene.selected_terrain(), self.scene.selected_terrain_index()
        if t is None or i is None:
            text(surf, "Pick a type, then draw (P, B, O, N).", (x, y), 18, INK)
            y += 20
            text(surf, "Select a feature to edit it.", (x, y), 18, INK)
            return
        tt = types[t["type"]]
        title, size = fit_line(f"{tt.name}: {t.get('name') or '(no name)'}", 19, 15, w, bold=True)
        text(surf, title, (x, y), size, INK, bold=True)
        y += 22
        half = (w - 4) // 2
        self.scene.button((x, y, half, 26), "Rename", lambda: self.scene.prompt("Name:", t.get("name") or "", lambda v: self.scene.report(self.scene.doc.set_terrain_field(i, "name", v))))
        self.scene.button((x + half + 4, y, half, 26), f"Set type: {types[self.scene.terrain_type].name}",  # the button fits it
                    lambda: self.scene.report(self.scene.doc.set_terrain_field(i, "type", self.scene.terrain_type)))
        y += 30
        if tt.shape == "line":
            width = t.get("width") or tt.default_width
            text(surf, f"width {width:g}", (x, y + 4), 18, INK)
            self.scene.button((x + 100, y, 40, 26), "-", lambda: self.scene.report(self.scene.doc.set_terrain_field(i, "width", round(max(0.25, width - 0.25), 4))))
            self.scene.button((x + 144, y, 40, 26), "+", lambda: self.scene.report(self.scene.doc.set_terrain_field(i, "width", round(width + 0.25, 4))))
            y += 30
        if t["type"] == "hill":
            lvl = t.get("level", 1)
            text(surf, f"level {lvl}", (x, y + 4), 18, INK)
            self.scene.button((x + 100, y, 40, 26), "-", lambda: self.scene.report(self.scene.doc.set_terrain_field(i, "level", max(1, lvl - 1))))
            self.scene.button((x + 144, y, 40, 26), "+", lambda: self.scene.report(self.scene.doc.set_terrain_field(i, "level", lvl + 1)))
            y += 30
        y = self.rules_fields(surf, x, y, w, t, i)
        if tt.los == "blocks" and tt.see_out:
            self.scene.button((x, y, w, 26), "Closed (no windows): " + ("yes" if t.get("closed") else "no"),
                        lambda: self.scene.report(self.scene.doc.set_terrain_field(i, "closed", not t.get("closed"))))
            y += 30
        text(surf, f"cover: {tt.cover}, sight: {tt.los}", (x, y), 17, INK_SOFT)
        y += 20
        q = (w - 12) // 4
        self.scene.button((x, y, q, 26), "Rot -15", lambda: self.scene.report(self.scene.doc.rotate_terrain(i, -15)))
        self.scene.button((x + q + 4, y, q, 26), "Rot +15", lambda: self.scene.report(self.scene.doc.rotate_terrain(i, 15)))
        self.scene.button((x + 2 * (q + 4), y, q, 26), "Smaller", lambda: self.scene.report(self.scene.doc.scale_terrain(i, 1 / 1.1)))
        self.scene.button((x + 3 * (q + 4), y, q, 26), "Bigger", lambda: self.scene.report(self.scene.doc.scale_terrain(i, 1.1)))
        y += 30
        self.scene.button((x, y, half, 26), "Duplicate (Ctrl+D)", lambda: self.scene.report(self.scene.doc.duplicate_terrain(i)))
        self.scene.button((x + half + 4, y, half, 26), "Delete (Del)", self.scene.delete_selected)

    def rules_fields(self, surf, x, y, w, t, i) -> int:
        """What the map's rules read of this feature beyond its shape: its height (the 1/35
        height tester) and a building's doors and windows, each row numbered as on the map."""
        doc, editor = self.scene.doc, self.scene.rules.editor
        heights = editor.feature_heights()
        if t["type"] in heights:
            h = t.get("height")
            shown = h if h is not None else heights[t["type"]]
            text(surf, f"height {shown:g}\"" + ("" if h is not None else " (rules)"), (x, y + 4), 18, INK)
            self.scene.button((x + 120, y, 56, 26), "Lower", lambda: self.scene.report(doc.set_terrain_field(i, "height", round(max(0.25, shown - 0.25), 4))))
            self.scene.button((x + 180, y, 56, 26), "Raise", lambda: self.scene.report(doc.set_terrain_field(i, "height", round(min(50.0, shown + 0.25), 4))))
            self.scene.button((x + 240, y, w - 240, 26), "Rules'", lambda: self.scene.report(doc.set_terrain_field(i, "height", None)),
                              enabled=h is not None, tip="It already has the rules' height for its type.")
            y += 30
        if not editor.reads_openings() or t["type"] not in OPENING_TYPES:
            return y
        half = (w - 4) // 2
        self.scene.button((x, y, half, 26), "+ Door", lambda: self.scene.use_tool(OpeningTool("door", i)))
        self.scene.button((x + half + 4, y, half, 26), "+ Window", lambda: self.scene.use_tool(OpeningTool("window", i)))
        y += 30
        for k, o in enumerate((t.get("openings") or [])[:MAX_OPENING_ROWS]):
            text(surf, f"{k + 1}. {o['kind']} {o['width']:g}\"", (x, y + 4), 17, INK)
            self.scene.button((x + 104, y, 28, 24), "-", lambda k=k, o=o: self.scene.report(doc.set_opening_field(i, k, "width", round(max(0.5, o["width"] - 0.5), 4))))
            self.scene.button((x + 134, y, 28, 24), "+", lambda k=k, o=o: self.scene.report(doc.set_opening_field(i, k, "width", round(min(10.0, o["width"] + 0.5), 4))))
            if o["kind"] == "door":
                self.scene.button((x + 166, y, 78, 24), "locked" if o.get("locked") else "unlocked",
                                  lambda k=k, o=o: self.scene.report(doc.set_opening_field(i, k, "locked", not o.get("locked"))))
            self.scene.button((x + w - 28, y, 28, 24), "x", lambda k=k: self.scene.report(doc.delete_opening(i, k)), tip=f"Remove {o['kind']} {k + 1}.")
            y += 26
        more = len(t.get("openings") or []) - MAX_OPENING_ROWS
        if more > 0:
            text(surf, f"and {more} more (edit them in the map file)", (x, y + 2), 16, INK_SOFT)
            y += 20
        return y + 4

    def choose_terrain(self, tid: str) -> None:
        self.scene.terrain_type = tid
        tt = terrain_file().types[tid]
        top = self.scene.top()
        if isinstance(top, ShapeTool):
            kind = top.kind
            if (tt.shape == "line") != (kind == "line"):
                self.scene.use_tool(ShapeTool("line" if tt.shape == "line" else "polygon"))

    def side_selector(self, x, y, w) -> int:
        sides = self.scene.doc.data["sides"]
        each = (w - 4 * (len(sides) - 1)) // len(sides)
        for k, s in enumerate(sides):
            self.scene.button((x + k * (each + 4), y, each, 26), s["name"], (lambda sid=s["id"]: self.set_side(sid)),
                              active=(s["id"] == self.scene.side_id))
        return y + 32

    def side_buttons(self, x, y, w) -> int:
        """Add a side, remove the chosen one, seat it in a team (three or four players)."""
        third = (w - 8) // 3
        sid = self.scene.side_id
        team = self.scene.doc.data["sides"][self.scene.doc.side_index(sid)].get("team")
        self.scene.button((x, y, third, 26), "+ Side", self.add_side, tip="A third or fourth side (where the ruleset takes them).")
        self.scene.button((x + third + 4, y, third, 26), "Remove side", lambda: self.remove_side(sid),
                          enabled=len(self.scene.doc.data["sides"]) > 2, tip="A map has at least two sides.")
        self.scene.button((x + 2 * (third + 4), y, third, 26), f"Team: {team or 'none'}", lambda: self.scene.report(next_team(self.scene.doc, sid)),
                          tip="Sides of one team are allies; a side with none fights every other.")
        return y + 30

    def add_side(self) -> None:
        why, sid = add_side(self.scene.doc)
        if self.scene.report(why):
            self.set_side(sid)

    def remove_side(self, sid: str) -> None:
        if self.scene.report(remove_side(self.scene.doc, sid)):
            self.set_side(self.scene.doc.data["sides"][0]["id"])

    def set_side(self, sid: str) -> None:
        self.scene.side_id = sid
        self.scene.current_unit = None

    def page_scenario(self, surf, x, y, w) -> None:
        d = self.scene.doc.data
        y = self.side_selector(x, y, w)
        y = self.side_buttons(x, y, w)
        s = d["sides"][self.scene.doc.side_index(self.scene.side_id)]
        half = (w - 4) // 2
        self.scene.button((x, y, half, 26), "Rename side", lambda: self.scene.prompt("Side name:", s["name"], lambda v: self.scene.report(self.scene.doc.set_side_field(self.scene.side_id, "name", v or s["name"]))))
        nxt_edge = EDGES[(EDGES.index(s["home_edge"]) + 1) % 4]
        self.scene.button((x + half + 4, y, half, 26), f"Home edge: {s['home_edge']}", lambda: self.scene.report(self.scene.doc.set_side_field(self.scene.side_id, "home_edge", nxt_edge)))
        y += 30
        nxt_col = COLOURS[(COLOURS.index(s["colour"]) + 1) % len(COLOURS)] if s["colour"] in COLOURS else COLOURS[0]
        self.scene.button((x, y, half, 26), "Colour", lambda: self.scene.report(self.scene.doc.set_side_field(self.scene.side_id, "colour", nxt_col)))
        pygame.draw.rect(surf, pygame.Color(s["colour"]), (x + half - 26, y + 5, 16, 16))
        self.scene.button((x + half + 4, y, half, 26), "Draw deployment zone", lambda: self.scene.use_tool(PlaceTool("zone", "Drag the deployment zone of the chosen side.")))
        y += 30
        self.scene.button((x, y, half, 26), "Portal marker", lambda: self.scene.use_tool(PlaceTool("portal", "Click to place portal markers for the solo AI (chosen side).")))
        self.scene.button((x + half + 4, y, half, 26), "Dummy marker", lambda: self.scene.use_tool(PlaceTool("dummy", "Click to place dummy markers for the solo AI (chosen side).")))
        y += 30
        self.scene.button((x, y, half, 26), "Objective", lambda: self.scene.use_tool(PlaceTool("objective", "Click to place an objective.")))
        self.scene.button((x + half + 4, y, half, 26), "Artillery strike", self.ask_strike)
        y += 34
        v = d["victory"]
        text(surf, f"Turn limit {v['turn_limit']}", (x, y + 4), 19, INK, bold=True)
        self.scene.button((x + 150, y, 36, 26), "-", lambda: self.scene.report(self.scene.doc.set_turn_limit(max(1, v["turn_limit"] - 1))))
        self.scene.button((x + 190, y, 36, 26), "+", lambda: self.scene.report(self.scene.doc.set_turn_limit(v["turn_limit"] + 1)))
        y += 30
        first = d.get("first_side") or d["sides"][0]["id"]
        others = [sd["id"] for sd in d["sides"]]
        nxt_first = others[(others.index(first) + 1) % len(others)]
        self.scene.button((x, y, half, 26), f"First: {first}", lambda: self.scene.report(self.scene.doc.set_field("first_side", nxt_first)))
        opts = others + ["draw"]
        nxt_other = opts[(opts.index(v["otherwise"]) + 1) % len(opts)] if v["otherwise"] in opts else "draw"
        self.scene.button((x + half + 4, y, half, 26), f"Otherwise: {v['otherwise']}", lambda: self.scene.report(self.scene.doc.set_victory_field("otherwise", nxt_other)))
        y += 30
        text(surf, "Victory conditions (click one to remove):", (x, y), 17, INK)
        y += 20
        for k, c in enumerate(v["conditions"][:6]):
            label = f"{c['side']}: {c['type']}" + (f" {','.join(c['objectives'])}" if c["objectives"] else "") + f" ({c['when']})"
            self.scene.button((x, y, w, 24), label, (lambda k=k: self.scene.report(self.scene.doc.remove_condition(k))))
            y += 26
        third = (w - 8) // 3
        objs = [o["id"] for o in d["objectives"]]
        self.scene.button((x, y, third, 26), "+ Hold", lambda: self.scene.report(self.scene.doc.add_condition("hold", self.scene.side_id, "end", objs)), enabled=bool(objs), tip="Place an objective first.")
        self.scene.button((x + third + 4, y, third, 26), "+ Break", lambda: self.scene.report(self.scene.doc.add_condition("break", self.scene.side_id)))
        self.scene.button((x + 2 * (third + 4), y, third, 26), "+ Eliminate", lambda: self.scene.report(self.scene.doc.add_condition("eliminate", self.scene.side_id)))
        y += 32
        for key, label, choices in self.scene.rules.editor.map_settings():
            cur = d["settings"].get(key)
            vals = [None] + list(choices(d) if callable(choices) else choices)
            nxt = vals[(vals.index(cur) + 1) % len(vals)] if cur in vals else vals[0]
            self.scene.button((x, y, w, 26), f"{label}: {cur if cur is not None else 'none'}", lambda key=key, nxt=nxt: self.scene.report(self.scene.doc.set_setting(key, nxt)))
            y += 30
        for k, st in enumerate(d["artillery_strikes"][:4]):
            self.scene.button((x, y, w, 24), f"strike: {st['side']} square {st['square']} turn {st['turn']} (click removes)", (lambda k=k: self.scene.report(self.scene.doc.delete_strike(k))))
            y += 26
        self.marker_fields(surf, x, y + 6, w)

    def marker_fields(self, surf, x, y, w) -> None:
        """The selected solo marker: its side and kind, the kind cycled by a button (a portal
        marker, a one-time portal, a dummy, a sniper, artillery or mine counter)."""
        sel = self.scene.selected
        d = self.scene.doc.data
        if not sel or sel[0] != "portal" or sel[1] >= len(d["portals"]):
            return
        k = sel[1]
        p = d["portals"][k]
        kind = marker_kind(p)
        nxt = MARKER_KINDS[(MARKER_KINDS.index(kind) + 1) % len(MARKER_KINDS)]
        text(surf, f"Selected: {MARKER_NAMES[kind]} of {p['side']} at {p['at'][0]:g}, {p['at'][1]:g}", (x, y), 17, INK)
        y += 20
        half = (w - 4) // 2

        def cycle() -> None:
            if self.scene.report(set_marker_kind(self.scene.doc, k, nxt)):
                self.scene.warn_portal(k)

        self.scene.button((x, y, half, 26), f"Kind: {MARKER_NAMES[kind]}", cycle,
                          tip="Click for the next kind. A one-time portal produces figures once, then leaves play; it may stand behind a large rock.")
        self.scene.button((x + half + 4, y, half, 26), "Delete (Del)", self.scene.delete_selected)

    def ask_strike(self) -> None:
        def done(v: str) -> None:
            parts = v.split()
            if len(parts) != 2 or not parts[1].isdigit():
                self.scene.app.toast("Write the square and the turn, like: 7/2 3")
                return
            self.scene.report(self.scene.doc.add_strike(self.scene.side_id, parts[0], int(parts[1])))

        self.scene.prompt("Prepared strike: grid square and turn (7/2 3):", "", done)

    def page_forces(self, surf, x, y, w) -> None:
        """Placing units first, then the side's units and the selected one, then the troop
        palette in pages of what fits (WW2 Skirmish has some fifty troop types)."""
        d = self.scene.doc.data
        y = self.side_selector(x, y, w)
        ed = self.scene.rules.editor
        has_points = any(ed.troop_points(tid) is not None for tid in self.scene.rules.data.troop_types)
        half = (w - 4) // 2
        self.scene.button((x, y, half, 26), "New unit here", lambda: self.scene.use_tool(PlaceTool("new_unit", "Click where the new unit's first figure stands.")))
        self.scene.button((x + half + 4, y, half, 26), "Add to unit", lambda: self.scene.use_tool(PlaceTool("figure", "Click to add figures to the current unit; Esc when done.")),
                    enabled=self.scene.current_unit is not None, tip="Select a figure of a unit (or place a new unit) first.")
        y += 32
        s = d["sides"][self.scene.doc.side_index(self.scene.side_id)]
        points = [sum((ed.figure_points(f["type"], f.get("equipment") or []) or 0) for f in u["figures"]) if has_points else None
                  for u in s["units"]]
        total = sum(p or 0 for p in points)
        for u, up in zip(s["units"][:8], points, strict=False):
            label = fit_before(u["name"], f" ({len(u['figures'])} figs" + (f", {up} pts)" if up is not None else ")"), 15, w - 10)
            self.scene.button((x, y, w, 24), label, (lambda uid=u["id"]: setattr(self.scene, "current_unit", uid)), active=(u["id"] == self.scene.current_unit))
            y += 26
        if len(s["units"]) > 8:
            text(surf, f"... and {len(s['units']) - 8} more units", (x, y + 2), 16, INK_SOFT)
            y += 20
        if has_points:
            text(surf, f"{s['name']}: {total} points", (x, y + 2), 19, INK, bold=True)
            y += 24
            y = self.force_advice(surf, x, y, w)
        for force in ed.ready_forces():
            pts = f" ({force.points} pts)" if force.points is not None else ""
            self.scene.button((x, y, w, 24), fit_before(f"+ {force.name}", pts, 15, w - 10),
                              lambda f=force: self.scene.use_tool(PlaceTool(f"ready:{f.id}", f"Click where the middle of the {f.name} stands.")),
                              tip=f"Place the rules' {force.name}: {sum(len(u.troops) for u in force.units)} figures in {len(force.units)} units.")
            y += 28
        y = self.figure_upgrades(surf, x, y, w)
        if self.scene.current_unit:
            uid = self.scene.current_unit
            si, ui = self.scene.doc.unit_path(uid)
            u = d["sides"][si]["units"][ui]
            self.scene.button((x, y, half, 26), "Rename unit", lambda: self.scene.prompt("Unit name:", u["name"], lambda v: self.scene.report(self.scene.doc.set_unit_field(uid, "name", v or u["name"]))))
            self.scene.button((x + half + 4, y, half, 26), "Delete unit", lambda: self.delete_unit(uid))
            y += 30
            kinds = list(self.scene.rules.editor.unit_kinds())
            nxt = kinds[(kinds.index(u["kind"]) + 1) % len(kinds)] if u["kind"] in kinds else kinds[0]
            self.scene.button((x, y, w, 26), f"Kind: {u['kind']}", lambda: self.scene.report(self.scene.doc.set_unit_field(uid, "kind", nxt)))
            y += 30
        self.troop_palette(surf, x, y + 6, w)

    def force_advice(self, surf, x, y, w) -> int:
        """The rules' advice on the forces (points, sizes, who commands), a line each."""
        d = self.scene.doc.data
        v = d.get("victory") or {}
        holds = {c["side"] for c in v.get("conditions") or [] if c.get("type") == "hold"}
        attackers = holds or {s["id"] for s in d["sides"] if v.get("otherwise") and s["id"] != v.get("otherwise")}
        for line in self.scene.rules.editor.force_advice(d["sides"], attackers)[:6]:
            for part in wrap(line, 15, w)[:3]:
                text(surf, part, (x, y), 15, INK_SOFT)
                y += 16
        return y + 4

    def figure_upgrades(self, surf, x, y, w) -> int:
        """The selected figure's points and the upgrades it may be given (toggles)."""
        sel = self.scene.selected
        if not sel or sel[0] != "figure":
            return y
        uid, k = str(sel[1]), int(sel[2])
        try:
            si, ui = self.scene.doc.unit_path(uid)
            fig = self.scene.doc.data["sides"][si]["units"][ui]["figures"][k]
        except (KeyError, IndexError):
            return y
        ed = self.scene.rules.editor
        tt = self.scene.rules.data.troop_types.get(fig["type"])
        if tt is None:
            return y
        own = list(getattr(tt, "equipment", []) or [])
        have = list(fig.get("equipment") or own)
        pts = ed.figure_points(fig["type"], have)
        text(surf, f"{fig.get('name') or tt.name}" + (f": {pts} pts" if pts is not None else ""), (x, y + 2), 17, INK, bold=True)
        y += 22
        ups = ed.upgrades(fig["type"])
        col_w = (w - 4) // 2
        for i, (eid, name, cost) in enumerate(ups):
            on = eid in have
            nxt = [e for e in have if e != eid] if on else have + [eid]
            self.scene.button((x + (i % 2) * (col_w + 4), y + (i // 2) * 26, col_w, 24), fit_before(name, f" +{cost}", 15, col_w - 10),
                              (lambda nxt=nxt: self.scene.report(self.scene.doc.set_figure_equipment(uid, k, [] if nxt == own else nxt))),
                              active=on, tip=f"{'Remove' if on else 'Give'} this upgrade ({cost} points).")
        return y + -(-len(ups) // 2) * 26 + 4

    def troop_palette(self, surf, x, y, w) -> None:
        """The troop types to place, two columns, a page at a time when they do not fit."""
        points = self.scene.rules.editor.troop_points
        tids = list(self.scene.rules.data.troop_types)
        rows = max(1, (surf.get_height() - 12 - y) // 26)
        per_page = rows * 2
        pages = max(1, -(-len(tids) // per_page))
        if pages > 1:
            rows -= 1  # a row for the page buttons
            per_page = max(2, rows * 2)
            pages = -(-len(tids) // per_page)
            self.troop_page = min(self.troop_page, pages - 1)
            q = (w - 8) // 4
            self.scene.button((x, y, q, 24), "<", lambda: setattr(self, "troop_page", (self.troop_page - 1) % pages))
            text(surf, f"Troops {self.troop_page + 1}/{pages}", (x + q + 10, y + 3), 18, INK, bold=True)
            self.scene.button((x + w - q, y, q, 24), ">", lambda: setattr(self, "troop_page", (self.troop_page + 1) % pages))
            y += 26
        else:
            self.troop_page = 0
        col_w = (w - 4) // 2
        shown = tids[self.troop_page * per_page:(self.troop_page + 1) * per_page]
        for i, tid in enumerate(shown):
            tt = self.scene.rules.data.troop_types[tid]
            pts = points(tid)
            cost = f" ({pts})" if pts is not None else ""
            label = fit_before(tt.name, cost, 15, col_w - 10)  # a long name shortened with an ellipsis, never its points
            self.scene.button((x + (i % 2) * (col_w + 4), y + (i // 2) * 26, col_w, 24), label,
                              (lambda tid=tid: setattr(self.scene, "troop", tid)), active=(tid == self.scene.troop))

    def delete_unit(self, uid: str) -> None:
        if self.scene.report(self.scene.doc.delete_unit(uid)):
            self.scene.current_unit = None

    def page_map(self, surf, x, y, w) -> None:
        d = self.scene.doc.data
        half = (w - 4) // 2
        self.scene.button((x, y, half, 26), "Rename map", lambda: self.scene.prompt("Map name:", d["name"], lambda v: self.scene.report(self.scene.doc.set_field("name", v or d["name"]))))
        self.scene.button((x + half + 4, y, half, 26), "Description", lambda: self.scene.prompt("Description:", d.get("description", ""), lambda v: self.scene.report(self.scene.doc.set_field("description", v))))
        y += 30
        rs = available_rulesets()
        nxt = rs[(rs.index(d["ruleset"]) + 1) % len(rs)] if d["ruleset"] in rs else rs[0]
        self.scene.button((x, y, w, 26), f"Ruleset: {load_ruleset(d['ruleset']).data.name}", lambda: self.scene.report(self.scene.doc.set_field("ruleset", nxt)),
                    tip="Switching rulesets needs forces of the new ruleset's troop types.")
        y += 34
        t = d["table"]
        text(surf, f"Table {t['width']:g} x {t['height']:g} {d['unit']}" + (" with grid" if t.get("grid") else ""), (x, y), 19, INK, bold=True)
        y += 22
        for name, (unit, pw, ph, grid) in PRESETS.items():
            self.scene.button((x, y, w, 26), f"Preset: {name}", (lambda unit=unit, pw=pw, ph=ph, grid=grid: self.set_preset(unit, pw, ph, grid)))
            y += 28
        step = 6 if d["unit"] == "in" else 10
        q = (w - 12) // 4
        self.scene.button((x, y, q, 26), "W -", lambda: self.scene.report(self.scene.doc.set_table(max(step, t["width"] - step), t["height"])))
        self.scene.button((x + q + 4, y, q, 26), "W +", lambda: self.scene.report(self.scene.doc.set_table(t["width"] + step, t["height"])))
        self.scene.button((x + 2 * (q + 4), y, q, 26), "H -", lambda: self.scene.report(self.scene.doc.set_table(t["width"], max(step, t["height"] - step))))
        self.scene.button((x + 3 * (q + 4), y, q, 26), "H +", lambda: self.scene.report(self.scene.doc.set_table(t["width"], t["height"] + step)))
        y += 30
        self.scene.button((x, y, w, 26), "Artillery grid: " + ("shown" if t.get("grid") else "hidden"), lambda: self.scene.report(self.scene.doc.set_table(t["width"], t["height"], not t.get("grid"))))
        y += 36
        self.scene.button((x, y, half, 30), "Save (Ctrl+S)", lambda: self.scene.save())
        self.scene.button((x + half + 4, y, half, 30), "Save to my maps", lambda: self.scene.save(user_maps_dir()))
        y += 34
        self.scene.button((x, y, half, 30), "Test play: hotseat", lambda: self.scene.test_play("hotseat"))
        self.scene.button((x + half + 4, y, half, 30), "Test play: vs random", lambda: self.scene.test_play("random"))
        y += 34
        self.scene.button((x, y, half, 30), "Check the map", self.check)
        self.scene.button((x + half + 4, y, half, 30), "Undo (Ctrl+Z)", lambda: self.scene.key(SimpleNamespace(mod=pygame.KMOD_CTRL, key=pygame.K_z)))
        y += 40
        text(surf, "Open a map:", (x, y), 18, INK, bold=True)
        y += 22
        for p in map_files()[:10]:
            self.scene.button((x, y, w, 24), p.name, (lambda p=p: self.open_map(p)))
            y += 26
        self.scene.button((x, y + 4, half, 28), "New map", self.new_map)
        self.scene.button((x + half + 4, y + 4, half, 28), "Main menu", self.scene.leave_editor)

    def set_preset(self, unit: str, w: float, h: float, grid: bool) -> None:
        def fn(d: dict) -> None:
            d["unit"] = unit
            d["table"] = {"width": w, "height": h, "grid": grid}

        self.scene.report(self.scene.doc.edit("table preset", fn))
        self.scene.layout()
        self.scene.camera.fit()

    def check(self) -> None:
        err = self.scene.doc.validate()
        if err is not None:
            self.scene.app.toast(f"Problem: {err.message} ({err.field})", 8)
            return
        found = self.scene.doc.warnings()
        notes = "".join(f" Note: {n}." for n in self.scene.doc.notes())
        self.scene.app.toast(("The map is valid." if not found else
                              f"The map is valid, with {len(found)} warning(s): " + "; ".join(found[:3]) + (" ..." if len(found) > 3 else ""))
                             + notes, 10)

    def open_map(self, path: Path) -> None:
        def go() -> None:
            self.scene.app.open("editor", path)

        if self.scene.doc.dirty:
            self.scene.push(ConfirmHandler("Open another map? Unsaved changes will be lost.", go))
        else:
            go()

    def new_map(self) -> None:
        def go() -> None:
            self.scene.app.open("editor", None, EditorDoc.new(self.scene.doc.data["ruleset"]))

        if self.scene.doc.dirty:
            self.scene.push(ConfirmHandler("Start a new map? Unsaved changes will be lost.", go))
        else:
            go()
