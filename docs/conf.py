"""Sphinx configuration of the ``spades`` documentation.

Build with ``python -m sphinx -W -b html docs docs/_build/html`` after
``pip install -e '.[docs]'`` (or ``'.[dev]'``); Read the Docs builds it the
same way (``.readthedocs.yaml``).  The build needs no network: links to the
Python documentation fall back to the inventory in ``docs/_intersphinx``.

The API reference (``docs/api/``) has one page per area.  On each page a
line ``.. spades-public-names:: AREA`` becomes one autodoc directive per
name of ``spades.__all__`` that lives in that area (see :data:`AREAS`), so
a newly exported name is documented the moment it is exported, and the
build fails if a name belongs to no area.
"""

from __future__ import annotations

import contextlib
import inspect
import os
import pkgutil
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import attrs  # noqa: E402

import spades  # noqa: E402

project = "spades"
author = "The spades developers"
copyright = "The spades developers"
release = spades.__version__
version = release

extensions = ["sphinx.ext.autodoc", "sphinx.ext.intersphinx", "sphinx_copybutton", "myst_parser"]
source_suffix = {".rst": "restructuredtext"}  # Markdown only where included (the changelog)
smartquotes_action = "qe"  # curly quotes, but "--seed" stays two hyphens (no en dash)
exclude_patterns = ["_build", "_intersphinx"]
nitpicky = True  # every cross-reference must resolve: a name left undocumented fails the build
nitpick_ignore = [
    # Names the annotations of attrs classes and typing constructs show,
    # documented nowhere as objects.
    ("py:class", "attrs.NOTHING"),
    ("py:class", "enum.EnumType"),
    ("py:class", "typing_extensions.TypedDict"),
    ("py:class", "typing_extensions.ReadOnly"),
    ("py:class", "typing_extensions.NotRequired"),
    ("py:class", "typing_extensions.Unpack"),
]

# -- HTML: the furo theme (reads well on a phone and a desktop) -------------

html_theme = "furo"
html_title = f"spades {release}"
html_static_path = ["_static"]
html_css_files = ["spades.css"]  # code blocks wrap instead of scrolling sideways
html_theme_options = {"navigation_with_keys": True}
html_copy_source = False

# Copy buttons on code blocks copy the code without its prompts and output.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True

# -- Links to the Python documentation ----------------------------------------

# The Python documentation online, else the copy of its inventory kept in
# docs/_intersphinx (Python 3.11's, from the python3.11-doc package), so
# that an offline build resolves the same links.
intersphinx_mapping = {"python": ("https://docs.python.org/3", (None, "_intersphinx/python3.inv"))}
intersphinx_timeout = 10

# -- autodoc ------------------------------------------------------------------

autodoc_default_options = {
    "undoc-members": True,
    "member-order": "groupwise",
}
autodoc_typehints = "signature"
python_use_unqualified_type_names = True
python_maximum_signature_line_length = 88  # longer signatures: one parameter a line

# Type aliases shown by name in signatures, each linking to its own entry,
# instead of being spelt out (Action is a union of seven classes).
TYPE_ALIASES = {
    "Action": "spades.Action",
    "ChanceAction": "spades.ChanceAction",
    "Deck": "spades.rules.Deck",
    "FailedNil": "spades.rules.FailedNil",
    "FirstLead": "spades.rules.FirstLead",
    "Boston": "spades.rules.Boston",
    "ThreePlayerDeck": "spades.rules.ThreePlayerDeck",
    "Event": "spades.events.Event",
    "Document": "spades.serial.Document",
    "ByteSource": "spades.deal.ByteSource",
}
autodoc_type_aliases = dict(TYPE_ALIASES)


def _show_alias_by_name() -> None:
    """Sphinx writes an alias inside another type (``Sequence[Action]``,
    ``tuple[Action, ...]``) by the ``repr`` of its placeholder,
    ``TypeAliasForwardRef('spades.Action')``: make that the alias's name."""
    from sphinx.util import inspect as sphinx_inspect

    placeholder = getattr(sphinx_inspect, "TypeAliasForwardRef", None)
    if placeholder is not None:
        placeholder.__repr__ = lambda self: str(self.name)

# -- The API pages --------------------------------------------------------------

AREAS: dict[str, tuple[str, ...]] = {
    "cards": ("spades.cards",),
    "rules": ("spades.rules", "spades._decks"),
    "actions": ("spades.actions",),
    "state": ("spades.state", "spades.sheet", "spades.rollouts", "spades.match"),
    "functions": ("spades.tricks", "spades.bidding", "spades.draft", "spades.exchange", "spades.scoring", "spades.deal"),
    "views": ("spades.view", "spades.record", "spades.serial", "spades.documents", "spades.events", "spades.sampling"),
    "errors": ("spades.errors",),
    "cli": ("spades.cli",),
    "analysis": ("spades.solver", "spades.analysis"),
    "package": ("spades",),
}
"""For each API page (``docs/api/AREA.rst``), the modules whose names of
``spades.__all__`` it documents."""

LEADS: dict[str, tuple[str, ...]] = {
    "rules": ("Rules", "PRESETS"),
    "state": ("new_game", "GameState", "Phase"),
    "cards": ("Card", "CardSet"),
    "actions": ("Action", "Card", "Bid"),
    "views": ("seat_view", "SeatView"),
    "errors": ("SpadesError",),
}
"""The names a page shows first, in this order, before the others."""


def _data_modules() -> dict[str, str]:
    """For each module-level assignment of the package, the module that
    makes it (the first one, for a name assigned in several)."""
    from sphinx.pycode import ModuleAnalyzer

    found: dict[str, str] = {"__version__": "spades"}
    for info in pkgutil.iter_modules(spades.__path__, "spades."):
        if info.name.endswith(".__main__"):
            continue  # importing it would run the command line
        analyzer = ModuleAnalyzer.for_module(info.name)
        analyzer.analyze()
        for scope, name in analyzer.attr_docs:
            if scope == "":
                found.setdefault(name, info.name)
    return found


_DATA_MODULES: dict[str, str] | None = None


def home_module(name: str) -> str:
    """The module that defines ``spades.NAME``."""
    global _DATA_MODULES
    value = getattr(spades, name)
    if inspect.isclass(value) or inspect.isroutine(value):
        return str(value.__module__)
    if _DATA_MODULES is None:
        _DATA_MODULES = _data_modules()
    if name not in _DATA_MODULES:
        raise LookupError(f"spades.{name}: no module of the package assigns it with a docstring")
    return _DATA_MODULES[name]


def area_of(name: str) -> str:
    """The API page that documents ``spades.NAME``."""
    module = home_module(name)
    for area, modules in AREAS.items():
        if module in modules:
            return area
    raise LookupError(f"spades.{name} (from {module}) belongs to no page of the API reference: add it to AREAS")


def _kind(value: object) -> str:
    """The autodoc directive for ``value``: exception, class, function or data."""
    if inspect.isclass(value):
        return "exception" if issubclass(value, BaseException) else "class"
    return "function" if inspect.isroutine(value) else "data"


_ORDER = {"exception": 0, "class": 1, "function": 2, "data": 3}


def _directives(area: str) -> list[str]:
    """The autodoc directives for the names of ``area``: its :data:`LEADS`,
    then exceptions, classes, functions, constants and type aliases, each
    group in alphabetical order."""
    names = [name for name in spades.__all__ if area_of(name) == area]
    leads = [name for name in LEADS.get(area, ()) if name in names]
    rest = sorted(
        (name for name in names if name not in leads),
        key=lambda name: (_ORDER[_kind(getattr(spades, name))], name.lower()),
    )
    lines: list[str] = []
    for name in leads + rest:
        value = getattr(spades, name)
        kind = _kind(value)
        if name == "__version__":
            lines += [".. py:data:: __version__", "   :module: spades", "   :type: str", "",
                      f"   The version of the package, ``{spades.__version__!r}`` here.", ""]
            continue
        lines.append(f".. auto{kind}:: spades.{name}")
        if kind in ("exception", "class"):
            lines.append("   :members:")
            if value.__bases__ != (object,):
                lines.append("   :show-inheritance:")
        elif kind == "data":
            lines.append("   :no-value:")
        lines.append("")
    return lines


CLI_WIDTH = 42
"""The width the command line's usage and lists are written to on its page,
so that they fit a phone's screen."""


@contextlib.contextmanager
def _columns(width: int) -> Iterator[None]:
    """The terminal width that argparse wraps its help to, for a while."""
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def _cli_help() -> list[str]:
    """The command line and each of its commands as the ``--help`` gives
    them: the usage, the description, every option (``.. option::``, so
    that ``:option:`` links to it), the presets and the examples."""
    import argparse

    from spades import cli

    with _columns(CLI_WIDTH + 2):  # argparse and the preset list wrap to this
        top = cli._parser("spades")
        parsers = [top] + [
            sub for action in top._actions if isinstance(action, argparse._SubParsersAction)
            for sub in action.choices.values()
        ]
        lines: list[str] = []
        for parser in parsers:
            lines += _cli_section(parser)
    return lines


def _usage_lines(parser: Any) -> list[str]:
    """The usage in lines of at most :data:`CLI_WIDTH` characters, broken
    only between its bracketed groups (argparse breaks none, and lets a
    group run past the width)."""
    with _columns(1000):
        usage = " ".join(parser.format_usage().split())
    lines = [""]
    for token in re.findall(r"\[[^\]]*\]|\S+", usage):
        if lines[-1] and len(lines[-1]) + 1 + len(token) > CLI_WIDTH:
            lines.append("    ")
        lines[-1] += (" " if lines[-1].strip() else "") + token
    return lines


def _cli_section(parser: Any) -> list[str]:
    import argparse

    title = f"``{parser.prog}``"
    lines = [title, "-" * len(title), "", ".. code-block:: text", ""]
    lines += ["   " + line for line in _usage_lines(parser)] + [""]
    for paragraph in (parser.description or "").strip().split("\n\n"):
        lines += [" ".join(paragraph.split()), ""]
    lines += [f".. program:: {parser.prog}", ""]
    for action in parser._actions:
        if isinstance(action, (argparse._SubParsersAction, argparse._HelpAction)):
            continue
        metavar = action.metavar or (action.dest.upper() if action.nargs != 0 else None)
        if action.choices and not action.metavar and action.nargs != 0:
            metavar = "{" + ",".join(map(str, action.choices)) + "}"
        names = action.option_strings or [metavar]
        signature = ", ".join(f"{name} {metavar}" if action.option_strings and metavar else name for name in names)
        lines += [f".. option:: {signature}", "", f"   {action.help % vars(action) if action.help else ''}", ""]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            lines += ["Commands:", ""]
            for choice in action._choices_actions:
                lines += [f"``{parser.prog} {choice.dest}``", f"   {choice.help}", ""]
    if parser.epilog:
        epilog = parser.epilog % {"prog": parser.prog}
        if "\n" in epilog.strip():
            lines += [".. code-block:: text", ""] + ["   " + line if line else "" for line in epilog.rstrip().splitlines()]
        else:
            lines.append(epilog)
        lines.append("")
    return lines


def _module_directive(module: str, extra: list[str]) -> list[str]:
    """An automodule directive for ``module``'s docstring and the names of
    its ``__all__`` that ``spades`` does not export (those are documented
    under ``spades.``), plus ``extra`` names."""
    import importlib

    names = [n for n in getattr(importlib.import_module(module), "__all__", []) if n not in spades.__all__]
    names += [n for n in extra if n not in names]
    lines = [f".. automodule:: {module}"]
    lines.append(f"   :members: {', '.join(names)}" if names else "   :no-members:")
    return lines + [""]


_MARKER = re.compile(r"^\.\. spades-(public-names|module-names|cli-help)::[ \t]*([\w. \t]*?)[ \t]*$", re.M)


def _expand_markers(app: Any, docname: str, source: list[str]) -> None:
    """Expand the API pages' ``.. spades-public-names:: AREA`` and
    ``.. spades-module-names:: MODULE [NAME...]`` lines, and the command
    line page's ``.. spades-cli-help::``."""

    def replace(match: re.Match[str]) -> str:
        if match.group(1) == "cli-help":
            return "\n".join(_cli_help())
        if match.group(1) == "module-names":
            module, *extra = match.group(2).split()
            return "\n".join(_module_directive(module, extra))
        area = match.group(2)
        if area not in AREAS:
            raise LookupError(f"{docname}: no API area {area!r}")
        return "\n".join(_directives(area))

    source[0] = _MARKER.sub(replace, source[0])


def _check_areas(app: Any) -> None:
    """Every public name has a page (the build fails otherwise)."""
    for name in spades.__all__:
        area_of(name)


# -- Docstrings and signatures -------------------------------------------------


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


_ALIAS = re.compile(r"\b(" + "|".join(TYPE_ALIASES) + r")\b")


def _annotation_text(kind: object) -> str:
    """An annotation as signature text, its type aliases by their full name
    (shown short, linked to their entry)."""
    text = kind if isinstance(kind, str) else inspect.formatannotation(kind)
    return _ALIAS.sub(lambda match: TYPE_ALIASES[match.group(1)], text)


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
                text += ": " + _annotation_text(param.annotation)
            if param.default is attrs.NOTHING:  # a default computed from other options
                text += " = ..."
            elif param.default is not inspect.Parameter.empty:
                text += f" = {param.default!r}"
            parts.append(text)
        keyword_only = any(p.kind is inspect.Parameter.KEYWORD_ONLY for p in inspect.signature(obj.__init__).parameters.values())
        return ("(" + ("*, " if keyword_only else "") + ", ".join(parts) + ")", annotation)
    return None


_MISSING = object()


def _lookup(path: str) -> Any:
    """The object at a dotted path (a module, then attributes), or
    ``_MISSING``."""
    import importlib

    parts = path.split(".")
    for index in range(len(parts), 0, -1):
        try:
            value: Any = importlib.import_module(".".join(parts[:index]))
        except ImportError:
            continue
        for attribute in parts[index:]:
            value = getattr(value, attribute, _MISSING)
            if value is _MISSING:
                break
        return value
    return _MISSING


def _same(value: Any, meant: Any) -> bool:
    """Whether ``value`` is ``meant`` (a method read twice is two equal
    bound methods)."""
    return value is meant or (inspect.ismethod(value) and value == meant)


def _missing_reference(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve a reference that the docstrings write in their own module's
    terms to where the object is documented: ``spades.draft.walk_draft`` is
    documented as ``spades.walk_draft``, and a bare ``MAX_SIZE`` in the
    docstring of :class:`spades.Record` means ``spades.record.MAX_SIZE``.
    The reference must name one documented object, else it stays
    unresolved and the build fails (``nitpicky``)."""
    if node.get("refdomain") != "py":
        return None
    domain = env.get_domain("py")
    target = node["reftarget"]
    if target in domain.objects:  # a type alias (py:data) in an annotation: Sphinx < 9 looks for a class only
        return domain.resolve_xref(env, node["refdoc"], app.builder, "obj", target, node, contnode)
    module, cls = node.get("py:module") or "spades", node.get("py:class")
    places = [target] if target.startswith("spades.") else []
    if cls:
        places.append(f"{module}.{cls}.{target}")
    places.append(f"{module}.{target}")
    # The module that defines the documented object (spades.Record:
    # spades.record), from the class around the reference or the object
    # whose docstring holds it.
    described = re.search(r"docstring of ([\w.]+)", str(node.source or ""))
    for path in filter(None, [f"{module}.{cls}" if cls else None, described and described.group(1)]):
        owner = _lookup(path)
        if inspect.isclass(owner) or inspect.isroutine(owner):
            places.append(f"{owner.__module__}.{target}")
        elif path.count(".") == 1 and path.startswith("spades.") and path[7:] in spades.__all__:
            places.append(f"{home_module(path[7:])}.{target}")
    meant = next((value for value in map(_lookup, places) if value is not _MISSING), _MISSING)
    if meant is _MISSING:
        return None
    last = target.rsplit(".", 1)[-1]
    names = {
        name for name, entry in domain.objects.items()
        if name.rsplit(".", 1)[-1] == last and not entry.aliased and _same(_lookup(name), meant)
    }
    if len(names) != 1:
        return None
    return domain.resolve_xref(env, node["refdoc"], app.builder, "obj", names.pop(), node, contnode)


def setup(app: Any) -> None:
    _show_alias_by_name()
    app.connect("builder-inited", _check_areas)
    app.connect("autodoc-process-docstring", _fill_data_docstring)
    app.connect("autodoc-process-signature", _class_signature)
    app.connect("source-read", _expand_markers)
    app.connect("missing-reference", _missing_reference)
