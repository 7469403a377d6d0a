"""Every mutant of the trois-ombres rules is caught by a check, and the checks pass on the real rules."""

from __future__ import annotations

import pytest

from properties.trois_ombres.mutants import CHECKS, MUTANTS, Mutant, catcher


@pytest.mark.parametrize(("name", "check"), CHECKS, ids=[name for name, _ in CHECKS])
def test_checks_pass_on_the_real_rules(name: str, check: object) -> None:
    assert callable(check)
    check()


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.name for m in MUTANTS])
def test_mutant_is_caught(mutant: Mutant) -> None:
    assert catcher(mutant) is not None, f"{mutant.name} survived every check"
