"""The shape of the package: imports point down the layers only, there is no
import circle, and no module reads another module's private names.

The layers, lowest first: errors; cards; the per-deck facts and the action
values; rules; the pure rule modules (tricks, bidding, draft, exchange,
scoring, deal) and the documents' types; the score sheet; the state; the edges (view, record, bots,
rollouts, serial, cli).  A module may import from its own layer only where the
imports form no circle.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import pathlib

import pytest

import spades

# The package under test, wherever it was imported from: the source tree or
# an installed wheel.
PACKAGE = pathlib.Path(spades.__file__).resolve().parent

LAYER: dict[str, int] = {
    "errors": 0,
    "cards": 1,
    "_decks": 2,
    "actions": 2,
    "rules": 3,
    "tricks": 4,
    "bidding": 4,
    "draft": 4,
    "exchange": 4,
    "scoring": 4,
    "deal": 4,
    "documents": 4,  # the documents' types; the rules' options are rules' own
    "sheet": 5,
    "state": 6,
    "view": 7,
    "events": 7,
    "_witness": 7,
    "sampling": 7,
    "record": 7,
    "heuristic": 7,
    "bots": 7,
    "serial": 8,
    "rollouts": 8,
    "solver": 7,
    "analysis": 8,
    "match": 8,
    "cli": 9,
    "__main__": 10,
    "__init__": 10,
}


def _modules() -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.glob("*.py"))}


def _imports(tree: ast.Module) -> set[str]:
    """Every module of the package ``tree`` imports, at the top or inside a
    function (a lazy import counts too)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "spades":
            parts = node.module.split(".")
            if len(parts) > 1:
                found.add(parts[1])
            else:  # from spades import x: x may be a module
                found.update(alias.name for alias in node.names if alias.name in LAYER)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "spades" and len(parts) > 1:
                    found.add(parts[1])
    return found


def test_every_module_has_a_layer() -> None:
    assert set(_modules()) == set(LAYER)


@pytest.mark.parametrize("name", sorted(LAYER))
def test_imports_point_down(name: str) -> None:
    tree = _modules()[name]
    for imported in _imports(tree):
        assert LAYER[imported] <= LAYER[name], f"spades.{name} (layer {LAYER[name]}) imports spades.{imported}"


def test_no_import_circle() -> None:
    graph = {name: _imports(tree) - {name} for name, tree in _modules().items()}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join(path + (name,))
        if name in done:
            return
        for imported in sorted(graph[name]):
            visit(imported, path + (name,))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())


def _private_names(tree: ast.Module) -> set[str]:
    """The private names a module defines: module-level names, and the
    attributes, fields and methods of its classes."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
            names.add(node.value)  # object.__setattr__(self, "_field", ...)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def test_no_module_reads_another_modules_private_names() -> None:
    modules = _modules()
    private = {name: _private_names(tree) for name, tree in modules.items()}
    for name, tree in modules.items():
        others = set().union(*(names for other, names in private.items() if other != name)) - private[name]
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("spades"):
                for alias in node.names:
                    assert not (alias.name.startswith("_") and not alias.name.startswith("__")), (
                        f"spades.{name} imports {alias.name} from {node.module}"
                    )
            if isinstance(node, ast.Attribute) and node.attr in others:
                raise AssertionError(f"spades.{name} line {node.lineno} reads .{node.attr} of another module")


def test_importing_the_package_starts_no_process_machinery() -> None:
    # Every user of spades pays for what its import loads; multiprocessing
    # (and concurrent.futures, which loads it) is for play_match's workers
    # only, and is imported when they start.
    code = (
        "import sys, spades, spades.match, spades.rollouts; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('multiprocessing', 'concurrent', 'asyncio')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == "[]", out.stdout
