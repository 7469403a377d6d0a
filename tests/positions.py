"""Seeded random valid positions for tests that sample many positions."""

from __future__ import annotations

import random

from oracle.games.ttykm.board import CELLS, Colour, Era
from oracle.games.ttykm.rules.standard import successors
from oracle.games.ttykm.state import COPIES_PER_PLAYER, START_SUPPLY, Position


def random_position(rng: random.Random, dense: bool = False) -> Position:
    """A valid position with 0-7 copies per colour placed anywhere, a random
    supply, random Foci and a random player to move.  ``dense`` crowds most
    copies onto one era, where long push chains and paradoxes happen."""
    if dense:
        era = rng.randrange(3)
        crowded = rng.sample(range(era * 16, era * 16 + 16), 10)
        rest = [c for c in range(CELLS) if c not in crowded]
        cells = crowded[:5] + rng.sample(rest, 2) + crowded[5:] + rng.sample(rest, 2)
        cells = list(dict.fromkeys(cells)) + rng.sample([c for c in rest if c not in cells], 14)
    else:
        cells = rng.sample(range(CELLS), 14)
    masks = [0, 0]
    supply = [0, 0]
    removed = [0, 0]
    for colour in Colour:
        supply[colour] = rng.randint(0, START_SUPPLY)
        on_board = rng.randint(0, COPIES_PER_PLAYER - supply[colour])
        for c in cells[colour * 7: colour * 7 + on_board]:
            masks[colour] |= 1 << c
        removed[colour] = COPIES_PER_PLAYER - supply[colour] - on_board
    focus = [rng.choice(list(Era)), rng.choice(list(Era))]
    to_move = rng.choice(list(Colour))
    if dense:
        focus[to_move] = Era(era)
    return Position(
        copies=(masks[0], masks[1]),
        supply=(supply[0], supply[1]),
        removed=(removed[0], removed[1]),
        focus=(focus[0], focus[1]),
        to_move=to_move,
    )


def random_playout_position(rng: random.Random, plies: int) -> Position:
    """The position after up to ``plies`` random legal turns from the start."""
    position = Position.start()
    for _ in range(plies):
        options = successors(position)
        if not options:
            break
        position = rng.choice(options)[1]
    return position
