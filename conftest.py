"""Hypothesis profiles for the whole suite.

``ci`` (the default) is what ``./dev test`` runs; ``dev`` is a quick pass for
iterating locally: ``HYPOTHESIS_PROFILE=dev ./dev test``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
