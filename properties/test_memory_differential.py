"""The Memory Z3 model and the engine agree on every Train and Command from
every position of the Memory vector set (460 positions: each with either
player to move), by the rules and under the variant train-propagation=R2."""

from __future__ import annotations

from oracle.games.ttykm.ruleset import Ruleset
from properties.memory_differential import run


def test_model_and_engine_agree_on_memory_actions() -> None:
    count, found = run()
    assert count >= 300
    assert found == []


def test_model_and_engine_agree_under_train_propagation_r2() -> None:
    count, found = run(Ruleset.parse("memory+train-propagation=R2"), limit=150)
    assert count == 150
    assert found == []
