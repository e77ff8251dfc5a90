"""GOODBYEEEEEE!!!: Luck and Valour (L31, L33, L50-56, L62-65, L71-73; interpretations
luck-valour-table, luck-save, valour-uses, consent).

Points (game/core/pools.py): each figure holds its rank's Luck and Valour; a section of
privates holds one Luck and one Valour point that any member may spend once. They last the
whole game.

- Luck (L31): when a figure would take a wound, its player may spend a point (its own, or
  its section's) on a save: a d6 of 1-3 stops the wound. A point also re-rolls a failed roll
  made for the figure: its section's command roll, any courage test of its (courage.py; a
  leader's for his group), its climb. The new roll stands.
- Valour (L33): in his own turn a player may spend a figure's point on one of the text's
  heroic acts, for that figure and every friend within 10 cm, for the rest of the turn:
  double move (move and dash allowances doubled, and no command roll needed), double attacks
  (each shooting or close combat attack twice), move and shoot (a full move, then fire any
  weapon).
- Consent (L73, the optional rule consent, on by default): each use is put to every
  opponent; one refusal cancels it and the point is kept. The computer agrees to the uses
  the text lists.

- Taking the initiative (L33; interpretation valour-initiative): whenever no question is
  pending in another player's turn, a player may spend a Valour point (``take_initiative``,
  the one command a player gives out of his turn): the spender and his friends within 10 cm
  take a turn of their own at once (moves on initiative, orders, fire, close combat; no event
  or rally), then the other player's turn goes on, and those figures have acted for this
  turn. Commands come one at a time, so two players never take it at the same moment and the
  text's die-off for that case never arises.

Luck re-rolls are offered for the rolls made for a figure that failed it: the firer's
to-hit roll, the target's cover roll (fire.py), every courage test (courage.py), a fighter's
dice when it loses (melee.py), the command roll and the climb.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.core import pools
from game.core.commands import Command, require
from game.core.game import Game
from game.core.state import Figure, GameState

from .status import GbFigMark, GbGameAttr

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

from game.rulesets.parts import Chapter

LUCK, VALOUR = "luck", "valour"
#: the Valour uses given with use_valour in one's own turn (take_initiative is its own command)
VALOUR_NOW = ("double_move", "double_attacks", "move_and_shoot")
TAKE = "take_initiative"
#: the jobs that offer a Luck or Valour point
JOBS = "luck_save|order_roll|courage|climb|valour|shot|fight"
USE_WORDS = {"double_move": "double move", "double_attacks": "double attacks", "move_and_shoot": "move and shoot",
             "reroll": "re-roll", "save": "save a wound",
             TAKE: "take the initiative"}


class GbCharacters(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee

    # ---- the points ---------------------------------------------------------------------------------
    def grant_all(self, state: GameState) -> None:
        """At set-up: every figure its Luck and Valour, every section its shared points."""
        data = self.rules.data
        for f in sorted(state.figures.values(), key=lambda f: f.id):
            for pool in (LUCK, VALOUR):
                pools.grant(state, pools.owner("figure", f.id), pool, self.rules.stats.stat(f, pool))
        for u in sorted(state.units.values(), key=lambda u: u.id):
            ranks = {data.troop_types[state.figures[f].type].rank for f in u.figures}
            for pool in (LUCK, VALOUR):
                n = max((getattr(data.ranks[r], f"section_{pool}") for r in ranks), default=0)
                pools.grant(state, pools.owner("unit", u.id), pool, n)

    def source(self, game: Game, fig: Figure, pool: str) -> str | None:
        """Whose point the figure spends: its own first, else its section's (L50), else a kept
        Jack of Hearts of its player's ("play as a LUCK point", L290)."""
        for who in (pools.owner("figure", fig.id), pools.owner("unit", fig.unit)):
            if pools.left(game.state, who, pool) > 0:
                return who
        jh = self.rules.events.held(game, fig.side, "luck_point") if pool == LUCK else None
        return f"card:{jh}" if jh else None

    def spend(self, game: Game, fig: Figure, pool: str, who: str, use: str) -> None:
        if who.startswith("card:"):
            self.rules.events.play(game, fig.side, who[5:], f"a Luck point for {fig.name}: {USE_WORDS.get(use, use)}")
            return
        left = pools.spend(game.state, who, pool, 1, name=fig.name)
        whose = ("its own" if self.rules.data.is_vehicle_type(fig.type) else "his own") if who.startswith("figure:") else f"{game.state.units[fig.unit].name}'s"
        game.emit("character", f"{fig.name} spends {whose} {pool.capitalize()} point: {USE_WORDS.get(use, use)} ({left} left).",
                  figures=[fig.id])

    # ---- asking, and the opponents' consent (L73) -------------------------------------------------------
    def offer(self, game: Game, job: dict, fig: Figure, pool: str, use: str, question: str, key: str = "luck") -> str | None:
        """The life of one offered use inside a waiting job: ask the figure's player, then each
        opponent (consent); returns 'granted' or 'declined' once settled, None while asking.
        The job keeps the state under ``key`` (one job may offer several: a shot's to-hit roll,
        then its cover roll), and the key being settled under ``asking_luck``."""
        state = job.setdefault(key, {"stage": "ask"})
        job["asking_luck"] = key
        st = game.state
        if state["stage"] == "ask":
            who = self.source(game, fig, pool)
            if who is None:
                return "declined"
            opts = [(f"Spend {pool.capitalize()}: {USE_WORDS.get(use, use)}", Command("use_luck", fig.side, figure=fig.id, choice="use")),
                    ("Do not", Command("use_luck", fig.side, figure=fig.id, choice="decline"))]
            self.rules.ask(game, fig.side, question, opts)
            state["stage"] = "asked"
            return None
        if state["stage"] == "asked":
            return None
        if state["stage"] == "declined":
            return "declined"
        if state["stage"] == "use":
            state["stage"], state["asked"] = "consent", []
        if state["stage"] == "consent":
            opponents = [s for s in st.side_order if st.hostile(fig.side, s) and s not in state["asked"]]
            if self.rules.option(game, "consent") and opponents and not state.get("refused"):
                side = opponents[0]
                state["asked"].append(side)
                opts = [("Agree", Command("consent_use", side, figure=fig.id, choice="agree")),
                        ("Refuse", Command("consent_use", side, figure=fig.id, choice="refuse"))]
                self.rules.ask(game, side, f"{st.sides[fig.side].name} want {fig.name} to spend a {pool.capitalize()} point: "
                               f"{USE_WORDS.get(use, use)}. Is it a fair use (L73)?", opts)
                return None
            if state.get("refused"):
                game.emit("character", f"{st.sides[state['refused']].name} refuse the use: the point is kept (L73).", figures=[fig.id])
                return "declined"
            who = self.source(game, fig, pool)
            if who is None:
                return "declined"
            self.spend(game, fig, pool, who, use)
            return "granted"
        return "declined"

    def check_use_luck(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.waiting_job(game, JOBS, self.rules.decision(game) is not None)
        require(job.get(job.get("asking_luck", "luck"), {}).get("stage") == "asked" and cmd.choice in ("use", "decline"), "Use it or not.")

    def apply_use_luck(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.queue(game)[0]
        job[job.get("asking_luck", "luck")]["stage"] = "use" if cmd.choice == "use" else "declined"

    def check_consent_use(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.waiting_job(game, JOBS, self.rules.decision(game) is not None)
        require(job.get(job.get("asking_luck", "luck"), {}).get("stage") == "consent" and cmd.choice in ("agree", "refuse"),
                "Agree or refuse.")

    def apply_consent_use(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.queue(game)[0]
        if cmd.choice == "refuse":
            job[job.get("asking_luck", "luck")]["refused"] = cmd.side

    # ---- Luck: the save against a wound (L31) ------------------------------------------------------------
    def may_save(self, game: Game, fig: Figure) -> bool:
        return not self.rules.data.is_vehicle_type(fig.type) and self.source(game, fig, LUCK) is not None

    def job_luck_save(self, game: Game, job: dict) -> list[dict] | None:
        st = game.state
        fig = st.figures[job["figure"]]
        qh = self.rules.events.held(game, fig.side, "cancel_wound")  # the Queen of Hearts first (L289)
        if qh is not None and job.get(f"card_{qh}") != "keep":
            played = self.rules.events.offer(game, job, fig.side, qh, f"{fig.name} is {job['how']}: play the Queen of Hearts to make "
                                             "the wound a scratch (L289)?")
            if played is None:
                return None
            if played:
                fig.markers.pop(GbFigMark.WOUND_PENDING, None)
                self.rules.events.play(game, fig.side, qh, f"{fig.name}'s wound is only a scratch")
                return []
        if not self.may_save(game, fig) and "luck" not in job:
            fig.markers.pop(GbFigMark.WOUND_PENDING, None)
            self.rules.firing.take_wound(game, fig, job["how"])
            return []
        got = self.offer(game, job, fig, LUCK, "save", f"{fig.name} is {job['how']} and would take a wound: spend "
                         f"{self.whose(game, fig, LUCK)} Luck point to roll a save ({self.save_words()})?")
        if got is None:
            return None
        fig.markers.pop(GbFigMark.WOUND_PENDING, None)
        if got == "granted":
            saves = self.rules.data.luck_valour.luck_save_on
            r = game.dice.roll("d6", f"Luck save for {fig.name}", target=self.save_words(), figures=[fig.id], cuts=(max(saves) + 1,))
            if r.value in saves:
                r.outcome = "saved"
                game.emit("character", f"That was lucky: {fig.name}'s wound is saved (L31).", figures=[fig.id])
                return []
            r.outcome = "not saved"
        self.rules.firing.take_wound(game, fig, job["how"])
        return []

    def save_words(self) -> str:
        s = self.rules.data.luck_valour.luck_save_on
        return f"{min(s)}-{max(s)} saves"

    # ---- Luck: re-rolling a failed roll of the figure's ---------------------------------------------------
    def reroll_offer(self, game: Game, job: dict, fig: Figure, what: str, key: str = "luck") -> str | None:
        """For a job whose roll failed: None while asking, else 'granted' or 'declined'."""
        if self.source(game, fig, LUCK) is None and key not in job:
            return "declined"
        return self.offer(game, job, fig, LUCK, "reroll", f"{what} failed: spend {self.whose(game, fig, LUCK)} Luck point to re-roll it?", key)

    def whose(self, game: Game, fig: Figure, pool: str) -> str:
        """Whose point a use would spend, in words: "Sergeant's own", "Rifle Section's", "a kept
        card's" (:meth:`source`)."""
        who = self.source(game, fig, pool) or ""
        if who.startswith("figure:"):
            return f"{fig.name}'s own"
        return "a kept card's" if who.startswith("card:") else f"{game.state.units[fig.unit].name}'s"

    def reroll(self, game: Game, job: dict, fig: Figure, what: str, field: str, redo: Callable[[], Any],
               key: str = "luck") -> bool:
        """Offer a Luck re-roll of ``job[field]``, a roll made for ``fig`` that failed it: False
        while its player (or an opponent, for consent) is asked; True once settled, with
        ``job[field]`` rolled again by ``redo`` when a point was spent. Offered once a roll."""
        again = f"again_{field}"
        if job.get(again):
            return True
        got = self.reroll_offer(game, job, fig, what, key)
        if got is None:
            return False
        if got == "granted":
            job[again] = True
            job[field] = redo()
        return True

    # ---- Valour (L33) ----------------------------------------------------------------------------------------
    def valour_use(self, game: Game, fig: Figure) -> str | None:
        mark = fig.markers.get(GbFigMark.VALOUR)
        return mark[1] if mark and mark[0] == game.state.turn else None

    def check_use_valour(self, game: Game, cmd: Command) -> None:
        st = game.state
        fig = st.figures.get(cmd.figure or "")
        require(fig is not None and fig.side == cmd.side and fig.alive, "Choose one of your figures in action.")
        assert fig is not None
        require(fig.side == st.active_side and st.phase in ("initiative", "orders", "fire"), "Valour is spent in your own turn.")
        require(cmd.choice in VALOUR_NOW, f"Choose one of: {', '.join(VALOUR_NOW)} (or take_initiative in another player's turn).")
        require(self.valour_use(game, fig) is None, f"{fig.name} is already acting heroically this turn.")
        require(self.source(game, fig, VALOUR) is not None, f"{fig.name} has no Valour point to spend (nor its section).")

    def apply_use_valour(self, game: Game, cmd: Command) -> None:
        self.rules.jobs.push(game, {"do": "valour", "figure": cmd.figure_id, "use": cmd.choice, "luck": {"stage": "use"}})

    def job_valour(self, game: Game, job: dict) -> list[dict] | None:
        st = game.state
        fig = st.figures[job["figure"]]
        got = self.offer(game, job, fig, VALOUR, job["use"], "")
        if got is None:
            return None
        if got != "granted":
            return []
        reach = self.rules.mm(self.rules.data.luck_valour.reach)
        group = [f for f in st.figures.values() if f.alive and f.side == fig.side and self.rules.dist(f.pos, fig.pos) <= reach + 1e-6]
        if job["use"] == TAKE:
            group = [f for f in group if self.may_act(game, f) is None]
        for f in group:
            f.markers[GbFigMark.VALOUR] = [st.turn, job["use"]]
        game.emit("character", f"A heroic act: {USE_WORDS[job['use']]} for {', '.join(f.name for f in sorted(group, key=lambda f: f.id))} "
                  "this turn (L33).", figures=[f.id for f in group])
        if job["use"] == TAKE:
            return [{"do": "interrupt", "side": fig.side, "figures": sorted(f.id for f in group)}]
        return []

    # ---- taking the initiative (L33) -----------------------------------------------------------------------
    def interrupt(self, game: Game) -> dict | None:
        return game.state.attrs.get(GbGameAttr.INTERRUPT)

    def may_act(self, game: Game, fig: Figure) -> str | None:
        """Why the figure may not act now for the initiative rules (None: it may)."""
        it = self.interrupt(game)
        if it is not None and fig.id not in it["figures"]:
            return "Only the figures that took the initiative act now (L33)."
        if it is None and fig.markers.get(GbFigMark.ACTED) == game.state.turn:
            return f"{fig.name} took the initiative earlier this turn and has acted (L33)."
        return None

    def check_take_initiative(self, game: Game, cmd: Command) -> None:
        st = game.state
        fig = st.figures.get(cmd.figure or "")
        require(fig is not None and fig.side == cmd.side and fig.alive, "Choose one of your figures in action.")
        assert fig is not None
        require(cmd.side != st.active_side and st.phase in self.rules.steps(), "Take the initiative in another player's turn (L33).")
        require(self.interrupt(game) is None and not self.rules.jobs.queue(game), "Wait until the present action is over.")
        require(cmd.side not in st.attrs[GbGameAttr.TURN_ORDER]["played"],
                f"{st.sides[cmd.side].name} have had their turn: their figures have acted (interpretation valour-initiative).")
        why = self.may_act(game, fig)
        require(why is None, why or "")
        require(self.source(game, fig, VALOUR) is not None, f"{fig.name} has no Valour point to spend (nor its section).")

    def apply_take_initiative(self, game: Game, cmd: Command) -> None:
        game.emit("character", f"{game.state.sides[cmd.side].name} try to take the initiative with {game.state.figures[cmd.figure_id].name}.",
                  side=cmd.side)
        self.rules.jobs.push(game, {"do": "valour", "figure": cmd.figure_id, "use": TAKE, "luck": {"stage": "use"}})

    def job_interrupt(self, game: Game, job: dict) -> list[dict]:
        """The group's own turn, now: from its moves on initiative to its close combat."""
        st = game.state
        st.attrs[GbGameAttr.INTERRUPT] = {"side": job["side"], "figures": list(job["figures"]),
                                          "resume": {"side": st.active_side, "phase": st.phase}}
        st.active_side = job["side"]
        st.phase = "initiative"
        for fid in job["figures"]:  # what they move counts in this turn of theirs
            st.figures[fid].markers.pop(GbFigMark.MOVED_CM, None)
        game.emit("turn", f"{st.sides[job['side']].name} take the initiative: "
                  f"{', '.join(st.figures[f].name for f in job['figures'])} act now.", side=job["side"])
        return [{"do": "step_start"}]

    def end_interrupt(self, game: Game) -> list[dict]:
        st = game.state
        it = st.attrs.pop(GbGameAttr.INTERRUPT)
        for fid in it["figures"]:
            st.figures[fid].markers[GbFigMark.ACTED] = st.turn
        st.active_side, st.phase = it["resume"]["side"], it["resume"]["phase"]
        game.emit("turn", f"{st.sides[st.active_side].name}'s turn goes on: {self.rules.phase_name(st.phase)}.", side=st.active_side)
        return []
