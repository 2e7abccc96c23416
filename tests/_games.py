"""Random games for the view, serialisation, record and fuzz tests."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from spades import PRESETS as NAMED_PRESETS
from spades import Bid, GameState, Rules, new_game

# Every named preset, and a few more variants; whole random games need a
# losing floor (random bids drift scores down).
PRESETS: dict[str, Rules] = {name: Rules.preset(name, losing_floor=-200) for name in NAMED_PRESETS}
PRESETS.update(
    {
        "two-of-clubs": Rules.partnership(losing_floor=-200, first_lead="two-of-clubs", no_spades_first_trick=True),
        "cutthroat-3-no-2c": Rules(players=3, three_player_deck="remove-two-of-clubs", losing_floor=-200),
        "two-player-2": Rules.two_player(losing_floor=-200, double_nil_exchange=2, first_dealer=1),
    }
)

presets = st.sampled_from(sorted(PRESETS))
seeds = st.integers(min_value=0, max_value=2**32)


def play(rules: Rules, seed: int, *, seeded: bool, double_nil: float = 0.25, limit: int = 10_000) -> list[GameState]:
    """Every state of one random game (Double Nil bid often, to exercise the
    exchanges); chance steps are drawn from the seed when ``seeded`` is false."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed if seeded else None)
    states = [state]
    while not state.is_over and len(states) < limit:
        if state.is_chance:
            state = state.apply(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            if Bid.DOUBLE_NIL in actions and rng.random() < double_nil:
                state = state.apply(Bid.DOUBLE_NIL)
            else:
                state = state.apply(rng.choice(actions))
        states.append(state)
    return states


def sample(states: list[GameState], seed: int, count: int) -> list[GameState]:
    """A few states of a game, always with the first and the last."""
    rng = random.Random(seed)
    picked = rng.sample(states[1:-1], min(count, max(0, len(states) - 2)))
    return [states[0], *picked, states[-1]]
