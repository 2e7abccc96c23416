"""Hypothesis strategies for the test suite.

:func:`rules_strategy` draws random *valid* :class:`~spades.Rules`: every
option of the V- variants and every player count (2, 3, 4; partners or
cutthroat), built so that each drawn combination is one the constructor
accepts.  A draw that the constructor refuses is a bug (of the strategy or
of the validation), so it is not filtered away: it fails the test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from hypothesis import example
from hypothesis import strategies as st

from spades import FULL_DECK, Bid, Card, CardSet, Draft, Rules

F = TypeVar("F", bound=Callable[..., Any])


@st.composite
def _rules(draw: st.DrawFn, floor: bool) -> Rules:
    options: dict[str, Any] = {}
    players = draw(st.sampled_from((2, 3, 4)))
    partners = players == 4 and draw(st.booleans())
    hand = 17 if players == 3 else 13
    options["players"] = players
    options["partners"] = partners
    options["first_dealer"] = draw(st.integers(0, players - 1))
    deck = draw(st.sampled_from(("standard", "jokers", "joker-joker-deuce-deuce")))
    options["deck"] = deck
    if players == 3 and deck == "standard":
        options["three_player_deck"] = draw(st.sampled_from(("set-aside", "remove-two-of-clubs")))
    # V-1: target and losing floor.
    target = draw(st.sampled_from((100, 250, 300, 500)) | st.integers(1, 1000))
    options["target"] = target
    if floor:
        options["losing_floor"] = draw(st.integers(-500, min(-1, target - 1)))
    else:
        options["losing_floor"] = draw(st.none() | st.integers(-1000, target - 1))
    # V-2, V-3: Nil and Double Nil.
    nil_allowed = draw(st.booleans())
    options["nil_allowed"] = nil_allowed
    options["nil_bonus"] = draw(st.sampled_from((100, 50)) | st.integers(0, 300))
    options["double_nil_allowed"] = draw(st.booleans())
    options["double_nil_bonus"] = draw(st.sampled_from((200, 100)) | st.integers(0, 500))
    options["double_nil_exchange"] = draw(st.sampled_from((3, 2, 0)) | st.integers(0, 3))
    options["double_nil_trailing_by"] = draw(st.none() | st.sampled_from((100,)) | st.integers(1, 300))
    # V-4, V-5: failed Nil, bags.
    options["failed_nil"] = draw(st.sampled_from(("bags", "partner", "ignored")))
    options["bag_points"] = draw(st.integers(0, 3))
    options["bags_per_penalty"] = draw(st.sampled_from((10, 5)) | st.integers(1, 15))
    options["bag_penalty"] = draw(st.sampled_from((100, 50)) | st.integers(0, 200))
    # V-6: minimum bids, maximum contract, bids not totalling the tricks.
    # Without Nil, a partnership's two bids leave a contract a side could make, by numbers (no Double
    # Nil either) or with a Double Nil that a tie at every hand cannot keep shut (double_nil_trailing_by).
    most_bid = hand
    if partners and not nil_allowed:
        if not options["double_nil_allowed"]:
            most_bid = hand // 2
        elif options["double_nil_trailing_by"] is not None:
            most_bid = hand - 1
    min_bid = draw(st.integers(0, 4) | st.integers(0, most_bid))
    options["min_bid"] = min_bid
    min_side = draw(st.integers(0, 5) | st.integers(0, hand)) if partners else 0
    options["min_side_bid"] = min_side
    least = max(1, min_bid, min_side)
    if not nil_allowed:
        least = max(least, max(1, min_bid) * (2 if partners else 1))
    if least <= 17 and draw(st.booleans()):
        options["max_side_contract"] = draw(st.integers(least, max(least, hand)))
    options["bids_may_not_total_tricks"] = draw(st.booleans())
    # V-7: first lead.
    if players == 4 and deck == "standard":
        options["first_lead"] = draw(st.sampled_from(("left-of-dealer", "two-of-clubs")))
    options["no_spades_first_trick"] = draw(st.booleans())
    # V-8: ten for two hundred, Boston.
    options["ten_for_two_hundred"] = draw(st.booleans())
    options["boston"] = draw(st.sampled_from(("none", "bonus", "win")))
    options["boston_bonus"] = draw(st.sampled_from((250, 200)) | st.integers(0, 500))
    return Rules(**options)


def rules_strategy(*, floor: bool = False) -> st.SearchStrategy[Rules]:
    """Random valid :class:`~spades.Rules` covering every option (V-1..V-10)
    and every player count.  ``floor=True`` always sets a losing floor
    (between -500 and -1), so that whole random games end (V-1)."""
    return _rules(floor)


def forged_bid(tricks: object, double_nil: object = False) -> Bid:
    """A :class:`~spades.Bid` that its constructor refuses (``Bid(-1)``,
    ``Bid(3, double_nil=True)``), built around the constructor, to check
    that the rule functions refuse it too."""
    bid = object.__new__(Bid)
    object.__setattr__(bid, "tricks", tricks)
    object.__setattr__(bid, "double_nil", double_nil)
    return bid


class Opaque:
    """An object whose ``repr`` fails: an error message must not need it."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


# Long text, for the bound on error messages (kept moderate so that many
# examples stay fast; tests of the constructors also try 2 MB once).
LONG_TEXT = "AS" * 50_000

_scalars: st.SearchStrategy[object] = st.one_of(
    st.integers(),
    st.integers(-60, 60),
    st.sampled_from([2**54, 2**64, -1, 0, 1, 13, 14, 53, 54, 99, 100, 10**200]),
    st.sampled_from([5000, -5000]).map(lambda n: 10**n if n > 0 else -(10**-n)),  # too large to print
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["AS", "as", "10h", "BJ", "nil", "dn", "keep", " REJECT ", "AKQ.J.T.9", "...", "-.-.-.-",
                     "AS KS", "AS,AS", "", " ", "\x00", LONG_TEXT, "A" * 400 + "...", "." * 300]),
    st.binary(max_size=8),
    st.none(),
    st.builds(object),
    st.builds(Opaque),
    st.integers(0, 53).map(Card),
    st.integers(0, (1 << 54) - 1).map(CardSet),
    st.just(FULL_DECK),
    st.sampled_from([Bid.NIL, Bid.DOUBLE_NIL, Bid(4), Draft.KEEP]),
    st.complex_numbers(max_magnitude=10),
)

junk: st.SearchStrategy[object] = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.lists(inner, max_size=4).map(tuple),
        st.dictionaries(st.text(max_size=3), inner, max_size=3),
        st.frozensets(st.integers(0, 60), max_size=5),
    ),
    max_leaves=12,
)
"""Random values of many types, nested, for the constructors' fuzz tests:
ints huge and negative, bools, floats, text and bytes, ``None``, plain and
unprintable objects, cards, card sets and actions, and lists, tuples and
dicts of them."""


# ----------------------------------------------------------------------
# The hostile values every fuzz test of a parser, loader or constructor
# tries as explicit examples (and ``hostile_examples`` to add them).


class DeepList(list[Any]):
    """A list whose ``repr`` is short: Hypothesis prints every explicit
    example, and printing 3,000 nested lists exceeds the recursion limit."""

    def __repr__(self) -> str:
        depth, inner = 0, self
        while isinstance(inner, list) and inner:
            depth, inner = depth + 1, inner[0]
        return f"<{depth + 1} nested lists>"


def deep_list(depth: int) -> Any:
    """``[[[...]]]``, ``depth`` lists deep (deeper than Python's recursion
    limit allows a recursive walk); the outer one a :class:`DeepList`."""
    value: Any = []
    for _ in range(depth - 1):
        value = [value]
    return DeepList([value])


BIG_TEXT = "x" * 2_000_000
"""A 2 MB string (under the loaders' 4 MiB limit: it gets read)."""

HOSTILE: tuple[object, ...] = (
    True,  # an int to Python, a card index or a count to a careless check
    False,
    10**5000,  # more digits than str() writes
    -(10**5000),
    -1,
    -13,
    float("nan"),
    BIG_TEXT,
    "\ud800",  # a lone surrogate: not encodable as UTF-8
    b"AS",
    {1, 2},
    deep_list(3000),
)
"""True and False where an int or a card is expected, a huge and a negative
number, nan, a 2 MB string, a lone surrogate, bytes, a set and a 3,000-deep
nested list."""


def hostile_examples(make: Callable[[object], tuple[Any, ...] | dict[str, Any]]) -> Callable[[F], F]:
    """A decorator adding one Hypothesis ``@example`` per :data:`HOSTILE`
    value; ``make(value)`` gives the example's positional (a tuple) or
    keyword (a dict) arguments.  Put it above ``@given``."""

    def decorate(test: F) -> F:
        for value in reversed(HOSTILE):
            arguments = make(value)
            if isinstance(arguments, dict):
                test = example(**arguments)(test)
            else:
                test = example(*arguments)(test)
        return test

    return decorate
