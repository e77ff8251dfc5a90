"""WW2 Skirmish: readings of the text fixed after review (issue 17): flame on a bunker
needs a hit, a bipod LMG is no support weapon, AT rifles only against AFVs, a map's
fire teams start in cohesion. Each expected value is worked out by hand from the
passage quoted in the test (../shared/rules/ww2-skirmish-solo.txt)."""

from fractions import Fraction as F

from game.core.commands import Command

from .helpers import force, ok
from .test_ww2_skirmish import odds, quiet, see, team, wgame

BUNKER = [{"type": "bunker", "id": "bk", "name": "Bunker", "rect": {"x": 20, "y": 10, "w": 6, "h": 4}}]


# ---- 1. flame against a bunker -------------------------------------------------------------------------------------


def flame_bunker_game():
    """A flamethrower 10.05" from the nearer of two riflemen inside a bunker."""
    game = wgame([team("a1", [("us_flamer", 23, 22)])], [team("b1", [("ger_rifleman", 22, 12), ("ger_rifleman", 24, 12)])],
                 terrain=BUNKER)
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2")
    return game


def test_flame_on_a_bunker_must_hit_before_the_bunker_table():
    """Engineering: "Bunkers: ... If hit by explosives or flame- throw a D6: 1-2: No
    effect. 3: 1 occupant dices as hit by MG. 4+: All occupants dice as hit by MG."
    Flamethrowers: "Short 6-12" ... To hit (D20): 4"; "Fire effect ... 1-4; Fire team
    Suppressed. 5; Wound. 6; Disable/Kill. ... +1 to die roll if Machine Gun".

    "If hit" needs the flamethrower's to-hit first: 10.05" is short, a d20 of 4+ (17/20).
    Then the d6 once for the bunker; occupants roll the fire effect d6 +1 (as an MG):
    1-3 suppressed, 4 wounded, 5 disabled, 6 killed (7, interpretation effect-six)."""
    game = flame_bunker_game()
    d = odds(game, Command("flame", "a", figure="a1.1", target="b1")).outcomes.fractions
    hit = F(17, 20)
    assert d["no effect"] == (1 - hit) + hit * F(2, 6)  # a miss, or a 1-2 on the bunker d6
    # a 3: one occupant, killed on a 6; 4+: both occupants, each killed on a 6
    assert d["hit: 1 killed"] == hit * F(1, 6) * F(1, 6)
    assert d["hit: 2 killed"] == hit * F(3, 6) * F(1, 6) ** 2
    assert d["hit: 1 suppressed"] == hit * F(1, 6) * F(3, 6)
    assert d["hit: 2 suppressed"] == hit * F(3, 6) * F(3, 6) ** 2
    assert sum(d.values()) == 1
    # a 3 on the d20 misses: the bunker table is not rolled, nobody is hurt
    src = force(game, 3)
    ok(game, Command("flame", "a", figure="a1.1", target="b1"))
    assert src.used == 1
    assert [(f.life, f.wounds) for f in game.state.unit_figures("b1")] == [("active", 0), ("active", 0)]
    assert game.state.units["b1"].markers.get("suppressed", 0) == 0
    # a hit (4), bunker d6 4: all occupants; their d6 5 and 6, +1: disabled and killed
    game = flame_bunker_game()
    src = force(game, 4, 4, 5, 6)
    ok(game, Command("flame", "a", figure="a1.1", target="b1"))
    assert src.used == 4
    assert [f.life for f in game.state.unit_figures("b1", alive_only=False)] == ["disabled", "dead"]
