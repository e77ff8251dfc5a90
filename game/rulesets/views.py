"""What a side may know of a game: the base view every ruleset starts from (the other
sides' secret markers and face-down cards blanked) and whether it hides anything now.
Rulesets with hidden figures (WW2 Skirmish's spotting) or secret plans (WWIFY's strikes)
hide more, in their own ``view`` and ``hides_from``; the AI plans on the view
(game/ai/knowledge.py), hotseat screens draw it."""

from __future__ import annotations

from game.core.game import Game
from game.core.state import GameState


def base_view(game: Game, side: str | None) -> GameState:
    st = game.state.copy()
    if side is None:
        return st
    for m in st.markers.values():
        if m.secret and m.side != side:
            m.kind = "unknown"
            m.attrs = {}
    for owner, hand in st.hands.items():
        if owner != side:
            for card in hand:
                if not card.face_up:
                    card.code = "?"
                    card.attrs = {}
    return st


def base_hides(game: Game, side: str) -> bool:
    """Whether :func:`base_view` for ``side`` blanks anything: a secret marker of another
    side, a face-down card in another's hand."""
    st = game.state
    return any(m.secret and m.side != side for m in st.markers.values()) or any(
        not card.face_up for owner, hand in st.hands.items() if owner != side for card in hand)
