"""Sphinx configuration of the ``spades`` documentation.

Build with ``sphinx-build -W -b html docs docs/_build/html``.
"""

from __future__ import annotations

import inspect
import pkgutil
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import attrs  # noqa: E402

import spades  # noqa: E402

project = "spades"
author = "The spades developers"
copyright = "The spades developers"
release = spades.__version__
version = release

extensions = ["sphinx.ext.autodoc"]
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_theme_options = {"description": "The rules of Spades, as an immutable-state library"}

autodoc_default_options = {
    "members": True,
    "undoc-members": True,
    "show-inheritance": True,
    "member-order": "groupwise",
}
autodoc_typehints = "signature"


def _attribute_docs() -> dict[str, list[str]]:
    """Docstrings written after module-level assignments in the package's
    modules (``NAME = ...`` then a string), by name."""
    from sphinx.pycode import ModuleAnalyzer

    docs: dict[str, list[str]] = {}
    for info in pkgutil.iter_modules(spades.__path__, "spades."):
        if info.name.endswith(".__main__"):
            continue  # importing it would run the command line
        try:
            analyzer = ModuleAnalyzer.for_module(info.name)
            analyzer.analyze()
        except Exception:  # a module the analyser cannot read documents nothing here
            continue
        for (scope, name), lines in analyzer.attr_docs.items():
            if scope == "" and name not in docs:
                docs[name] = list(lines)
    return docs


_ATTRIBUTE_DOCS: dict[str, list[str]] | None = None


def _fill_data_docstring(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """Names re-exported by ``spades`` from its modules keep the docstring
    written where they are defined."""
    global _ATTRIBUTE_DOCS
    if what != "data" or not name.startswith("spades.") or name.count(".") != 1:
        return
    if _ATTRIBUTE_DOCS is None:
        _ATTRIBUTE_DOCS = _attribute_docs()
    doc = _ATTRIBUTE_DOCS.get(name.split(".", 1)[1])
    if doc and (not lines or _is_inherited_doc(obj, lines)):
        lines[:] = doc


def _is_inherited_doc(obj: Any, lines: list[str]) -> bool:
    """True when ``lines`` are only the docstring of ``obj``'s type."""
    own = (type(obj).__doc__ or "").strip()
    return bool(own) and "\n".join(lines).strip() == inspect.cleandoc(own).strip()


def _class_signature(
    app: Any, what: str, name: str, obj: Any, options: Any, signature: str | None, annotation: str | None
) -> tuple[str, str | None] | None:
    """Show an attrs class's keyword signature, not a generic ``__new__``;
    and none for a class built only by a factory (``GameState``:
    :func:`spades.new_game`), whose ``__init__`` takes private fields."""
    if what != "class" or not attrs.has(obj):
        return None
    if any(field.name.startswith("_") and field.init for field in attrs.fields(obj)):
        return ("", annotation)
    if "__new__" in vars(obj):
        parts = []
        for param in list(inspect.signature(obj.__init__).parameters.values())[1:]:
            text = param.name
            if param.annotation is not inspect.Parameter.empty:
                kind = param.annotation
                text += ": " + (kind if isinstance(kind, str) else inspect.formatannotation(kind))
            if param.default is attrs.NOTHING:  # a default computed from other options
                text += " = ..."
            elif param.default is not inspect.Parameter.empty:
                text += f" = {param.default!r}"
            parts.append(text)
        keyword_only = any(p.kind is inspect.Parameter.KEYWORD_ONLY for p in inspect.signature(obj.__init__).parameters.values())
        return ("(" + ("*, " if keyword_only else "") + ", ".join(parts) + ")", annotation)
    return None


def _drop_object_base(app: Any, name: str, obj: Any, options: Any, bases: list[Any]) -> None:
    bases[:] = [base for base in bases if base is not object]


def _api_directives(app: Any, docname: str, source: list[str]) -> None:
    """Expand the ``.. spades-public-names`` line of the API page: the
    classes, exceptions and functions of ``spades.__all__`` through
    ``automodule``, then one ``autodata`` per constant or type alias, so that
    a newly exported name is documented the moment it is exported."""
    marker = ".. spades-public-names"
    if marker not in source[0]:
        return
    data = []
    for name in spades.__all__:
        value = getattr(spades, name)
        if inspect.isclass(value) or inspect.isroutine(value) or inspect.ismodule(value):
            continue
        data.append(name)
    lines = [".. automodule:: spades"]
    if data:
        lines.append("   :exclude-members: " + ", ".join(data))
    lines += ["", "Constants and type aliases", "--------------------------", ""]
    for name in data:
        if name == "__version__":
            lines += [".. py:data:: spades.__version__", "", "   The version of the package, e.g. ``'0.1.0'``.", ""]
        else:
            lines += [f".. autodata:: spades.{name}", "   :no-value:", ""]
    source[0] = source[0].replace(marker, "\n".join(lines))


def setup(app: Any) -> None:
    app.connect("autodoc-process-docstring", _fill_data_docstring)
    app.connect("autodoc-process-signature", _class_signature)
    app.connect("autodoc-process-bases", _drop_object_base)
    app.connect("source-read", _api_directives)
