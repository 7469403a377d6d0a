"""An independent Z3 model of Memory's elephants, hats, Train and Command.

It never imports `oracle`: it is written from spec/ttykm/memory.md alone, so
that the theorems (`MEMORY_THEOREMS`) are about the rules, and the
differential check (`properties.memory_differential`) compares it with the
engine action by action.

The model keeps what the two Memory actions read and write: on each era e
(0 past, 1 present, 2 future) the square of the dark (0) and light (1)
elephant, the hat each wears (0 none, 1 White, 2 Black), and which squares
hold a White or a Black copy.  The era of the action is symbolic, so a
statement "for every era before the acting era" is a real quantification,
not a loop that skips those eras.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

ERAS = 3
SQUARES = 16
NONE, WHITE, BLACK = 0, 1, 2
DIRECTIONS = ("N", "E", "S", "W")


@dataclass(frozen=True)
class Memory:
    """The elephant layer of a position: ``square[e][j]``, ``hat[e][j]`` and
    ``copy[colour][e][s]`` (colour 1 White, 2 Black)."""

    square: tuple[tuple[z3.ArithRef, z3.ArithRef], ...]
    hat: tuple[tuple[z3.ArithRef, z3.ArithRef], ...]
    copy: dict[int, tuple[tuple[z3.BoolRef, ...], ...]]


def masks(name: str) -> dict[int, z3.BitVecRef]:
    """The copies of each colour as a 48-bit mask, bit ``era * 16 + square``."""
    return {c: z3.BitVec(f"{name}_copies_{c}", ERAS * SQUARES) for c in (WHITE, BLACK)}


def symbolic(name: str) -> Memory:
    bits = masks(name)
    return Memory(
        tuple((z3.Int(f"{name}_sq_{e}_0"), z3.Int(f"{name}_sq_{e}_1")) for e in range(ERAS)),
        tuple((z3.Int(f"{name}_hat_{e}_0"), z3.Int(f"{name}_hat_{e}_1")) for e in range(ERAS)),
        {c: tuple(tuple(z3.Extract(e * SQUARES + s, e * SQUARES + s, bits[c]) == 1 for s in range(SQUARES))
                  for e in range(ERAS)) for c in (WHITE, BLACK)},
    )


def mask_of(m: Memory, colour: int) -> z3.ArithRef:
    """The copies of ``colour`` as one integer, bit ``era * 16 + square``."""
    return z3.Sum([z3.If(m.copy[colour][e][s], 1 << (e * SQUARES + s), 0)
                   for e in range(ERAS) for s in range(SQUARES)])


def copy_at(m: Memory, colour: z3.ArithRef, era: z3.ArithRef, square: z3.ArithRef) -> z3.BoolRef:
    """A copy of ``colour`` (symbolic: 1 White, 2 Black) on ``square`` of ``era``."""
    return z3.Or([z3.And(colour == c, era == e, square == s, m.copy[c][e][s])
                  for c in (WHITE, BLACK) for e in range(ERAS) for s in range(SQUARES)])


def any_copy_at(m: Memory, e: int, square: z3.ArithRef) -> z3.BoolRef:
    return z3.Or([z3.And(square == s, z3.Or(m.copy[WHITE][e][s], m.copy[BLACK][e][s])) for s in range(SQUARES)])


def valid(m: Memory) -> z3.BoolRef:
    """MEMORY.VALID: one dark and one light elephant per era on distinct squares
    free of copies, hats in range, at most one hat per player per era, and no
    square with two copies."""
    facts = []
    for e in range(ERAS):
        for j in (0, 1):
            facts += [m.square[e][j] >= 0, m.square[e][j] < SQUARES, m.hat[e][j] >= NONE, m.hat[e][j] <= BLACK]
            facts.append(z3.Not(any_copy_at(m, e, m.square[e][j])))
        facts.append(m.square[e][0] != m.square[e][1])
        facts += [z3.Not(z3.And(m.hat[e][0] == c, m.hat[e][1] == c)) for c in (WHITE, BLACK)]
        facts += [z3.Not(z3.And(m.copy[WHITE][e][s], m.copy[BLACK][e][s])) for s in range(SQUARES)]
    return z3.And(facts)


def step(square: z3.ArithRef, d: int) -> tuple[z3.BoolRef, z3.ArithRef]:
    """(on the board, the square one step from ``square`` in direction ``d``)."""
    if d == 0:
        return square < 12, square + 4
    if d == 1:
        return square % 4 != 3, square + 1
    if d == 2:
        return square >= 4, square - 4
    return square % 4 != 0, square - 1


def adjacent(a: z3.ArithRef, b: z3.ArithRef) -> z3.BoolRef:
    return z3.Or([z3.And(on, b == t) for on, t in (step(a, d) for d in range(4))])


def pick(pairs: tuple[tuple[z3.ArithRef, z3.ArithRef], ...], era: z3.ArithRef, j: z3.ArithRef) -> z3.ArithRef:
    """``pairs[era][j]`` for a symbolic era and elephant."""
    value: z3.ArithRef = pairs[0][0]
    for e in range(ERAS):
        for k in (0, 1):
            value = z3.If(z3.And(era == e, j == k), pairs[e][k], value)
    return value


@dataclass(frozen=True)
class Action:
    """One Memory action: ``player`` (1 or 2) with the copy on ``active`` of era
    ``era``; Train aims at elephant ``elephant``, Command steps ``direction``."""

    player: z3.ArithRef
    era: z3.ArithRef
    active: z3.ArithRef
    elephant: z3.ArithRef
    direction: z3.ArithRef


def symbolic_action(name: str) -> Action:
    return Action(z3.Int(f"{name}_player"), z3.Int(f"{name}_era"), z3.Int(f"{name}_active"),
                  z3.Int(f"{name}_elephant"), z3.Int(f"{name}_direction"))


def well_formed(a: Action) -> z3.BoolRef:
    return z3.And(z3.Or(a.player == WHITE, a.player == BLACK), a.era >= 0, a.era < ERAS, a.active >= 0,
                  a.active < SQUARES, z3.Or(a.elephant == 0, a.elephant == 1), a.direction >= 0, a.direction < 4)


def can_train(m: Memory, a: Action) -> z3.BoolRef:
    """MEMORY.TRAIN.REACH and MEMORY.TRAIN.OWN-HAT."""
    return z3.And(well_formed(a), copy_at(m, a.player, a.era, a.active),
                  adjacent(a.active, pick(m.square, a.era, a.elephant)), pick(m.hat, a.era, a.elephant) != a.player)


def train(m: Memory, a: Action, r2: bool = False) -> Memory:
    """MEMORY.TRAIN, .HAT and .LATER (R1), or VARIANT.TRAIN-PROPAGATION-R2.

    ``got[e]``: the trained elephant's version on era e gets the hat.  R1: the
    acting era, then each later era while its version was wild.  R2: the
    acting era and the next always, the one after only if the next was wild."""
    got: list[z3.BoolRef] = []
    hats = []
    for e in range(ERAS):
        mine = z3.If(a.elephant == 0, m.hat[e][0], m.hat[e][1])
        earlier = got[e - 1] if e else z3.BoolVal(False)
        if r2:
            before_wild = (z3.If(a.elephant == 0, m.hat[e - 1][0], m.hat[e - 1][1]) == NONE) if e else z3.BoolVal(False)
            later = z3.Or(z3.And(a.era == e - 1, earlier), z3.And(a.era < e - 1, earlier, before_wild))
        else:
            later = z3.And(a.era < e, earlier, mine == NONE)
        got.append(z3.Or(a.era == e, later))
        row = []
        for j in (0, 1):
            trained = z3.And(got[e], a.elephant == j)
            partner = z3.And(got[e], a.elephant != j, m.hat[e][j] == a.player)
            row.append(z3.If(trained, a.player, z3.If(partner, NONE, m.hat[e][j])))
        hats.append((row[0], row[1]))
    return Memory(m.square, tuple(hats), m.copy)


def commanded(m: Memory, a: Action) -> z3.ArithRef:
    """The elephant wearing the player's hat on the acting era (MEMORY.COMMAND.WHICH): 0, 1, or -1."""
    return z3.If(pick(m.hat, a.era, z3.IntVal(0)) == a.player, 0,
                 z3.If(pick(m.hat, a.era, z3.IntVal(1)) == a.player, 1, -1))


def command_target(m: Memory, a: Action) -> tuple[z3.BoolRef, z3.ArithRef]:
    j = commanded(m, a)
    source = pick(m.square, a.era, j)
    on = z3.BoolVal(False)
    target: z3.ArithRef = z3.IntVal(-1)
    for d in range(4):
        ok, t = step(source, d)
        on = z3.If(a.direction == d, ok, on)
        target = z3.If(a.direction == d, t, target)
    return on, target


def can_command(m: Memory, a: Action) -> z3.BoolRef:
    """MEMORY.COMMAND.WHICH and MEMORY.COMMAND.STEP."""
    j = commanded(m, a)
    on, target = command_target(m, a)
    other = pick(m.square, a.era, 1 - j)
    return z3.And(well_formed(a), copy_at(m, a.player, a.era, a.active), j >= 0, on, target != other)


def command(m: Memory, a: Action) -> Memory:
    """MEMORY.COMMAND and MEMORY.TRAMPLE: the elephant steps; a copy there is removed."""
    j = commanded(m, a)
    _, target = command_target(m, a)
    squares = tuple(
        tuple(z3.If(z3.And(a.era == e, j == k), target, m.square[e][k]) for k in (0, 1)) for e in range(ERAS))
    copies = {c: tuple(tuple(z3.And(m.copy[c][e][s], z3.Not(z3.And(a.era == e, target == s)))
                             for s in range(SQUARES)) for e in range(ERAS)) for c in (WHITE, BLACK)}
    return Memory(squares, m.hat, copies)


def same_era(x: Memory, y: Memory, e: int) -> z3.BoolRef:
    return z3.And([x.square[e][j] == y.square[e][j] for j in (0, 1)] + [x.hat[e][j] == y.hat[e][j] for j in (0, 1)]
                  + [x.copy[c][e][s] == y.copy[c][e][s] for c in (WHITE, BLACK) for s in range(SQUARES)])


# --- theorems ----------------------------------------------------------------------------


@dataclass(frozen=True)
class MemoryTheorem:
    name: str
    rules: tuple[str, ...]
    statement: str
    counterexample: z3.BoolRef  # satisfiable exactly when the theorem is false


def _theorems() -> tuple[MemoryTheorem, ...]:
    m, a = symbolic("m"), symbolic_action("a")
    before = valid(m)
    earlier_kept = [z3.Or(a.era <= e, same_era(m, trained, e))
                    for trained in (train(m, a), train(m, a, r2=True)) for e in range(ERAS)]
    after_command = command(m, a)
    moved_wild = z3.Or([z3.And(a.era == e, after_command.square[e][j] != m.square[e][j], m.hat[e][j] != a.player)
                        for e in range(ERAS) for j in (0, 1)])
    return (
        MemoryTheorem(
            "training-never-changes-an-earlier-era", ("MEMORY.TRAIN.LATER", "VARIANT.TRAIN-PROPAGATION-R2"),
            "after a legal Train on era e, under R1 or R2, every era before e is unchanged",
            z3.And(before, can_train(m, a), z3.Not(z3.And(earlier_kept)))),
        MemoryTheorem(
            "training-keeps-one-hat-per-era", ("MEMORY.TRAIN.HAT", "MEMORY.HATS"),
            "after a legal Train, under R1 or R2, the position is still valid",
            z3.And(before, can_train(m, a), z3.Not(z3.And(valid(train(m, a)), valid(train(m, a, r2=True)))))),
        MemoryTheorem(
            "no-command-onto-the-other-elephant", ("MEMORY.COMMAND.STEP",),
            "after a legal Command the two elephants of every era stand on different squares (and the"
            " position is valid)",
            z3.And(before, can_command(m, a), z3.Not(valid(after_command)))),
        MemoryTheorem(
            "a-wild-elephant-never-moves", ("MEMORY.COMMAND.WHICH",),
            "a legal Command moves only the elephant that wears the player's hat",
            z3.And(before, can_command(m, a), moved_wild)),
        MemoryTheorem(
            "a-command-changes-its-own-era-only", ("MEMORY.COMMAND.NO-PROPAGATION",),
            "after a legal Command every other era is unchanged",
            z3.And(before, can_command(m, a),
                   z3.Not(z3.And([z3.Or(a.era == e, same_era(m, after_command, e)) for e in range(ERAS)])))),
    )


MEMORY_THEOREMS = _theorems()


# The solver's budget, in Z3's resource units rather than milliseconds (the same answer under any load): the
# costliest theorem, no-command-onto-the-other-elephant, takes some 3 million.
RLIMIT = 100_000_000


def prove(theorem: MemoryTheorem) -> z3.ModelRef | None:
    """None when proved; otherwise a counterexample model."""
    solver = z3.Solver()
    solver.set("rlimit", RLIMIT)
    solver.add(theorem.counterexample)
    result = solver.check()
    if result == z3.unsat:
        return None
    if result == z3.sat:
        return solver.model()
    raise RuntimeError(f"{theorem.name}: the solver could not decide ({solver.reason_unknown()})")
