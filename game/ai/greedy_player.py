"""The greedy baseline: gives the command with the best expected immediate value.

For each command it may give (a capped selection of the ruleset's candidates: attacks on
every known target first, then a sample of moves and of the rest), it resolves the
command on a scratch copy of the game under its dice (game/core/trial.py: the rules' own
``apply``, nothing worked out twice) and reads each result with
:class:`game.ai.greedy_value.Valuation` (harm done less harm taken; for a move, its
exposure against its reach and progress). The dice are walked exactly when the paths are
few (:data:`EXACT_PATHS`), else :data:`SAMPLES` seeded resolutions stand in; a command
that rolls nothing is resolved once. The best command above zero is given; when none
scores above zero it ends the phase. A decision is answered the same way (its best
option, the first legal one on a tie).

It sees what its side knows: it lists, resolves and scores commands on its side's view of
the game (game/ai/knowledge.py: enemies it has not spotted are not there, so they are
neither targets nor threats nor in the way), and only checks them on the real game; a
hidden-information ruleset's follow-on decisions (the enemy's reaction fire) are not part
of a command's value. Its choices are seeded
(its own PCG32, and the trial's samples by the game's command count), so a simulated
game with the same seed plays out the same.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from game.ai.greedy_value import Valuation
from game.ai.knowledge import Knowledge
from game.core.commands import END_PHASE, Command, Refusal
from game.core.dice import Dice
from game.core.game import Game
from game.core.keys import StateKey
from game.core.odds import enumerate_outcomes, sample_outcomes
from game.core.rng import Pcg32, ProbeSource
from game.core.trial import Trial
from game.rulesets.base import ruleset_of
from game.rulesets.resolving import resolving

#: dice paths walked exactly, at most; over that the command is sampled
EXACT_PATHS = 4
#: seeded resolutions when the paths are more; an attack (it always rolls) is resolved
#: this many times under seeded dice at once, without walking its tree
SAMPLES = 3
ATTACK_SAMPLES = 2
#: legal-command checks per choice, at most, and refused ones per (target, kind) group
CHECKS = 60
GROUP_MISSES = 2
#: commands scored per choice, at most: attacks, moves, the rest
ATTACKS = 6
MOVES = 4
OTHERS = 2
#: decision options scored, at most (the rest are taken as they come)
OPTIONS = 8
#: kinds that attack whatever the command names (close combat, a point-aimed weapon)
ATTACK_KINDS = frozenset({"combat", "melee", "assault", "blast", "flame", "bombard"})
#: kinds worth a little for what they open up: a unit's move (the Great War's activation
#: and move roll, WWIFY's next Move action: the moves are scored next) or targets (WW2's
#: spot: what it would find is not read, as the trial sees enemies its side has not)
PREPARE = {"activate": 0.2, "roll_move": 0.1, "begin_move": 0.1, "spot": 0.3}
#: the same command given at most this often in one phase
REPEATS = 3
#: a score must beat this to be worth giving
EPS = 1e-6


class GreedyPlayer:
    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.rng = Pcg32(seed)
        self.given: dict[tuple, int] = {}
        #: the last choice's cost, for measuring: (commands scored, resolutions run)
        self.last = (0, 0)
        self.knowledge = Knowledge()

    def choose(self, game: Game, side: str) -> Command:
        if game.state.over:
            raise RuntimeError("the game is over")
        known = self.knowledge.of(game, side)
        with game.reading(), known.reading():
            cmd = self._choose(game, known, side)
        st = game.state
        key = (st.turn, st.active_side, st.phase, cmd)
        if len(self.given) > 5000:
            self.given = {k: v for k, v in self.given.items() if k[0] >= st.turn}
        if not st.attrs.get(StateKey.DECISION):
            self.given[key] = self.given.get(key, 0) + 1
        return cmd

    # ---- choosing ----------------------------------------------------------------------------
    def _choose(self, game: Game, known: Game, side: str) -> Command:
        """Planned and scored on ``known`` (what ``side`` knows), checked on ``game``."""
        rules = ruleset_of(game)
        if rules.decision(game) is not None:
            return self._decide(game, known, side)
        st = game.state
        if side != st.active_side:
            return game.legal_commands(side)[0]
        picks = self.candidates(game, known, side)
        scored = self.score_all(known, side, picks, 1 + len(game.commands))
        best = max(scored, key=lambda t: t[0], default=None)
        if best is not None and best[0] > EPS:
            return best[1]
        end = Command(END_PHASE, side)
        if game.check(end) is None:
            return end
        if best is not None:
            return best[1]
        return game.legal_commands(side)[0]

    def _decide(self, game: Game, known: Game, side: str) -> Command:
        rules = ruleset_of(game)
        options = [c for _, c in rules.decision_options(game) if game.check(c) is None]
        if not options:
            return rules.decision_options(game)[0][1]
        if len(options) == 1:
            return options[0]
        scored = self.score_all(known, side, options[:OPTIONS], 1 + len(game.commands))
        if not scored:
            return options[0]
        best = scored[0]
        for s in scored[1:]:
            if s[0] > best[0] + EPS:
                best = s
        return best[1]

    def candidates(self, game: Game, known_game: Game, side: str) -> list[Command]:
        """The commands to score: the legal attacks on known targets, one of each
        (target, kind) in turn until :data:`ATTACKS`; a seeded sample of :data:`MOVES`
        legal moves and :data:`OTHERS` other commands (ending the phase is not scored)."""
        rules = ruleset_of(game)
        st = known_game.state
        known = {f.id for f in rules.known_enemies(known_game, side)}
        known |= {st.figures[f].unit for f in known}
        st_key = (st.turn, st.active_side, st.phase)
        groups: dict[tuple, list[Command]] = {}
        moves: list[Command] = []
        others: list[Command] = []
        for cmd in rules.candidate_commands(known_game, side):
            if cmd.kind == END_PHASE or self.given.get((*st_key, cmd), 0) >= REPEATS:
                continue
            if cmd.target is not None and self._enemy(known_game, side, cmd.target) and cmd.target not in known:
                continue  # a target its side does not know of
            if self._attack(known_game, side, cmd):
                groups.setdefault((cmd.target, cmd.kind), []).append(cmd)
            elif cmd.path or cmd.point is not None:
                moves.append(cmd)
            else:
                others.append(cmd)
        picks: list[Command] = []
        checks = 0

        def legal(cmd: Command) -> bool:
            nonlocal checks
            checks += 1
            return game.check(cmd) is None

        pools = [(self._shuffled(g), [0]) for g in groups.values()]
        while pools and len(picks) < ATTACKS and checks < CHECKS:
            for item in list(pools):
                pool, misses = item
                while pool and len(picks) < ATTACKS and checks < CHECKS:
                    cmd = pool.pop()
                    if legal(cmd):
                        picks.append(cmd)
                        break
                    misses[0] += 1
                    if misses[0] >= GROUP_MISSES:
                        pool.clear()  # its target is out of reach of this kind, most likely
                if not pool:
                    pools.remove(item)
        for pool, cap in ((moves, MOVES), (others, OTHERS)):
            pool = self._shuffled(pool)
            n = 0
            while pool and n < cap and checks < 2 * CHECKS:
                cmd = pool.pop()
                if legal(cmd):
                    picks.append(cmd)
                    n += 1
        return picks

    def _shuffled(self, cmds: list[Command]) -> list[Command]:
        out = list(cmds)
        for i in range(len(out) - 1, 0, -1):
            j = self.rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def _attack(self, game: Game, side: str, cmd: Command) -> bool:
        """A command aimed at the enemy: it names an enemy, or its kind attacks."""
        return cmd.kind in ATTACK_KINDS or (cmd.target is not None and self._enemy(game, side, cmd.target))

    @staticmethod
    def _enemy(game: Game, side: str, target: str) -> bool:
        st = game.state
        owner = st.units[target].side if target in st.units else st.figures[target].side if target in st.figures else None
        if owner is None and target in st.markers:
            owner = st.markers[target].side
        return owner is not None and owner != side

    # ---- scoring -----------------------------------------------------------------------------
    def score_all(self, game: Game, side: str, cmds: list[Command], seed: int) -> list[tuple[float, Command]]:
        """(expected value, command) of each command, in the order given, resolved on
        ``game`` (what the side knows); ``seed`` for the samples."""
        if not cmds:
            self.last = (0, 0)
            return []
        rules = ruleset_of(game)
        value = Valuation(game, side)
        answers = not rules.hidden_information
        # a hidden-information ruleset's follow-ons are not part of a command's value: the
        # trial leaves them out (WW2: the reaction offered, and who spots whom after a shot)
        trial = Trial(game, follow_ons=answers)
        runs = 0
        out: list[tuple[float, Command]] = []
        for cmd in cmds:
            act = resolving(cmd, answers)

            def fn(dice: Dice, act=act) -> Hashable:
                nonlocal runs
                runs += 1
                return value.outcome(trial.run(act, dice))

            try:
                if self._attack(game, side, cmd):
                    mean = sample_outcomes(fn, ATTACK_SAMPLES, seed).expected(float)
                else:
                    mean = expected(fn, seed)
            except Refusal:
                continue  # legal only by what the side does not know (a hidden figure nearer): not scored
            out.append((mean + PREPARE.get(cmd.kind, 0.0), cmd))
        self.last = (len(cmds), runs)
        return out


def expected(fn: Callable[[Dice], Hashable], seed: int) -> float:
    """The mean of ``fn`` over its dice: one probe path first (Knuth's estimate of the
    tree); no dice, that one result; a tree of at most :data:`EXACT_PATHS` paths, every
    path walked; else :data:`SAMPLES` seeded resolutions (the same seed for every command
    of a choice: they are compared under the same dice)."""
    probe = ProbeSource(Pcg32(seed))
    first = fn(Dice(probe))
    if not probe.trail:
        return float(first)  # type: ignore[arg-type]
    paths = 1
    for _, options in probe.trail:
        paths *= len(options)
    if paths <= EXACT_PATHS:
        dist = enumerate_outcomes(fn, EXACT_PATHS, SAMPLES, seed)
    else:
        dist = sample_outcomes(fn, SAMPLES, seed)
    return dist.expected(float)
