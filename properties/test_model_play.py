"""The model-based state machines: after every turn of random legal play, in the standard game,
each chapter and each pair, the engine agrees with the independent model (`properties.model_play`).

A small, derandomized run of each: the quick tier's model slice for TTYKM."""

from __future__ import annotations

import pytest

from properties.model_play import RULESETS, VARIANT_SETS, run


@pytest.mark.parametrize("rules", [r for r in RULESETS if r != "standard" and r not in VARIANT_SETS])
def test_engine_agrees_with_the_chapter_model_after_every_turn(rules: str) -> None:
    checked, _ = run(rules, examples=4, steps=6)
    assert checked >= 4 * 2, "the machine checked almost nothing"


def test_engine_agrees_with_the_model_after_every_turn_to_a_won_game() -> None:
    checked, ended = run("standard", examples=5, steps=8)
    assert checked >= 5 * 2 and ended >= 1
