"""Per-seat views: what a seat may know, and nothing more (DESIGN "Information")."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import Bid, Card, CardSet, Deal, Draft, Exchange, GameState, Phase, Rules, SpadesError, Stock, new_game
from spades.serial import to_dict
from spades.view import HandSummary, SeatView, seat_view

from _games import PRESETS, play, presets, seeds

C = Card.parse


def _one_suit_deal() -> Deal:
    # Seat 0 all spades, seat 1 all hearts, seat 2 all diamonds, seat 3 all clubs.
    return Deal(("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"))


def test_view_holds_own_hand_and_only_counts_of_others() -> None:  # P-2
    state = new_game(Rules.partnership(), seed=3)
    for seat in range(4):
        view = seat_view(state, seat)
        assert view.seat == seat
        assert view.hand == state.hand(seat)
        assert view.hand_sizes == (13, 13, 13, 13)
        assert view.scores == (0, 0) and view.bags == (0, 0)
        assert view.phase is Phase.BID and view.turn == 1  # P-3: left of dealer 0 bids first
        assert not hasattr(view, "hands")


def test_legal_actions_only_for_the_seat_to_act() -> None:  # P-3
    state = new_game(Rules.partnership(), seed=3)
    assert seat_view(state, 1).legal_actions == state.legal_actions()
    assert seat_view(state, 1).is_my_turn
    for seat in (0, 2, 3):
        assert seat_view(state, seat).legal_actions == ()
        assert not seat_view(state, seat).is_my_turn


def test_double_nil_open_only_before_the_seat_bids() -> None:  # P-6
    state = new_game(Rules.partnership(), seed=3)
    assert seat_view(state, 1).double_nil_open
    after = state.apply(Bid(3))
    assert not seat_view(after, 1).double_nil_open
    assert seat_view(after, 2).double_nil_open
    assert seat_view(after, 1).bids == (None, Bid(3), None, None)


def test_double_nil_closed_when_not_trailing() -> None:  # V-3
    state = new_game(Rules.partnership(double_nil_trailing_by=100), seed=3)
    assert not seat_view(state, 1).double_nil_open


def test_tricks_with_leaders_and_winners() -> None:  # C-7, C-6, P-7
    state = new_game(Rules.partnership()).apply(_one_suit_deal())
    for _ in range(4):
        state = state.apply(Bid(3))
    # Seat 1 leads a heart; nobody can follow; seat 0 holds only spades (C-5).
    for card in ("AH", "2D", "2C", "2S"):
        state = state.apply(C(card))
    view = seat_view(state, 2)
    assert len(view.tricks) == 1
    trick = view.tricks[0]
    assert (trick.leader, trick.winner) == (1, 0)  # the 2S trumps the AH (C-7)
    assert trick.cards == (C("AH"), C("2D"), C("2C"), C("2S"))
    assert view.tricks_won == (1, 0, 0, 0)
    assert view.leader == 0 and view.turn == 0 and view.spades_broken
    assert view.hand_sizes == (12, 12, 12, 12)
    state = state.apply(C("AS")).apply(C("KH"))
    view = seat_view(state, 3)
    assert view.trick == (C("AS"), C("KH")) and view.leader == 0 and view.turn == 2


def test_partnership_exchange_cards_seen_by_the_two_partners_only() -> None:  # P-6
    state = new_game(Rules.partnership()).apply(_one_suit_deal())
    state = state.apply(Bid.DOUBLE_NIL).apply(Bid(4)).apply(Bid(4)).apply(Bid(4))  # seat 1 bids Double Nil
    assert state.phase is Phase.EXCHANGE and state.turn == 3  # the partner gives first
    passed = Exchange(CardSet.parse("...AKQ"))
    state = state.apply(passed)
    back = Exchange(CardSet.parse(".AKQ.."))
    state = state.apply(back)
    assert state.phase is Phase.PLAY
    assert seat_view(state, 3).gave == passed.cards and seat_view(state, 3).received == back.cards
    assert seat_view(state, 1).gave == back.cards and seat_view(state, 1).received == passed.cards
    for seat in (0, 2):
        view = seat_view(state, seat)
        assert not view.gave and not view.received
        text = json.dumps(to_dict(view))
        assert all(str(card) not in text.split('"') for card in passed.cards | back.cards)
    assert seat_view(state, 1).hand_sizes == (13, 13, 13, 13)


def test_two_player_draft_cards_seen_by_the_drafting_seat_only() -> None:  # T-2
    rules = Rules.two_player()
    deck = [C(t) for t in ("AS", "KS", "QS", "JS")] + [c for c in CardSet(rules.deck_mask) if str(c) not in
                                                          ("AS", "KS", "QS", "JS")]
    state = new_game(rules).apply(Stock(tuple(deck)))
    assert state.turn == 0
    assert seat_view(state, 0).top_of_stock == C("AS")
    assert seat_view(state, 1).top_of_stock is None
    assert seat_view(state, 0).double_nil_open and seat_view(state, 1).double_nil_open  # T-6: until the first turn
    state = state.apply(Draft.KEEP)  # seat 0 keeps AS, discards KS
    view0, view1 = seat_view(state, 0), seat_view(state, 1)
    assert not view0.double_nil_open and view1.double_nil_open
    assert view0.drafted == CardSet.parse("A...") and view0.draft_discards == CardSet.parse("K...")
    assert not view1.drafted and not view1.draft_discards
    assert view1.top_of_stock == C("QS") and view0.top_of_stock is None
    assert view1.stock_left == 50 and view1.hand_sizes == (1, 0)
    state = state.apply(Draft.REJECT)  # seat 1 discards QS, keeps JS
    assert seat_view(state, 1).drafted == CardSet.parse("J...")
    assert seat_view(state, 1).draft_discards == CardSet.parse("Q...")
    assert seat_view(state, 0).drafted == CardSet.parse("A...")


def test_sheet_rows_carry_no_hidden_cards() -> None:  # P-6, T-2
    states = play(PRESETS["two-player"], 5, seeded=True)
    final = states[-1]
    assert final.sheet
    names = {f.name for f in attrs.fields(HandSummary)}
    assert names == {"number", "dealer", "bids", "tricks_won", "tricks", "result"}
    for row in to_dict(seat_view(final, 0))["sheet"]:
        assert set(row) == names


def test_no_such_seat() -> None:
    state = new_game(Rules.partnership(), seed=1)
    with pytest.raises(SpadesError):
        seat_view(state, 4)
    with pytest.raises(SpadesError):
        seat_view(state, -1)


def test_view_of_a_finished_game() -> None:  # S-9
    final = play(PRESETS["partnership"], 9, seeded=True)[-1]
    view = seat_view(final, 2)
    assert view.is_over and view.winner == final.winner and view.legal_actions == ()
    assert view.scores == final.scores


# ----------------------------------------------------------------------
# The information property.


def _cards_in(value: Any) -> int:
    """Every card named anywhere in a JSON value: strings that read as a card
    or as a set of cards."""
    mask = 0
    if isinstance(value, dict):
        for item in value.values():
            mask |= _cards_in(item)
    elif isinstance(value, list):
        for item in value:
            mask |= _cards_in(item)
    elif isinstance(value, str):
        try:
            mask |= 1 << Card.parse(value)
        except SpadesError:
            try:
                mask |= CardSet.parse(value).mask
            except SpadesError:
                pass
    return mask


def _seen_in_draft(state: GameState, seat: int) -> int:
    """The stock cards ``seat`` drew at its own draft turns (T-2)."""
    mask = 0
    stock: tuple[Card, ...] = ()
    turn = 0
    for action in state.history:
        if isinstance(action, Stock):
            stock = action.cards
        elif isinstance(action, Draft):
            if (turn % 2 == 0) == (seat == state.dealer):
                mask |= 1 << stock[2 * turn] | 1 << stock[2 * turn + 1]
            turn += 1
    return mask


def _check_information(state: GameState, seat: int) -> None:
    view: SeatView = seat_view(state, seat)
    rules = state.rules
    # Everything this seat cannot see: other hands, the discard pile or set
    # aside card, and the undrawn stock.
    hidden = state.discard_pile.mask
    for other in range(rules.players):
        if other != seat:
            hidden |= state.hand(other).mask
    if state.phase is Phase.DRAFT:
        stock = next(a for a in state.history if isinstance(a, Stock)).cards
        used = sum(len(h) for h in state.hands) + len(state.discard_pile)
        for card in stock[used:]:
            hidden |= 1 << card
    # Cards a seat may know although they are hidden now: those it passed
    # itself (P-6) or discarded in the draft (T-2, T-6).
    own = view.gave.mask | view.draft_discards.mask
    assert view.hand == state.hand(seat)
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    if view.top_of_stock is not None:
        assert state.turn == seat and view.top_of_stock == state.top_of_stock
        hidden &= ~(1 << view.top_of_stock)
    data = to_dict(view)
    data.pop("sheet")  # finished hands: every card was played (checked below)
    named = _cards_in(data)
    leaked = named & hidden & ~own
    assert not leaked, f"seat {seat} sees {CardSet(leaked)}"
    # What the seat claims to have passed or drafted, it really did.
    if rules.is_draft:
        assert view.drafted.mask | view.draft_discards.mask == _seen_in_draft(state, seat)
    for row, summary in zip(state.sheet, view.sheet):
        played = CardSet.from_cards(c for t in summary.tricks for c in t.cards)
        dealt = CardSet(0)
        for hand in row.hands:
            dealt = dealt | hand
        assert played == dealt
    if state.turn != seat:
        assert view.legal_actions == ()


@given(preset=presets, seed=seeds, seeded=st.booleans())
def test_no_view_shows_another_seats_hidden_cards(preset: str, seed: int, seeded: bool) -> None:  # P-6, T-2, T-6
    # Every step of the game, every seat.
    for state in play(PRESETS[preset], seed, seeded=seeded, double_nil=0.4):
        for seat in range(state.rules.players):
            _check_information(state, seat)
