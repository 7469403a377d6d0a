"""A wrong engine that lets the Focus stay on its era (breaks FOCUS.MOVE)."""

from __future__ import annotations

import sys

import oracle.games.ttykm.rules.standard
from oracle.games.ttykm import fast
from oracle.games.ttykm.board import Colour, Era
from oracle.games.ttykm.state import Position
from oracle.tools.protocol import serve


def any_era(position: Position, colour: Colour) -> tuple[Era, ...]:
    return tuple(Era)


if __name__ == "__main__":
    fast.use("spec")  # the rules patched below are the spec's, so the spec engine must play them
    oracle.games.ttykm.rules.standard.focus_targets = any_era
    serve(sys.stdin.buffer, sys.stdout.buffer)
