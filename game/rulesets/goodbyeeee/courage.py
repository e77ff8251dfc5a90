"""GOODBYEEEEEE!!!: courage (L44, L152-164, L200-203; interpretations courage-test, pinned,
pin-test).

A courage test rolls 2d6 and passes at or under the Courage of the best friendly officer or
NCO within 20 cm of the figure (itself included), else the squad value 6 (L162); the
optional rule courage_twelve plays L44 instead (2d6 + Courage, 12 or more passes). A hit
that does not wound makes the figure test (-1 when an MG fired it, L203): a failure pins it
(L160). Pinned figures lie prone, may not move, fire or be ordered, and test again at the
start of their player's turn (the rally step, L80): a pass ends the pin.

A section tests (L154, interpretation squad-morale) when it is faced by a terrifying weapon
(once a turn: an enemy tank or flamethrower ends a move or fires with one of its figures in
sight and reach; -2 for the flamethrower) and after each loss that leaves it at half its
starting figures or fewer. The highest-ranking friendly officer or NCO within 15 cm of its
figures rolls once for those within 15 cm of him, then the next for the figures left; the
rest roll one by one on the squad value. A failure pins, or at half strength routs (L156,
interpretation rout): the figure drops its MG, LMG or mortar, may not be ordered or fire,
dashes 25 cm for its own table edge at the start of its next two turns (leaving the table
if it reaches it: out of action), then is pinned.

Every courage test is one job (:meth:`GbCourage.job_courage`), run as soon as the step that
calls for it ends: failed, its player is offered the King of Diamonds ("play to pass any
Morale test", L301) and then a Luck re-roll (L31), whatever the test: a figure shot at or
caught by a blast, a pinned figure's rally, a section's test, a charged figure's closing
fire, "It's Too Quiet", a tank crew's.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import TYPE_CHECKING

from game.core.dice import die_faces, parse_spec
from game.core.game import Game
from game.core.state import FLED, Figure, Unit
from game.rulesets.movement import plan_move
from game.rulesets.parts import Chapter

from .status import GbFigMark, GbUnitMark

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

#: what a courage test decides (GbCourage.outcome): a section's test pins or routs the figures
#: it was taken for; a figure shot at is pinned; a pinned figure recovers; a charged figure
#: gets its closing fire off (reactions.py); "It's Too Quiet" (L298) halves or stops a move;
#: a tank's crew stays in it with its engine damaged, or re-enters it (tanks.py)
OUTCOMES = ("section", "pin", "rally", "closing", "quiet", "engine", "reenter")


@cache
def failing_share(spec: str, twelve: bool, need: int) -> float:
    """The share of the totals of the dice ``spec`` (2d6: 36) that fail a test needing
    ``need`` (:meth:`GbCourage.passes`)."""
    n, kind = parse_spec(spec)
    totals = [sum(t) for t in product(die_faces(kind), repeat=n)]
    return sum(1 for t in totals if not GbCourage.passes(twelve, need, t)) / len(totals)


class GbCourage(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee

    def leader_for(self, game: Game, fig: Figure) -> Figure | None:
        """The friendly officer or NCO within 20 cm (the figure itself included) with the
        best Courage (L162); None: the squad value."""
        reach = self.rules.mm(self.rules.data.courage.leader_reach)
        cands = [f for f in game.state.figures.values()
                 if f.alive and f.side == fig.side and self.rules.command.is_leader(f)
                 and self.rules.dist(f.pos, fig.pos) <= reach + 1e-6]
        if fig.alive and self.rules.command.is_leader(fig):
            cands.append(fig)
        if not cands:
            return None
        return max(cands, key=lambda f: (self.rules.stats.stat(f, "courage"), f.id == fig.id, f.id))

    def courage_of(self, game: Game, fig: Figure) -> tuple[int, str]:
        """The Courage the figure tests on, and whose it is in words."""
        if self.rules.data.is_vehicle_type(fig.type):
            return self.rules.stats.stat(fig, "courage"), f"{fig.name}'s crew"
        boss = self.leader_for(game, fig)
        if boss is None:
            return self.rules.data.command.squad_value, "the squad value"
        return self.rules.stats.stat(boss, "courage"), (boss.name if boss.id != fig.id else "its own")

    def tested_on(self, game: Game, fig: Figure) -> int:
        """The Courage ``fig`` tests on now (:meth:`courage_of`), kept for the reading scope."""
        return int(self.rules.recall(game, ("gb_courage", fig.id), lambda: self.courage_of(game, fig)[0]))

    def test(self, game: Game, fig: Figure, why: str, modifiers: list[tuple[str, int]]) -> bool:
        """One courage test for the figure (L156, or L44 under the optional rule)."""
        cou = self.rules.data.courage
        value, whose = self.courage_of(game, fig)
        mod = sum(m for _, m in modifiers)
        twelve, need = self.need(game, value, mod)
        if twelve:
            r = game.dice.roll(cou.dice, f"{fig.name}: courage test ({why}), 2d6 + {value} ({whose})",
                               target=f"{need}+", modifiers=modifiers, figures=[fig.id], sums=(need,))
        else:
            r = game.dice.roll(cou.dice, f"{fig.name}: courage test ({why}) on {value} ({whose})",
                               target=f"{need} or under", modifiers=modifiers, figures=[fig.id], sums=(need + 1,))
        passed = self.passes(twelve, need, r.total)
        r.outcome = "passed" if passed else "failed"
        return passed

    def need(self, game: Game, value: int, mod: int) -> tuple[bool, int]:
        """Whether the test is the optional 2d6 + Courage of 12 or more (L44), and the total
        it needs: that rule's least total, else the most (L156: Courage + modifiers or under)."""
        if self.rules.option(game, "courage_twelve"):
            return True, self.rules.data.courage.courage_twelve.pass_total - value - mod
        return False, value + mod

    @staticmethod
    def passes(twelve: bool, need: int, total: int) -> bool:
        """Whether a test's dice ``total`` passes, given :meth:`need`'s answer."""
        return total >= need if twelve else total <= need

    def shot_at_mods(self, weapon: str) -> list[tuple[str, int]]:
        """The modifiers of the test a shot makes a figure take: MG fire -1 (L203)."""
        return [("shot at by an MG", self.rules.data.courage.modifiers.shot_at_by_mg)] if weapon in self.rules.firing.MG_FIRE else []

    # ---- pins ------------------------------------------------------------------------------------
    def pinned(self, fig: Figure) -> bool:
        """Pinned, or suppressed for a time by an event (interpretation pinned: one status)."""
        return bool(fig.markers.get(GbFigMark.PINNED)) or GbFigMark.SUPPRESSED_UNTIL in fig.markers

    def pin_test(self, game: Game, fig: Figure, weapon: str) -> None:
        """L160, L203: a shot on target that failed to wound; a failure pins the figure (the
        test runs as soon as the step that made it ends, unless the figure is pinned or down
        by then: :meth:`job_courage`)."""
        self.rules.jobs.insert_next(game, self.pin_job(fig, weapon))

    def pin_chance(self, game: Game, fig: Figure, weapon: str) -> float:
        """The chance that a shot on target that fails to wound pins ``fig`` (its "shot at"
        test failed, before any Luck re-roll): 0 for a figure pinned already or not standing,
        and for a vehicle (its crew tests only for engine damage and terror)."""
        if self.pinned(fig) or not self.rules.firing.standing(fig) or self.rules.data.is_vehicle_type(fig.type):
            return 0.0
        twelve, need = self.need(game, self.tested_on(game, fig), sum(m for _, m in self.shot_at_mods(weapon)))
        return failing_share(self.rules.data.courage.dice, twelve, need)

    def pin_job(self, fig: Figure, weapon: str) -> dict:
        """The pin test of a figure shot at (L160), as a job that follows the shot."""
        return self.job(fig, "shot at", self.shot_at_mods(weapon), "pin")

    def pin(self, game: Game, fig: Figure) -> None:
        fig.markers[GbFigMark.PINNED] = [game.state.turn, game.state.active_side]
        if not self.rules.data.is_vehicle_type(fig.type):  # tanks do not go prone
            fig.markers[GbFigMark.PRONE] = True
        game.emit("courage", f"{fig.name} is pinned: down in cover, no move or fire until it passes a test (L160).",
                  figures=[fig.id])

    def job_rally(self, game: Game, job: dict) -> list[dict]:
        """L80, L160: pinned figures of the player test at the start of his turn; a pass
        ends the pin (the figure stays prone: standing costs 5 cm, interpretation prone).
        L80 tests "troops suppressed in previous turn": one pinned in this very turn (by an
        event drawn as it began: the Queen of Spades, the Ace of Clubs) tests at the next."""
        st = game.state
        side = job["side"]
        now = [st.turn, side]
        return [self.job(f, "pinned, at the start of its turn", [], "rally")
                for f in sorted(st.figures.values(), key=lambda f: f.id)
                if f.side == side and f.alive and f.markers.get(GbFigMark.PINNED) not in (None, False, now)]

    # ---- every courage test: the King of Diamonds, Luck, then what it decides -------------------------------
    @staticmethod
    def job(fig: Figure, why: str, mods: list[tuple[str, int]], then: str, **more: object) -> dict:
        """A courage test of ``fig`` as a job (:meth:`job_courage`); ``then`` names what it
        decides (:data:`OUTCOMES`), ``more`` what that needs."""
        if then not in OUTCOMES:  # a bug in the ruleset, not a player's mistake
            raise RuntimeError(f"courage test: no outcome {then!r}")
        return {"do": "courage", "figure": fig.id, "why": why, "mods": [[n, v] for n, v in mods], "then": then, **more}

    def job_courage(self, game: Game, job: dict) -> list[dict] | None:
        """One courage test (L156): a figure's, or a leader's for the lesser ranks with him
        (``group``). Failed, its player holding the King of Diamonds is asked whether to play
        it ("play to pass any Morale test", L301), then whether to spend Luck on a re-roll
        (L31); then the test decides what ``then`` names."""
        st = game.state
        fig = st.figures[job["figure"]]
        group = [st.figures[i] for i in job.get("group", [job["figure"]])]
        group = [f for f in group if f.alive and not f.markers.get(GbFigMark.ROUT)]
        if not group or (job["then"] == "pin" and (self.pinned(fig) or not self.rules.firing.standing(fig))):
            return []  # (gone, or pinned by another test, since the test was due)
        mods = [(str(n), int(v)) for n, v in job["mods"]]
        if "passed" not in job:
            job["passed"] = self.roll(game, job, fig, group, job["why"], mods)
        who = job.get("who", fig.name)
        if not job["passed"] and self.king_of_diamonds(game, job, fig, "passed", who, job["why"]) is None:
            return None
        if not job["passed"] and not self.rules.characters.reroll(
                game, job, fig, f"The courage test of {who}" if "group" in job else f"{who}'s courage test", "passed",
                lambda: self.roll(game, job, fig, group, f"{job['why']}, re-rolled with Luck", mods)):
            return None
        return self.outcome(game, job, fig, group, bool(job["passed"]))

    def roll(self, game: Game, job: dict, fig: Figure, group: list[Figure], why: str, mods: list[tuple[str, int]]) -> bool:
        if "group" in job:
            return self.roll_for(game, fig if job.get("boss") else None, group, why, mods, job["who"])
        return self.test(game, fig, why, mods)

    def outcome(self, game: Game, job: dict, fig: Figure, group: list[Figure], passed: bool) -> list[dict]:
        """What the test decides (:data:`OUTCOMES`)."""
        then = job["then"]
        if then == "section":
            self.failed(game, group, passed, bool(job["rout"]))
        elif then == "pin" and not passed:
            self.pin(game, fig)
        elif then == "rally":
            if passed:
                fig.markers.pop(GbFigMark.PINNED, None)
            game.emit("courage", f"{fig.name} recovers from the pin." if passed else f"{fig.name} stays pinned.", figures=[fig.id])
        elif then == "closing":
            return self.rules.reactions.closing_shot(game, job, passed)
        elif then == "quiet" and passed:
            fig.markers[GbFigMark.HALF_MOVE] = game.state.turn
        elif then == "quiet":
            fig.markers[GbFigMark.NO_MOVE] = game.state.turn
        elif then == "engine" and not passed:
            self.rules.tanks.abandon(game, fig)
        elif then == "reenter" and passed:
            fig.markers.pop(GbFigMark.ABANDONED, None)
            game.emit("courage", f"{fig.name}'s crew re-enters it.", figures=[fig.id])
        return []

    def king_of_diamonds(self, game: Game, job: dict, fig: Figure, key: str, who: str, when: str) -> bool | None:
        """A failed courage test of ``fig`` in ``job``: its player, holding the King of
        Diamonds, is asked whether to play it to pass ("play to pass any Morale test", L301);
        played, ``job[key]`` becomes True. None while asking, else whether it was played. The
        answers name the figure (the solo AI weighs whom it is for: ai_spend.answer)."""
        kd = self.rules.events.held(game, fig.side, "pass_morale")
        if kd is None or job.get(f"card_{kd}") == "keep":
            return False
        played = self.rules.events.offer(game, job, fig.side, kd, f"{who} fails the courage test ({when}): "
                                         "play the King of Diamonds to pass it (L301)?", figure=fig.id)
        if played:
            self.rules.events.play(game, fig.side, kd, f"{who} passes the courage test")
            job[key] = True
        return played

    # ---- the section's test (L154-156) --------------------------------------------------------------
    def seniority(self, fig: Figure) -> int:
        """Rank order: the ranks as the table lists them, lowest first."""
        return list(self.rules.data.ranks).index(self.rules.data.troop_types[fig.type].rank)

    def half_strength(self, game: Game, unit: Unit) -> bool:
        start = len(unit.figures)
        return len(self.rules.alive(game, unit.id)) <= self.rules.data.courage.half_strength * start + 1e-9

    def squad_test(self, game: Game, unit: Unit, why: str, modifiers: list[tuple[str, int]]) -> None:
        """The section's test, due now and taken once the step that made it is resolved
        (:meth:`job_section_test`)."""
        self.rules.jobs.insert_next(game, {"do": "section_test", "unit": unit.id, "why": why, "mods": [list(m) for m in modifiers]})

    def job_section_test(self, game: Game, job: dict) -> list[dict]:
        """L154-156: leaders roll for the lesser ranks within 15 cm, the rest alone; a failure
        pins, or routs the figures when the section is at half strength or less. Who stands
        with whom, who leads and the strength are read when the test is taken, after the
        shot, blast or move that called for it: a leader it killed rolls for no one."""
        rules = self.rules
        unit = game.state.units[job["unit"]]
        why = str(job["why"])
        modifiers = [(str(n), int(v)) for n, v in job["mods"]]
        left = [f for f in rules.alive(game, unit.id) if not f.markers.get(GbFigMark.ROUT)]
        if not left:
            return []
        rout = self.half_strength(game, unit)
        game.emit("courage", f"{unit.name} test their courage: {why}" + (" (at half strength or less: a failure routs)." if rout else "."),
                  units=[unit.id])
        reach = rules.mm(rules.data.courage.group_reach)
        leaders = sorted((f for f in game.state.figures.values() if f.alive and f.side == unit.side and rules.command.is_leader(f)
                          and not f.markers.get(GbFigMark.ROUT)), key=lambda f: (-self.seniority(f), f.id))
        tests: list[dict] = []
        crews = [f for f in left if rules.data.is_vehicle_type(f.type)]  # a tank's crew test on its own Courage (L67-68)
        left = [f for f in left if f not in crews]
        for f in crews:
            tests.append(self.job(f, why, modifiers, "section", group=[f.id], boss=True, rout=rout, who=f"{f.name}'s crew"))
        for boss in leaders:
            group = [f for f in left if f.id == boss.id or (self.seniority(f) < self.seniority(boss)
                                                           and rules.dist(f.pos, boss.pos) <= reach + 1e-6)]
            if not group:
                continue
            left = [f for f in left if f not in group]
            names = ", ".join(f.name for f in group if f.id != boss.id)
            tests.append(self.job(boss, why, modifiers, "section", group=[f.id for f in group], boss=True,
                                  rout=rout, who=f"{boss.name} for {names}" if names else boss.name))
        for f in left:
            tests.append(self.job(f, why, modifiers, "section", group=[f.id], boss=False, rout=rout, who=f.name))
        return tests

    def roll_for(self, game: Game, boss: Figure | None, group: list[Figure], why: str, mods: list[tuple[str, int]],
                 who: str) -> bool:
        cou = self.rules.data.courage
        value = self.rules.stats.stat(boss, "courage") if boss else self.rules.data.command.squad_value
        mod = sum(m for _, m in mods)
        if self.rules.option(game, "courage_twelve"):
            need = cou.courage_twelve.pass_total - value - mod
            r = game.dice.roll(cou.dice, f"Courage ({why}): {who}, 2d6 + {value}", target=f"{need}+", modifiers=mods,
                               figures=[f.id for f in group], sums=(need,))
            passed = r.total >= need
        else:
            need = value + mod
            r = game.dice.roll(cou.dice, f"Courage ({why}): {who} on {value}", target=f"{need} or under", modifiers=mods,
                               figures=[f.id for f in group], sums=(need + 1,))
            passed = r.total <= need
        r.outcome = "passed" if passed else "failed"
        return passed

    def failed(self, game: Game, group: list[Figure], passed: bool, rout: bool) -> None:
        if passed:
            return
        for f in group:
            if rout:
                self.start_rout(game, f)
            elif not self.pinned(f):
                self.pin(game, f)

    def start_rout(self, game: Game, fig: Figure) -> None:
        cou = self.rules.data.courage
        fig.markers[GbFigMark.ROUT] = cou.rout_turns
        fig.markers.pop(GbFigMark.PINNED, None)
        dropped = [w for w in fig.weapons if w in cou.rout_abandons]
        fig.weapons = [w for w in fig.weapons if w not in cou.rout_abandons]
        lost = f", abandoning the {', '.join(self.rules.data.weapons[w].name for w in dropped)}" if dropped else ""
        game.emit("courage", f"{fig.name} routs: back toward its own table edge for {cou.rout_turns} turns{lost} (L156).",
                  figures=[fig.id])

    def after_loss(self, game: Game, unit: Unit) -> None:
        """L154: a loss that leaves the section at half strength or less tests it. (The solo
        rules note the loss first: a firefight is won or lost by them.)"""
        self.rules.note_losses(game, unit.id, 1, None)
        if self.half_strength(game, unit) and self.rules.alive(game, unit.id):
            self.squad_test(game, unit, "reduced to half strength or less", [])

    def terror(self, game: Game, source: Figure) -> None:
        """L154, L238: an enemy tank or flamethrower faces the sections it can see and reach."""
        rules = self.rules
        data = rules.data
        tank = data.is_vehicle_type(source.type) and data.courage.terror_tanks
        flames = [data.weapons[w] for w in source.weapons if w in data.courage.terror_weapons]
        if not tank and not flames:
            return
        reach = 0.0
        for w in source.weapons:
            wp = data.weapons[w]
            bands = wp.range_bands()
            if bands:
                reach = max(reach, bands[-1][1])
            elif wp.template:  # a flamethrower reaches its template's length
                reach = max(reach, data.templates[wp.template].length or 0.0)
        mods = [(f"faced by a {w.name}", w.terror) for w in flames[:1] if w.terror]
        what = "a tank" if tank else f"a {flames[0].name}"
        for unit in sorted(game.state.units.values(), key=lambda u: u.id):
            if not game.state.hostile(source.side, unit.side) or unit.markers.get(GbUnitMark.TERROR_TESTED) == game.state.turn:
                continue
            figs = rules.alive(game, unit.id)
            if figs and all(data.is_vehicle_type(f.type) for f in figs):
                continue  # "If squad is faced by terrifying weapons" (L154): men, not a tank's crew (reading squad-morale)
            if any(rules.dist(source.pos, f.pos) <= rules.mm(reach) + 1e-6 and rules.los(game, source, f).visible for f in figs):
                unit.markers[GbUnitMark.TERROR_TESTED] = game.state.turn
                self.squad_test(game, unit, f"faced by {what} ({source.name})", mods)

    def job_rout_moves(self, game: Game, job: dict) -> list[dict]:
        """L156: routers dash for their own table edge in their next two turns, then are pinned."""
        for fig in sorted(game.state.figures.values(), key=lambda f: f.id):
            turns = fig.markers.get(GbFigMark.ROUT)
            if fig.side != job["side"] or not fig.alive or not turns:
                continue
            self.flee(game, fig)
            if not fig.alive:
                continue
            if turns <= 1:
                fig.markers.pop(GbFigMark.ROUT, None)
                self.pin(game, fig)
            else:
                fig.markers[GbFigMark.ROUT] = turns - 1
        return []

    def flee(self, game: Game, fig: Figure) -> None:
        """A dash (25 cm) straight for the figure's own table edge, stopped by what is in the
        way; reaching the edge it leaves the table, out of action (interpretation rout)."""
        rules = self.rules
        edge = rules.home_edge_point(game, fig)
        plan = plan_move(rules, game, fig, [edge], budget=rules.mm(rules.data.movement.dash), strict=False, stop_types=frozenset())
        end = plan.path[-1]
        moved = rules.dist(fig.pos, end)
        fig.x, fig.y = float(end[0]), float(end[1])
        if rules.dist(end, edge) <= fig.radius + 1e-3:
            fig.life = FLED
            game.emit("courage", f"{fig.name} runs {rules.fmt(moved)} off the table and is out of action.", figures=[fig.id])
            return
        game.emit("courage", f"{fig.name} runs {rules.fmt(moved)} toward its table edge.", figures=[fig.id])
