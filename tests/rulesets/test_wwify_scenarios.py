"""WWIFY AR:SE shipped scenarios: each plays to its end headless, the same seed gives the
same game, and the command line's simulate and odds work for the ruleset."""

import json
from pathlib import Path

import pytest

from game.catalog import load_map, new_game, replay
from game.core.state import DEAD
from game.simulate import make_player, play_out, simulate

from .helpers import run_main

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("wwify-*.yaml"))


run = run_main  # (in this process: the odds command line, not how a shell starts it)


def test_there_are_at_least_two_scenarios_using_every_unit_kind():
    assert len(MAPS) >= 2
    for path in MAPS:
        lm = load_map(path)
        m = lm.model
        assert (m.table.width, m.table.height, m.unit, m.table.grid) == (120, 48, "in", True)
        types = {t.type for t in m.terrain}
        assert {"trench", "bunker", "water", "bridge"} <= types
        assert m.settings.get("bridge_sites")
        for side in m.sides:
            kinds = {u.kind for u in side.units}
            assert kinds == {"squad", "hmg", "mortar", "field_gun", "sniper", "large_creature", "flyer", "vehicle"}, (path.name, side.id)
            figs = [f for u in side.units for f in u.figures]
            cats = {lm.ruleset.data.troop_types[f.type].category for f in figs}
            assert {"infantry", "cavalry", "crew"} <= cats
            tts = [lm.ruleset.data.troop_types[f.type] for f in figs]
            assert any(t.role == "officer" for t in tts) and any(t.engineer for t in tts) and any(t.medic for t in tts)
        all_types = {f.type for s in m.sides for u in s.units for f in u.figures}
        assert "good_angry_tree" in all_types
        assert m.victory.conditions and m.victory.turn_limit
        assert m.artillery_strikes


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_scenario_plays_to_its_end_and_the_same_seed_gives_the_same_game(path):
    lm = load_map(path)
    a = simulate(lm, 1)
    b = simulate(lm, 1)
    assert a.digest == b.digest and a.result and a.turns >= 1
    c = simulate(lm, 2)
    assert c.digest != a.digest


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_scenario_with_the_solo_ai_and_replay(path):
    game = new_game(load_map(path), 5)
    players = {s: make_player("ai" if i == 0 else "random", 50 + i) for i, s in enumerate(game.state.side_order)}
    play_out(game, players)
    assert game.state.over
    assert replay(game).digest() == game.digest()
    assert any(f.life == DEAD for f in game.state.figures.values())


def test_simulate_command_line():
    r = run("simulate", "--ruleset", "wwify", "--map", str(MAPS[0]), "--seed", "1", "--games", "1")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("seed 1: winner") and "digest" in r.stdout


def test_odds_command_line_fire_assault_square_and_morale():
    path = str(ROOT / "maps" / "wwify-gloomford-crossing.yaml")
    r = run("odds", "--ruleset", "wwify", "--map", path, "--shooter", "g1.2", "--target", "e1", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["outcomes"]["exact"] and d["outcome"] == "casualties"
    assert any(m["name"] == "target in a trench" for m in d["modifiers"])
    r = run("odds", "--ruleset", "wwify", "--map", path, "--shooter", "g1.1", "--target", "e1", "--assault")
    assert r.returncode == 2 and "base contact" in r.stderr and "Traceback" not in r.stderr
    r = run("odds", "--ruleset", "wwify", "--map", path, "--shooter", "g1.1", "--option", "square=3/1", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["extra"]["shell"]["fractions"] == {"High explosive barrage": "1/3", "Smoke barrage": "1/3", "Poison gas barrage": "1/3"}
    r = run("odds", "--ruleset", "wwify", "--map", path, "--shooter", "g1.1", "--option", "square=11/1")
    assert r.returncode == 2 and "not a square" in r.stderr
    r = run("odds", "--ruleset", "wwify", "--map", path, "--shooter", "g1.1", "--option", "morale=yes")
    assert r.returncode == 0 and "Morale test" in r.stdout
