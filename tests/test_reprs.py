"""Every value's repr is a Python expression that builds an equal value
(with the names of ``spades.__all__``, ``spades.events.__all__`` and
``spades.view.__all__`` in scope), as for Python's own values: a repr
copied from a log or a traceback into a test or a session gives the value
back.  Enum members are the exception Python itself makes: their repr is
``<Phase.BID: 4>``, and a value holding one (a ``Turn`` event) shows it so.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import spades
import spades.events
import spades.view
from spades import PRESETS, Card, CardSet, GameState, Rules, new_game

NAMES: dict[str, Any] = {
    name: getattr(module, name)
    for module in (spades, spades.events, spades.view)
    for name in module.__all__
}


_ENUM_REPR = re.compile(r"<\w+\.\w+: ")


def _holds_an_enum(value: object) -> bool:
    """Whether ``value``'s repr shows an enum member (``<Draft.KEEP: 'keep'>``)."""
    return _ENUM_REPR.search(repr(value)) is not None


def _values_of_games(rules: Rules, seeds: range) -> dict[str, list[object]]:
    """Values of every kind met in random seeded games under ``rules``:
    the rules, the legal actions, the chance steps, the events of seat 0,
    the score-sheet rows and what they hold."""
    found: dict[str, list[object]] = {}

    def note(value: object) -> None:
        found.setdefault(type(value).__name__, []).append(value)

    note(rules)
    for seed in seeds:
        rng = random.Random(seed)
        unseeded: GameState = new_game(rules)
        note(unseeded.sample_chance(random.Random(seed)))
        state = new_game(rules, seed=seed)
        while not state.is_over and len(state.sheet) < 2:
            for action in state.legal_actions()[:3]:
                note(action)
            before, state = state, state.apply(rng.choice(state.legal_actions()))
            for event in spades.events.events(before, state, 0):
                note(event)
        for row in state.sheet:
            note(row)
            note(row.result)
            for side in row.result.sides:
                note(side)
            for action in row.actions:
                note(action)
            for hand in row.hands:
                note(hand)
    return found


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_value_of_a_game_is_built_back_by_its_repr(preset: str) -> None:  # C-1, P-2, T-2
    values = _values_of_games(PRESETS[preset](), range(2))
    kinds = {kind for kind, items in values.items() if not any(map(_holds_an_enum, items))}
    # The cards, sets, actions and chance steps, the sheet (a two-player
    # hand's row lists its draft choices, enum members) and its scores.
    expected = {"Card", "CardSet", "Bid", "HandScore", "SideScore", "Rules", "Deal" if preset != "two-player" else "Stock"}
    assert expected | ({"HandRecord"} if preset != "two-player" else set()) <= kinds, sorted(kinds)
    for kind in sorted(kinds):
        for value in {repr(value): value for value in values[kind]}.values():
            text = repr(value)
            built = eval(text, dict(NAMES))  # noqa: S307 - the library's own repr of its own value
            assert built == value and type(built) is type(value), (kind, text[:200])


def test_cards_and_card_sets_are_built_from_their_text() -> None:  # C-1, V-9
    cards = [Card(index) for index in range(54)]
    for card in cards:
        assert eval(repr(card), dict(NAMES)) is card
        assert Card(str(card)) is card and Card(card.symbol) is card
    for mask in (0, 1, (1 << 52) - 1, (1 << 54) - 1, 0b1011 << 39 | 0b11 << 52):
        hand = CardSet(mask)
        assert CardSet(str(hand)) == hand and eval(repr(hand), dict(NAMES)) == hand
    assert CardSet("AS KS 10h") == CardSet.parse("AK.T..") == CardSet("AK.T..")
