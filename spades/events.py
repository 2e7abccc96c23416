"""What one seat may learn between two moments of a game: events.

A server that sends each client a whole view after every move sends the same
things again and again.  :func:`events` lists instead, in order, what ``seat``
may learn between two states of one game: the hand starting, its own cards
dealt (or, in the two-player draft, the cards of its own turns), every bid,
the exchanges it took part in (and only the size of the others), every card
played and every trick won, each hand scored, the game's end, and whose turn
it is.  Each event is a frozen value with a JSON form
(:func:`spades.serial.event_to_dict`).

A client holding a view keeps it up to date with :func:`advance`: the view
after the events is the seat's view of the later state, exactly.

>>> from spades import Bid, Rules, new_game, seat_view
>>> state = new_game(Rules.partnership(), seed=3)
>>> later = state.apply(Bid(4)).apply(Bid(3))
>>> happened = events(state, later, 2)
>>> [type(event).__name__ for event in happened]
['BidMade', 'Turn', 'BidMade', 'Turn']
>>> happened[0]
BidMade(seat=1, bid=Bid(4))
>>> advance(seat_view(state, 2), happened) == seat_view(later, 2)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Union

import attrs

from spades._witness import game_behind
from spades.actions import Action, Bid, Deal, Draft, Exchange, Replacement, Stock, read_actions
from spades.cards import Card, CardSet
from spades.errors import is_a, ArgumentError, ArgumentTypeError, StateError, check_seat, short_repr, check_flags
from spades.record import Record
from spades.sheet import MAX_HAND_NUMBER
from spades.state import GameState, Phase
from spades.tricks import trick_winner_seat
from spades.view import HandSummary, PlayedTrick, SeatView, hand_summary, seat_view

__all__ = [
    "Event",
    "HandStarted",
    "Dealt",
    "TopOfStock",
    "Drafted",
    "BidMade",
    "Exchanged",
    "Discarded",
    "Replaced",
    "CardPlayed",
    "TrickWon",
    "HandScored",
    "GameOver",
    "Turn",
    "events",
    "advance",
]


def _check(event: Any) -> None:
    """Each field of an event is exactly of its declared kind (a seat, a
    count or a hand's number an ``int`` that is not a ``bool``, from 0 to
    10**9 (:data:`~spades.sheet.MAX_HAND_NUMBER`), as a score-sheet row's
    number and the documents; cards a ``Card`` or ``CardSet``;
    ...): else :class:`~spades.ArgumentTypeError` or
    :class:`~spades.ArgumentError`.  Whether a seat or a count fits the
    game is :func:`advance`'s to judge."""
    for field in attrs.fields(type(event)):
        value = getattr(event, field.name)
        kind = _KINDS[field.name]
        if value is None and field.name in _OPTIONAL.get(type(event).__name__, ()):
            continue
        if type(value) is not kind:
            raise ArgumentTypeError(f"{type(event).__name__}.{field.name}: expected {kind.__name__}, got {short_repr(value)}")
        if type(value) is int and not 0 <= value <= MAX_HAND_NUMBER:
            raise ArgumentError(f"{type(event).__name__}.{field.name}: {short_repr(value)} is out of range")


_KINDS: dict[str, type] = {}  # each field's one type (None where _OPTIONAL allows it)
_OPTIONAL: dict[str, tuple[str, ...]] = {
    "Drafted": ("kept", "discarded"), "Exchanged": ("cards",), "Discarded": ("cards",), "Replaced": ("cards",),
    "Turn": ("seat",),
}


@attrs.frozen(slots=True, kw_only=True)
class _Event:
    """An event's fields are checked when it is made (:func:`_check`)."""

    def __attrs_post_init__(self) -> None:
        _check(self)


@attrs.frozen(slots=True, kw_only=True)
class HandStarted(_Event):
    """A new hand begins (P-2, T-1): its number (from 0) and dealer (the
    two-player first player)."""

    number: int
    dealer: int


@attrs.frozen(slots=True, kw_only=True)
class Dealt(_Event):
    """The seat's own cards were dealt (P-2, V-10)."""

    cards: CardSet


@attrs.frozen(slots=True, kw_only=True)
class TopOfStock(_Event):
    """Two-player: the seat, at its draft turn, sees the card on top of the
    stock (T-2)."""

    card: Card


@attrs.frozen(slots=True, kw_only=True)
class Drafted(_Event):
    """Two-player: ``seat`` took a draft turn (T-2); the cards kept and
    discarded are shown to that seat only (``None`` for the other)."""

    seat: int
    kept: Card | None
    discarded: Card | None


@attrs.frozen(slots=True, kw_only=True)
class BidMade(_Event):
    """``seat`` bid ``bid`` (C-3; a two-player Double Nil is declared in the
    draft, T-6)."""

    seat: int
    bid: Bid


@attrs.frozen(slots=True, kw_only=True)
class Exchanged(_Event):
    """A Double Nil exchange step (P-6): ``giver`` passed ``count`` cards to
    its partner ``receiver``; the cards are shown to those two only."""

    giver: int
    receiver: int
    count: int
    cards: CardSet | None


@attrs.frozen(slots=True, kw_only=True)
class _SeatsCards(_Event):
    """A two-player Double Nil step of ``seat`` with ``count`` cards, shown
    to that seat only (T-6)."""

    seat: int
    count: int
    cards: CardSet | None


@attrs.frozen(slots=True, kw_only=True)
class Discarded(_SeatsCards):
    """Two-player: the Double Nil bidder ``seat`` discarded ``count`` cards
    (T-6); the cards are shown to that seat only."""


@attrs.frozen(slots=True, kw_only=True)
class Replaced(_SeatsCards):
    """Two-player: ``seat`` drew ``count`` replacements from the discard pile
    (T-6); the cards are shown to that seat only."""


@attrs.frozen(slots=True, kw_only=True)
class CardPlayed(_Event):
    """``seat`` played ``card`` to the trick (C-5)."""

    seat: int
    card: Card


@attrs.frozen(slots=True, kw_only=True)
class TrickWon(_Event):
    """``seat`` won the trick just completed (C-7) and leads the next."""

    seat: int


@attrs.frozen(slots=True, kw_only=True)
class HandScored(_Event):
    """A hand was scored: its public summary (S-1..S-8)."""

    summary: HandSummary


@attrs.frozen(slots=True, kw_only=True)
class GameOver(_Event):
    """The game ended; ``winner`` is the winning side (S-9)."""

    winner: int


@attrs.frozen(slots=True, kw_only=True)
class Turn(_Event):
    """Whose turn it is now, and in what phase (``seat`` is ``None`` at a
    chance step and after the game)."""

    phase: Phase
    seat: int | None


Event = Union[
    HandStarted, Dealt, TopOfStock, Drafted, BidMade, Exchanged, Discarded, Replaced, CardPlayed, TrickWon,
    HandScored, GameOver, Turn,
]
"""Any event."""

_KINDS.update(
    number=int, dealer=int, seat=int, giver=int, receiver=int, count=int, winner=int, cards=CardSet, card=Card,
    kept=Card, discarded=Card, bid=Bid, summary=HandSummary, phase=Phase,
)

EVENT_TYPES: tuple[type, ...] = (
    HandStarted, Dealt, TopOfStock, Drafted, BidMade, Exchanged, Discarded, Replaced, CardPlayed, TrickWon,
    HandScored, GameOver, Turn,
)


# ----------------------------------------------------------------------
# Events between two states.


def _actions(state: GameState) -> tuple[Action, ...]:
    return Record.of_state(state).actions


def _step(before: GameState, action: Action, after: GameState, seat: int) -> list[Event]:
    """What ``seat`` learns from ``action`` taking ``before`` to ``after``
    (a chance step the seed resolves may be part of it)."""
    rules = before.rules
    out: list[Event] = []
    actor = before.turn
    kind = type(action)
    same_hand = after.hand_number == before.hand_number and not (after.is_over and not before.is_over)
    if kind is Card:
        assert actor is not None
        out.append(CardPlayed(seat=actor, card=action))  # type: ignore[arg-type]
        trick = before.trick + (action,)
        if len(trick) == rules.players:
            leader = before.leader
            assert leader is not None
            out.append(TrickWon(seat=trick_winner_seat(leader, trick, rules)))  # type: ignore[arg-type]
    elif kind is Bid:
        assert actor is not None
        out.append(BidMade(seat=actor, bid=action))  # type: ignore[arg-type]
    elif kind is Draft:
        assert actor is not None
        mine = actor == seat
        kept = CardSet(after.hand(actor).mask & ~before.hand(actor).mask)
        discarded = CardSet(after.discard_pile.mask & ~before.discard_pile.mask)
        out.append(Drafted(seat=actor, kept=next(iter(kept)) if mine else None,
                           discarded=next(iter(discarded)) if mine else None))
    elif kind is Exchange:
        assert actor is not None and isinstance(action, Exchange)
        count = len(action.cards)
        if before.phase is Phase.EXCHANGE:
            receiver = next(m for m in rules.sides[rules.side_of[actor]] if m != actor)  # P-6: the partner
            shown = action.cards if seat in (actor, receiver) else None
            out.append(Exchanged(giver=actor, receiver=receiver, count=count, cards=shown))
        else:
            out.append(Discarded(seat=actor, count=count, cards=action.cards if actor == seat else None))
            if same_hand and after.phase is not Phase.REPLACE and count:
                out.append(_replaced(before, after, actor, seat, action.cards))
    elif kind is Replacement:
        assert isinstance(action, Replacement)
        drawer = next(r for r in range(rules.players) if len(after.hand(r)) > len(before.hand(r)))
        out.append(Replaced(seat=drawer, count=len(action.cards), cards=action.cards if drawer == seat else None))
    elif kind is Deal:
        out.append(Dealt(cards=after.hand(seat)))
    # Stock: nothing shows but the top card at the seat's turn (below).
    if not same_hand:
        row = after.sheet[-1]
        out.append(HandScored(summary=hand_summary(rules, row)))
        if after.is_over:
            assert after.winner is not None
            out.append(GameOver(winner=after.winner))
        else:
            out.append(HandStarted(number=after.hand_number, dealer=after.dealer))
            if not after.is_chance and not rules.is_draft:
                out.append(Dealt(cards=after.hand(seat)))
    if after.phase is Phase.DRAFT and after.turn == seat and after.top_of_stock is not None and kind is not Bid:
        # (A bid that leaves the draft going is a Double Nil the seat to
        # draft declared at its turn, T-6: its top card is told already.)
        out.append(TopOfStock(card=after.top_of_stock))
    if (after.phase, after.turn) != (before.phase, before.turn) or not same_hand:
        out.append(Turn(phase=after.phase, seat=after.turn))
    return out


def _replaced(before: GameState, after: GameState, actor: int, seat: int, thrown: CardSet) -> Replaced:
    drawn = CardSet(after.hand(actor).mask & ~(before.hand(actor).mask & ~thrown.mask))
    return Replaced(seat=actor, count=len(drawn), cards=drawn if actor == seat else None)


def events(before: GameState, after: GameState, seat: int, *, sealed: bool = False) -> tuple[Event, ...]:
    """Everything ``seat`` may learn, in order, between ``before`` and the
    later state ``after`` of the same game (``after`` reached from ``before``
    by :meth:`~spades.GameState.apply`).  Raises
    :class:`~spades.ArgumentError` if ``after`` does not follow ``before``.

    With ``sealed=True`` (for a client sent sealed views, see
    :func:`~spades.seat_view`) the seat's own cards (:class:`Dealt`, and
    in the two-player draft :class:`TopOfStock`) are held back while Double
    Nil is open to it, and told once it has answered (P-6, T-6).

    >>> from spades import Rules, new_game
    >>> state = new_game(Rules.partnership(), seed=1)
    >>> events(state, state, 0)
    ()
    """
    for value in (before, after):
        if not is_a(value, GameState):
            raise ArgumentTypeError(f"events needs two GameState values, got {type(value).__name__}")
    seat = check_seat(seat, before.rules.players)
    check_flags(sealed=sealed)
    if after.rules != before.rules or after.seed != before.seed:
        raise ArgumentError("the two states are not of the same game")
    if before.hand_number == after.hand_number and before.sheet is after.sheet:
        # The same hand (the common case, each move): its actions only.
        earlier, later = before.history, after.history
    else:
        earlier, later = _actions(before), _actions(after)
    if later[: len(earlier)] != earlier:
        raise ArgumentError("the later state does not follow from the earlier one")
    out: list[Event] = []
    state = before
    # Sealed: whether the seat's cards are being held back (P-6, T-6).
    held = sealed and before.double_nil_open(seat)
    for action in later[len(earlier):]:
        if type(action) in (Deal, Stock, Replacement) and not state.is_chance:
            continue  # resolved by the seed within the step before
        following = state.apply(action)
        step = _step(state, action, following, seat)
        if sealed:
            still = following.double_nil_open(seat)
            kept = [event for event in step if not (still and type(event) in (Dealt, TopOfStock))]
            held = held or len(kept) < len(step)
            step = kept
            if held and not still and following.phase is not Phase.DEAL:
                held = False
                if not following.rules.is_draft:  # the seat has bid: its cards as dealt
                    step.append(Dealt(cards=following.hand(seat)))
                elif following.phase is Phase.DRAFT and following.turn == seat and following.top_of_stock is not None:
                    # The seat declared at its draft turn, or its first turn
                    # passed: the card to draft, if it is still to draft.
                    step.append(TopOfStock(card=following.top_of_stock))
        out += step
        state = following
    return tuple(out)


# ----------------------------------------------------------------------
# Keeping a view up to date.


def _check_events(value: object) -> tuple[Event, ...]:
    items = read_actions(value)  # any bounded iterable that is not text, read safely
    for item in items:
        if type(item) not in EVENT_TYPES:
            raise ArgumentTypeError(f"not an event: {type(item).__name__}")
    return items  # type: ignore[return-value]  # each item checked above


_INPUTS = (
    "phase", "turn", "dealer", "hand_number", "hand", "hand_sizes", "bids", "gave", "received", "cards_given",
    "drafted", "draft_discards", "top_of_stock", "tricks", "trick", "leader", "sheet",
)


def advance(view: SeatView, happened: Iterable[Event], *, sealed: bool = False) -> SeatView:
    """The view after ``happened`` (as :func:`events` gives them for the
    view's seat): what the seat knows, brought up to date, with everything
    derived from it (legal actions, scores, ...) worked out again.  With
    ``sealed=True`` the events are those of ``events(..., sealed=True)`` and
    the result is the sealed view.  Raises :class:`~spades.StateError` when
    the events do not fit the view.

    The new view is worked out from a game behind it, a game whose finished
    hands give the view's score sheet (as :func:`~spades.serial.view_from_dict`
    finds one).  The games behind the latest sheets are kept, so a client
    following one game plays each finished hand once; a sheet not seen
    before costs the play of each of its hands (a few tenths of a
    millisecond a hand), where :func:`~spades.seat_view`'s time does not grow with them."""
    if type(view) is not SeatView:
        raise ArgumentTypeError(f"advance needs a SeatView, got {type(view).__name__}")
    check_flags(sealed=sealed)
    items = _check_events(happened)
    if not items:
        return view
    if view.phase is Phase.GAME_OVER:
        raise StateError(f"the events do not fit the view: the game is over, and nothing follows its end (S-9), "
                         f"not {type(items[0]).__name__}")
    rules = view.rules
    me = view.seat
    players = rules.players
    f: dict[str, Any] = {name: getattr(view, name) for name in _INPUTS}
    hand, gave, received = view.hand.mask, view.gave.mask, view.received.mask
    drafted, draft_discards = view.drafted.mask, view.draft_discards.mask
    sizes = list(view.hand_sizes)
    given = list(view.cards_given)
    bids = list(view.bids)
    trick: list[Card] = list(view.trick)
    tricks: list[PlayedTrick] = list(view.tricks)
    sheet: list[HandSummary] = list(view.sheet)
    leader = view.leader
    withheld = view.sealed  # the seat's cards are held back (sealed views)
    ended: int | None = None  # the winner a GameOver named
    for event in items:
        kind = type(event)
        if ended is not None and kind is not Turn:
            raise StateError(f"the events do not fit the view: {kind.__name__} after the game's end (S-9)")
        if kind is HandStarted:
            assert isinstance(event, HandStarted)
            following = f["hand_number"] + 1  # the hand after this one, once this one is scored (C-2)
            if len(sheet) != following:
                raise StateError(f"the events do not fit the view: they start hand {event.number} "
                                 f"before hand {following - 1} is scored (C-2)")
            if event.number != following:
                raise StateError(f"the events do not fit the view: they start hand {event.number}, "
                                 f"but the next hand is hand {following} (C-2)")
            withheld = sealed
            hand = gave = received = drafted = draft_discards = 0
            sizes, bids, trick, tricks, leader = [0] * players, [None] * players, [], [], None
            given = [0] * players
            f.update(hand_number=event.number, dealer=event.dealer, top_of_stock=None)
        elif kind is Dealt:
            assert isinstance(event, Dealt)
            hand = event.cards.mask
            sizes = [rules.hand_size] * players
            withheld = False
        elif kind is TopOfStock:
            assert isinstance(event, TopOfStock)
            f["top_of_stock"] = event.card
            withheld = False
        elif kind is Drafted:
            assert isinstance(event, Drafted)
            _to_act(event.seat, f, (Phase.DRAFT,), players, "drafts", "T-3")
            sizes[event.seat] += 1
            f["top_of_stock"] = None
            if event.seat == me:
                withheld = False
                if event.kept is None or event.discarded is None:
                    raise StateError("the seat's own draft turn shows both its cards (T-2)")
                hand |= 1 << event.kept
                drafted |= 1 << event.kept
                draft_discards |= 1 << event.discarded
        elif kind is BidMade:
            assert isinstance(event, BidMade)
            # The seat to bid, once a hand (C-3, P-3; T-6: a two-player
            # Double Nil is declared at the seat's draft turn).
            seat = _to_act(event.seat, f, (Phase.BID, Phase.DRAFT), players, "bids", "P-3")
            if bids[seat] is not None:
                raise StateError(f"the events do not fit the view: seat {seat} has bid already this hand (C-3)")
            bids[seat] = event.bid
        elif kind is Exchanged:
            assert isinstance(event, Exchanged)
            _to_act(event.giver, f, (Phase.EXCHANGE,), players, "gives cards", "P-6")
            sizes[_seat(event.giver, players)] -= event.count
            sizes[_seat(event.receiver, players)] += event.count
            given[event.giver] = event.count
            cards = _shown(event.cards, me in (event.giver, event.receiver))
            if event.giver == me:
                gave, hand = cards, hand & ~cards
            if event.receiver == me:
                received, hand = cards, hand | cards
        elif kind is Discarded:
            assert isinstance(event, Discarded)
            _to_act(event.seat, f, (Phase.DISCARD,), players, "discards", "T-6")
            sizes[_seat(event.seat, players)] -= event.count
            given[event.seat] = event.count
            if event.seat == me:
                gave = _shown(event.cards, True)
                hand &= ~gave
        elif kind is Replaced:
            assert isinstance(event, Replaced)
            sizes[_seat(event.seat, players)] += event.count
            if event.seat == me:
                received = _shown(event.cards, True)
                hand |= received
        elif kind is CardPlayed:
            assert isinstance(event, CardPlayed)
            _to_act(event.seat, f, (Phase.PLAY,), players, "plays", "P-7")
            if not trick:
                leader = event.seat
            trick.append(event.card)
            sizes[_seat(event.seat, players)] -= 1
            if event.seat == me:
                hand &= ~(1 << event.card)
        elif kind is TrickWon:
            assert isinstance(event, TrickWon)
            if leader is None:
                raise StateError("a trick was won before any card was played (C-7)")
            tricks.append(PlayedTrick(leader=leader, cards=tuple(trick), winner=_seat(event.seat, players)))
            trick, leader = [], event.seat
        elif kind is HandScored:
            assert isinstance(event, HandScored)
            sheet.append(event.summary if view.history else attrs.evolve(event.summary, tricks=()))
        elif kind is Turn:
            assert isinstance(event, Turn)
            f.update(phase=event.phase, turn=event.seat)
            if event.phase is Phase.DEAL:
                withheld = sealed
            if event.phase is Phase.BID and not rules.is_draft and not any(sizes):
                sizes = [rules.hand_size] * players  # dealt, the cards held back (sealed)
                withheld = True
            if event.phase is Phase.PLAY and not trick:
                leader = event.seat  # the first lead (P-7, T-7, V-7)
        elif kind is GameOver:  # the Turn that follows says so; the winner is checked below
            assert isinstance(event, GameOver)
            ended = event.winner
    if min(sizes) < 0:
        raise StateError("the events take more cards from a hand than it holds")
    f.update(
        hand=CardSet(hand), gave=CardSet(gave), received=CardSet(received), cards_given=tuple(given), drafted=CardSet(drafted),
        draft_discards=CardSet(draft_discards), hand_sizes=tuple(sizes), bids=tuple(bids), trick=tuple(trick),
        tricks=tuple(tricks), leader=leader, sheet=tuple(sheet),
    )
    try:
        partial = attrs.evolve(view, sealed=withheld, **f)
    except ArgumentError as error:
        raise StateError(f"the events do not fit the view: {error}") from None
    result = seat_view(game_behind(partial), me, history=view.history, sealed=sealed)
    if ended != result.winner:  # a GameOver exactly when the game they describe ends, naming its winner
        said = "no end of the game" if ended is None else f"the game won by side {short_repr(ended)}"
        gives = "no end" if result.winner is None else f"side {result.winner} the winner"
        raise StateError(f"the events do not fit the view: they tell {said}, but the game they describe gives {gives} (S-9)")
    for name in _INPUTS if result.phase is not Phase.GAME_OVER else ("phase", "turn"):
        if name != "sheet" and getattr(result, name) != getattr(partial, name):
            raise StateError(f"the events do not fit the view: {name} differs from the game they describe")
    if result.sheet != partial.sheet:
        raise StateError("the events do not fit the view: the scored hands differ from the game they describe")
    return result


def _seat(seat: object, players: int) -> int:
    try:
        return check_seat(seat, players)
    except ArgumentError as error:
        raise StateError(f"an event names {error}") from None


def _to_act(seat: object, f: dict[str, Any], phases: tuple[Phase, ...], players: int, does: str, rule: str) -> int:
    """``seat``, checked to be the seat to act in one of ``phases`` as the
    events so far leave the view (its fields ``f``), else a StateError."""
    checked = _seat(seat, players)
    if f["phase"] not in phases or f["turn"] != checked:
        now = "no seat" if f["turn"] is None else f"seat {f['turn']}"
        raise StateError(f"the events do not fit the view: seat {checked} {does} in the {f['phase'].name.lower()} phase, "
                         f"where {now} is to act ({rule})")
    return checked


def _shown(cards: CardSet | None, mine: bool) -> int:
    if not mine:
        return 0
    if cards is None:
        raise StateError("an exchange the seat took part in shows its cards (P-6, T-6)")
    return cards.mask

