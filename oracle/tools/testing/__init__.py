"""Testing tools for engines built against the oracle: Hypothesis strategies
and a stateful test harness.  They import Hypothesis, so nothing on the
oracle's query path imports this package.

- `oracle.tools.testing.strategies`: positions, played positions and turn texts.
- `oracle.tools.testing.stateful`: `EngineStateMachine`, a ``RuleBasedStateMachine``
  that plays random games on an engine under test and on the oracle and
  compares every step.
"""
