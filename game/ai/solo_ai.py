"""The solo AI: plays a side of any ruleset by the WW2 solo tables.

Each turn every unit first dices for its orders (the ``solo_orders`` command: its risk
factor and the action chart, rolled with the game's dice and logged). Then, phase by
phase, the ruleset proposes the commands that carry each order out (its planner, ``rules.planner``),
best first; the AI submits the first one the core accepts, through the same
``Game.submit`` a human uses. A unit goes on until it has nothing left to do, then the
next (the units before it are asked again first when their situation changed); when no
unit has anything left, it ends the phase.
It plans on what its side knows (:class:`game.ai.knowledge.Knowledge`: the ruleset's view
for its side, no unspotted enemy, no secret of the other side) and every command it picks
is checked by the real game, the referee, before it is given; what that check worked out
is handed on to the game's submit of the command (:meth:`Game.hand_over`), which a driver
calls at once.
"""

from __future__ import annotations

from game.ai.knowledge import Knowledge
from game.core.commands import Command
from game.core.game import Game
from game.core.keys import StateKey
from game.core.rng import Pcg32
from game.rulesets.base import ruleset_of


class SoloAI:
    name = "ai"

    def __init__(self, seed: int) -> None:
        self.rng = Pcg32(seed)  # tie-breaks among equally good choices only
        self.issued: set[tuple] = set()  # never the same command twice in one phase
        self.memo: dict = {}  # plans a ruleset keeps between calls (figure slots of a move)
        # (turn, side, phase), the place and id of the unit that acted last, and the
        # situation of the others then (rules.ai_situation)
        self.cursor: tuple = ((), 0, None, None)
        self.knowledge = Knowledge()

    def _key(self, game: Game, cmd: Command) -> tuple:
        # never the same command twice in one phase: (turn, side, phase, cmd), which stays
        # the same from one command to the next; an answer to a decision is keyed on the
        # state it answers too (game.version), so it never blocks a later command
        st = game.state
        return (st.turn, st.active_side, st.phase, game.version if st.attrs.get(StateKey.DECISION) else 0, cmd)

    def _fresh(self, game: Game, cmd: Command) -> bool:
        return self._key(game, cmd) not in self.issued and game.check(cmd) is None

    def choose(self, game: Game, side: str) -> Command:
        known = self.knowledge.of(game, side)
        with game.reading(), known.reading():
            cmd = self._choose(game, known, side)
            game.hand_over(cmd)  # its check on the real game is not worked out again by submit
        self.issued.add(self._key(game, cmd))
        if len(self.issued) > 5000:
            self.issued = {k for k in self.issued if k[0] >= game.state.turn}
            self.memo = {k: v for k, v in self.memo.items() if k[0] >= game.state.turn}
        return cmd

    def _choose(self, game: Game, known: Game, side: str) -> Command:
        """The command for ``side``: planned on ``known`` (what the side knows), checked on
        ``game`` (the referee)."""
        rules = ruleset_of(game)
        st = known.state
        if rules.decision(game) is not None:
            options = rules.decision_options(game)  # the choice put to this side: its own to see
            picked = rules.planner.decide(known, side, options)
            if picked is not None and game.check(picked) is None:
                return picked
            return next((c for _, c in options if game.check(c) is None), options[0][1])
        if side != st.active_side:
            legal = game.legal_commands(side)
            return legal[0]
        for unit in rules.solo_units(known, side):
            if rules.needs_orders(known, unit):
                cmd = Command("solo_orders", side, unit=unit.id)
                if game.check(cmd) is None:
                    return cmd
        for cmd in rules.planner.side_commands(known, side):
            if self._fresh(game, cmd):
                return cmd
        # units in turn from the first: the one that acted last goes on until it has
        # nothing left, then the next. The units before it had nothing left; they are
        # asked first again only when the situation changed for them (an enemy spotted or
        # lost, one of them hit), and again last before the phase ends
        units = list(rules.solo_units(known, side))
        phase = (st.turn, side, st.phase)
        start = 0
        if self.cursor[0] == phase and self.cursor[1] < len(units):
            unit_id, seen = self.cursor[2], self.cursor[3]
            if units[self.cursor[1]].id == unit_id and rules.ai_situation(known, side, unit_id) == seen:
                start = self.cursor[1]
        for k in range(len(units)):
            i = (start + k) % len(units)
            for cmd in rules.planner.unit_commands(known, side, units[i], self.memo):
                if self._fresh(game, cmd):
                    self.cursor = (phase, i, units[i].id, rules.ai_situation(known, side, units[i].id))
                    return cmd
        return Command("end_phase", side)
