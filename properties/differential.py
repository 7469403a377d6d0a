"""The Z3 model checked against the engine, position by position.

For each position, every model of "a legal turn from this position" is
enumerated (each found turn is blocked and the solver asked again), and the
set of (turn, position after it) pairs must equal what
`oracle.games.ttykm.rules.standard.successors` produces.  The positions come from seeded random
play and from Z3 itself (`edge_positions`), which builds the corner cases the
random games rarely reach.

Run ``python -m properties.differential [COUNT]`` for a report.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

import z3

from oracle.games.ttykm.board import Action, Colour, Era
from oracle.games.ttykm.notation import format_position, format_turn
from oracle.games.ttykm.rules.standard import successors
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Turn
from properties import z3model as zm

# --- between the engine's values and the model's -----------------------------------

ACTION_LETTERS = {a.value: a for a in Action}


def to_concrete(position: Position) -> zm.Concrete:
    status = int(position.to_move) if position.to_move is not None else 2 + int(position.winner or 0)
    return zm.Concrete(
        white=frozenset(position.cells_of(Colour.WHITE)),
        black=frozenset(position.cells_of(Colour.BLACK)),
        supply=position.supply,
        removed=position.removed,
        focus=(int(position.focus[0]), int(position.focus[1])),
        status=status,
    )


def to_position(c: zm.Concrete) -> Position:
    return Position(
        copies=(sum(1 << x for x in c.white), sum(1 << x for x in c.black)),
        supply=c.supply,
        removed=c.removed,
        focus=(Era(c.focus[0]), Era(c.focus[1])),
        to_move=Colour(c.status) if c.status < 2 else None,
        winner=Colour(c.status - 2) if c.status >= 2 else None,
    )


def to_turn(t: zm.ConcreteTurn) -> Turn:
    return Turn(
        None if t.chosen is None else t.chosen % zm.SQUARES,
        tuple(ACTION_LETTERS[zm.ACTIONS[a]] for a in t.actions),
        Era(t.focus),
    )


# --- enumeration ------------------------------------------------------------------

Successors = frozenset[tuple[Turn, Position]]


@cache
def _legal_formulas(variants: frozenset[str] = frozenset()) -> tuple[zm.State, zm.TurnVars,
                                                                    tuple[z3.BoolRef, z3.BoolRef]]:
    before, turn, models = zm.symbolic_models(variants)
    return before, turn, (models[0].legal, models[1].legal)


def model_turns(position: Position, variants: frozenset[str] = frozenset()) -> list[zm.ConcreteTurn]:
    """Every model of "a legal turn from ``position``", found one by one: each
    turn found is blocked and the solver asked again until none is left.  The
    position's values are substituted into the symbolic formula first, which
    makes each question small."""
    before, turn, legal = _legal_formulas(variants)
    concrete = to_concrete(position)
    pairs = zm.substitution(before, concrete)
    solver = z3.Solver()
    # A won position: neither colour's formula may have a model (TURN.GAME-OVER).
    formulas = legal if concrete.status >= 2 else (legal[concrete.status],)
    solver.add(z3.Or([z3.simplify(z3.substitute(f, *pairs)) for f in formulas]))
    found = []
    while solver.check() == z3.sat:
        t = zm.read_turn(solver.model(), turn)
        found.append(t)
        solver.add(zm.block(turn, t))
    return found


def model_successors(position: Position, variants: frozenset[str] = frozenset()) -> Successors:
    """Every legal turn by the Z3 model (under ``variants``, a subset of `z3model.VARIANTS`),
    with the position the model says it leads to (`z3model.play` on the position's values)."""
    concrete = to_concrete(position)
    state = zm.constant(concrete)
    mover = concrete.status % 2
    acted: dict[tuple[int | None, tuple[int, ...]], zm.State] = {}
    out = set()
    self_push = bool(variants & set(zm.SELF_PUSH))
    for t in model_turns(position, variants):
        key = (t.chosen, t.actions)
        if key not in acted:
            acted[key] = zm.play(state, mover, t.chosen, t.actions, self_push)
        after = zm.finish(acted[key], mover, z3.IntVal(t.focus))
        out.add((to_turn(t), to_position(zm.read(None, after))))
    return frozenset(out)


def engine_successors(position: Position, variants: frozenset[str] = frozenset()) -> Successors:
    return frozenset(successors(position, Ruleset(variants) if variants else STANDARD))


def differences(position: Position, engine: Callable[[Position], Successors] = engine_successors,
                variants: frozenset[str] = frozenset()) -> list[str]:
    """What the model and the engine disagree on, one line per differing turn (under ``variants``:
    ``engine`` is then asked with the variants too)."""
    ours = model_successors(position, variants)
    theirs = engine(position) if not variants else engine_successors(position, variants)
    lines = []
    for turn, after in sorted(ours - theirs, key=lambda x: format_turn(x[0])):
        other = [a for t, a in theirs if t == turn]
        what = f"the engine gives {format_position(other[0])}" if other else "the engine calls it illegal"
        lines.append(f"{format_turn(turn)}: the model gives {format_position(after)}; {what}")
    for turn, after in sorted(theirs - ours, key=lambda x: format_turn(x[0])):
        if any(t == turn for t, _ in ours):
            continue  # reported above
        lines.append(f"{format_turn(turn)}: the engine gives {format_position(after)}; the model calls it illegal")
    return lines


# --- the positions ------------------------------------------------------------------


def play_positions(count: int, seed: int = 2026) -> list[Position]:
    """Positions reached by seeded random play from the start (a game is
    restarted when it is won; won positions are kept too)."""
    rng = random.Random(seed)
    out: list[Position] = []
    position = Position.start()
    while len(out) < count:
        out.append(position)
        options = successors(position)
        if not options:
            position = Position.start()
            continue
        position = rng.choice(options)[1]
    return out


@dataclass(frozen=True)
class EdgeCase:
    """A kind of position the random games rarely reach, as a Z3 constraint on
    a symbolic position ``s`` whose player to move is ``mover``."""

    name: str
    constraint: Callable[[zm.State, int], z3.BoolRef]


def _full_line(s: zm.State, mover: int) -> z3.BoolRef:
    """A copy of the mover on the Focus era at the end of a line whose other
    three squares are all occupied, the first by the opponent: a push runs the
    whole line."""
    cases = []
    for cell in range(zm.CELLS):
        for d in zm.MOVES:
            line = zm.ray(cell, d)
            if len(line) == 3:
                cases.append(z3.And(
                    s.has(mover, cell), s.focus[mover] == cell // zm.SQUARES, s.has(1 - mover, line[0]),
                    *[z3.Not(s.empty(x)) for x in line[1:]],
                ))
    return z3.Or(cases)


def _supply_exhausted(s: zm.State, mover: int) -> z3.BoolRef:
    """No copy left in supply, with a copy on a Focus era that Travel backward could leave."""
    return z3.And(s.supply[mover] == 0, z3.Or([z3.And(s.focus[mover] == e, s.on_era(mover, e)) for e in (1, 2)]))


def _corner(s: zm.State, mover: int) -> z3.BoolRef:
    """The mover's copies on the Focus era sit in corners, hemmed in."""
    cases = []
    for era in range(zm.ERAS):
        base = era * zm.SQUARES
        corners = [base + x for x in (0, 3, 12, 15)]
        cases.append(z3.And(
            s.focus[mover] == era, z3.Or([s.has(mover, c) for c in corners]),
            *[z3.Not(s.has(mover, base + x)) for x in range(zm.SQUARES) if base + x not in corners],
            z3.Sum([z3.If(s.empty(base + x), 0, 1) for x in range(zm.SQUARES)]) >= 6,
        ))
    return z3.Or(cases)


def _focus_empty(s: zm.State, mover: int) -> z3.BoolRef:
    return z3.And([z3.Implies(s.focus[mover] == e, z3.Not(s.on_era(mover, e))) for e in range(zm.ERAS)])


def _one_era(s: zm.State, mover: int) -> z3.BoolRef:
    return z3.Or(s.eras(mover) == 1, s.eras(1 - mover) == 1)


def _crowded(s: zm.State, mover: int) -> z3.BoolRef:
    """Every copy on the board and both Foci on the same crowded era."""
    return z3.And(s.count(0) == 7, s.count(1) == 7, s.focus[0] == s.focus[1],
                  z3.Or([z3.Sum([z3.If(s.empty(e * 16 + x), 0, 1) for x in range(16)]) >= 9 for e in range(3)]))


def _near_win(s: zm.State, mover: int) -> z3.BoolRef:
    """The opponent on exactly two eras, one of them with a single copy."""
    opp = 1 - mover
    return z3.And(s.eras(opp) == 2, z3.Or([
        z3.Sum([z3.If(s.has(opp, e * 16 + x), 1, 0) for x in range(16)]) == 1 for e in range(3)
    ]))


EDGE_CASES: tuple[EdgeCase, ...] = (
    EdgeCase("full push chain on a line", _full_line),
    EdgeCase("supply exhausted", _supply_exhausted),
    EdgeCase("copies in corners", _corner),
    EdgeCase("Focus on an empty era", _focus_empty),
    EdgeCase("a player on one era", _one_era),
    EdgeCase("every copy on the board", _crowded),
    EdgeCase("one push from a win", _near_win),
)


def edge_positions(per_case: int, seed: int = 7) -> list[tuple[str, Position]]:
    """``per_case`` distinct valid positions for each edge case, found by Z3.
    Random hints (a few squares' contents, the supplies) spread them out; a
    hint that makes the case impossible is dropped."""
    rng = random.Random(seed)
    s = zm.fresh_state("e")
    out: list[tuple[str, Position]] = []
    for case in EDGE_CASES:
        solver = z3.Solver()
        solver.add(zm.valid(s))
        found = 0
        tries = 0
        while found < per_case and tries < per_case * 4:
            tries += 1
            mover = rng.randrange(2)
            hints = [s.status == mover]
            for cell in rng.sample(range(zm.CELLS), 6):
                hints.append(s.copies[rng.randrange(2)][cell] == (rng.random() < 0.5))
            hints.append(s.supply[rng.randrange(2)] == rng.randrange(5))
            hints.append(s.focus[1 - mover] == rng.randrange(3))
            solver.push()
            solver.add(case.constraint(s, mover), *hints)
            result = solver.check()
            model = solver.model() if result == z3.sat else None
            solver.pop()
            if model is None:
                continue
            concrete = zm.read(model, s)
            solver.add(z3.Not(zm.pin(s, concrete)))
            out.append((case.name, to_position(concrete)))
            found += 1
    return out


def quick_profile() -> bool:
    """True under the quick developer profile (HYPOTHESIS_PROFILE=dev), which
    checks fewer positions; the default (CI) profile checks more than 500."""
    return os.environ.get("HYPOTHESIS_PROFILE") == "dev"


def differential_positions(play: int = 360, per_case: int = 24) -> list[tuple[str, Position]]:
    """The positions of the differential check: seeded play, then Z3's edge cases."""
    return [("random play", p) for p in play_positions(play)] + edge_positions(per_case)


def profile_positions() -> list[tuple[str, Position]]:
    """The differential check's positions for the current profile."""
    return differential_positions(90, 6) if quick_profile() else differential_positions()


def run(positions: list[tuple[str, Position]], engine: Callable[[Position], Successors] = engine_successors,
        progress: bool = False) -> Iterator[tuple[str, Position, list[str]]]:
    """Yield (kind, position, differences) for each position that disagrees."""
    for index, (kind, position) in enumerate(positions, start=1):
        if progress and index % 50 == 0:
            print(f"  {index}/{len(positions)} positions", file=sys.stderr, flush=True)
        diff = differences(position, engine)
        if diff:
            yield kind, position, diff


def main(argv: list[str]) -> int:
    start = time.perf_counter()
    positions = differential_positions()
    made = time.perf_counter() - start
    failures = list(run(positions, progress=True))
    total = time.perf_counter() - start
    kinds: dict[str, int] = {}
    for kind, _ in positions:
        kinds[kind] = kinds.get(kind, 0) + 1
    for kind, n in kinds.items():
        print(f"{n:5d}  {kind}")
    print(f"{len(positions)} positions ({made:.1f} s to make them), {len(failures)} disagree, {total:.1f} s in all")
    for kind, position, diff in failures[:10]:
        print(f"\n{kind}: {format_position(position)}")
        for line in diff:
            print(f"  {line}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
