"""The game state of partnership Spades, driven with known deals and scripted
bids and plays: turn order (P-3, P-7), exchanges (P-6), dealer rotation
(P-8), the score sheet, the end of the game (S-9), immutability, and refusal
of every kind of illegal action."""

from __future__ import annotations

import copy
import functools
import pickle
import random
from collections.abc import Callable, Sequence
from typing import Any, cast

import pytest

from spades import (
    ArgumentError,
    ArgumentTypeError,
    PRESETS,
    Bid,
    Card,
    CardSet,
    Deal,
    Draft,
    Exchange,
    GameState,
    IllegalActionError,
    Phase,
    Reason,
    Replacement,
    Rules,
    SpadesError,
    Stock,
    new_game,
)

from _rule_ids import RULE_IDS
from invariants import apply_checked, check_actions, check_state, finish_hand, snapshot

C = Card.parse
H = CardSet.parse
P = Rules.partnership()

# Card i goes to seat i % 4 (see test_tricks.py).
ROUND_ROBIN = Deal(("J73.Q84.K95.AT62", "Q84.K95.AT62.J73", "K95.AT62.J73.Q84", "AT62.J73.Q84.K95"))
# One suit per seat: whoever holds the spades wins every trick (C-7).
ONE_SUIT = Deal(("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"))


def dealt(deal: Deal = ROUND_ROBIN, rules: Rules = P) -> GameState:
    return apply_checked(new_game(rules), deal)


def bid_seats(state: GameState, by_seat: dict[int, Bid]) -> GameState:
    """Bid for each seat in turn order; the turn order is checked (P-3)."""
    while state.phase is Phase.BID:
        assert state.turn is not None
        state = apply_checked(state, by_seat[state.turn])
    return state



# -- P-1, P-2: partners, the deal ---------------------------------------------------


def test_partners_sit_opposite() -> None:  # P-1
    assert P.sides == ((0, 2), (1, 3))
    assert P.side_of == (0, 1, 0, 1)
    assert len(new_game(P).scores) == 2


def test_new_game_waits_for_the_deal() -> None:  # P-2
    state = new_game(P)
    check_state(state)
    assert state.phase is Phase.DEAL and state.is_chance and state.turn is None
    assert state.dealer == 0  # default first dealer
    assert state.legal_actions() == ()
    assert new_game(Rules.partnership(first_dealer=2)).dealer == 2


def test_known_deal_gives_13_cards_each() -> None:  # P-2
    state = dealt()
    for seat in range(4):
        assert state.hand(seat) == ROUND_ROBIN.hands[seat]
        assert len(state.hand(seat)) == 13
    assert state.history == (ROUND_ROBIN,)


def test_seeded_game_deals_by_itself() -> None:  # P-2
    state = new_game(P, seed=11)
    assert state.phase is Phase.BID and not state.is_chance
    union = CardSet(0)
    for hand in state.hands:
        assert len(hand) == 13
        union = union | hand
    assert len(union) == 52
    assert new_game(P, seed=11) == state  # reproducible
    assert new_game(P, seed=12).hands != state.hands


def test_sampled_deal_is_reproducible() -> None:  # P-2
    first = new_game(P).sample_chance(random.Random(5))
    assert first == new_game(P).sample_chance(random.Random(5))
    assert isinstance(first, Deal)


@pytest.mark.parametrize(
    "hands",
    [
        ("AKQ...",) * 4,  # 3 cards each
        ("J73.Q84.K95.AT62",) * 4,  # the same cards four times
        ("J73.Q84.K95.AT62", "Q84.K95.AT62.J73", "K95.AT62.J73.Q84"),  # three hands
        ("J73.Q84.K95.AT6B", "Q84.K95.AT62.J73", "K95.AT62.J73.Q84", "AT62.J73.Q84.K95"),
    ],
)
def test_impossible_deal_is_refused(hands: tuple[str, ...]) -> None:  # P-2, C-1
    state = new_game(P)
    try:
        deal = Deal(hands)
    except SpadesError:
        return  # refused already as text
    error = state.explain(deal)
    assert error is not None and error.reason in (Reason.BAD_CHANCE,)
    with pytest.raises(IllegalActionError):
        state.apply(deal)


def test_deal_with_a_joker_outside_the_deck_is_refused() -> None:  # C-1
    hands = list(ROUND_ROBIN.hands)
    hands[3] = (hands[3] - H("...5")) | CardSet.from_cards(["BJ"])
    error = new_game(P).explain(Deal(tuple(hands)))
    assert error is not None and error.reason is Reason.BAD_CHANCE and error.rule == "C-1"


# -- P-3, P-7: who bids and who leads -------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_left_of_dealer_bids_first_and_leads(dealer: int) -> None:  # P-3, P-7
    state = dealt(rules=Rules.partnership(first_dealer=dealer))
    assert state.dealer == dealer
    order = []
    while state.phase is Phase.BID:
        assert state.turn is not None
        order.append(state.turn)
        state = apply_checked(state, Bid(3))
    assert order == [(dealer + i) % 4 for i in (1, 2, 3, 4)]  # P-3: clockwise
    assert state.phase is Phase.PLAY
    assert state.turn == state.leader == (dealer + 1) % 4  # P-7
    plays: list[int | None] = []
    for _ in range(4):
        plays.append(state.turn)
        state = apply_checked(state, state.legal_actions()[0])
    assert plays == [(dealer + i) % 4 for i in (1, 2, 3, 4)]  # P-7: clockwise


# -- C-4, C-5, C-6, C-7 through the state (see also test_tricks.py) ---------------------


def test_refusals_carry_reason_and_rule() -> None:  # C-4, C-5
    state = bid_seats(dealt(), {0: Bid(3), 1: Bid(3), 2: Bid(3), 3: Bid(3)})
    # Seat 1 (Q84.K95.AT62.J73) may not lead a spade (C-4).
    error = state.explain(C("QS"))
    assert error is not None and (error.reason, error.rule) == (Reason.SPADES_NOT_BROKEN, "C-4")
    state = apply_checked(state, C("AD"))
    # Seat 2 (K95.AT62.J73.Q84) must follow diamonds (C-5).
    error = state.explain(C("AH"))
    assert error is not None and (error.reason, error.rule) == (Reason.MUST_FOLLOW_SUIT, "C-5")
    assert set(state.legal_actions()) == set(H("..J73."))
    for card in ("3D", "4D", "5D"):
        state = apply_checked(state, C(card))
    assert state.tricks_won == (0, 1, 0, 0) and state.turn == 1  # C-7: AD wins, seat 1 leads
    assert not state.spades_broken  # C-6: no spade yet


def test_winner_leads_the_next_trick() -> None:  # C-7
    state = bid_seats(dealt(), {0: Bid(3), 1: Bid(3), 2: Bid(3), 3: Bid(3)})
    for card in ("5H", "2H", "JH", "4H"):  # seat 1 leads 5H; seat 3's JH wins
        state = apply_checked(state, C(card))
    assert state.tricks_won == (0, 0, 0, 1)
    assert state.turn == 3 and state.leader == 3 and state.trick == ()


# -- P-6: the Double Nil exchange -------------------------------------------------------


def test_double_nil_exchange_partner_gives_first_then_bidder_gives_back() -> None:  # P-6
    # Dealer 0.  Seat 1 bids Double Nil; its partner is seat 3.
    state = bid_seats(dealt(), {1: Bid.DOUBLE_NIL, 2: Bid(3), 3: Bid(2), 0: Bid(4)})
    assert state.phase is Phase.EXCHANGE
    assert state.turn == 3  # the partner gives first
    assert len(state.legal_actions()) == 286  # any 3 of 13 cards: C(13, 3)
    assert all(isinstance(a, Exchange) and len(a.cards) == 3 for a in state.legal_actions())
    # Refusals: wrong size, a card not held, out of turn, other kinds of action.
    for size_error in (Exchange(["AS", "KC"]), Exchange(["AS", "KC", "QD", "4D"])):
        error = state.explain(size_error)
        assert error is not None and (error.reason, error.rule) == (Reason.WRONG_EXCHANGE_SIZE, "P-6")
    error = state.explain(Exchange(["AS", "KC", "AD"]))  # AD is seat 1's
    assert error is not None and error.reason is Reason.CARD_NOT_IN_HAND
    error = state.explain(Exchange(["QS", "4S", "8S"]), seat=1)
    assert error is not None and error.reason is Reason.NOT_YOUR_TURN
    for other in (C("AS"), Bid(3)):
        error = state.explain(other)
        assert error is not None and error.reason is Reason.WRONG_PHASE
    state = apply_checked(state, Exchange(["AS", "KC", "QD"]))
    assert state.phase is Phase.EXCHANGE and state.turn == 1  # then the bidder gives back
    assert state.hand(1) == ROUND_ROBIN.hands[1] | H("A..Q.K")
    assert len(state.hand(3)) == 10
    # The bidder has seen the cards and may give one of them back.
    state = apply_checked(state, Exchange(["AS", "QS", "4S"]))
    assert state.phase is Phase.PLAY and state.turn == 1  # P-7
    assert state.hand(1) == (ROUND_ROBIN.hands[1] | H("..Q.K")) - H("Q4...")
    assert state.hand(3) == (ROUND_ROBIN.hands[3] - H("..Q.K")) | H("Q4...")
    assert all(len(h) == 13 for h in state.hands)
    state = finish_hand(state)
    row = state.sheet[0]
    assert row.hands[1] == (ROUND_ROBIN.hands[1] | H("..Q.K")) - H("Q4...")  # hands as play began
    assert row.actions[:7] == (
        ROUND_ROBIN, Bid.DOUBLE_NIL, Bid(3), Bid(2), Bid(4),
        Exchange(["AS", "KC", "QD"]), Exchange(["AS", "QS", "4S"]),
    )


def test_no_exchange_when_both_partners_bid_double_nil() -> None:  # P-6
    state = bid_seats(dealt(), {1: Bid.DOUBLE_NIL, 2: Bid(3), 3: Bid.DOUBLE_NIL, 0: Bid(4)})
    assert state.phase is Phase.PLAY and state.turn == 1
    assert state.hands == ROUND_ROBIN.hands


@pytest.mark.parametrize(
    ("dealer", "order"),
    [
        # Dealer 0: left of dealer is seat 1, so side (1, 3) exchanges first:
        # seat 1 gives to Double Nil seat 3, seat 3 gives back; then seat 0
        # gives to Double Nil seat 2, and seat 2 gives back.
        (0, [1, 3, 0, 2]),
        # Dealer 1: left of dealer is seat 2, so side (0, 2) goes first.
        (1, [0, 2, 1, 3]),
        (2, [1, 3, 0, 2]),
        (3, [0, 2, 1, 3]),
    ],
)
def test_both_sides_exchange_nearer_dealers_left_first(dealer: int, order: list[int]) -> None:  # P-6
    state = dealt(rules=Rules.partnership(first_dealer=dealer))
    state = bid_seats(state, {0: Bid(4), 1: Bid(3), 2: Bid.DOUBLE_NIL, 3: Bid.DOUBLE_NIL})
    turns = []
    while state.phase is Phase.EXCHANGE:
        assert state.turn is not None
        turns.append(state.turn)
        state = apply_checked(state, state.legal_actions()[0])
    assert turns == order
    assert state.phase is Phase.PLAY and state.turn == (dealer + 1) % 4


def test_double_nil_success_scores_200_in_play() -> None:  # P-6
    # Seat 0 holds every spade and takes every trick; Double Nil seat 1 and
    # its partner seat 3 take none: +200 for the Double Nil, -10 * 7 for the
    # partner's failed 7; seats 0 and 2 bid 13 together and make it.
    state = bid_seats(dealt(ONE_SUIT), {1: Bid.DOUBLE_NIL, 2: Bid(6), 3: Bid(7), 0: Bid(7)})
    state = finish_hand(state)
    row = state.sheet[0]
    assert row.tricks == (13, 0, 0, 0)
    assert row.result.points == (130, 200 - 70)


# -- The score sheet ---------------------------------------------------------------------


def test_score_sheet_row() -> None:  # S-1, C-8
    # Seat 0 holds all the spades and wins all 13 tricks (C-7).
    state = bid_seats(dealt(ONE_SUIT), {1: Bid.NIL, 2: Bid(2), 3: Bid(3), 0: Bid(5)})
    state = finish_hand(state)
    assert len(state.sheet) == 1
    row = state.sheet[0]
    assert row.number == 0 and row.dealer == 0
    assert row.hands == ONE_SUIT.hands
    assert row.bids == (Bid(5), Bid.NIL, Bid(2), Bid(3))
    assert row.tricks == (13, 0, 0, 0)
    # Side 0: bid 7, won 13: 70 + 6 = 76.  Side 1: Nil made (+100), 3 failed (-30).
    assert row.result.points == (76, 70)
    assert row.result.scores == state.scores == (76, 70)
    assert state.bags == (6, 0)
    assert row.actions[0] == ONE_SUIT
    assert row.actions[1:5] == (Bid.NIL, Bid(2), Bid(3), Bid(5))
    cards = [a for a in row.actions if isinstance(a, Card)]
    assert len(cards) == 52 and set(cards) == set(CardSet(P.deck_mask))  # every card once
    assert state.hand_number == 1 and state.phase is Phase.DEAL and state.history == ()


# -- P-8: the deal passes left --------------------------------------------------------------


def test_dealer_rotates_left_each_hand() -> None:  # P-8
    state = new_game(Rules.partnership(losing_floor=-5000), seed=4)
    dealers = []
    for _ in range(5):
        dealers.append(state.dealer)
        assert state.phase is Phase.BID and state.turn == (state.dealer + 1) % 4  # P-3
        state = finish_hand(state)
    assert dealers == [0, 1, 2, 3, 0]
    assert [row.dealer for row in state.sheet] == [0, 1, 2, 3, 0]


# -- S-9 through the state: a tie means another hand ---------------------------------------
#
# Each of these hands is dealt ONE_SUIT, so seat 0 (all spades) wins all 13
# tricks.  Seats 0 and 2 bid 7 + 6 = 13 and score 130; seat 1 bids Double Nil
# (+200) and seat 3 bids 7 and wins nothing (-70): 130.  After four hands it
# is 520 to 520: both over 500 and tied, so a fifth hand is dealt.

TIE_BIDS = {0: Bid(7), 1: Bid.DOUBLE_NIL, 2: Bid(6), 3: Bid(7)}


def scripted_hand(state: GameState, bids: dict[int, Bid]) -> GameState:
    assert state.phase is Phase.DEAL and state.is_chance
    return finish_hand(bid_seats(apply_checked(state, ONE_SUIT), bids))


def test_tie_over_500_plays_another_hand_then_higher_score_wins() -> None:  # S-9, C-2, P-8
    state = new_game(P)
    for hand in range(4):
        assert state.dealer == hand  # P-8
        state = scripted_hand(state, TIE_BIDS)
        assert state.scores == (130 * (hand + 1),) * 2
    assert state.scores == (520, 520)
    # S-9: tied over the target: another hand is really dealt.
    assert not state.is_over and state.winner is None
    assert state.phase is Phase.DEAL and state.is_chance
    assert state.hand_number == 4 and state.dealer == 0
    state = apply_checked(state, ONE_SUIT)
    assert state.phase is Phase.BID and state.turn == 1
    # Hand 5: side 0 makes 13 (+130 = 650); side 1 bids Nil twice (+200 = 720).
    state = finish_hand(bid_seats(state, {0: Bid(7), 1: Bid.NIL, 2: Bid(6), 3: Bid.NIL}))
    assert state.scores == (650, 720)
    assert state.is_over and state.winner == 1  # both over: the higher score wins
    assert state.phase is Phase.GAME_OVER and state.turn is None
    assert state.legal_actions() == ()
    assert len(state.sheet) == 5


def test_exactly_one_side_over_500_wins() -> None:  # S-9, C-2
    state = new_game(P)
    for _ in range(3):
        state = scripted_hand(state, TIE_BIDS)
    assert state.scores == (390, 390) and not state.is_over
    # Side 1 bids 7 + 6 and wins nothing: -130.  Side 0: +130 = 520.
    final = scripted_hand(state, {0: Bid(7), 1: Bid(7), 2: Bid(6), 3: Bid(6)})
    assert final.scores == (520, 260)
    assert final.is_over and final.winner == 0
    # The earlier state is untouched and can take another line.
    assert state.scores == (390, 390) and not state.is_over


# -- apply never changes the old state ---------------------------------------------------------


def test_apply_leaves_the_old_state_unchanged() -> None:
    state = dealt()
    before = snapshot(state)
    after = state.apply(Bid(3))
    assert snapshot(state) == before
    assert after != state and after.bids[1] == Bid(3) and state.bids[1] is None
    # Keeping the old state is undo: the same action again gives an equal state.
    assert state.apply(Bid(3)) == after
    assert hash(state.apply(Bid(3))) == hash(after)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_state_survives_pickle_and_copy_in_every_phase(name: str) -> None:
    state = new_game(PRESETS[name](), seed=11)
    rng = random.Random(11)
    while not state.sheet:
        twin = pickle.loads(pickle.dumps(state))
        assert twin is not state
        assert twin == state and hash(twin) == hash(state)
        assert twin.legal_actions() == state.legal_actions()
        # An immutable value: a copy is the value itself.
        assert copy.copy(state) is state and copy.deepcopy(state) is state
        state = state.apply(rng.choice(state.legal_actions()))


def _first_hand(seed: int) -> tuple[list[Any], GameState, tuple[CardSet, ...]]:
    """The actions of a random hand 0 of a seeded partnership game, the
    state after it, and the hands as play began."""
    rng = random.Random(seed)
    state = new_game(P, seed=seed)
    actions: list[Any] = []
    at_play: tuple[CardSet, ...] = ()
    while not state.sheet:
        if state.phase is Phase.PLAY and not at_play:
            at_play = state.hands
        actions.append(rng.choice(state.legal_actions()))
        state = state.apply(actions[-1])
    return actions, state, at_play


def _replayed(seed: int, actions: list[Any]) -> GameState:
    state = new_game(P, seed=seed)
    for action in actions:
        state = state.apply(action)
    return state


def test_the_next_hand_of_a_seeded_game_is_the_one_its_seed_deals() -> None:  # P-2, P-3, P-8
    from spades.deal import deal_from, seeded_bytes

    actions, after, _ = _first_hand(5)
    # Twins of the state after hand 0, compared, hashed and pickled before
    # anything else reads them: the same value whichever is read first.
    a, b, c = (_replayed(5, actions) for _ in range(3))
    assert a.sheet == after.sheet and a.scores == after.sheet[0].result.scores and a.hand_number == 1
    assert b == c and hash(b) == hash(c)
    assert pickle.loads(pickle.dumps(a)) == after
    # Hand 1 is the deal the seed draws for it (P-2), dealt by the next
    # seat (P-8), and the seat on the dealer's left bids first (P-3).
    expected = deal_from(seeded_bytes(5, 1, "deal"), P)
    assert after.history == (expected,) and after.hands == expected.hands
    assert after.dealer == (P.first_dealer + 1) % 4 and after.phase is Phase.BID and after.turn == (after.dealer + 1) % 4
    assert after.legal_actions() == b.legal_actions() and b == after


def test_a_hand_record_is_the_hand_as_played() -> None:  # P-2, C-8
    from spades import HandRecord

    actions, after, at_play = _first_hand(8)
    record = after.sheet[0]
    deal = new_game(P, seed=8).history
    made = HandRecord(
        number=0, dealer=P.first_dealer, hands=at_play, bids=record.bids, tricks=record.tricks, result=record.result,
        actions=deal + tuple(actions),
    )
    assert sum(made.tricks) == 13 and len(made.actions) >= 57
    # Compared, hashed, shown and pickled before its hands and actions are read.
    for twin in (_replayed(8, actions).sheet[0], _replayed(8, actions).sheet[0], _replayed(8, actions).sheet[0]):
        assert twin == made
    assert hash(_replayed(8, actions).sheet[0]) == hash(made)
    assert repr(_replayed(8, actions).sheet[0]) == repr(made)
    assert pickle.loads(pickle.dumps(_replayed(8, actions).sheet[0])) == made
    assert record.hands == at_play and record.actions == made.actions and record == made


def test_a_pickled_state_holds_what_happened_not_what_follows_from_it() -> None:
    actions, _after, _ = _first_hand(3)
    middle = _replayed(3, actions[:30])
    # Its rules by their options, no deck tables, no legal actions: a few
    # hundred bytes in the middle of hand 0 (the tables alone are ~1 MB).
    assert len(pickle.dumps(middle)) < 1500
    twin = pickle.loads(pickle.dumps(middle))
    assert twin == middle and twin.legal_actions() == middle.legal_actions()


# -- Illegal actions -----------------------------------------------------------------------------


def states_in_each_phase() -> dict[str, GameState]:
    deal = new_game(P)
    bid = dealt()
    exchange = bid_seats(dealt(), {1: Bid.DOUBLE_NIL, 2: Bid(3), 3: Bid(2), 0: Bid(4)})
    play = bid_seats(dealt(), {0: Bid(3), 1: Bid(3), 2: Bid(3), 3: Bid(3)})
    mid_trick = play.apply(C("AD"))
    over = new_game(Rules.partnership(target=50))
    over = scripted_hand(over, {0: Bid(7), 1: Bid.NIL, 2: Bid(6), 3: Bid.NIL})
    assert over.is_over
    return {"deal": deal, "bid": bid, "exchange": exchange, "play": play, "mid-trick": mid_trick, "over": over}


PHASES = ["bid", "deal", "exchange", "mid-trick", "over", "play"]


@functools.cache
def states() -> dict[str, GameState]:
    """Built on first use, so that a broken engine fails tests, not collection."""
    built = states_in_each_phase()
    assert sorted(built) == PHASES
    return built

# Each refusal, with the rule of RULES.md it names: the rule it breaks, or the
# rule of what the phase takes (a card not held: C-5, the play).
ILLEGAL: list[tuple[str, Any, Reason, str]] = [
    ("bid", Bid(14), Reason.BID_OUT_OF_RANGE, "C-3"),  # 0 to 13
    ("bid", Bid(99), Reason.BID_OUT_OF_RANGE, "C-3"),  # the largest Bid value
    ("bid", C("AS"), Reason.WRONG_PHASE, "C-3"),
    ("bid", Draft.KEEP, Reason.WRONG_PHASE, "C-3"),
    ("bid", ROUND_ROBIN, Reason.WRONG_PHASE, "C-3"),
    ("bid", Exchange(["QS", "8S", "4S"]), Reason.WRONG_PHASE, "C-3"),
    ("deal", Bid(3), Reason.WRONG_PHASE, "P-2"),
    ("deal", C("AS"), Reason.WRONG_PHASE, "P-2"),
    ("deal", Stock(tuple(Card(i) for i in range(52))), Reason.WRONG_PHASE, "P-2"),
    ("deal", Replacement(["AS"]), Reason.WRONG_PHASE, "P-2"),
    ("play", C("AS"), Reason.CARD_NOT_IN_HAND, "C-5"),  # seat 3 holds it
    ("play", C("QS"), Reason.SPADES_NOT_BROKEN, "C-4"),
    ("play", C("BJ"), Reason.CARD_NOT_IN_HAND, "C-5"),
    ("play", Bid(3), Reason.WRONG_PHASE, "C-5"),
    ("play", ROUND_ROBIN, Reason.WRONG_PHASE, "C-5"),
    ("mid-trick", C("AH"), Reason.MUST_FOLLOW_SUIT, "C-5"),
    ("mid-trick", C("AD"), Reason.CARD_NOT_IN_HAND, "C-5"),  # already played
    ("exchange", Exchange(["AS"]), Reason.WRONG_EXCHANGE_SIZE, "P-6"),  # three cards
    ("exchange", C("AS"), Reason.WRONG_PHASE, "P-6"),
    ("over", C("AS"), Reason.GAME_OVER, "S-9"),  # the game has ended
    ("over", Bid(3), Reason.GAME_OVER, "S-9"),
    ("over", ONE_SUIT, Reason.GAME_OVER, "S-9"),
]
NOT_ACTIONS: list[object] = ["AS", 5, None, 3.5, True, (), [C("AS")], object(), Bid, "nil"]


def check_refused(state: GameState, action: Any, seat: int | None = None) -> IllegalActionError:
    """The refusal of ``action`` (by ``seat``): ``explain`` returns it
    without raising (it is ``apply`` with the error caught), it names a rule
    of RULES.md or none, and the state is unchanged."""
    before = snapshot(state)
    error = state.explain(action, seat=seat)
    assert isinstance(error, IllegalActionError)
    # Every refusal names a rule of RULES.md but one that is no action at all.
    assert error.rule in RULE_IDS or (error.rule == "" and error.reason is Reason.NOT_AN_ACTION), (error.reason, error.rule)
    assert str(error)  # a message for people
    assert snapshot(state) == before
    return error


@pytest.mark.parametrize(("phase", "action", "reason", "rule"), ILLEGAL)
def test_illegal_action_is_refused_and_state_unchanged(
    phase: str, action: Any, reason: Reason, rule: str
) -> None:
    error = check_refused(states()[phase], action)
    assert error.reason is reason, str(error)
    assert error.rule == rule and rule in str(error), str(error)


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("value", NOT_ACTIONS, ids=repr)
def test_non_actions_are_refused(phase: str, value: object) -> None:
    error = check_refused(states()[phase], value)
    assert error.reason in (Reason.NOT_AN_ACTION, Reason.GAME_OVER), error


@pytest.mark.parametrize("phase", ["bid", "exchange", "play", "mid-trick"])
def test_out_of_turn_is_refused(phase: str) -> None:  # P-3, P-6, P-7
    state = states()[phase]
    action = state.legal_actions()[0]
    for seat in range(4):
        if seat == state.turn:
            assert state.explain(action, seat=seat) is None
            state.apply(action, seat=seat)
        else:
            error = check_refused(state, action, seat=seat)
            assert error.reason is Reason.NOT_YOUR_TURN


@pytest.mark.parametrize(
    "rules", [Rules.partnership(), Rules.two_player(), Rules.pagat(first_lead="two-of-clubs")], ids=["p", "t", "v7"]
)
def test_out_of_turn_plays_name_the_rule_of_who_plays(rules: Rules) -> None:
    """The first lead: P-7 (left of the dealer), T-7 (the second player) or
    V-7 (the holder of the 2 of clubs); a later lead: C-7 (the winner of
    the trick before); within a trick: P-7 (clockwise), T-7 in two-player."""
    rng = random.Random(4)
    state = new_game(rules, seed=4)
    while state.phase is not Phase.PLAY:
        state = state.apply(rng.choice([a for a in state.legal_actions() if a != Bid.DOUBLE_NIL]))
    seen = set()
    while not state.sheet:
        other = (state.turn + 1) % rules.players  # type: ignore[operator]
        card = state.legal_actions()[0]
        error = check_refused(state, card, seat=other)
        first_lead = not state.trick and not any(state.tricks_won)
        if first_lead:
            expected = "V-7" if rules.first_lead == "two-of-clubs" else ("T-7" if rules.is_draft else "P-7")
        elif not state.trick:
            expected = "C-7"
        else:
            expected = "T-7" if rules.is_draft else "P-7"
        assert (error.reason, error.rule) == (Reason.NOT_YOUR_TURN, expected), (len(state.history), str(error))
        seen.add(expected)
        state = state.apply(card)
    assert "C-7" in seen


def test_out_of_turn_at_chance_and_after_the_end() -> None:
    assert check_refused(states()["deal"], ROUND_ROBIN, seat=0).reason is Reason.NOT_YOUR_TURN
    assert check_refused(states()["over"], C("AS"), seat=0).reason is Reason.GAME_OVER


@pytest.mark.parametrize("phase", PHASES)
def test_every_listed_action_applies_and_others_are_refused(phase: str) -> None:
    check_actions(states()[phase])


def test_explain_returns_none_for_legal_actions() -> None:
    state = states()["bid"]
    for action in state.legal_actions():
        assert state.explain(action) is None
        assert state.explain(action, seat=1) is None


def test_errors_name_the_rule() -> None:  # C-3, C-4, C-5
    assert "C-3" in str(states()["bid"].explain(Bid(14)))
    assert "C-4" in str(states()["play"].explain(C("QS")))
    assert "C-5" in str(states()["mid-trick"].explain(C("AH")))


def bids_in(actions: Sequence[object]) -> list[Bid]:
    return [a for a in actions if isinstance(a, Bid)]


def test_history_is_the_hands_actions() -> None:
    state = bid_seats(dealt(), {0: Bid(3), 1: Bid(4), 2: Bid(2), 3: Bid.NIL})
    assert state.history[0] == ROUND_ROBIN
    assert bids_in(state.history) == [Bid(4), Bid(2), Bid.NIL, Bid(3)]
    state = apply_checked(state, C("AD"))
    assert state.history[-1] == C("AD")


@pytest.mark.parametrize("seat", [-1, 4, 9, True, "0", None, 1.0])
def test_a_bad_seat_is_an_argument_error(seat: Any) -> None:  # P-1
    state = states()["bid"]  # seat 1 to bid
    kind = ArgumentError if type(seat) is int else ArgumentTypeError
    calls: list[Callable[[], object]] = [lambda: state.hand(seat), lambda: state.double_nil_open(seat)]
    if seat is not None:  # None: no seat given, the seat to act
        calls += [lambda: state.explain(Bid(3), seat=seat), lambda: state.apply(Bid(3), seat=seat)]
    for call in calls:
        with pytest.raises(kind) as info:
            call()
        assert isinstance(info.value, ValueError if kind is ArgumentError else TypeError)
    assert state.explain(Bid(3), seat=None) is None  # no seat given: the seat to act


@pytest.mark.parametrize("value", [5, None, 3.5])
def test_chance_actions_refuse_non_sequences(value: Any) -> None:
    for kind in (Deal, Stock, Exchange, Replacement):
        with pytest.raises(SpadesError):
            kind(value)


def _first_leader_after_bids(rules: Rules, seed: int) -> tuple[int, int]:
    """The dealer of a new seeded game, and the seat leading its first trick
    once every seat has bid 1 (no Double Nil, so no exchange)."""
    state = new_game(rules, seed=seed)
    dealer = state.dealer
    while state.phase is Phase.BID:
        state = state.apply(Bid(1))
    return dealer, cast(int, state.turn)


def test_the_facts_kept_for_new_games_follow_the_rules_given() -> None:
    # new_game keeps what it works out of the rules by their identity: rules
    # made one after another (more than the memo keeps) each give their own
    # game, before and after the memo starts again (P-2, P-7, V-7).
    from spades import state as state_module

    made = []
    for index in range(state_module._KEPT_FACTS_LIMIT + 40):
        two_of_clubs = index % 3 == 0
        rules = Rules.partnership(first_dealer=index % 4, first_lead="two-of-clubs" if two_of_clubs else "left-of-dealer")
        made.append(rules)
        dealer, leader = _first_leader_after_bids(rules, index)
        holder = next(seat for seat in range(4) if Card.parse("2C") in new_game(rules, seed=index).hand(seat))
        assert dealer == index % 4
        assert leader == (holder if two_of_clubs else (dealer + 1) % 4)
        assert len(state_module._KEPT_FACTS) <= state_module._KEPT_FACTS_LIMIT
    for index, rules in enumerate(made):
        assert _first_leader_after_bids(rules, index) == _first_leader_after_bids(rules.replace(), index)
