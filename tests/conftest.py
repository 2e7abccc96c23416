"""Test configuration: Hypothesis profiles, and which ``spades`` is tested.

``HYPOTHESIS_PROFILE=ci`` (set by ``.ci/run``) runs a few more examples than
the default developer profile; ``HYPOTHESIS_PROFILE=mutation`` fewer, for the
mutation tests, which run the selected tests once per mutant (CONTRIBUTING.md).
None has a deadline, since timing belongs to ``benchmarks/``, not to tests.

The header of a run names the ``spades`` package under test and where it was
imported from.  ``SPADES_EXPECT_PACKAGE=DIR`` (set by ``.ci/run`` when it
tests an installed wheel) makes the run stop at once unless the package was
imported from ``DIR``, so that such a run cannot test the source tree
instead.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import spades

PACKAGE = Path(spades.__file__).resolve().parent
"""The directory of the ``spades`` package under test."""

_expected = os.environ.get("SPADES_EXPECT_PACKAGE")
if _expected and PACKAGE != Path(_expected).resolve():
    raise pytest.UsageError(f"spades was imported from {PACKAGE}, not from SPADES_EXPECT_PACKAGE={_expected}")


def pytest_report_header() -> str:
    return f"spades {spades.__version__} from {PACKAGE}"


settings.register_profile("dev", max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("mutation", max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
