"""Chance: dealing, the two-player stock, and Double Nil replacement draws.

Every chance step shuffles the same way, from a stream of random bytes.
Of its bytes below 128, each value is kept the first time it comes: these
distinct values are keys, given to the cards in index order, and the cards
are taken in the order of their keys.  The stream is read 256 bytes at
first, then twice as far each time until there are keys enough.  Every order of the
cards is equally likely.  The bytes come from the caller's
``random.Random`` (chance is always seeded or supplied, never hidden), or,
in a seeded game, from :func:`seeded_bytes`: SHAKE-256 of the game's seed,
the hand's number and the step's name, so that a seeded game is the same on
every platform and in every version of Python.

A deal gives the cards in that order to the seats in turn, a hand's worth
each: seat 0 the first ``hand_size`` cards, seat 1 the next, and so on.
Each checker says whether a chance outcome supplied by a caller (a known
deal, a replay) is possible.

>>> import random
>>> from spades import Rules
>>> from spades.deal import random_deal
>>> deal = random_deal(random.Random(3), Rules.partnership())
>>> [len(hand) for hand in deal.hands]
[13, 13, 13, 13]
"""

from __future__ import annotations

import hashlib
import operator
import random
import secrets
from collections.abc import Callable, Sequence
from itertools import repeat
from typing import Final, TypeVar, cast

from spades.actions import Deal, Replacement, Stock, deal_of_card_sets, malformed_action
from spades.cards import NUM_CARD_INDEXES, Card, CardSet, card_set_of_mask, cards_of_mask
from spades.errors import is_a, ArgumentError, ArgumentTypeError, IllegalActionError, Reason, check_seat, short_repr, type_name
from spades.rules import Rules, check_rules

__all__ = [
    "SEED_LIMIT",
    "new_seed",
    "ByteSource",
    "seeded_bytes",
    "shuffled",
    "deal_from",
    "deal_masks",
    "stock_from",
    "replacement_from",
    "random_deal",
    "random_stock",
    "random_replacement",
    "deal_error",
    "stock_error",
    "dealer_of_hand",
    "next_dealer",
]

SEED_LIMIT: Final = 2**64
"""Seeds are whole numbers ``0 <= seed < SEED_LIMIT`` (up to 20 digits), in
:func:`~spades.new_game`, the records and the JSON documents."""


def check_seed(seed: object, *, unseeded: bool = False) -> int | None:
    """``seed`` if it is a seed (an ``int``, not a ``bool``, ``0 <= seed <
    SEED_LIMIT``), or ``None`` when ``unseeded`` allows it (a game whose
    chance steps are supplied); else :class:`~spades.ArgumentTypeError` for
    a value of another type, :class:`~spades.ArgumentError` for one out of
    range.  Every function that takes a seed checks it here.

    >>> check_seed(7), check_seed(None, unseeded=True)
    (7, None)
    >>> check_seed(2**64)
    Traceback (most recent call last):
      ...
    spades.errors.ArgumentError: the seed must be from 0 to 2**64 - 1, not 18446744073709551616
    """
    if seed is None and unseeded:
        return None
    if type(seed) is not int:
        raise ArgumentTypeError(f"the seed must be an int{' or None' if unseeded else ''}, got {type_name(seed)}")
    if not 0 <= seed < SEED_LIMIT:
        raise ArgumentError(f"the seed must be from 0 to 2**64 - 1, not {short_repr(seed)}")
    return seed


def check_number(number: object, what: str, limit: int = SEED_LIMIT) -> int:
    """``number`` if it is an ``int`` (not a ``bool``) from 0 to ``limit -
    1``; else :class:`~spades.ArgumentTypeError` or
    :class:`~spades.ArgumentError`, saying that ``what`` is such an int
    (``"a hand number"``)."""
    if type(number) is not int or not 0 <= number < limit:
        upto = "2**64 - 1" if limit == SEED_LIMIT else f"{limit - 1:,}"
        kind = ArgumentError if type(number) is int else ArgumentTypeError
        raise kind(f"{what} is an int from 0 to {upto}, got {short_repr(number)}")
    return number


def new_seed() -> int:
    """A fresh seed that no one can guess: 64 random bits from the operating
    system's secure source (:func:`secrets.randbits`), ``0 <= seed <
    SEED_LIMIT``.

    A seeded game's every hand is a function of its seed, so the seed is as
    secret as the hands: a server draws each game's seed with this, keeps it
    on the server, and never uses a small or predictable number (a seat's
    13 cards give away a small seed in seconds).  This is the library's one
    source of unseeded randomness; everything else is reproducible.

    >>> from spades import Rules, new_game, new_seed
    >>> seed = new_seed()
    >>> 0 <= seed < SEED_LIMIT, new_game(Rules.partnership(), seed=seed).phase.name
    (True, 'BID')
    """
    return secrets.randbits(64)

ByteSource = Callable[[int], bytes]
"""A source of random bytes: called with ``n``, returns ``n`` bytes.  A
seeded source returns the same stream each time (``n`` bytes of it)."""

# The shuffle works on bytes.  Keys are the byte values below _KEY_RANGE;
# the bytes from _KEY_RANGE up stand for positions in the stream while the
# keys are put in the order they first come, then for the cards while they
# are sorted by key (card i as _KEY_RANGE + i).
_KEY_RANGE: Final = 128
_KEY_BYTES: Final = bytes(range(_KEY_RANGE))
_HIGH_BYTES: Final = bytes(range(_KEY_RANGE, 256))
_WRITE: Final = bytes.maketrans(bytes(range(NUM_CARD_INDEXES)), _HIGH_BYTES[:NUM_CARD_INDEXES])
_READ: Final = bytes.maketrans(_HIGH_BYTES[:NUM_CARD_INDEXES], bytes(range(NUM_CARD_INDEXES)))
_ALL_BYTES: Final = bytes(range(256))
_ABSENT: Final = b"\xff" * 256
_GONE: Final = b"\xff"
_POSITIONS: Final = bytes(range(255))
# The keys are looked for in the stream's first _PREFIX bytes, then (when
# they hold too few) in all of it: the same keys, since the shuffle takes
# the first distinct values below 128, in the order they first come.
_PREFIX: Final = 180
_FIRST_READ: Final = 256
_LAST_READ: Final = 1 << 20
# A deal marks each card with its seat as the byte _SEAT_MARK + seat; one
# table per seat turns the marks into the binary digits of its mask.
_SEAT_MARK: Final = 200
_DIGITS: Final = tuple(bytes(49 if b == _SEAT_MARK + seat else 48 for b in range(256)) for seat in range(4))
_SEAT_MARKS: Final = {
    size: bytes(_SEAT_MARK + position // size for position in range(4 * size)) for size in (13, 17)
}
_CARDS: Final = tuple(Card(i) for i in range(NUM_CARD_INDEXES))


def seeded_bytes(seed: int, hand_number: int, step: str) -> ByteSource:
    """The random bytes of one chance step of a seeded game: a function of
    the game's seed, the hand's number and the step's name only, the
    SHAKE-256 stream of ``"spades/{seed}/{hand_number}/{step}"``.

    >>> source = seeded_bytes(7, 0, "deal")
    >>> source(4) == seeded_bytes(7, 0, "deal")(8)[:4] != seeded_bytes(7, 1, "deal")(4)
    True
    """
    check_seed(seed)
    check_number(hand_number, "a hand number")
    if type(step) is not str or len(step) > 64 or not step.isascii():
        kind = ArgumentError if type(step) is str else ArgumentTypeError
        raise kind(f"a step is a short name, such as 'deal', got {short_repr(step)}")
    return _seeded(seed, hand_number, step)


def _seeded(seed: int, hand_number: int, step: str) -> ByteSource:
    """:func:`seeded_bytes` of checked arguments."""
    return hashlib.shake_256(f"spades/{seed}/{hand_number}/{step}".encode()).digest


def shuffled(cards: bytes, source: ByteSource) -> bytes:
    """The card indexes ``cards`` (one byte each, at most 54 of them) in a
    random order drawn from ``source``, every order equally likely.

    >>> sorted(shuffled(bytes(range(52)), seeded_bytes(1, 0, "deal"))) == list(range(52))
    True
    """
    if type(cards) is not bytes or len(cards) > NUM_CARD_INDEXES or len(set(cards)) != len(cards) or (
        cards and max(cards) >= NUM_CARD_INDEXES
    ):
        raise ArgumentError(f"the cards to shuffle are distinct card indexes as bytes, got {short_repr(cards)}")
    return _shuffled(cards, _check_source(source))


def _check_source(source: object) -> ByteSource:
    if not callable(source):
        raise ArgumentTypeError(f"a source of random bytes is a function, got {type_name(source)}")
    return source


def _shuffled(cards: bytes, source: ByteSource) -> bytes:
    """:func:`shuffled` of checked arguments (internal fast path)."""
    count = len(cards)
    size = _FIRST_READ
    while True:
        try:
            stream = source(size)
        except Exception as error:  # the caller's function failed: the cause stays chained
            raise ArgumentError(f"the source of random bytes raised {type_name(error)}") from error
        if type(stream) is not bytes:
            raise ArgumentTypeError(f"a source of random bytes gives bytes, not {type_name(stream)}")
        keys = _first_values(stream[:_PREFIX])
        if len(keys) < count:
            # Rare (1 in 500 deals): the cards need more of the stream.
            keys = bytes(dict.fromkeys(stream.translate(None, _HIGH_BYTES)))
        if len(keys) >= count:
            break
        size *= 2
        if size > _LAST_READ:
            raise ArgumentError(
                f"the random source gave fewer than {count} distinct bytes below 128 in its first {size // 2} bytes"
            )
    # Each key's slot gets its card; the empty slots are dropped.
    slots = bytes.maketrans(keys[:count], cards.translate(_WRITE))
    return slots[:_KEY_RANGE].translate(_READ, _KEY_BYTES)


def _first_values(stream: bytes) -> bytes:
    """The distinct values below 128 of ``stream`` (at most 255 bytes), in
    the order they first come."""
    count = len(stream)
    # first[v]: where v first comes (read backwards, the first comes last
    # and stays), 255 if it does not; then at[p]: the value that first comes
    # at p, else 255, which goes.
    first = bytes.maketrans(_ALL_BYTES + stream[::-1], _ABSENT + _POSITIONS[:count][::-1])
    at = bytes.maketrans(_ALL_BYTES + first[:_KEY_RANGE], _ABSENT + _KEY_BYTES)
    return at[:count].translate(None, _GONE)


def deal_from(source: ByteSource, rules: Rules) -> Deal:
    """The deal drawn from ``source``: the deck shuffled, then
    ``rules.hand_size`` cards to each seat in turn (P-2; with three players
    the card left over is set aside, V-10)."""
    return deal_of_card_sets(tuple(map(card_set_of_mask, deal_masks(source, rules))))


def check_rng(rng: object, user: str) -> random.Random:
    """``rng`` if it is a ``random.Random`` (a subclass too: its draws are
    checked as they are made, below), else an
    :class:`~spades.ArgumentTypeError` saying that ``user`` needs one.  The
    one check of a caller's random source, for every function that takes
    one."""
    if not is_a(rng, random.Random):
        raise ArgumentTypeError(f"{user} needs a random.Random, got {type_name(rng)}")
    return rng


# The caller's random.Random drawing for the players and the sampler.  A
# subclass may draw its own way, and may draw wrong: each draw is checked
# here, in one place, so that a broken source is named as the cause
# (ArgumentError, the source's own exception chained) instead of giving an
# action that is not one of the choices or hands that are not a deal.

_T = TypeVar("_T")


def _drew(rng: random.Random, method: str, *args: object) -> object:
    """``rng.<method>(*args)``, a failure of the caller's source named as one."""
    try:
        return getattr(rng, method)(*args)
    except Exception as error:  # the caller's source failed: the cause stays chained
        raise ArgumentError(f"the random source's {method}() raised {type_name(error)}") from error


# A subclass that keeps CPython's choice(), randrange() and shuffle() draws
# through its own getrandbits(), or its own random(): those draws are made
# here, the same numbers as CPython's, each one checked and the rejections
# bounded (CPython's loop would never end for a getrandbits() that always
# gives too much, or a random() that always gives 1.0 or more).
_STOCK_CHOICE: Final = random.Random.choice
_STOCK_RANDRANGE: Final = random.Random.randrange
_STOCK_SHUFFLE: Final = random.Random.shuffle
_WITH_BITS: Final = getattr(random.Random, "_randbelow_with_getrandbits", None)
_WITHOUT_BITS: Final = getattr(random.Random, "_randbelow_without_getrandbits", None)
_FRACTION_SPAN: Final = 1 << 53  # the numbers a random() float tells apart (random.BPF bits)
_MOST_REJECTIONS: Final = 10_000  # a fair source exceeds this with probability below 2**-10000


def _below(rng: random.Random, count: int) -> int:
    """A number below ``count`` (at least 1), as CPython's ``_randbelow``
    draws it for ``rng``'s class, each draw checked."""
    if getattr(type(rng), "_randbelow", None) is _WITHOUT_BITS:
        return _below_by_fraction(rng, count)
    bits = count.bit_length()
    for _ in range(_MOST_REJECTIONS):
        drawn = random_bits(rng, bits)
        if drawn < count:
            return drawn
    raise ArgumentError(f"the random source's getrandbits({bits}) gave no number below {count} in {_MOST_REJECTIONS} draws")


def _below_by_fraction(rng: random.Random, count: int) -> int:
    """CPython's ``_randbelow_without_getrandbits``: from ``random()``
    only, for a class with a random() of its own and no getrandbits()."""
    if count >= _FRACTION_SPAN:
        return int(random_fraction(rng) * count)
    limit = (_FRACTION_SPAN - _FRACTION_SPAN % count) / _FRACTION_SPAN
    for _ in range(_MOST_REJECTIONS):
        drawn = random_fraction(rng)
        if drawn < limit:
            return int(drawn * _FRACTION_SPAN) % count
    raise ArgumentError(f"the random source's random() gave no number below {limit!r} in {_MOST_REJECTIONS} draws")


def _drawn_here(rng: random.Random, method: str, stock: object) -> bool:
    """Whether ``rng`` is a subclass whose ``method`` is CPython's, drawing
    through its getrandbits() or its random() (``random.Random`` itself is
    trusted as it is)."""
    kind = type(rng)
    if kind is random.Random or getattr(kind, method, None) is not stock:
        return False
    randbelow = getattr(kind, "_randbelow", None)
    return randbelow is not None and (randbelow is _WITH_BITS or randbelow is _WITHOUT_BITS)


def random_choice(rng: random.Random, choices: Sequence[_T]) -> _T:
    """``rng.choice(choices)`` of a non-empty sequence, checked to be one of
    ``choices``: the very item, or an equal one of its type (a sequence
    such as ExchangeChoices makes its items as they are read).  Internal:
    the players' draws.

    >>> random_choice(random.Random(1), ("keep", "reject")) in ("keep", "reject")
    True
    """
    if _drawn_here(rng, "choice", _STOCK_CHOICE):
        return choices[_below(rng, len(choices))]
    chosen = cast(_T, _drew(rng, "choice", choices))
    if type(choices) is tuple or type(choices) is list:
        if any(map(operator.is_, choices, repeat(chosen))):
            return chosen
    else:  # a sequence that makes its items as they are read: asked, not walked (thousands of exchanges)
        try:
            if type(chosen) is type(choices[0]) and chosen in choices:
                return chosen
        except Exception as error:  # what the source gave failed to compare
            raise ArgumentError(f"the random source's choice() gave {type_name(chosen)}, which failed to compare") from error
    raise ArgumentError(f"the random source's choice() gave {short_repr(chosen)}, not one of the {len(choices)} choices")


def random_below(rng: random.Random, count: int) -> int:
    """``rng.randrange(count)``, checked to be an int from 0 to ``count - 1``
    (internal: the sampler's draws)."""
    if _drawn_here(rng, "randrange", _STOCK_RANDRANGE) and count > 0:
        return _below(rng, count)
    drawn = _drew(rng, "randrange", count)
    if type(drawn) is not int or not 0 <= drawn < count:
        raise ArgumentError(f"the random source's randrange({count}) gave {short_repr(drawn)}, not an int from 0 to {count - 1}")
    return drawn


def random_bits(rng: random.Random, bits: int) -> int:
    """``rng.getrandbits(bits)``, checked to be an int of at most ``bits``
    bits, not negative (internal: the seeds a player draws for others)."""
    drawn = _drew(rng, "getrandbits", bits)
    if type(drawn) is not int or not 0 <= drawn < 1 << bits:
        raise ArgumentError(f"the random source's getrandbits({bits}) gave {short_repr(drawn)}, not an int from 0 to 2**{bits} - 1")
    return drawn


def random_fraction(rng: random.Random) -> float:
    """``rng.random()``, checked to be a float from 0.0 up to (not
    including) 1.0 (internal: the players' odds)."""
    drawn = _drew(rng, "random")
    if type(drawn) is not float or not 0.0 <= drawn < 1.0:
        raise ArgumentError(f"the random source's random() gave {short_repr(drawn)}, not a float from 0.0 up to 1.0")
    return drawn


def random_shuffle(rng: random.Random, items: list[int]) -> None:
    """``rng.shuffle(items)`` of distinct ints, checked to leave the same
    items in some order (internal: the sampler's draws)."""
    if _drawn_here(rng, "shuffle", _STOCK_SHUFFLE):
        for i in reversed(range(1, len(items))):  # CPython's shuffle, its draws checked
            j = _below(rng, i + 1)
            items[i], items[j] = items[j], items[i]
        return
    before = sorted(items)
    _drew(rng, "shuffle", items)
    if set(map(type, items)) - {int} or sorted(items) != before:
        raise ArgumentError(f"the random source's shuffle() did not reorder the {len(before)} items it was given")


def deal_masks(source: ByteSource, rules: Rules) -> tuple[int, ...]:
    """:func:`deal_from`'s hands as masks (internal fast path): the dealer
    deals every card, ``rules.hand_size`` to each seat (P-2; V-10: with
    three players one card is left over)."""
    rules = check_rules(rules)
    return _dealt_masks(_shuffled(rules.deck_facts.card_bytes, _check_source(source)), rules)


def seeded_deal_masks(seed: int, hand_number: int, rules: Rules) -> tuple[int, ...]:
    """``deal_masks(seeded_bytes(seed, hand_number, "deal"), rules)`` of
    checked arguments (internal fast path of a seeded game's deal)."""
    return _dealt_masks(_shuffled(rules.deck_facts.card_bytes, _seeded(seed, hand_number, "deal")), rules)


def _dealt_masks(order: bytes, rules: Rules) -> tuple[int, ...]:
    """Each seat's mask when the dealer deals the cards of ``order`` in
    turn, ``rules.hand_size`` to each seat (P-2, V-10)."""
    size = rules.hand_size
    players = rules.players
    dealt = size * players
    # Mark each dealt card with its seat, then read each seat's mask off the
    # marks as binary digits, highest card first.
    translate = bytes.maketrans(order[:dealt], _SEAT_MARKS[size][:dealt])[NUM_CARD_INDEXES - 1 :: -1].translate
    digits = _DIGITS
    if players == 4:
        return (
            int(translate(digits[0]), 2), int(translate(digits[1]), 2), int(translate(digits[2]), 2),
            int(translate(digits[3]), 2),
        )
    return tuple(int(translate(digits[seat]), 2) for seat in range(players))


def stock_from(source: ByteSource, rules: Rules) -> Stock:
    """The two-player stock drawn from ``source``: the deck shuffled, top
    card first (T-2)."""
    rules = check_rules(rules)
    return Stock(tuple(map(_CARDS.__getitem__, _shuffled(rules.deck_facts.card_bytes, _check_source(source)))))


def replacement_from(source: ByteSource, pool: CardSet, count: int) -> Replacement:
    """The ``count`` cards drawn from ``pool`` with ``source``: the first
    ``count`` of the pool shuffled (T-6)."""
    if type(pool) is not CardSet:
        raise ArgumentTypeError(f"the pool is a CardSet, got {type_name(pool)}")
    if type(count) is not int or not 0 <= count <= len(pool):
        raise ArgumentError(f"count: a number of cards from 0 to the pool's {len(pool)}, got {short_repr(count)}")
    drawn = _shuffled(bytes(cards_of_mask(pool.mask)), _check_source(source))[:count]
    return Replacement(CardSet.from_cards(_CARDS[card] for card in drawn))


def random_deal(rng: random.Random, rules: Rules) -> Deal:
    """Shuffle the deck and deal ``rules.hand_size`` cards to each seat (P-2;
    with three players the card left over is set aside, V-10)."""
    return deal_from(check_rng(rng, "random_deal").randbytes, rules)


def random_stock(rng: random.Random, rules: Rules) -> Stock:
    """Shuffle the deck into the stock of the two-player draft (T-2)."""
    return stock_from(check_rng(rng, "random_stock").randbytes, rules)


def random_replacement(rng: random.Random, pool: CardSet, count: int) -> Replacement:
    """Draw ``count`` cards at random from ``pool`` (T-6)."""
    return replacement_from(check_rng(rng, "random_replacement").randbytes, pool, count)


def deal_error(deal: object, rules: Rules) -> IllegalActionError | None:
    """Why ``deal`` is not a possible deal under ``rules``, or ``None``."""
    rules = check_rules(rules)
    if type(deal) is not Deal or malformed_action(deal):
        return IllegalActionError(Reason.NOT_AN_ACTION, f"expected a Deal, got {short_repr(deal)}", "P-2")
    if len(deal.hands) != rules.players:
        return IllegalActionError(
            Reason.BAD_CHANCE, f"a deal needs {rules.players} hands, got {len(deal.hands)}", "P-2"
        )
    seen = 0
    for seat, hand in enumerate(deal.hands):
        if len(hand) != rules.hand_size:
            return IllegalActionError(
                Reason.BAD_CHANCE, f"seat {seat} is dealt {len(hand)} cards, not {rules.hand_size}", "P-2"
            )
        if hand.mask & ~rules.deck_mask:
            extra = CardSet(hand.mask & ~rules.deck_mask)
            return IllegalActionError(Reason.BAD_CHANCE, f"seat {seat} is dealt cards not in this deck: {extra}", "C-1")
        if seen & hand.mask:
            twice = CardSet(seen & hand.mask)
            return IllegalActionError(Reason.BAD_CHANCE, f"cards dealt twice: {twice}", "C-1")
        seen |= hand.mask
    return None


def stock_error(stock: object, rules: Rules) -> IllegalActionError | None:
    """Why ``stock`` is not a possible two-player stock, or ``None``."""
    rules = check_rules(rules)
    if type(stock) is not Stock or malformed_action(stock):
        return IllegalActionError(Reason.NOT_AN_ACTION, f"expected a Stock, got {short_repr(stock)}", "T-2")
    mask = 0
    for card in stock.cards:
        if mask >> card & 1:
            return IllegalActionError(Reason.BAD_CHANCE, f"card {card} is twice in the stock", "T-2")
        mask |= 1 << card
    if mask != rules.deck_mask:
        return IllegalActionError(
            Reason.BAD_CHANCE, f"the stock must be the whole deck in some order ({len(stock.cards)} cards given)", "T-2"
        )
    return None


def next_dealer(rules: Rules, dealer: int) -> int:
    """The dealer of the hand after one dealt by ``dealer``: the seat to the
    dealer's left (P-8); in the two-player game the roles of first and
    second player alternate (T-8).

    >>> from spades import Rules
    >>> next_dealer(Rules.partnership(), 3), next_dealer(Rules.two_player(), 1)
    (0, 0)
    """
    rules = check_rules(rules)
    return next_dealer_of(rules, check_seat(dealer, rules.players))


def next_dealer_of(rules: Rules, dealer: int) -> int:
    """:func:`next_dealer` of checked arguments (internal fast path)."""
    return dealer + 1 if dealer + 1 < rules.players else 0


def dealer_of_hand(rules: Rules, number: int) -> int:
    """The dealer (two-player: the first player) of hand ``number`` (from
    0): the game's first dealer (P-2, T-1), then one seat on each hand (P-8,
    T-8).

    >>> from spades import Rules
    >>> dealer_of_hand(Rules.openspiel(), 0), dealer_of_hand(Rules.openspiel(), 6)
    (3, 1)
    """
    rules = check_rules(rules)
    number = check_number(number, "a hand number")
    return (rules.first_dealer + number) % rules.players
