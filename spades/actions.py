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
import functools
import itertools
import operator
from collections.abc import Iterable, Iterator, Sequence
from collections.abc import Sequence as SequenceABC
from typing import Any, ClassVar, Final, Union, cast, overload

import attrs

from spades.cards import NUM_CARD_INDEXES, Card, CardSet, card_set_of_mask, cards_of_mask
from spades.errors import (
    check_flags,
    is_a,
    ArgumentError,
    ArgumentTypeError,
    CheckedEnumType,
    Immutable,
    ParseError,
    ascii_lower,
    exact_str,
    read_bounded,
    short_repr,
    type_name,
)

__all__ = [
    "Bid", "Draft", "Exchange", "ExchangeChoices", "Deal", "Stock", "Replacement", "Action", "ChanceAction",
    "read_action", "MAX_ACTION_TEXT", "ExchangeIndexError",
]


MAX_BID_TRICKS: Final = 99
"""The largest number of tricks a :class:`Bid` can hold (a bound on the
value, not a rule: the rules allow at most the hand's size, C-3)."""


@attrs.frozen(slots=True, repr=False)
class Bid:
    """A bid of a number of tricks; ``Bid(0)`` (:attr:`Bid.NIL`) is Nil (C-3)
    and ``Bid(0, double_nil=True)`` (:attr:`Bid.DOUBLE_NIL`) is Double (Blind)
    Nil (P-6, T-6).

    ``tricks`` is an ``int`` (not a ``bool``) from 0 to :data:`MAX_BID_TRICKS`
    (99) and ``double_nil`` exactly a ``bool``; Double Nil is a bid of 0
    tricks.  Anything else raises :class:`~spades.ArgumentTypeError` (a wrong
    type) or :class:`~spades.ArgumentError`.  Within that range the number is
    not checked here: the state and :func:`~spades.bid_error` say whether a
    bid is legal (``Bid(14)`` is a bid, refused by the rules, C-3).

    >>> Bid(-1)
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentError: a bid is 0..99 tricks, got -1
    >>> Bid(3, double_nil=True)
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentError: Double Nil is a bid of 0 tricks, not 3 (rule P-6)
    """

    tricks: int
    """Tricks bid (0 for Nil and Double Nil)."""
    double_nil: bool = False
    """True for Double Nil, a Nil bid made before looking at the cards."""

    NIL: ClassVar[Bid]
    """The Nil bid: zero tricks (P-5, T-5)."""
    DOUBLE_NIL: ClassVar[Bid]
    """The Double (Blind) Nil bid (P-6, T-6)."""

    def __attrs_post_init__(self) -> None:
        tricks = self.tricks
        if type(tricks) is not int:
            raise ArgumentTypeError(f"a bid's tricks are an int, got {short_repr(tricks)}")
        if not 0 <= tricks <= MAX_BID_TRICKS:
            raise ArgumentError(f"a bid is 0..{MAX_BID_TRICKS} tricks, got {short_repr(tricks)}")
        double_nil = self.double_nil
        check_flags(double_nil=double_nil)
        if double_nil and tricks:
            raise ArgumentError(f"Double Nil is a bid of 0 tricks, not {tricks} (rule P-6)")

    @property
    def is_nil(self) -> bool:
        """True for Nil and Double Nil."""
        return self.tricks == 0

    @classmethod
    def parse(cls, text: str) -> Bid:
        """Read ``"4"``, ``"nil"``/``"n"``, ``"double nil"``/``"dn"``/``"dnil"``/``"blind nil"``/``"bn"``."""
        if not is_a(text, str):
            raise ParseError(f"a bid must be given as text, got {short_repr(text)}")
        text = exact_str(text)
        token = " ".join(ascii_lower(text.strip()).replace("_", " ").replace("-", " ").split())
        if token in ("nil", "n"):
            return cls(0)
        if token in ("double nil", "dn", "dnil", "blind nil", "bn", "bnil", "doublenil", "blindnil"):
            return cls(0, True)
        digits = text.strip()  # not ``token``: "-1" must not read as 1
        if digits.isascii() and digits.isdigit() and len(digits) <= 2:
            return cls(int(digits))
        raise ParseError(f"cannot read {short_repr(text)} as a bid: expected 0..13, 'nil' or 'double nil'")

    def __str__(self) -> str:
        if self.double_nil:
            return "double nil"
        return "nil" if self.tricks == 0 else str(self.tricks)

    def __repr__(self) -> str:
        return "Bid(0, double_nil=True)" if self.double_nil else f"Bid({self.tricks})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_bid_of, (self.tricks, self.double_nil))


Bid.NIL = Bid(0)
Bid.DOUBLE_NIL = Bid(0, True)

BIDS: Final = (Bid.NIL, *(Bid(n) for n in range(1, 18)))
"""Cached bids 0..17 (17 tricks is the three-player hand); ``BIDS[0]`` is
:attr:`Bid.NIL`."""


def _bid_of(tricks: int, double_nil: bool) -> Bid:
    """The bid of a pickle (see ``Bid.__reduce__``): one of the cached bids
    when there is one, else ``Bid(tricks, double_nil)``, checked."""
    if double_nil is True and tricks == 0:
        return Bid.DOUBLE_NIL
    if double_nil is False and type(tricks) is int and 0 <= tricks < len(BIDS):
        return BIDS[tricks]
    return Bid(tricks, double_nil)


class Draft(enum.Enum, metaclass=CheckedEnumType):
    """A two-player draft decision about the top card of the stock (T-2).

    ``KEEP``: keep it; the next card goes to the discard pile.  ``REJECT``:
    discard it; the next card is kept, as the rule forces.

    ``Draft("keep")`` looks a member up by its exact value; other text
    raises :class:`~spades.ParseError` and a value that is not text
    :class:`~spades.ArgumentTypeError` (both ``ValueError`` subclasses, as
    for any enum).  :meth:`parse` reads text more freely (any case, blanks
    around).

    >>> Draft("keep")
    <Draft.KEEP: 'keep'>
    >>> Draft("Keep")
    Traceback (most recent call last):
    ...
    spades.errors.ParseError: 'Keep' is not a Draft: the values are 'keep', 'reject'
    """

    KEEP = "keep"
    REJECT = "reject"

    @classmethod
    def parse(cls, text: str) -> Draft:
        """Read ``"keep"`` or ``"reject"`` (any case, blanks around ignored).

        >>> Draft.parse(" Keep "), Draft.parse("REJECT")
        (<Draft.KEEP: 'keep'>, <Draft.REJECT: 'reject'>)
        >>> Draft.parse("take")
        Traceback (most recent call last):
        ...
        spades.errors.ParseError: cannot read 'take' as a draft choice: expected 'keep' or 'reject'
        """
        if not is_a(text, str):
            raise ParseError(f"a draft choice must be given as text, got {short_repr(text)}")
        text = exact_str(text)
        token = ascii_lower(text.strip())
        if token == "keep":
            return cls.KEEP
        if token == "reject":
            return cls.REJECT
        raise ParseError(f"cannot read {short_repr(text)} as a draft choice: expected 'keep' or 'reject'")

    def __str__(self) -> str:
        return self.value


def _card_set(value: CardSet | str | Iterable[Card | int | str]) -> CardSet:
    if type(value) is CardSet:
        return value
    if is_a(value, str):
        text = exact_str(value)
        return CardSet(0) if text.strip() == "-" else CardSet.parse(text)
    if is_a(value, CardSet):  # a subclass: its mask, checked again
        return CardSet(value.mask)
    return CardSet.from_cards(value)


@attrs.frozen(slots=True, repr=False)
class Exchange:
    """Cards given in a Double Nil exchange: in a partnership, passed to the
    partner (P-6); in the two-player game, discarded to draw replacements
    (T-6).

    The cards are a :class:`~spades.CardSet`, its text (any spelling
    :meth:`CardSet.parse <spades.CardSet.parse>` reads, or ``"-"`` for no
    card) or an iterable of cards.  ``str()`` is the canonical text: the
    cards separated by spaces, or ``-``.

    >>> str(Exchange("7h 3c 5s")), str(Exchange("-"))
    ('3C 7H 5S', '-')
    >>> Exchange(str(Exchange("7h 3c 5s"))) == Exchange("3C 5S 7H")
    True
    """

    cards: CardSet = attrs.field(converter=_card_set)
    """The cards given."""

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards) if self.cards else "-"

    def __repr__(self) -> str:
        return f"Exchange({self.cards!r})"


_set_exchange_cards = Exchange.__dict__["cards"].__set__


def exchange_of_mask(mask: int) -> Exchange:
    """``Exchange(CardSet(mask))`` for a mask this library has already
    checked (internal fast path: no conversion)."""
    exchange: Exchange = object.__new__(Exchange)
    _set_exchange_cards(exchange, card_set_of_mask(mask))
    return exchange


MAX_ACTION_TEXT: Final = 200
"""The longest text :func:`read_action` reads (a player's action is a few
words; longer text is refused unread)."""


def read_action(text: object) -> dict[str, Action]:
    """Every reading of a player's text as an action, by kind: ``"card"``
    (a :class:`~spades.Card`), ``"bid"`` (a :class:`Bid`), ``"draft"`` (a
    :class:`Draft` choice) and ``"exchange"`` (an :class:`Exchange`), for
    the kinds the text can be read as.  Which one a state takes depends on
    its phase: :meth:`GameState.parse_action <spades.GameState.parse_action>`.

    The spellings: ``QH``, ``Q♥``, ``10h``, ``qh`` (cards); ``4``, ``nil``,
    ``double nil``, ``blind nil``, ``dnil``, ``dn`` (bids); ``keep``,
    ``reject``; ``3C 7H 5S``, ``3c,7h,5s`` or ``-`` (an exchange).  A text
    of one card is a card and an exchange of that card.  Text that is not a
    ``str``, empty, longer than :data:`MAX_ACTION_TEXT` or read as nothing
    raises :class:`~spades.ParseError`.

    >>> sorted(read_action("QH")), read_action("blind nil")["bid"], read_action("-")["exchange"]
    (['card', 'exchange'], Bid(0, double_nil=True), Exchange(CardSet('...')))
    """
    if not is_a(text, str):
        raise ParseError(f"an action is given as text, got {short_repr(text)}")
    text = exact_str(text)
    if len(text) > MAX_ACTION_TEXT:
        raise ParseError(f"an action's text is at most {MAX_ACTION_TEXT} characters, got {len(text)}")
    token = text.strip()
    if not token:
        raise ParseError("an action's text is empty")
    readings: dict[str, Action] = {}
    for kind, reader in (("draft", Draft.parse), ("bid", Bid.parse)):
        try:
            readings[kind] = reader(token)
        except ParseError:
            pass
    if token == "-":
        readings["exchange"] = Exchange(CardSet(0))
    elif "bid" not in readings and "draft" not in readings:
        try:
            cards = CardSet.parse(token)
        except ParseError:
            cards = None
        if cards:
            readings["exchange"] = Exchange(cards)
            if len(cards) == 1:
                readings["card"] = next(iter(cards))
    if not readings:
        raise ParseError(
            f"cannot read {short_repr(text)} as an action: expected a card (QH), a bid (4, nil, double nil), "
            "keep or reject, or the cards of an exchange (3C 7H 5S, or -)"
        )
    return readings


MAX_CHANCE_ITEMS: Final = NUM_CARD_INDEXES
"""The most hands a :class:`Deal`, or cards a :class:`Stock`, can hold: no
deck has more cards (V-9), so longer sequences are refused unread."""


def _read_items(value: object, what: str, items: str) -> tuple[object, ...]:
    """The items of ``value``, a sequence that is not text, read up to one
    past the bound (so an endless iterator cannot hang the constructor)."""
    return read_bounded(
        value, MAX_CHANCE_ITEMS, ParseError, f"a {what} is a sequence of {items}, got {{value}}",
        f"a {what} holds at most {MAX_CHANCE_ITEMS} {items}",
    )


MAX_ACTIONS: Final = 1_000_000
"""The most actions a game's functions read from a caller's sequence (and
the most a :class:`~spades.Record` holds)."""


def read_actions(actions: object) -> tuple[object, ...]:
    """``actions``, an iterable that is not text, as a tuple of at most
    :data:`MAX_ACTIONS` values; else :class:`~spades.ArgumentError`."""
    if type(actions) is tuple and len(actions) <= MAX_ACTIONS:
        return actions
    return read_bounded(
        actions, MAX_ACTIONS, ArgumentError, "the actions are an iterable of actions, got {got}",
        f"more than {MAX_ACTIONS} actions", ArgumentTypeError,
    )


def read_action_list(actions: object) -> tuple[Action, ...]:
    """:func:`read_actions`, each value of one of the action types
    (:data:`ACTION_TYPES`; whether it is legal where it stands is not
    checked): else :class:`~spades.ArgumentTypeError`, naming the first
    value that is not an action."""
    items = read_actions(actions)
    stray = not_an_action(items)
    if stray is not None:
        raise ArgumentTypeError(f"the actions are actions: item {stray}")
    return items  # type: ignore[return-value]  # each item checked above


def not_an_action(items: Sequence[object]) -> str | None:
    """The first of ``items`` that is of no action type (:data:`ACTION_TYPES`),
    as a message names it (``"2 is None, of type NoneType"``: its place
    from 1, its value quoted short), or ``None`` when every item is of one."""
    if _ACTION_TYPE_SET.issuperset(map(type, items)):
        return None
    index, value = next((i, a) for i, a in enumerate(items) if type(a) not in ACTION_TYPES)
    return f"{index + 1} is {short_repr(value)}, of type {type_name(value)}"


def _hands(value: Iterable[CardSet | str]) -> tuple[CardSet, ...]:
    if type(value) is tuple and all(type(hand) is CardSet for hand in value) and len(value) <= MAX_CHANCE_ITEMS:
        return value
    hands = []
    for hand in _read_items(value, "deal", "hands"):
        if type(hand) is CardSet:
            hands.append(hand)
        elif is_a(hand, str):
            hands.append(CardSet.parse(hand))
        elif is_a(hand, CardSet):
            hands.append(CardSet(hand.mask))
        else:
            raise ParseError(f"a hand of a deal is a CardSet or its text, got {short_repr(hand)}")
    return tuple(hands)


@attrs.frozen(slots=True)
class Deal:
    """Chance: the hands dealt, one :class:`~spades.CardSet` per seat (P-2).

    The hands are card sets or their text, at most :data:`MAX_CHANCE_ITEMS`
    of them; anything else raises :class:`~spades.ParseError`.  Whether they
    make a possible deal (one hand per seat, of the right size, sharing no
    card) is the state's business: it refuses an impossible deal with
    ``BAD_CHANCE`` (:func:`~spades.deal.deal_error`).

    >>> import random
    >>> from spades import Rules, new_game
    >>> state = new_game(Rules.partnership())  # unseeded: the deal is supplied
    >>> deal = state.sample_chance(random.Random(1))
    >>> type(deal).__name__, [len(hand) for hand in deal.hands]
    ('Deal', [13, 13, 13, 13])
    >>> state.apply(deal).hand(0) == deal.hands[0]
    True
    """

    hands: tuple[CardSet, ...] = attrs.field(converter=_hands)
    """Seat-indexed hands."""

    def __str__(self) -> str:
        return "deal " + " ".join(str(h) for h in self.hands)


(_set_hands,) = (getattr(Deal, f.name).__set__ for f in attrs.fields(Deal))


def deal_of_card_sets(hands: tuple[CardSet, ...]) -> Deal:
    """``Deal(hands)`` for hands this library has already built (internal
    fast path: no conversion)."""
    deal: Deal = object.__new__(Deal)
    _set_hands(deal, hands)
    return deal


def _cards(value: Iterable[Card | int | str]) -> tuple[Card, ...]:
    if type(value) is tuple and all(type(card) is Card for card in value) and len(value) <= MAX_CHANCE_ITEMS:
        return value
    cards = []
    for card in _read_items(value, "stock", "cards"):
        if type(card) is Card or type(card) is int:
            cards.append(Card(card))
        elif is_a(card, str):
            cards.append(Card.parse(card))
        else:
            raise ParseError(f"a card of a stock is a Card, card text or card index, got {short_repr(card)}")
    return tuple(cards)


@attrs.frozen(slots=True)
class Stock:
    """Chance: the order of the shuffled stock of the two-player draft, top
    card first (T-2).

    The cards are cards, card text or card indexes, at most
    :data:`MAX_CHANCE_ITEMS` of them; anything else raises
    :class:`~spades.ParseError`.  Whether they are the whole deck, each card
    once, is the state's business (``BAD_CHANCE``).

    >>> from spades import Rules, new_game
    >>> state = new_game(Rules.two_player())  # unseeded: the stock is supplied
    >>> stock = Stock([index for index in range(52)])  # 2C on top, then 3C...
    >>> str(state.apply(stock).top_of_stock), len(stock.cards)
    ('2C', 52)
    """

    cards: tuple[Card, ...] = attrs.field(converter=_cards)
    """The stock, top card first."""

    def __str__(self) -> str:
        return "stock " + " ".join(str(c) for c in self.cards)


@attrs.frozen(slots=True)
class Replacement:
    """Chance: the cards a two-player Double Nil bidder draws from the discard
    pile to replace the cards discarded (T-6).

    >>> from spades import CardSet
    >>> str(Replacement(CardSet.parse("AK..."))), str(Replacement("-"))
    ('replacement KS AS', 'replacement -')
    """

    cards: CardSet = attrs.field(converter=_card_set)
    """The cards drawn."""

    def __str__(self) -> str:
        return "replacement " + (" ".join(str(c) for c in self.cards) if self.cards else "-")


Action = Union[Card, Bid, Draft, Exchange, Deal, Stock, Replacement]
"""Any action a state can be given."""
ChanceAction = Union[Deal, Stock, Replacement]
"""An action that says what chance decided."""
ACTION_TYPES: Final = (Card, Bid, Draft, Exchange, Deal, Stock, Replacement)
"""The types of :data:`Action` (a value of another type is no action)."""
_ACTION_TYPE_SET: Final = frozenset(ACTION_TYPES)


def _is_card(value: object) -> bool:
    return type(value) is Card and 0 <= value < NUM_CARD_INDEXES and Card(int(value)) is value


def _is_card_set(value: object) -> bool:
    return type(value) is CardSet and type(value.mask) is int and 0 <= value.mask < 1 << NUM_CARD_INDEXES


def malformed_action(value: object) -> bool:
    """Whether ``value`` is of an action type but holds what the type's
    constructor refuses (a value forged around the constructor, or a card
    made with ``int.__new__``): the state refuses it as ``NOT_AN_ACTION``.
    Values of other types are not malformed actions, they are not actions."""
    kind = type(value)
    try:
        if kind is Card:
            return not _is_card(value)
        if kind is Bid:
            tricks, double_nil = value.tricks, value.double_nil  # type: ignore[attr-defined]
            return not (
                type(tricks) is int
                and 0 <= tricks <= MAX_BID_TRICKS
                and (double_nil is False or (double_nil is True and tricks == 0))
            )
        if kind is Exchange or kind is Replacement:
            return not _is_card_set(value.cards)  # type: ignore[attr-defined]
        if kind is Deal:
            hands = value.hands  # type: ignore[attr-defined]
            return not (
                type(hands) is tuple and len(hands) <= MAX_CHANCE_ITEMS and all(_is_card_set(h) for h in hands)
            )
        if kind is Stock:
            cards = value.cards  # type: ignore[attr-defined]
            return not (
                type(cards) is tuple and len(cards) <= MAX_CHANCE_ITEMS and all(_is_card(c) for c in cards)
            )
    except AttributeError:  # a slot left empty
        return True
    return False


@functools.lru_cache(maxsize=None)
def _combinations(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    return tuple(itertools.combinations(range(n), k))


class ExchangeIndexError(ArgumentError, IndexError):
    """An index out of range of an :class:`ExchangeChoices`: an
    :class:`~spades.ArgumentError`, and the ``IndexError`` a sequence
    raises there."""


MAX_EXCHANGE: Final = 3
"""The most cards a Double Nil exchange holds (the greatest
``double_nil_exchange``, V-3)."""


class ExchangeChoices(SequenceABC[Exchange], Immutable):
    """Every :class:`Exchange` of a hand, as a lazy read-only sequence.

    ``sizes`` are the numbers of cards an exchange may hold, each from 0 to
    :data:`MAX_EXCHANGE` (3); anything else raises
    :class:`~spades.ArgumentError`.

    This is what :meth:`~spades.GameState.legal_actions` returns in the
    exchange phases, where a hand has hundreds of possible exchanges: each
    is built only when it is looked at.  Order: size by size, in the order
    of ``sizes`` (the library gives them smallest first), then the
    lexicographic order of card indexes; a size given twice lists its
    exchanges twice, as a tuple would.

    >>> from spades import CardSet
    >>> choices = ExchangeChoices(CardSet.parse("AK.Q.J.2"), (2,))
    >>> len(choices), choices[0]
    (10, Exchange(CardSet('..J.2')))
    >>> Exchange(CardSet.parse("AK...")) in choices
    True

    It is equal to the tuple (or list) of the same exchanges, and hashes as
    that tuple.  An index that is not an int raises
    :class:`~spades.ArgumentTypeError`; one out of range raises
    :class:`~spades.ArgumentError`, which is also an ``IndexError`` (as a
    sequence's must be).

    >>> choices == tuple(choices) and hash(choices) == hash(tuple(choices))
    True
    >>> choices[10]
    Traceback (most recent call last):
    ...
    spades.actions.ExchangeIndexError: no exchange 10: there are 10 (0 to 9)
    """

    __slots__ = ("_cards", "_combos", "_mask", "_sizes", "_hash")
    _cards: tuple[Card, ...]
    _combos: tuple[tuple[int, ...], ...]
    _mask: int
    _sizes: tuple[int, ...]
    _hash: int

    def __init__(self, hand: CardSet, sizes: tuple[int, ...] | list[int]) -> None:
        if type(hand) is not CardSet:
            raise ArgumentTypeError(f"the hand is a CardSet, got {type_name(hand)}")
        if not is_a(sizes, (tuple, list)):
            raise ArgumentTypeError(f"the sizes are a tuple of ints, got {type_name(sizes)}")
        # The items as a tuple or a list holds them, whatever a subclass says.
        kind: Any = tuple if is_a(sizes, tuple) else list
        count: int = kind.__len__(sizes)
        items: tuple[object, ...] = tuple(kind.__iter__(sizes)) if count <= MAX_EXCHANGE + 1 else ()
        if len(items) != count or any(type(n) is not int or not 0 <= n <= MAX_EXCHANGE for n in items):
            raise ArgumentError(f"an exchange holds 0 to {MAX_EXCHANGE} cards (V-3), got the sizes {short_repr(sizes)}")
        self._fill(hand.mask, cast("tuple[int, ...]", items))

    def _fill(self, mask: int, sizes: tuple[int, ...]) -> None:
        setter = object.__setattr__  # the one place these are set (see Immutable)
        cards = cards_of_mask(mask)
        combos: tuple[tuple[int, ...], ...] = ()
        for size in sizes:
            combos += _combinations(len(cards), size)
        setter(self, "_mask", mask)
        setter(self, "_sizes", sizes)
        setter(self, "_cards", cards)
        setter(self, "_combos", combos)

    def __len__(self) -> int:
        return len(self._combos)

    @overload
    def __getitem__(self, index: int) -> Exchange: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Exchange, ...]: ...

    def __getitem__(self, index: int | slice) -> Exchange | tuple[Exchange, ...]:
        if is_a(index, slice):
            try:
                span = range(*index.indices(len(self)))
            except TypeError:
                raise ArgumentTypeError(f"a slice of exchanges has int bounds and step, got {short_repr(index)}") from None
            except ValueError:  # a step of 0
                raise ArgumentError(f"a slice of exchanges has a step other than 0, got {short_repr(index)}") from None
            return tuple(self[i] for i in span)
        if type(index) is not int:
            if is_a(index, bool) or not hasattr(type(index), "__index__"):  # a bool is not an index here
                raise ArgumentTypeError(f"an exchange's index is an int, got {type_name(index)}")
            try:
                index = operator.index(index)  # an object standing for an int
            except Exception:  # its __index__ raised, or gave no int
                raise ArgumentTypeError(f"an exchange's index is an int, got {type_name(index)}, "
                                        "which does not stand for one") from None
        count = len(self._combos)
        if not -count <= index < count:
            raise ExchangeIndexError(
                f"no exchange {short_repr(index)}: there are {count}" + (f" (0 to {count - 1})" if count else "")
            )
        cards = self._cards
        mask = 0
        for position in self._combos[index]:
            mask |= 1 << cards[position]
        return exchange_of_mask(mask)

    def __contains__(self, value: object) -> bool:
        if not is_a(value, Exchange):
            return False
        mask = value.cards.mask
        return mask & ~self._mask == 0 and mask.bit_count() in self._sizes

    def _positions(self, value: object) -> Iterator[int]:
        """The positions of ``value`` (compared by its cards, never by its
        own methods)."""
        if not is_a(value, Exchange) or value not in self:
            return
        wanted, cards = value.cards.mask, self._cards
        for position, combo in enumerate(self._combos):
            mask = 0
            for at in combo:
                mask |= 1 << cards[at]
            if mask == wanted:
                yield position

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """The position of exchange ``value``, as a tuple's ``index``; an
        :class:`~spades.ArgumentError` (a ``ValueError``) when it is not
        one of these.

        >>> choices = ExchangeChoices(CardSet.parse("AK.Q.J."), (1,))
        >>> choices.index(Exchange("QH"))
        1
        """
        try:
            span = range(len(self))[slice(start, stop)]  # the bounds as a tuple reads them
        except Exception:
            raise ArgumentTypeError(f"start and stop are ints or None, got {short_repr(start)} and {short_repr(stop)}") from None
        for position in self._positions(value):
            if position in span:
                return position
        raise ArgumentError(f"{short_repr(value)} is not one of these exchanges")

    def count(self, value: object) -> int:
        """How many times exchange ``value`` is among these, as a tuple's
        ``count``."""
        return sum(1 for _ in self._positions(value))

    def __eq__(self, other: object) -> bool:
        if is_a(other, ExchangeChoices):
            if self._mask == other._mask and self._sizes == other._sizes:
                return True
            return len(self) == len(other) and tuple(self) == tuple(other)
        if is_a(other, (tuple, list)):
            listed = cast(Sequence[Any], other)
            return len(self) == len(listed) and tuple(self) == tuple(listed)
        return NotImplemented

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from the hand and the sizes: the hash kept below is this
        # process's own (a str's hash differs from process to process).
        return (ExchangeChoices, (CardSet(self._mask), self._sizes))

    def __hash__(self) -> int:
        # As the tuple of the same exchanges hashes: the two are equal.
        try:
            return self._hash
        except AttributeError:
            value = hash(tuple(self))
            object.__setattr__(self, "_hash", value)  # worked out once, when first asked
            return value

    @property
    def hand(self) -> CardSet:
        """The hand the exchanges are made from.

        >>> ExchangeChoices(CardSet.parse("AK.Q.J.2"), (0, 1)).hand
        CardSet('AK.Q.J.2')
        """
        return CardSet(self._mask)

    @property
    def sizes(self) -> tuple[int, ...]:
        """How many cards an exchange may hold: exactly one size between
        partners (P-6), 0 up to the limit for a two-player discard (T-6)."""
        return self._sizes

    def __repr__(self) -> str:
        return f"ExchangeChoices({CardSet(self._mask)!r}, {self._sizes!r})"


def choices_of_mask(mask: int, sizes: tuple[int, ...]) -> ExchangeChoices:
    """``ExchangeChoices(CardSet(mask), sizes)`` of values this library has
    already checked (internal fast path)."""
    choices: ExchangeChoices = object.__new__(ExchangeChoices)
    choices._fill(mask, sizes)
    return choices
