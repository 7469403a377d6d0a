"""Turns, partial turns and verdicts: the values the oracle talks in."""

from __future__ import annotations

from dataclasses import dataclass

from oracle.board import Action, Era


@dataclass(frozen=True, slots=True)
class Turn:
    """A complete turn or a prefix of one (rules ORACLE.TURN, ORACLE.PARTIAL).

    ``copy`` is the square (0-15) of the chosen copy on the mover's Focus era,
    or None when the turn has no actions.  ``focus`` is the era the Focus moves
    to; a turn without it is partial.
    """

    copy: int | None
    actions: tuple[Action, ...] = ()
    focus: Era | None = None

    def __post_init__(self) -> None:
        if self.copy is None and self.actions:
            raise ValueError("a turn with actions must name its copy")
        if len(self.actions) > 2:
            raise ValueError("a turn has at most two actions")

    @property
    def is_complete(self) -> bool:
        return self.focus is not None


LEGAL = "legal"
LEGAL_SO_FAR = "legal so far"
ILLEGAL = "illegal"


@dataclass(frozen=True, slots=True)
class Verdict:
    """What `oracle.rules.explain` says of a turn.

    ``status`` is ``"legal"``, ``"legal so far"`` or ``"illegal"``; an illegal
    verdict names the first rule broken in ``rule``; ``reason`` is a sentence
    naming the squares and eras.
    """

    status: str
    reason: str
    rule: str | None = None

    @property
    def is_legal(self) -> bool:
        return self.status == LEGAL

    def __str__(self) -> str:
        if self.rule is not None:
            return f"{self.status}: {self.rule}: {self.reason}"
        return f"{self.status}: {self.reason}" if self.reason else self.status
