"""One action as JSON: ``spades.serial.action_to_dict`` / ``action_from_dict``
and their JSON text forms, the encoding views use for legal actions."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from spades import ArgumentError, Bid, Card, Deal, Draft, Exchange, Replacement, Rules, SpadesError, StateError, Stock
from spades.record import Record
from spades.serial import (
    MAX_ACTION_SIZE,
    action_from_dict,
    action_from_json,
    action_to_dict,
    action_to_json,
    to_dict,
)
from spades.view import seat_view

from _games import PRESETS, play, presets, seeds


@given(presets, seeds)
@settings(max_examples=20, deadline=None)
def test_every_action_of_a_game_round_trips(name: str, seed: int) -> None:
    rules = PRESETS[name]
    states = play(rules, seed, seeded=False)
    record = Record.of_state(states[-1])
    for action in record.actions:  # chance steps included
        assert action_from_dict(action_to_dict(action), rules, chance=True) == action
        assert action_from_json(action_to_json(action), rules, chance=True) == action
        if type(action) in (Deal, Stock, Replacement):
            with pytest.raises(StateError, match="chance"):
                action_from_dict(action_to_dict(action), rules)
    rng = random.Random(seed)
    for state in rng.sample(states, min(20, len(states))):
        actions = list(state.legal_actions())
        for action in rng.sample(actions, min(20, len(actions))):
            assert action_from_json(action_to_json(action)) == action


def test_the_view_encodes_legal_actions_the_same_way() -> None:
    state = play(Rules.partnership(), 3, seeded=True)[60]
    view = seat_view(state, state.turn)  # type: ignore[arg-type]
    assert to_dict(view)["legal_actions"] == [action_to_dict(a) for a in view.legal_actions]


@pytest.mark.parametrize(
    "data",
    [
        {}, {"play": "QH", "bid": "4"}, {"card": "QH"}, {"play": 5}, {"play": True}, {"play": "QQ"},
        {"play": "QH" * 1000}, {"bid": 4}, {"bid": "fourteen"}, {"bid": None}, {"draft": "take"},
        {"draft": True}, {"exchange": "3C 7H"}, {"exchange": ["3C", "3C"]}, {"exchange": ["3C"] * 9},
        {"exchange": [["3C"]]}, {"deal": "AKQ"}, {"deal": ["..."] * 5}, {"stock": [1, 2]}, {"deal": ["..."] * 4},
        {"replacement": None}, [], "QH", None, 3, {"play": b"QH"}, {"play": {"QH"}}, {1: "QH"},
        {"play": float("nan")},
    ],
)
def test_malformed_actions_are_state_errors(data: Any) -> None:
    with pytest.raises(StateError) as info:
        action_from_dict(data)
    assert len(str(info.value)) < 300


def test_cards_outside_the_deck_and_bids_over_the_hand() -> None:  # C-1, C-3, V-9
    assert action_from_dict({"play": "BJ"}) == Card.parse("BJ")
    assert action_from_dict({"play": "BJ"}, Rules.jokers()) == Card.parse("BJ")
    with pytest.raises(StateError, match="C-1"):
        action_from_dict({"play": "BJ"}, Rules.partnership())
    with pytest.raises(StateError, match="C-3"):
        action_from_dict({"bid": "14"}, Rules.partnership())
    assert action_from_dict({"bid": "17"}, Rules.preset("cutthroat-3")) == Bid(17)


def test_every_bid_a_bid_can_be_round_trips() -> None:  # C-3, P-6
    """Every value of a :class:`Bid`, not only the bids of some game's
    hand: nil, 1 to MAX_BID_TRICKS and Double Nil, written by their names."""
    from spades.actions import MAX_BID_TRICKS

    bids = [Bid(tricks) for tricks in range(MAX_BID_TRICKS + 1)] + [Bid.DOUBLE_NIL]
    for bid in bids:
        name = "double nil" if bid.double_nil else "nil" if bid.tricks == 0 else str(bid.tricks)
        assert action_to_dict(bid) == {"bid": name}
        assert action_to_json(bid) == json.dumps({"bid": name})
        assert action_from_dict(action_to_dict(bid)) == bid
        assert action_from_json(action_to_json(bid)) == bid


def test_text_limits_and_bad_arguments() -> None:
    big = json.dumps({"play": "QH", "pad": "x" * MAX_ACTION_SIZE})
    with pytest.raises(StateError, match="max_size"):
        action_from_json(big)
    with pytest.raises(StateError):
        action_from_json(big, max_size=10 * MAX_ACTION_SIZE)  # read, then refused: two keys
    for text in ("", "{", "[1]", b"\xff", '{"play": "QH"} x', '{"play": "QH", "play": "AS"}'):
        with pytest.raises(StateError):
            action_from_json(text)
    with pytest.raises(ArgumentError):
        action_from_dict({"play": "QH"}, rules="partnership")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        action_to_dict("QH")  # type: ignore[arg-type]
    assert action_to_json(Draft.KEEP) == '{"draft": "keep"}'
    assert action_from_json(action_to_json(Exchange("-"))) == Exchange("-")


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=3),
                    max_leaves=12))
@example({"play": "\ud800"})
@example({"bid": "99"})
@settings(max_examples=200, deadline=None)
def test_any_json_value_is_an_action_or_a_state_error(data: Any) -> None:
    try:
        action = action_from_dict(data)
    except SpadesError:
        return
    assert action_from_dict(action_to_dict(action)) == action


def test_a_deal_read_without_rules_gives_two_to_four_hands() -> None:  # P-2, T-2, V-10
    for hands in ([], ["AKQ..."], ["..."] * 5):
        with pytest.raises(StateError, match="deal"):
            action_from_dict({"deal": hands}, chance=True)
    for count in (2, 3, 4):
        hands = [".".join(["AK" if seat == i else "" for i in range(4)]) for seat in range(count)]
        deal = action_from_dict({"deal": hands}, chance=True)
        assert isinstance(deal, Deal) and len(deal.hands) == count
