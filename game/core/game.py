"""A game: a scenario, a seed, and the list of commands accepted so far.

:meth:`Game.submit` is the only way the state changes. It asks the ruleset to check the
command (a refusal changes nothing), then to apply it; every roll and every consequence
lands in the event log. Replaying the same commands from the same seed gives the same
log and the same state, which the tests prove and saved games rely on.

Every kept result is keyed on ``game.version`` (and the table's version where it depends
on terrain): see :class:`Game`.
"""

from __future__ import annotations

import pickle
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .commands import Accepted, Command, Refusal, Rejected, Result
from .dice import Dice, Roll
from .events import Event, EventLog
from .rng import SeededSource
from .state import GameState

#: "nothing remembered yet" (None may be a remembered answer)
MISSING = object()
#: commands between two kept copies of the state (see :meth:`Game.undo`)
CHECKPOINT_EVERY = 16

if TYPE_CHECKING:  # geometry is imported for type hints only
    from game.geometry.table import Table


class Rules(Protocol):
    """What a ruleset module gives the core (see game/rulesets/base.py)."""

    id: str
    hidden_information: bool
    #: the version of the procedures and a digest of the data they play by (saves keep both)
    rules_version: int
    data_digest: str

    def begin(self, game: Game) -> None: ...
    def check(self, game: Game, cmd: Command) -> None: ...
    def apply(self, game: Game, cmd: Command) -> None: ...
    def legal_commands(self, game: Game, side: str) -> list[Command]: ...
    def view(self, game: Game, side: str | None) -> GameState: ...
    def sync_table(self, game: Game) -> None: ...
    def acting_side(self, game: Game) -> str: ...
    def audience(self, game: Game, figures: list[str], units: list[str]) -> list[str] | None: ...


@dataclass
class Snapshot:
    state: bytes  # the pickled state: fast, exact, and the restored copy shares nothing
    rng_state: int
    log_len: int
    dice_count: int


class Watch:
    """Work on a :meth:`Game.detached` copy, watched from the thread that asked for it: the
    dice paths resolved on the copy so far and whether the work is still wanted."""

    def __init__(self) -> None:
        self.paths = 0
        self._unwanted = threading.Event()

    def give_up(self) -> None:
        self._unwanted.set()

    @property
    def given_up(self) -> bool:
        return self._unwanted.is_set()


class Game:
    """A game being played.

    :attr:`version` names the state: every kept result is keyed on ``game.version`` (and
    the table's ``version`` where it depends on terrain), never on counts such as
    ``len(game.commands)`` or ``len(game.log)``, which an undo followed by a different
    command of the same length brings back equal while the state differs. The version is
    bumped (by :meth:`changing`, before and after) around every accepted :meth:`submit`,
    every :meth:`undo` and internal :meth:`_rewind`, :meth:`begin` and loading a save
    (a save is played again from its commands). It only ever grows, so a number once given to a
    state is never given to another, and nothing worked out while a command resolves is
    read after it. It is never saved and is not part of :meth:`digest`.
    """

    def __init__(
        self,
        rules: Rules,
        state: GameState,
        table: Table,
        seed: int,
        options: dict[str, Any] | None = None,
        scenario: dict[str, Any] | None = None,
    ) -> None:
        self.rules = rules
        self.state = state
        self.table = table
        self.seed = seed
        self.options = dict(options or {})
        self.scenario = scenario or {}
        self.source = SeededSource(seed)
        self.dice = Dice(self.source, self._on_roll)
        self.log = EventLog()
        self.commands: list[Command] = []
        #: per command: whether it may be taken back (it rolled no dice)
        self._undoable: list[bool] = []
        #: (number of commands applied, the state then), at most CHECKPOINT_EVERY apart
        self._checkpoints: list[tuple[int, Snapshot]] = []
        self.listeners: list[Any] = []
        self._begun = False
        #: inside :meth:`reading`, a place where a ruleset may keep what it works out from
        #: the state (who is in melee, ...); None outside, where the state may change
        self.memo: dict[Any, Any] | None = None
        #: a reading scope's memo handed on to :meth:`submit` (:meth:`hand_over`): the
        #: command, the state it was of (its identity and version) and the memo
        self._handed: tuple[Command, int, int, dict[Any, Any]] | None = None
        #: while :meth:`submit` applies a command: the command and the memo its check worked
        #: in, until the ruleset takes it (:meth:`take_checked`)
        self._checked: tuple[Command, dict[Any, Any]] | None = None
        #: what rules and players work out and keep across commands (sight lines, planned
        #: moves, ...), each store keyed by everything the result depends on (positions,
        #: the terrain's version): never saved, never part of the state
        self.kept: dict[str, Any] = {}
        #: whether a command's apply goes on past its own outcome: offers the decisions it
        #: leads to that are the other side's new commands (WW2 Skirmish's reaction fire)
        #: and works out what follows (WW2: who spots whom after a shot). False only on a
        #: scratch game resolving a command for its odds, or for the greedy player's value
        #: in a hidden-information ruleset, which read neither
        #: (:class:`game.core.trial.Resolution` ``answers``); the rules may then skip them.
        #: Never part of the state
        self.offers_follow_ons = True
        #: the number of this state, only ever growing: what kept results are keyed on
        #: (see the class docstring); never saved, not part of the digest
        self.version = 0
        #: on a :meth:`detached` copy being read on another thread: what its owner sees of
        #: the work (a Trial on the copy counts its dice paths there, and stops at the next
        #: once the work is given up: game/core/trial.py); None on a game in play
        self.watch: Watch | None = None

    @contextmanager
    def changing(self) -> Iterator[None]:
        """Around anything that changes or replaces :attr:`state`: the state gets a new
        :attr:`version` before and after (submit, rewind, begin and loading a save use it)."""
        self.version += 1
        try:
            yield
        finally:
            self.version += 1

    @contextmanager
    def reading(self, memo: dict[Any, Any] | None = None) -> Iterator[None]:
        """A scope in which nothing changes the state (a player choosing a command, the
        interface listing what may be done): rules may memoise in :attr:`memo`. A command
        submitted inside it clears the memo. ``memo``: the memo of an earlier scope of
        this same state to go on from (:meth:`hand_over`); ignored inside another scope."""
        outer = self.memo
        if outer is None:
            self.memo = memo if memo is not None else {}
        try:
            yield
        finally:
            if outer is None:
                self.memo = None

    def hand_over(self, cmd: Command) -> None:
        """Inside a reading scope, by a player that chose ``cmd`` in it: the scope's memo
        is handed on to :meth:`submit` of ``cmd``, whose check then reads what the
        player's own check worked out instead of working it out again. It is taken only
        while the state is the one it was of (the same object at the same :attr:`version`):
        a player's choice submitted at once, as the drivers do; whoever changes the state
        between by hand (a test) must not hand over (the version would not show it)."""
        if self.memo is not None:
            self._handed = (cmd, id(self.state), self.version, self.memo)

    def take_checked(self, cmd: Command) -> dict[Any, Any] | None:
        """While :meth:`submit` applies ``cmd`` (that very object, not an equal one the
        rules make for a step of their own), once: the memo its check worked in, of the
        state as it was before the apply began, so that the ruleset reads the command's
        plan (worked out by the check) instead of working it out again. The apply takes
        it first, before it changes anything the plan reads; every later call (and any
        outside an apply) gives None."""
        checked, self._checked = self._checked, None
        return checked[1] if checked is not None and checked[0] is cmd else None

    def keep(self, store: str, key: Any, work: Callable[[], Any], limit: int = 1000) -> Any:
        """``work()``, kept in :attr:`kept` ``[store]`` under ``key`` across commands: the
        key names everything the result depends on. A store that grows past ``limit``
        entries starts again (``limit=1``: only the latest answer is kept)."""
        hit = self.kept.get(store, {}).get(key, MISSING)
        if hit is MISSING:
            hit = self.store(store, 1, limit)[key] = work()
        return hit

    def store(self, name: str, room: int = 1, limit: int = 1000) -> dict[Any, Any]:
        """The kept store ``name``, with room for ``room`` more entries: emptied first
        when they would take it past ``limit``."""
        kept = self.kept.setdefault(name, {})
        if len(kept) + room > limit:
            kept.clear()
        return kept

    # ---- starting ----------------------------------------------------------------
    def begin(self) -> None:
        """Start play: the ruleset sets up the first turn (it may roll dice)."""
        if self._begun:
            return
        self._begun = True
        with self.changing():
            self.rules.begin(self)
            self.rules.sync_table(self)

    # ---- the log -----------------------------------------------------------------
    def emit(
        self,
        kind: str,
        text: str,
        *,
        figures: Iterable[str] = (),
        units: Iterable[str] = (),
        data: dict[str, Any] | None = None,
        visible_to: list[str] | None = None,
        side: str | None = None,
    ) -> Event:
        figures, units = list(figures), list(units)
        ev = Event(
            seq=len(self.log),
            turn=self.state.turn,
            phase=self.state.phase,
            side=side if side is not None else self.state.active_side,
            kind=kind,
            text=text,
            figures=figures,
            units=units,
            data=data or {},
            visible_to=visible_to if visible_to is not None else self._audience(figures, units),
        )
        return self.log.add(ev)

    def _audience(self, figures: list[str], units: list[str]) -> list[str] | None:
        """Who may read an event about these figures and units: the ruleset decides
        (hidden figures); None is everyone."""
        return self.rules.audience(self, figures, units) if figures or units else None

    def _on_roll(self, roll: Roll) -> None:
        ev = Event(
            seq=len(self.log),
            turn=self.state.turn,
            phase=self.state.phase,
            side=self.state.active_side,
            kind="roll",
            text=roll.reason,
            figures=list(roll.figures),
            units=list(roll.units),
            roll=roll,
            visible_to=self._audience(list(roll.figures), list(roll.units)),
        )
        self.log.add(ev)

    # ---- commands ----------------------------------------------------------------
    def check(self, cmd: Command) -> str | None:
        """The reason ``cmd`` would be refused, or None if it is legal now."""
        if self.state.over:
            return "The game is over."
        if cmd.side not in self.state.sides:
            return f"There is no side called {cmd.side!r}."
        try:
            self.rules.check(self, cmd)
        except Refusal as r:
            return r.reason
        return None

    def submit(self, cmd: Command) -> Result:
        handed, self._handed = self._handed, None
        start = handed[3] if handed is not None and handed[:3] == (cmd, id(self.state), self.version) else None
        with self.reading(start):  # the check only reads: what it works out may be shared
            reason = self.check(cmd)
            checked = self.memo
        if reason is not None:
            return Rejected(cmd, reason)
        n = len(self.commands)
        if not self._checkpoints or n - self._checkpoints[-1][0] >= CHECKPOINT_EVERY:
            self._checkpoints.append((n, self._snapshot()))
        dice_before = self.dice.count
        first = len(self.log)
        memo, self.memo = self.memo, None  # the state changes: nothing memoised holds
        self._checked = (cmd, checked) if checked is not None else None  # ... but the command's plan, read first
        with self.changing():
            try:
                self.rules.apply(self, cmd)
            except Refusal as r:  # a check the ruleset could only make while resolving
                self._rewind(n)
                return Rejected(cmd, r.reason)
            finally:
                self._checked = None
                if memo is not None:
                    memo.clear()
                    self.memo = memo
            self.commands.append(cmd)
            rolled = self.dice.count != dice_before
            self._undoable.append(not rolled)
            if rolled:  # nothing before it can be taken back: only the checkpoint it starts from is needed
                self._checkpoints = self._checkpoints[-1:]
            self.rules.sync_table(self)
        result = Accepted(cmd, first, len(self.log), rolled)
        for listener in self.listeners:
            listener(self, result)
        return result

    @property
    def acting_side(self) -> str:
        """The side the game waits for: a pending decision's side, else the active side."""
        return self.rules.acting_side(self)

    def legal_commands(self, side: str | None = None) -> list[Command]:
        if self.state.over:
            return []
        return self.rules.legal_commands(self, side or self.acting_side)

    # ---- undo --------------------------------------------------------------------
    # A snapshot of the state before every command would cost a pickling per command
    # (most of the time of a light one, such as a spot). The game keeps one every
    # CHECKPOINT_EVERY commands instead; going back replays the commands after the
    # nearest one, which the seeded dice make exact.
    def can_undo(self) -> bool:
        return bool(self._undoable) and self._undoable[-1]

    def undo(self) -> bool:
        """Take back the last command if it rolled no dice."""
        if not self.can_undo():
            return False
        self.commands.pop()
        self._undoable.pop()
        self._rewind(len(self.commands))
        return True

    def _rewind(self, n: int) -> None:
        """Put the game back as it was after its first ``n`` commands (the state, the
        dice and the log): from the latest checkpoint at or before then, the commands
        since are applied again, silently."""
        while self._checkpoints and self._checkpoints[-1][0] > n:
            self._checkpoints.pop()
        start, snap = self._checkpoints[-1]
        with self.changing():
            self._restore(snap)
            self.rules.sync_table(self)
            memo, self.memo = self.memo, None
            try:
                for cmd in self.commands[start:n]:
                    self.rules.apply(self, cmd)
                    self.rules.sync_table(self)
            finally:
                self.memo = memo

    def detached(self) -> Game:
        """A copy of the game as it is now that shares nothing it may change: its own state
        (pickled), table, dice at the same place, command list and log (the events
        themselves, written once, are shared), kept results and memo; the rules are
        shared (they keep nothing of a game). For reading on another thread while this
        game goes on (the window's odds, game/ui/odds_worker.py): what is read of it is
        what is read of this game now."""
        g = Game(self.rules, pickle.loads(pickle.dumps(self.state, protocol=pickle.HIGHEST_PROTOCOL)),
                 self.table.copy(), self.seed, self.options, self.scenario)
        g.source.rng.state = self.source.state
        g.dice.count = self.dice.count
        g.commands = list(self.commands)
        g._undoable = list(self._undoable)
        g.log.events = list(self.log.events)
        g._begun = self._begun
        g.offers_follow_ons = self.offers_follow_ons
        g.version = self.version
        return g

    def _snapshot(self) -> Snapshot:
        return Snapshot(pickle.dumps(self.state, protocol=pickle.HIGHEST_PROTOCOL), self.source.state, len(self.log), self.dice.count)

    def _restore(self, snap: Snapshot) -> None:
        if self.memo is not None:
            self.memo.clear()
        self.state = pickle.loads(snap.state)
        self.source.rng.state = snap.rng_state
        self.log.truncate(snap.log_len)
        self.dice.count = snap.dice_count

    def settle(self) -> None:
        """What was played before now stands: no undo reaches back past this point (a
        loaded save), and only the latest checkpoint is kept."""
        self._undoable = [False] * len(self.commands)
        self._checkpoints = self._checkpoints[-1:]

    # ---- views -------------------------------------------------------------------
    def view(self, side: str | None) -> GameState:
        """What ``side`` may know (None: the umpire's view of everything)."""
        return self.rules.view(self, side)

    def digest(self) -> str:
        return f"{self.state.digest()}-{self.log.digest()}"
