"""The two-player draft (T-2, T-3) and the Double Nil declared in it (T-6),
through the pure functions of :mod:`spades.draft`, with the expected values
worked out by hand from the rules text."""

from __future__ import annotations

import pytest

from spades import Action, ArgumentError, Bid, Card, CardSet, Draft, IllegalActionError, Reason, Rules
from spades.draft import (
    cards_drawn,
    declaration_error,
    double_nil_declarable,
    draft_actions,
    draft_over,
    draft_turn,
    next_drafter,
    walk_draft,
)

C = Card.parse
H = CardSet.parse
TWO = Rules.two_player()


def stock(text: str) -> list[Card]:
    return [C(t) for t in text.split()]


def test_draft_turn_keep_and_reject() -> None:  # T-2
    cards = stock("AS 2H KD 3C 9S")
    assert draft_turn(cards, 0, Draft.KEEP) == (C("AS"), C("2H"))  # kept: the top card; the next is discarded
    assert draft_turn(cards, 0, Draft.REJECT) == (C("2H"), C("AS"))  # rejected: the next card must be kept
    assert draft_turn(cards, 2, Draft.KEEP) == (C("KD"), C("3C"))
    assert draft_turn(cards, 3, Draft.REJECT) == (C("9S"), C("3C"))  # the last two cards


def test_draft_turn_argument_checks() -> None:  # T-2, T-3
    cards = stock("AS 2H KD 3C")
    for drawn in (-1, 3, 4):
        with pytest.raises(ArgumentError, match=rf"^no draft turn is left after {drawn} of 4 cards$"):
            draft_turn(cards, drawn, Draft.KEEP)
    with pytest.raises(ArgumentError, match=r"^a draft turn is Draft.KEEP or Draft.REJECT, not Bid\(3\)$"):
        draft_turn(cards, 0, Bid(3))  # type: ignore[arg-type]


def test_players_alternate_until_the_stock_is_empty() -> None:  # T-3
    assert next_drafter(0) == 1 and next_drafter(1) == 0
    assert not draft_over(52, 0) and not draft_over(52, 50)
    assert draft_over(52, 52)
    assert draft_over(4, 6)
    assert [cards_drawn(kept) for kept in (0, 1, 13, 26)] == [0, 2, 26, 52]  # two cards a turn, one kept


def test_double_nil_declarable_at_the_start_of_the_first_turn_only() -> None:  # T-6, V-3
    assert double_nil_declarable(0, TWO, None, cards_taken=0, bid=None)
    assert not double_nil_declarable(0, TWO, None, cards_taken=1, bid=None)
    assert not double_nil_declarable(0, TWO, None, cards_taken=0, bid=Bid.DOUBLE_NIL)
    assert not double_nil_declarable(0, TWO.replace(double_nil_allowed=False), None, cards_taken=0, bid=None)
    trailing = TWO.replace(double_nil_trailing_by=100)
    assert not double_nil_declarable(0, trailing, [0, 99], cards_taken=0, bid=None)
    assert double_nil_declarable(0, trailing, [0, 100], cards_taken=0, bid=None)


def said(error: IllegalActionError | None) -> tuple[Reason, str, str]:
    assert error is not None
    return error.reason, error.rule, str(error)


def test_declaration_errors() -> None:  # T-6, V-3
    late = (
        Reason.DOUBLE_NIL_TOO_LATE,
        "T-6",
        "Double Nil must be declared at the start of the player's first draft turn (rule T-6)",
    )
    assert said(declaration_error(1, TWO, None, cards_taken=1, bid=None)) == late
    assert said(declaration_error(1, TWO, None, cards_taken=0, bid=Bid(3))) == late
    # Too late is the first answer, even where Double Nil is off.
    off = TWO.replace(double_nil_allowed=False)
    assert said(declaration_error(1, off, None, cards_taken=2, bid=None)) == late
    assert said(declaration_error(1, off, None, cards_taken=0, bid=None)) == (
        Reason.DOUBLE_NIL_NOT_ALLOWED,
        "V-3",
        "these rules do not allow Double Nil (rule V-3)",
    )
    trailing = TWO.replace(double_nil_trailing_by=100)
    assert said(declaration_error(1, trailing, [40, 0], cards_taken=0, bid=None)) == (
        Reason.DOUBLE_NIL_NOT_ALLOWED,
        "V-3",
        "Double Nil needs the player to trail by at least 100 points (rule V-3)",
    )
    assert declaration_error(1, trailing, [100, 0], cards_taken=0, bid=None) is None
    assert declaration_error(0, TWO, None, cards_taken=0, bid=None) is None


def test_draft_actions() -> None:  # T-2, T-6
    assert draft_actions(False) == (Draft.KEEP, Draft.REJECT)
    assert draft_actions(True) == (Draft.KEEP, Draft.REJECT, Bid.DOUBLE_NIL)


def test_walk_draft_by_hand() -> None:  # T-2, T-3
    # Stock: AS 2H | KD 3C | 9S 8H | 7D 6C | 5S
    cards = stock("AS 2H KD 3C 9S 8H 7D 6C 5S 4H")
    actions: list[Action] = [Draft.KEEP, Draft.REJECT, Bid.DOUBLE_NIL, Draft.REJECT, C("AS"), Draft.KEEP]
    # Seat 1 first: keeps AS (discards 2H); seat 0 rejects KD, keeps 3C;
    # seat 1 rejects 9S, keeps 8H; seat 0 keeps 7D, discards 6C.  Actions
    # other than draft turns are passed over.
    walk = walk_draft(cards, 1, actions)
    assert walk.kept == (H("..7.3"), H("A.8.."))
    assert walk.discarded == (H("..K.6"), H("9.2.."))
    assert walk.kept_first == (1, 1)
    assert walk.kept_second == (1, 1)
    assert walk.drawn == 8


def test_walk_draft_counts_each_seat_apart() -> None:  # T-2, T-3
    cards = stock("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S")
    walk = walk_draft(cards, 0, [Draft.KEEP, Draft.KEEP, Draft.REJECT, Draft.KEEP, Draft.KEEP])
    # seat 0: keeps AS, rejects TS and keeps 9S, keeps 6S; seat 1: keeps QS, keeps 8S.
    assert walk.kept == (H("A96..."), H("Q8..."))
    assert walk.discarded == (H("KT5..."), H("J7..."))
    assert walk.kept_first == (2, 2)
    assert walk.kept_second == (1, 0)
    assert walk.drawn == 10
    walk = walk_draft(cards, 1, [Draft.KEEP, Draft.REJECT, Draft.KEEP, Draft.KEEP, Draft.REJECT])
    # seat 1: keeps AS, keeps TS, rejects 6S and keeps 5S; seat 0: rejects QS and keeps JS, keeps 8S.
    assert walk.kept == (H("J8..."), H("AT5..."))
    assert walk.discarded == (H("Q7..."), H("K96..."))
    assert walk.kept_first == (1, 2)
    assert walk.kept_second == (1, 1)
    empty = walk_draft(cards, 1, [])
    assert empty.kept == (CardSet(0), CardSet(0)) and empty.discarded == (CardSet(0), CardSet(0))
    assert (empty.kept_first, empty.kept_second, empty.drawn) == ((0, 0), (0, 0), 0)


# -- What a bad argument's message says --------------------------------------------


def test_draft_argument_messages_say_what_was_wrong() -> None:  # T-2, T-3, T-6
    from spades import ArgumentError, ArgumentTypeError, Bid, Card, Draft, Rules
    from spades.draft import declaration_error, double_nil_declarable, draft_turn, next_drafter, walk_draft

    def message(call: object, kind: type[Exception]) -> str:
        with pytest.raises(kind) as caught:
            call()  # type: ignore[operator]
        return str(caught.value)

    two = Rules.two_player()
    stock = [Card.parse("AS"), Card.parse("2H")]
    assert message(lambda: draft_turn("AS 2H", 0, Draft.KEEP), ArgumentTypeError) == (  # type: ignore[arg-type]
        "the stock is a sequence of cards, got str"
    )
    assert message(lambda: draft_turn([0, 1], 0, Draft.KEEP), ArgumentTypeError) == "the stock holds Card values"  # type: ignore[list-item]
    assert message(lambda: walk_draft(stock, 0, 5), ArgumentTypeError) == (  # type: ignore[arg-type]
        "the actions are an iterable of actions, got int"
    )
    assert message(lambda: double_nil_declarable(0, two, None, cards_taken=-1, bid=None), ArgumentError) == (
        "cards_taken: a number of cards from 0 to 54, got -1"
    )
    assert message(lambda: double_nil_declarable(0, two, None, cards_taken=0, bid=3), ArgumentTypeError) == (  # type: ignore[arg-type]
        "bid: a Bid or None, got int"
    )
    assert message(lambda: declaration_error(0, two, None, cards_taken=0, bid=3), ArgumentTypeError) == (  # type: ignore[arg-type]
        "bid: a Bid or None, got int"
    )
    assert declaration_error(0, two, None, cards_taken=0, bid=None) is None
    assert declaration_error(0, two, None, cards_taken=0, bid=Bid(3)) is not None  # T-6: too late
    # The draft is between seats 0 and 1 only (T-1).
    for call in (lambda: next_drafter(2), lambda: walk_draft(stock, 2, [])):
        with pytest.raises(ArgumentError):
            call()
