"""The score sheet: one record per hand played.

>>> import random
>>> from spades import Rules, new_game
>>> state = new_game(Rules.partnership(), seed=2)
>>> rng = random.Random(0)
>>> while not state.sheet:
...     state = state.apply(rng.choice(state.legal_actions()))
>>> row = state.sheet[0]
>>> sum(row.tricks), len(row.bids), row.result.scores == state.scores
(13, 4, True)
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Any, Final

import attrs

from spades.actions import ACTION_TYPES, Action, Bid, Draft
from spades.cards import Card, CardSet, card_set_of_mask
from spades.errors import ArgumentError, ArgumentTypeError, fail_type, int_in, short_repr, tuple_of, type_name
from spades.rules import Rules, check_hand, check_rules, hand_size
from spades.scoring import HandScore

__all__ = ["HandRecord", "HandSummary", "PlayedTrick"]


def seat_or_none(name: str, value: object, players: int) -> None:
    """Check that field ``name`` is ``None`` or a seat."""
    if value is not None:
        int_in(name, value, 0, players - 1)


def _check_trick(trick: PlayedTrick) -> None:
    int_in("leader", trick.leader, 0, 3)
    tuple_of("cards", trick.cards, Card, limit=4)
    int_in("winner", trick.winner, -1, 3)


MAX_HAND_NUMBER: Final = 10**9
"""The largest hand number a score-sheet row, a view or an event holds, and
the documents read (a game of a billion hands is beyond any document)."""

_MOST_TRICKS: Final = max(hand_size(players) for players in (2, 3, 4))  # 17: three players' hands (V-10)


def _check_summary(summary: HandSummary) -> None:
    int_in("number", summary.number, 0, MAX_HAND_NUMBER)
    int_in("dealer", summary.dealer, 0, 3)
    tuple_of("bids", summary.bids, Bid, limit=4)
    for won in tuple_of("tricks_won", summary.tricks_won, int, limit=4):
        int_in("tricks_won", won, 0, _MOST_TRICKS)
    tuple_of("tricks", summary.tricks, PlayedTrick, limit=_MOST_TRICKS)
    if type(summary.result) is not HandScore:
        raise fail_type("result", "a HandScore", summary.result)


@attrs.frozen(slots=True, kw_only=True)
class PlayedTrick:
    """One trick as everyone at the table saw it (C-7).

    The fields are checked for type and range (a seat is an ``int`` from 0
    to 3, the cards a tuple of :class:`~spades.Card`): anything else raises
    :class:`~spades.ArgumentTypeError` or :class:`~spades.ArgumentError`.

    >>> from spades import Card
    >>> trick = PlayedTrick(leader=1, cards=tuple(map(Card.parse, ("AD", "JD", "9D", "TD"))), winner=1)
    >>> trick.cards[0], trick.winner
    (Card('AD'), 1)
    """

    leader: int
    """The seat that led."""
    cards: tuple[Card, ...]
    """The cards played, the lead first, clockwise from the leader."""
    winner: int
    """The seat that won the trick, or -1 while the trick is not complete."""

    def __attrs_post_init__(self) -> None:
        _check_trick(self)


@attrs.frozen(slots=True, kw_only=True)
class HandSummary:
    """A finished hand as every seat may know it: a score-sheet row without
    the hidden parts (the deal, the draft, the exchanges).  The fields are
    checked for type and range, as for :class:`PlayedTrick`.

    >>> import random
    >>> from spades import Rules, new_game, seat_view
    >>> state, rng = new_game(Rules.partnership(), seed=1), random.Random(0)
    >>> while not state.sheet:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> row = seat_view(state, 0, history=True).sheet[0]  # as seat 0 may know it
    >>> sum(row.tricks_won), len(row.tricks), row.result == state.sheet[0].result
    (13, 13, True)
    """

    number: int
    """The hand's number in the game, from 0."""
    dealer: int
    """The dealer (two-player: the first player)."""
    bids: tuple[Bid, ...]
    """Each seat's bid."""
    tricks_won: tuple[int, ...]
    """Tricks won by each seat (C-8)."""
    tricks: tuple[PlayedTrick, ...]
    """The tricks, in the order they were played (every card is public once
    played)."""
    result: HandScore
    """The hand's score for each side (S-1..S-8)."""

    def __attrs_post_init__(self) -> None:
        _check_summary(self)




def _check_record(record: HandRecord) -> None:
    """Check a record's fields for type and range, as :class:`HandSummary`
    checks its own: whether they can be a hand of some rules is for
    :func:`check_row`."""
    int_in("number", record.number, 0, MAX_HAND_NUMBER)
    int_in("dealer", record.dealer, 0, 3)
    hands = tuple_of("hands", record.hands, CardSet, limit=4)
    bids = tuple_of("bids", record.bids, Bid, limit=4)
    tricks = tuple_of("tricks", record.tricks, int, limit=4)
    for won in tricks:
        int_in("tricks", won, 0, _MOST_TRICKS)
    if not len(hands) == len(bids) == len(tricks):
        raise ArgumentError(f"a record holds a hand, a bid and a trick count per seat, got {len(hands)} hands, "
                            f"{len(bids)} bids and {len(tricks)} trick counts")
    if type(record.result) is not HandScore:
        raise fail_type("result", "a HandScore", record.result)
    tuple_of("actions", record.actions, ACTION_TYPES)


@attrs.frozen(slots=True, kw_only=True)
class HandRecord:
    """What happened in one hand, and how it was scored.

    >>> import random
    >>> from spades import Deal, Rules, new_game
    >>> state, rng = new_game(Rules.partnership(), seed=1), random.Random(0)
    >>> while not state.sheet:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> row = state.sheet[0]  # every seat's cards too: the state's, not a player's
    >>> row.number, sum(row.tricks), type(row.actions[0]) is Deal, [len(hand) for hand in row.hands]
    (0, 13, True, [13, 13, 13, 13])

    The records a game's state makes at the end of each hand work out
    :attr:`hands` and :attr:`actions` when they are first read, which
    changes nothing that can be seen (not equality, hashing, the text or a
    pickle), only what the end of a hand costs.

    A record made directly has its fields checked for type and range, as
    :class:`HandSummary`'s are (a tuple of :class:`~spades.Bid` for the
    bids, one per seat as the hands and the trick counts are, actions of
    the action types...): anything else raises
    :class:`~spades.ArgumentTypeError` or :class:`~spades.ArgumentError`.
    Whether it is a hand of given rules is checked by the functions that
    take a score-sheet row and its rules.

    >>> import attrs
    >>> attrs.evolve(row, bids=(None,) * 4)
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentTypeError: bids: expected entries of type Bid, got None
    """

    number: int
    """The hand's number in the game, from 0."""
    dealer: int
    """The dealer (in the two-player game, the first player)."""
    hands: tuple[CardSet, ...]
    """Each seat's hand as play began (after the deal or draft and any
    Double Nil exchange)."""
    bids: tuple[Bid, ...]
    """Each seat's bid."""
    tricks: tuple[int, ...]
    """Tricks won by each seat (C-8)."""
    result: HandScore
    """The hand's score for each side, with running totals (S-1..S-8)."""
    actions: tuple[Action, ...]
    """Every action of the hand in order, chance steps included."""
    # A record the state made (record_of): the hands as masks and the
    # state's log of the hand's actions, until ``hands`` and ``actions``
    # are first read (their slots are unset until then).
    _pending: tuple[tuple[int, ...], tuple[Any, ...]] = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _check_record(self)

    if not TYPE_CHECKING:  # hidden from type checkers, which would let any attribute through

        def __getattr__(self, name: str) -> Any:
            # Python comes here only for a slot not set: the lazy fields.
            if name == "hands" or name == "actions":
                try:
                    masks, log = _get_pending(self)
                except AttributeError:
                    pass
                else:
                    _set_hands(self, tuple(map(card_set_of_mask, masks)))
                    _set_actions(self, actions_of_log(log))
                    return _GETTERS[name](self)
            raise AttributeError(f"'HandRecord' object has no attribute {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        try:  # a record the state made: its compact form
            masks, log = _get_pending(self)
        except AttributeError:
            return (_record, (self.number, self.dealer, self.hands, self.bids, self.tricks, self.result, self.actions))
        return (record_of, (self.number, self.dealer, masks, self.bids, self.tricks, self.result, log))


def check_row(record: object, rules: object) -> tuple[HandRecord, Rules]:
    """``record`` and ``rules`` if ``record`` is a :class:`HandRecord` of a
    hand played under ``rules``: a bid, a trick count and a hand per seat
    of the rules (P-1, T-1, V-10), a score per side, its dealer one of the
    seats, its hands hands of the game (C-1, V-9; C-8), drafted when the
    rules draft (T-2) and dealt when they deal (P-2).  Otherwise
    :class:`~spades.ArgumentTypeError` or :class:`~spades.ArgumentError`
    (for the functions that take a score-sheet row and its rules)."""
    rules = check_rules(rules)
    if type(record) is not HandRecord:
        raise ArgumentTypeError(f"a score-sheet row is a HandRecord, got {type_name(record)}")
    players = rules.players
    try:
        seats = {len(record.bids), len(record.tricks), len(record.hands)}
        sides = len(record.result.sides)
        dealer = record.dealer
        drafted = any(type(action) is Draft for action in record.actions)
    except Exception:  # a record built of values that are not what its fields hold
        raise ArgumentError("the record's fields are not a hand's (its bids, tricks, hands, result and actions)") from None
    if seats != {players} or sides != len(rules.sides):
        raise ArgumentError(
            f"the record is of a hand of {', '.join(map(str, sorted(seats)))} seats and {sides} sides, not of these rules' "
            f"{players} seats and {len(rules.sides)} sides (P-1, T-1, V-10)"
        )
    if type(dealer) is not int or not 0 <= dealer < players:
        raise ArgumentError(f"the record's dealer is not a seat of these rules (P-1, T-1, V-10): {short_repr(dealer)}")
    for hand in record.hands:
        check_hand(hand, rules)
    if drafted != rules.is_draft:
        raise ArgumentError("the record's hand was " + ("drafted, and these rules deal (P-2)" if drafted else
                                                        "dealt, and these rules draft (T-2)"))
    return record, rules


def check_summary(summary: HandSummary, rules: Rules) -> None:
    """Check that ``summary`` can be a finished hand under ``rules``: a bid
    (of at most a hand's tricks) and a trick count per seat, its dealer one
    of the seats, a score per side (P-1, T-1, V-10; C-3), at most a hand's
    tricks of a card per seat each, led and won by seats, of cards of the
    deck (C-1, C-7, C-8, V-9).  Otherwise :class:`~spades.ArgumentError`
    (for what works out a game from score-sheet rows).  Whether a game can
    give these bids, tricks and scores is not checked here."""
    players, size = rules.players, rules.hand_size
    if len(summary.bids) != players or len(summary.tricks_won) != players or len(summary.result.sides) != len(rules.sides):
        raise ArgumentError(
            f"the row is of {len(summary.bids)} bids, {len(summary.tricks_won)} trick counts and "
            f"{len(summary.result.sides)} scores, not these rules' {players} seats and {len(rules.sides)} sides (P-1, T-1, V-10)"
        )
    if summary.dealer >= players:
        raise ArgumentError(f"the row's dealer is not a seat of these rules: {summary.dealer} (P-1, T-1, V-10)")
    if any(bid.tricks > size for bid in summary.bids) or any(won > size for won in summary.tricks_won):
        raise ArgumentError(f"the row's bids and trick counts are of at most {size} tricks, a hand's (C-3, C-8)")
    if len(summary.tricks) > size:
        raise ArgumentError(f"the row holds {len(summary.tricks)} tricks, more than a hand's {size} (C-8)")
    deck = rules.deck_mask
    for trick in summary.tricks:
        if trick.leader >= players or trick.winner >= players or len(trick.cards) > players:
            raise ArgumentError("the row holds a trick of seats or of more cards than these rules' (C-7)")
        for card in trick.cards:
            if not deck >> card & 1:
                raise ArgumentError(f"the row holds {card}, which is not in this deck (C-1, V-9, V-10)")


def _record(
    number: int,
    dealer: int,
    hands: tuple[CardSet, ...],
    bids: tuple[Bid, ...],
    tricks: tuple[int, ...],
    result: HandScore,
    actions: tuple[Action, ...],
) -> HandRecord:
    """A record from its fields (how a pickled record is rebuilt)."""
    return HandRecord(number=number, dealer=dealer, hands=hands, bids=bids, tricks=tricks, result=result, actions=actions)


def actions_of_log(log: tuple[Any, ...]) -> tuple[Action, ...]:
    """The actions of a state's log, in order (internal): the log is a
    chain of pairs ``(earlier, actions)``, ``()`` at its start, so that
    each step of a hand adds one small pair."""
    parts = []
    node = log
    while node:
        node, actions = node
        parts.append(actions)
    parts.reverse()
    return tuple(chain.from_iterable(parts))


def log_size_and_first(log: tuple[Any, ...]) -> tuple[int, Action | None]:
    """How many actions a state's log holds, and its first (``None`` for
    an empty log), without making the tuple of them (internal: the log as
    :func:`actions_of_log` reads it)."""
    size = 0
    earliest: tuple[Action, ...] = ()
    node = log
    while node:
        node, actions = node
        if actions:
            size += len(actions)
            earliest = actions
    return size, earliest[0] if earliest else None


_set_number, _set_dealer, _set_hands, _set_bids, _set_tricks, _set_result, _set_actions, _set_pending = (
    getattr(HandRecord, f.name).__set__ for f in attrs.fields(HandRecord)
)
_SLOTS: dict[str, Any] = {name: HandRecord.__dict__[name] for name in ("_pending", "hands", "actions")}
_get_pending = _SLOTS["_pending"].__get__
_GETTERS = {"hands": _SLOTS["hands"].__get__, "actions": _SLOTS["actions"].__get__}


def record_of(
    number: int,
    dealer: int,
    masks: tuple[int, ...],
    bids: tuple[Bid, ...],
    tricks: tuple[int, ...],
    result: HandScore,
    log: tuple[Any, ...],
) -> HandRecord:
    """The record of a hand the state has just played (internal fast path):
    the hands as masks and the hand's log (see :func:`actions_of_log`),
    made into :class:`~spades.CardSet` values and actions when first read."""
    record: HandRecord = _new(HandRecord)
    _set_number(record, number)
    _set_dealer(record, dealer)
    _set_bids(record, bids)
    _set_tricks(record, tricks)
    _set_result(record, result)
    _set_pending(record, (masks, log))
    return record


_new = object.__new__
_SUMMARY_SETTERS = tuple(getattr(HandSummary, f.name).__set__ for f in attrs.fields(HandSummary))
_set_row_number, _set_row_dealer, _set_row_bids, _set_row_tricks_won, _set_row_tricks, _set_row_result = _SUMMARY_SETTERS


def public_row(record: HandRecord) -> HandSummary:
    """``record`` as every seat may see it on the score sheet, without its
    tricks: the hand's number, dealer, bids, tricks won and score (internal
    fast path: the state keeps one per finished hand, so views share them)."""
    summary: HandSummary = _new(HandSummary)
    _set_row_number(summary, record.number)
    _set_row_dealer(summary, record.dealer)
    _set_row_bids(summary, record.bids)
    _set_row_tricks_won(summary, record.tricks)
    _set_row_tricks(summary, ())
    _set_row_result(summary, record.result)
    return summary
