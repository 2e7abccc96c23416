"""The facts of a deck that every layer reads: which cards are in play, the
suit each card follows, the order of cards in a trick (C-1, C-7, V-9, V-10).

This is the card layer's one owner of those facts.  A :class:`DeckFacts`
is built once per deck and shared by every :class:`~spades.Rules` with that
deck (:attr:`Rules.deck_facts <spades.Rules.deck_facts>`), so that building
rules costs nothing here and the hot paths read plain tuples.

>>> from spades import Rules
>>> facts = Rules.jokers().deck_facts
>>> facts.size, facts.suit_of[52], facts is Rules.jokers(target=300).deck_facts
(52, 3, True)
"""

from __future__ import annotations

import functools
from typing import Final

import attrs

from spades.cards import (
    BIG_JOKER_INDEX,
    CARDS_OF_SUIT_BITS,
    LITTLE_JOKER_INDEX,
    NUM_CARD_INDEXES,
    STANDARD_DECK_MASK,
    Card,
)
from spades.errors import ArgumentError, ArgumentTypeError, short_repr, type_name

__all__ = ["DeckFacts", "deck_facts", "build_deck_facts", "SPADES", "TWO_OF_CLUBS"]

SPADES: Final = 3
"""The index of the trump suit (C-1)."""
TWO_OF_CLUBS: Final = 0
"""The card index of the 2♣ (V-7, V-9, V-10)."""
_DECKS: Final = ("standard", "jokers", "joker-joker-deuce-deuce")
_TWO_DIAMONDS: Final = 13
_TWO_SPADES: Final = 39
# The bits of the deuces that a deck may take out (V-9, V-10).
_TWO_CLUBS_BIT: Final = 0x1
_TWO_DIAMONDS_BIT: Final = 0x2000
_TWO_HEARTS_BIT: Final = 0x4000000

FollowEntry = tuple[int, tuple[tuple[Card, ...], ...], int]
"""For a card led: its suit's mask in the deck, the table of the cards of
each 13-bit pattern of that suit (empty when the suit's cards are not all
within its own 13 bits), and the shift to those bits."""


@attrs.frozen(slots=True, eq=False, repr=False)
class DeckFacts:
    """Everything derived from the choice of deck; built by ``deck_facts``
    only (``DeckFacts(...)`` and ``attrs.evolve`` raise
    :class:`~spades.ArgumentError`).

    All card-indexed tuples have one entry for each of the 54 card indexes
    (jokers included), whether or not the card is in this deck.  There is
    one value per deck, so facts compare by identity, and a pickle names the
    deck only.

    >>> from spades import Card, Rules
    >>> facts = Rules.joker_joker_deuce_deuce().deck_facts
    >>> big, two_d, ace_s = (Card.parse(t) for t in ("BJ", "2D", "AS"))
    >>> facts.power[big] > facts.power[two_d] > facts.power[ace_s], facts.size
    (True, 52)
    """

    name: str
    """The ``deck`` option (``"standard"``, ``"jokers"`` or
    ``"joker-joker-deuce-deuce"``)."""
    without_two_of_clubs: bool
    """True when the 2♣ is taken out as well (three-player cutthroat, V-10)."""
    mask: int
    """The bitmask of the cards in play (C-1, V-9, V-10)."""
    size: int
    """The number of cards in play."""
    suit_of: tuple[int, ...]
    """For each card index, the suit it belongs to for leading, following and
    breaking (0 clubs .. 3 spades; jokers and the V-9 (b) 2♦ are spades)."""
    suit_masks: tuple[int, ...]
    """For each suit, the mask of the deck's cards that belong to it."""
    power: tuple[int, ...]
    """For each card index, a number that orders cards within a suit, every
    spade above every other card (C-7, V-9)."""
    trick_ranks: tuple[tuple[int, ...], ...]
    """For each suit led, each card's rank in the trick (C-7): its power if
    it is of the suit led or a spade, else -1."""
    follow: tuple[FollowEntry, ...]
    """For each card index led, the ``FollowEntry`` of its suit: the
    one-lookup path of "must follow" (C-5)."""
    card_bytes: bytes
    """The deck's card indexes in order, one byte each (for shuffling)."""
    # The builder's key while it builds (None after): facts are made by
    # build_deck_facts only, never by hand or by attrs.evolve, so that what
    # a pickle names is what the facts are.
    _builder: object = attrs.field(default=None, eq=False, repr=False, alias="_builder")

    def __attrs_post_init__(self) -> None:
        if self._builder is not _BUILDER:
            raise ArgumentError("DeckFacts are made by deck_facts(name, without_two_of_clubs) (a rules' are "
                                "Rules.deck_facts), not directly or by changing others (C-1, V-9, V-10)")
        object.__setattr__(self, "_builder", None)

    def __reduce__(self) -> tuple[object, ...]:
        return (deck_facts, (self.name, self.without_two_of_clubs))

    def __repr__(self) -> str:
        extra = ", without_two_of_clubs=True" if self.without_two_of_clubs else ""
        return f"deck_facts({self.name!r}{extra})"

    @property
    def spades(self) -> int:
        """The mask of the deck's spades (jokers and V-9 deuces included)."""
        return self.suit_masks[SPADES]


def _deck_mask(name: str, without_two_of_clubs: bool) -> int:
    """The cards in play: the standard 52 (C-1); with jokers, the 2♣ and 2♦
    out; joker-joker-deuce-deuce, the 2♣ and 2♥ out (V-9); and the 2♣ out
    for three players who remove it (V-10)."""
    mask = STANDARD_DECK_MASK
    if name == "jokers":
        mask &= ~(_TWO_CLUBS_BIT | _TWO_DIAMONDS_BIT)
    elif name == "joker-joker-deuce-deuce":
        mask &= ~(_TWO_CLUBS_BIT | _TWO_HEARTS_BIT)
    if name != "standard":
        mask |= 1 << LITTLE_JOKER_INDEX | 1 << BIG_JOKER_INDEX
    if without_two_of_clubs:
        mask &= ~_TWO_CLUBS_BIT
    return mask


def deck_facts(name: str, without_two_of_clubs: bool = False) -> DeckFacts:
    """The :class:`DeckFacts` of deck ``name``, built once and then shared:
    one value per deck, however it is asked for.

    >>> deck_facts("jokers") is deck_facts("jokers", False)
    True
    """
    if type(name) is not str:
        raise ArgumentTypeError(f"a deck's name is a str, got {type_name(name)}")
    return _shared(name, without_two_of_clubs is True)


@functools.lru_cache(maxsize=None)
def _shared(name: str, without_two_of_clubs: bool) -> DeckFacts:
    return build_deck_facts(name, without_two_of_clubs)


def build_deck_facts(name: str, without_two_of_clubs: bool) -> DeckFacts:
    """The :class:`DeckFacts` of deck ``name``, built afresh (:func:`deck_facts`
    shares them): the
    cards in play (C-1; V-9's jokers and deuces; V-10's 2♣ taken out for
    three players), the suit of each and its order in a trick.

    >>> deck_facts("standard").size, deck_facts("standard", True).size
    (52, 51)
    >>> deck_facts("joker-joker-deuce-deuce").suit_of[13]  # the 2♦ is a spade (V-9)
    3
    """
    if type(name) is not str or name not in _DECKS:
        raise ArgumentError(f"unknown deck {short_repr(name)}; the decks are {', '.join(_DECKS)}")
    if type(without_two_of_clubs) is not bool:
        raise ArgumentTypeError(f"without_two_of_clubs: true or false, got {short_repr(without_two_of_clubs)}")
    mask = _deck_mask(name, without_two_of_clubs)
    suit_of = [min(i // 13, SPADES) for i in range(NUM_CARD_INDEXES)]
    # Spades (trumps) above every other card; within spades the natural
    # order, jokers on top (C-7, V-9).
    power = [(i % 13) + (100 if suit_of[i] == SPADES else 0) for i in range(52)] + [113, 114]
    if name == "joker-joker-deuce-deuce":
        suit_of[_TWO_DIAMONDS] = SPADES
        # Big Joker > Little Joker > 2♦ > 2♠ > A♠: spread to make room.
        power = [p * 4 for p in power]
        power[_TWO_SPADES] = 112 * 4 + 1
        power[_TWO_DIAMONDS] = 112 * 4 + 2
        power[LITTLE_JOKER_INDEX] = 113 * 4
        power[BIG_JOKER_INDEX] = 114 * 4
    masks = [0, 0, 0, 0]
    for i in range(NUM_CARD_INDEXES):
        if mask >> i & 1:
            masks[suit_of[i]] |= 1 << i
    follow = []
    for suit, suit_mask in enumerate(masks):
        plain = suit_mask == suit_mask & (0x1FFF << (13 * suit))
        follow.append((suit_mask, CARDS_OF_SUIT_BITS[suit] if plain else (), 13 * suit))
    ranks = tuple(
        tuple(power[i] if suit_of[i] in (led, SPADES) else -1 for i in range(NUM_CARD_INDEXES)) for led in range(4)
    )
    return DeckFacts(
        name=name,
        without_two_of_clubs=without_two_of_clubs,
        mask=mask,
        size=mask.bit_count(),
        suit_of=tuple(suit_of),
        suit_masks=tuple(masks),
        power=tuple(power),
        trick_ranks=ranks,
        follow=tuple(follow[suit] for suit in suit_of),
        card_bytes=bytes(i for i in range(NUM_CARD_INDEXES) if mask >> i & 1),
        _builder=_BUILDER,
    )


_BUILDER: Final = object()  # build_deck_facts' key (see DeckFacts._builder)
