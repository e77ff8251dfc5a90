"""The solo rules' counters in WWIFY terms (mixed into :class:`game.rulesets.wwify.ruleset.Wwify`).

The force generation table is data (``solo: force_table`` in rulesets/wwify.yaml, the
text's table rebuilt from WWIFY's own troop types); this module carries out the solo
counters' attacks with WWIFY's own procedures (interpretation ``solo-counters``):

- sniper: the sniper rifle's dice at the 8.1-16" band ("medium rifle range"), kills on a
  6 (the trench re-roll when the unit is in a trench); the sniper picks the casualties;
- random artillery round: a high-explosive barrage on the 1 ft square of the artillery
  grid holding the unit's figure nearest the counter: every figure there takes the HE test;
- mines: one firing die for each figure of the unit (an aimed shot each), kills on a 6
  with no trench re-roll (the mines are under their feet); a large creature takes a wound
  per kill. The text's mine attacks "as a medium range MG Aimed shot", and no MG can
  damage a vehicle ("Firing at Vehicles", L279-282): vehicles are proof against mines, as
  against the counters in WW2 Skirmish; a flyer is above the battlefield, out of their reach;
- a random artillery round aimed at a flyer does nothing: no barrage can damage a flyer
  (``WwFight.testable``), and the round is not fired at the ground figures below it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.game import Game
from game.core.state import Figure, Unit
from game.rulesets.parts import Chapter
from game.rulesets.wwify.data import troops_kind
from game.solo.keys import SoloKey
from game.solo.orders import SoloMixin

if TYPE_CHECKING:
    from game.rulesets.wwify.ruleset import Wwify

SNIPER_BAND = 2  # the 8.1-16" band: the text's "medium rifle range"
MINE_WEAPONS = ("lmg", "hmg")  # the text's mines attack "as a medium range MG Aimed shot"


class WwSolo(Chapter["Wwify"]):
    rules: Wwify

    def solo_placed(self, game: Game, unit: Unit) -> None:
        """A unit from the force table takes the kind its troops make (a table line's
        alternatives may be a flyer or a large creature where the first is a vehicle)."""
        unit.kind = troops_kind([self.rules.fighting.category(f) for f in game.state.unit_figures(unit.id)])

    def solo_counter_attack(self, game: Game, kind: str, unit_id: str,
                            at: tuple[float, float] | None = None) -> bool:
        st = game.state
        unit = st.units[unit_id]
        figs = self.rules.alive(game, unit_id)
        if not figs:
            return False
        at = at or figs[0].pos
        if kind == "sniper":
            self._solo_sniper(game, unit, figs)
        elif kind == "mine":
            self._solo_mines(game, unit, figs)
        elif kind == "artillery":
            self._solo_round(game, unit, figs, at)
        else:
            return SoloMixin.solo_counter_attack(self.rules, game, kind, unit_id, at)
        return True

    def _solo_hits(self, game: Game, unit: Unit, n: int, cause: str, chooser: str, trench: bool = False) -> None:
        """``n`` kills on ``unit``: figures through the casualty job (and its morale
        test), a single large creature, vehicle or flyer on its own table."""
        if n <= 0:
            return
        kind = self.rules.fighting.target_kind(unit)
        if kind == "figures":
            self.rules.push(game, {"do": "casualties", "unit": unit.id, "n": n, "chooser": chooser, "cause": cause,
                             "flame": 0, "smoke": True, "trench": trench, "killed": 0})
            return
        fig = self.rules.alive(game, unit.id)[0]
        for _ in range(n):
            if not fig.alive:
                break
            if self.rules.fighting.hit_saved(game, fig, True, trench):  # in smoke, as the figures' casualty job saves
                continue
            if kind == "large_creature":
                self.rules.fighting.wound(game, fig, cause)
            elif kind == "vehicle":
                self.rules.fighting.vehicle_result(game, fig, self.rules.fighting.vehicle_table(game.dice, fig.name, fig.id), cause)
            else:
                self.rules.fighting.flyer_result(game, fig, self.rules.fighting.flyer_table(game.dice, fig.name, fig.id), cause)

    def _solo_sniper(self, game: Game, unit: Unit, figs: list[Figure]) -> None:
        fi = self.rules.data.firing
        kind = self.rules.fighting.target_kind(unit)
        if not self.rules.fighting.can_hurt("sniper", kind):
            game.emit("solo", f"The sniper's rifle cannot hurt {unit.name} (a {kind.replace('_', ' ')}).", units=[unit.id])
            return
        n = self.rules.data.weapons["sniper"].dice[SNIPER_BAND] or 0
        trench = sum(1 for f in figs if self.rules.fighting.in_trench(game, f)) / len(figs) >= fi.trench_fraction - 1e-9
        self.rules.note_fire(game, unit.id, None, 1)
        r = game.dice.roll(f"{n}d6", f"Sniper counter: sniper rifle at {unit.name} ({fi.bands[SNIPER_BAND].label})",
                           target=f"{fi.kill_on}+", units=[unit.id])
        sixes = sum(1 for v in r.faces if v >= fi.kill_on)
        kills = sixes
        per_hit = trench and any(self.rules.moving.in_cloud(game, f.pos, "smoke") for f in figs)
        if per_hit and sixes:  # figures in smoke save instead of the re-roll: each hit re-rolls where it falls
            r.outcome = f"{sixes} six{'es' if sixes > 1 else ''}: each re-rolled for the trench unless it falls on a figure in smoke"
        elif trench and sixes:
            r.outcome = f"{sixes} six{'es' if sixes > 1 else ''}: re-rolled (target in a trench)"
            rr = game.dice.roll(f"{sixes}d6", f"{unit.name} is in a trench: re-roll the sixes", target=f"{fi.trench_reroll_kill_on}+",
                                units=[unit.id])
            kills = sum(1 for v in rr.faces if v >= fi.trench_reroll_kill_on)
            rr.outcome = f"{kills} kill{'s' if kills != 1 else ''}"
        else:
            r.outcome = f"{kills} kill{'s' if kills != 1 else ''}"
        solo = game.state.attrs.get(SoloKey.SOLO, {}).get("side") or game.state.other_side(unit.side)
        self._solo_hits(game, unit, kills, "a sniper counter", solo, trench=per_hit)

    def _solo_mines(self, game: Game, unit: Unit, figs: list[Figure]) -> None:
        fi = self.rules.data.firing
        kind = self.rules.fighting.target_kind(unit)
        if kind == "flyer":
            game.emit("solo", f"The mines cannot reach {unit.name}: a flyer is above the battlefield.", units=[unit.id])
            return
        if not any(self.rules.fighting.can_hurt(w, kind) for w in MINE_WEAPONS):
            game.emit("solo", f"The mines cannot hurt {unit.name}: they attack as an MG's aimed shot, which cannot damage a "
                              f"{kind.replace('_', ' ')}.", units=[unit.id])
            return
        self.rules.note_fire(game, unit.id, None, len(figs), heavy=True)
        r = game.dice.roll(f"{len(figs)}d6", f"Mines: one die for each figure of {unit.name}", target=f"{fi.kill_on}+",
                           figures=[f.id for f in figs], units=[unit.id])
        kills = sum(1 for v in r.faces if v >= fi.kill_on)
        r.outcome = f"{kills} kill{'s' if kills != 1 else ''}"
        self._solo_hits(game, unit, kills, "mines", unit.side)

    def _solo_round(self, game: Game, unit: Unit, figs: list[Figure], at: tuple[float, float]) -> None:
        if unit.kind == "flyer":  # the round is aimed at the flyer, which no barrage can damage
            game.emit("artillery", f"A random artillery round bursts below {unit.name}: a barrage cannot damage a flyer.", units=[unit.id])
            return
        grid = self.rules.fighting.grid(game)
        victim = min(figs, key=lambda f: (self.rules.apart(f, at), f.id))
        big, quarter = grid.locate(victim.pos)
        label = grid.label(big, quarter)
        hit = [f for f in self.rules.fighting.under_barrage(game, grid.square(big, quarter)) if self.rules.fighting.testable(f)]
        game.emit("artillery", f"A random artillery round falls on square {label}, where {victim.name} stands: "
                               f"{len(hit)} figure(s) under high explosive.", units=[unit.id])
        self.rules.push(game, *self.rules.artillery.test_figures(game, hit, "he", f"a random artillery round on {label}"))
