"""Seeded games of every preset against a golden file made before the rules
were reorganised: the same seeds and the same choices must give the same
records, scores, bags and tricks (see ``tests/golden/make_golden.py``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spades import Record, Rules

from golden.make_golden import play

GOLDEN: list[dict[str, Any]] = json.loads((Path(__file__).parent / "golden" / "games.json").read_text())


def _id(game: dict[str, Any]) -> str:
    return f"{game['preset']}-{game['seed']}"


@pytest.mark.parametrize("game", GOLDEN, ids=_id)
def test_the_same_seeded_game_is_played(game: dict[str, Any]) -> None:
    state = play(Rules.preset(game["preset"], losing_floor=-150), game["seed"])
    assert Record.of_state(state).to_text() == game["record"]
    assert list(state.scores) == game["scores"]
    assert list(state.bags) == game["bags"]
    assert state.winner == game["winner"]
    assert [list(row.tricks) for row in state.sheet] == game["tricks"]


@pytest.mark.parametrize("game", GOLDEN, ids=_id)
def test_the_golden_record_replays_to_its_scores(game: dict[str, Any]) -> None:
    state = Record.parse(game["record"]).replay()
    assert list(state.scores) == game["scores"]
    assert list(state.bags) == game["bags"]
    assert [list(row.tricks) for row in state.sheet] == game["tricks"]
