"""Seeded random positions of any chapter ruleset or pair: hand-made crowded
ones, with every kind of object the chapters bring sprinkled where
OBJECTS.VALID allows, and ones reached by random play that prefers the
chapters' own actions."""

from __future__ import annotations

import random

from oracle.errors import InvalidPosition
from oracle.games.ttykm.board import CELLS, MOVES, NEIGHBOUR, SQUARES, Colour, Era, cell
from oracle.games.ttykm.objects import ELEPHANTS, SEEDS, Chapters, Kind, Thing, statue
from oracle.games.ttykm.rules.standard import start_position, successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position, check_position
from oracle.games.ttykm.turn import Aimed, Pull, Turn
from properties.random_positions import placed_copies


def _copies(rng: random.Random, crowd: float) -> tuple[list[int], list[int], list[int]]:
    """Masks, supply and removed counts; the copies mostly near the corner squares and the middle."""
    near = [c for c in range(CELLS) if c % SQUARES in (0, 1, 4, 5, 6, 9, 10, 11, 14, 15)]
    return placed_copies(rng, rng.sample(near if rng.random() < crowd else list(range(CELLS)), 14), 1)


def _objects(
    rng: random.Random, modules: frozenset[str], taken: int
) -> tuple[int, dict[int, Thing], tuple[bool, bool]]:
    solids: dict[int, Thing] = {}

    def free(era: int) -> list[int]:
        return [c for c in range(cell(era, 0), cell(era, 15) + 1) if not taken >> c & 1 and c not in solids]

    if "memory" in modules:
        for e in range(3):
            hats = [None, Colour.WHITE, Colour.BLACK]
            rng.shuffle(hats)
            for kind, hat in zip(ELEPHANTS, hats, strict=False):
                solids[rng.choice(free(e))] = Thing(kind, hat=hat if rng.random() < 0.7 else None)
    built = [False, False]
    if "influence" in modules:
        for e in range(3):
            solids[rng.choice(free(e))] = statue(None)
        for colour in Colour:
            if rng.random() < 0.5:
                built[colour] = True
                first = rng.randint(0, 2)
                for later in range(first, rng.randint(first, 2) + 1):
                    solids[rng.choice(free(later))] = statue(colour)
    seeds = 0
    if "growth" in modules:
        for _ in range(rng.randint(0, 9)):
            c = rng.choice(free(rng.choice((Era.PRESENT, Era.FUTURE))))
            future = (Kind.SHRUB, Kind.TREE, Kind.TREE, Kind.FALLEN)
            kind = Kind.SHRUB if c // SQUARES == Era.PRESENT else rng.choice(future)
            if kind is Kind.FALLEN:
                roots = [c - c % SQUARES + n for d in MOVES if (n := NEIGHBOUR[d][c % SQUARES]) is not None]
                solids[c] = Thing(Kind.FALLEN, rng.choice(roots))
            else:
                solids[c] = Thing(kind)
        open_cells = [c for c in range(CELLS) if c not in solids]
        for c in rng.sample(open_cells, rng.randint(0, SEEDS)):
            seeds |= 1 << c
    return seeds, solids, (built[0], built[1])


def crowded_position(rng: random.Random, modules: frozenset[str], crowd: float = 0.7) -> Position:
    """A valid position of ``modules`` (possibly none) with copies and objects packed together, so
    that pushes into objects, falls, statue chains, rebounds, trampling and cascades are common."""
    while True:
        masks, supply, removed = _copies(rng, crowd)
        try:
            seeds, solids, built = _objects(rng, modules, masks[0] | masks[1])
        except IndexError:  # an era too crowded for every object: draw again
            continue
        to_move = rng.choice(list(Colour))
        focus = [rng.choice(list(Era)), rng.choice(list(Era))]
        if rng.random() < 0.8:  # mostly a copy on the Focus era, so that it acts
            mine = [c for c in range(CELLS) if masks[to_move] >> c & 1]
            focus[to_move] = Era(rng.choice(mine) // SQUARES)
        chapters = Chapters(modules).with_objects(seeds, solids, SEEDS - seeds.bit_count(), built) if modules else None
        position = Position((masks[0], masks[1]), (supply[0], supply[1]), (removed[0], removed[1]),
                            (focus[0], focus[1]), to_move, None, chapters)
        try:
            check_position(position)
        except InvalidPosition:
            continue
        return position


def _is_chapter_turn(turn: Turn) -> bool:
    return any(isinstance(a, Aimed | Pull) for a in turn.actions)


def playout(ruleset: Ruleset, rng: random.Random, plies: int) -> list[tuple[Position, list[tuple[Turn, Position]]]]:
    """Each position of a random game from ``ruleset``'s start, with its successors (each turn and
    the position after it), choosing a chapter action six times in ten when there is one."""
    out: list[tuple[Position, list[tuple[Turn, Position]]]] = []
    position = start_position(ruleset)
    for _ in range(plies):
        if position.winner is not None:
            break
        turns = successors(position, ruleset)
        out.append((position, turns))
        special = [t for t in turns if _is_chapter_turn(t[0])]
        position = rng.choice(special if special and rng.random() < 0.6 else turns)[1]
    return out
