"""A brute-force reference for the legal bids (C-3, P-6, T-6, V-2, V-3, V-6, V-10).

The reference below is written from the rules specification alone: every
candidate bid (0..hand size and Double Nil) is checked against each rule in
turn, with nothing taken from the library but the values of the options.  It
is compared with :func:`spades.legal_bids` (the set and its order),
:func:`spades.bid_error` (``None`` exactly for the legal bids, else the id of
a rule the bid breaks) and a game state in its bidding phase
(``legal_actions`` and ``explain``), over hand-picked positions, random
positions of random rules and the bidding phases of random games.

Readings of the rules, where the specification leaves something to decide:

* C-3, V-10: a hand is 13 cards, 17 with three players; a bid is 0..hand size.
* V-6 ``min_bid``: a bid of a number (1 or more) must be at least ``min_bid``;
  Nil (if allowed, V-2) and Double Nil (if open, V-3) stay legal.
* V-6 ``min_side_bid``: checked at the side's last bid; a side with a Nil or
  Double Nil bidder is exempt; only partnerships have it.
* V-6 ``max_side_contract``: the side's contract (Nil counts 0, P-4) may not
  exceed it, counting, for each partner still to bid, the least that partner
  could still add: 0 when a bid of 0 is open to that partner, by Nil (V-2)
  *or by Double Nil* (P-6: "a legal bid at the player's own bidding turn, like
  any other bid"; the partner's side is the seat's side, so V-3's "trailing
  by" gives the same answer for both), else the least number,
  ``max(1, min_bid)``.  Said otherwise: a bid is refused when it would leave a
  partner no bid within the maximum.  It applies to one-seat sides too
  ("side" is a player in cutthroat).
* V-6 ``bids_may_not_total_tricks`` (the option's docstring; RULES.md's V-6
  does not list it): when every other seat has bid, a bid that makes all the
  bids (Nil and Double Nil count 0) add up to the hand size is refused, but
  only if the seat has another bid, legal by every other rule, that does not
  make that total; otherwise the rule yields and the bid stays legal, since
  C-3 allows no pass.
* T-6: in the two-player game Double Nil is declared at the start of the
  player's first draft turn, so in the bidding phase it is never a legal bid
  (the state already refuses it; the pure functions are being brought in
  line).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import PRESETS, Bid, Draft, GameState, IllegalActionError, Phase, Rules, bid_error, legal_bids, new_game

from strategies import forged_bid, rules_strategy

Bids = Sequence[Bid | None]
Broken = dict[Bid, frozenset[str]]

NIL = Bid.NIL
DN = Bid.DOUBLE_NIL


# -- The reference ------------------------------------------------------------------


def hand_size(rules: Rules) -> int:
    """Cards per hand, and tricks per hand: 13 (C-3, C-8), 17 with three (V-10)."""
    return 17 if rules.players == 3 else 13


def sides_of(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The seats of each side: partners opposite (P-1), else each seat alone
    (T-1, V-10)."""
    if rules.partners:
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(rules.players))


def side_index(rules: Rules, seat: int) -> int:
    for index, members in enumerate(sides_of(rules)):
        if seat in members:
            return index
    raise AssertionError(f"no side holds seat {seat}")


def candidates(rules: Rules) -> tuple[Bid, ...]:
    """Every bid that might be legal, in the documented order: the numbers
    ascending, Nil (0) first, then Double Nil (C-3, P-6)."""
    return tuple(Bid(n) for n in range(hand_size(rules) + 1)) + (DN,)


def double_nil_refusals(seat: int, rules: Rules, scores: Sequence[int]) -> frozenset[str]:
    """The rules that keep Double Nil from ``seat`` in the bidding; empty when
    it is open."""
    broken: set[str] = set()
    if not rules.double_nil_allowed:
        broken |= {"P-6", "V-3"}  # V-3: allowed or not
    if rules.players == 2:
        broken.add("T-6")  # declared in the draft, never bid in the bidding phase
    trailing_by = rules.double_nil_trailing_by
    if trailing_by is not None:
        own = side_index(rules, seat)
        best_other = max(score for index, score in enumerate(scores) if index != own)
        if best_other - scores[own] < trailing_by:
            broken.add("V-3")  # the side must trail the best other side by N
    return frozenset(broken)


def least_addition(partner: int, rules: Rules, scores: Sequence[int]) -> int:
    """The least tricks a partner still to bid can add to the side's contract
    (V-6): 0 by Nil (V-2) or by Double Nil (P-6, V-3) when open to them, else
    the least number they may bid (C-3: 1; V-6: ``min_bid``)."""
    if rules.nil_allowed or not double_nil_refusals(partner, rules, scores):
        return 0
    return max(1, rules.min_bid)


def broken_before_total(bid: Bid, seat: int, bids: Bids, rules: Rules, scores: Sequence[int]) -> frozenset[str]:
    """The rules ``bid`` by ``seat`` breaks, leaving out the rule on bids
    totalling the tricks."""
    broken: set[str] = set()
    if bid.double_nil:
        if bid.tricks != 0:
            broken.add("P-6")
        broken |= double_nil_refusals(seat, rules, scores)
    elif type(bid.tricks) is not int or not 0 <= bid.tricks <= hand_size(rules):
        return frozenset({"C-3"})
    elif bid.tricks == 0:
        if not rules.nil_allowed:
            broken.add("V-2")
    elif bid.tricks < rules.min_bid:
        broken.add("V-6")  # a number at least min_bid
    # V-6: the side's contract (P-4: the sum of the members' bids, Nil 0).
    partners = [m for m in sides_of(rules)[side_index(rules, seat)] if m != seat]
    contract = bid.tricks
    any_nil = bid.tricks == 0
    waiting: list[int] = []
    for partner in partners:
        made = bids[partner]
        if made is None:
            waiting.append(partner)
        else:
            contract += made.tricks
            any_nil = any_nil or made.tricks == 0
    cap = rules.max_side_contract
    if cap is not None and contract + sum(least_addition(p, rules, scores) for p in waiting) > cap:
        broken.add("V-6")
    if partners and not waiting and not any_nil and contract < rules.min_side_bid:
        broken.add("V-6")  # the side's last bid, no Nil on the side
    return frozenset(broken)


def reference(seat: int, bids: Bids, rules: Rules, scores: Sequence[int]) -> Broken:
    """For each candidate bid, the rules it breaks (empty: legal)."""
    broken = {bid: broken_before_total(bid, seat, bids, rules, scores) for bid in candidates(rules)}
    if not rules.bids_may_not_total_tricks:
        return broken
    others = [made for other, made in enumerate(bids) if other != seat]
    total = 0
    for made in others:
        if made is None:
            return broken  # not the last bidder
        total += made.tricks
    left = hand_size(rules) - total  # the bid that would make the total
    # V-6: refused only when another bid avoids the total; else it yields.
    if any(not why and bid.tricks != left for bid, why in broken.items()):
        for bid, why in broken.items():
            if bid.tricks == left:
                broken[bid] = why | {"V-6"}
    return broken


def reference_legal(seat: int, bids: Bids, rules: Rules, scores: Sequence[int]) -> tuple[Bid, ...]:
    return tuple(bid for bid, why in reference(seat, bids, rules, scores).items() if not why)


# -- Comparisons ------------------------------------------------------------------


def odd_bids(rules: Rules) -> tuple[Bid, ...]:
    """Bids no rules allow (C-3: 0..hand size; P-6: Double Nil is 0 tricks)."""
    return (forged_bid(-1), Bid(hand_size(rules) + 1), forged_bid(2, double_nil=True))


def assert_error_matches(error: IllegalActionError | None, why: frozenset[str], bid: Bid) -> None:
    if not why:
        assert error is None, f"{bid!r} is legal, refused with {error}"
    else:
        assert isinstance(error, IllegalActionError), f"{bid!r} breaks {sorted(why)}, accepted"
        assert error.rule in why, f"{bid!r} breaks {sorted(why)}, refused by {error.rule}: {error}"


def check_pure(seat: int, bids: Bids, rules: Rules, scores: Sequence[int]) -> None:
    """legal_bids and bid_error against the reference."""
    broken = reference(seat, bids, rules, scores)
    expected = tuple(bid for bid, why in broken.items() if not why)
    assert legal_bids(seat=seat, bids=bids, rules=rules, scores=scores) == expected
    for bid, why in broken.items():
        assert_error_matches(bid_error(bid, seat=seat, bids=bids, rules=rules, scores=scores), why, bid)
    for bid in odd_bids(rules):
        why = broken_before_total(bid, seat, bids, rules, scores)
        assert_error_matches(bid_error(bid, seat=seat, bids=bids, rules=rules, scores=scores), why, bid)


def check_state(state: GameState) -> None:
    """A state in its bidding phase against the reference."""
    assert state.phase is Phase.BID
    rules = state.rules
    seat = state.turn
    assert seat is not None
    assert rules.sides == sides_of(rules)  # P-1, T-1, V-10: the scores' order
    broken = reference(seat, state.bids, rules, state.scores)
    expected = tuple(bid for bid, why in broken.items() if not why)
    assert tuple(state.legal_actions()) == expected
    for bid, why in broken.items():
        assert_error_matches(state.explain(bid), why, bid)


# -- Worked examples -----------------------------------------------------------------


def numbers(low: int, high: int) -> tuple[Bid, ...]:
    return tuple(Bid(n) for n in range(low, high + 1))


ALL_13 = (NIL, *numbers(1, 13), DN)
PAGAT = Rules.pagat()
TOTAL = Rules(bids_may_not_total_tricks=True)
YIELDS = Rules(bids_may_not_total_tricks=True, max_side_contract=13, double_nil_trailing_by=100)
NO_NIL_CAP_10 = Rules(nil_allowed=False, max_side_contract=10)

WORKED: list[tuple[str, Rules, int, list[Bid | None], tuple[int, ...], tuple[Bid, ...]]] = [
    # C-3, P-6: the first bid of the sources' game: anything, Double Nil too.
    ("C-3 partnership first bid", Rules(), 1, [None] * 4, (0, 0), ALL_13),
    # V-6: OpenSpiel's 13 a side; partner (seat 1) bid 9, so seat 3 bids at most 4.
    ("V-6 openspiel partner 9", Rules.openspiel(), 3, [Bid(3), Bid(9), Bid(2), None], (0, 0), (NIL, *numbers(1, 4))),
    # V-6: partner bid 13 already: only Nil keeps the side within 13.
    ("V-6 openspiel partner 13", Rules.openspiel(), 2, [Bid(13), Bid(1), None, None], (0, 0), (NIL,)),
    # V-6: a first bid of a side: the cap is 13 (Nil open to the partner).
    ("V-6 openspiel first", Rules.openspiel(), 0, [None] * 4, (0, 0), (NIL, *numbers(1, 13))),
    # V-6: a side of at least 4, partner bid 1: at least 3, or Nil.
    ("V-6 min side partner 1", Rules(min_side_bid=4), 3, [Bid(2), Bid(1), Bid(5), None], (0, 0),
     (NIL, *numbers(3, 13), DN)),
    # V-6: a Nil bidder on the side exempts it.
    ("V-6 min side partner nil", Rules(min_side_bid=4), 3, [Bid(2), NIL, Bid(5), None], (0, 0), ALL_13),
    # V-6: not the side's last bid: no minimum yet.
    ("V-6 min side first", Rules(min_side_bid=4), 1, [Bid(2), None, None, None], (0, 0), ALL_13),
    # V-6: a minimum per player; Nil and Double Nil stay.
    ("V-6 min bid 3", Rules(min_bid=3), 1, [None] * 4, (0, 0), (NIL, *numbers(3, 13), DN)),
    ("V-6 min bid 3 no nils", Rules(min_bid=3, nil_allowed=False, double_nil_allowed=False), 1, [None] * 4, (0, 0),
     numbers(3, 13)),
    # V-2: no Nil.
    ("V-2 no nil", Rules(nil_allowed=False), 1, [None] * 4, (0, 0), (*numbers(1, 13), DN)),
    # V-6: others bid 3 + 4 + 5: 1 would make 13.
    ("V-6 total 3+4+5", TOTAL, 3, [Bid(3), Bid(4), Bid(5), None], (0, 0), (NIL, *numbers(2, 13), DN)),
    # V-6: others bid 13 in all: Nil and Double Nil (0) would make 13.
    ("V-6 total 6+4+3", TOTAL, 3, [Bid(6), Bid(4), Bid(3), None], (0, 0), numbers(1, 13)),
    # V-6: not the last bidder: no total rule.
    ("V-6 total not last", TOTAL, 2, [Bid(3), Bid(4), None, None], (0, 0), ALL_13),
    # V-6: partner bid 13, the cap leaves only 0, which makes the total: the rule yields.
    ("V-6 total yields", YIELDS, 0, [None, NIL, Bid(13), NIL], (0, 0), (NIL,)),
    ("V-6 total yields, DN open", YIELDS, 0, [None, NIL, Bid(13), NIL], (0, 100), (NIL, DN)),
    # V-6: others bid 12: 1 would make 13; partner's 12 caps at 1: Nil or DN remain.
    ("V-6 total, cap 13", YIELDS, 0, [None, NIL, Bid(12), NIL], (0, 100), (NIL, DN)),
    # V-3: pagat's Blind Nil for a side trailing by at least 100.
    ("V-3 trailing by 100", PAGAT, 1, [None] * 4, (100, 0), ALL_13),
    ("V-3 leading", PAGAT, 0, [None] * 4, (100, 0), (NIL, *numbers(1, 13))),
    ("V-3 trailing by 99", PAGAT, 1, [None] * 4, (199, 100), (NIL, *numbers(1, 13))),
    ("V-3 trailing by exactly 100", PAGAT, 3, [Bid(4), None, Bid(2), None], (150, 50), ALL_13),
    ("V-3 level", PAGAT, 1, [None] * 4, (0, 0), (NIL, *numbers(1, 13))),
    # V-3: cutthroat: trailing the best other seat.
    ("V-3 cutthroat trailing 60", Rules.cutthroat(4, double_nil_trailing_by=50), 0, [None] * 4, (0, 60, 10, 0), ALL_13),
    ("V-3 cutthroat trailing 50", Rules.cutthroat(4, double_nil_trailing_by=50), 2, [None] * 4, (0, 60, 10, 0), ALL_13),
    ("V-3 cutthroat leading", Rules.cutthroat(4, double_nil_trailing_by=50), 1, [None] * 4, (0, 60, 10, 0),
     (NIL, *numbers(1, 13))),
    # V-10: three players, 17 cards: bids up to 17.
    ("V-10 cutthroat-3", Rules.cutthroat(3), 1, [None] * 3, (0, 0, 0), (NIL, *numbers(1, 17), DN)),
    # V-6: the cap applies to a one-seat side too.
    ("V-6 cutthroat cap", Rules.cutthroat(3, max_side_contract=10), 1, [None] * 3, (0, 0, 0),
     (NIL, *numbers(1, 10), DN)),
    # V-6 with V-2, P-6: no Nil, but a waiting partner may still add 0 by
    # Double Nil, so the cap of 10 is the seat's own limit too...
    ("V-6 cap, partner may double nil", NO_NIL_CAP_10, 1, [None] * 4, (0, 0), (*numbers(1, 10), DN)),
    # ...which leaves that partner Double Nil alone.
    ("V-6 cap, partner 10", NO_NIL_CAP_10, 3, [None, Bid(10), None, None], (0, 0), (DN,)),
    ("V-6 cap, partner 9", NO_NIL_CAP_10, 3, [None, Bid(9), None, None], (0, 0), (Bid(1), DN)),
    # ...and when Double Nil is not open to the partner, the partner adds at least 1.
    ("V-6 cap, partner may not double nil", NO_NIL_CAP_10.replace(double_nil_trailing_by=100), 1, [None] * 4,
     (0, 0), numbers(1, 9)),
    ("V-6 cap, trailing partner may double nil", NO_NIL_CAP_10.replace(double_nil_trailing_by=100), 1, [None] * 4,
     (100, 0), (*numbers(1, 10), DN)),
    # T-6: two players: Double Nil is no bid of the bidding phase.
    ("T-6 two-player first bid", Rules.two_player(), 1, [None, None], (0, 0), (NIL, *numbers(1, 13))),
    ("T-6 two-player after double nil", Rules.two_player(), 0, [None, DN], (0, 300), (NIL, *numbers(1, 13))),
    # T-6, V-6: Double Nil is no way out of the total rule in the bidding phase.
    ("T-6 two-player total yields", Rules.two_player(nil_allowed=False, min_bid=13, bids_may_not_total_tricks=True),
     1, [DN, None], (0, 0), (Bid(13),)),
]


@pytest.mark.parametrize(
    ("rules", "seat", "bids", "scores", "expected"),
    [case[1:] for case in WORKED],
    ids=[case[0] for case in WORKED],
)
def test_worked_examples(  # C-3, P-6, T-6, V-2, V-3, V-6, V-10
    rules: Rules, seat: int, bids: list[Bid | None], scores: tuple[int, ...], expected: tuple[Bid, ...]
) -> None:
    assert reference_legal(seat, bids, rules, scores) == expected  # the reference itself
    check_pure(seat, bids, rules, scores)


def test_worked_example_openspiel_state() -> None:  # V-6: partner bid 9, at most 4
    state = new_game(Rules.openspiel(), seed=11)
    for bid in (Bid(3), Bid(9), Bid(2)):
        state = state.apply(bid)
    assert state.turn == 3
    assert tuple(state.legal_actions()) == (NIL, Bid(1), Bid(2), Bid(3), Bid(4))
    check_state(state)


def test_worked_example_total_state() -> None:  # V-6: others 3 + 4 + 5, 1 is refused
    state = new_game(TOTAL, seed=5)
    for bid in (Bid(3), Bid(4), Bid(5)):
        state = state.apply(bid)
    error = state.explain(Bid(1))
    assert error is not None and error.rule == "V-6"
    check_state(state)


def test_worked_example_two_player_state() -> None:  # T-6: no Double Nil in the bidding phase
    state = new_game(Rules.two_player(), seed=3)
    while state.phase is Phase.DRAFT:
        state = state.apply(Draft.KEEP)
    assert state.phase is Phase.BID and state.turn == 1  # T-4: the second player bids first
    assert tuple(state.legal_actions()) == (NIL, *numbers(1, 13))
    error = state.explain(DN)
    assert error is not None and error.rule == "T-6"
    check_state(state)
    state = state.apply(Bid(4))
    assert tuple(state.legal_actions()) == (NIL, *numbers(1, 13))
    check_state(state)


# -- Random positions, the pure functions ---------------------------------------------------

# Rules restricting the bids in several ways at once (V-2, V-3, V-6, V-10).
CURATED: tuple[Rules, ...] = (
    Rules.openspiel(),
    Rules.pagat(),
    Rules(min_side_bid=4),
    Rules(min_bid=2, min_side_bid=5, max_side_contract=13),
    Rules(nil_allowed=False, min_bid=2, max_side_contract=10),
    Rules(nil_allowed=False, max_side_contract=9, double_nil_trailing_by=100),
    Rules(nil_allowed=False, min_bid=3, min_side_bid=7, max_side_contract=8, bids_may_not_total_tricks=True),
    Rules(bids_may_not_total_tricks=True, max_side_contract=13, double_nil_trailing_by=100),
    Rules(bids_may_not_total_tricks=True, nil_allowed=False, double_nil_allowed=False, min_bid=3, min_side_bid=7,
          max_side_contract=8),
    Rules(bids_may_not_total_tricks=True, min_bid=4, min_side_bid=9),
    Rules.cutthroat(3, max_side_contract=10, bids_may_not_total_tricks=True, nil_allowed=False),
    Rules.cutthroat(4, min_bid=2, max_side_contract=5, double_nil_trailing_by=50),
)
CURATED_TWO: tuple[Rules, ...] = (
    Rules.two_player(max_side_contract=9, double_nil_trailing_by=50, bids_may_not_total_tricks=True),
    Rules.two_player(nil_allowed=False, min_bid=13, bids_may_not_total_tricks=True),
    Rules.two_player(min_bid=2, bids_may_not_total_tricks=True),
)
PRESET_RULES: tuple[Rules, ...] = tuple(PRESETS[name]() for name in sorted(PRESETS))

_PROFILE = settings.default
EXAMPLES = _PROFILE.max_examples if _PROFILE is not None else 50
MANY = 10 * EXAMPLES  # each pure example is cheap
SOME = 5 * EXAMPLES  # two-player rules are drawn by filtering: slower


def rules_of(two_player: bool) -> st.SearchStrategy[Rules]:
    """Presets, curated and random rules: the two-player game or the others."""

    def fits(rules: Rules) -> bool:
        return (rules.players == 2) == two_player

    fixed = [r for r in PRESET_RULES + CURATED + CURATED_TWO if fits(r)]
    return st.sampled_from(fixed) | rules_strategy().filter(fits)


# Scores near the usual "trailing by" thresholds, and anything.
SCORE = st.sampled_from((0, 50, 99, 100, 101, 200, -100)) | st.integers(-600, 600)

Position = tuple[Rules, int, list[Bid | None], list[int]]


@st.composite
def any_position(draw: st.DrawFn, two_player: bool) -> Position:
    """Random rules, the seat to bid, any bids of the other seats (small ones
    often, so that sides come near their limits) and any side scores."""
    rules = draw(rules_of(two_player))
    seat = draw(st.integers(0, rules.players - 1))
    made = st.integers(0, 5).map(Bid) | st.sampled_from(candidates(rules))
    bids: list[Bid | None] = [None if other == seat else draw(st.none() | made) for other in range(rules.players)]
    scores = [draw(SCORE) for _ in sides_of(rules)]
    return rules, seat, bids, scores


@st.composite
def reachable_position(draw: st.DrawFn, two_player: bool) -> Position:
    """Random rules and scores, and a bidding made in turn from a random first
    bidder, each bid one the reference allows; the seat is the next to bid.
    In the two-player game a player may have declared Double Nil in the
    draft (T-6) when it was open (P-6, V-3)."""
    rules = draw(rules_of(two_player))
    players = rules.players
    scores = [draw(SCORE) for _ in sides_of(rules)]
    bids: list[Bid | None] = [None] * players
    first = draw(st.integers(0, players - 1))
    if two_player:
        for player in range(2):
            open_ = rules.double_nil_allowed and "V-3" not in double_nil_refusals(player, rules, scores)
            if open_ and draw(st.booleans()):
                bids[player] = DN
    order = [(first + step) % players for step in range(players) if bids[(first + step) % players] is None]
    if not order:  # both declared Double Nil: no bidding; let one bid instead
        bids[first] = None
        order = [first]
    count = draw(st.integers(0, len(order) - 1))
    for seat in order[:count]:
        legal = reference_legal(seat, bids, rules, scores)
        assert legal, f"the reference leaves seat {seat} no bid: {rules!r} {bids} {scores}"
        bids[seat] = draw(st.sampled_from(legal))
    seat = order[count]
    assert reference_legal(seat, bids, rules, scores), f"no bid for seat {seat}: {rules!r} {bids} {scores}"
    return rules, seat, bids, scores


@settings(max_examples=MANY)
@given(any_position(two_player=False))
def test_pure_functions_any_bids(position: Position) -> None:  # C-3, P-6, V-2, V-3, V-6, V-10
    rules, seat, bids, scores = position
    check_pure(seat, bids, rules, scores)


@settings(max_examples=MANY)
@given(reachable_position(two_player=False))
def test_pure_functions_reachable_bids(position: Position) -> None:  # C-3, P-6, V-2, V-3, V-6, V-10
    rules, seat, bids, scores = position
    check_pure(seat, bids, rules, scores)


@settings(max_examples=SOME)
@given(any_position(two_player=True))
def test_pure_functions_two_player_any_bids(position: Position) -> None:  # C-3, T-6, V-2, V-3, V-6
    rules, seat, bids, scores = position
    check_pure(seat, bids, rules, scores)


@settings(max_examples=SOME)
@given(reachable_position(two_player=True))
def test_pure_functions_two_player_reachable_bids(position: Position) -> None:  # C-3, T-6, V-2, V-3, V-6
    rules, seat, bids, scores = position
    check_pure(seat, bids, rules, scores)


def describe(rules: Rules) -> str:
    """The options of ``rules`` that differ from the default, for test ids."""
    default = Rules().to_dict()
    return ",".join(f"{k}={v}" for k, v in rules.to_dict().items() if default[k] != v)


# A few values of a bid, to sweep every combination of the other seats' bids.
SWEEP_VALUES: tuple[Bid | None, ...] = (None, NIL, Bid(1), Bid(3), Bid(4), Bid(6), Bid(9), Bid(13), DN)


@pytest.mark.parametrize("rules", [r for r in CURATED if r.players == 4], ids=lambda r: describe(r))
def test_sweep_last_and_partner_bids(rules: Rules) -> None:  # C-3, P-6, V-2, V-3, V-6
    # Every combination of SWEEP_VALUES for the three others, seat 1 to bid,
    # with level scores and with seat 1's side trailing by 100.
    sides = 2 if rules.partners else rules.players
    for scores in ((0,) * sides, (100,) + (0,) * (sides - 1)):
        for a in SWEEP_VALUES:
            for b in SWEEP_VALUES:
                for c in SWEEP_VALUES:
                    check_pure(1, [a, None, b, c], rules, scores)


# -- Random games, the state --------------------------------------------------------


def bid_states(rules: Rules, seed: int, hands: int) -> Iterator[GameState]:
    """The bidding-phase states of the first ``hands`` hands of a random game
    (Nil and Double Nil bid often, so that scores swing and V-3's "trailing
    by" is met now and then)."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while not state.is_over and len(state.sheet) < hands:
        if state.is_chance:
            state = state.apply(state.sample_chance(rng))
            continue
        if state.phase is Phase.BID:
            yield state
        actions = state.legal_actions()
        zeros = [a for a in actions if isinstance(a, Bid) and a.tricks == 0]
        if zeros and rng.random() < 0.3:
            state = state.apply(rng.choice(zeros))
        else:
            state = state.apply(rng.choice(actions))


@settings(max_examples=2 * EXAMPLES)
@given(rules_of(two_player=False), st.integers(0, 2**32 - 1))
def test_state_bidding_random_games(rules: Rules, seed: int) -> None:  # C-3, P-6, V-2, V-3, V-6, V-10
    seen = 0
    for state in bid_states(rules, seed, hands=4):
        check_state(state)
        assert state.turn is not None
        check_pure(state.turn, state.bids, rules, state.scores)
        seen += 1
    assert seen


@settings(max_examples=2 * EXAMPLES)
@given(rules_of(two_player=True), st.integers(0, 2**32 - 1))
def test_state_bidding_random_two_player_games(rules: Rules, seed: int) -> None:  # C-3, T-6, V-2, V-3, V-6
    # The state only: the pure functions are compared at such positions by
    # test_pure_functions_two_player_reachable_bids.
    for state in bid_states(rules, seed, hands=4):
        check_state(state)
