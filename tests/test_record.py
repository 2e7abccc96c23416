"""Game records: the PBN-style text, exact replay, and errors with their place."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import Bid, Card, Deal, GameState, ParseError, Phase, Rules, SpadesError, StateError, new_game
from spades.cli import main
from spades.record import Record, rules_from_text, rules_to_text
from spades.serial import to_json

from _games import PRESETS, play, presets, seeds

C = Card.parse

HEADER = '[Format "spades-record 1"]\n[Rules ""]\n[Seed "-"]\n'

# Seat 0 all spades, seat 1 all hearts, seat 2 all diamonds, seat 3 all clubs.
ONE_SUIT = HEADER + """
[Hand "0"]
[Dealer "0"]
[Deal "0:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[Auction "1"]
3 3 nil 3
[Play "1"]
AH 2D 2C 2S
AS KH 3D 3C
"""

# Seat 2 holds three small hearts.
FOLLOW = HEADER + """
[Hand "0"]
[Dealer "0"]
[Deal "0:AKQJT98765432... .AKQJT98765.AKQ. .432.JT98765432. ...AKQJT98765432"]
[Auction "1"]
4 4 4 1
[Play "1"]
AH 2D 2C 2S
"""


def _error(text: str) -> ParseError:
    with pytest.raises(ParseError) as info:
        Record.parse(text)
    return info.value


# ----------------------------------------------------------------------
# Reading a hand-written record.


def test_hand_written_record_replays() -> None:  # C-5, C-6, C-7, P-3, P-7
    record = Record.parse(ONE_SUIT)
    assert record.seed is None and record.rules == Rules()
    state = record.replay()
    assert state.phase is Phase.PLAY
    assert state.bids == (Bid(3), Bid(3), Bid(3), Bid.NIL)  # the auction starts left of the dealer (P-3)
    assert state.tricks_won == (2, 0, 0, 0)  # the 2S trumps the AH; the AS wins the next (C-7)
    assert state.spades_broken and state.turn == 0
    assert len(record.actions) == 1 + 4 + 8


def test_seat_letters_comments_and_descriptive_tags() -> None:  # P-7, C-7
    # "S:" lists the hands from seat 2 clockwise (PBN): seat 2 gets the spades,
    # seat 3 the hearts, seat 0 the diamonds, seat 1 the clubs.
    text = HEADER + """[Event "Club night"]
% a comment line

[Hand "0"]
[Dealer "N"]
[Deal "S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[Auction "E"]
3 3 nil 3
[Play "1"]
AC 2S 2H 2D
AS KH 3D 3C
"""
    record = Record.parse(text)
    assert record.tags == (("Event", "Club night"),)
    state = record.replay()
    assert state.tricks_won == (0, 0, 2, 0)
    assert state.hand(3).cards()[0] == C("3H")
    assert '[Event "Club night"]' in record.to_text()
    assert Record.parse(record.to_text()) == record


def test_two_player_record_text() -> None:  # T-2, T-6
    rules = PRESETS["two-player"]
    for seed in range(40):
        states = play(rules, seed, seeded=False, double_nil=0.5)
        phases = {s.phase for s in states}
        if Phase.DISCARD in phases and Phase.REPLACE in phases and Phase.BID in phases:
            break
    record = Record.of_state(states[-1])
    text = record.to_text()
    for word in ("[Stock ", "[Draft ", "keep", "[Discard ", "[Replacement ", "[Auction ", "[Play ", "[Score "):
        assert word in text
    assert Record.parse(text) == record
    assert Record.parse(text).replay() == states[-1]


# ----------------------------------------------------------------------
# Round trips.


@given(preset=presets, seed=seeds, seeded=st.booleans())
def test_record_round_trip_and_exact_replay(preset: str, seed: int, seeded: bool) -> None:
    states = play(PRESETS[preset], seed, seeded=seeded, double_nil=0.3)
    record = Record.of_state(states[-1])
    assert list(record.states()) == states  # every state, exactly
    assert record.replay() == states[-1]
    text = record.to_text()
    again = Record.parse(text)
    assert again == record
    assert again.to_text() == text
    # A record of a game in progress replays to that state too.
    middle = states[len(states) // 2]
    assert Record.parse(Record.of_state(middle).to_text()).replay() == middle


def _text_by_replay(record: Record) -> str:
    """The text of ``record`` as it was written before the writer stopped
    replaying: each action's seat and phase read from the state before it."""
    from spades.actions import Draft, Exchange, Replacement, Stock
    from spades.record import _bid_token, _escape, _is_chance, _steps

    rules = record.rules
    lines = [
        '[Format "spades-record 1"]',
        f'[Rules "{_escape(rules_to_text(rules))}"]',
        f'[Seed "{"-" if record.seed is None else record.seed}"]',
    ]
    lines += [f'[{name} "{_escape(value)}"]' for name, value in record.tags]
    befores: list[GameState | None] = []
    previous = final = None
    for done, state in _steps(rules, record.seed, record.actions):
        while len(befores) < done:
            befores.append(None if _is_chance(record.actions[len(befores)]) else previous)
        previous = final = state
    assert final is not None
    sheet = final.sheet
    hand = -1
    section = ""
    line: list[str] = []
    drafts = 0

    def flush() -> None:
        nonlocal drafts
        if line:
            lines.append(" ".join(line))
            line.clear()
        drafts = 0

    def close_hand() -> None:
        flush()
        if 0 <= hand < len(sheet):
            lines.append(f'[Score "{" ".join(str(s) for s in sheet[hand].result.scores)}"]')

    for action, before in zip(record.actions, befores):
        if isinstance(action, (Deal, Stock)):
            close_hand()
            hand += 1
            dealer = sheet[hand].dealer if hand < len(sheet) else final.dealer
            lines += ["", f'[Hand "{hand}"]', f'[Dealer "{dealer}"]']
            if isinstance(action, Deal):
                lines.append(f'[Deal "0:{" ".join(str(h) for h in action.hands)}"]')
            else:
                lines.append(f'[Stock "{" ".join(str(c) for c in action.cards)}"]')
            section = ""
            continue
        if isinstance(action, Replacement):
            flush()
            lines.append(f'[Replacement "{" ".join(str(c) for c in action.cards) or "-"}"]')
            section = ""
            continue
        assert before is not None
        phase, seat = before.phase, before.turn
        if phase is Phase.DRAFT:
            if section != "Draft":
                flush()
                lines.append(f'[Draft "{seat}"]')
                section = "Draft"
            if isinstance(action, Bid):
                line.append(_bid_token(action))
            else:
                assert isinstance(action, Draft)
                line.append(action.value)
                drafts += 1
                if drafts == rules.players:
                    flush()
        elif phase is Phase.BID:
            if section != "Auction":
                flush()
                lines.append(f'[Auction "{seat}"]')
                section = "Auction"
            assert isinstance(action, Bid)
            line.append(_bid_token(action))
        elif phase in (Phase.EXCHANGE, Phase.DISCARD):
            flush()
            lines.append(f'[{"Exchange" if phase is Phase.EXCHANGE else "Discard"} "{seat}"]')
            assert isinstance(action, Exchange)
            lines.append(" ".join(str(c) for c in action.cards) or "-")
            section = ""
        else:
            if section != "Play":
                flush()
                lines.append(f'[Play "{seat}"]')
                section = "Play"
            if not before.trick:
                flush()
            line.append(str(action))
    close_hand()
    return "\n".join(lines) + "\n"


@given(preset=presets, seed=seeds, seeded=st.booleans())
def test_the_text_is_written_without_replaying(preset: str, seed: int, seeded: bool) -> None:
    """Each action's seat and phase follow from the actions and the final
    state's score sheet: the text is the one the replay gives, for a record
    that knows its state (of_state, parse) and for one built directly."""
    states = play(PRESETS[preset], seed, seeded=seeded, double_nil=0.4)
    for state in (states[len(states) // 3], states[len(states) // 2], states[-2], states[-1]):
        record = Record.of_state(state)
        expected = _text_by_replay(record)
        assert record.to_text() == expected
        built = Record(rules=record.rules, seed=record.seed, actions=record.actions, tags=(("Event", "x"),))
        assert built.to_text() == _text_by_replay(built)
        assert Record.parse(expected).to_text() == expected


def test_a_record_that_knows_its_state_is_not_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    import spades.record
    from spades.serial import record_from_json

    states = play(PRESETS["two-player-2"], 5, seeded=True, double_nil=0.5)
    record = Record.of_state(states[-1])
    text = record.to_text()
    parsed = Record.parse(text)
    loaded = record_from_json(to_json(record))

    def refuse(*_args: object) -> None:
        raise AssertionError("replayed")

    monkeypatch.setattr(spades.record, "_steps", refuse)
    monkeypatch.setattr(spades.record, "replay", refuse)
    assert record.to_text() == text and record.replay() is states[-1]
    for known in (parsed, loaded):
        assert known.to_text() == text and known.replay() == states[-1]


def test_a_record_built_directly_is_replayed_once() -> None:
    import pickle

    state = play(PRESETS["partnership"], 3, seeded=True)[-1]
    record = Record.of_state(state)
    built = Record(rules=record.rules, seed=record.seed, actions=record.actions)
    first = built.replay()
    assert first == state and built.replay() is first
    # The state is a cache, not part of the value: not compared, shown or pickled.
    assert built == record and hash(built) == hash(record) and repr(built) == repr(record)
    twin = pickle.loads(pickle.dumps(record))
    assert twin == record and twin.to_text() == record.to_text()
    tagged = Record(rules=record.rules, seed=record.seed, actions=record.actions, tags=(("Event", "club night"),))
    assert pickle.loads(pickle.dumps(tagged)).tags == (("Event", "club night"),)
    assert len(pickle.dumps(record)) < len(pickle.dumps((record, state)))


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules.two_player(target=300), Rules(players=3, partners=False, losing_floor=-200),
     Rules(deck="joker-joker-deuce-deuce", double_nil_trailing_by=100, max_side_contract=13)],
)
def test_rules_text_round_trip(rules: Rules) -> None:
    assert rules_from_text(rules_to_text(rules)) == rules


# ----------------------------------------------------------------------
# Errors name their line and column.


def test_illegal_play_is_reported_where_it_is() -> None:  # C-5
    error = _error(FOLLOW)
    assert (error.line, error.column) == (11, 4)  # "2D" while holding hearts
    assert "C-5" in str(error)


def test_bad_card_is_reported_where_it_is() -> None:
    error = _error(ONE_SUIT.replace("AS KH 3D 3C", "AS KH 3X 3C"))
    assert (error.line, error.column) == (12, 7)


def test_wrong_score_is_reported() -> None:  # S-1
    record = Record.parse(ONE_SUIT)
    states = play(PRESETS["partnership"], 3, seeded=True)
    text = Record.of_state(states[-1]).to_text()
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("[Score"))
    lines[index] = '[Score "1 2"]'
    error = _error("\n".join(lines))
    assert error.line == index + 1 and error.column == 9
    assert "S-1" in str(error)
    del record


def test_wrong_dealer_and_seat_are_reported() -> None:  # P-2, P-3
    error = _error(ONE_SUIT.replace('[Dealer "0"]', '[Dealer "2"]'))
    assert error.line == 6 and "dealer" in str(error)
    error = _error(ONE_SUIT.replace('[Auction "1"]', '[Auction "3"]'))
    assert error.line == 8 and "seat 1" in str(error)


def test_header_errors() -> None:
    error = _error(ONE_SUIT.replace('[Format "spades-record 1"]\n', ""))
    assert "Format" in str(error)
    error = _error(ONE_SUIT.replace("spades-record 1", "spades-record 2"))
    assert error.line == 1 and "version" in str(error)
    error = _error(ONE_SUIT.replace('[Rules ""]', '[Rules "target=0"]'))
    assert error.line == 2 and "target" in str(error)
    error = _error(ONE_SUIT.replace('[Seed "-"]', '[Seed "x"]'))
    assert error.line == 3


def test_syntax_errors() -> None:
    error = _error(ONE_SUIT.replace('[Hand "0"]', '[Hand 0]'))
    assert (error.line, error.column) == (5, 1)
    error = _error(ONE_SUIT.replace('[Play "1"]\n', ""))
    assert error.line == 10  # cards outside a section
    error = _error(ONE_SUIT.replace("3 3 nil 3", "3 3 nil 3 x"))
    assert (error.line, error.column) == (9, 11)
    error = _error(ONE_SUIT.replace(' ...AKQJT98765432"]', '"]'))
    assert error.line == 7 and "4 hands" in str(error)
    error = _error(ONE_SUIT.replace('[Hand "0"]', '[Hand "1"]'))
    assert error.line == 5
    error = _error(ONE_SUIT.replace('[Deal "0:AKQJT98765432...', '[Deal "0:AKQJT98765432..2'))
    assert error.line == 7  # the 2C twice


def test_parse_needs_text() -> None:
    with pytest.raises(ParseError):
        Record.parse(42)  # type: ignore[arg-type]


# ----------------------------------------------------------------------
# Records as values.


def test_replay_of_a_bad_record_raises_state_error() -> None:  # C-3
    deal = Deal(("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"))
    record = Record(rules=Rules(), actions=(deal, Bid(14)))
    with pytest.raises(StateError, match="illegal"):
        record.replay()
    with pytest.raises(StateError, match="illegal"):
        list(record.states())
    record = Record(rules=Rules(), seed=1, actions=(deal,))
    with pytest.raises(StateError, match="chance step"):
        record.replay()
    with pytest.raises(StateError):
        record.to_text()


class _Unprintable:
    """An action whose repr raises, and whose comparisons raise."""

    def __repr__(self) -> str:
        raise RuntimeError("repr")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    __ne__ = __eq__
    __hash__ = None  # type: ignore[assignment]


class _LyingInt(int):
    """An int whose equality raises: no action, though it is an int."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    __hash__ = int.__hash__


def test_values_that_are_not_actions_are_refused_when_the_record_is_made() -> None:
    # A record is a value: it hashes, compares and pickles.  A list among
    # its actions made hash() raise TypeError, an int of another class made
    # == raise its own error, a deep list made pickle raise RecursionError,
    # all from a record already made.  The message quotes the value: a repr
    # that raises must not escape (as RuntimeError), a long one must not
    # bloat it.
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    values = (_Unprintable(), "x" * 2_000_000, 10**5000, list(range(100_000)), [1], _LyingInt(1), deep, None, 3.5)
    for value in values:
        for seed in (None, 1):
            with pytest.raises(StateError, match="not|action") as info:
                Record(rules=Rules(), seed=seed, actions=(Bid(3), value))  # type: ignore[arg-type]
            assert len(str(info.value)) <= 300 and "action 2 is" in str(info.value)
    record = Record(rules=Rules(), seed=1, actions=(Bid(3), Card.parse("AS")))  # legal or not, these are actions
    assert hash(record) == hash(pickle.loads(pickle.dumps(record))) and record == Record(rules=Rules(), seed=1,
                                                                                        actions=[Bid(3), Card.parse("AS")])


def test_a_wrong_chance_step_in_a_seeded_record_gives_away_neither_seed_nor_deal() -> None:  # P-2, T-2
    # The message named the seed and the chance step it gives: a caller that
    # replays a player's actions against the server's seed would learn every
    # hand from a refusal.
    seed = 9_876_543_210_123
    for rules in (Rules.partnership(), Rules.two_player()):
        real = new_game(rules, seed=seed).history[0]
        other = new_game(rules, seed=seed + 1).history[0]
        with pytest.raises(StateError) as info:
            Record(rules=rules, seed=seed, actions=(other,)).replay()
        message = str(info.value)
        assert str(seed) not in message and str(real)[:20] not in message and "seed gives" in message


def test_tags_are_checked() -> None:
    with pytest.raises(SpadesError):
        Record(rules=Rules(), tags=(("Deal", "x"),))
    with pytest.raises(SpadesError):
        Record(rules=Rules(), tags=(("Event", "two\nlines"),))
    with pytest.raises(SpadesError):
        Record(rules=Rules(), tags=(("bad name", "x"),))
    record = Record(rules=Rules(), tags=(("Event", 'say "hi" \\ bye'),))
    assert Record.parse(record.to_text()) == record


def test_state_record_is_the_game_so_far() -> None:  # P-2
    start = new_game(Rules.partnership(), seed=12)
    state = start
    applied = []
    for _ in range(7):
        applied.append(state.legal_actions()[0])
        state = state.apply(applied[-1])
    record = Record.of_state(state)
    assert record.seed == 12 and record.rules == Rules.partnership()
    # The seeded deal (a chance step, recorded too), then the actions applied.
    assert record.actions == (Deal(start.hands), *applied)
    assert record.replay() == state


# ----------------------------------------------------------------------
# The command line.


def test_demo_writes_a_record_that_replay_prints(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:

    for name, players in (("game.txt", "4"), ("game.json", "2")):
        path = tmp_path / name
        assert main(["demo", "--seed", "5", "--players", players, "--record", str(path)]) == 0
        demo = capsys.readouterr().out
        assert main(["replay", str(path)]) == 0
        out = capsys.readouterr().out
        assert "trick  1: seat" in out
        assert out.strip().splitlines()[-1] == demo.strip().splitlines()[-1]  # the same winner line
    state_file = tmp_path / "state.json"
    state_file.write_text(to_json(play(PRESETS["partnership"], 2, seeded=True)[40]))
    assert main(["replay", str(state_file)]) == 0
    assert "Game in progress" in capsys.readouterr().out
    state_file.write_text(to_json(Rules()))
    assert main(["replay", str(state_file)]) == 2
    assert "not a game record" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_text(ONE_SUIT.replace("AS KH 3D 3C", "AS KH 3D 3X"))
    assert main(["replay", str(bad)]) == 2
    assert "line 12, column 10" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.txt")]) == 2
    bad.write_bytes(b"\xff\xfe")
    assert main(["replay", str(bad)]) == 2


def test_a_record_of_a_state_takes_tags() -> None:
    state = new_game(Rules.partnership(), seed=2)
    record = Record.of_state(state, [("Event", "Club night"), ("Table", "t1")])
    assert record.tags == (("Event", "Club night"), ("Table", "t1"))
    assert Record.parse(record.to_text()) == record
    with pytest.raises(SpadesError):
        Record.of_state(state, [("Event", "a"), ("Event", "b")])


def test_a_deal_or_stock_the_actions_refuse_is_placed_at_its_tag() -> None:  # T-2, P-2
    """A stock of more cards than a deck holds, or a card twice, is a
    ParseError at the tag's line and column, as every other fault."""
    head = '[Format "spades-record 1"]\n[Rules "players=2 partners=false"]\n[Seed "-"]\n[Hand "0"]\n'
    for stock in (" ".join(["AS"] * 55), " ".join(str(Card(i)) for i in range(52)) + " AS KS QS"):
        with pytest.raises(ParseError) as caught:
            Record.parse(head + f'[Stock "{stock}"]\n')
        assert (caught.value.line, caught.value.column) == (5, 9), caught.value
        assert str(caught.value).startswith("line 5, column 9: ")
