"""What a side may know of a game: the base view every ruleset starts from (the other
sides' secret markers and face-down cards blanked) and whether it hides anything now.
Rulesets with hidden figures (WW2 Skirmish's spotting) or secret plans (WWIFY's strikes)
hide more, in their own ``view`` and ``hides_from``; the AI plans on the view
(game/ai/knowledge.py), hotseat screens draw it."""

from __future__ import annotations

from copy import copy
from dataclasses import replace

from game.core.game import Game
from game.core.state import GameState


def base_view(game: Game, side: str | None) -> GameState:
    """The state as ``side`` knows it (None: a deep copy of all of it).

    A side's view is made for every command the AI plans and every frame a hotseat
    screen draws, so it is not a deep copy: it shares with the state every object it does
    not change (figures, units, clouds, decks). It is read, never changed: a ruleset's
    ``view`` that changes an object copies it first (``dataclasses.replace``), and a trial
    that plays on a view copies it (:class:`game.core.trial.Trial`)."""
    st = game.state
    if side is None:
        return st.copy()
    view = copy(st)
    view.figures = dict(st.figures)
    view.units = dict(st.units)
    view.attrs = dict(st.attrs)
    view.markers = {k: replace(m, kind="unknown", attrs={}) if m.secret and m.side != side else m for k, m in st.markers.items()}
    view.hands = {owner: hand if owner == side else [c if c.face_up else replace(c, code="?", attrs={}) for c in hand]
                  for owner, hand in st.hands.items()}
    # the draw piles face down: which cards are still to come, not in what order; and the
    # cards dealt face down to other sides among them, which the pile would give away by
    # what it lacks (the rulesets that deal into hands have one deck). A trial that draws
    # on the view (a planner's) draws the first of them in sorted order.
    unseen = [c.code for owner, hand in st.hands.items() if owner != side for c in hand if not c.face_up]
    view.decks = {k: replace(d, draw_pile=sorted(d.draw_pile + unseen)) if d.draw_pile else d for k, d in st.decks.items()}
    return view


def base_hides(game: Game, side: str) -> bool:
    """Whether :func:`base_view` for ``side`` blanks anything: a secret marker of another
    side, a face-down card in another's hand, a draw pile."""
    st = game.state
    return any(m.secret and m.side != side for m in st.markers.values()) or any(
        not card.face_up for owner, hand in st.hands.items() if owner != side for card in hand) or any(
        d.draw_pile for d in st.decks.values())
