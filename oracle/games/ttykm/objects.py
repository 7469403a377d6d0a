"""Chapter objects: what a square holds beyond copies, and the off-board state.

A square of an era holds at most one *solid* thing (a copy or an object) and,
under it, at most one seed, which only a copy may share.  `Chapters` is the
immutable description of every object of a position and of the off-board state
the chapters keep (the shared seed supply; later chapters add their own fields,
such as build-once flags and hats).  A chapter adds objects by adding a `Kind`
and, where an object needs more than its kind (a fallen tree's root, later a
statue's owner or an elephant's hat), a field of `Thing`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from oracle.games.ttykm.board import (
    CELLS,
    FILES,
    MOVES,
    NEIGHBOUR,
    RANKS,
    SQUARES,
    Action,
    Colour,
    Era,
    InvalidPosition,
)
from oracle.words import counted

SEEDS = 5


class InvalidObjects(InvalidPosition):
    """A position whose chapter objects break rule OBJECTS.VALID."""

    rule = "OBJECTS.VALID"


class InvalidStatues(InvalidObjects):
    """A position whose statues break rule INFLUENCE.VALID."""

    rule = "INFLUENCE.VALID"


class InvalidElephants(InvalidObjects):
    """A position whose elephants or hats break rule MEMORY.VALID."""

    rule = "MEMORY.VALID"


class Kind(Enum):
    """The kinds of solid object (OBJECTS.SQUARE); the value is the word events use."""

    SHRUB = "shrub"
    TREE = "tree"
    FALLEN = "fallen-tree"
    STATUE = "statue"
    DARK_ELEPHANT = "dark-elephant"
    LIGHT_ELEPHANT = "light-elephant"

    @property
    def word(self) -> str:
        return self.value

    @property
    def chapter(self) -> str:
        """The chapter module that brings this kind."""
        if self is Kind.STATUE:
            return "influence"
        return "memory" if self in ELEPHANTS else "growth"


ELEPHANTS = (Kind.DARK_ELEPHANT, Kind.LIGHT_ELEPHANT)
"""The two elephants, each with one version per era (MEMORY.ELEPHANTS)."""
HATS = 3
"""Hats per player: at most one on each era (MEMORY.HATS)."""


@dataclass(frozen=True, slots=True)
class Thing:
    """A solid object on a square.  ``root`` is a fallen tree's root cell (the
    square it fell from, GROWTH.FALL) and None for every other kind.  ``owner``
    is a statue's colour, None for the neutral statue and every other kind
    (INFLUENCE.STATUES).  ``hat`` is the colour of the hat an elephant wears
    (MEMORY.TRAIN), None for a wild elephant and for every other kind."""

    kind: Kind
    root: int | None = None
    owner: Colour | None = None
    hat: Colour | None = None

    @property
    def word(self) -> str:
        """How events and errors name it: ``shrub``, ``neutral statue``, ..."""
        if self.kind is Kind.STATUE:
            return f"{statue_name(self.owner)} statue"
        return self.kind.word


def statue_name(owner: Colour | None) -> str:
    """``neutral``, ``white`` or ``black``: a statue's identity across eras."""
    return "neutral" if owner is None else owner.word


def statue(owner: Colour | None) -> Thing:
    """The statue of ``owner`` (None: the neutral statue).

    Rule: INFLUENCE.STATUES
    A statue is a solid object: one neutral statue and, once built, each
    player's statue.  Nothing ever removes a statue.
    """
    return Thing(Kind.STATUE, None, owner)


SHRUB = Thing(Kind.SHRUB)
TREE = Thing(Kind.TREE)


def fallen(cell: int, direction: Action) -> Thing:
    """The fallen tree lying on ``cell`` after falling in ``direction``; its
    root is the square behind it."""
    back = {Action.NORTH: Action.SOUTH, Action.SOUTH: Action.NORTH, Action.EAST: Action.WEST, Action.WEST: Action.EAST}
    root = NEIGHBOUR[back[direction]][cell % SQUARES]
    if root is None:
        raise InvalidPosition(f"a tree on {_where(cell)} cannot fall {direction.word} from off the board")
    return Thing(Kind.FALLEN, cell - cell % SQUARES + root)


def fall_direction(cell: int, thing: Thing) -> Action:
    """The direction a fallen tree on ``cell`` fell in: from its root towards it."""
    assert thing.root is not None
    for d in MOVES:
        if NEIGHBOUR[d][thing.root % SQUARES] == cell % SQUARES:
            return d
    raise InvalidPosition("a fallen tree's root is not next to it")


@dataclass(frozen=True, slots=True)
class Chapters:
    """The chapter modules in play and every chapter object of the position.

    Rule: OBJECTS.SQUARE
    A square holds at most one solid thing (a copy, kept in the position's
    masks, or an object here) and at most one seed, which only a copy shares.

    ``modules`` names the chapters (NOTATION.RULES).  ``seeds`` is the mask of
    cells holding a seed; ``solids`` lists each solid object by cell, in cell
    order; ``seed_supply`` is the shared seed supply (GROWTH.SEEDS);
    ``built`` says, White's then Black's, whether each player has built their
    statue (INFLUENCE.BUILD.ONCE).
    """

    modules: frozenset[str]
    seeds: int = 0
    solids: tuple[tuple[int, Thing], ...] = field(default=())
    seed_supply: int = SEEDS
    built: tuple[bool, bool] = (False, False)

    def solid(self, cell: int) -> Thing | None:
        """The object on ``cell``, or None."""
        for c, thing in self.solids:
            if c == cell:
                return thing
        return None

    def with_objects(
        self, seeds: int, solids: dict[int, Thing], seed_supply: int, built: tuple[bool, bool] | None = None
    ) -> Chapters:
        return Chapters(
            self.modules,
            seeds,
            tuple(sorted(solids.items(), key=lambda item: item[0])),
            seed_supply,
            self.built if built is None else built,
        )


def _where(c: int) -> str:
    return f"{Era(c // SQUARES).word} {FILES[c % 4]}{RANKS[c % SQUARES // 4]}"


def check_objects(chapters: Chapters, copies: int) -> None:
    """Raise `InvalidPosition` unless the objects are where they can be.

    Rule: OBJECTS.VALID
    ``copies`` is the mask of every copy of either colour.  Reachability (a
    tree needs a shrub on the era before) is not checked, so tests may build
    any position.
    """
    if "growth" not in chapters.modules and (
        chapters.seeds or chapters.seed_supply != SEEDS or any(t.kind.chapter == "growth" for _, t in chapters.solids)
    ):
        raise InvalidObjects("seeds, shrubs and trees need rules=growth")
    check_elephants(chapters)
    if chapters.seeds < 0 or chapters.seeds >> CELLS:
        raise InvalidObjects("seeds lie outside the three boards")
    on_board = chapters.seeds.bit_count()
    if chapters.seed_supply < 0 or on_board + chapters.seed_supply != SEEDS:
        raise InvalidObjects(
            f"{counted(on_board, 'seed')} on the boards + {chapters.seed_supply} in supply"
            f" = {on_board + chapters.seed_supply};"
            f" there are {SEEDS} seeds"
        )
    cells = [c for c, _ in chapters.solids]
    if len(set(cells)) != len(cells) or cells != sorted(cells):
        raise InvalidObjects("a square holds two objects")
    for c, thing in chapters.solids:
        if not 0 <= c < CELLS:
            raise InvalidObjects("an object lies outside the three boards")
        if copies >> c & 1:
            raise InvalidObjects(f"a copy shares {_where(c)} with a {thing.kind.word}")
        if chapters.seeds >> c & 1:
            raise InvalidObjects(f"a seed shares {_where(c)} with a {thing.kind.word}")
        era = c // SQUARES
        if thing.kind is Kind.SHRUB and era == Era.PAST:
            raise InvalidObjects("a shrub in the past: shrubs grow only in the present and the future")
        if thing.kind in (Kind.TREE, Kind.FALLEN) and era != Era.FUTURE:
            raise InvalidObjects(f"a {thing.kind.word} in the {Era(era).word}: trees grow only in the future")
        if thing.kind is Kind.FALLEN:
            root = thing.root
            if root is None or root // SQUARES != era or not any(
                NEIGHBOUR[d][root % SQUARES] == c % SQUARES for d in MOVES
            ):
                raise InvalidObjects("a fallen tree's root must be the square next to it that it fell from")
        elif thing.root is not None:
            raise InvalidObjects(f"a {thing.kind.word} has no root")
        if thing.owner is not None and thing.kind is not Kind.STATUE:
            raise InvalidObjects(f"a {thing.kind.word} has no owner")
        if thing.hat is not None and thing.kind not in ELEPHANTS:
            raise InvalidObjects(f"a {thing.kind.word} wears no hat")
    check_statues(chapters)


def check_statues(chapters: Chapters) -> None:
    """Raise `InvalidPosition` unless the statues are where they can be.

    Rule: INFLUENCE.VALID
    Statues need rules=influence.  Under it: exactly one neutral statue on
    every era; at most one statue of each player on an era; a player's statue
    stands on an unbroken run of eras, and on one at least exactly when the
    player has built (the ``built`` flag says so explicitly).
    """
    eras: dict[Colour | None, list[int]] = {None: [], Colour.WHITE: [], Colour.BLACK: []}
    for c, thing in chapters.solids:
        if thing.kind is Kind.STATUE:
            eras[thing.owner].append(c // SQUARES)
    influence = "influence" in chapters.modules
    if not influence:
        if any(eras.values()) or any(chapters.built):
            raise InvalidStatues("statues need rules=influence")
        return
    if sorted(eras[None]) != list(Era):
        raise InvalidStatues("there is exactly one neutral statue on every era")
    for colour in Colour:
        run = sorted(eras[colour])
        if len(set(run)) != len(run):
            raise InvalidStatues(f"two {colour.word} statues on one era")
        if run and run != list(range(run[0], run[-1] + 1)):
            raise InvalidStatues(f"the {colour.word} statue skips an era: its copies stand on an unbroken run of eras")
        if bool(run) != chapters.built[colour]:
            said = "has built" if chapters.built[colour] else "has not built"
            none = "a" if run else "no"
            raise InvalidStatues(f"{colour.word} {said}, but {none} {colour.word} statue is on the boards")


def check_elephants(chapters: Chapters) -> None:
    """Raise `InvalidObjects` unless the elephants and hats are as Memory has them.

    Rule: MEMORY.VALID
    With rules=memory, every era holds exactly one dark and one light
    elephant, and no player has two hats on one era (so a player's hats on the
    boards are at most 3, and the rest are in supply).  Without it, no
    elephant at all.
    """
    elephants = [(c, t) for c, t in chapters.solids if t.kind in ELEPHANTS]
    if "memory" not in chapters.modules:
        if elephants:
            raise InvalidElephants("elephants need rules=memory")
        return
    for era in Era:
        here = [t for c, t in elephants if c // SQUARES == era]
        for kind in ELEPHANTS:
            count = sum(1 for t in here if t.kind is kind)
            if count != 1:
                raise InvalidElephants(f"the {era.word} holds {count} {kind.word}s; every era holds exactly one")
        for colour in Colour:
            if sum(1 for t in here if t.hat is colour) > 1:
                raise InvalidElephants(f"{colour.word} has two hats on the {era.word}; a player has one hat per era")


def hats_in_supply(chapters: Chapters, colour: Colour) -> int:
    """The hats ``colour`` keeps off the boards.

    Rule: MEMORY.HATS
    Three hats per player, at most one on each era; the rest are in supply.
    """
    return HATS - sum(1 for _, t in chapters.solids if t.hat is colour)
