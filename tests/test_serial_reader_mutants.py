"""Gaps in the tests of the document readers of ``spades.serial`` found by
a mutation run of those readers (``action_from_*``, ``event_from_*``,
``rules_from_*``, ``record_from_*``, the header, the JSON text checks and
the ``_At`` cursor): the words of each refusal, the place it names, and
the bounds of the values a document may hold."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from spades import ArgumentError, ArgumentTypeError, Bid, Card, Rules, SpadesError, StateError, new_game
from spades.errors import RulesTypeError
from spades.events import Exchanged
from spades.serial import (
    action_from_dict, action_from_json, action_to_dict, event_from_dict, event_from_json, event_to_dict,
    record_from_dict, record_from_json, rules_from_dict, rules_from_json, to_dict, view_from_dict,
)

from _forgery import hand_scored_document

_RULES = Rules.partnership()


def _refused(call: Callable[[], object], kind: type[SpadesError], message: str) -> None:
    with pytest.raises(kind) as caught:
        call()
    assert type(caught.value) is kind
    assert str(caught.value) == message




def _record() -> dict[str, Any]:
    options = {k: v for k, v in to_dict(_RULES).items() if k not in ("format", "version")}
    return {"format": "spades.record", "version": 1, "rules": options, "seed": 1, "actions": [], "tags": []}


# ----------------------------------------------------------------------
# The JSON text: its size, its type, its encoding, and JSON itself.


def test_max_size_must_be_a_whole_number_of_at_least_zero() -> None:
    _refused(lambda: action_from_json('{"play": "QH"}', max_size=1.5),  # type: ignore[arg-type]
             ArgumentTypeError, "max_size is an int, got float")
    _refused(lambda: rules_from_json("{}", max_size=-1), ArgumentError, "max_size must be >= 0, got -1")
    # 0 is a limit like any other: an empty text is within it, and is then not JSON.
    _refused(lambda: rules_from_json("", max_size=0), StateError,
             "not valid JSON: Expecting value: line 1 column 1 (char 0)")


@pytest.mark.parametrize(("text", "unit"), [
    ("x" * 11, "characters"),
    (b"x" * 11, "bytes"),
    (bytearray(b"x" * 11), "bytes"),
])
def test_a_text_over_max_size_is_refused_naming_its_unit(text: str | bytes, unit: str) -> None:
    _refused(lambda: rules_from_json(text, max_size=10), StateError,
             f"the document is 11 {unit} long, over the limit of 10 (raise it with max_size=)")


def test_a_bytearray_is_read_as_its_bytes() -> None:
    written = json.dumps(action_to_dict(Card.parse("QH"))).encode()
    assert action_from_json(bytearray(written)) == Card.parse("QH")  # type: ignore[arg-type]
    assert rules_from_json(bytearray(json.dumps(to_dict(Rules.jokers())).encode())) == Rules.jokers()  # type: ignore[arg-type]


def test_text_that_is_not_utf8_or_not_text_is_refused() -> None:
    _refused(lambda: action_from_json(b'{"play": "Q\xff"}'), StateError,
             "a JSON document must be UTF-8 text: 'utf-8' codec can't decode byte 0xff in position 11: "
             "invalid start byte")
    _refused(lambda: action_from_json(5), StateError, "a JSON document must be text, got int")  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "message"), [
    ('{"play": NaN}', "NaN is not a JSON number"),
    ('{"play": -Infinity}', "-Infinity is not a JSON number"),
    ('{"play": "QH", "play": "AS"}', "field 'play' appears twice in one object"),
    ("[" * 100_000, "not valid JSON here: nested deeper than this reader goes"),
    ('{"play": ', "not valid JSON: Expecting value: line 1 column 10 (char 9)"),
])
def test_what_is_not_json_is_refused_in_these_words(text: str, message: str) -> None:
    _refused(lambda: action_from_json(text, max_size=len(text)), StateError, message)


# ----------------------------------------------------------------------
# One action.


def test_the_rules_must_be_a_rules_value() -> None:
    _refused(lambda: action_from_dict({"play": "QH"}, "x"),  # type: ignore[arg-type]
             RulesTypeError, "rules: expected a Rules value, got str")
    _refused(lambda: event_from_dict({"event": "trick_won", "seat": 1}, "x"),  # type: ignore[arg-type]
             RulesTypeError, "rules: expected a Rules value, got str")


def test_an_action_names_the_key_it_could_not_read() -> None:
    _refused(lambda: action_from_dict({"play": "ZZ"}), StateError, "play: cannot read 'ZZ' as a card: unknown suit 'Z'")


@pytest.mark.parametrize(("data", "rules", "message"), [
    ({"play": "QH", "bid": "4"}, None,
     "an action is an object with one key: play, bid, draft, exchange, deal, stock or replacement"),
    ({"draft": "maybe"}, None, "draft: expected 'keep' or 'reject', got 'maybe'"),  # T-2
    # C-1, V-9: the cards passed or drawn are of the deck; P-6, T-6: three at most.
    ({"exchange": ["BJ"]}, _RULES, "exchange[0]: BJ is not in this deck (C-1, V-9, V-10)"),
    ({"exchange": ["2C", "3C", "4C", "5C"]}, _RULES, "exchange: too many entries (4)"),
    ({"replacement": ["BJ"]}, Rules.two_player(), "replacement[0]: BJ is not in this deck (C-1, V-9, V-10)"),
    ({"replacement": ["2C", "3C", "4C", "5C"]}, Rules.two_player(), "replacement: too many entries (4)"),
])
def test_an_action_is_refused_in_these_words(data: dict[str, object], rules: Rules | None, message: str) -> None:
    _refused(lambda: action_from_dict(data, rules, chance=True), StateError, message)


def test_action_from_json_reads_a_player_action_under_the_rules_given() -> None:  # C-1, V-9
    _refused(lambda: action_from_json('{"play": "BJ"}', _RULES), StateError,
             "play: BJ is not in this deck (C-1, V-9, V-10)")
    assert action_from_json('{"play": "BJ"}', Rules.jokers()) == Card.parse("BJ")
    # A chance step is read only when asked for (chance=True).
    deal = '{"deal": ["AS", "KS"]}'
    _refused(lambda: action_from_json(deal), StateError,
             "deal: a chance step, not a player's action (chance=True reads one)")


# ----------------------------------------------------------------------
# Headers and rules documents.


@pytest.mark.parametrize(("data", "shown"), [
    (None, "null"),
    (True, "a boolean"),
    (1, "a number"),
    (1.5, "a number"),
    ("x", "the string 'x'"),
    ([], "a list"),
])
def test_a_document_that_is_not_an_object_is_refused_naming_what_it_is(data: object, shown: str) -> None:
    _refused(lambda: rules_from_dict(data), StateError, f"a document is a JSON object, got {shown}")


def test_a_field_of_the_wrong_kind_names_what_it_holds() -> None:
    _refused(lambda: event_from_dict({"event": "trick_won", "seat": {}}, _RULES), StateError,
             "seat: expected a whole number, got an object")
    _refused(lambda: event_from_dict({"event": "trick_won", "seat": None}, _RULES), StateError,
             "seat: expected a whole number, got null")


@pytest.mark.parametrize(("data", "message"), [
    ({"version": 1}, "missing field: format"),
    ({"format": "x", "version": 1},
     "format: unknown format 'x'; expected one of spades.rules, spades.state, spades.view, spades.record"),
    ({"format": "spades.rules"}, "missing field: version"),
    ({"format": "spades.rules", "version": "1"},
     "version: a whole number, got the string '1'; this library reads version 1 of spades.rules"),
    ({"format": "spades.rules", "version": 2},
     "version: unsupported version 2 of spades.rules; this library reads version 1"),
    ({"format": "spades.record", "version": 1}, "format: expected a spades.rules document, got spades.record"),
])
def test_a_header_is_refused_in_these_words(data: dict[str, object], message: str) -> None:
    _refused(lambda: rules_from_dict(data), StateError, message)


@pytest.mark.parametrize(("version", "message"), [
    (1, "version: unsupported version 1 of spades.view; this library reads version 2 "
        "(a view is a message, not an archive: ask for a fresh one)"),
    (3, "version: unsupported version 3 of spades.view; this library reads version 2"),
])
def test_only_an_old_view_is_told_to_ask_for_a_fresh_one(version: int, message: str) -> None:
    _refused(lambda: view_from_dict({"format": "spades.view", "version": version}), StateError, message)


def test_a_rules_option_names_itself_at_the_top_level() -> None:
    document = dict(to_dict(_RULES))
    document["target"] = "x"
    _refused(lambda: rules_from_dict(document), StateError, "target: must be a whole number, got 'x'")


def test_a_number_too_large_for_json_is_refused_before_the_options_are_read() -> None:
    document = dict(to_dict(_RULES))
    document["target"] = 10**4000  # Python writes at most 4300 digits; 10**4000 is already too large
    _refused(lambda: rules_from_dict(document), StateError, "target: an int of 4001 digits is too large")
    document = dict(to_dict(_RULES))
    document["target\n"] = -(10**4000)  # not an option: quoted, as the refusal of unknown options quotes it
    _refused(lambda: rules_from_dict(document), StateError, "'target\\n': an int of 4001 digits is too large")


# ----------------------------------------------------------------------
# Records.


def test_a_record_is_refused_in_these_words() -> None:
    base = _record()
    assert record_from_dict(base).seed == 1
    cases: list[tuple[dict[str, Any], str]] = [
        ({**base, "format": "spades.rules"}, "format: expected a spades.record document, got spades.rules"),
        ({**base, "rules": 5}, "rules: expected an object of options, got a number"),
        # C-1: a card outside the deck is named where it stands, before any replay.
        ({**base, "actions": [{"play": "BJ"}]}, "actions[0].play: BJ is not in this deck (C-1, V-9, V-10)"),
        ({**base, "tags": [["Event", "x", "y"]]}, "tags[0]: expected 2 entries, got 3"),
        ({**base, "seed": 2**64}, "seed: a seed is from 0 to 2**64 - 1, not 18446744073709551616"),
        ({**base, "seed": 2**127}, f"seed: a seed is from 0 to 2**64 - 1, not {2**127}"),
        ({**base, "seed": 2**128}, "seed: a seed is from 0 to 2**64 - 1"),  # too long to repeat
    ]
    for data, message in cases:
        _refused(lambda: record_from_dict(data), StateError, message)


def test_a_record_whose_action_cannot_be_played_names_it() -> None:
    state = new_game(_RULES, seed=1)
    hand = state.hands[state.turn]  # type: ignore[index]
    document = {**_record(), "actions": [action_to_dict(Bid(2)), action_to_dict(next(iter(hand)))]}
    with pytest.raises(StateError) as caught:
        record_from_dict(document)
    assert str(caught.value).startswith("actions: ")
    assert record_from_json(json.dumps(_record())).actions == ()


# ----------------------------------------------------------------------
# Events and the hand summary in them.


def test_an_event_is_refused_in_these_words() -> None:
    _refused(lambda: event_from_dict([], _RULES), StateError, 'an event is an object with an "event" field')
    _refused(lambda: event_from_dict({"event": "nope"}, _RULES), StateError, "event: unknown event 'nope'")
    _refused(lambda: event_from_dict({"event": "card_played", "seat": 0, "card": "QH", "x": 1}, _RULES),
             StateError, "unknown field(s): 'x'")


@pytest.mark.parametrize(("data", "message"), [
    ({"event": "card_played", "seat": 0, "card": "BJ"}, "card: BJ is not in this deck (C-1, V-9, V-10)"),
    ({"event": "dealt", "cards": "BJ AS"}, "cards: B... not in this deck (C-1, V-9, V-10)"),
    ({"event": "bid", "seat": 0, "bid": "14"}, "bid: a bid is 0..13 tricks, not 14 (C-3)"),
    ({"event": "card_played", "seat": None, "card": "QH"}, "seat: expected a whole number, got null"),
    # P-6: a Double Nil exchange passes 0 to 3 cards.
    ({"event": "exchanged", "giver": 0, "receiver": 2, "count": -1, "cards": None}, "count: -1 is out of range 0..3"),
    ({"event": "exchanged", "giver": 0, "receiver": 2, "count": 4, "cards": None}, "count: 4 is out of range 0..3"),
    # P-1: two sides, 0 and 1.
    ({"event": "game_over", "winner": -1}, "winner: -1 is out of range 0..1"),
    ({"event": "game_over", "winner": 2}, "winner: 2 is out of range 0..1"),
    ({"event": "game_over", "winner": 3}, "winner: 3 is out of range 0..1"),
])
def test_an_event_field_outside_the_rules_is_refused(data: dict[str, object], message: str) -> None:
    _refused(lambda: event_from_dict(data, _RULES), StateError, message)


def test_an_exchange_of_no_card_reads_back() -> None:  # P-6
    event = Exchanged(giver=0, receiver=2, count=0, cards=None)
    assert event_from_dict(event_to_dict(event), _RULES) == event
    assert event_from_json(json.dumps(event_to_dict(event)), _RULES) == event


def _set(path: tuple[Any, ...], value: object) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        place: Any = document
        for step in path[:-1]:
            place = place[step]
        place[path[-1]] = value
    return change


def _drop(path: tuple[Any, ...]) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        place: Any = document
        for step in path:
            place = place[step]
        place.pop()
    return change


def _append_copy(path: tuple[Any, ...]) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        place: Any = document
        for step in path:
            place = place[step]
        place.append(copy.deepcopy(place[0]))
    return change


@pytest.mark.parametrize(("change", "message"), [
    (_set(("summary", "result", 0, "made"), 1), "summary.result[0].made: expected true or false, got a number"),
    (_append_copy(("summary", "result")), "summary.result: expected 2 entries, got 3"),  # P-1: two sides
    (_set(("summary", "result", 0, "points"), 3 * 10**12),
     "summary.result[0]: points: 3000000000000 is not in -2000000000000..2000000000000"),
    (_set(("summary", "result", 0, "points"), 10**4000 + 1),
     "summary.result[0].points: an int of 4001 digits is out of range -10**4000..10**4000"),
    (_set(("summary", "result", 0, "points"), -10**4000 - 1),
     "summary.result[0].points: an int of 4001 digits is out of range -10**4000..10**4000"),
    # C-7: a finished trick holds a card from each of the four seats (P-1).
    (_drop(("summary", "tricks", 0, "cards")),
     "summary.tricks[0].cards: a finished trick holds 4 cards, one from each seat (C-7)"),
    (_set(("summary", "tricks", 0, "cards", 0), "BJ"),
     "summary.tricks[0].cards[0]: BJ is not in this deck (C-1, V-9, V-10)"),
    (_drop(("summary", "bids")), "summary.bids: expected 4 entries, got 3"),
    (_set(("summary", "bids", 0), "14"), "summary.bids[0]: a bid is 0..13 tricks, not 14 (C-3)"),
    (_drop(("summary", "tricks_won")), "summary.tricks_won: expected 4 entries, got 3"),
    (_set(("summary", "tricks_won", 0), -1), "summary.tricks_won[0]: -1 is out of range 0..13"),
    (_set(("summary", "tricks_won", 0), 14), "summary.tricks_won[0]: 14 is out of range 0..13"),  # C-8
])
def test_a_hand_summary_is_refused_in_these_words(change: Callable[[dict[str, Any]], None], message: str) -> None:
    document = hand_scored_document()
    change(document)
    with pytest.raises(StateError) as caught:
        event_from_dict(document, _RULES)
    assert type(caught.value) is StateError
    # Messages are cut at 300 characters: compare what fits.
    assert str(caught.value) == (message if len(message) <= 300 else message[:297] + "...")
