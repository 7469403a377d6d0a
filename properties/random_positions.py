"""Seeded random parts of valid TTYKM positions, shared by the property checks' and the tests'
position samplers: copies placed on drawn cells, and the position a random game reaches."""

from __future__ import annotations

import random

from oracle.games.ttykm.board import Colour
from oracle.games.ttykm.rules.standard import start_position, successors
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import COPIES_PER_PLAYER, START_SUPPLY, Position


def placed_copies(rng: random.Random, cells: list[int], least: int) -> tuple[list[int], list[int], list[int]]:
    """Masks, supply and removed counts of each colour: a random supply, then ``least`` or more copies
    on the board, White's on the first of the 14 ``cells``, Black's from the eighth; the rest removed."""
    masks, supply, removed = [0, 0], [0, 0], [0, 0]
    for colour in Colour:
        supply[colour] = rng.randint(0, START_SUPPLY)
        on_board = rng.randint(least, COPIES_PER_PLAYER - supply[colour])
        for c in cells[colour * 7: colour * 7 + on_board]:
            masks[colour] |= 1 << c
        removed[colour] = COPIES_PER_PLAYER - supply[colour] - on_board
    return masks, supply, removed


def playout_position(rng: random.Random, plies: int, ruleset: Ruleset = STANDARD) -> Position:
    """The position after up to ``plies`` random legal turns from ``ruleset``'s start."""
    position = start_position(ruleset)
    for _ in range(plies):
        options = successors(position, ruleset)
        if not options:
            break
        position = rng.choice(options)[1]
    return position
