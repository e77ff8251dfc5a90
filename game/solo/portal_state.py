"""The solo side's state for the portal rules (game/solo/portals.py): its markers and
counters, its pool, its table edge, who the player's figures are, and the lengths the
procedures use. Helpers only: nothing here rolls a die or changes the game."""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING, Any, TypedDict, cast

import numpy as np

from game.core.game import Game
from game.core.state import Figure, GameState, Marker
from game.data.solo_schema import ForceEntry, SoloSection, check_solo_section  # noqa: F401 (re-exported)
from game.geometry.los import los_pairs
from game.geometry.units import to_mm
from game.solo.keys import SoloKey

if TYPE_CHECKING:
    from game.solo.protocol import SoloRules



PORTAL_KINDS = ("portal", "dummy")


COUNTER_KINDS = ("sniper", "artillery", "mine")


# Shapes of the places a marker may stand, in inches (the solo rules' unit).
MARKER_RADIUS = 0.5  # a counter is about an inch across


MARKER_SPACING = 1.0  # two counters do not stand closer than this


CORNER_OFFSETS = (0.75, 1.75)  # two places at each building corner, out along the diagonal


SAMPLE_STEP = 1.25  # places along walls, hedges and wood edges


WOOD_INSET = 1.0  # places inside a wood, this far in from its edge


LINE_GAP = 0.6  # places behind a wall or hedge, this far from its footprint


DEAD_GROUND_STEP = 0.5


RING_GAP = 0.15  # between the bases of a generated unit


EDGE_FACING = {"south": 270.0, "north": 90.0, "west": 0.0, "east": 180.0}


def inch(v: float) -> float:
    return to_mm(v, "in")


class SoloInfo(TypedDict):
    """The solo rules' bookkeeping, ``state.attrs[SoloKey.SOLO]`` (saved with the state)."""

    side: str  # the side the solo rules play
    portals: bool  # it plays from portal markers
    pool: dict[str, int]  # its figures off the table: troop type -> count
    contact: bool  # a unit of it has appeared or a counter attacked
    made: int  # units made from the pool so far (they are numbered by it)
    turn_start: int  # the last turn whose start the portal rules have played
    strength: int  # its whole force, in figures (for "break" victory)
    markers: dict[str, int]  # its portal markers and dummies at set-up, by kind
    eliminated: dict[str, int]  # markers eliminated (nowhere to fall back) and dummies revealed, by kind


def info(state: GameState) -> SoloInfo | None:
    """The solo rules' bookkeeping: {side, portals, pool, contact, made, turn_start, strength}."""
    return state.attrs.get(SoloKey.SOLO)


def require_info(state: GameState) -> SoloInfo:
    """:func:`info` of a game the solo rules play a side of (the portal rules below run
    only in such a game)."""
    inf = info(state)
    if inf is None:
        raise RuntimeError("the game does not play the solo rules for a side")
    return inf


def active(game: Game) -> bool:
    """The game plays a side from portal markers."""
    inf = info(game.state)
    return bool(inf and inf.get("portals"))


def solo_side(game: Game) -> str | None:
    inf = info(game.state)
    return inf["side"] if inf else None


def the_solo_side(game: Game) -> str:
    """The side the solo rules play, in a game where they play one."""
    return require_info(game.state)["side"]


def portal_markers(game: Game, side: str | None = None) -> list[Marker]:
    """The solo side's markers (portals, dummies, counters) as ``side`` may know them
    (None: the umpire's view, kinds shown)."""
    s = solo_side(game)
    st = game.state if side is None else game.view(side)
    return sorted((m for m in st.markers.values() if m.side == s), key=lambda m: m.id)


def solo_pool(game: Game) -> dict[str, int]:
    """Figures of the solo side off the table, ready to appear: troop type -> count."""
    inf = info(game.state)
    return dict(inf["pool"]) if inf else {}


def player_figures(game: Game) -> list[Figure]:
    s = solo_side(game)
    return sorted((f for f in game.state.figures.values() if f.alive and f.side != s), key=lambda f: f.id)


def player_positions(game: Game) -> dict[str, tuple[float, float]]:
    return {f.id: f.pos for f in player_figures(game)}


def solo_markers(game: Game, kinds: tuple[str, ...] | None = None) -> list[Marker]:
    s = solo_side(game)
    return sorted((m for m in game.state.markers.values() if m.side == s and (kinds is None or m.kind in kinds)),
                  key=lambda m: m.id)


def solo_counters(game: Game) -> list[Marker]:
    s = solo_side(game)
    return sorted((m for m in game.state.markers.values() if m.side == s and m.kind not in PORTAL_KINDS),
                  key=lambda m: m.id)


def dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return hypot(a[0] - b[0], a[1] - b[1])


def marker_pos(m: Marker) -> tuple[float, float]:
    return (m.x, m.y)


def visibility(game: Game, observers: list[Figure], targets: list[tuple[float, float]],
               both_ways: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """(visible, cover of the target: 0 none, 1 soft, 2 hard) for every observing figure x
    place, as (O, T) arrays: the ruleset's own sight of a place
    (:meth:`game.solo.orders.SoloMixin.solo_sight`; ``both_ways``: or from the place)."""
    return cast("SoloRules", game.rules).solo_sight(game, observers, targets, both_ways)


def table_visibility(game: Game, observers: list[tuple[float, float]], targets: list[tuple[float, float]]) -> tuple[np.ndarray, np.ndarray]:
    """:func:`visibility` by the table's line of sight between the points (what most
    rulesets' sight is)."""
    no, nt = len(observers), len(targets)
    if not no or not nt:
        return np.zeros((no, nt), dtype=bool), np.zeros((no, nt), dtype=np.int8)
    obs = np.repeat(np.asarray(observers, dtype=float).reshape(-1, 2), nt, axis=0)
    tgt = np.tile(np.asarray(targets, dtype=float).reshape(-1, 2), (no, 1))
    vis, cov, _ = los_pairs(game.table, obs, tgt)
    return vis.reshape(no, nt), cov.reshape(no, nt)


def tell_solo(game: Game, text: str, **kw: Any) -> None:
    game.emit("solo", text, visible_to=[the_solo_side(game)], **kw)


def tell_all(game: Game, text: str, **kw: Any) -> None:
    game.emit("solo", text, **kw)


def edge_depth(game: Game, p: tuple[float, float]) -> float:
    """How far a point is from the solo side's table edge."""
    edge = game.state.sides[the_solo_side(game)].home_edge
    w, h = game.table.width, game.table.height
    return {"north": p[1], "south": h - p[1], "west": p[0], "east": w - p[0]}[edge]


def edge_centre(game: Game) -> tuple[float, float]:
    edge = game.state.sides[the_solo_side(game)].home_edge
    w, h = game.table.width, game.table.height
    return {"north": (w / 2, 0.0), "south": (w / 2, h), "west": (0.0, h / 2), "east": (w, h / 2)}[edge]


def edge_direction(game: Game) -> tuple[float, float]:
    edge = game.state.sides[the_solo_side(game)].home_edge
    return {"north": (0.0, -1.0), "south": (0.0, 1.0), "west": (-1.0, 0.0), "east": (1.0, 0.0)}[edge]
