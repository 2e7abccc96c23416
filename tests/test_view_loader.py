"""The view loader accepts exactly the views real games produce.

Every view of random games of every preset loads back equal; each kind of
impossible view (the seat's hand of the wrong size, a bid out of turn, an
exchange of cards the seat never held, a wrong first leader, a seat playing
a suit it has shown out of, a revoke inside a finished hand, a finished
hand's bid the rules forbid, cards on the table after the game, draft fields
outside the draft, a phase that contradicts the turn) is refused with
:class:`~spades.StateError`.
"""

from __future__ import annotations

import copy
import json
import random
from unittest import mock

import attrs
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import Bid, Card, CardSet, Draft, Exchange, GameState, Phase, Replacement, Rules, StateError, Stock
from spades import new_game, seat_view
from spades._witness import forbidden_by
from spades.scoring import score_hand
from spades.serial import view_from_dict
from spades.tricks import legal_mask, trick_winner_seat
from spades.view import SeatView

from _games import PRESETS, play, presets, seeds
from invariants import ref_legal_cards
from _forgery import plain_dict


def _round_trip(view: SeatView) -> None:
    data = plain_dict(view)
    assert view_from_dict(copy.deepcopy(data)) == view
    assert plain_dict(view_from_dict(data)) == data


def _views(rules: Rules, seed: int, *, seeded: bool = False, double_nil: float = 0.4) -> Iterator[SeatView]:
    for state in play(rules, seed, seeded=seeded, double_nil=double_nil):
        for seat in range(rules.players):
            yield seat_view(state, seat)
            if state.double_nil_open(seat):
                yield seat_view(state, seat, sealed=True)
            if state.sheet:
                yield seat_view(state, seat, history=True)


# ----------------------------------------------------------------------
# Every real view loads.


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_view_of_a_whole_game_loads(name: str) -> None:  # C-1..C-8, P-6, T-2, T-6
    rules = PRESETS[name]
    for view in _views(rules, 11):
        _round_trip(view)


@given(presets, seeds, st.booleans())
@settings(max_examples=15, deadline=None)
def test_views_of_random_games_load(name: str, seed: int, seeded: bool) -> None:
    rules = PRESETS[name]
    rng = random.Random(seed)
    views = list(_views(rules, seed, seeded=seeded))
    for view in rng.sample(views, min(60, len(views))):
        _round_trip(view)


def test_a_replacement_drawn_from_the_seats_own_discards_is_possible() -> None:  # T-2, T-6
    # Seat 1 bids Double Nil, discards three cards and draws three that seat
    # 0 discarded in the draft, then plays one of them: seat 0 sees a card
    # it knows was in the pile played by seat 1, which only a replacement
    # draw explains.
    rules = Rules.two_player()
    deck = [Card(index) for index in range(52)]
    state = new_game(rules).apply(Stock(deck))  # seat 0 drafts first (T-1)
    state = state.apply(Draft.KEEP)  # seat 0 keeps the 2C and discards the 3C
    state = state.apply(Bid.DOUBLE_NIL)  # T-6: at the start of seat 1's first turn
    while state.phase is Phase.DRAFT:
        state = state.apply(Draft.KEEP)
    assert state.phase is Phase.DISCARD and state.turn == 1
    discarded_by_0 = CardSet.from_cards(list(seat_view(state, 0).draft_discards)[:3])
    state = state.apply(Exchange(CardSet.from_cards(list(state.hand(1))[:3])))
    assert discarded_by_0.mask & state.discard_pile.mask == discarded_by_0.mask
    state = state.apply(Replacement(discarded_by_0))
    while state.phase is Phase.BID:
        state = state.apply(state.legal_actions()[0])
    assert state.phase is Phase.PLAY
    while not any(seat == 1 and card in discarded_by_0 for seat, card in _plays(state)):
        state = state.apply(_prefer(state, discarded_by_0))
        assert state.phase is Phase.PLAY
    _round_trip(seat_view(state, 0))
    _round_trip(seat_view(state, 1))


def _plays(state: GameState) -> list[tuple[int, Card]]:
    view = seat_view(state, 0)
    out = [((t.leader + i) % 2, c) for t in view.tricks for i, c in enumerate(t.cards)]
    assert view.leader is not None
    return out + [((view.leader + i) % 2, c) for i, c in enumerate(view.trick)]


def _prefer(state: GameState, cards: CardSet) -> Any:
    legal = list(state.legal_actions())
    return next((c for c in legal if c in cards), legal[0])


# ----------------------------------------------------------------------
# The rule the loader's deal rests on: a card is legal from a hand exactly
# when no other card of the hand forbids it (checked against the plain
# reference of C-4, C-5 and V-7).

_RULES_FOR_PLAY = [
    Rules.partnership(),
    Rules.partnership(first_lead="two-of-clubs", no_spades_first_trick=True),
    Rules.partnership(no_spades_first_trick=True),
    Rules.jokers(),
    Rules.joker_joker_deuce_deuce(),
    Rules.two_player(),
]


@given(
    st.sampled_from(_RULES_FOR_PLAY),
    st.randoms(use_true_random=False),
    st.integers(1, 13),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_a_play_is_legal_unless_a_card_held_forbids_it(
    rules: Rules, rng: random.Random, size: int, leading: bool, broken: bool, first: bool
) -> None:  # C-4, C-5, C-6, V-7
    facts = rules.deck_facts
    deck = [card for card in range(54) if facts.mask >> card & 1]
    cards = rng.sample(deck, size + 1)
    led_card, hand = cards[0], frozenset(cards[1:])
    trick = [] if leading else [led_card]
    legal = ref_legal_cards(hand, trick, broken, rules, first)
    led = -1 if leading else facts.suit_of[led_card]
    for card in hand:
        forbidden = forbidden_by(rules, card, led, broken, first)
        assert (card in legal) == (not any(forbidden >> other & 1 for other in hand))
    mask = sum(1 << card for card in hand)
    assert legal_mask(mask, led, facts.spades if broken else 0, rules, first, facts.suit_masks) == sum(
        1 << card for card in legal
    )


# ----------------------------------------------------------------------
# Impossible views.


def _find(
    rules: Rules, want: Callable[[SeatView], bool], *, seeds: range = range(40), double_nil: float = 0.3
) -> SeatView:
    for seed in seeds:
        for view in _views(rules, seed, double_nil=double_nil):
            if want(view):
                return view
    raise AssertionError("no such view in the games tried")


def _refused(data: dict[str, Any], *words: str) -> str:
    with pytest.raises(StateError) as info:
        view_from_dict(data)
    message = str(info.value)
    assert len(message) <= 400
    for word in words:
        assert word in message, message
    return message


_PARTNERSHIP = Rules.partnership(losing_floor=-200)
_TWO = Rules.two_player(losing_floor=-200)


def test_a_hand_of_the_wrong_size_while_bidding() -> None:  # P-2, C-8
    view = _find(_PARTNERSHIP, lambda v: v.phase is Phase.BID and v.hand_number == 0)
    data = plain_dict(view)
    cards = list(view.hand)
    data["hand"] = str(CardSet.from_cards(cards[1:]))
    data["hand_sizes"][view.seat] -= 1
    _refused(data)
    data = plain_dict(view)
    data["hand_sizes"][(view.seat + 1) % 4] -= 1
    _refused(data, "hand sizes")


def test_a_bid_out_of_turn_order() -> None:  # P-3, C-3
    view = _find(_PARTNERSHIP, lambda v: v.phase is Phase.BID and sum(b is not None for b in v.bids) == 1)
    data = plain_dict(view)
    made = next(i for i, b in enumerate(view.bids) if b is not None)
    skipped = (made + 2) % 4
    data["bids"][skipped], data["bids"][made] = data["bids"][made], None
    if data["turn"] == skipped:
        data["turn"] = made
    _refused(data)


def test_a_two_player_bid_out_of_turn_order() -> None:  # T-4
    view = _find(_TWO, lambda v: v.phase is Phase.BID and sum(b is not None for b in v.bids) == 1
                 and not any(b is not None and b.double_nil for b in v.bids))
    data = plain_dict(view)
    data["bids"] = list(reversed(data["bids"]))
    data["turn"] = 1 - data["turn"]
    data["legal_actions"] = []
    _refused(data)


def _exchanged(view: SeatView) -> bool:
    return view.phase is Phase.PLAY and bool(view.gave) and not view.tricks and not view.trick


def test_an_exchange_of_the_wrong_size() -> None:  # P-6, V-3
    view = _find(_PARTNERSHIP, _exchanged, double_nil=0.6)
    data = plain_dict(view)
    gave = list(view.gave)
    data["gave"] = str(CardSet.from_cards(gave[:2]))
    data["hand"] = str(view.hand | CardSet.from_cards(gave[2:]))
    data["hand_sizes"][view.seat] += 1
    _refused(data)


def test_an_exchange_of_cards_the_seat_never_held() -> None:  # P-6
    view = _find(_PARTNERSHIP, lambda v: v.phase is Phase.PLAY and bool(v.gave) and len(v.tricks) >= 1,
                 double_nil=0.6)
    data = plain_dict(view)
    # A card an opponent played cannot have been given to the partner.
    partner = (view.seat + 2) % 4
    played_by_opponent = next(
        c for t in view.tricks for i, c in enumerate(t.cards) if (t.leader + i) % 4 not in (view.seat, partner)
    )
    gave = list(view.gave)
    if played_by_opponent in view.received:
        pytest.skip("the opponent's card came back in the exchange")
    data["gave"] = str(CardSet.from_cards(gave[1:] + [played_by_opponent]))
    _refused(data)
    # The seat cannot give a card and keep it.
    data = plain_dict(view)
    kept = list(view.hand)[0]
    data["gave"] = str(CardSet.from_cards(gave[1:] + [kept]))
    _refused(data)


def test_a_two_player_discard_of_cards_the_seat_never_drafted() -> None:  # T-6
    view = _find(_TWO, lambda v: v.phase is Phase.BID and bool(v.gave), double_nil=0.8)
    data = plain_dict(view)
    gave = list(view.gave)
    foreign = next(Card(c) for c in range(52) if not (view.drafted.mask | view.draft_discards.mask) >> c & 1
                   and c not in view.received and c not in view.hand)
    data["gave"] = str(CardSet.from_cards(gave[1:] + [foreign]))
    _refused(data)


def test_a_wrong_first_leader() -> None:  # P-7, T-7, V-7
    for rules in (_PARTNERSHIP, _TWO, PRESETS["two-of-clubs"]):
        view = _find(rules, lambda v: v.phase is Phase.PLAY and not v.tricks and not v.trick)
        data = plain_dict(view)
        wrong = (view.leader + 1) % rules.players  # type: ignore[operator]
        data["leader"] = data["turn"] = wrong
        data["legal_actions"] = []
        _refused(data)


def _shown_out(view: SeatView) -> Iterator[tuple[int, int, int]]:
    """``(seat, trick index, suit)`` for each time another seat did not follow."""
    facts = view.rules.deck_facts
    for index, trick in enumerate(view.tricks):
        led = facts.suit_of[trick.cards[0]]
        for position, card in enumerate(trick.cards[1:], 1):
            seat = (trick.leader + position) % view.rules.players
            if seat != view.seat and facts.suit_of[card] != led:
                yield seat, index, led


def _revoke(view: SeatView) -> dict[str, Any] | None:
    """The view with a later card of a seat that showed out of a suit
    replaced by an unseen card of that suit, every trick still won by the
    same seat: a forgery that differs from the real view in one card."""
    rules = view.rules
    facts = rules.deck_facts
    players = rules.players
    seen = view.hand.mask | sum(1 << c for t in view.tricks for c in t.cards) | sum(1 << c for c in view.trick)
    for seat, index, suit in _shown_out(view):
        unseen = [c for c in range(54) if facts.mask & ~seen >> c & 1 and facts.suit_of[c] == suit and suit != 3]
        for later in range(index + 1, len(view.tricks)):
            trick = view.tricks[later]
            position = (seat - trick.leader) % players
            if position == 0:
                continue
            for card in unseen:
                cards = list(trick.cards)
                if facts.suit_of[cards[position]] == 3:
                    continue
                cards[position] = Card(card)
                if trick_winner_seat(trick.leader, cards, rules) == trick.winner:
                    data = plain_dict(view)
                    data["tricks"][later]["cards"][position] = str(Card(card))
                    return data
    return None


def test_a_seat_playing_a_suit_it_has_shown_out_of() -> None:  # C-5
    found = 0
    for seed in range(60):
        for view in _views(_PARTNERSHIP, seed, double_nil=0.0):
            if view.phase is not Phase.PLAY:
                continue
            data = _revoke(view)
            if data is not None:
                _refused(data, "C-5")
                found += 1
                break
        if found >= 3:
            break
    assert found >= 3


def _finished_revoke(view: SeatView) -> dict[str, Any] | None:
    """The view with two cards of one seat in a finished hand swapped so
    that it discarded at a trick while holding a card of the suit led, every
    trick still won by the same seat (so the scores still fit)."""
    rules = view.rules
    facts = rules.deck_facts
    players = rules.players
    for number, row in enumerate(view.sheet):
        tricks = row.tricks
        for i, first in enumerate(tricks):
            led = facts.suit_of[first.cards[0]]
            for pos_i in range(1, players):
                seat = (first.leader + pos_i) % players
                low = first.cards[pos_i]
                if facts.suit_of[low] != led:
                    continue
                for j in range(i + 1, len(tricks)):
                    second = tricks[j]
                    pos_j = (seat - second.leader) % players
                    other = second.cards[pos_j]
                    if pos_j == 0 or facts.suit_of[other] in (led, 3):
                        continue
                    a, b = list(first.cards), list(second.cards)
                    a[pos_i], b[pos_j] = other, low
                    if (trick_winner_seat(first.leader, a, rules) == first.winner
                            and trick_winner_seat(second.leader, b, rules) == second.winner):
                        data = plain_dict(view)
                        data["sheet"][number]["tricks"][i]["cards"][pos_i] = str(other)
                        data["sheet"][number]["tricks"][j]["cards"][pos_j] = str(low)
                        return data
    return None


def test_a_revoke_inside_a_finished_hand() -> None:  # C-5, C-8, S-1
    view = _find(_PARTNERSHIP, lambda v: v.history and bool(v.sheet) and _finished_revoke(v) is not None,
                 seeds=range(20))
    data = _finished_revoke(view)
    assert data is not None
    _refused(data, "sheet", "C-5")


def _rescored(data: dict[str, Any], rules: Rules, number: int, bids: list[Bid]) -> None:
    """The document with hand ``number``'s bids replaced and every score of
    the sheet from there on recomputed to fit (S-1..S-8)."""
    sheet = data["sheet"]
    scores = sheet[number - 1]["result"] if number else None
    totals = [s["score"] for s in scores] if scores else [0] * len(rules.sides)
    bags = [s["total_bags"] for s in scores] if scores else [0] * len(rules.sides)
    sheet[number]["bids"] = [str(b) for b in bids]
    for row in sheet[number:]:
        row_bids = [Bid.parse(b) for b in row["bids"]]
        result = score_hand(row_bids, row["tricks_won"], rules, scores=totals, bags=bags)
        row["result"] = [
            {name: getattr(side, name) for name in row["result"][0]} for side in result.sides
        ]
        totals, bags = list(result.scores), list(result.total_bags)
    data["scores"], data["bags"] = totals, bags


def test_a_finished_hands_bid_the_rules_forbid() -> None:  # V-2, V-6, C-3
    rules = Rules.partnership(losing_floor=-200, nil_allowed=False, min_bid=1)
    view = _find(rules, lambda v: len(v.sheet) >= 1 and v.phase is Phase.BID and v.history)
    bids = list(view.sheet[0].bids)
    bids[0] = Bid.NIL  # Nil is not allowed (V-2)
    data = plain_dict(view)
    _rescored(data, rules, 0, bids)
    _refused(data, "sheet hand 0")
    assert view_from_dict(plain_dict(view)) == view
    # Without history a row holds its bids and tricks only: the score follows.
    compact = plain_dict(attrs.evolve(view, history=False, sheet=tuple(attrs.evolve(r, tricks=()) for r in view.sheet)))
    assert view_from_dict(copy.deepcopy(compact)).sheet[0].result == view.sheet[0].result
    compact["sheet"][0] = "n" + compact["sheet"][0][1:]  # seat 0 bids Nil (V-2)
    _refused(compact, "sheet hand 0", "V-2")


def test_cards_on_the_table_after_the_game() -> None:  # S-9
    view = _find(_PARTNERSHIP, lambda v: v.is_over, seeds=range(5))
    data = plain_dict(view)
    data["trick"] = [str(Card(0))]
    _refused(data)
    data = plain_dict(view)
    data["hand"] = str(CardSet.from_cards([Card(0)]))
    data["hand_sizes"][view.seat] = 1
    _refused(data)


def test_draft_fields_outside_the_draft() -> None:  # T-2, T-3
    view = _find(_PARTNERSHIP, lambda v: v.phase is Phase.PLAY)
    for field, value in (("drafted", "A..."), ("draft_discards", "..2."), ("top_of_stock", "AS"), ("stock_left", 3)):
        data = plain_dict(view)
        data[field] = value
        _refused(data)
    view = _find(_TWO, lambda v: v.phase is Phase.DRAFT and v.turn == v.seat and len(v.hand) >= 2)
    changes: tuple[tuple[str, object], ...] = (
        ("stock_left", view.stock_left - 2),
        ("top_of_stock", None),
        ("drafted", str(CardSet.from_cards(list(view.drafted)[1:]))),
        ("draft_discards", str(view.draft_discards | CardSet.from_cards([view.top_of_stock]))),  # type: ignore[list-item]
    )
    for name, changed in changes:
        data = plain_dict(view)
        data[name] = changed
        _refused(data)
    other = _find(_TWO, lambda v: v.phase is Phase.DRAFT and v.turn != v.seat)
    data = plain_dict(other)
    data["top_of_stock"] = next(str(Card(c)) for c in range(52) if c not in other.hand and c not in other.draft_discards)
    _refused(data, "T-2")


def test_a_phase_that_contradicts_the_turn() -> None:  # P-3, P-7, C-7
    view = _find(_PARTNERSHIP, lambda v: v.phase is Phase.PLAY and len(v.trick) == 1)
    for turn in (None, view.leader, (view.turn + 1) % 4):  # type: ignore[operator]
        data = plain_dict(view)
        data["turn"] = turn
        _refused(data, "turn")
    data = plain_dict(view)
    data["phase"] = "BID"
    _refused(data)
    data = plain_dict(view)
    data["phase"] = "DEAL"
    _refused(data)


def test_a_trick_won_by_the_wrong_seat_or_led_out_of_turn() -> None:  # C-7
    view = _find(_PARTNERSHIP, lambda v: v.phase is Phase.PLAY and len(v.tricks) >= 2)
    data = plain_dict(view)
    data["tricks"][0]["winner"] = (data["tricks"][0]["winner"] + 1) % 4
    _refused(data, "C-7")
    data = plain_dict(view)
    data["tricks"][1]["leader"] = (data["tricks"][1]["leader"] + 1) % 4
    _refused(data)


def test_messages_name_the_field_and_stay_short() -> None:
    view = _find(_PARTNERSHIP, lambda v: v.phase is Phase.PLAY and bool(v.sheet) and v.history)
    data = plain_dict(view)
    data["scores"][0] += 10
    assert _refused(data, "scores", "S-1").startswith("scores[0]")
    data = plain_dict(view)
    data["sheet"][0]["result"][1]["bags"] = 12
    assert "sheet[0].result[1]" in _refused(data)


def test_sealed_views_load_and_a_forged_seal_is_refused() -> None:  # P-6, T-6
    for rules in (_PARTNERSHIP, _TWO):
        view = _find(rules, lambda v: v.sealed)
        _round_trip(view)
        data = plain_dict(view)
        data["sealed"] = False
        _refused(data)
        open_view = _find(rules, lambda v: not v.sealed and v.double_nil_open
                          and (len(v.hand) > 0 or v.top_of_stock is not None))
        data = plain_dict(open_view)
        data["sealed"] = True
        _refused(data)
        late = _find(rules, lambda v: not v.double_nil_open and v.phase is Phase.PLAY)
        data = plain_dict(late)
        data["sealed"], data["hand"] = True, str(CardSet(0))
        _refused(data)


# ----------------------------------------------------------------------
# Score-sheet rows without history: one short code per finished hand
# (version 2 of the view document).

# The code, spelled out: a number of tricks as card ranks write it, then
# W X Y Z for the 14 to 17 tricks of three players' hands (V-10).
_NUMBER_CODE = dict(enumerate("0 1 2 3 4 5 6 7 8 9 T J Q K W X Y Z".split()))


def _reference_code(bids: tuple[Bid, ...], won: tuple[int, ...]) -> str:
    """A row's code: each seat's bid (Nil ``n``, Double Nil ``d``), ``/``,
    each seat's tricks won (C-3, C-8, P-5, P-6)."""
    def bid_code(bid: Bid) -> str:
        if bid.double_nil:
            return "d"
        return "n" if bid.tricks == 0 else _NUMBER_CODE[bid.tricks]

    return "".join(map(bid_code, bids)) + "/" + "".join(_NUMBER_CODE[n] for n in won)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_sheet_rows_are_codes_that_round_trip(name: str) -> None:  # C-3, C-8, P-5, P-6, T-6, V-10
    rules = attrs.evolve(PRESETS[name], losing_floor=None)  # a longer game: many rows
    states = play(rules, 7, seeded=True, double_nil=0.4, limit=1500)
    final = states[-1]
    assert len(final.sheet) >= 10
    for seat in range(rules.players):
        view = seat_view(final, seat)
        data = plain_dict(view)
        assert data["version"] == 2
        assert data["sheet"] == [_reference_code(row.bids, row.tricks) for row in final.sheet]
        _round_trip(view)


def _three_player_view() -> tuple[SeatView, dict[str, Any]]:
    rules = Rules(players=3, partners=False, losing_floor=-200)
    view = _find(rules, lambda v: len(v.sheet) == 1 and v.phase is Phase.BID and not v.history, seeds=range(10))
    return view, plain_dict(view)


def _with_row(rules: Rules, data: dict[str, Any], bids: list[Bid], won: list[int]) -> dict[str, Any]:
    """The document with its one finished hand replaced, scored to fit (S-1..S-8)."""
    result = score_hand(bids, won, rules)
    data = copy.deepcopy(data)
    data["sheet"] = [_reference_code(tuple(bids), tuple(won))]
    data["scores"], data["bags"] = list(result.scores), list(result.total_bags)
    return data


def test_a_row_of_more_than_thirteen_tricks() -> None:  # V-10: three players hold 17 cards
    view, data = _three_player_view()
    rules = view.rules
    for bids, won in (([Bid(14), Bid.NIL, Bid(2)], [15, 0, 2]), ([Bid(17), Bid(1), Bid(1)], [17, 0, 0]),
                      ([Bid(16), Bid(15), Bid.NIL], [14, 3, 0])):
        forged = _with_row(rules, data, bids, won)
        loaded = view_from_dict(copy.deepcopy(forged))
        assert loaded.sheet[0].bids == tuple(bids) and loaded.sheet[0].tricks_won == tuple(won)
        assert plain_dict(loaded) == forged
    assert _with_row(rules, data, [Bid(14), Bid.NIL, Bid(2)], [15, 0, 2])["sheet"] == ["Wn2/X02"]
    # One trick short, or one too many, of the 17 of a hand (C-8).
    forged = _with_row(rules, data, [Bid(14), Bid.NIL, Bid(2)], [15, 0, 2])
    for code in ("Wn2/X01", "Wn2/X03", "Wn2/Z11"):
        forged["sheet"] = [code]
        _refused(forged, "sheet[0]", code, "C-8")


def test_hostile_row_codes_are_refused_naming_the_row() -> None:  # C-3, C-8, P-6
    view = _find(_PARTNERSHIP, lambda v: len(v.sheet) >= 1 and v.phase is Phase.PLAY and not v.history)
    data = plain_dict(view)
    good = data["sheet"][0]
    assert len(good) == 9 and good[4] == "/"
    bid_nine = "9" + good[1:]
    cases: list[tuple[object, tuple[str, ...]]] = [
        (good[:-1], ("9 characters",)),                      # too short
        (good + "0", ("9 characters",)),                     # too long
        (good.replace("/", "-"), ("9 characters",)),        # no slash
        ("/" + good[:4] + good[5:], ("9 characters",)),     # the slash misplaced
        ("0" + good[1:], ("seat 0", "'0'", "C-3")),          # a bid of 0 is Nil: "n"
        ("t" + good[1:], ("seat 0", "'t'")),                 # ten is T, not t
        ("N" + good[1:], ("seat 0", "'N'")),                 # Nil is n, not N
        (good[:2] + "x" + good[3:], ("seat 2", "'x'")),
        ("W" + good[1:], ("seat 0", "14", "13", "C-3")),     # 14 tricks in a hand of 13
        (good[:5] + "W" + good[6:], ("seat 0", "'W'", "C-8")),
        (good[:5] + "-" + good[6:], ("seat 0", "'-'", "C-8")),
        (good[:5] + "n" + good[6:], ("seat 0", "'n'", "C-8")),
        (good[:5] + "0000", ("add up to 0", "13", "C-8")),
        (good[:5] + "KKKK", ("add up to 52", "13", "C-8")),
        (good[:5] + "\u0661" + good[6:], ("seat 0",)),       # an Arabic-Indic digit one
        ("\u00e9" * 4 + good[4:], ("seat 0",)),
        ("2" * 10_000, ("9 characters",)),
        ({"bids": ["2", "4", "1", "2"], "tricks_won": [2, 7, 1, 3]}, ("code", "an object")),  # version 1's row
        (["2412/2713"], ("code", "a list")),
        (2412, ("code", "a number")),
        (None, ("code", "null")),
    ]
    for code, words in cases:
        forged = copy.deepcopy(data)
        forged["sheet"][0] = code
        message = _refused(forged, "sheet[0]", *words)
        assert len(message) <= 300, message
    # A code of the right form whose hand the game does not give.
    forged = copy.deepcopy(data)
    forged["sheet"][0] = bid_nine if bid_nine != good else "8" + good[1:]
    _refused(forged)


def test_a_rows_double_nil_is_read_and_checked() -> None:  # P-6, V-3
    rules = Rules.partnership(losing_floor=-200)
    view = _find(rules, lambda v: len(v.sheet) >= 1 and any(b is not None and b.double_nil for b in v.sheet[0].bids)
                 and not v.history and v.phase is Phase.BID, double_nil=0.5)
    data = plain_dict(view)
    assert "d" in data["sheet"][0][:4]
    _round_trip(view)
    # The same document under rules without Double Nil: no game gives it.
    forged = copy.deepcopy(data)
    forged["rules"] = {**forged["rules"], "double_nil_allowed": False}
    _refused(forged, "sheet hand 0", "V-3")


def test_a_view_of_another_version_is_refused() -> None:
    view = _find(_PARTNERSHIP, lambda v: len(v.sheet) >= 1)
    data = plain_dict(view)
    for version in (1, 3, 0):
        forged = copy.deepcopy(data)
        forged["version"] = version
        message = _refused(forged, "version", f"unsupported version {version} of spades.view", "reads version 2")
        assert ("fresh" in message) == (version == 1)
    for written in (2.0, "2", None, True):  # a version is a whole number, not one written otherwise
        forged = {**data, "version": written}
        message = _refused(forged, "version: a whole number, got", "reads version 2 of spades.view")
        assert "unsupported" not in message
    # A state document stays version 1.
    state = new_game(_PARTNERSHIP, seed=1)
    assert plain_dict(state)["version"] == 1


def test_a_view_after_more_hands_than_the_recursion_limit_loads() -> None:  # S-9
    # The finished hands are replayed one after another, not one call deep
    # for each: a genuine view of a very long game loads (in a fresh
    # process too, where no shorter sheet is kept), and a forged sheet of
    # as many rows is refused with StateError.
    import subprocess
    import sys

    hands = sys.getrecursionlimit() + 50
    program = f"""
import json, random, sys
from spades import Rules, StateError, new_game, seat_view
from spades.serial import to_dict, to_json, view_from_json
rng = random.Random(4)
state = new_game(Rules.partnership(target=10_000), seed=4)
while len(state.sheet) < {hands}:
    assert not state.is_over
    state = state.apply(rng.choice(state.legal_actions()))
view = seat_view(state, 2)
assert view_from_json(to_json(view)) == view
forged = to_dict(seat_view(new_game(Rules.partnership(), seed=1), 0))
forged["sheet"] = ["4432/3433"] * {hands}
try:
    view_from_json(json.dumps(forged))
except StateError as error:
    assert len(str(error)) < 300
else:
    raise AssertionError("a forged sheet was accepted")
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


def _never_ending_view(hands: int) -> dict[str, Any]:
    """A view of seat 0 bidding after ``hands`` finished hands in which both
    sides bid 8 and were set (-80 each, S-3): under the default rules (no
    losing floor, V-1) a game that never ends, true to the rules."""
    rules = Rules.partnership()
    data = plain_dict(seat_view(new_game(rules, seed=1), 0))
    assert hands % 4 != 3, "seat 0 would be the first to bid: its legal bids would be listed"
    data.update(sheet=["4444/4333"] * hands, hand_number=hands, dealer=hands % 4, turn=(hands + 1) % 4,
                scores=[-80 * hands] * 2, leader=None)
    return data


def test_a_view_of_more_hands_than_the_limit_is_refused_before_any_is_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # S-3, P-8, V-1
    from spades import serial

    good = _never_ending_view(12)  # P-8: dealer 0, seat 1 to bid
    assert view_from_dict(copy.deepcopy(good)).hand_number == 12  # a real game: it loads
    monkeypatch.setattr(serial, "MAX_VIEW_HANDS", 11)
    with pytest.raises(StateError, match=r"sheet: a view's score sheet holds at most 11 finished hands, got 12"):
        view_from_dict(good)
    monkeypatch.undo()
    forged = _never_ending_view(serial.MAX_VIEW_HANDS + 1)  # played, it would take seconds
    with pytest.raises(StateError, match=r"at most 10,000 finished hands, got 10,001") as raised:
        serial.view_from_json(json.dumps(forged))
    assert len(str(raised.value)) < 200


def test_the_states_kept_after_sheets_hold_a_bounded_number_of_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    # A view's finished hands are played again; the states after the latest
    # sheets are kept, but never more than a budget of hands in all, so a
    # long sheet loaded and dropped leaves no game behind in memory.
    import spades._witness as witness

    monkeypatch.setattr(witness, "_SHEET_HANDS_KEPT", 10)
    monkeypatch.setattr(witness, "_SHEET_STATES", {})

    def kept_hands() -> int:
        return sum(len(sheet) for _rules, sheet in witness._SHEET_STATES)

    for hands in (4, 5, 1, 12, 2, 6, 4):
        assert view_from_dict(_never_ending_view(hands)).hand_number == hands
        assert 0 < kept_hands() <= 10 if hands <= 10 else kept_hands() <= 10
        if hands <= 10:
            assert any(len(sheet) == hands for _rules, sheet in witness._SHEET_STATES)  # the latest is kept
        else:
            assert all(len(sheet) != hands for _rules, sheet in witness._SHEET_STATES)  # over the budget: not kept


def test_the_kept_sheets_are_counted_over_a_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memo of the games behind the latest sheets is shared by every
    thread: one thread may add to it while another counts what it keeps.
    A memo that changes while it is walked (as another thread would change
    it) must not make loading a view raise RuntimeError."""
    import spades._witness as witness

    class Busy(dict[Any, Any]):
        def __iter__(self) -> Iterator[Any]:
            for index, key in enumerate(dict.__iter__(self)):
                if index == 0:
                    self[(key[0], ())] = new_game(key[0])  # another thread's entry, meanwhile
                yield key

    monkeypatch.setattr(witness, "_SHEET_STATES", Busy())
    for hands in (1, 2, 4):  # each a sheet not kept yet: counted, then kept
        assert view_from_dict(_never_ending_view(hands)).hand_number == hands
    assert len(witness._SHEET_STATES) >= 1


def test_a_hand_number_the_sheet_does_not_give_is_refused_before_the_sheet_is_played() -> None:  # P-8, T-8, S-9
    """The hand's number follows from the score sheet's length (the last
    hand's at the game's end): a long sheet with another number is refused
    at once, with the message the whole check gives, not after each of its
    hands has been played again."""
    import spades._witness as witness

    def not_played(*_args: object) -> None:
        raise AssertionError("the sheet's hands were played")

    rules = Rules.partnership(target=10_000)
    document = plain_dict(seat_view(new_game(rules, seed=5), 2))
    rows = 3_000
    document["sheet"] = ["6666/3433"] * rows
    for number in (0, rows - 1, rows + 1):
        with pytest.raises(StateError, match=f"hand_number: the document says {number}, but the game it describes "
                                             f"gives {rows} \\(P-8, T-8, S-9\\)"), \
                mock.patch.object(witness, "_after_sheet", not_played):
            view_from_dict({**document, "hand_number": number})
    # At the game's end the number is the last hand's.
    state = new_game(Rules.partnership(losing_floor=-100), seed=1)
    rng = random.Random(2)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    final = plain_dict(seat_view(state, 0))
    assert final["hand_number"] == len(state.sheet) - 1
    assert view_from_dict(final) == seat_view(state, 0)
    with pytest.raises(StateError, match=f"gives {len(state.sheet) - 1} "):
        view_from_dict({**final, "hand_number": len(state.sheet)})
