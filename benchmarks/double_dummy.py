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
import math
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades import GameState, Phase, Rules, new_game  # noqa: E402
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


def solve(state: GameState) -> tuple[float, int, int]:
    """Our time for the position (a fresh :class:`Solver`, wall clock), the
    trick starts it searched and the tricks of the side to play."""
    turn = state.turn
    assert turn is not None
    solver = Solver(RULES)
    start = time.perf_counter()
    value = solver.tricks(state, RULES.side_of[turn])
    return time.perf_counter() - start, solver.nodes, value


def _solve_into(connection: Any, state: GameState) -> None:
    """A child process's work: :func:`solve`, its result sent back."""
    connection.send(solve(state))
    connection.close()


def solve_all(states: list[GameState], workers: int, limit: float | None) -> list[tuple[float, int, int] | None]:
    """:func:`solve` of each state, in order: in this process when
    ``workers`` is 1 and there is no ``limit``, else each in a child process
    of its own (forked), ``workers`` at a time, a child still solving after
    ``limit`` seconds stopped (its entry ``None``)."""
    if workers == 1 and limit is None:
        return [solve(state) for state in states]
    import multiprocessing

    context = multiprocessing.get_context("fork")
    results: list[tuple[float, int, int] | None] = [None] * len(states)
    waiting = list(range(len(states)))[::-1]
    running: dict[int, tuple[Any, Any, float]] = {}
    while waiting or running:
        while waiting and len(running) < workers:
            index = waiting.pop()
            mine, theirs = context.Pipe(duplex=False)
            child = context.Process(target=_solve_into, args=(theirs, states[index]), daemon=True)
            child.start()
            theirs.close()
            running[index] = (child, mine, time.perf_counter())
        time.sleep(0.005)
        for index, (child, mine, started) in list(running.items()):
            if mine.poll():
                results[index] = mine.recv()
            elif child.is_alive() and (limit is None or time.perf_counter() - started < limit):
                continue
            elif child.is_alive():
                child.terminate()
            child.join()
            mine.close()
            del running[index]
    return results


def measure(tricks: int, count: int, seed: int, endplay: Any, quiet: bool = True, *, workers: int = 1,
            limit: float | None = None) -> dict[str, Any]:
    rng = random.Random(seed * 100 + tricks)
    states = [position(rng, tricks) for _ in range(count)]
    solved = solve_all(states, workers, limit)
    # A solve stopped at the limit counts as slower than every other: the
    # median is exact while fewer than half are stopped.
    ours = [math.inf if found is None else found[0] for found in solved]
    nodes = [found[1] for found in solved if found is not None]
    theirs: list[float] = []
    agree = 0
    compared = 0
    for index, (state, found) in enumerate(zip(states, solved)):
        if endplay is not None:
            seconds, best = dds_seconds(endplay, state)
            theirs.append(seconds)
            if tricks < 13 and found is not None:  # the same problem only with spades broken
                compared += 1
                agree += best == found[2]
        if not quiet:
            said = f"over the limit of {limit:.0f} s, stopped" if found is None else f"{found[0] * 1000:.1f} ms"
            print(f"  {tricks} tricks, position {index + 1}/{count}: {said}", file=sys.stderr)
    stopped = ours.count(math.inf)
    median = statistics.median(ours) if 2 * stopped < count else math.inf
    figures: dict[str, Any] = {
        "positions": count,
        "median_ms": median * 1000 if median < math.inf else None,
        "slowest_ms": max(ours) * 1000 if not stopped else None,
        "median_nodes": statistics.median(nodes) if nodes else None,
        "stopped_at_limit": stopped,
        "limit_s": limit,
        "workers": workers,
    }
    if theirs:
        figures["dds_median_ms"] = statistics.median(theirs) * 1000
        figures["dds_slowest_ms"] = max(theirs) * 1000
        figures["agree_with_dds"] = f"{agree}/{compared}" if compared else "-"
    return figures


def _ms(value: float | None, limit: float | None, width: int) -> str:
    """A time in the table: ``> limit`` for one past the limit."""
    if value is None:
        return f"> {limit * 1000:.0f}".rjust(width) if limit is not None else "-".rjust(width)
    return f"{value:>{width}.1f}"


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
    parser.add_argument("--workers", type=int, default=1,
                        help="solve this many positions at a time, each in a process of its own (default 1: "
                             "in this process); on an idle machine at most one a core")
    parser.add_argument("--limit", type=float, metavar="SECONDS",
                        help="stop a solve after SECONDS (counted as slower than every other: the median stays "
                             "exact while fewer than half are stopped)")
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
            report["figures"][f"{tricks} tricks"] = measure(
                tricks, count, args.seed, endplay, quiet=not args.verbose, workers=args.workers, limit=args.limit
            )
    print(f"python {report['machine']['python']}, {report['machine']['cpu_count']} cpus, load {load}, "
          f"endplay {report['machine']['endplay']}")
    print(f"{'position':<12} {'n':>4} {'median ms':>10} {'slowest ms':>11} {'nodes':>8} {'DDS median':>11} "
          f"{'DDS slowest':>12} {'agree':>8}")
    for name, row in report["figures"].items():
        print(
            f"{name:<12} {row['positions']:>4} {_ms(row['median_ms'], args.limit, 10)} "
            f"{_ms(row['slowest_ms'], args.limit, 11)} {row['median_nodes'] or 0:>8.0f} "
            f"{row.get('dds_median_ms', float('nan')):>11.2f} "
            f"{row.get('dds_slowest_ms', float('nan')):>12.2f} {row.get('agree_with_dds', '-'):>8}"
            + (f"  ({row['stopped_at_limit']} stopped at the limit)" if row["stopped_at_limit"] else "")
        )
    print("Times are wall clock per position (a fresh Solver each); nodes are the trick starts searched"
          + (f"; {args.workers} solved at a time, one process each." if args.workers > 1 else "."))
    if "13 tricks" in report["figures"]:
        print("13 tricks: full deals at the first lead, spades not yet broken (C-4); DDS's time there is for the")
        print("same cards with spades free to lead, another problem, so its values are not compared.")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
