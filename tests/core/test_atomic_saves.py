"""Saves are written atomically (issue 16): a process killed at any moment of an autosave
leaves the last good save loadable, a full disk leaves it byte-identical, and what a killed
save left behind is cleaned up."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.catalog import load_game, load_map, new_game
from game.core.save import LEFTOVER_AGE_S, clean_leftovers, save_game, write_atomic

ROOT = Path(__file__).resolve().parents[2]

WRITER = """
import sys
from pathlib import Path
sys.path.insert(0, {root!r})
from game.catalog import load_map, new_game
from game.core.save import save_game
from game.simulate import make_player
game = new_game(load_map({map!r}), seed=3)
players = {{s: make_player("random", i) for i, s in enumerate(game.state.side_order)}}
target = Path({target!r})
print("ready", flush=True)
while True:  # play and autosave for ever, until killed
    for _ in range(3):
        side = game.acting_side
        game.submit(players[side].choose(game, side))
        if game.state.over:
            game = new_game(load_map({map!r}), seed=3)
    save_game(game, target, "autosave")
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no kill -9 here")
def test_kill_9_at_any_moment_of_an_autosave_leaves_a_loadable_save(tmp_path):
    target = tmp_path / "autosave.json"
    save_game(new_game(load_map(ROOT / "maps" / "trench-raid.yaml"), seed=3), target, "first")
    script = WRITER.format(root=str(ROOT), map=str(ROOT / "maps" / "trench-raid.yaml"), target=str(target))
    for i in range(10):
        proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert proc.stdout is not None and proc.stdout.readline().strip() == b"ready"
        time.sleep(0.05 + 0.037 * i)  # a different moment of the write each time
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        load_game(target)  # whole and consistent: it replays to what it says
    clean_leftovers(tmp_path, now=time.time() + LEFTOVER_AGE_S + 1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json"]


def test_a_full_disk_keeps_the_last_good_save_byte_for_byte(tmp_path, monkeypatch):
    target = tmp_path / "s.json"
    write_atomic(target, json.dumps({"good": True}))
    kept = target.read_bytes()
    real_fsync = os.fsync

    def full(fd):
        real_fsync(fd)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space left"):
        write_atomic(target, json.dumps({"good": False}) * 1000)
    assert target.read_bytes() == kept
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]  # no temporary file left


def test_only_old_leftovers_are_cleaned(tmp_path):
    save = tmp_path / "game.json"
    save.write_text("{}")
    old = tmp_path / ".game.json.abc123.tmp"
    young = tmp_path / ".game.json.def456.tmp"
    old.write_text("partial")
    young.write_text("being written by another window")
    past = time.time() - LEFTOVER_AGE_S - 5
    os.utime(old, (past, past))
    assert clean_leftovers(tmp_path) == [old]
    assert save.exists() and young.exists() and not old.exists()


def test_the_load_list_cleans_up(tmp_path, monkeypatch):
    monkeypatch.setenv("TRENCHTABLE_HOME", str(tmp_path))
    from game.paths import saves_dir
    from game.session import list_saves

    d = saves_dir()
    d.mkdir(parents=True, exist_ok=True)
    left = d / ".autosave.json.x1.tmp"
    left.write_text("{")
    past = time.time() - LEFTOVER_AGE_S - 5
    os.utime(left, (past, past))
    assert list_saves() == [] and not left.exists()
