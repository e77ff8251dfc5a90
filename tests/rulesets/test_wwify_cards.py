"""WWIFY AR:SE: the card deck and the artillery grid, with forced dice."""

from fractions import Fraction

import pytest

from game.catalog import load_map_doc
from game.core.commands import Command
from game.core.state import DEAD
from game.data.errors import DataError
from game.data.yamlio import Doc
from game.geometry.grid import ArtilleryGrid

from .helpers import force, ok, refused, unit
from .wwify_kit import IDENTITY, IN, P, choose, fresh, play, wmap


# ---- the card deck -------------------------------------------------------------------------------------
def every_kind_map(size=(120, 48)):
    a = [unit("ga", [("good_officer", 10, 40), ("good_rifleman", 11.5, 40)]),
         unit("gf", [("good_flyer", 30, 44)], kind="flyer"),
         unit("gv", [("good_vehicle", 50, 44)], kind="vehicle"),
         unit("gg", [("good_field_gun", 70, 44), ("good_crew", 72, 44)], kind="field_gun"),
         unit("gh", [("good_hmg", 80, 44), ("good_crew", 82, 44)], kind="hmg")]
    b = [unit("ea", [("evil_officer", 10, 4), ("evil_rifleman", 11.5, 4)]),
         unit("ef", [("evil_flyer", 30, 4)], kind="flyer"),
         unit("ec", [("evil_troll", 50, 4)], kind="large_creature")]
    return wmap(a, b, size=size)


def test_card_deck_shuffled_by_the_dice_and_played_as_dealt():
    game = fresh(every_kind_map())
    st = game.state
    shuffle = [e for e in game.log.events if e.roll is not None and e.roll.spec == "shuffle"]
    assert len(shuffle) == 1
    assert st.phase == "card:GOOD" and st.active_side == "a"
    assert game.rules.phase_name(st.phase) == "Forces of Good card"
    active = {u.id for u in game.rules.acting_units(game, "a")}
    assert active == {"ga", "gh"}  # squads and HMGs; not the flyer, vehicle or field gun
    assert "acts on the Vehicle card" in refused(game, Command("fire", "a", unit="gg", target="ea"))
    ok(game, Command("end_phase", "a"))
    assert st.phase == "card:EVIL" and st.active_side == "b"
    force(game, 2, 5)  # FLYER: Good rolls 2, Evil 5: Evil's flyers first
    ok(game, Command("end_phase", "b"))
    assert st.phase == "card:FLYER" and st.active_side == "b" and st.attrs["card"]["order"] == ["b", "a"]
    ok(game, Command("end_phase", "b"))
    assert st.active_side == "a"
    # LARGE_CREATURE: only Evil has one, so no roll
    ok(game, Command("end_phase", "a"))
    assert st.phase == "card:LARGE_CREATURE" and st.active_side == "b"
    ok(game, Command("end_phase", "b"))
    # VEHICLE: only Good has vehicles or field guns
    assert st.phase == "card:VEHICLE" and st.active_side == "a"
    assert {u.id for u in game.rules.acting_units(game, "a")} == {"gv", "gg"}
    # ARTILLERY (no player acts) then the end of the turn and a new shuffle:
    # square d10 9, quarter 4, smoke (3); turn 2 shuffle in listed order
    force(game, 9, 4, 3, *IDENTITY)
    ok(game, Command("end_phase", "a"))
    assert st.turn == 2 and st.phase == "card:GOOD"
    assert not st.clouds and not [m for m in st.markers.values() if m.kind == "artillery"]
    assert any("smoke and gas removed" in e.text for e in game.log.events)
    assert len([e for e in game.log.events if e.roll is not None and e.roll.spec == "shuffle"]) == 2


def test_equal_rolls_for_who_goes_first_are_rolled_again():
    game = fresh(every_kind_map())
    play(game, "FLYER", 3, 3, 6, 1)
    assert game.state.attrs["card"]["order"] == ["a", "b"] and game.state.active_side == "a"


def test_a_card_with_nothing_to_activate_is_logged():
    a = [unit("ga", [("good_rifleman", 10, 40)])]
    b = [unit("ea", [("evil_rifleman", 10, 4)])]
    game = fresh(wmap(a, b))
    play(game, "VEHICLE", *IDENTITY)  # nothing has vehicles: the deck runs out, turn 2 starts
    assert any(e.text == "Vehicle: nothing to activate." for e in game.log.events)
    assert game.state.turn == 2 and game.state.phase == "card:GOOD"


def test_good_side_setting():
    a = [unit("ea", [("evil_rifleman", 10, 40)])]
    b = [unit("ga", [("good_rifleman", 10, 4)])]
    game = fresh(wmap(a, b, settings={"good_side": "b"}))
    assert game.state.phase == "card:GOOD" and game.state.active_side == "b"
    with pytest.raises(DataError, match="fights for the Forces of Evil"):
        load_map_doc(Doc("bad.yaml", wmap(a, b)))


# ---- artillery -----------------------------------------------------------------------------------------
def test_artillery_square_numbering_follows_the_text():
    g = ArtilleryGrid(120 * IN, 48 * IN)
    assert g.big_count == 10
    assert g.locate(P(1, 1)) == (1, 1) and g.locate(P(119, 47)) == (10, 4)
    assert g.locate(P(100, 2)) == (5, 1) and g.locate(P(25, 25)) == (7, 1)
    assert g.locate(P(42, 30)) == (7, 2)  # the text's example: 7, then quarter 2


def test_artillery_example_seven_then_two_gas():
    a = [unit("m", [("good_rifleman", 42, 30), ("good_rifleman", 30, 30)]),
         unit("t", [("good_angry_tree", 38, 34)], kind="large_creature")]
    b = [unit("e", [("evil_rifleman", 42, 31.5)]), unit("c", [("evil_troll", 45, 34)], kind="large_creature")]
    game = fresh(wmap(a, b, size=(120, 48)), options={"morale": False})
    # d10 7, d4 2, shell 5 (gas); in id order the troll rolls 6 and dies outright, the orc
    # rifleman rolls 5 and dies; the masked Alliance rifleman and the Angry Tree are not tested
    play(game, "ARTILLERY", 7, 2, 5, 6, 5, then=("GOOD",))
    marker = next(m for m in game.state.markers.values() if m.kind == "artillery")
    assert marker.attrs["square"] == "7/2" and "gas" in marker.attrs["name"].lower()
    assert game.state.figures["e.1"].life == DEAD and game.state.figures["c.1"].life == DEAD
    assert game.state.figures["m.1"].alive and game.state.figures["t.1"].alive
    square_rolls = [e.roll for e in game.log.events if e.roll is not None and e.roll.reason.startswith("Artillery: which 2 ft")]
    assert square_rolls[-1].spec == "d10"


def test_he_trench_reroll_vehicle_and_large_creature():
    terrain = [{"type": "trench", "line": [[0, 6], [24, 6]], "width": 2}]
    a = [unit("m", [("good_rifleman", 4, 6), ("good_rifleman", 6, 6), ("good_rifleman", 8, 9)]),
         unit("v", [("good_vehicle", 4, 2)], kind="vehicle"), unit("t", [("good_angry_tree", 9, 2)], kind="large_creature")]
    b = [unit("e", [("evil_rifleman", 40, 40)])]
    game = fresh(wmap(a, b, terrain=terrain), options={"morale": False})
    # d4 square 1, quarter 1, shell 2 (HE); figures in id order: m.1 (trench) 5 then re-roll 3: saved;
    # m.2 (trench) 6, re-roll 4: dies; m.3 (open) 5: dies; tree 6: a wound; vehicle 5, table 1: immobilised
    play(game, "ARTILLERY", 1, 1, 2, 5, 3, 6, 4, 5, 6, 5, 1, *IDENTITY)
    f = game.state.figures
    assert f["m.1"].alive and f["m.2"].life == DEAD and f["m.3"].life == DEAD
    assert f["t.1"].wounds == 1 and game.state.units["v"].markers["immobilised"]


def test_smoke_blocks_fire_and_saves_figures_inside_removed_at_turn_end():
    a = [unit("s", [("good_lmg", 6, 30)]), unit("in", [("good_rifleman", 6, 6)])]
    b = [unit("t", [("evil_rifleman", 4, 4), ("evil_rifleman", 30, 4)])]
    game = fresh(wmap(a, b))
    play(game, "ARTILLERY", 1, 1, 3, *IDENTITY)  # square 1/1 smoke; then turn 2 in listed order
    # the turn ended: the smoke is gone. Put it back to test it within a turn.
    assert not game.state.clouds
    play(game, "ARTILLERY", 1, 1, 4, then=("GOOD",))
    assert game.state.clouds and game.table.in_type(P(4, 4), "smoke")
    assert game.state.phase == "card:GOOD"
    assert "in smoke and may not fire" in refused(game, Command("fire", "a", unit="in", target="t"))
    plan = game.rules.fighting.fire_plan(game, "s", "t")  # fire INTO the smoke is allowed
    assert plan.firers
    force(game, 6, 1, 1, 2)  # LMG 3 dice at 26": one kill; the owner picks t.1 (in smoke), who saves on 2
    ok(game, Command("fire", "a", unit="s", target="t"))
    choose(game, target="t.1")
    assert game.state.figures["t.1"].alive


def test_off_table_quarter_on_a_smaller_table():
    game = fresh(wmap([unit("m", [("good_rifleman", 4, 30)])], [unit("e", [("evil_rifleman", 4, 4)])], size=(36, 36)))
    play(game, "ARTILLERY", 2, 2, *IDENTITY)  # d4 (4 squares on a 3 x 3 ft table): square 2, quarter 2 lies off it
    assert any("off the table: no effect" in e.text for e in game.log.events)
    rolls = [e.roll for e in game.log.events if e.roll is not None and e.roll.reason.startswith("Artillery: which 2 ft")]
    assert rolls[0].spec == "d4"


def test_prepared_strike_arrives_on_its_square_and_turn():
    strikes = [{"side": "a", "square": "1/1", "turn": 1, "shell": "he"}]
    game = fresh(wmap([unit("m", [("good_rifleman", 40, 40)])], [unit("e", [("evil_rifleman", 4, 4)])], strikes=strikes),
                 options={"morale": False})
    play(game, "ARTILLERY", 6, *IDENTITY)  # no square or shell roll: the HE die of the orc, 6
    assert game.state.figures["e.1"].life == DEAD
    assert not any(e.roll is not None and "which 2 ft" in e.roll.reason for e in game.log.events)
    view = game.view("b")
    assert view.attrs["strikes"] == []  # the other side does not see the written strike


def test_artillery_odds_on_a_square_by_hand():
    terrain = [{"type": "trench", "line": [[0, 6], [24, 6]], "width": 2}]
    a = [unit("m", [("good_rifleman", 4, 6), ("good_rifleman", 4, 9)])]  # masked; one in a trench
    b = [unit("e", [("evil_rifleman", 8, 9)])]  # no mask
    game = fresh(wmap(a, b, terrain=terrain))
    rep = game.rules.odds(game, Command("barrage", "a", choice="1/1"))
    he = {"trench": Fraction(1, 3) * Fraction(1, 2), "open": Fraction(1, 3)}
    third = Fraction(1, 3)
    # HE: three independent figures (1/6, 1/3, 1/3); gas: only the orc (1/3); smoke: nothing
    def dist(ps):
        out = {0: Fraction(1)}
        for p in ps:
            nxt = {}
            for k, q in out.items():
                nxt[k] = nxt.get(k, 0) + q * (1 - p)
                nxt[k + 1] = nxt.get(k + 1, 0) + q * p
            out = nxt
        return out
    total = {}
    for ps in ([he["trench"], he["open"], he["open"]], [third], []):
        for k, q in dist(ps).items():
            total[k] = total.get(k, 0) + third * q
    assert rep.outcomes.fractions == total
