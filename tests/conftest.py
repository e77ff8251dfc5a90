import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# the tests run with the program's schedule for the cycle collector (game/core/memory.py):
# games kept and set aside by the hundred made its old-generation scans a tenth of a
# worker's time (1/35th tests: 4.6 s of 47 s of CPU; 1.5 s with it)
from game.core.memory import tune  # noqa: E402

tune()

# ---- how fast the machine ran ----------------------------------------------------------------
# `make test`'s time is judged against issue 23's 3 minutes on a machine whose speed drifts
# (up to three times slower than its quiet runs within a day): the run ends by saying how
# long the bench's reference workload took before and after it (19 ms on a quiet run), so
# that a time is read beside how fast the machine was.
_REFERENCE: list[float] = []


def _is_worker(config) -> bool:
    return hasattr(config, "workerinput")  # a pytest-xdist worker, not the run itself


def pytest_sessionstart(session):
    if not _is_worker(session.config):
        from game.bench_verdict import reference_ms

        _REFERENCE.append(reference_ms(3))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if _is_worker(config) or not _REFERENCE:
        return
    from game.bench_verdict import QUIET_REFERENCE_MS, reference_ms

    after = reference_ms(3)
    terminalreporter.write_line(f"reference workload (game/bench_verdict.py): {_REFERENCE[0]:.0f} ms before the tests, "
                                f"{after:.0f} ms after ({QUIET_REFERENCE_MS:g} ms on a quiet run of this machine)")
