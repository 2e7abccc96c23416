"""The solver's search where its bounds, its table and its steps do their
work: against DDS on positions of six to thirteen tricks (the other DDS
test stops at five), and its step from a position to the next, against
the engine's own next state."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spades import Card, Phase, Rules, new_game
from spades.solver import Solver
from spades.tricks import first_trick_matters

from _double_dummy_reference import PRESETS, broken_position, to_endplay

RULES = Rules.partnership()


def test_the_solver_agrees_with_dds_on_larger_positions() -> None:  # C-5, C-7, C-8
    endplay_types: Any = pytest.importorskip("endplay.types")
    endplay_dds: Any = pytest.importorskip("endplay.dds")
    rng = random.Random(5)
    shared = Solver(RULES)  # one table across the positions, as a caller keeps it
    for tricks in (6, 7, 8, 9, 10, 11) * 2 + (12, 13, 5, 4, 3, 9, 8, 7):
        state = broken_position(rng, tricks)
        turn = state.turn
        assert turn is not None
        side = RULES.side_of[turn]
        theirs = {
            card.suit.name[0].upper() + card.rank.name[1]: value
            for card, value in endplay_dds.solve_board(to_endplay(state, endplay_types))
        }
        ours = {f"{str(v.card)[1]}{str(v.card)[0]}": v.tricks for v in Solver(RULES).card_values(state)}
        assert ours == theirs, (state.hands, state.trick)
        best = max(theirs.values())
        assert shared.tricks(state, side) == best
        assert shared.tricks(state, 1 - side) == len(state.hand(turn)) - best


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_position_after_a_card_is_that_of_the_state_after_it(name: str) -> None:  # C-6, C-7, V-7
    """The solver's step from a position to the next (``_Position.after``,
    what card values are searched from) gives the position the engine's
    own next state has, field by field, at every card of whole hands: the
    first trick (V-7), spades broken by the card (C-6), the trick won and
    the next leader (C-7)."""
    from spades.solver import _Layout, _Position

    rules = PRESETS[name]
    layout = _Layout(rules.deck_facts)
    rng = random.Random(31)
    fields = _Position.__slots__
    checked = broken_by_the_card = first_trick_ends = 0
    for _ in range(3):
        state = new_game(rules, seed=rng.randrange(2**32))
        while state.phase is not Phase.PLAY:
            state = state.apply(rng.choice(state.legal_actions()))
        hand = state.hand_number
        while state.phase is Phase.PLAY and state.hand_number == hand:
            position = _Position(state, layout)
            for card in state.legal_actions():
                assert isinstance(card, Card)
                after = state.apply(card)
                if after.hand_number != hand:
                    continue  # the hand's last card: no position after it
                stepped = position.after(layout.to_bit[card], layout, rules.players)
                expected = _Position(after, layout)
                assert [getattr(stepped, f) for f in fields] == [getattr(expected, f) for f in fields], (name, card)
                checked += 1
                broken_by_the_card += after.spades_broken and not state.spades_broken
                first_trick_ends += position.first and not expected.first
            state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 100 and broken_by_the_card
    assert first_trick_ends or not first_trick_matters(rules)  # the first trick's rules end with it (V-7)
