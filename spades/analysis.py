"""The double-dummy analysis of a recorded game, hand by hand.

:func:`analyse` reads a :class:`~spades.Record` and, for each finished
hand, solves the position of the first lead for each side
(:func:`spades.double_dummy`: the tricks it takes with best
play, all hands open) and sets it beside the side's bid and the tricks it
took; then it goes through the cards played and lists each card that cost
its side a trick against best play (the side's double-dummy tricks before
the card, less those after it), and each card of a Nil bidder's side that
let the Nil be set when it could still be kept (P-5, T-5).
:func:`format_analysis` writes the report as text, :func:`analysis_to_json`
as a JSON-ready dict.  The report's values may also be built by hand (to
format a report of another source): each checks its fields when built
(types, seats from 0 to 3, counts of tricks, a side the rules have) and
raises :class:`~spades.ArgumentTypeError` or :class:`~spades.ArgumentError`
for anything else.

>>> from spades import Record, Rules, new_game
>>> from spades.analysis import analyse
>>> state = new_game(Rules.two_player(), seed=4)
>>> while not state.sheet:
...     state = state.apply(state.legal_actions()[-1])
>>> report = analyse(Record.of_state(state))
>>> hand = report.hands[0]
>>> [side.taken for side in hand.sides] == list(state.sheet[0].tricks)
True
>>> sum(side.double_dummy for side in hand.sides)
13
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from spades.cards import NUM_CARD_INDEXES, Card
from spades.solver import Solver
from spades.errors import ArgumentError, ArgumentTypeError, fail_type, int_in, tuple_of, type_name, check_flags
from spades.record import MAX_ACTIONS, Record
from spades.rules import Rules
from spades.sheet import HandRecord
from spades.state import GameState, Phase

__all__ = ["SideAnalysis", "CostlyCard", "NilLoss", "HandAnalysis", "GameAnalysis", "analyse", "format_analysis",
           "analysis_to_json"]


# The bounds of the analysis' fields, checked when one is built: seats,
# counts of tricks (a side's bid is its seats' bids added up), hands of a
# game (a record holds at most MAX_ACTIONS actions) and cards of a hand.
_SEATS = 4
_COUNT = 4 * 18
_HANDS = MAX_ACTIONS
_CARDS = NUM_CARD_INDEXES


def _check_card_fields(value: CostlyCard | NilLoss) -> None:
    int_in("trick", value.trick, 1, 18)
    int_in("seat", value.seat, 0, _SEATS - 1)
    if type(value.card) is not Card:
        raise fail_type("card", "a Card", value.card)


@attrs.frozen(slots=True)
class SideAnalysis:
    """One side in one hand: its bid, its double-dummy tricks at the first
    lead, and the tricks it took.

    >>> SideAnalysis(side=0, seats=(0, 2), bid=5, double_dummy=7, taken=6).taken
    6
    """

    side: int
    """The side's index in ``rules.sides``."""
    seats: tuple[int, ...]
    """Its seats."""
    bid: int
    """Its contract: its seats' bids added up, Nil counting 0 (P-4)."""
    double_dummy: int
    """The tricks it takes at the first lead with best play, all hands open."""
    taken: int
    """The tricks it took (C-8)."""

    def __attrs_post_init__(self) -> None:
        int_in("side", self.side, 0, _SEATS - 1)
        for seat in tuple_of("seats", self.seats, int, limit=_SEATS):
            int_in("seats", seat, 0, _SEATS - 1)
        for name in ("bid", "double_dummy", "taken"):
            int_in(name, getattr(self, name), 0, _COUNT)


@attrs.frozen(slots=True)
class CostlyCard:
    """A card that cost its side tricks against best play.

    >>> from spades import Card
    >>> CostlyCard(trick=3, seat=1, card=Card.parse("KH"), best=6, after=5).lost
    1
    """

    trick: int
    """The trick it was played to, from 1."""
    seat: int
    """The seat that played it."""
    card: Card
    """The card."""
    best: int
    """The tricks the side ends the hand with, from the position before the
    card, with best play from there on (its tricks so far and its
    double-dummy tricks of those left)."""
    after: int
    """The same after the card."""

    def __attrs_post_init__(self) -> None:
        _check_card_fields(self)
        int_in("best", self.best, 0, _COUNT)
        int_in("after", self.after, 0, _COUNT)

    @property
    def lost(self) -> int:
        """The tricks the card cost: ``best - after``."""
        return self.best - self.after


@attrs.frozen(slots=True)
class NilLoss:
    """A card after which a Nil that could be kept could no longer be
    (P-5, T-5): the Nil bidder's, or its partner's.

    >>> from spades import Card
    >>> NilLoss(trick=2, seat=0, card=Card.parse("AS"), nil_seat=0).nil_seat
    0
    """

    trick: int
    """The trick it was played to, from 1."""
    seat: int
    """The seat that played it."""
    card: Card
    """The card."""
    nil_seat: int
    """The Nil bidder."""

    def __attrs_post_init__(self) -> None:
        _check_card_fields(self)
        int_in("nil_seat", self.nil_seat, 0, _SEATS - 1)


@attrs.frozen(slots=True)
class HandAnalysis:
    """The analysis of one finished hand.

    >>> HandAnalysis(number=0, sides=(), costly=(), nil_losses=()).costly
    ()
    """

    number: int
    """The hand's number, from 0."""
    sides: tuple[SideAnalysis, ...]
    """Each side's bid, double-dummy tricks and tricks taken."""
    costly: tuple[CostlyCard, ...]
    """The cards that cost their side tricks, in the order played."""
    nil_losses: tuple[NilLoss, ...]
    """The cards that let a Nil be set, in the order played."""

    def __attrs_post_init__(self) -> None:
        int_in("number", self.number, 0, _HANDS)
        tuple_of("sides", self.sides, SideAnalysis, limit=_SEATS)
        tuple_of("costly", self.costly, CostlyCard, limit=_CARDS)
        tuple_of("nil_losses", self.nil_losses, NilLoss, limit=_CARDS)


@attrs.frozen(slots=True)
class GameAnalysis:
    """The analysis of a game record's finished hands.

    >>> from spades import Rules
    >>> GameAnalysis(rules=Rules.partnership(), hands=()).hands
    ()
    """

    rules: Rules
    """The game's rules."""
    hands: tuple[HandAnalysis, ...]
    """One analysis per finished hand, in order."""

    def __attrs_post_init__(self) -> None:
        if type(self.rules) is not Rules:
            raise fail_type("rules", "a Rules value", self.rules)
        sides = len(self.rules.sides)
        for hand in tuple_of("hands", self.hands, HandAnalysis, limit=_HANDS):
            for row in hand.sides:
                if row.side >= sides:
                    raise ArgumentError(f"sides: side {row.side} in hand {hand.number}, but these rules have {sides} sides")


def _hands(record: Record, finished: int) -> list[list[GameState]]:
    """For each of the record's first ``finished`` hands, its states in the
    play of tricks, one before each card."""
    plays: list[list[GameState]] = [[] for _ in range(finished)]
    for state in record.states():
        if state.phase is Phase.PLAY and state.hand_number < finished:
            plays[state.hand_number].append(state)
    return plays


def _analyse_hand(
    solver: Solver, rules: Rules, number: int, plays: list[GameState], sheet: HandRecord, tick: Callable[[], None]
) -> HandAnalysis:
    cards = [action for action in sheet.actions if type(action) is Card]
    sides = rules.sides
    players = rules.players
    tricks_in_hand = len(cards) // players
    cache: dict[tuple[int, int], int] = {}

    def tricks(index: int, side: int) -> int:
        """The side's double-dummy tricks from the index-th state of play."""
        key = (index, side)
        if key not in cache:
            state = plays[index]
            if len(sides) == 2 and (index, 1 - side) in cache:
                # Two sides share every trick left: the values add up.
                left = tricks_in_hand - sum(state.tricks_won)
                cache[key] = left - cache[index, 1 - side]
            else:
                cache[key] = solver.tricks(state, side)
        return cache[key]

    side_rows = []
    for side, seats in enumerate(sides):
        bid = sum(sheet.bids[seat].tricks for seat in seats)
        side_rows.append(SideAnalysis(side, tuple(seats), bid, tricks(0, side), sum(sheet.tricks[s] for s in seats)))
    costly = []
    nil_losses = []
    nil_seats = [seat for seat in range(players) if sheet.bids[seat].is_nil]
    for index, (state, card) in enumerate(zip(plays, cards)):
        seat = state.turn
        assert seat is not None
        side = rules.side_of[seat]
        trick = sum(state.tricks_won) + 1
        won_before = state.tricks_won
        if index + 1 < len(plays):
            won_after = plays[index + 1].tricks_won
        else:
            won_after = sheet.tricks
        gain = sum(won_after[s] - won_before[s] for s in sides[side])
        so_far = sum(won_before[s] for s in sides[side])
        best = so_far + tricks(index, side)
        after = so_far + gain + (tricks(index + 1, side) if index + 1 < len(plays) else 0)
        if after < best:
            costly.append(CostlyCard(trick, seat, card, best, after))
        for nil_seat in nil_seats:
            if rules.side_of[nil_seat] != side or won_before[nil_seat]:
                continue
            if not solver.nil_kept(state, nil_seat):
                continue
            if won_after[nil_seat] or (index + 1 < len(plays) and not solver.nil_kept(plays[index + 1], nil_seat)):
                nil_losses.append(NilLoss(trick, seat, card, nil_seat))
        tick()
    return HandAnalysis(number, tuple(side_rows), tuple(costly), tuple(nil_losses))


def analyse(record: Record, progress: Callable[[int, int], None] | None = None) -> GameAnalysis:
    """The double-dummy analysis of each finished hand of ``record``.

    ``progress``, when given, is called as ``progress(done, cards)`` after
    each card analysed (``cards`` of the finished hands in all), so a
    program can show how far it has gone: a full partnership deal can take
    a while to solve in pure Python.

    The search has no time or memory limit of its own (see
    :func:`~spades.double_dummy`): a card of a full four-hand deal can take
    up to about a minute, one of a three-player deal of 17 cards each
    (V-10) minutes and more than a GiB.  A program that analyses records
    it did not make (a server taking uploads) should run this where it can
    be stopped: in a worker process with a time limit
    (``concurrent.futures.ProcessPoolExecutor`` and ``future.result(timeout=...)``,
    ending the pool's process on a timeout), not in the thread that serves.
    """
    if type(record) is not Record:
        raise ArgumentTypeError(f"analyse reads a Record, got {type_name(record)}")
    if progress is not None and not callable(progress):
        raise ArgumentTypeError(f"progress is a function (done, cards), got {type_name(progress)}")
    rules = record.rules
    sheet = record.replay().sheet
    solver = Solver(rules)
    hands = _hands(record, len(sheet))
    total = sum(len(plays) for plays in hands)
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    results = [_analyse_hand(solver, rules, number, plays, sheet[number], tick) for number, plays in enumerate(hands)]
    return GameAnalysis(rules, tuple(results))


def _side_name(rules: Rules, side: int) -> str:
    seats = rules.sides[side]
    return f"seat {seats[0]}" if len(seats) == 1 else "seats " + " & ".join(map(str, seats))


def format_analysis(analysis: GameAnalysis, *, symbols: bool = True) -> str:
    """The analysis as text, hand by hand: each side's bid, double-dummy
    tricks and tricks taken, then each costly card (``symbols``: cards with
    suit symbols, else as text).

    >>> from spades import Rules
    >>> row = SideAnalysis(side=0, seats=(0,), bid=4, double_dummy=6, taken=5)
    >>> hand = HandAnalysis(number=0, sides=(row,), costly=(), nil_losses=())
    >>> print(format_analysis(GameAnalysis(rules=Rules.two_player(), hands=(hand,))))
    Hand 0
      seat 0: bid 4, double dummy 6, took 5
      no card cost a trick against best play
    """
    if type(analysis) is not GameAnalysis:
        raise ArgumentTypeError(f"format_analysis reads a GameAnalysis, got {type_name(analysis)}")
    check_flags(symbols=symbols)
    rules = analysis.rules
    if not analysis.hands:
        return "no finished hand to analyse"
    lines = []
    for hand in analysis.hands:
        lines.append(f"Hand {hand.number}")
        for row in hand.sides:
            lines.append(f"  {_side_name(rules, row.side)}: bid {row.bid}, double dummy {row.double_dummy}, took {row.taken}")
        for cost in hand.costly:
            card = cost.card.symbol if symbols else str(cost.card)
            plural = "" if cost.lost == 1 else "s"
            lines.append(
                f"  trick {cost.trick}: seat {cost.seat} played {card}, cost {cost.lost} trick{plural} "
                f"({cost.best} -> {cost.after})"
            )
        for loss in hand.nil_losses:
            card = loss.card.symbol if symbols else str(loss.card)
            lines.append(f"  trick {loss.trick}: seat {loss.seat} played {card}, lost seat {loss.nil_seat}'s Nil")
        if not hand.costly and not hand.nil_losses:
            lines.append("  no card cost a trick against best play")
    return "\n".join(lines)


def analysis_to_json(analysis: GameAnalysis) -> dict[str, Any]:
    """The analysis as a JSON-ready dict: ``{"hands": [...]}``, each hand
    with its ``number``, its ``sides`` (``side``, ``seats``, ``bid``,
    ``double_dummy``, ``taken``), its ``costly`` cards (``trick``, ``seat``,
    ``card`` as text, ``best``, ``after``, ``lost``) and its ``nil_losses``
    (``trick``, ``seat``, ``card``, ``nil_seat``).

    >>> from spades import Rules
    >>> analysis_to_json(GameAnalysis(rules=Rules.partnership(), hands=()))
    {'format': 'spades-analysis 1', 'hands': []}
    """
    if type(analysis) is not GameAnalysis:
        raise ArgumentTypeError(f"analysis_to_json reads a GameAnalysis, got {type_name(analysis)}")
    hands = []
    for hand in analysis.hands:
        hands.append({
            "number": hand.number,
            "sides": [
                {"side": r.side, "seats": list(r.seats), "bid": r.bid, "double_dummy": r.double_dummy, "taken": r.taken}
                for r in hand.sides
            ],
            "costly": [
                {"trick": c.trick, "seat": c.seat, "card": str(c.card), "best": c.best, "after": c.after, "lost": c.lost}
                for c in hand.costly
            ],
            "nil_losses": [
                {"trick": n.trick, "seat": n.seat, "card": str(n.card), "nil_seat": n.nil_seat} for n in hand.nil_losses
            ],
        })
    return {"format": "spades-analysis 1", "hands": hands}
