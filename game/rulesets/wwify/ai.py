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
- Advance ("half speed"): one Move action toward the objective or the nearest enemy,
  the other action Fire. Close ("move toward the nearest visible enemy"): the same
  toward the nearest enemy in sight.
- Halt: both actions Fire at the target with the best expected effect (Combat instead
  when in base contact and the odds favour it).
- Retreat: one Move away from the enemy (or stay, when in cover with half its strength),
  then Fire. Rout: both actions Move toward the home edge, never Fire or fight.
- AFVs (vehicles and flyers; each action is a move and a fire): Advance moves with one
  action (both when friendly infantry is within 6") and halts within 20" of the enemy;
  Halt fires only; Manoeuvre fires when it has a target, else moves up; Retreat moves
  away; Bale out: the crew leaves the immobile vehicle for the turn (no action).

Moves avoid unbridged water by routing over a complete bridge (single file there), end
in cover where they can (trenches first) and keep squads within 3". Engineers repair the
scenario's bridge when their side needs it and materials are at hand, and fix their
side's immobile vehicles. The AI's action commands carry ``value`` = the action's number
so a second Fire at the same target is a new command for the player's repeat guard.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from math import atan2, ceil, cos, hypot, radians, sin
from typing import TYPE_CHECKING

import shapely
from shapely.geometry import LineString, Point

from game.core.commands import Command, Refusal
from game.core.game import Game
from game.core.state import Figure, Unit
from game.geometry.cohesion import stragglers
from game.rulesets.movement import clamp_to_table
from game.rulesets.parts import Planner
from game.rulesets.wwify.data import SINGLE_MODEL_KINDS, SUPPORT_KINDS
from game.rulesets.wwify.solo_view import FORWARD
from game.solo.tables import solo_tables

if TYPE_CHECKING:
    pass

COVER_VALUE = {"trench": 3.0, "bunker": 3.0, "building": 2.0, "wood": 1.0, "crater": 1.0}


def _binom(n: int, p: float) -> list[float]:
    """P(k successes) for k = 0..n."""
    out = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(out) + 1)
        for k, q in enumerate(out):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        out = nxt
    return out


_TWO_D6 = [sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == t) / 36 for t in range(13)]


def _panic_p(left: int, mod: int) -> float:
    """Chance a squad with ``left`` figures panics on 2d6 + mod (above left panics)."""
    return sum(p for t, p in enumerate(_TWO_D6) if t + mod > left)


class WwifyPlanner(Planner["Wwify"]):
    """The solo AI's planner for WWIFY (see the module's notes)."""

    # ==== decisions ===================================================================================
    def decide(self, game: Game, side: str, options: list[tuple[str, Command]]) -> Command | None:
        """Casualties: the least valuable figure, one in smoke first (it saves on 2+); a
        sniper's pick: the most valuable, not in smoke. Kill, but capture when the loser's
        unit has a medic who could save the dead. Always rally; the medic saves the most
        valuable (the options come in that order)."""
        if not options:
            return None
        cmds = [c for _, c in options]
        kind = cmds[0].kind
        st = game.state
        if kind == "pick_casualty":
            figs = [st.figures[c.target] for c in cmds]
            mine = figs[0].side == side
            smoke = {f.id: self.rules.in_cloud(game, f.pos, "smoke") for f in figs}
            foes = [f for f in st.figures.values() if f.alive and f.side != figs[0].side]

            def far(f: Figure) -> float:  # the figure furthest back sets the squad's range
                return min((self.rules.dist(f.pos, e.pos) for e in foes), default=0.0)

            if mine:
                best = min(figs, key=lambda f: (not smoke[f.id], self.rules.troop(f).value, -far(f), f.id))
            else:
                best = min(figs, key=lambda f: (smoke[f.id], -self.rules.troop(f).value, f.id))
            return next(c for c in cmds if c.target == best.id)
        if kind == "capture":
            victim = st.figures[cmds[0].target]
            vu = st.units[victim.unit]
            if vu.kind in SINGLE_MODEL_KINDS:
                medic = self.rules.has_medic(game, vu)
            else:
                medic = any(f.alive and f.id != victim.id and self.rules.troop(f).medic for f in self.rules.alive(game, vu.id))
            saver = self.rules.option(game, "medics") and medic
            want = "capture" if saver else "kill"
            return next((c for c in cmds if c.choice == want), cmds[0])
        if kind == "rally":
            return next((c for c in cmds if c.choice == "rally"), cmds[0])
        return cmds[0]

    # ==== carrying out the orders =========================================================================
    def side_commands(self, game: Game, side: str) -> list[Command]:
        return []  # the artillery fires by itself: nothing side-wide to decide

    def unit_commands(self, game: Game, side: str, unit: Unit, memo: dict) -> Iterator[Command]:
        """The commands carrying out the unit's order, best first, worked out lazily: a
        fallback (another target, firing instead of a move the core refuses) is only
        computed when the player asks for it."""
        if unit.side != side or not self.rules.active(game, unit) or unit.markers.get("panicked"):
            return iter(())
        return self._ai_iter(game, side, unit, memo)

    def _ai_iter(self, game: Game, side: str, unit: Unit, memo: dict) -> Iterator[Command]:
        order = unit.markers.get("solo_order") or self.rules.initial_order(game, unit)
        if unit.kind in ("vehicle", "flyer"):
            yield from self._ai_afv(game, side, unit, order)
            return
        yield from self._continue_moving(game, unit, memo)
        if unit.kind in SUPPORT_KINDS:
            yield from self._ai_support(game, side, unit, order, memo)
        elif self.rules.actions_left(game, unit) > 0:
            yield from self._foot_action(game, side, unit, order, len(unit.markers.get("acts", [])) + 1, memo)

    def _continue_moving(self, game: Game, unit: Unit, memo: dict) -> list[Command]:
        """The figures still to move in a Move action planned figure by figure."""
        if not unit.markers.get("move_open"):
            return []
        st = game.state
        plan = memo.get(self._plan_key(game, unit, len(unit.markers.get("acts", []))))
        if not plan:
            return []
        figs = self.rules.alive(game, unit.id)
        begun = not any(f.markers.get("moved_mm") for f in figs)  # a begin_move, nobody moved yet
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
            yield from self._move_cmds(game, side, unit, self._home_point(game, unit), n, memo)
            return
        fire = self._fire_cmds(game, side, unit, n)  # an iterator: worked out when needed
        contact = self._contact_cmds(game, side, unit, n, order)
        if contact is not None:
            yield from contact
            return
        work = self._engineer_cmds(game, side, unit, order, n, memo)
        if work is not None:
            yield from work
            yield from fire
            return
        moved = "move" in unit.markers.get("acts", [])
        defending = self.rules.defends(game, side) and self.rules.in_fortification(game, unit)
        goal = None
        if order == "retreat" and not moved and not self._holds_cover(game, unit):
            goal, stop = self._retreat_point(game, unit), 0.0
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
                goal = seen.pos if seen is not None else None
            else:
                goal = self._goal(game, side, unit)
            stop = self._stop(unit)
        if goal is not None:
            yield from self._move_cmds(game, side, unit, goal, n, memo, stop=stop)
        yield from fire

    def _contact_cmds(self, game: Game, side: str, unit: Unit, n: int, order: str) -> list[Command] | None:
        """In base contact: fight (Attack always; otherwise when the combat is worth more
        than the best fire). None when not in contact, or retreating from it."""
        if order in ("rout", "retreat") or unit.kind not in ("squad", "sniper", "large_creature"):
            return None
        try:
            plan = self.rules.combat_plan(game, unit.id)
        except Refusal:
            return None
        cmd = Command("combat", side, unit=unit.id, value=n)
        fire = list(self._fire_cmds(game, side, unit, n))
        win, lose = self._combat_odds(plan.attackers, plan.defenders)
        gain = win * self._loss_worth(game, plan.defenders) - lose * self._loss_worth(game, plan.attackers)
        opts = self._fire_options(game, unit)
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
        if gap > reach - self.rules.mm(0.1) or self.rules.first_wet(game, [near.pos, foe.pos]) is not None:
            return []
        return [Command("move_unit", side, unit=unit.id, choice="charge", target=foe.unit, value=n)]

    # ---- HMGs, mortars, field guns -------------------------------------------------------------------------
    def _ai_support(self, game: Game, side: str, unit: Unit, order: str, memo: dict) -> Iterator[Command]:
        """Fire twice (a field gun once); move only to retreat, rout, or carry out an
        Advance when there is nothing to fire at."""
        acts = unit.markers.get("acts", [])
        if self.rules.actions_left(game, unit) <= 0 or "move" in acts:
            return
        n = len(acts) + 1
        if order == "rout":
            yield from self._move_cmds(game, side, unit, self._home_point(game, unit), n, memo)
            return
        fire = list(self._fire_cmds(game, side, unit, n))
        if not acts and order == "retreat" and not self._holds_cover(game, unit):
            yield from self._move_cmds(game, side, unit, self._away_point(game, unit), n, memo)
        yield from fire
        if not acts and not fire and order != "retreat" and unit.markers.get("solo_chart") in FORWARD \
                and not (self.rules.defends(game, side) and self.rules.in_fortification(game, unit)):
            goal = self._goal(game, side, unit)
            if goal is not None:
                yield from self._move_cmds(game, side, unit, goal, n, memo, stop=self.rules.mm(10))

    # ---- vehicles and flyers ----------------------------------------------------------------------------------
    def _ai_afv(self, game: Game, side: str, unit: Unit, order: str) -> Iterator[Command]:
        """Each action a move and a fire: the fire that goes with the last move first."""
        acts = unit.markers.get("acts", [])
        if unit.markers.get("pending_fire"):
            yield from self._fire_cmds(game, side, unit, len(acts))
        if self.rules.actions_left(game, unit) <= 0:
            return
        n = len(acts) + 1
        immobile = unit.kind == "vehicle" and self.rules.immobile(game, unit)
        if order == "bale_out" or (order == "retreat" and immobile):
            return  # the crew is out of its vehicle this turn
        fire = list(self._fire_cmds(game, side, unit, n))
        if not immobile:
            yield from self._afv_move(game, side, unit, order, n, bool(fire))
        yield from fire

    def _afv_move(self, game: Game, side: str, unit: Unit, order: str, n: int, can_fire: bool) -> list[Command]:
        if order == "halt":
            return []
        moves = unit.markers.get("acts", []).count("move")
        if order == "retreat":
            return self._afv_moves_to(game, side, unit, self._away_point(game, unit), n) if moves == 0 else []
        foe = self._nearest_enemy(game, unit)
        if foe is None:
            return []
        v = self.rules.alive(game, unit.id)[0]
        if order == "advance":
            tb = solo_tables()
            if self.rules.dist(v.pos, foe.pos) <= tb.dist_mm("afv_halt"):
                return []
            with_infantry = any(
                f.side == unit.side and f.alive and self.rules.category(f) in ("infantry", "cavalry")
                and self.rules.dist(f.pos, v.pos) <= tb.dist_mm("afv_infantry") for f in game.state.figures.values())
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
                and any(self.rules.can_hurt(w, self.rules.target_kind(st.units[f.unit])) for w in v.weapons)]
        return min(foes, key=lambda f: (self.rules.dist(v.pos, f.pos), f.id)).pos if foes else None

    def _afv_moves_to(self, game: Game, side: str, unit: Unit, goal, n: int, stop: float = 0.0) -> list[Command]:
        v = self.rules.alive(game, unit.id)[0]
        budget = self.rules.allowance(game, unit, v) - self.rules.mm(0.05)
        if unit.kind == "flyer":
            return self._flyer_moves(game, side, v, goal, budget, stop, n)
        route = self._route(game, v.pos, goal)
        out = []
        for reach in (budget, budget / 2):
            pts = self._afford_path(game, v, self._along(v.pos, route, reach, stop), budget)
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
        for score, tid in self._fire_options(game, unit)[:3]:
            if score > 0.01:
                yield Command("fire", side, unit=unit.id, target=tid, value=n)

    def _fire_options(self, game: Game, unit: Unit) -> list[tuple[float, str]]:
        """(score, target unit) for every enemy unit it can fire at now, best first: the
        expected figures put out of action, weighted by what they threaten. An AFV's
        main gun takes the nearest enemy vehicle or field gun first; otherwise AFVs
        weigh how much each target threatens them."""
        cache = self._cache(game)
        key = ("fire", unit.id)
        if key in cache:
            return cache[key]
        st = game.state
        figs = [f for f in self.rules.alive(game, unit.id) if f.weapons]
        out: list[tuple[float, str]] = []
        top = self.rules.mm(self.rules.data.firing.bands[-1].upto)
        afv = unit.kind in ("vehicle", "flyer")
        armour: list[tuple[float, str]] = []
        plans = []
        with self.rules.fast_sight(game):
            for t in sorted(st.units.values(), key=lambda u: u.id):
                if t.side == unit.side or not st.unit_alive(t.id) or not figs:
                    continue
                tfigs = self.rules.alive(game, t.id)
                near = min(self.rules.dist(f.pos, e.pos) for f in figs for e in tfigs)
                if near > top + 1e-6:
                    continue
                try:
                    plans.append((t, near, self.rules.fire_plan(game, unit.id, t.id)))
                except Refusal:
                    continue
        for t, near, plan in plans:
            score = self._fire_value(game, plan)
            if afv:
                score *= 1.0 + self._threat_to(game, t, unit)
                if unit.kind == "vehicle" and (t.kind in ("vehicle", "field_gun")) and any(
                        self.rules.data.weapons[fr.weapon].vs_vehicles for fr in plan.firers):
                    armour.append((near, t.id))
            out.append((score, t.id))
        out.sort(key=lambda s: (-s[0], s[1]))
        if armour:
            first = min(armour)[1]
            out.sort(key=lambda s: (s[1] != first, -s[0], s[1]))
        cache[key] = out
        return out

    def _fire_value(self, game: Game, plan) -> float:
        fi = self.rules.data.firing
        p = (7 - fi.kill_on) / 6
        if plan.trench:
            p *= (7 - fi.trench_reroll_kill_on) / 6
        pmf = _binom(plan.dice, p)
        target = plan.target
        kind = plan.target_kind
        tfigs = self.rules.alive(game, target.id)
        smoke = (fi.smoke_save_on - 1) / 6
        if kind == "figures":
            pool = self.rules.casualty_pool(game, target)
            cap = len(pool)
            in_smoke = sum(1 for f in pool if self.rules.in_cloud(game, f.pos, "smoke"))
            keep = 1.0 - (1 - smoke) * min(1.0, in_smoke / cap) if in_smoke else 1.0
            kills = sum(min(k, cap) * q for k, q in enumerate(pmf)) * keep
            sniper = plan.chooser == plan.unit.side
            worth = max(self._fig_worth(game, f) for f in pool) if sniper else self._unit_worth(game, target)
            value = kills * worth
            if target.kind in SUPPORT_KINDS:  # the gun falls with its last crew figure
                value += sum(q for k, q in enumerate(pmf) if k >= cap) * keep * self._fig_worth(game, tfigs[0])
            value += self._morale_bonus(game, target, pmf, plan)
            return value
        fig = tfigs[0]
        keep = (1 - smoke) if self.rules.in_cloud(game, fig.pos, "smoke") else 1.0
        if keep < 1:
            pmf = _binom(plan.dice, p * keep)
        worth = self._fig_worth(game, fig)
        if kind == "large_creature":
            left = fi.large_creature_wounds - fig.wounds
            dead = sum(q for k, q in enumerate(pmf) if k >= left)
            wounds = sum(min(k, left) * q for k, q in enumerate(pmf))
            return worth * (dead + 0.3 * wounds / left)
        table = self.rules.data.vehicle_damage if kind == "vehicle" else self.rules.data.flyer_damage
        kill = sum(1 for r in table.rows if r.result == "destroyed" for _ in r.faces) / 6
        destroyed = sum(q * (1 - (1 - kill) ** k) for k, q in enumerate(pmf))
        value = worth * destroyed
        if kind == "vehicle" and not self.rules.immobile(game, target):
            value += 0.3 * worth * sum(q for k, q in enumerate(pmf) if k) * (1 - kill)
        return value

    def _morale_bonus(self, game: Game, target: Unit, pmf: list[float], plan) -> float:
        """Kills that make a squad test its morale may send it running off the table."""
        st = game.state
        if not self.rules.option(game, "morale") or target.kind != "squad" or target.markers.get("morale_turn") == st.turn \
                or target.markers.get("panicked"):
            return 0.0
        start = len(target.figures)
        alive = len(self.rules.alive(game, target.id))
        lost = start - alive
        officer = self.rules.officer(game, target.id) is not None
        flame = any(self.rules.data.weapons[fr.weapon].flame for fr in plan.firers)
        bonus = 0.0
        for k, q in enumerate(pmf):
            if k == 0 or k >= alive:
                continue
            if flame or (lost + k) * 2 > start:
                panic = _panic_p(alive - k, self.rules.data.morale.officer_modifier if officer else 0)
                if officer:  # the rally: Good re-rolls, Evil shoots a few and stays
                    panic *= panic if self.rules.alignment(game, target.side) == "good" else 0.3
                bonus += q * panic * (alive - k) * 0.7
        return bonus

    def _threat_to(self, game: Game, t: Unit, me: Unit) -> float:
        """How many dice of ``t`` can hurt ``me`` (a vehicle or flyer) from where they stand."""
        v = self.rules.alive(game, me.id)[0]
        kind = self.rules.target_kind(me)
        dice = 0
        for f in self.rules.alive(game, t.id):
            band = self.rules.band_of(self.rules.dist(f.pos, v.pos))
            if band is None:
                continue
            dice += max((self.rules.data.weapons[w].dice[band] or 0 for w in f.weapons if self.rules.can_hurt(w, kind)), default=0)
        return dice / 6

    # ---- what figures and units are worth ----------------------------------------------------------------
    def _fig_threat(self, game: Game, fig: Figure) -> float:
        """Expected kills of the figure in a card's actions at its best range."""
        best = max((max(d or 0 for d in self.rules.data.weapons[w].dice) for w in fig.weapons), default=0)
        acts = 1 if self.rules.category(fig) == "field_gun" else 2
        return best * acts / 6

    def _fig_worth(self, game: Game, fig: Figure) -> float:
        """One figure out of action: 1 toward breaking its side, plus what it threatens
        (a gun crew carries its gun's threat; an officer steadies and leads)."""
        unit = game.state.units[fig.unit]
        threat = self._fig_threat(game, fig)
        if unit.kind in SUPPORT_KINDS and not self.rules.is_gun(fig):
            crew = [f for f in self.rules.alive(game, unit.id) if not self.rules.is_gun(f)]
            gun = next((f for f in self.rules.alive(game, unit.id) if self.rules.is_gun(f)), None)
            if gun is not None:
                threat = (self._fig_threat(game, gun) + 1) / max(1, len(crew))
        tt = self.rules.troop(fig)
        if tt.role == "officer":
            threat += 0.8
        if tt.category == "large_creature":
            threat += 0.8
        if tt.engineer or tt.medic:
            threat += 0.3
        return 1.0 + 0.5 * threat

    def _unit_worth(self, game: Game, unit: Unit) -> float:
        """A kill on a unit the owner picks casualties from: its least worthy figure."""
        pool = self.rules.casualty_pool(game, unit)
        return min(self._fig_worth(game, f) for f in pool) if pool else 0.0

    def _loss_worth(self, game: Game, figs: list[Figure]) -> float:
        if not figs:
            return 0.0
        if all(self.rules.category(f) == "large_creature" for f in figs):
            return min(self._fig_worth(game, f) for f in figs) / self.rules.data.firing.large_creature_wounds
        return min(self._fig_worth(game, f) for f in figs)

    # ---- close combat odds ------------------------------------------------------------------------------------
    def _combat_odds(self, attackers: list[Figure], defenders: list[Figure]) -> tuple[float, float]:
        """(attacker wins, defender wins): each side's best d6 with its modifiers."""
        def cdf(figs: list[Figure]) -> dict[int, float]:
            mods = [sum(v for _, v in self.rules.combat_mods(f)) for f in figs]
            return {s: _prod(min(1.0, max(0.0, (s - m) / 6)) for m in mods) for s in range(-8, 16)}

        a, d = cdf(attackers), cdf(defenders)
        win = lose = 0.0
        for s in range(-7, 16):
            pa = a[s] - a[s - 1]
            pd = d[s] - d[s - 1]
            win += pa * d[s - 1]
            lose += pd * a[s - 1]
        return win, lose

    # ==== moving =======================================================================================
    def _move_cmds(self, game: Game, side: str, unit: Unit, goal, n: int, memo: dict, stop: float = 0.0,
                   first: frozenset | set = frozenset()) -> Iterator[Command]:
        """A Move action toward ``goal`` (ending ``stop`` short of it). The unit moves
        together (move_unit) where its way is clear; near a bridge on its way, or where
        moving together would be refused, it goes figure by figure in single file (the
        plan is kept in ``memo`` for the rest of the action; ``first``: who leads)."""
        if not self.rules.alive(game, unit.id):
            return
        centre = self.rules.unit_centre(game, unit.id)
        route = self._route(game, centre, goal)
        if len(route) == 1:  # a figure still behind the water follows the others over
            behind = [f for f in self.rules.alive(game, unit.id) if self.rules.first_wet(game, [f.pos, goal]) is not None]
            if behind:
                route = self._route(game, max(behind, key=lambda f: self.rules.dist(f.pos, goal)).pos, goal)
        bridge = len(route) > 1 and self.rules.dist(centre, route[0]) < self._reach(game, unit) + self.rules.mm(3)
        clean: list[Command] = []
        held: list[Command] = []
        if not bridge:
            clean, held = self._translate_cmds(game, side, unit, route[0], n, stop if len(route) == 1 else 0.0)
            yield from clean
        plan = self._leg_moves(game, side, unit, route, stop, first)
        if plan:
            memo[self._plan_key(game, unit, n)] = plan
            if unit.markers.get("move_open"):
                # a figure's move would go on with the last Move action: start a new one
                yield Command("begin_move", side, unit=unit.id, value=n)
            else:
                yield plan[0][1]
        yield from held

    def _reach(self, game: Game, unit: Unit) -> float:
        return max(self.rules.allowance(game, unit, f) for f in self.rules.alive(game, unit.id))

    def _translate_cmds(self, game: Game, side: str, unit: Unit, target, n: int, stop: float) -> tuple[list[Command], list[Command]]:
        """move_unit candidates (the whole unit keeps its formation), best first: the
        most progress toward the target with the most figures ending in cover, never
        stepping into water. (Clean moves, moves where figures are held back unequally.)"""
        figs = self.rules.alive(game, unit.id)
        centre = self.rules.unit_centre(game, unit.id)
        reach = self._reach(game, unit) - self.rules.mm(0.05)
        d_goal = self.rules.dist(centre, target)
        heading = atan2(target[1] - centre[1], target[0] - centre[0])
        step = min(reach, max(0.0, d_goal - stop))
        if step < self.rules.mm(0.5):
            return [], []
        gather = unit.kind == "squad" and len(figs) > 1 and bool(stragglers([f.pos for f in figs], self.rules.mm(self.rules.data.movement.cohesion)))
        others = [(o.id, o.pos, o.radius) for o in game.state.figures.values() if o.alive and o.unit != unit.id]
        near_water = self._near(game, "water", centre, reach + max(self.rules.dist(centre, f.pos) for f in figs))
        near_costly = self._near(game, "costly", centre, reach + max(self.rules.dist(centre, f.pos) for f in figs))
        here = sum(self._cover_at(game, f.pos) for f in figs) / len(figs)
        scored = []
        for turn in (0, -30, 30, -60, 60):
            a = heading + radians(turn)
            for frac in (1.0, 0.5):
                v = (cos(a) * step * frac, sin(a) * step * frac)
                dests = [(f.x + v[0], f.y + v[1]) for f in figs]
                if any(not (f.radius <= x <= game.table.width - f.radius and f.radius <= y <= game.table.height - f.radius)
                       for f, (x, y) in zip(figs, dests, strict=True)):
                    continue
                if near_water and any(self.rules.first_wet(game, [f.pos, d]) is not None for f, d in zip(figs, dests, strict=True)):
                    continue
                end = (centre[0] + v[0], centre[1] + v[1])
                progress = d_goal - self.rules.dist(end, target)
                cover = sum(self._cover_at(game, d) for d in dests) / len(figs)
                score = self.rules.in_units(progress) + 1.5 * (cover - here) - 0.01 * abs(turn)
                scored.append((-score, turn, frac, end, dests))
        scored.sort(key=lambda c: c[:3])
        clean, held = [], []
        for _, _, frac, end, dests in scored:
            if len(clean) >= 2:
                break
            # figures held back unequally (by a base in the way, or by the cost of
            # climbing out of a trench) bend the line, and the move may break cohesion
            went = [min(step * frac, _first_hit([f.pos, d], f.radius, others)) for f, d in zip(figs, dests, strict=True)]
            if near_costly:  # climbing out costs 3": a line half in a trench bends
                paying = {self._crosses(game, "costly", f.pos, d) for f, d in zip(figs, dests, strict=True)}
                if len(paying) > 1:
                    went.append(0.0)
            (held if max(went) - min(went) > self.rules.mm(1) else clean).append(end)
        def cmds(ends: list) -> list[Command]:
            out = []
            for end in ends:
                if gather:
                    out.append(Command("move_unit", side, unit=unit.id, point=end, choice="gather", value=n))
                out.append(Command("move_unit", side, unit=unit.id, point=end, value=n))
            return out

        return cmds(clean[:2]), cmds(held[:2])

    def _areas(self, game: Game) -> dict:
        """Unbridged water ('water') and trenches and bunkers ('costly': moving out of
        them costs extra), per table version."""
        def work() -> dict:
            costly = [f.area for f in game.table.features if f.type.id in ("trench", "bunker")]
            union = shapely.union_all(costly) if costly else None
            if union is not None:
                shapely.prepare(union)
            return {"water": self.rules.wet_area(game), "costly": union}

        return game.keep("wwai_areas", (id(game.table), game.table.version), work, limit=1)

    def _near(self, game: Game, what: str, p, reach: float) -> bool:
        area = self._areas(game)[what]
        return area is not None and area.distance(Point(p)) <= reach

    def _crosses(self, game: Game, what: str, a, b) -> bool:
        area = self._areas(game)[what]
        return area is not None and area.intersects(LineString([a, b]))

    def _leg_moves(self, game: Game, side: str, unit: Unit, route: list, stop: float,
                   first: frozenset | set = frozenset()) -> list[tuple]:
        """One Move action along the route (over a bridge) in single file, figure by
        figure, as legs that each keep every figure within 3" of a squadmate: the
        leader first, each leg as far along its way as cohesion allows, in a few rounds.
        Returns [(start point, move command)] in the order to submit them."""
        figs = self.rules.alive(game, unit.id)
        spacing = max(f.radius for f in figs) * 2 + self.rules.mm(0.25)
        coh = self.rules.mm(self.rules.data.movement.cohesion) - 0.05
        ways = []
        for f in figs:
            pts = self._route(game, f.pos, route[-1])  # each figure's own way onto the bridge
            ways.append((self.rules.dist(f.pos, pts[0]) + _length(pts), f, pts))
        ways.sort(key=lambda w: (w[1].id not in first, w[0], w[1].id))
        paths: dict[str, list] = {}
        order: list[Figure] = []
        ahead = None  # route distance left to the figure in front, once placed
        for rem, f, pts in ways:
            budget = self.rules.allowance(game, game.state.units[f.unit], f) - self.rules.mm(0.05)
            travel = max(0.0, rem - stop) if ahead is None else max(0.0, rem - (ahead + spacing))
            path = self._afford_path(game, f, self._along(f.pos, pts, travel, 0.0), budget)
            went = _length(path, f.pos)
            ahead = rem - went
            if went >= self.rules.mm(0.3):
                paths[f.id] = [f.pos] + path
                order.append(f)
        if not paths:
            return []
        pos = {f.id: f.pos for f in figs}
        done = {fid: 0.0 for fid in paths}
        cohesive = unit.kind == "squad" and len(figs) > 1
        bases = [(o.id, o.pos, o.radius) for o in game.state.figures.values() if o.alive and o.unit != unit.id]
        legs: list[tuple] = []
        for _ in range(6):
            progress = False
            for f in order:
                line = paths[f.id]
                total = _length(line)
                if total - done[f.id] < self.rules.mm(0.2):
                    continue
                # other bases stop the leg where it touches them (as the move itself does)
                others = bases + [(k, q, game.state.figures[k].radius) for k, q in pos.items() if k != f.id]
                t = done[f.id] + _first_hit(_sub(line, done[f.id], total), f.radius, others)
                while t > done[f.id] + self.rules.mm(0.2):
                    p = _point_at(line, t)
                    if not cohesive or self._keeps_together(f.id, p, pos, coh):
                        break
                    t -= self.rules.mm(0.25)
                else:
                    continue
                leg = _sub(line, done[f.id], t)
                legs.append((pos[f.id], Command("move", side, figure=f.id, path=tuple(leg[1:]))))
                pos[f.id] = leg[-1]
                done[f.id] = t
                progress = True
            if not progress:
                break
        return legs

    @staticmethod
    def _keeps_together(fid: str, p, pos: dict, coh: float) -> bool:
        """After ``fid`` moves to ``p``: it has a squadmate within ``coh`` and nobody who
        had one loses the last."""
        others = {k: v for k, v in pos.items() if k != fid}
        if not any(hypot(p[0] - q[0], p[1] - q[1]) <= coh for q in others.values()):
            return False
        for k, q in others.items():
            had = [j for j, r in pos.items() if j != k and hypot(q[0] - r[0], q[1] - r[1]) <= coh]
            if had == [fid] and hypot(q[0] - p[0], q[1] - p[1]) > coh:
                return False
        return True

    def _afford_path(self, game: Game, fig: Figure, path: list, budget: float) -> list:
        """``path`` (after the figure's position) cut where its move allowance runs out,
        paying the trench and tunnel costs met on the way."""
        if not path:
            return []
        line = [fig.pos] + list(path)
        length, charges = self.rules.terrain_charges(game, line)
        reach, _, _, _ = self.rules.afford(length, charges, budget)
        if reach >= length - 1e-6:
            return list(path)
        reach = max(0.0, reach - self.rules.mm(0.02))
        return _sub(line, 0.0, reach)[1:] if reach > self.rules.mm(0.2) else []

    @staticmethod
    def _along(start, pts: list, budget: float, stop: float) -> list:
        """The polyline from ``start`` through ``pts`` cut at ``budget`` (and ``stop`` short
        of its end)."""
        line = [start] + list(pts)
        total = _length(line[1:], start)
        go = min(budget, total - stop)
        if go <= 1.0:
            return []
        out = []
        done = 0.0
        for a, b in zip(line, line[1:], strict=False):
            seg = hypot(b[0] - a[0], b[1] - a[1])
            if seg <= 1e-9:
                continue
            if done + seg >= go:
                t = (go - done) / seg
                out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
                return out
            out.append(b)
            done += seg
        return out

    # ---- where to go ------------------------------------------------------------------------------------
    def _goal(self, game: Game, side: str, unit: Unit):
        """The objective to take (or the nearest enemy); material carriers first bring
        what they carry to the bridge the engineers are repairing."""
        carry = self._carry_goal(game, side, unit)
        if carry == "hold":
            return None
        if carry is not None:
            return carry
        return self.rules.ai_goal(game, side, self.rules.unit_centre(game, unit.id), unit)

    def _nearest_enemy(self, game: Game, unit: Unit, fighting: bool = False, visible: bool = False) -> Figure | None:
        st = game.state
        figs = self.rules.alive(game, unit.id)
        centre = self.rules.unit_centre(game, unit.id)
        foes = [f for f in st.figures.values() if f.alive and f.side != unit.side]
        if fighting:
            foes = [f for f in foes if self.rules.combatant(f)]
        foes.sort(key=lambda e: (self.rules.dist(centre, e.pos), e.id))
        if visible:
            top = self.rules.mm(self.rules.data.firing.bands[-1].upto)
            with self.rules.fast_sight(game):
                for e in foes:
                    if self.rules.dist(centre, e.pos) > top + self.rules.mm(3):
                        return None
                    if any(self.rules.sees(game, f, e) for f in figs):
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

    def _retreat_point(self, game: Game, unit: Unit):
        """Retreat: away from the nearest enemy; a unit in cover but under half strength
        falls back on the nearest friendly unit not forward of it (further from that
        enemy), when there is one."""
        foe = self._nearest_enemy(game, unit)
        c = self.rules.unit_centre(game, unit.id)
        if foe is not None and self._cover_at(game, c) > 0:
            d0 = self.rules.dist(c, foe.pos)
            friends = [self.rules.unit_centre(game, u.id) for u in game.state.side_units(unit.side)
                       if u.id != unit.id and game.state.unit_alive(u.id)]
            friends = [p for p in friends if self.rules.dist(p, foe.pos) > d0 + self.rules.mm(1)]
            if friends:
                return min(friends, key=lambda p: self.rules.dist(p, c))
        return self._away_point(game, unit)

    def _stop(self, unit: Unit) -> float:
        return self.rules.mm(1.5)

    def _route(self, game: Game, start, goal) -> list:
        """Waypoints from ``start`` to ``goal`` over dry ground: straight, or by the
        complete bridge that makes the shortest way."""
        if self.rules.first_wet(game, [start, goal]) is None:
            return [goal]
        best = None
        for p, q in self._crossings(game):
            for a, b in ((p, q), (q, p)):
                if self.rules.first_wet(game, [b, goal]) is not None:
                    continue
                if self.rules.first_wet(game, [start, b]) is None:
                    cost = self.rules.dist(start, b) + self.rules.dist(b, goal)
                    way = [b, goal]
                elif self.rules.first_wet(game, [start, a]) is None:
                    cost = self.rules.dist(start, a) + self.rules.dist(a, b) + self.rules.dist(b, goal)
                    way = [a, b, goal]
                else:
                    continue
                if best is None or cost < best[0]:
                    best = (cost, way)
        return best[1] if best else [goal]

    def _crossings(self, game: Game) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Complete bridges: (one end, other end), each 1" onto dry land; kept per table."""
        return game.keep("wwai_crossings", (id(game.table), game.table.version), lambda: self._find_crossings(game), limit=1)

    def _find_crossings(self, game: Game) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        out = []
        water = [f.area for f in game.table.features if f.type.id == "water"]
        bridges = [f.area for f in game.table.features if f.type.id == "bridge"]
        if water and bridges:
            wat = shapely.union_all(water)
            union = shapely.union_all(bridges)
            for comp in getattr(union, "geoms", [union]):
                rect = comp.minimum_rotated_rectangle
                cs = list(rect.exterior.coords)[:4]
                sides = [(cs[i], cs[(i + 1) % 4]) for i in range(4)]
                sides.sort(key=lambda s: hypot(s[1][0] - s[0][0], s[1][1] - s[0][1]))
                ends = [((s[0][0] + s[1][0]) / 2, (s[0][1] + s[1][1]) / 2) for s in sides[:2]]
                (px, py), (qx, qy) = ends
                length = hypot(qx - px, qy - py)
                if length < 1e-6:
                    continue
                ux, uy = (qx - px) / length, (qy - py) / length
                one = self.rules.mm(1)
                p = (px - ux * one, py - uy * one)
                q = (qx + ux * one, qy + uy * one)
                if not (game.table.contains(p) and game.table.contains(q)):
                    continue
                if wat.contains(Point(p)) or wat.contains(Point(q)) or not LineString([p, q]).intersects(wat):
                    continue
                if self.rules.first_wet(game, [p, q]) is not None:
                    continue
                out.append((p, q))
        return out

    # ---- engineers and their materials ---------------------------------------------------------------------
    def _bridge_job(self, game: Game, side: str) -> dict | None:
        """The scenario's bridge site this side should repair, or None. It must be
        incomplete, its working end within an engineer's reach from the side's own bank
        (a site is built from its first end, so one whose first end lies across the water
        cannot be started from this bank), the side must have somewhere to go across the
        water that the repair brings nearer, and the materials must be at hand: carried
        by the engineers and by units within 30" on this bank. Returns {site, spot (where
        an engineer works), park (where carriers stand), need (actions of work left)}."""
        if not self.rules.option(game, "engineers"):
            return None
        cache = self._cache(game)
        key = ("bridge", side)
        if key in cache:
            return cache[key]
        cache[key] = None
        st = game.state
        engs = [u for u in st.side_units(side) if st.unit_alive(u.id) and u.kind == "squad"
                and self.rules.engineers_of(game, u) and not u.markers.get("panicked")]
        if not engs:
            return None
        e = self.rules.data.engineers
        reach = self.rules.mm(e.work_reach)
        wet = self.rules.wet_area(game)
        for sid, site in sorted(self.rules.bridge_sites(game).items()):
            line = self.rules.bridge_line(site)
            if site["built"] >= line.length - 1e-3:
                continue
            end = self.rules.bridge_end(site)
            a, b = site["a"], site["b"]
            ux, uy = (b[0] - a[0]) / line.length, (b[1] - a[1]) / line.length
            spot = (b[0] + ux * self.rules.mm(0.15), b[1] + uy * self.rules.mm(0.15))
            park = (b[0] + ux * self.rules.mm(2.15), b[1] + uy * self.rules.mm(2.15))
            if self.rules.dist(spot, end) > reach - 0.1 or (wet is not None and (wet.contains(Point(spot)) or wet.contains(Point(park)))):
                continue
            c = self.rules.unit_centre(game, engs[0].id)
            goal = self.rules.ai_goal(game, side, c, None)
            far = (a[0] - ux * self.rules.mm(1), a[1] - uy * self.rules.mm(1))
            if goal is None or self.rules.first_wet(game, [spot, c]) is not None or self.rules.first_wet(game, [far, goal]) is not None:
                continue
            if self.rules.first_wet(game, [c, goal]) is None:
                continue  # no water between them and their goal
            via = self._route(game, c, goal)
            now = _length(via, c) if len(via) > 1 else float("inf")
            if now <= self.rules.dist(c, spot) + self.rules.dist(spot, goal) + self.rules.mm(6):
                continue
            sections = ceil((line.length - site["built"]) / self.rules.mm(e.section_length) - 1e-6)
            need = sections * e.actions_per_length - site["work"] % e.actions_per_length
            have = 0
            for u in st.side_units(side):
                figs = self.rules.alive(game, u.id)
                if not figs or u.kind == "flyer" or u.markers.get("panicked"):
                    continue
                carry = min(int(u.attrs.get("materials", 0)), sum(e.carry.get(self.rules.category(f), 0) for f in figs))
                uc = self.rules.unit_centre(game, u.id)
                if carry and self.rules.dist(uc, park) <= self.rules.mm(30) and self.rules.first_wet(game, [uc, park]) is None:
                    have += carry
            if have < need:
                continue
            cache[key] = {"site": sid, "spot": spot, "park": park, "need": need, "end": end}
            return cache[key]
        return None

    def _engineer_cmds(self, game: Game, side: str, unit: Unit, order: str, n: int, memo: dict) -> Iterable[Command] | None:
        """Engineers fix an immobile friendly vehicle at hand, and repair the bridge their
        side needs: go to the working end (Advance, Close, Attack), build when materials
        are at hand, wait there for the carriers. None: nothing but their orders."""
        if unit.kind != "squad" or not self.rules.option(game, "engineers") or order in ("retreat", "rout"):
            return None
        engs = self.rules.engineers_of(game, unit)
        if not engs:
            return None
        st = game.state
        moved = "move" in unit.markers.get("acts", [])
        for v in sorted(st.side_units(side), key=lambda u: u.id):
            if v.kind == "vehicle" and st.unit_alive(v.id) and self.rules.immobile(game, v):
                cmd = Command("fix", side, unit=unit.id, target=v.id, value=n)
                if game.check(cmd) is None:
                    return [cmd]
                vf = self.rules.alive(game, v.id)[0]
                if order != "halt" and not moved and min(self.rules.dist(f.pos, vf.pos) for f in engs) <= self.rules.mm(14):
                    return self._move_cmds(game, side, unit, vf.pos, n, memo, stop=vf.radius + self.rules.mm(0.6),
                                           first={f.id for f in engs})
        job = self._bridge_job(game, side)
        if job is None:
            return None
        cmd = Command("build", side, unit=unit.id, choice=job["site"], value=n)
        if game.check(cmd) is None:
            return [cmd]
        if min(self.rules.dist(f.pos, job["end"]) for f in engs) <= self.rules.mm(self.rules.data.engineers.work_reach):
            return []  # at work, waiting for the materials: hold (and fire)
        if order == "halt" or moved:
            return None
        return self._move_cmds(game, side, unit, job["spot"], n, memo, first={f.id for f in engs})

    def _carry_goal(self, game: Game, side: str, unit: Unit):
        """Where a unit carrying bridging materials goes: beside the bridge the side's
        engineers repair, while the materials there fall short ("hold": it is there)."""
        mats = int(unit.attrs.get("materials", 0))
        if mats <= 0 or unit.kind == "flyer" or self.rules.engineers_of(game, unit):
            return None
        job = self._bridge_job(game, side)
        if job is None:
            return None
        e = self.rules.data.engineers
        end = job["end"]
        have = sum(k for u, k in self.rules.materials_near(game, side, end) if u.id != unit.id)
        engineers_own = sum(min(int(u.attrs.get("materials", 0)), len(self.rules.alive(game, u.id)))
                            for u in game.state.side_units(side) if self.rules.engineers_of(game, u))
        if have + engineers_own >= job["need"] and any(self.rules.dist(f.pos, end) <= self.rules.mm(e.work_reach) + 1
                                                       for u in game.state.side_units(side) for f in self.rules.engineers_of(game, u)):
            return None
        if any(self.rules.dist(f.pos, end) <= self.rules.mm(e.materials_reach) + f.radius for f in self.rules.alive(game, unit.id)):
            return "hold"
        c = self.rules.unit_centre(game, unit.id)
        if self.rules.dist(c, job["park"]) > self.rules.mm(30) or self.rules.first_wet(game, [c, job["park"]]) is not None:
            return None
        return job["park"]

    # ==== little helpers =====================================================================================
    def _cache(self, game: Game) -> dict:
        """Scratch values for the current moment (cleared after any command or event)."""
        key = game.version
        c = game.kept.get("wwai_cache")
        if c is None or c[0] != key:
            c = (key, {})
            game.kept["wwai_cache"] = c
        return c[1]

    def _plan_key(self, game: Game, unit: Unit, n: int) -> tuple:
        return (game.state.turn, self.rules.activation_key(game), "move", unit.id, n)

    def _cover_at(self, game: Game, p) -> float:
        return max((COVER_VALUE.get(ft.type.id, 0.0) for ft in game.table.features_at(p)), default=0.0)

    def _holds_cover(self, game: Game, unit: Unit) -> bool:
        """Retreat: a unit in cover with at least half its strength may stay."""
        figs = game.state.unit_figures(unit.id, alive_only=False)
        alive = [f for f in figs if f.alive]
        covered = sum(1 for f in alive if self._cover_at(game, f.pos) > 0)
        return covered * 2 > len(alive) and len(alive) * 2 >= len(figs)



def _prod(xs) -> float:
    out = 1.0
    for x in xs:
        out *= x
    return out


def _point_at(line: list, t: float):
    done = 0.0
    for a, b in zip(line, line[1:], strict=False):
        seg = hypot(b[0] - a[0], b[1] - a[1])
        if seg > 1e-9 and done + seg >= t:
            u = (t - done) / seg
            return (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)
        done += seg
    return line[-1]


def _sub(line: list, t0: float, t1: float) -> list:
    """The part of the polyline from arclength t0 to t1."""
    out = [_point_at(line, t0)]
    done = 0.0
    for a, b in zip(line, line[1:], strict=False):
        done += hypot(b[0] - a[0], b[1] - a[1])
        if t0 + 1e-9 < done < t1 - 1e-9:
            out.append(b)
    out.append(_point_at(line, t1))
    return out


def _first_hit(line: list, r: float, others: list) -> float:
    """Distance along ``line`` at which a base of radius ``r`` first touches one of
    ``others`` [(id, centre, radius)] (bases touching at the start do not count); the
    whole length when it touches none."""
    best = _length(line)
    travelled = 0.0
    start = line[0]
    live = [(q, r + rq - 0.01) for _, q, rq in others if hypot(start[0] - q[0], start[1] - q[1]) >= r + rq - 0.01]
    for a, b in zip(line, line[1:], strict=False):
        dx, dy = b[0] - a[0], b[1] - a[1]
        seg = hypot(dx, dy)
        if seg <= 1e-9:
            continue
        for q, rr in live:
            fx, fy = a[0] - q[0], a[1] - q[1]
            bq = fx * dx + fy * dy
            c = fx * fx + fy * fy - rr * rr
            disc = bq * bq - seg * seg * c
            if disc < 0:
                continue
            u = (-bq - disc ** 0.5) / (seg * seg)
            if 0.0 <= u <= 1.0:
                best = min(best, travelled + u * seg - 0.02)
        travelled += seg
        if travelled >= best:
            break
    return max(0.0, best)


def _length(pts: list, start=None) -> float:
    line = ([start] if start is not None else []) + list(pts)
    return sum(hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(line, line[1:], strict=False))
