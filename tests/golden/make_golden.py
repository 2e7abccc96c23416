"""Write ``tests/golden/games.json``: a few seeded games of every preset.

The file pins the library's behaviour: the same seeded games must give the
same records and scores after any refactoring.  Run this only when a change
of behaviour is intended (and say so in the changelog):

    python tests/golden/make_golden.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from spades import PRESETS, Bid, GameState, Record, Rules, new_game

HERE = Path(__file__).resolve().parent
SEEDS = (1, 2, 3)
HANDS = 3  # hands played per game (random games rarely end by themselves)


def play(rules: Rules, seed: int) -> GameState:
    """One seeded game of random players (Double Nil bid often), stopped
    after ``HANDS`` hands or at the game's end."""
    rng = random.Random(seed * 7919)
    state = new_game(rules, seed=seed)
    while not state.is_over and len(state.sheet) < HANDS:
        actions = state.legal_actions()
        if Bid.DOUBLE_NIL in actions and rng.random() < 0.3:
            state = state.apply(Bid.DOUBLE_NIL)
        else:
            state = state.apply(actions[rng.randrange(len(actions))])
    return state


def games() -> list[dict[str, Any]]:
    out = []
    for name in sorted(PRESETS):
        for seed in SEEDS:
            rules = Rules.preset(name, losing_floor=-150)
            state = play(rules, seed)
            out.append(
                {
                    "preset": name,
                    "seed": seed,
                    "record": Record.of_state(state).to_text(),
                    "scores": list(state.scores),
                    "bags": list(state.bags),
                    "winner": state.winner,
                    "tricks": [list(row.tricks) for row in state.sheet],
                }
            )
    return out


if __name__ == "__main__":
    (HERE / "games.json").write_text(json.dumps(games(), indent=1) + "\n")
