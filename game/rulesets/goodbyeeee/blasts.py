"""GOODBYEEEEEE!!!: grenades, mortars and field artillery at men (L186-194, L204-211,
L249-257; interpretations scatter-die, grenades, cluster-grenade, templates, mortars,
field-artillery, blast-figures).

- Thrown (hand and rifle grenades): thrown at a point in range, no to-hit roll (L206). The
  scatter die (two HIT faces, four arrows: a named die, ``dscatter``) lands it on the point,
  or the distance dice's total in cm off in a rolled direction. Dice: the chart's 1/2 (rifle
  grenade 2/3) by range band, 1D6 fewer for a specialist (L207, whose hand grenade reaches
  30 cm), 1D6 more for each wall, hedge, fence or building the throw crosses (L206). With
  no dice it never scatters. "Can't miss" (L211): a thrower within 3 cm of the building or
  trench it throws into rolls twice and its player picks.
- Indirect (mortars and field artillery): at a point in one of its bands that its crew sees,
  or that a mortar NCO who sees the mortar sees (L253); scatter die and 2/3/4 D6 by band; at
  the point of its own last round, two scatter dice (the player picks) and two dice fewer
  (L257). No move and fire.
- The cluster grenade (L188) is aimed: 3+ to hit (4+ long); a hit lays its 6 cm radius blast
  on the target, a miss does nothing.

Every figure under the template (its centre within it; either side) takes a cover roll as
seen from where the blast landed, then the weapon's to-wound roll (3+ for a grenade landing
in a building, bunker or trench, L209); a figure not wounded tests its courage (L160).
A tank under it takes the cover roll and the chart's damage column instead (tanks.py).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from shapely.geometry import LineString, Point

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.state import Figure
from game.geometry.movement import trace_path
from game.rulesets.movement import clamp_to_table
from game.rulesets.parts import Chapter

from .status import GbFigMark

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.data_weapons import Weapon
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

XY = tuple[float, float]
HIT = "HIT"
#: the skill that discounts a D6 from each thrown weapon (L207; interpretation grenades)
SPECIALIST = {"hand_grenade": "grenade_specialist", "rifle_grenade": "rifle_grenade_specialist"}


class GbBlasts(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee

    # ---- aiming ----------------------------------------------------------------------------------
    def specialist(self, fig: Figure, wid: str) -> bool:
        skill = SPECIALIST.get(wid)
        return skill is not None and skill in self.rules.stats.skills(fig)

    def bands(self, fig: Figure, w: Weapon, wid: str) -> list[tuple[float, float]]:
        bands = list(w.range_bands())
        if w.specialist_long is not None and self.specialist(fig, wid):
            bands[-1] = tuple(w.specialist_long)  # type: ignore[assignment]
        return bands

    def obstructions(self, game: Game, a: XY, b: XY) -> list[str]:
        """The walls, hedges, fences and buildings the throw crosses (not one the thrower is in)."""
        table = game.table  # (the terrain's alone: kept per table and version)
        return list(game.keep("gb_obstructions", (id(table), table.version, (float(a[0]), float(a[1])), (float(b[0]), float(b[1]))), lambda: self._obstructions(game, a, b), limit=5000))

    def _obstructions(self, game: Game, a: XY, b: XY) -> tuple[str, ...]:
        kinds = set(self.rules.data.grenade_rules.obstructions)
        idx = game.table.index
        if not idx.features or a == b or not any(idx.type_ids[i] in kinds for i in idx.tree.query(LineString([a, b]), predicate="intersects")):
            return ()  # no wall, hedge, fence or building on the way (the trace would cross none)
        inside = {f.id for f in game.table.features_at(a)}
        seen: list[str] = []
        for e in trace_path(game.table, [a, b]).crossings:
            if e.type_id in kinds and e.feature_id not in inside and e.feature_id not in seen:
                seen.append(e.feature_id)
        return tuple(seen)

    def confined_at(self, game: Game, p: XY) -> list:
        kinds = set(self.rules.data.grenade_rules.confined)
        return [f for f in game.table.features_at(p) if f.type.id in kinds]

    def plan(self, game: Game, fig: Figure, wid: str, at: XY) -> dict:
        """What a throw or a mortar round at ``at`` rolls, worked out before the dice (refused
        with the reason when it may not be fired there)."""
        rules = self.rules
        data = rules.data
        w = data.weapons[wid]
        require(w.kind in ("thrown", "indirect"), f"The {w.name} is fired at a figure, not at a point.")
        require(game.table.contains(at), "That point is off the table.")
        d = rules.in_units(rules.dist(fig.pos, at))
        bands = self.bands(fig, w, wid)
        band = next((i for i, (lo, hi) in enumerate(bands) if lo - 1e-6 <= d <= hi + 1e-6), None)
        if band is None:
            near, far = bands[0][0], bands[-1][1]
            refuse(f"That point is {d:.1f} cm away: the {w.name} reaches {near:g}-{far:g} cm.")
        assert band is not None and w.scatter_dice is not None
        dice = w.scatter_dice[band]
        words = [f"{['short', 'medium', 'long'][band] if len(bands) == 3 else ['short', 'long'][band]} range: {dice}D6"]
        scatter_dice, picks = 1, 1
        if w.kind == "thrown":
            if self.specialist(fig, wid):
                dice -= data.grenade_rules.specialist_discount
                words.append(f"specialist -{data.grenade_rules.specialist_discount}D6")
            obs = self.obstructions(game, fig.pos, at)
            if obs:
                dice += data.grenade_rules.per_obstruction * len(obs)
                words.append(f"{len(obs)} obstruction{'s' if len(obs) > 1 else ''} +{len(obs)}D6")
            confined = self.confined_at(game, at)
            reach = rules.mm(data.grenade_rules.cant_miss_reach)
            if confined and any(f.area.distance(Point(fig.pos)) <= reach + 1e-6 for f in confined):
                dice, picks = data.grenade_rules.cant_miss_dice, data.grenade_rules.cant_miss_rolls
                words = [f"can't miss: {picks} throws of the scatter die and {dice}D6, the best kept (L211)"]
        else:
            self.check_spotting(game, fig, at)
            last = fig.markers.get(GbFigMark.LAST_IMPACT)
            if last and rules.dist(tuple(last), at) <= rules.mm(0.5):
                dice = max(0, dice - data.mortar_rules.repeat_range_dice_less)
                scatter_dice = data.mortar_rules.repeat_scatter_dice
                words.append(f"where its last round fell: {scatter_dice} scatter dice, {data.mortar_rules.repeat_range_dice_less}D6 fewer (L257)")
        return {"weapon": wid, "at": [at[0], at[1]], "dice": max(0, dice), "scatter_dice": scatter_dice, "throws": picks,
                "band": band, "words": words}

    def check_spotting(self, game: Game, fig: Figure, at: XY) -> None:
        """L253: the crew sees the point, or a mortar NCO sees it and the mortar."""
        rules = self.rules
        crew = rules.alive(game, fig.unit)
        if any(rules.los(game, c, at).visible for c in crew):
            return
        ncos = [c for c in crew if rules.command.is_leader(c)]
        require(any(rules.los(game, n, at).visible and rules.los(game, n, fig).visible for n in ncos),
                "Neither the crew nor a mortar NCO who can see the mortar can see that point (L253).")

    # ---- the commands ---------------------------------------------------------------------------------
    def check_fire_at_point(self, game: Game, cmd: Command) -> None:
        st = game.state
        fig = st.figures.get(cmd.figure or "")
        require(fig is not None and fig.side == cmd.side, "Choose one of your figures.")
        assert fig is not None
        why = self.rules.firing.why_not_fire(game, fig)
        require(why is None, why or "")
        require(cmd.point is not None, "Choose the point to fire at.")
        wid = cmd.choice or ""
        require(wid in fig.weapons, f"{fig.name} has no such weapon.")
        why = self.rules.firing.move_limit_problem(game, fig, wid)
        require(why is None, why or "")
        require(self.rules.firing.shots_left(game, fig, wid) > 0, f"{fig.name} has fired this turn (one weapon, L121).")
        if self.rules.data.weapons[wid].kind == "flame":
            self.rules.flame.check(game, fig, cmd.at)
            return
        self.plan(game, fig, wid, cmd.at)

    def apply_fire_at_point(self, game: Game, cmd: Command) -> None:
        st = game.state
        fig = st.figures[cmd.figure_id]
        wid = cmd.choice or ""
        done = self.rules.firing.fired(game, fig)
        fig.markers[GbFigMark.FIRED] = {"turn": st.turn, "weapon": wid, "shots": (done["shots"] if done else 0) + 1}
        if self.rules.data.weapons[wid].kind == "flame":
            self.rules.flame.fire(game, fig, cmd.at)
            return
        plan = self.plan(game, fig, wid, cmd.at)
        w = self.rules.data.weapons[wid]
        game.emit("fire", f"{fig.name} fires the {w.name} at a point {self.rules.fmt(self.rules.dist(fig.pos, cmd.at))} away "
                  f"({'; '.join(plan['words'])}).", figures=[fig.id])
        self.rules.jobs.push(game, {"do": "landing", "firer": fig.id, **plan})

    # ---- where it lands ------------------------------------------------------------------------------------
    def job_landing(self, game: Game, job: dict) -> list[dict] | None:
        """The scatter die and the distance dice, each throw of them; with several, the player
        picks (L211, L257; the computer keeps the one nearest its aim)."""
        fig = game.state.figures[job["firer"]]
        aim = (job["at"][0], job["at"][1])
        if "options" not in job:
            job["options"] = self.roll_landings(game, job, aim)
        opts = job["options"]
        if len(opts) > 1 and "pick" not in job:
            ranked = sorted(range(len(opts)), key=lambda i: (self.rules.dist(aim, tuple(opts[i]["at"])), i))
            self.rules.ask(game, fig.side, f"{fig.name}'s {self.rules.data.weapons[job['weapon']].name}: which roll is used?",
                           [(opts[i]["words"], Command("pick_landing", fig.side, figure=fig.id, value=i)) for i in ranked])
            return None
        chosen = opts[int(job.get("pick", 0))]
        land = (chosen["at"][0], chosen["at"][1])
        if self.rules.data.weapons[job["weapon"]].kind == "indirect":
            fig.markers[GbFigMark.LAST_IMPACT] = [land[0], land[1]]
        game.emit("fire", f"It lands {chosen['words']}.", figures=[fig.id])
        return [{"do": "blast", "firer": fig.id, "weapon": job["weapon"], "at": [land[0], land[1]]}]

    def roll_landings(self, game: Game, job: dict, aim: XY) -> list[dict]:
        rules = self.rules
        data = rules.data
        w = data.weapons[job["weapon"]]
        rule = data.grenade_rules if w.kind == "thrown" else data.mortar_rules
        out: list[dict] = []
        shared = None
        for _ in range(max(job["throws"], job["scatter_dice"])):
            if job["dice"] == 0:
                out.append({"at": list(aim), "words": "on target (no distance dice)"})
                break
            s = game.dice.roll(rule.scatter_die, f"Scatter die ({w.name})")
            if job["throws"] > 1 or shared is None:
                dist = game.dice.roll(f"{job['dice']}{rule.distance_die}", f"Distance dice ({w.name})")
                shared = dist.total
            label = (s.labels or [HIT])[0]
            if label == HIT:
                s.outcome = "on target"
                out.append({"at": list(aim), "words": "on target (HIT)"})
                continue
            ang = game.dice.direction(f"Scatter direction ({w.name})")
            a = math.radians(ang.total)
            d = rules.mm(shared)
            land = clamp_to_table(game, (aim[0] + math.cos(a) * d, aim[1] + math.sin(a) * d), margin=0.0)
            s.outcome = f"{shared} cm off"
            out.append({"at": list(land), "words": f"{shared} cm off toward {ang.total} degrees"})
        return out

    def check_pick_landing(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.waiting_job(game, "landing", self.rules.decision(game) is not None)
        require(cmd.figure == job["firer"] and isinstance(cmd.value, int) and 0 <= cmd.value < len(job.get("options", [])),
                "Pick one of the rolls.")

    def apply_pick_landing(self, game: Game, cmd: Command) -> None:
        self.rules.jobs.answer(game, pick=cmd.value)

    # ---- the blast ------------------------------------------------------------------------------------------------
    def radius(self, template: str) -> float:
        t = self.rules.data.templates[template]
        return self.rules.mm(t.radius if t.radius is not None else (t.diameter or 0.0) / 2)

    def under(self, game: Game, at: XY, template: str) -> list[Figure]:
        """The figures whose centre is under the template (interpretation blast-figures)."""
        r = self.radius(template)
        return sorted((f for f in game.state.figures.values() if f.alive and self.rules.dist(f.pos, at) <= r + 1e-6),
                      key=lambda f: (self.rules.dist(f.pos, at), f.id))

    def job_blast(self, game: Game, job: dict) -> list[dict]:
        """Each figure under the template: a cover roll from the landing point, then to wound."""
        rules = self.rules
        w = rules.data.weapons[job["weapon"]]
        at = (job["at"][0], job["at"][1])
        assert w.template is not None
        firer = game.state.figures[job["firer"]]
        confined = w.kind == "thrown" and w.confined_to_wound is not None and bool(self.confined_at(game, at))
        hit = self.under(game, at, w.template)
        rules.solo_view.under_fire(game, firer, hit, job["weapon"])
        if not hit:
            game.emit("fire", "Nobody is under the blast.")
        for fig in hit:
            # the figure a shot struck takes its cover roll as the shot saw it, from the firer
            # (L126 "any cover in the way", as the shot's words said): from the blast's own
            # centre, on him, no wall or hedge would be in the way
            seen_from = firer.pos if fig.id == job.get("target") else at
            self.blast_one(game, firer, fig, job["weapon"], seen_from, confined)
        return []

    def blast_one(self, game: Game, firer: Figure, fig: Figure, wid: str, at: XY, confined: bool) -> None:
        """One figure under a blast: its cover roll as seen from ``at``, then to wound."""
        rules = self.rules
        data = rules.data
        w = data.weapons[wid]
        los = rules.los(game, at, fig)
        prone = bool(fig.markers.get(GbFigMark.PRONE))
        saves: tuple[int, ...] = ()
        if los.cover > 0:
            saves = tuple(data.shooting.cover_saves)
        elif prone:
            saves = tuple(data.shooting.prone_open_saves)
        if saves and w.cover_saves:
            saves = tuple(sorted(set(saves) & set(w.cover_saves)))
        rules.flame.boom(game, fig)  # a flamethrower team caught by the blast (L241)
        if not fig.alive:
            return
        if saves:
            r = game.dice.roll("d6", f"Cover roll for {fig.name} under the {w.name}'s blast", target=f"{saves[0]}-{saves[-1]} stops it",
                               figures=[fig.id], cuts=(saves[-1] + 1,))
            if r.value in saves:
                r.outcome = "stopped by cover"
                if not rules.data.is_vehicle_type(fig.type):
                    rules.courage.pin_test(game, fig, wid)
                return
            r.outcome = "gets through"
        if rules.data.is_vehicle_type(fig.type):
            rules.tanks.damage_roll(game, fig, wid, f"caught by the {w.name}")
            return
        need = (w.confined_to_wound if confined and w.confined_to_wound else w.wound_on(0))
        mods = rules.firing.armour(fig)
        need += sum(m for _, m in mods)
        r = game.dice.roll("d6", f"{w.name}: to wound {fig.name}" + (" (confined)" if confined else ""), target=f"{need}+",
                           modifiers=mods, figures=[fig.id], cuts=(need,))
        if r.value < need or r.value == 1:
            r.outcome = "not wounded"
            rules.courage.pin_test(game, fig, wid)
            return
        r.outcome = "wounded"
        rules.firing.wound(game, fig, f"caught by the {w.name}")

