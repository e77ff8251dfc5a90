"""GOODBYEEEEEE!!!: hand to hand (L137-150, L160; interpretation close-combat).

In the close combat step of each player's turn every figure in base contact with an enemy
fights (L85). Each fight is simultaneous (L139): both take Fighting Skill, +1 for the figure
that charged this turn (L142), -1 each for pinned, prone and fighting several opponents
(L143; a pinned figure is not also -1 for prone), +4 for a tank (L146), and add a d6 (L144);
a figure with several attacks rolls a die for each and counts its best (L145: the other must
beat both). The higher total wins and wounds the loser, or may subdue (capture) a figure the
wound would take out of action (L144: the winner's player is asked); equal totals draw and
both fall back 3 cm (L148). A figure fighting several opponents fights them in the order
its player chooses, but only the first it beats is wounded: the others it beats are driven
off 3 cm (L150). A tank that loses takes one damage.

Slice 6 of issue 19. The fights run on the ruleset's job queue, so the questions (the order
of opponents, kill or capture) wait for an answer and a save goes on from them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from game.core.commands import Command, require
from game.core.game import Game
from game.core.state import CAPTURED, Figure
from game.rulesets.movement import plan_move
from game.rulesets.parts import Chapter

from .status import GbFigMark

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

#: base contact: bases this close (mm) touch (a move into contact stops 1/1000 mm short)
CONTACT = 0.5


class GbMelee(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee

    # ---- who is in contact ---------------------------------------------------------------------------
    def in_contact(self, a: Figure, b: Figure) -> bool:
        return self.rules.dist(a.pos, b.pos) <= a.radius + b.radius + CONTACT

    def opponents(self, game: Game, fig: Figure) -> list[Figure]:
        """Enemies in base contact, by id (found once while nothing changes: the AI asks of
        every figure it plans)."""
        if not fig.alive:
            return []
        return list(self.rules.recall(game, ("gb_opponents", fig.id), lambda: self._opponents(game, fig)))

    def _opponents(self, game: Game, fig: Figure) -> list[Figure]:
        st = game.state
        x, y, r = fig.x, fig.y, fig.radius  # in_contact, for every figure
        return sorted((e for e in st.figures.values()
                       if math.hypot(x - e.x, y - e.y) <= r + e.radius + CONTACT and e.alive and st.hostile(fig.side, e.side)),
                      key=lambda e: e.id)

    def note_charge(self, game: Game, fig: Figure) -> None:
        """A move that ends in base contact with an enemy is a charge: +1 this turn (L142)."""
        if self.opponents(game, fig):
            fig.markers[GbFigMark.CHARGED] = game.state.turn
            names = ", ".join(e.name for e in self.opponents(game, fig))
            game.emit("melee", f"{fig.name} charges into contact with {names}.", figures=[fig.id])

    def charge_path(self, game: Game, fig: Figure, waypoints: list[tuple[float, float]],
                    among: Iterable[Figure] | None = None) -> list[tuple[float, float]]:
        """A path ending on an enemy's base ends at base contact instead (a charge, L142);
        ``among``: the figures that may be there (in the state's order), when not all."""
        if not waypoints:
            return waypoints
        last = waypoints[-1]
        prev = waypoints[-2] if len(waypoints) > 1 else fig.pos
        dist = self.rules.dist
        lx, ly, r = last[0], last[1], fig.radius  # (rules.dist, inline: every planned move asks)
        ends_on = [e for e in (game.state.figures.values() if among is None else among)
                   if math.hypot(lx - e.x, ly - e.y) < r + e.radius and e.alive and game.state.hostile(fig.side, e.side)]
        for e in sorted(ends_on, key=lambda e: dist(prev, e.pos)):
            reach = fig.radius + e.radius
            # the first point of prev -> last at ``reach`` from e's centre
            dx, dy = last[0] - prev[0], last[1] - prev[1]
            fx, fy = prev[0] - e.x, prev[1] - e.y
            a, b, c = dx * dx + dy * dy, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - (reach + 0.01) ** 2
            disc = b * b - 4 * a * c
            if a <= 0 or disc < 0:
                continue
            t = max(0.0, (-b - math.sqrt(disc)) / (2 * a))
            return waypoints[:-1] + [(prev[0] + dx * t, prev[1] + dy * t)]
        return waypoints

    # ---- the step -------------------------------------------------------------------------------------------
    def job_close_combat(self, game: Game, job: dict) -> list[dict]:
        """L85: every figure in contact fights. Several opponents: the owner orders them first."""
        seats = game.state.side_order
        figs = sorted((f for f in game.state.figures.values() if f.alive and self.opponents(game, f)),
                      key=lambda f: (seats.index(f.side) if f.side in seats else 99, f.id))
        if not figs:
            game.emit("melee", "No figures are in contact.")
            return []
        many = [f for f in figs if len(self.opponents(game, f)) > 1]
        out: list[dict] = [{"do": "fight_order", "figure": f.id, "chosen": []} for f in many]
        return out + [{"do": "fights", "order": [f.id for f in figs], "multi": [f.id for f in many]}]

    def job_fight_order(self, game: Game, job: dict) -> list[dict] | None:
        """L150: the player picks whom a figure fighting several opponents fights first, then next."""
        fig = game.state.figures[job["figure"]]
        left = [e for e in self.opponents(game, fig) if e.id not in job["chosen"]]
        if job.get("pick"):
            job["chosen"].append(job.pop("pick"))
            left = [e for e in left if e.id not in job["chosen"]]
        if len(left) <= 1:
            job["chosen"] += [e.id for e in left]
            game.state.figures[fig.id].markers[GbFigMark.FIGHT_ORDER] = list(job["chosen"])
            return []
        opts = [(f"{e.name} next" if job["chosen"] else f"{e.name} first", Command("fight_order", fig.side, figure=fig.id, target=e.id))
                for e in left]
        self.rules.ask(game, fig.side, f"{fig.name} fights {len(left) + len(job['chosen'])} opponents: only the first it beats is "
                       "wounded, the others are driven off 3 cm (L150). Whom does it fight "
                       f"{'next' if job['chosen'] else 'first'}?", opts)
        return None

    def check_fight_order(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.waiting_job(game, "fight_order", self.rules.decision(game) is not None)
        require(cmd.figure == job["figure"], "Order the opponents of the figure asked about.")
        fig = game.state.figures[job["figure"]]
        require(cmd.target in [e.id for e in self.opponents(game, fig)] and cmd.target not in job["chosen"],
                "Choose one of its opponents not yet placed.")

    def apply_fight_order(self, game: Game, cmd: Command) -> None:
        self.rules.jobs.answer(game, pick=cmd.target)

    def fight_job(self, game: Game, a: Figure, b: Figure) -> dict:
        """The job of one fight between two figures in contact, as the step would run it."""
        multi = [f.id for f in (a, b) if len(self.opponents(game, f)) > 1]
        return {"do": "fight", "a": a.id, "b": b.id, "multi": multi}

    def job_fights(self, game: Game, job: dict) -> list[dict]:
        """The fights, one pair at a time: first each figure with several opponents, taking them
        in its player's order, then the other figures in the order of play."""
        st = game.state
        pairs: list[tuple[str, str]] = []
        first = [f for f in job["order"] if f in job["multi"]]  # their players' orders come first
        for fid in first + [f for f in job["order"] if f not in first]:
            fig = st.figures[fid]
            order = fig.markers.pop(GbFigMark.FIGHT_ORDER, None) or [e.id for e in self.opponents(game, fig)]
            for eid in order:
                if (eid, fid) not in pairs and (fid, eid) not in pairs:
                    pairs.append((fid, eid))
        return [{"do": "fight", "a": a, "b": b, "multi": job["multi"]} for a, b in pairs]

    # ---- one fight ---------------------------------------------------------------------------------------------
    def modifiers(self, game: Game, fig: Figure, multi: bool) -> list[tuple[str, int]]:
        cc = self.rules.data.close_combat
        mods: list[tuple[str, int]] = []
        if fig.markers.get(GbFigMark.CHARGED) == game.state.turn:
            mods.append(("charged: has the initiative", cc.initiator))
        if self.rules.courage.pinned(fig):
            mods.append(("pinned", cc.pinned))
        elif fig.markers.get(GbFigMark.PRONE):
            mods.append(("prone", cc.prone))
        if multi:
            mods.append(("fighting several opponents", cc.multiple_opponents))
        if self.rules.data.is_vehicle_type(fig.type):
            mods.append(("a tank rolling over the enemy", cc.tank))
        return mods

    def total(self, game: Game, fig: Figure, foe: Figure, multi: bool) -> int:
        """Fighting Skill + modifiers + the best of its attack dice (L141-146)."""
        n = max(1, self.rules.stats.stat(fig, "melee_attacks"))
        if self.rules.characters.valour_use(game, fig) == "double_attacks":  # L33: each attack twice
            n *= 2
        skill = self.rules.stats.stat(fig, "fighting_skill")
        mods = self.modifiers(game, fig, multi)
        spec = self.rules.data.close_combat.die if n == 1 else f"{n}{self.rules.data.close_combat.die}"
        r = game.dice.roll(spec, f"{fig.name} fights {foe.name}: Fighting Skill {skill}" + (f", best of {n} dice" if n > 1 else ""),
                           modifiers=mods, figures=[fig.id, foe.id])
        best = max(r.faces) + skill + sum(m for _, m in mods)
        r.outcome = f"total {best}"
        return best

    def job_fight(self, game: Game, job: dict) -> list[dict] | None:
        st = game.state
        a, b = st.figures[job["a"]], st.figures[job["b"]]
        if "ta" not in job:
            standing = self.rules.firing.standing
            if not (standing(a) and standing(b) and self.in_contact(a, b)):
                return []
            self.rules.solo_view.under_fire(game, a, [b], None)  # close combat: both under fire (the solo rules)
            self.rules.solo_view.under_fire(game, b, [a], None)
            job["ta"] = self.total(game, a, b, a.id in job["multi"])
            job["tb"] = self.total(game, b, a, b.id in job["multi"])
        for key, fig, other in (("ta", a, "tb"), ("tb", b, "ta")):  # the Queen of Diamonds: +2 (L302)
            qd = self.rules.events.held(game, fig.side, "melee_bonus")
            if qd is None or job[key] > job[other] or job.get(f"card_{qd}") == "keep" or job.get(f"qd_{key}"):
                continue
            played = self.rules.events.offer(game, job, fig.side, qd, f"{fig.name} ({job[key]}) against {job[other]}: play the "
                                             "Queen of Diamonds for +2 (L302)?")
            if played is None:
                return None
            if played:
                job[f"qd_{key}"] = True
                job[key] += self.rules.data.events.cards[qd].value or 0
                self.rules.events.play(game, fig.side, qd, f"+2 to {fig.name}'s hand to hand")
        for key, fig, foe, other in (("ta", a, b, "tb"), ("tb", b, a, "ta")):  # a loser's dice re-rolled with Luck (L31)
            if job[key] < job[other] and not self.rules.characters.reroll(
                    game, job, fig, f"{fig.name}'s hand to hand roll ({job[key]} against {job[other]})", key,
                    self.fight_again(game, job, fig, foe, key), key=f"luck_{key}"):
                return None
        ta, tb = job["ta"], job["tb"]
        if ta == tb:
            game.emit("melee", f"{a.name} ({ta}) and {b.name} ({tb}) draw and fall back {self.rules.data.close_combat.fall_back:g} cm (L148).",
                      figures=[a.id, b.id])
            self.push_back(game, a, b, self.rules.data.close_combat.fall_back)
            self.push_back(game, b, a, self.rules.data.close_combat.fall_back)
            return []
        win, lose = (a, b) if ta > tb else (b, a)
        if not job.get("told"):
            job["told"] = True
            game.emit("melee", f"{win.name} ({max(ta, tb)}) beats {lose.name} ({min(ta, tb)}).", figures=[win.id, lose.id])
        step = [st.turn, st.active_side]  # this close combat step
        if win.id in job["multi"] and win.markers.get(GbFigMark.BEAT) == step:
            lose.markers.pop(GbFigMark.BEAT, None)
            game.emit("melee", f"{lose.name} is driven off {self.rules.data.close_combat.driven_off:g} cm: {win.name} has beaten "
                      "an opponent already (L150).", figures=[lose.id])
            self.push_back(game, lose, win, self.rules.data.close_combat.driven_off)
            return []
        if "subdue" not in job and self.would_fall(lose) and not self.rules.data.is_vehicle_type(lose.type):
            opts = [(f"Kill {lose.name}", Command("subdue", win.side, figure=win.id, target=lose.id, choice="kill")),
                    (f"Capture {lose.name}", Command("subdue", win.side, figure=win.id, target=lose.id, choice="capture"))]
            self.rules.ask(game, win.side, f"{win.name} beats {lose.name}: kill or capture (subdue, L144)?", opts)
            return None
        win.markers[GbFigMark.BEAT] = step
        if job.get("subdue") == "capture":
            lose.life = CAPTURED
            game.emit("casualty", f"{lose.name} is subdued and taken prisoner by {win.name}.", figures=[lose.id, win.id])
            self.rules.courage.after_loss(game, st.units[lose.unit])
        else:
            self.rules.firing.wound(game, lose, f"beaten by {win.name} in hand to hand")
        return []

    def fight_again(self, game: Game, job: dict, fig: Figure, foe: Figure, key: str) -> Callable[[], int]:
        """The fighter's total rolled again (a Queen of Diamonds already played stays in it)."""
        return lambda: self.total(game, fig, foe, fig.id in job["multi"]) + (2 if job.get(f"qd_{key}") else 0)

    def would_fall(self, fig: Figure) -> bool:
        return fig.wounds + 1 >= self.rules.stats.stat(fig, "wounds")

    def check_subdue(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.waiting_job(game, "fight", self.rules.decision(game) is not None)
        require(cmd.choice in ("kill", "capture"), "Kill or capture.")
        require(cmd.figure in (job["a"], job["b"]) and cmd.target in (job["a"], job["b"]), "Answer for the fight asked about.")

    def apply_subdue(self, game: Game, cmd: Command) -> None:
        self.rules.jobs.answer(game, subdue=cmd.choice)

    def push_back(self, game: Game, fig: Figure, away_from: Figure, cm: float) -> None:
        """Move ``fig`` straight away from ``away_from`` (stopped by terrain and bases)."""
        if not fig.alive:
            return
        ang = math.atan2(fig.y - away_from.y, fig.x - away_from.x)
        d = self.rules.mm(cm)
        to = (fig.x + math.cos(ang) * d, fig.y + math.sin(ang) * d)
        plan = plan_move(self.rules, game, fig, [to], budget=d, strict=False, stop_types=frozenset(),
                         mover="vehicle" if self.rules.data.is_vehicle_type(fig.type) else "infantry")
        end = plan.path[-1]
        fig.x, fig.y = float(end[0]), float(end[1])
