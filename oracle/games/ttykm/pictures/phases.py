"""A chapter turn phase by phase: the board after each phase of each era.

A chapter action resolves in its own era, then each later era applies what
the era before recorded in three phases, removals, placements, movements
(rules EFFECTS.ERAS, EFFECTS.PHASES).  `phase_stages` plays a turn with the
rules' own tracer (`oracle.games.ttykm.rules.effects.Tracer`) and keeps
the position at each of those moments, with the events that happened since
the moment before, so that a picture can show the turn step by step across
the three eras.  It judges nothing itself: the rules play the turn, and the
last stage is the position `oracle.games.ttykm.rules.apply_turn` gives (the
tests check it).
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle.games.ttykm.board import SQUARES, Era, cell
from oracle.games.ttykm.events import Event, FocusMoved, Won
from oracle.games.ttykm.rules import chapters
from oracle.games.ttykm.rules.effects import Tracer
from oracle.games.ttykm.rules.standard import Illegal, apply_turn
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.scene import MOVEMENT, PLACEMENT, REMOVAL, Scene
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Turn

PHASE_WORDS = {REMOVAL: "removals", PLACEMENT: "placements", MOVEMENT: "movements"}


@dataclass(frozen=True, slots=True)
class Stage:
    """One moment of a turn: a caption, the position then, and the events since the stage before."""

    caption: str
    position: Position
    events: tuple[Event, ...]


def phase_stages(position: Position, turn: Turn, ruleset: Ruleset) -> list[Stage]:
    """The stages of a legal chapter turn: for each action, its own era, then
    each phase of each later era; then the Focus.

    Under effect-order=recorded a later era has one stage (no phases); under
    effect-order=global-phases the stages follow that variant's order, a
    stage for each phase of each era that applied something.  Raises
    ValueError for a turn that is not legal or a position without chapters.
    """
    if position.chapters is None or position.to_move is None or turn.focus is None:
        raise ValueError("a phase trace needs a legal, complete turn in a chapter position")
    played = apply_turn(position, turn, ruleset)  # raises for an illegal turn
    colour = position.to_move
    stages: list[Stage] = []
    active = None if turn.copy is None else cell(position.focus[colour], turn.copy)
    here = position
    for number, action in enumerate(turn.actions, start=1):
        assert active is not None
        keep = _keeper(stages, f"Action {number} ({action.value})", active // SQUARES)
        step = chapters.perform(here, colour, active, action, ruleset, keep)
        if isinstance(step, Illegal):  # pragma: no cover - apply_turn said the turn is legal
            raise ValueError(step.reason)
        here, active = step.position, step.active
    focus = tuple(e for e in played.events if isinstance(e, FocusMoved | Won))
    stages.append(Stage(f"The Focus moves to the {turn.focus.word}", played.position, focus))
    return stages


def _keeper(stages: list[Stage], action: str, acting_era: int) -> Tracer:
    """The tracer that adds a stage for one action: its own era, then each
    phase of each later era that something reached (an era nothing reaches
    has no stage)."""
    seen = 0

    def keep(scene: Scene, era: int, phase: int | None, round_: int) -> None:
        nonlocal seen
        if era == acting_era:
            words = f"{action} in the {Era(era).word}"
        elif not scene.effects[era - 1]:
            return
        elif phase is None:
            words = f"The {Era(era).word}: effects in recorded order"
        else:
            words = f"The {Era(era).word}: {PHASE_WORDS[phase]}" + (f" (round {round_})" if round_ > 1 else "")
        stages.append(Stage(words, scene.position(), tuple(scene.events[seen:])))
        seen = len(scene.events)

    return keep


__all__ = ["PHASE_WORDS", "Stage", "phase_stages"]
