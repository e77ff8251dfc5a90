"""A game is its scenario + seed + commands: replays, saves and undo reproduce it."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.catalog import load_game, load_map, new_game, replay
from game.core.commands import Command
from game.core.save import SaveError, save_game
from game.core.state import Marker
from game.simulate import make_player, play_out

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("*.yaml"))
#: the map the scripted tests below play (their figure ids are its)
GW_MAP = ROOT / "maps" / "open-field-encounter.yaml"


def played(map_path, seed, max_commands=None):
    game = new_game(load_map(map_path), seed)
    players = {s: make_player("random", seed * 10 + i) for i, s in enumerate(game.state.side_order)}
    if max_commands is None:
        play_out(game, players)
    else:
        for _ in range(max_commands):
            side = game.acting_side
            assert game.submit(players[side].choose(game, side)).ok
    return game


# A whole game on every map replayed from its commands: the pinned random-random game of
# each map (tests/test_pinned_games.py), which plays it anyway.


def test_save_and_load_restore_the_exact_game(tmp_path):
    game = played(GW_MAP, seed=5, max_commands=60)
    path = tmp_path / "mid.json"
    save_game(game, path, "mid game")
    loaded = load_game(path)
    assert loaded.digest() == game.digest()
    assert loaded.state.to_dict() == game.state.to_dict()
    # both continue identically: the dice state was saved too
    pa = {s: make_player("random", 99 + i) for i, s in enumerate(game.state.side_order)}
    pb = {s: make_player("random", 99 + i) for i, s in enumerate(game.state.side_order)}
    play_out(game, pa)
    play_out(loaded, pb)
    assert loaded.digest() == game.digest()


def test_a_damaged_save_is_refused_with_the_reason(tmp_path):
    game = played(GW_MAP, seed=2, max_commands=10)
    path = tmp_path / "s.json"
    save_game(game, path)
    doc = json.loads(path.read_text())
    doc["state"]["turn"] = 7  # tampered
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="its stored state differs from what its commands give; the file was altered"):
        load_game(path)


def test_refused_command_changes_nothing():
    game = new_game(load_map(GW_MAP), 1)
    before = game.digest()
    res = game.submit(Command("fire", game.state.active_side, figure="b1.1", target="g1"))
    assert not res.ok and res.reason
    res = game.submit(Command("end_phase", game.state.other_side(game.state.active_side)))
    assert not res.ok and "turn" in res.reason
    assert game.digest() == before


def test_undo_only_without_dice():
    game = new_game(load_map(GW_MAP), 1)
    side = game.state.active_side
    before = game.digest()
    assert game.submit(Command("end_phase", side)).ok  # rally -> movement: no dice
    assert game.can_undo()
    assert game.undo()
    assert game.digest() == before
    game.submit(Command("end_phase", side))
    unit = game.state.side_units(side)[0].id
    assert game.submit(Command("roll_move", side, unit=unit)).rolled
    assert not game.can_undo() and not game.undo()


@pytest.mark.parametrize("map_path", [m for m in MAPS if "hauteville" in m.stem or "open-field" in m.stem], ids=lambda p: p.stem)
def test_undo_at_every_step_gives_back_the_game_before_it(map_path):
    """Undo restores from a checkpoint and replays the commands since: at every point of
    a game, and many steps back in a row, it must give the exact state, dice and log."""
    game = new_game(load_map(map_path), 7)  # a seed whose games give ten undoable steps and more
    players = {s: make_player("ai", 50 + i) for i, s in enumerate(game.state.side_order)}
    undone = 0
    history = [game.digest()]
    while not game.state.over and len(game.commands) < 150:
        side = game.acting_side
        cmd = players[side].choose(game, side)
        assert game.submit(cmd).ok
        after = game.digest()
        if game.can_undo():
            assert game.undo() and game.digest() == history[-1]
            assert game.submit(cmd).ok and game.digest() == after
            undone += 1
        history.append(after)
    assert undone >= 10
    # back as far as undo goes: every step lands on the digest recorded then
    steps = 0
    while game.can_undo():
        assert game.undo()
        steps += 1
        assert game.digest() == history[-1 - steps]
    assert len(game.log) == len(replay(game).log)


def test_a_refusal_while_resolving_leaves_the_game_as_it_was(monkeypatch):
    game = played(GW_MAP, seed=2, max_commands=40)
    before = game.digest()
    side = game.acting_side
    cmd = make_player("random", 7).choose(game, side)
    rules = game.rules
    real_apply = type(rules).apply

    def half_then_refuse(self, g, c):
        real_apply(self, g, c)  # the state, the dice and the log change...
        if c is not cmd:  # the commands before it, applied again from the last checkpoint
            return
        g.dice.roll("d6", "one roll too many")
        from game.core.commands import Refusal

        raise Refusal("found out while resolving")

    monkeypatch.setattr(type(rules), "apply", half_then_refuse)
    res = game.submit(cmd)
    assert not res.ok and res.reason == "found out while resolving"
    assert game.digest() == before and len(game.commands) == 40
    monkeypatch.undo()
    assert game.submit(cmd).ok
    fresh = played(GW_MAP, seed=2, max_commands=40)
    fresh.submit(cmd)
    assert game.digest() == fresh.digest()


def test_view_hides_secret_markers_from_the_other_side():
    game = new_game(load_map(GW_MAP), 1)
    a, b = game.state.side_order
    game.state.markers["p1"] = Marker("p1", b, "portal", 10.0, 10.0, secret=True, attrs={"force": "x"})
    assert game.view(a).markers["p1"].kind == "unknown"
    assert game.view(b).markers["p1"].kind == "portal"
    assert game.view(None).markers["p1"].kind == "portal"


def test_simulate_command_is_deterministic():
    args = [sys.executable, str(ROOT / "main.py"), "simulate", "--ruleset", "great-war-54mm", "--map", str(GW_MAP), "--seed", "4", "--games", "2", "--json"]
    r1 = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    r2 = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    assert r1.returncode == 0, r1.stderr
    d1, d2 = json.loads(r1.stdout), json.loads(r2.stdout)
    assert [g["digest"] for g in d1["games"]] == [g["digest"] for g in d2["games"]]
    assert {g["seed"] for g in d1["games"]} == {4, 5}
