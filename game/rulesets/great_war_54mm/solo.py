"""The Great War in 54mm: the solo counters in its own terms (interpretation
solo-counters): a sniper's long-range rifle shot, random artillery as a bombardment, a
mine's d6 per figure."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.game import Game
from game.rulesets.parts import Chapter
from game.solo.orders import SoloMixin

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
            self.rules.pin_crew(game, unit, f"is hit ({kind})")
            return True
        self.rules.remove_figures(game, unit, victims, "sniper" if kind == "sniper" else "mines")
        if st.unit_alive(unit_id):
            self.rules.morale_test(game, unit, f"lost {len(victims)} to {'a sniper' if kind == 'sniper' else 'mines'}")
        return True
