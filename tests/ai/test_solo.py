"""The solo rules: every risk factor on and off in scripted situations, the action chart
and the AFV chart row by row with forced dice, and AI games without refused commands."""

import pytest

from game.catalog import load_map
from game.core.commands import Command
from game.simulate import make_player, play_out
from game.solo.tables import Profile, solo_tables
from tests.rulesets.helpers import force, make_game, ok, small_map, unit


def factors(game, uid):
    return {fid: v for fid, v, _ in game.rules.risk_factors(game, game.state.units[uid])}


def base_game(a_units, b_units, terrain=None):
    return make_game(small_map(a_units, b_units, terrain=terrain))


def squad(uid, x, y, types=("sergeant", "rifleman", "rifleman", "rifleman")):
    return unit(uid, [(t, x + 1.5 * i, y) for i, t in enumerate(types)])


def test_a_quiet_unit_has_only_the_factors_that_apply():
    game = base_game([squad("a1", 10, 40)], [squad("b1", 30, 4)])
    f = factors(game, "a1")
    assert "no_nco" not in f and "command" not in f and "under_fire" not in f
    assert f.get("no_enemy") is None  # the enemy is in sight across the open table


def test_no_enemy_in_sight_is_minus_four():
    wall = [{"type": "building", "rect": {"x": 0, "y": 20, "w": 48, "h": 4}}]
    game = base_game([squad("a1", 10, 40)], [squad("b1", 30, 4)], terrain=wall)
    assert factors(game, "a1")["no_enemy"] == -4


def test_rout_and_command_and_no_nco():
    game = base_game([unit("a1", [("officer", 10, 40), ("rifleman", 12, 40)]), unit("a2", [("rifleman", 30, 40), ("rifleman", 32, 40)])],
                     [squad("b1", 30, 4)])
    game.state.units["a1"].markers["running"] = True
    f = factors(game, "a1")
    assert f["rout"] == 4 and f["command"] == 1 and "no_nco" not in f
    assert factors(game, "a2")["no_nco"] == 1


def test_officer_within_twelve_inches_in_sight():
    game = base_game([unit("a1", [("officer", 10, 40)]), squad("a2", 30, 40)], [squad("b1", 30, 4)])
    assert "officer" not in factors(game, "a2")  # 20" away
    game = base_game([unit("a1", [("officer", 22, 40)]), squad("a2", 30, 40)], [squad("b1", 30, 4)])
    assert factors(game, "a2")["officer"] == -1


def test_losses_in_quarters():
    game = base_game([squad("a1", 10, 40)], [squad("b1", 30, 4)])
    figs = game.state.unit_figures("a1")
    figs[1].life = "dead"
    assert factors(game, "a1")["losses"] == 1  # 1 of 4 = 25%
    figs[2].life = "dead"
    assert factors(game, "a1")["losses"] == 2


def test_fire_factors_and_firefights():
    game = base_game([squad("a1", 10, 40)], [squad("b1", 30, 4)])
    rules = game.rules
    rules.note_fire(game, "a1", "b1", 3)
    f = factors(game, "a1")
    assert f["under_fire"] == 1 and "heavy_fire" not in f
    rules.note_fire(game, "a1", "b1", 5)  # 8 firers at a unit of 4: twice its numbers
    assert factors(game, "a1")["heavy_fire"] == 2
    rules.note_losses(game, "a1", 2, "b1")
    assert factors(game, "a1")["losing"] == 1
    assert factors(game, "b1")["winning"] == -2
    game2 = base_game([squad("a1", 10, 40)], [squad("b1", 30, 4)])
    game2.rules.note_fire(game2, "a1", "b1", 1, heavy=True)  # mortars, flame, AFVs
    assert factors(game2, "a1")["heavy_fire"] == 2


def test_flank_and_retiring_friends():
    """"Enemy seen to flank or rear of position" (interpretation flank): the unit's front
    faces the nearest enemy it sees; a seen enemy behind the line along that front (more
    than 90 degrees off it) is to its flank or rear. Facing does not enter into it."""
    game = base_game([squad("a1", 10, 40)], [unit("b1", [("rifleman", 40, 40)])])
    for f in game.state.unit_figures("a1"):
        f.facing = 270  # facing north; the enemy is due east: the front is where the enemy is
    assert "flanked" not in factors(game, "a1")
    # a second enemy 80 degrees off the front (ahead of the line along it): not flanked
    game = base_game([squad("a1", 10, 40)], [unit("b1", [("rifleman", 30, 40)]), unit("b2", [("rifleman", 13, 20)])])
    assert "flanked" not in factors(game, "a1")
    # ... behind that line (west of the unit, the nearest enemy east): flanked
    game = base_game([squad("a1", 20, 40)], [unit("b1", [("rifleman", 30, 40)]), unit("b2", [("rifleman", 6, 36)])])
    assert factors(game, "a1")["flanked"] == 1
    game = base_game([squad("a1", 10, 40), squad("a2", 10, 30)], [unit("b1", [("rifleman", 14, 4)])])
    assert "flanked" not in factors(game, "a1")
    game.state.units["a2"].markers["solo_order"] = "retreat"
    assert factors(game, "a1")["flanked"] == 1  # a unit retiring within 24"


def test_friends_near_unless_withdrawing():
    game = base_game([squad("a1", 10, 40), squad("a2", 10, 36)], [squad("b1", 30, 4)])
    assert factors(game, "a1")["friends_near"] == -1
    game.state.units["a2"].markers["solo_order"] = "rout"
    assert "friends_near" not in factors(game, "a1")


def test_a_unit_routed_by_its_own_morale_is_withdrawing_too():
    """"Self/ other unit retiring within 24\"", "unless it is withdrawing": a unit running
    from a failed morale test retires as much as one on the chart's Rout (reading flank)."""
    game = base_game([squad("a1", 10, 40), squad("a2", 10, 36)], [squad("b1", 30, 4)])
    assert "flanked" not in factors(game, "a1")
    game.state.units["a2"].markers["running"] = True  # the Great War's rout, no solo order
    f = factors(game, "a1")
    assert "friends_near" not in f and f["flanked"] == 1


def test_cover_and_advancing():
    craters = [{"type": "crater", "circle": {"center": [10 + 1.5 * i, 40], "radius": 0.7}} for i in range(4)]
    game = base_game([squad("a1", 10, 40)], [squad("b1", 30, 4)], terrain=craters)
    assert factors(game, "a1")["soft_cover"] == -1
    trench = [{"type": "trench", "line": [[0, 40], [48, 40]], "width": 2}]
    game = base_game([squad("a1", 10, 40)], [squad("b1", 30, 4)], terrain=trench)
    assert "advancing" not in factors(game, "a1")  # no order rolled yet: its last turn is unknown
    a1 = game.state.units["a1"]
    a1.attrs["solo_at"] = {f.id: [f.x, f.y] for f in game.state.unit_figures("a1")}  # where it stood at its last order
    assert factors(game, "a1")["advancing"] == -2  # stationary in hard cover
    game.state.unit_figures("a1")[0].x += 25.4  # one figure moved an inch since: not stationary
    assert "advancing" not in factors(game, "a1")
    game = base_game([squad("a1", 10, 40)], [squad("b1", 30, 4)])
    assert "advancing" not in factors(game, "a1")
    game.state.units["a1"].markers["solo_order"] = "advance"
    assert factors(game, "a1")["advancing"] == -2
    # under Advance but it stood where it stood at its last order (it held): not advancing
    game.state.units["a1"].attrs["solo_at"] = {f.id: [f.x, f.y] for f in game.state.unit_figures("a1")}
    assert "advancing" not in factors(game, "a1")
    crew = unit("g", [("hmg", 10, 40), ("crewman", 11.5, 40)], kind="crew")
    game = base_game([crew], [squad("b1", 30, 4)])
    f = factors(game, "g")
    assert f["soft_cover"] == -1 and "no_nco" not in f  # a support weapon


def test_friendly_afv_factor(monkeypatch):
    game = base_game([squad("a1", 10, 40), unit("tank", [("rifleman", 16, 40)])], [squad("b1", 30, 4)])
    rules = type(game.rules)
    orig = rules.profile

    def profile(self, g, u):
        p = orig(self, g, u)
        if u.id == "tank":
            p.vehicle = True
        return p

    monkeypatch.setattr(rules, "profile", profile)
    assert factors(game, "a1")["friendly_afv"] == -1


@pytest.mark.parametrize("rf,faces", [
    (-3, ["halt", "halt", "halt", "close", "close", "close"]),  # continue (halt) / close
    (1, ["halt", "advance", "advance", "advance", "advance", "attack"]),
    (3, ["retreat", "halt", "halt", "advance", "advance", "advance"]),
    (7, ["rout", "retreat", "halt", "halt", "halt", "advance"]),
    (9, ["rout", "rout", "rout", "retreat", "retreat", "halt"]),
])
def test_action_chart_rows(monkeypatch, rf, faces):
    for face, expected in enumerate(faces, start=1):
        game = base_game([squad("a1", 10, 40)], [squad("b1", 30, 4)])
        game.state.attrs["victory"]["otherwise"] = "a"  # a holding side: Continue means Halt
        monkeypatch.setattr(type(game.rules), "risk_factors", lambda self, g, u: [("test", rf, "scripted")])
        force(game, face, 3, 3)  # (a Rout runs: 2dAv)
        ok(game, Command("solo_orders", "a", unit="a1"))
        assert game.state.units["a1"].markers["solo_order"] == expected, (rf, face)
        monkeypatch.undo()


def test_support_weapons_halt_instead_of_advancing(monkeypatch):
    crew = unit("g", [("hmg", 10, 40), ("crewman", 11.5, 40)], kind="crew")
    game = base_game([crew], [squad("b1", 30, 4)])
    monkeypatch.setattr(type(game.rules), "risk_factors", lambda self, g, u: [("test", 1, "scripted")])
    force(game, 6)  # RF1, 6: Attack
    ok(game, Command("solo_orders", "a", unit="g"))
    assert game.state.units["g"].markers["solo_order"] == "halt"
    assert "support weapons halt and fire" in game.log.events[-1].roll.outcome


@pytest.mark.parametrize("points,faces", [
    (-4, ["bale_out", "bale_out", "bale_out", "retreat", "retreat", "halt"]),
    (-1, ["bale_out", "retreat", "retreat", "halt", "halt", "manoeuvre"]),
    (0, ["retreat", "halt", "halt", "manoeuvre", "manoeuvre", "manoeuvre"]),
    (1, ["halt", "manoeuvre", "manoeuvre", "manoeuvre", "manoeuvre", "advance"]),
    (3, ["manoeuvre", "manoeuvre", "manoeuvre", "advance", "advance", "advance"]),
])
def test_afv_chart_rows(monkeypatch, points, faces):
    rules_cls = None
    for face, expected in enumerate(faces, start=1):
        game = base_game([unit("t", [("rifleman", 10, 40)])], [squad("b1", 30, 4)])
        rules_cls = type(game.rules)
        monkeypatch.setattr(rules_cls, "profile", lambda self, g, u: Profile(vehicle=True))
        monkeypatch.setattr(rules_cls, "afv_points", lambda self, g, u: [("x", points, "scripted")])
        monkeypatch.setattr(rules_cls, "immobile", lambda self, g, u: True)
        force(game, face)
        ok(game, Command("solo_orders", "a", unit="t"))
        # immobile, "Bale out (if immobile) Or Retreat" and "Retreat: ... If Immobile, Bale out" both bale out
        assert game.state.units["t"].markers["solo_order"] == ("bale_out" if expected == "retreat" else expected)
        words = {"bale_out": "Bale out", "retreat": "Retreat: immobile, so Bale out"}
        if expected in words:
            assert game.log.events[-1].roll.outcome == words[expected]
        monkeypatch.undo()


def test_bale_out_means_retreat_when_mobile(monkeypatch):
    game = base_game([unit("t", [("rifleman", 10, 40)])], [squad("b1", 30, 4)])
    cls = type(game.rules)
    monkeypatch.setattr(cls, "profile", lambda self, g, u: Profile(vehicle=True))
    monkeypatch.setattr(cls, "afv_points", lambda self, g, u: [("x", -5, "scripted")])
    force(game, 1)
    ok(game, Command("solo_orders", "a", unit="t"))
    assert game.state.units["t"].markers["solo_order"] == "retreat"


def test_orders_once_per_turn_and_logged_with_factors():
    game = base_game([squad("a1", 10, 40)], [squad("b1", 30, 4)])
    ok(game, Command("solo_orders", "a", unit="a1"))
    line = game.log.events[-1].line
    assert line.startswith("a1: RF ") and "solo action chart" in line and "->" in line
    assert game.check(Command("solo_orders", "a", unit="a1")) == "a1 already has its orders this turn."


def test_solo_tables_validate():
    t = solo_tables()
    assert [r.results for r in t.action_chart][1] == ["halt", "advance", "advance", "advance", "advance", "attack"]
    assert t.factor("no_enemy").value == -4


def all_maps():
    from game.catalog import available_maps

    return available_maps()


def _play_one(args):
    from game.catalog import load_map, new_game

    path, seed, ai_first = args
    game = new_game(load_map(path), seed)
    a, b = game.state.side_order
    players = {a: make_player("ai" if ai_first else "random", seed), b: make_player("random" if ai_first else "ai", seed + 1)}
    play_out(game, players)  # raises on any refused command
    return game.state.over


def _ai_against_random(n: int) -> None:
    """n games of the AI against the random player, every shipped map in turn, the AI on
    either side; a refused command raises."""
    from concurrent.futures import ProcessPoolExecutor

    maps = [lm.path for lm in all_maps()]
    jobs = [(maps[k % len(maps)], 1 + k // (2 * len(maps)), k % 2 == 0) for k in range(n)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(_play_one, jobs, chunksize=4))
    assert len(results) == n and all(results)


@pytest.mark.soak
def test_ai_never_submits_a_refused_command_on_any_map_from_either_side():
    """In `make soak`: `make test` plays the AI against the random player on every
    shipped map from either side in the pinned games (tests/test_pinned_games.py), whose
    play_out raises on a refused command as this does."""
    _ai_against_random(2 * len(all_maps()))  # every map, the AI on each side once


@pytest.mark.soak
def test_ai_never_submits_a_refused_command_over_200_games():
    _ai_against_random(200)  # `make soak`


def test_ai_games_replay_identically():
    from game.catalog import new_game, replay

    lm = load_map(all_maps()[0].path)
    game = new_game(lm, 5)
    players = {s: make_player("ai", 7 + i) for i, s in enumerate(game.state.side_order)}
    play_out(game, players)
    assert replay(game).digest() == game.digest()


def test_an_advancing_unit_leaves_its_lmg_to_give_covering_fire():
    """Great War: figures either move or shoot, so on an Advance order the AI keeps the
    LMG gunner that has an enemy in range and sight where it is and moves the rest."""
    from tests.rulesets.helpers import end_phases

    a1 = squad("a1", 20, 40, types=("sergeant", "lmg_gunner", "rifleman", "rifleman"))
    game = base_game([a1], [squad("b1", 20, 30)])
    end_phases(game, "movement", "a")
    game.state.units["a1"].markers["solo_order"] = "advance"
    force(game, 1, 3, 3)  # d10 1: activated; 2dAv 6"
    ok(game, Command("activate", "a", unit="a1"))
    cmds = game.rules.planner.unit_commands(game, "a", game.state.units["a1"], {})
    moved = {c.figure for c in cmds if c.kind == "move"}
    assert moved == {"a1.1", "a1.3", "a1.4"}
    # with nothing to shoot at, the gunner advances with the others
    game = base_game([a1], [squad("b1", 20, 2)])
    end_phases(game, "movement", "a")
    game.state.units["a1"].markers["solo_order"] = "advance"
    force(game, 1, 3, 3)
    ok(game, Command("activate", "a", unit="a1"))
    cmds = game.rules.planner.unit_commands(game, "a", game.state.units["a1"], {})
    assert {c.figure for c in cmds if c.kind == "move"} == {"a1.1", "a1.2", "a1.3", "a1.4"}
