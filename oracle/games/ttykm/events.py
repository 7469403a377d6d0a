"""The events of a turn, in the order the rules resolve them.

Rule: ORACLE.EVENTS

Each event is an immutable value naming the colour, era and squares involved.
Replaying a turn's events one by one on the position before it gives the
position after it; a push chain therefore lists the far end of the chain first,
because the rules resolve it first (rule MOVE.PUSH.CHAIN).

Squares here are cells (``era * 16 + square``).  How each event is written (its line, its JSON form,
its sentence), drawn and blamed is its row of `oracle.games.ttykm.event_forms`: a new event is a value
here and a row there.
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle.games.ttykm.board import Action, Colour, Era


@dataclass(frozen=True)
class CopyChosen:
    """The mover chose the copy on ``cell`` to act."""

    colour: Colour
    cell: int


@dataclass(frozen=True)
class Moved:
    """The active copy moved one square, from ``source`` to ``target``."""

    colour: Colour
    source: int
    target: int
    direction: Action


@dataclass(frozen=True)
class Pushed:
    """A pushed copy moved one square, from ``source`` to ``target``."""

    colour: Colour
    source: int
    target: int
    direction: Action


@dataclass(frozen=True)
class Crushed:
    """A pushed copy on ``cell`` met the wall (or, in a chapter, an immovable
    object) and was removed."""

    colour: Colour
    cell: int
    direction: Action


@dataclass(frozen=True)
class Paradox:
    """Two copies of ``colour`` were removed: the one pushed from ``pushed``
    (or, in the self-push=paradox variant, the active copy) and the one it
    struck on ``struck``."""

    colour: Colour
    pushed: int
    struck: int


@dataclass(frozen=True)
class Travelled:
    """The active copy travelled from ``source`` to the same square on ``target``."""

    colour: Colour
    source: int
    target: int


@dataclass(frozen=True)
class Created:
    """A copy left the supply and was placed on ``cell``."""

    colour: Colour
    cell: int


@dataclass(frozen=True)
class FocusMoved:
    """The mover's Focus went from ``source`` to ``target``."""

    colour: Colour
    source: Era
    target: Era


@dataclass(frozen=True)
class Won:
    """``colour`` won: the opponent is on at most one era."""

    colour: Colour


# --- chapter events (spec/ttykm/objects.md, growth.md) -------------------------


@dataclass(frozen=True)
class Planted:
    """The active copy of ``colour`` planted a seed on ``cell`` (GROWTH.PLANT)."""

    colour: Colour
    cell: int


@dataclass(frozen=True)
class Dug:
    """The active copy of ``colour`` dug up the seed on ``cell`` (GROWTH.DIG)."""

    colour: Colour
    cell: int


@dataclass(frozen=True)
class Grew:
    """A ``what`` (``shrub`` or ``tree``) grew on ``cell`` (GROWTH.GROW)."""

    what: str
    cell: int


@dataclass(frozen=True)
class Cleared:
    """The ``what`` (``seed``, ``shrub``, ``tree`` or ``fallen-tree``) on ``cell``
    was removed by a cascade or a falling tree."""

    what: str
    cell: int


@dataclass(frozen=True)
class Fell:
    """The standing tree on ``source`` fell onto ``target`` (GROWTH.FALL)."""

    source: int
    target: int
    direction: Action


@dataclass(frozen=True)
class Flattened:
    """A falling tree landed on the copy of ``colour`` on ``cell`` and removed it
    (GROWTH.FALL.CRUSH); written ``crushed ... by tree``."""

    colour: Colour
    cell: int


@dataclass(frozen=True)
class Shifted:
    """The statue ``owner`` (None: neutral) moved one square from ``source`` to
    ``target``, pushed, pulled or by a move carried from the era before
    (INFLUENCE.PUSH, INFLUENCE.PULL, INFLUENCE.PROPAGATE)."""

    owner: Colour | None
    source: int
    target: int
    direction: Action


@dataclass(frozen=True)
class Halted:
    """The statue ``owner`` on ``cell`` could not take the move carried from
    the era before; later eras do not try it (INFLUENCE.PROPAGATE.STOP)."""

    owner: Colour | None
    cell: int
    direction: Action


@dataclass(frozen=True)
class Built:
    """The active copy of ``colour`` built its statue on ``cell`` (INFLUENCE.BUILD)."""

    colour: Colour
    cell: int


@dataclass(frozen=True)
class Placed:
    """A copy of ``colour``'s new statue was placed on ``cell`` of a later era;
    ``rebound`` when it went back against the build direction
    (INFLUENCE.BUILD.LATER, INFLUENCE.BUILD.REBOUND)."""

    colour: Colour
    cell: int
    rebound: bool


@dataclass(frozen=True)
class Unplaced:
    """No copy of ``colour``'s new statue could go on this era (``cell`` is
    the square it would have rebounded from), nor on any later one
    (INFLUENCE.BUILD.REBOUND-BLOCKED)."""

    colour: Colour
    cell: int


# --- Memory events (spec/ttykm/memory.md) -------------------------------------


@dataclass(frozen=True)
class HatOn:
    """A hat of ``colour`` was put on the ``elephant`` (``dark-elephant`` or
    ``light-elephant``) on ``cell`` (MEMORY.TRAIN, MEMORY.TRAIN.LATER)."""

    colour: Colour
    elephant: str
    cell: int


@dataclass(frozen=True)
class HatOff:
    """The hat of ``colour`` left the ``elephant`` on ``cell``: returned to its
    owner's supply, or moving to the other elephant (MEMORY.TRAIN.HAT)."""

    colour: Colour
    elephant: str
    cell: int


@dataclass(frozen=True)
class Commanded:
    """``colour`` commanded the ``elephant`` from ``source`` to ``target`` (MEMORY.COMMAND)."""

    colour: Colour
    elephant: str
    source: int
    target: int
    direction: Action


@dataclass(frozen=True)
class Stepped:
    """The ``elephant`` stepped from ``source`` to ``target`` by a propagated
    move (variant elephant-moves-propagate)."""

    elephant: str
    source: int
    target: int
    direction: Action


@dataclass(frozen=True)
class Trampled:
    """An elephant entered the square of the copy of ``colour`` on ``cell`` and
    removed it (MEMORY.TRAMPLE); written ``crushed ... by elephant``."""

    colour: Colour
    cell: int


@dataclass(frozen=True)
class Drawn:
    """The pair of chapters of a Convergence game was drawn, such as
    ``growth+memory`` (CONVERGENCE.DRAW); their objects are now set up."""

    pair: str


Event = (
    CopyChosen | Moved | Pushed | Crushed | Paradox | Travelled | Created | FocusMoved | Won
    | Planted | Dug | Grew | Cleared | Fell | Flattened
    | Shifted | Halted | Built | Placed | Unplaced
    | HatOn | HatOff | Commanded | Stepped | Trampled
    | Drawn
)
