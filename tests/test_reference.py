"""The invariant checker's own reading of the rules (``tests/invariants.py``).

The checker works out the deck, the hand size, the sides, the end of the
game and the order of the Double Nil exchanges from the option values and
RULES.md alone.  Here its reading is checked twice: against examples worked
out by hand from the rules text, and against what the library derives from
the same options, for every preset and for random valid rules.  The two
were written apart, so an agreement is evidence for both.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import PRESETS, Bid, Card, CardSet, Rules, exchange_order, game_winner

from invariants import (
    SPADES,
    RefSide,
    ref_cards_set_aside,
    ref_deck,
    ref_double_nil_open,
    ref_exchange_order,
    ref_hand_size,
    ref_is_draft,
    ref_side_of,
    ref_sides,
    ref_strength,
    ref_suit,
    ref_winner,
)
from strategies import rules_strategy

P = Rules.partnership()
T = Rules.two_player()
DN = Bid.DOUBLE_NIL
PRESET_RULES = {name: PRESETS[name]() for name in sorted(PRESETS)}


def cards(text: str) -> frozenset[int]:
    return frozenset(int(Card.parse(t)) for t in text.split())


def result(scores: Sequence[int], boston: int | None = None) -> tuple[RefSide, ...]:
    return tuple(RefSide(0, 0, 0, score, index == boston) for index, score in enumerate(scores))


# -- The reading itself, on examples from the rules text ---------------------------


def test_ref_deck_of_each_deck_option() -> None:  # C-1, V-9, V-10
    standard = frozenset(range(52))
    assert ref_deck(P) == ref_deck(T) == standard
    assert ref_deck(Rules.jokers()) == (standard - cards("2C 2D")) | cards("LJ BJ")
    assert ref_deck(Rules.joker_joker_deuce_deuce()) == (standard - cards("2C 2H")) | cards("LJ BJ")
    assert ref_deck(Rules.cutthroat(3)) == standard
    assert ref_deck(Rules.cutthroat(3, three_player_deck="remove-two-of-clubs")) == standard - cards("2C")
    # The three-player option means nothing to other tables.
    assert ref_deck(Rules.cutthroat(4, three_player_deck="remove-two-of-clubs")) == standard


def test_ref_hands_and_sides() -> None:  # P-1, P-2, T-1, T-3, V-10
    assert (ref_hand_size(P), ref_sides(P), ref_is_draft(P)) == (13, ((0, 2), (1, 3)), False)
    assert (ref_hand_size(T), ref_sides(T), ref_is_draft(T)) == (13, ((0,), (1,)), True)
    three = Rules.cutthroat(3)
    assert (ref_hand_size(three), ref_sides(three), ref_cards_set_aside(three)) == (17, ((0,), (1,), (2,)), 1)
    assert ref_cards_set_aside(three.replace(three_player_deck="remove-two-of-clubs")) == 0
    assert ref_sides(Rules.cutthroat(4)) == ((0,), (1,), (2,), (3,))
    assert [ref_side_of(P, seat) for seat in range(4)] == [0, 1, 0, 1]


def test_ref_exchange_order_examples() -> None:  # P-6, T-6, V-3, V-10
    # P-6: the partner gives first, then the Double Nil bidder gives back.
    assert ref_exchange_order(P, 0, [Bid(3), Bid(4), DN, Bid(2)]) == [(0, 2), (2, 0)]
    # Both partners bid Double Nil: no exchange.
    assert ref_exchange_order(P, 0, [DN, Bid(4), DN, Bid(2)]) == []
    # Both partnerships: the one holding the seat left of the dealer first.
    assert ref_exchange_order(P, 0, [Bid(3), DN, DN, Bid(2)]) == [(3, 1), (1, 3), (0, 2), (2, 0)]
    assert ref_exchange_order(P, 1, [Bid(3), DN, DN, Bid(2)]) == [(0, 2), (2, 0), (3, 1), (1, 3)]
    # V-3: 0 cards exchanged; V-10: no partner in cutthroat.
    assert ref_exchange_order(P.replace(double_nil_exchange=0), 0, [Bid(3), Bid(4), DN, Bid(2)]) == []
    assert ref_exchange_order(Rules.cutthroat(4), 0, [Bid(3), Bid(4), DN, Bid(2)]) == []
    assert ref_exchange_order(Rules.cutthroat(3), 0, [DN, Bid(4), Bid(2)]) == []
    # T-6: each Double Nil bidder discards, the second player (not the dealer) first.
    assert ref_exchange_order(T, 0, [DN, DN]) == [(1, -1), (0, -1)]
    assert ref_exchange_order(T, 1, [DN, DN]) == [(0, -1), (1, -1)]
    assert ref_exchange_order(T, 0, [DN, None]) == [(0, -1)]


def test_ref_winner_examples() -> None:  # C-2, S-9, V-1, V-8
    assert ref_winner(P, result([510, 420])) == 0  # S-9: exactly one reached the target
    assert ref_winner(P, result([510, 530])) == 1  # several: the highest
    assert ref_winner(P, result([510, 510])) is None  # tied: another hand
    assert ref_winner(P, result([499, 20])) is None
    floor = P.replace(losing_floor=-200)
    assert ref_winner(floor, result([-200, 40])) == 1  # V-1
    assert ref_winner(floor, result([-199, 40])) is None
    assert ref_winner(floor, result([-250, -250])) is None
    boston = P.replace(boston="win")
    assert ref_winner(boston, result([100, 520], boston=0)) == 0  # V-8: a Boston wins at once
    assert ref_winner(P.replace(boston="bonus"), result([100, 520], boston=0)) == 1
    three = Rules.cutthroat(3)
    assert ref_winner(three, result([520, 510, 530])) == 2
    assert ref_winner(three, result([530, 510, 530])) is None


def test_ref_double_nil_open() -> None:  # V-3
    assert ref_double_nil_open(P, 0, [0, 0])
    assert not ref_double_nil_open(P.replace(double_nil_allowed=False), 0, [0, 0])
    trailing = P.replace(double_nil_trailing_by=100)
    assert not ref_double_nil_open(trailing, 0, [0, 0])
    assert ref_double_nil_open(trailing, 2, [0, 100]) and not ref_double_nil_open(trailing, 1, [0, 100])
    three = Rules.cutthroat(3, double_nil_trailing_by=100)
    assert ref_double_nil_open(three, 1, [300, 150, 250]) and not ref_double_nil_open(three, 2, [300, 150, 250])


# -- The reading against the library's own derived tables -------------------------


def agree_with_library(rules: Rules) -> None:
    deck = ref_deck(rules)
    assert deck == frozenset(int(c) for c in CardSet(rules.deck_mask))
    assert ref_hand_size(rules) == rules.hand_size
    assert ref_is_draft(rules) == rules.is_draft
    assert ref_sides(rules) == rules.sides
    assert tuple(ref_side_of(rules, seat) for seat in range(rules.players)) == rules.side_of
    if not rules.is_draft:
        assert ref_cards_set_aside(rules) == len(deck) - rules.players * rules.hand_size
    for suit in range(4):
        assert frozenset(c for c in deck if ref_suit(c, rules) == suit) == frozenset(
            int(c) for c in CardSet(rules.suit_masks[suit])
        )
    for card in deck:
        assert ref_suit(card, rules) == rules.suit_of[card]
    # The same order within each suit, and every spade above every other card.
    for a in deck:
        for b in deck:
            if ref_suit(a, rules) == ref_suit(b, rules) or SPADES in (ref_suit(a, rules), ref_suit(b, rules)):
                mine = compare(ref_strength(a, rules), ref_strength(b, rules))
                assert mine == compare(rules.power[a], rules.power[b]), (Card(a), Card(b))


def compare(x: int, y: int) -> int:
    return (x > y) - (x < y)


@pytest.mark.parametrize("name", sorted(PRESET_RULES))
def test_reference_tables_agree_with_every_preset(name: str) -> None:  # C-1, C-7, P-1, V-9, V-10
    agree_with_library(PRESET_RULES[name])


@given(rules=rules_strategy())
def test_reference_tables_agree_with_random_rules(rules: Rules) -> None:  # C-1, C-7, P-1, V-9, V-10
    agree_with_library(rules)


bid_or_none = st.none() | st.sampled_from([Bid(0), Bid(3), Bid(5), DN])


@given(rules=rules_strategy(), data=st.data())
def test_reference_exchange_order_agrees_with_library(rules: Rules, data: st.DataObject) -> None:  # P-6, T-6
    dealer = data.draw(st.integers(0, rules.players - 1))
    bids = data.draw(st.lists(bid_or_none, min_size=rules.players, max_size=rules.players))
    assert ref_exchange_order(rules, dealer, bids) == list(exchange_order(rules, dealer, bids))


@given(rules=rules_strategy(), data=st.data())
def test_reference_winner_agrees_with_library(rules: Rules, data: st.DataObject) -> None:  # S-9, V-1, V-8
    sides = len(ref_sides(rules))
    near = st.sampled_from(sorted({rules.target, rules.target - 1, rules.target + 10, 0}))
    if rules.losing_floor is not None:
        near = near | st.sampled_from((rules.losing_floor, rules.losing_floor + 1, rules.losing_floor - 10))
    scores = data.draw(st.lists(near | st.integers(-1000, 1500), min_size=sides, max_size=sides))
    boston = data.draw(st.none() | st.integers(0, sides - 1))
    assert ref_winner(rules, result(scores, boston)) == game_winner(scores, rules, boston=boston)
