"""What an aiming tool shows of what it aims at (game/ui/handlers.py): the check's refusal
at once, the odds once the odds worker (odds_worker.py) has worked them out beside the
window, and the words for each."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.ai.knowledge import Knowledge
from game.core.commands import Command
from game.core.game import Game
from game.rulesets.offers import Action, OddsReport

from .odds_box import odds_lines, short_odds_lines
from .odds_worker import PENDING, odds_worker

if TYPE_CHECKING:
    from .play import PlayScene

#: what a target's hover shows: a refusal's reason, the odds, or nothing to show
Report = str | OddsReport | None


#: what the odds panel says while the odds are worked out (game/ui/odds_worker.py)
WORKING = "working out the odds"


class OddsMemo:
    """The reports of one aiming tool, by what it aims at: the check's refusal, or the odds
    worked out by resolving the command under every fall of its dice. Those may take
    seconds (a WW2 Skirmish blast): the screen asks them of the odds worker, which works
    them out beside the window on a copy of the game, and says it is working them out
    until they come.

    The odds are worked out on the game as the side giving the command knows it
    (:class:`game.ai.knowledge.Knowledge`, the view the solo AI plans on): on the whole game
    they named the unspotted figures a WW2 blast would catch and every hidden enemy a
    spotter could find, with the score each needs, and a 1/35th grenade at a hidden man's
    place showed him killed. The check is the real game's (the referee)."""

    def __init__(self, action: Action) -> None:
        self.action = action
        self.knowledge = Knowledge()
        self.cache: dict[str, Report] = {}
        self.frames = 0  # frames drawn (the tool's draw ticks it once a frame)
        self.passed: set[str] = set()  # keys whose command its check accepted (the odds on their way)
        self.paths: int | None = None  # dice paths resolved so far for the odds being worked out

    def shown(self, scene: PlayScene, key: str, cmd: Command) -> Report:
        """The report as the screen shows it now: the check's refusal at once, the odds
        when the worker has them (:data:`WORKING` until then)."""
        key = f"{key}:{scene.game.version}"  # the state's number: see Game.version
        if key in self.cache or not self.action.odds:
            return self.report(scene, key, cmd)
        if key not in self.passed:
            reason = scene.game.check(cmd)
            if reason:
                self.cache[key] = reason
                return reason
            self.passed.add(key)
        worker = odds_worker()
        question = worker.question(scene.game, cmd)
        got = worker.take(question)
        if got is PENDING:
            rules = scene.rules
            if worker.wanted(question):  # (asked every frame while it waits: the side's view made once)
                worker.ask(question, self.known(scene, cmd), lambda copy: rules.odds(copy, cmd))
            self.paths = worker.paths(question)
            return WORKING
        self.cache[key] = got
        return got

    def known(self, scene: PlayScene, cmd: Command) -> Game:
        """The game as ``cmd``'s side knows it now (the game itself where nothing is hidden from it)."""
        return self.knowledge.of(scene.game, cmd.side)

    def report(self, scene: PlayScene, key: str, cmd: Command) -> Report:
        """The report worked out here and now (on the window's thread)."""
        if key not in self.cache:
            reason = scene.game.check(cmd)
            if reason:
                self.cache[key] = reason
            elif self.action.odds:
                try:
                    self.cache[key] = scene.rules.odds(self.known(scene, cmd), cmd)
                except Exception as exc:  # a ruleset without odds for this: say so
                    self.cache[key] = f"No odds: {exc}"
            else:
                self.cache[key] = None
        return self.cache[key]


def report_lines(action: Action, rep: Report, fold: Callable[[str], str] | None = None, paths: int | None = None) -> list[str]:
    """What the box says of a report; with ``fold`` the short box (:func:`short_odds_lines`);
    ``paths``: while the odds are worked out, the dice paths resolved so far."""
    if rep is WORKING:
        done = f" ({paths:,} so far)" if paths else ""
        return [action.label, f"Working out the odds: resolving the command under every fall of its dice{done}..."]
    if isinstance(rep, str):
        return [f"Not possible: {rep}"]
    if rep is None:
        return [f"Click to {action.label.lower()}."]
    return odds_lines(rep) if fold is None else short_odds_lines(rep, fold)
