"""Gaps in the view tests found by the mutation run of the whole of
``spades.view`` (tests/MUTANTS.md): the words of each refusal of a
:class:`SeatView` made by hand, the bounds of its tuples, and a score-sheet
row without its tricks."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from spades import (
    ArgumentError, ArgumentTypeError, Bid, Card, CardSet, GameState, PlayedTrick, Rules, SpadesError, new_game, seat_view,
)
from spades.view import SeatView, hand_summary

_PLAYED = PlayedTrick(leader=0, cards=(Card.parse("2C"),), winner=-1)


def _view() -> SeatView:
    view = seat_view(new_game(Rules.partnership(), seed=1), 2)
    assert len(view.hand) == 13 and view.scores == (0, 0)  # P-2: four seats, two sides (P-1)
    return view


def _finished_hand() -> GameState:
    state = new_game(Rules.partnership(), seed=2)
    for bid in (Bid(2), Bid.NIL, Bid(4), Bid(2)):  # P-3, P-5
        state = state.apply(bid)
    while not state.sheet:
        state = state.apply(state.legal_actions()[0])
    assert len(state.sheet) == 1 and not state.is_over
    return state


def _refused(view: SeatView, field: str, value: object, kind: type[SpadesError], message: str) -> None:
    changes: dict[str, Any] = {field: value}
    with pytest.raises(kind) as caught:
        attrs.evolve(view, **changes)
    assert type(caught.value) is kind
    assert str(caught.value) == message


@pytest.mark.parametrize(("field", "value", "kind", "message"), [
    ("turn", 4, ArgumentError, "turn: 4 is not in 0..3"),  # P-1
    ("hand_number", 10**9 + 1, ArgumentError, "hand_number: 1000000001 is not in 0..1000000000"),
    ("hand", [1], ArgumentTypeError, "hand: expected a CardSet, got [1]"),
    ("received", "x", ArgumentTypeError, "received: expected a CardSet, got 'x'"),
    # C-1: only the card outside the deck is named, not the Ace of spades beside it.
    ("gave", CardSet.parse("BJ AS"), ArgumentError, "gave: B... not in this deck (C-1, V-9, V-10)"),
    ("hand_sizes", [13, 13, 13, 13], ArgumentTypeError, "hand_sizes: expected a tuple, got [13, 13, 13, 13]"),
    # P-2, P-6: a hand holds 13 cards, 16 for a moment in a Double Nil exchange.
    ("hand_sizes", (13, 13, 13, 17), ArgumentError, "hand_sizes: 17 is not in 0..16"),
    ("cards_given", (0, 0, 0), ArgumentError, "cards_given: expected 4 entries, got 3"),
    ("cards_given", (0, 0, 0, 0, 0), ArgumentError, "cards_given: expected 4 entries, got 5"),
    ("cards_given", (0, 0, 0, 4), ArgumentError, "cards_given: 4 is not in 0..3"),  # P-6: three cards
    ("double_nil_open", 1, ArgumentTypeError, "double_nil_open: expected a bool, got 1"),
    ("sealed", None, ArgumentTypeError, "sealed: expected a bool, got None"),
    ("top_of_stock", 5, ArgumentTypeError, "top_of_stock: expected a Card or None, got 5"),
    ("stock_left", 55, ArgumentError, "stock_left: 55 is not in 0..54"),  # T-3, V-9: 54 cards at most
    ("tricks", (_PLAYED,) * 14, ArgumentError, "tricks: expected at most 13 entries, got 14"),  # C-8
    ("trick", tuple(Card(index) for index in range(4)), ArgumentError,
     "trick: expected at most 3 entries, got 4"),  # C-7: a fourth card ends the trick
    ("trick", tuple(Card(index) for index in range(5)), ArgumentError, "trick: expected at most 3 entries, got 5"),
    ("leader", 4, ArgumentError, "leader: 4 is not in 0..3"),
    ("tricks_won", (0, 0, 0), ArgumentError, "tricks_won: expected 4 entries, got 3"),
    ("tricks_won", (0, 0, 0, 14), ArgumentError, "tricks_won: 14 is not in 0..13"),  # C-8
    ("scores", (0, 0, 0), ArgumentError, "scores: expected 2 entries, got 3"),  # P-1: two sides
    ("bags", (0,), ArgumentError, "bags: expected 2 entries, got 1"),
    ("sheet", [], ArgumentTypeError, "sheet: expected a tuple, got []"),
    ("legal_actions", ["QH"], ArgumentTypeError, "legal_actions: expected a tuple, got ['QH']"),
    ("winner", 2, ArgumentError, "winner: 2 is not in 0..1"),  # P-1: sides 0 and 1
])
def test_a_view_made_by_hand_is_refused_in_these_words(
    field: str, value: object, kind: type[SpadesError], message: str,
) -> None:
    _refused(_view(), field, value, kind, message)


def test_a_view_holds_a_sheet_and_legal_actions_of_up_to_a_million_entries() -> None:
    view = _view()
    row = seat_view(_finished_hand(), 0).sheet[0]
    million = 10**6
    assert attrs.evolve(view, sheet=(row,) * million).sheet[-1] is row
    _refused(view, "sheet", (row,) * (million + 1), ArgumentError, "sheet: expected at most 1000000 entries, got 1000001")
    card = next(iter(view.hand))
    assert len(attrs.evolve(view, legal_actions=(card,) * million).legal_actions) == million
    _refused(view, "legal_actions", (card,) * (million + 1), ArgumentError,
             "legal_actions: expected at most 1000000 entries, got 1000001")


def test_a_summary_without_its_tricks_is_the_score_sheets_row() -> None:  # C-8
    state = _finished_hand()
    record = state.sheet[0]
    rules = state.rules
    short = hand_summary(rules, record, tricks=False)
    assert short.tricks == ()
    assert short == state.score_sheet[0] == seat_view(state, 0).sheet[0]
    full = hand_summary(rules, record)
    assert len(full.tricks) == 13 and attrs.evolve(full, tricks=()) == short


def test_a_view_of_no_state_is_told_why() -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        seat_view("state", 0)  # type: ignore[arg-type]
    assert str(caught.value) == "seat_view needs a GameState, got str"
