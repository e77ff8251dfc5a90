"""The solo rules' portal markers and counters in WW2 Skirmish terms (mixed into
:class:`game.rulesets.ww2_skirmish.ruleset.Ww2Skirmish`).

The force generation table itself is data (``solo: force_table`` in
rulesets/ww2-skirmish.yaml, the text's Late War German table); this module readies the
figures a portal produces and carries out the solo counters' attacks as the text gives
them: "Sniper shot at medium rifle range", "Random artillery round at long range", and
mines attacking "the fire team as a medium range MG Aimed shot per member". The readings
are the interpretations ``solo-counters`` and ``solo-force-table`` of the ruleset data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.game import Game
from game.core.keys import StateKey
from game.core.state import CAPTURED, Figure, Marker, Unit
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.common import LEADER_ROLES, SUPPORT_ROLES
from game.rulesets.ww2_skirmish.data import ShotName
from game.rulesets.ww2_skirmish.status import Ww2FigAttr, Ww2FigMark, Ww2UnitAttr, Ww2UnitMark
from game.solo.counters import rolled_contact
from game.solo.keys import SoloKey
from game.solo.orders import SoloMixin
from game.solo.retreat import flee_vector, surrounded
from game.solo.risk_reading import behind_flank
from game.solo.tables import solo_tables

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish

MEDIUM = 2  # index of the medium band in shooting.band_names
ARTILLERY_CALIBRE = 75  # the random round: a 75mm gun's shell (the other artillery table's d8)
ARTILLERY_RANGE = "heavy"  # its to-hit: the guns' range table for 51mm and over, long band


class Ww2Solo(Chapter["Ww2Skirmish"]):
    rules: Ww2Skirmish

    def solo_placed(self, game: Game, unit: Unit) -> None:
        """A generated unit gets its ammunition and, for a vehicle, its crew; the crew
        come out of the pool (the map listed them with their vehicle)."""
        st = game.state
        before = set(st.figures)
        self.rules.adopt(st)
        pool = st.attrs[SoloKey.SOLO]["pool"]
        for fid in sorted(set(st.figures) - before):
            t = st.figures[fid].type
            if pool.get(t, 0) > 0:
                pool[t] -= 1
        st.attrs[SoloKey.SOLO]["pool"] = {k: v for k, v in pool.items() if v > 0}
        unit.attrs[Ww2UnitAttr.START_STRENGTH] = len(unit.figures)

    def solo_counter_attack(self, game: Game, kind: str, unit_id: str,
                            at: tuple[float, float] | None = None) -> bool:
        st = game.state
        unit = st.units[unit_id]
        figs = [f for f in st.unit_figures(unit_id) if self.rules.on_table(f) and not self.rules.is_vehicle(f) and not self.rules.is_gun(f)]
        if not figs:
            game.emit("solo", f"The {kind} counter has nothing of {unit.name} it can hurt (vehicles and guns are proof against it).",
                      units=[unit_id])
            return False
        at = at or figs[0].pos
        if kind == "sniper":
            self._counter_sniper(game, unit, figs, at)
        elif kind == "mine":
            self._counter_mines(game, unit, figs)
        elif kind == "artillery":
            self._counter_round(game, unit, figs, at)
        else:
            return SoloMixin.solo_counter_attack(self.rules, game, kind, unit_id, at)
        self.rules.morale.run_tests(game)
        self.rules.cleanup(game)
        return True

    def counter_contact(self, game: Game, marker: Marker, figures: list[Figure]) -> list[Figure]:
        """"If the counter spots an enemy or is spotted, that unit suffers the attack
        indicated" (interpretation solo-counter-spotting): the counter tries to spot the
        nearest team (within 36", as a solo force marker does; a sniper with its telescopic
        sight) and each team tries to spot it, once a side-turn (game/solo/counters.py
        rolled_contact)."""
        spotting = self.rules.spotting
        return rolled_contact(
            game, marker, figures, self.rules.sideturn(game),
            lambda at, figs: spotting.counter_spots(game, marker.kind, at, figs, optics=marker.kind == "sniper"),
            lambda unit, at: spotting.spots_counter(game, unit, at))

    def _medium_need(self, shot: ShotName, shifts: int) -> int | None:
        sh = self.rules.data.shooting
        table = sh.to_hit["rifle_mg"]
        row = MEDIUM + shifts
        return table[row][list(sh.shot_types).index(shot)] if row < len(table) else None

    def _counter_sniper(self, game: Game, unit: Unit, figs: list[Figure], at: tuple[float, float]) -> None:
        """A carefully aimed sniper shot at medium range at the figure it picks: its cover,
        or else a single figure or a team in dispersed order (L148-149), shifts the band as
        for any shot; at medium range a sniper picks a leader or support crewman when it
        sees one, else the nearest figure it sees."""
        sh = self.rules.data.shooting
        seen = [f for f in figs if self.rules.los(game, at, f).visible] or figs
        picks = [f for f in seen if self.rules.role(f) in LEADER_ROLES + SUPPORT_ROLES]
        victim = min(picks or seen, key=lambda f: (self.rules.apart(f, at), f.id))
        cover = self.rules.los(game, at, victim).cover
        single, dispersed = self.rules.formation.spread([f for f in figs if self.rules.on_table(f) and not self.rules.is_gun(f)])
        shifts = [("target in hard cover", sh.shifts.hard_cover)] if cover >= 2 else (
            [("target in soft cover", sh.shifts.soft_cover)] if cover == 1 else
            [("single figure" if single else "dispersed order", sh.shifts.dispersed)] if single or dispersed else [])
        need = self._medium_need("careful", sum(v for _, v in shifts))
        unit.markers[Ww2UnitMark.FIRED_AT] = self.rules.sideturn(game)
        unit.markers[Ww2UnitMark.AWARE] = True
        self.rules.note_fire(game, unit.id, None, 1)
        roll = game.dice.roll(sh.die, f"Sniper counter: carefully aimed shot at {victim.name} of {unit.name} (medium range)",
                              target=f"{need}+" if need else "beyond long range: no hit", modifiers=shifts,
                              figures=[victim.id], units=[unit.id])
        hit = need is not None and roll.value >= need
        roll.outcome = "hit" if hit else "miss"
        if hit:
            mods = [("sniper", self.rules.data.fire_effect.automatic)]
            self.rules.effects.apply_effect(game, victim, self.rules.effects.effect_result(game.dice, mods, victim, f"fire effect on {victim.name}"),
                              "a sniper counter's shot", None)

    def _counter_mines(self, game: Game, unit: Unit, figs: list[Figure]) -> None:
        """Mines: a medium range MG aimed shot at each member of the fire team (no cover
        shift: the mines are under their feet)."""
        sh = self.rules.data.shooting
        need = self._medium_need("aimed", 0)
        unit.markers[Ww2UnitMark.FIRED_AT] = self.rules.sideturn(game)
        unit.markers[Ww2UnitMark.AWARE] = True
        self.rules.note_fire(game, unit.id, None, len(figs), heavy=True)
        for f in sorted(figs, key=lambda f: f.id):
            if not f.alive:
                continue
            roll = game.dice.roll(sh.die, f"Mines: MG aimed shot at {f.name} (medium range)", target=f"{need}+",
                                  figures=[f.id], units=[unit.id])
            hit = need is not None and roll.value >= need
            roll.outcome = "hit" if hit else "miss"
            if hit:
                mods = [("as an MG", self.rules.data.fire_effect.automatic)]
                self.rules.effects.apply_effect(game, f, self.rules.effects.effect_result(game.dice, mods, f, f"fire effect on {f.name}"), "mines", None)

    def _counter_round(self, game: Game, unit: Unit, figs: list[Figure], at: tuple[float, float]) -> None:
        """A random artillery round at long range (interpretation solo-counters): a gun's
        shot, a d20 needing the long band of the guns' range table (51mm and over; guns
        take no target modifiers), and on a hit the other artillery table on the figure
        nearest the counter and every figure within 2", a 75mm gun's d8."""
        victim = min(figs, key=lambda f: (self.rules.apart(f, at), f.id))
        need = self.rules.data.vehicles.gun_range(ARTILLERY_RANGE).bands[-1].need
        unit.markers[Ww2UnitMark.FIRED_AT] = self.rules.sideturn(game)
        unit.markers[Ww2UnitMark.AWARE] = True
        self.rules.note_fire(game, unit.id, None, 0, heavy=True)
        roll = game.dice.roll(self.rules.data.anti_tank.die, f"Random artillery round at {unit.name} (long range)", target=f"{need}+",
                              units=[unit.id], cuts=(need,))
        hit = roll.value >= need
        roll.outcome = "lands on target" if hit else "misses"
        if not hit:
            return
        enemy = next(s for s in game.state.side_order if s != unit.side)
        shell = Figure(id="_solo_round", unit="", side=enemy, type=victim.type, name="artillery", x=at[0], y=at[1], facing=0.0, radius=0.0)
        art = self.rules.data.artillery
        victims = self.rules.blasts.explosive_victims(game, victim.pos, shell, "artillery")
        res = self.rules.blasts.roll_effects(game.dice, victims, art.die_for(ARTILLERY_CALIBRE), art.result, "HE effect",
                                             "1-2 suppressed, 3-4 wounded, 5 disabled, 6+ killed")
        self.rules.blasts.apply_results(game, res, "a random artillery round", None)

    # ---- the chart's Rout (interpretation chart-rout of rulesets/solo.yaml) ------------------------------------
    def chart_rout(self, game: Game, unit: Unit) -> None:
        """A chart Rout is this ruleset's morale rout: the team is routing (no fire, no
        move by order, rallies on a 6 at its side's start) and at once runs, each figure its
        own full move (as routers flee, L92) plus 5 cm, straight away from the nearest enemy
        its side knows of; surrounded, it surrenders (its figures on foot are captured)."""
        r = self.rules
        figs = [f for f in r.fighters(game, unit.id) if not f.attrs.get(Ww2FigAttr.CARRIED_BY)]
        if not figs or r.unit_vehicle(game, unit.id) is not None or r.routing(unit):
            return  # (a routing team fled at its side's start already)
        tb = solo_tables()
        extra = tb.dist_mm("rout_extra")
        centre = (sum(f.x for f in figs) / len(figs), sum(f.y for f in figs) / len(figs))
        known = [e.pos for e in r.known_enemies(game, unit.side) if r.on_table(e)]
        if surrounded(centre, known, tb.dist_mm("surround_reach")):
            for f in figs:
                f.life = CAPTURED
                r.effects.after_loss(game, f)
            r.note_losses(game, unit.id, len(figs), None)
            game.emit("casualty", f"{unit.name} routs but is surrounded: it surrenders ({len(figs)} captured).",
                      units=[unit.id], figures=[f.id for f in figs])
            r.cleanup(game)
            return
        unit.markers[Ww2UnitMark.ROUTING] = True
        unit.markers[SoloKey.CHART_ROUT] = game.state.turn
        game.emit("morale", f"{unit.name} routs (solo chart)! It flees from the nearest enemy and may not fire.", units=[unit.id])
        ux, uy = flee_vector(centre, known, 1.0, r.home_edge_point(game, figs[0]))

        def goal(f: Figure) -> tuple[float, float]:
            far = r.moving.base_allowance(game, f) + extra + r.mm(1)
            return (f.x + ux * far, f.y + uy * far)

        r.flight.auto_move(game, unit, goal, None, "flees (solo chart Rout) up to", flee=True, extra=extra)
        r.cleanup(game)

    # ---- the AFV chart's situation -------------------------------------------------------------------------
    def afv_situation(self, game: Game, unit: Unit) -> dict[str, int]:
        st = game.state
        v = self.rules.unit_vehicle(game, unit.id)
        if v is None:
            return {}
        tb = solo_tables()
        last = unit.markers.get(SoloKey.ORDER) or self.rules.initial_order(game, unit)
        friends = [f for f in st.figures.values() if f.alive and f.side == unit.side and f.unit != unit.id]
        infantry = any(self.rules.fighter(f) and self.rules.apart(f, v) <= tb.dist_mm("afv_infantry") for f in friends)
        # "... or in contact by radio etc.": on a side the map puts on one radio net, friendly
        # infantry in action anywhere on the table (interpretation afv-radio; one point either way)
        radio = not infantry and unit.side in game.state.attrs.get(StateKey.SETTINGS, {}).get("radio_net", []) and \
            any(self.rules.fighter(f) and self.rules.on_table(f) for f in friends)
        crew_lost = sum(1 for c in st.unit_figures(unit.id, alive_only=False) if not c.alive and c.id != v.id)
        damaged = int(bool(v.markers.get(Ww2FigMark.IMMOBILE) or v.markers.get(Ww2FigMark.OPTICS) or v.markers.get(Ww2FigMark.WRECKED))) + crew_lost
        seen = self.rules.known_enemies(game, unit.side)
        flank = behind_flank(v, seen)
        near = [f for f in friends if self.rules.apart(f, v) <= tb.dist_mm("afv_friends")]
        alone = not any(self.rules.los(game, v, f).visible for f in near)
        guns = self.rules.weapons_of(v, "gun")
        wrecked = set(v.markers.get(Ww2FigMark.WRECKED, []))
        working = [w for w in v.weapons if w not in wrecked]
        at_fire = any(r.get("at") for r in self.rules.recent(game, unit, SoloKey.FIRED_ON))
        # "in hull down position": cover between it and the nearest enemy its side knows of,
        # judged as the damage table's "hull down or in/behind buildings" (interpretation afv-hull-down)
        nearest = min(seen, key=lambda e: (self.rules.apart(e, v), e.id)) if seen else None
        hull_down = nearest is not None and self.rules.los(game, nearest, v.pos).cover > 0
        return {
            "advancing": int(last == "advance" or hull_down),
            "infantry_near": int(infantry),
            "radio_contact": int(radio),
            "damaged": damaged,
            "under_at_fire": int(at_fire),
            "flanked": int(flank),
            "alone": int(alone),
            "no_main_gun": int(not guns or all(wid in wrecked for wid, _ in guns)),
            "no_weapons": int(not working),
        }
