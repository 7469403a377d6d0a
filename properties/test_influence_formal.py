"""Influence's formal checks: the Z3 theorems about statue pushes,
propagation and builds, and the differential check of the Z3 model against
the engine on 300 Influence positions."""

from __future__ import annotations

import pytest

from properties.influence import seeded_positions
from properties.influence_engine import differential
from properties.influence_z3 import THEOREMS


@pytest.mark.parametrize("name", THEOREMS)
def test_theorem(name: str) -> None:
    assert THEOREMS[name](), f"Z3 found a counterexample to: {name}"


def test_the_model_and_the_engine_agree_on_300_positions() -> None:
    positions = seeded_positions(300, seed=7)
    assert len(set(positions)) == 300
    assert differential(positions) == []


def test_the_sample_carries_moves_into_later_eras() -> None:
    """The differential sample is not trivial: some pushes move statues on a later era."""
    from properties.influence_engine import engine_propagation, model_boards

    carried = 0
    for position in seeded_positions(60, seed=7):
        boards = model_boards(position)
        for square, value in enumerate(boards[0]):
            if value >= 3:
                for d in "NESW":
                    after = engine_propagation(position, 0, square, d)
                    carried += after is not None and after[1] != boards[1]
    assert carried > 20
