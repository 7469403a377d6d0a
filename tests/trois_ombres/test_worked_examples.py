"""Every worked example in spec/trois-ombres/ agrees with the oracle."""

from __future__ import annotations

import pytest

from oracle.games.trois_ombres.examples import check_example, read_examples
from tests.conftest import SPEC

EXAMPLES = read_examples(SPEC / "trois-ombres")


def test_there_are_examples_for_every_scenario() -> None:
    titles = " ".join(e.title for e in EXAMPLES)
    for n in range(1, 10):
        assert f"scenario {n}" in titles


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{e.where} {e.title}" for e in EXAMPLES])
def test_worked_example(example: object) -> None:
    from oracle.games.trois_ombres.examples import WorkedExample

    assert isinstance(example, WorkedExample)
    assert check_example(example) == []
