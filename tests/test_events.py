"""Events: what a seat may learn between two states, and a view kept up to
date with them (``spades.events``), with their JSON form."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import ArgumentError, Bid, Card, CardSet, GameState, Phase, Rules, SpadesError, StateError, new_game
from spades import seat_view
from spades.events import (
    EVENT_TYPES,
    BidMade,
    CardPlayed,
    Dealt,
    Discarded,
    Drafted,
    Event,
    Exchanged,
    GameOver,
    HandStarted,
    Replaced,
    TopOfStock,
    TrickWon,
    Turn,
    advance,
    events,
)
from spades.serial import event_from_dict, event_from_json, event_to_dict, event_to_json

from _games import PRESETS, play, presets, seeds


def _cards_in(event: Event) -> int:
    mask = 0
    for name in ("cards", "card", "kept", "discarded"):
        value = getattr(event, name, None)
        if isinstance(value, CardSet):
            mask |= value.mask
        elif isinstance(value, Card):
            mask |= 1 << value
    return mask


def _known(state: GameState, seat: int) -> int:
    """Every card ``seat`` may know of at ``state``: its own, and the public ones."""
    view = seat_view(state, seat, history=True)
    mask = view.hand.mask | view.gave.mask | view.received.mask | view.drafted.mask | view.draft_discards.mask
    if view.top_of_stock is not None:
        mask |= 1 << view.top_of_stock
    for trick in view.tricks:
        mask |= sum(1 << c for c in trick.cards)
    mask |= sum(1 << c for c in view.trick)
    for row in view.sheet:
        mask |= sum(1 << c for t in row.tricks for c in t.cards)
    return mask


@given(presets, seeds, st.booleans())
@settings(max_examples=20, deadline=None)
def test_a_games_events_bring_the_first_view_to_the_last(name: str, seed: int, seeded: bool) -> None:
    rules = PRESETS[name]
    states = play(rules, seed, seeded=seeded, double_nil=0.4)
    rng = random.Random(seed)
    for seat in range(rules.players):
        assert advance(seat_view(states[0], seat), events(states[0], states[-1], seat)) == seat_view(states[-1], seat)
        full = advance(seat_view(states[0], seat, history=True), events(states[0], states[-1], seat))
        assert full == seat_view(states[-1], seat, history=True)
        # In steps of random length, as a client that is sent what happened since its last message.
        view, at = seat_view(states[0], seat), 0
        while at < len(states) - 1:
            nxt = min(len(states) - 1, at + rng.randint(1, 30))
            view = advance(view, events(states[at], states[nxt], seat))
            assert view == seat_view(states[nxt], seat)
            at = nxt


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_step_of_a_game_and_no_hidden_card(name: str) -> None:  # P-6, T-2, T-6
    rules = PRESETS[name]
    states = play(rules, 5, seeded=False, double_nil=0.5)
    for seat in range(rules.players):
        view = seat_view(states[0], seat)
        for before, after in zip(states, states[1:]):
            happened = events(before, after, seat)
            known = _known(before, seat) | _known(after, seat)
            for event in happened:
                assert not _cards_in(event) & ~known, (event, seat)
                assert event_from_json(event_to_json(event), rules) == event
                assert event_from_dict(event_to_dict(event), rules) == event
            view = advance(view, happened)
            assert view == seat_view(after, seat)


def test_every_kind_of_event_happens() -> None:
    seen: set[type] = set()
    for name in ("partnership", "two-player", "two-player-2"):
        rules = PRESETS[name]
        for seed in range(3):
            states = play(rules, seed, seeded=False, double_nil=0.6)
            for seat in range(rules.players):
                seen.update(type(e) for e in events(states[0], states[-1], seat))
    assert seen == set(EVENT_TYPES)


def test_what_a_seat_sees_of_others_exchanges_and_draft() -> None:  # P-6, T-2, T-6
    for rules, kinds in ((PRESETS["partnership"], (Exchanged,)), (PRESETS["two-player"], (Drafted, Discarded, Replaced))):
        for seed in range(20):
            states = play(rules, seed, seeded=False, double_nil=0.6)
            for seat in range(rules.players):
                for event in events(states[0], states[-1], seat):
                    if isinstance(event, Exchanged):
                        assert (event.cards is not None) == (seat in (event.giver, event.receiver))
                        assert event.receiver in rules.sides[rules.side_of[event.giver]]
                    if isinstance(event, (Drafted, Discarded, Replaced)):
                        shown = event.kept if isinstance(event, Drafted) else event.cards
                        assert (shown is not None) == (event.seat == seat)
                    if isinstance(event, TopOfStock):
                        assert states[0].rules.is_draft


def test_events_name_bids_cards_tricks_and_turns_in_order() -> None:  # C-3, C-7, P-3, P-7
    state = new_game(Rules.partnership(), seed=3)
    after = state
    for bid in (3, 4, 2, 3):
        after = after.apply(Bid(bid))
    first = after
    for _ in range(4):
        after = after.apply(after.legal_actions()[0])
    happened = events(state, after, 0)
    bids = [e for e in happened if isinstance(e, BidMade)]
    assert [(e.seat, e.bid) for e in bids] == [(1, Bid(3)), (2, Bid(4)), (3, Bid(2)), (0, Bid(3))]
    plays = [e for e in happened if isinstance(e, CardPlayed)]
    assert [e.seat for e in plays] == [1, 2, 3, 0] and [e.card for e in plays] == list(seat_view(after, 0).tricks[0].cards)
    winner = seat_view(after, 0).tricks[0].winner
    at = happened.index(plays[-1])
    assert happened[at + 1] == TrickWon(seat=winner)
    # The winner leads next (C-7): a Turn follows unless the turn stays with the seat that played last.
    assert happened[at + 2:] == ((Turn(phase=Phase.PLAY, seat=winner),) if winner != 0 else ())
    assert Turn(phase=Phase.PLAY, seat=1) in events(state, first, 2)


def test_bad_arguments() -> None:
    state = new_game(Rules.partnership(), seed=3)
    later = state.apply(Bid(3))
    with pytest.raises(ArgumentError):
        events(later, state, 0)  # backwards
    with pytest.raises(ArgumentError):
        events(state, new_game(Rules.partnership(), seed=4).apply(Bid(3)), 0)
    with pytest.raises(ArgumentError):
        events(state, later, 4)
    with pytest.raises(ArgumentError):
        events(state, "later", 0)  # type: ignore[arg-type]
    view = seat_view(state, 0)
    with pytest.raises(ArgumentError):
        advance(view, [object()])  # type: ignore[list-item]
    with pytest.raises(ArgumentError):
        advance("view", [])  # type: ignore[arg-type]
    bads: list[dict[str, Any]] = [{"seat": True, "card": Card(0)}, {"seat": 1, "card": 0}, {"seat": -1, "card": Card(0)}]
    for bad in bads:
        with pytest.raises(ArgumentError):
            CardPlayed(**bad)


def test_forged_events_do_not_fit_the_view() -> None:  # C-1, C-3, C-5
    state = new_game(Rules.partnership(), seed=3)
    view = seat_view(state, 0)
    mine = next(iter(state.hand(0)))
    forgeries: list[list[Any]] = [
        [BidMade(seat=2, bid=Bid(3))],  # out of turn (P-3)
        [BidMade(seat=1, bid=Bid(14))],  # C-3
        [CardPlayed(seat=1, card=mine)],  # a card of this seat's hand, and in the bidding
        [Dealt(cards=CardSet(0))],
        [Turn(phase=Phase.PLAY, seat=2)],
        [TrickWon(seat=1)],
    ]
    for forged in forgeries:
        with pytest.raises(StateError):
            advance(view, forged)


def test_an_event_by_a_seat_not_to_act_does_not_fit() -> None:  # C-3, P-3, P-6, P-7, T-3, T-6
    """A bid, a card, a draft turn, an exchange or a discard by any seat but
    the one to act, or a second bid of a seat in one hand, is refused, in
    every phase: it would rewrite or invent what a seat did."""
    rng = random.Random(4)
    for name in ("partnership", "two-player"):
        checked = set()
        for seed in range(40):
            for state in play(PRESETS[name], seed, seeded=True, double_nil=0.5):
                if state.is_chance or state.is_over:
                    continue
                phase, turn = state.phase, state.turn
                assert turn is not None
                view = seat_view(state, rng.randrange(state.rules.players))
                players = state.rules.players
                other = (turn + 1 + rng.randrange(players - 1)) % players
                forged: list[Any] = []
                if phase is Phase.BID:
                    bidden = [seat for seat, made in enumerate(state.bids) if made is not None]
                    bid = Bid(1)
                    forged += [[BidMade(seat=other, bid=bid)], *[[BidMade(seat=s, bid=bid)] for s in bidden]]
                elif phase is Phase.PLAY:
                    card = next(iter(state.hand(other)), Card.parse("2C"))
                    forged += [[CardPlayed(seat=other, card=card)],
                               *[[BidMade(seat=s, bid=Bid(0, double_nil=True))] for s in range(players)]]
                elif phase is Phase.DRAFT:
                    forged.append([Drafted(seat=other, kept=None, discarded=None)])
                elif phase is Phase.EXCHANGE:
                    forged.append([Exchanged(giver=other, receiver=turn, count=1, cards=None)])
                elif phase is Phase.DISCARD:
                    forged.append([Discarded(seat=other, count=1, cards=None)])
                for happened in forged:
                    with pytest.raises(StateError, match="has bid already|is to act"):
                        advance(view, happened)
                checked.add(phase)
        assert {Phase.BID, Phase.PLAY} <= checked
        assert (Phase.DRAFT in checked) == (name == "two-player")


def test_events_after_the_end_or_an_end_that_is_not_do_not_fit() -> None:  # S-9
    # A finished game's view took any events and came back unchanged, and a
    # GameOver in a game going on (or naming a side that did not win, or no
    # side at all) was ignored.
    rng = random.Random(3)
    state = new_game(Rules.partnership(losing_floor=-100), seed=5)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    over = seat_view(state, 0)
    assert over.phase is Phase.GAME_OVER and over.winner is not None
    for junk in ([HandStarted(number=0, dealer=0)], [BidMade(seat=2, bid=Bid(13))], [Turn(phase=Phase.BID, seat=1)],
                 [GameOver(winner=over.winner)]):
        with pytest.raises(StateError, match="the game is over"):
            advance(over, junk)
    live = seat_view(new_game(Rules.partnership(), seed=1), 0)
    for winner in (0, 1, 7):
        with pytest.raises(StateError, match="game won by side"):
            advance(live, [GameOver(winner=winner)])
    # The true end: the last card's events, and that same end told wrong.
    before = states[-2]
    told = list(events(before, state, 0))
    assert advance(seat_view(before, 0), told) == over
    ends = [i for i, event in enumerate(told) if type(event) is GameOver]
    assert len(ends) == 1
    wrong_winner = told[:ends[0]] + [GameOver(winner=1 - over.winner)] + told[ends[0] + 1:]
    no_end = told[:ends[0]] + told[ends[0] + 1:]
    after_end = told + [BidMade(seat=1, bid=Bid(3))]
    for forged in (wrong_winner, no_end, after_end):
        with pytest.raises(StateError):
            advance(seat_view(before, 0), forged)


@pytest.mark.parametrize(
    "data",
    [
        {}, {"event": "nope"}, {"event": "card_played", "seat": 1}, {"event": "card_played", "seat": 1, "card": "ZZ"},
        {"event": "card_played", "seat": 9, "card": "QH"}, {"event": "card_played", "seat": 1, "card": "QH", "x": 1},
        {"event": "bid", "seat": 1, "bid": 4}, {"event": "turn", "phase": "NAP", "seat": 1},
        {"event": "exchanged", "giver": 0, "receiver": 2, "count": 9, "cards": None}, [], "card_played",
        {"event": "hand_scored", "summary": {}}, {"event": "dealt", "cards": None},
    ],
)
def test_malformed_event_documents(data: Any) -> None:
    with pytest.raises(StateError):
        event_from_dict(data, Rules.partnership())


def test_a_long_game_stays_linear_enough_to_stream() -> None:
    rules = PRESETS["partnership"]
    states = play(rules, 2, seeded=True)
    happened = events(states[0], states[-1], 1)
    assert len(happened) > len(states)  # a card and a turn, a trick won, ...
    assert all(isinstance(e, EVENT_TYPES) for e in happened)
    with pytest.raises(SpadesError):
        event_from_json("{" * 5000, rules)


@given(presets, seeds, st.booleans())
@settings(max_examples=15, deadline=None)
def test_sealed_events_hold_the_cards_back_while_double_nil_is_open(name: str, seed: int, seeded: bool) -> None:
    # P-6, T-6: a client sent sealed views learns its cards once it has answered.
    rules = PRESETS[name]
    states = play(rules, seed, seeded=seeded, double_nil=0.4)
    rng = random.Random(seed)
    for seat in range(rules.players):
        view, at = seat_view(states[0], seat, sealed=True), 0
        while at < len(states) - 1:
            nxt = min(len(states) - 1, at + rng.randint(1, 12))
            happened = events(states[at], states[nxt], seat, sealed=True)
            if states[nxt].double_nil_open(seat):
                assert not any(type(e) in (Dealt, TopOfStock) for e in happened[-3:] if states[nxt].hand_number
                               == states[at].hand_number)
                assert not any(isinstance(e, Drafted) and e.seat == seat and e.kept is not None for e in happened)
            told = [type(e) for e in happened if type(e) in (TopOfStock, Drafted, HandStarted)]
            assert all(not (a is b is TopOfStock) for a, b in zip(told, told[1:]))  # once a draft turn (T-2)
            if not any(states[i].double_nil_open(seat) for i in range(at, nxt + 1)):
                assert happened == events(states[at], states[nxt], seat)  # nothing to hold back
            view = advance(view, happened, sealed=True)
            assert view == seat_view(states[nxt], seat, sealed=True)
            at = nxt
