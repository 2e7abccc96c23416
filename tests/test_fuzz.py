"""Fuzzing the loaders: arbitrary text, arbitrary JSON and mutated valid
documents.  A loader either returns a value that passes the invariant checks
or raises a :class:`~spades.SpadesError`; any other exception is a bug.

The number of cases run per loader is counted and printed at the end of the
module (``pytest -s tests/test_fuzz.py``).
"""

from __future__ import annotations

import collections
import copy
import functools
import json
import random
import re
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import Card, CardSet, GameState, Phase, Rules, SpadesError
from spades.record import Record
from spades.serial import (
    from_dict,
    from_json,
    record_from_dict,
    rules_from_dict,
    state_from_dict,
    to_dict,
    view_from_dict,
)
from spades.view import SeatView, seat_view

from _games import PRESETS, play, sample
from invariants import check_state

# A hang guard, not a speed test: one example does a few dozen loads of a
# few milliseconds each.
fuzz = settings(deadline=timedelta(seconds=10))

CASES: collections.Counter[str] = collections.Counter()


@pytest.fixture(scope="module", autouse=True)
def _report_cases() -> Iterator[None]:
    yield
    print("\nfuzz cases per loader: " + ", ".join(f"{name} {count}" for name, count in sorted(CASES.items())))


# ----------------------------------------------------------------------
# Invariants of whatever a loader accepts.


def _check_state(state: GameState) -> None:
    check_state(state)  # the shared invariant checker
    rules = state.rules
    seen = 0
    most = rules.hand_size + (rules.double_nil_exchange if state.phase is Phase.EXCHANGE else 0)
    for hand in state.hands:
        assert len(hand) <= most
        assert not seen & hand.mask
        seen |= hand.mask
    assert not seen & ~rules.deck_mask
    assert all(0 <= b < rules.bags_per_penalty for b in state.bags)
    assert sum(state.tricks_won) <= rules.hand_size
    if state.phase is Phase.PLAY:
        played = CardSet.from_cards(a for a in state.history if isinstance(a, Card))
        assert (seen | played.mask | state.discard_pile.mask) == rules.deck_mask
    assert state_from_dict(to_dict(state)) == state


def _check(value: object) -> None:
    if isinstance(value, GameState):
        _check_state(value)
    elif isinstance(value, SeatView):
        assert view_from_dict(to_dict(value)) == value
        assert len(value.hand) <= value.rules.hand_size + value.rules.double_nil_exchange
        assert all(0 <= b < value.rules.bags_per_penalty for b in value.bags)
    elif isinstance(value, Record):
        _check_state(value.replay())
        assert record_from_dict(to_dict(value)) == value
        assert Record.parse(value.to_text()) == value
    else:
        assert isinstance(value, Rules)
        assert rules_from_dict(to_dict(value)) == value


def _load(name: str, loader: Callable[[Any], object], data: Any) -> None:
    """Run one loader on one input: a SpadesError, or a value that checks."""
    CASES[name] += 1
    try:
        value = loader(data)
    except SpadesError:
        return
    CASES[name + " (accepted)"] += 1
    _check(value)


# ----------------------------------------------------------------------
# Valid documents to start from.


@functools.lru_cache(maxsize=1)
def _documents() -> dict[str, list[dict[str, Any]]]:
    docs: dict[str, list[dict[str, Any]]] = {"state": [], "view": [], "record": [], "rules": []}
    for index, preset in enumerate(sorted(PRESETS)):
        for seeded in (False, True):
            states = play(PRESETS[preset], 100 + index, seeded=seeded, double_nil=0.4)
            for state in sample(states, index, 3):
                docs["state"].append(to_dict(state))
                docs["view"].append(to_dict(seat_view(state, index % state.rules.players)))
            docs["record"].append(to_dict(Record.of_state(states[-1])))
        docs["rules"].append(to_dict(PRESETS[preset]))
    return docs


@functools.lru_cache(maxsize=1)
def _texts() -> list[str]:
    return [record_from_dict(doc).to_text() for doc in _documents()["record"]]


_LOADERS: dict[str, Callable[[Any], object]] = {
    "state": state_from_dict,
    "view": view_from_dict,
    "record": record_from_dict,
    "rules": rules_from_dict,
}

# ----------------------------------------------------------------------
# Arbitrary input.

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=30,
)


@fuzz
@given(st.lists(st.text(max_size=300), min_size=1, max_size=5))
def test_arbitrary_text(texts: list[str]) -> None:
    for text in texts:
        _load("Record.parse", Record.parse, text)
        _load("from_json", from_json, text)


@fuzz
@given(st.lists(json_values, min_size=1, max_size=4))
def test_arbitrary_json_values(values: list[Any]) -> None:
    for value in values:
        _load("from_json", from_json, json.dumps(value))
        for name, loader in _LOADERS.items():
            _load(f"{name}_from_dict", loader, value)


small_values = st.none() | st.booleans() | st.integers(-20, 20) | st.sampled_from(
    ["", "AS", "2C", "nil", "3", "keep", "PLAY", "BID", "AKQ.J.T.9", "...", "-"]
) | st.lists(st.integers(-2, 14) | st.sampled_from(["AS", "KH", "3"]), max_size=5)


@fuzz
@given(kind=st.sampled_from(sorted(_LOADERS)), seed=st.integers(0, 2**32), values=st.lists(small_values, min_size=4,
                                                                                          max_size=4))
def test_right_header_random_fields(kind: str, seed: int, values: list[Any]) -> None:
    """Well-formed documents with a few fields replaced by small random
    values, so that the input reaches every field check."""
    rng = random.Random(seed)
    for _ in range(20):
        data = copy.deepcopy(rng.choice(_documents()[kind]))
        keys = [k for k in data if k not in ("format", "version")]
        for value in values[: rng.randrange(1, 5)]:
            data[rng.choice(keys)] = value
        _load(f"{kind}_from_dict", _LOADERS[kind], data)
        _load("from_dict", from_dict, data)


@fuzz
@given(st.data())
def test_record_like_text(data: st.DataObject) -> None:
    """Lines and tokens of real records, shuffled and recombined."""
    seed = data.draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    for _ in range(10):
        text = rng.choice(_texts())
        lines = text.splitlines()
        pieces = [rng.choice(lines) for _ in range(rng.randrange(40))]
        _load("Record.parse", Record.parse, "\n".join(pieces))
        tokens = text.split()
        words = [rng.choice(tokens) for _ in range(rng.randrange(60))]
        _load("Record.parse", Record.parse, "\n".join(lines[:5]) + "\n" + " ".join(words))


# ----------------------------------------------------------------------
# Mutated valid documents.


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, path + (index,))


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


_CARDS = [str(c) for c in CardSet((1 << 54) - 1)]


def _mutate(doc: Any, rng: random.Random) -> Any:
    """One random change: flip a card, drop a field or entry, change a
    number, swap entries, or put a random value somewhere."""
    paths = list(_paths(doc))
    path = rng.choice(paths)
    if not path:
        return doc
    parent = _get(doc, path[:-1])
    key = path[-1]
    value = parent[key]
    choice = rng.randrange(8)
    if choice == 0 and isinstance(value, str):
        if len(value) <= 2:
            parent[key] = rng.choice(_CARDS)  # flip a card
        elif "." in value:
            cards = list(CardSet.parse(value)) if _is_cardset(value) else []
            if cards:
                cards[rng.randrange(len(cards))] = rng.choice(_CARDS)  # type: ignore[call-overload]
                parent[key] = " ".join(str(c) for c in cards)
                if _is_cardset(parent[key]):
                    parent[key] = str(CardSet.parse(parent[key]))
        else:
            parent[key] = value[::-1]
    elif choice == 1:
        del parent[key]  # drop a field or an entry
    elif choice == 2 and type(value) is int:
        parent[key] = value + rng.choice([-13, -10, -1, 1, 2, 10, 100])
    elif choice == 3 and isinstance(parent, list) and len(parent) > 1:
        other = rng.randrange(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
    elif choice == 4 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(value))  # duplicate an entry
    elif choice == 5 and isinstance(value, bool):
        parent[key] = not value
    elif choice == 6:
        parent[key] = rng.choice([None, 0, -1, 1, 13, 14, "", "AS", "nil", [], {}, True, 1.5, "x" * 50])
    else:
        replacement = _get(rng.choice(_documents()[rng.choice(sorted(_LOADERS))]), ())
        candidates = [p for p in _paths(replacement) if p and p[-1] == key]
        if candidates:
            parent[key] = copy.deepcopy(_get(replacement, rng.choice(candidates)))
        elif type(value) is int:
            parent[key] = rng.randrange(-600, 600)
    return doc


def _is_cardset(text: str) -> bool:
    try:
        CardSet.parse(text)
    except SpadesError:
        return False
    return True


@fuzz
@given(kind=st.sampled_from(sorted(_LOADERS)), seed=st.integers(0, 2**32))
def test_mutated_documents(kind: str, seed: int) -> None:
    rng = random.Random(seed)
    loader = _LOADERS[kind]
    for _ in range(60):
        doc = copy.deepcopy(rng.choice(_documents()[kind]))
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            doc = _mutate(doc, rng)
        _load(f"{kind}_from_dict", loader, doc)


@fuzz
@given(seed=st.integers(0, 2**32))
def test_mutated_record_text(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        text = rng.choice(_texts())
        lines = text.splitlines()
        for _ in range(rng.choice((1, 1, 2, 3))):
            index = rng.randrange(len(lines))
            line = lines[index]
            choice = rng.randrange(6)
            tokens = line.split(" ")
            if choice == 0 and tokens:
                tokens[rng.randrange(len(tokens))] = rng.choice(_CARDS + ["nil", "dn", "keep", "reject", "-", "3", "\u00b2"])
                lines[index] = " ".join(tokens)
            elif choice == 1:
                del lines[index]
            elif choice == 2:
                other = rng.randrange(len(lines))
                lines[index], lines[other] = lines[other], lines[index]
            elif choice == 3 and line:
                at = rng.randrange(len(line))
                lines[index] = line[:at] + line[at + 1:]
            elif choice == 4:
                lines.insert(index, line)
            else:
                at = rng.randrange(len(line) + 1)
                lines[index] = line[:at] + rng.choice('"[]\\ .:-0123456789AKQJTSHDCx\t') + line[at:]
            if not lines:
                break
        _load("Record.parse", Record.parse, "\n".join(lines))


def test_unicode_digits_and_other_odd_tokens() -> None:
    """Characters that str.isdigit() accepts but int() cannot read."""
    text = _texts()[0]
    for odd in ("\u00b2", "\u0661", "\u00bd", "\U0001d7d9", "\x00", "\u2028"):
        lines = text.splitlines()
        for index, line in enumerate(lines):
            # The odd character as a seat, a bid, a card, a score and a token.
            changed = re.sub(r'"[0-9]"|\b[0-9]+\b|\b[2-9TJQKA][CDHS]\b', odd, line, count=1)
            if changed != line:
                _load("Record.parse", Record.parse, "\n".join(lines[:index] + [changed] + lines[index + 1:]))
        for kind, docs in _documents().items():
            doc = copy.deepcopy(docs[0])
            doc["actions" if "actions" in doc else "target"] = [{"bid": odd}, {"play": odd}]
            _load(f"{kind}_from_dict", _LOADERS[kind], doc)
    assert Record.parse("\ufeff" + text) == Record.parse(text)


def test_valid_documents_load() -> None:
    """The starting documents themselves load (the fuzzing starts from
    accepted inputs)."""
    for kind, docs in _documents().items():
        for doc in docs:
            _check(_LOADERS[kind](doc))
