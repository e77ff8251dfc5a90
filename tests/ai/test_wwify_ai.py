"""The solo AI playing WWIFY AR:SE: what a WWIFY unit is for the solo rules (profile and
AFV points), each order turned into the right kind of command in scripted situations
(small tables, forced dice), the AI's choices in decisions, and AI-vs-random games on
both shipped maps without a refused command."""

from pathlib import Path

import pytest

from game.ai.solo_ai import SoloAI
from game.catalog import load_map
from game.core.commands import Command
from game.core.game import Game
from game.core.rng import SeededSource
from game.core.state import DEAD, Cloud
from game.simulate import make_player, play_out, simulate
from game.solo.keys import SoloKey
from tests.ai.planner_kit import cmds, first_legal, order
from tests.rulesets.helpers import force, ok, unit
from tests.rulesets.wwify_kit import choose, decision, fresh, wmap
from tests.rulesets.wwify_kit import rifle_line as line

IN = 25.4
ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("wwify-*.yaml"))
CARDS = ["GOOD", "EVIL", "FLYER", "LARGE_CREATURE", "VEHICLE", "ARTILLERY"]


def deal(game: Game, cid: str, *faces: int) -> None:
    """Deal card ``cid`` next (with the forced faces for whatever it rolls)."""
    st = game.state
    st.attrs["queue"] = []
    st.attrs.pop("decision", None)
    deck = st.decks["activation"]
    deck.draw_pile = [cid]
    deck.discards = [c for c in CARDS if c != cid]
    force(game, *faces)
    game.rules.push(game, {"do": "deal"})
    game.rules.run_queue(game)
    game.rules.sync_table(game)
    game.dice.source = SeededSource(7)  # later rolls (the next shuffle) from the seed


def pos(game, fid):
    f = game.state.figures[fid]
    return (f.x / IN, f.y / IN)


# ---- what WWIFY units are for the solo rules -------------------------------------------------------------
def test_profiles_of_every_kind():
    a = [unit("sq", line("good_rifleman", 4, 10, 40, first="good_officer")),
         unit("nk", line("good_rifleman", 4, 10, 44)),
         unit("sn", [("good_sniper", 20, 40)], kind="sniper"),
         unit("mg", [("good_hmg", 24, 40), ("good_crew", 26, 40)], kind="hmg"),
         unit("fg", [("good_field_gun", 30, 40), ("good_crew", 32.5, 40)], kind="field_gun"),
         unit("lc", [("good_angry_tree", 36, 40)], kind="large_creature"),
         unit("fl", [("good_flyer", 40, 40)], kind="flyer"),
         unit("vh", [("good_vehicle", 44, 40)], kind="vehicle")]
    b = [unit("fl2", [("evil_flamer", 10, 10), ("evil_rifleman", 11.5, 10)])]
    game = fresh(wmap(a, b))
    rules, st = game.rules, game.state
    p = {u: rules.profile(game, st.units[u]) for u in st.units}
    assert p["sq"].has_nco and p["sq"].officer and not p["sq"].command
    assert not p["nk"].has_nco  # an officer leads a WWIFY squad: no officer, the "no NCO" factor
    # a sniper takes "+1 No NCO" as WW2 Skirmish's sniper team; a large creature does not (reading solo-support)
    assert not p["sn"].has_nco and p["lc"].has_nco and not p["sn"].support_weapon
    assert p["mg"].support_weapon and not p["mg"].at_gun
    assert p["fg"].support_weapon and p["fg"].at_gun and p["fg"].one_action
    assert p["vh"].vehicle and p["fl"].vehicle and not p["lc"].vehicle

    def heavy(firer: str, target: str) -> bool:  # fire from it counts as "mortars, flame or AFVs"
        rules.note_fire(game, target, firer, 1)
        return st.units[target].attrs[SoloKey.FIRED_ON][-1]["heavy"]

    assert heavy("fg", "fl2") and heavy("vh", "fl2") and heavy("fl", "fl2")
    assert not heavy("mg", "fl2") and not heavy("sn", "fl2") and not heavy("lc", "fl2") and not heavy("nk", "fl2")
    assert not heavy("fl2", "nk")  # its flamethrower 30" off: rifle fire
    st.figures["fl2.1"].y = st.figures["nk.1"].y - 5 * IN  # within the flamethrower's 8"
    assert heavy("fl2", "nk")
    st.figures["fl2.1"].y = 10 * IN
    st.units["nk"].attrs.pop(SoloKey.FIRED_ON)
    st.units["fl2"].attrs.pop(SoloKey.FIRED_ON)
    st.figures["lc.1"].wounds = 1
    assert rules.profile(game, st.units["lc"]).damaged_fraction == pytest.approx(1 / 3)
    st.figures["nk.1"].life = DEAD
    assert rules.profile(game, st.units["nk"]).damaged_fraction == 0.25
    st.units["sq"].markers["panicked"] = True
    assert rules.profile(game, st.units["sq"]).routing
    st.units["vh"].markers["broken_down"] = True
    assert rules.profile(game, st.units["vh"]).damaged
    factors = {f for f, _, _ in rules.risk_factors(game, st.units["nk"])}
    assert "no_nco" in factors and "command" not in factors
    assert "command" in {f for f, _, _ in rules.risk_factors(game, st.units["fg"])}  # one action


def test_afv_situation_counts():
    a = [unit("v", [("good_vehicle", 20, 40)], kind="vehicle"),
         unit("i", [("good_rifleman", 24, 40), ("good_rifleman", 25.5, 40)])]
    b = [unit("e", [("evil_rifleman", 20, 20)]), unit("r", [("evil_rifleman", 20, 46)])]
    game = fresh(wmap(a, b))
    rules, st = game.rules, game.state
    v = st.units["v"]
    st.figures["v.1"].facing = 270.0  # facing north, toward the enemy at y=20
    s = rules.afv_situation(game, v)
    assert s["infantry_near"] == 1 and s["alone"] == 0 and s["damaged"] == 0
    assert s["flanked"] == 1  # the rifleman at y=46 is behind the line across its front
    assert s["no_main_gun"] == 0 and s["no_weapons"] == 0 and s["under_at_fire"] == 0
    v.markers["immobilised"] = True
    rules.note_fire(game, "v", "e", 1)
    st.figures["i.1"].life = st.figures["i.2"].life = DEAD
    s = rules.afv_situation(game, v)
    assert s["damaged"] == 1 and s["under_at_fire"] == 1 and s["alone"] == 1 and s["infantry_near"] == 0
    st.figures["v.1"].weapons = []
    s = rules.afv_situation(game, v)
    assert s["no_main_gun"] == 1 and s["no_weapons"] == 1


def test_immobile_vehicle_bales_out_and_does_nothing():
    a = [unit("v", [("good_vehicle", 20, 40)], kind="vehicle")]
    b = [unit("e", [("evil_stormtrooper", 20, 30)])]
    game = fresh(wmap(a, b))
    deal(game, "VEHICLE")
    st = game.state
    st.units["v"].markers["immobilised"] = True
    game.rules.note_fire(game, "v", "e", 1)  # under fire from a weapon that can hurt it
    pts = sum(v for _, v, _ in game.rules.afv_points(game, st.units["v"]))
    assert pts <= -3  # damaged, under AT fire, alone
    force(game, 1)
    ok(game, Command("solo_orders", "a", unit="v"))
    assert st.units["v"].markers["solo_order"] == "bale_out"
    assert cmds(game, "v") == []
    ai = SoloAI(1)
    assert ai.choose(game, "a").kind == "end_phase"


def test_mobile_vehicle_never_bales_out_and_main_gun_takes_the_enemy_armour():
    a = [unit("v", [("good_vehicle", 20, 40)], kind="vehicle")]
    b = [unit("e", line("evil_rifleman", 6, 30, 28)), unit("t", [("evil_vehicle", 12, 26)], kind="vehicle")]
    game = fresh(wmap(a, b))
    deal(game, "VEHICLE", 6, 1)  # both sides have vehicles: a rolls 6, b rolls 1 (a first)
    assert game.state.active_side == "a"
    order(game, "v", "halt")
    c = cmds(game, "v")
    assert c and all(x.kind == "fire" for x in c)
    assert c[0].target == "t"  # the nearest enemy AFV in preference to the infantry
    assert game.check(c[0]) is None


# ---- orders into commands ----------------------------------------------------------------------------------
def test_halted_squad_fires_twice_at_the_best_target():
    a = [unit("s", line("good_rifleman", 6, 20, 40) + [("good_lmg", 29, 40)])]
    trench = [{"type": "trench", "line": [[30, 28], [46, 28]], "width": 2.5}]
    b = [unit("open", line("evil_rifleman", 6, 14, 30)), unit("dug", line("evil_rifleman", 6, 32, 28))]
    game = fresh(wmap(a, b, terrain=trench))
    order(game, "s", "halt")
    c = cmds(game, "s")
    assert [x.kind for x in c] == ["fire", "fire"]
    assert c[0].target == "open" and c[0].value == 1  # the same dice against a trench kill half as often
    force(game, *[1] * 11)
    ok(game, c[0])
    c2 = first_legal(game, "s")
    assert (c2.kind, c2.target, c2.value) == ("fire", "open", 2)
    force(game, *[1] * 11)
    ok(game, c2)
    assert cmds(game, "s") == []  # both actions used


def test_attacking_squad_closes_charges_and_fights():
    a = [unit("s", line("good_rifleman", 4, 20, 40, first="good_officer"))]
    b = [unit("e", line("evil_rifleman", 3, 21, 28))]
    game = fresh(wmap(a, b))
    order(game, "s", "attack")
    c = first_legal(game, "s")
    assert c.kind == "move_unit" and c.choice is None
    before = game.rules.unit_centre(game, "s")
    ok(game, c)
    after = game.rules.unit_centre(game, "s")
    foe = game.rules.unit_centre(game, "e")
    assert game.rules.dist(after, foe) < game.rules.dist(before, foe) - 5 * IN  # full move at it
    c = first_legal(game, "s")  # now in reach: the second action charges
    assert (c.kind, c.choice, c.target) == ("move_unit", "charge", "e")
    ok(game, c)
    game.rules.fighting.combat_plan(game, "s")  # in base contact
    deal(game, "GOOD")
    order(game, "s", "attack")
    c = first_legal(game, "s")
    assert c.kind == "combat" and c.value == 1
    plan = game.rules.fighting.combat_plan(game, "s")
    force(game, *[6] * len(plan.attackers), *[1] * len(plan.defenders))  # the attackers' dice, then the defenders'
    ok(game, c)
    while game.rules.decision(game):  # the loser picks who falls, the winner kills or captures
        d = game.rules.decision(game)
        ok(game, game.rules.planner.decide(game, d["side"], game.rules.decision_options(game)))
    assert len(game.state.unit_figures("e")) == 2
    if any(game.rules.fighting.contact(f, e) for f in game.state.unit_figures("s") for e in game.state.unit_figures("e")):
        c = first_legal(game, "s")
        assert c.kind == "combat" and c.value == 2  # a second round with the second action


def test_advance_is_one_move_then_fire():
    a = [unit("s", line("good_rifleman", 5, 20, 44, first="good_officer"))]
    b = [unit("e", line("evil_rifleman", 4, 20, 14))]
    game = fresh(wmap(a, b))
    order(game, "s", "advance")
    c = first_legal(game, "s")
    assert c.kind == "move_unit"
    ok(game, c)
    c = first_legal(game, "s")
    assert c.kind == "fire" and c.value == 2


def test_a_move_is_weighed_where_its_figures_stop_after_climbing_out_of_a_trench():
    """Climbing out of a trench costs 3" of the 6" move: the planner scores each move of a
    unit (its progress, its figures in cover) on where each figure really stops, not where
    its full 6" would take it (a figure leaving the trench goes 3" and stands in the open;
    one going along it goes the whole 6")."""
    trench = [{"type": "trench", "line": [[10, 30], [40, 30]], "width": 2.5}]
    a = [unit("s", line("good_rifleman", 4, 20, 30, first="good_officer"))]
    game = fresh(wmap(a, [unit("e", line("evil_rifleman", 2, 30, 4))], terrain=trench))
    routes, s1 = game.rules.planner.routes, game.state.figures["s.1"]
    out = routes.reached(game, game.state.units["s"], s1, (s1.x, s1.y - 6 * IN))
    assert out == pytest.approx((s1.x, s1.y - 3 * IN), abs=0.05 * IN)  # 3" to climb out, 3" on
    along = (s1.x + 6 * IN, s1.y)
    assert routes.reached(game, game.state.units["s"], s1, along) == along  # along the trench: no cost


def test_a_move_along_the_trench_held_back_by_a_friendly_unit_beats_one_out_of_it():
    """Closing on an enemy to the north-east, a squad's best move goes along its trench,
    where a friendly unit in the way holds its leading figures back. That bent line is
    given before the clean moves (which all climb out into the open) when it scores clearly
    better: the squad closes up behind its friends and stays in the trench."""
    trench = [{"type": "trench", "line": [[4, 30], [44, 30]], "width": 2.5}]
    a = [unit("s", line("good_rifleman", 4, 10, 30, first="good_officer")),
         unit("b", [("good_rifleman", 17, 30), ("good_rifleman", 18.5, 30)])]
    game = fresh(wmap(a, [unit("e", line("evil_rifleman", 2, 40, 16))], terrain=trench))
    routes = game.rules.planner.routes
    order(game, "s", "close")
    c = first_legal(game, "s")
    assert c.kind == "move_unit"
    ok(game, c)
    figs = game.state.unit_figures("s")
    assert all(routes.cover_at(game, f.pos) > 0 for f in figs), [pos(game, f.id) for f in figs]
    assert min(pos(game, f.id)[0] for f in figs) > 12  # it went along the trench, toward the enemy


def test_routing_squad_runs_for_home_and_never_fires():
    a = [unit("s", line("good_rifleman", 4, 20, 30))]
    b = [unit("e", line("evil_rifleman", 4, 20, 22))]
    game = fresh(wmap(a, b))
    order(game, "s", "rout")
    memo: dict = {}
    ys = [pos(game, "s.1")[1]]
    for _ in range(2):
        listed = list(game.rules.planner.unit_commands(game, "a", game.state.units["s"], memo))
        assert listed and all(x.kind not in ("fire", "combat") for x in listed)
        c = next(x for x in listed if game.check(x) is None)
        ok(game, c)
        ys.append(pos(game, "s.1")[1])
    assert ys[2] > ys[1] > ys[0]  # toward the south (home) edge, twice
    assert cmds(game, "s") == []


def test_retreat_stays_in_cover_when_strong_else_moves_away():
    trench = [{"type": "trench", "line": [[10, 30], [40, 30]], "width": 2.5}]
    a = [unit("s", line("good_rifleman", 4, 20, 30))]
    b = [unit("e", line("evil_rifleman", 4, 20, 18))]
    game = fresh(wmap(a, b, terrain=trench))
    order(game, "s", "retreat")
    assert first_legal(game, "s").kind == "fire"  # in a trench with all its men: stays and fires
    game = fresh(wmap([unit("s", line("good_rifleman", 4, 20, 26))], b))
    order(game, "s", "retreat")
    c = first_legal(game, "s")
    assert c.kind == "move_unit"
    ok(game, c)
    assert pos(game, "s.1")[1] > 26


def test_support_weapon_fires_twice_and_field_gun_once():
    a = [unit("mg", [("good_hmg", 20, 40), ("good_crew", 22, 40)], kind="hmg")]
    b = [unit("e", line("evil_rifleman", 5, 18, 30))]
    game = fresh(wmap(a, b))
    order(game, "mg", "halt")
    for value in (1, 2):
        c = first_legal(game, "mg")
        assert (c.kind, c.value) == ("fire", value)
        force(game, *[1] * 8)
        ok(game, c)
    assert cmds(game, "mg") == []


def test_support_weapon_with_nothing_to_shoot_carries_out_the_advance():
    a = [unit("mg", [("good_mortar", 20, 44), ("good_crew", 22, 44)], kind="mortar")]
    b = [unit("e", line("evil_rifleman", 3, 20, 4))]  # 40" away: out of range
    game = fresh(wmap(a, b))
    force(game, 6)  # RF up to 0 and a 6: Close on the enemy, which a support weapon makes a Halt
    ok(game, Command("solo_orders", "a", unit="mg"))
    u = game.state.units["mg"]
    assert u.markers["solo_order"] == "halt" and u.markers["solo_chart"] in ("advance", "attack", "close")
    c = first_legal(game, "mg")
    assert c.kind == "move_unit"
    ok(game, c)
    assert pos(game, "mg.1")[1] < 44


def test_flyer_advances_then_halts_within_twenty_inches():
    a = [unit("f", [("good_flyer", 20, 44)], kind="flyer")]
    b = [unit("e", line("evil_rifleman", 4, 20, 4))]
    game = fresh(wmap(a, b))
    deal(game, "FLYER")
    order(game, "f", "advance")
    c = first_legal(game, "f")
    assert c.kind == "move" and c.figure == "f.1"
    ok(game, c)
    assert pos(game, "f.1")[1] < 44
    c = first_legal(game, "f")  # the fire that goes with the move, if in range, else the next action
    assert c.kind in ("fire", "move")


def test_squad_crosses_the_river_by_the_bridge():
    water = {"type": "water", "rect": {"x": 0, "y": 20, "w": 48, "h": 4}}
    bridge = {"type": "bridge", "line": [[10, 18], [10, 26]], "width": 3}
    a = [unit("s", line("good_rifleman", 4, 14, 32, first="good_officer"))]
    b = [unit("e", line("evil_rifleman", 2, 30, 6))]
    doc = wmap(a, b, terrain=[water, bridge])
    doc["objectives"] = [{"id": "o", "name": "Farm", "at": [30, 8], "radius": 4}]
    doc["victory"]["conditions"] = [{"type": "hold", "side": "a", "objectives": ["o"]}]
    game = fresh(doc)
    ai = SoloAI(3)
    for _ in range(5):
        deal(game, "GOOD")
        order(game, "s", "attack")
        for _ in range(120):
            c = ai.choose(game, "a")
            ok(game, c)
            if c.kind == "end_phase":
                break
        if all(f.y < 20 * IN for f in game.state.unit_figures("s")):
            break
    assert all(f.y < 20 * IN for f in game.state.unit_figures("s")), [pos(game, f.id) for f in game.state.unit_figures("s")]


def bridge_game(north_stub_end: float, site: list, sappers_y: tuple[float, float], carriers: list[tuple[float, float]],
                enemy: tuple[float, float] = (47, 1)) -> Game:
    """A river 4" wide (y 20-24) with two bridge stubs and the scenario's gap ``site``
    between them, four Sappers carrying 4 on the south stub (rows at ``sappers_y``), angry
    trees carrying 4 each at ``carriers``, a farm across the river to hold and an enemy
    rifleman at ``enemy`` (by default more than 32" from the gap: it cannot fire on it)."""
    water = {"type": "water", "rect": {"x": 0, "y": 20, "w": 48, "h": 4}}
    stubs = [{"type": "bridge", "line": [[20, 18], [20, north_stub_end]]}, {"type": "bridge", "line": [[20, 22.6], [20, 26]]}]
    settings = {"bridge_sites": [{"id": "gap", "name": "Gap", "line": site}]}
    y1, y2 = sappers_y
    sappers = {"id": "e", "name": "Sappers", "kind": "squad", "attrs": {"materials": 4},
               "figures": [{"type": "good_engineer", "at": [19.5, y1]}, {"type": "good_engineer", "at": [20.5, y1]},
                           {"type": "good_engineer", "at": [20, y2]}, {"type": "good_engineer", "at": [21.2, y2]}]}
    trees = [{"id": f"t{i or ''}", "name": "Oak", "kind": "large_creature", "attrs": {"materials": 4},
              "figures": [{"type": "good_angry_tree", "at": list(at)}]} for i, at in enumerate(carriers)]
    doc = wmap([sappers, *trees], [unit("x", [("evil_rifleman", *enemy)])], terrain=[water] + stubs, settings=settings)
    doc["objectives"] = [{"id": "o", "name": "Farm", "at": [30, 8], "radius": 4}]
    doc["victory"]["conditions"] = [{"type": "hold", "side": "a", "objectives": ["o"]}]
    game = fresh(doc)
    order(game, "e", "advance")
    return game


def test_engineers_repair_the_bridge_their_side_needs():
    game = bridge_game(21, [[20, 21], [20, 22.6]], (22.9, 24.2), [(26, 34)])
    job = game.rules.planner.engineers.bridge_job(game, "a")
    assert job and job["site"] == "gap" and job["need"] == 8  # two 1" sections of 4 actions
    c = first_legal(game, "e")
    assert (c.kind, c.choice) == ("build", "gap")
    ok(game, c)
    assert game.state.attrs["bridges"]["gap"]["work"] == 2  # the two engineers within 2" of the working end
    # the tree brings its materials to the bridge instead of heading for the farm
    park = game.rules.planner._goal(game, "a", game.state.units["t"])
    assert park is not None and abs(park[0] - 20 * IN) < 1 and park[1] > 22.6 * IN


def test_engineers_repair_a_gap_begun_on_their_own_bank_standing_behind_its_working_end():
    """A scenario's site whose first end is on the engineers' bank (Gloomford's broken
    bridge, 2.5" across): they work from behind the working end, on what is built, and
    follow it across; a gap longer than their 2" reach is built all the same."""
    game = bridge_game(20.1, [[20, 22.6], [20, 20.1]], (23.2, 24.4), [(26, 30), (14, 30)])
    engineers = game.rules.planner.engineers
    job = engineers.bridge_job(game, "a")
    assert job and job["need"] == 12  # three 1" sections of 4 actions
    assert job["spot"] == pytest.approx((20 * IN, 22.75 * IN)) and job["park"][1] == pytest.approx(24.75 * IN)
    c = first_legal(game, "e")
    assert (c.kind, c.choice) == ("build", "gap")
    game.state.attrs["bridges"]["gap"]["built"] = 2 * IN  # two sections later the working end is 0.5" from the far stub
    game.rules.sync_table(game)  # the built span on the table
    game.kept.pop("wwai_cache", None)  # (the planner's scratch, kept while the state is unchanged)
    job = engineers.bridge_job(game, "a")
    assert job and job["spot"] == pytest.approx((20 * IN, 20.75 * IN))


def test_a_squad_answers_the_section_shooting_it_before_an_easier_target_out_of_its_reach(monkeypatch):
    """Interpretation solo-fire: the target's worth is multiplied by one plus a third of the
    dice it can bring against the firer. An Alliance section in a trench 12" off (six rifles
    in reach) against four lancers in the open 30" off (none in reach of the squad's first
    figure): the lancers are the likelier kills, the section the target."""
    import game.rulesets.wwify.ai_value as ai_value

    trench = {"type": "trench", "line": [[0, 22], [48, 22]], "width": 2.5}
    game = fresh(wmap([unit("s", line("good_rifleman", 6, 14, 22)), unit("n", line("good_cavalry", 4, 30, 40))],
                      [unit("h", line("evil_rifleman", 6, 14, 10))], terrain=[trench]))
    value, st = game.rules.planner.value, game.state
    assert value.threat_to(game, st.units["s"], st.units["h"]) == pytest.approx(1.0)  # six dice at 8.1-16", a sixth each
    assert value.threat_to(game, st.units["n"], st.units["h"]) == 0.0  # beyond 32"
    options = value.fire_options(game, st.units["h"])
    assert [t for _, t in options] == ["s", "n"]
    assert options[0][0] == pytest.approx(value.fire_value(game, game.rules.fighting.fire_plan(game, "h", "s")) * (1 + 2.0 * 1.0))
    monkeypatch.setattr(ai_value, "FOOT_THREAT", 0.0)
    game.kept.clear()  # (the planner's scratch)
    assert [t for _, t in value.fire_options(game, st.units["h"])] == ["n", "s"]


def test_engineers_defending_their_position_do_not_leave_it_for_the_bridge(monkeypatch):
    """Interpretation solo-defenders: a unit defending its position will not leave it, on
    the way to a bridge no more than toward the enemy; at the working end it still builds."""
    game = bridge_game(21, [[20, 21], [20, 22.6]], (30, 31.2), [(26, 34)])  # the sappers 7" back from the gap
    assert game.rules.planner.engineers.bridge_job(game, "a") is not None
    going = first_legal(game, "e")
    assert going.kind == "move_unit" and going.unit == "e"  # to the working end
    monkeypatch.setattr(type(game.rules), "holds_position", lambda self, g, u: u.id == "e")
    game.kept.pop("wwai_cache", None)
    assert all(c.kind not in ("move", "move_unit") for c in cmds(game, "e"))  # it holds (no target in range: nothing to do)
    at_work = bridge_game(21, [[20, 21], [20, 22.6]], (22.9, 24.2), [(26, 34)])
    assert (first_legal(at_work, "e").kind, first_legal(at_work, "e").choice) == ("build", "gap")


def test_engineers_do_not_work_a_bridge_under_the_enemys_fire():
    """A known enemy that sees the working end within 32" (the longest range of fire)
    keeps the engineers off the site: they carry out their order instead."""
    game = bridge_game(21, [[20, 21], [20, 22.6]], (22.9, 24.2), [(26, 34)], enemy=(24, 6))
    engineers = game.rules.planner.engineers
    assert engineers.under_fire(game, "a", (20 * IN, 22.75 * IN))
    assert engineers.bridge_job(game, "a") is None
    assert first_legal(game, "e").kind != "build"
    far = bridge_game(21, [[20, 21], [20, 22.6]], (22.9, 24.2), [(26, 34)])  # the rifleman 34" off
    assert not far.rules.planner.engineers.under_fire(far, "a", (20 * IN, 22.75 * IN))


def test_engineers_fix_their_vehicle():
    a = [unit("e", [("good_engineer", 20, 38.5), ("good_engineer", 21.5, 38.5)]),
         unit("v", [("good_vehicle", 20, 40.5)], kind="vehicle")]
    game = fresh(wmap(a, [unit("x", [("evil_rifleman", 4, 4)])]))
    game.state.units["v"].markers["broken_down"] = True
    order(game, "e", "advance")
    assert first_legal(game, "e").kind == "fix"


# ---- decisions ---------------------------------------------------------------------------------------------
def test_decisions_casualties_sniper_capture_rally():
    a = [unit("s", [("good_officer", 20, 40), ("good_lmg", 21.5, 40), ("good_rifleman", 23, 40), ("good_medic", 24.5, 40)])]
    b = [unit("e", [("evil_officer", 20, 30), ("evil_rifleman", 21.5, 30)])]
    game = fresh(wmap(a, b))
    rules = game.rules
    opts = [(f.id, Command("pick_casualty", "a", target=f.id)) for f in game.state.unit_figures("s")]
    assert rules.planner.decide(game, "a", opts).target == "s.3"  # the rifleman, least valuable
    game.state.clouds["smoke:t"] = Cloud("smoke:t", "smoke", 24.5 * IN, 40 * IN, 0.7 * IN)
    game.rules.sync_table(game)
    assert rules.planner.decide(game, "a", opts).target == "s.4"  # in smoke: it saves on 2+
    del game.state.clouds["smoke:t"]
    game.rules.sync_table(game)
    snipe = [(f.id, Command("pick_casualty", "b", target=f.id)) for f in game.state.unit_figures("s")]
    assert rules.planner.decide(game, "b", snipe).target == "s.1"  # a sniper's pick: the officer
    cap = [("kill", Command("capture", "b", target="s.3", choice="kill")), ("capture", Command("capture", "b", target="s.3", choice="capture"))]
    assert rules.planner.decide(game, "b", cap).choice == "capture"  # their medic could save a dead man
    game.state.figures["s.4"].life = DEAD
    assert rules.planner.decide(game, "b", cap).choice == "kill"
    rally = [("run", Command("rally", "a", unit="s", choice="run")), ("rally", Command("rally", "a", unit="s", choice="rally"))]
    assert rules.planner.decide(game, "a", rally).choice == "rally"
    # a good officer's failed heroic act kills him: not when his death would break his side
    # (interpretation solo-rally; side a has lost its medic, 1 of 4: broken at 2)
    game.state.attrs["victory"]["conditions"] = [{"type": "break", "side": "b", "fraction": 0.5, "text": "broken"}]
    assert rules.planner.decide(game, "a", rally).choice == "run"


def panicked_evil_squad(pips: int, victory: list | None = None) -> Game:
    """An evil squad of 8 whose fifth loss makes it test and fail by ``pips`` with its
    officer and two riflemen left: the rally decision is put to side b."""
    a = [unit("f", [("good_lmg", 20, 33)])]
    b = [unit("m", [(f"evil_{'officer' if i == 0 else 'rifleman'}", 20 + 1.5 * i, 30) for i in range(8)])]
    game = fresh(wmap(a, b))
    for fid in ("m.8", "m.7", "m.6", "m.5"):
        game.state.figures[fid].life = DEAD
    game.state.attrs["victory"]["conditions"] = victory or []
    total = 3 + 2 + pips  # 2d6 less the officer's 2 over the 3 left
    force(game, 6, 1, 1, 1, 1, min(6, total - 1), total - min(6, total - 1))
    ok(game, Command("fire", "a", unit="f", target="m"))
    choose(game, target="m.4")
    assert "rally" in decision(game)["prompt"]
    return game


def rally_choice(game: Game) -> str:
    return game.rules.planner.decide(game, "b", game.rules.decision_options(game)).choice


def test_an_evil_officer_rallies_only_keeping_twice_the_men_he_shoots_and_never_into_a_break():
    # "soldiers that flee the table don't count as casualties": the officer's shots do
    # (interpretation solo-rally)
    assert rally_choice(panicked_evil_squad(1)) == "rally"  # shoots 1, keeps himself and 1
    assert rally_choice(panicked_evil_squad(2)) == "run"  # would shoot both riflemen
    brink = [{"type": "break", "side": "a", "fraction": 0.75, "text": "broken"}]  # side b: 5 of 8 out, broken at 6
    game = panicked_evil_squad(1, brink)
    assert game.state.attrs["victory"]["conditions"] and rally_choice(game) == "run"


def test_losses_are_credited_to_the_unit_that_fired():
    a = [unit("s", line("good_rifleman", 6, 20, 40))]
    b = [unit("e", line("evil_rifleman", 4, 20, 34))]
    game = fresh(wmap(a, b), options={"morale": False})
    force(game, 6, 6, 1, 1, 1, 1)
    ok(game, Command("fire", "a", unit="s", target="e"))
    while game.rules.decision(game):
        ok(game, game.rules.planner.decide(game, "b", game.rules.decision_options(game)))
    assert sum(r["n"] for r in game.state.units["s"].attrs["inflicted"]) == 2
    factors = {f for f, _, _ in game.rules.risk_factors(game, game.state.units["s"])}
    assert "winning" in factors
    assert "losing" in {f for f, _, _ in game.rules.risk_factors(game, game.state.units["e"])}


def test_candidates_are_a_superset_of_the_legal_commands():
    g = simulate_state(MAPS[0], 3, 60)
    for side in g.state.side_order:
        legal = g.rules.turn_commands(g, side)
        cands = g.rules.candidate_commands(g, side)
        assert all(c in cands for c in legal)
        assert [c for c in cands if g.check(c) is None] == legal


def simulate_state(path, seed, n):
    g = _new(path, seed)
    pl = {s: make_player("random", seed + i) for i, s in enumerate(g.state.side_order)}
    for _ in range(n):
        s = g.acting_side
        assert g.submit(pl[s].choose(g, s)).ok
    return g


def _new(path, seed):
    from game.catalog import new_game

    return new_game(load_map(path), seed)


# ---- whole games ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
@pytest.mark.parametrize("ai_first", [True, False], ids=["ai-first-side", "ai-second-side"])
def test_ai_against_random_without_refusals(path, ai_first):
    rep = simulate(load_map(path), 11, "ai" if ai_first else "random", "random" if ai_first else "ai")
    assert rep.winner is not None and rep.result


def test_ai_against_ai_plays_to_the_end():
    game = _new(MAPS[1], 2)
    players = {s: make_player("ai", 20 + i) for i, s in enumerate(game.state.side_order)}
    play_out(game, players)
    assert game.state.over
