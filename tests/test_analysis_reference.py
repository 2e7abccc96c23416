"""The double-dummy analysis (``spades.analysis``) against a plain reference
written from its documentation, over whole hands of partnership,
four- and three-handed cutthroat (V-10) and two-player games (T-1), and its report,
its JSON and its checks of hand-built values, field by field.

The reference takes its double-dummy values from :class:`spades.Solver`,
which ``tests/test_double_dummy.py`` and ``tests/test_double_dummy_dds.py``
check against a plain minimax and against DDS; what is checked here is
what the analysis makes of them.  Four-hand deals are made of runs of
cards next to each other (:func:`block_deal`), which the search solves in
a fraction of a second where a random deal can take a minute."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

import pytest

from spades import Action, Bid, Card, CardSet, Deal, GameState, Phase, Record, Rules, new_game
from spades.analysis import (
    CostlyCard, GameAnalysis, HandAnalysis, NilLoss, SideAnalysis, analyse, analysis_to_json, format_analysis,
)
from spades.bots import simple_action
from spades.cards import FULL_DECK
from spades.errors import ArgumentError, ArgumentTypeError
from spades.solver import Solver

Step = tuple[GameState, Action, GameState]  # a state, the action applied to it, the state after

_ORDER = list(FULL_DECK)[::-1]  # A♠ K♠ ... 2♠ A♥ ... 2♣


def block_deal(rng: random.Random, players: int = 4) -> Deal:
    """A deal cut, in order of suit and rank, into runs of 3 to 6 cards,
    each run given whole to a seat at random; with three players, one card
    drawn at random is set aside first (V-10)."""
    order = list(_ORDER)
    if players == 3:
        order.remove(rng.choice(order))
    size = len(order) // players
    while True:
        runs = []
        start = 0
        while start < len(order):
            length = rng.randint(3, 6)
            runs.append(order[start : start + length])
            start += length
        rng.shuffle(runs)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for run in runs:
            room = [seat for seat in range(players) if len(hands[seat]) + len(run) <= size]
            if not room:
                break
            hands[rng.choice(room)].extend(run)
        if all(len(hand) == size for hand in hands):
            return Deal(tuple(CardSet.from_cards(hand) for hand in hands))


def play(rules: Rules, seed: int, hands: int, nil_seats: Sequence[int]) -> list[Step]:
    """Every step of ``hands`` hands of an unseeded game, each dealt by
    :func:`block_deal`, every choice random but the ``nil_seats`` bidding
    Nil whenever they may."""
    rng = random.Random(seed)
    state = new_game(rules)
    steps = []
    while len(state.sheet) < hands:
        if state.is_chance:
            action: Action = block_deal(rng, rules.players)
        else:
            legal = state.legal_actions()
            nil = state.phase is Phase.BID and state.turn in nil_seats and Bid.NIL in legal
            action = Bid.NIL if nil else rng.choice(legal)
        after = state.apply(action)
        steps.append((state, action, after))
        state = after
    return steps


def play_to_the_end(rules: Rules, seed: int) -> list[Step]:
    """Every step of a seeded game played to its end by ``simple_action``."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    steps = []
    while not state.is_over:
        action = simple_action(state, rng)
        after = state.apply(action)
        steps.append((state, action, after))
        state = after
    return steps


def reference(rules: Rules, steps: Sequence[Step]) -> GameAnalysis:
    """The analysis as ``spades.analysis`` documents it, from the steps of
    the game.  For each finished hand (a row of the final score sheet):

    - each side of ``rules.sides``, in order: its bid, its seats' bids
      added up with Nil as 0 (P-4); its double-dummy tricks at the first
      lead; the tricks its seats took (C-8);
    - each card played, in order, is costly when the tricks its side ends
      the hand with, with best play from after the card (its tricks then,
      and its double-dummy tricks of those left), are fewer than with best
      play from before it; ``trick`` counts from 1;
    - each card is a Nil loss for each Nil bidder of the card's side who
      has won no trick, whose Nil could be kept before the card (P-5,
      T-5), and who wins a trick with it or whose Nil can no longer be
      kept after it.

    The hand's last card leaves no tricks: the side's tricks are then the
    score sheet's."""
    solver = Solver(rules)
    final = steps[-1][2]
    hands = []
    for number, row in enumerate(final.sheet):
        cards = [(before, card, after) for before, card, after in steps if type(card) is Card and before.hand_number == number]
        sides = [
            SideAnalysis(
                side, tuple(seats), sum(row.bids[seat].tricks for seat in seats), solver.tricks(cards[0][0], side),
                sum(row.tricks[seat] for seat in seats),
            )
            for side, seats in enumerate(rules.sides)
        ]
        costly = []
        losses = []
        for before, card, after in cards:
            assert type(card) is Card
            seat = before.turn
            assert seat is not None
            side = rules.side_of[seat]
            seats = rules.sides[side]
            ended = len(after.sheet) > number  # the hand's last card
            won = after.sheet[number].tricks if ended else after.tricks_won
            best = sum(before.tricks_won[s] for s in seats) + solver.tricks(before, side)
            then = sum(won[s] for s in seats) + (0 if ended else solver.tricks(after, side))
            trick = sum(before.tricks_won) + 1
            if then < best:
                costly.append(CostlyCard(trick, seat, card, best, then))
            for nil in range(rules.players):
                if not row.bids[nil].is_nil or rules.side_of[nil] != side or before.tricks_won[nil]:
                    continue
                if solver.nil_kept(before, nil) and (won[nil] or (not ended and not solver.nil_kept(after, nil))):
                    losses.append(NilLoss(trick, seat, card, nil))
        hands.append(HandAnalysis(number, tuple(sides), tuple(costly), tuple(losses)))
    return GameAnalysis(rules, tuple(hands))


# The games: (rules, seed, Nil bidders, hands), chosen among seeds for a
# search of a second or less; between them they meet every kind of
# finding (see test_the_games_meet_every_kind_of_finding).
GAMES = {
    "partnership": (Rules.partnership(), 3, (0, 3), 3),
    "partners both Nil": (Rules.partnership(), 6, (0, 2), 2),
    "cutthroat": (Rules.cutthroat(4), 4, (1, 2), 3),
    "three players": (Rules.cutthroat(3), 4, (1,), 1),
}


@functools.cache
def game(name: str) -> tuple[list[Step], GameAnalysis]:
    """A game's steps and the reference's analysis of them (the analysis
    itself is made again by each test that reads it)."""
    if name == "two-player":  # to the game's end
        steps = play_to_the_end(Rules.two_player(target=100), 0)
    else:
        rules, seed, nil_seats, hands = GAMES[name]
        steps = play(rules, seed, hands, nil_seats)
    return steps, reference(steps[0][0].rules, steps)


@pytest.mark.parametrize("name", [*GAMES, "two-player"])
def test_the_analysis_is_the_references(name: str) -> None:
    # P-4, P-5, T-5, C-8: every field of every hand, side, costly card and Nil loss.
    steps, expected = game(name)
    analysis = analyse(Record.of_state(steps[-1][2]))
    assert analysis == expected
    assert len(analysis.hands) == len(steps[-1][2].sheet)


def test_the_games_meet_every_kind_of_finding() -> None:
    """The games above are not agreeing on nothing: between them, every
    kind of side, costly card and Nil loss is met."""
    partnership = game("partnership")[1]
    cutthroat = game("cutthroat")[1]
    assert {len(side.seats) for hand in partnership.hands for side in hand.sides} == {2}
    assert len(cutthroat.hands[0].sides) == 4  # V-10: four sides, each of one seat
    assert len(game("three players")[1].hands[0].sides) == 3
    ended = game("two-player")[0][-1][2]
    assert ended.is_over and len(ended.sheet) >= 3  # the game's end closes its last hand
    for analysis in (partnership, cutthroat):
        costs = [card.lost for hand in analysis.hands for card in hand.costly]
        assert 1 in costs and max(costs) >= 2
    losses = [(hand.number, loss) for hand in partnership.hands for loss in hand.nil_losses]
    assert any(loss.seat == loss.nil_seat for _, loss in losses)  # the Nil bidder's own card
    assert any(loss.seat != loss.nil_seat for _, loss in losses)  # its partner's
    assert {number for number, _ in losses} >= {0, 2}
    assert any(hand.nil_losses for hand in cutthroat.hands)
    # Both partners bid Nil: a card of one side stands for two Nils.
    rows = game("partners both Nil")[0][-1][2].sheet
    assert any(row.bids[0].is_nil and row.bids[2].is_nil for row in rows)
    for name in ("partnership", "partners both Nil", "cutthroat"):
        steps, expected = game(name)
        rows = steps[-1][2].sheet
        # A Nil kept to the hand's end; a Nil that could not be kept from
        # the first lead: set, and no loss listed.
        nils = {(n, s): row.tricks[s] for n, row in enumerate(rows) for s in range(len(row.bids)) if row.bids[s].is_nil}
        listed = {(hand.number, loss.nil_seat) for hand in expected.hands for loss in hand.nil_losses}
        assert 0 in nils.values() or name == "cutthroat", name
        assert {key for key, tricks in nils.items() if tricks} - listed, name


@pytest.mark.parametrize("cut", ["mid-play", "last card", "next bidding", "first card"])
def test_only_finished_hands_are_analysed(cut: str) -> None:
    # The record of a game stopped part way: its finished hands, as the
    # whole game's analysis has them (a hand's analysis reads that hand only).
    steps, expected = game("partnership")
    ends = [index for index, (before, _action, after) in enumerate(steps) if len(after.sheet) > len(before.sheet)]
    first_cards = [  # the first card of each hand
        i for i, (before, action, _after) in enumerate(steps)
        if type(action) is Card and not before.trick and sum(before.tricks_won) == 0
    ]
    index, finished = {
        "mid-play": (ends[1] - 9, 1),  # hand 1 near its end
        "last card": (ends[1], 2),  # just after hand 1's last card
        "next bidding": (ends[1] + 3, 2),  # hand 2 dealt, bids being made
        "first card": (first_cards[2], 2),  # hand 2's first card played
    }[cut]
    state = steps[index][2]
    assert len(state.sheet) == finished
    assert analyse(Record.of_state(state)) == GameAnalysis(state.rules, expected.hands[:finished])


def test_a_record_with_no_finished_hand() -> None:
    state = new_game(Rules.partnership(), seed=1)
    assert analyse(Record.of_state(state)) == GameAnalysis(Rules.partnership(), ())
    assert format_analysis(analyse(Record.of_state(state))) == "no finished hand to analyse"


def test_progress_counts_every_card_of_the_finished_hands() -> None:
    steps = game("partnership")[0]
    stop = next(i for i, (before, _action, after) in enumerate(steps) if len(after.sheet) == 2) + 5
    seen: list[tuple[int, int]] = []
    analyse(Record.of_state(steps[stop][2]), lambda done, cards: seen.append((done, cards)))
    assert seen == [(done, 104) for done in range(1, 105)]


# The report, worked by hand.
_KH, _TS, _TWO_CLUBS = Card.parse("KH"), Card.parse("TS"), Card.parse("2C")


def _worked() -> GameAnalysis:
    return GameAnalysis(
        rules=Rules.partnership(),
        hands=(
            HandAnalysis(
                number=0,
                sides=(SideAnalysis(0, (0, 2), 5, 7, 6), SideAnalysis(1, (1, 3), 7, 6, 7)),
                costly=(CostlyCard(2, 1, _KH, 8, 7), CostlyCard(5, 2, _TS, 7, 4)),
                nil_losses=(NilLoss(3, 2, _TWO_CLUBS, 0),),
            ),
            HandAnalysis(number=1, sides=(SideAnalysis(0, (0, 2), 0, 13, 0), SideAnalysis(1, (1, 3), 13, 0, 13)),
                         costly=(), nil_losses=()),
            HandAnalysis(number=2, sides=(), costly=(), nil_losses=(NilLoss(13, 3, _KH, 1),)),
        ),
    )


def test_the_report_as_text() -> None:
    assert format_analysis(_worked()) == "\n".join([
        "Hand 0",
        "  seats 0 & 2: bid 5, double dummy 7, took 6",
        "  seats 1 & 3: bid 7, double dummy 6, took 7",
        "  trick 2: seat 1 played K♥, cost 1 trick (8 -> 7)",
        "  trick 5: seat 2 played 10♠, cost 3 tricks (7 -> 4)",
        "  trick 3: seat 2 played 2♣, lost seat 0's Nil",
        "Hand 1",
        "  seats 0 & 2: bid 0, double dummy 13, took 0",
        "  seats 1 & 3: bid 13, double dummy 0, took 13",
        "  no card cost a trick against best play",
        "Hand 2",
        "  trick 13: seat 3 played K♥, lost seat 1's Nil",
    ])
    plain = format_analysis(_worked(), symbols=False)
    assert "seat 1 played KH, cost 1 trick" in plain and "seat 2 played TS, cost 3 tricks" in plain
    assert "seat 2 played 2C, lost seat 0's Nil" in plain and "♥" not in plain


def test_the_report_names_a_side_of_one_seat() -> None:  # V-10, T-1
    for rules in (Rules.cutthroat(4), Rules.two_player()):
        sides = tuple(SideAnalysis(side, seats, 1, 2, 3) for side, seats in enumerate(rules.sides))
        text = format_analysis(GameAnalysis(rules, (HandAnalysis(4, sides, (), ()),)))
        assert text.splitlines()[1:-1] == [f"  seat {seat}: bid 1, double dummy 2, took 3" for seat in range(rules.players)]


def test_the_report_as_json() -> None:
    assert analysis_to_json(_worked()) == {
        "format": "spades-analysis 1",
        "hands": [
            {
                "number": 0,
                "sides": [
                    {"side": 0, "seats": [0, 2], "bid": 5, "double_dummy": 7, "taken": 6},
                    {"side": 1, "seats": [1, 3], "bid": 7, "double_dummy": 6, "taken": 7},
                ],
                "costly": [
                    {"trick": 2, "seat": 1, "card": "KH", "best": 8, "after": 7, "lost": 1},
                    {"trick": 5, "seat": 2, "card": "TS", "best": 7, "after": 4, "lost": 3},
                ],
                "nil_losses": [{"trick": 3, "seat": 2, "card": "2C", "nil_seat": 0}],
            },
            {
                "number": 1,
                "sides": [
                    {"side": 0, "seats": [0, 2], "bid": 0, "double_dummy": 13, "taken": 0},
                    {"side": 1, "seats": [1, 3], "bid": 13, "double_dummy": 0, "taken": 13},
                ],
                "costly": [],
                "nil_losses": [],
            },
            {"number": 2, "sides": [], "costly": [], "nil_losses": [{"trick": 13, "seat": 3, "card": "KH", "nil_seat": 1}]},
        ],
    }


# Each field of the report's values: (value, field, lowest, highest).
_SIDE: dict[str, Any] = dict(side=0, seats=(0, 2), bid=5, double_dummy=7, taken=6)
_COSTLY: dict[str, Any] = dict(trick=2, seat=1, card=_KH, best=8, after=7)
_LOSS: dict[str, Any] = dict(trick=3, seat=2, card=_KH, nil_seat=0)
_BOUNDS: list[tuple[type, dict[str, Any], str, int, int]] = [
    (SideAnalysis, _SIDE, "side", 0, 3),
    (SideAnalysis, _SIDE, "bid", 0, 72),
    (SideAnalysis, _SIDE, "double_dummy", 0, 72),
    (SideAnalysis, _SIDE, "taken", 0, 72),
    (CostlyCard, _COSTLY, "trick", 1, 18),
    (CostlyCard, _COSTLY, "seat", 0, 3),
    (CostlyCard, _COSTLY, "best", 0, 72),
    (CostlyCard, _COSTLY, "after", 0, 72),
    (NilLoss, _LOSS, "trick", 1, 18),
    (NilLoss, _LOSS, "seat", 0, 3),
    (NilLoss, _LOSS, "nil_seat", 0, 3),
    (HandAnalysis, dict(number=0, sides=(), costly=(), nil_losses=()), "number", 0, 1_000_000),
]


@pytest.mark.parametrize(("kind", "fields", "name", "lowest", "highest"), _BOUNDS)
def test_each_count_is_checked_at_its_bounds(kind: type, fields: dict[str, Any], name: str, lowest: int, highest: int) -> None:
    for value in (lowest, highest):
        assert getattr(kind(**{**fields, name: value}), name) == value
    for value in (lowest - 1, highest + 1):
        with pytest.raises(ArgumentError) as caught:
            kind(**{**fields, name: value})
        assert str(caught.value) == f"{name}: {value} is not in {lowest}..{highest}"
    with pytest.raises(ArgumentTypeError) as caught:
        kind(**{**fields, name: None})
    assert str(caught.value).startswith(f"{name}: ")


def test_the_seats_of_a_side_are_checked() -> None:
    assert SideAnalysis(**{**_SIDE, "seats": (3, 0, 1, 2)}).seats == (3, 0, 1, 2)
    refusals = [
        ((0, 4), ArgumentError, "seats: 4 is not in 0..3"),
        ((-1,), ArgumentError, "seats: -1 is not in 0..3"),
        ((0, 1, 2, 3, 0), ArgumentError, "seats: expected at most 4 entries, got 5"),
        ([0, 2], ArgumentTypeError, "seats: "),
        (("0",), ArgumentTypeError, "seats: "),
    ]
    for seats, error, words in refusals:
        with pytest.raises(error) as caught:
            SideAnalysis(**{**_SIDE, "seats": seats})
        assert str(caught.value).startswith(words) and (words.endswith(": ") or str(caught.value) == words)


def test_a_card_field_holds_a_card() -> None:
    for kind, fields in ((CostlyCard, _COSTLY), (NilLoss, _LOSS)):
        for card in (51, "KH", None):
            with pytest.raises(ArgumentTypeError) as caught:
                kind(**{**fields, "card": card})
            assert str(caught.value) == f"card: expected a Card, got {card!r}"


def test_the_lists_of_a_hand_and_a_game_are_checked() -> None:
    side = SideAnalysis(**_SIDE)
    cost = CostlyCard(**_COSTLY)
    loss = NilLoss(**_LOSS)
    HandAnalysis(0, (side,) * 4, (cost,) * 54, (loss,) * 54)
    refusals: list[tuple[dict[str, object], str]] = [
        (dict(sides=(side,) * 5), "sides: expected at most 4 entries, got 5"),
        (dict(costly=(cost,) * 55), "costly: expected at most 54 entries, got 55"),
        (dict(nil_losses=(loss,) * 55), "nil_losses: expected at most 54 entries, got 55"),
        (dict(sides=(cost,)), "sides: expected entries of type SideAnalysis, got CostlyCard("),
        (dict(costly=(loss,)), "costly: expected entries of type CostlyCard, got NilLoss("),
        (dict(nil_losses=(cost,)), "nil_losses: expected entries of type NilLoss, got CostlyCard("),
    ]
    for change, words in refusals:
        with pytest.raises(ArgumentError) as caught:
            HandAnalysis(**{**dict(number=0, sides=(), costly=(), nil_losses=()), **change})  # type: ignore[arg-type]
        assert str(caught.value) == words or (words.endswith("(") and str(caught.value).startswith(words))
    hand = HandAnalysis(0, (side,), (), ())
    rules = Rules.partnership()
    assert len(GameAnalysis(rules, (hand,) * 1_000_000).hands) == 1_000_000
    with pytest.raises(ArgumentError) as caught:
        GameAnalysis(rules, (hand,) * 1_000_001)
    assert str(caught.value) == "hands: expected at most 1000000 entries, got 1000001"
    with pytest.raises(ArgumentTypeError) as caught:
        GameAnalysis(rules, (side,))  # type: ignore[arg-type]
    assert str(caught.value).startswith("hands: expected entries of type HandAnalysis, got SideAnalysis(")
    with pytest.raises(ArgumentTypeError) as caught:
        GameAnalysis("partnership", ())  # type: ignore[arg-type]
    assert str(caught.value) == "rules: expected a Rules value, got 'partnership'"
    with pytest.raises(ArgumentError) as caught:
        GameAnalysis(Rules.two_player(), (hand, HandAnalysis(7, (SideAnalysis(1, (1,), 0, 0, 0), SideAnalysis(2, (1,), 0, 0, 0)), (), ())))
    assert str(caught.value) == "sides: side 2 in hand 7, but these rules have 2 sides"
    assert GameAnalysis(Rules.cutthroat(4), (HandAnalysis(0, (SideAnalysis(3, (3,), 0, 0, 0),), (), ()),)).hands


def test_analyse_names_what_it_was_given() -> None:
    record = Record.of_state(new_game(Rules.partnership(), seed=1))
    with pytest.raises(ArgumentTypeError) as caught:
        analyse("record")  # type: ignore[arg-type]
    assert str(caught.value) == "analyse reads a Record, got str"
    with pytest.raises(ArgumentTypeError) as caught:
        analyse(record, progress=3)  # type: ignore[arg-type]
    assert str(caught.value) == "progress is a function (done, cards), got int"
    for call in (format_analysis, analysis_to_json):
        with pytest.raises(ArgumentTypeError) as caught:
            call(record)  # type: ignore[arg-type]
        assert str(caught.value) == f"{call.__name__} reads a GameAnalysis, got Record"
