"""Bidding: one round, 0..13, Nil and Double Nil (C-3, P-3..P-6, T-4)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from spades import (
    Action,
    Bid,
    Card,
    Deal,
    Draft,
    IllegalActionError,
    ParseError,
    Phase,
    Reason,
    Rules,
    bid_error,
    double_nil_forced,
    double_nil_open,
    legal_bids,
    new_game,
    seat_view,
)
from spades.bots import play_game, simple_bot
from spades.view import SeatView

from spades import bidding
from spades.bidding import bid_limits, first_bidder, legal_bids_of, next_bidder
from spades.errors import ArgumentError, ArgumentTypeError

from strategies import forged_bid, rules_strategy

PARTNERSHIP = Rules.partnership()
NONE4: list[Bid | None] = [None, None, None, None]
ROUND_ROBIN = Deal(("J73.Q84.K95.AT62", "Q84.K95.AT62.J73", "K95.AT62.J73.Q84", "AT62.J73.Q84.K95"))


# -- Bid values -------------------------------------------------------------


def test_bid_values_and_text() -> None:  # C-3, P-5, P-6
    assert Bid.NIL == Bid(0) and Bid.NIL.is_nil and not Bid.NIL.double_nil
    assert Bid.DOUBLE_NIL == Bid(0, double_nil=True) and Bid.DOUBLE_NIL.is_nil
    assert Bid.DOUBLE_NIL != Bid.NIL
    assert str(Bid(4)) == "4" and str(Bid.NIL) == "nil" and str(Bid.DOUBLE_NIL) == "double nil"
    assert not Bid(4).is_nil


@pytest.mark.parametrize(
    ("text", "bid"),
    [
        ("4", Bid(4)),
        ("13", Bid(13)),
        ("0", Bid.NIL),
        ("nil", Bid.NIL),
        ("Nil", Bid.NIL),
        ("n", Bid.NIL),
        ("double nil", Bid.DOUBLE_NIL),
        ("Double-Nil", Bid.DOUBLE_NIL),
        ("dn", Bid.DOUBLE_NIL),
        ("blind nil", Bid.DOUBLE_NIL),  # P-6: also called Blind Nil
        ("bn", Bid.DOUBLE_NIL),
    ],
)
def test_bid_parse(text: str, bid: Bid) -> None:
    assert Bid.parse(text) == bid


@pytest.mark.parametrize("text", ["", "pass", "-1", "+1", "1.5", "100", "x", "²", "nill"])
def test_bid_parse_refuses_bad_text(text: str) -> None:  # C-3: no pass
    with pytest.raises(ParseError) as caught:
        Bid.parse(text)
    assert repr(text) in str(caught.value)


def test_bid_parse_refuses_non_text() -> None:
    with pytest.raises(ParseError):
        Bid.parse(4)  # type: ignore[arg-type]


# -- C-3: 0..13, one round, no pass, need not be higher -------------------------


@pytest.mark.parametrize("tricks", range(14))
def test_every_bid_from_0_to_13_is_legal(tricks: int) -> None:  # C-3
    assert bid_error(Bid(tricks), seat=1, bids=NONE4, rules=PARTNERSHIP) is None


@pytest.mark.parametrize("tricks", [-1, 14, 15, 99, 100])
def test_bids_outside_0_to_13_are_refused(tricks: int) -> None:  # C-3
    # Bid(-1) and Bid(100) cannot be built; the rule functions refuse them too.
    bid = Bid(tricks) if 0 <= tricks <= 99 else forged_bid(tricks)
    error = bid_error(bid, seat=1, bids=NONE4, rules=PARTNERSHIP)
    assert error is not None
    assert error.reason is Reason.BID_OUT_OF_RANGE and error.rule == "C-3"
    assert str(tricks) in str(error)


@pytest.mark.parametrize("value", [None, 3, "3", Card.parse("AS")])
def test_not_a_bid(value: object) -> None:  # C-3: no pass
    error = bid_error(value, seat=1, bids=NONE4, rules=PARTNERSHIP)
    assert error is not None and error.reason is Reason.NOT_AN_ACTION


def test_bid_need_not_be_higher_than_the_one_before() -> None:  # C-3
    bids: list[Bid | None] = [None, Bid(7), Bid(5), None]
    assert bid_error(Bid(1), seat=3, bids=bids, rules=PARTNERSHIP) is None
    assert bid_error(Bid.NIL, seat=3, bids=bids, rules=PARTNERSHIP) is None


def test_legal_bids_order() -> None:  # C-3, P-6
    bids = legal_bids(seat=1, bids=NONE4, rules=PARTNERSHIP)
    assert bids == tuple(Bid(t) for t in range(14)) + (Bid.DOUBLE_NIL,)
    no_dn = legal_bids(seat=1, bids=NONE4, rules=PARTNERSHIP.replace(double_nil_allowed=False))
    assert no_dn == tuple(Bid(t) for t in range(14))


def test_state_lists_every_bid_and_no_pass() -> None:  # C-3
    state = new_game(PARTNERSHIP, seed=3)
    assert state.phase is Phase.BID
    assert state.legal_actions() == tuple(Bid(t) for t in range(14)) + (Bid.DOUBLE_NIL,)
    for bid in (Bid(14), Bid(99)):  # Bid(-1) cannot be built
        with pytest.raises(IllegalActionError) as caught:
            state.apply(bid)
        assert caught.value.reason is Reason.BID_OUT_OF_RANGE and caught.value.rule == "C-3"


def test_one_round_of_bidding_then_play() -> None:  # C-3
    state = new_game(PARTNERSHIP).apply(ROUND_ROBIN)
    for bid in (Bid(3), Bid(4), Bid(2), Bid(3)):
        assert state.phase is Phase.BID
        state = state.apply(bid)
    assert state.phase is Phase.PLAY  # no second round
    error = state.explain(Bid(5))
    assert error is not None and error.reason is Reason.WRONG_PHASE


# -- P-3: the player left of the dealer bids first, clockwise ---------------------


@pytest.mark.parametrize("dealer", range(4))
def test_bidding_starts_left_of_dealer_and_goes_clockwise(dealer: int) -> None:  # P-3
    state = new_game(Rules.partnership(first_dealer=dealer)).apply(ROUND_ROBIN)
    order = []
    while state.phase is Phase.BID:
        assert state.turn is not None
        order.append(state.turn)
        state = state.apply(Bid(3))
    assert order == [(dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4, dealer]
    assert state.bids == (Bid(3),) * 4


def test_bid_out_of_turn_is_refused() -> None:  # P-3
    state = new_game(PARTNERSHIP).apply(ROUND_ROBIN)
    for seat in (0, 2, 3):
        error = state.explain(Bid(3), seat=seat)
        assert error is not None and error.reason is Reason.NOT_YOUR_TURN and error.rule == "P-3"
    assert state.explain(Bid(3), seat=1) is None


# -- P-5: Nil; the partner still bids ---------------------------------------------


def test_nil_is_a_legal_bid_and_the_partner_still_bids() -> None:  # P-5
    # Seed 000: Alex (seat 1 here, left of dealer 0) bids 4 and his partner
    # Charlie (seat 3) bids Nil; Charlie must still get a turn to bid, and
    # vice versa: a Nil bid does not make the partner's bid for them.
    state = new_game(PARTNERSHIP).apply(ROUND_ROBIN)
    state = state.apply(Bid(4))  # Alex
    state = state.apply(Bid(3))  # Beth
    assert state.turn == 3
    assert Bid.NIL in state.legal_actions()
    state = state.apply(Bid.NIL)  # Charlie
    assert state.turn == 0 and state.phase is Phase.BID  # David still bids
    state = state.apply(Bid(2))
    assert state.bids == (Bid(2), Bid(4), Bid(3), Bid.NIL)


def test_both_partners_may_bid_nil() -> None:  # P-5
    state = new_game(PARTNERSHIP).apply(ROUND_ROBIN)
    for bid in (Bid.NIL, Bid(4), Bid.NIL, Bid(5)):
        state = state.apply(bid)
    assert state.phase is Phase.PLAY
    assert state.bids == (Bid(5), Bid.NIL, Bid(4), Bid.NIL)


# -- P-6: Double Nil at the player's own turn -------------------------------------


def test_double_nil_is_a_bid_at_the_players_own_turn() -> None:  # P-6
    state = new_game(PARTNERSHIP).apply(ROUND_ROBIN)
    assert state.double_nil_open(1)  # asked before the cards are shown
    assert state.double_nil_open(2)  # still open to a seat that has not bid
    assert Bid.DOUBLE_NIL in state.legal_actions()
    state = state.apply(Bid.DOUBLE_NIL)
    assert state.bids[1] == Bid.DOUBLE_NIL
    assert not state.double_nil_open(1)  # already bid
    assert state.double_nil_open(2)
    assert Bid.DOUBLE_NIL in state.legal_actions()  # the next seat may bid it too


def test_double_nil_open_at_the_seats_turn_is_whether_its_legal_bids_hold_it() -> None:  # P-6, V-6
    # The bids before the last may close Double Nil to it (a total of 13 is
    # barred): it was said to be open, so a sealed view asked the question
    # and a player answering Double Nil was refused (IllegalActionError).
    rules = Rules(bids_may_not_total_tricks=True)
    state = new_game(rules).apply(ROUND_ROBIN)
    for bid in (Bid(4), Bid(5), Bid(4)):
        assert state.double_nil_open(0)  # not its turn yet: the rules leave it open
        state = state.apply(bid)
    assert state.turn == 0 and Bid.DOUBLE_NIL not in state.legal_actions()
    assert not state.double_nil_open(0)
    view = seat_view(state, 0, sealed=True)
    assert not view.double_nil_open and not view.sealed and len(view.hand) == 13
    assert Bid.DOUBLE_NIL in new_game(rules).apply(ROUND_ROBIN).legal_actions()  # open when the total allows it

    def trap(view: SeatView, rng: random.Random) -> Action:
        # 4, 5, 4, then Double Nil if the last bidder is asked it blind.
        made = [bid for bid in view.bids if bid is not None]
        if view.phase is Phase.BID and view.sealed:
            return Bid.DOUBLE_NIL if len(made) == 3 else Bid(4)  # anything else: it looks at its cards
        if view.phase is Phase.BID and len(made) < 3:
            return Bid((4, 5, 4)[len(made)])
        return simple_bot(view, rng)

    final = play_game(rules, [trap] * 4, seed=3, sealed=True, hands=1)
    assert sum(bid.tricks for bid in final.sheet[0].bids) != 13 and Bid.DOUBLE_NIL not in final.sheet[0].bids


def test_double_nil_forced_when_the_rules_leave_no_other_bid() -> None:  # P-6, V-6
    rules = Rules(nil_allowed=False, max_side_contract=6)
    state = new_game(rules, seed=0)
    assert state.turn == 1 and not double_nil_forced(state.legal_actions())
    state = state.apply(Bid(6)).apply(Bid(3))
    assert state.legal_actions() == (Bid.DOUBLE_NIL,) and double_nil_forced(state.legal_actions())
    assert double_nil_forced([Bid.DOUBLE_NIL]) and double_nil_forced((Bid(0, double_nil=True),))
    for legal in ((), (Bid.NIL,), (Bid(1),), (Bid.DOUBLE_NIL, Bid(1)), (Bid(1), Bid.DOUBLE_NIL), (Draft.KEEP,),
                  [Bid.DOUBLE_NIL, Bid.DOUBLE_NIL], ("double nil",), (None,)):
        assert not double_nil_forced(legal), legal
    for junk in (None, 3, "double nil", b"dn", {Bid.DOUBLE_NIL}, iter([Bid.DOUBLE_NIL])):
        with pytest.raises(ArgumentTypeError, match=r"^the legal actions are a sequence of actions, got "):
            double_nil_forced(junk)  # type: ignore[arg-type]

    class Broken(list[Bid]):
        def __iter__(self) -> Any:
            raise RuntimeError("no")

    with pytest.raises(ArgumentError, match=r"^cannot read the items of "):
        double_nil_forced(Broken([Bid.DOUBLE_NIL]))


def test_bots_bid_double_nil_forced_after_looking() -> None:  # P-6, V-6
    """A sealed player that looks at its cards is asked again without
    Double Nil, unless it is the one bid the rules leave the seat: then it
    is offered and taken, and the game goes on."""
    rules = Rules(nil_allowed=False, max_side_contract=6)
    offered: list[tuple[int, Sequence[Action]]] = []

    def looker(view: SeatView, rng: random.Random) -> Action:
        if view.phase is Phase.BID and view.sealed:
            return Bid(1)  # not Double Nil: it looks at its cards
        if view.phase is Phase.BID:
            offered.append((view.seat, view.legal_actions))
            if view.seat == 1:
                return Bid(6)
            if view.legal_actions == (Bid.DOUBLE_NIL,):
                return Bid.DOUBLE_NIL
        return simple_bot(view, rng)

    final = play_game(rules, [looker] * 4, seed=0, sealed=True, hands=1)
    assert final.sheet[0].bids[1] == Bid(6) and final.sheet[0].bids[3] == Bid.DOUBLE_NIL
    assert (3, (Bid.DOUBLE_NIL,)) in offered
    assert all(Bid.DOUBLE_NIL not in legal for seat, legal in offered if seat != 3)


def test_double_nil_open_pure_function() -> None:  # P-6, V-3
    assert double_nil_open(0, PARTNERSHIP)
    assert not double_nil_open(0, Rules.partnership(double_nil_allowed=False))
    error = bid_error(Bid.DOUBLE_NIL, seat=0, bids=NONE4, rules=Rules.partnership(double_nil_allowed=False))
    assert error is not None and error.reason is Reason.DOUBLE_NIL_NOT_ALLOWED


def test_double_nil_must_be_zero_tricks() -> None:  # P-6
    error = bid_error(forged_bid(3, double_nil=True), seat=0, bids=NONE4, rules=PARTNERSHIP)
    assert error is not None and error.reason is Reason.BID_OUT_OF_RANGE and error.rule == "P-6"


def test_both_partners_may_bid_double_nil() -> None:  # P-6
    state = new_game(PARTNERSHIP).apply(ROUND_ROBIN)
    for bid in (Bid.DOUBLE_NIL, Bid(4), Bid.DOUBLE_NIL, Bid(5)):
        state = state.apply(bid)
    assert state.phase is Phase.PLAY  # P-6: no exchange when both bid it
    assert state.bids == (Bid(5), Bid.DOUBLE_NIL, Bid(4), Bid.DOUBLE_NIL)


# -- T-4: the second player bids first (pure function part) -------------------------


def test_two_player_bids_are_0_to_13_without_double_nil() -> None:  # T-4, T-6
    rules = Rules.two_player()
    bids = legal_bids(seat=1, bids=[None, None], rules=rules)
    assert bids == tuple(Bid(t) for t in range(14))
    error = bid_error(Bid.DOUBLE_NIL, seat=1, bids=[None, None], rules=rules)
    assert error is not None and error.reason is Reason.DOUBLE_NIL_TOO_LATE and error.rule == "T-6"


# -- C-3, P-6, V-2, V-3, V-6: legal_bids and bid_error read the same limits ------

Position = tuple[Rules, int, list[Bid | None], list[int] | None]

# Each example is cheap: ten times the profile's number of them.
_PROFILE = settings.default
MANY = 10 * (_PROFILE.max_examples if _PROFILE is not None else 50)

# Rules restricting the bids in several ways at once, drawn as often as fully
# random ones (V-2, V-3, V-6, V-10).
BID_RULES: tuple[Rules, ...] = (
    Rules.openspiel(),
    Rules.pagat(),
    Rules(min_side_bid=4),
    Rules(min_bid=2, min_side_bid=5, max_side_contract=13),
    Rules(nil_allowed=False, min_bid=2, max_side_contract=10),
    Rules(bids_may_not_total_tricks=True, max_side_contract=13, double_nil_trailing_by=100),
    Rules(
        bids_may_not_total_tricks=True,
        nil_allowed=False,
        double_nil_allowed=False,
        min_bid=3,
        min_side_bid=7,
        max_side_contract=8,
    ),
    Rules.cutthroat(3, max_side_contract=10, bids_may_not_total_tricks=True, nil_allowed=False),
    Rules.cutthroat(4, min_bid=2, max_side_contract=5, double_nil_trailing_by=50),
    Rules.two_player(max_side_contract=9, double_nil_trailing_by=50, bids_may_not_total_tricks=True),
)


@st.composite
def bidding_positions(draw: st.DrawFn) -> Position:
    """Random valid rules, a seat, any bids made so far by any seats (the
    seat's own entry too) and the side scores or ``None``."""
    rules = draw(rules_strategy() | st.sampled_from(BID_RULES))
    # Small bids most of the time, so that sides come near their limits.
    every = (*(Bid(t) for t in range(rules.hand_size + 1)), Bid.DOUBLE_NIL)
    made = st.integers(0, 5).map(Bid) | st.sampled_from(every)
    bids = draw(st.lists(st.none() | made, min_size=rules.players, max_size=rules.players))
    seat = draw(st.integers(0, rules.players - 1))
    score = st.integers(-600, 600) | st.sampled_from((0, 100, -100))
    scores = draw(st.none() | st.lists(score, min_size=len(rules.sides), max_size=len(rules.sides)))
    return rules, seat, bids, scores


def candidates(rules: Rules) -> tuple[Bid, ...]:
    """Every bid that could be legal, in the order of :func:`legal_bids`."""
    numbers = tuple(Bid(t) for t in range(rules.hand_size + 1))
    return numbers + ((Bid.DOUBLE_NIL,) if rules.double_nil_allowed else ())


# The rule of RULES.md behind each reason a bid is refused for.
RULE_OF_REASON: dict[Reason, set[str]] = {
    Reason.NOT_AN_ACTION: {"C-3"},  # a bid is a number of tricks; no pass
    Reason.BID_OUT_OF_RANGE: {"C-3", "P-6"},  # 0 to the hand size; Double Nil is 0
    Reason.NIL_NOT_ALLOWED: {"V-2"},
    Reason.DOUBLE_NIL_NOT_ALLOWED: {"V-3"},
    Reason.DOUBLE_NIL_TOO_LATE: {"T-6"},
    Reason.BID_BELOW_MINIMUM: {"V-6"},
    Reason.SIDE_BID_BELOW_MINIMUM: {"V-6"},
    Reason.CONTRACT_TOO_HIGH: {"V-6"},
    Reason.BIDS_TOTAL_TRICKS: {"V-6"},
}


# The total rule yielding to a Nil, then to a number, then not yielding to a
# number since Double Nil avoids the total (V-6); a partner's bid above the
# maximum, which leaves no bid at all (V-6); Double Nil open only to the
# trailing side (V-3); OpenSpiel's 13 a side (V-6).
@example((BID_RULES[5], 0, [None, Bid.NIL, Bid(13), Bid.NIL], [0, 0]), True)
@example((BID_RULES[6], 0, [None, Bid(3), Bid(5), Bid(2)], None), True)
@example((BID_RULES[6].replace(double_nil_allowed=True), 0, [None, Bid(3), Bid(5), Bid(2)], None), True)
@example((Rules(max_side_contract=10), 0, [None, None, Bid(11), None], None), True)
@example((Rules.pagat(), 1, [None, None, Bid(4), None], [100, 0]), True)
@example((Rules.pagat(), 0, [None, None, Bid(4), None], [100, 0]), True)
@example((Rules.openspiel(), 3, [None, Bid(8), None, None], None), True)
@example((Rules.openspiel(), 1, [None, None, None, Bid(13)], None), False)
@example(
    (Rules.two_player(nil_allowed=False, min_bid=13, bids_may_not_total_tricks=True), 1, [Bid.DOUBLE_NIL, None], None),
    False,
)
@settings(max_examples=MANY)
@given(bidding_positions(), st.booleans())
def test_legal_bids_are_the_bids_without_an_error(position: Position, _unused: bool) -> None:  # C-3, P-6, V-2, V-3, V-6
    rules, seat, bids, scores = position
    every = legal_bids(seat=seat, bids=bids, rules=rules, scores=scores)
    assert every == tuple(sorted(every, key=lambda b: (b.double_nil, b.tricks)))  # the documented order
    not_whole: tuple[object, ...] = (forged_bid(1.5), 3, None)
    odd = (forged_bid(-1), Bid(rules.hand_size + 1), forged_bid(2, double_nil=True), *not_whole)
    for bid in candidates(rules) + odd:
        error = bid_error(bid, seat=seat, bids=bids, rules=rules, scores=scores)
        assert (error is None) == (bid in every), bid
        if error is not None:  # an illegal bid names the rule of its reason
            assert error.rule in RULE_OF_REASON[error.reason], (bid, error.reason, error.rule)


def test_two_player_double_nil_is_no_way_out_of_the_total_rule() -> None:  # T-6, V-6
    # Seat 0 declared Double Nil in the draft; seat 1 may only bid 13 (no
    # Nil, a minimum of 13), which makes the bids total the 13 tricks.  Double
    # Nil cannot be bid in the two-player bidding, so nothing avoids the
    # total and the rule yields: 13 stays legal.
    rules = Rules.two_player(nil_allowed=False, min_bid=13, bids_may_not_total_tricks=True)
    bids = [Bid.DOUBLE_NIL, None]
    assert legal_bids(seat=1, bids=bids, rules=rules) == (Bid(13),)
    assert bid_error(Bid(13), seat=1, bids=bids, rules=rules) is None
    # In a partnership Double Nil is a bid, so the same total is refused.
    four = Rules(nil_allowed=False, min_bid=13, bids_may_not_total_tricks=True, max_side_contract=None)
    assert Bid(13) not in legal_bids(seat=3, bids=[Bid.DOUBLE_NIL, Bid.DOUBLE_NIL, Bid.DOUBLE_NIL, None], rules=four)


# -- The pure functions one by one: turn order, refusals, argument checks ---------


def test_first_bidder_is_left_of_the_dealer() -> None:  # P-3, T-4, V-10
    assert [first_bidder(PARTNERSHIP, dealer) for dealer in range(4)] == [1, 2, 3, 0]
    assert [first_bidder(Rules.two_player(), dealer) for dealer in range(2)] == [1, 0]  # the second player
    assert [first_bidder(Rules.cutthroat(3), dealer) for dealer in range(3)] == [1, 2, 0]
    with pytest.raises(ArgumentTypeError, match="^a seat is an int, got True$"):
        first_bidder(PARTNERSHIP, True)
    with pytest.raises(ArgumentError, match=r"^no seat 4: the seats are 0\.\.3$"):
        first_bidder(PARTNERSHIP, 4)


def test_next_bidder_goes_clockwise_from_the_first_bidder() -> None:  # P-3, T-4, T-6
    assert next_bidder(PARTNERSHIP, 0, NONE4) == 1
    assert next_bidder(PARTNERSHIP, 2, NONE4) == 3
    assert next_bidder(PARTNERSHIP, 3, NONE4) == 0
    assert next_bidder(PARTNERSHIP, 2, [None, None, None, Bid(3)]) == 0
    assert next_bidder(PARTNERSHIP, 1, [Bid(1), Bid(2), Bid(3), Bid(4)]) is None
    assert next_bidder(Rules.two_player(), 1, [None, None]) == 0
    assert next_bidder(Rules.two_player(), 1, [Bid.DOUBLE_NIL, None]) == 1  # declared in the draft (T-6)
    assert next_bidder(Rules.cutthroat(3), 2, [None, Bid(4), None]) == 0
    with pytest.raises(ArgumentTypeError, match="^a seat is an int, got False$"):
        next_bidder(PARTNERSHIP, False, NONE4)
    with pytest.raises(ArgumentError, match=r"^no seat 2: the seats are 0\.\.1$"):
        next_bidder(Rules.two_player(), 2, [None, None])
    with pytest.raises(ArgumentError, match=r"^bids: one per seat \(4\), got 2$"):
        next_bidder(PARTNERSHIP, 0, [None, None])


def said(error: IllegalActionError | None) -> tuple[Reason, str, str]:
    assert error is not None
    return error.reason, error.rule, str(error)


def test_bid_refusal_messages() -> None:  # C-3, P-6, V-2, V-3, V-6
    assert said(bid_error(3, seat=1, bids=NONE4, rules=PARTNERSHIP)) == (
        Reason.NOT_AN_ACTION,
        "C-3",
        "3 is not a bid; bid a number of tricks or nil (rule C-3)",
    )
    assert said(bid_error(forged_bid(3, True), seat=1, bids=NONE4, rules=PARTNERSHIP)) == (
        Reason.BID_OUT_OF_RANGE,
        "P-6",
        "a Double Nil bid is a bid of 0 tricks (rule P-6)",
    )
    assert said(bid_error(Bid(2), seat=1, bids=NONE4, rules=PARTNERSHIP.replace(min_bid=3))) == (
        Reason.BID_BELOW_MINIMUM,
        "V-6",
        "cannot bid 2: these rules need a bid of at least 3 or Nil (rule V-6)",
    )
    side_min = PARTNERSHIP.replace(min_side_bid=5)
    assert said(bid_error(Bid(2), seat=3, bids=[None, Bid(2), None, None], rules=side_min)) == (
        Reason.SIDE_BID_BELOW_MINIMUM,
        "V-6",
        "cannot bid 2: the side's contract would be below its minimum; bid at least 3 (rule V-6)",
    )
    assert said(bid_error(Bid(5), seat=3, bids=[None, Bid(9), None, None], rules=Rules.openspiel())) == (
        Reason.CONTRACT_TOO_HIGH,
        "V-6",
        "cannot bid 5: the side's contract would exceed its maximum; bid at most 4 (rule V-6)",
    )
    assert said(bid_error(Bid.NIL, seat=1, bids=NONE4, rules=PARTNERSHIP.replace(nil_allowed=False))) == (
        Reason.NIL_NOT_ALLOWED,
        "V-2",
        "these rules do not allow Nil (rule V-2)",
    )
    assert said(bid_error(Bid.DOUBLE_NIL, seat=1, bids=NONE4, rules=PARTNERSHIP.replace(double_nil_allowed=False))) == (
        Reason.DOUBLE_NIL_NOT_ALLOWED,
        "V-3",
        "these rules do not allow Double Nil (rule V-3)",
    )
    trailing = PARTNERSHIP.replace(double_nil_trailing_by=100)
    assert said(bid_error(Bid.DOUBLE_NIL, seat=1, bids=NONE4, rules=trailing, scores=[0, 0])) == (
        Reason.DOUBLE_NIL_NOT_ALLOWED,
        "V-3",
        "Double Nil needs the side to trail by at least 100 points (rule V-3)",
    )
    assert said(bid_error(Bid.DOUBLE_NIL, seat=1, bids=[None, None], rules=Rules.two_player())) == (
        Reason.DOUBLE_NIL_TOO_LATE,
        "T-6",
        "Double Nil must be declared at the start of the player's first draft turn (rule T-6)",
    )
    assert said(bid_error(Bid(3), seat=3, bids=[Bid(3), Bid(3), Bid(4), None], rules=Rules(bids_may_not_total_tricks=True))) == (
        Reason.BIDS_TOTAL_TRICKS,
        "V-6",
        "cannot bid 3: the bids would add up to the number of tricks (rule V-6)",
    )


@pytest.mark.parametrize(
    ("tricks", "shown"),
    [
        (10**38, "1" + "0" * 38),  # 39 digits: shown whole
        (10**40 - 1, "9" * 40),  # 40 digits: shown whole
        (10**40, "an int of 41 digits"),  # longer: described by its size
        (10**60, "an int of 61 digits"),
        pytest.param(10**5000, "an int of 5001 digits", id="10**5000"),
    ],
)
def test_out_of_range_bid_message_is_bounded(tricks: int, shown: str) -> None:  # C-3
    assert said(bid_error(forged_bid(tricks), seat=1, bids=NONE4, rules=PARTNERSHIP)) == (
        Reason.BID_OUT_OF_RANGE,
        "C-3",
        f"cannot bid {shown}: a bid is a whole number of tricks from 0 to 13 (rule C-3)",
    )


def test_bids_total_rule_with_a_single_number_left() -> None:  # V-6
    # Seats 0, 1, 2 bid 5 + 4 + 4 = 13; seat 3's side may bid at most 5 and
    # seat 1 bid 4, so seat 3's only number is 1.  A Nil would make the bids
    # add up to 13, and 1 avoids it: Nil (and Double Nil) are refused.
    rules = PARTNERSHIP.replace(bids_may_not_total_tricks=True, max_side_contract=5)
    bids: list[Bid | None] = [Bid(5), Bid(4), Bid(4), None]
    assert legal_bids(seat=3, bids=bids, rules=rules) == (Bid(1),)
    error = bid_error(Bid.NIL, seat=3, bids=bids, rules=rules)
    assert error is not None and error.reason is Reason.BIDS_TOTAL_TRICKS
    assert bid_limits(seat=3, bids=bids, rules=rules).total == 0
    # Seats bid 3 + 3 + 3 = 9, no Nil nor Double Nil, seat 3's only number is
    # 1: the total of 13 needs a 4, which is already out of reach; it is
    # still the forbidden total, since another bid (1) remains.
    closed = rules.replace(nil_allowed=False, double_nil_allowed=False, max_side_contract=4)
    limits = bid_limits(seat=3, bids=[Bid(3), Bid(3), Bid(3), None], rules=closed)
    assert (limits.least, limits.most, limits.total) == (1, 1, 4)
    assert limits.legal == (Bid(1),)
    # Seats bid 4 + 4 + 4 = 12 and seat 3's side may bid at most 5: its
    # only number (1) is the one that makes 13, so the rule yields (C-3: no pass).
    only = closed.replace(max_side_contract=5)
    limits = bid_limits(seat=3, bids=[Bid(4), Bid(4), Bid(4), None], rules=only)
    assert (limits.least, limits.most, limits.total) == (1, 1, None)
    assert limits.legal == (Bid(1),)


def test_bidding_argument_checks() -> None:
    with pytest.raises(ArgumentTypeError, match="^rules must be a Rules value, got str$"):
        bid_limits(seat=1, bids=NONE4, rules="partnership")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="^a seat is an int, got True$"):
        legal_bids(seat=True, bids=NONE4, rules=PARTNERSHIP)
    with pytest.raises(ArgumentTypeError, match="^bids: a sequence of one Bid or None per seat, got str$"):
        legal_bids(seat=1, bids="none", rules=PARTNERSHIP)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="^bids: a sequence of one Bid or None per seat, got dict$"):
        legal_bids(seat=1, bids=dict.fromkeys(range(4)), rules=PARTNERSHIP)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^bids: one per seat \(4\), got 3$"):
        legal_bids(seat=1, bids=[None] * 3, rules=PARTNERSHIP)
    with pytest.raises(ArgumentTypeError, match="^bids: each is a Bid or None, got int$"):
        legal_bids(seat=1, bids=[None, 3, None, None], rules=PARTNERSHIP)  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match="^scores: a sequence of one int per side, got str$"):
        legal_bids(seat=1, bids=NONE4, rules=PARTNERSHIP, scores="00")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="^scores: a sequence of one int per side, got dict$"):
        legal_bids(seat=1, bids=NONE4, rules=PARTNERSHIP, scores={0: 0, 1: 0})  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^scores: one per side \(2\), got 3$"):
        legal_bids(seat=1, bids=NONE4, rules=PARTNERSHIP, scores=[0, 0, 0])
    with pytest.raises(ArgumentTypeError, match="^scores: each is an int, got float$"):
        legal_bids(seat=1, bids=NONE4, rules=PARTNERSHIP, scores=[0, 0.5])  # type: ignore[list-item]
    with pytest.raises(ArgumentError, match=r"^scores: one per side \(2\), got 3$"):
        double_nil_open(0, Rules.pagat(), [0, 0, 0])


def test_a_v6_limit_no_tighter_than_c3_leaves_the_c3_limit() -> None:  # C-3, V-6
    """Each limit says which rule sets it; where a V-6 option asks for no more
    than C-3 already does (a number is 1 to 13), the limit is C-3's."""

    def limits_of(seat: int, bids: Sequence[Bid | None], **options: object) -> tuple[object, ...]:
        limits = bid_limits(seat=seat, bids=bids, rules=Rules(**options))  # type: ignore[arg-type]
        return limits.least, limits.least_reason, limits.least_rule, limits.most, limits.most_reason, limits.most_rule

    c3 = (1, Reason.BID_OUT_OF_RANGE, "C-3", 13, Reason.BID_OUT_OF_RANGE, "C-3")
    assert limits_of(1, NONE4, min_bid=1) == c3  # a number is at least 1 anyway
    assert limits_of(3, [None, Bid.NIL, None, None], max_side_contract=13) == c3  # room 13: the hand size
    assert limits_of(3, [None, Bid(3), None, None], min_side_bid=4) == c3  # 4 - 3 = 1: no more than C-3
    assert limits_of(1, NONE4, bids_may_not_total_tricks=True) == c3
    # Tighter limits name V-6.
    assert limits_of(1, NONE4, min_bid=2) == (2, Reason.BID_BELOW_MINIMUM, "V-6", 13, Reason.BID_OUT_OF_RANGE, "C-3")
    assert limits_of(3, [None, Bid(3), None, None], min_side_bid=5) == (
        2,
        Reason.SIDE_BID_BELOW_MINIMUM,
        "V-6",
        13,
        Reason.BID_OUT_OF_RANGE,
        "C-3",
    )
    assert limits_of(3, [None, Bid(1), None, None], max_side_contract=13) == (
        1,
        Reason.BID_OUT_OF_RANGE,
        "C-3",
        12,
        Reason.CONTRACT_TOO_HIGH,
        "V-6",
    )


def test_kept_legal_bids_are_those_of_the_bids_given() -> None:  # V-6
    # The state's fast path keeps the legal bids it works out, by the rules,
    # the seat and the bids made: equal bids that are other objects, a list
    # changed after a call and rules equal to the kept ones all get the
    # legal bids of what they say, as bid_limits works them out.
    rules = Rules.openspiel()
    scores = (0, 0)
    for partner in (Bid(9), Bid(3), Bid.NIL, None):
        bids: list[Bid | None] = [None, partner, None, None]
        expected = bid_limits(seat=3, bids=bids, rules=rules).legal
        for _ in range(2):  # worked out, then kept
            assert legal_bids_of(3, bids, rules, scores) == expected
        equal = [None if b is None else Bid(b.tricks) for b in bids]
        assert legal_bids_of(3, equal, Rules.openspiel(max_side_contract=13), scores) == expected
    bids = [None, Bid(9), None, None]
    assert max(b.tricks for b in legal_bids_of(3, bids, rules, scores)) == 4
    bids[1] = Bid(2)  # the same list, changed
    assert max(b.tricks for b in legal_bids_of(3, bids, rules, scores)) == 11
    # Double Nil by the scores (V-3) is never kept: the scores decide.
    trailing = Rules.partnership(double_nil_trailing_by=100)
    assert Bid.DOUBLE_NIL in legal_bids_of(1, NONE4, trailing, (100, 0))  # seat 1's side trails by 100
    assert Bid.DOUBLE_NIL not in legal_bids_of(1, NONE4, trailing, (0, 0))


def test_the_kept_legal_bids_are_bounded() -> None:
    rules = Rules.openspiel()
    for tricks in range(14):
        for seat in range(4):
            for other in range(14):
                bids: list[Bid | None] = [None] * 4
                bids[(seat + 1) % 4] = Bid(tricks)  # new objects: a new entry each time
                bids[(seat + 2) % 4] = Bid(other)
                legal_bids_of(seat, bids, rules, (0, 0))
    assert len(bidding._KEPT_LEGAL) <= bidding._KEPT_LEGAL_LIMIT


def test_the_kept_limits_of_each_double_nil_margin_are_bounded() -> None:  # V-3
    # A margin of Double Nil (double_nil_trailing_by) comes with the rules,
    # from outside on a server: each one's limits are kept, but not all of them.
    for margin in range(1, 301):
        rules = Rules.partnership(double_nil_trailing_by=margin)
        assert Bid.DOUBLE_NIL in legal_bids_of(1, NONE4, rules, (margin, 0))
        assert Bid.DOUBLE_NIL not in legal_bids_of(1, NONE4, rules, (margin - 1, 0))
    assert 0 < len(bidding._OPEN_TRAILING) <= bidding._OPEN_TRAILING_LIMIT
