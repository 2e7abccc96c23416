"""Leading, following, breaking spades and winning tricks (C-4..C-8), as
pure functions and through the game state, plus perft-style counts of the
legal play sequences from fixed deals."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from spades import (
    ArgumentError,
    ArgumentTypeError,
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
from spades.cards import cards_of_mask
from spades.tricks import (
    first_leader,
    first_trick_matters,
    lead_mask,
    legal_mask,
    spades_broken,
    trick_winner_seat,
    walk_tricks,
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


@pytest.mark.parametrize("deck", ["standard", "jokers", "joker-joker-deuce-deuce"])
def test_lead_mask_is_the_reference_lead(deck: str) -> None:  # C-4, C-6
    # The leads after the first trick, against the rules text's reference,
    # for hands and played cards drawn from the deck, broken or not.
    rules = Rules(deck=deck)  # type: ignore[arg-type]
    facts = rules.deck_facts
    cards = cards_of_mask(facts.mask)
    rng = random.Random(4)
    for _ in range(300):
        hand = frozenset(rng.sample(cards, rng.randint(1, 13)))
        played = sum(1 << c for c in rng.sample([c for c in cards if c not in hand], rng.randint(0, 20)))
        mask = sum(1 << c for c in hand)
        broken = bool(played & facts.spades)
        expected = ref_legal_cards(hand, (), broken, rules, False)
        assert frozenset(cards_of_mask(lead_mask(mask, played, facts.spades))) == expected
        assert lead_mask(mask, played, facts.spades) == legal_mask(mask, -1, played, rules, False, facts.suit_masks)


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


# -- The pure functions one by one: every path, every error ---------------------
#
# Expected values are read off the rules text: the legal cards (C-4, C-5, V-7),
# the reason, rule id and message of each refusal, the winner of a trick (C-7)
# and the argument checks of the public functions.

TWO_CLUBS_FIRST = Rules(first_lead="two-of-clubs")
NO_SPADES_FIRST = Rules(no_spades_first_trick=True)


def test_first_trick_matters_only_under_the_first_trick_options() -> None:  # V-7
    assert not first_trick_matters(Rules())
    assert not first_trick_matters(Rules.two_player())
    assert first_trick_matters(TWO_CLUBS_FIRST)
    assert first_trick_matters(NO_SPADES_FIRST)


def test_two_of_clubs_lead_from_a_hand_without_it() -> None:  # V-7, C-4
    # A hand without the 2C has no 2C to lead: the usual lead rules apply,
    # no spade while spades are unbroken (C-4).
    hand = H("AK.Q..43")
    assert legal_plays(hand, [], rules=TWO_CLUBS_FIRST, first_trick=True) == H(".Q..43")
    assert legal_plays(H("AK..."), [], rules=TWO_CLUBS_FIRST, first_trick=True) == H("AK...")
    assert legal_plays(H("AK.Q..2"), [], rules=TWO_CLUBS_FIRST, first_trick=True) == H("...2")


def test_no_spade_lead_on_the_first_trick_even_if_broken() -> None:  # V-7
    hand = H("AK.Q.-.32")
    assert legal_plays(hand, [], True, NO_SPADES_FIRST, first_trick=True) == H(".Q..32")
    assert legal_plays(hand, [], True, NO_SPADES_FIRST) == hand  # after the first trick: C-4 only
    assert legal_plays(H("AK..."), [], False, NO_SPADES_FIRST, first_trick=True) == H("AK...")


def test_first_trick_is_off_unless_asked_for() -> None:  # V-7
    hand = H("AK.Q.-.32")
    assert legal_plays(hand, [], True, NO_SPADES_FIRST) == hand
    assert play_error(C("AS"), hand, [], True, NO_SPADES_FIRST) is None
    assert legal_plays(hand, trick("5D"), False, NO_SPADES_FIRST) == hand
    assert legal_plays(hand, trick("5D"), False, NO_SPADES_FIRST, first_trick=True) == H(".Q..32")


@pytest.mark.parametrize(
    ("led", "card", "hand", "message"),
    [
        ("5C", "AS", "AK.Q..32", "cannot play AS: clubs were led and the hand holds clubs, so must follow suit"),
        ("5D", "3C", "AK.Q.7.32", "cannot play 3C: diamonds were led and the hand holds diamonds, so must follow suit"),
        ("5H", "KS", "AK.QJ..32", "cannot play KS: hearts were led and the hand holds hearts, so must follow suit"),
        ("5S", "QH", "AK.Q..32", "cannot play QH: spades were led and the hand holds spades, so must follow suit"),
    ],
)
def test_must_follow_names_the_suit_not_the_cards(led: str, card: str, hand: str, message: str) -> None:  # C-5
    # The message may reach other players: it names the suit led, never the
    # hand's cards (it listed the hand and its cards of the suit).
    error = play_error(C(card), H(hand), trick(led), spades_broken=True)
    assert error is not None
    assert (error.reason, error.rule, str(error)) == (Reason.MUST_FOLLOW_SUIT, "C-5", message + " (rule C-5)")
    error = play_error(C(card), H(hand), trick(led), spades_broken=True, seat=3)
    assert error is not None and str(error) == message.replace("the hand", "seat 3") + " (rule C-5)"


def test_play_error_reasons_and_messages() -> None:  # C-4, C-5, V-7
    hand = H("AK.Q..32")

    def said(error: IllegalActionError | None) -> tuple[Reason, str, str]:
        assert error is not None
        return error.reason, error.rule, str(error)

    assert said(play_error(C("AS"), hand, [])) == (
        Reason.SPADES_NOT_BROKEN,
        "C-4",
        "cannot lead AS: spades are not broken and the hand holds other suits (rule C-4)",
    )
    assert said(play_error(C("AS"), hand, [], rules=TWO_CLUBS_FIRST, first_trick=True)) == (
        Reason.MUST_LEAD_TWO_OF_CLUBS,
        "V-7",
        "cannot lead AS: the first lead is the two of clubs (rule V-7)",
    )
    assert said(play_error(C("AS"), hand, [], True, NO_SPADES_FIRST, first_trick=True)) == (
        Reason.NO_SPADES_FIRST_TRICK,
        "V-7",
        "cannot lead AS: no spade may be played to the first trick while the hand holds other cards (rule V-7)",
    )
    assert said(play_error(C("AS"), H("AK...32"), trick("5H"), False, NO_SPADES_FIRST, first_trick=True)) == (
        Reason.NO_SPADES_FIRST_TRICK,
        "V-7",
        "cannot play AS: no spade may be played to the first trick while the hand holds other cards (rule V-7)",
    )
    assert said(play_error("AS", hand, [])) == (Reason.NOT_AN_ACTION, "C-4", "'AS' is not a card (rule C-4)")  # type: ignore[arg-type]
    error = play_error(C("AD"), hand, [])
    assert error is not None and error.reason is Reason.CARD_NOT_IN_HAND and error.rule == "C-5"
    assert str(error) == "cannot play AD: it is not in the hand (rule C-5)"
    error = play_error(C("AD"), hand, [], seat=1)
    assert error is not None and str(error) == "cannot play AD: it is not in seat 1's hand (rule C-5)"
    with pytest.raises(ArgumentError):
        play_error(C("AD"), hand, [], seat=4)


def test_unbroken_spade_lead_is_c4_whatever_the_first_trick_options() -> None:  # C-4, V-7
    # Not the first trick: V-7 says nothing, C-4 refuses the spade.
    hand = H("A...2")
    for rules in (Rules(), TWO_CLUBS_FIRST, NO_SPADES_FIRST):
        error = play_error(C("AS"), hand, [], rules=rules)
        assert error is not None and error.reason is Reason.SPADES_NOT_BROKEN and error.rule == "C-4"
    # The first trick, left of dealer leads: still C-4 only.
    error = play_error(C("AS"), H("AK.Q..32"), [], first_trick=True)
    assert error is not None and error.reason is Reason.SPADES_NOT_BROKEN


def test_legal_plays_argument_checks() -> None:
    hand = H("AK.Q..32")
    with pytest.raises(ArgumentTypeError, match="^a hand is a CardSet, got str$"):
        legal_plays("AK.Q..32", [])  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="^a trick is a sequence of cards, got str$"):
        legal_plays(hand, "5C")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="^a trick is a sequence of cards, got set$"):
        legal_plays(hand, {C("5C")})  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="^a trick holds Card values, got int$"):
        legal_plays(hand, [5])  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match="^rules must be a Rules value, got str$"):
        legal_plays(hand, [], rules="standard")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="^a trick of 4 seats cannot hold 4 cards here$"):
        legal_plays(hand, trick("5C", "6C", "7C", "8C"))  # a full trick has no one left to play
    with pytest.raises(ArgumentError, match="^a trick of 2 seats cannot hold 2 cards here$"):
        legal_plays(hand, trick("5C", "6C"), rules=Rules.two_player())
    with pytest.raises(ArgumentError, match="^LJ cannot be in this trick: not in the deck, or twice$"):
        legal_plays(hand, trick("LJ"))  # no jokers in the standard deck (C-1)
    with pytest.raises(ArgumentError, match="^5H cannot be in this trick: not in the deck, or twice$"):
        legal_plays(hand, trick("5H", "5H"))
    with pytest.raises(ArgumentError, match="^5H cannot be in this trick"):
        legal_plays(hand, trick("5H", "2C", "5H"))
    with pytest.raises(ArgumentError, match="^2C cannot be in this trick"):
        legal_plays(hand, trick("2C", "2C"), rules=Rules.jokers())  # the 2C is out (V-9)
    assert legal_plays(H("AK.Q..43"), trick("LJ"), rules=Rules.jokers()) == H("AK...")  # a joker leads spades (V-9)
    # A hand of the game's deck, and none of the trick's cards (C-1, V-9).
    with pytest.raises(ArgumentError, match=r"^the hand holds \.\.\.2, not in this game's deck \(C-1, V-9\)$"):
        legal_plays(hand, trick("LJ"), rules=Rules.jokers())  # its 2C is out of the jokers deck
    with pytest.raises(ArgumentError, match=r"^the hand holds B\.\.\., not in this game's deck"):
        legal_plays(H("B.2.."), ())  # no jokers in the standard deck
    with pytest.raises(ArgumentError, match="^a card of the trick is also in the hand"):
        legal_plays(hand, trick("QH"))
    with pytest.raises(ArgumentError, match="^a card of the trick is also in the hand"):
        play_error(C("AS"), hand, trick("2C", "QH"))
    with pytest.raises(ArgumentError, match="not in this game's deck"):
        play_error(C("2C"), hand, (), rules=Rules.jokers())
    with pytest.raises(ArgumentTypeError, match="^a hand is a CardSet, got NoneType$"):
        play_error(C("AS"), None)  # type: ignore[arg-type]


def test_trick_winner_argument_checks() -> None:  # C-7
    with pytest.raises(ArgumentError, match="^a trick of 4 seats cannot hold 0 cards here$"):
        trick_winner([])
    with pytest.raises(ArgumentError, match="^a trick of 4 seats cannot hold 5 cards here$"):
        trick_winner(trick("2C", "3C", "4C", "5C", "6C"))
    with pytest.raises(ArgumentError, match="^a trick of 2 seats cannot hold 3 cards here$"):
        trick_winner(trick("2C", "3C", "4C"), Rules.two_player())
    assert trick_winner(trick("2C", "3C", "4C")) == 2  # a trick still being played
    assert trick_winner(trick("AS", "LJ", "BJ", "2S"), Rules.jokers()) == 2  # V-9: Big Joker highest


@pytest.mark.parametrize(
    ("leader", "cards", "rules", "winner"),
    [
        (3, ("KH", "AH", "2S", "QH"), Rules(), 1),  # the 2S, third card from seat 3: 3, 0, 1
        (0, ("KH", "AH", "2S", "QH"), Rules(), 2),
        (2, ("KH", "AH", "3H", "QH"), Rules(), 3),
        (1, ("9D", "TD", "2D", "AD"), Rules(), 0),
        (1, ("AH", "2S"), Rules.two_player(), 0),  # T-: two seats, the second card wins
        (1, ("AH", "2H"), Rules.two_player(), 1),
        (2, ("2D", "AS", "KH"), Rules.cutthroat(3), 0),  # V-10: three seats
    ],
)
def test_trick_winner_seat(leader: int, cards: tuple[str, ...], rules: Rules, winner: int) -> None:  # C-7
    assert trick_winner_seat(leader, trick(*cards), rules) == winner


def test_trick_winner_seat_argument_checks() -> None:  # C-7
    full = trick("KH", "AH", "2S", "QH")
    assert trick_winner_seat(3, full) == 1
    with pytest.raises(ArgumentTypeError, match="^a seat is an int, got True$"):
        trick_winner_seat(True, full)
    with pytest.raises(ArgumentError, match=r"^no seat 4: the seats are 0\.\.3$"):
        trick_winner_seat(4, full)
    with pytest.raises(ArgumentError, match=r"^no seat 2: the seats are 0\.\.1$"):
        trick_winner_seat(2, trick("AH", "2S"), Rules.two_player())
    with pytest.raises(ArgumentError, match="^a trick of 4 seats cannot hold 0 cards here$"):
        trick_winner_seat(0, [])
    with pytest.raises(ArgumentTypeError, match="^rules must be a Rules value, got int$"):
        trick_winner_seat(0, full, 4)  # type: ignore[arg-type]


def test_spades_broken_by_the_cards_played() -> None:  # C-6, V-9
    assert not spades_broken(CardSet(0))
    assert not spades_broken(H(".AKQ.AKQ.AKQ"))
    assert spades_broken(H("2..."))
    assert not spades_broken(H("..2."))
    assert spades_broken(H("..2."), Rules.joker_joker_deuce_deuce())  # the 2D is a spade (V-9)
    assert spades_broken(CardSet.from_cards([C("LJ")]), Rules.jokers())
    with pytest.raises(ArgumentTypeError, match="^the cards played are a CardSet, got list$"):
        spades_broken([C("2S")])  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="^rules must be a Rules value"):
        spades_broken(H("2..."), "jokers")  # type: ignore[arg-type]


def test_breaks_spades_by_default_only_with_a_spade() -> None:  # C-6
    assert not breaks_spades(C("AH"))
    assert breaks_spades(C("2S"))
    assert breaks_spades(C("2D"), rules=Rules.joker_joker_deuce_deuce())  # V-9
    assert not breaks_spades(C("2D"))
    with pytest.raises(ArgumentTypeError, match="^a card is a Card, got str$"):
        breaks_spades("2S")  # type: ignore[arg-type]


def test_first_leader() -> None:  # P-7, T-7, V-7
    empty = CardSet(0)
    assert first_leader(Rules.partnership(), 3, [empty] * 4) == 0  # P-7: left of the dealer
    assert first_leader(Rules.partnership(), 1, [empty] * 4) == 2
    assert first_leader(Rules.two_player(), 0, [empty] * 2) == 1  # T-7: the second player
    assert first_leader(Rules.two_player(), 1, [empty] * 2) == 0
    assert first_leader(Rules.cutthroat(3), 2, [empty] * 3) == 0
    holder = [H("A..."), H("K..."), H("...2"), H("Q...")]
    assert first_leader(TWO_CLUBS_FIRST, 0, holder) == 2  # V-7: the holder of the 2C
    assert first_leader(TWO_CLUBS_FIRST, 1, holder) == 2
    assert first_leader(Rules.partnership(), 0, holder) == 1
    # No hand holds the 2C (hands given before all cards are dealt): the
    # function falls back on the seat left of the dealer.
    assert first_leader(TWO_CLUBS_FIRST, 1, [empty] * 4) == 2


def test_first_leader_argument_checks() -> None:
    empty = CardSet(0)
    rules = Rules.partnership()
    with pytest.raises(ArgumentTypeError, match="^a seat is an int, got False$"):
        first_leader(rules, False, [empty] * 4)
    with pytest.raises(ArgumentError, match=r"^no seat 4: the seats are 0\.\.3$"):
        first_leader(rules, 4, [empty] * 4)
    with pytest.raises(ArgumentError, match=r"^first_leader needs one hand per seat \(4\), got 3$"):
        first_leader(rules, 0, [empty] * 3)
    for hands in ("abcd", dict(enumerate([empty] * 4)), b"abcd"):
        with pytest.raises(ArgumentTypeError, match="^first_leader needs a sequence of hands, got "):
            first_leader(rules, 0, hands)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="^a hand is a CardSet, got int$"):
        first_leader(rules, 0, [empty, empty, 7, empty])  # type: ignore[list-item]


def test_walk_tricks() -> None:  # C-7, C-8
    plays = trick("KH", "AH", "2S", "QH", "3C", "4C", "AC", "5C", "9D")
    assert walk_tricks(Rules.partnership(), 0, plays) == (
        (0, tuple(trick("KH", "AH", "2S", "QH")), 2),  # the 2S of seat 2 wins; seat 2 leads
        (2, tuple(trick("3C", "4C", "AC", "5C")), 0),  # the AC of seat 0 (2, 3, 0, 1)
        (0, tuple(trick("9D")), -1),
    )
    assert walk_tricks(Rules.partnership(), 3, plays[:4]) == ((3, tuple(plays[:4]), 1),)
    assert walk_tricks(Rules.partnership(), 1, plays[:3]) == ((1, tuple(plays[:3]), -1),)
    assert walk_tricks(Rules.partnership(), 1, []) == ()
    two = Rules.two_player()
    assert walk_tricks(two, 1, trick("AH", "2S", "3S", "AS", "4D")) == (
        (1, tuple(trick("AH", "2S")), 0),
        (0, tuple(trick("3S", "AS")), 1),
        (1, tuple(trick("4D")), -1),
    )


def test_legal_mask_against_the_reference() -> None:  # C-4, C-5, C-6, V-7, V-9
    # The state's fast path: a hand and the cards played this hand as masks.
    cases = [
        (Rules(), "AK.QJ.T9.32", None, 0),
        (Rules(), "AK.QJ.T9.32", None, 1 << int(C("2S"))),
        (Rules(), "AK...", None, 0),
        (Rules(), "AK.QJ.T9.32", "5D", 0),
        (Rules(), "AK.QJ.T9.32", "5H", 0),
        (Rules(), "AK.QJ.T9.32", "5S", 1 << int(C("5S"))),
        (Rules(), "AK.QJ..32", "5D", 0),
        (Rules(), "AK.QJ..32", "5D", 1 << int(C("2S"))),
        (NO_SPADES_FIRST, "AK.QJ..32", "5D", 0),
        (Rules.jokers(), "AK.QJ.T9.3", "LJ", 1 << int(C("LJ"))),
        (Rules.jokers(), "AK.QJ.T9.3", "5D", 0),
        (Rules.joker_joker_deuce_deuce(), "K.QJ.T92.3", "2D", 1 << int(C("2D"))),
        (Rules.joker_joker_deuce_deuce(), "K.QJ.T92.3", "5D", 0),
    ]
    for rules, text, led, played in cases:
        hand = H(text)
        for first in (False, True):
            suit = -1 if led is None else rules.suit_of[C(led)]
            got = cards_of_mask(legal_mask(hand.mask, suit, played, rules, first, rules.suit_masks))
            cards = [] if led is None else [int(C(led))]
            want = ref_legal_cards(frozenset(int(c) for c in hand), cards, bool(played), rules, first)
            assert [int(c) for c in got] == sorted(want), (text, led, first)


def test_the_plays_and_cards_played_are_cards_of_the_deck_each_once() -> None:  # C-1, V-9
    # What trick_winner refuses of one trick, walk_tricks refuses of a
    # hand's plays, and spades_broken and breaks_spades of the cards played.
    standard, jokers = Rules.partnership(), Rules.jokers()
    plays = [Card.parse(t) for t in "KH AH 2S QH".split()]
    assert [w for _l, _c, w in walk_tricks(standard, 0, plays)] == [2]
    with pytest.raises(ArgumentError, match=r"^KH cannot be among the plays of a hand: not in the deck, or twice \(C-1\)$"):
        walk_tricks(standard, 0, plays + plays[:1])
    with pytest.raises(ArgumentError, match=r"^BJ cannot be among the plays of a hand: not in the deck, or twice \(C-1\)$"):
        walk_tricks(standard, 0, [Card.parse("BJ"), *plays[1:]])
    with pytest.raises(ArgumentError, match=r"^2C cannot be among the plays"):
        walk_tricks(jokers, 0, [Card.parse("2C")])  # the 2C is out (V-9)
    assert walk_tricks(jokers, 0, [Card.parse("BJ"), *plays[1:]])[0][2] == 0  # the joker is the top trump
    with pytest.raises(ArgumentError, match=r"^the cards played hold B\.\.\., not in this game's deck \(C-1, V-9\)$"):
        spades_broken(CardSet.from_cards([Card.parse("BJ"), Card.parse("2C")]), standard)
    with pytest.raises(ArgumentError, match=r"^the cards played hold \.\.2\.2, not in this game's deck \(C-1, V-9\)$"):
        spades_broken(CardSet.from_cards([Card.parse("2C"), Card.parse("2D"), Card.parse("3D")]), jokers)
    assert spades_broken(CardSet.from_cards([Card.parse("BJ")]), jokers)  # a joker is a spade (V-9)
    with pytest.raises(ArgumentError, match=r"^the card played is B\.\.\., not in this game's deck \(C-1, V-9\)$"):
        breaks_spades(Card.parse("BJ"), False, standard)
    with pytest.raises(ArgumentError, match=r"^the card played is \.\.\.2, not in this game's deck \(C-1, V-9\)$"):
        breaks_spades(Card.parse("2C"), True, jokers)
    assert breaks_spades(Card.parse("LJ"), False, jokers)
