"""What one action gives: the position after it (`Step`), or the rule it breaks (`Illegal`).

Every rules room speaks in these two values: the standard rules, the shared
push and order of effects, and each chapter.
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle.games.ttykm.events import Event
from oracle.games.ttykm.state import Position


@dataclass(frozen=True, slots=True)
class Illegal:
    """An action or turn that breaks ``rule``; ``reason`` says how."""

    rule: str
    reason: str


@dataclass(frozen=True, slots=True)
class Step:
    """The result of one legal action.  ``active`` is the active copy's cell
    afterwards, or None if the action removed it (a self-push variant, or a
    chapter object that killed it)."""

    position: Position
    active: int | None
    events: tuple[Event, ...]
