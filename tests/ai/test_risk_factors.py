"""The solo rules' risk factors read as the text gives them (issue 18, "Follow the text"):
only what the solo side knows, "twice own numbers" in figures, fire from AFVs, the
window of "under fire", "stationary" from the unit's last turn, AT guns and "No NCO"."""

from game.core.commands import Command
from game.solo.keys import SoloKey
from tests.rulesets.helpers import force, make_game, ok, small_map, unit

IN = 25.4


def factors(game, uid):
    return {fid: v for fid, v, _ in game.rules.risk_factors(game, game.state.units[uid])}


def wgame(a, b, terrain=None):
    return make_game(small_map(a, b, terrain=terrain, ruleset="ww2-skirmish", size=(48, 48)), seed=2)


def gw(a, b, terrain=None):
    return make_game(small_map(a, b, terrain=terrain))


US = [unit("a1", [("us_rifleman", 22, 40), ("us_rifleman", 24, 40), ("us_nco", 26, 40), ("us_rifleman", 28, 40)])]
GER = [unit("b1", [("ger_rifleman", 20, 10), ("ger_rifleman", 22, 10), ("ger_nco", 24, 10)])]


def test_an_enemy_in_sight_but_not_spotted_is_not_known():
    """"-4: No enemy ... in sight": in WW2 Skirmish the solo side knows only the enemies it
    has spotted; 30" of open table between them is not enough (spotting is automatic only
    up to 20")."""
    game = wgame(US, GER)
    assert game.rules.los(game, game.state.figures["a1.1"], game.state.figures["b1.1"]).visible
    assert factors(game, "a1")["no_enemy"] == -4
    game.rules.spotting.mark_spotted(game, "a", game.state.figures["b1.1"], "sight")
    assert "no_enemy" not in factors(game, "a1")


def test_twice_own_numbers_counts_figures_not_shots():
    """Four riflemen firing twice each are four firers, not eight: no "twice own numbers"
    at a team of four; eight different firers are."""
    game = wgame(US, GER)
    for _ in range(2):
        for i in range(1, 5):
            game.rules.note_fire(game, "a1", "b1", 1, figures=[f"b1.{i}"])
    f = factors(game, "a1")
    assert f["under_fire"] == 1 and "heavy_fire" not in f
    for i in range(5, 9):
        game.rules.note_fire(game, "a1", "b1", 1, figures=[f"b1.{i}"])
    assert factors(game, "a1")["heavy_fire"] == 2


def test_a_rifleman_firing_twice_at_a_lone_man_is_one_firer():
    """The same through real shots: the fire command records who fired (Ww2Firing.note_target),
    so a rifleman shooting twice at a team of one is one firer, not twice its numbers (two
    shots would be)."""
    from game.rulesets.ww2_skirmish.options import options
    from tests.rulesets.ww2_kit import quiet, see, shooter_game

    game = shooter_game("ger_rifleman", 12, targets=1)
    see(game, "a", "b1.1")
    quiet(game, "b")  # no reaction fire in between
    force(game, *[1] * 10)  # every shot misses
    for _ in range(2):
        ok(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="unaimed")))
    recs = game.state.units["b1"].attrs[SoloKey.FIRED_ON]
    assert len(recs) == 2 and all(r["figures"] == ["a1.1"] for r in recs)
    f = factors(game, "b1")
    assert f["under_fire"] == 1 and "heavy_fire" not in f


def test_machine_gun_fire_from_an_afv_is_fire_from_afvs():
    """"Under fire from ... AFVs": a tank's machine gun is fire from an AFV."""
    tank = unit("t1", [("us_sherman", 20, 12)], kind="vehicle")
    game = wgame([unit("a1", [("ger_rifleman", 20, 30), ("ger_nco", 22, 30)])], [tank])
    rules = game.rules
    v = game.state.figures["t1.1"]
    rules.firing.note_target(game, game.state.units["a1"], v)
    assert any(r["heavy"] for r in game.state.units["a1"].attrs[SoloKey.FIRED_ON])
    rifle = wgame(US, GER)
    rifle.rules.firing.note_target(rifle, rifle.state.units["a1"], rifle.state.figures["b1.1"])
    assert not any(r["heavy"] for r in rifle.state.units["a1"].attrs[SoloKey.FIRED_ON])


def test_under_fire_reaches_back_to_the_start_of_the_units_last_turn():
    """"Unit under fire" when the unit rolls at the start of its turn: fire since the start
    of its side's previous turn (reaction fire then, the enemy's turn since), not the
    enemy turn before that."""
    game = gw([unit("a1", [("sergeant", 10, 40), ("rifleman", 12, 40)])], [unit("b1", [("rifleman", 30, 4)])])
    st = game.state
    a1 = st.units["a1"]
    order = st.side_order  # a plays first
    assert order[0] == "a"
    # the record of b's turn 1 fire: at the start of a's turn 2 it is in the window
    a1.attrs[SoloKey.FIRED_ON] = [{"turn": 1, "side": "b", "firers": 1, "heavy": False, "by": "b1", "figures": ["b1.1"]}]
    st.turn, st.active_side = 2, "a"
    assert factors(game, "a1")["under_fire"] == 1
    # at the start of a's turn 3, b's turn 1 lies before a's turn 2 began: out of the window
    st.turn = 3
    assert "under_fire" not in factors(game, "a1")
    # fire during a's own turn 2 (reaction fire) is still in it at the start of turn 3
    a1.attrs[SoloKey.FIRED_ON].append({"turn": 2, "side": "a", "firers": 1, "heavy": False, "by": "b1", "figures": ["b1.1"]})
    assert factors(game, "a1")["under_fire"] == 1


def test_stationary_in_hard_cover_means_it_did_not_move_since_its_last_order():
    """"Stationary in hard cover" (interpretation advancing): the unit stands where it
    stood when it last rolled its orders; the solo_orders command notes where that was."""
    trench = [{"type": "trench", "line": [[0, 40], [48, 40]], "width": 2}]
    game = gw([unit("a1", [("sergeant", 10, 40), ("rifleman", 11.5, 40)])], [unit("b1", [("rifleman", 30, 4)])], terrain=trench)
    assert "advancing" not in factors(game, "a1")  # never ordered: its last turn is not known
    force(game, 2)
    ok(game, Command("solo_orders", "a", unit="a1"))
    assert game.state.units["a1"].attrs[SoloKey.ORDERED_AT]["a1.1"] == [10 * IN, 40 * IN]
    game.state.units["a1"].markers.pop(SoloKey.ORDER)  # as if it had halted: not "advancing"
    assert factors(game, "a1")["advancing"] == -2
    game.state.figures["a1.2"].x += IN
    assert "advancing" not in factors(game, "a1")


def test_an_at_gun_has_no_no_nco_factor():
    """"No NCO with unit unless a support weapon": an AT gun is one."""
    gun = unit("g1", [("ger_pak40", 20, 30), ("ger_rifleman", 21, 31), ("ger_rifleman", 19, 31)], kind="gun")
    game = wgame([gun], US)
    assert game.rules.profile(game, game.state.units["g1"]).at_gun
    assert "no_nco" not in factors(game, "g1")
