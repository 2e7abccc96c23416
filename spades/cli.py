"""The command line: ``spades demo`` and ``spades replay`` (also
``python -m spades ...``).

``demo`` plays one whole seeded game between simple players and prints it
hand by hand (``--verbose``: every trick too); ``demo --record FILE`` also
writes its game record.  ``replay FILE`` reads a game record (the text
form, or its JSON document) and prints the game hand by hand, trick by
trick.  ``spades --help`` and ``spades COMMAND --help`` describe each
command with examples; ``spades --version`` prints the version.

Hands are numbered from 0 on the screen, as in the library
(:attr:`~spades.GameState.hand_number`, :attr:`~spades.HandRecord.number`),
its views and its game records (``[Hand "0"]``); seats are numbered from 0
too.  Tricks are counted from 1 to 13 within a hand.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import textwrap
from collections.abc import Sequence
from typing import TextIO

from spades.actions import Action, Bid, Stock
from spades.bots import estimate_bid, simple_action
from spades.cards import Card, CardSet, Rank, Suit
from spades.errors import ParseError, SpadesError, StateError
from spades.record import Record
from spades.rules import PRESETS, Rules
from spades.sheet import HandRecord
from spades.serial import from_json, to_json
from spades.state import GameState, Phase, new_game
from spades.draft import walk_draft
from spades.exchange import exchanged_cards
from spades.tricks import first_leader, walk_tricks

__all__ = ["main", "play_demo", "demo_action", "format_hand", "format_replay"]

BROKEN_PIPE_STATUS = 141
"""The exit status when the reader of the output goes away (``spades demo |
head``): 128 + SIGPIPE, what a shell reports for a program a closed pipe
ends.  Nothing is printed."""

_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)  # as in the text form of a hand


def _side_name(rules: Rules, side: int) -> str:
    seats = rules.sides[side]
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + " & ".join(str(s) for s in seats)


def _card_text(card: Card, symbols: bool) -> str:
    return card.symbol if symbols else str(card)


def _hand_text(hand: CardSet, symbols: bool) -> str:
    """A hand by suit, spades first, high cards first: ``♠ A Q 10 9  ♥ A J
    9 6 4  ♦ Q 8 5 2  ♣ -`` (jokers before the spades)."""
    if not symbols:
        return str(hand)
    cards = sorted(hand, reverse=True)
    groups = []
    jokers = [card.symbol for card in cards if card.is_joker]
    if jokers:
        groups.append(" ".join(jokers))
    for suit in _SUIT_ORDER:
        ranks = [card.symbol[:-1] for card in cards if not card.is_joker and card.suit == suit]
        groups.append(suit.symbol + " " + (" ".join(ranks) if ranks else "-"))
    return "  ".join(groups)


def _nil_text(record: HandRecord, rules: Rules, side: int, points: int) -> str:
    """How the side's Nil and Double Nil bids went, or ``""``."""
    parts = []
    seats = rules.sides[side]
    for seat in seats:
        bid = record.bids[seat]
        if bid.is_nil:
            name = "double nil" if bid.double_nil else "nil"
            outcome = "made" if record.tricks[seat] == 0 else "failed"
            parts.append(f"{name} {outcome}" if len(seats) == 1 else f"seat {seat} {name} {outcome}")
    if not parts:
        return ""
    return ", ".join(parts) + f" ({points:+d})"


def format_hand(record: HandRecord, rules: Rules, *, tricks: bool = False, symbols: bool = True) -> str:
    """A few lines describing one finished hand: its number (from 0) and
    dealer, the bids, the tricks each seat won, and for each side its
    contract, how its Nil bids went, its points, bags and running total.

    With ``tricks=True`` also each seat's cards as play began and every
    trick: its leader, the cards in the order played, and its winner.
    ``symbols`` shows cards with suit symbols (``10♥``), else as text
    (``TH``).
    """
    role = "first player" if rules.is_draft else "dealer"
    lines = [f"Hand {record.number} ({role}: seat {record.dealer})"]
    if rules.is_draft:
        lines.append("  draft:  " + _draft_summary(record, rules))
    lines.append("  bids:   " + "  ".join(f"seat {s}: {b}" for s, b in enumerate(record.bids)))
    if tricks:
        for seat, hand in enumerate(record.hands):
            lines.append(f"  seat {seat} held {_hand_text(hand, symbols)}")
        plays = [a for a in record.actions if isinstance(a, Card)]
        leader = first_leader(rules, record.dealer, record.hands)
        for number, (lead, cards, taker) in enumerate(walk_tricks(rules, leader, plays), 1):
            shown = " ".join(_card_text(card, symbols).rjust(3) for card in cards)
            lines.append(f"  trick {number:2}: seat {lead} leads {shown}  won by seat {taker}")
    lines.append("  tricks: " + "  ".join(f"seat {s}: {t}" for s, t in enumerate(record.tricks)))
    for side, result in enumerate(record.result.sides):
        made = "made" if result.made else "set"
        nil = _nil_text(record, rules, side, result.nil_points)
        lines.append(
            f"  {_side_name(rules, side)}: contract {result.contract} {made}, "
            + (nil + ", " if nil else "")
            + (f"bag penalty {result.penalty_points:+d}, " if result.penalty_points else "")
            + f"hand {result.points:+d}, bags {result.total_bags}, total {result.score}"
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


def _looks_nil(hand: CardSet) -> bool:
    """A hand a player might bid Nil on: no joker, no ace or king, and at
    most three spades, all below the queen."""
    spades = [card for card in hand if not card.is_joker and card.suit == Suit.SPADES]
    return (
        not any(card.is_joker or card.rank >= Rank.KING for card in hand)
        and len(spades) <= 3
        and all(card.rank < Rank.QUEEN for card in spades)
    )


def _lowest_first(card: Card) -> tuple[bool, int]:
    return (card.is_joker or card.suit == Suit.SPADES, card.rank)


def demo_action(state: GameState, rng: random.Random) -> Action:
    """The demo's player: :func:`spades.bots.simple_action` (random legal
    cards, bids from :func:`spades.bots.estimate_bid`), except with Nil.  It
    bids Nil, when Nil is legal, on a hand of at most one estimated trick
    with no joker, ace or king and at most three spades below the queen, and
    after bidding Nil it plays its lowest legal card, spades last.  So a
    demo game shows Nil scoring once in a while: in about one partnership
    hand in six, a third of them made."""
    seat = state.turn
    if not state.is_chance and seat is not None:
        if state.phase is Phase.BID:
            hand = state.hand(seat)
            if estimate_bid(hand, state.rules) <= 1 and _looks_nil(hand) and Bid.NIL in state.legal_actions():
                return Bid.NIL
        elif state.phase is Phase.PLAY:
            bid = state.bids[seat]
            if bid is not None and bid.is_nil:
                cards = [action for action in state.legal_actions() if isinstance(action, Card)]
                if cards:
                    return min(cards, key=_lowest_first)
    return simple_action(state, rng)


def _encodes(out: TextIO, text: str) -> bool:
    """Whether ``out`` can write ``text`` (suit symbols on a console or file
    whose encoding has none fall back to letters)."""
    encoding = getattr(out, "encoding", None)
    if not encoding:
        return True  # an in-memory text stream takes any text
    try:
        text.encode(encoding)
    except (UnicodeError, LookupError):
        return False
    return True


def play_demo(rules: Rules, seed: int, out: TextIO, *, verbose: bool = False) -> GameState:
    """Play one seeded game between demo players (:func:`demo_action`),
    printing each hand as it ends (with ``verbose``, every trick too, see
    :func:`format_hand`) and then the winner; returns the final state."""
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    symbols = _encodes(out, "♠♥♦♣")
    printed = 0
    while not state.is_over:
        state = state.apply(demo_action(state, rng))
        while printed < len(state.sheet):
            print(format_hand(state.sheet[printed], rules, tricks=verbose, symbols=symbols), file=out)
            printed += 1
    winner = state.winner
    assert winner is not None  # the game is over
    print(f"Winner: {_side_name(rules, winner)} with {state.scores[winner]} points "
          f"after {len(state.sheet)} hands (final scores {list(state.scores)})", file=out)
    return state


def format_replay(record: Record, *, symbols: bool = True) -> str:
    """A recorded game hand by hand: for each finished hand
    :func:`format_hand` with its tricks (the cards each seat held as play
    began, the tricks with their leaders and winners, then the scoring),
    then the winner, or the hand and phase of a game still in progress."""
    rules = record.rules
    state = record.replay()
    lines = [format_hand(row, rules, tricks=True, symbols=symbols) for row in state.sheet]
    if state.is_over:
        winner = state.winner
        assert winner is not None  # the game is over
        lines.append(f"Winner: {_side_name(rules, winner)} with {state.scores[winner]} points "
                     f"after {len(state.sheet)} hands (final scores {list(state.scores)})")
    else:
        lines.append(f"Game in progress: hand {state.hand_number}, phase {state.phase.name}, "
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


def _record_text(path: str, record: Record) -> str:
    return to_json(record, indent=1) + "\n" if path.endswith(".json") else record.to_text()


_DEMO = """\
Play one whole seeded game between simple players and print it hand by hand:
the bids, the tricks each seat won, and for each side its contract, its Nil
bids, its points, its bags and its running total; then the winner.

The players play random legal cards and bid from a rough estimate of their
hand; on a hand with no high cards they bid Nil, so a game shows Nil scoring
once in a while. Hands and seats are numbered from 0, as in the library and
in game records.
"""

_DEMO_EXAMPLES = """\
presets (--rules NAME):
{presets}

examples:
  %(prog)s
      a partnership game, seed 7
  %(prog)s --seed 3 --players 2
      a two-player game, seed 3
  %(prog)s --rules jokers --verbose
      jokers in play, every trick shown
  %(prog)s --record game.txt
      also write the game's record
  %(prog)s --record game.json
      the record as a JSON document
"""

_REPLAY = """\
Print a recorded game hand by hand: for each hand the bids, the cards each
seat held as play began, every trick (its leader, the cards in the order
played, its winner), the tricks won and the scoring; then the winner, or the
hand and phase of a game still in progress.

FILE is a game record in its text form (as written by demo --record FILE or
Record.to_text()), a record's JSON document (demo --record FILE.json), or a
game state's JSON document.
"""

_REPLAY_EXAMPLES = """\
examples:
  %(prog)s game.txt
      written by demo --record game.txt
  %(prog)s game.json
      a record or a state as JSON
"""


_ANALYSE = """\
For each finished hand of a game record: each side's double-dummy tricks at
the first lead (with best play, all hands open) beside its bid and the
tricks it took, and each card played that cost its side a trick, or its
Nil, against best play.  A full four-hand deal can take a while to solve:
progress goes to standard error when it is a terminal.
"""

_ANALYSE_EXAMPLES = """\
examples:
  %(prog)s game.txt
  %(prog)s --json game.txt
"""


def _analyse(path: str, as_json: bool) -> None:
    """The ``analyse`` command (spades.analysis)."""
    import json

    from spades.analysis import analyse, analysis_to_json, format_analysis

    try:
        record = _read_record(path)
    except OSError as error:
        raise _CommandError(f"cannot read {path}: {error.strerror or error}") from None

    def progress(done: int, cards: int) -> None:
        print(f"\ranalysed {done} of {cards} cards", end="" if done < cards else "\n", file=sys.stderr, flush=True)

    report = analyse(record, progress if sys.stderr.isatty() else None)
    if as_json:
        print(json.dumps(analysis_to_json(report), indent=1))
    else:
        print(format_analysis(report, symbols=_encodes(sys.stdout, "♠♥♦♣")))


def _program_name() -> str:
    """The program's name as it was invoked: ``python -m spades`` (with the
    interpreter's name) or the console script's name."""
    main_module = sys.modules.get("__main__")
    spec = getattr(main_module, "__spec__", None)
    if spec is not None and spec.name in ("spades", "spades.__main__"):
        return f"{os.path.basename(sys.executable) or 'python'} -m spades"
    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    return name.removesuffix(".exe") or "spades"


def _parser(prog: str) -> argparse.ArgumentParser:
    from spades import __version__

    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog=prog,
        description="The rules of the card game Spades: play a demo game, or replay a recorded one.",
        epilog=f"Run '{prog} COMMAND --help' for a command's options and examples.",
    )
    parser.add_argument("--version", action="version", version=f"spades {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    width = min(78, shutil.get_terminal_size().columns - 2)  # as argparse wraps the options
    presets = textwrap.fill(", ".join(sorted(PRESETS)), width=width, initial_indent="  ", subsequent_indent="  ",
                            break_on_hyphens=False)
    demo = commands.add_parser("demo", help="play and print one whole seeded game", description=_DEMO,
                               epilog=_DEMO_EXAMPLES.format(presets=presets), formatter_class=raw)
    demo.add_argument("--seed", type=int, default=7, help="the seed of the game (default 7)")
    table = demo.add_mutually_exclusive_group()
    table.add_argument("--players", type=int, choices=(2, 4), default=4, help="2 for two-player Spades, 4 for partnership")
    table.add_argument("--rules", metavar="NAME", choices=sorted(PRESETS), help="play under a preset (listed below)")
    demo.add_argument("-v", "--verbose", action="store_true",
                      help="also print each seat's cards and every trick (leader, cards, winner)")
    demo.add_argument("--record", metavar="FILE",
                      help="also write the game record to FILE (JSON if it ends in .json); "
                           "FILE is opened before the game is played")
    replay = commands.add_parser("replay", help="print a recorded game hand by hand, trick by trick",
                                 description=_REPLAY, epilog=_REPLAY_EXAMPLES, formatter_class=raw)
    replay.add_argument("file", metavar="FILE", help="a game record (its text or JSON form) or a game state's JSON")
    analyse = commands.add_parser("analyse", help="double-dummy analysis of each finished hand of a record",
                                  description=_ANALYSE, epilog=_ANALYSE_EXAMPLES, formatter_class=raw)
    analyse.add_argument("file", metavar="FILE", help="a game record (its text or JSON form) or a game state's JSON")
    analyse.add_argument("--json", action="store_true", help="print the report as JSON")
    return parser


def _quiet_stdout() -> None:
    """After a broken pipe: send whatever is still buffered for standard
    output nowhere, so that the interpreter's last flush raises nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (a test's captured output): nothing to flush


class _Output:
    """A file to write once the work is done, opened before it starts so
    that a path that cannot be written fails at once.  It is opened without
    truncating it, emptied just before it is written, and removed again if
    it did not exist and nothing was written."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.existed = os.path.exists(path)
        try:
            self.handle = open(path, "a", encoding="utf-8")
        except OSError as error:
            raise _CommandError(f"cannot write {path}: {error.strerror or error}") from None
        self.written = False

    def write(self, text: str) -> None:
        self.handle.seek(0)
        self.handle.truncate()
        self.handle.write(text)
        self.written = True

    def close(self) -> None:
        self.handle.close()
        if not self.written and not self.existed:
            try:
                os.remove(self.path)
            except OSError:
                pass


class _CommandError(Exception):
    """A message for standard error, and exit status 2."""


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """Run the command line on ``argv`` (default: the process's arguments)
    and return the exit status: 0; 2 for a usage error or a file that
    cannot be read or written, with a message on standard error;
    :data:`BROKEN_PIPE_STATUS`, quietly, when standard output is closed
    early.  ``prog`` is the name shown in messages (default: as invoked,
    ``spades`` or ``python -m spades``)."""
    name = prog or _program_name()
    try:
        args = _parser(name).parse_args(argv)
        try:
            if args.command == "demo":
                if args.rules:
                    rules = Rules.preset(args.rules)
                else:
                    rules = Rules.two_player() if args.players == 2 else Rules.partnership()
                record_file = _Output(args.record) if args.record else None  # fails before the game
                try:
                    final = play_demo(rules, args.seed, sys.stdout, verbose=args.verbose)
                    if record_file is not None:
                        record_file.write(_record_text(args.record, Record.of_state(final)))
                finally:
                    if record_file is not None:
                        record_file.close()
            elif args.command == "replay":
                try:
                    record = _read_record(args.file)
                except OSError as error:
                    raise _CommandError(f"cannot read {args.file}: {error.strerror or error}") from None
                print(format_replay(record, symbols=_encodes(sys.stdout, "♠♥♦♣")))
            elif args.command == "analyse":
                _analyse(args.file, args.json)
            sys.stdout.flush()
        except (SpadesError, _CommandError) as error:
            print(f"{name}: error: {error}", file=sys.stderr)
            return 2
        except OSError as error:
            if isinstance(error, BrokenPipeError):
                raise
            print(f"{name}: error: {error}", file=sys.stderr)
            return 2
    except BrokenPipeError:
        _quiet_stdout()
        return BROKEN_PIPE_STATUS
    return 0
