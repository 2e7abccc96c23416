"""Reading a client's text as an action: ``GameState.parse_action`` and
``spades.actions.read_action``."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from spades import (
    ArgumentError,
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
    Rules,
    SpadesError,
    new_game,
)
from spades.actions import MAX_ACTION_TEXT, read_action

from _games import PRESETS, play, presets, seeds


def _state_in(rules: Rules, phase: Phase, seed: int = 0, *, double_nil: float = 0.5) -> GameState:
    for attempt in range(60):
        for state in play(rules, seed + attempt, seeded=False, double_nil=double_nil):
            if state.phase is phase:
                return state
    raise AssertionError(f"no {phase.name} state found")


@given(presets, seeds)
@settings(max_examples=20, deadline=None)
def test_every_legal_action_reads_back_from_its_text(name: str, seed: int) -> None:  # C-3, C-5, P-6, T-2, T-6
    rules = PRESETS[name]
    rng = random.Random(seed)
    states = [s for s in play(rules, seed, seeded=bool(seed % 2)) if s.turn is not None and not s.is_over]
    for state in rng.sample(states, min(25, len(states))):
        actions = list(state.legal_actions())
        for action in rng.sample(actions, min(40, len(actions))):
            text = str(action)
            assert state.parse_action(text, seat=state.turn) == action, text
            assert state.parse_action(f"  {text.upper()} ") == action


def test_the_common_spellings() -> None:  # C-3, P-6, T-2, T-6
    bidding = new_game(Rules.partnership(), seed=3)
    assert bidding.phase is Phase.BID
    for text, bid in (("3", Bid(3)), ("nil", Bid.NIL), ("Nil", Bid.NIL), ("blind nil", Bid.DOUBLE_NIL),
                      ("dnil", Bid.DOUBLE_NIL), ("DN", Bid.DOUBLE_NIL), ("double nil", Bid.DOUBLE_NIL)):
        assert bidding.parse_action(text) == bid
    state = bidding
    while state.phase is Phase.BID:
        state = state.apply(Bid(3))
    held = state.hand(state.turn)  # type: ignore[arg-type]
    card = next(c for c in state.legal_actions())
    assert isinstance(card, Card)
    suit = "♣♦♥♠"[int(card.suit)]
    rank = str(card)[0]
    for text in (str(card), str(card).lower(), rank + suit, ("10" if rank == "T" else rank) + str(card)[1].lower()):
        assert state.parse_action(text) == card, text
    assert card in held
    draft = new_game(Rules.two_player(), seed=5)
    assert draft.phase is Phase.DRAFT
    assert draft.parse_action("keep") is Draft.KEEP and draft.parse_action(" Reject ") is Draft.REJECT
    assert draft.parse_action("blind nil") == Bid.DOUBLE_NIL  # T-6: at the start of the first turn


def test_a_long_text_of_another_phase_is_quoted_cut_short() -> None:  # C-3
    state = new_game(Rules.partnership(), seed=3)
    cards = " ".join(str(Card(index)) for index in range(26))
    with pytest.raises(IllegalActionError) as caught:
        state.parse_action(cards, seat=1)
    message = str(caught.value)
    assert caught.value.reason is Reason.WRONG_PHASE
    assert message.startswith("2C 3C 4C") and "... is a set of cards; the bidding expects a bid" in message
    assert ".. is" not in message.replace("... is", "")
    with pytest.raises(IllegalActionError, match="^QH is a card; the bidding expects"):
        state.parse_action("QH", seat=1)
    with pytest.raises(ParseError):
        new_game(Rules.two_player(), seed=5).parse_action("\u212aeep", seat=0)  # the Kelvin sign is no K


def test_exchanges_and_discards_read_from_card_lists_and_dash() -> None:  # P-6, T-6
    exchange = _state_in(Rules.partnership(), Phase.EXCHANGE)
    hand = list(exchange.hand(exchange.turn))  # type: ignore[arg-type]
    three = CardSet.from_cards(hand[:3])
    for text in (" ".join(str(c) for c in hand[:3]), ",".join(str(c).lower() for c in reversed(hand[:3]))):
        assert exchange.parse_action(text) == Exchange(three)
    with pytest.raises(IllegalActionError) as info:
        exchange.parse_action("-")
    assert info.value.reason is Reason.WRONG_EXCHANGE_SIZE and info.value.rule == "P-6"
    discard = _state_in(Rules.two_player(), Phase.DISCARD, double_nil=0.9)
    assert discard.parse_action("-") == Exchange(CardSet(0))
    one = next(iter(discard.hand(discard.turn)))  # type: ignore[arg-type]
    assert discard.parse_action(str(one)) == Exchange(CardSet.from_cards([one]))
    assert str(Exchange("-")) == "-" and Exchange("-") == Exchange(CardSet(0))


def test_checks_come_in_order_turn_phase_text_rules() -> None:  # P-3, P-7, C-3, C-5
    state = new_game(Rules.partnership(), seed=3)
    # 1. whose turn: junk from the wrong seat is out of turn, not unreadable.
    for sent in ("QH", "4", "gibberish", "", None, 5):
        with pytest.raises(IllegalActionError) as info:
            state.parse_action(sent, seat=2)
        assert info.value.reason is Reason.NOT_YOUR_TURN and info.value.rule == "P-3"
    # 2. the phase: a card or a draft choice during the bidding.
    for text, kind in (("QH", "a card"), ("keep", "a draft choice"), ("3C 7H 5S", "a set of cards")):
        with pytest.raises(IllegalActionError) as info:
            state.parse_action(text, seat=1)
        assert info.value.reason is Reason.WRONG_PHASE and info.value.rule == "C-3"
        assert kind in str(info.value) and "expects a bid" in str(info.value)
    # 3. the text.
    for junk in ("four", "", "1" * 500, None, b"4", 4, "nil nil"):
        with pytest.raises(ParseError) as parse:
            state.parse_action(junk, seat=1)
        assert "the bidding expects a bid" in str(parse.value) and len(str(parse.value)) < 300
    # 4. the rules.
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("14", seat=1)
    assert info.value.reason is Reason.BID_OUT_OF_RANGE and info.value.rule == "C-3"


def test_an_illegal_card_names_reason_and_rule() -> None:  # C-5
    state = _state_in(Rules.partnership(), Phase.PLAY)
    while not state.trick:
        state = state.apply(state.legal_actions()[0])
    held = state.hand(state.turn)  # type: ignore[arg-type]
    legal = set(state.legal_actions())
    wrong = next((c for c in held if c not in legal), None)
    if wrong is not None:
        with pytest.raises(IllegalActionError) as info:
            state.parse_action(str(wrong), seat=state.turn)
        assert info.value.reason is Reason.MUST_FOLLOW_SUIT and info.value.rule == "C-5"
    missing = next(Card(c) for c in range(52) if c not in held and Card(c) not in state.trick)
    with pytest.raises(IllegalActionError) as info:
        state.parse_action(str(missing), seat=state.turn)
    assert info.value.reason is Reason.CARD_NOT_IN_HAND
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("4", seat=state.turn)
    assert info.value.reason is Reason.WRONG_PHASE and "a bid" in str(info.value)
    assert "expects a card" in str(info.value)


def test_draft_bids_other_than_double_nil_are_in_the_wrong_phase() -> None:  # T-4, T-6
    state = new_game(Rules.two_player(), seed=5)
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("4")
    assert info.value.reason is Reason.WRONG_PHASE and info.value.rule == "T-2"


def test_no_action_at_a_chance_step_or_after_the_game() -> None:  # S-9
    waiting = new_game(Rules.partnership())
    assert waiting.is_chance
    with pytest.raises(IllegalActionError) as info:
        waiting.parse_action("4")
    assert info.value.reason is Reason.WRONG_PHASE
    with pytest.raises(IllegalActionError) as info:
        waiting.parse_action("4", seat=0)
    assert info.value.reason is Reason.NOT_YOUR_TURN
    over = play(Rules.partnership(losing_floor=-100), 1, seeded=True)[-1]
    assert over.is_over
    for seat in (None, 0):
        with pytest.raises(IllegalActionError) as info:
            over.parse_action("QH", seat=seat)
        assert info.value.reason is Reason.GAME_OVER and info.value.rule == "S-9"


def test_a_bad_seat_is_an_argument_error() -> None:
    state = new_game(Rules.partnership(), seed=3)
    for seat in (True, 4, -1, "1", 1.0):
        with pytest.raises(ArgumentError):
            state.parse_action("4", seat=seat)  # type: ignore[arg-type]


@given(presets, seeds, st.one_of(st.text(max_size=30), st.from_regex(r"\A[0-9AKQJTakqjt♠♥♦♣shdc ,.-]{1,12}\Z")))
@example("partnership", 0, "\ud800")
@example("partnership", 0, "x" * (MAX_ACTION_TEXT + 1))
@example("two-player", 0, "10h 10s 10d")
@settings(max_examples=150, deadline=None)
def test_any_text_is_read_or_refused_with_a_spades_error(name: str, seed: int, text: str) -> None:
    rules = PRESETS[name]
    states = play(rules, seed % 50, seeded=True)
    state = states[seed % len(states)]
    try:
        action = state.parse_action(text, seat=state.turn)
    except SpadesError as error:
        assert len(str(error)) < 400
    else:
        assert action in state.legal_actions()
        assert state.parse_action(str(action)) == action


def test_read_action_readings() -> None:
    assert read_action("QH") == {"card": Card.parse("QH"), "exchange": Exchange("QH")}
    assert read_action("3") == {"bid": Bid(3)}
    assert read_action("keep") == {"draft": Draft.KEEP}
    assert read_action(" - ") == {"exchange": Exchange(CardSet(0))}
    for junk in ("", "zz", "nil nil", "x" * (MAX_ACTION_TEXT + 1)):
        with pytest.raises(ParseError):
            read_action(junk)


def test_turn_error_is_the_first_check() -> None:  # P-3, S-9
    state = new_game(Rules.partnership(), seed=3)
    assert state.turn_error(1) is None
    error = state.turn_error(2)
    assert error is not None and error.reason is Reason.NOT_YOUR_TURN and error.rule == "P-3"
    assert error.message == "it is seat 1's turn, not seat 2's" and str(error) == error.message + " (rule P-3)"
    waiting = new_game(Rules.partnership())
    assert waiting.turn_error(0) is not None
    with pytest.raises(ArgumentError):
        state.turn_error(True)
    over = play(Rules.partnership(losing_floor=-100), 1, seeded=True)[-1]
    ended = over.turn_error(0)
    assert ended is not None and ended.reason is Reason.GAME_OVER


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_refusal_of_the_wrong_kind_names_the_rule_of_the_phase(preset: str) -> None:
    # A server answers a move of the wrong kind, sent as a value or as
    # JSON, with the rule of what the phase takes, as parse_action does for
    # text: C-3 (T-4 after the draft) in the bidding, T-2 in the draft, P-6
    # and T-6 in the exchanges, C-5 in the play; a chance step waits for the
    # deal (P-2), the stock (T-2) or a replacement draw (T-6).
    rules = PRESETS[preset]
    draft = rules.is_draft
    expected = {
        Phase.DEAL: "T-2" if draft else "P-2", Phase.DRAFT: "T-2", Phase.BID: "T-4" if draft else "C-3",
        Phase.EXCHANGE: "P-6", Phase.DISCARD: "T-6", Phase.REPLACE: "T-6", Phase.PLAY: "C-5",
    }
    state = new_game(rules)
    others: list[object] = [Bid(3), Card.parse("QH"), Draft.KEEP, Exchange(()), Bid.DOUBLE_NIL]
    rng = random.Random(5)
    seen = set()
    while not state.is_over and len(state.sheet) < 2:
        phase = state.phase
        for action in others:
            error = state.explain(action)
            if error is not None and error.reason is Reason.WRONG_PHASE:
                # A bid during the draft: bidding follows it (T-4).
                bid_in_draft = phase is Phase.DRAFT and type(action) is Bid
                assert error.rule == ("T-4" if bid_in_draft else expected[phase]), (phase, error)
                seen.add(phase)
                if not state.is_chance:
                    with pytest.raises(IllegalActionError) as parsed:
                        state.parse_action(str(action))
                    if parsed.value.reason is Reason.WRONG_PHASE and not bid_in_draft:
                        assert parsed.value.rule == expected[phase]
        state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
    assert {Phase.DEAL, Phase.BID, Phase.PLAY} <= seen


def _named_bids(message: str) -> set[Bid]:
    """The bids a refusal says the bidding expects, read back plainly:
    ``a bid: 0..13, nil or double nil``, ``1..13 but not 4``, ``2``."""
    said = message.split("expects a bid: ", 1)[1].split(" (rule", 1)[0]
    double_nil = said.endswith("double nil")
    said = said.removesuffix("double nil").removesuffix(" or ").removesuffix(", ")
    said = said.removesuffix("nil").removesuffix(" or ").removesuffix(", ")
    span, _, holes = said.partition(" but not ")
    low, _, high = span.partition("..")
    numbers = set(range(int(low), int(high or low) + 1)) - {int(n) for n in holes.split(", ") if n}
    return {Bid(n) for n in numbers} | ({Bid.DOUBLE_NIL} if double_nil else set())


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_refusal_in_the_bidding_names_the_bids_this_seat_may_make(name: str) -> None:  # C-3, P-6, T-6, V-2, V-3, V-6, V-10
    """WRONG_PHASE and the ParseError of the bidding name what the phase
    expects of this seat: exactly its legal bids (a 17-card hand's 17 under
    V-10; no Double Nil where the rules or the scores close it; the bids
    the rules leave out), and in the draft Double Nil only where it may
    still be declared (T-6)."""
    rules = PRESETS[name].replace(bids_may_not_total_tricks=True)
    checked = 0
    for seed in range(4):
        for state in play(rules, seed, seeded=True, limit=400):
            if state.is_chance or state.is_over or state.phase not in (Phase.BID, Phase.DRAFT):
                continue
            seat = state.turn
            assert seat is not None
            legal = set(state.legal_actions())
            for text in ("QH", "zzz"):
                with pytest.raises((IllegalActionError, ParseError)) as info:
                    state.parse_action(text, seat=seat)
                message = str(info.value)
                if state.phase is Phase.BID:
                    assert _named_bids(message) == legal, (message, legal)
                else:
                    expects = message.split("the draft expects ", 1)[1]
                    assert ("double nil" in expects) == (Bid.DOUBLE_NIL in legal), message
                checked += 1
    assert checked > 20
