"""Portal markers of the solo rules (game/solo/portals.py) in The Great War in 54mm:
set-up, force generation, eliminating portals with the two worked examples of the text,
solo counters, determinism. Side B (home edge north) is played from portal markers; the
player is side A (home edge south). Lengths in the maps are inches."""

from collections import Counter

import pytest

from game.catalog import replay
from game.core.commands import Command
from game.core.state import Marker
from game.geometry.units import to_mm
from game.rulesets.great_war_54mm.rules import GreatWar54
from game.solo import fallback, portal_state, portals
from game.solo.orders import SoloMixin
from game.solo.portals import SoloSection

from .helpers import end_phases, force, make_game, ok, small_map, unit

IN = to_mm(1.0, "in")


def at(x: float, y: float) -> tuple[float, float]:
    return (x * IN, y * IN)


def where(m) -> tuple[float, float]:
    return (round(m.x / IN, 2), round(m.y / IN, 2))


POOL = [unit("g1", [("officer", 2, 2), ("sergeant", 3, 2)] + [("rifleman", 4 + i, 2) for i in range(7)]),
        unit("g2", [("lmg_gunner", 2, 4), ("smg_gunner", 3, 4)])]


def portal_game(a_units, terrain, marks, b_units=None, seed=1, solo=True):
    """``marks``: (x, y) for a portal, (x, y, 'dummy') or (x, y, 'sniper'/...)."""
    doc = small_map(a_units, POOL if b_units is None else b_units, terrain=terrain)
    doc["portals"] = []
    for p in marks:
        d = {"side": "b", "at": [p[0], p[1]]}
        if len(p) > 2:
            d.update({"dummy": True} if p[2] == "dummy" else {"counter": p[2]})
        doc["portals"].append(d)
    return make_game(doc, seed=seed, options={"solo_side": "b"} if solo else None)


def solo_events(game, side="a"):
    return [e for e in game.log.for_side(side) if e.kind == "solo"]


def rolls(game, word="force generation"):
    return [e.roll for e in game.log if e.roll is not None and word in e.roll.reason]


# ---- a field: the player's rifleman hides behind a long building; the markers stand in a
# row behind a hedge to the north (seen, in soft cover, over 8" away); a wood beyond.
SCREEN = {"type": "building", "name": "Screen", "rect": {"x": 14, "y": 34, "w": 20, "h": 2}}
HEDGE = {"type": "hedge", "name": "Hedge", "line": [[6, 26], [42, 26]]}
WOOD = {"type": "wood", "name": "Long wood", "polygon": [[8, 8], [40, 8], [40, 14], [8, 14]]}
HIDDEN, OUT = (30, 38), (36, 33)  # behind the screen; out past its east end


def field(marks, b_units=None, extra=(), seed=1, player=None):
    a = player or [unit("pf", [("rifleman", *HIDDEN)])]
    return portal_game(a, [SCREEN, HEDGE, WOOD, *extra], marks, b_units, seed)


def step_out(game, *dice):
    """Side A's rifleman rolls its move (forced 5+5 = 10") and steps out from behind the
    screen; ``dice`` are the faces the rules roll after that."""
    end_phases(game, "movement", "a")
    force(game, 5, 5, *dice)
    ok(game, Command("roll_move", "a", unit="pf"))
    ok(game, Command("move", "a", figure="pf.1", path=(at(*OUT),)))


def row(n, y=25.2, x0=10.0, dummies=0):
    """``n`` markers in a row behind the hedge, 3.5" apart, the last ``dummies`` dummies."""
    return [(x0 + 3.5 * i, y) + (("dummy",) if i >= n - dummies else ()) for i in range(n)]


# ---- set-up --------------------------------------------------------------------------------------


def test_setup_turns_the_solo_side_into_a_pool_and_secret_markers():
    game = field([(12, 25), (20, 25, "dummy"), (28, 25, "sniper")])
    st = game.state
    assert not st.side_units("b") and not st.side_figures("b", alive_only=False)
    assert portal_state.solo_pool(game) == {"lmg_gunner": 1, "officer": 1, "rifleman": 7, "sergeant": 1, "smg_gunner": 1}
    assert game.rules.solo_pool(game) == portal_state.solo_pool(game)
    marks = portal_state.portal_markers(game)
    assert [(m.kind, m.secret, where(m)) for m in marks] == [
        ("portal", True, (12, 25)), ("dummy", True, (20, 25)), ("sniper", True, (28, 25))]
    assert not rolls(game)  # nothing in sight at the start: no roll


def test_without_the_solo_option_the_map_plays_as_usual():
    game = portal_game([unit("pf", [("rifleman", *HIDDEN)])], [SCREEN, WOOD], [(12, 25)], solo=False)
    assert not game.state.markers and len(game.state.side_figures("b")) == 11
    assert not portal_state.active(game)


def test_the_view_hides_which_markers_are_dummies():
    game = field([(12, 25), (16, 25, "dummy"), (20, 25, "mine")])
    mine = game.view("a")
    assert {m.kind for m in mine.markers.values()} == {"unknown"}
    assert all(m.attrs == {} for m in mine.markers.values())
    assert {m.kind for m in game.rules.portal_markers(game, "a")} == {"unknown"}
    assert sorted(m.kind for m in game.view("b").markers.values()) == ["dummy", "mine", "portal"]
    # the ids are numbered by place, not by kind
    assert [m.id for m in portal_state.portal_markers(game)] == ["b-m1", "b-m2", "b-m3"]


# ---- force generation ---------------------------------------------------------------------------


def test_modifiers_no_contact_and_each_further_counter():
    game = field(row(3, dummies=1))
    step_out(game, 6, 0, 0)  # d6 6; the shuffle of the 3 counters in sight (2 index draws)
    r = rolls(game)[-1]
    assert r.spec == "d6" and r.faces == [6]
    assert r.modifiers == [("no contact yet", -1), ("2 more counter(s) in sight", 2)]
    assert r.outcome.startswith("7: Rifle group")  # 6 - 1 + 2
    unit_ = next(u for u in game.state.side_units("b"))
    assert Counter(f.type for f in game.state.unit_figures(unit_.id)) == {"rifleman": 3, "sergeant": 1}
    assert portal_state.solo_pool(game)["rifleman"] == 4 and "sergeant" not in portal_state.solo_pool(game)
    # the unit stands around a real portal, not on the dummy
    portal_pos = [(m.x, m.y) for m in game.state.markers.values() if m.kind == "portal"]
    centre = game.rules.unit_centre(game, unit_.id)
    assert min(portal_state.dist(centre, p) for p in portal_pos) < 2 * IN
    figs = game.state.unit_figures(unit_.id)
    assert all(portal_state.dist(a.pos, b.pos) >= a.radius + b.radius - 1e-6 for a in figs for b in figs if a.id < b.id)
    # contact: the next roll (start of the next turn, markers still in sight) has no -1
    end_phases(game, "assaults", "b")
    force(game, 2)
    ok(game, Command("end_phase", "b"))
    assert rolls(game)[-1].modifiers == [("2 more counter(s) in sight", 2)]
    assert rolls(game)[-1].outcome == "4: nothing"


def test_one_counter_alone_needs_a_six_and_still_gets_nothing_before_contact():
    game = field(row(1))
    step_out(game, 6)
    r = rolls(game)[-1]
    assert r.modifiers == [("no contact yet", -1)] and r.outcome == "5: nothing"
    assert not game.state.side_units("b")


def test_a_natural_one_is_always_nothing():
    game = field(row(7))
    step_out(game, 1)
    r = rolls(game)[-1]
    assert sum(v for _, v in r.modifiers) == 5  # 1 - 1 + 6 would read 6
    assert r.outcome == "natural 1: nothing"
    assert not game.state.side_units("b")


def test_stepping_down_when_the_pool_lacks_the_figures():
    small_pool = [unit("g1", [("sergeant", 3, 2)] + [("rifleman", 4 + i, 2) for i in range(3)])]
    game = field(row(5), b_units=small_pool)
    step_out(game, 6, 0, 0, 0, 0)  # 6 - 1 + 4 = 9: riflemen and a Lewis gun team
    r = rolls(game)[-1]
    assert r.outcome == "9: Rifle group (no figures for Riflemen and Lewis gun team: steps down)"
    assert portal_state.solo_pool(game) == {}
    # with the pool empty nothing can appear until casualties are recycled
    end_phases(game, "assaults", "b")
    force(game, 5)  # 5 + 4 = 9 again, with contact now
    ok(game, Command("end_phase", "b"))
    assert rolls(game)[-1].outcome == "9: Riflemen and Lewis gun team, but no figures for it or anything below: nothing"


def test_with_only_dummies_in_sight_nothing_appears_and_the_log_does_not_say_why():
    game = field(row(3, dummies=3))
    step_out(game, 6)  # 6 - 1 + 2 = 7: a rifle group, but no real portal in sight
    assert rolls(game)[-1].outcome.endswith("nothing appears")
    assert not game.state.side_units("b")
    assert not any("dumm" in e.text for e in solo_events(game, "a"))
    assert any("Only dummies" in e.text for e in solo_events(game, "b"))


def test_casualties_return_to_the_pool():
    game = field(row(2))
    step_out(game, 6, 0)  # 6 - 1 + 1 = 6: rifle group at the portal (shuffle of 2)
    uid = next(u.id for u in game.state.side_units("b"))
    assert portal_state.solo_pool(game)["rifleman"] == 4
    end_phases(game, "assaults", "b")
    force(game, 2)  # start of turn 2: the markers are still in sight
    ok(game, Command("end_phase", "b"))
    end_phases(game, "shooting", "a")
    force(game, 6, 10)  # the rifle shot hits (6, -1 for the wood); the unit's morale test fails
    ok(game, Command("fire", "a", figure="pf.1", target=uid))
    dead = [f for f in game.state.unit_figures(uid, alive_only=False) if not f.alive]
    assert len(dead) == 1 and dead[0].attrs["recycled"]
    assert portal_state.solo_pool(game)[dead[0].type] == (5 if dead[0].type == "rifleman" else 1)
    assert any("return to the pool" in e.text for e in solo_events(game))


def test_a_side_from_markers_counts_every_loss_against_its_whole_force():
    """Interpretation portal-break: the pool at set-up (11 figures) is the side's
    strength, and the recycled casualty counts as one lost though its figure is back in
    the pool; the player's side counts its figures as usual."""
    from game.core.victory import losses, side_losses

    game = field(row(2))
    assert losses(game.state, "b") == (0, 11)
    step_out(game, 6, 0)
    uid = next(u.id for u in game.state.side_units("b"))
    end_phases(game, "assaults", "b")
    force(game, 2)
    ok(game, Command("end_phase", "b"))
    end_phases(game, "shooting", "a")
    force(game, 6, 10)
    ok(game, Command("fire", "a", figure="pf.1", target=uid))
    assert sum(portal_state.solo_pool(game).values()) == 11 - 4 + 1  # the casualty is back in the pool
    assert losses(game.state, "b") == (1, 11) == side_losses(game.state)["b"]
    assert side_losses(game.state)["a"] == (0, 1)


def test_redeploy_moves_bypassed_markers_up_the_line_and_an_officer_appears():
    # six counters in the wood, a seventh bypassed far behind the player's lead figure
    cover = {"type": "building", "name": "Farm", "rect": {"x": 42, "y": 42, "w": 4, "h": 4}}
    marks = [*row(5), (16, 25, "dummy"), (47, 47)]
    game = field(marks, extra=[cover])
    step_out(game, 6)  # 6 - 1 + 5 = 10
    r = rolls(game)[-1]
    assert r.outcome == "10: Redeployment"
    back = game.state.markers["b-m7"]  # the bypassed portal, numbered last by place
    lead_y = 37 * IN
    assert back.y < lead_y  # now ahead of the player's most forward figure
    line = portals.LineString([at(*OUT), at(24, 0)])
    assert line.distance(portals.Point(back.x, back.y)) <= 6 * IN + 1e-6
    foes = portal_state.player_figures(game)
    vis, _ = portal_state.visibility(game, foes, [(back.x, back.y)])
    assert not vis.any()
    officer = [u for u in game.state.side_units("b") if u.name.startswith("Officer")]
    assert len(officer) == 1 and "officer" not in portal_state.solo_pool(game)
    rear = min((m for m in game.state.markers.values() if m.kind == "portal"), key=lambda m: m.y)
    assert portal_state.dist(game.rules.unit_centre(game, officer[0].id), (rear.x, rear.y)) < 1.5 * IN


def test_tanks_and_at_guns_appear_at_the_furthest_portal_seeing_the_tank(monkeypatch):
    table = SoloSection.model_validate({"force_table": [
        {"max_roll": 1, "result": "nothing"},
        {"min_roll": 2, "max_roll": 4, "troops": ["rifleman"]},
        {"min_roll": 5, "name": "AT gun", "at_gun": True, "kind": "crew", "troops": ["sergeant", "rifleman"]}]})
    monkeypatch.setattr(portals, "solo_section", lambda rules: table)
    real_profile = GreatWar54.profile

    def profile(self, game, unit):  # the player's unit is a tank to the solo rules
        p = real_profile(self, game, unit)
        p.vehicle = p.vehicle or unit.side == "a"
        return p

    monkeypatch.setattr(GreatWar54, "profile", profile)
    # three portals behind the hedge: the AT gun goes to the one furthest from the tank
    game = field([(7, 25.2), (30, 25.2), (33, 25.2)])
    step_out(game, 6)  # 6 - 1 + 2 = 7: the AT gun
    gun = next(u for u in game.state.side_units("b"))
    assert gun.name.startswith("AT gun")
    far = game.state.markers["b-m1"]
    assert where(far) == (7, 25.2)
    assert portal_state.dist(game.rules.unit_centre(game, gun.id), (far.x, far.y)) < 1.5 * IN
    assert not rolls(game, "which counter")  # chosen by the rule, not at random


# ---- eliminating portals: the worked examples ----------------------------------------------------

BUILDING_A = {"type": "building", "name": "Building A", "rect": {"x": 20, "y": 36, "w": 6, "h": 6}}
BUILDING_B = {"type": "building", "name": "Building B", "rect": {"x": 24, "y": 20, "w": 10, "h": 5}}
WALL = {"type": "wall", "name": "Wall", "line": [[27.5, 29], [34.5, 29]]}
CORNER_B = [(34.75, 19.25), (35.75, 18.25)]  # the two places at building B's rear corner


def example_1(pc_a):
    """The player's figure behind building A; PC(a) behind a wall, PC(b) in the open."""
    game = portal_game([unit("pf", [("rifleman", 24.5, 43)])], [BUILDING_A, BUILDING_B, WALL], [pc_a, (38, 27)])
    end_phases(game, "movement", "a")
    force(game, 5, 5, 1)  # move 10"; the force generation roll: a natural 1
    ok(game, Command("roll_move", "a", unit="pf"))
    ok(game, Command("move", "a", figure="pf.1", path=(at(27, 35.5),)))  # to the corner of A
    return game


def test_example_1_both_portals_fall_back_behind_building_b():
    game = example_1((29.5, 28.4))
    pf = game.state.figures["pf.1"]
    a, b = game.state.markers["b-m1"], game.state.markers["b-m2"]
    assert portal_state.dist(pf.pos, at(29.5, 28.4)) <= 8 * IN  # PC(a): within 8", in cover
    assert game.rules.los(game, pf, at(29.5, 28.4)).cover == 2
    assert game.rules.los(game, pf, at(38, 27)).cover == 0  # PC(b): in the open
    assert rolls(game)[-1].outcome == "natural 1: nothing"
    # PC(a) falls back behind the building, PC(b) to the rear of it: both at its rear corner
    assert [where(a), where(b)] == CORNER_B
    for m in (a, b):
        assert not game.rules.los(game, pf, (m.x, m.y)).visible
    texts = [e.text for e in solo_events(game)]
    assert sum("A marker falls back" in t for t in texts) == 2
    assert not any("Portal" in t for t in texts)  # the player is not told what they are
    assert sum("falls back to Building B" in e.text for e in solo_events(game, "b")) == 2


def test_example_1_over_8_inches_pc_a_remains():
    game = example_1((32, 28.4))
    pf = game.state.figures["pf.1"]
    assert portal_state.dist(pf.pos, at(32, 28.4)) > 8 * IN
    assert game.rules.los(game, pf, at(32, 28.4)).cover == 2
    assert where(game.state.markers["b-m1"]) == (32, 28.4)  # remains
    assert where(game.state.markers["b-m2"]) == CORNER_B[0]  # PC(b), in the open, still goes


ROCK = {"type": "rock", "name": "Large rock", "circle": {"center": [30, 13], "radius": 1.5}}
WOOD_2 = {"type": "wood", "name": "Wood", "polygon": [[42, 6], [48, 6], [48, 12], [42, 12]]}
PF_B = (23.2, 21.5)  # brackets them: it watches the ground west and north of building B


def example_2(pf_b=True, rock=ROCK):
    """Following example 1: the two portals at building B's rear corner; PF(a) comes round
    the corner to look at them; PF(b) already brackets them from the far side of B."""
    a = [unit("pfa", [("rifleman", 31, 27)])] + ([unit("pfb", [("rifleman", *PF_B)])] if pf_b else [])
    game = portal_game(a, [BUILDING_B, WOOD_2, rock], CORNER_B)
    assert not rolls(game)  # neither figure sees them yet
    end_phases(game, "movement", "a")
    force(game, 5, 5, 1)
    ok(game, Command("roll_move", "a", unit="pfa"))
    ok(game, Command("move", "a", figure="pfa.1", path=(at(36.5, 24),)))
    return game


def test_example_2_portal_b_goes_to_the_wood_and_portal_a_is_eliminated():
    game = example_2()
    pfa = game.state.figures["pfa.1"]
    for p in CORNER_B:
        assert game.rules.los(game, pfa, at(*p)).visible and portal_state.dist(pfa.pos, at(*p)) <= 8 * IN
    assert "b-m1" not in game.state.markers  # portal (a): nowhere to go
    b = game.state.markers["b-m2"]
    wood = game.table.features_of_type("wood")[0]
    assert wood.area.contains(portals.Point(b.x, b.y))
    assert portal_state.dist((b.x, b.y), at(*CORNER_B[1])) <= 12 * IN
    # from where portal (a) stood there is no place left: the wood's hidden places are
    # over 12" away, the rest of building B is watched by PF(a) or PF(b)
    ghost = Marker("ghost", "b", "portal", *at(*CORNER_B[0]))
    assert fallback.fallback_spot(game.rules, game, ghost) is None
    good = fallback.good_spots(game, ghost, [(x, y) for x, y, f in fallback.cover_spots(game.rules, game) if f == wood.id],
                               dead_ground=True, fall_back=True)
    assert good and min(portal_state.dist(p, at(*CORNER_B[0])) for p in good) > 12 * IN
    texts = [e.text for e in solo_events(game)]
    assert any("nowhere to fall back" in t and "eliminated" in t for t in texts)


def test_example_2_without_pf_b_portal_a_goes_where_pf_b_stands():
    game = example_2(pf_b=False)
    a = game.state.markers["b-m1"]
    assert portal_state.dist((a.x, a.y), at(*PF_B)) < 3 * IN  # building B's other rear corner
    assert game.table.features_at((a.x, a.y)) == []


def test_example_2_the_large_rock_gives_no_place_but_a_building_there_would():
    rock_game = example_2()
    rock = rock_game.table.features_of_type("rock")[0]
    assert not [s for s in fallback.cover_spots(rock_game.rules, rock_game) if s[2] == rock.id]
    hut = {**ROCK, "type": "building", "name": "Hut"}
    game = example_2(rock=hut)
    a = game.state.markers["b-m1"]
    hut_f = game.table.features_of_type("building")[1]
    assert hut_f.name == "Hut" and hut_f.area.distance(portals.Point(a.x, a.y)) < 2 * IN


def test_dummies_approached_are_revealed_and_removed():
    game = example_1((29.5, 28.4, "dummy"))
    assert "b-m1" not in game.state.markers
    assert any("it was a dummy" in e.text for e in solo_events(game, "a"))
    assert where(game.state.markers["b-m2"]) == CORNER_B[0]


def test_a_dummy_in_the_open_falls_back_like_a_portal():
    game = portal_game([unit("pf", [("rifleman", 24.5, 43)])], [BUILDING_A, BUILDING_B, WALL],
                       [(32, 28.4), (38, 27, "dummy")])
    end_phases(game, "movement", "a")
    force(game, 5, 5, 1)
    ok(game, Command("roll_move", "a", unit="pf"))
    ok(game, Command("move", "a", figure="pf.1", path=(at(27, 35.5),)))
    d = game.state.markers["b-m2"]
    assert d.kind == "dummy" and where(d) == CORNER_B[0]
    assert not any("dumm" in e.text for e in solo_events(game, "a"))


# ---- solo counters -------------------------------------------------------------------------------


def test_a_sniper_counter_shoots_the_unit_that_spots_it_and_is_removed():
    player = [unit("pf", [("rifleman", *HIDDEN), ("rifleman", 29, 39)])]
    game = field([(20, 25, "sniper")], player=player)
    end_phases(game, "movement", "a")
    force(game, 5, 5, 6, 1)  # move; the sniper's d6 (6: hit, no cover); the morale test d10 1
    ok(game, Command("roll_move", "a", unit="pf"))
    ok(game, Command("move", "a", figure="pf.1", path=(at(*OUT),)))
    assert not game.state.markers
    assert not game.state.figures["pf.1"].alive  # the figure that spotted it
    shot = rolls(game, "Sniper")[-1]
    assert shot.target == "5+" and shot.outcome == "hit"
    assert rolls(game, "morale test")[-1].outcome == "passed"
    assert not rolls(game)  # a counter is not a portal: no force generation
    assert portal_state.info(game.state)["contact"]


def test_an_artillery_counter_bombards_and_a_10_kills_d3():
    player = [unit("pf", [("rifleman", *HIDDEN), ("rifleman", 29, 39), ("rifleman", 31, 39), ("rifleman", 29, 40)])]
    game = field([(20, 25, "artillery")], player=player)
    end_phases(game, "movement", "a")
    force(game, 5, 5, 10, 2, 0, 0)  # the morale test shows 10: d3 = 2, two figures picked
    ok(game, Command("roll_move", "a", unit="pf"))
    ok(game, Command("move", "a", figure="pf.1", path=(at(*OUT),)))
    assert sum(1 for f in game.state.unit_figures("pf", alive_only=False) if not f.alive) == 2
    assert game.state.units["pf"].markers.get("pinned")  # 10 > 4 figures: the test failed
    assert not game.state.markers


def test_a_mine_attacks_each_unit_coming_within_10_inches_once_and_stays_face_up():
    player = [unit("pf", [("rifleman", *HIDDEN)]), unit("p2", [("rifleman", 38, 30), ("rifleman", 39, 30)])]
    mine = (38, 24.5)
    game = field([mine + ("mine",)], player=player)
    # p2 already stands within 10" in sight of the mine at the start: attacked at once
    assert game.state.markers["b-m1"].secret is False and game.state.markers["b-m1"].kind == "mine"
    assert game.view("a").markers["b-m1"].kind == "mine"
    assert game.state.markers["b-m1"].attrs["attacked"] == ["p2"]
    assert len(rolls(game, "Mines")) == 1 and rolls(game, "Mines")[0].spec == "2d6"
    end_phases(game, "movement", "a")
    force(game, 5, 5, 5, 1)  # pf walks up: 1d6 shows 5, a hit; the morale test (0 left) is not taken
    ok(game, Command("roll_move", "a", unit="pf"))
    ok(game, Command("move", "a", figure="pf.1", path=(at(*OUT),)))
    assert portal_state.dist(game.state.figures["pf.1"].pos, at(*mine)) <= 10 * IN
    assert not game.state.figures["pf.1"].alive
    assert game.state.markers["b-m1"].attrs["attacked"] == ["p2", "pf"]
    assert len(rolls(game, "Mines")) == 2


def test_a_ruleset_without_counter_attacks_logs_it_instead_of_failing():
    game = field([(20, 25, "sniper")])
    assert SoloMixin.solo_counter_attack(game.rules, game, "sniper", "pf") is False
    assert game.rules.solo_counter_attack(game, "flamethrower", "pf") is False
    assert sum("No counter attack defined" in e.text for e in game.log) == 2


# ---- the force table data --------------------------------------------------------------------------


def test_the_great_war_force_table_reads_every_total():
    table = portals.solo_section(field([]).rules)
    assert table is not None
    names = {t: (table.force_table[table.index_for(t)].label if table.index_for(t) is not None else None)
             for t in range(-1, 17)}
    assert names[-1] == names[5] == "Nothing" and names[6] == names[7] == "Rifle group"
    assert names[10] == "Redeployment" and names[11] == "HMG crew and riflemen" and names[16] == "Full section"
    with pytest.raises(ValueError, match="expected 6"):
        SoloSection.model_validate({"force_table": [{"max_roll": 5, "result": "nothing"},
                                                    {"min_roll": 7, "troops": ["rifleman"]}]})


def test_an_unknown_troop_type_in_the_force_table_names_the_field(tmp_path):
    from game.catalog import ROOT, validate_file
    from game.data.errors import DataError

    text = (ROOT / "rulesets" / "great-war-54mm.yaml").read_text()
    bad = tmp_path / "gw.yaml"
    bad.write_text(text.replace("{name: HMG crew, kind: crew, troops: [hmg,", "{name: HMG crew, kind: crew, troops: [vickers,"))
    with pytest.raises(DataError) as e:
        validate_file(bad)
    assert e.value.field == "solo.force_table[5].units[0].troops[0]" and "vickers" in e.value.message


# ---- determinism ---------------------------------------------------------------------------------


def _played(seed):
    """A game on seeded dice: the markers and a sniper are in sight from the start."""
    game = field([*row(4, dummies=1), (24, 25.2, "sniper")], seed=seed,
                 player=[unit("pf", [("rifleman", *OUT), ("rifleman", 37, 34)])])
    end_phases(game, "movement", "a")
    ok(game, Command("roll_move", "a", unit="pf"))
    for fid in ("pf.1", "pf.2"):
        f = game.state.figures[fid]
        if f.alive:
            game.submit(Command("move", "a", figure=fid, path=((f.x - 2 * IN, f.y - 1.5 * IN),)))
    for _ in range(14):
        ok(game, Command("end_phase", game.state.active_side))
    return game


def test_same_seed_same_game_and_a_replay_reproduces_it():
    one, two = _played(7), _played(7)
    assert one.digest() == two.digest()
    assert any(e.roll is not None and "force generation" in e.roll.reason for e in one.log)
    again = replay(one)
    assert again.digest() == one.digest()
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in one.log]
