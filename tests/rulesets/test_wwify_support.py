"""WWIFY AR:SE: medics, engineers, the legal commands, map checks and sight, with forced dice."""


import pytest

from game.catalog import load_map_doc
from game.core.commands import Command, Refusal
from game.core.state import ACTIVE, DEAD
from game.data.errors import DataError
from game.data.yamlio import Doc

from .helpers import force, ok, refused, unit
from .wwify_kit import IDENTITY, IN, P, choose, decision, fresh, play, rifle_line, wmap


# ---- medics and engineers -------------------------------------------------------------------------------
def test_medic_saves_one_casualty_at_turn_end():
    a = [unit("m", [("good_medic", 20, 32), ("good_rifleman", 21.5, 30), ("good_officer", 23, 30), ("good_rifleman", 24.5, 30)])]
    b = [unit("f", [("evil_lmg", 20, 20)])]
    game = fresh(wmap(a, b), options={"morale": False})
    play(game, "EVIL")
    force(game, 6, 6, 1, 1, 1)
    ok(game, Command("fire", "b", unit="f", target="m"))
    choose(game, target="m.2")
    choose(game, target="m.3")
    force(game, 5)  # the medic's d6 at the end of the turn: 5 saves one; the owner picks
    ok(game, Command("end_phase", "b"))
    assert decision(game)["side"] == "a"
    force(game, *IDENTITY)
    choose(game, target="m.3")
    assert game.state.figures["m.3"].life == ACTIVE and game.state.figures["m.2"].life == DEAD
    assert game.state.turn == 2


def test_a_large_creature_wounded_then_gassed_is_saved_from_the_gas_and_keeps_its_wound():
    """L166-168 "the medic saves one casualty": a troll with its medic takes a wound and
    then dies in the gas the same turn; the save undoes the death, not both."""
    game = fresh(wmap([unit("a1", [("good_rifleman", 40, 44)])],
                      [{"id": "t", "name": "Troll", "kind": "large_creature",
                        "figures": [{"type": "evil_troll", "at": [20, 10], "equipment": ["medic"]}]}]))
    troll = game.state.figures["t.1"]
    game.rules.fighting.wound(game, troll, "fire")
    game.rules.fighting.kill(game, troll, "poison gas")
    assert game.rules.support.saveable(game, game.state.units["t"]) == [(troll, "dead")]
    force(game, 5)
    game.rules.push(game, {"do": "medics"})
    game.rules.run_queue(game)
    assert troll.life == ACTIVE and troll.wounds == 1


def test_medics_optional_rule_off():
    a = [unit("m", [("good_medic", 20, 32), ("good_rifleman", 21.5, 30)])]
    game = fresh(wmap(a, [unit("f", [("evil_lmg", 20, 20)])]), options={"morale": False, "medics": False})
    play(game, "EVIL")
    force(game, 6, 1, 1, 1, 1)
    ok(game, Command("fire", "b", unit="f", target="m"))
    choose(game, target="m.2")
    force(game, *IDENTITY)  # no medic roll before the shuffle
    ok(game, Command("end_phase", "b"))
    assert game.state.turn == 2 and game.state.figures["m.2"].life == DEAD


def test_engineers_fix_a_vehicle_on_five_or_six():
    a = [unit("e", [("good_engineer", 20, 38.5), ("good_engineer", 30, 38)]), unit("v", [("good_vehicle", 20, 40.5)], kind="vehicle")]
    game = fresh(wmap(a, [unit("x", [("evil_rifleman", 4, 4)])]))
    assert "neither immobilised" in refused(game, Command("fix", "a", unit="e", target="v"))
    game.state.units["v"].markers["broken_down"] = True
    force(game, 4)  # one engineer within 1": d6 4 fails
    ok(game, Command("fix", "a", unit="e", target="v"))
    assert game.state.units["v"].markers["broken_down"]
    force(game, 5)
    ok(game, Command("fix", "a", unit="e", target="v"))
    assert not game.rules.immobile(game, game.state.units["v"])
    game = fresh(wmap(a, [unit("x", [("evil_rifleman", 4, 4)])]), options={"engineers": False})
    game.state.units["v"].markers["immobilised"] = True
    assert "not in play" in refused(game, Command("fix", "a", unit="e", target="v"))


def test_engineers_build_a_bridge_four_actions_per_inch_with_materials():
    terrain = [{"type": "water", "rect": {"x": 0, "y": 30, "w": 48, "h": 2}}]
    settings = {"bridge_sites": [{"id": "ford", "name": "Ford bridge", "line": [[20, 30], [20, 32]]}]}
    sappers = {"id": "e", "name": "Sappers", "kind": "squad", "attrs": {"materials": 2},
               "figures": [{"type": "good_engineer", "at": [19.5, 28.4]}, {"type": "good_engineer", "at": [21, 28.4]}]}
    carriers = {"id": "c", "name": "Carriers", "kind": "squad", "attrs": {"materials": 2},
                "figures": [{"type": "good_rifleman", "at": [18, 27]}, {"type": "good_rifleman", "at": [19.5, 27]}]}
    walker = unit("w", [("good_rifleman", 17, 28.8)])
    game = fresh(wmap([sappers, carriers, walker], [unit("x", [("evil_rifleman", 4, 4)])], terrain=terrain, settings=settings))
    assert "cross rivers only by a bridge" in refused(game, Command("move", "a", figure="w.1", path=(P(20, 30.6),)))
    ok(game, Command("build", "a", unit="e", choice="ford"))  # 2 engineers: 2 actions of work
    site = game.state.attrs["bridges"]["ford"]
    assert site["work"] == 2 and site["built"] == 0 and "bridge:ford" not in game.table
    ok(game, Command("build", "a", unit="e", choice="ford"))  # 4 actions: 1" built
    assert site["built"] == pytest.approx(IN) and "bridge:ford" in game.table
    mats = game.state.units["e"].attrs["materials"] + game.state.units["c"].attrs["materials"]
    assert mats == 0
    # the 1" of bridge is walkable now (past it is still water)
    ok(game, Command("move", "a", figure="w.1", path=(P(20.5, 30.6),)))
    # the working end is now 1" out: the engineers must follow it onto the bridge
    play(game, "GOOD")
    assert "within 2\" of the bridge's working end" in refused(game, Command("build", "a", unit="e", choice="ford"))
    ok(game, Command("move", "a", figure="e.1", path=(P(19.5, 30.2),)))
    # and there are no materials left: no more work
    assert "No materials" in refused(game, Command("build", "a", unit="e", choice="ford"))


# ---- the interface and the legal commands ----------------------------------------------------------------
def test_listed_commands_all_pass_their_checks_and_actions_exist():
    from game.catalog import ROOT, load_map, new_game
    from game.simulate import make_player

    g = new_game(load_map(ROOT / "maps" / "wwify-gloomford-crossing.yaml"), 4)
    players = {s: make_player("random", 7 + i) for i, s in enumerate(g.state.side_order)}
    for _ in range(120):
        if g.state.over:
            break
        side = g.acting_side
        cmds = g.legal_commands(side)
        assert cmds
        for c in cmds:
            assert g.check(c) is None, (c, g.check(c))
        if g.rules.decision(g) is None:
            for u in g.state.side_units(side):
                for a in g.rules.actions(g, side, u.id, None):
                    assert a.label and a.mode in ("now", "enemy_unit", "enemy_figure", "own_unit", "own_figure", "point", "move_figure")
                g.rules.unit_status(g, u.id)
                assert g.rules.unit_options(g, u.id)
        assert g.submit(players[side].choose(g, side)).ok


def test_badges_and_range_bands():
    a = [unit("v", [("good_vehicle", 20, 40)], kind="vehicle")]
    game = fresh(wmap(a, [unit("c", [("evil_troll", 20, 4)], kind="large_creature")]))
    game.state.units["v"].markers["immobilised"] = True
    game.state.figures["c.1"].wounds = 2
    assert "immobilised" in game.rules.unit_status(game, "v")
    assert "wounds 2" in game.rules.unit_status(game, "c")
    bands = game.rules.range_bands(game, game.state.figures["v.1"])
    # each band's weapon is the one the fire rolls there (the most dice, the first listed of equals)
    assert [b[0] for b in bands] == ['LMG 0-4": 5d6', 'LMG 4.1-8": 5d6', 'Field gun 8.1-16": 5d6', 'Field gun 16.1-32": 5d6']
    assert bands[0][1] == 0 and bands[2][1] == pytest.approx(8 * IN) and bands[3][2] == pytest.approx(32 * IN)


def test_map_checks():
    with pytest.raises(DataError, match="single vehicle"):
        load_map_doc(Doc("m.yaml", wmap([unit("v", [("good_vehicle", 20, 40), ("good_rifleman", 24, 40)], kind="vehicle")],
                                        [unit("x", [("evil_rifleman", 4, 4)])])))
    with pytest.raises(DataError, match="at most 10"):
        load_map_doc(Doc("m.yaml", wmap([unit("s", rifle_line("good_rifleman", 11, 2, 40))], [unit("x", [("evil_rifleman", 4, 4)])])))
    with pytest.raises(DataError, match="engineers form squads"):
        load_map_doc(Doc("m.yaml", wmap([unit("s", [("good_engineer", 2, 40), ("good_rifleman", 3.5, 40)])], [unit("x", [("evil_rifleman", 4, 4)])])))
    doc = wmap([{"id": "s", "name": "s", "kind": "squad", "attrs": {"materials": 3}, "figures": [{"type": "good_rifleman", "at": [2, 40]}]}],
               [unit("x", [("evil_rifleman", 4, 4)])])
    with pytest.raises(DataError, match="at most 1"):
        load_map_doc(Doc("m.yaml", doc))


def test_walking_into_the_gas_cloud_tests_once():
    a = [unit("m", [("evil_rifleman", 14, 6)])]  # no gas mask; Evil is side b here
    b = [unit("x", [("good_rifleman", 40, 40)])]
    game = fresh(wmap(b, a), options={"morale": False})
    play(game, "ARTILLERY", 1, 1, 5, then=("EVIL",))  # gas on 1/1: nobody under it
    assert game.table.in_type(P(6, 6), "gas")
    force(game, 5)  # the orc ends its move in the cloud: d6 5 kills
    ok(game, Command("move", "b", figure="m.1", path=(P(10, 6),)))
    assert game.state.figures["m.1"].life == DEAD


def test_kills_saved_by_smoke_do_not_trigger_morale():
    a = [unit("s", [("good_lmg", 6, 30)])]
    b = [unit("t", [("evil_officer", 4, 4), ("evil_rifleman", 5.5, 4), ("evil_rifleman", 4, 5.5)])]
    game = fresh(wmap(a, b))
    game.state.figures["t.3"].life = DEAD  # already one down: the next loss would be over half
    play(game, "ARTILLERY", 1, 1, 3, then=("GOOD",))
    force(game, 6, 1, 1, 3)  # one kill on t.2 in the smoke: saved on 3
    ok(game, Command("fire", "a", unit="s", target="t"))
    choose(game, target="t.2")
    assert game.state.figures["t.2"].alive and not any(e.roll is not None and "morale test" in e.roll.reason for e in game.log.events)


def test_engineers_open_a_new_bridge_from_a_bank_point():
    terrain = [{"type": "water", "rect": {"x": 0, "y": 30, "w": 48, "h": 2}}]
    sappers = {"id": "e", "name": "Sappers", "kind": "squad", "attrs": {"materials": 2},
               "figures": [{"type": "good_engineer", "at": [19.5, 28.8]}, {"type": "good_engineer", "at": [21, 28.8]}]}
    tree = {"id": "t", "name": "Oak", "kind": "large_creature", "attrs": {"materials": 4},
            "figures": [{"type": "good_angry_tree", "at": [20, 25.5]}]}  # a large creature carries 4
    game = fresh(wmap([sappers, tree], [unit("x", [("evil_rifleman", 4, 4)])], terrain=terrain))
    assert "No river bank within 2\"" in refused(game, Command("build", "a", unit="e", point=P(20, 20)))
    ok(game, Command("build", "a", unit="e", point=P(20, 29.5)))
    sites = game.state.attrs["bridges"]
    (sid, site), = sites.items()
    a, b = site["a"], site["b"]
    assert abs(a[0] - b[0]) < 0.5 * IN and a[1] < 30 * IN < 32 * IN < b[1]  # straight across, the short way
    ok(game, Command("build", "a", unit="e", point=P(20, 29.5)))  # the same site: 4 actions, 1" of bridge
    assert len(sites) == 1 and site["built"] == pytest.approx(IN) and f"bridge:{sid}" in game.table
    assert game.state.units["e"].attrs["materials"] == 0 and game.state.units["t"].attrs["materials"] == 2


def test_flyers_see_over_blocking_terrain_but_not_through_smoke():
    terrain = [{"type": "building", "rect": {"x": 18, "y": 20, "w": 12, "h": 6}}]
    a = [unit("r", [("good_rifleman", 24, 30)]), unit("r2", [("good_rifleman", 30, 44)])]
    b = [unit("w", [("evil_flyer", 24, 14)], kind="flyer"), unit("o", [("evil_rifleman", 25, 14)])]
    game = fresh(wmap(a, b, terrain=terrain))
    game.rules.fighting.fire_plan(game, "r", "w")  # over the building: the flyer is seen
    with pytest.raises(Refusal, match="cannot see"):
        game.rules.fighting.fire_plan(game, "r", "o")  # the orc behind it is not
    assert "winged" not in game.rules.unit_status(game, "w")
    game.state.units["w"].markers["winged"] = 1
    assert "winged" in game.rules.unit_status(game, "w")
