"""Random legal play of L'heure des 3 ombres with the issue's invariants checked after every action."""

from __future__ import annotations

from hypothesis import Phase, settings

from properties.trois_ombres.machine import Play

# A short machine: each step is a whole action; runs of 120 actions reach many ends on small tables.
# Shrinking a long game is slow, so it is left out; a failure prints its seed for replay.
TestPlay = Play.TestCase
TestPlay.settings = settings(
    max_examples=min(settings().max_examples, 25),
    stateful_step_count=120,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
