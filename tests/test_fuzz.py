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
from hypothesis import example, given, settings
from hypothesis import strategies as st

from spades import ArgumentError, Card, CardSet, GameState, Phase, Rules, RulesError, SpadesError, new_game
from spades.record import Record, replay, rules_from_text, rules_to_text
from spades.serial import (
    from_dict,
    from_json,
    record_from_dict,
    record_from_json,
    rules_from_dict,
    rules_from_json,
    state_from_dict,
    state_from_json,
    to_json,
    view_from_dict,
    view_from_json,
)
from spades.view import SeatView, seat_view

from _games import PRESETS, play, sample
from invariants import check_state
from _forgery import plain_dict
from strategies import forged_bid, hostile_examples, junk

# Hostile inputs of the loaders beyond strategies.HOSTILE: 40,000 tags (the
# limit is 10,000), and a key given twice in one JSON object.
TAGS_DOCUMENT: dict[str, Any] = {
    "format": "spades.record", "version": 1, "rules": {}, "seed": None, "actions": [],
    "tags": [[f"T{i}", "v"] for i in range(40_000)],
}
TAGS_TEXT = '[Format "spades-record 1"]\n[Rules ""]\n' + "".join(f'[T{i} "v"]\n' for i in range(40_000))
DUPLICATE_KEYS = '{"format": "spades.rules", "version": 1, "target": 300, "target": 400}'

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
    _writes_back(state)


def _writes_back(value: GameState | SeatView | Record | Rules) -> None:
    """``value`` writes as JSON text (UTF-8) and reads back equal."""
    text = to_json(value)
    text.encode("utf-8")
    assert from_json(text) == value


def _check(value: object) -> None:
    if isinstance(value, GameState):
        _check_state(value)
    elif isinstance(value, SeatView):
        _writes_back(value)
        assert len(value.hand) <= value.rules.hand_size + value.rules.double_nil_exchange
        assert all(0 <= b < value.rules.bags_per_penalty for b in value.bags)
    elif isinstance(value, Record):
        _check_state(value.replay())
        _writes_back(value)
        assert Record.parse(value.to_text()) == value
    else:
        assert isinstance(value, Rules)
        _writes_back(value)
        assert rules_from_text(rules_to_text(value)) == value


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
                docs["state"].append(plain_dict(state))
                docs["view"].append(plain_dict(seat_view(state, index % state.rules.players)))
            docs["record"].append(plain_dict(Record.of_state(states[-1])))
        docs["rules"].append(plain_dict(PRESETS[preset]))
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


@example([TAGS_TEXT])
@example(['[Format "spades-record 1"]\n[Rules ""]\n[Event "a"]\n[Event "a"]\n'])  # a tag twice
@example([DUPLICATE_KEYS])
@hostile_examples(lambda value: ([value],))
@fuzz
@given(st.lists(st.text(max_size=300), min_size=1, max_size=5))
def test_arbitrary_text(texts: list[str]) -> None:
    for text in texts:
        _load("Record.parse", Record.parse, text)
        _load("from_json", from_json, text)


@example([TAGS_DOCUMENT])
@hostile_examples(lambda value: ([value],))
@fuzz
@given(st.lists(json_values, min_size=1, max_size=4))
def test_arbitrary_json_values(values: list[Any]) -> None:
    for value in values:
        text = _dumps(value)
        if text is not None:
            _load("from_json", from_json, text)
        _load("from_dict", from_dict, value)
        for name, loader in _LOADERS.items():
            _load(f"{name}_from_dict", loader, value)


def _dumps(value: object) -> str | None:
    """The JSON text of ``value``, or ``None`` if it has none (a set, bytes,
    a list nested too deep for the encoder)."""
    try:
        return json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return None


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


# ----------------------------------------------------------------------
# Every other loader and constructor, with the hostile values of
# strategies.HOSTILE among the explicit examples of each.

_TEXT_LOADERS: dict[str, Callable[..., object]] = {
    "from_json": from_json,
    "state_from_json": state_from_json,
    "view_from_json": view_from_json,
    "record_from_json": record_from_json,
    "rules_from_json": rules_from_json,
}


@example(json.dumps(TAGS_DOCUMENT))
@example(DUPLICATE_KEYS)
@example('{"format": "spades.state", "format": "spades.state", "version": 1}')
@example(json.dumps({**TAGS_DOCUMENT, "tags": [["Event", "\ud800"]]}))  # a lone surrogate, escaped in JSON
@example(b"\xed\xa0\x80")  # and the same in UTF-8 bytes
@example("[" * 3000 + "]" * 3000)
@example("1" * 5000)
@example("NaN")
@hostile_examples(lambda value: (value,))
@fuzz
@given(st.text(max_size=200) | st.binary(max_size=40) | json_values.map(json.dumps) | junk)
def test_fuzz_json_text_loaders(text: Any) -> None:
    for name, loader in _TEXT_LOADERS.items():
        _load(name, loader, text)
        _load(name, lambda data: loader(data, max_size=len(data) if isinstance(data, (str, bytes)) else 0), text)


@functools.lru_cache(maxsize=1)
def _small_documents() -> dict[str, dict[str, Any]]:
    """One small document of each kind: a partnership game a few actions in."""
    state = new_game(Rules.partnership(), seed=5)
    for _ in range(6):
        state = state.apply(state.legal_actions()[0])
    record = Record(rules=state.rules, seed=state.seed, actions=Record.of_state(state).actions,
                    tags=(("Event", "x"),))
    return {"state": plain_dict(state), "view": plain_dict(seat_view(state, 0)), "record": plain_dict(record),
            "rules": plain_dict(state.rules)}


_FIELDS = sorted({key for doc in ("state", "view", "record") for key in ("seed", "tags", "actions", "hands", "hand",
                                                                           "turn", "bids", "scores", "sheet")})


@example(TAGS_DOCUMENT["tags"], "tags")
@hostile_examples(lambda value: (value, None))
@fuzz
@given(junk | json_values, st.none() | st.sampled_from(_FIELDS))
def test_fuzz_dict_loaders(value: Any, field: str | None) -> None:
    """``value`` itself, and real documents with ``value`` in one field (every
    field when ``field`` is None), an action, a tag and a rules option."""
    _load("from_dict", from_dict, value)
    for kind, doc in _small_documents().items():
        loader = _LOADERS[kind]
        _load(f"{kind}_from_dict", loader, value)
        keys = [k for k in doc if k not in ("format", "version")] if field is None else [field]
        for key in keys:
            _load(f"{kind}_from_dict", loader, {**doc, key: value})
        if "actions" in doc:
            _load(f"{kind}_from_dict", loader, {**doc, "actions": doc["actions"][:1] + [{"bid": value}]})
        if "tags" in doc:
            _load(f"{kind}_from_dict", loader, {**doc, "tags": [["Event", value]]})
        if "rules" in doc:
            _load(f"{kind}_from_dict", loader, {**doc, "rules": {"target": value}})
    _load("rules_from_dict", rules_from_dict, {"format": "spades.rules", "version": 1, "players": value})


def _real_game(game: int) -> tuple[Rules, int | None, tuple[Any, ...]]:
    """The rules, seed and first actions of one of the fuzzing's real games."""
    record = record_from_dict(_documents()["record"][game % len(_documents()["record"])])
    return record.rules, record.seed, record.actions[: game % (len(record.actions) + 1)]


_RULES = st.sampled_from([Rules(), Rules.two_player(), Rules.cutthroat(3)]) | junk


@example(Rules(), None, [forged_bid(0, "no")], (), None)  # Bid(0, double_nil="no"), forged
@example(Rules(), None, (), [(f"T{i}", "v") for i in range(40_000)], None)
@example(Rules(), None, (), [("Event", "\ud800")], None)
@hostile_examples(lambda value: (value, value, value, value, None))
@hostile_examples(lambda value: (Rules(), value, [value], [("Event", value), (value, "x")], None))
@fuzz
@given(_RULES, junk, st.lists(junk, max_size=3) | junk, st.lists(st.tuples(junk, junk), max_size=3) | junk,
       st.none() | st.integers(min_value=0))
def test_fuzz_record_constructor(rules: Any, seed: Any, actions: Any, tags: Any, game: int | None) -> None:
    """``Record(...)``: a short SpadesError, or a record that writes and reads
    back if it replays (``game``: the rules, seed and actions of a real game)."""
    if game is not None:
        rules, seed, actions = _real_game(game)
    CASES["Record"] += 1
    try:
        record = Record(rules=rules, seed=seed, actions=actions, tags=tags)
    except SpadesError as error:
        assert len(str(error)) <= 300
        return
    try:
        record.replay()
    except SpadesError:
        for write in (record.to_text, lambda: to_json(record)):
            try:
                write()
            except SpadesError:
                pass
        return
    CASES["Record (accepted)"] += 1
    _check(record)


@example(new_game(Rules.two_player(), seed=3))
@example(new_game(Rules.cutthroat(3)))
@hostile_examples(lambda value: (value,))
@fuzz
@given(junk)
def test_fuzz_record_of_state(value: Any) -> None:
    _load("Record.of_state", Record.of_state, value)
    if isinstance(value, GameState):
        assert Record.of_state(value).replay() == value


@example(Rules(), None, [forged_bid(0, "no")], None)
@hostile_examples(lambda value: (value, None, (), None))
@hostile_examples(lambda value: (Rules(), value, (), None))
@hostile_examples(lambda value: (Rules(), None, value, None))
@hostile_examples(lambda value: (Rules(), None, [value], None))
@fuzz
@given(_RULES, st.none() | st.integers(0, 2**64) | junk, st.lists(junk, max_size=3) | junk,
       st.none() | st.integers(min_value=0))
def test_fuzz_replay(rules: Any, seed: Any, actions: Any, game: int | None) -> None:
    if game is not None:
        rules, seed, actions = _real_game(game)
    _load("replay", lambda data: replay(*data), (rules, seed, actions))


@example("target=" + "9" * 5000)
@example("players=2 partners=false target=300")
@example("target=300 target=400")
@hostile_examples(lambda value: (value,))
@fuzz
@given(st.text(max_size=40) | junk | st.lists(st.sampled_from(["players=2", "partners=false", "target=1", "deck=jokers",
                                                              "x=1", "=", "boston=win", "losing_floor=none"]),
                                              max_size=4).map(" ".join))
def test_fuzz_rules_from_text(text: Any) -> None:
    CASES["rules_from_text"] += 1
    try:
        rules = rules_from_text(text)
    except (RulesError, ArgumentError) as error:  # junk options; a value that is not text at all
        assert len(str(error)) <= 500
        return
    CASES["rules_from_text (accepted)"] += 1
    _check(rules)


@hostile_examples(lambda value: (Rules(), value))
@hostile_examples(lambda value: (value, None))
@fuzz
@given(st.none() | st.sampled_from(sorted(PRESETS)).map(PRESETS.__getitem__) | junk,
       st.none() | st.integers(-5, 2**64 + 5) | junk)
def test_fuzz_new_game(rules: Any, seed: Any) -> None:
    _load("new_game", lambda data: new_game(*data), (rules, seed))
    try:
        state = new_game(rules, seed)
    except SpadesError:
        return
    assert Record.parse(Record.of_state(state).to_text()).replay() == state


@functools.lru_cache(maxsize=1)
def _view_states() -> tuple[GameState, ...]:
    play_state = new_game(Rules.partnership(), seed=2)
    while play_state.phase is not Phase.PLAY:
        play_state = play_state.apply(play_state.legal_actions()[0])
    return new_game(Rules.partnership()), new_game(Rules.two_player(), seed=1), play_state


@hostile_examples(lambda value: (value,))
@fuzz
@given(junk | st.integers(-3, 6))
def test_fuzz_seat_view(seat: Any) -> None:
    for state in _view_states():
        _load("seat_view", lambda data: seat_view(state, data), seat)
    _load("seat_view", lambda data: seat_view(data, 0), seat)


@hostile_examples(lambda value: (value,))
@fuzz
@given(junk | st.integers())
def test_fuzz_max_size(max_size: Any) -> None:
    """The ``max_size=`` of every text loader: a whole number from 0."""
    text = to_json(Rules())
    record = '[Format "spades-record 1"]\n[Rules ""]\n'
    _load("Record.parse", lambda size: Record.parse(record, max_size=size), max_size)
    for name, loader in _TEXT_LOADERS.items():
        _load(name, lambda size: loader(text, max_size=size), max_size)
