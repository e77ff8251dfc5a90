"""The odds worked out beside the window, on a thread of their own.

The odds of a command resolve it under every fall of its dice (game/core/trial.py): a
rifle shot takes a fraction of a second, a WW2 Skirmish mortar blast seconds. Worked out
on the window's thread, the window stood still that long the first time a target was
hovered. Here they are worked out on a worker thread, on a copy of the game taken as
they are asked for (:meth:`Game.detached`: the worker shares nothing the window's game
changes), while the window goes on drawing and answering the player; the aiming tool
says it is working them out until they come (game/ui/handlers.py, :class:`OddsMemo`).

Only the latest question is wanted: a target hovered after another gives up the work on
the first at its next dice path (:attr:`Game.watch`, :class:`game.core.trial.Abandoned`),
and a question asked again after it was given up is worked out again. The answer is the
same report the window's own thread would have worked out: the rules, the copy of the
state and the dice paths are the same (tests/ui/test_odds_worker.py).
"""

from __future__ import annotations

import itertools
import threading
import weakref
from collections.abc import Callable, Hashable
from typing import Any

from game.core.game import Game, Watch
from game.core.trial import Abandoned

#: what :meth:`OddsWorker.take` gives while the answer is not there yet
PENDING = object()

Work = Callable[[Game], Any]
#: a question's key: the asking game's number, its version, and what is asked (a command)
Question = tuple[int, int, Hashable]


class OddsWorker:
    """One worker thread working out the latest question asked: ``work(copy of the game)``
    under a key naming the question and the state it is of (the game, its version and the
    command)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._answers: dict[Question, Any] = {}
        self._next: tuple[Question, Game, Work] | None = None  # the question waiting for the thread
        self._running: tuple[Question, Watch] | None = None
        self._thread: threading.Thread | None = None
        self._copy: tuple[int, int, int, Game] | None = None  # (the question's game and version, the copied game's number, the copy)
        self._numbers: weakref.WeakKeyDictionary[Game, int] = weakref.WeakKeyDictionary()
        self._count = itertools.count(1)

    def question(self, game: Game, about: Hashable) -> Question:
        """The key of a question ``about`` something (a command) of ``game`` as it is now:
        a number of the game's own (never another's, as its ``id`` may be once it is gone)
        and its version."""
        with self._cond:
            return (self._number(game), game.version, about)

    def _number(self, game: Game) -> int:
        n = self._numbers.get(game)
        if n is None:
            n = self._numbers[game] = next(self._count)
        return n

    def ask(self, key: Question, game: Game, work: Work) -> None:
        """Have ``work`` done on a copy of ``game`` as it is now (the game the key names, or
        that game as one side knows it), unless it is done already or being done; the work
        on an earlier question is given up."""
        with self._cond:
            if not self._wanted(key):
                return
            if self._running is not None:
                self._running[1].give_up()  # only the latest question is wanted
            self._next = (key, self._copy_of(key, game), work)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._serve, name="odds", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def wanted(self, key: Question) -> bool:
        """Whether asking ``key`` would set work going: it is not answered, being worked out
        or waiting (for the window, which asks every frame while it waits: the game to copy
        is then made only when it is needed)."""
        with self._cond:
            return self._wanted(key)

    def _wanted(self, key: Question) -> bool:
        running = self._running is not None and self._running[0] == key and not self._running[1].given_up
        return not (key in self._answers or running or (self._next is not None and self._next[0] == key))

    def keep_only(self, game: Game) -> None:
        """Give up the questions of any state but ``game`` as it is now (a command was given,
        another game opened): their answers would never be asked for, and the work would
        take the processor from whatever comes next (the other side's turn)."""
        with self._cond:
            now = (self._numbers.get(game), game.version)
            if self._next is not None and self._next[0][:2] != now:
                self._next = None
                self._cond.notify_all()
            if self._running is not None and self._running[0][:2] != now:
                self._running[1].give_up()
            if any(k[:2] != now for k in self._answers):  # (asked every frame: mostly nothing to drop)
                self._answers = {k: v for k, v in self._answers.items() if k[:2] == now}
            if self._copy is not None and self._copy[:2] != now:
                self._copy = None

    def give_up(self) -> None:
        """Give up every question asked (the cursor left the spot asked about, the play
        screen was left) and forget every answer not taken."""
        with self._cond:
            self._next = None
            if self._running is not None:
                self._running[1].give_up()
            self._answers.clear()
            self._copy = None
            self._cond.notify_all()

    def take(self, key: Question) -> Any:
        """The answer to the question ``key``, handed over once (the asker keeps it), or
        :data:`PENDING`."""
        with self._cond:
            return self._answers.pop(key, PENDING)

    def paths(self, key: Question) -> int | None:
        """The dice paths resolved so far for the question ``key`` while it is worked out
        (None when it is not being worked out)."""
        with self._cond:
            return self._running[1].paths if self._running is not None and self._running[0] == key else None

    def busy(self) -> bool:
        with self._cond:
            return self._running is not None or self._next is not None

    def settle(self, timeout: float = 120.0) -> bool:
        """Wait until every question asked is answered (or given up); False if ``timeout``
        seconds passed first. For screenshots and tests that want the odds on the screen."""
        with self._cond:
            return self._cond.wait_for(lambda: self._running is None and self._next is None, timeout)

    def _copy_of(self, key: Question, game: Game) -> Game:
        """A detached copy of ``game`` as it is now, one for the questions of one state asked
        on one game (a side's knowledge of it is a game of its own)."""
        n = self._number(game)
        if self._copy is None or self._copy[:3] != (key[0], key[1], n):
            self._copy = (key[0], key[1], n, game.detached())
        return self._copy[3]

    def _serve(self) -> None:
        while True:
            with self._cond:
                if self._next is None:
                    self._cond.notify_all()
                    if not self._cond.wait(timeout=30.0) and self._next is None:
                        self._thread = None  # idle a while: a new question starts another
                        return
                    continue
                key, copy, work = self._next
                self._next = None
                watch = Watch()
                self._running = (key, watch)
            copy.watch = watch
            result: Any = PENDING
            try:
                result = work(copy)
            except Abandoned:
                result = PENDING
            except Exception as exc:  # a ruleset without odds for this: the box says so
                result = f"No odds: {exc}"
            finally:  # (whatever happened, the question is no longer being worked out)
                copy.watch = None
                with self._cond:
                    if result is not PENDING and not watch.given_up:
                        self._answers[key] = result
                    self._running = None
                    self._cond.notify_all()


_WORKER: OddsWorker | None = None


def odds_worker() -> OddsWorker:
    """The program's one odds worker."""
    global _WORKER
    if _WORKER is None:
        _WORKER = OddsWorker()
    return _WORKER
