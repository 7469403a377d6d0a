"""Named breaks of the standard rules' Z3 model: each theorem must fail under one.

A theorem that still proves when the clause it is about is broken says
nothing about that clause.  Each `Break` replaces one clause of
`properties.z3model` (an action's legality or outcome, a clause of the turn,
the end of the turn) by a plausible misreading, for the length of a ``with``
block, and names the theorems that must then get a counterexample.  The test
suite checks every break against its theorems (`properties/test_proofs.py`);
`UNCONSTRAINED` lists the model clauses that no break-and-theorem pair
covers, each with the reason.

    python -m properties.model_breaks      every break, and whether each of its theorems fails
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any

import z3

from properties import harness, theorems
from properties import z3model as zm
from properties.breaks import Outcome, ask

Term = zm.Term


def clear_caches() -> None:
    """Forget every symbolic structure built from the model, so the next theorem uses the current one."""
    theorems.action_cases.cache_clear()
    theorems.turn_paths.cache_clear()
    zm.symbolic_models.cache_clear()


@contextmanager
def replaced(**functions: Callable[..., Any]) -> Iterator[None]:
    """Replace functions of `properties.z3model` inside the block (the model calls them through the module)."""
    clear_caches()
    try:
        with harness.replaced(zm, **functions):
            yield
    finally:
        clear_caches()


@contextmanager
def short_paths() -> Iterator[None]:
    """Turn theorems searched over the paths of at most one action: each counterexample found
    there is one of the whole theorem, and each break here has one there."""
    original = theorems.turn_paths
    theorems.turn_paths = lambda longest=2: original(1)  # type: ignore[assignment]
    try:
        yield
    finally:
        theorems.turn_paths = original


@dataclass(frozen=True)
class Break:
    name: str
    clause: str  # the spec rule whose model clause is broken
    what: str
    patch: Callable[[], AbstractContextManager[None]]
    fails: tuple[str, ...]  # the theorems that must get a counterexample under it


# --- the broken clauses --------------------------------------------------------------------

_act = zm.act
_push = zm.push
_ray = zm.ray
_finish = zm.finish
_on_focus_era = zm.on_focus_era


def _with(outcome: zm.Outcome, legal: Term | None = None, after: zm.State | None = None) -> zm.Outcome:
    return zm.Outcome(outcome.legal if legal is None else legal, outcome.after if after is None else after,
                      outcome.dest)


def _supply(s: zm.State, colour: int, delta: int) -> zm.State:
    supply = list(s.supply)
    supply[colour] = supply[colour] + delta
    return dataclasses.replace(s, supply=(supply[0], supply[1]))


def backward_needs_two(s: zm.State, mover: int, cell: int, action: int) -> zm.Outcome:
    out = _act(s, mover, cell, action)
    if action != zm.BACKWARD or out.dest is None:
        return out
    return _with(out, legal=z3.And(out.legal, s.supply[mover] >= 2))


def backward_supply_unchecked(s: zm.State, mover: int, cell: int, action: int) -> zm.Outcome:
    out = _act(s, mover, cell, action)
    if action != zm.BACKWARD or out.dest is None:
        return out
    return _with(out, legal=z3.And(s.has(mover, cell), s.empty(cell - zm.SQUARES)))


def forward_spends_supply(s: zm.State, mover: int, cell: int, action: int) -> zm.Outcome:
    out = _act(s, mover, cell, action)
    if action != zm.FORWARD or out.dest is None:
        return out
    return _with(out, after=_supply(out.after, mover, -1))


def backward_spends_opponents(s: zm.State, mover: int, cell: int, action: int) -> zm.Outcome:
    out = _act(s, mover, cell, action)
    if action != zm.BACKWARD or out.dest is None:
        return out
    return _with(out, after=_supply(_supply(out.after, mover, 1), 1 - mover, -1))


def black_travels_free(s: zm.State, mover: int, cell: int, action: int) -> zm.Outcome:
    out = _act(s, mover, cell, action)
    if action != zm.BACKWARD or out.dest is None or mover != zm.BLACK:
        return out
    return _with(out, after=_supply(out.after, mover, 1))


def forward_onto_anything(s: zm.State, mover: int, cell: int, action: int) -> zm.Outcome:
    """Forward travel that only checks the mover's own copy: an opponent's copy there stays."""
    out = _act(s, mover, cell, action)
    if action != zm.FORWARD or out.dest is None:
        return out
    target = cell + zm.SQUARES
    copies = [list(out.after.copies[0]), list(out.after.copies[1])]
    copies[1 - mover][target] = s.copies[1 - mover][target]
    after = dataclasses.replace(out.after, copies=(tuple(copies[0]), tuple(copies[1])))
    return _with(out, legal=z3.And(s.has(mover, cell), z3.Not(s.has(mover, target))), after=after)


def move_leaves_a_copy(s: zm.State, mover: int, cell: int, action: int) -> zm.Outcome:
    """A Move that does not clear the square the copy left."""
    out = _act(s, mover, cell, action)
    if action not in zm.MOVES or out.dest is None:
        return out
    copies = [list(out.after.copies[0]), list(out.after.copies[1])]
    copies[mover][cell] = s.copies[mover][cell]
    return _with(out, after=dataclasses.replace(out.after, copies=(tuple(copies[0]), tuple(copies[1]))))


def no_pushes(s: zm.State, mover: int, cell: int, action: int) -> zm.Outcome:
    out = _act(s, mover, cell, action)
    if action not in zm.MOVES or out.dest is None:
        return out
    return _with(out, legal=z3.And(out.legal, s.empty(out.dest)))


def no_moves(s: zm.State, mover: int, cell: int, action: int) -> zm.Outcome:
    out = _act(s, mover, cell, action)
    return _with(out, legal=zm.FALSE) if action in zm.MOVES else out


def crush_not_counted(d: zm.Draft, line: tuple[int, ...], k: int) -> zm.Draft:
    out = _push(d, line, k)
    if k == len(line) - 1:
        out.removed = list(d.removed)
    return out


def crush_refunds(d: zm.Draft, line: tuple[int, ...], k: int) -> zm.Draft:
    out = _push(d, line, k)
    if k == len(line) - 1:
        out.removed = [2 * d.removed[i] - out.removed[i] for i in (0, 1)]
    return out


def north_wall_open(cell: int, direction: int) -> tuple[int, ...]:
    """The north edge of the past and present leads on to the next era's first rank (a bounds slip)."""
    if direction != zm.NORTH or cell % zm.SQUARES < 12 or cell >= 2 * zm.SQUARES:
        return _ray(cell, direction)
    return tuple(range(cell + 4, zm.CELLS, 4))[:3]


def east_wall_early(cell: int, direction: int) -> tuple[int, ...]:
    """The east wall stands one file early."""
    line = _ray(cell, direction)
    return tuple(c for c in line if c % 4 != 3) if direction == zm.EAST else line


def focus_not_moved(acted: zm.State, mover: int, new_focus: Term) -> zm.State:
    return _finish(acted, mover, acted.focus[mover])


def win_counts_the_mover(acted: zm.State, mover: int, new_focus: Term) -> zm.State:
    after = _finish(acted, mover, new_focus)
    status = z3.If(acted.eras(mover) <= 1, 2 + mover, 1 - mover)
    return dataclasses.replace(after, status=status)


def any_era_acts(before: zm.State, mover: int, cell: int) -> Term:
    return before.has(mover, cell)


def one_action_allowed(count: Term, longest: Term) -> Term:
    return z3.Or(count == longest, z3.And(longest == 2, count == 1))


def always_to_move(before: zm.State, mover: int) -> Term:
    return z3.Or(before.status == mover, before.status >= 2)


def _a(**functions: Callable[..., Any]) -> Callable[[], AbstractContextManager[None]]:
    return lambda: replaced(**functions)


BREAKS: tuple[Break, ...] = (
    Break("backward-needs-two", "TRAVEL.BACKWARD.SUPPLY", "Travel backward needs a supply of 2",
          _a(act=backward_needs_two), ("room-is-enough",)),
    Break("backward-supply-unchecked", "TRAVEL.BACKWARD.SUPPLY", "Travel backward with an empty supply",
          _a(act=backward_supply_unchecked), ("supply-bounds", "turn-gives-valid-position")),
    Break("forward-spends-supply", "TRAVEL.FORWARD", "Travel forward spends a copy of supply",
          _a(act=forward_spends_supply), ("only-backward-travel-spends-supply", "action-conserves-copies")),
    Break("backward-spends-opponents", "TRAVEL.BACKWARD.SUPPLY", "Travel backward spends the opponent's supply",
          _a(act=backward_spends_opponents), ("opponent-supply-unchanged",)),
    Break("black-travels-free", "TRAVEL.BACKWARD.SUPPLY", "Black's backward travel costs no supply",
          _a(act=black_travels_free), ("action-colour-symmetry",)),
    Break("forward-onto-anything", "TRAVEL.FORWARD", "Travel forward onto an opponent's copy, which stays",
          _a(act=forward_onto_anything), ("action-one-copy-per-square",)),
    Break("move-leaves-a-copy", "MOVE.ORTHOGONAL", "a Move leaves its copy on the square it left",
          _a(act=move_leaves_a_copy), ("move-takes-its-square",)),
    Break("no-pushes", "MOVE.PUSH", "a Move needs an empty square", _a(act=no_pushes), ("push-never-fails",)),
    Break("no-moves", "MOVE.ORTHOGONAL", "no Move is ever legal", _a(act=no_moves),
          ("two-actions-always-possible", "room-is-enough")),
    Break("crush-not-counted", "MOVE.PUSH.CRUSH", "a crushed copy is not counted as removed",
          _a(push=crush_not_counted), ("action-conserves-copies", "removals-are-copies-lost")),
    Break("crush-refunds", "REMOVED.PERMANENT", "a crush lowers its owner's removed count",
          _a(push=crush_refunds), ("removed-never-decrease",)),
    Break("north-wall-open", "BOARD.SQUARES", "the north edge of an era leads on to the next era",
          _a(ray=north_wall_open), ("move-stays-on-its-era",)),
    Break("east-wall-early", "BOARD.SQUARES", "the east wall stands one file early",
          _a(ray=east_wall_early), ("action-symmetry-of-the-square",)),
    Break("focus-not-moved", "FOCUS.MOVE", "the turn's new Focus is never set",
          _a(finish=focus_not_moved), ("focus-must-move",)),
    Break("win-counts-the-mover", "WIN.MOVER-NOT-CHECKED", "the win check counts the mover's eras",
          _a(finish=win_counts_the_mover), ("win-check",)),
    Break("any-era-acts", "TURN.COPY-CHOICE", "a copy on any era may be chosen",
          _a(on_focus_era=any_era_acts), ("acting-copy-on-focus-era", "no-copy-no-action")),
    Break("one-action-allowed", "TURN.ACTION-COUNT", "a 1-action turn when 2 were possible",
          _a(action_count_ok=one_action_allowed), ("short-turn-only-when-forced",)),
    Break("won-game-plays-on", "TURN.GAME-OVER", "a won position still has a player to move",
          _a(to_move=always_to_move), ("won-game-has-no-turn",)),
)

# Model clauses that no break above makes a theorem fail, and why that is acceptable.
UNCONSTRAINED: dict[str, str] = {
    "MOVE.PUSH.PARADOX (the paradox's two removals)": "not a separate clause: `push` resolves crush, paradox and "
    "chain in one function; `action-conserves-copies` and `removals-are-copies-lost` constrain its counts, and "
    "`action-colour-symmetry` its colours; the Z3 differential compares every push with the engine",
    "FOCUS.SHARED (the opponent's Focus)": "`finish` writes only the mover's Focus; `focus-must-move` states the "
    "opponent's stays, and `focus-not-moved` breaks the mover's half",
}


# Under a break a counterexample is expected, and found well within this budget (Z3's resource units, the
# same under any load); a question it cannot answer within it counts as not proved.
BREAK_RLIMIT = 100_000_000


def check(brk: Break, names: tuple[str, ...] | None = None) -> list[Outcome[Break]]:
    """Prove each theorem ``brk`` names (or ``names``) under the break; each must fail."""
    by_name = {t.name: t for t in theorems.THEOREMS}
    with brk.patch(), short_paths():
        return ask(brk, names or brk.fails, lambda name: theorems.prove(by_name[name], rlimit=BREAK_RLIMIT).proved)


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    missed = 0
    for brk in BREAKS:
        for o in check(brk):
            missed += not o.failed
            print(f"{brk.name:<28} {o.theorem:<36} {'fails' if o.failed else 'STILL PROVED'}  {o.seconds:5.1f} s",
                  flush=True)
    covered = {name for b in BREAKS for name in b.fails}
    bare = [t.name for t in theorems.THEOREMS if t.name not in covered]
    for name in bare:
        print(f"{'(no break)':<28} {name}")
    for clause, why in UNCONSTRAINED.items():
        print(f"unconstrained: {clause}: {why}")
    return 1 if missed or bare else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
