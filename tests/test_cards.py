"""Cards, suits, ranks and card sets: the deck (C-1), parsing and formatting."""

from __future__ import annotations

import copy
import itertools
import pickle
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import (
    BIG_JOKER,
    FULL_DECK,
    LITTLE_JOKER,
    ArgumentError,
    ArgumentTypeError,
    Card,
    CardSet,
    ParseError,
    Rank,
    Rules,
    SpadesError,
    Suit,
)
from spades.errors import short_repr
from strategies import hostile_examples, junk

C = Card.parse


# -- the deck (C-1) ----------------------------------------------------------


def test_standard_deck_has_52_cards_13_per_suit() -> None:  # C-1
    assert len(FULL_DECK) == 52
    for suit in Suit:
        assert len(FULL_DECK.suit(suit)) == 13
    assert CardSet(Rules.partnership().deck_mask) == FULL_DECK
    assert CardSet(Rules.two_player().deck_mask) == FULL_DECK


def test_ranks_ace_high_two_low() -> None:  # C-1
    order = [C(t + "H").rank for t in "AKQJT98765432"]
    assert order == sorted(order, reverse=True)
    assert Rank.ACE > Rank.KING > Rank.TEN > Rank.TWO
    assert C("AS").rank is Rank.ACE and C("2S").rank is Rank.TWO


def test_card_indexes_suit_major_clubs_first() -> None:  # C-1
    assert int(C("2C")) == 0
    assert int(C("AC")) == 12
    assert int(C("2D")) == 13
    assert int(C("2H")) == 26
    assert int(C("2S")) == 39
    assert int(C("AS")) == 51
    assert [int(c) for c in FULL_DECK] == list(range(52))


def test_suits_and_letters() -> None:  # C-1
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert C("QD").suit is Suit.DIAMONDS


# -- parsing one card ----------------------------------------------------------


@pytest.mark.parametrize("text", ["AS", "As", "as", "aS", "A♠", " AS ", "A♤"])
def test_parse_ace_of_spades_spellings(text: str) -> None:
    card = C(text)
    assert card.suit is Suit.SPADES and card.rank is Rank.ACE
    assert str(card) == "AS"


@pytest.mark.parametrize("text", ["TS", "10S", "ts", "10s", "10♠", "T♠"])
def test_parse_ten_spellings(text: str) -> None:
    assert C(text) == Card.of(Rank.TEN, Suit.SPADES)
    assert str(C(text)) == "TS"


@pytest.mark.parametrize(
    ("text", "suit"), [("7C", Suit.CLUBS), ("7♣", Suit.CLUBS), ("7d", Suit.DIAMONDS), ("7♦", Suit.DIAMONDS),
                       ("7h", Suit.HEARTS), ("7♥", Suit.HEARTS), ("7♡", Suit.HEARTS), ("7s", Suit.SPADES)]
)
def test_parse_every_suit(text: str, suit: Suit) -> None:
    assert C(text).suit is suit and C(text).rank is Rank.SEVEN


def test_a_suit_symbol_may_carry_a_presentation_selector() -> None:
    # Phone keyboards send "Q♥️": the heart, then VARIATION SELECTOR-16
    # (emoji presentation); U+FE0E asks for text presentation.
    for symbol, letter in zip("♣♦♥♠♧♢♡♤", "CDHSCDHS"):
        for selector in ("\ufe0f", "\ufe0e"):
            assert C(f"Q{symbol}{selector}") == C(f"Q{letter}")
            assert C(f" 10{symbol}{selector} ") == C(f"T{letter}")
    assert CardSet.parse("Q\u2665\ufe0f, A\u2660\ufe0f") == CardSet.parse("QH AS")
    # After anything but a suit symbol, or twice, a selector is no card.
    for text in ("QH\ufe0f", "Q\ufe0f", "\u2665\ufe0f", "Q\u2665\ufe0f\ufe0f", "Q\ufe0f\u2665",
                 "LJ\ufe0f", "Q\u2665\ufe0d", "\ufe0f"):
        with pytest.raises(ParseError):
            C(text)


def test_parse_jokers() -> None:  # V-9
    assert C("LJ") is LITTLE_JOKER and C("lj") is LITTLE_JOKER
    assert C("BJ") is BIG_JOKER and C("bj") is BIG_JOKER
    assert str(LITTLE_JOKER) == "LJ" and str(BIG_JOKER) == "BJ"
    assert LITTLE_JOKER.is_joker and BIG_JOKER.is_joker and not C("AS").is_joker
    assert LITTLE_JOKER.suit is Suit.SPADES  # jokers follow as spades (V-9)
    assert LITTLE_JOKER.rank is Rank.LITTLE_JOKER and BIG_JOKER.rank is Rank.BIG_JOKER
    assert int(LITTLE_JOKER) == 52 and int(BIG_JOKER) == 53


@pytest.mark.parametrize("text", ["", " ", "A", "1S", "11S", "AX", "XS", "ZZ", "A♠♠", "10", "S", "AS KS", "0S"])
def test_bad_card_text_raises_parse_error_showing_the_input(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        C(text)
    assert repr(text) in str(caught.value)
    assert isinstance(caught.value, SpadesError) and isinstance(caught.value, ValueError)


def test_only_ascii_letters_fold_to_the_cards_letters() -> None:
    """Upper and lower case of the ASCII letters only: the long s (whose
    upper case is S), the dotless i or the Kelvin sign are no letter of a
    card, a hand, a bid, a draft choice or a phase."""
    from spades import Bid, Draft, Phase
    from spades.actions import read_action
    from spades.serial import action_from_json

    for text in ("A\u017f", "a\u017f", "\u212a\u017f", "\u212aS", "Q\u017f"):
        with pytest.raises(ParseError):
            C(text)
        with pytest.raises(SpadesError):
            action_from_json('{"play": "%s"}' % text)
    for text in ("\u212aeep", "\u212aEEP", "reject\u0131"[:-1] + "\u0130"):
        with pytest.raises(ParseError):
            Draft.parse(text)
        with pytest.raises(ParseError):
            read_action(text)
    for text in ("n\u0130l", "n\u0131l"):
        with pytest.raises(ParseError):
            Bid.parse(text)
    with pytest.raises(ParseError):
        CardSet.parse("A\u212a...")
    with pytest.raises(ParseError):
        Phase.parse("\u017fdeal"[1:] + "\u0131")
    assert C("as") == C("AS") and Draft.parse("KEEP") is Draft.KEEP and Bid.parse("NIL") == Bid.NIL
    assert CardSet.parse("ak.q..2") == CardSet.parse("AK.Q..2") and Phase.parse("play") is Phase.PLAY


@pytest.mark.parametrize("value", [5, None, 3.5, b"AS"])
def test_parse_refuses_non_text(value: object) -> None:
    with pytest.raises(ParseError):
        C(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [-1, 54, 1000, "ZZ", "3", "", None, 2.0])
def test_card_index_out_of_range_is_a_parse_error(value: object) -> None:
    with pytest.raises(ParseError):
        Card(value)  # type: ignore[arg-type]


def test_card_of_rank_and_suit() -> None:
    assert Card.of(Rank.QUEEN, Suit.HEARTS) == C("QH")
    with pytest.raises(ParseError):
        Card.of(13, Suit.HEARTS)
    with pytest.raises(ParseError):
        Card.of(Rank.TWO, 4)


def test_cards_are_cached_ints() -> None:
    assert C("AS") is Card(51) is C("a♠")
    assert isinstance(C("AS"), int)
    assert copy.copy(C("AS")) is C("AS") and copy.deepcopy(C("AS")) is C("AS")
    assert pickle.loads(pickle.dumps(C("KH"))) is C("KH")
    assert repr(C("TD")) == "Card('TD')"
    # Card(text) reads the text as parse does, so the repr builds the card back.
    assert Card("TD") is C("TD") is Card("10d") is Card(" T♦ ") and Card("BJ") is BIG_JOKER
    assert C("TD").symbol == "10♦" and C("AS").symbol == "A♠" and BIG_JOKER.symbol == "BJ"


# -- card sets -------------------------------------------------------------------


def test_pbn_hand_groups_are_spades_hearts_diamonds_clubs() -> None:
    hand = CardSet.parse("AKQ2.T98.765.432")
    assert len(hand) == 13
    assert hand.suit(Suit.SPADES) == CardSet.from_cards(["AS", "KS", "QS", "2S"])
    assert hand.suit(Suit.HEARTS) == CardSet.from_cards(["TH", "9H", "8H"])
    assert hand.suit(Suit.DIAMONDS) == CardSet.from_cards(["7D", "6D", "5D"])
    assert hand.suit(Suit.CLUBS) == CardSet.from_cards(["4C", "3C", "2C"])
    assert str(hand) == "AKQ2.T98.765.432"


@pytest.mark.parametrize(
    ("text", "canonical", "size"),
    [
        ("AKQJT98765432...", "AKQJT98765432...", 13),  # voids in three suits
        (".AKQJT98765432..", ".AKQJT98765432..", 13),
        ("-.-.AKQ.2", "..AKQ.2", 4),  # '-' marks a void
        ("...", "...", 0),
        ("akq.10 9".replace(" ", "") + "..", "AKQ.T9..", 5),  # lower case and '10'
        ("BLA...", "BLA...", 3),  # jokers lead the spade group (V-9)
    ],
)
def test_pbn_hands_with_voids(text: str, canonical: str, size: int) -> None:
    hand = CardSet.parse(text)
    assert str(hand) == canonical
    assert len(hand) == size
    assert CardSet.parse(str(hand)) == hand


def test_hand_as_card_list() -> None:
    assert CardSet.parse("AS, KS 10h") == CardSet.parse("AK.T..")
    assert CardSet.parse("") == CardSet(0)
    assert CardSet.parse("LJ BJ AS") == CardSet.parse("BLA...")


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("AKQ.2", "'AKQ.2'"),
        ("AKQ..2.3.4", "'AKQ..2.3.4'"),
        ("AA...", "'AA...'"),
        ("AKQ.XYZ..", "'AKQ.XYZ..'"),
        ("AS AS", "AS"),
        ("AS ZZ", "'ZZ'"),
        ("1...", "'1...'"),
        ("AKQ.10.1..", "'AKQ.10.1..'"),
    ],
)
def test_bad_hand_text_raises_parse_error_showing_the_input(text: str, shown: str) -> None:
    with pytest.raises(ParseError) as caught:
        CardSet.parse(text)
    assert shown in str(caught.value)


def test_hand_parse_refuses_non_text() -> None:
    with pytest.raises(ParseError):
        CardSet.parse(None)  # type: ignore[arg-type]


def test_bad_mask_is_a_parse_error() -> None:
    for mask in (-1, 1 << 54, "x"):
        with pytest.raises(ParseError):
            CardSet(mask)


def test_card_set_operations() -> None:
    a = CardSet.parse("AK.Q..")
    b = CardSet.parse("A..J.2")
    assert str(a | b) == "AK.Q.J.2"
    assert str(a & b) == "A..."
    assert str(a - b) == "K.Q.."
    assert str(a ^ b) == "K.Q.J.2"
    assert CardSet.parse("A...") <= a and a >= CardSet.parse("K...")
    assert not (b <= a)
    assert C("AS") in a and C("2C") not in a and "AS" not in a and True not in a
    assert [str(c) for c in b] == ["2C", "JD", "AS"]  # index order
    assert b.cards() == (C("2C"), C("JD"), C("AS"))
    assert bool(CardSet(0)) is False and bool(a)
    assert repr(a) == "CardSet('AK.Q..')"
    assert copy.copy(a) is a and copy.deepcopy(a) is a
    assert hash(a) == hash(CardSet.parse("KA.Q.."))


def test_from_cards_refuses_non_iterables() -> None:
    for value in (5, None, 3.5):
        with pytest.raises(ParseError):
            CardSet.from_cards(value)  # type: ignore[arg-type]


def test_from_cards_refuses_duplicates() -> None:
    with pytest.raises(ParseError) as caught:
        CardSet.from_cards(["AS", "as"])
    assert "AS" in str(caught.value)


# -- round trips (Hypothesis) ---------------------------------------------------

cards = st.integers(min_value=0, max_value=53).map(Card)
card_sets = st.integers(min_value=0, max_value=(1 << 54) - 1).map(CardSet)


@given(cards)
def test_card_text_round_trip(card: Card) -> None:
    assert C(str(card)) is card
    assert C(str(card).lower()) is card
    assert C(card.symbol) is card
    assert C(f"  {card}  ") is card


@given(card_sets)
def test_card_set_text_round_trip(hand: CardSet) -> None:
    text = str(hand)
    assert CardSet.parse(text) == hand
    assert CardSet.parse(text.lower()) == hand
    assert CardSet.parse(" ".join(str(c) for c in hand)) == hand
    assert CardSet.from_cards(list(hand)) == hand
    assert len(hand) == len(list(hand)) == bin(hand.mask).count("1")
    assert text.count(".") == 3


@given(card_sets)
def test_card_set_text_is_each_suit_highest_first(hand: CardSet) -> None:
    jokers = "".join(letter for letter, joker in (("B", BIG_JOKER), ("L", LITTLE_JOKER)) if joker in hand)
    groups = ["".join(card.rank.letter for card in sorted(hand.suit(suit), reverse=True)) for suit in (3, 2, 1, 0)]
    assert str(hand) == ".".join([jokers + groups[0], *groups[1:]])
    # Read back whatever the spelling: upper or lower case, "10", "-" for a void, any order.
    spelled = [group[::-1].replace("T", "10") or "-" for group in str(hand).split(".")]
    assert CardSet.parse(".".join(spelled)) == hand


# -- bad input: a short ParseError, nothing else ---------------------------------

HUGE = 10**5000
BIG_TEXT = "x" * 2_000_000
LIMIT = 300  # the longest error message allowed


def short_id(value: object) -> str:
    """A test id for a parameter (some are too long or too large to print)."""
    return short_repr(value)[:24]


def refused(make: Callable[[], object]) -> ParseError:
    with pytest.raises(ParseError) as caught:
        make()
    assert len(str(caught.value)) <= LIMIT, str(caught.value)[:400]
    return caught.value


class SubInt(int):
    pass


@pytest.mark.parametrize("value", [True, False, 1.0, 0.0, Rank.ACE, Suit.SPADES, SubInt(3), b"3"], ids=short_id)
def test_card_index_is_exactly_an_int(value: object) -> None:
    # Card(True) was the three of clubs.
    error = refused(lambda: Card(value))  # type: ignore[arg-type]
    assert "int" in str(error)


@pytest.mark.parametrize("value", [HUGE, -HUGE, 2**64, -(2**64), 54, -54], ids=short_id)
def test_card_index_out_of_range_has_a_short_message(value: int) -> None:
    error = refused(lambda: Card(value))
    assert "0..53" in str(error)


@pytest.mark.parametrize(
    ("rank", "suit"),
    [(True, 0), (0, True), (1.0, 0), (0, 1.0), ("A", 0), (None, None), (HUGE, 0), (0, -HUGE), (Rank.LITTLE_JOKER, 3)],
    ids=short_id,
)
def test_card_of_refuses_what_is_not_a_rank_and_a_suit(rank: object, suit: object) -> None:
    # Card.of(True, 0) was the three of clubs, Card.of(1.5, 0) a TypeError.
    refused(lambda: Card.of(rank, suit))  # type: ignore[arg-type]


def test_card_parse_messages_are_short() -> None:
    for text in (BIG_TEXT, "A" + BIG_TEXT + "S", "1" * 2_000_000 + "S", " " * 2_000_000):
        refused(lambda: C(text))
    refused(lambda: C(HUGE))  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [True, False, 1.0, None, HUGE, -HUGE, "x" * 1000, BIG_TEXT], ids=short_id)
def test_card_set_mask_refusals_are_short(value: object) -> None:
    # CardSet(True) was the set of the two of clubs; CardSet(10**5000) could
    # not print its error.
    refused(lambda: CardSet(value))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "value",
    [[True], [False], ["AS", True], [1.0], [None], [["AS"]], [b"AS"], [HUGE], [-1], [54], "AS", b"AS", BIG_TEXT, HUGE],
    ids=short_id,
)
def test_from_cards_refuses_what_is_not_cards(value: object) -> None:
    # CardSet.from_cards([True]) was the set of the three of clubs.
    refused(lambda: CardSet.from_cards(value))  # type: ignore[arg-type]


def test_from_cards_takes_cards_text_and_indexes() -> None:
    assert CardSet.from_cards([C("AS"), "KS", 49]) == CardSet.parse("AKQ...")
    assert CardSet.from_cards(iter(FULL_DECK)) == FULL_DECK
    refused(lambda: CardSet.from_cards(itertools.repeat(C("AS"))))  # a duplicate ends an endless input


@pytest.mark.parametrize(
    "text", [BIG_TEXT, BIG_TEXT + "...", "A" * 2_000_000 + "...", "." * 2_000_000, "AS " * 700_000, "AS," + BIG_TEXT],
    ids=short_id,
)
def test_hand_parse_messages_are_short(text: str) -> None:
    refused(lambda: CardSet.parse(text))


# -- fuzz: whatever goes in, only a ParseError comes out ---------------------------------


def attempt(make: Callable[[], object]) -> object | None:
    try:
        return make()
    except SpadesError as error:
        assert isinstance(error, ParseError), repr(error)
        assert len(str(error)) <= LIMIT, str(error)[:400]
        return None


def check_card(card: object) -> None:
    assert type(card) is Card and 0 <= card < 54 and Card(int(card)) is card
    assert C(str(card)) is card and repr(card)


def check_card_set(cards: object) -> None:
    assert type(cards) is CardSet and type(cards.mask) is int and 0 <= cards.mask < 1 << 54
    assert CardSet.parse(str(cards)) == cards and repr(cards) and hash(cards) == hash(CardSet(cards.mask))


@hostile_examples(lambda value: (value, value))
@given(junk, junk)
def test_fuzz_card_constructors(value: object, other: object) -> None:
    for make in (lambda: Card(value), lambda: C(value), lambda: Card.of(value, other)):  # type: ignore[arg-type]
        card = attempt(make)
        if card is not None:
            check_card(card)


@hostile_examples(lambda value: (value,))
@given(junk)
def test_fuzz_card_set_constructors(value: object) -> None:
    for make in (lambda: CardSet(value), lambda: CardSet.from_cards(value), lambda: CardSet.parse(value)):  # type: ignore[arg-type]
        cards = attempt(make)
        if cards is not None:
            check_card_set(cards)


@hostile_examples(lambda value: ([value, "AS"],))
@given(st.lists(st.one_of(junk, st.integers(0, 53), st.sampled_from([str(c) for c in FULL_DECK])), max_size=8))
def test_fuzz_from_cards_of_lists(items: list[object]) -> None:
    cards = attempt(lambda: CardSet.from_cards(items))  # type: ignore[arg-type]
    if cards is not None:
        check_card_set(cards)
    text = " ".join(
        str(item)
        for item in items
        if isinstance(item, str) or (type(item) is int and item.bit_length() < 64)  # str() of a huge int fails
    )
    cards = attempt(lambda: CardSet.parse(text[:10_000]))
    if cards is not None:
        check_card_set(cards)


# -- set operators and cards as ints ------------------------------------------------


@given(card_sets_a=st.integers(min_value=0, max_value=(1 << 54) - 1), other=st.integers(min_value=0, max_value=53))
def test_set_operators_with_a_card_treat_it_as_a_set_of_one(card_sets_a: int, other: int) -> None:
    hand, card = CardSet(card_sets_a), Card(other)
    one = CardSet(1 << other)
    assert hand | card == card | hand == hand | one
    assert hand & card == card & hand == hand & one
    assert hand - card == hand - one and card - hand == one - hand
    assert hand ^ card == card ^ hand == hand ^ one
    assert (hand <= card) == (hand <= one) and (card <= hand) == (one <= hand) == (card in hand)
    assert (hand >= card) == (card in hand) and (hand < card) == (hand < one) and (hand > card) == (hand > one)


@given(first=st.integers(min_value=0, max_value=(1 << 54) - 1), second=st.integers(min_value=0, max_value=(1 << 54) - 1))
def test_set_operators_are_python_set_operators(first: int, second: int) -> None:
    a, b = CardSet(first), CardSet(second)
    x, y = set(a), set(b)
    assert set(a | b) == x | y and set(a & b) == x & y and set(a - b) == x - y and set(a ^ b) == x ^ y
    assert (a <= b, a < b, a >= b, a > b) == (x <= y, x < y, x >= y, x > y)


class _Unfriendly(int):
    """An int whose comparisons and hash raise."""

    def _raise(self, *_args: object) -> bool:
        raise RuntimeError("unfriendly")

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _raise
    __hash__ = _raise


OPERATORS: dict[str, Callable[[object, object], object]] = {
    "|": lambda a, b: a | b,  # type: ignore[operator]
    "&": lambda a, b: a & b,  # type: ignore[operator]
    "-": lambda a, b: a - b,  # type: ignore[operator]
    "^": lambda a, b: a ^ b,  # type: ignore[operator]
    "<=": lambda a, b: a <= b,  # type: ignore[operator]
    "<": lambda a, b: a < b,  # type: ignore[operator]
    ">=": lambda a, b: a >= b,  # type: ignore[operator]
    ">": lambda a, b: a > b,  # type: ignore[operator]
}
OPERANDS: list[object] = ["x", "AS", 5, None, [], [C("AS")], 1.5, b"AS", HUGE, BIG_TEXT, _Unfriendly(3), object()]


@pytest.mark.parametrize("symbol", sorted(OPERATORS))
@pytest.mark.parametrize("junk", OPERANDS, ids=short_id)
def test_set_operators_with_junk_raise_argument_type_error(symbol: str, junk: object) -> None:
    # They raised AttributeError ("'str' object has no attribute 'mask'").
    hand = CardSet.parse("AK...")
    makes: list[Callable[[], object]] = [lambda: OPERATORS[symbol](hand, junk)]
    if not isinstance(junk, _Unfriendly):  # on the left, its own operator is called first, and raises
        makes.append(lambda: OPERATORS[symbol](junk, hand))
    for make in makes:
        with pytest.raises(ArgumentTypeError) as caught:
            make()
        assert isinstance(caught.value, TypeError) and len(str(caught.value)) <= LIMIT


@pytest.mark.parametrize("junk", [v for v in OPERANDS if type(v) is not int] + [True, -1, 54, Rank.ACE, Suit.SPADES, 51.0], ids=short_id)
def test_anything_but_a_card_or_a_card_index_is_not_in_a_set(junk: object) -> None:
    # Never an error, and the value's own comparisons are not called.
    assert junk not in FULL_DECK | LITTLE_JOKER | BIG_JOKER
    assert C("AS") in FULL_DECK and 51 in FULL_DECK


def test_card_arithmetic_is_int_arithmetic() -> None:
    # A card is its index: arithmetic gives plain ints, and a value that is
    # not a number is a TypeError, as for any int.
    ace = C("AS")
    assert ace + 1 == 52 and type(ace + 1) is int and 1 << ace == C("AS").mask and ace * 2.0 == 102.0
    assert ace > C("KS") and sorted([ace, C("2C")]) == [C("2C"), ace]
    for other in ("x", None, [], object()):
        with pytest.raises(TypeError):
            ace + other  # type: ignore[operator]
        with pytest.raises(TypeError):
            ace < other  # type: ignore[operator]


@given(st.integers(min_value=0, max_value=(1 << 54) - 1))
def test_cards_of_mask_lists_the_bits_in_index_order(mask: int) -> None:  # C-1, V-9
    # With and without the jokers (bits 52, 53): each set bit's card, lowest first.
    from spades.cards import cards_of_mask

    for each in (mask, mask & ((1 << 52) - 1), mask | 1 << 53):
        assert cards_of_mask(each) == tuple(Card(i) for i in range(54) if each >> i & 1)


def test_card_sets_of_masks_are_the_card_sets() -> None:  # P-2: a seeded deal's hands
    from spades.cards import card_sets_of_masks

    masks = (0, 1, (1 << 52) - 1, 0b1011 << 40, 3 << 52)
    sets = card_sets_of_masks(masks)
    assert type(sets) is tuple and sets == tuple(CardSet(mask) for mask in masks)
    assert all(type(each) is CardSet for each in sets)


def test_a_card_formats_as_its_text() -> None:  # C-1
    """A card is an int, but a format spec applies to its text (the int's
    format showed the index: ``f"{card:>4}"`` was ``'  51'``); a spec a str
    refuses is the library's error, with a bounded message (the str's own
    quoted the whole spec)."""
    ace = Card.parse("AS")
    assert f"{ace}" == "AS" and f"{ace:>4}" == "  AS" and f"{Card.parse('BJ'):^4}" == " BJ " and format(ace, "") == "AS"
    assert [f"{card:<3}" for card in (Card.parse("TD"), Card.parse("2C"))] == ["TD ", "2C "]
    for spec in ("d", "x", "+", "x" * 10_000, ".1%"):
        with pytest.raises(ArgumentError, match="^cannot format a card with ") as info:
            format(ace, spec)
        assert len(str(info.value)) <= 300
    assert ace + 1 == 52 and int(ace) == 51  # the int it is, still
