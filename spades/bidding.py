"""Bid validation, as pure functions of plain values.

``bids`` is seat-indexed: the bid each seat has made so far, or ``None``.
``scores`` (side-indexed) is needed only for V-3's "trailing by" rule.

>>> from spades import Bid, Rules
>>> from spades.bidding import bid_error, legal_bids
>>> rules = Rules.partnership()
>>> bid_error(Bid(14), seat=1, bids=[None] * 4, rules=rules).rule
'C-3'
>>> [str(b) for b in legal_bids(seat=1, bids=[None] * 4, rules=rules)][:3]
['nil', '1', '2']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from spades.actions import BIDS, Bid
from spades.errors import IllegalActionError, Reason
from spades.rules import Rules

__all__ = ["bid_error", "legal_bids", "double_nil_open", "exchange_order"]


def double_nil_open(seat: int, rules: Rules, scores: Sequence[int] | None = None) -> bool:
    """Whether Double Nil is open to ``seat`` under ``rules`` given the side
    scores (P-6, T-6, V-3): allowed at all, and, with
    ``double_nil_trailing_by``, the seat's side trails the best other side by
    at least that many points.
    """
    if not rules.double_nil_allowed:
        return False
    if rules.double_nil_trailing_by is None:
        return True
    if scores is None:
        scores = [0] * len(rules.sides)
    own = rules.side_of[seat]
    best_other = max(s for i, s in enumerate(scores) if i != own)
    return best_other - scores[own] >= rules.double_nil_trailing_by


def _least_bid(rules: Rules) -> int:
    """The least a seat can still add to its side's contract."""
    return 0 if rules.nil_allowed else max(1, rules.min_bid)


def bid_error(
    bid: object,
    *,
    seat: int,
    bids: Sequence[Bid | None],
    rules: Rules,
    scores: Sequence[int] | None = None,
) -> IllegalActionError | None:
    """Why ``seat`` may not make ``bid`` after ``bids``, or ``None``.

    Checks C-3 (0..hand size, no pass), P-6/T-6 and V-3 (Double Nil), V-2 (Nil
    allowed) and V-6 (minimum bids, maximum contract, bids totalling the
    tricks).  Turn order is the state's business, not this function's.
    """
    if isinstance(bid, Bid) and _within_limits(bid, seat, bids, rules, scores):
        return None
    return _broken_rule(bid, seat, bids, rules, scores)


def _within_limits(bid: Bid, seat: int, bids: Sequence[Bid | None], rules: Rules, scores: Sequence[int] | None) -> bool:
    """Whether ``bid`` is legal, by arithmetic alone (C-3, P-6, V-2, V-3,
    V-6); when not, :func:`_broken_rule` says why."""
    tricks = bid.tricks
    if type(tricks) is not int:
        return False  # C-3: only a whole number
    if bid.double_nil and (tricks != 0 or not double_nil_open(seat, rules, scores)):
        return False  # P-6, V-3
    if rules._open_numbers:
        return 0 <= tricks <= rules.hand_size  # C-3; a Double Nil here is 0
    least, most, zero = _limits(seat, bids, rules)
    if tricks == 0:
        legal = zero and (bid.double_nil or rules.nil_allowed)  # V-2, V-6
    else:
        legal = least <= tricks <= most  # C-3, V-6
    if not legal:
        return False
    left = _tricks_left(seat, bids, rules)
    if left != tricks:
        return True
    # V-6: the bids would total the tricks; legal only if no other bid avoids it.
    other_zero = left != 0 and zero and (rules.nil_allowed or _double_nil_bid_open(seat, rules, scores))
    return not _can_avoid_total(left, least, most, other_zero)


def _limits(seat: int, bids: Sequence[Bid | None], rules: Rules) -> tuple[int, int, bool]:
    """The limits on what ``seat`` may bid before the rule on bids totalling
    the tricks: the least and the most tricks of a bid of a number (1 or
    more: C-3, ``min_bid`` and ``min_side_bid`` of V-6, the side's maximum
    contract), and whether a bid of 0 (Nil or Double Nil) keeps the side
    within its maximum contract (V-6)."""
    least = max(1, rules.min_bid)
    most = rules.hand_size
    limit = rules.max_side_contract
    if limit is None and not rules.min_side_bid:
        return least, most, True
    partners_bid = 0  # tricks the seat's partners have bid
    waiting = 0  # partners still to bid
    partner_nil = False
    for member in rules.sides[rules.side_of[seat]]:
        if member != seat:
            made = bids[member]
            if made is None:
                waiting += 1
            else:
                partners_bid += made.tricks
                partner_nil = partner_nil or made.is_nil
    zero = True
    if limit is not None:
        # Room for this bid once each waiting partner adds the least bid.
        room = limit - partners_bid - waiting * _least_bid(rules)
        most = min(most, room)
        zero = room >= 0
    if rules.min_side_bid and not waiting and not partner_nil:
        # The side's last bid: a numbers-only side needs min_side_bid in all.
        least = max(least, rules.min_side_bid - partners_bid)
    return least, most, zero


def _tricks_left(seat: int, bids: Sequence[Bid | None], rules: Rules) -> int | None:
    """With ``bids_may_not_total_tricks`` and every other seat's bid made,
    the bid that would make the bids total the tricks (V-6); else ``None``."""
    if not rules.bids_may_not_total_tricks:
        return None
    total = 0
    for other, made in enumerate(bids):
        if other != seat:
            if made is None:
                return None
            total += made.tricks
    return rules.hand_size - total


def _broken_rule(
    bid: object, seat: int, bids: Sequence[Bid | None], rules: Rules, scores: Sequence[int] | None
) -> IllegalActionError | None:
    """The full checks of :func:`bid_error`, one rule after another: the
    error of the first rule ``bid`` breaks, or ``None``."""
    if not isinstance(bid, Bid):
        return IllegalActionError(Reason.NOT_AN_ACTION, f"{bid!r} is not a bid; bid a number of tricks or nil", "C-3")
    hand = rules.hand_size
    if bid.double_nil:
        if bid.tricks != 0:
            return IllegalActionError(Reason.BID_OUT_OF_RANGE, "a Double Nil bid is a bid of 0 tricks", "P-6")
        if not rules.double_nil_allowed:
            return IllegalActionError(Reason.DOUBLE_NIL_NOT_ALLOWED, "these rules do not allow Double Nil", "V-3")
        if not double_nil_open(seat, rules, scores):
            return IllegalActionError(
                Reason.DOUBLE_NIL_NOT_ALLOWED,
                f"Double Nil needs the side to trail by at least {rules.double_nil_trailing_by} points",
                "V-3",
            )
    elif type(bid.tricks) is not int or not 0 <= bid.tricks <= hand:
        return IllegalActionError(
            Reason.BID_OUT_OF_RANGE, f"cannot bid {bid.tricks!r}: a bid is a whole number of tricks from 0 to {hand}", "C-3"
        )
    elif bid.tricks == 0:
        if not rules.nil_allowed:
            return IllegalActionError(Reason.NIL_NOT_ALLOWED, "these rules do not allow Nil", "V-2")
    elif bid.tricks < rules.min_bid:
        return IllegalActionError(
            Reason.BID_BELOW_MINIMUM, f"cannot bid {bid.tricks}: these rules need a bid of at least {rules.min_bid} or Nil", "V-6"
        )
    return _side_error(bid, seat, bids, rules) or _total_error(bid, seat, bids, rules, scores)


def _side_error(bid: Bid, seat: int, bids: Sequence[Bid | None], rules: Rules) -> IllegalActionError | None:
    members = rules.sides[rules.side_of[seat]]
    if len(members) < 2 and rules.max_side_contract is None:
        return None  # V-6's maximum applies to one-seat sides too; the minimum needs partners
    others = [bids[m] for m in members if m != seat]
    made = [b for b in others if b is not None]
    contract = sum(b.tricks for b in made) + bid.tricks
    still_to_bid = len(others) - len(made)
    if rules.max_side_contract is not None:
        least_rest = still_to_bid * _least_bid(rules)
        if contract + least_rest > rules.max_side_contract:
            return IllegalActionError(
                Reason.CONTRACT_TOO_HIGH,
                f"cannot bid {bid}: the side's contract would exceed {rules.max_side_contract}",
                "V-6",
            )
    if rules.min_side_bid and still_to_bid == 0 and not bid.is_nil and not any(b.is_nil for b in made):
        if contract < rules.min_side_bid:
            return IllegalActionError(
                Reason.SIDE_BID_BELOW_MINIMUM,
                f"cannot bid {bid}: the side's contract would be {contract}, below the minimum {rules.min_side_bid}",
                "V-6",
            )
    return None


def _total_error(
    bid: Bid, seat: int, bids: Sequence[Bid | None], rules: Rules, scores: Sequence[int] | None
) -> IllegalActionError | None:
    if not rules.bids_may_not_total_tricks:
        return None
    if any(b is None for i, b in enumerate(bids) if i != seat):
        return None
    total = sum(b.tricks for i, b in enumerate(bids) if i != seat and b is not None) + bid.tricks
    if total != rules.hand_size:
        return None
    # The rule yields when it would leave the last bidder no legal bid at all.
    lenient = rules.replace(bids_may_not_total_tricks=False)
    for other in _candidates(rules):
        if other != bid and _broken_rule(other, seat, bids, lenient, scores) is None:
            total_other = total - bid.tricks + other.tricks
            if total_other != rules.hand_size:
                return IllegalActionError(
                    Reason.BIDS_TOTAL_TRICKS,
                    f"cannot bid {bid}: the bids would add up to {rules.hand_size}, the number of tricks",
                    "V-6",
                )
    return None


def _candidates(rules: Rules) -> tuple[Bid, ...]:
    """The bids a seat may have in the bidding: the numbers, and Double Nil
    but in the two-player game, which declares it during the draft (T-6)."""
    double = rules.double_nil_allowed and not rules.is_draft
    return BIDS[: rules.hand_size + 1] + ((Bid.DOUBLE_NIL,) if double else ())


def _double_nil_bid_open(seat: int, rules: Rules, scores: Sequence[int] | None) -> bool:
    """Whether ``seat`` may bid Double Nil in the bidding (P-6, V-3; never in
    the two-player game, T-6)."""
    return not rules.is_draft and double_nil_open(seat, rules, scores)


def legal_bids(
    *,
    seat: int,
    bids: Sequence[Bid | None],
    rules: Rules,
    scores: Sequence[int] | None = None,
    double_nil: bool = True,
) -> tuple[Bid, ...]:
    """Every legal bid for ``seat``: the numbers in ascending order (0 = Nil
    first), then Double Nil.  ``double_nil=False`` leaves Double Nil out (the
    two-player game declares it during the draft, T-6)."""
    if rules._open_numbers:
        # No option restricts the numbers: every bid 0..hand size (C-3).
        if double_nil and double_nil_open(seat, rules, scores):
            return _OPEN_BIDS_DN[rules.hand_size]
        return _OPEN_BIDS[rules.hand_size]
    least, most, zero = _limits(seat, bids, rules)
    nil = zero and rules.nil_allowed  # V-2, V-6
    double = zero and double_nil_open(seat, rules, scores)  # P-6, V-3, V-6
    numbers = BIDS[least : max(least, most + 1)]
    left = _tricks_left(seat, bids, rules)
    other_zero = left != 0 and (nil or (double and not rules.is_draft))
    if left is not None and _can_avoid_total(left, least, most, other_zero):
        # V-6: the bids may not total the tricks, and another bid avoids it.
        if left == 0:
            nil = double = False
        elif least <= left <= most:
            numbers = BIDS[least:left] + BIDS[left + 1 : most + 1]
    return ((Bid.NIL,) if nil else ()) + numbers + ((Bid.DOUBLE_NIL,) if double_nil and double else ())


_OPEN_BIDS: Final = {size: BIDS[: size + 1] for size in (13, 17)}
_OPEN_BIDS_DN: Final = {size: BIDS[: size + 1] + (Bid.DOUBLE_NIL,) for size in (13, 17)}


def _can_avoid_total(left: int, least: int, most: int, other_zero: bool) -> bool:
    """Whether the seat has a legal bid other than ``left``, the tricks that
    would make the bids total the hand: ``other_zero`` (a legal Nil or Double
    Nil while ``left`` is not 0) or a number of ``least..most`` (V-6: the rule
    yields when no such bid remains)."""
    return other_zero or least < most or (least == most and least != left)


def _any_double_nil(bids: Sequence[Bid | None]) -> bool:
    for bid in bids:
        if bid is not None and bid.double_nil:
            return True
    return False


def exchange_order(rules: Rules, dealer: int, bids: Sequence[Bid | None]) -> tuple[tuple[int, int], ...]:
    """The Double Nil exchange steps of a hand as ``(giver, receiver)``
    pairs, ``receiver`` -1 for a two-player discard (P-6, T-6, V-3).

    In a partnership with one Double Nil bidder, the partner gives, then the
    bidder gives back; none when both partners bid it; the side holding the
    seat nearer the dealer's left goes first.  In the two-player game each
    Double Nil bidder discards, the second player first.  No steps when
    ``rules.double_nil_exchange`` is 0, nor in cutthroat.

    >>> from spades import Bid, Rules
    >>> exchange_order(Rules.partnership(), 0, [Bid(3), Bid(4), Bid.DOUBLE_NIL, Bid(2)])
    ((0, 2), (2, 0))
    """
    if rules.double_nil_exchange == 0 or not _any_double_nil(bids):
        return ()
    if rules.is_draft:
        order = ((dealer + 1) % 2, dealer)
        return tuple((s, -1) for s in order if (b := bids[s]) is not None and b.double_nil)
    if not rules.partners:
        return ()
    steps: list[tuple[int, int]] = []
    done: set[int] = set()
    for offset in range(1, rules.players + 1):
        seat = (dealer + offset) % rules.players
        side = rules.side_of[seat]
        if side in done:
            continue
        done.add(side)
        members = rules.sides[side]
        doubles = [m for m in members if (b := bids[m]) is not None and b.double_nil]
        if len(doubles) == 1:
            bidder = doubles[0]
            partner = next(m for m in members if m != bidder)
            steps += [(partner, bidder), (bidder, partner)]
    return tuple(steps)
