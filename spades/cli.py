"""The command line: ``python -m spades demo`` and ``python -m spades replay``.

``demo`` plays one whole seeded game between simple players (random legal
cards, bids from :func:`spades.bots.estimate_bid`) and prints it hand by hand;
``demo --record FILE`` also writes its game record.  ``replay FILE`` reads a
game record (the text form, or its JSON document) and prints the game hand by
hand, trick by trick.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from spades.actions import Stock
from spades.bots import simple_action
from spades.cards import Card
from spades.errors import ParseError, SpadesError, StateError
from spades.record import Record
from spades.rules import PRESETS, Rules
from spades.sheet import HandRecord
from spades.serial import from_json, to_json
from spades.state import GameState, new_game
from spades.draft import walk_draft
from spades.exchange import exchanged_cards
from spades.tricks import first_leader, walk_tricks

__all__ = ["main", "play_demo", "format_hand", "format_replay"]


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
        lines.append("  draft:  " + _draft_summary(record, rules))
    lines.append("  bids:   " + "  ".join(f"seat {s}: {b}" for s, b in enumerate(record.bids)))
    lines.append("  tricks: " + "  ".join(f"seat {s}: {t}" for s, t in enumerate(record.tricks)))
    for side, result in enumerate(record.result.sides):
        made = "made" if result.made else "set"
        lines.append(
            f"  {_side_name(rules, side)}: contract {result.contract} {made}, "
            f"hand {result.points:+d}, bags {result.total_bags}, total {result.score}"
        )
    return "\n".join(lines)


def _draft_summary(record: HandRecord, rules: Rules) -> str:
    """How each seat drafted (T-2): first cards kept, first cards rejected
    (so the second card kept), Double Nil discards (T-6)."""
    stock = next((a.cards for a in record.actions if type(a) is Stock), ())
    walk = walk_draft(stock, record.dealer, record.actions)
    parts = []
    for seat in (0, 1):
        text = f"seat {seat} kept {walk.kept_first[seat]} first cards and took {walk.kept_second[seat]} second cards"
        if record.bids[seat].double_nil:
            gave, _received = exchanged_cards(rules, record.dealer, record.bids, record.actions, seat)
            text += f", discarded and redrew {len(gave)} (Double Nil)"
        parts.append(text)
    return "; ".join(parts)


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


def format_replay(record: Record) -> str:
    """A recorded game hand by hand: the cards each seat held as play began,
    the tricks with their leaders and winners, then the scoring."""
    rules = record.rules
    state = record.replay()
    lines = []
    for row in state.sheet:
        lines.append(format_hand(row, rules))
        for seat, hand in enumerate(row.hands):
            lines.append(f"  seat {seat} held {hand}")
        plays = [a for a in row.actions if isinstance(a, Card)]
        for number, (leader, cards, taker) in enumerate(
            walk_tricks(rules, first_leader(rules, row.dealer, row.hands), plays), 1
        ):
            shown = " ".join(str(c) for c in cards)
            lines.append(f"  trick {number:2}: seat {leader} leads {shown} -> seat {taker}")
    if state.is_over:
        winner = state.winner
        assert winner is not None  # the game is over
        lines.append(f"Winner: {_side_name(rules, winner)} with {state.scores[winner]} points "
                     f"after {len(state.sheet)} hands (final scores {list(state.scores)})")
    else:
        lines.append(f"Game in progress: hand {state.hand_number + 1}, phase {state.phase.name}, "
                     f"scores {list(state.scores)}")
    return "\n".join(lines)


def _read_record(path: str) -> Record:
    with open(path, "rb") as handle:
        data = handle.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ParseError(f"{path} is not UTF-8 text: {error}") from None
    if text.lstrip().startswith("{"):
        value = from_json(text)
        if isinstance(value, GameState):
            return Record.of_state(value)
        if not isinstance(value, Record):
            raise StateError(f"{path} holds {type(value).__name__} data, not a game record or a game state")
        return value
    return Record.parse(text)


def _write_record(path: str, record: Record) -> None:
    text = to_json(record, indent=1) + "\n" if path.endswith(".json") else record.to_text()
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m spades", description="The rules of Spades.")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="play and print one whole seeded game")
    demo.add_argument("--seed", type=int, default=7, help="the seed of the game (default 7)")
    table = demo.add_mutually_exclusive_group()
    table.add_argument("--players", type=int, choices=(2, 4), default=4, help="2 for two-player Spades, 4 for partnership")
    table.add_argument("--rules", metavar="NAME", choices=sorted(PRESETS),
                       help="play under a preset: " + ", ".join(sorted(PRESETS)))
    demo.add_argument("--record", metavar="FILE", help="also write the game record to FILE (JSON if it ends in .json)")
    replay = commands.add_parser("replay", help="print a recorded game hand by hand")
    replay.add_argument("file", metavar="FILE", help="a game record (its text or JSON form) or a game state's JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "demo":
            if args.rules:
                rules = Rules.preset(args.rules)
            else:
                rules = Rules.two_player() if args.players == 2 else Rules.partnership()
            final = play_demo(rules, args.seed, sys.stdout)
            if args.record:
                _write_record(args.record, Record.of_state(final))
        elif args.command == "replay":
            print(format_replay(_read_record(args.file)))
    except SpadesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            raise
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0
