"""`python main.py bench`: performance figures beside their baselines and targets.

Each entry: name, value (with unit), target and baseline where one exists, and the raw
numbers for --json. Timings are medians of several runs on this machine; they are a
benchmark, never asserted by a test."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def _median_ms(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def bench_los(quick: bool) -> dict[str, Any]:
    from game.geometry.bench_scene import make_los_scene
    from game.geometry.los import los_matrix, naive_los_matrix

    table, pts = make_los_scene(seed=1, n_features=300, n_figures=100)
    los_matrix(table, pts)  # warm the index
    fast = _median_ms(lambda: los_matrix(table, pts), 3 if quick else 9)
    naive = _median_ms(lambda: naive_los_matrix(table, pts), 1)
    return {
        "name": "LOS matrix 100 figs x 300 features",
        "value": f"{fast:.1f} ms",
        "target": "<= 50 ms",
        "baseline": f"{naive:.0f} ms naive shapely loop ({naive / fast:.0f}x slower)",
        "ms": round(fast, 2),
        "baseline_ms": round(naive, 1),
        "target_ms": 50,
        "pairs": 4950,
    }


BENCHES: list[Callable[[bool], dict[str, Any]]] = [bench_los]


def register(fn: Callable[[bool], dict[str, Any]]) -> None:
    BENCHES.append(fn)


def run_bench(quick: bool = False) -> list[dict[str, Any]]:
    _load_optional()
    return [b(quick) for b in BENCHES]


def _load_optional() -> None:
    """Benchmarks that live with the parts they measure register themselves here."""
    import importlib

    for mod in ("game.bench_game", "game.ui.bench_frames"):
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as e:
            if e.name != mod:
                raise
