"""A wrong engine that declares a loss only when the opponent is on exactly
one era (``len(eras) == 1``): an opponent left with no copies at all never
loses (breaks WIN.CHECK, "one era or none")."""

from __future__ import annotations

import sys

import oracle.games.ttykm.rules.standard
from oracle.games.ttykm import fast
from oracle.games.ttykm.board import Colour
from oracle.games.ttykm.state import Position
from oracle.tools.protocol import serve


def winner_at_exactly_one_era(position: Position, mover: Colour) -> Colour | None:
    return mover if len(position.eras_of(mover.opponent)) == 1 else None


if __name__ == "__main__":
    fast.use("spec")  # the rules patched below are the spec's, so the spec engine must play them
    oracle.games.ttykm.rules.standard.winner_after = winner_at_exactly_one_era
    serve(sys.stdin.buffer, sys.stdout.buffer)
