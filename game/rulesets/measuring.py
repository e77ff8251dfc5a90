"""How a ruleset measures on the table, in one place: between two points
(:meth:`MeasureMixin.dist`, centre to centre) and between figures as its rules read
distances (:meth:`MeasureMixin.apart`, :meth:`MeasureMixin.spread`). Mixed into
:class:`game.rulesets.base.RulesetBase`, so the rules, their odds (which resolve the
rules' own procedures) and the solo AI's planner all ask the same method.

``measure_from`` says how the rules measure between figures:

- ``"centre"``: centre to centre (every ruleset's reading until it says otherwise);
- ``"edge"``: base edge to base edge (the hobby's usual reading where a text is silent:
  two figures in base contact are 0" apart; a 2" assault between 1" bases is a 2" gap).

A ruleset adopts edge measuring by setting ``measure_from = "edge"`` on its class and
asking :meth:`apart` (a figure to a figure or a point) wherever its rules measure a
range, a reach or a spread; the geometry is :func:`game.geometry.measure.edge_distance`.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import atan2, degrees, hypot
from typing import ClassVar, Literal

from game.core.state import Figure
from game.geometry.measure import edge_distance

Point = tuple[float, float]


class MeasureMixin:
    #: how the rules measure between figures: centre to centre, or base edge to base edge
    measure_from: ClassVar[Literal["centre", "edge"]] = "centre"

    @staticmethod
    def dist(a: Point, b: Point) -> float:
        """Between two points, centre to centre (mm)."""
        return hypot(a[0] - b[0], a[1] - b[1])

    @staticmethod
    def heading(a: Point, b: Point) -> float:
        """The heading from a to b in degrees (0 = +x, 90 = +y)."""
        return degrees(atan2(b[1] - a[1], b[0] - a[0])) % 360

    def apart(self, a: Figure | Point, b: Figure | Point, at: Point | None = None,
              b_at: Point | None = None) -> float:
        """The distance (mm) between a figure and a figure (or a point: a base of no
        size) as this ruleset's rules measure it (``measure_from``); ``at``: where ``a``
        would stand instead of where it stands (a move being weighed), ``b_at`` the same
        for ``b``."""
        pa = at if at is not None else (a.pos if isinstance(a, Figure) else a)
        pb = b_at if b_at is not None else (b.pos if isinstance(b, Figure) else b)
        if self.measure_from == "centre":
            return self.dist(pa, pb)
        ra = a.radius if isinstance(a, Figure) else 0.0
        rb = b.radius if isinstance(b, Figure) else 0.0
        return edge_distance(pa, ra, pb, rb)

    def range_origin(self, f: Figure) -> float:
        """How far from ``f``'s centre its ranges are measured from (mm): its base's edge
        where the rules measure base edge to base edge, else its centre (0). A target is in
        a range ``r`` of ``f`` when its base reaches the circle of ``r`` plus this about
        ``f``'s centre (the range rings are drawn so)."""
        return f.radius if self.measure_from == "edge" else 0.0

    def loners(self, figures: Iterable[Figure], d: float,
               where: dict[str, Point] | None = None) -> list[str]:
        """Ids of the figures with no other of them within ``d`` (mm), measured as
        :meth:`apart` does, each standing at ``where[id]`` if given (a cohesion test;
        none for fewer than two figures)."""
        figs = list(figures)
        at = where or {}
        if len(figs) < 2:
            return []
        return [a.id for a in figs
                if not any(b is not a and self.apart(a, b, at.get(a.id), at.get(b.id)) <= d + 1e-6 for b in figs)]

    def spread(self, figures: Iterable[Figure]) -> float:
        """The greatest distance (mm) between any two of the figures, measured as
        :meth:`apart` does (0 for fewer than two)."""
        figs = list(figures)
        return max((self.apart(a, b) for i, a in enumerate(figs) for b in figs[i + 1:]), default=0.0)
