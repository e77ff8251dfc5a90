"""Whether each bench figure meets its target, on a machine whose speed drifts.

Absolute times on the development machines drift by up to 1.8x within a day (issue 23).
So every `bench` run times a fixed reference workload (:func:`reference_ms`: plain
Python and shapely calls, the two kinds of work the game does) at its start and again
around and through each figure (:class:`Yardstick`), and reports each figure also as a
multiple of the reference timed while that figure was measured. A target is a time on a quiet run of this machine
(:data:`QUIET_REFERENCE_MS` is the reference workload's time on that run); it holds as the
multiple ``target / QUIET_REFERENCE_MS``, so a figure passes when its own multiple of the
reference measured in the same run is at most that, however busy the machine is. A target
that is a ratio within one run (the LOS matrix against the naive loop) needs no reference.

Each figure carries ``checks``: ``{"what", "ms", "target_ms"}`` (and ``x_ref`` where the
figure was timed as multiples of the reference beside each of its parts: the AI side-turns)
or ``{"what", "ratio", "target_ratio"}``; :func:`judge` adds each check's multiple and verdict and the figure's
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


class Yardstick:
    """The reference workload timed again and again through a run: before and after each
    figure and between the parts of a long one (an AI game), so that each figure is judged
    against the reference timed while it was measured. The machine's speed drifts within
    one run too (a two-minute run on 2026-11-29: the reference took 34 ms at its start,
    and every AI side-turn, measured later, came out at 1.4 times its usual multiple), and
    from one second to the next (2026-11-29, evening: 33 ms and 57 ms in turns, every few seconds,
    with an AI side-turn repeated beside it 166 ms and 239 ms, correlated 0.83): so the AI
    side-turns are each timed beside a reference of their own (:meth:`now`)."""

    def __init__(self) -> None:
        self.samples: list[float] = []
        _workload()  # warm

    def tick(self, repeats: int = 1) -> None:
        """Time the reference workload ``repeats`` times now."""
        for _ in range(repeats):
            self.samples.append(median_ms(_workload, 1))

    def now(self) -> float:
        """Time the reference workload once now; its time (ms)."""
        self.tick()
        return self.samples[-1]

    def mark(self) -> int:
        """Where the samples of a measurement about to start begin."""
        return len(self.samples)

    def since(self, mark: int) -> float:
        """The median of the reference times taken since ``mark`` (ms)."""
        return statistics.median(self.samples[mark:])


def judge(entries: list[dict[str, Any]], ref_ms: float) -> list[dict[str, Any]]:
    """Each entry's checks judged against the reference measured in the same run: the
    entry's own ``ref_ms`` (timed while it was measured, :class:`Yardstick`) where it has
    one, else ``ref_ms``."""
    for e in entries:
        checks = e.get("checks") or []
        ref = e.get("ref_ms", ref_ms)
        for c in checks:
            if "ratio" in c:
                c["pass"] = c["ratio"] >= c["target_ratio"]
            else:
                c.setdefault("x_ref", round(c["ms"] / ref, 3))  # (a check timed beside its own reference has it)
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
