"""The position after each event of a turn, to show a turn step by step.

Replaying a turn's events one by one on the position before it gives the
position after it (rule ORACLE.EVENTS, implemented by `oracle.games.ttykm.events`); this
module does that replay for pictures only.  It
applies each event as the event says and judges nothing: what may happen is
decided by `oracle.games.ttykm.rules`, and the tests check that the last
position here is the one the rules give.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.games.ttykm.board import Colour
from oracle.games.ttykm.events import (
    CopyChosen,
    Created,
    Crushed,
    Event,
    FocusMoved,
    Moved,
    Paradox,
    Pushed,
    Travelled,
    Won,
)
from oracle.games.ttykm.state import Position


def _with(position: Position, colour: Colour, mask: int) -> Position:
    copies = (mask, position.copies[1]) if colour is Colour.WHITE else (position.copies[0], mask)
    return replace(position, copies=copies)


def _bump(pair: tuple[int, int], colour: Colour, by: int) -> tuple[int, int]:
    return (pair[0] + by, pair[1]) if colour is Colour.WHITE else (pair[0], pair[1] + by)


def after_event(position: Position, event: Event) -> Position:
    """The position once ``event`` has happened (whose turn it is changes only with the Focus)."""
    match event:
        case CopyChosen():
            return position
        case Moved(colour, source, target, _) | Pushed(colour, source, target, _) | Travelled(colour, source, target):
            return _with(position, colour, position.copies[colour] & ~(1 << source) | 1 << target)
        case Crushed(colour, c, _):
            lost = _with(position, colour, position.copies[colour] & ~(1 << c))
            return replace(lost, removed=_bump(position.removed, colour, 1))
        case Paradox(colour, pushed, struck):
            lost = _with(position, colour, position.copies[colour] & ~(1 << pushed | 1 << struck))
            return replace(lost, removed=_bump(position.removed, colour, 2))
        case Created(colour, c):
            made = _with(position, colour, position.copies[colour] | 1 << c)
            return replace(made, supply=_bump(position.supply, colour, -1))
        case FocusMoved(colour, _, target):
            focus = (target, position.focus[1]) if colour is Colour.WHITE else (position.focus[0], target)
            return replace(position, focus=focus, to_move=colour.opponent)
        case Won(colour):
            return replace(position, to_move=None, winner=colour)
    raise TypeError(f"not an event: {event!r}")  # pragma: no cover


def positions_through(before: Position, events: tuple[Event, ...]) -> list[Position]:
    """The position after each event, in order."""
    positions = []
    for event in events:
        before = after_event(before, event)
        positions.append(before)
    return positions


__all__ = ["after_event", "positions_through"]
