"""Every Time Chase worked example in spec/time-chase/ says exactly what the oracle says."""

from __future__ import annotations

import copy

import pytest

from oracle.games.time_chase.examples import WorkedExample, check_example, read_examples
from tests.conftest import SPEC

EXAMPLES = read_examples(SPEC / "time-chase")
POSITION_ZERO_RULES = {"TC.ZERO", "TC.VARIANT.RANK-PARADOX"}


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 40


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{e.where} {e.title}" for e in EXAMPLES])
def test_worked_example(example: WorkedExample) -> None:
    assert check_example(example) == []


def test_position_zero_examples_are_provisional() -> None:
    """Rulings A1: how position 0 changes the Invariant is unsourced, so its examples say so."""
    unmarked = [e.where for e in EXAMPLES if POSITION_ZERO_RULES & set(e.rules) and not e.is_provisional]
    assert unmarked == []
    assert sum(e.is_provisional for e in EXAMPLES) >= 6


def test_a_wrong_example_is_caught() -> None:
    """The checker bites: change one stated event and it reports the difference."""
    example = copy.deepcopy(next(e for e in EXAMPLES if e.lists.get("events")))
    example.lists["events"] = [*example.lists["events"][:-1], "event 99"]
    assert check_example(example) != []
