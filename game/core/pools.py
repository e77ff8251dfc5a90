"""Points that can be spent: a figure's Luck and Valour, a section's single point "which
may be used ONCE by any member" (GOODBYEEEEEE!!!), action points held into the enemy's
turn (the 1/35 rules). Owned by a figure, a unit or a side; kept in the game state (so
saves, undo and replays keep them) under ``StateKey.POOLS``, which is written only when a
ruleset grants some: every other game's state reads as before.

Owners are written ``figure:<id>``, ``unit:<id>`` or ``side:<id>``; a pool is the
ruleset's word (``luck``, ``valour``). Spending more than is left is refused, with the
reason, as a command would be.
"""

from __future__ import annotations

from game.core.commands import require
from game.core.keys import StateKey
from game.core.state import GameState

OWNER_KINDS = ("figure", "unit", "side")


def owner(kind: str, ident: str) -> str:
    if kind not in OWNER_KINDS:
        raise ValueError(f"a pool's owner is a figure, a unit or a side, not {kind!r}")
    return f"{kind}:{ident}"


def grant(state: GameState, who: str, pool: str, n: int) -> None:
    """Give ``who`` ``n`` more points of ``pool``."""
    if n < 0:
        raise ValueError("grant a positive number of points; spend to take them away")
    if n:
        pools = state.attrs.setdefault(StateKey.POOLS, {})
        mine = pools.setdefault(who, {})
        mine[pool] = mine.get(pool, 0) + n


def left(state: GameState, who: str, pool: str) -> int:
    return state.attrs.get(StateKey.POOLS, {}).get(who, {}).get(pool, 0)


def spend(state: GameState, who: str, pool: str, n: int = 1, name: str = "") -> int:
    """Take ``n`` points of ``pool`` from ``who``; refused when fewer are left. Returns
    what is left."""
    have = left(state, who, pool)
    require(have >= n, f"{name or who} has {have} {pool} point{'s' if have != 1 else ''} left, not {n}.")
    mine = state.attrs[StateKey.POOLS][who]
    mine[pool] = have - n
    return mine[pool]


def holders(state: GameState, pool: str) -> dict[str, int]:
    """Every owner with points of ``pool`` left."""
    return {who: mine[pool] for who, mine in state.attrs.get(StateKey.POOLS, {}).items() if mine.get(pool, 0) > 0}


def reset(state: GameState, who: str, pool: str, n: int) -> None:
    """Set ``who``'s ``pool`` to ``n`` points (a quota given afresh each turn); setting 0
    where nothing was granted writes nothing."""
    if n < 0:
        raise ValueError("a pool holds 0 or more points")
    pools = state.attrs.get(StateKey.POOLS)
    if pools is None and n == 0:
        return
    state.attrs.setdefault(StateKey.POOLS, {}).setdefault(who, {})[pool] = n
