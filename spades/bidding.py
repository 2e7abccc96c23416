"""Bidding, as pure functions of plain values.

``bids`` is seat-indexed: the bid each seat has made so far, or ``None``.
``scores`` (side-indexed) is needed only for V-3's "trailing by" rule.

Every question about a bid is answered from one set of facts,
:func:`bid_limits`: the least and the greatest number the seat may bid and
why, whether Nil and Double Nil are open and why not, and the number the
bids may not total.  :func:`legal_bids` lists what those facts allow and
:func:`bid_error` says which of them a bid breaks, so the two cannot
disagree.

>>> from spades import Bid, Rules
>>> from spades.bidding import bid_error, bid_limits, legal_bids
>>> rules = Rules.partnership()
>>> bid_error(Bid(14), seat=1, bids=[None] * 4, rules=rules).rule
'C-3'
>>> [str(b) for b in legal_bids(seat=1, bids=[None] * 4, rules=rules)][:3]
['nil', '1', '2']
>>> limits = bid_limits(seat=3, bids=[None, Bid(9), None, None], rules=Rules.openspiel())
>>> limits.least, limits.most, limits.most_rule
(1, 4, 'V-6')
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

import attrs

from spades.actions import BIDS, MAX_BID_TRICKS, Bid
from spades.errors import (
    is_a,
    ArgumentError, ArgumentTypeError, IllegalActionError, Reason, check_seat, PER_SEAT_LIMIT, read_bounded, short_repr,
    type_name,
)
from spades.rules import Rules, check_rules

__all__ = [
    "BidLimits",
    "Refusal",
    "bid_limits",
    "bid_error",
    "legal_bids",
    "double_nil_open",
    "double_nil_forced",
    "first_bidder",
    "next_bidder",
]


def double_nil_open(seat: int, rules: Rules, scores: Sequence[int] | None = None) -> bool:
    """Whether Double Nil is open to ``seat`` under ``rules`` given the side
    scores (P-6, T-6, V-3): allowed at all, and, with
    ``double_nil_trailing_by``, the seat's side trails the best other side by
    at least that many points.  *When* it may be bid is another matter: at
    the seat's turn to bid in a partnership or cutthroat game (P-6), at the
    start of its first draft turn in the two-player game
    (:func:`spades.draft.double_nil_declarable`, T-6).

    >>> from spades import Rules
    >>> double_nil_open(0, Rules.pagat(), [0, 0]), double_nil_open(0, Rules.pagat(), [-100, 0])
    (False, True)
    """
    rules = check_rules(rules)
    return double_nil_open_of(check_seat(seat, rules.players), rules, _check_scores(scores, rules))


def double_nil_open_of(seat: int, rules: Rules, scores: Sequence[int] | None) -> bool:
    """:func:`double_nil_open` of checked arguments (internal fast path):
    allowed (V-3), and with ``double_nil_trailing_by`` only for a side
    trailing the best other side by that much (P-6, T-6, V-3)."""
    if not rules.double_nil_allowed:
        return False
    if rules.double_nil_trailing_by is None:
        return True
    scores = scores or (0,) * len(rules.sides)
    own = rules.side_of[seat]
    best_other = max(s for i, s in enumerate(scores) if i != own)
    return best_other - scores[own] >= rules.double_nil_trailing_by


def double_nil_forced(legal: Sequence[object]) -> bool:
    """Whether ``legal``, a seat's legal actions, is Double Nil alone: the
    rules leave the seat no other bid (V-6: with Nil not allowed, its
    partner's bid has filled the side's greatest contract).

    Double Nil is bid before the bidder looks at its cards (P-6, T-6), so a
    program that asks a seat first with a sealed view refuses it from a
    seat that has looked, but not when it is forced: the seat then has no
    choice to make, and the game could not go on without it.
    :func:`spades.bots.play_game`, :func:`spades.match.play_match`, the
    terminal game and the table server example all take it so.

    >>> from spades import Bid, Rules, new_game
    >>> rules = Rules(nil_allowed=False, max_side_contract=6)
    >>> state = new_game(rules, seed=0).apply(Bid(6)).apply(Bid(3))
    >>> state.turn, [str(bid) for bid in state.legal_actions()]
    (3, ['double nil'])
    >>> double_nil_forced(state.legal_actions()), double_nil_forced(new_game(rules, seed=0).legal_actions())
    (True, False)

    Anything but a sequence of actions raises
    :class:`~spades.ArgumentTypeError`.
    """
    if is_a(legal, (str, bytes, bytearray)) or not issubclass(type(legal), Sequence):
        raise ArgumentTypeError(f"the legal actions are a sequence of actions, got {type_name(legal)}")
    try:
        first_two = tuple(itertools.islice(legal, 2))
    except Exception:  # a sequence that cannot be read
        raise ArgumentError(f"cannot read the items of {short_repr(legal)}") from None
    if len(first_two) != 1:
        return False
    only = first_two[0]
    return type(only) is Bid and only.double_nil is True


def first_bidder(rules: Rules, dealer: int) -> int:
    """The seat that bids first: left of the dealer (P-3); in the two-player
    game the second player, the first player being the "dealer" (T-4).

    >>> from spades import Rules
    >>> first_bidder(Rules.partnership(), 3), first_bidder(Rules.two_player(), 0)
    (0, 1)
    """
    rules = check_rules(rules)
    return (check_seat(dealer, rules.players) + 1) % rules.players


def next_bidder(rules: Rules, dealer: int, bids: Sequence[Bid | None]) -> int | None:
    """The seat to bid next: the first seat without a bid clockwise from
    :func:`first_bidder` (P-3, T-4: in the two-player game a Double Nil
    declared in the draft is that player's bid, T-6), or ``None`` once every
    seat has bid.

    >>> from spades import Bid, Rules
    >>> next_bidder(Rules.partnership(), 0, [None, Bid(3), None, None])
    2
    >>> next_bidder(Rules.two_player(), 0, [None, Bid.DOUBLE_NIL])
    0
    """
    rules = check_rules(rules)
    dealer = check_seat(dealer, rules.players)
    return next_bidder_of(rules.players, dealer, check_bids(bids, rules))


def next_bidder_of(players: int, dealer: int, bids: Sequence[Bid | None]) -> int | None:
    """:func:`next_bidder` of checked arguments (internal fast path): left
    of the dealer first and clockwise (P-3); in the two-player game the
    second player first (T-4)."""
    seat = dealer
    for _ in range(players):
        seat = seat + 1 if seat + 1 < players else 0  # clockwise from the dealer's left (P-3, T-4)
        if bids[seat] is None:
            return seat
    return None


Refusal = tuple[Reason, str, str]
"""Why a bid is refused: its :class:`~spades.Reason`, a message and the
rule id (an :class:`~spades.IllegalActionError`'s parts)."""


def _refused(refusal: Refusal) -> IllegalActionError:
    reason, message, rule = refusal
    return IllegalActionError(reason, message, rule)


def _legal_of(least: int, most: int, nil: Refusal | None, double_nil: Refusal | None, total: int | None) -> tuple[Bid, ...]:
    """:attr:`BidLimits.legal` of those limits: Nil, the numbers from
    ``least`` to ``most`` but ``total``, then Double Nil."""
    numbers = BIDS[least : max(least, most + 1)]
    if total is not None and least <= total <= most:
        numbers = BIDS[least:total] + BIDS[total + 1 : most + 1]
    nil_open = nil is None and total != 0
    double = double_nil is None and total != 0
    return ((Bid.NIL,) if nil_open else ()) + numbers + ((Bid.DOUBLE_NIL,) if double else ())


@attrs.frozen(slots=True)
class BidLimits:
    """What a seat may bid now, and why (C-3, P-6, T-6, V-2, V-3, V-6):
    built by :func:`bid_limits`; :func:`legal_bids` and :func:`bid_error`
    read nothing else.

    A *number* is a bid of 1 or more tricks; Nil and Double Nil are apart.
    Each limit comes with the :class:`~spades.Reason` and rule id of a bid
    beyond it.

    >>> from spades import Bid, Rules, bid_limits
    >>> limits = bid_limits(seat=2, bids=[None, Bid(3), None, None], rules=Rules(min_bid=2))
    >>> limits.least, limits.least_reason.name, limits.most, limits.nil
    (2, 'BID_BELOW_MINIMUM', 13, None)
    >>> limits.error(Bid(1)).rule
    'V-6'
    """

    least: int
    """The least number the seat may bid."""
    least_reason: Reason
    """Why not fewer: ``BID_OUT_OF_RANGE`` (C-3: a number is at least 1),
    ``BID_BELOW_MINIMUM`` or ``SIDE_BID_BELOW_MINIMUM`` (V-6)."""
    least_rule: str
    """The rule id of :attr:`least_reason`."""
    most: int
    """The greatest number the seat may bid (below :attr:`least`: none)."""
    most_reason: Reason
    """Why not more: ``BID_OUT_OF_RANGE`` (C-3: the size of the hand) or
    ``CONTRACT_TOO_HIGH`` (V-6)."""
    most_rule: str
    """The rule id of :attr:`most_reason`."""
    nil: Refusal | None
    """``None`` if Nil is open, else why not."""
    double_nil: Refusal | None
    """``None`` if Double Nil is open, else why not."""
    total: int | None
    """The tricks bid (0 for Nil and Double Nil) that would make every bid
    add up to the number of tricks, when the rules forbid it (V-6) and
    another bid remains; else ``None``."""
    hand_size: int
    """The size of a hand, the most any bid may be (C-3)."""
    legal: tuple[Bid, ...] = attrs.field(init=False, eq=False, repr=False)
    """Every bid within these limits: Nil, the numbers ascending, then
    Double Nil."""

    def __attrs_post_init__(self) -> None:
        for name in ("least", "most", "hand_size"):
            value = getattr(self, name)
            if type(value) is not int or not -MAX_BID_TRICKS <= value <= MAX_BID_TRICKS:
                raise ArgumentError(f"BidLimits: {name} is a number of tricks, got {short_repr(value)}")
        if self.total is not None and (type(self.total) is not int or not -MAX_BID_TRICKS <= self.total <= MAX_BID_TRICKS):
            raise ArgumentError(f"BidLimits: total is None or a number of tricks, got {short_repr(self.total)}")
        for name in ("least_reason", "most_reason"):
            if type(getattr(self, name)) is not Reason:
                raise ArgumentTypeError(f"BidLimits: {name} is a Reason, got {short_repr(getattr(self, name))}")
        for name in ("nil", "double_nil"):
            refusal = getattr(self, name)
            if refusal is not None and (type(refusal) is not tuple or len(refusal) != 3 or type(refusal[0]) is not Reason):
                raise ArgumentTypeError(f"BidLimits: {name} is None or a Refusal, got {short_repr(refusal)}")
        object.__setattr__(self, "legal", _legal_of(self.least, self.most, self.nil, self.double_nil, self.total))

    def error(self, bid: Bid) -> IllegalActionError | None:
        """The error ``bid`` (a :class:`~spades.Bid`) raises under these
        limits, or ``None`` when it is legal."""
        if type(bid) is not Bid:
            return IllegalActionError(Reason.NOT_AN_ACTION, f"{short_repr(bid)} is not a bid", "C-3")
        tricks = bid.tricks
        if bid.double_nil:
            if tricks != 0:
                return IllegalActionError(Reason.BID_OUT_OF_RANGE, "a Double Nil bid is a bid of 0 tricks", "P-6")
            zero = self.double_nil
        elif type(tricks) is not int or not 0 <= tricks <= self.hand_size:
            return IllegalActionError(
                Reason.BID_OUT_OF_RANGE,
                f"cannot bid {short_repr(tricks)}: a bid is a whole number of tricks from 0 to {self.hand_size}",
                "C-3",
            )
        elif tricks == 0:
            zero = self.nil
        else:
            if tricks < self.least:
                return IllegalActionError(self.least_reason, self._least_message(tricks), self.least_rule)
            if tricks > self.most:
                return IllegalActionError(self.most_reason, self._most_message(tricks), self.most_rule)
            zero = None
        if zero is not None:
            return _refused(zero)
        if tricks == self.total:
            return IllegalActionError(
                Reason.BIDS_TOTAL_TRICKS, f"cannot bid {bid}: the bids would add up to the number of tricks", "V-6"
            )
        return None

    def _least_message(self, tricks: int) -> str:
        if self.least_reason is Reason.SIDE_BID_BELOW_MINIMUM:
            return f"cannot bid {tricks}: the side's contract would be below its minimum; bid at least {self.least}"
        if self.least_reason is Reason.BID_BELOW_MINIMUM:
            return f"cannot bid {tricks}: these rules need a bid of at least {self.least} or Nil"
        return f"cannot bid {tricks}: a bid is a whole number of tricks"

    def _most_message(self, tricks: int) -> str:
        if self.most_reason is Reason.CONTRACT_TOO_HIGH:
            return f"cannot bid {tricks}: the side's contract would exceed its maximum; bid at most {self.most}"
        return f"cannot bid {tricks}: a bid is a whole number of tricks from 0 to {self.most}"


def check_bids(bids: object, rules: Rules) -> tuple[Bid | None, ...]:
    """``bids`` as a tuple, read once (what is checked is what is used), if
    it is one :class:`~spades.Bid` or ``None`` per seat, else an
    :class:`~spades.ArgumentError` (for the functions that take bids)."""
    if is_a(bids, (str, bytes)) or not issubclass(type(bids), Sequence):
        raise ArgumentTypeError(f"bids: a sequence of one Bid or None per seat, got {type_name(bids)}")
    bids = read_bounded(bids, PER_SEAT_LIMIT, ArgumentError, "", f"bids: one per seat ({rules.players}), got more")
    if len(bids) != rules.players:
        raise ArgumentError(f"bids: one per seat ({rules.players}), got {len(bids)}")
    for bid in bids:
        if bid is not None and type(bid) is not Bid:
            raise ArgumentTypeError(f"bids: each is a Bid or None, got {type_name(bid)}")
    return bids


def _check_scores(scores: object, rules: Rules) -> tuple[int, ...] | None:
    if scores is None:
        return None
    if is_a(scores, (str, bytes)) or not issubclass(type(scores), Sequence):
        raise ArgumentTypeError(f"scores: a sequence of one int per side, got {type_name(scores)}")
    sides = len(rules.sides)
    scores = read_bounded(scores, PER_SEAT_LIMIT, ArgumentError, "", f"scores: one per side ({sides}), got more")
    if len(scores) != sides:
        raise ArgumentError(f"scores: one per side ({len(rules.sides)}), got {len(scores)}")
    for score in scores:
        if type(score) is not int:
            raise ArgumentTypeError(f"scores: each is an int, got {type_name(score)}")
    return scores


def _least_addition(rules: Rules, double_nil_open_to_side: bool) -> int:
    """The least a partner still to bid must add to the side's contract: 0
    when it may bid Nil (V-2) or Double Nil (P-6, V-3: open to the side),
    else its least number (V-6)."""
    return 0 if rules.nil_allowed or double_nil_open_to_side else max(1, rules.min_bid)


_NIL_NOT_ALLOWED: Final = (Reason.NIL_NOT_ALLOWED, "these rules do not allow Nil", "V-2")
_DOUBLE_NIL_IN_DRAFT: Final = (
    Reason.DOUBLE_NIL_TOO_LATE,
    "Double Nil must be declared at the start of the player's first draft turn",
    "T-6",
)
_DOUBLE_NIL_NOT_ALLOWED: Final = (Reason.DOUBLE_NIL_NOT_ALLOWED, "these rules do not allow Double Nil", "V-3")


def _unrestricted(hand: int, double_nil: Refusal | None) -> BidLimits:
    """The limits when no option restricts the numbers: 0..``hand`` (C-3)."""
    return BidLimits(
        1, Reason.BID_OUT_OF_RANGE, "C-3", hand, Reason.BID_OUT_OF_RANGE, "C-3", None, double_nil, None, hand
    )


# The unrestricted limits of each hand size, built once: with Double Nil
# open, in the two-player bidding, and with Double Nil not allowed.
_OPEN: Final = {hand: _unrestricted(hand, None) for hand in (13, 17)}
_OPEN_DRAFT: Final = {hand: _unrestricted(hand, _DOUBLE_NIL_IN_DRAFT) for hand in (13, 17)}
_OPEN_NO_DOUBLE_NIL: Final = {hand: _unrestricted(hand, _DOUBLE_NIL_NOT_ALLOWED) for hand in (13, 17)}
# ... and with Double Nil closed to a side not trailing by the margin, by
# hand size and margin: a memo of immutable values, filled as margins come,
# emptied when full (rules from outside may bring 10,000 margins).
_OPEN_TRAILING: Final[dict[tuple[int, int | None], BidLimits]] = {}
_OPEN_TRAILING_LIMIT: Final = 64


def bid_limits(
    *,
    seat: int,
    bids: Sequence[Bid | None],
    rules: Rules,
    scores: Sequence[int] | None = None,
) -> BidLimits:
    """The :class:`BidLimits` of ``seat`` about to bid after ``bids``.

    * C-3: a number of tricks from 0 to the size of the hand; 0 is Nil.
    * V-2: Nil only if the rules allow it.
    * P-6, V-3: Double Nil only if the rules allow it, and with
      ``double_nil_trailing_by`` only for a side trailing by that much; T-6:
      never in the two-player game's bidding, which declares it in the draft.
    * V-6: ``min_bid`` for a number; ``min_side_bid`` at the side's last bid
      when no member bid Nil; ``max_side_contract``, counting the least each
      partner still to bid must add (nothing if it may bid Nil or Double
      Nil); ``bids_may_not_total_tricks`` at the last bid, unless no other
      bid would remain.

    Turn order is not checked here (:func:`next_bidder`).

    >>> from spades import Bid, Rules
    >>> rules = Rules(bids_may_not_total_tricks=True)
    >>> limits = bid_limits(seat=0, bids=[None, Bid(3), Bid(4), Bid(5)], rules=rules)
    >>> limits.total, Bid(1) in limits.legal, Bid(2) in limits.legal
    (1, False, True)
    """
    rules = check_rules(rules)
    seat = check_seat(seat, rules.players)
    return limits_of(seat, check_bids(bids, rules), rules, _check_scores(scores, rules))


def limits_of(seat: int, bids: Sequence[Bid | None], rules: Rules, scores: Sequence[int] | None) -> BidLimits:
    """:func:`bid_limits` of checked arguments (internal fast path of the
    state): C-3, P-6, T-6, V-2, V-3 and V-6, as :func:`bid_limits` lists
    them."""
    found = _limits(seat, bids, rules, scores)
    return found if is_a(found, BidLimits) else BidLimits(*found)


def legal_bids_of(seat: int, bids: Sequence[Bid | None], rules: Rules, scores: Sequence[int] | None) -> tuple[Bid, ...]:
    """``limits_of(...).legal`` without building the :class:`BidLimits`
    (internal fast path of the state, which works out the legal bids of
    every state of the bidding), kept when the scores do not matter."""
    if rules.double_nil_trailing_by is not None:  # V-3: Double Nil may depend on the scores
        return _legal_bids(seat, bids, rules, scores)
    bids = tuple(bids)
    # By the identity of the rules and of each bid: the entry holds them, so
    # no other object can take their ids while it is kept.
    key = (id(rules), seat, *map(id, bids))
    kept = _KEPT_LEGAL.get(key)
    if kept is not None:
        return kept[2]
    legal = _legal_bids(seat, bids, rules, scores)
    if len(_KEPT_LEGAL) >= _KEPT_LEGAL_LIMIT:
        _KEPT_LEGAL.clear()
    _KEPT_LEGAL[key] = (rules, bids, legal)
    return legal


# The legal bids worked out by legal_bids_of: immutable values, by the
# rules, the seat and the bids made (a bounded memo, started again when full).
_KEPT_LEGAL: Final[dict[tuple[int, ...], tuple[Rules, tuple[Bid | None, ...], tuple[Bid, ...]]]] = {}
_KEPT_LEGAL_LIMIT: Final = 4096


def _legal_bids(seat: int, bids: Sequence[Bid | None], rules: Rules, scores: Sequence[int] | None) -> tuple[Bid, ...]:
    """:func:`legal_bids_of`, worked out."""
    found = _limits(seat, bids, rules, scores)
    if is_a(found, BidLimits):
        return found.legal
    least, _lr, _lrule, most, _mr, _mrule, nil, double_nil, total, _hand = found
    return _legal_of(least, most, nil, double_nil, total)


_Values = tuple[int, Reason, str, int, Reason, str, Refusal | None, Refusal | None, int | None, int]


def fixed_legal_bids(rules: Rules) -> tuple[Bid, ...] | None:
    """The legal bids when the rules make them the same for every seat, at
    every turn and whatever the scores, else ``None`` (internal fast path of
    the state, which looks them up once a hand): rules that restrict
    nothing but Double Nil, and not by the scores (V-3)."""
    fixed = _fixed_limits(rules)
    return None if fixed is None else fixed.legal


def _fixed_limits(rules: Rules) -> BidLimits | None:
    """:func:`_limits` for rules that restrict nothing but Double Nil, and
    that without the scores (the limits built once), else ``None``."""
    if (
        not rules.nil_allowed
        or rules.max_side_contract is not None
        or rules.min_bid
        or rules.min_side_bid
        or rules.bids_may_not_total_tricks
    ):
        return None
    if rules.is_draft:  # the two-player game declares Double Nil in the draft (T-6)
        return _OPEN_DRAFT[rules.hand_size]
    if not rules.double_nil_allowed:
        return _OPEN_NO_DOUBLE_NIL[rules.hand_size]
    if rules.double_nil_trailing_by is None:
        return _OPEN[rules.hand_size]
    return None


def _limits(seat: int, bids: Sequence[Bid | None], rules: Rules, scores: Sequence[int] | None) -> BidLimits | _Values:
    """:func:`limits_of`: the limits built once for rules that restrict
    nothing but Double Nil, else the fields of the :class:`BidLimits`."""
    fixed = _fixed_limits(rules)
    if fixed is not None:
        return fixed
    # P-6, T-6, V-3: why Double Nil may not be bid now, or None.
    double: Refusal | None = None
    if rules.is_draft:  # the two-player game declares it in the draft
        double = _DOUBLE_NIL_IN_DRAFT
    elif not rules.double_nil_allowed:
        double = _DOUBLE_NIL_NOT_ALLOWED
    elif rules.double_nil_trailing_by is not None and not double_nil_open_of(seat, rules, scores):
        double = (
            Reason.DOUBLE_NIL_NOT_ALLOWED,
            f"Double Nil needs the side to trail by at least {rules.double_nil_trailing_by} points",
            "V-3",
        )
    limit = rules.max_side_contract
    if (
        rules.nil_allowed
        and limit is None
        and not rules.min_bid
        and not rules.min_side_bid
        and not rules.bids_may_not_total_tricks
    ):
        # Here Double Nil depends on the scores (V-3; the rest: _fixed_limits).
        if double is None:
            return _OPEN[rules.hand_size]
        key = (rules.hand_size, rules.double_nil_trailing_by)
        limits = _OPEN_TRAILING.get(key)
        if limits is None:  # built once for each margin (V-3)
            if len(_OPEN_TRAILING) >= _OPEN_TRAILING_LIMIT:
                _OPEN_TRAILING.clear()
            limits = _OPEN_TRAILING[key] = _unrestricted(rules.hand_size, double)
        return limits
    least, least_reason, least_rule = 1, Reason.BID_OUT_OF_RANGE, "C-3"
    if rules.min_bid > 1:
        least, least_reason, least_rule = rules.min_bid, Reason.BID_BELOW_MINIMUM, "V-6"
    most, most_reason, most_rule = rules.hand_size, Reason.BID_OUT_OF_RANGE, "C-3"
    zero: Refusal | None = None  # a bid of 0 would take the side past its maximum
    if limit is not None or rules.min_side_bid:
        partners_bid = 0
        waiting = 0
        partner_nil = False
        for member in rules.sides[rules.side_of[seat]]:
            if member != seat:
                made = bids[member]
                if made is None:
                    waiting += 1
                else:
                    partners_bid += made.tricks
                    partner_nil = partner_nil or made.is_nil
        if limit is not None:
            room = limit - partners_bid - waiting * _least_addition(rules, double is None)
            if room < most:
                most, most_reason, most_rule = room, Reason.CONTRACT_TOO_HIGH, "V-6"
            if room < 0:
                zero = (Reason.CONTRACT_TOO_HIGH, f"the side's contract would exceed {limit} even with a Nil", "V-6")
        if rules.min_side_bid and not waiting and not partner_nil and rules.min_side_bid - partners_bid > least:
            least = rules.min_side_bid - partners_bid
            least_reason, least_rule = Reason.SIDE_BID_BELOW_MINIMUM, "V-6"
    nil = zero if rules.nil_allowed else _NIL_NOT_ALLOWED
    if double is None:
        double = zero
    total = _forbidden_total(seat, bids, rules, least, most, nil is None or double is None)
    return (least, least_reason, least_rule, most, most_reason, most_rule, nil, double, total, rules.hand_size)


def _forbidden_total(
    seat: int, bids: Sequence[Bid | None], rules: Rules, least: int, most: int, zero_open: bool
) -> int | None:
    """With ``bids_may_not_total_tricks`` and every other seat's bid made,
    the tricks that would make the bids total the hand, if the seat has
    another legal bid (V-6: the rule yields when it would leave none)."""
    if not rules.bids_may_not_total_tricks:
        return None
    total = 0
    for other, made in enumerate(bids):
        if other != seat:
            if made is None:
                return None
            total += made.tricks
    left = rules.hand_size - total
    if left == 0:
        avoidable = least <= most  # any number avoids a total of 0
    else:
        avoidable = zero_open or least < most or (least == most and least != left)
    return left if avoidable else None


def bid_error(
    bid: object,
    *,
    seat: int,
    bids: Sequence[Bid | None],
    rules: Rules,
    scores: Sequence[int] | None = None,
) -> IllegalActionError | None:
    """Why ``seat`` may not make ``bid`` after ``bids``, or ``None``: the
    first of :func:`bid_limits`' facts it breaks.

    >>> from spades import Bid, Rules
    >>> bid_error(Bid(5), seat=3, bids=[None, Bid(9), None, None], rules=Rules.openspiel()).reason.name
    'CONTRACT_TOO_HIGH'
    >>> bid_error(Bid.DOUBLE_NIL, seat=1, bids=[None, None], rules=Rules.two_player()).rule
    'T-6'
    """
    limits = bid_limits(seat=seat, bids=bids, rules=rules, scores=scores)
    if type(bid) is not Bid:
        return IllegalActionError(Reason.NOT_AN_ACTION, f"{short_repr(bid)} is not a bid; bid a number of tricks or nil", "C-3")
    return limits.error(bid)


def legal_bids(
    *,
    seat: int,
    bids: Sequence[Bid | None],
    rules: Rules,
    scores: Sequence[int] | None = None,
) -> tuple[Bid, ...]:
    """Every legal bid for ``seat``: Nil first, the numbers ascending, then
    Double Nil (never in the two-player game's bidding, T-6).

    >>> from spades import Rules
    >>> [str(b) for b in legal_bids(seat=1, bids=[None, None], rules=Rules.two_player())][-2:]
    ['12', '13']
    """
    return bid_limits(seat=seat, bids=bids, rules=rules, scores=scores).legal
