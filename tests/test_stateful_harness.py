"""The reusable harness `oracle.tools.testing.stateful`: the oracle passes it, a wrong engine fails it."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from oracle.games.ttykm.ruleset import Ruleset
from oracle.tools.conform import Engine
from oracle.tools.testing.stateful import EngineAdapter, EngineStateMachine, OracleAdapter, ProtocolAdapter

QUICK = settings(max_examples=25, stateful_step_count=15, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow])


class OracleMachine(EngineStateMachine):
    def make_engine(self) -> EngineAdapter:
        return OracleAdapter()


class ParadoxOracleMachine(EngineStateMachine):
    ruleset = Ruleset.parse("self-push=paradox")

    def make_engine(self) -> EngineAdapter:
        return OracleAdapter()


def test_the_oracle_passes_its_own_harness() -> None:
    run_state_machine_as_test(OracleMachine, settings=QUICK)


@pytest.mark.slow  # some 5 s; the harness itself runs in the quick tier (above)
def test_the_harness_runs_a_variant() -> None:
    run_state_machine_as_test(ParadoxOracleMachine, settings=QUICK)


@pytest.fixture(scope="module")
def toy_engine() -> Iterator[Engine]:
    engine = Engine(f"{sys.executable} -m tests.toy_engines.no_chain", timeout=120)  # a hung one waits so long
    yield engine
    engine.close()


@pytest.fixture(scope="module")
def oracle_engine() -> Iterator[Engine]:
    engine = Engine(f"{sys.executable} -m oracle serve --stdio", timeout=120)  # only a hung engine waits so long
    yield engine
    engine.close()


def test_a_protocol_engine_that_conforms_passes(oracle_engine: Engine) -> None:
    class Machine(EngineStateMachine):
        def make_engine(self) -> EngineAdapter:
            return ProtocolAdapter(oracle_engine)

    run_state_machine_as_test(Machine, settings=settings(QUICK, max_examples=10))


def test_a_wrong_engine_fails_the_harness(toy_engine: Engine) -> None:
    class Machine(EngineStateMachine):
        def make_engine(self) -> EngineAdapter:
            return ProtocolAdapter(toy_engine)

    # No shrinking: only that the harness fails matters here, and shrinking through a subprocess is slow.  The bug
    # shows as the legal turns, a position after a turn that chains a push, or a verdict, whichever the draws
    # meet first: each is the harness comparing the engine with the oracle.
    caught = r"the legal turns differ|: the oracle has .*, the engine |for the oracle, .* for the engine"
    with pytest.raises(AssertionError, match=caught):
        run_state_machine_as_test(Machine, settings=settings(QUICK, phases=[Phase.generate]))
