"""Figures' names that tell the sides apart in the log.

Two sides often field the same troop types ("Private (rifleman)" on both sides of a
GOODBYEEEEEE!!! trench), and a log saying "Private (rifleman) beats Private (rifleman)"
hides who won. A name that figures of another side also carry is given its side's word:
the first word of the side's name ("British", "German"). Where two sides' names start with
the same word the names are left as they are.
"""

from __future__ import annotations

from game.core.state import Figure, GameState


def side_word(state: GameState, side: str) -> str | None:
    """The word that names ``side``'s figures apart from the other sides' (the first word of
    its name), or None when two sides' names start with the same word ("Side A", "Side B")."""
    def first(s: str) -> str:
        words = state.sides[s].name.replace(",", " ").split()
        return words[0] if words else s

    words = [first(s) for s in state.sides]
    return first(side) if side in state.sides and len(set(words)) == len(words) else None


def plain_name(state: GameState, fig: Figure) -> str:
    """The figure's name without its side's word."""
    word = side_word(state, fig.side)
    return fig.name[len(word) + 1:] if word and fig.name.startswith(word + " ") else fig.name


def tell_sides_apart(state: GameState) -> None:
    """Give its side's word to every figure whose name a figure of another side shares."""
    sides_of: dict[str, set[str]] = {}
    for f in state.figures.values():
        sides_of.setdefault(f.name, set()).add(f.side)
    for f in state.figures.values():
        word = side_word(state, f.side)
        if word and len(sides_of[f.name]) > 1:
            f.name = f"{word} {f.name}"


def new_figure_name(state: GameState, side: str, name: str) -> str:
    """The name a figure joining ``side`` in play gets: with its side's word when a figure of
    another side carries the same name."""
    word = side_word(state, side)
    if word and any(f.side != side and plain_name(state, f) == name for f in state.figures.values()):
        return f"{word} {name}"
    return name
