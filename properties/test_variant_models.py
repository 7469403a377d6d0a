"""The Z3 model of each variant of the standard game (self-push=paradox, =ends, =whole-turn,
copy-choice=free) agrees with the engine after every turn of a short model-based run
(`properties.model_play`); and each variant's model is not the standard one."""

from __future__ import annotations

import pytest

from properties.differential import engine_successors, model_successors
from properties.model_play import VARIANT_SETS, run, starts
from properties.vector_check import ruleset_of


@pytest.mark.parametrize("directory", VARIANT_SETS)
def test_engine_agrees_with_the_variant_model_after_every_turn(directory: str) -> None:
    checked, _ = run(directory, examples=2, steps=4)
    assert checked >= 2 * 2


@pytest.mark.parametrize("directory", VARIANT_SETS)
def test_the_variant_model_differs_from_the_standard_game_somewhere(directory: str) -> None:
    variants = frozenset(ruleset_of(directory).variants)
    telling = [p for p in starts(directory) if engine_successors(p, variants) != engine_successors(p)][:3]
    assert telling, "the vector set never shows the variant"
    assert all(model_successors(p, variants) != model_successors(p) for p in telling)
