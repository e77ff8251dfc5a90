"""WWIFY AR:SE: every distance between figures is measured base edge to base edge
(interpretation "distances"). The text's bases here are 1" across (0.5" radius), so a
gap is the centre to centre distance less 1"."""

from __future__ import annotations

import pytest

from game.catalog import load_ruleset
from game.core.commands import Command

from .helpers import ok, refused
from .wwify_kit import P, _fire_game, move_game


def test_wwify_measures_base_edge_to_base_edge():
    rs = load_ruleset("wwify")
    assert rs.measure_from == "edge"
    reading = next(i.reading for i in rs.data.interpretations if i.id == "distances")
    assert "base edge to base edge" in reading
    cohesion = next(i.reading for i in rs.data.interpretations if i.id == "cohesion")
    assert "centre to centre" not in cohesion


@pytest.mark.parametrize("centres,band,dice", [(5.0, 0, 1), (5.1, 1, 1), (33.0, 3, 1)])
def test_the_range_band_is_the_gap_between_the_bases(centres, band, dice):
    """Firing: bands "up to 4", over 4" to 8"" ... "over 16" to 32"". A rifleman 5"
    from its target centre to centre has a 4" gap: still the first band; 5.1" (4.1" of
    gap) is the second. 33" centre to centre is 32" of gap: still in range."""
    game, _ = _fire_game("rifle", centres)
    plan = game.rules.fighting.fire_plan(game, "s", "t")
    assert plan.band == band and plan.dice == dice
    assert plan.range == pytest.approx((centres - 1) * 25.4)


def test_beyond_32_inches_of_gap_is_out_of_range():
    game, _ = _fire_game("rifle", 33.2)  # a 32.2" gap
    assert "beyond 32" in refused(game, Command("fire", "a", unit="s", target="t"))


@pytest.mark.parametrize("to_x,allowed", [(24.0, True), (24.1, False)])
def test_cohesion_three_inches_is_a_three_inch_gap(to_x, allowed):
    """Unit cohesion: within 3" of a squadmate. Two riflemen 4" apart centre to centre
    have a 3" gap: in cohesion; 4.1" apart (a 3.1" gap): the move is refused."""
    game = move_game([("good_rifleman", 20, 40), ("good_rifleman", 22, 40)])
    cmd = Command("move", "a", figure="s.2", path=(P(to_x, 40),))
    if allowed:
        ok(game, cmd)
    else:
        assert "lose cohesion" in refused(game, cmd)
