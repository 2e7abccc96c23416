"""Gaps in the tests of the state loaders of ``spades.serial`` found by a
mutation run of their fast ways (``state_from_dict``, ``state_from_json``
and the helpers that recognise a document exactly as this library writes
it, tests/MUTANTS.md): the compact text recognised without being parsed
and the dicts in one comparison, under rules read first, last or before
(the loaders' memory of rules emptied before each test, as in a fresh
process); a value equal to the right one in Python but of another JSON
type (``true`` for ``1``, ``0.0`` for ``0``, a str, list or dict subclass)
refused wherever it stands, in the header, the rules, the actions or the
derived fields; another version, format or key; the least and greatest
seed; rules that differ from those read last in one value; exactly the
most actions a document holds; and the words of the refusals (a long
value cut short, a number too long for JSON text, an action left out or
spelt otherwise, an action outside the rules).

What a state loader accepts it writes back as it was given
(``to_dict(state_from_dict(d)) == d``, and for the compact text
``to_json(state_from_json(t)) == t``); anything else raises
:class:`~spades.StateError` with a message naming the problem."""

from __future__ import annotations

import copy
import functools
import json
import marshal
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest

import spades.serial as serial
from spades import Bid, GameState, Rules, SpadesError, StateError, new_game
from spades.serial import from_dict, from_json, state_from_dict, state_from_json, to_json

from _games import PRESETS, play, sample, two_player_hand
from _forgery import plain_dict


# ----------------------------------------------------------------------
# Helpers.


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    """Each test starts with the state loaders' memory of the rules they
    read (by text, by marshal form, and the last read) empty, as in a fresh
    process, whatever ran before it; restored afterwards."""
    with mock.patch.dict(serial._RULES_BY_TEXT, clear=True), mock.patch.dict(serial._RULES_BY_FORM, clear=True), \
            mock.patch.object(serial, "_LAST_RULES", [("\0", None)]), \
            mock.patch.object(serial, "_LAST_RULES_DICT", [([], [type(None)], [], None)]):
        yield


@functools.lru_cache(maxsize=None)
def _games() -> tuple[GameState, ...]:
    """A few states of whole games of several rule sets, seeded and not:
    deals, draws from the stock and replacements, exchanges (of no card
    too), a score sheet, a game over."""
    states: list[GameState] = []
    for index, preset in enumerate(("partnership", "two-player", "jokers", "cutthroat-3", "two-player-2")):
        for seeded in (True, False):
            game = play(PRESETS[preset], 100 + index, seeded=seeded, double_nil=0.6)
            states += sample(game, index, 3)
    # Double Nil in the two-player draft: a discard of no card, and of three (T-6).
    states += [two_player_hand(3, 0, (0,), 10), two_player_hand(4, 3, (0, 1), 5)]
    return tuple(states)


@contextmanager
def _fast_way_only() -> Iterator[None]:
    """The loaders with the field-by-field reading shut: only a fast way
    (the dict's, or the text's then the dict's) can load."""
    def refuse(*_args: object) -> None:
        raise AssertionError("read field by field")

    with mock.patch.object(serial, "_header", refuse):
        yield


@contextmanager
def _text_way_only() -> Iterator[None]:
    """The JSON loaders with the parse of the whole text shut: only the
    text's own fast way (which reads the rules, the seed and the actions,
    and compares the rest as text) can load."""
    def refuse(_text: str) -> object:
        raise AssertionError("the whole text was parsed")

    with mock.patch.object(serial, "_loads", refuse):
        yield


def _refused(load: Callable[[Any], object], document: Any, message: str) -> None:
    """``document`` refused by ``load`` with a StateError in exactly these words."""
    with pytest.raises(SpadesError) as caught:
        load(document)
    assert type(caught.value) is StateError
    assert str(caught.value) == message


def _loads_as_itself(state: GameState) -> None:
    """``state``'s document and compact text load back as ``state`` and
    write back exactly as they were given (types and key order too)."""
    document = plain_dict(state)
    text = to_json(state)
    loaded = state_from_dict(copy.deepcopy(document))
    assert loaded == state
    assert marshal.dumps(plain_dict(loaded), 2) == marshal.dumps(document, 2)
    assert to_json(state_from_json(text)) == text


# ----------------------------------------------------------------------
# Documents as written: the text recognised without being parsed, the
# dicts in one comparison.


def test_the_text_as_written_loads_without_being_parsed() -> None:
    """``state_from_json`` and ``from_json`` recognise the compact text
    ``to_json`` writes (str or UTF-8 bytes) without parsing the whole of it
    (the documented fast way): under rules read for the first time, read
    just before, or read before other rules."""
    with _text_way_only():
        for state in _games() + _games():
            text = to_json(state)
            assert state_from_json(text) == state
            assert state_from_json(text.encode("utf-8")) == state
            assert from_json(text) == state
            assert to_json(state_from_json(text)) == text


def test_the_document_as_written_loads_the_fast_way() -> None:
    """``state_from_dict`` and ``from_dict`` recognise the dicts ``to_dict``
    writes (keys in any order) in one comparison, not field by field: under
    rules read for the first time, read just before, or read before other
    rules."""
    with _fast_way_only():
        for state in _games() + _games():
            document = plain_dict(state)
            assert state_from_dict(document) == state
            assert from_dict(document) == state
            assert state_from_dict(dict(reversed(list(document.items())))) == state


# ----------------------------------------------------------------------
# A value equal to the right one in Python but of another JSON type.


def _scored_state() -> GameState:
    """A partnership game after its first hand, in play, with turn 1 and a
    seat that has won exactly one trick of the hand in progress."""
    for seed in range(50):
        for state in play(PRESETS["partnership"], seed, seeded=True):
            if state.sheet and state.turn == 1 and 1 in state.tricks_won and not state.spades_broken:
                return state
    raise AssertionError("no such state")


def test_a_value_of_another_json_type_is_refused_wherever_it_stands() -> None:
    """``true`` is not ``1`` and ``0.0`` is not ``0`` in JSON: a field, an
    entry of a list or a value in an object of the score sheet (the turn,
    spades broken, the tricks won, the scores, a contract made, a dealer:
    C-6, C-8, S-1, P-8) that equals the right value in Python but is of
    another JSON type is not what the actions give, and is refused naming
    the very place, by the dict loader and by the JSON loader."""
    state = _scored_state()
    document = plain_dict(state)
    _loads_as_itself(state)
    won = state.tricks_won.index(1)
    made = document["sheet"][0]["result"][0]["made"]
    cases: list[tuple[list[Any], object, str, str]] = [
        (["turn"], True, "turn", "1"),
        (["turn"], 1.0, "turn", "1"),
        (["spades_broken"], 0, "spades_broken", "false"),
        (["tricks_won", won], True, f"tricks_won[{won}]", "1"),
        (["scores", 0], float(document["scores"][0]), "scores[0]", json.dumps(document["scores"][0])),
        (["sheet", 0, "result", 0, "made"], int(made), "sheet[0].result[0].made", json.dumps(made)),
        (["sheet", 0, "dealer"], float(document["sheet"][0]["dealer"]), "sheet[0].dealer",
         json.dumps(document["sheet"][0]["dealer"])),
    ]
    for path, value, where, gives in cases:
        forged = copy.deepcopy(document)
        parent: Any = forged
        for step in path[:-1]:
            parent = parent[step]
        assert parent[path[-1]] == value and type(parent[path[-1]]) is not type(value)
        parent[path[-1]] = value
        message = f"{where}: the document says {json.dumps(value)}, but its actions give {gives}"
        _refused(state_from_dict, forged, message)
        _refused(from_dict, forged, message)
        _refused(state_from_json, json.dumps(forged), message)


# ----------------------------------------------------------------------
# The header: the keys, the format, the version and the seed.


class _Text(str):
    """A str that is not exactly a str."""


class _Dict(dict):  # type: ignore[type-arg]
    """A dict that is not exactly a dict."""


def _dealt(seed: int | None = 1) -> GameState:
    """A partnership game just dealt, with one bid made."""
    state = new_game(Rules.partnership(), seed=seed)
    if seed is None:
        state = state.apply(state.sample_chance(random.Random(1)))
    return state.apply(state.legal_actions()[0])


_OF_A_SUBCLASS = ("is not a JSON value: a document holds dicts, lists, strings and numbers of exactly those types, "
                  "not of a subclass")
_SUBCLASS = f"_Text {_OF_A_SUBCLASS}"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: {(_Text(k) if k == "winner" else k): v for k, v in d.items()},
     "the keys of a JSON object are strings, not _Text"),
    (lambda d: {**d, "format": _Text("spades.state")}, f"format: {_SUBCLASS}"),
    (lambda d: {**d, "version": True},
     "version: a whole number, got a boolean; this library reads version 1 of spades.state"),
    (lambda d: {**d, "version": 1.0},
     "version: a whole number, got a number; this library reads version 1 of spades.state"),
    (lambda d: {**d, "seed": True}, "seed: expected a whole number or null, got a boolean"),
    (lambda d: {**d, "seed": 1.0}, "seed: expected a whole number or null, got a number"),
    (lambda d: {**d, "seed": 2**64}, "seed: a seed is from 0 to 2**64 - 1, not 18446744073709551616"),
    (lambda d: {**d, "seed": -1}, "seed: a seed is from 0 to 2**64 - 1, not -1"),
    (lambda d: {**d, "version": 2}, "version: unsupported version 2 of spades.state; this library reads version 1"),
    (lambda d: {**d, "version": 0}, "version: unsupported version 0 of spades.state; this library reads version 1"),
    (lambda d: {**d, "note": 1}, "unknown field(s): 'note'"),
])
def test_a_header_equal_to_the_right_one_but_not_of_its_type_is_refused(
    change: Callable[[dict[str, Any]], dict[str, Any]], message: str
) -> None:
    """A key or the format of a str subclass, the version or the seed
    ``true`` or ``1.0`` for ``1`` (equal in Python, not in JSON), a seed
    out of its range, another version, a key too many: not a document this
    library writes, refused in the full reading's words (the fast way must
    not take them)."""
    state = _dealt(1)
    _loads_as_itself(state)
    forged = change(plain_dict(state))
    _refused(state_from_dict, forged, message)
    _refused(from_dict, forged, message)


class _List(list):  # type: ignore[type-arg]
    """A list that is not exactly a list."""


_NOT_JSON = "is not a JSON value: only objects, lists, strings, numbers, booleans and null are"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: {**d, "actions": tuple(d["actions"])}, f"actions: tuple {_NOT_JSON}"),
    (lambda d: {**d, "actions": _List(d["actions"])},
     f"actions: _List {_OF_A_SUBCLASS}"),
    (lambda d: {**d, "rules": _Dict(d["rules"])},
     f"rules: _Dict {_OF_A_SUBCLASS}"),
])
def test_actions_or_rules_not_held_as_json_are_refused(
    change: Callable[[dict[str, Any]], dict[str, Any]], message: str
) -> None:
    """The actions as a tuple or a list subclass, the options as a dict
    subclass: not JSON values, refused however the rest reads (the fast
    way must not take them: they would not write back as given)."""
    state = _dealt(1)
    _loads_as_itself(state)
    forged = change(plain_dict(state))
    _refused(state_from_dict, forged, message)
    _refused(from_dict, forged, message)


def test_an_actions_text_of_a_str_subclass_is_refused() -> None:
    """A card played, a bid or a draft choice written as a str subclass
    (equal to the right text, with the same hash): not a JSON value,
    refused, by the dict loaders (the fast way must not look it up)."""
    for preset in ("partnership", "two-player"):
        state = play(PRESETS[preset], 3, seeded=True)[-1]
        document = plain_dict(state)
        _loads_as_itself(state)
        for key in ("play", "bid", "draft"):
            index = next((i for i, a in enumerate(document["actions"]) if key in a), None)
            if index is None:
                continue
            forged = copy.deepcopy(document)
            forged["actions"][index] = {key: _Text(document["actions"][index][key])}
            message = f"actions[{index}].{key}: {_SUBCLASS}"
            _refused(state_from_dict, forged, message)
            _refused(from_dict, forged, message)


@pytest.mark.parametrize(("kind", "message"), [
    ("spades.view", "version: unsupported version 1 of spades.view; this library reads version 2 "
                    "(a view is a message, not an archive: ask for a fresh one)"),
    ("spades.record", "missing field(s): tags"),
])
def test_a_state_under_another_format_is_not_a_state(kind: str, message: str) -> None:
    """The fields of a state under the name of another format: the state
    loader refuses the format, ``from_dict`` reads it as that format (and
    refuses it as such)."""
    state = _dealt(1)
    forged = {**plain_dict(state), "format": kind}
    _refused(state_from_dict, forged, f"format: expected a spades.state document, got {kind}")
    _refused(from_dict, forged, message)


def test_a_deal_held_in_a_list_subclass_is_refused() -> None:  # P-2
    """A seeded game's deal (the seed's own) with its hands in a list
    subclass: not a JSON value, refused (the fast way must not take it)."""
    state = _dealt(1)
    document = plain_dict(state)
    forged = copy.deepcopy(document)
    forged["actions"][0] = {"deal": _List(document["actions"][0]["deal"])}
    message = f"actions[0].deal: _List {_OF_A_SUBCLASS}"
    _refused(state_from_dict, forged, message)
    _refused(from_dict, forged, message)


@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1, None])
def test_a_game_of_every_seed_loads_the_fast_way(seed: int | None) -> None:
    """The least and the greatest seed (0 and 2**64 - 1) and no seed:
    their documents as written load the fast way, as dicts and as text."""
    state = _dealt(seed)
    document = plain_dict(state)
    text = to_json(state)
    with _fast_way_only():
        assert state_from_dict(document) == state
    with _text_way_only():
        assert state_from_json(text) == state
    _loads_as_itself(state)


# ----------------------------------------------------------------------
# The rules: the rules read last are tried first.


@pytest.mark.parametrize(("option", "value"), [
    ("target", 501), ("bag_points", 2), ("ten_for_two_hundred", True), ("failed_nil", "partner"),
    ("losing_floor", -300),
])
def test_rules_that_differ_from_the_last_read_in_one_value_are_their_own(  # V-1, V-4, V-5, V-8
    option: str, value: object
) -> None:
    """A document whose options differ from those read last in one value
    only, of the same type (or a number for ``null``), is a game under its
    own rules: it loads with those rules and writes back as it was given.
    (In this state nothing derived depends on the option.)"""
    state = _dealt(1)
    document = plain_dict(state)
    assert state_from_dict(document) == state  # the rules read last are these
    forged = copy.deepcopy(document)
    assert forged["rules"][option] != value
    forged["rules"][option] = value
    loads: list[tuple[Callable[[Any], GameState], Any]] = [
        (state_from_dict, forged), (state_from_json, json.dumps(forged, ensure_ascii=False)),
    ]
    for load, given in loads:
        assert state_from_dict(document) == state
        loaded = load(given)
        assert getattr(loaded.rules, option) == value
        assert marshal.dumps(plain_dict(loaded), 2) == marshal.dumps(forged, 2)


# ----------------------------------------------------------------------
# The words of the refusals.


def test_a_long_value_is_cut_short_in_the_refusal() -> None:
    """A derived field that is not what the actions give is named with
    both values, each as JSON text cut to 120 characters (``...`` at the
    end), by both loaders."""
    state = next(s for s in play(PRESETS["partnership"], 1, seeded=True) if s.sheet)
    document = plain_dict(state)
    sheet = json.dumps(document["sheet"])
    assert len(sheet) > 120
    forged = {**document, "sheet": []}
    message = f"sheet: the document says [], but its actions give {sheet[:117]}..."
    _refused(state_from_dict, forged, message)
    _refused(state_from_json, json.dumps(forged), message)


def test_a_document_of_exactly_the_most_actions_loads_the_fast_way() -> None:
    """A document holds at most ``MAX_ACTIONS`` actions (lowered here to
    reach it quickly): one of exactly that many, as written, loads the
    fast way, as a dict and as text."""
    state = next(s for s in play(PRESETS["partnership"], 2, seeded=True) if s.sheet)
    count = len(plain_dict(state)["actions"])
    with mock.patch.object(serial, "_MAX_ACTIONS", count):
        document, text = plain_dict(state), to_json(state)
        with _fast_way_only():
            assert state_from_dict(document) == state
        with _text_way_only():
            assert state_from_json(text) == state


_EVERY_ACTION = "(a state lists every action, chance steps included)"


def test_an_action_left_out_or_spelt_otherwise_is_named_with_its_place() -> None:  # C-3
    """The actions of a state are every action of its game, as this
    library writes them: a seeded game's last deal left out (the seed draws
    it all the same), or Nil written ``"0"`` (a bid of 0 tricks is Nil,
    C-3, but not as written), is refused naming the action's place, what
    the game holds there and what the document holds."""
    state = next(s for s in play(Rules.partnership(), 0, seeded=True, double_nil=0) if len(s.sheet) == 1)
    document = plain_dict(state)
    last = document["actions"][-1]
    assert "deal" in last
    forged = {**document, "actions": document["actions"][:-1]}
    message = (f"actions: action {len(document['actions'])} of this game is {json.dumps(last)}, "
               f"not nothing {_EVERY_ACTION}")
    _refused(state_from_dict, forged, message)
    _refused(state_from_json, json.dumps(forged), message)

    state = new_game(Rules.partnership(), seed=5)
    state = state.apply(state.legal_actions()[0]).apply(Bid.NIL)
    document = plain_dict(state)
    assert document["actions"][2] == {"bid": "nil"}
    forged = copy.deepcopy(document)
    forged["actions"][2] = {"bid": "0"}
    message = f'actions: action 3 of this game is {{"bid": "nil"}}, not {{"bid": "0"}} {_EVERY_ACTION}'
    _refused(state_from_dict, forged, message)
    _refused(state_from_json, json.dumps(forged), message)


def test_a_number_too_long_for_json_text_is_described_by_its_size() -> None:  # S-9
    """A winner of 5,001 digits (a dict holds what JSON text cannot
    write): the refusal describes it by its size and names the winner the
    actions give."""
    state = next(s for s in play(PRESETS["partnership"], 1, seeded=True) if s.winner is not None)
    forged = {**plain_dict(state), "winner": 10**5000}
    message = f"winner: the document says an int of 5001 digits, but its actions give {state.winner}"
    _refused(state_from_dict, forged, message)


@pytest.mark.parametrize(("index", "item", "message"), [
    (5, {"play": "BJ"}, "actions[5].play: BJ is not in this deck (C-1, V-9, V-10)"),
    (1, {"bid": "14"}, "actions[1].bid: a bid is 0..13 tricks, not 14 (C-3)"),
])
def test_an_action_outside_the_rules_is_named_where_it_stands(index: int, item: dict[str, str], message: str) -> None:
    """An action the document's rules have no place for (the Big Joker in
    the standard deck, C-1 and V-9; a bid of 14 tricks, C-3) is refused
    when read, naming its place in the list and the rule, not later as an
    illegal move of the game."""
    state = new_game(Rules.partnership(), seed=1)
    for _ in range(5):
        state = state.apply(state.legal_actions()[0])
    forged = copy.deepcopy(plain_dict(state))
    forged["actions"][index] = item
    _refused(state_from_dict, forged, message)
    _refused(state_from_json, json.dumps(forged), message)


def _reversed_keys(value: Any) -> Any:
    """``value`` with the keys of every object in it in reverse order."""
    if type(value) is dict:
        return {key: _reversed_keys(item) for key, item in reversed(list(value.items()))}
    if type(value) is list:
        return [_reversed_keys(item) for item in value]
    return value


def test_the_keys_of_every_object_may_come_in_any_order() -> None:
    """The keys of a JSON object have no order: a document with the keys
    of every object in it reversed (the options, each finished hand's row,
    trick and side of the score sheet, each trick of the hand) is the
    same document, and loads as the same state, from a dict or from text."""
    state = next(s for s in play(PRESETS["partnership"], 2, seeded=True) if s.sheet and s.tricks_won != (0, 0, 0, 0))
    document = plain_dict(state)
    forged = _reversed_keys(document)
    assert json.dumps(forged) != json.dumps(document)
    assert state_from_dict(forged) == state
    assert from_dict(forged) == state
    assert state_from_json(json.dumps(forged)) == state


def test_the_memory_of_rules_read_and_written_stays_bounded() -> None:
    """A server reading documents of ever new rules (a hostile client may
    send them) keeps at most ``_CACHE_LIMIT`` of them in each memory of
    rules: read from JSON text, read from dicts, and written.  One more
    rule set than the limit: each memory is emptied when it is full, so
    it never holds more; every document still loads to its own state."""
    limit = serial._CACHE_LIMIT
    with mock.patch.dict(serial._RULES_WRITTEN, clear=True):
        for target in range(100, 100 + limit + 2):
            state = new_game(Rules(target=target), seed=target)
            text = to_json(state)
            data = json.loads(text)
            assert state_from_json(text) == state
            assert state_from_dict(data) == state
            assert len(serial._RULES_BY_TEXT) <= limit
            assert len(serial._RULES_BY_FORM) <= limit
            assert len(serial._RULES_WRITTEN) <= limit
        # The memories were used: full to the limit once, then emptied.
        assert 0 < len(serial._RULES_BY_TEXT) < limit
        assert 0 < len(serial._RULES_BY_FORM) < limit
