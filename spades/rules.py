"""One frozen value holding every option of the game.

:class:`Rules` is built with keyword arguments or a named preset and checked
when it is built: an unknown option, a value out of range or a contradictory
combination raises :class:`~spades.RulesError` naming the options.

>>> from spades import Rules
>>> Rules.partnership().target
500
>>> Rules.partnership(nil_bonus=50).nil_bonus
50
>>> Rules(players=5)
Traceback (most recent call last):
...
spades.errors.RulesError: players: must be >= 2 and <= 4, got 5
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, Literal, ParamSpec, TypeVar

from typing_extensions import TypedDict, Unpack

import attrs

from spades._decks import DeckFacts, deck_facts
from spades.actions import MAX_EXCHANGE
from spades.cards import CardSet
from spades.errors import is_a, ArgumentError, ArgumentTypeError, RulesError, RulesTypeError, exact_str, short_repr, type_name

__all__ = ["Rules", "PRESETS", "OPTION_RANGES", "OPTION_CHOICES", "FailedNil", "Deck", "FirstLead", "Boston", "ThreePlayerDeck", "RuleChanges", "hand_size", "seating"]

Deck = Literal["standard", "jokers", "joker-joker-deuce-deuce"]
"""The names of :attr:`~spades.Rules.deck`, the cards in play (C-1, V-9):
``"standard"``, ``"jokers"`` or ``"joker-joker-deuce-deuce"``."""
FailedNil = Literal["bags", "partner", "ignored"]
"""The names of :attr:`~spades.Rules.failed_nil`, what a failed Nil bidder's tricks
count for (S-7, V-4): ``"bags"``, ``"partner"`` or ``"ignored"``."""
FirstLead = Literal["left-of-dealer", "two-of-clubs"]
"""The names of :attr:`~spades.Rules.first_lead`, who leads to the first trick
(P-7, T-7, V-7): ``"left-of-dealer"`` or ``"two-of-clubs"``."""
Boston = Literal["none", "bonus", "win"]
"""The names of :attr:`~spades.Rules.boston`, what taking every trick earns (V-8):
``"none"``, ``"bonus"`` or ``"win"``."""
ThreePlayerDeck = Literal["set-aside", "remove-two-of-clubs"]
"""The names of :attr:`~spades.Rules.three_player_deck`, how three players share
the deck (V-10): ``"set-aside"`` or ``"remove-two-of-clubs"``."""


class RuleChanges(TypedDict, total=False):
    """The options of :class:`Rules` as keyword arguments, each one
    optional: the changes a preset (:meth:`Rules.partnership`,
    :meth:`Rules.preset`...) and :meth:`Rules.replace` take, so that a type
    checker knows their names and types.

    >>> changes: RuleChanges = {"target": 300, "losing_floor": -200}
    >>> Rules.partnership(**changes).target
    300
    """

    players: int
    partners: bool
    first_dealer: int
    deck: Deck
    three_player_deck: ThreePlayerDeck
    target: int
    losing_floor: int | None
    nil_allowed: bool
    nil_bonus: int
    double_nil_allowed: bool
    double_nil_bonus: int
    double_nil_exchange: int
    double_nil_trailing_by: int | None
    failed_nil: FailedNil
    bag_points: int
    bags_per_penalty: int
    bag_penalty: int
    min_bid: int
    min_side_bid: int
    max_side_contract: int | None
    bids_may_not_total_tricks: bool
    first_lead: FirstLead
    no_spades_first_trick: bool
    ten_for_two_hundred: bool
    boston: Boston
    boston_bonus: int


def hand_size(players: int) -> int:
    """Cards dealt to each seat, and so tricks per hand: 13 (C-8, P-2, T-3),
    17 with three players (V-10).

    >>> hand_size(4), hand_size(3), hand_size(2)
    (13, 17, 13)
    """
    _check_players(players)
    return 17 if players == 3 else 13


def _check_players(players: object) -> None:
    if type(players) is not int:
        raise ArgumentTypeError(f"players: an int, got {short_repr(players)}")
    if not 2 <= players <= 4:
        raise ArgumentError(f"players: 2, 3 or 4, got {short_repr(players)}")


def seating(players: int, partners: bool) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The seats of each side, and each seat's side: partners sit opposite,
    seats 0 & 2 and 1 & 3 (P-1); otherwise every seat is a side of its own
    (T-1, V-10).

    >>> seating(4, True)
    (((0, 2), (1, 3)), (0, 1, 0, 1))
    >>> seating(3, False)
    (((0,), (1,), (2,)), (0, 1, 2))
    """
    _check_players(players)
    if type(partners) is not bool:
        raise ArgumentTypeError(f"partners: true or false, got {short_repr(partners)}")
    if partners and players != 4:
        raise ArgumentError(f"partners: only with 4 players (P-1, V-10), got players={players}")
    return _seating(players, partners)


@functools.lru_cache(maxsize=None)
def _seating(players: int, partners: bool) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    if partners:
        sides: tuple[tuple[int, ...], ...] = tuple((seat, seat + players // 2) for seat in range(players // 2))
    else:
        sides = tuple((seat,) for seat in range(players))
    side_of = [0] * players
    for index, members in enumerate(sides):
        for seat in members:
            side_of[seat] = index
    return sides, tuple(side_of)


POINTS_LIMIT: Final = 10_000
"""The bound of every option counted in points: ``target`` (1 to this),
``losing_floor`` (from minus this), the Nil, Double Nil and Boston bonuses,
the bag penalty (0 to this) and ``double_nil_trailing_by`` (1 to this)."""
BAG_POINTS_LIMIT: Final = 100
"""The greatest ``bag_points``."""
BAGS_PER_PENALTY_LIMIT: Final = 100
"""The greatest ``bags_per_penalty``."""


def _names(keys: Sequence[object]) -> str:
    """Some of ``keys`` for a message: a few, each cut short."""
    text = ", ".join(short_repr(k, 40) for k in keys[:5])  # five of them and the count fit in a message
    return text if len(keys) <= 5 else f"{text} and {len(keys) - 5} more"


def _unknown(keys: Sequence[object]) -> RulesError:
    return RulesError("unknown option(s): " + _names(sorted(keys, key=_sort_key)))


def _sort_key(key: object) -> tuple[int, str]:
    return (0, key) if type(key) is str else (1, short_repr(key))


class _Choice:
    """The validator of an option that is one of some names."""

    __slots__ = ("allowed",)

    def __init__(self, *allowed: str) -> None:
        self.allowed = allowed

    def __call__(self, _instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        # The type first: an object's own __eq__ is never called.
        if type(value) is not str or value not in self.allowed:
            options = ", ".join(repr(a) for a in self.allowed)
            raise RulesError(f"{attribute.name}: must be one of {options}, got {short_repr(value)}")


class _Range:
    """The validator of a whole-number option from ``low`` to ``high``
    (or ``None`` when ``optional``): the one statement of its range, which
    :data:`OPTION_RANGES` and the JSON Schema give too."""

    __slots__ = ("low", "high", "optional")

    def __init__(self, low: int, high: int, *, optional: bool = False) -> None:
        self.low = low
        self.high = high
        self.optional = optional

    def __call__(self, instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is None and self.optional:
            return
        if type(value) is not int:
            kind = "a whole number or none" if self.optional else "a whole number"
            raise RulesError(f"{attribute.name}: must be {kind}, got {short_repr(value)}")
        if not self.low <= value <= self.high:
            raise RulesError(f"{attribute.name}: must be >= {self.low} and <= {self.high}, got {short_repr(value)}")


class _LosingFloor(_Range):
    """``losing_floor``: from ``-POINTS_LIMIT`` and below the target (V-1),
    so at most ``POINTS_LIMIT - 1`` whatever the target."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(-POINTS_LIMIT, POINTS_LIMIT - 1, optional=True)

    def __call__(self, instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is None:
            return
        if type(value) is not int:
            raise RulesError(f"{attribute.name}: must be a whole number or none, got {short_repr(value)}")
        # The target is checked first (fields are checked in order).
        target = instance.target
        if not self.low <= value < target:
            raise RulesError(
                f"{attribute.name}: must be >= {-POINTS_LIMIT} and <= {target - 1}, below target ({target}), "
                f"got {short_repr(value)}"
            )


_Params = ParamSpec("_Params")
_Built = TypeVar("_Built")
_KEPT_LIMIT: Final = 512
_PLAIN: Final = (int, str, bool, type(None))


def _kept(build: Callable[_Params, _Built]) -> Callable[_Params, _Built]:
    """A preset that keeps the values it builds, by its arguments: rules are
    immutable values, so the same arguments may give the same object, built
    and checked once.  Only arguments of plain types (int, str, bool,
    None) are kept, by type and value (``True`` is not ``1``); anything else
    is built, and refused, as if nothing were kept.  At most
    ``_KEPT_LIMIT`` values are kept; then the store starts again."""
    kept: dict[tuple[Any, ...], _Built] = {}

    @functools.wraps(build)
    def preset(*args: _Params.args, **changes: _Params.kwargs) -> _Built:
        try:
            key = (args, tuple((name, type(value), value) for name, value in changes.items()))
            plain = all(type(a) in _PLAIN for a in args[1:]) and all(type(v) in _PLAIN for v in changes.values())
        except Exception:  # arguments that cannot even be looked at: built, and refused, the usual way
            plain = False
        if not plain:
            return build(*args, **changes)
        found = kept.get(key)
        if found is None:
            found = build(*args, **changes)
            if len(kept) >= _KEPT_LIMIT:
                kept.clear()
            kept[key] = found
        return found

    return preset


def _bool(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not bool:
        raise RulesError(f"{attribute.name}: must be true or false, got {short_repr(value)}")


@attrs.frozen(slots=True, kw_only=True)
class Rules:
    """Every option of a game of Spades, with the sources' partnership game as
    the default.  Build one with keyword arguments or a preset
    (:meth:`partnership`, :meth:`two_player`, :meth:`preset`), then change
    options with :meth:`replace`.

    Where the rules specification decides a point that tables play
    differently (``[decided]``), the decision is an option's default: who
    deals first (P-2, T-1: :attr:`first_dealer`) and what a failed Nil's
    tricks count for (S-7: :attr:`failed_nil`).  Its other decided points
    are fixed: see the rules page of the documentation.

    >>> rules = Rules.partnership()
    >>> rules.sides
    ((0, 2), (1, 3))
    >>> Rules.two_player().sides
    ((0,), (1,))
    >>> rules.replace(target=300).target
    300
    """

    players: int = attrs.field(default=4, validator=_Range(2, 4))
    """Seats at the table: 4 (partnership or cutthroat), 3 (cutthroat) or 2
    (the two-player draft game, T-1). Seats are numbered clockwise from 0.
    Range 2..4."""
    partners: bool = attrs.field(
        default=attrs.Factory(lambda self: type(self.players) is int and self.players == 4, takes_self=True), validator=_bool
    )
    """Partners sit opposite and score together (P-1); ``False`` for 2 players
    and for cutthroat (V-10), where every seat is its own side.  The default
    follows ``players``: partners with 4 players, none with 2 or 3."""
    first_dealer: int = attrs.field(default=0, validator=_Range(0, 3))
    """The dealer of the game's first hand (P-2). In the two-player game the
    dealer is the *first player*, who drafts first (T-1).  Range 0 to
    ``players - 1``."""
    deck: Deck = attrs.field(default="standard", validator=_Choice("standard", "jokers", "joker-joker-deuce-deuce"))
    """``"standard"`` 52 cards (C-1); ``"jokers"``: Big and Little Joker above the
    Ace of spades, 2♣ and 2♦ removed; ``"joker-joker-deuce-deuce"``: Big Joker >
    Little Joker > 2♦ > 2♠ > A♠, 2♣ and 2♥ removed (V-9)."""
    three_player_deck: ThreePlayerDeck = attrs.field(
        default="set-aside", validator=_Choice("set-aside", "remove-two-of-clubs")
    )
    """Cutthroat for three (V-10): 17 cards each and the last card set aside, or
    the 2♣ removed from the deck before the deal."""
    target: int = attrs.field(default=500, validator=_Range(1, POINTS_LIMIT))
    """A side that reaches this score (>=) ends the game (C-2, V-1).  Range
    1..10,000."""
    losing_floor: int | None = attrs.field(default=None, validator=_LosingFloor())
    """Mercy rule (V-1): a side at or below this score ends the game, which the
    highest score then wins. ``None``: no floor.  Range -10,000 to
    ``target - 1``."""
    nil_allowed: bool = attrs.field(default=True, validator=_bool)
    """Whether a player may bid Nil (V-2)."""
    nil_bonus: int = attrs.field(default=100, validator=_Range(0, POINTS_LIMIT))
    """Points won for a made Nil and lost for a failed one (P-5, T-5, V-2).
    Range 0..10,000."""
    double_nil_allowed: bool = attrs.field(default=True, validator=_bool)
    """Whether Double (Blind) Nil may be bid (P-6, T-6, V-3)."""
    double_nil_bonus: int = attrs.field(default=200, validator=_Range(0, POINTS_LIMIT))
    """Points won for a made Double Nil and lost for a failed one (V-3).
    Range 0..10,000."""
    double_nil_exchange: int = attrs.field(default=3, validator=_Range(0, MAX_EXCHANGE))
    """Cards exchanged after a Double Nil (V-3): in a partnership, the partner
    gives this many and the bidder gives as many back (P-6); in the two-player
    game, the bidder may discard up to this many and draw replacements (T-6).
    Range 0..3."""
    double_nil_trailing_by: int | None = attrs.field(default=None, validator=_Range(1, POINTS_LIMIT, optional=True))
    """If set, Double Nil may be bid only by a side trailing the best other side
    by at least this many points (V-3).  Range 1..10,000, or ``None``."""
    failed_nil: FailedNil = attrs.field(default="bags", validator=_Choice("bags", "partner", "ignored"))
    """What a failed Nil bidder's tricks do (S-7, V-4): count as bags for the
    side, count toward the partner's contract, or nothing."""
    bag_points: int = attrs.field(default=1, validator=_Range(0, BAG_POINTS_LIMIT))
    """Points per bag (S-1, V-5).  Range 0..100."""
    bags_per_penalty: int = attrs.field(default=10, validator=_Range(1, BAGS_PER_PENALTY_LIMIT))
    """Bags that bring a penalty (S-8, V-5).  Range 1..100."""
    bag_penalty: int = attrs.field(default=100, validator=_Range(0, POINTS_LIMIT))
    """Points lost each time the bags reach ``bags_per_penalty`` (S-8, V-5).
    Range 0..10,000."""
    min_bid: int = attrs.field(default=0, validator=_Range(0, 17))
    """Least number bid by a player who does not bid Nil (V-6); Nil stays a
    Nil bid if it is allowed.  Range 0 to the size of a hand (13, or 17 for
    three players); with neither Nil nor Double Nil allowed, a partnership's
    two bids must leave a contract a side could make (``min_bid`` at most
    6), and without Nil, a ``min_bid`` of the whole hand (every side's
    contract 26, every hand a tie) leaves Double Nil shut for ever under
    ``double_nil_trailing_by`` (refused, unless Boston can part the
    sides)."""
    min_side_bid: int = attrs.field(default=0, validator=_Range(0, 13))
    """Least contract of a partnership whose members bid numbers (V-6); a side
    with a Nil bidder is exempt. Checked at the side's last bid.  Range
    0..13, and 0 without partners."""
    max_side_contract: int | None = attrs.field(default=None, validator=_Range(1, 17, optional=True))
    """Greatest contract a side may bid (V-6; usually 13). ``None``: no limit
    but the size of the hand.  Range 1..17, and at least the least contract
    the other options allow."""
    bids_may_not_total_tricks: bool = attrs.field(default=False, validator=_bool)
    """The last bidder may not make all bids add up to the number of tricks (V-6)."""
    first_lead: FirstLead = attrs.field(default="left-of-dealer", validator=_Choice("left-of-dealer", "two-of-clubs"))
    """Who leads to the first trick (P-7, T-7, V-7): the seat left of the dealer,
    or the holder of the 2♣, who must lead it."""
    no_spades_first_trick: bool = attrs.field(default=False, validator=_bool)
    """No spade may be played to the first trick unless the player holds
    nothing else (V-7)."""
    ten_for_two_hundred: bool = attrs.field(default=False, validator=_bool)
    """A side that bids 10 or more and makes it scores its contract points
    double (V-8)."""
    boston: Boston = attrs.field(default="none", validator=_Choice("none", "bonus", "win"))
    """A side that takes every trick (V-8): nothing more, ``boston_bonus``
    points, or wins the game at once."""
    boston_bonus: int = attrs.field(default=250, validator=_Range(0, POINTS_LIMIT))
    """Points for a Boston when ``boston == "bonus"`` (V-8).  Range 0..10,000."""

    def __new__(cls, /, *args: Any, **options: Any) -> Rules:
        # The attrs-made __init__ would raise TypeError for an unknown option
        # or a positional argument; bad options are RulesError, always.
        if args:
            raise RulesError(f"Rules takes options by name only (e.g. players=4), got {len(args)} positional value(s)")
        unknown = [k for k in options if k not in _OPTION_NAMES]
        if unknown:
            raise _unknown(unknown)
        return super().__new__(cls)

    # Derived facts, shared with every equal value: the deck's (from the card
    # layer), the seating of the sides and the size of a hand.  Not options.
    _facts: DeckFacts = attrs.field(init=False, eq=False, repr=False, hash=False)
    _sides: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _side_of: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _hand_size: int = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        self._check_combinations()
        setter = object.__setattr__
        setter(self, "_facts", deck_facts(self.deck, self.players == 3 and self.three_player_deck == "remove-two-of-clubs"))
        sides, side_of = seating(self.players, self.partners)
        setter(self, "_sides", sides)
        setter(self, "_side_of", side_of)
        setter(self, "_hand_size", hand_size(self.players))

    def _check_combinations(self) -> None:
        if self.players == 2 and self.partners:
            raise RulesError("players=2 needs partners=false: the two-player game is each for themselves (T-1)")
        if self.players == 3 and self.partners:
            raise RulesError("players=3 needs partners=false: three players play cutthroat (V-10)")
        if self.first_dealer >= self.players:
            raise RulesError(f"first_dealer: seat {self.first_dealer} does not exist with players={self.players}")
        if self.first_lead == "two-of-clubs":
            if self.deck != "standard":
                raise RulesError(f"first_lead='two-of-clubs' needs deck='standard': deck={self.deck!r} removes the 2♣")
            if self.players == 2:
                raise RulesError("first_lead='two-of-clubs' cannot be used with players=2: the 2♣ may be discarded in the draft")
            if self.players == 3:
                raise RulesError("first_lead='two-of-clubs' cannot be used with players=3: the 2♣ may be set aside or removed")
        if self.players == 3 and self.deck != "standard" and self.three_player_deck == "remove-two-of-clubs":
            raise RulesError(f"three_player_deck='remove-two-of-clubs' needs deck='standard': deck={self.deck!r} has no 2♣")
        if self.max_side_contract is not None and self.min_side_bid > self.max_side_contract:
            raise RulesError(
                f"min_side_bid ({self.min_side_bid}) is above max_side_contract ({self.max_side_contract})"
            )
        hand = hand_size(self.players)
        if self.min_bid > hand or self.min_side_bid > hand:
            raise RulesError(f"min_bid/min_side_bid: at most {hand}, the size of a hand")
        if self.min_side_bid and not self.partners:
            raise RulesError(
                f"min_side_bid={self.min_side_bid} needs partners=true: it is the least contract of a "
                "partnership (V-6); min_bid sets the least bid of a player"
            )
        least = max(1, self.min_bid) * (2 if self.partners else 1)
        if not self.nil_allowed and not self.double_nil_allowed and least > hand:
            raise RulesError(
                f"nil_allowed=false, double_nil_allowed=false and min_bid={self.min_bid} make every contract at "
                f"least {least}, over the {hand} tricks of a hand: no side could make one (V-6)"
            )
        # Every partner's one number bid is the whole hand: every side bids
        # the same contract, which none makes, so every hand is a tie, and
        # with double_nil_trailing_by no side ever trails to open Double Nil
        # (unless Boston parts the sides).
        boston_separates = self.boston == "win" or (self.boston == "bonus" and self.boston_bonus > 0)
        if (self.partners and not self.nil_allowed and self.min_bid == hand and self.double_nil_trailing_by is not None
                and not boston_separates):
            raise RulesError(
                f"nil_allowed=false and min_bid={hand} make every side's contract {least}, over the {hand} tricks "
                f"of a hand, and the same for every side: every hand is a tie, so no side ever trails to open "
                f"Double Nil (double_nil_trailing_by={self.double_nil_trailing_by}; V-3, V-6)"
            )
        if self.max_side_contract is not None:
            if self.min_bid > self.max_side_contract:
                raise RulesError(
                    f"min_bid ({self.min_bid}) is above max_side_contract ({self.max_side_contract}): "
                    "no number of tricks could be bid (V-6)"
                )
            if not self.nil_allowed and least > self.max_side_contract:
                raise RulesError(
                    f"nil_allowed=false and min_bid={self.min_bid} make every contract at least {least}, "
                    f"above max_side_contract ({self.max_side_contract}) (V-6)"
                )

    # ------------------------------------------------------------------
    # Derived facts used by the engine.

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: partnerships (P-1) or one seat each."""
        return self._sides

    @property
    def side_of(self) -> tuple[int, ...]:
        """For each seat, the index of its side."""
        return self._side_of

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat, and so tricks per hand (C-8; 17 for three)."""
        return self._hand_size

    @property
    def deck_facts(self) -> DeckFacts:
        """The derived facts of this deck (which cards, their suits and order
        in a trick), shared by every rule set with the same deck."""
        return self._facts

    @property
    def deck_mask(self) -> int:
        """The bitmask of the cards in play (C-1, V-9, V-10)."""
        return self._facts.mask

    @property
    def suit_masks(self) -> tuple[int, ...]:
        """For each suit (clubs, diamonds, hearts, spades), the mask of the deck's
        cards that belong to it for following; jokers and the V-9 deuces are
        spades."""
        return self._facts.suit_masks

    @property
    def suit_of(self) -> tuple[int, ...]:
        """For each card index, the suit it belongs to under these rules."""
        return self._facts.suit_of

    @property
    def power(self) -> tuple[int, ...]:
        """For each card index, a number that orders cards within a suit, every
        spade above every other card (C-7, V-9)."""
        return self._facts.power

    @property
    def is_draft(self) -> bool:
        """True for the two-player game, where the hand is drafted (T-2)."""
        return self.players == 2

    # ------------------------------------------------------------------
    # An immutable value: copies are the value itself, and a pickle holds
    # the options only (the derived tables are built again when loaded).

    def __copy__(self) -> Rules:
        return self

    def __deepcopy__(self, memo: object) -> Rules:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rules_of_options, (tuple(getattr(self, name) for name in _OPTION_ORDER),))

    # ------------------------------------------------------------------
    # Construction helpers.

    def replace(self, **changes: Unpack[RuleChanges]) -> Rules:
        """A copy with some options changed (validated like a new value).

        >>> Rules.partnership().replace(colour="red")
        Traceback (most recent call last):
        ...
        spades.errors.RulesError: unknown option(s): 'colour'
        """
        return attrs.evolve(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain dict of JSON-compatible values.

        >>> Rules.from_dict(Rules.two_player().to_dict()) == Rules.two_player()
        True
        """
        return {f.name: getattr(self, f.name) for f in attrs.fields(Rules) if f.init}

    def to_preset_dict(self) -> dict[str, Any]:
        """The options as a preset's name and the options that differ from
        it (the preset with the fewest), for documents that travel often.

        >>> Rules.pagat(target=300).to_preset_dict()
        {'preset': 'pagat', 'target': 300}
        >>> Rules.from_dict(Rules(players=3, nil_bonus=75).to_preset_dict()) == Rules(players=3, nil_bonus=75)
        True
        """
        return dict(_preset_dict(self))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Build from a dict of options; unknown keys raise
        :class:`~spades.RulesError` naming them.  A ``"preset"`` key names
        the preset the other options change (:meth:`to_preset_dict`).

        >>> Rules.from_dict({"target": 300, "colour": "red"})
        Traceback (most recent call last):
        ...
        spades.errors.RulesError: unknown option(s): 'colour'
        >>> Rules.from_dict({"preset": "jokers", "target": 300}) == Rules.jokers(target=300)
        True
        """
        if not issubclass(type(data), Mapping):
            raise RulesError(f"rules must be a mapping of options, got {type_name(data)}")
        try:
            options = dict(data)
        except Exception:  # a mapping that cannot be read
            raise RulesError(f"rules: cannot read the options of a {type_name(data)}") from None
        named = "preset" in options
        preset = options.pop("preset", None)
        unknown = [k for k in options if type(k) is not str or k not in _OPTION_NAMES]
        if unknown:
            raise _unknown(unknown)
        if named:
            if type(preset) is not str:  # null included: a document without a preset has no "preset" key
                raise RulesError(f"preset: a preset's name, got {short_repr(preset)}")
            return cls.preset(preset, **options)
        return cls(**options)

    # ------------------------------------------------------------------
    # Presets: named rule sets, each with where it comes from.

    @classmethod
    @_kept
    def partnership(cls, /, **changes: Unpack[RuleChanges]) -> Rules:
        """Partnership Spades as the project's sources describe it (the P-, S-
        and C- rules; source texts 000, 002 and 003): 4 players in two
        partnerships, 500 to win, Nil 100, Double Nil 200 with a 3-card
        exchange, failed-Nil tricks as bags, 10 bags cost 100.  ``changes``
        override options.

        >>> Rules.partnership() == Rules()
        True
        """
        return cls(**changes)

    @classmethod
    @_kept
    def two_player(cls, /, **changes: Unpack[RuleChanges]) -> Rules:
        """Two-player Spades from the project's sources (the T- rules; source
        texts 001 and 004): a keep-or-discard draft instead of a deal, each
        player scoring alone, Double Nil declared before the draft with up to
        three cards replaced from the discards.

        >>> Rules.two_player().sides
        ((0,), (1,))
        >>> Rules.two_player(players=4)
        Traceback (most recent call last):
        ...
        spades.errors.RulesError: the two-player game cannot have players=4 (T-1); Rules.cutthroat(4) is 4 players each for themselves
        """
        if "players" in changes and (type(changes["players"]) is not int or changes["players"] != 2):
            given = changes["players"]
            more = (f"; Rules.cutthroat({given}) is {given} players each for themselves"
                    if type(given) is int and given in (3, 4) else "")
            raise RulesError(f"the two-player game cannot have players={short_repr(given)} (T-1){more}")
        options: dict[str, Any] = {"players": 2, "partners": False, **changes}
        return cls(**options)

    @classmethod
    @_kept
    def pagat(cls, /, **changes: Unpack[RuleChanges]) -> Rules:
        """The partnership game with the choices usually given as standard on
        pagat.com (John McLeod, *Spades*,
        https://www.pagat.com/auctionwhist/spades.html), and repeated by many
        club and online rule pages: Nil 100; Blind Nil 200, only for a side
        losing by at least 100 points, followed by an exchange of two cards
        with the partner; 10 bags cost 100; 500 points win and a side at
        -200 or below loses.  Other options keep the sources' defaults
        (failed-Nil tricks are bags, S-7).

        >>> rules = Rules.pagat()
        >>> rules.double_nil_exchange, rules.double_nil_trailing_by, rules.losing_floor
        (2, 100, -200)
        """
        base: dict[str, Any] = {
            "nil_bonus": 100,
            "double_nil_bonus": 200,
            "double_nil_exchange": 2,
            "double_nil_trailing_by": 100,
            "bag_points": 1,
            "bags_per_penalty": 10,
            "bag_penalty": 100,
            "target": 500,
            "losing_floor": -200,
        }
        return cls(**{**base, **changes})

    @classmethod
    @_kept
    def jokers(cls, /, **changes: Unpack[RuleChanges]) -> Rules:
        """Partnership Spades with the two jokers as the highest trumps (V-9
        (a), a common house rule listed among pagat.com's Spades variations):
        Big Joker > Little Joker > A♠, the 2♣ and 2♦ taken out so that 52
        cards remain.  The jokers are spades for following, leading and
        breaking.

        >>> len(Rules.jokers().suit_masks), bin(Rules.jokers().deck_mask).count("1")
        (4, 52)
        """
        options: dict[str, Any] = {"deck": "jokers", **changes}
        return cls(**options)

    @classmethod
    @_kept
    def joker_joker_deuce_deuce(cls, /, **changes: Unpack[RuleChanges]) -> Rules:
        """"Joker Joker Deuce Deuce" (V-9 (b), from the variations on pagat.com's
        Spades page): Big Joker > Little Joker > 2♦ > 2♠ > A♠ as the top
        trumps, the 2♣ and 2♥ taken out.  The jokers and the 2♦ are spades
        for following, leading and breaking."""
        options: dict[str, Any] = {"deck": "joker-joker-deuce-deuce", **changes}
        return cls(**options)

    @classmethod
    @_kept
    def cutthroat(cls, players: int = 4, /, **changes: Unpack[RuleChanges]) -> Rules:
        """Cutthroat Spades (V-10): 3 or 4 players, each for themselves, with
        the partnership game's scoring for each player.  With 3 players each
        is dealt 17 cards and the last card is set aside
        (``three_player_deck``).  Double Nil has no exchange: there is no
        partner.

        >>> Rules.cutthroat(3).hand_size, Rules.cutthroat(3).sides
        (17, ((0,), (1,), (2,)))
        """
        if type(players) is not int or players not in (3, 4):
            raise RulesError(f"cutthroat is for 3 or 4 players, got players={short_repr(players)} (V-10)")
        if "players" in changes and (type(changes["players"]) is not int or changes["players"] != players):
            given = changes["players"]
            raise RulesError(f"cutthroat for {players} players cannot have players={short_repr(given)} ({type_name(given)})")
        options: dict[str, Any] = {"partners": False, **changes, "players": players}
        return cls(**options)

    @classmethod
    @_kept
    def openspiel(cls, /, **changes: Unpack[RuleChanges]) -> Rules:
        """The scoring choices of OpenSpiel's ``spades`` game
        (google-deepmind/open_spiel, ``open_spiel/games/spades/spades.cc``,
        ``spades.h`` and ``spades_scoring.cc``): partnership Spades with Nil
        ±100 and no Blind Nil; a failed Nil bidder's tricks count toward the
        partnership's contract; the two partners' bids may total at most 13;
        1 point a bag and -100 for each 10 bags; 500 to win and the mercy rule
        at -350 (its ``win_threshold`` and ``mercy_threshold`` defaults).
        Seat 0 bids and leads first, as OpenSpiel's first player does, so the
        first dealer is seat 3.

        OpenSpiel plays one hand at a time and recovers the bags from the
        last digit of the score; this library counts bags itself, which gives
        the same penalties for non-negative scores.

        >>> rules = Rules.openspiel()
        >>> rules.failed_nil, rules.max_side_contract, rules.double_nil_allowed, rules.losing_floor
        ('partner', 13, False, -350)
        """
        base: dict[str, Any] = {
            "first_dealer": 3,
            "double_nil_allowed": False,
            "failed_nil": "partner",
            "max_side_contract": 13,
            "target": 500,
            "losing_floor": -350,
        }
        return cls(**{**base, **changes})

    @classmethod
    def preset(cls, name: str, /, **changes: Unpack[RuleChanges]) -> Rules:
        """The preset called ``name`` (see :data:`PRESETS`), with ``changes``.

        >>> Rules.preset("jokers").deck
        'jokers'
        >>> Rules.preset("cutthroat-3", target=300).target
        300
        >>> Rules.preset("bridge")
        Traceback (most recent call last):
        ...
        spades.errors.RulesError: unknown preset 'bridge'; presets are: cutthroat-3, cutthroat-4, joker-joker-deuce-deuce, jokers, openspiel, pagat, partnership, two-player
        """
        factory = PRESETS.get(exact_str(name)) if is_a(name, str) else None
        if factory is None:
            names = ", ".join(sorted(PRESETS))
            raise RulesError(f"unknown preset {short_repr(name)}; presets are: {names}")
        return factory(**changes)


OPTION_RANGES: Final[Mapping[str, tuple[int, int]]] = MappingProxyType(
    {f.name: (f.validator.low, f.validator.high) for f in attrs.fields(Rules) if is_a(f.validator, _Range)}
)
"""The least and the greatest value of each whole-number option, as
:class:`Rules` checks them (read from its validators, and given by the JSON
Schema too).  Some options are bounded further by others: ``losing_floor``
is below ``target``, ``first_dealer`` below ``players``, ``min_bid`` and
``min_side_bid`` at most the size of a hand.

>>> OPTION_RANGES["target"], OPTION_RANGES["double_nil_exchange"]
((1, 10000), (0, 3))
"""
OPTION_CHOICES: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {f.name: f.validator.allowed for f in attrs.fields(Rules) if is_a(f.validator, _Choice)}
)
"""The names each option of names may take, as :class:`Rules` checks them.

>>> OPTION_CHOICES["boston"]
('none', 'bonus', 'win')
"""


def _rules_of_options(values: tuple[Any, ...]) -> Rules:
    """The rules of a pickle (see ``Rules.__reduce__``): the option values in
    field order; equal pickles give the same value.  Kept by the type of
    each value as well as the value (``500.0`` is not ``500``, ``True`` is
    not ``1``): a pickle is checked as the first of its kind was."""
    if type(values) is not tuple or len(values) != len(_OPTION_ORDER):
        raise RulesError("not a pickle of Rules")
    try:
        return _rules_of_typed(values, tuple(map(type, values)))
    except TypeError:  # a value that cannot be a key: built, and refused, the usual way
        return Rules(**dict(zip(_OPTION_ORDER, values)))


@functools.lru_cache(maxsize=256)
def _rules_of_typed(values: tuple[Any, ...], _types: tuple[type, ...]) -> Rules:
    return Rules(**dict(zip(_OPTION_ORDER, values)))


_OPTION_ORDER: Final = tuple(f.name for f in attrs.fields(Rules) if f.init)
_OPTION_NAMES: Final = frozenset(_OPTION_ORDER)


def _cutthroat_3(**changes: Any) -> Rules:
    """Three-player cutthroat (V-10): see :meth:`Rules.cutthroat` (which
    refuses any other ``players``)."""
    return Rules.cutthroat(3, **changes)


def _cutthroat_4(**changes: Any) -> Rules:
    """Four-player cutthroat (V-10): see :meth:`Rules.cutthroat` (which
    refuses any other ``players``)."""
    return Rules.cutthroat(4, **changes)


@functools.lru_cache(maxsize=256)
def _preset_dict(rules: Rules) -> tuple[tuple[str, Any], ...]:
    """:meth:`Rules.to_preset_dict` as pairs (kept per rules value)."""
    options = rules.to_dict()
    best: tuple[tuple[str, Any], ...] | None = None
    for name, build in PRESETS.items():
        base = build().to_dict()
        changes = tuple((key, value) for key, value in options.items() if base[key] != value)
        if best is None or len(changes) < len(best) - 1:
            best = (("preset", name), *changes)
    assert best is not None
    return best


PRESETS: Final[Mapping[str, Callable[..., Rules]]] = MappingProxyType(
    {
        "partnership": Rules.partnership,
        "two-player": Rules.two_player,
        "pagat": Rules.pagat,
        "jokers": Rules.jokers,
        "joker-joker-deuce-deuce": Rules.joker_joker_deuce_deuce,
        "cutthroat-3": _cutthroat_3,
        "cutthroat-4": _cutthroat_4,
        "openspiel": Rules.openspiel,
    }
)
"""Named rule sets (read-only): each name maps to a function that builds the
preset, taking options to change as keyword arguments.
:meth:`Rules.preset` looks one up by name.

=========================== ==================================================
``partnership``             the sources' partnership game (:meth:`Rules.partnership`)
``two-player``              the sources' two-player game (:meth:`Rules.two_player`)
``pagat``                   the usual pagat.com choices (:meth:`Rules.pagat`)
``jokers``                  jokers as top trumps (:meth:`Rules.jokers`)
``joker-joker-deuce-deuce`` jokers, 2♦ and 2♠ as top trumps (:meth:`Rules.joker_joker_deuce_deuce`)
``cutthroat-3``             three players, each for themselves (:meth:`Rules.cutthroat`)
``cutthroat-4``             four players, each for themselves (:meth:`Rules.cutthroat`)
``openspiel``               OpenSpiel's scoring choices (:meth:`Rules.openspiel`)
=========================== ==================================================

>>> sorted(PRESETS)[:3]
['cutthroat-3', 'cutthroat-4', 'joker-joker-deuce-deuce']
>>> PRESETS["pagat"]().nil_bonus
100
"""


def check_rules(rules: object) -> Rules:
    """``rules`` if it is a :class:`Rules` value, else
    :class:`~spades.ArgumentTypeError` (for the functions that take rules)."""
    if type(rules) is not Rules:
        raise RulesTypeError(f"rules must be a Rules value, got {type_name(rules)}")
    return rules


def check_of_deck(cards: CardSet, rules: Rules, holder: str) -> None:
    """Each of ``cards`` is a card of the game's deck (C-1, V-9), else
    :class:`~spades.ArgumentError`: ``holder`` (say "the hand holds"),
    then the cards that are not."""
    outside = cards.mask & ~rules.deck_mask
    if outside:
        raise ArgumentError(f"{holder} {CardSet(outside)}, not in this game's deck (C-1, V-9)")


def check_hand(hand: object, rules: Rules) -> CardSet:
    """``hand`` if it can be a seat's hand under ``rules`` (checked
    :class:`Rules`): a :class:`~spades.CardSet` (else
    :class:`~spades.ArgumentTypeError`) of cards of the game's deck only
    (C-1, V-9) and at most :attr:`Rules.hand_size` of them (C-8, P-2, T-3,
    V-10), else :class:`~spades.ArgumentError` (for the functions that take
    a hand)."""
    if type(hand) is not CardSet:
        raise ArgumentTypeError(f"a hand is a CardSet, got {type_name(hand)}")
    check_of_deck(hand, rules, "the hand holds")
    mask = hand.mask
    if mask.bit_count() > rules.hand_size:
        raise ArgumentError(
            f"a hand holds at most {rules.hand_size} cards in this game, got {mask.bit_count()} (C-8, P-2, T-3, V-10)"
        )
    return hand
