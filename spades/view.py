"""What one seat may know: :class:`SeatView`, built by :func:`seat_view` (or
``state.view(seat)``).

A view holds the seat's own hand, every bid made, the cards played (trick by
trick, with leaders and winners), the scores and the score sheet, the seat's
own Double Nil exchange and, in the two-player draft, the cards it drew; other
seats' hands appear only as counts.  Bots and network clients get views, not
states.

>>> from spades import Rules, new_game
>>> state = new_game(Rules.partnership(), seed=3)
>>> view = state.view(1)
>>> view.seat, view.turn, len(view.hand), view.hand_sizes
(1, 1, 13, (13, 13, 13, 13))
>>> len(view.legal_actions) > 0, state.view(2).legal_actions
(True, ())
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from spades.actions import Action, Bid, Draft, Exchange, Replacement, Stock
from spades.bidding import exchange_order
from spades.cards import Card, CardSet
from spades.rules import Rules
from spades.errors import SpadesError
from spades.scoring import HandScore
from spades.sheet import HandRecord
from spades.state import GameState, Phase
from spades.tricks import first_leader, winner_position

__all__ = ["SeatView", "PlayedTrick", "HandSummary", "seat_view", "tricks_of_hand", "first_leader", "current_tricks", "hand_summary"]


@attrs.frozen(slots=True, kw_only=True)
class PlayedTrick:
    """One trick as everyone at the table saw it (C-7)."""

    leader: int
    """The seat that led."""
    cards: tuple[Card, ...]
    """The cards played, the lead first, clockwise from the leader."""
    winner: int
    """The seat that won the trick, or -1 while the trick is not complete."""


@attrs.frozen(slots=True, kw_only=True)
class HandSummary:
    """A finished hand as every seat may know it: a score-sheet row without
    the hidden parts (the deal, the draft, the exchanges)."""

    number: int
    """The hand's number in the game, from 0."""
    dealer: int
    """The dealer (two-player: the first player)."""
    bids: tuple[Bid, ...]
    """Each seat's bid."""
    tricks_won: tuple[int, ...]
    """Tricks won by each seat (C-8)."""
    tricks: tuple[PlayedTrick, ...]
    """The tricks, in the order they were played (every card is public once
    played)."""
    result: HandScore
    """The hand's score for each side (S-1..S-8)."""


@attrs.frozen(slots=True, kw_only=True)
class SeatView:
    """Everything seat :attr:`seat` may know at one moment of a game, and
    nothing more (DESIGN "Information").  Build with
    :meth:`GameState.view <spades.GameState.view>`; a view is a frozen value
    and travels as JSON (:mod:`spades.serial`)."""

    rules: Rules
    """The rules of the game."""
    seat: int
    """The seat this view belongs to."""
    phase: Phase
    """The phase of the hand (:class:`~spades.Phase`)."""
    turn: int | None
    """The seat to act, or ``None`` at a chance step or after the game."""
    dealer: int
    """The current hand's dealer (two-player: the first player, T-1)."""
    hand_number: int
    """The current hand's number, from 0."""
    hand: CardSet
    """The seat's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds (the only thing shown of other hands)."""
    bids: tuple[Bid | None, ...]
    """Every bid made this hand (``None``: not yet made); in the two-player
    game a Double Nil declared in the draft shows at once (T-6)."""
    double_nil_open: bool
    """Whether this seat may still bid Double Nil (P-6, T-6, V-3); a client
    asks the player before showing the cards."""
    gave: CardSet
    """Cards this seat gave this hand: passed to its partner in a Double Nil
    exchange (P-6) or discarded after a two-player Double Nil (T-6)."""
    received: CardSet
    """Cards this seat received this hand: from its partner (P-6) or drawn as
    replacements (T-6)."""
    drafted: CardSet
    """Two-player: the cards this seat drew and kept in the draft (T-2)."""
    draft_discards: CardSet
    """Two-player: the cards this seat drew and discarded in the draft (T-2)."""
    top_of_stock: Card | None
    """Two-player: the card this seat has drawn and must decide on, only when
    it is this seat's draft turn (T-2)."""
    stock_left: int
    """Cards left in the two-player stock (T-3)."""
    tricks: tuple[PlayedTrick, ...]
    """The tricks completed this hand, in order."""
    trick: tuple[Card, ...]
    """The trick in progress (cards played so far, in order)."""
    leader: int | None
    """The seat that led (or is to lead) the trick in progress."""
    tricks_won: tuple[int, ...]
    """Tricks won by each seat this hand (C-8)."""
    spades_broken: bool
    """Whether spades have been broken this hand (C-6)."""
    scores: tuple[int, ...]
    """Each side's score."""
    bags: tuple[int, ...]
    """Each side's bags carried (S-8)."""
    sheet: tuple[HandSummary, ...]
    """The finished hands, as public summaries."""
    legal_actions: tuple[Action, ...]
    """This seat's legal actions when it is its turn, else ``()``."""
    winner: int | None
    """The winning side once the game is over, else ``None``."""

    @property
    def is_over(self) -> bool:
        """True once the game has ended (S-9)."""
        return self.phase is Phase.GAME_OVER

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is to act."""
        return self.turn == self.seat


def tricks_of_hand(rules: Rules, first: int, plays: Sequence[Card]) -> tuple[PlayedTrick, ...]:
    """Group the cards played in a hand (in order) into tricks, the first led
    by seat ``first``; a last, incomplete trick has ``winner == -1``."""
    players = rules.players
    tricks = []
    leader = first
    for start in range(0, len(plays), players):
        cards = tuple(plays[start : start + players])
        if len(cards) < players:
            tricks.append(PlayedTrick(leader=leader, cards=cards, winner=-1))
            break
        winner = (leader + winner_position(cards, rules)) % players  # C-7
        tricks.append(PlayedTrick(leader=leader, cards=cards, winner=winner))
        leader = winner
    return tuple(tricks)


def hand_summary(rules: Rules, record: HandRecord) -> HandSummary:
    """The public summary of a finished hand (its score-sheet row)."""
    plays = [a for a in record.actions if type(a) is Card]
    first = first_leader(rules, record.dealer, record.hands)
    return HandSummary(
        number=record.number,
        dealer=record.dealer,
        bids=record.bids,
        tricks_won=record.tricks,
        tricks=tricks_of_hand(rules, first, plays),
        result=record.result,
    )


def current_tricks(state: GameState, history: Sequence[Action] | None = None) -> tuple[PlayedTrick, ...]:
    """The tricks completed so far in ``state``'s current hand (C-7)."""
    rules = state.rules
    players = rules.players
    plays = [a for a in (state.history if history is None else history) if type(a) is Card]
    if not plays:
        return ()
    # Walk back from the current leader to the first trick's leader.
    complete = len(plays) // players
    leader = state.leader
    first = leader if leader is not None else 0
    for index in range(complete - 1, -1, -1):
        first = (first - winner_position(plays[index * players : (index + 1) * players], rules)) % players
    return tricks_of_hand(rules, first, plays[: complete * players])


def seat_view(state: GameState, seat: int) -> SeatView:
    """The :class:`SeatView` of ``seat`` in ``state`` (see
    :meth:`GameState.view <spades.GameState.view>`)."""
    rules = state.rules
    if type(seat) is not int or not 0 <= seat < rules.players:
        raise SpadesError(f"no seat {seat!r}: seats are 0..{rules.players - 1}")
    history = state.history
    dealer = state.dealer
    gave = received = drafted = discards = 0
    # The draft (T-2): the seat sees both cards of each of its own turns.
    stock: tuple[Card, ...] = ()
    position = 0
    drafter = dealer
    for action in history:
        if type(action) is Stock:
            stock = action.cards
        elif action is Draft.KEEP or action is Draft.REJECT:
            first, second = stock[position], stock[position + 1]
            kept, thrown = (first, second) if action is Draft.KEEP else (second, first)
            if drafter == seat:
                drafted |= 1 << kept
                discards |= 1 << thrown
            position += 2
            drafter = 1 - drafter
    # Exchanges (P-6) and two-player discards with their replacements (T-6).
    steps = iter(exchange_order(rules, dealer, state.bids))
    last_giver = -1
    for action in history:
        if type(action) is Exchange:
            giver, receiver = next(steps, (-1, -1))
            last_giver = giver
            if giver == seat:
                gave |= action.cards.mask
            if receiver == seat:
                received |= action.cards.mask
        elif type(action) is Replacement and last_giver == seat:
            received |= action.cards.mask
    tricks = current_tricks(state, history)
    leader = state.leader
    turn = state.turn
    top = state.top_of_stock if turn == seat else None
    return SeatView(
        rules=rules,
        seat=seat,
        phase=state.phase,
        turn=turn,
        dealer=dealer,
        hand_number=state.hand_number,
        hand=state.hand(seat),
        hand_sizes=tuple(len(h) for h in state.hands),
        bids=state.bids,
        double_nil_open=state.double_nil_open(seat),
        gave=CardSet(gave),
        received=CardSet(received),
        drafted=CardSet(drafted),
        draft_discards=CardSet(discards),
        top_of_stock=top,
        stock_left=state.stock_left,
        tricks=tricks,
        trick=state.trick,
        leader=leader,
        tricks_won=state.tricks_won,
        spades_broken=state.spades_broken,
        scores=state.scores,
        bags=state.bags,
        sheet=tuple(hand_summary(rules, record) for record in state.sheet),
        legal_actions=tuple(state.legal_actions()) if turn == seat else (),
        winner=state.winner,
    )
