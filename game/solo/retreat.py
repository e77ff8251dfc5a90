"""Where the solo chart's backward results send a unit, for every ruleset's planner
(ww2-skirmish-solo.txt, "Solo rules", the action chart's results):

- Retreat: "Unit must move away from the nearest known enemy position, or towards the
  nearest cover further from all enemy units. If in cover already, unit may stay in
  position if it has at least 50% of its original unit strength, otherwise, it will
  retreat towards the nearest friendly unit not forward of its current position."
  (:func:`retreat_goal`, interpretation ``retreat``);
- Up to RF0: "Units falling back away from the enemy will halt in the nearest cover
  facing the last known enemy position (5,6 D6)" (:func:`halt_cover_goal`,
  interpretation ``fall-back-halt``);
- Rout: "Unit will run at move (+5cms) away from the nearest enemy unit(s) ... If
  surrounded, they surrender." (:func:`flee_vector`, :func:`surrounded`, interpretation
  ``chart-rout``);
- Advance "in dispersed order" (:func:`line_slots`, interpretation ``dispersed``).

Everything here works from points the caller gives: the enemies its side knows of
(``rules.known_enemies``), its own units, the table's cover places
(:func:`game.solo.fallback.cover_spots`). Pure geometry, no dice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import atan2, cos, hypot, pi, sin

Point = tuple[float, float]


def dist(a: Point, b: Point) -> float:
    return hypot(a[0] - b[0], a[1] - b[1])


def nearest(p: Point, pts: Sequence[Point]) -> Point | None:
    return min(pts, key=lambda q: (round(dist(p, q), 6), q)) if pts else None


def away_point(centre: Point, enemy: Point, reach: float) -> Point:
    """``reach`` straight away from ``enemy``."""
    d = dist(centre, enemy) or 1.0
    return (centre[0] + (centre[0] - enemy[0]) / d * reach, centre[1] + (centre[1] - enemy[1]) / d * reach)


@dataclass(frozen=True)
class RetreatGoal:
    """Where a retreating unit goes: ``kind`` is "stay" (in cover, strong enough: no
    move), "cover" (the nearest cover further from every known enemy), "friend" (in
    cover but under half strength: the nearest friendly unit not forward of it), "away"
    (straight away from the nearest known enemy) or "home" (no enemy known: toward its
    own table edge)."""

    kind: str
    point: Point | None


def retreat_goal(centre: Point, enemies: Sequence[Point], friends: Sequence[Point], spots: Sequence[Point],
                 in_cover: bool, strong: bool, reach: float, away: float, home: Point) -> RetreatGoal:
    """The Retreat result for a unit at ``centre``.

    ``enemies``: the known enemy figures' positions; ``friends``: the centres of the
    side's other units in action; ``spots``: the table's cover places; ``in_cover``:
    most of the unit in cover now (the ruleset's own test); ``strong``: at least half its
    original strength in action; ``reach``: how far to look for cover; ``away``: how far
    the "away" point lies; ``home``: the point of its own edge behind it."""
    foe = nearest(centre, enemies)
    if foe is None:
        return RetreatGoal("home", home)
    if in_cover:
        if strong:
            return RetreatGoal("stay", None)
        # "not forward of its current position": no nearer that enemy than the unit is now
        back = [p for p in friends if dist(p, foe) >= dist(centre, foe) - 1e-6]
        friend = nearest(centre, back)
        if friend is not None:
            return RetreatGoal("friend", friend)
        return RetreatGoal("away", away_point(centre, foe, away))
    further = [p for p in spots if dist(p, centre) <= reach + 1e-6
               and all(dist(p, e) > dist(centre, e) + 1e-6 for e in enemies)]
    spot = nearest(centre, further)
    if spot is not None:
        return RetreatGoal("cover", spot)
    return RetreatGoal("away", away_point(centre, foe, away))


def halt_cover_goal(centre: Point, last_enemy: Point | None, spots: Sequence[Point], reach: float,
                    covered_from: Callable[[Point, Point], bool]) -> Point | None:
    """The nearest cover place within ``reach`` for a unit falling back to halt in,
    facing the last known enemy position: no nearer that position than the unit is now,
    and with cover between it and that position (``covered_from(spot, enemy)``). None:
    no such place (the unit halts where it is). With no known position, the nearest
    cover place within reach."""
    near = sorted((p for p in spots if dist(p, centre) <= reach + 1e-6), key=lambda p: (round(dist(p, centre), 6), p))
    if last_enemy is None:
        return near[0] if near else None
    for p in near:
        if dist(p, last_enemy) >= dist(centre, last_enemy) - 1e-6 and covered_from(p, last_enemy):
            return p
    return None


def flee_vector(centre: Point, enemies: Sequence[Point], reach: float, home: Point) -> Point:
    """The move of a routing unit: ``reach`` straight away from the nearest known enemy
    (toward its own edge when it knows of none)."""
    foe = nearest(centre, enemies)
    if foe is None or dist(centre, foe) < 1e-6:
        d = dist(centre, home) or 1.0
        return ((home[0] - centre[0]) / d * reach, (home[1] - centre[1]) / d * reach)
    p = away_point(centre, foe, reach)
    return (p[0] - centre[0], p[1] - centre[1])


def surrounded(centre: Point, enemies: Sequence[Point], near: float) -> bool:
    """"If surrounded, they surrender": the known enemies within ``near`` of the unit
    stand all round it, so that no direction of flight leads away from every one of them
    (each direction heads at first toward one of them): the largest angle between their
    bearings from the unit is under 180 degrees. Enemies on both flanks only leave the
    way straight back open; with fewer than three it is never surrounded."""
    bearings = sorted(atan2(e[1] - centre[1], e[0] - centre[0]) for e in enemies
                      if 1e-6 < dist(centre, e) <= near + 1e-6)
    if len(bearings) < 3:
        return False
    gaps = [b - a for a, b in zip(bearings, bearings[1:], strict=False)] + [bearings[0] + 2 * pi - bearings[-1]]
    return max(gaps) < pi - 1e-6


def line_slots(dest: Point, towards: Point, n: int, spacing: float) -> list[Point]:
    """``n`` places in a line abreast centred on ``dest``, across the heading from
    ``dest`` to ``towards``, ``spacing`` apart (centre to centre)."""
    h = atan2(towards[1] - dest[1], towards[0] - dest[0])
    ax, ay = cos(h + pi / 2), sin(h + pi / 2)
    return [(dest[0] + ax * (k - (n - 1) / 2) * spacing, dest[1] + ay * (k - (n - 1) / 2) * spacing) for k in range(n)]


def assign_slots(figs: Sequence[tuple[str, Point]], slots: Sequence[Point], towards: Point) -> dict[str, Point]:
    """Each figure (id, position) to a slot of :func:`line_slots`, keeping their order
    across the direction of the advance (so no two paths cross)."""
    if not figs:
        return {}
    cx = sum(p[0] for _, p in figs) / len(figs)
    cy = sum(p[1] for _, p in figs) / len(figs)
    h = atan2(towards[1] - cy, towards[0] - cx)
    ax, ay = cos(h + pi / 2), sin(h + pi / 2)
    order = sorted(figs, key=lambda fp: (fp[1][0] * ax + fp[1][1] * ay, fp[0]))
    ranked = sorted(slots, key=lambda s: s[0] * ax + s[1] * ay)
    return {fid: s for (fid, _), s in zip(order, ranked, strict=False)}


def dispersed(points: Sequence[Point], gap: float) -> bool:
    """Every two points at least ``gap`` apart (centre to centre)."""
    return all(dist(a, b) >= gap - 1e-6 for i, a in enumerate(points) for b in points[i + 1:])
