"""The solo counters in My 1/35th Scale WWII Skirmish (ww2-skirmish-solo.txt, "Solo rules":
"mark some (non Portal) counters as 'Sniper shot at medium rifle range' or 'Random
artillery round at long range' ... Unmarked Mines ... should attack the fire team as a
medium range MG Aimed shot per member of the fire team"), in this ruleset's terms
(interpretation solo-counters):

- "If the counter spots an enemy or is spotted" is this ruleset's acquisition (L33-43),
  both ways, once a side-turn for each of the player's teams in sight: the counter, as a
  man standing at its place, tries to acquire the nearest figure it sees within 36" (a
  solo force marker's reach), and the team's figure that has it most easily tries to
  acquire the counter (game/solo/counters.py rolled_contact).
- A sniper's shot and a mine's shots are aimed shots (L69-80) from the counter's place "at
  medium range": this ruleset has no range bands, so the range is the far end of the WW2
  text's medium band, the rifle's 30" for the sniper (+3) and the MG's 32" for the mine (+4;
  rulesets/solo.yaml counter_medium, mine_medium); cover and hindrances as a man standing
  there sees the target (a sniper that the team found but sees none of it shoots its
  nearest man all the same, as a mine shoots every man of the team); the man is marked
  fired at (the morale test's +1); a hit is saved as any hit is (L84-92).
- A random artillery round is this ruleset's only indirect fire, a mortar round (L184-204):
  aimed at the team's figure nearest the counter, it lands as a mortar round does
  (2d6 2-7 on target, else 2d3" off) and bursts in the mortar's 4" circle.

Vehicles are proof against the counters (interpretation vehicles: only anti-tank fire
harms them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.game import Game
from game.core.state import Figure, Marker, Unit
from game.rulesets.parts import Chapter
from game.solo.counters import rolled_contact
from game.solo.orders import SoloMixin
from game.solo.tables import solo_tables

from .sight import man_at

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

XY = tuple[float, float]
ATTACKS = ("sniper", "artillery", "mine")


class W135Counters(Chapter["Ww2135"]):
    rules: Ww2135

    # ---- contact: acquisition both ways -----------------------------------------------------------
    def contact(self, game: Game, marker: Marker, figures: list[Figure]) -> list[Figure]:
        """Of the player's figures in sight of the counter (nearest first), those of the team
        it attacks now: found by the counter's acquisition or finding it by theirs."""
        return rolled_contact(game, marker, figures, self.rules.sideturn(game),
                              lambda at, figs: self.counter_acquires(game, at, figs),
                              lambda unit, at: self.acquires_counter(game, unit, at))

    def counter_acquires(self, game: Game, at: XY, figs: list[Figure]) -> bool:
        """The counter tries to acquire the nearest of ``figs`` a man at ``at`` sees within 36"."""
        rules = self.rules
        man = man_at(at)
        reach = solo_tables().dist_mm("solo_spot") + 1e-6
        seen = [t for t in figs if rules.apart(man, t) <= reach and rules.sight.line(game, man, t).visible]
        if not seen:
            return False
        t = min(seen, key=lambda t: (rules.apart(man, t), t.id))
        # the words name no kind: the player may not learn what a counter is before it attacks
        return self.acquire_roll(game, f"A solo marker tries to acquire {t.name}", rules.acquisition.modifiers(game, man, t), [t.id])

    def acquires_counter(self, game: Game, unit: Unit, at: XY) -> bool:
        """The team tries to acquire the counter, a man standing at ``at``: its figure with the
        lowest total (then the nearest); a hidden figure does not observe (L55)."""
        rules = self.rules
        man = man_at(at)
        best: tuple[tuple[int, float, str], Figure, list[tuple[str, int]]] | None = None
        for o in rules.alive(game, unit.id):
            if rules.hidden(o) or not rules.sight.line(game, o, man).visible:
                continue
            mods = rules.acquisition.modifiers(game, o, man)
            key = (sum(v for _, v in mods), rules.apart(o, man), o.id)
            if best is None or key < best[0]:
                best = (key, o, mods)
        if best is None:
            return False
        return self.acquire_roll(game, f"{unit.name} tries to acquire a marker", best[2], [best[1].id])

    def acquire_roll(self, game: Game, words: str, mods: list[tuple[str, int]], ids: list[str]) -> bool:
        """The acquisition roll (L37): the die must be more than the total; under 1, no roll."""
        total = sum(v for _, v in mods)
        if total < 1:
            game.emit("solo", f"{words}: needs more than {total}, no roll: found.", figures=ids)
            return True
        r = game.dice.roll(self.rules.data.acquisition.die, words, target=f"more than {total}", modifiers=mods, figures=ids)
        ok = r.total > total
        r.outcome = "found" if ok else "not found"
        return ok

    # ---- the attacks -------------------------------------------------------------------------------
    def attack(self, game: Game, kind: str, unit_id: str, at: XY | None) -> bool:
        """The counter ``kind`` at ``at`` attacks the team ``unit_id``."""
        rules = self.rules
        if kind not in ATTACKS:
            return SoloMixin.solo_counter_attack(rules, game, kind, unit_id, at)
        men = [f for f in rules.alive(game, unit_id) if not rules.is_vehicle(f)]
        unit = game.state.units[unit_id]
        if not men:
            game.emit("solo", f"The {kind} counter has nothing of {unit.name} it can hurt (only anti-tank fire harms vehicles).",
                      units=[unit_id])
            return False
        at = at or men[0].pos
        man = man_at(at)
        men.sort(key=lambda f: (rules.apart(man, f), f.id))
        if kind == "sniper":
            seen = [f for f in men if rules.sight.line(game, man, f).visible]
            self.aimed_shot(game, "The sniper", at, (seen or men)[0], "rifle", "counter_medium")
        elif kind == "mine":
            for f in men:
                if f.alive:
                    self.aimed_shot(game, "The minefield", at, f, "MG", "mine_medium")
        else:
            lands = rules.mortars.landing(game, "Random artillery", [men[0].id], men[0].pos, False, "round")
            rules.blasts.explode(game, lands, rules.data.mortar.burst, "The random artillery round")
        return True

    def aimed_shot(self, game: Game, who: str, at: XY, t: Figure, arm: str, medium_key: str) -> None:
        """An aimed shot from ``at`` at ``t`` (L69-80): 2d6 at least aimed +2, the ``arm``'s
        medium range (the solo distance ``medium_key``, / 10 rounded up), the hindrances and the
        target's cover as a man at ``at`` sees it, prone in the open; a double 6 always hits; a
        hit is saved by the hindrances and cover (L84-92). ``t`` is marked fired at."""
        rules = self.rules
        fire = rules.firing
        s = rules.data.shooting
        sight = rules.sight.line(game, man_at(at), t)
        mods: list[tuple[str, int]] = [("aimed fire", s.aimed)]
        medium = rules.in_units(solo_tables().dist_mm(medium_key))
        (_, at_range), *seen = fire.sight_modifiers(medium, sight)
        mods += [(f'medium {arm} range ({medium:g}")', at_range), *seen]
        if rules.prone(t) and sight.cover == 0:
            mods.append(("prone in the open", s.prone_in_open))
        need = sum(v for _, v in mods)
        r = game.dice.roll(s.dice, f"{who} fires an aimed shot at {t.name}", target=f"{need}+", modifiers=mods, figures=[t.id])
        hit = r.total >= need or (s.double_six_hits and r.faces == [6, 6])
        r.outcome = "hit" if hit else "miss"
        rules.firing.mark_fired_at(game, t)
        rules.note_fire(game, t.unit, None, 1)
        if hit:
            save_mods = fire.save_modifiers(sight.hindrances, sight.cover)
            fire.save(game, t, sum(v for _, v in save_mods), tuple(save_mods), None)
