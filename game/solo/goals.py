"""Where the solo rules' orders point a unit (the planners and the random baseline):
an objective its side must take or hold, else the nearest enemy; and whether a side
holds its ground ("they will not move from fortified positions they are defending")."""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING, Any

from game.core import victory
from game.core.game import Game
from game.core.keys import StateKey
from game.core.state import Unit

if TYPE_CHECKING:
    from game.rulesets.base import RulesetBase


def dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return hypot(a[0] - b[0], a[1] - b[1])


def ai_goal(rules: RulesetBase[Any], game: Game, side: str, centre: tuple[float, float], unit: Unit | None = None) -> tuple[float, float] | None:
    """Where an advancing unit heads: an objective its side must take, else the
    nearest enemy figure ("advance toward nearest enemy includes any ordered game
    objective"). A unit standing on an objective its side must hold stays on it."""
    st = game.state
    needed = hold_objectives(game, side)
    if unit is not None:
        for o in needed:
            if any(dist(f.pos, (o["x"], o["y"])) <= o["radius"] for f in st.unit_figures(unit.id)):
                return None
    targets = [(o["x"], o["y"]) for o in needed if victory.objective_holder(st, o) != side]
    if targets:
        return min(targets, key=lambda p: dist(p, centre))
    enemies = rules.enemy_figures(game, side)
    if not enemies:
        return None
    e = min(enemies, key=lambda f: dist(f.pos, centre))
    return e.pos

def hold_objectives(game: Game, side: str) -> list[dict]:
    """The objectives ``side`` must hold to win (from the scenario's hold conditions)."""
    v = game.state.attrs.get(StateKey.VICTORY, {})
    out: list[dict] = []
    for c in v.get("conditions", []):
        if c["side"] == side and c["type"] == "hold":
            out += [v["objectives"][oid] for oid in (c.get("objectives") or list(v.get("objectives", {})))]
    return out

def defends(game: Game, side: str) -> bool:
    """A side that wins if nothing happens holds its ground (solo interpretation)."""
    return game.state.attrs.get(StateKey.VICTORY, {}).get("otherwise") == side
