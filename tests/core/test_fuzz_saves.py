"""Fuzzing saves (issue 16): a save with any one part replaced by a hostile value, deleted,
or its bytes flipped or cut, is either refused with the game's own one-line SaveError or
loads to a game that plays on. Bounded and derandomised, so it cannot flake; set
FUZZ_EXAMPLES for a longer run."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.catalog import load_game, load_map, new_game
from game.core.save import SaveError, save_game
from game.session import list_saves
from game.simulate import make_player

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

HOSTILE: list[Any] = [None, True, 0, -1, 2**63, 10**30, 1.5, float("inf"), "", "banana", "x" * 5000, [], {},
                      [[[[[]]]]], {"a": {"b": None}}, [1, 2, 3]]


def _save(tmp: Path) -> tuple[Path, dict[str, Any]]:
    game = new_game(load_map(ROOT / "maps" / "trench-raid.yaml"), seed=11)
    players = {s: make_player("random", i) for i, s in enumerate(game.state.side_order)}
    for _ in range(25):
        side = game.acting_side
        game.submit(players[side].choose(game, side))
    path = tmp / "base.json"
    save_game(game, path, "fuzz", {"controllers": {s: "human" for s in game.state.side_order}})
    return path, json.loads(path.read_text())


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    return _save(tmp_path_factory.mktemp("fuzz"))


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in the document (sampled: the log and state are large)."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in list(doc.items())[:40]:
            out += _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i in sorted({0, 1, len(doc) // 2, len(doc) - 1} & set(range(len(doc)))):
            out += _paths(doc[i], prefix + (i,))
    return out


def _loads_or_refuses(path: Path) -> None:
    try:
        game = load_game(path)
    except SaveError as e:
        msg = str(e)
        assert msg.startswith(str(path)) and "\n" not in msg, msg
        return
    # loaded: it must play on
    players = {s: make_player("random", 3) for s in game.state.side_order}
    for _ in range(5):
        if game.state.over:
            break
        side = game.acting_side
        game.submit(players[side].choose(game, side))


@SETTINGS
@given(data=st.data())
def test_one_part_replaced_or_deleted(base, tmp_path_factory, data):
    _, doc = base
    doc = json.loads(json.dumps(doc))
    where = data.draw(st.sampled_from(_paths(doc)[1:]))
    parent = doc
    for k in where[:-1]:
        parent = parent[k]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent[where[-1]] = data.draw(st.sampled_from(HOSTILE))
    path = tmp_path_factory.mktemp("f") / "s.json"
    path.write_text(json.dumps(doc))
    _loads_or_refuses(path)


@SETTINGS
@given(data=st.data())
def test_bytes_flipped_or_cut(base, tmp_path_factory, data):
    src, _ = base
    raw = bytearray(src.read_bytes())
    if data.draw(st.booleans()):
        raw = raw[: data.draw(st.integers(0, len(raw) - 1))]
    else:
        for _ in range(data.draw(st.integers(1, 4))):
            i = data.draw(st.integers(0, len(raw) - 1))
            raw[i] = data.draw(st.integers(0, 255))
    path = tmp_path_factory.mktemp("b") / "s.json"
    path.write_bytes(bytes(raw))
    _loads_or_refuses(path)


def test_the_load_list_survives_a_folder_of_fuzzed_saves(base, tmp_path, monkeypatch):
    monkeypatch.setenv("TRENCHTABLE_HOME", str(tmp_path))
    from game.paths import saves_dir

    d = saves_dir()
    d.mkdir(parents=True)
    src, doc = base
    (d / "good.json").write_bytes(src.read_bytes())
    for i, value in enumerate(HOSTILE):
        bad = dict(doc, name=value, turn=value, saved_at=value, ruleset=value)
        (d / f"bad{i}.json").write_text(json.dumps(bad))
    listed = list_saves()
    assert len(listed) == len(HOSTILE) + 1 and all(isinstance(i.label, str) for i in listed)
