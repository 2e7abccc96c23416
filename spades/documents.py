"""The JSON documents of :mod:`spades.serial`, described as ``TypedDict`` s.

Each kind of document the library writes and reads has a description here
(for type checkers and for readers) and a definition in the shipped JSON
Schema (:func:`spades.serial.schema`): rules, states, views and records
(each with ``"format"`` and ``"version"``), one action, one event.
:func:`~spades.serial.to_dict`, :func:`~spades.serial.action_to_dict` and
:func:`~spades.serial.event_to_dict` return them: ``to_dict(state)`` is a
:class:`StateDocument` to a type checker, ``to_dict(view)`` a
:class:`ViewDocument`.  The tests check that every document the library
writes has exactly the keys described here and validates against the
schema.

Cards are written as text (``"QH"``, ``"BJ"``), a set of cards as its
suit groups (``"AK.Q..32"``: spades, hearts, diamonds, clubs), bids as
``"4"``, ``"nil"`` or ``"double nil"``, seats as ``0..players-1``; a
view's score-sheet row without history is a short code (:data:`SheetRowCode`).

>>> from spades import Rules, new_game, seat_view
>>> from spades.serial import to_dict
>>> view = to_dict(seat_view(new_game(Rules.partnership(), seed=1), 0))
>>> set(view) == set(ViewDocument.__required_keys__)
True
"""

# No "from __future__ import annotations" here: TypedDict reads NotRequired
# and ReadOnly from the annotations themselves.
from typing import Literal, Union

from typing_extensions import NotRequired, ReadOnly, TypedDict

from spades.rules import Boston, Deck, FailedNil, FirstLead, RuleChanges, ThreePlayerDeck

__all__ = [
    "RulesOptions",
    "RulesDocument",
    "PlayAction",
    "BidAction",
    "DraftAction",
    "ExchangeAction",
    "DealAction",
    "StockAction",
    "ReplacementAction",
    "ActionDocument",
    "TrickDocument",
    "SideScoreDocument",
    "HandSummaryDocument",
    "SheetRowCode",
    "HandRecordDocument",
    "ExchangeOffer",
    "ExchangeChoicesDocument",
    "StateDocument",
    "ViewDocument",
    "RecordDocument",
    "EventDocument",
]

# The types of the options RulesOptions and RulesDocument take from
# RuleChanges: their annotations are read in this module's names too (by
# the documentation, under Sphinx 7 and 8), so the names are here.
_OPTION_TYPES = (Boston, Deck, FailedNil, FirstLead, ThreePlayerDeck)

Seat = int
Card = str
CardSetText = str
BidText = str


class RulesOptions(RuleChanges, total=False):
    """Rules options (:meth:`spades.Rules.to_dict`), each one of
    :class:`spades.rules.RuleChanges`; an option left out takes its
    default.  ``preset`` names a preset the other options change
    (:meth:`spades.Rules.to_preset_dict`)."""

    preset: str


class RulesDocument(RulesOptions):
    """A ``spades.rules`` document: the options beside the header."""

    format: ReadOnly[Literal["spades.rules"]]
    version: ReadOnly[int]


class PlayAction(TypedDict):
    """Play a card (C-5)."""

    play: Card


class BidAction(TypedDict):
    """Bid (C-3, P-6, T-6)."""

    bid: BidText


class DraftAction(TypedDict):
    """A two-player draft choice, ``"keep"`` or ``"reject"`` (T-2)."""

    draft: Literal["keep", "reject"]


class ExchangeAction(TypedDict):
    """Cards given in a Double Nil exchange or discard (P-6, T-6)."""

    exchange: list[Card]


class DealAction(TypedDict):
    """Chance: the hands dealt, one set of cards per seat (P-2)."""

    deal: list[CardSetText]


class StockAction(TypedDict):
    """Chance: the two-player stock, top card first (T-2)."""

    stock: list[Card]


class ReplacementAction(TypedDict):
    """Chance: a two-player Double Nil bidder's replacements (T-6)."""

    replacement: list[Card]


ActionDocument = Union[
    PlayAction, BidAction, DraftAction, ExchangeAction, DealAction, StockAction, ReplacementAction
]
"""One action: an object with exactly one key
(:func:`spades.serial.action_to_dict`)."""


class TrickDocument(TypedDict):
    """A finished trick: its leader, its cards from the lead on, its winner
    (C-7).  The trick being played is a document's ``trick``, its cards."""

    leader: Seat
    cards: list[Card]
    winner: Seat


class SideScoreDocument(TypedDict):
    """One side's score for one hand (S-1..S-8)."""

    contract: int
    tricks: int
    made: bool
    contract_points: int
    bags: int
    bag_points: int
    nil_points: int
    bonus_points: int
    penalty_points: int
    points: int
    total_bags: int
    score: int
    boston: bool


class HandSummaryDocument(TypedDict):
    """A finished hand as every seat may know it, with its tricks."""

    number: int
    dealer: Seat
    bids: list[BidText]
    tricks_won: list[int]
    tricks: list[TrickDocument]
    result: list[SideScoreDocument]


SheetRowCode = str
"""A finished hand on a view's score sheet without history, as a short
code: what decides it (its number, dealer and score follow from the rows
before).  One character for each seat's bid, in seat order, then ``/``,
then one character for the tricks each seat won: ``"2n42/3064"`` is bids
2, Nil, 4, 2 and tricks 3, 0, 6, 4.  A number of tricks is ``0``-``9``,
``T`` ``J`` ``Q`` ``K`` for 10 to 13 (as card ranks write them) and ``W``
``X`` ``Y`` ``Z`` for 14 to 17 (three players' 17-card hands, V-10); a bid
is such a number of 1 or more, ``n`` for Nil or ``d`` for Double (Blind)
Nil (P-5, P-6, T-5, T-6)."""


class HandRecordDocument(HandSummaryDocument):
    """A finished hand on a state's score sheet: also each seat's cards as
    the play began."""

    hands: list[CardSetText]


class ExchangeOffer(TypedDict):
    """Give one of ``sizes`` cards of ``cards`` (P-6, T-6)."""

    sizes: list[int]
    cards: CardSetText


class ExchangeChoicesDocument(TypedDict):
    """A view's legal actions in the exchange and discard phases
    (:class:`spades.ExchangeChoices`)."""

    exchange: ExchangeOffer


class StateDocument(TypedDict):
    """A ``spades.state`` document: a whole game at one moment.  It holds
    every hand and the seed: it never goes to a player."""

    format: ReadOnly[Literal["spades.state"]]
    version: ReadOnly[int]
    rules: RulesOptions
    seed: int | None
    actions: list[ActionDocument]
    phase: str
    turn: Seat | None
    dealer: Seat
    hand_number: int
    hands: list[CardSetText]
    bids: list[BidText | None]
    trick: list[Card]
    leader: Seat | None
    tricks: list[TrickDocument]
    tricks_won: list[int]
    spades_broken: bool
    discard_pile: CardSetText
    top_of_stock: Card | None
    stock_left: int
    scores: list[int]
    bags: list[int]
    sheet: list[HandRecordDocument]
    winner: int | None


class ViewDocument(TypedDict):
    """A ``spades.view`` document, version 2: what one seat may know
    (:func:`spades.seat_view`).  Its ``sheet`` holds whole hand summaries
    when ``history`` is true, else one :data:`SheetRowCode` per finished
    hand (``["2412/2713", "3n44/4045"]``)."""

    format: ReadOnly[Literal["spades.view"]]
    version: ReadOnly[int]
    rules: RulesOptions
    seat: Seat
    phase: str
    turn: Seat | None
    dealer: Seat
    hand_number: int
    hand: CardSetText
    sealed: bool
    hand_sizes: list[int]
    bids: list[BidText | None]
    double_nil_open: bool
    gave: CardSetText
    received: CardSetText
    cards_given: list[int]
    drafted: CardSetText
    draft_discards: CardSetText
    top_of_stock: Card | None
    stock_left: int
    tricks: list[TrickDocument]
    trick: list[Card]
    leader: Seat | None
    tricks_won: list[int]
    spades_broken: bool
    scores: list[int]
    bags: list[int]
    history: bool
    sheet: list[HandSummaryDocument] | list[SheetRowCode]
    legal_actions: list[ActionDocument] | ExchangeChoicesDocument
    winner: int | None


class RecordDocument(TypedDict):
    """A ``spades.record`` document: rules, seed, every action and tags.  It
    holds every hand and the seed: it never goes to a player."""

    format: ReadOnly[Literal["spades.record"]]
    version: ReadOnly[int]
    rules: RulesOptions
    seed: int | None
    actions: list[ActionDocument]
    tags: list[list[str]]


class EventDocument(TypedDict):
    """One event of :mod:`spades.events` (:func:`spades.serial.event_to_dict`):
    ``event`` names the kind and the other keys are its fields."""

    event: Literal[
        "hand_started", "dealt", "top_of_stock", "drafted", "bid", "exchanged", "discarded", "replaced",
        "card_played", "trick_won", "hand_scored", "game_over", "turn",
    ]
    number: NotRequired[int]
    dealer: NotRequired[Seat]
    cards: NotRequired[CardSetText | None]
    card: NotRequired[Card]
    seat: NotRequired[Seat | None]
    kept: NotRequired[Card | None]
    discarded: NotRequired[Card | None]
    bid: NotRequired[BidText]
    giver: NotRequired[Seat]
    receiver: NotRequired[Seat]
    count: NotRequired[int]
    summary: NotRequired[HandSummaryDocument]
    winner: NotRequired[int]
    phase: NotRequired[str]
