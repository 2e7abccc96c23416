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
html_theme_options = {"description": "The rules of Spades, as an immutable-state library", "page_width": "1100px"}

autodoc_default_options = {
    "undoc-members": True,
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


def _api_directives(app: Any, docname: str, source: list[str]) -> None:
    """Expand the ``.. spades-public-names`` line of the API page into one
    autodoc directive per name of ``spades.__all__`` (exceptions, classes,
    functions, then constants and type aliases, each group in alphabetical
    order), so that a newly exported name is documented the moment it is
    exported.  Base classes are shown where there is one besides ``object``."""
    marker = ".. spades-public-names"
    if marker not in source[0]:
        return
    groups: dict[str, list[str]] = {"exception": [], "class": [], "function": [], "data": []}
    for name in sorted(spades.__all__, key=str.lower):
        value = getattr(spades, name)
        if inspect.isclass(value):
            groups["exception" if issubclass(value, BaseException) else "class"].append(name)
        elif inspect.isroutine(value):
            groups["function"].append(name)
        elif not inspect.ismodule(value):
            groups["data"].append(name)
    titles = {
        "exception": "Exceptions",
        "class": "Classes",
        "function": "Functions",
        "data": "Constants and type aliases",
    }
    lines = [".. automodule:: spades", ""]
    for kind, names in groups.items():
        if not names:
            continue
        lines += [titles[kind], "-" * len(titles[kind]), ""]
        for name in names:
            value = getattr(spades, name)
            if name == "__version__":
                lines += [".. py:data:: spades.__version__", "", "   The version of the package, e.g. ``'0.1.0'``.", ""]
                continue
            lines.append(f".. auto{kind}:: spades.{name}")
            if kind in ("exception", "class"):
                lines.append("   :members:")
                if value.__bases__ != (object,):
                    lines.append("   :show-inheritance:")
            elif kind == "data":
                lines.append("   :no-value:")
            lines.append("")
    source[0] = source[0].replace(marker, "\n".join(lines))


def setup(app: Any) -> None:
    app.connect("autodoc-process-docstring", _fill_data_docstring)
    app.connect("autodoc-process-signature", _class_signature)
    app.connect("source-read", _api_directives)
