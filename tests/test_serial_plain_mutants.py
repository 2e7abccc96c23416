"""Gaps in the tests of the document readers of ``spades.serial`` found by
a mutation run of ``_plain`` (every dict loader takes plain JSON values
only: of exactly the JSON types, with string keys, not nested too deep,
without cycles, standing for a bounded number of values), of the ``_At``
cursor (the words of each refusal and the place it names) and of
``_read_action``."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from spades import Rules, SpadesError, StateError, new_game, seat_view
from spades.errors import short_repr
from spades.serial import (
    MAX_DEPTH, MAX_VALUES, action_from_dict, event_from_dict, rules_from_dict, to_dict, view_from_dict,
)

from _forgery import hand_scored_document

_RULES = Rules.partnership()


def _refused(call: Callable[[], object], message: str) -> None:
    with pytest.raises(SpadesError) as caught:
        call()
    assert type(caught.value) is StateError
    assert str(caught.value) == message




def _view() -> dict[str, Any]:
    document = copy.deepcopy(dict(to_dict(seat_view(new_game(_RULES, seed=1), 0))))
    assert view_from_dict(document) == seat_view(new_game(_RULES, seed=1), 0)
    return document


# ----------------------------------------------------------------------
# Plain JSON values only: every dict loader refuses anything else.


class _Str(str):
    """A str subclass with str's own methods."""


_NOT_SUBCLASSES = "a document holds dicts, lists, strings and numbers of exactly those types, not of a subclass"
_ONLY_JSON = "only objects, lists, strings, numbers, booleans and null are"


@pytest.mark.parametrize(("value", "message"), [
    (b"QH", f"bytes is not a JSON value: {_ONLY_JSON}"),
    (("QH",), f"tuple is not a JSON value: {_ONLY_JSON}"),
    ({"QH"}, f"set is not a JSON value: {_ONLY_JSON}"),
    (object(), f"object is not a JSON value: {_ONLY_JSON}"),
    (_Str("QH"), f"_Str is not a JSON value: {_NOT_SUBCLASSES}"),
    (float("nan"), "nan is not a JSON number"),
    (float("inf"), "inf is not a JSON number"),
    (float("-inf"), "-inf is not a JSON number"),
])
def test_a_value_that_is_not_json_is_named(value: object, message: str) -> None:
    # Named by where it is: the keys and indexes down to it.
    _refused(lambda: action_from_dict({"play": value}), f"play: {message}")
    _refused(lambda: event_from_dict({"event": "trick_won", "seat": [1, {"x": value}]}, _RULES), f"seat[1].x: {message}")
    _refused(lambda: action_from_dict(value), message)  # the document itself: no place to name


@pytest.mark.parametrize(("key", "place"), [
    ("seat", "seat"),
    ("_x9", "_x9"),
    ("x" * 40, "x" * 40),
    ("x" * 41, f"[{short_repr('x' * 41)}]"),
    ("x" * 100, f"[{short_repr('x' * 100)}]"),  # cut short
    ("a b", "['a b']"),
    ("9x", "['9x']"),
    ("", "['']"),
    ("é", "['é']"),
    ("x\n", "['x\\n']"),
])
def test_the_place_of_a_value_names_a_key_plainly_only_when_it_is_a_short_name(key: str, place: str) -> None:
    inner = "" if place.startswith("[") else "."
    _refused(lambda: action_from_dict({"deal": [{key: float("nan")}]}, chance=True),
             f"deal[0]{inner}{place}: nan is not a JSON number")


def test_the_place_of_a_value_deep_down_is_cut_short_with_the_refusal() -> None:
    value: Any = float("nan")
    for _ in range(MAX_DEPTH - 1):
        value = {"x" * 30: value}
    with pytest.raises(StateError) as caught:
        action_from_dict(value)
    message = str(caught.value)
    assert message.startswith("x" * 30 + "." + "x" * 30 + ".") and message.endswith("...")
    assert len(message) == 300


def test_a_finite_number_is_json_and_read_as_a_field_of_the_wrong_kind() -> None:
    _refused(lambda: event_from_dict({"event": "trick_won", "seat": 1.5}, _RULES),
             "seat: expected a whole number, got a number")
    _refused(lambda: event_from_dict({"event": "trick_won", "seat": -0.0}, _RULES),
             "seat: expected a whole number, got a number")


@pytest.mark.parametrize(("key", "shown"), [
    (1, "a number"), (1.5, "a number"), (None, "null"), (True, "a boolean"), (b"play", "bytes"), (_Str("play"), "_Str"),
])
def test_a_key_that_is_not_a_string_is_named(key: object, shown: str) -> None:
    _refused(lambda: action_from_dict({key: "QH"}), f"the keys of a JSON object are strings, not {shown}")
    _refused(lambda: action_from_dict({"deal": [[], {key: "QH"}]}), f"deal[1]: the keys of a JSON object are strings, not {shown}")


def test_a_document_that_contains_itself_is_refused() -> None:
    message = "the document refers to itself: it is not a JSON value"
    looped: dict[str, Any] = {}
    looped["play"] = looped
    _refused(lambda: action_from_dict(looped), f"play: {message}")
    inner: list[Any] = []
    outer = {"deal": [["AS"], inner]}
    inner.append(outer)
    _refused(lambda: action_from_dict(outer, chance=True), f"deal[1][0]: {message}")


def test_a_value_in_several_places_is_not_a_loop() -> None:
    shared = ["AS"]
    _refused(lambda: action_from_dict({"x": [shared, shared, [shared]]}), "unknown action 'x'")


def _nested(levels: int) -> Any:
    """``levels`` lists, each inside the one before."""
    value: Any = []
    for _ in range(levels - 1):
        value = [value]
    return value


def test_a_document_nests_at_most_max_depth_levels() -> None:
    assert MAX_DEPTH == 64
    # The action's object is the first level.
    _refused(lambda: action_from_dict({"x": _nested(MAX_DEPTH - 1)}), "unknown action 'x'")
    _refused(lambda: action_from_dict({"x": _nested(MAX_DEPTH)}), "the document nests more than 64 levels deep")


def _around(levels: int, value: object) -> Any:
    """``value`` inside ``levels`` lists, each inside the one before."""
    for _ in range(levels):
        value = [value]
    return value


def test_a_value_in_several_places_nests_as_deep_as_its_deepest_place() -> None:
    # Its JSON text writes the shared value out in each place: seen first
    # near the top, then again deep down, the document is as deep as the
    # second place makes it.  The object is level 1, "x" level 2.
    shared = _nested(40)
    _refused(lambda: action_from_dict({"x": [shared, _around(30, shared)]}),
             "the document nests more than 64 levels deep")
    _refused(lambda: action_from_dict({"x": [_around(30, shared), shared]}),
             "the document nests more than 64 levels deep")
    # 64 levels at the most: 2, then 22 lists, then the 40 shared ones.
    _refused(lambda: action_from_dict({"x": [shared, _around(22, shared)]}), "unknown action 'x'")
    _refused(lambda: action_from_dict({"x": [shared, _around(23, shared)]}),
             "the document nests more than 64 levels deep")
    # A chain of values shared in turn, each holding the one before twice:
    # the last is 100 levels deep.
    chain: Any = []
    for _ in range(99):
        chain = [chain, chain]
    _refused(lambda: action_from_dict({"x": chain}), "the document nests more than 64 levels deep")


_TOO_MANY = ("the document stands for more than 8,000,000 values (a list or an object in several places counts in "
             "each, as its JSON text would write it out)")


def _standing_for(values: int, *, fresh_last: bool) -> dict[str, Any]:
    """An object (no format) whose JSON text would write out ``values``
    values: itself, whole numbers, and lists of 999 numbers, the same list
    in each place (the last one a list of its own when ``fresh_last``)."""
    shared = [0] * 999
    lists = (values - 1) // 1000
    document: dict[str, Any] = {f"n{i}": 0 for i in range(values - 1 - 1000 * lists)}
    document.update({f"l{i}": shared for i in range(lists)})
    if fresh_last:
        document[f"l{lists - 1}"] = [0] * 999
    return document


@pytest.mark.parametrize("fresh_last", [False, True])
def test_a_document_stands_for_at_most_max_values_values(fresh_last: bool) -> None:
    assert MAX_VALUES == 8_000_000
    # A list in several places counts in each.
    _refused(lambda: rules_from_dict(_standing_for(MAX_VALUES, fresh_last=fresh_last)), "missing field: format")
    _refused(lambda: rules_from_dict(_standing_for(MAX_VALUES + 1, fresh_last=fresh_last)), _TOO_MANY)


# ----------------------------------------------------------------------
# One action, under the rules given.


def test_the_cards_of_a_chance_step_are_of_the_deck() -> None:  # C-1, V-9
    _refused(lambda: action_from_dict({"stock": ["2C", "BJ"]}, _RULES, chance=True),
             "stock[1]: BJ is not in this deck (C-1, V-9, V-10)")
    _refused(lambda: action_from_dict({"deal": ["AS", "KS", "QS BJ", "JS"]}, _RULES, chance=True),
             "deal[2]: B... not in this deck (C-1, V-9, V-10)")


def test_a_deal_gives_a_hand_to_each_seat_of_the_rules() -> None:  # P-2, T-2, V-10
    _refused(lambda: action_from_dict({"deal": ["AS", "KS", "QS"]}, _RULES, chance=True),
             "deal: expected 4 entries, got 3")
    _refused(lambda: action_from_dict({"deal": ["AS", "KS", "QS", "JS"]}, Rules.two_player(), chance=True),
             "deal: expected 2 entries, got 4")
    _refused(lambda: action_from_dict({"deal": ["AS"]}, chance=True),
             "deal: a deal gives a hand to each of 2 to 4 seats, not 1")


def test_an_unknown_action_is_named() -> None:
    _refused(lambda: action_from_dict({"pass": None}), "unknown action 'pass'")


# ----------------------------------------------------------------------
# The cursor: each refusal names the place and what it holds.


def test_a_value_that_is_not_an_object_names_what_it_is() -> None:
    document = hand_scored_document()
    document["summary"]["result"] = [5, 5]
    _refused(lambda: event_from_dict(document, _RULES), "summary.result[0]: expected an object, got a number")


def test_missing_fields_are_all_named_in_order() -> None:
    document = hand_scored_document()
    del document["summary"]["number"], document["summary"]["dealer"]
    _refused(lambda: event_from_dict(document, _RULES), "summary: missing field(s): number, dealer")


def test_unknown_fields_are_all_named_sorted() -> None:
    _refused(lambda: event_from_dict({"event": "card_played", "seat": 0, "card": "QH", "y": 1, "x": 2}, _RULES),
             "unknown field(s): 'x', 'y'")


def test_a_value_that_is_not_a_list_names_what_it_is() -> None:
    document = hand_scored_document()
    document["summary"]["bids"] = "2"
    _refused(lambda: event_from_dict(document, _RULES), "summary.bids: expected a list, got the string '2'")


@pytest.mark.parametrize(("field", "value", "shown"), [
    ("turn", "x", "the string 'x'"),
    ("leader", 1.5, "a number"),
    ("winner", [], "a list"),
])
def test_a_field_that_may_be_null_says_so(field: str, value: object, shown: str) -> None:
    document = _view()
    document[field] = value
    _refused(lambda: view_from_dict(document), f"{field}: expected a whole number or null, got {shown}")


def test_a_value_that_is_not_a_string_names_what_it_is() -> None:
    _refused(lambda: action_from_dict({"play": 5}), "play: expected a string, got a number")
    _refused(lambda: action_from_dict({"bid": None}), "bid: expected a string, got null")


@pytest.mark.parametrize("cards", [["AS", "AS"], ["AS", "KS", "AS"], ["2C", "AS", "KS", "QS", "AS"]])
def test_a_card_given_twice_is_refused_wherever_it_is(cards: list[str]) -> None:  # C-1
    _refused(lambda: action_from_dict({"stock": cards}, chance=True), "stock: card AS appears twice (C-1)")


def test_a_set_of_cards_is_at_most_200_characters() -> None:
    # Within the bound, the text is read as cards (spaces and all); over it,
    # it is refused unread.
    assert action_from_dict({"deal": ["AS" + " " * 198, "KS"]}, chance=True) == \
        action_from_dict({"deal": ["AS", "KS"]}, chance=True)
    _refused(lambda: action_from_dict({"deal": ["AS" + " " * 199, "KS"]}, chance=True),
             "deal[0]: too long to be a set of cards")


def test_cards_that_cannot_be_read_are_named() -> None:
    _refused(lambda: action_from_dict({"deal": ["ZZ", "AS"]}, chance=True),
             "deal[0]: cannot read the cards 'ZZ' as a card: unknown suit 'Z'")
    _refused(lambda: event_from_dict({"event": "dealt", "cards": "AS ZZ"}, _RULES),
             "cards: cannot read the cards 'ZZ' as a card: unknown suit 'Z'")


def test_a_bid_that_cannot_be_read_is_named() -> None:
    _refused(lambda: action_from_dict({"bid": "x"}),
             "bid: cannot read 'x' as a bid: expected 0..13, 'nil' or 'double nil'")


@pytest.mark.parametrize(("data", "message"), [
    ({"event": "hand_started", "number": None, "dealer": 0}, "number: expected a whole number, got null"),
    ({"event": "hand_started", "number": "x", "dealer": 0}, "number: expected a whole number, got the string 'x'"),
    ({"event": "exchanged", "giver": 0, "receiver": 2, "count": None, "cards": None},
     "count: expected a whole number, got null"),
    ({"event": "game_over", "winner": None}, "winner: expected a whole number, got null"),
])
def test_a_whole_number_that_may_not_be_null_says_so(data: dict[str, object], message: str) -> None:
    _refused(lambda: event_from_dict(data, _RULES), message)


def test_a_list_of_cards_longer_than_any_deck_is_refused_unread() -> None:  # C-1: 54 cards at the most
    _refused(lambda: action_from_dict({"stock": ["AS"] * 55}, chance=True), "stock: too many entries (55)")
    _refused(lambda: action_from_dict({"stock": ["AS"] * 54}, chance=True), "stock: card AS appears twice (C-1)")
