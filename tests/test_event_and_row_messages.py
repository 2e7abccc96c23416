"""The exact words of the refusals of spades.events and spades.sheet: what
was wrong, the value quoted short, and the rule where one applies.  A
client shows these messages to a person, so each is checked whole (found
wanting by mutation testing, tests/MUTANTS.md)."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from spades import (ArgumentError, ArgumentTypeError, Bid, Card, CardSet, Draft, HandScore, Phase, Rules, SpadesError,
                    StateError, new_game, seat_view)
from spades.events import (BidMade, CardPlayed, Discarded, Drafted, Event, Exchanged, GameOver, HandScored,
                           HandStarted, Replaced, TrickWon, Turn, advance, events)
from spades.sheet import HandSummary, PlayedTrick, check_summary
from spades.view import SeatView, hand_summary

from _games import play

P = Rules.partnership()
TWO = Rules.two_player()
QH, C2 = Card.parse("QH"), Card.parse("2C")


def _refused(call: Callable[[], object], kind: type[SpadesError], message: str) -> None:
    with pytest.raises(kind) as caught:
        call()
    assert type(caught.value) is kind
    assert str(caught.value) == message


# --- events: the values of an event ----------------------------------------------

@pytest.mark.parametrize(("make", "kind", "message"), [
    (lambda: CardPlayed(seat="1", card=QH), ArgumentTypeError, "CardPlayed.seat: expected int, got '1'"),  # type: ignore[arg-type]
    (lambda: CardPlayed(seat=True, card=QH), ArgumentTypeError, "CardPlayed.seat: expected int, got True"),
    (lambda: CardPlayed(seat=1, card=40), ArgumentTypeError, "CardPlayed.card: expected Card, got 40"),  # type: ignore[arg-type]
    (lambda: Exchanged(giver=0, receiver=2, count=3, cards=[QH]), ArgumentTypeError,  # type: ignore[arg-type]
     "Exchanged.cards: expected CardSet, got [Card('QH')]"),
    (lambda: Turn(phase="PLAY", seat=1), ArgumentTypeError, "Turn.phase: expected Phase, got 'PLAY'"),  # type: ignore[arg-type]
    (lambda: HandStarted(number=10**9 + 1, dealer=0), ArgumentError, "HandStarted.number: 1000000001 is out of range"),
    (lambda: TrickWon(seat=-1), ArgumentError, "TrickWon.seat: -1 is out of range"),
])
def test_an_events_fields(make: Callable[[], object], kind: type[SpadesError], message: str) -> None:
    _refused(make, kind, message)


# --- events between two states ----------------------------------------------------

def test_events_arguments() -> None:
    state = new_game(P, seed=1)
    later = state.apply(Bid(3))
    _refused(lambda: events(3, state, 0), ArgumentTypeError, "events needs two GameState values, got int")  # type: ignore[arg-type]
    _refused(lambda: events(state, None, 0), ArgumentTypeError, "events needs two GameState values, got NoneType")  # type: ignore[arg-type]
    _refused(lambda: events(state, later, 0, sealed=1), ArgumentTypeError, "sealed is a bool, got 1")  # type: ignore[arg-type]
    _refused(lambda: events(state, new_game(P, seed=2), 0), ArgumentError, "the two states are not of the same game")
    _refused(lambda: events(state, new_game(TWO, seed=1), 0), ArgumentError, "the two states are not of the same game")
    _refused(lambda: events(later, state, 0), ArgumentError, "the later state does not follow from the earlier one")
    _refused(lambda: events(state, later, 4), ArgumentError, "no seat 4: the seats are 0..3")


# --- advance: events that do not fit the view -------------------------------------

_FIT = "the events do not fit the view: "


def test_advance_arguments() -> None:
    view = seat_view(new_game(P, seed=1), 0)
    _refused(lambda: advance(view.hand, []), ArgumentTypeError, "advance needs a SeatView, got CardSet")  # type: ignore[arg-type]
    _refused(lambda: advance(view, [], sealed=0), ArgumentTypeError, "sealed is a bool, got 0")  # type: ignore[arg-type]
    _refused(lambda: advance(view, [1]), ArgumentTypeError, "not an event: int")  # type: ignore[list-item]
    _refused(lambda: advance(view, [CardPlayed(seat=7, card=QH)]), StateError, "an event names no seat 7: the seats are 0..3")


@pytest.mark.parametrize(("event", "message"), [
    # P-1, P-3: seat 1 (left of the dealer, seat 0) is to bid.
    (BidMade(seat=2, bid=Bid(3)), "seat 2 bids in the bid phase, where seat 1 is to act (P-3)"),
    (Drafted(seat=1, kept=None, discarded=None), "seat 1 drafts in the bid phase, where seat 1 is to act (T-3)"),
    (Exchanged(giver=0, receiver=2, count=3, cards=None), "seat 0 gives cards in the bid phase, where seat 1 is to act (P-6)"),
    (Discarded(seat=3, count=0, cards=None), "seat 3 discards in the bid phase, where seat 1 is to act (T-6)"),
    (CardPlayed(seat=1, card=QH), "seat 1 plays in the bid phase, where seat 1 is to act (P-7)"),
])
def test_an_event_by_a_seat_or_in_a_phase_not_to_act(event: Event, message: str) -> None:  # P-3, P-6, P-7, T-3, T-6
    view = seat_view(new_game(P, seed=1), 0)
    assert (view.phase, view.turn) == (Phase.BID, 1)
    _refused(lambda: advance(view, [event]), StateError, _FIT + message)


def test_an_event_at_a_chance_step_names_no_seat_to_act() -> None:  # P-2, P-7
    view = seat_view(new_game(P), 2)  # unseeded: the deal is still to come
    assert view.turn is None
    _refused(lambda: advance(view, [CardPlayed(seat=0, card=QH)]), StateError,
             _FIT + "seat 0 plays in the deal phase, where no seat is to act (P-7)")


def test_a_second_bid_of_a_seat_in_one_hand() -> None:  # C-3
    view = seat_view(new_game(P, seed=1), 0)
    _refused(lambda: advance(view, [BidMade(seat=1, bid=Bid(3)), BidMade(seat=1, bid=Bid(4))]), StateError,
             _FIT + "seat 1 has bid already this hand (C-3)")


def test_the_cards_a_seat_must_see() -> None:  # P-6, T-2, T-6
    view = seat_view(new_game(P, seed=1), 0)
    _refused(lambda: advance(view, [Replaced(seat=0, count=1, cards=None)]), StateError,
             "an exchange the seat took part in shows its cards (P-6, T-6)")
    draft = seat_view(new_game(TWO, seed=1), 0)
    assert (draft.phase, draft.turn) == (Phase.DRAFT, 0)
    _refused(lambda: advance(draft, [Drafted(seat=0, kept=draft.top_of_stock, discarded=None)]), StateError,
             "the seat's own draft turn shows both its cards (T-2)")


def test_tricks_and_cards_the_view_cannot_hold() -> None:  # C-7
    view = seat_view(new_game(P, seed=1), 0)
    _refused(lambda: advance(view, [TrickWon(seat=1)]), StateError, "a trick was won before any card was played (C-7)")
    draft = seat_view(new_game(TWO, seed=1), 0)  # no card held yet
    _refused(lambda: advance(draft, [Turn(phase=Phase.PLAY, seat=1), CardPlayed(seat=1, card=QH)]), StateError,
             "the events take more cards from a hand than it holds")
    _refused(lambda: advance(view, [Turn(phase=Phase.BID, seat=3)]), StateError,
             _FIT + "turn differs from the game they describe")


def _hand_end() -> tuple[Any, Any, list[Event]]:
    states = play(P, 0, seeded=True)
    end = next(i for i in range(1, len(states)) if states[i].hand_number == 1)
    before, after = states[end - 1], states[end]
    return before, after, list(events(before, after, 0))


def test_a_hand_scored_or_started_otherwise_than_the_game() -> None:  # C-2, P-8
    before, after, happened = _hand_end()
    view = seat_view(before, 0)
    assert advance(view, happened) == seat_view(after, 0)
    scored = next(i for i, e in enumerate(happened) if isinstance(e, HandScored))
    started = next(i for i, e in enumerate(happened) if isinstance(e, HandStarted))
    row = happened[scored]
    assert isinstance(row, HandScored)
    won = row.summary.tricks_won
    other = attrs.evolve(row.summary, tricks_won=won[1:] + won[:1])  # the same tricks, credited to other seats
    assert other.tricks_won != won
    _refused(lambda: advance(view, happened[:scored] + [HandScored(summary=other)] + happened[scored + 1:]), StateError,
             _FIT + "the scored hands differ from the game they describe")
    for dealer, message in ((3, "dealer differs from the game they describe"), (9, "dealer: 9 is not in 0..3")):
        forged = happened[:started] + [HandStarted(number=1, dealer=dealer)] + happened[started + 1:]
        _refused(lambda: advance(view, forged), StateError, _FIT + message)


def test_the_end_of_the_game_told_or_not() -> None:  # S-9
    states = play(Rules.partnership(target=100, losing_floor=-100), 0, seeded=True)
    before, last = states[-2], states[-1]
    assert last.is_over and last.winner is not None
    won = last.winner
    happened = list(events(before, last, 0))
    view = seat_view(before, 0)
    assert advance(view, happened) == seat_view(last, 0)
    untold = [e for e in happened if not isinstance(e, GameOver)]
    _refused(lambda: advance(view, untold), StateError,
             _FIT + f"they tell no end of the game, but the game they describe gives side {won} the winner (S-9)")
    wrong = [GameOver(winner=1 - won) if isinstance(e, GameOver) else e for e in happened]
    _refused(lambda: advance(view, wrong), StateError,
             _FIT + f"they tell the game won by side {1 - won}, but the game they describe gives side {won} the winner (S-9)")
    _refused(lambda: advance(view, happened + [CardPlayed(seat=0, card=C2)]), StateError,
             _FIT + "CardPlayed after the game's end (S-9)")
    _refused(lambda: advance(seat_view(last, 0), [TrickWon(seat=0)]), StateError,
             _FIT + "the game is over, and nothing follows its end (S-9), not TrickWon")
    before, _, going_on = _hand_end()
    early = going_on + [GameOver(winner=0)]
    _refused(lambda: advance(seat_view(before, 0), early), StateError,
             _FIT + "they tell the game won by side 0, but the game they describe gives no end (S-9)")


# --- sheet: the fields of a trick, a row and a view --------------------------------

def _summary(**changes: Any) -> HandSummary:
    row = hand_summary(P, play(P, 0, seeded=True)[-1].sheet[0])
    fields: dict[str, Any] = dict(number=row.number, dealer=row.dealer, bids=row.bids, tricks_won=row.tricks_won,
                                  tricks=row.tricks, result=row.result)
    fields.update(changes)
    return HandSummary(**fields)


@pytest.mark.parametrize(("make", "kind", "message"), [
    (lambda: PlayedTrick(leader="0", cards=(), winner=-1), ArgumentTypeError, "leader: expected an int, got '0'"),  # type: ignore[arg-type]
    (lambda: PlayedTrick(leader=False, cards=(), winner=-1), ArgumentTypeError, "leader: expected an int, got False"),
    (lambda: PlayedTrick(leader=4, cards=(), winner=-1), ArgumentError, "leader: 4 is not in 0..3"),
    (lambda: PlayedTrick(leader=0, cards=[C2], winner=-1), ArgumentTypeError, "cards: expected a tuple, got [Card('2C')]"),  # type: ignore[arg-type]
    (lambda: PlayedTrick(leader=0, cards=(C2,) * 5, winner=-1), ArgumentError, "cards: expected at most 4 entries, got 5"),
    (lambda: PlayedTrick(leader=0, cards=(0,), winner=-1), ArgumentTypeError, "cards: expected entries of type Card, got 0"),  # type: ignore[arg-type]
    (lambda: PlayedTrick(leader=0, cards=(), winner=-2), ArgumentError, "winner: -2 is not in -1..3"),
    (lambda: PlayedTrick(leader=0, cards=(), winner=None), ArgumentTypeError, "winner: expected an int, got None"),  # type: ignore[arg-type]
    (lambda: _summary(number=-1), ArgumentError, "number: -1 is not in 0..1000000000"),
    (lambda: _summary(number=1.0), ArgumentTypeError, "number: expected an int, got 1.0"),
    (lambda: _summary(dealer=4), ArgumentError, "dealer: 4 is not in 0..3"),
    (lambda: _summary(dealer="0"), ArgumentTypeError, "dealer: expected an int, got '0'"),
    (lambda: _summary(bids=(1, 2, 3, 4)), ArgumentTypeError, "bids: expected entries of type Bid, got 1"),
    (lambda: _summary(bids=(Bid(1),) * 5), ArgumentError, "bids: expected at most 4 entries, got 5"),
    (lambda: _summary(bids=None), ArgumentTypeError, "bids: expected a tuple, got None"),
    (lambda: _summary(tricks_won=(18, 0, 0, 0)), ArgumentError, "tricks_won: 18 is not in 0..17"),
    (lambda: _summary(tricks_won=(True, 0, 0, 0)), ArgumentTypeError, "tricks_won: expected entries of type int, got True"),
    (lambda: _summary(tricks_won=(0,) * 5), ArgumentError, "tricks_won: expected at most 4 entries, got 5"),
    (lambda: _summary(tricks_won=[0] * 4), ArgumentTypeError, "tricks_won: expected a tuple, got [0, 0, 0, 0]"),
    (lambda: _summary(tricks=(None,)), ArgumentTypeError, "tricks: expected entries of type PlayedTrick, got None"),
    (lambda: _summary(tricks=(PlayedTrick(leader=0, cards=(), winner=-1),) * 18), ArgumentError,
     "tricks: expected at most 17 entries, got 18"),
    (lambda: _summary(tricks=[]), ArgumentTypeError, "tricks: expected a tuple, got []"),
    (lambda: _summary(result=None), ArgumentTypeError, "result: expected a HandScore, got None"),
    (lambda: _summary(result=(0, 0)), ArgumentTypeError, "result: expected a HandScore, got (0, 0)"),
])
def test_a_trick_and_a_row_fields(make: Callable[[], object], kind: type[SpadesError], message: str) -> None:  # P-1, C-7, C-8
    _refused(make, kind, message)


def test_a_views_bids_are_one_per_seat_a_bid_or_none() -> None:  # C-3, P-1
    view = seat_view(new_game(P, seed=1), 0)
    _refused(lambda: attrs.evolve(view, bids=(None,) * 3), ArgumentError, "bids: expected 4 entries, got 3")
    _refused(lambda: attrs.evolve(view, bids=(None, 3, None, None)), ArgumentTypeError,  # type: ignore[arg-type]
             "bids: expected entries of type Bid or NoneType, got 3")
    assert attrs.evolve(view, bids=(None,) * 4) == view


def test_a_score_sheet_row_that_is_not_one() -> None:  # P-1, T-1, V-10
    row = play(P, 0, seeded=True)[-1].sheet[0]
    _refused(lambda: hand_summary(P, "row"), ArgumentTypeError, "a score-sheet row is a HandRecord, got str")  # type: ignore[arg-type]
    # Made directly, a record checks its fields (C-8, V-10).
    _refused(lambda: attrs.evolve(row, bids=3), ArgumentTypeError, "bids: expected a tuple, got 3")  # type: ignore[arg-type]
    _refused(lambda: attrs.evolve(row, result=HandScore), ArgumentTypeError,  # type: ignore[arg-type]
             "result: expected a HandScore, got <class 'spades.scoring.HandScore'>")
    _refused(lambda: attrs.evolve(row, bids=row.bids[:3]), ArgumentError,
             "a record holds a hand, a bid and a trick count per seat, got 4 hands, 3 bids and 4 trick counts")
    _refused(lambda: attrs.evolve(row, dealer=4), ArgumentError, "dealer: 4 is not in 0..3")
    # Forged around its constructor, it is still refused by what reads it.
    for name, value in (("bids", 3), ("result", HandScore)):
        forged = attrs.evolve(row)
        object.__setattr__(forged, name, value)
        _refused(lambda: hand_summary(P, forged), ArgumentError,
                 "the record's fields are not a hand's (its bids, tricks, hands, result and actions)")
    mixed = attrs.evolve(row)
    object.__setattr__(mixed, "bids", row.bids[:3])
    _refused(lambda: hand_summary(P, mixed), ArgumentError,
             "the record is of a hand of 3, 4 seats and 2 sides, not of these rules' 4 seats and 2 sides (P-1, T-1, V-10)")
    _refused(lambda: hand_summary(TWO, row), ArgumentError,
             "the record is of a hand of 4 seats and 2 sides, not of these rules' 2 seats and 2 sides (P-1, T-1, V-10)")
    two_row = play(TWO, 0, seeded=True)[-1].sheet[0]
    assert re.fullmatch(r"the record's dealer is not a seat of these rules \(P-1, T-1, V-10\): 3",
                        _message(lambda: hand_summary(TWO, attrs.evolve(two_row, dealer=3))))


def test_a_row_drafted_under_rules_that_deal_and_the_other_way() -> None:  # P-2, T-2
    dealt = play(P, 0, seeded=True)[-1].sheet[0]
    drafted = play(TWO, 0, seeded=True)[-1].sheet[0]
    draft = next(a for a in drafted.actions if type(a) is Draft)
    _refused(lambda: hand_summary(P, attrs.evolve(dealt, actions=dealt.actions + (draft,))), ArgumentError,
             "the record's hand was drafted, and these rules deal (P-2)")
    two_dealt = attrs.evolve(drafted, actions=tuple(a for a in drafted.actions if type(a) is not Draft))
    _refused(lambda: hand_summary(TWO, two_dealt), ArgumentError, "the record's hand was dealt, and these rules draft (T-2)")


def _message(call: Callable[[], object]) -> str:
    with pytest.raises(SpadesError) as caught:
        call()
    return str(caught.value)


def test_a_view_made_by_hand_keeps_the_sheets_checks() -> None:  # P-1
    view = seat_view(new_game(P, seed=1), 0)
    assert isinstance(view, SeatView)
    _refused(lambda: attrs.evolve(view, hand=CardSet.from_cards([QH]), dealer=True), ArgumentTypeError,
             "dealer: expected an int, got True")


# --- a HandRecord made directly: each refusal names its field ---------------------

@pytest.mark.parametrize(("fields", "kind", "message"), [
    ({"number": "x"}, ArgumentTypeError, "number: expected an int, got 'x'"),
    ({"hands": "junk"}, ArgumentTypeError, "hands: expected a tuple, got 'junk'"),
    ({"tricks": [2, 4, 4, 3]}, ArgumentTypeError, "tricks: expected a tuple, got [2, 4, 4, 3]"),
    ({"tricks": (18, 0, 0, 0)}, ArgumentError, "tricks: 18 is not in 0..17"),  # C-8, V-10: at most 17 tricks a seat
    ({"actions": "junk"}, ArgumentTypeError, "actions: expected a tuple, got 'junk'"),
])
def test_a_record_made_directly_names_the_field_it_refuses(fields: dict[str, Any], kind: type[SpadesError], message: str) -> None:
    row = play(P, 0, seeded=True)[-1].sheet[0]
    _refused(lambda: attrs.evolve(row, **fields), kind, message)


def test_a_record_of_five_seats_is_refused_at_its_first_field_too_long() -> None:  # P-1, T-1, V-10: 2 to 4 seats
    row = play(P, 0, seeded=True)[-1].sheet[0]
    hands, bids, tricks = row.hands + row.hands[:1], row.bids + row.bids[:1], row.tricks + (0,)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"hands": hands, "bids": bids, "tricks": tricks}, "hands: expected at most 4 entries, got 5"),
        ({"bids": bids, "tricks": tricks}, "bids: expected at most 4 entries, got 5"),
        ({"tricks": tricks}, "tricks: expected at most 4 entries, got 5"),
    ]
    for fields, message in cases:
        _refused(lambda: attrs.evolve(row, **fields), ArgumentError, message)


def test_a_record_may_hold_a_seat_that_took_no_trick() -> None:  # C-8, P-5: a made Nil takes none
    row = play(P, 0, seeded=True)[-1].sheet[0]
    assert attrs.evolve(row, tricks=(0, 13, 0, 0)).tricks == (0, 13, 0, 0)


def test_a_row_with_a_trick_of_a_seat_the_rules_lack_names_c7() -> None:  # C-7, T-1
    summary = hand_summary(TWO, play(TWO, 0, seeded=True)[-1].sheet[0])
    bad = attrs.evolve(summary, tricks=(PlayedTrick(leader=3, cards=(), winner=-1),))
    _refused(lambda: check_summary(bad, TWO), ArgumentError,
             "the row holds a trick of seats or of more cards than these rules' (C-7)")
