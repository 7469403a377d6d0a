"""Every Time Chase mutant is caught by the formal kinds alone (state machines, model differentials).

The whole per-kind table (every kind on every mutant) is ``python -m properties.time_chase.mutants``;
here each mutant runs the formal kinds, the differential first, until one catches it.
"""

from __future__ import annotations

import pytest

from properties import harness as h
from properties.time_chase.mutants import KINDS, harness_mutants

MUTANTS = harness_mutants()


def test_every_kind_passes_on_the_real_rules() -> None:
    assert h.check_real_rules(MUTANTS[:1]) == []


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_the_formal_kinds_catch_the_mutant(mutant: h.Mutant) -> None:
    assert h.first_catch(mutant, [h.DIFFERENTIAL, h.MACHINE]) is not None, f"the formal kinds miss '{mutant.name}'"


# Each formal kind bites on its own, not only behind the other.
ALONE = (
    (h.MACHINE, "zero-never-resolved"),
    (h.MACHINE, "no-immediate-win"),
    (h.MACHINE, "income-in-round-1"),
    (h.MACHINE, "zero-keeps-old-invariant"),
    (h.DIFFERENTIAL, "lead-competes"),
    (h.DIFFERENTIAL, "end-counts-ever-won"),
    (h.DIFFERENTIAL, "winner-ignores-trump"),
)


@pytest.mark.parametrize(("kind", "name"), ALONE, ids=lambda x: x)
def test_each_formal_kind_catches_on_its_own(kind: str, name: str) -> None:
    mutant = next(m for m in MUTANTS if m.name == name)
    assert kind in KINDS
    assert h.judge(mutant, [kind]).caught, f"{kind} misses '{name}'"
