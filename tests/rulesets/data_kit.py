"""Shared checks for the ruleset data tests: a copy of a ruleset file broken on purpose is
refused naming its file, line and field, by the loader and by `main.py validate`."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import main
from game.catalog import load_ruleset_data_doc, validate_file
from game.data.errors import DataError
from game.data.yamlio import dump_yaml, parse_yaml

Change = Callable[[dict], None]


def set_at(path: tuple, value: Any) -> Change:
    """A change that sets the field at ``path`` (keys and indexes) to ``value``."""
    def change(d: dict) -> None:
        for p in path[:-1]:
            d = d[p]
        d[path[-1]] = value
    return change


def del_at(path: tuple) -> Change:
    """A change that removes the field at ``path``."""
    def change(d: dict) -> None:
        for p in path[:-1]:
            d = d[p]
        del d[path[-1]]
    return change


def refused_copy(raw: dict, change: Change, name: str) -> DataError:
    """The error a changed copy of ``raw``, read as the file ``name``, is refused with: one
    line, naming the file and a line."""
    d = copy.deepcopy(raw)
    change(d)
    with pytest.raises(DataError) as e:
        load_ruleset_data_doc(parse_yaml(dump_yaml(d), name))
    assert e.value.file == name and e.value.line is not None and "\n" not in e.value.one_line()
    return e.value


def broken_copy_is_named(tmp_path: Path, path: Path, old: str, new: str, field: str) -> None:
    """A copy of the ruleset file ``path`` with the line ``old`` written as ``new`` is refused
    by `validate_file` naming the copy, that line and ``field``, and `main.py validate` exits 2."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / path.name
    p.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(DataError) as e:
        validate_file(p)
    line = text[: text.index(old)].count("\n") + 1
    assert (e.value.file, e.value.line, e.value.field) == (str(p), line, field)
    assert main.main(["validate", str(p)]) == 2


def refused_naming(raw: dict, change: Change, name: str, field: str, words: str) -> None:
    """A changed copy of ``raw`` read as ``name`` is refused naming ``field``, in words that
    say ``words`` (the row of a broken-file table)."""
    e = refused_copy(raw, change, name)
    assert e.field == field and words in e.message, e.one_line()
