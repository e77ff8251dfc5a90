"""Trenchtable: skirmish wargames of the two World Wars on a digital table.

    python main.py                 open the game window (same as `play`)
    python main.py --help          list the commands

Exit codes, the same for every command:

    0    success; also when the reader of the output stops early (`... | head -1`)
    2    bad input: a bad argument, a missing, bad or broken file, or a request refused
         (`validate` exits 2 if any file it checked is broken)
    130  interrupted (Ctrl+C)

A refusal is one line on stderr naming the problem and the fix, never a traceback
(argparse's own refusals print the command's usage line before it). Limits:
--games 1 or more, --workers 1 to 32, --seed 0 or more, --turn 1 or more,
screenshot --size from 960x640 to 8192x8192 and --out ending in .png, .jpg, .jpeg,
.bmp or .tga in a folder that exists.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

# gc alone: the rest of the game is imported when a command needs it
from game.core.memory import tune

# pygame's greeting on stdout would spoil the --json outputs
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


#: the players `simulate` may seat (game/simulate.py builds them)
PLAYERS = ("random", "greedy", "ai")
MAX_WORKERS = 32  # ~60 MB a worker process; Windows' process pool refuses more than 61


def _err(msg: str) -> int:
    print(msg, file=sys.stderr)
    return 2


class Refused(Exception):
    """Bad input found inside a command: main() prints it as one line and exits 2."""


def _whole_number(lo: int, hi: int | None = None):
    """An argparse type: a whole number from lo (to hi); else one line naming the range."""
    want = f"from {lo} to {hi}" if hi is not None else f"{lo} or more"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number {want}, not {text!r}") from None
        if value < lo or (hi is not None and value > hi):
            raise argparse.ArgumentTypeError(f"must be {want}, not {value}")
        return value

    return parse


def _checked(check):
    """An argparse type from a check that raises ValueError with a one-line message."""

    def parse(text: str):
        try:
            return check(text)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    return parse


def cmd_validate(args: argparse.Namespace) -> int:
    from game.catalog import validate_file
    from game.data.errors import DataError

    failed = 0
    for path in args.files:
        try:
            print(validate_file(path))
        except DataError as e:
            print("\n".join(e.all_lines()), file=sys.stderr)
            failed += 1
    return 2 if failed else 0


def _resolve_map(name: str) -> Path:
    from game.catalog import resolve_map

    return resolve_map(name)


def _existing_map(name: str) -> Path:
    """The map named by --map; Refused with one line naming where maps are if none."""
    from game.paths import user_maps_dir

    path = _resolve_map(name)
    if not path.exists():
        raise Refused(f"--map {name}: no such map; give a map file, or the name of one in maps/ "
                      f"or in your own maps folder ({user_maps_dir()})")
    return path


def cmd_simulate(args: argparse.Namespace) -> int:
    from game.catalog import load_map
    from game.simulate import StalledGame, simulate

    lm = load_map(_existing_map(args.map))
    if args.ruleset and lm.model.ruleset != args.ruleset:
        return _err(f"{args.map}: this map is for {lm.model.ruleset}, not {args.ruleset}")
    kinds = args.players or [args.p1, args.p2] + ["random"] * (len(lm.model.sides) - 2)
    if len(kinds) != len(lm.model.sides):
        return _err(f"{args.map}: the map has {len(lm.model.sides)} sides; --players names {len(kinds)} players")
    reports = []
    for i in range(args.games):
        seed = args.seed + i
        try:
            rep = simulate(lm, seed, kinds[0], kinds[1], portals=args.portals, more=kinds[2:])
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


def cmd_strength(args: argparse.Namespace) -> int:
    from game import strength
    from game.catalog import available_maps

    maps = [lm for lm in available_maps(args.ruleset, shipped_only=True) if not args.map or args.map in str(lm.path)]
    if not maps:
        asked = " and ".join(f"--{k} {v!r}" for k, v in (("ruleset", args.ruleset), ("map", args.map)) if v)
        return _err(f"no shipped map matches {asked}; drop or change it (strength plays the maps in maps/)")
    foes = strength.FOES if args.against == "both" else (args.against,)
    show = (lambda row: None) if args.json else (lambda row: print(strength.line(row, foes), flush=True))
    rows = strength.table(maps, args.games, args.portals, foes, args.workers, args.baselines, show)
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


def cmd_odds(args: argparse.Namespace) -> int:
    from game.catalog import load_map, new_game
    from game.core.commands import Refusal

    lm = load_map(_existing_map(args.map))
    if args.ruleset and lm.model.ruleset != args.ruleset:
        return _err(f"{args.map}: this map is for {lm.model.ruleset}, not {args.ruleset}")
    game = new_game(lm, seed=args.seed)
    if args.turn > 1:
        from game.simulate import play_to_turn

        play_to_turn(game, args.turn, args.seed)
    st = game.state
    alive = sorted(f for f, fig in st.figures.items() if fig.alive)
    if args.shooter not in st.figures or not st.figures[args.shooter].alive:
        where = f" on turn {st.turn} (seed {args.seed})" if args.turn > 1 else ""
        return _err(f"no figure {args.shooter!r} standing{where}; figures: {', '.join(alive)}")
    if args.at is not None:
        err = _place_shooter(game, args.shooter, args.at)
        if err:
            return _err(err)
    if args.target and args.target not in st.units and args.target not in st.figures:
        return _err(f"no unit or figure {args.target!r}; units: {', '.join(sorted(st.units))}")
    extra = {}
    for item in args.option or []:
        key, _, value = item.partition("=")
        extra[key.strip()] = value.strip()
    try:
        cmd = lm.ruleset.odds_command(game, args.shooter, args.target, args.assault, extra)
        report = lm.ruleset.odds(game, cmd)
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


def _place_shooter(game, shooter: str, at: tuple[float, float]) -> str:
    """Move the shooter's unit so that the shooter stands at ``at`` (map units), its
    formation kept; '' or why not."""
    st, rules = game.state, game.rules
    f = st.figures[shooter]
    dx, dy = rules.mm(at[0]) - f.pos[0], rules.mm(at[1]) - f.pos[1]
    moving = [st.figures[m] for m in st.units[f.unit].figures] if f.unit in st.units else [f]
    for m in moving:
        x, y = m.x + dx, m.y + dy
        if not (0 <= x <= game.table.width and 0 <= y <= game.table.height):
            return f"--at {at[0]:g},{at[1]:g} puts {m.name} off the table; choose a place further in"
    with game.changing():
        for m in moving:
            m.x, m.y = m.x + dx, m.y + dy
    return ""


def _point(text: str) -> tuple[float, float]:
    parts = text.split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give X,Y in the map's unit, like 30,12 (got {text!r})") from None
    return (x, y)


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
    from game.bench_verdict import verdict_words

    for r in results:
        base = f"   baseline: {r['baseline']}" if r.get("baseline") else ""
        target = f"   target: {r['target']}" if r.get("target") else ""
        verdict = f"   {verdict_words(r)}" if "pass" in r else ""
        print(f"{r['name']:<34} {r['value']}{target}{verdict}{base}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from game.ui.app import run_app

    return run_app(args)


def cmd_screenshot(args: argparse.Namespace) -> int:
    from game.ui.screenshot import screenshot

    _existing_map(args.map)
    return screenshot(args)


def cmd_replay(args: argparse.Namespace) -> int:
    from game.ui.screenshot import replay_shot

    return replay_shot(args)


def cmd_editor(args: argparse.Namespace) -> int:
    from game.ui.app import run_app

    args.editor = str(_resolve_map(args.map)) if args.map else True  # a path, or a name like trench-raid
    return run_app(args)


def build_parser() -> argparse.ArgumentParser:
    from game.ui.screenshot import check_out, parse_size  # no pygame until a picture is drawn

    games = _whole_number(1)
    seed = _whole_number(0)

    def players_of(text: str) -> list[str]:
        kinds = [k.strip() for k in text.split(",")]
        bad = [k for k in kinds if k not in PLAYERS]
        if bad or not 2 <= len(kinds) <= 4:
            raise ValueError(f"give 2 to 4 players separated by commas, each one of {', '.join(PLAYERS)} (got {text!r})")
        return kinds

    player_list = _checked(players_of)
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
    sp.add_argument("--seed", type=seed, default=1, help="the first game's seed (0 or more)")
    sp.add_argument("--games", type=games, default=1, help="how many games, seeds SEED, SEED+1... (1 or more)")
    sp.add_argument("--p1", default="random", choices=PLAYERS, help="who plays the first side")
    sp.add_argument("--p2", default="random", choices=PLAYERS, help="who plays the second side")
    sp.add_argument("--players", type=player_list, help="who plays each side in the map's order, e.g. ai,random,random "
                    "(for maps of more than two sides; the others default to random)")
    sp.add_argument("--no-portals", dest="portals", action="store_false",
                    help="a lone AI side starts from the map's figures, not its portal markers (the window always uses the markers)")
    sp.add_argument("--json", action="store_true")
    sp.set_defaults(func=cmd_simulate)

    sp = sub.add_parser("strength", help="the solo AI against the random and the greedy baselines, both sides of every map")
    sp.add_argument("--games", type=games, default=100, help="games per map and side (1 or more)")
    sp.add_argument("--portals", choices=["both", "on", "off"], default="both",
                    help="the AI side from its portal markers (on), from its figures (off), or a row of each (both, the default)")
    sp.add_argument("--against", choices=["random", "greedy", "both"], default="both",
                    help="the baseline the AI plays: random, greedy, or a column of each (both, the default)")
    sp.add_argument("--ruleset")
    sp.add_argument("--map", help="only maps whose path contains this")
    sp.add_argument("--workers", type=_whole_number(1, MAX_WORKERS), default=2,
                    help=f"processes playing the games (1 to {MAX_WORKERS})")
    sp.add_argument("--baselines", action="store_true",
                    help="also play each baseline against itself on every map (the same seeds; from figures, and for a row from "
                         "markers with that side from its markers) and show how often it wins on the AI's side: the "
                         "scenario's balance between sides played alike")
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
    sp.add_argument("--at", type=_point, metavar="X,Y",
                    help="first move the shooter's unit so the shooter stands here (map units), its formation kept")
    sp.add_argument("--turn", type=games, default=1, help="play on to this turn first, the random baseline moving both sides (as screenshot does)")
    sp.add_argument("--seed", type=seed, default=1, help="the game's seed (0 or more)")
    sp.add_argument("--json", action="store_true")
    sp.set_defaults(func=cmd_odds)

    sp = sub.add_parser("screenshot", help="render the play view to a PNG, headless")
    sp.add_argument("--ruleset")
    sp.add_argument("--map", required=True)
    sp.add_argument("--out", required=True, type=_checked(check_out),
                    help="the picture: .png, .jpg, .jpeg, .bmp or .tga, in a folder that exists")
    sp.add_argument("--turn", type=_whole_number(1), default=1, help="play on to this turn (1 or more)")
    sp.add_argument("--seed", type=seed, default=1, help="0 or more")
    sp.add_argument("--size", type=_checked(parse_size), default="1280x800",
                    help="WIDTHxHEIGHT, from 960x640 to 8192x8192 (default 1280x800)")
    sp.set_defaults(func=cmd_screenshot)

    sp = sub.add_parser("replay", help="render a saved game as it stood after its first N commands, headless")
    sp.add_argument("save", help="a save file (a save, an autosave or a finished game)")
    sp.add_argument("--to", type=_whole_number(0), required=True, help="after this many commands (0: the start)")
    sp.add_argument("--out", required=True, type=_checked(check_out),
                    help="the picture: .png, .jpg, .jpeg, .bmp or .tga, in a folder that exists")
    sp.add_argument("--size", type=_checked(parse_size), default="1280x800", help="WIDTHxHEIGHT (default 1280x800)")
    sp.set_defaults(func=cmd_replay)

    sp = sub.add_parser("editor", help="open the map editor")
    sp.add_argument("map", nargs="?", help="a map file, or the name of a shipped or own map (e.g. trench-raid)")
    sp.set_defaults(func=cmd_editor)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run one command and return its exit code (0, 2 or 130: see the module docstring)."""
    try:
        code = _run(argv)
        sys.stdout.flush()  # so that a closed pipe shows here, not as a traceback at exit
        return code
    except BrokenPipeError:
        # The reader stopped early (`| head -1`): what it read is right and it asked for
        # no more, so that is success (0), not bad input; 141 (128 + SIGPIPE) would fail
        # every `set -o pipefail` script that pipes us into head. As the Python docs'
        # "Note on SIGPIPE" says, point stdout at devnull so the flush at exit is quiet.
        _stdout_to_devnull()
        return 0
    except KeyboardInterrupt:
        return 130


def _run(argv: list[str] | None) -> int:
    from game.core.save import SaveError
    from game.data.errors import DataError

    parser = build_parser()
    try:  # argparse refuses with its usage and one line, and exits 2 (0 for --help)
        args = parser.parse_args(argv)
        if args.command is None:
            args = parser.parse_args(["play", *(argv or [])])
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    tune()  # the cycle collector's schedule for a program that keeps much (game/core/memory.py)
    try:
        return args.func(args)
    except Refused as e:
        return _err(str(e))
    except DataError as e:
        return _err(e.one_line())
    except SaveError as e:
        return _err(str(e))


def _stdout_to_devnull() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file descriptor (a test's capture)
        pass


if __name__ == "__main__":
    sys.exit(main())
