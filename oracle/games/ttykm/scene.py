"""A position being changed by one chapter action: the mutable working copy.

The chapter rules (`oracle.games.ttykm.rules.push`, `growth`, `convergence`)
change a `Scene` in place while an action resolves, then freeze it back into a
`Position`.  The scene also holds the two things an action produces besides
the new position: the events it reports, in the order they happen, and the
*effects* it records per era, which the order of effects carries to the next
era (rule EFFECTS.RECORD).
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle.games.ttykm.board import SQUARES, Action, Colour, Era
from oracle.games.ttykm.events import Event
from oracle.games.ttykm.objects import Chapters, Kind, Thing
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import Position

# --- effects: what one era hands to the next --------------------------------

REMOVAL, PLACEMENT, MOVEMENT = 0, 1, 2
"""The three phases of rule EFFECTS.PHASES, in the order they run."""


@dataclass(frozen=True, slots=True)
class SeedPlaced:
    """A seed was planted on ``square``: a shrub grows there on the next era."""

    square: int
    phase = PLACEMENT


@dataclass(frozen=True, slots=True)
class ShrubGrown:
    """A shrub grew on ``square``: a tree grows there on the next era."""

    square: int
    phase = PLACEMENT


@dataclass(frozen=True, slots=True)
class SeedRemoved:
    """The seed on ``square`` was removed: its shrub goes on the next era."""

    square: int
    phase = REMOVAL


@dataclass(frozen=True, slots=True)
class ShrubRemoved:
    """The shrub on ``square`` was removed: its tree (standing or fallen) goes on the next era."""

    square: int
    phase = REMOVAL


@dataclass(frozen=True, slots=True)
class StatueBuilt:
    """A copy of ``owner``'s new statue stands on ``square``, built or placed
    in ``direction``: the next era places its own copy from there
    (INFLUENCE.BUILD.LATER)."""

    owner: Colour
    square: int
    direction: Action
    phase = PLACEMENT


@dataclass(frozen=True, slots=True)
class Trained:
    """``colour`` put a hat on the elephant ``kind`` (MEMORY.TRAIN): the same
    elephant on the next era may get it too (MEMORY.TRAIN.LATER)."""

    kind: Kind
    colour: Colour
    phase = PLACEMENT


@dataclass(frozen=True, slots=True)
class StatueMoved:
    """The statue ``owner`` (None: the neutral statue) moved one square in
    ``direction``: its version on the next era tries the same move
    (INFLUENCE.PROPAGATE)."""

    owner: Colour | None
    direction: Action
    phase = MOVEMENT


@dataclass(frozen=True, slots=True)
class ElephantStepped:
    """The elephant ``kind`` stepped one square ``direction``; recorded only
    under the variant elephant-moves-propagate (VARIANT.ELEPHANT-MOVES-PROPAGATE)."""

    kind: Kind
    direction: Action
    phase = MOVEMENT


Effect = (
    SeedPlaced | ShrubGrown | SeedRemoved | ShrubRemoved | StatueBuilt | StatueMoved | Trained | ElephantStepped
)
"""A temporal effect, with its phase; `oracle.games.ttykm.rules.convergence`
applies them."""


class Scene:
    """The working copy of a chapter position.  ``active`` follows the active
    copy's cell (None once it is removed); ``ruleset`` holds the variants
    that change how an object goes (VARIANT.SEED-REMOVAL-CASCADE-DIG-ONLY)."""

    def __init__(self, position: Position, active: int | None, ruleset: Ruleset = STANDARD) -> None:
        chapters = position.chapters
        assert chapters is not None
        self.base = position
        self.copies = [position.copies[0], position.copies[1]]
        self.removed = [position.removed[0], position.removed[1]]
        self.supply = [position.supply[0], position.supply[1]]
        self.seeds = chapters.seeds
        self.seed_supply = chapters.seed_supply
        self.solids: dict[int, Thing] = dict(chapters.solids)
        self.built = [chapters.built[0], chapters.built[1]]
        self.moved: set[tuple[int, Colour | None]] = set()
        """(era, owner) of each statue version that has moved during this
        action (INFLUENCE.SPENT)."""
        self.active = active
        self.ruleset = ruleset
        self.events: list[Event] = []
        self.effects: list[list[Effect]] = [[] for _ in Era]

    # --- what a cell holds ---

    def copy_at(self, c: int) -> Colour | None:
        if self.copies[0] >> c & 1:
            return Colour.WHITE
        if self.copies[1] >> c & 1:
            return Colour.BLACK
        return None

    def solid(self, c: int) -> Thing | None:
        return self.solids.get(c)

    def has_seed(self, c: int) -> bool:
        return bool(self.seeds >> c & 1)

    def is_empty(self, c: int) -> bool:
        """Nothing at all: no copy, no seed, no object (OBJECTS.SQUARE)."""
        return self.copy_at(c) is None and not self.has_seed(c) and c not in self.solids

    def is_free_for_copy(self, c: int) -> bool:
        """Empty, or a seed only (OBJECTS.SQUARE)."""
        return self.copy_at(c) is None and c not in self.solids

    # --- changes ---

    def remove_copy(self, c: int) -> Colour:
        """Take the copy on ``c`` off the board as a kill (REMOVED.PERMANENT)."""
        colour = self.copy_at(c)
        assert colour is not None
        self.copies[colour] &= ~(1 << c)
        self.removed[colour] += 1
        if self.active == c:
            self.active = None
        return colour

    def move_copy(self, source: int, target: int) -> None:
        colour = self.copy_at(source)
        assert colour is not None
        self.copies[colour] = self.copies[colour] & ~(1 << source) | 1 << target
        if self.active == source:
            self.active = target

    def record(self, c: int, effect: Effect) -> None:
        """Record ``effect`` in the era of cell ``c`` (EFFECTS.RECORD)."""
        self.effects[c // SQUARES].append(effect)

    def position(self) -> Position:
        """The scene frozen back into a position."""
        base = self.base
        chapters = base.chapters
        assert chapters is not None
        return Position(
            copies=(self.copies[0], self.copies[1]),
            supply=(self.supply[0], self.supply[1]),
            removed=(self.removed[0], self.removed[1]),
            focus=base.focus,
            to_move=base.to_move,
            winner=base.winner,
            chapters=Chapters.with_objects(
                chapters, self.seeds, self.solids, self.seed_supply, (self.built[0], self.built[1])
            ),
        )
