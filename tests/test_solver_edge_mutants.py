"""Gaps in the tests of ``spades.solver`` found by a first mutation run
(tests/MUTANTS.md): the refusals of its values and of a side that does
not exist, with their words and rules (P-1, T-1, V-10), the greatest
number of tricks a value holds, and the Nil values of each card against
the Nil verdict of the state after it (P-5)."""

from __future__ import annotations

import random

import pytest

from spades import ArgumentError, ArgumentTypeError, Bid, Card, Phase, Rules, new_game
from spades.solver import CardValue, NilCardValue, double_dummy, nil_card_values, nil_kept


def test_the_values_refuse_what_they_cannot_hold() -> None:
    card = Card.parse("AS")
    assert CardValue(card, 0).tricks == 0 and CardValue(card, 52).tricks == 52
    with pytest.raises(ArgumentTypeError, match=r"^a card is a Card, got int$"):
        CardValue(51, 3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^tricks are an int, got str$"):
        CardValue(card, "3")  # type: ignore[arg-type]
    for tricks in (-1, 53):
        with pytest.raises(ArgumentError, match=rf"^tricks are 0\.\.52, got {tricks}$"):
            CardValue(card, tricks)
    with pytest.raises(ArgumentTypeError, match=r"^a card is a Card, got str$"):
        NilCardValue("AS", True)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^kept is true or false, got int$"):
        NilCardValue(card, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rules", "side", "words"),
    [
        (Rules.partnership(), 2, r"^no side 2: the sides are 0\.\.1 \(rule P-1\)$"),
        (Rules.two_player(), -1, r"^no side -1: the sides are 0\.\.1 \(rule T-1\)$"),
        (Rules(players=3, partners=False), 3, r"^no side 3: the sides are 0\.\.2 \(rule V-10\)$"),
        (Rules(players=4, partners=False), 4, r"^no side 4: the sides are 0\.\.3 \(rule V-10\)$"),
    ],
    ids=["partnership", "two-player", "cutthroat-3", "cutthroat-4"],
)
def test_a_side_that_does_not_exist_is_named_with_its_rule(rules: Rules, side: int, words: str) -> None:
    state = new_game(rules, seed=1)
    while state.phase != Phase.PLAY:
        state = state.apply(state.legal_actions()[-1])
    with pytest.raises(ArgumentError, match=words):
        double_dummy(state, side)
    with pytest.raises(ArgumentTypeError, match=r"^a side is an int, got str$"):
        double_dummy(state, "0")  # type: ignore[arg-type]


def test_each_cards_nil_value_is_the_nil_verdict_after_it() -> None:  # P-5
    """A Nil bidder kept from winning a trick after a card is one that has
    not won one with it and cannot be made to win one after it: for every
    legal card of endgames of games with a Nil bid, the value agrees with
    ``nil_kept`` of the state the card makes; and some cards of them keep
    the Nil and some do not."""
    rng = random.Random(7)
    kept = lost = 0
    for seed in range(300):
        state = new_game(Rules.partnership(), seed=seed)
        nil_seat = state.turn
        while state.phase != Phase.PLAY:
            legal = state.legal_actions()
            state = state.apply(Bid.NIL if state.turn == nil_seat and Bid.NIL in legal else rng.choice(legal))
        while len(state.hand(0)) > 5:
            state = state.apply(rng.choice(state.legal_actions()))
        assert nil_seat is not None
        if state.tricks_won[nil_seat]:
            continue
        for value in nil_card_values(state, nil_seat):
            after = state.apply(value.card)
            assert value.kept == (not after.tricks_won[nil_seat] and nil_kept(after, nil_seat))
            kept += value.kept
            lost += not value.kept
    assert kept > 10 and lost > 10
