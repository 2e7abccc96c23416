"""The demo command: ``python -m spades demo``."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from spades import Rules
from spades.cli import main, play_demo


def test_demo_prints_every_hand_and_the_winner() -> None:  # P-8, S-9
    out = io.StringIO()
    final = play_demo(Rules.partnership(), 7, out)
    text = out.getvalue()
    assert text.count("Hand ") == len(final.sheet)
    for row in final.sheet:
        assert f"Hand {row.number + 1} (dealer: seat {row.dealer})" in text
    winner = final.winner
    assert winner is not None
    last = text.strip().splitlines()[-1]
    assert last.startswith("Winner: seats 0 & 2" if winner == 0 else "Winner: seats 1 & 3")
    assert f"final scores {list(final.scores)}" in last
    # Running totals printed for the last hand are the final scores.
    totals = [int(t) for t in re.findall(r"total (-?\d+)", text)[-2:]]
    assert totals == list(final.scores)


def test_two_player_demo_summarises_each_draft() -> None:  # T-2, T-3
    out = io.StringIO()
    final = play_demo(Rules.two_player(), 3, out)
    drafts = re.findall(r"seat (\d) kept (\d+) first cards and took (\d+) second cards", out.getvalue())
    assert len(drafts) == 2 * len(final.sheet)
    for _seat, kept, took in drafts:
        assert int(kept) + int(took) == 13  # 13 turns each, one card kept per turn


def test_the_same_seed_prints_the_same_game() -> None:
    first, second = io.StringIO(), io.StringIO()
    play_demo(Rules.partnership(), 11, first)
    play_demo(Rules.partnership(), 11, second)
    assert first.getvalue() == second.getvalue()


def test_python_dash_m_runs_the_demo() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "spades", "demo", "--players", "2", "--seed", "5"],
        capture_output=True, text=True, check=True, timeout=120,
    )
    assert result.stdout.strip().splitlines()[-1].startswith("Winner: seat ")


def test_a_bad_preset_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", "--rules", "no-such-rules"])
    assert exit_info.value.code == 2
