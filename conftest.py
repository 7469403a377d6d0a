"""Hypothesis profiles for the whole suite.

``ci`` (the default) is what ``./dev test`` runs; ``dev`` is a quick pass for
iterating locally: ``HYPOTHESIS_PROFILE=dev ./dev test``.  Under continuous
integration (``CI`` set) the draws are derandomized, so that a run can be
repeated exactly; local runs keep exploring new examples.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

IN_CI = bool(os.environ.get("CI"))

settings.register_profile(
    "ci", max_examples=200, deadline=None, derandomize=IN_CI, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "dev", max_examples=30, deadline=None, derandomize=IN_CI, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
