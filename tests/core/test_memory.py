"""The cycle collector's schedule (game/core/memory.py): every command of main.py runs with
the old generation scanned OLD_EVERY middle collections apart, the young schedule kept;
and the C heap kept for reuse where the C library is glibc."""

import gc
import platform
import subprocess
import sys
from pathlib import Path

import pytest

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


FAULTS = """
import resource, sys
from game.core import memory
if sys.argv[1] == "keep":
    assert memory.keep_heap()
from game.geometry.bench_scene import make_los_scene
from game.geometry.los import los_matrix
table, pts = make_los_scene(seed=1, n_features=300, n_figures=100)
for _ in range(3):
    los_matrix(table, pts)
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(10):
    los_matrix(table, pts)
print((resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / 10)
"""


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="mallopt is glibc's")
def test_a_kept_heap_serves_the_sight_matrix_without_faulting_pages_in():
    # glibc's defaults hand the sight matrix's temporaries back to the system and fault
    # them in again (about 630 minor page faults a matrix on the bench's 100 figures);
    # kept, the heap serves them again (none once warm)
    def faults(mode: str) -> float:
        out = subprocess.run([sys.executable, "-c", FAULTS, mode], capture_output=True, text=True, cwd=ROOT, check=True)
        return float(out.stdout.split()[-1])

    assert faults("default") > 100
    assert faults("keep") < 10


def test_tune_keeps_the_heap_where_the_c_library_is_glibc():
    probe = "import sys; from game.core import memory; print(memory.keep_heap())"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
    assert out.split()[-1] == str(glibc)
