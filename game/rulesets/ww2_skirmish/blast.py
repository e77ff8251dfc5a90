"""WW2 Skirmish: explosives and flame ("Grenades and Mortars", "other artillery hits",
"Flamethrowers", "Engineering"): grenades, rifle grenades and mortars (with smoke and
white phosphorus rounds), guns' high explosive against infantry, flamethrowers against
infantry, bunkers, posted charges and demolition.

Blast effects roll one die per figure in play; while the odds enumerator walks the dice,
figures with the same modifiers are rolled as one pool (their order carries no meaning),
which keeps the odds exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import hypot
from typing import TYPE_CHECKING

from shapely.geometry import LineString, Point

from game.core.commands import Command, refuse, require
from game.core.dice import Dice, changes
from game.core.game import Game
from game.core.keys import FigureMark
from game.core.state import Cloud, Figure, Unit
from game.geometry.terrain import TerrainFeature
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.common import EPS
from game.rulesets.ww2_skirmish.data import Weapon
from game.rulesets.ww2_skirmish.options import Ww2Options
from game.rulesets.ww2_skirmish.status import Ww2CloudAttr, Ww2FigAttr, Ww2FigMark, Ww2GameAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish

BLAST_WEAPONS = ("grenade", "rifle_grenade", "mortar")


@dataclass
class BlastShot:
    """A grenade, rifle grenade, mortar round or launcher fired as a rifle grenade."""

    firer: Figure
    wid: str
    weapon: Weapon
    pool: list[Figure]
    cost: int
    round: str  # he / smoke / wp
    target: Figure | None
    centre: tuple[float, float]
    distance: float
    band: str
    need: int
    mods: list[tuple[str, int]]
    direct: bool
    notes: list[str] = field(default_factory=list)


@dataclass
class FlamePlan:
    firer: Figure
    wid: str
    weapon: Weapon
    pool: list[Figure]
    target: Unit
    hits: list[tuple[Figure, str, int]]  # member, band, score needed
    bunker: TerrainFeature | None
    bunker_need: tuple[str, int] | None = None  # band and score needed to hit the bunker
    notes: list[str] = field(default_factory=list)


class Ww2Blasts(Chapter["Ww2Skirmish"]):
    # ---- who is caught by a blast ---------------------------------------------------------------
    rules: Ww2Skirmish

    def shielded(self, game: Game, centre: tuple[float, float], f: Figure) -> bool:
        """Separated from the blast by a wall, or by the walls of a building or bunker."""
        line = LineString([centre, f.pos]) if hypot(centre[0] - f.x, centre[1] - f.y) > EPS else None
        if line is None:
            return False
        c, p = Point(centre), Point(f.pos)
        for feat in game.table.features:
            if feat.type.id not in self.rules.data.blast.barriers or not feat.area.intersects(line):
                continue
            if feat.is_line:
                if feat.geometry.intersects(line):
                    return True
            elif feat.area.covers(c) != feat.area.covers(p):
                return True
        return False

    def blast_figures(self, game: Game, centre: tuple[float, float], radius: float) -> list[Figure]:
        """The figures a blast at ``centre`` reaches (remembered for the reading scope: the
        AI weighs the grenades of many firers at the same figure)."""
        return list(self.rules.recall(game, ("blast_figures", centre, radius), lambda: self._blast_figures(game, centre, radius)))

    def _blast_figures(self, game: Game, centre: tuple[float, float], radius: float) -> list[Figure]:
        out = []
        for f in game.state.figures.values():
            if not f.alive or self.rules.is_vehicle(f) or self.rules.is_gun(f):
                continue
            pos = f.pos
            if self.rules.embarked(f):
                v = self.rules.vehicle_of(game, f)
                if v is None or not self.rules.is_open_vehicle(v):
                    continue
            if self.rules.apart(f, centre, at=pos) <= radius + EPS and not self.shielded(game, centre, f):  # any of the base within the radius
                out.append(f)
        return sorted(out, key=lambda f: f.id)

    def roll_effects(self, dice: Dice, victims: list[tuple[Figure, list[tuple[str, int]]]], die: str, result_of, reason: str,
                     target: str) -> list[tuple[str, str]]:
        """(figure id, result) for each victim; flamethrower men are simply 'flamer'."""
        out: list[tuple[str, str]] = []
        rolled = []
        for f, mods in victims:
            if self.rules.effects.is_flamer(f):
                out.append((f.id, "flamer"))
            else:
                rolled.append((f, mods))
        for f, mods in rolled:
            total = sum(v for _, v in mods)
            roll = dice.roll(die, f"{reason}: {f.name}", target=target, modifiers=list(mods), figures=[f.id],
                             cuts=changes(die, lambda face, total=total: result_of(face + total)))
            res = result_of(roll.value + total)
            roll.outcome = res
            out.append((f.id, res))
        return out

    def explosive_victims(self, game: Game, centre: tuple[float, float], firer: Figure, kind: str) -> list[tuple[Figure, list[tuple[str, int]]]]:
        """Figures in the blast with their effect modifiers. ``kind``: 'explosive'
        (grenades, mortars) or 'artillery' (guns)."""
        out = []
        ef = self.rules.data.blast.effect
        art = self.rules.data.artillery
        for f in self.blast_figures(game, centre, self.rules.mm(self.rules.data.blast.radius)):
            if self.rules.in_bunker(game, f):
                continue  # bunkers have their own table
            mods: list[tuple[str, int]] = []
            if not self.rules.spotting.is_spotted(game, f.side, firer) or self.rules.enclosed(game, f):
                mods.append(("unaware of the firer" if not self.rules.enclosed(game, f) else "in an enclosed space",
                             ef.unaware_or_enclosed if kind == "explosive" else art.unaware_or_enclosed))
            if kind == "artillery" and self.rules.suppression(game.state.units[f.unit]):
                mods.append(("suppressed", art.suppressed))
            in_cover = self.rules.los(game, firer.pos, f.pos).cover > 0 or self.rules.embarked(f)
            if in_cover:
                mods.append(("in cover", ef.cover if kind == "explosive" else art.cover))
            out.append((f, mods))
        return out

    def blast_bunkers(self, game: Game, centre: tuple[float, float]) -> list[TerrainFeature]:
        """Bunkers whose occupants a blast at ``centre`` reaches (the hit is on the bunker)."""
        r = self.rules.mm(self.rules.data.blast.radius)
        out = []
        c = Point(centre)
        for feat in game.table.features:
            if feat.type.id == "bunker" and feat.area.distance(c) <= r + EPS and self.rules.bunker_occupants(game, feat):
                out.append(feat)
        return out

    # ---- bunkers ----------------------------------------------------------------------------------------
    def bunker_hit(self, dice: Dice, game: Game, bunker: TerrainFeature, weak: bool, why: str) -> list[tuple[str, str]]:
        """Explosives or flame on a bunker: d6, 1-2 nothing, 3 one occupant, 4+ all
        occupants dice as hit by an MG (-2 for guns under 50mm and grenades)."""
        b = self.rules.data.bunkers
        occ = self.rules.bunker_occupants(game, bunker)
        mods = [("gun under 50mm or grenade", b.weak_modifier)] if weak else []
        roll = dice.roll(b.die, f"{why} on {bunker.name}", target=f"{b.none_upto + 1}: one occupant, {b.one_upto + 1}+: all",
                         modifiers=mods)
        s = roll.value + sum(v for _, v in mods)
        if s <= b.none_upto or not occ:
            roll.outcome = "no effect"
            return []
        if s <= b.one_upto:
            i = dice.choose_index(len(occ), f"which occupant of {bunker.name} is hit")
            hit = [occ[i]]
            roll.outcome = "one occupant hit"
        else:
            hit = occ
            roll.outcome = "all occupants hit"
        mg = [("as hit by an MG", self.rules.data.fire_effect.automatic)]
        t = self.rules.data.fire_effect.table
        return self.roll_effects(dice, [(f, mg) for f in hit], t.die, t.result, "bunker occupant dices as hit by an MG",
                                 "1-4 suppressed, 5 wound, 6 disabled, 7+ killed")

    def apply_results(self, game: Game, results: list[tuple[str, str]], cause: str, by_unit: str | None) -> None:
        st = game.state
        for fid, res in results:
            f = st.figures[fid]
            if f.alive:
                self.rules.effects.apply_effect(game, f, res, cause, by_unit)

    # ---- grenades, rifle grenades and mortars ----------------------------------------------------------
    def blast_weapon(self, f: Figure, wid: str | None) -> tuple[str, Weapon]:
        if wid is None:
            for w_id, w in self.rules.weapons_of(f, *BLAST_WEAPONS):
                return w_id, w
            for w_id, w in self.rules.weapons_of(f, "at"):
                if w.vs_infantry == "rifle_grenade":
                    return w_id, w
            refuse(f"{f.name} has no grenade, rifle grenade or mortar.")
        require(wid in f.weapons, f"{f.name} has no {wid}.")
        w = self.rules.weapon(wid)
        require(w.category in BLAST_WEAPONS or (w.category == "at" and w.vs_infantry == "rifle_grenade"),
                f"{w.name} does not fire at infantry as a grenade or mortar.")
        require(wid not in f.markers.get(Ww2FigMark.WRECKED, []), f"{w.name} is wrecked.")
        return wid, w

    def ammo_left(self, f: Figure, w: Weapon, wid: str) -> int | None:
        if w.category == "grenade":
            return f.attrs.get(Ww2FigAttr.GRENADES, 0)
        if w.category in ("rifle_grenade", "mortar"):
            return f.attrs.get(Ww2FigAttr.ROUNDS, 0)
        return self.rules.guns.shots_left(f, wid)

    def pool(self, game: Game, f: Figure, w: Weapon) -> list[Figure]:
        """Who pays a blast's actions: a thrower alone, a mortar or gun with its crew."""
        return [f] if w.category in ("grenade", "rifle_grenade") else self.rules.firing.action_pool(game, f, w)

    def firer_refusal(self, game: Game, f: Figure, wid: str, w: Weapon) -> str | None:
        """Why ``f`` may not fire its blast weapon now at any target: no round left, or too
        few actions with its crew (and those saved); or None. A blast's check, and the
        shots listed for the AI and the reactions (a team carries many grenades, most out
        of reach of these)."""
        left = self.ammo_left(f, w, wid)
        if left is not None and left <= 0:
            return f"{f.name} has no {w.name} {'grenades' if w.category == 'grenade' else 'rounds'} left."
        have = (self.rules.guns.ready_count(f, wid) if w.accumulate else 0) + self.rules.firing.pool_actions(self.pool(game, f, w))
        if have < w.actions:
            return f"{w.name} needs {w.actions} actions; {f.name} has {have}" + (" (ready it over several turns)" if w.accumulate else "") + "."
        return None

    def target_refusal(self, game: Game, w: Weapon, rnd: str, target: Figure) -> str | None:
        """Why ``w`` firing ``rnd`` may not be aimed at ``target`` (a figure, or the vehicle
        its figure rides in) whatever else holds, or None (a blast's check, and the shots
        listed for the AI and the reactions, which leave these out)."""
        if self.rules.is_vehicle(target) and rnd == "he" and not self.rules.is_open_vehicle(target):
            return f"{target.name} is closed: only its open-topped kind can be hit by blast."
        if w.category == "grenade" and not self.grenade_target_ok(game, target):
            return "Grenades are only thrown at open vehicles, guns, bunkers, buildings, trenches and machine guns."
        return None

    def grenade_target_ok(self, game: Game, t: Figure) -> bool:
        """Grenades only against open vehicles, guns, bunkers, buildings, trenches and MGs."""
        if self.rules.embarked(t):
            v = self.rules.vehicle_of(game, t)
            return v is not None and self.rules.is_open_vehicle(v)
        if self.rules.is_vehicle(t):
            return self.rules.is_open_vehicle(t)
        if self.rules.feature_of(game, t.pos, "bunker", "building", "trench") is not None:
            return True
        for m in game.state.unit_figures(t.unit):
            if self.rules.is_gun(m) or any(w.category in ("mg", "mortar") for _, w in self.rules.weapons_of(m)):
                return True
        return False

    def blast_plan(self, game: Game, firer_id: str | None, target_id: str | None, point: tuple[float, float] | None,
                   opts: Ww2Options, strict: bool = True) -> BlastShot:
        st = game.state
        bl = self.rules.data.blast
        f = self.rules.require_figure(game, firer_id, "figure that fires")
        wid, w = self.blast_weapon(f, opts.weapon)
        rnd = opts.round or "he"
        rounds = w.rounds or ["he"]
        if rnd not in rounds:  # (the words made only for a refusal: a blast is weighed very often)
            refuse(f"{w.name} fires {', '.join(rounds)} rounds, not {rnd}.")
        if strict:
            self.rules.firing.firer_ready(game, f)
            why = self.firer_refusal(game, f, wid, w)
            require(why is None, why or "")
        pool = self.pool(game, f, w)
        target = st.figures.get(target_id or "")
        if rnd == "he":
            require(target is not None, "Choose an enemy figure to fire at.")
        if target is not None:
            require(target.side != f.side and target.alive, "Choose an enemy figure.")
            if self.rules.embarked(target):
                target = self.rules.riding_in(game, target)
            if strict:
                require(self.rules.spotting.is_spotted(game, f.side, target), f"{target.name} has not been spotted.")
            require(not self.rules.in_melee(game, target), f"{target.name} is in melee and may not be shot at.")
            why = self.target_refusal(game, w, rnd, target)
            require(why is None, why or "")
            centre = target.pos
        else:
            if point is None:
                refuse("Choose where the round lands.")
            centre = point
        direct = self.rules.los(game, f.pos, centre).visible
        if not direct:
            require(w.category == "mortar", f"{f.name} cannot see the target: only mortars fire at what friends can see.")
            spotters = [x for x in st.side_figures(f.side) if self.rules.spotting.can_observe(game, x) and self.rules.los(game, x.pos, centre).visible]
            require(bool(spotters), "No friendly figure can see that point.")
        rt = bl.ranges["rifle_grenade" if w.category == "at" else w.range_key]
        d = self.rules.apart(f, centre)  # the edge of the firer's base to the point aimed at
        band, need = self.rules.guns.band_of(rt, d, w.name)
        m = bl.modifiers
        mods: list[tuple[str, int]] = []
        notes: list[str] = []
        if target is not None and w.category == "grenade" and d <= self.rules.mm(m.drop_in_within) + EPS:
            if self.rules.in_bunker(game, target) or (self.rules.is_vehicle(target) and self.rules.is_open_vehicle(target)):
                mods.append((f"dropped into a bunker or open vehicle at {m.drop_in_within:g}\" or less", m.drop_in))
        last = f.attrs.get(Ww2FigAttr.LAST_BLAST, {}).get(wid)
        if w.category == "mortar" and direct and last and last.get("hit") and hypot(last["x"] - centre[0], last["y"] - centre[1]) <= self.rules.mm(bl.radius) + EPS:
            mods.append(("hit with its last shot, firing directly", m.ranged_in))
        if f.markers.get(FigureMark.MOVED) and f.side == st.active_side:
            mods.append(("firer moving", m.firer_moving))
        if target is not None:
            if self.rules.moved_recently(game, target) or self.rules.los(game, f.pos, target.pos).cover > 0:
                mods.append(("target moving or in cover", m.target_moving_or_cover))
            if self.rules.suppression(st.units[target.unit]):
                mods.append(("target suppressed", m.target_suppressed))
        if w.category == "at":
            notes.append(f"{w.name} counts as a rifle grenade against infantry")
        if not direct:
            notes.append("indirect fire at what a friend can see")
        return BlastShot(f, wid, w, pool, w.actions, rnd, target, centre, d, band, need, mods, direct, notes)

    def blast_to_hit(self, dice: Dice, b: BlastShot) -> bool:
        what = {"he": "", "smoke": " (smoke)", "wp": " (white phosphorus)"}[b.round]
        at = b.target.name if b.target is not None else "a point"
        roll = dice.roll(self.rules.data.blast.die, f"{b.firer.name} fires {b.weapon.name}{what} at {at} ({b.band} range)",
                         target=f"{b.need}+", modifiers=b.mods, figures=[b.firer.id], cuts=(b.need - sum(v for _, v in b.mods),))
        hit = roll.value + sum(v for _, v in b.mods) >= b.need
        roll.outcome = "hit" if hit else "miss"
        return hit

    def check_blast(self, game: Game, cmd: Command) -> None:
        self.checked_blast(game, cmd)

    def checked_blast(self, game: Game, cmd: Command) -> BlastShot:
        """The blast ``cmd`` asks for, as its check works it out (kept for the reading
        scope, where the AI weighs it and submit checks it, and for its apply)."""
        opts = Ww2Options.of(cmd)
        return self.rules.recall(game, ("blast_plan", cmd.figure, cmd.target, cmd.point, opts),
                                 lambda: self.blast_plan(game, cmd.figure, cmd.target, cmd.point, opts))

    def apply_blast(self, game: Game, cmd: Command) -> None:
        opts = Ww2Options.of(cmd)
        b = self.rules.planned(game, cmd, ("blast_plan", cmd.figure, cmd.target, cmd.point, opts),
                               lambda: self.blast_plan(game, cmd.figure, cmd.target, cmd.point, opts))
        f, w = b.firer, b.weapon
        saved = self.rules.guns.ready_count(f, b.wid) if w.accumulate else 0
        use = min(saved, b.cost)
        if use:
            f.attrs[Ww2FigAttr.READY][b.wid] = saved - use
        self.rules.spend_pool(b.pool, b.cost - use)
        self.rules.firing.mark_fired(game, f)
        if w.category == "grenade":
            f.attrs[Ww2FigAttr.GRENADES] = f.attrs.get(Ww2FigAttr.GRENADES, 0) - 1
        elif w.category in ("rifle_grenade", "mortar"):
            f.attrs[Ww2FigAttr.ROUNDS] = f.attrs.get(Ww2FigAttr.ROUNDS, 0) - 1
        else:
            f.attrs.setdefault(Ww2FigAttr.SHOTS, {})[b.wid] = (self.rules.guns.shots_left(f, b.wid) or 1) - 1
        if b.target is not None:
            self.rules.firing.note_target(game, game.state.units[b.target.unit], f, heavy=w.category == "mortar")
        hit = self.blast_to_hit(game.dice, b)
        f.attrs.setdefault(Ww2FigAttr.LAST_BLAST, {})[b.wid] = {"x": b.centre[0], "y": b.centre[1], "hit": hit}
        if hit:
            self.blast_lands(game, b)
        self.rules.firing.after_fire(game, [f], game.state.units[b.target.unit] if b.target is not None else None)

    def blast_lands(self, game: Game, b: BlastShot) -> None:
        st = game.state
        if b.round in ("smoke", "wp"):
            n = st.attrs.get(Ww2GameAttr.SMOKE_N, 0) + 1
            st.attrs[Ww2GameAttr.SMOKE_N] = n
            cid = f"smoke{n}"
            st.clouds[cid] = Cloud(cid, "smoke", b.centre[0], b.centre[1], radius=self.rules.mm(self.rules.data.blast.smoke_diameter) / 2,
                                   expires=f"after {st.sides[b.firer.side].name}'s next turn",
                                   attrs={Ww2CloudAttr.SIDE: b.firer.side, Ww2CloudAttr.UNTIL: self.rules.next_own_sideturn(game, b.firer.side)})
            game.emit("smoke", f"Smoke: a {self.rules.data.blast.smoke_diameter:g}\" cloud until after {st.sides[b.firer.side].name}'s next turn.")
            if b.round == "smoke":
                return
        cause = f"{b.weapon.name} fired by {b.firer.name}"
        weak = b.weapon.category == "grenade"
        for bunker in self.blast_bunkers(game, b.centre):
            self.apply_results(game, self.bunker_hit(game.dice, game, bunker, weak, cause), cause, b.firer.unit)
        t = self.rules.data.blast.effect.table
        victims = self.explosive_victims(game, b.centre, b.firer, "explosive")
        res = self.roll_effects(game.dice, victims, t.die, t.result, "blast effect", "2-3 suppressed, 4 wounded, 5 disabled, 6 killed")
        if not victims:
            game.emit("blast", "The blast catches nobody.")
        self.apply_results(game, res, cause, b.firer.unit)

    # ---- guns' high explosive -----------------------------------------------------------------------------------
    def he_hit(self, game: Game, firer: Figure, w: Weapon, target: Figure) -> None:
        cause = f"{w.name} HE from {firer.name}"
        calibre = w.calibre or 75
        for bunker in self.blast_bunkers(game, target.pos):
            weak = calibre < self.rules.data.bunkers.weak_below_mm
            self.apply_results(game, self.bunker_hit(game.dice, game, bunker, weak, cause), cause, firer.unit)
        art = self.rules.data.artillery
        victims = self.explosive_victims(game, target.pos, firer, "artillery")
        res = self.roll_effects(game.dice, victims, art.die_for(calibre), art.result, "HE effect",
                                "1-2 suppressed, 3-4 wounded, 5 disabled, 6+ killed")
        self.apply_results(game, res, cause, firer.unit)

    # ---- flamethrowers against infantry ----------------------------------------------------------------------------
    def flame_plan(self, game: Game, firer_id: str | None, target_id: str | None, strict: bool = True) -> FlamePlan:
        st = game.state
        f = self.rules.require_figure(game, firer_id, "flamethrower man")
        flamers = self.rules.weapons_of(f, "flamethrower")
        require(bool(flamers), f"{f.name} has no flamethrower.")
        wid, w = flamers[0]
        if strict:
            self.rules.firing.firer_ready(game, f)
            left = self.rules.guns.shots_left(f, wid)
            require(left is None or left > 0, f"{f.name}'s flamethrower is empty ({self.rules.data.flamethrowers.shots} shots a game).")
            require(not f.markers.get(FigureMark.MOVED), f"{f.name} moved this turn: flamethrowers may not move and fire.")
            have = self.rules.guns.ready_count(f, wid) + self.rules.actions_left(f)
            require(have >= w.actions, f"A flamethrower needs {w.actions} actions; {f.name} has {have}.")
        unit = self.rules.firing.target_unit(game, target_id)
        require(unit.side != f.side and st.unit_alive(unit.id), "Choose an enemy fire team.")
        require(self.rules.unit_vehicle(game, unit.id) is None, "Against vehicles a flamethrower is a hand-held anti-tank weapon.")
        rt = self.rules.data.flamethrowers.range
        if strict:
            require(any(self.rules.spotting.is_spotted(game, f.side, m) for m in st.unit_figures(unit.id)), f"{unit.name} has not been spotted.")
        hits = []
        bunker = None
        bunker_at: tuple[float, str, int] | None = None  # the nearest occupant the flamer sees
        for m in st.unit_figures(unit.id):
            if not self.rules.on_table(m) or self.rules.is_gun(m) or self.rules.in_melee(game, m):
                continue
            if not self.rules.los(game, f, m).visible:
                continue
            d = self.rules.apart(f, m)
            if d > self.rules.mm(rt.reach) + EPS or d < self.rules.mm(rt.minimum) - EPS:
                continue
            band = next(b for b in rt.bands if d <= self.rules.mm(b.upto) + EPS)
            if self.rules.in_bunker(game, m):
                bunker = self.rules.in_bunker(game, m)
                if bunker_at is None or d < bunker_at[0]:
                    bunker_at = (d, band.name, band.need)
                continue
            hits.append((m, band.name, band.need))
        require(bool(hits) or bunker is not None, f"No spotted figure of {unit.name} within {rt.reach:g}\" and in sight of {f.name}.")
        return FlamePlan(f, wid, w, [f], unit, hits, bunker, bunker_at[1:] if bunker_at is not None else None)

    def flame_bunker(self, dice: Dice, game: Game, p: FlamePlan) -> list[tuple[str, str]]:
        """Flame on a bunker ("if hit by explosives or flame - throw a D6"): one d20 to hit,
        at the band of the nearest occupant the flamer sees, then the bunker table once."""
        if p.bunker is None or p.bunker_need is None:
            return []
        band, need = p.bunker_need
        roll = dice.roll(self.rules.data.anti_tank.die, f"{p.firer.name} flames {p.bunker.name} ({band} range)", target=f"{need}+",
                         figures=[p.firer.id], cuts=(need,))
        hit = roll.value >= need
        roll.outcome = "hit" if hit else "miss"
        if not hit:
            return []
        return self.bunker_hit(dice, game, p.bunker, False, f"{p.firer.name}'s flamethrower")

    def flame_roll(self, dice: Dice, game: Game, p: FlamePlan) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = self.flame_bunker(dice, game, p)
        for m, band, need in p.hits:
            roll = dice.roll(self.rules.data.anti_tank.die, f"{p.firer.name} flames {m.name} ({band} range)", target=f"{need}+",
                             figures=[p.firer.id, m.id], cuts=(need,))
            hit = roll.value >= need
            roll.outcome = "hit" if hit else "miss"
            if hit:
                out.append((m.id, "flamer" if self.rules.effects.is_flamer(m) else self.rules.effects.flame_effect(dice, m, f"flame on {m.name}")))
        return out

    def check_flame(self, game: Game, cmd: Command) -> None:
        self.flame_plan(game, cmd.figure, cmd.target)

    def apply_flame(self, game: Game, cmd: Command) -> None:
        p = self.flame_plan(game, cmd.figure, cmd.target)
        f = p.firer
        saved = self.rules.guns.ready_count(f, p.wid)
        use = min(saved, p.weapon.actions)
        if use:
            f.attrs[Ww2FigAttr.READY][p.wid] = saved - use
        self.rules.spend(f, p.weapon.actions - use)
        self.rules.firing.mark_fired(game, f)
        f.markers[Ww2FigMark.NO_MOVE] = True
        f.attrs.setdefault(Ww2FigAttr.SHOTS, {})[p.wid] = (self.rules.guns.shots_left(f, p.wid) or 1) - 1
        self.rules.firing.note_target(game, p.target, f, heavy=True)
        res = self.flame_roll(game.dice, game, p)
        self.apply_results(game, res, f"flamethrower of {f.name}", f.unit)
        self.rules.firing.after_fire(game, [f], p.target)


