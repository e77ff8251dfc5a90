"""How the solo AI plays WWIFY AR:SE: the planner part (:class:`WwifyPlanner`).

The solo rules (game/solo/orders.py) give every unit an order each turn; what a WWIFY
unit is for those rules (its profile, the AFV points of vehicles and flyers) is the
rules' own (game/rulesets/wwify/solo_view.py). The planner turns each order into this
ruleset's commands when the unit's card is in play (:meth:`WwifyPlanner.unit_commands`).
The readings behind them:

- Squads, snipers and large creatures dice on the infantry chart; HMG and mortar teams
  and field guns too, as support weapons (field guns also as AT guns, with one action).
  Vehicles and flyers dice on the AFV chart.
- Attack: close on the nearest enemy unit that fights with both actions (Move, or a
  charge when a figure can reach it), then fight while in base contact.
- Advance ("half speed"): one Move action toward the objective or the nearest enemy in
  dispersed order (a line abreast, 2" apart: ai_chart.py), the other action Fire. Close ("move toward the nearest visible enemy"): the same
  toward the nearest enemy in sight; one across water, whose way round is over a bridge,
  cannot be closed on, and the unit halts (interpretation close).
- Halt: both actions Fire at the target with the best expected effect (Combat instead
  when in base contact and the odds favour it).
- Retreat (ai_chart.py): one Move to the nearest cover further from every known enemy,
  else away from the nearest; in cover it stays with half its strength, else falls back on
  the nearest friendly unit not forward of it; then Fire. A Halt after falling back (up
  to RF0, 5-6) first moves to the nearest cover facing the last known enemy. Rout: both actions Move toward the home edge, never Fire or fight.
- AFVs (vehicles and flyers; each action is a move and a fire): Advance moves with one
  action (both when friendly infantry is within 6") and halts within 20" of the enemy;
  Halt fires only; Manoeuvre fires when it has a target, else moves up; Retreat moves
  away; Bale out: the crew leaves the immobile vehicle for the turn (no action).

Moves avoid unbridged water by routing over a complete bridge (single file there), end
in cover where they can (trenches first) and keep squads within 3". Engineers repair the
scenario's bridge when their side needs it, materials are at hand and no known enemy
can fire on the working end, and fix their side's immobile vehicles. The AI's action
commands carry ``value`` = the action's number so a second Fire at the same target is a
new command for the player's repeat guard.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import atan2, cos, hypot, radians, sin
from typing import TYPE_CHECKING

from game.core.commands import Command, Refusal
from game.core.game import Game
from game.core.state import Figure, Unit
from game.core.victory import losses_to_break
from game.rulesets.movement import clamp_to_table
from game.rulesets.parts import Planner
from game.rulesets.wwify.ai_chart import WwifyChartMoves
from game.rulesets.wwify.ai_engineers import WwifyEngineers
from game.rulesets.wwify.ai_routes import WwifyRoutes
from game.rulesets.wwify.ai_value import WwifyValuation
from game.rulesets.wwify.data import SINGLE_MODEL_KINDS, SUPPORT_KINDS
from game.rulesets.wwify.solo_view import FORWARD
from game.rulesets.wwify.status import WwifyFigMark, WwifyUnitMark
from game.solo.goals import ai_goal
from game.solo.keys import SoloKey
from game.solo.tables import solo_tables

if TYPE_CHECKING:
    from game.rulesets.wwify.ruleset import Wwify

#: an evil officer rallies a panicked squad when the men he keeps are at least this many
#: times the men he shoots (interpretation solo-rally)
RALLY_KEEP = 2


class WwifyPlanner(Planner["Wwify"]):
    """The solo AI's planner for WWIFY (see the module's notes)."""

    rules: Wwify

    def __init__(self, rules: Wwify) -> None:
        super().__init__(rules)
        self.value = WwifyValuation(rules)  # what fire and fights are worth
        self.routes = WwifyRoutes(rules)  # how units move
        self.engineers = WwifyEngineers(rules, self.routes)  # bridges and repairs
        self.chart = WwifyChartMoves(rules, self.routes)  # where Retreat and a Halt in cover go

    # ==== decisions ===================================================================================
    def decide(self, game: Game, side: str, options: list[tuple[str, Command]]) -> Command | None:
        """Casualties: the least valuable figure, one in smoke first (it saves on 2+), of
        equals the one furthest from the nearest enemy; a sniper's pick: the most valuable,
        not in smoke (interpretation casualty-choice). Kill, but capture when the loser's
        unit has a medic who could save the dead (interpretation capture). The medic saves the most
        valuable (the options come in that order). A panicked squad rallies or runs by
        :meth:`rallies`."""
        if not options:
            return None
        cmds = [c for _, c in options]
        kind = cmds[0].kind
        st = game.state
        if kind == "pick_casualty":
            figs = [st.figures[c.target_id] for c in cmds]
            mine = figs[0].side == side
            smoke = {f.id: self.rules.moving.in_cloud(game, f.pos, "smoke") for f in figs}
            if mine:
                first = {f.id: (not smoke[f.id], self.rules.troop(f).value) for f in figs}
                least = min(first.values())
                tied = [f for f in figs if first[f.id] == least]  # only these need the range
                foes = [(e.x, e.y) for e in st.figures.values() if e.alive and e.side != figs[0].side]
                # the squad's range runs from its nearest enemy to the figure furthest from it
                # (interpretation range): of equals, the one furthest back goes
                near = min(foes, key=lambda p: (min(hypot(f.x - p[0], f.y - p[1]) for f in figs), p), default=None)

                def far(f: Figure) -> float:
                    return 0.0 if near is None else hypot(f.x - near[0], f.y - near[1])

                best = min(tied, key=lambda f: (-far(f), f.id))
            else:
                best = min(figs, key=lambda f: (smoke[f.id], -self.rules.troop(f).value, f.id))
            return next(c for c in cmds if c.target == best.id)
        if kind == "capture":
            victim = st.figures[cmds[0].target_id]
            vu = st.units[victim.unit]
            if vu.kind in SINGLE_MODEL_KINDS:
                medic = self.rules.support.has_medic(game, vu)
            else:
                medic = any(f.alive and f.id != victim.id and self.rules.troop(f).medic for f in self.rules.alive(game, vu.id))
            saver = self.rules.option(game, "medics") and medic
            want = "capture" if saver else "kill"
            return next((c for c in cmds if c.choice == want), cmds[0])
        if kind == "rally":
            want = "rally" if self.rallies(game, side, cmds[0].unit or "") else "run"
            return next((c for c in cmds if c.choice == want), cmds[0])
        return cmds[0]

    def rallies(self, game: Game, side: str, unit_id: str) -> bool:
        """A panicked squad's one rally attempt, or let it run ("soldiers that flee the table
        don't count as casualties", interpretation solo-rally): an evil officer's shots are
        casualties, so he rallies only when the men he keeps are at least RALLY_KEEP times the
        men he shoots and the shots do not break his side; a good officer's heroic act, whose
        failure kills him, is tried unless one more casualty breaks the side."""
        st = game.state
        margin = losses_to_break(st, side)
        if self.rules.alignment(game, side) != "evil":
            return margin is None or margin > 1
        left = len(self.rules.alive(game, unit_id))
        shot = min(int(self.rules.current_job(game, "morale").get("failed_by", 0)), left - 1)  # never the officer
        return (margin is None or shot < margin) and left - shot >= RALLY_KEEP * shot

    # ==== carrying out the orders =========================================================================
    def side_commands(self, game: Game, side: str) -> list[Command]:
        return []  # the artillery fires by itself: nothing side-wide to decide

    def unit_commands(self, game: Game, side: str, unit: Unit, memo: dict) -> Iterator[Command]:
        """The commands carrying out the unit's order, best first, worked out lazily: a
        fallback (another target, firing instead of a move the core refuses) is only
        computed when the player asks for it."""
        if unit.side != side or not self.rules.active(game, unit) or unit.markers.get(WwifyUnitMark.PANICKED):
            return iter(())
        return self._ai_iter(game, side, unit, memo)

    def _ai_iter(self, game: Game, side: str, unit: Unit, memo: dict) -> Iterator[Command]:
        order = unit.markers.get(SoloKey.ORDER) or self.rules.initial_order(game, unit)
        if unit.kind in ("vehicle", "flyer"):
            yield from self._ai_afv(game, side, unit, order)
            return
        yield from self._continue_moving(game, unit, memo)
        if unit.kind in SUPPORT_KINDS:
            yield from self._ai_support(game, side, unit, order, memo)
        elif self.rules.listing.actions_left(game, unit) > 0:
            yield from self._foot_action(game, side, unit, order, len(unit.markers.get(WwifyUnitMark.ACTS, [])) + 1, memo)

    def _continue_moving(self, game: Game, unit: Unit, memo: dict) -> list[Command]:
        """The figures still to move in a Move action planned figure by figure."""
        if not unit.markers.get(WwifyUnitMark.MOVE_OPEN):
            return []
        st = game.state
        plan = memo.get(self.routes.plan_key(game, unit, len(unit.markers.get(WwifyUnitMark.ACTS, []))))
        if not plan:
            return []
        figs = self.rules.alive(game, unit.id)
        begun = not any(f.markers.get(WwifyFigMark.MOVED_MM) for f in figs)  # a begin_move, nobody moved yet
        if not begun and not any(hypot(st.figures[c.figure].x - c.path[-1][0], st.figures[c.figure].y - c.path[-1][1]) < 1e-6
                                 for _, c in plan):
            return []  # the action went another way (the unit moved together)
        out: list[Command] = []
        given: set[str] = set()
        for start, c in plan or []:
            f = st.figures[c.figure]
            if f.id not in given and f.alive and hypot(f.x - start[0], f.y - start[1]) < 1e-6:
                out.append(c)  # the figure's next leg
                given.add(f.id)
        return out

    # ---- squads, snipers, large creatures ---------------------------------------------------------------
    def _foot_action(self, game: Game, side: str, unit: Unit, order: str, n: int, memo: dict) -> Iterator[Command]:
        """Commands for the unit's action number ``n``, best first."""
        if order == "rout":  # run for the home edge; no fire, no fighting
            yield from self.routes.move_cmds(game, side, unit, self._home_point(game, unit), n, memo)
            return
        fire = self._fire_cmds(game, side, unit, n)  # an iterator: worked out when needed
        contact = self._contact_cmds(game, side, unit, n, order)
        if contact is not None:
            yield from contact
            return
        work = self.engineers.engineer_cmds(game, side, unit, order, n, memo)
        if work is not None:
            yield from work
            yield from fire
            return
        moved = "move" in unit.markers.get(WwifyUnitMark.ACTS, [])
        defending = self.rules.holds_position(game, unit)
        goal = None
        if order == "retreat" and not moved:
            goal, stop = self.chart.retreat_point(game, side, unit), 0.0
        elif order == "halt" and not moved:
            goal, stop = self.chart.halt_cover_point(game, unit), 0.0  # falling back: halt in the nearest cover
        elif order == "attack" and not defending:
            charge = self._charge_cmds(game, side, unit, n)
            if charge:
                yield from charge
                yield from fire
                return
            foe = self._nearest_enemy(game, unit, fighting=True)
            goal, stop = (foe.pos if foe else None), self._stop(unit)
        elif order in ("advance", "close") and not moved and not defending:
            # one Move action ("half speed"); the other action fires
            if order == "close":
                seen = self._nearest_enemy(game, unit, visible=True)
                goal = seen.pos if seen is not None and self.across_water(game, unit, seen) is None else None
            else:
                goal = self._goal(game, side, unit)
            stop = self._stop(unit)
        if goal is not None and order == "advance" and (spread := self.chart.dispersed_cmd(game, side, unit, goal, n, stop)):
            yield spread  # "at half speed in dispersed order"
        if goal is not None:
            yield from self.routes.move_cmds(game, side, unit, goal, n, memo, stop=stop)
        yield from fire

    def retreat_stays(self, game: Game, unit: Unit) -> bool:
        return bool(self.rules.alive(game, unit.id)) and self.chart.retreat_point(game, unit.side, unit) is None

    def chart_note(self, game: Game, unit: Unit, order: str) -> str | None:
        """The Retreat that stays (the default), and a Close that halts and fires because the
        enemy the unit sees is across the water (interpretation close)."""
        foe = self.across_water(game, unit) if order == "close" and unit.kind not in SUPPORT_KINDS + ("vehicle", "flyer") else None
        if foe is not None:
            return (f"{game.state.units[foe.unit].name}, the enemy it sees, stands across the water, the way round by a bridge; "
                    "it halts and fires instead")
        return super().chart_note(game, unit, order)

    def across_water(self, game: Game, unit: Unit, seen: Figure | None = None) -> Figure | None:
        """The nearest enemy ``unit`` sees (or ``seen``) when it stands across water and
        the way to it is round by a bridge: a Close cannot close on it, and the unit halts
        (interpretation close). None when it can be closed on or none is seen."""
        foe = seen or self._nearest_enemy(game, unit, visible=True)
        if foe is None or len(self.routes.route(game, self.rules.unit_centre(game, unit.id), foe.pos)) == 1:
            return None
        return foe

    def _contact_cmds(self, game: Game, side: str, unit: Unit, n: int, order: str) -> list[Command] | None:
        """In base contact: fight (Attack always; otherwise when the combat is worth more
        than the best fire). None when not in contact, or retreating from it."""
        if order in ("rout", "retreat") or unit.kind not in ("squad", "sniper", "large_creature"):
            return None
        try:
            plan = self.rules.fighting.combat_plan(game, unit.id)
        except Refusal:
            return None
        cmd = Command("combat", side, unit=unit.id, value=n)
        fire = list(self._fire_cmds(game, side, unit, n))
        win, lose = self.value.combat_odds(plan.attackers, plan.defenders)
        gain = win * self.value.loss_worth(game, plan.defenders) - lose * self.value.loss_worth(game, plan.attackers)
        opts = self.value.fire_options(game, unit)
        best_fire = opts[0][0] if opts else 0.0
        if order == "attack" or gain >= best_fire:
            return [cmd] + fire
        return fire + [cmd]

    def _charge_cmds(self, game: Game, side: str, unit: Unit, n: int) -> list[Command]:
        """Charge the nearest enemy unit that fights when a figure can reach it over dry
        ground this move."""
        foe = self._nearest_enemy(game, unit, fighting=True)
        if foe is None:
            return []
        figs = self.rules.alive(game, unit.id)
        reach = max(self.rules.allowance(game, unit, f) for f in figs)
        near = min(figs, key=lambda f: self.rules.dist(f.pos, foe.pos))
        gap = self.rules.dist(near.pos, foe.pos) - near.radius - foe.radius
        if gap > reach - self.rules.mm(0.1) or self.rules.moving.first_wet(game, [near.pos, foe.pos]) is not None:
            return []
        return [Command("move_unit", side, unit=unit.id, choice="charge", target=foe.unit, value=n)]

    # ---- HMGs, mortars, field guns -------------------------------------------------------------------------
    def _ai_support(self, game: Game, side: str, unit: Unit, order: str, memo: dict) -> Iterator[Command]:
        """Fire twice (a field gun once); move only to retreat, rout, halt in the nearest
        cover when falling back, or carry out an Advance when there is nothing to fire at."""
        acts = unit.markers.get(WwifyUnitMark.ACTS, [])
        if self.rules.listing.actions_left(game, unit) <= 0 or "move" in acts:
            return
        n = len(acts) + 1
        if order == "rout":
            yield from self.routes.move_cmds(game, side, unit, self._home_point(game, unit), n, memo)
            return
        fire = list(self._fire_cmds(game, side, unit, n))
        back = None
        if not acts and order == "retreat":
            back = self.chart.retreat_point(game, side, unit)
        elif not acts and order == "halt":
            back = self.chart.halt_cover_point(game, unit)  # falling back: halt in the nearest cover
        if back is not None:
            yield from self.routes.move_cmds(game, side, unit, back, n, memo)
        yield from fire
        if not acts and not fire and order != "retreat" and unit.markers.get(WwifyUnitMark.SOLO_CHART) in FORWARD \
                and not self.rules.holds_position(game, unit):
            goal = self._goal(game, side, unit)
            if goal is not None:
                yield from self.routes.move_cmds(game, side, unit, goal, n, memo, stop=self.rules.mm(10))

    # ---- vehicles and flyers ----------------------------------------------------------------------------------
    def _ai_afv(self, game: Game, side: str, unit: Unit, order: str) -> Iterator[Command]:
        """Each action a move and a fire: the fire that goes with the last move first."""
        acts = unit.markers.get(WwifyUnitMark.ACTS, [])
        if unit.markers.get(WwifyUnitMark.PENDING_FIRE):
            yield from self._fire_cmds(game, side, unit, len(acts))
        if self.rules.listing.actions_left(game, unit) <= 0:
            return
        n = len(acts) + 1
        immobile = unit.kind == "vehicle" and self.rules.immobile(game, unit)
        if order == "bale_out" or (order == "retreat" and immobile):
            return  # the crew is out of its vehicle this turn
        fire = list(self._fire_cmds(game, side, unit, n))
        if order == "retreat" and n == 1 and fire:
            yield from fire  # a Retreat is one move away: the first action fires from here, the second moves
        if not immobile:
            yield from self._afv_move(game, side, unit, order, n, bool(fire))
        yield from fire

    def _afv_move(self, game: Game, side: str, unit: Unit, order: str, n: int, can_fire: bool) -> list[Command]:
        if order == "halt":
            return []
        moves = unit.markers.get(WwifyUnitMark.ACTS, []).count("move")
        if order == "retreat":
            return self._afv_moves_to(game, side, unit, self._away_point(game, unit), n) if moves == 0 else []
        foe = self._nearest_enemy(game, unit)
        if foe is None:
            return []
        v = self.rules.alive(game, unit.id)[0]
        if order == "advance":
            tb = solo_tables()
            if self.rules.apart(v, foe) <= tb.dist_mm("afv_halt"):
                return []
            with_infantry = any(
                f.side == unit.side and f.alive and self.rules.fighting.category(f) in ("infantry", "cavalry")
                and self.rules.apart(f, v) <= tb.dist_mm("afv_infantry") for f in game.state.figures.values())
            if moves >= (2 if with_infantry else 1):
                return []
        elif can_fire:  # manoeuvre: fire from where it is when it has a target
            return []
        goal = self._afv_goal(game, side, unit)
        if goal is None:
            return []
        return self._afv_moves_to(game, side, unit, goal, n, stop=self._standoff(game, unit))

    def _afv_goal(self, game: Game, side: str, unit: Unit):
        """A vehicle heads for the objective (or the nearest enemy); a flyer for the
        nearest enemy its weapons can hurt."""
        if unit.kind != "flyer":
            return self._goal(game, side, unit)
        st = game.state
        v = self.rules.alive(game, unit.id)[0]
        foes = [f for f in st.figures.values() if f.alive and f.side != side
                and any(self.rules.fighting.can_hurt(w, self.rules.fighting.target_kind(st.units[f.unit])) for w in v.weapons)]
        return min(foes, key=lambda f: (self.rules.dist(v.pos, f.pos), f.id)).pos if foes else None

    def _afv_moves_to(self, game: Game, side: str, unit: Unit, goal, n: int, stop: float = 0.0) -> list[Command]:
        v = self.rules.alive(game, unit.id)[0]
        budget = self.rules.allowance(game, unit, v) - self.rules.mm(0.05)
        if unit.kind == "flyer":
            return self._flyer_moves(game, side, v, goal, budget, stop, n)
        route = self.routes.route(game, v.pos, goal)
        out = []
        for reach in (budget, budget / 2):
            pts = self.routes.afford_path(game, v, self.routes.along(v.pos, route, reach, stop), budget)
            if pts:
                out.append(Command("move", side, figure=v.id, path=tuple(pts), value=n))
        return out

    def _flyer_moves(self, game: Game, side: str, v: Figure, goal, budget: float, stop: float, n: int) -> list[Command]:
        """A flight of one straight leg (one turn of up to 180 degrees is always allowed)
        toward ``goal``, ending ``stop`` short of it, on the table and off other bases."""
        st = game.state
        d = self.rules.dist(v.pos, goal)
        h = atan2(goal[1] - v.y, goal[0] - v.x)
        want = min(budget, max(0.0, d - stop))
        if want < self.rules.mm(0.5):
            return []
        out = []
        for turn in (0, 20, -20, 45, -45):
            a = h + radians(turn)
            for frac in (1.0, 0.7, 0.4):
                end = clamp_to_table(game, (v.x + cos(a) * want * frac, v.y + sin(a) * want * frac), v.radius + 1.0)
                if self.rules.dist(end, v.pos) < self.rules.mm(0.5):
                    continue
                if any(o.alive and o.id != v.id and self.rules.dist(o.pos, end) < o.radius + v.radius + 0.5 for o in st.figures.values()):
                    continue
                out.append(Command("move", side, figure=v.id, path=(end,), value=n))
                break
            if len(out) >= 2:
                break
        return out

    def _standoff(self, game: Game, unit: Unit) -> float:
        """How close a vehicle or flyer goes: a vehicle to 12"; a flyer to 2" inside the
        far edge of its weapon's best range band."""
        if unit.kind == "vehicle":
            return self.rules.mm(12)
        bands = self.rules.data.firing.bands
        best = 0.0
        for f in self.rules.alive(game, unit.id):
            for w in f.weapons:
                dice = self.rules.data.weapons[w].dice
                top = max(d or 0 for d in dice)
                best = max(best, max(b.upto for b, d in zip(bands, dice, strict=True) if (d or 0) == top))
        return self.rules.mm(max(2.0, best - 2.0))

    # ==== fire ===========================================================================================
    def _fire_cmds(self, game: Game, side: str, unit: Unit, n: int) -> Iterator[Command]:
        """Fire at the best targets (worked out on the first request)."""
        for score, tid in self.value.fire_options(game, unit)[:3]:
            if score > 0.01:
                yield Command("fire", side, unit=unit.id, target=tid, value=n)


    # ---- where to go ------------------------------------------------------------------------------------
    def _goal(self, game: Game, side: str, unit: Unit):
        """The objective to take (or the nearest enemy); material carriers first bring
        what they carry to the bridge the engineers are repairing."""
        carry = self.engineers.carry_goal(game, side, unit)
        if carry == "hold":
            return None
        if carry is not None:
            return carry
        return ai_goal(self.rules, game, side, self.rules.unit_centre(game, unit.id), unit)

    def _nearest_enemy(self, game: Game, unit: Unit, fighting: bool = False, visible: bool = False) -> Figure | None:
        st = game.state
        figs = self.rules.alive(game, unit.id)
        centre = self.rules.unit_centre(game, unit.id)
        foes = [f for f in st.figures.values() if f.alive and f.side != unit.side]
        if fighting:
            foes = [f for f in foes if self.rules.fighting.combatant(f)]
        foes.sort(key=lambda e: (self.rules.dist(centre, e.pos), e.id))
        if visible:
            top = self.rules.mm(self.rules.data.firing.bands[-1].upto)
            with self.rules.solo_view.fast_sight(game):
                for e in foes:
                    if self.rules.dist(centre, e.pos) > top + self.rules.mm(3):
                        return None
                    if any(self.rules.fighting.sees(game, f, e) for f in figs):
                        return e
            return None
        return foes[0] if foes else None

    def _home_point(self, game: Game, unit: Unit):
        """The point of the unit's home table edge straight behind its centre."""
        cx, cy = self.rules.unit_centre(game, unit.id)
        w, h = game.table.width, game.table.height
        edge = game.state.sides[unit.side].home_edge
        return clamp_to_table(game, {"north": (cx, 0.0), "south": (cx, h), "west": (0.0, cy), "east": (w, cy)}[edge])

    def _away_point(self, game: Game, unit: Unit):
        """Away from the nearest enemy, toward the home edge when that is the same way."""
        foe = self._nearest_enemy(game, unit)
        c = self.rules.unit_centre(game, unit.id)
        if foe is None:
            return self._home_point(game, unit)
        home = self._home_point(game, unit)
        hx, hy = home[0] - c[0], home[1] - c[1]
        ax, ay = c[0] - foe.x, c[1] - foe.y
        if hx * ax + hy * ay > 0:
            return home
        d = hypot(ax, ay) or 1.0
        return clamp_to_table(game, (c[0] + ax / d * self.rules.mm(12), c[1] + ay / d * self.rules.mm(12)))

    def _stop(self, unit: Unit) -> float:
        return self.rules.mm(1.5)
