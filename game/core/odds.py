"""Exact odds by walking every branch of the dice.

A resolution written as ``fn(dice) -> outcome`` (pure: it reads the situation and the
dice, and returns a hashable outcome) can be run under a :class:`PathSource`, which
takes branch 0 at every chance node it has not been told about and records each node.
After each run the recorded trail is advanced like an odometer, so every path through
the chance tree is visited exactly once, each with its exact probability. Where the tree
is larger than ``limit`` paths the walk stops and seeded sampling takes over, and the
report says which method was used.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any

from .dice import Dice
from .rng import PathSource, Pcg32, ProbeSource, SeededSource

DEFAULT_LIMIT = 60_000
DEFAULT_SAMPLES = 20_000


class _TooMany(Exception):
    pass


#: an outcome: whatever hashable value a resolution returns (a count, a word, a tuple of
#: both); each ruleset reads its own
Outcome = Any


@dataclass
class Distribution:
    """Probability of each outcome. ``exact`` tells whether it was enumerated."""

    probs: dict[Outcome, float]
    exact: bool
    method: str
    fractions: dict[Outcome, Fraction] = field(default_factory=dict)
    #: the seeded trials a sampled distribution counts (0 when enumerated)
    samples: int = 0

    def p(self, outcome: Outcome) -> float:
        return self.probs.get(outcome, 0.0)

    def marginal(self, key: Callable[[Outcome], Hashable]) -> Distribution:
        probs: dict[Outcome, float] = defaultdict(float)
        fracs: dict[Outcome, Fraction] = defaultdict(Fraction)
        for o, p in self.probs.items():
            probs[key(o)] += p
        for o, f in self.fractions.items():
            fracs[key(o)] += f
        return Distribution(dict(probs), self.exact, self.method, dict(fracs), self.samples)

    def expected(self, value: Callable[[Outcome], float]) -> float:
        return sum(p * value(o) for o, p in self.probs.items())


#: random paths walked to estimate the size of a chance tree before enumerating it
PROBES = 24


def enumerate_outcomes(
    fn: Callable[[Dice], Hashable],
    limit: int = DEFAULT_LIMIT,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 1,
    probes: int = 0,
) -> Distribution:
    """Every path of ``fn``'s dice, or ``samples`` seeded runs where there are more than
    ``limit``. With ``probes``, the size of the tree is first estimated from that many
    random paths, and a tree estimated at over ``limit`` paths is sampled at once (for a
    costly ``fn``: a command resolved on a scratch game)."""
    if probes:
        estimate = estimate_paths(fn, probes, seed)
        if estimate > limit:
            return sample_outcomes(fn, samples, seed, reason=f"about {estimate:,.0f} dice paths, over {limit:,}")
    try:
        return _enumerate(fn, limit)
    except _TooMany:
        return sample_outcomes(fn, samples, seed, reason=f"more than {limit:,} dice paths")


def estimate_paths(fn: Callable[[Dice], Hashable], probes: int, seed: int) -> float:
    """Knuth's estimate of the number of paths through ``fn``'s chance tree: the mean,
    over random paths taking each branch with equal chance, of the product of the
    branch counts met."""
    rng = Pcg32(seed)
    total = 0.0
    for _ in range(probes):
        source = ProbeSource(rng)
        fn(Dice(source))
        total += _branches(source.trail)
    return total / probes


def _enumerate(fn: Callable[[Dice], Hashable], limit: int) -> Distribution:
    totals: dict[Hashable, Fraction] = defaultdict(Fraction)
    prefix: list[int] = []
    paths = 0
    while True:
        source = PathSource(prefix)
        outcome = fn(Dice(source))
        totals[outcome] += source.probability
        paths += 1
        trail = source.trail
        if paths > limit or (paths == 1 and _branches(trail) > limit):
            raise _TooMany  # (the first path alone shows a tree too large: do not walk it)
        # advance the odometer over the trail of this run
        nxt = [c for c, _ in trail]
        while nxt and nxt[-1] + 1 >= len(trail[len(nxt) - 1][1]):
            nxt.pop()
        if not nxt:
            break
        nxt[-1] += 1
        prefix = nxt
    total = sum(totals.values())
    if total != 1:
        raise AssertionError(f"enumerated probabilities sum to {total}, not 1")
    return Distribution(
        {o: float(f) for o, f in totals.items()},
        True,
        f"exact: every dice outcome enumerated ({paths:,} paths)",
        dict(totals),
    )


def _branches(trail: list[tuple[int, Any]]) -> int:
    n = 1
    for _, options in trail:
        n *= len(options)
    return n


def sample_outcomes(
    fn: Callable[[Dice], Hashable], samples: int, seed: int, reason: str = ""
) -> Distribution:
    source = SeededSource(seed)
    dice = Dice(source)
    counts: Counter = Counter()
    for _ in range(samples):
        counts[fn(dice)] += 1
    why = f" ({reason})" if reason else ""
    return Distribution(
        {o: c / samples for o, c in counts.items()},
        False,
        f"sampled: {samples:,} seeded trials, seed {seed}{why}",
        samples=samples,
    )


# ---- exact distributions, combined by hand from independent dice ----------------------
#: an exact distribution: outcome -> probability
FDist = dict[Outcome, Fraction]


def binom(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def convolve(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = defaultdict(Fraction)
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] += p * q
    return dict(out)


def as_dist(fr: Mapping[Outcome, Fraction], method: str) -> Distribution:
    fr = {k: v for k, v in fr.items() if v}
    total = sum(fr.values())
    if total != 1:
        raise AssertionError(f"probabilities sum to {total}, not 1")
    return Distribution({k: float(v) for k, v in fr.items()}, True, method, dict(fr))


def fractions_of(d: Distribution) -> FDist:
    if not d.exact:
        raise AssertionError("expected an exact distribution")
    return dict(d.fractions)
