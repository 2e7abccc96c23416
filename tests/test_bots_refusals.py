"""The bots' options at their bounds and every refusal of the bots' state
drivers in words (gaps a first, partial mutation run of ``bots.py`` left,
tests/MUTANTS.md)."""

from __future__ import annotations

import math
import random
import re
from typing import Any

import pytest

from spades import ArgumentError, ArgumentTypeError, Rules, StateError, new_game
from spades.bots import SamplingBot, random_action, simple_action


@pytest.mark.parametrize(("option", "good", "bad", "words"), [
    ("samples", (1, 32, 10**6), (0, -1, 10**6 + 1, 1.0, True, "3", None),
     "samples is an int from 1 to 10**6, got {}"),
    ("seconds", (None, 1e-9, 1, 0.5, 3600, 3600.0), (0, 0.0, -1, 3600.001, 3601, math.nan, math.inf, True, "1"),
     "seconds is None or a number of seconds above 0 (at most 3600), got {}"),
    ("margin", (0, 0.0, 0.5, 1000, 1000.0), (-0.001, -1, 1000.001, 1001, math.nan, math.inf, False, "0"),
     "margin is a number of points from 0 to 1000, got {}"),
])
def test_sampling_bot_options_at_their_bounds(option: str, good: tuple[Any, ...], bad: tuple[Any, ...], words: str) -> None:
    for value in good:
        assert getattr(SamplingBot(**{option: value}), option) == value
    for value in bad:
        with pytest.raises(ArgumentError, match="^" + re.escape(words.format(repr(value))) + "$"):
            SamplingBot(**{option: value})


@pytest.mark.parametrize("driver", [random_action, simple_action])
def test_the_state_drivers_refuse_in_words(driver: Any) -> None:
    rules = Rules.partnership(losing_floor=-200)
    state, rng = new_game(rules, seed=4), random.Random(4)
    with pytest.raises(ArgumentTypeError, match=r"^a player needs a GameState, got str$"):
        driver("a state", rng)
    with pytest.raises(ArgumentTypeError, match=r"^a bot needs a random\.Random, got int$"):
        driver(state, 4)
    while not state.is_over:
        state = state.apply(driver(state, rng))
    with pytest.raises(StateError, match=r"^the game is over: there is no action to take \(S-9\)$"):
        driver(state, rng)
