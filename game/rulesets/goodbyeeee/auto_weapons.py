"""GOODBYEEEEEE!!!: machine guns (L121, L180-182, L196, L213-228; interpretations lmg, hmg).

- Bursts (the LMG's 3 shots, 2 with one crewman; the SMG's 2; a reaction's LMG 2 or MG 4):
  shots one by one at one target; after the shot that takes the target out the next shot is
  lost and the rest may go to one target within 5 cm of the first (its player is asked).
  An LMG has its No. 2 when another figure of its section that is not a gunner stands within
  5 cm of it (each serves one gun).
- The HMG's beaten zone (L225-226): a strip 10 cm wide from the gun through the target to
  long range; each enemy figure the gun sees in it, nearest first, is given a d6 of the
  shots (9, one fewer for each of the gun's crew lost) until they run out; the leftovers are
  lost. Then to hit, cover and wound as normal. A zone with a friendly figure in it may not be
  fired. No move and fire; after a move a turn setting up with no fire (L224, reading hmg).
- Jams (L217, L227-228): an LMG jams on two or more 1s among its to-hit dice of the turn, an
  HMG on three (with one crewman any 1); a jammed gun's figure spends its next whole turn
  clearing it: no move, no fire.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shapely

from game.core.commands import Command, Refusal, require
from game.core.game import Game
from game.core.state import Figure
from game.geometry.templates import rectangle
from game.rulesets.parts import Chapter

from .status import GbFigMark

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

#: weapons whose shots go one by one at one target, with the switch after a kill (interpretation lmg)
BURSTS = frozenset({"lmg", "smg", "tank_lmg"})
#: the beaten zone's gun (interpretation hmg)
ZONE = "mg"


class GbAuto(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee

    # ---- crews and shots ------------------------------------------------------------------------------
    def number_twos(self, game: Game, unit_id: str) -> dict[str, str]:
        """Each LMG gunner of the section and the figure serving as its No. 2 (L215, L364)."""
        figs = self.rules.alive(game, unit_id)
        guns = [f for f in figs if "lmg" in f.weapons]
        free = [f for f in figs if "lmg" not in f.weapons and not self.rules.data.is_vehicle_type(f.type)]
        reach = self.rules.mm(self.rules.data.lmg_rules.number_two_within)
        out: dict[str, str] = {}
        for g in sorted(guns, key=lambda f: f.id):
            near = [f for f in free if f.id not in out.values() and self.rules.dist(f.pos, g.pos) <= reach + 1e-6]
            if near:
                out[g.id] = min(near, key=lambda f: (self.rules.dist(f.pos, g.pos), f.id)).id
        return out

    def crew(self, game: Game, fig: Figure, wid: str) -> int:
        if wid == "lmg":
            return 2 if fig.id in self.number_twos(game, fig.unit) else 1
        if wid == ZONE:
            return len(self.rules.alive(game, fig.unit))
        return 1

    def shots(self, game: Game, fig: Figure, wid: str) -> int:
        w = self.rules.data.weapons[wid]
        if wid == "lmg" and self.crew(game, fig, wid) < self.rules.data.lmg_rules.crew:
            return self.rules.data.lmg_rules.one_crew_shots
        if wid == ZONE:
            lost = len(game.state.units[fig.unit].figures) - self.crew(game, fig, wid)
            return max(0, w.shots - self.rules.data.hmg_rules.less_per_crew_lost * lost)
        return w.shots

    def jam_limit(self, game: Game, fig: Figure, wid: str) -> int | None:
        rules = {"lmg": self.rules.data.lmg_rules, ZONE: self.rules.data.hmg_rules}.get(wid)
        if rules is None:
            return None
        return rules.jam_ones_one_crew if self.crew(game, fig, wid) <= 1 else rules.jam_ones

    # ---- jams ---------------------------------------------------------------------------------------------
    def why_not(self, game: Game, fig: Figure) -> str | None:
        if fig.markers.get(GbFigMark.JAMMED):
            return f"{fig.name}'s gun is jammed: it is cleared in the figure's next turn (L217)."
        if fig.markers.get(GbFigMark.CLEARING) == game.state.turn:
            return f"{fig.name} spends this turn clearing its jammed gun (L217: one full turn)."
        return None

    def note_ones(self, game: Game, fig: Figure, wid: str, ones: int) -> None:
        """The 1s of the gun's to-hit dice this turn; enough of them jam it."""
        limit = self.jam_limit(game, fig, wid)
        if limit is None or not ones:
            return
        mark = fig.markers.get(GbFigMark.ONES)
        total = ones + (mark[1] if mark and mark[0] == game.state.turn else 0)
        fig.markers[GbFigMark.ONES] = [game.state.turn, total]
        if total >= limit and not fig.markers.get(GbFigMark.JAMMED):
            fig.markers[GbFigMark.JAMMED] = True
            game.emit("fire", f"{fig.name}'s {self.rules.data.weapons[wid].name} jams: {total} ones on its to-hit dice this turn.",
                      figures=[fig.id])

    def start_clearing(self, game: Game, side: str) -> None:
        """At the start of its player's turn a jammed gun's figure begins a whole turn of clearing."""
        for f in game.state.figures.values():
            if f.side == side and f.alive and f.markers.pop(GbFigMark.JAMMED, None):
                f.markers[GbFigMark.CLEARING] = game.state.turn
                game.emit("fire", f"{f.name} spends this turn clearing the jam.", figures=[f.id])

    # ---- bursts --------------------------------------------------------------------------------------------
    def burst_job(self, firer: Figure, target: Figure, weapon: str, shots: int, extra: tuple[tuple[str, int], ...] = (),
                  short: bool = False) -> dict:
        return {"do": "burst", "firer": firer.id, "target": target.id, "first": target.id, "weapon": weapon, "left": shots,
                "extra": [list(m) for m in extra], "short": short}

    def job_burst(self, game: Game, job: dict) -> list[dict] | None:
        """One shot of the burst (a job of its own, then the burst again), or the switch after a kill."""
        st = game.state
        firer = st.figures[job["firer"]]
        if "pick" in job:  # the player's answer to the switch
            pick = job.pop("pick")
            job.pop("asking", None)
            if pick:
                job["target"], job["switched"] = pick, True
                game.emit("fire", f"{firer.name} switches its fire to {st.figures[pick].name}.", figures=[firer.id, pick])
            else:
                job["left"] = 0
        extra = tuple((w, int(m)) for w, m in job["extra"])
        if job["left"] <= 0 or not firer.alive:
            return []
        target = st.figures[job["target"]]
        if not self.rules.firing.standing(target):
            job["left"] -= 1  # L215: the next shot is lost
            cands = [] if job.get("switched") or job["left"] <= 0 else self.switch_targets(game, firer, job)
            if not cands:
                return []
            opts = [(f"Switch to {c.name}", Command("switch_fire", firer.side, figure=firer.id, target=c.id)) for c in cands]
            opts.append(("Hold the last shots", Command("switch_fire", firer.side, figure=firer.id)))
            self.rules.ask(game, firer.side, f"{target.name} is down: {firer.name}'s next shot is lost; its last "
                           f"{job['left']} may go to a figure within {self.rules.data.lmg_rules.switch_within:g} cm (L215).", opts)
            job["asking"] = True
            return None
        job["left"] -= 1
        jams = self.jam_limit(game, firer, job["weapon"]) is not None
        return [self.rules.firing.shot_job(firer, target, job["weapon"], extra, job["short"], jams), dict(job)]

    def switch_targets(self, game: Game, firer: Figure, job: dict) -> list[Figure]:
        first = game.state.figures[job["first"]]
        reach = self.rules.mm(self.rules.data.lmg_rules.switch_within)
        out = []
        for e in sorted(game.state.figures.values(), key=lambda f: (self.rules.dist(f.pos, first.pos), f.id)):
            if e.id == first.id or not e.alive or not game.state.hostile(firer.side, e.side) or self.rules.dist(e.pos, first.pos) > reach + 1e-6:
                continue
            if self.rules.firing.targetable(game, firer, e) is not None:
                continue
            try:
                self.rules.firing.build(game, firer, e, job["weapon"], (), job["short"], shots=1)
            except Refusal:
                continue
            out.append(e)
        return out

    def check_switch_fire(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.waiting_job(game, "burst", self.rules.decision(game) is not None)
        require(cmd.figure == job["firer"], "Answer for the gun asked about.")
        fig = game.state.figures[job["firer"]]
        require(cmd.target is None or cmd.target in [e.id for e in self.switch_targets(game, fig, job)],
                "Switch to a figure within 5 cm of the first target that it can shoot, or hold.")

    def apply_switch_fire(self, game: Game, cmd: Command) -> None:
        self.rules.jobs.answer(game, pick=cmd.target or "")

    # ---- the beaten zone -------------------------------------------------------------------------------------
    def zone(self, game: Game, firer: Figure, target: Figure) -> list[Figure]:
        """The enemy figures the gun sees in its beaten zone through ``target``, nearest first;
        refused when a friendly figure is in it (interpretation hmg)."""
        rules = self.rules
        inside = self.zone_figures(game, firer, target)
        seen = [f for f in inside if game.state.hostile(firer.side, f.side) and rules.los(game, firer, f).visible]
        return sorted(seen, key=lambda f: (rules.dist(firer.pos, f.pos), f.id))

    def zone_figures(self, game: Game, firer: Figure, target: Figure) -> list[Figure]:
        """Every figure in the beaten zone through ``target``; refused when a friendly figure
        is among them (what a shot checks before the dice: who is seen there is the fire's)."""
        rules = self.rules
        w = rules.data.weapons[ZONE]
        reach = rules.mm(w.range_bands()[-1][1])
        strip = rectangle(firer.pos, rules.heading(firer.pos, target.pos), reach, rules.mm(rules.data.hmg_rules.zone_width))
        others = [f for f in game.state.figures.values() if f.alive and f.id != firer.id]
        covered = shapely.covers(strip, shapely.points([f.pos for f in others])).tolist() if others else []
        inside = [f for f, c in zip(others, covered, strict=True) if c]
        friends = [f for f in inside if not game.state.hostile(firer.side, f.side) and f.unit != firer.unit]
        require(not friends, f"{friends[0].name if friends else ''} is in the beaten zone: the gun may not fire through friends.")
        return inside

    def fire_zone(self, game: Game, firer: Figure, target: Figure) -> list[dict]:
        """L226: a d6 for each figure in the zone, nearest first, until the shots run out; the
        shots follow as jobs, nearest figure first."""
        rules = self.rules
        left = self.shots(game, firer, ZONE)
        die = rules.data.hmg_rules.allocation_die
        plan: list[tuple[Figure, int]] = []
        for f in self.zone(game, firer, target):
            if left <= 0:
                break
            r = game.dice.roll(die, f"Beaten zone: shots at {f.name}", figures=[f.id])
            n = min(r.value, left)
            r.outcome = f"{n} shot{'s' if n != 1 else ''}"
            plan.append((f, n))
            left -= n
        if left > 0:
            game.emit("fire", f"{left} of the gun's shots find no target and are lost (L226).", figures=[firer.id])
        # every section given shots is under MG fire (L95: its next command roll), not only the one aimed at
        self.rules.firing.fired_on(game, firer, [f for f, _ in plan if f.unit != target.unit], ZONE)
        return [self.rules.firing.shot_job(firer, f, ZONE, jams=True) for f, n in plan for _ in range(n)]
