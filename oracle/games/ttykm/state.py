"""The position: every fact the rules need, as one immutable, hashable value.

Copies are two 48-bit masks, one per colour, bit ``era * 16 + square``
(see `oracle.games.ttykm.board`).  Masks keep positions small, hashable and fast to
compare, which the turn generator and perft rely on.
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle.games.ttykm.board import CELLS, SQUARES, Colour, Era, cell
from oracle.games.ttykm.board import InvalidPosition as InvalidPosition  # re-exported: positions raise it
from oracle.games.ttykm.objects import Chapters as Chapters  # re-exported: the position's chapter seam
from oracle.games.ttykm.objects import check_objects
from oracle.words import counted

COPIES_PER_PLAYER = 7
START_SUPPLY = 4
ERA_MASK = (1 << SQUARES) - 1
ALL_CELLS = (1 << CELLS) - 1


@dataclass(frozen=True, slots=True)
class Position:
    """A position of the standard game.

    ``copies[c]`` is colour c's mask of occupied cells; ``supply``, ``removed``
    and ``focus`` are indexed by colour.  Exactly one of ``to_move`` and
    ``winner`` is set.
    """

    copies: tuple[int, int]
    supply: tuple[int, int]
    removed: tuple[int, int]
    focus: tuple[Era, Era]
    to_move: Colour | None
    winner: Colour | None = None
    chapters: Chapters | None = None
    """The chapter modules in play and their objects; None in the standard game,
    so the standard rules and the perft fast path never look further."""

    @classmethod
    def start(cls) -> Position:
        """The standard start.

        Rule: SETUP.START
        White has a copy on a1 and Black on d4 of every era, each keeps 4 copies
        in supply, White's Focus is on the past and Black's on the future, and
        White moves first.
        """
        white = sum(1 << cell(era, 0) for era in Era)
        black = sum(1 << cell(era, 15) for era in Era)
        return cls(
            copies=(white, black),
            supply=(START_SUPPLY, START_SUPPLY),
            removed=(0, 0),
            focus=(Era.PAST, Era.FUTURE),
            to_move=Colour.WHITE,
        )

    def occupant(self, c: int) -> Colour | None:
        """The colour of the copy on cell ``c``, or None if it is empty."""
        bit = 1 << c
        if self.copies[0] & bit:
            return Colour.WHITE
        if self.copies[1] & bit:
            return Colour.BLACK
        return None

    def cells_of(self, colour: Colour) -> tuple[int, ...]:
        """Colour's occupied cells, in increasing order."""
        mask = self.copies[colour]
        return tuple(c for c in range(CELLS) if mask >> c & 1)

    def eras_of(self, colour: Colour) -> tuple[Era, ...]:
        """The eras on which colour has at least one copy."""
        mask = self.copies[colour]
        return tuple(era for era in Era if mask >> (era * SQUARES) & ERA_MASK)

    def on_board(self, colour: Colour) -> int:
        return self.copies[colour].bit_count()


def check_position(position: Position) -> None:
    """Raise `InvalidPosition` unless ``position`` is valid.

    Rule: POSITION.VALID
    """
    white, black = position.copies
    for colour in Colour:
        mask = position.copies[colour]
        if mask < 0 or mask > ALL_CELLS:
            raise InvalidPosition(f"{colour.word} copies lie outside the three boards")
    if white & black:
        raise InvalidPosition("a square holds two copies")
    for colour in Colour:
        supply, removed = position.supply[colour], position.removed[colour]
        if not 0 <= supply <= START_SUPPLY:
            raise InvalidPosition(f"{colour.word} supply is {supply}; it must be 0 to {START_SUPPLY}")
        if removed < 0:
            raise InvalidPosition(f"{colour.word} removed count is {removed}; it cannot be negative")
        total = position.on_board(colour) + supply + removed
        if total != COPIES_PER_PLAYER:
            raise InvalidPosition(
                f"{colour.word} has {position.on_board(colour)} on the board + {supply} in supply"
                f" + {removed} removed = {counted(total, 'copy')}; it must be {COPIES_PER_PLAYER}"
            )
    for colour in Colour:
        if not isinstance(position.focus[colour], Era):
            raise InvalidPosition(f"{colour.word} Focus is not on an era")
    if (position.to_move is None) == (position.winner is None):
        raise InvalidPosition("exactly one of 'player to move' and 'winner' must be set")
    if position.chapters is not None:
        check_objects(position.chapters, white | black)
    if position.chapters is not None and "convergence" in position.chapters.modules:
        start = Position.start()
        if (position.copies, position.supply, position.removed, position.focus, position.to_move) != (
            start.copies, start.supply, start.removed, start.focus, start.to_move
        ):
            raise InvalidPosition(
                "rules=convergence is the start before the pair is drawn (CONVERGENCE.DRAW): its boards and fields"
                " must be the standard start's"
            )
