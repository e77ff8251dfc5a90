"""GOODBYEEEEEE!!!: fire at figures as they move (L111-114, L129-135, L166-174;
interpretations overwatch, closing-fire, stand-to).

- Overwatch (L133-135): in its fire step a figure that moved under 5 cm and does not fire
  may watch a 45-degree arc ahead of it, out to its weapon's long range, until its next
  turn. The first point of an enemy move inside the arc and in its sight stops the move: its
  player may take one snap shot at -1 (LMG 2, MG 4), which ends the overwatch.
- Closing fire (L111-114, L129-131): a figure charged (a move ending in base contact) that
  is not pinned or routing tests its courage; a pass fires at the charger 1 cm before
  contact: short range, -1 to hit. A charger killed or pinned stops there.
- Stand to (L166-174): an order given instead of moving; the figure does not shoot in its
  own turn. Until its next turn the first point of an enemy move in its sight stops the move
  for a duel: each side may claim +1 or +2 for circumstances, which the other accepts or
  refuses; each rolls a d6, ties again; if the watcher wins it fires normally at the mover,
  and its stand to ends.

Each is a trigger source (game/rulesets/path_triggers.py) of the move's ``walk`` job: the
move stops at the trigger, the reaction's job runs (asking players where the text lets
them choose), and the move goes on from there if the mover may still move. The machine
guns fire their reaction shots (LMG 2, MG 4) as a burst at the mover (auto_weapons.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from shapely.geometry import Point, Polygon

from game.core.commands import Command, Refusal, require
from game.core.game import Game
from game.core.state import Figure
from game.geometry.path_scan import first_inside, first_where, point_at
from game.geometry.templates import circle, cone
from game.rulesets.parts import Chapter
from game.rulesets.path_triggers import Trigger

from .auto_weapons import ZONE
from .flame import FLAME
from .status import GbFigMark

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

XY = tuple[float, float]
OVERWATCH, STAND_TO, CLOSING = "overwatch", "stand_to", "closing_fire"
#: how finely a path is searched for the first point a watcher sees (mm; a base is 25)
STEP = 5.0
#: a stand-to duel's ties rolled again at most this often: an exact odds walk that always
#: takes the first face would otherwise roll equal faces for ever
MAX_TIES = 50


class Watchers:
    """Enemies on overwatch (their arc) or standing to (their sight) that a path meets."""

    def __init__(self, rules: Goodbyeeee, kind: str) -> None:
        self.rules, self.kind = rules, kind

    def triggers(self, game: Game, mover: Figure, path: Sequence[XY], done: frozenset[str]) -> list[Trigger]:
        rules = self.rules
        key = GbFigMark.OVERWATCH if self.kind == OVERWATCH else GbFigMark.STAND_TO
        out = []
        for w in sorted(game.state.figures.values(), key=lambda f: f.id):
            if w.id in done or not game.state.hostile(mover.side, w.side) or key not in w.markers or not rules.reactions.may_react(game, w):
                continue
            weapon = rules.reactions.weapon(w)
            if weapon is None:
                continue
            reach = rules.mm(rules.data.weapons[weapon].range_bands()[-1][1])
            area = self.area(game, w.pos, w.facing, reach)
            start = first_inside(path, area)
            if start is None:
                continue
            at = first_where(path, self.sees(game, w, area), start=start, step=STEP)
            if at is not None:
                out.append(Trigger(at, point_at(path, at), self.kind, w.id, side=w.side))
        return out


    def area(self, game: Game, at: XY, facing: float, reach: float) -> Polygon:
        """What a watcher at ``at`` covers: its overwatch arc or, standing to, all round
        (kept: most paths are asked of the same watchers, standing where they stood)."""
        key = (self.kind, at, facing if self.kind == OVERWATCH else None, reach, self.rules.data.overwatch.arc)
        if self.kind == OVERWATCH:
            return game.keep("gb_watch_areas", key, lambda: cone(at, facing, self.rules.data.overwatch.arc, reach), limit=2000)
        return game.keep("gb_watch_areas", key, lambda: circle(at, reach), limit=2000)

    def sees(self, game: Game, w: Figure, area) -> Callable[[XY], bool]:
        return lambda p: bool(area.covers(Point(p))) and self.rules.los(game, w, p).visible


class ChargeContacts:
    """A path ending in base contact: each enemy it charges may fire 1 cm before (L111-114)."""

    def __init__(self, rules: Goodbyeeee) -> None:
        self.rules = rules

    def triggers(self, game: Game, mover: Figure, path: Sequence[XY], done: frozenset[str]) -> list[Trigger]:
        rules = self.rules
        if len(path) < 2:
            return []
        end = path[-1]
        length = sum(rules.dist(a, b) for a, b in zip(path, path[1:], strict=False))
        at = max(0.0, length - rules.mm(1.0))
        out = []
        for e in sorted(game.state.figures.values(), key=lambda f: f.id):
            if e.id in done or not game.state.hostile(mover.side, e.side) or not e.alive:
                continue
            if rules.dist(end, e.pos) > mover.radius + e.radius + 0.5 or not rules.reactions.may_react(game, e):
                continue
            if e.markers.get(GbFigMark.CLOSING_FIRED) == [game.state.turn, game.state.active_side]:
                continue  # it shot at one charger this step already (L131)
            if rules.reactions.weapon(e) is not None or FLAME in e.weapons:  # a firearm or a flamethrower (reading closing-fire)
                out.append(Trigger(at, point_at(path, at), CLOSING, e.id, side=e.side))
        return out


class GbReactions(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee

    def sources(self) -> tuple:
        return (Watchers(self.rules, OVERWATCH), Watchers(self.rules, STAND_TO), ChargeContacts(self.rules))

    def may_react(self, game: Game, fig: Figure) -> bool:
        """Alive, not pinned nor routing, and not dashed this turn ("may not fire this round",
        L102: closing fire included); its reaction weapon not barred this turn
        (:meth:`barred`)."""
        return (fig.alive and not self.rules.courage.pinned(fig) and not fig.markers.get(GbFigMark.ROUT)
                and fig.markers.get(GbFigMark.DASHED) != game.state.turn and self.barred(game, fig) is None)

    def barred(self, game: Game, fig: Figure) -> str | None:
        """Why the figure's reaction weapon may not fire this turn, as in its own fire step: an
        event card's "no shooting this turn" (L297 the Jack of Clubs' mud for its weapons, L298
        the 10 of Clubs for all), or a heavy MG setting up (L224)."""
        weapon = self.weapon(fig)
        firing = self.rules.firing
        return firing.event_ban(game, fig, weapon) or firing.setting_up(game, fig, weapon)

    def weapon(self, fig: Figure) -> str | None:
        """The weapon it reacts with (interpretation overwatch): its first that fires aimed
        shots at men, not a template's (a male tank's LMGs, not its 6 pdr's HE); none for a
        jammed or clearing gun."""
        if fig.markers.get(GbFigMark.JAMMED):
            return None
        weapons = self.rules.data.weapons
        return next((w for w in fig.weapons if weapons[w].kind == "aimed" and not weapons[w].template), None)

    def reaction_shots(self, weapon: str) -> int:
        shots = self.rules.data.closing_fire.shots
        return shots.get(weapon, shots["default"])

    def fire_at(self, game: Game, w: Figure, mover: Figure, how: str, extra: tuple[tuple[str, int], ...],
                short: bool, shots: int | None) -> list[dict]:
        """A reaction shot: the jobs that follow it (a machine gun's burst), none when it cannot
        be made (a line in the log says why). ``shots`` None: the weapon's shots as its crew
        fires them in its own turn (an LMG with one crew 2, L215; an HMG 1 fewer a crewman
        lost, L225)."""
        weapon = self.weapon(w)
        if weapon is None or not mover.alive:
            return []
        fired = self.rules.firing.weapon_as_fired(w, weapon)
        zone = shots is None and fired == ZONE  # a heavy MG firing as in its own turn: its beaten zone (L226)
        if shots is None:
            shots = self.rules.auto.shots(game, w, fired)
        try:
            shot = self.rules.firing.build(game, w, mover, fired, extra, short, shots)
            if zone:
                self.rules.auto.zone_figures(game, w, mover)  # not through friends
        except Refusal as r:
            game.emit("fire", f"{w.name} cannot fire at {mover.name}: {r}", figures=[w.id, mover.id])
            return []
        return self.rules.firing.carry_out(game, shot, how, reaction=True, zone=zone)

    # ---- overwatch -----------------------------------------------------------------------------------
    def check_overwatch(self, game: Game, cmd: Command) -> None:
        fig = game.state.figures.get(cmd.figure or "")
        require(fig is not None and fig.side == cmd.side, "Choose one of your figures.")
        assert fig is not None
        why = self.rules.firing.why_not_fire(game, fig)
        require(why is None, why or "")
        limit = self.rules.data.overwatch.moved_less_than
        require(float(fig.markers.get(GbFigMark.MOVED_CM, 0.0)) < limit, f"{fig.name} moved {limit:g} cm or more this turn (L135).")
        require(self.rules.firing.fired(game, fig) is None, f"{fig.name} has fired this turn: overwatch is instead of firing (L135).")
        weapon = self.weapon(fig)
        require(weapon is not None, f"{fig.name} has no weapon that fires aimed shots at men to watch with "
                                    "(a template or indirect weapon does not snap-fire: interpretation overwatch).")
        problem = self.rules.firing.firer_problem(game, fig, weapon or "")  # its weapon's own limits: a heavy MG that
        require(problem is None, problem or "")                            # moved or is setting up (L223-224)
        require(cmd.point is None or self.rules.dist(fig.pos, cmd.at) > 1e-3, "Point the arc away from the figure.")

    def apply_overwatch(self, game: Game, cmd: Command) -> None:
        fig = game.state.figures[cmd.figure_id]
        if cmd.point is not None:
            fig.facing = self.rules.heading(fig.pos, cmd.at)
        fig.markers[GbFigMark.OVERWATCH] = game.state.turn
        game.emit("fire", f"{fig.name} takes up overwatch: a {self.rules.data.overwatch.arc:g}-degree arc ahead, until its "
                  "next turn (L133-135).", figures=[fig.id])

    def job_overwatch(self, game: Game, job: dict) -> list[dict] | None:
        st = game.state
        w, mover = st.figures[job["watcher"]], st.figures[job["mover"]]
        if not (self.may_react(game, w) and mover.alive and GbFigMark.OVERWATCH in w.markers):
            return []
        if "choice" not in job:
            opts = [(f"Snap shot at {mover.name} (-1 to hit)", Command("react", w.side, figure=w.id, target=mover.id, choice="shoot")),
                    ("Hold fire and keep watching", Command("react", w.side, figure=w.id, target=mover.id, choice="hold"))]
            self.rules.ask(game, w.side, f"{w.name} on overwatch sees {mover.name} move into its arc.", opts)
            return None
        if job["choice"] == "shoot":
            w.markers.pop(GbFigMark.OVERWATCH, None)
            weapon = self.weapon(w) or ""
            return self.fire_at(game, w, mover, "snap-fires (overwatch)", (("snap shot", -self.rules.data.overwatch.to_hit),), False,
                                self.reaction_shots(weapon))
        game.emit("fire", f"{w.name} holds its fire.", figures=[w.id])
        return []

    def check_react(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.waiting_job(game, "overwatch", self.rules.decision(game) is not None)
        require(cmd.figure == job["watcher"] and cmd.choice in ("shoot", "hold"), "Shoot or hold, for the figure asked about.")

    def apply_react(self, game: Game, cmd: Command) -> None:
        self.rules.jobs.answer(game, choice=cmd.choice)

    # ---- closing fire -------------------------------------------------------------------------------------
    def job_closing_fire(self, game: Game, job: dict) -> list[dict]:
        """L111-112, L131: the charged figure tests its courage to get a snap shot off
        (courage.job_courage, then :meth:`closing_shot`)."""
        st = game.state
        d, mover = st.figures[job["watcher"]], st.figures[job["mover"]]
        if not (self.may_react(game, d) and mover.alive):
            return []
        d.markers[GbFigMark.CLOSING_FIRED] = [st.turn, st.active_side]
        return [self.rules.courage.job(d, f"charged by {mover.name}: closing fire", [], "closing", mover=mover.id)]

    def closing_shot(self, game: Game, job: dict, passed: bool) -> list[dict]:
        """The charged figure's test decided: passed, its snap shot at the charger."""
        st = game.state
        d, mover = st.figures[job["figure"]], st.figures[job["mover"]]
        if not passed:
            game.emit("fire", f"{d.name} does not get a shot off at {mover.name}.", figures=[d.id])
            return []
        if not mover.alive:
            return []
        weapon = self.weapon(d)
        if weapon is None and FLAME in d.weapons:  # a flamethrower's closing fire: its flame laid toward the charger
            game.emit("fire", f"{d.name} turns the flamethrower on the charger, {mover.name} (closing fire).", figures=[d.id, mover.id])
            self.rules.flame.fire(game, d, mover.pos)
            return []
        if weapon is None:
            return []
        return self.fire_at(game, d, mover, "fires at the charger (closing fire)",
                            (("closing fire", -self.rules.data.closing_fire.to_hit),), True, self.reaction_shots(weapon))

    # ---- stand to ------------------------------------------------------------------------------------------
    def check_stand_to(self, game: Game, cmd: Command) -> None:
        fig = game.state.figures.get(cmd.figure or "")
        require(fig is not None and fig.side == cmd.side, "Choose one of your figures.")
        assert fig is not None
        why = self.rules.moving.why_not(game, fig)
        require(why is None, why or "")
        require(game.state.phase == "orders", "Stand to is an order of the orders step (L168).")
        require(not fig.markers.get(GbFigMark.MOVED_CM), f"{fig.name} has moved: stand to is given instead of moving (L168).")
        require(GbFigMark.STAND_TO not in fig.markers, f"{fig.name} is standing to already.")
        require(self.weapon(fig) is not None, f"{fig.name} has no weapon that fires aimed shots at men to stand to with "
                                              "(a template or indirect weapon does not snap-fire: interpretation overwatch).")

    def apply_stand_to(self, game: Game, cmd: Command) -> None:
        fig = game.state.figures[cmd.figure_id]
        fig.markers[GbFigMark.STAND_TO] = game.state.turn
        game.emit("order", f"{fig.name} stands to: no fire this turn; it watches for enemy movement until its next turn (L168-170).",
                  figures=[fig.id])

    def computer_claim(self, game: Game, job: dict, mover_side: bool) -> int:
        """The computer's claims (interpretation stand-to): the mover +1 when under 10 cm of its
        path is in the watcher's sight; the watcher +1 when the mover is in short range in the open."""
        st = game.state
        w, mover = st.figures[job["watcher"]], st.figures[job["mover"]]
        if mover_side:
            return 1 if job.get("seen", 0.0) < self.rules.mm(10) else 0
        weapon = self.weapon(w)
        short = self.rules.data.weapons[weapon].range_bands()[0][1] if weapon else 0.0
        near = self.rules.dist(w.pos, mover.pos) <= self.rules.mm(short) + 1e-6
        return 1 if near and self.rules.los(game, w, mover).cover == 0 else 0

    def job_stand_to(self, game: Game, job: dict) -> list[dict] | None:
        """L172-174: the claims and their consent, then each side's d6 (ties again)."""
        st = game.state
        w, mover = st.figures[job["watcher"]], st.figures[job["mover"]]
        if not (self.may_react(game, w) and mover.alive and GbFigMark.STAND_TO in w.markers):
            return []
        claims = self.rules.data.stand_to.claims
        for who, fig, other in (("mover", mover, w), ("watcher", w, mover)):
            if f"{who}_claim" not in job:
                mine = self.computer_claim(game, job, who == "mover")
                values = [mine] + [c for c in claims if c != mine]
                opts = [(f"Claim +{v}" if v else "No claim", Command("claim", fig.side, figure=fig.id, value=v)) for v in values]
                self.rules.ask(game, fig.side, f"Stand to: {w.name} watches {mover.name}. Each side rolls a d6; claim a bonus for "
                               "the circumstances (the other side may refuse it)?", opts)
                job["asking"] = who
                return None
            if job[f"{who}_claim"] and f"{who}_ok" not in job:
                v = job[f"{who}_claim"]
                yes = Command("consent", other.side, figure=other.id, choice="accept")
                no = Command("consent", other.side, figure=other.id, choice="refuse")
                opts = [(f"Accept +{v}", yes), ("Refuse", no)] if v <= 1 else [("Refuse", no), (f"Accept +{v}", yes)]
                self.rules.ask(game, other.side, f"{fig.name} claims +{v} in the stand-to duel. Is it fair?", opts)
                job["asking"] = f"{who}_ok"
                return None
        bonus = {who: job[f"{who}_claim"] if job.get(f"{who}_ok") else 0 for who in ("mover", "watcher")}
        die = self.rules.data.stand_to.die
        for _ in range(MAX_TIES):  # equal: roll again (interpretation stand-to); bounded like the initiative's ties (turn_order.MAX_ROLLS)
            rw = game.dice.roll(die, f"Stand to: {w.name} watches", modifiers=[("claim", bonus["watcher"])] if bonus["watcher"] else [],
                                figures=[w.id])
            rm = game.dice.roll(die, f"Stand to: {mover.name} moves", modifiers=[("claim", bonus["mover"])] if bonus["mover"] else [],
                                figures=[mover.id])
            tw, tm = rw.total + bonus["watcher"], rm.total + bonus["mover"]
            if tw != tm:
                break
            rw.outcome = rm.outcome = "equal: roll again"
        if tw > tm:  # (tied MAX_TIES times, (1/6)^50, the mover goes on unnoticed)
            rw.outcome, rm.outcome = "the watcher wins", "noticed"
            w.markers.pop(GbFigMark.STAND_TO, None)
            return self.fire_at(game, w, mover, "fires from stand to", (), False, None)
        else:
            rw.outcome, rm.outcome = "too slow", "moves before it is noticed"
            game.emit("fire", f"{mover.name} moves before {w.name} notices (L172).", figures=[mover.id, w.id])
        return []

    def check_claim(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.waiting_job(game, "stand_to", self.rules.decision(game) is not None)
        require(job.get("asking") in ("mover", "watcher") and cmd.figure == job[job["asking"]], "Claim for the figure asked about.")
        require(cmd.value in self.rules.data.stand_to.claims, f"Claim one of {self.rules.data.stand_to.claims}.")

    def apply_claim(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.waiting_job(game, "stand_to", True)
        self.rules.jobs.answer(game, **{f"{job['asking']}_claim": int(cmd.value or 0)})

    def check_consent(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.waiting_job(game, "stand_to", self.rules.decision(game) is not None)
        require(job.get("asking") in ("mover_ok", "watcher_ok") and cmd.choice in ("accept", "refuse"), "Accept or refuse the claim.")

    def apply_consent(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.waiting_job(game, "stand_to", True)
        self.rules.jobs.answer(game, **{job["asking"]: cmd.choice == "accept"})
