import json
import os

import pytest

from game.core.commands import Command, Refusal
from game.core.save import SaveError, read_save, write_atomic


def test_command_round_trip():
    c = Command("move", "british", figure="b1.3", path=((1.0, 2.0), (3.5, 4.0)))
    d = c.to_dict()
    assert d == {"kind": "move", "side": "british", "figure": "b1.3", "path": [[1.0, 2.0], [3.5, 4.0]]}
    assert Command.from_dict(json.loads(json.dumps(d))) == c
    with pytest.raises(ValueError):
        Command.from_dict({"kind": "x", "side": "a", "bogus": 1})


def test_a_field_a_command_needs_is_read_or_refused():
    c = Command("move_unit", "british", unit="b1", point=(10.0, 20.0))
    assert (c.unit_id, c.at) == ("b1", (10.0, 20.0))
    bare = Command("fire", "british")
    for read, what in ((lambda: bare.figure_id, "a figure"), (lambda: bare.target_id, "a target"),
                       (lambda: bare.unit_id, "a unit"), (lambda: bare.at, "a point on the table")):
        with pytest.raises(Refusal) as e:
            read()
        assert e.value.reason == f"'fire' needs {what}."


def test_atomic_write_keeps_old_file_when_interrupted(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    write_atomic(target, "old contents")

    def boom(src, dst):
        raise OSError("disk pulled out")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_atomic(target, "new contents")
    assert target.read_text() == "old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temp file left behind


def test_read_save_names_the_problem(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text('{"format": "trenchtable-save", "version": 1')
    with pytest.raises(SaveError, match="broken.json:1: not a readable save"):
        read_save(p)
    p.write_text(json.dumps({"format": "something-else"}))
    with pytest.raises(SaveError, match="not a saved game"):
        read_save(p)
    p.write_text(json.dumps({"format": "trenchtable-save", "version": 99}))
    with pytest.raises(SaveError, match="version 99"):
        read_save(p)
    p.write_text(json.dumps({"format": "trenchtable-save", "version": 1, "ruleset": "x"}))
    with pytest.raises(SaveError, match="missing its 'seed'"):
        read_save(p)
    with pytest.raises(SaveError, match="cannot be read"):
        read_save(tmp_path / "nope.json")


def test_game_keeps_worked_out_results_by_key_and_starts_a_full_store_again():
    from game.catalog import new_game, resolve_map

    game = new_game(resolve_map("trench-raid"), seed=1)
    calls = []

    def work(v):
        calls.append(v)
        return None if v == "none" else v * 2

    assert game.keep("test", 1, lambda: work(1), limit=2) == 2
    assert game.keep("test", 1, lambda: work(1), limit=2) == 2
    assert game.keep("test", "none", lambda: work("none"), limit=2) is None  # None is an answer
    assert game.keep("test", "none", lambda: work("none"), limit=2) is None
    assert calls == [1, "none"]
    assert game.keep("test", 3, lambda: work(3), limit=2) == 6  # full: starts again
    assert game.kept["test"] == {3: 6}
    game.keep("test", 1, lambda: work(1), limit=2)
    assert calls == [1, "none", 3, 1]
    # a batch of answers written at once: the store starts again when they would not fit
    assert game.store("test", 1, limit=3) is game.kept["test"] and len(game.kept["test"]) == 2
    batch = game.store("test", 2, limit=3)
    assert batch == {} and batch is game.kept["test"]


def test_command_options_are_named_fields_and_round_trip():
    from game.core.commands import option_pairs

    c = Command("fire", "a", figure="a1.1", target="b1", options=option_pairs(weapon="bren", shot="aimed", at=None))
    assert c.options == (("shot", "aimed"), ("weapon", "bren"))  # sorted, None left out
    assert (c.option("shot"), c.option("weapon"), c.option("as")) == ("aimed", "bren", None)
    d = c.to_dict()
    assert d["options"] == {"shot": "aimed", "weapon": "bren"} and "choice" not in d
    assert Command.from_dict(json.loads(json.dumps(d))) == c
    with pytest.raises(ValueError, match="mapping of names to words"):
        Command.from_dict({"kind": "fire", "side": "a", "options": ["shot", "aimed"]})


def test_a_command_written_with_options_in_its_choice_text_reads_as_options():
    old = {"kind": "fire", "side": "a", "figure": "a1.1", "choice": "shot=unaimed,as=smg"}
    c = Command.from_dict(old)
    assert c.choice is None and c.options == (("as", "smg"), ("shot", "unaimed"))
    plain = Command.from_dict({"kind": "move_unit", "side": "a", "unit": "a1", "choice": "regroup"})
    assert plain.choice == "regroup" and plain.options == ()
    with pytest.raises(ValueError, match="not name=value"):
        Command.from_dict({"kind": "fire", "side": "a", "choice": "shot=aimed,junk"})


def test_a_save_of_format_1_still_loads_with_its_options(tmp_path):
    """A WW2 Skirmish game saved before options had their own field: its commands carried
    them as ``choice`` texts. It loads, replays and undoes exactly as it was."""
    from pathlib import Path

    from game.catalog import load_game, load_map, new_game
    from game.core.save import save_game
    from game.simulate import make_player

    game = new_game(load_map(Path(__file__).resolve().parents[2] / "maps" / "ww2-village-hauteville.yaml"), 3)
    players = {s: make_player("random", 11 + i) for i, s in enumerate(game.state.side_order)}
    while not any(c.options for c in game.commands):
        side = game.acting_side
        assert game.submit(players[side].choose(game, side)).ok
    path = tmp_path / "old.json"
    save_game(game, path)
    doc = json.loads(path.read_text())
    for c in doc["commands"]:
        opts = c.pop("options", None)
        if opts:
            c["choice"] = ",".join(f"{k}={v}" for k, v in opts.items())
    doc["version"] = 1
    path.write_text(json.dumps(doc))
    loaded = load_game(path)
    assert loaded.commands == game.commands
    assert loaded.digest() == game.digest()


@pytest.mark.parametrize("map_name", ["trench-raid", "wwify-gloomford-crossing", "ww2-village-hauteville"])
def test_a_command_named_after_a_check_that_is_not_a_command_is_refused(map_name):
    """check_data, check_map and check_victory check files and the game, and WW2's
    check_team_may_move a unit: none is a command kind, so nothing dispatches to them."""
    from pathlib import Path

    from game.catalog import load_map, new_game

    game = new_game(load_map(Path(__file__).resolve().parents[2] / "maps" / f"{map_name}.yaml"), 1)
    side = game.state.active_side
    before = game.digest()
    for kind in ("data", "map", "victory", "team_may_move"):
        res = game.submit(Command(kind, side))
        assert not res.ok and res.reason == f"'{kind}' is not a command in {game.rules.data.name}."
    assert game.digest() == before
    assert {"fire", "end_phase"} & set(game.rules.kinds)
