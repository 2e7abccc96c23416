"""The per-deck facts (C-1, C-5, C-7, V-9, V-10): which cards are in play,
the suit each card follows and the order of cards in a trick, checked
against the rules text card by card.

``deck_facts`` is cached, and the facts of the common decks are built when
the library is imported; ``build_deck_facts`` builds them afresh, so
these tests see the builder itself at work."""

from __future__ import annotations

import pickle
from collections.abc import Callable

import pytest

from spades import Card, Rules
from spades._decks import SPADES, TWO_OF_CLUBS, DeckFacts, _deck_mask, build_deck_facts, deck_facts

C = Card.parse

LITTLE_JOKER = 52
BIG_JOKER = 53
STANDARD = frozenset(range(52))
JJDD = "joker-joker-deuce-deuce"
DECKS = ("standard", "jokers", JJDD)


def fresh(name: str, without_two_of_clubs: bool = False) -> DeckFacts:
    """The facts of a deck built now, not taken from the cache."""
    facts = build_deck_facts(name, without_two_of_clubs)
    assert isinstance(facts, DeckFacts)
    return facts


def cards_of(mask: int) -> frozenset[int]:
    return frozenset(i for i in range(54) if mask >> i & 1)


def expected_deck(name: str, without_two_of_clubs: bool) -> frozenset[int]:
    """The cards in play from the rules text: C-1, V-9 (a) and (b), V-10."""
    cards = set(STANDARD)
    if name == "jokers":
        cards -= {int(C("2C")), int(C("2D"))}  # V-9 (a)
        cards |= {LITTLE_JOKER, BIG_JOKER}
    elif name == "joker-joker-deuce-deuce":
        cards -= {int(C("2C")), int(C("2H"))}  # V-9 (b)
        cards |= {LITTLE_JOKER, BIG_JOKER}
    if without_two_of_clubs:
        cards.discard(int(C("2C")))  # V-10
    return frozenset(cards)


@pytest.mark.parametrize("without", [False, True])
@pytest.mark.parametrize("name", DECKS)
def test_cards_in_play(name: str, without: bool) -> None:  # C-1, V-9, V-10
    expected = expected_deck(name, without)
    assert cards_of(_deck_mask(name, without)) == expected
    facts = fresh(name, without)
    assert cards_of(facts.mask) == expected
    assert facts.size == len(expected)
    assert facts.card_bytes == bytes(sorted(expected))
    assert facts.name == name and facts.without_two_of_clubs is without


def test_deck_sizes() -> None:  # C-1, V-9, V-10
    # C-1: 52 cards; V-9: two jokers in, two deuces out, 52 still; V-10: the
    # 2C taken out for three players leaves 51 (the V-9 decks have none left
    # to take out).
    assert [fresh(name).size for name in DECKS] == [52, 52, 52]
    assert [fresh(name, True).size for name in DECKS] == [51, 52, 52]
    assert C("2C") == TWO_OF_CLUBS and SPADES == 3


def expected_suit(card: int, name: str) -> int:
    """The suit a card follows: its own (clubs 0 .. spades 3); jokers and the
    V-9 (b) 2D are spades."""
    if card >= 52:
        return SPADES
    if name == "joker-joker-deuce-deuce" and card == int(C("2D")):
        return SPADES
    return card // 13


@pytest.mark.parametrize("name", DECKS)
def test_suits_for_following(name: str) -> None:  # C-5, V-9
    facts = fresh(name)
    assert facts.suit_of == tuple(expected_suit(card, name) for card in range(54))
    in_play = expected_deck(name, False)
    for suit in range(4):
        members = frozenset(c for c in in_play if expected_suit(c, name) == suit)
        assert cards_of(facts.suit_masks[suit]) == members
    assert facts.spades == facts.suit_masks[SPADES]


def test_spades_of_each_deck() -> None:  # C-1, V-9
    spades = {name: cards_of(fresh(name).spades) for name in DECKS}
    assert spades["standard"] == frozenset(range(39, 52))
    assert spades["jokers"] == frozenset(range(39, 52)) | {LITTLE_JOKER, BIG_JOKER}
    assert spades["joker-joker-deuce-deuce"] == frozenset(range(39, 52)) | {LITTLE_JOKER, BIG_JOKER, int(C("2D"))}


# The order of the trumps, highest first (C-1, C-7, V-9).
TOP_SPADES = {
    "standard": ["AS", "KS", "QS", "2S"],
    "jokers": ["BJ", "LJ", "AS", "KS", "2S"],
    "joker-joker-deuce-deuce": ["BJ", "LJ", "2D", "2S", "AS", "KS", "3S"],
}


@pytest.mark.parametrize("name", DECKS)
def test_trump_order(name: str) -> None:  # C-1, C-7, V-9
    facts = fresh(name)
    order = [facts.power[int(C(text))] for text in TOP_SPADES[name]]
    assert order == sorted(order, reverse=True) and len(set(order)) == len(order)


@pytest.mark.parametrize("name", DECKS)
def test_trick_ranks(name: str) -> None:  # C-7, V-9
    """Within the suit led the ranks go A high to 2 low (C-1); every spade
    beats every card of another suit; a card of neither counts for nothing."""
    facts = fresh(name)
    in_play = sorted(expected_deck(name, False))
    for led in range(4):
        ranks = facts.trick_ranks[led]
        counted = [c for c in in_play if ranks[c] >= 0]
        assert frozenset(counted) == frozenset(c for c in in_play if expected_suit(c, name) in (led, SPADES))
        for card in in_play:
            if expected_suit(card, name) not in (led, SPADES):
                assert ranks[card] == -1
        # The natural cards of the suit led, 2 (or its lowest) up to A.
        # (The V-9 (b) 2S ranks above the AS: test_trump_order.)
        plain = sorted(
            (c for c in in_play if c < 52 and c // 13 == led == expected_suit(c, name) and (name, c) != (JJDD, 39)),
            key=lambda c: c % 13,
        )
        assert all(ranks[low] < ranks[high] for low, high in zip(plain, plain[1:]))
        if led != SPADES:
            lowest_spade = min(ranks[c] for c in in_play if expected_suit(c, name) == SPADES)
            assert all(ranks[c] < lowest_spade for c in plain)


@pytest.mark.parametrize("without", [False, True])
@pytest.mark.parametrize("name", DECKS)
def test_follow_table(name: str, without: bool) -> None:  # C-5
    facts = fresh(name, without)
    for card in range(54):
        suit_mask, table, shift = facts.follow[card]
        suit = expected_suit(card, name)
        assert suit_mask == facts.suit_masks[suit] and shift == 13 * suit
        if table:
            # Every pattern of the suit's 13 bits lists its cards in order.
            for pattern in (0, 1, 0b1010101, 0x1FFF):
                assert [int(c) for c in table[pattern]] == [shift + b for b in range(13) if pattern >> b & 1]
        else:
            # Only a suit with cards outside its 13 bits has no table (V-9).
            assert suit == SPADES and name != "standard"


def test_repr_and_pickle_name_the_deck() -> None:  # V-9, V-10
    assert repr(deck_facts("jokers", False)) == "deck_facts('jokers')"
    assert repr(deck_facts("standard", True)) == "deck_facts('standard', without_two_of_clubs=True)"
    assert repr(fresh("standard")) == "deck_facts('standard')"
    for facts in (deck_facts(JJDD, False), deck_facts("standard", True), Rules.jokers().deck_facts):
        assert pickle.loads(pickle.dumps(facts)) is facts
    assert Rules.jokers().deck_facts is deck_facts("jokers", False)


def test_one_value_per_deck_whichever_way_it_is_asked_for() -> None:  # V-9
    assert deck_facts("jokers") is deck_facts("jokers", False)


def test_unknown_deck() -> None:
    with pytest.raises(ValueError, match="unknown deck 'bridge'"):
        fresh("bridge")


def test_the_one_lookup_follow_table_is_only_for_plain_suits() -> None:  # C-5, V-9
    # A suit whose cards all lie in its own 13 bits follows by one lookup;
    # the spades of a joker deck (the jokers, and in (b) the 2♦) do not, so
    # their table is empty and the rules are asked instead.
    spade, club = Card.parse("AS"), Card.parse("AC")
    for name in ("jokers", "joker-joker-deuce-deuce"):
        facts = fresh(name)
        assert facts.follow[spade][1] == () and facts.follow[club][1] != ()
    standard = fresh("standard")
    assert standard.follow[spade][1] != () and standard.follow[spade][2] == 39


def test_deck_facts_are_made_by_the_builder_only() -> None:  # C-1, V-9, V-10
    """A DeckFacts made by hand or changed with attrs.evolve would compare,
    copy and pickle as the deck it names, whatever it holds: both are
    refused; the facts a rules value holds copy and pickle as themselves."""
    import copy
    import pickle

    import attrs

    from spades import ArgumentError, Rules

    facts = Rules.preset("cutthroat-3", three_player_deck="remove-two-of-clubs").deck_facts
    assert facts is deck_facts("standard", True)
    for again in (copy.copy(facts), copy.deepcopy(facts), pickle.loads(pickle.dumps(facts))):
        assert again is facts
    fields = {field.name: getattr(facts, field.name) for field in attrs.fields(DeckFacts) if field.init and field.alias != "_builder"}
    makes: tuple[Callable[[], object], ...] = (lambda: DeckFacts(**fields), lambda: DeckFacts(**{**fields, "size": 3}),
                                               lambda: attrs.evolve(facts, size=3), lambda: attrs.evolve(facts))
    for make in makes:
        with pytest.raises(ArgumentError, match="^DeckFacts are made by deck_facts"):
            make()
    assert build_deck_facts("standard", True).mask == facts.mask  # the builder builds afresh
