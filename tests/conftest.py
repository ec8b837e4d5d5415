"""Shared pytest configuration: Hypothesis profiles sized for a 2-core CI machine.

``HYPOTHESIS_PROFILE=thorough`` runs many more examples locally; the default ``ci`` profile keeps
the engine suite well under a minute.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=40,
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
