"""What a GOODBYEEEEEE!!! unit is for the solo rules (docs/goodbyeeee-design.md section 6).

The WW2 solo tables (game/solo/) run unchanged; this chapter tells them what this ruleset's
units are and carries out what they ask in this ruleset's own terms:

- the unit's profile for the risk factors: a section of privates with its NCO, the command
  section (an officer with no privates), a crew (HMG, mortar, field gun: kind ``crew``) or a
  tank (kind ``vehicle``); losses count figures out of action and wounds on living
  several-wound figures;
- the AFV chart's points for a tank;
- the fire bookkeeping: every shot, blast, flame, fight and falling shell notes the fire a
  section is under (heavy from mortars, field guns, flamethrowers and tanks), and each loss
  is credited to the unit that last fired at the victim this turn;
- a chart Rout is this ruleset's rout (L156) beginning at once; surrounded, the section
  surrenders (interpretation chart-rout);
- the solo counters (interpretation solo-counters): a sniper's long-range shot, a random
  artillery round (the Queen of Clubs' stray shell), a minefield (the Ace of Clubs' burst
  table, no cover save).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.core.game import Game
from game.core.state import CAPTURED, Figure, Unit
from game.rulesets.parts import Chapter
from game.solo import afv_option
from game.solo.keys import SoloKey
from game.solo.orders import SoloMixin
from game.solo.retreat import surrounded
from game.solo.risk_reading import behind_flank, last_firer
from game.solo.tables import Profile, solo_tables

from .status import GbFigMark

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

#: fire from these weapons counts as "mortars, flame or AFVs" (and as AT fire on a tank's chart)
HEAVY_WEAPONS = frozenset({"granatenwerfer", "light_mortar", "field_artillery", "flamethrower"})
#: the weapons of the AFV chart's "under AT fire": those whose damage column is not "6 followed by"
AT_WEAPONS = frozenset({"at_rifle", "cluster_grenade", "granatenwerfer", "light_mortar", "field_artillery", "tank_gun",
                        "flamethrower"})
LEADER_ROLES = frozenset({"nco", "officer"})
SNIPER = "sniper_rifle"
ARTILLERY_CARD = "QC"  # the Queen of Clubs: a stray 2D6 shell (L307)
MINE_CARD = "AC"  # the Ace of Clubs: the stray burst's table (L294)


class GbSoloView(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee

    # ==== what a unit is ==========================================================================
    def is_tank_unit(self, game: Game, unit: Unit) -> bool:
        return unit.kind == "vehicle" or any(self.rules.data.is_vehicle_type(f.type) for f in game.state.unit_figures(unit.id, alive_only=False))

    def routed(self, game: Game, unit: Unit) -> bool:
        """Most of the section's figures in action are routing (L156)."""
        figs = self.rules.alive(game, unit.id)
        return bool(figs) and 2 * sum(1 for f in figs if f.markers.get(GbFigMark.ROUT)) > len(figs)

    def profile(self, game: Game, unit: Unit) -> Profile:
        rules = self.rules
        figs = game.state.unit_figures(unit.id, alive_only=False)
        alive = [f for f in figs if f.alive]
        ranks = {rules.troop(f).rank for f in alive}
        roles = {rules.troop(f).role for f in alive}
        tank = self.is_tank_unit(game, unit)
        weapons = {w for f in alive for w in f.weapons}
        lost: float = sum(1 for f in figs if not f.alive)
        lost += sum(min(f.wounds, rules.stats.stat(f, "wounds")) / max(1, rules.stats.stat(f, "wounds")) for f in alive
                    if f.wounds)  # (an unwounded figure adds nothing)
        return Profile(
            routing=self.routed(game, unit),
            retiring=unit.markers.get(SoloKey.ORDER) in ("retreat", "rout"),
            support_weapon=unit.kind == "crew",
            at_gun=unit.kind == "crew" and "field_artillery" in weapons,
            vehicle=tank,
            command="junior_officer" in ranks and "private" not in ranks,
            has_nco=bool(roles & LEADER_ROLES) or unit.kind == "crew" or tank,
            damaged_fraction=lost / len(figs) if figs else 0.0,
            officer="junior_officer" in ranks,
            damaged=tank and any(self.tank_damaged(f) for f in figs),
        )

    def tank_damaged(self, f: Figure) -> bool:
        return (not f.alive or f.wounds > 0 or bool(f.markers.get(GbFigMark.WEAPONS_OUT)) or bool(f.markers.get(GbFigMark.ENGINE))
                or bool(f.markers.get(GbFigMark.MOUNT_JAMMED)))

    def immobile(self, game: Game, unit: Unit) -> bool:
        figs = self.rules.alive(game, unit.id)
        return bool(figs) and all(self.rules.tanks.why_not_move(f) is not None or self.rules.tanks.why_not_act(f) is not None for f in figs)

    def moved_lately(self, game: Game, fig: Figure) -> bool:
        """Moved this turn (ordered or on initiative) or moved on initiative last turn."""
        init = fig.markers.get(GbFigMark.INIT_MOVED)
        return bool(fig.markers.get(GbFigMark.MOVED_CM)) or (init is not None and int(init) >= game.state.turn - 1)

    def afv_situation(self, game: Game, unit: Unit) -> dict[str, int]:
        """The AFV points (solo rules' AFV chart) of a tank, from what its side can see."""
        rules = self.rules
        st = game.state
        figs = rules.alive(game, unit.id)
        if not figs:
            return {}
        v = figs[0]
        tb = solo_tables()
        last = unit.markers.get(SoloKey.ORDER) or rules.initial_order(game, unit)
        friends = [f for f in st.figures.values() if f.alive and f.side == unit.side and f.unit != unit.id]
        infantry = any(not rules.data.is_vehicle_type(f.type) and rules.apart(f, v) <= tb.dist_mm("afv_infantry") for f in friends)
        seen = rules._sees(game, [v], rules.known_enemies(game, unit.side))
        flank = behind_flank(v, seen)
        near = [f for f in friends if rules.apart(f, v) <= tb.dist_mm("afv_friends")]
        working = [w for w in dict.fromkeys(v.weapons) if rules.tanks.weapons_left(v, w) > 0]
        main = "tank_gun" if "tank_gun" in v.weapons else "tank_lmg"  # interpretation solo-main-armament
        fire = rules.recent(game, unit, SoloKey.FIRED_ON)
        # "Advancing, or in hull down position": cover on the nearest known enemy's sight line
        # to the tank, which its cover roll would read (reading solo-afvs); none known: not
        e = afv_option.nearest_known_enemy(rules, game, v)
        hull_down = e is not None and rules.los(game, e, v).cover > 0
        return {
            "advancing": int(last == "advance" or hull_down),
            "infantry_near": int(infantry),
            "damaged": int(self.tank_damaged(v)),
            "under_at_fire": int(any(r.get("at") for r in fire)),
            "flanked": int(flank),
            "alone": int(not rules._sees(game, [v], near)),
            "no_main_gun": int(main not in working),
            "no_weapons": int(not working),
        }

    # ==== bookkeeping for the risk factors ==========================================================
    def under_fire(self, game: Game, firer: Figure | None, targets: Iterable[Figure], weapon: str | None) -> None:
        """Note fire on each section among ``targets`` (hostile to the firer): heavy from a
        tank, a mortar, a field gun or a flamethrower; a falling shell (no firer) is heavy.
        Anti-tank fire (the AFV chart's "under AT fire") is the fire of :data:`AT_WEAPONS`
        and a falling shell, not a tank's machine guns."""
        heavy = firer is None or self.rules.data.is_vehicle_type(firer.type) or weapon in HEAVY_WEAPONS or weapon in AT_WEAPONS
        at = firer is None or weapon in AT_WEAPONS
        st = game.state
        units = dict.fromkeys(t.unit for t in targets if firer is None or st.hostile(firer.side, t.side))
        for uid in units:
            self.rules.note_fire(game, uid, firer.unit if firer else None, 1 if firer else 0, heavy=heavy,
                                 figures=[firer.id] if firer else (), at=at)

    def note_losses(self, game: Game, victim_unit: str, n: int, by_unit: str | None) -> None:
        """A loss is credited to the unit that last fired at (or fought) the victim this turn."""
        SoloMixin.note_losses(self.rules, game, victim_unit, n, by_unit or last_firer(game, victim_unit))

    # ==== the chart's Rout ============================================================================
    def chart_rout(self, game: Game, unit: Unit) -> None:
        """The chart's Rout is L156's rout begun at once: each figure routs (heavy weapons
        dropped) and makes its first dash for its own edge now, the second in its next turn,
        then lies pinned. Surrounded by the enemy its side knows of, the section surrenders.
        Tanks take the AFV chart instead (interpretation chart-rout)."""
        rules = self.rules
        figs = rules.alive(game, unit.id)
        if not figs or self.is_tank_unit(game, unit) or self.routed(game, unit):
            return
        known = [e.pos for e in rules.known_enemies(game, unit.side)]
        if surrounded(rules.unit_centre(game, unit.id), known, solo_tables().dist_mm("surround_reach")):
            game.emit("morale", f"{unit.name} routs but is surrounded: it surrenders.", units=[unit.id])
            for f in figs:
                f.life = CAPTURED
            return
        game.emit("morale", f"{unit.name} routs (solo chart): it runs for its own table edge (L156).", units=[unit.id])
        for f in sorted(figs, key=lambda f: f.id):
            rules.courage.start_rout(game, f)
            rules.courage.flee(game, f)
            if f.alive:
                f.markers[GbFigMark.ROUT] = max(1, int(f.markers.get(GbFigMark.ROUT, 1)) - 1)  # this dash was the first

    # ==== the solo counters ===========================================================================
    def solo_placed(self, game: Game, unit: Unit) -> None:
        """A unit of the force table: a tank or a crew by its troops, else a section."""
        if self.is_tank_unit(game, unit):
            unit.kind = "vehicle"
        elif unit.kind not in ("crew", "vehicle"):
            unit.kind = "section"

    def solo_counter_attack(self, game: Game, kind: str, unit_id: str, at: tuple[float, float] | None = None) -> bool:
        figs = self.rules.alive(game, unit_id)
        if not figs:
            return False
        at = at or figs[0].pos
        if kind == "sniper":
            self.sniper(game, min(figs, key=lambda f: (self.rules.dist(f.pos, at), f.id)))
        elif kind == "artillery":
            self.under_fire(game, None, figs, None)
            self.rules.shells.shell_on(game, {"unit": unit_id}, game.state.units[unit_id].side,
                                       self.rules.data.events.cards[ARTILLERY_CARD], "random artillery round")
        elif kind == "mine":
            reach = solo_tables().dist_mm("mine_reach")
            hit = [f for f in figs if self.rules.dist(f.pos, at) <= reach + 1e-6] or figs[:1]
            self.under_fire(game, None, hit, None)
            card = self.rules.data.events.cards[MINE_CARD]
            for f in hit:
                if f.alive:
                    self.rules.shells.roll_for(game, f, card, "minefield")
        else:
            return SoloMixin.solo_counter_attack(self.rules, game, kind, unit_id, at)
        return True

    def sniper(self, game: Game, fig: Figure) -> None:
        """The sniper rifle's long-range shot (to hit, the cover roll, to wound)."""
        rules = self.rules
        w = rules.data.weapons[SNIPER]
        assert w.to_hit is not None
        need = w.to_hit.long
        rules.note_fire(game, fig.unit, None, 1)
        r = game.dice.roll("d6", f"Sniper counter: the {w.name} at {fig.name} (long range)", target=f"{need}+",
                           figures=[fig.id], cuts=(need,))
        if r.value < need or r.value == 1:
            r.outcome = "miss"
            return
        r.outcome = "hit"
        if rules.shells.covered(game, fig):
            return
        if rules.data.is_vehicle_type(fig.type):
            rules.tanks.damage_roll(game, fig, SNIPER, "shot by a sniper")
            return
        wound = w.wound_on(1) - (rules.data.shooting.body_armour_to_wound if "body_armour" in rules.stats.skills(fig) else 0)
        rw = game.dice.roll("d6", f"Sniper counter: to wound {fig.name}", target=f"{wound}+", figures=[fig.id], cuts=(wound,))
        if rw.value >= wound and rw.value != 1:
            rw.outcome = "wounded"
            rules.firing.wound(game, fig, "shot by a sniper")
        else:
            rw.outcome = "not wounded"
            rules.courage.pin_test(game, fig, SNIPER)
