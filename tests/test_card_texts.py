"""Cards and card sets word for word: every card by rank and suit (C-1,
V-9), the text of hands in suit groups, the set comparisons and operators,
and each refusal of ``spades.cards`` in full.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest

from spades import ArgumentTypeError, Card, CardSet, ParseError, Rank, SpadesError, Suit
from spades.cards import ALL_CARDS_MASK, BIG_JOKER_INDEX, LITTLE_JOKER_INDEX


def _message(call: Callable[[], object], kind: type[SpadesError]) -> str:
    with pytest.raises(kind) as caught:
        call()
    assert type(caught.value) is kind
    return str(caught.value)


def test_every_card_of_rank_and_suit() -> None:  # C-1
    seen = set()
    for suit in Suit:
        for rank in list(Rank)[:13]:
            card = Card.of(rank, suit)
            assert (card.rank, card.suit) == (rank, suit) and Card.of(int(rank), int(suit)) is card
            seen.add(card)
    assert len(seen) == 52
    for number, suit_number in ((13, 0), (-1, 0), (0, 4), (0, -1)):
        assert _message(lambda: Card.of(number, suit_number), ParseError) == (
            f"no card of rank {number} in suit {suit_number}"
        )
    assert _message(lambda: Card.of(True, 0), ParseError) == "no card of rank True in suit 0"


def test_the_refusals_of_a_card_word_for_word() -> None:
    assert _message(lambda: Card.parse(7), ParseError) == "a card must be given as text, got 7"  # type: ignore[arg-type]
    assert _message(lambda: Card.parse("1S"), ParseError) == "cannot read '1S' as a card: unknown rank '1'"
    assert _message(lambda: Card.parse("QX"), ParseError) == "cannot read 'QX' as a card: unknown suit 'X'"
    assert _message(lambda: Card.parse("Q"), ParseError) == "cannot read 'Q' as a card: too short"
    # A presentation selector after a suit symbol, and nothing before it.
    assert _message(lambda: Card.parse("\u2665\ufe0f"), ParseError) == (
        "cannot read '\u2665\ufe0f' as a card: unknown suit '\ufe0f'"
    )


def test_hands_in_suit_groups() -> None:  # C-1, V-9
    assert str(CardSet.parse("AS KS 2S 8H TD 9C 3C")) == "AK2.8.T.93"
    assert str(CardSet((1 << 52) - 1)) == "AKQJT98765432." * 3 + "AKQJT98765432"
    assert CardSet.parse("B...") == CardSet(1 << BIG_JOKER_INDEX)
    assert CardSet.parse("L...") == CardSet(1 << LITTLE_JOKER_INDEX)
    assert str(CardSet.parse("BLA...")) == "BLA..."
    assert CardSet.parse("akq2.t98.765.432") == CardSet.parse("AKQ2.T98.765.432")
    assert CardSet.parse("10.-.-.-") == CardSet.parse("TS")
    # Lower case, "10" or "-" are read letter by letter: the jokers too.
    assert CardSet.parse("b...") == CardSet(1 << BIG_JOKER_INDEX) and CardSet.parse("l...") == CardSet(1 << LITTLE_JOKER_INDEX)
    assert CardSet.parse("10bl.-.-.-") == CardSet.parse("TS") | CardSet((1 << BIG_JOKER_INDEX) | (1 << LITTLE_JOKER_INDEX))


def test_the_refusals_of_a_hand_word_for_word() -> None:
    assert _message(lambda: CardSet.parse(5), ParseError) == "a hand must be given as text, got 5"  # type: ignore[arg-type]
    assert _message(lambda: CardSet.parse("AKX..."), ParseError) == (
        "cannot read 'AKX...' as a hand: unknown rank 'X' in the spades group"
    )
    assert _message(lambda: CardSet.parse("X..."), ParseError) == (
        "cannot read 'X...' as a hand: unknown rank 'X' in the spades group"
    )
    assert _message(lambda: CardSet.parse(".B.."), ParseError) == (
        "cannot read '.B..' as a hand: unknown rank 'B' in the hearts group"
    )
    assert _message(lambda: CardSet.parse("AA..."), ParseError) == "cannot read 'AA...' as a hand: 'A' appears twice"
    assert _message(lambda: CardSet.parse("AA.KK.QQ.22"), ParseError) == (
        "cannot read 'AA.KK.QQ.22' as a hand: 'A' appears twice"
    )
    with pytest.raises(SpadesError):  # read no further than a deck: a card past it, or one twice
        CardSet.from_cards(itertools.count())
    with pytest.raises(SpadesError):
        CardSet.from_cards(itertools.repeat(0))
    assert _message(lambda: CardSet.parse("A.K"), ParseError) == (
        "cannot read 'A.K' as a hand: expected 4 suit groups, got 2"
    )
    assert _message(lambda: CardSet.from_cards("AS"), ParseError) == (
        "expected some cards, got the text 'AS'; CardSet.parse reads a hand"
    )
    assert _message(lambda: CardSet.from_cards(5), ParseError) == "expected some cards, got 5"  # type: ignore[arg-type]
    assert _message(lambda: CardSet.from_cards([1.0]), ParseError) == (  # type: ignore[list-item]
        "expected a card, card text or card index, got 1.0"
    )
    every: list[Any] = [*range(54), 0]
    assert _message(lambda: CardSet.from_cards(every), ParseError) == "card 2C is given twice"
    assert _message(lambda: CardSet.parse("AS").suit(4), ParseError) == "a suit is a Suit or 0..3, got 4"
    assert CardSet.parse("AS 2C").suit(0) == CardSet.parse("2C") and CardSet.parse("AS 2C").suit(3) == CardSet.parse("AS")


def test_set_comparisons() -> None:
    ak, a, q = CardSet.parse("AK..."), CardSet.parse("A..."), CardSet.parse("Q...")
    assert ak > a and not a > ak and not ak > ak and not ak > q
    assert a < ak and not ak < a and not ak < ak and not q < ak
    assert a <= ak and ak <= ak and not q <= ak
    assert ak >= a and ak >= ak and not ak >= q
    ace = Card.parse("AS")
    assert ak > ace and ace in ak and a >= ace and a <= ace and not a < ace


def test_set_operators_take_card_sets_and_cards() -> None:
    class Hand(CardSet):
        pass

    ak = CardSet.parse("AK...")
    assert ak | Hand(0) == ak and ak | Hand(ALL_CARDS_MASK) == CardSet(ALL_CARDS_MASK)
    assert ak & Card.parse("AS") == CardSet.parse("A...") and ak - Card.parse("AS") == CardSet.parse("K...")
    assert ak ^ Card.parse("QS") == CardSet.parse("AKQ...") and CardSet(ALL_CARDS_MASK) - ak == CardSet(ALL_CARDS_MASK & ~ak.mask)
    forged = Hand(0)
    object.__setattr__(forged, "mask", ALL_CARDS_MASK + 1)

    class Ace(Card):
        pass

    odd_card = int.__new__(Ace, 51)
    operators: list[tuple[str, Callable[[Any], object]]] = [("|", lambda x: ak | x), ("&", lambda x: ak & x), ("-", lambda x: ak - x),
                            ("^", lambda x: ak ^ x), ("<", lambda x: ak < x), ("<=", lambda x: ak <= x),
                            (">", lambda x: ak > x), (">=", lambda x: ak >= x)]
    for symbol, operate in operators:
        others: list[tuple[object, str]] = [(3, "3"), ("AS", "'AS'"), (odd_card, "Card('AS')")]
        if symbol in "|&-^":  # (a comparison asks the subclass first, which reads its own mask)
            others.append((forged, "<Hand>"))
        for other, shown in others:
            assert _message(lambda: operate(other), ArgumentTypeError) == (
                f"unsupported operand for {symbol}: a CardSet and {shown}; the other operand is a CardSet or a Card"
            )
    assert _message(lambda: 3 - ak, ArgumentTypeError) == (  # type: ignore[operator]
        "unsupported operand for -: a CardSet and 3; the other operand is a CardSet or a Card"
    )
    assert Card.parse("AS") - ak == CardSet(0) and Card.parse("QS") - ak == CardSet.parse("Q...")


def test_the_tables_behind_cards_and_texts_are_the_plain_ones() -> None:
    # The tables are built once, on import or first use; built again here and
    # set beside the same values worked out plainly.
    from spades import cards

    for base, width in ((0, 13), (13, 13), (26, 13), (39, 13), (52, 2)):
        table = cards._build_chunk(base, width)
        assert len(table) == 1 << width
        for pattern in (0, 1, 5, 0b1010101, 0b1111111111111):
            bits = pattern & ((1 << width) - 1)
            assert table[bits] == tuple(Card(base + i) for i in range(width) if bits & (1 << i))
    groups = cards._suit_groups()
    assert len(groups) == 8192
    letters = "23456789TJQKA"
    for bits in (0, 1, 4096, 8191, 0b1000000000001, 0b0111111000000, 0b0000000111111, 4097 + 64):
        assert groups[bits] == "".join(letters[r] for r in range(12, -1, -1) if bits & (1 << r))
