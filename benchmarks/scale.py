"""How :func:`spades.simulate` scales with worker processes.

Run from the repository root::

    python benchmarks/scale.py                 # 20,000 hands, 1 and 2 workers
    python benchmarks/scale.py --hands 5000 --workers 1 2 4

For each worker count ``w`` a ``concurrent.futures.ProcessPoolExecutor(w)``
is started and warmed up (each worker imports ``spades`` and plays a hand)
before the clock starts; then ``simulate(rules, hands=N, seed=S,
executor=pool)`` is timed, best of ``--repeats`` runs.  ``in process`` is the
same call with no executor.  The speed-up is each rate over the one-worker
rate.  The load average before and after is printed: on a machine shared
with other work, two workers cannot reach twice one worker's rate.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

import spades  # noqa: E402

__all__ = ["main", "time_simulate"]


def _warm(_index: int) -> int:
    return len(spades.simulate(spades.Rules.partnership(), hands=1, seed=0))


def time_simulate(hands: int, workers: int | None, seed: int, repeats: int) -> float:
    """The best rate, in hands per second, of ``simulate(Rules.partnership(),
    hands=hands, seed=seed)`` on ``workers`` processes (``None``: in this
    process)."""
    rules = spades.Rules.partnership()
    best = 0.0
    if workers is None:
        for _ in range(repeats):
            start = time.perf_counter()
            spades.simulate(rules, hands=hands, seed=seed)
            best = max(best, hands / (time.perf_counter() - start))
        return best
    with ProcessPoolExecutor(workers) as pool:
        list(pool.map(_warm, range(2 * workers)))
        for _ in range(repeats):
            start = time.perf_counter()
            spades.simulate(rules, hands=hands, seed=seed, executor=pool)
            best = max(best, hands / (time.perf_counter() - start))
    return best


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description="Measure spades.simulate on 1, 2, ... worker processes.")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"load average before: {os.getloadavg()}, cpus: {os.cpu_count()}")
    alone = time_simulate(args.hands, None, args.seed, args.repeats)
    print(f"in process: {alone:,.0f} hands/s")
    rates = {}
    for workers in args.workers:
        rates[workers] = time_simulate(args.hands, workers, args.seed, args.repeats)
        base = rates.get(1)
        ratio = f"  x{rates[workers] / base:.2f} of 1 worker" if base else ""
        print(f"{workers} worker(s): {rates[workers]:,.0f} hands/s{ratio}")
    print(f"load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
