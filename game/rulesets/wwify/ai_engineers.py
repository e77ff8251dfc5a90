"""The WWIFY solo AI's engineers: they repair the scenario's bridge when their side
needs it to cross, materials are at hand (carrying them to the site first) and no known
enemy can fire on the working end, and fix their side's immobile vehicles."""

from __future__ import annotations

from collections.abc import Iterable
from math import ceil
from typing import TYPE_CHECKING

from shapely.geometry import Point

from game.core.commands import Command
from game.core.game import Game
from game.core.state import Unit
from game.rulesets.wwify.ai_routes import path_length
from game.rulesets.wwify.ai_value import scratch
from game.rulesets.wwify.status import WwifyUnitAttr, WwifyUnitMark
from game.solo.goals import ai_goal

if TYPE_CHECKING:
    from game.rulesets.wwify.ai_routes import WwifyRoutes
    from game.rulesets.wwify.ruleset import Wwify


class WwifyEngineers:
    def __init__(self, rules: Wwify, routes: WwifyRoutes) -> None:
        self.rules = rules
        self.routes = routes

    # ---- engineers and their materials ---------------------------------------------------------------------
    def bridge_job(self, game: Game, side: str) -> dict | None:
        """The scenario's bridge site this side should repair, or None. It must be
        incomplete, its working end within an engineer's reach from the side's own bank
        (a site is built from its first end: from the side's bank when that end is on it,
        the engineers standing behind the working end; else from its far end, across a gap
        short enough to reach), the side must have somewhere to go across the
        water that the repair brings nearer, and the materials must be at hand: carried
        by the engineers and by units within 30" on this bank. Returns {site, spot (where
        an engineer works), park (where carriers stand), need (actions of work left)}."""
        if not self.rules.option(game, "engineers"):
            return None
        cache = scratch(game)
        key = ("bridge", side)
        if key in cache:
            return cache[key]
        cache[key] = None
        st = game.state
        engs = [u for u in st.side_units(side) if st.unit_alive(u.id) and u.kind == "squad"
                and self.rules.engineers_of(game, u) and not u.markers.get(WwifyUnitMark.PANICKED)]
        if not engs:
            return None
        e = self.rules.data.engineers
        reach = self.rules.mm(e.work_reach)
        wet = self.rules.moving.wet_area(game)
        for sid, site in sorted(self.rules.moving.bridge_sites(game).items()):
            line = self.rules.moving.bridge_line(site)
            if site["built"] >= line.length - 1e-3:
                continue
            end = self.rules.moving.bridge_end(site)
            a, b = site["a"], site["b"]
            ux, uy = (b[0] - a[0]) / line.length, (b[1] - a[1]) / line.length
            c = self.rules.unit_centre(game, engs[0].id)
            # the side works from its own bank: from the site's far end b toward its first end a
            # across a short gap, or behind the working end of a site begun on its own bank
            behind = (a[0] - ux * self.rules.mm(0.15), a[1] - uy * self.rules.mm(0.15))
            from_b = wet is None or self.rules.moving.first_wet(game, [c, behind]) is not None
            sign, base, far_end = (1.0, b, a) if from_b else (-1.0, end, b)
            spot = (base[0] + sign * ux * self.rules.mm(0.15), base[1] + sign * uy * self.rules.mm(0.15))
            park = (base[0] + sign * ux * self.rules.mm(2.15), base[1] + sign * uy * self.rules.mm(2.15))
            if self.rules.dist(spot, end) > reach - 0.1 or (wet is not None and (wet.contains(Point(spot)) or wet.contains(Point(park)))):
                continue
            if self.under_fire(game, side, spot):
                continue  # not under the enemy's fire: the workers would stand at the site, shot at while they work
            goal = ai_goal(self.rules, game, side, c, None)
            far = (far_end[0] - sign * ux * self.rules.mm(1), far_end[1] - sign * uy * self.rules.mm(1))  # 1" onto the far bank
            if goal is None or self.rules.moving.first_wet(game, [spot, c]) is not None or self.rules.moving.first_wet(game, [far, goal]) is not None:
                continue
            if self.rules.moving.first_wet(game, [c, goal]) is None:
                continue  # no water between them and their goal
            via = self.routes.route(game, c, goal)
            now = path_length(via, c) if len(via) > 1 else float("inf")
            if now <= self.rules.dist(c, spot) + self.rules.dist(spot, goal) + self.rules.mm(6):
                continue
            sections = ceil((line.length - site["built"]) / self.rules.mm(e.section_length) - 1e-6)
            need = sections * e.actions_per_length - site["work"] % e.actions_per_length
            have = 0
            for u in st.side_units(side):
                figs = self.rules.alive(game, u.id)
                if not figs or u.kind == "flyer" or u.markers.get(WwifyUnitMark.PANICKED):
                    continue
                carry = min(int(u.attrs.get(WwifyUnitAttr.MATERIALS, 0)), sum(e.carry.get(self.rules.fighting.category(f), 0) for f in figs))
                uc = self.rules.unit_centre(game, u.id)
                if carry and self.rules.dist(uc, park) <= self.rules.mm(30) and self.rules.moving.first_wet(game, [uc, park]) is None:
                    have += carry
            if have < need:
                continue
            cache[key] = {"site": sid, "spot": spot, "park": park, "need": need, "end": end}
            return cache[key]
        return None

    def under_fire(self, game: Game, side: str, spot: tuple[float, float]) -> bool:
        """A known enemy figure sees ``spot`` within the longest range of fire (32")."""
        top = self.rules.mm(self.rules.data.firing.bands[-1].upto)
        return any(self.rules.dist(e.pos, spot) <= top and self.rules.los(game, e, spot).visible
                   for e in self.rules.known_enemies(game, side))

    def engineer_cmds(self, game: Game, side: str, unit: Unit, order: str, n: int, memo: dict) -> Iterable[Command] | None:
        """Engineers fix an immobile friendly vehicle at hand, and repair the bridge their
        side needs: go to the working end (Advance, Close, Attack; not a unit defending its
        position), build when materials are at hand, wait there for the carriers. None:
        nothing but their orders."""
        if unit.kind != "squad" or not self.rules.option(game, "engineers") or order in ("retreat", "rout"):
            return None
        engs = self.rules.engineers_of(game, unit)
        if not engs:
            return None
        st = game.state
        # a unit that stays (Halt, moved already, or defending its position: interpretation
        # solo-defenders) works only where it stands
        stays = order == "halt" or "move" in unit.markers.get(WwifyUnitMark.ACTS, []) or self.rules.holds_position(game, unit)
        for v in sorted(st.side_units(side), key=lambda u: u.id):
            if v.kind == "vehicle" and st.unit_alive(v.id) and self.rules.immobile(game, v):
                cmd = Command("fix", side, unit=unit.id, target=v.id, value=n)
                if game.check(cmd) is None:
                    return [cmd]
                vf = self.rules.alive(game, v.id)[0]
                if not stays and min(self.rules.dist(f.pos, vf.pos) for f in engs) <= self.rules.mm(14):
                    return self.routes.move_cmds(game, side, unit, vf.pos, n, memo, stop=vf.radius + self.rules.mm(0.6),
                                           first={f.id for f in engs})
        job = self.bridge_job(game, side)
        if job is None:
            return None
        cmd = Command("build", side, unit=unit.id, choice=job["site"], value=n)
        if game.check(cmd) is None:
            return [cmd]
        if min(self.rules.apart(f, job["end"]) for f in engs) <= self.rules.mm(self.rules.data.engineers.work_reach):
            return []  # at work, waiting for the materials: hold (and fire)
        if stays:
            return None
        return self.routes.move_cmds(game, side, unit, job["spot"], n, memo, first={f.id for f in engs})

    def carry_goal(self, game: Game, side: str, unit: Unit):
        """Where a unit carrying bridging materials goes: beside the bridge the side's
        engineers repair, while the materials there fall short ("hold": it is there)."""
        mats = int(unit.attrs.get(WwifyUnitAttr.MATERIALS, 0))
        if mats <= 0 or unit.kind == "flyer" or self.rules.engineers_of(game, unit):
            return None
        job = self.bridge_job(game, side)
        if job is None:
            return None
        e = self.rules.data.engineers
        end = job["end"]
        have = sum(k for u, k in self.rules.support.materials_near(game, side, end) if u.id != unit.id)
        engineers_own = sum(min(int(u.attrs.get(WwifyUnitAttr.MATERIALS, 0)), len(self.rules.alive(game, u.id)))
                            for u in game.state.side_units(side) if self.rules.engineers_of(game, u))
        if have + engineers_own >= job["need"] and any(self.rules.apart(f, end) <= self.rules.mm(e.work_reach) + 1
                                                       for u in game.state.side_units(side) for f in self.rules.engineers_of(game, u)):
            return None
        if any(self.rules.apart(f, end) <= self.rules.mm(e.materials_reach) for f in self.rules.alive(game, unit.id)):
            return "hold"
        c = self.rules.unit_centre(game, unit.id)
        if self.rules.dist(c, job["park"]) > self.rules.mm(30) or self.rules.moving.first_wet(game, [c, job["park"]]) is not None:
            return None
        return job["park"]
