"""spades.simulate and spades.match.play_match on a local Dask cluster of two worker processes (the
``spades[dask]`` extra; skipped when ``distributed`` is not installed): the
same rows as in one process.

The cluster and its client run in a child process (this file run as a
script): ``distributed`` keeps a thread of its own ("Dask-Offload") alive
once it has been used, and a test process with a thread must not fork
afterwards (the process pools of later tests do; Python 3.12+ warns of the
deadlock it risks)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import tempfile
import threading
from typing import Any

import pytest

from spades import Rules, simulate
from spades.bots import random_bot, simple_bot
from spades.match import MatchResult, play_match

distributed = pytest.importorskip("distributed")

LIMIT = 120.0
"""Seconds the cluster may take to answer before the test fails."""

SHORT = Rules.partnership(target=200, losing_floor=-200)


class _Bounded:
    """A Dask executor whose map() gives up after LIMIT seconds."""

    def __init__(self, executor: Any) -> None:
        self.executor = executor

    def map(self, function: Any, iterable: Any) -> Any:
        return self.executor.map(function, iterable, timeout=LIMIT)


def _on_a_cluster() -> tuple[object, object, MatchResult]:
    """The simulations and the match, run on a local cluster of two worker
    processes (in the child process)."""
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None, silence_logs=40
    ) as cluster, distributed.Client(cluster, timeout=f"{LIMIT}s") as client:
        assert len(client.scheduler_info()["workers"]) == 2
        executor = _Bounded(client.get_executor())
        rows = simulate(Rules.partnership(), hands=40, seed=7, executor=executor, chunk_size=5)
        games = simulate(Rules.pagat(), games=4, seed=7, executor=executor, chunk_size=1)
        # play_match too: Dask maps over a sequence of chunks, not an iterator.
        match = play_match([random_bot, simple_bot], SHORT, games=4, seed=3, executor=executor, chunk_size=1)
    return rows, games, match


def test_simulate_and_play_match_on_a_local_dask_cluster() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "results.pickle")
        child = subprocess.run(
            [sys.executable, __file__, path], capture_output=True, text=True, timeout=3 * LIMIT, check=False
        )
        assert child.returncode == 0, child.stderr[-3000:]
        with open(path, "rb") as file:
            rows, games, match = pickle.load(file)  # written by this file, just now
    assert rows == simulate(Rules.partnership(), hands=40, seed=7)
    assert games == simulate(Rules.pagat(), games=4, seed=7)
    assert match == play_match([random_bot, simple_bot], SHORT, games=4, seed=3)
    # Nothing of distributed's runs in this process.
    assert [thread.name for thread in threading.enumerate() if thread.name.startswith("Dask")] == []


if __name__ == "__main__":
    with open(sys.argv[1], "wb") as out:
        pickle.dump(_on_a_cluster(), out)
