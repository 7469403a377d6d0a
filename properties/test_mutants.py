"""The checks catch every deliberately broken rule, the formal kinds on their own where the
table says so, and every kind of check passes on the real rules."""

from __future__ import annotations

import dataclasses

import pytest

from properties import harness as h
from properties.mutants import MUTANTS

# The formal kinds try the mutant in this order and stop at the first catch (the full
# table, every kind on every mutant, is `./dev mutants`); a mutant in ONLY_INFORMAL is
# one the formal kinds are known to miss, recorded in docs/formal-checks.md.
ONLY_INFORMAL: set[str] = set()  # none since the acting era of the pairs' Commands is modelled
CHEAPEST_FIRST = (h.DIFFERENTIAL, h.MACHINE, h.EXAMPLES, h.VECTORS, h.PERFT, h.PROPERTIES)


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_mutant_is_caught(mutant: h.Mutant) -> None:
    formal = h.first_catch(mutant, [k for k in CHEAPEST_FIRST if k in h.FORMAL])
    if mutant.name in ONLY_INFORMAL:
        assert formal is None, f"the formal kinds now catch '{mutant.name}' ({formal}): update ONLY_INFORMAL"
        assert h.first_catch(mutant, [k for k in CHEAPEST_FIRST if k not in h.FORMAL]) is not None, \
            f"no check catches the mutant '{mutant.name}'"
    else:
        assert formal is not None, f"no formal check catches the mutant '{mutant.name}'"


def test_every_kind_passes_on_the_real_rules() -> None:
    """The machines and the standard game's differential have their own tests (test_model_play,
    test_variant_models, test_play and the others, test_differential); the rest is asked here."""
    trimmed = [dataclasses.replace(m, kinds={k: c for k, c in m.kinds.items() if k != h.MACHINE
                                             and not (m.game == "ttykm" and k == h.DIFFERENTIAL)})
               for m in MUTANTS]
    assert h.check_real_rules(trimmed) == []
