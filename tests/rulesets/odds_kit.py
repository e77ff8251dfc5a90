"""The odds-against-resolution check the rules tests share: give a command for real many
times from one state, and compare what happened with the odds the interface showed for it."""

from __future__ import annotations

import pickle
from collections import Counter
from math import sqrt

from game.core.commands import Command
from game.core.game import Game
from game.rulesets.offers import MAIN, OddsReport
from game.rulesets.resolving import planned_answer

#: resolutions per situation
TRIALS = 1000
#: how many standard deviations apart the shown and observed frequency may be (with
#: hundreds of comparisons, 4.5 sigma keeps a true match from failing by chance: the seeds
#: are fixed, so a pass is a pass every time)
Z = 4.5


def observe(game: Game, rep: OddsReport, seed0: int) -> Counter:
    """What giving the command for real does, TRIALS times, read by the report's reader."""
    res = rep.resolution
    assert res is not None, f"{rep.title}: the odds were not found by resolving the command"
    base = pickle.dumps(game.state)
    counts: Counter = Counter()
    kept: dict = {}
    version = game.version
    table = game.table.copy()  # the copies' own (smoke they lay), put back for each
    for i in range(TRIALS):
        g = Game(game.rules, pickle.loads(base), table, seed0 + i, game.options, game.scenario)
        g._begun = True
        game.rules.sync_table(g)
        # what the copies work out (sight lines) is kept across them, each copy's states
        # numbered after the last one's, so nothing kept for one state is read for another
        g.kept, g.version = kept, version + 1
        if res.cmd is not None:
            cmd: Command | None = res.cmd
            while cmd is not None:  # the command, then its decisions as the computer answers them
                result = g.submit(cmd)
                assert result.ok, f"{rep.title}: {cmd} was refused: {getattr(result, 'reason', '')}"
                cmd = planned_answer(g) if res.answers else None
        else:
            res.act(g)
        counts[res.read(game, g, g.dice)] += 1
        version = g.version
    return counts


def disagreements(rep: OddsReport, observed: Counter) -> list[str]:
    res = rep.resolution
    assert res is not None
    out = []
    for name, key in res.views.items():
        shown = rep.outcomes if name == MAIN else rep.extra[name]
        seen: Counter = Counter()
        for o, n in observed.items():
            seen[key(o)] += n
        for k in set(shown.probs) | set(seen):
            p, f = shown.p(k), seen[k] / TRIALS
            if shown.exact and p == 0 and seen[k]:
                out.append(f"{name} {k!r}: shown impossible, happened {seen[k]} times")
                continue
            if shown.exact:
                sd = sqrt(max(p * (1 - p), 1e-9) / TRIALS)
            else:  # two samples of one frequency: the pooled estimate's spread, both counted
                m = shown.samples
                pp = (p * m + seen[k]) / (m + TRIALS)
                sd = sqrt(max(pp * (1 - pp), 1e-9) * (1 / TRIALS + 1 / m))
            if abs(p - f) > Z * sd + 1 / TRIALS:
                out.append(f"{name} {k!r}: shown {p:.4f}, observed {f:.4f} ({seen[k]}/{TRIALS})")
    return out
