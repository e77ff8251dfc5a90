"""WW2 Skirmish: readings of the text fixed after review (issue 17): flame on a bunker
needs a hit, a bipod LMG is no support weapon, AT rifles only against AFVs, a map's
fire teams start in cohesion. Each expected value is worked out by hand from the
passage quoted in the test (../shared/rules/ww2-skirmish-solo.txt)."""

from fractions import Fraction as F
from math import hypot
from pathlib import Path

import pytest

from game.catalog import load_map, load_map_doc
from game.core.commands import Command
from game.data.errors import DataError
from game.data.yamlio import Doc
from game.rulesets.ww2_skirmish.data import HEAVY_ARMS
from game.rulesets.ww2_skirmish.options import options

from .helpers import force, ok, small_map
from .ww2_kit import odds, quiet, see, team, wgame


def heavy_shots(game, side, f, target_unit):
    """The shots of ``f``'s heavy weapons at a team that are offered (each still to be checked)."""
    rules = game.rules
    return rules.reactions.heavy_shots(game, side, f, target_unit, rules.weapons_of(f, *HEAVY_ARMS), rules.unit_vehicle(game, target_unit))

ROOT = Path(__file__).resolve().parents[2]
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
    assert d["miss"] == 1 - hit
    assert d["hit, no effect"] == hit * F(2, 6)  # a 1-2 on the bunker d6
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


# ---- 2. support weapons: tripods, not a bipod LMG ------------------------------------------------------------------


LMG = [("ger_mg_gunner", 22, 40), ("ger_mg_loader", 23.5, 40), ("ger_mg_loader", 25, 40)]  # MG 42 on its bipod
HMG = [("ger_hmg_gunner", 22, 40), ("ger_mg_loader", 23.5, 40), ("ger_mg_loader", 25, 40)]  # MG 42 on its tripod


def mg_game(figs):
    return wgame([team("a1", figs)], [team("b1", [("us_rifleman", 24, 20), ("us_rifleman", 25.5, 20)])])


def factors(game, uid):
    return {fid: v for fid, v, _ in game.rules.risk_factors(game, game.state.units[uid])}


def planned(game, uid, order):
    u = game.state.units[uid]
    u.markers["solo_order"] = order
    u.markers["solo_turn"] = game.state.turn
    return list(game.rules.planner.unit_commands(game, u.side, u, {}))


def test_a_bipod_lmg_team_is_an_ordinary_fire_team_for_the_solo_rules():
    """Risk factors: "+1: No NCO with unit unless a support weapon"; "-1: AT gun, or
    MMG/HMG, or others in soft cover"; "-2: Unit advancing (not AT guns or MMG/HMG)".
    Action chart: "* Support weapons on tripods, AT guns etc will halt and fire if
    possible instead".

    The MG 42 on its bipod is the section's LMG, not a weapon on a tripod: its team
    without an NCO takes the +1, gets no -1 as an MMG/HMG (it stands in the open) and
    no halt-and-fire. The same team with the tripod MG 42 is the reverse."""
    lmg, hmg = mg_game(LMG), mg_game(HMG)
    assert not lmg.rules.profile(lmg, lmg.state.units["a1"]).support_weapon
    assert hmg.rules.profile(hmg, hmg.state.units["a1"]).support_weapon
    f_lmg, f_hmg = factors(lmg, "a1"), factors(hmg, "a1")
    assert f_lmg.get("no_nco") == 1 and "soft_cover" not in f_lmg
    assert "no_nco" not in f_hmg and f_hmg.get("soft_cover") == -1
    for game in (lmg, hmg):
        game.state.units["a1"].markers["solo_order"] = "advance"
    assert factors(lmg, "a1").get("advancing") == -2 and "advancing" not in factors(hmg, "a1")


def test_only_tripod_weapons_swap_advance_and_attack_for_halt(monkeypatch):
    """Action chart, RF1: "Halt / Advance * / Advance * / Advance * / Advance * / Attack *";
    "* Support weapons on tripods, AT guns etc will halt and fire if possible instead".
    With RF1 a d6 of 6 is Attack: the bipod LMG team attacks, the tripod HMG team halts."""
    for figs, want in ((LMG, "attack"), (HMG, "halt")):
        game = mg_game(figs)
        game.state.attrs["victory"]["otherwise"] = "b"
        monkeypatch.setattr(type(game.rules), "risk_factors", lambda self, g, u: [("test", 1, "scripted")])
        force(game, 6)
        ok(game, Command("solo_orders", "a", unit="a1"))
        assert game.state.units["a1"].markers["solo_order"] == want
        monkeypatch.undo()


def test_support_weapons_retreat_and_rout_as_ordered_a_bipod_lmg_advances():
    """Only the starred results (Advance, Attack) are swapped for "halt and fire":
    "Retreat: Unit must move away from the nearest known enemy position, or towards the
    nearest cover further from all enemy units"; "Rout: ... it may neither fight nor
    shoot". A tripod MG team in the open ordered to retreat moves away (south, from the
    enemy 20" north); ordered to rout it runs and fires nothing. The bipod LMG team
    ordered to advance moves toward the enemy."""
    game = mg_game(HMG)
    see(game, "a", "b1.1", "b1.2")
    y0 = game.state.figures["a1.1"].y
    moves = [c for c in planned(game, "a1", "retreat") if c.kind == "move_unit"]
    assert moves and moves[0].point[1] > y0
    rout = planned(game, "a1", "rout")
    assert [c.kind for c in rout] == ["move_unit"] and rout[0].point[1] > y0
    halt = planned(game, "a1", "advance")  # swapped: halt and fire
    assert not any(c.kind == "move_unit" for c in halt) and any(c.kind == "fire" for c in halt)
    game = mg_game(LMG)
    see(game, "a", "b1.1", "b1.2")
    moves = [c for c in planned(game, "a1", "advance") if c.kind == "move_unit"]
    assert moves and moves[0].point[1] < y0


# ---- 3. AT rifles: only effective against AFVs -----------------------------------------------------------------------


def boys_game(vtype):
    """A Boys rifleman 10" in front of a vehicle that faces him."""
    veh = {"id": "b1", "name": "b1", "figures": [{"type": vtype, "at": [24, 20], "facing": 90.0}]}
    game = wgame([team("a1", [("brit_boys", 24, 30)])], [veh])
    see(game, "a", "b1.1")
    return game


def test_an_at_rifle_damages_an_afv_as_a_gun_up_to_57mm():
    """Hand held anti-tank weapons: "Anti tank rifle 1-8" 9-20" 21-40""; "To hit requires;
    Short 8 Medium 12 Long 16"; "Count AT grenades and AT rifles as guns up to 57mm, (AT
    rifles are only effective against AFVs.)".

    An Sd.Kfz. 251 (a light AFV, petrol) 10" away, shown its front: medium, 12+ (9/20).
    No calibre bonus (under 57mm), no class modifier for a light AFV, so the plain AFV
    table: 1-6 and 16 no effect (7 in 20), 18 (petrol) and 20 explode (2 in 20),
    10-13 immobilised (4 in 20)."""
    game = boys_game("ger_sdkfz251")
    rep = odds(game, Command("fire_at", "a", figure="a1.1", target="b1.1", options=options(weapon="boys_rifle")))
    assert not any("damage" in m.value for m in rep.modifiers)
    d, hit = rep.outcomes.fractions, F(9, 20)
    assert d["miss"] == 1 - hit
    assert d["no effect"] == hit * F(7, 20) and d["explodes"] == hit * F(2, 20) and d["immobilised"] == hit * F(4, 20)
    assert "fire_at" in [c.kind for c in heavy_shots(game, "a", game.state.figures["a1.1"], "b1")]
    assert [c for c in game.rules.legal_commands(game, "a") if c.kind == "fire_at"]


def test_an_at_rifle_is_not_fired_at_a_soft_skinned_vehicle():
    """"AT rifles are only effective against AFVs" and "Molotovs, AT rifles and AT grenades
    have no effect on infantry": against a Kübelwagen (a small soft vehicle) the AT rifle
    can do nothing, so it is not offered and is refused; it is not a small arm either
    (the soft vehicle table's "MGs or 3 other small arms hits" do not include it)."""
    game = boys_game("ger_kubelwagen")
    boys = game.state.figures["a1.1"]
    cmd = Command("fire_at", "a", figure="a1.1", target="b1.1", options=options(weapon="boys_rifle"))
    assert "only effective against AFVs" in game.check(cmd)
    assert "fire_at" not in [c.kind for c in heavy_shots(game, "a", boys, "b1")]
    assert not [c for c in game.rules.legal_commands(game, "a") if c.kind == "fire_at"]


# ---- 4. fire teams start in cohesion ---------------------------------------------------------------------------------


def test_the_bocage_trench_squad_starts_within_two_inches_of_each_other():
    """Fire teams: "Members of a Fire Team must remain within 2" of each other" (edges of
    the bases, interpretation distances; bases 0.8"). The Trench squad's Panzerfaust man
    stood 12" from the nearest rifleman (28, 9.9); at (30, 10) he is 2.0" centre to centre,
    1.2" edge to edge, in the trench with his squad."""
    lm = load_map(ROOT / "maps" / "ww2-bocage-bunkers.yaml")
    g3 = next(u for s in lm.model.sides for u in s.units if u.id == "g3")
    pf = next(f for f in g3.figures if f.type == "ger_pf")
    gaps = [hypot(pf.at[0] - f.at[0], pf.at[1] - f.at[1]) - 0.8 for f in g3.figures if f is not pf]
    assert min(gaps) <= 2


def test_a_map_whose_fire_team_starts_apart_is_refused_for_play():
    """The same rule for every map to play: 2" between the edges of 0.8" bases is 2.8"
    centre to centre. A gun links its crew (the Pak 40's 2" base)."""
    def doc(dx):
        return small_map([team("a1", [("us_rifleman", 20, 40), ("us_rifleman", 20 + dx, 40)])], [team("b1", [("ger_rifleman", 20, 4)])],
                         ruleset="ww2-skirmish")
    load_map_doc(Doc("m.yaml", doc(2.8)))
    with pytest.raises(DataError, match=r"figure 2 of unit 'a1' stands 2\.1\" from the nearest figure of its team"):
        load_map_doc(Doc("m.yaml", doc(2.9)))
    load_map_doc(Doc("m.yaml", doc(2.9)), for_play=False)  # the editor may pass through it
    gun = team("b1", [("ger_pak40", 24, 8), ("ger_gun_crew", 22.5, 8), ("ger_gun_crew", 25.5, 8)])  # crew 2.2" apart, 0.1" off the gun
    load_map_doc(Doc("m.yaml", small_map([team("a1", [("us_rifleman", 20, 40)])], [gun], ruleset="ww2-skirmish")))
