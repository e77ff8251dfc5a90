"""The Great War's units read by the solo rules' risk factors (WW2 solo rules L249-277):
an HMG's fire is an MG's, not "mortars, flame or AFVs"; a unit that ran is not advancing;
a crewed weapon destroyed is a firefight's casualties. Forced dice throughout."""

from game.core.commands import Command
from tests.rulesets.helpers import end_phases, force, make_game, ok, small_map, unit


def factors(game, uid):
    with game.reading():
        return {fid: value for fid, value, _ in game.rules.risk_factors(game, game.state.units[uid])}


def test_an_hmg_firing_is_under_fire_but_not_heavy_fire_and_a_mortar_is_heavy():
    b = [unit("b1", [("rifleman", 20 + 1.5 * i, 30) for i in range(4)])]
    hmg = [unit("a1", [("hmg", 24, 44), ("crewman", 25.5, 44), ("crewman", 27, 44)], kind="crew")]
    game = make_game(small_map(hmg, b))
    end_phases(game, "shooting", "a")
    force(game, 1, 1, 1, 1, 1)  # the HMG's five dice all miss
    ok(game, Command("fire", "a", figure="a1.1", target="b1"))
    got = factors(game, "b1")
    assert got.get("under_fire") == 1 and "heavy_fire" not in got  # one firer at four: neither twice its numbers nor heavy
    mortar = [unit("a1", [("mortar", 24, 56), ("crewman", 25.5, 56), ("crewman", 27, 56)], kind="crew")]
    game = make_game(small_map(mortar, b, size=(48, 60)))
    end_phases(game, "shooting", "a")
    force(game, 1, 1)  # the mortar's two dice miss
    ok(game, Command("fire", "a", figure="a1.1", target="b1"))
    got = factors(game, "b1")
    assert got.get("heavy_fire") == 2 and got.get("under_fire") == 1


def test_a_solo_unit_that_runs_is_routing_and_not_advancing_then_or_after_it_rallies():
    a = [unit("a1", [("lmg_gunner", 24, 44)])]
    b = [unit("b1", [("rifleman", 20 + 1.5 * i, 20) for i in range(4)])]
    game = make_game(small_map(a, b, size=(48, 60)))
    st = game.state
    u = st.units["b1"]
    end_phases(game, "rally", "b")
    force(game, 6)  # the chart's d6: Attack on RF1
    ok(game, Command("solo_orders", "b", unit="b1"))
    assert u.markers["solo_order"] == "attack"
    end_phases(game, "rally", "a")
    u.markers["pinned"] = True
    end_phases(game, "shooting", "a")
    force(game, 6, 1, 1)  # A's LMG kills one
    ok(game, Command("fire", "a", figure="a1.1", target="b1"))
    force(game, 9, 4, 4)  # the end-of-phase test fails (9 > 3): pinned, so it runs 8" for its edge
    ok(game, Command("end_phase", "a"))
    assert u.markers.get("running") and u.markers["solo_order"] == "rout"  # carrying out a rout, as its card says
    got = factors(game, "b1")
    assert got["rout"] == 4 and "advancing" not in got  # it ran: it did not advance (it was -2 for "advancing")
    end_phases(game, "assaults", "a")
    force(game, 1)  # B's rally at the start of its Rally phase passes
    ok(game, Command("end_phase", "a"))
    assert not u.markers.get("running")
    got = factors(game, "b1")
    assert "rout" not in got and "advancing" not in got  # rallied after its run: still no advance read into it


def test_a_crewed_weapon_destroyed_counts_its_figures_inflicted_and_lost():
    gun = unit("g", [("hmg", 24, 30), ("crewman", 25.5, 30), ("crewman", 27, 30)], kind="crew")
    b = [unit("b1", [("rifleman", 22 + 1.5 * i, 28) for i in range(4)])]
    game = make_game(small_map([gun, unit("a2", [("rifleman", 5, 44)])], b))
    end_phases(game, "assaults", "b")
    ok(game, Command("assault", "b", unit="b1", target="g"))  # overrun: crewed weapons are destroyed in an assault
    st = game.state
    assert [r["n"] for r in st.units["b1"].attrs["inflicted"]] == [3] and [r["n"] for r in st.units["g"].attrs["lost"]] == [3]
    assert factors(game, "b1")["winning"] == -2
    # by fire: a hit on a crew pinned already destroys it, credited to the firer's unit
    b = [unit("b1", [("rifleman", 24, 20), ("rifleman", 26, 20)])]
    game = make_game(small_map([gun, unit("a2", [("rifleman", 5, 44)])], b))
    game.state.units["g"].markers["pinned"] = True
    end_phases(game, "shooting", "b")
    force(game, 6)
    ok(game, Command("fire", "b", figure="b1.1", target="g"))
    st = game.state
    assert all(f.life == "destroyed" for f in st.unit_figures("g", alive_only=False))
    assert [r["n"] for r in st.units["b1"].attrs["inflicted"]] == [3]
    assert factors(game, "b1")["winning"] == -2
