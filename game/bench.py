"""`python main.py bench`: performance figures beside their baselines and targets.

Each entry: name, value, target and baseline where one exists, and the raw numbers for
--json; a figure with a target has ``checks`` and a ``pass`` judged against the reference
workload timed in the same run (game/bench_verdict.py). Timings are medians of several
runs on this machine; they are a benchmark, never asserted by a test."""

from __future__ import annotations

import copy
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import shapely

from game.bench_verdict import Yardstick, median_ms


def naive_los_full(table, pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The naive baseline: for each pair, loop over every feature calling shapely
    ``intersects``, then work out blocking, woods depth, hindrance and cover for the
    features crossed. Same answers as the vectorised matrix, none of its tricks."""
    n = len(pts)
    feats = list(table.features)
    visible = np.ones((n, n), dtype=bool)
    cover = np.zeros((n, n), dtype=np.int8)
    points = [shapely.Point(p) for p in pts]
    elev = [table.elevation_at(tuple(p)) for p in pts]
    for i in range(n):
        for j in range(i + 1, n):
            seg = shapely.LineString([pts[i], pts[j]])
            woods = 0.0
            depth = None
            blocked = False
            cov_i = cov_j = 0
            for f in feats:
                if not seg.intersects(f.area):
                    continue
                t = f.type
                in_i, in_j = f.area.covers(points[i]), f.area.covers(points[j])
                if t.los == "blocks" and not ((in_i or in_j) and f.sees_out):
                    blocked = True
                elif t.los == "woods":
                    woods += seg.intersection(f.area).length
                    depth = t.sight_depth if depth is None else min(depth, t.sight_depth)
                elif t.los == "hill" and not (in_i or in_j) and f.level >= max(elev[i], elev[j]):
                    blocked = True
                c = t.cover_code
                if c:
                    if in_j or (t.shape == "line" and f.area.distance(points[j]) <= t.cover_reach):
                        cov_j = max(cov_j, c)
                    if in_i or (t.shape == "line" and f.area.distance(points[i]) <= t.cover_reach):
                        cov_i = max(cov_i, c)
            if depth is not None and woods > depth:
                blocked = True
            visible[i, j] = visible[j, i] = not blocked
            cover[i, j], cover[j, i] = cov_j, cov_i
    return visible, cover


def bench_los(quick: bool) -> dict[str, Any]:
    from game.geometry.bench_scene import make_los_scene
    from game.geometry.los import los_matrix

    table, pts = make_los_scene(seed=1, n_features=300, n_figures=100)
    los_matrix(table, pts)  # build the index once, as a game does
    # Interleaved rounds, so that a spell of load on the machine falls on both sides of the
    # ratio: each round times the fast matrix three times and the naive loop once.
    fasts: list[float] = []
    naives: list[float] = []
    for _ in range(1 if quick else 3):
        fasts.append(median_ms(lambda: los_matrix(table, pts), 3))
        naives.append(median_ms(lambda: naive_los_full(table, pts), 1))
    fast, naive = statistics.median(fasts), statistics.median(naives)
    return {
        "name": "LOS matrix, 100 figures x 300 features",
        "value": f"{fast:.1f} ms",
        "target": "at least 100x faster than the naive loop in the same run",
        "baseline": f"{naive:.0f} ms naive shapely loop ({naive / fast:.0f}x slower)",
        "ms": round(fast, 2),
        "baseline_ms": round(naive, 1),
        "pairs": 4950,
        "checks": [{"what": "speed-up over the naive loop", "ratio": round(naive / fast, 1), "target_ratio": 100}],
    }


def bench_frames(quick: bool, busy: bool = False) -> dict[str, Any]:
    from game.ui.bench_frames import frame_times

    med, p95, name = frame_times(quick, busy)
    return {
        "name": f"Frame time, pan/zoom over {name}",
        "value": f"median {med:.1f} ms, p95 {p95:.1f} ms",
        "target": "p95 <= 8 ms (120 fps headroom)",
        "median_ms": round(med, 2),
        "p95_ms": round(p95, 2),
        "checks": [{"what": "p95", "ms": round(p95, 2), "target_ms": 8.0}],
    }


HOME_STEP = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}


def reinforced(lm, figures: int = 30, step: float = 3.0):
    """The scenario with each side's units copied until the side has at least
    ``figures`` figures: copy k of a unit stands k x ``step`` table units behind it,
    toward its side's home edge (clamped to the table). For timing the AI at the size
    the target names when the shipped scenarios are smaller."""
    from game.catalog import load_map_doc
    from game.data.yamlio import Doc

    data = copy.deepcopy(lm.doc.data)
    w, h = data["table"]["width"], data["table"]["height"]

    def count(units: list[dict[str, Any]]) -> int:
        return sum(len(u["figures"]) for u in units)

    for side in data["sides"]:
        units = side["units"]
        base = list(units)
        dx, dy = HOME_STEP.get(side.get("home_edge", "south"), (0, 1))
        k = 0
        while count(units) < figures:
            k += 1
            for u in base:
                if count(units) >= figures:
                    break
                c = copy.deepcopy(u)
                c["id"] = f"{u['id']}r{k}"
                c["name"] = f"{u.get('name', u['id'])} ({k + 1})"
                for f in c["figures"]:
                    x, y = f["at"]
                    f["at"] = [min(w - 0.5, max(0.5, x + dx * step * k)), min(h - 0.5, max(0.5, y + dy * step * k))]
                    f.pop("id", None)
                units.append(c)
    return load_map_doc(Doc(f"{lm.path} (reinforced to {figures} figures a side)", data))


def _ai_games(maps, games: int, between: Callable[[], None] = lambda: None,
              beside: Callable[[], float] | None = None) -> tuple[list[float], list[float], list[int], list[float]]:
    """AI against AI on each map for seeds 1..games: (ms per game, ms per side-turn,
    figures of the acting side at the start of each side-turn, and the reference workload's
    time beside each side-turn); ``between`` is called before each game and after the last
    (the yardstick's tick); ``beside`` (the yardstick's :meth:`~Yardstick.now`), when given,
    times the reference once as each side-turn hands over to the other side, so that a
    side-turn is judged against the machine's speed of that moment (else that list is empty)."""
    from game.catalog import new_game
    from game.simulate import make_player

    totals: list[float] = []
    turns: list[float] = []
    sizes: list[int] = []
    refs: list[float] = []
    for lm in maps:
        for seed in range(1, games + 1):
            between()
            game = new_game(lm, seed)
            players = {s: make_player("ai", seed * 10 + i) for i, s in enumerate(game.state.side_order)}
            spent: dict[tuple[int, str], float] = {}
            size: dict[tuple[int, str], int] = {}
            ref: dict[tuple[int, str], float] = {}
            t_game = time.perf_counter()
            n = 0
            while not game.state.over and n < 20000:
                acting, key = game.acting_side, (game.state.turn, game.acting_side)
                if key not in size:
                    size[key] = sum(1 for f in game.state.figures.values() if f.side == acting and f.alive)
                t0 = time.perf_counter()
                game.submit(players[acting].choose(game, acting))
                spent[key] = spent.get(key, 0.0) + (time.perf_counter() - t0) * 1000
                n += 1
                # once a side-turn, as it first hands over (a reaction may hand it back)
                if beside is not None and key not in ref and (game.state.over or (game.state.turn, game.acting_side) != key):
                    ref[key] = beside()
            totals.append((time.perf_counter() - t_game) * 1000)
            turns += list(spent.values())
            sizes += [size[k] for k in spent]
            if beside is not None:
                refs += [ref[k] if k in ref else beside() for k in spent]
    between()
    return totals, turns, sizes, refs


def _p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.95) - 1)]


def bench_ai(quick: bool, ys: Yardstick | None = None) -> list[dict[str, Any]]:
    """Per ruleset: the time of one AI side-turn (everything a side does in a game turn:
    the solo AI's decisions and the rules resolving them, for every card or phase of
    it) in the shipped scenarios and in the same scenarios reinforced to 30 figures a
    side; and of a complete AI-vs-AI game of a shipped scenario."""
    from game.catalog import available_maps, available_rulesets

    ys = ys or Yardstick()
    out = []
    for rid in available_rulesets():
        maps = available_maps(rid, shipped_only=True)
        if not maps:
            continue
        games = 1 if quick else 3
        start = ys.mark()
        totals, turns, sizes, _ = _ai_games(maps, games, ys.tick)
        ref_games = ys.since(start)
        start = ys.mark()
        _, turns30, sizes30, beside = _ai_games([reinforced(lm) for lm in maps], 1 if quick else 2, ys.tick, ys.now)
        ref30 = ys.since(start)
        # each side-turn as a multiple of the reference timed beside it: the machine's
        # speed flips within seconds, so a median of side-turns over a median of references
        # timed between games pairs moments of different speeds
        multiples = [t / r for t, r in zip(turns30, beside, strict=True)]
        for label, ts, ss, thirty in (("", turns, sizes, False), (" (30 figures)", turns30, sizes30, True)):
            out.append({
                "ref_ms": round(ref30 if thirty else ref_games, 2),
                "name": f"AI side-turn, {rid}{label}",
                "value": f"median {statistics.median(ts):.0f} ms, p95 {_p95(ts):.0f} ms "
                         f"({statistics.median(ss):.0f} figures, up to {max(ss)})",
                "target": "median <= 50 ms, p95 <= 150 ms (30 figures)" if thirty else "",
                "median_ms": round(statistics.median(ts), 1),
                "p95_ms": round(_p95(ts), 1),
                "median_figures": statistics.median(ss),
                "side_turns": len(ts),
                "checks": [{"what": "median", "ms": round(statistics.median(ts), 1), "x_ref": round(statistics.median(multiples), 3), "target_ms": 50.0},
                           {"what": "p95", "ms": round(_p95(ts), 1), "x_ref": round(_p95(multiples), 3), "target_ms": 150.0}] if thirty else [],
            })
        out.append({
            "ref_ms": round(ref_games, 2),
            "name": f"AI vs AI game, {rid}",
            "value": f"median {statistics.median(totals):.0f} ms per game ({len(totals)} games)",
            "target": "median <= 1 s",
            "median_ms": round(statistics.median(totals), 1),
            "games": len(totals),
            "checks": [{"what": "median", "ms": round(statistics.median(totals), 1), "target_ms": 1000.0}],
        })
    return out


def bench_load(quick: bool) -> dict[str, Any]:
    """Loading a save plays its commands again from the seed and checks each result
    (game/core/verify.py): the time to load a WW2 Skirmish game played by the solo AI on
    both sides for up to 12 turns, on the largest shipped WW2 scenario."""
    import tempfile
    from pathlib import Path

    from game.catalog import MAPS_DIR, load_game, load_map, new_game
    from game.core.save import save_game
    from game.simulate import make_player

    game = new_game(load_map(MAPS_DIR / "ww2-bocage-bunkers.yaml"), seed=4)
    players = {s: make_player("ai", 10 + i) for i, s in enumerate(game.state.side_order)}
    while not game.state.over and game.state.turn <= 12:
        side = game.acting_side
        game.submit(players[side].choose(game, side))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.json"
        save_game(game, path)
        load_game(path)  # the ruleset read and cached, as in a running program
        ms = median_ms(lambda: load_game(path), 1 if quick else 3)
        size = path.stat().st_size
    return {
        "name": "Load a WW2 save (replayed and checked)",
        "value": f"{ms:.0f} ms for {len(game.commands)} commands, turn {game.state.turn} ({size / 1e6:.1f} MB)",
        "median_ms": round(ms, 1),
        "commands": len(game.commands),
    }


#: run in a fresh interpreter: the wall-clock time at which the menu's first frame is drawn
MENU_PROBE = """
import os, sys, time
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, os.getcwd())
from game.ui.app import App
from game.ui.menu import MainMenu
app = App((1280, 800), headless=True)
app.switch(MainMenu(app))
app.frame(0.02)
print(time.time())
"""


def bench_menu(quick: bool) -> dict[str, Any]:
    """From starting Python to the main menu's first frame drawn (a fresh interpreter each
    time, as a player's launch is; its imports cached on disk as after the first run)."""
    import subprocess
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[1])
    times = []
    for _ in range(2 if quick else 5):
        t0 = time.time()
        out = subprocess.run([sys.executable, "-c", MENU_PROBE], capture_output=True, text=True, cwd=root, check=True)
        times.append((float(out.stdout.strip().splitlines()[-1]) - t0) * 1000)
    ms = statistics.median(times)
    return {"name": "Main menu drawn after launch", "value": f"median {ms:.0f} ms", "target": "<= 1000 ms", "median_ms": round(ms, 1),
            "checks": [{"what": "median", "ms": round(ms, 1), "target_ms": 1000.0}]}


def bench_frames_busy(quick: bool) -> dict[str, Any]:
    """The same pans and zooms with a unit selected, range rings and an odds box open."""
    return bench_frames(quick, busy=True)


BENCHES: list[Callable[[bool], Any]] = [bench_los, bench_frames, bench_frames_busy, bench_ai, bench_load, bench_menu]


def run_bench(quick: bool = False) -> list[dict[str, Any]]:
    """Every figure, each judged against its target as a multiple of the reference workload
    timed while it was measured (``ref_ms``: before, after and, for the AI games, between
    them; game/bench_verdict.py); the reference timed at the start is the first entry."""
    from game.bench_verdict import QUIET_REFERENCE_MS, judge, reference_ms

    ref = reference_ms()
    out: list[dict[str, Any]] = [{
        "name": "Reference workload", "value": f"{ref:.1f} ms", "ms": round(ref, 2),
        "baseline": f"{QUIET_REFERENCE_MS:g} ms on a quiet run (the targets' yardstick)",
    }]
    ys = Yardstick()
    for b in BENCHES:
        start = ys.mark()
        ys.tick(3)
        r = b(quick, ys) if b is bench_ai else b(quick)
        ys.tick(3)
        for e in r if isinstance(r, list) else [r]:
            e.setdefault("ref_ms", round(ys.since(start), 2))  # the reference while it was measured
            out.append(e)
    return judge(out, ref)
