"""The engine against the independent executable model of Time Chase: the quick tier's model slice.

Model-based machines (engine and model play the same games side by side), the
end clauses each reached, and the model differential on a fixed sample of
positions with every boundary of `model_differential.BOUNDARIES`.
"""

from __future__ import annotations

import ast
from pathlib import Path
from random import Random

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from properties.time_chase import bridge, model, model_differential
from properties.time_chase.model_machine import END_GAMES, MODEL_MACHINES, STEPS, ModelMachine


def test_the_model_never_imports_the_oracle() -> None:
    tree = ast.parse(Path(model.__file__).read_text(encoding="utf-8"))
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not any(name.split(".")[0] in ("oracle", "properties") for name in imported), imported


@pytest.mark.parametrize("machine", MODEL_MACHINES, ids=lambda m: m.__name__)
def test_model_machine(machine: type[ModelMachine]) -> None:
    """Whole games, each by a drawn aim: a fortieth of the profile's examples (5 games in CI, 3 in dev)."""
    profile = settings()
    quick = settings(profile, max_examples=max(3, profile.max_examples // 40), stateful_step_count=STEPS,
                     phases=[Phase.explicit, Phase.reuse, Phase.generate], suppress_health_check=list(HealthCheck))
    run_state_machine_as_test(machine, settings=quick)


@pytest.mark.parametrize(("machine", "seed", "aim", "ending", "has_winner"), END_GAMES,
                         ids=[f"{e[3]}{'' if e[4] else ' no winner'}" for e in END_GAMES])
def test_every_end_clause_is_reached(machine: type[ModelMachine], seed: int, aim: str, ending: str,
                                     has_winner: bool) -> None:
    run = machine()
    run.deal_and_play(seed, aim)
    assert run.state.end_rule == ending and bool(run.state.winners) == has_winner
    assert run.game is not None and run.game.ending == ending


def test_model_differential_on_the_sample() -> None:
    states, found = model_differential.sample()
    assert set(found) == set(model_differential.BOUNDARY_NAMES), "a boundary position is no longer reached"
    assert len(states) > 150
    model_differential.check_sample()


def test_the_differential_notices_a_broken_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the model's bid bound (position 0 forgotten): the differential must refuse at a bidding step."""
    states, found = model_differential.sample()
    _, state = states[found["a bid limited by position 0"]]
    ruleset = states[found["a bid limited by position 0"]][0]
    monkeypatch.setattr(model, "bid_range", lambda game, player: range(game.crystals[player] + 1))
    with pytest.raises(AssertionError, match="bids"):
        bridge.compare_step(state, ruleset, Random(0))


def test_the_boundary_vectors_are_current() -> None:
    """The committed boundary set is what the engine answers at the model's boundary positions, byte for byte."""
    from properties import boundary_vectors
    from properties.time_chase import boundaries

    assert boundary_vectors.check(boundaries.DIRECTORY, boundaries.files()) == [], \
        "run python -m properties.time_chase.boundaries write after a deliberate change of the rules"
