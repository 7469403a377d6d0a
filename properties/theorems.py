"""Theorems about the standard rules, proved with Z3 for all valid positions.

Each theorem states a property of the independent model in
`properties.z3model` and cites the spec clauses it covers.  It is proved by
asking Z3 for a counterexample: a valid position (and an action or turn from
it) where the property fails.  "unsat" means there is none, for any valid
position, either colour, any copy and any action; "sat" gives the
counterexample, printed in the project's notation.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import z3

from properties import z3model as zm
from properties.symmetry import NON_TRIVIAL, Symmetry

Term = zm.Term


@dataclass(frozen=True)
class Search:
    """Where to look for a counterexample: the models of ``common`` together
    with any one of ``cases``.  Large case splits are asked one case at a
    time, which is the same question cut into small pieces."""

    common: Term
    cases: tuple[Term, ...]


@dataclass(frozen=True)
class Theorem:
    """A named property.  ``counterexample`` builds the search whose models
    are exactly the counterexamples; ``rules`` are the spec clauses covered."""

    name: str
    rules: tuple[str, ...]
    statement: str
    counterexample: Callable[[], Search]


@dataclass(frozen=True)
class Result:
    theorem: Theorem
    proved: bool
    seconds: float
    counterexample: str  # the position in notation, and what happens in it; "" when proved
    unknown: str = ""  # the solver's reason when it could answer neither way


# --- the shared symbolic vocabulary --------------------------------------------------


@dataclass(frozen=True)
class ActionCase:
    """One concrete (mover, cell, action) with its symbolic outcome."""

    mover: int
    cell: int
    action: int
    outcome: zm.Outcome


@cache
def action_cases() -> tuple[zm.State, tuple[ActionCase, ...]]:
    """A symbolic position and every action any copy could take from it."""
    before = zm.fresh_state("a")
    cases = []
    for mover in (zm.WHITE, zm.BLACK):
        for cell in range(zm.CELLS):
            for action in range(len(zm.ACTIONS)):
                outcome = zm.act(before, mover, cell, action)
                if outcome.dest is not None:
                    cases.append(ActionCase(mover, cell, action, outcome))
    return before, tuple(cases)


# Which case a counterexample is: set by the formulas below, read by `describe`.
SELECT_MOVER = z3.Int("which_mover")
SELECT_CELL = z3.Int("which_cell")
SELECT_ACTION = z3.Int("which_action")


def _chosen(case: ActionCase) -> Term:
    return z3.And(case.mover == SELECT_MOVER, case.cell == SELECT_CELL, case.action == SELECT_ACTION)


def some_action_breaks(prop: Callable[[zm.State, ActionCase], Term]) -> Search:
    """A valid position and a legal action of either colour after which ``prop``
    fails."""
    before, cases = action_cases()
    return Search(zm.valid(before), tuple(z3.And(_chosen(c), c.outcome.legal, z3.Not(prop(before, c))) for c in cases))


@dataclass(frozen=True)
class TurnPath:
    """One concrete way a turn can go: the mover, the chosen cell (None for
    none) and the actions, with "its actions are legal" and the state after
    them; the new Focus stays symbolic."""

    mover: int
    cell: int | None
    actions: tuple[int, ...]
    legal: Term
    acted: zm.State


@cache
def turn_paths(longest: int = 2) -> tuple[zm.State, z3.ArithRef, tuple[TurnPath, ...]]:
    """A symbolic position, a symbolic new Focus, and every path of 0-2 actions
    by one copy from it.  Every legal turn follows one of these paths with its
    actions legal, so a property of all paths is a property of all legal turns
    (the copy-choice and action-count rules only remove paths).  ``longest`` 1
    keeps the paths of at most one action: a quicker search for a counterexample
    expected there (`properties.model_breaks`)."""
    before = zm.fresh_state("p")
    new_focus = z3.Int("p_new_focus")
    paths = []
    for mover in (zm.WHITE, zm.BLACK):
        paths.append(TurnPath(mover, None, (), zm.TRUE, before))
        for cell in range(zm.CELLS):
            for a in range(len(zm.ACTIONS)):
                first = zm.act(before, mover, cell, a)
                if first.dest is None:
                    continue
                paths.append(TurnPath(mover, cell, (a,), first.legal, first.after))
                for b in range(len(zm.ACTIONS) if longest == 2 else 0):
                    second = zm.act(first.after, mover, first.dest, b)
                    if second.dest is not None:
                        paths.append(TurnPath(mover, cell, (a, b), z3.And(first.legal, second.legal), second.after))
    return before, new_focus, tuple(paths)


SELECT_PATH = z3.Int("which_path")


def some_path_breaks(prop: Callable[[zm.State, zm.State, int], Term]) -> Search:
    """A valid position and a turn whose actions are legal and whose new Focus
    is another era, after which ``prop(before, after, mover)`` fails; one
    case per path."""
    before, new_focus, paths = turn_paths()
    broken = []
    for i, path in enumerate(paths):
        after = zm.finish(path.acted, path.mover, new_focus)
        broken.append(z3.And(i == SELECT_PATH, before.status == path.mover, new_focus != before.focus[path.mover],
                             path.legal, z3.Not(prop(before, after, path.mover))))
    return Search(z3.And(zm.valid(before), new_focus >= 0, new_focus < zm.ERAS), tuple(broken))


def one(formula: Term) -> Search:
    return Search(formula, (zm.TRUE,))


def some_turn_breaks(prop: Callable[[zm.TurnModel], Term]) -> Search:
    """A valid position and a legal turn after which ``prop`` fails."""
    before, _, models = zm.symbolic_models()
    return one(z3.And(zm.valid(before),
                      z3.Or([z3.And(m.mover == SELECT_MOVER, m.legal, z3.Not(prop(m))) for m in models])))


def changed_count(before: zm.State, after: zm.State, colour: int) -> Term:
    """How many more copies of colour are on the board in ``after``.  Only the
    cells whose term differs from ``before``'s are summed: the others add
    the same amount to both counts, so this is exact, and the formula stays
    small."""
    changed = [c for c in range(zm.CELLS) if after.copies[colour][c] is not before.copies[colour][c]]
    return z3.Sum([z3.IntVal(0)] + [z3.If(after.copies[colour][c], 1, 0) - z3.If(before.copies[colour][c], 1, 0)
                                    for c in changed])


def conserved(before: zm.State, after: zm.State, colour: int) -> Term:
    """Board + supply + removed is the same in ``after`` as in the valid
    ``before``, that is 7 (POSITION.VALID)."""
    return (changed_count(before, after, colour) + after.supply[colour] - before.supply[colour]
            + after.removed[colour] - before.removed[colour] == 0)


def changed_cells(before: zm.State, after: zm.State) -> list[int]:
    """The cells whose terms differ between the two states (a syntactic test:
    the other cells hold the very same term, so they hold the same value)."""
    return [c for c in range(zm.CELLS)
            if after.copies[0][c] is not before.copies[0][c] or after.copies[1][c] is not before.copies[1][c]]


def one_per_square(before: zm.State, after: zm.State) -> Term:
    """No square of ``after`` holds two copies, given that none of the valid
    ``before`` does: only the changed cells need asking."""
    return z3.And([zm.TRUE] + [z3.Not(z3.And(after.copies[0][c], after.copies[1][c]))
                               for c in changed_cells(before, after)])


def cells_unchanged(a: zm.State, b: zm.State, cells: range) -> Term:
    return z3.And([a.copies[k][c] == b.copies[k][c] for k in (0, 1) for c in cells])


# --- 1-3: copies, squares, supply ------------------------------------------------------


def _action_conserves(before: zm.State, case: ActionCase) -> Term:
    after = case.outcome.after
    return z3.And(conserved(before, after, 0), conserved(before, after, 1))


def _action_one_per_square(before: zm.State, case: ActionCase) -> Term:
    return one_per_square(before, case.outcome.after)


def _turn_valid(before: zm.State, after: zm.State, mover: int) -> Term:
    """POSITION.VALID for ``after``, its copy count stated as a change from
    the valid ``before`` (see `changed_count`)."""
    parts = [one_per_square(before, after)]
    for k in (0, 1):
        parts += [conserved(before, after, k), after.supply[k] >= 0, after.supply[k] <= zm.MAX_SUPPLY,
                  after.removed[k] >= 0, after.focus[k] >= 0, after.focus[k] < zm.ERAS]
    parts += [after.status >= 0, after.status <= 3]
    return z3.And(parts)


def _supply_bounds(before: zm.State, case: ActionCase) -> Term:
    after = case.outcome.after
    return z3.And([z3.And(after.supply[k] >= 0, after.supply[k] <= zm.MAX_SUPPLY, after.supply[k] <= before.supply[k])
                   for k in (0, 1)])


def _supply_only_backward(before: zm.State, case: ActionCase) -> Term:
    after, me, them = case.outcome.after, case.mover, 1 - case.mover
    if case.action != zm.BACKWARD:
        return z3.And(after.supply[0] == before.supply[0], after.supply[1] == before.supply[1])
    return z3.And(
        after.supply[me] == before.supply[me] - 1,
        after.supply[them] == before.supply[them],
        after.count(me) == before.count(me) + 1,
        after.count(them) == before.count(them),
        after.removed[0] == before.removed[0],
        after.removed[1] == before.removed[1],
    )


# --- 4-6: Focus, win, action count ------------------------------------------------------


def _focus_moves(m: zm.TurnModel) -> Term:
    them = 1 - m.mover
    return z3.And(m.after.focus[m.mover] != m.before.focus[m.mover], m.after.focus[them] == m.before.focus[them])


def _acting_copy_on_focus(m: zm.TurnModel) -> Term:
    focus = m.before.focus[m.mover]
    on_focus = z3.Or([z3.And(m.turn.chosen == c, m.before.has(m.mover, c), focus == c // zm.SQUARES)
                      for c in range(zm.CELLS)])
    return z3.If(m.turn.count > 0, on_focus, m.turn.chosen == -1)


def _win_check(before: zm.State, after: zm.State, mover: int) -> Term:
    """Stated with its own count of the opponent's eras (not the model's `eras`)."""
    them = 1 - mover
    occupied = [z3.Or([after.copies[them][c] for c in range(e * zm.SQUARES, (e + 1) * zm.SQUARES)])
                for e in range(zm.ERAS)]
    at_most_one = z3.Not(z3.Or([z3.And(occupied[i], occupied[j]) for i in range(zm.ERAS)
                                for j in range(i + 1, zm.ERAS)]))
    return z3.And(
        (after.status == 2 + mover) == at_most_one,
        z3.Or(after.status == 2 + mover, after.status == them),
    )


def two_legal_actions(before: zm.State, mover: int, cell: int) -> Term:
    """The mover's copy on ``cell`` can take two legal actions in a row, built here from single
    actions (not from the turn model's own copy-choice terms)."""
    pairs = []
    for a in range(len(zm.ACTIONS)):
        first = zm.act(before, mover, cell, a)
        if first.dest is None:
            continue
        for b in range(len(zm.ACTIONS)):
            second = zm.act(first.after, mover, first.dest, b)
            if second.dest is not None:
                pairs.append(z3.And(first.legal, second.legal))
    return z3.Or(pairs)


def _short_turn_only_when_forced(m: zm.TurnModel) -> Term:
    focus = m.before.focus[m.mover]
    someone_has_two = z3.Or([z3.And(m.before.has(m.mover, c), focus == c // zm.SQUARES,
                                    two_legal_actions(m.before, m.mover, c)) for c in range(zm.CELLS)])
    return z3.Implies(m.turn.count < 2, z3.Not(someone_has_two))


def _two_actions_always() -> Search:
    """A valid position where the mover has a copy on the Focus era but none of
    them has a two-action sequence."""
    before, _, models = zm.symbolic_models()
    return one(z3.And(zm.valid(before), z3.Or([
        z3.And(m.mover == SELECT_MOVER, before.status == m.mover, z3.Or(list(m.on_focus)),
               z3.Not(z3.Or([z3.And(f, t) for f, t in zip(m.on_focus, m.can_two, strict=True)])))
        for m in models
    ])))


def _no_copy_no_action(m: zm.TurnModel) -> Term:
    """Stated from the position alone (not the model's copy-choice terms): with none of the mover's
    copies on its Focus era, a legal turn changes no square, supply or removed count."""
    focus = m.before.focus[m.mover]
    none_there = z3.Not(z3.Or([z3.And(m.before.has(m.mover, c), focus == c // zm.SQUARES)
                               for c in range(zm.CELLS)]))
    unchanged = z3.And([m.after.copies[k][c] == m.before.copies[k][c] for k in (0, 1) for c in range(zm.CELLS)]
                       + [m.after.supply[k] == m.before.supply[k] for k in (0, 1)]
                       + [m.after.removed[k] == m.before.removed[k] for k in (0, 1)])
    return z3.Implies(none_there, unchanged)


# --- 7: symmetry ------------------------------------------------------------------------


def mapped(s: zm.State, sym: Symmetry) -> zm.State:
    """The state ``s`` seen through ``sym``: what stood on cell c stands on sym(c)."""
    copies = [[zm.FALSE] * zm.CELLS for _ in (0, 1)]
    for k in (0, 1):
        for c in range(zm.CELLS):
            copies[k][sym.cell(c)] = s.copies[k][c]
    return zm.State((tuple(copies[0]), tuple(copies[1])), s.supply, s.removed, s.focus, s.status)


def _mapped_action(sym: Symmetry, action: int) -> int:
    return zm.ACTIONS.index(sym.letter(zm.ACTIONS[action]))


def _symmetry_breaks() -> Search:
    """A symmetry, a valid position and an action whose legality or outcome
    differs from those of the mapped action in the mapped position."""
    before, cases = action_cases()
    sym_index = z3.Int("which_symmetry")
    broken = []
    for i, sym in enumerate(NON_TRIVIAL):
        image = mapped(before, sym)
        for case in cases:
            other = zm.act(image, case.mover, sym.cell(case.cell), _mapped_action(sym, case.action))
            expected = mapped(case.outcome.after, sym)
            differs = z3.Or(
                case.outcome.legal != other.legal,
                z3.And(case.outcome.legal, z3.Not(zm.same_state(expected, other.after))),
            )
            broken.append(z3.And(sym_index == i, _chosen(case), differs))
    return Search(zm.valid(before), tuple(broken))


def swapped(s: zm.State) -> zm.State:
    """The state with the colours exchanged (copies, supplies, removed, Foci, status)."""
    status = z3.If(s.status < 2, 1 - s.status, 5 - s.status)
    return zm.State((s.copies[1], s.copies[0]), (s.supply[1], s.supply[0]), (s.removed[1], s.removed[0]),
                    (s.focus[1], s.focus[0]), status)


def _colour_swap_breaks() -> Search:
    before, cases = action_cases()
    image = swapped(before)
    broken = []
    for case in cases:
        other = zm.act(image, 1 - case.mover, case.cell, case.action)
        expected = swapped(case.outcome.after)
        differs = z3.Or(
            case.outcome.legal != other.legal,
            z3.And(case.outcome.legal, z3.Not(zm.same_state(expected, other.after))),
        )
        broken.append(z3.And(_chosen(case), differs))
    return Search(zm.valid(before), tuple(broken))


# --- 8: further properties ----------------------------------------------------------------


def _opponent_supply_kept(before: zm.State, after: zm.State, mover: int) -> Term:
    return after.supply[1 - mover] == before.supply[1 - mover]


def _removed_never_decrease(before: zm.State, after: zm.State, mover: int) -> Term:
    return z3.And([after.removed[k] >= before.removed[k] for k in (0, 1)])


def _move_stays_on_era(before: zm.State, case: ActionCase) -> Term:
    if case.action not in zm.MOVES:
        return zm.TRUE
    era = case.cell // zm.SQUARES
    others = [e for e in range(zm.ERAS) if e != era]
    return z3.And([cells_unchanged(before, case.outcome.after, range(e * 16, e * 16 + 16)) for e in others])


def _move_takes_target(before: zm.State, case: ActionCase) -> Term:
    if case.action not in zm.MOVES:
        return zm.TRUE
    assert case.outcome.dest is not None
    after, target = case.outcome.after, case.outcome.dest
    return z3.And(after.has(case.mover, target), z3.Not(after.has(1 - case.mover, target)),
                  z3.Not(after.has(case.mover, case.cell)))


def _push_always_possible(before: zm.State, case: ActionCase) -> Term:
    """A Move onto an opponent's copy is never refused (MOVE.PUSH: a push never fails)."""
    if case.action not in zm.MOVES:
        return zm.TRUE
    assert case.outcome.dest is not None
    return z3.Implies(z3.And(before.has(case.mover, case.cell), before.has(1 - case.mover, case.outcome.dest)),
                      case.outcome.legal)


def _room_is_enough(before: zm.State, case: ActionCase) -> Term:
    """A copy with room may always act: a Move onto an empty adjacent square, a Travel forward to an
    empty square, a Travel backward to an empty square with a copy in supply (MOVE.EMPTY,
    TRAVEL.FORWARD, TRAVEL.BACKWARD.SUPPLY), stated from the position alone."""
    assert case.outcome.dest is not None
    own, room = before.has(case.mover, case.cell), before.empty(case.outcome.dest)
    if case.action == zm.BACKWARD:
        room = z3.And(room, before.supply[case.mover] >= 1)
    return z3.Implies(z3.And(own, room), case.outcome.legal)


def some_action_fails(prop: Callable[[zm.State, ActionCase], Term]) -> Search:
    """A valid position and an action of either colour (legal or not) for which ``prop`` fails."""
    before, cases = action_cases()
    return Search(zm.valid(before), tuple(z3.And(_chosen(c), z3.Not(prop(before, c))) for c in cases))


def _won_game_has_no_turn() -> Search:
    before, _, models = zm.symbolic_models()
    return one(z3.And(zm.valid(before), before.status >= 2, z3.Or([m.legal for m in models])))


def _pushes_only_remove_colour_pushed(before: zm.State, case: ActionCase) -> Term:
    """Removals count only for copies that left the board: each colour's
    removed count grows by exactly the copies it lost (REMOVED.PERMANENT)."""
    after = case.outcome.after
    return z3.And([
        after.removed[k] - before.removed[k] == -changed_count(before, after, k)
        + (1 if case.action == zm.BACKWARD and k == case.mover else 0)
        for k in (0, 1)
    ])


THEOREMS: tuple[Theorem, ...] = (
    Theorem("action-conserves-copies", ("POSITION.VALID", "MOVE.PUSH.CRUSH", "MOVE.PUSH.PARADOX", "TRAVEL.BACKWARD",
                                        "REMOVED.PERMANENT"),
            "after any legal action, each player's board + supply + removed is still 7",
            lambda: some_action_breaks(_action_conserves)),
    Theorem("action-one-copy-per-square", ("POSITION.VALID", "MOVE.PUSH", "MOVE.PUSH.CHAIN", "TRAVEL.FORWARD",
                                           "TRAVEL.BACKWARD"),
            "after any legal action no square holds two copies",
            lambda: some_action_breaks(_action_one_per_square)),
    Theorem("turn-gives-valid-position", ("POSITION.VALID", "TURN.ACTION-COUNT", "TURN.END", "WIN.CHECK"),
            "after any legal turn the position is valid: each player's board + supply + removed is still 7,"
            " no square holds two copies, supplies are 0-4, the Foci are on eras, one status is set",
            lambda: some_path_breaks(_turn_valid)),
    Theorem("supply-bounds", ("POSITION.VALID", "TRAVEL.BACKWARD.SUPPLY"),
            "after any legal action both supplies are 0-4 and neither has grown",
            lambda: some_action_breaks(_supply_bounds)),
    Theorem("only-backward-travel-spends-supply", ("TRAVEL.BACKWARD", "TRAVEL.BACKWARD.SUPPLY", "TRAVEL.FORWARD"),
            "only Travel backward changes a supply: the mover's, by exactly one, with exactly one more copy"
            " on the board and nothing removed",
            lambda: some_action_breaks(_supply_only_backward)),
    Theorem("focus-must-move", ("FOCUS.MOVE", "FOCUS.SHARED"),
            "after a legal turn the mover's Focus is on a different era and the opponent's has not moved",
            lambda: some_turn_breaks(_focus_moves)),
    Theorem("acting-copy-on-focus-era", ("TURN.COPY-CHOICE", "TURN.NO-COPY", "TURN.ACTIVE-COPY"),
            "a turn with actions acts with the mover's copy on the Focus era; a turn without names no copy",
            lambda: some_turn_breaks(_acting_copy_on_focus)),
    Theorem("win-check", ("WIN.CHECK", "WIN.MOVER-NOT-CHECKED", "TURN.ORDER"),
            "after a legal turn the mover has won exactly when the opponent is on at most one era, whatever"
            " the mover's own count; otherwise the opponent is to move",
            lambda: some_path_breaks(_win_check)),
    Theorem("short-turn-only-when-forced", ("TURN.ACTION-COUNT", "TURN.COPY-CHOICE"),
            "a legal turn has fewer than two actions only when no copy on the Focus era has a two-action sequence",
            lambda: some_turn_breaks(_short_turn_only_when_forced)),
    Theorem("two-actions-always-possible", ("TURN.COPY-CHOICE", "TURN.NO-ACTION", "TURN.ACTION-COUNT"),
            "in the standard game, when the mover has a copy on the Focus era some copy there can take two"
            " actions",
            _two_actions_always),
    Theorem("no-copy-no-action", ("TURN.NO-COPY",),
            "with none of the mover's copies on its Focus era, a legal turn changes no square, supply or"
            " removed count",
            lambda: some_turn_breaks(_no_copy_no_action)),
    Theorem("action-symmetry-of-the-square", ("BOARD.ERAS", "BOARD.SQUARES", "MOVE.ORTHOGONAL", "MOVE.PUSH.CHAIN",
                                              "TRAVEL.FORWARD", "TRAVEL.BACKWARD"),
            "for each of the 7 non-trivial symmetries of the square applied to all eras, an action is legal"
            " exactly when its image is, and the images of its outcome and of the image's outcome agree",
            _symmetry_breaks),
    Theorem("action-colour-symmetry", ("MOVE.PUSH", "MOVE.PUSH.PARADOX", "TRAVEL.BACKWARD.SUPPLY"),
            "swapping the colours maps every action's legality and outcome to the swapped action's",
            _colour_swap_breaks),
    Theorem("opponent-supply-unchanged", ("TRAVEL.BACKWARD.SUPPLY",),
            "a turn never changes the opponent's supply",
            lambda: some_path_breaks(_opponent_supply_kept)),
    Theorem("removed-never-decrease", ("REMOVED.PERMANENT",),
            "a turn never lowers either removed count",
            lambda: some_path_breaks(_removed_never_decrease)),
    Theorem("removals-are-copies-lost", ("REMOVED.PERMANENT", "MOVE.PUSH.CRUSH", "MOVE.PUSH.PARADOX"),
            "in an action each removed count grows by exactly the copies its owner lost from the board"
            " (a backward travel's new copy aside)",
            lambda: some_action_breaks(_pushes_only_remove_colour_pushed)),
    Theorem("move-stays-on-its-era", ("MOVE.ORTHOGONAL", "REMOVED.PERMANENT"),
            "a Move, with all its pushes, changes no square of another era",
            lambda: some_action_breaks(_move_stays_on_era)),
    Theorem("move-takes-its-square", ("MOVE.PUSH", "MOVE.EMPTY"),
            "after a legal Move the active copy stands on the square it entered and has left its own",
            lambda: some_action_breaks(_move_takes_target)),
    Theorem("push-never-fails", ("MOVE.PUSH",),
            "a copy may always Move onto an adjacent opponent's copy",
            lambda: some_action_fails(_push_always_possible)),
    Theorem("room-is-enough", ("MOVE.EMPTY", "TRAVEL.FORWARD", "TRAVEL.BACKWARD.SUPPLY"),
            "a copy may always Move onto an empty adjacent square, Travel forward to an empty square, and"
            " Travel backward to an empty square when its owner has a copy in supply",
            lambda: some_action_fails(_room_is_enough)),
    Theorem("won-game-has-no-turn", ("TURN.GAME-OVER", "WIN.NO-DRAW"),
            "a won position has no legal turn",
            _won_game_has_no_turn),
)


# --- proving and reporting -------------------------------------------------------------------


def describe(model: z3.ModelRef) -> str:
    """The counterexample position in the project's notation, with the action
    or turn that breaks the theorem."""
    # Printing only: the engine's notation module writes the position and turn.
    from oracle.games.ttykm.notation import format_position, format_turn
    from properties.differential import to_position, to_turn

    def number(t: Term) -> int:
        return int(model.eval(t, model_completion=True).as_long())

    names = {str(d) for d in model.decls()}
    if "which_action" in names:
        state = action_cases()[0]
        cell, action = number(SELECT_CELL), zm.ACTIONS[number(SELECT_ACTION)]
        colour = "white" if number(SELECT_MOVER) == 0 else "black"
        square = "abcd"[cell % 4] + "1234"[cell % 16 // 4]
        what = f"{colour} {zm.ERA_NAMES[cell // zm.SQUARES]}:{square} {action}"
    elif "which_path" in names:
        state, new_focus, paths = turn_paths()
        path = paths[number(SELECT_PATH)]
        turn = zm.ConcreteTurn(path.cell, path.actions, number(new_focus))
        what = f"{'white' if path.mover == 0 else 'black'} plays {format_turn(to_turn(turn))}"
    else:
        state, turn_vars, _ = zm.symbolic_models()
        colour = "white" if number(SELECT_MOVER) == 0 else "black"
        what = f"{colour} plays {format_turn(to_turn(zm.read_turn(model, turn_vars)))}" if "t_count" in names else ""
    text = format_position(to_position(zm.read(model, state)))
    return f"{text}  ({what})" if what else text


# The solver's budget for each question, in Z3's resource units rather than milliseconds, so that a loaded
# machine gets the same answer as an idle one, only later: the costliest theorem, turn-gives-valid-position,
# takes some 60 million over all its cases (minutes of wall time on a loaded 2-core machine).
RLIMIT = 1_000_000_000


def prove(theorem: Theorem, rlimit: int = RLIMIT, *, split: bool = True) -> Result:
    """Look for a counterexample; the theorem is proved when there is none (and not when the solver spends
    ``rlimit`` on one question without an answer).  With ``split`` the cases are asked one at a time
    (quicker to refute them all); without, in one question (quicker to find a counterexample when one is
    expected, as under a model break)."""
    started = time.perf_counter()
    search = theorem.counterexample()
    solver = z3.Solver()
    solver.set("rlimit", rlimit)
    solver.add(search.common)
    for case in search.cases if split else (z3.Or(search.cases),):
        solver.push()
        solver.add(case)
        answer = solver.check()
        if answer != z3.unsat:
            seconds = time.perf_counter() - started
            if answer == z3.sat:
                return Result(theorem, False, seconds, describe(solver.model()))
            return Result(theorem, False, seconds, "", unknown=solver.reason_unknown())
        solver.pop()
    return Result(theorem, True, time.perf_counter() - started, "")
