"""Hand scoring and the end of the game, as pure functions of plain values.

A *side* is a partnership (P-1) or, in the two-player and cutthroat games, a
single seat; :attr:`Rules.sides <spades.Rules.sides>` says which seats form
each side.

>>> from spades import Bid, Rules
>>> from spades.scoring import score_hand
>>> # Seed example (S-1): Beth and David bid 5 and win 7: 50 + 2 = 52.
>>> hand = score_hand([Bid(3), Bid(3), Bid(3), Bid(2)], [3, 4, 3, 3], Rules.partnership())
>>> hand.sides[1].points, hand.sides[1].bags
(52, 2)
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, Final, cast

import attrs

from spades.actions import Bid
from spades.errors import is_a, PER_SEAT_LIMIT, ArgumentError, ArgumentTypeError, fail_type, int_in, short_repr, type_name
from spades.rules import Rules, check_rules

__all__ = ["SideScore", "HandScore", "score_hand", "game_winner"]

SCORE_LIMIT: Final = 10**12
"""The bound of a running score given to :func:`score_hand` and
:func:`game_winner`: from ``-SCORE_LIMIT`` to ``SCORE_LIMIT``.  Under the
bounds of the :class:`~spades.Rules` options a hand moves a side's score by
less than 200,000 points, so a game would need millions of hands to leave
this range."""
SIDE_LIMIT: Final = 2 * SCORE_LIMIT
"""The bound of every number of a :class:`SideScore` built directly."""


@attrs.frozen(slots=True, kw_only=True)
class SideScore:
    """One side's result for one hand.

    The scoring makes these; one built directly is checked: each count and
    number of points an ``int`` from ``-SIDE_LIMIT`` to ``SIDE_LIMIT``
    (2 * 10**12, room for any running score :func:`score_hand` can reach),
    ``made`` and ``boston`` a ``bool``.  Anything else raises
    :class:`~spades.ArgumentTypeError` or :class:`~spades.ArgumentError`.

    >>> SideScore(contract=10**13, tricks=0, made=False, contract_points=0, bags=0, bag_points=0, nil_points=0,
    ...           bonus_points=0, penalty_points=0, points=0, total_bags=0, score=0, boston=False)
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentError: contract: 10000000000000 is not in -2000000000000..2000000000000
    """

    contract: int
    """Tricks bid by the side's non-Nil bidders (P-4)."""
    tricks: int
    """Tricks that count toward the contract (S-6; V-4)."""
    made: bool
    """Whether the contract was made (``True`` for a contract of 0)."""
    contract_points: int
    """10 per trick bid, won or lost (S-1, S-3; 0 for a contract of 0, S-5;
    doubled by V-8's ten-for-two-hundred)."""
    bags: int
    """Bags won this hand: overtricks (S-2) and failed-Nil tricks (S-7)."""
    bag_points: int
    """Points for this hand's bags (S-1, V-5)."""
    nil_points: int
    """Nil and Double Nil bonuses and penalties (S-4)."""
    bonus_points: int
    """Boston bonus (V-8)."""
    penalty_points: int
    """Bag penalties taken this hand, as a negative number (S-8)."""
    points: int
    """The hand's total for the side."""
    total_bags: int
    """The side's bags after this hand, penalties removed (S-8)."""
    score: int
    """The side's running score after this hand."""
    boston: bool
    """Whether the side took every trick (V-8)."""

    def __attrs_post_init__(self) -> None:
        # Only for a side score built directly: the scoring's own are made
        # without __init__ (see score_sides).
        for name, getter in zip(_SIDE_NAMES, _SIDE_GETTERS):
            value = getter(self)
            if name == "made" or name == "boston":
                if type(value) is not bool:
                    raise fail_type(name, "true or false", value)
            else:
                int_in(name, value, -SIDE_LIMIT, SIDE_LIMIT)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_side_score, tuple(getter(self) for getter in _SIDE_GETTERS))


def _side_score(*values: Any) -> SideScore:
    """The side score of a pickle (see ``SideScore.__reduce__``): its fields
    in order, as a side score wrote them."""
    if len(values) != len(_SIDE_SETTERS) or not all(type(v) in (int, bool) for v in values):
        raise ArgumentTypeError("not a pickle of SideScore")
    side: SideScore = _new(SideScore)
    for setter, value in zip(_SIDE_SETTERS, values):
        setter(side, value)
    try:
        side.__attrs_post_init__()
    except ArgumentError:
        raise ArgumentTypeError("not a pickle of SideScore") from None
    return side


_SIDE_SETTERS: Final = tuple(getattr(SideScore, f.name).__set__ for f in attrs.fields(SideScore))
(
    _set_contract, _set_tricks, _set_made, _set_contract_points, _set_bags, _set_bag_points, _set_nil_points,
    _set_bonus_points, _set_penalty_points, _set_points, _set_side_total_bags, _set_score, _set_boston,
) = _SIDE_SETTERS
_SIDE_GETTERS: Final = tuple(getattr(SideScore, f.name).__get__ for f in attrs.fields(SideScore))
_SIDE_NAMES: Final = tuple(f.name for f in attrs.fields(SideScore))
_new = object.__new__
_SCORE: Final = operator.attrgetter("score")
_TOTAL_BAGS: Final = operator.attrgetter("total_bags")


@attrs.frozen(slots=True)
class HandScore:
    """The result of one hand for every side.

    >>> from spades import Bid, Rules
    >>> score = score_hand((Bid(3), Bid(4), Bid(2), Bid(4)), (4, 4, 2, 3), Rules.partnership())
    >>> score.points, [side.bags for side in score.sides]  # 51: contract 5, 6 won; -80: 8 bid, 7 won
    ((51, -80), [1, 0])
    """

    sides: tuple[SideScore, ...]
    """One entry per side, in the order of ``Rules.sides``."""
    scores: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)
    """Each side's running score after the hand."""
    total_bags: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)
    """Each side's bags after the hand."""

    def __attrs_post_init__(self) -> None:
        # Read at every bid and at the end of every hand: worked out once.
        sides = self.sides
        if type(sides) is not tuple or not all(type(side) is SideScore for side in sides):
            raise ArgumentTypeError(f"HandScore: a tuple of SideScore values, got {short_repr(sides)}")
        object.__setattr__(self, "scores", tuple(map(_SCORE, sides)))
        object.__setattr__(self, "total_bags", tuple(map(_TOTAL_BAGS, sides)))

    @property
    def points(self) -> tuple[int, ...]:
        """Each side's points for the hand."""
        return tuple(s.points for s in self.sides)

    def __reduce__(self) -> tuple[Any, ...]:
        return (HandScore, (self.sides,))


def score_hand(
    bids: Sequence[Bid],
    tricks: Sequence[int],
    rules: Rules,
    *,
    scores: Sequence[int] | None = None,
    bags: Sequence[int] | None = None,
) -> HandScore:
    """Score one hand from each seat's bid and tricks won.

    ``scores`` and ``bags`` are the sides' totals before the hand (zeros by
    default): each score a whole number from ``-SCORE_LIMIT`` to
    ``SCORE_LIMIT`` (10**12), each side's bags from 0 to
    ``rules.bags_per_penalty - 1``, since bags carried are always below a
    penalty (S-8).  Each bid is a :class:`~spades.Bid` of 0 to
    ``rules.hand_size`` tricks.  Anything else raises
    :class:`~spades.ArgumentError`.  Implements S-1..S-8 and the scoring
    options of V-2..V-5 and V-8.

    >>> from spades import Bid, Rules
    >>> # Alex bids 4, partner Charlie bids Nil (P-5); Charlie takes a trick.
    >>> result = score_hand([Bid(4), Bid(3), Bid.NIL, Bid(3)], [5, 3, 1, 4], Rules.partnership())
    >>> side = result.sides[0]
    >>> side.contract_points, side.bags, side.nil_points, side.points
    (40, 2, -100, -58)
    """
    rules = check_rules(rules)
    sides = rules.sides
    players = rules.players
    hand = rules.hand_size
    bids = _sequence(bids, "bids")
    tricks = _sequence(tricks, "tricks")
    if len(bids) != players or len(tricks) != players:
        raise ArgumentError(f"score_hand needs {players} bids and {players} trick counts")
    if any(type(b) is not Bid for b in bids):
        raise ArgumentTypeError("score_hand needs a Bid for every seat")
    for bid in bids:
        number, double = bid.tricks, bid.double_nil
        if type(number) is not int or not 0 <= number <= hand or type(double) is not bool or (double and number):
            raise ArgumentError(
                f"score_hand: a bid is Nil, Double Nil or 1..{hand} tricks (rule C-3), got {short_repr(bid)}"
            )
    if any(type(t) is not int or t < 0 for t in tricks) or sum(tricks) != hand:
        raise ArgumentError(f"the trick counts must be whole numbers adding up to {hand} (rule C-8)")
    zeros = (0,) * len(sides)
    scores = zeros if scores is None else _side_values(scores, "scores", len(sides), -SCORE_LIMIT, SCORE_LIMIT)
    if bags is None:
        bags = zeros
    else:
        bags = _side_values(
            bags, "bags", len(sides), 0, rules.bags_per_penalty - 1, " (rule S-8: bags carried are below a penalty)"
        )
    return score_sides(bids, tricks, rules, scores, bags)


def _sequence(value: object, name: str) -> tuple[Any, ...]:
    """``value`` as a tuple, if it is a sequence of reasonable length."""
    if is_a(value, (str, bytes)) or not issubclass(type(value), Sequence):
        raise ArgumentTypeError(f"{name}: a sequence, got {type_name(value)}")
    items = cast(Sequence[Any], value)
    try:
        size = len(items)
    except Exception:  # e.g. a range too long for len()
        raise ArgumentError(f"{name}: a sequence whose length can be read") from None
    if size > PER_SEAT_LIMIT:
        raise ArgumentError(f"{name}: one value per seat or side, got {size}")
    try:
        return tuple(items)
    except Exception:  # a sequence that cannot be read
        raise ArgumentError(f"{name}: a sequence that can be read") from None


def _side_values(value: object, name: str, sides: int, low: int, high: int, why: str = "") -> tuple[int, ...]:
    """``value``: one int from ``low`` to ``high`` per side."""
    values = _sequence(value, name)
    if len(values) != sides:
        raise ArgumentError(f"{name}: one per side ({sides}), got {len(values)}")
    if any(type(v) is not int for v in values):
        raise ArgumentTypeError(f"{name}: whole numbers, one per side")
    for v in values:
        if not low <= v <= high:
            raise ArgumentError(f"{name}: each from {low} to {high}{why}, got {short_repr(v)}")
    return values


def score_sides(
    bids: Sequence[Bid], tricks: Sequence[int], rules: Rules, scores: Sequence[int], bags: Sequence[int]
) -> HandScore:
    """:func:`score_hand` of values already checked (internal fast path),
    the one statement of the scoring rules, side by side: the contract is
    the sum of the members' bids (P-4); a made contract scores 10 a trick
    bid and 1 a bag (S-1, S-2), a set one loses 10 a trick bid (S-3); Nil
    and Double Nil score apart (P-5, T-5, S-4; V-2, V-3 their values); a
    contract of 0 scores nothing (S-5); only the non-Nil bidders' tricks
    count toward it (S-6); a failed Nil's tricks are bags, or count for the
    partner, or nothing (S-7, V-4); bags carry and cost a penalty (S-8,
    V-5); ten for two hundred and Boston (V-8)."""
    seating = rules.sides
    if len(seating) == 2:  # partnerships and the two-player game, written out
        first, second = seating
        sides: tuple[SideScore, ...] = (
            _score_side(first, bids, tricks, rules, scores[0], bags[0]),
            _score_side(second, bids, tricks, rules, scores[1], bags[1]),
        )
    else:
        sides = tuple([
            _score_side(members, bids, tricks, rules, scores[index], bags[index]) for index, members in enumerate(seating)
        ])
    # HandScore(sides) of the SideScore values just made, without checking them again.
    result: HandScore = _new(HandScore)
    _set_sides(result, sides)
    _set_scores(result, tuple(map(_SCORE, sides)))
    _set_total_bags(result, tuple(map(_TOTAL_BAGS, sides)))
    return result


_set_sides, _set_scores, _set_total_bags = (getattr(HandScore, f.name).__set__ for f in attrs.fields(HandScore))


def _score_side(
    members: Sequence[int], bids: Sequence[Bid], tricks: Sequence[int], rules: Rules, score: int, bags_before: int
) -> SideScore:
    contract = 0
    counted = 0
    nil_bags = 0
    nil_points = 0
    side_tricks = 0
    for seat in members:
        bid, won = bids[seat], tricks[seat]
        side_tricks += won
        if bid.tricks:
            contract += bid.tricks
            counted += won  # S-6
            continue
        value = rules.double_nil_bonus if bid.double_nil else rules.nil_bonus
        nil_points += value if won == 0 else -value  # P-5, P-6, T-5, T-6, S-4
        if won:
            if rules.failed_nil == "bags":
                nil_bags += won  # S-7
            elif rules.failed_nil == "partner":
                counted += won  # V-4
    made = counted >= contract
    if made:
        contract_points = 10 * contract  # S-1 (S-5: 0 when the contract is 0)
        overtricks = counted - contract  # S-2
        if rules.ten_for_two_hundred and contract >= 10:
            contract_points *= 2  # V-8
    else:
        contract_points = -10 * contract  # S-3
        overtricks = 0
    hand_bags = overtricks + nil_bags
    bag_points = hand_bags * rules.bag_points
    boston = side_tricks == rules.hand_size
    bonus = rules.boston_bonus if boston and rules.boston == "bonus" else 0
    total_bags = bags_before + hand_bags
    penalties = 0
    if total_bags >= rules.bags_per_penalty:  # S-8: one hand can bring several
        count, total_bags = divmod(total_bags, rules.bags_per_penalty)
        penalties = -count * rules.bag_penalty
    points = contract_points + bag_points + nil_points + bonus + penalties
    # SideScore(contract=contract, ..., boston=boston) of these ints and
    # bools, without the constructor's indirection (a hand's end makes two).
    side: SideScore = _new(SideScore)
    _set_contract(side, contract)
    _set_tricks(side, counted)
    _set_made(side, made)
    _set_contract_points(side, contract_points)
    _set_bags(side, hand_bags)
    _set_bag_points(side, bag_points)
    _set_nil_points(side, nil_points)
    _set_bonus_points(side, bonus)
    _set_penalty_points(side, penalties)
    _set_points(side, points)
    _set_side_total_bags(side, total_bags)
    _set_score(side, score + points)
    _set_boston(side, boston)
    return side


def winner_after(result: HandScore, rules: Rules) -> int | None:
    """:func:`game_winner` after a hand scored ``result`` (a side that took
    every trick is the ``boston`` side, V-8)."""
    boston = None
    for index, side in enumerate(result.sides):
        if side.boston:
            boston = index
            break
    return winner_of(result.scores, rules, boston)


def game_winner(scores: Sequence[int], rules: Rules, *, boston: int | None = None) -> int | None:
    """The index of the side that has won after a hand, or ``None`` while the
    game goes on (S-9, V-1, V-8).

    The game ends when a side reaches the target (C-2) or, with a losing
    floor, falls to it (V-1); the highest score then wins, and a tie for the
    highest means another hand.  ``boston`` is the side that took every trick
    this hand, which wins at once when ``rules.boston == "win"``.  Each score
    is a whole number from ``-SCORE_LIMIT`` to ``SCORE_LIMIT`` (10**12);
    anything else raises :class:`~spades.ArgumentError`.

    >>> from spades import Rules
    >>> game_winner([510, 420], Rules.partnership()), game_winner([510, 530], Rules.partnership())
    (0, 1)
    >>> print(game_winner([510, 510], Rules.partnership()))
    None
    """
    rules = check_rules(rules)
    scores = _side_values(scores, "scores", len(rules.sides), -SCORE_LIMIT, SCORE_LIMIT)
    if boston is not None and (type(boston) is not int or not 0 <= boston < len(scores)):
        raise ArgumentError(f"boston: a side's index or None, got {short_repr(boston)}")
    return winner_of(scores, rules, boston)


def winner_of(scores: Sequence[int], rules: Rules, boston: int | None) -> int | None:
    """:func:`game_winner` of checked arguments (internal fast path): a
    Boston wins at once under ``boston="win"`` (V-8); else the game ends
    when a side reaches the target (C-2) or falls to the losing floor (V-1),
    and the highest score wins, a tie for it meaning another hand (S-9)."""
    if boston is not None and rules.boston == "win":
        return boston
    top = max(scores)
    ended = top >= rules.target or (rules.losing_floor is not None and min(scores) <= rules.losing_floor)
    if not ended:
        return None
    leaders = [i for i, s in enumerate(scores) if s == top]
    return leaders[0] if len(leaders) == 1 else None
