"""The shared engine harness runs L'heure des 3 ombres: an engine over the protocol is checked step by step."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from oracle.tools.conform import Engine
from oracle.tools.testing.stateful import EngineAdapter, EngineStateMachine, ProtocolAdapter

QUICK = settings(max_examples=5, stateful_step_count=25, deadline=None, database=None,
                 phases=[Phase.generate], suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def oracle_engine() -> Iterator[Engine]:
    engine = Engine(f"{sys.executable} -m oracle serve --stdio", timeout=120)  # only a hung engine waits so long
    yield engine
    engine.close()


def test_the_oracle_over_the_protocol_conforms(oracle_engine: Engine) -> None:
    class Machine(EngineStateMachine):
        game_name = "trois-ombres"

        def make_engine(self) -> EngineAdapter:
            return ProtocolAdapter(oracle_engine, "trois-ombres")

    run_state_machine_as_test(Machine, settings=QUICK)
