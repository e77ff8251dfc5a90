"""My 1/35th Scale WWII Skirmish: how the solo AI carries out a team's solo order in action
points (docs/ww2-135-design.md section 6). It plans on what its side knows (the game it is
given is the side's view) and proposes commands the rules check like a player's.

For each figure of the team, best first:
- what the morale levels oblige: a shaken figure moves away from the enemy, one suppressed by
  a failed test out of cover moves towards cover (L259-261); a dry gun re-loads; a
  suppressed or shaken figure with 3 points rallies;
- Rout and Retreat: every point spent moving back to cover, away from the nearest enemy; a
  Retreat with most of the team in cover stays in position at half its figures or more, and
  under half makes for the nearest friendly unit not forward of it (interpretation retreat);
- fire: at the enemy it has the best chance against (aimed when it saw the target last turn
  and has not moved, else un-aimed; an anti-tank weapon or a main gun at vehicles, a main
  gun at the nearest enemy vehicle it may fire at first (reading solo-afvs); a grenade
  at an enemy in cover within 15", or on the near side of his bank, inside the burst, where
  his own place may not be thrown at; never where the burst could catch the thrower or a
  friend), when that chance is at least a sixth;
- a man locked in a drawn fight fights on (L212); Attack: a man in contact with an enemy on
  foot fights him, else one who can reach the nearest such enemy and still pay for hand to
  hand moves into contact ("charge them if in reach", interpretation solo-orders);
- an immobile vehicle on the AFV chart's Bale out: its crew abandon it;
- Advance, Attack and Close: a move towards an objective the side must take (else the
  nearest known enemy: interpretation attack-goal), ending in cover where it can, that keeps
  3 points for a shot while a known enemy is in reach, else goes at the order's speed (an
  Advance half the figure's move, Attack and Close all of it); a side that wins by holding on
  (the map's victory "otherwise") keeps its positions and fires instead (interpretation
  solo-defenders): a figure of it with no shot worth its points turns to an enemy in sight
  behind it, else steps one point's move to where it would have one (a man in sight, a tank
  in its anti-tank weapon's reach);
- hidden (deployed hidden, or having hidden): it springs the ambush, turning to face (which
  ends the hiding, L55) an enemy it would hit often enough or a vehicle its anti-tank weapon
  reaches, then fires;
- Halt, or nothing better: four points held for opportunity fire (L125), with a figure able
  to turn first turning to face the nearest enemy.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from math import cos, hypot, inf, radians, sin
from typing import TYPE_CHECKING, Any

from game.core.commands import Command, Refusal
from game.core.game import Game
from game.core.state import Figure, Unit
from game.rulesets.parts import Planner
from game.solo.goals import hold_objectives, objectives_to_take
from game.solo.keys import SoloKey
from game.solo.retreat import RetreatGoal, retreat_goal

from . import sight_lines
from .ai_grenades import grenade_point, grenade_points
from .ai_paths import unblocked
from .anti_tank import HEAVY
from .morale import SHAKEN, SUPPRESSED
from .status import W135FigMark

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

#: the lengths (inches) a planned move tries, and the headings about the goal's (degrees)
STEPS = (3.0, 6.0, 9.0)
#: a man's steps on foot, to the 12" a turn (L31)
FOOT_STEPS = (3.0, 6.0, 9.0, 12.0)
BEARINGS = (0.0, 35.0, -35.0, 70.0, -70.0)
#: the points an obstacle on a move's way costs on average (a d3, L21), weighed against a
#: point's 3" of the way made
OBSTACLE_POINTS = 2.0
#: the least chance of a hit worth a shot's points
WORTH = 1 / 6
#: where a grenade at a man in cover comes among the shots, as a chance of a hit
THROW_WORTH = 0.3
#: the least chance of a hit (before acquisition) for which a hidden figure springs its ambush
SPRING = 5 / 12
#: how far a defender shifts to find a shot (inches: one point's move)
REPOSITION = 3.0
#: how far short of touching (inches) a charging man stops: inside the contact slack (melee.CONTACT)
CHARGE_GAP = 0.1


def hit_chance(need: int, double_six: bool) -> float:
    """The chance 2d6 make ``need`` or more (``double_six``: a double six always hits, L78)."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= need or (double_six and a == b == 6)) / 36


class W135Planner(Planner["Ww2135"]):
    rules: Ww2135

    def unit_commands(self, game: Game, side: str, unit: Unit, memo: dict[Any, Any]) -> Iterable[Command]:
        rules = self.rules
        order = str(unit.markers.get(SoloKey.ORDER) or rules.initial_order(game, unit))
        figs = [f for f in sorted(rules.alive(game, unit.id), key=lambda x: x.id) if rules.points(game, f) > 0]
        if figs:  # the sight lines its shots and ambushes look along, in one pass
            enemies = rules.known_enemies(game, side)
            sight_lines.work_out(game, ((f.pos, e.pos) for f in figs for e in self.nearest_few(f, enemies)))
        for f in figs:
            yield from self.figure_commands(game, f, order)

    def figure_commands(self, game: Game, f: Figure, order: str) -> Iterable[Command]:
        rules = self.rules
        side = f.side
        enemies = rules.known_enemies(game, side)
        lv = rules.morale.level(f)
        back = self.retreat(game, game.state.units[f.unit], enemies) if order == "retreat" else None
        if back is not None and back.kind == "friend":
            yield from self.moves(game, f, enemies, away=False, to=back.point)
        elif lv == SHAKEN or order == "rout" or (back is not None and back.kind != "stay"):
            yield from self.moves(game, f, enemies, away=True)
        if order == "bale_out":
            yield Command("abandon", side, figure=f.id)  # the AFV chart's Bale out (an immobile vehicle)
            return
        if order == "rout":
            return  # the chart's Rout: "it may neither fight nor shoot" (interpretation chart-rout)
        if order == "halt" and game.state.units[f.unit].markers.get(SoloKey.TAKE_COVER) and not rules.is_vehicle(f) \
                and not rules.morale.in_cover(game, f.pos):
            yield from self.moves(game, f, enemies, away=True, cover_only=True)  # falling back: halt in the nearest cover
        if lv == SUPPRESSED and f.markers.get(W135FigMark.BY_TEST) and not rules.morale.in_cover(game, f.pos):
            yield from self.moves(game, f, enemies, away=False, cover_only=True)
        if rules.firing.dry(f):
            yield Command("reload", side, figure=f.id)
        if lv and rules.points(game, f) >= (rules.data.actions["rally"].fixed() or 3):
            yield Command("rally", side, figure=f.id)
        foe = rules.melee.locked(game, f)
        if foe is not None and order != "rout":
            yield Command("fight", side, figure=f.id, target=foe)  # a drawn fight goes on (L212)
        holding = rules.holds_position(game, game.state.units[f.unit])  # interpretation solo-defenders
        if order == "attack" and not holding and lv != SHAKEN and not rules.is_vehicle(f):
            yield from self.charge(game, f, enemies)
        if rules.hidden(f):  # hidden, it cannot fire until it has paid to move (L55): spring the ambush?
            spring = self.ambush_target(game, f, enemies)
            if spring is not None:
                yield Command("turn", side, figure=f.id, point=spring.pos)
        yield from self.shots(game, f, enemies)
        if order in ("advance", "attack", "close", "manoeuvre") and rules.moving.moved(game, f) < 1e-9 and not holding:
            yield from self.moves(game, f, enemies, away=False, speed=self.speed(f, order))
        if holding:
            # a shot behind it: turn to it (1 point) and fire where it stands, before any step
            behind = self.turn_target(game, f, enemies, WORTH)
            if behind is not None and not rules.sight.in_arc(f, behind.pos):
                yield Command("turn", side, figure=f.id, point=behind.pos)
            yield from self.firing_positions(game, f, enemies)
            if not rules.is_vehicle(f) and not rules.morale.in_cover(game, f.pos):
                yield from self.moves(game, f, enemies, away=True, cover_only=True)
        near = self.nearest(f, enemies)
        if near is not None and not rules.sight.in_arc(f, near.pos):
            yield Command("turn", side, figure=f.id, point=near.pos)
        if rules.points(game, f) >= (rules.data.actions["opportunity_fire"].fixed() or 0):  # (else refused, L125)
            yield Command("hold", side, figure=f.id)

    def retreat_stays(self, game: Game, unit: Unit) -> bool:
        back = self.retreat(game, unit, self.rules.known_enemies(game, unit.side))
        return back is not None and back.kind == "stay"

    def retreat(self, game: Game, unit: Unit, enemies: list[Figure]) -> RetreatGoal | None:
        """Where a Retreat sends the team (interpretation retreat, game/solo/retreat.py): with
        most of its men on foot in cover, it stays at half its figures or more, else makes for
        the nearest friendly unit not forward of it; otherwise (in the open, or no such
        friend) its men move away from the nearest enemy, to cover where they can ("away",
        "home"). None: no men on foot."""
        rules = self.rules
        men = [f for f in rules.alive(game, unit.id) if not rules.is_vehicle(f)]
        if not men:
            return None
        covered = sum(1 for f in men if rules.morale.in_cover(game, f.pos))
        centre = rules.unit_centre(game, unit.id)
        friends = [rules.unit_centre(game, u.id) for u in game.state.side_units(unit.side) if u.id != unit.id and rules.alive(game, u.id)]
        return retreat_goal(centre, [e.pos for e in enemies], friends, [], in_cover=2 * covered > len(men),
                            strong=2 * len(men) >= len(unit.figures), reach=0.0, away=0.0, home=centre)

    # ---- hand to hand ------------------------------------------------------------------------------
    def charge(self, game: Game, f: Figure, enemies: list[Figure]) -> Iterator[Command]:
        """The chart's Attack: "close with the nearest enemy unit at full speed and charge them
        if in reach" (interpretation solo-orders): a man in contact with an enemy on foot fights
        him (L212); else he moves into contact with the nearest enemy on foot he can reach and
        still pay the 2 points of hand to hand (L16), the man beyond him next if that move is
        refused (a wall, a friend in the way)."""
        rules = self.rules
        left = rules.points(game, f) - (rules.data.actions["hand_to_hand"].fixed() or 0)
        men = sorted((e for e in enemies if not rules.is_vehicle(e)), key=lambda e: (rules.dist(f.pos, e.pos), e.id))
        if left < 0 or not men:
            return
        touching = [e for e in men if rules.melee.in_contact(f, e)]
        if touching:
            yield Command("fight", f.side, figure=f.id, target=touching[0].id)
            return
        for e in men[:3]:
            gap = rules.dist(f.pos, e.pos)
            apart = f.radius + e.radius + rules.mm(CHARGE_GAP)
            if rules.moving.cost(f, rules.in_units(gap - apart)) > left:
                return  # the rest are further still
            p = (round(e.x + (f.x - e.x) * apart / gap, 3), round(e.y + (f.y - e.y) * apart / gap, 3))
            yield Command("move", f.side, figure=f.id, path=(p,))

    # ---- fire ---------------------------------------------------------------------------------------
    def nearest_few(self, f: Figure, enemies: list[Figure]) -> list[Figure]:
        """The enemies a figure considers shooting at or springing an ambush on: the six nearest."""
        return sorted(enemies, key=lambda x: hypot(x.x - f.x, x.y - f.y))[:6]

    def nearest(self, f: Figure, enemies: list[Figure]) -> Figure | None:
        return min(enemies, key=lambda e: (hypot(e.x - f.x, e.y - f.y), e.id), default=None)

    def shots(self, game: Game, f: Figure, enemies: list[Figure]) -> Iterator[Command]:
        """The shots worth taking, best chance first: a throw counts as a :data:`THROW_WORTH`
        chance, and where it lands is worked out only when the shots before it were not taken
        (most turns one of them is)."""
        rules = self.rules
        scored: list[tuple[float, str, Command]] = []
        few = self.nearest_few(f, enemies)
        # a shot its plan refuses is not weighed: one its points cannot pay for (L15; an anti-tank
        # round costs an un-aimed shot's points, aimed or not), a man clearly beyond its weapon's
        # reach (L63-67), an aimed one after moving (L80) or at a man not seen last turn (L70)
        s = rules.data.shooting
        have, cost = rules.points(game, f), {a: rules.data.actions[f"{a}_fire"].fixed() or 0 for a in ("aimed", "unaimed")}
        may_aim = have >= cost["aimed"] and not (s.moved_cannot_aim and rules.moving.moved(game, f) > 1e-9)
        # "Main guns will always shoot at the nearest enemy AFV / Anti-tank gun in preference to other targets"
        first = rules.afv_option.main_gun_target(game, f) if rules.is_vehicle(f) and "tank_gun" in f.weapons else None
        if first is not None and all(e.id != first.id for e in few):
            few = [*few, first]  # (beyond the six nearest men: still the gun's target)
        for e in few if have >= cost["unaimed"] else ():
            away = rules.in_units(rules.dist(f.pos, e.pos))
            for wid in dict.fromkeys(f.weapons) if rules.sight.can_see(game, f, e) else ():  # (no shot at what it cannot see)
                w = rules.data.weapons.get(wid)
                if w is None:
                    continue
                vehicle = rules.is_vehicle(e)
                if not vehicle and w.max_range is not None and away > w.max_range + 1e-6:
                    continue
                if vehicle and w.kind not in HEAVY:
                    continue
                if not vehicle and w.kind == "anti_tank":
                    continue
                if wid == "tank_gun" and first is not None and e.id != first.id:
                    continue
                aim_at = vehicle or (may_aim and (not s.aimed_needs_seen or rules.acquisition.seen_last_turn(game, f, e)))
                for aim in ("aimed", "unaimed") if aim_at else ("unaimed",):
                    cmd = Command("fire", f.side, figure=f.id, target=e.id, choice=aim,
                                  options=(("burst", "yes"), ("weapon", wid)) if w.bursts_at(away) and not vehicle
                                  else (("weapon", wid),))
                    p = self.chance(game, cmd, vehicle)
                    if p >= WORTH:
                        scored.append((p, cmd.kind + aim, cmd))
        scored.sort(key=lambda t: (-t[0], t[1]))
        yield from (c for p, _, c in scored if p > THROW_WORTH)
        # a man in cover within 15" (L133): a grenade at him, where it may be thrown (a throw
        # beyond 15" or without its 2 points is refused, L15, L133: not proposed)
        if "grenade" in f.equipment and rules.points(game, f) >= (rules.data.actions["throw_grenade"].fixed() or 0):
            at = [e for e in few if not rules.is_vehicle(e) and rules.in_units(rules.dist(f.pos, e.pos)) <= rules.data.grenades.max_range + 1e-9
                  and rules.sight.line(game, f, e).cover > 0]
            places = [grenade_points(rules, game, f, e) for e in at]
            if at:  # the places its grenades may go, seen from where its move began, in one pass
                start = rules.moving.as_it_began(game, f).pos
                sight_lines.work_out(game, ((start, p) for tried in places for p in tried))
            for tried in places:
                spot = grenade_point(rules, game, f, tried)
                if spot is not None:
                    yield Command("throw", f.side, figure=f.id, point=spot)
        yield from (c for p, _, c in scored if p <= THROW_WORTH)

    def ambush_target(self, game: Game, f: Figure, enemies: list[Figure]) -> Figure | None:
        """The enemy a hidden figure should give itself away for: turning to face it (1
        point, which ends the hiding, L55) leaves an un-aimed shot's points, and once out of
        hiding it would see it: a vehicle within its anti-tank weapon's reach, or a man it
        would hit :data:`SPRING` of the time or more (the shot's own modifiers, before the
        acquisition roll). Holding for opportunity fire while hidden fires at nothing: a
        hidden figure does not observe."""
        return self.turn_target(game, f, enemies, SPRING)

    def turn_target(self, game: Game, f: Figure, enemies: list[Figure], least: float) -> Figure | None:
        """The enemy in sight (whatever its facing) that ``f`` would hit ``least`` of the time
        or more with an un-aimed shot after turning to it (a vehicle: within its anti-tank
        weapon's reach), when it has the points for the turn and the shot; the best first."""
        rules = self.rules
        turn, shot = (rules.data.actions[a].fixed() or 0 for a in ("turn_on_the_spot", "unaimed_fire"))
        if rules.points(game, f) < turn + shot:
            return None
        best: tuple[float, str, Figure] | None = None
        for e in self.nearest_few(f, enemies):
            line = rules.sight.line(game, f, e)  # as it sees once it stops hiding
            if not line.visible:
                continue
            p = self.shot_estimate(f, e, line)
            if p >= least and (best is None or p > best[0]):
                best = (p, e.id, e)
        return best[2] if best is not None else None

    def firing_positions(self, game: Game, f: Figure, enemies: list[Figure]) -> list[Command]:
        """A figure holding its ground with no shot worth its points: a step of one point
        (3", eight headings) to a place from which it would see, in its front arc as the step
        leaves it facing, one of the three nearest enemies its weapons can harm (an anti-tank
        weapon a vehicle within reach, a man it would hit :data:`WORTH` of the time before
        acquisition); the best chance first, then in cover. Not over a wall, hedge or window
        unless the points left after the step and the obstacle's d3 (2 on average) still pay
        for the shot: over one it would stand found and without its shot for the enemy's
        turn. Interpretation solo-defenders: a defender shifts to fire, it does not advance."""
        rules = self.rules
        shot = rules.data.actions["unaimed_fire"].fixed() or 3
        if rules.is_vehicle(f) or rules.morale.level(f) or rules.moving.cost(f, REPOSITION) > rules.points(game, f) - shot:
            return []
        targets = self.nearest_few(f, enemies)[:3]
        if not targets:
            return []
        # the same question is asked at every command of the turn until something moves:
        # the key names everything the answer reads (the sight lines' own key, and who)
        # (and the points it has, which say whether a step over an obstacle leaves a shot)
        over_ok = rules.moving.cost(f, REPOSITION) + OBSTACLE_POINTS <= rules.points(game, f) - shot
        key = (f.id, f.type, tuple(f.weapons), f.pos, rules.prone(f), over_ok,
               tuple((e.id, e.type, rules.stance(e), rules.hidden(e)) for e in targets), rules.sight.world(game))
        return unblocked(game, f, list(game.keep("w135_firing_positions", key, lambda: self._firing_positions(game, f, targets, over_ok), limit=2000)))

    def _firing_positions(self, game: Game, f: Figure, targets: list[Figure], over_ok: bool) -> tuple[Command, ...]:
        rules = self.rules
        d = rules.mm(REPOSITION)
        places = [(round(f.x + d * cos(radians(45.0 * k)), 3), round(f.y + d * sin(radians(45.0 * k)), 3)) for k in range(8)]
        places = [p for p in places if 0 < p[0] < game.table.width and 0 < p[1] < game.table.height]
        # as it would stand there: out of hiding and not leaning out (a move ends both), facing
        # along its step (move.py), seeing only in its front arc (no point left to turn), and
        # only what some weapon of its reaches
        markers = {k: v for k, v in f.markers.items() if k not in (W135FigMark.HIDDEN, W135FigMark.LEANING)}
        ghosts = [replace(f, x=p[0], y=p[1], facing=rules.heading(f.pos, p), markers=markers) for p in places]
        reach = self.reach(f)
        looks = [[e for e in targets if rules.sight.in_arc(g, e.pos) and rules.dist(g.pos, e.pos) <= reach] for g in ghosts]
        sight_lines.work_out(game, ((g.pos, e.pos) for g, es in zip(ghosts, looks, strict=True) for e in es))  # in one pass
        scored: list[tuple[float, float, Command]] = []
        for p, ghost, seen in zip(places, ghosts, looks, strict=True):
            best = 0.0
            for e in seen:
                line = rules.sight.line(game, ghost, e)
                if line.visible:
                    best = max(best, self.shot_estimate(ghost, e, line))
            # a wall, hedge or window on the way costs a d3 more (L14): a step over one that
            # leaves, on the d3's average, too few points for the shot is not a firing place (it
            # would stand there found, with no shot, for the enemy's turn)
            if best >= WORTH and (over_ok or not rules.moving.obstacles(game, [f.pos, p])):
                cover = 1.0 if rules.morale.in_cover(game, p) else 0.0
                scored.append((best, cover, Command("move", f.side, figure=f.id, path=(p,))))
        scored.sort(key=lambda t: (-t[0], -t[1]))
        return tuple(c for _, _, c in scored)

    def speed(self, f: Figure, order: str) -> float | None:
        """How far (inches) a man goes forward on ``order``: an Advance "at half speed" half
        the move his quota of points makes within the 12" a turn (L7, L31); Attack and Close
        as far as his points go (interpretation solo-orders)."""
        if order != "advance":
            return None
        rules = self.rules
        return min(rules.data.movement.max_per_turn, rules.quota(f) * rules.moving.per_point(f)) / 2

    def reach(self, f: Figure) -> float:
        """The longest range (mm) of ``f``'s weapons (beyond it :meth:`shot_estimate` is 0),
        with a millimetre to spare."""
        rules = self.rules
        ranges = [w.max_range for w in (rules.data.weapons.get(wid) for wid in f.weapons) if w is not None]
        return inf if not ranges or None in ranges else rules.mm(max(r for r in ranges if r is not None)) + 1.0

    def shot_estimate(self, f: Figure, e: Figure, line: Any) -> float:
        """The chance of an un-aimed hit by ``f``'s best weapon at ``e`` over ``line`` (1 for
        an anti-tank weapon that reaches a vehicle)."""
        rules = self.rules
        s = rules.data.shooting
        inches = rules.in_units(line.distance)
        best = 0.0
        for wid in dict.fromkeys(f.weapons):
            w = rules.data.weapons.get(wid)
            if w is None or (w.max_range is not None and inches > w.max_range + 1e-9):
                continue
            if rules.is_vehicle(e):
                best = max(best, 1.0 if w.kind in HEAVY else 0.0)
                continue
            if w.kind == "anti_tank":
                continue
            need = s.unaimed + sum(v for _, v in rules.firing.sight_modifiers(inches, line))
            best = max(best, hit_chance(need, True))
        return best

    def chance(self, game: Game, cmd: Command, vehicle: bool) -> float:
        """The chance a shot hits, from its plan (0 when it may not be taken)."""
        rules = self.rules
        try:
            if vehicle:
                at = rules.anti_tank.plan(game, cmd)
                need = at.total + 1
            else:
                need = rules.firing.plan(game, cmd).need
        except Refusal:
            return 0.0
        return hit_chance(need, not vehicle)

    # ---- moves -------------------------------------------------------------------------------------
    def goal(self, game: Game, f: Figure, enemies: list[Figure]) -> tuple[float, float] | None:
        """Where a man moving forward heads: the nearest objective his side must take and
        does not hold, else the nearest known enemy ("advance toward nearest enemy includes
        any ordered game objective", interpretation attack-goal); a man standing on an
        objective his side must hold stays."""
        if any(hypot(f.x - o["x"], f.y - o["y"]) <= o["radius"] for o in hold_objectives(game, f.side)):
            return None
        targets = objectives_to_take(game, f.side)
        if targets:
            return min(targets, key=lambda p: hypot(p[0] - f.x, p[1] - f.y))
        near = self.nearest(f, enemies)
        return near.pos if near is not None else None

    def moves(self, game: Game, f: Figure, enemies: list[Figure], away: bool, cover_only: bool = False,
              to: tuple[float, float] | None = None, speed: float | None = None) -> list[Command]:
        """Moves towards the goal (or away from the nearest enemy, or with every point towards
        ``to``), best first: ending in cover, then nearer the goal (further away), keeping 3
        points for a shot when closing on an enemy in reach; ``speed``: the most inches a man
        on foot goes (None: as far as his points take him)."""
        rules = self.rules
        near = self.nearest(f, enemies) if away else None
        goal = to or (near.pos if near is not None else self.goal(game, f, enemies))
        if goal is None:
            return []
        ahead = rules.heading(f.pos, goal) + (180.0 if away else 0.0)
        forward = not (away or cover_only or to)
        on_foot = not rules.is_vehicle(f)
        # closing, a man keeps 3 points for a shot while a known enemy is in his weapons'
        # reach (a vehicle always): else he goes at his order's speed (interpretation solo-orders)
        reach = self.reach(f)
        keep = 3 if forward and (not on_foot or any(hypot(e.x - f.x, e.y - f.y) <= reach for e in enemies)) else 0
        budget = max(1, rules.points(game, f) - keep)
        steps: tuple[float, ...] = STEPS
        if on_foot and forward:
            steps = FOOT_STEPS if speed is None else tuple(sorted({s for s in FOOT_STEPS if s < speed} | {speed}))
        ends: list[tuple[float, float]] = []
        for inches in steps:
            if rules.moving.cost(f, inches) > budget:
                continue
            d = rules.mm(inches)
            for b in BEARINGS:
                h = radians(ahead + b)
                p = (round(f.x + d * cos(h), 3), round(f.y + d * sin(h), 3))
                if not (0 < p[0] < game.table.width and 0 < p[1] < game.table.height):
                    continue
                if cover_only and rules.morale.cover_gap(game, p) >= rules.morale.cover_gap(game, f.pos) - 1e-6:
                    continue
                ends.append(p)
        scored: list[tuple[float, Command]] = []
        for p, crossed in zip(ends, rules.moving.crossings(game, f.pos, ends), strict=True):
            made = hypot(goal[0] - f.x, goal[1] - f.y) - hypot(goal[0] - p[0], goal[1] - p[1])
            # an obstacle on the way costs a d3 of points (L21), 2 on average: a point's
            # worth is 3" of the way made (a third of a point of score an inch)
            over = OBSTACLE_POINTS * crossed
            score = (2.0 if rules.morale.in_cover(game, p) else 0.0) + rules.in_units(-made if away else made) / 3.0 - over
            scored.append((score, Command("move", f.side, figure=f.id, path=(p,))))
        scored.sort(key=lambda t: -t[0])
        return unblocked(game, f, [c for _, c in scored])

    def decide(self, game: Game, side: str, options: list[tuple[str, Command]]) -> Command | None:
        """Opportunity fire: fire at whatever acts in sight that the weapon can harm, else
        hold fire; a beaten enemy: captured when a
        figure may spare itself to guard, else killed (interpretation capture)."""
        st = game.state
        for _, c in options:
            if c.kind == "opportunity":
                f, t = st.figures.get(c.figure or ""), st.figures.get(c.target or "")
                if f is not None and t is not None and self.rules.is_vehicle(t) and self.rules.firing.weapon(f)[1].kind not in HEAVY:
                    continue  # small arms do not harm a vehicle (interpretation vehicles): keep the points
                return c
        for _, c in options:
            if c.kind == "hold_fire":
                return c
        kinds = {c.choice: c for _, c in options if c.kind == "subdue"}
        if kinds:
            winner = game.state.figures.get(next(iter(kinds.values())).figure or "")
            spare = winner is not None and len(self.rules.alive(game, winner.unit)) >= 3
            return kinds.get("capture" if spare else "kill") or next(iter(kinds.values()))
        return None
