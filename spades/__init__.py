"""``spades``: the rules of the card game Spades, as an immutable-state library.

Partnership Spades and two-player Spades with their common variants, legal
move generation, trick resolution, bid validation and configurable scoring.

A game between purely random players: random bids almost never make their
contracts, so such a game ends through the losing floor (rule V-1) rather
than by a side reaching 500.

>>> import random
>>> import spades
>>> rules = spades.Rules.partnership(losing_floor=-200)
>>> state = spades.new_game(rules, seed=7)
>>> rng = random.Random(7)
>>> while not state.is_over:
...     state = state.apply(rng.choice(state.legal_actions()))
>>> len(state.scores), state.winner is not None
(2, True)
"""

from __future__ import annotations

from spades.actions import Action, Bid, ChanceAction, Deal, Draft, Exchange, ExchangeChoices, Replacement, Stock
from spades._decks import DeckFacts
from spades.bidding import BidLimits, bid_error, bid_limits, double_nil_forced, double_nil_open, first_bidder, legal_bids, next_bidder
from spades.cards import BIG_JOKER, FULL_DECK, LITTLE_JOKER, Card, CardSet, Rank, Suit
from spades.deal import dealer_of_hand, new_seed, next_dealer
from spades.draft import double_nil_declarable, walk_draft
from spades.errors import (
    MESSAGE_LIMIT,
    ArgumentError,
    ArgumentTypeError,
    IllegalActionError,
    ParseError,
    Reason,
    RulesError,
    RulesTypeError,
    SpadesError,
    StateError,
)
from spades.exchange import exchange_order
from spades.rules import PRESETS, Rules
from spades.scoring import HandScore, SideScore, game_winner, score_hand
from spades.sheet import HandRecord
from spades.record import Record
from spades.state import GameState, Phase, new_game
from spades.tricks import breaks_spades, first_leader, legal_plays, play_error, spades_broken, trick_winner, trick_winner_seat
from spades.view import HandSummary, PlayedTrick, SeatView, seat_view
from spades.sampling import Deals, count_deals, sample_hands
from spades.solver import double_dummy
from spades.rollouts import RolloutResult, SimulatedGame, SimulatedHand, rollout, simulate, simulation_seed
from spades.match import play_match

__version__ = "0.3.0.dev0"

__all__ = [
    "Action",
    "ArgumentError",
    "ArgumentTypeError",
    "BidLimits",
    "DeckFacts",
    "bid_limits",
    "dealer_of_hand",
    "double_dummy",
    "double_nil_declarable",
    "first_bidder",
    "first_leader",
    "next_bidder",
    "next_dealer",
    "seat_view",
    "play_match",
    "Deals",
    "count_deals",
    "sample_hands",
    "spades_broken",
    "trick_winner_seat",
    "walk_draft",
    "BIG_JOKER",
    "Bid",
    "Card",
    "CardSet",
    "ChanceAction",
    "Deal",
    "Draft",
    "Exchange",
    "ExchangeChoices",
    "FULL_DECK",
    "GameState",
    "HandRecord",
    "HandScore",
    "HandSummary",
    "IllegalActionError",
    "LITTLE_JOKER",
    "MESSAGE_LIMIT",
    "PRESETS",
    "ParseError",
    "Phase",
    "PlayedTrick",
    "Rank",
    "Reason",
    "Record",
    "Replacement",
    "Rules",
    "RulesError",
    "RulesTypeError",
    "SeatView",
    "SideScore",
    "SpadesError",
    "StateError",
    "Stock",
    "Suit",
    "__version__",
    "bid_error",
    "breaks_spades",
    "double_nil_forced",
    "double_nil_open",
    "exchange_order",
    "game_winner",
    "legal_bids",
    "legal_plays",
    "new_game",
    "new_seed",
    "play_error",
    "score_hand",
    "trick_winner",
    "RolloutResult",
    "SimulatedGame",
    "SimulatedHand",
    "rollout",
    "simulate",
    "simulation_seed",
]
