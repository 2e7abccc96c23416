"""The two-player draft (T-2, T-3) and the Double Nil declared in it (T-6),
as pure functions of plain values.

The shuffled deck is the stock.  On a turn the player draws the top card
and keeps it (the next card goes to the discard pile) or rejects it (it goes
to the pile and the next card must be kept): each turn takes two cards.  The
players alternate, the first player starting, until the stock is empty.

>>> from spades import Card, Draft, Rules
>>> from spades.draft import draft_turn, walk_draft
>>> stock = [Card.parse(t) for t in "AS 2H KD 3C".split()]
>>> [str(c) for c in draft_turn(stock, 0, Draft.KEEP)], [str(c) for c in draft_turn(stock, 2, Draft.REJECT)]
(['AS', '2H'], ['3C', 'KD'])
>>> walk = walk_draft(stock, 0, [Draft.KEEP, Draft.REJECT])
>>> str(walk.kept[0]), str(walk.kept[1]), str(walk.discarded[1])
('A...', '...3', '..K.')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from spades.actions import MAX_CHANCE_ITEMS, Action, Bid, Draft, read_action_list
from spades.bidding import double_nil_open, double_nil_open_of
from spades.cards import NUM_CARD_INDEXES, Card, CardSet
from spades.errors import (
    is_a,
    ArgumentError, ArgumentTypeError, IllegalActionError, Reason, check_seat, read_bounded, short_repr, type_name,
)
from spades.rules import Rules, check_rules

__all__ = [
    "DraftWalk",
    "draft_turn",
    "next_drafter",
    "draft_over",
    "double_nil_declarable",
    "declaration_error",
    "draft_actions",
    "walk_draft",
    "cards_drawn",
]

_ACTIONS: Final = (Draft.KEEP, Draft.REJECT)
_ACTIONS_WITH_DOUBLE_NIL: Final = (Draft.KEEP, Draft.REJECT, Bid.DOUBLE_NIL)


def draft_turn(stock: Sequence[Card], drawn: int, action: Draft) -> tuple[Card, Card]:
    """The card kept and the card discarded by a draft turn taken when
    ``drawn`` cards of ``stock`` (top card first) are already drawn (T-2):
    ``KEEP`` keeps the top card and discards the next; ``REJECT`` discards
    the top card and keeps the next."""
    stock = _check_stock(stock)
    if type(drawn) is not int or not 0 <= drawn <= len(stock) - 2:
        raise ArgumentError(f"no draft turn is left after {short_repr(drawn)} of {len(stock)} cards")
    if action is not Draft.KEEP and action is not Draft.REJECT:
        raise ArgumentError(f"a draft turn is Draft.KEEP or Draft.REJECT, not {short_repr(action)}")
    return turn_of(stock, drawn, action)


def turn_of(stock: Sequence[Card], drawn: int, action: Draft) -> tuple[Card, Card]:
    """:func:`draft_turn` of checked arguments (internal fast path): keep
    the top card and discard the next, or discard it and keep the next
    (T-2)."""
    first, second = stock[drawn], stock[drawn + 1]
    return (first, second) if action is Draft.KEEP else (second, first)


def _check_stock(stock: object) -> tuple[Card, ...]:
    """``stock`` as a tuple, read once (what is checked is what is used), if
    it is a sequence of at most a deck's cards."""
    if is_a(stock, (str, bytes)) or not issubclass(type(stock), Sequence):
        raise ArgumentTypeError(f"the stock is a sequence of cards, got {type_name(stock)}")
    cards = read_bounded(stock, NUM_CARD_INDEXES, ArgumentError, "", f"the stock holds at most {NUM_CARD_INDEXES} cards")
    if any(type(card) is not Card for card in cards):
        raise ArgumentTypeError("the stock holds Card values")
    return cards


def next_drafter(seat: int) -> int:
    """The seat to draft after ``seat``: the players alternate (T-3).

    >>> next_drafter(0), next_drafter(1)
    (1, 0)
    """
    return next_drafter_of(check_seat(seat, 2))


def next_drafter_of(seat: int) -> int:
    """:func:`next_drafter` of a checked seat (internal fast path)."""
    return 1 - seat


def draft_over(stock_size: int, drawn: int) -> bool:
    """Whether the draft is over once ``drawn`` of the stock's
    ``stock_size`` cards are drawn: it goes on until the stock is empty
    (T-3).

    >>> draft_over(52, 50), draft_over(52, 52)
    (False, True)
    """
    if (
        type(stock_size) is not int
        or type(drawn) is not int
        or not 0 <= stock_size <= MAX_CHANCE_ITEMS
        or not 0 <= drawn <= MAX_CHANCE_ITEMS
    ):  # one test on the state's path of every draft turn
        raise ArgumentError(
            f"a stock size and a number of cards drawn from 0 to {MAX_CHANCE_ITEMS}, got {short_repr(stock_size)} "
            f"and {short_repr(drawn)}"
        )
    return draft_over_of(stock_size, drawn)


def draft_over_of(stock_size: int, drawn: int) -> bool:
    """:func:`draft_over` of checked numbers (internal fast path)."""
    return drawn >= stock_size


def double_nil_declarable(
    seat: int,
    rules: Rules,
    scores: Sequence[int] | None,
    *,
    cards_taken: int,
    bid: Bid | None,
) -> bool:
    """Whether ``seat``, at its draft turn, may declare Double Nil now: it
    is open to it (P-6, V-3), and this is the start of its first turn, so
    it has taken no card and made no bid (T-6).

    >>> from spades import Bid, Rules
    >>> rules = Rules.two_player()
    >>> double_nil_declarable(1, rules, None, cards_taken=0, bid=None)
    True
    >>> double_nil_declarable(1, rules, None, cards_taken=1, bid=None)  # T-6: too late
    False
    """
    _check_turn(cards_taken, bid)
    return cards_taken == 0 and bid is None and double_nil_open(seat, rules, scores)


def declarable_of(seat: int, rules: Rules, scores: Sequence[int] | None, cards_taken: int, bid: Bid | None) -> bool:
    """:func:`double_nil_declarable` of checked arguments (internal fast
    path): open (P-6, V-3), at the start of the seat's first turn (T-6)."""
    return cards_taken == 0 and bid is None and double_nil_open_of(seat, rules, scores)


def _check_turn(cards_taken: object, bid: object) -> None:
    if type(cards_taken) is not int or not 0 <= cards_taken <= MAX_CHANCE_ITEMS:
        raise ArgumentError(f"cards_taken: a number of cards from 0 to {MAX_CHANCE_ITEMS}, got {short_repr(cards_taken)}")
    if bid is not None and type(bid) is not Bid:
        raise ArgumentTypeError(f"bid: a Bid or None, got {type_name(bid)}")


def declaration_error(
    seat: int,
    rules: Rules,
    scores: Sequence[int] | None,
    *,
    cards_taken: int,
    bid: Bid | None,
) -> IllegalActionError | None:
    """Why ``seat`` may not declare Double Nil at its draft turn now, or
    ``None`` (T-6, V-3)."""
    _check_turn(cards_taken, bid)
    check_seat(seat, check_rules(rules).players)
    if cards_taken or bid is not None:
        return IllegalActionError(
            Reason.DOUBLE_NIL_TOO_LATE,
            "Double Nil must be declared at the start of the player's first draft turn",
            "T-6",
        )
    if not rules.double_nil_allowed:
        return IllegalActionError(Reason.DOUBLE_NIL_NOT_ALLOWED, "these rules do not allow Double Nil", "V-3")
    if not double_nil_open(seat, rules, scores):
        return IllegalActionError(
            Reason.DOUBLE_NIL_NOT_ALLOWED,
            f"Double Nil needs the player to trail by at least {rules.double_nil_trailing_by} points",
            "V-3",
        )
    return None


def draft_actions(declarable: bool) -> tuple[Draft | Bid, ...]:
    """The legal actions of a draft turn, in order: ``Draft.KEEP``,
    ``Draft.REJECT``, then Double Nil when it may be declared (T-2, T-6)."""
    if type(declarable) is not bool:
        raise ArgumentTypeError(f"declarable: true or false, got {short_repr(declarable)}")
    return _ACTIONS_WITH_DOUBLE_NIL if declarable else _ACTIONS


@attrs.frozen(slots=True)
class DraftWalk:
    """What each seat did in a draft, by :func:`walk_draft`; each tuple has
    one entry per seat."""

    kept: tuple[CardSet, CardSet]
    """The cards each seat kept (T-2)."""
    discarded: tuple[CardSet, CardSet]
    """The cards each seat put on the discard pile (T-2)."""
    kept_first: tuple[int, int]
    """How many turns each seat kept the first card of its turn."""
    kept_second: tuple[int, int]
    """How many turns each seat rejected the first card and kept the second."""
    drawn: int
    """How many cards of the stock are drawn."""


def walk_draft(stock: Sequence[Card], first_player: int, actions: Iterable[Action]) -> DraftWalk:
    """Walk the draft actions of a hand (other actions are passed over):
    the first player drafts first and the players alternate (T-3), each
    turn keeping one card and discarding one (T-2).

    >>> from spades import Card, Draft
    >>> stock = [Card.parse(t) for t in "AS 2H KD 3C QS 4H".split()]
    >>> walk = walk_draft(stock, 1, [Draft.REJECT, Draft.KEEP, Draft.KEEP])
    >>> str(walk.kept[1]), str(walk.discarded[1]), walk.kept_first, walk.kept_second, walk.drawn
    ('Q.2..', 'A.4..', (1, 1), (0, 1), 6)
    """
    stock = _check_stock(stock)
    actions = read_action_list(actions)
    kept = [0, 0]
    discarded = [0, 0]
    first = [0, 0]
    second = [0, 0]
    seat = check_seat(first_player, 2)
    drawn = 0
    for action in actions:
        if action is Draft.KEEP or action is Draft.REJECT:
            if drawn + 2 > len(stock):
                raise ArgumentError(f"no draft turn is left after {drawn} of {len(stock)} cards")
            keep, throw = turn_of(stock, drawn, action)
            kept[seat] |= 1 << keep
            discarded[seat] |= 1 << throw
            (first if action is Draft.KEEP else second)[seat] += 1
            drawn += 2
            seat = next_drafter(seat)
    return DraftWalk(
        kept=(CardSet(kept[0]), CardSet(kept[1])),
        discarded=(CardSet(discarded[0]), CardSet(discarded[1])),
        kept_first=(first[0], first[1]),
        kept_second=(second[0], second[1]),
        drawn=drawn,
    )


def cards_drawn(cards_kept: int) -> int:
    """The cards drawn from the stock once ``cards_kept`` cards have been
    kept: each turn draws two cards and keeps one (T-2).

    >>> cards_drawn(13)
    26
    """
    if type(cards_kept) is not int or not 0 <= cards_kept <= MAX_CHANCE_ITEMS:
        raise ArgumentError(f"cards_kept: a number of cards from 0 to {MAX_CHANCE_ITEMS}, got {short_repr(cards_kept)}")
    return 2 * cards_kept
