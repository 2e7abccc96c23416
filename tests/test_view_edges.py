"""Gaps in the view tests found by mutation testing (``spades.view``): the
view's repr, the one check of the view a bot is handed, and the tricks of
a hand."""

from __future__ import annotations

import random

import attrs
import pytest

from spades import (
    ArgumentError, ArgumentTypeError, Card, CardSet, ExchangeChoices, Phase, PlayedTrick, Rules, StateError,
    new_game, seat_view,
)
from spades.bots import random_bot
from spades.view import SeatView, current_tricks, tricks_of_hand


def _seat_1_to_bid() -> SeatView:
    view = seat_view(new_game(Rules.partnership(), seed=1), 1)
    assert view.phase is Phase.BID and view.turn == 1 and len(view.hand) == 13  # P-3
    return view


def test_the_repr_shows_the_turn_and_the_cards_or_that_they_are_sealed() -> None:  # P-6
    state = new_game(Rules.partnership(), seed=1)
    assert repr(seat_view(state, 2)) == (
        "<SeatView seat 2 hand 0 BID turn 1 cards 'KQ6.5.J754.K9762' scores (0, 0) bags (0, 0)>")
    sealed = seat_view(state, 1, sealed=True)
    assert sealed.sealed
    assert repr(sealed) == "<SeatView seat 1 hand 0 BID turn 1 cards sealed scores (0, 0) bags (0, 0)>"
    no_turn = attrs.evolve(seat_view(state, 2), turn=None)
    assert repr(no_turn) == "<SeatView seat 2 hand 0 BID turn - cards 'KQ6.5.J754.K9762' scores (0, 0) bags (0, 0)>"


def test_a_bot_handed_no_view_or_a_view_not_to_act_is_told_why() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^a bot needs a SeatView, got str$"):
        random_bot("view", random.Random(0))  # type: ignore[arg-type]
    view = seat_view(new_game(Rules.partnership(), seed=1), 2)
    with pytest.raises(StateError, match=r"^seat 2 has no action to take \(it is not its turn\)$"):
        random_bot(view, random.Random(0))


def test_a_view_with_exchanges_outside_the_exchange_phase_is_refused() -> None:  # P-6, C-3
    view = _seat_1_to_bid()
    forged = attrs.evolve(view, legal_actions=ExchangeChoices(view.hand, (2,)))
    with pytest.raises(StateError, match="holds legal actions in phase BID"):
        random_bot(forged, random.Random(0))


def test_a_view_whose_exchanges_are_of_part_of_its_hand_is_refused() -> None:  # P-6
    view = _seat_1_to_bid()
    part = CardSet.from_cards(list(view.hand)[:5])
    forged = attrs.evolve(view, phase=Phase.EXCHANGE, legal_actions=ExchangeChoices(part, (2,)))
    with pytest.raises(StateError, match="legal actions of cards that are not its hand's"):
        random_bot(forged, random.Random(0))
    whole = attrs.evolve(view, phase=Phase.EXCHANGE, legal_actions=ExchangeChoices(view.hand, (2,)))
    assert random_bot(whole, random.Random(0)) in whole.legal_actions  # the true hand's exchanges are taken


def test_a_view_that_may_play_a_card_not_in_its_hand_is_refused_wherever_it_is_listed() -> None:  # C-5
    view = _seat_1_to_bid()
    mine = list(view.hand)
    outside = next(Card(index) for index in range(52) if Card(index) not in view.hand)
    for legal in ((outside, mine[0]), (mine[0], outside), (mine[0], outside, mine[1])):
        forged = attrs.evolve(view, phase=Phase.PLAY, legal_actions=legal)
        with pytest.raises(StateError, match="legal actions of cards that are not its hand's"):
            random_bot(forged, random.Random(0))


def test_the_tricks_of_a_hand_are_grouped_and_won_for_its_rules() -> None:  # C-7, T-1
    plays = [Card.parse(text) for text in "KH AH 2S QH 3C".split()]
    assert tricks_of_hand(Rules.partnership(), 0, plays) == (
        PlayedTrick(leader=0, cards=tuple(plays[:4]), winner=2),
        PlayedTrick(leader=2, cards=(plays[4],), winner=-1),
    )
    assert tricks_of_hand(Rules.two_player(), 0, plays) == (  # two cards a trick
        PlayedTrick(leader=0, cards=tuple(plays[:2]), winner=1),
        PlayedTrick(leader=1, cards=tuple(plays[2:4]), winner=1),
        PlayedTrick(leader=1, cards=(plays[4],), winner=-1),
    )


def test_current_tricks_of_no_state_is_told_why() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^current_tricks needs a GameState, got str$"):
        current_tricks("state")  # type: ignore[arg-type]


def test_a_view_of_no_rules_no_such_seat_or_no_phase_is_told_why() -> None:
    view = seat_view(new_game(Rules.partnership(), seed=1), 2)
    with pytest.raises(ArgumentTypeError, match=r"^rules: expected a Rules value, got 'partnership'$"):
        attrs.evolve(view, rules="partnership")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^seat: 7 is not in 0\.\.3$"):  # P-1
        attrs.evolve(view, seat=7)
    with pytest.raises(ArgumentTypeError, match=r"^phase: expected a Phase, got 'BID'$"):
        attrs.evolve(view, phase="BID")  # type: ignore[arg-type]
