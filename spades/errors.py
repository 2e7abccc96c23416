"""The exceptions raised by :mod:`spades`.

Every error the library raises on bad input is a :class:`SpadesError`, so a
caller can catch that one class.  Illegal actions carry a machine-readable
:class:`Reason`, and every message names the rule (an id of the rules
specification, such as ``C-4``) that forbids what was asked.

>>> from spades import Rules, new_game, IllegalActionError, Bid
>>> state = new_game(Rules.partnership(), seed=1)
>>> try:
...     state.apply(Bid(14))
... except IllegalActionError as error:
...     print(error.reason.name, error.rule)
BID_OUT_OF_RANGE C-3
"""

from __future__ import annotations

import enum

__all__ = [
    "SpadesError",
    "IllegalActionError",
    "ParseError",
    "RulesError",
    "StateError",
    "ArgumentError",
    "ArgumentTypeError",
    "Reason",
]


class Reason(str, enum.Enum):
    """Why an action is illegal: the machine-readable part of an
    :class:`IllegalActionError`.

    The value is the member's name, so ``Reason("MUST_FOLLOW_SUIT")`` works and
    the reason travels as plain text.  An unknown name raises a plain
    ``ValueError``, as for any enum.
    """

    NOT_AN_ACTION = "NOT_AN_ACTION"
    """The value is not an action of this library, or not one of this phase."""
    GAME_OVER = "GAME_OVER"
    """The game has ended; no action is legal."""
    WRONG_PHASE = "WRONG_PHASE"
    """The action belongs to another phase of the hand (a bid during play...)."""
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    """The action was submitted for a seat whose turn it is not."""
    CARD_NOT_IN_HAND = "CARD_NOT_IN_HAND"
    """The card (or one of the cards) is not in the acting seat's hand."""
    MUST_FOLLOW_SUIT = "MUST_FOLLOW_SUIT"
    """The seat holds a card of the suit led and must play one (C-5)."""
    SPADES_NOT_BROKEN = "SPADES_NOT_BROKEN"
    """A spade may not be led before spades are broken (C-4)."""
    NO_SPADES_FIRST_TRICK = "NO_SPADES_FIRST_TRICK"
    """The rules forbid spades on the first trick (V-7)."""
    MUST_LEAD_TWO_OF_CLUBS = "MUST_LEAD_TWO_OF_CLUBS"
    """The first lead must be the two of clubs (V-7)."""
    BID_OUT_OF_RANGE = "BID_OUT_OF_RANGE"
    """A bid must be a whole number of tricks from 0 to the hand's size (C-3)."""
    NIL_NOT_ALLOWED = "NIL_NOT_ALLOWED"
    """The rules do not allow Nil (V-2)."""
    DOUBLE_NIL_NOT_ALLOWED = "DOUBLE_NIL_NOT_ALLOWED"
    """The rules do not allow Double Nil, or not to this seat now (P-6, T-6, V-3)."""
    DOUBLE_NIL_TOO_LATE = "DOUBLE_NIL_TOO_LATE"
    """Two-player Double Nil is declared at the start of the player's first
    draft turn, not later (T-6)."""
    BID_BELOW_MINIMUM = "BID_BELOW_MINIMUM"
    """The bid is below the rules' minimum bid for a player (V-6)."""
    SIDE_BID_BELOW_MINIMUM = "SIDE_BID_BELOW_MINIMUM"
    """The side's contract would be below the rules' minimum (V-6)."""
    CONTRACT_TOO_HIGH = "CONTRACT_TOO_HIGH"
    """The side's contract would exceed the rules' maximum (V-6)."""
    BIDS_TOTAL_TRICKS = "BIDS_TOTAL_TRICKS"
    """The rules forbid bids that add up to the number of tricks (V-6)."""
    WRONG_EXCHANGE_SIZE = "WRONG_EXCHANGE_SIZE"
    """The exchange holds the wrong number of cards (P-6, T-6, V-3)."""
    BAD_CHANCE = "BAD_CHANCE"
    """A supplied chance outcome (deal, stock, replacement draw) is impossible."""


class SpadesError(Exception):
    """Base class of every error this library raises on bad input."""


class IllegalActionError(SpadesError, ValueError):
    """An action that the rules do not allow in the given state.

    The state the action was offered to is unchanged and still valid.
    """

    reason: Reason
    """Machine-readable cause."""
    rule: str
    """The id of the rule that forbids the action (e.g. ``"C-5"``), or ``""``."""

    def __init__(self, reason: Reason, message: str, rule: str = "") -> None:
        self.reason = reason
        self.rule = rule
        text = f"{message} (rule {rule})" if rule else message
        super().__init__(text)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_illegal, (self.reason, str(self), self.rule))


def _rebuild_illegal(reason: Reason, text: str, rule: str) -> IllegalActionError:
    error = IllegalActionError(reason, text)
    error.rule = rule
    return error


class ParseError(SpadesError, ValueError):
    """Text that does not read as a card, hand, bid, action or record.

    ``line`` and ``column`` (1-based) locate the error in multi-line input;
    they are ``None`` for a single token.
    """

    line: int | None
    """The 1-based line of the error in multi-line text, or ``None``."""
    column: int | None
    """The 1-based column of the error on its line, or ``None``."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        self.line = line
        self.column = column
        where = f"line {line}, column {column}: " if line is not None else ""
        super().__init__(where + message)


class RulesError(SpadesError, ValueError):
    """A :class:`~spades.Rules` value that cannot be built: an unknown option,
    a value out of range, or options that contradict each other."""


class StateError(SpadesError, ValueError):
    """A serialised state, view or record that does not describe a possible
    game (malformed, an unknown format version, or impossible contents)."""


class ArgumentError(SpadesError, ValueError):
    """A bad argument to a function of this library: a value out of range
    (a seat that does not exist, an empty trick) or of the wrong length.

    This is about how a function was called, not about the rules of the game:
    an action the rules refuse raises :class:`IllegalActionError` instead.

    >>> from spades import Rules, new_game
    >>> new_game(Rules.partnership(), seed=1).hand(4)
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentError: no seat 4: the seats are 0..3
    """


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong type (a ``bool`` or a ``float`` for a seat, a
    string for a :class:`~spades.CardSet`...); also a ``TypeError``.

    >>> from spades import Rules, new_game
    >>> new_game(Rules.partnership(), seed=1).hand(True)
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentTypeError: a seat is an int, got True
    """


def check_seat(seat: object, players: int) -> int:
    """``seat`` if it is a seat of a table of ``players`` (an ``int``, not a
    ``bool``, from 0 to ``players - 1``); else :class:`ArgumentTypeError` or
    :class:`ArgumentError`."""
    if type(seat) is not int:
        raise ArgumentTypeError(f"a seat is an int, got {short_repr(seat)}")
    if not 0 <= seat < players:
        raise ArgumentError(f"no seat {short_repr(seat)}: the seats are 0..{players - 1}")
    return seat


def short_repr(value: object) -> str:
    """``repr(value)``, cut to a bounded length for a message (an int too
    large to print in a few words is described by its size)."""
    if type(value) is int and value.bit_length() > 160:
        return f"an int of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."
