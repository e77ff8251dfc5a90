"""Random fuzzing of the shipped maps and rulesets (issue 16): hostile values put at random
places of the data, structural mix-ups, and damaged bytes. The rule: a file `validate`
accepts is a file the game plays. Each fuzzed file ends in the game's own clear refusal
(a DataError of one line naming the file) or in a game that is set up, played for 40
random commands and drawn; anything else is a bug.

The budget is fixed and the examples derandomized, so the run is the same every time; set
FUZZ_EXAMPLES (examples per test) for a longer local run, and FUZZ_SEED to draw others;
`python -m tests.data.test_fuzz_files maps 2000` runs on past a crash and lists them all.
"""

from __future__ import annotations

import copy
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, event, given, note, seed, settings
from hypothesis import strategies as st

from game.catalog import load_map_doc, load_ruleset_doc
from game.data.errors import DataError
from game.data.yamlio import parse_yaml, read_text

from .fuzz_kit import (
    DrawPick,
    Path_,
    Pick,
    RandomPick,
    at_path,
    dump,
    mutate_value,
    paths_of,
    shipped,
)
from .hostile import ROOT, play_game, play_headless

T = TypeVar("T")
MAPS = sorted(p.stem for p in (ROOT / "maps").glob("*.yaml"))
RULESETS = ["great-war-54mm", "wwify", "ww2-skirmish"]
#: examples per test: the budgets below in `make test` (halved in issue 23 to keep it under 3
#: minutes), FUZZ_EXAMPLES for more (`make soak` runs 300 each)
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0"))


def budget(default: int) -> Callable[[T], T]:
    """The settings of one fuzz test: ``default`` examples (FUZZ_EXAMPLES for more), the
    same ones every run, no deadline (a game is played), no example database."""
    s = settings(
        max_examples=EXAMPLES or default,
        deadline=None,
        derandomize="FUZZ_SEED" not in os.environ,
        database=None,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
    if "FUZZ_SEED" in os.environ:
        return lambda f: seed(int(os.environ["FUZZ_SEED"]))(s(f))
    return s


def _figures(data: dict) -> list[tuple[int, int, int]]:
    return [(si, ui, fi) for si, s in enumerate(data["sides"]) for ui, u in enumerate(s.get("units") or [])
            for fi, _ in enumerate(u["figures"])]


def mutate_structure(pick: Pick, data: dict) -> tuple[dict, str]:
    """Mix-ups a value at a time never makes: two figures' ids swapped, a unit copied to
    the other side (with its ids or fresh ones), all of a unit's figures on one spot."""
    op = pick.choice(["swap ids", "copy unit", "copy unit, fresh ids", "stack unit"])
    figs = _figures(data)
    if op == "swap ids":
        a, b = pick.choice(figs), pick.choice(figs)
        fa = data["sides"][a[0]]["units"][a[1]]["figures"][a[2]]
        fb = data["sides"][b[0]]["units"][b[1]]["figures"][b[2]]
        ia, ib = fa.get("id", f"u{a}"), fb.get("id", f"u{b}")
        fa["id"], fb["id"] = ib, ia
        return data, f"figures {a} and {b} swap ids"
    units = [(si, ui) for si, s in enumerate(data["sides"]) for ui, _ in enumerate(s.get("units") or [])]
    si, ui = pick.choice(units)
    unit = data["sides"][si]["units"][ui]
    if op == "stack unit":
        for f in unit["figures"]:
            f["at"] = list(unit["figures"][0]["at"])
        return data, f"unit {si}/{ui} stacked on one spot"
    twin = copy.deepcopy(unit)
    if op.endswith("fresh ids"):
        twin["id"] = f"{twin['id']}_twin"
        for f in twin["figures"]:
            if "id" in f:
                f["id"] = f"{f['id']}_twin"
    data["sides"][1 - si].setdefault("units", []).append(twin)
    return data, f"unit {si}/{ui} copied to the other side ({op})"


def mutate_bytes(pick: Pick, raw: bytes) -> tuple[bytes, str]:
    """One to three byte-level damages: a byte changed, the file cut, a stretch deleted or
    repeated."""
    done = []
    for _ in range(1 + pick.below(3)):
        if not raw:
            break
        op = pick.choice(["flip", "set", "cut", "delete", "repeat"])
        i = pick.below(len(raw))
        if op == "flip":
            raw = raw[:i] + bytes([raw[i] ^ (1 << pick.below(8))]) + raw[i + 1:]
        elif op == "set":
            raw = raw[:i] + bytes([pick.choice(b"0123456789-.:[]{}#&*!|>'\"\n\t ,x\x00\xff")]) + raw[i + 1:]
        elif op == "cut":
            raw = raw[:i]
        else:
            j = min(len(raw), i + 1 + pick.below(80))
            raw = raw[:i] + raw[j:] if op == "delete" else raw[:j] + raw[i:]
        done.append(f"{op}@{i}")
    return raw, ", ".join(done)


# ---- the outcomes ---------------------------------------------------------------------------
def _clear(line: str, *files: str) -> None:
    assert len(line.splitlines()) == 1, f"a refusal of more than one line: {line!r}"
    assert line.startswith(tuple(f"{f}" for f in files)), f"a refusal that names no file: {line!r}"


def outcome_of_map_file(path: Path) -> str:
    """'played' or 'refused'; a refusal must be one line naming the file."""
    result = play_headless(path)
    if result.startswith("refused: "):
        _clear(result[len("refused: "):], str(path))
        return "refused"
    return result


def outcome_of_ruleset_text(text: str, name: str, folder: Path, pick: Pick) -> str:
    """A ruleset file's text read as the game reads it: refused, or accepted and then a
    shipped map of it loaded against it and played (or refused by the map's checks)."""
    path = str(folder / f"{name}.yaml")
    try:
        rs = load_ruleset_doc(parse_yaml(text, path))
    except DataError as e:
        _clear(e.one_line(), path)
        return "refused"
    maps = [m for m in MAPS if shipped("maps", m).get("ruleset") == name]
    map_name = pick.choice(maps)
    map_path = str(ROOT / "maps" / f"{map_name}.yaml")
    try:
        lm = load_map_doc(parse_yaml((ROOT / "maps" / f"{map_name}.yaml").read_text(), map_path), ruleset=rs)
    except DataError as e:
        _clear(e.one_line(), map_path, path)
        return "map refused"
    return play_game(lm)


def fuzz_map(pick: Pick, folder: Path) -> tuple[str, str]:
    name = pick.choice(MAPS)
    data = copy.deepcopy(shipped("maps", name))
    if pick.below(5) == 0:
        data, what = mutate_structure(pick, data)
    else:
        data, what = mutate_value(pick, data, "maps", name)
    path = folder / f"{name}.yaml"
    path.write_text(dump(data))
    return f"{name}: {what}", outcome_of_map_file(path)


def fuzz_ruleset(pick: Pick, folder: Path) -> tuple[str, str]:
    name = pick.choice(RULESETS)
    data, what = mutate_value(pick, copy.deepcopy(shipped("rulesets", name)), "rulesets", name)
    text = dump(data)
    return f"{name}: {what}", outcome_of_ruleset_text(text, name, folder, pick)


def fuzz_bytes(pick: Pick, folder: Path) -> tuple[str, str]:
    if pick.below(3):
        name = pick.choice(MAPS)
        raw, what = mutate_bytes(pick, (ROOT / "maps" / f"{name}.yaml").read_bytes())
        path = folder / f"{name}.yaml"
        path.write_bytes(raw)
        return f"map {name}: {what}", outcome_of_map_file(path)
    name = pick.choice(RULESETS)
    raw, what = mutate_bytes(pick, (ROOT / "rulesets" / f"{name}.yaml").read_bytes())
    path = folder / f"{name}.yaml"
    path.write_bytes(raw)
    try:
        text = read_text(path)
    except DataError as e:  # not UTF-8
        _clear(e.one_line(), str(path))
        return f"ruleset {name}: {what}", "refused"
    return f"ruleset {name}: {what}", outcome_of_ruleset_text(text, name, folder, pick)


FUZZERS = {"maps": fuzz_map, "rulesets": fuzz_ruleset, "bytes": fuzz_bytes}


# ---- the tests ------------------------------------------------------------------------------
def _run(fuzzer: Callable[[Pick, Path], tuple[str, str]], data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        what, result = fuzzer(DrawPick(data), Path(tmp))
        note(what)  # printed with a failing example
        event(result.split(" (")[0])  # pytest --hypothesis-show-statistics: how many played
        assert result in ("played", "refused", "map refused"), (what, result)


@budget(45)
@given(st.data())
def test_fuzzed_maps_are_refused_or_played(data):
    _run(fuzz_map, data)


@budget(40)
@given(st.data())
def test_fuzzed_rulesets_are_refused_or_played(data):
    _run(fuzz_ruleset, data)


@budget(50)
@given(st.data())
def test_damaged_bytes_are_refused_or_played(data):
    _run(fuzz_bytes, data)


def _set(path: Path_, value: Any) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        at_path(data, path[:-1])[path[-1]] = value
    return change


#: what the fuzzing found in rulesets, each now refused: (ruleset, change, words of the refusal)
RULESET_CASES: dict[str, tuple[str, Callable[[Any], None], str]] = {
    "an id that is a list": ("great-war-54mm", _set(("id",), ["great-war-54mm"] * 2), "id: unknown ruleset id ['great-war-54mm', 'great-war-54mm']"),
    "a base a billion inches across (the play screen hung drawing it)": (
        "great-war-54mm", _set(("base_diameter",), 1e9), "base_diameter: Input should be less than or equal to 20"),
    "a troop type's base far too wide": ("ww2-skirmish", _set(("troop_types", "ger_pak40", "base"), 500), "troop_types.ger_pak40.base: Input should be less"),
    "a weapon of 5,000 dice (the fire pool could not be rolled)": (
        "wwify", _set(("weapons", "lmg", "dice", 3), 5000), "weapons.lmg.dice[3]: Input should be less than or equal to 20"),
}


def test_a_units_pool_of_dice_rolls():
    """Found by fuzzing: a unit's pool (its figures' dice together) over 999 dice could not
    be rolled. A unit has at most 200 figures of at most 20 dice each."""
    from game.core.dice import Dice, parse_spec
    from game.core.rng import SeededSource

    assert parse_spec("4000d6") == (4000, "d6")
    assert len(Dice(SeededSource(5)).roll("4000d6", "a pool of 200 figures").faces) == 4000


@pytest.mark.parametrize("case", RULESET_CASES)
def test_ruleset_findings_are_refused(case, tmp_path):
    name, change, words = RULESET_CASES[case]
    data = copy.deepcopy(shipped("rulesets", name))
    change(data)
    path = str(tmp_path / f"{name}.yaml")
    with pytest.raises(DataError) as e:
        load_ruleset_doc(parse_yaml(dump(data), path))
    line = e.value.one_line()
    _clear(line, path)
    assert words in line and e.value.line is not None, line


@pytest.mark.parametrize("kind", ["maps", "rulesets"])
def test_every_shipped_file_is_a_path_of_its_own(kind):
    """The fuzzers' ground: each shipped file reads, and its paths are there to pick."""
    names = MAPS if kind == "maps" else RULESETS
    assert names and all(len(paths_of(kind, n)) > 50 for n in names)


def main(argv: list[str]) -> int:
    """A long run that goes on past a crash and reports each distinct one (where it was
    raised, a minute's hang too) with the first mutation that gave it:
    ``python -m tests.data.test_fuzz_files maps|rulesets|bytes COUNT [FIRST]``."""
    import random
    import signal
    import traceback

    def hung(*_: Any) -> None:
        raise TimeoutError("one example ran over a minute")

    signal.signal(signal.SIGALRM, hung)
    kind, count, first = argv[0], int(argv[1]), int(argv[2]) if len(argv) > 2 else 0
    crashes: dict[tuple, tuple[int, str, str]] = {}
    results: dict[str, int] = {}
    for i in range(first, first + count):
        what = "?"
        with tempfile.TemporaryDirectory() as tmp:
            signal.alarm(60)
            try:
                what, result = FUZZERS[kind](RandomPick(random.Random(f"{kind}-{i}")), Path(tmp))
            except Exception as e:  # a long run collects them all (a hang too)
                last = traceback.extract_tb(e.__traceback__)[-1]
                crashes.setdefault((type(e).__name__, last.filename, last.lineno), (i, what, "".join(traceback.format_exception(e)[-3:])))
                result = "CRASH"
            finally:
                signal.alarm(0)
        results[result] = results.get(result, 0) + 1
    print(results)
    for key, (i, what, tb) in crashes.items():
        print(f"{key} first at example {i}: {what}\n{tb}")
    return 1 if crashes else 0


if __name__ == "__main__":
    import sys

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.exit(main(sys.argv[1:]))
