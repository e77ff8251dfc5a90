"""What the risk factors read from a unit's records and the table, as plain functions
(game/solo/orders.py's ``risk_factors`` and the rulesets' solo views use them): who a loss
is credited to, how many enemy figures fired, whether an enemy stands to the flank or rear (of a unit, or behind an AFV's flank),
whether the unit stood still since its last order."""

from __future__ import annotations

from math import atan2, degrees, hypot
from typing import Any

from game.core.game import Game
from game.core.state import Figure, Unit
from game.solo.keys import SoloKey


def last_firer(game: Game, victim_unit: str) -> str | None:
    """The unit that last fired at (or fought) ``victim_unit`` this turn: who a loss is
    credited to when the casualty is taken after the fire or fight that caused it."""
    st = game.state
    recs = (st.units[victim_unit].attrs.get(SoloKey.FIRED_ON) or []) if victim_unit in st.units else []
    return recs[-1]["by"] if recs and recs[-1]["turn"] == st.turn else None


def firing_numbers(fire: list[dict[str, Any]]) -> int:
    """How many enemy figures fired at a unit in these records ("under fire from twice
    own numbers" counts figures, not shots): each named figure once, plus the count of
    records that name none (counters, off-table fire)."""
    named = {fid for r in fire for fid in r.get("figures") or ()}
    return len(named) + sum(r["firers"] for r in fire if not r.get("figures"))


def flanked(centre: tuple[float, float], seen: list[tuple[float, float]]) -> bool:
    """"Enemy seen to flank or rear of position" (interpretation ``flank``): the unit's
    front faces the nearest enemy it sees; another seen enemy is to its flank or rear
    when it stands behind the line extended along that front through the unit's centre
    (more than 90 degrees off the front), as the AFV chart draws a vehicle's flank."""
    if len(seen) < 2:
        return False
    cx, cy = centre
    near = min(seen, key=lambda p: (hypot(p[0] - cx, p[1] - cy), p))
    fx, fy = near[0] - cx, near[1] - cy
    return any((p[0] - cx) * fx + (p[1] - cy) * fy < -1e-6 for p in seen)


def behind_flank(v: Figure, seen: list[Figure]) -> bool:
    """The AFV chart's "Enemy behind flank (IE- line extended along front of vehicle to
    either side)": an enemy more than 90 degrees off the vehicle's facing."""
    return any(abs((degrees(atan2(e.y - v.y, e.x - v.x)) % 360 - v.facing + 180) % 360 - 180) > 90 for e in seen)


def stood_still(unit: Unit, figs: list[Figure]) -> bool:
    """Whether every figure of the unit stands where it stood when its last order was
    rolled (the start of its side's last turn): "stationary" (interpretation
    ``advancing``). A unit with no order yet has no known last turn: not stationary."""
    at = unit.attrs.get(SoloKey.ORDERED_AT)
    if not at:
        return False
    return all(f.id in at and hypot(f.x - at[f.id][0], f.y - at[f.id][1]) <= 1.0 for f in figs)
