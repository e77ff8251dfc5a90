"""GOODBYEEEEEE!!!: movement (L81, L97-117, L245; interpretations prone, climb, dash,
difficult-terrain, tank-weapons, steps).

- Moves on initiative (L81, L105): in the initiative step any infantry figure free to move
  may move up to 5 cm without an order; it then has no ordered move that turn.
- Ordered moves (L40, L83): in the orders step, figures of a section whose order passed
  move up to 15 cm (stormtroopers 20), or dash up to 25 cm (L102: not heavy weapons or body
  armour; no fire this turn, no move and -1 to hit next turn). Moves may be split into
  several paths within the allowance.
- Tanks (L116-117) need an order (their own Command), move once a turn, 10/15 cm cross
  country and 15/20 cm when the whole move is along a road; no initiative move, no dash,
  no climbing, never slowed, and never into water.
- Prone (L100): going prone is free (at the end of a move or instead of one); standing up
  costs 5 cm of the move.
- Climbing (L99): leaving a trench or a bunker is one level: 5 cm, and a d6 when the figure
  reaches the parapet, 1-2 failing (it stays at the foot and may not move again this turn).
- Difficult ground (the optional rule difficult_terrain): rough ground, craters, woods, wire
  and water cost infantry 2 cm a cm, stormtroopers 1.

A move is a job on the ruleset's queue (``walk``): it stops at each trigger along its path
(game/rulesets/path_triggers.py: the climbs, and the enemy's overwatch, stand to and
closing fire, reactions.py) and goes on with what is left, unless the mover was killed,
pinned or routed there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import shapely
from shapely.geometry import LineString
from shapely.ops import substring

from game.core.commands import Command, require
from game.core.game import Game
from game.core.keys import FigureMark
from game.core.state import Figure
from game.geometry.movement import trace_path
from game.geometry.path_scan import point_at
from game.rulesets.move_cost import Charge, CostedPath, slow_stretches
from game.rulesets.movement import plan_move
from game.rulesets.parts import Chapter
from game.rulesets.path_triggers import Trigger, first_trigger, rest_of_path

from .status import GbFigMark

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

XY = tuple[float, float]
EPS = 1e-6
#: what a climb leaves (interpretation climb: a level is a trench wall)
CLIMB_FROM = ("trench", "bunker")
CLIMB_KINDS = frozenset(CLIMB_FROM)
CLIMB = "climb"
DASH = "dash"


@dataclass
class GbPlan:
    """One figure's path, worked out before anything changes."""

    path: list[XY]
    costed: CostedPath | None = None
    refusal: str | None = None
    climbs: list[Trigger] = field(default_factory=list)
    blocked_at: float | None = None  # refused at a base or impassable terrain this far along (MovePlan.blocked_at)

    @property
    def cost(self) -> float:
        return self.costed.total if self.costed else 0.0


@dataclass(frozen=True)
class GbRoute:
    """A path as the bases and the terrain let it go, whatever the allowance (GbMove.route)."""

    path: tuple[XY, ...]
    refusal: str | None = None
    climbs: tuple[Trigger, ...] = ()
    costed: CostedPath | None = None
    blocked_at: float | None = None


def kinds_near(game: Game, kinds: frozenset[str], path: Sequence[XY]) -> bool:
    """Whether the bounds of a feature of one of ``kinds`` meet the path's (else the path meets
    none of them): a sieve before any geometry, the features' bounds kept per table."""
    table = game.table
    boxes = game.keep("gb_kind_boxes", (id(table), table.version, kinds),
                      lambda: [f.area.bounds for f in table.features if f.type.id in kinds], limit=16)
    if not boxes:
        return False
    xs, ys = [p[0] for p in path], [p[1] for p in path]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return any(bx0 <= x1 and x0 <= bx1 and by0 <= y1 and y0 <= by1 for bx0, by0, bx1, by1 in boxes)


class ClimbPoints:
    """The trigger source of climbs: where a path leaves a trench or bunker for ground that
    is neither (L99; interpretation climb)."""

    def __init__(self, rules: Goodbyeeee) -> None:
        self.rules = rules

    def triggers(self, game: Game, mover: Figure, path: Sequence[XY], done: frozenset[str]) -> list[Trigger]:
        if self.rules.moving.is_tank(mover) or len(path) < 2:
            return []
        idx = game.table.index
        if not kinds_near(game, CLIMB_KINDS, path) or not any(
                idx.type_ids[i] in CLIMB_FROM for i in idx.tree.query(LineString(path), predicate="intersects")):
            return []  # no trench or bunker on the way: nothing to climb (the trace would find no exit of one)
        trace = trace_path(game.table, list(path))
        out: dict[str, Trigger] = {}
        for e in trace.crossings:
            if e.type_id not in CLIMB_FROM or e.kind != "exit" or e.feature_id in done or e.feature_id in out:
                continue
            beyond = trace.point_at(e.distance + 0.05)
            if any(f.type.id in CLIMB_FROM and f.id != e.feature_id for f in game.table.features_at(beyond)):
                continue  # from one trench into another: no wall to climb
            out[e.feature_id] = Trigger(e.distance, point_at(path, e.distance), CLIMB, e.feature_id)
        return list(out.values())


class GbMove(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee

    def __init__(self, rules: Goodbyeeee) -> None:
        super().__init__(rules)
        self.climbs = ClimbPoints(rules)

    @property
    def sources(self) -> tuple:
        """What stops a move on its way: climbs, then the enemy's reactions (reactions.py)."""
        return (self.climbs,) + self.rules.reactions.sources()

    # ---- who may move, and how far ------------------------------------------------------------
    def is_tank(self, fig: Figure) -> bool:
        return self.rules.data.is_vehicle_type(fig.type)

    def orderable(self, game: Game, fig: Figure) -> bool:
        """May move under an order this turn (interpretation orders): in action, no
        initiative move this turn, no dash last turn, no event card holding it still."""
        t = game.state.turn
        return (fig.alive and fig.markers.get(GbFigMark.INIT_MOVED) != t and fig.markers.get(GbFigMark.DASHED) != t - 1
                and fig.markers.get(GbFigMark.NO_MOVE) != t
                and self.rules.characters.may_act(game, fig) is None
                and not self.rules.courage.pinned(fig) and not fig.markers.get(GbFigMark.ROUT)
                and not (self.is_tank(fig) and self.rules.tanks.why_not_move(fig)))

    def why_not(self, game: Game, fig: Figure, dash: bool = False) -> str | None:
        """Why the figure may not move now (None: it may)."""
        st = game.state
        t = st.turn
        if not fig.alive:
            return f"{fig.name} is out of action."
        if fig.side != st.active_side:
            return "Only the player whose turn it is moves."
        acts = self.rules.characters.may_act(game, fig)
        if acts is not None:
            return acts
        if self.rules.courage.pinned(fig):
            return f"{fig.name} is pinned and may not move (L160)."
        if fig.markers.get(GbFigMark.ROUT):
            return f"{fig.name} is routing: it runs for its table edge at the start of its turn (L156)."
        if fig.markers.get(GbFigMark.DASHED) == t - 1:
            return f"{fig.name} dashed last turn and may not move this turn (L102)."
        if fig.markers.get(GbFigMark.NO_MOVE) == t:
            return f"{fig.name} may not move this turn (the event card)."
        if fig.markers.get(GbFigMark.CLEARING) == t:
            return f"{fig.name} spends this turn clearing its jammed gun (L217)."
        if fig.markers.get(GbFigMark.CLIMB_FAILED) == t:
            return f"{fig.name} failed to climb and may not move again this turn (L99)."
        if self.is_tank(fig) and self.rules.tanks.why_not_move(fig):
            return self.rules.tanks.why_not_move(fig)
        if st.phase == "initiative":
            if self.is_tank(fig):
                return "Tanks make no move on initiative (L81)."
            if dash:
                return "A dash needs an order (interpretation dash)."
            return None
        if st.phase != "orders":
            return "Figures move in the initiative and the orders steps."
        if fig.markers.get(GbFigMark.INIT_MOVED) == t:
            return f"{fig.name} moved on initiative and is excluded from move orders (L105)."
        if fig.markers.get(GbFigMark.STAND_TO) == t:
            return f"{fig.name} stands to instead of moving (L168)."
        unit = st.units[fig.unit]
        passed = self.rules.command.ordered(game, unit)
        if self.rules.characters.valour_use(game, fig) in ("double_move", "move_and_shoot") and not self.is_tank(fig):
            passed = True  # a heroic act is its own order (interpretation valour-uses)
        if passed is None:
            return f"{unit.name} needs an order first (2d6 against its Command, L40)."
        if not passed:
            return f"{unit.name} failed its order and stays where it is (L40)."
        if self.is_tank(fig) and fig.markers.get(GbFigMark.MOVED_CM):
            return f"{fig.name} has made its move this turn (interpretation tank-weapons)."
        if dash:
            return self.why_no_dash(fig)
        return None

    def why_no_dash(self, fig: Figure) -> str | None:
        if self.is_tank(fig):
            return "Tanks do not dash."
        no = set(self.rules.data.movement.no_dash)
        heavy = sorted((set(fig.weapons) | set(fig.equipment)) & no)
        if heavy:
            names = ", ".join(self.rules.data.weapons[h].name if h in self.rules.data.weapons else self.rules.data.equipment[h].name
                              for h in heavy)
            return f"{fig.name} may not dash with {names} (L103, L343)."
        return None

    def allowance(self, game: Game, fig: Figure, dash: bool, road: bool = False) -> float:
        """The whole move of this step, in mm (before what has been moved); doubled by a
        Valour double move (L33)."""
        twice = 2.0 if self.rules.characters.valour_use(game, fig) == "double_move" else 1.0
        half = 0.5 if fig.markers.get(GbFigMark.HALF_MOVE) == game.state.turn else 1.0  # L298
        return twice * half * self.base_allowance(game, fig, dash, road)

    def base_allowance(self, game: Game, fig: Figure, dash: bool, road: bool = False) -> float:
        mv = self.rules.data.movement
        if game.state.phase == "initiative":
            return self.rules.mm(mv.initiative)
        if self.is_tank(fig):
            speed = mv.tanks[self.rules.data.troop_types[fig.type].rank]
            return self.rules.mm(speed.road if road else speed.cross_country)
        if dash or fig.markers.get(GbFigMark.DASHED) == game.state.turn:
            return self.rules.mm(mv.dash)
        return self.walk(fig)

    def walk(self, fig: Figure) -> float:
        """A figure's walking move in mm (L99; a stormtrooper's L245)."""
        mv = self.rules.data.movement
        return self.rules.mm(mv.stormtrooper if "stormtrooper" in self.rules.stats.skills(fig) else mv.infantry)

    def moved(self, fig: Figure) -> float:
        """mm moved in this player's turn."""
        return self.rules.mm(float(fig.markers.get(GbFigMark.MOVED_CM, 0.0)))

    def left(self, game: Game, fig: Figure, dash: bool = False, road: bool = False) -> float:
        return max(0.0, self.allowance(game, fig, dash, road) - self.moved(fig))

    # ---- planning a path ----------------------------------------------------------------------
    def slow_rate(self, game: Game, fig: Figure) -> float | None:
        """What difficult ground costs the figure a mm (None: it is never slowed)."""
        if self.is_tank(fig) or not self.rules.option(game, "difficult_terrain"):
            return None
        return 1.0 if "stormtrooper" in self.rules.stats.skills(fig) else self.rules.data.movement.difficult_terrain_cost

    def slow_areas(self, game: Game, fig: Figure):
        rate = self.slow_rate(game, fig)
        if rate is None:
            return []
        kinds = self.rules.data.movement.difficult_terrain
        return [(f.area, rate, f"difficult ground ({f.name})") for f in game.table.features if f.type.id in kinds]

    def on_road(self, game: Game, path: Sequence[XY]) -> bool:
        roads = [f.area for f in game.table.features if f.type.id == "road"]
        return bool(roads) and shapely.union_all(roads).buffer(0.01).covers(LineString(path))

    def costed(self, game: Game, fig: Figure, path: Sequence[XY], climbs: Sequence[Trigger] = (),
               length: float | None = None) -> CostedPath:
        """What the path costs (``length``: the path's, measured already)."""
        mv = self.rules.data.movement
        charges = [Charge(t.at, self.rules.mm(mv.climb_cost), f"climb out of {game.table.feature(t.source).name}") for t in climbs]
        if fig.markers.get(GbFigMark.PRONE):
            charges.append(Charge(0.0, self.rules.mm(mv.stand_up_cost), "stand up"))
        return CostedPath(LineString(path).length if length is None else length, charges, list(self.slowed(game, fig, path)))

    def slowed(self, game: Game, fig: Figure, path: Sequence[XY]) -> tuple:
        """The path's stretches of difficult ground (kept per path, terrain and the figure's
        rate: a planned path is priced again by the check, the move and the walk)."""
        rate = self.slow_rate(game, fig)
        if rate is None:
            return ()
        if not kinds_near(game, frozenset(self.rules.data.movement.difficult_terrain), path):
            return ()  # no difficult ground near: none crossed
        table = game.table
        key = (id(table), table.version, rate, tuple((float(x), float(y)) for x, y in path))
        return game.keep("gb_slowed", key, lambda: tuple(slow_stretches(path, self.slow_areas(game, fig))), limit=4000)

    def plan(self, game: Game, fig: Figure, waypoints: Sequence[XY], dash: bool) -> GbPlan:
        """A player's move: the whole path must be legal and within what is left (worked out
        once while nothing changes: the AI's planning, the check and the odds ask alike)."""
        pts = [(float(p[0]), float(p[1])) for p in waypoints]
        return self.rules.recall(game, ("gb_plan", fig.id, tuple(pts), dash), lambda: self._plan(game, fig, pts, dash))

    def _plan(self, game: Game, fig: Figure, waypoints: list[XY], dash: bool) -> GbPlan:
        route = self.route(game, fig, waypoints)
        if route.refusal or route.costed is None:
            return GbPlan([fig.pos], refusal=route.refusal, blocked_at=route.blocked_at)
        path, costed = list(route.path), route.costed
        budget = self.left(game, fig, dash, road=self.is_tank(fig) and self.on_road(game, path))
        if costed.total > budget + 0.01:
            extra = costed.explain()
            return GbPlan([fig.pos], refusal=f"That move costs {self.rules.fmt(costed.total)}" + (f" ({extra})" if extra else "")
                          + f"; {fig.name} has {self.rules.fmt(budget)} left.")
        return GbPlan(path, costed, climbs=list(route.climbs))

    def route(self, game: Game, fig: Figure, waypoints: list[XY]) -> GbRoute:
        """The path as the bases and the terrain let it go, its climbs and its price, before
        the allowance: kept across commands under all it depends on (the figure, the
        waypoints, the terrain and the bases near enough to touch the path), so the check,
        the command and the AI's next plans share it while nothing near it moves."""
        x0, y0 = fig.x, fig.y
        xs, ys = [x0] + [p[0] for p in waypoints], [y0] + [p[1] for p in waypoints]
        lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
        r = fig.radius + 1.0
        near = [e for e in game.state.figures.values()
                if lo_x - r - e.radius <= e.x <= hi_x + r + e.radius and lo_y - r - e.radius <= e.y <= hi_y + r + e.radius and e.alive]
        table = game.table
        key = (fig.id, x0, y0, fig.radius, fig.type, fig.side, tuple(waypoints), bool(fig.markers.get(GbFigMark.PRONE)),
               self.slow_rate(game, fig), id(table), table.version, tuple((e.id, e.x, e.y, e.radius) for e in near))
        return game.keep("gb_routes", key, lambda: self._route(game, fig, waypoints, near), limit=2000)

    def _route(self, game: Game, fig: Figure, waypoints: list[XY], near: list[Figure]) -> GbRoute:
        pts = self.rules.melee.charge_path(game, fig, waypoints, among=near)  # (an enemy the path ends on is near it)
        base = plan_move(self.rules, game, fig, pts, budget=float("inf"), strict=True,
                         stop_types=frozenset(), mover="vehicle" if self.is_tank(fig) else "infantry")
        if base.refusal:
            return GbRoute((fig.pos,), base.refusal, blocked_at=base.blocked_at if pts is waypoints else None)
        climbs = tuple(self.climbs.triggers(game, fig, base.path, frozenset()))
        return GbRoute(tuple(base.path), None, climbs, self.costed(game, fig, base.path, climbs, base.length))

    # ---- the commands --------------------------------------------------------------------------
    def check_move(self, game: Game, cmd: Command) -> None:
        fig = game.state.figures.get(cmd.figure or "")
        require(fig is not None and fig.side == cmd.side, "Choose one of your figures to move.")
        assert fig is not None
        require(cmd.choice in (None, DASH), "A move is a walk (no choice) or a dash (choice 'dash').")
        why = self.why_not(game, fig, dash=cmd.choice == DASH)
        require(why is None, why or "")
        require(bool(cmd.path), "Give the path of the move.")
        plan = self.plan(game, fig, cmd.path or [], dash=cmd.choice == DASH)
        require(plan.refusal is None, plan.refusal or "")
        if game.state.phase == "initiative":
            end = plan.path[-1]
            require(not any(e.alive and game.state.hostile(fig.side, e.side) and self.rules.dist(end, e.pos) <= fig.radius + e.radius + 0.5
                            for e in game.state.figures.values()),
                    "A move on initiative may not end in contact with the enemy: a charge needs an order (interpretation closing-fire).")

    def apply_move(self, game: Game, cmd: Command) -> None:
        fig = game.state.figures[cmd.figure_id]
        plan = self.plan(game, fig, cmd.path or [], dash=cmd.choice == DASH)
        st = game.state
        if st.phase == "initiative":
            fig.markers[GbFigMark.INIT_MOVED] = st.turn
        if cmd.choice == DASH and fig.markers.get(GbFigMark.DASHED) != st.turn:
            fig.markers[GbFigMark.DASHED] = st.turn
            game.emit("move", f"{fig.name} dashes: no fire this turn, no move and -1 to hit next turn (L102).", figures=[fig.id])
        self.rules.jobs.push(game, {"do": "walk", "figure": fig.id, "path": [list(p) for p in plan.path], "done": []})

    def job_walk(self, game: Game, job: dict) -> list[dict]:
        """Walk the path to its end or its first trigger, paying for it as it goes."""
        fig = game.state.figures[job["figure"]]
        path = [tuple(p) for p in job["path"]]
        if (not self.rules.firing.standing(fig) or len(path) < 2 or fig.markers.get(GbFigMark.CLIMB_FAILED) == game.state.turn
                or self.rules.courage.pinned(fig) or fig.markers.get(GbFigMark.ROUT)):
            return []  # killed, pinned or routed by a reaction: it stops where it is
        done = frozenset(job["done"])
        trig = first_trigger(self.sources, game, fig, path, done)
        at = trig.at if trig is not None else LineString(path).length
        costed = self.costed(game, fig, path)
        spent = costed.cost_to(at)
        stood = fig.markers.pop(GbFigMark.PRONE, None)
        self.place(game, fig, point_at(path, at), spent, extra=" after standing up" if stood else "")
        if game.state.clouds:  # a move into a gas cloud: its roll (interpretation event-targets)
            walked = substring(LineString(path), 0.0, at)
            self.rules.shells.gas_on_move(game, fig, list(walked.coords) if walked.geom_type == "LineString" else [])
        if trig is None:
            self.rules.melee.note_charge(game, fig)
            self.rules.courage.terror(game, fig)  # a tank or flamethrower ends its move (L154)
            return []
        rest = rest_of_path(path, at)
        if trig.kind == "climb":
            stop: dict = {"do": "climb", "figure": fig.id, "feature": trig.source}
        else:  # an enemy's reaction (reactions.py)
            stop = {"do": trig.kind, "watcher": trig.source, "mover": fig.id}
            if trig.kind == "stand_to":
                stop["seen"] = self.seen_length(game, game.state.figures[trig.source], rest)
        return [stop, {"do": "walk", "figure": fig.id, "path": [list(p) for p in rest], "done": sorted(done | {trig.source})}]

    def seen_length(self, game: Game, watcher: Figure, path: Sequence[XY]) -> float:
        """How much of the path (mm, to 10 mm) is in the watcher's sight."""
        line = LineString(path)
        n = max(1, int(line.length // 10))
        return sum(10.0 for k in range(n) if self.rules.los(game, watcher, point_at(path, k * 10.0)).visible)

    def place(self, game: Game, fig: Figure, to: XY, cost: float, extra: str = "") -> None:
        if self.rules.dist(fig.pos, to) > EPS:
            fig.markers.setdefault(GbFigMark.START_AT, [fig.x, fig.y])
            fig.markers.pop(GbFigMark.SPOTTED, None)  # a sniper that moves is hidden again (L234)
            fig.facing = self.rules.heading(fig.pos, to)
            moved = self.rules.dist(fig.pos, to)
            fig.x, fig.y = float(to[0]), float(to[1])
            game.emit("move", f"{fig.name} moves {self.rules.fmt(moved)}{extra}.", figures=[fig.id])
        self.spend(fig, cost)

    def spend(self, fig: Figure, cost: float) -> None:
        if cost > EPS:
            fig.markers[GbFigMark.MOVED_CM] = round(float(fig.markers.get(GbFigMark.MOVED_CM, 0.0)) + self.rules.in_units(cost), 6)
            fig.markers[FigureMark.MOVED] = True

    def job_climb(self, game: Game, job: dict) -> list[dict] | None:
        """L99: 5 cm and a d6; 1 or 2 fails and the figure may not move (it stays at the foot)."""
        fig = game.state.figures[job["figure"]]
        mv = self.rules.data.movement
        wall = game.table.feature(job["feature"]).name
        fail = mv.climb_fail_on
        if "face" not in job:
            job["face"] = self.climb_roll(game, fig, wall)
            self.spend(fig, self.rules.mm(mv.climb_cost))
        if job["face"] in fail and not self.rules.characters.reroll(game, job, fig, f"{fig.name}'s climb", "face",
                                                                     lambda: self.climb_roll(game, fig, wall)):
            return None
        if job["face"] in fail:
            fig.markers[GbFigMark.CLIMB_FAILED] = game.state.turn
            game.emit("move", f"{fig.name} fails to climb out of {wall} and may not move again this turn.", figures=[fig.id])
        return []

    def climb_roll(self, game: Game, fig: Figure, wall: str) -> int:
        mv = self.rules.data.movement
        fail = mv.climb_fail_on
        r = game.dice.roll(mv.climb_die, f"{fig.name} climbs out of {wall}", target=f"{max(fail) + 1}+", figures=[fig.id],
                           cuts=(max(fail) + 1,))
        r.outcome = "fails to climb" if r.value in fail else "climbs out"
        return r.value

    def check_go_prone(self, game: Game, cmd: Command) -> None:
        fig = game.state.figures.get(cmd.figure or "")
        require(fig is not None and fig.side == cmd.side and fig.alive, "Choose one of your figures in action.")
        assert fig is not None
        require(game.state.phase in ("initiative", "orders") and fig.side == game.state.active_side,
                "Figures go prone in their player's initiative or orders step.")
        require(not self.is_tank(fig), "Tanks do not go prone.")
        acts = self.rules.characters.may_act(game, fig)
        require(acts is None, acts or "")
        require(not fig.markers.get(GbFigMark.PRONE), f"{fig.name} is prone already.")

    def apply_go_prone(self, game: Game, cmd: Command) -> None:
        fig = game.state.figures[cmd.figure_id]
        fig.markers[GbFigMark.PRONE] = True
        game.emit("move", f"{fig.name} goes prone (standing up will cost {self.rules.data.movement.stand_up_cost:g} cm).",
                  figures=[fig.id])

    def check_stand_up(self, game: Game, cmd: Command) -> None:
        fig = game.state.figures.get(cmd.figure or "")
        require(fig is not None and fig.side == cmd.side, "Choose one of your figures.")
        assert fig is not None
        require(bool(fig.markers.get(GbFigMark.PRONE)), f"{fig.name} is not prone.")
        why = self.why_not(game, fig)
        require(why is None, why or "")
        cost = self.rules.mm(self.rules.data.movement.stand_up_cost)
        require(self.left(game, fig) >= cost - 0.01, f"Standing up costs {self.rules.fmt(cost)}; "
                f"{fig.name} has {self.rules.fmt(self.left(game, fig))} left.")

    def apply_stand_up(self, game: Game, cmd: Command) -> None:
        fig = game.state.figures[cmd.figure_id]
        fig.markers.pop(GbFigMark.PRONE, None)
        if game.state.phase == "initiative":
            fig.markers[GbFigMark.INIT_MOVED] = game.state.turn
        self.spend(fig, self.rules.mm(self.rules.data.movement.stand_up_cost))
        game.emit("move", f"{fig.name} stands up.", figures=[fig.id])

    def free_spot(self, game: Game, near: Figure, radius: float) -> XY:
        """A place for a new figure's base beside ``near`` (touching no base, on the table)."""
        figs = [f for f in game.state.figures.values() if f.alive]
        for ring in range(1, 8):
            d = near.radius + radius + 1.0 + (ring - 1) * 2 * radius
            for k in range(12):
                a = math.radians(k * 30.0)
                p = (near.x + math.cos(a) * d, near.y + math.sin(a) * d)
                if game.table.contains(p) and all(self.rules.dist(p, f.pos) >= f.radius + radius for f in figs):
                    return p
        return near.pos
