"""The variants V-1..V-10 as options of one `Rules` value, run by the same
engine.

Scoring tables are worked by hand from RULES.md (the arithmetic is in the
comments); legality is checked against hand-made hands and deals.  At the
end, the shared invariant checker (tests/invariants.py) plays random games
under every preset and under random valid rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from invariants import play_to_end
from strategies import rules_strategy

from spades import (
    ArgumentError,
    PRESETS,
    Bid,
    Card,
    CardSet,
    Deal,
    Exchange,
    GameState,
    IllegalActionError,
    Phase,
    Reason,
    Rules,
    bid_error,
    breaks_spades,
    double_nil_open,
    game_winner,
    legal_bids,
    legal_plays,
    new_game,
    score_hand,
    trick_winner,
)
from spades.cli import main
from spades.deal import deal_error
from spades.rules import FailedNil
from spades.serial import record_from_json


def cards(text: str) -> CardSet:
    return CardSet.parse(text)


def trick(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def points(bids: Sequence[Bid], tricks: Sequence[int], rules: Rules, **totals: Sequence[int]) -> tuple[int, ...]:
    return score_hand(bids, tricks, rules, **totals).points


def played_cards(state: GameState) -> CardSet:
    """The legal actions of a state in the play phase, as a set of cards."""
    listed = state.legal_actions()
    assert all(isinstance(a, Card) for a in listed)
    return CardSet.from_cards(a for a in listed if isinstance(a, Card))


def deal_of(*masks: int) -> Deal:
    return Deal(tuple(CardSet(m) for m in masks))


CLUBS = 0x1FFF
DIAMONDS = CLUBS << 13
HEARTS = CLUBS << 26
SPADES = CLUBS << 39


def bid_all(state: GameState, bid: Bid = Bid(3)) -> GameState:
    while state.phase is Phase.BID:
        state = state.apply(bid)
    return state


# ----------------------------------------------------------------------
# V-1: target score and losing floor.


def test_target_score_is_reached_at_or_above_it() -> None:  # V-1, C-2
    rules = Rules(target=300)
    assert game_winner([300, 250], rules) == 0
    assert game_winner([299, 250], rules) is None
    assert game_winner([310, 320], rules) == 1  # S-9: the highest of those past it


def test_losing_floor_ends_the_game_and_the_highest_wins() -> None:  # V-1
    rules = Rules(losing_floor=-200)
    assert game_winner([-200, 50], rules) == 1  # at the floor: the game ends
    assert game_winner([-250, -210], rules) == 1  # both below: the higher wins
    assert game_winner([-199, 50], rules) is None  # above the floor: go on
    assert game_winner([-200, -200], rules) is None  # S-9: a tie for the highest, another hand
    assert game_winner([-200, 500], Rules()) == 1  # no floor: only the target ends it
    assert game_winner([-5000, 50], Rules()) is None


def test_losing_floor_with_three_players() -> None:  # V-1, V-10
    rules = Rules.cutthroat(3, losing_floor=-200)
    assert game_winner([-200, 10, 30], rules) == 2
    assert game_winner([-200, 30, 30], rules) is None  # tie for the highest


def test_a_game_with_a_floor_ends_once_a_side_falls_to_it() -> None:  # V-1
    rules = Rules.partnership(losing_floor=-150)
    state = play_to_end(rules, 12, hands=None, check=False)
    final = state.scores
    assert min(final) <= -150 or max(final) >= 500
    assert all(min(row.result.scores) > -150 and max(row.result.scores) < 500 for row in state.sheet[:-1])


# ----------------------------------------------------------------------
# V-2: Nil allowed, and its value.


def test_nil_value_fifty() -> None:  # V-2, P-5, S-4
    rules = Rules(nil_bonus=50)
    # Side 0: Nil made (+50); partner bid 5, won 6: 50 + 1 bag = 51; total 101.
    # Side 1: bid 4 + 3 = 7, won 7: 70.
    assert points([Bid.NIL, Bid(4), Bid(5), Bid(3)], [0, 4, 6, 3], rules) == (101, 70)
    # Side 0: Nil failed with 1 trick (-50, the trick is a bag: +1, S-7);
    # partner bid 5, won 5: 50.  Total 1.
    assert points([Bid.NIL, Bid(4), Bid(5), Bid(3)], [1, 4, 5, 3], rules) == (1, 70)


def test_nil_not_allowed() -> None:  # V-2
    rules = Rules(nil_allowed=False)
    error = bid_error(Bid.NIL, seat=1, bids=[None] * 4, rules=rules)
    assert error is not None and error.reason is Reason.NIL_NOT_ALLOWED and error.rule == "V-2"
    listed = legal_bids(seat=1, bids=[None] * 4, rules=rules)
    assert Bid.NIL not in listed and listed[0] == Bid(1)
    state = new_game(rules, seed=3)
    assert Bid.NIL not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="V-2"):
        state.apply(Bid.NIL)


# ----------------------------------------------------------------------
# V-3: Double Nil allowed, value, exchange size, trailing restriction.


def test_double_nil_not_allowed() -> None:  # V-3
    rules = Rules(double_nil_allowed=False)
    error = bid_error(Bid.DOUBLE_NIL, seat=1, bids=[None] * 4, rules=rules)
    assert error is not None and error.reason is Reason.DOUBLE_NIL_NOT_ALLOWED and error.rule == "V-3"
    assert Bid.DOUBLE_NIL not in legal_bids(seat=1, bids=[None] * 4, rules=rules)
    assert not new_game(rules, seed=1).double_nil_open(1)


def test_double_nil_value() -> None:  # V-3, P-6, S-4
    rules = Rules(double_nil_bonus=300)
    # Side 0: Double Nil made +300; partner bid 5, won 6: 51.  Total 351.
    assert points([Bid.DOUBLE_NIL, Bid(4), Bid(5), Bid(3)], [0, 4, 6, 3], rules) == (351, 70)
    # Failed with 2 tricks: -300 + 2 bags; partner 5 of 5: 50.  Total -248.
    # Side 1 bid 7, won 6: -70.
    assert points([Bid.DOUBLE_NIL, Bid(4), Bid(5), Bid(3)], [2, 4, 5, 2], rules) == (-248, -70)


def test_double_nil_only_for_a_side_trailing_by_enough() -> None:  # V-3
    rules = Rules(double_nil_trailing_by=100)
    assert double_nil_open(0, rules, [0, 100])  # trails by exactly 100
    assert double_nil_open(2, rules, [-60, 40])
    assert not double_nil_open(0, rules, [0, 99])
    assert not double_nil_open(1, rules, [0, 100])  # the leading side
    assert not double_nil_open(0, rules, [0, 0])
    error = bid_error(Bid.DOUBLE_NIL, seat=1, bids=[None] * 4, rules=rules, scores=[0, 0])
    assert error is not None and error.reason is Reason.DOUBLE_NIL_NOT_ALLOWED and error.rule == "V-3"
    assert bid_error(Bid.DOUBLE_NIL, seat=1, bids=[None] * 4, rules=rules, scores=[100, 0]) is None


def test_double_nil_trailing_counts_against_the_best_other_side() -> None:  # V-3, V-10
    rules = Rules.cutthroat(3, double_nil_trailing_by=100)
    scores = [0, 150, 40]
    assert double_nil_open(2, rules, scores)  # 150 - 40 = 110
    assert double_nil_open(0, rules, scores)  # 150 - 0
    assert not double_nil_open(1, rules, scores)  # the leader


def test_double_nil_closed_at_an_even_start_under_pagat() -> None:  # V-3
    state = new_game(Rules.pagat(), seed=5)
    assert state.phase is Phase.BID and state.scores == (0, 0)
    assert Bid.DOUBLE_NIL not in state.legal_actions()
    assert not state.double_nil_open(state.turn or 0)
    error = state.explain(Bid.DOUBLE_NIL)
    assert error is not None and error.rule == "V-3"


def _after_double_nil(rules: Rules) -> GameState:
    # Dealer 0: seat 1 bids Double Nil first, then 3, 3, 3.
    state = new_game(rules).apply(deal_of(CLUBS, DIAMONDS, HEARTS, SPADES))
    state = state.apply(Bid.DOUBLE_NIL)
    return bid_all(state)


def test_double_nil_exchange_of_two_cards() -> None:  # V-3, P-6
    state = _after_double_nil(Rules(double_nil_exchange=2))
    assert state.phase is Phase.EXCHANGE and state.turn == 3  # P-6: the partner gives first
    choices = state.legal_actions()
    assert len(choices) == 78  # 13 choose 2
    assert all(len(c.cards) == 2 for c in choices if isinstance(c, Exchange))
    error = state.explain(Exchange(cards("AKQ...")))
    assert error is not None and error.reason is Reason.WRONG_EXCHANGE_SIZE
    state = state.apply(Exchange(cards("AK...")))
    assert state.turn == 1 and len(state.hand(1)) == 15
    state = state.apply(Exchange(cards("..AK.")))
    assert state.phase is Phase.PLAY
    assert state.hand(1) == cards("AK..QJT98765432.")
    assert state.hand(3) == cards("QJT98765432..AK.")


def test_double_nil_exchange_of_three_cards_by_default() -> None:  # P-6
    state = _after_double_nil(Rules())
    assert len(state.legal_actions()) == 286  # 13 choose 3


def test_double_nil_without_exchange() -> None:  # V-3
    state = _after_double_nil(Rules(double_nil_exchange=0))
    assert state.phase is Phase.PLAY
    assert state.hands == (cards("...AKQJT98765432"), cards("..AKQJT98765432."),
                           cards(".AKQJT98765432.."), cards("AKQJT98765432..."))


def test_two_player_discard_up_to_the_exchange_size() -> None:  # V-3, T-6
    state = new_game(Rules.two_player(double_nil_exchange=2), seed=8)
    assert state.phase is Phase.DRAFT
    state = state.apply(Bid.DOUBLE_NIL)
    while state.phase is Phase.DRAFT:
        state = state.apply(state.legal_actions()[0])
    assert state.phase is Phase.DISCARD
    assert len(state.legal_actions()) == 1 + 13 + 78  # 0, 1 or 2 cards
    three = Exchange(CardSet(sum(c.mask for c in list(state.hand(state.turn or 0))[:3])))
    error = state.explain(three)
    assert error is not None and error.reason is Reason.WRONG_EXCHANGE_SIZE and error.rule == "T-6"


# ----------------------------------------------------------------------
# V-4: failed-Nil tricks.


@pytest.mark.parametrize(
    ("failed_nil", "expected"),
    [
        # Side 0: Nil by seat 0 fails with 2 tricks (-100); seat 2 bid 5, won 4.
        # bags: contract 5 set by seat 2's 4 tricks: -50; 2 bags +2; -148.
        ("bags", (-148, 61)),
        # partner: 4 + 2 = 6 tricks make the 5: +50, 1 bag +1; -100: -49.
        ("partner", (-49, 61)),
        # ignored: 4 < 5: -50; no bags; -100: -150.
        ("ignored", (-150, 61)),
    ],
)
def test_failed_nil_tricks(failed_nil: FailedNil, expected: tuple[int, int]) -> None:  # V-4, S-7
    # Side 1 bid 3 + 3 = 6, won 3 + 4 = 7: 60 + 1.
    rules = Rules(failed_nil=failed_nil)
    result = score_hand([Bid.NIL, Bid(3), Bid(5), Bid(3)], [2, 3, 4, 4], rules)
    assert result.points == expected
    assert result.sides[0].bags == {"bags": 2, "partner": 1, "ignored": 0}[failed_nil]


def test_failed_nil_for_the_partner_when_both_bid_nil() -> None:  # V-4, S-5
    # Both bid Nil, seat 0 wins 3: contract 0 scores nothing (S-5); -100 + 100;
    # the 3 tricks count toward the empty contract: 3 overtricks, 3 bags.
    rules = Rules(failed_nil="partner")
    result = score_hand([Bid.NIL, Bid(4), Bid.NIL, Bid(6)], [3, 4, 0, 6], rules)
    assert result.sides[0].points == 3 and result.sides[0].bags == 3
    assert result.sides[1].points == 100


# ----------------------------------------------------------------------
# V-5: bag values.


def test_bag_points_and_penalty_options() -> None:  # V-5, S-8
    rules = Rules(bag_points=2, bags_per_penalty=5, bag_penalty=50)
    # Side 0 bid 3 + 3, won 5 + 4 = 9: 60 + 3 bags x 2 = 66; 3 carried + 3 = 6
    # bags: one penalty (-50), 1 carried.  16.  Side 1 bid 6, won 4: -60.
    result = score_hand([Bid(3), Bid(3), Bid(3), Bid(3)], [5, 2, 4, 2], rules, bags=[3, 0])
    assert result.points == (16, -60)
    assert result.total_bags == (1, 0)
    # Side 0 bid 2 + 1 = 3, won 9: 30 + 6 bags x 2 = 42; 4 + 6 = 10 bags:
    # two penalties (-100), 0 carried: -58.  Side 1 bid 10, won 4: -100.
    result = score_hand([Bid(2), Bid(5), Bid(1), Bid(5)], [5, 2, 4, 2], rules, bags=[4, 0], scores=[100, 0])
    assert result.points == (-58, -100)
    assert result.total_bags == (0, 0)
    assert result.scores == (42, -100)


def test_bags_worth_nothing() -> None:  # V-5
    rules = Rules(bag_points=0, bag_penalty=0)
    # Bid 4 + 4, won 12: 80, 4 bags worth 0; 9 + 4 = 13 bags: no points lost, 3 carried.
    result = score_hand([Bid(4), Bid(1), Bid(4), Bid(1)], [6, 0, 6, 1], rules, bags=[9, 0])
    assert result.points == (80, -20)
    assert result.total_bags == (3, 0)


# ----------------------------------------------------------------------
# V-6: minimum bids, maximum contract, bids not totalling the tricks.


def test_minimum_bid_per_player() -> None:  # V-6
    rules = Rules(min_bid=2)
    error = bid_error(Bid(1), seat=1, bids=[None] * 4, rules=rules)
    assert error is not None and error.reason is Reason.BID_BELOW_MINIMUM and error.rule == "V-6"
    assert bid_error(Bid(2), seat=1, bids=[None] * 4, rules=rules) is None
    assert bid_error(Bid.NIL, seat=1, bids=[None] * 4, rules=rules) is None  # Nil stays Nil
    assert legal_bids(seat=1, bids=[None] * 4, rules=rules)[:3] == (Bid.NIL, Bid(2), Bid(3))


def test_minimum_contract_per_partnership() -> None:  # V-6
    rules = Rules(min_side_bid=4)
    partner_bid = [None, Bid(1), None, None]
    assert bid_error(Bid(1), seat=1, bids=[None] * 4, rules=rules) is None  # checked at the side's last bid
    error = bid_error(Bid(2), seat=3, bids=partner_bid, rules=rules)
    assert error is not None and error.reason is Reason.SIDE_BID_BELOW_MINIMUM and error.rule == "V-6"
    assert bid_error(Bid(3), seat=3, bids=partner_bid, rules=rules) is None
    assert bid_error(Bid.NIL, seat=3, bids=partner_bid, rules=rules) is None  # a Nil side is exempt
    assert bid_error(Bid(1), seat=3, bids=[None, Bid.NIL, None, None], rules=rules) is None


def test_maximum_contract_per_side() -> None:  # V-6
    rules = Rules(max_side_contract=13)
    partner_bid = [None, Bid(8), None, None]
    error = bid_error(Bid(6), seat=3, bids=partner_bid, rules=rules)
    assert error is not None and error.reason is Reason.CONTRACT_TOO_HIGH and error.rule == "V-6"
    assert bid_error(Bid(5), seat=3, bids=partner_bid, rules=rules) is None
    assert legal_bids(seat=3, bids=partner_bid, rules=rules)[-2:] == (Bid(5), Bid.DOUBLE_NIL)
    # Without Nil the partner still to bid may still bid Double Nil (P-6):
    # 13 is open.  Without Nil and Double Nil it needs at least 1: 12 is the most.
    no_nil = Rules(max_side_contract=13, nil_allowed=False)
    assert bid_error(Bid(13), seat=1, bids=[None] * 4, rules=no_nil) is None
    strict = no_nil.replace(double_nil_allowed=False)
    assert bid_error(Bid(13), seat=1, bids=[None] * 4, rules=strict) is not None
    assert bid_error(Bid(12), seat=1, bids=[None] * 4, rules=strict) is None


def test_maximum_contract_for_one_seat_sides() -> None:  # V-6, V-10
    rules = Rules.cutthroat(4, max_side_contract=10)
    error = bid_error(Bid(11), seat=1, bids=[None] * 4, rules=rules)
    assert error is not None and error.reason is Reason.CONTRACT_TOO_HIGH
    assert Bid(10) in legal_bids(seat=1, bids=[None] * 4, rules=rules)
    assert Bid(11) not in legal_bids(seat=1, bids=[None] * 4, rules=rules)


def test_bids_may_not_total_the_tricks() -> None:  # V-6
    rules = Rules(bids_may_not_total_tricks=True)
    bids = [None, Bid(3), Bid(3), Bid(3)]  # dealer 0 bids last
    error = bid_error(Bid(4), seat=0, bids=bids, rules=rules)
    assert error is not None and error.reason is Reason.BIDS_TOTAL_TRICKS and error.rule == "V-6"
    assert bid_error(Bid(5), seat=0, bids=bids, rules=rules) is None
    assert bid_error(Bid(3), seat=0, bids=bids, rules=rules) is None
    assert bid_error(Bid(4), seat=2, bids=[None, Bid(3), None, Bid(3)], rules=rules) is None  # not the last bid
    assert Bid(4) in legal_bids(seat=0, bids=bids, rules=Rules())


def test_bids_may_not_total_seventeen_with_three_players() -> None:  # V-6, V-10
    rules = Rules.cutthroat(3, bids_may_not_total_tricks=True)
    bids = [None, Bid(5), Bid(6)]
    assert bid_error(Bid(6), seat=0, bids=bids, rules=rules) is not None  # 5 + 6 + 6 = 17
    assert bid_error(Bid(7), seat=0, bids=bids, rules=rules) is None


def test_bids_total_rule_yields_when_no_other_bid_is_left() -> None:  # V-6
    # Seat 2 bid 13 with a maximum contract of 13: its partner (seat 0) may
    # only bid Nil, which makes the total 13; the rule gives way rather than
    # leave the last bidder no bid at all.
    rules = Rules(bids_may_not_total_tricks=True, max_side_contract=13, double_nil_allowed=False)
    bids = [None, Bid.NIL, Bid(13), Bid.NIL]
    assert legal_bids(seat=0, bids=bids, rules=rules) == (Bid.NIL,)


# ----------------------------------------------------------------------
# V-7: first lead and the first trick.

# Dealer 0.  Seat 0 holds the diamonds, 1 the hearts, 2 the clubs, 3 the spades.
SUIT_DEAL = deal_of(DIAMONDS, HEARTS, CLUBS, SPADES)


def test_first_lead_left_of_dealer_by_default() -> None:  # P-7, V-7
    state = bid_all(new_game(Rules()).apply(SUIT_DEAL))
    assert state.phase is Phase.PLAY and state.turn == 1
    assert len(state.legal_actions()) == 13


def test_holder_of_the_two_of_clubs_leads_it() -> None:  # V-7
    state = bid_all(new_game(Rules(first_lead="two-of-clubs")).apply(SUIT_DEAL))
    assert state.phase is Phase.PLAY and state.turn == 2 and state.leader == 2
    assert state.legal_actions() == (Card.parse("2C"),)
    error = state.explain(Card.parse("AC"))
    assert error is not None and error.reason is Reason.MUST_LEAD_TWO_OF_CLUBS and error.rule == "V-7"
    state = state.apply(Card.parse("2C"))
    assert state.turn == 3  # play goes on clockwise from the leader


def test_two_of_clubs_holder_found_after_the_double_nil_exchange() -> None:  # V-7, P-6
    # Dealer 0: seat 0 holds the clubs, 1 the diamonds, 2 the hearts, 3 the
    # spades.  Seat 2 bids Double Nil; its partner, seat 0, passes it the 2C.
    rules = Rules(first_lead="two-of-clubs")
    state = new_game(rules).apply(deal_of(CLUBS, DIAMONDS, HEARTS, SPADES))
    state = bid_all(state.apply(Bid(3)).apply(Bid.DOUBLE_NIL))
    assert state.phase is Phase.EXCHANGE and state.turn == 0
    state = state.apply(Exchange(cards("...432")))
    state = state.apply(Exchange(cards(".AKQ..")))
    assert state.phase is Phase.PLAY and state.turn == 2  # the new holder of the 2C leads
    assert state.legal_actions() == (Card.parse("2C"),)


# Dealer 0.  Seat 1 leads from all hearts; seat 2 holds 7 spades and 6
# diamonds, seat 3 six spades and seven diamonds, seat 0 the clubs.
NO_HEARTS_DEAL = deal_of(
    CLUBS,
    HEARTS,
    cards("AKQJT98.-.765432.-").mask,
    cards("765432.-.AKQJT98.-").mask,
)


def test_no_spades_on_the_first_trick() -> None:  # V-7
    state = bid_all(new_game(Rules(no_spades_first_trick=True)).apply(NO_HEARTS_DEAL))
    state = state.apply(Card.parse("2H"))
    assert state.turn == 2
    assert played_cards(state) == cards("..765432.")
    error = state.explain(Card.parse("AS"))
    assert error is not None and error.reason is Reason.NO_SPADES_FIRST_TRICK and error.rule == "V-7"
    state = state.apply(Card.parse("2D")).apply(Card.parse("8D")).apply(Card.parse("2C"))
    assert state.tricks_won == (0, 1, 0, 0) and state.turn == 1
    # From the second trick on, a seat void in the suit led may trump (C-5).
    state = state.apply(Card.parse("3H"))
    assert played_cards(state) == state.hand(2)


def test_spades_on_the_first_trick_allowed_by_default() -> None:  # V-7, C-5
    state = bid_all(new_game(Rules()).apply(NO_HEARTS_DEAL)).apply(Card.parse("2H"))
    assert played_cards(state) == state.hand(2)


def test_no_spades_first_trick_with_nothing_else() -> None:  # V-7
    rules = Rules(no_spades_first_trick=True)
    only_spades = cards("AKQ...")
    assert legal_plays(only_spades, trick("5H"), False, rules, first_trick=True) == only_spades
    assert legal_plays(only_spades, (), False, rules, first_trick=True) == only_spades  # C-4's exception
    mixed = cards("AKQ.2..")
    assert legal_plays(mixed, (), False, rules, first_trick=True) == cards(".2..")
    assert legal_plays(cards("AK..5."), trick("5H"), False, rules, first_trick=True) == cards("..5.")
    assert legal_plays(cards("AK..5."), trick("5H"), False, rules, first_trick=False) == cards("AK..5.")


# ----------------------------------------------------------------------
# V-8: ten for two hundred, Boston.


def test_ten_for_two_hundred() -> None:  # V-8
    rules = Rules(ten_for_two_hundred=True)
    bids = [Bid(6), Bid(1), Bid(4), Bid(1)]
    # Side 0 bid 10, won 11: 100 doubled = 200, + 1 bag = 201.  Side 1 bid 2, won 2: 20.
    assert points(bids, [7, 1, 4, 1], rules) == (201, 20)
    assert points(bids, [7, 1, 4, 1], Rules()) == (101, 20)
    # Set with 9: -100, not doubled.  Side 1 won 4 of 2: 22.
    assert points(bids, [5, 2, 4, 2], rules) == (-100, 22)
    # A contract of 9 is not doubled: 90 + 2.
    # Side 1 bid 2 + 1 = 3, won 2: -30.
    assert points([Bid(5), Bid(2), Bid(4), Bid(1)], [7, 1, 4, 1], rules) == (92, -30)


def test_boston_bonus() -> None:  # V-8
    rules = Rules(boston="bonus")
    bids = [Bid(6), Bid(1), Bid(4), Bid(1)]
    # Side 0 takes all 13 tricks of a 10 bid: 100 + 3 bags + 250 = 353.  Side 1 set: -20.
    result = score_hand(bids, [7, 0, 6, 0], rules)
    assert result.points == (353, -20)
    assert result.sides[0].boston and result.sides[0].bonus_points == 250
    assert points(bids, [7, 0, 6, 0], Rules(boston="bonus", boston_bonus=200, ten_for_two_hundred=True)) == (
        200 + 3 + 200,
        -20,
    )
    assert points(bids, [7, 0, 6, 0], Rules()) == (103, -20)  # no Boston rule
    assert not score_hand(bids, [7, 0, 5, 1], rules).sides[0].boston


def test_boston_wins_at_once() -> None:  # V-8
    rules = Rules(boston="win")
    assert game_winner([100, 400], rules, boston=0) == 0  # despite the lower score
    assert game_winner([100, 400], rules) is None
    assert game_winner([100, 400], Rules(), boston=0) is None


def test_boston_in_cutthroat_needs_every_trick() -> None:  # V-8, V-10
    rules = Rules.cutthroat(3, boston="bonus")
    result = score_hand([Bid(17), Bid(0), Bid(1)], [17, 0, 0], rules)
    # 170 + 250 for seat 0; Nil made +100 for seat 1; seat 2 set: -10.
    assert result.points == (420, 100, -10)


# ----------------------------------------------------------------------
# V-9: jokers and deuces.


def test_jokers_deck() -> None:  # V-9
    rules = Rules.jokers()
    deck = CardSet(rules.deck_mask)
    assert len(deck) == 52
    assert Card.parse("LJ") in deck and Card.parse("BJ") in deck
    assert Card.parse("2C") not in deck and Card.parse("2D") not in deck
    assert Card.parse("2H") in deck and Card.parse("2S") in deck


def test_jokers_are_the_highest_spades() -> None:  # V-9, C-7
    rules = Rules.jokers()
    assert trick_winner(trick("AS LJ KS QS"), rules) == 1
    assert trick_winner(trick("LJ AS BJ KS"), rules) == 2
    assert trick_winner(trick("KH LJ AH 2S"), rules) == 1  # a joker trumps
    assert trick_winner(trick("LJ 2S AH AD"), rules) == 0  # a joker led is a spade led


def test_jokers_follow_lead_and_break_as_spades() -> None:  # V-9, C-4, C-5, C-6
    rules = Rules.jokers()
    assert legal_plays(cards("L.65.."), trick("KS"), False, rules) == cards("L...")  # must follow spades
    assert legal_plays(cards("5.6.."), trick("LJ"), False, rules) == cards("5...")  # a joker led calls for spades
    assert legal_plays(cards("BL.5.."), (), False, rules) == cards(".5..")  # no joker lead unbroken
    assert legal_plays(cards("BL3..."), (), False, rules) == cards("BL3...")  # only spades: may lead
    assert legal_plays(cards("L..5."), trick("KH"), False, rules) == cards("L..5.")  # void: anything
    assert breaks_spades(Card.parse("LJ"), False, rules)
    assert breaks_spades(Card.parse("BJ"), False, rules)


def test_joker_joker_deuce_deuce_deck() -> None:  # V-9
    rules = Rules.joker_joker_deuce_deuce()
    deck = CardSet(rules.deck_mask)
    assert len(deck) == 52
    assert {Card.parse(c) for c in ("LJ", "BJ", "2D", "2S")} <= set(deck)
    assert Card.parse("2C") not in deck and Card.parse("2H") not in deck


def test_joker_joker_deuce_deuce_order() -> None:  # V-9, C-7
    rules = Rules.joker_joker_deuce_deuce()
    # Big Joker > Little Joker > 2D > 2S > AS.
    assert trick_winner(trick("AS 2S KS QS"), rules) == 1
    assert trick_winner(trick("AS 2S 2D KS"), rules) == 2
    assert trick_winner(trick("2D LJ 2S AS"), rules) == 1
    assert trick_winner(trick("LJ 2D BJ 2S"), rules) == 2
    assert trick_winner(trick("KD 2D AD 3D"), rules) == 1  # the 2D is a trump, not a diamond
    assert trick_winner(trick("AD 3D KD QD"), rules) == 0
    # Under the standard deck the 2S is the lowest spade and the 2D a diamond.
    assert trick_winner(trick("AS 2S KS QS"), Rules()) == 0
    assert trick_winner(trick("KD 2D AD 3D"), Rules()) == 2


def test_two_of_diamonds_is_a_spade_in_joker_joker_deuce_deuce() -> None:  # V-9, C-4, C-5, C-6
    rules = Rules.joker_joker_deuce_deuce()
    assert legal_plays(cards("..52.9"), trick("KS"), False, rules) == cards("..2.")  # follows spades
    assert legal_plays(cards("-.9.2.-"), trick("KD"), False, rules) == cards("-.9.2.-")  # void in diamonds
    assert legal_plays(cards(".9.2."), (), False, rules) == cards(".9..")  # no lead before broken
    assert legal_plays(cards("5.7.3."), trick("2D"), False, rules) == cards("5...")  # a 2D lead is a spade lead
    assert breaks_spades(Card.parse("2D"), False, rules)
    assert not breaks_spades(Card.parse("2D"), False, Rules())
    assert legal_plays(cards("..52.9"), trick("KD"), False, Rules()) == cards("..52.")


def test_joker_deal_under_the_engine() -> None:  # V-9, P-2
    for rules in (Rules.jokers(), Rules.joker_joker_deuce_deuce()):
        state = new_game(rules, seed=21)
        hands = state.hands
        assert all(len(h) == 13 for h in hands)
        assert CardSet(sum(h.mask for h in hands)) == CardSet(rules.deck_mask)


def test_a_deal_with_a_removed_card_is_refused() -> None:  # V-9, C-1
    hands = [CardSet(CLUBS), CardSet(DIAMONDS), CardSet(HEARTS), CardSet(SPADES)]
    error = deal_error(Deal(tuple(hands)), Rules.jokers())
    assert error is not None and error.reason is Reason.BAD_CHANCE


# ----------------------------------------------------------------------
# V-10: cutthroat.


def test_cutthroat_three_deals_seventeen_and_sets_one_aside() -> None:  # V-10
    rules = Rules.cutthroat(3)
    state = new_game(rules, seed=4)
    assert [len(h) for h in state.hands] == [17, 17, 17]
    assert len(state.discard_pile) == 1
    everything = sum(h.mask for h in state.hands) | state.discard_pile.mask
    assert everything == rules.deck_mask
    assert state.turn == 1  # left of dealer 0 bids first (P-3)


def test_cutthroat_three_without_the_two_of_clubs() -> None:  # V-10
    rules = Rules.cutthroat(3, three_player_deck="remove-two-of-clubs")
    state = new_game(rules, seed=4)
    assert [len(h) for h in state.hands] == [17, 17, 17]
    assert len(state.discard_pile) == 0
    assert all(Card.parse("2C") not in h for h in state.hands)


def test_cutthroat_three_bids_and_deal_checks() -> None:  # V-10, C-3
    rules = Rules.cutthroat(3)
    assert Bid(17) in legal_bids(seat=1, bids=[None] * 3, rules=rules)
    error = bid_error(Bid(18), seat=1, bids=[None] * 3, rules=rules)
    assert error is not None and error.reason is Reason.BID_OUT_OF_RANGE
    thirteen = deal_of(CLUBS, DIAMONDS, HEARTS)
    assert deal_error(thirteen, rules) is not None
    with pytest.raises(IllegalActionError):
        new_game(rules).apply(thirteen)


def test_cutthroat_three_scoring() -> None:  # V-10, S-1, P-5
    rules = Rules.cutthroat(3)
    # Seat 0 bid 4, won 5: 41.  Seat 1 bid 6, won 12: 60 + 6 = 66.  Seat 2 Nil made: 100.
    result = score_hand([Bid(4), Bid(6), Bid.NIL], [5, 12, 0], rules)
    assert result.points == (41, 66, 100)
    assert result.total_bags == (1, 6, 0)
    with pytest.raises(ArgumentError):
        score_hand([Bid(4), Bid(6), Bid.NIL], [5, 8, 0], rules)  # 13 tricks, not 17


def test_cutthroat_four_scores_each_seat() -> None:  # V-10
    rules = Rules.cutthroat(4)
    # Seats bid 3, 4, 2, 4 and win 3, 5, 1, 4: 30, 41, -20, 40.
    assert points([Bid(3), Bid(4), Bid(2), Bid(4)], [3, 5, 1, 4], rules) == (30, 41, -20, 40)
    assert game_winner([500, 499, 0, 0], rules) == 0


def test_cutthroat_double_nil_has_no_exchange() -> None:  # V-10, V-3
    state = new_game(Rules.cutthroat(4), seed=2)
    state = bid_all(state.apply(Bid.DOUBLE_NIL))
    assert state.phase is Phase.PLAY


# ----------------------------------------------------------------------
# The shared invariant checker over every preset and random valid rules.


def _with_floor(rules: Rules) -> Rules:
    return rules if rules.losing_floor is not None else rules.replace(losing_floor=-200)


@pytest.mark.parametrize("seeded", [True, False])
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_invariants_over_whole_games_of_every_preset(name: str, seeded: bool) -> None:  # V-1..V-10
    rules = _with_floor(Rules.preset(name))
    for seed in range(3):
        state = play_to_end(rules, seed, hands=None, seeded=seeded, check_all_actions=0.02, double_nil=0.3)
        assert state.winner is not None


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_invariants_over_hands_of_every_preset_as_given(name: str) -> None:  # V-1..V-10
    # Every step is checked by the invariant checker as it is played.
    play_to_end(Rules.preset(name), 7, hands=2, double_nil=0.3)


@given(rules_strategy(floor=True), st.integers(0, 2**32), st.booleans())
def test_invariants_over_random_valid_rules(rules: Rules, seed: int, seeded: bool) -> None:  # V-1..V-10
    # Every step is checked by the invariant checker as it is played.
    play_to_end(rules, seed, hands=4, seeded=seeded, check_all_actions=0.01, double_nil=0.3)


@settings(max_examples=10)
@given(rules_strategy(), st.integers(0, 2**32))
def test_invariants_over_a_hand_of_random_valid_rules_without_floor(rules: Rules, seed: int) -> None:  # V-1..V-10
    # Every step is checked by the invariant checker as it is played.
    play_to_end(rules, seed, hands=1, double_nil=0.3)


# ----------------------------------------------------------------------
# python -m spades demo --rules NAME


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_demo_plays_a_whole_game_under_every_preset(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:  # V-1..V-10
    path = tmp_path / "game.json"
    assert main(["demo", "--rules", name, "--seed", "3", "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith("Winner: ")
    rules = Rules.preset(name)
    assert f"Hand 0 ({'first player' if rules.is_draft else 'dealer'}: seat {rules.first_dealer})" in out
    record = record_from_json(path.read_text(encoding="utf-8"))
    assert record.rules == rules
    final = record.replay()  # the record replays to the game that was printed
    winner = final.winner
    assert final.is_over and winner is not None
    assert f"with {final.scores[winner]} points after {len(final.sheet)} hands" in out.splitlines()[-1]


def test_demo_refuses_an_unknown_preset_and_two_tables(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--rules", "bridge"])
    assert "invalid choice: 'bridge'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["demo", "--rules", "pagat", "--players", "2"])
    assert "not allowed" in capsys.readouterr().err


# The stateful test over every preset and random valid rules is the shared
# machine of tests/test_stateful.py (its "Variants" rule sets).

