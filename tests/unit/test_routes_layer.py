"""No layer below the screens names a screen route (docs/architecture.md, the layers: the net layer "names [no]
screen route", and the session layer hands the screens what to open, never where it is). Routes are the app's
(``companion/app.py`` ``ROUTES``) and the views'; a session that said ``"/table?game=g1"`` would tie every screen
change to a file the screens don't own (issue 36: ``Seat.route()`` did)."""

from __future__ import annotations

import ast
from pathlib import Path

import companion
from companion.app import ROUTES

BELOW_THE_VIEWS = ("rules", "scoring", "survey", "history", "store", "session", "net")


def _strings(tree: ast.AST) -> list[ast.Constant]:
    """Every string in the code, docstrings left out (their examples may show a route), f-string parts included."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return [node for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def _names_a_route(text: str) -> bool:
    return any(text == route or text.startswith(route + "?") for route in ROUTES if route != "/")


def test_no_module_below_the_views_names_a_screen_route() -> None:
    root = Path(companion.__file__).parent
    named = [f"{path.relative_to(root)}:{node.lineno}: {node.value!r}"
             for layer in BELOW_THE_VIEWS for path in sorted((root / layer).rglob("*.py"))
             for node in _strings(ast.parse(path.read_text(encoding="utf-8"))) if _names_a_route(node.value)]
    assert named == []


def test_the_check_finds_a_route_in_an_f_string() -> None:
    tree = ast.parse('def route(game):\n    """Opens "/table"."""\n    return f"/table?game={game}"\n')
    assert [node.value for node in _strings(tree) if _names_a_route(node.value)] == ["/table?game="]
