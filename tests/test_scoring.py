"""Scoring a hand and ending the game (S-1..S-9, P-4..P-6, T-5, T-6, C-2),
against values worked out by hand from the rules text and the seeds.

Seats for the partnership examples follow seed 000: Alex (seat 0) and
Charlie (seat 2) are partners, as are Beth (seat 1) and David (seat 3)."""

from __future__ import annotations

from collections.abc import Sequence

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import ArgumentError, ArgumentTypeError, Bid, HandScore, Rules, SideScore, game_winner, score_hand
from spades.rules import Boston
from spades.scoring import winner_after

from invariants import ref_score
from strategies import forged_bid, rules_strategy

P = Rules.partnership()
T = Rules.two_player()
NIL = Bid.NIL
DN = Bid.DOUBLE_NIL


def bids(*values: int | Bid) -> list[Bid]:
    return [v if isinstance(v, Bid) else Bid(v) for v in values]


def score(
    rules: Rules, bid: Sequence[Bid], tricks: Sequence[int], scores: Sequence[int] | None = None,
    bags: Sequence[int] | None = None,
) -> HandScore:
    result = score_hand(bid, tricks, rules, scores=scores, bags=bags)
    # The invariant checker's scorer agrees (it is used on random games).
    mine = ref_score(rules, bid, tricks, scores or [0] * len(rules.sides), bags or [0] * len(rules.sides))
    assert [m.points for m in mine] == list(result.points)
    return result


# -- S-1, S-2, S-3, P-4 -------------------------------------------------------


def test_seed_example_bid_5_won_7_scores_52() -> None:  # S-1, S-2, P-4
    # Seed 000: Alex 4, Beth 3, Charlie 2, David 2; Beth and David (bid 5)
    # win 7 tricks: 50 + 2 = 52, and 2 bags.  Alex and Charlie make 6 exactly.
    result = score(P, bids(4, 3, 2, 2), [3, 4, 3, 3])
    beth_david = result.sides[1]
    assert beth_david.contract == 5  # P-4: 3 + 2
    assert beth_david.tricks == 7 and beth_david.made
    assert beth_david.contract_points == 50
    assert beth_david.bags == 2 and beth_david.bag_points == 2  # S-2
    assert beth_david.points == 52
    alex_charlie = result.sides[0]
    assert alex_charlie.contract == 6 and alex_charlie.points == 60 and alex_charlie.bags == 0
    assert result.points == (60, 52) and result.scores == (60, 52)


def test_contract_made_exactly() -> None:  # S-1
    result = score(P, bids(5, 2, 3, 3), [5, 4, 3, 1])
    assert result.points == (80, 50)


def test_contract_failed_loses_10_per_trick_bid_and_no_bags() -> None:  # S-3
    # Alex 4 + Charlie 2 = 6 bid, 5 won: -60.  Beth and David bid 2, won 8:
    # 20 + 6 bags.
    result = score(P, bids(4, 1, 2, 1), [3, 4, 2, 4])
    side = result.sides[0]
    assert not side.made and side.contract_points == -60 and side.bags == 0 and side.points == -60
    assert result.sides[1].points == 26 and result.sides[1].bags == 6


def test_every_trick_over_is_a_bag() -> None:  # S-2
    result = score(P, bids(1, 1, 1, 1), [10, 1, 1, 1])
    assert result.sides[0].bags == 9 and result.sides[0].points == 20 + 9
    assert result.sides[1].bags == 0 and result.sides[1].points == 20


# -- P-5 Nil, S-4, S-6, S-7 -------------------------------------------------------


def test_alex_bids_4_charlie_nil_both_succeed() -> None:  # P-5, S-4, S-6
    result = score(P, bids(4, 3, NIL, 3), [4, 5, 0, 4])
    side = result.sides[0]
    assert side.contract == 4  # P-4: Nil counts 0
    assert side.contract_points == 40 and side.nil_points == 100  # S-4: separately
    assert side.points == 140


def test_alex_must_still_win_4_when_charlie_makes_nil() -> None:  # P-5, S-3
    result = score(P, bids(4, 3, NIL, 3), [3, 5, 0, 5])
    side = result.sides[0]
    assert not side.made and side.contract_points == -40 and side.nil_points == 100
    assert side.points == 60


def test_failed_nil_tricks_are_bags_and_do_not_count_for_the_partner() -> None:  # S-7, S-6
    # Alex bids 4 and wins 3; Charlie (Nil) wins 1.  The side won 4 tricks but
    # only Alex's 3 count: the contract fails (-40), the Nil fails (-100) and
    # Charlie's trick is a bag (+1): -139.
    result = score(P, bids(4, 3, NIL, 3), [3, 5, 1, 4])
    side = result.sides[0]
    assert side.tricks == 3 and not side.made
    assert side.contract_points == -40 and side.nil_points == -100
    assert side.bags == 1 and side.bag_points == 1
    assert side.points == -139


def test_failed_nil_tricks_are_bags_when_the_contract_is_made() -> None:  # S-7
    # Alex bids 4, wins 5 (1 over); Charlie (Nil) wins 1: 40 + 2 bags - 100 = -58.
    result = score(P, bids(4, 3, NIL, 3), [5, 3, 1, 4])
    side = result.sides[0]
    assert side.made and side.tricks == 5
    assert side.bags == 2 and side.points == -58


def test_failed_nil_bags_reach_the_penalty() -> None:  # S-7, S-8
    result = score(P, bids(4, 3, NIL, 3), [5, 3, 1, 4], bags=[8, 0])
    side = result.sides[0]
    assert side.bags == 2 and side.penalty_points == -100 and side.total_bags == 0
    assert side.points == 40 + 2 - 100 - 100


def test_both_partners_nil_both_succeed_plus_200() -> None:  # P-5, S-5
    result = score(P, bids(NIL, 6, NIL, 7), [0, 6, 0, 7])
    side = result.sides[0]
    assert side.contract == 0 and side.contract_points == 0  # S-5
    assert side.nil_points == 200 and side.points == 200


def test_both_partners_nil_both_fail_minus_200() -> None:  # P-5, S-7
    # -200 for the two Nils; their 1 + 2 tricks are bags (S-7): -197.
    result = score(P, bids(NIL, 5, NIL, 5), [1, 5, 2, 5])
    side = result.sides[0]
    assert side.nil_points == -200 and side.contract_points == 0
    assert side.bags == 3 and side.points == -197


def test_both_partners_nil_one_fails_nets_zero() -> None:  # P-5
    result = score(P, bids(NIL, 5, NIL, 5), [0, 6, 2, 5])
    side = result.sides[0]
    assert side.nil_points == 0 and side.bags == 2 and side.points == 2


def test_contract_zero_scores_no_contract_points() -> None:  # S-5
    # Both Nil and both succeed: the other side took all 13.
    result = score(P, bids(NIL, 6, NIL, 6), [0, 7, 0, 6])
    assert result.sides[0].contract_points == 0 and result.sides[0].made
    assert result.sides[1].points == 120 + 1


# -- P-6 Double Nil -----------------------------------------------------------------


def test_double_nil_success_plus_200_failure_minus_200() -> None:  # P-6, S-4
    made = score(P, bids(DN, 3, 5, 3), [0, 4, 6, 3]).sides[0]
    assert made.nil_points == 200 and made.contract_points == 50 and made.bags == 1
    assert made.points == 251
    failed = score(P, bids(DN, 3, 5, 3), [1, 3, 6, 3]).sides[0]
    assert failed.nil_points == -200
    assert failed.contract_points == 50  # Charlie's 6 count, the DN trick does not (S-7)
    assert failed.bags == 1 + 1  # one over, plus the failed DN trick
    assert failed.points == 50 - 200 + 2


def test_both_partners_double_nil() -> None:  # P-6
    both = score(P, bids(DN, 6, DN, 7), [0, 6, 0, 7]).sides[0]
    assert both.nil_points == 400 and both.points == 400
    neither = score(P, bids(DN, 6, DN, 7), [2, 5, 1, 5]).sides[0]
    assert neither.nil_points == -400 and neither.points == -400 + 3
    one = score(P, bids(DN, 6, DN, 7), [0, 6, 1, 6]).sides[0]
    assert one.nil_points == 0 and one.points == 1


def test_nil_and_double_nil_on_one_side() -> None:  # P-5, P-6
    side = score(P, bids(NIL, 6, DN, 7), [0, 6, 0, 7]).sides[0]
    assert side.nil_points == 300


# -- S-8 sandbagging -----------------------------------------------------------------


def test_seed_sandbagging_example() -> None:  # S-8
    # Seed 000: Alex and Charlie bid 4 and win 7 (3 bags), bid 3 and win 6
    # (3), bid 4 and win 9: now 11 bags: -100, and 1 bag carries.  (The seed
    # and RULES.md write the sum as "3 + 3 + 4 = 11"; bid 4, won 9 is 5 bags,
    # and 3 + 3 + 5 = 11 is the total they state.)
    first = score(P, bids(2, 3, 2, 3), [4, 3, 3, 3])
    assert first.sides[0].points == 43 and first.total_bags[0] == 3
    second = score(P, bids(2, 3, 1, 3), [3, 4, 3, 3], scores=first.scores, bags=first.total_bags)
    assert second.sides[0].points == 33 and second.total_bags[0] == 6
    third = score(P, bids(2, 2, 2, 2), [5, 2, 4, 2], scores=second.scores, bags=second.total_bags)
    side = third.sides[0]
    assert side.bags == 5 and side.penalty_points == -100
    assert side.points == 40 + 5 - 100
    assert side.total_bags == 1  # the 11th bag carries
    assert side.score == 43 + 33 - 55
    # 9 more bags bring the next penalty: bid 4, win 13.
    fourth = score(P, bids(2, 1, 2, 1), [7, 0, 6, 0], scores=third.scores, bags=third.total_bags)
    side = fourth.sides[0]
    assert side.bags == 9 and side.penalty_points == -100 and side.total_bags == 0
    assert side.points == 40 + 9 - 100


def test_exactly_ten_bags_bring_the_penalty() -> None:  # S-8
    side = score(P, bids(2, 3, 2, 3), [4, 3, 3, 3], bags=[7, 0]).sides[0]
    assert side.bags == 3 and side.penalty_points == -100 and side.total_bags == 0


def test_nine_bags_bring_no_penalty() -> None:  # S-8
    side = score(P, bids(2, 3, 2, 3), [4, 3, 3, 3], bags=[6, 0]).sides[0]
    assert side.penalty_points == 0 and side.total_bags == 9


def test_one_hand_can_bring_two_penalties() -> None:  # S-8
    # 9 bags carried; bid 2, win 13: 11 more, 20 in all: two penalties, 0 carried.
    side = score(P, bids(1, 1, 1, 1), [7, 0, 6, 0], scores=[100, 100], bags=[9, 0]).sides[0]
    assert side.bags == 11
    assert side.penalty_points == -200
    assert side.total_bags == 0
    assert side.points == 20 + 11 - 200
    assert side.score == 100 + 20 + 11 - 200


def test_bag_options() -> None:  # S-8, V-5
    rules = Rules.partnership(bag_points=0, bags_per_penalty=5, bag_penalty=50)
    side = score(rules, bids(1, 1, 1, 1), [7, 0, 6, 0], bags=[4, 0]).sides[0]
    # 11 bags + 4 = 15: three penalties of 50, 0 carried, bags worth nothing.
    assert side.penalty_points == -150 and side.total_bags == 0 and side.points == 20 - 150


# -- Two-player scoring (T-5, T-6, S- for a side of one) ----------------------------


def test_two_player_contract() -> None:  # S-1, T-4
    result = score(T, bids(5, 6), [7, 6])
    assert result.points == (52, 60)


def test_two_player_nil_plus_minus_100() -> None:  # T-5
    made = score(T, bids(NIL, 5), [0, 13])
    assert made.points == (100, 50 + 8)
    failed = score(T, bids(NIL, 5), [2, 11])
    assert failed.sides[0].nil_points == -100
    assert failed.sides[0].bags == 2  # S-7 applies in the two-player game too
    assert failed.points == (-98, 56)


def test_two_player_double_nil_plus_minus_200() -> None:  # T-6
    made = score(T, bids(4, DN), [13, 0])
    assert made.points == (40 + 9, 200)
    failed = score(T, bids(4, DN), [12, 1])
    assert failed.sides[1].nil_points == -200 and failed.points == (48, -199)


# -- Bad input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks"),
    [
        (bids(1, 1, 1), [13, 0, 0]),
        (bids(1, 1, 1, 1), [13, 0, 0, 1]),
        (bids(1, 1, 1, 1), [14, -1, 0, 0]),
        ([1, 1, 1, 1], [13, 0, 0, 0]),
    ],
)
def test_score_hand_refuses_impossible_input(bid: list[object], tricks: list[int]) -> None:  # C-8
    with pytest.raises(ArgumentError):
        score_hand(bid, tricks, P)  # type: ignore[arg-type]


def test_score_hand_needs_one_bid_and_one_trick_count_per_seat() -> None:  # C-8
    # Four bids but three trick counts (that add up to 13): still refused.
    with pytest.raises(ArgumentError) as error:
        score_hand(bids(4, 3, 3, 3), [5, 4, 4], P)
    assert isinstance(error.value, ValueError)
    assert str(error.value) == "score_hand needs 4 bids and 4 trick counts"
    with pytest.raises(ArgumentError, match="^score_hand needs 2 bids and 2 trick counts$"):
        score_hand(bids(4, 3, 3), [5, 8], T)


def test_score_hand_needs_bids() -> None:
    with pytest.raises(ArgumentTypeError) as error:
        score_hand([Bid(4), Bid(3), 3, Bid(3)], [4, 3, 3, 3], P)  # type: ignore[list-item]
    assert isinstance(error.value, TypeError)
    assert str(error.value) == "score_hand needs a Bid for every seat"


@pytest.mark.parametrize("tricks", [[4, 3, 3, 2], [14, -1, 0, 0], [4.0, 3, 3, 3]])
def test_score_hand_needs_trick_counts_that_make_a_hand(tricks: list[int]) -> None:  # C-8
    with pytest.raises(ArgumentError) as error:
        score_hand(bids(4, 3, 3, 3), tricks, P)
    assert str(error.value) == "the trick counts must be whole numbers adding up to 13 (rule C-8)"


@pytest.mark.parametrize(
    "call",
    [
        lambda: score_hand(bids(4, 3, 3, 3), [4, 3, 3, 3], P, scores=[0]),
        lambda: score_hand(bids(4, 3, 3, 3), [4, 3, 3, 3], P, bags=[0, 0, 0]),
        lambda: score_hand(bids(4, 3, 3, 3), [4, 3, 3, 3], P, scores=[0, 1.5]),  # type: ignore[list-item]
        lambda: score_hand("4333", [4, 3, 3, 3], P),  # type: ignore[arg-type]
        lambda: score_hand(bids(4, 3, 3, 3), [4, 3, 3, 3], "rules"),  # type: ignore[arg-type]
        lambda: game_winner([500], P),
        lambda: game_winner([500, True], P),
        lambda: game_winner([500, 0], P, boston=2),
        lambda: game_winner([500, 0], None),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_are_argument_errors(call: Any) -> None:
    with pytest.raises(ArgumentError):
        call()


def test_side_score_fields() -> None:
    side = score(P, bids(4, 3, 2, 2), [3, 4, 3, 3]).sides[1]
    assert isinstance(side, SideScore)
    assert (side.bonus_points, side.penalty_points, side.boston) == (0, 0, False)


# -- C-2 and S-9: the end of the game -----------------------------------------------


@pytest.mark.parametrize(
    ("scores", "winner"),
    [
        ((500, 300), 0),  # C-2: reaching 500 exactly wins
        ((300, 500), 1),
        ((499, 300), None),
        ((499, 499), None),
        ((620, -40), 0),  # S-9: exactly one side over the target
        ((510, 530), 1),  # S-9: both over: the higher wins
        ((530, 510), 0),
        ((510, 510), None),  # S-9: tied: another hand
        ((-300, -400), None),  # no losing floor by default
    ],
)
def test_game_winner(scores: tuple[int, int], winner: int | None) -> None:  # C-2, S-9
    assert game_winner(scores, P) == winner
    assert game_winner(scores, T) == winner  # the same for two players (T-)


def test_game_winner_with_losing_floor() -> None:  # S-9, V-1
    rules = Rules.partnership(losing_floor=-200)
    assert game_winner((-200, 40), rules) == 1
    assert game_winner((-199, 40), rules) is None
    assert game_winner((-250, -250), rules) is None  # tied at the top: another hand


# -- V-4, V-8: the scoring options --------------------------------------------------


def test_failed_nil_tricks_count_for_the_partner() -> None:  # V-4, S-6
    # Alex bids 4 and wins 3; Charlie (Nil) wins 1.  Counted for Alex, the
    # side has its 4: 40, the Nil fails (-100), no bags: -60.
    rules = Rules.partnership(failed_nil="partner")
    side = score(rules, bids(4, 3, NIL, 3), [3, 5, 1, 4]).sides[0]
    assert side.tricks == 4 and side.made and side.bags == 0
    assert side.points == 40 - 100
    # Alex wins 5 and Charlie 2: 7 counted, 3 over: 40 + 3 - 100.
    side = score(rules, bids(4, 3, NIL, 3), [5, 3, 2, 3]).sides[0]
    assert side.tricks == 7 and side.bags == 3 and side.points == 43 - 100


def test_failed_nil_tricks_ignored() -> None:  # V-4
    # The same hand with the Nil's trick ignored: Alex's 3 of 4 fail (-40),
    # the Nil fails (-100), and Charlie's trick is no bag: -140.
    rules = Rules.partnership(failed_nil="ignored")
    side = score(rules, bids(4, 3, NIL, 3), [3, 5, 1, 4]).sides[0]
    assert side.tricks == 3 and not side.made and side.bags == 0
    assert side.points == -40 - 100


def test_ten_for_two_hundred_from_a_contract_of_exactly_ten() -> None:  # V-8
    rules = Rules.partnership(ten_for_two_hundred=True)
    # Alex 6 + Charlie 4 = 10, won 10: 100 doubled.  Beth and David bid 2, win 3.
    result = score(rules, bids(6, 1, 4, 1), [6, 2, 4, 1])
    assert result.sides[0].contract_points == 200 and result.points == (200, 21)
    # A contract of 13 made: 260, not 130 or 390.
    result = score(rules, bids(7, NIL, 6, NIL), [7, 0, 6, 0])
    assert result.sides[0].contract_points == 260 and result.points == (260, 200)
    # A contract of 9 is not doubled (90 + 1), nor a failed 10 (-100).
    assert score(rules, bids(5, 1, 4, 1), [6, 2, 4, 1]).points == (91, 21)
    assert score(rules, bids(6, 1, 4, 1), [6, 3, 3, 1]).points == (-100, 22)


def test_boston_bonus_for_every_trick_between_partners() -> None:  # V-8
    rules = Rules.partnership(boston="bonus")
    # Alex and Charlie bid 7 and take 7 + 6 = 13 tricks: 70 + 6 bags + 250.
    result = score(rules, bids(4, 1, 3, 1), [7, 0, 6, 0])
    side = result.sides[0]
    assert side.boston and side.bonus_points == 250 and side.points == 326
    assert not result.sides[1].boston and result.sides[1].points == -20
    # 12 of 13 is no Boston: 70 + 5 bags.
    side = score(rules, bids(4, 1, 3, 1), [7, 1, 5, 0]).sides[0]
    assert not side.boston and side.bonus_points == 0 and side.points == 75
    # The Boston is the side's, Nil tricks included: Alex bids 5 and takes 12,
    # Charlie's Nil fails with the 13th: 50 + 7 + 1 bags - 100 + 250.
    side = score(rules, bids(5, 1, NIL, 1), [12, 0, 1, 0]).sides[0]
    assert side.boston and side.points == 50 + 8 - 100 + 250


def test_boston_without_the_bonus_rule_is_only_noted() -> None:  # V-8
    for rules in (P, Rules.partnership(boston="win")):
        side = score(rules, bids(4, 1, 3, 1), [7, 0, 6, 0]).sides[0]
        assert side.boston and side.bonus_points == 0 and side.points == 76


@pytest.mark.parametrize(
    ("boston", "scores", "side", "winner"),
    [
        ("win", (100, 400), 0, 0),  # V-8: the Boston wins at once, whatever the scores
        ("win", (400, 100), 1, 1),
        ("win", (510, 420), None, 0),  # no Boston: S-9 as usual
        ("win", (100, 400), None, None),
        ("bonus", (100, 400), 0, None),  # only "win" ends the game
        ("none", (100, 400), 0, None),
        ("none", (100, 520), 0, 1),
    ],
)
def test_game_winner_and_boston(boston: Boston, scores: tuple[int, int], side: int | None, winner: int | None) -> None:  # V-8, S-9
    rules = Rules.partnership(boston=boston)
    assert game_winner(scores, rules, boston=side) == winner


def test_the_winner_after_a_hand() -> None:  # S-9, V-8, C-2
    # Before the hand 480 and 150.  Alex and Charlie bid 4, win 5: 41, 521.
    # Beth and David bid 4, win 8: 44, 194.  The first side passes 500.
    result = score(P, bids(2, 2, 2, 2), [3, 4, 2, 4], scores=[480, 150])
    assert result.scores == (521, 194) and winner_after(result, P) == 0
    # Beth and David take all 13 tricks: with "win" they win at once...
    rules = Rules.partnership(boston="win")
    boston = score(rules, bids(1, 3, 1, 3), [0, 7, 0, 6], scores=[480, 150])
    assert boston.scores == (480 - 20, 150 + 60 + 7) and winner_after(boston, rules) == 1
    # ...and with the default rules nobody has won yet.
    plain = score(P, bids(1, 3, 1, 3), [0, 7, 0, 6], scores=[480, 150])
    assert winner_after(plain, P) is None
    # No Boston and no side at 500: the game goes on.
    assert winner_after(score(rules, bids(2, 2, 2, 2), [3, 4, 2, 4]), rules) is None


# -- Bounded arguments (S-8, C-3, C-8) ----------------------------------------------


def test_many_penalties_in_one_hand_are_counted_by_division() -> None:  # S-8, V-5
    # One bag a penalty: bid 2, win 13: 11 bags bring 11 penalties at once;
    # none carries.
    rules = Rules.partnership(bags_per_penalty=1, bag_penalty=10_000, bag_points=100)
    side = score(rules, bids(1, 1, 1, 1), [13, 0, 0, 0]).sides[0]
    assert side.bags == 11 and side.penalty_points == -110_000 and side.total_bags == 0
    assert side.points == 20 + 1_100 - 110_000
    # 99 carried and 13 more: one penalty, 12 carry (S-8's "the rest carry over").
    rules = Rules.partnership(bags_per_penalty=100)
    side = score(rules, bids(0, 0, 0, 0), [13, 0, 0, 0], bags=[99, 0]).sides[0]
    assert side.penalty_points == -100 and side.total_bags == 12


def test_the_fast_path_counts_penalties_by_division() -> None:  # S-8
    # score_sides takes checked values; even so, its penalty count must not
    # loop once per penalty (it did, and 10**12 bags effectively hung).
    import signal

    from spades.scoring import score_sides

    def timeout(*_: object) -> None:
        raise TimeoutError("the penalties are counted one at a time")

    previous = signal.signal(signal.SIGALRM, timeout)
    signal.alarm(5)
    try:
        side = score_sides(bids(1, 1, 1, 1), [13, 0, 0, 0], P, (0, 0), (10**12, 0)).sides[0]
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    # 10**12 + 11 bags: 10**11 + 1 penalties, 1 bag carries.
    assert side.penalty_points == -100 * (10**11 + 1) and side.total_bags == 1


@pytest.mark.parametrize("carried", [-1, 10, 11, 10**7, True, 1.0], ids=repr)
def test_bags_carried_are_below_a_penalty(carried: Any) -> None:  # S-8
    # Bags carried from hand to hand are always below bags_per_penalty
    # (S-8 removes them as they reach it): anything else is a bad argument.
    with pytest.raises(ArgumentError, match="bags") as caught:
        score_hand(bids(1, 1, 1, 1), [4, 3, 3, 3], P, bags=[carried, 0])
    assert len(str(caught.value)) < 200


def test_bags_carried_up_to_one_below_a_penalty_are_accepted() -> None:  # S-8, V-5
    result = score(P, bids(1, 1, 1, 1), [4, 3, 3, 3], bags=[9, 9])
    # 9 + 5 and 9 + 4 bags: a penalty each, 4 and 3 carry.
    assert [s.penalty_points for s in result.sides] == [-100, -100] and result.total_bags == (4, 3)
    rules = Rules.partnership(bags_per_penalty=1)
    assert score_hand(bids(1, 1, 1, 1), [4, 3, 3, 3], rules, bags=[0, 0]).total_bags == (0, 0)
    with pytest.raises(ArgumentError, match="from 0 to 0"):
        score_hand(bids(1, 1, 1, 1), [4, 3, 3, 3], rules, bags=[1, 0])


HUGE = [10**12 + 1, -(10**12) - 1, 10**5000, -(10**5000)]


@pytest.mark.parametrize("value", HUGE, ids=["10**12+1", "-10**12-1", "10**5000", "-10**5000"])
def test_scores_are_bounded(value: int) -> None:  # S-9
    with pytest.raises(ArgumentError, match="scores") as caught:
        score_hand(bids(1, 1, 1, 1), [4, 3, 3, 3], P, scores=[value, 0])
    assert len(str(caught.value)) < 200
    with pytest.raises(ArgumentError, match="scores") as caught:
        game_winner([0, value], P)
    assert len(str(caught.value)) < 200


def test_scores_at_the_bounds_are_accepted() -> None:  # S-9, C-2, V-1
    limit = 10**12
    result = score(P, bids(1, 1, 1, 1), [4, 3, 3, 3], scores=[limit, -limit])
    assert result.scores == (limit + 25, -limit + 24)
    assert game_winner([limit, -limit], P) == 0
    assert game_winner([-limit, -limit], P) is None


@pytest.mark.parametrize(
    "bid",
    [
        Bid(14),
        forged_bid(-1),
        forged_bid(10**5000),
        forged_bid(True),
        forged_bid(3.0),
        forged_bid("3"),
        forged_bid(3, True),
        forged_bid(0, 1),
    ],
    ids=["14", "-1", "10**5000", "True", "3.0", "'3'", "3+double", "0+int"],
)
def test_score_hand_needs_bids_of_the_hand(bid: Bid) -> None:  # C-3
    # A bid is Nil, Double Nil or 1..13 tricks (1..17 for three players);
    # Bid() takes 0..99 so that the rules can refuse 14, and score_hand
    # refuses it too, as it refuses a bid forged around its constructor.
    with pytest.raises(ArgumentError, match="C-3") as caught:
        score_hand([bid, Bid(3), Bid(3), Bid(3)], [4, 3, 3, 3], P)
    assert len(str(caught.value)) < 200


def test_a_bid_of_the_whole_hand_is_scored() -> None:  # C-3, V-10
    three = Rules.cutthroat(3)
    assert score_hand(bids(17, 0, 0), [17, 0, 0], three).points == (170, 100, 100)
    assert score_hand(bids(13, 0, 0, 0), [13, 0, 0, 0], P).sides[0].contract_points == 130


class _Unmeasurable(Sequence[int]):
    """A sequence whose length cannot be read."""

    def __len__(self) -> int:
        raise OverflowError

    def __getitem__(self, index: Any) -> Any:
        raise IndexError


@pytest.mark.parametrize(
    "call",
    [
        lambda: game_winner([], P),
        lambda: game_winner((), T),
        lambda: game_winner([0, 0, 0], P),
        lambda: game_winner(range(10**20), P),
        lambda: game_winner(_Unmeasurable(), P),
        lambda: game_winner(None, P),  # type: ignore[arg-type]
        lambda: game_winner("12", P),  # type: ignore[arg-type]
        lambda: game_winner({0: 1, 1: 2}, P),  # type: ignore[arg-type]
        lambda: game_winner([0, 0], P, boston=True),
        lambda: game_winner([0, 0], P, boston=-1),
        lambda: game_winner([0, 0], P, boston="x" * 10_000),  # type: ignore[arg-type]
        lambda: game_winner([0, 0], Rules),  # type: ignore[arg-type]
        lambda: score_hand(range(10**20), [4, 3, 3, 3], P),  # type: ignore[arg-type]
        lambda: score_hand(bids(4, 3, 3, 3), _Unmeasurable(), P),
        lambda: score_hand(bids(4, 3, 3, 3), [4, 3, 3, 3] * 10**5, P),
        lambda: score_hand(bids(4, 3, 3, 3), [4, 3, 3, 3], P, scores=range(10**20)),
        lambda: score_hand(bids(4, 3, 3, 3), [4, 3, 3, 3], P, bags=[None, 0]),  # type: ignore[list-item]
        lambda: score_hand(bids(4, 3, 3, 3), [4, 3, 3, 3], P, scores=[0.0, 0]),  # type: ignore[list-item]
        lambda: score_hand(bids(4, 3, 3, 3), [10**5000, 3, 3, 3], P),
        lambda: score_hand(bids(4, 3, 3, 3), [4, 3, 3, 3], P.to_dict()),  # type: ignore[arg-type]
    ],
)
def test_more_bad_arguments_are_argument_errors(call: Any) -> None:  # S-8, S-9, C-8
    with pytest.raises(ArgumentError) as caught:
        call()
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("sides", ["ab", [1, 2], (None,), ([],)], ids=repr)
def test_hand_score_holds_side_scores(sides: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="SideScore"):
        HandScore(sides)


_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=10**4300) | st.integers(max_value=-(10**4300)),
    st.floats(),
    st.text(max_size=5),
    st.builds(forged_bid, st.integers(-3, 20) | st.booleans() | st.none(), st.booleans() | st.integers(0, 2)),
)
_VALUES = st.one_of(_JUNK, st.lists(_JUNK, max_size=5), st.lists(st.integers(-20, 20), min_size=2, max_size=4))


_BIDS = st.builds(
    forged_bid, st.integers(-3, 20) | st.booleans() | st.none() | st.text(max_size=2), st.booleans() | st.integers(0, 2)
)


@given(_VALUES, _VALUES, _VALUES, _VALUES, rules_strategy(), st.data())
def test_junk_arguments_to_score_hand_are_argument_errors(
    bid: Any, tricks: Any, scores: Any, bags: Any, rules: Rules, data: st.DataObject
) -> None:  # S-1..S-8, C-8
    players, sides = rules.players, len(rules.sides)
    if data.draw(st.booleans()):  # well-formed lengths and trick counts, junk values
        bid = data.draw(st.lists(_BIDS, min_size=players, max_size=players))
        tricks = [rules.hand_size] + [0] * (players - 1)
        scores = data.draw(st.lists(_JUNK, min_size=sides, max_size=sides))
        bags = data.draw(st.lists(st.integers(-2, 200), min_size=sides, max_size=sides))
    try:
        result = score_hand(bid, tricks, rules, scores=scores, bags=bags)
    except ArgumentError as error:
        assert len(str(error)) < 300
        return
    assert all(0 <= b < rules.bags_per_penalty for b in result.total_bags)


@given(_VALUES, rules_strategy(), _JUNK)
def test_junk_arguments_to_game_winner_are_argument_errors(scores: Any, rules: Rules, boston: Any) -> None:  # S-9
    try:
        winner = game_winner(scores, rules, boston=boston)
    except ArgumentError as error:
        assert len(str(error)) < 300
        return
    assert winner is None or 0 <= winner < len(rules.sides)


@given(rules_strategy(), st.data())
def test_valid_hands_score_as_the_reference_scorer(rules: Rules, data: st.DataObject) -> None:  # S-1..S-8
    # Penalties by division give what counting them one by one gives.
    players, hand = rules.players, rules.hand_size
    cuts = sorted(data.draw(st.lists(st.integers(0, hand), min_size=players - 1, max_size=players - 1)))
    won = [b - a for a, b in zip([0, *cuts], [*cuts, hand])]
    bid = [data.draw(st.sampled_from((NIL, DN)) | st.builds(Bid, st.integers(1, hand))) for _ in range(players)]
    sides = len(rules.sides)
    before = data.draw(st.lists(st.integers(-(10**6), 10**6), min_size=sides, max_size=sides))
    carried = data.draw(st.lists(st.integers(0, rules.bags_per_penalty - 1), min_size=sides, max_size=sides))
    score(rules, bid, won, scores=before, bags=carried)


# -- What a bad argument's message says (a caller reads it to fix the call) --------


def _message(call: Any, kind: type[Exception] = ArgumentError) -> str:
    with pytest.raises(kind) as caught:
        call()
    return str(caught.value)


def test_argument_messages_name_the_argument_and_what_was_wrong() -> None:  # S-8, C-3
    four = bids(4, 3, 3, 3)
    assert _message(lambda: score_hand("4333", [4, 3, 3, 3], P)) == "bids: a sequence, got str"  # type: ignore[arg-type]
    assert _message(lambda: score_hand(four, 13, P)) == "tricks: a sequence, got int"  # type: ignore[arg-type]
    assert _message(lambda: score_hand(four, [4, 3, 3, 3], "P")) == "rules must be a Rules value, got str"  # type: ignore[arg-type]
    assert _message(lambda: score_hand(four, range(10**20), P)) == "tricks: a sequence whose length can be read"
    assert _message(lambda: score_hand(four, [4, 3, 3, 3], P, scores=[0])) == "scores: one per side (2), got 1"
    assert _message(lambda: score_hand(four, [4, 3, 3, 3], P, scores=[0, 10**13])) == (
        f"scores: each from {-(10**12)} to {10**12}, got 10000000000000"
    )
    assert _message(lambda: score_hand(four, [4, 3, 3, 3], P, bags=[0, 10])) == (
        "bags: each from 0 to 9 (rule S-8: bags carried are below a penalty), got 10"
    )
    assert _message(lambda: score_hand(four, [4, 3, 3, 3], P, bags=[0, 1.0])) == "bags: whole numbers, one per side"  # type: ignore[list-item]
    assert _message(lambda: score_hand([forged_bid(-2)] + four[1:], [4, 3, 3, 3], P)) == (
        "score_hand: a bid is Nil, Double Nil or 1..13 tricks (rule C-3), got Bid(-2)"
    )
    assert _message(lambda: game_winner([500, 0], P, boston=7)) == "boston: a side's index or None, got 7"
    assert _message(lambda: game_winner([500], P)) == "scores: one per side (2), got 1"
    assert _message(lambda: HandScore("junk"), ArgumentTypeError) == (  # type: ignore[arg-type]
        "HandScore: a tuple of SideScore values, got 'junk'"
    )


def test_sequences_up_to_64_values_are_read_longer_ones_refused() -> None:
    four = bids(4, 3, 3, 3)
    # 64 values are read (and are not one per seat); 65 are refused unread.
    assert _message(lambda: score_hand(four * 16, [4, 3, 3, 3], P)) == "score_hand needs 4 bids and 4 trick counts"
    assert _message(lambda: score_hand(four * 16 + four[:1], [4, 3, 3, 3], P)) == (
        "bids: one value per seat or side, got 65"
    )


_SIDE_FIELDS: dict[str, Any] = dict(contract=4, tricks=5, made=True, contract_points=40, bags=1, bag_points=1, nil_points=0,
                    bonus_points=0, penalty_points=0, points=41, total_bags=1, score=41, boston=False)


def test_a_side_score_built_directly_is_checked() -> None:
    assert SideScore(**_SIDE_FIELDS).points == 41
    limit = 2 * 10**12
    assert SideScore(**{**_SIDE_FIELDS, "score": -limit}).score == -limit
    for name, value in _SIDE_FIELDS.items():
        wrong: list[object] = [None, "4", 4.0, [value]]
        wrong += [1, 0] if type(value) is bool else [True, 10**5000, limit + 1, -limit - 1]
        for bad in wrong:
            with pytest.raises(ArgumentError) as caught:
                SideScore(**{**_SIDE_FIELDS, name: bad})
            message = str(caught.value)
            assert message.startswith(f"{name}: ") and len(message) <= 300
            assert isinstance(caught.value, ArgumentTypeError) == (type(bad) is not int or type(value) is bool)


def test_a_pickled_side_score_is_checked_as_one_built_directly() -> None:
    import pickle

    side = SideScore(**_SIDE_FIELDS)
    assert pickle.loads(pickle.dumps(side)) == side
    fields = side.__reduce__()
    for values in ((*fields[1][:-1], 1), (10**13, *fields[1][1:])):
        with pytest.raises(ArgumentTypeError, match="not a pickle of SideScore"):
            fields[0](*values)
