"""A save is a scenario, a seed and a command list (issue 16): loading plays the commands
again and refuses a file whose commands, seed, dice state or state were altered, naming
the first command that differs; the rules it was played under are recorded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.catalog import load_game, load_map, load_ruleset, new_game
from game.core.commands import Command
from game.core.save import SAVE_VERSION, SaveError, save_game
from game.simulate import make_player

ROOT = Path(__file__).resolve().parents[2]
TRENCH_RAID = ROOT / "maps" / "trench-raid.yaml"
HAUTEVILLE = ROOT / "maps" / "ww2-village-hauteville.yaml"


def _played(path: Path, map_path: Path = TRENCH_RAID, commands: int = 60):
    game = new_game(load_map(map_path), seed=5)
    players = {s: make_player("random", 7 + i) for i, s in enumerate(game.state.side_order)}
    for _ in range(commands):
        side = game.acting_side
        assert game.submit(players[side].choose(game, side)).ok
    save_game(game, path)
    return game, json.loads(path.read_text())


def _refusal(path: Path, doc: dict) -> str:
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError) as e:
        load_game(path)
    msg = str(e.value)
    assert msg.startswith(f"{path}: ") and "\n" not in msg
    return msg


def _first_rolling(game) -> int:
    """The index of the first command whose resolution rolled dice."""
    fresh = new_game(load_map(TRENCH_RAID), seed=game.seed)
    for i, cmd in enumerate(game.commands):
        if fresh.submit(cmd).rolled:
            return i
    raise AssertionError("no command rolled dice")


def test_a_save_records_its_rules_and_loads_to_the_same_game(tmp_path):
    path = tmp_path / "s.json"
    game, doc = _played(path)
    rs = load_ruleset("great-war-54mm")
    assert doc["version"] == SAVE_VERSION == 3
    assert doc["rules"] == {"id": "great-war-54mm", "version": rs.rules_version, "data": rs.data_digest}
    loaded = load_game(path)
    assert loaded.digest() == game.digest() and loaded.source.state == game.source.state
    assert not loaded.can_undo()  # what was played before the save stands


def test_a_shortened_command_list(tmp_path):
    path = tmp_path / "s.json"
    _, doc = _played(path)
    doc["commands"] = doc["commands"][:-5]
    assert "its commands stop short of its log" in _refusal(path, doc)


def test_an_emptied_command_list(tmp_path):
    path = tmp_path / "s.json"
    _, doc = _played(path)
    doc["commands"] = []
    assert "its commands stop short of its log" in _refusal(path, doc)


def test_an_illegal_command_names_where_and_why(tmp_path):
    path = tmp_path / "s.json"
    _, doc = _played(path)
    doc["commands"].insert(3, Command("fire", doc["commands"][3]["side"], figure="b1.1", target="nobody").to_dict())
    msg = _refusal(path, doc)
    assert f"command 4 of {len(doc['commands'])} ('fire' by " in msg and "is refused when the game is played again from its seed" in msg


def test_an_unknown_command_kind(tmp_path):
    path = tmp_path / "s.json"
    _, doc = _played(path)
    doc["commands"][0]["kind"] = "teleport"
    assert "command 1 of" in _refusal(path, doc)


def test_a_command_that_is_no_command(tmp_path):
    path = tmp_path / "s.json"
    _, doc = _played(path)
    doc["commands"][2] = {"kind": "move", "side": "british", "warp": 9}
    assert "command 3 of 60 is not a command (unknown command fields: warp)" in _refusal(path, doc)


def test_a_changed_seed_shows_at_the_first_roll(tmp_path):
    path = tmp_path / "s.json"
    game, doc = _played(path)
    doc["seed"] = doc["seed"] + 1
    k = _first_rolling(game)
    msg = _refusal(path, doc)
    assert f"command {k + 1} of 60 " in msg and "where the save records" in msg


def test_a_changed_dice_state(tmp_path):
    path = tmp_path / "s.json"
    _, doc = _played(path)
    doc["rng_state"] += 1
    assert "its dice state is not the one its commands leave" in _refusal(path, doc)


def test_a_negative_dice_state_is_refused_before_play(tmp_path):
    path = tmp_path / "s.json"
    _, doc = _played(path)
    doc["rng_state"] = -1
    assert "'rng_state' is -1, not a whole number of 0 or more" in _refusal(path, doc)


def test_a_deleted_checksum_skips_nothing(tmp_path):
    path = tmp_path / "s.json"
    _, doc = _played(path)
    del doc["digest"]
    doc["state"]["turn"] = 9
    assert "its stored state differs from what its commands give" in _refusal(path, doc)


@pytest.mark.parametrize("damage", ["active side that does not exist", "junk in a figure", "a decision nobody can answer"])
def test_an_edited_state_is_refused(tmp_path, damage):
    path = tmp_path / "s.json"
    _, doc = _played(path)
    st = doc["state"]
    if damage == "active side that does not exist":
        st["active_side"] = "martians"
    elif damage == "junk in a figure":
        next(iter(st["figures"].values()))["status"] = {"wounds": "many"}
    else:
        st.setdefault("attrs", {})["pending"] = {"side": "martians", "kind": "choose", "options": []}
    assert "its stored state differs from what its commands give; the file was altered" in _refusal(path, doc)


@pytest.mark.parametrize("part,value,words", [
    ("session", None, None), ("scenario", [], "'scenario' is list"), ("options", ["x"], "'options' is list"),
    ("commands", {"a": 1}, "'commands' is dict"), ("seed", 1.5, "'seed' is float"), ("seed", None, "'seed' is empty (null)"),
    ("log", "text", "'log' is str"), ("rules", 3, "'rules' is int"),
])
def test_each_part_of_the_wrong_type(tmp_path, part, value, words):
    path = tmp_path / "s.json"
    game, doc = _played(path, commands=10)
    doc[part] = value
    path.write_text(json.dumps(doc))
    if words is None:  # the program's own part: falls back, the game loads
        assert load_game(path).digest() == game.digest()
        return
    assert words in _refusal(path, doc)


def test_a_scenario_without_its_map(tmp_path):
    path = tmp_path / "s.json"
    _, doc = _played(path, commands=10)
    del doc["scenario"]["map"]
    assert "its scenario holds no map" in _refusal(path, doc)


def test_rules_that_changed_since_say_so(tmp_path, monkeypatch):
    """A save made under other rules data or another version of the procedures, whose
    commands no longer replay, says which and what to do."""
    path = tmp_path / "s.json"
    game, doc = _played(path)
    doc["seed"] += 1  # stands for rules that now resolve the same commands differently
    doc["rules"]["data"] = "0123456789abcdef"
    msg = _refusal(path, doc)
    assert "it was played under other The Great War in 54mm data (digest 0123456789abcdef, now" in msg
    doc["rules"]["version"] = 0
    msg = _refusal(path, doc)
    now = load_ruleset("great-war-54mm").rules_version
    assert f"it was played under version 0 of the The Great War in 54mm rules and this program plays version {now}" in msg


def test_other_rules_data_that_replays_the_same_loads(tmp_path):
    path = tmp_path / "s.json"
    game, doc = _played(path)
    doc["rules"]["data"] = "0123456789abcdef"  # a change that made no difference to this game
    path.write_text(json.dumps(doc))
    assert load_game(path).digest() == game.digest()


def test_an_optional_rule_gone_since(tmp_path):
    path = tmp_path / "s.json"
    _, doc = _played(path, commands=10)
    doc["options"]["night_fighting"] = True
    msg = _refusal(path, doc)
    assert "the scenario inside this save no longer loads" in msg and "unknown optional rule(s): night_fighting" in msg


def test_a_save_of_format_2_still_loads(tmp_path):
    path = tmp_path / "s.json"
    game, doc = _played(path)
    doc["version"] = 2
    del doc["rules"]
    path.write_text(json.dumps(doc))
    assert load_game(path).digest() == game.digest()
    doc["seed"] += 1
    assert "saved before saves recorded their rules" in _refusal(path, doc)


def test_a_ww2_game_with_hidden_units_and_reactions_replays(tmp_path):
    path = tmp_path / "w.json"
    game, _ = _played(path, HAUTEVILLE, commands=80)
    assert load_game(path).digest() == game.digest()
