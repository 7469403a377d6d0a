"""Random legal play of L'heure des 3 ombres with the issue's invariants checked after every action."""

from __future__ import annotations

from hypothesis import Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from properties.trois_ombres.checks import RESHUFFLED
from properties.trois_ombres.machine import RESHUFFLES, SHORT_RUNS, Play, ShortPiles

# A short machine: each step is a whole action; runs of 120 actions reach many ends on small tables.
# Shrinking a long game is slow, so it is left out; a failure prints its seed for replay.
TestPlay = Play.TestCase
TestPlay.settings = settings(
    max_examples=min(settings().max_examples, 25),
    stateful_step_count=120,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)


def test_play_from_short_piles_reshuffles_every_pile() -> None:
    """From short piles each of the three piles runs out and takes its discard, under the reshuffle invariant
    (`checks.check_reshuffles`) with the others; the draws are fixed, so the same reshuffles every run."""
    RESHUFFLES.clear()
    run_state_machine_as_test(ShortPiles, settings=SHORT_RUNS)
    assert set(RESHUFFLES) == set(RESHUFFLED), f"reshuffles played: {dict(RESHUFFLES)}"
