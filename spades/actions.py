"""The actions a game state accepts.

A player's action is a :class:`~spades.Card` (play it, or in an exchange,
pass or discard it as part of an :class:`Exchange`), a :class:`Bid`, a
:class:`Draft` choice or an :class:`Exchange`.  A *chance* action says what
chance decided: a :class:`Deal` (partnership and cutthroat), the :class:`Stock`
order of the two-player draft, or the :class:`Replacement` cards drawn after a
two-player Double Nil.  A seeded game resolves chance by itself; an unseeded
one waits for the caller to apply a chance action (a known deal, a replay, or
one drawn with :meth:`~spades.GameState.sample_chance`).

>>> from spades import Bid
>>> Bid(4), Bid.NIL, Bid.DOUBLE_NIL
(Bid(4), Bid(0), Bid(0, double_nil=True))
>>> str(Bid(4)), str(Bid.NIL), str(Bid.DOUBLE_NIL)
('4', 'nil', 'double nil')
>>> Bid.parse("DN") == Bid.DOUBLE_NIL
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import ClassVar, Final, Union

import attrs

from spades.cards import Card, CardSet
from spades.errors import ParseError

__all__ = ["Bid", "Draft", "Exchange", "Deal", "Stock", "Replacement", "Action", "ChanceAction"]


@attrs.frozen(slots=True, repr=False)
class Bid:
    """A bid of a number of tricks; ``Bid(0)`` (:attr:`Bid.NIL`) is Nil (C-3)
    and ``Bid(0, double_nil=True)`` (:attr:`Bid.DOUBLE_NIL`) is Double (Blind)
    Nil (P-6, T-6).

    The number is not checked here: the state and
    :func:`~spades.bidding.bid_error` say whether a bid is legal.
    """

    tricks: int
    """Tricks bid (0 for Nil and Double Nil)."""
    double_nil: bool = False
    """True for Double Nil, a Nil bid made before looking at the cards."""

    NIL: ClassVar[Bid]
    """The Nil bid: zero tricks (P-5, T-5)."""
    DOUBLE_NIL: ClassVar[Bid]
    """The Double (Blind) Nil bid (P-6, T-6)."""

    @property
    def is_nil(self) -> bool:
        """True for Nil and Double Nil."""
        return self.tricks == 0

    @classmethod
    def parse(cls, text: str) -> Bid:
        """Read ``"4"``, ``"nil"``/``"n"``, ``"double nil"``/``"dn"``/``"blind nil"``/``"bn"``."""
        if not isinstance(text, str):
            raise ParseError(f"a bid must be given as text, got {text!r}")
        token = " ".join(text.strip().lower().replace("_", " ").replace("-", " ").split())
        if token in ("nil", "n"):
            return cls(0)
        if token in ("double nil", "dn", "blind nil", "bn", "doublenil", "blindnil"):
            return cls(0, True)
        if token.isdigit() and len(token) <= 2:
            return cls(int(token))
        raise ParseError(f"cannot read {text!r} as a bid: expected 0..13, 'nil' or 'double nil'")

    def __str__(self) -> str:
        if self.double_nil:
            return "double nil"
        return "nil" if self.tricks == 0 else str(self.tricks)

    def __repr__(self) -> str:
        return "Bid(0, double_nil=True)" if self.double_nil else f"Bid({self.tricks})"


Bid.NIL = Bid(0)
Bid.DOUBLE_NIL = Bid(0, True)

BIDS: Final = tuple(Bid(n) for n in range(18))
"""Cached bids 0..17 (17 tricks is the three-player hand)."""


class Draft(enum.Enum):
    """A two-player draft decision about the top card of the stock (T-2).

    ``KEEP``: keep it; the next card goes to the discard pile.  ``REJECT``:
    discard it; the next card is kept, as the rule forces.
    """

    KEEP = "keep"
    REJECT = "reject"

    def __str__(self) -> str:
        return self.value


def _card_set(value: CardSet | str | Iterable[Card | str]) -> CardSet:
    if isinstance(value, CardSet):
        return value
    if isinstance(value, str):
        return CardSet.parse(value)
    return CardSet.from_cards(value)


@attrs.frozen(slots=True, repr=False)
class Exchange:
    """Cards given in a Double Nil exchange: in a partnership, passed to the
    partner (P-6); in the two-player game, discarded to draw replacements
    (T-6)."""

    cards: CardSet = attrs.field(converter=_card_set)
    """The cards given."""

    def __str__(self) -> str:
        return "exchange " + (" ".join(str(c) for c in self.cards) if self.cards else "-")

    def __repr__(self) -> str:
        return f"Exchange({self.cards!r})"


def _hands(value: Iterable[CardSet | str]) -> tuple[CardSet, ...]:
    return tuple(v if isinstance(v, CardSet) else CardSet.parse(v) for v in value)


@attrs.frozen(slots=True)
class Deal:
    """Chance: the hands dealt, one :class:`~spades.CardSet` per seat (P-2)."""

    hands: tuple[CardSet, ...] = attrs.field(converter=_hands)
    """Seat-indexed hands."""

    def __str__(self) -> str:
        return "deal " + " ".join(str(h) for h in self.hands)


def _cards(value: Iterable[Card | str]) -> tuple[Card, ...]:
    return tuple(Card.parse(v) if isinstance(v, str) else Card(v) for v in value)


@attrs.frozen(slots=True)
class Stock:
    """Chance: the order of the shuffled stock of the two-player draft, top
    card first (T-2)."""

    cards: tuple[Card, ...] = attrs.field(converter=_cards)
    """The stock, top card first."""

    def __str__(self) -> str:
        return "stock " + " ".join(str(c) for c in self.cards)


@attrs.frozen(slots=True)
class Replacement:
    """Chance: the cards a two-player Double Nil bidder draws from the discard
    pile to replace the cards discarded (T-6)."""

    cards: CardSet = attrs.field(converter=_card_set)
    """The cards drawn."""

    def __str__(self) -> str:
        return "replacement " + (" ".join(str(c) for c in self.cards) if self.cards else "-")


Action = Union[Card, Bid, Draft, Exchange, Deal, Stock, Replacement]
"""Any action a state can be given."""
ChanceAction = Union[Deal, Stock, Replacement]
"""An action that says what chance decided."""


def exchange_of(cards: Sequence[Card]) -> Exchange:
    """An :class:`Exchange` of ``cards`` (internal helper for enumeration)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return Exchange(CardSet(mask))
