"""Per-seat views: what a seat may know, and nothing more (DESIGN "Information")."""

from __future__ import annotations

import functools
import json
import random
import re
from typing import Any, cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import (
    Bid,
    Card,
    CardSet,
    Deal,
    Draft,
    Exchange,
    GameState,
    IllegalActionError,
    Phase,
    Replacement,
    Rules,
    SpadesError,
    Stock,
    new_game,
)
from spades.actions import Action
from spades.serial import to_json
from spades.view import HandSummary, seat_view

from _games import PRESETS, play, presets, seeds
from _knowledge import Knowledge, follow_suit, knowledge
from _forgery import plain_dict

C = Card.parse


def _one_suit_deal() -> Deal:
    # Seat 0 all spades, seat 1 all hearts, seat 2 all diamonds, seat 3 all clubs.
    return Deal(("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"))


def test_view_holds_own_hand_and_only_counts_of_others() -> None:  # P-2
    state = new_game(Rules.partnership(), seed=3)
    deal = state.history[0]
    assert isinstance(deal, Deal)
    for seat in range(4):
        view = seat_view(state, seat)
        assert view.seat == seat
        assert view.hand == deal.hands[seat]  # the hand dealt to the seat
        assert view.hand_sizes == (13, 13, 13, 13)
        assert view.scores == (0, 0) and view.bags == (0, 0)
        assert view.phase is Phase.BID and view.turn == 1  # P-3: left of dealer 0 bids first
        assert not hasattr(view, "hands")


def test_legal_actions_only_for_the_seat_to_act() -> None:  # P-3, C-3, P-6
    state = new_game(Rules.partnership(), seed=3)
    # Seat 1, left of dealer 0, bids first: any of 0..13, or Double Nil.
    assert seat_view(state, 1).legal_actions == tuple(Bid(t) for t in range(14)) + (Bid.DOUBLE_NIL,)
    assert seat_view(state, 1).is_my_turn
    for seat in (0, 2, 3):
        assert seat_view(state, seat).legal_actions == ()
        assert not seat_view(state, seat).is_my_turn


def test_double_nil_open_only_before_the_seat_bids() -> None:  # P-6
    state = new_game(Rules.partnership(), seed=3)
    assert seat_view(state, 1).double_nil_open
    after = state.apply(Bid(3))
    assert not seat_view(after, 1).double_nil_open
    assert seat_view(after, 2).double_nil_open
    assert seat_view(after, 1).bids == (None, Bid(3), None, None)


def test_double_nil_closed_when_not_trailing() -> None:  # V-3
    state = new_game(Rules.partnership(double_nil_trailing_by=100), seed=3)
    assert not seat_view(state, 1).double_nil_open


def test_tricks_with_leaders_and_winners() -> None:  # C-7, C-6, P-7
    state = new_game(Rules.partnership()).apply(_one_suit_deal())
    for _ in range(4):
        state = state.apply(Bid(3))
    # Seat 1 leads a heart; nobody can follow; seat 0 holds only spades (C-5).
    for card in ("AH", "2D", "2C", "2S"):
        state = state.apply(C(card))
    view = seat_view(state, 2)
    assert len(view.tricks) == 1
    trick = view.tricks[0]
    assert (trick.leader, trick.winner) == (1, 0)  # the 2S trumps the AH (C-7)
    assert trick.cards == (C("AH"), C("2D"), C("2C"), C("2S"))
    assert view.tricks_won == (1, 0, 0, 0)
    assert view.leader == 0 and view.turn == 0 and view.spades_broken
    assert view.hand_sizes == (12, 12, 12, 12)
    state = state.apply(C("AS")).apply(C("KH"))
    view = seat_view(state, 3)
    assert view.trick == (C("AS"), C("KH")) and view.leader == 0 and view.turn == 2


def test_partnership_exchange_cards_seen_by_the_two_partners_only() -> None:  # P-6
    state = new_game(Rules.partnership()).apply(_one_suit_deal())
    state = state.apply(Bid.DOUBLE_NIL).apply(Bid(4)).apply(Bid(4)).apply(Bid(4))  # seat 1 bids Double Nil
    assert state.phase is Phase.EXCHANGE and state.turn == 3  # the partner gives first
    passed = Exchange(CardSet.parse("...AKQ"))
    state = state.apply(passed)
    back = Exchange(CardSet.parse(".AKQ.."))
    state = state.apply(back)
    assert state.phase is Phase.PLAY
    assert seat_view(state, 3).gave == passed.cards and seat_view(state, 3).received == back.cards
    assert seat_view(state, 1).gave == back.cards and seat_view(state, 1).received == passed.cards
    for seat in (0, 2):
        view = seat_view(state, seat)
        assert not view.gave and not view.received
        text = json.dumps(plain_dict(view))
        assert all(str(card) not in text.split('"') for card in passed.cards | back.cards)
    assert seat_view(state, 1).hand_sizes == (13, 13, 13, 13)


def test_two_player_draft_cards_seen_by_the_drafting_seat_only() -> None:  # T-2
    rules = Rules.two_player()
    deck = [C(t) for t in ("AS", "KS", "QS", "JS")] + [c for c in CardSet(rules.deck_mask) if str(c) not in
                                                          ("AS", "KS", "QS", "JS")]
    state = new_game(rules).apply(Stock(tuple(deck)))
    assert state.turn == 0
    assert seat_view(state, 0).top_of_stock == C("AS")
    assert seat_view(state, 1).top_of_stock is None
    assert seat_view(state, 0).double_nil_open and seat_view(state, 1).double_nil_open  # T-6: until the first turn
    state = state.apply(Draft.KEEP)  # seat 0 keeps AS, discards KS
    view0, view1 = seat_view(state, 0), seat_view(state, 1)
    assert not view0.double_nil_open and view1.double_nil_open
    assert view0.drafted == CardSet.parse("A...") and view0.draft_discards == CardSet.parse("K...")
    assert not view1.drafted and not view1.draft_discards
    assert view1.top_of_stock == C("QS") and view0.top_of_stock is None
    assert view1.stock_left == 50 and view1.hand_sizes == (1, 0)
    state = state.apply(Draft.REJECT)  # seat 1 discards QS, keeps JS
    assert seat_view(state, 1).drafted == CardSet.parse("J...")
    assert seat_view(state, 1).draft_discards == CardSet.parse("Q...")
    assert seat_view(state, 0).drafted == CardSet.parse("A...")


def test_sheet_rows_carry_no_hidden_cards() -> None:  # P-6, T-2
    states = play(PRESETS["two-player"], 5, seeded=True)
    final = states[-1]
    assert final.sheet
    names = {f.name for f in attrs.fields(HandSummary)}
    assert names == {"number", "dealer", "bids", "tricks_won", "tricks", "result"}
    for row in plain_dict(seat_view(final, 0, history=True))["sheet"]:
        assert set(row) == names
    # Without history a row is what decides it, the bids and the tricks won,
    # as a code of one character each: no card in it.
    for row, summary, record in zip(plain_dict(seat_view(final, 0))["sheet"], seat_view(final, 0).sheet, final.sheet):
        assert type(row) is str and len(row) == 5 and summary.tricks == ()
        assert row[2] == "/" and sum("0123456789TJQK".index(c) for c in row[3:]) == 13  # C-8, T-3
        assert row[3:] == "".join("0123456789TJQK"[n] for n in record.tricks)


def test_no_such_seat() -> None:
    state = new_game(Rules.partnership(), seed=1)
    with pytest.raises(SpadesError):
        seat_view(state, 4)
    with pytest.raises(SpadesError):
        seat_view(state, -1)


def test_view_of_a_finished_game() -> None:  # S-9, V-1
    final = play(PRESETS["partnership"], 9, seeded=True)[-1]
    view = seat_view(final, 2)
    assert view.is_over and view.legal_actions == () and view.turn is None
    # The scores are the sums of the hands' points on the sheet, and the
    # game ended with one side on top, which won (S-9).
    assert view.scores == tuple(sum(row.result.points[side] for row in view.sheet) for side in range(2))
    top = max(view.scores)
    assert view.scores.count(top) == 1 and view.winner == view.scores.index(top)
    assert top >= 500 or min(view.scores) <= -200  # C-2, V-1: the target or the floor


# ----------------------------------------------------------------------
# The information property: a seat's view holds what the seat knows and
# nothing more.  What it knows is read from the actions by the rules alone
# (tests/_knowledge.py), never from the view under test.


def _cards_in(value: Any) -> int:
    """Every card named anywhere in a JSON value: strings that read as a card
    or as a set of cards."""
    mask = 0
    if isinstance(value, dict):
        for item in value.values():
            mask |= _cards_in(item)
    elif isinstance(value, list):
        for item in value:
            mask |= _cards_in(item)
    elif isinstance(value, str):
        mask |= _cards_of_text(value)
    return mask


@functools.lru_cache(maxsize=None)
def _cards_of_text(text: str) -> int:
    """The cards a string reads as, as a card or a set of cards (0 if neither)."""
    try:
        return 1 << Card.parse(text)
    except SpadesError:
        try:
            return CardSet.parse(text).mask
        except SpadesError:
            return 0


def _cards_of(value: object) -> int:
    """Every card in a view's value: its Card and CardSet fields, in tuples
    and in the attrs classes it is made of (tricks, summaries, exchanges)."""
    if isinstance(value, Card):
        return 1 << value
    if value is None or isinstance(value, (int, str)):
        return 0
    if isinstance(value, CardSet):
        return value.mask
    if isinstance(value, (tuple, list)):
        mask = 0
        for item in value:
            mask |= _cards_of(item)
        return mask
    if isinstance(value, Rules) or not attrs.has(type(value)):
        return 0
    mask = 0
    for field in attrs.fields(cast(Any, type(value))):
        mask |= _cards_of(getattr(value, field.name))
    return mask


def _shown(mask: int) -> str:
    return str(CardSet(mask))


def _check_view_against_knowledge(state: GameState, seat: int, rows: dict[tuple[int, int], object]) -> None:
    """The view of ``seat`` shows the seat's own cards as the rules give them
    to it, the public facts, and no card the seat has not seen (P-2, P-6,
    T-2, T-6, C-5..C-8); ``rows`` remembers the finished hands checked."""
    rules = state.rules
    view = seat_view(state, seat, history=True)
    assert attrs.evolve(view, sheet=tuple(attrs.evolve(row, tricks=()) for row in view.sheet), history=False) == (
        seat_view(state, seat)
    )
    known = knowledge(rules, state.dealer, state.history, seat)
    # The seat's own cards (P-2, V-10; T-2; P-6, T-6).
    assert view.hand == known.hand
    assert view.gave == known.gave and view.received == known.received
    assert view.drafted == known.drafted and view.draft_discards == known.draft_discards
    assert view.top_of_stock == known.top_of_stock  # T-2: only at the seat's own draft turn
    # Public facts: hand sizes, bids, the cards played and who led them.
    assert view.hand_sizes == known.sizes
    if state.is_over:
        assert view.bids == (None,) * rules.players  # S-9: no hand after the game; the last is on the sheet
    else:
        assert view.bids == known.bids
    assert tuple(c for t in view.tricks for c in t.cards) + view.trick == known.played
    size = rules.players
    assert [t.leader for t in view.tricks] == [known.players[i * size] for i in range(len(view.tricks))]
    if state.turn != seat:
        assert view.legal_actions == ()
    # Nothing else: every card the view names, in its fields and in its
    # JSON, is one the seat has seen this hand.
    seen = known.seen.mask
    named = _cards_of(attrs.evolve(view, sheet=()))
    assert not named & ~seen, f"seat {seat} is shown {_shown(named & ~seen)} in {state!r}"
    data = json.loads(to_json(view))
    sheet = data.pop("sheet")
    named = _cards_in(data)
    assert not named & ~seen, f"seat {seat} is shown {_shown(named & ~seen)} in the JSON of {state!r}"
    # Finished hands: only what the seat saw in that hand (every card
    # played; not the two-player discards of the other, T-2, nor a card set
    # aside, V-10).
    assert len(view.sheet) == len(sheet) == len(state.sheet)
    for row, summary, row_data in zip(state.sheet, view.sheet, sheet):
        key = (row.number, seat)
        if rows.get(key) == (summary, row_data):
            continue
        row_known = knowledge(rules, row.dealer, row.actions, seat)
        assert summary.bids == row_known.bids
        assert tuple(c for t in summary.tricks for c in t.cards) == row_known.played
        seen = row_known.seen.mask
        named = _cards_of(summary) | _cards_in(row_data)
        assert not named & ~seen, f"seat {seat} is shown {_shown(named & ~seen)} of hand {row.number}"
        rows[key] = (summary, row_data)


@given(preset=presets, seed=seeds, seeded=st.booleans())
def test_a_view_names_only_cards_the_seat_knows(preset: str, seed: int, seeded: bool) -> None:  # P-2, P-6, T-2, T-6
    # Every step of the game, every seat.
    rows: dict[tuple[int, int], object] = {}
    for state in play(PRESETS[preset], seed, seeded=seeded, double_nil=0.4):
        for seat in range(state.rules.players):
            _check_view_against_knowledge(state, seat, rows)


def _hands_of_game(state: GameState) -> list[tuple[int, tuple[Action, ...]]]:
    """Each hand of the game so far: its dealer and its actions."""
    hands = [(row.dealer, row.actions) for row in state.sheet]
    if not state.is_over:
        hands.append((state.dealer, state.history))
    return hands


def _moving(rules: Rules, known: Knowledge, rng: random.Random, *, within_suits: bool) -> dict[Card, Card]:
    """A permutation of the cards of a hand that ``known``'s seat has not
    seen (other seats' cards, the stock, the discard pile, a card set aside),
    every one of them moved: one cycle of them all, or one cycle a suit
    (the suits of following, V-9)."""
    hidden = rules.deck_mask & ~known.seen.mask
    if rules.first_lead == "two-of-clubs":
        hidden &= ~(1 << C("2C"))  # V-7: its holder leads to the first trick, for all to see
    cards = list(CardSet(hidden))
    if within_suits:
        groups = [[c for c in cards if follow_suit(rules, c) == suit] for suit in range(4)]
    else:
        groups = [cards]
    moving: dict[Card, Card] = {}
    for group in groups:
        rng.shuffle(group)
        moving.update(zip(group, group[1:] + group[:1]))
    return moving


def _moved(action: Action, moving: dict[Card, Card]) -> Action:
    """``action`` with its cards moved by ``moving``."""
    if isinstance(action, Card):
        return moving.get(action, action)
    if isinstance(action, Deal):
        return Deal(tuple(CardSet.from_cards(moving.get(c, c) for c in hand) for hand in action.hands))
    if isinstance(action, Stock):
        return Stock(tuple(moving.get(c, c) for c in action.cards))
    if isinstance(action, Exchange):
        return Exchange(CardSet.from_cards(moving.get(c, c) for c in action.cards))
    if isinstance(action, Replacement):
        return Replacement(CardSet.from_cards(moving.get(c, c) for c in action.cards))
    return action


def _replayed(
    rules: Rules, hands: list[tuple[int, tuple[Action, ...]]], moves: list[dict[Card, Card]]
) -> GameState | None:
    """The game of ``hands`` played again, unseeded, each hand's cards
    moved; ``None`` if that makes an action illegal."""
    state = new_game(rules)
    try:
        for (_dealer, actions), moving in zip(hands, moves):
            for action in actions:
                state = state.apply(_moved(action, moving))
    except IllegalActionError:
        return None
    return state


def _check_view_is_a_function_of_knowledge(state: GameState, seat: int, rng: random.Random) -> None:
    """Another game in which ``seat`` knows the same, but the others' hidden
    cards differ, shows ``seat`` the same view (P-2, P-6, T-2, T-6)."""
    rules = state.rules
    hands = _hands_of_game(state)
    known = [knowledge(rules, dealer, actions, seat) for dealer, actions in hands]
    # First every hidden card moved anywhere (legal before the play, and
    # often in it); else within suits, which keeps every action legal
    # (following, leading and breaking depend on suits only: C-4..C-6, V-7).
    for within_suits in (False, True):
        moves = [_moving(rules, k, rng, within_suits=within_suits) for k in known]
        other = _replayed(rules, hands, moves)
        if other is None:
            assert not within_suits, "moving hidden cards within their suits keeps the game legal"
            continue
        assert [knowledge(rules, dealer, actions, seat) for dealer, actions in _hands_of_game(other)] == known
        assert seat_view(other, seat) == seat_view(state, seat), (
            f"seat {seat}'s view of {state!r} changes when cards it has not seen move"
        )
        return


def _one_state_a_phase(states: list[GameState], rng: random.Random) -> list[GameState]:
    """A state of each phase the game went through, and the last state."""
    by_phase: dict[Phase, list[GameState]] = {}
    for state in states:
        by_phase.setdefault(state.phase, []).append(state)
    return [rng.choice(group) for group in by_phase.values()] + [states[-1]]


@given(preset=presets, seed=seeds, seeded=st.booleans())
def test_a_view_is_a_function_of_what_the_seat_knows(
    preset: str, seed: int, seeded: bool
) -> None:  # P-2, P-6, T-2, T-6
    states = play(PRESETS[preset], seed, seeded=seeded, double_nil=0.4)
    rng = random.Random(seed)
    for state in _one_state_a_phase(states, rng):
        for seat in range(state.rules.players):
            _check_view_is_a_function_of_knowledge(state, seat, rng)


def test_the_knowledge_reference_on_worked_examples() -> None:  # P-2, P-6, T-2, T-6
    # Partnership: seat 1 bids Double Nil; its partner seat 3 passes the top
    # three clubs, seat 1 gives back the top three hearts (P-6).
    state = new_game(Rules.partnership()).apply(_one_suit_deal())
    for bid in (Bid.DOUBLE_NIL, Bid(4), Bid(4), Bid(4)):
        state = state.apply(bid)
    state = state.apply(Exchange(CardSet.parse("...AKQ"))).apply(Exchange(CardSet.parse(".AKQ..")))
    state = state.apply(C("JH"))  # P-7: seat 1, left of the dealer, leads
    three = knowledge(state.rules, 0, state.history, 3)
    assert three.gave == CardSet.parse("...AKQ") and three.received == CardSet.parse(".AKQ..")
    assert three.hand == CardSet.parse(".AKQ..JT98765432")
    assert three.sizes == (13, 12, 13, 13) and three.played == (C("JH"),) and three.players == (1,)
    assert three.bids == (Bid(4), Bid.DOUBLE_NIL, Bid(4), Bid(4))
    zero = knowledge(state.rules, 0, state.history, 0)
    assert not zero.gave and not zero.received
    assert zero.seen == CardSet.parse("AKQJT98765432.J..")  # its spades and the heart led
    # Two-player: seat 0 keeps the AS (the KS is discarded), seat 1 rejects
    # the QS and keeps the JS (T-2); seat 0 then sees the TS on top.
    rules = Rules.two_player()
    top = [C(t) for t in ("AS", "KS", "QS", "JS", "TS")]
    deck = top + [c for c in CardSet(rules.deck_mask) if c not in top]
    actions: list[Action] = [Stock(tuple(deck)), Draft.KEEP, Draft.REJECT]
    first = knowledge(rules, 0, actions, 0)
    assert first.drafted == CardSet.parse("A...") and first.draft_discards == CardSet.parse("K...")
    assert first.top_of_stock == C("TS") and first.seen == CardSet.parse("AKT...")
    second = knowledge(rules, 0, actions, 1)
    assert second.drafted == CardSet.parse("J...") and second.draft_discards == CardSet.parse("Q...")
    assert second.top_of_stock is None and second.sizes == (1, 1)


# ----------------------------------------------------------------------
# The constructors of views check their fields; a state has none.


def test_game_state_is_made_by_the_engine_only() -> None:
    from spades import ArgumentTypeError

    for args in ((), (("junk",),), (None,)):
        with pytest.raises(ArgumentTypeError, match="new_game"):
            GameState(*args)


@pytest.mark.parametrize(
    "field, value",
    [
        ("seat", True), ("seat", 4), ("seat", -1), ("turn", 1.0), ("phase", "PLAY"), ("hand", "AKQ..."),
        ("hand", CardSet.parse("BJ")), ("hand_sizes", [13, 13, 13, 13]), ("hand_sizes", (13, 13, 13)),
        ("hand_sizes", (13, 13, 13, True)), ("bids", (Bid(3), None, None, 3)), ("double_nil_open", 1),
        ("top_of_stock", 5), ("tricks", ((1, 2),)), ("trick", (Card(0), 1)), ("tricks_won", (0, 0, 0, 99)),
        ("scores", (0, 0.5)), ("sheet", [None]), ("legal_actions", ("QH",)), ("winner", 2), ("rules", {}),
        ("stock_left", -1), ("hand_number", 10**100), ("dealer", None),
    ],
)
def test_seat_view_checks_each_field(field: str, value: object) -> None:
    from spades import ArgumentError

    view = seat_view(new_game(Rules.partnership(), seed=4), 1)
    with pytest.raises(ArgumentError) as info:
        changes: dict[str, Any] = {field: value}
        attrs.evolve(view, **changes)
    assert field in str(info.value) and len(str(info.value)) < 200


def test_played_tricks_and_summaries_check_their_fields() -> None:
    from spades import ArgumentError
    from spades.view import PlayedTrick

    with pytest.raises(ArgumentError):
        PlayedTrick(leader=True, cards=(), winner=0)
    with pytest.raises(ArgumentError):
        PlayedTrick(leader=0, cards=[Card(0)], winner=0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        PlayedTrick(leader=0, cards=(Card(0),), winner=9)
    ok = PlayedTrick(leader=0, cards=(Card(0),), winner=-1)
    with pytest.raises(ArgumentError):
        HandSummary(number=0, dealer=0, bids=(Bid(1),) * 4, tricks_won=(13, 0, 0, 0), tricks=(ok,), result=None)  # type: ignore[arg-type]


def test_a_sealed_view_withholds_the_cards_while_double_nil_is_open() -> None:  # P-6, T-6
    state = new_game(Rules.partnership(), seed=8)
    for seat in range(4):
        sealed = seat_view(state, seat, sealed=True)
        assert sealed.sealed and sealed.hand == CardSet(0) and sealed.hand_sizes[seat] == 13
        assert str(state.hand(seat)) not in to_json(sealed)
        assert all(str(card) not in json.dumps(plain_dict(sealed)["hand"]) for card in state.hand(seat))
        assert sealed.legal_actions == seat_view(state, seat).legal_actions
    turn = state.turn
    assert turn is not None
    after = state.apply(Bid(3))
    assert not seat_view(after, turn, sealed=True).sealed
    assert seat_view(after, turn, sealed=True) == seat_view(after, turn)
    closed = new_game(Rules.partnership(double_nil_allowed=False), seed=8)
    assert seat_view(closed, 1, sealed=True) == seat_view(closed, 1)
    draft = new_game(Rules.two_player(), seed=2)
    first = seat_view(draft, draft.turn, sealed=True)  # type: ignore[arg-type]
    assert first.sealed and first.top_of_stock is None
    assert seat_view(draft, draft.turn).top_of_stock is not None  # type: ignore[arg-type]
    with pytest.raises(SpadesError):
        seat_view(state, 1, sealed=1)  # type: ignore[arg-type]


def test_exchange_phases_describe_the_choices_instead_of_listing_them() -> None:  # P-6, T-6
    from spades import ExchangeChoices
    from spades.serial import view_from_dict

    for rules, phase in ((Rules.partnership(), Phase.EXCHANGE), (Rules.two_player(), Phase.DISCARD)):
        state = next(
            s for seed in range(40) for s in play(rules, seed, seeded=False, double_nil=0.6) if s.phase is phase
        )
        seat = state.turn
        assert seat is not None
        view = seat_view(state, seat)
        assert type(view.legal_actions) is ExchangeChoices
        assert list(view.legal_actions) == list(state.legal_actions())
        data = plain_dict(view)
        sizes = [rules.double_nil_exchange] if phase is Phase.EXCHANGE else list(range(rules.double_nil_exchange + 1))
        assert data["legal_actions"] == {"exchange": {"sizes": sizes, "cards": str(state.hand(seat))}}
        assert len(json.dumps(data["legal_actions"])) < 100
        assert view_from_dict(data) == view
        data["legal_actions"]["exchange"]["sizes"] = [2]
        with pytest.raises(SpadesError):
            view_from_dict(data)
# Error messages: an illegal action's message names no hidden card.

_CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][CDHS]|10[CDHS]|LJ|BJ)(?![A-Za-z0-9])")
_CARD_GROUPS = re.compile(r"[AKQJT2-9BL]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*")


def _cards_in_text(text: str) -> int:
    """The cards a message names, as card tokens (``QH``) or as suit groups
    (``AK.Q..32``)."""
    mask = 0
    for token in _CARD_TOKEN.findall(text):
        mask |= 1 << C(token)
    for group in _CARD_GROUPS.findall(text):
        try:
            mask |= CardSet.parse(group).mask
        except SpadesError:  # a group cut short by the message's length
            pass
    return mask


def _cards_of_action(action: object) -> int:
    if type(action) is Card:
        return 1 << action
    if isinstance(action, (Exchange, Replacement)):
        return action.cards.mask
    if isinstance(action, Deal):
        return functools.reduce(lambda mask, hand: mask | hand.mask, action.hands, 0)
    if isinstance(action, Stock):
        return functools.reduce(lambda mask, card: mask | 1 << card, action.cards, 0)
    return 0


def _illegal_tries(state: GameState, rng: random.Random) -> list[object]:
    """Actions to try in ``state``: every card, every bid, both draft
    choices, and exchanges, replacements, a deal and a stock made of cards
    from every hand."""
    rules = state.rules
    deck = [Card(i) for i in range(54) if rules.deck_mask >> i & 1]
    tries: list[object] = list(deck) + [Bid(n) for n in range(19)] + [Bid.DOUBLE_NIL, Draft.KEEP, Draft.REJECT]
    for size in (1, 2, 3):
        for _ in range(2):
            cards = CardSet.from_cards(rng.sample(deck, size))
            tries += [Exchange(cards), Replacement(cards)]
    shuffled = rng.sample(deck, len(deck))
    size = rules.hand_size
    tries.append(Deal(tuple(CardSet.from_cards(shuffled[i * size : (i + 1) * size]) for i in range(rules.players))))
    tries.append(Deal((CardSet.from_cards(shuffled[:size]),) * rules.players))
    tries += [Stock(tuple(shuffled)), Stock(tuple(shuffled[:10]))]
    return tries


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_an_illegal_actions_message_names_no_hidden_card(preset: str) -> None:  # P-2, P-6, T-2, T-6, C-4, C-5
    # A server may send the reason of a refusal to the client that asked, or
    # to every client (explain and apply without seat=).  Whatever the action
    # and whoever offers it, the message names no card of any hand, of the
    # draft's stock or discards, but the cards the action itself names: it
    # used to list the acting seat's hand ("not in the hand AK.Q..32", "the
    # hand ... holds 2C, 3C") and the discard pile.
    rng = random.Random(preset)
    for seeded in (False, True):
        states = play(PRESETS[preset], 7, seeded=seeded, double_nil=0.5, limit=200)
        for state in states[::3]:
            played = functools.reduce(lambda mask, a: mask | (1 << a if type(a) is Card else 0), state.history, 0)
            hidden = state.rules.deck_mask & ~played  # every card not yet played this hand
            for action in _illegal_tries(state, rng):
                for seat in (None, *range(state.rules.players)):
                    error = state.explain(action, seat=seat)
                    if error is None:
                        continue
                    leaked = _cards_in_text(str(error)) & hidden & ~_cards_of_action(action)
                    assert not leaked, f"{error} names {CardSet(leaked)} ({action!r} by seat {seat} in {state!r})"


def test_the_leak_check_sees_cards_in_both_spellings() -> None:
    assert _cards_in_text("cannot play JH: not in the hand AK.Q..32 (rule C-5)") == CardSet.parse("AK.QJ..32").mask
    assert _cards_in_text("x 2C, 10H and 9S; REPLACE, DEAL, P-6") == CardSet.parse("9.T..2").mask


@pytest.mark.parametrize("name", ["partnership", "two-player", "cutthroat-3"])
def test_the_reprs_of_a_view_a_record_and_a_state_are_one_bounded_line(name: str) -> None:
    """However long the game, a state's, a view's and a record's repr is one
    line of at most a few hundred characters (a log line, a debugger), and
    says where the game is."""
    from spades import Record


    states = play(Rules.preset(name, losing_floor=-1000), 5, seeded=True)
    last = states[-1]
    assert len(last.sheet) >= 3
    for state in (states[0], states[len(states) // 2], last):
        for value in (state, Record.of_state(state), seat_view(state, 0), seat_view(state, 1, history=True)):
            text = repr(value)
            assert "\n" not in text and len(text) <= 400, (type(value).__name__, len(text))
        view = seat_view(state, 1, history=True)
        assert repr(view).startswith(f"<SeatView seat 1 hand {view.hand_number} {view.phase.name} ")
        assert f"scores {view.scores} bags {view.bags}>" in repr(view)
        count = len(Record.of_state(state).actions)
        assert f"actions=<{count} action{'' if count == 1 else 's'}>" in repr(Record.of_state(state))
