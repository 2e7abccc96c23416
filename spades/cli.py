"""The command line: ``spades demo``, ``spades replay``, ``spades analyse``,
``spades play`` and ``spades match`` (also ``python -m spades ...``).

``demo`` plays one whole seeded game between simple players and prints it
hand by hand (``--verbose``: every trick too); ``demo --record FILE`` also
writes its game record.  ``replay FILE`` reads a game record (the text
form, or its JSON document) and prints the game hand by hand, trick by
trick.  ``analyse FILE`` reports, for each finished hand of a record, the
double-dummy tricks of each side and the cards that cost a trick or a Nil
(:mod:`spades.analysis`).  ``play`` lets a person play one seat in the terminal against bots
(:func:`play_terminal`); ``match`` plays a match between bots on duplicate
deals and prints its table (:func:`run_match`).  ``spades --help`` and
``spades COMMAND --help`` describe each command with examples; ``spades
--version`` prints the version.

Hands are numbered from 0 on the screen, as in the library
(:attr:`~spades.GameState.hand_number`, :attr:`~spades.HandRecord.number`),
its views and its game records (``[Hand "0"]``); seats are numbered from 0
too.  Tricks are counted from 1 to 13 within a hand.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import shutil
import signal
import stat
import sys
import textwrap
import threading
import time
from collections.abc import Iterator, Sequence
from typing import Any, Final, NoReturn, TextIO

from spades.actions import Action, Bid, Draft, Exchange, Stock
from spades.bidding import double_nil_forced
from spades.bots import estimate_bid, simple_action
from spades.cards import Card, CardSet, Rank, Suit
from spades.deal import check_rng
from spades.errors import (
    check_flags,
    is_a,
    ArgumentError, ArgumentTypeError, ParseError, SpadesError, StateError, check_seat, clip, read_bounded, short_repr, type_name,
)
from spades.record import MAX_SIZE as RECORD_MAX_SIZE
from spades.record import Record
from spades.rules import PRESETS, Rules, check_rules
from spades.sheet import HandRecord, check_row
from spades.serial import MAX_SIZE as JSON_MAX_SIZE
from spades.serial import from_json, to_json
from spades.state import GameState, Phase, new_game
from spades.draft import walk_draft
from spades.exchange import exchanged_cards
from spades.tricks import first_leader, trick_winner_seat, walk_tricks
from spades.view import seat_view

__all__ = ["main", "play_demo", "demo_action", "format_hand", "format_replay", "play_terminal", "run_match"]

BROKEN_PIPE_STATUS = 141
"""The exit status when the reader of the output goes away (``spades demo |
head``): 128 + SIGPIPE, what a shell reports for a program a closed pipe
ends.  Nothing is printed."""

INTERRUPTED_STATUS = 130
"""The exit status after Ctrl-C (``spades play``, ``spades match``): 128 +
SIGINT, as a shell reports it."""

_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)  # as in the text form of a hand


def _side_name(rules: Rules, side: int) -> str:
    seats = rules.sides[side]
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + " & ".join(str(s) for s in seats)


def _card_text(card: Card, symbols: bool) -> str:
    return card.symbol if symbols else str(card)


def _hand_text(hand: CardSet, symbols: bool, rules: Rules) -> str:
    """A hand by the suits the deck plays, spades first, each suit's
    strongest card first: ``♠ A Q 10 9  ♥ A J 9 6 4  ♦ Q 8 5 2  ♣ -``.  A
    card that is a spade in this deck though not printed one (a joker, the
    2♦ of joker-joker-deuce-deuce, V-9) is among the spades, in its place
    and shown whole: ``♠ BJ LJ 2♦ 2 A K``.  Without ``symbols``, the
    hand's text (``AQT9.AJ964.Q852.``)."""
    if not symbols:
        return str(hand)
    facts = rules.deck_facts
    groups = []
    for suit in _SUIT_ORDER:
        cards = sorted((card for card in hand if facts.suit_of[card] == suit), key=facts.power.__getitem__, reverse=True)
        ranks = [card.symbol if card.is_joker or card.suit != suit else card.symbol[:-1] for card in cards]
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


def format_hand(
    record: HandRecord, rules: Rules, *, tricks: bool = False, symbols: bool = True, draft: bool = True
) -> str:
    """A few lines describing one finished hand: its number (from 0) and
    dealer, the bids, the tricks each seat won, and for each side its
    contract, how its Nil bids went, its points, bags and running total.

    With ``tricks=True`` also each seat's cards as play began and every
    trick: its leader, the cards in the order played, and its winner.
    ``symbols`` shows cards with suit symbols (``10♥``), else as text
    (``TH``).  In two-player Spades a line says how each seat drafted
    (T-2); ``draft=False`` leaves it out, for a player, who sees neither
    card of the other's draft turns.  A record of a hand of other rules
    (other seats, sides or cards, drafted or dealt otherwise) raises
    :class:`~spades.ArgumentError`.
    """
    record, rules = check_row(record, rules)
    check_flags(tricks=tricks, symbols=symbols, draft=draft)
    role = "first player" if rules.is_draft else "dealer"
    lines = [f"Hand {record.number} ({role}: seat {record.dealer})"]
    if rules.is_draft and draft:
        lines.append("  draft:  " + _draft_summary(record, rules))
    lines.append("  bids:   " + "  ".join(f"seat {s}: {b}" for s, b in enumerate(record.bids)))
    if tricks:
        for seat, hand in enumerate(record.hands):
            lines.append(f"  seat {seat} held {_hand_text(hand, symbols, rules)}")
        plays = [a for a in record.actions if is_a(a, Card)]
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
    if type(state) is not GameState:
        raise ArgumentTypeError(f"demo_action needs a GameState, got {type_name(state)}")
    check_rng(rng, "demo_action")
    seat = state.turn
    if not state.is_chance and seat is not None:
        if state.phase is Phase.BID:
            hand = state.hand(seat)
            if estimate_bid(hand, state.rules) <= 1 and _looks_nil(hand) and Bid.NIL in state.legal_actions():
                return Bid.NIL
        elif state.phase is Phase.PLAY:
            bid = state.bids[seat]
            if bid is not None and bid.is_nil:
                cards = [action for action in state.legal_actions() if is_a(action, Card)]
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


def _fitted(out: TextIO, text: str) -> str:
    """``text`` as ``out`` can write it: suit symbols as letters, and any
    other character its encoding lacks (what a player typed, say) as an
    escape, on a console or a file without them."""
    if _encodes(out, text):
        return text
    encoding = getattr(out, "encoding", None) or "utf-8"
    text = text.translate(_SUIT_LETTERS)
    try:
        return text.encode(encoding, "backslashreplace").decode(encoding, "replace")
    except LookupError:  # an encoding Python does not know: ASCII is safe
        return text.encode("ascii", "backslashreplace").decode("ascii")


_SUIT_LETTERS: Final = str.maketrans("♠♥♦♣", "SHDC")


def play_demo(rules: Rules, seed: int, out: TextIO, *, verbose: bool = False) -> GameState:
    """Play one seeded game between demo players (:func:`demo_action`),
    printing each hand as it ends (with ``verbose``, every trick too, see
    :func:`format_hand`) and then the winner; returns the final state."""
    _check_stream(out, "out", "write")
    check_flags(verbose=verbose)
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
    if type(record) is not Record:
        raise ArgumentTypeError(f"format_replay needs a Record, got {type_name(record)}")
    check_flags(symbols=symbols)
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


_READ_LIMIT: Final = max(RECORD_MAX_SIZE, JSON_MAX_SIZE)
"""The most bytes ``replay`` and ``analyse`` read of a file: what the
record and document readers take."""


def _read_record(path: str) -> Record:
    with open(path, "rb") as handle:
        data = handle.read(_READ_LIMIT + 1)  # an endless or huge input is not read whole
    if len(data) > _READ_LIMIT:
        raise _CommandError(f"{_quoted(path)} is larger than {_READ_LIMIT:,} bytes: too large for a game record or state")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ParseError(f"{_quoted(path)} is not UTF-8 text: {error}") from None
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors write
    if text.lstrip().startswith("{"):
        value = from_json(text)
        if is_a(value, GameState):
            return Record.of_state(value)
        if not is_a(value, Record):
            raise StateError(f"{_quoted(path)} holds {type(value).__name__} data, not a game record or a game state")
        return value
    kind = _json_kind(text)
    if kind is not None:
        raise StateError(f"{_quoted(path)} holds a JSON {kind}, not a game record or a game state (in JSON, an object)")
    return Record.parse(text)


def _json_kind(text: str) -> str | None:
    """What JSON value ``text`` holds when it is JSON but not an object (an
    array, a string, a number, true, false or null), else ``None``: text
    that is not JSON at all is read as a text record."""
    try:
        value = json.loads(text, parse_int=float)  # the kind only: a number of any length, without int's limit
    except RecursionError:  # JSON nested beyond what Python reads (a text record never nests)
        return "value nested too deeply"
    except ValueError:  # not JSON: a text record, perhaps
        return None
    kinds = {list: "array", str: "string", int: "number", float: "number", bool: "true or false", type(None): "null"}
    return kinds.get(type(value))


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
    from spades.analysis import analyse, analysis_to_json, format_analysis

    try:
        record = _read_record(path)
    except OSError as error:
        raise _CommandError(f"cannot read {_quoted(path)}: {error.strerror or type_name(error)}") from None

    def progress(done: int, cards: int) -> None:
        print(f"\ranalysed {done} of {cards} cards", end="" if done < cards else "\n", file=sys.stderr, flush=True)

    report = analyse(record, progress if sys.stderr is not None and sys.stderr.isatty() else None)
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


# A word of a usage error longer than this is cut short: argparse echoes
# what was typed (an option, a choice), however long.
_LONG_WORD: Final = re.compile(r"'[^'\n]{60,}'|[^\s']{60,}")
_USAGE_ERROR_LIMIT: Final = 1000


class _Parser(argparse.ArgumentParser):
    """argparse's parser (its subcommands' too), whose usage errors echo
    what was typed cut short: each word of more than 60 characters, and
    the message to :data:`_USAGE_ERROR_LIMIT` characters."""

    def error(self, message: str) -> NoReturn:
        shortened = _LONG_WORD.sub(lambda m: m[0][:50] + "..." + ("'" if m[0][0] == "'" else ""), message)
        super().error(clip(shortened, _USAGE_ERROR_LIMIT))


def _parser(prog: str) -> argparse.ArgumentParser:
    from spades import __version__

    raw = argparse.RawDescriptionHelpFormatter
    parser = _Parser(
        prog=prog,
        description="The rules of the card game Spades: play a demo game, replay or analyse a recorded one, "
                    "play against bots, or run a match between bots.",
        epilog=f"Run '{prog} COMMAND --help' for a command's options and examples.",
    )
    parser.add_argument("--version", action="version", version=f"spades {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    width = max(20, min(78, shutil.get_terminal_size().columns - 2))  # as argparse wraps the options (at least 20)
    presets = textwrap.fill(", ".join(sorted(PRESETS)), width=width, initial_indent="  ", subsequent_indent="  ",
                            break_on_hyphens=False)
    demo = commands.add_parser("demo", help="play and print one whole seeded game", description=_DEMO,
                               epilog=_DEMO_EXAMPLES.format(presets=presets), formatter_class=raw)
    demo.add_argument("--seed", type=_whole, default=7, help="the seed of the game (default 7)")
    table = demo.add_mutually_exclusive_group()
    table.add_argument("--players", type=_whole, choices=(2, 4), default=4, help="2 for two-player Spades, 4 for partnership")
    table.add_argument("--rules", metavar="NAME", choices=sorted(PRESETS), help="play under a preset (listed below)")
    demo.add_argument("-v", "--verbose", action="store_true",
                      help="also print each seat's cards and every trick (leader, cards, winner)")
    demo.add_argument("--record", metavar="FILE", type=_path,
                      help="also write the game record to FILE (JSON if it ends in .json); "
                           "FILE is opened before the game is played")
    replay = commands.add_parser("replay", help="print a recorded game hand by hand, trick by trick",
                                 description=_REPLAY, epilog=_REPLAY_EXAMPLES, formatter_class=raw)
    replay.add_argument("file", metavar="FILE", type=_path, help="a game record (its text or JSON form) or a game state's JSON")
    analyse = commands.add_parser("analyse", help="double-dummy analysis of each finished hand of a record",
                                  description=_ANALYSE, epilog=_ANALYSE_EXAMPLES, formatter_class=raw)
    analyse.add_argument("file", metavar="FILE", type=_path, help="a game record (its text or JSON form) or a game state's JSON")
    analyse.add_argument("--json", action="store_true", help="print the report as JSON")
    _add_play_parser(commands, raw, presets)
    _add_match_parser(commands, raw)
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
            raise _CommandError(f"cannot write {_quoted(path)}: {error.strerror or type_name(error)}") from None
        self.written = False

    def write(self, text: str) -> None:
        try:
            if self._emptied_first():
                self.handle.seek(0)
                self.handle.truncate()
            self.handle.write(text)
            self.handle.flush()
        except OSError as error:
            raise _CommandError(f"cannot write {_quoted(self.path)}: {error.strerror or type_name(error)}") from None
        self.written = True

    def _emptied_first(self) -> bool:
        """Whether the file is emptied before it is written: a regular file
        that is not this process's standard output (a device, a pipe or the
        game's own output is written on)."""
        try:
            mine = os.fstat(self.handle.fileno())
        except OSError:
            return False
        if not stat.S_ISREG(mine.st_mode):
            return False
        try:
            out = os.fstat(sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            return True
        return (out.st_dev, out.st_ino) != (mine.st_dev, mine.st_ino)

    def close(self) -> None:
        try:
            self.handle.close()
        except OSError as error:  # what a failed write left in the buffer, written again
            if self.written:
                raise _CommandError(f"cannot write {_quoted(self.path)}: {error.strerror or type_name(error)}") from None
        if not self.written and not self.existed:
            try:
                os.remove(self.path)
            except OSError:
                pass


_WHOLE: Final = re.compile(r"-?[0-9]+")


_MOST_ARGUMENTS: Final = 10_000
"""The most arguments :func:`main` takes in its ``argv``."""


def _path_problem(text: str) -> str | None:
    """What keeps ``text`` from being a file name on this system (a NUL
    character, or text its file names cannot hold), or ``None``."""
    if "\0" in text:
        return "a file name holds no NUL character"
    try:
        os.fsencode(text)
    except UnicodeError:
        return f"{short_repr(text)} cannot be a file name on this system"
    return None


def _path(text: str) -> str:
    """A FILE argument: a name this system can give a file."""
    problem = _path_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def _whole(text: str) -> int:
    """An option's whole number in ASCII digits, a minus sign allowed
    (not ``int()``'s other digits, underscores or plus sign), refused
    without echoing a long one."""
    digits = text.strip()
    if len(digits.lstrip("-")) > 30:
        raise argparse.ArgumentTypeError(f"a whole number of at most 30 digits, not one of {len(text)} characters")
    if not _WHOLE.fullmatch(digits):
        raise argparse.ArgumentTypeError(f"a whole number in the digits 0 to 9, not {text!r}")
    return int(digits)


def _quoted(path: str) -> str:
    """A file name as a message shows it: quoted, its control characters
    escaped (a name cannot write on the terminal), cut short."""
    return short_repr(path, 100)


class _CommandError(Exception):
    """A message for standard error, and exit status 2."""


def _say(message: str) -> None:
    """``message`` on standard error, if it is open (never on standard
    output instead, where ``print(file=None)`` would put it)."""
    if sys.stderr is not None:
        print(message, file=sys.stderr)


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """Run the command line on ``argv`` (default: the process's arguments)
    and return the exit status: 0; 2 for a file that cannot be read or
    written, or a record that does not load, with a message on standard
    error (a usage error exits as :mod:`argparse` exits: ``SystemExit(2)``,
    its message on standard error);
    :data:`BROKEN_PIPE_STATUS`, quietly, when standard output is closed
    early.  ``prog`` is the name shown in messages (default: as invoked,
    ``spades`` or ``python -m spades``)."""
    if argv is not None:
        argv = read_bounded(argv, _MOST_ARGUMENTS, ArgumentError, "argv is a list of str, got {got}",
                            f"at most {_MOST_ARGUMENTS} arguments", ArgumentTypeError)
        if not all(type(argument) is str for argument in argv):
            raise ArgumentTypeError("argv is a list of str: each argument is text")
    if prog is not None and type(prog) is not str:
        raise ArgumentTypeError(f"prog is a str or None, got {type_name(prog)}")
    name = prog or _program_name()
    if sys.stdout is None:  # closed by the caller (python -m spades demo >&-)
        _say(f"{name}: error: standard output is closed")
        return 2
    try:
        args = _parser(name).parse_args(argv)
        try:
            if args.command == "demo":
                if args.rules:
                    rules = Rules.preset(args.rules)
                else:
                    rules = Rules.two_player() if args.players == 2 else Rules.partnership()
                record_file = _Output(args.record) if args.record is not None else None  # fails before the game
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
                    raise _CommandError(f"cannot read {_quoted(args.file)}: {error.strerror or type_name(error)}") from None
                print(format_replay(record, symbols=_encodes(sys.stdout, "♠♥♦♣")))
            elif args.command == "analyse":
                _analyse(args.file, args.json)
            elif args.command == "play":
                _run_play(args)
            elif args.command == "match":
                _run_match(args)
            sys.stdout.flush()
        except (SpadesError, _CommandError) as error:
            _say(f"{name}: error: {error}")
            return 2
        except OSError as error:
            if is_a(error, BrokenPipeError):
                raise
            _say(f"{name}: error: {error}")
            return 2
    except BrokenPipeError:
        _quiet_stdout()
        return BROKEN_PIPE_STATUS
    except KeyboardInterrupt:
        _say(f"\n{name}: interrupted")
        return INTERRUPTED_STATUS
    return 0


# ----------------------------------------------------------------------
# ``spades play``: a person plays one seat in the terminal against bots.

_PLAY = """\
Play one game of Spades in the terminal: you hold one seat, bots hold the
others. Your hand is shown sorted by suit, with the trick so far, the bids
and the score. Type your move as the library reads it: a bid (4, nil), a
card (QH, Q♥, 10h), keep or reject in the two-player draft, the cards of an
exchange (AS KH 2C). An illegal move is explained with the rule it breaks.
When Double Nil is open to you, you are asked before you see your cards.
Type help for help, q to quit (you may save the game's record first).
The seed of the deals is told when the game ends or you quit, not before:
it deals every hand, the bots' too.
"""

_PLAY_EXAMPLES = """\
presets (--rules NAME):
{presets}
bots (--bots NAME): {bots}

examples:
  %(prog)s
      partnership Spades in seat 0, a new deal each time
  %(prog)s --rules two-player --seed 3
      two-player Spades, the same cards every time with seed 3
  %(prog)s --seat 2 --bots random
      seat 2, against random players
"""

_PLAY_HELP = """\
Type one of:
  a bid          4, nil, double nil (also: blind nil, dn)
  a card         QH, Q♥, qh, 10h, TH (big joker: BJ, little joker: LJ)
  keep, reject   in the two-player draft: keep the card you drew or take the next
  cards          an exchange or a discard: AS KH 2C (or - for none)
  hand           show the table again
  q              quit (you may save the game's record first)"""

_QUIT = ("q", "quit", "exit")

LINE_LIMIT: Final = 4096
"""The longest line :func:`play_terminal` reads as a move or an answer
(longer lines are refused without being kept)."""


def _default_bot() -> str:
    """The bot ``spades play`` seats by default."""
    return "heuristic"


class _Terminal:
    """One person's side of a game in the terminal: reads lines from
    ``inp``, writes to ``out``."""

    def __init__(self, inp: TextIO, out: TextIO, rules: Rules, seat: int) -> None:
        self.inp = inp
        self.out = out
        self.rules = rules
        self.seat = seat
        self.symbols = _encodes(out, "♠♥♦♣")

    def say(self, text: str = "") -> None:
        print(_fitted(self.out, text), file=self.out)

    def ask(self, prompt: str) -> str | None:
        """The next line typed, stripped; ``None`` at the end of input.  A
        line longer than :data:`LINE_LIMIT` characters is not kept: it is
        read to its end in pieces, said to be too long, and asked again."""
        while True:
            self.out.write(_fitted(self.out, prompt))
            self.out.flush()
            line = self.inp.readline(LINE_LIMIT + 1)
            if not line:
                self.say()
                return None
            if len(line) <= LINE_LIMIT or line.endswith("\n"):
                return line.strip()
            while line and not line.endswith("\n"):  # the rest of the line, a piece at a time
                line = self.inp.readline(LINE_LIMIT + 1)
            self.say(f"That line is longer than {LINE_LIMIT:,} characters: ignored.")
            if not line:
                self.say()
                return None

    def card(self, card: Card) -> str:
        return _card_text(card, self.symbols)

    def cards(self, cards: CardSet) -> str:
        return " ".join(self.card(card) for card in sorted(cards, reverse=True)) if cards else "none"

    def who(self, seat: int) -> str:
        return "you" if seat == self.seat else f"seat {seat}"

    def side_text(self, side: int) -> str:
        seats = self.rules.sides[side]
        if self.seat in seats:
            return " & ".join(self.who(s) for s in sorted(seats, key=lambda s: s != self.seat))
        return _side_name(self.rules, side)

    def table(self, state: GameState, *, sealed: bool) -> None:
        """The score, the bids, the tricks won, the trick so far and the
        hand (not while ``sealed``)."""
        view = seat_view(state, self.seat, sealed=sealed)
        rules = self.rules
        scores = "   ".join(f"{self.side_text(side)}: {score} ({view.bags[side]} bags)"
                           for side, score in enumerate(view.scores))
        floor = "" if rules.losing_floor is None else f", lost at {rules.losing_floor} or below"  # V-1
        self.say(f"Score (game to {rules.target}{floor}): {scores}")
        self.say("Bids: " + "   ".join(f"{self.who(s)}: {'-' if b is None else b}" for s, b in enumerate(view.bids)))
        if view.phase is Phase.PLAY:
            self.say("Tricks won: " + "   ".join(f"{self.who(s)}: {n}" for s, n in enumerate(view.tricks_won))
                     + ("" if view.spades_broken else "   (spades not broken)"))
            if view.trick:
                leader = view.leader if view.leader is not None else 0
                plays = ", ".join(f"{self.who((leader + i) % rules.players)} {self.card(c)}"
                                  for i, c in enumerate(view.trick))
                self.say(f"Trick {len(view.tricks) + 1}: {plays}")
            else:
                self.say(f"Trick {len(view.tricks) + 1}: you lead")
        if view.phase is Phase.DRAFT:
            self.say(f"Drafted so far: {self.cards(view.hand)}   (stock: {view.stock_left} cards)")
            self.say(f"You discarded: {self.cards(view.draft_discards)}")
        elif view.sealed:
            self.say(f"Your hand: {len(view.hand_sizes) and view.hand_sizes[self.seat]} cards, not shown yet")
        else:
            self.say(f"Your hand: {_hand_text(view.hand, self.symbols, self.rules)}")

    def prompt(self, state: GameState) -> str:
        view = seat_view(state, self.seat)
        phase = view.phase
        if phase is Phase.BID:
            if double_nil_forced(view.legal_actions):
                return "Your bid (double nil: the only bid the rules leave you, V-6): "
            numbers = [a for a in view.legal_actions if is_a(a, Bid) and not a.double_nil]
            low = min(bid.tricks for bid in numbers)
            high = max(bid.tricks for bid in numbers)
            nil = ", nil" if any(bid.is_nil for bid in numbers) and low == 0 else ""
            return f"Your bid ({max(low, 1) if nil else low}..{high}{nil}): "
        if phase is Phase.DRAFT:
            top = view.top_of_stock
            return f"You draw {self.card(top) if top is not None else '?'}: keep or reject? "
        if phase is Phase.EXCHANGE:
            count = self.rules.double_nil_exchange
            return f"Give {count} card{'s' if count != 1 else ''} to your partner (e.g. {' '.join(('AS', 'KH', '2C')[:count])}): "
        if phase is Phase.DISCARD:
            return f"Discard up to {self.rules.double_nil_exchange} cards for new ones (cards, or - for none): "
        facts = self.rules.deck_facts  # the cards as the deck plays them: by suit, strongest first (V-9)
        legal = sorted((a for a in view.legal_actions if is_a(a, Card)), key=lambda c: (facts.suit_of[c], facts.power[c]),
                       reverse=True)
        return f"Your card ({' '.join(self.card(c) for c in legal)}): "

    def announce(self, before: GameState, after: GameState, seat: int, action: Action) -> None:
        """What happened, in words: a bid, a draft turn, an exchange, a
        card and the trick it completes, the end of a hand."""
        rules = self.rules
        who = self.who(seat)
        if is_a(action, Bid):
            self.say(f"{who.capitalize()} {'bid' if seat == self.seat else 'bids'} {action}.")
        elif is_a(action, Card):
            self.say(f"{who.capitalize()} {'play' if seat == self.seat else 'plays'} {self.card(action)}.")
            trick = before.trick + (action,)
            if len(trick) == rules.players:
                leader = before.leader if before.leader is not None else 0
                taker = trick_winner_seat(leader, trick, rules)
                self.say(f"{self.who(taker).capitalize()} {'win' if taker == self.seat else 'wins'} the trick.")
        elif is_a(action, Draft):
            if seat == self.seat:
                # The drawing player sees both cards (T-2): the one kept and the one discarded.
                was, now = seat_view(before, self.seat), seat_view(after, self.seat)
                got = CardSet(now.hand.mask & ~was.hand.mask)
                thrown = CardSet(now.draft_discards.mask & ~was.draft_discards.mask)
                if action is Draft.KEEP:
                    self.say(f"You keep {self.cards(got)} and discard the next card, {self.cards(thrown)}.")
                else:
                    self.say(f"You reject {self.cards(thrown)} and take {self.cards(got)}.")
            else:
                self.say(f"Seat {seat} takes its draft turn.")
        elif is_a(action, Exchange):
            count = len(action.cards)
            if seat == self.seat and before.phase is Phase.DISCARD:
                self.say(f"You discard {self.cards(action.cards)}.")
            elif seat == self.seat:
                self.say(f"You give {self.cards(action.cards)}.")
            elif before.phase is Phase.DISCARD:
                self.say(f"Seat {seat} discards {count} cards and draws {count}.")
            else:
                self.say(f"Seat {seat} passes {count} cards to its partner.")
            mine = seat_view(after, self.seat)
            earlier = seat_view(before, self.seat)
            if mine.received != earlier.received and mine.received:
                self.say(f"You receive {self.cards(mine.received)}.")
        if len(after.sheet) > len(before.sheet):
            self.say()
            self.say(format_hand(after.sheet[-1], rules, symbols=self.symbols, draft=False))  # the other's draft unseen (T-2)
            self.say()

    def offer_save(self, state: GameState) -> None:
        """Ask for a file name and write the game's record there; asked
        again after a name that cannot be written, until one can or the
        answer is empty."""
        record = Record.of_state(state, (("Event", "spades play"),))
        first = "Save the game's record? File name (empty: no): "
        question = first
        while True:
            answer = self.ask(question)
            question = first
            if not answer or answer.lower() in ("n", "no"):
                return
            if answer.lower() in ("y", "yes"):  # the name asked for next
                question = "File name for the record (empty: do not save): "
                continue
            if os.path.exists(answer):
                again = self.ask(f"{_shown_name(answer)} exists: replace it? (yes/no) ")
                if again is None or again.lower() not in ("y", "yes"):
                    continue
            problem = _path_problem(answer)  # bounded: the name is shown short
            if problem is not None:
                self.say(f"Cannot write there: {problem}.")
                continue
            try:
                with open(answer, "w", encoding="utf-8") as handle:
                    handle.write(_record_text(answer, record))
            except OSError as error:
                self.say(f"Cannot write {short_repr(answer)}: {error.strerror or type_name(error)}.")
                continue
            self.say(f"Saved the record to {_shown_name(answer)}.")
            return


_ANSWERS: Final = ("y", "yes", "n", "no")


def _to_the_person(message: str, seat: int) -> str:
    """A refusal of the person's own move, addressed to them: "seat 0's
    hand" is "your hand", "seat 0 holds" is "you hold"."""
    return message.replace(f"seat {seat}'s hand", "your hand").replace(f"seat {seat} holds", "you hold")


def _shown_name(name: str) -> str:
    """A file name as the terminal game shows it: as typed when it is short
    and printable, else quoted, escaped and cut short (a name cannot write
    on the terminal)."""
    return name if len(name) <= 80 and name.isprintable() else short_repr(name)


def play_terminal(rules: Rules, seat: int, seed: int, bot_name: str, inp: TextIO, out: TextIO) -> GameState:
    """Play one game in the terminal: a person at ``seat`` reading from
    ``inp`` and writing to ``out``, the bot :func:`spades.bots.bot_named`
    ``(bot_name)`` at every other seat (each seat with its own
    ``random.Random`` of :func:`spades.bots.player_seed`), the deals drawn
    from ``seed``.  ``inp`` is read with ``readline(size)``, as :mod:`io`'s
    text streams read, a line of at most :data:`LINE_LIMIT` characters kept.
    Returns the last state: the end of the game, or where the person quit
    (``q``) or the input ended."""
    from spades.bots import bot_named, player_seed

    rules = check_rules(rules)
    seat = check_seat(seat, rules.players)
    bot = bot_named(bot_name)
    _check_stream(inp, "inp", "readline")
    _check_stream(out, "out", "write")
    term = _Terminal(inp, out, rules, seat)
    state = new_game(rules, seed=seed)
    rngs = [random.Random(player_seed(seed, s)) for s in range(rules.players)]
    partners = [s for s in rules.sides[rules.side_of[seat]] if s != seat]
    term.say(f"You are seat {seat}" + (f", partner of seat {partners[0]}" if partners else "")
             + f"; the {bot_name} bot plays the other seats. Type help for help, q to quit.")
    # The seed deals every hand, the other seats' as well: it is told when
    # the game ends, or is left, never while it could be played on.
    said_seed = f"Seed {seed} (--seed {seed} deals these cards again)."
    hand_number = -1
    looked = False
    while not state.is_over:
        if state.hand_number != hand_number:
            hand_number = state.hand_number
            looked = False
            role = "first player" if rules.is_draft else "dealer"
            term.say(f"--- Hand {hand_number} ({role}: {term.who(state.dealer)}) ---")
        turn = state.turn
        if turn is None:  # pragma: no cover - a seeded game resolves its own chance steps
            raise StateError("the game waits for a chance step")
        if turn != seat:
            action = bot(seat_view(state, turn), rngs[turn])
            before, state = state, state.apply(action, turn)
            term.announce(before, state, turn, action)
            continue
        if not looked and state.double_nil_open(seat):
            term.table(state, sealed=True)
            while True:
                answer = term.ask("Bid Double Nil before you look at your cards? (yes/no) ")
                if answer is None:
                    term.say("End of input: the game is left unfinished. " + said_seed)
                    return state
                if answer.lower() in _QUIT:
                    term.say(said_seed)
                    term.offer_save(state)
                    return state
                if answer.lower() in _ANSWERS:
                    break
                if answer.lower() in ("help", "?", "h"):
                    rule = "T-6" if rules.is_draft else "P-6"
                    term.say(f"Double Nil is bid before you look at your cards (rule {rule}): answer yes to bid it, "
                             f"no to see your cards first.\n" + _PLAY_HELP)
                    continue
                term.say("Please answer yes or no (or q to quit).")
            looked = True
            if answer.lower() in ("y", "yes"):
                before, state = state, state.apply(Bid.DOUBLE_NIL, seat)
                term.announce(before, state, seat, Bid.DOUBLE_NIL)
                continue
        looked = True
        term.table(state, sealed=False)
        while True:
            text = term.ask(term.prompt(state))
            if text is None:
                term.say("End of input: the game is left unfinished. " + said_seed)
                return state
            if text.lower() in _QUIT:
                term.say(said_seed)
                term.offer_save(state)
                return state
            if text.lower() in ("help", "?", "h"):
                term.say(_PLAY_HELP)
                continue
            if text.lower() in ("hand", "table", "show"):
                term.table(state, sealed=False)
                continue
            if not text:
                continue
            if text.lower() in _ANSWERS and state.phase is Phase.BID:
                # An answer to the Double Nil question typed once too often
                # ("n" is also Nil's short spelling): not taken as a bid.
                term.say("That is an answer, not a bid: type nil to bid Nil, or a number of tricks.")
                continue
            try:
                action = state.parse_action(text, seat=seat)
            except SpadesError as error:
                term.say(f"Not allowed: {_to_the_person(str(error), seat)}")
                continue
            if action == Bid.DOUBLE_NIL and not double_nil_forced(state.legal_actions()):
                rule = "T-6" if rules.is_draft else "P-6"
                term.say(f"Not allowed: you have seen your cards, and Double Nil is bid before looking at them "
                         f"(rule {rule})")
                continue
            break
        before, state = state, state.apply(action, seat)
        term.announce(before, state, seat, action)
    winner = state.winner
    assert winner is not None  # the game is over
    plural = seat in rules.sides[winner] or len(rules.sides[winner]) > 1  # "you win", "seats 1 & 3 win"
    floor = rules.losing_floor
    if floor is not None and min(state.scores) <= floor:  # V-1: say why a game short of the target ended
        term.say(f"The losing floor is reached: a side at {floor} or below loses.")
    term.say(f"Game over: {term.side_text(winner)} {'win' if plural else 'wins'} "
             f"with {state.scores[winner]} points after {len(state.sheet)} hand{'s' if len(state.sheet) != 1 else ''} "
             f"(final scores {list(state.scores)}). " + said_seed)
    term.offer_save(state)
    return state


# ----------------------------------------------------------------------
# ``spades match``: bots against bots, with a progress line.

_MATCH = """\
Play a match between bots on duplicate deals: each deal is played once with
each bot in each side's seats (two sides: the seats swapped; cutthroat: the
bots rotated one side along), so the luck of the cards cancels out. Prints
a progress line while the games are played (updating in place on a
terminal), then each bot's win rate and mean points per hand with their 95%
confidence intervals, and its time per move.

--players names one bot per side, comma-separated. --games is a multiple of
the number of sides. The same seed gives the same results whatever the
number of workers.
"""

_MATCH_EXAMPLES = """\
bots: {bots}

examples:
  %(prog)s --players simple,random
      20 partnership games, simple against random
  %(prog)s --players simple,random --games 200 --workers 2
      200 games on two worker processes
  %(prog)s --players simple,random,random --rules cutthroat-3 --games 30
      three bots, one a seat
"""


class _Progress:
    """A progress line on ``out``: rewritten in place on a terminal, else a
    plain line at every tenth of the games."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.tty = bool(getattr(out, "isatty", lambda: False)())
        self.began = time.perf_counter()
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.perf_counter() - self.began
        text = f"games {done}/{total}, {elapsed:.1f} s"
        if self.tty:
            self.out.write("\r" + text + ("\n" if done == total else ""))
            self.out.flush()
        elif total and (done == total or done * 10 // total > self.shown):
            self.shown = done * 10 // total
            print(text, file=self.out, flush=True)


def run_match(names: Sequence[str], rules: Rules, games: int, seed: int, workers: int, out: TextIO,
              progress_out: TextIO | None, max_hands: int = 200) -> str:
    """Play a :func:`spades.match.play_match` between the bots called
    ``names`` (:func:`spades.bots.bot_named`), showing progress on
    ``progress_out`` (if any), and return the results table, which is also
    printed on ``out``."""
    from spades.bots import bot_named
    from spades.match import play_match

    # One bot a side, and a game has at most four sides (V-10).
    names = read_bounded(names, 4, ArgumentError, "the bots' names are a list of names, got {got}", "at most 4 bots' names",
                         ArgumentTypeError)
    players = [bot_named(name) for name in names]
    _check_stream(out, "out", "write")
    if progress_out is not None:
        _check_stream(progress_out, "progress_out", "write")
    progress = _Progress(progress_out) if progress_out is not None else None
    result = play_match(players, rules, games, seed, names=list(names), workers=workers, max_hands=max_hands,
                        progress=progress)
    table = result.table()
    print(f"{result.games} games ({result.deals} deal{'' if result.deals == 1 else 's'}, each played once per side) under "
          f"{_rules_name(rules)}, seed {seed}, {result.hands} hands, {result.seconds:.1f} s", file=out)
    print(table, file=out)
    return table


def _check_stream(stream: object, name: str, method: str) -> None:
    """A text stream's check: its type has the ``method`` the function
    calls (``write`` or ``readline``), else ArgumentTypeError."""
    if not callable(getattr(type(stream), method, None)):
        raise ArgumentTypeError(f"{name} is a text stream (with {method}()), got {type_name(stream)}")


def _rules_name(rules: Rules) -> str:
    return next((name for name, build in sorted(PRESETS.items()) if build() == rules), "custom rules")


def _bot_list() -> str:
    from spades.bots import BOTS

    return ", ".join(sorted(BOTS))


def _add_play_parser(commands: Any, raw: type[argparse.HelpFormatter], presets: str) -> None:
    play = commands.add_parser("play", help="play one seat of a game in the terminal against bots",
                               description=_fitted(sys.stdout, _PLAY), epilog=_PLAY_EXAMPLES.format(presets=presets, bots=_bot_list()),
                               formatter_class=raw)
    play.add_argument("--rules", metavar="NAME", choices=sorted(PRESETS), default="partnership",
                      help="the preset to play (default partnership)")
    play.add_argument("--seat", type=_whole, default=0, help="your seat, from 0 (default 0)")
    play.add_argument("--seed", type=_whole, help="the seed of the deals (default: a new one each game)")
    play.add_argument("--bots", metavar="NAME", default=None,
                      help=f"the bot at the other seats (default {_default_bot()})")


def _add_match_parser(commands: Any, raw: type[argparse.HelpFormatter]) -> None:
    match = commands.add_parser("match", help="play a match between bots on duplicate deals",
                                description=_MATCH, epilog=_MATCH_EXAMPLES.format(bots=_bot_list()),
                                formatter_class=raw)
    match.add_argument("--players", metavar="NAMES", required=True,
                       help="the bots, one a side, comma-separated (e.g. simple,random)")
    match.add_argument("--games", type=_whole, default=20, help="games to play, a multiple of the sides (default 20)")
    match.add_argument("--workers", type=_whole, default=1, help="worker processes (default 1: this process)")
    match.add_argument("--rules", metavar="NAME", choices=sorted(PRESETS), default="partnership",
                       help="the preset to play (default partnership)")
    match.add_argument("--seed", type=_whole, default=1, help="the match's seed (default 1)")
    match.add_argument("--max-hands", type=_whole, default=200,
                       help="stop a game after this many hands, won by no one (default 200)")


def _run_play(args: argparse.Namespace) -> None:
    from spades.deal import new_seed

    rules = Rules.preset(args.rules)
    if not 0 <= args.seat < rules.players:
        raise _CommandError(f"--seat is from 0 to {rules.players - 1} under {args.rules}, not {args.seat}")
    seed = new_seed() if args.seed is None else args.seed
    if sys.stdin is None:  # closed by the caller (python -m spades play <&-)
        raise _CommandError("standard input is closed: play reads the moves from it")
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")  # bytes that are not text are bad input, not a crash
    bots = _default_bot() if args.bots is None else args.bots  # --bots "" names no bot: refused
    play_terminal(rules, args.seat, seed, bots, sys.stdin, sys.stdout)


def _run_match(args: argparse.Namespace) -> None:
    names = [name.strip() for name in args.players.split(",")]
    rules = Rules.preset(args.rules)
    from spades.match import GAMES_LIMIT, HANDS_LIMIT, WORKERS_LIMIT

    sides = len(rules.sides)
    # The limits of play_match, in the options' own names.
    if len(names) != sides:
        raise _CommandError(f"--players: {sides} bots' names under {args.rules}, one a side, comma-separated, "
                            f"not {len(names)}")
    if not 1 <= args.games <= GAMES_LIMIT or args.games % sides:
        raise _CommandError(f"--games: a multiple of the {sides} sides, from {sides} to {GAMES_LIMIT:,} (each deal is "
                            f"played once with each player in each side's seats), not {args.games}")
    if not 1 <= args.max_hands <= HANDS_LIMIT:
        raise _CommandError(f"--max-hands: from 1 to {HANDS_LIMIT:,}, not {args.max_hands}")
    if not 1 <= args.workers <= WORKERS_LIMIT:
        raise _CommandError(f"--workers: from 1 to {WORKERS_LIMIT:,}, not {args.workers}")
    with _stopped_by_sigterm():
        run_match(names, rules, args.games, args.seed, args.workers, sys.stdout, sys.stderr, max_hands=args.max_hands)


@contextlib.contextmanager
def _stopped_by_sigterm() -> Iterator[None]:
    """SIGTERM ends the program as a SystemExit (status 128 + 15) raised
    where it is, so that the match's worker processes are stopped on the
    way out, not left running; only in the main thread, where signals are
    handled."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
