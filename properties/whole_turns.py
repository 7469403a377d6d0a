"""Bounded model checking of whole turns: properties of sequences of turns that no single step shows.

The theorems of `properties.theorems` look at one action or one turn from any
valid position.  These look at every sequence of up to ``depth`` legal turns
(the model's `turn_model`, unrolled) from each of a few positions of the
standard game, and state what must hold along the whole sequence, counted
here cell by cell rather than with the model's own terms:

* ``copies-conserved-over-turns``: after every turn of the sequence each
  player's copies on the board, in supply and removed add up to 7;
* ``no-eighth-copy``: no sequence puts more than 7 copies of a colour on the
  board, nor more than 7 on the board and in supply together, nor takes a
  supply below 0;
* ``wins-only-by-a-last-legal-turn``: a won position is reached only by a legal
  turn whose mover is the winner, from a position nobody had won, with the
  loser on at most one era; and no turn follows it.

Each theorem is proved for the sequences of exactly d turns, for each d from
1 to ``depth``: a game that ends early (a won position has no turn) is then
seen at its own length.  Each theorem has a named break of the model (`BREAKS`) under
which it gets a counterexample, checked by ``properties/test_whole_turns.py``.

The same theorems are also proved over `CI_DEPTH` turns from a few of the positions the solver chose for
the model's boundaries (`BOUNDARY_STARTS`, read from the committed sets under vectors/boundaries/), each
under its ruleset's variants: positions one turn from a crush, a win and a self-push.

    python -m properties.whole_turns [DEPTH]     every theorem from every position (default: 2 turns, 3 from the start)
"""

from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import z3

from oracle.games.ttykm.vector_sets import NAMED_POSITIONS
from properties import z3model as zm

Term = zm.Term

# The positions the sequences start from, named positions of vectors/standard/: the start, and positions one
# or two turns from a crush, an empty supply, every white copy on the board with none in supply, and a win.
START_NAMES = ("start", "chain-to-the-wall", "empty-supply", "one-action-copy", "near-win", "win-mover-on-one-era")
START_POSITIONS: tuple[tuple[str, str], ...] = tuple((n.name, n.text) for name in START_NAMES
                                                     for n in NAMED_POSITIONS if n.name == name)
CI_DEPTH = 2  # the test suite, and `./dev prove` from every position
DEEPER = {"start": 3}  # `./dev prove` goes deeper where the solver answers in seconds
# The solver's budget for one check, in Z3's resource units rather than seconds, so that a loaded machine
# gets the same answer as an idle one, only later (a check of 2 turns takes up to some 30 million).
RLIMIT = 1_000_000_000

# Boundary positions the sequences also start from, (ruleset, boundary) of `properties.boundaries`: one turn
# from a crush against the wall, from a win, and (under self-push=paradox) from a Move onto one's own copy,
# which removes both; the cheapest to prove of those one turn from an event that changes the counts or ends
# the game.  The chapters have no model of a whole turn, so no set of theirs.
BOUNDARY_STARTS: tuple[tuple[str, str], ...] = (
    ("standard", "push-into-the-wall"),
    ("standard", "win"),
    ("self-push=paradox", "onto-own-copy"),
)


@dataclass(frozen=True)
class Unrolled:
    """``depth`` turns from one position: ``states[0]`` is the position, ``states[i]`` the
    position after turn i, ``movers[i - 1]`` who played it and ``turns[i - 1]`` the turn."""

    states: tuple[zm.State, ...]
    movers: tuple[int, ...]
    turns: tuple[zm.TurnVars, ...]
    constraint: Term


def _components(s: zm.State) -> list[Term]:
    return [s.copies[k][c] for k in (0, 1) for c in range(zm.CELLS)] + [*s.supply, *s.removed, *s.focus, s.status]


def _turn_terms(t: zm.TurnVars) -> list[Term]:
    return [t.chosen, t.count, t.first, t.second, t.focus]


def unroll(start: zm.Concrete, depth: int, variants: frozenset[str] = frozenset()) -> Unrolled:
    """The sequences of ``depth`` legal turns from ``start`` under ``variants``: the model's symbolic turn of
    each mover (built once per variant set, `z3model.symbolic_models`) renamed onto each step's fresh
    variables."""
    before, turn, models = zm.symbolic_models(variants)
    states = [zm.constant(start)]
    parts = []
    movers: list[int] = []
    turns: list[zm.TurnVars] = []
    for i in range(1, depth + 1):
        s, t, nxt = states[-1], zm.fresh_turn(f"w{i}t"), zm.fresh_state(f"w{i}")
        pairs = list(zip(_components(before), _components(s), strict=True))
        pairs += list(zip(_turn_terms(turn), _turn_terms(t), strict=True))
        m = models[(start.status + i - 1) % 2]  # TURN.ORDER: the players take turns, White or Black first
        legal = z3.And(z3.substitute(m.legal, *pairs),
                       *[a == z3.substitute(b, *pairs) for a, b in zip(_components(nxt), _components(m.after),
                                                                      strict=True)])
        parts.append(legal)
        states.append(nxt)
        movers.append(m.mover)
        turns.append(t)
    return Unrolled(tuple(states), tuple(movers), tuple(turns), z3.And(parts))


# --- the properties, each counted here, not with the model's terms -------------------------


def board_count(s: zm.State, colour: int) -> Term:
    return z3.Sum([z3.If(s.copies[colour][c], 1, 0) for c in range(zm.CELLS)])


def eras_held(s: zm.State, colour: int) -> Term:
    return z3.Sum([z3.If(z3.Or([s.copies[colour][e * zm.SQUARES + x] for x in range(zm.SQUARES)]), 1, 0)
                   for e in range(zm.ERAS)])


def _conservation_broken(u: Unrolled) -> Term:
    return z3.Or([board_count(s, k) + s.supply[k] + s.removed[k] != zm.COPIES
                  for s in u.states[1:] for k in (0, 1)])


def _eighth_copy(u: Unrolled) -> Term:
    return z3.Or([z3.Or(board_count(s, k) > 7, s.supply[k] < 0, board_count(s, k) + s.supply[k] > 7)
                  for s in u.states[1:] for k in (0, 1)])


def _bad_win(u: Unrolled) -> Term:
    """A turn played from a won position, or a won position its last turn did not make as the rules say."""
    bad = []
    for i in range(1, len(u.states)):
        s, prior, mover = u.states[i], u.states[i - 1], u.movers[i - 1]
        won = s.status >= 2
        rightly = z3.And(prior.status < 2, s.status == 2 + mover, eras_held(s, 1 - mover) <= 1)
        bad.append(z3.Or(prior.status >= 2, z3.And(won, z3.Not(rightly))))
    return z3.Or(bad)


@dataclass(frozen=True)
class WholeTurnTheorem:
    name: str
    rules: tuple[str, ...]
    statement: str
    violated: Callable[[Unrolled], Term]


THEOREMS: tuple[WholeTurnTheorem, ...] = (
    WholeTurnTheorem("copies-conserved-over-turns", ("POSITION.VALID", "REMOVED.PERMANENT", "TRAVEL.BACKWARD.SUPPLY"),
                     "after every turn of any sequence, each player's board + supply + removed is 7",
                     _conservation_broken),
    WholeTurnTheorem("no-eighth-copy", ("POSITION.VALID", "TRAVEL.BACKWARD.SUPPLY"),
                     "no sequence of turns puts an eighth copy of a colour on the board or in play, or empties"
                     " a supply below 0", _eighth_copy),
    WholeTurnTheorem("wins-only-by-a-last-legal-turn", ("WIN.CHECK", "WIN.MOVER-NOT-CHECKED", "TURN.GAME-OVER"),
                     "a won position is reached only by a legal turn of the winner from an unwon position,"
                     " leaving the loser on at most one era, and no turn follows it", _bad_win),
)


@dataclass(frozen=True)
class Result:
    theorem: WholeTurnTheorem
    position: str
    depth: int
    proved: bool
    seconds: float
    counterexample: str  # the start and the turns that break the theorem; "" when proved


def describe(model: z3.ModelRef, u: Unrolled, name: str) -> str:
    """The sequence that breaks a theorem, in the project's notation (printing only)."""
    from oracle.games.ttykm.notation import format_position, format_turn
    from properties.differential import to_position, to_turn

    steps = []
    for mover, turn in zip(u.movers, u.turns, strict=True):
        colour = "white" if mover == zm.WHITE else "black"
        steps.append(f"{colour} {format_turn(to_turn(zm.read_turn(model, turn)))}")
    after = format_position(to_position(zm.read(model, u.states[-1])))
    return f"from {name}: {'; '.join(steps)} -> {after}"


def prove(theorem: WholeTurnTheorem, name: str, text: str, depth: int, rlimit: int = RLIMIT,
          variants: frozenset[str] = frozenset()) -> Result:
    """Look for a sequence of 1 to ``depth`` turns under ``variants`` from the position ``text`` that breaks
    ``theorem``; past ``rlimit`` units of work for one length the solver gives up and the theorem fails."""
    from oracle.games.ttykm.notation import parse_position
    from properties.differential import to_concrete

    started = time.perf_counter()
    start = to_concrete(parse_position(text))
    for length in range(1, depth + 1):
        u = unroll(start, length, variants)
        solver = z3.Solver()
        solver.set("rlimit", rlimit)
        solver.add(u.constraint, theorem.violated(u))
        answer = solver.check()
        if answer != z3.unsat:
            found = describe(solver.model(), u, name) if answer == z3.sat \
                else f"the solver gave up: {solver.reason_unknown()}"
            return Result(theorem, name, depth, False, time.perf_counter() - started, found)
    return Result(theorem, name, depth, True, time.perf_counter() - started, "")


def boundary_starts() -> tuple[tuple[str, str, frozenset[str]], ...]:
    """Each of `BOUNDARY_STARTS` as (``ruleset/boundary``, the committed position, the ruleset's variants)."""
    from properties import boundaries

    found = []
    for ruleset, boundary in BOUNDARY_STARTS:
        text = next(t for name, _, t, _ in boundaries.committed_named(ruleset) if name == boundary)
        found.append((f"{ruleset}/{boundary}", text, boundaries.variants_of(ruleset)))
    return tuple(found)


def prove_from_boundaries(theorem: WholeTurnTheorem, depth: int = CI_DEPTH) -> list[Result]:
    """``theorem`` over ``depth`` turns from each boundary start."""
    return [prove(theorem, name, text, depth, variants=variants) for name, text, variants in boundary_starts()]


def reachable_win(name: str, text: str, depth: int) -> bool:
    """Whether some sequence from the position reaches a won position (the win theorem is not vacuous there)."""
    from oracle.games.ttykm.notation import parse_position
    from properties.differential import to_concrete

    u = unroll(to_concrete(parse_position(text)), depth)
    solver = z3.Solver()
    solver.add(u.constraint, u.states[-1].status >= 2)
    return bool(solver.check() == z3.sat)


# --- named breaks: each theorem fails under one ---------------------------------------------


@contextmanager
def replaced(**functions: Callable[..., Any]) -> Iterator[None]:
    """Replace functions of `properties.z3model` inside the block, rebuilding the symbolic turn."""
    originals = {name: getattr(zm, name) for name in functions}
    zm.symbolic_models.cache_clear()
    for name, function in functions.items():
        setattr(zm, name, function)
    try:
        yield
    finally:
        for name, function in originals.items():
            setattr(zm, name, function)
        zm.symbolic_models.cache_clear()


_act, _push, _to_move = zm.act, zm.push, zm.to_move


def _crush_not_counted(d: zm.Draft, line: tuple[int, ...], k: int) -> zm.Draft:
    out = _push(d, line, k)
    if k == len(line) - 1:
        out.removed = list(d.removed)
    return out


def _backward_supply_unchecked(s: zm.State, mover: int, cell: int, action: int, **extra: bool) -> zm.Outcome:
    out = _act(s, mover, cell, action, **extra)
    if action != zm.BACKWARD or out.dest is None:
        return out
    return dataclasses.replace(out, legal=z3.And(s.has(mover, cell), s.empty(cell - zm.SQUARES)))


def _self_push_counts_one(s: zm.State, mover: int, cell: int, action: int, self_push: bool = False) -> zm.Outcome:
    out = _act(s, mover, cell, action, self_push)
    if not self_push or action not in zm.MOVES or out.dest is None:
        return out
    removed = list(out.after.removed)
    removed[mover] = z3.If(out.ends, removed[mover] - 1, removed[mover])
    return dataclasses.replace(out, after=dataclasses.replace(out.after, removed=(removed[0], removed[1])))


def _won_game_plays_on(before: zm.State, mover: int) -> Term:
    return z3.Or(_to_move(before, mover), before.status >= 2)


@dataclass(frozen=True)
class Break:
    name: str
    what: str
    functions: dict[str, Callable[..., Any]]
    theorem: str  # the theorem that must then get a counterexample
    position: str  # from this start position, at `CI_DEPTH`: a name of `START_NAMES` or a boundary start


BREAKS: tuple[Break, ...] = (
    Break("crush-not-counted", "a crushed copy is not counted as removed", {"push": _crush_not_counted},
          "copies-conserved-over-turns", "chain-to-the-wall"),
    Break("backward-supply-unchecked", "Travel backward with an empty supply", {"act": _backward_supply_unchecked},
          "no-eighth-copy", "one-action-copy"),
    Break("won-game-plays-on", "a won position still has a player to move", {"to_move": _won_game_plays_on},
          "wins-only-by-a-last-legal-turn", "near-win"),
)


# The same checks from the boundary starts: each break there must get a counterexample too.
BOUNDARY_BREAKS: tuple[Break, ...] = (
    dataclasses.replace(BREAKS[0], position="standard/push-into-the-wall"),
    Break("self-push-counts-one", "a self-push counts one of the two copies it removes",
          {"act": _self_push_counts_one}, "copies-conserved-over-turns", "self-push=paradox/onto-own-copy"),
    dataclasses.replace(BREAKS[2], position="standard/win"),
)


def start_of(name: str) -> tuple[str, frozenset[str]]:
    """The position named ``name`` (a start position or a boundary start) and the variants it is played under."""
    starts = {n: (text, frozenset[str]()) for n, text in START_POSITIONS}
    if name not in starts:  # the boundary sets are read only when asked for
        starts.update((n, (text, variants)) for n, text, variants in boundary_starts())
    return starts[name]


def check_break(brk: Break, depth: int = CI_DEPTH) -> Result:
    """Prove the break's theorem from its position under the break: the result must not be proved."""
    theorem = next(t for t in THEOREMS if t.name == brk.theorem)
    text, variants = start_of(brk.position)
    with replaced(**brk.functions):
        return prove(theorem, brk.position, text, depth, variants=variants)


def depths(depth: int | None = None) -> dict[str, int]:
    """How many turns each start position is checked to: ``depth``, or `CI_DEPTH` and `DEEPER`."""
    return {name: depth or DEEPER.get(name, CI_DEPTH) for name, _ in START_POSITIONS}


def _print(theorem: WholeTurnTheorem, results: list[Result], seconds: float) -> int:
    """One line for ``theorem`` and the counterexamples under it; the number not proved."""
    bad = [r for r in results if not r.proved]
    status = "proved" if not bad else "FAILED"
    print(f"{theorem.name:<36} {status:<7} {seconds:6.2f} s   {', '.join(theorem.rules)}", flush=True)
    for r in bad:
        print(f"    claim: {theorem.statement}\n    counterexample: {r.counterexample}")
    return len(bad)


def report(depth: int | None = None) -> int:
    """Print every theorem from every start position, then from the boundary starts; the number not proved."""
    failed = 0
    to = depths(depth)
    counts = {d: sum(v == d for v in to.values()) for d in sorted(set(to.values()))}
    reach = ", ".join(f"{n} to {d} turns" for d, n in counts.items())
    for theorem in THEOREMS:
        started = time.perf_counter()
        results = [prove(theorem, name, text, to[name]) for name, text in START_POSITIONS]
        failed += _print(theorem, results, time.perf_counter() - started)
    print(f"{len(THEOREMS) * len(START_POSITIONS) - failed} of {len(THEOREMS) * len(START_POSITIONS)} whole-turn"
          f" checks proved: every sequence of turns from {len(START_POSITIONS)} positions"
          f" ({reach})")
    from_boundaries = 0
    for theorem in THEOREMS:
        started = time.perf_counter()
        from_boundaries += _print(theorem, prove_from_boundaries(theorem), time.perf_counter() - started)
    checks = len(THEOREMS) * len(BOUNDARY_STARTS)
    print(f"{checks - from_boundaries} of {checks} whole-turn checks proved from solver-chosen boundary positions"
          f" ({', '.join(f'{r}/{b}' for r, b in BOUNDARY_STARTS)}; {CI_DEPTH} turns)")
    return failed + from_boundaries


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    return 1 if report(int(argv[0]) if argv else None) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
