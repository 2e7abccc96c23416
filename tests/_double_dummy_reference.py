"""A plain minimax of the play of tricks, for checking the double-dummy
solver, written from the rules (RULES.md) on plain values: cards as
``(suit, power)`` pairs, hands as frozensets.  Every legal card of every seat
is tried, with no pruning and no ordering; the only help is a memo of the
positions met before (what is left to happen depends only on the cards each
seat holds, the trick in progress, the seat to play, whether spades are
broken and whether this is the first trick).
"""

from __future__ import annotations

import random
from typing import Any

from spades import Card, CardSet, GameState, Phase, Rules, Suit, new_game

SPADE = 3
# A card, for the reference: (the suit it follows as, its power in that
# suit, the card).  V-9: the jokers, and in "joker-joker-deuce-deuce" the
# 2 of diamonds, are spades, above the ace: Big Joker > Little Joker > 2D >
# 2S > AS.
Plain = tuple[int, int, Card]


def plain_card(card: Card, rules: Rules) -> Plain:
    if card.is_joker:
        return (SPADE, 100 + int(card.rank), card)  # Big (14) above Little (13)
    if rules.deck == "joker-joker-deuce-deuce" and str(card) in ("2D", "2S"):
        return (SPADE, 50 if str(card) == "2D" else 40, card)
    return (int(card.suit), int(card.rank), card)


def legal(hand: frozenset[Plain], trick: tuple[Plain, ...], broken: bool, first: bool, rules: Rules) -> frozenset[Plain]:
    """C-4, C-5 and V-7, as RULES.md states them."""
    non_spades = frozenset(c for c in hand if c[0] != SPADE)
    if trick:
        follow = frozenset(c for c in hand if c[0] == trick[0][0])
        if follow:
            return follow  # C-5: must follow
        if first and rules.no_spades_first_trick and non_spades:
            return non_spades  # V-7: no spade on the first trick
        return hand  # C-5: anything
    if first and rules.first_lead == "two-of-clubs":
        two_of_clubs = frozenset(c for c in hand if str(c[2]) == "2C")
        if two_of_clubs:
            return two_of_clubs  # V-7
    if first and rules.no_spades_first_trick and non_spades:
        return non_spades  # V-7
    if not broken and non_spades:
        return non_spades  # C-4
    return hand


def winner(trick: tuple[Plain, ...]) -> int:
    """C-7: the highest spade, else the highest card of the suit led; the
    position in the trick."""
    spades = [i for i, c in enumerate(trick) if c[0] == SPADE]
    if spades:
        return max(spades, key=lambda i: trick[i][1])
    led = [i for i, c in enumerate(trick) if c[0] == trick[0][0]]
    return max(led, key=lambda i: trick[i][1])


class Reference:
    """The tricks the ``counted`` seats win from a position to the end of
    the hand when the ``maximizers`` play to make them many and every other
    seat to make them few (C-8: each seat's tricks are its own)."""

    def __init__(self, rules: Rules, counted: frozenset[int], maximizers: frozenset[int]) -> None:
        self.rules = rules
        self.counted = counted
        self.maximizers = maximizers
        self.memo: dict[Any, int] = {}

    def value(
        self, hands: tuple[frozenset[Plain], ...], trick: tuple[Plain, ...], turn: int, broken: bool, first: bool
    ) -> int:
        if not hands[turn]:
            return 0
        key = (hands, trick, turn, broken, first)
        if key in self.memo:
            return self.memo[key]
        players = self.rules.players
        values = []
        for card in legal(hands[turn], trick, broken, first, self.rules):
            after = hands[:turn] + (hands[turn] - {card},) + hands[turn + 1 :]
            now = trick + (card,)
            now_broken = broken or card[0] == SPADE  # C-6
            if len(now) == players:
                leader = (turn + 1) % players
                taker = (leader + winner(now)) % players
                gained = 1 if taker in self.counted else 0
                values.append(gained + self.value(after, (), taker, now_broken, False))
            else:
                values.append(self.value(after, now, (turn + 1) % players, now_broken, first))
        best = max(values) if turn in self.maximizers else min(values)
        self.memo[key] = best
        return best

    def of_state(self, state: GameState) -> int:
        rules = state.rules
        hands = tuple(frozenset(plain_card(c, rules) for c in state.hand(s)) for s in range(rules.players))
        trick = tuple(plain_card(c, rules) for c in state.trick)
        turn = state.turn
        assert turn is not None
        return self.value(hands, trick, turn, state.spades_broken, sum(state.tricks_won) == 0)


def side_tricks(state: GameState, side: int) -> int:
    """The side's double-dummy tricks: its seats maximise, the others minimise."""
    seats = frozenset(state.rules.sides[side])
    return Reference(state.rules, seats, seats).of_state(state)


def nil_can_be_kept(state: GameState, seat: int) -> bool:
    """Whether ``seat`` can be kept from winning any trick, its side playing
    to keep it so and the other sides to make it win one (P-5)."""
    rules = state.rules
    if state.tricks_won[seat]:
        return False
    others = frozenset(s for s in range(rules.players) if rules.side_of[s] != rules.side_of[seat])
    return Reference(rules, frozenset((seat,)), others).of_state(state) == 0


def random_ending(rules: Rules, rng: random.Random, tricks: int) -> GameState:
    """A position of play with at most ``tricks`` tricks left (the trick in
    progress counted), from random bids and random cards: at a trick's start
    or within a trick."""
    state = new_game(rules, seed=rng.randrange(2**32))
    while state.phase is not Phase.PLAY:
        state = state.apply(rng.choice(state.legal_actions()))
    while True:
        turn = state.turn
        assert turn is not None
        left = len(state.hand(turn))
        if state.phase is Phase.PLAY and (left < tricks or (left == tricks and rng.random() < 0.5)):
            return state
        state = state.apply(rng.choice(state.legal_actions()))  # on into the next hand if need be


__all__ = ["Reference", "side_tricks", "nil_can_be_kept", "random_ending", "Suit"]


# The rules the solver is checked under (tests and benchmarks/double_dummy_check.py).
PRESETS = {
    "partnership": Rules.partnership(),
    "two-player": Rules.two_player(),
    "jokers": Rules.jokers(),
    "joker-joker-deuce-deuce": Rules.joker_joker_deuce_deuce(),
    "cutthroat-3": Rules.cutthroat(3),
    "cutthroat-4": Rules.cutthroat(4),
    "first-trick": Rules.partnership(first_lead="two-of-clubs", no_spades_first_trick=True),
}


def broken_position(rng: random.Random, tricks: int) -> GameState:
    """A random partnership position with spades broken and at most
    ``tricks`` tricks left, at a trick's start or within one: where a bridge
    deal played in spades has the same rules (C-4, C-7)."""
    rules = PRESETS["partnership"]
    while True:
        state = new_game(rules, seed=rng.randrange(2**32))
        while state.phase is not Phase.PLAY:
            state = state.apply(rng.choice(state.legal_actions()))
        while state.phase is Phase.PLAY and state.hand_number == 0:
            turn = state.turn
            assert turn is not None
            if state.spades_broken and len(state.hand(turn)) <= tricks and rng.random() < 0.6:
                return state
            state = state.apply(rng.choice(state.legal_actions()))


def to_endplay(state: GameState, endplay_types: Any) -> Any:
    """The position as an ``endplay.types.Deal`` (the module passed in):
    seats 0..3 are North, East, South, West (clockwise, P-1); the trick in
    progress played to it; spades trump."""
    leader = state.leader
    assert leader is not None
    hands = [state.hand(seat).mask for seat in range(4)]
    for step, card in enumerate(state.trick):
        hands[(leader + step) % 4] |= card.mask
    deal = endplay_types.Deal("N:" + " ".join(str(CardSet(mask)) for mask in hands))
    deal.first = endplay_types.Player(leader)
    deal.trump = endplay_types.Denom.spades
    for card in state.trick:
        deal.play(endplay_types.Card(str(card)[1] + str(card)[0]))
    return deal
