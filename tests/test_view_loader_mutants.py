"""Gaps in the tests of the view document reader of ``spades.serial`` found
by a mutation run of ``view_from_dict`` and ``_read_view``: the hand's
number read from the score sheet first, and the rules each refusal names."""

from __future__ import annotations

import copy
from typing import Any
from unittest import mock

import pytest

from spades import Bid, Rules, StateError, new_game, seat_view
from spades.serial import view_from_dict

from _forgery import plain_dict

_RULES = Rules.partnership()


def _refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(StateError) as caught:
        view_from_dict(data)
    assert type(caught.value) is StateError
    assert str(caught.value) == message


def _not_played(*_args: object) -> None:
    raise AssertionError("the sheet's hands were played")


# ----------------------------------------------------------------------
# view_from_dict: the hand's number follows from the score sheet alone.


def test_a_first_hand_that_says_it_is_the_second_is_refused_naming_its_number() -> None:  # P-8, T-8, S-9
    # Seat 2's view of hand 0 (no finished hand on the sheet), forged into
    # hand 1: its number, and the dealer and the first bidder of hand 1
    # (P-8: the deal passes to the left; P-3: the dealer's left bids first).
    # The sheet holds no finished hand, so the hand is hand 0: the refusal
    # names the number, the field the sheet contradicts, whatever else the
    # document says.
    data = plain_dict(seat_view(new_game(_RULES, seed=5), 2))
    assert (data["hand_number"], data["dealer"], data["turn"], data["sheet"]) == (0, 0, 1, [])
    assert view_from_dict(copy.deepcopy(data)) == seat_view(new_game(_RULES, seed=5), 2)
    message = "hand_number: the document says 1, but the game it describes gives 0 (P-8, T-8, S-9)"
    _refused({**data, "hand_number": 1}, message)
    _refused({**data, "hand_number": 1, "dealer": 1}, message)
    _refused({**data, "hand_number": 1, "dealer": 1, "turn": 2}, message)
    _refused({**data, "hand_number": 1, "phase": "PLAY"}, message)
    _refused({**data, "hand_number": 1, "hand_sizes": [13, 13, 13, 12]}, message)


def test_a_finished_game_with_a_number_the_sheet_does_not_give_is_refused_before_it_is_played() -> None:  # S-9, P-8
    # At the game's end the hand's number is the last hand's, one less than
    # the sheet's length: another number is refused at once, with the words
    # of the whole check, before the sheet's hands are played again.
    import spades._witness as witness

    rows = 3_000
    data = plain_dict(seat_view(new_game(Rules.partnership(target=10_000), seed=5), 2))
    data.update(phase="GAME_OVER", turn=None, sheet=["6666/3433"] * rows)
    for number in (0, rows, rows + 1):
        with mock.patch.object(witness, "_after_sheet", _not_played):
            _refused({**data, "hand_number": number},
                     f"hand_number: the document says {number}, but the game it describes gives {rows - 1} "
                     f"(P-8, T-8, S-9)")


# ----------------------------------------------------------------------
# view_from_dict: the rules a refusal of a Double Nil exchange names.


def _exchanging() -> dict[str, Any]:
    """Seat 1 bid Double Nil (P-6); its partner, seat 3, passes first."""
    state = new_game(_RULES, seed=1)
    state = state.apply(Bid.DOUBLE_NIL)
    for _ in range(3):
        state = state.apply(state.legal_actions()[1])
    view = seat_view(state, 3)
    data = plain_dict(view)
    assert data["legal_actions"] == {"exchange": {"sizes": [3], "cards": "T52.QJ7.K92.QJT8"}}
    assert view_from_dict(copy.deepcopy(data)) == view
    return data


_EXCHANGE_RULES = "(C-3..C-6, P-6, T-2, T-6, V-6, V-7)"


@pytest.mark.parametrize(("choices", "message"), [
    # P-6: the partner passes exactly double_nil_exchange (3) cards, any of its hand.
    ({"sizes": [2], "cards": "T52.QJ7.K92.QJT8"},
     f"legal_actions.exchange.sizes[0]: the document says 2, but the game it describes gives 3 {_EXCHANGE_RULES}"),
    ({"sizes": [0, 3], "cards": "T52.QJ7.K92.QJT8"},
     f"legal_actions.exchange.sizes[0]: the document says 0, but the game it describes gives 3 {_EXCHANGE_RULES}"),
    ({"sizes": [3], "cards": "T5.QJ7.K92.QJT8"},
     f'legal_actions.exchange.cards: the document says "T5.QJ7.K92.QJT8", but the game it describes gives '
     f'"T52.QJ7.K92.QJT8" {_EXCHANGE_RULES}'),
])
def test_an_exchange_the_game_does_not_offer_is_refused_naming_its_rules(choices: dict[str, Any], message: str) -> None:
    # P-6: a refusal inside the exchange's choices names the rules of the
    # legal actions, as one in a list of actions does.
    data = _exchanging()
    _refused({**data, "legal_actions": {"exchange": choices}}, message)
