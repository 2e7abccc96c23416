"""spades.simulate on a local Dask cluster of two worker processes (the
``spades[dask]`` extra; skipped when ``distributed`` is not installed): the
same rows as in one process."""

from __future__ import annotations

import pytest

from typing import Any

from spades import Rules, simulate

distributed = pytest.importorskip("distributed")

LIMIT = 120.0
"""Seconds the cluster may take to answer before the test fails."""


class _Bounded:
    """A Dask executor whose map() gives up after LIMIT seconds."""

    def __init__(self, executor: Any) -> None:
        self.executor = executor

    def map(self, function: Any, iterable: Any) -> Any:
        return self.executor.map(function, iterable, timeout=LIMIT)


def test_simulate_on_a_local_dask_cluster() -> None:
    rules = Rules.partnership()
    expected = simulate(rules, hands=40, seed=7)
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None, silence_logs=40
    ) as cluster, distributed.Client(cluster, timeout=f"{LIMIT}s") as client:
        assert len(client.scheduler_info()["workers"]) == 2
        executor = _Bounded(client.get_executor())
        rows = simulate(rules, hands=40, seed=7, executor=executor, chunk_size=5)
        games = simulate(Rules.pagat(), games=4, seed=7, executor=executor, chunk_size=1)
    assert rows == expected
    assert games == simulate(Rules.pagat(), games=4, seed=7)
