"""A wrong engine that forgets the copy-choice rule: any copy on the Focus era
may be chosen, even when another can take more actions (breaks TURN.COPY-CHOICE)."""

from __future__ import annotations

import sys

import oracle.rules
from oracle.board import Colour
from oracle.position import Position
from oracle.protocol import serve
from oracle.ruleset import Ruleset

right_choice = oracle.rules.choice


def free_choice(position: Position, colour: Colour, ruleset: Ruleset) -> oracle.rules.Choice:
    return right_choice(position, colour, Ruleset(ruleset.variants | {"copy-choice=free"}, ruleset.modules))


if __name__ == "__main__":
    oracle.rules.choice = free_choice
    serve(sys.stdin.buffer, sys.stdout.buffer)
