"""Grenades in My 1/35th Scale WWII Skirmish (L131-174): thrown in the open at a point up to
15" away (L133), deviating by distance (L158-162) in a uniform direction, stopped by an
obstacle they fail to clear (L145, L166), and going off as the grenade die says (L141:
interpretation grenade-die); thrown back if they have not gone off (L174); smoke grenades
worked out the same way (L170).

``throw (figure, point[, options smoke=yes])``, 2 points (L15). The point must be in the
thrower's sight, and after a move this turn it must have been in sight where the move began
(L135, interpretation grenade-sight). The game measures the distance (interpretation
estimate). Over 5" the d6 must reach the band's number or the grenade lands 2" or 3" off
towards a direction rolled. An obstacle more than 1" from the thrower makes the band just
beyond it, as deep as the obstacle is high, a place the grenade cannot reach: a point there
is refused, and a grenade deviating into it stops at the obstacle (interpretation
over-obstacles). The grenade die: BANG, it goes off where it lands (5" across, blasts.py);
fuse, it goes off at the end of the opponent's turn, and a figure of that side within 1" may
``throw_back (figure, target=grenade, point)`` for 2 points: the red face goes off in its hand,
any other and it flies on and goes off where it lands.

``throw (figure, target=opening)`` through a window or open door (L137, L147-151): from up to
2" it goes in, 2-5" on 5+, 5-10" on 9+, 10-15" on 12 and only standing; missing, it falls
outside under the opening; then the grenade die as any throw, and the figures inside roll on
the building table.
"""

from __future__ import annotations

from math import cos, hypot, radians, sin
from typing import TYPE_CHECKING

from shapely.geometry import LineString, Point

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.state import Figure, Marker
from game.rulesets.movement import clamp_to_table
from game.rulesets.parts import Chapter

from .status import W135FigMark, W135GrenadeAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

XY = tuple[float, float]
GRENADE = "grenade"
#: what a grenade must clear (L145: an obstacle with a height)
CLEARS = frozenset({"wall", "hedge", "fence"})


class W135Grenades(Chapter["Ww2135"]):
    rules: Ww2135

    # ---- where it may go (L133-145) ------------------------------------------------------------------
    def blind_bands(self, game: Game, start: XY, towards: XY) -> list[tuple[float, float]]:
        """(where the throw meets it, where the band beyond it ends), in mm along the throw from
        ``start`` to ``towards``, for each obstacle that begins more than 1" from ``start``:
        the band is the obstacle and, beyond it, as far as it is high (L145)."""
        rules = self.rules
        line = LineString([start, towards])
        far = rules.mm(rules.data.grenades.obstacle_over)
        out = []
        for feat in game.table.features:
            if feat.type.id not in CLEARS or not line.intersects(feat.area):
                continue
            meet = line.intersection(feat.area)
            ds = [line.project(Point(c)) for g in getattr(meet, "geoms", [meet]) for c in g.coords]
            if not ds or min(ds) <= far:
                continue
            out.append((min(ds), max(ds) + rules.mm(rules.sight.height(game, feat.id))))
        return sorted(out)

    def opening_of(self, game: Game, cmd: Command) -> str | None:
        """The window or door a throw goes through: named, or clicked on (choice opening)."""
        if cmd.target is not None:
            return cmd.target
        if cmd.choice == "opening" and cmd.point is not None:
            return self.rules.buildings.nearest(game, (cmd.point[0], cmd.point[1]))
        return None

    def check_throw(self, game: Game, cmd: Command) -> None:
        if cmd.choice == "opening" and self.opening_of(game, cmd) is None:
            refuse("Click on a window or a door of a building.")
        if self.opening_of(game, cmd) is not None:
            self.opening_plan(game, cmd)
            return
        self.plan(game, cmd)

    # ---- through a window or doorway (L137, L147-151) ----------------------------------------------------
    def opening_plan(self, game: Game, cmd: Command) -> tuple[Figure, str, float, XY, XY]:
        """(thrower, opening, distance in inches, the point inside, the point outside) of a throw
        at a window or open door."""
        rules = self.rules
        st = game.state
        f = st.figures.get(cmd.figure or "")
        oid = self.opening_of(game, cmd) or ""
        found = rules.buildings.opening(game, oid)
        if f is None or found is None:
            refuse("Name the thrower and the window or door it throws through.")
        assert f is not None and found is not None
        feat, o = found
        require(cmd.side == st.active_side, f"{f.name} throws in its own side's turn.")
        require(rules.buildings.inside(game, f.pos) is not feat,
                f"{f.name} is inside: it throws out through the {o.kind} at a point it sees, as a throw in the open (interpretation grenade-out).")
        self.require_able(game, f)
        require("grenade" in f.equipment, f"{f.name} has no grenades.")
        cost = rules.data.actions["throw_grenade"].fixed() or 0
        require(rules.points(game, f) >= cost, f"{f.name} has {rules.points(game, f)} points left; a throw costs {cost} (L15).")
        require(o.kind == "window" or rules.buildings.state_of(game, oid) == "open", "The door is shut: open it first.")
        out = radians(rules.buildings.outward(feat, o))
        step = rules.mm(1.0)
        inner = (o.at[0] - step * cos(out), o.at[1] - step * sin(out))
        outer = (o.at[0] + step * cos(out), o.at[1] + step * sin(out))
        inches = rules.in_units(hypot(o.at[0] - f.x, o.at[1] - f.y))
        rows = rules.data.grenades.opening
        row = next((r for r in rows if inches <= r.upto + 1e-9), None)
        require(row is not None, f"That is {inches:.1f}\" away; a grenade goes through a window from {rows[-1].upto:g}\" at most (L151).")
        assert row is not None
        require(not row.standing or not rules.prone(f), f"From {inches:.1f}\" only a standing figure may try it (L151).")
        require(rules.sight.in_arc(f, o.at), f"{f.name} must turn to face it first (L47).")
        seen = rules.sight.sees_point(game, f, outer, rules.moving.as_it_began(game, f))
        require(seen.visible, f"{f.name} must see the {o.kind} (L135): {seen.why}.")
        return f, oid, inches, inner, outer

    def plan(self, game: Game, cmd: Command) -> tuple[Figure, XY, float]:
        """(thrower, point, distance in inches) of a throw ``cmd`` may make (refused with the reason)."""
        rules = self.rules
        st = game.state
        f = st.figures.get(cmd.figure or "")
        if f is None or cmd.point is None:
            refuse("Name the thrower and the point it throws at.")
        require(cmd.side == st.active_side, f"{f.name} throws in its own side's turn.")
        self.require_able(game, f)
        smoke = cmd.option("smoke") == "yes"
        kit = "smoke_grenade" if smoke else "grenade"
        require(kit in f.equipment, f"{f.name} has no {'smoke grenade' if smoke else 'grenades'}.")
        cost = rules.data.actions["throw_grenade"].fixed() or 0
        require(rules.points(game, f) >= cost, f"{f.name} has {rules.points(game, f)} points left; a throw costs {cost} (L15).")
        p = (float(cmd.point[0]), float(cmd.point[1]))
        return f, p, self.require_aim(game, f, p)

    def require_able(self, game: Game, f: Figure) -> None:
        """``f``'s morale lets it throw (L79, interpretation fire-levels)."""
        level = self.rules.morale.word(self.rules.morale.level(f))
        require(level not in self.rules.data.shooting.cannot_fire, f"{f.name} is {level} and cannot throw (interpretation fire-levels).")

    def require_aim(self, game: Game, f: Figure, p: XY) -> float:
        """The distance in inches of a throw by ``f`` at ``p``, refused with the reason when it
        may not be thrown there: beyond 15" (L133), out of its front arc (L47), at a point it did
        not see from where its move began (L135), through a building's walls (L137), or just
        behind an obstacle (L145). Every throw asks it, a grenade thrown back as well."""
        rules = self.rules
        inches = rules.in_units(hypot(p[0] - f.x, p[1] - f.y))
        g = rules.data.grenades
        require(0 < inches <= g.max_range + 1e-9, f"That is {inches:.1f}\" away; a grenade is thrown {g.max_range:g}\" at most (L133).")
        require(rules.sight.in_arc(f, p), f"{f.name} must turn to face that way first (L47).")
        began = rules.moving.as_it_began(game, f)
        seen = rules.sight.sees_point(game, f, p, began)
        require(seen.visible, f"{f.name} must see the point" + (" from where its move began (L135)" if began is not f else "") + f": {seen.why}.")
        # a man inside throws out through the window or open door he sees the point by, as a
        # throw in the open (interpretation grenade-out); into a building only by its table (L137)
        home = rules.buildings.inside(game, f.pos)
        walls = [feat for feat in rules.buildings.walled(game) if feat is not home
                 and (LineString([f.pos, p]).crosses(feat.area.boundary) or feat.area.covers(Point(p)) != feat.area.covers(Point(f.pos)))]
        require(not walls, f"The walls of the {walls[0].name.lower() if walls else ''} are in the way: throw through a window or an open "
                           "door (L137).")
        d = hypot(p[0] - f.x, p[1] - f.y)
        for near, end in self.blind_bands(game, f.pos, p):
            require(not (near < d <= end + 1e-6), "The grenade cannot drop that close behind the obstacle (L145): aim short of it or further on.")
        return inches

    def apply_throw(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        if self.opening_of(game, cmd) is not None:
            f, oid, inches, inner, outer = self.opening_plan(game, cmd)
            rules.pay(game, f, rules.data.actions["throw_grenade"].fixed() or 0, "a throw")
            f.markers.pop(W135FigMark.HIDDEN, None)
            row = next(r for r in rules.data.grenades.opening if inches <= r.upto + 1e-9)
            if row.automatic:
                inside = True
                game.emit("grenade", f"{f.name} drops a grenade through from {inches:.1f}\": no roll (L148).", figures=[f.id], side=f.side)
            else:
                r = game.dice.roll("2d6", f"{f.name} throws a grenade through the opening from {inches:.1f}\"", target=f"{row.need}+",
                                   figures=[f.id])
                inside = r.total >= (row.need or 13)
                r.outcome = "in" if inside else "misses: it falls outside"
            self.fuse_and_burst(game, f, inner if inside else outer, "grenade", False)
            return
        f, p, inches = self.plan(game, cmd)
        smoke = cmd.option("smoke") == "yes"
        rules.pay(game, f, rules.data.actions["throw_grenade"].fixed() or 0, "a throw")
        f.markers.pop(W135FigMark.HIDDEN, None)
        if smoke:
            f.equipment = [e for e in f.equipment if e != "smoke_grenade"]
        what = "smoke grenade" if smoke else "grenade"
        game.emit("grenade", f"{f.name} throws a {what} {inches:.1f}\".", figures=[f.id], side=f.side)
        self.fuse_and_burst(game, f, self.land(game, f, f.pos, p, inches, what), what, smoke)

    def fuse_and_burst(self, game: Game, f: Figure, at: XY, what: str, smoke: bool) -> None:
        """The grenade die (L141): it goes off now, or lies on a fuse till the end of the opponent's turn."""
        rules = self.rules
        fuse = game.dice.roll("dgrenade", f"the {what}'s fuse", figures=[f.id])
        late = rules.data.dice["grenade"].faces[fuse.total - 1] in rules.data.grenades.fuse_late_faces
        fuse.outcome = "goes off at the end of the opponent's turn" if late else "goes off now"
        if not late:
            self.burst(game, at, what, f.side)
            return
        st = game.state
        n = 1
        gid = f"{GRENADE}:{f.id}:{rules.sideturn(game)}"
        while gid in st.markers:
            n += 1
            gid = f"{GRENADE}:{f.id}:{rules.sideturn(game)}.{n}"
        st.markers[gid] = Marker(gid, f.side, GRENADE, at[0], at[1], attrs={W135GrenadeAttr.SMOKE: smoke,
                                                                            W135GrenadeAttr.UNTIL: rules.sideturn(game) + 1})
        game.emit("grenade", f"The {what} lies fizzing: it goes off at the end of the opponent's turn (L170).", side=f.side)

    def land(self, game: Game, f: Figure, start: XY, p: XY, inches: float, what: str) -> XY:
        """Where a throw at ``p`` lands (L158-162, L145)."""
        rules = self.rules
        row = next(r for r in rules.data.grenades.deviation if inches <= r.upto + 1e-9)
        if row.on_target is None or row.by <= 0:
            return p
        r = game.dice.roll(rules.data.grenades.deviation_die, f"the {what} lands on target?", target=f"{row.on_target}+", figures=[f.id])
        if r.total >= row.on_target:
            r.outcome = "on target"
            return p
        r.outcome = f"deviates {row.by:g}\""
        h = game.dice.direction(f"which way the {what} deviates", figures=[f.id])
        d = rules.mm(row.by)
        at = clamp_to_table(game, (p[0] + d * cos(radians(h.total)), p[1] + d * sin(radians(h.total))))
        dist = hypot(at[0] - start[0], at[1] - start[1])
        for near, end in self.blind_bands(game, start, at):
            if near < dist <= end + 1e-6:
                stop = LineString([start, at]).interpolate(max(0.0, near - 1.0))
                game.emit("grenade", f"The {what} fails to clear the obstacle and stops against it (L145).", side=f.side)
                return (stop.x, stop.y)
        return at

    def burst(self, game: Game, at: XY, what: str, side: str) -> None:
        rules = self.rules
        if what.startswith("smoke"):
            rules.blasts.lay_smoke(game, at, f"start:{side}", "The smoke grenade goes off")
        else:
            rules.blasts.explode(game, at, rules.data.grenades.burst, "The grenade")

    # ---- the late ones and throwing back (L170, L174) -----------------------------------------------------
    def late_ones(self, game: Game) -> None:
        """At the end of a side's turn: the grenades on a fuse that go off now."""
        st = game.state
        now = self.rules.sideturn(game)
        for gid in sorted(m.id for m in st.markers.values() if m.kind == GRENADE and m.attrs.get(W135GrenadeAttr.UNTIL) == now):
            m = st.markers.pop(gid)
            if m.attrs.get(W135GrenadeAttr.SMOKE):
                self.rules.blasts.lay_smoke(game, (m.x, m.y), f"end:{st.active_side}", "The smoke grenade goes off")
            else:
                self.rules.blasts.explode(game, (m.x, m.y), self.rules.data.grenades.burst, "The grenade")

    def check_throw_back(self, game: Game, cmd: Command) -> None:
        self.back_plan(game, cmd)

    def back_plan(self, game: Game, cmd: Command) -> tuple[Figure, Marker, XY]:
        rules = self.rules
        st = game.state
        f, m = st.figures.get(cmd.figure or ""), st.markers.get(cmd.target or "")
        if f is None or m is None or m.kind != GRENADE or cmd.point is None:
            refuse("Name the figure, the grenade lying on a fuse, and where to throw it.")
        require(cmd.side == st.active_side and st.hostile(f.side, m.side), "Only the side it was thrown at throws it back, in its own turn.")
        self.require_able(game, f)
        require(rules.dist(f.pos, (m.x, m.y)) <= rules.mm(rules.data.grenades.obstacle_over) + 1e-6,
                f"{f.name} must be within 1\" of the grenade to pick it up (interpretation grenade-die).")
        cost = rules.data.actions["throw_grenade"].fixed() or 0
        require(rules.points(game, f) >= cost, f"{f.name} has {rules.points(game, f)} points left; a throw costs {cost}.")
        p = (float(cmd.point[0]), float(cmd.point[1]))
        self.require_aim(game, f, p)
        return f, m, p

    def apply_throw_back(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        f, m, p = self.back_plan(game, cmd)
        rules.pay(game, f, rules.data.actions["throw_grenade"].fixed() or 0, "throwing a grenade back")
        del game.state.markers[m.id]
        smoke = bool(m.attrs.get(W135GrenadeAttr.SMOKE))
        what = "smoke grenade" if smoke else "grenade"
        r = game.dice.roll("dgrenade", f"{f.name} throws the {what} back", target="the red face goes off in the hand", figures=[f.id])
        if r.total in rules.data.grenades.return_explodes_on:
            r.outcome = "goes off in the hand"
            self.burst(game, f.pos, what, f.side)
            return
        r.outcome = "thrown back"
        inches = rules.in_units(hypot(p[0] - f.x, p[1] - f.y))
        self.burst(game, self.land(game, f, f.pos, p, inches, what), what, f.side)
