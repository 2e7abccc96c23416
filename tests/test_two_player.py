"""Two-player Spades (T-1..T-8): the keep-or-discard draft from an explicit
stock, bidding and leading by the second player, Nil and Double Nil with its
discard and random replacement, and the alternation of roles."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spades import (
    Bid,
    Card,
    CardSet,
    Draft,
    Exchange,
    GameState,
    IllegalActionError,
    Phase,
    Reason,
    Replacement,
    Rules,
    Stock,
    new_game,
)

from invariants import apply_checked, check_actions, check_state, finish_hand, play_to_end, snapshot

C = Card.parse
H = CardSet.parse
T = Rules.two_player()

# The stock in index order: 2C 3C 4C ... AC 2D ... AS.
INDEX_STOCK = Stock(tuple(Card(i) for i in range(52)))


def interleaved(*suits: str) -> Stock:
    """A stock taking one card of each given suit group in turn, highest
    first: with every turn kept, the first player keeps the cards of the
    first suit, the second player those of the third suit, and the second
    and fourth suits are discarded."""
    groups = [[C(r + s) for r in "AKQJT98765432"] for s in suits]
    return Stock(tuple(card for row in zip(*groups) for card in row))


# First player (seat 0) keeps all spades, second (seat 1) all hearts.
SPADES_HEARTS = interleaved("S", "D", "H", "C")


def drafted(stock: Stock = INDEX_STOCK, rules: Rules = T, choices: Any = None) -> GameState:
    state = apply_checked(new_game(rules), stock)
    turn = 0
    while state.phase is Phase.DRAFT:
        choice = Draft.KEEP if choices is None else choices(turn, state)
        state = apply_checked(state, choice)
        turn += 1
    return state



# -- T-1 ------------------------------------------------------------------------


def test_two_players_each_scoring_alone() -> None:  # T-1
    assert T.players == 2 and not T.partners
    assert T.sides == ((0,), (1,))
    state = new_game(T)
    assert state.scores == (0, 0) and state.dealer == 0  # seat 0 drafts first by default
    assert new_game(Rules.two_player(first_dealer=1)).dealer == 1


def test_no_deal_the_stock_is_the_deck() -> None:  # T-2
    state = new_game(T)
    assert state.is_chance and state.phase is Phase.DEAL
    stock = state.sample_chance(random.Random(1))
    assert isinstance(stock, Stock)
    assert sorted(stock.cards) == list(CardSet(T.deck_mask))
    error = state.explain(Stock(stock.cards[:51]))  # a card short
    assert error is not None and error.reason is Reason.BAD_CHANCE
    error = state.explain(Stock(stock.cards[:51] + stock.cards[:1]))  # a card twice
    assert error is not None and error.reason is Reason.BAD_CHANCE


# -- T-2: keep or reject ---------------------------------------------------------------


def test_keep_takes_the_top_card_and_discards_the_next() -> None:  # T-2
    state = apply_checked(new_game(T), INDEX_STOCK)
    assert state.phase is Phase.DRAFT and state.turn == 0
    assert state.top_of_stock == C("2C")
    state = apply_checked(state, Draft.KEEP)
    assert state.hand(0) == H("...2")
    assert state.discard_pile == H("...3")


def test_reject_discards_the_top_card_and_must_keep_the_next() -> None:  # T-2
    state = apply_checked(new_game(T), INDEX_STOCK)
    state = apply_checked(state, Draft.REJECT)
    assert state.hand(0) == H("...3")
    assert state.discard_pile == H("...2")
    assert state.turn == 1 and state.top_of_stock == C("4C")


def test_draft_alternates_13_turns_each() -> None:  # T-3
    state = apply_checked(new_game(T), INDEX_STOCK)
    turns = []
    rng = random.Random(3)
    while state.phase is Phase.DRAFT:
        assert state.turn is not None
        turns.append(state.turn)
        state = apply_checked(state, rng.choice([Draft.KEEP, Draft.REJECT]))
    assert turns == [0, 1] * 13  # the first player starts, then they alternate
    # T-3: 13 cards each, 26 discarded, together the whole deck.
    assert len(state.hand(0)) == len(state.hand(1)) == 13
    assert len(state.discard_pile) == 26
    assert state.hand(0) | state.hand(1) | state.discard_pile == CardSet(T.deck_mask)
    assert not (state.hand(0) & state.hand(1)) and not (state.hand(0) & state.discard_pile)


def test_keep_every_turn_gives_alternate_pairs() -> None:  # T-2, T-3
    state = drafted()
    assert state.hand(0) == CardSet.from_cards(Card(i) for i in range(0, 52, 4))
    assert state.hand(1) == CardSet.from_cards(Card(i) for i in range(2, 52, 4))
    assert state.discard_pile == CardSet.from_cards(Card(i) for i in range(1, 52, 2))


def test_reject_every_turn() -> None:  # T-2
    state = drafted(choices=lambda turn, s: Draft.REJECT)
    assert state.hand(0) == CardSet.from_cards(Card(i) for i in range(1, 52, 4))
    assert state.hand(1) == CardSet.from_cards(Card(i) for i in range(3, 52, 4))
    assert state.discard_pile == CardSet.from_cards(Card(i) for i in range(0, 52, 2))


def test_draft_refuses_other_actions() -> None:  # T-2, T-3, T-4
    state = apply_checked(new_game(T), INDEX_STOCK)
    for action, reason in [
        (Bid(3), Reason.WRONG_PHASE),  # bidding follows the draft (T-4)
        (C("2C"), Reason.WRONG_PHASE),
        (Exchange([]), Reason.WRONG_PHASE),
        ("keep", Reason.NOT_AN_ACTION),
    ]:
        error = state.explain(action)
        assert error is not None and error.reason is reason, (action, error)
    error = state.explain(Draft.KEEP, seat=1)
    assert error is not None and (error.reason, error.rule) == (Reason.NOT_YOUR_TURN, "T-3")
    check_actions(state)


# -- T-4, T-7: the second player bids first and leads ------------------------------------


@pytest.mark.parametrize("first", [0, 1])
def test_second_player_bids_first_and_leads(first: int) -> None:  # T-4, T-7
    second = 1 - first
    state = drafted(rules=Rules.two_player(first_dealer=first))
    assert state.phase is Phase.BID and state.turn == second  # T-4
    assert state.legal_actions() == tuple(Bid(t) for t in range(14))  # C-3: 0..13
    error = state.explain(Bid(3), seat=first)
    assert error is not None and (error.reason, error.rule) == (Reason.NOT_YOUR_TURN, "T-4")
    state = apply_checked(state, Bid(4))
    assert state.turn == first and state.phase is Phase.BID
    state = apply_checked(state, Bid(5))
    assert state.bids[second] == Bid(4) and state.bids[first] == Bid(5)
    assert state.phase is Phase.PLAY and state.turn == state.leader == second  # T-7


def test_two_player_bid_range() -> None:  # T-4, C-3
    state = drafted()
    for bad in (Bid(14), Bid(99)):
        error = state.explain(bad)
        assert error is not None and error.reason is Reason.BID_OUT_OF_RANGE


def test_two_player_tricks_follow_the_common_rules() -> None:  # C-4, C-5, C-7, T-7
    state = apply_checked(drafted(), Bid(3))
    state = apply_checked(state, Bid(3))
    # Seat 1 holds 4C 8C QC 3D 7D JD 2H 6H TH AH 5S 9S KS; no spade lead.
    error = state.explain(C("KS"))
    assert error is not None and error.reason is Reason.SPADES_NOT_BROKEN
    state = apply_checked(state, C("AH"))
    # Seat 0 holds 4H 8H QH: must follow.
    assert set(state.legal_actions()) == set(H(".Q84.."))
    state = apply_checked(state, C("4H"))
    assert state.tricks_won == (0, 1) and state.turn == 1  # C-7


# -- T-5: Nil ------------------------------------------------------------------------------


def test_nil_made_plus_100() -> None:  # T-5
    # Seat 0 keeps every spade, seat 1 every heart: seat 0 wins all 13.
    state = drafted(SPADES_HEARTS)
    assert state.hand(0) == H("AKQJT98765432...") and state.hand(1) == H(".AKQJT98765432..")
    state = apply_checked(state, Bid.NIL)  # seat 1 (second player) bids first
    state = apply_checked(state, Bid(5))
    state = finish_hand(state)
    row = state.sheet[0]
    assert row.tricks == (13, 0)
    assert row.result.points == (50 + 8, 100)


def test_nil_failed_minus_100() -> None:  # T-5, S-7, S-8
    state = drafted(SPADES_HEARTS)
    state = apply_checked(state, Bid(2))
    state = apply_checked(state, Bid.NIL)  # seat 0 bids Nil and wins all 13
    state = finish_hand(state)
    side = state.sheet[0].result.sides[0]
    assert side.nil_points == -100
    assert side.bags == 13 and side.penalty_points == -100 and side.total_bags == 3  # S-7, S-8
    assert state.scores == (-100 + 13 - 100, -20)


# -- T-6: Double Nil -------------------------------------------------------------------------


def test_double_nil_declared_at_the_start_of_the_first_draft_turn() -> None:  # T-6
    state = apply_checked(new_game(T), INDEX_STOCK)
    assert state.double_nil_open(0) and state.double_nil_open(1)
    assert state.legal_actions() == (Draft.KEEP, Draft.REJECT, Bid.DOUBLE_NIL)
    state = apply_checked(state, Draft.KEEP)  # seat 0 chose its first card: too late
    assert not state.double_nil_open(0)
    assert state.turn == 1 and Bid.DOUBLE_NIL in state.legal_actions()  # seat 1's first turn
    state = apply_checked(state, Bid.DOUBLE_NIL)
    assert state.bids == (None, Bid.DOUBLE_NIL)
    assert state.turn == 1 and state.phase is Phase.DRAFT  # still seat 1's keep-or-not
    assert state.legal_actions() == (Draft.KEEP, Draft.REJECT)
    error = state.explain(Bid.DOUBLE_NIL)
    assert error is not None and error.reason is Reason.DOUBLE_NIL_TOO_LATE and error.rule == "T-6"
    state = apply_checked(state, Draft.REJECT)
    # Seat 0, on its second turn, may no longer declare it.
    error = state.explain(Bid.DOUBLE_NIL)
    assert error is not None and (error.reason, error.rule) == (Reason.DOUBLE_NIL_TOO_LATE, "T-6")


def test_double_nil_in_the_bidding_is_too_late() -> None:  # T-6
    state = drafted()
    assert state.phase is Phase.BID
    assert Bid.DOUBLE_NIL not in state.legal_actions()
    error = state.explain(Bid.DOUBLE_NIL)
    assert error is not None and (error.reason, error.rule) == (Reason.DOUBLE_NIL_TOO_LATE, "T-6")


def test_double_nil_off_by_rule() -> None:  # T-6, V-3
    state = apply_checked(new_game(Rules.two_player(double_nil_allowed=False)), INDEX_STOCK)
    assert state.legal_actions() == (Draft.KEEP, Draft.REJECT)
    error = state.explain(Bid.DOUBLE_NIL)
    assert error is not None and error.reason is Reason.DOUBLE_NIL_NOT_ALLOWED


def second_player_double_nil(stock: Stock = INDEX_STOCK) -> GameState:
    """Seat 1 declares Double Nil at its first turn; every turn keeps."""
    state = apply_checked(new_game(T), stock)
    state = apply_checked(state, Draft.KEEP)
    state = apply_checked(state, Bid.DOUBLE_NIL)
    while state.phase is Phase.DRAFT:
        state = apply_checked(state, Draft.KEEP)
    return state


def test_double_nil_discard_then_replacement_from_the_earlier_pile() -> None:  # T-6
    state = second_player_double_nil()
    # Seat 1 holds the cards at stock positions 2, 6, 10, ...:
    hand = CardSet.from_cards(Card(i) for i in range(2, 52, 4))
    assert state.hand(1) == hand
    pile = CardSet.from_cards(Card(i) for i in range(1, 52, 2))
    assert state.discard_pile == pile
    assert state.phase is Phase.DISCARD and state.turn == 1
    # Any 0..3 of the 13 cards: 1 + 13 + 78 + 286 exchanges, smaller first.
    actions = state.legal_actions()
    assert len(actions) == 378
    assert actions[0] == Exchange([])
    assert [len(a.cards) for a in actions if isinstance(a, Exchange)] == sorted(
        len(a.cards) for a in actions if isinstance(a, Exchange)
    )
    # Discarding four, or a card not held, is refused.
    error = state.explain(Exchange(["4C", "8C", "QC", "3D"]))
    assert error is not None and (error.reason, error.rule) == (Reason.WRONG_EXCHANGE_SIZE, "T-6")
    error = state.explain(Exchange(["2C"]))  # seat 0's card
    assert error is not None and error.reason is Reason.CARD_NOT_IN_HAND
    error = state.explain(Exchange(["3C"]))  # a discarded card
    assert error is not None and error.reason is Reason.CARD_NOT_IN_HAND
    # Discard the three spades.
    state = apply_checked(state, Exchange(["5S", "9S", "KS"]))
    assert state.phase is Phase.REPLACE and state.is_chance and state.turn is None
    assert state.hand(1) == hand - H("K95...")
    # The replacement: 3 cards of the pile as it was before this discard.
    for bad in (
        Replacement(["3C", "5C"]),  # two, not three
        Replacement(["3C", "5C", "7C", "9C"]),  # four
        Replacement(["3C", "5C", "4C"]),  # 4C is in seat 1's hand
        Replacement(["3C", "5C", "2C"]),  # 2C is seat 0's
        Replacement(["3C", "5C", "KS"]),  # just discarded: not in the earlier pile
    ):
        error = state.explain(bad)
        assert error is not None and (error.reason, error.rule) == (Reason.BAD_CHANCE, "T-6"), bad
    sampled = state.sample_chance(random.Random(2))
    assert isinstance(sampled, Replacement) and len(sampled.cards) == 3 and sampled.cards <= pile
    state = apply_checked(state, Replacement(["3C", "5C", "7C"]))
    assert state.hand(1) == (hand - H("K95...")) | H("...753")
    assert state.discard_pile == (pile - H("...753")) | H("K95...")
    assert len(state.discard_pile) == 26
    # The Double Nil bidder makes no other bid: seat 0 bids, then seat 1 leads.
    assert state.phase is Phase.BID and state.turn == 0
    state = apply_checked(state, Bid(4))
    assert state.phase is Phase.PLAY and state.turn == 1  # T-7
    assert state.bids == (Bid(4), Bid.DOUBLE_NIL)


def test_double_nil_may_discard_nothing() -> None:  # T-6
    state = second_player_double_nil()
    hand = state.hand(1)
    state = apply_checked(state, Exchange([]))
    assert state.phase is Phase.BID and state.turn == 0 and state.hand(1) == hand


def test_double_nil_made_plus_200() -> None:  # T-6
    # Seat 1 (all hearts) bids Double Nil; seat 0 holds every spade and wins
    # every trick whatever seat 1 draws.
    state = second_player_double_nil(SPADES_HEARTS)
    state = apply_checked(state, Exchange(["AH", "KH", "QH"]))
    state = apply_checked(state, state.sample_chance(random.Random(0)))
    state = apply_checked(state, Bid(6))
    state = finish_hand(state)
    row = state.sheet[0]
    assert row.tricks == (13, 0)
    assert row.result.points == (60 + 7, 200)


def test_double_nil_failed_minus_200() -> None:  # T-6, S-7, S-8
    # Seat 0 (all spades) bids Double Nil, keeps its hand and wins all 13:
    # -200, 13 bags (+13) bring a bag penalty (-100), 3 carried.
    state = apply_checked(new_game(T), SPADES_HEARTS)
    state = apply_checked(state, Bid.DOUBLE_NIL)
    while state.phase is Phase.DRAFT:
        state = apply_checked(state, Draft.KEEP)
    assert state.phase is Phase.DISCARD and state.turn == 0
    state = apply_checked(state, Exchange([]))
    assert state.phase is Phase.BID and state.turn == 1
    state = apply_checked(state, Bid(2))
    state = finish_hand(state)
    side = state.sheet[0].result.sides[0]
    assert side.nil_points == -200 and side.bags == 13 and side.total_bags == 3
    assert state.scores == (-200 + 13 - 100, -20)


def test_both_double_nil_second_player_exchanges_first_and_no_bidding() -> None:  # T-6
    state = apply_checked(new_game(T), INDEX_STOCK)
    state = apply_checked(state, Bid.DOUBLE_NIL)  # seat 0, first turn
    state = apply_checked(state, Draft.KEEP)
    state = apply_checked(state, Bid.DOUBLE_NIL)  # seat 1, first turn
    while state.phase is Phase.DRAFT:
        state = apply_checked(state, Draft.KEEP)
    assert state.phase is Phase.DISCARD and state.turn == 1  # the second player first
    state = apply_checked(state, Exchange(["4C"]))
    assert state.phase is Phase.REPLACE
    state = apply_checked(state, Replacement(["3C"]))
    assert state.phase is Phase.DISCARD and state.turn == 0
    # Seat 0 draws from the pile as it now stands (4C was thrown in before
    # seat 0's turn); its own discard is not in the pool.
    state = apply_checked(state, Exchange(["2C"]))
    error = state.explain(Replacement(["2C"]))
    assert error is not None and error.reason is Reason.BAD_CHANCE
    state = apply_checked(state, Replacement(["4C"]))
    assert C("4C") in state.hand(0) and C("3C") in state.hand(1)
    assert state.phase is Phase.PLAY and state.turn == 1  # no bids left to make (T-4, T-7)
    assert state.bids == (Bid.DOUBLE_NIL, Bid.DOUBLE_NIL)


# -- T-8: the roles alternate ------------------------------------------------------------------


def test_roles_alternate_each_hand() -> None:  # T-8
    state = apply_checked(drafted(SPADES_HEARTS), Bid(3))
    state = finish_hand(apply_checked(state, Bid(3)))
    assert state.sheet[0].dealer == 0
    assert not state.is_over and state.hand_number == 1
    assert state.dealer == 1  # seat 1 is now the first player
    state = apply_checked(state, INDEX_STOCK)
    assert state.phase is Phase.DRAFT and state.turn == 1  # and drafts first
    assert state.top_of_stock == C("2C")
    state = apply_checked(state, Draft.KEEP)
    assert state.hand(1) == H("...2") and state.turn == 0
    while state.phase is Phase.DRAFT:
        state = apply_checked(state, Draft.KEEP)
    assert state.turn == 0  # seat 0 is now the second player and bids first (T-4)
    state = apply_checked(apply_checked(state, Bid(3)), Bid(3))
    assert state.turn == 0  # and leads (T-7)
    state = finish_hand(state)
    assert state.dealer == 0 and [r.dealer for r in state.sheet] == [0, 1]


# -- Reproducibility ------------------------------------------------------------------------------


def test_seeded_games_are_reproducible() -> None:  # T-2
    rules = Rules.two_player(losing_floor=-200)
    first = play_to_end(rules, 21, hands=None, seeded=True, check=False, double_nil=0.5)
    second = play_to_end(rules, 21, hands=None, seeded=True, check=False, double_nil=0.5)
    assert first == second  # states compare by everything that happened, the sheet included
    assert new_game(T, seed=4) == new_game(T, seed=4)


def test_same_chance_steps_reproduce_the_same_game() -> None:  # T-2, T-6
    rules = Rules.two_player(losing_floor=-200)
    seeded = play_to_end(rules, 8, hands=None, seeded=True, check=False, double_nil=0.5)
    actions = [a for row in seeded.sheet for a in row.actions]
    assert any(isinstance(a, Replacement) for a in actions) or any(
        a == Bid.DOUBLE_NIL for a in actions
    ), "the seed should exercise Double Nil"
    replayed = new_game(rules)
    for action in actions:
        replayed = replayed.apply(action)
    check_state(replayed)
    assert replayed.sheet == seeded.sheet
    assert replayed.is_over and replayed.winner == seeded.winner
    # The unseeded replay is a different value only by its seed.
    assert replayed.seed is None and seeded.seed == 8


def test_apply_in_the_draft_leaves_the_old_state_unchanged() -> None:
    state = apply_checked(new_game(T), INDEX_STOCK)
    before = snapshot(state)
    kept = state.apply(Draft.KEEP)
    rejected = state.apply(Draft.REJECT)
    assert snapshot(state) == before
    assert kept.hand(0) != rejected.hand(0)
    with pytest.raises(IllegalActionError):
        state.apply(Bid(2))
    assert snapshot(state) == before
