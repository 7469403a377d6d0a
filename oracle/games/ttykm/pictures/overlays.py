"""What a picture of a turn marks: arrows, badges and highlights, from the rules' own words.

`turn_overlays` reads a turn's event trace (rule ORACLE.EVENTS) and says what
to draw on the picture before the turn and on the picture after it; it judges
nothing itself.  `attempt_overlays` draws a turn as the player tried it, and
asks the rules (`explain`) which part of it they refuse.  The drawing itself
is `oracle.games.ttykm.pictures.svg`.

- **Before the turn** the board shows the position and the chosen copy, and
  nothing of what the turn will do.
- **After the turn** each action is an arrow numbered in the order taken,
  chapter actions included (a Plant, a Build, a Train is a dotted line to the
  ringed square it aims at; a Command numbers the elephant's arrow).  Pushes,
  falling trees, statues and elephants moved as effects get unnumbered arrows
  (a statue's move carried from the era before is dashed).  Every removed copy
  gets a badge on its ghost, in its own colour; a new copy, a shrub or tree
  that grew, an object removed, a statue built or placed, a carried move that
  was blocked, and a hat put on or taken off each get their own badge.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from oracle.games.ttykm.board import NEIGHBOUR, SQUARES, TRAVELS, Action, Colour, Era
from oracle.games.ttykm.event_forms import ArrowKind as ArrowKind  # re-exported: the pictures' words
from oracle.games.ttykm.event_forms import MarkerKind as MarkerKind  # re-exported
from oracle.games.ttykm.event_forms import form_of
from oracle.games.ttykm.events import CopyChosen, Event
from oracle.games.ttykm.pictures.text import event_prose
from oracle.games.ttykm.rules.standard import explain
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed, Pull, Turn, TurnAction

REMOVALS: tuple[MarkerKind, ...] = ("crushed", "paradox")
"""The badges of a removed copy, drawn on its ghost."""
AIMED_KIND: dict[str, ArrowKind] = {"P": "plant", "D": "dig", "B": "build", "T": "train", "C": "elephant"}
"""The arrow of each aimed action (a Command is the elephant's own arrow)."""


@dataclass(frozen=True)
class Arrow:
    """An arrow from one cell to another: an action, a push or another
    effect, or an action the rules refused.  ``step`` numbers the turn's
    actions (1, 2; 0 for an effect); an action that would leave the board or
    the eras has no target cell (``target`` is None) and points off the edge.
    An aimed action (``action`` an `Aimed`) ends on a ring round its square."""

    source: int
    target: int | None
    kind: ArrowKind
    step: int = 0
    action: TurnAction | None = None


@dataclass(frozen=True)
class Marker:
    """A badge on a cell: a copy removed (``crushed``, ``paradox``: drawn on
    the copy's ghost, in ``colour``), a copy created, or a chapter object's
    change; ``refused`` marks where a refused turn went wrong."""

    cell: int
    kind: MarkerKind
    colour: Colour | None = None
    note: str = ""


@dataclass(frozen=True)
class Overlays:
    """What to draw over the boards.  ``notes`` are sentences (such as the
    events) added to the picture's description; ``targets`` are cells to ring
    as possible next steps (the playground); ``refused_focus`` is the era a
    refused turn tried to move the Focus to (FOCUS.MOVE)."""

    arrows: tuple[Arrow, ...] = ()
    markers: tuple[Marker, ...] = ()
    highlights: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()
    targets: tuple[int, ...] = ()
    refused_focus: Era | None = None
    refused_focus_note: str = ""  # the refused Focus move's words, when not that the era is refused


class _Walk:
    """The turn as its events tell it: where the active copy stands and how many actions it has taken."""

    def __init__(self) -> None:
        self.active: int | None = None
        self.step = 0
        self.arrows: list[Arrow] = []
        self.markers: list[Marker] = []

    def action(self, source: int | None, target: int | None, kind: ArrowKind, action: TurnAction | None) -> None:
        self.step += 1
        if source is not None:
            self.arrows.append(Arrow(source, target, kind, self.step, action))

    def effect(self, source: int, target: int, kind: ArrowKind) -> None:
        self.arrows.append(Arrow(source, target, kind))

    def mark(self, cell: int, kind: MarkerKind, colour: Colour | None, event: Event) -> None:
        self.markers.append(Marker(cell, kind, colour, event_prose(event)))

    def acting_era(self, cell: int) -> bool:
        return self.active is not None and cell // SQUARES == self.active // SQUARES

    def see(self, event: Event) -> None:
        """Follow one event: its arrows and badges for the picture after it (its row of
        `oracle.games.ttykm.event_forms`)."""
        form_of(event).draw(self, event)


def turn_overlays(events: Iterable[Event], when: Literal["before", "after"],
                  earlier: Iterable[Event] = ()) -> Overlays:
    """The overlays for a turn's event trace, on the picture before or after it.

    Before the turn only the chosen copy is highlighted.  After it every
    action is drawn and numbered in the order taken, every effect is marked,
    and the active copy's last square is highlighted.  ``earlier`` are the
    events of the same turn before ``events`` (a picture of one phase of a
    turn): they are followed, to number the actions and find the active copy,
    but not drawn.
    """
    trace = tuple(events)
    if when == "before":
        chosen = tuple(e for e in trace if isinstance(e, CopyChosen))
        return Overlays(highlights=tuple(e.cell for e in chosen), notes=tuple(event_prose(e) for e in chosen))
    walk = _Walk()
    for event in earlier:
        walk.see(event)
    walk.arrows.clear()
    walk.markers.clear()
    for event in trace:
        walk.see(event)
    highlights = () if walk.active is None else (walk.active,)
    return Overlays(tuple(walk.arrows), tuple(walk.markers), highlights, tuple(event_prose(e) for e in trace))


def _landing(here: int, action: TurnAction) -> int | None:
    """Where an action takes the active copy, by the board alone (None: off the board or the eras)."""
    if isinstance(action, Aimed):
        return here
    direction = action.direction if isinstance(action, Pull) else action
    era, square = divmod(here, SQUARES)
    if direction in TRAVELS:
        era += 1 if direction is Action.FORWARD else -1
        return era * SQUARES + square if 0 <= era < len(Era) else None
    beyond = NEIGHBOUR[direction][square]
    return None if beyond is None else era * SQUARES + beyond


def _kind(action: TurnAction) -> ArrowKind:
    if isinstance(action, Aimed):
        return AIMED_KIND[action.letter]
    return "travel" if action in TRAVELS else "move"


def attempt_overlays(position: Position, turn: Turn, ruleset: Ruleset | None = STANDARD,
                     tried: int | None = None) -> Overlays:
    """The overlays of a turn as attempted: the chosen copy highlighted and
    each action drawn, numbered, from where the copy would be.

    The path is followed square by square by the board alone (pushes and
    effects are not drawn).  The rules (`explain`, under ``ruleset``) say which
    part is refused: the actions before it are drawn as what they are, the
    refused action as a red dashed arrow (an aimed one to its ringed square),
    and a turn refused only for its Focus, or for ending before the copy has
    taken every action it must (TURN.ACTION-COUNT), gets a red badge at the
    Focus it tried; one refused for anything else it lacks, a badge where the
    copy stopped.
    ``ruleset`` None draws every action as refused.  ``tried`` is the cell of
    a copy off the Focus era that the player tried to act with (a copy the
    rules do not let act): the attempt is drawn from it, refused.
    """
    if turn.copy is None or position.to_move is None:
        return Overlays()
    chosen = position.focus[position.to_move] * SQUARES + turn.copy if tried is None else tried
    copy_refused = ruleset is None or tried is not None or explain(
        position, Turn(turn.copy), ruleset).status == "illegal"
    arrows: list[Arrow] = []
    markers: list[Marker] = []
    here = chosen
    refused = copy_refused
    for step, action in enumerate(turn.actions, start=1):
        if not refused:
            assert ruleset is not None
            refused = explain(position, Turn(turn.copy, turn.actions[:step]), ruleset).status == "illegal"
        target = _landing(here, action)
        if isinstance(action, Aimed):
            target = here // SQUARES * SQUARES + action.square
        arrows.append(Arrow(here, target, "attempt" if refused else _kind(action), step, action))
        if (refused and not copy_refused) or target is None:
            break
        here = target if not isinstance(action, Aimed) else here
    refused_focus = None
    focus_note = ""
    if copy_refused and ruleset is not None:
        markers.append(Marker(chosen, "refused", position.to_move, "This copy may not act."))
    elif not refused and ruleset is not None and turn.is_complete:
        verdict = explain(position, turn, ruleset)
        if verdict.status == "illegal":
            if verdict.rule is not None and verdict.rule.startswith("FOCUS."):
                refused_focus = turn.focus
            elif verdict.rule == "TURN.ACTION-COUNT":
                # Stopping short: every action taken is legal, moving the Focus so soon is not, so the
                # badge goes on the Focus move, never on the square the copy rightly moved to.
                refused_focus, focus_note = turn.focus, "The turn may not end yet: the copy must take another action."
            else:
                markers.append(Marker(here, "refused", position.to_move, "The turn may not end here."))
    notes = tuple(f"Attempted action {a.step}: {a.action.word if a.action else ''}"
                  f"{'' if a.target is not None else ', off the edge'}"
                  f"{', refused' if a.kind == 'attempt' else ''}." for a in arrows)
    if refused_focus is not None:
        focus_note = focus_note or f"The Focus may not move to the {refused_focus.word}."
        notes += (focus_note,)
    return Overlays(arrows=tuple(arrows), markers=tuple(markers), highlights=(chosen,), notes=notes,
                    refused_focus=refused_focus, refused_focus_note=focus_note)


__all__ = ["AIMED_KIND", "REMOVALS", "Arrow", "ArrowKind", "Marker", "MarkerKind", "Overlays", "attempt_overlays",
           "turn_overlays"]
