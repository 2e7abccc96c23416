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

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import PRESETS, Card, CardSet, Deal, Rules, SpadesError
from spades.actions import deal_of_card_sets
from spades.cards import card_set_of_mask
from spades.deal import (
    ByteSource,
    deal_error,
    deal_from,
    random_deal,
    random_replacement,
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


def test_a_source_without_keys_enough_is_an_error() -> None:
    with pytest.raises(SpadesError, match="distinct bytes"):
        shuffled(bytes([0, 1]), bytes)  # bytes(n): n zeros, one key only


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
