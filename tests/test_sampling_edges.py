"""Gaps in the sampling tests found by mutation testing (``spades.sampling``):
a two-player view where some number of replacement draws is impossible,
the choice among the numbers of replacement draws, the hash, a view with
its history, and the message naming a forged field."""

from __future__ import annotations

import random

import attrs
import pytest

from spades import ArgumentTypeError, Rules, StateError, new_game, seat_view
from spades.sampling import Deals

from _games import two_player_hand


class _FirstPick(random.Random):
    """Draws ``first`` at its first ``randrange``, then as random.Random."""

    def __init__(self, seed: int, *, first: int) -> None:  # keyword-only: Python 3.10's Random() takes one argument
        super().__init__(seed)
        self.first: int | None = first

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if self.first is not None:
            first, self.first = self.first, None
            return first
        return super().randrange(start, stop, step)


def test_a_number_of_replacement_draws_no_deal_allows_adds_nothing_to_the_count() -> None:  # T-6, C-5
    # Both seats declared Double Nil and discarded three cards each (T-6):
    # the other seat may hold 0, 1 or 2 of the pile cards seat 0 knows of,
    # but no deal consistent with its plays (C-5) gives it 3.  The brute
    # force of tests/test_sampling.py counts 10 deals.
    view = seat_view(two_player_hand(212, 3, (0, 1), 2), 0)
    assert view.cards_given == (3, 3)
    deals = Deals(view)
    assert deals.count == 10
    for draw in range(5):
        assert seat_view(deals.state(random.Random(draw)), 0) == view


def test_the_deals_are_picked_by_the_number_of_pile_cards_the_other_seat_drew() -> None:  # T-6, T-2
    # Seat 1 declared Double Nil and discarded two cards, then drew two from
    # the pile (T-6), which holds seat 0's draft discards (T-2).  Of the 1904
    # deals (the brute force agrees), 364 leave seat 1 none of those cards,
    # 910 one and 630 two; the deals are numbered in that order, so the
    # first draw picks how many, and the drawn pile cards are seat 1's.
    view = seat_view(two_player_hand(0, 2, (1,), 3), 0)
    assert view.cards_given == (0, 2)
    deals = Deals(view)
    assert deals.count == 364 + 910 + 630
    pile = view.draft_discards.mask & ~view.received.mask
    for pick, drawn in ((0, 0), (363, 0), (364, 1), (1273, 1), (1274, 2), (1903, 2)):
        hands = deals.sample(_FirstPick(pick, first=pick))
        assert (hands[1].mask & pile).bit_count() == drawn, pick
        assert hands[0] == view.hand, pick
        assert tuple(len(hand) for hand in hands) == view.hand_sizes
        assert hands == deals.state(_FirstPick(pick, first=pick)).hands


def test_the_deals_of_different_views_hash_apart() -> None:
    state = new_game(Rules.partnership(), seed=4)
    views = [seat_view(state, seat) for seat in range(4)] + [seat_view(state.apply(state.legal_actions()[0]), 0)]
    assert len({hash(Deals(view)) for view in views}) == len(views)


def test_a_view_with_the_tricks_of_its_finished_hands_has_deals() -> None:  # S-1
    state = new_game(Rules.partnership(), seed=2)
    while not state.sheet:
        state = state.apply(state.legal_actions()[0])
    view = seat_view(state, 0, history=True)
    assert view.sheet[0].tricks  # the finished hand's tricks, card by card
    deals = Deals(view)
    assert deals.count == Deals(seat_view(state, 0)).count
    assert seat_view(deals.state(random.Random(1)), 0, history=True) == view


def test_deals_of_no_view_is_told_why() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^Deals needs a SeatView, got str$"):
        Deals("view")  # type: ignore[arg-type]


def test_a_forged_field_is_named_with_what_it_says_and_what_the_game_gives() -> None:  # S-1
    view = seat_view(new_game(Rules.partnership(), seed=4), 0)
    with pytest.raises(StateError) as raised:
        Deals(attrs.evolve(view, scores=(7, 0)))  # no hand scored yet
    assert str(raised.value) == ("no game gives this view: its scores is (7, 0), "
                                 "but the game behind the rest of it gives (0, 0)")


def test_what_a_forged_field_says_and_what_the_game_gives_are_cut_to_sixty_characters() -> None:
    view = seat_view(new_game(Rules.partnership(), seed=4), 1)  # seat 1 to bid (P-3)
    assert len(repr(view.legal_actions)) > 61
    forged = {"scores": attrs.evolve(view, scores=(10**28, 10**28)),  # a repr of 62 characters
              "legal_actions": attrs.evolve(view, legal_actions=())}
    for field, bad in forged.items():
        with pytest.raises(StateError) as raised:
            Deals(bad)
        message = str(raised.value).removeprefix(f"no game gives this view: its {field} is ")
        said, gives = message.split(", but the game behind the rest of it gives ")
        assert len(said) <= 60 and len(gives) <= 60, (said, gives)
