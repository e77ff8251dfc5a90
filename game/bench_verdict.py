"""Whether each bench figure meets its target, on a machine whose speed drifts.

Absolute times on the development machines drift by up to 1.8x within a day (issue 23).
So every `bench` run first times a fixed reference workload (:func:`reference_ms`: plain
Python and shapely calls, the two kinds of work the game does) and reports each figure
also as a multiple of it. A target is a time on a quiet run of this machine
(:data:`QUIET_REFERENCE_MS` is the reference workload's time on that run); it holds as the
multiple ``target / QUIET_REFERENCE_MS``, so a figure passes when its own multiple of the
reference measured in the same run is at most that, however busy the machine is. A target
that is a ratio within one run (the LOS matrix against the naive loop) needs no reference.

Each figure carries ``checks``: ``{"what", "ms", "target_ms"}`` or ``{"what", "ratio",
"target_ratio"}``; :func:`judge` adds each check's multiple and verdict and the figure's
``pass`` (every check passes; a figure with no target has no ``pass``).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import shapely

#: the reference workload's median on a quiet run of the 2-core development machine (ms),
#: measured with nothing else running on 2026-11-25 (five medians of 18.4-19.5 ms)
QUIET_REFERENCE_MS = 19.0


def _workload() -> float:
    """Plain Python arithmetic and dict work, then shapely intersections: fixed, seeded by
    nothing, the same every run."""
    acc = 0.0
    d: dict[int, float] = {}
    for i in range(180_000):
        acc += (i * 7919) % 104729 / 3.0
        d[i % 997] = acc
    line = shapely.LineString([(0, 0), (1000, 730)])
    boxes = [shapely.box(x, y, x + 35, y + 20) for x in range(0, 1000, 50) for y in range(0, 730, 40)]
    hits = sum(1 for b in boxes for _ in range(12) if line.intersects(b))
    return acc + hits + len(d)


def median_ms(fn: Callable[[], object], repeats: int) -> float:
    """The median time of ``repeats`` runs of ``fn``, in ms."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def reference_ms(repeats: int = 7) -> float:
    """The reference workload's median time in this run, in ms."""
    _workload()  # warm
    return median_ms(_workload, repeats)


def judge(entries: list[dict[str, Any]], ref_ms: float) -> list[dict[str, Any]]:
    """Each entry's checks judged against the reference measured in the same run."""
    for e in entries:
        checks = e.get("checks") or []
        for c in checks:
            if "ratio" in c:
                c["pass"] = c["ratio"] >= c["target_ratio"]
            else:
                c["x_ref"] = round(c["ms"] / ref_ms, 3)
                c["target_x_ref"] = round(c["target_ms"] / QUIET_REFERENCE_MS, 3)
                c["pass"] = c["x_ref"] <= c["target_x_ref"]
        if checks:
            e["pass"] = all(c["pass"] for c in checks)
    return entries


def verdict_words(e: dict[str, Any]) -> str:
    """A figure's verdict in a few words for the table `bench` prints."""
    if "pass" not in e:
        return ""
    parts = []
    for c in e["checks"]:
        if "ratio" in c:
            parts.append(f"{c['what']} {c['ratio']:.0f}x (target {c['target_ratio']:g}x)")
        else:
            parts.append(f"{c['what']} {c['x_ref']:.2f} ref (target {c['target_x_ref']:.2f})")
    return ("PASS: " if e["pass"] else "FAIL: ") + "; ".join(parts)
