"""The layers point one way: nothing below the interface imports pygame, and all rules
randomness goes through the dice service."""

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"
PURE = ["core", "geometry", "rulesets", "ai", "data"]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def _pure_files():
    for pkg in PURE:
        yield from (GAME / pkg).rglob("*.py")
    yield from GAME.glob("*.py")


def test_no_pygame_below_the_interface():
    offenders = [str(p) for p in _pure_files() if {"pygame", "pygame_gui"} & _imports(p)]
    assert offenders == []


def test_no_stdlib_random_in_rules_code():
    offenders = [str(p) for p in _pure_files() if "random" in _imports(p)]
    assert offenders == []


def test_core_does_not_import_upper_layers():
    bad = []
    for p in (GAME / "core").rglob("*.py"):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(("game.rulesets", "game.ai", "game.ui", "game.data")):
                bad.append(f"{p.name}: {node.module}")
    assert bad == []
