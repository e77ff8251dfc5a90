"""Random sources behind the dice service.

Every rules roll asks a *source* for one chance node at a time. Three sources exist:

- :class:`SeededSource` - the game's own PCG32 generator; its whole state is one integer,
  saved with the game so a loaded game rolls exactly what the original would have.
- :class:`ForcedSource` - tests script the faces they want.
- :class:`PathSource` - the odds enumerator walks every branch of every chance node
  (see :mod:`game.core.odds`).

A chance node is either a single die (``pick``: uniform over its faces) or a pool of dice
whose order does not matter (``pool``: one branch per multiset of faces, weighted by its
multinomial count), which keeps exact enumeration of 8 dice at 1287 branches, not 6**8.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import factorial
from typing import TypeVar

_T = TypeVar("_T")

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
_INC = 1442695040888963407


class Pcg32:
    """PCG-XSH-RR 32-bit generator: small, fast enough, identical on every platform."""

    def __init__(self, seed: int = 0, state: int | None = None) -> None:
        if state is not None:
            self.state = state & _MASK64
            return
        self.state = 0
        self._step()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self._step()

    def _step(self) -> None:
        self.state = (self.state * _MULT + _INC) & _MASK64

    def next_u32(self) -> int:
        old = self.state
        self._step()
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        threshold = (0x100000000 - n) % n
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % n


class Source:
    """Interface of a random source. ``faces`` are the values a die can show; ``cuts``
    (see :func:`face_classes`) are the values from which the rules read a face
    differently: a source that walks the chance tree may treat faces between two cuts
    as one branch. Sources that roll ignore them."""

    def pick(self, faces: Sequence[int], cuts: Sequence[int] = ()) -> int:
        raise NotImplementedError

    def pool(self, count: int, faces: Sequence[int], cuts: Sequence[int] = (), sums: Sequence[int] = ()) -> list[int]:
        return [self.pick(faces) for _ in range(count)]

    def index(self, n: int) -> int:
        """Uniform index in [0, n): shuffles, random choices."""
        return self.pick(range(n))

    def sample(self, n: int, k: int) -> list[int]:
        """``k`` different indices of [0, n), drawn one by one, given in increasing order
        (which of them came first carries no meaning)."""
        pool = list(range(n))
        return sorted(pool.pop(self.index(len(pool))) for _ in range(k))


class SeededSource(Source):
    def __init__(self, seed: int = 0, state: int | None = None) -> None:
        self.rng = Pcg32(seed, state)

    @property
    def state(self) -> int:
        return self.rng.state

    def pick(self, faces: Sequence[int], cuts: Sequence[int] = ()) -> int:
        return faces[self.rng.below(len(faces))]


class FirstSource(Source):
    """Every die shows its lowest face, every choice is the first: one branch only (see
    :meth:`game.core.dice.Dice.aside`)."""

    def pick(self, faces: Sequence[int], cuts: Sequence[int] = ()) -> int:
        return min(faces)

    def index(self, n: int) -> int:
        return 0


class ForcedDiceExhausted(AssertionError):
    pass


class ForcedSource(Source):
    """Yields scripted results, in order: a die gets the face value given; an index
    (shuffle, random choice) gets the integer given. Raises when a scripted value
    cannot be shown by the die asked for, or when the script runs out."""

    def __init__(self, values: Sequence[int]) -> None:
        self.values = list(values)
        self.used = 0

    def _next(self) -> int:
        if self.used >= len(self.values):
            raise ForcedDiceExhausted(f"forced dice ran out after {self.used} values")
        v = self.values[self.used]
        self.used += 1
        return v

    def pick(self, faces: Sequence[int], cuts: Sequence[int] = ()) -> int:
        v = self._next()
        if v not in faces:
            raise AssertionError(f"forced value {v} is not a face of {list(faces)}")
        return v

    def index(self, n: int) -> int:
        v = self._next()
        if not 0 <= v < n:
            raise AssertionError(f"forced index {v} out of range 0..{n - 1}")
        return v

    @property
    def remaining(self) -> int:
        return len(self.values) - self.used


@lru_cache(maxsize=256)
def face_classes(faces: tuple[int, ...], cuts: tuple[int, ...]) -> tuple[int, ...]:
    """The faces of a die as the rules read them: where a roll promises that every face
    is only ever compared with the ``cuts`` (``face >= cut``), faces with the same answer
    to every comparison are one class, and each face stands for the lowest face of its
    class (which answers every comparison as it does). Without cuts every face is its own.
    A die of 1-6 read only against 4+ is ``(1, 1, 1, 4, 4, 4)``: two branches, not six."""
    if not cuts:
        return faces

    def cls(f: int) -> int:
        return sum(1 for c in cuts if f >= c)

    lowest: dict[int, int] = {}
    for f in faces:
        k = cls(f)
        lowest[k] = min(lowest.get(k, f), f)
    return tuple(lowest[cls(f)] for f in faces)


def pool_outcomes(count: int, faces: Sequence[int]) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every multiset of ``count`` dice with the given faces, with its exact probability."""
    return _pool_outcomes(count, tuple(faces))


@lru_cache(maxsize=256)
def _face_options(faces: tuple[int, ...]) -> list[tuple[int, Fraction]]:
    """The distinct faces of one die, each with its exact probability."""
    n = len(faces)
    return [(f, Fraction(faces.count(f), n)) for f in sorted(set(faces))]


@lru_cache(maxsize=256)
def _pool_outcomes(count: int, faces: tuple[int, ...]) -> list[tuple[tuple[int, ...], Fraction]]:
    distinct = sorted(set(faces))
    weight = {f: Fraction(list(faces).count(f), len(faces)) for f in distinct}
    out = []
    for combo in combinations_with_replacement(distinct, count):
        perms = factorial(count)
        prob = Fraction(1)
        for f in distinct:
            k = combo.count(f)
            perms //= factorial(k)
            prob *= weight[f] ** k
        out.append((combo, prob * perms))
    return out


@lru_cache(maxsize=256)
def _sum_outcomes(count: int, faces: tuple[int, ...], sums: tuple[int, ...]) -> list[tuple[tuple[int, ...], Fraction]]:
    """The pools of ``count`` dice as a caller reads them that only ever compares their
    total with the ``sums`` (``total >= cut``): one branch per class of totals, shown by
    the pool with the lowest total of its class (which answers every comparison as the
    class does), with the class's whole probability. 2d6 read against 8 is two branches."""
    def cls(total: int) -> int:
        return sum(1 for c in sums if total >= c)

    lowest: dict[int, tuple[int, ...]] = {}
    prob: dict[int, Fraction] = {}
    for combo, p in _pool_outcomes(count, faces):
        k = cls(sum(combo))
        prob[k] = prob.get(k, Fraction(0)) + p
        if k not in lowest or sum(combo) < sum(lowest[k]):
            lowest[k] = combo
    return [(lowest[k], prob[k]) for k in sorted(prob)]


@lru_cache(maxsize=256)
def _samples(n: int, k: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every set of ``k`` of ``n`` indices, each as likely: one branch per set, not per order."""
    sets = list(combinations(range(n), k))
    return [(s, Fraction(1, len(sets))) for s in sets]


class PathSource(Source):
    """Follows a prefix of branch choices and takes branch 0 past it, recording every
    chance node met as (choice, branches) so the enumerator can walk the tree."""

    def __init__(self, prefix: list[int]) -> None:
        self.prefix = prefix
        self.trail: list[tuple[int, Sequence[tuple[object, Fraction]]]] = []

    def _branch(self, options: Sequence[tuple[_T, Fraction]]) -> _T:
        depth = len(self.trail)
        choice = self.prefix[depth] if depth < len(self.prefix) else 0
        self.trail.append((choice, options))
        return options[choice][0]

    def pick(self, faces: Sequence[int], cuts: Sequence[int] = ()) -> int:
        return self._branch(_face_options(face_classes(tuple(faces), tuple(cuts))))

    def pool(self, count: int, faces: Sequence[int], cuts: Sequence[int] = (), sums: Sequence[int] = ()) -> list[int]:
        if count == 0:
            return []
        if sums:
            return list(self._branch(_sum_outcomes(count, tuple(faces), tuple(sums))))
        return list(self._branch(pool_outcomes(count, face_classes(tuple(faces), tuple(cuts)))))

    def index(self, n: int) -> int:
        return self._branch(_face_options(tuple(range(n))))

    def sample(self, n: int, k: int) -> list[int]:
        return list(self._branch(_samples(n, k)))

    @property
    def probability(self) -> Fraction:
        p = Fraction(1)
        for choice, options in self.trail:
            p *= options[choice][1]
        return p


class ProbeSource(PathSource):
    """Takes a branch chosen uniformly (not by its probability) at every chance node: the
    product of the branch counts along such a path is an unbiased estimate of the number
    of paths in the tree (Knuth's estimator), which tells the enumerator, before it
    starts, whether the walk would be too long."""

    def __init__(self, rng: Pcg32) -> None:
        super().__init__([])
        self.rng = rng

    def _branch(self, options: Sequence[tuple[_T, Fraction]]) -> _T:
        choice = self.rng.below(len(options))
        self.trail.append((choice, options))
        return options[choice][0]
