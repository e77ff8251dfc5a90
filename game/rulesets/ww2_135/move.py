"""Moving in My 1/35th Scale WWII Skirmish (L10-31): moves and crawls paid in action points,
the 12" a turn, obstacles negotiated for d3 points, lying down and standing up, turning to
face, hiding.

A move's points are paid as it is given: a point for each 3" or part of it, 1" a point for
a prone figure (interpretation move-points). An obstacle on the way (a wall, hedge,
fence or wire) costs d3 more, rolled when the move reaches it; a figure that cannot pay
stops before it and keeps the rest of its points, and the roll stands for its next try at
that obstacle (interpretation obstacles).
"""

from __future__ import annotations

from dataclasses import replace
from math import ceil, hypot
from typing import TYPE_CHECKING

import shapely
from shapely.geometry import LineString
from shapely.ops import substring

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.keys import FigureMark
from game.core.state import Figure
from game.geometry.movement import trace_path
from game.rulesets.movement import MovePlan, plan_move
from game.rulesets.parts import Chapter

from .morale import SHAKEN
from .status import W135FigMark, W135GameAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

#: terrain crossed by negotiating it (L14 "Includes crossing walls, bushes"; interpretation obstacles)
OBSTACLES = frozenset({"wall", "hedge", "fence", "wire"})
#: what a vehicle may not cross (interpretation vehicles); it drives over fences and wire
VEHICLE_STOPS = frozenset({"wall", "hedge"})
#: how far short of an obstacle a figure that cannot cross it stops (mm)
SHORT = 1.0


class W135Move(Chapter["Ww2135"]):
    rules: Ww2135

    # ---- how far ----------------------------------------------------------------------------
    def per_point(self, f: Figure) -> float:
        """How far (inches) a point moves ``f``: 3" standing, 1" crawling (L10-11)."""
        a = self.rules.data.actions
        inches = a["crawl"].inches if self.rules.prone(f) else a["move"].inches
        assert inches is not None  # the data check makes every move say how far
        return inches

    def moved(self, game: Game, f: Figure) -> float:
        """Inches ``f`` has moved in its side's turn."""
        mark = f.markers.get(W135FigMark.MOVED_IN)
        return float(mark[1]) if isinstance(mark, list) and self.rules.this_turn(game, mark) else 0.0

    def moving_since_action(self, game: Game, f: Figure) -> float:
        """Inches ``f`` moved in its side's latest turn since its last other action (L76, L82:
        interpretation target-moved)."""
        return self._latest(game, f.markers.get(W135FigMark.MOVING))

    def moved_latest(self, game: Game, f: Figure) -> float:
        """Inches ``f`` moved in all of its side's latest turn, whatever it did after (the
        anti-tank table's "Target moved", L299, has no L82 footnote: interpretation target-moved)."""
        return self._latest(game, f.markers.get(W135FigMark.MOVED_IN))

    def _latest(self, game: Game, mark: object) -> float:
        """A [side-turn, inches] record's inches when it is of its side's latest turn, else 0."""
        if not isinstance(mark, list):
            return 0.0
        return float(mark[1]) if mark[0] > self.rules.sideturn(game) - len(game.state.side_order) else 0.0

    def as_it_began(self, game: Game, f: Figure) -> Figure:
        """``f`` as it stood before its first move of this turn (``f`` itself if it has not
        moved): where, and lying prone or not (L135's "before moving"); out of hiding and not
        leaning out, which a move ends."""
        mark = f.markers.get(W135FigMark.MOVE_START)
        if not (isinstance(mark, list) and self.rules.this_turn(game, mark)):
            return f
        markers = {k: v for k, v in f.markers.items() if k not in (W135FigMark.HIDDEN, W135FigMark.LEANING, W135FigMark.PRONE)}
        if mark[3] if len(mark) > 3 else self.rules.prone(f):
            markers[W135FigMark.PRONE] = True
        return replace(f, x=float(mark[1]), y=float(mark[2]), markers=markers)

    def allowance(self, game: Game, f: Figure) -> float:
        """How far (mm) ``f`` may still move this turn: its points' worth, within the 12" (L31)."""
        rules = self.rules
        cap = rules.data.movement.max_per_turn - self.moved(game, f)
        return rules.mm(max(0.0, min(cap, rules.points(game, f) * self.per_point(f))))

    def cost(self, f: Figure, inches: float) -> int:
        """The points for moving ``inches`` (a point for each step or part of one; a
        thousandth of a step is the measuring's slack, as the move's own check allows)."""
        return ceil(inches / self.per_point(f) - 1e-3) if inches > 1e-6 else 0

    def plan(self, game: Game, f: Figure, path: list[tuple[float, float]]) -> MovePlan:
        return self.rules.recall(game, ("w135_plan", f.id, f.pos, tuple(path)),
                                 lambda: plan_move(self.rules, game, f, path, budget=self.allowance(game, f), strict=True,
                                                   stop_types=frozenset(), mover="vehicle" if self.rules.is_vehicle(f) else "infantry"))

    def obstacles(self, game: Game, path: list[tuple[float, float]]) -> list[tuple[float, str]]:
        """(distance along the path in mm, feature id) of each obstacle the path reaches,
        nearest first (kept per path and terrain: a planner's candidate step is often the
        move then carried out)."""
        table = game.table

        def work() -> list[tuple[float, str]]:
            first: dict[str, float] = {}
            for ev in trace_path(table, path).crossings:
                if ev.type_id in OBSTACLES and ev.kind in ("enter", "cross"):
                    first[ev.feature_id] = min(first.get(ev.feature_id, ev.distance), ev.distance)
            return sorted((d, fid) for fid, d in first.items())
        key = (tuple((float(x), float(y)) for x, y in path), id(table), table.version)
        return list(game.keep("w135_obstacles", key, work, limit=4000))

    def crossings(self, game: Game, start: tuple[float, float], ends: list[tuple[float, float]]) -> list[int]:
        """For each straight move from ``start`` to one of ``ends``: how many obstacles it
        reaches, as :meth:`obstacles` counts them, for all of them in one query: the
        obstacles whose footprints its line meets, when ``start`` stands in none (else, where
        the line meets one, :meth:`obstacles` itself: a move out of a hedge leaves it)."""
        out = [0] * len(ends)
        idx = game.table.index
        if not ends or not idx.features:
            return out
        lines = shapely.linestrings([[start, e] for e in ends])
        met: dict[int, set[int]] = {}
        for k, i in zip(*idx.tree.query(lines, predicate="intersects").tolist(), strict=True):
            if idx.features[i].type.id in OBSTACLES:
                met.setdefault(k, set()).add(i)
        if not met:
            return out
        inside = any(idx.features[i].type.id in OBSTACLES for i in idx.tree.query(shapely.Point(start), predicate="intersects").tolist())
        for k, feats in met.items():
            out[k] = len(self.obstacles(game, [start, ends[k]])) if inside else len(feats)
        return out

    # ---- move (L10-14, L29-31) -----------------------------------------------------------------
    def check_move(self, game: Game, cmd: Command) -> None:
        f = self.rules.own_figure(game, cmd)
        require(bool(cmd.path), "Give the path to move along.")
        require(not f.markers.get(W135FigMark.IMMOBILE), f"{f.name} is immobilised (L310).")
        require(not self.rules.this_turn(game, f.markers.get(W135FigMark.STOPPED)),
                f"{f.name} was stopped by suppressive fire this turn: it is not allowed to move (L112, interpretation suppress-stop).")
        require(self.rules.points(game, f) > 0, f"{f.name} has no action points left.")
        left = self.rules.data.movement.max_per_turn - self.moved(game, f)
        require(left > 1e-6, f"{f.name} has moved 12\" this turn, the most a figure may move (L31).")
        plan = self.plan(game, f, list(cmd.path or ()))
        if self.rules.is_vehicle(f):
            walls = [fid for _, fid in self.obstacles(game, list(plan.path)) if game.table.feature(fid).type.id in VEHICLE_STOPS]
            require(not walls, f"{f.name} cannot cross the {game.table.feature(walls[0]).name.lower() if walls else ''} (interpretation vehicles).")
        if plan.refusal:
            refuse(plan.refusal + ("" if "left" not in plan.refusal else
                                   f" ({self.rules.points(game, f)} points at {self.per_point(f):g}\" a point, "
                                   f"{self.rules.fmt(self.rules.mm(max(0.0, left)))} of the 12\" a turn)"))
        if not self.rules.is_vehicle(f) and len(plan.path) >= 2:
            self.rules.buildings.check_path(game, f, list(plan.path))
            self.check_known_obstacle(game, f, list(plan.path))
        self.morale_limits(game, f, plan.path[-1])

    def check_known_obstacle(self, game: Game, f: Figure, path: list[tuple[float, float]]) -> None:
        """A figure stopped short of an obstacle knows what crossing it takes (its d3 stands,
        interpretation obstacles): a move into it that it cannot pay for would only spend a
        point to stay where it is, so it is refused with the sum."""
        kept = f.markers.get(W135FigMark.OBSTACLE)
        if not isinstance(kept, list):
            return
        first = self.obstacles(game, path)[:1]
        if not first or first[0][1] != kept[0] or first[0][0] > SHORT + 0.5:
            return
        need, have = int(kept[1]), self.rules.points(game, f)
        reach = self.cost(f, self.rules.in_units(first[0][0]))
        what = game.table.feature(kept[0]).name.lower() if kept[0] in game.table else "window"
        require(have >= reach + need, f"{f.name} needs {reach} point to reach the {what} and {need} to cross it (rolled before), "
                                      f"and has {have}: it would stay where it is.")

    def morale_limits(self, game: Game, f: Figure, end: tuple[float, float]) -> None:
        """Where a suppressed or shaken figure may go (L121, L259-261, interpretation
        morale-moves): suppressed, no nearer a known enemy unless it ends in cover, and by a
        failed test out of cover, towards cover; shaken, further from every known enemy."""
        rules = self.rules
        morale = rules.morale
        lv = morale.level(f)
        if lv == 0:
            return
        enemies = morale.known_enemies(game, f.side)
        if lv == SHAKEN:
            nearer = [e for e in enemies if hypot(e.x - end[0], e.y - end[1]) <= hypot(e.x - f.x, e.y - f.y) + 1e-6]
            require(not nearer, f"{f.name} is shaken and must move away from every known enemy (L261): "
                                f"that move is not further from {nearer[0].name if nearer else ''}.")
            return
        ends_in_cover = morale.in_cover(game, end)
        if f.markers.get(W135FigMark.BY_TEST) and not morale.in_cover(game, f.pos):
            require(morale.cover_gap(game, end) < morale.cover_gap(game, f.pos) - 1e-6,
                    f"{f.name} failed a morale test out of cover and must move towards cover (L259).")
        # L121: towards no known enemy; suppressed by a failed test, unless into cover (L259)
        if enemies and not (ends_in_cover and f.markers.get(W135FigMark.BY_TEST)):
            nearer = sorted((e for e in enemies if hypot(e.x - end[0], e.y - end[1]) < hypot(e.x - f.x, e.y - f.y) - 1e-6),
                            key=lambda e: (hypot(e.x - f.x, e.y - f.y), e.id))
            require(not nearer, f"{f.name} is suppressed and cannot move towards {nearer[0].name if nearer else ''}, a known enemy"
                    + (", except into cover (L121, L259)." if f.markers.get(W135FigMark.BY_TEST) else " (L121)."))

    def apply_move(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        st = game.state
        f = st.figures[cmd.figure or ""]
        plan = self.plan(game, f, list(cmd.path or ()))
        path = list(plan.path)
        line = LineString(path)
        paid = 0
        stop_at = line.length
        stopped = ""
        afoot = not rules.is_vehicle(f)
        events = sorted([(d, 0, fid) for d, fid in self.obstacles(game, path) if afoot]
                        + [(d, 0, oid) for d, oid in rules.buildings.windows_on(game, path) if afoot]
                        + [(d, 1, lid) for d, lid in rules.suppressing.crossings(game, f, path)])
        for d, kind, fid in events:
            if kind == 1:  # a suppressive fire line (suppress.py)
                if rules.suppressing.cross(game, f, fid):
                    stop_at = rules.suppressing.cover_before(game, path, d)
                    stopped = ", stopped by suppressive fire where it broke cover (L114)"
                    break
                continue
            reach = self.cost(f, rules.in_units(d)) - paid
            rules.pay(game, f, reach, "moving", moving=True)
            paid += reach
            what = "window" if fid not in game.table else game.table.feature(fid).name.lower()
            kept = f.markers.get(W135FigMark.OBSTACLE)
            if isinstance(kept, list) and kept[0] == fid:
                need = int(kept[1])  # the roll stands (interpretation obstacles)
                game.emit("move", f"{f.name} tries the {what} again: {need} point{'s' if need != 1 else ''}, as rolled before.",
                          figures=[f.id], side=f.side)
                roll = None
            else:
                roll = game.dice.roll(str(rules.data.actions["negotiate_obstacle"].cost), f"{f.name} " + ("climbs through the window" if what == "window" else f"negotiates the {what}"),
                                      figures=[f.id])
                need = roll.total
            rest = self.cost(f, rules.in_units(line.length)) - paid  # the rest of the move, to pay as well
            if rules.points(game, f) < need + rest:
                if roll is not None:
                    roll.outcome = f"needs {need} points, has {rules.points(game, f)}" + (f" with {rest} more to move on" if rest else "") + ": stops short"
                f.markers[W135FigMark.OBSTACLE] = [fid, need]
                stop_at = max(0.0, d - SHORT)
                stopped = (f", stopping short of the {what} (it needs {need} points to cross"
                           + (f" and {rest} to go on" if rest else "") + f", has {rules.points(game, f)})")
                break
            if roll is not None:
                roll.outcome = f"{need} point{'s' if need != 1 else ''}"
            f.markers.pop(W135FigMark.OBSTACLE, None)
            rules.pay(game, f, need, f"crossing the {what}", moving=True)
        if stop_at < line.length:
            path = list(substring(line, 0, stop_at).coords) if stop_at > 1e-6 else [f.pos]
        length = LineString(path).length if len(path) >= 2 else 0.0
        rules.pay(game, f, self.cost(f, rules.in_units(length)) - paid, "moving", moving=True)
        if length <= 1e-6:
            game.state.attrs.pop(W135GameAttr.LAST_MOVE, None)
            if stopped:
                game.emit("move", f"{f.name} stays put{stopped}.", figures=[f.id], side=f.side)
            return
        now = rules.sideturn(game)
        if not self.rules.this_turn(game, f.markers.get(W135FigMark.MOVE_START)):
            f.markers[W135FigMark.MOVE_START] = [now, f.x, f.y, rules.prone(f)]
        self.place(game, f, path)
        game.state.attrs[W135GameAttr.LAST_MOVE] = {"figure": f.id, "path": [[x, y] for x, y in path]}
        inches = rules.in_units(length)
        f.markers[W135FigMark.MOVED_IN] = [now, round(self.moved(game, f) + inches, 3)]
        since = f.markers.get(W135FigMark.MOVING)
        before = float(since[1]) if isinstance(since, list) and since[0] == now else 0.0
        f.markers[W135FigMark.MOVING] = [now, round(before + inches, 3)]
        how = "crawls" if rules.prone(f) else "moves"
        game.emit("move", f"{f.name} {how} {rules.fmt(length)}{stopped}.", figures=[f.id], side=f.side)

    def place(self, game: Game, f: Figure, path: list[tuple[float, float]]) -> None:
        """``f`` at the end of ``path``, facing along its last leg; moving ends hiding (L55)."""
        a, b = path[-2], path[-1]
        f.x, f.y = b
        f.facing = self.rules.heading(a, b)
        f.markers[FigureMark.MOVED] = True
        f.markers.pop(W135FigMark.HIDDEN, None)
        f.markers.pop(W135FigMark.LEANING, None)
        self.rules.melee.follow(game, f)

    # ---- prone, stand, turn, hide (L19, L21; interpretations prone, facing, hidden) --------------
    def check_prone(self, game: Game, cmd: Command) -> None:
        f = self.rules.own_figure(game, cmd)
        require(not self.rules.is_vehicle(f), f"{f.name} is a vehicle.")
        require(not self.rules.prone(f), f"{f.name} is already prone.")

    def apply_prone(self, game: Game, cmd: Command) -> None:
        f = game.state.figures[cmd.figure or ""]
        self.rules.acted(f)
        f.markers[W135FigMark.PRONE] = True
        game.emit("posture", f"{f.name} goes prone.", figures=[f.id], side=f.side)

    def check_stand(self, game: Game, cmd: Command) -> None:
        f = self.rules.own_figure(game, cmd)
        require(self.rules.prone(f), f"{f.name} is standing already.")
        self._afford(game, f, "stand_from_prone")

    def apply_stand(self, game: Game, cmd: Command) -> None:
        f = game.state.figures[cmd.figure or ""]
        self.rules.pay(game, f, self._fixed("stand_from_prone"), "standing up")
        f.markers.pop(W135FigMark.PRONE, None)

    def check_turn(self, game: Game, cmd: Command) -> None:
        f = self.rules.own_figure(game, cmd)
        require(cmd.point is not None, "Give the point to face.")
        require(tuple(cmd.point or ()) != f.pos, "Give a point away from the figure.")
        self._afford(game, f, "turn_on_the_spot")

    def apply_turn(self, game: Game, cmd: Command) -> None:
        f = game.state.figures[cmd.figure or ""]
        self.rules.pay(game, f, self._fixed("turn_on_the_spot"), "turning", moving=True)  # a move of 0" (interpretation facing)
        p = cmd.point
        assert p is not None
        f.facing = self.rules.heading(f.pos, (p[0], p[1]))
        f.markers.pop(W135FigMark.HIDDEN, None)  # it has paid to move (L55)

    def check_hide(self, game: Game, cmd: Command) -> None:
        f = self.rules.own_figure(game, cmd)
        require(not self.rules.is_vehicle(f), f"{f.name} is a vehicle and cannot hide.")
        require(not self.rules.hidden(f), f"{f.name} is hidden already.")
        self._afford(game, f, "hide")

    def apply_hide(self, game: Game, cmd: Command) -> None:
        f = game.state.figures[cmd.figure or ""]
        self.rules.pay(game, f, self._fixed("hide"), "hiding")
        f.markers[W135FigMark.HIDDEN] = True

    # ---- shared ---------------------------------------------------------------------------------
    def _fixed(self, action: str) -> int:
        n = self.rules.data.actions[action].fixed()
        assert n is not None, action
        return n

    def _afford(self, game: Game, f: Figure, action: str) -> None:
        n, have = self._fixed(action), self.rules.points(game, f)
        require(have >= n, f"{f.name} has {have} action point{'s' if have != 1 else ''} left; "
                           f"{action.replace('_', ' ')} costs {n}.")
