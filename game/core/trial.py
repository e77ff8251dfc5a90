"""The odds of a command, from the procedure that resolves it.

A :class:`Trial` keeps a scratch copy of a game and resolves a command on it again and
again, each time from the same state and under whatever dice it is handed: the rules'
own ``apply``, nothing written again for the odds. :func:`command_odds` walks every
branch of those dice (:mod:`game.core.odds`) and reads each result with a ruleset's
reader; where the tree is too large it resolves the command under seeded dice instead and
says the odds are sampled. The game itself is never touched: its state, dice, log and
kept results are its own.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from .commands import Command
from .dice import Dice
from .events import EventLog
from .game import Game
from .odds import PROBES, Distribution, enumerate_outcomes

#: dice paths walked before the odds are sampled instead (each path resolves the command once)
TRIAL_LIMIT = 4_000
#: seeded resolutions when the paths are too many
TRIAL_SAMPLES = 2_000

#: resolves something on a game (a command's ``apply``; a test the rules would take)
Act = Callable[[Game], None]
#: reads what one resolution did: (the game before, the scratch game after, the dice of
#: this path, which a reader may roll for a follow-on such as the end-of-phase morale test)
Reader = Callable[[Game, Game, Dice], Hashable]


class Abandoned(Exception):
    """The work on a detached game was given up by its owner (:attr:`Game.watch`)."""


class Trial:
    """A scratch game on which ``cmd`` is resolved from the state of ``game`` now."""

    def __init__(self, game: Game, follow_ons: bool = True, cmd: Command | None = None) -> None:
        self.game = game
        self.base = pickle.dumps(game.state, protocol=pickle.HIGHEST_PROTOCOL)
        self.table = game.table.copy()  # the terrain at the start, put back when a run changed it
        self.scratch = Game(game.rules, pickle.loads(self.base), self.table.copy(), game.seed, game.options, game.scenario)
        self.scratch._begun = True
        self.scratch.offers_follow_ons = follow_ons  # (see Resolution.answers)
        self.clean = self.scratch.table.version
        self.checked: Command | None = None
        if cmd is not None:
            self._check_once(cmd)

    def _check_once(self, cmd: Command) -> None:
        """``cmd``'s check, worked out once on the start state, handed to every run's apply
        as :meth:`Game.submit` hands it in play (:meth:`Game.take_checked`: the command's
        plan, which every run would otherwise work out again from the same state). The
        memo is pickled with the state, so each run's plan names that run's own figures.
        A refused check, or a memo that does not pickle, leaves the runs as they were."""
        s = self.scratch
        s.rules.sync_table(s)  # the terrain each run's apply meets
        with s.reading():
            refused = s.check(cmd)
            memo = s.memo
        if refused is not None or not memo:
            return
        try:
            both = pickle.dumps((s.state, memo), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError):
            return
        self.base, self.checked = both, cmd

    def run(self, act: Act, dice: Dice) -> Game:
        """The scratch game after ``act`` under ``dice``, from the start state and the start
        terrain (a feature the last run removed, a demolished bunker, is back; its smoke gone)."""
        watch = self.game.watch
        if watch is not None:
            if watch.given_up:
                raise Abandoned("no longer wanted")
            watch.paths += 1
        s = self.scratch
        with s.changing():  # a new version: nothing kept from the last run is read again
            if self.checked is not None:
                s.state, memo = pickle.loads(self.base)
                s._checked = (self.checked, memo)  # taken (or dropped) by this run's apply
            else:
                s.state = pickle.loads(self.base)
            if s.table.version != self.clean:  # the last run changed the terrain (a bunker demolished, smoke)
                s.table = self.table.copy()
                self.clean = s.table.version
            s.rules.sync_table(s)
            s.log = EventLog()
            dice.on_roll = s._on_roll  # its rolls go in the scratch log, as in play
            s.dice = dice
            s.memo = None
            act(s)
        return s


@dataclass
class Resolution:
    """How a report's odds were found: ``joint`` is the distribution of ``read`` over
    every way the dice can resolve ``act`` (``cmd``, when the act is a command's own
    resolution). Every distribution a report shows is a marginal of ``joint``; the
    differential odds test resolves the same thing many times and compares."""

    act: Act
    read: Reader
    joint: Distribution
    cmd: Command | None = None
    #: each distribution a report shows, by its name, as the key it takes of an outcome
    views: dict[str, Callable[[Any], Hashable]] = field(default_factory=dict)
    #: the decisions the command leads to are part of it (answered as the computer
    #: would); False where every decision that follows is a new command of the other
    #: side's (WW2's reaction fire)
    answers: bool = True


def resolve_odds(
    game: Game,
    act: Act,
    read: Reader,
    cmd: Command | None = None,
    limit: int = TRIAL_LIMIT,
    samples: int = TRIAL_SAMPLES,
    answers: bool = True,
) -> Resolution:
    """The distribution of ``read`` over every way the dice can resolve ``act`` now:
    exact where the paths number at most ``limit``, else ``samples`` seeded resolutions
    (seeded by the number of commands played, so a panel shown twice shows the same)."""
    trial = Trial(game, follow_ons=answers, cmd=cmd)

    def fn(dice: Dice) -> Hashable:
        return read(game, trial.run(act, dice), dice)

    return Resolution(act, read, enumerate_outcomes(fn, limit, samples, 1 + len(game.commands), probes=PROBES), cmd, answers=answers)
