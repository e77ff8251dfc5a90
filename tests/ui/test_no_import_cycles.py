"""The interface modules import one another in one direction only.

The graph is built from every ``from game.ui... import`` / ``from . import`` /
``import game.ui...`` in game/ui/*.py, at the top of a module or inside a function,
leaving out ``if TYPE_CHECKING:`` blocks (imports for type hints only never run). It
must have no cycle. Scenes reach one another through ``App.open`` by name, so a scene
module never imports another scene module, nor the app, at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
PACKAGE = "game.ui"


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_nodes(tree: ast.AST):
    """Every node of the tree except those under ``if TYPE_CHECKING:`` (its ``else`` runs)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def runtime_imports(path: Path, modules: set[str]) -> set[str]:
    """The modules of the package (by short name) that ``path`` imports at run time."""
    found: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE + "."):
                    found.add(alias.name[len(PACKAGE) + 1 :].split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            if node.level == 1:
                base = node.module or ""
            elif node.level == 0 and node.module and (node.module == PACKAGE or node.module.startswith(PACKAGE + ".")):
                base = node.module[len(PACKAGE) + 1 :]
            else:
                continue
            if base:
                found.add(base.split(".")[0])
            else:  # from . import overlays: the names are modules
                found.update(a.name for a in node.names if a.name in modules)
    return found & modules - {path.stem}


def import_graph(folder: Path) -> dict[str, set[str]]:
    files = {p.stem: p for p in folder.glob("*.py") if p.stem != "__init__"}
    return {name: runtime_imports(path, set(files)) for name, path in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a path that ends where it starts, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def scene_modules(folder: Path) -> set[str]:
    """The modules that define a scene (a class whose base is ``Scene``); not scene.py,
    where Scene and the kinds of scene (DialogHost) are defined."""
    out = set()
    for p in folder.glob("*.py"):
        if p.stem == "scene":
            continue
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(isinstance(b, ast.Name) and b.id == "Scene" for b in node.bases):
                out.add(p.stem)
    return out


def test_the_interface_modules_import_without_a_cycle():
    graph = import_graph(UI)
    assert {"app", "play", "menu", "editor", "handlers"} <= set(graph)
    assert "play" in graph["app"]  # the app is where the scenes are known
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_a_scene_module_imports_no_other_scene_nor_the_app():
    graph = import_graph(UI)
    scenes = scene_modules(UI)
    assert {"menu", "play", "editor", "victory"} <= scenes
    bad = {name: sorted(graph[name] & (scenes | {"app"})) for name in sorted(scenes) if graph[name] & (scenes | {"app"})}
    assert bad == {}


def test_the_check_sees_a_cycle_through_a_function_and_ignores_type_hints(tmp_path):
    (tmp_path / "a.py").write_text("from .b import thing\n", encoding="utf-8")
    (tmp_path / "b.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from .a import other\n"
        "thing = 1\n",
        encoding="utf-8",
    )
    assert find_cycle(import_graph(tmp_path)) is None
    (tmp_path / "b.py").write_text("def later():\n    from game.ui.c import x\n", encoding="utf-8")
    (tmp_path / "c.py").write_text("from . import a\n", encoding="utf-8")
    assert find_cycle(import_graph(tmp_path)) == ["a", "b", "c", "a"]
