"""The solo rules (ww2-skirmish-solo.txt, "Solo rules") as part of every ruleset.

They are rules, not just an AI: the risk factor and the action chart roll dice, so they
run as commands (``solo_orders``) through the game's seeded dice and land in the log,
and a replay reproduces them. The AI player (game/ai/solo_ai.py) then carries each
order out with the ruleset's ordinary commands.

This module holds the ruleset-independent parts: the tables (rulesets/solo.yaml), the
fire and loss bookkeeping the risk factors need, the risk factors themselves, the action
and AFV charts. A ruleset tells it what its units are through :meth:`SoloMixin.profile`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import hypot
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.keys import FigureMark, StateKey
from game.core.state import Figure, GameState, Marker, Unit
from game.solo import portal_state, portals
from game.solo.goals import defends, in_fortification
from game.solo.keys import CountRecord, FireRecord, SoloKey
from game.solo.risk_reading import firing_numbers, flanked, stood_still
from game.solo.tables import FORWARD, ORDER_WORDS, Profile, cover_class, solo_tables

if TYPE_CHECKING:
    from game.data.map_schema import MapFile
    from game.rulesets.base import RulesetBase
    from game.solo.protocol import SoloRules


class SoloMixin:
    """Mixed into :class:`game.rulesets.base.RulesetBase`. Methods that use what the
    ruleset gives (its data, sight, memos) type ``self`` as :class:`SoloRules`
    (game/solo/protocol.py)."""

    # ---- sight of a place (portal markers, counters, dead ground) -------------------------
    def solo_sight(self, game: Game, observers: list[Figure], places: list[tuple[float, float]],
                   both_ways: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """(visible, cover: 0 none, 1 soft, 2 hard) of each place from each observing figure,
        as (O, T) arrays: whether the player's figures see a marker, a counter or a place a
        marker might fall back to; ``both_ways``: or a man at the place would see the figure
        (a counter "spots an enemy or is spotted"). By the table's line of sight between the
        points (the same both ways); a ruleset whose sight is its own (heights, postures,
        buildings seen into by their openings) answers with that."""
        return portal_state.table_visibility(game, [f.pos for f in observers], places)

    def solo_sees(self: SoloRules, game: Game, observers: list[Figure], targets: list[Figure],
                  within: float | None = None, cover: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """(visible, cover of the target: 0 none, 1 soft, 2 hard) of each target figure from
        each observing figure, as (O, T) arrays, for the risk factors ("enemy in sight", the
        cover the unit has from its nearest enemy...); pairs farther apart than ``within`` mm
        (as the ruleset measures) are not asked (not visible). By the table's line of sight;
        a ruleset whose sight is its own answers with that (``cover`` False: only whether is
        asked, and a ruleset need not work out the cover)."""
        vis = np.zeros((len(observers), len(targets)), dtype=bool)
        covers = np.zeros((len(observers), len(targets)), dtype=np.int8)
        self.prefetch_sight(game, observers, targets, within=within)
        for j, t in enumerate(targets):
            for i, o in enumerate(observers):
                if within is not None and self.apart(o, t) > within + 1e-6:
                    continue
                r = self.los(game, o, t)
                vis[i, j], covers[i, j] = r.visible, r.cover
        return vis, covers

    # ---- bookkeeping the risk factors need -----------------------------------------------
    def note_fire(self, game: Game, target_unit: str, firer_unit: str | None, firers: int, heavy: bool = False,
                  figures: Sequence[str] = (), at: bool = False) -> None:
        """Record that ``firers`` figures (of ``firer_unit``; ``figures``, their ids, when
        known) fired at ``target_unit``; ``heavy``: mortars, flame or AFVs; ``at``: anti-tank
        weapons."""
        st = game.state
        u = st.units.get(target_unit)
        if u is None:
            return
        rec: list[FireRecord] = u.attrs.setdefault(SoloKey.FIRED_ON, [])
        r = FireRecord(turn=st.turn, side=st.active_side, firers=firers, heavy=heavy, by=firer_unit, figures=sorted(figures))
        if at:
            r["at"] = True
        rec.append(r)
        del rec[:-12]

    def note_losses(self, game: Game, victim_unit: str, n: int, by_unit: str | None) -> None:
        """Record ``n`` figures of ``victim_unit`` lost, inflicted by ``by_unit`` (when known)."""
        st = game.state
        if n <= 0:
            return
        rec = CountRecord(turn=st.turn, side=st.active_side, n=n)
        if victim_unit in st.units:
            lost = st.units[victim_unit].attrs.setdefault(SoloKey.LOST, [])
            lost.append(rec)
            del lost[:-12]
        if by_unit and by_unit in st.units:
            inflicted = st.units[by_unit].attrs.setdefault(SoloKey.INFLICTED, [])
            inflicted.append(CountRecord(**rec))
            del inflicted[:-12]

    # ---- profiles (rulesets refine this) -------------------------------------------------
    def profile(self: SoloRules, game: Game, unit: Unit) -> Profile:
        figs = game.state.unit_figures(unit.id, alive_only=False)
        alive = [f for f in figs if f.alive]
        roles = {self.data.troop_types[f.type].role for f in alive}
        lost = sum(1 for f in figs if not f.alive) + sum(1 for f in alive if f.wounds)
        return Profile(
            routing=self.routed(game, unit),
            retiring=unit.markers.get(SoloKey.ORDER) in ("retreat", "rout"),
            support_weapon=unit.kind == "crew",
            command="officer" in roles,
            has_nco=bool(roles & {"nco", "officer"}),
            officer="officer" in roles,
            damaged_fraction=lost / len(figs) if figs else 0.0,
        )

    # ---- the risk factor -------------------------------------------------------------------
    def recent(self, game: Game, unit: Unit, key: str) -> list[dict[str, Any]]:
        """Records since the start of the unit's side's previous side-turn (interpretation
        ``under-fire``): fire received during its last turn (reaction fire), the other
        sides' turns since, and its own turn so far."""
        st = game.state
        order = st.side_order
        n = len(order)

        def index(turn: int, side: str) -> int:
            return turn * n + (order.index(side) if side in order else 0)

        now = index(st.turn, st.active_side)
        own = index(st.turn, unit.side)
        previous = own - n if own >= now else own  # the start of its side's last side-turn before now
        return [r for r in unit.attrs.get(key, []) if index(r["turn"], r.get("side", unit.side)) >= previous]

    def _sees(self: SoloRules, game: Game, figs: list[Figure], others: list[Figure], reach: float | None = None) -> list[Figure]:
        """Those of ``others`` a figure of ``figs`` sees (within ``reach`` mm); remembered
        while the game is read (the orders ask it of the same unit and enemies twice)."""
        if not figs or not others:
            return []

        def work() -> list[Figure]:
            vis, _ = self.solo_sees(game, figs, others, within=reach, cover=False)
            return [o for j, o in enumerate(others) if vis[:, j].any()]
        return list(self.recall(game, ("solo_in_sight", tuple(f.id for f in figs), tuple(o.id for o in others), reach), work))

    def risk_factors(self: SoloRules, game: Game, unit: Unit) -> list[tuple[str, int, str]]:
        """Every factor that applies to ``unit`` now: (id, value, words)."""
        tb = solo_tables()
        st = game.state
        prof = self.profile(game, unit)
        figs = st.unit_figures(unit.id)
        if not figs:
            return []
        out: list[tuple[str, int, str]] = []

        def add(fid: str, times: int = 1, words: str = "") -> None:
            f = tb.factor(fid)
            if times:
                out.append((fid, f.value * times, words or f.text))

        enemies = self.known_enemies(game, unit.side)  # what the side knows: spotted, not merely in sight
        friends = [f for f in st.figures.values() if f.alive and f.side == unit.side and f.unit != unit.id]
        seen_enemies = self._sees(game, figs, enemies)
        fire = self.recent(game, unit, SoloKey.FIRED_ON)
        if prof.routing:
            add("rout")
        numbers = firing_numbers(fire)
        if fire and (numbers >= 2 * len(figs) or any(r["heavy"] for r in fire)):
            heavy = any(r["heavy"] for r in fire)
            add("heavy_fire", 1, "under fire from mortars, flame or AFVs" if heavy else
                f"under fire from twice its numbers ({numbers} firers, {len(figs)} figures)")
        if prof.command or prof.one_action:
            add("command")
        per = tb.factor("losses").per
        quarters = int(prof.damaged_fraction * 100 // per) if per else 0
        if quarters:
            add("losses", quarters, f"{quarters * 25}% of the unit wounded, disabled or killed")
        if not prof.has_nco and not prof.support_weapon and not prof.at_gun and not prof.vehicle:
            add("no_nco")
        if fire:
            add("under_fire")
        cx = sum(f.x for f in figs) / len(figs)
        cy = sum(f.y for f in figs) / len(figs)
        flank = flanked((cx, cy), [e.pos for e in seen_enemies])
        retiring_near = any(
            u.id != unit.id and u.side == unit.side and self.withdrawing(game, u)
            and any(self.apart(f, (cx, cy)) <= tb.dist_mm("retiring") for f in st.unit_figures(u.id))
            for u in st.units.values()
        ) or self.withdrawing(game, unit)
        if flank or retiring_near:
            add("flanked", 1, "enemy seen to flank or rear" if flank else "a unit retiring within 24\"")
        lost = sum(r["n"] for r in self.recent(game, unit, SoloKey.LOST))
        inflicted = sum(r["n"] for r in self.recent(game, unit, SoloKey.INFLICTED))
        if lost > inflicted:
            add("losing", 1, f"losing a firefight ({lost} lost, {inflicted} inflicted)")
        officers = [f for f in friends if self.data.troop_types[f.type].role == "officer"]
        if self._sees(game, figs, officers, tb.dist_mm("officer")):
            add("officer")
        afv_reach = tb.dist_mm("friendly_afv")  # (a unit's profile read only for a friend that near)
        if any(self.apart(f, (cx, cy)) <= afv_reach and (p := self.profile(game, st.units[f.unit])).vehicle and not p.damaged
               for f in friends):
            add("friendly_afv")
        near = tb.dist_mm("friends_near")
        if any(
            u.id != unit.id and u.side == unit.side and not self.withdrawing(game, u)
            and any(self.apart(f, g) <= near + 1e-6 for f in st.unit_figures(u.id) for g in figs)
            for u in st.units.values()
        ):
            add("friends_near")
        cover = self.cover_from_enemy(game, figs, enemies)
        if prof.at_gun or prof.support_weapon or cover == "soft":
            add("soft_cover", 1, "AT gun or MMG/HMG" if (prof.at_gun or prof.support_weapon) else "in soft cover")
        still = stood_still(unit, figs) and not any(self.moved_lately(game, f) for f in figs)
        advancing = (unit.markers.get(SoloKey.ORDER) in FORWARD and not (prof.at_gun or prof.support_weapon) and not still
                     and not prof.routing)  # a unit in rout runs, it does not advance
        stationary_hard = cover == "hard" and still
        if advancing or stationary_hard:
            add("advancing", 1, "advancing" if advancing else "stationary in hard cover")
        if inflicted > lost and inflicted > 0:
            add("winning", 1, f"winning a firefight ({inflicted} inflicted, {lost} lost)")
        friends_retreating = [f for f in friends if self.withdrawing(game, st.units[f.unit])]
        if not seen_enemies and not self._sees(game, figs, friends_retreating):
            add("no_enemy")
        return out

    def cover_from_enemy(self: SoloRules, game: Game, figs: list[Figure], enemies: list[Figure]) -> str:
        """'hard', 'soft' or 'none': the cover most of the unit has from its nearest enemy."""
        if not enemies:
            return "none"
        cx = sum(f.x for f in figs) / len(figs)
        cy = sum(f.y for f in figs) / len(figs)
        nearest = min(enemies, key=lambda e: hypot(e.x - cx, e.y - cy))
        return cover_class([int(c) for c in self.solo_sees(game, [nearest], figs)[1][0]])

    # ---- the orders command --------------------------------------------------------------
    def solo_units(self, game: Game, side: str) -> list[Unit]:
        return [u for u in game.state.side_units(side) if game.state.unit_alive(u.id)]

    def ai_situation(self: SoloRules, game: Game, side: str, acting: str) -> tuple:
        """What, when it changes, may give a unit of ``side`` other than ``acting`` that had
        nothing left to do something new: the enemies the side knows of, and the status
        of each of its other units (hit, suppressed, pinned...)."""
        st = game.state
        enemies = self.known_enemies(game, side)
        own = self.recall(game, ("ai_situation", side), lambda: tuple(
            (u.id, len(st.unit_figures(u.id)), tuple(self.unit_status(game, u.id)))
            for u in st.side_units(side)))
        return (frozenset(f.id for f in enemies), tuple(o for o in own if o[0] != acting))

    def needs_orders(self, game: Game, unit: Unit) -> bool:
        return unit.markers.get(SoloKey.ORDERED_TURN) != game.state.turn and game.state.unit_alive(unit.id)

    def check_solo_orders(self, game: Game, cmd: Command) -> None:
        unit = _orders_unit(game, cmd)
        require(game.state.unit_alive(unit.id), f"{unit.name} has no figures left.")
        require(self.needs_orders(game, unit), f"{unit.name} already has its orders this turn.")

    def apply_solo_orders(self: SoloRules, game: Game, cmd: Command) -> None:
        unit = _orders_unit(game, cmd)
        prof = self.profile(game, unit)
        unit.markers[SoloKey.ORDERED_TURN] = game.state.turn
        if prof.vehicle:
            self._afv_orders(game, unit)
            return
        with game.reading():  # nothing changes while the factors are read
            factors = self.risk_factors(game, unit)
            sees_enemy = bool(self._sees(game, game.state.unit_figures(unit.id), self.known_enemies(game, unit.side)))
        rf = sum(v for _, v, _ in factors)
        words = ", ".join(f"{w} {v:+d}" for _, v, w in factors) or "no factors"
        roll = game.dice.roll("d6", f"{unit.name}: RF {rf} ({words}), solo action chart", units=[unit.id])
        order: str = solo_tables().chart_row(rf).results[roll.value - 1]
        prev = unit.markers.get(SoloKey.ORDER) or self.initial_order(game, unit)
        unseen = order == "close" and not sees_enemy  # interpretation close-unseen
        continued = order == "continue" or unseen
        if continued:
            order = prev if prev in ("halt", "advance", "attack", "retreat", "close") else "halt"
            note = f"Continue ({ORDER_WORDS[order]})"
            if unseen:
                note = f"no enemy in sight to move towards, so {note}"
        else:
            note = ORDER_WORDS[order]
        take_cover = bool(unit.markers.pop(SoloKey.TAKE_COVER, None)) and continued and order == "halt"
        self.note_last_enemy(game, unit)
        if prev == "retreat" and rf <= 0 and roll.value in solo_tables().fall_back_cover:
            order, take_cover = "halt", True  # interpretation fall-back-halt
            note = "Halt in the nearest cover facing the last known enemy (falling back)"
        if order in FORWARD and (prof.support_weapon or prof.at_gun):
            order = "halt"
            note += ": support weapons halt and fire instead"
        elif order in FORWARD and self.holds_position(game, unit):
            # the order stands (a Continue goes on with it); the planner holds the unit
            note += ": it defends its position and will not leave it; it holds and fires instead"
        elif why := self.planner.chart_note(game, unit, order):
            note += f": {why}"
        if take_cover:
            unit.markers[SoloKey.TAKE_COVER] = True
        unit.markers[SoloKey.ORDER] = order
        unit.markers[SoloKey.RISK] = rf
        unit.attrs[SoloKey.ORDERED_AT] = {f.id: [f.x, f.y] for f in game.state.unit_figures(unit.id)}
        roll.outcome = note
        if order == "rout":
            self.chart_rout(game, unit)

    def holds_position(self: SoloRules, game: Game, unit: Unit) -> bool:
        """A unit of the side that wins by holding on, in its trench, bunker or building:
        "they will not move from fortified positions they are defending" (interpretation
        defenders). The chart's note and each ruleset's planner read this one answer;
        rulesets that read the position otherwise refine it."""
        return defends(game, unit.side) and in_fortification(game, self.alive(game, unit.id))

    def initial_order(self, game: Game, unit: Unit) -> str:
        """The "current action" before a unit's first order: a side with something to
        take or break is advancing; a side that wins by holding on is halted."""
        v = game.state.attrs.get(StateKey.VICTORY, {})
        if v.get("otherwise") == unit.side:
            return "halt"
        return "advance" if any(c["side"] == unit.side for c in v.get("conditions", [])) else "halt"

    def afv_points(self, game: Game, unit: Unit) -> list[tuple[str, int, str]]:
        """The AFV's points, refined by rulesets with vehicles (afv_profile)."""
        tb = solo_tables()
        info = self.afv_situation(game, unit)
        out = []
        for fid, times in info.items():
            if times:
                f = tb.afv_factor(fid)
                out.append((fid, f.value * times, f.text))
        return out

    def afv_situation(self, game: Game, unit: Unit) -> dict[str, int]:
        """How many times each AFV factor applies; rulesets with vehicles override."""
        return {}

    def afv_enemy_seen(self: SoloRules, game: Game, side: str) -> bool:
        """Whether ``side`` has yet seen an enemy (the AFV chart's "if no enemy yet seen,
        they will continue current action"): noted once its side knows of an enemy
        figure, and kept for the rest of the game."""
        seen: list[str] = game.state.attrs.setdefault(SoloKey.ENEMY_SEEN, [])
        if side not in seen and self.known_enemies(game, side):
            seen.append(side)
        return side in seen

    def _afv_orders(self, game: Game, unit: Unit) -> None:
        if not _as_ruleset(self).afv_enemy_seen(game, unit.side):
            order = unit.markers.get(SoloKey.ORDER) or self.initial_order(game, unit)
            unit.markers[SoloKey.ORDER] = order
            game.emit("solo", f"{unit.name}: no enemy yet seen, so no AFV chart roll: it continues its current action "
                      f"({ORDER_WORDS[order]}).", units=[unit.id], visible_to=[unit.side])
            return
        pts = self.afv_points(game, unit)
        total = sum(v for _, v, _ in pts)
        words = ", ".join(f"{w} {v:+d}" for _, v, w in pts) or "no points"
        roll = game.dice.roll("d6", f"{unit.name}: AFV points {total} ({words}), AFV solo movement chart", units=[unit.id])
        order = solo_tables().afv_row(total).results[roll.value - 1]
        note, immobile = ORDER_WORDS[order], self.immobile(game, unit)
        if order == "bale_out" and not immobile:
            order, note = "retreat", "Retreat (not immobile, so no bale out)"
        elif order == "retreat" and immobile:  # "Retreat: ... If Immobile, Bale out"
            order, note = "bale_out", "Retreat: immobile, so Bale out"
        unit.markers[SoloKey.ORDER] = order
        roll.outcome = note
        if order == "bale_out":
            self.chart_bale_out(game, unit)

    def chart_bale_out(self, game: Game, unit: Unit) -> None:
        """The AFV chart's Bale out ("Crew abandons vehicle"): rulesets whose crews leave a
        vehicle in their own terms do it here, as the roll is made; the default leaves it
        to the planner and the commands (an abandon command, or no action)."""

    def note_last_enemy(self: SoloRules, game: Game, unit: Unit) -> None:
        """Note the nearest enemy figure the side knows of as the unit's "last known enemy
        position" (kept while none is known)."""
        figs = game.state.unit_figures(unit.id)
        foes = self.known_enemies(game, unit.side)
        if figs and foes:
            c = (sum(f.x for f in figs) / len(figs), sum(f.y for f in figs) / len(figs))
            e = min(foes, key=lambda f: (hypot(f.x - c[0], f.y - c[1]), f.id))
            unit.markers[SoloKey.LAST_ENEMY] = [round(e.x, 3), round(e.y, 3)]

    def chart_rout(self, game: Game, unit: Unit) -> None:
        """The chart's Rout: "Unit will run at move (+5cms) away from the nearest enemy
        unit(s), it may neither fight nor shoot. If surrounded, they surrender." Rulesets
        mark the unit routing in their own terms (so that :meth:`routed` answers yes),
        make its flight or its surrender (game/solo/retreat.py helps); the default
        leaves the Rout order alone for the planner to carry out."""

    def routed(self, game: Game, unit: Unit) -> bool:
        """Whether the unit is running, routing or panicked in its ruleset's own terms (a
        risk factor). Rulesets with such a state answer; the default: never."""
        return False

    def routed_by_rule(self, game: Game, unit: Unit) -> None:
        """A ruleset calls this as its own rule routs ``unit`` (a failed morale test): a solo
        unit is carrying out a Rout from then on, its order until it is diced again. So its
        card says so, and its flight is not read as an advance when its next orders are
        diced (interpretation advancing); a unit with no solo order (the player's) is left
        alone."""
        if unit.markers.get(SoloKey.ORDER) is not None:
            unit.markers[SoloKey.ORDER] = "rout"

    def withdrawing(self, game: Game, unit: Unit) -> bool:
        """Whether the unit is retiring, retreating or withdrawing as the risk factors read
        it ("self/ other unit retiring within 24\"", "unless it is withdrawing", "friends
        retreating"): on the chart's Retreat or Rout, or routed by its ruleset's own rule
        (a failed morale test, whoever plays the side)."""
        return unit.markers.get(SoloKey.ORDER) in ("retreat", "rout") or self.routed(game, unit)

    def immobile(self, game: Game, unit: Unit) -> bool:
        """Whether an AFV cannot move (the AFV chart's "bale out if immobile"). Rulesets
        with vehicles answer; the default: never."""
        return False

    def moved_lately(self, game: Game, fig: Figure) -> bool:
        """Whether the figure moved this turn or the last (a unit "stationary in hard
        cover" has not). The default reads this turn's move only."""
        return bool(fig.markers.get(FigureMark.MOVED))

    # ==== Portal markers (game/solo/portals.py) =========================================
    # Added for the solo rules' Setup, Enemy Force Generation, Eliminating Portals and solo
    # counters. The ruleset (or RulesetBase) calls solo_init at the end of set-up,
    # solo_apply around every command and solo_turn_start after on_turn_start; each is a
    # no-op unless the game plays a side from portal markers, and each runs once however
    # many layers call it.
    def solo_init(self, state: GameState, m: MapFile) -> None:
        """Set-up: the solo side's units become the pool, its portals secret markers."""


        portals.portals_setup(state, m)

    def solo_apply(self: SoloRules, game: Game, cmd: Command, apply: Callable[[Game, Command], None]) -> None:
        """Apply ``cmd`` with ``apply(game, cmd)``, then the portal rules that follow a
        command (recycling, counters, force generation, markers falling back)."""


        if not portal_state.active(game) or game.__dict__.get("_solo_applying"):
            apply(game, cmd)
            return
        before = portal_state.player_positions(game)
        game.__dict__["_solo_applying"] = True
        try:
            apply(game, cmd)
        finally:
            game.__dict__.pop("_solo_applying", None)
        if not game.state.over:
            portals.after_command(_as_ruleset(self), game, cmd, before)
            self.check_victory(game)

    def solo_turn_start(self, game: Game) -> None:
        """Start of a turn: a force generation roll for the markers in sight."""


        portals.turn_start(_as_ruleset(self), game)

    def solo_placed(self, game: Game, unit: Unit) -> None:
        """A unit the force generation table just put on the table: rulesets give its
        figures what their own set-up would (ammunition, crews)."""

    def solo_counter_attack(self: SoloRules, game: Game, kind: str, unit_id: str, at: tuple[float, float] | None = None) -> bool:
        """A solo counter ('sniper', 'artillery', 'mine') attacks a unit. Rulesets
        implement it in their own terms; returns False when there is no such attack."""
        game.emit("solo", f"No counter attack defined in {self.data.name} for a {kind} counter: it has no effect.", units=[unit_id])
        return False

    def counter_contact(self, game: Game, marker: Marker, figures: list[Figure]) -> list[Figure]:
        """Of the player's figures in sight of a solo counter (nearest first), those of the
        unit it attacks now ("if the counter spots an enemy or is spotted"). Rulesets with
        a spotting procedure roll it; the default: sight is enough."""
        return figures

    def portal_markers(self, game: Game, side: str | None = None) -> list[Marker]:
        """The solo side's markers as ``side`` may know them (None: everything)."""


        return portal_state.portal_markers(game, side)

    def solo_pool(self, game: Game) -> dict[str, int]:
        """Figures of the solo side waiting off the table: troop type -> count."""


        return portal_state.solo_pool(game)
    # ==== end of portal markers =============================================================


def _orders_unit(game: Game, cmd: Command) -> Unit:
    """The unit a ``solo_orders`` command names."""
    if cmd.unit is None:
        refuse("Choose the unit that dices for its orders.")
    return game.state.units[cmd.unit]


def _as_ruleset(rules: SoloMixin | SoloRules) -> RulesetBase:
    """The ruleset the solo rules are mixed into, as the portal rules take it. SoloMixin
    is mixed into :class:`~game.rulesets.base.RulesetBase` only, which imports this
    module (so the mixin cannot name it as its base): the cast states what is known."""
    return cast("RulesetBase", rules)
