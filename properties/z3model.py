"""An independent symbolic model of the standard rules, written from spec/.

This module does not import `oracle`: it reads the rules from the spec text
and states them as Z3 formulas, so that the proofs in `properties.theorems`
are about the spec, and `properties.differential` can check the engine
against a second, independent reading.

Vocabulary (all concrete Python integers unless a Z3 term):

* a *cell* is ``era * 16 + square``, square ``(rank - 1) * 4 + file``
  (spec BOARD.ERAS, BOARD.SQUARES);
* colours are 0 (white) and 1 (black);
* actions are numbered in the order N, E, S, W, F, B (ACTION.KINDS);
* ``status`` is 0 or 1 for the player to move, 2 or 3 when white or black
  has won (POSITION.VALID item 5).

A `State` holds Z3 terms: one Boolean per colour and cell, and integers for
the supplies, removed counts, Foci and status.  The rules are term builders:
`act` gives, for one concrete copy cell and action, whether the action is
legal and the state it leads to; `turn_model` combines them into "this turn
is legal and leads to that state" over symbolic turn variables.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import z3

ERAS = 3
SQUARES = 16
CELLS = 48
COPIES = 7
MAX_SUPPLY = 4
WHITE, BLACK = 0, 1
ACTIONS = ("N", "E", "S", "W", "F", "B")
NORTH, EAST, SOUTH, WEST, FORWARD, BACKWARD = range(6)
MOVES = (NORTH, EAST, SOUTH, WEST)
STEP = {NORTH: (0, 1), EAST: (1, 0), SOUTH: (0, -1), WEST: (-1, 0)}
ERA_NAMES = ("past", "present", "future")

Term = Any  # z3 has no type information
TRUE = z3.BoolVal(True)
FALSE = z3.BoolVal(False)


def ray(cell: int, direction: int) -> tuple[int, ...]:
    """The cells beyond ``cell`` in a move direction on its era, nearest first,
    up to the wall (MOVE.ORTHOGONAL, MOVE.WALL)."""
    era, square = divmod(cell, SQUARES)
    df, dr = STEP[direction]
    f, r = square % 4 + df, square // 4 + dr
    out = []
    while 0 <= f < 4 and 0 <= r < 4:
        out.append(era * SQUARES + r * 4 + f)
        f, r = f + df, r + dr
    return tuple(out)


@dataclass(frozen=True)
class State:
    """A position as Z3 terms.  ``copies[colour][cell]`` is a Boolean; nothing
    here forces it to be valid: `valid` states POSITION.VALID."""

    copies: tuple[tuple[Term, ...], tuple[Term, ...]]
    supply: tuple[Term, Term]
    removed: tuple[Term, Term]
    focus: tuple[Term, Term]
    status: Term

    def has(self, colour: int, cell: int) -> Term:
        return self.copies[colour][cell]

    def empty(self, cell: int) -> Term:
        return z3.And(z3.Not(self.copies[0][cell]), z3.Not(self.copies[1][cell]))

    def count(self, colour: int) -> Term:
        return z3.Sum([z3.If(x, 1, 0) for x in self.copies[colour]])

    def on_era(self, colour: int, era: int) -> Term:
        return z3.Or(self.copies[colour][era * SQUARES:(era + 1) * SQUARES])

    def eras(self, colour: int) -> Term:
        """How many eras hold at least one of colour's copies."""
        return z3.Sum([z3.If(self.on_era(colour, e), 1, 0) for e in range(ERAS)])


def fresh_state(prefix: str) -> State:
    """A state of fresh variables named after ``prefix``."""
    return State(
        copies=(
            tuple(z3.Bool(f"{prefix}_w{c}") for c in range(CELLS)),
            tuple(z3.Bool(f"{prefix}_b{c}") for c in range(CELLS)),
        ),
        supply=(z3.Int(f"{prefix}_supply_w"), z3.Int(f"{prefix}_supply_b")),
        removed=(z3.Int(f"{prefix}_removed_w"), z3.Int(f"{prefix}_removed_b")),
        focus=(z3.Int(f"{prefix}_focus_w"), z3.Int(f"{prefix}_focus_b")),
        status=z3.Int(f"{prefix}_status"),
    )


def valid(s: State) -> Term:
    """POSITION.VALID: one copy per square, 7 copies each, supply 0-4, each
    Focus on an era, and exactly one of "to move" and "winner" (one status)."""
    parts = [z3.Not(z3.And(s.copies[0][c], s.copies[1][c])) for c in range(CELLS)]
    for colour in (WHITE, BLACK):
        parts += [
            s.count(colour) + s.supply[colour] + s.removed[colour] == COPIES,
            s.supply[colour] >= 0,
            s.supply[colour] <= MAX_SUPPLY,
            s.removed[colour] >= 0,
            s.focus[colour] >= 0,
            s.focus[colour] < ERAS,
        ]
    parts += [s.status >= 0, s.status <= 3]
    return z3.And(parts)


def same_state(a: State, b: State) -> Term:
    parts = [a.copies[k][c] == b.copies[k][c] for k in (WHITE, BLACK) for c in range(CELLS)]
    for k in (WHITE, BLACK):
        parts += [a.supply[k] == b.supply[k], a.removed[k] == b.removed[k], a.focus[k] == b.focus[k]]
    parts.append(a.status == b.status)
    return z3.And(parts)


# --- one action --------------------------------------------------------------


class Draft:
    """A state under construction: copies, supplies and removed counts as
    lists of terms, changed in place while a rule is resolved."""

    def __init__(self, copies: list[list[Term]], supply: list[Term], removed: list[Term]) -> None:
        self.copies = copies
        self.supply = supply
        self.removed = removed

    @classmethod
    def of(cls, s: State) -> Draft:
        return cls([list(s.copies[0]), list(s.copies[1])], list(s.supply), list(s.removed))

    def clone(self) -> Draft:
        return Draft([list(self.copies[0]), list(self.copies[1])], list(self.supply), list(self.removed))

    def clear(self, cell: int) -> None:
        self.copies[0][cell] = FALSE
        self.copies[1][cell] = FALSE

    def put(self, is_white: Term, cell: int) -> None:
        """Place a copy whose colour is white exactly when ``is_white``."""
        white = known(is_white)
        if white is None:
            self.copies[0][cell] = z3.simplify(is_white)
            self.copies[1][cell] = z3.simplify(z3.Not(is_white))
        else:
            self.copies[0][cell] = TRUE if white else FALSE
            self.copies[1][cell] = FALSE if white else TRUE

    def components(self) -> list[Term]:
        return self.copies[0] + self.copies[1] + self.supply + self.removed

    def state(self, focus: tuple[Term, Term], status: Term) -> State:
        return State((tuple(self.copies[0]), tuple(self.copies[1])), (self.supply[0], self.supply[1]),
                     (self.removed[0], self.removed[1]), focus, status)


def known(t: Term) -> bool | None:
    """True or False when ``t`` is a Boolean value, else None.  Concrete
    positions then resolve rules directly instead of building terms."""
    if t is TRUE:
        return True
    if t is FALSE:
        return False
    if z3.is_true(t):
        return True
    if z3.is_false(t):
        return False
    return None


def merge(cond: Term, then: Draft, other: Draft) -> Draft:
    """The draft that is ``then`` where ``cond`` holds and ``other`` elsewhere."""
    value = known(cond)
    if value is not None:
        return then if value else other

    def pick(a: Term, b: Term) -> Term:
        return a if a is b else z3.If(cond, a, b)

    return Draft(
        [[pick(a, b) for a, b in zip(then.copies[k], other.copies[k], strict=True)] for k in (0, 1)],
        [pick(a, b) for a, b in zip(then.supply, other.supply, strict=True)],
        [pick(a, b) for a, b in zip(then.removed, other.removed, strict=True)],
    )


def push(d: Draft, line: tuple[int, ...], k: int) -> Draft:
    """The draft after the copy on ``line[k]`` is pushed one step along ``line``
    (assumed occupied).  MOVE.PUSH: beyond it lies the wall (MOVE.PUSH.CRUSH),
    a copy of its colour (MOVE.PUSH.PARADOX), a copy of the other colour, which
    is pushed first (MOVE.PUSH.CHAIN), or an empty square it moves to; removed
    copies count for their owner (REMOVED.PERMANENT)."""
    x = line[k]
    is_white = d.copies[0][x]
    white = known(is_white)
    if k == len(line) - 1:
        crushed = d.clone()
        crushed.clear(x)
        crushed.removed[0] = d.removed[0] + z3.If(is_white, 1, 0)
        crushed.removed[1] = d.removed[1] + z3.If(is_white, 0, 1)
        return crushed
    y = line[k + 1]
    if white is None:
        same = z3.If(is_white, d.copies[0][y], d.copies[1][y])
        other = z3.If(is_white, d.copies[1][y], d.copies[0][y])
    else:
        same, other = (d.copies[0][y], d.copies[1][y]) if white else (d.copies[1][y], d.copies[0][y])
    paradox = d.clone()
    paradox.clear(x)
    paradox.clear(y)
    paradox.removed[0] = d.removed[0] + z3.If(is_white, 2, 0)
    paradox.removed[1] = d.removed[1] + z3.If(is_white, 0, 2)
    chain = push(d, line, k + 1)
    chain.clear(x)
    chain.put(is_white, y)
    onward = d.clone()
    onward.clear(x)
    onward.put(is_white, y)
    return merge(same, paradox, merge(other, chain, onward))


@dataclass(frozen=True)
class Outcome:
    """One action of one copy: when it is legal, the state after it, and the
    cell the active copy stands on afterwards (None when it can never act)."""

    legal: Term
    after: State
    dest: int | None
    ends: Term = FALSE  # the active copy is gone (a self-push under a self-push variant): no action follows


def act(s: State, mover: int, cell: int, action: int, self_push: bool = False) -> Outcome:
    """The mover's copy on ``cell`` takes ``action``.  With ``self_push`` (the variants
    self-push=paradox, =ends and =whole-turn) a Move onto the mover's own copy is legal and
    removes both copies as a paradox, and the active copy's actions end."""
    era = cell // SQUARES
    own = s.has(mover, cell)
    mover_is_white = z3.BoolVal(mover == WHITE)
    d = Draft.of(s)
    if action in MOVES:
        line = ray(cell, action)
        if not line:  # MOVE.WALL
            return Outcome(z3.BoolVal(False), s, None)
        target = line[0]
        # MOVE.OWN-COPY forbids the own square; MOVE.EMPTY and MOVE.PUSH allow the rest.
        legal = z3.And(own, z3.Not(s.has(mover, target)))
        pushes = s.has(1 - mover, target)
        after = d if known(pushes) is False else merge(pushes, push(d, line, 0), d)
        after.clear(cell)
        after.put(mover_is_white, target)
        if not self_push:
            return Outcome(legal, after.state(s.focus, s.status), target)
        own_there = s.has(mover, target)
        paradox = Draft.of(s)
        paradox.clear(cell)
        paradox.clear(target)
        paradox.removed[mover] = s.removed[mover] + 2
        after = merge(own_there, paradox, after)
        return Outcome(own, after.state(s.focus, s.status), target, own_there)
    if action == FORWARD:  # TRAVEL.FORWARD: moves only, to an empty square on the next era
        if era == ERAS - 1:
            return Outcome(z3.BoolVal(False), s, None)
        target = cell + SQUARES
        d.clear(cell)
        d.put(mover_is_white, target)
        return Outcome(z3.And(own, s.empty(target)), d.state(s.focus, s.status), target)
    # TRAVEL.BACKWARD(.SUPPLY): to an empty square on the previous era; a copy
    # from supply stays on the square left.
    if era == 0:
        return Outcome(z3.BoolVal(False), s, None)
    target = cell - SQUARES
    d.put(mover_is_white, target)
    d.supply[mover] = s.supply[mover] - 1
    return Outcome(z3.And(own, s.empty(target), s.supply[mover] >= 1), d.state(s.focus, s.status), target)


# --- a whole turn ---------------------------------------------------------------


@dataclass(frozen=True)
class TurnVars:
    """A turn as integers: the chosen copy's cell (-1 for none), the number of
    actions, the first and second action (0 when absent) and the new Focus."""

    chosen: Term
    count: Term
    first: Term
    second: Term
    focus: Term


def fresh_turn(prefix: str) -> TurnVars:
    return TurnVars(*(z3.Int(f"{prefix}_{name}") for name in ("chosen", "count", "first", "second", "focus")))


@dataclass(frozen=True)
class TurnModel:
    """For one mover colour: ``legal`` says the turn variables name a legal
    turn from ``before``; ``after`` is the position it leads to, and
    ``acted`` the position after the actions, before the Focus moves."""

    mover: int
    before: State
    turn: TurnVars
    legal: Term
    acted: State
    after: State
    on_focus: tuple[Term, ...]
    can_one: tuple[Term, ...]
    can_two: tuple[Term, ...]


def _cascade(base: State, paths: list[tuple[Term, State]]) -> State:
    """A state equal to the path's state under its (exclusive) condition, else ``base``."""

    def pick(get: Any) -> Term:
        value = get(base)
        for cond, s in paths:
            v = get(s)
            if not v.eq(get(base)):
                value = z3.If(cond, v, value)
        return value

    copies = tuple(tuple(pick(lambda s, k=k, c=c: s.copies[k][c]) for c in range(CELLS)) for k in (0, 1))
    return State(
        copies=(copies[0], copies[1]),
        supply=(pick(lambda s: s.supply[0]), pick(lambda s: s.supply[1])),
        removed=(pick(lambda s: s.removed[0]), pick(lambda s: s.removed[1])),
        focus=base.focus,
        status=base.status,
    )


# The turn's clauses, one function each (a named break in `properties.model_breaks` replaces one).


def on_focus_era(before: State, mover: int, cell: int) -> Term:
    """TURN.COPY-CHOICE: the mover's copy on ``cell`` stands on the mover's Focus era."""
    return z3.And(before.has(mover, cell), before.focus[mover] == cell // SQUARES)


def longest_sequence(any_two: Term, any_one: Term) -> Term:
    """TURN.ACTION-COUNT: the longest action sequence any copy on the Focus era has (0-2)."""
    return z3.If(any_two, 2, z3.If(any_one, 1, 0))


def action_count_ok(count: Term, longest: Term) -> Term:
    """TURN.ACTION-COUNT: the turn takes exactly the longest sequence."""
    return count == longest


def focus_target_ok(new_focus: Term, focus: Term) -> Term:
    """FOCUS.MOVE: the Focus goes to another era."""
    return new_focus != focus


def to_move(before: State, mover: int) -> Term:
    """TURN.ORDER, TURN.GAME-OVER: the mover is to move (a won position has no one to move)."""
    return before.status == mover


SELF_PUSH = ("self-push=paradox", "self-push=ends", "self-push=whole-turn")
VARIANTS = (*SELF_PUSH, "copy-choice=free")


def turn_model(before: State, turn: TurnVars, mover: int, variants: frozenset[str] = frozenset()) -> TurnModel:
    """The legal turns of ``mover`` and where they lead.

    TURN.NO-COPY / TURN.NO-ACTION: with no copy on the Focus era, or none that
    can act, the turn has no actions and names no copy.  TURN.COPY-CHOICE: the
    chosen copy is the mover's, on the Focus era, and its longest action
    sequence is the longest of all the mover's copies there.
    TURN.ACTION-COUNT: it takes exactly that many actions.  TURN.ACTIVE-COPY:
    the second action is taken by the same copy, wherever it went.
    FOCUS.MOVE: the Focus goes to another era.  WIN.CHECK and
    WIN.MOVER-NOT-CHECKED: the mover wins when the opponent is then on at most
    one era; otherwise TURN.ORDER passes the turn.  TURN.GAME-OVER: a won
    position has no turn.
    """
    focus = before.focus[mover]
    self_push = bool(variants & set(SELF_PUSH))
    extra: dict[str, bool] = {"self_push": True} if self_push else {}
    on_focus, can_one, can_two = [], [], []
    one_paths: list[tuple[Term, Term, State]] = []  # (selector, legal, after)
    two_paths: list[tuple[Term, Term, State]] = []
    ended: list[Term] = []  # a one-action turn whose action was a self-push
    for cell in range(CELLS):
        on_focus.append(on_focus_era(before, mover, cell))
        ones, twos = [], []
        for a in range(len(ACTIONS)):
            first = act(before, mover, cell, a, **extra)
            if first.dest is None:
                continue
            ones.append(first.legal)
            one = z3.And(turn.chosen == cell, turn.count == 1, turn.first == a)
            one_paths.append((one, first.legal, first.after))
            if self_push:
                ended.append(z3.And(one, first.ends))
                if "self-push=whole-turn" in variants:  # VARIANT.SELF-PUSH-WHOLE-TURN: it counts as two
                    twos.append(z3.And(first.legal, first.ends))
            for b in range(len(ACTIONS)):
                second = act(first.after, mover, first.dest, b, **extra)
                if second.dest is None:
                    continue
                both = z3.And(first.legal, z3.Not(first.ends), second.legal)
                twos.append(both)
                select = z3.And(turn.chosen == cell, turn.count == 2, turn.first == a, turn.second == b)
                two_paths.append((select, both, second.after))
        can_one.append(z3.Or(ones))
        can_two.append(z3.Or(twos))
    any_two = z3.Or([z3.And(f, t) for f, t in zip(on_focus, can_two, strict=True)])
    any_one = z3.Or([z3.And(f, o) for f, o in zip(on_focus, can_one, strict=True)])
    longest = longest_sequence(any_two, any_one)

    def longest_of(cell: int) -> Term:
        return z3.If(can_two[cell], 2, z3.If(can_one[cell], 1, 0))

    shape = z3.And(
        turn.count >= 0, turn.count <= 2,
        turn.first >= 0, turn.first < len(ACTIONS), turn.second >= 0, turn.second < len(ACTIONS),
        z3.Implies(turn.count < 2, turn.second == 0), z3.Implies(turn.count < 1, turn.first == 0),
        turn.focus >= 0, turn.focus < ERAS,
    )
    ends_early = z3.Or(ended) if ended else FALSE

    def count_ok(required: Term) -> Term:
        if "self-push=ends" in variants or "self-push=whole-turn" in variants:
            # VARIANT.SELF-PUSH-ENDS / -WHOLE-TURN: a self-push may end the turn after one action
            return z3.Or(action_count_ok(turn.count, required), z3.And(turn.count == 1, ends_early))
        return action_count_ok(turn.count, required)

    if "copy-choice=free" in variants:
        # VARIANT.COPY-CHOICE-FREE: any copy on the Focus era; one that can take no action is the
        # turn without a copy, legal when such a copy exists (or none is there, TURN.NO-COPY).
        idle = z3.Or([z3.Not(z3.Or(on_focus))] + [z3.And(on_focus[c], longest_of(c) == 0) for c in range(CELLS)])
        chosen_ok = z3.Or(
            z3.And(turn.chosen == -1, turn.count == 0, idle),
            z3.Or([z3.And(turn.chosen == c, on_focus[c], longest_of(c) > 0, count_ok(longest_of(c)))
                   for c in range(CELLS)]),
        )
    else:
        chosen_ok = z3.If(
            longest == 0,
            z3.And(turn.chosen == -1, turn.count == 0),
            z3.And(
                z3.Or([z3.And(turn.chosen == c, on_focus[c], longest_of(c) == longest) for c in range(CELLS)]),
                count_ok(longest),
            ),
        )
    actions_ok = z3.Or(
        turn.count == 0,
        z3.Or([z3.And(sel, ok) for sel, ok, _ in one_paths]),
        z3.Or([z3.And(sel, ok) for sel, ok, _ in two_paths]),
    )
    legal = z3.And(to_move(before, mover), shape, focus_target_ok(turn.focus, focus), chosen_ok, actions_ok)
    acted = _cascade(before, [(sel, s) for sel, _, s in one_paths + two_paths])
    after = finish(acted, mover, turn.focus)
    return TurnModel(mover, before, turn, legal, acted, after, tuple(on_focus), tuple(can_one), tuple(can_two))


def finish(acted: State, mover: int, new_focus: Term) -> State:
    """The end of the turn (TURN.END): the Focus moves, then WIN.CHECK counts
    only the opponent's eras (WIN.MOVER-NOT-CHECKED), else TURN.ORDER."""
    opponent = 1 - mover
    focus = (new_focus, acted.focus[1]) if mover == WHITE else (acted.focus[0], new_focus)
    status = z3.If(acted.eras(opponent) <= 1, 2 + mover, opponent)
    return State(acted.copies, acted.supply, acted.removed, focus, status)


def play(before: State, mover: int, chosen: int | None, actions: tuple[int, ...], self_push: bool = False) -> State:
    """The state after a given sequence of actions, legality aside: the actions
    in order by the same copy (TURN.ACTIVE-COPY).  `finish` then ends the
    turn.  With concrete values in ``before`` each term of the result is a
    value or simplifies to one."""
    state, cell = before, chosen
    for a in actions:
        assert cell is not None
        outcome = act(state, mover, cell, a, self_push) if self_push else act(state, mover, cell, a)
        state, cell = outcome.after, outcome.dest
    return state


@cache
def symbolic_models(variants: frozenset[str] = frozenset()) -> tuple[State, TurnVars, tuple[TurnModel, TurnModel]]:
    """One symbolic position, one symbolic turn, and the turn model for each
    mover, under ``variants`` (a subset of `VARIANTS`).  Built once per process
    and variant set (it takes a few seconds)."""
    before = fresh_state("s")
    turn = fresh_turn("t")
    return before, turn, (turn_model(before, turn, WHITE, variants), turn_model(before, turn, BLACK, variants))


# --- concrete positions ------------------------------------------------------------


@dataclass(frozen=True)
class Concrete:
    """A position as plain values, in the model's vocabulary: white and black
    cells, supplies, removed counts, Foci (era numbers) and status."""

    white: frozenset[int]
    black: frozenset[int]
    supply: tuple[int, int]
    removed: tuple[int, int]
    focus: tuple[int, int]
    status: int


def constant(p: Concrete) -> State:
    """The concrete position ``p`` as a state of Z3 values."""
    return State(
        copies=(tuple(TRUE if c in p.white else FALSE for c in range(CELLS)),
                tuple(TRUE if c in p.black else FALSE for c in range(CELLS))),
        supply=(z3.IntVal(p.supply[0]), z3.IntVal(p.supply[1])),
        removed=(z3.IntVal(p.removed[0]), z3.IntVal(p.removed[1])),
        focus=(z3.IntVal(p.focus[0]), z3.IntVal(p.focus[1])),
        status=z3.IntVal(p.status),
    )


def substitution(s: State, p: Concrete) -> list[tuple[Term, Term]]:
    """Pairs (variable of ``s``, its value in ``p``) for `z3.substitute`."""
    value = constant(p)
    pairs = [(s.copies[k][c], value.copies[k][c]) for k in (WHITE, BLACK) for c in range(CELLS)]
    for k in (WHITE, BLACK):
        pairs += [(s.supply[k], value.supply[k]), (s.removed[k], value.removed[k]), (s.focus[k], value.focus[k])]
    pairs.append((s.status, value.status))
    return pairs


def pin(s: State, p: Concrete) -> Term:
    """The constraint that ``s`` is the concrete position ``p``."""
    parts = [s.copies[0][c] == (c in p.white) for c in range(CELLS)]
    parts += [s.copies[1][c] == (c in p.black) for c in range(CELLS)]
    for k in (WHITE, BLACK):
        parts += [s.supply[k] == p.supply[k], s.removed[k] == p.removed[k], s.focus[k] == p.focus[k]]
    parts.append(s.status == p.status)
    return z3.And(parts)


def read(model: z3.ModelRef | None, s: State) -> Concrete:
    """The concrete position that ``model`` gives ``s``; with no model, ``s``
    must be made of values (see `play`) and is simplified."""

    def value(t: Term) -> Term:
        return z3.simplify(t) if model is None else model.eval(t, model_completion=True)

    def truth(t: Term) -> bool:
        v = known(t) if model is None else None
        if v is not None:
            return v
        v = value(t)
        if not (z3.is_true(v) or z3.is_false(v)):
            raise ValueError(f"not a Boolean value: {v}")
        return bool(z3.is_true(v))

    def number(t: Term) -> int:
        return int(value(t).as_long())

    return Concrete(
        white=frozenset(c for c in range(CELLS) if truth(s.copies[0][c])),
        black=frozenset(c for c in range(CELLS) if truth(s.copies[1][c])),
        supply=(number(s.supply[0]), number(s.supply[1])),
        removed=(number(s.removed[0]), number(s.removed[1])),
        focus=(number(s.focus[0]), number(s.focus[1])),
        status=number(s.status),
    )


@dataclass(frozen=True)
class ConcreteTurn:
    """A turn in the model's vocabulary: the chosen cell (None for none), the
    action numbers and the new Focus era."""

    chosen: int | None
    actions: tuple[int, ...]
    focus: int


def read_turn(model: z3.ModelRef, turn: TurnVars) -> ConcreteTurn:
    def number(t: Term) -> int:
        return int(model.eval(t, model_completion=True).as_long())

    count = number(turn.count)
    chosen = number(turn.chosen)
    actions = (number(turn.first), number(turn.second))[:count]
    return ConcreteTurn(None if chosen < 0 else chosen, actions, number(turn.focus))


def block(turn: TurnVars, t: ConcreteTurn) -> Term:
    """A clause that excludes turn ``t``."""
    actions = [*t.actions, 0, 0]
    return z3.Or(
        turn.chosen != (-1 if t.chosen is None else t.chosen),
        turn.count != len(t.actions),
        turn.first != actions[0],
        turn.second != actions[1],
        turn.focus != t.focus,
    )
