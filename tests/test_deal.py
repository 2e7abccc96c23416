"""Chance: the shuffle, deals, the two-player stock and replacement draws
(C-1, P-2, T-2, T-6, V-10), and the seeded byte streams they draw from.

The shuffle's specification (spades/deal.py) is checked with hand-made byte
streams whose outcome can be worked out on paper; its fairness with
chi-square tests over a seeded source (fixed seeds: the outcome is the same
on every run, so the tests cannot flake).
"""

from __future__ import annotations

import hashlib
import itertools
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import PRESETS, ArgumentError, Card, CardSet, Deal, Exchange, ExchangeChoices, IllegalActionError, Reason, Rules, SpadesError, Stock
from spades.actions import deal_of_card_sets
from spades.cards import NUM_CARD_INDEXES, card_set_of_mask
from spades.deal import (
    ByteSource,
    deal_error,
    dealer_of_hand,
    deal_from,
    random_below,
    random_bits,
    random_choice,
    random_deal,
    random_fraction,
    random_replacement,
    random_shuffle,
    random_stock,
    replacement_from,
    seeded_bytes,
    shuffled,
    stock_error,
    stock_from,
)


def reference_order(cards: Sequence[int], source: ByteSource) -> list[int]:
    """The shuffle as the docstring of spades/deal.py states it, done the
    plain way: read 256 bytes, then twice as far each time, until the
    distinct byte values below 128 (each kept the first time it comes) are
    keys enough; the cards, in the order given, get the keys in turn; the
    cards are taken in the order of their keys."""
    size = 256
    while True:
        keys: list[int] = []
        for byte in source(size):
            if byte < 128 and byte not in keys:
                keys.append(byte)
        if len(keys) >= len(cards):
            break
        size *= 2
    key_of = dict(zip(cards, keys))
    return sorted(cards, key=key_of.__getitem__)


def reference_hands(rules: Rules, source: ByteSource) -> list[CardSet]:
    """The deal by the same plain reading (P-2, V-10): the deck shuffled,
    then a hand's worth to each seat in turn, seat 0 first."""
    order = reference_order(list(CardSet(rules.deck_mask)), source)
    size = rules.hand_size
    return [
        CardSet.from_cards(Card(i) for i in order[seat * size : (seat + 1) * size]) for seat in range(rules.players)
    ]


def fixed(stream: bytes) -> ByteSource:
    """A byte source that returns the first ``n`` bytes of ``stream``
    (zeros past its end)."""

    def source(n: int) -> bytes:
        return (stream + bytes(n))[:n]

    return source


# -- the shuffle's specification ---------------------------------------------------


def test_cards_are_taken_in_the_order_of_their_keys() -> None:
    # Keys are the byte values below 128 in the order they first come: 5, 3, 1
    # (200 is skipped, the second 5 is a repeat).  Card 0 gets key 5, card 1
    # key 3, card 2 key 1; in key order: card 2, card 1, card 0.
    source = fixed(bytes([5, 3, 200, 5, 1]) + bytes([9] * 251))
    assert shuffled(bytes([0, 1, 2]), source) == bytes([2, 1, 0])


def test_the_stream_is_read_further_when_too_few_keys_come() -> None:
    # The first 256 bytes hold one distinct value: too few for 3 cards.  The
    # next read is 512 bytes, whose values below 128 (at most 128 of them)
    # are 0 (many times), then 7 and 2.
    stream = bytes(256) + bytes([255, 7, 2])
    assert shuffled(bytes([10, 20, 30]), fixed(stream)) == bytes([10, 30, 20])


def test_keys_past_the_first_128_values_count_too() -> None:
    # 128 nines, then 3 and 4: the keys are 9, 3, 4 (card 0 gets 9, card 1
    # gets 3, card 2 gets 4), so the order is card 1, card 2, card 0.
    stream = bytes([9] * 128) + bytes([3, 4])
    assert shuffled(bytes([0, 1, 2]), fixed(stream)) == bytes([1, 2, 0])


@given(
    st.integers(0, 54),
    st.lists(st.tuples(st.integers(0, 255), st.integers(1, 40)), max_size=60),
    st.integers(0, 127),
)
def test_keys_that_come_late_in_the_stream_are_found(count: int, runs: list[tuple[int, int]], low: int) -> None:
    # Streams of runs of one byte (many repeats, many bytes of 128 and up):
    # the last keys a shuffle needs come anywhere in the first 256 bytes, past
    # them, or never; the shuffle matches the plain reading on each.
    stream = b"".join(bytes([value]) * length for value, length in runs) + bytes(range(low, 128)) * 5
    cards = bytes(range(count))
    if len({b for b in stream if b < 128} | {0}) < count:  # fixed() gives zeros past the stream's end
        with pytest.raises(SpadesError, match="distinct bytes"):
            shuffled(cards, fixed(stream))
        return
    assert list(shuffled(cards, fixed(stream))) == reference_order(list(cards), fixed(stream))


@given(st.integers(150, 300), st.binary(min_size=0, max_size=20))
def test_the_last_key_at_any_place_around_the_first_reads(place: int, tail: bytes) -> None:
    # 51 keys at once, then bytes of 128 and up, then the 52nd key (127) at
    # ``place``: within the first 180 bytes, the first 256, or past them.
    stream = bytes(range(51)) + bytes([200]) * (place - 51) + bytes([127]) + tail
    deck = bytes(range(52))
    assert list(shuffled(deck, fixed(stream))) == reference_order(list(deck), fixed(stream))


def test_a_source_without_keys_enough_is_an_error() -> None:
    with pytest.raises(SpadesError, match="distinct bytes"):
        shuffled(bytes([0, 1]), bytes)  # bytes(n): n zeros, one key only


class Recording:
    """A byte source that returns the first ``n`` bytes of ``stream`` (zeros
    past its end) and remembers each ``n`` it was asked for."""

    def __init__(self, stream: bytes) -> None:
        self.stream = stream
        self.sizes: list[int] = []

    def __call__(self, n: int) -> bytes:
        self.sizes.append(n)
        return (self.stream + bytes(n))[:n]


def test_the_stream_is_read_twice_as_far_each_time() -> None:
    # Zeros up to byte 600, then a 1: two keys come only in a read of 1024.
    source = Recording(bytes(600) + bytes([1]))
    assert shuffled(bytes([10, 20]), source) == bytes([10, 20])
    assert source.sizes == [256, 512, 1024]


def test_the_stream_is_read_up_to_a_mebibyte() -> None:
    # The second key is the very last byte of 2**20: the shuffle still finds it.
    source = Recording(bytes(2**20 - 1) + bytes([1]))
    assert shuffled(bytes([10, 20]), source) == bytes([10, 20])
    assert source.sizes == [256 << k for k in range(13)]
    assert source.sizes[-1] == 2**20


def test_the_error_says_how_far_the_stream_was_read() -> None:
    source = Recording(b"")  # zeros only: one key
    with pytest.raises(SpadesError) as error:
        shuffled(bytes([0, 1]), source)
    assert source.sizes[-1] == 2**20
    assert str(error.value) == "the random source gave fewer than 2 distinct bytes below 128 in its first 1048576 bytes"


@given(st.sets(st.integers(0, 53), max_size=54), st.integers(0, 2**32))
def test_a_shuffle_is_an_order_of_the_same_cards(cards: set[int], seed: int) -> None:  # C-1
    order = shuffled(bytes(sorted(cards)), random.Random(seed).randbytes)
    assert sorted(order) == sorted(cards)


def test_every_order_of_three_cards_is_equally_likely() -> None:
    rng = random.Random(20261129)
    counts = Counter(shuffled(bytes([0, 1, 2]), rng.randbytes) for _ in range(6000))
    assert set(counts) == {bytes(p) for p in itertools.permutations([0, 1, 2])}
    # Chi-square with 5 degrees of freedom; 20.5 is the 0.1% critical value.
    expected = 1000
    assert sum((n - expected) ** 2 / expected for n in counts.values()) < 20.5


def test_every_card_is_equally_likely_to_be_dealt_first() -> None:
    rng = random.Random(7)
    deck = bytes(range(52))
    counts = Counter(shuffled(deck, rng.randbytes)[0] for _ in range(26000))
    # Chi-square with 51 degrees of freedom; 87.0 is the 0.1% critical value.
    expected = 500
    assert sum((counts[card] - expected) ** 2 / expected for card in range(52)) < 87.0


# -- seeded streams ----------------------------------------------------------------


def test_seeded_bytes_are_a_function_of_seed_hand_and_step() -> None:
    stream = seeded_bytes(7, 0, "deal")(64)
    # The documented stream: SHAKE-256 of "spades/{seed}/{hand}/{step}".
    assert stream == hashlib.shake_256(b"spades/7/0/deal").digest(64)
    assert seeded_bytes(7, 0, "deal")(256)[:64] == stream  # reading further keeps the start
    assert stream != seeded_bytes(8, 0, "deal")(64)
    assert stream != seeded_bytes(7, 1, "deal")(64)
    assert stream != seeded_bytes(7, 0, "replace/0")(64)


def test_a_seeded_deal_is_the_same_on_every_run() -> None:  # P-2
    # SHAKE-256 is the same everywhere: these hands are what seed 7's first
    # deal is on every platform and Python version.
    deal = deal_from(seeded_bytes(7, 0, "deal"), Rules.partnership())
    assert [str(hand) for hand in deal.hands] == [
        "K43.832.KJ94.QJ9",
        "AQT9.AJ964.Q852.",
        "862.5.T763.AK852",
        "J75.KQT7.A.T7643",
    ]


# -- deals, stocks and replacements -------------------------------------------------


def test_the_deal_gives_each_seat_a_hands_worth_in_turn() -> None:  # P-2
    # Keys 0..51 in order: the deck stays in index order, so seat 0 gets the
    # clubs, seat 1 the diamonds, seat 2 the hearts and seat 3 the spades.
    deal = deal_from(fixed(bytes(range(52))), Rules.partnership())
    assert [str(hand) for hand in deal.hands] == [
        "...AKQJT98765432",
        "..AKQJT98765432.",
        ".AKQJT98765432..",
        "AKQJT98765432...",
    ]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_gets_possible_deals(name: str) -> None:  # C-1, P-2, T-2, V-10
    rules = PRESETS[name]()
    for seed in range(20):
        source = seeded_bytes(seed, 0, "deal")
        if rules.is_draft:
            stock = stock_from(source, rules)
            assert stock_error(stock, rules) is None
            assert list(stock.cards) == reference_order(list(CardSet(rules.deck_mask)), source)  # T-2
        else:
            deal = deal_from(source, rules)
            assert deal_error(deal, rules) is None
            assert list(deal.hands) == reference_hands(rules, source)  # P-2, V-10
            dealt = sum(hand.mask for hand in deal.hands)
            aside = rules.deck_mask & ~dealt
            assert aside.bit_count() == (1 if rules.players == 3 else 0)  # V-10: one card set aside


def test_a_replacement_draws_from_the_pool_only() -> None:  # T-6
    pool = CardSet.parse("AKQ.JT9.8.7")
    for seed in range(30):
        source = seeded_bytes(seed, 0, "replace/0")
        drawn = replacement_from(source, pool, 3).cards
        assert len(drawn) == 3 and drawn.mask & ~pool.mask == 0
        # The first three of the pool shuffled (spades/deal.py).
        assert drawn == CardSet.from_cards(Card(i) for i in reference_order(list(pool), source)[:3])
    assert replacement_from(seeded_bytes(1, 0, "replace/0"), pool, 0).cards == CardSet(0)


def test_a_random_replacement_draws_as_many_cards_as_asked() -> None:  # T-6
    pool = CardSet.parse("AKQ.JT9.8.7")
    for seed in range(10):
        drawn = random_replacement(random.Random(seed), pool, 2).cards
        assert len(drawn) == 2 and drawn.mask & ~pool.mask == 0


def test_drawing_from_a_callers_random_source_is_reproducible() -> None:  # P-2, T-2, T-6
    # The caller's source is read as the shuffle's byte stream: the same
    # generator state gives the deal the plain shuffle gives.
    partnership, two_player = Rules.partnership(), Rules.two_player()
    deal = random_deal(random.Random(3), partnership)
    assert list(deal.hands) == reference_hands(partnership, random.Random(3).randbytes)
    assert deal != random_deal(random.Random(4), partnership)
    stock = random_stock(random.Random(3), two_player)
    assert list(stock.cards) == reference_order(list(CardSet(two_player.deck_mask)), random.Random(3).randbytes)
    pool = CardSet.parse("AKQJ.T9..")
    drawn = random_replacement(random.Random(5), pool, 2).cards
    assert drawn == CardSet.from_cards(Card(i) for i in reference_order(list(pool), random.Random(5).randbytes)[:2])


# -- the internal constructors the deal uses ---------------------------------------


@given(st.integers(0, 2**54 - 1))
def test_unchecked_card_sets_equal_checked_ones(mask: int) -> None:
    assert card_set_of_mask(mask) == CardSet(mask)
    assert hash(card_set_of_mask(mask)) == hash(CardSet(mask))


def test_unchecked_deals_equal_checked_ones() -> None:
    hands = tuple(CardSet.parse(text) for text in ("AK...", ".AK..", "..AK.", "...AK"))
    assert deal_of_card_sets(hands) == Deal(hands)
    assert isinstance(deal_of_card_sets(hands).hands[0].mask, int)
    assert Card.parse("AS") in deal_of_card_sets(hands).hands[0]


# -- impossible deals and stocks ---------------------------------------------------


def suits_dealt(*hands: str) -> Deal:
    return Deal(tuple(CardSet.parse(hand) for hand in hands))


# Seat 0 the spades, seat 1 the hearts, seat 2 the diamonds, seat 3 the clubs.
BY_SUIT = ("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432")


def error_of(error: IllegalActionError | None) -> tuple[Reason, str, str]:
    assert error is not None
    return error.reason, error.rule, str(error)


def test_a_possible_deal_has_no_error() -> None:  # P-2, C-1
    assert deal_error(suits_dealt(*BY_SUIT), Rules.partnership()) is None


def test_a_deal_must_be_a_deal() -> None:  # P-2
    assert error_of(deal_error("AKQ...", Rules.partnership())) == (
        Reason.NOT_AN_ACTION, "P-2", "expected a Deal, got 'AKQ...' (rule P-2)"
    )


def test_a_deal_needs_a_hand_per_seat() -> None:  # P-2
    assert error_of(deal_error(suits_dealt(*BY_SUIT[:3]), Rules.partnership())) == (
        Reason.BAD_CHANCE, "P-2", "a deal needs 4 hands, got 3 (rule P-2)"
    )


def test_a_deal_gives_each_seat_a_hands_worth() -> None:  # P-2
    # Seat 1 is dealt 12 hearts, seat 3 the 2 of hearts with its 13 clubs.
    deal = suits_dealt(BY_SUIT[0], ".AKQJT9876543..", BY_SUIT[2], ".2..AKQJT98765432")
    assert error_of(deal_error(deal, Rules.partnership())) == (
        Reason.BAD_CHANCE, "P-2", "seat 1 is dealt 12 cards, not 13 (rule P-2)"
    )


def test_a_deal_holds_only_cards_of_the_deck() -> None:  # C-1, V-9
    # With jokers the 2 of clubs and 2 of diamonds are out of the deck (V-9):
    # seat 2 holds the 2 of diamonds, seat 3 the 2 of clubs.
    deal = Deal(
        (
            CardSet.parse("BJ LJ AS KS QS JS TS 9S 8S 7S 6S 5S 4S"),
            CardSet.parse("3S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"),
            CardSet.parse("2H AD KD QD JD TD 9D 8D 7D 6D 5D 4D 2D"),
            CardSet.parse("3D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 2C"),
        )
    )
    assert error_of(deal_error(deal, Rules.jokers())) == (
        Reason.BAD_CHANCE, "C-1", "seat 2 is dealt cards not in this deck: ..2. (rule C-1)"
    )


def test_no_card_is_dealt_twice() -> None:  # C-1
    # The ace of spades is dealt to seats 0 and 2 (not neighbours); seat 2
    # has it instead of the 2 of diamonds.
    deal = suits_dealt(BY_SUIT[0], BY_SUIT[1], "A..AKQJT9876543.", BY_SUIT[3])
    assert error_of(deal_error(deal, Rules.partnership())) == (
        Reason.BAD_CHANCE, "C-1", "cards dealt twice: A... (rule C-1)"
    )
    # Seats 1 and 3 share two clubs, which seat 1 has instead of 2 hearts.
    deal = suits_dealt(BY_SUIT[0], ".AKQJT987654..AK", BY_SUIT[2], BY_SUIT[3])
    assert error_of(deal_error(deal, Rules.partnership())) == (
        Reason.BAD_CHANCE, "C-1", "cards dealt twice: ...AK (rule C-1)"
    )


DECK = [Card(i) for i in range(52)]


def test_a_possible_stock_has_no_error() -> None:  # T-2
    assert stock_error(Stock(DECK[::-1]), Rules.two_player()) is None


def test_a_stock_must_be_a_stock() -> None:  # T-2
    assert error_of(stock_error(DECK, Rules.two_player())) == (
        Reason.NOT_AN_ACTION, "T-2", "expected a Stock, got a list of 52 items (rule T-2)"
    )


def test_no_card_is_twice_in_the_stock() -> None:  # T-2
    ace = Card.parse("AS")
    # The whole deck and the ace of spades once more.
    assert error_of(stock_error(Stock(DECK + [ace]), Rules.two_player())) == (
        Reason.BAD_CHANCE, "T-2", "card AS is twice in the stock (rule T-2)"
    )
    # 52 cards, the 2 of clubs left out for a second ace of spades.
    assert error_of(stock_error(Stock(DECK[1:] + [ace]), Rules.two_player())) == (
        Reason.BAD_CHANCE, "T-2", "card AS is twice in the stock (rule T-2)"
    )


def test_the_stock_is_the_whole_deck() -> None:  # T-2, C-1
    assert error_of(stock_error(Stock(DECK[:51]), Rules.two_player())) == (
        Reason.BAD_CHANCE, "T-2", "the stock must be the whole deck in some order (51 cards given) (rule T-2)"
    )
    joker = Card(52)
    assert error_of(stock_error(Stock(DECK[:51] + [joker]), Rules.two_player())) == (
        Reason.BAD_CHANCE, "T-2", "the stock must be the whole deck in some order (52 cards given) (rule T-2)"
    )


def test_dealer_of_each_hand_moves_one_seat_clockwise() -> None:  # P-2, P-8, T-1, T-8, V-10
    # P-8: the player left of the dealer (the next seat clockwise) deals next.
    assert [dealer_of_hand(Rules.partnership(), n) for n in range(6)] == [0, 1, 2, 3, 0, 1]
    assert [dealer_of_hand(Rules.partnership(first_dealer=3), n) for n in range(3)] == [3, 0, 1]
    assert [dealer_of_hand(Rules.cutthroat(3, first_dealer=1), n) for n in range(4)] == [1, 2, 0, 1]
    # T-8: the two players swap roles each hand.
    assert [dealer_of_hand(Rules.two_player(first_dealer=1), n) for n in range(3)] == [1, 0, 1]
    for number in (-1, True, "1", 1.0):
        with pytest.raises(ArgumentError, match=rf"^a hand number is an int from 0 to 2\*\*64 - 1, got {number!r}$"):
            dealer_of_hand(Rules.partnership(), number)  # type: ignore[arg-type]


def test_new_seed_is_a_fresh_seed_in_range() -> None:  # P-2
    from spades import new_game, new_seed
    from spades.deal import SEED_LIMIT

    seeds = {new_seed() for _ in range(64)}
    assert all(type(seed) is int and 0 <= seed < SEED_LIMIT for seed in seeds)
    # 64 draws of 64 random bits: all distinct, and not all small (the chance
    # of either failing by luck is below 2**-50).
    assert len(seeds) == 64 and max(seeds) >= 2**58
    assert new_game(Rules.partnership(), seed=max(seeds)).seed == max(seeds)


def test_a_choice_among_a_sequence_made_as_read_is_asked_not_walked() -> None:
    """random_choice checks what the source chose by asking a sequence that
    makes its items as they are read (ExchangeChoices: thousands of
    exchanges), not by reading every item."""
    from collections.abc import Sequence as SequenceABC

    from spades.deal import random_choice

    class Counted(SequenceABC[int]):
        reads = 0

        def __len__(self) -> int:
            return 10**6

        def __getitem__(self, index: int) -> int:  # type: ignore[override]
            Counted.reads += 1
            if not 0 <= index < 10**6:
                raise IndexError(index)
            return index * 2

        def __contains__(self, value: object) -> bool:
            return type(value) is int and value % 2 == 0 and 0 <= value < 2 * 10**6

    chosen = random_choice(random.Random(5), Counted())
    assert chosen % 2 == 0 and Counted.reads <= 2  # the draw, and one item to learn the type


# --- the caller's random source: each draw checked (players and sampler) -------

class _Bits(random.Random):
    """A source with a getrandbits of its own, giving ``gives`` (or, when
    ``None``, random.Random's own numbers)."""

    def __init__(self, seed: int, *, gives: object = None) -> None:  # keyword-only: Python 3.10's Random() takes one argument
        super().__init__(seed)
        self.gives = gives

    def getrandbits(self, k: int) -> Any:
        return super().getrandbits(k) if self.gives is None else self.gives


class _Fraction(random.Random):
    def __init__(self, gives: float) -> None:
        super().__init__(0)
        self.gives = gives

    def random(self) -> float:
        return self.gives

    def getrandbits(self, k: int) -> int:
        return super().getrandbits(k)


class _Picks(random.Random):
    """A source whose choice() gives ``pick(seq)``."""

    def __init__(self, pick: Any) -> None:
        super().__init__(0)
        self.pick = pick

    def choice(self, seq: Any) -> Any:
        return self.pick(seq)


class _Lazy(Sequence[int]):
    """A sequence that makes its items as they are read, and cannot say
    whether it holds a value."""

    def __len__(self) -> int:
        return 2

    def __getitem__(self, index: Any) -> Any:
        return (1000, 2000)[index]

    def __contains__(self, value: object) -> bool:
        raise RuntimeError("cannot tell")


def test_shuffled_takes_distinct_card_indexes_only() -> None:  # C-1, V-9
    every = bytes(range(NUM_CARD_INDEXES))  # the largest deck's every index, the jokers' too
    assert sorted(shuffled(every, seeded_bytes(1, 0, "deal"))) == list(every)
    for bad in (bytes([NUM_CARD_INDEXES]), b"\x01\x01", bytes(range(NUM_CARD_INDEXES)) + b"\x00", bytearray(b"\x01")):
        with pytest.raises(ArgumentError, match=r"^the cards to shuffle are distinct card indexes as bytes, got "):
            shuffled(bad, seeded_bytes(1, 0, "deal"))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^the cards to shuffle are distinct card indexes as bytes, got b'\\x01\\x01'$"):
        shuffled(b"\x01\x01", seeded_bytes(1, 0, "deal"))


def test_a_choice_is_one_of_the_choices_itself() -> None:  # C-4
    big = [1000, 2000]  # ints not shared by Python: an equal one is another object
    assert random_choice(_Picks(lambda seq: seq[1]), big) is big[1]
    for choices in (big, tuple(big)):
        with pytest.raises(ArgumentError, match=r"^the random source's choice\(\) gave 2000, not one of the 2 choices$"):
            random_choice(_Picks(lambda seq: int("2000")), choices)
    hand = CardSet.parse("AK.Q.J.2")
    single = ExchangeChoices(hand, (0,))  # one choice: giving nothing
    assert random_choice(_Picks(lambda seq: seq[0]), single) == Exchange(CardSet(0))
    with pytest.raises(ArgumentError, match=r"^the random source's choice\(\) gave Exchange\(CardSet\('\.\.\.3'\)\), not one of "
                                            r"the 1 choices$"):
        random_choice(_Picks(lambda seq: Exchange("3C")), single)  # an exchange, but not of these
    with pytest.raises(ArgumentError, match=r"^the random source's choice\(\) gave int, which failed to compare$"):
        random_choice(_Picks(lambda seq: 1000), _Lazy())


def test_random_bits_and_fractions_in_their_ranges() -> None:  # C-4
    assert random_bits(_Bits(0, gives=(1 << 8) - 1), 8) == 255
    assert random_bits(_Bits(0, gives=0), 8) == 0
    for gives in (1 << 8, -1, 1.0, None.__class__):
        with pytest.raises(ArgumentError, match=r"^the random source's getrandbits\(8\) gave .*, not an int from 0 to 2\*\*8 - 1$"):
            random_bits(_Bits(0, gives=gives), 8)
    assert random_fraction(_Fraction(0.0)) == 0.0
    assert random_fraction(_Fraction(0.9999)) == 0.9999
    for bad in (1.0, -0.1, 1.5):
        with pytest.raises(ArgumentError, match=rf"^the random source's random\(\) gave {bad}, not a float from 0\.0 up to 1\.0$"):
            random_fraction(_Fraction(bad))


def test_a_shuffle_through_the_sources_getrandbits_is_cpythons() -> None:  # C-4, P-2
    """A source with its own getrandbits shuffles as random.Random does, the
    same draws in the same order (its next number the same after), each
    number checked: one that is not a number of the bits asked for is
    named, where CPython would fail inside its shuffle or draw forever."""
    for size in (0, 1, 2, 3, 13, 52):
        for seed in range(8):
            ours, theirs = list(range(size)), list(range(size))
            own, plain = _Bits(seed), random.Random(seed)
            random_shuffle(own, ours)
            plain.shuffle(theirs)
            assert ours == theirs and own.getrandbits(32) == plain.getrandbits(32)
    for gives, said in ((1.5, "gave 1.5"), (1 << 60, "gave 1152921504606846976")):
        with pytest.raises(ArgumentError, match=rf"^the random source's getrandbits\(3\) {said}, not an int from 0 to 2\*\*3 - 1$"):
            random_shuffle(_Bits(0, gives=gives), list(range(5)))
    with pytest.raises(ArgumentError, match=r"^the random source's getrandbits\(3\) gave no number below 5 in 10000 draws$"):
        random_shuffle(_Bits(0, gives=7), list(range(5)))
    assert random_below(_Bits(0, gives=3), 5) == 3
    with pytest.raises(ArgumentError, match=r"^the random source's getrandbits\(3\) gave no number below 5 in 10000 draws$"):
        random_below(_Bits(0, gives=5), 5)


class _OwnFraction(random.Random):
    """A random() of its own and no getrandbits(): CPython then draws
    choice(), randrange() and shuffle() from random() alone."""

    def __init__(self, seed: int, *, gives: float | None = None) -> None:  # keyword-only: as _Bits
        super().__init__(seed)
        self.gives = gives

    def random(self) -> float:
        return super().random() if self.gives is None else self.gives


def test_draws_through_the_sources_random_are_cpythons() -> None:  # C-4, P-2
    """A source that draws only through its own random() gets CPython's
    numbers (the same draws, its next number the same after), each one
    checked: a random() of 1.0 is named, and one that never falls below the
    bound the count needs is asked a bounded number of times, where
    CPython would ask it forever."""
    for size in (1, 2, 3, 13, 52, 560):
        for seed in range(10):
            ours, theirs = _OwnFraction(seed), _OwnFraction(seed)
            listed = list(range(size))
            assert random_choice(ours, listed) == theirs.choice(listed)
            assert random_below(ours, size) == theirs.randrange(size)
            mine, cpythons = list(range(size)), list(range(size))
            random_shuffle(ours, mine)
            theirs.shuffle(cpythons)
            assert mine == cpythons and ours.random() == theirs.random()
    for draw in (lambda rng: random_choice(rng, [1, 2, 3]), lambda rng: random_below(rng, 3), lambda rng: random_shuffle(rng, [1, 2, 3])):
        with pytest.raises(ArgumentError, match=r"^the random source's random\(\) gave 1\.0, not a float from 0\.0 up to 1\.0$"):
            draw(_OwnFraction(0, gives=1.0))
        with pytest.raises(ArgumentError, match=r"^the random source's random\(\) gave no number below 0\.9999999999999998 in 10000 draws$"):
            draw(_OwnFraction(0, gives=0.9999999999999999))  # the largest float below 1, above the bound for 3


def test_every_seed_is_checked_alike_its_type_then_its_range() -> None:  # P-2
    """Every function that takes a seed refuses a value of another type with
    ArgumentTypeError (also a TypeError) and one out of range with
    ArgumentError, in the same words: the new game, simulate, play_match,
    and the seed helpers behind them."""
    import spades
    from spades import ArgumentTypeError
    from spades.bots import player_seed
    from spades.deal import seeded_bytes
    from spades.match import match_seeds

    rules = Rules.partnership(losing_floor=-100)
    takers: dict[str, Any] = {
        "new_game": lambda seed: spades.new_game(rules, seed=seed),
        "simulate": lambda seed: spades.simulate(rules, hands=1, seed=seed),
        "play_match": lambda seed: spades.play_match([spades.bots.random_bot] * 2, rules, games=2, seed=seed),
        "match_seeds": lambda seed: match_seeds(seed, 0, rules),
        "simulation_seed": lambda seed: spades.simulation_seed(seed, 0),
        "player_seed": lambda seed: player_seed(seed, 0),
        "seeded_bytes": lambda seed: seeded_bytes(seed, 0, "deal"),
    }
    for name, take in takers.items():
        for wrong in ("1", 1.0, True):
            with pytest.raises(ArgumentTypeError, match=r"^the seed must be an int(?: or None)?, got (str|float|bool)$"):
                take(wrong)
        for outside in (-1, 2**64):
            with pytest.raises(ArgumentError, match=rf"^the seed must be from 0 to 2\*\*64 - 1, not {outside}$") as caught:
                take(outside)
            assert not isinstance(caught.value, TypeError), name
    # The other numbers of the helpers: their type, then their range, each named.
    with pytest.raises(ArgumentTypeError, match=r"^a game's number is an int from 0 to 2\*\*64 - 1, got '0'$"):
        spades.simulation_seed(1, "0")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^a game's number is an int from 0 to 2\*\*64 - 1, got -1$"):
        spades.simulation_seed(1, -1)
    with pytest.raises(ArgumentTypeError, match=r"^a hand number is an int from 0 to 2\*\*64 - 1, got '0'$"):
        seeded_bytes(1, "0", "deal")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^a hand number is an int from 0 to 2\*\*64 - 1, got True$"):
        dealer_of_hand(Rules.partnership(), True)
    with pytest.raises(ArgumentTypeError, match="^a step is a short name, such as 'deal', got 1$"):
        seeded_bytes(1, 0, 1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="^a seat is an int, got '0'$"):
        player_seed(1, "0")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="^a deal's number is an int from 0 to 9,999,999, got '0'$"):
        match_seeds(1, "0", rules)  # type: ignore[arg-type]
