"""Hypothesis profiles for the whole suite.

``ci`` (the default) is what ``./dev test`` runs; ``dev`` is a quick pass for
iterating locally: ``HYPOTHESIS_PROFILE=dev ./dev test``.  Under continuous
integration (``CI`` set) the draws are derandomized, so that a run can be
repeated exactly; local runs keep exploring new examples.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

IN_CI = bool(os.environ.get("CI"))

settings.register_profile(
    "ci", max_examples=200, deadline=None, derandomize=IN_CI, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "dev", max_examples=30, deadline=None, derandomize=IN_CI, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


# The long checks: the whole suite (./dev test, CI) runs them; the quick tier
# (./dev quick) leaves them out.  Each is a module whose every test is slow:
# Z3 proofs and model-against-engine comparisons, mutation runs, engines
# driven through subprocesses, the vector sets rebuilt, the browser, and
# OpenSpiel's random simulations and expansions of every game.
SLOW_FOLDERS = ("tests/browser/",)  # the built site in a browser: a file per topic, spread over the workers
SLOW_MODULES = (
    "properties/test_differential.py",
    "properties/test_mutants.py",
    "properties/test_proofs.py",
    "properties/test_model_breaks.py",
    "properties/test_variant_models.py",
    "properties/test_growth_proofs.py",
    "tests/test_conform.py",
    "tests/test_vectors.py",
    "properties/test_card_mutants.py",
    "properties/time_chase/test_z3.py",
    "properties/trois_ombres/test_proofs.py",
    "properties/test_effects_formal.py",
    "tests/test_openspiel.py",
    "tests/test_dist.py",
)


# Single slow tests (node id prefixes) in modules that are otherwise quick, marked here rather than in their
# files: a chapter's further state machines (its main one stays quick) and a report whose proofs are slow.
SLOW_TESTS = (
    "properties/test_game_reports.py::test_the_trois_ombres_proofs_run_and_hold",  # Z3: its proofs' own module is slow
    "properties/test_influence_play.py::TestPlayInfluenceAutomaticPull",
    "properties/test_influence_play.py::TestPlayInfluenceSidewaysPull",
    "properties/test_influence_play.py::TestPlayInfluenceMoveCopy",
    "properties/test_convergence_play.py::TestGrowthInfluencePlay",
    "properties/test_convergence_play.py::TestInfluenceMemoryPlay",
    "properties/test_play.py::TestPlayCopyChoiceFree",
    "properties/test_play.py::TestPlaySelfPushParadox",
)


def is_slow_module(module: str) -> bool:
    return module in SLOW_MODULES or module.startswith(SLOW_FOLDERS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if is_slow_module(item.nodeid.split("::")[0]) or item.nodeid.startswith(SLOW_TESTS):
            item.add_marker(pytest.mark.slow)


# A slow module is named on the terminal when its first test starts, so a long
# quiet stretch of the run says what it is waiting for.  Under pytest-xdist
# the workers' start events reach this hook in the controlling process.
_announced: set[str] = set()
_config: list[pytest.Config] = []


def pytest_configure(config: pytest.Config) -> None:
    _config.append(config)


def pytest_runtest_logstart(nodeid: str, location: tuple[str, int | None, str]) -> None:
    module = nodeid.split("::")[0]
    if not is_slow_module(module) or module in _announced or not _config:
        return
    _announced.add(module)
    reporter = _config[-1].pluginmanager.get_plugin("terminalreporter")
    if reporter is not None and not hasattr(_config[-1], "workerinput"):  # only the controller prints
        reporter.write_line(f"[slow module started: {module}]")
