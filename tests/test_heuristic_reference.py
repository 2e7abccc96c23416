"""The heuristic player's hand evaluation, bids, draft choices, exchanges and
cards against plain references written from their documentation
(:func:`~spades.heuristic.hand_tricks`, :func:`~spades.heuristic.nil_risk`
and :func:`~spades.heuristic.heuristic_bot`'s docstrings), over random
hands and the views of random games under random rules; fixed games that
are known to meet every kind of choice; worked examples at the edges of
each threshold; and :func:`~spades.heuristic.play_out_hand` from starts
after a seat has shown out, and its refusals.  Gaps a mutation run of
``heuristic.py`` left (tests/MUTANTS.md)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import (
    ArgumentTypeError, Bid, Card, CardSet, Deal, Draft, Exchange, GameState, Phase, Rules, StateError, new_game,
    seat_view,
)
from spades.actions import Action, ExchangeChoices
from spades.heuristic import _Read, hand_tricks, heuristic_bot, nil_risk, play_out_hand
from spades.view import SeatView

from strategies import rules_strategy

SPADES = 3
JACK, QUEEN, KING, ACE = 9, 10, 11, 12


# ----------------------------------------------------------------------
# Plain references, from the docstrings.


def printed_rank(card: int) -> int:
    """0 for a two .. 12 for an ace; the jokers above (13, 14)."""
    return 13 + (card - 52) if card >= 52 else int(Card(card).rank)


def cards_of(hand: CardSet) -> list[int]:
    return [int(card) for card in hand]


def deck_cards(rules: Rules) -> list[int]:
    return [i for i in range(54) if rules.deck_mask >> i & 1]


def above(card: int, hand: list[int], rules: Rules) -> int:
    """The cards of ``card``'s suit (as it follows), not in the hand, that
    rank above it (C-7, V-9)."""
    suit = rules.suit_of[card]
    return sum(1 for other in deck_cards(rules)
               if other not in hand and rules.suit_of[other] == suit and rules.power[other] > rules.power[card])


def reference_hand_tricks(hand: CardSet, rules: Rules) -> float:
    cards = cards_of(hand)
    spades = sorted((c for c in cards if rules.suit_of[c] == SPADES), key=lambda c: rules.power[c], reverse=True)
    deck_spades = sum(1 for c in deck_cards(rules) if rules.suit_of[c] == SPADES)
    share = math.ceil(deck_spades / rules.players)
    spade_count = 0.0
    for i, spade in enumerate(spades):
        higher = above(spade, cards, rules)
        if higher <= i:
            spade_count += 1
        elif i >= share - 1:
            spade_count += 0.8 if higher <= i + 3 else 0.3
        elif higher == i + 1 and len(spades) >= i + 2:
            spade_count += 0.5
    total = spade_count
    spare = max(0.0, len(spades) - spade_count - 0.5)
    long = 7 if rules.players == 2 else 5
    scale = min(1.0, 13 / deck_spades) ** 2
    for suit in (0, 1, 2):
        held = [c for c in cards if rules.suit_of[c] == suit]
        n = len(held)
        ranks = {printed_rank(c) for c in held}
        ace, king, queen = ACE in ranks, KING in ranks, QUEEN in ranks
        worth = 0.0
        if ace:
            worth += 0.6 if n > long else 1.0
        if king:
            if n > long or n == 1:
                worth += 0.3
            else:
                worth += 0.9 if ace else 0.7
        if queen and 3 <= n <= long - 1:
            worth += 0.6 if ace and king else 0.4 if ace or king else 0.2
        total += worth * scale
        if spare > 0 and n <= 2:
            ruffs = min(spare, {0: 2.0, 1: 1.0, 2: 0.5}[n])
            spare -= ruffs
            total += ruffs
    return total * rules.hand_size / 13


def reference_nil_risk(hand: CardSet, rules: Rules) -> float:
    cards = cards_of(hand)
    risk = 0.0
    for card in cards:
        up = above(card, cards, rules)
        if rules.suit_of[card] == SPADES:
            if up <= 3:
                risk += 2
            elif up <= 6:
                risk += 1
            continue
        below = sum(1 for c in cards if rules.suit_of[c] == rules.suit_of[card] and rules.power[c] < rules.power[card])
        below = min(below, 3)
        if up <= 2:
            risk += 2.5 - 0.5 * below
        elif up <= 4:
            risk += 1 - 0.25 * below
    spades = sum(1 for c in cards if rules.suit_of[c] == SPADES)
    if spades >= 4:
        risk += 1.5 * (spades - 3)
    return risk


def desperate(view: SeatView) -> bool:
    mine = view.scores[view.rules.side_of[view.seat]]
    best = max(view.scores)
    return best - mine >= 200 and best >= view.rules.target - 150


def on_nil(bid: Bid | None) -> bool:
    return bid is not None and bid.tricks == 0


def reference_bid(view: SeatView) -> Action:
    rules, legal = view.rules, view.legal_actions
    if view.sealed:
        if Bid.DOUBLE_NIL in legal and desperate(view):
            return Bid.DOUBLE_NIL
        return next((a for a in legal if a != Bid.DOUBLE_NIL), Bid.DOUBLE_NIL)
    tricks, risk = hand_tricks(view.hand, rules), nil_risk(view.hand, rules)
    side = rules.side_of[view.seat]
    partners = [s for s in rules.sides[side] if s != view.seat]
    partner_nil = any(on_nil(view.bids[p]) for p in partners)
    if not partner_nil:
        if Bid.DOUBLE_NIL in legal and desperate(view) and risk <= 1:
            return Bid.DOUBLE_NIL
        strong_partner = any((b := view.bids[p]) is not None and b.tricks >= 4 for p in partners)
        if Bid.NIL in legal and tricks <= 1.6 and risk <= 2.5 and (risk <= 1.5 or strong_partner):
            return Bid.NIL
    want = tricks + (0.5 if partner_nil else 0.0)
    short_of_penalty = rules.bags_per_penalty - view.bags[side]
    goal = math.floor(want + 0.5) if short_of_penalty > 3 else math.floor(want + 0.8)
    goal = max(goal, 1)
    numbers = [a for a in legal if isinstance(a, Bid) and not a.double_nil and a.tricks >= 1]
    if numbers:
        return min(numbers, key=lambda b: (abs(b.tricks - goal), b.tricks))
    return Bid.NIL if Bid.NIL in legal else Bid.DOUBLE_NIL


def reference_draft(view: SeatView) -> Action:
    rules = view.rules
    if Bid.DOUBLE_NIL in view.legal_actions and (view.sealed or view.hand_sizes[view.seat] == 0) and desperate(view):
        return Bid.DOUBLE_NIL
    card = view.top_of_stock
    if card is None:
        return Draft.KEEP
    spade = rules.suit_of[card] == SPADES
    rank = printed_rank(card)
    if on_nil(view.bids[view.seat]):
        return Draft.KEEP if not spade and rank <= 6 else Draft.REJECT
    if spade or rank >= QUEEN:
        return Draft.KEEP
    holds_suit = any(rules.suit_of[c] == rules.suit_of[card] for c in cards_of(view.hand))
    return Draft.KEEP if rank <= 2 and not holds_suit else Draft.REJECT


def reference_exchange(view: SeatView) -> Action:
    rules = view.rules
    choices = view.legal_actions
    assert isinstance(choices, ExchangeChoices)
    sizes = choices.sizes
    cards = cards_of(view.hand)  # index order
    spades = [c for c in cards if rules.suit_of[c] == SPADES]
    others = [c for c in cards if rules.suit_of[c] != SPADES]
    if on_nil(view.bids[view.seat]):
        order = sorted(spades, key=lambda c: -rules.power[c]) + sorted(others, key=lambda c: -printed_rank(c))
        if view.phase is Phase.DISCARD:
            dangerous = sum(1 for c in cards if c >= 52 or printed_rank(c) >= JACK
                            or (rules.suit_of[c] == SPADES and printed_rank(c) >= 7))
            fits = [n for n in sizes if n <= dangerous]
            count = max(fits) if fits else min(sizes)
        else:
            count = max(sizes)
    else:
        order = sorted(others, key=printed_rank) + sorted(spades, key=lambda c: rules.power[c])
        count = max(sizes)
    return Exchange(CardSet.from_cards([Card(c) for c in order[:count]]))


# ----------------------------------------------------------------------
# Random hands and the views of random games.


@settings(max_examples=150, deadline=None)
@given(rules=rules_strategy(), seed=st.integers(0, 2**32 - 1), size=st.integers(0, 17))
def test_hand_evaluation_follows_its_documentation(rules: Rules, seed: int, size: int) -> None:
    rng = random.Random(seed)
    deck = deck_cards(rules)
    drawn = [CardSet.from_cards([Card(c) for c in rng.sample(deck, min(size, rules.hand_size))]) for _ in range(8)]
    # And hands as dealt: every seat's of a seeded game.
    for hand in drawn + list(new_game(rules, seed=seed).hands):
        assert math.isclose(hand_tricks(hand, rules), reference_hand_tricks(hand, rules), abs_tol=1e-9), str(hand)
        assert nil_risk(hand, rules) == reference_nil_risk(hand, rules), str(hand)


def compare_decisions(state: GameState, rng: random.Random, seen: dict[str, int]) -> GameState:
    """The heuristic's decision at ``state`` (before the play) against the
    reference, from the seat's view and, while Double Nil is open to the
    seat, from its sealed view; the state after the heuristic's or a random
    legal action.  ``seen`` counts the kinds of decision met."""
    seat = state.turn
    assert seat is not None
    views = [seat_view(state, seat)]
    if state.double_nil_open(seat):
        views.append(seat_view(state, seat, sealed=True))
    for view in views:
        phase = view.phase
        reference = (reference_bid if phase is Phase.BID else reference_draft if phase is Phase.DRAFT
                     else reference_exchange)
        expected = reference(view)
        assert heuristic_bot(view, rng) == expected, (phase, view)
        side = view.rules.side_of[seat]
        near = view.rules.bags_per_penalty - view.bags[side] <= 3
        kinds = (phase.name, "sealed" if view.sealed else "looked", "desperate" if desperate(view) else "not desperate",
                 "near a penalty" if near else "not near a penalty", "on nil" if on_nil(view.bids[seat]) else "")
        for kind in filter(None, kinds):
            seen[kind] = seen.get(kind, 0) + 1
    action = heuristic_bot(views[0], rng) if rng.random() < 0.5 else rng.choice(state.legal_actions())
    return state.apply(action)


def play_comparing(rules: Rules, seed: int, steps: int, seen: dict[str, int]) -> None:
    """A seeded game, checking every decision before the play."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        if state.phase is Phase.PLAY:
            state = state.apply(rng.choice(state.legal_actions()))
        else:
            state = compare_decisions(state, rng, seen)


@settings(max_examples=150, deadline=None)
@given(rules=rules_strategy(floor=True), seed=st.integers(0, 2**32 - 1))
def test_bids_draft_and_exchanges_follow_the_documentation(rules: Rules, seed: int) -> None:
    play_comparing(rules, seed, 600, {})


def test_every_kind_of_decision_is_compared() -> None:  # P-6, T-2, T-6, S-8
    """Fixed games that reach each phase, sealed views, desperate sides,
    bags near a penalty and Nil bids, so that the comparison above is known
    to see them."""
    seen: dict[str, int] = {}
    for rules in (
        Rules.partnership(target=100, losing_floor=-300, bags_per_penalty=5),
        Rules.two_player(target=100, losing_floor=-300, bags_per_penalty=5),
        Rules(players=3, partners=False, target=150, losing_floor=-300),
    ):
        for seed in range(6):
            play_comparing(rules, seed, 1500, seen)
    for kind in ("BID", "DRAFT", "EXCHANGE", "DISCARD", "sealed", "looked", "desperate", "not desperate",
                 "near a penalty", "not near a penalty", "on nil"):
        assert seen.get(kind, 0) >= 3, kind


def deal_with(rules: Rules, seat: int, hand: str) -> Deal:
    """A deal that gives ``seat`` the cards of ``hand`` and the other seats
    the rest of the deck, in index order."""
    mine = CardSet.parse(hand)
    rest = [card for card in CardSet.from_cards([Card(c) for c in deck_cards(rules)]) if card not in mine]
    size = rules.hand_size
    hands: list[CardSet] = []
    for other in range(rules.players):
        if other == seat:
            hands.append(mine)
        else:
            hands.append(CardSet.from_cards(rest[:size]))
            rest = rest[size:]
    return Deal(tuple(hands))


def bid_view(state: GameState, hand: str, before: tuple[Bid, ...], sealed: bool = False) -> SeatView:
    """The view (``sealed`` or not) of the seat that bids after ``before``
    in the hand that ``state`` (waiting for its deal) is about to deal,
    given ``hand``."""
    seat = (state.dealer + 1 + len(before)) % state.rules.players
    state = state.apply(deal_with(state.rules, seat, hand))
    for bid in before:
        state = state.apply(bid)
    assert state.turn == seat
    return seat_view(state, seat, sealed=sealed)


def after_first_hand(rules: Rules, third: int = 9) -> GameState:
    """A partnership game after a first hand dealt as seed 0 deals it, bid
    9, 1, ``third``, 1 (seats 1, 2, 3, 0) and played with each seat's first
    legal card: seats 0 and 2 take 9 tricks (2 bid, 7 bags), seats 1 and 3
    take 4 of their 9 + ``third`` (set: -180 for 18)."""
    state = new_game(rules).apply(Deal(new_game(Rules.partnership(), seed=0).hands))
    for bid in (Bid(9), Bid(1), Bid(third), Bid(1)):
        state = state.apply(bid)
    while not state.sheet:
        state = state.apply(state.legal_actions()[0])
    assert state.sheet[0].tricks == (3, 2, 6, 2)
    return state


def bids_of(view: SeatView) -> Action:
    action = heuristic_bot(view, random.Random(0))
    assert action == reference_bid(view)
    return action


# Hands for seat 0 (spades first); each comment gives hand_tricks and nil_risk.
ACES_SHORT_AND_LONG = "-.A5432.A765432.2"  # 1 + 0.6 = 1.6; 1 + 1 = 2
TWO_ACES = "-.A5432.A5432.432"  # 2; 2
BARE_ACE = "-.A.765432.765432"  # 1; 2.5
BARE_ACE_AND_A_JACK = "2.A.J432.8765432"  # 1 + a heart ruff 0.5 = 1.5; 2.5 + 0.25 = 2.75
ACE_THIRD = "-.A32.765432.5432"  # 1; 1.5
ACE_FIFTH = "-.A5432.765432.32"  # 1; 1
ACE_AND_BARE_KING = "-.A5432.K.8765432"  # 1 + 0.3 = 1.3; 1 + 2.5


def test_the_hands_of_the_worked_examples() -> None:
    rules = Rules.partnership()
    for hand, tricks, risk in (
        (ACES_SHORT_AND_LONG, 1.6, 2), (TWO_ACES, 2, 2), (BARE_ACE, 1, 2.5), (BARE_ACE_AND_A_JACK, 1.5, 2.75),
        (ACE_THIRD, 1, 1.5), (ACE_FIFTH, 1, 1), (ACE_AND_BARE_KING, 1.3, 3.5),
    ):
        assert math.isclose(hand_tricks(CardSet.parse(hand), rules), tricks), hand
        assert nil_risk(CardSet.parse(hand), rules) == risk, hand
    assert hand_tricks(CardSet.parse(ACES_SHORT_AND_LONG), rules) == 1.6  # exactly: the edge of Nil


def test_nil_at_its_thresholds() -> None:  # P-5, V-2
    rules = Rules.partnership(first_dealer=1)  # seat 2 bids first, seat 0 third
    fresh = new_game(rules)
    opponent = Bid(3)
    # tricks <= 1.6 and risk <= 2.5, with risk <= 1.5 or a partner who bid 4 or more.
    assert bids_of(bid_view(fresh, ACES_SHORT_AND_LONG, (Bid(4), opponent))) == Bid.NIL
    assert bids_of(bid_view(fresh, ACES_SHORT_AND_LONG, (Bid(3), opponent))) == Bid(2)  # 1.6 rounded
    assert bids_of(bid_view(fresh, TWO_ACES, (Bid(4), opponent))) == Bid(2)  # 2 tricks: too many
    assert bids_of(bid_view(fresh, BARE_ACE, (Bid(4), opponent))) == Bid.NIL  # risk 2.5
    assert bids_of(bid_view(fresh, BARE_ACE, (Bid(3), opponent))) == Bid(1)
    assert bids_of(bid_view(fresh, BARE_ACE_AND_A_JACK, (Bid(4), opponent))) == Bid(2)  # risk 2.75
    assert bids_of(bid_view(fresh, ACE_THIRD, (Bid(1), opponent))) == Bid.NIL  # risk 1.5 alone will do
    # A partner on Nil: no Nil, and half a trick more to cover it (1 + 0.5, rounded half up).
    assert bids_of(bid_view(fresh, ACE_THIRD, (Bid.NIL, opponent))) == Bid(2)
    # Nil is not the nearest number to a goal of at least 1 (V-6: at least 4 bid).
    least_four = new_game(Rules.partnership(first_dealer=1, min_bid=4))
    assert bids_of(bid_view(least_four, TWO_ACES, (Bid(4), Bid(4)))) == Bid(4)


def test_rounding_near_a_bag_penalty() -> None:  # S-8
    # Seat 2 bids first in the second hand; its side carries 7 bags.  Three
    # bags or fewer short of a penalty, 1.3 tricks round up to 2; four or
    # more short, half up, to 1.
    for per_penalty, bid in ((10, Bid(2)), (11, Bid(1))):
        state = after_first_hand(Rules.partnership(bags_per_penalty=per_penalty))
        assert state.bags == (7, 0)
        assert bids_of(bid_view(state, ACE_AND_BARE_KING, ())) == bid


def test_double_nil_when_desperate() -> None:  # P-6, V-3
    # After the first hand the scores are 20 and -180 (no points for bags):
    # seats 1 and 3 are 200 behind, desperate while 20 >= target - 150.
    # Seat 3 bids second in the second hand, seat 1 last.
    for target, desperate_side in ((170, True), (171, False)):
        state = after_first_hand(Rules.partnership(bag_points=0, target=target))
        assert state.scores == (20, -180)
        view = bid_view(state, ACE_FIFTH, (Bid(3),))  # risk 1
        assert desperate(view) is desperate_side
        assert bids_of(view) == (Bid.DOUBLE_NIL if desperate_side else Bid.NIL)
        sealed = bid_view(state, ACE_FIFTH, (Bid(3),), sealed=True)
        assert sealed.sealed and bids_of(sealed) == (Bid.DOUBLE_NIL if desperate_side else Bid.NIL)
    state = after_first_hand(Rules.partnership(bag_points=0, target=170))
    assert bids_of(bid_view(state, ACE_THIRD, (Bid(3),))) == Bid.NIL  # risk 1.5: Nil, not Double Nil
    # With a partner on Nil, neither: 1 + 0.5 tricks, rounded half up.
    assert bids_of(bid_view(state, ACE_FIFTH, (Bid(3), Bid.NIL, Bid(3)))) == Bid(2)
    # 190 behind is not desperate.
    state = after_first_hand(Rules.partnership(bag_points=0, target=170), third=8)
    assert state.scores == (20, -170)
    assert not desperate(bid_view(state, ACE_FIFTH, (Bid(3),)))


def test_two_player_long_suits_hold_up() -> None:  # T-3
    # Two players: a side suit counts its ace 1 and its king 0.9 up to seven
    # cards, 0.6 and 0.3 beyond; four players, up to five.
    two, four = Rules.two_player(), Rules.partnership()
    eight_hearts, seven_hearts = CardSet.parse("-.AK765432.-.65432"), CardSet.parse("-.AK76543.-.765432")
    assert math.isclose(hand_tricks(eight_hearts, two), 0.6 + 0.3)
    assert math.isclose(hand_tricks(seven_hearts, two), 1 + 0.9)
    assert math.isclose(hand_tricks(seven_hearts, four), 0.6 + 0.3)


def second_draft(target: int) -> GameState:
    """A two-player game (Nil worth 250) after a first hand dealt from seed
    0, drafted with the first legal choices, bid Nil by seat 1 and 1 by
    seat 0, played with the first legal cards: seat 1's Nil fails; seat 1
    drafts first in the second hand."""
    state = new_game(Rules.two_player(target=target, nil_bonus=250), seed=0)
    while state.phase is Phase.DRAFT:
        state = state.apply(state.legal_actions()[0])
    state = state.apply(Bid.NIL).apply(Bid(1))
    while not state.sheet:
        state = state.apply(state.legal_actions()[0])
    assert state.scores == (16, -244) and state.turn == 1 and state.phase is Phase.DRAFT
    return state


def test_double_nil_in_the_draft_when_desperate() -> None:  # T-6
    state = second_draft(target=100)  # 260 behind, and 16 >= 100 - 150
    for sealed in (False, True):
        view = seat_view(state, 1, sealed=sealed)
        assert view.sealed is sealed and view.hand_sizes[1] == 0
        assert heuristic_bot(view, random.Random(0)) == reference_draft(view) == Bid.DOUBLE_NIL
    state = second_draft(target=200)  # 16 < 200 - 150: not desperate
    view = seat_view(state, 1)
    assert heuristic_bot(view, random.Random(0)) == reference_draft(view) != Bid.DOUBLE_NIL
    sealed_view = seat_view(state, 1, sealed=True)
    assert heuristic_bot(sealed_view, random.Random(0)) == reference_draft(sealed_view) == Draft.KEEP  # to look


def double_nil_discard(rules: Rules, seed: int) -> SeatView:
    """The view of a two-player Double Nil discard: seat 0 declares Double
    Nil at its first draft turn, every other choice is the first legal one."""
    state = new_game(rules, seed=seed)
    while state.phase is not Phase.DISCARD:
        legal = state.legal_actions()
        state = state.apply(Bid.DOUBLE_NIL if state.turn == 0 and Bid.DOUBLE_NIL in legal else legal[0])
    assert state.turn is not None
    return seat_view(state, state.turn)


def test_the_double_nil_discard_counts_the_dangerous_cards() -> None:  # T-6, V-9
    # Seed 49: two dangerous cards, the 9 of spades (a spade of rank 9 or
    # more) and the jack of hearts: two cards go, the first of its order
    # (spades highest first).
    view = double_nil_discard(Rules.two_player(), 49)
    choices = view.legal_actions
    assert str(view.hand) == "943.J75.T84.T743"
    assert isinstance(choices, ExchangeChoices) and choices.sizes == (0, 1, 2, 3)
    assert heuristic_bot(view, random.Random(0)) == reference_exchange(view) == Exchange(CardSet.parse("94..."))
    # With jokers, seed 254: the Little Joker and the ace of clubs.
    view = double_nil_discard(Rules.two_player(deck="jokers"), 254)
    assert str(view.hand) == "L3.T65432.8.A976"
    assert heuristic_bot(view, random.Random(0)) == reference_exchange(view) == Exchange(CardSet.parse("L3..."))


# ----------------------------------------------------------------------
# The play, from the "The play" part of heuristic_bot's docstring.


class Reading:
    """What the player reads from a view of the play, in plain values."""

    def __init__(self, view: SeatView) -> None:
        rules = self.rules = view.rules
        self.view = view
        self.seat = view.seat
        self.hand = cards_of(view.hand)
        played: list[int] = []
        self.shown_out: dict[int, set[int]] = {seat: set() for seat in range(rules.players)}
        tricks = [(t.leader, list(t.cards)) for t in view.tricks]
        self.leader = view.leader if view.leader is not None else view.seat
        tricks.append((self.leader, list(view.trick)))
        for leader, cards in tricks:
            for position, card in enumerate(cards):
                played.append(int(card))
                if rules.suit_of[card] != rules.suit_of[cards[0]]:
                    self.shown_out[(leader + position) % rules.players].add(rules.suit_of[cards[0]])
        discards = cards_of(view.draft_discards)
        self.out = [c for c in deck_cards(rules) if c not in self.hand and c not in played and c not in discards]
        self.trick = [int(c) for c in view.trick]
        self.side = rules.side_of[self.seat]
        self.partners = [s for s in rules.sides[self.side] if s != self.seat]
        self.opponents = [s for s in range(rules.players) if rules.side_of[s] != self.side]
        self.tricks_left = rules.hand_size - len(view.tricks)

    def suit(self, card: int) -> int:
        return self.rules.suit_of[card]

    def power(self, card: int) -> int:
        return self.rules.power[card]

    def is_spade(self, card: int) -> bool:
        return self.suit(card) == SPADES

    def higher_out(self, card: int) -> int:
        return sum(1 for c in self.out if self.suit(c) == self.suit(card) and self.power(c) > self.power(card))

    def in_suit(self, card: int) -> int:
        """How many cards of ``card``'s suit the hand holds."""
        return sum(1 for c in self.hand if self.suit(c) == self.suit(card))

    def live_nil(self, seat: int) -> bool:
        return on_nil(self.view.bids[seat]) and self.view.tricks_won[seat] == 0

    def needs(self, side: int) -> int:
        bids, won = self.view.bids, self.view.tricks_won
        seats = self.rules.sides[side]
        contract = sum(bid.tricks for s in seats if (bid := bids[s]) is not None)
        return contract - sum(won[s] for s in seats if not on_nil(bids[s]))

    def fights(self) -> bool:
        bag_room = self.rules.bags_per_penalty - self.view.bags[self.side] % self.rules.bags_per_penalty
        can_set = bag_room > 2 and any(
            0 < (n := self.needs(side)) and self.tricks_left <= n + 1
            for side in range(len(self.rules.sides)) if side != self.side
        )
        return self.needs(self.side) > 0 or can_set

    def may_beat(self, seat: int, card: int, led: int) -> bool:
        shown = self.shown_out[seat]
        out_of = [c for c in self.out if self.suit(c) == led]
        if led not in shown:
            if self.suit(card) == led and any(self.power(c) > self.power(card) for c in out_of):
                return True
            if led == SPADES or len(out_of) > 2:
                return False
        if SPADES in shown:
            return False
        spades = [c for c in self.out if self.is_spade(c)]
        if self.is_spade(card):
            return any(self.power(c) > self.power(card) for c in spades)
        return bool(spades)


def highest(cards: list[int], reading: Reading) -> int:
    return max(cards, key=reading.power)


def lowest(cards: list[int], reading: Reading) -> int:
    return min(cards, key=reading.power)


def shed(cards: list[int], reading: Reading) -> int:
    """The card with the fewest higher out, the highest of those."""
    fewest = min(reading.higher_out(c) for c in cards)
    return highest([c for c in cards if reading.higher_out(c) == fewest], reading)


def throw_low(cards: list[int], reading: Reading) -> int:
    pool = [c for c in cards if not reading.is_spade(c)] or cards
    plain = [c for c in pool if reading.higher_out(c) > 0] or pool
    low = min(reading.power(c) for c in plain)
    ties = [c for c in plain if reading.power(c) == low]
    return min(ties, key=reading.in_suit)  # the first of the fewest in hand, in index order


class Trick:
    """The trick a seat follows to, as the player sees it."""

    def __init__(self, reading: Reading, legal: list[int]) -> None:
        trick, seat, players = reading.trick, reading.seat, reading.rules.players
        self.led = led = reading.suit(trick[0])
        best = 0
        for position, card in enumerate(trick):
            if reading.suit(card) in (led, SPADES) and reading.power(card) > reading.power(trick[best]):
                best = position
        self.best_card = best_card = trick[best]
        self.winning = (reading.leader + best) % players
        self.later = [(seat + k) % players for k in range(1, players - len(trick))]
        self.later_opponents = [s for s in self.later if s in reading.opponents]

        def beats(card: int) -> bool:
            return reading.suit(card) in (led, SPADES) and reading.power(card) > reading.power(best_card)

        self.winners = [c for c in legal if beats(c)]
        self.losers = [c for c in legal if not beats(c)]
        self.follows = reading.suit(legal[0]) == led
        self.safe = [c for c in self.winners if not any(reading.may_beat(s, c, led) for s in self.later_opponents)]


def nil_situations(reading: Reading, legal: list[int]) -> list[str]:
    """The rarer choices around a Nil that a position of the follow asks
    for, so that the tests can make sure they are met."""
    t = Trick(reading, legal)
    found = []
    # V-9: the 2 of diamonds and of spades come before the 3 of spades in
    # index order but rank above the ace.
    deuce = len(t.winners) >= 2 and max(t.winners) != highest(t.winners, reading)
    if reading.live_nil(reading.seat) and not t.losers and not t.later and deuce:
        found.append("its own Nil, last, a deuce among its winners")
    for partner in reading.partners:
        if reading.live_nil(partner) and not reading.live_nil(reading.seat) and len(t.winners) >= 2:
            if t.winning == partner and not t.safe:
                found.append("covering a Nil: no safe winner")
            elif t.winning == partner:
                lowest_safe = lowest(t.winners, reading) in t.safe
                found.append("covering a Nil: a safe winner" + ("" if lowest_safe else ", not the lowest"))
            elif partner in t.later:
                found.append("a partner's Nil to come" + (", following" if t.follows else ", trumping"))
                if t.follows and deuce:
                    found.append("a partner's Nil to come, a deuce among its winners")
    for opponent in reading.opponents:
        spades = {reading.is_spade(c) for c in t.losers}
        if reading.live_nil(opponent) and t.winning == opponent and spades == {True, False}:
            found.append("an opponent's Nil winning, spades among the losers")
    return found


def reference_follow(reading: Reading, legal: list[int]) -> int:
    seat, players = reading.seat, reading.rules.players
    t = Trick(reading, legal)
    led, best_card, winning, later, later_opponents = t.led, t.best_card, t.winning, t.later, t.later_opponents
    winners, losers, follows, safe = t.winners, t.losers, t.follows, t.safe
    if reading.live_nil(seat):  # 1
        if losers:
            return highest(losers, reading) if follows else shed(losers, reading)
        return lowest(winners, reading) if later else highest(winners, reading)
    for partner in reading.partners:  # 2
        if not reading.live_nil(partner) or not winners:
            continue
        if winning == partner:
            return lowest(safe, reading) if safe else highest(winners, reading)
        if partner in later:
            return highest(winners, reading) if follows else lowest(winners, reading)
    for opponent in range(players):  # 3
        if opponent not in reading.opponents or not reading.live_nil(opponent):
            continue
        if winning == opponent and losers:
            plain = [c for c in losers if not reading.is_spade(c)]
            return highest(plain or losers, reading)
        if opponent in later and reading.needs(reading.side) < reading.tricks_left - 1:
            return lowest(losers or winners, reading)
    partner_winning = winning in reading.partners
    if reading.fights():  # 4
        partner_holds = partner_winning and not any(reading.may_beat(s, best_card, led) for s in later_opponents)
        if partner_holds or not winners:
            return throw_low(losers or legal, reading)
        if safe:
            return lowest(safe, reading)
        if partner_winning or (follows and any(p in later for p in reading.partners)):
            return throw_low(losers or legal, reading)
        if follows and later_opponents:
            return highest(winners, reading)
        return lowest(winners, reading)
    if losers:  # 5
        return highest(losers, reading) if follows else shed(losers, reading)
    return lowest(winners, reading) if later else highest(winners, reading)


def against_nil(reading: Reading) -> bool:
    """Whether the lead goes against an opponent's live Nil."""
    return any(reading.live_nil(s) for s in reading.opponents) and reading.needs(reading.side) < reading.tricks_left - 1


def lead_against_nil(reading: Reading, legal: list[int], voids: bool = True) -> int:
    """The lead against the first opponent on a live Nil (with ``voids``
    false, as if it had shown out of no suit)."""
    target = next(s for s in reading.opponents if reading.live_nil(s))
    pool = [c for c in legal if not voids or reading.suit(c) not in reading.shown_out[target]] or legal
    bottoms = [c for c in pool
               if reading.power(c) == min(reading.power(x) for x in reading.hand if reading.suit(x) == reading.suit(c))]
    return min(bottoms, key=lambda c: (reading.higher_out(c) == 0, reading.power(c)))


def reference_lead(reading: Reading, legal: list[int]) -> int:
    def ruffable(suit: int) -> bool:
        return any(suit in reading.shown_out[s] and SPADES not in reading.shown_out[s] for s in reading.opponents)

    plain = [c for c in legal if not reading.is_spade(c)]

    def under_others() -> int:
        """The card not a spade with the most higher out, the lowest of
        those; the lowest spade when it holds nothing else."""
        if not plain:
            return lowest(legal, reading)
        most = max(reading.higher_out(c) for c in plain)
        return lowest([c for c in plain if reading.higher_out(c) == most], reading)

    if reading.live_nil(reading.seat):
        return under_others()
    for partner in reading.partners:
        if reading.live_nil(partner):
            return min(legal, key=lambda c: (
                reading.higher_out(c), reading.is_spade(c), -reading.in_suit(c), -reading.power(c)))
    if against_nil(reading):
        return lead_against_nil(reading, legal)
    if not reading.fights():
        return under_others()
    masters = [c for c in legal
               if reading.higher_out(c) == 0 and (reading.is_spade(c) or not ruffable(reading.suit(c)))]
    spades_out = sum(1 for c in reading.out if reading.is_spade(c))
    spade_masters = [c for c in masters if reading.is_spade(c)]
    if spade_masters and spades_out:
        return highest(spade_masters, reading)
    side_masters = [c for c in masters if not reading.is_spade(c)]
    if side_masters:
        short = [c for c in side_masters if reading.in_suit(c) <= 3]
        return highest(short or side_masters, reading)
    spades = [c for c in legal if reading.is_spade(c)]
    if spades_out and len(spades) >= 4 and 2 * len(spades) >= spades_out:
        return lowest(spades, reading)
    if not plain:
        return lowest(legal, reading)
    pool = [c for c in plain if not ruffable(reading.suit(c))] or plain
    longest = max(reading.in_suit(c) for c in pool)
    return lowest([c for c in pool if reading.in_suit(c) == longest], reading)


def reference_play(view: SeatView) -> Card:
    reading = Reading(view)
    legal = [int(c) for c in view.legal_actions if isinstance(c, Card)]
    card = reference_follow(reading, legal) if reading.trick else reference_lead(reading, legal)
    return Card(card)


def play_comparing_cards(rules: Rules, seed: int, steps: int, seen: dict[str, int]) -> None:
    """A seeded game bid by the heuristic (and Nil now and then at the other
    seats) and played by it at some seats and at random at the others, each
    card of the play compared with the reference."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    heuristic_seats = {s for s in range(rules.players) if rng.random() < 0.6}
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.turn
        assert seat is not None
        view = seat_view(state, seat)
        if state.phase is Phase.PLAY:
            expected = reference_play(view)
            assert heuristic_bot(view, rng) == expected, view
            seen["lead" if not view.trick else "follow"] = seen.get("lead" if not view.trick else "follow", 0) + 1
            reading = Reading(view)
            kinds = ["a Nil in the hand" if any(on_nil(b) for b in view.bids) else "",
                     "fights" if reading.fights() else "does not fight"]
            if view.trick:
                kinds += nil_situations(reading, [int(c) for c in view.legal_actions if isinstance(c, Card)])
            elif against_nil(reading):
                legal = [int(c) for c in view.legal_actions if isinstance(c, Card)]
                turned = lead_against_nil(reading, legal) != lead_against_nil(reading, legal, voids=False)
                kinds.append("a lead against a Nil" + (", turned by a void" if turned else ""))
            for kind in filter(None, kinds):
                seen[kind] = seen.get(kind, 0) + 1
            state = state.apply(expected if seat in heuristic_seats else rng.choice(state.legal_actions()))
        elif seat not in heuristic_seats and Bid.NIL in view.legal_actions and rng.random() < 0.4:
            state = state.apply(Bid.NIL)  # a Nil to cover, to attack, or to keep
        else:  # the heuristic's bids, so that contracts get made and the player stops fighting
            state = state.apply(heuristic_bot(view, rng))


@settings(max_examples=100, deadline=None)
@given(rules=rules_strategy(floor=True), seed=st.integers(0, 2**32 - 1))
def test_the_play_follows_the_documentation(rules: Rules, seed: int) -> None:
    play_comparing_cards(rules, seed, 400, {})


def test_the_play_is_compared_at_every_kind_of_position() -> None:  # C-4, C-5, C-7
    seen: dict[str, int] = {}
    for rules, seeds in (
        (Rules.partnership(target=200, losing_floor=-200), (0, 1, 5, 34, 35)),
        (Rules.two_player(), (0, 2, 8)),
        (Rules(players=3, partners=False), (0, 11)),
        # V-9: the 2 of diamonds and the 2 of spades rank above the ace, but
        # come first in index order.
        (Rules(deck="joker-joker-deuce-deuce"), (0, 4, 6, 18, 19, 27, 190)),
    ):
        for seed in seeds:
            play_comparing_cards(rules, seed, 300, seen)
    kinds = ("lead", "follow", "a Nil in the hand", "fights", "does not fight", "a lead against a Nil")
    assert min(seen.get(kind, 0) for kind in kinds) >= 20, seen
    # The Nil bidder has shown out of the suit the lead would be in otherwise.
    assert seen.get("a lead against a Nil, turned by a void", 0) >= 3, seen
    # Two winners or more around a Nil (nil_situations): each choice is met.
    for kind in ("covering a Nil: no safe winner", "covering a Nil: a safe winner, not the lowest",
                 "covering a Nil: a safe winner", "a partner's Nil to come, following",
                 "a partner's Nil to come, trumping", "an opponent's Nil winning, spades among the losers",
                 "its own Nil, last, a deuce among its winners", "a partner's Nil to come, a deuce among its winners"):
        assert seen.get(kind, 0) >= 1, (kind, seen)


# ----------------------------------------------------------------------
# play_out_hand: the same cards from any start, and its refusals.


def slow_play_out(state: GameState) -> GameState:
    done = len(state.sheet)
    while len(state.sheet) == done:
        view = seat_view(state, state.turn)  # type: ignore[arg-type]
        state = state.apply(heuristic_bot(view, random.Random(0)))
    return state


def test_the_quick_playout_starts_after_a_seat_shows_out() -> None:  # C-5
    """From every position of the play in which a seat has shown out of
    the suit led in the trick still open (the quick playout must read it
    from that trick) the quick playout plays the heuristic's cards."""
    starts = 0
    for rules in (Rules.partnership(), Rules.two_player(), Rules(players=3, partners=False)):
        for seed in range(6):
            state = new_game(rules, seed=seed)
            rng = random.Random(seed)
            while not state.sheet:
                trick = state.trick
                if trick and any(rules.suit_of[card] != rules.suit_of[trick[0]] for card in trick):
                    assert play_out_hand(state) == slow_play_out(state)
                    starts += 1
                state = state.apply(rng.choice(state.legal_actions()))
    assert starts >= 30


def test_the_quick_playout_refuses_in_words() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^play_out_hand needs a GameState, got int$"):
        play_out_hand(3)  # type: ignore[arg-type]
    with pytest.raises(StateError, match=r"^the hand waits for a chance step: play_out_hand needs a seeded game$"):
        play_out_hand(new_game(Rules.partnership()))


def test_the_reading_of_a_view_follows_the_documentation() -> None:  # C-5, C-7, V-9
    """The player's reading of a view (``heuristic._Read``), fact by fact,
    against the reference's, for every card rather than the legal ones:
    how many cards are higher out, whether each later seat may beat each
    card of the suit led or of spades, and whether it fights; at the
    positions of random play (the 2 of clubs, say, stays out longer)."""
    positions = 0
    for rules in (Rules.partnership(), Rules(deck="joker-joker-deuce-deuce"), Rules(players=3, partners=False)):
        for seed in range(12):
            rng = random.Random(seed)
            state = new_game(rules, seed=seed)
            while not state.sheet:
                if state.phase is Phase.PLAY and state.trick:
                    view = seat_view(state, state.turn)  # type: ignore[arg-type]
                    read, reference = _Read.of_view(view), Reading(view)
                    led = rules.suit_of[state.trick[0]]
                    for card in deck_cards(rules):
                        assert read.higher_out(card) == reference.higher_out(card)
                        if rules.suit_of[card] in (led, SPADES):
                            for seat in range(rules.players):
                                assert read.could_beat(seat, card, led) == reference.may_beat(seat, card, led), (seat, card)
                    assert (read.need > 0 or read.can_set()) == reference.fights()
                    positions += 1
                state = state.apply(rng.choice(state.legal_actions()))
    assert positions >= 1000
