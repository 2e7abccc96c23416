"""Two-player Spades: the draft, a Double Nil with its discard and
replacement draw, the bidding and the play of one hand.

Usage: ``python examples/two_player_draft.py [SEED]``

There is no deal: the shuffled deck is the stock.  On each turn the drafting
player looks at the top card and keeps it (the next card is discarded) or
rejects it (it is discarded and the next card is kept).  Only the drafting
player sees these cards, so each decision below is taken from that seat's
view.  Seat 1 declares Double Nil at the start of its first draft turn,
drafts low cards, then gives up its three highest cards and draws three at
random from the draft's discards.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

import spades
from spades import Bid, Card, Draft, Exchange, Phase, SeatView, seat_view
from spades.bots import estimate_bid

DOUBLE_NIL_SEAT = 1


def strength(card: Card) -> int:
    """Higher for cards more likely to win tricks: spades above the rest."""
    return int(card.rank) + (13 if card.suit is spades.Suit.SPADES else 0)


def draft_choice(view: SeatView) -> spades.Action:
    """Keep strong cards, or weak ones when playing for Double Nil."""
    if view.double_nil_open and view.seat == DOUBLE_NIL_SEAT:
        return Bid.DOUBLE_NIL
    top = view.top_of_stock
    if top is None:
        raise ValueError("only the drafting seat's view shows the top card")
    nil = view.bids[view.seat] == Bid.DOUBLE_NIL
    strong = strength(top) >= 10
    return Draft.KEEP if strong != nil else Draft.REJECT


def discard_choice(view: SeatView) -> Exchange:
    """The Double Nil bidder gives up its three strongest cards."""
    strongest = sorted(view.hand, key=strength, reverse=True)[:3]
    return Exchange(strongest)


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    seed = int(args[0]) if args else 3
    rng = random.Random(seed)
    state = spades.new_game(spades.Rules.two_player(), seed=seed)
    first = state.dealer
    print(f"Seat {first} is the first player and drafts first; seat {1 - first} bids and leads first.")
    while state.phase is Phase.DRAFT:
        seat = state.turn
        assert seat is not None  # a draft turn always has a seat to act
        view = seat_view(state, seat)
        action = draft_choice(view)
        if action == Bid.DOUBLE_NIL:
            print(f"seat {seat} declares Double Nil before its first draft decision (T-6)")
        else:
            print(f"seat {seat} sees {view.top_of_stock} and chooses {action}")
        state = state.apply(action, seat=seat)
    for seat in (0, 1):
        view = seat_view(state, seat)
        print(f"after the draft seat {seat} holds {view.hand} and discarded {view.draft_discards}")
    if state.phase is Phase.DISCARD:
        seat = state.turn
        assert seat is not None
        exchange = discard_choice(seat_view(state, seat))
        state = state.apply(exchange, seat=seat)  # the seeded game draws the replacements
        view = seat_view(state, seat)
        print(f"seat {seat} discards {view.gave} and draws {view.received}: now {view.hand}")
    while state.phase is Phase.BID:
        seat = state.turn
        assert seat is not None
        bid = Bid(estimate_bid(state.hand(seat), state.rules))
        if not state.is_legal(bid, seat=seat):
            bid = next(action for action in state.legal_actions() if isinstance(action, Bid))
        print(f"seat {seat} bids {bid}")
        state = state.apply(bid, seat=seat)
    while not state.sheet:
        state = state.apply(rng.choice(state.legal_actions()))
    row = state.sheet[0]
    print("bids " + ", ".join(f"seat {seat}: {bid}" for seat, bid in enumerate(row.bids)))
    print("tricks " + ", ".join(f"seat {seat}: {won}" for seat, won in enumerate(row.tricks)))
    for seat, result in enumerate(row.result.sides):
        print(f"seat {seat}: {result.points:+d} points (Nil {result.nil_points:+d}), score {result.score}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
