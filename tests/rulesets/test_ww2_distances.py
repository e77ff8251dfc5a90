"""WWII Skirmish: every distance between figures is measured base edge to base edge
(interpretation "distances"). Riflemen stand on 0.8" bases (0.4" radius), so a gap
between two of them is the centre to centre distance less 0.8"."""

from __future__ import annotations

import pytest

from game.catalog import load_ruleset
from game.core.commands import Command
from game.rulesets.ww2_skirmish.options import options

from .ww2_kit import IN, RIFLE, need_of, shooter_game, team, wgame


def test_ww2_measures_base_edge_to_base_edge():
    rs = load_ruleset("ww2-skirmish")
    assert rs.measure_from == "edge"
    ids = {i.id: i.reading for i in rs.data.interpretations}
    assert "base edge to base edge" in ids["distances"]
    assert "measuring" not in ids  # the old entry read weapon ranges centre to centre


def test_rifleman_base_is_point_eight_inches():
    game = shooter_game("ger_rifleman", 10)
    assert game.state.figures["a1.1"].radius == pytest.approx(0.4 * IN)
    assert game.state.figures["b1.1"].radius == pytest.approx(0.4 * IN)


@pytest.mark.parametrize("centres,band", [(8.8, 0), (8.9, 1)])
def test_the_rifle_band_is_the_gap_between_the_bases(centres, band):
    """Shooting: rifle point blank up to 8". 8.8" centre to centre is an 8" gap: point
    blank (aimed 4); 8.9" (8.1" of gap) is short range (aimed 8)."""
    game = shooter_game("ger_rifleman", centres)  # a team of two (no lone-figure shift)
    cmd = Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed"))
    assert need_of(game, cmd) == RIFLE[band][1]


def test_the_spotting_band_is_the_gap_between_the_bases():
    """Spotting bands: the first reaches 8". A target 8.8" away centre to centre (an 8"
    gap) is in the first band; 8.9" is one band further."""
    bands = []
    for centres in (8.8, 8.9):
        game = shooter_game("ger_rifleman", centres, targets=1)
        st = game.state
        band, _, _ = game.rules.spotting.spot_need(game, st.figures["a1.1"], st.figures["b1.1"])
        bands.append(band)
    assert bands[1] == bands[0] + 1


@pytest.mark.parametrize("centre_off,hit", [(2.4, True), (2.45, False)])
def test_a_blast_hits_a_figure_whose_base_is_within_the_radius(centre_off, hit):
    """Blasts: "all members of a fire team within a 2" radius of a central point". A
    rifleman 2.4" from the point centre to centre has the edge of his base 2" from it: hit;
    2.45" (2.05" from the edge): not."""
    game = wgame([team("a1", [("us_rifleman", 24, 44)])], [team("b1", [("ger_rifleman", 24 + centre_off, 20)])])
    hit_figs = game.rules.blasts.blast_figures(game, (24 * IN, 20 * IN), 2 * IN)
    assert ([f.id for f in hit_figs] == ["b1.1"]) == hit
