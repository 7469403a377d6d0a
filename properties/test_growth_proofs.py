"""The Growth theorems are proved by the independent Z3 model, the model agrees
with the engine on at least 300 Growth positions, and false claims about the
model get a counterexample (so the proofs can fail)."""

from __future__ import annotations

import pytest
import z3

from properties import z3growth as zg
from properties.growth_differential import positions, run
from tests.test_traceability import spec_ids


@pytest.mark.parametrize("theorem", zg.GROWTH_THEOREMS, ids=lambda t: t.name)
def test_growth_theorem_is_proved(theorem: zg.GrowthTheorem) -> None:
    result = zg.prove_growth(theorem)
    assert result.proved, f"{theorem.name}: {result.counterexample}"


def test_growth_theorems_cite_real_rules() -> None:
    known = set(spec_ids())
    for theorem in zg.GROWTH_THEOREMS:
        assert theorem.rules and set(theorem.rules) <= known, theorem.name


def _planting_never_grows() -> tuple[z3.BoolRef, ...]:
    c = zg.column("c")
    legal, after = zg.plant(c, 0)
    return (z3.And(zg.valid_column(c), legal, after.kinds[1] != c.kinds[1]),)


def _moves_never_crush() -> tuple[z3.BoolRef, ...]:
    m = zg.move_model(3)
    copies = [z3.If(zg.is_copy(k), 1, 0) for k in m.before.kinds]
    after = [z3.If(zg.is_copy(k), 1, 0) for k in m.after.kinds]
    return (z3.And(zg.valid_line(m), m.legal, z3.Sum(after) < z3.Sum(copies) + 1),)


FALSE_CLAIMS = (
    zg.GrowthTheorem("planting-never-grows-a-shrub", ("GROWTH.PLANT",), "", _planting_never_grows),
    zg.GrowthTheorem("a-move-never-removes-a-copy", ("OBJECTS.PUSH",), "", _moves_never_crush),
)


@pytest.mark.parametrize("claim", FALSE_CLAIMS, ids=lambda t: t.name)
def test_false_growth_claims_get_a_counterexample(claim: zg.GrowthTheorem) -> None:
    result = zg.prove_growth(claim)
    assert not result.proved and result.counterexample


def test_model_and_engine_agree_on_300_growth_positions() -> None:
    assert len(positions(300)) == 300
    failures = run(300)
    assert not failures, f"{len(failures)} positions disagree: {failures[0][1][:2]}"
