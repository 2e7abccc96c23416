"""Leading, following, breaking spades and winning tricks (C-4..C-8), as
pure functions and through the game state, plus perft-style counts of the
legal play sequences from fixed deals."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from spades import (
    ArgumentError,
    Bid,
    Card,
    CardSet,
    Deal,
    Draft,
    GameState,
    IllegalActionError,
    Reason,
    Rules,
    Stock,
    breaks_spades,
    legal_plays,
    new_game,
    play_error,
    trick_winner,
)

from invariants import ref_legal_cards, ref_trick_winner

C = Card.parse
H = CardSet.parse


def trick(*texts: str) -> list[Card]:
    return [C(t) for t in texts]


# -- C-4: leading spades ---------------------------------------------------


def test_may_not_lead_spade_before_broken() -> None:  # C-4
    hand = H("AK.Q.-.32")
    assert legal_plays(hand, []) == H(".Q..32")
    error = play_error(C("AS"), hand, [])
    assert error is not None
    assert error.reason is Reason.SPADES_NOT_BROKEN and error.rule == "C-4"
    assert "AS" in str(error) and "C-4" in str(error)


def test_may_lead_spade_when_hand_holds_only_spades() -> None:  # C-4 exception
    hand = H("AK2...")
    assert legal_plays(hand, [], spades_broken=False) == hand
    assert play_error(C("2S"), hand, []) is None


def test_may_lead_spade_after_spades_broken() -> None:  # C-4
    hand = H("AK.Q.-.32")
    assert legal_plays(hand, [], spades_broken=True) == hand
    assert play_error(C("KS"), hand, [], spades_broken=True) is None


# -- C-5: following ----------------------------------------------------------


def test_must_follow_the_suit_led() -> None:  # C-5
    hand = H("AK.Q.-.32")
    assert legal_plays(hand, trick("5C")) == H("...32")
    error = play_error(C("AS"), hand, trick("5C"))
    assert error is not None and error.reason is Reason.MUST_FOLLOW_SUIT and error.rule == "C-5"
    error = play_error(C("QH"), hand, trick("5C", "9C"))
    assert error is not None and error.reason is Reason.MUST_FOLLOW_SUIT


def test_void_may_play_any_card_trumping_never_forced() -> None:  # C-5
    hand = H("AK.Q.-.32")
    # Diamonds led; the hand has none: a spade, a heart or a club are all legal.
    assert legal_plays(hand, trick("5D")) == hand
    assert play_error(C("QH"), hand, trick("5D")) is None
    assert play_error(C("2C"), hand, trick("5D")) is None
    assert play_error(C("AS"), hand, trick("5D")) is None


def test_follow_spades_when_spades_led() -> None:  # C-5
    hand = H("AK.Q.-.32")
    assert legal_plays(hand, trick("2S"), spades_broken=True) == H("AK...")


def test_following_ignores_whether_spades_are_broken() -> None:  # C-5, C-4
    hand = H("AK.Q.-.32")
    assert legal_plays(hand, trick("5D"), spades_broken=False) == hand


def test_card_not_in_hand() -> None:
    error = play_error(C("AD"), H("AK.Q.-.32"), [])
    assert error is not None and error.reason is Reason.CARD_NOT_IN_HAND
    assert "AD" in str(error)


# -- C-6: breaking spades ----------------------------------------------------


def test_spade_on_another_suit_breaks_spades() -> None:  # C-6
    assert breaks_spades(C("2S"), False)
    assert not breaks_spades(C("AH"), False)
    assert breaks_spades(C("AH"), True)  # once broken, they stay broken


def test_spade_led_from_all_spades_breaks_spades() -> None:  # C-6, C-4
    assert breaks_spades(C("AS"), False)


# -- C-7: who wins the trick ---------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        (("KH", "AD", "QH", "3H"), 0),  # highest of the suit led; AD does not follow
        (("2H", "3H", "AH", "KH"), 2),
        (("KH", "AH", "2S", "QH"), 2),  # the only spade wins
        (("KH", "2S", "3S", "AH"), 2),  # the highest spade
        (("2C", "AD", "AH", "3C"), 3),  # off-suit aces do not win
        (("5S", "AS", "KH", "KS"), 1),  # spades led
        (("TD", "JD", "QD", "KD"), 3),
        (("9C", "TC", "2S", "AS"), 3),
    ],
)
def test_trick_winner(cards: tuple[str, ...], winner: int) -> None:  # C-7
    played = trick(*cards)
    assert trick_winner(played) == winner
    assert ref_trick_winner(played, Rules.partnership()) == winner


def test_trick_winner_of_two_cards() -> None:  # C-7 (two-player tricks)
    assert trick_winner(trick("2H", "AH")) == 1
    assert trick_winner(trick("AH", "2S")) == 1
    assert trick_winner(trick("AH", "KD")) == 0


def test_empty_trick_has_no_winner() -> None:  # C-7
    with pytest.raises(ArgumentError):
        trick_winner([])


# -- Through the game state: a fixed deal ---------------------------------------
#
# Dealer 0, so seat 1 bids first and leads (P-3, P-7).
#   seat 0: spades 8..2, clubs 7..2      (void in hearts and diamonds)
#   seat 1: spades AKQ, hearts A..5      (may not lead a spade: C-4)
#   seat 2: spade J, hearts 432, diamonds A..6
#   seat 3: spades T9, diamonds 5432, clubs A..8   (void in hearts)
VOID_DEAL = Deal(
    (
        "8765432...765432",
        "AKQ.AKQJT98765..",
        "J.432.AKQJT9876.",
        "T9..5432.AKQJT98",
    )
)


def void_deal_state() -> GameState:
    state = new_game(Rules.partnership()).apply(VOID_DEAL)
    for bid in (Bid(4), Bid(3), Bid(2), Bid(3)):
        state = state.apply(bid)
    return state


def test_state_refuses_spade_lead_before_broken() -> None:  # C-4
    state = void_deal_state()
    assert state.turn == 1 and state.leader == 1  # P-7
    error = state.explain(C("AS"))
    assert error is not None and error.reason is Reason.SPADES_NOT_BROKEN and error.rule == "C-4"
    with pytest.raises(IllegalActionError) as caught:
        state.apply(C("AS"))
    assert caught.value.reason is Reason.SPADES_NOT_BROKEN
    assert set(state.legal_actions()) == set(H(".AKQJT98765.."))


def test_state_follow_void_and_break() -> None:  # C-5, C-6, C-7
    state = void_deal_state().apply(C("AH"))
    # Seat 2 holds hearts: must follow (C-5).
    error = state.explain(C("AD"))
    assert error is not None and error.reason is Reason.MUST_FOLLOW_SUIT and error.rule == "C-5"
    assert set(state.legal_actions()) == set(H(".432.."))
    state = state.apply(C("2H"))
    # Seat 3 has no heart: anything, a spade not forced (C-5).
    assert set(state.legal_actions()) == set(state.hand(3))
    state = state.apply(C("AC"))
    assert not state.spades_broken  # a club on a heart breaks nothing
    # Seat 0 has no heart and ruffs with its lowest spade (C-6, C-7).
    state = state.apply(C("2S"))
    assert state.spades_broken  # C-6
    assert state.tricks_won == (1, 0, 0, 0)  # the 2S beats the AH (C-7)
    assert state.turn == 0 and state.leader == 0 and state.trick == ()  # C-7: the winner leads
    # Spades are broken, so seat 0 may now lead one (C-4).
    assert C("8S") in state.legal_actions()
    state = state.apply(C("8S"))
    # Seat 1 must follow spades; the spade lead is won by the highest spade.
    assert set(state.legal_actions()) == set(H("AKQ..."))
    for card in ("QS", "JS", "9S"):
        state = state.apply(C(card))
    assert state.tricks_won == (1, 1, 0, 0)  # C-7: QS beats JS, 9S, 8S
    assert state.turn == 1


def test_hand_of_only_spades_may_lead_one_and_breaks_spades() -> None:  # C-4, C-6
    # Dealer 3, so seat 0 (all spades) leads.
    deal = Deal(("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"))
    state = new_game(Rules.partnership(first_dealer=3)).apply(deal)
    for bid in (Bid(13), Bid.NIL, Bid.NIL, Bid.NIL):
        state = state.apply(bid)
    assert state.turn == 0 and not state.spades_broken
    assert len(state.legal_actions()) == 13
    state = state.apply(C("2S"))
    assert state.spades_broken  # C-6
    for seat in (1, 2, 3):
        assert set(state.legal_actions()) == set(state.hand(seat))  # void: anything (C-5)
        state = state.apply(state.legal_actions()[-1])
    assert state.tricks_won == (1, 0, 0, 0)  # the lone spade wins (C-7)


def test_tricks_are_counted_per_seat_and_a_hand_is_13_tricks() -> None:  # C-8
    deal = Deal(("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"))
    state = new_game(Rules.partnership()).apply(deal)
    for bid in (Bid.NIL, Bid.NIL, Bid(13), Bid.NIL):
        state = state.apply(bid)
    plays = 0
    while not state.sheet:
        state = state.apply(state.legal_actions()[0])
        plays += 1
    assert plays == 52
    row = state.sheet[0]
    assert row.tricks == (13, 0, 0, 0)  # seat 0's own trick count (C-8)


# -- Perft: counted play sequences from fixed deals (STYLE.md) -------------------
#
# ROUND_ROBIN deals card i to seat i % 4:
#   seat 0: J73.Q84.K95.AT62    seat 1: Q84.K95.AT62.J73
#   seat 2: K95.AT62.J73.Q84    seat 3: AT62.J73.Q84.K95
# Seat 1 leads (dealer 0) and, spades unbroken, has 10 non-spades.
#   hearts led (3 choices):   seat 2 has 4 hearts, seat 3 has 3, seat 0 has 3 -> 3*4*3*3 = 108
#   diamonds (4 choices):     seats 2, 3, 0 have 3 each                       -> 4*3*3*3 = 108
#   clubs (3 choices):        seat 2 has 3, seat 3 has 3, seat 0 has 4        -> 3*3*3*4 = 108
# so 324 sequences for the first trick.
ROUND_ROBIN = Deal(("J73.Q84.K95.AT62", "Q84.K95.AT62.J73", "K95.AT62.J73.Q84", "AT62.J73.Q84.K95"))
# VOID_DEAL: seat 1 has 10 hearts to lead (no spade, C-4); seat 2 must follow
# with one of 3 hearts; seats 3 and 0 have no heart and may play any of their
# 13 cards (C-5): 10 * 3 * 13 * 13 = 5070.
PERFT_FIRST_TRICK = {"round-robin": 324, "void": 5070}
# Two tricks from ROUND_ROBIN: no seat is void after one round, so the second
# trick follows suit too, and every first trick leaves 240 second tricks.  For
# example after KH AH 3H 4H, seat 2 leads from K95.T62.J73.Q84:
#   hearts (3): seats 3, 0, 1 hold 2, 2, 2   -> 3*2*2*2 = 24
#   diamonds (3): 3, 3, 4                    -> 3*3*3*4 = 108
#   clubs (3): 3, 4, 3                       -> 3*3*4*3 = 108
# 24 + 108 + 108 = 240, and 324 * 240 = 77760.
PERFT_TWO_TRICKS_ROUND_ROBIN = 77760


def bid_all(state: GameState, bids: Sequence[Bid]) -> GameState:
    for bid in bids:
        state = state.apply(bid)
    return state


def perft(state: GameState, plays: int) -> int:
    """Number of legal play sequences of length ``plays`` from ``state``."""
    actions = state.legal_actions()
    if plays == 1:
        return len(actions)
    return sum(perft(state.apply(a), plays - 1) for a in actions)


def reference_perft(hands: list[frozenset[int]], leader: int, plays: int, rules: Rules) -> int:
    """The same count from the rules text alone (C-4, C-5, C-7)."""

    def walk(hands: list[frozenset[int]], turn: int, played: list[int], leader: int, broken: bool, left: int) -> int:
        legal = ref_legal_cards(hands[turn], played, broken, rules, False)
        if left == 1:
            return len(legal)
        total = 0
        for card in legal:
            new_hands = list(hands)
            new_hands[turn] = hands[turn] - {card}
            now = played + [card]
            now_broken = broken or card // 13 == 3
            if len(now) == 4:
                winner = (leader + ref_trick_winner(now, rules)) % 4
                total += walk(new_hands, winner, [], winner, now_broken, left - 1)
            else:
                total += walk(new_hands, (turn + 1) % 4, now, leader, now_broken, left - 1)
        return total

    return walk(hands, leader, [], leader, False, plays)


@pytest.mark.parametrize(("name", "deal"), [("round-robin", ROUND_ROBIN), ("void", VOID_DEAL)])
def test_perft_first_trick(name: str, deal: Deal) -> None:  # C-4, C-5, P-7
    state = bid_all(new_game(Rules.partnership()).apply(deal), [Bid(3), Bid(3), Bid(3), Bid(3)])
    assert state.leader == 1
    assert perft(state, 4) == PERFT_FIRST_TRICK[name]
    hands = [frozenset(int(c) for c in h) for h in deal.hands]
    assert reference_perft(hands, 1, 4, Rules.partnership()) == PERFT_FIRST_TRICK[name]


def test_perft_first_two_tricks_round_robin() -> None:  # C-4, C-5, C-7
    state = bid_all(new_game(Rules.partnership()).apply(ROUND_ROBIN), [Bid(3), Bid(3), Bid(3), Bid(3)])
    hands = [frozenset(int(c) for c in h) for h in ROUND_ROBIN.hands]
    assert reference_perft(hands, 1, 8, Rules.partnership()) == PERFT_TWO_TRICKS_ROUND_ROBIN
    assert perft(state, 8) == PERFT_TWO_TRICKS_ROUND_ROBIN


def test_perft_two_player_first_trick() -> None:  # T-7, C-4, C-5
    # Every draft turn keeps the top card: the first player (seat 0) gets the
    # cards at stock positions 0, 4, 8, ... and the second (seat 1) those at
    # 2, 6, 10, ...  with the stock in index order (2C, 3C, ..., AS).
    stock = Stock(tuple(Card(i) for i in range(52)))
    state = new_game(Rules.two_player()).apply(stock)
    for _ in range(26):
        state = state.apply(Draft.KEEP)
    assert state.hand(0) == CardSet.from_cards(Card(i) for i in range(0, 52, 4))
    assert state.hand(1) == CardSet.from_cards(Card(i) for i in range(2, 52, 4))
    # seat 1: 4C 8C QC 3D 7D JD 2H 6H TH AH 5S 9S KS: 10 non-spades to lead;
    # seat 0: 2C 6C TC AC 5D 9D KD 4H 8H QH 3S 7S JS follows with 4 clubs,
    # 3 diamonds or 3 hearts: 3*4 + 3*3 + 4*3 = 33.
    state = bid_all(state, [Bid(3), Bid(3)])
    assert state.turn == 1  # T-7
    assert perft(state, 2) == 33


def test_perft_second_trick_after_hearts_round_robin() -> None:  # C-5, C-7
    state = bid_all(new_game(Rules.partnership()).apply(ROUND_ROBIN), [Bid(3), Bid(3), Bid(3), Bid(3)])
    for card in ("KH", "AH", "3H", "4H"):
        state = state.apply(C(card))
    assert state.leader == 2 and state.tricks_won == (0, 0, 1, 0)  # AH wins, seat 2 leads (C-7)
    assert perft(state, 4) == 240
