"""Play one hand of partnership Spades with random legal moves, and print it.

Usage: ``python examples/play_random_hand.py [SEED]``

The deal comes from the seed; every seat bids a number of tricks at random
and plays a random legal card.  The script prints the hands, the bids, each
trick (who led, the cards, who won) and the hand's score.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

import spades


def play_hand(seed: int) -> spades.GameState:
    """Play the first hand of a seeded game to its end."""
    state = spades.new_game(spades.Rules.partnership(), seed=seed)
    rng = random.Random(seed)
    while not state.sheet:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    seed = int(args[0]) if args else 7
    state = play_hand(seed)
    rules = state.rules
    row = state.sheet[0]
    print(f"Hand {row.number} of game seed {seed}, dealer: seat {row.dealer}")
    for seat, hand in enumerate(row.hands):
        print(f"  seat {seat}: {hand}")
    print("Bids: " + ", ".join(f"seat {seat} {bid}" for seat, bid in enumerate(row.bids)))
    summary = spades.seat_view(state, 0, history=True).sheet[0]  # the public account of the hand
    for number, trick in enumerate(summary.tricks, start=1):
        cards = " ".join(card.symbol for card in trick.cards)
        print(f"  trick {number:2}: seat {trick.leader} leads  {cards:16} won by seat {trick.winner}")
    print("Tricks: " + ", ".join(f"seat {seat} {won}" for seat, won in enumerate(row.tricks)))
    for side, result in zip(rules.sides, row.result.sides):
        seats = " & ".join(str(seat) for seat in side)
        outcome = "made" if result.made else "set"
        print(
            f"Seats {seats}: contract {result.contract} {outcome}, "
            f"{result.points:+d} points, {result.total_bags} bags, score {result.score}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
