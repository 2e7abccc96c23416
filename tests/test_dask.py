"""spades.simulate and spades.match.play_match on a local Dask cluster of two worker processes (the
``spades[dask]`` extra; skipped when ``distributed`` is not installed): the
same rows as in one process."""

from __future__ import annotations

import pytest

from typing import Any

from spades import Rules, simulate
from spades.bots import random_bot, simple_bot
from spades.match import play_match

distributed = pytest.importorskip("distributed")

LIMIT = 120.0
"""Seconds the cluster may take to answer before the test fails."""


class _Bounded:
    """A Dask executor whose map() gives up after LIMIT seconds."""

    def __init__(self, executor: Any) -> None:
        self.executor = executor

    def map(self, function: Any, iterable: Any) -> Any:
        return self.executor.map(function, iterable, timeout=LIMIT)


def test_simulate_and_play_match_on_a_local_dask_cluster() -> None:
    rules = Rules.partnership()
    short = Rules.partnership(target=200, losing_floor=-200)
    expected = simulate(rules, hands=40, seed=7)
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None, silence_logs=40
    ) as cluster, distributed.Client(cluster, timeout=f"{LIMIT}s") as client:
        assert len(client.scheduler_info()["workers"]) == 2
        executor = _Bounded(client.get_executor())
        rows = simulate(rules, hands=40, seed=7, executor=executor, chunk_size=5)
        games = simulate(Rules.pagat(), games=4, seed=7, executor=executor, chunk_size=1)
        # play_match too: Dask maps over a sequence of chunks, not an iterator.
        match = play_match([random_bot, simple_bot], short, games=4, seed=3, executor=executor, chunk_size=1)
    assert rows == expected
    assert games == simulate(Rules.pagat(), games=4, seed=7)
    assert match == play_match([random_bot, simple_bot], short, games=4, seed=3)
