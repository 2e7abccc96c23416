"""The double-dummy solver against DDS (through the ``endplay`` package, a
test dependency only), on partnership positions where the rules of Spades
and a bridge deal played in spades coincide: spades already broken (so any
card may be led, C-4), spades trump (C-7), four equal hands."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spades import Rules
from spades.solver import Solver

from _double_dummy_reference import broken_position, to_endplay

endplay_types: Any = pytest.importorskip("endplay.types")
endplay_dds: Any = pytest.importorskip("endplay.dds")

RULES = Rules.partnership()


def test_the_solver_agrees_with_dds() -> None:  # C-5, C-7
    rng = random.Random(7)
    solver = Solver(RULES)
    sizes = (2, 3, 4, 5) * 30  # benchmarks/double_dummy_check.py runs 500 and more, to 12 tricks
    for tricks in sizes:
        state = broken_position(rng, tricks)
        turn = state.turn
        assert turn is not None
        side = RULES.side_of[turn]
        theirs = {card.suit.name[0].upper() + card.rank.name[1]: value for card, value in endplay_dds.solve_board(to_endplay(state, endplay_types))}
        ours = {f"{str(v.card)[1]}{str(v.card)[0]}": v.tricks for v in solver.card_values(state)}
        assert ours == theirs, (state.hands, state.trick)
        assert solver.tricks(state, side) == max(theirs.values())
        assert solver.tricks(state, 1 - side) == len(state.hand(turn)) - max(theirs.values())


def test_the_translation_is_the_position() -> None:
    state = broken_position(random.Random(3), 4)
    deal = to_endplay(state, endplay_types)
    assert int(deal.curplayer) == state.turn
