"""The cycle collector's schedule (game/core/memory.py): every command of main.py runs with
the old generation scanned OLD_EVERY middle collections apart, the young schedule kept."""

import gc
import subprocess
import sys
from pathlib import Path

from game.core import memory

ROOT = Path(__file__).resolve().parents[2]


def test_tune_spaces_the_old_generations_scans_and_keeps_the_rest():
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)  # Python's default
        memory.tune()
        assert gc.get_threshold() == (700, 10, memory.OLD_EVERY)
    finally:
        gc.set_threshold(*before)


def test_main_tunes_the_collector_before_a_command():
    probe = ("import gc, sys; sys.argv = ['main.py', 'validate', 'rulesets/ww2-135.yaml']; import main; "
             "assert gc.get_threshold()[2] == 10; code = main.main(sys.argv[1:]); print(gc.get_threshold()[2], code)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert out.split()[-2:] == [str(memory.OLD_EVERY), "0"]
