"""What one seat may know: :class:`SeatView`, built by :func:`seat_view`.

A view holds the seat's own hand, every bid made, the cards played (trick by
trick, with leaders and winners), the scores and the score sheet, the seat's
own Double Nil exchange and, in the two-player draft, the cards it drew; other
seats' hands appear only as counts.  Bots and network clients get views, not
states.

>>> from spades import Rules, new_game, seat_view
>>> state = new_game(Rules.partnership(), seed=3)
>>> view = seat_view(state, 1)
>>> view.seat, view.turn, len(view.hand), view.hand_sizes
(1, 1, 13, (13, 13, 13, 13))
>>> len(view.legal_actions) > 0, seat_view(state, 2).legal_actions
(True, ())
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from spades.actions import Action, Bid, Stock
from spades.cards import Card, CardSet
from spades.draft import walk_draft
from spades.errors import ArgumentTypeError, check_seat, type_name
from spades.exchange import exchanged_cards
from spades.rules import Rules, check_rules
from spades.scoring import HandScore
from spades.sheet import HandRecord
from spades.state import GameState, Phase
from spades.tricks import first_leader, walk_tricks

__all__ = ["SeatView", "PlayedTrick", "HandSummary", "seat_view", "tricks_of_hand", "current_tricks", "hand_summary"]


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
    nothing more.  Build with :func:`seat_view`; a view is a frozen value
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
    by seat ``first`` (:func:`spades.tricks.walk_tricks`, C-7); a last,
    incomplete trick has ``winner == -1``."""
    return tuple(
        PlayedTrick(leader=leader, cards=cards, winner=winner) for leader, cards, winner in walk_tricks(rules, first, plays)
    )


def hand_summary(rules: Rules, record: HandRecord) -> HandSummary:
    """The public summary of a finished hand (its score-sheet row)."""
    rules = check_rules(rules)
    if type(record) is not HandRecord:
        raise ArgumentTypeError(f"a score-sheet row is a HandRecord, got {type_name(record)}")
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


def current_tricks(state: GameState) -> tuple[PlayedTrick, ...]:
    """The tricks completed so far in ``state``'s current hand (C-7)."""
    if not isinstance(state, GameState):
        raise ArgumentTypeError(f"current_tricks needs a GameState, got {type_name(state)}")
    first = state.first_leader
    if first is None:
        return ()
    players = state.rules.players
    plays = [a for a in state.history if type(a) is Card]
    return tricks_of_hand(state.rules, first, plays[: len(plays) // players * players])


def seat_view(state: GameState, seat: int) -> SeatView:
    """The :class:`SeatView` of ``seat`` in ``state``: what that seat may know
    now, and nothing more.

    >>> from spades import Rules, new_game
    >>> state = new_game(Rules.two_player(), seed=2)
    >>> view = seat_view(state, 0)
    >>> view.phase.name, view.top_of_stock is not None, seat_view(state, 1).top_of_stock
    ('DRAFT', True, None)
    """
    if not isinstance(state, GameState):
        raise ArgumentTypeError(f"seat_view needs a GameState, got {type_name(state)}")
    rules = state.rules
    seat = check_seat(seat, rules.players)
    history = state.history
    dealer = state.dealer
    # The draft (T-2): the seat sees both cards of each of its own turns.
    drafted = discards = CardSet(0)
    if rules.is_draft:
        stock = next((a.cards for a in history if type(a) is Stock), ())
        walk = walk_draft(stock, dealer, history)
        drafted, discards = walk.kept[seat], walk.discarded[seat]
    # Exchanges (P-6) and two-player discards with their replacements (T-6).
    gave, received = exchanged_cards(rules, dealer, state.bids, history, seat)
    turn = state.turn
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
        gave=gave,
        received=received,
        drafted=drafted,
        draft_discards=discards,
        top_of_stock=state.top_of_stock if turn == seat else None,
        stock_left=state.stock_left,
        tricks=current_tricks(state),
        trick=state.trick,
        leader=state.leader,
        tricks_won=state.tricks_won,
        spades_broken=state.spades_broken,
        scores=state.scores,
        bags=state.bags,
        sheet=tuple(hand_summary(rules, record) for record in state.sheet),
        legal_actions=tuple(state.legal_actions()) if turn == seat else (),
        winner=state.winner,
    )
