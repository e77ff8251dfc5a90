"""WW2 Skirmish: exact odds before a command is confirmed, for every kind of fire,
spotting, melee, morale and suppression removal. Each report runs the procedure that
resolves the command (game/rulesets/ww2_skirmish/fire.py, blast.py, vehicles.py,
spot.py, melee.py, morale.py) under enumerating dice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from math import hypot
from typing import TYPE_CHECKING

from game.core.commands import Command, Refusal, option_pairs, refuse, require
from game.core.dice import Dice, die_faces
from game.core.game import Game
from game.core.odds import Distribution, enumerate_outcomes
from game.core.state import Figure
from game.rulesets.offers import OddsLine, OddsReport
from game.rulesets.parts import OddsPart
from game.rulesets.ww2_skirmish.common import EPS
from game.rulesets.ww2_skirmish.data import SMALL_ARMS
from game.rulesets.ww2_skirmish.melee import Fight
from game.rulesets.ww2_skirmish.options import Ww2Options

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish

EFFECT_ORDER = ("suppressed", "wounded", "disabled", "killed", "flamer")


@dataclass
class FlamePlanOne:
    plan: object
    member: Figure
    band: str
    need: int


def combine(parts: list[Distribution]) -> Distribution:
    """Independent parts (each a tuple of effects) added up into one labelled result."""
    acc: dict[tuple, Fraction] = {(): Fraction(1)}
    for d in parts:
        nxt: dict[tuple, Fraction] = {}
        for k, p in acc.items():
            for o, q in d.fractions.items():
                key = tuple(sorted(k + tuple(o)))
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        acc = nxt
    fr: dict[str, Fraction] = {}
    for k, p in acc.items():
        label = "no effect" if not k else counts_label([("", r) for r in k])
        fr[label] = fr.get(label, Fraction(0)) + p
    return Distribution({k: float(v) for k, v in fr.items()}, True, "exact: each figure enumerated, then combined", fr)


def no_effect(outcome: object) -> bool:
    """An outcome of the odds that does the target no harm (a miss, no effect...)."""
    return any(w in str(outcome).lower() for w in ("miss", "no effect", "none", "unhurt", "nothing", "cannot"))


def counts_label(results: list[tuple[str, str]]) -> str:
    c = Counter(r for _, r in results if r not in ("none", "miss"))
    if not c:
        return "hit, no effect"
    return "hit: " + ", ".join(f"{c[k]} {k if k != 'flamer' else 'flamethrower man'}" for k in EFFECT_ORDER if c[k])


def labelled(part: Callable[[Dice], list[tuple[str, str]]], dice: Dice) -> str:
    """The label of what one independent part of a shot does (for the odds)."""
    return counts_label(part(dice))



class Ww2Odds(OddsPart["Ww2Skirmish"]):
    rules: Ww2Skirmish

    def odds_command(self, game: Game, shooter: str, target: str | None, assault: bool, extra: dict[str, str]) -> Command:
        st = game.state
        f = st.figures[shooter]
        known = {"shot", "weapon", "kind", "facing", "as", "round", "at"}
        bad = set(extra) - known
        if bad:
            refuse(f"{self.rules.data.name} takes --option {', '.join(sorted(known))} (not {', '.join(sorted(bad))}).")
        kind = extra.get("kind")
        if assault or kind == "melee":
            return Command("melee", f.side, figure=f.id, target=target)
        if kind == "spot":
            return Command("spot", f.side, figure=f.id, target=target)
        if kind == "morale":
            return Command("morale", f.side, unit=f.unit)
        if kind in ("suppression", "remove_suppression"):
            return Command("remove_suppression", f.side, unit=f.unit)
        if kind == "volley":
            return Command("volley", f.side, unit=f.unit, target=target)
        if kind == "team":
            return Command("fire_team", f.side, unit=f.unit, target=target, options=option_pairs(shot=extra.get("shot", "unaimed")))
        w = extra.get("weapon")
        if w in (None, "small", "smallarms") or (w in f.weapons and self.rules.weapon(w).category in SMALL_ARMS) or (w in f.weapons and self.rules.is_vehicle(f) and self.rules.weapon(w).category == "mg"):
            wid = w if w in f.weapons else None
            return Command("fire", f.side, figure=f.id, target=target,
                           options=option_pairs(shot=extra.get("shot", "unaimed"), weapon=wid, at=extra.get("at"), **{"as": extra.get("as")}))
        cats = {"grenade": ("grenade",), "rifle_grenade": ("rifle_grenade",), "mortar": ("mortar", "rifle_grenade"),
                "gun": ("gun",), "at": ("at", "flamethrower"), "flame": ("flamethrower",)}
        if w in f.weapons:
            wid, wpn = w, self.rules.weapon(w)
        else:
            require(w in cats, f"--option weapon= one of {', '.join(cats)} or a weapon id of {f.name} ({', '.join(f.weapons)}).")
            found = self.rules.weapons_of(f, *cats[w])
            require(bool(found), f"{f.name} has no {w}.")
            wid, wpn = found[0]
        tfig = self.odds_target_figure(game, f, target)
        if wpn.category == "gun":
            return Command("fire_gun", f.side, figure=f.id, target=tfig, options=option_pairs(weapon=wid, facing=extra.get("facing")))
        if wpn.category == "flamethrower" and not (tfig and self.rules.is_vehicle(st.figures[tfig])) and w != "at":
            return Command("flame", f.side, figure=f.id, target=target)
        if wpn.category in ("at", "flamethrower") and tfig and (self.rules.is_vehicle(st.figures[tfig]) or self.rules.unit_vehicle(game, st.figures[tfig].unit)):
            return Command("fire_at", f.side, figure=f.id, target=tfig, options=option_pairs(weapon=wid, facing=extra.get("facing")))
        return Command("blast", f.side, figure=f.id, target=tfig, options=option_pairs(weapon=wid, round=extra.get("round")))

    def odds_target_figure(self, game: Game, f: Figure, target: str | None) -> str | None:
        st = game.state
        if target in st.units:
            v = self.rules.unit_vehicle(game, target)
            if v is not None:
                return v.id
            figs = [m for m in st.unit_figures(target) if self.rules.on_table(m)]
            if not figs:
                return None
            return min(figs, key=lambda m: (hypot(m.x - f.x, m.y - f.y), m.id)).id
        return target

    def check_melee(self, game: Game, cmd: Command) -> None:
        refuse("Melee is fought by itself at the end of each side's turn, between figures within 1\" of each other.")

    def check_morale(self, game: Game, cmd: Command) -> None:
        refuse("Morale tests are taken by themselves when the rules call for them; this only gives their odds.")

    def odds(self, game: Game, cmd: Command) -> OddsReport:
        k = cmd.kind
        if k == "fire":
            return self.fire_odds(game, cmd)
        if k == "fire_team":
            return self.team_odds(game, cmd)
        if k == "volley":
            return self.volley_odds(game, cmd)
        if k == "blast":
            return self.blast_odds(game, cmd)
        if k in ("fire_gun", "fire_at"):
            return self.heavy_odds(game, cmd)
        if k == "flame":
            return self.flame_odds(game, cmd)
        if k == "spot":
            return self.spot_odds(game, cmd)
        if k == "melee":
            return self.melee_odds(game, cmd)
        if k == "morale":
            return self.morale_odds(game, cmd)
        if k == "remove_suppression":
            return self.suppression_odds(game, cmd)
        refuse(f"No odds for '{k}'.")
        raise AssertionError

    def after_effect_ap(self, game: Game, unit, victim: str | None, res: str) -> int:
        st = game.state
        if res == "suppressed":
            return self.rules.morale.team_ap(game, unit, extra_supp=1)
        if res == "wounded" and victim:
            v = st.figures[victim]
            left = self.rules.max_actions(v) - 1
            return self.rules.morale.team_ap(game, unit, {victim: left if left > 0 else -1})
        if res in ("disabled", "killed", "flamer") and victim:
            return self.rules.morale.team_ap(game, unit, {victim: -1})
        return self.rules.morale.team_ap(game, unit)

    def fire_odds(self, game: Game, cmd: Command) -> OddsReport:
        s = self.rules.firing.shot_plan(game, cmd.figure, cmd.target, Ww2Options.of(cmd), strict=False)
        sh = self.rules.data.shooting
        info = sh.shot_types[s.shot]
        lines = [OddsLine("weapon", f"{s.weapon.name} ({s.wclass}" + (f", as {s.mode}" if s.mode else "") + ")"),
                 OddsLine("shot", f"{info.name} ({info.short}): {s.cost} action(s)"),
                 OddsLine("range", f"{self.rules.fmt(s.distance)}: {sh.band_names[s.band]}")]
        lines += [OddsLine(n, f"{v:+d} band(s)") for n, v in s.shifts]
        if s.auto:
            lines.append(OddsLine("to hit", "automatic (point blank, inactive target)"))
        elif s.need is None:
            lines.append(OddsLine("to hit", "cannot hit individually: beyond long range after shifts"))
        else:
            lines.append(OddsLine("to hit", f"d20 {s.need}+ ({sh.band_names[min(s.shifted, 3)]} row)"))
        lines += [OddsLine(n, f"{v:+d} to the effect die") for n, v in s.effect_mods]
        notes = list(s.notes)
        unit = s.target
        if s.need is None and not s.auto:
            d = Distribution({"cannot hit": 1.0}, True, "certain", {"cannot hit": Fraction(1)})
            return OddsReport(f"{s.firer.name} at {unit.name}", lines, d, "result", notes + ["the team may fire together: one d20, a hit on a 20"])
        tests = self.rules.morale.tests_morale(game, unit)

        def fn(dice: Dice):
            res, victim = self.rules.firing.resolve_shot(dice, game, s)
            if res == "damage":  # a soft vehicle hit
                if s.wclass == "mg" and s.vehicle is not None:
                    p = self.rules.guns.damage_plan(game, s.firer.pos, None, s.vehicle, handheld=False)
                    return (self.rules.guns.damage_key(s.vehicle, self.rules.guns.roll_damage(dice, p, "damage")), "no test")
                return ("small arms hit (3 make a damage roll)", "no test")
            if res == "miss" or not tests:
                return (res, "no test")
            if res == "flamer":
                return (res, "test after the flames")
            ap = self.after_effect_ap(game, unit, victim, res)
            return (res, self.rules.morale.morale_roll(dice, unit, ap, "odds"))

        dist = enumerate_outcomes(fn)
        extra = {"morale test of the target": dist.marginal(lambda o: o[1])}
        return OddsReport(f"{s.firer.name} at {unit.name}", lines, dist.marginal(lambda o: o[0]), "result", notes, extra)

    def team_odds(self, game: Game, cmd: Command) -> OddsReport:
        firers = self.rules.team_fire.team_shots(game, cmd.unit, cmd.target, Ww2Options.of(cmd))
        require(bool(firers), "No figure of that team can fire that shot.")
        shots = [self.rules.firing.shot_plan(game, f.id, cmd.target, Ww2Options.of(cmd), strict=True) for f in firers]
        groups = Counter(1 if s.auto or s.need is None else s.need for s in shots)  # strict plans: no need only when automatic
        lines = [OddsLine(s.firer.name, f"{s.weapon.name}, {self.rules.fmt(s.distance)}, " + ("automatic" if s.auto else f"{s.need}+")) for s in shots]

        def fn(dice: Dice):
            hits = 0
            for need, n in sorted(groups.items()):
                roll = dice.roll(f"{n}d20", "team fire")
                hits += sum(1 for x in roll.faces if x >= need)
            return hits

        dist = enumerate_outcomes(fn)
        return OddsReport(f"{game.state.units[cmd.unit_id].name} fires at {shots[0].target.name}", lines, dist, "hits",
                          ["each hit then rolls the fire effect (see a single shot's odds)"])

    def volley_odds(self, game: Game, cmd: Command) -> OddsReport:
        try:  # the figures that may fire now; for a situation off-turn (the command line), every one that could
            shots, target = self.rules.team_fire.volley_plan(game, cmd.unit, cmd.target, strict=True)
        except Refusal:
            shots, target = self.rules.team_fire.volley_plan(game, cmd.unit, cmd.target, strict=False)
        mods = self.rules.team_fire.volley_mods(shots)
        lines = [OddsLine("firers", ", ".join(s.firer.name for s in shots)), OddsLine("to hit", f"d20 {self.rules.data.shooting.volley_hits_on}")]
        lines += [OddsLine(n, f"{v:+d} to the effect die") for n, v in mods]
        dist = enumerate_outcomes(lambda dice: self.rules.team_fire.volley_roll(dice, game, shots, target)[0])
        return OddsReport(f"{game.state.units[cmd.unit_id].name} fires together at {target.name}", lines, dist, "result")

    def blast_odds(self, game: Game, cmd: Command) -> OddsReport:
        b = self.rules.blasts.blast_plan(game, cmd.figure, cmd.target, cmd.point, Ww2Options.of(cmd), strict=False)
        lines = [OddsLine("weapon", f"{b.weapon.name} ({b.round})"), OddsLine("range", f"{self.rules.fmt(b.distance)}: {b.band}"),
                 OddsLine("to hit", f"d20 {b.need}+")] + [OddsLine(n, f"{v:+d}") for n, v in b.mods]
        t = self.rules.data.blast.effect.table
        victims = self.rules.blasts.explosive_victims(game, b.centre, b.firer, "explosive") if b.round != "smoke" else []
        bunkers = self.rules.blasts.blast_bunkers(game, b.centre) if b.round != "smoke" else []
        for f, mods in victims:
            lines.append(OddsLine(f"in the blast: {f.name}", ", ".join(f"{n} {v:+d}" for n, v in mods) or "no modifiers"))

        def fn(dice: Dice):
            if not self.rules.blasts.blast_to_hit(dice, b):
                return "miss"
            if b.round == "smoke":
                return "smoke placed"
            res = []
            for bk in bunkers:
                res += self.rules.blasts.bunker_hit(dice, game, bk, b.weapon.category == "grenade", "odds")
            res += self.rules.blasts.roll_effects(dice, victims, t.die, t.result, "odds", "")
            return counts_label(res)

        dist = enumerate_outcomes(fn)
        return OddsReport(f"{b.firer.name}: {b.weapon.name} at {b.target.name if b.target else 'a point'}", lines, dist, "result",
                          b.notes + [f"every figure within {self.rules.data.blast.radius:g}\" not behind a wall is affected"],
                          {"hit": dist.marginal(lambda o: "miss" if o == "miss" else "hit")})

    def heavy_odds(self, game: Game, cmd: Command) -> OddsReport:
        o = Ww2Options.of(cmd)
        h = self.rules.guns.heavy_plan(game, cmd.figure, cmd.target, o, strict=False)
        lines = [OddsLine("weapon", h.weapon.name), OddsLine("range", f"{self.rules.fmt(h.distance)}: {h.band}"),
                 OddsLine("to hit", f"d20 {h.need}+")] + [OddsLine(n, f"{v:+d} to the score needed") for n, v in h.need_mods]
        notes = []
        plan = h.damage
        if plan is not None:
            lines.append(OddsLine("facing", plan.facing + (" (as asked)" if o.facing else " (from the table)")))
            lines += [OddsLine(n, f"{v:+d} to the damage die") for n, v in plan.mods]

            def fn(dice: Dice):
                if not self.rules.guns.heavy_to_hit(dice, h):
                    return "miss"
                return self.rules.guns.damage_key(h.target, self.rules.guns.roll_damage(dice, plan, "damage"))
        else:
            art = self.rules.data.artillery
            victims = self.rules.blasts.explosive_victims(game, h.target.pos, h.firer, "artillery")
            calibre = h.weapon.calibre or 75
            die = art.die_for(calibre)
            lines.append(OddsLine("HE effect", f"{die} per figure within {self.rules.data.blast.radius:g}\""))
            notes.append("high explosive against infantry: the other artillery table")

            def fn(dice: Dice):
                if not self.rules.guns.heavy_to_hit(dice, h):
                    return "miss"
                return counts_label(self.rules.blasts.roll_effects(dice, victims, die, art.result, "odds", ""))

        dist = enumerate_outcomes(fn)
        return OddsReport(f"{h.firer.name}: {h.weapon.name} at {h.target.name}", lines, dist, "result", notes,
                          {"hit": dist.marginal(lambda x: "miss" if x == "miss" else "hit")})

    def effect_chance(self, game: Game, cmd: Command) -> float | None:
        """The exact chance that a blast, a gun or an anti-tank weapon hits and does
        something, without enumerating all its dice together: the to-hit die, each
        victim's (or bunker's) effect dice and a vehicle's damage die are independent, so
        P = P(hit) x (1 - the product of each one's chance of no effect), each factor
        enumerated on its own by the same resolution functions the full odds use. None
        for other shots."""
        parts: list[Callable[[Dice], list[tuple[str, str]]]]  # each victim's or bunker's effect dice
        if cmd.kind == "blast":
            b = self.rules.blasts.blast_plan(game, cmd.figure, cmd.target, cmd.point, Ww2Options.of(cmd), strict=False)
            hit = float(enumerate_outcomes(lambda dice: self.rules.blasts.blast_to_hit(dice, b)).p(True))
            if b.round == "smoke":
                return hit
            t = self.rules.data.blast.effect.table
            victims = self.rules.blasts.explosive_victims(game, b.centre, b.firer, "explosive")
            parts = [partial(self.rules.blasts.roll_effects, victims=[v], die=t.die, result_of=t.result, reason="odds", target="")
                     for v in victims]
            parts += [partial(self.rules.blasts.bunker_hit, game=game, bunker=bk, weak=b.weapon.category == "grenade", why="odds")
                      for bk in self.rules.blasts.blast_bunkers(game, b.centre)]
        elif cmd.kind in ("fire_gun", "fire_at"):
            o = Ww2Options.of(cmd)
            h = self.rules.guns.heavy_plan(game, cmd.figure, cmd.target, o, strict=False)
            hit = float(enumerate_outcomes(lambda dice: self.rules.guns.heavy_to_hit(dice, h)).p(True))
            plan = h.damage
            if plan is not None:
                dmg = enumerate_outcomes(lambda dice: self.rules.guns.damage_key(h.target, self.rules.guns.roll_damage(dice, plan, "damage")))
                return hit * float(sum(p for k, p in dmg.probs.items() if not no_effect(k)))
            if cmd.kind == "fire_at":
                return None
            art = self.rules.data.artillery
            die = art.die_for(h.weapon.calibre or 75)
            victims = self.rules.blasts.explosive_victims(game, h.target.pos, h.firer, "artillery")
            parts = [partial(self.rules.blasts.roll_effects, victims=[v], die=die, result_of=art.result, reason="odds", target="")
                     for v in victims]
        else:
            return None
        nothing = 1.0
        for part in parts:
            dist = enumerate_outcomes(partial(labelled, part))
            nothing *= dist.p("hit, no effect")
        return hit * (1.0 - nothing)

    def flame_odds(self, game: Game, cmd: Command) -> OddsReport:
        p = self.rules.blasts.flame_plan(game, cmd.figure, cmd.target, strict=False)
        lines = [OddsLine(m.name, f"{band}: d20 {need}+") for m, band, need in p.hits]
        parts = []
        for m, band, need in p.hits:  # each member is diced on his own: exact per member, then combined
            single = FlamePlanOne(p, m, band, need)
            parts.append(enumerate_outcomes(partial(self.flame_member, one=single)))
        if p.bunker is not None and p.bunker_need is not None:
            band, need = p.bunker_need
            lines.append(OddsLine("bunker", f"{p.bunker.name} ({band}): d20 {need}+, then the bunker table"))
            parts.append(enumerate_outcomes(lambda dice: tuple(sorted(r for _, r in self.rules.blasts.flame_bunker(dice, game, p)))))
        dist = combine(parts)
        return OddsReport(f"{p.firer.name} flames {p.target.name}", lines, dist, "result",
                          ["every member of the team is diced for; a hit flamethrower man dies and his team is hit by flame"])

    def flame_member(self, dice: Dice, one) -> tuple[str, ...]:
        roll = dice.roll(self.rules.data.anti_tank.die, "flame", target=f"{one.need}+")
        if roll.value < one.need:
            return ()
        if self.rules.effects.is_flamer(one.member):
            return ("flamer",)
        return (self.rules.effects.flame_effect(dice, one.member, "flame"),)

    def spot_odds(self, game: Game, cmd: Command) -> OddsReport:
        st = game.state
        if cmd.figure is None:
            return self.team_spot_odds(game, cmd)
        f = st.figures[cmd.figure_id]
        if cmd.target is None:
            lines = [OddsLine(b.name, f"up to {b.upto:g}\": d10 {b.need}+") for b in self.rules.data.spotting.bands]
            d = enumerate_outcomes(lambda dice: next((b.name for b in reversed(self.rules.data.spotting.bands)
                                                      if dice.roll("d10", "spot").value >= b.need), "nothing"))
            return OddsReport(f"{f.name} tries to spot", lines, d, "farthest band the roll reaches",
                              ["band shifts apply to each enemy: the roll is compared with each one's score"])
        targets = [st.figures[cmd.target]] if cmd.target in st.figures else [m for m in st.unit_figures(cmd.target) if self.rules.on_table(m)]
        require(bool(targets), "Nothing to spot there.")
        lines = []
        needs = {}
        for t in targets:
            res = self.rules.los(game, f, t)
            heard = not res.visible
            band, need, shifts = self.rules.spotting.spot_need(game, f, t, heard=heard)
            if heard and not self.rules.fired_recently(game, st.units[t.unit]):
                need = None
            auto = (res.visible and res.cover == 0 and res.hindrances == 0
                    and hypot(f.x - t.x, f.y - t.y) <= self.rules.mm(self.rules.data.spotting.automatic_within) + EPS)
            if auto:
                lines.append(OddsLine(t.name, "automatic: in the open and clear sight within 20\""))
                needs[t.id] = 1
                continue
            desc = ", ".join(f"{n} {v:+d}" for n, v in shifts) or "no shifts"
            lines.append(OddsLine(t.name, (f"d10 {need}+ ({desc})" if need is not None else f"impossible ({desc})")))
            if need is not None:
                needs[t.id] = need
        n = len(targets)

        def fn(dice: Dice):
            if not needs:
                return 0
            r = dice.roll("d10", "spot").value
            return sum(1 for x in needs.values() if r >= x)

        dist = enumerate_outcomes(fn)
        return OddsReport(f"{f.name} tries to spot", lines, dist, f"figures spotted (of {n})")

    def team_spot_odds(self, game: Game, cmd: Command) -> OddsReport:
        """The farthest band the best of the team's dice reaches. Each figure rolls on
        its own, so P(best roll >= k) = 1 - P(one die < k) ** n (for the d10:
        1 - ((k - 1) / 10) ** n), worked out exactly rather than by walking the 10 ** n
        paths of n dice."""
        unit = game.state.units[cmd.unit or ""]
        n = len(self.rules.spotting.spotters(game, unit.id))
        require(n > 0, f"No one in {unit.name} may try to spot now.")
        bands = self.rules.data.spotting.bands
        die = self.rules.data.spotting.die
        faces = die_faces(die)

        def at_least(need: int) -> Fraction:
            return 1 - Fraction(sum(1 for v in faces if v < need), len(faces)) ** n

        fracs: dict[str, Fraction] = {}
        reached = Fraction(0)
        for b in sorted(bands, key=lambda b: -b.need):  # the farthest band needs the highest roll
            p = at_least(b.need) - reached
            reached += p
            if p:
                fracs[b.name] = p
        if reached < 1:
            fracs["nothing"] = 1 - reached
        dist = Distribution({k: float(v) for k, v in fracs.items()}, True,
                            f"exact: the best of {n} {die}, 1 - P(one die below the need)^{n} per band", fracs)
        lines = [OddsLine(b.name, f"up to {b.upto:g}\": {die} {b.need}+") for b in bands]
        return OddsReport(f"{unit.name}: {n} figure{'s' if n != 1 else ''} try to spot", lines, dist,
                          "farthest band the best roll reaches",
                          ["each figure rolls its own die; band shifts apply to each enemy: each roll is compared with each one's score"])

    def melee_odds(self, game: Game, cmd: Command) -> OddsReport:
        st = game.state
        a = st.figures[cmd.figure_id]
        require(cmd.target in st.figures, "Choose the enemy figure it fights (--target FIGURE).")
        d = st.figures[cmd.target_id]
        require(d.side != a.side, f"{d.name} is on the same side.")
        reach = self.rules.melee_reach() + EPS
        extras = [f for f in st.figures.values() if f.side == a.side and f.id != a.id and self.rules.fighter(f) and self.rules.gap(f, d) <= reach]
        dex = [f for f in st.figures.values() if f.side == d.side and f.id != d.id and self.rules.fighter(f) and self.rules.gap(f, a) <= reach]
        fight = Fight(a, d, extras, dex)
        sa, sd, am, dm = fight.scores(self.rules)
        lines = [OddsLine(a.name, " + ".join(f"{n} {v}" for n, v in am) + " + d6"), OddsLine(d.name, " + ".join(f"{n} {v}" for n, v in dm) + " + d6")]
        capture = {a.id: not self.rules.melee.friends_near(game, a), d.id: not self.rules.melee.friends_near(game, d)}
        notes = [] if self.rules.gap(a, d) <= reach else [f"{a.name} and {d.name} are not in contact yet: these are the odds once they are"]
        dist = enumerate_outcomes(lambda dice: self.rules.melee.melee_outcome(dice, fight, capture))
        return OddsReport(f"Melee: {a.name} against {d.name}", lines, dist, "result", notes)

    def morale_odds(self, game: Game, cmd: Command) -> OddsReport:
        unit = game.state.units[cmd.unit_id]
        ap = self.rules.morale.team_ap(game, unit)
        dist = enumerate_outcomes(lambda dice: self.rules.morale.morale_roll(dice, unit, ap, "odds"))
        return OddsReport(f"{unit.name} morale test", [OddsLine("action points", f"{ap}: the d6 must score less")], dist, "result")

    def suppression_odds(self, game: Game, cmd: Command) -> OddsReport:
        unit = game.state.units[cmd.unit_id]
        left = self.rules.morale.removal_chance(game, unit)
        s = self.rules.data.suppression

        def fn(dice: Dice):
            return "removed" if dice.roll(s.remove_die, "remove").value + left >= s.remove_target else "still suppressed"

        dist = enumerate_outcomes(fn)
        return OddsReport(f"{unit.name} removes a suppression", [OddsLine("team actions left after paying", str(left)),
                                                                 OddsLine("needs", f"d6 + {left} >= {s.remove_target}")], dist, "result")
