"""Speed of the double-dummy solver (``spades.double_dummy``), beside DDS.

From the repository root::

    python benchmarks/double_dummy.py                 # 100 positions a size (full deals: slow)
    python benchmarks/double_dummy.py --positions 20 --deals 5
    python benchmarks/double_dummy.py --json out.json

For each size, random partnership positions from random play: endings of
6 and of 8 tricks at a trick's start with spades broken (so DDS, through
``endplay``, solves the same problem: any card may be led, spades trump),
and full 13-trick deals at the first lead.  At the first lead spades are
not broken (C-4), which DDS cannot be told: its time there is for the
same cards with spades free to lead, a slightly different problem.  Each
position is solved by a fresh :class:`spades.solver.Solver`
(nothing learnt from an earlier one); the time is the wall clock
(``time.perf_counter``) around ``Solver(rules).tricks(state, side)``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades import CardSet, GameState, Phase, Rules, new_game  # noqa: E402
from spades.solver import Solver  # noqa: E402

RULES = Rules.partnership()


def position(rng: random.Random, tricks: int) -> GameState:
    """A random partnership position of ``tricks`` tricks at a trick's
    start: spades broken for an ending, the first lead for 13."""
    while True:
        state = new_game(RULES, seed=rng.randrange(2**32))
        while state.phase is not Phase.PLAY:
            state = state.apply(rng.choice(state.legal_actions()))
        while state.phase is Phase.PLAY and state.hand_number == 0:
            turn = state.turn
            assert turn is not None
            left = len(state.hand(turn))
            if left == tricks and not state.trick and (tricks == 13 or state.spades_broken):
                return state
            if left < tricks:
                break
            state = state.apply(rng.choice(state.legal_actions()))


def load_endplay() -> Any:
    try:
        import endplay.dds
        import endplay.types
    except ImportError:
        return None
    return endplay


def dds_seconds(endplay: Any, state: GameState) -> tuple[float, int]:
    """DDS's time for the position (``solve_board``: every card's value),
    and its tricks for the side to play."""
    deal = endplay.types.Deal("N:" + " ".join(str(state.hand(seat)) for seat in range(4)))
    deal.first = endplay.types.Player(state.turn)
    deal.trump = endplay.types.Denom.spades
    start = time.perf_counter()
    result = endplay.dds.solve_board(deal)
    seconds = time.perf_counter() - start
    return seconds, max(tricks for _card, tricks in result)


def measure(tricks: int, count: int, seed: int, endplay: Any, quiet: bool = True) -> dict[str, Any]:
    rng = random.Random(seed * 100 + tricks)
    ours: list[float] = []
    theirs: list[float] = []
    nodes: list[int] = []
    agree = 0
    compared = 0
    for index in range(count):
        state = position(rng, tricks)
        turn = state.turn
        assert turn is not None
        side = RULES.side_of[turn]
        solver = Solver(RULES)
        start = time.perf_counter()
        value = solver.tricks(state, side)
        ours.append(time.perf_counter() - start)
        nodes.append(solver.nodes)
        if endplay is not None:
            seconds, best = dds_seconds(endplay, state)
            theirs.append(seconds)
            if tricks < 13:  # the same problem only with spades broken
                compared += 1
                agree += best == value
        if not quiet:
            print(f"  {tricks} tricks, position {index + 1}/{count}: {ours[-1] * 1000:.1f} ms", file=sys.stderr)
    figures: dict[str, Any] = {
        "positions": count,
        "median_ms": statistics.median(ours) * 1000,
        "slowest_ms": max(ours) * 1000,
        "median_nodes": statistics.median(nodes),
    }
    if theirs:
        figures["dds_median_ms"] = statistics.median(theirs) * 1000
        figures["dds_slowest_ms"] = max(theirs) * 1000
        figures["agree_with_dds"] = f"{agree}/{compared}" if compared else "-"
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=100, help="endings of each size (default 100)")
    parser.add_argument("--deals", type=int, default=100,
                        help="full deals at the first lead (default 100: an hour or more in pure Python)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sizes", default="6,8", help="the endings' sizes in tricks (default 6,8)")
    parser.add_argument("--no-dds", action="store_true", help="do not time DDS even if endplay is installed")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    parser.add_argument("--verbose", action="store_true", help="each position's time on standard error")
    args = parser.parse_args(argv)
    endplay = None if args.no_dds else load_endplay()
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    report: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "cpu_count": os.cpu_count(),
            "load_average": load,
            "endplay": (
                "not used (--no-dds)" if args.no_dds
                else getattr(endplay, "__version__", None) if endplay else "not installed"
            ),
        },
        "figures": {},
    }
    sizes = [(int(size), args.positions) for size in args.sizes.split(",") if size]
    for tricks, count in sizes + [(13, args.deals)]:
        if count:
            report["figures"][f"{tricks} tricks"] = measure(tricks, count, args.seed, endplay, quiet=not args.verbose)
    print(f"python {report['machine']['python']}, {report['machine']['cpu_count']} cpus, load {load}, "
          f"endplay {report['machine']['endplay']}")
    print(f"{'position':<12} {'n':>4} {'median ms':>10} {'slowest ms':>11} {'nodes':>8} {'DDS median':>11} "
          f"{'DDS slowest':>12} {'agree':>8}")
    for name, row in report["figures"].items():
        print(
            f"{name:<12} {row['positions']:>4} {row['median_ms']:>10.1f} {row['slowest_ms']:>11.1f} "
            f"{row['median_nodes']:>8.0f} {row.get('dds_median_ms', float('nan')):>11.2f} "
            f"{row.get('dds_slowest_ms', float('nan')):>12.2f} {row.get('agree_with_dds', '-'):>8}"
        )
    print("Times are wall clock per position (a fresh Solver each); nodes are the trick starts searched.")
    if "13 tricks" in report["figures"]:
        print("13 tricks: full deals at the first lead, spades not yet broken (C-4); DDS's time there is for the")
        print("same cards with spades free to lead, another problem, so its values are not compared.")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
