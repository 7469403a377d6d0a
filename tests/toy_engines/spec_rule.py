"""What the wrong TTYKM engines share: the oracle answering the protocol with one function of the standard
rules replaced, and the broken push that removes a copy where the rules chain or make a paradox.

Each engine is run as a module, ``python -m tests.toy_engines.NAME`` from the repository's root.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import oracle.games.ttykm.rules.standard
from oracle.games.ttykm import fast
from oracle.games.ttykm.board import NEIGHBOUR, SQUARES, Action, Colour
from oracle.games.ttykm.events import Crushed, Event
from oracle.tools.protocol import serve

Push = Callable[[list[int], list[int], int, Action, list[Event]], None]
right_push: Push = oracle.games.ttykm.rules.standard.push


def serve_with_spec_rule(name: str, replacement: object) -> None:
    """Answer the protocol on stdin/stdout with the standard rules' function ``name`` replaced, on the spec
    engine (the rules replaced are the spec's, so the spec engine must play them)."""
    fast.use("spec")
    setattr(oracle.games.ttykm.rules.standard, name, replacement)
    serve(sys.stdin.buffer, sys.stdout.buffer)


def push_removed_on_meeting(own_colour: bool) -> Push:
    """A push that removes the pushed copy alone, as if crushed, when the square beyond holds a copy of its
    own colour (``own_colour``: no paradox) or of the other (no chain); any other push as the rules have it."""

    def push(copies: list[int], removed: list[int], pushed: int, direction: Action, events: list[Event]) -> None:
        colour = Colour.WHITE if copies[0] >> pushed & 1 else Colour.BLACK
        square = NEIGHBOUR[direction][pushed % SQUARES]
        beyond = None if square is None else pushed - pushed % SQUARES + square
        met = colour if own_colour else colour.opponent
        if beyond is not None and copies[met] >> beyond & 1:
            copies[colour] &= ~(1 << pushed)
            removed[colour] += 1
            events.append(Crushed(colour, pushed, direction))
            return
        right_push(copies, removed, pushed, direction, events)

    return push
