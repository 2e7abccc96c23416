"""The rule ids of the rules specification (RULES.md): C-1..C-8, P-1..P-8,
T-1..T-8, S-1..S-9 and V-1..V-10.  An error that names a rule names one of
these."""

from __future__ import annotations

RULE_IDS: frozenset[str] = frozenset(
    [f"C-{n}" for n in range(1, 9)]
    + [f"P-{n}" for n in range(1, 9)]
    + [f"T-{n}" for n in range(1, 9)]
    + [f"S-{n}" for n in range(1, 10)]
    + [f"V-{n}" for n in range(1, 11)]
)
