"""What the events and the score-sheet values check, field by field and
between states: found wanting by mutation testing of spades.events and
spades.sheet (tests/MUTANTS.md).  Each test checks the rules or the
documented contract, not the code."""
from __future__ import annotations

import pickle
import re
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from spades import ArgumentError, ArgumentTypeError, Bid, Card, Draft, HandRecord, Phase, Rules, StateError, new_game, seat_view
from spades.events import (BidMade, Dealt, Discarded, Drafted, Exchanged, HandScored, HandStarted, Replaced, TopOfStock, TrickWon,
                           advance, events)
from spades.sampling import count_deals, sample_hands
from spades.cli import format_hand
from spades.sheet import HandSummary, PlayedTrick, check_row, check_summary
from spades.view import hand_summary

from _games import PRESETS, play
from _forgery import plain_dict


# --- events: construction checks ------------------------------------------------

def test_event_fields_are_checked() -> None:
    with pytest.raises(ArgumentTypeError):
        HandStarted(number=None, dealer=0)  # type: ignore[arg-type]  # a required field may not be None
    with pytest.raises(ArgumentTypeError):
        Exchanged(giver=0, receiver=2, count=3, cards=[0, 1, 2])  # type: ignore[arg-type]  # an optional field, when given, is a CardSet
    with pytest.raises(ArgumentTypeError):
        Drafted(seat=1, kept=None, discarded=5)  # type: ignore[arg-type]  # an int is not a Card, even after a None field


def test_event_counts_up_to_a_billion() -> None:
    assert HandStarted(number=10**9, dealer=0).number == 10**9
    assert HandStarted(number=100, dealer=0).number == 100
    with pytest.raises(ArgumentError):
        HandStarted(number=10**9 + 1, dealer=0)


# --- events between states ------------------------------------------------------

def test_events_refuse_two_different_games() -> None:
    rules = Rules.partnership()
    with pytest.raises(ArgumentError):
        events(new_game(rules, seed=1), new_game(rules, seed=2), 0)


def _two_player_games(seeded: bool) -> Iterator[tuple[Rules, list[Any]]]:
    for name in ("two-player", "two-player-2"):
        for seed in range(6):
            yield PRESETS[name], play(PRESETS[name], seed, seeded=seeded, double_nil=0.7)


@pytest.mark.parametrize("seeded", [True, False])
def test_replacements_are_shown_to_the_drawer_only_and_match_the_discards(seeded: bool) -> None:  # T-6
    for rules, states in _two_player_games(seeded):
        for seat in range(2):
            happened = events(states[0], states[-1], seat)
            discards: Counter[int] = Counter()
            replaced: Counter[int] = Counter()
            for e in happened:
                if isinstance(e, HandStarted):
                    assert discards == replaced
                if isinstance(e, Discarded) and e.count:
                    discards[e.seat] += 1
                if isinstance(e, Replaced):
                    assert e.count >= 1
                    replaced[e.seat] += 1
                    assert (e.cards is not None) == (e.seat == seat)


@pytest.mark.parametrize("seeded", [True, False])
def test_the_top_of_the_stock_is_told_once_per_draft_turn(seeded: bool) -> None:  # T-2, T-3, T-6
    """Unsealed: each seat learns the top of the stock at each of its 13
    draft turns, once (a Double Nil declared at the turn tells it no
    second time)."""
    for rules, states in _two_player_games(seeded):
        for seat in range(2):
            happened = events(states[0], states[-1], seat)
            per_hand = []  # the hands begun after the first state (that one's first turn may be past)
            for e in happened:
                if isinstance(e, HandStarted):
                    per_hand.append(0)
                if isinstance(e, TopOfStock) and per_hand:
                    per_hand[-1] += 1
            finished = len(per_hand) - (0 if states[-1].is_over else 1)
            assert per_hand[:finished] == [rules.hand_size] * finished, (per_hand, seat)


@pytest.mark.parametrize("seeded", [True, False])
def test_sealed_top_of_stock_is_the_seats_own_card(seeded: bool) -> None:  # T-2
    for rules, states in _two_player_games(seeded):
        for seat in range(2):
            for before, after in zip(states, states[1:]):
                for e in events(before, after, seat, sealed=True):
                    if isinstance(e, TopOfStock):
                        assert after.turn == seat and e.card == after.top_of_stock


def test_advance_refuses_a_draft_turn_of_its_own_seat_without_both_cards() -> None:  # T-2
    rules = Rules.two_player()
    state = new_game(rules, seed=4)
    while state.is_chance:
        state = state.apply(state.sample_chance(random.Random(0)))
    me = state.turn
    assert me is not None
    view = seat_view(state, me)
    with pytest.raises(StateError):
        advance(view, [Drafted(seat=me, kept=state.top_of_stock, discarded=None)])


@pytest.mark.parametrize("seeded", [True, False])
@pytest.mark.parametrize("rules", [Rules.partnership(double_nil_allowed=False), Rules.two_player(double_nil_allowed=False),
                                   Rules.preset("cutthroat-3", double_nil_allowed=False)])
def test_sealed_events_are_the_plain_ones_when_double_nil_is_closed(rules: Rules, seeded: bool) -> None:  # P-6, T-6
    """Sealing holds a seat's cards back only while Double Nil is open to
    it; with Double Nil closed a sealed client learns exactly what a plain
    one does, each card once, also across the end of a hand."""
    states = play(rules, 1, seeded=seeded, limit=600)
    ends = [i for i in range(1, len(states)) if states[i].hand_number != states[i - 1].hand_number]
    assert ends  # a hand ended within the game played
    rng = random.Random(5)
    for seat in range(rules.players):
        assert not any(state.double_nil_open(seat) for state in states)
        windows = [(i - 1, i) for i in ends] + [(i - rng.randint(1, 9), i + rng.randint(0, 9)) for i in ends]
        windows += [(0, len(states) - 1)]
        for first, last in windows:
            before, after = states[max(first, 0)], states[min(last, len(states) - 1)]
            sealed = events(before, after, seat, sealed=True)
            assert sealed == events(before, after, seat)
            first, last = max(first, 0), min(last, len(states) - 1)
            deals = sum(states[i].phase is not Phase.DEAL and (states[i - 1].phase is Phase.DEAL or
                                                              states[i].hand_number != states[i - 1].hand_number)
                        for i in range(first + 1, last + 1))  # steps that put a new hand in the seats' hands
            assert sum(isinstance(e, Dealt) for e in sealed) == deals * (not rules.is_draft)


def test_a_sealed_double_nil_at_the_first_draft_turn_then_shows_the_top_of_the_stock() -> None:  # T-2, T-6
    """Two-player, sealed: the first to draft answers Double Nil before
    seeing a card, then learns the top of the stock it is to draft; a
    plain client saw that card already and is not told it twice."""
    state = new_game(Rules.two_player(), seed=1)
    me = state.turn
    assert me is not None and state.phase is Phase.DRAFT and state.top_of_stock is not None
    assert state.double_nil_open(me)
    assert seat_view(state, me, sealed=True).top_of_stock is None
    after = state.apply(Bid.DOUBLE_NIL)
    assert events(state, after, me, sealed=True) == (BidMade(seat=me, bid=Bid.DOUBLE_NIL),
                                                     TopOfStock(card=state.top_of_stock))
    assert events(state, after, me) == (BidMade(seat=me, bid=Bid.DOUBLE_NIL),)
    assert events(state, after, 1 - me, sealed=True) == (BidMade(seat=me, bid=Bid.DOUBLE_NIL),)
    view = advance(seat_view(state, me, sealed=True), events(state, after, me, sealed=True), sealed=True)
    assert view == seat_view(after, me, sealed=True) and view.top_of_stock == state.top_of_stock


def test_a_hand_starts_only_after_the_one_before_is_scored_and_in_order() -> None:  # C-2
    rules = Rules.two_player()
    view = seat_view(new_game(rules, seed=1), 0)
    for number in (0, 1, 5):
        with pytest.raises(StateError, match=rf"^the events do not fit the view: they start hand {number} "
                                             r"before hand 0 is scored \(C-2\)$"):
            advance(view, [HandStarted(number=number, dealer=0)])
    states = play(rules, 3, seeded=True, limit=600)
    end = next(i for i in range(1, len(states)) if states[i].hand_number == 1)
    before, after = states[end - 1], states[end]
    happened = list(events(before, after, 0))
    at = next(i for i, e in enumerate(happened) if isinstance(e, HandStarted))
    assert advance(seat_view(before, 0), happened) == seat_view(after, 0)
    for number in (0, 2, 7):
        forged = happened[:at] + [HandStarted(number=number, dealer=after.dealer)] + happened[at + 1:]
        with pytest.raises(StateError, match=rf"^the events do not fit the view: they start hand {number}, "
                                             r"but the next hand is hand 1 \(C-2\)$"):
            advance(seat_view(before, 0), forged)
    twice = happened[:at + 1] + [HandStarted(number=2, dealer=after.dealer)] + happened[at + 1:]
    with pytest.raises(StateError, match=r"^the events do not fit the view: they start hand 2 before hand 1 is scored"):
        advance(seat_view(before, 0), twice)


# --- sheet: field checks --------------------------------------------------------

def _summary(**changes: Any) -> HandSummary:
    rules = Rules.partnership()
    states = play(rules, 0, seeded=True)
    row = hand_summary(rules, states[-1].sheet[0])
    fields: dict[str, Any] = dict(number=row.number, dealer=row.dealer, bids=row.bids, tricks_won=row.tricks_won,
                                  tricks=row.tricks, result=row.result)
    fields.update(changes)
    return HandSummary(**fields)


def test_played_trick_fields_are_seats_and_at_most_four_cards() -> None:  # P-1, V-10, C-7
    PlayedTrick(leader=3, cards=(Card(0), Card(1), Card(2), Card(3)), winner=3)
    PlayedTrick(leader=0, cards=(), winner=-1)
    for bad in (dict(leader=4), dict(winner=4), dict(winner=-2), dict(cards=tuple(map(Card, range(5))))):
        fields: dict[str, Any] = dict(leader=0, cards=(), winner=-1)
        fields.update(bad)
        with pytest.raises(ArgumentError):
            PlayedTrick(**fields)


def test_hand_summary_fields_are_in_range() -> None:  # P-1, V-10, C-8
    _summary(number=10**9)
    row = _summary()
    for bad in (dict(number=10**9 + 1), dict(dealer=4), dict(bids=row.bids + (Bid(1),)),
                dict(tricks_won=row.tricks_won + (0,)), dict(tricks_won=(18, 0, 0, 0)),
                dict(tricks=row.tricks + row.tricks[:1] * (18 - len(row.tricks)))):
        with pytest.raises(ArgumentError):
            _summary(**bad)


def test_a_summary_holds_at_most_a_hand_of_seventeen_tricks_and_every_one_writes() -> None:  # V-10, C-8
    """Three players' 17-card hands are the largest (V-10): a row of more
    tricks is refused when made, and every row that is made can be written
    in a view's score-sheet code."""
    row = _summary()
    for won in range(18):
        view = seat_view(play(Rules.partnership(), 0, seeded=True)[-1], 0)
        view = attrs.evolve(view, sheet=(attrs.evolve(row, tricks_won=(won, 0, 0, 0)),) + view.sheet[1:])
        code = plain_dict(view)["sheet"][0]
        assert code.split("/")[1] == "0123456789TJQKWXYZ"[won] + "000"
    with pytest.raises(ArgumentError):
        attrs.evolve(row, tricks_won=(18, 0, 0, 0))


def _misfits(rules: Rules, row: HandSummary) -> Iterator[tuple[str, HandSummary]]:
    """``row`` changed, one way at a time, into a row no hand under
    ``rules`` gives, though each field is in its own range."""
    players, size = rules.players, rules.hand_size
    for dealer in range(players, 4):
        yield f"dealer {dealer}", attrs.evolve(row, dealer=dealer)
    if players < 4:
        yield "a bid too many", attrs.evolve(row, bids=row.bids + (Bid(1),))
        yield "a trick count too many", attrs.evolve(row, tricks_won=row.tricks_won + (0,))
    yield "a bid too few", attrs.evolve(row, bids=row.bids[:-1])
    yield "a trick count too few", attrs.evolve(row, tricks_won=row.tricks_won[:-1])
    if size < 17:
        yield "a bid over a hand", attrs.evolve(row, bids=(Bid(size + 1),) + row.bids[1:])
        yield "tricks over a hand", attrs.evolve(row, tricks_won=(size + 1,) + row.tricks_won[1:])
    if row.tricks:
        first = row.tricks[0]
        joker = (Card.parse("BJ"),) + first.cards[1:]  # not in these rules' standard deck (C-1)
        yield "a card not in the deck", attrs.evolve(row, tricks=(attrs.evolve(first, cards=joker),) + row.tricks[1:])
        if size < 17:
            yield "more tricks than a hand", attrs.evolve(row, tricks=row.tricks + (first,) * (size + 1 - len(row.tricks)))
    if row.tricks and players < 4:
        first = row.tricks[0]
        yield "a trick led by no seat", attrs.evolve(row, tricks=(attrs.evolve(first, leader=players),) + row.tricks[1:])
        yield "a trick won by no seat", attrs.evolve(row, tricks=(attrs.evolve(first, winner=players),) + row.tricks[1:])
        extra = next(Card(card) for card in range(52) if card not in first.cards)
        yield "a trick of a card too many", attrs.evolve(row, tricks=(attrs.evolve(first, cards=first.cards + (extra,)),)
                                                                     + row.tricks[1:])
    other = next(r for r in PRESETS.values() if len(r.sides) != len(rules.sides))
    result = play(other, 0, seeded=True)[-1].sheet[0].result
    yield "the scores of other sides", attrs.evolve(row, result=result)


@pytest.mark.parametrize("name", ["two-player", "cutthroat-3", "partnership"])
def test_what_works_out_a_game_from_a_view_refuses_a_row_of_other_rules(name: str) -> None:  # P-1, T-1, V-10, C-8
    """count_deals, sample_hands and advance work out a game from the
    view's score sheet: a row no hand of the rules gives is a StateError
    that names the row, never a crash (an IndexError)."""
    rules = PRESETS[name]
    states = play(rules, 1, seeded=True)
    end = next(i for i, state in enumerate(states) if state.sheet)
    start = seat_view(states[0], 0, history=True)
    later = seat_view(states[min(end + 3, len(states) - 1)], 0, history=True)
    scored = events(states[0], states[end], 0)
    check_summary(later.sheet[0], rules)
    size, row = rules.hand_size, later.sheet[0]
    check_summary(attrs.evolve(row, bids=(Bid(size),) + row.bids[1:], tricks_won=(size,) + row.tricks_won[1:]), rules)
    for what, bad in _misfits(rules, later.sheet[0]):
        with pytest.raises(ArgumentError, match="^the row"):
            check_summary(bad, rules)
        view = attrs.evolve(later, sheet=(bad,))
        for work in (count_deals, lambda v: sample_hands(v, random.Random(0))):
            with pytest.raises(StateError, match="^no game gives this view: sheet hand 0: "):
                work(view)
        forged = tuple(HandScored(summary=bad) if type(event) is HandScored else event for event in scored)
        with pytest.raises(StateError):
            advance(start, forged)


def test_hand_summary_refuses_a_record_of_other_rules() -> None:  # P-1, P-2, T-2, V-10
    four = PRESETS["cutthroat-4"]   # 4 seats, 4 sides
    partnership = Rules.partnership()
    row = play(four, 0, seeded=True)[-1].sheet[0]
    with pytest.raises(ArgumentError):
        hand_summary(partnership, row)
    good = play(partnership, 0, seeded=True)[-1].sheet[0]
    draft = next(a for a in play(PRESETS["two-player"], 0, seeded=True)[-1].sheet[0].actions if type(a) is Draft)
    drafted = HandRecord(number=good.number, dealer=good.dealer, hands=good.hands, bids=good.bids, tricks=good.tricks,
                         result=good.result, actions=good.actions + (draft,))
    with pytest.raises(ArgumentError):   # a drafted hand under rules that deal (P-2, T-2)
        hand_summary(partnership, drafted)
    good = play(PRESETS["two-player"], 0, seeded=True)[-1].sheet[0]
    for dealer in (2, 3):  # seats of some rules, not of two players' (T-1)
        bad = HandRecord(number=good.number, dealer=dealer, hands=good.hands, bids=good.bids, tricks=good.tricks,
                         result=good.result, actions=good.actions)
        with pytest.raises(ArgumentError):
            hand_summary(PRESETS["two-player"], bad)


@pytest.mark.parametrize("rules", [Rules.partnership(), Rules.two_player(), Rules.preset("cutthroat-3")])
def test_a_rows_dealer_is_a_seat_of_its_rules(rules: Rules) -> None:  # P-1, P-2, T-1, V-10
    """The functions that take a score-sheet row refuse one whose dealer
    is not a seat, a bool included, with the same message."""
    row = play(rules, 0, seeded=True)[-1].sheet[0]
    assert check_row(attrs.evolve(row, dealer=rules.players - 1), rules)[0].dealer == rules.players - 1
    for dealer in range(rules.players, 4):  # a seat of other rules
        bad = attrs.evolve(row, dealer=dealer)
        message = f"^the record's dealer is not a seat of these rules \\(P-1, T-1, V-10\\): {dealer}$"
        with pytest.raises(ArgumentError, match=message):
            check_row(bad, rules)
        with pytest.raises(ArgumentError, match=message):
            hand_summary(rules, bad)
        with pytest.raises(ArgumentError, match=message):
            format_hand(bad, rules)
    dealers: tuple[Any, ...] = (4, -1, True, False, "0", None, 0.0)  # no seat of any rules: not a record at all
    for dealer in dealers:
        with pytest.raises((ArgumentError, ArgumentTypeError), match=f"^dealer: .*{re.escape(repr(dealer))}"):
            attrs.evolve(row, dealer=dealer)


def test_a_record_made_directly_is_checked_for_type_and_range() -> None:  # C-8, V-10
    """A :class:`HandRecord` holding what is not a hand's (junk bids, a
    trick count of another type, a result that is no score...) is refused
    when it is made: one was taken, hashed and shown, and the functions
    that read it failed with Python's own errors (``format_hand`` with an
    AttributeError) or passed the junk on (``hand_summary``)."""
    rules = Rules.partnership()
    row = play(rules, 0, seeded=True)[-1].sheet[0]
    bad: list[dict[str, Any]] = [
        {"number": "x"}, {"number": -1}, {"number": 10**9 + 1}, {"number": True},
        {"bids": (None,) * 4}, {"bids": list(row.bids)}, {"bids": row.bids[:3]}, {"bids": row.bids + row.bids},
        {"tricks": (13.0, 0, 0, 0)}, {"tricks": (18, 0, 0, 0)}, {"tricks": (-1, 7, 7, 0)}, {"tricks": row.tricks[:2]},
        {"hands": tuple(str(hand) for hand in row.hands)}, {"hands": row.hands[:3]},
        {"result": None}, {"result": row.result.sides},
        {"actions": row.actions + (None,)}, {"actions": list(row.actions)}, {"actions": (_Raising(),)},
    ]
    for fields in bad:
        with pytest.raises((ArgumentError, ArgumentTypeError)) as info:
            attrs.evolve(row, **fields)
        assert len(str(info.value)) <= 300
    assert attrs.evolve(row, number=7).number == 7 and attrs.evolve(row) == row
    assert hand_summary(rules, attrs.evolve(row, number=7)).number == 7


class _Raising:
    """A value whose repr, hash and comparisons raise."""

    def __repr__(self) -> str:
        raise RuntimeError("repr")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __hash__(self) -> int:
        raise RuntimeError("hash")


def test_a_record_built_by_hand_pickles() -> None:
    good = play(Rules.partnership(), 0, seeded=True)[-1].sheet[0]
    built = HandRecord(number=good.number, dealer=good.dealer, hands=good.hands, bids=good.bids, tricks=good.tricks,
                       result=good.result, actions=good.actions)
    again = pickle.loads(pickle.dumps(built))
    assert again == built and again.hands == good.hands and again.actions == good.actions


def test_events_refuse_a_state_of_another_seed() -> None:
    rules = Rules.partnership()
    with pytest.raises(ArgumentError):
        events(new_game(rules), new_game(rules, seed=1), 0)


def test_a_view_names_seats_of_the_rules_only() -> None:  # P-1
    import attrs
    view = seat_view(new_game(Rules.partnership(), seed=1), 0)
    for name in ("turn", "leader"):
        with pytest.raises(ArgumentError):
            attrs.evolve(view, **{name: 4})  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", [Rules.partnership(), Rules.two_player(), Rules.cutthroat(3)], ids=["p", "t", "c3"])
def test_advance_refuses_a_trick_won_by_another_seat(rules: Rules) -> None:  # C-7
    """The winner of a trick is the highest spade in it, else the highest
    card of the suit led: a TrickWon naming any other seat does not fit the
    game the view and the events describe, and the view is not brought up
    to date with it."""
    rng = random.Random(6)
    state = new_game(rules, seed=6)
    while state.phase is not Phase.PLAY or state.trick:
        legal = state.legal_actions()
        state = state.apply(rng.choice([a for a in legal if a != Bid.DOUBLE_NIL]))
    before = state
    while not any(state.tricks_won):
        state = state.apply(rng.choice(state.legal_actions()))
    for seat in range(rules.players):
        happened = list(events(before, state, seat))
        (index,) = [i for i, event in enumerate(happened) if isinstance(event, TrickWon)]
        won = happened[index]
        assert isinstance(won, TrickWon)
        winner = won.seat
        assert winner == state.tricks_won.index(1) and advance(seat_view(before, seat), happened) == seat_view(state, seat)
        for other in range(rules.players):
            if other != winner:
                forged = happened[:index] + [TrickWon(seat=other)] + happened[index + 1 :]
                with pytest.raises(StateError):
                    advance(seat_view(before, seat), forged)
