"""Every public name is documented, and stays so.

Checks that each name in ``spades.__all__`` has a docstring; that every
public method, property and annotated attribute of a public class has one
(attribute docstrings are the string right after the annotation, which is
what Sphinx shows); and that every module of the package has a module
docstring.
"""

from __future__ import annotations

import ast
import enum
import importlib
import importlib.util
import inspect
import pkgutil
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

import spades

# Names whose meaning needs no docstring of their own.
UNDOCUMENTED_DATA = {"__version__"}


def _modules() -> list[ModuleType]:
    names = [info.name for info in pkgutil.iter_modules(spades.__path__, "spades.")]
    return [spades] + [importlib.import_module(name) for name in names if not name.endswith(".__main__")]


@cache
def _tree(path: str) -> ast.Module:
    return ast.parse(Path(path).read_text(encoding="utf-8"))


def _target_name(node: ast.stmt) -> str | None:
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.target.id
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
        return node.targets[0].id
    return None


def _is_docstring(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
        and bool(node.value.value.strip())
    )


def _attribute_docs(body: list[ast.stmt]) -> dict[str, bool]:
    """For each name assigned in ``body``: whether a docstring follows it."""
    found: dict[str, bool] = {}
    for node, following in zip(body, body[1:] + [ast.Pass()]):
        name = _target_name(node)
        if name is not None:
            found[name] = found.get(name, False) or _is_docstring(following)
    return found


def _module_data_docs() -> dict[str, bool]:
    docs: dict[str, bool] = {}
    for module in _modules():
        assert module.__file__ is not None
        for name, documented in _attribute_docs(_tree(module.__file__).body).items():
            docs[name] = docs.get(name, False) or documented
    return docs


def _class_node(cls: type) -> ast.ClassDef:
    module = inspect.getmodule(cls)
    assert module is not None and module.__file__ is not None
    for node in ast.walk(_tree(module.__file__)):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return node
    raise AssertionError(f"no class {cls.__name__} in {module.__name__}")


PUBLIC = sorted(spades.__all__)
CLASSES = sorted(name for name in PUBLIC if inspect.isclass(getattr(spades, name)))


def test_all_names_exist() -> None:
    for name in spades.__all__:
        assert hasattr(spades, name), name
    assert len(set(spades.__all__)) == len(spades.__all__)


@pytest.mark.parametrize("name", PUBLIC)
def test_public_name_has_docstring(name: str) -> None:
    value = getattr(spades, name)
    if inspect.isclass(value) or inspect.isroutine(value):
        doc = vars(value).get("__doc__") if inspect.isclass(value) else value.__doc__
        assert doc and doc.strip(), f"spades.{name} has no docstring"
    elif name not in UNDOCUMENTED_DATA:
        assert _module_data_docs().get(name), f"spades.{name} has no docstring after its assignment"


@pytest.mark.parametrize("name", CLASSES)
def test_public_members_have_docstrings(name: str) -> None:
    cls = getattr(spades, name)
    missing = []
    for member, value in vars(cls).items():
        if member.startswith("_"):
            continue
        if isinstance(value, (classmethod, staticmethod)):
            value = value.__func__
        if isinstance(value, property) or inspect.isfunction(value):
            if not (value.__doc__ or "").strip():
                missing.append(member)
    if not issubclass(cls, enum.Enum):
        # Annotated attributes (attrs fields, class constants, error fields).
        for member, documented in _attribute_docs(_class_node(cls).body).items():
            if not member.startswith("_") and not documented:
                missing.append(member)
    assert not missing, f"spades.{name}: no docstring for {', '.join(sorted(set(missing)))}"


@pytest.mark.parametrize("module", _modules(), ids=lambda module: module.__name__)
def test_module_has_docstring(module: ModuleType) -> None:
    assert (module.__doc__ or "").strip(), f"{module.__name__} has no module docstring"


def test_checker_catches_a_missing_docstring() -> None:
    # The attribute-docstring scan must see a missing docstring, not just pass.
    body = ast.parse('a: int = 1\n"""Doc of a."""\nb: int = 2\nc = 3\n"""Doc of c."""\n').body
    assert _attribute_docs(body) == {"a": True, "b": False, "c": True}


DOCS = Path(__file__).resolve().parent.parent / "docs"


def _docs_conf() -> ModuleType:
    pytest.importorskip("sphinx")  # the docs build's dependencies (the docs extra)
    spec = importlib.util.spec_from_file_location("spades_docs_conf", DOCS / "conf.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_public_name_has_a_page_of_the_api_reference() -> None:
    # docs/conf.py expands the line ".. spades-public-names:: AREA" of each
    # page of docs/api/ into one autodoc directive per name of
    # spades.__all__ that lives in AREA; a name of no area, or an area
    # without its line, would fall out of the reference.
    conf = _docs_conf()
    pages = {path.stem: path.read_text(encoding="utf-8").splitlines() for path in (DOCS / "api").glob("*.rst")}
    toctree = pages["index"]
    for name in spades.__all__:
        area = conf.area_of(name)
        page = "index" if area == "package" else area
        assert f".. spades-public-names:: {area}" in pages[page], (name, page)
        assert page == "index" or f"   {page}" in toctree, page


def test_a_name_of_no_area_fails_the_docs_build(monkeypatch: pytest.MonkeyPatch) -> None:
    conf = _docs_conf()
    monkeypatch.setitem(conf.AREAS, "cards", ())
    with pytest.raises(LookupError, match="spades.Card .from spades.cards. belongs to no page"):
        conf.area_of("Card")
