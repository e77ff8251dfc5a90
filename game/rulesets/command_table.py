"""A ruleset's table of command kinds, built once when the rules are made: each kind's
check and its change, found as ``check_<kind>`` / ``apply_<kind>`` method pairs on the
rules and the chapters they list (``RulesetBase.command_owners``)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.commands import Command
from game.core.game import Game

#: one step of a command: its check (refuses with a reason) or its change to the game
CommandStep = Callable[[Game, Command], None]


@dataclass(frozen=True)
class CommandKind:
    """One kind of command a ruleset takes: the check that refuses it with a reason, and
    the change it makes. ``apply`` is None for a kind that is only ever asked about (its
    odds: a melee round, a morale test), never given."""

    check: CommandStep
    apply: CommandStep | None


def methods_named(prefix: str, *owners: object) -> dict[str, Callable[..., Any]]:
    """The methods ``<prefix><name>`` of ``owners`` (the rules, then their chapters), by
    name: a table built once, so that a name in the state (a command's kind, a queued
    job) finds its step without a look-up by string at each use. A name written twice
    is a mistake in the ruleset and stops it loading."""
    out: dict[str, Callable[..., Any]] = {}
    for owner in owners:
        for attr in dir(type(owner)):
            if attr.startswith(prefix):
                name = attr[len(prefix):]
                if name in out:
                    raise TypeError(f"{type(owner).__name__}.{attr}: '{name}' is written twice.")
                out[name] = getattr(owner, attr)
    return out


def is_command_step(fn: Callable[..., Any]) -> bool:
    """A method taking ``(game, cmd: Command)``: a command's check or change. Other
    ``check_`` methods (``check_data`` on a file, ``check_victory`` on the game, a
    chapter's ``check_team_may_move`` on a unit) are not command kinds, so a command
    named after them is refused like any unknown kind, never dispatched to them."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return False
    return len(params) == 2 and params[1].annotation in ("Command", Command)


def command_kinds(*owners: object) -> dict[str, CommandKind]:
    """The command kinds written as ``check_<kind>`` / ``apply_<kind>`` method pairs on
    ``owners``: every ``check_<kind>(game, cmd: Command)`` names a kind; an ``apply_...``
    without its check is a helper, not a kind."""
    checks = {k: f for k, f in methods_named("check_", *owners).items() if is_command_step(f)}
    applies: dict[str, CommandStep] = {}
    for owner in owners:
        for attr in dir(type(owner)):
            if attr.startswith("apply_") and attr[6:] in checks:
                if attr[6:] in applies:
                    raise TypeError(f"{type(owner).__name__}.{attr}: '{attr[6:]}' is written twice.")
                applies[attr[6:]] = getattr(owner, attr)
    return {k: CommandKind(c, applies.get(k)) for k, c in checks.items()}
