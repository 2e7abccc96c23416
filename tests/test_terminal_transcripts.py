"""``spades play``, word for word: whole sessions of the terminal game with
a scripted person, each compared with its transcript in
``tests/golden/terminal/`` (what a person sees, their answers echoed as a
terminal shows them), and each transcript checked against the game it
tells: every card played, every trick's taker and every bid said are the
record's, and the record saved is the game's.

A transcript is written again, after a deliberate change of wording, by
``python tests/test_terminal_transcripts.py`` (then read the difference)."""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Union

import pytest

from spades import Bid, Card, CardSet, GameState, Record, Rules, trick_winner_seat
from spades.cli import play_terminal
from spades.errors import ArgumentTypeError

from test_play import hand_of

GOLDEN = Path(__file__).parent / "golden" / "terminal"

Answer = Union[str, None, Callable[[str], str]]


class Ascii(io.StringIO):
    """A terminal whose encoding has no suit symbols: cards in letters."""

    encoding = "ascii"


class Unended(str):
    """A line typed without Enter, after which the input ends."""


class Script:
    """The keyboard: each prompt is answered by the first of ``answers``
    (a regular expression and an answer, used once) that matches it, else
    as :func:`usual` answers it; ``None`` ends the input.  What is typed is
    echoed to ``out`` (a line of more than 40 characters in short), and a
    line is handed out ``size`` characters at a time, as ``readline(size)``
    reads it.  A session that asks without end is stopped."""

    def __init__(self, out: io.StringIO, answers: list[tuple[str, Answer]]) -> None:
        self.out = out
        self.answers = list(answers)
        self.pending = ""
        self.ended = False
        self.reads = 0

    def readline(self, size: int = -1) -> str:
        self.reads += 1
        assert self.reads < 5000, "the session does not end"
        if self.ended and not self.pending:
            return ""
        if not self.pending:
            text = self.out.getvalue()
            prompt = text[text.rfind("\n") + 1 :]
            for index, (pattern, answer) in enumerate(self.answers):
                if re.search(pattern, prompt):
                    del self.answers[index]
                    break
            else:
                answer = usual
            if callable(answer):
                answer = answer(text)
            if answer is None:
                return ""
            self.out.write((answer if len(answer) <= 40 else f"{answer[:10]}... ({len(answer):,} characters)") + "\n")
            self.ended = type(answer) is Unended
            self.pending = answer if self.ended else answer + "\n"
        line, self.pending = self.pending[:size], self.pending[size:]
        return line


def usual(text: str) -> str:
    """What the person answers when the script says nothing: the first card
    offered, a bid of 2 (or the least allowed), keep, no Double Nil, and
    their lowest cards to give or discard."""
    prompt = text[text.rfind("\n") + 1 :]
    if prompt.startswith("Your card ("):
        return prompt[len("Your card (") :].split()[0].rstrip("):")
    if prompt.startswith("Your bid ("):
        low = re.match(r"Your bid \((\d+)\.\.", prompt)
        return "double nil" if low is None else str(max(int(low[1]), 2))
    if "keep or reject" in prompt:
        return "keep"
    if "Double Nil before you look" in prompt:
        return "no"
    count = re.match(r"(?:Give|Discard up to) (\d+) card", prompt)
    if count:
        line = re.findall(r"^Your hand: (.*)$", text, re.M)[-1]
        hand = hand_of(line) if "♠" in line else list(CardSet.parse(line))  # in symbols, or in letters
        return " ".join(str(card) for card in sorted(hand)[: int(count[1])])
    raise AssertionError(f"an unexpected prompt: {prompt!r}")


def _lowest_card(text: str) -> str:
    """The last card the prompt offers: the lowest of its last suit."""
    prompt = text[text.rfind("\n") + 1 :]
    return prompt[len("Your card (") :].split()[-1].rstrip("):")


# Each session: its rules, the person's seat, the seed, the other seats'
# bot, the output, and what the person types where the usual answer is
# not wanted.
SESSIONS: dict[str, tuple[Rules, int, int, str, type[io.StringIO], list[tuple[str, Answer]]]] = {
    # Every kind of thing typed at a bid and a card, Double Nil refused, a
    # hand played out, then q at the next hand and the record saved, over a
    # file that exists (not replaced first), after a place that cannot be
    # written.
    "partnership": (Rules.partnership(), 0, 3, "simple", io.StringIO, [
        ("Double Nil", "maybe"), ("Double Nil", "h"), ("Double Nil", "n"),
        ("Your bid", "?"), ("Your bid", "show"), ("Your bid", "y"), ("Your bid", "dnil"), ("Your bid", "99"),
        ("Your bid", ""), ("Your bid", "x" * 5000),
        ("Your card", "ZZ"), ("Your card", "2C"), ("Your card", "table"), ("Your card", "HELP"), ("Your card", "h"),
        ("Your card", "hand"),
        ("Double Nil", "q"), ("Save", "y"), ("File name", "game.txt"), ("replace", "no"),
        ("Save", "missing/game.txt"), ("Save", "game.txt"), ("replace", "yes"),
    ]),
    # Double Nil bid at the table, in letters (an encoding without suit
    # symbols): the exchange with the partner, the hand played out, the
    # record saved under a name the encoding cannot show.
    "double nil": (Rules.partnership(), 3, 5, "simple", Ascii, [
        ("Double Nil", "yes"), ("Give", "AS"), ("Your card", "show"),
        *[("Your card", _lowest_card) for _ in range(4)],
        ("Double Nil", "q"), ("Save", "partie-\u00e9.txt"), ("replace", "y"),
    ]),
    # The two-player draft, a card rejected, Double Nil refused after its
    # help and refused again once a card is seen (T-6), lines at and over
    # the length kept; quit during the play, nothing saved.
    "two-player": (Rules.two_player(), 1, 4, "simple", io.StringIO, [
        ("Double Nil", "?"), ("Double Nil", "no"), ("keep or reject", "dnil"), ("keep or reject", "reject"),
        ("keep or reject", "keep"),
        ("keep or reject", "reject"), ("keep or reject", "show"), ("keep or reject", "2"),
        ("keep or reject", "k" * 4096), ("keep or reject", "k" * 4097), ("Your bid", "dnil"),
        ("Your card", "quit"), ("Save", ""),
    ]),
    # Double Nil bid in the draft, then the discard; the record saved under
    # a long name.
    "two-player double nil": (Rules.two_player(), 0, 2, "simple", io.StringIO, [
        ("Double Nil", "y"), ("Discard", "-"), ("Your card", "exit"), ("Save", "d" * 77 + ".txt"),
    ]),
    # The other seat, played by the random bot, bids Double Nil and
    # discards; the input ends part way through a line as long as is kept.
    "two-player against random": (Rules.two_player(), 1, 0, "random", io.StringIO, [
        ("Your card", Unended("c" * 4096)),
    ]),
    # Neither Nil nor Double Nil: the bids from 1, no question before the
    # cards; the person sits after their partner.
    "no nil": (Rules.partnership(nil_allowed=False, double_nil_allowed=False), 2, 1, "simple", io.StringIO, [
        ("Your card", "q"), ("Save", "n"),
    ]),
    # Double Nil but not Nil: the bids from 1 once Double Nil is refused.
    "double nil without nil": (Rules.partnership(nil_allowed=False), 0, 1, "simple", io.StringIO, [
        ("Your bid", "q"), ("Save", "no"),
    ]),
    # Double Nil the only bid left (V-6): Nil not allowed and the partner's
    # bid fills the side's greatest contract; the input ends at the next
    # hand's question.
    "double nil forced": (Rules.partnership(nil_allowed=False, max_side_contract=3), 0, 0, "simple", io.StringIO, [
        ("Double Nil", "no"), ("Double Nil", None),
    ]),
    # A whole game of cutthroat for three to its end, a side at the losing
    # floor exactly; the record saved under a name just short enough to be
    # shown as typed.
    "cutthroat": (Rules.cutthroat(3, target=150, losing_floor=-25), 2, 1, "simple", io.StringIO, [
        ("Save", "c" * 76 + ".txt"),
    ]),
}


OLDER = ("game.txt", "partie-\u00e9.txt")  # files there before a session


def session(name: str, directory: Path) -> tuple[str, GameState]:
    """The transcript of a session and the state it left, run in
    ``directory`` (where a record is saved)."""
    rules, seat, seed, bot, kind, answers = SESSIONS[name]
    out = kind()
    here = os.getcwd()
    os.chdir(directory)
    try:
        for older in OLDER:
            (directory / older).write_text("an older file\n", encoding="utf-8")
        final = play_terminal(rules, seat, seed, bot, Script(out, answers), out)  # type: ignore[arg-type]
    finally:
        os.chdir(here)
    return out.getvalue(), final


def _file(name: str) -> Path:
    return GOLDEN / (name.replace(" ", "-") + ".txt")


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_the_session_is_told_word_for_word(name: str, tmp_path: Path) -> None:
    text, _final = session(name, tmp_path)
    expected = _file(name).read_text(encoding="utf-8")
    assert text.splitlines() == expected.splitlines()


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_the_transcript_tells_the_game(name: str, tmp_path: Path) -> None:
    """The words against the record: each card played, each trick's taker
    (C-7) and each bid, in order, and the saved record."""
    text, final = session(name, tmp_path)
    rules, seat, seed, _bot, kind, _answers = SESSIONS[name]
    record = Record.of_state(final)
    letters = kind is Ascii

    def said(card: Card) -> str:
        return str(card) if letters else card.symbol

    def who(s: int) -> str:
        return "You" if s == seat else f"Seat {s}"

    cards = [action for action in record.actions if type(action) is Card]
    assert re.findall(r"^(?:You play|Seat \d plays) (\S+)\.$", text, re.M) == [said(card) for card in cards]
    takers = []
    for row in final.sheet:
        leader = None
        played = [action for action in row.actions if type(action) is Card]
        for start in range(0, len(played), rules.players):
            trick = tuple(played[start : start + rules.players])
            if leader is None:
                leader = _first_leader(final, row.number, trick[0])
            leader = trick_winner_seat(leader, trick, rules)
            takers.append(f"{who(leader)} {'win' if leader == seat else 'wins'} the trick.")
    completed = re.findall(r"^(?:You win|Seat \d wins) the trick\.$", text, re.M)
    assert completed[: len(takers)] == takers
    bids = [action for action in record.actions if type(action) is Bid]
    told = re.findall(r"^(?:You bid|Seat \d bids) (.+)\.$", text, re.M)
    assert told == [str(bid) for bid in bids]
    written = [path for path in tmp_path.iterdir() if path.read_text(encoding="utf-8") != "an older file\n"]
    if "Saved the record to" in text:
        (path,) = written
        assert path.read_text(encoding="utf-8") == Record.of_state(final, (("Event", "spades play"),)).to_text()
    else:
        assert not written


def _first_leader(final: GameState, number: int, card: Card) -> int:
    """The seat that led a finished hand's first trick: the one whose hand
    held its first card."""
    row = final.sheet[number]
    return next(seat for seat, hand in enumerate(row.hands) if card in hand)


def test_the_sessions_meet_every_kind_of_line(tmp_path: Path) -> None:
    """The transcripts are not agreeing on little: between them they hold
    each kind of line the terminal game says."""
    texts = "\n".join(session(name, tmp_path)[0] for name in SESSIONS)
    for words in (
        "partner of seat 2", "(dealer: you)", "(first player: you)", "(first player: seat 0)", "Please answer yes or no",
        "Double Nil is bid before you look", "That is an answer, not a bid", "Not allowed: you have seen your cards",
        "That line is longer than 4,096 characters", "(spades not broken)", "you lead", "You receive",
        "passes 3 cards to its partner", "You give", "You discard", "takes its draft turn", "You keep",
        "You reject", "Drafted so far", "You discarded:", "not shown yet", "End of input", "Saved the record",
        "exists: replace it?", "Cannot write", "Game over:", "The losing floor is reached", "lost at -25 or below",
        "You win the trick.", "wins the trick.", "Your bid (double nil: the only bid", "Your bid (1..13): ",
        "discards 3 cards and draws 3", "(rule T-6): answer yes", "them (rule T-6)", "Saved the record to 'ddd", "\\xe9.txt exists",
    ):
        assert words in texts, words


if __name__ == "__main__":  # write the transcripts again
    import tempfile

    GOLDEN.mkdir(exist_ok=True)
    for each in SESSIONS:
        with tempfile.TemporaryDirectory() as place:
            _file(each).write_text(session(each, Path(place))[0], encoding="utf-8")
        print("wrote", _file(each), file=sys.stderr)


def test_the_streams_are_checked() -> None:
    rules = Rules.partnership()
    with pytest.raises(ArgumentTypeError) as caught:
        play_terminal(rules, 0, 1, "simple", None, io.StringIO())  # type: ignore[arg-type]
    assert str(caught.value) == "inp is a text stream (with readline()), got NoneType"
    with pytest.raises(ArgumentTypeError) as caught:
        play_terminal(rules, 0, 1, "simple", io.StringIO(), "out")  # type: ignore[arg-type]
    assert str(caught.value) == "out is a text stream (with write()), got str"
