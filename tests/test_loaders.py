"""The record loaders on hostile input: linear time, size limits, bounded
messages, plain JSON values only, and a round trip for whatever they accept."""

from __future__ import annotations

import functools
import gc
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import ArgumentError, Bid, GameState, ParseError, Rules, RulesError, SpadesError, StateError, new_game
from spades import seat_view
from spades.record import MAX_ACTIONS, MAX_SIZE, MAX_TAG_LENGTH, MAX_TAGS, SEED_LIMIT, Record, replay, rules_from_text
from spades.serial import (
    action_from_dict,
    action_from_json,
    event_from_dict,
    event_from_json,
    from_dict,
    from_json,
    record_from_dict,
    record_from_json,
    rules_from_dict,
    rules_from_json,
    state_from_dict,
    state_from_json,
    to_dict,
    to_json,
    view_from_dict,
    view_from_json,
)
from spades.errors import VALUE_LIMIT, short_repr
from spades.serial import MAX_SIZE as JSON_MAX_SIZE
from _forgery import plain_dict

HEADER = '[Format "spades-record 1"]\n[Rules ""]\n[Seed "-"]\n'
DEAL = '[Hand "0"]\n[Deal "0:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n'


def _round_trips(record: Record) -> None:
    """Whatever a loader accepts writes to text and JSON and reads back equal."""
    text = record.to_text()
    text.encode("utf-8")  # writable as UTF-8
    assert Record.parse(text, max_size=len(text)) == record
    document = to_json(record)
    document.encode("utf-8")
    assert record_from_json(document, max_size=len(document)) == record
    assert record_from_dict(plain_dict(record)) == record


def _record_doc(**changes: Any) -> dict[str, Any]:
    document = plain_dict(Record(rules=Rules()))
    document.update(changes)
    return document


# ----------------------------------------------------------------------
# Linear time.


@functools.lru_cache(maxsize=None)
def _long_game(hands: int) -> Record:
    """An unseeded game of ``hands`` hands (random legal play, no end)."""
    rules = Rules(target=10_000)  # random bids fail: never reached
    rng = random.Random(hands)
    state = new_game(rules)
    while len(state.sheet) < hands:
        state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
    return Record.of_state(state)


def _joined_sections(text: str) -> str:
    """``text`` with each section's action lines joined into one long line."""
    out: list[str] = []
    for line in text.splitlines():
        if out and line and not line.startswith("[") and out[-1] and not out[-1].startswith("["):
            out[-1] += " " + line
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def _tags_text(count: int) -> str:
    return HEADER + "".join(f'[Tag{i} "value {i}"]\n' for i in range(count))


def _tags_json(count: int) -> str:
    return to_json(Record(rules=Rules(), tags=tuple((f"Tag{i}", f"value {i}") for i in range(count))))


def _best_time(function: Callable[[], object], repeat: int = 7) -> float:
    """The least processor time of ``repeat`` calls of ``function``: this
    process' own time, which other work on the machine does not add to (a
    busy machine made wall-clock ratios of these sub-millisecond calls
    reach 20)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        function()
        best = min(best, time.process_time() - start)
    return best


LINEAR_BOUND = 9
"""The largest time ratio of an input four times as large that counts as
linear: linear work takes about 4 times as long, quadratic work 16."""


def _growth(small: Callable[[], object], large: Callable[[], object]) -> tuple[float, float]:
    """The best times of ``small`` and ``large`` (three calls in a row each),
    the two taking turns with the collector off, so that a busy spell of
    the machine touches both.  Sampling goes on (up to 30 turns) while the
    ratio of the best times is not yet under :data:`LINEAR_BOUND`: noise only
    ever adds time, so a linear loader soon shows a ratio near 4, while a
    quadratic one never gets under the bound however long it is sampled."""
    small()  # warm up
    gc.collect()
    gc.disable()  # so that a full collection in one run does not decide the ratio
    try:
        small_time = large_time = float("inf")
        for turn in range(30):
            small_time = min(small_time, _best_time(lambda: (small(), small(), small()), 1))
            large_time = min(large_time, _best_time(lambda: (large(), large(), large()), 1))
            if turn >= 4 and large_time / small_time < LINEAR_BOUND:
                break
    finally:
        gc.enable()
    return small_time, large_time


def test_loading_time_grows_linearly(capsys: pytest.CaptureFixture[str]) -> None:
    """Each input at sizes N and 4N: many tags, many hands (and actions), long
    lines, in both the text and the JSON form.  Four times the input takes
    about four times as long; a quadratic loader would take sixteen."""
    n_tags = MAX_TAGS // 4
    cases: dict[str, tuple[str, str, Callable[[str], object]]] = {
        "text, tags": (_tags_text(n_tags), _tags_text(4 * n_tags), Record.parse),
        "json, tags": (_tags_json(n_tags), _tags_json(4 * n_tags), record_from_json),
        "text, hands": (_long_game(25).to_text(), _long_game(100).to_text(), Record.parse),
        "text, long lines": (_joined_sections(_long_game(25).to_text()), _joined_sections(_long_game(100).to_text()),
                             Record.parse),
        "json, hands": (to_json(_long_game(25)), to_json(_long_game(100)), record_from_json),
    }
    ratios = {}
    for name, (small, large, load) in cases.items():
        assert len(large) > 3 * len(small)
        small_time, large_time = _growth(lambda: load(small), lambda: load(large))
        ratios[name] = large_time / small_time
        with capsys.disabled():
            print(f"\n{name}: {len(small)} chars {small_time:.4f}s, {len(large)} chars {large_time:.4f}s, "
                  f"ratio {ratios[name]:.1f}", end="")
    assert all(ratio < LINEAR_BOUND for ratio in ratios.values()), ratios


def test_state_documents_load_and_write_in_linear_time(capsys: pytest.CaptureFixture[str]) -> None:
    """The state of a game of N and of 4N hands, seeded and not: loaded from
    its JSON text and from its dicts, and written as both, and its record's
    text written.  Four times the game takes about four times as long."""
    ratios = {}
    for seeded in (False, True):
        small, large = (_long_state(25, seeded), _long_state(100, seeded))
        texts = (to_json(small), to_json(large))
        dicts = (plain_dict(small), plain_dict(large))
        records = (Record.of_state(small), Record.of_state(large))
        assert len(texts[1]) > 3 * len(texts[0])
        cases: dict[str, tuple[Callable[[], object], Callable[[], object]]] = {
            "load json": (lambda: state_from_json(texts[0]), lambda: state_from_json(texts[1])),
            "load dict": (lambda: state_from_dict(dicts[0]), lambda: state_from_dict(dicts[1])),
            "write json": (lambda: to_json(small), lambda: to_json(large)),
            "write dict": (lambda: plain_dict(small), lambda: plain_dict(large)),
            "record text": (records[0].to_text, records[1].to_text),
        }
        for name, (load_small, load_large) in cases.items():
            small_time, large_time = _growth(load_small, load_large)
            key = f"{name}, {'seeded' if seeded else 'unseeded'}"
            ratios[key] = large_time / small_time
            with capsys.disabled():
                print(f"\n{key}: {small_time:.4f}s, {large_time:.4f}s, ratio {ratios[key]:.1f}", end="")
    assert all(ratio < LINEAR_BOUND for ratio in ratios.values()), ratios


@functools.lru_cache(maxsize=None)
def _long_state(hands: int, seeded: bool) -> GameState:
    """The state of a game of ``hands`` hands: :func:`_long_game`'s, or a
    seeded game played the same way."""
    if not seeded:
        return _long_game(hands).replay()
    rng = random.Random(hands)
    state = new_game(Rules(target=10_000), seed=hands)
    while len(state.sheet) < hands:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_long_game_round_trips() -> None:
    record = _long_game(25)
    assert Record.parse(_joined_sections(record.to_text())) == record
    _round_trips(record)


# ----------------------------------------------------------------------
# Tags: unique names, one line of Unicode text.


def test_a_tag_with_a_lone_surrogate_is_refused() -> None:
    document = json.dumps(_record_doc(tags=[["Event", "\ud800"]]))
    assert "\\ud800" in document
    with pytest.raises(StateError, match="surrogate"):
        record_from_json(document)
    with pytest.raises(StateError, match="surrogate"):
        Record(rules=Rules(), tags=(("Event", "a\udfffb"),))
    with pytest.raises(ParseError, match="surrogate"):
        Record.parse(HEADER + '[Event "\ud800"]\n')
    _round_trips(Record(rules=Rules(), tags=(("Event", "club 😀 ü €"),)))


def test_duplicate_tag_names_are_refused() -> None:
    with pytest.raises(StateError, match="twice"):
        record_from_dict(_record_doc(tags=[["Event", "a"], ["Event", "b"]]))
    with pytest.raises(StateError, match="twice"):
        Record(rules=Rules(), tags=(("Event", "a"), ("Site", "b"), ("Event", "c")))
    with pytest.raises(ParseError, match="twice"):
        Record.parse(HEADER + '[Event "a"]\n[Event "b"]\n')


def test_tag_limits() -> None:
    with pytest.raises(StateError, match="one line"):
        Record(rules=Rules(), tags=(("Event", "x" * (MAX_TAG_LENGTH + 1)),))
    for breaking in ("\n", "\r", "\u2028", "\x85", "\x0b"):
        with pytest.raises(StateError, match="one line"):
            Record(rules=Rules(), tags=(("Event", f"a{breaking}b"),))
    with pytest.raises(StateError, match="at most"):
        Record(rules=Rules(), tags=tuple((f"T{i}", "") for i in range(MAX_TAGS + 1)))
    with pytest.raises(ParseError, match="at most"):
        Record.parse(_tags_text(MAX_TAGS + 1))
    with pytest.raises(StateError, match="too many"):
        record_from_dict(_record_doc(tags=[[f"T{i}", ""] for i in range(MAX_TAGS + 1)]))
    _round_trips(Record(rules=Rules(), tags=(("Event", "x" * MAX_TAG_LENGTH), ("E_2", ' "\\ '), ("Z", ""))))


def test_a_record_holds_at_most_max_actions() -> None:
    # As many as the text and JSON loaders read, no more.
    with pytest.raises(StateError, match="at most"):
        Record(rules=Rules(), actions=iter([Bid(3)] * (MAX_ACTIONS + 1)))
    for bad in ("3", 3, None):
        with pytest.raises(StateError):
            Record(rules=Rules(), actions=bad)  # type: ignore[arg-type]


class _Opaque:
    """A value whose ``repr`` fails."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


_UNPRINTABLE: tuple[object, ...] = (10**5000, -(10**5000), _Opaque())  # repr raises, or str() of it does


def test_hostile_arguments_raise_spades_errors_with_short_messages() -> None:
    # Each raised a ValueError (str() of a 5000-digit int), a RuntimeError
    # (a failing repr), an AttributeError or a TypeError.
    junk: tuple[object, ...] = (*_UNPRINTABLE, None, 3, "AS", b"AS", {1}, 1.5)
    calls: list[Callable[[Any], object]] = [
        Record.of_state,
        rules_from_text,
        lambda value: replay(Rules(), None, value),
        lambda value: replay(Rules(), None, [value]),
        lambda value: Record(rules=Rules(), actions=[value]).replay(),
        lambda value: list(Record(rules=Rules(), actions=[value]).states()),
        lambda value: Record(rules=Rules(), actions=[value]).to_text(),
        lambda value: plain_dict(Record(rules=Rules(), actions=[value])),
        lambda value: new_game(value),
    ]
    for call in calls:
        for value in junk:
            if value is None and call is calls[-1]:
                continue  # new_game(None): the default rules
            with pytest.raises(SpadesError) as info:
                call(value)
            assert len(str(info.value)) <= 300
    for size in (-1, -(10**5000)):
        with pytest.raises(ArgumentError):
            Record.parse(HEADER, max_size=size)
        with pytest.raises(ArgumentError):
            from_json("{}", max_size=size)
    assert Record.of_state(new_game(seed=1)).seed == 1
    assert rules_from_text("players=2 partners=false") == Rules.two_player()


# ----------------------------------------------------------------------
# Seeds and numbers: one range, in every form.


def test_the_seed_range_is_the_same_everywhere() -> None:
    for seed in (0, 1, SEED_LIMIT - 1):
        _round_trips(Record(rules=Rules(), seed=seed))
        assert new_game(seed=seed).seed == seed
    assert Record.parse(HEADER.replace('"-"', '" 007 "')).seed == 7
    for seed in (-1, SEED_LIMIT, 10**40, 10**5000):
        with pytest.raises(StateError, match="2\\*\\*64"):
            Record(rules=Rules(), seed=seed)
        with pytest.raises(StateError, match="2\\*\\*64"):
            record_from_dict(_record_doc(seed=seed))
        with pytest.raises(ArgumentError, match="2\\*\\*64"):
            new_game(seed=seed)
    for text in (str(SEED_LIMIT), "-1", "9" * 21, "9" * 40, "+1", "1.0", "\u0663"):
        with pytest.raises(ParseError, match="2\\*\\*64") as info:
            Record.parse(HEADER.replace('"-"', f'"{text}"'))
        assert info.value.line == 3
    for bad in (True, 1.0, "7", b"7"):
        with pytest.raises(StateError):
            Record(rules=Rules(), seed=bad)  # type: ignore[arg-type]
        with pytest.raises(StateError):
            record_from_dict(_record_doc(seed=bad))
    state = new_game(seed=SEED_LIMIT - 1)
    assert state_from_json(to_json(state)) == state
    with pytest.raises(StateError, match="2\\*\\*64"):
        state_from_dict({**plain_dict(state), "seed": SEED_LIMIT})


def test_large_options_and_scores_round_trip() -> None:  # S-1, S-2, S-8, V-1, V-2, V-5
    # The largest options the rules allow: every record of them writes and
    # reads back.
    rules = Rules(target=10_000, bag_points=100, bag_penalty=10_000, nil_bonus=10_000, double_nil_bonus=10_000)
    state = new_game(rules, seed=3)
    while not state.sheet:
        state = state.apply(state.legal_actions()[0])
    record = Record.of_state(state)
    assert max(abs(s) for s in state.scores) >= 100
    _round_trips(record)
    _round_trips(Record(rules=Rules(losing_floor=-10_000)))
    with pytest.raises(RulesError):
        Rules(target=10**40)
    with pytest.raises(StateError):
        record_from_dict(_record_doc(rules={**Rules().to_dict(), "target": 10**40}))
    with pytest.raises(ParseError):
        Record.parse(HEADER.replace('[Rules ""]', f'[Rules "target={10**40}"]'))


# ----------------------------------------------------------------------
# Size limits, before parsing.


def test_loaders_refuse_input_over_their_size_limit() -> None:
    assert MAX_SIZE == JSON_MAX_SIZE == 4 * 1024 * 1024
    text = HEADER + "%" * MAX_SIZE
    with pytest.raises(ParseError, match="over the limit") as info:
        Record.parse(text)
    assert len(str(info.value)) < 200
    assert Record.parse(text, max_size=len(text)) == Record(rules=Rules())
    with pytest.raises(ParseError, match="over the limit"):
        Record.parse(HEADER, max_size=10)
    document = to_json(Record(rules=Rules()))
    padded = document + " " * MAX_SIZE
    loaders: list[Callable[..., object]] = [from_json, record_from_json, state_from_json, view_from_json,
                                            rules_from_json]
    for load in loaders:
        for data in (padded, padded.encode()):
            with pytest.raises(StateError, match="over the limit") as error:
                load(data)
            assert len(str(error.value)) < 200
        with pytest.raises(StateError, match="over the limit"):
            load(document, max_size=len(document) - 1)
    assert record_from_json(padded, max_size=len(padded)) == Record(rules=Rules())
    assert from_json(padded.encode(), max_size=len(padded)) == Record(rules=Rules())
    for bad in (None, 1.5, True, "10"):
        with pytest.raises(SpadesError):
            Record.parse(HEADER, max_size=bad)  # type: ignore[arg-type]
        with pytest.raises(SpadesError):
            record_from_json(document, max_size=bad)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        Record.parse(HEADER, max_size=-1)


def test_every_loader_documents_its_size_limit_and_takes_a_larger_one() -> None:
    # Each JSON loader (and Record.parse) has a max_size= whose default is
    # the documented MAX_SIZE, says so, and reads a longer text when given a
    # larger limit.
    import inspect

    from spades.serial import MAX_DEPTH

    state = new_game(seed=1)
    documents: dict[Callable[..., object], tuple[str, object]] = {
        from_json: (to_json(Rules()), Rules()),
        rules_from_json: (to_json(Rules()), Rules()),
        state_from_json: (to_json(state), state),
        view_from_json: (to_json(seat_view(state, 1)), seat_view(state, 1)),
        record_from_json: (to_json(Record(rules=Rules())), Record(rules=Rules())),
        Record.parse: (Record(rules=Rules()).to_text(), Record(rules=Rules())),
    }
    for load, (text, value) in documents.items():
        parameter = inspect.signature(load).parameters["max_size"]
        assert parameter.kind is inspect.Parameter.KEYWORD_ONLY and parameter.default == MAX_SIZE
        assert "max_size" in (load.__doc__ or "") and "4 MiB" in (load.__doc__ or ""), load
        padded = text + ("%" if load is Record.parse else " ") * MAX_SIZE  # a comment line, or blanks
        with pytest.raises(SpadesError, match="raise it with max_size="):
            load(padded)
        assert load(padded, max_size=len(padded)) == value
    assert MAX_DEPTH == 64


# ----------------------------------------------------------------------
# Plain JSON values only, and bounded messages.


def _deep(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def test_non_json_values_in_documents_raise_state_error() -> None:
    cyclic: list[Any] = []
    cyclic.append(cyclic)
    bad_values: list[Any] = [b"bytes", {1, 2}, ("Event", "x"), float("nan"), float("inf"), _deep(3000), cyclic,
                             {1: "x"}, object(), bytearray(b"x")]
    for value in bad_values:
        for field in ("seed", "tags", "actions", "rules", "extra"):
            with pytest.raises(StateError):
                record_from_dict(_record_doc(**{field: value}))
        with pytest.raises(StateError):
            record_from_dict(_record_doc(tags=[["Event", value]]))
        with pytest.raises(StateError):
            record_from_dict(_record_doc(rules={"target": value}))
        state = plain_dict(new_game(seed=1))
        for load in (from_dict, state_from_dict, view_from_dict):
            with pytest.raises(StateError):
                load({**state, "hands": value})
    # Shared (not cyclic) values are plain JSON, counted in each place, as
    # their JSON text would write them out: a few lists that share lists
    # stand for more values than a document holds, and are refused at once.
    shared: Any = []
    for _ in range(60):
        shared = [shared, shared]
    with pytest.raises(StateError, match="stands for more than 8,000,000 values"):
        record_from_dict(_record_doc(tags=shared))
    # Deep JSON text: a StateError, never a RecursionError.
    json_loaders: list[Callable[[str], object]] = [from_json, record_from_json, state_from_json, view_from_json]
    for load_text in json_loaders:
        with pytest.raises(StateError):
            load_text("[" * 100_000 + "]" * 100_000)
        with pytest.raises(StateError):
            load_text('{"format": "spades.record", "version": 1, "x": ' + "[" * 3000 + "]" * 3000 + "}")


class _Raising:
    """Methods a hostile value could bring into a document: each raises."""

    def __iter__(self) -> Any:
        raise RuntimeError("iterated")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("compared")

    def __len__(self) -> int:
        raise RuntimeError("measured")

    def __getitem__(self, key: object) -> Any:
        raise RuntimeError("looked up")

    def __repr__(self) -> str:
        raise RuntimeError("shown")

    def __hash__(self) -> int:
        return 1


class _Name(str):
    """A str subclass with str's own methods."""


class _Key:
    """A key that hashes as a name and raises when compared."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __hash__(self) -> int:
        return hash(self.name)

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("compared")


class _Dict(_Raising, dict[str, Any]):  # type: ignore[misc]
    pass


class _List(_Raising, list[Any]):  # type: ignore[misc]
    pass


class _Str(_Raising, str):
    pass


class _Int(_Raising, int):
    pass


def test_subclasses_of_json_types_in_documents_raise_state_error() -> None:
    # A loader reads a document as json.loads makes it: a subclass of dict,
    # list, str or int is refused before any of its methods is called.
    state = new_game(Rules.partnership(), seed=1)
    documents = {
        "state": (plain_dict(state), state_from_dict),
        "view": (plain_dict(seat_view(state, 0)), view_from_dict),
        "record": (plain_dict(Record.of_state(state)), record_from_dict),
        "rules": (plain_dict(state.rules), rules_from_dict),
    }
    for name, (document, load) in documents.items():
        with pytest.raises(StateError, match="not of a subclass"):
            load(_Dict(document))
        with pytest.raises(StateError, match="not of a subclass"):
            from_dict(_Dict(document))
        for key, value in document.items():
            if isinstance(value, str):
                odd: Any = _Str(value)
            elif isinstance(value, list):
                odd = _List(value)
            elif isinstance(value, dict):
                odd = _Dict(value)
            elif type(value) is int:
                odd = _Int(value)
            else:
                continue
            with pytest.raises(StateError, match="not of a subclass"):
                load({**document, key: odd})
        with pytest.raises(StateError, match="strings, not _Str"):
            load({_Str("format"): document["format"]})
        # Every key of a whole document of another type, however it hashes
        # and compares: none of its methods is called.
        for odd_key in (_Name, _Key):
            with pytest.raises(StateError, match=f"strings, not {odd_key.__name__}"):
                load({odd_key(key): value for key, value in document.items()})
    with pytest.raises(StateError, match="not of a subclass"):
        action_from_dict(_Dict(bid="3"))
    with pytest.raises(StateError, match="not of a subclass"):
        action_from_dict({"bid": _Str("3")})
    with pytest.raises(StateError, match="not of a subclass"):
        event_from_dict({"event": _Str("trick_won"), "seat": 1}, state.rules)


def test_a_record_that_cannot_be_played_is_not_written() -> None:
    # What the JSON writers write, the loaders read: a record built directly
    # whose actions are not a game is refused by every writer alike (P-2:
    # a game starts with its deal).
    record = Record(rules=Rules.partnership(), actions=[Bid(3)])
    for write in (to_dict, to_json, Record.to_text):
        with pytest.raises(StateError, match="action 1"):
            write(record)
    good = Record.of_state(new_game(Rules.partnership(), seed=2).apply(Bid(3)))
    assert record_from_json(to_json(good)) == good


_LONG = "x" * 5000
_BAD_TEXTS = {
    "seed": HEADER.replace('"-"', f'"{_LONG}"'),
    "format": f'[Format "{_LONG}"]\n[Rules ""]\n',
    "version": f'[Format "spades-record {_LONG}"]\n[Rules ""]\n',
    "rules word": f'[Format "spades-record 1"]\n[Rules "{_LONG}"]\n',
    "rules value": f'[Format "spades-record 1"]\n[Rules "target={_LONG}"]\n',
    "rules key": f'[Format "spades-record 1"]\n[Rules "{_LONG}=1"]\n',
    "hand": HEADER + f'[Hand "{_LONG}"]\n',
    "dealer": HEADER + DEAL + f'[Dealer "{_LONG}"]\n',
    "bid": HEADER + DEAL + f'[Auction "1"]\n{_LONG}\n',
    "draft": HEADER + DEAL + f'[Draft "1"]\n{_LONG}\n',
    "card": HEADER + DEAL + f'[Play "1"]\n{_LONG}\n',
    "exchange": HEADER + DEAL + f'[Exchange "1"]\n{_LONG}\n',
    "score": HEADER + DEAL + f'[Score "{_LONG}"]\n',
    "tag name": HEADER + f'[{_LONG} "v"]\n',
    "hand tag": HEADER + DEAL + f'[{_LONG} "v"]\n',
    "deal": HEADER + f'[Hand "0"]\n[Deal "0:{_LONG} a b c"]\n',
    "deal seat": HEADER + f'[Hand "0"]\n[Deal "{_LONG}:a b c d"]\n',
    "tag value": HEADER + f'[Event "{_LONG * 3}"]\n',
}


@pytest.mark.parametrize("case", sorted(_BAD_TEXTS))
def test_parse_errors_are_short(case: str) -> None:
    with pytest.raises(ParseError) as info:
        Record.parse(_BAD_TEXTS[case])
    assert len(str(info.value)) <= 340 and info.value.line is not None


def test_json_errors_are_short() -> None:
    documents = [
        _record_doc(actions=[{"play": _LONG}]),
        _record_doc(actions=[{"bid": _LONG}]),
        _record_doc(actions=[{_LONG: 1}]),
        _record_doc(rules={"target": _LONG}),
        _record_doc(rules={_LONG: 1}),
        _record_doc(tags=[[_LONG, "x"]]),
        _record_doc(tags=[["Event", _LONG * 3]]),
        {**_record_doc(), _LONG: 1},
        _record_doc(format=_LONG),
    ]
    for document in documents:
        with pytest.raises(StateError) as info:
            record_from_dict(document)
        assert len(str(info.value)) <= 300
    with pytest.raises(StateError) as info:
        from_json('{"' + _LONG)
    assert len(str(info.value)) <= 300


@pytest.mark.skipif(not hasattr(sys, "get_int_max_str_digits"), reason="Python before 3.10.7 has no digit limit")
def test_a_number_longer_than_python_converts_is_named() -> None:
    # Python refuses to convert more than sys.get_int_max_str_digits()
    # digits (4,300 by default), and its message said to raise the limit.
    limit = sys.get_int_max_str_digits()
    text = to_json(new_game(seed=1))
    for document in (text.replace('"seed": 1', '"seed": 1' + "0" * limit), '{"format": ' + "1" * (limit + 1) + "}"):
        with pytest.raises(StateError) as info:
            from_json(document)
        assert str(info.value) == f"not valid JSON here: a number of more than {limit:,} digits"
        with pytest.raises(StateError, match="a number of more than"):
            state_from_json(document)


def test_a_derived_field_too_large_for_json_text_is_a_state_error() -> None:
    # The loader quotes a derived field that does not follow from the
    # actions; a whole number past Python's 4300 digits cannot be written as
    # JSON text, and was a ValueError.
    state = plain_dict(new_game(seed=1))
    for field in ("turn", "scores", "hands", "sheet"):
        for value in (10**5000, [10**5000], _deep(60), "x" * 2_000_000):
            with pytest.raises(StateError) as info:
                state_from_dict({**state, field: value})
            assert len(str(info.value)) <= 300 and str(info.value).startswith((f"{field}: ", f"{field}["))


# ----------------------------------------------------------------------
# Fuzzing: only SpadesError escapes; whatever is accepted round trips.

_NAMES = st.sampled_from(["Event", "Date", "Site", "event", "E_1", "Hand", "Seed", "Format", "Deal", "x" * 64,
                          "x" * 65, "1a", "_a", "Ünï", "", "a b"]) | st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,5}",
                                                                                 fullmatch=True)
_VALUES = st.sampled_from(["", "club night", "\ud800", "a\udfffb", 'say "hi"', "back\\slash", "\\", '\\"', "a\nb",
                           "a\u2028b", "\x85", "\x00\t", "\ufeff", " padded ", "x" * MAX_TAG_LENGTH,
                           "x" * (MAX_TAG_LENGTH + 1), "ü€😀", "%", "[Hand \"0\"]"]) | st.text(
    st.characters(exclude_categories=()), max_size=12)
_SEED_TEXTS = st.sampled_from(["-", "", "0", "7", " 7 ", "007", str(SEED_LIMIT - 1), str(SEED_LIMIT), "9" * 20,
                               "9" * 21, "9" * 40, "-1", "+1", "1e3", "\u0663", "x", "1 2"])
_SEEDS: st.SearchStrategy[Any] = st.none() | st.integers() | st.sampled_from(
    [SEED_LIMIT - 1, SEED_LIMIT, -1, 10**50, 10**5000, float("nan"), float("inf"), 1.0, True, "7", b"7", {7},
     _deep(3000), [7]])
_OPTIONS: st.SearchStrategy[Any] = st.sampled_from(
    [10**39, 10**40 - 1, 10**40, -(10**40), -(10**40 - 1), 10**5000, 0, 1, -1, True, None, "x", 1.5, float("nan"),
     [1], {"a": 1}, b"1", {1}])


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _accepted(load: Callable[[Any], Record], data: Any) -> None:
    try:
        record = load(data)
    except SpadesError:
        return
    _round_trips(record)


@given(
    seed=_SEED_TEXTS,
    options=st.dictionaries(st.sampled_from(["target", "losing_floor", "nil_bonus", "bag_points", "x"]), _OPTIONS,
                            max_size=2),
    tags=st.lists(st.tuples(_NAMES, _VALUES, st.booleans()), max_size=4),
    hand=st.booleans(),
)
def test_fuzz_record_parse(seed: str, options: dict[str, Any], tags: list[tuple[str, str, bool]],
                           hand: bool) -> None:
    rules = " ".join(f"{key}={'none' if value is None else value}" for key, value in options.items()
                     if not isinstance(value, int) or abs(value) < 10**100)
    lines = ['[Format "spades-record 1"]', f'[Rules "{_escape(rules)}"]', f'[Seed "{seed}"]']
    lines += [f'[{name} "{_escape(value) if escaped else value}"]' for name, value, escaped in tags]
    text = "\n".join(lines) + "\n"
    if hand:
        text += DEAL + '[Auction "1"]\n3 3 nil 3\n[Play "1"]\nAH 2D 2C 2S\n'
    _accepted(Record.parse, text)


@given(
    seed=_SEEDS,
    options=st.dictionaries(st.sampled_from(["target", "losing_floor", "nil_bonus", "bag_points", "x"]), _OPTIONS,
                            max_size=2),
    tags=st.lists(st.lists(_NAMES | _VALUES, min_size=1, max_size=3) | _SEEDS, max_size=4),
    actions=st.sampled_from([[], [{"bid": "3"}], "x", None]),
)
def test_fuzz_record_from_dict(seed: Any, options: dict[str, Any], tags: list[Any], actions: Any) -> None:
    document = _record_doc(seed=seed, rules=options, tags=tags, actions=actions)
    _accepted(record_from_dict, document)
    try:
        text = json.dumps(document)
    except (ValueError, TypeError, RecursionError):
        return  # not JSON at all
    _accepted(record_from_json, text)


def _shared(depth: int, fanout: int = 2) -> Any:
    """``depth`` lists, each holding the one before ``fanout`` times: a few
    objects in memory standing for ``fanout ** depth`` values."""
    value: Any = []
    for _ in range(depth):
        value = [value] * fanout
    return value


def test_dicts_that_share_lists_count_each_place_and_stay_linear() -> None:
    """A list or an object in several places of a dict document counts in
    each (as its JSON text would write it out): a document standing for
    more than MAX_VALUES values is refused before anything walks it path
    by path, by every dict loader and by the state loader's fast way, and
    a message quoting such a value stays short."""
    state = plain_dict(new_game(Rules.partnership(), seed=1))
    bombs = [_shared(40), _shared(4, 1000)]
    for bomb in bombs:
        documents: list[tuple[Callable[[Any], object], Any]] = [
            (state_from_dict, {**state, "rules": {**state["rules"], "target": bomb}}),
            (state_from_dict, {**state, "actions": [{"play": bomb}, *state["actions"][1:]]}),
            (state_from_dict, {**state, "actions": [*state["actions"], {"stock": bomb}]}),
            (state_from_dict, {**state, "hands": bomb}),
            (state_from_dict, {**state, "tricks": [{"leader": 0, "cards": bomb, "winner": 0}]}),
            (from_dict, {**state, "sheet": bomb}),
            (view_from_dict, {**plain_dict(seat_view(new_game(Rules.partnership(), seed=1), 0)), "hands": bomb}),
            (record_from_dict, _record_doc(tags=bomb)),
            (rules_from_dict, {"format": "spades.rules", "version": 1, "target": bomb}),
        ]
        for load, document in documents:  # each refused at once: walked path by path, it would take days
            with pytest.raises(StateError) as caught:
                load(document)
            assert len(str(caught.value)) < 300
        assert len(short_repr(bomb)) <= VALUE_LIMIT
        with pytest.raises(RulesError) as refused:
            Rules(target=bomb)
        assert len(str(refused.value)) < 300
    # Sharing within the bound is plain JSON: an action's dict used twice,
    # a list of small shared lists.
    game = new_game(Rules.partnership(), seed=2)
    for _ in range(9):
        game = game.apply(game.legal_actions()[0])
    document = plain_dict(Record.of_state(game))
    first_bid = next(i for i, a in enumerate(document["actions"]) if "bid" in a)
    shared_bid = document["actions"][first_bid]
    document["actions"] = [a if a != shared_bid else shared_bid for a in document["actions"]]
    assert sum(a is shared_bid for a in document["actions"]) >= 2
    assert record_from_dict(document) == Record.of_state(game)
    shared_cards = [["2C"] * 3] * 10
    with pytest.raises(StateError, match="tags"):
        record_from_dict(_record_doc(tags=shared_cards))  # walked, counted, then read as tags (and refused as such)


def test_an_error_from_a_bad_document_keeps_no_copy_of_it() -> None:
    # Python's decoders keep the whole input on their errors (a
    # JSONDecodeError's .doc, a UnicodeDecodeError's .object): the
    # StateError raised for them must not hold one as its context, or a
    # server that keeps the errors it caught keeps every bad document whole.
    size = 1_000_000
    bad_documents: list[str | bytes] = [
        "[" + " " * size,  # JSON cut short
        '{"format": "spades.state", "x": ' + "1" * 10 + "x" * size + "}",  # not JSON after a number
        b'{"a": "' + b"\xff" * size + b'"}',  # not UTF-8
        "[" * size,  # nested deeper than the reader goes
    ]
    for document in bad_documents:
        loads: list[Callable[[str | bytes], object]] = [
            from_json, state_from_json, view_from_json, record_from_json, rules_from_json, action_from_json,
            lambda text: event_from_json(text, Rules()),
        ]
        for load in loads:
            with pytest.raises(StateError) as info:
                load(document)
            error = info.value
            assert error.__context__ is None and error.__cause__ is None, (load, type(error.__context__))
            assert len(str(error)) < 300 and all(len(repr(arg)) < 400 for arg in error.args)
