"""WW2 Skirmish: the odds before a command is confirmed, for every kind of fire,
spotting, morale and suppression removal. Each report resolves the command itself on a
scratch copy of the game (game/core/trial.py) under every branch of its dice, and reads
what it did from the log (odds_read.py): the odds shown are the odds played. Melee is
fought by itself, not commanded: its odds roll the round's own melee dice.

``effect_chance`` is the solo AI's quicker estimate (independent parts enumerated
apart, by the same rules functions); the AI weighs shots with it, it is never shown.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING

from game.core.commands import Command, option_pairs, refuse, require
from game.core.dice import Dice
from game.core.game import Game
from game.core.odds import Distribution, enumerate_outcomes
from game.core.state import Figure
from game.core.trial import resolve_odds
from game.rulesets.offers import OddsLine, OddsReport, resolved_report
from game.rulesets.parts import OddsPart
from game.rulesets.resolving import command_odds
from game.rulesets.ww2_skirmish.common import EPS
from game.rulesets.ww2_skirmish.data import SMALL_ARMS
from game.rulesets.ww2_skirmish.melee import Fight
from game.rulesets.ww2_skirmish.odds_read import (
    ShotOutcome,
    effects_label,
    hit,
    hits,
    morale,
    result,
    shot_reader,
)
from game.rulesets.ww2_skirmish.options import Ww2Options

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.guns import DamagePlan
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish

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
    """The label of a hit's (figure, result) pairs, as the shown odds name them."""
    return effects_label([r for _, r in results if r not in ("none", "miss")], [], True, False)


def labelled(part: Callable[[Dice], list[tuple[str, str]]], dice: Dice) -> str:
    """The label of what one independent part of a shot does (for the odds)."""
    return counts_label(part(dice))



class Ww2Odds(OddsPart["Ww2Skirmish"]):
    rules: Ww2Skirmish

    def __init__(self, rules: Ww2Skirmish) -> None:
        super().__init__(rules)
        #: chances of one independent part of a shot (:meth:`part_chance`), by what they depend on
        self.chances: dict[Hashable, float] = {}

    def part_chance(self, key: Hashable, work: Callable[[], float]) -> float:
        """``work()``: the chance of one independent part of a shot (a to-hit die, a
        victim's effect die), worked out once per ``key``, which names everything its dice
        and their reading depend on (the need, the sum of the modifiers, the table). The
        data never changes under the rules, so what is worked out holds for every game."""
        hit = self.chances.get(key)
        if hit is None:
            hit = self.chances[key] = work()
        return hit

    def odds_command(self, game: Game, shooter: str, target: str | None, assault: bool, extra: dict[str, str]) -> Command:
        """The command the ``odds`` command line asks about, from a map's starting
        position: the shooter's side is made the side to play and every enemy figure
        the shooter sees counts as spotted (``game`` is the command line's own), so the
        shot can be resolved as it would be once it may be taken."""
        st = game.state
        f = st.figures[shooter]
        known = {"shot", "weapon", "kind", "facing", "as", "round", "at"}
        bad = set(extra) - known
        if bad:
            refuse(f"{self.rules.data.name} takes --option {', '.join(sorted(known))} (not {', '.join(sorted(bad))}).")
        with game.changing():
            st.active_side = f.side
            for t in st.figures.values():
                if t.side != f.side and t.alive and self.rules.on_table(t) and self.rules.los(game, f, t).visible:
                    self.rules.spotting.mark_spotted(game, f.side, t, "sight")
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
            return min(figs, key=lambda m: (self.rules.apart(m, f), m.id)).id
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

    def shot_report(self, game: Game, cmd: Command, title: str, lines: list[OddsLine], notes: list[str],
                    extra: dict[str, Callable[[ShotOutcome], Hashable]]) -> OddsReport:
        """The odds of a shot of any kind: the command resolved on a scratch copy under
        every branch of its dice (the reaction fire it may draw is the enemy's next
        command, not part of it), read by :func:`shot_reader`."""
        res = command_odds(game, cmd, shot_reader(cmd.side), answers=False)
        return resolved_report(title, lines, res, "result", result, extra, notes)

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
        require(s.need is not None or s.auto, f"{s.firer.name} cannot hit {s.target.name} individually: beyond long range after "
                "shifts (the team may fire together: one d20, a hit on a 20).")
        return self.shot_report(game, cmd, f"{s.firer.name} at {s.target.name}", lines, notes, {"morale test of the target": morale})

    def team_odds(self, game: Game, cmd: Command) -> OddsReport:
        shots = self.rules.team_fire.team_plans(game, cmd.unit, cmd.target, Ww2Options.of(cmd))
        require(bool(shots), "No figure of that team can fire that shot.")
        lines = [OddsLine(s.firer.name, f"{s.weapon.name}, {self.rules.fmt(s.distance)}, " + ("automatic" if s.auto else f"{s.need}+")) for s in shots]
        return self.shot_report(game, cmd, f"{game.state.units[cmd.unit_id].name} fires at {shots[0].target.name}", lines,
                                ["each figure fires in turn at the figures it can see, while the target has any left"],
                                {"hits": hits, "morale test of the target": morale})

    def volley_odds(self, game: Game, cmd: Command) -> OddsReport:
        shots, target = self.rules.team_fire.volley_plan(game, cmd.unit, cmd.target, strict=True)
        mods = self.rules.team_fire.volley_mods(shots)
        lines = [OddsLine("firers", ", ".join(s.firer.name for s in shots)), OddsLine("to hit", f"d20 {self.rules.data.shooting.volley_hits_on}")]
        lines += [OddsLine(n, f"{v:+d} to the effect die") for n, v in mods]
        return self.shot_report(game, cmd, f"{game.state.units[cmd.unit_id].name} fires together at {target.name}", lines, [],
                                {"morale test of the target": morale})

    def blast_odds(self, game: Game, cmd: Command) -> OddsReport:
        b = self.rules.blasts.blast_plan(game, cmd.figure, cmd.target, cmd.point, Ww2Options.of(cmd), strict=False)
        lines = [OddsLine("weapon", f"{b.weapon.name} ({b.round})"), OddsLine("range", f"{self.rules.fmt(b.distance)}: {b.band}"),
                 OddsLine("to hit", f"d20 {b.need}+")] + [OddsLine(n, f"{v:+d}") for n, v in b.mods]
        victims = self.rules.blasts.explosive_victims(game, b.centre, b.firer, "explosive") if b.round != "smoke" else []
        for f, mods in victims:
            lines.append(OddsLine(f"in the blast: {f.name}", ", ".join(f"{n} {v:+d}" for n, v in mods) or "no modifiers"))
        return self.shot_report(game, cmd, f"{b.firer.name}: {b.weapon.name} at {b.target.name if b.target else 'a point'}", lines,
                                b.notes + [f"every figure within {self.rules.data.blast.radius:g}\" not behind a wall is affected"],
                                {"hit": hit, "morale tests": morale})

    def heavy_odds(self, game: Game, cmd: Command) -> OddsReport:
        o = Ww2Options.of(cmd)
        h = self.rules.guns.heavy_plan(game, cmd.figure, cmd.target, o, strict=False)
        lines = [OddsLine("weapon", h.weapon.name), OddsLine("range", f"{self.rules.fmt(h.distance)}: {h.band}"),
                 OddsLine("to hit", f"d20 {h.need}+")] + [OddsLine(n, f"{v:+d} to the score needed") for n, v in h.need_mods]
        notes = []
        plan = h.damage
        if o.facing is not None and plan is not None:  # a what-if: the target turned to show the shooter that side
            return self.facing_odds(game, cmd, h, plan.facing, lines + [OddsLine("facing", f"{plan.facing} (as asked)")]
                                    + [OddsLine(n, f"{v:+d} to the damage die") for n, v in plan.mods])
        if plan is not None:
            lines.append(OddsLine("facing", plan.facing + (" (as asked)" if o.facing else " (from the table)")))
            lines += [OddsLine(n, f"{v:+d} to the damage die") for n, v in plan.mods]
        else:
            die = self.rules.data.artillery.die_for(h.weapon.calibre or 75)
            lines.append(OddsLine("HE effect", f"{die} per figure within {self.rules.data.blast.radius:g}\""))
            notes.append("high explosive against infantry: the other artillery table")
        return self.shot_report(game, cmd, f"{h.firer.name}: {h.weapon.name} at {h.target.name}", lines, notes,
                                {"hit": hit, "morale tests": morale})

    def facing_odds(self, game: Game, cmd: Command, h, facing: str, lines: list[OddsLine]) -> OddsReport:
        """The odds of a shot at a vehicle as if it were turned to show the shooter the
        asked ``facing``: the vehicle is turned on the scratch copy, then the shot is
        resolved as the rules resolve it (the facing then comes from the table)."""
        turn = {"front": 0.0, "flank": 90.0, "rear": 180.0}[facing]
        bearing = self.rules.heading(h.target.pos, h.firer.pos)
        plain = Command(cmd.kind, cmd.side, figure=cmd.figure, target=cmd.target,
                        options=option_pairs(weapon=Ww2Options.of(cmd).weapon))

        def act(g: Game) -> None:
            g.state.figures[h.target.id].facing = (bearing + turn) % 360
            g.rules.apply(g, plain)

        res = resolve_odds(game, act, shot_reader(cmd.side))
        return resolved_report(f"{h.firer.name}: {h.weapon.name} at {h.target.name}", lines, res, "result", result,
                               {"hit": hit, "morale tests": morale}, [f"as if {h.target.name} showed its {facing} to {h.firer.name}"])

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
            hit = self.part_chance(("blast to hit", b.need, sum(v for _, v in b.mods)),
                                   lambda: float(enumerate_outcomes(lambda dice: self.rules.blasts.blast_to_hit(dice, b)).p(True)))
            if b.round == "smoke":
                return hit
            t = self.rules.data.blast.effect.table
            victims = self.rules.blasts.explosive_victims(game, b.centre, b.firer, "explosive")
            nothing = 1.0
            for v in victims:
                nothing *= self.victim_unhurt("explosive", v, t.die, t.result)
            parts = [partial(self.rules.blasts.bunker_hit, game=game, bunker=bk, weak=b.weapon.category == "grenade", why="odds")
                     for bk in self.rules.blasts.blast_bunkers(game, b.centre)]
        elif cmd.kind in ("fire_gun", "fire_at"):
            o = Ww2Options.of(cmd)
            h = self.rules.guns.heavy_plan(game, cmd.figure, cmd.target, o, strict=False)
            hit = self.part_chance(("heavy to hit", h.need),
                                   lambda: float(enumerate_outcomes(lambda dice: self.rules.guns.heavy_to_hit(dice, h)).p(True)))
            plan = h.damage
            if plan is not None:
                # the damage read from the table, in the words of the vehicle's type
                key = ("damage", plan.kind, plan.table, sum(v for _, v in plan.mods), h.target.type)
                return hit * self.part_chance(key, lambda: self.damage_chance(h.target, plan))
            if cmd.kind == "fire_at":
                return None
            art = self.rules.data.artillery
            die = art.die_for(h.weapon.calibre or 75)
            nothing = 1.0
            for v in self.rules.blasts.explosive_victims(game, h.target.pos, h.firer, "artillery"):
                nothing *= self.victim_unhurt("artillery", v, die, art.result)
            parts = []
        elif cmd.kind == "flame":
            return self.flame_chance(game, cmd)
        else:
            return None
        for part in parts:
            dist = enumerate_outcomes(partial(labelled, part))
            nothing *= dist.p("hit, no effect")
        return hit * (1.0 - nothing)

    def victim_unhurt(self, table: str, victim: tuple[Figure, list[tuple[str, int]]], die: str, result_of: Callable[[int], str]) -> float:
        """The chance that one figure in a blast (``table``: 'explosive' or 'artillery',
        read through ``result_of``) comes out of its effect dice unhurt: the same for
        every figure with the same modifiers (a flamethrower man is always hit)."""
        f, mods = victim
        key = ("unhurt", table, die, sum(v for _, v in mods), self.rules.effects.is_flamer(f))
        part = partial(self.rules.blasts.roll_effects, victims=[victim], die=die, result_of=result_of, reason="odds", target="")
        return self.part_chance(key, lambda: enumerate_outcomes(partial(labelled, part)).p("hit, no effect"))

    def damage_chance(self, target: Figure, plan: DamagePlan) -> float:
        """The chance that a hit on a vehicle does something (its damage dice enumerated)."""
        dmg = enumerate_outcomes(lambda dice: self.rules.guns.damage_key(target, self.rules.guns.roll_damage(dice, plan, "damage")))
        return float(sum(p for k, p in dmg.probs.items() if not no_effect(k)))

    def flame_odds(self, game: Game, cmd: Command) -> OddsReport:
        p = self.rules.blasts.flame_plan(game, cmd.figure, cmd.target, strict=False)
        lines = [OddsLine(m.name, f"{band}: d20 {need}+") for m, band, need in p.hits]
        if p.bunker is not None and p.bunker_need is not None:
            band, need = p.bunker_need
            lines.append(OddsLine("bunker", f"{p.bunker.name} ({band}): d20 {need}+, then the bunker table"))
        return self.shot_report(game, cmd, f"{p.firer.name} flames {p.target.name}", lines,
                                ["every member of the team is diced for; a hit flamethrower man dies and his team is hit by flame"],
                                {"hits": hits, "morale test of the target": morale})

    def flame_chance(self, game: Game, cmd: Command) -> float:
        """The AI's chance that a flamethrower does something: each member diced on his
        own by the rules' flame effect, then combined (the shown odds resolve the whole
        command instead)."""
        p = self.rules.blasts.flame_plan(game, cmd.figure, cmd.target, strict=False)
        parts = [enumerate_outcomes(partial(self.flame_member, one=FlamePlanOne(p, m, band, need))) for m, band, need in p.hits]
        if p.bunker is not None and p.bunker_need is not None:
            parts.append(enumerate_outcomes(lambda dice: tuple(sorted(r for _, r in self.rules.blasts.flame_bunker(dice, game, p)))))
        return float(sum(v for k, v in combine(parts).probs.items() if not no_effect(k)))

    def flame_member(self, dice: Dice, one: FlamePlanOne) -> tuple[str, ...]:
        roll = dice.roll(self.rules.data.anti_tank.die, "flame", target=f"{one.need}+")
        if roll.value < one.need:
            return ()
        if self.rules.effects.is_flamer(one.member):
            return ("flamer",)
        return (self.rules.effects.flame_effect(dice, one.member, "flame"),)

    def spot_odds(self, game: Game, cmd: Command) -> OddsReport:
        """A figure's or a whole team's spotting, resolved: how many enemy figures it
        spots (of those it could)."""
        st = game.state
        side = cmd.side
        if cmd.figure is None:
            unit = st.units[cmd.unit or ""]
            spotters = self.rules.spotting.spotters(game, unit.id)
            require(bool(spotters), f"No one in {unit.name} may try to spot now.")
            title = f"{unit.name}: {len(spotters)} figure{'s' if len(spotters) != 1 else ''} try to spot"
        else:
            spotters = [st.figures[cmd.figure_id]]
            title = f"{spotters[0].name} tries to spot"
        hidden = self.rules.spotting.hidden_enemies(game, side)
        lines = []
        for f in spotters:
            needs = self.rules.spotting.spot_targets(game, f, hidden, heard_ok=False)
            lines.append(OddsLine(f.name, ", ".join(f"{st.figures[t].name} {n}+" for t, n in sorted(needs.items(), key=lambda kv: kv[1]))
                                  or "no hidden enemy it could spot"))

        def read(before: Game, after: Game, dice: Dice) -> int:
            was = self.rules.spotting.spotted(before, side)
            return sum(1 for fid in self.rules.spotting.spotted(after, side) if fid not in was)

        res = command_odds(game, cmd, read, answers=False)
        return resolved_report(title, lines, res, f"enemy figures spotted (of {len(hidden)} hidden)",
                               notes=["each figure rolls its own d10, compared with each hidden enemy's score after band shifts"])

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
        notes.append("melee is no command (fought by itself at the end of each turn): these odds roll the melee dice as the round does "
                     "(melee_margin) and name its result")
        dist = enumerate_outcomes(lambda dice: self.rules.melee.melee_outcome(dice, fight, capture))
        return OddsReport(f"Melee: {a.name} against {d.name}", lines, dist, "result", notes)

    def morale_odds(self, game: Game, cmd: Command) -> OddsReport:
        """A team's morale test as if taken now, resolved (retiring, falling back and
        routing move the team) and read from its roll."""
        unit = game.state.units[cmd.unit_id]
        require(self.rules.morale.tests_morale(game, unit), f"{unit.name} does not test morale (a crewed vehicle in action).")
        ap = self.rules.morale.team_ap(game, unit)

        def act(g: Game) -> None:
            self.rules.morale.morale_test(g, g.state.units[unit.id], "asked for its odds")

        def read(before: Game, after: Game, dice: Dice) -> str:
            return next((e.roll.outcome for e in after.log if e.roll is not None and "morale test" in e.roll.reason), "passed")

        res = resolve_odds(game, act, read)
        return resolved_report(f"{unit.name} morale test", [OddsLine("action points", f"{ap}: the d6 must score less")], res, "result")

    def suppression_odds(self, game: Game, cmd: Command) -> OddsReport:
        unit = game.state.units[cmd.unit_id]
        left = self.rules.morale.removal_chance(game, unit)
        s = self.rules.data.suppression

        def read(before: Game, after: Game, dice: Dice) -> str:
            fewer = self.rules.suppression(after.state.units[unit.id]) < self.rules.suppression(before.state.units[unit.id])
            return "removed" if fewer else "still suppressed"

        res = command_odds(game, cmd, read, answers=False)
        return resolved_report(f"{unit.name} removes a suppression", [OddsLine("team actions left after paying", str(left)),
                                                                      OddsLine("needs", f"d6 + {left} >= {s.remove_target}")], res, "result")
