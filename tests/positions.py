"""Seeded random valid positions for tests that sample many positions."""

from __future__ import annotations

import random

from oracle.games.ttykm.board import CELLS, Colour, Era
from oracle.games.ttykm.state import Position
from properties.random_positions import placed_copies, playout_position


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
    masks, supply, removed = placed_copies(rng, cells, 0)
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
    return playout_position(rng, plies)
