"""Geometry of the three eras: colours, eras, squares, directions.

Rules: BOARD.ERAS, BOARD.SQUARES

A *cell* is one square on one era, numbered ``era * 16 + square``; a *square*
is numbered ``(rank - 1) * 4 + file`` with files a-d as 0-3, so a1 is 0 and d4
is 15.  The same square on two eras is the same place at two times.
"""

from __future__ import annotations

from enum import Enum, IntEnum

from oracle import errors


class InvalidPosition(errors.InvalidPosition):
    """A well-formed position that breaks rule POSITION.VALID; the message says how."""

    rule = "POSITION.VALID"

class Colour(IntEnum):
    """A player, and the colour of that player's copies."""

    WHITE = 0
    BLACK = 1

    @property
    def opponent(self) -> Colour:
        # A conditional, not Colour(1 - self): this is on the hot path, and an enum call is slow.
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE

    @property
    def word(self) -> str:
        return "white" if self is Colour.WHITE else "black"

    @property
    def letter(self) -> str:
        return "w" if self is Colour.WHITE else "b"


class Era(IntEnum):
    """The three eras, in time order."""

    PAST = 0
    PRESENT = 1
    FUTURE = 2

    @property
    def word(self) -> str:
        return self._name_.lower()  # _name_, not the slower name property: used on the hot path


class Action(Enum):
    """The six actions of the standard game (rule ACTION.KINDS)."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"
    FORWARD = "F"
    BACKWARD = "B"

    @property
    def word(self) -> str:
        return self._name_.lower()  # _name_, not the slower name property: used on the hot path


MOVES: tuple[Action, ...] = (Action.NORTH, Action.EAST, Action.SOUTH, Action.WEST)
TRAVELS: tuple[Action, ...] = (Action.FORWARD, Action.BACKWARD)
# The documented order in which actions are tried (rule ORACLE.ORDER).
ACTION_ORDER: tuple[Action, ...] = MOVES + TRAVELS

SQUARES = 16
CELLS = 48
FILES = "abcd"
RANKS = "1234"
# (file step, rank step) of each move; north is towards rank 4, east towards file d.
STEP: dict[Action, tuple[int, int]] = {
    Action.NORTH: (0, 1),
    Action.EAST: (1, 0),
    Action.SOUTH: (0, -1),
    Action.WEST: (-1, 0),
}


def square_of_bga_space(space: int) -> int:
    """The square of Board Game Arena's space number 1-16.

    Rule: SETUP.BGA-SPACES
    Space n has file ``(n - 1) mod 4`` and rank ``(n - 1) div 4 + 1``.
    """
    if not 1 <= space <= SQUARES:
        raise ValueError(f"BGA spaces are numbered 1 to 16, not {space}")
    file, rank_index = (space - 1) % 4, (space - 1) // 4
    return rank_index * 4 + file


def cell(era: int, square: int) -> int:
    """The cell of ``square`` on ``era``."""
    return era * SQUARES + square


def square_name(square: int) -> str:
    """A square by its file and rank (BOARD.SQUARES): ``0`` -> ``"a1"``, ``15`` -> ``"d4"``."""
    return FILES[square % 4] + RANKS[square // 4]


# Every cell's name, built once: events name cells, and the names are looked up often.
_CELL_NAMES = tuple(f"{era.word}:{FILES[s % 4]}{RANKS[s // 4]}" for era in Era for s in range(SQUARES))


def cell_name(c: int) -> str:
    """A square on an era in notation: ``16`` -> ``"present:a1"``."""
    if c < 0:
        raise ValueError(f"no cell {c}")
    return _CELL_NAMES[c]


# Every cell's words, built once: the rules name cells in the reason of each
# illegal action they try, so these are looked up on the hot path.
_CELL_WORDS = tuple(f"{era.word} {FILES[s % 4]}{RANKS[s // 4]}" for era in Era for s in range(SQUARES))


def cell_prose(c: int) -> str:
    """A square on an era in a sentence: ``16`` -> ``"present a1"``.  The rules
    word their reasons with it, as they use `Era.word` and `Action.word`."""
    if c < 0:
        raise ValueError(f"no cell {c}")
    return _CELL_WORDS[c]


def neighbour(square: int, direction: Action) -> int | None:
    """The square one step from ``square`` in ``direction``, or None at the wall."""
    df, dr = STEP[direction]
    f, r = square % 4 + df, square // 4 + dr
    if 0 <= f < 4 and 0 <= r < 4:
        return r * 4 + f
    return None


# NEIGHBOUR[direction][square]: precomputed for the hot path.
NEIGHBOUR: dict[Action, tuple[int | None, ...]] = {
    d: tuple(neighbour(s, d) for s in range(SQUARES)) for d in MOVES
}
