"""A wrong engine in which a player wiped off every era has not lost (as `one_era_loss`), and whose perft
and divide count by its own rules, through the counter over the game interface, as an independent
engine's would (breaks WIN.CHECK, "one era or none").

The bug shows in several places at once: the apply records of a wipe-out, and every perft count that
passes through that turn, each of which `divide` narrows to the same turn.  The runner folds the
divergences with one narrowed cause into one, with the count of where it showed.  Its counter is slow,
so it answers too_slow at once beyond depth 3, as a slow engine would after its time budget."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

import oracle.games.ttykm.rules.standard
from oracle.games.base import GameBase
from oracle.games.ttykm.game import TTYKM
from oracle.tools.protocol import TooSlow, serve
from tests.toy_engines.one_era_loss import winner_at_exactly_one_era

DEEPEST = 3  # the depth this engine's own counter answers in time


def own_perft(self: Any, state: Any, rules: Any, depth: int) -> int:
    if depth > DEEPEST:
        raise TooSlow
    return GameBase.perft(self, state, rules, depth)


def own_divide(self: Any, state: Any, rules: Any, depth: int,
               progress: Callable[[int, int], None] | None = None) -> Sequence[tuple[Any, int]]:
    if depth > DEEPEST:
        raise TooSlow
    return GameBase.divide(self, state, rules, depth, progress)


if __name__ == "__main__":
    oracle.games.ttykm.rules.standard.winner_after = winner_at_exactly_one_era
    TTYKM.perft = own_perft  # type: ignore[method-assign]
    TTYKM.divide = own_divide  # type: ignore[method-assign]
    serve(sys.stdin.buffer, sys.stdout.buffer)
