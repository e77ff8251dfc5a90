"""Trenchtable: skirmish wargames of the two World Wars on a digital table.

    python main.py                 open the game window (same as `play`)
    python main.py --help          list the commands
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

# pygame's greeting on stdout would spoil the --json outputs
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _err(msg: str) -> int:
    print(msg, file=sys.stderr)
    return 2


def cmd_validate(args: argparse.Namespace) -> int:
    from game.catalog import validate_file
    from game.data.errors import DataError

    failed = 0
    for path in args.files:
        try:
            print(validate_file(path))
        except DataError as e:
            print(e.one_line(), file=sys.stderr)
            failed += 1
    return 1 if failed else 0


def _resolve_map(name: str) -> Path:
    from game.catalog import resolve_map

    return resolve_map(name)


def cmd_simulate(args: argparse.Namespace) -> int:
    from game.catalog import load_map
    from game.simulate import StalledGame, simulate

    lm = load_map(_resolve_map(args.map))
    if args.ruleset and lm.model.ruleset != args.ruleset:
        return _err(f"{args.map}: this map is for {lm.model.ruleset}, not {args.ruleset}")
    reports = []
    for i in range(args.games):
        seed = args.seed + i
        try:
            rep = simulate(lm, seed, args.p1, args.p2, portals=args.portals)
        except StalledGame as e:
            return _err(f"game with seed {seed}: {e}")
        reports.append(rep)
        if not args.json:
            winner = lm.ruleset and (rep.winner or "draw")
            print(f"seed {seed}: winner {winner}, turns {rep.turns}, commands {rep.commands}, digest {rep.digest}")
    if args.json:
        print(json.dumps({"map": str(lm.path), "ruleset": lm.model.ruleset, "games": [r.to_dict() for r in reports]}, indent=2))
    else:
        wins: dict[str, int] = {}
        for r in reports:
            wins[r.winner or "draw"] = wins.get(r.winner or "draw", 0) + 1
        print("totals: " + ", ".join(f"{k} {v}" for k, v in sorted(wins.items())))
    return 0


def _strength_job(job):
    from game.catalog import load_map
    from game.simulate import simulate

    path, seed, ai_first = job
    lm = load_map(path)
    rep = simulate(lm, seed, "ai" if ai_first else "random", "random" if ai_first else "ai")
    ai_side = lm.model.first_side or lm.model.sides[0].id
    if not ai_first:
        ai_side = next(s.id for s in lm.model.sides if s.id != ai_side)
    return path, ai_first, rep.winner == ai_side, rep.winner is None


def cmd_strength(args: argparse.Namespace) -> int:
    from concurrent.futures import ProcessPoolExecutor

    from game.catalog import available_maps

    maps = [lm for lm in available_maps(args.ruleset) if not args.map or args.map in str(lm.path)]
    jobs = [(str(lm.path), seed, first) for lm in maps for first in (True, False) for seed in range(1, args.games + 1)]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(_strength_job, jobs, chunksize=4))
    table = []
    for lm in maps:
        for first in (True, False):
            rows = [r for r in results if r[0] == str(lm.path) and r[1] == first]
            wins = sum(1 for r in rows if r[2])
            draws = sum(1 for r in rows if r[3])
            side = lm.model.first_side or lm.model.sides[0].id
            if not first:
                side = next(s.id for s in lm.model.sides if s.id != side)
            table.append({"map": Path(lm.path).stem, "ruleset": lm.model.ruleset, "ai_side": side, "games": len(rows),
                          "ai_wins": wins, "draws": draws, "ai_win_rate": round(wins / len(rows), 3) if rows else 0})
    if args.json:
        print(json.dumps(table, indent=2))
    else:
        for t in table:
            print(f"{t['ruleset']:<16} {t['map']:<28} AI plays {t['ai_side']:<10} wins {t['ai_wins']:>3}/{t['games']} ({t['ai_win_rate'] * 100:.0f}%), draws {t['draws']}")
    return 0


def cmd_odds(args: argparse.Namespace) -> int:
    from game.catalog import load_map, new_game
    from game.core.commands import Refusal

    lm = load_map(_resolve_map(args.map))
    if args.ruleset and lm.model.ruleset != args.ruleset:
        return _err(f"{args.map}: this map is for {lm.model.ruleset}, not {args.ruleset}")
    game = new_game(lm, seed=1)
    st = game.state
    if args.shooter not in st.figures:
        return _err(f"no figure {args.shooter!r}; figures: {', '.join(sorted(st.figures))}")
    if args.target and args.target not in st.units and args.target not in st.figures:
        return _err(f"no unit or figure {args.target!r}; units: {', '.join(sorted(st.units))}")
    extra = {}
    for item in args.option or []:
        key, _, value = item.partition("=")
        extra[key.strip()] = value.strip()
    try:
        cmd = game.rules.odds_command(game, args.shooter, args.target, args.assault, extra)
        report = game.rules.odds(game, cmd)
    except Refusal as r:
        return _err(f"not possible from this position: {r.reason}")
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
        return 0
    print(report.title)
    for m in report.modifiers:
        print(f"  {m.name:<22} {m.value}")
    for n in report.notes:
        print(f"  note: {n}")
    _print_dist(report.outcome_label, report.outcomes)
    for name, d in report.extra.items():
        _print_dist(name, d)
    print(f"({report.outcomes.method})")
    return 0


def _print_dist(label: str, d) -> None:
    print(f"\n  {label}")
    for k in sorted(d.probs, key=lambda k: (str(type(k)), k)):
        frac = f"  = {d.fractions[k]}" if d.exact and k in d.fractions else ""
        print(f"    {str(k):<20} {d.probs[k] * 100:7.3f}%{frac}")


def cmd_bench(args: argparse.Namespace) -> int:
    from game.bench import run_bench

    results = run_bench(quick=args.quick)
    if args.json:
        print(json.dumps({r["name"]: r for r in results}, indent=2))
        return 0
    for r in results:
        base = f"   baseline: {r['baseline']}" if r.get("baseline") else ""
        target = f"   target: {r['target']}" if r.get("target") else ""
        print(f"{r['name']:<34} {r['value']}{target}{base}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from game.ui.app import run_app

    return run_app(args)


def cmd_screenshot(args: argparse.Namespace) -> int:
    from game.ui.screenshot import screenshot

    return screenshot(args)


def cmd_editor(args: argparse.Namespace) -> int:
    from game.ui.app import run_app

    args.editor = str(_resolve_map(args.map)) if args.map else True  # a path, or a name like trench-raid
    return run_app(args)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="main.py", description="Skirmish wargames of the two World Wars.")
    sub = p.add_subparsers(dest="command")

    sp = sub.add_parser("play", help="open the game window (the default)")
    sp.add_argument("--load", help="open a saved game")
    sp.set_defaults(func=cmd_play)

    sp = sub.add_parser("validate", help="check map and ruleset files")
    sp.add_argument("files", nargs="+")
    sp.set_defaults(func=cmd_validate)

    sp = sub.add_parser("bench", help="measure performance figures against their baselines")
    sp.add_argument("--json", action="store_true")
    sp.add_argument("--quick", action="store_true", help="fewer repeats")
    sp.set_defaults(func=cmd_bench)

    sp = sub.add_parser("simulate", help="play headless games between players")
    sp.add_argument("--ruleset")
    sp.add_argument("--map", required=True)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--games", type=int, default=1)
    sp.add_argument("--p1", default="random", choices=["random", "ai"], help="who plays the first side")
    sp.add_argument("--p2", default="random", choices=["random", "ai"], help="who plays the second side")
    sp.add_argument("--portals", action="store_true", help="the AI side starts as the map's portal markers (solo rules)")
    sp.add_argument("--json", action="store_true")
    sp.set_defaults(func=cmd_simulate)

    sp = sub.add_parser("strength", help="the solo AI against the random baseline, both sides of every map")
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--ruleset")
    sp.add_argument("--map", help="only maps whose path contains this")
    sp.add_argument("--workers", type=int, default=2)
    sp.add_argument("--json", action="store_true")
    sp.set_defaults(func=cmd_strength)

    sp = sub.add_parser("odds", help="exact odds of one shot or assault on a map")
    sp.add_argument("--ruleset")
    sp.add_argument("--map", required=True)
    sp.add_argument("--shooter", required=True, help="figure id")
    sp.add_argument("--target", help="unit id (or figure id where the ruleset aims at figures)")
    sp.add_argument("--assault", action="store_true", help="the shooter's unit assaults the target")
    sp.add_argument("--option", action="append", metavar="KEY=VALUE",
                    help="ruleset-specific choices, e.g. shot=aimed, square=7/2, facing=flank")
    sp.add_argument("--json", action="store_true")
    sp.set_defaults(func=cmd_odds)

    sp = sub.add_parser("screenshot", help="render the play view to a PNG, headless")
    sp.add_argument("--ruleset")
    sp.add_argument("--map", required=True)
    sp.add_argument("--out", required=True)
    sp.add_argument("--turn", type=int, default=1)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--size", default="1280x800")
    sp.set_defaults(func=cmd_screenshot)

    sp = sub.add_parser("editor", help="open the map editor")
    sp.add_argument("map", nargs="?", help="a map file, or the name of a shipped or own map (e.g. trench-raid)")
    sp.set_defaults(func=cmd_editor)
    return p


def main(argv: list[str] | None = None) -> int:
    from game.core.save import SaveError
    from game.data.errors import DataError

    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *(argv or [])])
    try:
        return args.func(args)
    except DataError as e:
        return _err(e.one_line())
    except SaveError as e:
        return _err(str(e))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
