"""The proof report: every theorem of `properties.theorems`, proved or not.

    python -m properties.prove [NAME ...]      (or: ./dev prove)

Prints one line per theorem: its name, ``proved`` or ``FAILED``, the time
taken and the spec rules it covers; under a failed theorem, the
counterexample position in the project's notation and the action or turn
that breaks it.  Exit status 0 when every theorem is proved, 1 otherwise,
2 for an unknown theorem name.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from properties import game_reports, whole_turns
from properties.effects_z3 import EFFECTS_THEOREMS, prove_effects
from properties.memory_model import MEMORY_THEOREMS
from properties.memory_model import prove as prove_memory
from properties.theorems import THEOREMS, Theorem, prove
from properties.z3growth import GROWTH_THEOREMS, GrowthTheorem, prove_growth


class Claim(Protocol):
    """What the report prints of a theorem of any model."""

    @property
    def name(self) -> str: ...

    @property
    def statement(self) -> str: ...

    @property
    def rules(self) -> tuple[str, ...]: ...


C = TypeVar("C", bound=Claim)


def report(theorems: Sequence[C], outcome: Callable[[C], tuple[bool, float, str]]) -> int:
    """One line per theorem, ``outcome(theorem)`` being (proved, seconds, what a failure shows); the number
    failed."""
    failed = 0
    for theorem in theorems:
        proved, seconds, why = outcome(theorem)
        status = "proved" if proved else "FAILED"
        print(f"{theorem.name:<36} {status:<7} {seconds:6.2f} s   {', '.join(theorem.rules)}", flush=True)
        if not proved:
            failed += 1
            print(f"    claim: {theorem.statement}\n    {why}")
    return failed


def timed(counterexample_of: Callable[[C], object | None]) -> Callable[[C], tuple[bool, float, str]]:
    """The outcome of a model whose prover answers a counterexample, or None when the theorem holds."""
    def outcome(theorem: C) -> tuple[bool, float, str]:
        started = time.perf_counter()
        counterexample = counterexample_of(theorem)
        return counterexample is None, time.perf_counter() - started, f"counterexample: {counterexample}"
    return outcome


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    names = {t.name for t in THEOREMS}
    unknown = [n for n in argv if n not in names]
    if unknown:
        print(f"prove: unknown theorem {unknown[0]!r}; known: {', '.join(sorted(names))}", file=sys.stderr)
        return 2
    chosen = [t for t in THEOREMS if not argv or t.name in argv]
    print("building the Z3 model of the standard rules...", file=sys.stderr, flush=True)
    started = time.perf_counter()

    def standard(theorem: Theorem) -> tuple[bool, float, str]:
        result = prove(theorem)
        return result.proved, result.seconds, (f"counterexample: {result.counterexample}" if result.counterexample
                                               else f"the solver gave up: {result.unknown}")

    failed = report(chosen, standard)
    total = time.perf_counter() - started
    print(f"{len(chosen) - failed} of {len(chosen)} theorems proved for all valid positions in {total:.1f} s")
    if not argv:
        failed += growth_report()
        failed += memory_report()
        failed += effects_report()
        failed += whole_turns.report()  # sequences of whole turns, bounded (properties/whole_turns.py)
        failed += game_reports.run("prove")
    return 1 if failed else 0


def growth_report() -> int:
    """The Growth theorems of `properties.z3growth`, proved for every valid line or column; the number failed."""

    def growth(theorem: GrowthTheorem) -> tuple[bool, float, str]:
        result = prove_growth(theorem)
        return result.proved, result.seconds, f"counterexample: {result.counterexample}"

    failed = report(GROWTH_THEOREMS, growth)
    print(f"{len(GROWTH_THEOREMS) - failed} of {len(GROWTH_THEOREMS)} Growth theorems proved"
          " for all valid lines and columns")
    return failed


def memory_report() -> int:
    """The Memory theorems of `properties.memory_model`, proved for every valid elephant layer; the number failed."""
    failed = report(MEMORY_THEOREMS, timed(prove_memory))
    print(f"{len(MEMORY_THEOREMS) - failed} of {len(MEMORY_THEOREMS)} Memory theorems proved")
    return failed


def effects_report() -> int:
    """The order-of-effects theorems of `properties.effects_z3`; the number failed."""
    failed = report(EFFECTS_THEOREMS, timed(prove_effects))
    print(f"{len(EFFECTS_THEOREMS) - failed} of {len(EFFECTS_THEOREMS)} order-of-effects theorems proved"
          " on every board of up to 4 squares in a line")
    return failed


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
