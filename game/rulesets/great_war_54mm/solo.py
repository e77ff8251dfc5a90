"""The Great War in 54mm: the solo counters in its own terms (interpretation
solo-counters): a sniper's long-range rifle shot, random artillery as a bombardment, a
mine's d6 per figure; and the solo chart's Rout as this ruleset's running (interpretation
chart-rout of rulesets/solo.yaml)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.game import Game
from game.core.state import CAPTURED, FLED, Figure, Unit
from game.rulesets.great_war_54mm.status import GwUnitMark
from game.rulesets.movement import plan_move
from game.rulesets.parts import Chapter
from game.solo.keys import SoloKey
from game.solo.orders import SoloMixin
from game.solo.retreat import flee_vector, surrounded
from game.solo.tables import solo_tables

if TYPE_CHECKING:
    from game.rulesets.great_war_54mm.rules import GreatWar54



class GreatWarSolo(Chapter["GreatWar54"]):
    # ---- solo counters (interpretation solo-counters) -----------------------------------
    rules: GreatWar54

    def solo_counter_attack(self, game: Game, kind: str, unit_id: str, at: tuple[float, float] | None = None) -> bool:
        """Solo counters in this ruleset (interpretation solo-counters): a sniper fires one
        rifle shot at long range, random artillery is a bombardment (morale test, a 10
        also kills d3), a mine rolls one d6 per figure of the unit hitting on 5+."""
        st = game.state
        unit = st.units[unit_id]
        figs = self.rules.alive(game, unit_id)
        if not figs:
            return False
        at = at or self.rules.unit_centre(game, unit_id)
        sh = self.rules.data.shooting
        if kind == "artillery":
            b = self.rules.data.bombardment
            self.rules.note_fire(game, unit_id, None, 0, heavy=True)
            tgt, mods = self.rules.morale_target(game, unit)
            roll = game.dice.roll(b.die, f"{unit.name} morale test under a random artillery round", target=f"<= {tgt}",
                                  modifiers=mods[1:], units=[unit_id])
            passed = roll.value <= tgt
            roll.outcome = ("passed" if passed else "failed") + (f"; a {b.casualties_on}: casualties!" if roll.value == b.casualties_on else "")
            if roll.value == b.casualties_on:
                cas = game.dice.roll(b.casualties, f"artillery casualties on {unit.name}", units=[unit_id])
                cas.outcome = f"{cas.total} casualties"
                pool = self.rules.alive(game, unit_id)
                if self.rules.is_crew(unit):
                    pool.sort(key=lambda f: self.rules.troop(f).role == "gun")
                    dead = pool[: cas.total]
                else:
                    dead = []
                    for _ in range(min(cas.total, len(pool))):
                        i = game.dice.choose_index(len(pool), f"which figure of {unit.name} is hit", units=[unit_id])
                        dead.append(pool.pop(i))
                self.rules.remove_figures(game, unit, dead, "random artillery")
            if not passed and st.unit_alive(unit_id):
                self.rules.fail_morale(game, unit)
            return True
        if kind == "sniper":
            seen = [f for f in figs if self.rules.los(game, at, f).visible] or figs
            victim = self.rules.nearest_first(seen, [at])[0]
            mods = [("target in cover", sh.cover_modifier)] if self.rules.los(game, at, victim).cover > 0 else []
            need = sh.hit_on.long
            roll = game.dice.roll(f"1{sh.die}", f"Sniper: one rifle shot at long range at {victim.name} of {unit.name}",
                                  target=f"{need}+", modifiers=mods, figures=[victim.id], units=[unit_id])
            hits = self.rules.combat.count_hits(roll.faces, need, sum(v for _, v in mods))
            roll.outcome = "hit" if hits else "missed"
            self.rules.note_fire(game, unit_id, None, 1)
            victims = [victim] if hits else []
        elif kind == "mine":
            need = sh.hit_on.long
            roll = game.dice.roll(f"{len(figs)}{sh.die}", f"Mines: one die for each figure of {unit.name}",
                                  target=f"{need}+", units=[unit_id])
            hits = self.rules.combat.count_hits(roll.faces, need, 0)
            roll.outcome = f"{hits} hit{'s' if hits != 1 else ''}"
            self.rules.note_fire(game, unit_id, None, len(figs), heavy=True)
            victims = self.rules.nearest_first(figs, [at])[:hits]
        else:
            return SoloMixin.solo_counter_attack(self.rules, game, kind, unit_id, at)
        if not victims:
            return True
        if self.rules.is_crew(unit):
            self.rules.combat.crew_hit(game, unit, f"is hit ({kind})")
            return True
        self.rules.remove_figures(game, unit, victims, "sniper" if kind == "sniper" else "mines")
        if st.unit_alive(unit_id):
            self.rules.morale_test(game, unit, f"lost {len(victims)} to {'a sniper' if kind == 'sniper' else 'mines'}")
        return True

    # ---- the chart's Rout (interpretation chart-rout of rulesets/solo.yaml) ------------------
    def chart_rout(self, game: Game, unit: Unit) -> None:
        """A chart Rout is this ruleset's running (pinned and running: no shooting, no
        assaults, a rally test each Rally phase): the unit at once runs its run dice plus
        5 cm straight away from the nearest enemy its side knows of, and does not run
        again in this turn's Movement phase. A crewed weapon cannot run: it is pinned as a
        failed test would pin it (destroyed when already pinned). Surrounded, the unit
        surrenders (its figures are captured)."""
        r = self.rules
        figs = r.alive(game, unit.id)
        if not figs or unit.markers.get(GwUnitMark.RUNNING):
            return  # (a running unit runs in the Movement phase already)
        known = [e.pos for e in r.known_enemies(game, unit.side)]
        centre = r.unit_centre(game, unit.id)
        tb = solo_tables()
        if surrounded(centre, known, tb.dist_mm("surround_reach")):
            for f in figs:
                f.life = CAPTURED
            r.note_losses(game, unit.id, len(figs), None)
            unit.markers = {GwUnitMark.DESTROYED: True}
            game.emit("casualty", f"{unit.name} routs but is surrounded: it surrenders ({len(figs)} captured).",
                      units=[unit.id], figures=[f.id for f in figs])
            return
        if r.is_crew(unit):
            r.pin_crew(game, unit, "routs (solo chart)")
            return
        unit.markers[GwUnitMark.PINNED] = True
        unit.markers[GwUnitMark.RUNNING] = True
        unit.markers[SoloKey.CHART_ROUT] = game.state.turn
        roll = game.dice.roll(r.data.run_dice, f"{unit.name} routs (solo chart): runs its run dice + 5 cm", units=[unit.id])
        reach = r.mm(roll.total) + tb.dist_mm("rout_extra")
        roll.outcome = f"runs {r.fmt(reach)} away from the nearest enemy"
        vx, vy = flee_vector(centre, known, reach, r.home_edge_point(game, figs[0]))
        w, h = game.table.width, game.table.height
        for f in figs:
            goal = (f.x + vx, f.y + vy)
            off = not (0 <= goal[0] <= w and 0 <= goal[1] <= h)
            inside = (min(max(goal[0], f.radius), w - f.radius), min(max(goal[1], f.radius), h - f.radius))
            plan = plan_move(r, game, f, [inside], budget=reach, strict=False)
            r.place(game, f, plan)
            if off and plan.stopped_by is None and _at_edge(f, w, h):
                f.life = FLED
                game.emit("status", f"{f.name} of {unit.name} runs off the table.", figures=[f.id], units=[unit.id])


def _at_edge(f: Figure, w: float, h: float) -> bool:
    return min(f.x, f.y, w - f.x, h - f.y) <= f.radius + 1e-3
