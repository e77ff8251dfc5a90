"""WWIFY AR:SE: hand-computed odds (Fractions, exact) and scripted situations with forced
dice for every rule of shared/rules/wwify-arse.txt."""

from fractions import Fraction
from math import comb

import pytest

from game.catalog import load_map_doc
from game.core.commands import Command, Refusal
from game.core.game import Game
from game.core.state import ACTIVE, CAPTURED, DEAD, DESTROYED, FLED
from game.data.errors import DataError
from game.data.yamlio import Doc
from game.geometry.grid import ArtilleryGrid

from .helpers import force, ok, refused, small_map, unit

IN = 25.4
IDENTITY = (5, 4, 3, 2, 1)  # Fisher-Yates indices that leave the deck in its listed order
CARDS = ["GOOD", "EVIL", "FLYER", "LARGE_CREATURE", "VEHICLE", "ARTILLERY"]


def binom(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def capped(d: dict[int, Fraction], cap: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for k, v in d.items():
        out[min(k, cap)] = out.get(min(k, cap), 0) + v
    return out


def wmap(a_units, b_units, terrain=None, settings=None, size=(48, 48), strikes=None, turn_limit=6):
    doc = small_map(a_units, b_units, terrain=terrain, settings=settings, ruleset="wwify", size=size, turn_limit=turn_limit)
    if strikes:
        doc["artillery_strikes"] = strikes
    return doc


def fresh(doc, *faces, options=None, seed=1) -> Game:
    """A new game whose first shuffle and deal use the forced faces (default: the deck in
    its listed order, so the first card is Forces of Good)."""
    lm = load_map_doc(Doc("test-map.yaml", doc))
    rs = lm.ruleset
    opts = {**rs.data.option_defaults(), **(options or {})}
    game = Game(rs, rs.new_state(lm.model, opts), rs.build_table(lm.model), seed, opts, scenario={"path": "test", "map": doc})
    force(game, *(faces or IDENTITY))
    game.begin()
    return game


def play(game: Game, cid: str, *faces: int, then: tuple[str, ...] = ()) -> None:
    """Deal ``cid`` next (a test's shortcut through the deck), then the cards ``then``,
    rolling the forced faces. After the last card the turn ends (and the deck is shuffled)."""
    st = game.state
    st.attrs["queue"] = []
    st.attrs.pop("decision", None)
    deck = st.decks["activation"]
    deck.draw_pile = [cid, *then]
    deck.discards = [c for c in CARDS if c not in deck.draw_pile]
    force(game, *faces)
    game.rules.push(game, {"do": "deal"})
    game.rules.run_queue(game)
    game.rules.sync_table(game)


def pos(game, fid):
    f = game.state.figures[fid]
    return (f.x / IN, f.y / IN)


def P(x, y):
    return (x * IN, y * IN)


def decision(game):
    return game.rules.decision(game)


def choose(game, target=None, choice=None, label=None):
    """Submit the pending decision's option about ``target`` (or with ``choice``)."""
    for lab, cmd in game.rules.decision_options(game):
        if (target is None or cmd.target == target) and (choice is None or cmd.choice == choice) and (label is None or label in lab):
            return ok(game, cmd)
    raise AssertionError(f"no such option in {decision(game)}")


def rifle_line(prefix, n, x, y, dx=1.5, first=None):
    return [(first if (first and i == 0) else prefix, x + i * dx, y) for i in range(n)]


# ---- the firing table --------------------------------------------------------------------------
SHOOTERS = {
    # weapon: (troop type, unit kind, side, crew type or None)
    "rifle": ("good_rifleman", "squad", "a", None),
    "smg": ("evil_stormtrooper", "squad", "b", None),
    "lmg": ("good_lmg", "squad", "a", None),
    "grenade": ("good_bomber", "squad", "a", None),
    "flamethrower": ("evil_flamer", "squad", "b", None),
    "hmg": ("good_hmg", "hmg", "a", "good_crew"),
    "mortar": ("good_mortar", "mortar", "a", "good_crew"),
    "field_gun": ("good_field_gun", "field_gun", "a", "good_crew"),
    "sniper": ("good_sniper", "sniper", "a", None),
}
TABLE = {  # the text's table: dice at 0-4", 4.1-8", 8.1-16", 16.1-32"
    "rifle": (1, 1, 1, 1), "smg": (3, 3, None, None), "lmg": (5, 5, 5, 3), "grenade": (3, 3, None, None),
    "flamethrower": (5, 5, None, None), "hmg": (4, 8, 8, 8), "mortar": (None, None, 5, 5),
    "field_gun": (None, None, 5, 5), "sniper": (3, 3, 3, 3),
}
BAND_DISTANCES = ((0, 3), (0, 4), (1, 4.1), (1, 8), (2, 12), (2, 16), (3, 16.1), (3, 32))


def fire_game(weapon: str, d: float, target_terrain=None, n_targets=10):
    """The shooter ``d`` inches from the target line, base edge to base edge."""
    game, _ = _fire_game(weapon, d, target_terrain, n_targets)
    radii = {f.unit: f.radius / IN for f in game.state.figures.values() if f.id in ("s.1", "t.1")}
    return _fire_game(weapon, d + radii["s"] + radii["t"], target_terrain, n_targets)


def _fire_game(weapon: str, d: float, target_terrain=None, n_targets=10):
    tt, kind, side, crew = SHOOTERS[weapon]
    if side == "a":
        y0, ty = 44, 44 - d
        target = [unit("t", rifle_line("evil_rifleman", n_targets, 24, ty))]
    else:
        y0, ty = 4, 4 + d
        target = [unit("t", rifle_line("good_rifleman", n_targets, 24, ty))]
    figs = [(tt, 24, y0)] + ([(crew, 26, y0)] if crew else [])
    shooter = [unit("s", figs, kind=kind)]
    a, b = (shooter, target) if side == "a" else (target, shooter)
    game = fresh(wmap(a, b, terrain=target_terrain))
    if side == "b":
        play(game, "EVIL")
    return game, side


@pytest.mark.parametrize("weapon", sorted(TABLE))
@pytest.mark.parametrize("band,d", BAND_DISTANCES)
def test_firing_table_dice_and_kills(weapon, band, d):
    game, side = fire_game(weapon, d)
    expected = TABLE[weapon][band]
    cmd = Command("fire", side, unit="s", target="t")
    if weapon == "grenade" and expected is None:
        expected = 1  # the bomber throws grenades up to 8" and shoots his rifle beyond
    if expected is None:
        with pytest.raises(Refusal, match="no weapon that reaches"):
            game.rules.fighting.fire_plan(game, "s", "t")
        return
    plan = game.rules.fighting.fire_plan(game, "s", "t")
    assert plan.dice == expected and plan.band == band
    rep = game.rules.odds(game, cmd)
    assert rep.outcomes.exact
    assert rep.outcomes.fractions == {k: v for k, v in binom(expected, Fraction(1, 6)).items() if v}


def test_beyond_32_inches_is_out_of_range():
    game, _ = fire_game("rifle", 32.2)
    assert "beyond 32" in refused(game, Command("fire", "a", unit="s", target="t"))


def test_squad_range_is_furthest_firer_to_its_nearest_enemy():
    # an LMG 2" from the target and a rifleman about 20" away (base edge to base edge):
    # the squad fires at 20" (16.1-32"), so the LMG rolls 3 dice, not 5, and the rifle 1
    a = [unit("s", [("good_lmg", 24, 27), ("good_rifleman", 26.5, 28.5), ("good_rifleman", 29, 30), ("good_rifleman", 30, 44)])]
    b = [unit("t", [("evil_rifleman", 24, 24)])]
    game = fresh(wmap(a, b, settings=None))
    plan = game.rules.fighting.fire_plan(game, "s", "t")
    radii = game.state.figures["s.4"].radius + game.state.figures["t.1"].radius
    assert abs(plan.range - (game.rules.dist(P(30, 44), P(24, 24)) - radii)) < 1e-6
    assert plan.band == 3 and dict(plan.pools) == {"lmg": 3, "rifle": 3}


TRENCH = [{"type": "trench", "line": [[0, 30], [48, 30]], "width": 2}]


@pytest.mark.parametrize("in_trench,p", [(2, Fraction(1, 12)), (1, Fraction(1, 6)), (4, Fraction(1, 12))])
def test_trench_reroll_when_half_or_more_in_a_trench(in_trench, p):
    targets = [("evil_rifleman", 20 + 1.5 * i, 30 if i < in_trench else 26.5) for i in range(4)]
    game = fresh(wmap([unit("s", [("good_lmg", 20, 40)])], [unit("t", targets)], terrain=TRENCH))
    rep = game.rules.odds(game, Command("fire", "a", unit="s", target="t"))
    assert rep.outcomes.fractions == capped(binom(5, p), 4)  # LMG 5 dice at 10"; 4 figures to lose


def test_trench_reroll_scripted_and_owner_picks_the_casualty():
    targets = [("evil_officer", 20, 30), ("evil_rifleman", 21.5, 30), ("evil_lmg", 23, 30)]
    game = fresh(wmap([unit("s", [("good_lmg", 20, 40)])], [unit("t", targets)], terrain=TRENCH))
    force(game, 6, 6, 1, 2, 3, 4, 3)  # two sixes; re-rolled 4 (kills) and 3 (saved)
    ok(game, Command("fire", "a", unit="s", target="t"))
    d = decision(game)
    assert d["side"] == "b"  # the owner picks
    labels = [o["label"] for o in d["options"]]
    assert labels[0].startswith("Orc rifleman") and labels[-1].startswith("Horde officer")  # least valuable first
    assert game.legal_commands("a") == [] and game.acting_side == "b"
    choose(game, target="t.3")
    assert game.state.figures["t.3"].life == DEAD
    assert len(game.state.unit_figures("t")) == 2 and decision(game) is None


def test_a_sniper_picks_its_victim():
    b = [unit("t", [("evil_rifleman", 20, 20), ("evil_officer", 21.5, 20), ("evil_lmg", 23, 20)])]
    game = fresh(wmap([unit("s", [("good_sniper", 20, 40)], kind="sniper")], b))
    force(game, 6, 1, 1)
    ok(game, Command("fire", "a", unit="s", target="t"))
    d = decision(game)
    assert d["side"] == "a" and d["options"][0]["label"].startswith("Horde officer")  # the firer; most valuable first
    choose(game, target="t.2")
    assert game.state.figures["t.2"].life == DEAD


def test_kills_beyond_the_figures_left_are_lost_and_all_fall_without_asking():
    game = fresh(wmap([unit("s", [("good_lmg", 20, 40)])], [unit("t", [("evil_rifleman", 20, 30), ("evil_rifleman", 21.5, 30)])]))
    force(game, 6, 6, 6, 1, 1)
    res = ok(game, Command("fire", "a", unit="s", target="t"))
    assert decision(game) is None and not game.state.unit_alive("t")
    assert any("lost" in e.text for e in game.log.events[res.first_event:])


# ---- vehicles, flyers, large creatures -----------------------------------------------------------
def test_vehicle_table_odds_and_only_the_listed_weapons_hurt_vehicles():
    a = [unit("s", [("good_bomber", 20, 30)]), unit("r", [("good_rifleman", 30, 30)])]
    game = fresh(wmap(a, [unit("v", [("evil_vehicle", 20, 26)], kind="vehicle")]))
    rep = game.rules.odds(game, Command("fire", "a", unit="s", target="v"))  # grenade: 3 dice at 4"
    q = Fraction(11, 12)  # a die leaves the vehicle unhurt or merely immobilised
    assert rep.outcomes.fractions == {"no effect": Fraction(5, 6) ** 3, "immobilised": q**3 - Fraction(5, 6) ** 3, "destroyed": 1 - q**3}
    assert "cannot hurt" in refused(game, Command("fire", "a", unit="r", target="v"))


def test_vehicle_table_scripted():
    a = [unit("s", [("good_bomber", 20, 30)])]
    game = fresh(wmap(a, [unit("v", [("evil_vehicle", 20, 26)], kind="vehicle")]))
    force(game, 6, 1, 1, 2)  # one kill, table 2: immobilised
    ok(game, Command("fire", "a", unit="s", target="v"))
    assert game.state.units["v"].markers["immobilised"] and "immobilised" in game.rules.unit_status(game, "v")
    force(game, 6, 6, 1, 3, 4)  # two kills: 3 (immobilised again), 4 destroyed
    ok(game, Command("fire", "a", unit="s", target="v"))
    assert game.state.figures["v.1"].life == DESTROYED


def test_flyer_table_odds_and_weapons():
    a = [unit("r", [("good_rifleman", 20, 30)]), unit("f", [("good_field_gun", 30, 44), ("good_crew", 32, 44)], kind="field_gun")]
    game = fresh(wmap(a, [unit("w", [("evil_flyer", 20, 20)], kind="flyer")]))
    rep = game.rules.odds(game, Command("fire", "a", unit="r", target="w"))
    assert rep.outcomes.fractions == {"no effect": Fraction(5, 6), "winged": Fraction(1, 9), "destroyed": Fraction(1, 18)}
    with pytest.raises(Refusal, match="cannot hurt"):
        game.rules.fighting.fire_plan(game, "f", "w")
    force(game, 6, 4)
    ok(game, Command("fire", "a", unit="r", target="w"))
    assert game.state.units["w"].markers["winged"] == 1 and game.state.figures["w.1"].alive
    force(game, 6, 5)
    ok(game, Command("fire", "a", unit="r", target="w"))
    assert game.state.figures["w.1"].life == DESTROYED


def test_large_creature_wounds_third_is_fatal_and_odds():
    a = [unit("s", [("good_lmg", 20, 30)])]
    game = fresh(wmap(a, [unit("c", [("evil_troll", 20, 20)], kind="large_creature")]))
    troll = game.state.figures["c.1"]
    troll.wounds = 1
    rep = game.rules.odds(game, Command("fire", "a", unit="s", target="c"))  # LMG 5 dice at 10": killed on 2+ kills
    p = binom(5, Fraction(1, 6))
    assert rep.outcomes.fractions == {"1 wounds": p[0], "2 wounds": p[1], "killed": 1 - p[0] - p[1]}
    force(game, 6, 1, 1, 1, 1)
    ok(game, Command("fire", "a", unit="s", target="c"))
    assert troll.wounds == 2 and troll.alive and "wounds 2" in game.rules.unit_status(game, "c")
    force(game, 6, 1, 1, 1, 1)
    ok(game, Command("fire", "a", unit="s", target="c"))
    assert troll.life == DEAD


# ---- close combat -------------------------------------------------------------------------------------
def cc_game(attackers, defenders, options=None):
    return fresh(wmap([unit("s", attackers)], [unit("t", defenders)]), options=options)


@pytest.mark.parametrize("att,dfn,expected", [
    ([("good_officer", 20, 30)], [("evil_rifleman", 21, 30)], (Fraction(21, 36), Fraction(5, 36), Fraction(10, 36))),
    ([("good_rifleman", 20, 30), ("good_rifleman", 22, 30)], [("evil_rifleman", 21, 30)], (Fraction(125, 216), Fraction(36, 216), Fraction(55, 216))),
    ([("good_engineer", 20, 30)], [("evil_troll", 22, 30)], (Fraction(10, 36), Fraction(5, 36), Fraction(21, 36))),
    ([("good_cavalry", 20, 30)], [("evil_cavalry", 21.5, 30)], (Fraction(15, 36), Fraction(6, 36), Fraction(15, 36))),
])
def test_close_combat_modifiers_by_hand(att, dfn, expected):
    kind_t = "large_creature" if dfn[0][0] == "evil_troll" else "squad"
    game = fresh(wmap([unit("s", att)], [unit("t", dfn, kind=kind_t)]))
    rep = game.rules.odds(game, Command("combat", "a", unit="s"))
    win, draw, lose = expected
    assert rep.outcomes.fractions == {k: v for k, v in {"attacker wins": win, "draw": draw, "defender wins": lose}.items() if v}


def test_large_creature_wound_costs_one_in_combat():
    game = fresh(wmap([unit("s", [("good_cavalry", 20, 30)])], [unit("c", [("evil_troll", 22.25, 30)], kind="large_creature")]))
    game.state.figures["c.1"].wounds = 1  # troll +2 -1 = +1, like the mounted +1
    rep = game.rules.odds(game, Command("combat", "a", unit="s"))
    assert rep.outcomes.fractions == {"attacker wins": Fraction(15, 36), "draw": Fraction(6, 36), "defender wins": Fraction(15, 36)}
    assert ("1 wound", -1) in game.rules.fighting.combat_mods(game.state.figures["c.1"])


def test_close_combat_winner_captures_and_a_draw_kills_nobody():
    game = cc_game([("good_officer", 20, 30)], [("evil_rifleman", 21, 30), ("evil_rifleman", 30, 30)])
    force(game, 3, 4)  # 3 + 1 officer against 4: a draw
    ok(game, Command("combat", "a", unit="s"))
    assert decision(game) is None and len(game.state.unit_figures("t")) == 2
    force(game, 4, 2)  # second action: the attacker wins 5 to 2
    ok(game, Command("combat", "a", unit="s"))
    d = decision(game)
    assert d["side"] == "a" and "kill or capture" in d["prompt"]
    choose(game, choice="capture")
    assert game.state.figures["t.1"].life == CAPTURED
    assert "used its 2 actions" in refused(game, Command("combat", "a", unit="s"))


def test_close_combat_loser_owner_picks_and_only_one_falls():
    game = cc_game([("good_rifleman", 20, 30)], [("evil_rifleman", 19.0, 30), ("evil_officer", 21, 30)])
    force(game, 6, 1, 2)  # attacker 6; defenders: rifleman 1 and officer 2+1: best 3
    ok(game, Command("combat", "a", unit="s"))
    assert decision(game)["side"] == "b"
    choose(game, target="t.1")
    choose(game, choice="kill")
    assert game.state.figures["t.1"].life == DEAD and game.state.figures["t.2"].alive


def test_combat_needs_base_contact():
    game = cc_game([("good_rifleman", 20, 30)], [("evil_rifleman", 21.2, 30)])
    assert "base contact" in refused(game, Command("combat", "a", unit="s"))


def test_charge_moves_into_contact():
    game = cc_game([("good_rifleman", 20, 30), ("good_rifleman", 21.5, 30)], [("evil_rifleman", 20, 26), ("evil_rifleman", 21.5, 26)])
    ok(game, Command("move_unit", "a", unit="s", choice="charge", target="t"))
    a, e = game.state.figures["s.1"], game.state.figures["t.1"]
    assert game.rules.fighting.contact(a, e)
    game.rules.fighting.combat_plan(game, "s")


# ---- morale and both rally rules ----------------------------------------------------------------------
def squad(prefix, n, officer, x=20, y=20):
    return [(f"{prefix}_officer" if officer and i == 0 else f"{prefix}_rifleman", x + 1.5 * i, y) for i in range(n)]


@pytest.mark.parametrize("side,officer,expected", [
    ("a", True, {"holds": Fraction(15, 36), "rallies (heroic act)": Fraction(21, 36) * Fraction(15, 36),
                 "panics, officer killed": Fraction(21, 36) ** 2}),
    ("b", True, {"holds": Fraction(15, 36), "rallies, officer shoots 1": Fraction(6, 36), "rallies, officer shoots 2": Fraction(5, 36),
                 "rallies, officer shoots 3": Fraction(10, 36)}),
    ("a", False, {"holds": Fraction(6, 36), "panics (no officer to rally)": Fraction(30, 36)}),
])
def test_morale_and_rally_odds_by_hand(side, officer, expected):
    # 4 figures left: with an officer the 2d6 - 2 must not exceed 4 (2d6 <= 6: 15/36);
    # Good re-rolls once; Evil's officer shoots one per pip failed (at most the 3 soldiers)
    prefix = "good" if side == "a" else "evil"
    mine = [unit("m", squad(prefix, 4, officer, y=30 if side == "a" else 10))]
    other = [unit("o", [("evil_rifleman" if side == "a" else "good_rifleman", 40, 10 if side == "a" else 40)])]
    a, b = (mine, other) if side == "a" else (other, mine)
    game = fresh(wmap(a, b))
    rep = game.rules.odds(game, Command("morale", side, unit="m"))
    assert rep.outcomes.fractions == expected


def flame_game(n=5, officer=True):
    a = [unit("m", squad("good", n, officer, y=30))]
    b = [unit("f", [("evil_flamer", 20, 27)])]
    game = fresh(wmap(a, b))
    play(game, "EVIL")
    return game


def test_flamethrower_kill_triggers_a_test_that_holds():
    game = flame_game()
    force(game, 6, 1, 1, 1, 1, 3, 4)  # one flame kill (owner picks), then 2d6 = 7 - 2 = 5 <= 4 left? no: 5 > 4
    ok(game, Command("fire", "b", unit="f", target="m"))
    choose(game, target="m.5")
    d = decision(game)  # the morale test failed by 1: the Good player may attempt the heroic rally
    assert d["side"] == "a" and "rally" in d["prompt"]
    force(game, 1, 2)  # re-roll 3 - 2 = 1: rallied
    choose(game, choice="rally")
    u = game.state.units["m"]
    assert not u.markers.get("panicked")
    # a second flamethrower kill in the same turn is a trigger of its own: it tests again
    # (the text sets no limit; 2d6 2 - 2 = 0 holds with 3 left)
    force(game, 6, 1, 1, 1, 1, 1, 1)
    ok(game, Command("fire", "b", unit="f", target="m"))
    choose(game, target="m.4")
    assert decision(game) is None and not u.markers.get("panicked")
    tests = [e.roll for e in game.log.events if e.roll is not None and "morale test (squadmates burned" in e.roll.reason]
    assert len(tests) == 2


def test_good_rally_fails_officer_killed_and_squad_panics():
    game = flame_game()
    force(game, 6, 1, 1, 1, 1, 6, 6)
    ok(game, Command("fire", "b", unit="f", target="m"))
    choose(game, target="m.5")
    force(game, 5, 4)  # 9 - 2 = 7 > 4: the officer is killed, the squad runs
    choose(game, choice="rally")
    assert game.state.figures["m.1"].life == DEAD
    assert game.state.units["m"].markers["panicked"]


def test_evil_rally_officer_shoots_one_per_pip():
    a = [unit("f", [("good_lmg", 20, 33)])]
    b = [unit("m", squad("evil", 6, True, y=30))]
    game = fresh(wmap(a, b))
    game.state.figures["m.6"].life = DEAD  # already lost 1 of 6
    game.state.figures["m.5"].life = DEAD  # and a second
    force(game, 6, 1, 1, 1, 1)  # LMG: one kill -> 3 of 6 dead: not more than half yet
    ok(game, Command("fire", "a", unit="f", target="m"))
    choose(game, target="m.4")
    assert decision(game) is None  # no trigger: exactly half is not more than half
    force(game, 6, 1, 1, 1, 1, 6, 5)  # another kill: 4 of 6 dead; 2d6 11 - 2 = 9 > 2 left: failed by 7
    ok(game, Command("fire", "a", unit="f", target="m"))
    assert decision(game)["side"] == "b"
    choose(game, target="m.3")
    d = decision(game)
    assert "more than half" not in d["prompt"] and "rally" in d["prompt"]
    assert any("shoots 7" in o["label"] for o in d["options"])
    choose(game, choice="rally")  # he shoots the only soldier left (7 pips, 1 soldier)
    assert game.state.figures["m.2"].life == DEAD and game.state.figures["m.1"].alive
    assert not game.state.units["m"].markers.get("panicked")


def test_letting_them_run_then_running_off_the_table():
    a = [unit("f", [("good_lmg", 20, 12)])]
    b = [unit("m", squad("evil", 3, True, y=4))]
    game = fresh(wmap(a, b))
    game.state.figures["m.3"].life = DEAD
    force(game, 6, 1, 1, 1, 1, 6, 6)
    ok(game, Command("fire", "a", unit="f", target="m"))
    choose(game, target="m.2")
    choose(game, choice="run")
    u = game.state.units["m"]
    assert u.markers["panicked"] and "panicked" in game.rules.unit_status(game, "m")
    play(game, "EVIL", *IDENTITY)  # its card: it runs 12" for the north edge, 4" away, and leaves
    assert game.state.figures["m.1"].life == FLED
    assert not game.state.unit_alive("m")


def test_artillery_he_triggers_morale_and_half_strength_triggers():
    a = [unit("m", squad("good", 4, True, x=2, y=2))]
    b = [unit("o", [("evil_rifleman", 40, 40)])]
    game = fresh(wmap(a, b))
    # d4 square 1, d4 quarter 1, shell 1 (HE); four HE dice (no kills); 2d6 = 2: holds
    play(game, "ARTILLERY", 1, 1, 1, 1, 1, 1, 1, 1, 1, *IDENTITY)
    assert any("morale test (under HE or gas)" in e.line for e in game.log.events)


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


# ---- movement ------------------------------------------------------------------------------------------
def move_game(figs, terrain=None, kind="squad", b=None, options=None):
    return fresh(wmap([unit("s", figs, kind=kind)], b or [unit("e", [("evil_rifleman", 46, 2)])], terrain=terrain), options=options)


def test_squad_moves_six_inches_per_action_in_legs():
    game = move_game([("good_rifleman", 20, 40)])
    assert "has 6.0\" left" in refused(game, Command("move", "a", figure="s.1", path=(P(20, 33.9),)))
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 37),)))
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 34),)))  # the rest of the same action
    assert game.state.units["s"].markers["acts"] == ["move"]
    assert "Move again" in refused(game, Command("move", "a", figure="s.1", path=(P(20, 33),)))
    ok(game, Command("begin_move", "a", unit="s"))
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 28),)))
    assert "used its 2 actions" in refused(game, Command("begin_move", "a", unit="s"))


def test_mounted_move_ten_and_large_creature_loses_an_inch_per_wound():
    game = move_game([("good_cavalry", 20, 40)])
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 30),)))
    game = move_game([("good_angry_tree", 20, 40)], kind="large_creature")
    game.state.figures["s.1"].wounds = 2
    play(game, "LARGE_CREATURE")
    assert "has 3.0\" left" in refused(game, Command("move", "a", figure="s.1", path=(P(20, 36.5),)))
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 37),)))


def test_climbing_out_of_a_trench_costs_three_jumping_in_is_free():
    terrain = [{"type": "trench", "line": [[0, 36], [48, 36]], "width": 2}]
    game = move_game([("good_rifleman", 20, 40)], terrain=terrain)
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 36),)))  # 4" into the trench: free
    assert game.state.figures["s.1"].markers["moved_mm"] == pytest.approx(4 * IN)
    ok(game, Command("begin_move", "a", unit="s"))
    # out of the trench (exits at y 35): 1" + 3" climbing + 2" = 6"; 2.1" more is too much
    assert "costs 6.1\"" in refused(game, Command("move", "a", figure="s.1", path=(P(20, 32.9),)))
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 33),)))


def test_bunker_tunnels_cost_three_in_and_out():
    terrain = [{"type": "bunker", "rect": {"x": 18, "y": 30, "w": 4, "h": 4}}]
    game = move_game([("good_rifleman", 20, 36)], terrain=terrain)
    # 2" to the bunker, 3" to climb into its tunnels, 1" inside
    assert "3.0\" to climb into the bunker's tunnels" in refused(game, Command("move", "a", figure="s.1", path=(P(20, 32.9),)))
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 33),)))


def test_water_stops_ground_troops_except_on_a_bridge():
    terrain = [{"type": "water", "rect": {"x": 0, "y": 30, "w": 48, "h": 4}},
               {"type": "bridge", "line": [[10, 28], [10, 36]], "width": 2}]
    game = move_game([("good_rifleman", 20, 36)], terrain=terrain)
    assert "cross rivers only by a bridge" in refused(game, Command("move", "a", figure="s.1", path=(P(20, 31),)))
    game = move_game([("good_rifleman", 10, 37)], terrain=terrain)
    ok(game, Command("move", "a", figure="s.1", path=(P(10, 31),)))


def test_cohesion_three_inches():
    game = move_game([("good_rifleman", 20, 40), ("good_rifleman", 22, 40)])
    assert "lose cohesion" in refused(game, Command("move", "a", figure="s.2", path=(P(25.2, 40),)))
    ok(game, Command("move", "a", figure="s.2", path=(P(23, 40),)))
    # support weapons ignore cohesion
    game = move_game([("good_hmg", 20, 40), ("good_crew", 22, 40)], kind="hmg")
    ok(game, Command("move", "a", figure="s.2", path=(P(27, 40),)))


def test_hmg_fires_twice_or_moves_once():
    b = [unit("e", [("evil_rifleman", 20, 30)])]
    game = move_game([("good_hmg", 20, 40), ("good_crew", 22, 40)], kind="hmg", b=b)
    force(game, *[1] * 16)
    ok(game, Command("fire", "a", unit="s", target="e"))
    assert "has fired" in refused(game, Command("move", "a", figure="s.1", path=(P(20, 41),)))
    ok(game, Command("fire", "a", unit="s", target="e"))
    assert "fired 2 times" in refused(game, Command("fire", "a", unit="s", target="e"))
    game = move_game([("good_hmg", 20, 40), ("good_crew", 22, 40)], kind="hmg", b=b)
    ok(game, Command("move_unit", "a", unit="s", point=P(21, 44)))
    assert "has moved" in refused(game, Command("fire", "a", unit="s", target="e"))


def test_field_gun_fires_once_or_is_pushed_once_on_the_vehicle_card():
    b = [unit("e", [("evil_rifleman", 20, 20)])]
    game = move_game([("good_field_gun", 20, 40), ("good_crew", 22, 40)], kind="field_gun", b=b)
    assert "Vehicle card" in game.rules.action_refusal(game, game.state.units["s"], "fire")
    play(game, "VEHICLE")
    ok(game, Command("move", "a", figure="s.1", path=(P(20, 36),)))
    assert "has used its 1 action" in refused(game, Command("fire", "a", unit="s", target="e"))
    assert "has 0.0\" left" not in (game.check(Command("move", "a", figure="s.2", path=(P(22, 36.5),))) or "")
    ok(game, Command("move", "a", figure="s.2", path=(P(22, 36.5),)))  # the crew push with it, same action


# ---- flyers and vehicles --------------------------------------------------------------------------------
def flyer_game():
    a = [{"id": "f", "name": "f", "kind": "flyer", "figures": [{"type": "good_flyer", "at": [10, 24], "facing": 0}]}]
    game = fresh(wmap(a, [unit("e", [("evil_rifleman", 46, 2)])]))
    play(game, "FLYER")
    return game


@pytest.mark.parametrize("path,legal", [
    ([(30, 24)], True),  # straight on: 20"
    ([(30.5, 24)], False),  # 20.5" is too far
    ([(15, 24), (15, 29), (20, 29)], True),  # two turns of 90
    ([(15, 24), (15, 29), (20, 29), (20, 24)], False),  # three turns
    ([(15, 24), (5, 24)], True),  # one turn of 180
    ([(15, 24), (10, 29)], True),  # one turn of 135
    ([(15, 24), (10, 29), (10, 34)], False),  # 135 and 45: too sharp for two turns
    ([(10, 19), (15, 19)], True),  # the first turn is from the way it faces: 90, then 90
    ([(5, 24), (5, 29)], False),  # 180 from its facing and another 90
])
def test_flyer_turn_limits(path, legal):
    game = flyer_game()
    cmd = Command("move", "a", figure="f.1", path=tuple(P(x, y) for x, y in path))
    if legal:
        ok(game, cmd)
    else:
        reason = refused(game, cmd)
        assert "turns" in reason or "moves at most" in reason


def test_flyer_fires_after_each_move_and_has_two_actions():
    a = [{"id": "f", "name": "f", "kind": "flyer", "figures": [{"type": "good_flyer", "at": [10, 24], "facing": 270}]}]
    game = fresh(wmap(a, [unit("e", [("evil_rifleman", 12, 4)])]))
    play(game, "FLYER")
    ok(game, Command("move", "a", figure="f.1", path=(P(10, 10),)))
    force(game, 1, 1, 1, 1, 1)
    ok(game, Command("fire", "a", unit="f", target="e"))  # the fire of the first action
    force(game, 1, 1, 1, 1, 1)
    ok(game, Command("fire", "a", unit="f", target="e"))  # the second action: no move, fire
    assert "used its 2 actions" in refused(game, Command("move", "a", figure="f.1", path=(P(10, 12),)))


def vehicle_game():
    a = [unit("v", [("good_vehicle", 20, 40)], kind="vehicle")]
    game = fresh(wmap(a, [unit("e", [("evil_rifleman", 20, 30)])]))
    play(game, "VEHICLE")
    return game


def test_vehicle_breakdown_on_a_six_still_fires():
    game = vehicle_game()
    assert "has 4.0\" left" in refused(game, Command("move", "a", figure="v.1", path=(P(20, 35.9),)))
    force(game, 5)
    ok(game, Command("move", "a", figure="v.1", path=(P(20, 37),)))
    assert not game.state.units["v"].markers.get("broken_down")
    force(game, 6)
    ok(game, Command("move_unit", "a", unit="v", point=P(20, 30)))
    u = game.state.units["v"]
    assert u.markers["broken_down"] and "broken down" in game.rules.unit_status(game, "v")
    force(game, *[1] * 5)
    ok(game, Command("fire", "a", unit="v", target="e"))  # the fire of that move action
    play(game, "VEHICLE")
    assert "broken down" in refused(game, Command("move", "a", figure="v.1", path=(P(20, 31),)))
    force(game, *[1] * 5)
    ok(game, Command("fire", "a", unit="v", target="e"))


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
    assert [b[0] for b in bands] == ['Field gun 8.1-16": 5d6', 'Field gun 16.1-32": 5d6']
    assert bands[0][1] == pytest.approx(8 * IN) and bands[1][2] == pytest.approx(32 * IN)


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
