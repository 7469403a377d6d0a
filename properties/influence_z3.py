"""An independent Z3 model of Influence's statue pushes and their propagation
through the eras, the theorems proved on it, and the differential check that
compares it with the engine.

The model never imports the oracle's rules.  A square holds a number: 0
nothing, 1 a White copy, 2 a Black copy, 3 the neutral statue, 4 White's
statue, 5 Black's statue.  A push runs along a *line*: the cells from the
pushed thing to the wall in the push direction.  `push` gives the line after
the thing at index i is pushed one step (front first: what is ahead goes
first), `blocked` whether a statue there cannot move.  A build's copy is
placed on a line through P by `place`.

`propagate_model` is the model of the eras: a statue move in era k is tried
by the same statue (same number) in era k+1 from its own square, the moves of
one era in the order they were made, a version that already moved in this
action skipping its own carried move.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

import z3

EMPTY, WHITE, BLACK, NEUTRAL, WHITE_STATUE, BLACK_STATUE = range(6)
Line = list[z3.ArithRef]
STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
BACK = {"N": "S", "S": "N", "E": "W", "W": "E"}


def is_statue(v: z3.ArithRef) -> z3.BoolRef:
    return v >= NEUTRAL


def is_copy(v: z3.ArithRef) -> z3.BoolRef:
    return z3.Or(v == WHITE, v == BLACK)


def choose(condition: z3.BoolRef, yes: Line, no: Line) -> Line:
    return [z3.If(condition, a, b) for a, b in zip(yes, no, strict=True)]


def blocked(xs: Line, i: int) -> z3.BoolRef:
    """A statue on index i cannot move on: the wall, or a blocked statue, ahead."""
    if i == len(xs) - 1:
        return z3.BoolVal(True)
    return z3.And(is_statue(xs[i + 1]), blocked(xs, i + 1))


def push(xs: Line, i: int) -> Line:
    """The line after the copy or movable statue on index i is pushed one step."""
    v = xs[i]
    zero = z3.IntVal(EMPTY)
    dies = [*xs[:i], zero, *xs[i + 1:]]
    if i == len(xs) - 1:
        return dies  # only a copy reaches the wall: it dies
    w = xs[i + 1]
    step = [*xs[:i], zero, v, *xs[i + 2:]]
    ahead = push(xs, i + 1)
    follow = [*ahead[:i], zero, v, *ahead[i + 2:]]
    paradox = [*xs[:i], zero, zero, *xs[i + 2:]]
    as_copy = choose(z3.And(is_statue(w), blocked(xs, i + 1)), dies,
                     choose(w == v, paradox, choose(w == EMPTY, step, follow)))
    as_statue = choose(w == EMPTY, step, follow)
    return choose(is_copy(v), as_copy, as_statue)


def place(line: Line, j: int, statue: int) -> tuple[Line, z3.ArithRef]:
    """A build's copy placed on index j of a line in the build direction:
    on an empty square; else the occupant pushed on; else a rebound to j - 1
    (its occupant pushed back); else nothing.  Returns the line and the index
    where the copy stands (-1 for none)."""
    v = line[j]
    pushed = push(line, j)
    on_j = [*pushed[:j], z3.IntVal(statue), *pushed[j + 1:]]
    empty = [*line[:j], z3.IntVal(statue), *line[j + 1:]]
    immovable = z3.And(is_statue(v), blocked(line, j))
    if j == 0:
        none = line
        return (choose(v == EMPTY, empty, choose(immovable, none, on_j)),
                z3.If(z3.And(v != EMPTY, immovable), -1, 0))
    back = list(reversed(line[:j]))  # from j - 1 back to the wall
    u = back[0]
    back_blocked = z3.And(is_statue(u), blocked(back, 0))
    pushed_back = push(back, 0)
    rebound = list(reversed([z3.IntVal(statue), *pushed_back[1:]])) + line[j:]
    rebound = choose(u == EMPTY, list(reversed([z3.IntVal(statue), *back[1:]])) + line[j:], rebound)
    target = z3.If(v == EMPTY, j, z3.If(immovable, z3.If(back_blocked, -1, j - 1), j))
    result = choose(v == EMPTY, empty, choose(immovable, choose(back_blocked, line, rebound), on_j))
    return result, target


# --- the eras, concretely ---------------------------------------------------------------------

Board = list[int]  # 16 numbers, a1 b1 c1 d1 a2 ... d4


def line_cells(start: int, direction: str) -> list[int]:
    dx, dy = STEP[direction]
    x, y = start % 4, start // 4
    cells = []
    while 0 <= x < 4 and 0 <= y < 4:
        cells.append(y * 4 + x)
        x, y = x + dx, y + dy
    return cells


def evaluate(expressions: Sequence[z3.ArithRef]) -> list[int]:
    return [z3.simplify(e).as_long() for e in expressions]


@cache
def _symbolic(n: int) -> tuple[Line, z3.BoolRef, Line]:
    xs = _line("v", n)
    return xs, blocked(xs, 0), push(xs, 0)


@cache
def push_line(values: tuple[int, ...]) -> tuple[int, ...] | None:
    """A concrete line after its first thing, a statue, is pushed; None if blocked."""
    xs, is_blocked, pushed = _symbolic(len(values))
    pairs = [(x, z3.IntVal(v)) for x, v in zip(xs, values, strict=True)]
    if z3.is_true(z3.simplify(z3.substitute(is_blocked, *pairs))):
        return None
    return tuple(evaluate([z3.substitute(e, *pairs) for e in pushed]))


def push_statue_on(board: Board, cell: int, direction: str) -> tuple[Board, list[tuple[int, str]]] | None:
    """The board after the statue on ``cell`` is pushed, and the statues that
    moved (front first), or None when it is blocked."""
    cells = line_cells(cell, direction)
    result = push_line(tuple(board[c] for c in cells))
    if result is None:
        return None
    after = list(board)
    for c, v in zip(cells, result, strict=True):
        after[c] = v
    moved = [(board[c], direction) for c in reversed(cells) if board[c] >= NEUTRAL and after[c] != board[c]]
    return after, moved


def propagate_model(eras: list[Board], era: int, cell: int, direction: str) -> tuple[list[Board], bool]:
    """Push the statue on ``cell`` of ``era`` and carry every statue move to
    the later eras.  Returns the eras after, and whether the first push moved."""
    boards = [list(b) for b in eras]
    first = push_statue_on(boards[era], cell, direction)
    if first is None:
        return boards, False
    boards[era], arriving = first
    for k in range(era + 1, len(boards)):
        recorded: list[tuple[int, str]] = []
        moved_here: set[int] = set()
        for statue, d in arriving:
            if statue in moved_here or statue not in boards[k]:
                continue  # spent, or not on this era
            result = push_statue_on(boards[k], boards[k].index(statue), d)
            if result is None:
                continue
            boards[k], moved = result
            moved_here.update(s for s, _ in moved)
            recorded += moved
        arriving = recorded
    return boards, True


# --- theorems ---------------------------------------------------------------------------------


def _line(name: str, n: int) -> Line:
    return [z3.Int(f"{name}{i}") for i in range(n)]


def _valid(xs: Line) -> list[z3.BoolRef]:
    """Each square holds one thing; each statue once."""
    facts = [z3.And(x >= EMPTY, x <= BLACK_STATUE) for x in xs]
    for s in (NEUTRAL, WHITE_STATUE, BLACK_STATUE):
        facts.append(z3.Sum([z3.If(x == s, 1, 0) for x in xs]) <= 1)
    return facts


def prove(claim: z3.BoolRef, facts: Iterable[z3.BoolRef]) -> bool:
    solver = z3.Solver()
    solver.add(*facts)
    solver.add(z3.Not(claim))
    return bool(solver.check() == z3.unsat)


def attempt(xs: Line) -> Line:
    """A push tried on the statue on index 0: the line after it, unchanged when the statue is blocked."""
    return choose(blocked(xs, 0), xs, push(xs, 0))


def carried(now: Line, later: Line) -> Line:
    """INFLUENCE.PROPAGATE between two eras, for one statue's line on each: the version on the later era
    tries the same move only when the version on this era moved.  `propagate_model` applies the same rule
    on concrete boards (a blocked push records no move, so nothing arrives on the next era)."""
    return choose(blocked(now, 0), later, push(later, 0))


def _same(xs: Line, ys: Line) -> z3.BoolRef:
    return z3.And([a == b for a, b in zip(xs, ys, strict=True)])


def theorem_blocked_stops_later_eras(n: int) -> bool:
    """If the push tried on era k leaves era k's line as it was, the next era's line is unchanged too:
    stated from the lines before and after, not from the model's notion of "blocked"."""
    now, later = _line("now", n), _line("later", n)
    facts = [*_valid(now), *_valid(later), is_statue(now[0]), is_statue(later[0])]
    return prove(z3.Implies(_same(attempt(now), now), _same(carried(now, later), later)), facts)


def theorem_push_keeps_earlier_eras(n: int) -> bool:
    """A push changes only its own line from the pushed thing on: the square behind the pushed statue
    (and so, across eras, every earlier era) is unchanged."""
    xs = _line("x", n + 1)
    after = push(xs, 1)
    facts = [*_valid(xs), is_statue(xs[1]), z3.Not(blocked(xs[1:], 0))]
    return prove(after[0] == xs[0], facts)


def theorem_build_places_at_most_one(n: int, j: int) -> bool:
    """A build's copy puts at most one of the builder's statues on an era, and
    removes no other statue."""
    line = _line("l", n)
    after, _ = place(line, j, WHITE_STATUE)
    facts = [*_valid(line), *[x != WHITE_STATUE for x in line]]
    count = z3.Sum([z3.If(x == WHITE_STATUE, 1, 0) for x in after])
    kept = [z3.Sum([z3.If(x == s, 1, 0) for x in after]) == z3.Sum([z3.If(x == s, 1, 0) for x in line])
            for s in (NEUTRAL, BLACK_STATUE)]
    return prove(z3.And(count <= 1, *kept), facts)


def theorem_statues_never_vanish(n: int) -> bool:
    """A push never removes a statue: each statue on the line is still on it."""
    xs = _line("x", n)
    after = push(xs, 0)
    facts = [*_valid(xs), is_statue(xs[0]), z3.Not(blocked(xs, 0))]
    kept = [z3.Sum([z3.If(x == s, 1, 0) for x in after]) == z3.Sum([z3.If(x == s, 1, 0) for x in xs])
            for s in (NEUTRAL, WHITE_STATUE, BLACK_STATUE)]
    return prove(z3.And(kept), facts)


THEOREMS = {
    "a blocked carried move leaves the next era unchanged": lambda: all(
        theorem_blocked_stops_later_eras(n) for n in range(1, 5)),
    "a push never changes a square behind it, so never an earlier era": lambda: all(
        theorem_push_keeps_earlier_eras(n) for n in range(1, 4)),
    "a build places at most one statue per era and removes none": lambda: all(
        theorem_build_places_at_most_one(n, j) for n in range(1, 5) for j in range(n)),
    "a statue is never removed": lambda: all(theorem_statues_never_vanish(n) for n in range(1, 5)),
}
