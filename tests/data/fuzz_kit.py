"""The pieces of the data fuzzer that other tests use too: where the random choices come
from (hypothesis or a plain generator), the hostile values, and one random damage to a
value of a shipped map or ruleset (tests/data/test_fuzz_files.py plays the damaged files;
tests/rulesets/test_goodbyeeee_data_broken.py checks a fixed hundred of them)."""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Protocol, TypeVar

import yaml
from hypothesis import strategies as st

from game.data.yamlio import SAFE_LOADER

from .hostile import ROOT

T = TypeVar("T")


# ---- choosing -------------------------------------------------------------------------------
class Pick(Protocol):
    """Where the random choices come from: hypothesis (which shrinks a failure to its
    smallest) or a plain random generator (for long runs that collect every crash)."""

    def choice(self, items: Sequence[T]) -> T: ...

    def below(self, n: int) -> int: ...


class DrawPick:
    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def choice(self, items: Sequence[T]) -> T:
        return self.data.draw(st.sampled_from(list(items)))

    def below(self, n: int) -> int:
        return self.data.draw(st.integers(0, n - 1))


class RandomPick:
    def __init__(self, rng: Any) -> None:
        self.rng = rng

    def choice(self, items: Sequence[T]) -> T:
        return self.rng.choice(list(items))

    def below(self, n: int) -> int:
        return int(self.rng.randrange(n))


#: values that have no business where they land (each made afresh: some are mutable)
HOSTILE: dict[str, Callable[[], Any]] = {
    "null": lambda: None,
    "true": lambda: True,
    "0": lambda: 0,
    "-1": lambda: -1,
    "1e9": lambda: 1e9,
    "-1e9": lambda: -1e9,
    "0.0": lambda: 0.0,
    "1e-12": lambda: 1e-12,
    "inf": lambda: math.inf,
    "nan": lambda: math.nan,
    "long text": lambda: "W" * 20_000,
    "long name": lambda: "W" * 3_000,
    "long words": lambda: "word " * 1_500,
    "two lines": lambda: "two\nlines",
    "control characters": lambda: "tab\there\x00\x85\u2028end",
    "empty text": lambda: "",
    "a list": lambda: [1, "a", None],
    "a mapping": lambda: {"a": 1, "b": [2]},
    "lists of lists": lambda: [[[[1, 2]], [[3]]], [[]]],
    "banana": lambda: "banana",
    "10**30": lambda: 10**30,
    "a far point": lambda: [1e8, 1e8],
    "a point": lambda: [3, 4],
    "[]": lambda: [],
    "{}": lambda: {},
}

Path_ = tuple[Any, ...]


def _children(node: Any) -> list[Any]:
    if isinstance(node, dict):
        return list(node)
    if isinstance(node, list):
        return list(range(len(node)))
    return []


def _all_paths(data: Any) -> list[Path_]:
    out: list[Path_] = []
    stack: list[tuple[Any, Path_]] = [(data, ())]
    while stack:
        node, path = stack.pop()
        out.append(path)
        stack.extend((node[k], path + (k,)) for k in _children(node))
    return out


@cache
def paths_of(kind: str, name: str) -> list[Path_]:
    return _all_paths(shipped(kind, name))


@cache
def shipped(kind: str, name: str) -> Any:
    return yaml.load((ROOT / kind / f"{name}.yaml").read_text(), Loader=SAFE_LOADER)


def dump(data: Any) -> str:
    """YAML text of the data (the C emitter where PyYAML has it: a ruleset takes a
    quarter of a second in the Python one)."""
    return yaml.dump(data, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False, allow_unicode=True)


def _walk(pick: Pick, data: Any) -> Path_:
    """A path found by walking down from the top (every section is as likely as any
    other, however many values it holds), stopping on the way one time in four."""
    path: Path_ = ()
    node = data
    while _children(node):
        if path and pick.below(4) == 0:
            break
        key = pick.choice(_children(node))
        path += (key,)
        node = node[key]
    return path


def at_path(data: Any, path: Path_) -> Any:
    for k in path:
        data = data[k]
    return data


def mutate_value(pick: Pick, data: Any, kind: str, name: str) -> tuple[Any, str]:
    """One random path of the data given a hostile value, deleted or duplicated. Returns
    the new data (the top may be replaced) and what was done."""
    path = pick.choice(paths_of(kind, name)) if pick.below(2) else _walk(pick, data)
    ops = ["replace", "delete", "duplicate"] if path else ["replace"]
    value = at_path(data, path)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        ops.append("scale")  # a plausible number gone wrong gets past the schema more often
    op = pick.choice(ops)
    if op == "scale":
        factor = pick.choice([0, -1, 0.001, 0.5, 2, 10, 1000])
        at_path(data, path[:-1])[path[-1]] = value * factor
        return data, f"{list(path)} *= {factor}"
    if op == "replace":
        label = pick.choice(list(HOSTILE))
        if not path:
            return HOSTILE[label](), f"the whole file := {label}"
        at_path(data, path[:-1])[path[-1]] = HOSTILE[label]()
        return data, f"{list(path)} := {label}"
    parent, key = at_path(data, path[:-1]), path[-1]
    if op == "delete":
        del parent[key]
        return data, f"{list(path)} deleted"
    if isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
        return data, f"{list(path)} duplicated"
    parent[key] = [copy.deepcopy(parent[key])] * 2
    return data, f"{list(path)} := twice itself in a list"
