"""WWIFY AR:SE orders: moving figures and units (panicked units too), Fire and Combat
actions, and the casualty jobs that ask the owner (or a sniper's player) which figures
fall. A chapter of :class:`game.rulesets.wwify.ruleset.Wwify` (it reads the rest through ``self.rules``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.state import FLED, Figure, Unit
from game.geometry.collider import Collider
from game.rulesets.parts import Chapter
from game.rulesets.wwify.move import WwPlan
from game.rulesets.wwify.status import WwifyFigMark, WwifyUnitMark
from game.solo.retreat import assign_slots, line_slots

if TYPE_CHECKING:
    from game.rulesets.wwify.ruleset import Wwify

DISPERSED_SPACING = 2.0  # inches centre to centre in a dispersed move (solo interpretation dispersed)


class WwOrders(Chapter["Wwify"]):
    # ---- moving ------------------------------------------------------------------------------------
    rules: Wwify

    def plan_figure(self, game: Game, fig: Figure, path: list[tuple[float, float]], collider=None) -> tuple[WwPlan, bool]:
        """The plan of a `move` command and whether it starts a new action."""
        unit = game.state.units[fig.unit]
        if unit.kind == "flyer":
            r = self.rules.action_refusal(game, unit, "move")
            if r:
                return WwPlan([fig.pos], refusal=r), True
            return self.rules.moving.plan_flyer(game, fig, path, self.rules.allowance(game, unit, fig)), True
        if unit.kind == "vehicle":
            r = self.rules.action_refusal(game, unit, "move")
            if r:
                return WwPlan([fig.pos], refusal=r), True
            if self.rules.immobile(game, unit):
                why = "broken down" if unit.markers.get(WwifyUnitMark.BROKEN_DOWN) else "immobilised"
                return WwPlan([fig.pos], refusal=f"{fig.name} is {why} and cannot move (it may still fire)."), True
            return self.rules.moving.plan_ground(game, fig, path, self.rules.allowance(game, unit, fig), True, collider), True
        fresh = not unit.markers.get(WwifyUnitMark.MOVE_OPEN)
        if fresh:
            r = self.rules.action_refusal(game, unit, "move")
            if r:
                return WwPlan([fig.pos], refusal=r), True
            budget = self.rules.allowance(game, unit, fig)
        else:
            if not self.rules.active(game, unit):
                return WwPlan([fig.pos], refusal=self.rules.action_refusal(game, unit, "move") or "Not now."), False
            budget = self.rules.left_to_move(game, unit, fig)
            if budget <= 1e-3:
                return WwPlan([fig.pos], refusal=(
                    f"{fig.name} has used its {self.rules.fmt(self.rules.allowance(game, unit, fig))} in this Move action; "
                    "choose Move again to start another action.")), False
        plan = self.rules.moving.plan_ground(game, fig, path, budget, True, collider)
        if plan.refusal is None:
            bad = self.rules.moving.cohesion_problem(game, unit, {fig.id: plan.path[-1]})
            if bad:
                plan.refusal = bad
        return plan, fresh

    def check_move(self, game: Game, cmd: Command) -> None:
        require(cmd.figure is not None and len(cmd.path) >= 1, "Give the figure and where it goes.")
        fig = game.state.figures[cmd.figure_id]
        unit = game.state.units[fig.unit]
        require(not unit.markers.get(WwifyUnitMark.PANICKED), f"{unit.name} has panicked and runs for its table edge.")
        plan, _ = self.plan_figure(game, fig, list(cmd.path))
        if plan.refusal:
            refuse(plan.refusal)

    def apply_move(self, game: Game, cmd: Command) -> None:
        fig = game.state.figures[cmd.figure_id]
        unit = game.state.units[fig.unit]
        plan, fresh = self.plan_figure(game, fig, list(cmd.path))
        if fresh:
            self.rules.start_action(game, unit, "move")
        self.place(game, fig, plan)
        extra = "".join(f", {self.rules.fmt(c)} to {w}" for w, c in plan.charges)
        turns = f", turns {', '.join(f'{t:.0f}' for t in plan.turns)} degrees" if plan.turns else ""
        stop = f"; stopped: {plan.stopped_by}" if plan.stopped_by else ""
        game.emit("move", f"{fig.name} moves {self.rules.fmt(plan.length)}{extra}{turns}{stop}.", figures=[fig.id], units=[unit.id])
        if unit.kind == "vehicle":
            self.breakdown(game, unit, fig)
        self.rules.push(game, *self.gas_after_move(game, [fig]))

    def place(self, game: Game, fig: Figure, plan: WwPlan) -> None:
        if plan.length > 1e-6:
            a, b = plan.path[-2], plan.path[-1]
            fig.facing = self.rules.heading(a, b)
            fig.x, fig.y = b
            fig.markers[WwifyFigMark.MOVED_MM] = fig.markers.get(WwifyFigMark.MOVED_MM, 0.0) + plan.cost

    def breakdown(self, game: Game, unit: Unit, fig: Figure) -> None:
        on = self.rules.data.vehicle_breakdown_on
        r = game.dice.roll("d6", f"{fig.name} moved: breakdown test", target=f"{on}+ breaks down", figures=[fig.id], units=[unit.id])
        if r.value >= on:
            r.outcome = "broken down: immobile for the rest of the game (can still fire)"
            unit.markers[WwifyUnitMark.BROKEN_DOWN] = True
        else:
            r.outcome = "keeps going"

    def gas_after_move(self, game: Game, figs: list[Figure]) -> list[dict]:
        st = game.state
        todo = [f for f in figs if f.alive and self.rules.fighting.testable(f) and f.markers.get(WwifyFigMark.GAS_TURN) != st.turn
                and self.rules.moving.in_cloud(game, f.pos, "gas")]
        clouds: dict[str, list[Figure]] = {}
        for f in todo:  # each figure tests once a turn; its squad's morale once for each barrage
            clouds.setdefault(next(c.id for c in game.table.features_at(f.pos) if c.type.id == "gas"), []).append(f)
        jobs: list[dict] = []
        for cloud, figs in sorted(clouds.items()):
            jobs += self.rules.artillery.test_figures(game, figs, "gas", "walked into the gas cloud", cloud)
        return jobs

    def check_begin_move(self, game: Game, cmd: Command) -> None:
        require(cmd.unit is not None, "Choose the unit.")
        unit = game.state.units[cmd.unit_id]
        require(unit.kind not in ("flyer", "vehicle"), f"Each move of {unit.name} is an action of its own: just move it.")
        r = self.rules.action_refusal(game, unit, "move")
        if r:
            refuse(r)

    def apply_begin_move(self, game: Game, cmd: Command) -> None:
        unit = game.state.units[cmd.unit_id]
        self.rules.start_action(game, unit, "move")
        n = len(unit.markers[WwifyUnitMark.ACTS])
        game.emit("action", f"{unit.name} starts a Move action (action {n}).", units=[unit.id])

    def unit_move_plans(self, game: Game, cmd: Command) -> list[tuple[Figure, WwPlan]]:
        st = game.state
        unit = st.units[cmd.unit_id]
        figs = self.rules.alive(game, unit.id)
        if unit.kind == "flyer" or not figs:
            return []
        goals: list[tuple[Figure, tuple[float, float]]] = []
        if cmd.choice == "charge":
            foes = [f for f in self.rules.alive(game, cmd.target_id)] if cmd.target in st.units else []
            foes = [f for f in foes if self.rules.fighting.combatant(f)] or foes
            for f in figs:
                if foes:
                    e = min(foes, key=lambda e: (self.rules.apart(f, e), e.id))  # nearest, base edge to base edge
                    goals.append((f, e.pos))
        elif cmd.choice == "gather":
            to = cmd.at
            for f in figs:
                d = self.rules.dist(f.pos, to)
                step = max(0.0, d - (2 * f.radius + self.rules.mm(0.25)))
                if step > 1e-3:
                    goals.append((f, (f.x + (to[0] - f.x) * step / d, f.y + (to[1] - f.y) * step / d)))
        elif cmd.choice == "dispersed":  # a line abreast centred on the point, across the move (solo interpretation dispersed)
            centre = self.rules.unit_centre(game, unit.id)
            if self.rules.dist(centre, cmd.at) < 1e-6:
                return []
            slots = assign_slots([(f.id, f.pos) for f in figs],
                                 line_slots(cmd.at, (2 * cmd.at[0] - centre[0], 2 * cmd.at[1] - centre[1]), len(figs), self.rules.mm(DISPERSED_SPACING)),
                                 (2 * cmd.at[0] - centre[0], 2 * cmd.at[1] - centre[1]))
            goals = [(f, slots[f.id]) for f in figs]
        else:
            cx, cy = self.rules.unit_centre(game, unit.id)
            vx, vy = cmd.at[0] - cx, cmd.at[1] - cy
            if abs(vx) + abs(vy) < 1e-6:
                return []
            for f in figs:
                goals.append((f, (f.x + vx, f.y + vy)))
        if cmd.choice in ("charge", "gather"):
            goals.sort(key=lambda g: (self.rules.dist(g[0].pos, g[1]), g[0].id))
        else:  # the leading figures first, so nobody bumps into a squadmate still to move
            goals.sort(key=lambda g: (-(g[0].x * (g[1][0] - g[0].x) + g[0].y * (g[1][1] - g[0].y)), g[0].id))
        others = [(f.id, f.pos, f.radius) for f in st.figures.values() if f.alive]
        collider = Collider(game.table, others)
        plans = []
        for f, goal in goals:
            budget = self.rules.allowance(game, unit, f)
            if unit.kind == "vehicle":
                goal = self._limit(f.pos, goal, budget)
            plan = self.rules.moving.plan_ground(game, f, [goal], budget, False, collider)
            plans.append((f, plan))
            collider.move_figure(f.id, plan.path[-1])
        return plans

    @staticmethod
    def _limit(a, b, d):
        """b, or the point d along the way from a to b."""
        L = math.hypot(b[0] - a[0], b[1] - a[1])
        if L <= d or L <= 0:
            return b
        return (a[0] + (b[0] - a[0]) * d / L, a[1] + (b[1] - a[1]) * d / L)

    def check_move_unit(self, game: Game, cmd: Command) -> None:
        require(cmd.unit is not None, "Choose the unit.")
        unit = game.state.units[cmd.unit_id]
        if cmd.choice == "charge":
            require(cmd.target in game.state.units and game.state.units[cmd.target_id].side != unit.side, "Choose an enemy unit to charge.")
            require(game.state.unit_alive(cmd.target_id), "That unit has no figures left.")
        else:
            require(cmd.point is not None, "Choose where the unit goes.")
            require(game.table.contains(cmd.at), "That is off the table.")
            require(cmd.choice in (None, "gather", "dispersed"), "A unit moves, closes up (gather) or moves in dispersed order.")
        require(unit.kind != "flyer", "A flyer's move is a path with its turns: drag the flyer.")
        r = self.rules.action_refusal(game, unit, "move")
        if r:
            refuse(r)
        if unit.kind == "vehicle" and self.rules.immobile(game, unit):
            refuse(f"{unit.name} cannot move (it may still fire).")
        plans = self.unit_move_plans(game, cmd)
        require(any(p.length > 1e-3 for _, p in plans), f"No figure of {unit.name} can move there.")
        bad = self.rules.moving.cohesion_problem(game, unit, {f.id: p.path[-1] for f, p in plans})
        if bad:
            refuse(bad)

    def apply_move_unit(self, game: Game, cmd: Command) -> None:
        unit = game.state.units[cmd.unit_id]
        plans = self.unit_move_plans(game, cmd)
        self.rules.start_action(game, unit, "move")
        longest = 0.0
        for f, p in plans:
            self.place(game, f, p)
            longest = max(longest, p.length)
        how = {"charge": "charges", "gather": "closes up", "dispersed": "moves in dispersed order"}.get(cmd.choice or "", "moves")
        game.emit("move", f"{unit.name} {how} (up to {self.rules.fmt(longest)}).", units=[unit.id], figures=[f.id for f, _ in plans])
        if unit.kind == "vehicle":
            fig = plans[0][0]
            self.breakdown(game, unit, fig)
        self.rules.push(game, *self.gas_after_move(game, [f for f, _ in plans]))

    def run_panicked(self, game: Game, unit: Unit) -> list[dict]:
        """A panicked squad runs at full speed (both moves) for its home edge."""
        st = game.state
        moved: list[Figure] = []
        others = [(f.id, f.pos, f.radius) for f in st.figures.values() if f.alive]
        collider = Collider(game.table, others)
        figs = sorted(self.rules.alive(game, unit.id), key=lambda f: (self.rules.dist(f.pos, self.rules.home_edge_point(game, f)), f.id))
        for f in figs:
            budget = 2 * self.rules.allowance(game, unit, f)
            home = self.rules.home_edge_point(game, f)
            plan = self.rules.moving.plan_ground(game, f, [home], budget, False, collider)
            self.place(game, f, plan)
            collider.move_figure(f.id, plan.path[-1])
            moved.append(f)
            if self.rules.dist(f.pos, home) < 1e-3:
                f.life = FLED
                game.emit("status", f"{f.name} of {unit.name} flees off the table.", figures=[f.id], units=[unit.id])
        game.emit("move", f"{unit.name} is panicked and runs for its table edge.", units=[unit.id], figures=[f.id for f in moved])
        if not st.unit_alive(unit.id):
            unit.markers[WwifyUnitMark.GONE] = True
            game.emit("status", f"{unit.name} has left the table.", units=[unit.id])
        return self.gas_after_move(game, [f for f in moved if f.alive])

    # ---- fire ----------------------------------------------------------------------------------------
    def check_fire(self, game: Game, cmd: Command) -> None:
        require(cmd.unit is not None, "Choose the unit that fires.")
        unit = game.state.units[cmd.unit_id]
        if not (unit.kind in ("flyer", "vehicle") and unit.markers.get(WwifyUnitMark.PENDING_FIRE) and self.rules.active(game, unit)):
            r = self.rules.action_refusal(game, unit, "fire")
            if r:
                refuse(r)
        self.rules.fighting.fire_plan(game, cmd.unit_id, cmd.target)

    def apply_fire(self, game: Game, cmd: Command) -> None:
        st = game.state
        unit = st.units[cmd.unit_id]
        plan = self.rules.fighting.fire_plan(game, cmd.unit_id, cmd.target)
        if unit.kind in ("flyer", "vehicle") and unit.markers.get(WwifyUnitMark.PENDING_FIRE):
            unit.markers[WwifyUnitMark.PENDING_FIRE] = False
        else:
            self.rules.start_action(game, unit, "fire")
        unit.markers[WwifyUnitMark.MOVE_OPEN] = False
        # (whether it counts as "mortars, flame or AFVs" is the solo view's to say: note_fire)
        self.rules.note_fire(game, plan.target.id, unit.id, len(plan.firers), figures=[f.fig.id for f in plan.firers])
        kills = self.rules.fighting.roll_fire(game.dice, plan)
        total = sum(kills.values())
        game.emit("fire", f"{unit.name} scores {total} kill{'s' if total != 1 else ''} on {plan.target.name}.",
                  units=[unit.id, plan.target.id], data={"kills": total})
        flame = sum(k for w, k in kills.items() if self.rules.data.weapons[w].flame)
        target = plan.target
        cause = f"fire from {unit.name}"
        if plan.target_kind == "figures":
            if total:
                self.rules.push(game, {"do": "casualties", "unit": target.id, "n": total, "chooser": plan.chooser,
                                 "cause": cause, "flame": flame, "smoke": True, "trench": plan.trench_per_hit, "killed": 0})
            return
        fig = self.rules.alive(game, target.id)[0]
        for _ in range(total):
            if not fig.alive:
                break
            if self.rules.fighting.hit_saved(game, fig, True, plan.trench_per_hit):
                continue
            if plan.target_kind == "large_creature":
                self.rules.fighting.wound(game, fig, cause)
            elif plan.target_kind == "vehicle":
                self.rules.fighting.vehicle_result(game, fig, self.rules.fighting.vehicle_table(game.dice, fig.name, fig.id), cause)
            else:
                self.rules.fighting.flyer_result(game, fig, self.rules.fighting.flyer_table(game.dice, fig.name, fig.id), cause)

    # ---- casualties (jobs and decisions) ------------------------------------------------------------
    def value_order(self, figs: list[Figure], best_first: bool) -> list[Figure]:
        return sorted(figs, key=lambda f: ((-1 if best_first else 1) * self.rules.troop(f).value, f.id))

    def job_casualties(self, game: Game, job: dict) -> list[dict] | None:
        st = game.state
        unit = st.units[job["unit"]]
        while job["n"] > 0:
            cands = [f for f in self.rules.casualty_pool(game, unit) if f.id not in job.get("exclude", [])]
            if not cands:
                game.emit("info", f"{job['n']} kill(s) lost: no more figures of {unit.name} to take them.", units=[unit.id])
                break
            if job["n"] >= len(cands) and not any(self.rules.moving.in_cloud(game, f.pos, "smoke") for f in cands):
                for f in cands:
                    self.take_casualty(game, f, job)
                continue
            if len(cands) == 1:
                self.take_casualty(game, cands[0], job)
                continue
            sniper = job["chooser"] != unit.side
            ordered = self.value_order(cands, best_first=sniper)
            chooser = job["chooser"]
            opts = []
            for f in ordered:
                smoke = " (in smoke: saves on 2+)" if job.get("smoke") and self.rules.moving.in_cloud(game, f.pos, "smoke") else ""
                opts.append((f"{f.name} [{f.id}]{smoke}", Command("pick_casualty", chooser, target=f.id)))
            who = "the sniper picks" if sniper else "pick"
            flame = " (this one the flamethrower's: a squadmate it kills tests morale)" if int(job.get("flame", 0)) > 0 else ""
            self.rules.ask(game, chooser, f"{unit.name} takes {job['n']} more casualt{'ies' if job['n'] > 1 else 'y'} ({job['cause']}): "
                           f"{who} the next figure{flame}.", opts)
            return None
        follow: list[dict] = []
        if job.get("morale", True) and job.get("killed", 0) > 0:
            follow.append({"do": "morale", "unit": unit.id, "why": ["losses", *(["flame"] if job.get("flame_killed") else [])]})
        return follow

    def take_casualty(self, game: Game, fig: Figure, job: dict) -> None:
        """One kill falls on ``fig``. In smoke it saves on 2+ ("anyone in the smoke hit
        gets a saving throw, and avoids damage"): the kill is spent on it, and a figure
        that saved is not picked again for this fire (interpretation: one figure takes
        one hit of a fire, so a squad is not shielded by its one figure in smoke). When the
        fire left the trench re-roll to each hit, a figure outside the smoke re-rolls it."""
        job["n"] -= 1
        flame = int(job.get("flame", 0)) > 0  # the flamethrower's kills are taken first (reading morale-when)
        if flame:
            job["flame"] = int(job["flame"]) - 1
        smoked = bool(job.get("smoke")) and self.rules.moving.in_cloud(game, fig.pos, "smoke")
        if self.rules.fighting.hit_saved(game, fig, bool(job.get("smoke")), bool(job.get("trench"))):
            if smoked:
                job["exclude"] = [*job.get("exclude", []), fig.id]
            return
        self.rules.fighting.kill(game, fig, job["cause"], saveable=job.get("saveable", True))
        job["killed"] = job.get("killed", 0) + 1
        if flame:
            job["flame_killed"] = True

    def check_pick_casualty(self, game: Game, cmd: Command) -> None:
        job = self.rules.current_job(game, "casualties|cc_loss")
        require(cmd.target in game.state.figures and game.state.figures[cmd.target_id].alive, "Pick a figure in action.")
        if job["do"] == "casualties":
            require(game.state.figures[cmd.target_id].unit == job["unit"], "Pick a figure of the unit that was hit.")
        else:
            require(cmd.target in job["pool"], "Pick one of the figures in the combat.")

    def apply_pick_casualty(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.queue(game)[0]  # the job the answer is for (checked above)
        fig = game.state.figures[cmd.target_id]
        if job["do"] == "cc_loss":
            job["victim"] = fig.id
            return
        self.take_casualty(game, fig, job)

    # ---- close combat ------------------------------------------------------------------------------------
    def check_combat(self, game: Game, cmd: Command) -> None:
        require(cmd.unit is not None, "Choose the unit that fights.")
        r = self.rules.action_refusal(game, game.state.units[cmd.unit_id], "combat")
        if r:
            refuse(r)
        self.rules.fighting.combat_plan(game, cmd.unit_id)

    def apply_combat(self, game: Game, cmd: Command) -> None:
        st = game.state
        unit = st.units[cmd.unit_id]
        plan = self.rules.fighting.combat_plan(game, cmd.unit_id)
        # close combat puts both sides "under fire" as the solo rules count it (their risk
        # factors and portal markers read it, whoever plays)
        units: dict[str, int] = {}
        for f in plan.defenders:
            units[f.unit] = units.get(f.unit, 0) + 1
        main = max(units, key=lambda u: (units[u], u))
        for uid in sorted(units):
            self.rules.note_fire(game, uid, cmd.unit_id, len(plan.attackers), figures=[f.id for f in plan.attackers])
        for uid in sorted({f.unit for f in plan.attackers}):  # the acting unit, and friends in the same combat
            self.rules.note_fire(game, uid, main, len(plan.defenders), figures=[f.id for f in plan.defenders])
        self.rules.start_action(game, unit, "combat")
        foe_side = plan.defenders[0].side
        game.emit("combat", f"Close combat: {', '.join(f.name for f in plan.attackers)} against {', '.join(f.name for f in plan.defenders)}.",
                  figures=[f.id for f in plan.attackers + plan.defenders], units=[unit.id])
        a = self.rules.fighting.side_best(game.dice, self.rules.fighting.combat_groups(plan.attackers), st.sides[unit.side].name)
        d = self.rules.fighting.side_best(game.dice, self.rules.fighting.combat_groups(plan.defenders), st.sides[foe_side].name)
        scores = {"attacker": a, "defender": d}
        if a == d:
            game.emit("combat", f"Close combat drawn ({a} against {d}): nobody falls.", units=[unit.id], data={**scores, "result": "draw"})
            return
        win, lose = (unit.side, foe_side) if a > d else (foe_side, unit.side)
        losers = plan.defenders if a > d else plan.attackers
        game.emit("combat", f"{st.sides[win].name} win the close combat ({max(a, d)} against {min(a, d)}).", units=[unit.id],
                  data={**scores, "result": "attacker wins" if a > d else "defender wins"})
        self.rules.push(game, {"do": "cc_loss", "pool": [f.id for f in losers], "owner": lose, "winner": win,
                         "victim": None, "fate": None, "cause": f"close combat with {st.sides[win].name}"})

    def job_cc_loss(self, game: Game, job: dict) -> list[dict] | None:
        st = game.state
        pool = [st.figures[f] for f in job["pool"] if st.figures[f].alive]
        if job["victim"] is None:
            if not pool:
                return []
            if len(pool) == 1:
                job["victim"] = pool[0].id
            else:
                opts = [(f"{f.name} [{f.id}]", Command("pick_casualty", job["owner"], target=f.id)) for f in self.value_order(pool, False)]
                self.rules.ask(game, job["owner"], "You lost the close combat: pick the figure that falls.", opts)
                return None
        fig = st.figures[job["victim"]]
        unit = st.units[fig.unit]
        if self.rules.fighting.category(fig) == "large_creature":
            self.rules.fighting.wound(game, fig, job["cause"])
            return [{"do": "morale", "unit": unit.id, "why": ["losses"]}]
        if job["fate"] is None:
            opts = [(f"Kill {fig.name}", Command("capture", job["winner"], target=fig.id, choice="kill")),
                    (f"Capture {fig.name}", Command("capture", job["winner"], target=fig.id, choice="capture"))]
            self.rules.ask(game, job["winner"], f"You won the close combat: kill or capture {fig.name}?", opts)
            return None
        self.rules.fighting.kill(game, fig, job["cause"], capture=job["fate"] == "capture")
        return [{"do": "morale", "unit": unit.id, "why": ["losses"]}]

    def check_capture(self, game: Game, cmd: Command) -> None:
        job = self.rules.current_job(game, "cc_loss")
        require(cmd.choice in ("kill", "capture") and cmd.target == job["victim"], "Choose kill or capture.")

    def apply_capture(self, game: Game, cmd: Command) -> None:
        self.rules.jobs.answer(game, fate=cmd.choice)
