"""YAML reading with line numbers: the safe loader (``yaml.safe_load``'s, never an unsafe
one) composes the node tree, which gives where each value sits in the file, and builds
the data from it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

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


def _walk(node: yaml.Node, loc: tuple, marks: dict[tuple, int], path: str) -> None:
    marks[loc] = node.start_mark.line + 1
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
            _walk(value_node, loc + (key,), marks, path)
            marks[loc + (key,)] = key_node.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, loc + (i,), marks, path)


#: the safe loader (what ``yaml.safe_load`` uses: plain data only, never Python objects),
#: in its libyaml build where PyYAML has one
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str, path: str) -> Doc:
    """The data of ``text`` and the line of every value: one pass of the safe loader
    composes the node tree (for the lines) and constructs the data from it."""
    try:
        loader = SAFE_LOADER(text)
        try:
            node = loader.get_single_node()
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
    marks: dict[tuple, int] = {}
    if node is not None:
        _walk(node, (), marks, path)
    return Doc(path, data, marks)


def load_yaml(path: str | Path) -> Doc:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(str(path), "no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise DataError(str(path), f"cannot be read: {e}") from None
    return parse_yaml(text, str(path))


def dump_yaml(data: Any) -> str:
    """Write YAML in the style of the shipped files: block style, keys in given order."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)
