"""A wrong engine that forgets the copy-choice rule: any copy on the Focus era
may be chosen, even when another can take more actions (breaks TURN.COPY-CHOICE)."""

from __future__ import annotations

import sys

import oracle.games.ttykm.rules.standard
from oracle.games.ttykm import fast
from oracle.games.ttykm.board import Colour
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.tools.protocol import serve

right_choice = oracle.games.ttykm.rules.standard.choice


def free_choice(position: Position, colour: Colour, ruleset: Ruleset) -> oracle.games.ttykm.rules.standard.Choice:
    return right_choice(position, colour, Ruleset(ruleset.variants | {"copy-choice=free"}))


if __name__ == "__main__":
    fast.use("spec")  # the rules patched below are the spec's, so the spec engine must play them
    oracle.games.ttykm.rules.standard.choice = free_choice
    serve(sys.stdin.buffer, sys.stdout.buffer)
