"""Where the solo AI's men throw grenades in My 1/35th Scale WWII Skirmish (the planner's
shots, ai.py): at a man in cover within 15" (L133), his own place or, where that may not be
thrown at (out of sight beyond a bank higher than a man, just behind an obstacle), a place on
the way back towards the thrower inside the burst; never one whose burst could catch the
thrower or a friend."""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING

from game.core.commands import Command, Refusal
from game.core.game import Game
from game.core.state import Figure

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

#: where a grenade at a man in cover may land, inches back towards the thrower (inside the
#: 5" burst circle's radius, L133)
GRENADE_STEPS = (0.0, 1.0, 2.0)


def grenade_point(rules: Ww2135, game: Game, f: Figure, tried: list[tuple[float, float]]) -> tuple[float, float] | None:
    """Where ``f`` throws a grenade at an enemy in cover: the first of the places
    :func:`grenade_points` gives (his, then on the way back towards ``f``) that it may
    throw at - his own place may be out of sight beyond a bank higher than a man
    (interpretation point-sight) or just behind an obstacle (L145), and a man behind a
    bank is caught by a grenade landing on the near side of it (L133); None if none."""
    for p in tried:
        try:
            rules.grenades.plan(game, Command("throw", f.side, figure=f.id, point=p))
        except Refusal:
            continue  # out of sight, through a wall, just behind an obstacle (L145)...
        return p
    return None


def grenade_points(rules: Ww2135, game: Game, f: Figure, e: Figure) -> list[tuple[float, float]]:
    """The places :func:`grenade_point` tries at ``e``, in order: ``e``'s, then :data:`GRENADE_STEPS`
    back towards ``f``; none whose burst could catch ``f`` or a friend of it (within the
    burst's radius and the deviation the throw's distance may give, L133, L158-162), and
    none outside the walls ``e`` stands within (a burst does not reach through them,
    interpretation blast-walls)."""
    g = rules.data.grenades
    room = rules.blasts.building_at(game, e.pos)
    friends = [(o.x, o.y) for o in game.state.side_figures(f.side) if not rules.is_vehicle(o)]
    d = rules.dist(e.pos, f.pos)
    out = []
    for inches in GRENADE_STEPS:
        if rules.mm(inches) >= d:
            break
        k = rules.mm(inches) / d
        p = (round(e.x + (f.x - e.x) * k, 3), round(e.y + (f.y - e.y) * k, 3)) if inches else e.pos
        if rules.blasts.building_at(game, p) != room:
            continue
        far = rules.in_units(rules.dist(f.pos, p))
        off = next((r.by for r in g.deviation if far <= r.upto + 1e-9), g.deviation[-1].by)
        clear = rules.mm(g.burst / 2 + off)
        if all(hypot(x - p[0], y - p[1]) > clear for x, y in friends):
            out.append(p)
    return out
