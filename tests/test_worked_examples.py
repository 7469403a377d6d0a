"""Every worked example in spec/ says exactly what the oracle says."""

from __future__ import annotations

import pytest

from oracle.games.ttykm.examples import WorkedExample, check_example, read_examples
from tests.conftest import TTYKM_SPEC

EXAMPLES = read_examples(TTYKM_SPEC)


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 40


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{e.where} {e.title}" for e in EXAMPLES])
def test_worked_example(example: WorkedExample) -> None:
    assert check_example(example) == []
