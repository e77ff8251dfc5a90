"""Suppressive fire in My 1/35th Scale WWII Skirmish (L110-121, L286): a line of fire laid
without a target, which stops enemy figures crossing it in the next turn.

``suppress (figure, point)`` (3 points, L22) lays a line from the firer towards ``point``, 1"
wide, as far as the point (which it must see; an SMG's at most 30", L66), or for a quad a 4"
circle at the point (L117). A machine gun (the "LMG/HMG" row, L118) may lay one when it, or a
figure of its side that sees it, has an enemy in sight (L112 "be told about some"); the
others of L114 only when they see an enemy themselves (interpretation suppress-reason).

The line acts in the enemy's next turn (interpretation suppress-template). A figure whose
move crosses it is diced for (L112): for the line's first crosser a d6, on a 1 the gun is
re-loading and the crossing is not diced; while it re-loads each further crosser rolls a d6,
4 or more and loading is complete (interpretation suppress-reload); then 2d6, 5+ for a
machine gun, 6+ for the others, automatic for the quad (L116-119). Success: the figure stops
at the last point of its move where it was in cover before it met the line (its start, if
none: L114), and is suppressed (a marker, L121); never killed, and a second suppression by
fire does not make it shaken. Lines go as the laying side's next turn begins.
"""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING

from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry

from game.core import pools
from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.keys import LineMarkerKey
from game.core.state import Figure, Marker
from game.geometry.path_scan import first_inside
from game.geometry.templates import corridor
from game.rulesets.parts import Chapter

from .morale import SUPPRESSED
from .status import HELD, W135FigMark, W135GameAttr, W135LineAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

LINE = "suppress_line"
XY = tuple[float, float]
#: how finely a move is searched back for the last point in cover (mm)
COVER_STEP = 2.5


class W135Suppress(Chapter["Ww2135"]):
    rules: Ww2135

    # ---- laying a line (L112-119) ---------------------------------------------------------------------
    def check_suppress(self, game: Game, cmd: Command) -> None:
        self.plan(game, cmd)

    def plan(self, game: Game, cmd: Command) -> tuple[Figure, str, XY, XY]:
        """(firer, weapon id, from, to) of a line ``cmd`` may lay (refused with the reason)."""
        rules = self.rules
        st = game.state
        f = st.figures.get(cmd.figure or "")
        if f is None or cmd.point is None:
            refuse("Name the gunner and the point its line of fire runs to.")
        p = (float(cmd.point[0]), float(cmd.point[1]))
        answering = st.attrs.get(W135GameAttr.OPPORTUNITY) is not None and cmd.side != st.active_side
        require(cmd.side == st.active_side or answering, f"{f.name} lays suppressive fire in its own turn, or as opportunity fire.")
        level = rules.morale.word(rules.morale.level(f))
        require(level not in rules.data.shooting.cannot_fire, f"{f.name} is {level} and cannot fire (L79, interpretation fire-levels).")
        arms = [(w, rules.data.weapons[w]) for w in f.weapons if w in rules.data.weapons and rules.data.weapons[w].suppress]
        require(bool(arms), f"{f.name} has no weapon that lays suppressive fire (L114).")
        wid, w = arms[0]
        require(not rules.firing.dry(f), f"{f.name}'s gun is out of ammunition.")
        if answering:
            require(self.rules.opportunity.held(game, f) > 0, f"{f.name} holds no points for opportunity fire (L114, L125).")
        else:
            cost = rules.data.actions["suppressive_fire"].fixed() or 0
            have = rules.points(game, f)
            require(have >= cost, f"{f.name} has {have} points left; suppressive fire costs {cost} (L22).")
        require(p != f.pos, "Give a point away from the gunner.")
        require(rules.sight.in_arc(f, p), f"{f.name} must turn to face that way first (L47).")
        if w.suppress_range is not None:
            far = rules.in_units(hypot(p[0] - f.x, p[1] - f.y))
            require(far <= w.suppress_range + 1e-9, f"That is {far:.1f}\" away; the {w.name}'s suppressive fire reaches {w.suppress_range:g}\" (L66).")
        seen = rules.sight.sees_point(game, f, p)
        require(seen.visible, f"{f.name} cannot see that point: {seen.why}.")
        require(self.has_reason(game, f, w.suppress == "mg"),
                f"{f.name} has no reason to fire: it must see an enemy" + (", or a friend who sees it must (L112)." if w.suppress == "mg" else " (L112)."))
        assert w.suppress is not None
        return f, wid, f.pos, p

    def has_reason(self, game: Game, f: Figure, told: bool) -> bool:
        """``f`` sees an enemy, or (``told``) a friend that sees ``f`` does (L112); in a
        hidden-deployment game an attacker always has one (L286)."""
        st = game.state
        hidden = self.rules.hiding.hidden_sides(game)
        if hidden and f.side not in hidden and any(st.hostile(f.side, s) for s in hidden):
            return True
        enemies = [e for s in st.enemies_of(f.side) for e in st.side_figures(s)]
        sight = self.rules.sight
        if any(sight.sees(game, f, e).visible for e in enemies):
            return True
        if not told:
            return False
        friends = [o for o in st.side_figures(f.side) if o.id != f.id and sight.line(game, o, f).visible]
        return any(sight.line(game, o, e).visible for o in friends for e in enemies)

    def apply_suppress(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        st = game.state
        f, wid, a, b = self.plan(game, cmd)
        w = rules.data.weapons[wid]
        answering = cmd.side != st.active_side
        if answering:
            pools.reset(st, rules.who(f), HELD, 0)
        else:
            rules.pay(game, f, rules.data.actions["suppressive_fire"].fixed() or 0, "suppressive fire")
        f.markers[W135FigMark.FIRED] = rules.sideturn(game)
        f.markers.pop(W135FigMark.HIDDEN, None)
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) if w.suppress != "quad" else b
        now = rules.sideturn(game)
        n = 1
        mid_id = f"{LINE}:{f.id}:{now}"
        while mid_id in st.markers:
            n += 1
            mid_id = f"{LINE}:{f.id}:{now}.{n}"
        st.markers[mid_id] = Marker(mid_id, f.side, LINE, mid[0], mid[1], attrs={
            LineMarkerKey.FROM: [b[0], b[1]] if w.suppress == "quad" else [a[0], a[1]], LineMarkerKey.TO: [b[0], b[1]],
            W135LineAttr.FIGURE: f.id,
            LineMarkerKey.WIDTH: rules.mm(rules.data.suppressive_fire.chance["quad"].area or 4.0) if w.suppress == "quad"
            else rules.mm(rules.data.suppressive_fire.line_width),
            LineMarkerKey.LABEL: f"{f.name}'s suppressive fire",
            W135LineAttr.ROW: w.suppress, W135LineAttr.UNTIL: now if answering else now + 1})
        what = "a 4\" circle of fire" if w.suppress == "quad" else f"a line of suppressive fire {rules.fmt(hypot(b[0] - a[0], b[1] - a[1]))} long"
        game.emit("suppress", f"{f.name} lays {what} with the {w.name}.", figures=[f.id], side=f.side)
        if answering:
            actor = st.attrs.get(W135GameAttr.OPPORTUNITY)
            st.attrs.pop(W135GameAttr.OPPORTUNITY, None)
            if isinstance(actor, str):
                self.catch_last_move(game, actor, mid_id)

    # ---- the line on the table ----------------------------------------------------------------------------
    def area(self, game: Game, m: Marker) -> BaseGeometry:
        a, b = m.attrs[LineMarkerKey.FROM], m.attrs[LineMarkerKey.TO]
        if m.attrs[W135LineAttr.ROW] == "quad":
            return Point(b).buffer(self.rules.mm(self.rules.data.suppressive_fire.chance["quad"].area or 4.0) / 2)
        return corridor((a[0], a[1]), (b[0], b[1]), self.rules.mm(self.rules.data.suppressive_fire.line_width))

    def live_lines(self, game: Game, mover: Figure) -> list[Marker]:
        """The lines of ``mover``'s enemies acting now (laid in their last turn, or in this
        one as opportunity fire) whose gunner is still in action: a gun nobody fires stops
        nobody (interpretation suppress-template). None for a vehicle: it has no morale to
        suppress and small arms do not harm it (interpretation vehicles)."""
        st = game.state
        if self.rules.is_vehicle(mover):
            return []
        now = self.rules.sideturn(game)
        return [m for m in st.markers.values() if m.kind == LINE and st.hostile(m.side, mover.side) and m.attrs[W135LineAttr.UNTIL] >= now
                and (g := st.figures.get(m.attrs[W135LineAttr.FIGURE])) is not None and g.alive]

    def crossings(self, game: Game, mover: Figure, path: list[XY]) -> list[tuple[float, str]]:
        """(distance along ``path`` in mm, line id) of each live enemy line it meets."""
        out = []
        for m in self.live_lines(game, mover):
            d = first_inside(path, self.area(game, m))
            if d is not None:
                out.append((d, m.id))
        return sorted(out)

    def cover_before(self, game: Game, path: list[XY], d: float) -> float:
        """The last distance along ``path`` before ``d`` where the mover was in cover (0 if none)."""
        if len(path) < 2:
            return 0.0
        line = LineString(path)
        at = d
        while at > 0:
            p = line.interpolate(at)
            if self.rules.morale.in_cover(game, (p.x, p.y)):
                return at
            at -= COVER_STEP
        return 0.0

    def cross(self, game: Game, mover: Figure, line_id: str) -> bool:
        """``mover`` crosses line ``line_id``: the re-loading d6 and the 2d6 (L112-119).
        Whether it is stopped (and suppressed)."""
        rules = self.rules
        st = game.state
        m = st.markers[line_id]
        gunner = st.figures.get(m.attrs[W135LineAttr.FIGURE])
        gname = gunner.name if gunner is not None else "the gun"
        sf = rules.data.suppressive_fire
        state = m.attrs.get(W135LineAttr.RELOAD)
        if state is None:
            r = game.dice.roll("d6", f"is {gname}'s gun re-loading as {mover.name} crosses its line?", target=f"{sf.reloading_on}: re-loading",
                               figures=[mover.id])
            state = "loading" if r.total <= sf.reloading_on else "ready"
            r.outcome = "re-loading: no fire" if state == "loading" else "firing"
            m.attrs[W135LineAttr.RELOAD] = state
            if state == "loading":
                return False
        elif state == "loading":
            r = game.dice.roll("d6", f"has {gname} finished re-loading as {mover.name} crosses?", target=f"{sf.reloaded_on}+",
                               figures=[mover.id])
            done = r.total >= sf.reloaded_on
            r.outcome = "loaded: firing" if done else "still re-loading"
            if not done:
                return False
            m.attrs[W135LineAttr.RELOAD] = "ready"
        row = sf.chance[m.attrs[W135LineAttr.ROW]]
        rules.firing.mark_fired_at(game, mover)
        if row.automatic:
            stopped = True
            game.emit("suppress", f"{mover.name} runs into the quad's fire: stopped (L117, automatic).", figures=[mover.id], side=mover.side)
        else:
            r = game.dice.roll("2d6", f"{gname}'s suppressive fire at {mover.name}", target=f"{row.need}+", figures=[mover.id])
            stopped = r.total >= (row.need or 13)
            r.outcome = "suppressed: stops" if stopped else "gets through"
        if stopped:
            mover.markers[W135FigMark.STOPPED] = [rules.sideturn(game)]  # no more moves this turn (L112)
            if rules.morale.level(mover) < SUPPRESSED:
                rules.morale.drop(game, mover, 1, "is pinned by suppressive fire")
            else:
                game.emit("morale", f"{mover.name} is suppressed again by fire: no worse (L121).", figures=[mover.id], side=mover.side)
        return stopped

    def catch_last_move(self, game: Game, actor_id: str, line_id: str) -> None:
        """A line laid as opportunity fire acts on the move that called it (L114,
        interpretation suppress-opportunity): the mover goes back to where it was in cover
        before it met the line, if the dice stop it."""
        st = game.state
        last = st.attrs.get(W135GameAttr.LAST_MOVE)
        f = st.figures.get(actor_id)
        if f is None or not isinstance(last, dict) or last.get("figure") != actor_id or self.rules.is_vehicle(f):
            return
        path = [(float(x), float(y)) for x, y in last["path"]]
        if len(path) < 2:
            return  # it did not move: nothing to stop
        d = first_inside(path, self.area(game, st.markers[line_id]))
        if d is None or not self.cross(game, f, line_id):
            return
        back = self.cover_before(game, path, d)
        p = LineString(path).interpolate(back)
        f.x, f.y = p.x, p.y
        game.emit("move", f"{f.name} is stopped by the fire where it broke cover.", figures=[f.id], side=f.side)

    def lift_silenced(self, game: Game) -> None:
        """Lines whose gunner is out of action (killed, captured, fled) are taken up
        (interpretation suppress-template)."""
        st = game.state
        for m in [m for m in st.markers.values() if m.kind == LINE]:
            g = st.figures.get(m.attrs[W135LineAttr.FIGURE])
            if g is None or not g.alive:
                del st.markers[m.id]
                game.emit("suppress", f"{g.name if g else 'The gun'} is out of action: its line of suppressive fire is lifted.",
                          figures=[g.id] if g else [], side=m.side)

    def expire(self, game: Game, side: str) -> None:
        """As ``side``'s turn begins, its lines are taken up (they served in the enemy's turn)."""
        st = game.state
        for mid in [m.id for m in st.markers.values() if m.kind == LINE and m.side == side]:
            del st.markers[mid]
