"""A wrong engine whose pushes never chain: a pushed copy that meets a copy of
the other colour is removed instead of pushing it on (breaks MOVE.PUSH.CHAIN)."""

from __future__ import annotations

import sys

import oracle.games.ttykm.rules.standard
from oracle.games.ttykm import fast
from oracle.games.ttykm.board import NEIGHBOUR, SQUARES, Action, Colour
from oracle.games.ttykm.events import Crushed, Event
from oracle.tools.protocol import serve

right_push = oracle.games.ttykm.rules.standard.push


def push_without_chains(copies: list[int], removed: list[int], pushed: int, direction: Action,
                        events: list[Event]) -> None:
    colour = Colour.WHITE if copies[0] >> pushed & 1 else Colour.BLACK
    square = NEIGHBOUR[direction][pushed % SQUARES]
    beyond = None if square is None else pushed - pushed % SQUARES + square
    if beyond is not None and copies[colour.opponent] >> beyond & 1:
        copies[colour] &= ~(1 << pushed)
        removed[colour] += 1
        events.append(Crushed(colour, pushed, direction))
        return
    right_push(copies, removed, pushed, direction, events)


if __name__ == "__main__":
    fast.use("spec")  # the rules patched below are the spec's, so the spec engine must play them
    oracle.games.ttykm.rules.standard.push = push_without_chains
    serve(sys.stdin.buffer, sys.stdout.buffer)
