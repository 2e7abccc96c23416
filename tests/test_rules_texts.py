"""The refusals of ``spades.rules`` word for word: each names the option,
the value and the bound or the rule (V-1, V-6, V-10, T-1, C-1, V-9), and
the bounds themselves are where the messages say.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from spades import ArgumentError, ArgumentTypeError, CardSet, Rules, RulesError, SpadesError
from spades.rules import POINTS_LIMIT, check_hand, hand_size, seating


def _message(call: Callable[[], object], kind: type[SpadesError]) -> str:
    with pytest.raises(kind) as caught:
        call()
    assert type(caught.value) is kind
    return str(caught.value)


def test_the_refusals_of_an_option_word_for_word() -> None:
    odd: Any = 1.5
    one: Any = 1
    text: Any = "x"
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: Rules(partners=odd), "partners: must be true or false, got 1.5"),
        (lambda: Rules(nil_allowed=one), "nil_allowed: must be true or false, got 1"),
        (lambda: Rules(failed_nil=text), "failed_nil: must be one of 'bags', 'partner', 'ignored', got 'x'"),
        (lambda: Rules(nil_bonus=-1), "nil_bonus: must be >= 0 and <= 10000, got -1"),
        (lambda: Rules(players=5), "players: must be >= 2 and <= 4, got 5"),
        (lambda: Rules(max_side_contract=text), "max_side_contract: must be a whole number or none, got 'x'"),
        (lambda: Rules(max_side_contract=True), "max_side_contract: must be a whole number or none, got True"),
        (lambda: Rules(losing_floor=odd), "losing_floor: must be a whole number or none, got 1.5"),
        (lambda: Rules(losing_floor=-POINTS_LIMIT - 1),
         "losing_floor: must be >= -10000 and <= 499, below target (500), got -10001"),
        (lambda: Rules(losing_floor=500), "losing_floor: must be >= -10000 and <= 499, below target (500), got 500"),
        (lambda: Rules(target=1000, losing_floor=1000),
         "losing_floor: must be >= -10000 and <= 999, below target (1000), got 1000"),
    ]
    for call, expected in cases:
        assert _message(call, RulesError) == expected


def test_the_bounds_of_the_losing_floor_and_the_side_contract() -> None:  # V-1, V-6
    assert Rules(losing_floor=-POINTS_LIMIT).losing_floor == -POINTS_LIMIT
    assert Rules(losing_floor=499).losing_floor == 499 and Rules(losing_floor=None).losing_floor is None
    assert Rules(target=POINTS_LIMIT, losing_floor=POINTS_LIMIT - 1).losing_floor == POINTS_LIMIT - 1
    assert Rules(min_side_bid=4, max_side_contract=4).max_side_contract == 4
    assert Rules(min_bid=4, max_side_contract=4).min_bid == 4


def test_the_refusals_of_a_combination_word_for_word() -> None:  # T-1, V-6, V-10
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: Rules(players=3, partners=True), "players=3 needs partners=false: three players play cutthroat (V-10)"),
        (lambda: Rules(players=2, partners=True),
         "players=2 needs partners=false: the two-player game is each for themselves (T-1)"),
        (lambda: Rules(players=2, partners=False, first_lead="two-of-clubs"),
         "first_lead='two-of-clubs' cannot be used with players=2: the 2\u2663 may be discarded in the draft"),
        (lambda: Rules(players=3, first_lead="two-of-clubs"),
         "first_lead='two-of-clubs' cannot be used with players=3: the 2\u2663 may be set aside or removed"),
        (lambda: Rules(min_side_bid=5, max_side_contract=4), "min_side_bid (5) is above max_side_contract (4)"),
        (lambda: Rules(min_bid=5, max_side_contract=4),
         "min_bid (5) is above max_side_contract (4): no number of tricks could be bid (V-6)"),
        (lambda: Rules(min_side_bid=2, players=3),
         "min_side_bid=2 needs partners=true: it is the least contract of a partnership (V-6); "
         "min_bid sets the least bid of a player"),
        (lambda: Rules.cutthroat(5), "cutthroat is for 3 or 4 players, got players=5 (V-10)"),
    ]
    for call, expected in cases:
        assert _message(call, RulesError) == expected


def test_the_refusals_of_reading_options_word_for_word() -> None:
    five_int: Any = 5
    assert _message(lambda: Rules.from_dict(five_int), RulesError) == "rules must be a mapping of options, got int"
    assert _message(lambda: Rules.from_dict({"preset": 5}), RulesError) == "preset: a preset's name, got 5"
    five: dict[Any, Any] = {"zeta": 1, "alpha": 2, "b": 1, "c": 1, "d": 1}
    six: dict[Any, Any] = {**five, 3: 4}
    assert _message(lambda: Rules.from_dict(five), RulesError) == "unknown option(s): 'alpha', 'b', 'c', 'd', 'zeta'"
    assert _message(lambda: Rules.from_dict(six), RulesError) == (
        "unknown option(s): 'alpha', 'b', 'c', 'd', 'zeta' and 1 more"
    )
    # Names first, in order; then the keys that are not text, by their repr.
    mixed: dict[Any, Any] = {2: 0, "players": 4, "zz": 1, 1: 0}
    assert _message(lambda: Rules.from_dict(mixed), RulesError) == (
        "unknown option(s): 'zz', 1, 2"
    )
    # Each name cut to 40 characters.
    assert _message(lambda: Rules.from_dict({"nil_bonus": 50, "x" * 100: 1}), RulesError) == (
        "unknown option(s): '" + "x" * 36 + "..."
    )
    assert _message(lambda: Rules.preset("nope"), RulesError) == (
        "unknown preset 'nope'; presets are: cutthroat-3, cutthroat-4, joker-joker-deuce-deuce, jokers, openspiel, "
        "pagat, partnership, two-player"
    )


def test_the_refusals_of_seats_and_hands_word_for_word() -> None:  # C-1, P-1, V-9, V-10
    odd: Any = 2.0
    assert _message(lambda: hand_size(odd), ArgumentTypeError) == "players: an int, got 2.0"
    assert _message(lambda: seating(odd, False), ArgumentTypeError) == "players: an int, got 2.0"
    assert _message(lambda: seating(5, False), ArgumentError) == "players: 2, 3 or 4, got 5"
    assert _message(lambda: seating(1, False), ArgumentError) == "players: 2, 3 or 4, got 1"
    assert _message(lambda: seating(4, odd), ArgumentTypeError) == "partners: true or false, got 2.0"
    assert _message(lambda: seating(3, True), ArgumentError) == "partners: only with 4 players (P-1, V-10), got players=3"
    assert _message(lambda: check_hand(odd, Rules()), ArgumentTypeError) == "a hand is a CardSet, got float"
    assert _message(lambda: check_hand(CardSet((1 << 53) | 1), Rules()), ArgumentError) == (
        "the hand holds B..., not in this game's deck (C-1, V-9)"
    )


def test_unknown_names_in_order_and_unreadable_options() -> None:
    from collections.abc import Iterator, Mapping

    class Unreadable(Mapping[str, Any]):
        def __getitem__(self, key: str) -> Any:
            raise RuntimeError("not read")

        def __iter__(self) -> Iterator[str]:
            raise RuntimeError("not read")

        def __len__(self) -> int:
            return 1

    # In the order of the names, not of their quoted forms ("b'" is
    # quoted with double quotes, which sort before single ones).
    assert _message(lambda: Rules.from_dict({"b'": 1, "a": 1}), RulesError) == "unknown option(s): 'a', \"b'\""
    assert _message(lambda: Rules.from_dict(Unreadable()), RulesError) == "rules: cannot read the options of a Unreadable"
    text: Any = "x"
    assert _message(lambda: Rules(nil_bonus=text), RulesError) == "nil_bonus: must be a whole number, got 'x'"
