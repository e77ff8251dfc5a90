"""What one side knows of a game, as a game its AI plans on.

A computer player is handed the whole game, as a human player's copy of the program is;
what keeps it honest is that it plans on :class:`Knowledge`: a game whose state is the
ruleset's view for its side (:meth:`Rules.view`: enemy figures it has not spotted are not
there, the other sides' secret markers are blank, their hidden choices empty), on the
same table. Its planners read that and nothing else; the commands they propose are then
checked and submitted on the real game, which is the referee (a command the real game
refuses is not given, as a player's would be refused).

The knowledge game has no dice: planning rolls nothing (odds are worked out on trials
with their own dice), and anything that tries is a bug, so it fails loudly.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.dice import Dice
from game.core.game import Game
from game.core.rng import Source
from game.rulesets.base import ruleset_of

#: kept results that are facts of the table alone but are replaced, not filled in, as the
#: real game works them out (the sight matrix of the figures on the table: sight between
#: the points where they stand, read by position): the knowledge game is given the real
#: game's latest whenever its view is made, so that its planners read sight lines the
#: real game already holds instead of working them out again
TAKEN_STORES = ("sight_matrix",)


class NoDice(Source):
    """The dice of a knowledge game: planning must not roll."""

    def pick(self, faces: Sequence[int], cuts: Sequence[int] = ()) -> int:
        raise RuntimeError("An AI planner rolled dice on what its side knows: planning rolls nothing "
                           "(work odds out on a trial, game/core/trial.py).")


class Knowledge:
    """The games one player's sides know, kept from one command to the next: the view is
    made again only when the real game changed (its version), so what the planners keep
    on the knowledge game (sight lines, planned moves) carries over as on the real one."""

    def __init__(self) -> None:
        self.games: dict[str, Game] = {}
        self.versions: dict[str, tuple[int, int]] = {}

    def of(self, game: Game, side: str) -> Game:
        """``game`` as ``side`` knows it now: the game itself when its ruleset hides
        nothing from the side at the moment (the view would be the state: no copy)."""
        if not ruleset_of(game).hides_from(game, side):
            return game
        known = self.games.get(side)
        stamp = (id(game), game.version)
        if known is not None and known.rules is game.rules and known.table is game.table and self.versions.get(side) == stamp:
            return known
        view = game.rules.view(game, side)
        if known is None or known.rules is not game.rules or known.table is not game.table:
            known = Game(game.rules, view, game.table, game.seed, game.options, game.scenario)
            known.dice = Dice(NoDice(), None)
            known._begun = True
            for name in ruleset_of(game).shared_stores:  # the same dicts: what one works out the other reads
                known.kept[name] = game.kept.setdefault(name, {})
            self.games[side] = known
        else:
            with known.changing():
                known.state = view
        for name in TAKEN_STORES:
            if name in game.kept:
                known.kept[name] = game.kept[name]
        self.versions[side] = stamp
        return known
