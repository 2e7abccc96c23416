"""Tests of the `Rules` value: defaults, presets, validation, dict and JSON.

The expected values come from RULES.md (defaults and V- options), from the
presets' documented sources, and from the issue's list of impossible
combinations; none is read back from the code under test.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import hostile_examples, rules_strategy

from spades import PRESETS, ArgumentError, Rules, RulesError, SpadesError
from spades.cards import Card
from spades.rules import hand_size, seating

ALL_PRESETS = sorted(PRESETS)


# ----------------------------------------------------------------------
# Defaults: the sources' partnership game.


def test_defaults_are_the_sources_partnership_game() -> None:  # C-1, C-2, P-1, P-5, P-6, S-7, S-8, P-7
    rules = Rules()
    assert rules.players == 4 and rules.partners  # P-1
    assert rules.sides == ((0, 2), (1, 3))  # P-1: partners sit opposite
    assert rules.hand_size == 13  # P-2
    assert rules.deck == "standard" and bin(rules.deck_mask).count("1") == 52  # C-1
    assert rules.target == 500 and rules.losing_floor is None  # C-2
    assert rules.nil_allowed and rules.nil_bonus == 100  # P-5
    assert rules.double_nil_allowed and rules.double_nil_bonus == 200  # P-6
    assert rules.double_nil_exchange == 3 and rules.double_nil_trailing_by is None  # P-6
    assert rules.failed_nil == "bags"  # S-7
    assert (rules.bag_points, rules.bags_per_penalty, rules.bag_penalty) == (1, 10, 100)  # S-1, S-8
    assert rules.first_lead == "left-of-dealer" and not rules.no_spades_first_trick  # P-7
    assert (rules.min_bid, rules.min_side_bid, rules.max_side_contract) == (0, 0, None)  # C-3
    assert not rules.bids_may_not_total_tricks and not rules.ten_for_two_hundred and rules.boston == "none"


def test_partners_default_follows_the_number_of_players() -> None:  # P-1, T-1, V-10
    assert Rules(players=4).partners is True
    assert Rules(players=2).partners is False
    assert Rules(players=3).partners is False
    assert Rules(players=4, partners=False).sides == ((0,), (1,), (2,), (3,))


def test_three_players_get_seventeen_cards() -> None:  # V-10
    rules = Rules(players=3)
    assert rules.hand_size == 17
    assert bin(rules.deck_mask).count("1") == 52  # one card is set aside at the deal
    removed = Rules(players=3, three_player_deck="remove-two-of-clubs")
    assert bin(removed.deck_mask).count("1") == 51
    assert not removed.deck_mask & Card.parse("2C").mask


# ----------------------------------------------------------------------
# Presets.


def test_presets_are_the_documented_names() -> None:
    assert set(PRESETS) == {
        "partnership",
        "two-player",
        "pagat",
        "jokers",
        "joker-joker-deuce-deuce",
        "cutthroat-3",
        "cutthroat-4",
        "openspiel",
    }


def test_presets_mapping_is_read_only() -> None:
    with pytest.raises(TypeError):
        PRESETS["mine"] = Rules.partnership  # type: ignore[index]
    with pytest.raises(TypeError):
        del PRESETS["pagat"]  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_every_preset_builds_and_round_trips(name: str) -> None:
    rules = Rules.preset(name)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


@pytest.mark.parametrize(
    ("factory", "source"),
    [
        (Rules.partnership, "sources"),
        (Rules.two_player, "sources"),
        (Rules.pagat, "pagat.com"),
        (Rules.jokers, "V-9"),
        (Rules.joker_joker_deuce_deuce, "V-9"),
        (Rules.cutthroat, "V-10"),
        (Rules.openspiel, "open_spiel"),
    ],
)
def test_every_preset_says_where_it_comes_from(factory: Any, source: str) -> None:
    assert factory.__doc__ and source in factory.__doc__


def test_partnership_preset_is_the_default() -> None:  # P-1..P-8
    assert Rules.preset("partnership") == Rules()


def test_two_player_preset() -> None:  # T-1, T-6
    rules = Rules.preset("two-player")
    assert rules.players == 2 and not rules.partners and rules.is_draft
    assert rules.sides == ((0,), (1,))
    assert rules.double_nil_exchange == 3  # T-6: up to three cards


def test_pagat_preset_values() -> None:  # V-1, V-2, V-3, V-5
    rules = Rules.preset("pagat")
    assert rules.players == 4 and rules.partners
    assert rules.nil_bonus == 100  # V-2
    assert rules.double_nil_allowed and rules.double_nil_bonus == 200  # V-3
    assert rules.double_nil_trailing_by == 100 and rules.double_nil_exchange == 2  # V-3
    assert (rules.bag_points, rules.bags_per_penalty, rules.bag_penalty) == (1, 10, 100)  # V-5
    assert rules.target == 500 and rules.losing_floor == -200  # V-1


def test_joker_presets() -> None:  # V-9
    jokers = Rules.preset("jokers")
    assert jokers.deck == "jokers" and jokers.players == 4 and jokers.partners
    jjdd = Rules.preset("joker-joker-deuce-deuce")
    assert jjdd.deck == "joker-joker-deuce-deuce" and jjdd.players == 4


def test_cutthroat_presets() -> None:  # V-10
    three = Rules.preset("cutthroat-3")
    assert three.players == 3 and not three.partners and three.hand_size == 17
    assert three.sides == ((0,), (1,), (2,))
    four = Rules.preset("cutthroat-4")
    assert four.players == 4 and not four.partners and four.hand_size == 13
    assert four.sides == ((0,), (1,), (2,), (3,))
    with pytest.raises(RulesError, match="cutthroat is for 3 or 4 players"):
        Rules.cutthroat(2)
    assert Rules.cutthroat(3, players=3) == three and Rules.preset("cutthroat-4", players=4) == four


class _LoudInt(int):
    """An int that raises when compared: the library must not ask it."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("compared")

    def __ne__(self, other: object) -> bool:
        raise RuntimeError("compared")

    __hash__ = int.__hash__


@pytest.mark.parametrize("given", [_LoudInt(3), True, 3.0, "3", 4])
def test_cutthroat_players_must_be_the_plain_int(given: object) -> None:  # V-10
    with pytest.raises(RulesError, match="players"):
        Rules.cutthroat(3, players=given)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="players"):
        Rules.preset("cutthroat-3", players=given)  # type: ignore[arg-type]


def test_openspiel_preset_values() -> None:  # V-1, V-3, V-4, V-6
    rules = Rules.preset("openspiel")
    assert rules.players == 4 and rules.partners
    assert rules.failed_nil == "partner"  # V-4: tricks still count toward the contract
    assert rules.max_side_contract == 13  # V-6: partners' bids total at most 13
    assert not rules.double_nil_allowed  # V-3: OpenSpiel has no Blind Nil
    assert rules.nil_bonus == 100
    assert rules.target == 500 and rules.losing_floor == -350  # V-1: win_threshold, mercy_threshold
    assert rules.first_dealer == 3  # seat 0 (OpenSpiel's first player) bids and leads first


def test_preset_takes_changes() -> None:
    assert Rules.preset("pagat", target=300).target == 300
    assert Rules.preset("cutthroat-4", losing_floor=-100).losing_floor == -100
    assert Rules.pagat(losing_floor=None).losing_floor is None


def test_unknown_preset_names_the_presets() -> None:
    with pytest.raises(RulesError, match="unknown preset 'whist'.*openspiel"):
        Rules.preset("whist")
    with pytest.raises(RulesError, match="unknown preset"):
        Rules.preset(None)  # type: ignore[arg-type]


# ----------------------------------------------------------------------
# Impossible and contradictory options: RulesError naming the options.

BAD_OPTIONS: list[tuple[dict[str, Any], str]] = [
    ({"deck_size": 54}, "deck_size"),  # no such option: a 54-card deck has jokers by construction
    ({"players": 5}, "players"),  # 5 players in a partnership
    ({"players": 5, "partners": True}, "players"),
    ({"players": 1}, "players"),
    ({"players": 3, "partners": True}, "partners"),  # partners with 3 players
    ({"players": 2, "partners": True}, "partners"),
    ({"double_nil_exchange": 4}, "double_nil_exchange"),  # V-3: 0..3
    ({"double_nil_exchange": -1}, "double_nil_exchange"),
    ({"target": -500}, "target"),  # V-1
    ({"target": 0}, "target"),
    ({"losing_floor": 500}, "losing_floor"),  # V-1: the floor must be below the target
    ({"target": 300, "losing_floor": 400}, "losing_floor"),
    ({"first_lead": "two-of-clubs", "deck": "jokers"}, "first_lead"),  # V-7 + V-9: no 2C
    ({"first_lead": "two-of-clubs", "deck": "joker-joker-deuce-deuce"}, "first_lead"),
    ({"first_lead": "two-of-clubs", "players": 2}, "first_lead"),
    ({"first_lead": "two-of-clubs", "players": 3}, "first_lead"),
    ({"first_lead": "holder-of-ace"}, "first_lead"),
    ({"players": 3, "deck": "jokers", "three_player_deck": "remove-two-of-clubs"}, "three_player_deck"),
    ({"first_dealer": 3, "players": 3}, "first_dealer"),
    ({"first_dealer": 4}, "first_dealer"),
    ({"deck": "tarot"}, "deck"),
    ({"failed_nil": "partner's"}, "failed_nil"),
    ({"boston": "yes"}, "boston"),
    ({"nil_bonus": -100}, "nil_bonus"),  # V-2: a value, won or lost
    ({"double_nil_bonus": -1}, "double_nil_bonus"),
    ({"double_nil_trailing_by": 0}, "double_nil_trailing_by"),  # V-3
    ({"bags_per_penalty": 0}, "bags_per_penalty"),  # V-5
    ({"bag_points": -1}, "bag_points"),
    ({"bag_penalty": -100}, "bag_penalty"),
    ({"min_bid": 14}, "min_bid"),  # V-6: at most the hand
    ({"min_bid": 18, "players": 3}, "min_bid"),
    ({"min_side_bid": 14}, "min_side_bid"),
    ({"min_side_bid": 4, "players": 4, "partners": False}, "min_side_bid"),  # V-6: needs partners
    ({"min_side_bid": 4, "players": 2}, "min_side_bid"),
    ({"min_side_bid": 8, "max_side_contract": 6}, "max_side_contract"),
    ({"min_bid": 5, "max_side_contract": 4}, "max_side_contract"),
    ({"nil_allowed": False, "min_bid": 4, "max_side_contract": 7}, "max_side_contract"),
    # V-6: no contract a side could make (two bids of 7 or more, no Nil of either kind).
    ({"nil_allowed": False, "double_nil_allowed": False, "min_bid": 7}, "min_bid=7 make every contract at least 14"),
    ({"nil_allowed": False, "double_nil_allowed": False, "min_bid": 13, "max_side_contract": 17}, "min_bid=13"),
    # V-3, V-6: every side bids 26 and fails alike, a tie at every hand, so no side ever trails to open Double Nil.
    ({"nil_allowed": False, "min_bid": 13, "double_nil_trailing_by": 1}, "every hand is a tie"),
    ({"nil_allowed": False, "min_bid": 13, "double_nil_trailing_by": 100, "boston": "bonus", "boston_bonus": 0},
     "double_nil_trailing_by=100"),
    ({"max_side_contract": 0}, "max_side_contract"),
    ({"max_side_contract": 18}, "max_side_contract"),
    # Types: JSON-like values of the wrong kind.
    ({"target": "500"}, "target"),
    ({"target": 500.0}, "target"),
    ({"players": True}, "players"),
    ({"nil_allowed": 1}, "nil_allowed"),
    ({"losing_floor": "none"}, "losing_floor"),
    ({"deck": ["standard"]}, "deck"),
]


@pytest.mark.parametrize(("options", "named"), BAD_OPTIONS)
def test_impossible_options_are_refused_naming_them(options: dict[str, Any], named: str) -> None:  # V-1..V-10
    with pytest.raises(RulesError, match=named) as caught:
        Rules(**options)
    assert isinstance(caught.value, SpadesError) and isinstance(caught.value, ValueError)
    with pytest.raises(RulesError, match=named):
        Rules.from_dict(options)


def test_a_contract_no_side_could_make_is_refused_in_words() -> None:  # V-6, C-8
    with pytest.raises(RulesError) as caught:
        Rules(nil_allowed=False, double_nil_allowed=False, min_bid=7)
    assert str(caught.value) == (
        "nil_allowed=false, double_nil_allowed=false and min_bid=7 make every contract at least 14, "
        "over the 13 tricks of a hand: no side could make one (V-6)"
    )
    # One bid of the side may be 0 tricks (a Nil of either kind), or the side is one player: allowed.
    with pytest.raises(RulesError) as caught:
        Rules(nil_allowed=False, min_bid=13, double_nil_trailing_by=1, losing_floor=-500)
    assert str(caught.value) == (
        "nil_allowed=false and min_bid=13 make every side's contract 26, over the 13 tricks of a hand, and the "
        "same for every side: every hand is a tie, so no side ever trails to open Double Nil "
        "(double_nil_trailing_by=1; V-3, V-6)"
    )
    allowed: list[dict[str, Any]] = [
        {"nil_allowed": False, "min_bid": 7}, {"double_nil_allowed": False, "min_bid": 13},
        {"nil_allowed": False, "min_bid": 13}, {"nil_allowed": False, "min_bid": 12, "double_nil_trailing_by": 1},
        {"nil_allowed": False, "min_bid": 13, "double_nil_trailing_by": 1, "boston": "win"},
        {"nil_allowed": False, "min_bid": 13, "double_nil_trailing_by": 1, "boston": "bonus"},
        # Each for themselves: a player who takes every trick makes 13, and the others then trail.
        {"players": 4, "partners": False, "nil_allowed": False, "min_bid": 13, "double_nil_trailing_by": 1},
        {"nil_allowed": False, "double_nil_allowed": False, "min_bid": 6},
        {"players": 4, "partners": False, "nil_allowed": False, "double_nil_allowed": False, "min_bid": 13},
        {"players": 3, "nil_allowed": False, "double_nil_allowed": False, "min_bid": 17},
    ]
    for options in allowed:
        assert Rules(**options).min_bid == options["min_bid"]


def test_unknown_options_are_named_all_at_once() -> None:
    with pytest.raises(RulesError, match="unknown option.*'colour', 'deck_size'"):
        Rules.from_dict({"deck_size": 54, "colour": "red", "target": 300})
    with pytest.raises(RulesError, match="'deck_size'"):
        Rules.partnership(deck_size=54)  # type: ignore[call-arg]
    with pytest.raises(RulesError, match="'jokers'"):
        Rules.preset("pagat", jokers=True)  # type: ignore[call-arg]


def test_positional_values_are_refused() -> None:
    with pytest.raises(RulesError, match="by name"):
        Rules(4)  # type: ignore[call-arg]


def test_from_dict_needs_a_mapping() -> None:
    with pytest.raises(RulesError, match="mapping"):
        Rules.from_dict([("players", 4)])  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="unknown option"):
        Rules.from_dict({4: "players"})  # type: ignore[dict-item]


def test_replace_is_validated() -> None:  # V-1
    with pytest.raises(RulesError, match="target"):
        Rules.partnership().replace(target=-1)
    with pytest.raises(RulesError, match="unknown option"):
        Rules.partnership().replace(trumps="hearts")  # type: ignore[call-arg]
    assert Rules.partnership().replace(target=250).target == 250


def test_contradiction_messages_name_every_option_involved() -> None:
    with pytest.raises(RulesError) as caught:
        Rules(first_lead="two-of-clubs", deck="jokers")
    assert "first_lead" in str(caught.value) and "deck" in str(caught.value)
    with pytest.raises(RulesError) as caught:
        Rules(target=300, losing_floor=300)
    assert "losing_floor" in str(caught.value) and "target" in str(caught.value)


# ----------------------------------------------------------------------
# Plain dict and JSON.


def test_to_dict_is_plain_json() -> None:
    data = Rules.openspiel().to_dict()
    assert all(type(k) is str for k in data)
    assert all(v is None or type(v) in (int, bool, str) for v in data.values())
    text = json.dumps(data, sort_keys=True)
    assert json.loads(text) == data
    assert data["failed_nil"] == "partner" and data["max_side_contract"] == 13 and data["losing_floor"] == -350


def test_a_partial_dict_takes_the_defaults() -> None:
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict({"players": 3}) == Rules.cutthroat(3)
    assert Rules.from_dict({"players": 2}) == Rules.two_player()


@given(rules_strategy())
def test_random_valid_rules_round_trip_through_json(rules: Rules) -> None:
    data = rules.to_dict()
    back = Rules.from_dict(json.loads(json.dumps(data)))
    assert back == rules and hash(back) == hash(rules)
    assert back.sides == rules.sides and back.deck_mask == rules.deck_mask
    assert rules.replace() == rules


@given(rules_strategy())
def test_random_valid_rules_have_consistent_derived_facts(rules: Rules) -> None:  # P-1, C-1, V-9, V-10
    seats = sorted(seat for side in rules.sides for seat in side)
    assert seats == list(range(rules.players))
    if rules.partners:
        assert rules.sides == ((0, 2), (1, 3))
    else:
        assert all(len(side) == 1 for side in rules.sides)
    cards = bin(rules.deck_mask).count("1")
    if rules.players == 3 and rules.three_player_deck == "remove-two-of-clubs":
        assert cards == 51
    else:
        assert cards == 52
    assert rules.hand_size * rules.players <= cards
    # Every card of the deck belongs to exactly one suit for following.
    union = 0
    for mask in rules.suit_masks:
        assert not union & mask
        union |= mask
    assert union == rules.deck_mask


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_presets_survive_pickle_and_copy(name: str) -> None:
    import copy
    import pickle

    rules = Rules.preset(name)
    assert len(pickle.dumps(rules)) < 2000  # the options, not the derived tables
    other = pickle.loads(pickle.dumps(rules))
    assert other is not rules
    assert other == rules and hash(other) == hash(rules)
    # The derived tables are built again from the options when loaded.
    assert (other.sides, other.deck_mask, other.suit_masks, other.power) == (
        rules.sides,
        rules.deck_mask,
        rules.suit_masks,
        rules.power,
    )
    # An immutable value: a copy is the value itself.
    assert copy.copy(rules) is rules and copy.deepcopy(rules) is rules


# ----------------------------------------------------------------------
# Bounds of the numeric options (V-1..V-8): each has a range covering every
# real table, and every value in it builds rules that can be written back.

# (option, least, greatest, other options needed to reach the bound)
BOUNDS: list[tuple[str, int, int, dict[str, Any]]] = [
    ("players", 2, 4, {}),
    ("first_dealer", 0, 3, {}),
    ("target", 1, 10_000, {}),  # V-1
    ("losing_floor", -10_000, 499, {}),  # V-1: below the target (500)
    ("nil_bonus", 0, 10_000, {}),  # V-2
    ("double_nil_bonus", 0, 10_000, {}),  # V-3
    ("double_nil_exchange", 0, 3, {}),  # V-3
    ("double_nil_trailing_by", 1, 10_000, {}),  # V-3
    ("bag_points", 0, 100, {}),  # V-5
    ("bags_per_penalty", 1, 100, {}),  # V-5
    ("bag_penalty", 0, 10_000, {}),  # V-5
    ("min_bid", 0, 13, {}),  # V-6
    ("min_bid", 0, 17, {"players": 3}),
    ("min_side_bid", 0, 13, {}),  # V-6
    ("max_side_contract", 1, 17, {}),  # V-6: 1 is a contract a side can bid
    ("max_side_contract", 1, 17, {"players": 3}),
    ("boston_bonus", 0, 10_000, {}),  # V-8
]


def _writes_back(rules: Rules) -> None:
    """``rules`` survives every way the library writes it."""
    from spades.record import rules_from_text, rules_to_text
    from spades.serial import rules_from_json, to_json

    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert rules_from_json(to_json(rules)) == rules
    assert rules_from_text(rules_to_text(rules)) == rules
    assert len(repr(rules)) < 2000


@pytest.mark.parametrize(("option", "low", "high", "base"), BOUNDS)
def test_every_numeric_option_at_its_bounds_builds_and_writes_back(
    option: str, low: int, high: int, base: dict[str, Any]
) -> None:  # V-1..V-8
    for value in (low, high):
        rules = Rules(**{**base, option: value})
        assert getattr(rules, option) == value
        _writes_back(rules)


@pytest.mark.parametrize(("option", "low", "high", "base"), BOUNDS)
def test_one_past_each_bound_is_a_rules_error_naming_the_option(
    option: str, low: int, high: int, base: dict[str, Any]
) -> None:  # V-1..V-8
    for value in (low - 1, high + 1):
        with pytest.raises(RulesError, match=option):
            Rules(**{**base, option: value})
        with pytest.raises(RulesError, match=option):
            Rules.from_dict({**base, option: value})


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("target", "target: must be >= 1 and <= 10000, got 10001"),
        ("nil_bonus", "nil_bonus: must be >= 0 and <= 10000, got 10001"),
        ("double_nil_bonus", "double_nil_bonus: must be >= 0 and <= 10000, got 10001"),
        ("double_nil_trailing_by", "double_nil_trailing_by: must be >= 1 and <= 10000, got 10001"),
        ("bag_penalty", "bag_penalty: must be >= 0 and <= 10000, got 10001"),
        ("boston_bonus", "boston_bonus: must be >= 0 and <= 10000, got 10001"),
    ],
)
def test_the_message_gives_the_range(option: str, message: str) -> None:  # V-1, V-2, V-3, V-5, V-8
    options: dict[str, Any] = {option: 10_001}
    with pytest.raises(RulesError) as caught:
        Rules(**options)
    assert str(caught.value) == message


def test_bag_option_ranges() -> None:  # V-5
    with pytest.raises(RulesError, match=r"^bag_points: must be >= 0 and <= 100, got 101$"):
        Rules(bag_points=101)
    with pytest.raises(RulesError, match=r"^bags_per_penalty: must be >= 1 and <= 100, got 101$"):
        Rules(bags_per_penalty=101)


def test_the_losing_floor_range_follows_the_target() -> None:  # V-1
    with pytest.raises(RulesError) as caught:
        Rules(target=300, losing_floor=300)
    assert str(caught.value) == "losing_floor: must be >= -10000 and <= 299, below target (300), got 300"
    with pytest.raises(RulesError, match=r"losing_floor: must be >= -10000 and <= 499"):
        Rules(losing_floor=-10_001)
    assert Rules(target=1, losing_floor=0).losing_floor == 0
    _writes_back(Rules(target=10_000, losing_floor=9_999))


NUMERIC_OPTIONS = sorted({option for option, *_ in BOUNDS})


@pytest.mark.parametrize("option", NUMERIC_OPTIONS)
@pytest.mark.parametrize(
    "value",
    [10**4299, -(10**4300), 10**5000, 2**63, -(2**63)],
    ids=["10**4299", "-10**4300", "10**5000", "2**63", "-2**63"],
)
def test_huge_numbers_are_refused_with_a_short_message(option: str, value: int) -> None:  # V-1..V-8
    # A 4,300-digit bonus was accepted, and the rules could then not be
    # written to JSON, text or even repr (Python refuses to write the number).
    options: dict[str, Any] = {option: value}
    with pytest.raises(RulesError, match=option) as caught:
        Rules(**options)
    assert len(str(caught.value)) < 200
    with pytest.raises(RulesError, match=option):
        Rules.partnership().replace(**options)


def test_messages_about_junk_values_are_short() -> None:  # V-9, V-10
    for options in ({"deck": "x" * 100_000}, {"boston": ["none"] * 100_000}, {"nil_allowed": "y" * 100_000}):
        with pytest.raises(RulesError) as caught:
            Rules(**options)
        assert len(str(caught.value)) < 200
    with pytest.raises(RulesError) as caught:
        Rules.from_dict({f"option{n}" * 1000: n for n in range(1000)})
    assert "and 995 more" in str(caught.value) and len(str(caught.value)) < 500


class _Hostile:
    """A value whose comparisons and repr raise."""

    def __eq__(self, other: object) -> bool:
        raise ZeroDivisionError

    def __hash__(self) -> int:
        raise ZeroDivisionError

    def __repr__(self) -> str:
        raise ZeroDivisionError


def test_hostile_values_are_rules_errors() -> None:
    for option in ("players", "deck", "boston", "target", "losing_floor", "partners"):
        options: dict[str, Any] = {option: _Hostile()}
        with pytest.raises(RulesError, match=option):
            Rules(**options)
    with pytest.raises(RulesError, match="unknown preset"):
        Rules.preset(_Hostile())  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="cutthroat"):
        Rules.cutthroat(_Hostile())  # type: ignore[arg-type]


class _BrokenMapping(dict[str, Any]):
    def keys(self) -> Any:
        raise ZeroDivisionError

    def __iter__(self) -> Any:
        raise ZeroDivisionError


def test_a_mapping_that_cannot_be_read_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="cannot read"):
        Rules.from_dict(_BrokenMapping(target=300))


@pytest.mark.parametrize(
    "players", [3.0, True, "3", None, 10**5000, 5, [3]], ids=["3.0", "True", "'3'", "None", "10**5000", "5", "[3]"]
)
def test_cutthroat_needs_three_or_four_players(players: Any) -> None:  # V-10
    with pytest.raises(RulesError, match="cutthroat is for 3 or 4 players") as caught:
        Rules.cutthroat(players)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("name", [None, 3, b"pagat", ["pagat"], {"pagat": 1}, "P" * 100_000, "PAGAT"])
def test_preset_names_are_checked(name: Any) -> None:
    with pytest.raises(RulesError, match="unknown preset") as caught:
        Rules.preset(name)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_presets_check_their_changes(name: str) -> None:  # V-1
    with pytest.raises(RulesError, match="target"):
        PRESETS[name](target=10**5000)
    with pytest.raises(RulesError, match="target"):
        Rules.preset(name, target=0)
    with pytest.raises(RulesError, match="unknown option"):
        Rules.preset(name, colour=None)  # type: ignore[call-arg]


# Any JSON-like value, and some that JSON cannot hold.
_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-(10**6), 10**6),
    st.integers(min_value=10**4300) | st.integers(max_value=-(10**4300)),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.sampled_from(
        ["standard", "jokers", "bags", "partner", "none", "bonus", "win", "two-of-clubs", "remove-two-of-clubs"]
    ),
    st.lists(st.integers(), max_size=3),
)
_OPTION_VALUES = st.dictionaries(st.sampled_from(sorted(Rules().to_dict())) | st.text(max_size=8), _JUNK, max_size=8)


@hostile_examples(lambda value: ({"target": value},))
@hostile_examples(lambda value: ({"players": value, "first_dealer": 1},))
@hostile_examples(lambda value: ({"deck": value},))
@hostile_examples(lambda value: ({"double_nil_trailing_by": value, "losing_floor": None},))
@given(_OPTION_VALUES)
def test_random_option_dicts_build_and_round_trip_or_are_rules_errors(options: dict[str, Any]) -> None:  # V-1..V-10
    try:
        rules = Rules.from_dict(options)
    except RulesError as error:
        assert len(str(error)) < 500
        return
    _writes_back(rules)
    assert all(type(getattr(rules, key)) is type(value) for key, value in options.items())


@hostile_examples(lambda value: (value, {"target": value}))
@hostile_examples(lambda value: ("pagat", {"bag_penalty": value, "boston": value}))
@given(st.sampled_from(ALL_PRESETS) | _JUNK, _OPTION_VALUES)
def test_fuzz_rules_constructor_and_presets(name: Any, options: dict[str, Any]) -> None:  # V-1..V-10
    """``Rules(**options)``, ``Rules(value)`` and ``Rules.preset(name,
    **options)`` build rules that write back, or raise a short RulesError."""
    makes: list[Callable[[], Rules]] = [
        lambda: Rules(**options),
        lambda: Rules(name),  # type: ignore[call-arg]
        lambda: Rules.preset(name, **options),
    ]
    for make in makes:
        try:
            rules = make()
        except RulesError as error:
            assert len(str(error)) < 500
            continue
        _writes_back(rules)


@pytest.mark.parametrize(
    "call",
    [
        lambda: hand_size(5),
        lambda: hand_size(1),
        lambda: hand_size(3.0),  # type: ignore[arg-type]
        lambda: hand_size(True),
        lambda: hand_size(10**5000),
        lambda: seating(10**6, False),  # built a million seats
        lambda: seating(-1, False),
        lambda: seating([4], True),  # type: ignore[arg-type]  # unhashable: TypeError from the cache
        lambda: seating(4, 1),  # type: ignore[arg-type]
        lambda: seating(3, True),
        lambda: seating(2, True),
    ],
)
def test_hand_size_and_seating_check_their_arguments(call: Any) -> None:  # P-1, C-8, V-10
    with pytest.raises(ArgumentError) as caught:
        call()
    assert len(str(caught.value)) < 200


def test_hand_size_and_seating_of_every_table() -> None:  # P-1, T-1, V-10
    assert [hand_size(n) for n in (2, 3, 4)] == [13, 17, 13]
    assert seating(4, True) == (((0, 2), (1, 3)), (0, 1, 0, 1))
    assert seating(4, False) == (((0,), (1,), (2,), (3,)), (0, 1, 2, 3))
    assert seating(2, False) == (((0,), (1,)), (0, 1))


@given(rules_strategy())
def test_rules_by_preset_name_and_changes_read_back(rules: Rules) -> None:  # V-1..V-10
    compact = rules.to_preset_dict()
    assert Rules.from_dict(compact) == rules
    name = compact["preset"]
    assert name in PRESETS
    base = PRESETS[name]().to_dict()
    assert all(base[key] != value for key, value in compact.items() if key != "preset")
    assert len(compact) - 1 <= min(
        sum(1 for key, value in rules.to_dict().items() if PRESETS[other]().to_dict()[key] != value) for other in PRESETS
    )


def test_rules_by_preset_name() -> None:
    assert Rules.partnership().to_preset_dict() == {"preset": "partnership"}
    assert Rules.jokers(target=250).to_preset_dict() == {"preset": "jokers", "target": 250}
    for bad in ({"preset": "bridge"}, {"preset": 3}, {"preset": "pagat", "colour": 1}, {"preset": "pagat", "target": -5}):
        with pytest.raises(RulesError):
            Rules.from_dict(bad)


def test_the_schema_names_the_presets() -> None:
    from spades.serial import schema

    assert schema()["$defs"]["rules"]["properties"]["preset"]["enum"] == list(PRESETS)


def test_a_cutthroat_preset_keeps_its_players() -> None:  # V-10
    assert Rules.preset("cutthroat-3", players=3) == Rules.preset("cutthroat-3")
    for name, players in (("cutthroat-3", 4), ("cutthroat-4", 3), ("cutthroat-3", "3")):
        with pytest.raises(RulesError, match="players"):
            Rules.preset(name, players=players)  # type: ignore[arg-type]
    assert Rules.from_dict({"preset": "cutthroat-4", "target": 300}).players == 4


def test_the_two_player_preset_keeps_its_players() -> None:  # T-1
    """"two-player" names its number of players, as "cutthroat-3" does: it
    refuses another (it built a four-player cutthroat game), however it is
    asked for."""
    assert Rules.two_player(players=2) == Rules.two_player()
    for players in (3, 4, "2", True, 2.0):
        makes: tuple[Callable[[], object], ...] = (
            lambda: Rules.two_player(players=players), lambda: Rules.preset("two-player", players=players),  # type: ignore[arg-type]
            lambda: Rules.from_dict({"preset": "two-player", "players": players}))
        for make in makes:
            with pytest.raises(RulesError, match=r"^the two-player game cannot have players=.* \(T-1\)"):
                make()


def test_presets_keep_the_values_they_build() -> None:
    # Rules are immutable values: a preset built twice with the same
    # arguments may be the same object.
    assert Rules.partnership() is Rules.partnership() == Rules()
    assert Rules.pagat(target=300) is Rules.pagat(target=300) != Rules.pagat()
    assert Rules.cutthroat(3) is Rules.cutthroat(3) and Rules.cutthroat(3) != Rules.cutthroat(4)
    assert Rules.preset("openspiel") is Rules.openspiel()
    # Kept by the type of each value as well as the value: True is not 1.
    assert Rules.partnership(nil_allowed=True).nil_allowed is True
    with pytest.raises(RulesError, match="nil_allowed: must be true or false"):
        Rules.partnership(nil_allowed=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="target: must be a whole number"):
        Rules.partnership(target=300.0)  # type: ignore[arg-type]
    # Refusals are never kept: the same bad value is refused every time.
    for _ in range(2):
        with pytest.raises(RulesError, match="unknown option"):
            Rules.partnership(colour="red")  # type: ignore[call-arg]


def test_a_pickle_of_rules_is_checked_whatever_was_loaded_before() -> None:  # V-1, V-5
    """A pickle's option values are checked as a new value's are, by type:
    500.0 is not a target and True not a number of points, even after a
    pickle of the same values written as whole numbers was loaded (they
    compare equal)."""
    import pickle

    from spades.rules import _OPTION_ORDER, _rules_of_options

    rules = Rules.partnership()
    assert pickle.loads(pickle.dumps(rules)) == rules
    values = rules.__reduce__()[1][0]
    for name, forged in (("target", 500.0), ("bag_points", True), ("nil_allowed", 1)):
        bad = tuple(forged if option == name else value for option, value in zip(_OPTION_ORDER, values))
        assert bad == values  # equal, value by value, to the pickle just loaded
        with pytest.raises(RulesError, match=f"^{name}: must be "):
            _rules_of_options(bad)
    with pytest.raises(RulesError, match="^not a pickle of Rules$"):
        _rules_of_options(list(values))  # type: ignore[arg-type]


def test_the_changes_a_preset_takes_are_the_options_of_rules() -> None:
    """RuleChanges, which types the keyword arguments of the presets and of
    Rules.replace, names every option of Rules with its type, each one
    optional: a new option cannot be left out of it."""
    import typing

    import attrs

    from spades.rules import RuleChanges

    changes = typing.get_type_hints(RuleChanges)
    options = typing.get_type_hints(Rules)
    names = [field.name for field in attrs.fields(Rules) if not field.name.startswith("_")]
    assert list(changes) == names == list(Rules.partnership().to_dict())
    assert {name: changes[name] for name in names} == {name: options[name] for name in names}
    assert RuleChanges.__required_keys__ == frozenset()
    everything: RuleChanges = {"target": 300, "boston": "win", "losing_floor": None}
    assert Rules.preset("pagat", **everything).replace(**everything) == Rules.pagat(target=300, boston="win", losing_floor=None)
