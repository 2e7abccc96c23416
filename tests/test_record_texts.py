"""The text of a record where it is easy to get wrong: the Double Nil
discards and replacements of the two-player game (T-6), an empty discard,
and the line and column of each refusal (a card twice, a card that is not
one, a seed that is not a number).
"""

from __future__ import annotations

import random

import pytest

from spades import Bid, CardSet, Exchange, ParseError, Phase, Record, Rules, new_game


def _double_nil_game(discard_nothing: bool) -> Record:
    """Hand 0 of a seeded two-player game in which each player bids Double
    Nil (T-6) and discards three cards, or none."""
    state = new_game(Rules.two_player(), seed=0)
    rng = random.Random(0)
    while not state.sheet:
        legal = state.legal_actions()
        if discard_nothing and state.phase is Phase.DISCARD:
            state = state.apply(Exchange(CardSet(0)))
        else:
            state = state.apply(Bid.DOUBLE_NIL if Bid.DOUBLE_NIL in legal else rng.choice(legal))
    return Record.of_state(state)


def _refusal(text: str) -> tuple[str, int | None, int | None]:
    with pytest.raises(ParseError) as caught:
        Record.parse(text)
    return str(caught.value), caught.value.line, caught.value.column


def test_discards_and_replacements_read_back() -> None:  # T-6
    record = _double_nil_game(discard_nothing=False)
    text = record.to_text()
    assert '[Discard "1"]\n7D 5H AH\n[Replacement "3H 4H QS"]\n' in text
    assert Record.parse(text) == record and Record.parse(text).to_text() == text


def test_an_empty_discard_reads_back() -> None:  # T-6: up to three cards, none included
    record = _double_nil_game(discard_nothing=True)
    text = record.to_text()
    assert '[Discard "1"]\n-\n[Discard "0"]\n-\n' in text and "[Replacement" not in text
    assert Record.parse(text) == record and Record.parse(text).to_text() == text


def test_each_refusal_names_its_line_and_column() -> None:
    text = _double_nil_game(discard_nothing=False).to_text()
    lines = text.splitlines()
    assert lines[22] == "7D 5H AH" and lines[23] == '[Replacement "3H 4H QS"]'
    cases = [
        (text.replace("7D 5H AH", "7D 7D AH"), ("line 23, column 4: card 7D is given twice", 23, 4)),
        (text.replace("7D 5H AH", "7D 5H 7D"), ("line 23, column 7: card 7D is given twice", 23, 7)),
        (text.replace('"3H 4H QS"', '"3H 3H QS"'), ("line 24, column 18: card 3H is given twice", 24, 18)),
        (text.replace('"3H 4H QS"', '"3H XX QS"'),
         ("line 24, column 18: cannot read 'XX' as a card: unknown suit 'X'", 24, 18)),
        (text.replace('[Stock "4C JC', '[Stock "4C ZZ', 1),
         ("line 7, column 12: cannot read 'ZZ' as a card: unknown suit 'Z'", 7, 12)),
        (text.replace('[Score "-191 -196"]', '[Score "-191 x"]'),
         ("line 42, column 14: expected a whole number, got 'x'", 42, 14)),
        (text.replace('[Stock "4C JC', '[Stock "' + "4C " * 60 + "JC", 1),
         ("line 7, column 9: a stock holds at most 54 cards", 7, 9)),
        (text.replace('[Seed "0"]', '[Seed "x"]'),
         ("line 3, column 8: the seed must be a whole number from 0 to 2**64 - 1, or '-', got 'x'", 3, 8)),
    ]
    for forged, expected in cases:
        assert _refusal(forged) == expected


def test_the_tags_that_the_game_checks_name_their_line_and_column() -> None:  # S-1..S-8
    text = _double_nil_game(discard_nothing=False).to_text()
    lines = text.splitlines()
    assert lines[4:6] == ['[Hand "0"]', '[Dealer "0"]'] and lines[27] == '[Play "1"]'
    assert lines[41] == '[Score "-191 -196"]'
    unfinished = "\n".join(lines[:40] + lines[41:42]) + "\n"  # the hand's last trick left out
    cases = [
        (text.replace('[Hand "0"]', '[Hand "1"]'), ("line 5, column 8: expected hand number 0, got '1'", 5, 8)),
        (text.replace('[Dealer "0"]', '[Dealer "1"]', 1),
         ("line 6, column 10: the dealer of this hand is seat 0, not 1", 6, 10)),
        (text.replace('[Play "1"]', '[Play "0"]', 1),
         ("line 28, column 8: the section names seat 0, but it is seat 1's turn", 28, 8)),
        (unfinished, ("line 41, column 9: hand 0 is not finished, so it has no score yet", 41, 9)),
        (text.replace('[Score "-191 -196"]', '[Score "-191 -195"]'),
         ("line 42, column 9: the scores after hand 0 are -191 -196, not -191 -195 (S-1..S-8)", 42, 9)),
    ]
    for forged, expected in cases:
        assert _refusal(forged) == expected


def test_the_refusals_of_a_record_s_header_word_for_word() -> None:
    head = '[Format "spades-record 1"]\n'
    cases = [
        ('[Rules "players=4"]\n', ('line 1, column 1: a record starts with [Format "spades-record 1"]', 1, 1)),
        ('[Format "chess 1"]\n[Rules "players=4"]\n',
         ("line 1, column 10: unknown format 'chess 1': expected 'spades-record' and a version", 1, 10)),
        ('[Format "spades-record"]\n[Rules "players=4"]\n',
         ("line 1, column 10: unknown format 'spades-record': expected 'spades-record' and a version", 1, 10)),
        ('[Format "spades-record 2"]\n[Rules "players=4"]\n',
         ("line 1, column 10: unsupported version '2' of spades-record: this library reads version 1", 1, 10)),
        (head + '[Seed "-"]\n', ("line 1, column 1: a record needs a [Rules] tag", 1, 1)),
        # An option's value is pointed at; other faults at the start of the rules' text.
        (head + '[Rules "players=4 nil_bonus=-5"]\n',
         ("line 2, column 19: nil_bonus: must be >= 0 and <= 10000, got -5", 2, 19)),
        (head + '[Rules "players=4 bogus=1"]\n', ("line 2, column 9: unknown option(s): 'bogus'", 2, 9)),
        (head + '[Rules "players=4 nil_bonus"]\n', ("line 2, column 9: expected key=value, got 'nil_bonus'", 2, 9)),
    ]
    for text, expected in cases:
        assert _refusal(text) == expected
    assert Record.parse(head + '[Rules "players=4 nil_bonus=50"]\n[Seed "-"]\n').rules == Rules(nil_bonus=50)
