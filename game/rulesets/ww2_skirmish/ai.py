"""How the solo AI carries out its orders in WW2 Skirmish (mixed into
:class:`game.rulesets.ww2_skirmish.ruleset.Ww2Skirmish`).

The solo chart gives each fire team an order; these methods turn it into this ruleset's
commands, working only from what the side may know (spotted enemies, the objectives):

- every team first removes its suppression when it has any (it can neither fire nor
  move more than 2" while suppressed), unless it is routing;
- Halt: fire, each figure taking the shot with the best expected effect per action
  (d20 chance from the shot's own band and shifts, times the fire-effect table);
- Advance: one move action toward the objective or the nearest known enemy (the text's
  "half speed") in dispersed order (a line abreast, bases 1.2" apart), then fire; Close and Attack: both move actions toward the nearest known
  enemy (melee follows by itself within 1"), firing with what is left;
- Retreat (ai_chart.py): one move toward the nearest cover further from every known
  enemy, else away from the nearest; a team in cover stays with half its strength, else
  falls back on the nearest friendly unit not forward of it; then fire. A Halt after
  falling back (up to RF0, 5-6) first goes to the nearest cover facing the last known
  enemy; Rout: both moves toward the home edge,
  no fire;
- tripod MGs, mortars and AT guns (the solo rules' support weapons) halt and fire
  instead of advancing or attacking; they retreat and rout as ordered. A bipod LMG team
  is an ordinary fire team;
- before any team moves or fires, every team that will not move forward this turn (a
  Halt, a Retreat, a support weapon, a defender in its position) tries to spot (free, once
  a figure a turn); a team ordered forward looks after its move, from nearer;
- when nothing is known to shoot at, figures try to spot first;
- vehicles by their AFV order: Advance moves up then fires, Halt fires, Manoeuvre fires
  when it has a target, else moves up (a defender's tank not while it sees a known
  enemy), Retreat moves back, Bale out abandons the vehicle; main guns and anti-tank
  weapons prefer the enemy's AFVs and guns;
- reaction fire (the other side's turn): shoot when the best shot's expected effect is
  worth it, else hold fire for the rest of that enemy turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import hypot
from typing import TYPE_CHECKING

from game.core.commands import Command, Refusal
from game.core.game import Game
from game.core.state import Figure, Unit
from game.rulesets.movement import clamp_to_table
from game.rulesets.ww2_skirmish.ai_afv import vehicle_orders
from game.rulesets.ww2_skirmish.ai_chart import Ww2ChartMoves
from game.rulesets.ww2_skirmish.fire import shot_name
from game.rulesets.ww2_skirmish.odds import no_effect
from game.rulesets.ww2_skirmish.options import Ww2Options, options, tie_key
from game.rulesets.ww2_skirmish.status import Ww2FigMark, Ww2UnitMark
from game.solo.goals import defends, hold_objectives
from game.solo.keys import SoloKey
from game.solo.tables import FORWARD

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish

# what a fire-effect result is worth to the firer (a suppression stops a team for a turn)
EFFECT_WORTH = {"suppressed": 0.35, "wounded": 0.7, "disabled": 0.95, "killed": 1.0, "flamer": 1.0}
REACT_AT = 0.12  # the least expected effect worth a reaction shot (it reveals the firer)


class Ww2Planner(Ww2ChartMoves):
    """The solo AI's planner for WW2 Skirmish."""

    rules: Ww2Skirmish

    # ---- choices on the other side's turn ------------------------------------------------------------------
    def decide(self, game: Game, side: str, options: list[tuple[str, Command]]) -> Command | None:
        fires = [c for _, c in options if c.kind in ("fire", "fire_team", "volley", "fire_gun", "fire_at", "blast", "flame")]
        holds = [c for _, c in options if c.kind == "hold_fire"]
        if not fires:
            return None
        worth = {c: self.shot_worth(game, c) for c in fires}  # (each weighed once)
        best = max(fires, key=lambda c: (worth[c], tie_key(c)))
        if worth[best] >= REACT_AT or not holds:
            return best
        return next((c for c in holds if c.choice == "turn"), holds[0])

    # ---- orders on its own turn ----------------------------------------------------------------------------
    def side_commands(self, game: Game, side: str) -> list[Command]:
        """Before any team moves or fires, every team that will not move forward this
        turn spots (it costs no action, and each figure looks once a turn): one that
        waits for its turn in the order is shot at meanwhile by enemies it never saw. A
        team ordered forward looks after its move, from nearer."""
        st = game.state
        if side != st.active_side or st.phase != "action":
            return []
        out = []
        for u in self.rules.solo_units(game, side):
            order = u.markers.get(SoloKey.ORDER, "halt")
            if order == "rout" or self.rules.routing(u):
                continue
            spot = self.spot_orders(game, side, u)
            if spot and (order not in FORWARD or self.stays(game, u)):
                out += spot
        return out

    def stays(self, game: Game, unit: Unit) -> bool:
        """Whether a team ordered forward stays where it is all the same: a support
        weapon or an AT gun (which halt and fire instead), or a defender in its position."""
        prof = self.rules.profile(game, unit)
        return prof.support_weapon or prof.at_gun or self.rules.holds_position(game, unit)

    def unit_commands(self, game: Game, side: str, unit: Unit, memo: dict) -> Iterator[Command]:
        """The team's commands, best first. A generator: the costly list of shots is
        worked out only when the player asks past the commands before it. A suppressed team
        tries to remove its suppression last, once it has moved: solo forces "calculate any
        shooting they do, remove their suppression" (L40), in that order."""
        st = game.state
        if side != st.active_side or st.phase != "action" or not st.unit_alive(unit.id):
            return
        yield from self.orders(game, side, unit)
        if self.rules.suppression(unit) and not self.rules.routing(unit):
            spent = sum(f.markers.get(Ww2FigMark.USED, 0) for f in game.state.unit_figures(unit.id))
            yield Command("remove_suppression", side, unit=unit.id, value=spent)

    def orders(self, game: Game, side: str, unit: Unit) -> Iterator[Command]:
        """The team's moves and shots by its solo order, best first."""
        order = unit.markers.get(SoloKey.ORDER, "halt")
        v = self.rules.unit_vehicle(game, unit.id)
        if v is not None:
            yield from self._vehicle_orders(game, side, unit, v, order)
            return
        if self.rules.routing(unit):
            return
        prof = self.rules.profile(game, unit)
        moves = unit.markers.get(Ww2UnitMark.MOVE_N, 0)

        def fire() -> Iterator[Command]:
            if order != "rout" and not self.rules.suppression(unit):  # (suppressed: no fire)
                yield from self.fire_orders(game, side, unit)

        if order != "rout" and not defends(game, side):
            yield from self.smoke_orders(game, side, unit, self.rules.known_enemies(game, side))
        if (prof.support_weapon or prof.at_gun) and order not in ("retreat", "rout"):
            # "Support weapons on tripods, AT guns etc will halt and fire if possible
            # instead" (of Advance and Attack only): Retreat and Rout are carried out, and a
            # tripod MG or mortar falling back halts in the nearest cover (a gun stays put)
            if order == "halt" and not prof.at_gun and moves < 2 and self.rules.formation.team_may_move(game, unit) and \
                    (cover := self.halt_cover_point(game, unit)) is not None:
                yield self.move_to(side, unit, cover)
            yield from self.spot_orders(game, side, unit)
            yield from fire()
            return
        home = self.home_point(game, side, unit)
        foes = self.rules.known_enemies(game, side)
        if order == "rout":
            yield self.move_to(side, unit, home)
            return
        goal = self.rules.listing.goal_point(game, side, self.centre(game, unit))
        spot = self.spot_orders(game, side, unit)  # spotting costs no action: look first

        if order == "retreat":
            if moves == 0 and self.rules.formation.team_may_move(game, unit):
                kind, away = self.retreat_point(game, side, unit, foes)
                if away is not None and kind == "cover":
                    yield self.move_to(side, unit, away)
                elif away is not None:
                    yield self.covered_move(game, side, unit, away, foes) or self.move_to(side, unit, away)
        elif order == "halt" and moves < 2 and self.rules.formation.team_may_move(game, unit) and \
                (cover := self.halt_cover_point(game, unit)) is not None:
            yield self.move_to(side, unit, cover)  # falling back: halt in the nearest cover
        elif order in FORWARD and self.rules.holds_position(game, unit):
            pass  # the solo chart: units "will not move from fortified positions they are defending"
        elif order in ("attack", "close"):
            c = self.centre(game, unit)
            near = min(foes, key=lambda e: hypot(e.x - c[0], e.y - c[1])) if foes else None
            target = near.pos if near is not None else goal
            if not self.in_contact(game, unit) and moves < 2 and self.rules.formation.team_may_move(game, unit):
                # Attack: "close with the nearest enemy unit at full speed and charge them if in
                # reach" (L290): straight at it, every move its full length; the chart's "move
                # towards the nearest visible enemy" (close) picks its cover on the way
                step = self.move_to(side, unit, target) if order == "attack" else self.covered_move(game, side, unit, target, foes)
                if step is not None:
                    yield step
        elif order == "advance" and moves == 0 and not self.holds_objective(game, side, unit):
            yield from spot
            # fire first when a good shot is there (shots need the actions a move also spends)
            shots = list(fire())
            worth = self.shot_worth(game, shots[0]) if shots else 0.0
            # (a team that may not move at all stays and shoots: no move is weighed for it)
            step = self.covered_move(game, side, unit, goal, foes, stay_ok=worth >= 0.15) if self.rules.formation.team_may_move(game, unit) else None
            if step is None:
                yield from shots
                return
            steps = self.dispersed(game, step)  # "at half speed in dispersed order"
            if worth >= 0.25:
                yield from shots[:1]
                yield from steps
            else:
                yield from steps
                yield from shots
            return
        yield from spot
        yield from fire()

    def move_to(self, side: str, unit: Unit, point: tuple[float, float]) -> Command:
        return Command("move_unit", side, unit=unit.id, point=(round(point[0], 2), round(point[1], 2)), value=unit.markers.get(Ww2UnitMark.MOVE_N, 0))

    def covered_move(self, game: Game, side: str, unit: Unit, goal: tuple[float, float],
                     foes: list[Figure], stay_ok: bool = False) -> Command | None:
        """A move toward ``goal`` (one action, up to 6") ending where the fewest known
        enemies see the team in the open, then with the best cover, then with the most
        progress. With ``stay_ok`` (an advance with a shot worth taking from where it
        stands) a team under fire with nowhere covered to go stays (None): crossing open
        ground under fire needs a morale test, and a failure stops the move anyway."""
        cx, cy = self.centre(game, unit)
        d = hypot(goal[0] - cx, goal[1] - cy)
        if d < self.rules.mm(1):
            return self.move_to(side, unit, goal)
        watchers = [e for e in foes if self.rules.on_table(e)]
        # the same question is asked at every command of the turn until the team moves
        key = (cx, cy, goal, tuple(e.pos for e in watchers), id(game.table), game.table.version)
        best = game.keep("covered_moves", key, lambda: self.best_covered_point(game, (cx, cy), goal, watchers), limit=2000)
        if best[0][0] < 0 and self.rules.under_fire(game, unit) and stay_ok:
            return None
        return self.move_to(side, unit, best[1])

    def best_covered_point(self, game: Game, centre: tuple[float, float], goal: tuple[float, float],
                           watchers: list[Figure]) -> tuple[tuple[int, int, float], tuple[float, float]]:
        """((-exposed, least cover, progress), point) of the best of 15 points one move
        toward the goal, seen from the watching enemies."""
        from math import atan2, cos, radians, sin

        cx, cy = centre
        d = hypot(goal[0] - cx, goal[1] - cy)
        sight = self.rules.spotting.sight_range()
        reach = min(d, self.rules.mm(self.rules.data.movement.normal))
        base = atan2(goal[1] - cy, goal[0] - cx)
        cands = [clamp_to_table(game, (cx + cos(base + radians(turn)) * reach * frac, cy + sin(base + radians(turn)) * reach * frac))
                 for turn in (0, -25, 25, -50, 50) for frac in (1.0, 0.6, 0.3)]
        pairs = [(k, e.pos) for k, p in enumerate(cands) for e in watchers if hypot(e.x - p[0], e.y - p[1]) <= sight]
        visible, cover = self.rules.sight_pairs(game, [e for _, e in pairs], [cands[k] for k, _ in pairs])
        exposed = [0] * len(cands)
        least_cover = [2] * len(cands)
        for (k, _), vis, cov in zip(pairs, visible, cover, strict=True):
            if vis:
                exposed[k] += int(cov == 0)
                least_cover[k] = min(least_cover[k], int(cov))
        best = None
        for k, p in enumerate(cands):
            progress = d - hypot(goal[0] - p[0], goal[1] - p[1])
            score = (-exposed[k], least_cover[k], progress)
            if best is None or score > best[0]:
                best = (score, p)
        assert best is not None
        return best

    def away_point(self, game: Game, unit: Unit, foes: list[Figure], home: tuple[float, float]) -> tuple[float, float]:
        cx, cy = self.centre(game, unit)
        if not foes:
            return home
        e = min(foes, key=lambda f: hypot(f.x - cx, f.y - cy))
        d = hypot(cx - e.x, cy - e.y) or 1.0
        away = (cx + (cx - e.x) / d * self.rules.mm(6), cy + (cy - e.y) / d * self.rules.mm(6))
        # between straight away and the home edge
        return clamp_to_table(game, ((away[0] + home[0]) / 2, (away[1] + home[1]) / 2))

    def holds_objective(self, game: Game, side: str, unit: Unit) -> bool:
        objs = hold_objectives(game, side)
        return any(hypot(f.x - o["x"], f.y - o["y"]) <= o["radius"] for o in objs for f in self.rules.fighters(game, unit.id))

    def in_contact(self, game: Game, unit: Unit) -> bool:
        return any(self.rules.in_melee(game, f) for f in self.rules.fighters(game, unit.id))

    def smoke_orders(self, game: Game, side: str, unit: Unit, foes: list[Figure]) -> list[Command]:
        """An attacker's smoke: a mortar or rifle grenade with smoke rounds blinds the
        most dangerous spotted enemy in reach (a belt-fed MG, else a figure in a bunker)
        that no smoke covers yet."""
        st = game.state
        out: list[Command] = []
        smokers = [(f, wid) for f in st.unit_figures(unit.id) if f.alive and not self.rules.embarked(f)
                   for wid, w in self.rules.weapons_of(f, "mortar", "rifle_grenade") if "smoke" in (w.rounds or [])]
        if not smokers:  # (most teams: the enemies are not weighed)
            return out
        radius = self.rules.mm(self.rules.data.blast.smoke_diameter) / 2
        danger = [e for e in foes if self.rules.on_table(e) and (
            any(w.category == "mg" and w.belt_fed for _, w in self.rules.weapons_of(e)) or self.rules.in_bunker(game, e))]
        danger = [e for e in danger if not any(c.type == "smoke" and hypot(c.x - e.x, c.y - e.y) <= radius for c in st.clouds.values())]
        for f, wid in smokers:
            for e in sorted(danger, key=lambda e: (hypot(e.x - f.x, e.y - f.y), e.id)):
                out.append(Command("blast", side, figure=f.id, point=(round(e.x, 2), round(e.y, 2)),
                                   options=options(weapon=wid, round="smoke")))
                break
        return out

    def spot_orders(self, game: Game, side: str, unit: Unit) -> list[Command]:
        """Every figure of the team that may still look does (it costs no action)."""
        return [Command("spot", side, unit=unit.id)] if self.rules.spotting.spotters(game, unit.id) else []

    # ---- fire ----------------------------------------------------------------------------------------------
    def fire_orders(self, game: Game, side: str, unit: Unit) -> list[Command]:
        """Every shot the team's figures can take at known enemies, best expected effect
        per action first."""
        shooters = [f for f in game.state.unit_figures(unit.id) if f.alive and self.rules.listing.may_shoot_cheap(game, f)]
        targets = self.rules.listing.known_units(game, side) if shooters else []
        if not targets:
            return []
        self.rules.prefetch_sight(game, shooters, [m for t in targets for m in game.state.unit_figures(t) if m.alive])
        scored = []
        for f in shooters:
            for c in self.rules.reactions.fire_candidates(game, side, f, targets):
                worth = self.shot_worth(game, c)
                if worth > 0:
                    used = f.markers.get(Ww2FigMark.USED, 0)
                    scored.append((worth / max(1, self.shot_cost(c)), Command(c.kind, c.side, unit=c.unit, figure=c.figure, target=c.target,
                                                                               point=c.point, choice=c.choice, options=c.options, value=used)))
        scored.sort(key=lambda t: (-t[0], t[1].figure or "", tie_key(t[1])))
        return [c for _, c in scored]

    def shot_cost(self, cmd: Command) -> int:
        if cmd.kind == "fire":
            sh = self.rules.data.shooting
            return sh.shot_types[shot_name(sh, Ww2Options.of(cmd).shot or "unaimed")].actions
        return 2

    def shot_worth(self, game: Game, cmd: Command) -> float:
        """Expected effect of one shot (0 when it cannot be taken or cannot hit)."""
        try:
            if cmd.kind == "fire":
                s = self.rules.firing.shot_plan(game, cmd.figure, cmd.target, Ww2Options.of(cmd), strict=True)
                if s.need is None and not s.auto:
                    return 0.0
                if s.vehicle is not None:
                    return 0.0  # small arms rattle off vehicles: a hit in three makes a damage roll at most
                p = 1.0 if s.auto or s.need is None else max(0, 21 - s.need) / 20
                return p * self.effect_worth(sum(v for _, v in s.effect_mods))
            if cmd.kind in ("fire_gun", "fire_at", "blast", "flame"):
                if game.check(cmd) is not None:
                    return 0.0
                hit = self.rules.odds_part.effect_chance(game, cmd)
                if hit is None:
                    hit = float(sum(v for k, v in self.rules.odds(game, cmd).outcomes.probs.items() if not no_effect(k)))
                tgt = game.state.figures.get(cmd.target or "")
                armour = tgt is not None and (self.rules.is_vehicle(tgt) or self.rules.is_gun(tgt))
                return hit * (1.5 if armour else 0.8)
        except Refusal:
            return 0.0
        return 0.0

    def effect_worth(self, mod: int) -> float:
        t = self.rules.data.fire_effect.table
        return sum(EFFECT_WORTH.get(t.result(face + mod), 0.0) for face in range(1, 7)) / 6

    # ---- vehicles ------------------------------------------------------------------------------------------
    def _vehicle_orders(self, game: Game, side: str, unit: Unit, v: Figure, order: str) -> Iterator[Command]:
        """A vehicle's commands by its AFV order (game/rulesets/ww2_skirmish/afv_orders.py),
        best first (the shots worked out only when asked for)."""
        yield from vehicle_orders(self, game, side, unit, v, order)
