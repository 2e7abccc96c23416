"""Gaps in the tests of the state's server edge found by the mutation run
of ``spades.state`` (tests/MUTANTS.md): the words and rules of each refusal
that ``parse_action``, ``explain``, ``apply`` and ``turn_error`` give a
client (whose turn, the phase, the text, the rules), what a refusal says
the phase expects, ``is_legal``, ``double_nil_open`` in the draft, a
seeded hand not dealt yet, ``Phase.parse`` and the internal
``worked_out_actions`` and ``action_types_of``."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from spades import (
    Bid,
    Card,
    CardSet,
    Draft,
    Exchange,
    GameState,
    IllegalActionError,
    ParseError,
    Phase,
    Reason,
    Replacement,
    Rules,
    SpadesError,
    Stock,
    new_game,
)
from spades.actions import Action
from spades.state import action_types_of, worked_out_actions

_UNREADABLE = "cannot read 'junk' as an action: expected a card (QH), a bid (4, nil, double nil), keep or reject, or the cards of an exchange (3C 7H 5S, or -); "


def _reach(rules: Rules, phase: Phase, *, seeded: bool, seed: int = 0, double_nil: float = 0.9) -> GameState:
    """The first state in ``phase`` of a random game (Double Nil bid often),
    chance steps drawn from the seed or, unseeded, by the caller's source."""
    for attempt in range(200):
        rng = random.Random(seed + attempt)
        state = new_game(rules, seed=seed + attempt if seeded else None)
        while not state.is_over:
            if state.phase is phase:
                return state
            if state.is_chance:
                state = state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if Bid.DOUBLE_NIL in legal and rng.random() < double_nil:
                state = state.apply(Bid.DOUBLE_NIL)
            else:
                state = state.apply(rng.choice(legal))
    raise AssertionError(f"no {phase.name} state found")


def _end_of_first_hand(seed: int) -> GameState:
    """A seeded partnership game after the last card of its first hand,
    always playing the first legal action: the next hand, not dealt yet
    (the seed deals it when something first reads it)."""
    state = new_game(Rules.partnership(), seed=seed)
    while not state.sheet:
        state = state.apply(state.legal_actions()[0])
    return state


def _refusal(call: Callable[[], object]) -> SpadesError:
    with pytest.raises(SpadesError) as caught:
        call()
    return caught.value


def _illegal(call: Callable[[], object]) -> IllegalActionError:
    error = _refusal(call)
    assert isinstance(error, IllegalActionError), repr(error)
    return error


# -- whose turn ------------------------------------------------------------


def test_a_refusal_out_of_turn_names_the_seat_to_act_and_the_sender() -> None:  # P-3
    state = new_game(Rules.partnership(), seed=3)
    assert state.turn == 1  # P-3: left of the dealer, seat 0
    for call in (lambda: state.parse_action("4", seat=2), lambda: state.apply(Bid(4), seat=2)):
        error = _illegal(call)
        assert error.reason is Reason.NOT_YOUR_TURN and error.rule == "P-3"
        assert error.message == "it is seat 1's turn, not seat 2's"
    error = _illegal(lambda: state.parse_action("4", seat=2))
    explained = state.explain(Bid(4), seat=2)
    assert explained is not None and str(explained) == str(error)


def test_the_game_over_refusal() -> None:  # S-9
    state = new_game(Rules.partnership(losing_floor=-100), seed=1)
    rng = random.Random(1)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    # C-6, C-8: the last hand played all 52 cards, its spades among them.
    assert state.spades_broken and sum(state.tricks_won) == 13
    for seat in (0, 3):
        error = state.turn_error(seat)
        assert error is not None and error.reason is Reason.GAME_OVER and error.rule == "S-9"
        assert str(error) == "the game is over (rule S-9)"
    for sent in (None, 0):
        error = _illegal(lambda: state.parse_action("QH", seat=sent))
        assert str(error) == "the game is over (rule S-9)"
    for action, shown in ((Bid(3), "Bid(3)"), (Card(0), "Card('2C')"), ("QH", "'QH'")):
        error = _illegal(lambda: state.apply(action))  # type: ignore[arg-type]
        assert error.reason is Reason.GAME_OVER and error.rule == "S-9"
        assert error.message == f"the game is over; {shown} cannot be applied"
    # S-9: no chance step after the end either.
    error = _illegal(lambda: state.sample_chance(random.Random(0)))
    assert error.reason is Reason.WRONG_PHASE and error.rule == "S-9"


def test_at_a_chance_step_no_seat_acts() -> None:  # P-2, T-6
    waiting = new_game(Rules.partnership())
    error = waiting.turn_error(0)
    assert error is not None and error.reason is Reason.NOT_YOUR_TURN
    assert str(error) == "no seat is to act: a chance step is pending, not seat 0 (rule P-2)"
    error = _illegal(lambda: waiting.parse_action("4"))
    assert error.reason is Reason.WRONG_PHASE and error.rule == "P-2"
    assert error.message == "no player acts now: the state waits for a chance step (a deal, stock or draw)"
    # T-6: the replacement draw of a two-player Double Nil discard.
    drawing = _reach(Rules.two_player(), Phase.REPLACE, seeded=False)
    error = _illegal(lambda: drawing.parse_action("4"))
    assert error.reason is Reason.WRONG_PHASE and error.rule == "T-6"
    assert error.message == "no player acts now: the state waits for a chance step (a deal, stock or draw)"
    error = _illegal(lambda: drawing.parse_action("4", seat=0))
    assert error.reason is Reason.NOT_YOUR_TURN and error.rule == "T-6"
    assert error.message == "no seat is to act: a chance step is pending, not seat 0"


def test_out_of_turn_in_the_two_player_discard_names_t6() -> None:  # T-6
    state = _reach(Rules.two_player(), Phase.DISCARD, seeded=False)
    assert state.turn is not None
    other = 1 - state.turn
    error = state.turn_error(other)
    assert error is not None and error.reason is Reason.NOT_YOUR_TURN and error.rule == "T-6"
    assert error.message == f"it is seat {state.turn}'s turn, not seat {other}'s"
    assert state.turn_error(state.turn) is None


# -- the phase ---------------------------------------------------------------


def test_what_is_not_an_action_is_refused_naming_the_phase() -> None:
    state = _reach(Rules.partnership(), Phase.PLAY, seeded=True)
    for sent, shown in (("QH", "'QH'"), (None, "None"), (3.5, "3.5")):
        error = state.explain(sent)
        assert error is not None and error.reason is Reason.NOT_AN_ACTION
        assert error.message == f"{shown} is not an action; expected one of PLAY's actions"


def test_an_action_of_another_phase_is_named_by_its_kind() -> None:  # C-5
    state = _reach(Rules.partnership(), Phase.PLAY, seeded=True)
    for action, text in (
        (Bid(3), "Bid 3"),
        (Exchange(CardSet.parse("2C 3C 4C")), "Exchange 2C 3C 4C"),
        (Replacement(CardSet.parse("3H")), "replacement 3H"),  # its text names its kind already
    ):
        error = state.explain(action)
        assert error is not None and error.reason is Reason.WRONG_PHASE and error.rule == "C-5"
        assert error.message == f"{text} cannot be applied in phase PLAY"


def test_a_long_action_of_another_phase_is_quoted_in_80_characters() -> None:  # C-5
    state = _reach(Rules.partnership(), Phase.PLAY, seeded=True)
    stock = Stock(tuple(Card(index) for index in range(52)))
    assert len(str(stock)) > 100 and str(stock).startswith("stock ")
    error = state.explain(stock)
    assert error is not None and error.reason is Reason.WRONG_PHASE
    suffix = " cannot be applied in phase PLAY"
    assert error.message.endswith(suffix)
    quoted = error.message[: -len(suffix)]
    assert len(quoted) == 80 and quoted == str(stock)[:77] + "..."


def test_a_forged_action_is_refused_as_not_an_action() -> None:
    state = new_game(Rules.partnership(), seed=3)
    forged = int.__new__(Card, 99)
    error = state.explain(forged)
    assert error is not None and error.reason is Reason.NOT_AN_ACTION
    assert error.message == "<Card> is not an action: it holds what Card() refuses"


# -- the text and what the phase expects -------------------------------------


def test_the_bidding_names_the_bids_open_to_the_seat() -> None:  # C-3, P-5, P-6, V-2, V-6
    cases: tuple[tuple[Rules, tuple[int, ...], str], ...] = (
        (Rules.partnership(), (), "0..13, nil or double nil"),  # C-3, P-5, P-6
        (Rules.partnership(nil_allowed=False), (), "1..13 or double nil"),  # V-2
        (Rules.partnership(max_side_contract=13), (13, 6), "0, nil or double nil"),  # V-6: the partner bid 13
        (Rules.partnership(min_side_bid=4), (1, 9), "0..13 but not 1, 2, nil or double nil"),  # V-6: a side bids 4
    )
    for rules, before, expects in cases:
        state = new_game(rules, seed=3)
        for tricks in before:
            state = state.apply(Bid(tricks))
        legal = state.legal_actions()
        numbers = sorted(b.tricks for b in legal if isinstance(b, Bid) and not b.double_nil)
        assert (Bid.DOUBLE_NIL in legal) == expects.endswith("double nil")
        assert numbers[0] == int(expects.split(".")[0].split(",")[0])
        error = _refusal(lambda: state.parse_action("junk", seat=state.turn))
        assert type(error) is ParseError
        assert str(error) == _UNREADABLE + "the bidding expects a bid: " + expects
        wrong = _illegal(lambda: state.parse_action("QH"))
        assert wrong.reason is Reason.WRONG_PHASE and wrong.rule == "C-3"
        assert wrong.message == "QH is a card; the bidding expects a bid: " + expects


def test_the_exchange_and_the_discard_name_their_number_of_cards() -> None:  # P-6, T-6, V-3
    for exchange in (3, 2):
        state = _reach(Rules.partnership(double_nil_exchange=exchange), Phase.EXCHANGE, seeded=False)
        expects = f"the Double Nil exchange expects the {exchange} cards to give the partner"
        error = _refusal(lambda: state.parse_action("junk"))
        assert type(error) is ParseError and str(error) == _UNREADABLE + expects
        wrong = _illegal(lambda: state.parse_action("4", seat=state.turn))
        assert wrong.reason is Reason.WRONG_PHASE and wrong.rule == "P-6"
        assert wrong.message == "4 is a bid; " + expects
    for exchange in (3, 2):
        state = _reach(Rules.two_player(double_nil_exchange=exchange), Phase.DISCARD, seeded=False)
        expects = f"the Double Nil discard expects up to {exchange} cards to discard, or -"
        error = _refusal(lambda: state.parse_action("junk"))
        assert type(error) is ParseError and str(error) == _UNREADABLE + expects
        wrong = _illegal(lambda: state.parse_action("4"))
        assert wrong.reason is Reason.WRONG_PHASE and wrong.rule == "T-6"
        assert wrong.message == "4 is a bid; " + expects


def test_the_draft_offers_double_nil_only_at_the_start_of_the_first_turn() -> None:  # T-2, T-6
    state = new_game(Rules.two_player(), seed=5)
    assert Bid.DOUBLE_NIL in state.legal_actions()
    error = _refusal(lambda: state.parse_action("junk"))
    assert str(error) == _UNREADABLE + "the draft expects keep or reject, or double nil at the start of the first turn"
    later = state.apply(Draft.KEEP).apply(Draft.KEEP)
    assert later.phase is Phase.DRAFT and Bid.DOUBLE_NIL not in later.legal_actions()
    error = _refusal(lambda: later.parse_action("junk"))
    assert str(error) == _UNREADABLE + "the draft expects keep or reject"


# -- the rules ---------------------------------------------------------------


def test_is_legal_is_whether_apply_accepts() -> None:  # P-3, C-3
    state = new_game(Rules.partnership(), seed=3)
    assert state.turn == 1
    for bid in state.legal_actions():
        assert state.is_legal(bid) and state.is_legal(bid, seat=1)
        assert not state.is_legal(bid, seat=2)  # P-3: out of turn
    assert not state.is_legal(Bid(14)) and not state.is_legal(Card(0)) and not state.is_legal(None)


def test_an_illegal_lead_names_the_seat_and_the_rule_after_the_first_trick() -> None:  # C-4, V-7
    rules = Rules.partnership(no_spades_first_trick=True)
    for seed in range(200):
        state = new_game(rules, seed=seed)
        while state.phase is not Phase.PLAY:
            state = state.apply(state.legal_actions()[0])
        while not state.is_over and state.phase is Phase.PLAY:
            seat = state.turn
            assert seat is not None
            held = state.hand(seat)
            spades = [card for card in held if card.suit == 3]
            if not state.trick and any(state.tricks_won) and not state.spades_broken and spades and len(spades) < len(held):
                error = state.explain(spades[0])
                assert error is not None and error.reason is Reason.SPADES_NOT_BROKEN and error.rule == "C-4"
                assert error.message == f"cannot lead {spades[0]}: spades are not broken and seat {seat} holds other suits"
                return
            state = state.apply(state.legal_actions()[-1])
    raise AssertionError("no lead of a spade before spades are broken found")


def test_a_card_not_held_names_the_seat() -> None:  # C-5
    state = _reach(Rules.partnership(), Phase.PLAY, seeded=True)
    seat = state.turn
    assert seat is not None
    missing = next(Card(index) for index in range(52) if Card(index) not in state.hand(seat))
    error = state.explain(missing)
    assert error is not None and error.reason is Reason.CARD_NOT_IN_HAND
    assert error.message == f"cannot play {missing}: it is not in seat {seat}'s hand"


def test_double_nil_in_the_draft_follows_the_scores() -> None:  # T-6, V-3
    rules = Rules.two_player(double_nil_trailing_by=100)
    for seed in range(50):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        while not state.sheet:
            state = state.apply(rng.choice([a for a in state.legal_actions() if a != Bid.DOUBLE_NIL]))
        scores = state.scores
        if abs(scores[0] - scores[1]) < 100 or state.is_over:
            continue
        assert state.phase is Phase.DRAFT
        trailing = 0 if scores[0] < scores[1] else 1
        # V-3: only the seat trailing by 100 or more may declare it, at the
        # start of its first draft turn (T-6).
        assert state.double_nil_open(trailing) and not state.double_nil_open(1 - trailing)
        return
    raise AssertionError("no first hand leaving a seat 100 behind")


# -- a seeded hand not dealt yet ---------------------------------------------


def test_a_hand_not_dealt_yet_takes_the_first_bid() -> None:  # P-3, P-8
    seed = 4
    probe = _end_of_first_hand(seed)
    bidder = probe.turn
    assert probe.phase is Phase.BID and bidder == 2  # P-8: seat 1 deals the second hand; P-3: seat 2 bids first
    bid = probe.legal_actions()[0]
    after = _end_of_first_hand(seed).apply(bid)
    assert after.bids[bidder] == bid and after.turn == 3
    after = _end_of_first_hand(seed).apply(bid, seat=bidder)
    assert after.bids[bidder] == bid
    error = _illegal(lambda: _end_of_first_hand(seed).apply(bid, seat=0))
    assert error.reason is Reason.NOT_YOUR_TURN and error.rule == "P-3"
    assert error.message == "it is seat 2's turn, not seat 0's"


def test_worked_out_actions() -> None:  # C-3, C-5
    assert worked_out_actions(None) == () and worked_out_actions("state") == ()
    bidding = new_game(Rules.partnership(), seed=3)
    assert worked_out_actions(bidding) == tuple(bidding.legal_actions())
    state = _end_of_first_hand(4)
    worked: tuple[Action, ...] = worked_out_actions(state)  # dealt by this call
    assert worked and worked == tuple(state.legal_actions())
    exchange = _reach(Rules.partnership(), Phase.EXCHANGE, seeded=False)
    assert worked_out_actions(exchange) == ()


def test_action_types_of_each_phase() -> None:
    assert action_types_of(Phase.BID) == (Bid,)
    assert action_types_of(Phase.PLAY) == (Card,)
    assert action_types_of(Phase.DRAFT) == (Draft, Bid)
    assert action_types_of(Phase.EXCHANGE) == (Exchange,) and action_types_of(Phase.DISCARD) == (Exchange,)
    for phase in (Phase.DEAL, Phase.REPLACE, Phase.GAME_OVER):
        assert action_types_of(phase) == ()


# -- Phase.parse -------------------------------------------------------------


def test_phase_parse_refusals() -> None:
    for sent, shown in ((5, "5"), (None, "None"), (b"BID", "b'BID'")):
        error = _refusal(lambda: Phase.parse(sent))  # type: ignore[arg-type]
        assert type(error) is ParseError and str(error) == f"a phase must be given as text, got {shown}"
    error = _refusal(lambda: Phase.parse("bidding"))
    assert type(error) is ParseError
    assert str(error) == (
        "cannot read 'bidding' as a phase: expected DEAL, DRAFT, DISCARD, REPLACE, BID, EXCHANGE, PLAY or GAME_OVER"
    )
    assert Phase.parse(" game_Over ") is Phase.GAME_OVER
