"""How the solo AI carries out its orders in GOODBYEEEEEE!!!.

The solo chart gives each section an order (Attack, Advance, Halt, Retreat, Rout...); the
planner turns it into this ruleset's commands: in the orders step a command roll for a
section that is to move, then each figure's move toward its goal (the objective or the
nearest enemy; back toward its own edge when retreating), ending where it has cover when it
can, a dash when routing; in the fire step each figure's best shot by the odds of a
casualty and of a pin (a hit or a blast that does not wound pins on a failed courage test,
L160: a pin is worth :data:`PIN` of a casualty; a grenade at the enemies it would catch),
overwatch when it has no shot. Questions
put to the computer are answered by ai_spend.answer (Luck and the King of Diamonds by a
policy; other cards, reactions and consent with the option each question lists as the
computer's choice), and Valour points and the kept Jack of Diamonds are spent by ai_spend.py.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
from shapely.geometry import Point

from game.core.commands import Command, Refusal
from game.core.game import Game
from game.core.keys import StateKey
from game.core.state import Figure, Unit
from game.geometry.path_scan import first_inside
from game.rulesets.movement import clamp_to_table
from game.rulesets.parts import Planner
from game.solo.fallback import cover_spots
from game.solo.goals import ai_goal, back_goal, defends
from game.solo.keys import SoloKey
from game.solo.tables import FORWARD, solo_tables

from .ai_spend import answer, spend_commands
from .auto_weapons import ZONE
from .move import DASH
from .status import GbFigMark
from .tanks import TANK_GUN

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

CHARGING = ("attack", "close")
MOVES_AT_ONCE = 2  # moves planned per call: the first the referee accepts is given
#: weapons whose shots read the crew or the beaten zone (other figures than firer and target)
CREWED = frozenset({"lmg", ZONE})
#: a figure's markers that only whether it may fire (firing.firer_problem) reads
FIRE_MARKS = frozenset({GbFigMark.FIRED, GbFigMark.VALOUR})
#: a pin's worth beside a figure put out of action: it stays in the fight, and may pass its
#: test at the start of its next turn
PIN = 0.3


class GbPlanner(Planner["Goodbyeeee"]):
    rules: Goodbyeeee

    def side_commands(self, game: Game, side: str) -> list[Command]:
        return spend_commands(self, game, side)

    def unit_commands(self, game: Game, side: str, unit: Unit, memo: dict) -> list[Command]:
        st = game.state
        order = unit.markers.get(SoloKey.ORDER, "halt")
        if st.phase == "initiative" and order == "halt" and unit.markers.get(SoloKey.TAKE_COVER):
            return self.take_cover(game, side, unit)  # falling back: halt in the nearest cover (fall-back-halt)
        if st.phase == "orders":
            return self.moves(game, side, unit, order, memo) or self.lie_down(game, side, unit)
        if st.phase == "fire" and order != "rout":
            enemies = self.rules.enemy_figures(game, side)
            key = (st.turn, side, "gb_shots", unit.id, len(enemies), sum(1 for e in enemies if self.rules.courage.pinned(e)))
            if key not in memo:  # planned once while the enemy stands as it did (the AI asks after every command)
                memo[key] = self.shots(game, side, unit)
            firing = self.rules.firing
            return [c for c in memo[key] if firing.why_not_fire(game, st.figures[c.figure_id]) is None
                    and (c.choice is None or firing.shots_left(game, st.figures[c.figure_id], c.choice) > 0)
                    and (c.target is None or st.figures[c.target_id].alive)]
        return []

    # ---- questions put to the computer ----------------------------------------------------------------
    def decide(self, game: Game, side: str, options: list[tuple[str, Command]]) -> Command | None:
        """Luck and kept cards by a policy (ai_spend.answer); every other question: the first
        option (the opponents' consent is given to every use the text lists)."""
        return answer(self, game, options)

    # ---- orders and moves ------------------------------------------------------------------------------
    def pace(self, game: Game, side: str, centre: tuple[float, float], goal: tuple[float, float]) -> float:
        """How far a turn the unit must go to reach its goal by the last turn: ... unless that is
        more than a move that keeps the shot allows (an attack against the clock)."""
        limit = game.state.attrs.get(StateKey.VICTORY, {}).get("turn_limit")
        if not limit or not any(defends(game, s) for s in game.state.side_order if game.state.hostile(s, side)):
            return 0.0
        return self.rules.dist(centre, goal) / max(1, int(limit) - game.state.turn + 1)

    def tank_moves(self, game: Game, side: str, unit: Unit, order: str) -> list[Command]:
        """The AFV chart's orders for a tank (ww2-skirmish-solo.txt): Advance toward the goal,
        at half speed without friendly infantry within 6 in, halting within 20 in of a known
        enemy; Manoeuvre with the nearest friendly infantry (never more than 10 cm ahead of
        them toward the goal); Retreat as the infantry's Retreat; Halt stays."""
        rules = self.rules
        figs = [v for v in rules.alive(game, unit.id) if not v.markers.get(GbFigMark.MOVED_CM) and rules.tanks.why_not_move(v) is None
                and rules.tanks.why_not_act(v) is None]
        if order not in ("advance", "manoeuvre", "retreat") or not figs:
            return []
        v = figs[0]
        if order == "retreat":
            goal = back_goal(rules, game, side, unit, order, lambda p: self.cover_at(game, p))
        else:
            goal = ai_goal(rules, game, side, v.pos, unit)
        if goal is None:
            return []
        if rules.command.ordered(game, unit) is None:
            return [Command("order", side, unit=unit.id)]
        if rules.moving.why_not(game, v) is not None:
            return []
        reach = rules.moving.left(game, v) - rules.mm(0.3)
        infantry = [f for f in game.state.figures.values() if f.alive and f.side == side and not rules.data.is_vehicle_type(f.type)]
        if order == "advance":
            tb = solo_tables()
            if not any(rules.dist(f.pos, v.pos) <= tb.dist_mm("afv_infantry") for f in infantry):
                reach /= 2
            if any(rules.dist(e.pos, v.pos) <= rules.mm(2.54 * 20) for e in rules.enemy_figures(game, side)):
                return []  # "Halt if within 20 in"
        elif order == "manoeuvre" and infantry:
            lead = min(rules.dist(f.pos, goal) for f in infantry) - rules.mm(10)
            reach = min(reach, rules.dist(v.pos, goal) - lead)
        if reach <= rules.mm(1):
            return []
        to = self.affordable(game, v, self.step_toward(game, v, goal, reach), False)
        return [Command("move", side, figure=v.id, path=(to,))] if to is not None else []

    def retreat_stays(self, game: Game, unit: Unit) -> bool:
        return bool(self.rules.alive(game, unit.id)) and \
            back_goal(self.rules, game, unit.side, unit, "retreat", lambda p: self.cover_at(game, p)) is None

    def cover_at(self, game: Game, p: tuple[float, float]) -> bool:
        return any(ft.type.cover != "none" for ft in game.table.features_at(p))

    def take_cover(self, game: Game, side: str, unit: Unit) -> list[Command]:
        """A Halt in the nearest cover (falling back, interpretation fall-back-halt): each
        figure out of cover with cover within its 5 cm initiative move goes there, if it may
        still fire after such a move (L105-109). Any other Halt holds where it stands."""
        rules = self.rules
        out = []
        spots = [(x, y) for x, y, _ in cover_spots(rules, game)]
        for f in rules.alive(game, unit.id):
            if self.cover_at(game, f.pos) or rules.moving.why_not(game, f) is not None or f.markers.get(GbFigMark.MOVED_CM):
                continue
            reach = min(rules.moving.left(game, f), self.fire_reach(f))
            near = [p for p in spots if rules.dist(f.pos, p) <= reach
                    and not any(g.id != f.id and rules.dist(g.pos, p) < g.radius + f.radius for g in game.state.figures.values() if g.alive)]
            if near:
                to = min(near, key=lambda p: (rules.dist(f.pos, p), p))
                out.append(Command("move", side, figure=f.id, path=(to,)))
        return out

    def moves(self, game: Game, side: str, unit: Unit, order: str, memo: dict | None = None) -> list[Command]:
        rules = self.rules
        if unit.kind == "vehicle" or any(rules.data.is_vehicle_type(f.type) for f in rules.alive(game, unit.id)):
            return self.tank_moves(game, side, unit, order)
        forward = order in FORWARD and not self.rules.holds_position(game, unit)  # interpretation defenders
        back = None if forward or order == "rout" else back_goal(rules, game, side, unit, order, lambda p: self.cover_at(game, p))
        if not forward and back is None:
            return []
        stuck = (memo if memo is not None else {}).setdefault((game.state.turn, side, "gb_stuck", game.state.phase), set())
        figs = [f for f in rules.alive(game, unit.id) if f.id not in stuck and rules.moving.why_not(game, f) is None
                and not f.markers.get(GbFigMark.MOVED_CM) and not rules.melee.opponents(game, f)]
        if not figs:  # before the command roll only figures on a double move may go (its own order): they go first
            rest = any(rules.characters.valour_use(game, f) != "double_move" for f in rules.alive(game, unit.id))
            return [Command("order", side, unit=unit.id)] if rules.command.ordered(game, unit) is None and rest else []
        if forward and order in CHARGING:
            charges = self.charges(game, side, figs)
            if charges:
                return charges
        centre = rules.unit_centre(game, unit.id)
        goal = ai_goal(rules, game, side, centre, unit) if forward else back
        if goal is None:
            return []
        heavy = any(r.get("heavy") for r in rules.recent(game, unit, SoloKey.FIRED_ON))
        out = []
        for f in figs:
            dash = not forward and heavy and rules.moving.why_no_dash(f) is None  # a Retreat under heavy fire dashes
            reach = rules.moving.left(game, f, dash=dash) - rules.mm(0.3)
            if not forward:
                goal_f = (f.x + goal[0] - centre[0], f.y + goal[1] - centre[1])  # the unit keeps its shape
                to = self.affordable(game, f, clamp_to_table(game, self.step_toward(game, f, goal_f, reach), margin=f.radius), dash)
                if to is not None:
                    out.append(Command("move", side, figure=f.id, path=(to,), choice=DASH if dash else None))
                else:
                    stuck.add(f.id)  # nowhere it can afford to go this step: not planned again
                if len(out) >= MOVES_AT_ONCE:
                    break
                continue
            budget = None
            if order == "advance":  # the chart's Advance: "at half speed", half its walk in the turn
                reach = min(reach, rules.moving.walk(f) / 2 - rules.moving.moved(f) - rules.mm(0.3))
            if self.pace(game, side, centre, goal) <= self.fire_reach(f) and self.has_shot(game, f):
                # fire and movement: a figure with a shot keeps it (L107-109): what it spends of its
                # move (difficult ground double, standing up 5 cm) stays within what the weapon allows
                reach = budget = min(reach, self.fire_reach(f))
            if reach <= rules.mm(1):
                continue
            to = self.affordable(game, f, self.step_toward(game, f, goal, reach), dash, budget)
            if to is not None:
                out.append(Command("move", side, figure=f.id, path=(to,), choice=DASH if dash else None))
            else:
                stuck.add(f.id)
            if len(out) >= MOVES_AT_ONCE:
                break  # the AI takes the first it may give and asks again after it: planning every figure each time is waste
        return out

    def charges(self, game: Game, side: str, figs: list[Figure]) -> list[Command]:
        """Close and Attack: each figure that can reach a known enemy (walking, else dashing)
        and whose odds in the fight beat its opponent's by a sixth charges it (L142)."""
        rules = self.rules
        out: list[tuple[float, Command]] = []
        enemies = [e for e in rules.enemy_figures(game, side) if not rules.data.is_vehicle_type(e.type)]
        for f in figs:
            if rules.data.is_vehicle_type(f.type):
                continue
            best: tuple[float, Command] | None = None
            walk, run = rules.moving.left(game, f), rules.moving.left(game, f, dash=True)
            for e in enemies:
                d = rules.dist(f.pos, e.pos) - f.radius - e.radius
                if d > run:
                    continue
                edge = self.fight_edge(game, f, e)
                if edge < 1 / 6:
                    continue
                dash = d > walk - rules.mm(0.3)
                if dash and rules.moving.why_no_dash(f) is not None:
                    continue
                cmd = Command("move", side, figure=f.id, path=(e.pos,), choice=DASH if dash else None)
                if game.check(cmd) is None and (best is None or edge > best[0]):
                    best = (edge, cmd)
            if best is not None:
                out.append(best)
        out.sort(key=lambda ec: -ec[0])
        return [c for _, c in out]

    def fight_edge(self, game: Game, f: Figure, e: Figure) -> float:
        """P(win) - P(lose) of ``f`` charging ``e`` (L141-146): Fighting Skill, +1 for the
        charge, -1 each for a pinned or prone opponent, the best of each one's attack dice."""
        rules = self.rules
        cc = rules.data.close_combat
        mine = rules.stats.stat(f, "fighting_skill") + cc.initiator
        theirs = rules.stats.stat(e, "fighting_skill") + sum(m for _, m in rules.melee.modifiers(game, e, False))
        a = best_of(max(1, rules.stats.stat(f, "melee_attacks")))
        b = best_of(max(1, rules.stats.stat(e, "melee_attacks")))
        win = sum(pa * pb for i, pa in enumerate(a) for j, pb in enumerate(b) if mine + i > theirs + j)
        lose = sum(pa * pb for i, pa in enumerate(a) for j, pb in enumerate(b) if mine + i < theirs + j)
        return win - lose

    def lie_down(self, game: Game, side: str, unit: Unit) -> list[Command]:
        """After its moves, a figure in the open lies down (free; saves on 1-2, L126) unless an
        enemy is near enough to charge it (prone fights at -1, L146)."""
        rules = self.rules
        near = rules.mm(rules.data.movement.dash) + rules.mm(2)
        enemies = rules.enemy_figures(game, side)
        return [Command("go_prone", side, figure=f.id) for f in rules.alive(game, unit.id)
                if not f.markers.get(GbFigMark.PRONE) and not rules.data.is_vehicle_type(f.type) and not self.cover_at(game, f.pos)
                and not any(rules.dist(f.pos, e.pos) <= near for e in enemies)]

    def has_shot(self, game: Game, f: Figure) -> bool:
        """A worthwhile shot from where it stands (a tenth of a casualty or more)."""
        return bool(self.rules.recall(game, ("gb_has_shot", f.id), lambda: self._has_shot(game, f)))

    def _has_shot(self, game: Game, f: Figure) -> bool:
        rules = self.rules
        aimed = [(wid, self.reach(wid)) for wid in dict.fromkeys(f.weapons) if rules.data.weapons[wid].kind == "aimed"
                 and rules.firing.firer_problem(game, f, wid) is None]  # (else refused at every target)
        for e in rules.enemy_figures(game, f.side):
            for wid, reach in aimed:
                if rules.dist(f.pos, e.pos) <= reach + 1e-6 and self.value_of(game, "fire", f.side, f.id, e.id, None, wid, True) >= 0.1:
                    return True
        return False

    def reach(self, wid: str) -> float:
        """The weapon's longest range (mm; 25 cm for one without bands)."""
        bands = self.rules.data.weapons[wid].range_bands()
        return self.rules.mm(bands[-1][1] if bands else 25)

    def fire_reach(self, f: Figure) -> float:
        """How far it may move and still fire its first weapon (mm; 0 for a machine gun)."""
        limits = self.rules.data.move_and_fire.weapons
        lim = limits.get(f.weapons[0], 0) if f.weapons else 0
        return float("inf") if lim == "full" else self.rules.mm(float(lim)) - self.rules.mm(0.3)

    def affordable(self, game: Game, f: Figure, to: tuple[float, float], dash: bool,
                   cap: float | None = None) -> tuple[float, float] | None:
        """``to``, or the furthest point short of it on the straight line that the move's
        allowance pays for (difficult ground costs double, a climb 5 cm, standing up 5 cm): the
        distance the priced straight line allows, then shorter if a climb or a base is in the way.
        ``cap``: spend no more than this (mm) of the allowance. It stops short of a gas cloud
        on the way (a move into one rolls for the gas, interpretation event-targets)."""
        moving = self.rules.moving
        gas = self.gas_entry(game, f, to)
        if gas is not None:
            span0 = self.rules.dist(f.pos, to) or 1.0
            short = gas - self.rules.mm(0.5)
            if short < self.rules.mm(1):
                return None
            to = (f.x + (to[0] - f.x) * short / span0, f.y + (to[1] - f.y) * short / span0)
        costed = moving.costed(game, f, [f.pos, to])
        budget = moving.left(game, f, dash) if cap is None else min(cap, moving.left(game, f, dash))
        plan = moving.plan(game, f, [to], dash) if costed.total <= budget + 0.01 else None
        if plan is not None and plan.refusal is None:
            return to
        # a base or impassable terrain this far along the line (a shorter move past it is refused too)
        blocked = plan.blocked_at if plan is not None else None
        lo, hi = 0.0, costed.length
        for _ in range(14):  # the furthest point the allowance pays for, to a hair
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if costed.cost_to(mid) <= budget else (lo, mid)
        span = costed.length or 1.0
        for frac in (1.0, 0.75, 0.5, 0.3):
            d = lo * frac
            if d < self.rules.mm(1):
                return None
            p = (f.x + (to[0] - f.x) * d / span, f.y + (to[1] - f.y) * d / span)
            if blocked is not None and math.hypot(p[0] - f.x, p[1] - f.y) > blocked + 1.0:
                ends = [p]
                if self.rules.melee.charge_path(game, f, ends) is ends:
                    continue  # its way passes a millimetre or more into what blocked the longer move: refused as that was
            plan = moving.plan(game, f, [p], dash)
            if plan.refusal is None:
                return p
            if plan.blocked_at is not None:
                blocked = plan.blocked_at if blocked is None else min(blocked, plan.blocked_at)
        return None

    def gas_entry(self, game: Game, f: Figure, to: tuple[float, float]) -> float | None:
        """How far (mm) along the straight move from ``f`` to ``to`` it first enters a gas
        cloud it is not standing in; None when it enters none."""
        ds = [first_inside([f.pos, to], Point(c.x, c.y).buffer(c.radius)) for c in game.state.clouds.values()
              if c.type == "gas" and self.rules.dist(f.pos, (c.x, c.y)) > c.radius]
        return min((d for d in ds if d is not None), default=None)

    def step_toward(self, game: Game, f: Figure, goal: tuple[float, float], reach: float) -> tuple[float, float]:
        """Where the figure ends going toward ``goal``: the spot in cover nearest the straight
        line's end, if one is as near the goal, else the end of the straight line (short of
        any base there)."""
        rules = self.rules
        d = rules.dist(f.pos, goal)
        keep = f.radius * 2.2  # stop short of the enemy it walks at: a charge is the attack's own choice
        go = max(0.0, min(reach, d - keep))
        a = math.atan2(goal[1] - f.y, goal[0] - f.x)
        end = clamp_to_table(game, (f.x + math.cos(a) * go, f.y + math.sin(a) * go), margin=f.radius)
        spots = [(x, y) for x, y in self.spots_near(game, f.pos, end, reach)
                 if rules.dist(f.pos, (x, y)) <= reach and rules.dist(end, (x, y)) <= reach / 2]
        if spots:
            best = min(spots, key=lambda p: rules.dist(p, goal))
            if rules.dist(best, goal) <= rules.dist(end, goal) + rules.mm(2):
                return best
        return end

    def spots_near(self, game: Game, a: tuple[float, float], b: tuple[float, float], reach: float) -> list[tuple[float, float]]:
        """The cover spots (in their order) that may be within ``reach`` of ``a`` and half that
        of ``b``: a vectorised first sieve with a margin, the rules' measure deciding after."""
        table = game.table
        spots = cover_spots(self.rules, game)
        xy = game.keep("gb_spots_xy", (id(table), table.version, len(spots)),
                       lambda: np.array([(x, y) for x, y, _ in spots], dtype=float).reshape(-1, 2), limit=1)
        if not len(xy):
            return []
        ok = (np.hypot(xy[:, 0] - a[0], xy[:, 1] - a[1]) <= reach + 1e-6) & (np.hypot(xy[:, 0] - b[0], xy[:, 1] - b[1]) <= reach / 2 + 1e-6)
        return [(spots[i][0], spots[i][1]) for i in np.flatnonzero(ok)]

    # ---- fire ---------------------------------------------------------------------------------------------
    def shots(self, game: Game, side: str, unit: Unit) -> list[Command]:
        rules = self.rules
        out: list[tuple[float, Command]] = []
        enemies = rules.enemy_figures(game, side)
        for f in rules.alive(game, unit.id):
            if rules.firing.why_not_fire(game, f) is not None:
                continue
            best: tuple[float, str, str | None, tuple[float, float] | None, str] | None = None
            for wid in dict.fromkeys(f.weapons):
                w = rules.data.weapons[wid]
                if rules.firing.shots_left(game, f, wid) <= 0:
                    continue
                aimed = w.kind == "aimed"
                if aimed and rules.firing.firer_problem(game, f, wid) is not None:
                    continue  # refused at every target: nothing to weigh
                reach = self.reach(wid)
                # "Main guns will always shoot at the nearest enemy AFV / Anti-tank gun in preference to other targets"
                first = rules.afv_option.main_gun_target(game, f) if wid == TANK_GUN else None
                for e in [first] if first is not None else enemies:
                    if rules.dist(f.pos, e.pos) > reach + 1e-6:
                        continue
                    kind, target, point = ("fire", e.id, None) if aimed else ("fire_at_point", None, e.pos)
                    value = self.value_of(game, kind, side, f.id, target, point, wid, aimed)
                    if value > 0 and (best is None or value > best[0]):
                        best = (value, kind, target, point, wid)
            if best is not None:  # (the command made for the best only)
                out.append((best[0], Command(best[1], side, figure=f.id, target=best[2], point=best[3], choice=best[4])))
            elif rules.firing.fired(game, f) is None and float(f.markers.get(GbFigMark.MOVED_CM, 0.0)) < self.rules.data.overwatch.moved_less_than:
                out.append((0.0, Command("overwatch", side, figure=f.id)))
        out.sort(key=lambda vc: -vc[0])
        return [c for _, c in out]

    def value(self, game: Game, cmd: Command, firer_checked: bool = False) -> float:
        """The expected enemy figures put out of action, and :data:`PIN` of a figure for each
        one pinned, from the shot's own numbers (fast: the exact odds, with every Luck and card
        question in them, are for the player's panel);
        ``firer_checked``: the firer may fire the weapon at some target (``firing.firer_problem``)."""
        return self.value_of(game, cmd.kind, cmd.side, cmd.figure_id, cmd.target, cmd.point, cmd.choice, firer_checked, cmd)

    def value_of(self, game: Game, kind: str, side: str, figure: str, target: str | None, point: tuple[float, float] | None,
                 choice: str | None, firer_checked: bool = False, cmd: Command | None = None) -> float:
        """:meth:`value` of the command of these fields (made only when not known yet)."""
        def work() -> float:
            c = cmd or Command(kind, side, figure=figure, target=target, point=point, choice=choice)
            return self._kept_value(game, c, firer_checked)
        return float(self.rules.recall(game, ("gb_value", kind, side, figure, target, point, choice), work))

    def _kept_value(self, game: Game, cmd: Command, firer_checked: bool) -> float:
        """:meth:`_value`, kept across commands for an aimed shot whose numbers read only the
        firer, the target and the terrain (not a crew's or a beaten zone's other figures) and
        the Courage the target tests on (its leaders near it): keyed on everything of the two
        it may read and on that Courage, so a figure that has not fired yet
        weighs again only the targets that changed since (a shot pins or kills one)."""
        st = game.state
        fig, target = st.figures[cmd.figure_id], st.figures.get(cmd.target_id) if cmd.kind == "fire" else None
        wid = cmd.choice or self.rules.firing.default_weapon(fig)
        if target is None or wid not in self.rules.data.weapons or self.rules.firing.weapon_as_fired(fig, wid) in CREWED:
            return self._value(game, cmd, firer_checked)
        table = game.table
        # (what it fired and its heroic act this turn are read only by firing.firer_problem, which a
        # checked firer skips, and never of the target: a figure's second shot weighs no target again)
        # (and the courage the target tests on, which reads its leaders near it)
        courage = self.rules.courage.tested_on(game, target)
        key = (cmd.kind, cmd.side, cmd.figure, cmd.target, cmd.choice, firer_checked, st.turn, id(table), table.version,
               self.sig(game, fig, not firer_checked), self.sig(game, target, False), courage)
        return float(game.keep("gb_values", key, lambda: self._value(game, cmd, firer_checked), limit=5000))

    def sig(self, game: Game, f: Figure, fire_marks: bool) -> tuple:
        """All of a figure a shot's numbers may read (where, what, its markers; ``fire_marks``:
        with its fire and Valour markers of this turn)."""
        def work() -> tuple:
            marks = f.markers if fire_marks else {k: v for k, v in f.markers.items() if k not in FIRE_MARKS}
            return (f.x, f.y, f.life, f.side, f.type, tuple(f.weapons), tuple(f.equipment), repr(marks))
        return self.rules.recall(game, ("gb_sig", f.id, fire_marks), work)

    def _value(self, game: Game, cmd: Command, firer_checked: bool) -> float:
        rules = self.rules
        st = game.state
        fig = st.figures[cmd.figure_id]
        try:
            if cmd.kind == "fire":
                target = st.figures[cmd.target_id]
                shot = rules.firing.shot(game, fig, target, cmd.choice or rules.firing.default_weapon(fig), firer_checked)
                hit = chance(shot.to_hit)
                p = hit * (1 - len(shot.saves) / 6) * chance(shot.to_wound)
                n = rules.auto.shots(game, fig, shot.weapon) if shot.shots > 1 else 1
                # a hit that does not wound makes the target test its courage, and a failure
                # pins it (L160): it neither moves nor fires until it passes a test. Of n
                # shots, each kills (p) or pins (q) or neither; the target ends pinned and in
                # action when no shot kills and at least one pins
                q = (hit - p) * rules.courage.pin_chance(game, target, shot.weapon)
                return 1 - (1 - p) ** n + PIN * ((1 - p) ** n - (1 - p - q) ** n)
            plan = rules.blasts.plan(game, fig, cmd.choice or "", cmd.at)
        except Refusal:
            return 0.0
        w = rules.data.weapons[plan["weapon"]]
        radius = rules.blasts.radius(w.template or "grenade")
        near = [e for e in rules.enemy_figures(game, fig.side) if rules.dist(e.pos, cmd.at) <= radius]
        friends = [f for f in st.figures.values() if f.alive and not st.hostile(fig.side, f.side) and rules.dist(f.pos, cmd.at) <= radius * 3]
        if friends:
            return 0.0  # never a blast near one's own
        spread = 3.5 * plan["dice"] * rules.mm(1)
        on = 1.0 if plan["dice"] == 0 else 1 / 3 + 2 / 3 * min(1.0, radius / max(spread, 1e-6))
        wound = chance(w.wound_on(0))  # (a caught figure not wounded tests its courage too)
        return on * sum(wound + PIN * (1 - wound) * rules.courage.pin_chance(game, e, plan["weapon"]) for e in near)


def chance(need: int) -> float:
    """P(d6 >= need), a 1 always failing."""
    return max(0, 7 - max(need, 2)) / 6


def best_of(n: int) -> list[float]:
    """P(the best of n d6 is k + 1), k = 0..5."""
    return [((k + 1) / 6) ** n - (k / 6) ** n for k in range(6)]

