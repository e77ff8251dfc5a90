"""What a WWIFY unit is for the solo rules (they are rules: they run in every game,
whoever plays): its profile for the risk factors, the AFV points of vehicles and flyers,
what counts as fire from "mortars, flame or AFVs", who a loss is credited to, and close
combat putting both sides under fire. Sight for these (and for fire) is read from the
kept sight matrix where that is the same answer.

A chapter of :class:`game.rulesets.wwify.ruleset.Wwify` (it reads the rest through ``self.rules``).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import contextmanager
from math import hypot
from typing import TYPE_CHECKING

from game.core.commands import Command
from game.core.game import Game
from game.core.state import CAPTURED, DEAD, DESTROYED, FLED, Figure, Unit
from game.geometry.collider import Collider
from game.rulesets.parts import Chapter
from game.rulesets.sight import KeptSight
from game.rulesets.wwify.data import SUPPORT_KINDS
from game.rulesets.wwify.status import WwifyUnitMark
from game.solo.keys import SoloKey
from game.solo.orders import SoloMixin
from game.solo.retreat import flee_vector, surrounded
from game.solo.risk_reading import behind_flank, last_firer
from game.solo.tables import FORWARD, Profile, cover_class, solo_tables

if TYPE_CHECKING:
    from game.rulesets.wwify.ruleset import Wwify

HEAVY_FIRE_KINDS = ("mortar", "field_gun", "vehicle", "flyer")  # units whose fire counts as "mortars, flame or AFVs"
NO_NCO_KINDS = ("large_creature", "vehicle", "flyer")  # lone models without the "+1 no NCO" (solo-support)


class WwSoloView(Chapter["Wwify"]):
    # ==== what a unit is for the solo rules ====================================================
    rules: Wwify

    def routed(self, game: Game, unit: Unit) -> bool:
        """Panicked, for the solo rules' risk factors."""
        return bool(unit.markers.get(WwifyUnitMark.PANICKED))

    def profile(self, game: Game, unit: Unit) -> Profile:
        figs = game.state.unit_figures(unit.id, alive_only=False)
        alive = [f for f in figs if f.alive]
        kind = unit.kind
        if kind == "large_creature":
            top = self.rules.data.firing.large_creature_wounds
            lost = 1.0 if not alive else min(1.0, sum(f.wounds for f in figs) / top)
        else:  # "Soldiers that flee the table don't count as casualties" (L275): the dead and captured do
            lost = sum(1 for f in figs if f.life in (DEAD, CAPTURED, DESTROYED)) / len(figs) if figs else 0.0
        officer = any(self.rules.troop(f).role == "officer" for f in alive)
        afv = kind in ("vehicle", "flyer")
        return Profile(
            routing=self.rules.routed(game, unit),
            retiring=unit.markers.get(SoloKey.ORDER) in ("retreat", "rout", "bale_out"),
            support_weapon=kind in SUPPORT_KINDS,
            at_gun=kind == "field_gun",
            vehicle=afv,
            command=False,  # WWIFY has no command groups: officers lead squads
            one_action=kind == "field_gun",
            # an officer leads a squad; gun teams need none, nor a large creature, vehicle or
            # flyer; a sniper does, as WW2 Skirmish's sniper team (interpretation solo-support)
            has_nco=officer or kind in NO_NCO_KINDS or kind in SUPPORT_KINDS,
            damaged_fraction=lost,
            officer=officer,
            damaged=bool(self.rules.immobile(game, unit) or unit.markers.get(WwifyUnitMark.WINGED)) if afv else False,
        )

    def afv_situation(self, game: Game, unit: Unit) -> dict[str, int]:
        """The AFV points of a vehicle or flyer: advancing (its last order), friendly
        infantry within 6", damaged (immobilised, broken down; a flyer winged), under fire
        from weapons that can hurt it (only those may fire at it) or artillery, an enemy
        in sight behind the line across its front, no friend within 12" in sight, no main
        armament (a vehicle's gun that can hurt vehicles; a flyer's weapon), no weapon."""
        with self.fast_sight(game):
            return self._afv_points(game, unit)

    def _afv_points(self, game: Game, unit: Unit) -> dict[str, int]:
        st = game.state
        figs = self.rules.alive(game, unit.id)
        if not figs:
            return {}
        v = figs[0]
        tb = solo_tables()
        last = unit.markers.get(SoloKey.ORDER) or self.rules.initial_order(game, unit)
        friends = [f for f in st.figures.values() if f.alive and f.side == unit.side and f.unit != unit.id]
        enemies = [f for f in st.figures.values() if f.alive and f.side != unit.side]
        infantry = any(self.rules.fighting.category(f) in ("infantry", "cavalry") and self.rules.apart(f, v) <= tb.dist_mm("afv_infantry")
                       for f in friends)
        damaged = int(bool(unit.markers.get(WwifyUnitMark.IMMOBILISED))) + int(bool(unit.markers.get(WwifyUnitMark.BROKEN_DOWN)))
        if unit.kind == "flyer":
            damaged = int(bool(unit.markers.get(WwifyUnitMark.WINGED)))
        top = self.rules.mm(self.rules.data.firing.bands[-1].upto)
        seen = [e for e in enemies if self.rules.apart(e, v) <= top + 1e-6 and self.rules.fighting.sees(game, v, e)]
        flank = behind_flank(v, seen)
        near = [f for f in friends if self.rules.apart(f, v) <= tb.dist_mm("afv_friends")]
        alone = not any(self.rules.fighting.sees(game, v, f) for f in near)
        weapons = [self.rules.data.weapons[w] for w in v.weapons]
        main = any(w.vs_vehicles for w in weapons) if unit.kind == "vehicle" else bool(weapons)
        return {
            "advancing": int(last == "advance"),
            "infantry_near": int(infantry),
            "damaged": min(damaged, 1),
            "under_at_fire": int(bool(self.rules.recent(game, unit, SoloKey.FIRED_ON))),
            "flanked": int(flank),
            "alone": int(alone),
            "no_main_gun": int(not main),
            "no_weapons": int(not weapons),
        }

    def apply_solo_orders(self, game: Game, cmd: Command) -> None:
        """The solo orders, plus what the chart said before a support weapon's Advance or
        Attack became a Halt ("halt and fire if possible instead": with nothing to fire
        at, the team carries the Advance out). A unit a chart Rout panicked rallies when
        its next chart result is not a Rout (interpretation chart-rout)."""
        unit = game.state.units[cmd.unit_id]
        before = len(game.log)
        chart_routed = SoloKey.CHART_ROUT in unit.markers
        SoloMixin.apply_solo_orders(self.rules, game, cmd)
        if chart_routed and unit.markers.get(SoloKey.ORDER) != "rout" and game.state.unit_alive(unit.id):
            unit.markers.pop(SoloKey.CHART_ROUT, None)
            unit.markers.pop(WwifyUnitMark.PANICKED, None)
            game.emit("morale", f"{unit.name} rallies: its chart result is no longer a Rout.", units=[unit.id])
        unit.markers.pop(WwifyUnitMark.SOLO_CHART, None)
        if unit.kind in SUPPORT_KINDS and unit.markers.get(SoloKey.ORDER) == "halt":
            rolls = [e.roll for e in game.log.events[before:] if e.kind == "roll" and e.roll is not None]
            if rolls:
                res = solo_tables().chart_row(unit.markers.get(SoloKey.RISK, 0)).results[rolls[-1].value - 1]
                if res in FORWARD:
                    unit.markers[WwifyUnitMark.SOLO_CHART] = res

    def chart_rout(self, game: Game, unit: Unit) -> None:
        """A chart Rout is this ruleset's panic (no action, no fire or fight): the unit
        at once runs one Move allowance plus 5 cm straight away from the nearest enemy its
        side knows of, then runs for its edge on its card from the next turn on, until its
        next chart result is not a Rout. Surrounded, it surrenders (its figures are
        captured). Vehicles and flyers dice on the AFV chart (no Rout)."""
        r = self.rules
        figs = r.alive(game, unit.id)
        if not figs or unit.kind in ("vehicle", "flyer") or (unit.markers.get(WwifyUnitMark.PANICKED) and SoloKey.CHART_ROUT not in unit.markers):
            return  # (panicked by its morale test: it runs on its card)
        tb = solo_tables()
        known = [e.pos for e in r.known_enemies(game, unit.side)]
        centre = r.unit_centre(game, unit.id)
        if surrounded(centre, known, tb.dist_mm("surround_reach")):
            game.emit("morale", f"{unit.name} routs but is surrounded: it surrenders.", units=[unit.id])
            for f in figs:
                r.fighting.kill(game, f, "surrenders, surrounded", capture=True, saveable=False)
            return
        unit.markers[WwifyUnitMark.PANICKED] = True
        unit.markers[SoloKey.CHART_ROUT] = game.state.turn
        game.emit("morale", f"{unit.name} routs (solo chart): it runs from the nearest enemy and may not fire or fight.", units=[unit.id])
        w, h = game.table.width, game.table.height
        collider = Collider(game.table, [(f.id, f.pos, f.radius) for f in game.state.figures.values() if f.alive])
        reach = max(r.allowance(game, unit, f) for f in figs) + tb.dist_mm("rout_extra")
        vx, vy = flee_vector(centre, known, reach, r.home_edge_point(game, figs[0]))
        for f in sorted(figs, key=lambda f: (-(f.x * vx + f.y * vy), f.id)):
            budget = r.allowance(game, unit, f) + tb.dist_mm("rout_extra")
            goal = (f.x + vx, f.y + vy)
            inside = (min(max(goal[0], f.radius), w - f.radius), min(max(goal[1], f.radius), h - f.radius))
            plan = r.moving.plan_ground(game, f, [inside], budget, False, collider)
            r.orders.place(game, f, plan)
            collider.move_figure(f.id, plan.path[-1])
            if inside != goal and r.dist(f.pos, inside) < 1e-3:
                f.life = FLED
                game.emit("status", f"{f.name} of {unit.name} flees off the table.", figures=[f.id], units=[unit.id])
        if not game.state.unit_alive(unit.id):
            unit.markers[WwifyUnitMark.GONE] = True
            game.emit("status", f"{unit.name} has left the table.", units=[unit.id])

    # ==== bookkeeping for the risk factors =======================================================
    def note_fire(self, game: Game, target_unit: str, firer_unit: str | None, firers: int,
                  heavy: bool = False, figures: Sequence[str] = ()) -> None:
        """Fire counts as "mortars, flame or AFVs" when it comes from a mortar, field gun,
        vehicle or flyer, or from a squad whose flamethrower reaches the target (8")."""
        st = game.state
        if firer_unit in st.units and target_unit in st.units:
            fu = st.units[firer_unit]
            heavy = fu.kind in HEAVY_FIRE_KINDS
            flames = [f for f in self.rules.alive(game, fu.id) if any(self.rules.data.weapons[w].flame for w in f.weapons)]
            reach = self.rules.mm(self.rules.data.firing.bands[1].upto)
            if flames and any(self.rules.apart(f, t) <= reach + 1e-6 for f in flames for t in self.rules.alive(game, target_unit)):
                heavy = True
        SoloMixin.note_fire(self.rules, game, target_unit, firer_unit, firers, heavy, figures)

    def note_losses(self, game: Game, victim_unit: str, n: int, by_unit: str | None) -> None:
        """A loss is credited to the unit that last fired at (or fought) the victim this
        turn: the casualty jobs run after the fire or combat that caused them."""
        SoloMixin.note_losses(self.rules, game, victim_unit, n, by_unit or last_firer(game, victim_unit))

    # ==== sight, fast =====================================================================================
    def _sight(self, game: Game) -> KeptSight:
        """Sight between every pair of figures in action: the ruleset's kept sight matrix
        (the same answers as line_of_sight), brought up to date for the figures that
        moved, fell or came on."""
        return self.rules.kept_sight(game, [f for f in game.state.figures.values() if f.alive])

    @contextmanager
    def fast_sight(self, game: Game):
        """While the AI estimates (and the solo rules look around), :meth:`sees` reads the
        sight matrix when that is the same answer: no smoke on the table (flyers then see
        and are seen by everything)."""
        smoke = any(c.type == "smoke" for c in game.state.clouds.values())
        outer = game.kept.get("wwai_fast")
        game.kept["wwai_fast"] = None if smoke else self._sight(game)
        try:
            yield
        finally:
            game.kept["wwai_fast"] = outer

    def _sees(self, game: Game, figs: list[Figure], others: list[Figure], reach: float | None = None) -> list[Figure]:
        """The solo rules' "in sight" (line of sight between the figures), from the matrix."""
        sight = self._sight(game)
        idx = sight.rows
        if any(f.id not in idx for f in figs) or any(o.id not in idx for o in others):
            return SoloMixin._sees(self.rules, game, figs, others, reach)
        mine = [idx[f.id] for f in figs]
        seen = []
        for o in others:
            j = idx[o.id]
            for f, i in zip(figs, mine, strict=True):
                if reach is not None and self.rules.apart(f, o) > reach + 1e-6:
                    continue
                if sight.matrix.visible[i, j]:
                    seen.append(o)
                    break
        return seen

    def cover_from_enemy(self, game: Game, figs: list[Figure], enemies: list[Figure]) -> str:
        if not enemies or not figs:
            return "none"
        sight = self._sight(game)
        idx = sight.rows
        cx = sum(f.x for f in figs) / len(figs)
        cy = sum(f.y for f in figs) / len(figs)
        nearest = min(enemies, key=lambda e: hypot(e.x - cx, e.y - cy))
        if nearest.id not in idx or any(f.id not in idx for f in figs):
            return SoloMixin.cover_from_enemy(self.rules, game, figs, enemies)
        return cover_class([int(sight.matrix.cover[idx[nearest.id], idx[f.id]]) for f in figs])

