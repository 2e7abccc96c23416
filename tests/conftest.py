"""Test configuration: Hypothesis profiles.

``HYPOTHESIS_PROFILE=ci`` (set by ``.ci/run``) runs a few more examples than
the default developer profile; ``HYPOTHESIS_PROFILE=mutation`` fewer, for the
mutation tests, which run the selected tests once per mutant (CONTRIBUTING.md).
None has a deadline, since timing belongs to ``benchmarks/``, not to tests.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("mutation", max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
