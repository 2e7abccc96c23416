"""The bots against each other: the target matches of the bots, on
duplicate deals (:func:`spades.play_match`).

Run from the repository root::

    python benchmarks/bots.py                          # default sizes
    python benchmarks/bots.py --games 200 --sampling-games 20 --workers 2
    python benchmarks/bots.py --sampling-games 40 --samples 8 --workers 2

Each row is one match under partnership rules: the first bot against the
second, ``--games`` games (``--sampling-games`` for the matches of the
sampling bot, which plays out ``--samples`` deals on every move, 32 by
default: :class:`spades.bots.SamplingBot`'s), each deal
played twice with the partnerships' seats swapped.  The table gives the
first bot's win rate with its 95% Wilson interval, both bots' mean points
per hand with their 95% intervals, each bot's milliseconds per move, and
whether the target is met: the lower end of the interval above the target
("met"), the win rate above it but not the lower end ("likely", more games
would tell), or neither ("not met").  A bot that ``spades.bots.BOTS`` does
not name is reported as not available.  The load average before and after
is printed: on a shared machine the times per move are upper bounds.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

import spades  # noqa: E402
from spades.bots import BOTS, SamplingBot  # noqa: E402
from spades.match import MatchResult  # noqa: E402

__all__ = ["TARGETS", "Target", "Row", "run", "format_rows", "main"]


class Target(NamedTuple):
    """A match the bots are measured by: ``first`` against ``second``, and
    the share of the games ``first`` should win."""

    first: str
    second: str
    win_rate: float | None
    sampling: bool = False


TARGETS: tuple[Target, ...] = (
    Target("simple", "random", None),
    Target("heuristic", "random", 0.95),
    Target("heuristic", "simple", 0.70),
    Target("sampling", "heuristic", 0.60, sampling=True),
)
"""The matches: the simple player against random bids and cards (a
reference, no target); the targets: heuristic beats random in at least 95% of games, heuristic
beats the simple player in at least 70%, the sampling player beats the
heuristic in at least 60% (at no more than 1 second per move)."""

SECONDS_PER_MOVE = 1.0
"""The sampling bot's limit per move."""


class Row(NamedTuple):
    """One match of :func:`run`: its target and result (``None`` when a bot
    is not available)."""

    target: Target
    result: MatchResult | None
    missing: str = ""

    @property
    def verdict(self) -> str:
        if self.result is None:
            return "not available"
        first = self.result.players[0]
        low, _high = first.win_interval
        goal = self.target.win_rate
        if goal is None:
            return "reference"
        verdict = "met" if low >= goal else "likely" if first.win_rate >= goal else "not met"
        if self.target.sampling and first.seconds_per_move > SECONDS_PER_MOVE:
            verdict += f" (but {first.seconds_per_move:.2f} s/move)"
        return verdict


def run(games: int, sampling_games: int, workers: int, seed: int, *, rules: spades.Rules | None = None,
        targets: Sequence[Target] = TARGETS, progress: Any = None, samples: int | None = None) -> list[Row]:
    """Play each target's match and return its rows (the sampling bot with
    ``samples`` deals a move, if given, else ``BOTS["sampling"]``)."""
    rules = rules or spades.Rules.partnership()
    players = dict(BOTS)
    if samples is not None and "sampling" in players:
        players["sampling"] = SamplingBot(samples=samples)
    rows = []
    for target in targets:
        missing = [name for name in (target.first, target.second) if name not in players]
        if missing:
            rows.append(Row(target, None, ", ".join(missing)))
            continue
        count = sampling_games if target.sampling else games
        result = spades.play_match([players[target.first], players[target.second]], rules, count, seed,
                                   names=[target.first, target.second], workers=workers, progress=progress)
        rows.append(Row(target, result))
    return rows


def _goal(target: Target) -> str:
    return "-" if target.win_rate is None else f"{target.win_rate:.0%}"


def _interval(low: float, high: float, percent: bool) -> str:
    return f"{low:.1%}-{high:.1%}" if percent else f"{low:+.1f} to {high:+.1f}"


def format_rows(rows: Sequence[Row]) -> str:
    """The rows as a Markdown table."""
    lines = [
        "| match | games | win rate of the first (95% CI) | target | points/hand, first (95% CI) "
        "| points/hand, second (95% CI) | ms/move, first | ms/move, second | verdict |",
        "| --- | ---: | --- | ---: | --- | --- | ---: | ---: | --- |",
    ]
    for row in rows:
        label = f"{row.target.first} vs {row.target.second}"
        if row.result is None:
            lines.append(f"| {label} | - | - | {_goal(row.target)} | - | - | - | - | "
                         f"not available (no {row.missing} bot) |")
            continue
        first, second = row.result.players
        lines.append(
            f"| {label} | {row.result.games} | {first.win_rate:.1%} ({_interval(*first.win_interval, True)}) "
            f"| {_goal(row.target)} "
            f"| {first.points_per_hand:+.1f} ({_interval(*first.points_interval, False)}) "
            f"| {second.points_per_hand:+.1f} ({_interval(*second.points_interval, False)}) "
            f"| {first.seconds_per_move * 1000:.2f} | {second.seconds_per_move * 1000:.2f} | {row.verdict} |"
        )
    return "\n".join(lines)


def _load() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except (AttributeError, OSError):
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games of each match without the sampling bot")
    parser.add_argument("--sampling-games", type=int, default=10, help="games of each match of the sampling bot")
    parser.add_argument("--samples", type=int, help="deals the sampling bot plays out a move (default: its own, 32)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="the matches' seed")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    args = parser.parse_args(argv)
    print(f"spades {spades.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"load average {_load()}, {args.workers} worker(s), seed {args.seed}")

    def progress(done: int, total: int) -> None:
        if not args.quiet:
            print(f"\r  games {done}/{total}", end="\n" if done == total else "", file=sys.stderr, flush=True)

    started = time.perf_counter()
    rows = run(args.games, args.sampling_games, args.workers, args.seed, progress=progress, samples=args.samples)
    print(format_rows(rows))
    print(f"{time.perf_counter() - started:.0f} s in all; load average after: {_load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
