"""Every mutant of the card games is caught by the formal kinds alone (state machines, model differentials).

The whole per-kind table (every kind on every mutant) is ``./dev python -m properties.time_chase.mutants``
and ``./dev python -m properties.trois_ombres.mutants``; here each mutant runs the formal kinds, the
differential first, until one catches it.
"""

from __future__ import annotations

import pytest

from properties import harness as h
from properties.time_chase import mutants as time_chase
from properties.trois_ombres import mutants as trois_ombres

MUTANTS = (*time_chase.harness_mutants(), *trois_ombres.harness_mutants())

# Each formal kind bites on its own, not only behind the other: (kind, game, mutant).
ALONE = (
    (h.MACHINE, "time-chase", "zero-never-resolved"),
    (h.MACHINE, "time-chase", "no-immediate-win"),
    (h.MACHINE, "time-chase", "income-in-round-1"),
    (h.MACHINE, "time-chase", "zero-keeps-old-invariant"),
    (h.DIFFERENTIAL, "time-chase", "lead-competes"),
    (h.DIFFERENTIAL, "time-chase", "end-counts-ever-won"),
    (h.DIFFERENTIAL, "time-chase", "winner-ignores-trump"),
    (h.MACHINE, "trois-ombres", "allison-looks-under-cubes"),
    (h.MACHINE, "trois-ombres", "empty-limbes-deck-no-clock"),
    (h.MACHINE, "trois-ombres", "from-3h-cards-from-0h"),
    (h.DIFFERENTIAL, "trois-ombres", "zacahire-blind-to-cubes"),
    (h.DIFFERENTIAL, "trois-ombres", "no-designated-lieu"),
    (h.DIFFERENTIAL, "trois-ombres", "balafre-throws-two"),
    (h.DIFFERENTIAL, "trois-ombres", "brouillard-unapplied-kept"),
    (h.DIFFERENTIAL, "trois-ombres", "fausse-piste-without-room"),
    (h.DIFFERENTIAL, "trois-ombres", "calepin-no-fallback"),
    (h.DIFFERENTIAL, "trois-ombres", "debriefing-clears-nothing"),
    (h.DIFFERENTIAL, "trois-ombres", "revelateur-loses-cubes"),
)


@pytest.mark.parametrize("game", sorted({m.game for m in MUTANTS}))
def test_every_kind_passes_on_the_real_rules(game: str) -> None:
    assert h.check_real_rules([next(m for m in MUTANTS if m.game == game)]) == []


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: f"{m.game}: {m.name}")
def test_the_formal_kinds_catch_the_mutant(mutant: h.Mutant) -> None:
    assert h.first_catch(mutant, [h.DIFFERENTIAL, h.MACHINE]) is not None, f"the formal kinds miss '{mutant.name}'"


@pytest.mark.parametrize(("kind", "game", "name"), ALONE, ids=lambda x: x)
def test_each_formal_kind_catches_on_its_own(kind: str, game: str, name: str) -> None:
    mutant = next(m for m in MUTANTS if m.game == game and m.name == name)
    assert kind in mutant.kinds
    assert h.judge(mutant, [kind]).caught, f"{kind} misses '{name}'"
