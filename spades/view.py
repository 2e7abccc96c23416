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

from typing import Any, Final, cast

from spades.actions import Action, Bid, Draft, Exchange, ExchangeChoices, Stock
from spades.cards import Card, CardSet
from spades.draft import walk_draft
from spades.errors import (
    check_flags,
    is_a, ArgumentError, ArgumentTypeError, StateError, check_seat, fail_type, int_in, tuple_of, type_name,
)
from spades.exchange import exchanged_of, given_counts_of, order_of
from spades.rules import Rules
from spades.sheet import MAX_HAND_NUMBER, HandRecord, HandSummary, PlayedTrick, check_row, seat_or_none
from spades.state import GameState, Phase, action_types_of
from spades.tricks import first_leader, walk_tricks, walk_tricks_of

__all__ = ["SeatView", "PlayedTrick", "HandSummary", "seat_view", "tricks_of_hand", "current_tricks", "hand_summary"]


@attrs.frozen(slots=True, kw_only=True)
class SeatView:
    """Everything seat :attr:`seat` may know at one moment of a game, and
    nothing more.  Build with :func:`seat_view`; a view is a frozen value
    and travels as JSON (:mod:`spades.serial`).

    ``SeatView(...)`` checks each field's type and range for the rules
    (:class:`~spades.ArgumentTypeError`, :class:`~spades.ArgumentError`);
    whether a real game gives the view is what the JSON loader
    (:func:`spades.serial.view_from_dict`) checks.

    >>> import attrs
    >>> from spades import Rules, new_game
    >>> view = seat_view(new_game(Rules.partnership(), seed=1), 0)
    >>> attrs.evolve(view, seat=True)
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentTypeError: seat: expected an int, got True
    >>> attrs.evolve(view, hand_sizes=(13, 13, 13))
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentError: hand_sizes: expected 4 entries, got 3
    """

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
    """The seat's own cards (none while :attr:`sealed`)."""
    sealed: bool
    """True when the hand is withheld because Double Nil is still open to
    this seat and the view was asked for ``sealed`` (P-6, T-6): the player
    answers the Double Nil question before seeing the cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds (the only thing shown of other hands)."""
    bids: tuple[Bid | None, ...]
    """Every bid made this hand (``None``: not yet made); in the two-player
    game a Double Nil declared in the draft shows at once (T-6)."""
    double_nil_open: bool
    """Whether this seat may still bid Double Nil (P-6, T-6, V-3; at its turn
    to bid, whether its legal bids hold it, which the bids before it may
    rule out, V-6); a client asks the player before showing the cards."""
    gave: CardSet
    """Cards this seat gave this hand: passed to its partner in a Double Nil
    exchange (P-6) or discarded after a two-player Double Nil (T-6)."""
    received: CardSet
    """Cards this seat received this hand: from its partner (P-6) or drawn as
    replacements (T-6)."""
    cards_given: tuple[int, ...]
    """How many cards each seat gave this hand, which every seat is told
    (the cards only the seats that took part): passed to its partner in a
    Double Nil exchange (P-6), or discarded after a two-player Double Nil
    and drawn again from the pile (T-6, from 0 to three); 0 for a seat that
    has not."""
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
    """The finished hands, as public summaries (score-sheet rows); their
    tricks only when :attr:`history` is true.  In the JSON document (version
    2) a row without history is a short code of the bids and the tricks
    won, one character per seat each, ``"22n4/7411"`` (see
    :func:`spades.serial.view_from_dict`)."""
    history: bool
    """Whether the score sheet's rows hold the finished hands' tricks
    (``seat_view(..., history=True)``)."""
    legal_actions: Sequence[Action]
    """This seat's legal actions when it is its turn, else ``()``: a tuple,
    or in the exchange and discard phases an
    :class:`~spades.ExchangeChoices` ("give N of these cards", hundreds of
    exchanges built only when looked at; P-6, T-6)."""
    winner: int | None
    """The winning side once the game is over, else ``None``."""

    def __attrs_post_init__(self) -> None:
        _check_view(self)

    def __repr__(self) -> str:
        """One bounded line however long the game, like a state's: the
        seat, the hand's number, phase and turn, its cards, the scores.

        >>> from spades import Rules, new_game
        >>> seat_view(new_game(Rules.partnership(), seed=1), 2)
        <SeatView seat 2 hand 0 BID turn 1 cards 'KQ6.5.J754.K9762' scores (0, 0) bags (0, 0)>
        """
        turn = "-" if self.turn is None else self.turn
        cards = "sealed" if self.sealed else repr(str(self.hand))
        return (f"<SeatView seat {self.seat} hand {self.hand_number} {self.phase.name} turn {turn} cards {cards} "
                f"scores {self.scores} bags {self.bags}>")

    @property
    def is_over(self) -> bool:
        """True once the game has ended (S-9)."""
        return self.phase is Phase.GAME_OVER

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is to act."""
        return self.turn == self.seat


_ACTION_TYPES: tuple[type, ...] = (Card, Bid, Draft, Exchange)


def _check_view(view: SeatView) -> None:
    """The fields of a :class:`SeatView`, each of the right type and range
    for its rules."""
    rules = view.rules
    if type(rules) is not Rules:
        raise fail_type("rules", "a Rules value", rules)
    players = rules.players
    sides = len(rules.sides)
    deck = rules.deck_mask
    int_in("seat", view.seat, 0, players - 1)
    if type(view.phase) is not Phase:
        raise fail_type("phase", "a Phase", view.phase)
    seat_or_none("turn", view.turn, players)
    int_in("dealer", view.dealer, 0, players - 1)
    int_in("hand_number", view.hand_number, 0, MAX_HAND_NUMBER)
    for name in ("hand", "gave", "received", "drafted", "draft_discards"):
        cards = getattr(view, name)
        if type(cards) is not CardSet:
            raise fail_type(name, "a CardSet", cards)
        if cards.mask & ~deck:
            raise ArgumentError(f"{name}: {CardSet(cards.mask & ~deck)} not in this deck (C-1, V-9, V-10)")
    for size in tuple_of("hand_sizes", view.hand_sizes, int, players):
        int_in("hand_sizes", size, 0, rules.hand_size + rules.double_nil_exchange)
    for count in tuple_of("cards_given", view.cards_given, int, players):
        int_in("cards_given", count, 0, rules.double_nil_exchange)
    tuple_of("bids", view.bids, (Bid, type(None)), players)
    for name in ("double_nil_open", "spades_broken", "sealed", "history"):
        if type(getattr(view, name)) is not bool:
            raise fail_type(name, "a bool", getattr(view, name))
    if view.top_of_stock is not None and type(view.top_of_stock) is not Card:
        raise fail_type("top_of_stock", "a Card or None", view.top_of_stock)
    int_in("stock_left", view.stock_left, 0, 54)
    tuple_of("tricks", view.tricks, PlayedTrick, limit=rules.hand_size)
    tuple_of("trick", view.trick, Card, limit=players - 1)
    seat_or_none("leader", view.leader, players)
    for won in tuple_of("tricks_won", view.tricks_won, int, players):
        int_in("tricks_won", won, 0, rules.hand_size)
    tuple_of("scores", view.scores, int, sides)
    tuple_of("bags", view.bags, int, sides)
    tuple_of("sheet", view.sheet, HandSummary, limit=10**6)
    if type(view.legal_actions) is not ExchangeChoices:
        tuple_of("legal_actions", view.legal_actions, _ACTION_TYPES, limit=10**6)
    if view.winner is not None:
        int_in("winner", view.winner, 0, sides - 1)


def view_to_act(view: object) -> SeatView:
    """``view`` if it is a :class:`SeatView` of the seat to act, whose legal
    actions are of the kinds its phase takes; else
    :class:`~spades.ArgumentTypeError` or :class:`~spades.StateError`
    (internal: the one check of the view a player is handed, for the bots of
    :mod:`spades.bots` and :mod:`spades.heuristic`).  A view made by hand
    may say anything; this is what a player needs to choose at all."""
    if type(view) is not SeatView:
        raise ArgumentTypeError(f"a bot needs a SeatView, got {type_name(view)}")
    legal = view.legal_actions
    if not legal:
        raise StateError(f"seat {view.seat} has no action to take (it is not its turn)")
    kinds = action_types_of(view.phase)  # the bidding's bids, the play's cards, ... (as parse_action reads them)
    if view.turn != view.seat or not kinds or not (
        (type(legal) is ExchangeChoices and Exchange in kinds) or all(type(action) in kinds for action in legal)
    ):
        raise StateError(f"seat {view.seat}'s view holds legal actions in phase {view.phase.name} with seat "
                         f"{view.turn} to act: no game gives it")
    hand = view.hand.mask
    if type(legal) is ExchangeChoices:
        given = legal.hand.mask ^ hand  # the exchanges are of the seat's own hand (P-6, T-6)
    elif view.phase in _OF_THE_HAND:
        given = 0  # the cards it may play or give are in its hand (C-5, P-6, T-6)
        for action in legal:
            given |= (1 << action) if type(action) is Card else cast(Exchange, action).cards.mask
        given &= ~hand
    else:
        given = 0
    if given:
        raise StateError(f"seat {view.seat}'s view holds legal actions of cards that are not its hand's: no game gives it")
    return view


_OF_THE_HAND: Final = frozenset((Phase.PLAY, Phase.EXCHANGE, Phase.DISCARD))


_new = object.__new__
_TRICK_SETTERS = tuple(getattr(PlayedTrick, f.name).__set__ for f in attrs.fields(PlayedTrick))
_SUMMARY_SETTERS = tuple(getattr(HandSummary, f.name).__set__ for f in attrs.fields(HandSummary))
_VIEW_SETTERS = tuple((f.name, getattr(SeatView, f.name).__set__) for f in attrs.fields(SeatView))


def _played_trick(leader: int, cards: tuple[Card, ...], winner: int) -> PlayedTrick:
    """``PlayedTrick(...)`` of values this library has made (no checks)."""
    trick: PlayedTrick = _new(PlayedTrick)
    for setter, value in zip(_TRICK_SETTERS, (leader, cards, winner)):
        setter(trick, value)
    return trick


def tricks_of_hand(rules: Rules, first: int, plays: Sequence[Card]) -> tuple[PlayedTrick, ...]:
    """Group the cards played in a hand (in order) into tricks, the first led
    by seat ``first`` (:func:`spades.tricks.walk_tricks`, C-7); a last,
    incomplete trick has ``winner == -1``."""
    return tuple(_played_trick(leader, cards, winner) for leader, cards, winner in walk_tricks(rules, first, plays))


def _tricks_of(rules: Rules, first: int, plays: Sequence[Card]) -> tuple[PlayedTrick, ...]:
    """:func:`tricks_of_hand` of cards this library has played (no checks)."""
    walked = walk_tricks_of(rules.players, rules.deck_facts, first, plays)
    return tuple([_played_trick(leader, cards, winner) for leader, cards, winner in walked])


def _summary_of(rules: Rules, record: HandRecord, tricks: bool) -> HandSummary:
    """:func:`hand_summary` of checked arguments (internal fast path)."""
    played: tuple[PlayedTrick, ...] = ()
    if tricks:
        plays = [a for a in record.actions if type(a) is Card]
        played = _tricks_of(rules, first_leader(rules, record.dealer, record.hands), plays)
    summary: HandSummary = _new(HandSummary)
    values = (record.number, record.dealer, record.bids, record.tricks, played, record.result)
    for setter, value in zip(_SUMMARY_SETTERS, values):
        setter(summary, value)
    return summary


def hand_summary(rules: Rules, record: HandRecord, *, tricks: bool = True) -> HandSummary:
    """The public summary of a finished hand (its score-sheet row), with
    its tricks or (``tricks=False``) without them."""
    record, rules = check_row(record, rules)
    check_flags(tricks=tricks)
    return _summary_of(rules, record, tricks)


def current_tricks(state: GameState) -> tuple[PlayedTrick, ...]:
    """The tricks completed so far in ``state``'s current hand (C-7)."""
    if not is_a(state, GameState):
        raise ArgumentTypeError(f"current_tricks needs a GameState, got {type_name(state)}")
    return _tricks_so_far(state, state.history)


def _tricks_so_far(state: GameState, actions: Sequence[Action]) -> tuple[PlayedTrick, ...]:
    """:func:`current_tricks`, given the hand's actions (``state.history``)."""
    first = state.first_leader
    if first is None:
        return ()
    players = state.rules.players
    plays = [a for a in actions if type(a) is Card]
    return _tricks_of(state.rules, first, plays[: len(plays) // players * players])


def seat_view(state: GameState, seat: int, *, sealed: bool = False, history: bool = False) -> SeatView:
    """The :class:`SeatView` of ``seat`` in ``state``: what that seat may know
    now, and nothing more.

    With ``sealed=True``, while Double Nil is open to the seat
    (:meth:`GameState.double_nil_open <spades.GameState.double_nil_open>`)
    the view withholds its cards: the hand is empty (its size still shows)
    and, in the two-player draft, so is the card on top of the stock.  A
    server that offers Double Nil (Blind Nil) sends sealed views, so that
    the player answers "Double Nil or not?" before seeing the cards (P-6,
    T-6); once the seat has bid (or Double Nil closes) the same call gives
    the full view.

    The score sheet (:attr:`SeatView.sheet`) has one row per finished hand:
    its bids, the tricks each seat won and the score; with ``history=True``
    each row also holds the hand's tricks, card by card.  Without them a
    view stays small and quick to build however long the game: its JSON
    (:func:`spades.serial.to_json`) writes each row as a code of a few
    characters, each seat's bid then each seat's tricks won, ``"22n4/7411"``
    (bids 2, 2, Nil, 4; tricks 7, 4, 1, 1; the code is described at
    :func:`spades.serial.view_from_dict`).

    >>> from spades import Bid, Rules, new_game
    >>> state = new_game(Rules.partnership(), seed=3)
    >>> blind = seat_view(state, 1, sealed=True)
    >>> blind.sealed, len(blind.hand), blind.hand_sizes[1], Bid.DOUBLE_NIL in blind.legal_actions
    (True, 0, 13, True)
    >>> after = state.apply(Bid(4))
    >>> seat_view(after, 1, sealed=True).sealed, len(seat_view(after, 1, sealed=True).hand)
    (False, 13)

    >>> from spades.serial import to_dict
    >>> state = new_game(Rules.partnership(), seed=2)
    >>> for bid in (Bid(2), Bid.NIL, Bid(4), Bid(2)):
    ...     state = state.apply(bid)
    >>> while not state.sheet:
    ...     state = state.apply(state.legal_actions()[0])
    >>> to_dict(seat_view(state, 0))["sheet"], seat_view(state, 0).sheet[0].tricks_won
    (['22n4/7411'], (7, 4, 1, 1))

    >>> from spades import Rules, new_game
    >>> state = new_game(Rules.two_player(), seed=2)
    >>> view = seat_view(state, 0)
    >>> view.phase.name, view.top_of_stock is not None, seat_view(state, 1).top_of_stock
    ('DRAFT', True, None)
    """
    if not is_a(state, GameState):
        raise ArgumentTypeError(f"seat_view needs a GameState, got {type_name(state)}")
    check_flags(sealed=sealed, history=history)
    rules = state.rules
    seat = check_seat(seat, rules.players)
    dn_open = state.double_nil_open(seat)
    sealed = sealed and dn_open
    actions = state.history
    dealer = state.dealer
    # The draft (T-2): the seat sees both cards of each of its own turns.
    drafted = discards = CardSet(0)
    if rules.is_draft:
        stock = next((a.cards for a in actions if type(a) is Stock), ())
        walk = walk_draft(stock, dealer, actions)
        drafted, discards = walk.kept[seat], walk.discarded[seat]
    # Exchanges (P-6) and two-player discards with their replacements (T-6).
    order = order_of(rules, dealer, state.bids)
    gave, received = exchanged_of(order, actions, seat)
    turn = state.turn
    over = state.is_over  # S-9: no hand is in progress after the game; its last hand is on the score sheet
    return _seat_view_of(
        rules=rules,
        seat=seat,
        phase=state.phase,
        turn=turn,
        dealer=dealer,
        hand_number=state.hand_number,
        hand=CardSet(0) if sealed else state.hand(seat),
        sealed=sealed,
        hand_sizes=tuple(len(h) for h in state.hands),
        bids=(None,) * rules.players if over else state.bids,
        double_nil_open=dn_open,
        gave=gave,
        received=received,
        cards_given=(0,) * rules.players if over else given_counts_of(order, actions, rules.players),
        drafted=drafted,
        draft_discards=discards,
        top_of_stock=state.top_of_stock if turn == seat and not sealed else None,
        stock_left=state.stock_left,
        tricks=() if over else _tricks_so_far(state, actions),
        trick=state.trick,
        leader=state.leader,
        tricks_won=(0,) * rules.players if over else state.tricks_won,
        spades_broken=False if over else state.spades_broken,
        scores=state.scores,
        bags=state.bags,
        sheet=tuple(_summary_of(rules, record, True) for record in state.sheet) if history else state.score_sheet,
        history=history,
        legal_actions=_legal(state) if turn == seat else (),
        winner=state.winner,
    )


def _legal(state: GameState) -> Sequence[Action]:
    legal = state.legal_actions()
    return legal if type(legal) is ExchangeChoices else tuple(legal)


def _seat_view_of(**fields: Any) -> SeatView:
    """``SeatView(**fields)`` of values this library has made (no checks)."""
    view: SeatView = _new(SeatView)
    for name, setter in _VIEW_SETTERS:
        setter(view, fields[name])
    return view
