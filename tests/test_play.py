"""``spades play``: a person plays one seat in the terminal against bots.

The real command is driven through a pseudo-terminal (pexpect) for a whole
hand, illegal input included; every preset's phases (bidding, the
two-player draft, Double Nil and its exchanges, the play) are driven in
this process through :func:`spades.cli.play_terminal` by a reader that
answers each prompt as a person would."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from spades import PRESETS, Bid, Card, CardSet, Phase, Record, Rules, Suit
from spades.cli import play_terminal

ROOT = Path(__file__).resolve().parent.parent


def hand_of(line: str) -> list[Card]:
    """The cards of a ``Your hand: ♠ Q 6  ♥ J 9  ♦ -  ♣ A 7`` line."""
    cards = []
    for group in line.split("  "):
        symbol, *ranks = group.split()
        suits = {suit.symbol: suit for suit in Suit}
        if symbol in suits:
            # A rank of the group's suit, or a card shown whole: a joker, the
            # 2♦ that joker-joker-deuce-deuce plays as a spade (V-9).
            cards += [Card.parse(rank if rank in ("BJ", "LJ") or rank[-1] in suits else rank + symbol)
                      for rank in ranks if rank != "-"]
        else:
            cards += [Card.parse(token) for token in [symbol, *ranks]]  # the jokers
    return cards


class Person:
    """Stands for the keyboard: answers each prompt of ``out`` as a person
    would, a few bad answers first, and ``q`` once ``quit_after`` hands have
    been scored.  What it typed and what it was told are kept."""

    def __init__(self, out: io.StringIO, *, double_nil: bool = False, quit_after: int = 1, tricks: int = 13) -> None:
        self.out = out
        self.double_nil = double_nil
        self.quit_after = quit_after
        self.typed: list[str] = []
        self.mistakes = {"double nil": ["maybe"], "bid": [str(tricks + 1), "QH"], "draft": ["keep it"], "card": ["ZZ"]}
        self.bids = 0

    def readline(self, size: int = -1) -> str:
        answer = self.answer(self.out.getvalue())
        self.typed.append(answer)
        return answer + "\n"

    def mistake(self, kind: str) -> str | None:
        return self.mistakes[kind].pop(0) if self.mistakes[kind] else None

    def answer(self, text: str) -> str:
        prompt = text.rsplit("\n", 1)[-1]
        if "File name" in prompt:
            return ""
        if len(re.findall(r"^Hand \d+ \(", text, re.M)) >= self.quit_after:
            return "q"
        if "Double Nil before you look" in prompt:
            return self.mistake("double nil") or ("yes" if self.double_nil else "no")
        hands = re.findall(r"^Your hand: (.*)$", text, re.M)
        if prompt.startswith("Your bid"):
            wrong = self.mistake("bid")
            if wrong:
                return wrong
            if "double nil" not in self.typed:
                return "double nil"  # refused: the person has seen the cards (P-6, T-6)
            low = int(re.search(r"\((\d+)\.\.", prompt).group(1))  # type: ignore[union-attr]
            self.bids += 1
            return "3" if self.bids == 1 else str(low + self.bids - 2)
        if "keep or reject" in prompt:
            return self.mistake("draft") or ("keep" if len(self.typed) % 2 else "reject")
        if prompt.startswith(("Give", "Discard")):
            count = int(re.search(r"(\d+) cards?", prompt).group(1))  # type: ignore[union-attr]
            return " ".join(str(card) for card in hand_of(hands[-1])[:count])
        if prompt.startswith("Your card ("):
            legal = prompt[len("Your card ("):prompt.index(")")].split()
            return self.mistake("card") or legal[-1]
        raise AssertionError(f"an unexpected prompt: {prompt!r}")


def play(rules: Rules, seat: int, seed: int, bot: str = "simple", **person: Any) -> tuple[str, Person, Any]:
    out = io.StringIO()
    reader = Person(out, tricks=rules.hand_size, **person)
    final = play_terminal(rules, seat, seed, bot, reader, out)  # type: ignore[arg-type]
    return out.getvalue(), reader, final


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_whole_hand_under_every_preset(name: str) -> None:
    rules = Rules.preset(name)
    text, person, final = play(rules, 1, 7)
    assert final.sheet and len(final.sheet) == 1  # quit after one scored hand
    row = final.sheet[0]
    if rules.is_draft:
        assert "keep or reject" in text
    assert "Your hand: " in text and re.search(r"^Hand 0 \(", text, re.M)
    assert "Not allowed:" in text
    # The person's own moves are the ones on the record (a bid of 3 after refusing Double Nil, or the bid made).
    assert row.bids[1] in (Bid(3), Bid.DOUBLE_NIL) or not rules.double_nil_allowed
    assert sum(row.tricks) == rules.hand_size


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_two_hands_against_the_default_bots(name: str) -> None:
    from spades.cli import _default_bot

    rules = Rules.preset(name)
    text, person, final = play(rules, 0, 11, _default_bot(), quit_after=2)
    assert len(final.sheet) == 2 and f"the {_default_bot()} bot plays the other seats" in text
    # The seed, which deals every hand, is told once the game is left (so that
    # it can be played again), not while it is played (P-2: the others' hands are hidden).
    said = text.index("Seed 11 (--seed 11 deals these cards again)")
    assert "Seed" not in text[:said] and said > text.rindex("Your hand: ")


def test_double_nil_is_asked_before_the_cards_are_shown() -> None:  # P-6
    text, person, final = play(Rules.partnership(), 0, 3, double_nil=True)
    question = text.index("Bid Double Nil before you look")
    assert "Your hand: 13 cards, not shown yet" in text[:question]
    assert not re.search(r"Your hand: [♠♥♦♣]", text[:question])
    assert final.sheet[0].bids[0] == Bid.DOUBLE_NIL
    assert "Give 3 cards to your partner" in text  # P-6: the exchange follows


def test_double_nil_in_the_two_player_draft_then_the_discard() -> None:  # T-6
    text, person, final = play(Rules.two_player(), 0, 2, double_nil=True)
    assert final.sheet[0].bids[0] == Bid.DOUBLE_NIL
    assert "Discard up to 3 cards" in text
    question = text.index("Bid Double Nil before you look")
    assert "You draw" not in text[:question]


def test_the_summary_of_a_two_player_hand_keeps_the_others_draft_hidden() -> None:  # T-2
    from spades.cli import format_hand

    text, person, final = play(Rules.two_player(), 0, 2)
    summary = text[text.index("Hand 0 (first player"):]
    assert "  bids:" in summary and "draft:" not in summary  # neither seat's keep or reject told
    assert "  draft:  seat 0 kept" in format_hand(final.sheet[0], Rules.two_player())  # the record holds it


def test_illegal_input_is_explained_with_the_rule() -> None:  # C-3, C-5
    text, person, final = play(Rules.partnership(), 2, 5)
    assert "Please answer yes or no" in text
    assert re.search(r"Not allowed: .*14.*\(rule C-3\)", text)  # a bid out of range (13 cards a seat)
    assert re.search(r"Not allowed: QH is a card; the bidding expects a bid.*\(rule C-3\)", text)
    assert "Not allowed: cannot read 'ZZ'" in text


def test_double_nil_after_looking_is_refused() -> None:  # P-6
    out = io.StringIO()
    lines = iter(["no", "double nil", "q", ""])

    class Keys:
        def readline(self, size: int = -1) -> str:
            return next(lines) + "\n"

    play_terminal(Rules.partnership(), 1, 3, "simple", Keys(), out)  # type: ignore[arg-type]
    assert "Double Nil is bid before looking at them (rule P-6)" in out.getvalue()


def test_double_nil_the_rules_force_after_looking_is_taken() -> None:  # P-6, V-6
    """With Nil not allowed and a side's contract at most 6, the random
    bots bid 6 (seat 1) and 5: the person at seat 3, who chose to look,
    has Double Nil alone, and is told so, and it is taken (it raised
    ValueError at the prompt)."""
    rules = Rules(nil_allowed=False, max_side_contract=6)
    out = io.StringIO()
    final = play_terminal(rules, 3, 0, "random", _keys("no", "3", "double nil"), out)
    text = out.getvalue()
    assert "Seat 1 bids 6." in text
    prompt = "Your bid (double nil: the only bid the rules leave you, V-6): "
    assert text.count(prompt) == 2  # asked again after "3", which the rules refuse
    assert "Not allowed" in text.split(prompt)[1]
    assert "You bid double nil." in text and final.bids[3] == Bid.DOUBLE_NIL


def test_the_end_of_input_quits_cleanly() -> None:
    class Closed:
        def readline(self, size: int = -1) -> str:
            return ""

    out = io.StringIO()
    final = play_terminal(Rules.partnership(), 0, 1, "simple", Closed(), out)  # type: ignore[arg-type]
    assert "End of input" in out.getvalue() and not final.sheet


def test_quit_saves_a_record(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    lines = iter(["no", "3", "q", str(path)])

    class Keys:
        def readline(self, size: int = -1) -> str:
            return next(lines) + "\n"

    out = io.StringIO()
    final = play_terminal(Rules.partnership(), 1, 3, "simple", Keys(), out)  # type: ignore[arg-type]
    assert f"Saved the record to {path}" in out.getvalue()
    record = Record.parse(path.read_text(encoding="utf-8"))
    assert record.replay() == final and final.bids[1] == Bid(3) and final.phase is Phase.PLAY  # seat 1 leads


# -- the real command, through a pseudo-terminal ----------------------------


def _spawn(*args: str) -> Any:
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    return pexpect.spawn(sys.executable, ["-m", "spades", "play", *args], env=env, encoding="utf-8", timeout=20,
                         dimensions=(40, 120))


def test_the_command_plays_a_whole_hand_in_a_terminal(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    child = _spawn("--seed", "4", "--seat", "1", "--bots", "simple")
    child.expect("Bid Double Nil before you look at your cards")
    child.sendline("perhaps")
    child.expect("Please answer yes or no")
    child.sendline("no")
    child.expect(r"Your hand: (.*)\r\n")
    hand = hand_of(child.match.group(1))
    shown = CardSet.from_cards(hand)
    assert len(hand) == 13
    child.expect(r"Your bid")
    child.sendline("14")
    child.expect(r"Not allowed: .*\(rule C-3\)")
    child.sendline("3")
    illegal_shown = False
    while True:
        index = child.expect([r"Trick \d+: (.*)\r\n", r"\nHand 0 \("], timeout=20)
        if index == 1:
            break
        trick = child.match.group(1)
        child.expect(r"Your card \(([^)]*)\): ")
        legal = [Card.parse(text) for text in child.match.group(1).split()]
        held = [card for card in hand if card not in legal]
        if not illegal_shown and "you lead" not in trick and held:
            # C-5: a card of another suit while able to follow.
            led = legal[0].suit
            if all(card.suit == led for card in legal) and any(card.suit == led for card in hand):
                child.sendline(str(held[0]))
                child.expect(r"Not allowed: .*\(rule C-\d+\)")
                child.expect(r"Your card \(")
                illegal_shown = True
        child.sendline(str(legal[0]))
        hand.remove(legal[0])
    assert illegal_shown
    child.expect(r"Bids: ")  # the scoring of hand 0, then the next hand
    child.expect(r"Your|Bid Double Nil")
    child.sendline("q")
    child.expect("File name")
    path = tmp_path / "played.txt"
    child.sendline(str(path))
    child.expect("Saved the record")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    final = Record.parse(path.read_text(encoding="utf-8")).replay()
    assert final.sheet[0].bids[1] == Bid(3) and final.sheet[0].hands[1] == shown  # the cards on the screen


def test_the_command_quits_at_the_end_of_input() -> None:
    pexpect = pytest.importorskip("pexpect")
    child = _spawn("--rules", "two-player", "--seed", "2")
    child.expect(r"Bid Double Nil|keep or reject")
    child.sendeof()
    child.expect("End of input")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_command_survives_bytes_that_are_not_text() -> None:
    import subprocess

    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([sys.executable, "-m", "spades", "play", "--seed", "4", "--seat", "1"],
                          input=b"no\n\xff\xfe\x00\n" + b"x" * 5000 + b"\n", capture_output=True, timeout=60, env=env)
    out = done.stdout.decode("utf-8")
    assert done.returncode == 0, done.stderr
    assert out.count("Not allowed: ") == 1 and "End of input" in out
    assert "That line is longer than 4,096 characters: ignored." in out


def test_the_command_refuses_a_seat_or_bot_that_does_not_exist(capsys: pytest.CaptureFixture[str]) -> None:
    from spades.cli import main

    assert main(["play", "--rules", "two-player", "--seat", "2"], prog="spades") == 2
    assert "--seat is from 0 to 1 under two-player" in capsys.readouterr().err
    assert main(["play", "--bots", "clever", "--seed", "1"], prog="spades") == 2
    assert "no bot is called 'clever'" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["bad\0name.txt", "\ud800.txt"])
def test_a_file_name_no_file_can_have_is_refused_and_play_goes_on(name: str) -> None:
    """A save to a name the system cannot open is refused with a message;
    the game ends as asked, nothing is written."""
    lines = iter(["no", "3", "q", name, ""])  # the name refused, then asked again: none

    class Keys:
        def readline(self, size: int = -1) -> str:
            return next(lines) + "\n"

    out = io.StringIO()
    final = play_terminal(Rules.partnership(), 1, 3, "simple", Keys(), out)  # type: ignore[arg-type]
    assert "Cannot write there" in out.getvalue() and "Saved" not in out.getvalue()
    assert out.getvalue().count("File name (empty: no)") == 2
    assert final.bids[1] == Bid(3)


def test_a_line_too_long_is_refused_unkept_and_asked_again() -> None:
    """A line longer than LINE_LIMIT is read in pieces and dropped, with a
    message; a stream with no line end at all is the end of the input."""
    from spades.cli import LINE_LIMIT

    assert LINE_LIMIT == 4096
    out = io.StringIO()
    keys = io.StringIO("no\n" + "3" * 100_000 + "\n" + "x" * LINE_LIMIT + "\n3\nq\n\n")
    final = play_terminal(Rules.partnership(), 1, 3, "simple", keys, out)
    text = out.getvalue()
    assert text.count("That line is longer than 4,096 characters: ignored.") == 1 and "3333333333" not in text
    assert "Not allowed: an action's text is at most 200 characters, got 4096" in text  # 4,096 is read, and refused
    assert final.bids[1] == Bid(3)
    out = io.StringIO()
    final = play_terminal(Rules.partnership(), 1, 3, "simple", io.StringIO("no\n" + "x" * 1_000_000), out)
    text = out.getvalue()
    assert text.count("That line is longer than 4,096 characters: ignored.") == 1 and "End of input" in text
    assert len(text) < 5_000 and final.bids[1] is None


def test_help_at_the_double_nil_question_and_a_failed_save_asked_again(tmp_path: Path) -> None:  # P-6
    out = io.StringIO()
    long_name = str(tmp_path / ("n" * 300))  # longer than a file name may be
    keys = io.StringIO("help\nno\n3\nq\n" + long_name + "\n" + str(tmp_path / "game.txt") + "\n")
    final = play_terminal(Rules.partnership(), 1, 3, "simple", keys, out)
    text = out.getvalue()
    assert "Double Nil is bid before you look at your cards (rule P-6): answer yes to bid it" in text
    assert "Please answer yes or no" not in text
    assert "Cannot write '" in text and "...: File name too long." in text and "n" * 100 not in text
    assert f"Saved the record to {tmp_path / 'game.txt'}." in text
    assert Record.parse((tmp_path / "game.txt").read_text(encoding="utf-8")).replay() == final


def test_a_two_player_discard_is_told_as_a_discard() -> None:  # T-6
    text, person, final = play(Rules.two_player(), 0, 2, double_nil=True)
    assert re.search(r"You discard [^ ]+ [^ ]+ [^ ]+\.\n", text) and "You give " not in text


def test_a_terminal_that_cannot_write_suit_symbols_gets_letters_not_a_crash() -> None:
    """On a console or file whose encoding has no suit symbols (ASCII, a C
    locale, cp1252 has none of them), the help, the prompts and what the
    person typed echoed back are written with letters and escapes."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii", newline="\n")
    typed = io.StringIO("no\nhelp\n\u00e9\u2665\nq\n\n")
    play_terminal(Rules.partnership(), 0, 5, "random", typed, out)
    out.flush()
    text = raw.getvalue().decode("ascii")
    assert "  a card         QH, QH, qh, 10h, TH" in text
    assert "Not allowed: cannot read '\\xe9H' as an action" in text
    assert "Seed 5 (--seed 5 deals these cards again)." in text


def test_play_help_where_standard_output_cannot_write_suit_symbols() -> None:
    import subprocess

    for encoding in ("ascii", "cp1252"):
        done = subprocess.run([sys.executable, "-m", "spades", "play", "--help"], capture_output=True, timeout=60,
                              env=dict(os.environ, PYTHONIOENCODING=encoding), check=False)
        assert done.returncode == 0 and not done.stderr, done.stderr[-300:]
        assert b"a card (QH, QH, 10h)" in done.stdout.replace(b"\r\n", b"\n").replace(b"\n", b" ")


@pytest.mark.parametrize("seed", [1, 5, 8])
def test_the_drawing_player_is_shown_both_cards_of_its_draft_turn(seed: int) -> None:  # T-2
    """T-2 [decided]: the drawing player sees both cards.  Each of the
    person's draft turns says the card kept and the card discarded, and
    the table shows the discards so far; together they are the seat's
    discards of the hand."""
    text, _person, final = play(Rules.two_player(), 0, seed)
    turns = re.findall(r"You keep (\S+) and discard the next card, (\S+)\.|You reject (\S+) and take (\S+)\.", text)
    assert len(turns) == 13  # T-3: 13 turns each
    kept = {Card.parse(k or t) for k, _d, _r, t in turns}
    thrown = {Card.parse(d or r) for _k, d, r, _t in turns}
    assert len(kept) == len(thrown) == 13 and not kept & thrown
    row = final.sheet[0]
    assert kept == set(row.hands[0])  # the person's hand as play began (no Double Nil discard: it bid 3)
    deck = {Card(c) for c in range(54) if final.rules.deck_mask >> c & 1}
    assert thrown <= deck - set(row.hands[0]) - set(row.hands[1])  # out of play for the hand (T-3)
    shown = re.findall(r"^You discarded: (.*)$", text, re.M)
    assert shown and shown[0] == "none"


# -- what a person saw wrongly, or could do by accident ----------------------


def _keys(*lines: str) -> Any:
    """Input of these lines, then the end of input."""
    typed = iter(lines)

    class Lines:
        def readline(self, size: int = -1) -> str:
            line = next(typed, None)
            return "" if line is None else line + "\n"

    return Lines()


def test_a_hand_is_shown_by_the_suits_its_deck_plays() -> None:  # V-9
    """In joker-joker-deuce-deuce the 2♦ is a spade (V-9 b): it was shown
    among the diamonds, and the 2♠ as the lowest spade though it is the
    third trump; a jokers deck's jokers stand before the spades."""
    from spades.cli import _hand_text

    deuces = Rules.preset("joker-joker-deuce-deuce")
    hand = CardSet.from_cards([Card.parse(text) for text in "BJ 2D 2S AS 5S JD 9D 4C".split()])
    assert _hand_text(hand, True, deuces) == "♠ BJ 2♦ 2 A 5  ♥ -  ♦ J 9  ♣ 4"
    jokers = CardSet.from_cards([Card.parse(text) for text in "LJ BJ KS 3H".split()])
    assert _hand_text(jokers, True, Rules.jokers()) == "♠ BJ LJ K  ♥ 3  ♦ -  ♣ -"
    plain = CardSet.parse("AT.K2.-.32".replace("-", ""))
    assert _hand_text(plain, True, Rules.partnership()) == "♠ A 10  ♥ K 2  ♦ -  ♣ 3 2"
    assert _hand_text(plain, False, Rules.partnership()) == str(plain)
    # The legal cards offered, in the same order: spades first, then hearts,
    # diamonds, clubs, each strongest first; the trumps of V-9 (b) are
    # BJ > LJ > 2♦ > 2♠ > A♠ > K♠ ... > 3♠ (the 2♣ and 2♥ are out of the deck).
    trumps = ["BJ", "LJ", "2D", "2S", *(rank + "S" for rank in "AKQJT9876543")]
    order = trumps + [rank + suit for suit in "HDC" for rank in "AKQJT98765432" if rank + suit not in trumps]
    text, person, final = play(deuces, 0, 1)
    prompts = [prompt.split() for prompt in re.findall(r"Your card \(([^)]*)\)", text)]
    assert len(prompts) >= 13 and any(len(cards) > 3 for cards in prompts)
    for cards in prompts:
        offered = [str(Card.parse(card)) for card in cards]
        assert offered == sorted(offered, key=order.index)


def test_n_at_the_bid_prompt_is_not_taken_for_nil() -> None:  # C-3, P-5
    """The Double Nil question takes "n" for no; typed once more at the bid
    prompt it bid Nil (a ±100 bid) without a word."""
    out = io.StringIO()
    final = play_terminal(Rules.partnership(), 0, 1, "simple", _keys("n", "n", "no", "y", "4", "q", ""), out)
    assert out.getvalue().count("That is an answer, not a bid: type nil to bid Nil") == 3
    assert final.bids[0] == Bid(4)
    out = io.StringIO()
    final = play_terminal(Rules.partnership(), 0, 1, "simple", _keys("n", "nil", "q", ""), out)
    assert final.bids[0] == Bid.NIL


def test_the_save_question_takes_yes_and_no_as_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Answering "no" wrote a file named ``no``; an existing file was
    replaced unasked."""
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    play_terminal(Rules.partnership(), 0, 1, "simple", _keys("no", "q", "no"), out)
    assert list(tmp_path.iterdir()) == [] and "Saved" not in out.getvalue()
    kept = tmp_path / "kept.txt"
    kept.write_text("mine", encoding="utf-8")
    out = io.StringIO()
    final = play_terminal(Rules.partnership(), 0, 1, "simple",
                          _keys("no", "q", "yes", "kept.txt", "no", "kept.txt", "yes"), out)
    text = out.getvalue()
    assert "File name for the record" in text and "kept.txt exists: replace it? (yes/no)" in text
    assert "Saved the record to kept.txt." in text and Record.parse(kept.read_text(encoding="utf-8")).replay() == final
    out = io.StringIO()
    play_terminal(Rules.partnership(), 0, 1, "simple", _keys("no", "q", "\x1b[31mred"), out)
    assert "\x1b" not in out.getvalue() and "Saved the record to '\\x1b[31mred'." in out.getvalue()


def test_the_winners_are_named_with_their_verb() -> None:  # S-9
    text, person, final = play(Rules.partnership(target=1), 0, 1, quit_after=50)
    assert final.is_over and final.winner == 1
    assert re.search(r"^Game over: seats 1 & 3 win with \d+ points after 1 hand \(", text, re.M)


def test_the_exchange_prompt_gives_an_example_of_as_many_cards() -> None:  # V-3
    for count, example in ((2, "AS KH"), (1, "AS")):
        text, person, final = play(Rules.partnership(double_nil_exchange=count), 2, 3, double_nil=True)
        card = "card" if count == 1 else "cards"
        assert final.sheet[0].bids[2] == Bid.DOUBLE_NIL and f"Give {count} {card} to your partner (e.g. {example}): " in text


def test_a_terminal_one_column_wide(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A width of one or two columns made every command raise ValueError
    (textwrap's width 0) before it ran."""
    from spades.cli import main

    for columns in ("1", "2"):
        monkeypatch.setenv("COLUMNS", columns)
        with pytest.raises(SystemExit) as exit_info:
            main(["--version"])
        assert exit_info.value.code == 0 and capsys.readouterr().out.split()[0] == "spades"  # argparse wraps it


def test_a_game_ended_by_the_losing_floor_says_so() -> None:  # V-1, S-9
    """The floor was never shown: a game ending at 270 to -126, short of
    the target, was not explained."""
    text, person, final = play(Rules.partnership(losing_floor=-50), 0, 0, quit_after=50)
    assert final.is_over and min(final.scores) <= -50 < 500 > max(final.scores)
    assert "Score (game to 500, lost at -50 or below): " in text
    assert text.index("The losing floor is reached: a side at -50 or below loses.") < text.index("Game over: ")
    text, person, final = play(Rules.partnership(), 0, 0)
    assert "Score (game to 500): " in text and "losing floor" not in text


def test_the_hand_line_reads_back_as_the_hand() -> None:  # V-9
    """What a person reads on the hand line is the hand, under every deck."""
    for name in ("joker-joker-deuce-deuce", "jokers", "partnership"):
        text, person, final = play(Rules.preset(name), 0, 5, quit_after=1)
        shown = re.findall(r"^Your hand: ([♠♥♦♣].*)$", text, re.M)  # not "13 cards, not shown yet"
        assert shown and len(hand_of(shown[0])) == Rules.preset(name).hand_size


def test_a_refusal_of_the_persons_move_is_addressed_to_them() -> None:  # C-5
    """It said "it is not in seat 0's hand" to the person at seat 0."""
    from spades import new_game

    held = new_game(Rules.partnership(), seed=1).hands[0]
    other = next(card for card in CardSet.parse("AKQJT98765432.AKQJT98765432.AKQJT98765432.AKQJT98765432") if card not in held)
    out = io.StringIO()
    play_terminal(Rules.partnership(), 0, 1, "simple", _keys("no", "3", str(other), "q", ""), out)
    text = out.getvalue()
    assert f"Not allowed: cannot play {other}: it is not in your hand" in text and "seat 0's hand" not in text
    from spades.cli import _to_the_person

    led = "cannot play 2S: hearts were led and seat 2 holds hearts, so must follow suit (rule C-5)"
    assert _to_the_person(led, 2) == "cannot play 2S: hearts were led and you hold hearts, so must follow suit (rule C-5)"
    assert _to_the_person(led, 1) == led  # another seat's words are left as they are
