"""A resolution that pauses to ask a player, and goes on from the same point.

Procedures that must stop half-way for a choice (which figure takes the casualty, whether
to spend a Luck point on a failed roll, where a routing unit runs) are written as *jobs*:
small dicts ``{"do": <step>, ...}`` kept in the game state, each run by the ruleset's
method ``job_<step>(game, job)``. A step returns the jobs that follow it (run next, before
the rest of the queue), or None when it has asked a player (``rules.ask``) and waits: the
job stays first in the queue, the answer (an ordinary command, checked and logged) writes
into it (:meth:`JobQueue.answer`), and the queue runs the step again.

Because the queue lives in the state, a save, an undo or a replay stops and goes on at the
same place, and the odds (which resolve a command on a scratch game and settle decisions
as the computer would) follow the same chain. WWIFY runs its whole turn on it; any
ruleset may (issue 19's GOODBYEEEEEE!!!: Luck re-rolls, consent, event cards).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from game.core.commands import require
from game.core.game import Game
from game.rulesets.command_table import methods_named

#: a step: the jobs that follow it, or None when it asked a player and waits for the answer
Step = Callable[[Game, dict], "list[dict] | None"]

#: steps a queue may run before it must have settled (more means a step loops)
GUARD = 10_000


class JobQueue:
    """The jobs of one ruleset, kept in ``state.attrs[key]`` (a list, first job next)."""

    def __init__(self, key: str, *owners: object, name: str = "job queue") -> None:
        self.key = key
        self.name = name
        self.steps: dict[str, Step] = methods_named("job_", *owners)  # job_<do> of the rules, then their chapters
        #: per thread (the window's odds are worked out on a thread of their own, on a copy of
        #: the game, with these same rules: game/ui/odds_worker.py), the queues whose first job
        #: is running now, each with where its next inserted job goes
        self._threads = threading.local()

    @property
    def _running(self) -> list[tuple[list[dict], list[int]]]:
        running: list[tuple[list[dict], list[int]]] | None = getattr(self._threads, "running", None)
        if running is None:
            running = self._threads.running = []
        return running

    def queue(self, game: Game) -> list[dict]:
        return game.state.attrs.setdefault(self.key, [])

    def push(self, game: Game, *jobs: dict) -> None:
        """Add jobs at the end of the queue."""
        for job in jobs:
            if job.get("do") not in self.steps:  # a bug in the ruleset, not a player's mistake
                raise RuntimeError(f"{self.name}: no step job_{job.get('do')}")
        self.queue(game).extend(jobs)

    def insert_next(self, game: Game, job: dict) -> None:
        """Run ``job`` as soon as the running step ends (before the jobs it returns), or, when
        no step is running (a command being applied), after the command: a wound that may be
        saved with Luck, which must be settled before the resolution goes on."""
        if job.get("do") not in self.steps:
            raise RuntimeError(f"{self.name}: no step job_{job.get('do')}")
        q = self.queue(game)
        for queue, at in reversed(self._running):
            if queue is q:
                q.insert(at[0], job)
                at[0] += 1
                return
        q.append(job)

    def run(self, game: Game, waiting: Callable[[Game], Any], after_step: Callable[[Game], None] | None = None) -> None:
        """Run jobs until the queue is empty, a player must answer (``waiting(game)`` is
        not None) or the game is over. ``after_step`` runs after each finished step (a
        victory check)."""
        st = game.state
        q = self.queue(game)
        for _ in range(GUARD):
            if not q or st.over or waiting(game) is not None:
                return
            job = q[0]
            at = [1]  # where a job inserted by this step goes
            self._running.append((q, at))
            try:
                follow = self.steps[job["do"]](game, job)
            finally:
                self._running.pop()
            if follow is None:  # asked a player: it runs again once answered
                return
            q.pop(0)
            q[at[0] - 1:at[0] - 1] = follow
            if after_step is not None:
                after_step(game)
        raise RuntimeError(f"{self.name} does not settle: {GUARD} steps without an end (job {q[0].get('do') if q else None})")

    def waiting_job(self, game: Game, kinds: str, asked: bool) -> dict:
        """The first job, which must be one of ``kinds`` ('casualties|cc_loss') waiting for
        an answer (``asked``: a decision is pending); refused otherwise."""
        q = game.state.attrs.get(self.key) or []
        require(bool(q) and q[0]["do"] in kinds.split("|") and asked, "There is nothing to choose now.")
        return q[0]

    def answer(self, game: Game, **fields: Any) -> None:
        """Write a player's answer into the waiting job (it reads it when run again)."""
        q = self.queue(game)
        require(bool(q), "There is nothing to answer.")
        q[0].update(fields)
