"""The map of ``docs/rules.rst`` from each rule to the one function that owns
it: every function listed exists, and every rule id has an owner."""

from __future__ import annotations

import importlib
import pathlib
import re

RULES_PAGE = pathlib.Path(__file__).resolve().parent.parent / "docs" / "rules.rst"

# Every rule id of the rules specification.
RULE_IDS = (
    [f"C-{n}" for n in range(1, 9)]
    + [f"P-{n}" for n in range(1, 9)]
    + [f"T-{n}" for n in range(1, 9)]
    + [f"S-{n}" for n in range(1, 10)]
    + [f"V-{n}" for n in range(1, 11)]
)


def _owners() -> list[tuple[str, str]]:
    text = RULES_PAGE.read_text(encoding="utf-8")
    table = text.split(".. rule-owners-start")[1].split(".. rule-owners-end")[0]
    rows = []
    for line in table.splitlines():
        match = re.match(r"([CPTSV]-\d+) .*?``(spades[\w.]*)``", line)
        if match:
            rows.append((match.group(1), match.group(2)))
    return rows


def _resolve(path: str) -> object:
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


def test_every_listed_owner_is_a_function() -> None:
    rows = _owners()
    assert rows
    for rule, path in rows:
        owner = _resolve(path)
        assert callable(owner), (rule, path)
        assert rule in (owner.__doc__ or ""), f"{path} owns {rule}, and its docstring should say so"


def test_every_rule_has_an_owner() -> None:
    assert sorted({rule for rule, _ in _owners()}) == sorted(RULE_IDS)
