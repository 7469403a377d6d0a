"""The Memory theorems are proved for every valid elephant layer, and the
proof machinery can fail: false claims about the same model get a
counterexample."""

from __future__ import annotations

import pytest
import z3

from properties import memory_model as mm
from properties.memory_model import MEMORY_THEOREMS, MemoryTheorem, prove
from tests.test_traceability import spec_ids


@pytest.mark.parametrize("theorem", MEMORY_THEOREMS, ids=lambda t: t.name)
def test_memory_theorem_is_proved(theorem: MemoryTheorem) -> None:
    assert prove(theorem) is None, f"{theorem.name} has a counterexample"


def test_memory_theorems_cite_real_rules() -> None:
    known = set(spec_ids())
    for theorem in MEMORY_THEOREMS:
        assert theorem.rules and set(theorem.rules) <= known, theorem.name


def _false_claims() -> tuple[MemoryTheorem, ...]:
    m, a = mm.symbolic("m"), mm.symbolic_action("a")
    trained, stepped = mm.train(m, a), mm.command(m, a)
    return (
        MemoryTheorem("training-never-changes-a-later-era", ("MEMORY.TRAIN.LATER",), "",
                      z3.And(mm.valid(m), mm.can_train(m, a),
                             z3.Not(z3.And([z3.Or(a.era >= e, mm.same_era(m, trained, e)) for e in range(3)])))),
        MemoryTheorem("a-command-never-removes-a-copy", ("MEMORY.TRAMPLE",), "",
                      z3.And(mm.valid(m), mm.can_command(m, a),
                             z3.Or([z3.And(m.copy[c][e][s], z3.Not(stepped.copy[c][e][s]))
                                    for c in (mm.WHITE, mm.BLACK) for e in range(3) for s in range(16)]))),
        MemoryTheorem("nobody-ever-trains-a-hatted-elephant", ("MEMORY.TRAIN.OWN-HAT",), "",
                      z3.And(mm.valid(m), mm.can_train(m, a),
                             z3.Or([z3.And(a.era == e, a.elephant == j, m.hat[e][j] != mm.NONE)
                                    for e in range(3) for j in (0, 1)]))),
    )


@pytest.mark.parametrize("claim", _false_claims(), ids=lambda t: t.name)
def test_a_false_claim_gets_a_counterexample(claim: MemoryTheorem) -> None:
    assert prove(claim) is not None
