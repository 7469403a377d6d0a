"""The shared Hypothesis harness drives Time Chase through the common interface: the oracle against itself."""

from __future__ import annotations

from hypothesis import settings
from hypothesis.stateful import run_state_machine_as_test

from oracle.tools.testing.stateful import EngineAdapter, EngineStateMachine, OracleAdapter


class TimeChaseAgainstItself(EngineStateMachine):
    game_name = "time-chase"

    def make_engine(self) -> EngineAdapter:
        return OracleAdapter("time-chase")


def test_the_harness_plays_time_chase() -> None:
    profile = settings()
    run_state_machine_as_test(
        TimeChaseAgainstItself,
        settings=settings(profile, max_examples=max(3, profile.max_examples // 20), stateful_step_count=40),
    )
