"""Buildings, doors and windows in My 1/35th Scale WWII Skirmish (L263-282): sight in and out
of a building only through its openings and within their arcs, leaning out, moving in and
out by doors and windows, opening, closing, locking and forcing doors.

A building whose map gives it ``openings`` is walled: a figure inside sees out, and is seen,
only along lines that pass through a window or an open door within 45 degrees of the way
out of it (interpretation window-arcs); ``lean_out (figure)`` (1 point, L282) lets it use an
opening at any angle, counting soft cover instead of hard until it moves. Figures on foot go
in and out only by an open door, or through a window at the obstacle's d3 points (L282 "as
climbing a wall"). ``door (figure, target=opening, choice=open|close|lock|force)``: 1 point
to open, close or lock (L17, L282 "blocked during the course of a game"); forcing a locked
door costs d3 points inside, 2d3 from outside (L25), what the figure cannot pay coming off
its next turn (interpretation locked-doors). A building with no openings on its map keeps
the shared rule: its occupants see out all round.
"""

from __future__ import annotations

from math import atan2, cos, degrees, hypot, radians, sin
from typing import TYPE_CHECKING

import shapely
from shapely.geometry import LineString, Point

from game.core.commands import Command, refuse, require
from game.core.game import MISSING, Game
from game.core.state import Figure
from game.geometry.terrain import Opening, TerrainFeature
from game.rulesets.parts import Chapter

from .sight_lines import ring_edge_list
from .status import W135FigMark, W135GameAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

XY = tuple[float, float]
#: the kept store of :meth:`W135Buildings.inside`, and the key naming the terrain its points are of
INSIDE, TERRAIN = "w135_inside", "terrain"
WALLED = frozenset({"building", "bunker"})
#: how close (inches) a figure must be to an opening to work its door or throw through it
REACH = 1.0
#: half the arc out of an opening (interpretation window-arcs)
ARC = 45.0


class W135Buildings(Chapter["Ww2135"]):
    rules: Ww2135

    # ---- the openings ---------------------------------------------------------------------------------
    def walled(self, game: Game) -> list[TerrainFeature]:
        table = game.table
        return list(game.keep("w135_walled", (id(table), table.version),
                              lambda: [f for f in table.features if f.type.id in WALLED and f.openings], limit=4))

    def opening(self, game: Game, oid: str) -> tuple[TerrainFeature, Opening] | None:
        fid, _, k = oid.rpartition(":")
        if fid not in game.table or not k.isdigit():
            return None
        feat = game.table.feature(fid)
        return (feat, feat.openings[int(k)]) if int(k) < len(feat.openings) else None

    def openings(self, game: Game) -> list[tuple[str, TerrainFeature, Opening]]:
        return [(f"{feat.id}:{k}", feat, o) for feat in self.walled(game) for k, o in enumerate(feat.openings)]

    def nearest(self, game: Game, p: XY, within: float = 1.5) -> str | None:
        """The opening nearest ``p`` within ``within`` inches (a click on a door or window)."""
        best = min(((hypot(o.at[0] - p[0], o.at[1] - p[1]), oid) for oid, _, o in self.openings(game)), default=None)
        return best[1] if best is not None and best[0] <= self.rules.mm(within) else None

    def state_of(self, game: Game, oid: str) -> str:
        """'open', 'closed' or 'locked' (doors and windows start shut; L282)."""
        found = self.opening(game, oid)
        start = "locked" if found is not None and found[1].locked else "closed"
        return str(game.state.attrs.get(W135GameAttr.OPENINGS, {}).get(oid, start))

    def external(self, game: Game, feat: TerrainFeature, o: Opening) -> bool:
        """An opening on an outside wall (not shared with another building)."""
        p = Point(o.at)
        return not any(g.id != feat.id and g.area.boundary.distance(p) <= o.width / 2 for g in self.walled(game))

    def outward(self, feat: TerrainFeature, o: Opening) -> float:
        """The heading (degrees) straight out of the building through ``o``: the normal of the
        wall it is set in, pointing outside."""
        segs = [(a, b) for ring in getattr(feat.area.boundary, "geoms", [feat.area.boundary])
                for a, b in zip(ring.coords, list(ring.coords)[1:], strict=False)]
        (x1, y1), (x2, y2) = min(segs, key=lambda ab: LineString(ab).distance(Point(o.at)))
        h = degrees(atan2(y2 - y1, x2 - x1))
        for n in (h + 90.0, h - 90.0):
            if not feat.area.covers(Point(o.at[0] + 2 * cos(radians(n)), o.at[1] + 2 * sin(radians(n)))):
                return n % 360.0
        return (h + 90.0) % 360.0

    def kept_outward(self, game: Game, feat: TerrainFeature, o: Opening) -> float:
        """:meth:`outward`, kept for the terrain."""
        table = game.table
        return float(game.keep("w135_outward", (feat.id, o, id(table), table.version), lambda: self.outward(feat, o), limit=256))

    def inside(self, game: Game, p: XY) -> TerrainFeature | None:
        """The building with openings ``p`` stands in, kept per point for the present terrain
        (asked of both ends of most sight lines: one dict of the terrain's version, filled in
        place, shared with the AI's knowledge game as a fact of the table)."""
        table = game.table
        kept = game.kept.get(INSIDE)
        if kept is None or kept.get(TERRAIN) != (id(table), table.version) or len(kept) > 20_000:
            kept = game.store(INSIDE, 0, 20_000)
            kept.clear()
            kept[TERRAIN] = (id(table), table.version)
        hit = kept.get(p, MISSING)
        if hit is MISSING:
            hit = kept[p] = next((feat for feat in self.walled(game) if shapely.intersects_xy(feat.area, p[0], p[1])), None)
        return hit

    # ---- sight through the walls ----------------------------------------------------------------------
    def through(self, game: Game, feat: TerrainFeature, a: XY, b: XY, leaning: bool) -> str:
        """Why the line a-b, which leaves or enters ``feat``, passes no opening it may ('' when
        it does): it must cross the wall at a window or an open door, within 45 degrees of the
        way out (any angle leaning out)."""
        table = game.table
        pts = crossings(a, b, game.keep("w135_wall_edges", (feat.id, id(table), table.version), lambda: edges(feat), limit=64))
        if not pts:
            return ""
        heading = degrees(atan2(b[1] - a[1], b[0] - a[0]))
        inward: bool | None = None
        for px, py in pts:
            ok = False
            for k, o in enumerate(feat.openings):
                if hypot(px - o.at[0], py - o.at[1]) > o.width / 2 + 1e-6:
                    continue
                if o.kind == "door" and self.state_of(game, f"{feat.id}:{k}") != "open":
                    continue
                out = self.kept_outward(game, feat, o)
                if inward is None:
                    inward = bool(shapely.intersects_xy(feat.area, a[0], a[1]))  # (a point: intersects is covers)
                way = heading if inward else heading + 180.0
                off = abs((way - out + 180.0) % 360.0 - 180.0)
                if off <= (90.0 if leaning else ARC) + 1e-6:
                    ok = True
                    break
            if not ok:
                return f"the walls of the {feat.name.lower()} block the view (no window or open door that way, L275-278)"
        return ""

    def blocks(self, game: Game, obs: Figure, tgt: Figure) -> str:
        """Why the walls of a building with openings block sight from ``obs`` to ``tgt`` ('' if not)."""
        rules = self.rules
        bo, bt = self.inside(game, obs.pos), self.inside(game, tgt.pos)
        if bo is not None and bo is bt:
            return ""
        for feat, lean in ((bo, rules.leaning(game, obs)), (bt, rules.leaning(game, tgt))):
            if feat is not None:
                why = self.through(game, feat, obs.pos, tgt.pos, lean)
                if why:
                    return why
        return ""

    # ---- leaning out (L282) ------------------------------------------------------------------------------
    def check_lean_out(self, game: Game, cmd: Command) -> None:
        f = self.rules.own_figure(game, cmd)
        require(self.inside(game, f.pos) is not None, f"{f.name} is not in a building.")
        require(not self.rules.leaning(game, f), f"{f.name} leans out already.")
        require(self.rules.points(game, f) >= 1, f"{f.name} has no points left; leaning out costs 1 (L282).")

    def apply_lean_out(self, game: Game, cmd: Command) -> None:
        """L282 "you must pay a point to move": leaning out is a move (of no distance), so it
        does not end what a move before it counts for a shot at the figure, and it ends
        hiding as paying to move does (L55, interpretation leaning)."""
        f = game.state.figures[cmd.figure or ""]
        self.rules.pay(game, f, self.rules.data.actions["perform_action"].fixed() or 0, "leaning out (a point to move)", moving=True)
        f.markers[W135FigMark.LEANING] = True
        f.markers.pop(W135FigMark.HIDDEN, None)

    # ---- doors (L17, L25, L282) ---------------------------------------------------------------------------
    def check_door(self, game: Game, cmd: Command) -> None:
        self.door_plan(game, cmd)

    def door_plan(self, game: Game, cmd: Command) -> tuple[Figure, str, TerrainFeature, Opening]:
        rules = self.rules
        f = rules.own_figure(game, cmd)
        oid = cmd.target or (self.nearest(game, (cmd.point[0], cmd.point[1])) if cmd.point is not None else None) or ""
        found = self.opening(game, oid)
        if found is None:
            refuse("Name the door (or click on it).")
        assert found is not None
        feat, o = found
        require(o.kind == "door", "Windows stay as they are; climb through one with a move.")
        require(rules.dist(f.pos, o.at) <= rules.mm(REACH) + f.radius + o.width / 2, f"{f.name} must be at the door.")
        st = self.state_of(game, oid)
        want = cmd.choice
        require(want in ("open", "close", "lock", "force"), "Say open, close, lock or force.")
        if want == "open":
            require(st == "closed", "The door is " + ("open already." if st == "open" else "locked: force it."))
        elif want == "close":
            require(st == "open", "The door is not open.")
        elif want == "lock":
            require(st == "closed", "Close the door first." if st == "open" else "The door is locked already.")
        else:
            require(st == "locked", "The door is not locked: open it.")
        require(rules.points(game, f) >= 1, f"{f.name} has no points left; that costs 1 (L17)." if want != "force"
                else f"{f.name} has no points left to start on the door (L5, L25).")
        require(not f.markers.get(W135FigMark.FORCING), f"{f.name} is still forcing a door: it opens as its next turn begins.")
        return f, oid, feat, o

    def apply_door(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        f, oid, feat, o = self.door_plan(game, cmd)
        rules.acquisition.freeze(game)  # what was seen as the turn began, before the door changes it
        doors = game.state.attrs.setdefault(W135GameAttr.OPENINGS, {})
        if cmd.choice == "force":
            ext = self.external(game, feat, o)
            spec = rules.data.actions["open_locked_door_external" if ext else "open_locked_door_internal"].cost
            r = game.dice.roll(str(spec), f"{f.name} forces the {'outside' if ext else 'inside'} door", figures=[f.id])
            have = rules.points(game, f)
            owed = max(0, r.total - have)
            rules.pay(game, f, min(have, r.total), "forcing the door")
            if owed:  # the rest is paid from its next turn's points, and the door opens then (interpretation locked-doors)
                f.markers[W135FigMark.DEBT] = int(f.markers.get(W135FigMark.DEBT, 0)) + owed
                f.markers[W135FigMark.FORCING] = oid
                r.outcome = f"{r.total} points: {owed} owed from its next turn, when the door opens"
                return
            r.outcome = f"{r.total} points: the door is open"
            doors[oid] = "open"
            return
        rules.pay(game, f, rules.data.actions["perform_action"].fixed() or 0, f"{cmd.choice}ing the door".replace("closeing", "closing"))
        doors[oid] = {"open": "open", "close": "closed", "lock": "locked"}[cmd.choice or ""]

    def forced_open(self, game: Game, side: str) -> None:
        """As ``side``'s turn begins: the doors its figures forced with points owed from this
        turn open (interpretation locked-doors); one whose forcer is out of action stays locked."""
        doors = game.state.attrs.setdefault(W135GameAttr.OPENINGS, {})
        for f in sorted(game.state.side_figures(side, alive_only=False), key=lambda x: x.id):
            oid = f.markers.pop(W135FigMark.FORCING, None)
            if oid is not None and f.alive:
                doors[oid] = "open"
                game.emit("door", f"{f.name} has forced the door open (L25).", figures=[f.id], side=side)

    # ---- moving in and out -----------------------------------------------------------------------------------
    def wall_crossings(self, game: Game, path: list[XY]) -> list[tuple[float, str | None, TerrainFeature]]:
        """(distance along ``path`` in mm, the opening crossed or None, building) for each time
        the path crosses the wall of a building with openings."""
        line = LineString(path)
        out: list[tuple[float, str | None, TerrainFeature]] = []
        for feat in self.walled(game):
            cross = line.intersection(feat.area.boundary)
            for g in getattr(cross, "geoms", [cross]):
                for c in getattr(g, "coords", []):
                    d = line.project(Point(c))
                    hit = next((k for k, o in enumerate(feat.openings) if hypot(c[0] - o.at[0], c[1] - o.at[1]) <= o.width / 2 + 1e-6), None)
                    out.append((d, None if hit is None else f"{feat.id}:{hit}", feat))
        return sorted(out, key=lambda t: t[0])

    def check_path(self, game: Game, f: Figure, path: list[XY]) -> None:
        """A move crossing a walled building's wall goes by an open door or a window."""
        for _, oid, feat in self.wall_crossings(game, path):
            name = feat.name.lower()
            require(oid is not None, f"{f.name} cannot go through the walls of the {name}: go by a door or a window (L282).")
            assert oid is not None
            found = self.opening(game, oid)
            assert found is not None
            if found[1].kind == "door":
                st = self.state_of(game, oid)
                require(st == "open", f"The door is {st}: {'force' if st == 'locked' else 'open'} it first (L17, L25).")
            else:
                require(not self.rules.is_vehicle(f), "A vehicle does not climb through windows.")

    def windows_on(self, game: Game, path: list[XY]) -> list[tuple[float, str]]:
        """(distance, opening id) of each window ``path`` climbs through (a d3 each, L282)."""
        out: list[tuple[float, str]] = []
        for d, oid, _ in self.wall_crossings(game, path):
            found = self.opening(game, oid) if oid is not None else None
            if oid is not None and found is not None and found[1].kind == "window":
                out.append((d, oid))
        return out


def edges(feat: TerrainFeature) -> list[tuple[XY, XY]]:
    """The straight stretches of a building's walls (its footprint's rings)."""
    return [((px, py), (qx, qy)) for px, py, qx, qy in ring_edge_list(feat.area)]


def crossings(a: XY, b: XY, walls: list[tuple[XY, XY]]) -> list[XY]:
    """Where the segment a-b meets the walls: each crossing point, and the ends of any
    stretch it runs along a wall."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    if dx == dy == 0:
        return [a] if any(Point(a).distance(LineString(w)) <= 1e-9 for w in walls) else []
    out: list[XY] = []
    for (px, py), (qx, qy) in walls:
        ex, ey = qx - px, qy - py
        den = dx * ey - dy * ex
        wx, wy = px - ax, py - ay
        if abs(den) > 1e-12 * (abs(dx) + abs(dy)) * (abs(ex) + abs(ey)):
            t = (wx * ey - wy * ex) / den
            u = (wx * dy - wy * dx) / den
            if -1e-12 <= t <= 1 + 1e-12 and -1e-12 <= u <= 1 + 1e-12:
                out.append((ax + t * dx, ay + t * dy))
        elif abs(wx * dy - wy * dx) <= 1e-9 * (abs(dx) + abs(dy) + 1.0):  # along the same line
            out += [p for p in ((px, py), (qx, qy)) if _between(p, a, b)]
            out += [p for p in (a, b) if _between(p, (px, py), (qx, qy))]
    return out


def _between(p: XY, a: XY, b: XY) -> bool:
    """``p``, on the line a-b, lies within the segment a-b."""
    return min(a[0], b[0]) - 1e-9 <= p[0] <= max(a[0], b[0]) + 1e-9 and min(a[1], b[1]) - 1e-9 <= p[1] <= max(a[1], b[1]) + 1e-9
