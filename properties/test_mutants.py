"""The checks catch every deliberately broken rule, and pass on the real one."""

from __future__ import annotations

import pytest

from properties import convergence_mutants, influence_mutants
from properties.mutants import CHECKS, GROWTH_CHECKS, MEMORY_CHECKS, MEMORY_MUTANTS, MUTANTS, Mutant, judge


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_mutant_is_caught(mutant: Mutant) -> None:
    verdict = judge(mutant)
    assert verdict.caught_by is not None, f"no check catches the mutant '{mutant.name}'"


QUICK = {name: check for name, check in (*CHECKS, *GROWTH_CHECKS) if name != "Z3 differential"}


@pytest.mark.parametrize("name", QUICK)
def test_checks_pass_on_the_real_rules(name: str) -> None:
    """Without a mutant every quick check passes (the differential check has its own test)."""
    QUICK[name]()


INFLUENCE_QUICK = {name: check for name, check in influence_mutants.CHECKS if "differential" not in name}


@pytest.mark.parametrize("name", INFLUENCE_QUICK)
def test_influence_checks_pass_on_the_real_rules(name: str) -> None:
    INFLUENCE_QUICK[name]()


@pytest.mark.parametrize("mutant", MEMORY_MUTANTS, ids=lambda m: m.name)
def test_memory_mutant_is_caught(mutant: Mutant) -> None:
    verdict = judge(mutant)
    assert verdict.caught_by is not None, f"no check catches the mutant '{mutant.name}'"


@pytest.mark.parametrize("name", [name for name, _ in MEMORY_CHECKS if name != "Memory Z3 differential"])
def test_memory_checks_pass_on_the_real_rules(name: str) -> None:
    dict(MEMORY_CHECKS)[name]()


CONVERGENCE_QUICK = {name: check for name, check in convergence_mutants.CHECKS if "differential" not in name}


@pytest.mark.parametrize("name", CONVERGENCE_QUICK)
def test_convergence_checks_pass_on_the_real_rules(name: str) -> None:
    """Without a mutant every Convergence check passes (the differential check has its own test)."""
    CONVERGENCE_QUICK[name]()
