"""Every theorem has teeth: under a named break of the model clause it is about, it fails."""

from __future__ import annotations

import pytest

from properties.model_breaks import BREAKS, UNCONSTRAINED, Break, check
from properties.theorems import THEOREMS

# One break for each theorem: the first that names it.
PAIRS = {name: brk for brk in reversed(BREAKS) for name in brk.fails}


def test_every_theorem_has_a_named_break() -> None:
    assert sorted(PAIRS) == sorted(t.name for t in THEOREMS)
    assert all(why for why in UNCONSTRAINED.values())


@pytest.mark.parametrize(("theorem", "brk"), sorted(PAIRS.items()), ids=sorted(PAIRS))
def test_theorem_fails_under_its_break(theorem: str, brk: Break) -> None:
    (outcome,) = check(brk, (theorem,))
    assert outcome.failed, f"{theorem} is still proved when the model breaks '{brk.name}' ({brk.what})"
