"""Who goes first, and in which order the others follow: rolled each turn or each card.

An engine piece any ruleset may use (WWIFY rolls for each activation card; GOODBYEEEEEE!!!
rolls a d10 each turn and lets the winner choose the direction of play round the table).
Nothing here keeps state: the ruleset keeps the order it rolled where it needs it.

Seats: a map lists its sides in the order they sit round the table, clockwise (for two
sides the direction makes no difference). "To the left" of a player is the next seat
clockwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from game.core.game import Game

Direction = Literal["clockwise", "anticlockwise"]
DIRECTIONS: tuple[Direction, ...] = ("clockwise", "anticlockwise")

ORDINALS = ("goes first", "goes second", "goes third", "goes fourth", "goes fifth", "goes sixth")
TIE = "equal: roll again"
MAX_ROLLS = 100  # ties rolled again at most this often (then the given order stands)


def roll_for_order(game: Game, sides: list[str], die: str, reason: Callable[[str], str],
                   target: str = "highest goes first", ranked: bool = True,
                   rolls: dict[str, list[int]] | None = None) -> list[str]:
    """Every side rolls ``die`` (with the game's dice, each roll logged with ``reason(side)``);
    the highest goes first. Sides tied for the highest roll again, only they, until one is
    highest. Returns the sides, the winner first, then the others by their first roll
    (highest first; equal rolls keep the order of ``sides``).

    Each roll's outcome says what it did: ``goes first``, ``equal: roll again``, and for the
    others ``goes second``, ``goes third``... (``ranked``), or ``does not go first`` when the
    order after the first is settled another way (a direction of play).

    ``rolls``, when given, receives every roll of each side in order (its first roll first:
    a rule may read a natural face of the first roll, as GOODBYEEEEEE!!!'s events do)."""
    contenders = list(sides)
    first_roll: dict[str, int] = {}
    for _ in range(MAX_ROLLS):
        now = {s: game.dice.roll(die, reason(s), target=target) for s in contenders}
        for s, r in now.items():
            first_roll.setdefault(s, r.value)
            if rolls is not None:
                rolls.setdefault(s, []).append(r.value)
        top = max(r.value for r in now.values())
        leaders = [s for s in contenders if now[s].value == top]
        if len(leaders) > 1:
            for s, r in now.items():
                r.outcome = TIE if s in leaders else "does not go first"
            contenders = leaders
            continue
        winner = leaders[0]
        rest = sorted((s for s in sides if s != winner), key=lambda s: -first_roll[s])
        order = [winner] + rest
        for s, r in now.items():
            r.outcome = ORDINALS[order.index(s)] if ranked or s == winner else "does not go first"
        return order
    return list(sides)


def seats_from(seats: list[str], first: str, direction: Direction) -> list[str]:
    """The sides in playing order: ``first``, then round the table in ``direction``."""
    i = seats.index(first)
    clockwise = seats[i:] + seats[:i]
    return clockwise if direction == "clockwise" else [first] + clockwise[1:][::-1]


def left_of(seats: list[str], side: str, n: int = 1) -> str:
    """The side ``n`` seats to the left of ``side`` (clockwise)."""
    return seats[(seats.index(side) + n) % len(seats)]
