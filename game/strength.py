"""`python main.py strength`: the solo AI against the baseline players on both sides of
every shipped scenario, and (``--baselines``) each baseline against itself, for how
often a side wins when both sides are played alike: the scenario's own balance.

A row is one scenario, the side the AI plays, and whether it starts from its portal
markers (as the window plays it) or from its figures; a column is one baseline the AI
plays against. The baseline pairs are played from figures once a map, and read for each
side; for a row from portal markers, the pair is played again with that side from its
markers (the force generation brings its units on by the solo rules, and the baseline
commands them as they come).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from game.core.memory import tune

#: the opponents `strength` sets the solo AI against, each a column of the table
FOES = ("random", "greedy")


def ai_job(job: tuple[str, int, bool, str, bool]) -> tuple[str, bool, str, bool, bool, bool]:
    """One game of the AI against ``foe``: (path, ai_first, foe, portals, AI won, draw)."""
    from game.catalog import load_map
    from game.simulate import simulate

    path, seed, ai_first, foe, portals = job
    lm = load_map(path)
    # the one AI side is the solo side; with portals (as the window plays it), from its
    # portal markers where the map has them for it, else from its figures
    rep = simulate(lm, seed, "ai" if ai_first else foe, foe if ai_first else "ai", portals=portals)
    ai_side = ai_side_of(lm, ai_first)
    return path, ai_first, foe, portals, rep.winner == ai_side, rep.winner is None


def pair_job(job: tuple[str, int, str, str | None]) -> tuple[str, str | None, str | None]:
    """One game of the baseline ``foe`` against itself, from figures, or with the side
    ``markers`` from its portal markers: (foe, markers, winner)."""
    from game.catalog import load_map
    from game.simulate import simulate

    path, seed, foe, markers = job
    rep = simulate(load_map(path), seed, foe, foe, options={"solo_side": markers} if markers else None, portals=False)
    return foe, markers, rep.winner


def ai_side_of(lm: Any, ai_first: bool) -> str:
    side = lm.model.first_side or lm.model.sides[0].id
    return side if ai_first else next(s.id for s in lm.model.sides if s.id != side)


def portal_settings(lm: Any, ai_first: bool, asked: str) -> list[bool]:
    """The portal settings a row is played with: markers only where the map has some
    for the AI's side."""
    has = any(p.side == ai_side_of(lm, ai_first) for p in lm.model.portals)
    return [x for x in ((True, False) if asked == "both" else (asked == "on",)) if has or not x]


def table(maps: Iterable[Any], games: int, portals: str, foes: tuple[str, ...], workers: int, baselines: bool,
          show: Callable[[dict[str, Any]], None]) -> list[dict[str, Any]]:
    """Every row of the maps, a row at a time (its games spread over the workers), each
    handed to ``show`` when it is done: a long run (100 WW2 games a row take an hour)
    keeps the rows it has finished."""
    out: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=workers, initializer=tune) as pool:
        for lm in maps:
            pairs: dict[tuple[str, str | None], list[str | None]] = {}
            if baselines:  # from figures, and with each side that has portal markers from them
                marked = [None] + [ai_side_of(lm, first) for first in (True, False) if True in portal_settings(lm, first, portals)]
                jobs = [(str(lm.path), seed, foe, m) for m in marked for foe in foes for seed in range(1, games + 1)]
                for foe, m, winner in pool.map(pair_job, jobs, chunksize=1):
                    pairs.setdefault((foe, m), []).append(winner)
            for first in (True, False):
                side = ai_side_of(lm, first)
                for with_portals in portal_settings(lm, first, portals):
                    jobs2 = [(str(lm.path), seed, first, foe, with_portals) for foe in foes for seed in range(1, games + 1)]
                    results = list(pool.map(ai_job, jobs2, chunksize=1))
                    row: dict[str, Any] = {"map": Path(lm.path).stem, "ruleset": lm.model.ruleset, "ai_side": side,
                                           "portals": with_portals}
                    for foe in foes:
                        got = [r for r in results if r[2] == foe]
                        wins = sum(1 for r in got if r[4])
                        row[f"vs_{foe}"] = {"games": len(got), "ai_wins": wins, "draws": sum(1 for r in got if r[5]),
                                            "ai_win_rate": round(wins / len(got), 3) if got else 0}
                        pair = pairs.get((foe, side if with_portals else None))
                        if pair:  # the baseline on the AI's side (from where the AI starts) against itself
                            won = [w for w in pair if w == side]
                            row[f"{foe}_pair"] = {"games": len(pair), "side_wins": len(won), "draws": sum(1 for w in pair if w is None),
                                                  "side_win_rate": round(len(won) / len(pair), 3)}
                    out.append(row)
                    show(row)
    return out


def line(row: dict[str, Any], foes: tuple[str, ...]) -> str:
    """A row as one line of text."""
    cols = []
    for foe in foes:
        c = row[f"vs_{foe}"]
        col = f"vs {foe} {c['ai_wins']:>3}/{c['games']} ({c['ai_win_rate'] * 100:.0f}%), draws {c['draws']}"
        if (p := row.get(f"{foe}_pair")) is not None:
            col += f" [{foe} on this side vs {foe}: {p['side_wins']}/{p['games']} ({p['side_win_rate'] * 100:.0f}%)]"
        cols.append(col)
    how = "portals" if row["portals"] else "figures"
    return f"{row['ruleset']:<16} {row['map']:<28} AI plays {row['ai_side']:<10} {how:<8} " + "   ".join(cols)
