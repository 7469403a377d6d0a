"""An independent Z3 model of the Growth rules, its theorems, and its
differential check against the engine.

The model never imports the oracle's rules.  It describes two slices of a
Growth position, which are all that one Growth action can change:

* a **line**: the squares ahead of a moving copy, up to the wall (one to three
  squares), each holding nothing, a copy, a shrub, a standing tree or a fallen
  tree, and maybe a seed.  A Move into the line is modelled as a symbolic
  execution of the push resolution (OBJECTS.PUSH, OBJECTS.IMMOVABLE,
  GROWTH.FALL, GROWTH.FALL.BLOCKED), which also raises a flag whenever it would
  put a solid thing on a square that still holds one;
* a **column**: one square on the three eras, with whether a fallen tree in
  the future has its root there.  Plant and Dig up on one era are modelled
  with their growth and cascade on the later eras (GROWTH.PLANT, GROWTH.DIG,
  GROWTH.GROW and the two cascade clauses).

Theorems are proved for every valid slice; the differential check evaluates
the model on slices cut from random Growth positions and compares it with what
the engine does there.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import z3

EMPTY, WHITE, BLACK, SHRUB, TREE, FALLEN = range(6)
KIND_NAMES = ("empty", "white", "black", "shrub", "tree", "fallen")
ERAS = 3

Term = Any  # z3 has no type information


def is_copy(k: Term) -> Term:
    return z3.Or(k == WHITE, k == BLACK)


def is_object(k: Term) -> Term:
    return z3.And(k >= SHRUB, k <= FALLEN)


# --- the line -------------------------------------------------------------------------------


@dataclass
class Line:
    """Symbolic contents of the squares ahead of the mover, nearest first."""

    kinds: list[Term]
    seeds: list[Term]
    conflict: Term  # a solid thing was put on a square that still held one

    def copy(self) -> Line:
        return Line(list(self.kinds), list(self.seeds), self.conflict)


def merge(cond: Term, a: Line, b: Line) -> Line:
    return Line([z3.If(cond, x, y) for x, y in zip(a.kinds, b.kinds, strict=True)],
                [z3.If(cond, x, y) for x, y in zip(a.seeds, b.seeds, strict=True)],
                z3.If(cond, a.conflict, b.conflict))


def immovable(line: Line, i: int) -> Term:
    """Whether what is at ``i`` stays put when entered from behind: the wall,
    a shrub, a fallen tree, or a standing tree that cannot fall."""
    if i >= len(line.kinds):
        return z3.BoolVal(True)
    k = line.kinds[i]
    return z3.Or(k == SHRUB, k == FALLEN, z3.And(k == TREE, z3.Not(can_fall(line, i))))


def can_fall(line: Line, i: int) -> Term:
    return z3.And(i + 1 < len(line.kinds), z3.Not(immovable(line, i + 1)))


def put(line: Line, i: int, kind: int | Term) -> None:
    """Put a solid ``kind`` on ``i``, flagging a conflict if a solid is still there."""
    line.conflict = z3.Or(line.conflict, line.kinds[i] != EMPTY)
    line.kinds[i] = z3.IntVal(kind) if isinstance(kind, int) else kind


def fall(line: Line, i: int) -> Line:
    """The tree on ``i`` falls onto ``i + 1``: a tree there falls first; a copy
    there is crushed; a seed there is removed; the root ``i`` is left empty."""
    t = i + 1
    out = merge(line.kinds[t] == TREE, fall(line, t) if t + 1 < len(line.kinds) else line, line)
    out = out.copy()
    out.kinds[t] = z3.If(is_copy(out.kinds[t]), z3.IntVal(EMPTY), out.kinds[t])  # crushed
    out.seeds[t] = z3.BoolVal(False)
    put(out, t, FALLEN)
    out.kinds[i] = z3.IntVal(EMPTY)
    return out


def push(line: Line, i: int) -> Line:
    """The copy on ``i`` is pushed one square further."""
    colour = line.kinds[i]
    t = i + 1
    gone = line.copy()
    gone.kinds[i] = z3.IntVal(EMPTY)
    if t >= len(line.kinds):
        return gone  # crushed against the wall
    paradox = gone.copy()
    paradox.kinds[t] = z3.IntVal(EMPTY)
    chain = push(line, t) if t + 1 <= len(line.kinds) else line
    felled = fall(line, t) if t + 1 < len(line.kinds) else line
    moved = []
    for before in (chain, felled, line):
        after = before.copy()
        after.kinds[i] = z3.IntVal(EMPTY)
        put(after, t, colour)
        moved.append(after)
    k = line.kinds[t]
    return merge(immovable(line, t), gone,
                 merge(k == colour, paradox,
                       merge(is_copy(k), moved[0],
                             merge(k == TREE, moved[1], moved[2]))))


@dataclass(frozen=True)
class MoveModel:
    """A Move into a line of ``length`` squares by a copy of colour ``mover``."""

    length: int
    mover: Term
    before: Line
    legal: Term
    after: Line


@cache
def move_model(length: int) -> MoveModel:
    kinds = [z3.Int(f"k{i}") for i in range(length)]
    seeds = [z3.Bool(f"s{i}") for i in range(length)]
    mover = z3.Int("mover")
    line = Line(kinds, seeds, z3.BoolVal(False))
    legal = z3.And(kinds[0] != mover, z3.Not(immovable(line, 0)))
    pushed = push(line, 0)
    felled = fall(line, 0) if length > 1 else line
    entered = merge(is_copy(kinds[0]), pushed, merge(kinds[0] == TREE, felled, line)).copy()
    put(entered, 0, mover)
    return MoveModel(length, mover, line, legal, entered)


def valid_line(m: MoveModel) -> Term:
    """The pre-state is a valid slice: each square one kind, seeds only alone or under a copy."""
    return z3.And(z3.Or(m.mover == WHITE, m.mover == BLACK),
                  *[z3.And(k >= EMPTY, k <= FALLEN) for k in m.before.kinds],
                  *[z3.Implies(s, z3.Not(is_object(k))) for k, s in zip(m.before.kinds, m.before.seeds, strict=True)])


# --- the column -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    kinds: tuple[Term, ...]  # past, present, future
    seeds: tuple[Term, ...]
    rooted: Term  # a fallen tree in the future has its root on this square


def column(prefix: str) -> Column:
    return Column(tuple(z3.Int(f"{prefix}k{e}") for e in range(ERAS)),
                  tuple(z3.Bool(f"{prefix}s{e}") for e in range(ERAS)), z3.Bool(f"{prefix}rooted"))


def valid_column(c: Column) -> Term:
    return z3.And(
        *[z3.And(k >= EMPTY, k <= FALLEN) for k in c.kinds],
        *[z3.Implies(s, z3.Not(is_object(k))) for k, s in zip(c.kinds, c.seeds, strict=True)],
        c.kinds[0] < SHRUB, c.kinds[1] <= SHRUB,
    )


def empty(c: Column, e: int) -> Term:
    return z3.And(c.kinds[e] == EMPTY, z3.Not(c.seeds[e]))


def plant(c: Column, era: int) -> tuple[Term, Column]:
    """Plant on ``era``: legal when no seed and no object is there; a shrub grows
    on the next era if it is empty, and then a tree on the era after if empty."""
    legal = z3.And(z3.Not(c.seeds[era]), z3.Not(is_object(c.kinds[era])))
    kinds, seeds = list(c.kinds), list(c.seeds)
    seeds[era] = z3.BoolVal(True)
    if era + 1 < ERAS:
        shrub = empty(c, era + 1)
        kinds[era + 1] = z3.If(shrub, z3.IntVal(SHRUB), kinds[era + 1])
        if era + 2 < ERAS:
            kinds[era + 2] = z3.If(z3.And(shrub, empty(c, era + 2)), z3.IntVal(TREE), kinds[era + 2])
    return legal, Column(tuple(kinds), tuple(seeds), c.rooted)


def dig(c: Column, era: int) -> tuple[Term, Column]:
    """Dig up on ``era``: legal on a seed; the shrub on the next era goes, and if
    it did, the tree (standing, or fallen and rooted here) on the era after."""
    legal = c.seeds[era]
    kinds, seeds, rooted = list(c.kinds), list(c.seeds), c.rooted
    seeds[era] = z3.BoolVal(False)
    if era + 1 < ERAS:
        shrub = c.kinds[era + 1] == SHRUB
        kinds[era + 1] = z3.If(shrub, z3.IntVal(EMPTY), kinds[era + 1])
        if era + 2 < ERAS:
            tree = z3.And(shrub, c.kinds[era + 2] == TREE)
            kinds[era + 2] = z3.If(tree, z3.IntVal(EMPTY), kinds[era + 2])
            rooted = z3.If(z3.And(shrub, z3.Not(tree)), z3.BoolVal(False), rooted)
    return legal, Column(tuple(kinds), tuple(seeds), rooted)


# --- theorems -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GrowthTheorem:
    name: str
    rules: tuple[str, ...]
    statement: str
    counterexamples: Callable[[], tuple[Term, ...]]  # each satisfiable one is a counterexample


def _growth_onto_empty() -> tuple[Term, ...]:
    """Stated from the column before and after, with its own reading of "occupied" (a copy, an object or a
    seed there), not the model's `empty`."""
    out = []
    for era in range(ERAS):
        c = column("c")
        legal, after = plant(c, era)
        occupied = [z3.Or(c.kinds[k] != EMPTY, c.seeds[k]) for k in range(ERAS)]
        placed = z3.Or([z3.And(after.kinds[k] != c.kinds[k], occupied[k]) for k in range(era + 1, ERAS)])
        seed_under = z3.Or([z3.And(after.seeds[k], is_object(after.kinds[k])) for k in range(ERAS)])
        out.append(z3.And(valid_column(c), legal, z3.Or(placed, seed_under)))
    return tuple(out)


def _dig_leaves_no_tree() -> tuple[Term, ...]:
    c = column("c")
    legal, after = dig(c, 0)
    # One seed's shrub and tree: a standing tree and a fallen tree rooted on the same square cannot both
    # have grown from it (the model allows such hand-made columns, where the cascade takes the standing one).
    one_tree = z3.Not(z3.And(c.kinds[2] == TREE, c.rooted))
    grown = z3.And(c.kinds[1] == SHRUB, z3.Or(c.kinds[2] == TREE, c.rooted), one_tree)
    left = z3.Or(after.kinds[1] == SHRUB, after.kinds[2] == TREE, after.rooted)
    return (z3.And(valid_column(c), legal, grown, left),)


def _count(kinds: list[Term], *wanted: int) -> Term:
    return z3.Sum([z3.If(z3.Or([k == w for w in wanted]), 1, 0) for k in kinds])


def _push_one_solid() -> tuple[Term, ...]:
    """The model's collision flag, and, independently of it, counts from the line before and after: every
    shrub and every tree (standing or fallen) is still on the line, and no seed lies under an object."""
    out = []
    for length in (1, 2, 3):
        m = move_model(length)
        bad_seed = z3.Or([z3.And(s, is_object(k)) for k, s in zip(m.after.kinds, m.after.seeds, strict=True)])
        lost = z3.Or(_count(m.after.kinds, SHRUB) != _count(m.before.kinds, SHRUB),
                     _count(m.after.kinds, TREE, FALLEN) != _count(m.before.kinds, TREE, FALLEN))
        out.append(z3.And(valid_line(m), m.legal, z3.Or(m.after.conflict, bad_seed, lost)))
    return tuple(out)


GROWTH_THEOREMS: tuple[GrowthTheorem, ...] = (
    GrowthTheorem("growth-only-onto-empty-squares", ("GROWTH.GROW", "GROWTH.SHRUB-GROWS", "GROWTH.TREE-GROWS"),
                  "Planting on any era never places a shrub or tree on a square holding a copy, seed or object, and"
                  " never leaves a seed under an object.",
                  _growth_onto_empty),
    GrowthTheorem("dig-leaves-no-tree-without-its-seed", ("GROWTH.DIG", "GROWTH.CASCADE.SHRUB", "GROWTH.CASCADE.TREE"),
                  "Digging up a past seed whose shrub and tree grew leaves no shrub, no tree and no fallen tree"
                  " rooted on its square.", _dig_leaves_no_tree),
    GrowthTheorem("push-never-stacks-solids", ("OBJECTS.PUSH", "GROWTH.FALL", "GROWTH.FALL.BLOCKED"),
                  "A legal Move, with every push and fall it causes, never puts a solid thing on a square that"
                  " still holds one, removes no shrub or tree, and leaves no seed under an object.", _push_one_solid),
)


@dataclass(frozen=True)
class GrowthResult:
    theorem: GrowthTheorem
    proved: bool
    seconds: float
    counterexample: str


def prove_growth(theorem: GrowthTheorem) -> GrowthResult:
    started = time.perf_counter()
    for formula in theorem.counterexamples():
        solver = z3.Solver()
        solver.add(formula)
        if solver.check() != z3.unsat:
            model = solver.model() if solver.check() == z3.sat else None
            return GrowthResult(theorem, False, time.perf_counter() - started, str(model))
    return GrowthResult(theorem, True, time.perf_counter() - started, "")


# --- evaluating the model on concrete slices ------------------------------------------------------


@cache
@cache
def evaluate_move(kinds: tuple[int, ...], seeds: tuple[bool, ...], mover: int
                  ) -> tuple[bool, tuple[int, ...], tuple[bool, ...]]:
    """The model's answer for a concrete line: legal, and the line after."""
    m = move_model(len(kinds))
    subst = [(m.mover, z3.IntVal(mover))]
    subst += [(v, z3.IntVal(k)) for v, k in zip(m.before.kinds, kinds, strict=True)]
    subst += [(v, z3.BoolVal(s)) for v, s in zip(m.before.seeds, seeds, strict=True)]

    def value(term: Term) -> object:
        result = z3.simplify(z3.substitute(term, *subst))
        return z3.is_true(result) if z3.is_bool(result) else result.as_long()

    legal = bool(value(m.legal))
    return (legal, tuple(int(value(k)) for k in m.after.kinds),  # type: ignore[call-overload]
            tuple(bool(value(s)) for s in m.after.seeds))


@cache
@cache
def evaluate_column(action: str, era: int, kinds: tuple[int, ...], seeds: tuple[bool, ...], rooted: bool
                    ) -> tuple[bool, tuple[int, ...], tuple[bool, ...], bool]:
    c = column("e")
    legal, after = (plant if action == "plant" else dig)(c, era)
    subst = [(v, z3.IntVal(k)) for v, k in zip(c.kinds, kinds, strict=True)]
    subst += [(v, z3.BoolVal(s)) for v, s in zip(c.seeds, seeds, strict=True)] + [(c.rooted, z3.BoolVal(rooted))]

    def value(term: Term) -> Term:
        return z3.simplify(z3.substitute(term, *subst))

    return (z3.is_true(value(legal)), tuple(value(k).as_long() for k in after.kinds),
            tuple(z3.is_true(value(s)) for s in after.seeds), z3.is_true(value(after.rooted)))


__all__ = ["GROWTH_THEOREMS", "evaluate_column", "evaluate_move", "prove_growth"]
