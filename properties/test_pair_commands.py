"""The acting era where Memory meets another chapter (CONVERGENCE.ELEPHANT-TRAMPLE, -TREE, -STATUE and
-PULL): the independent model `effects_z3.command_into` against the engine on every Command (with and
without pull) of every copy of either colour, in 300 positions of each pair with Memory.  A quick-tier
model slice."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from oracle.games.ttykm.board import SQUARES
from oracle.games.ttykm.scene import Scene
from oracle.games.ttykm.state import Position
from properties import effects_z3 as model
from properties.effects_engine import command_cases, command_differential, pair_positions, worlds

PAIRS = ("growth+memory", "influence+memory")


@cache
def sample(pair: str) -> tuple[Position, ...]:
    return tuple(pair_positions(pair, 300, seed=5))


@pytest.mark.parametrize("pair", PAIRS)
def test_the_model_and_the_engine_agree_on_every_command(pair: str) -> None:
    assert command_differential(sample(pair), pair) == []


def what_is_entered(pair: str) -> Counter[str]:
    """What the Commands of the sample meet on the square they aim at."""
    names = {model.EMPTY: "nothing", model.WHITE: "a copy", model.BLACK: "a copy", model.SHRUB: "a shrub",
             model.TREE: "a tree", model.DARK: "the other elephant", model.LIGHT: "the other elephant"}
    met: Counter[str] = Counter()
    for position in sample(pair):
        for case in command_cases(position):
            world = worlds(Scene(position, case.active))[case.active // SQUARES]
            v = world.solid[case.action.square]  # type: ignore[union-attr]
            met[names.get(v, "a statue" if v in model.STATUES else "a fallen tree")] += 1
            met["a seed"] += world.seed[case.action.square]  # type: ignore[union-attr]
            met["a pull"] += case.action.pull  # type: ignore[union-attr]
    return met


def test_the_sample_reaches_every_branch_of_the_model() -> None:
    met = what_is_entered("growth+memory") + what_is_entered("influence+memory")
    for branch in ("nothing", "a copy", "a shrub", "a tree", "a fallen tree", "a statue", "a seed", "a pull"):
        assert met[branch] > 0, f"no Command of the sample meets {branch}"


def test_the_differential_notices_a_broken_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the model's trample (a shrub's removal not recorded): the differential must notice."""
    original = model.record
    monkeypatch.setattr(model, "record", lambda w, e: None if e.kind == "ShrubRemoved" else original(w, e))
    assert command_differential(sample("growth+memory"), "growth+memory")
