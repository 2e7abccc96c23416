"""What one seat may know of a hand, read from the hand's actions by the rules
alone (RULES.md), without the library's view: the reference the view tests
hold :func:`spades.view.seat_view` to.

A seat knows (RULES.md):

* its own dealt hand (P-2, V-10), and how many cards each seat was dealt;
* in the two-player draft, both cards of each of its own draft turns, and the
  card on top of the stock while it is its turn; nothing of the opponent's
  turns but that they happened (T-2, T-3);
* every bid, and who made it (C-3, P-3, T-4; a two-player Double Nil is
  declared at the drafter's first turn, T-6);
* the cards of a Double Nil exchange it gave or received (P-6), its own
  Double Nil discards and the replacements it drew (T-6), and only the size
  of the exchanges of others;
* every card played, and who played it: the play is public (C-5..C-8).

Who played a card is read here from where the actions put that card; that
is the one use of other seats' cards, and the play shows it to everyone.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from spades import Bid, Card, CardSet, Deal, Draft, Exchange, Replacement, Rules, Stock
from spades.actions import Action

__all__ = ["Knowledge", "knowledge", "follow_suit"]

Event = tuple[object, ...]


@attrs.frozen(kw_only=True)
class Knowledge:
    """What seat :attr:`seat` knows of one hand, after some of its actions."""

    seat: int
    events: tuple[Event, ...]
    """The hand as the seat saw it, action by action (others' hidden cards
    left out, only their count kept)."""
    hand: CardSet
    """The cards the seat holds now."""
    gave: CardSet
    """Cards the seat gave in a Double Nil exchange or discarded after a
    two-player Double Nil (P-6, T-6)."""
    received: CardSet
    """Cards the seat received from its partner or drew as replacements (P-6, T-6)."""
    drafted: CardSet
    """Two-player: the cards the seat kept in the draft (T-2)."""
    draft_discards: CardSet
    """Two-player: the cards the seat discarded in the draft (T-2)."""
    top_of_stock: Card | None
    """The top card of the stock, when it is the seat's draft turn (T-2)."""
    played: tuple[Card, ...]
    """Every card played this hand, in order (public)."""
    players: tuple[int, ...]
    """Who played each card of :attr:`played`."""
    sizes: tuple[int, ...]
    """How many cards each seat holds (public: dealt, drawn, passed, played)."""
    bids: tuple[Bid | None, ...]
    """Each seat's bid, ``None`` while not made (public)."""
    seen: CardSet
    """Every card the seat has seen this hand."""


def follow_suit(rules: Rules, card: Card) -> int:
    """The suit ``card`` belongs to for following, leading and breaking: its
    own, except that the jokers and, in "joker joker deuce deuce", the 2 of
    diamonds are spades (V-9)."""
    if card >= 52:
        return 3
    if rules.deck == "joker-joker-deuce-deuce" and card == Card.parse("2D"):
        return 3
    return int(card.suit)


def _exchange_steps(rules: Rules, dealer: int, bids: Sequence[Bid | None]) -> list[tuple[int, int | None]]:
    """The Double Nil exchanges of a hand as (giver, receiver) pairs, receiver
    ``None`` for a two-player discard, from P-6 and T-6 as written."""
    double = [b is not None and b.double_nil for b in bids]
    if rules.players == 2:
        second = 1 - dealer  # T-6: if both bid Double Nil, the second player first
        return [(s, None) for s in (second, dealer) if double[s]]
    steps: list[tuple[int, int | None]] = []
    # P-6: the side holding the seat at the dealer's left first; in each side
    # with exactly one Double Nil bidder the partner gives, then the bidder.
    first = (dealer + 1) % 4
    for side in ((first, (first + 2) % 4), ((first + 1) % 4, (first + 3) % 4)):
        doubles = [s for s in side if double[s]]
        if len(doubles) == 1:
            bidder = doubles[0]
            partner = (bidder + 2) % 4  # P-1: partners sit opposite
            steps += [(partner, bidder), (bidder, partner)]
    return steps


def knowledge(rules: Rules, dealer: int, actions: Sequence[Action], seat: int) -> Knowledge:
    """What ``seat`` knows after ``actions``, the actions of one hand so far
    (chance steps included), ``dealer`` dealing (two-player: the first player)."""
    players = rules.players
    events: list[Event] = []
    holder: dict[int, int] = {}  # where each card is: only to say who played it
    hand = gave = received = drafted = discards = 0
    sizes = [0] * players
    bids: list[Bid | None] = [None] * players
    played: list[Card] = []
    played_by: list[int] = []
    stock: tuple[Card, ...] = ()
    position = 0
    drafter = dealer  # T-1: the first player draws first
    steps: list[tuple[int, int | None]] | None = None
    last_giver = -1
    for action in actions:
        if isinstance(action, Deal):  # P-2, V-10
            for owner, cards in enumerate(action.hands):
                sizes[owner] = len(cards)
                for card in cards:
                    holder[card] = owner
            hand = action.hands[seat].mask
            events.append(("deal", action.hands[seat], tuple(sizes)))
        elif isinstance(action, Stock):  # T-2
            stock = action.cards
            events.append(("stock", len(stock)))
        elif isinstance(action, Bid):
            if position < len(stock):
                bidder = drafter  # T-6: declared at the drafter's turn
            else:  # P-3, T-4: clockwise from the dealer's left, each seat once
                bidder = next(s for s in ((dealer + i) % players for i in range(1, players + 1)) if bids[s] is None)
            bids[bidder] = action
            events.append(("bid", bidder, action))
        elif isinstance(action, Draft):  # T-2, T-3
            first, second = stock[position], stock[position + 1]
            kept, thrown = (first, second) if action is Draft.KEEP else (second, first)
            holder[kept] = drafter
            sizes[drafter] += 1
            if drafter == seat:
                hand |= 1 << kept
                drafted |= 1 << kept
                discards |= 1 << thrown
                events.append(("draft", seat, action, kept, thrown))
            else:
                events.append(("draft", drafter))
            position += 2
            drafter = 1 - drafter
        elif isinstance(action, Exchange):  # P-6, T-6
            if steps is None:
                steps = _exchange_steps(rules, dealer, bids)
            giver, receiver = steps.pop(0)
            last_giver = giver
            mask = action.cards.mask
            sizes[giver] -= len(action.cards)
            if receiver is not None:
                sizes[receiver] += len(action.cards)
            for card in action.cards:
                if receiver is None:
                    del holder[card]
                else:
                    holder[card] = receiver
            if giver == seat:
                hand &= ~mask
                gave |= mask
            if receiver == seat:
                hand |= mask
                received |= mask
            if seat in (giver, receiver):
                events.append(("exchange", giver, receiver, action.cards))
            else:
                events.append(("exchange", giver, receiver, len(action.cards)))
        elif isinstance(action, Replacement):  # T-6: drawn by the seat that discarded
            sizes[last_giver] += len(action.cards)
            for card in action.cards:
                holder[card] = last_giver
            if last_giver == seat:
                hand |= action.cards.mask
                received |= action.cards.mask
                events.append(("replacement", seat, action.cards))
            else:
                events.append(("replacement", last_giver, len(action.cards)))
        elif isinstance(action, Card):  # C-5..C-8: every card played is public
            player = holder.pop(action)
            sizes[player] -= 1
            if player == seat:
                hand &= ~(1 << action)
            played.append(action)
            played_by.append(player)
            events.append(("play", player, action))
        else:
            raise AssertionError(f"not an action: {action!r}")
    top = stock[position] if position < len(stock) and drafter == seat else None
    seen = hand | gave | received | drafted | discards
    for card in played:
        seen |= 1 << card
    if top is not None:
        seen |= 1 << top
        events.append(("top", top))
    return Knowledge(
        seat=seat,
        events=tuple(events),
        hand=CardSet(hand),
        gave=CardSet(gave),
        received=CardSet(received),
        drafted=CardSet(drafted),
        draft_discards=CardSet(discards),
        top_of_stock=top,
        played=tuple(played),
        players=tuple(played_by),
        sizes=tuple(sizes),
        bids=tuple(bids),
        seen=CardSet(seen),
    )
