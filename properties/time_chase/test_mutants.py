"""Every Time Chase mutant is caught by some check, and the checks pass on the real rules."""

from __future__ import annotations

import pytest

from properties.time_chase.mutants import CHECKS, MUTANTS, Mutant, judge, patched


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_mutant_is_caught(mutant: Mutant) -> None:
    assert judge(mutant).caught_by is not None, f"no check catches the mutant '{mutant.name}'"


@pytest.mark.parametrize("name", [name for name, _ in CHECKS if name == "worked examples"])
def test_checks_pass_on_the_real_rules(name: str) -> None:
    """The examples pass on the real rules (the machines and the differential have their own tests)."""
    dict(CHECKS)[name]()


# Each check bites on its own, not only behind the cheaper ones.
ALONE = (
    ("state machines", "zero-never-resolved"),
    ("state machines", "no-immediate-win"),
    ("state machines", "bid-past-zero"),
    ("state machines", "follow-or-nothing"),
    ("Z3 differential", "winner-ignores-trump"),
    ("Z3 differential", "rank-only"),
    ("Z3 differential", "no-must-follow"),
)


@pytest.mark.parametrize(("check", "mutant_name"), ALONE, ids=lambda x: x)
def test_each_check_catches_on_its_own(check: str, mutant_name: str) -> None:
    mutant = next(m for m in MUTANTS if m.name == mutant_name)
    with patched(mutant.replacements), pytest.raises(Exception):  # noqa: B017 - any failure is a catch
        dict(CHECKS)[check]()
