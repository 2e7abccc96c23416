"""The score sheet: one record per hand played.

>>> import random
>>> from spades import Rules, new_game
>>> state = new_game(Rules.partnership(), seed=2)
>>> rng = random.Random(0)
>>> while not state.sheet:
...     state = state.apply(rng.choice(state.legal_actions()))
>>> row = state.sheet[0]
>>> sum(row.tricks), len(row.bids), row.result.scores == state.scores
(13, 4, True)
"""

from __future__ import annotations

import attrs

from spades.actions import Action, Bid
from spades.cards import CardSet
from spades.scoring import HandScore

__all__ = ["HandRecord"]


@attrs.frozen(slots=True, kw_only=True)
class HandRecord:
    """What happened in one hand, and how it was scored."""

    number: int
    """The hand's number in the game, from 0."""
    dealer: int
    """The dealer (in the two-player game, the first player)."""
    hands: tuple[CardSet, ...]
    """Each seat's hand as play began (after the deal or draft and any
    Double Nil exchange)."""
    bids: tuple[Bid, ...]
    """Each seat's bid."""
    tricks: tuple[int, ...]
    """Tricks won by each seat (C-8)."""
    result: HandScore
    """The hand's score for each side, with running totals (S-1..S-8)."""
    actions: tuple[Action, ...]
    """Every action of the hand in order, chance steps included."""
