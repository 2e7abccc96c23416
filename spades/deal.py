"""Chance: dealing, the two-player stock, and Double Nil replacement draws.

Each function takes the ``random.Random`` to draw from, so chance is always
seeded or supplied, never hidden; and each checker says whether a chance
outcome supplied by a caller (a known deal, a replay) is possible.

>>> import random
>>> from spades import Rules
>>> from spades.deal import random_deal
>>> deal = random_deal(random.Random(3), Rules.partnership())
>>> [len(hand) for hand in deal.hands]
[13, 13, 13, 13]
"""

from __future__ import annotations

import random

from spades.actions import Deal, Replacement, Stock
from spades.cards import CardSet, cards_of_mask
from spades.errors import IllegalActionError, Reason
from spades.rules import Rules

__all__ = ["random_deal", "random_stock", "random_replacement", "deal_error", "stock_error", "seeded_random"]


def seeded_random(seed: int, hand_number: int, step: str) -> random.Random:
    """The random source of one chance step of a seeded game: a function of
    the game's seed, the hand's number and the step's name only, so that a
    seeded game is reproducible on every platform."""
    return random.Random(f"spades/{seed}/{hand_number}/{step}")


def random_deal(rng: random.Random, rules: Rules) -> Deal:
    """Shuffle the deck and deal ``rules.hand_size`` cards to each seat (P-2;
    with three players the card left over is set aside, V-10)."""
    cards = list(cards_of_mask(rules.deck_mask))
    rng.shuffle(cards)
    size = rules.hand_size
    hands = []
    for seat in range(rules.players):
        mask = 0
        for card in cards[seat * size : (seat + 1) * size]:
            mask |= 1 << card
        hands.append(CardSet(mask))
    return Deal(tuple(hands))


def random_stock(rng: random.Random, rules: Rules) -> Stock:
    """Shuffle the deck into the stock of the two-player draft (T-2)."""
    cards = list(cards_of_mask(rules.deck_mask))
    rng.shuffle(cards)
    return Stock(tuple(cards))


def random_replacement(rng: random.Random, pool: CardSet, count: int) -> Replacement:
    """Draw ``count`` cards at random from ``pool`` (T-6)."""
    drawn = rng.sample(cards_of_mask(pool.mask), count)
    mask = 0
    for card in drawn:
        mask |= 1 << card
    return Replacement(CardSet(mask))


def deal_error(deal: object, rules: Rules) -> IllegalActionError | None:
    """Why ``deal`` is not a possible deal under ``rules``, or ``None``."""
    if not isinstance(deal, Deal):
        return IllegalActionError(Reason.NOT_AN_ACTION, f"expected a Deal, got {deal!r}", "P-2")
    if len(deal.hands) != rules.players:
        return IllegalActionError(
            Reason.BAD_CHANCE, f"a deal needs {rules.players} hands, got {len(deal.hands)}", "P-2"
        )
    seen = 0
    for seat, hand in enumerate(deal.hands):
        if len(hand) != rules.hand_size:
            return IllegalActionError(
                Reason.BAD_CHANCE, f"seat {seat} is dealt {len(hand)} cards, not {rules.hand_size}", "P-2"
            )
        if hand.mask & ~rules.deck_mask:
            extra = CardSet(hand.mask & ~rules.deck_mask)
            return IllegalActionError(Reason.BAD_CHANCE, f"seat {seat} is dealt cards not in this deck: {extra}", "C-1")
        if seen & hand.mask:
            twice = CardSet(seen & hand.mask)
            return IllegalActionError(Reason.BAD_CHANCE, f"cards dealt twice: {twice}", "C-1")
        seen |= hand.mask
    return None


def stock_error(stock: object, rules: Rules) -> IllegalActionError | None:
    """Why ``stock`` is not a possible two-player stock, or ``None``."""
    if not isinstance(stock, Stock):
        return IllegalActionError(Reason.NOT_AN_ACTION, f"expected a Stock, got {stock!r}", "T-2")
    mask = 0
    for card in stock.cards:
        if mask >> card & 1:
            return IllegalActionError(Reason.BAD_CHANCE, f"card {card} is twice in the stock", "T-2")
        mask |= 1 << card
    if mask != rules.deck_mask:
        return IllegalActionError(
            Reason.BAD_CHANCE, f"the stock must be the whole deck in some order ({len(stock.cards)} cards given)", "T-2"
        )
    return None
