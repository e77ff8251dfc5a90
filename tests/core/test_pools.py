"""Points that can be spent (game/core/pools.py): a section's Luck point used once by
any member, a figure's own, refused when none is left, kept in the state."""

from __future__ import annotations

import pytest

from game.core.commands import Refusal
from game.core.keys import StateKey
from game.core.pools import grant, holders, left, owner, spend
from game.core.state import GameState


def bare() -> GameState:
    return GameState(ruleset="t", scenario="t", sides={}, units={}, figures={}, side_order=["a", "b"])


def test_a_section_point_is_spent_once_and_a_figures_own_stays():
    st = bare()
    section, corporal = owner("unit", "a1"), owner("figure", "a1.1")
    grant(st, section, "luck", 1)
    grant(st, corporal, "luck", 1)
    grant(st, corporal, "valour", 1)
    assert spend(st, section, "luck", name="1 Section") == 0
    with pytest.raises(Refusal, match="1 Section has 0 luck points left, not 1"):
        spend(st, section, "luck", name="1 Section")
    assert left(st, corporal, "luck") == 1 and holders(st, "luck") == {corporal: 1}
    assert holders(st, "valour") == {corporal: 1}


def test_nothing_is_written_until_a_point_is_granted():
    st = bare()
    assert left(st, owner("side", "a"), "luck") == 0
    grant(st, owner("side", "a"), "luck", 0)
    assert StateKey.POOLS not in st.attrs  # states of rulesets without points read as before
    with pytest.raises(ValueError):
        owner("squad", "a1")
    with pytest.raises(ValueError):
        grant(st, owner("side", "a"), "luck", -1)


def test_points_survive_a_save():
    st = bare()
    grant(st, owner("figure", "a1.2"), "valour", 2)
    again = GameState.from_dict(st.to_dict())
    assert left(again, owner("figure", "a1.2"), "valour") == 2
