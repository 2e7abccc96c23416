"""Scoring a hand and ending the game (S-1..S-9, P-4..P-6, T-5, T-6, C-2),
against values worked out by hand from the rules text and the seeds.

Seats for the partnership examples follow seed 000: Alex (seat 0) and
Charlie (seat 2) are partners, as are Beth (seat 1) and David (seat 3)."""

from __future__ import annotations

from collections.abc import Sequence

from typing import Any

import pytest

from spades import ArgumentError, ArgumentTypeError, Bid, HandScore, Rules, SideScore, game_winner, score_hand
from spades.scoring import winner_after

from invariants import ref_score

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
def test_game_winner_and_boston(boston: str, scores: tuple[int, int], side: int | None, winner: int | None) -> None:  # V-8, S-9
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
