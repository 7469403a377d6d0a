"""The Time Chase state machines, for 3, 4, 5 and 6 players (each with other variants on)."""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis.stateful import run_state_machine_as_test

from properties.time_chase.machine import MACHINES, TimeChaseMachine

# A game is at most 10 bidding steps and 60 card plays.
STEPS = 75


def machine_settings() -> settings:
    """A twentieth of the profile's examples: each example is a whole game of up to 75 steps."""
    profile = settings()
    return settings(profile, max_examples=max(3, profile.max_examples // 20), stateful_step_count=STEPS)


@pytest.mark.parametrize("machine", MACHINES, ids=lambda m: f"{m.players} players")
def test_state_machine(machine: type[TimeChaseMachine]) -> None:
    run_state_machine_as_test(machine, settings=machine_settings())
