"""The chapters' boundary vector sets: whole positions chosen by Z3, one for each named branch and boundary
of a board-level model of a chapter action, in ``vectors/boundaries/<ruleset>/`` (Growth, Memory,
Influence and each Convergence pair).

The model is the order-of-effects model (`properties.effects_z3`) lifted to a whole position: three
symbolic 4 x 4 eras (every square's solid thing, seed and hat), the copies in supply and removed, the
Foci, the seed supply and the build flags, valid by the rules of the ruleset's chapters.  The acting
copy's first action (a Move with its pushes and falls, a Move with pull, Plant, Dig up, Build, Train or
Command) is executed symbolically on its era by the model's own push, fall and placement code, and its
recorded effects are carried to the later eras by the model's `propagate`.  A `Boundary` constrains that
execution (a seed under the moving copy, a shrub and a tree grown from a Plant, a statue pushed onto a
seed, a build whose copy rebounds at the edge, a Train with and without a hat to take, a Command that
tramples a shrub, a supply of 0 or 1, an opponent on no era, ...); Z3 finds a position that meets it.
The acting copy's square, the direction and the aim are hints drawn at random (another is drawn when
the solver finds no position with them); everything else on the board is the solver's choice.

Each position found is checked against the independent models before it is written: this board-level
model itself on every action it holds of every copy on the mover's Focus era (`act_disagreements`), the
order-of-effects differential on every action of every copy, the acting-era Command model on every
Command, and the Growth, Memory and Influence differentials where the ruleset has the chapter.  The
oracle then writes its records exactly as for the standard sets (`properties.boundaries.files`).
``python -m properties.boundaries write|check|coverage`` covers these sets with the standard ones.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import z3

from properties import effects_z3 as zm

Term = Any
ERAS = 3
SQUARES = 16
COPIES, START_SUPPLY = 7, 4
SEEDS = 5
DIRECTIONS = ("N", "E", "S", "W")
BOARD = zm.BOARD
OPPOSITE = BOARD.opposite
FILES, RANKS = "abcd", "1234"


def square_name(square: int) -> str:
    return f"{FILES[square % 4]}{RANKS[square // 4]}"


# --- the symbolic position ----------------------------------------------------------------------


@dataclass
class Board:
    """A symbolic position: the three eras, and what lies off the boards (indexed White, Black)."""

    eras: list[zm.World]
    supply: tuple[Term, Term]
    removed: tuple[Term, Term]
    focus: tuple[Term, Term]
    seeds: Term  # the shared seed supply
    built: tuple[Term, Term]


def symbolic_board() -> Board:
    eras = [zm.symbolic_world(BOARD, f"era{e}") for e in range(ERAS)]
    for world in eras:
        world.spent = {s: False for s in zm.STATUES}  # nothing has moved before the action
    return Board(eras, (z3.Int("supply_w"), z3.Int("supply_b")), (z3.Int("removed_w"), z3.Int("removed_b")),
                 (z3.Int("focus_w"), z3.Int("focus_b")), z3.Int("seed_supply"),
                 (z3.Bool("built_w"), z3.Bool("built_b")))


def copies_of(board: Board, colour: int, era: int | None = None) -> Term:
    """How many copies of ``colour`` (zm.WHITE or zm.BLACK) stand on ``era`` (None: on every era)."""
    eras = range(ERAS) if era is None else (era,)
    return z3.Sum([z3.If(board.eras[e].solid[s] == colour, 1, 0) for e in eras for s in range(SQUARES)])


def eras_of(board: Board, colour: int) -> Term:
    return z3.Sum([z3.If(copies_of(board, colour, e) > 0, 1, 0) for e in range(ERAS)])


def valid(board: Board, chapters: frozenset[str]) -> list[Term]:
    """POSITION.VALID, OBJECTS.VALID, and GROWTH's, MEMORY's and INFLUENCE's validity, read from the spec:
    each era valid as the order-of-effects model has it, only the objects of the chapters in play, a shrub
    never in the past and a tree (standing or fallen) only in the future, five seeds in all, exactly one
    dark and one light elephant and one neutral statue on every era, each player's statue on an unbroken
    run of eras exactly when the player has built, and seven copies of each colour in all."""
    facts: list[Term] = []
    allowed = {zm.EMPTY, zm.WHITE, zm.BLACK}
    if "growth" in chapters:
        allowed |= {zm.SHRUB, zm.TREE}
    if "influence" in chapters:
        allowed |= set(zm.STATUES)
    if "memory" in chapters:
        allowed |= set(zm.ELEPHANTS)
    for e, world in enumerate(board.eras):
        facts += zm.valid(world)
        for s in range(SQUARES):
            v = world.solid[s]
            here = {k for k in allowed if not (k == zm.SHRUB and e == 0) and not (k == zm.TREE and e < 2)}
            fallen = [v == zm.FALLEN + r for r in BOARD.neighbours(s)] if "growth" in chapters and e == 2 else []
            facts.append(z3.Or(*[v == k for k in sorted(here)], *fallen))
            if "growth" not in chapters:
                facts.append(z3.Not(world.seed[s]))
        if "memory" in chapters:
            facts += [zm.count(world.solid, k) == 1 for k in zm.ELEPHANTS]
        if "influence" in chapters:
            facts.append(zm.count(world.solid, zm.NEUTRAL) == 1)
    seeds_on_board = z3.Sum([z3.If(w.seed[s], 1, 0) for w in board.eras for s in range(SQUARES)])
    facts += [board.seeds >= 0, (board.seeds + seeds_on_board if "growth" in chapters else board.seeds) == SEEDS]
    for k, colour in enumerate((zm.WHITE, zm.BLACK)):
        facts += [board.supply[k] >= 0, board.supply[k] <= START_SUPPLY, board.removed[k] >= 0,
                  copies_of(board, colour) + board.supply[k] + board.removed[k] == COPIES,
                  board.focus[k] >= 0, board.focus[k] < ERAS]
        statue = (zm.WHITE_STATUE, zm.BLACK_STATUE)[k]
        on = [zm.count(w.solid, statue) == 1 for w in board.eras]
        if "influence" in chapters:
            facts.append(board.built[k] == z3.Or(on))
            facts.append(z3.Not(z3.And(on[0], z3.Not(on[1]), on[2])))  # an unbroken run of eras
        else:
            facts.append(z3.Not(board.built[k]))
    return facts


# --- the acting copy's first action -------------------------------------------------------------


@dataclass(frozen=True)
class Act:
    """The first action of the turn: ``kind`` by the mover's copy on ``square`` of ``era``.  ``direction``
    is the Move's, the pull's, the build's or the Command's; ``aim`` the Plant's, Dig up's or Build's
    square, the trained elephant's square, or the commanded elephant's square (before it steps)."""

    kind: str  # move, pull, plant, dig, build, train, command
    era: int
    square: int
    direction: str = ""
    aim: int = -1

    def notation(self) -> str:
        """The action as the turn notation writes it."""
        if self.kind == "move":
            return self.direction
        if self.kind == "pull":
            return self.direction + "+"
        if self.kind == "command":
            target = BOARD.beyond(self.aim, self.direction)
            assert target is not None
            return "C" + square_name(target)
        return {"plant": "P", "dig": "D", "build": "B", "train": "T"}[self.kind] + square_name(self.aim)


@dataclass
class Outcome:
    """What the model says the action does: whether it is legal, and the position after it."""

    legal: Term
    eras: list[zm.World]
    seeds: Term
    removed: tuple[Term, Term]
    built: tuple[Term, Term]


def _colour(mover: int) -> int:
    return zm.WHITE if mover == 0 else zm.BLACK


def _move_on(world: zm.World, square: int, direction: str, colour: int) -> Term:
    """The acting copy's Move (`effects_z3.move_into`), as a Z3 term."""
    legal = zm.move_into(world, square, direction, colour)
    return z3.BoolVal(legal) if isinstance(legal, bool) else legal


def _command(world: zm.World, source: int, direction: str, statues: bool = True) -> Term:
    """MEMORY.COMMAND and the pair rules (CONVERGENCE.ELEPHANT-TRAMPLE, -TREE, -STATUE), symbolically: the
    elephant on ``source`` steps ``direction``; a shrub or a fallen tree there is trampled (a shrub's removal
    recorded), a standing tree falls and a statue is pushed its way (each only if it can), a seed goes and
    a copy is trampled.  The same reading as `effects_z3.command_into`, on Z3 terms.  Without ``statues``
    (a ruleset without Influence) the statue's branch is left out of the formula."""
    t = BOARD.beyond(source, direction)
    if t is None:
        return z3.BoolVal(False)
    v = world.solid[t]
    blocked = zm.either(v == zm.DARK, v == zm.LIGHT,
                        zm.both(zm.either(v == zm.TREE, zm.is_statue(v)), zm.immovable(world, t, direction)))

    def trample(w: zm.World) -> None:
        w.solid[t] = zm.EMPTY
        zm.event(w)
        zm.record(w, zm.Effect("ShrubRemoved", t, guard=v == zm.SHRUB))

    def make_way(w: zm.World) -> None:
        zm.branch_into(w, v == zm.TREE, lambda x: zm.fall(x, t, direction))
        if statues:
            zm.branch_into(w, zm.is_statue(w.solid[t]), lambda x: zm.push_statue(x, t, direction))

    zm.branch_into(world, zm.either(v == zm.SHRUB, zm.is_fallen(v)), trample)
    make_way(world)
    zm.clear_seed(world, t)
    landed = world.solid[t]
    world.removed = [world.removed[0] + zm.ite(landed == zm.WHITE, 1, 0),
                     world.removed[1] + zm.ite(landed == zm.BLACK, 1, 0)]
    world.solid[t], world.hat[t] = world.solid[source], world.hat[source]
    world.solid[source], world.hat[source] = zm.EMPTY, zm.NO_HAT
    return zm.negate(blocked)


def act(board: Board, mover: int, a: Act, kind: int = zm.DARK, carry: bool = True,
        chapters: frozenset[str] = frozenset({"growth", "influence", "memory"})) -> Outcome:
    """The model of ``a`` by ``mover`` (0 White, 1 Black) on ``board``, with (``carry``) its effects carried
    to the later eras (EFFECTS.ERAS).  ``kind`` is the trained elephant (a Train's effect names it).
    Without ``carry`` the later eras are left as they were (a boundary about the acting era alone: the
    symbolic propagation of a statue move, whose statue the solver picks, is a large formula)."""
    colour = _colour(mover)
    world = board.eras[a.era].copy()
    world.records = []
    seeds, built = board.seeds, board.built
    statue = (zm.WHITE_STATUE, zm.BLACK_STATUE)[mover]
    on_focus = zm.both(world.solid[a.square] == colour, board.focus[mover] == a.era)
    if a.kind == "move":
        legal = _move_on(world, a.square, a.direction, colour)
    elif a.kind == "pull":  # INFLUENCE.PULL, INFLUENCE.PULL.AFTER-PUSH
        back = BOARD.beyond(a.square, OPPOSITE[a.direction])
        if back is None:
            legal = z3.BoolVal(False)
        else:
            behind = world.solid[back]
            legal = z3.And(zm.is_statue(behind), _move_on(world, a.square, a.direction, colour))
            zm.clear_seed(world, a.square)
            world.solid[back] = zm.EMPTY
            zm.put(world, a.square, behind)
            zm.record(world, zm.Effect("StatueMoved", owner=behind, direction=a.direction))
    elif a.kind == "plant":  # GROWTH.PLANT, GROWTH.REACH
        legal = z3.And(seeds > 0, z3.Not(world.seed[a.aim]), z3.Not(zm.is_object(world.solid[a.aim])))
        world.seed[a.aim] = True
        seeds = seeds - 1
        zm.record(world, zm.Effect("SeedPlaced", a.aim))
    elif a.kind == "dig":  # GROWTH.DIG, GROWTH.SEED-REMOVED
        legal = world.seed[a.aim]
        zm.clear_seed(world, a.aim)
    elif a.kind == "build":  # INFLUENCE.BUILD.ONCE, .SQUARE, INFLUENCE.BUILD
        legal = z3.And(z3.Not(built[mover]), world.solid[a.aim] == zm.EMPTY, z3.Not(world.seed[a.aim]))
        world.solid[a.aim] = statue
        built = (z3.BoolVal(True), built[1]) if mover == 0 else (built[0], z3.BoolVal(True))
        zm.record(world, zm.Effect("StatueBuilt", a.aim, statue, a.direction))
    elif a.kind == "train":  # MEMORY.TRAIN.REACH, .OWN-HAT, MEMORY.TRAIN.HAT
        other = zm.LIGHT if kind == zm.DARK else zm.DARK
        legal = z3.And(world.solid[a.aim] == kind, world.hat[a.aim] != colour)
        for s in range(SQUARES):
            world.hat[s] = zm.ite(zm.both(world.solid[s] == other, world.hat[s] == colour), zm.NO_HAT, world.hat[s])
        world.hat[a.aim] = colour
        zm.record(world, zm.Effect("Trained", kind, colour))
    elif a.kind == "command":  # MEMORY.COMMAND.WHICH, .STEP
        holds = zm.both(zm.either(world.solid[a.aim] == zm.DARK, world.solid[a.aim] == zm.LIGHT),
                        world.hat[a.aim] == colour)
        legal = zm.both(holds, _command(world, a.aim, a.direction, "influence" in chapters))
    else:
        raise ValueError(a.kind)
    eras = [*board.eras[:a.era], world, *board.eras[a.era + 1:]]
    later = zm.propagate(eras, a.era, world.records) if carry else eras
    removed = tuple(board.removed[k] + sum(w.removed[k] for w in later) for k in (0, 1))
    seeds = seeds + sum(w.supply for w in later)
    return Outcome(zm.both(on_focus, legal), later, seeds, (removed[0], removed[1]), built)


# --- the boundaries ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Boundary:
    """A branch or boundary of the model: ``kind`` the action tried, ``constraint(board, act, outcome,
    mover)`` what must hold of the position before it and of the model's outcome."""

    name: str
    what: str
    mover: int
    kind: str
    constraint: Callable[[Board, Act, Outcome, int], Term]
    era: int | None = None  # the acting era, when the boundary needs one
    carry: bool = False  # whether the constraint reads the later eras after the action's effects


Check = Callable[[Board, Act, Outcome, int], Term]


def _after(o: Outcome, a: Act) -> zm.World:
    return o.eras[a.era]


def _seed_under_mover(b: Board, a: Act, o: Outcome, me: int) -> Term:
    return z3.And(b.eras[a.era].seed[a.square], _after(o, a).seed[a.square])


def _plant_here(b: Board, a: Act, o: Outcome, me: int) -> Term:
    return z3.BoolVal(a.aim == a.square)


def _plant_next_door(b: Board, a: Act, o: Outcome, me: int) -> Term:
    return z3.BoolVal(a.aim != a.square)


def _grows_shrub_and_tree(b: Board, a: Act, o: Outcome, me: int) -> Term:
    return z3.And(o.eras[1].solid[a.aim] == zm.SHRUB, o.eras[2].solid[a.aim] == zm.TREE)


def _growth_blocked(b: Board, a: Act, o: Outcome, me: int) -> Term:
    nxt = a.era + 1
    return z3.And(o.eras[nxt].solid[a.aim] == b.eras[nxt].solid[a.aim], b.eras[nxt].solid[a.aim] != zm.EMPTY)


def _last_seed(b: Board, a: Act, o: Outcome, me: int) -> Term:
    return b.seeds == 1


def _no_seed_left(b: Board, a: Act, o: Outcome, me: int) -> Term:
    """The seed supply is 0, and no seed lies under the acting copy: only the supply refuses a Plant there."""
    return z3.And(b.seeds == 0, z3.Not(b.eras[a.era].seed[a.square]))


def _dig_cascade(b: Board, a: Act, o: Outcome, me: int) -> Term:
    return z3.And(b.eras[1].solid[a.aim] == zm.SHRUB, b.eras[2].solid[a.aim] == zm.TREE,
                  o.eras[1].solid[a.aim] == zm.EMPTY, o.eras[2].solid[a.aim] == zm.EMPTY)


def _target(a: Act) -> int:
    t = BOARD.beyond(a.square, a.direction)
    return -1 if t is None else t


def _tree_falls(b: Board, a: Act, o: Outcome, me: int) -> Term:
    t = _target(a)
    return z3.BoolVal(False) if t < 0 else b.eras[a.era].solid[t] == zm.TREE


def _tree_crushes(b: Board, a: Act, o: Outcome, me: int) -> Term:
    return z3.And(_tree_falls(b, a, o, me), o.removed[1 - me] > b.removed[1 - me])


def _crushed_against(thing: Callable[[Term], Term]) -> Check:
    """The Move pushes an opponent's copy against ``thing`` (immovable there): the copy dies."""
    def constraint(b: Board, a: Act, o: Outcome, me: int) -> Term:
        t = _target(a)
        beyond = None if t < 0 else BOARD.beyond(t, a.direction)
        if beyond is None:
            return z3.BoolVal(False)
        w = b.eras[a.era]
        return z3.And(w.solid[t] == _colour(1 - me), thing(w.solid[beyond]), o.removed[1 - me] > b.removed[1 - me])
    return constraint


def _statue_pushed(b: Board, a: Act, o: Outcome, me: int) -> Term:
    t = _target(a)
    return z3.BoolVal(False) if t < 0 else zm.is_statue(b.eras[a.era].solid[t])


def _statue_onto_seed(b: Board, a: Act, o: Outcome, me: int) -> Term:
    """CONVERGENCE.STATUE-SEED: the pushed statue lands on a seed, which goes back to the supply."""
    t = _target(a)
    beyond = None if t < 0 else BOARD.beyond(t, a.direction)
    if beyond is None:
        return z3.BoolVal(False)
    w = b.eras[a.era]
    return z3.And(zm.is_statue(w.solid[t]), w.seed[beyond], z3.Not(_after(o, a).seed[beyond]))


def _statue_fells_tree(b: Board, a: Act, o: Outcome, me: int) -> Term:
    """CONVERGENCE.STATUE-TREE: the pushed statue pushes a standing tree over."""
    t = _target(a)
    beyond = None if t < 0 else BOARD.beyond(t, a.direction)
    if beyond is None:
        return z3.BoolVal(False)
    w = b.eras[a.era]
    return z3.And(zm.is_statue(w.solid[t]), w.solid[beyond] == zm.TREE)


def _carried(b: Board, a: Act, o: Outcome, me: int) -> Term:
    """The action's statue move is carried to the next era: a square of it changes."""
    nxt = a.era + 1
    return z3.Or([o.eras[nxt].solid[s] != b.eras[nxt].solid[s] for s in range(SQUARES)])


def _pull_at_the_edge(b: Board, a: Act, o: Outcome, me: int) -> Term:
    """A pull whose statue stood against the wall: the copy moves off the edge, away from it."""
    back = BOARD.beyond(a.square, OPPOSITE[a.direction])
    return z3.BoolVal(back is not None and BOARD.beyond(back, OPPOSITE[a.direction]) is None)


def _build_rebounds(b: Board, a: Act, o: Outcome, me: int) -> Term:
    """INFLUENCE.BUILD.REBOUND at the edge: the build square is on the edge, built towards the wall, and on
    the next era something that cannot move holds it, so the copy rebounds (or, with no room, is not placed)."""
    nxt = a.era + 1
    w = b.eras[nxt]
    stuck = z3.And(w.solid[a.aim] != zm.EMPTY, zm.immovable(w, a.aim, a.direction))
    return z3.And(z3.BoolVal(BOARD.beyond(a.aim, a.direction) is None), stuck)


def _build_plain(b: Board, a: Act, o: Outcome, me: int) -> Term:
    statue = (zm.WHITE_STATUE, zm.BLACK_STATUE)[me]
    return z3.And(*[o.eras[e].solid[a.aim] == statue for e in range(a.era, ERAS)])


def _hat(before: Term) -> Check:
    """A Train of an elephant whose hat before is ``before(me)`` (none, the opponent's)."""
    def constraint(b: Board, a: Act, o: Outcome, me: int) -> Term:
        return b.eras[a.era].hat[a.aim] == before(me)
    return constraint


def _takes_hat_from_partner(b: Board, a: Act, o: Outcome, me: int) -> Term:
    w = b.eras[a.era]
    return z3.Or([z3.And(z3.Or(w.solid[s] == zm.DARK, w.solid[s] == zm.LIGHT), w.solid[s] != w.solid[a.aim],
                         w.hat[s] == _colour(me)) for s in range(SQUARES)])


def _train_carried(b: Board, a: Act, o: Outcome, me: int) -> Term:
    """MEMORY.TRAIN.LATER: the trained elephant's wild version on the next era takes the hat."""
    nxt = a.era + 1
    before, after = b.eras[nxt], o.eras[nxt]
    return z3.Or([z3.And(before.hat[s] == zm.NO_HAT, after.hat[s] == _colour(me)) for s in range(SQUARES)])


def _command_onto(what: Callable[[Term], Term]) -> Check:
    def constraint(b: Board, a: Act, o: Outcome, me: int) -> Term:
        t = BOARD.beyond(a.aim, a.direction)
        return z3.BoolVal(False) if t is None else what(b.eras[a.era].solid[t])
    return constraint


def _command_tramples_copy(b: Board, a: Act, o: Outcome, me: int) -> Term:
    return z3.And(_command_onto(zm.is_copy)(b, a, o, me), o.removed[0] + o.removed[1] > b.removed[0] + b.removed[1])


def _shrub_and_its_tree(b: Board, a: Act, o: Outcome, me: int) -> Term:
    """CONVERGENCE.ELEPHANT-TRAMPLE in the present: the trampled shrub's tree in the future goes too."""
    t = BOARD.beyond(a.aim, a.direction)
    if t is None:
        return z3.BoolVal(False)
    return z3.And(b.eras[1].solid[t] == zm.SHRUB, b.eras[2].solid[t] == zm.TREE, o.eras[2].solid[t] == zm.EMPTY)


def _none(b: Board, a: Act, o: Outcome, me: int) -> Term:
    return z3.BoolVal(True)


def _command_onto_seed(b: Board, a: Act, o: Outcome, me: int) -> Term:
    t = BOARD.beyond(a.aim, a.direction)
    return z3.BoolVal(False) if t is None else z3.And(b.eras[a.era].seed[t], z3.Not(_after(o, a).seed[t]))


def _supply_0(b: Board, a: Act, o: Outcome, me: int) -> Term:
    """TRAVEL.BACKWARD.SUPPLY: no copy in supply, though the square behind the acting copy is empty."""
    if a.era == 0:
        return z3.BoolVal(False)
    behind = b.eras[a.era - 1]
    return z3.And(b.supply[me] == 0, behind.solid[a.square] == zm.EMPTY)


def _supply_1(b: Board, a: Act, o: Outcome, me: int) -> Term:
    return b.supply[me] == 1


def _opponent_on_no_era(b: Board, a: Act, o: Outcome, me: int) -> Term:
    return copies_of(b, _colour(1 - me)) == 0


def _win(b: Board, a: Act, o: Outcome, me: int) -> Term:
    """WIN.CHECK: the action leaves the opponent on one era (a copy killed by the chapter's objects)."""
    them = _colour(1 - me)
    after = z3.Sum([z3.If(z3.Or([w.solid[s] == them for s in range(SQUARES)]), 1, 0) for w in o.eras])
    return z3.And(eras_of(b, them) >= 2, after <= 1)


W, B = 0, 1
ENVELOPE = (
    Boundary("supply-0", "no copy in supply, the square behind the acting copy empty: no Travel backward"
             " (TRAVEL.BACKWARD.SUPPLY)", W, "move", _supply_0),
    Boundary("supply-1", "one copy in supply (TRAVEL.BACKWARD.SUPPLY)", B, "move", _supply_1),
    Boundary("opponent-on-no-era", "the opponent has no copy on the board: every turn wins (WIN.CHECK)", W,
             "move", _opponent_on_no_era),
)
GROWTH = (
    Boundary("seed-under-the-moving-copy", "the acting copy stands on a seed and Moves off it; the seed stays"
             " (OBJECTS.SQUARE)", W, "move", _seed_under_mover),
    Boundary("plant-on-its-own-square", "Plant under the acting copy itself (GROWTH.REACH)", B, "plant", _plant_here),
    Boundary("plant-next-door", "Plant on a square next to the acting copy (GROWTH.REACH)", W, "plant",
             _plant_next_door),
    Boundary("plant-grows-a-shrub-and-a-tree", "a Plant in the past: a shrub grows in the present and a tree"
             " in the future (GROWTH.SHRUB-GROWS, GROWTH.TREE-GROWS)", B, "plant", _grows_shrub_and_tree, era=0,
             carry=True),
    Boundary("plant-growth-blocked", "a Plant whose next era's square is taken: nothing grows there"
             " (GROWTH.GROW)", W, "plant", _growth_blocked, era=0, carry=True),
    Boundary("seed-supply-1", "the last seed in the supply is planted (GROWTH.SEEDS)", B, "plant", _last_seed),
    Boundary("seed-supply-0", "no seed in the supply: the Plant the copy could make under itself is refused"
             " (GROWTH.SEEDS); its turn a Move", W, "move", _no_seed_left),
    Boundary("dig-takes-its-shrub-and-tree", "Dig up a past seed whose shrub and tree grew: both go"
             " (GROWTH.CASCADE.SHRUB, GROWTH.CASCADE.TREE)", B, "dig", _dig_cascade, era=0, carry=True),
    Boundary("a-tree-falls", "a Move into a standing tree that falls (GROWTH.FALL)", W, "move", _tree_falls, era=2),
    Boundary("a-falling-tree-crushes", "the fallen tree crushes an opponent's copy (GROWTH.FALL.CRUSH)", B, "move",
             _tree_crushes, era=2),
    Boundary("crushed-against-a-shrub", "a copy pushed against a shrub dies (OBJECTS.IMMOVABLE)", W, "move",
             _crushed_against(lambda v: v == zm.SHRUB), era=1),
)
MEMORY = (
    Boundary("train-a-wild-elephant", "Train an elephant with no hat (MEMORY.TRAIN)", W, "train",
             _hat(lambda me: zm.NO_HAT)),
    Boundary("train-the-opponents-elephant", "Train the elephant wearing the opponent's hat (MEMORY.TRAIN.HAT)",
             B, "train", _hat(lambda me: _colour(1 - me))),
    Boundary("train-takes-the-hat-from-the-partner", "Train an elephant while its partner wears the mover's"
             " hat: the hat moves (MEMORY.TRAIN.HAT)", W, "train", _takes_hat_from_partner),
    Boundary("train-carried-to-the-next-era", "the trained elephant's wild version on the next era takes the"
             " hat (MEMORY.TRAIN.LATER)", B, "train", _train_carried, era=0, carry=True),
    Boundary("command-tramples-a-copy", "a Command onto an opponent's copy removes it (MEMORY.TRAMPLE)", W,
             "command", _command_tramples_copy),
    Boundary("command-to-the-edge", "a Command that steps the elephant onto the edge of the board"
             " (MEMORY.COMMAND.STEP)", B, "command",
             lambda b, a, o, me: z3.BoolVal(BOARD.beyond(_after_step(a), a.direction) is None)),
)
INFLUENCE = (
    Boundary("push-a-statue", "a Move that pushes a statue, in the past (INFLUENCE.PUSH; its move is carried to"
             " the later eras, INFLUENCE.PROPAGATE)", W, "move", _statue_pushed, era=0),
    Boundary("statue-at-the-edge", "a copy pushed against a statue at the wall dies (INFLUENCE.PUSH.BLOCKED)", B,
             "move", _crushed_against(zm.is_statue)),
    Boundary("pull", "a Move with pull, in the past (INFLUENCE.PULL; its move is carried to the later eras)", W,
             "pull", _none, era=0),
    Boundary("pull-from-the-edge", "a pull of a statue that stood against the wall (INFLUENCE.PULL)", B, "pull",
             _pull_at_the_edge),
    Boundary("build", "a Build, its copies on every later era (INFLUENCE.BUILD, INFLUENCE.BUILD.LATER)", W,
             "build", _build_plain, era=0, carry=True),
    Boundary("build-at-the-edge-rebounds", "a Build at the edge whose next copy meets something that cannot"
             " move (INFLUENCE.BUILD.REBOUND)", B, "build", _build_rebounds, era=1),
)
PAIR_GROWTH_MEMORY = (
    Boundary("command-tramples-a-shrub-and-its-tree", "a Command tramples a present shrub; its tree in the"
             " future goes (CONVERGENCE.ELEPHANT-TRAMPLE, GROWTH.CASCADE.TREE)", W, "command", _shrub_and_its_tree,
             era=1, carry=True),
    Boundary("command-fells-a-tree", "a Command into a standing tree fells it (CONVERGENCE.ELEPHANT-TREE)", B,
             "command", _command_onto(lambda v: v == zm.TREE), era=2),
    Boundary("command-onto-a-seed", "a Command onto a seed removes it (CONVERGENCE.ELEPHANT-TRAMPLE)", W,
             "command", _command_onto_seed),
)
PAIR_GROWTH_INFLUENCE = (
    Boundary("statue-onto-a-seed", "a pushed statue lands on a seed and removes it (CONVERGENCE.STATUE-SEED)", W,
             "move", _statue_onto_seed),
    Boundary("statue-fells-a-tree", "a pushed statue pushes a standing tree over (CONVERGENCE.STATUE-TREE)", B,
             "move", _statue_fells_tree, era=2),
    Boundary("crushed-against-a-shrub", "a copy pushed against a shrub dies (CONVERGENCE.STATUE-BLOCKED)", W,
             "move", _crushed_against(lambda v: v == zm.SHRUB), era=1),
)
PAIR_INFLUENCE_MEMORY = (
    Boundary("command-pushes-a-statue", "a Command pushes a statue (CONVERGENCE.ELEPHANT-STATUE)", W, "command",
             _command_onto(zm.is_statue)),
    Boundary("crushed-against-an-elephant", "a copy pushed against an elephant dies (MEMORY.SOLID)", B, "move",
             _crushed_against(lambda v: z3.Or(v == zm.DARK, v == zm.LIGHT))),
)


def _after_step(a: Act) -> int:
    t = BOARD.beyond(a.aim, a.direction)
    assert t is not None
    return t


RULESETS: dict[str, tuple[Boundary, ...]] = {
    "growth": (*ENVELOPE, *GROWTH),
    "memory": (*ENVELOPE, *MEMORY),
    "influence": (*ENVELOPE, *INFLUENCE),
    "growth+memory": (*ENVELOPE, GROWTH[3], MEMORY[0], *PAIR_GROWTH_MEMORY),
    "growth+influence": (*ENVELOPE, GROWTH[3], INFLUENCE[2], *PAIR_GROWTH_INFLUENCE),
    "influence+memory": (*ENVELOPE, INFLUENCE[4], MEMORY[3], *PAIR_INFLUENCE_MEMORY),
}
"""The chapters' rulesets.  ``rules=convergence`` is not among them: it is only the standard start before
the pair is drawn (CONVERGENCE.DRAW), one position, which `vectors/growth+influence` and its siblings'
playthroughs start from."""


# --- solving -------------------------------------------------------------------------------------


def _hints(boundary: Boundary, rng: random.Random) -> list[Act]:
    """Candidate actions for ``boundary``, in a seeded random order."""
    out = []
    eras = [boundary.era] if boundary.era is not None else list(range(ERAS))
    for era in eras:
        for square in range(SQUARES):
            if boundary.kind in ("move", "pull"):
                out += [Act(boundary.kind, era, square, d) for d in DIRECTIONS]
            elif boundary.kind in ("plant", "dig"):
                out += [Act(boundary.kind, era, square, aim=t) for t in (square, *BOARD.neighbours(square))]
            elif boundary.kind in ("build", "train"):
                out += [Act(boundary.kind, era, square, d, aim=t) for d in DIRECTIONS
                        if (t := BOARD.beyond(square, d)) is not None]
            elif boundary.kind == "command":
                out += [Act("command", era, square, d, aim=s) for s in range(SQUARES) if s != square
                        for d in DIRECTIONS]
    rng.shuffle(out)
    return out


@cache
def _board() -> Board:
    return symbolic_board()


def formula(boundary: Boundary, ruleset: str, a: Act, kind: int, board: Board | None = None) -> Term:
    """The position ``board`` (the symbolic one by default) is valid under ``ruleset``, and ``a`` by the
    boundary's mover is legal there and takes its branch."""
    board = _board() if board is None else board
    chapters = frozenset(ruleset.split("+"))
    outcome = act(board, boundary.mover, a, kind, boundary.carry, chapters)
    return z3.And(*valid(board, chapters), outcome.legal, boundary.constraint(board, a, outcome, boundary.mover))


def sparse(board: Board, most: int) -> Term:
    """At most ``most`` squares hold a solid thing, and at most three copies of a colour are removed: a
    position easier to read."""
    return z3.And(z3.Sum([z3.If(w.solid[s] != zm.EMPTY, 1, 0) for w in board.eras for s in range(SQUARES)]) <= most,
                  *[r <= 3 for r in board.removed])


@dataclass(frozen=True)
class Found:
    boundary: Boundary
    position: Any  # the engine's Position
    act: Act


def solve_one(boundary: Boundary, ruleset: str, rng: random.Random, tries: int = 400) -> Found:
    """A position for ``boundary``: the first hinted action for which Z3 finds one that the engine also
    reads as valid and where a legal turn begins with that action."""
    for a in _hints(boundary, rng)[:tries]:
        kind = rng.choice(zm.ELEPHANTS)
        solver = z3.Solver()
        solver.set("rlimit", 40_000_000)  # a resource bound, not a time: the same answer under any load
        solver.add(formula(boundary, ruleset, a, kind))
        empties = rng.sample(range(ERAS * SQUARES), 18)
        answer: Any = z3.unknown
        for most in (14, 20, None):  # a sparser board is easier to read
            solver.push()
            solver.add(*[_board().eras[c // SQUARES].solid[c % SQUARES] == zm.EMPTY for c in empties])
            if most is not None:
                solver.add(sparse(_board(), most))
            answer = solver.check()
            if answer == z3.sat:
                break
            solver.pop()
        if answer != z3.sat:
            continue
        position = to_position(solver.model(), boundary.mover, ruleset)
        if position is not None and witness(position, a, ruleset) is not None:
            return Found(boundary, position, a)
    raise RuntimeError(f"{ruleset}: the model has no position for {boundary.name} in {tries} hints")


# --- between the model and the engine -------------------------------------------------------------


def to_position(model: z3.ModelRef, mover: int, ruleset: str) -> Any:
    """The engine's position for a solution (None when the engine finds it invalid)."""
    from oracle.games.ttykm.board import Colour, Era, InvalidPosition
    from oracle.games.ttykm.objects import ELEPHANTS, SHRUB, TREE, Chapters, Kind, Thing, statue
    from oracle.games.ttykm.state import Position, check_position

    board = _board()

    def value(term: Term) -> Any:
        v = model.eval(term, model_completion=True)
        return z3.is_true(v) if z3.is_bool(v) else v.as_long()

    copies = [0, 0]
    seeds = 0
    solids: dict[int, Thing] = {}
    hats = {zm.NO_HAT: None, zm.WHITE: Colour.WHITE, zm.BLACK: Colour.BLACK}
    for e, world in enumerate(board.eras):
        for s in range(SQUARES):
            cell = e * SQUARES + s
            v = value(world.solid[s])
            seeds |= int(value(world.seed[s])) << cell
            if v in (zm.WHITE, zm.BLACK):
                copies[v - 1] |= 1 << cell
            elif v == zm.SHRUB:
                solids[cell] = SHRUB
            elif v == zm.TREE:
                solids[cell] = TREE
            elif v >= zm.FALLEN:
                solids[cell] = Thing(Kind.FALLEN, e * SQUARES + v - zm.FALLEN)
            elif v in zm.STATUES:
                solids[cell] = statue({zm.NEUTRAL: None, zm.WHITE_STATUE: Colour.WHITE,
                                       zm.BLACK_STATUE: Colour.BLACK}[v])
            elif v in zm.ELEPHANTS:
                solids[cell] = Thing(ELEPHANTS[v - zm.DARK], hat=hats[value(world.hat[s])])
    chapters = Chapters(frozenset(ruleset.split("+"))).with_objects(
        seeds, solids, value(board.seeds), (value(board.built[0]), value(board.built[1])))
    position = Position((copies[0], copies[1]), (value(board.supply[0]), value(board.supply[1])),
                        (value(board.removed[0]), value(board.removed[1])),
                        (Era(value(board.focus[0])), Era(value(board.focus[1]))), Colour(mover), chapters=chapters)
    try:
        check_position(position)
    except InvalidPosition:
        return None
    return position


def concrete_board(position: Any) -> Board:
    """The engine's ``position`` as the model's board, on concrete values (the model runs on them too)."""
    from oracle.games.ttykm.scene import Scene
    from properties.effects_engine import worlds

    eras = worlds(Scene(position, None))
    chapters = position.chapters
    return Board(eras, position.supply, position.removed, (int(position.focus[0]), int(position.focus[1])),
                 chapters.seed_supply, chapters.built)


def reaches(boundary: Boundary, position: Any, a: Act, ruleset: str) -> bool:
    """Whether the engine's ``position`` is at ``boundary`` in the model, by the action ``a``."""
    from properties.effects_engine import ELEPHANT

    kind = zm.DARK
    if a.kind == "train":
        thing = position.chapters.solid(a.era * SQUARES + a.aim)
        if thing is None or thing.kind not in ELEPHANT:
            return False
        kind = ELEPHANT[thing.kind]
    if position.to_move is None or int(position.to_move) != boundary.mover:
        return False
    return bool(z3.is_true(z3.simplify(formula(boundary, ruleset, a, kind, concrete_board(position)))))


def witness(position: Any, a: Act, ruleset: str) -> str | None:
    """The first legal turn (by the oracle) that begins with ``a``, in the turn notation."""
    from oracle.games import load_game

    game = load_game("ttykm")
    rules = game.parse_rules(None, ruleset)
    start = f"{square_name(a.square)} {a.notation()}"
    for turn in game.legal_actions(position, rules):
        text = game.format_action(turn)
        if text == start or text.startswith(start + " "):
            return str(text)
    return None


def act_of(position: Any, turn: str) -> Act:
    """The first action of ``turn`` (notation) from ``position``, as the model's `Act`."""
    words = turn.split()
    square = FILES.index(words[0][0]) + 4 * RANKS.index(words[0][1])
    era = next(e for e in range(ERAS) if (position.copies[0] | position.copies[1]) >> (e * SQUARES + square) & 1
               and (position.copies[int(position.to_move)] >> (e * SQUARES + square) & 1))
    first = words[1]
    if first in DIRECTIONS:
        return Act("move", era, square, first)
    if first.endswith("+") and first[0] in DIRECTIONS:
        return Act("pull", era, square, first[0])
    aim = FILES.index(first[1]) + 4 * RANKS.index(first[2])
    letter = first[0]
    if letter in "PD":
        return Act({"P": "plant", "D": "dig"}[letter], era, square, aim=aim)
    if letter in "BT":
        d = next(d for d in DIRECTIONS if BOARD.beyond(square, d) == aim)
        return Act({"B": "build", "T": "train"}[letter], era, square, d, aim=aim)
    from properties.effects_engine import HAT

    colour = HAT[position.to_move]
    source = next(s for s in range(SQUARES) if (thing := position.chapters.solid(era * SQUARES + s)) is not None
                  and thing.hat is not None and HAT[thing.hat] == colour)
    d = next(d for d in DIRECTIONS if BOARD.beyond(source, d) == aim)
    return Act("command", era, square, d, aim=source)


def _value(v: Any) -> Any:
    if isinstance(v, (bool, int)):
        return v
    v = z3.simplify(v)
    return z3.is_true(v) if z3.is_bool(v) else v.as_long()


def _act_for(position: Any, active: int, action: Any) -> tuple[Act, int] | None:
    """The model's `Act` (and the elephant a Train names) for an engine action, or None when the board
    model does not hold that kind (Travel, a sideways pull, a Command with pull)."""
    from oracle.games.ttykm.board import MOVES, Action
    from oracle.games.ttykm.turn import Aimed, Pull
    from properties.effects_engine import ELEPHANT

    era, square = divmod(active, SQUARES)
    if isinstance(action, Action):
        return (Act("move", era, square, action.value), zm.DARK) if action in MOVES else None
    if isinstance(action, Pull):
        return None if action.side is not None else (Act("pull", era, square, action.direction.value), zm.DARK)
    assert isinstance(action, Aimed)
    aim = action.square
    if action.letter in "PD":
        return Act({"P": "plant", "D": "dig"}[action.letter], era, square, aim=aim), zm.DARK
    direction = next((d for d in DIRECTIONS if BOARD.beyond(square, d) == aim), "")
    if action.letter == "B":
        return (Act("build", era, square, direction, aim), zm.DARK) if direction else None
    if action.letter == "T":
        thing = position.chapters.solid(era * SQUARES + aim)
        kind = ELEPHANT.get(thing.kind, zm.DARK) if thing is not None else zm.DARK
        return (Act("train", era, square, direction, aim), kind) if direction else None
    if action.letter == "C" and not action.pull:
        colour = zm.WHITE if position.to_move == 0 else zm.BLACK
        world = concrete_board(position).eras[era]
        source = next((s for s in range(SQUARES) if world.solid[s] in zm.ELEPHANTS and world.hat[s] == colour), None)
        step = None if source is None else next((d for d in DIRECTIONS if BOARD.beyond(source, d) == aim), None)
        return None if source is None or step is None else (Act("command", era, square, step, source), zm.DARK)
    return None


def act_disagreements(position: Any, ruleset: str) -> list[str]:
    """The board-level model itself against the engine: every action it holds, of every copy of the player
    to move on that player's Focus era, is legal in the model exactly when the engine takes it, and then
    every era (every square's thing, seed and hat), the copies removed and the seed supply agree after it
    and its effects (`oracle.games.ttykm.rules.chapters.perform`)."""
    from oracle.games.ttykm.rules import chapters
    from oracle.games.ttykm.rules.standard import Illegal
    from oracle.games.ttykm.ruleset import Ruleset
    from properties.effects_engine import view

    rules = Ruleset.parse(ruleset)
    mover = int(position.to_move)
    board = concrete_board(position)
    era = int(position.focus[mover])
    out = []
    for active in range(era * SQUARES, (era + 1) * SQUARES):
        if not position.copies[mover] >> active & 1:
            continue
        for action in chapters.candidate_actions(position, active):
            held = _act_for(position, active, action)
            if held is None:
                continue
            a, kind = held
            outcome = act(board, mover, a, kind)
            legal = _value(outcome.legal)
            step = chapters.perform(position, position.to_move, active, action, rules)
            where = f"{square_name(a.square)} {a.notation()}"
            if legal == isinstance(step, Illegal):
                out.append(f"{where}: the model says legal={legal}, the engine {step}")
                continue
            if not legal or isinstance(step, Illegal):
                continue
            after = concrete_board(step.position)
            for e in range(ERAS):
                w = outcome.eras[e]
                model_view = tuple(tuple(_value(v) for v in part) for part in (w.solid, w.seed, w.hat))
                if model_view != view(after.eras[e]):
                    out.append(f"{where}: era {e}: the model gives {model_view}, the engine {view(after.eras[e])}")
            got = (tuple(_value(r) for r in outcome.removed), _value(outcome.seeds))
            engine = (tuple(step.position.removed), after.seeds)
            if got != engine:
                out.append(f"{where}: removed and seeds: the model gives {got}, the engine {engine}")
    return out


@cache
def _memory_model() -> Any:
    from properties import memory_differential

    return memory_differential.Model(r2=False)


def model_disagreements(position: Any, ruleset: str) -> list[str]:
    """Where the independent models and the engine differ on ``position``: the order of effects after every
    action of every copy, the acting-era Command model on every Command, and each chapter's own model."""
    from oracle.games.ttykm.ruleset import Ruleset
    from properties import effects_engine, growth_differential, influence_engine, memory_differential

    rules = Ruleset.parse(ruleset)
    out = act_disagreements(position, ruleset)
    out += [p for case in effects_engine.cases(position) if (p := effects_engine.compare(case, rules)) is not None]
    out += effects_engine.move_differential([position], ruleset, limit=10)
    if "memory" in ruleset:
        out += [p for case in effects_engine.command_cases(position)
                if (p := effects_engine.compare_command(case, rules)) is not None]
        if ruleset == "memory":
            out += memory_differential.differences(position, _memory_model(), rules)
    if ruleset == "growth":
        out += list(growth_differential.differences(position))
    if ruleset == "influence":
        out += influence_engine.differential([position])
    return out


def solved_named(ruleset: str, seed: int = 35) -> list[tuple[str, str, str, str | None]]:
    """Solve ``ruleset``'s boundaries and check each position against the models: the named positions."""
    from oracle.games.ttykm.notation import format_position

    rng = random.Random(seed)
    named = []
    for boundary in RULESETS[ruleset]:
        found = solve_one(boundary, ruleset, rng)
        problems = model_disagreements(found.position, ruleset)
        if problems:
            raise RuntimeError(f"{ruleset} {boundary.name}: the engine and the model differ: {problems[0]}")
        turn = witness(found.position, found.act, ruleset)
        named.append((boundary.name, boundary.what, format_position(found.position), turn))
        print(f"{ruleset}: {boundary.name}", file=sys.stderr, flush=True)
    return named


def problems(ruleset: str, named: Sequence[tuple[str, str, str, str | None]], against_model: bool = True) -> list[str]:
    """Each committed position that no longer reaches its boundary by its solver's action, or (``against_model``)
    where the models and the engine differ."""
    from oracle.games.ttykm.notation import parse_position

    out = []
    for (name, _, text, turn), boundary in zip(named, RULESETS[ruleset], strict=False):
        position = parse_position(text)
        if turn is None or boundary.name != name or not reaches(boundary, position, act_of(position, turn), ruleset):
            out.append(f"{ruleset} {name}: the position no longer reaches its branch of the model")
        if against_model:
            out += [f"{ruleset} {name}: {d}" for d in model_disagreements(position, ruleset)]
    return out
