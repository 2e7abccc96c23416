"""Gaps in the view loader's tests found by the mutation run of
``spades._witness`` over the two-player current hand (``_current_draft``)
and the tricks laid out for a finished hand (``_realized``): see
tests/MUTANTS.md.

As in tests/test_witness_mutants.py, each forged view is a real view with
one thing changed; the real view loads, and the forged one is refused, by
:func:`game_behind` and by the loader (``view_from_dict``), in the same
words.
"""

from __future__ import annotations

import pytest

from spades import Bid, Card, CardSet, Draft, Exchange, GameState, Phase, Replacement, Rules, Stock, new_game, seat_view
from spades.rules import Deck

from _forgery import loads_as_itself, refused_behind



# ----------------------------------------------------------------------
# The draft (T-2, T-3).


def test_a_stock_that_holds_exactly_the_cards_drafted_is_not_too_small() -> None:  # T-2, T-3
    # Seat 0's view at seat 1's turn: no top of the stock is shown, so the
    # unseen cards are seat 1's kept and discarded cards and the stock.
    # Seat 1 claimed to hold half of them: the stock could hold that many
    # (none left), but the turns would not alternate (T-3).
    state = new_game(Rules.two_player(), seed=7)
    while len(state.hand(0)) < 12 or len(state.hand(1)) < 11:
        state = state.apply(Draft.KEEP)
    view = seat_view(state, 0)
    assert view.phase is Phase.DRAFT and view.turn == 1 and view.top_of_stock is None
    unseen = 52 - len(view.drafted) - len(view.draft_discards)
    assert unseen == 28
    refused_behind(view, "the draft turns taken do not alternate from the first player (T-2, T-3)",
             hand_sizes=(12, unseen // 2))


# ----------------------------------------------------------------------
# The play (T-2, T-6).


def _two_player_trick() -> tuple[GameState, int]:
    """A two-player hand without Double Nil, the opponent leading the first
    trick: the state after its lead, and the seat that watches."""
    state = new_game(Rules.two_player(), seed=9)
    while state.phase is not Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    assert state.turn is not None
    seat = 1 - state.turn
    return state.apply(state.legal_actions()[0]), seat


def test_a_seat_that_bid_no_double_nil_drew_none_of_the_seats_discards() -> None:  # T-2, T-6
    # Only a Double Nil bidder draws from the discard pile (T-6): an
    # opponent that did not bid it cannot play a card the seat discarded in
    # the draft, whatever number of cards given the view claims for it.
    state, seat = _two_player_trick()
    view = seat_view(state, seat)
    other = 1 - seat
    bid = view.bids[other]
    assert bid is not None and not bid.double_nil and view.cards_given == (0, 0)
    discarded = list(view.draft_discards)[0]
    given = tuple(1 if index == other else 0 for index in range(2))
    refused_behind(view, f"seat {other} played a card it cannot have held (T-2, T-6)",
             trick=(discarded,), cards_given=given)


# ----------------------------------------------------------------------
# A Double Nil replacement the seat can place (T-6).


def _cards(*texts: str) -> CardSet:
    return CardSet.from_cards([Card.parse(text) for text in texts])


def _stock(first_kept: list[str], first_discarded: list[str], second_kept: list[str],
           second_discarded: list[str]) -> Stock:
    """The stock under which, every turn kept (T-2), the first player keeps
    and discards the given cards, and so does the second, in turn (T-3)."""
    order: list[str] = []
    for turn in range(13):
        order += [first_kept[turn], first_discarded[turn], second_kept[turn], second_discarded[turn]]
    assert len(set(order)) == 52
    return Stock(tuple(Card.parse(text) for text in order))


_RANKS = "23456789TJQKA"


def _tricks_of(state: GameState, leads: list[str], follows: list[str]) -> list[GameState]:
    """``state`` and every state after it as the two seats play the cards
    of ``leads`` and ``follows`` in turn: the whole hand, seat 0 winning
    all 13 tricks."""
    states = [state]
    for first, second in zip(leads, follows):
        for card in (first, second):
            state = state.apply(Card.parse(card))
            states.append(state)
    assert state.sheet and state.sheet[-1].tricks == (13, 0)
    return states


def _drew_back_the_seats_discard() -> list[GameState]:
    """Every state of a two-player hand in which seat 1, the second player,
    bids Double Nil, keeps the twelve lowest clubs and the A♦, discards the
    A♦ and draws the A♣, one of seat 0's draft discards (T-6).  Seat 0 then
    sees seat 1 out of spades, hearts and diamonds (C-5), and at the last
    trick seat 1's one card is none of the cards seat 0 cannot see: it can
    only be the A♣, a card seat 0 discarded, drawn back as a replacement."""
    state = new_game(Rules.two_player()).apply(_stock(
        ["2H", "AS", "KS"] + [rank + "D" for rank in _RANKS[:10]],
        ["AC"] + [rank + "S" for rank in _RANKS[:11]] + ["QD"],
        [rank + "C" for rank in _RANKS[:12]] + ["AD"],
        [rank + "H" for rank in _RANKS[1:]] + ["KD"],
    ))
    state = state.apply(Draft.KEEP)
    state = state.apply(Bid.DOUBLE_NIL)  # seat 1, at its first turn (T-6)
    while state.phase is Phase.DRAFT:
        state = state.apply(Draft.KEEP)
    state = state.apply(Exchange(_cards("AD")))
    state = state.apply(Replacement(_cards("AC")))
    state = state.apply(Bid(10))
    # Seat 1 leads the first trick (T-7), seat 0 trumps it and wins every
    # trick, leading the K♠ (seat 1: no spade), the 2♥ (no heart) and the
    # diamonds (none), to which seat 1 plays its clubs, the A♣ last.
    leads = ["2C", "AS", "2H"] + [rank + "D" for rank in _RANKS[:10]]
    follows = ["KS"] + [rank + "C" for rank in _RANKS[1:12]] + ["AC"]
    return _tricks_of(state, leads, follows)


def test_a_replacement_drawn_from_the_seats_own_discards_loads() -> None:  # T-6, C-5
    states = _drew_back_the_seats_discard()
    last = seat_view(states[-3], 0)
    assert last.hand_sizes == (1, 1) and last.cards_given == (0, 1) and Card.parse("AC") in last.draft_discards
    for state in states:
        for seat in (0, 1):
            loads_as_itself(seat_view(state, seat))


# ----------------------------------------------------------------------
# An opponent whose hand the seat knows card for card (C-5).


def _known_by_its_voids() -> list[GameState]:
    """Every state of a two-player hand without Double Nil in which seat 1,
    the second player, keeps the thirteen clubs and shows, after four
    tricks, that it holds no spade, heart or diamond (C-5): from then on
    seat 0 knows its hand, the 2♣ among it, card for card."""
    state = new_game(Rules.two_player()).apply(_stock(
        ["KS", "AS", "2H"] + [rank + "D" for rank in _RANKS[:10]],
        [rank + "S" for rank in _RANKS[:11]] + ["QD", "KD"],
        [rank + "C" for rank in _RANKS],
        [rank + "H" for rank in _RANKS[1:]] + ["AD"],
    ))
    while state.phase is Phase.DRAFT:
        state = state.apply(Draft.KEEP)
    state = state.apply(Bid(3))  # seat 1 bids first (T-4)
    state = state.apply(Bid(10))
    # Seat 1 leads the 3♣ (T-7), seat 0 trumps it, then leads the A♠, the
    # 2♥ and its diamonds, winning every trick; seat 1 plays its clubs.
    leads = ["3C", "AS", "2H"] + [rank + "D" for rank in _RANKS[:10]]
    follows = ["KS", "4C", "5C", "6C", "2C"] + [rank + "C" for rank in _RANKS[5:]]
    return _tricks_of(state, leads, follows)


def test_an_opponent_known_to_hold_the_two_of_clubs_loads() -> None:  # C-5
    states = _known_by_its_voids()
    view = seat_view(states[8], 0)
    assert view.hand_sizes == (9, 9) and len(view.tricks) == 4 and view.tricks_won == (4, 0)
    for state in states:
        for seat in (0, 1):
            loads_as_itself(seat_view(state, seat))


# ----------------------------------------------------------------------
# The count of the unseen cards (T-3).


def test_hand_sizes_that_take_every_unseen_card_are_counted_as_possible() -> None:  # T-2, T-3
    # Ten more cards shown as seat 0's draft discards leave sixteen unseen:
    # seat 1 claimed to hold all sixteen, which the count allows (no card
    # left in the pile), so the refusal is the draft's: seat 0 discarded
    # 23 cards in 13 turns (T-2).
    state = new_game(Rules.two_player(), seed=9)
    while state.phase is not Phase.BID:
        state = state.apply(state.legal_actions()[0])
    view = seat_view(state, 0)
    unseen = [Card(index) for index in range(52) if Card(index) not in view.drafted | view.draft_discards]
    assert len(unseen) == 26
    refused_behind(view, "each draft turn keeps one card and discards one (T-2)",
             draft_discards=view.draft_discards | CardSet.from_cards(unseen[:10]), hand_sizes=(13, 16))


# ----------------------------------------------------------------------
# The tricks laid out for a score-sheet row shown without them (C-8, V-10).


@pytest.mark.parametrize("deck", ["standard", "jokers", "joker-joker-deuce-deuce"])
def test_a_three_player_row_without_its_tricks_loads_with_any_deck(deck: Deck) -> None:  # V-9, V-10, C-8
    # Three players leave one card aside (V-10): with the joker-joker-
    # deuce-deuce deck the one card left over after the full tricks of each
    # suit is a spade, the Big Joker, and the layout sets it aside.
    rules = Rules.cutthroat(3, deck=deck, three_player_deck="set-aside")
    state = new_game(rules, seed=2)
    while not state.sheet:
        state = state.apply(state.legal_actions()[0])
    for seat in range(3):
        view = seat_view(state, seat)
        assert view.sheet[0].tricks == () and sum(view.sheet[0].tricks_won) == 17
        loads_as_itself(view)
        loads_as_itself(seat_view(state, seat, history=True))


def test_replacements_that_can_only_be_cards_the_seat_is_known_to_lack_are_refused() -> None:  # T-6, C-5
    # Forged: seat 1 bid Double Nil and discarded three cards, so it may
    # have drawn up to three of seat 0's draft discards (T-6); but those
    # are spades and diamonds, which seat 1 has shown it lacks (C-5), and it
    # claims one card more than its clubs.  With no replacement possible,
    # the refusal names the card the count leaves out: the last of the
    # cards it cannot hold, the Q♠.
    view = seat_view(_known_by_its_voids()[8], 0)
    assert view.hand_sizes == (9, 9)
    refused_behind(view, "no seat can hold QS: the hand sizes and the cards each seat has shown it lacks leave no place for "
             "it (C-4, C-5, V-7)", bids=(view.bids[0], Bid.DOUBLE_NIL), cards_given=(0, 3), hand_sizes=(9, 10))
