"""WW2 Skirmish: the d20 table and band shifts, and fire effect, with hand-computed probabilities (exact fractions) and forced dice."""

from fractions import Fraction as F

import pytest

from game.core.commands import Command
from game.core.state import DEAD
from game.rulesets.ww2_skirmish.options import options

from .helpers import force, ok, refused
from .ww2_kit import (
    IN,
    PISTOL,
    RIFLE,
    SHOTS,
    need_of,
    odds,
    p_hit,
    quiet,
    see,
    shooter_game,
    single,
    team,
    wgame,
)

# ---- the d20 table -------------------------------------------------------------------------------


@pytest.mark.parametrize("band,dist", [(0, 5), (1, 12), (2, 20), (3, 40)])
@pytest.mark.parametrize("shot", SHOTS)
def test_rifle_to_hit_table(band, dist, shot):
    game = shooter_game("ger_rifleman", dist)
    see(game, "a", "b1.1", "b1.2")
    cmd = Command("fire", "a", figure="a1.1", target="b1", options=options(shot=shot))
    need = RIFLE[band][SHOTS.index(shot)]
    assert need_of(game, cmd) == need
    if shot != "careful":  # 2 actions: the careful shot is refused
        rep = odds(game, cmd)
        assert rep.outcomes.exact
        assert 1 - rep.outcomes.fractions.get("miss", F(0)) == p_hit(need)


@pytest.mark.parametrize("band,dist", [(0, 2.5), (1, 5), (2, 10), (3, 20)])
@pytest.mark.parametrize("shot", SHOTS)
def test_pistol_to_hit_table(band, dist, shot):
    game = shooter_game("ger_tank_driver", dist)  # armed solely with a P38
    cmd = Command("fire", "a", figure="a1.1", target="b1", options=options(shot=shot))
    need = PISTOL[band][SHOTS.index(shot)]
    assert need_of(game, cmd) == need
    if shot != "careful":  # 2 actions: the careful shot is refused
        assert 1 - odds(game, cmd).outcomes.fractions.get("miss", F(0)) == p_hit(need)


def test_mg_bands_and_no_careful_shot_for_mg_or_smg():
    game = shooter_game("ger_mg_gunner", 16)  # MG short is 9-16": aimed needs 8
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert 1 - rep.outcomes.fractions["miss"] == p_hit(8)
    see(game, "a", "b1.1", "b1.2")
    quiet(game, "b")
    assert "not possible with machine guns" in refused(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="careful")))
    game = shooter_game("ger_nco", 10)
    see(game, "a", "b1.1", "b1.2")
    assert "not possible with SMGs" in refused(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="careful")))
    # SMG short band is 7-12": unaimed needs 14
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    assert 1 - rep.outcomes.fractions["miss"] == p_hit(14)


def test_band_shifts_soft_hard_dispersed_single():
    # soft cover: both targets in a wood one band further (short 12" -> medium row)
    wood = [{"type": "wood", "polygon": [[22, 30], [28, 30], [28, 34], [22, 34]]}]
    game = shooter_game("ger_rifleman", 12, terrain=wood)
    see(game, "a", "b1.1", *(["b1.2"] if "b1.2" in game.state.figures else []))
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert any(m.name == "all in soft cover" for m in rep.modifiers)
    assert 1 - rep.outcomes.fractions["miss"] == p_hit(RIFLE[2][1])
    # hard cover: behind a wall two bands further (short -> long row)
    wall = [{"type": "wall", "line": [[20, 32.8], [30, 32.8]]}]
    game = shooter_game("ger_rifleman", 12, terrain=wall)
    see(game, "a", "b1.1", *(["b1.2"] if "b1.2" in game.state.figures else []))
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert any(m.name == "target in hard cover" for m in rep.modifiers)
    assert 1 - rep.outcomes.fractions["miss"] == p_hit(RIFLE[3][1])
    # dispersed: 2" apart (1.2" between bases) is one band further
    game = shooter_game("ger_rifleman", 12, gap=2.0)
    see(game, "a", "b1.1", *(["b1.2"] if "b1.2" in game.state.figures else []))
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    assert any(m.name == "dispersed order" for m in rep.modifiers)
    assert 1 - rep.outcomes.fractions["miss"] == p_hit(RIFLE[2][0])
    # a single figure likewise
    game = shooter_game("ger_rifleman", 12, targets=1)
    see(game, "a", "b1.1", *(["b1.2"] if "b1.2" in game.state.figures else []))
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    assert any(m.name == "single figure" for m in rep.modifiers)
    assert 1 - rep.outcomes.fractions["miss"] == p_hit(RIFLE[2][0])


def test_beyond_long_after_shifts_cannot_hit_but_the_team_fires_together():
    wall = [{"type": "wall", "line": [[10, 14.8], [40, 14.8]]}]
    b = team("b1", [("ger_rifleman", 24, 14), ("ger_rifleman", 25.5, 14)])
    a = team("a1", [("us_rifleman", 23, 44), ("us_rifleman", 24.5, 44)])
    game = wgame([a], [b], terrain=wall)  # 30" medium, hard cover +2: beyond long
    see(game, "a", "b1.1", "b1.2")
    quiet(game, "b")
    reason = refused(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert "cannot hit" in reason and "fire together" in reason
    rep = odds(game, Command("volley", "a", unit="a1", target="b1"))
    assert 1 - rep.outcomes.fractions["miss"] == F(1, 20)
    force(game, 20, 0, 5, 1, 1)  # a 20, the first figure, effect 5: wound; morale 1 passes; B hears the firing: 1
    ok(game, Command("volley", "a", unit="a1", target="b1"))
    assert game.state.figures["b1.1"].wounds == 1
    assert all(game.rules.actions_left(game.state.figures[f]) == 1 for f in ("a1.1", "a1.2"))


def test_a_belt_fed_mg_firing_together_may_not_move_after():
    """L116: belt-fed MGs may not move and fire, in a team's fire together as in a shot of
    their own; the rifleman beside the gunner still may."""
    wall = [{"type": "wall", "line": [[10, 14.8], [40, 14.8]]}]
    b = team("b1", [("ger_rifleman", 24, 14), ("ger_rifleman", 25.5, 14)])
    a = team("a1", [("us_rifleman", 23, 44), ("us_mg_gunner", 24.5, 44)])
    game = wgame([a], [b], terrain=wall)
    see(game, "a", "b1.1", "b1.2")
    quiet(game, "b")
    force(game, 1, 1, 1)  # the fire together misses; B hears the firing: 1
    ok(game, Command("volley", "a", unit="a1", target="b1"))
    st = game.state
    assert "may not move and fire" in refused(game, Command("move", "a", figure="a1.2", path=((24.5 * IN, 43 * IN),)))
    ok(game, Command("move", "a", figure="a1.1", path=((23 * IN, 43 * IN),)))
    assert st.figures["a1.1"].y == pytest.approx(43 * IN)


def test_automatic_hit_at_point_blank_on_an_inactive_target():
    game = shooter_game("ger_rifleman", 5)
    game.state.units["b1"].markers["suppressed"] = 1
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    assert "miss" not in rep.outcomes.fractions
    # +1 at point blank: 1-3 suppressed, 4 wound, 5 disabled, 6 (7) killed
    assert single(rep) == {"suppressed": F(1, 2), "wounded": F(1, 6), "disabled": F(1, 6), "killed": F(1, 6)}


# ---- fire effect ------------------------------------------------------------------------------------


def test_fire_effect_table_and_modifiers():
    game = shooter_game("ger_rifleman", 12)  # short, aimed: 8+
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    h = p_hit(8)
    assert single(rep) == {"miss": 1 - h, "suppressed": h * F(4, 6), "wounded": h * F(1, 6), "disabled": h * F(1, 6)}
    game = shooter_game("ger_mg_gunner", 12)  # MG +1
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert single(rep)["killed"] == h * F(1, 6) and single(rep)["suppressed"] == h * F(3, 6)
    game = shooter_game("ger_sniper", 12)  # sniper +1
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="careful")))
    assert single(rep)["killed"] == p_hit(4) * F(1, 6)
    game = shooter_game("us_m16_mgmc", 12)  # quad .50 +2 (replaces the MG's +1)
    rep = odds(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed", weapon="quad_50")))
    assert single(rep)["killed"] == h * F(2, 6) and single(rep)["suppressed"] == h * F(2, 6)


def test_casualties_random_in_the_team_and_sniper_picks_the_nco():
    b = team("b1", [("ger_rifleman", 24, 32), ("ger_nco", 25.5, 32), ("ger_rifleman", 27, 32)])
    game = wgame([team("a1", [("us_sniper", 24, 44)])], [b])
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2", "b1.3")
    force(game, 20, 6, 1)  # hit; effect 6 +1 sniper = 7: killed, no choice of victim rolled; morale 1 passes
    ok(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert game.state.figures["b1.2"].life == DEAD
    game = wgame([team("a1", [("us_rifleman", 24, 44)])], [b])
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2", "b1.3")
    force(game, 20, 2, 6, 1)  # hit, third figure, 6: disabled; morale 1 passes
    ok(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert game.state.figures["b1.3"].life == "disabled"
