"""Simple players for demos, tests and simulations.

:func:`random_action` picks uniformly among the legal actions.  Random
*bids* almost never make their contracts, so whole games between purely
random players drift below zero and rarely reach the target; :func:`simple_action`
plays random legal cards too but bids by a rough estimate of the hand
(:func:`estimate_bid`), which makes games end in a few dozen hands.  Both
take the caller's ``random.Random``: no hidden randomness.

>>> import random
>>> from spades import Rules, new_game
>>> from spades.bots import simple_action
>>> state, rng = new_game(Rules.two_player(), seed=3), random.Random(3)
>>> while not state.is_over:
...     state = state.apply(simple_action(state, rng))
>>> state.winner in (0, 1)
True
"""

from __future__ import annotations

import random

from spades.actions import Action, Bid
from spades.cards import CardSet, Rank
from spades.rules import Rules
from spades.state import GameState, Phase

__all__ = ["random_action", "simple_action", "estimate_bid"]


def random_action(state: GameState, rng: random.Random) -> Action:
    """A legal action chosen uniformly with ``rng`` (a chance outcome drawn
    with ``rng`` when the state waits for one)."""
    if state.is_chance:
        return state.sample_chance(rng)
    return rng.choice(state.legal_actions())


def estimate_bid(hand: CardSet, rules: Rules) -> int:
    """A rough number of tricks ``hand`` should take: the seat's share of the
    tricks, adjusted for spades and high cards, less one for safety (at least 1).

    >>> from spades import CardSet, Rules
    >>> estimate_bid(CardSet.parse("AKQJT98.A.A.A32"), Rules.partnership())
    6
    """
    size = rules.hand_size
    deck = rules.deck_mask.bit_count()
    spades = (hand.mask & rules.suit_masks[3]).bit_count()
    high = sum(1 for card in hand if card.is_joker or card.rank >= Rank.KING)
    estimate = size / rules.players + 0.6 * (spades - size * 13 / deck) + 0.5 * (high - size * 8 / deck)
    return max(1, round(estimate - 1))


def simple_action(state: GameState, rng: random.Random) -> Action:
    """Bid the legal number nearest :func:`estimate_bid` (never Nil or Double
    Nil); otherwise act like :func:`random_action`."""
    if state.is_chance:
        return state.sample_chance(rng)
    actions = state.legal_actions()
    seat = state.turn
    if state.phase == Phase.BID and seat is not None:
        want = estimate_bid(state.hand(seat), state.rules)
        numbers = [a for a in actions if isinstance(a, Bid) and not a.double_nil]
        return min(numbers, key=lambda bid: (abs(bid.tricks - want), bid.tricks))
    choices: list[Action] = [a for a in actions if not isinstance(a, Bid)] or list(actions)
    return rng.choice(choices)
