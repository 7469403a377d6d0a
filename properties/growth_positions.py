"""Seeded random valid Growth positions: copies anywhere, and seeds, shrubs,
standing and fallen trees sprinkled wherever OBJECTS.VALID allows them (so
pushes into objects, falls, chains of trees and cascades are common), plus
positions from random Growth play."""

from __future__ import annotations

import random

from oracle.games.ttykm.board import CELLS, MOVES, NEIGHBOUR, SQUARES, Colour, Era
from oracle.games.ttykm.objects import SEEDS, Chapters, Kind, Thing
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from properties.random_positions import placed_copies, playout_position

GROWTH = Ruleset.parse("growth")


def random_growth_position(rng: random.Random, objects: int = 8) -> Position:
    """A valid Growth position with up to ``objects`` objects besides seeds."""
    masks, supply, removed = placed_copies(rng, rng.sample(range(CELLS), 14), 1)
    copies = masks[0] | masks[1]
    solids: dict[int, Thing] = {}
    free = [c for c in range(CELLS) if not copies >> c & 1]
    rng.shuffle(free)
    for c in free[:objects]:
        era = c // SQUARES
        kinds = [Kind.SHRUB] if era == Era.PRESENT else [Kind.SHRUB, Kind.TREE, Kind.TREE, Kind.FALLEN]
        if era == Era.PAST:
            continue
        kind = rng.choice(kinds)
        if kind is Kind.FALLEN:
            roots = [c - c % SQUARES + n for d in MOVES if (n := NEIGHBOUR[d][c % SQUARES]) is not None]
            solids[c] = Thing(Kind.FALLEN, rng.choice(roots))
        else:
            solids[c] = Thing(kind)
    open_cells = [c for c in range(CELLS) if c not in solids]
    seeds = 0
    for c in rng.sample(open_cells, rng.randint(0, SEEDS)):
        seeds |= 1 << c
    focus = [rng.choice(list(Era)), rng.choice(list(Era))]
    to_move = rng.choice(list(Colour))
    if rng.random() < 0.7:  # mostly a copy on the Focus era, so that it acts
        mine = [c for c in range(CELLS) if masks[to_move] >> c & 1]
        focus[to_move] = Era(rng.choice(mine) // SQUARES)
    chapters = Chapters(frozenset({"growth"})).with_objects(seeds, solids, SEEDS - seeds.bit_count())
    return Position((masks[0], masks[1]), (supply[0], supply[1]), (removed[0], removed[1]),
                    (focus[0], focus[1]), to_move, None, chapters)


def growth_playout_position(rng: random.Random, plies: int) -> Position:
    """The position after up to ``plies`` random legal Growth turns from the start."""
    return playout_position(rng, plies, GROWTH)
