"""A wrong engine that lets the Focus stay on its era (breaks FOCUS.MOVE)."""

from __future__ import annotations

import sys

import oracle.rules
from oracle.board import Colour, Era
from oracle.position import Position
from oracle.protocol import serve


def any_era(position: Position, colour: Colour) -> tuple[Era, ...]:
    return tuple(Era)


if __name__ == "__main__":
    oracle.rules.focus_targets = any_era
    serve(sys.stdin.buffer, sys.stdout.buffer)
