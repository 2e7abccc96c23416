"""Run every script in ``examples/`` so that none of them can rot.

Each example runs in a fresh interpreter (``sys.executable``), as a reader
would run it, and its output is checked against the rules it illustrates.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def run_example(name: str, *args: str) -> str:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env["PYTHONIOENCODING"] = "utf-8"
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout


def test_every_example_is_tested() -> None:
    # table_server.py has its own tests: tests/test_table_server.py.
    tested = {"play_random_hand.py", "validate_moves_server.py", "two_player_draft.py", "table_server.py"}
    assert {path.name for path in EXAMPLES.glob("*.py")} == tested


@pytest.mark.parametrize("seed", ["7", "11"])
def test_play_random_hand(seed: str) -> None:
    # C-8: 13 tricks; every card of the deck is played exactly once (C-1).
    out = run_example("play_random_hand.py", seed)
    tricks = re.findall(r"trick +\d+: seat (\d) leads +(.+?) +won by seat (\d)", out)
    assert len(tricks) == 13
    cards = [card for _leader, played, _winner in tricks for card in played.split()]
    assert len(cards) == 52 and len(set(cards)) == 52
    # C-7: the winner of a trick leads the next one.
    for (_l, _c, winner), (leader, _c2, _w) in zip(tricks, tricks[1:]):
        assert leader == winner
    won = [int(n) for n in re.findall(r"seat \d (\d+)", out.split("Tricks: ")[1].splitlines()[0])]
    assert sum(won) == 13
    assert out.count("contract") == 2  # one line per partnership (P-1)


def test_validate_moves_server() -> None:
    out = run_example("validate_moves_server.py")
    refused = re.findall(r"^refused +seat (\d) '([^']*)': ([A-Z_]+)", out, flags=re.M)
    assert refused == [
        ("2", "4", "NOT_YOUR_TURN"),  # P-3: seat 1, left of the dealer, bids first
        ("1", "fourteen", "BAD_INPUT"),
        ("1", "14", "BID_OUT_OF_RANGE"),  # C-3
        ("1", "9s", "SPADES_NOT_BROKEN"),  # C-4
        ("2", "2S", "MUST_FOLLOW_SUIT"),  # C-5
        ("3", "KS", "CARD_NOT_IN_HAND"),
    ]
    for rule in ("(rule P-3)", "(rule C-3)", "(rule C-4)", "(rule C-5)"):
        assert rule in out
    assert out.count("accepted") == 8
    # After one full trick, seat 0's view shows 12 cards per seat and one trick won.
    assert "cards held (12, 12, 12, 12)" in out


@pytest.mark.parametrize("seed", ["3", "5"])
def test_two_player_draft(seed: str) -> None:
    out = run_example("two_player_draft.py", seed)
    # T-3: 13 draft turns each; T-6: Double Nil declared before the first decision.
    decisions = re.findall(r"^seat (\d) sees \S+ and chooses (keep|reject)$", out, flags=re.M)
    assert len(decisions) == 26
    assert [seat for seat, _ in decisions] == [decisions[0][0], str(1 - int(decisions[0][0]))] * 13
    assert "seat 1 declares Double Nil" in out
    # T-2, T-3: 13 cards each after the draft, 13 discarded each.
    for seat in (0, 1):
        line = re.search(rf"after the draft seat {seat} holds (\S+) and discarded (\S+)", out)
        assert line is not None
        assert len(line.group(1).replace(".", "")) == 13
        assert len(line.group(2).replace(".", "")) == 13
    # T-6: three cards discarded, three drawn.
    swap = re.search(r"seat 1 discards (\S+) and draws (\S+): now (\S+)", out)
    assert swap is not None
    assert len(swap.group(1).replace(".", "")) == 3 and len(swap.group(2).replace(".", "")) == 3
    assert len(swap.group(3).replace(".", "")) == 13
    # T-6: Double Nil is worth 200 either way.
    assert re.search(r"^seat 1: [-+]\d+ points \(Nil [-+]200\)", out, flags=re.M)
    tricks = [int(n) for n in re.findall(r"seat \d: (\d+)", out.split("tricks ")[1].splitlines()[0])]
    assert sum(tricks) == 13
