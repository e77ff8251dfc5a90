"""Status keys are declared: no ``markers``/``attrs`` key is written as bare text in game/,
and every declared key is both written and read somewhere (a key only ever written is
dead state; one only ever read is never set).

Declared keys are the upper-case attributes of the ``StatusKeys`` classes in
game/core/keys.py, game/solo/keys.py and each ruleset's status.py.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATUS = ("markers", "attrs")
KEY_MODULES = ["game.core.keys", "game.solo.keys"] + [
    f"game.rulesets.{p.parent.name}.status" for p in sorted((ROOT / "game" / "rulesets").glob("*/status.py"))
]


def _status(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr in STATUS


def _text(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def bare_keys(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, key) of every status key written as text."""
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Subscript) and _status(n.value) and _text(n.slice):
            out.append((n.lineno, n.slice.value))
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and _status(n.func.value):
            if n.func.attr in ("get", "pop", "setdefault") and n.args and _text(n.args[0]):
                out.append((n.lineno, n.args[0].value))
            if n.func.attr == "update":
                out += [(n.lineno, k.value) for a in n.args if isinstance(a, ast.Dict) for k in a.keys if _text(k)]
        elif isinstance(n, ast.Compare) and _text(n.left) and any(isinstance(o, (ast.In, ast.NotIn)) for o in n.ops) \
                and any(_status(c) for c in n.comparators):
            out.append((n.lineno, n.left.value))
        elif isinstance(n, ast.Assign) and any(_status(t) for t in n.targets) and isinstance(n.value, ast.Dict):
            out += [(n.lineno, k.value) for k in n.value.keys if _text(k)]
        elif isinstance(n, ast.keyword) and n.arg in STATUS and isinstance(n.value, ast.Dict):
            out += [(n.value.lineno, k.value) for k in n.value.keys if _text(k)]
    return out


def sources() -> dict[Path, ast.AST]:
    return {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "game").rglob("*.py"))}


def test_no_status_key_is_bare_text():
    found = [f"{p.relative_to(ROOT)}:{line}: {key!r}" for p, tree in sources().items() for line, key in bare_keys(tree)]
    assert found == [], "declare these keys in a status enum and use its member:\n" + "\n".join(found)


def declared() -> dict[str, type]:
    """Every status enum by its class name; a name declared twice (two rulesets each with
    a ``FigMark``) would mix their uses, so it fails."""
    from game.core.keys import StatusKeys

    out: dict[str, type] = {}
    for name in KEY_MODULES:
        mod = importlib.import_module(name)
        for obj in vars(mod).values():
            if isinstance(obj, type) and issubclass(obj, StatusKeys) and obj is not StatusKeys and obj.__module__ == name:
                assert obj.__name__ not in out, f"{name}.{obj.__name__} is declared in {out[obj.__name__].__module__} too: prefix it"
                out[obj.__name__] = obj
    return out


#: keys set by the files a player writes (a map's unit attributes), not by code
SET_BY_FILES = {"Ww2UnitAttr.IN_VEHICLE"}


def uses(trees: dict[Path, ast.AST], enums: dict[str, type]) -> tuple[set[str], set[str]]:
    """(written, read): ``Enum.MEMBER`` names used as a status key being set, and used
    any other way."""
    written: set[str] = set()
    read: set[str] = set()
    for tree in trees.values():
        setting: set[int] = set()
        for n in ast.walk(tree):
            if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store):
                setting.add(id(n.slice))
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "setdefault" and n.args:
                setting.add(id(n.args[0]))
            elif isinstance(n, ast.Dict):
                setting.update(id(k) for k in n.keys if k is not None)
        for n in ast.walk(tree):
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in enums:
                name = f"{n.value.id}.{n.attr}"
                (written if id(n) in setting else read).add(name)
    return written, read


def test_every_declared_key_is_written_and_read():
    enums = declared()
    assert {"StateKey", "FigureMark", "SoloKey"} <= set(enums)
    written, read = uses(sources(), enums)
    members = {f"{e.__name__}.{k}" for e in enums.values() for k, v in vars(e).items() if k.isupper() and isinstance(v, str)}
    assert len(members) > 100
    assert sorted(members - written - SET_BY_FILES) == [], "declared keys never set"
    assert sorted(members - read) == [], "declared keys never read (dead state: remove them)"


def test_the_scan_finds_bare_keys():
    tree = ast.parse('f.markers["moved"] = 1\nu.attrs.get("x")\nif "y" in u.markers: pass\nu.markers = {"z": 1}\n'
                     'Marker(1, attrs={"w": 2})\nf.markers[Mark.OK] = 1\nd["free"] = 2\n')
    assert [k for _, k in sorted(bare_keys(tree))] == ["moved", "x", "y", "z", "w"]
