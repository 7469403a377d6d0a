"""L'heure des 3 ombres' part of ``./dev prove`` and ``./dev mutants`` (found by `properties.game_reports`)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from properties.harness import Mutant

TITLE = "L'heure des 3 ombres"


def prove() -> int:
    """Print each theorem of `properties.trois_ombres.theorems`, proved or not; the number that failed."""
    from properties.trois_ombres.theorems import THEOREMS, proved, refuted_under

    failed = 0
    for theorem in THEOREMS:
        started = time.perf_counter()
        ok, counterexample = proved(theorem)
        print(f"{theorem.name:<36} {'proved' if ok else 'FAILED':<7} {time.perf_counter() - started:6.2f} s",
              flush=True)
        if not ok:
            failed += 1
            print(f"    claim: {theorem.statement}\n    counterexample: {counterexample}")
        for broken in theorem.breaks:
            bites = refuted_under(theorem, broken)
            failed += not bites
            print(f"    {'refuted' if bites else 'STILL PROVED'} with the break: {broken.name}")
    from properties.trois_ombres.theorems import JUSTIFIED, unconstrained

    loose = unconstrained()
    for clause in loose:
        print(f"no theorem constrains {clause}: {JUSTIFIED.get(clause, 'NOT JUSTIFIED')}")
    failed += sum(clause not in JUSTIFIED for clause in loose)
    print(f"{len(THEOREMS) - failed} of {len(THEOREMS)} Trois Ombres theorems proved")
    return failed


def harness_mutants() -> tuple[Mutant, ...]:
    """The Trois Ombres mutants for the harness's per-kind table."""
    from properties.trois_ombres.mutants import harness_mutants as mutants_for_the_harness

    return mutants_for_the_harness()


def mutants() -> int:
    """Print which check catches each Trois Ombres mutant; the number that survived (0 or 1)."""
    from properties.trois_ombres.mutants import main

    return main()
