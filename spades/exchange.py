"""The Double Nil exchanges (P-6, T-6, V-3), as pure functions of plain values.

In a partnership a Double Nil bidder's partner gives exactly
``double_nil_exchange`` cards, then the bidder gives as many back (P-6).  In
the two-player game a Double Nil bidder discards up to that many cards and
draws as many replacements at random from the draft's discard pile as it
stood before this discard (T-6).

>>> from spades import Bid, CardSet, Exchange, Rules
>>> from spades.exchange import exchange_error, exchange_order, exchange_sizes
>>> rules = Rules.partnership()
>>> exchange_order(rules, 0, [Bid(3), Bid(4), Bid.DOUBLE_NIL, Bid(2)])
((0, 2), (2, 0))
>>> exchange_sizes(rules, discard=False), exchange_sizes(Rules.two_player(), discard=True)
((3,), (0, 1, 2, 3))
>>> exchange_error(Exchange(CardSet.parse("A.K..")), CardSet.parse("AQ.K.5.2"), rules, discard=False).rule
'P-6'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from spades.actions import (
    MAX_EXCHANGE, Action, Bid, Exchange, ExchangeChoices, Replacement, choices_of_mask, malformed_action, read_action_list,
)
from spades.cards import CardSet
from spades.errors import ArgumentError, ArgumentTypeError, IllegalActionError, Reason, check_seat, short_repr, type_name
from spades.bidding import check_bids, first_bidder
from spades.rules import Rules, check_rules

__all__ = [
    "exchange_order",
    "exchange_sizes",
    "exchange_error",
    "exchange_choices",
    "replacement_error",
    "exchanged_cards",
]


def _double_nil_bidders(bids: Sequence[Bid | None]) -> list[int]:
    return [seat for seat, bid in enumerate(bids) if bid is not None and bid.double_nil]


def exchange_order(rules: Rules, dealer: int, bids: Sequence[Bid | None]) -> tuple[tuple[int, int], ...]:
    """The Double Nil exchange steps of a hand as ``(giver, receiver)``
    pairs, ``receiver`` -1 for a two-player discard (P-6, T-6, V-3).

    In a partnership with one Double Nil bidder, the partner gives, then the
    bidder gives back; none when both partners bid it; the side holding the
    seat nearer the dealer's left goes first.  In the two-player game each
    Double Nil bidder discards, the second player first.  No steps when
    ``rules.double_nil_exchange`` is 0, nor in cutthroat.

    >>> from spades import Bid, Rules
    >>> exchange_order(Rules.partnership(), 0, [Bid(3), Bid(4), Bid.DOUBLE_NIL, Bid(2)])
    ((0, 2), (2, 0))
    >>> exchange_order(Rules.two_player(), 0, [Bid.DOUBLE_NIL, Bid.DOUBLE_NIL])
    ((1, -1), (0, -1))
    """
    rules = check_rules(rules)
    dealer = check_seat(dealer, rules.players)
    return order_of(rules, dealer, check_bids(bids, rules))


def order_of(rules: Rules, dealer: int, bids: Sequence[Bid | None]) -> tuple[tuple[int, int], ...]:
    """:func:`exchange_order` of checked arguments (internal fast path):
    P-6's partner-first exchanges, T-6's discards, second player first."""
    if rules.double_nil_exchange == 0:
        return ()
    for bid in bids:
        if bid is not None and bid.double_nil:
            break
    else:
        return ()  # no Double Nil: the common case
    doubles = _double_nil_bidders(bids)
    # The seat left of the dealer: the second player of the two-player game.
    left = first_bidder(rules, dealer)
    if rules.is_draft:
        return tuple((seat, -1) for seat in (left, dealer) if seat in doubles)
    if not rules.partners:
        return ()
    steps: list[tuple[int, int]] = []
    near = rules.side_of[left]  # the partnership holding the seat left of the dealer goes first
    for side in (near, 1 - near):
        members = rules.sides[side]
        bidders = [m for m in members if m in doubles]
        if len(bidders) == 1:
            bidder = bidders[0]
            partner = next(m for m in members if m != bidder)
            steps += [(partner, bidder), (bidder, partner)]
    return tuple(steps)


def exchange_sizes(rules: Rules, *, discard: bool) -> tuple[int, ...]:
    """How many cards an exchange step may hold: exactly
    ``double_nil_exchange`` between partners (P-6), any number up to it for
    a two-player discard (T-6); the number is an option (V-3).

    >>> exchange_sizes(Rules.pagat(), discard=False)
    (2,)
    """
    limit = check_rules(rules).double_nil_exchange
    return _sizes(limit, _check_discard(discard))


def _sizes(limit: int, discard: bool) -> tuple[int, ...]:
    """:func:`exchange_sizes` for the option's ``limit`` (0 to
    MAX_EXCHANGE): exactly that many between partners (P-6), any number up
    to it for a two-player discard (T-6)."""
    return _ALL_SIZES[limit] if discard else (limit,)


_ALL_SIZES: Final = tuple(tuple(range(limit + 1)) for limit in range(MAX_EXCHANGE + 1))


def _check_discard(discard: object) -> bool:
    if type(discard) is not bool:
        raise ArgumentTypeError(f"discard: true or false, got {short_repr(discard)}")
    return discard


def exchange_error(exchange: object, held: CardSet, rules: Rules, *, discard: bool) -> IllegalActionError | None:
    """Why ``exchange`` may not be given from the hand ``held``, or ``None``:
    the size (P-6: exactly ``double_nil_exchange`` cards; T-6: up to that
    many) and that every card is in the hand.

    The message names the exchange's own cards that are not in the hand,
    never the hand's.
    """
    _check_discard(discard)
    if type(exchange) is not Exchange or malformed_action(exchange):
        return IllegalActionError(Reason.NOT_AN_ACTION, f"{short_repr(exchange)} is not an Exchange", "T-6" if discard else "P-6")
    rules = check_rules(rules)
    if type(held) is not CardSet:
        raise ArgumentTypeError(f"the hand is a CardSet, got {type_name(held)}")
    return exchange_error_of(exchange, held.mask, rules, discard)


def exchange_error_of(exchange: Exchange, held: int, rules: Rules, discard: bool) -> IllegalActionError | None:
    """:func:`exchange_error` of checked arguments, the hand as a mask
    (internal fast path of the state): ``exchange`` is a well-formed
    :class:`~spades.Exchange`."""
    cards = exchange.cards.mask
    size = cards.bit_count()
    limit = rules.double_nil_exchange
    if discard:
        if size > limit:
            return IllegalActionError(
                Reason.WRONG_EXCHANGE_SIZE, f"a Double Nil bidder may discard at most {limit} cards, not {size}", "T-6"
            )
    elif size != limit:
        return IllegalActionError(
            Reason.WRONG_EXCHANGE_SIZE, f"the Double Nil exchange is exactly {limit} cards, not {size}", "P-6"
        )
    if cards & ~held:
        return IllegalActionError(
            Reason.CARD_NOT_IN_HAND,
            f"cannot {'discard' if discard else 'give'} {' '.join(map(str, CardSet(cards & ~held)))}: not in the hand",
            "T-6" if discard else "P-6",
        )
    return None


def exchange_choices(held: CardSet, rules: Rules, *, discard: bool) -> ExchangeChoices:
    """Every legal exchange from the hand ``held``, in the order of
    :class:`~spades.ExchangeChoices` (P-6, T-6)."""
    rules = check_rules(rules)
    if type(held) is not CardSet:
        raise ArgumentTypeError(f"the hand is a CardSet, got {type_name(held)}")
    return ExchangeChoices(held, exchange_sizes(rules, discard=discard))


def exchange_choices_of(held: int, rules: Rules, discard: bool) -> ExchangeChoices:
    """:func:`exchange_choices` of checked arguments, the hand as a mask
    (internal fast path of the state)."""
    return choices_of_mask(held, _sizes(rules.double_nil_exchange, discard))


def replacement_error(replacement: object, pool: CardSet, count: int) -> IllegalActionError | None:
    """Why ``replacement`` is not a possible draw of ``count`` cards from
    ``pool``, the draft's discard pile as it stood before the discard (T-6),
    or ``None``.  The message shows the replacement's own cards (a chance
    step the caller supplied), never the pool's."""
    if type(pool) is not CardSet:
        raise ArgumentTypeError(f"the pool is a CardSet, got {type_name(pool)}")
    if type(count) is not int or not 0 <= count <= MAX_EXCHANGE:
        raise ArgumentError(f"count: a number of cards from 0 to {MAX_EXCHANGE}, got {short_repr(count)}")
    if type(replacement) is not Replacement or malformed_action(replacement):
        return IllegalActionError(Reason.NOT_AN_ACTION, f"expected a Replacement, got {short_repr(replacement)}", "T-6")
    drawn = replacement.cards.mask
    if drawn.bit_count() != count or drawn & ~pool.mask:
        return IllegalActionError(
            Reason.BAD_CHANCE,
            f"the replacement must be {count} cards of the discard pile, got {replacement.cards}",
            "T-6",
        )
    return None


def exchanged_cards(
    rules: Rules, dealer: int, bids: Sequence[Bid | None], actions: Iterable[Action], seat: int
) -> tuple[CardSet, CardSet]:
    """The cards ``seat`` gave and received in the exchanges of a hand whose
    actions (in order) were ``actions``: passed between partners (P-6), or
    discarded and drawn as replacements (T-6).

    >>> from spades import Bid, CardSet, Exchange, Rules
    >>> bids = [Bid(3), Bid(4), Bid.DOUBLE_NIL, Bid(2)]
    >>> steps = [Exchange(CardSet.parse("A.K.Q.")), Exchange(CardSet.parse("..2.3"))]
    >>> [str(c) for c in exchanged_cards(Rules.partnership(), 0, bids, steps, 2)]
    ['..2.3', 'A.K.Q.']
    """
    steps = exchange_order(rules, dealer, bids)
    seat = check_seat(seat, rules.players)
    return exchanged_of(steps, read_action_list(actions), seat)


def _exchanges_taken(
    order: Sequence[tuple[int, int]], actions: Sequence[Action]
) -> Iterator[tuple[tuple[int, int] | None, Exchange | Replacement]]:
    """Each exchange and replacement draw among ``actions``, in order, with
    the hand's exchange step it answers (:func:`order_of`; a replacement
    answers the step of the exchange before it, a discard, T-6); ``None``
    past the last step."""
    steps = iter(order)
    step = None
    for action in actions:
        if type(action) is Exchange:
            step = next(steps, None)
            yield step, action
        elif type(action) is Replacement:
            yield step, action


def exchanged_of(order: Sequence[tuple[int, int]], actions: Sequence[Action], seat: int) -> tuple[CardSet, CardSet]:
    """:func:`exchanged_cards` of checked arguments (internal fast path),
    given the hand's exchange steps (:func:`order_of`): none without a
    step, else each Exchange taken by the step it answers (P-6, T-6)."""
    if not order:
        return _NOTHING_EXCHANGED
    # A seat gives at most once and receives at most once in a hand: one
    # step each way between partners (P-6), a discard and its replacement
    # draw (T-6).
    gave = received = 0
    for step, action in _exchanges_taken(order, actions):
        if step is None:
            continue
        if type(action) is Exchange:
            if step[0] == seat:
                gave = action.cards.mask
            if step[1] == seat:
                received = action.cards.mask
        elif step == (seat, -1):  # the draw after this seat's discard
            received = action.cards.mask
    return CardSet(gave), CardSet(received)


_NOTHING_EXCHANGED: Final = (CardSet(0), CardSet(0))


def given_counts_of(order: Sequence[tuple[int, int]], actions: Sequence[Action], players: int) -> tuple[int, ...]:
    """How many cards each seat gave this hand, given the hand's exchange
    steps (:func:`order_of`) and its actions: passed to its partner in a
    Double Nil exchange (P-6) or discarded after a two-player Double Nil
    (T-6), 0 for a seat that has not (internal: what every seat learns of
    the exchanges, :attr:`spades.SeatView.cards_given`)."""
    counts = [0] * players
    for step, action in _exchanges_taken(order, actions):
        if step is not None and type(action) is Exchange:
            counts[step[0]] = len(action.cards)
    return tuple(counts)
