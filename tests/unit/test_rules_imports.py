"""companion/rules has no import circle, counting imports inside functions and under TYPE_CHECKING, and state.py
imports no move module (issue 9). Also a script: ``.venv/bin/python tests/unit/test_rules_imports.py`` prints each
module's imports inside the package and any circle."""

from __future__ import annotations

import ast
from pathlib import Path

import companion.rules

PACKAGE = "companion.rules"
ROOT = Path(companion.rules.__file__).parent


def imports() -> dict[str, set[str]]:
    """Each module of the package (``"engine"``, ``"__init__"``) and the package modules it imports, anywhere."""
    modules = {path.stem for path in ROOT.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for name in modules:
        found: set[str] = set()
        for node in ast.walk(ast.parse((ROOT / f"{name}.py").read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module == PACKAGE:  # from companion.rules import days, RuleViolation
                    found |= {a.name if a.name in modules else "__init__" for a in node.names}
                elif node.module.startswith(PACKAGE + "."):
                    found.add(node.module.split(".")[2])
            elif isinstance(node, ast.Import):
                found |= {a.name.split(".")[2] for a in node.names if a.name.startswith(PACKAGE + ".")}
        graph[name] = found - {name}
    return graph


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += graph[name]
    return seen


def circles(graph: dict[str, set[str]]) -> list[str]:
    """Modules that import, directly or not, a module that imports them back."""
    return sorted(name for name in graph if name in reachable(graph, name))


def move_modules(graph: dict[str, set[str]]) -> set[str]:
    """Modules that define moves (``apply_*`` functions) or the engine that runs them."""
    found = {"engine"}
    for name in graph:
        tree = ast.parse((ROOT / f"{name}.py").read_text(encoding="utf-8"))
        if any(isinstance(n, ast.FunctionDef) and n.name.startswith("apply_") for n in tree.body):
            found.add(name)
    return found


def test_rules_has_no_import_circle():
    assert circles(imports()) == []


def test_state_imports_no_move_module():
    graph = imports()
    moves = move_modules(graph)
    assert {"days", "sea", "port", "turns", "effects", "engine"} <= moves
    assert reachable(graph, "state") & moves == set()
    assert "pricing" not in reachable(graph, "state")


if __name__ == "__main__":
    graph = imports()
    for module in sorted(graph):
        print(f"{module}: {', '.join(sorted(graph[module])) or '-'}")
    print("circles:", ", ".join(circles(graph)) or "none")
