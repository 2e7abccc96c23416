"""The double-dummy solver against DDS (through the ``endplay`` package, a
test dependency only), on partnership positions where the rules of Spades
and a bridge deal played in spades coincide: spades already broken (so any
card may be led, C-4), spades trump (C-7), four equal hands."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spades import CardSet, GameState, Phase, Rules, new_game
from spades.solver import Solver

endplay_types: Any = pytest.importorskip("endplay.types")
endplay_dds: Any = pytest.importorskip("endplay.dds")

RULES = Rules.partnership()


def to_endplay(state: GameState) -> Any:
    """The position as an endplay Deal: seats 0..3 are North, East, South,
    West (clockwise, P-1); the trick in progress played to it."""
    leader = state.leader
    assert leader is not None
    hands = [state.hand(seat).mask for seat in range(4)]
    for step, card in enumerate(state.trick):
        hands[(leader + step) % 4] |= card.mask

    deal = endplay_types.Deal("N:" + " ".join(str(CardSet(mask)) for mask in hands))
    deal.first = endplay_types.Player(leader)
    deal.trump = endplay_types.Denom.spades
    for card in state.trick:
        deal.play(endplay_types.Card(str(card)[1] + str(card)[0]))
    return deal


def broken_position(rng: random.Random, tricks: int) -> GameState:
    """A random partnership position with spades broken and at most
    ``tricks`` tricks left, at a trick's start or within one."""
    while True:
        state = new_game(RULES, seed=rng.randrange(2**32))
        while state.phase is not Phase.PLAY:
            state = state.apply(rng.choice(state.legal_actions()))
        while state.phase is Phase.PLAY and state.hand_number == 0:
            turn = state.turn
            assert turn is not None
            if state.spades_broken and len(state.hand(turn)) <= tricks and rng.random() < 0.6:
                return state
            state = state.apply(rng.choice(state.legal_actions()))


def test_the_solver_agrees_with_dds() -> None:  # C-5, C-7
    rng = random.Random(7)
    solver = Solver(RULES)
    sizes = (2, 3, 4, 5) * 30  # benchmarks/double_dummy_check.py runs 500 and more, to 12 tricks
    for tricks in sizes:
        state = broken_position(rng, tricks)
        turn = state.turn
        assert turn is not None
        side = RULES.side_of[turn]
        theirs = {card.suit.name[0].upper() + card.rank.name[1]: value for card, value in endplay_dds.solve_board(to_endplay(state))}
        ours = {f"{str(v.card)[1]}{str(v.card)[0]}": v.tricks for v in solver.card_values(state)}
        assert ours == theirs, (state.hands, state.trick)
        assert solver.tricks(state, side) == max(theirs.values())
        assert solver.tricks(state, 1 - side) == len(state.hand(turn)) - max(theirs.values())


def test_the_translation_is_the_position() -> None:
    state = broken_position(random.Random(3), 4)
    deal = to_endplay(state)
    assert int(deal.curplayer) == state.turn
