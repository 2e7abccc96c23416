"""Bad arguments to the pure rule functions: each one either gives an answer
or raises a :class:`~spades.SpadesError` (an :class:`~spades.ArgumentError`
for a bad argument), never another exception."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from spades import (
    ArgumentError,
    ArgumentTypeError,
    Bid,
    Card,
    CardSet,
    Draft,
    Exchange,
    IllegalActionError,
    Replacement,
    Rules,
    SpadesError,
    bid_error,
    bid_limits,
    breaks_spades,
    dealer_of_hand,
    double_nil_declarable,
    double_nil_open,
    exchange_order,
    first_bidder,
    first_leader,
    game_winner,
    legal_bids,
    legal_plays,
    next_bidder,
    next_dealer,
    play_error,
    score_hand,
    spades_broken,
    trick_winner,
    trick_winner_seat,
    walk_draft,
)
from spades.draft import declaration_error, draft_turn, next_drafter
from spades.errors import short_repr
from spades.exchange import exchange_choices, exchange_error, exchanged_cards, replacement_error
from spades.tricks import walk_tricks

P = Rules.partnership()
T = Rules.two_player()
C = Card.parse
HAND = CardSet.parse("AK.Q.JT.32")
BIDS4: list[Bid | None] = [None, Bid(3), None, None]

# Each function with a call that is valid, as positional and keyword values.
CALLS: list[tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]] = [
    (legal_plays, (HAND, [C("5C")], False, P), {}),
    (play_error, (C("2C"), HAND, [C("5C")], False, P), {}),
    (trick_winner, ([C("KH"), C("AH")], P), {}),
    (trick_winner_seat, (1, [C("KH"), C("AH")], P), {}),
    (spades_broken, (CardSet.parse("..AK."), P), {}),
    (breaks_spades, (C("2S"), False, P), {}),
    (first_leader, (P, 0, [HAND] * 4), {}),
    (walk_tricks, (P, 0, [C("KH"), C("AH")]), {}),
    (bid_error, (Bid(3),), {"seat": 0, "bids": BIDS4, "rules": P, "scores": [0, 0]}),
    (bid_limits, (), {"seat": 0, "bids": BIDS4, "rules": P, "scores": [0, 0]}),
    (legal_bids, (), {"seat": 0, "bids": BIDS4, "rules": P, "scores": [0, 0]}),
    (double_nil_open, (0, Rules.pagat(), [0, 0]), {}),
    (first_bidder, (P, 3), {}),
    (next_bidder, (P, 3, BIDS4), {}),
    (dealer_of_hand, (P, 4), {}),
    (next_dealer, (P, 3), {}),
    (exchange_order, (P, 0, [Bid(3), Bid(4), Bid.DOUBLE_NIL, Bid(2)]), {}),
    (exchange_error, (Exchange("AK.Q.."), HAND, P), {"discard": False}),
    (exchange_choices, (HAND, P), {"discard": False}),
    (replacement_error, (Replacement("A..."), CardSet.parse("AK..."), 1), {}),
    (exchanged_cards, (P, 0, [Bid(3), Bid(4), Bid.DOUBLE_NIL, Bid(2)], [], 2), {}),
    (draft_turn, ([C("AS"), C("2H")], 0, Draft.KEEP), {}),
    (next_drafter, (0,), {}),
    (walk_draft, ([C("AS"), C("2H")], 0, [Draft.KEEP]), {}),
    (double_nil_declarable, (1, T, None), {"cards_taken": 0, "bid": None}),
    (declaration_error, (1, T, None), {"cards_taken": 0, "bid": None}),
    (score_hand, ([Bid(4), Bid(3), Bid(3), Bid(3)], [4, 3, 3, 3], P), {}),
    (game_winner, ([510, 420], P), {}),
]

JUNK: tuple[object, ...] = (None, True, 1.5, -1, 99, "x", b"x", [], (), [None], object(), {"a": 1}, float("nan"), 10**5000,
                           -(10**5000))


def _cases() -> list[tuple[str, Callable[..., Any], tuple[Any, ...], dict[str, Any]]]:
    cases = []
    for function, args, kwargs in CALLS:
        for index in range(len(args)):
            for junk in JUNK:
                bad = args[:index] + (junk,) + args[index + 1 :]
                cases.append((f"{function.__name__}[{index}]={short_repr(junk)}", function, bad, kwargs))
        for key in kwargs:
            for junk in JUNK:
                cases.append((f"{function.__name__}[{key}]={short_repr(junk)}", function, args, {**kwargs, key: junk}))
    return cases


@pytest.mark.parametrize(("function", "args", "kwargs"), CALLS, ids=[c[0].__name__ for c in CALLS])
def test_the_valid_calls_are_valid(function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    function(*args, **kwargs)


def test_a_bad_argument_gives_an_answer_or_a_spades_error() -> None:
    for name, function, args, kwargs in _cases():
        try:
            function(*args, **kwargs)
        except SpadesError as error:
            assert isinstance(error, (ArgumentError, IllegalActionError)), (name, error)
            assert len(str(error)) <= 300, (name, error)  # a bounded message
        except Exception as error:  # pragma: no cover - the failure being tested for
            raise AssertionError(f"{name}: {type(error).__name__}: {error}") from error


@pytest.mark.parametrize("seat", [True, False, 1.0, "1", None])
def test_a_seat_is_an_int(seat: object) -> None:  # P-1
    for call in (
        lambda: trick_winner_seat(seat, [C("KH"), C("AH")], P),  # type: ignore[arg-type]
        lambda: bid_limits(seat=seat, bids=BIDS4, rules=P),  # type: ignore[arg-type]
        lambda: double_nil_open(seat, P),  # type: ignore[arg-type]
        lambda: next_dealer(P, seat),  # type: ignore[arg-type]
        lambda: first_bidder(P, seat),  # type: ignore[arg-type]
        lambda: exchange_order(P, seat, BIDS4),  # type: ignore[arg-type]
    ):
        with pytest.raises(ArgumentTypeError):
            call()
