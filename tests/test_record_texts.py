"""The text of a record where it is easy to get wrong: the Double Nil
discards and replacements of the two-player game (T-6), an empty discard,
and the line and column of each refusal (a card twice, a card that is not
one, a seed that is not a number).
"""

from __future__ import annotations

import random
import re
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import (ArgumentError, ArgumentTypeError, Bid, Card, CardSet, Exchange, ParseError, Phase, Record, Rules, RulesError,
                    new_game)
from spades.record import _tag_of_line


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


def _partnership_text(double_nil: bool) -> str:
    """Hand 0 of a seeded partnership game, and the deal of hand 1; with
    ``double_nil``, seat 1 bids Double Nil and exchanges with seat 3 (V-3)."""
    state = new_game(Rules.partnership(), seed=0)
    rng = random.Random(1)
    while not state.sheet:
        legal = state.legal_actions()
        if double_nil and state.turn == 1 and Bid.DOUBLE_NIL in legal:
            state = state.apply(Bid.DOUBLE_NIL)
        else:
            state = state.apply(rng.choice([each for each in legal if each != Bid.DOUBLE_NIL] or legal))
    return Record.of_state(state).to_text()


def test_the_refusals_of_a_record_s_layout_word_for_word() -> None:
    text = _partnership_text(double_nil=False)
    lines = text.splitlines()
    assert lines[4:8] == ['[Hand "0"]', '[Dealer "0"]', lines[6], '[Auction "1"]'] and lines[6].startswith('[Deal "0:')
    assert lines[9] == '[Play "1"]' and lines[25] == '[Hand "1"]' and len(lines) == 28
    deal = lines[6]
    cases = [
        (text.replace('[Hand "0"]', '  [Hand 0]'), ('line 5, column 3: expected a tag like [Name "value"]', 5, 3)),
        (text.replace('[Seed "0"]', '[Seed "0"]\n   [Seed "1"]'), ("line 4, column 4: tag [Seed] is given twice", 4, 4)),
        (text.replace('[Seed "0"]', '[Event "a"]\n [Event "b"]'), ("line 4, column 2: tag [Event] is given twice", 4, 2)),
        (text.replace('[Seed "0"]', ' [Play "1"]'), ("line 3, column 2: [Play] before the first [Hand] tag", 3, 2)),
        (text.replace('[Seed "0"]', '  [Replacement "-"]'),
         ("line 3, column 3: [Replacement] before the first [Hand] tag", 3, 3)),
        (text.replace('[Seed "0"]', ' [Result "' + "x" * 10_001 + '"]'),
         ("line 3, column 2: the value of tag Result must be one line of at most 10000 characters", 3, 2)),
        (text.replace('[Seed "0"]', '  [' + "E" * 65 + ' "x"]'),
         ("line 3, column 3: '" + "E" * 56 + "... cannot be a tag name: a letter, "
          "then up to 63 letters, digits and _, not a tag of the format", 3, 3)),
        (text.replace('[Format "spades-record 1"]\n', "\n"),
         ('line 5, column 1: a record starts with [Format "spades-record 1"]', 5, 1)),
        (text.replace('[Seed "0"]', ' 2 9'), ("line 3, column 2: actions before the first [Hand] tag", 3, 2)),
        (text.replace('[Hand "1"]', '  [Hand "1"]\n[Hand "2"]'), ("line 27, column 1: hand 1 has no [Deal] or [Stock]", 27, 1)),
        ("\n".join(lines[:6]) + '\n\n [Hand "1"]\n', ("line 8, column 2: hand 0 has no [Deal] or [Stock]", 8, 2)),
        ("\n".join(lines[:27]) + "\n% the deal is still to come\n\n", ("line 29, column 1: hand 1 has no [Deal] or [Stock]", 29, 1)),
        (text.replace(deal, deal + "\n " + deal), ("line 8, column 2: [Deal] must come first in a hand, once", 8, 2)),
        (text.replace('[Play "1"]', '  [Stock "AS"]\n[Play "1"]'),
         ("line 10, column 3: [Stock] must come first in a hand, once", 10, 3)),
        (text.replace('[Play "1"]', '[Play "1"]\n  [Stock "AS"]'),  # a section of no action first
         ("line 10, column 1: the [Play] section holds no action", 10, 1)),
        (text.replace(deal, ' [Score "0 0"]\n' + deal), ("line 7, column 2: [Score] before the hand's actions", 7, 2)),
        (text.replace(deal, '  [Auction "1"]\n' + deal),
         ("line 7, column 3: [Auction] before the hand's [Deal] or [Stock]", 7, 3)),
        (text.replace('[Play "1"]', ' [Event "x"]'), ("line 10, column 2: unknown tag [Event] inside a hand", 10, 2)),
        (text.replace('[Play "1"]', "[" + "E" * 70 + ' "x"]'),
         (f"line 10, column 1: unknown tag [{'E' * 61}...] inside a hand", 10, 1)),
        (text.replace('[Play "1"]', '[' + "E" * 64 + ' "x"]'),
         (f"line 10, column 1: unknown tag [{'E' * 64}] inside a hand", 10, 1)),
        (text.replace('[Auction "1"]\n', "% no section\n  "),
         ("line 9, column 3: actions outside a [Draft], [Auction], [Exchange], [Discard] or [Play] section", 9, 3)),
        (text.replace('[Auction "1"]\n' + lines[8], '[Auction "1"]\n' + lines[8] + '\n[Dealer "0"]\n 8C'),
         ("line 11, column 2: actions outside a [Draft], [Auction], [Exchange], [Discard] or [Play] section", 11, 2)),
        (text.replace('[Hand "1"]', '[Hand "1"]\n   JD'),
         ("line 27, column 4: actions outside a [Draft], [Auction], [Exchange], [Discard] or [Play] section", 27, 4)),
    ]
    for forged, expected in cases:
        assert _refusal(forged) == expected
    for name in ("Draft", "Auction", "Play", "Exchange", "Discard", "Deal", "Stock", "Dealer", "Score", "Replacement"):
        forged = text.replace('[Seed "0"]', f' [{name} "0"]')
        assert _refusal(forged) == (f"line 3, column 2: [{name}] before the first [Hand] tag", 3, 2)
    many = '[Format "spades-record 1"]\n[Rules ""]\n' + "".join(f' [T{i} "{i}"]\n' for i in range(10_001))
    assert _refusal(many) == ("line 10003, column 2: a record holds at most 10000 tags", 10003, 2)


def test_the_refusals_of_a_record_s_values_word_for_word() -> None:
    text = _partnership_text(double_nil=False)
    lines = text.splitlines()
    deal, hands = lines[6], lines[6][len('[Deal "0:') : -2].split()
    assert lines[8] == "2 9 13 12" and lines[10] == "TC 9C 2C JC" and hands[2] == "AQ943.J.A9842.95"
    exchanged = _partnership_text(double_nil=True)  # V-3
    assert exchanged.splitlines()[8:13] == ["dn 2 9 13", '[Exchange "3"]', "2C 3H 8H", '[Exchange "1"]', "TC 8H KH"]
    drafted = _double_nil_game(discard_nothing=False).to_text()  # T-2
    unseeded = text.replace('[Seed "0"]', '[Seed "-"]')
    cases = [
        (text.replace("2 9 13 12", "2 9 x 12"),
         ("line 9, column 5: cannot read 'x' as a bid: expected 0..13, 'nil' or 'double nil'", 9, 5)),
        (text.replace("TC 9C 2C JC", "TC 9C 2X JC"), ("line 11, column 7: cannot read '2X' as a card: unknown suit 'X'", 11, 7)),
        (text.replace(deal, '[Deal "' + " ".join(hands) + '"]'),
         ('line 7, column 8: a deal reads "SEAT:hand hand ...", e.g. "0:AKQ.J.T9.8 ..."', 7, 8)),
        (text.replace(deal, '[Deal "0:' + " ".join(hands[:3]) + '"]'), ("line 7, column 8: a deal needs 4 hands, got 3", 7, 8)),
        (text.replace(hands[2], "AQ943.J.A9842.9Z"),
         ("line 7, column 44: cannot read 'AQ943.J.A9842.9Z' as a hand: unknown rank 'Z' in the clubs group", 7, 44)),
        (unseeded.replace(hands[3], hands[0]),
         ("line 7, column 8: action 1 (deal J52.52.QT6.QJ864 T7.KT97.J753.KT3 AQ943.J.A9842.95 J52.52.QT6.QJ864) is "
          "illegal: cards dealt twice: J52.52.QT6.QJ864 (rule C-1)", 7, 8)),
        (text.replace(deal, deal.replace('"0:', '"5:')), ("line 7, column 8: expected a seat 0..3, got '5'", 7, 8)),
        (text.replace('[Dealer "0"]', '[Dealer "NE"]', 1), ("line 6, column 10: expected a seat 0..3, got 'NE'", 6, 10)),
        (text.replace('[Auction "1"]', '[Auction " 2"]', 1),
         ("line 8, column 11: the section names seat 2, but it is seat 1's turn", 8, 11)),
        (exchanged.replace('[Exchange "3"]', '[Exchange "1"]', 1),
         ("line 10, column 12: the section names seat 1, but it is seat 3's turn", 10, 12)),
        # An exchange with no cards is at its section's tag; else at its first card.
        (exchanged.replace('[Exchange "3"]\n2C 3H 8H\n', '  [Exchange "3"]\n', 1),
         ("line 10, column 3: action 6 (-) is illegal: the Double Nil exchange is exactly 3 cards, not 0 (rule P-6)", 10, 3)),
        (exchanged.replace("2C 3H 8H", " 2C 3H"),
         ("line 11, column 2: action 6 (2C 3H) is illegal: the Double Nil exchange is exactly 3 cards, not 2 (rule P-6)",
          11, 2)),
        (exchanged.replace("2C 3H 8H", "2C\n  3H 2C"), ("line 12, column 6: card 2C is given twice", 12, 6)),
        (exchanged.replace("2C 3H 8H", "2C 3H\n 8X"), ("line 12, column 2: cannot read '8X' as a card: unknown suit 'X'", 12, 2)),
        (drafted.replace("dn reject dn reject", "dn reject dn x"),
         ("line 9, column 14: expected keep, reject or dn in the draft, got 'x'", 9, 14)),
        (drafted.replace('[Dealer "0"]', '[Dealer "N"]', 1), ("line 6, column 10: expected a seat 0..1, got 'N'", 6, 10)),
        (drafted.replace('[Dealer "0"]', '[Dealer "2"]', 1), ("line 6, column 10: expected a seat 0..1, got '2'", 6, 10)),
    ]
    for forged, expected in cases:
        assert _refusal(forged) == expected


def test_the_spellings_a_record_reads() -> None:
    text = _partnership_text(double_nil=False)
    record = Record.parse(text)
    deal = text.splitlines()[6]
    hands = deal[len('[Deal "0:') : -2].split()
    rotated = '[Deal "2:' + " ".join(hands[2:] + hands[:2]) + '"]'
    same = [
        "\ufeff% a comment\n" + text.replace("\n[Play", "\n  % another\n[Play"),
        text.replace('[Dealer "0"]', '[Dealer "N"]', 1).replace('[Dealer "1"]', '[Dealer " E "]', 1),
        text.replace('[Auction "1"]', '[Auction ""]', 1).replace('[Play "1"]', '[  Play   "E"  ]  ', 1),
        text.replace(deal, rotated),
        text.replace("2 9 13 12", "  2\t9\n13 12"),
    ]
    for each in same:
        assert Record.parse(each) == record
    drafted = _double_nil_game(discard_nothing=False)
    spelled = drafted.to_text().replace("dn reject dn reject", "BN r DN R").replace("keep reject\n", "K Reject\n", 1)
    assert Record.parse(spelled) == drafted
    # A tag's value may hold a quote or a backslash, escaped; it is written back so.
    tagged = text.replace('[Seed "0"]', '[Seed "0"]\n[Event "the \\"Ace\\" club \\\\ 3"]')
    read = Record.parse(tagged)
    assert read.tags == (("Event", 'the "Ace" club \\ 3'),) and read.to_text() == tagged


def test_the_refusals_of_a_seeded_replay_and_of_the_rules_text_word_for_word() -> None:
    text = _partnership_text(double_nil=False)
    deal_1 = text.splitlines()[27]
    assert deal_1.startswith('[Deal "0:')
    drafted = _double_nil_game(discard_nothing=False).to_text()
    seed_gives = "is not the chance step the game's seed gives"
    cases = [
        # A seeded game draws its own chance steps (P-2, T-3, T-6).
        (text.replace('[Play "1"]', '  [Replacement "AS"]\n[Play "1"]'),
         ("line 10, column 17: action 6 (replacement AS) is a chance step, but the game's seed resolves chance and none "
          "is pending here", 10, 17)),
        (text.replace(deal_1, deal_1.replace('"0:', '"1:')),
         ("line 28, column 8: action 58 (deal A8.KQ7.AQ9874.83 T.AJT542.J632.J5 KQ76432.83.K.AK6 J95.96.T5.QT9742) "
          + seed_gives, 28, 8)),
        (drafted.replace('[Replacement "3H 4H QS"]', '[Replacement "3H 4H KS"]'),
         ("line 24, column 15: action 31 (replacement 3H 4H KS) " + seed_gives, 24, 15)),
        (drafted.replace('[Stock "4C JC', '[Stock "JC 4C', 1),
         ("line 7, column 9: action 1 (stock JC 4C JS 6D 5S 2H QD 6C 2S 8C QC 5H TD KC 7S 7D TC TS JD KH 3D 5D 9H 7H...) "
          + seed_gives, 7, 9)),
        # The rules' text: an option's value is pointed at, other faults at the text's start.
        (text.replace('[Rules ""]', '[Rules "target=300 target=300"]'), ("line 2, column 9: option 'target' is given twice", 2, 9)),
        (text.replace('[Rules ""]', '[Rules "target=300  =4"]'), ("line 2, column 9: expected key=value, got '=4'", 2, 9)),
        (text.replace('[Rules ""]', '[Rules "target=300  partners=maybe"]'),
         ("line 2, column 21: partners: must be true or false, got 'maybe'", 2, 21)),
        (text.replace('[Rules ""]\n', ""), ("line 4, column 1: a record needs a [Rules] tag", 4, 1)),
    ]
    for forged, expected in cases:
        assert _refusal(forged) == expected
    options = '[Rules "partners=true losing_floor=none first_lead=left-of-dealer target=300 no_spades_first_trick=false"]'
    assert Record.parse(text.replace('[Rules ""]', options)).rules == Rules(target=300)


def test_record_parse_checks_its_arguments() -> None:
    for size, shown in (("1", "'1'"), (True, "True"), (1.0, "1.0")):
        with pytest.raises(ArgumentTypeError) as caught:
            Record.parse("", max_size=size)  # type: ignore[arg-type]
        assert str(caught.value) == f"max_size is an int, got {shown}"
    with pytest.raises(ArgumentError, match=r"\Amax_size must be >= 0, got -1\Z"):
        Record.parse("", max_size=-1)
    assert _refusal("") == ('line 1, column 1: a record starts with [Format "spades-record 1"]', 1, 1)
    with pytest.raises(ParseError, match=r'\Aline 1, column 1: a record starts with \[Format "spades-record 1"\]\Z'):
        Record.parse("", max_size=0)  # an empty text is within a limit of 0
    with pytest.raises(ParseError, match=r"\Athe record is 10 characters long, over the limit of 9 \(raise it with max_size=\)\Z"):
        Record.parse("0123456789", max_size=9)
    with pytest.raises(ParseError, match=r"\Aa record must be text, got int\Z"):
        Record.parse(5)  # type: ignore[arg-type]


def test_more_refusals_of_a_record_word_for_word(monkeypatch: pytest.MonkeyPatch) -> None:
    import spades.record

    text = _partnership_text(double_nil=False)
    lines = text.splitlines()
    deal, hands = lines[6], lines[6][len('[Deal "0:') : -2].split()
    unseeded_two = _double_nil_game(discard_nothing=False).to_text().replace('[Seed "0"]', '[Seed "-"]')
    assert unseeded_two.splitlines()[27] == '[Play "1"]'
    cases = [
        ("\n".join(lines[:6]) + "\n\n% no deal\n", ("line 8, column 1: hand 0 has no [Deal] or [Stock]", 8, 1)),
        (text.replace('[Auction "1"]', '[Auction "9"]'), ("line 8, column 11: expected a seat 0..3, got '9'", 8, 11)),
        (text.replace('[Play "1"]', "[" + "E" * 65 + ' "x"]'),
         (f"line 10, column 1: unknown tag [{'E' * 61}...] inside a hand", 10, 1)),
        (text.replace(deal, '  [Replacement "-"]\n' + deal), ("line 8, column 1: [Deal] must come first in a hand, once", 8, 1)),
        (text.replace(deal, deal.replace(hands[3], hands[3] + ":AS")),
         (f"line 7, column 61: cannot read '{hands[3]}:AS' as a hand: unknown rank ':' in the clubs group", 7, 61)),
        (text.replace('[Rules ""]', '[Rules "target=300 deck=x:y"]'),
         ("line 2, column 20: deck: must be one of 'standard', 'jokers', 'joker-joker-deuce-deuce', got 'x:y'", 2, 20)),
        (text.replace('[Rules ""]', '[Rules "target=300 first_lead=a=b"]'),
         ("line 2, column 20: first_lead: must be one of 'left-of-dealer', 'two-of-clubs', got 'a=b'", 2, 20)),
        # An empty replacement, "" or "-", is no card; where none is due, the game refuses it (T-6).
        (unseeded_two.replace('[Play "1"]', '[Replacement "-"]\n[Play "1"]'),
         ("line 28, column 15: action 34 (replacement -) is illegal: replacement - cannot be applied in phase "
          "PLAY (rule C-5)", 28, 15)),
        (unseeded_two.replace('[Play "1"]', '[Replacement " "]\n[Play "1"]'),
         ("line 28, column 15: action 34 (replacement -) is illegal: replacement - cannot be applied in phase "
          "PLAY (rule C-5)", 28, 15)),
    ]
    for forged, expected in cases:
        assert _refusal(forged) == expected
    assert Record.parse(text.replace('[Seed "0"]', '[Seed ""]')).seed is None
    # At most MAX_ACTIONS actions: the one beyond is pointed at.
    size = len(Record.parse(text).actions)
    monkeypatch.setattr(spades.record, "MAX_ACTIONS", size)
    assert len(Record.parse(text).actions) == size
    monkeypatch.setattr(spades.record, "MAX_ACTIONS", size - 1)
    assert _refusal(text) == (f"line 28, column 8: a record holds at most {size - 1} actions", 28, 8)  # the deal of hand 1
    monkeypatch.setattr(spades.record, "MAX_ACTIONS", size - 2)
    assert len(lines[22]) == 11 and lines[23].startswith("[Score")
    assert _refusal(text) == (f"line 23, column 10: a record holds at most {size - 2} actions", 23, 10)  # the last card


def test_the_replay_of_a_record_built_directly_names_what_it_holds() -> None:
    from spades import StateError
    from spades.record import rules_from_text

    with pytest.raises(ArgumentTypeError, match=r"\Athe rules' text is a str, got int\Z"):
        rules_from_text(5)  # type: ignore[arg-type]
    # An action is shown by its text, up to 80 characters; anything else by its repr.
    stock = Record.parse(_double_nil_game(discard_nothing=False).to_text()).actions[0]
    long, shown = "x" * 100, "'" + "x" * 56 + "..."
    with pytest.raises(StateError) as refused:
        Record(rules=Rules(), actions=(long,))  # type: ignore[arg-type]
    assert str(refused.value) == ("a record's actions are actions (cards, bids, draft choices, exchanges and chance steps): "
                                  f"action 1 is {shown}, of type str")

    def forged_record(seed: int | None, actions: tuple[object, ...]) -> Record:
        """A record holding values that are not actions, made around its constructor."""
        record = Record(rules=Rules(), seed=seed)
        object.__setattr__(record, "actions", actions)
        return record

    cases = [
        (forged_record(None, (long,)), f"action 1 ({shown}) is illegal: {shown} is not an action; expected one of DEAL's actions"),
        (forged_record(1, (long,)), f"action 1 ({shown}) is not the chance step the game's seed gives"),
        (Record(rules=Rules(), actions=(Bid(3),)), "action 1 (3) is illegal: Bid 3 cannot be applied in phase DEAL (rule P-2)"),
        (Record(rules=Rules.two_player(), actions=(stock, stock)),
         f"action 2 ({str(stock)[:77]}...) is illegal: {str(stock)[:77]}... cannot be applied in phase DRAFT (rule T-2)"),
    ]
    # A card forged around its constructor has no text: shown by its repr.
    forged = int.__new__(Card, 99)
    cases.append((Record(rules=Rules(), actions=(forged,)),
                  "action 1 (<Card>) is illegal: <Card> is not an action: it holds what Card() refuses"))
    for record, message in cases:
        with pytest.raises(StateError) as caught:
            record.replay()
        assert str(caught.value) == message
    # A record whose cache of its last state was never set (as one unpickled
    # from a version without it) replays all the same.
    bare = object.__new__(Record)
    for name, value in (("rules", Rules()), ("seed", 3), ("actions", ()), ("tags", ())):
        object.__setattr__(bare, name, value)
    assert bare.replay() == new_game(Rules(), seed=3)


@pytest.mark.parametrize("bidder", [0, 1, 2, 3])
def test_the_double_nil_exchange_of_each_seat_reads_back(bidder: int) -> None:  # V-3
    state = new_game(Rules.partnership(), seed=0)
    rng = random.Random(1)
    while not state.sheet:
        legal = state.legal_actions()
        if state.turn == bidder and Bid.DOUBLE_NIL in legal:
            state = state.apply(Bid.DOUBLE_NIL)
        else:
            state = state.apply(rng.choice([each for each in legal if each != Bid.DOUBLE_NIL] or legal))
    record = Record.of_state(state)
    text = record.to_text()
    partner = (bidder + 2) % 4
    # The partner gives first, then the Double Nil bidder (P-6); a partnership never discards.
    assert f'[Exchange "{partner}"]\n' in text and f'[Exchange "{bidder}"]\n' in text and "[Discard" not in text
    assert text.index(f'[Exchange "{partner}"]') < text.index(f'[Exchange "{bidder}"]')
    assert Record.parse(text) == record and Record.parse(text).to_text() == text


def test_a_record_refuses_what_it_cannot_hold_word_for_word() -> None:
    from spades import StateError
    from spades.record import MAX_OPTION_DIGITS

    assert MAX_OPTION_DIGITS == 40
    cases: list[tuple[dict[str, object], str]] = [
        (dict(rules="partnership"), "a record's rules are a Rules value, got 'partnership'"),
        (dict(seed="1"), "the seed must be a whole number or None, got '1'"),
        (dict(seed=True), "the seed must be a whole number or None, got True"),
        (dict(seed=-1), "the seed must be from 0 to 2**64 - 1, got -1"),
        (dict(seed=2**64), "the seed must be from 0 to 2**64 - 1, got 18446744073709551616"),
        (dict(actions=5), "a record's actions are a sequence of actions, got 5"),
        (dict(tags=5), "tags are (name, value) pairs, got 5"),
        (dict(tags=(("Event",),)), "a tag is a (name, value) pair, got ('Event',)"),
        (dict(tags=(["Event", "x"],)), "a tag is a (name, value) pair, got ['Event', 'x']"),
    ]
    for fields, message in cases:
        arguments: dict[str, object] = {"rules": Rules(), **fields}
        with pytest.raises(StateError) as caught:
            Record(**arguments)  # type: ignore[arg-type]
        assert str(caught.value) == message
    assert Record(rules=Rules(), seed=2**64 - 1).seed == 2**64 - 1
    # Rules forged past their own checks: a record holds options of at most 40 digits.
    for value, refused in ((10**40 - 1, False), (-(10**40) + 1, False), (10**40, True), (-(10**40), True)):
        forged = Rules()
        object.__setattr__(forged, "target", value)
        if refused:
            with pytest.raises(StateError, match=r"\Atarget: a record's options have at most 40 digits\Z"):
                Record(rules=forged)
        else:
            assert Record(rules=forged).rules is forged
    with pytest.raises(ArgumentTypeError, match=r"\ARecord.of_state needs a GameState, got int\Z"):
        Record.of_state(5)  # type: ignore[arg-type]


# A tag line as the record format defines it: a name, then the value in
# double quotes, in which a backslash escapes the character after it.
_TAG_LINE_REFERENCE = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*\Z')


@settings(max_examples=400)
@given(st.text(alphabet='[]"\\ \tAaZ_9é]"x', max_size=14))
def test_a_tag_line_reads_as_the_format_defines_it(text: str) -> None:
    line = text.strip()
    expected = _TAG_LINE_REFERENCE.match(line)
    read = _tag_of_line(line)
    if expected is None:
        assert read is None, line
    else:
        assert read == (expected.group(1), re.sub(r"\\(.)", r"\1", expected.group(2))), line


def test_a_long_tag_line_is_read_in_memory_linear_in_it() -> None:
    # A pattern repeating a group over the value kept some 180 bytes a
    # character: 36 MB for this line of 200,000; the text itself is 0.2 MB.
    record = _double_nil_game(discard_nothing=False)
    text = record.to_text().replace("\n", '\n[Site "' + "x" * 100_000 + '\\"' * 50_000 + '"]\n', 1)
    tracemalloc.start()
    try:
        with pytest.raises(ParseError, match="at most 10000 characters"):
            Record.parse(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4_000_000, peak


def test_every_named_choice_of_an_option_reads_as_written() -> None:  # V-8
    """``key=value`` words read every choice of an option by its name,
    ``boston=none`` too (``none`` is no option's ``None`` there), in a
    record's ``[Rules]`` tag as in :func:`rules_from_text`; and ``none``
    still reads as ``None`` where that is the option's value."""
    from spades.record import rules_from_text
    from spades.rules import OPTION_CHOICES

    read = 0
    for key, choices in OPTION_CHOICES.items():
        for choice in choices:
            try:
                expected = Rules.from_dict({key: choice})
            except RulesError:
                continue  # a choice that needs other options (three_player_deck, ...)
            assert rules_from_text(f"{key}={choice}") == expected, (key, choice)
            text = Record(rules=Rules()).to_text().replace('[Rules ""]', f'[Rules "{key}={choice}"]')
            assert f'[Rules "{key}={choice}"]' in text
            assert Record.parse(text).rules == expected
            read += 1
    assert read >= 10
    assert rules_from_text("boston=none target=300") == Rules(target=300)
    assert rules_from_text("losing_floor=none max_side_contract=none") == Rules()


@pytest.mark.parametrize("name", ["partnership", "two-player"])
def test_a_section_of_no_action_is_refused_wherever_it_is(name: str) -> None:  # P-3, P-7, T-2, T-4
    """The writer never writes a [Draft], [Auction] or [Play] section with
    no action in it; one the parser met went unchecked (a seat whose turn
    it is not, a draft in a game that deals) and could not be written
    back.  At the end of a game in progress, between sections, of any kind
    and naming any seat, it is refused where it stands."""
    rules = Rules.preset(name)
    state = new_game(rules, seed=2)
    rng = random.Random(3)
    for _ in range(40):
        state = state.apply(rng.choice([a for a in state.legal_actions() if a != Bid.DOUBLE_NIL]))
    text = Record.of_state(state).to_text()
    assert Record.parse(text).replay() == state
    lines = text.rstrip("\n").splitlines()
    for kind in ("Draft", "Auction", "Play"):
        for seat in [str(s) for s in range(rules.players)] + [""]:
            at_end = text.rstrip("\n") + f'\n[{kind} "{seat}"]\n'
            with pytest.raises(ParseError, match=rf"^line {len(lines) + 1}, column 1: the \[{kind}\] section holds no action$"):
                Record.parse(at_end)
            first = next(i for i, line in enumerate(lines) if line.startswith(("[Play", "[Draft")))
            between = "\n".join(lines[:first] + [f'[{kind} "{seat}"]'] + lines[first:]) + "\n"
            with pytest.raises(ParseError, match=rf"^line {first + 1}, column 1: the \[{kind}\] section holds no action$"):
                Record.parse(between)
