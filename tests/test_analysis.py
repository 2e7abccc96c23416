"""The analysis of a game record (``spades.analysis``, ``spades analyse``):
its figures against the game's own score sheet, and its costly cards and
lost Nils against a plain minimax written from the rules on the hand's last
tricks."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from spades import Bid, Card, GameState, Phase, Record, Rules, new_game
from spades.analysis import CostlyCard, GameAnalysis, HandAnalysis, SideAnalysis, analyse, analysis_to_json, format_analysis
from spades.cli import main
from spades.errors import ArgumentTypeError

from _double_dummy_reference import nil_can_be_kept, side_tricks

LATE = 4  # tricks left at most where the reference checks every card


def _game(seed: int, hands: int, nil_seat: int | None) -> GameState:
    """A two-player game of random cards; ``nil_seat`` bids Nil when it may."""
    rules = Rules.two_player()
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    while len(state.sheet) < hands:
        actions = [a for a in state.legal_actions() if a != Bid.DOUBLE_NIL]
        if state.phase is Phase.BID and state.turn == nil_seat and Bid.NIL in actions:
            state = state.apply(Bid.NIL)
        else:
            state = state.apply(rng.choice(actions))
    return state


def _plays(record: Record, number: int) -> list[GameState]:
    return [s for s in record.states() if s.phase is Phase.PLAY and s.hand_number == number]


@pytest.fixture(scope="module")
def game() -> tuple[Record, GameAnalysis]:
    record = Record.of_state(_game(3, 2, nil_seat=0))
    return record, analyse(record)


def test_the_sides_figures_are_the_score_sheets(game: tuple[Record, GameAnalysis]) -> None:  # P-4, C-8
    record, report = game
    sheet = record.replay().sheet
    assert [hand.number for hand in report.hands] == [row.number for row in sheet]
    for hand, row in zip(report.hands, sheet):
        assert [side.taken for side in hand.sides] == list(row.tricks)
        assert [side.bid for side in hand.sides] == [bid.tricks for bid in row.bids]
        assert sum(side.double_dummy for side in hand.sides) == 13  # two sides share the tricks


def test_costly_cards_of_the_last_tricks_agree_with_the_reference(game: tuple[Record, GameAnalysis]) -> None:
    record, report = game
    rules = record.rules
    checked = 0
    for hand in report.hands:
        plays = _plays(record, hand.number)
        row = record.replay().sheet[hand.number]
        listed = {(c.trick, c.seat, c.card): c for c in hand.costly}
        for index, state in enumerate(plays):
            turn = state.turn
            assert turn is not None
            if len(state.hand(turn)) > LATE:
                continue
            side = rules.side_of[turn]
            so_far = state.tricks_won[turn]
            best = so_far + side_tricks(state, side)
            if index + 1 < len(plays):
                after = plays[index + 1].tricks_won[turn] + side_tricks(plays[index + 1], side)
            else:
                after = row.tricks[turn]
            card = [a for a in row.actions if type(a) is Card][index]
            key = (sum(state.tricks_won) + 1, turn, card)
            if after < best:
                assert key in listed and (listed[key].best, listed[key].after) == (best, after)
            else:
                assert key not in listed
            checked += 1
    assert checked > 10


def test_lost_nils_of_the_last_tricks_agree_with_the_reference(game: tuple[Record, GameAnalysis]) -> None:  # P-5, T-5
    record, report = game
    assert any(row.bids[0].is_nil for row in record.replay().sheet)
    for hand in report.hands:
        plays = _plays(record, hand.number)
        row = record.replay().sheet[hand.number]
        listed = {(n.trick, n.seat, n.card) for n in hand.nil_losses}
        cards = [a for a in row.actions if type(a) is Card]
        for index, state in enumerate(plays):
            turn = state.turn
            assert turn is not None
            if not row.bids[0].is_nil or turn != 0 or len(state.hand(turn)) > LATE:
                continue
            before = nil_can_be_kept(state, 0)
            if index + 1 < len(plays):
                after = nil_can_be_kept(plays[index + 1], 0)
            else:
                after = row.tricks[0] == 0
            key = (sum(state.tricks_won) + 1, 0, cards[index])
            assert (key in listed) == (before and not after)


def test_the_report_as_text_and_json(game: tuple[Record, GameAnalysis]) -> None:
    _record, report = game
    text = format_analysis(report, symbols=False)
    assert text.count("Hand ") == len(report.hands)
    for hand in report.hands:
        for cost in hand.costly:
            assert f"seat {cost.seat} played {cost.card}, cost {cost.lost} trick" in text
    data = analysis_to_json(report)
    assert json.loads(json.dumps(data)) == data
    assert [len(h["costly"]) for h in data["hands"]] == [len(h.costly) for h in report.hands]


def test_the_analyse_command(tmp_path: Path, capsys: pytest.CaptureFixture[str], game: tuple[Record, GameAnalysis]) -> None:
    record, report = game
    path = tmp_path / "game.txt"
    path.write_text(record.to_text(), encoding="utf-8")
    assert main(["analyse", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "Hand 1" in out and "double dummy" in out and err == ""  # no progress off a terminal
    assert main(["analyse", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == analysis_to_json(report)
    assert main(["analyse", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_analyse_checks_its_arguments() -> None:
    with pytest.raises(ArgumentTypeError):
        analyse("record")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        format_analysis(None)  # type: ignore[arg-type]


class _NoTruth:
    def __bool__(self) -> bool:
        raise RuntimeError("no truth value")


def test_format_analysis_takes_symbols_as_a_bool() -> None:
    # As the other formatters take it: None read as False, "no" as True, and
    # an object whose truth raises escaped with its own error.
    row = SideAnalysis(side=0, seats=(0,), bid=4, double_dummy=6, taken=5)
    costly = CostlyCard(trick=1, seat=0, card=Card.parse("TH"), best=6, after=5)
    report = GameAnalysis(rules=Rules.two_player(), hands=(HandAnalysis(number=0, sides=(row,), costly=(costly,), nil_losses=()),))
    assert "10♥" in format_analysis(report) and "TH" in format_analysis(report, symbols=False)
    for symbols in (None, "no", 1, _NoTruth()):
        with pytest.raises(ArgumentTypeError, match="^symbols is a bool, got "):
            format_analysis(report, symbols=symbols)  # type: ignore[arg-type]


def test_progress_is_reported_card_by_card() -> None:
    record = Record.of_state(_game(5, 1, nil_seat=None))
    seen: list[tuple[int, int]] = []
    analyse(record, lambda done, cards: seen.append((done, cards)))
    assert seen == [(n, 26) for n in range(1, 27)]


def test_the_analysis_values_built_directly_are_checked() -> None:
    from spades.analysis import CostlyCard, HandAnalysis, NilLoss, SideAnalysis
    from spades.errors import ArgumentError

    row = SideAnalysis(side=0, seats=(0, 2), bid=4, double_dummy=6, taken=5)
    card = Card.parse("KH")
    cost = CostlyCard(trick=3, seat=1, card=card, best=6, after=5)
    loss = NilLoss(trick=2, seat=0, card=card, nil_seat=0)
    hand = HandAnalysis(number=0, sides=(row,), costly=(cost,), nil_losses=(loss,))
    GameAnalysis(rules=Rules.partnership(), hands=(hand,))
    bad: list[tuple[type, dict[str, object]]] = [
        (SideAnalysis, dict(side=None, seats=(0, 2), bid=4, double_dummy=6, taken=5)),
        (SideAnalysis, dict(side=4, seats=(0, 2), bid=4, double_dummy=6, taken=5)),
        (SideAnalysis, dict(side=0, seats=None, bid=4, double_dummy=6, taken=5)),
        (SideAnalysis, dict(side=0, seats=(0, 9), bid=4, double_dummy=6, taken=5)),
        (SideAnalysis, dict(side=0, seats=(0, 2), bid=10**5000, double_dummy=6, taken=5)),
        (SideAnalysis, dict(side=0, seats=(0, 2), bid=4, double_dummy=True, taken=5)),
        (CostlyCard, dict(trick=0, seat=1, card=card, best=6, after=5)),
        (CostlyCard, dict(trick=3, seat=2**64, card=card, best=6, after=5)),
        (CostlyCard, dict(trick=3, seat=1, card=51, best=6, after=5)),
        (CostlyCard, dict(trick=3, seat=1, card=card, best="6", after=5)),
        (NilLoss, dict(trick=2, seat=0, card=card, nil_seat=-1)),
        (HandAnalysis, dict(number="x" * 10**6, sides=(), costly=(), nil_losses=())),
        (HandAnalysis, dict(number=0, sides=[row], costly=(), nil_losses=())),
        (HandAnalysis, dict(number=0, sides=(), costly=(loss,), nil_losses=())),
        (GameAnalysis, dict(rules=Rules.partnership(), hands=None)),
        (GameAnalysis, dict(rules=None, hands=(hand,))),
        (GameAnalysis, dict(rules=Rules.two_player(), hands=(HandAnalysis(
            number=0, sides=(SideAnalysis(side=2, seats=(1,), bid=4, double_dummy=6, taken=5),), costly=(), nil_losses=()),))),
    ]
    for kind, fields in bad:
        with pytest.raises(ArgumentError) as caught:
            kind(**fields)
        assert len(str(caught.value)) <= 300, kind
