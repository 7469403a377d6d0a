"""The fast perft hooks of every chapter ruleset and pair (and of the standard
game's variants): Growth, Influence, Memory and the three Convergence pairs.

It mirrors the chapter rules (`oracle.games.ttykm.rules.chapters` and the
rules it calls: the push resolution, Growth, Influence, Memory, the order of
effects) on raw values, as `oracle.games.ttykm.perft` mirrors the standard
rules, and the tests check it against the plain rules through their public
functions (`legal_turns`, `successors`):

* a state is ``(mover, focus_w, focus_b, white, black, supply_w, supply_b,
  seeds, cells, built_w, built_b)``: the copies and seeds as masks, and
  ``cells`` the 48 cells' objects as bytes (`SHRUB`, `TREE`, a
  fallen tree by the way it fell, a statue by owner, an elephant by kind
  and hat);
* an action is made on a `Board`, a working copy, with the effects it
  records carried to the later eras by the phases of EFFECTS.PHASES;
* the last turn is bulk-counted: each first action is made, and its second
  actions only counted (``Board.moves`` with ``make`` false), except where a
  variant makes an action's legality depend on its effects: under
  rebound-blocked=illegal a build whose later copies may not all land on a
  free square is made.

It mirrors every variant (`FAST_VARIANTS`), in every ruleset VARIANT.SCOPE
lets it change; a variant added to the rules and not yet mirrored here is
counted by the plain rules (`oracle.games.ttykm.perft`), and the tests name
every (variant, ruleset) pair so counted.
"""

from __future__ import annotations

from collections import Counter

from oracle.games.ttykm.board import MOVES, NEIGHBOUR, SQUARES
from oracle.games.ttykm.objects import SEEDS, Kind, Thing
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Chapters, Position

# --- the objects of a cell --------------------------------------------------------

EMPTY, SHRUB, TREE = 0, 1, 2
FALLEN = 3  # FALLEN + d: a fallen tree that fell in direction d (its root is one step back)
STATUE = 7  # STATUE + owner: 0 neutral, 1 White's, 2 Black's
ELEPHANT = 10  # ELEPHANT + 3 * kind + hat: kind 0 dark, 1 light; hat 0 none, 1 White's, 2 Black's
ELEPHANT_KINDS = (Kind.DARK_ELEPHANT, Kind.LIGHT_ELEPHANT)

# Effects (EFFECTS.RECORD), as (phase, kind, a, b); the phases of EFFECTS.PHASES.
REMOVAL, PLACEMENT, MOVEMENT = 0, 1, 2
SEED_REMOVED, SHRUB_REMOVED, SEED_PLACED, SHRUB_GROWN, STATUE_BUILT, TRAINED, STATUE_MOVED, STEPPED = range(8)

N, E, S, W = 0, 1, 2, 3
OPPOSITE = (S, W, N, E)
# STEP[d][c]: the cell one step from cell c in direction d (N, E, S, W), or -1 at the wall.
STEP: tuple[tuple[int, ...], ...] = tuple(
    tuple(-1 if (n := NEIGHBOUR[d][c % SQUARES]) is None else c - c % SQUARES + n for c in range(48)) for d in MOVES
)
# REACH[c]: Plant and Dig up's cells from c, its own and its neighbours (GROWTH.REACH).
REACH: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({c, *(STEP[d][c] for d in range(4) if STEP[d][c] >= 0)})) for c in range(48)
)
NEXT_TO: tuple[tuple[int, ...], ...] = tuple(tuple(STEP[d][c] for d in range(4) if STEP[d][c] >= 0) for c in range(48))

FAST_VARIANTS = frozenset({
    "self-push=paradox", "self-push=ends", "self-push=whole-turn", "copy-choice=free",
    "plant-under-adjacent-copy=forbidden", "growth-onto-copy=kill",
    "pull=automatic", "pull=sideways", "pull-with-push=forbidden", "self-push-pull=none",
    "statue-build=move-copy", "statue-build=skip-occupied", "statue-build=v2023", "rebound-blocked=illegal",
    "effect-order=recorded", "effect-order=global-phases", "seed-removal-cascade=dig-only",
    "train-propagation=R2", "train-hatted=stays", "command-needs-adjacency", "elephant-moves-propagate",
    "elephants=swapped",
})
"""The variants these hooks mirror, in every ruleset VARIANT.SCOPE lets them change (elephants=swapped
changes only the start, which the hooks never build)."""

State = tuple[int, int, int, int, int, int, int, int, bytes, bool, bool]


class Flags:
    """The variants in play, read once per count."""

    __slots__ = ("adjacency", "auto_pull", "choice_free", "dig_only", "effects", "growth", "growth_kills",
                 "hatted_stays", "influence", "memory", "move_copy", "no_pull_with_push", "plant_alone",
                 "pull_none", "r2", "rebound_illegal", "self_push", "sideways", "skip_occupied", "stepped", "v2023")

    def __init__(self, ruleset: Ruleset, modules: frozenset[str]) -> None:
        self.growth = "growth" in modules
        self.influence = "influence" in modules
        self.memory = "memory" in modules
        self.choice_free = ruleset.copy_choice_free
        # 0: MOVE.OWN-COPY; 1: VARIANT.SELF-PUSH-PARADOX; 2: VARIANT.SELF-PUSH-ENDS; 3: VARIANT.SELF-PUSH-WHOLE-TURN
        self.self_push = (3 if ruleset.self_push_whole_turn else 2 if ruleset.self_push_ends
                          else 1 if ruleset.self_push_paradox else 0)
        self.pull_none = ruleset.self_push_pull_none
        self.auto_pull = ruleset.pull_automatic
        self.sideways = ruleset.pull_sideways
        self.no_pull_with_push = ruleset.pull_with_push_forbidden
        self.plant_alone = ruleset.plant_under_adjacent_copy_forbidden
        self.growth_kills = ruleset.growth_onto_copy_kill
        self.dig_only = ruleset.seed_removal_dig_only
        self.r2 = ruleset.train_propagation_r2
        self.hatted_stays = ruleset.train_hatted_stays
        self.adjacency = ruleset.command_needs_adjacency
        self.stepped = ruleset.elephant_moves_propagate
        self.effects = 2 if ruleset.effect_order_global_phases else 1 if ruleset.effect_order_recorded else 0
        self.skip_occupied = ruleset.statue_build_skip_occupied
        self.move_copy = ruleset.statue_build_move_copy
        self.v2023 = ruleset.statue_build_v2023
        self.rebound_illegal = ruleset.rebound_blocked_illegal


def covers(ruleset: Ruleset) -> bool:
    """Whether these hooks mirror every variant of ``ruleset``."""
    return ruleset.variants <= FAST_VARIANTS


class Board:
    """One position while an action resolves: the mutable working copy."""

    __slots__ = ("active", "built", "cells", "copies", "effects", "flags", "moved", "seeds", "supply", "unplaced")

    self_pushed = False
    """Whether the action was a Move onto the mover's own copy (`SelfPushed`): a class attribute, so
    that making a board costs nothing more."""

    def __init__(self, copies: list[int], supply: list[int], seeds: int, cells: bytearray, built: list[bool],
                 flags: Flags) -> None:
        self.copies = copies
        self.supply = supply
        self.seeds = seeds
        self.cells = cells
        self.built = built
        self.flags = flags
        self.active: int | None = None
        self.moved = 0  # bit 3 * era + owner: that statue version has moved in this action (INFLUENCE.SPENT)
        self.effects: list[list[tuple[int, int, int, int]]] = [[], [], []]
        self.unplaced = False

    def copy(self) -> Board:
        return Board(self.copies[:], self.supply[:], self.seeds, bytearray(self.cells), self.built[:], self.flags)

    def paradox(self, a: int, t: int) -> Board:
        """The board after the active copy on ``a`` moved onto the mover's own copy on ``t``: both are
        removed, and the copy acts no more (a self-push variant)."""
        b = SelfPushed(self.copies[:], self.supply[:], self.seeds, bytearray(self.cells), self.built[:], self.flags)
        b.remove_copy(a)
        b.remove_copy(t)
        return b

    def moved_copy(self, colour: int, source: int, target: int) -> Board:
        """The board after a Move into an empty square or a travel (``source`` -1: backward, leaving a
        new copy from the supply), which change only the copies and record no effect.  It shares this
        board's objects, so neither is changed in place afterwards: every action starts from `copy`."""
        copies = self.copies[:]
        supply = self.supply
        if source >= 0:
            copies[colour] = copies[colour] & ~(1 << source) | 1 << target
        else:
            copies[colour] |= 1 << target
            supply = supply[:]
            supply[colour] -= 1
        b = Board(copies, supply, self.seeds, self.cells, self.built, self.flags)
        b.active = target
        return b

    def key(self) -> tuple[int, int, int, int, int, bytes, bool, bool]:
        return (self.copies[0], self.copies[1], self.supply[0], self.supply[1], self.seeds, bytes(self.cells),
                self.built[0], self.built[1])

    # --- what a cell holds ---

    def copy_at(self, c: int) -> int:
        """0 White, 1 Black, -1 none."""
        if self.copies[0] >> c & 1:
            return 0
        if self.copies[1] >> c & 1:
            return 1
        return -1

    def free_for_copy(self, c: int) -> bool:
        return not ((self.copies[0] | self.copies[1]) >> c & 1) and not self.cells[c]

    def is_empty(self, c: int) -> bool:
        return not ((self.copies[0] | self.copies[1] | self.seeds) >> c & 1) and not self.cells[c]

    def immovable(self, c: int, d: int) -> bool:
        """OBJECTS.IMMOVABLE: a tree that cannot fall, a statue that cannot be pushed; shrubs, fallen
        trees and elephants always."""
        v = self.cells[c]
        if not v:
            return False
        if v == TREE or STATUE <= v < ELEPHANT:
            t = STEP[d][c]
            return t < 0 or self.immovable(t, d)
        return True

    # --- changes ---

    def remove_copy(self, c: int) -> None:
        self.copies[0] &= ~(1 << c)
        self.copies[1] &= ~(1 << c)
        if self.active == c:
            self.active = None

    def move_copy(self, k: int, source: int, target: int) -> None:
        self.copies[k] = self.copies[k] & ~(1 << source) | 1 << target
        if self.active == source:
            self.active = target

    def record(self, c: int, effect: tuple[int, int, int, int]) -> None:
        self.effects[c >> 4].append(effect)

    def remove_seed(self, c: int, dug: bool = False) -> None:
        """GROWTH.SEED-REMOVED."""
        self.seeds &= ~(1 << c)
        if dug or not self.flags.dig_only:
            self.record(c, (REMOVAL, SEED_REMOVED, c & 15, 0))

    def push_copy(self, c: int, d: int) -> None:
        """OBJECTS.PUSH."""
        k = self.copy_at(c)
        t = STEP[d][c]
        if t < 0 or self.immovable(t, d):
            self.remove_copy(c)
            return
        other = self.copy_at(t)
        if other == k:
            self.remove_copy(c)
            self.remove_copy(t)
            return
        if other >= 0:
            self.push_copy(t, d)
        elif self.cells[t]:
            self.make_way(t, d)
        self.move_copy(k, c, t)

    def make_way(self, c: int, d: int) -> None:
        """OBJECTS.MAKE-WAY: a statue is pushed, a standing tree falls."""
        if self.cells[c] == TREE:
            self.fall(c, d)
        else:
            self.push_statue(c, d)

    def fall(self, c: int, d: int) -> None:
        """GROWTH.FALL."""
        t = STEP[d][c]
        if self.cells[t]:
            self.make_way(t, d)
        if (self.copies[0] | self.copies[1]) >> t & 1:
            self.remove_copy(t)
        if self.seeds >> t & 1:
            self.remove_seed(t)
        self.cells[c] = EMPTY
        self.cells[t] = FALLEN + d

    def push_statue(self, c: int, d: int) -> None:
        """INFLUENCE.PUSH."""
        t = STEP[d][c]
        self.make_room(t, d)
        self.shift(c, t, d)

    def make_room(self, t: int, d: int) -> None:
        if (self.copies[0] | self.copies[1]) >> t & 1:
            self.push_copy(t, d)
        elif self.cells[t]:
            self.make_way(t, d)
        if self.seeds >> t & 1:
            self.remove_seed(t)

    def shift(self, c: int, t: int, d: int) -> None:
        """INFLUENCE.RECORD: a statue moves to the free ``t`` and records StatueMoved."""
        v = self.cells[c]
        self.cells[c] = EMPTY
        self.cells[t] = v
        owner = v - STATUE
        self.moved |= 1 << (3 * (c >> 4) + owner)
        self.record(c, (MOVEMENT, STATUE_MOVED, owner, d))

    def pull(self, statue: int, d: int) -> None:
        """INFLUENCE.PULL.AFTER-PUSH: the statue follows into the square left."""
        t = STEP[d][statue]
        if self.seeds >> t & 1:
            self.remove_seed(t)
        self.shift(statue, t, d)

    def find(self, era: int, value: int) -> int:
        base = era << 4
        cells = self.cells
        for c in range(base, base + 16):
            if cells[c] == value:
                return c
        return -1

    def elephant(self, era: int, kind: int) -> int:
        base, low = era << 4, ELEPHANT + 3 * kind
        cells = self.cells
        for c in range(base, base + 16):
            if low <= cells[c] < low + 3:
                return c
        raise AssertionError("every era holds each elephant")  # pragma: no cover: MEMORY.VALID

    def commanded(self, colour: int, era: int) -> int:
        """MEMORY.COMMAND.WHICH: the elephant wearing ``colour``'s hat on ``era``, or -1."""
        base = era << 4
        here = self.cells[base:base + 16]
        for v in (ELEPHANT + 1 + colour, ELEPHANT + 4 + colour):
            if v in here:
                return base + here.index(v)
        return -1

    def put_hat(self, c: int, colour: int) -> None:
        """MEMORY.TRAIN.HAT."""
        kind = (self.cells[c] - ELEPHANT) // 3
        partner = self.elephant(c >> 4, 1 - kind)
        if (self.cells[partner] - ELEPHANT) % 3 == colour + 1:
            self.cells[partner] = ELEPHANT + 3 * (1 - kind)
        self.cells[c] = ELEPHANT + 3 * kind + colour + 1

    # --- the order of effects ---

    def propagate(self, era: int) -> None:
        """EFFECTS.PHASES (or the variant order) from ``era`` to the later eras."""
        mode = self.flags.effects
        if mode == 2:
            self.propagate_global(era)
            return
        for k in range(era + 1, 3):
            arriving = self.effects[k - 1]
            if not arriving:
                return  # nothing reaches era k, so nothing is recorded there for the next
            if mode == 1:
                for effect in arriving:
                    self.apply(k, effect)
                continue
            for phase in (REMOVAL, PLACEMENT, MOVEMENT):
                for effect in arriving:
                    if effect[0] == phase:
                        self.apply(k, effect)

    def propagate_global(self, era: int) -> None:
        """VARIANT.EFFECT-ORDER-GLOBAL-PHASES."""
        applied_sets: list[set[int]] = [set(), set(), set()]
        progressed = True
        while progressed:
            progressed = False
            for phase in (REMOVAL, PLACEMENT, MOVEMENT):
                for k in range(era + 1, 3):
                    arriving = self.effects[k - 1]
                    seen = applied_sets[k - 1]
                    i = 0
                    while i < len(arriving):
                        effect = arriving[i]
                        if effect[0] == phase and i not in seen:
                            seen.add(i)
                            self.apply(k, effect)
                            progressed = True
                        i += 1

    def apply(self, era: int, effect: tuple[int, int, int, int]) -> None:
        _, kind, a, b = effect
        c = (era << 4) + a
        if kind == SEED_REMOVED:  # GROWTH.CASCADE.SHRUB
            if self.cells[c] == SHRUB:
                self.cells[c] = EMPTY
                self.record(c, (REMOVAL, SHRUB_REMOVED, a, 0))
        elif kind == SHRUB_REMOVED:  # GROWTH.CASCADE.TREE
            if self.cells[c] == TREE:
                self.cells[c] = EMPTY
                return
            for d in range(4):
                t = STEP[d][c]
                if t >= 0 and self.cells[t] == FALLEN + d:
                    self.cells[t] = EMPTY
        elif kind == SEED_PLACED:  # GROWTH.SHRUB-GROWS
            if self.grow(c, SHRUB):
                self.record(c, (PLACEMENT, SHRUB_GROWN, a, 0))
        elif kind == SHRUB_GROWN:  # GROWTH.TREE-GROWS
            self.grow(c, TREE)
        elif kind == STATUE_BUILT:  # INFLUENCE.BUILD.LATER: a = square, b = 4 * owner + direction
            self.place_copy(era, a, b >> 2, b & 3)
        elif kind == STATUE_MOVED:  # INFLUENCE.PROPAGATE: a = owner, b = direction
            if self.moved >> (3 * era + a) & 1:
                return
            s = self.find(era, STATUE + a)
            if s < 0:
                return
            t = STEP[b][s]
            if t < 0 or self.immovable(t, b):
                return
            self.push_statue(s, b)
        elif kind == TRAINED:  # MEMORY.TRAIN.LATER: a = kind, b = colour
            e = self.elephant(era, a)
            hat = (self.cells[e] - ELEPHANT) % 3
            if self.flags.r2:
                if hat == b + 1:
                    return
                self.put_hat(e, b)
                if hat == 0:
                    self.record(e, (PLACEMENT, TRAINED, a, b))
                return
            if hat:
                return
            self.put_hat(e, b)
            self.record(e, (PLACEMENT, TRAINED, a, b))
        else:  # STEPPED, VARIANT.ELEPHANT-MOVES-PROPAGATE: a = kind, b = direction
            source = self.elephant(era, a)
            t = STEP[b][source]
            if t < 0 or self.cells[t]:
                return
            if self.seeds >> t & 1:  # removed first, with the dig cascade
                self.remove_seed(t)
            self.step_elephant(source, t)
            self.record(source, (MOVEMENT, STEPPED, a, b))

    def grow(self, c: int, what: int) -> bool:
        """GROWTH.GROW."""
        if self.flags.growth_kills and (self.copies[0] | self.copies[1]) >> c & 1 and not self.seeds >> c & 1 \
                and not self.cells[c]:
            self.remove_copy(c)
        if not self.is_empty(c):
            return False
        self.cells[c] = what
        return True

    def place_copy(self, era: int, square: int, owner: int, d: int) -> None:
        """INFLUENCE.BUILD.LATER, INFLUENCE.BUILD.REBOUND."""
        p = (era << 4) + square
        flags = self.flags
        if flags.skip_occupied and not self.free_for_copy(p):
            self.unplaced = True
            return
        if not self.free_for_copy(p) and self.immovable(p, d):
            if flags.v2023:  # VARIANT.STATUE-BUILD-V2023: no rebound
                self.unplaced = True
                return
            back = OPPOSITE[d]
            q = STEP[back][p]
            if q < 0 or self.immovable(q, back):
                self.unplaced = True
                return
            self.make_room(q, back)
            self.moved |= 1 << (3 * era + owner)
            self.cells[q] = STATUE + owner
            if flags.move_copy:
                self.record(q, (PLACEMENT, STATUE_BUILT, square, 4 * owner + d))
                self.record(q, (MOVEMENT, STATUE_MOVED, owner, back))
            else:
                self.record(q, (PLACEMENT, STATUE_BUILT, q & 15, 4 * owner + d))
            return
        self.make_room(p, d)
        self.cells[p] = STATUE + owner
        self.record(p, (PLACEMENT, STATUE_BUILT, square, 4 * owner + d))

    def step_elephant(self, source: int, target: int) -> None:
        if (self.copies[0] | self.copies[1]) >> target & 1:
            self.remove_copy(target)  # MEMORY.TRAMPLE
        self.cells[target] = self.cells[source]
        self.cells[source] = EMPTY

    # --- the actions ---

    def pull_choices(self, a: int, d: int, may_pull: bool, sideways: bool) -> list[int]:
        """The pulls a Move or Command of the piece on ``a`` in direction ``d`` may end with
        (INFLUENCE.PULL): -1 for none, then the statue behind, then (``sideways``: pull=sideways) the
        statues on either side, in that order; under pull=automatic the one choice, the statue behind
        when there is one.  ``may_pull`` false: none but -1."""
        cells = self.cells
        back = STEP[OPPOSITE[d]][a]
        behind = may_pull and back >= 0 and STATUE <= cells[back] < ELEPHANT
        if self.flags.auto_pull:
            return [back if behind else -1]
        pulls = [-1, back] if behind else [-1]
        if may_pull and sideways:
            for side in (d + 1 & 3, d + 3 & 3):
                s = STEP[side][a]
                if s >= 0 and STATUE <= cells[s] < ELEPHANT:
                    pulls.append(s)
        return pulls

    def moves(self, colour: int, a: int, make: bool) -> list[Board] | int:
        """Every legal action of the copy on ``a`` (the mover's, ``colour``): the boards after each
        (``make``), or only how many there are."""
        out: list[Board] = []
        n = 0
        cells = self.cells
        occupied = self.copies[0] | self.copies[1]
        own = self.copies[colour]
        flags = self.flags
        era = a >> 4
        for d in range(4):  # Move, and Move with pull (OBJECTS.MOVE, INFLUENCE.PULL)
            t = STEP[d][a]
            if t < 0:
                continue
            if own >> t & 1:  # onto the mover's own copy: MOVE.OWN-COPY, or a self-push variant
                if flags.self_push:
                    n += self.self_push(a, t, d, make, out)
                continue
            if cells[t] and self.immovable(t, d):
                continue
            pushes = bool(occupied >> t & 1 or cells[t])
            back = STEP[OPPOSITE[d]][a]
            pulls = self.pull_choices(a, d, not (flags.no_pull_with_push and pushes), flags.sideways)
            if not make:
                n += len(pulls)
                continue
            if not pushes and pulls == [-1]:
                out.append(self.moved_copy(colour, a, t))  # nothing else changes: no effect to carry
                continue
            for pulled in pulls:
                b = self.copy()
                b.active = a
                b.make_room_for_move(t, d)
                b.move_copy(colour, a, t)
                if pulled >= 0:
                    b.pull(pulled, d if pulled == back else OPPOSITE[STEP_SIDE[a][pulled]])
                b.propagate(era)
                out.append(b)
        if era < 2 and not occupied >> (a + 16) & 1 and not cells[a + 16]:  # TRAVEL.FORWARD, OBJECTS.TRAVEL
            n += 1
            if make:
                out.append(self.moved_copy(colour, a, a + 16))
        if era > 0 and self.supply[colour] and not occupied >> (a - 16) & 1 and not cells[a - 16]:
            n += 1
            if make:
                out.append(self.moved_copy(colour, -1, a - 16))
        if flags.growth:
            seeds = self.seeds
            plantable = seeds.bit_count() < SEEDS
            for s in REACH[a]:
                if seeds >> s & 1:  # GROWTH.DIG
                    n += 1
                    if make:
                        b = self.copy()
                        b.active = a
                        b.remove_seed(s, dug=True)
                        b.propagate(era)
                        out.append(b)
                elif plantable and not cells[s] and not (flags.plant_alone and s != a and occupied >> s & 1):
                    n += 1  # GROWTH.PLANT
                    if make:
                        b = self.copy()
                        b.active = a
                        b.seeds |= 1 << s
                        b.record(s, (PLACEMENT, SEED_PLACED, s & 15, 0))
                        b.propagate(era)
                        out.append(b)
        if flags.influence and not self.built[colour]:  # INFLUENCE.BUILD
            for d in range(4):
                t = STEP[d][a]
                if t < 0 or not self.is_empty(t):
                    continue
                if not make and (not flags.rebound_illegal or all(map(self.free_for_copy, range(t + 16, 48, 16)))):
                    n += 1  # every later copy lands on a free square, so none is refused (rebound-blocked=illegal)
                    continue
                b = self.copy()
                b.active = a
                b.cells[t] = STATUE + 1 + colour
                b.built[colour] = True
                b.record(t, (PLACEMENT, STATUE_BUILT, t & 15, 4 * (1 + colour) + d))
                b.propagate(era)
                if flags.rebound_illegal and b.unplaced:
                    continue
                n += 1
                out.append(b)
        if flags.memory:
            for t in NEXT_TO[a]:  # MEMORY.TRAIN
                v = cells[t]
                if v < ELEPHANT or (v - ELEPHANT) % 3 == colour + 1:
                    continue
                n += 1
                if make:
                    b = self.copy()
                    b.active = a
                    b.put_hat(t, colour)
                    if (v - ELEPHANT) % 3 == 0 or not flags.hatted_stays:
                        b.record(t, (PLACEMENT, TRAINED, (v - ELEPHANT) // 3, colour))
                    b.propagate(era)
                    out.append(b)
            source = self.commanded(colour, era)
            if source >= 0 and not (flags.adjacency and source not in NEXT_TO[a]):
                for d in range(4):  # MEMORY.COMMAND, CONVERGENCE.ELEPHANT-TREE, CONVERGENCE.ELEPHANT-STATUE
                    t = STEP[d][source]
                    if t < 0:
                        continue
                    v = cells[t]
                    if v >= ELEPHANT or ((v == TREE or STATUE <= v < ELEPHANT) and self.immovable(t, d)):
                        continue
                    pulls = self.pull_choices(source, d, True, False)
                    if not make:
                        n += len(pulls)
                        continue
                    for pulled in pulls:
                        b = self.copy()
                        b.active = a
                        b.command(source, t, d)
                        if pulled >= 0:
                            b.pull(pulled, d)
                        b.propagate(era)
                        out.append(b)
        return out if make else n

    def self_push(self, a: int, t: int, d: int, make: bool, out: list[Board]) -> int:
        """The Move of the copy on ``a`` onto the mover's own copy on ``t`` (a self-push variant), with
        each pull it may make: how many there are, and (``make``) the boards after each, in ``out``.

        Both copies go and the copy acts no more (`paradox`).  The Move pushes nothing, so
        pull-with-push=forbidden never stops its pull: the statue follows into the square left
        (INFLUENCE.PULL.SELF-PUSH), except under self-push-pull=none, where it stays.
        """
        flags = self.flags
        pulls = self.pull_choices(a, d, flags.influence and not flags.pull_none, flags.sideways)
        if make:
            for pulled in pulls:
                b = self.paradox(a, t)
                if pulled >= 0:
                    b.pull(pulled, d if pulled == STEP[OPPOSITE[d]][a] else OPPOSITE[STEP_SIDE[a][pulled]])
                    b.propagate(a >> 4)
                out.append(b)
        return len(pulls)

    def make_room_for_move(self, t: int, d: int) -> None:
        """The push in front of a Move (OBJECTS.PUSH, OBJECTS.MAKE-WAY); a seed stays under the copy."""
        if (self.copies[0] | self.copies[1]) >> t & 1:
            self.push_copy(t, d)
        elif self.cells[t]:
            self.make_way(t, d)

    def command(self, source: int, target: int, d: int) -> None:
        """MEMORY.COMMAND with CONVERGENCE.ELEPHANT-TRAMPLE."""
        v = self.cells[target]
        if v == SHRUB or FALLEN <= v < STATUE:
            self.cells[target] = EMPTY
            if v == SHRUB and not self.flags.dig_only:
                self.record(target, (REMOVAL, SHRUB_REMOVED, target & 15, 0))
        elif v == TREE:
            self.fall(target, d)
        elif v:
            self.push_statue(target, d)
        if self.seeds >> target & 1:
            self.remove_seed(target)
        kind = (self.cells[source] - ELEPHANT) // 3
        self.step_elephant(source, target)
        if self.flags.stepped:
            self.record(source, (MOVEMENT, STEPPED, kind, d))


class SelfPushed(Board):
    """A board after a Move onto the mover's own copy (VARIANT.SELF-PUSH-PARADOX, VARIANT.SELF-PUSH-ENDS,
    VARIANT.SELF-PUSH-WHOLE-TURN)."""

    __slots__ = ()
    self_pushed = True


# STEP_SIDE[a][s]: the direction from a to its neighbour s.
STEP_SIDE: tuple[dict[int, int], ...] = tuple({STEP[d][c]: d for d in range(4) if STEP[d][c] >= 0} for c in range(48))


# --- the turn -------------------------------------------------------------------------


def _eras(mask: int) -> int:
    return (mask & 0xFFFF != 0) + (mask >> 16 & 0xFFFF != 0) + (mask >> 32 != 0)


class Rules:
    """The hooks of one ruleset for `oracle.games.ttykm.perft_walk.walk`: the turn
    (TURN.ACTIVE-COPY, TURN.ACTION-COUNT, TURN.COPY-CHOICE, TURN.NO-ACTION) around
    `Board.moves`."""

    def __init__(self, ruleset: Ruleset, modules: frozenset[str]) -> None:
        self.flags = Flags(ruleset, modules)

    def board(self, state: State) -> Board:
        _, _, _, w, b, sw, sb, seeds, cells, bw, bb = state
        return Board([w, b], [sw, sb], seeds, bytearray(cells), [bw, bb], self.flags)

    def _copies(self, state: State) -> list[int]:
        mover, fw, fb, w, b = state[:5]
        focus = fb if mover else fw
        mask = (b if mover else w) >> (focus * 16) & 0xFFFF
        return [focus * 16 + s for s in range(16) if mask >> s & 1]

    def _lines(self, board: Board, mover: int, a: int, make: bool) -> tuple[int, int, list[Board]]:
        """The copy on ``a``'s longest action count, how many lines of it, and (``make``) their boards.

        A first action that removed the copy ends its line.  Under self-push=ends and
        self-push=whole-turn a first Move onto the mover's own copy is a complete line beside the
        two-action lines (VARIANT.SELF-PUSH-ENDS); under self-push=whole-turn it also weighs two
        actions, for the number of actions and the copy choice (VARIANT.SELF-PUSH-WHOLE-TURN).  A
        copy trampled by its own command (MEMORY.ACTIVE-KILLED) only ends its line.
        """
        firsts = board.moves(mover, a, True)
        assert isinstance(firsts, list)
        mode = self.flags.self_push
        completes = mode >= 2
        if make:
            seconds: list[Board] = []
            for f in firsts:
                if f.active is not None:
                    more = f.moves(mover, f.active, True)
                    assert isinstance(more, list)
                    seconds.extend(more)
            pushed = [f for f in firsts if f.self_pushed] if completes else []
            if seconds or (mode == 3 and pushed):
                lines = seconds + pushed if pushed else seconds
                return 2, len(lines), lines
            return (1, len(firsts), firsts) if firsts else (0, 0, [])
        count, pushed_count = 0, 0
        for f in firsts:
            if f.active is not None:
                more = f.moves(mover, f.active, False)
                assert isinstance(more, int)
                count += more
            elif f.self_pushed:
                pushed_count += 1
        if count or (mode == 3 and pushed_count):
            return 2, count + pushed_count if completes else count, []
        return (1, len(firsts), []) if firsts else (0, 0, [])

    def _choose(self, state: State, make: bool) -> tuple[bool, int, list[Board]]:
        """Whether a turn without actions is legal, the number of lines, and (``make``) their boards."""
        mover = state[0]
        board = self.board(state)
        found = [self._lines(board, mover, a, make) for a in self._copies(state)]
        if self.flags.choice_free:  # VARIANT.COPY-CHOICE-FREE
            chosen = [f for f in found if f[0] > 0]
            no_action = len(chosen) < len(found) or not found
        else:
            best = max((f[0] for f in found), default=0)
            chosen = [f for f in found if f[0] == best] if best else []
            no_action = best == 0
        boards = [b for f in chosen for b in f[2]] if make else []
        if no_action and make:
            boards.append(board)
        return no_action, sum(f[1] for f in chosen), boards

    def count_turns(self, state: State) -> int:
        """The number of legal turns (two Focus choices for each line)."""
        no_action, lines, _ = self._choose(state, False)
        return 2 * (lines + no_action)

    def children(self, state: State) -> Counter[State | None]:
        """The states after each legal turn, with multiplicity; a won game is None (WIN.CHECK)."""
        mover, fw, fb = state[0], state[1], state[2]
        _, _, boards = self._choose(state, True)
        out: Counter[State | None] = Counter()
        for key, n in Counter(b.key() for b in boards).items():
            w, b, sw, sb, seeds, cells, bw, bb = key
            if _eras(w if mover else b) <= 1:
                out[None] += 2 * n
                continue
            focus = fb if mover else fw
            for f in (0, 1, 2):
                if f != focus:
                    child = (1 - mover, fw, f, w, b, sw, sb, seeds, cells, bw, bb) if mover else \
                        (1, f, fb, w, b, sw, sb, seeds, cells, bw, bb)
                    out[child] += n
        return out


def cell_value(c: int, thing: Thing) -> int:
    """The value of ``thing`` on cell ``c`` in a state's cells."""
    if thing.kind is Kind.SHRUB:
        return SHRUB
    if thing.kind is Kind.TREE:
        return TREE
    if thing.kind is Kind.FALLEN:
        assert thing.root is not None
        return FALLEN + STEP_SIDE[thing.root][c]
    if thing.kind is Kind.STATUE:
        return STATUE + (0 if thing.owner is None else 1 + int(thing.owner))
    kind = ELEPHANT_KINDS.index(thing.kind)
    return ELEPHANT + 3 * kind + (0 if thing.hat is None else 1 + int(thing.hat))


def state_of(position: Position) -> State:
    """The state of a position that is not over."""
    assert position.to_move is not None
    chapters = position.chapters or Chapters(frozenset())
    cells = [EMPTY] * 48
    for c, thing in chapters.solids:
        cells[c] = cell_value(c, thing)
    return (int(position.to_move), int(position.focus[0]), int(position.focus[1]), position.copies[0],
            position.copies[1], position.supply[0], position.supply[1], chapters.seeds, bytes(cells),
            chapters.built[0], chapters.built[1])

