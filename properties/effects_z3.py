"""An independent model of the order of effects (EFFECTS.*), the Z3 theorems
proved on it, and the values the differential check compares with the engine.

This is the one deliberate second copy of the rules: it never imports the
oracle.  It covers what happens after an action has resolved in its own era:
each later era, in time order, applies the effects the era before recorded,
in three phases (every removal, then every placement, then every movement),
and records what it hands on.  It knows every object of the three chapters
(copies, seeds, shrubs, trees, fallen trees, statues, elephants and hats) and
every effect kind: SeedRemoved, ShrubRemoved, SeedPlaced, ShrubGrown,
StatueBuilt, Trained and StatueMoved.

One era is a `World`: per square, the solid thing on it (a number, below), a
seed flag and a hat.  The same code runs on concrete values (Python ints and
bools: the 4x4 boards of the differential check) and on Z3 terms (symbolic
contents of a small board: the theorems); `ite` picks a branch when the
condition is concrete and builds a Z3 ``If`` when it is not.  Where a rule
would put a solid thing on a square that already holds one, the model writes
COLLISION instead of overwriting, so "no square holds two solid things" is a
claim about the model's result, not a property of its encoding.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

import z3

# --- what a square holds ------------------------------------------------------------------------

EMPTY, WHITE, BLACK = 0, 1, 2
NEUTRAL, WHITE_STATUE, BLACK_STATUE = 3, 4, 5
SHRUB, TREE, DARK, LIGHT = 6, 7, 8, 9
COLLISION = 10
FALLEN = 16
"""A fallen tree is FALLEN + its root square (the square it fell from)."""
STATUES = (NEUTRAL, WHITE_STATUE, BLACK_STATUE)
ELEPHANTS = (DARK, LIGHT)
NO_HAT = 0  # else WHITE or BLACK, the colour of the hat an elephant wears

Value = Any  # an int, a bool, or a Z3 term of that sort


def ite(condition: Value, yes: Value, no: Value) -> Value:
    """``yes`` if ``condition`` else ``no``: a Python choice when the condition is concrete."""
    if isinstance(condition, bool):
        return yes if condition else no
    if z3.is_true(condition):
        return yes
    if z3.is_false(condition):
        return no
    return z3.If(condition, yes, no)


def both(*conditions: Value) -> Value:
    if all(isinstance(c, bool) for c in conditions):
        return all(conditions)
    return z3.And(*conditions)


def either(*conditions: Value) -> Value:
    if all(isinstance(c, bool) for c in conditions):
        return any(conditions)
    return z3.Or(*conditions)


def negate(condition: Value) -> Value:
    return (not condition) if isinstance(condition, bool) else z3.Not(condition)


def is_copy(v: Value) -> Value:
    return either(v == WHITE, v == BLACK)


def is_statue(v: Value) -> Value:
    return either(*(v == s for s in STATUES))


def is_fallen(v: Value) -> Value:
    return v >= FALLEN


def is_object(v: Value) -> Value:
    """A solid thing that is not a copy."""
    return both(v != EMPTY, negate(is_copy(v)))


# --- the geometry -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Geometry:
    """The squares of one era and the step from a square in a direction."""

    size: int
    steps: dict[str, tuple[int | None, ...]]  # direction -> the square one step on, or None at the wall
    opposite: dict[str, str]

    def beyond(self, square: int, direction: str) -> int | None:
        return self.steps[direction][square]

    def neighbours(self, square: int) -> list[int]:
        return [t for d in self.steps if (t := self.steps[d][square]) is not None]


def grid(width: int, height: int) -> Geometry:
    """A board of ``width`` x ``height`` squares, square = y * width + x (4 x 4: a1 b1 c1 d1 a2 ...)."""
    moves = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
    steps: dict[str, tuple[int | None, ...]] = {}
    for d, (dx, dy) in moves.items():
        row: list[int | None] = []
        for s in range(width * height):
            x, y = s % width + dx, s // width + dy
            row.append(y * width + x if 0 <= x < width and 0 <= y < height else None)
        steps[d] = tuple(row)
    return Geometry(width * height, steps, {"N": "S", "S": "N", "E": "W", "W": "E"})


BOARD = grid(4, 4)


# --- effects ------------------------------------------------------------------------------------

REMOVAL, PLACEMENT, MOVEMENT = 0, 1, 2


@dataclass(frozen=True)
class Effect:
    """One effect an era hands to the next.  ``kind`` is one of KINDS;
    ``square`` a square (or, for Trained, the elephant); ``owner`` a statue
    (NEUTRAL, WHITE_STATUE, BLACK_STATUE) or a hat colour; ``direction`` a
    direction or "".  ``owner`` may be a Z3 term (which statue moved
    depends on what stood on the square); ``guard`` says whether the effect
    was recorded at all."""

    kind: str
    square: int = 0
    owner: Value = 0
    direction: str = ""
    guard: Value = True


PHASE = {"SeedRemoved": REMOVAL, "ShrubRemoved": REMOVAL, "SeedPlaced": PLACEMENT, "ShrubGrown": PLACEMENT,
         "StatueBuilt": PLACEMENT, "Trained": PLACEMENT, "StatueMoved": MOVEMENT}
KINDS = tuple(PHASE)


# --- one era ------------------------------------------------------------------------------------


@dataclass
class World:
    """One era while the effects reaching it are applied."""

    geometry: Geometry
    solid: list[Value]
    seed: list[Value]
    hat: list[Value]
    removed: list[Value] = field(default_factory=lambda: [0, 0])  # copies killed, White's then Black's
    supply: Value = 0  # seeds returned to the shared supply
    spent: dict[int, Value] = field(default_factory=lambda: {s: False for s in STATUES})
    events: Value = 0
    records: list[Effect] = field(default_factory=list)

    def copy(self) -> World:
        return World(self.geometry, list(self.solid), list(self.seed), list(self.hat), list(self.removed),
                     self.supply, dict(self.spent), self.events, list(self.records))


def merge(condition: Value, yes: World, no: World, shared: int) -> World:
    """The world ``yes`` where ``condition`` holds, else ``no``; both began as
    copies of one world with ``shared`` records, and each record added since
    is guarded by its branch's condition."""
    def pick(a: list[Value], b: list[Value]) -> list[Value]:
        return [x if x is y else ite(condition, x, y) for x, y in zip(a, b, strict=True)]

    records = yes.records[:shared]
    records += [replace(e, guard=both(condition, e.guard)) for e in yes.records[shared:]]
    records += [replace(e, guard=both(negate(condition), e.guard)) for e in no.records[shared:]]
    return World(yes.geometry, pick(yes.solid, no.solid), pick(yes.seed, no.seed), pick(yes.hat, no.hat),
                 pick(yes.removed, no.removed), ite(condition, yes.supply, no.supply),
                 {s: ite(condition, yes.spent[s], no.spent[s]) for s in STATUES},
                 ite(condition, yes.events, no.events), records)


def branch(world: World, condition: Value, yes: Callable[[World], None], no: Callable[[World], None]) -> World:
    """Run ``yes`` on a copy where ``condition`` holds and ``no`` on another; the merged world.
    With a concrete condition only the chosen branch runs, on ``world`` itself."""
    if isinstance(condition, bool) or z3.is_true(condition) or z3.is_false(condition):
        (yes if ite(condition, True, False) else no)(world)
        return world
    a, b = world.copy(), world.copy()
    yes(a)
    no(b)
    return merge(condition, a, b, len(world.records))


def nothing(world: World) -> None:
    return None


def put(world: World, square: int, value: Value) -> None:
    """A solid thing arrives on ``square``: on an occupied square the model writes COLLISION."""
    world.solid[square] = ite(world.solid[square] == EMPTY, value, COLLISION)


def event(world: World, happened: Value = True) -> None:
    world.events = world.events + ite(happened, 1, 0)


def record(world: World, effect: Effect) -> None:
    """Hand ``effect`` to the next era, if its guard may hold."""
    if not (isinstance(effect.guard, bool) and not effect.guard):
        world.records.append(effect)


def immovable(world: World, square: int, direction: str) -> Value:
    """Whether the thing on ``square`` stays put when entered in ``direction``:
    a shrub, a fallen tree or an elephant always; a standing tree or a statue
    when the square beyond cannot take it; never a copy or an empty square."""
    v = world.solid[square]
    t = world.geometry.beyond(square, direction)
    stuck = True if t is None else immovable(world, t, direction)
    return either(v == SHRUB, is_fallen(v), v == DARK, v == LIGHT, both(either(v == TREE, is_statue(v)), stuck))


def clear_seed(world: World, square: int) -> None:
    """A statue or a falling tree arrives on a seed: it goes back to the supply, and its shrub next era."""
    here = world.seed[square]
    world.seed[square] = False
    world.supply = world.supply + ite(here, 1, 0)
    event(world, here)
    record(world, Effect("SeedRemoved", square, guard=here))


def make_way(world: World, square: int, direction: str) -> None:
    """The movable object on ``square`` leaves it: a statue is pushed, a standing tree falls."""
    v = world.solid[square]
    _assign(world, branch(world, is_statue(v), lambda w: push_statue(w, square, direction),
                          lambda w: branch_into(w, v == TREE, lambda x: fall(x, square, direction))))


def branch_into(world: World, condition: Value, action: Callable[[World], None]) -> None:
    """Run ``action`` on ``world`` where ``condition`` holds; elsewhere leave it."""
    _assign(world, branch(world, condition, action, nothing))


def _assign(world: World, other: World) -> None:
    """Make ``world`` what ``other`` is (the result of a branch)."""
    if other is world:
        return
    world.solid, world.seed, world.hat = other.solid, other.seed, other.hat
    world.removed, world.supply, world.spent = other.removed, other.supply, other.spent
    world.events, world.records = other.events, other.records


def clear_ahead(world: World, square: int, direction: str) -> None:
    """Whatever is on ``square`` makes way for a thing entering it in ``direction``
    (the caller knows it is not immovable): a copy is pushed, an object makes way."""
    v = world.solid[square]
    _assign(world, branch(world, is_copy(v), lambda w: push_copy(w, square, direction),
                          lambda w: branch_into(w, is_object(v), lambda x: make_way(x, square, direction))))


def push_copy(world: World, square: int, direction: str) -> None:
    """The copy on ``square`` is pushed one step: it dies against the wall or an
    immovable thing, meets its own colour in a paradox, or moves on, what is
    ahead going first."""
    v = world.solid[square]
    t = world.geometry.beyond(square, direction)

    def dies(w: World) -> None:
        w.removed = [w.removed[0] + ite(v == WHITE, 1, 0), w.removed[1] + ite(v == BLACK, 1, 0)]
        w.solid[square] = EMPTY
        event(w)

    if t is None:
        dies(world)
        return

    def paradox(w: World) -> None:
        w.removed = [w.removed[0] + ite(v == WHITE, 2, 0), w.removed[1] + ite(v == BLACK, 2, 0)]
        w.solid[square] = EMPTY
        w.solid[t] = EMPTY
        event(w)

    def moves(w: World) -> None:
        clear_ahead(w, t, direction)
        w.solid[square] = EMPTY
        put(w, t, v)
        event(w)

    ahead = world.solid[t]
    _assign(world, branch(world, immovable(world, t, direction), dies,
                          lambda w: _assign(w, branch(w, ahead == v, paradox, moves))))


def push_statue(world: World, square: int, direction: str) -> None:
    """The statue on ``square`` moves one step (the caller knows it can):
    what is ahead makes way first, a seed there goes, and the move is recorded."""
    v = world.solid[square]
    t = world.geometry.beyond(square, direction)
    if t is None:
        return  # only on a symbolic branch whose condition (it can move) is false
    clear_ahead(world, t, direction)
    clear_seed(world, t)
    world.solid[square] = EMPTY
    put(world, t, v)
    for s in STATUES:
        world.spent[s] = either(world.spent[s], v == s)
    event(world)
    record(world, Effect("StatueMoved", owner=v, direction=direction))


def fall(world: World, square: int, direction: str) -> None:
    """The standing tree on ``square`` falls one step (the caller knows it can):
    what is ahead makes way, a copy there is crushed, a seed there goes."""
    t = world.geometry.beyond(square, direction)
    if t is None:
        return  # only on a symbolic branch whose condition (it can fall) is false
    ahead = world.solid[t]
    branch_into(world, is_object(ahead), lambda w: make_way(w, t, direction))
    landed = world.solid[t]
    crushed = is_copy(landed)
    world.removed = [world.removed[0] + ite(landed == WHITE, 1, 0), world.removed[1] + ite(landed == BLACK, 1, 0)]
    world.solid[t] = ite(crushed, EMPTY, world.solid[t])
    event(world, crushed)
    clear_seed(world, t)
    world.solid[square] = EMPTY
    put(world, t, FALLEN + square)
    event(world)


# --- the effects, one by one --------------------------------------------------------------------


def seed_removed(world: World, effect: Effect) -> None:
    """GROWTH.CASCADE.SHRUB: the shrub on the square goes, and its tree next era."""
    s = effect.square
    here = world.solid[s] == SHRUB
    world.solid[s] = ite(here, EMPTY, world.solid[s])
    event(world, here)
    record(world, Effect("ShrubRemoved", s, guard=here))


def shrub_removed(world: World, effect: Effect) -> None:
    """GROWTH.CASCADE.TREE: the standing tree on the square goes, or else every fallen tree rooted there."""
    s = effect.square
    standing = world.solid[s] == TREE
    world.solid[s] = ite(standing, EMPTY, world.solid[s])
    event(world, standing)
    for n in world.geometry.neighbours(s):
        lying = both(negate(standing), world.solid[n] == FALLEN + s)
        world.solid[n] = ite(lying, EMPTY, world.solid[n])
        event(world, lying)


def grows(world: World, effect: Effect, what: int) -> None:
    """GROWTH.GROW: a shrub or a tree grows only on a square holding nothing at all."""
    s = effect.square
    free = both(world.solid[s] == EMPTY, negate(world.seed[s]))
    world.solid[s] = ite(free, what, world.solid[s])
    event(world, free)
    if what == SHRUB:
        record(world, Effect("ShrubGrown", s, guard=free))


def trained(world: World, effect: Effect) -> None:
    """MEMORY.TRAIN.LATER: the same elephant here takes the hat if it is wild, and hands it on."""
    kind, colour = effect.square, effect.owner
    other = LIGHT if kind == DARK else DARK
    for s in range(world.geometry.size):
        wild_here = both(world.solid[s] == kind, world.hat[s] == NO_HAT)
        for o in range(world.geometry.size):
            off = both(wild_here, world.solid[o] == other, world.hat[o] == colour)
            world.hat[o] = ite(off, NO_HAT, world.hat[o])
            event(world, off)
        world.hat[s] = ite(wild_here, colour, world.hat[s])
        event(world, wild_here)
        record(world, Effect("Trained", kind, colour, guard=wild_here))


def statue_moved(world: World, effect: Effect) -> None:
    """INFLUENCE.PROPAGATE: the same statue tries the same move from its own
    square, unless it has moved already (spent) or is blocked (it halts)."""
    d = effect.direction

    def halts(w: World) -> None:
        event(w)

    for owner in STATUES:
        for s in range(world.geometry.size):
            here = both(effect.owner == owner, negate(world.spent[owner]), world.solid[s] == owner)

            def tries(w: World, s: int = s) -> None:
                _assign(w, branch(w, immovable(w, s, d), halts, lambda x: push_statue(x, s, d)))

            _assign(world, branch(world, here, tries, nothing))


def statue_built(world: World, effect: Effect) -> None:
    """INFLUENCE.BUILD.LATER: the statue's copy goes on P, its occupant pushed
    on; or, if that cannot move, it rebounds to the square before P; or none."""
    owner, p, d = effect.owner, effect.square, effect.direction
    back = world.geometry.opposite[d]

    def onto_p(w: World) -> None:
        clear_ahead(w, p, d)
        clear_seed(w, p)
        put(w, p, owner)
        event(w)
        record(w, Effect("StatueBuilt", p, owner, d))

    q = world.geometry.beyond(p, back)

    def rebound(w: World) -> None:
        if q is None:
            event(w)  # unplaced
            return

        def onto_q(x: World) -> None:
            clear_ahead(x, q, back)
            clear_seed(x, q)
            x.spent[owner] = True
            put(x, q, owner)
            event(x)
            record(x, Effect("StatueBuilt", q, owner, d))

        _assign(w, branch(w, immovable(w, q, back), lambda x: event(x), onto_q))

    stuck = both(world.solid[p] != EMPTY, immovable(world, p, d))
    _assign(world, branch(world, stuck, rebound, onto_p))


APPLY: dict[str, Callable[[World, Effect], None]] = {
    "SeedRemoved": seed_removed,
    "ShrubRemoved": shrub_removed,
    "SeedPlaced": lambda w, e: grows(w, e, SHRUB),
    "ShrubGrown": lambda w, e: grows(w, e, TREE),
    "Trained": trained,
    "StatueBuilt": statue_built,
    "StatueMoved": statue_moved,
}


def apply_effect(world: World, effect: Effect) -> None:
    """Apply one effect if it was recorded at all (its guard)."""
    _assign(world, branch(world, effect.guard, lambda w: APPLY[effect.kind](w, effect), nothing))


def apply_era(world: World, arriving: Sequence[Effect], *, recorded_order: bool = False) -> World:
    """EFFECTS.PHASES: every removal, then every placement, then every
    movement, each in recorded order (under effect-order=recorded: all in
    recorded order).  The world starts with no records; they are what this era hands on."""
    world.records = []
    phases = [list(arriving)] if recorded_order else [[e for e in arriving if PHASE[e.kind] == p]
                                                       for p in (REMOVAL, PLACEMENT, MOVEMENT)]
    for phase in phases:
        for effect in phase:
            apply_effect(world, effect)
    return world


def propagate(eras: list[World], era: int, recorded: Sequence[Effect], *, recorded_order: bool = False) -> list[World]:
    """EFFECTS.ERAS: carry the effects recorded in ``era`` to every later era,
    in time order; each later era applies what the era before recorded."""
    result = [w.copy() for w in eras]
    arriving = list(recorded)
    for k in range(era + 1, len(eras)):
        result[k] = apply_era(result[k], arriving, recorded_order=recorded_order)
        arriving = result[k].records
    return result


# --- the acting era of a Command where two chapters meet -----------------------------------------


def command_into(world: World, source: int, direction: str, pull: bool = False) -> bool:
    """The acting era of a Command in a pair with Memory, on concrete values only: the elephant on
    ``source`` steps ``direction``; whether it may (False: the era is left as it was).

    MEMORY.COMMAND.STEP: onto the board, never onto the other elephant.  What stands on the square
    makes way first by the pair rules (CONVERGENCE.ELEPHANT-TRAMPLE, -TREE, -STATUE): a shrub is trampled
    and its removal recorded (its tree goes on the next era), a fallen tree is trampled, a standing tree
    falls the elephant's way and a statue is pushed its way, each only if it can (else the Command is
    refused).  A seed there goes (recorded), a copy there is trampled, a kill (MEMORY.TRAMPLE).  With
    ``pull`` (CONVERGENCE.ELEPHANT-PULL) the statue directly behind the elephant follows into the square it
    left, and its move is recorded."""
    t = world.geometry.beyond(source, direction)
    if t is None:
        return False
    v = world.solid[t]
    if v in ELEPHANTS or ((v == TREE or is_statue(v)) and immovable(world, t, direction)):
        return False
    back = world.geometry.beyond(source, world.geometry.opposite[direction])
    pulled = back if pull and back is not None and is_statue(world.solid[back]) else None
    if pull and pulled is None:
        return False
    if v == SHRUB or is_fallen(v):
        world.solid[t] = EMPTY
        event(world)
        if v == SHRUB:
            record(world, Effect("ShrubRemoved", t))
    elif v == TREE:
        fall(world, t, direction)
    elif is_statue(v):
        push_statue(world, t, direction)
    clear_seed(world, t)
    landed = world.solid[t]
    if is_copy(landed):
        world.removed = [world.removed[0] + (landed == WHITE), world.removed[1] + (landed == BLACK)]
        event(world)
    world.solid[t], world.hat[t] = world.solid[source], world.hat[source]
    world.solid[source], world.hat[source] = EMPTY, NO_HAT
    event(world)
    if pulled is not None:
        statue = world.solid[pulled]
        world.solid[pulled], world.solid[source] = EMPTY, statue
        world.spent[statue] = True
        event(world)
        record(world, Effect("StatueMoved", owner=statue, direction=direction))
    return True


def move_into(world: World, source: int, direction: str, colour: Value) -> Value:
    """The acting era of a copy's own Move, on concrete values or Z3 terms: the copy of ``colour`` on
    ``source`` steps ``direction``; whether it may (on a refused Move ``world`` means nothing).

    OBJECTS.MOVE: onto the board, never onto a copy of its own colour, never into a thing that stays put
    (a shrub, a fallen tree or an elephant; a standing tree that cannot fall or a statue that cannot be
    pushed that way).  What stands there makes way first by the model's push (a copy is pushed, a tree
    falls, a statue is pushed, each recording what the next era must repeat), so the other chapter's
    objects meet as the pair rules have it (CONVERGENCE.STATUE-TREE, -STATUE-SEED, -STATUE-BLOCKED); a seed
    there stays, under the copy."""
    t = world.geometry.beyond(source, direction)
    if t is None:
        return False
    legal = both(world.solid[t] != colour, negate(immovable(world, t, direction)))
    clear_ahead(world, t, direction)
    world.solid[source] = EMPTY
    put(world, t, colour)
    event(world)
    return legal


# --- validity: what every era of a position satisfies -------------------------------------------


def count(values: Sequence[Value], wanted: int) -> Value:
    return z3.Sum([z3.If(v == wanted, 1, 0) for v in values])


def valid(world: World) -> list[Value]:
    """One solid thing per square, each a known thing (never COLLISION); a
    seed only alone or under a copy; each statue and elephant at most once; a
    fallen tree lies next to its root, at most one per root, and none is
    rooted under a standing tree (a tree falls once: its root's shrub is
    still on the era before, so no second tree grows there); hats only on
    elephants, one per colour."""
    g = world.geometry
    facts: list[Value] = []
    for s in range(g.size):
        v = world.solid[s]
        roots = [FALLEN + r for r in g.neighbours(s)]
        facts.append(z3.Or(z3.And(v >= EMPTY, v < COLLISION), *(v == r for r in roots)))
        facts.append(z3.Implies(world.seed[s], z3.Or(v == EMPTY, is_copy(v))))
        facts.append(z3.Or(world.hat[s] == NO_HAT, z3.And(z3.Or(v == DARK, v == LIGHT),
                                                            z3.Or(world.hat[s] == WHITE, world.hat[s] == BLACK))))
    for thing in (*STATUES, *ELEPHANTS):
        facts.append(count(world.solid, thing) <= 1)
    for r in range(g.size):
        lying = count(world.solid, FALLEN + r)
        facts.append(z3.If(world.solid[r] == TREE, lying == 0, lying <= 1))
    for colour in (WHITE, BLACK):
        facts.append(count(world.hat, colour) <= 1)
    return facts


def symbolic_world(geometry: Geometry, name: str) -> World:
    n = geometry.size
    return World(geometry, [z3.Int(f"{name}_solid{s}") for s in range(n)],
                 [z3.Bool(f"{name}_seed{s}") for s in range(n)], [z3.Int(f"{name}_hat{s}") for s in range(n)],
                 spent={s: z3.Bool(f"{name}_spent{s}") for s in STATUES})


def alphabet(geometry: Geometry) -> list[Effect]:
    """Every effect that can reach an era of ``geometry``."""
    n, dirs = geometry.size, list(geometry.steps)
    effects = [Effect(kind, s) for kind in ("SeedRemoved", "ShrubRemoved", "SeedPlaced", "ShrubGrown")
               for s in range(n)]
    effects += [Effect("Trained", kind, colour) for kind in ELEPHANTS for colour in (WHITE, BLACK)]
    effects += [Effect("StatueMoved", owner=o, direction=d) for o in STATUES for d in dirs]
    effects += [Effect("StatueBuilt", s, o, d) for o in (WHITE_STATUE, BLACK_STATUE) for s in range(n) for d in dirs]
    return effects


def may_arrive(world: World, effect: Effect) -> list[Value]:
    """What an era always satisfies when ``effect`` reaches it: a statue's
    build copy arrives only on an era without that statue (a player builds
    once, and its copies stand on a run of eras from the build on); a tree's
    growth arrives only where no fallen tree is rooted (the shrub on that
    square of the era before has just grown, and a tree, standing or fallen,
    is rooted on a square only while the shrub below it stands)."""
    if effect.kind == "StatueBuilt":
        return [count(world.solid, effect.owner) == 0]
    if effect.kind == "ShrubGrown":
        return [count(world.solid, FALLEN + effect.square) == 0]
    return []


# --- the theorems -------------------------------------------------------------------------------

BOARDS = ((1, 1), (2, 1), (3, 1), (4, 1), (2, 2), (3, 2))
"""The boards the per-effect theorems are proved on by `./dev prove`: every
line of up to 4 squares (a push, a fall and a rebound each run along one line
of the real board, at most 4 squares long) and two small grids."""
QUICK_BOARDS = ((1, 1), (2, 1), (3, 1))
"""The boards of the test suite's run of the same theorems (the longer boards take minutes)."""


@dataclass(frozen=True)
class EffectsTheorem:
    name: str
    rules: tuple[str, ...]
    statement: str
    check: Callable[[bool], str | None]  # (every board?) -> None when proved; otherwise the counterexample


def recorded(world: World) -> Value:
    """How many effects the world hands on."""
    return z3.Sum([z3.IntVal(0), *(z3.If(e.guard, 1, 0) for e in world.records)])


# Each question's budget, in Z3's resource units rather than milliseconds: the same answer under any load.
RLIMIT = 500_000_000


def _solve(facts: Sequence[Value], claim: Value) -> z3.ModelRef | None:
    solver = z3.Solver()
    solver.set("rlimit", RLIMIT)
    solver.add(*facts)
    solver.add(z3.Not(claim))
    result = solver.check()
    if result == z3.unsat:
        return None
    if result == z3.sat:
        return solver.model()
    raise RuntimeError(f"the solver gave up: {solver.reason_unknown()}")


def _show(m: z3.ModelRef, world: World) -> str:
    cells = [f"{m.eval(v, model_completion=True)}{'s' if z3.is_true(m.eval(z, model_completion=True)) else ''}"
             for v, z in zip(world.solid, world.seed, strict=True)]
    return "[" + " ".join(cells) + "]"


@cache
def applied(width: int, height: int, effect: Effect) -> tuple[World, World]:
    """A symbolic era of a ``width`` x ``height`` board, and the same era after ``effect``."""
    before = symbolic_world(grid(width, height), "w")
    after = before.copy()
    after.records = []
    apply_effect(after, effect)
    return before, after


def one_effect(claim: Callable[[World, World, Effect, int], Value]) -> Callable[[bool], str | None]:
    """Check ``claim(before, after, effect, longest line)`` for every effect
    on every board of BOARDS (or QUICK_BOARDS), from every valid era the
    effect may reach."""

    def check(every_board: bool) -> str | None:
        for width, height in BOARDS if every_board else QUICK_BOARDS:
            geometry = grid(width, height)
            for effect in alphabet(geometry):
                before, after = applied(width, height, effect)
                m = _solve([*valid(before), *may_arrive(before, effect)],
                           claim(before, after, effect, max(width, height)))
                if m is not None:
                    return f"{width}x{height} board, {effect}: {_show(m, before)} -> {_show(m, after)}"
        return None

    return check


def bounded(before: World, after: World, effect: Effect, line: int) -> Value:
    return z3.And(after.events <= 2 * line + 1, recorded(after) <= line + 1)


def one_thing_per_square(before: World, after: World, effect: Effect, line: int) -> Value:
    kept = [count(after.solid, t) == count(before.solid, t) for t in (*STATUES, *ELEPHANTS) if t != effect.owner]
    built = count(after.solid, effect.owner) <= 1 if effect.kind == "StatueBuilt" else z3.BoolVal(True)
    return z3.And(*valid(after), *kept, built)


def _same(a: World, b: World) -> Value:
    return z3.And(*(x == y for x, y in zip(a.solid + a.hat + a.seed, b.solid + b.hat + b.seed, strict=True)))


def earlier_eras_kept(every_board: bool) -> str | None:
    """Propagation from the past (on a 2-square line) and, with every board,
    from the present (on a 3-square line): every era up to the acting one is
    unchanged, and what the next era becomes does not depend on the eras
    after it."""
    for (width, height), acting in (((2, 1), 0), ((3, 1), 1))[: 2 if every_board else 1]:
        geometry = grid(width, height)
        for effect in alphabet(geometry):
            eras = [symbolic_world(geometry, f"era{k}") for k in range(3)]
            other = symbolic_world(geometry, "other")
            for w in (*eras, other):
                w.spent = {s: False for s in STATUES}  # nothing has moved on a later era before the effects arrive
            after = propagate(eras, acting, [effect])
            swapped = propagate([*eras[:2], other], acting, [effect])
            facts = [f for w in (*eras, other) for f in valid(w)] + may_arrive(eras[acting + 1], effect)
            claim = z3.And(*(_same(after[j], eras[j]) for j in range(acting + 1)), _same(after[1], swapped[1]))
            m = _solve(facts, claim)
            if m is not None:
                return f"{width}x{height} board, acting era {acting}, {effect}: " + " | ".join(
                    _show(m, w) for w in eras)
    return None


EFFECTS_THEOREMS = (
    EffectsTheorem(
        "effects-terminate-bounded", ("EFFECTS.ERAS", "EFFECTS.PHASES", "EFFECTS.RECORD"),
        "each effect reaching an era makes at most 2L + 1 events and hands at most L + 1 effects to the next"
        " era (L: the longest line of the board, 4 on the real board), so an era reached by a effects makes at"
        " most 9a events and hands on at most 5a, and the procedure ends after the future",
        one_effect(bounded)),
    EffectsTheorem(
        "effects-one-thing-per-square", ("OBJECTS.SQUARE", "EFFECTS.PHASES", "CONVERGENCE.STATUE-SEED"),
        "applying any effect to a valid era leaves it valid: one solid thing per square, a seed only alone or"
        " under a copy, every statue and elephant still there once; so after any sequence of effects, in the"
        " phase order or any other",
        one_effect(one_thing_per_square)),
    EffectsTheorem(
        "effects-never-change-an-earlier-era", ("EFFECTS.ERAS",),
        "propagation leaves the acting era and every era before it unchanged, and an era's result never"
        " depends on the eras after it",
        earlier_eras_kept),
)


def prove_effects(theorem: EffectsTheorem, *, every_board: bool = True) -> str | None:
    """None when proved; otherwise a counterexample."""
    return theorem.check(every_board)
