"""Gaps in the tests of the view document reader of ``spades.serial``
found by a mutation run of it (``view_from_dict``, ``_read_view``,
``_read_row``, ``_read_sheet``, ``_read_legal``, ``_played_twice``,
``_phase`` and ``_difference``): what ``to_dict`` writes loads back equal,
and one forged field is refused with :class:`StateError` in these words."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from spades import Bid, GameState, Rules, StateError, new_game, seat_view
from spades.serial import to_dict, view_from_dict
from spades.view import SeatView

_RULES = Rules.partnership()


def _refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(StateError) as caught:
        view_from_dict(data)
    assert type(caught.value) is StateError
    assert str(caught.value) == message


def _mid_play() -> tuple[GameState, SeatView, dict[str, Any]]:
    """Seat 3 to play the third card of the second trick of hand 0."""
    state = new_game(_RULES, seed=2)
    for bid in (Bid(2), Bid.NIL, Bid(4), Bid(2)):  # seats 1, 2, 3, 0 (P-3)
        state = state.apply(bid)
    for _ in range(6):
        state = state.apply(state.legal_actions()[0])
    view = seat_view(state, 3)
    data: dict[str, Any] = dict(to_dict(view))
    assert view_from_dict(copy.deepcopy(data)) == view  # what to_dict writes reads back
    assert data["tricks"][0]["cards"] == ["7C", "2C", "3C", "4C"] and data["trick"] == ["JC", "6C"]
    return state, view, data


def _bidding() -> tuple[SeatView, dict[str, Any]]:
    """Seat 1, the first to bid (P-3), lists its legal bids."""
    state = new_game(_RULES, seed=1)
    assert state.turn == 1
    view = seat_view(state, 1)
    data: dict[str, Any] = dict(to_dict(view))
    assert view_from_dict(copy.deepcopy(data)) == view
    return view, data


# ----------------------------------------------------------------------
# _difference: comparing the document with the game's view of it.


def test_the_order_of_an_objects_keys_does_not_matter() -> None:
    # JSON objects are unordered: a view written with its keys in another
    # order, at the top and inside its tricks, is the same view.
    _state, view, data = _mid_play()
    reordered = {key: data[key] for key in reversed(list(data))}
    reordered["tricks"] = [{key: trick[key] for key in reversed(list(trick))} for trick in data["tricks"]]
    assert list(reordered) != list(data)
    assert view_from_dict(reordered) == view


def test_a_legal_action_of_another_kind_is_refused_naming_it() -> None:  # C-3
    # An action of another kind is an object with another key: refused as a
    # whole, with StateError (not a KeyError or TypeError of the comparison).
    _view, data = _bidding()
    assert data["legal_actions"][0] == {"bid": "nil"}
    forged = copy.deepcopy(data)
    forged["legal_actions"][0] = {"play": "2C"}
    _refused(forged, 'legal_actions[0]: the document says {"play": "2C"}, but the game it describes gives '
                     '{"bid": "nil"} (C-3..C-6, P-6, T-2, T-6, V-6, V-7)')


# ----------------------------------------------------------------------
# _played_twice: a card played twice (C-1).


_TWICE = "card(s) ...3 appear twice this hand: in the hand and among the cards played, or played twice (C-1)"


def test_a_card_played_in_two_tricks_is_refused() -> None:  # C-1
    # 3C was played in the first trick; the current trick plays it again
    # (it is not in the hand: only the cards played see it twice).
    _state, _view, data = _mid_play()
    forged = copy.deepcopy(data)
    forged["trick"] = ["3C", "6C"]
    _refused(forged, _TWICE)
    forged["trick"] = ["JC", "3C"]
    _refused(forged, _TWICE)


# ----------------------------------------------------------------------
# _read_row: a score-sheet row's code.


def test_a_long_row_code_is_quoted_cut_to_forty_characters() -> None:  # C-8
    state = new_game(_RULES, seed=2)
    for bid in (Bid(2), Bid.NIL, Bid(4), Bid(2)):
        state = state.apply(bid)
    while not state.sheet:
        state = state.apply(state.legal_actions()[0])
    data: dict[str, Any] = dict(to_dict(seat_view(state, 0)))
    assert data["sheet"] == ["22n4/7411"]
    forged = copy.deepcopy(data)
    forged["sheet"] = ["2" * 50]
    _refused(forged, f"sheet[0]: the row '{'2' * 36}... is not 4 bids, \"/\" and 4 trick counts (9 characters)")


# ----------------------------------------------------------------------
# _read_legal: the legal actions, a list or a Double Nil exchange's choices.


def _exchanging() -> dict[str, Any]:
    """Seat 1 bid Double Nil (P-6); its partner, seat 3, passes first."""
    state = new_game(_RULES, seed=1)
    state = state.apply(Bid.DOUBLE_NIL)
    for _ in range(3):
        state = state.apply(state.legal_actions()[1])
    view = seat_view(state, 3)
    data: dict[str, Any] = dict(to_dict(view))
    assert data["legal_actions"] == {"exchange": {"sizes": [3], "cards": "T52.QJ7.K92.QJT8"}}
    assert view_from_dict(copy.deepcopy(data)) == view
    return data


@pytest.mark.parametrize(("sizes", "message"), [
    # P-6: a seat passes 0 to double_nil_exchange (3) cards, in at most four sizes.
    ([-1], "legal_actions.exchange.sizes[0]: -1 is out of range 0..3"),
    ([4], "legal_actions.exchange.sizes[0]: 4 is out of range 0..3"),
    ([10**50], "legal_actions.exchange.sizes[0]: an int of 51 digits is out of range 0..3"),
    ([3, 3, 3, 3, 3], "legal_actions.exchange.sizes: too many entries (5)"),
    ([3] * 3000, "legal_actions.exchange.sizes: too many entries (3000)"),
])
def test_the_sizes_of_an_exchange_are_read_strictly(sizes: list[int], message: str) -> None:  # P-6
    forged = _exchanging()
    forged["legal_actions"] = {"exchange": {"sizes": sizes, "cards": "T52.QJ7.K92.QJT8"}}
    _refused(forged, message)


def test_a_list_of_legal_actions_holds_at_most_2000() -> None:  # C-3
    _view, data = _bidding()
    forged = copy.deepcopy(data)
    forged["legal_actions"] = [{"bid": "1"}] * 2001
    _refused(forged, "legal_actions: too many entries (2001)")


@pytest.mark.parametrize(("action", "message"), [
    # C-1: the cards are of the rules' deck; C-3: a bid is at most the 13 tricks of a hand.
    ({"play": "BJ"}, "legal_actions[0].play: BJ is not in this deck (C-1, V-9, V-10)"),
    ({"bid": "14"}, "legal_actions[0].bid: a bid is 0..13 tricks, not 14 (C-3)"),
])
def test_a_listed_action_is_read_under_the_views_rules(action: dict[str, str], message: str) -> None:
    _view, data = _bidding()
    forged = copy.deepcopy(data)
    forged["legal_actions"] = [action]
    _refused(forged, message)


def test_the_cards_of_an_exchange_are_of_the_views_deck() -> None:  # C-1, P-6
    forged = _exchanging()
    forged["legal_actions"] = {"exchange": {"sizes": [3], "cards": "BT52.QJ7.K92.QJT8"}}
    _refused(forged, "legal_actions.exchange.cards: B... not in this deck (C-1, V-9, V-10)")


# ----------------------------------------------------------------------
# _read_sheet: the score sheet's rows.


def test_a_sheet_of_exactly_the_most_hands_loads(monkeypatch: pytest.MonkeyPatch) -> None:  # S-3, P-8, V-1
    # Twelve hands in which both sides bid 8 and were set (-80 each, S-3):
    # under the default rules (no losing floor, V-1) the game goes on, and
    # seat 1 is to bid after dealer 0 (P-8).  A limit of twelve hands holds it.
    from spades import serial

    data: dict[str, Any] = dict(to_dict(seat_view(new_game(_RULES, seed=1), 0)))
    data.update(sheet=["4444/4333"] * 12, hand_number=12, dealer=0, turn=1, scores=[-960, -960], leader=None)
    monkeypatch.setattr(serial, "MAX_VIEW_HANDS", 12)
    assert view_from_dict(copy.deepcopy(data)).hand_number == 12
    monkeypatch.setattr(serial, "MAX_VIEW_HANDS", 11)
    _refused(data, "sheet: a view's score sheet holds at most 11 finished hands, got 12 (each is played again to check it)")


# ----------------------------------------------------------------------
# _read_view: each field of the right form and within its bounds.


@pytest.mark.parametrize(("field", "value", "message"), [
    ("seat", 4, "seat: 4 is out of range 0..3"),  # P-1: four seats
    ("seat", -1, "seat: -1 is out of range 0..3"),
    ("phase", "BIDDING", "phase: unknown phase 'BIDDING'"),
    ("phase", 4, "phase: expected a string, got a number"),
    ("turn", 4, "turn: 4 is out of range 0..3"),
    ("dealer", 4, "dealer: 4 is out of range 0..3"),
    ("dealer", None, "dealer: expected a whole number, got null"),
    ("hand_number", 10**9 + 1, "hand_number: 1000000001 is out of range 0..1000000000"),
    ("hand_number", -1, "hand_number: -1 is out of range 0..1000000000"),
    # P-2, P-6: 13 cards, 16 for a moment in a Double Nil exchange.
    ("hand_sizes", [13, 13, 13, 17], "hand_sizes[3]: 17 is out of range 0..16"),
    ("hand_sizes", [13, 13, 13, -1], "hand_sizes[3]: -1 is out of range 0..16"),
    ("hand_sizes", [13, 13, 13], "hand_sizes: expected 4 entries, got 3"),
    ("bids", ["2", "n", "4"], "bids: expected 4 entries, got 3"),
    ("bids", ["2", "n", "4", "14"], "bids[3]: a bid is 0..13 tricks, not 14 (C-3)"),
    ("cards_given", [0, 0, 0, 4], "cards_given[3]: 4 is out of range 0..3"),  # P-6
    ("cards_given", [0, 0, 0, -1], "cards_given[3]: -1 is out of range 0..3"),
    ("cards_given", [0, 0, 0], "cards_given: expected 4 entries, got 3"),
    ("stock_left", 53, "stock_left: 53 is out of range 0..52"),  # T-3
    ("stock_left", -1, "stock_left: -1 is out of range 0..52"),
    ("top_of_stock", "BJ", "top_of_stock: BJ is not in this deck (C-1, V-9, V-10)"),
    ("top_of_stock", 5, "top_of_stock: expected a string, got a number"),
    ("trick", ["2H", "3H", "4H", "5H"], "trick: too many entries (4)"),  # C-7: a trick in play lacks a card
    ("trick", ["BJ"], "trick[0]: BJ is not in this deck (C-1, V-9, V-10)"),
    ("leader", 4, "leader: 4 is out of range 0..3"),
    ("tricks_won", [0, 0, 0, 14], "tricks_won[3]: 14 is out of range 0..13"),  # C-8
    ("tricks_won", [0, 0, 0, -1], "tricks_won[3]: -1 is out of range 0..13"),
    ("tricks_won", [0, 0, 0], "tricks_won: expected 4 entries, got 3"),
    ("scores", [0], "scores: expected 2 entries, got 1"),  # P-1: two sides
    ("bags", [0], "bags: expected 2 entries, got 1"),
    ("winner", 2, "winner: 2 is out of range 0..1"),  # S-9
    ("winner", -1, "winner: -1 is out of range 0..1"),
    ("history", 1, "history: expected true or false, got a number"),
    ("sealed", 0, "sealed: expected true or false, got a number"),
    ("double_nil_open", 0, "double_nil_open: expected true or false, got a number"),
    ("spades_broken", 0, "spades_broken: expected true or false, got a number"),
    ("hand", "BJ", "hand: B... not in this deck (C-1, V-9, V-10)"),
    ("gave", "BJ", "gave: B... not in this deck (C-1, V-9, V-10)"),
    ("received", "BJ", "received: B... not in this deck (C-1, V-9, V-10)"),
    ("drafted", "BJ", "drafted: B... not in this deck (C-1, V-9, V-10)"),
    ("draft_discards", "BJ", "draft_discards: B... not in this deck (C-1, V-9, V-10)"),
    ("tricks", 5, "tricks: expected a list, got a number"),
    ("sheet", 5, "sheet: expected a list, got a number"),
])
def test_a_field_out_of_its_bounds_is_refused_naming_it(field: str, value: object, message: str) -> None:
    _state, _view, data = _mid_play()
    forged = copy.deepcopy(data)
    forged[field] = value
    _refused(forged, message)


@pytest.mark.parametrize(("field", "value", "start"), [
    # Scores and bags are whole numbers Python writes out (at most 4000 digits).
    ("scores", [10**4000 + 1, 0], "scores[0]: an int of 4001 digits is out of range -10**4000..10**4000"),
    ("scores", [-(10**4000) - 1, 0], "scores[0]: an int of 4001 digits is out of range -10**4000..10**4000"),
    ("scores", [10**4000, 0], "scores[0]: the document says 1000"),
    ("scores", [-(10**4000), 0], "scores[0]: the document says -1000"),
    ("bags", [-1, 0], "bags[0]: -1 is out of range 0..10**4000"),
    ("bags", [10**4000 + 1, 0], "bags[0]: an int of 4001 digits is out of range 0..10**4000"),
    ("bags", [10**4000, 0], "bags[0]: the document says 1000"),
])
def test_scores_and_bags_are_bounded(field: str, value: list[int], start: str) -> None:  # S-1..S-8
    _state, _view, data = _mid_play()
    forged = copy.deepcopy(data)
    forged[field] = value
    with pytest.raises(StateError) as caught:
        view_from_dict(forged)
    assert type(caught.value) is StateError
    assert str(caught.value).startswith(start) and len(str(caught.value)) <= 300
