"""A save is a scenario, a seed and a list of commands: loading one plays its commands
again from the seed and keeps the game only if what they give is what the file says.

The file also holds the state, the dice state and the log at the moment of saving. None
of it is trusted: a command list shortened or altered, a seed or dice state changed, a
state edited by hand, or rules that now resolve differently, each shows as a command
refused or a result that differs from the saved log, and the save is refused naming the
first command that differs and why it may have happened.
"""

from __future__ import annotations

from typing import Any

from .commands import Command, Rejected
from .events import Event
from .game import Game
from .state import canonical_json


class ReplayMismatch(Exception):
    """The commands of a save do not give what the save holds; the message says where."""


def _describe(i: int, n: int, cmd: Command) -> str:
    who = cmd.figure or cmd.unit or ""
    return f"command {i + 1} of {n} ('{cmd.kind}' by {cmd.side}{' ' + who if who else ''})"


def _same(event: Any, saved: Any) -> bool:
    mine = event.to_dict()
    # the plain comparison settles almost every event; the canonical one (tuples read
    # back as lists, floats to the last bit that counts) the rest
    return mine == saved or canonical_json(mine) == canonical_json(saved)


def _where_they_part(a: str, b: str, room: int = 70) -> tuple[str, str]:
    """Two log lines cut to show where they differ (the roll, not the unit's name)."""
    p = 0
    while p < min(len(a), len(b)) and a[p] == b[p]:
        p += 1
    start = max(0, p - 30)
    lead = "..." if start else ""
    return lead + a[start:start + room], lead + b[start:start + room]


def _line(saved: Any) -> str:
    try:
        return Event.from_dict(saved).line
    except Exception:  # a damaged entry: show what it holds
        return repr(saved)[:100]


def replay_commands(game: Game, commands: list[Any], saved_log: list[Any], why: str) -> None:
    """Feed ``game`` the saved ``commands`` it has not had yet (a freshly set-up game has
    had none; a game may already hold the first of them); after each, the events it
    gives must be the saved log's next events (those it holds already are compared
    first). Raises ReplayMismatch at the first that is refused or differs; ``why`` says
    what may have caused it."""
    n = len(commands)
    checked = 0

    def compare(upto: int, where: str) -> None:
        nonlocal checked
        events = game.log.events
        for k in range(checked, upto):
            if k >= len(saved_log):
                raise ReplayMismatch(f"{where} gives more than the save records (from '{events[k].line[:80]}'); {why}")
            if not _same(events[k], saved_log[k]):
                mine, theirs = _where_they_part(events[k].line, _line(saved_log[k]))
                raise ReplayMismatch(f"{where} gives '{mine}' where the save records '{theirs}'; {why}")
        checked = upto

    had = len(game.commands)
    compare(len(game.log.events), "setting up the scenario" if not had else f"the {had} commands already played")
    for i, raw in enumerate(commands):
        if i < had:
            continue
        try:
            cmd = Command.from_dict(raw) if isinstance(raw, dict) else None
        except (TypeError, ValueError) as e:
            raise ReplayMismatch(f"command {i + 1} of {n} is not a command ({str(e)[:100]}); the file is damaged") from None
        if cmd is None:
            raise ReplayMismatch(f"command {i + 1} of {n} is not a command ({str(raw)[:60]!r}); the file is damaged")
        res = game.submit(cmd)
        if isinstance(res, Rejected):
            raise ReplayMismatch(f"{_describe(i, n, cmd)} is refused when the game is played again from its seed ({res.reason}); {why}")
        compare(len(game.log.events), _describe(i, n, cmd))
    if checked < len(saved_log):
        raise ReplayMismatch(f"its commands stop short of its log (the log goes on with '{_line(saved_log[checked])[:80]}'); {why}")


def check_final(game: Game, doc: dict[str, Any], why: str) -> None:
    """The saved state, dice state and checksum are what the commands gave."""
    if doc.get("rng_state") != game.source.state or doc.get("dice_count", game.dice.count) != game.dice.count:
        raise ReplayMismatch(f"its dice state is not the one its commands leave; {why}")
    if canonical_json(doc.get("state")) != canonical_json(game.state.to_dict()):
        raise ReplayMismatch(f"its stored state differs from what its commands give; {why}")
    if doc.get("digest") is not None and doc["digest"] != game.digest():
        raise ReplayMismatch(f"its checksum does not match what its commands give; {why}")
