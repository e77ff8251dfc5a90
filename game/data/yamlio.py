"""YAML reading with line numbers: the safe loader (``yaml.safe_load``'s, never an unsafe
one) composes the node tree, which gives where each value sits in the file, and builds
the data from it.

This is the one reading path of every data file, and it trusts no file: it reads only
regular files of at most :data:`MAX_BYTES`, UTF-8 text, nested at most :data:`MAX_DEPTH`
deep, holding at most :data:`MAX_NODES` values once every alias is followed (the
"billion laughs" file is refused before it is built), with no number written in more than
:data:`MAX_NUMBER_CHARS` characters and none beyond :data:`MAX_MAGNITUDE`, and no text
longer than :data:`MAX_TEXT` or holding control characters. Each refusal is
one :class:`DataError` naming the file, the line and the fix.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game.core.files import FileRefused, read_text_file

from .errors import DataError


@dataclass
class Doc:
    path: str
    data: Any
    marks: dict[tuple, int] = field(default_factory=dict)

    def line(self, loc: tuple) -> int | None:
        """Line of the deepest known part of ``loc``."""
        loc = tuple(loc)
        while loc:
            if loc in self.marks:
                return self.marks[loc]
            loc = loc[:-1]
        return self.marks.get((), None)

    def error(self, loc: tuple, message: str) -> DataError:
        from .errors import field_name

        return DataError(self.path, message, self.line(loc), field_name(loc))


#: the largest data file read (the largest shipped file, a ruleset, is about 60 KB; a map
#: of this size holds tens of thousands of features)
MAX_BYTES = 2_000_000
#: lists and mappings nested deeper than this are refused (the shipped files go 7 deep)
MAX_DEPTH = 40
#: values in the file once every alias is followed (the largest shipped file has about 4,000)
MAX_NODES = 200_000
#: a plain number written with more characters than this is refused (Python itself
#: refuses integers of over 4,300 digits, with an error that names no line)
MAX_NUMBER_CHARS = 40
#: no number in a data file is larger than this (lengths, counts, angles, turns)
MAX_MAGNITUDE = 1e9
#: no text in a data file is longer than this (the longest shipped, a ruleset's reading of
#: a rule, has under 2,000 characters; a name of a million is drawn a million pixels wide)
MAX_TEXT = 10_000

#: what YAML 1.1 reads as a number (int, float, hex, octal, sexagesimal)
_NUMBERLIKE = re.compile(r"[-+]?(?:0x[0-9a-fA-F_]+|0o?[0-7_]+|[0-9][0-9_:]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+(?:[eE][-+]?[0-9]+)?)")


def _line(mark: Any) -> int | None:
    return mark.line + 1 if mark is not None else None


def _scan_events(loader: Any, path: str) -> None:
    """Walk the parser's events before anything is built: nesting depth and the length
    of numbers, each refused with its line (the node composer recurses, and a few
    thousand nested lists crash it)."""
    depth = 0
    while loader.check_event():
        ev = loader.get_event()
        if isinstance(ev, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise DataError(
                    path,
                    f"lists and mappings nested more than {MAX_DEPTH} deep; no data file of this game nests so deep - the file is damaged",
                    _line(ev.start_mark),
                )
        elif isinstance(ev, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            depth -= 1
        elif isinstance(ev, yaml.ScalarEvent) and not ev.style and len(ev.value) > MAX_NUMBER_CHARS and _NUMBERLIKE.fullmatch(ev.value):
            raise DataError(
                path,
                f"a number written with {len(ev.value)} characters; no value of this game needs more than {MAX_NUMBER_CHARS}",
                _line(ev.start_mark),
            )


def _check_size(root: yaml.Node, path: str) -> None:
    """Count the values the data will hold once every alias is followed, without
    following them: each node's size is worked out once (aliases share nodes)."""
    size: dict[int, int] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if id(node) in size:
            continue
        children: list[yaml.Node] = []
        if isinstance(node, yaml.MappingNode):
            children = [n for pair in node.value for n in pair]
        elif isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        if not done:
            stack.append((node, True))
            stack.extend((c, False) for c in children if id(c) not in size)
            continue
        total = 1 + sum(size.get(id(c), 0) for c in children)
        if total > MAX_NODES:
            raise DataError(
                path,
                f"the file grows to more than {MAX_NODES:,} values once its aliases (*name) are followed; "
                "write the values out or use fewer aliases",
                node.start_mark.line + 1,
            )
        size[id(node)] = total


#: characters no text of a data file holds: control characters other than the tab and the
#: line break (a NUL stops the text renderer), and lone surrogates (no UTF-8 can carry them)
_BAD_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def _check_text(text: str, loc: tuple, doc_marks: dict[tuple, int], path: str) -> None:
    problem = None
    if len(text) > MAX_TEXT:
        problem = f"a text of {len(text):,} characters; no text of this game needs more than {MAX_TEXT:,} - shorten it"
    elif (bad := _BAD_CHARS.search(text)) is not None:
        problem = f"the text holds the control character U+{ord(bad.group()):04X} at character {bad.start() + 1}; write printable text"
    if problem is not None:
        from .errors import field_name

        raise DataError(path, problem, Doc(path, None, doc_marks).line(loc), field_name(loc))


def _check_values(data: Any, doc_marks: dict[tuple, int], path: str) -> None:
    """Every number within :data:`MAX_MAGNITUDE`, every text (and key) at most
    :data:`MAX_TEXT` characters of printable text."""
    stack: list[tuple[Any, tuple]] = [(data, ())]
    while stack:
        value, loc = stack.pop()
        if isinstance(value, dict):
            for k in value:
                if isinstance(k, str):
                    _check_text(k, loc + (k,), doc_marks, path)
            stack.extend((v, loc + (k,)) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, loc + (i,)) for i, v in enumerate(value))
        elif isinstance(value, str):
            _check_text(value, loc, doc_marks, path)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            if isinstance(value, float) and not math.isfinite(value):
                continue  # the schema names the field (no number of the game is infinite)
            if abs(value) > MAX_MAGNITUDE:
                from .errors import field_name

                line = Doc(path, None, doc_marks).line(loc)
                raise DataError(path, f"{value:g} is beyond any length, count or angle of this game (at most {MAX_MAGNITUDE:g})", line, field_name(loc))


def check_doc_values(doc: Doc) -> None:
    """The value checks of :func:`parse_yaml` on data that came another way (a map kept
    inside a save): numbers, lengths of texts, control characters."""
    _check_values(doc.data, doc.marks, doc.path)


def _walk(root: yaml.Node, marks: dict[tuple, int], path: str) -> None:
    stack: list[tuple[yaml.Node, tuple]] = [(root, ())]
    while stack:
        node, loc = stack.pop()
        marks.setdefault(loc, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, int] = {}
            for key_node, value_node in node.value:
                key = key_node.value
                if key in seen:
                    raise DataError(
                        path,
                        f"the key '{key}' appears twice (first on line {seen[key]}); keep one",
                        key_node.start_mark.line + 1,
                    )
                seen[key] = key_node.start_mark.line + 1
                marks[loc + (key,)] = key_node.start_mark.line + 1
                stack.append((value_node, loc + (key,)))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((item, loc + (i,)) for i, item in enumerate(node.value))


#: the safe loader (what ``yaml.safe_load`` uses: plain data only, never Python objects),
#: in its libyaml build where PyYAML has one
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str, path: str) -> Doc:
    """The data of ``text`` and the line of every value: one pass of the safe loader
    composes the node tree (for the lines) and constructs the data from it."""
    if len(text) > MAX_BYTES:
        raise DataError(path, f"the file is {len(text):,} characters long; data files of this game are at most {MAX_BYTES:,}")
    try:
        scanner = SAFE_LOADER(text)
        try:
            _scan_events(scanner, path)
        finally:
            scanner.dispose()
        loader = SAFE_LOADER(text)
        try:
            node = loader.get_single_node()
            if node is not None:
                _check_size(node, path)
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        problem = (e.problem or "malformed YAML").strip()
        raise DataError(path, f"malformed YAML: {problem}; check the indentation and quoting", line) from None
    except yaml.YAMLError as e:
        raise DataError(path, f"malformed YAML: {e}") from None
    except (ValueError, OverflowError, RecursionError) as e:  # a value the constructor cannot build
        raise DataError(path, f"a value cannot be read ({str(e)[:100]}); check the numbers and dates in the file") from None
    marks: dict[tuple, int] = {}
    if node is not None:
        _walk(node, marks, path)
        _check_values(data, marks, path)
    return Doc(path, data, marks)


def check_complete(doc: Doc, marker: str) -> None:
    """A shipped data file ends with the line ``end: <marker>``: one cut short (between
    two list items, where it still reads as YAML) is refused instead of read as a smaller
    table."""
    data = doc.data
    keys = list(data) if isinstance(data, dict) else []
    if not keys or keys[-1] != "end" or data["end"] != marker:
        last = max(doc.marks.values(), default=None)
        raise DataError(doc.path, f"the file does not end with the line `end: {marker}`; it was cut short or damaged - restore it", last, "end")


def load_yaml(path: str | Path) -> Doc:
    return parse_yaml(read_text(path), str(path))


def read_text(path: str | Path, limit: int = MAX_BYTES, what: str = "data file") -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes (game/core/files.py)."""
    try:
        return read_text_file(path, limit, what)
    except FileRefused as e:
        raise DataError(str(path), e.reason, e.line) from None


def dump_yaml(data: Any) -> str:
    """Write YAML in the style of the shipped files: block style, keys in given order."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)
