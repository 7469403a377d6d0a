"""Time Chase's part of ``./dev prove`` and ``./dev mutants`` (found by `properties.game_reports`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from properties.harness import Mutant

TITLE = "Time Chase"


def prove() -> int:
    """Print each Z3 proof of `properties.time_chase.z3model`; the number that failed."""
    from properties.time_chase.z3model import prove_all

    proofs = prove_all()
    for proof in proofs:
        print(f"{'proved' if proof.proved else 'FAILED'}  {proof.name} ({proof.size} cards) {proof.counterexample}")
    failed = sum(not proof.proved for proof in proofs)
    print(f"{len(proofs) - failed} of {len(proofs)} Time Chase proofs hold")
    return failed


def harness_mutants() -> tuple[Mutant, ...]:
    """The Time Chase mutants for the harness's per-kind table."""
    from properties.time_chase.mutants import harness_mutants as mutants_for_the_harness

    return mutants_for_the_harness()


def mutants() -> int:
    """Print which check catches each Time Chase mutant; the number that survived (0 or 1)."""
    from properties.time_chase.mutants import main

    return main()
