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
import itertools
from collections.abc import Iterable
from typing import Any, Final, TypeVar, cast, overload

from typing_extensions import TypeIs

__all__ = [
    "SpadesError",
    "IllegalActionError",
    "ParseError",
    "RulesError",
    "StateError",
    "ArgumentError",
    "ArgumentTypeError",
    "RulesTypeError",
    "Reason",
    "MESSAGE_LIMIT",
]


_T = TypeVar("_T")


@overload
def is_a(value: object, kind: type[_T]) -> TypeIs[_T]: ...


@overload
def is_a(value: object, kind: tuple[type, ...]) -> bool: ...


def is_a(value: object, kind: Any) -> bool:
    """``is_a(value, kind)`` by the value's own type (internal: every
    check of a value from outside).  ``isinstance`` also believes an
    object's ``__class__``, which an object may set to any class (a mock
    made with ``spec=`` does): such an object is not taken at its word.

    >>> from unittest import mock
    >>> isinstance(mock.Mock(spec=str), str), is_a(mock.Mock(spec=str), str)
    (True, False)
    """
    return issubclass(type(value), kind)


class CheckedEnumType(enum.EnumMeta):
    """The metaclass of the library's enums: ``Kind(value)`` looks a member
    up by its value without calling anything of the value's own (its hash,
    comparisons or ``repr``), and raises the library's errors, all of them
    ``ValueError`` subclasses as for any enum: :class:`ParseError` for text
    that is no member's value (of an enum of text values),
    :class:`ArgumentError` for an int that is none (of an enum of ints), and
    :class:`ArgumentTypeError` for a value of another type.
    ``Kind[name]`` stays Python's look-up by name (``KeyError``)."""

    def __call__(cls, value: object, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:  # the functional API, Enum("Name", "A B")
            return super().__call__(value, *args, **kwargs)
        if type(value) is cls:
            return value
        # The value itself, as an exact str or int: a subclass's own
        # methods (an enum member's, or a hostile value's) are not called.
        key: object = None
        values_are_text = type(next(iter(cls._value2member_map_))) is str  # the library's enums: all text or all ints
        if is_a(value, str) and values_are_text:
            key = str.__str__(value)
        elif is_a(value, int) and not is_a(value, bool) and not values_are_text:
            key = int.__index__(value)
        else:
            raise ArgumentTypeError(f"{short_repr(value)} is not a {cls.__name__}: {_values(cls)}")
        member = cls._value2member_map_.get(key)
        if member is not None:
            return member
        if values_are_text:  # text that is no member's value
            raise ParseError(f"{short_repr(key)} is not a {cls.__name__}: {_values(cls)}")
        raise ArgumentError(f"{short_repr(key)} is not a {cls.__name__}: {_values(cls)}")


def _values(cls: enum.EnumMeta) -> str:
    values = [repr(member.value) for member in cls]  # type: ignore[var-annotated]
    if len(values) <= 8:
        return "the values are " + ", ".join(values)
    return f"the values are {', '.join(values[:4])}... ({len(values)} in all)"


class Reason(str, enum.Enum, metaclass=CheckedEnumType):
    """Why an action is illegal: the machine-readable part of an
    :class:`IllegalActionError`.

    The value is the member's name, so ``Reason("MUST_FOLLOW_SUIT")`` works
    and the reason travels as plain text.  Any other text raises
    :class:`ParseError`, and a value that is not text
    :class:`ArgumentTypeError`; both are ``ValueError`` subclasses, as for
    any enum.

    >>> Reason("MUST_FOLLOW_SUIT") is Reason.MUST_FOLLOW_SUIT
    True
    >>> Reason("must follow suit")
    Traceback (most recent call last):
    ...
    spades.errors.ParseError: 'must follow suit' is not a Reason: the values are 'NOT_AN_ACTION', 'GAME_OVER', 'WRONG_PHASE', 'NOT_YOUR_TURN'... (19 in all)
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
    """Base class of every error this library raises on bad input.

    Its message is at most :data:`MESSAGE_LIMIT` (300) characters long,
    whatever the input was: values are quoted cut short.

    >>> from spades import Card, Rules
    >>> for bad in (lambda: Card.parse("x" * 10_000), lambda: Rules(players=5)):
    ...     try:
    ...         bad()
    ...     except SpadesError as error:
    ...         print(type(error).__name__, len(str(error)) <= 300)
    ParseError True
    RulesError True
    """

    def __init__(self, message: str = "") -> None:
        super().__init__(clip(message) if type(message) is str else short_repr(message))


class IllegalActionError(SpadesError, ValueError):
    """An action that the rules do not allow in the given state.

    The state the action was offered to is unchanged and still valid.

    >>> from spades import Card, Rules, new_game
    >>> state = new_game(Rules.partnership(), seed=1)
    >>> try:
    ...     state.apply(Card.parse("AS"))
    ... except IllegalActionError as error:
    ...     print(error.reason.name, error.rule, "|", error.message)
    WRONG_PHASE C-3 | Card AS cannot be applied in phase BID
    """

    reason: Reason
    """Machine-readable cause."""
    rule: str
    """The id of the rule that forbids the action (e.g. ``"C-5"``), or ``""``."""
    message: str
    """What is wrong, without the rule: ``str(error)`` is this message and
    ``" (rule C-5)"``.

    >>> error = IllegalActionError(Reason.MUST_FOLLOW_SUIT, "hearts were led", "C-5")
    >>> str(error), error.message, error.rule
    ('hearts were led (rule C-5)', 'hearts were led', 'C-5')
    """

    def __init__(self, reason: Reason, message: str, rule: str = "") -> None:
        self.reason = reason
        self.rule = rule
        message = message if type(message) is str else short_repr(message)
        if type(rule) is str:
            suffix = f" (rule {clip(rule, VALUE_LIMIT)})" if rule else ""
        else:
            suffix = f" (rule {short_repr(rule)})"
        self.message = clip(message, MESSAGE_LIMIT - len(suffix))
        super().__init__(self.message + suffix)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_illegal, (self.reason, str(self), self.rule))


def _rebuild_illegal(reason: Reason, text: str, rule: str) -> IllegalActionError:
    error = IllegalActionError(reason, text)
    error.rule = rule
    suffix = f" (rule {rule})" if rule else ""
    if suffix and text.endswith(suffix):
        error.message = text[: -len(suffix)]
    return error


class ParseError(SpadesError, ValueError):
    """Text that does not read as a card, hand, bid, action or record.

    ``line`` and ``column`` (1-based) locate the error in multi-line input;
    they are ``None`` for a single token.

    >>> from spades import Card, Record
    >>> try:
    ...     Card.parse("ZZ")
    ... except ParseError as error:
    ...     print(error, error.line)
    cannot read 'ZZ' as a card: unknown suit 'Z' None
    >>> try:
    ...     Record.parse(chr(10).join(['[Format "spades-record 1"]', '[Rules "players=5"]']))
    ... except ParseError as error:
    ...     print(error.line, error.column)
    2 9
    """

    line: int | None
    """The 1-based line of the error in multi-line text, or ``None``."""
    column: int | None
    """The 1-based column of the error on its line, or ``None``."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        self.line = line
        self.column = column
        message = message if type(message) is str else short_repr(message)
        where = f"line {short_repr(line)}, column {short_repr(column)}: " if line is not None else ""
        super().__init__(where + clip(message, MESSAGE_LIMIT - len(where)))


class RulesError(SpadesError, ValueError):
    """A :class:`~spades.Rules` value that cannot be built: an unknown option,
    a value out of range, or options that contradict each other.

    >>> from spades import Rules
    >>> Rules(players=5)
    Traceback (most recent call last):
    ...
    spades.errors.RulesError: players: must be >= 2 and <= 4, got 5
    """


class StateError(SpadesError, ValueError):
    """A serialised state, view or record that does not describe a possible
    game (malformed, an unknown format version, or impossible contents).

    >>> from spades.serial import from_json
    >>> from_json('{"format": "spades.state", "version": 9}')
    Traceback (most recent call last):
    ...
    spades.errors.StateError: version: unsupported version 9 of spades.state; this library reads version 1
    """


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


class RulesTypeError(RulesError, ArgumentTypeError):
    """Something other than a :class:`~spades.Rules` value where one is
    needed: both a :class:`RulesError` and an :class:`ArgumentTypeError`
    (so also a ``TypeError``), whichever a caller catches.

    >>> from spades import ArgumentTypeError, RulesError, new_game
    >>> try:
    ...     new_game("partnership")
    ... except RulesError as error:
    ...     print(is_a(error, ArgumentTypeError), error)
    True new_game needs a Rules value, got 'partnership'
    """


class Immutable:
    """A base for the values the library makes without attrs
    (:class:`~spades.ExchangeChoices`, :class:`~spades.sampling.Deals`):
    setting or deleting an attribute raises ``AttributeError``, as on the
    frozen attrs classes.  Such a class sets its own fields once, with
    ``object.__setattr__``."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot delete {name!r}")


def check_seat(seat: object, players: int) -> int:
    """``seat`` if it is a seat of a table of ``players`` (an ``int``, not a
    ``bool``, from 0 to ``players - 1``); else :class:`ArgumentTypeError` or
    :class:`ArgumentError`."""
    if type(seat) is not int:
        # An int of another type may show as one: its type is named too.
        kind = f", a {type_name(seat)}" if is_a(seat, int) and not is_a(seat, bool) else ""
        raise ArgumentTypeError(f"a seat is an int, got {short_repr(seat)}{kind}")
    if not 0 <= seat < players:
        raise ArgumentError(f"no seat {short_repr(seat)}: the seats are 0..{players - 1}")
    return seat


# ----------------------------------------------------------------------
# Values in messages: the one place that decides how a value of the
# caller's is quoted, so that no message grows with its input.

MESSAGE_LIMIT: Final = 300
"""The longest message (``str(error)``) of any error this library raises, in
characters: a value quoted in a message is cut short (:func:`short_repr`),
and so is a message built from several (:func:`clip`)."""
VALUE_LIMIT: Final = 60
"""The longest quotation of one value in a message, in characters."""
_WHOLE_DIGITS: Final = 40
_CONTAINERS: Final = (list, tuple, dict, set, frozenset)


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` if it has at most ``limit`` characters, else its start and
    ``"..."``, ``limit`` characters in all.

    >>> clip("x" * 500)[-5:], len(clip("x" * 500)), clip("short")
    ('xx...', 300, 'short')
    """
    return text if len(text) <= limit else text[: max(0, limit - 3)] + "..."


def exact_str(text: str) -> str:
    """``text`` as an exact ``str``: a subclass's own methods (which could
    raise, or lie) are never called on text from outside.

    >>> type(exact_str(type("Text", (str,), {})("AS"))) is str
    True
    """
    return text if type(text) is str else str.__str__(text)


_TO_UPPER: Final = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_TO_LOWER: Final = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_upper(text: str) -> str:
    """``text`` with its ASCII letters in capitals, and only those: the
    readers fold the case of the library's own words, and no other letter
    may turn into one of them (``"ſ".upper()`` is ``"S"``).

    >>> ascii_upper("a\u017f"), "a\u017f".upper()
    ('Aſ', 'AS')
    """
    return text.translate(_TO_UPPER)


def ascii_lower(text: str) -> str:
    """``text`` with its ASCII capitals in small letters, and only those
    (the Kelvin sign's ``lower()`` is ``"k"``: not here).

    >>> ascii_lower("KEEP"), ascii_lower("\u212aeep") == "\u212aeep"
    ('keep', True)
    """
    return text.translate(_TO_LOWER)


def type_name(value: object) -> str:
    """The name of ``value``'s type for a message, cut short.

    >>> type_name(3), type_name(type("T" * 100, (), {})())[-5:]
    ('int', 'TT...')
    """
    try:
        name = type(value).__name__
    except Exception:  # a metaclass that hides the name
        name = "object"
    return clip(name, VALUE_LIMIT) if type(name) is str else "object"


def short_repr(value: object, limit: int = VALUE_LIMIT) -> str:
    """``repr(value)`` for a message, of at most ``limit`` characters, whatever
    ``value`` is: an int too long to write out is described by its size, a
    long list or dict by its length, a long text is cut before it is quoted,
    and a ``__repr__`` that raises gives the type's name.

    >>> short_repr("abc"), short_repr("x" * 100)[-5:], short_repr(-10**5000)
    ("'abc'", 'xx...', 'an int of 5001 digits')
    >>> short_repr(list(range(100_000)))
    'a list of 100000 items'
    """
    try:
        if is_a(value, int) and not is_a(value, bool):
            number = int.__index__(value)  # the int itself, whatever its class says
            if not -(10**_WHOLE_DIGITS) < number < 10**_WHOLE_DIGITS:
                return _digits(number)
            if type(value) is int:
                return clip(repr(number), limit)
        elif type(value) is str or type(value) is bytes:
            value = value[: limit + 1]  # cut before quoting: repr of a long text is as long
        elif type(value) in _CONTAINERS:
            if len(value) > 20:  # type: ignore[arg-type]
                return clip(f"a {type(value).__name__} of {len(value)} items", limit)  # type: ignore[arg-type]
            return clip(_container_text(value, limit + 1, 0), limit)
        elif is_a(value, _CONTAINERS):  # a subclass: its repr could be anything, or walk a great deal
            base: Any = next(base for base in _CONTAINERS if is_a(value, base))
            return clip(f"a {type_name(value)} of {base.__len__(value)} items", limit)
        text = repr(value)
        if type(text) is not str:
            raise TypeError
    except Exception:  # a hostile __repr__, or one nested too deep
        text = f"<{type_name(value)}>"
    return clip(text, limit)


_BRACKETS: Final[dict[type, tuple[str, str]]] = {
    list: ("[", "]"), tuple: ("(", ")"), set: ("{", "}"), frozenset: ("frozenset({", "})"),
}


def _container_text(value: Any, budget: int, depth: int) -> str:
    """``repr(value)`` of an exact list, tuple, dict, set or frozenset, written
    only as far as ``budget`` characters (then ``...``): the items' texts
    each from :func:`short_repr`, so that lists sharing lists, whose repr
    would write every path through them, cost at most the budget."""
    if depth >= 8 or budget <= 0:
        return "..."
    if type(value) is dict:
        pairs: Any = value.items()
        opening, closing = "{", "}"
    else:
        pairs = value
        opening, closing = _BRACKETS[type(value)]
        if not value and type(value) is not list and type(value) is not tuple:
            return "set()" if type(value) is set else "frozenset()"
    parts: list[str] = []
    used = len(opening) + len(closing)
    for pair in pairs:
        if used >= budget:
            parts.append("...")
            break
        if type(value) is dict:
            key, item = pair
            text = f"{_item_text(key, budget - used, depth)}: {_item_text(item, budget - used, depth)}"
        else:
            text = _item_text(pair, budget - used, depth)
        parts.append(text)
        used += len(text) + 2
    if type(value) is tuple and len(parts) == 1 and parts[0] != "...":
        parts[0] += ","
    return opening + ", ".join(parts) + closing


def _item_text(item: object, budget: int, depth: int) -> str:
    if type(item) in _CONTAINERS:
        return _container_text(item, budget, depth + 1) if len(item) <= 20 else short_repr(item)  # type: ignore[arg-type]
    return short_repr(item, max(budget, 1))


def _digits(number: int) -> str:
    """The size of a long int, worked out from its bits (writing it out
    would take time, and Python refuses to past 4300 digits)."""
    bits = abs(number).bit_length()
    digits = (bits - 1) * 30103 // 100000 + 1  # about log10(2) digits a bit
    if bits > 100_000:
        return f"an int of about {digits} digits"
    while digits > 1 and abs(number) < 10 ** (digits - 1):
        digits -= 1
    while abs(number) >= 10**digits:
        digits += 1
    return f"an int of {digits} digits"


PER_SEAT_LIMIT: Final = 64
"""The most items read of a sequence of one value per seat or side (bids,
scores, hands, players, a trick's cards): more are refused without reading
them all, fewer are counted in the message."""


def read_bounded(
    value: object,
    limit: int,
    error: type[SpadesError],
    not_iterable: str,
    too_many: str,
    type_error: type[SpadesError] | None = None,
) -> tuple[Any, ...]:
    """The items of ``value``, an iterable that is not text, as a tuple of
    at most ``limit`` items, read one past the bound (an endless iterator
    cannot hang the caller).  Otherwise ``error`` (``type_error`` for a
    value that is no iterable at all) with ``not_iterable`` or ``too_many``
    as its message; ``not_iterable`` may name ``{got}``.  An iterator that
    raises gives ``error`` too (or its own :class:`SpadesError`)."""
    if is_a(value, (str, bytes, bytearray)) or not issubclass(type(value), Iterable):
        raise (type_error or error)(not_iterable.format(got=type_name(value), value=short_repr(value)))
    try:
        taken = tuple(itertools.islice(cast(Iterable[Any], value), limit + 1))
    except SpadesError:  # raised by the iterator: already one of ours
        raise
    except Exception:  # an iterator that raises
        raise error(f"cannot read the items of {short_repr(value)}") from None
    if len(taken) > limit:
        raise error(too_many)
    return taken


# The checks of a value class's fields (the classes of the score sheet,
# the views, the scores and the analysis).


def stopped(stop: StopIteration) -> RuntimeError:
    """The error a :class:`StopIteration` a player or a policy raises is
    raised as (from it), wherever the library plays games (internal): a
    ``map`` or a loop over results would take it for their end and the
    games would seem lost (the reasoning of PEP 479, for generators)."""
    error = RuntimeError("StopIteration was raised while playing the games (by a player?)")
    error.__cause__ = stop
    return error


def fail_type(name: str, what: str, value: object) -> ArgumentTypeError:
    """The error for a field ``name`` that is not ``what``."""
    return ArgumentTypeError(f"{name}: expected {what}, got {short_repr(value)}")


def check_flags(**flags: object) -> None:
    """Check that each keyword flag is a ``bool`` (not an ``int``, not
    something with a truth value), else :class:`ArgumentTypeError`
    naming it."""
    for name, value in flags.items():
        if type(value) is not bool:
            raise ArgumentTypeError(f"{name} is a bool, got {short_repr(value)}")


def int_in(name: str, value: object, low: int, high: int) -> None:
    """Check that field ``name`` is an ``int`` (not a ``bool``) in ``low..high``."""
    if type(value) is not int:
        raise fail_type(name, "an int", value)
    if not low <= value <= high:
        raise ArgumentError(f"{name}: {short_repr(value)} is not in {low}..{high}")


def tuple_of(
    name: str, value: object, kind: type | tuple[type, ...], length: int | None = None, limit: int = 10_000
) -> tuple[Any, ...]:
    """Check that field ``name`` is a tuple of ``kind`` values (of ``length``
    entries, or at most ``limit``) and return it."""
    if type(value) is not tuple:
        raise fail_type(name, "a tuple", value)
    if (length is not None and len(value) != length) or len(value) > limit:
        raise ArgumentError(f"{name}: expected {length if length is not None else f'at most {limit}'} entries, got {len(value)}")
    for item in value:
        if type(item) not in (kind if is_a(kind, tuple) else (kind,)):
            raise fail_type(name, "entries of type " + (
                " or ".join(k.__name__ for k in kind) if is_a(kind, tuple) else kind.__name__), item)
    return value
