"""The double-dummy solver against a plain minimax written from the rules
(tests/_double_dummy_reference.py), on random endings of every preset.

Short endings here; ``benchmarks/double_dummy_check.py`` runs 2,000 endings
of up to five tricks a preset.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from spades import Bid, Card, GameState, Phase, Rules, new_game
from spades.solver import (
    CardValue,
    NilCardValue,
    Solver,
    card_values,
    double_dummy,
    nil_card_values,
    nil_kept,
)
from spades.errors import ArgumentError, ArgumentTypeError

from _double_dummy_reference import PRESETS, nil_can_be_kept, random_ending, side_tricks


def _endings(rules: Rules, seed: int, lengths: tuple[int, ...]) -> Iterator[GameState]:
    rng = random.Random(seed)
    for length in lengths:
        yield random_ending(rules, rng, length)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_double_dummy_agrees_with_plain_minimax(name: str) -> None:  # C-4, C-5, C-6, C-7, V-7, V-9, V-10
    rules = PRESETS[name]
    solver = Solver(rules)  # one solver for many deals: its tables hold across them
    for state in _endings(rules, 11, (1, 2, 3) * 12 + (4,) * 2):
        for side in range(len(rules.sides)):
            expected = side_tricks(state, side)
            assert double_dummy(state, side) == expected, (name, state.hands, state.trick, side)
            assert solver.tricks(state, side) == expected


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_nil_agrees_with_plain_minimax(name: str) -> None:  # P-5, T-5
    rules = PRESETS[name]
    for state in _endings(rules, 12, (1, 2, 3) * 6):
        for seat in range(rules.players):
            assert nil_kept(state, seat) == nil_can_be_kept(state, seat), (name, state.hands, state.trick, seat)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_card_values_agree_with_solving_after_each_card(name: str) -> None:  # C-8
    rules = PRESETS[name]
    for state in _endings(rules, 13, (2, 3, 4) * 3):
        turn = state.turn
        assert turn is not None
        side = rules.side_of[turn]
        values = card_values(state)
        assert [value.card for value in values] == list(state.legal_actions())
        for value in values:
            after = state.apply(value.card)
            taken = sum(
                (after.sheet[-1].tricks if after.hand_number != state.hand_number else after.tricks_won)[seat]
                - state.tricks_won[seat]
                for seat in rules.sides[side]
            )
            rest = side_tricks(after, side) if after.hand_number == state.hand_number else 0
            assert value.tricks == taken + rest
        assert max(value.tricks for value in values) == double_dummy(state, side)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_nil_card_values_agree_with_solving_after_each_card(name: str) -> None:  # P-5, T-5
    rules = PRESETS[name]
    for state in _endings(rules, 14, (2, 3) * 5):
        for seat in range(rules.players):
            values = nil_card_values(state, seat)
            assert [value.card for value in values] == list(state.legal_actions())
            for value in values:
                after = state.apply(value.card)
                expected = after.hand_number == state.hand_number and nil_can_be_kept(after, seat)
                if after.hand_number != state.hand_number:
                    expected = after.sheet[-1].tricks[seat] == 0
                assert value.kept == expected


def test_two_sides_share_the_tricks_of_a_whole_deal() -> None:  # C-8, T-3
    rules = Rules.two_player()
    state = new_game(rules, seed=21)
    rng = random.Random(21)
    while state.phase is not Phase.PLAY:
        state = state.apply(rng.choice([a for a in state.legal_actions() if a != Bid.DOUBLE_NIL]))
    solver = Solver(rules)
    assert solver.tricks(state, 0) + solver.tricks(state, 1) == 13


def test_first_trick_values_are_for_the_legal_cards_only() -> None:  # V-7
    rules = Rules.two_player(no_spades_first_trick=True)
    state = new_game(rules, seed=5)
    rng = random.Random(5)
    while state.phase is not Phase.PLAY:
        state = state.apply(rng.choice([a for a in state.legal_actions() if a != Bid.DOUBLE_NIL]))
    values = card_values(state)
    assert [v.card for v in values] == list(state.legal_actions())
    assert all(not v.card.is_joker and str(v.card)[-1] != "S" for v in values)
    assert max(v.tricks for v in values) == double_dummy(state, rules.side_of[state.turn or 0])


def test_a_state_out_of_the_play_is_refused() -> None:
    state = new_game(Rules.partnership(), seed=1)
    with pytest.raises(ArgumentError, match="play of tricks"):
        double_dummy(state, 0)
    with pytest.raises(ArgumentTypeError):
        double_dummy("state", 0)  # type: ignore[arg-type]


def test_a_bad_side_is_refused() -> None:  # P-1, V-10
    state = random_ending(Rules.partnership(), random.Random(1), 2)
    with pytest.raises(ArgumentError, match="P-1"):
        double_dummy(state, 2)
    with pytest.raises(ArgumentTypeError):
        double_dummy(state, True)
    with pytest.raises(ArgumentError, match="V-10"):
        double_dummy(random_ending(Rules.cutthroat(3), random.Random(1), 2), 3)
    with pytest.raises(ArgumentError):
        nil_kept(state, 4)
    with pytest.raises(ArgumentError, match="other rules"):
        Solver(Rules.cutthroat(4)).tricks(state, 0)


def test_results_are_values() -> None:
    card = Card.parse("AS")
    assert CardValue(card, 2) == CardValue(card, 2) and NilCardValue(card, True).kept


def test_values_hold_when_the_tables_are_emptied(monkeypatch: pytest.MonkeyPatch) -> None:  # C-5, C-7
    import spades.solver as solver_module

    monkeypatch.setattr(solver_module, "_TABLE_LIMIT", 5)
    monkeypatch.setattr(solver_module, "_SEEN_LIMIT", 7)
    rules = PRESETS["partnership"]
    solver = Solver(rules)
    for state in _endings(rules, 15, (3, 4) * 3):
        for side in range(2):
            assert solver.tricks(state, side) == side_tricks(state, side), (state.hands, state.trick, side)
    search = next(iter(solver._searches.values()))
    held = sum(len(stored) for patterns in search.table.values() for stored in patterns.values())
    assert 0 < held <= 6 and held == search.entries[0]  # emptied on the way, a few kept
    assert len(search.seen) <= 7
