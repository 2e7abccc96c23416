"""The command line: ``python -m spades demo``.

``demo`` plays one whole seeded game between simple players (random legal
cards, bids from :func:`spades.bots.estimate_bid`) and prints it hand by hand.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from spades.bots import simple_action
from spades.errors import SpadesError
from spades.rules import Rules
from spades.sheet import HandRecord
from spades.state import GameState, new_game

__all__ = ["main", "play_demo", "format_hand"]


def _side_name(rules: Rules, side: int) -> str:
    seats = rules.sides[side]
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + " & ".join(str(s) for s in seats)


def format_hand(record: HandRecord, rules: Rules) -> str:
    """A few lines describing one finished hand: bids, tricks, points, bags,
    running totals."""
    role = "first player" if rules.is_draft else "dealer"
    lines = [f"Hand {record.number + 1} ({role}: seat {record.dealer})"]
    if rules.is_draft:
        lines.append("  draft: each seat kept 13 cards; 26 discarded")
    lines.append("  bids:   " + "  ".join(f"seat {s}: {b}" for s, b in enumerate(record.bids)))
    lines.append("  tricks: " + "  ".join(f"seat {s}: {t}" for s, t in enumerate(record.tricks)))
    for side, result in enumerate(record.result.sides):
        made = "made" if result.made else "set"
        lines.append(
            f"  {_side_name(rules, side)}: contract {result.contract} {made}, "
            f"hand {result.points:+d}, bags {result.total_bags}, total {result.score}"
        )
    return "\n".join(lines)


def play_demo(rules: Rules, seed: int, out: TextIO) -> GameState:
    """Play one seeded game between simple players, printing each hand."""
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    printed = 0
    while not state.is_over:
        state = state.apply(simple_action(state, rng))
        while printed < len(state.sheet):
            print(format_hand(state.sheet[printed], rules), file=out)
            printed += 1
    winner = state.winner
    assert winner is not None  # the game is over
    print(f"Winner: {_side_name(rules, winner)} with {state.scores[winner]} points "
          f"after {len(state.sheet)} hands (final scores {list(state.scores)})", file=out)
    return state


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m spades", description="The rules of Spades.")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="play and print one whole seeded game")
    demo.add_argument("--seed", type=int, default=7, help="the seed of the game (default 7)")
    demo.add_argument("--players", type=int, choices=(2, 4), default=4, help="2 for two-player Spades, 4 for partnership")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "demo":
            rules = Rules.two_player() if args.players == 2 else Rules.partnership()
            play_demo(rules, args.seed, sys.stdout)
    except SpadesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0
