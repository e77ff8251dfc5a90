"""What a path costs from a move allowance, and how far an allowance reaches along it.

A path's cost is its length, plus *charges* paid at points along it (climbing a trench
wall, standing up at the start), plus the extra of *slow stretches* where each unit of
length costs more than one (difficult ground at twice the rate). A ruleset builds one
:class:`CostedPath` per planned path and asks it what the whole costs and where an
allowance runs out. Pure arithmetic on distances along the path (mm); the geometry that
finds the stretches and the points is the ruleset's (``slow_stretches`` is the shapely
part any ruleset may use).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry

XY = tuple[float, float]
EPS = 1e-6
#: mm of slack on an allowance (a path measured to the allowance is never refused by rounding)
SLACK = 0.01


@dataclass(frozen=True)
class Charge:
    at: float  # mm along the path where it is paid
    cost: float  # mm of allowance
    words: str  # what it pays for, for the log and refusals ("climb out of the trench")


@dataclass(frozen=True)
class Stretch:
    start: float  # mm along the path
    end: float
    rate: float  # allowance spent per mm moved here (above 1)
    words: str  # "difficult ground (Shell crater)"


@dataclass
class CostedPath:
    length: float
    charges: list[Charge] = field(default_factory=list)
    stretches: list[Stretch] = field(default_factory=list)  # not overlapping

    def __post_init__(self) -> None:
        self.charges = sorted(self.charges, key=lambda c: c.at)
        self.stretches = sorted(self.stretches, key=lambda s: s.start)

    def _rate_breaks(self) -> list[tuple[float, float]]:
        """(from, rate) pieces covering 0..length."""
        out: list[tuple[float, float]] = []
        pos = 0.0
        for s in self.stretches:
            if s.start > pos + EPS:
                out.append((pos, 1.0))
            out.append((max(pos, s.start), s.rate))
            pos = max(pos, s.end)
        if pos < self.length - EPS or not out:
            out.append((pos, 1.0))
        return out

    def move_cost(self, d: float) -> float:
        """The allowance spent moving ``d`` mm along the path, charges left out."""
        d = min(max(d, 0.0), self.length)
        breaks = self._rate_breaks() + [(self.length, 1.0)]
        spent = 0.0
        for (a, rate), (b, _) in zip(breaks, breaks[1:], strict=False):
            if a >= d:
                break
            spent += (min(b, d) - a) * rate
        return spent

    def cost_to(self, d: float) -> float:
        """The allowance spent reaching ``d`` mm along the path (charges at ``d`` included)."""
        return self.move_cost(d) + sum(c.cost for c in self.charges if c.at <= d + EPS)

    @property
    def total(self) -> float:
        return self.cost_to(self.length)

    def paid(self, d: float) -> list[Charge]:
        return [c for c in self.charges if c.at <= d + EPS]

    def slowed(self, d: float) -> list[Stretch]:
        return [s for s in self.stretches if s.start < d - EPS]

    def reach(self, budget: float) -> tuple[float, str | None]:
        """How far along the path ``budget`` goes, and why it stops short (None: it does
        not). A charge that cannot be paid stops the mover just before it."""
        if self.total <= budget + SLACK:
            return self.length, None
        for i, c in enumerate(self.charges):  # the first charge that cannot be paid
            before = self.move_cost(c.at) + sum(x.cost for x in self.charges[:i])
            if before + c.cost > budget + SLACK:
                if before <= budget + SLACK:
                    return max(0.0, c.at - 0.05), f"not enough move left to {c.words}"
                break
        lo, hi = 0.0, self.length  # the cost grows with the distance: bisect to 0.01 mm
        while hi - lo > 0.01:
            mid = (lo + hi) / 2
            if self.cost_to(mid) <= budget + SLACK:
                lo = mid
            else:
                hi = mid
        return lo, "end of its move"

    def explain(self) -> str:
        """The extras in words: '5 cm to stand up, 5 cm to climb out of the trench, 3 cm
        more for difficult ground' (lengths in mm; the caller formats)."""
        return ", ".join([c.words for c in self.charges] + [s.words for s in self.stretches])


def slow_stretches(path: Sequence[XY], areas: Iterable[tuple[BaseGeometry, float, str]]) -> list[Stretch]:
    """The stretches of ``path`` inside each area (geometry, rate, words), merged where
    they overlap (the highest rate wins), in mm along the path. Measured segment by
    segment, so a path that doubles back is charged each time it passes."""
    pieces: list[tuple[float, float, float, str]] = []
    areas = [(a, r, w) for a, r, w in areas if r > 1.0]
    if not areas:
        return []
    shapes = np.empty(len(areas), dtype=object)
    shapes[:] = [a for a, _, _ in areas]
    walked = 0.0
    for p, q in zip(path, path[1:], strict=False):
        seg = LineString([p, q])
        if seg.length <= EPS:
            continue
        for k in np.flatnonzero(shapely.intersects(seg, shapes)):  # (one vectorised test of the segment against every area)
            area, rate, words = areas[k]
            inter = seg.intersection(area)
            for g in getattr(inter, "geoms", [inter]):
                if g.is_empty or g.geom_type != "LineString" or g.length <= EPS:
                    continue
                ends = sorted(seg.project(Point(c)) for c in (g.coords[0], g.coords[-1]))
                pieces.append((walked + ends[0], walked + ends[1], rate, words))
        walked += seg.length
    if not pieces:
        return []
    cuts = sorted({p for a, b, _, _ in pieces for p in (a, b)})
    out: list[Stretch] = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        mid = (a + b) / 2
        over = [(rate, words) for s, e, rate, words in pieces if s <= mid <= e]
        if not over:
            continue
        rate, words = max(over)
        if out and abs(out[-1].end - a) <= EPS and out[-1].rate == rate and out[-1].words == words:
            out[-1] = Stretch(out[-1].start, b, rate, words)
        else:
            out.append(Stretch(a, b, rate, words))
    return out
