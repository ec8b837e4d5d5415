"""Shared pytest configuration: Hypothesis profiles sized for a 2-core CI machine.

The default ``ci`` profile runs a modest, derandomized set of examples (the same on every run,
so CI is reproducible) and keeps the engine suite well under a minute.
``HYPOTHESIS_PROFILE=thorough`` runs 500 random examples per property for a deeper local search.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
    print_blob=True,
)
settings.register_profile(
    "thorough",
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
