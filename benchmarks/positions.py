"""How many positions of the suite (``tests/positions/*.json``) each player
gets right: a move among the position's good moves.

    python benchmarks/positions.py [--samples N] [--tries N] [--json]

The random and simple players play cards at random, so each is asked
``--tries`` times per position (with ``random.Random(0)``, ``Random(1)``,
...) and scores the mean; the heuristic player is deterministic; the
sampling player (:class:`spades.bots.SamplingBot` with ``--samples`` deals
per move) is asked once per position, with ``random.Random(0)``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from spades.bots import SamplingBot, random_bot, simple_bot  # noqa: E402
from spades.heuristic import heuristic_bot  # noqa: E402
from spades.serial import view_from_dict  # noqa: E402
from spades.view import SeatView  # noqa: E402

POSITIONS = ROOT / "tests" / "positions"


def load(directory: Path = POSITIONS) -> list[tuple[str, SeatView, frozenset[str]]]:
    """Every position: its name, its view (checked by the loader) and its good moves."""
    found = []
    for path in sorted(directory.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        found.append((document["name"], view_from_dict(document["view"]), frozenset(document["good"])))
    return found


def score(bot: Any, positions: Sequence[tuple[str, SeatView, frozenset[str]]], tries: int) -> tuple[float, list[str]]:
    """The number of positions right (a mean over ``tries`` generators) and
    the names of those missed at least once."""
    right = 0.0
    missed = []
    for name, view, good in positions:
        hits = sum(str(bot(view, random.Random(seed))) in good for seed in range(tries))
        right += hits / tries
        if hits < tries:
            missed.append(name)
    return right, missed


def run(samples: int, tries: int) -> dict[str, Any]:
    positions = load()
    players: list[tuple[str, Any, int]] = [
        ("random", random_bot, tries),
        ("simple", simple_bot, tries),
        ("heuristic", heuristic_bot, 1),
        (f"sampling({samples})", SamplingBot(samples=samples), 1),
    ]
    rows = {}
    for name, bot, count in players:
        start = time.perf_counter()
        right, missed = score(bot, positions, count)
        rows[name] = {"right": round(right, 2), "of": len(positions), "missed": missed, "seconds": round(time.perf_counter() - start, 2)}
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=32, help="deals per move of the sampling player (default 32, as SamplingBot's)")
    parser.add_argument("--tries", type=int, default=20, help="generators per position for the random players (default 20)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    rows = run(args.samples, args.tries)
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    for name, row in rows.items():
        missed = ", ".join(row["missed"]) or "-"
        print(f"{name:>14}: {row['right']:5.2f} of {row['of']} right ({row['seconds']} s); missed: {missed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
