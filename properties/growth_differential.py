"""The Growth Z3 model (`properties.z3growth`) checked against the engine.

For each Growth position, every copy of the player to move tries every Move
and every Plant and Dig up within reach, through the engine's chapter hooks
(`oracle.games.ttykm.rules.chapters.perform`).  The slice the action can
change (the line ahead of a Move; the column of a Plant or Dig up) is cut
from the position before and after, and the model's answer for that slice
must be the same: legal or not, and what every square holds afterwards.

Run ``python -m properties.growth_differential [COUNT]`` for a report.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator

from oracle.games.ttykm.board import MOVES, NEIGHBOUR, SQUARES, Colour, Era
from oracle.games.ttykm.notation import format_position
from oracle.games.ttykm.objects import Kind
from oracle.games.ttykm.rules import chapters
from oracle.games.ttykm.rules.standard import Illegal
from oracle.games.ttykm.ruleset import STANDARD
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed
from properties import z3growth as zg
from properties.growth_positions import growth_playout_position, random_growth_position

KIND_OF = {Kind.SHRUB: zg.SHRUB, Kind.TREE: zg.TREE, Kind.FALLEN: zg.FALLEN}


def kind_at(p: Position, c: int) -> int:
    occupant = p.occupant(c)
    if occupant is not None:
        return zg.WHITE if occupant is Colour.WHITE else zg.BLACK
    assert p.chapters is not None
    thing = p.chapters.solid(c)
    return zg.EMPTY if thing is None else KIND_OF[thing.kind]


def seed_at(p: Position, c: int) -> bool:
    assert p.chapters is not None
    return bool(p.chapters.seeds >> c & 1)


def rooted_at(p: Position, c: int) -> bool:
    assert p.chapters is not None
    return any(t.root == c for _, t in p.chapters.solids)


def line_cells(active: int, direction_index: int) -> list[int]:
    d = MOVES[direction_index]
    out, square = [], NEIGHBOUR[d][active % SQUARES]
    while square is not None:
        out.append(active - active % SQUARES + square)
        square = NEIGHBOUR[d][square]
    return out


def in_reach(active: int, target: int) -> bool:
    """GROWTH.REACH, from the squares' coordinates: Plant and Dig up aim at the copy's own square or
    one orthogonally next to it, on its era."""
    (a_file, a_rank), (t_file, t_rank) = ((c % 4, c % SQUARES // 4) for c in (active, target))
    return active // SQUARES == target // SQUARES and abs(a_file - t_file) + abs(a_rank - t_rank) <= 1


def differences(p: Position) -> Iterator[str]:
    """Where the model and the engine disagree on ``p``."""
    assert p.to_move is not None and p.chapters is not None
    colour = p.to_move
    mover = zg.WHITE if colour is Colour.WHITE else zg.BLACK
    for active in p.cells_of(colour):
        for index, direction in enumerate(MOVES):
            cells = line_cells(active, index)
            if not cells:
                continue
            kinds = tuple(kind_at(p, c) for c in cells)
            seeds = tuple(seed_at(p, c) for c in cells)
            legal, after_kinds, after_seeds = zg.evaluate_move(kinds, seeds, mover)
            step = chapters.perform(p, colour, active, direction, STANDARD)
            if isinstance(step, Illegal) == legal:
                yield f"{direction.word} from {active}: the model says legal={legal}, the engine {step}"
                continue
            if not legal or isinstance(step, Illegal):
                continue
            q = step.position
            got = (tuple(kind_at(q, c) for c in cells), tuple(seed_at(q, c) for c in cells))
            if got != (after_kinds, after_seeds) or q.occupant(active) is not None:
                yield f"{direction.word} from {active}: the model gives {after_kinds, after_seeds}, the engine {got}"
        era = active // SQUARES
        for target in range(era * SQUARES, (era + 1) * SQUARES):  # every square: the reach is modelled too
            square = target % SQUARES
            column = [e * SQUARES + square for e in Era]
            kinds = tuple(kind_at(p, c) for c in column)
            seeds = tuple(seed_at(p, c) for c in column)
            rooted = rooted_at(p, column[2])
            for letter, action in (("P", "plant"), ("D", "dig")):
                legal, after_kinds, after_seeds, after_rooted = zg.evaluate_column(action, era, kinds, seeds, rooted)
                legal = legal and in_reach(active, target)
                if letter == "P":
                    legal = legal and p.chapters.seed_supply > 0  # the model has no supply
                step = chapters.perform(p, colour, active, Aimed(letter, square), STANDARD)
                if isinstance(step, Illegal) == legal:
                    yield f"{action} {target}: the model says legal={legal}, the engine {step}"
                    continue
                if isinstance(step, Illegal):
                    continue
                q = step.position
                result = (tuple(kind_at(q, c) for c in column), tuple(seed_at(q, c) for c in column),
                          rooted_at(q, column[2]))
                if result != (after_kinds, after_seeds, after_rooted):
                    model = (after_kinds, after_seeds, after_rooted)
                    yield f"{action} {target}: the model gives {model}, the engine {result}"


def positions(count: int, seed: int = 2026) -> list[Position]:
    """``count`` Growth positions not yet won: random objects, and seeded play."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        if len(out) % 5 == 4:
            p = growth_playout_position(rng, rng.randint(2, 12))
        else:
            p = random_growth_position(rng, objects=rng.choice((6, 12, 20)))
        if p.winner is None:
            out.append(p)
    return out


def run(count: int) -> list[tuple[Position, list[str]]]:
    return [(p, diff) for p in positions(count) if (diff := list(differences(p)))]


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 300
    failures = run(count)
    for p, diff in failures[:5]:
        print(format_position(p))
        print("  " + "\n  ".join(diff[:3]))
    print(f"{count - len(failures)} of {count} Growth positions agree")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
