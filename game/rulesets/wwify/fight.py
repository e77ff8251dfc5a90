"""WWIFY AR:SE fighting: sight (smoke, flyers), squad fire by weapon and range band, the
trench re-roll, damage to large creatures, vehicles and flyers, close combat, the
artillery barrage, and the exact odds of each.

Each chance procedure is a small function of the dice (``die_fate``, ``side_best``,
``vehicle_table``, ``flyer_table``, ``smoke_save``; the barrage's ``he_fate`` and
``gas_fate`` are in artillery.py): the game rolls them with its seeded dice and the odds
part resolves the command under every branch of them.
A chapter of :class:`game.rulesets.wwify.ruleset.Wwify` (it reads the rest through ``self.rules``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from shapely.geometry import LineString, Point

from game.core.commands import refuse, require
from game.core.dice import Dice
from game.core.game import Game
from game.core.state import ACTIVE, CAPTURED, DEAD, DESTROYED, Figure, Unit
from game.geometry.grid import ArtilleryGrid
from game.geometry.measure import in_contact
from game.geometry.templates import covered
from game.rulesets.parts import Chapter
from game.rulesets.sight import KeptSight
from game.rulesets.wwify.data import Category, DamageTable
from game.rulesets.wwify.status import WwifyFigMark, WwifyUnitAttr, WwifyUnitMark

if TYPE_CHECKING:
    from game.rulesets.wwify.ruleset import Wwify


@dataclass
class Firer:
    fig: Figure
    weapon: str
    dice: int
    distance: float  # to the nearest enemy (FirePlan.nearest), mm


@dataclass
class FirePlan:
    unit: Unit
    target: Unit
    firers: list[Firer]
    range: float  # mm
    band: int
    trench: bool
    target_kind: str  # 'figures', 'large_creature', 'vehicle', 'flyer'
    chooser: str
    pools: list[tuple[str, int]]
    notes: list[str] = field(default_factory=list)
    #: the target qualifies for the trench re-roll and some of its figures are in smoke: a
    #: figure in smoke takes the smoke save instead of the re-roll, so each six is re-rolled
    #: for the trench only when it falls on a figure outside the smoke (interpretation smoke)
    trench_per_hit: bool = False
    #: the squad's "nearest enemy" (L195), the target figure the range is measured to
    nearest: Figure | None = None

    @property
    def dice(self) -> int:
        return sum(n for _, n in self.pools)


@dataclass
class CombatPlan:
    unit: Unit
    attackers: list[Figure]
    defenders: list[Figure]


class WwFight(Chapter["Wwify"]):
    # ---- who is what -------------------------------------------------------------------------
    rules: Wwify

    def category(self, fig: Figure) -> Category:
        return self.rules.troop(fig).category

    def is_gun(self, fig: Figure) -> bool:
        return self.category(fig) in ("hmg", "mortar", "field_gun")

    def target_kind(self, unit: Unit) -> str:
        return unit.kind if unit.kind in ("large_creature", "vehicle", "flyer") else "figures"

    def in_trench(self, game: Game, fig: Figure) -> bool:
        """In a trench for the saves (fire's trench re-roll, high explosive's): the figure's
        centre inside a trench's or bunker's footprint. A flyer is above the battlefield and a
        vehicle is not "in" a trench it stands over: never (interpretation trench)."""
        return self.category(fig) not in ("flyer", "vehicle") and self.rules.moving.in_trench(game, fig.pos)

    def has_mask(self, fig: Figure) -> bool:
        return "gas_mask" in fig.equipment

    # ---- sight ---------------------------------------------------------------------------------
    def sees(self, game: Game, a: Figure, b: Figure) -> bool:
        """Line of sight for fire. Smoke blocks sight, but a figure inside smoke may be
        fired at: sight is traced to where the line enters its cloud. Sight to or from a
        flyer is blocked by smoke only. While :meth:`fast_sight` holds a sight matrix (no
        smoke on the table), the answer is read from it: the same answer, cheaper."""
        sight: KeptSight | None = game.kept.get("wwai_fast")
        if sight is not None:
            if self.category(a) == "flyer" or self.category(b) == "flyer":
                return True
            i, j = sight.rows.get(a.id), sight.rows.get(b.id)
            if i is not None and j is not None and sight.pos[i] == a.pos and sight.pos[j] == b.pos:
                return bool(sight.matrix.visible[i, j])
        target = b.pos
        clouds = [f for f in game.table.features_at(b.pos) if f.type.id == "smoke"]
        if clouds:
            line = LineString([a.pos, b.pos])
            entry = None
            for c in clouds:
                inter = line.intersection(c.area)
                for g in getattr(inter, "geoms", [inter]):
                    if g.is_empty:
                        continue
                    d = min(line.project(Point(p)) for p in g.coords)
                    entry = d if entry is None else min(entry, d)
            if entry is None or entry <= 0.1:
                return False  # the firer stands in the same smoke
            p = line.interpolate(entry - 0.1)
            target = (float(p.x), float(p.y))
        res = self.rules.los(game, a.pos, target)
        if self.category(a) == "flyer" or self.category(b) == "flyer":
            return not any(c.type_id == "smoke" and c.effect == "blocks" for c in res.crossings)
        return res.visible

    # ---- fire ---------------------------------------------------------------------------------
    def best_weapon(self, weapons: list[str], band: int) -> str:
        """Of ``weapons``, the one rolling the most dice at range band ``band`` (the first
        listed of equals): what a figure fires at that range (L199-210)."""
        return max(weapons, key=lambda w: (self.rules.data.weapons[w].dice[band] or 0, -weapons.index(w)))

    def band_of(self, distance_mm: float) -> int | None:
        inches = self.rules.in_units(distance_mm)
        for i, b in enumerate(self.rules.data.firing.bands):
            if inches <= b.upto + 1e-6:
                return i
        return None

    def can_hurt(self, wid: str, kind: str) -> bool:
        w = self.rules.data.weapons[wid]
        if kind == "vehicle":
            return w.vs_vehicles
        if kind == "flyer":
            return w.vs_flyers
        return True

    def fire_plan(self, game: Game, unit_id: str, target_id: str | None) -> FirePlan:
        """Who fires what at which range, or a refusal with the reason."""
        st = game.state
        unit = st.units[unit_id]
        if target_id is None or target_id not in st.units:
            refuse("Choose an enemy unit to fire at.")
        target = st.units[target_id]
        require(target.side != unit.side, f"{target.name} is on your own side.")
        require(st.unit_alive(target.id), f"{target.name} has no figures left.")
        kind = self.target_kind(target)
        armed = [f for f in self.rules.alive(game, unit.id) if f.weapons]
        require(bool(armed), f"{unit.name} has no weapons.")
        targets = self.rules.alive(game, target.id)
        top = self.rules.data.firing.bands[-1].upto
        reasons: list[str] = []
        cands: list[tuple[Figure, list[str], list[Figure]]] = []
        self.rules.prefetch_sight(game, armed, targets, within=self.rules.mm(top) + 1e-6)
        for f in armed:
            usable = [w for w in f.weapons if self.can_hurt(w, kind)]
            if not usable:
                reasons.append(f"{f.name}'s {', '.join(self.rules.data.weapons[w].name for w in f.weapons)} cannot hurt a {kind.replace('_', ' ')}")
                continue
            if self.rules.moving.in_cloud(game, f.pos, "smoke"):
                reasons.append(f"{f.name} is in smoke and may not fire")
                continue
            seen = [t for t in targets if self.rules.apart(f, t) <= self.rules.mm(top) + 1e-6 and self.sees(game, f, t)]
            if not seen:
                far = min(self.rules.apart(f, t) for t in targets)
                reasons.append(f"{f.name} cannot see {target.name} within {top:g}\"" if far <= self.rules.mm(top) else
                               f"{target.name} is {self.rules.fmt(far)} from {f.name}: beyond {top:g}\"")
                continue
            cands.append((f, usable, seen))
        if not cands:
            refuse(f"{unit.name} cannot fire at {target.name}: " + "; ".join(reasons[:2]) + ".")
        k = len(reasons)
        near, ranged = self.squad_range(cands, reasons)
        if not ranged:
            refuse(f"{unit.name} has no weapon that reaches {target.name}: " + "; ".join(reasons[k:k + 2]) + ".")
        rng = max(d for _, _, d in ranged)
        band = self.band_of(rng)
        assert band is not None
        firers: list[Firer] = []
        notes: list[str] = []
        for f, usable, d in ranged:
            best = self.best_weapon(usable, band)
            n = self.rules.data.weapons[best].dice[band] or 0
            if n:
                firers.append(Firer(f, best, n, d))
            else:
                notes.append(f"{f.name}: {self.rules.data.weapons[best].name} cannot fire at {self.rules.data.firing.bands[band].label}")
        label = self.rules.data.firing.bands[band].label
        require(bool(firers), f"{unit.name} has no weapon that reaches {target.name} at {self.rules.fmt(rng)} ({label}).")
        pools: dict[str, int] = {}
        for fr in firers:
            pools[fr.weapon] = pools.get(fr.weapon, 0) + fr.dice
        order = list(self.rules.data.weapons)
        pool_list = sorted(pools.items(), key=lambda kv: order.index(kv[0]))
        in_trench = sum(1 for t in targets if self.in_trench(game, t))
        trench = in_trench / len(targets) >= self.rules.data.firing.trench_fraction - 1e-9
        sniper = any(self.rules.data.weapons[fr.weapon].sniper for fr in firers)
        chooser = unit.side if sniper else target.side
        notes += reasons
        if trench:
            notes.append(f"{in_trench} of {len(targets)} figures of {target.name} in a trench: sixes are re-rolled, 4-6 kills")
        smoky = [t for t in targets if self.rules.moving.in_cloud(game, t.pos, "smoke")]
        if smoky:
            notes.append(f"{len(smoky)} figure(s) of {target.name} in smoke: each picked as a casualty saves on {self.rules.data.firing.smoke_save_on}+"
                         + (" instead of the trench re-roll" if trench else ""))
        if sniper:
            notes.append("sniper: the firer picks which figures are hit")
        return FirePlan(unit, target, firers, rng, band, trench, kind, chooser, pool_list, notes, trench_per_hit=trench and bool(smoky),
                        nearest=near)

    def squad_range(self, cands: list[tuple[Figure, list[str], list[Figure]]],
                    reasons: list[str]) -> tuple[Figure, list[tuple[Figure, list[str], float]]]:
        """"The range for the squad is measured between the nearest enemy, and the firer
        that is furthest away" (L195; interpretation range). ``cands``: the figures that
        can fire at the target (a weapon that can hurt it, not in smoke), each with the
        target figures it sees within 32". The nearest enemy is the target figure one of
        them sees that is nearest to any of them; each is then measured to it (base edge
        to base edge), and a figure beyond 32" of it, or whose weapons roll nothing at
        that distance, does not fire (its reason is added to ``reasons``). Returns the
        nearest enemy and the figures that fire with their distances to it: the squad's
        range is the largest of those."""
        apart = self.rules.apart
        seen = {t.id: t for _, _, ts in cands for t in ts}
        near = min(seen.values(), key=lambda t: (min(apart(f, t) for f, _, _ in cands), t.id))
        bands = self.rules.data.firing.bands
        out: list[tuple[Figure, list[str], float]] = []
        for f, usable, _ in cands:
            d = apart(f, near)
            band = self.band_of(d)
            if band is None:
                reasons.append(f"{f.name} is {self.rules.fmt(d)} from {near.name}, the nearest enemy: beyond {bands[-1].upto:g}\"")
            elif not any(self.rules.data.weapons[w].dice[band] for w in usable):
                names = ", ".join(self.rules.data.weapons[w].name for w in usable)
                reasons.append(f"{f.name}'s {names} cannot fire at {bands[band].label} ({near.name}, the nearest enemy, is {self.rules.fmt(d)} away)")
            else:
                out.append((f, usable, d))
        return near, out

    def die_fate(self, dice: Dice, trench: bool) -> bool:
        """One firing die: a six kills; against a unit in a trench the six is re-rolled and
        kills on 4-6."""
        fi = self.rules.data.firing
        if dice.roll("d6", "fire die", target=f"{fi.kill_on}+").value < fi.kill_on:
            return False
        if not trench:
            return True
        return dice.roll("d6", "trench re-roll", target=f"{fi.trench_reroll_kill_on}+").value >= fi.trench_reroll_kill_on

    def roll_fire(self, dice: Dice, plan: FirePlan) -> dict[str, int]:
        """The real dice: one pool per weapon, the sixes of a pool re-rolled together when
        the target is in a trench. Kill results by weapon."""
        fi = self.rules.data.firing
        label = self.rules.data.firing.bands[plan.band].label
        kills: dict[str, int] = {}
        for wid, n in plan.pools:
            w = self.rules.data.weapons[wid]
            who = [fr.fig.id for fr in plan.firers if fr.weapon == wid]
            r = dice.roll(f"{n}d6", f"{plan.unit.name}: {w.name} x{len(who)} at {plan.target.name} ({label}, {self.rules.fmt(plan.range)})",
                          target=f"{fi.kill_on}+", figures=who, units=[plan.unit.id, plan.target.id], cuts=(fi.kill_on,))
            sixes = sum(1 for v in r.faces if v >= fi.kill_on)
            if plan.trench_per_hit and sixes:
                r.outcome = f"{sixes} six{'es' if sixes > 1 else ''}: each re-rolled for the trench unless it falls on a figure in smoke"
                k = sixes
            elif plan.trench and sixes:
                r.outcome = f"{sixes} six{'es' if sixes > 1 else ''}: re-rolled (target in a trench)"
                rr = dice.roll(f"{sixes}d6", f"{plan.target.name} is in a trench: re-roll the sixes",
                               target=f"{fi.trench_reroll_kill_on}+", units=[plan.target.id], cuts=(fi.trench_reroll_kill_on,))
                k = sum(1 for v in rr.faces if v >= fi.trench_reroll_kill_on)
                rr.outcome = f"{k} kill{'s' if k != 1 else ''}"
            else:
                k = sixes
                r.outcome = f"{k} kill{'s' if k != 1 else ''}"
            kills[wid] = k
        return kills

    # ---- damage tables and saves ---------------------------------------------------------------
    def hit_saved(self, game: Game, fig: Figure, smoke: bool, trench: bool) -> bool:
        """One kill result falling on ``fig``: in smoke (when the fire allows the smoke save)
        it saves on 2+, "whether or not they are in a trench" (the smoke save replaces the
        trench re-roll); otherwise, when the trench re-roll was left to each hit
        (``trench``), the six is re-rolled now and kills on 4-6."""
        if smoke and self.rules.moving.in_cloud(game, fig.pos, "smoke"):
            return self.smoke_save(game.dice, fig.name, fig.id)
        if trench:
            on = self.rules.data.firing.trench_reroll_kill_on
            r = game.dice.roll("d6", f"{fig.name} is in a trench: re-roll the six", target=f"{on}+", figures=[fig.id], cuts=(on,))
            r.outcome = "a kill" if r.value >= on else "saved by the trench"
            return r.value < on
        return False

    def smoke_save(self, dice: Dice, name: str, fid: str = "") -> bool:
        on = self.rules.data.firing.smoke_save_on
        r = dice.roll("d6", f"{name} is hit in the smoke: saving throw", target=f"{on}+", figures=[fid] if fid else [], cuts=(on,))
        ok = r.value >= on
        r.outcome = "saved by the smoke" if ok else "not saved"
        return ok

    def vehicle_table(self, dice: Dice, name: str, fid: str = "") -> str:
        return self._damage(dice, self.rules.data.vehicle_damage, f"{name} is hit: vehicle damage", "1-3 immobilised, 4-6 destroyed", fid)

    def flyer_table(self, dice: Dice, name: str, fid: str = "") -> str:
        return self._damage(dice, self.rules.data.flyer_damage, f"{name} is hit: flyer damage", "1-4 winged, 5-6 destroyed", fid)

    @staticmethod
    def _damage(dice: Dice, table: DamageTable, reason: str, target: str, fid: str) -> str:
        """One roll on a damage table (vehicles, flyers): the row's result."""
        r = dice.roll(table.die, reason, target=target, figures=[fid] if fid else [], cuts=table.cuts())
        row = table.result(r.value)
        r.outcome = row.text
        return row.result

    # ---- close combat ---------------------------------------------------------------------------
    def combatant(self, fig: Figure) -> bool:
        return fig.alive and self.category(fig) not in ("vehicle", "flyer", "hmg", "mortar", "field_gun")

    def contact(self, a: Figure, b: Figure) -> bool:
        return in_contact(a.pos, a.radius, b.pos, b.radius)

    def combat_plan(self, game: Game, unit_id: str) -> CombatPlan:
        """The single combat a Combat action of ``unit_id`` fights: "All figures in base to
        base contact count as involved in a single combat". Its figures in contact with an
        enemy, and every figure joined to them by a chain of base contacts between enemies
        (friends of other units too); the acting side's figures attack, the rest defend."""
        st = game.state
        unit = st.units[unit_id]
        fighters = sorted((f for f in st.figures.values() if self.combatant(f)), key=lambda f: f.id)
        mine = [f for f in fighters if f.unit == unit_id]
        start = [f for f in mine if any(e.side != f.side and self.contact(f, e) for e in fighters)]
        require(bool(start), f"No figure of {unit.name} is in base contact with an enemy that fights.")
        seen = {f.id for f in start}
        todo = list(start)
        while todo:
            f = todo.pop()
            for e in fighters:
                if e.id not in seen and e.side != f.side and self.contact(f, e):
                    seen.add(e.id)
                    todo.append(e)
        group = [f for f in fighters if f.id in seen]
        return CombatPlan(unit, [f for f in group if f.side == unit.side], [f for f in group if f.side != unit.side])

    def combat_mods(self, fig: Figure) -> list[tuple[str, int]]:
        cc = self.rules.data.close_combat
        tt = self.rules.troop(fig)
        mods: list[tuple[str, int]] = []
        if tt.role == "officer":
            mods.append(("officer", cc.officer))
        if tt.engineer:
            mods.append(("engineer", cc.engineer))
        if tt.category == "cavalry":
            mods.append(("mounted", cc.mounted))
        if tt.category == "large_creature":
            mods.append(("large creature", cc.large_creature))
            if fig.wounds:
                mods.append((f"{fig.wounds} wound{'s' if fig.wounds > 1 else ''}", cc.per_wound * fig.wounds))
        return mods

    def combat_groups(self, figs: list[Figure]) -> list[tuple[tuple[tuple[str, int], ...], list[Figure]]]:
        groups: dict[tuple[tuple[str, int], ...], list[Figure]] = {}
        for f in figs:
            groups.setdefault(tuple(self.combat_mods(f)), []).append(f)
        return sorted(groups.items(), key=lambda kv: (sum(v for _, v in kv[0]), kv[0]))

    def side_best(self, dice: Dice, groups, who: str) -> int:
        """Each combatant rolls a d6 with its modifiers; the side counts its best score."""
        best = -99
        for mods, figs in groups:
            total = sum(v for _, v in mods)
            names = ", ".join(f.name for f in figs[:3]) + (" ..." if len(figs) > 3 else "")
            r = dice.roll(f"{len(figs)}d6", f"{who} in close combat: {names}", target="the best score wins",
                          modifiers=list(mods), figures=[f.id for f in figs])
            score = max(r.faces) + total
            r.outcome = f"best {score}"
            best = max(best, score)
        return best

    # ---- artillery ------------------------------------------------------------------------------
    def grid(self, game: Game) -> ArtilleryGrid:
        return ArtilleryGrid(game.table.width, game.table.height)

    def square_die(self, game: Game) -> str:
        n = self.grid(game).big_count
        return self.rules.data.artillery.square_die if n == 10 else f"d{n}"

    def under_barrage(self, game: Game, poly) -> list[Figure]:
        figs = [f for f in sorted(game.state.figures.values(), key=lambda f: f.id) if f.alive]
        if not figs:
            return []
        return [figs[i] for i in covered(poly, [f.pos for f in figs])]

    def testable(self, fig: Figure) -> bool:
        """Tested under a barrage: "all figures in 1 foot square test", but gun models are
        tested through their crews, and flyers not at all: a barrage is not among the weapons
        that "can damage a Flyer" (L291-295: "Rifle, SMG, LMG, HMG, Sniper"), where the
        vehicles' list names it (interpretations artillery-he, gas)."""
        return self.category(fig) not in ("hmg", "mortar", "field_gun", "flyer")

    # ---- effects on the state ---------------------------------------------------------------------
    def record_casualty(self, game: Game, fig: Figure, kind: str, saveable: bool) -> None:
        unit = game.state.units[fig.unit]
        recs = [r for r in unit.attrs.get(WwifyUnitAttr.CASUALTIES, []) if r["turn"] == game.state.turn]
        recs.append({"turn": game.state.turn, "fig": fig.id, "kind": kind, "saveable": saveable})
        unit.attrs[WwifyUnitAttr.CASUALTIES] = recs
        self.rules.note_losses(game, unit.id, 1, None)

    def kill(self, game: Game, fig: Figure, cause: str, capture: bool = False, saveable: bool = True) -> None:
        fig.life = CAPTURED if capture else (DESTROYED if self.category(fig) in ("vehicle", "flyer") else DEAD)
        self.record_casualty(game, fig, "captured" if capture else "dead", saveable and not capture)
        verb = "is captured" if capture else ("is destroyed" if fig.life == DESTROYED else "is killed")
        game.emit("casualty", f"{fig.name} {verb} ({cause}).", figures=[fig.id], units=[fig.unit])
        self.after_loss(game, game.state.units[fig.unit])

    def wound(self, game: Game, fig: Figure, cause: str) -> None:
        fig.wounds += 1
        self.record_casualty(game, fig, "wound", True)
        top = self.rules.data.firing.large_creature_wounds
        if fig.wounds >= top:
            fig.life = DEAD
            game.emit("casualty", f"{fig.name} takes a {self._nth(fig.wounds)} wound and dies ({cause}).", figures=[fig.id], units=[fig.unit])
            self.after_loss(game, game.state.units[fig.unit])
        else:
            game.emit("casualty", f"{fig.name} is wounded ({fig.wounds} of {top}; {cause}).", figures=[fig.id], units=[fig.unit])

    @staticmethod
    def _nth(n: int) -> str:
        return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")

    def vehicle_result(self, game: Game, fig: Figure, result: str, cause: str) -> None:
        unit = game.state.units[fig.unit]
        if result == "destroyed":
            self.kill(game, fig, cause)
        elif result == "immobilised":
            if not unit.markers.get(WwifyUnitMark.IMMOBILISED):
                unit.markers[WwifyUnitMark.IMMOBILISED] = True
                game.emit("status", f"{fig.name} is immobilised: it can't move but can still fire.", figures=[fig.id], units=[unit.id])

    def flyer_result(self, game: Game, fig: Figure, result: str, cause: str) -> None:
        unit = game.state.units[fig.unit]
        if result == "destroyed":
            self.kill(game, fig, cause)
        else:
            unit.markers[WwifyUnitMark.WINGED] = unit.markers.get(WwifyUnitMark.WINGED, 0) + 1
            game.emit("status", f"{fig.name} is winged (no effect).", figures=[fig.id], units=[unit.id])

    def after_loss(self, game: Game, unit: Unit) -> None:
        st = game.state
        figs = st.unit_figures(unit.id, alive_only=False)
        if unit.kind in ("hmg", "mortar", "field_gun"):
            crew = [f for f in figs if not self.is_gun(f) and not self.rules.troop(f).medic]  # a medic is not crew (reading support-crews)
            if crew and not any(f.alive for f in crew):
                for g in figs:
                    if self.is_gun(g) and g.alive:
                        g.life = DESTROYED
                        g.markers[WwifyFigMark.ABANDONED] = True
                        game.emit("casualty", f"{g.name} falls silent: its crew is gone.", figures=[g.id], units=[unit.id])
        if not st.unit_alive(unit.id) and not unit.markers.get(WwifyUnitMark.GONE):
            unit.markers[WwifyUnitMark.GONE] = True
            game.emit("casualty", f"{unit.name} is out of action.", units=[unit.id])

    def revive(self, game: Game, fig: Figure, kind: str) -> None:
        """A medic's save: undo one casualty of this turn."""
        unit = game.state.units[fig.unit]
        if kind == "wound":
            fig.wounds = max(0, fig.wounds - 1)
        fig.life = ACTIVE
        unit.markers.pop(WwifyUnitMark.GONE, None)
        if unit.kind in ("hmg", "mortar", "field_gun"):
            for g in game.state.unit_figures(unit.id, alive_only=False):
                if self.is_gun(g) and g.markers.pop(WwifyFigMark.ABANDONED, None):
                    g.life = ACTIVE

