"""A command resolved for its odds as it resolves in play: the rules' own ``apply``, and
then every decision it leads to (which figure falls, whether to rally) answered as the
computer's planner answers it, until play waits for the next command. The differential
odds test gives the command for real and answers the same way."""

from __future__ import annotations

from game.core.commands import Command
from game.core.game import Game
from game.core.trial import Act, Reader, Resolution, resolve_odds

#: decisions one command may lead to, at most (a squad's casualties picked one by one,
#: a rally, a medic): more means a loop in the rules
MAX_ANSWERS = 250


def planned_answer(game: Game) -> Command | None:
    """The option the computer takes for the pending decision; None when none is pending."""
    from game.rulesets.base import ruleset_of

    rules = ruleset_of(game)
    pending = rules.decision(game)
    if pending is None:
        return None
    options = rules.decision_options(game)
    return rules.planner.decide(game, pending["side"], options) or options[0][1]


def settle_decisions(g: Game) -> None:
    """Answer every decision pending on ``g`` as the computer would, until none is."""
    for _ in range(MAX_ANSWERS):
        answer = planned_answer(g)
        if answer is None:
            return
        g.rules.apply(g, answer)
    raise AssertionError(f"more than {MAX_ANSWERS} decisions in a row")


def resolving(cmd: Command, answers: bool = True) -> Act:
    """The act of giving ``cmd`` and (``answers``) answering what it asks."""
    def act(g: Game) -> None:
        g.rules.apply(g, cmd)
        if answers:
            settle_decisions(g)

    return act


def command_odds(game: Game, cmd: Command, read: Reader, answers: bool = True) -> Resolution:
    """The odds of giving ``cmd`` now, read by ``read`` (game/core/trial.py); ``answers``:
    whether the decisions it leads to are part of it (see :class:`Resolution`)."""
    return resolve_odds(game, resolving(cmd, answers), read, cmd, answers=answers)
