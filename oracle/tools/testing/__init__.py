"""Testing tools for engines built against the oracle: a stateful test harness.
It imports Hypothesis, so nothing on the oracle's query path imports this package.

- `oracle.tools.testing.stateful`: `EngineStateMachine`, a ``RuleBasedStateMachine``
  that plays random games on an engine under test and on the oracle and
  compares every step, for every game.

A game's own Hypothesis strategies live in its room (TTYKM's positions and
turns: `oracle.games.ttykm.strategies`).
"""
