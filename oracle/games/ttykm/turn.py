"""Turns, partial turns and verdicts: the values the oracle talks in."""

from __future__ import annotations

from dataclasses import dataclass

from oracle.games.ttykm.board import FILES, RANKS, Action, Era
from oracle.interface import ILLEGAL, LEGAL, LEGAL_SO_FAR, Verdict


@dataclass(frozen=True, slots=True)
class Aimed:
    """A chapter action aimed at a square of the active copy's era: ``P`` Plant
    and ``D`` Dig up (GROWTH.PLANT, GROWTH.DIG), ``T`` Train, aimed at the
    elephant, and ``C`` Command, aimed at the square the elephant steps onto
    (MEMORY.TRAIN, MEMORY.COMMAND).  Later chapters add their letters here.
    ``value`` is its notation, such as ``Pb2``."""

    letter: str
    square: int
    pull: bool = False
    """A Command whose elephant pulls the statue directly behind it
    (CONVERGENCE.ELEPHANT-PULL), written with ``+``, such as ``Cc2+``."""

    @property
    def value(self) -> str:
        return f"{self.letter}{FILES[self.square % 4]}{RANKS[self.square // 4]}" + ("+" if self.pull else "")

    @property
    def word(self) -> str:
        return AIMED_WORDS[self.letter] + (" with pull" if self.pull else "")


# The letters of aimed actions, in the order the oracle tries them (ORACLE.ORDER).
AIMED_WORDS: dict[str, str] = {"P": "plant", "D": "dig up", "B": "build on", "T": "train", "C": "command"}


@dataclass(frozen=True, slots=True)
class Pull:
    """A Move that pulls a statue along (INFLUENCE.PULL): the statue directly
    behind the active copy, or under the variant pull=sideways the one beside
    it on ``side`` (VARIANT.PULL-SIDEWAYS).

    Rule: NOTATION.PULL
    ``value`` is its notation, the direction and ``+``, such as ``E+``; a
    sideways pull adds the side the statue stands on, such as ``E+N``.
    """

    direction: Action
    side: Action | None = None

    @property
    def value(self) -> str:
        return f"{self.direction.value}+{self.side.value if self.side is not None else ''}"

    @property
    def word(self) -> str:
        if self.side is None:
            return f"move {self.direction.word} with pull"
        return f"move {self.direction.word} with pull from the {self.side.word}"


@dataclass(frozen=True, slots=True)
class Draw:
    """The chance outcome that starts a Convergence game: the pair of chapters
    drawn, such as ``growth+memory`` (CONVERGENCE.DRAW).  ``value`` is its
    notation, ``draw growth+memory``."""

    pair: str

    @property
    def value(self) -> str:
        return f"draw {self.pair}"


TurnAction = Action | Aimed | Pull
"""One action of a turn: a standard action or a chapter action."""


@dataclass(frozen=True, slots=True)
class Turn:
    """A complete turn or a prefix of one (rules ORACLE.TURN, ORACLE.PARTIAL).

    ``copy`` is the square (0-15) of the chosen copy on the mover's Focus era,
    or None when the turn has no actions.  ``focus`` is the era the Focus moves
    to; a turn without it is partial.
    """

    copy: int | None
    actions: tuple[TurnAction, ...] = ()
    focus: Era | None = None

    def __post_init__(self) -> None:
        if self.copy is None and self.actions:
            raise ValueError("a turn with actions must name its copy")
        if len(self.actions) > 2:
            raise ValueError("a turn has at most two actions")

    @property
    def is_complete(self) -> bool:
        return self.focus is not None

    @property
    def value(self) -> str:
        """Its notation (NOTATION.TURN): ``a1 N E >present``; ``>past`` for a turn
        with no actions; a partial turn stops before the ``>``: ``a1 N``."""
        parts: list[str] = []
        if self.copy is not None:
            parts.append(FILES[self.copy % 4] + RANKS[self.copy // 4])
        parts.extend(a.value for a in self.actions)
        if self.focus is not None:
            parts.append(">" + self.focus.word)
        return " ".join(parts)


# The verdict values are the common interface's (oracle.interface), re-exported here.
__all__ = ["ILLEGAL", "LEGAL", "LEGAL_SO_FAR", "Aimed", "Draw", "Pull", "Turn", "TurnAction", "Verdict"]
