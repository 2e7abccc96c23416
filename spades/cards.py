"""Cards, suits, ranks and sets of cards.

A card is a small int inside (``suit * 13 + rank``, 0..51, and 52/53 for the
Little and Big Joker of the joker decks, rule V-9).  :class:`Card` is an
``int`` subclass with one cached instance per card, and :class:`CardSet` is an
immutable set backed by one int bitmask, so following suit is a mask ``&``.

>>> from spades import Card, CardSet
>>> Card.parse("10s") == Card.parse("T♠") == Card.parse("TS")
True
>>> hand = CardSet.parse("AKQ2.T98.765.432")
>>> len(hand), Card.parse("KS") in hand
(13, True)
>>> str(hand)
'AKQ2.T98.765.432'
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Iterator
from typing import ClassVar, Final

import attrs

from spades.errors import (
    is_a, ArgumentError, ArgumentTypeError, CheckedEnumType, ParseError, SpadesError, ascii_upper, exact_str, short_repr,
)

__all__ = ["Suit", "Rank", "Card", "CardSet", "FULL_DECK", "LITTLE_JOKER", "BIG_JOKER"]


class Suit(enum.IntEnum, metaclass=CheckedEnumType):
    """The four suits, in the library's index order. Spades are trump (C-1).

    ``Suit(n)`` is the suit of index ``n``; any other value raises
    :class:`~spades.ArgumentError` (a ``ValueError``, as for any enum).

    >>> Suit(3), Suit(3).letter, Suit(3).symbol
    (<Suit.SPADES: 3>, 'S', '♠')
    >>> Suit(4)
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentError: 4 is not a Suit: the values are 0, 1, 2, 3
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter name: ``"C"``, ``"D"``, ``"H"`` or ``"S"``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self]


class Rank(enum.IntEnum, metaclass=CheckedEnumType):
    """Ranks from low to high (C-1); the jokers of V-9 rank above the Ace.

    ``Rank(n)`` is the rank of index ``n`` (0 for the two to 12 for the Ace,
    13 and 14 for the jokers); any other value raises
    :class:`~spades.ArgumentError` (a ``ValueError``, as for any enum).

    >>> Rank(12), Rank(12).letter
    (<Rank.ACE: 12>, 'A')
    >>> Rank("A")
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentTypeError: 'A' is not a Rank: the values are 0, 1, 2, 3... (15 in all)
    """

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12
    LITTLE_JOKER = 13
    BIG_JOKER = 14

    @property
    def letter(self) -> str:
        """The one-character name (``"T"`` for ten, ``"L"``/``"B"`` for the jokers)."""
        return "23456789TJQKALB"[self]


_RANK_TEXT: Final = {
    "2": 0, "3": 1, "4": 2, "5": 3, "6": 4, "7": 5, "8": 6, "9": 7,
    "T": 8, "10": 8, "J": 9, "Q": 10, "K": 11, "A": 12,
}
_SUIT_TEXT: Final = {
    "C": 0, "♣": 0, "♧": 0,
    "D": 1, "♦": 1, "♢": 1,
    "H": 2, "♥": 2, "♡": 2,
    "S": 3, "♠": 3, "♤": 3,
}
_JOKER_TEXT: Final = {"LJ": 52, "BJ": 53, "JL": 52, "JB": 53}
# The suit symbols, and the selectors of text or emoji presentation (U+FE0E,
# U+FE0F) that a keyboard may put after one: "Q♥️" is "Q♥".
_SYMBOLS: Final = frozenset("♣♧♦♢♥♡♠♤")
_PRESENTATION: Final = frozenset("\ufe0e\ufe0f")

LITTLE_JOKER_INDEX: Final = 52
BIG_JOKER_INDEX: Final = 53
NUM_CARD_INDEXES: Final = 54


class Card(int):
    """One playing card, an ``int`` from 0 to 53 with a cached instance each.

    ``Card(i)`` returns the cached card of index ``i``; ``Card.parse(text)``
    reads the common spellings, and so does ``Card(text)``, so that a card's
    repr builds it back.  The canonical text is rank then suit letter
    (``"AS"``, ``"TD"``); the jokers are ``"LJ"`` and ``"BJ"``.

    >>> Card.parse("A♠").suit, Card.parse("as").rank
    (<Suit.SPADES: 3>, <Rank.ACE: 12>)
    >>> Card.of(Rank.TEN, Suit.HEARTS)
    Card('TH')
    >>> int(Card.parse("2C")), int(Card.parse("AS")), int(Card.parse("BJ"))
    (0, 51, 53)
    >>> Card("TH") is Card.parse("10h") is Card(34)
    True

    A card is an ``int``, its index, and arithmetic and comparisons on it are
    the int's, with plain ints for results (``1 << card`` is its bit in a
    mask); with a value that is not a number they raise ``TypeError``, as an
    int's do.  With a :class:`CardSet`, ``|`` ``&`` ``-`` ``^`` and the
    comparisons treat the card as the set of that one card.  Text from
    outside is read with :meth:`parse`, which raises
    :class:`~spades.ParseError` for anything but a card.

    >>> Card.parse("AS") + 1, Card.parse("AS") < Card.parse("2C"), str(Card.parse("AS") | CardSet.parse("K..."))
    (52, False, 'AK...')
    """

    __slots__ = ()
    _cache: ClassVar[list[Card]] = []

    def __new__(cls, index: int | str) -> Card:
        if type(index) is int:
            if 0 <= index < NUM_CARD_INDEXES:  # a negative index would count from the end
                return cls._cache[index]
            raise ParseError(f"card index {short_repr(index)} is out of range 0..53")
        if type(index) is Card:
            return index
        if is_a(index, str):
            return cls.parse(index)  # the text the repr shows, or any spelling parse reads
        # Exactly an int: a bool, a float or an int subclass is not an index.
        raise ParseError(f"a card is an int index 0..53 or a card's text, got {short_repr(index)}")

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """The card of ``rank`` (0..12) in ``suit``; the jokers have no suit."""
        if (
            type(rank) not in (int, Rank)
            or type(suit) not in (int, Suit)
            or not (0 <= rank <= 12 and 0 <= suit <= 3)
        ):
            raise ParseError(f"no card of rank {short_repr(rank)} in suit {short_repr(suit)}")
        return cls._cache[suit * 13 + rank]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: ``"AS"``, ``"As"``, ``"as"``, ``"TS"``, ``"10S"``,
        ``"A♠"`` (or ``"A♤"``; a suit symbol may be followed by the emoji or
        text presentation selector, U+FE0F or U+FE0E, as phone keyboards
        send ``"A♠️"``), or ``"LJ"``/``"BJ"`` for the jokers.  Surrounding
        blanks are ignored; anything else raises :class:`~spades.ParseError`.

        >>> Card.parse(" 10d ")
        Card('TD')
        >>> Card.parse("Q\N{BLACK HEART SUIT}\N{VARIATION SELECTOR-16}")
        Card('QH')
        >>> Card.parse("1S")
        Traceback (most recent call last):
        ...
        spades.errors.ParseError: cannot read '1S' as a card: unknown rank '1'
        """
        if not is_a(text, str):
            raise ParseError(f"a card must be given as text, got {short_repr(text)}")
        text = exact_str(text)
        card = _CARD_OF_TEXT.get(text)  # the canonical text: one look-up
        if card is not None:
            return card
        token = ascii_upper(text.strip())
        if len(token) > 2 and token[-1] in _PRESENTATION and token[-2] in _SYMBOLS:
            token = token[:-1]
        joker = _JOKER_TEXT.get(token)
        if joker is not None:
            return cls._cache[joker]
        if len(token) < 2:
            raise ParseError(f"cannot read {short_repr(text)} as a card: too short")
        rank_text, suit_text = token[:-1], token[-1]
        suit = _SUIT_TEXT.get(suit_text)
        if suit is None:
            raise ParseError(f"cannot read {short_repr(text)} as a card: unknown suit {suit_text!r}")
        rank = _RANK_TEXT.get(rank_text)
        if rank is None:
            raise ParseError(f"cannot read {short_repr(text)} as a card: unknown rank {short_repr(rank_text)}")
        return cls._cache[suit * 13 + rank]

    @property
    def suit(self) -> Suit:
        """The printed suit. The jokers report :attr:`Suit.SPADES`: they are
        spades for following, leading and breaking (V-9)."""
        return Suit(min(int(self) // 13, 3))

    @property
    def rank(self) -> Rank:
        """The printed rank."""
        index = int(self)
        return Rank(index - 39) if index >= 52 else Rank(index % 13)

    @property
    def is_joker(self) -> bool:
        """True for the Little and the Big Joker."""
        return int(self) >= LITTLE_JOKER_INDEX

    @property
    def mask(self) -> int:
        """The card's bit in a :class:`CardSet` mask."""
        return 1 << int(self)

    @property
    def symbol(self) -> str:
        """Text with a suit symbol, e.g. ``"A♠"``, ``"10♥"``, ``"BJ"``."""
        if self.is_joker:
            return str(self)
        rank = "10" if self.rank == Rank.TEN else self.rank.letter
        return rank + self.suit.symbol

    def __str__(self) -> str:
        return _CARD_TEXT[self]

    def __format__(self, spec: str) -> str:
        """The card's text formatted as a ``str`` is (an int's format would
        show its index): ``f"{card:>4}"``.  A format a ``str`` refuses
        raises :class:`~spades.ArgumentError`.

        >>> f"[{Card.parse('AS'):>4}] [{Card.parse('TD'):<3}]"
        '[  AS] [TD ]'
        """
        try:
            return format(_CARD_TEXT[self], spec)
        except (TypeError, ValueError):
            raise ArgumentError(f"cannot format a card with {short_repr(spec)}: a card is formatted as its text") from None

    def __repr__(self) -> str:
        return f"Card({_CARD_TEXT[self]!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (Card, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


_CARD_TEXT: Final = tuple(
    "23456789TJQKA"[i % 13] + "CDHS"[i // 13] for i in range(52)
) + ("LJ", "BJ")
Card._cache.extend(int.__new__(Card, i) for i in range(NUM_CARD_INDEXES))
_CARD_OF_TEXT: Final = {text: Card._cache[index] for index, text in enumerate(_CARD_TEXT)}

LITTLE_JOKER: Final = Card(LITTLE_JOKER_INDEX)
"""The Little Joker (``"LJ"``, index 52): the second-highest trump of the joker decks (V-9)."""
BIG_JOKER: Final = Card(BIG_JOKER_INDEX)
"""The Big Joker (``"BJ"``, index 53): the highest trump of the joker decks (V-9)."""

# Cards of a mask as a tuple, in index order, built from 13-bit chunks so that
# any mask converts with at most five look-ups and no per-card work.
_CHUNK_TUPLES: list[tuple[tuple[Card, ...], ...]] = []


def _build_chunk(base: int, width: int) -> tuple[tuple[Card, ...], ...]:
    """The cards of each pattern of ``width`` bits from card ``base`` on:
    the patterns of the bits below bit ``i`` are doubled with card ``i``
    added last, so each tuple is in index order (and the import quick)."""
    table: list[tuple[Card, ...]] = [()]
    for card in Card._cache[base : base + width]:
        table += [cards + (card,) for cards in table]
    return tuple(table)


for _base in (0, 13, 26, 39):
    _CHUNK_TUPLES.append(_build_chunk(_base, 13))
_CHUNK_TUPLES.append(_build_chunk(52, 2))
_C0, _C1, _C2, _C3, _C4 = _CHUNK_TUPLES
CARDS_OF_SUIT_BITS: Final = (_C0, _C1, _C2, _C3)
"""For each natural suit, the cards of each pattern of its 13 bits
(internal fast path)."""


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards of an int mask as a tuple in index order (internal fast path)."""
    if mask < 0x2000:
        return _C0[mask]
    if mask < 0x10000000000000:  # no joker (bits 52 and 53)
        return _C0[mask & 0x1FFF] + _C1[(mask >> 13) & 0x1FFF] + _C2[(mask >> 26) & 0x1FFF] + _C3[mask >> 39]
    return (
        _C0[mask & 0x1FFF]
        + _C1[(mask >> 13) & 0x1FFF]
        + _C2[(mask >> 26) & 0x1FFF]
        + _C3[(mask >> 39) & 0x1FFF]
        + _C4[mask >> 52]
    )


SUIT_MASKS: Final = tuple(0x1FFF << (13 * s) for s in range(4))
"""The natural mask of each suit (jokers excluded)."""
STANDARD_DECK_MASK: Final = (1 << 52) - 1
ALL_CARDS_MASK: Final = (1 << NUM_CARD_INDEXES) - 1


def _mask_or_text(value: int | str) -> int:
    """A :class:`CardSet`'s argument as its mask: a hand's text read by
    :meth:`CardSet.parse`; anything else as it is (the mask's validator
    refuses all but an int in range)."""
    if type(value) is not int and is_a(value, str):
        return CardSet.parse(value).mask
    return value


@attrs.frozen(slots=True, repr=False, order=False)  # the comparisons are the subset tests below
class CardSet:
    """An immutable set of cards backed by one int bitmask.

    Iteration is in index order: clubs 2..A, diamonds, hearts, spades 2..A,
    then the jokers.  The text form is the PBN-style suit groups
    ``spades.hearts.diamonds.clubs``, highest first (jokers lead the spade
    group as ``B`` and ``L``).

    The set operators ``|`` ``&`` ``-`` ``^`` return new sets, and ``<=``
    ``<`` ``>=`` ``>`` compare as subsets, as for Python's sets; the other
    operand is a card set or a :class:`Card`, which stands for the set of
    that one card (on either side).  Any other operand raises
    :class:`~spades.ArgumentTypeError`, which is also a ``TypeError``.
    ``x in cards`` is true only for a :class:`Card` or an ``int`` card index
    (0 to 53) in the set: anything else, a text such as ``"AS"`` too, is
    simply not in it.

    >>> hand = CardSet.parse("AK..QJ.2")
    >>> [str(card) for card in hand]
    ['2C', 'JD', 'QD', 'KS', 'AS']
    >>> str(hand - CardSet.parse("A...")), str(hand - Card.parse("2C")), str(Card.parse("QS") | hand)
    ('K..QJ.2', 'AK..QJ.', 'AKQ..QJ.2')
    >>> CardSet.from_cards(["AS", "KS"]) <= hand, Card.parse("AS") in hand, "AS" in hand
    (True, True, False)
    >>> hand | "QS"
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentTypeError: unsupported operand for |: a CardSet and 'QS'; the other operand is a CardSet or a Card
    """

    mask: int = attrs.field(converter=_mask_or_text)
    """The bitmask: bit ``i`` is set when the card of index ``i`` is in the set.
    ``CardSet(text)`` reads a hand as :meth:`parse` does, so that a set's
    repr builds it back: ``CardSet('AK.Q..') == CardSet.parse('AK.Q..')``."""

    @mask.validator
    def _check_mask(self, _attribute: object, value: int) -> None:
        if type(value) is not int or value < 0 or value > ALL_CARDS_MASK:
            raise ParseError(f"a card set is a mask, an int in 0..2**54-1, or a hand's text, got {short_repr(value)}")

    @classmethod
    def from_cards(cls, cards: Iterable[Card | int | str]) -> CardSet:
        """The set of ``cards``: cards, card text or card indexes (an ``int``,
        not a ``bool``, from 0 to 53).  Duplicates are an error, and so is a
        string in place of the cards (read a hand's text with :meth:`parse`).
        """
        if is_a(cards, (str, bytes, bytearray)):
            raise ParseError(f"expected some cards, got the text {short_repr(cards)}; CardSet.parse reads a hand")
        try:
            # 55 items are enough: no deck has more than 54 cards, so the 55th
            # would be a card given twice, or not a card.
            items = tuple(itertools.islice(cards, NUM_CARD_INDEXES + 1))
        except SpadesError:  # raised by the iterator: already one of ours
            raise
        except Exception:  # not iterable, or an iterator that raises
            raise ParseError(f"expected some cards, got {short_repr(cards)}") from None
        mask = 0
        for item in items:
            if type(item) is Card or type(item) is int:
                card = Card(item)
            elif is_a(item, str):
                card = Card.parse(item)
            else:
                raise ParseError(f"expected a card, card text or card index, got {short_repr(item)}")
            bit = 1 << card
            if mask & bit:
                raise ParseError(f"card {card} is given twice")
            mask |= bit
        return cls(mask)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read a hand as PBN suit groups ``"AKQ2.T98.765.432"`` (spades,
        hearts, diamonds, clubs; ``-`` or nothing for a void), or as cards
        separated by blanks or commas (``"AS KS 10H"``).

        >>> CardSet.parse("AS, KS 10h") == CardSet.parse("AK.T..")
        True
        >>> CardSet.parse("AKX...")
        Traceback (most recent call last):
        ...
        spades.errors.ParseError: cannot read 'AKX...' as a hand: unknown rank 'X' in the spades group
        """
        if not is_a(text, str):
            raise ParseError(f"a hand must be given as text, got {short_repr(text)}")
        text = exact_str(text)
        stripped = text.strip()
        if "." in stripped and not any(sep in stripped for sep in " ,"):
            return cls._parse_groups(text, stripped)
        tokens = [t for t in stripped.replace(",", " ").split() if t]
        return cls.from_cards(Card.parse(t) for t in tokens)

    @classmethod
    def _parse_groups(cls, text: str, stripped: str) -> CardSet:
        groups = stripped.split(".")
        if len(groups) == 4:
            # Upper-case rank letters, each once (what str() writes): the
            # sum of their bits, with no carry.  Anything else is read below.
            mask = 0
            try:
                for group, bits in zip(groups, _GROUP_BITS):
                    part = sum(map(bits.__getitem__, group))
                    if part.bit_count() != len(group):
                        break  # a card twice
                    mask |= part
                else:
                    return cls(mask)
            except KeyError:
                pass
        if len(groups) != 4:
            raise ParseError(f"cannot read {short_repr(text)} as a hand: expected 4 suit groups, got {len(groups)}")
        mask = 0
        for group, suit in zip(groups, (3, 2, 1, 0)):
            if group == "-":
                continue
            body = ascii_upper(group).replace("10", "T")
            for char in body:
                if suit == 3 and char in "LB":
                    bit = 1 << (LITTLE_JOKER_INDEX if char == "L" else BIG_JOKER_INDEX)
                else:
                    rank = _RANK_TEXT.get(char)
                    if rank is None:
                        name = Suit(suit).name.lower()
                        raise ParseError(
                            f"cannot read {short_repr(text)} as a hand: unknown rank {char!r} in the {name} group"
                        )
                    bit = 1 << (suit * 13 + rank)
                if mask & bit:
                    raise ParseError(f"cannot read {short_repr(text)} as a hand: {char!r} appears twice")
                mask |= bit
        return cls(mask)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of_mask(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        # Exactly a Card or an int card index: anything else is simply not in
        # the set (its own comparisons are never called).
        if (type(card) is Card or type(card) is int) and 0 <= card < NUM_CARD_INDEXES:
            return bool(self.mask >> card & 1)
        return False

    def __or__(self, other: CardSet | Card) -> CardSet:
        return card_set_of_mask(self.mask | _mask_of(other, "|"))

    __ror__ = __or__

    def __and__(self, other: CardSet | Card) -> CardSet:
        return card_set_of_mask(self.mask & _mask_of(other, "&"))

    __rand__ = __and__

    def __sub__(self, other: CardSet | Card) -> CardSet:
        return card_set_of_mask(self.mask & ~_mask_of(other, "-"))

    def __rsub__(self, other: CardSet | Card) -> CardSet:
        return card_set_of_mask(_mask_of(other, "-") & ~self.mask)

    def __xor__(self, other: CardSet | Card) -> CardSet:
        return card_set_of_mask(self.mask ^ _mask_of(other, "^"))

    __rxor__ = __xor__

    def __le__(self, other: CardSet | Card) -> bool:
        return self.mask & ~_mask_of(other, "<=") == 0

    def __ge__(self, other: CardSet | Card) -> bool:
        return _mask_of(other, ">=") & ~self.mask == 0

    def __lt__(self, other: CardSet | Card) -> bool:
        mask = _mask_of(other, "<")
        return self.mask & ~mask == 0 and self.mask != mask

    def __gt__(self, other: CardSet | Card) -> bool:
        mask = _mask_of(other, ">")
        return mask & ~self.mask == 0 and self.mask != mask

    def cards(self) -> tuple[Card, ...]:
        """The cards as a tuple, in index order."""
        return cards_of_mask(self.mask)

    def suit(self, suit: Suit | int) -> CardSet:
        """The cards of one natural suit (jokers not included).

        >>> str(CardSet.parse("AK.Q.J.2").suit(Suit.SPADES))
        'AK...'
        """
        if type(suit) is not Suit and (type(suit) is not int or not 0 <= suit <= 3):
            raise ParseError(f"a suit is a Suit or 0..3, got {short_repr(suit)}")
        return CardSet(self.mask & SUIT_MASKS[suit])

    def __str__(self) -> str:
        return text_of_mask(self.mask)

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"

    def __copy__(self) -> CardSet:
        return self

    def __deepcopy__(self, memo: object) -> CardSet:
        return self


_CARD_BITS: Final = tuple(1 << index for index in range(NUM_CARD_INDEXES))


def _mask_of(other: object, operator: str) -> int:
    """The mask of the other operand of a set operator: a card set, or a card
    as the set of that one card; anything else is an
    :class:`~spades.ArgumentTypeError` (also a ``TypeError``)."""
    if is_a(other, CardSet):
        mask = other.mask
        if type(other) is CardSet or (type(mask) is int and 0 <= mask <= ALL_CARDS_MASK):  # a subclass: checked
            return mask
    elif is_a(other, Card) and type(other) is Card:
        return _CARD_BITS[other]
    raise ArgumentTypeError(
        f"unsupported operand for {operator}: a CardSet and {short_repr(other)}; the other operand is a CardSet or a Card"
    )

# The text of a suit group, highest rank first, for each pattern of a
# suit's 13 bits (built on first use: 8192 short strings, about half a
# megabyte); the jokers lead the spades (B, then L).
_SUIT_GROUPS: tuple[str, ...] = ()
_JOKERS: Final = ("", "L", "B", "BL")


def text_of_mask(mask: int) -> str:
    """``str(CardSet(mask))`` of a mask this library has already checked
    (internal fast path): jokers first, then spades, hearts, diamonds and
    clubs, high to low, the suits separated by dots."""
    groups = _SUIT_GROUPS or _suit_groups()
    return (
        f"{_JOKERS[mask >> 52]}{groups[mask >> 39 & 0x1FFF]}.{groups[mask >> 26 & 0x1FFF]}"
        f".{groups[mask >> 13 & 0x1FFF]}.{groups[mask & 0x1FFF]}"
    )


def _suit_groups() -> tuple[str, ...]:
    """Build the table of suit-group texts: each pattern's ranks 8..A (its
    bits 6..12) then 2..7 (its bits 0..5)."""
    global _SUIT_GROUPS
    high = ["".join("89TJQKA"[r] for r in range(6, -1, -1) if bits >> r & 1) for bits in range(128)]
    low = ["".join("234567"[r] for r in range(5, -1, -1) if bits >> r & 1) for bits in range(64)]
    _SUIT_GROUPS = tuple(h + l for h in high for l in low)
    return _SUIT_GROUPS
# For each group of a hand's text (spades, hearts, diamonds, clubs), the bit
# of each upper-case rank letter (and of the jokers, among the spades).
_GROUP_BITS: Final = tuple(
    {letter: 1 << (13 * suit + rank) for letter, rank in _RANK_TEXT.items() if len(letter) == 1}
    | ({"L": 1 << LITTLE_JOKER_INDEX, "B": 1 << BIG_JOKER_INDEX} if suit == 3 else {})
    for suit in (3, 2, 1, 0)
)

FULL_DECK: Final = CardSet(STANDARD_DECK_MASK)
"""The standard 52-card deck (C-1)."""

(_set_mask,) = (getattr(CardSet, f.name).__set__ for f in attrs.fields(CardSet))


def card_set_of_mask(mask: int) -> CardSet:
    """``CardSet(mask)`` for a mask this library has already checked
    (internal fast path: no validation)."""
    cards: CardSet = object.__new__(CardSet)
    _set_mask(cards, mask)
    return cards


def card_sets_of_masks(masks: tuple[int, ...]) -> tuple[CardSet, ...]:
    """``tuple(map(card_set_of_mask, masks))`` in one call (internal fast
    path of a seeded deal's hands)."""
    new = object.__new__
    set_mask = _set_mask
    sets = []
    for mask in masks:
        cards: CardSet = new(CardSet)
        set_mask(cards, mask)
        sets.append(cards)
    return tuple(sets)
