"""The standard rules' hooks for a position with chapters in play.

`oracle.games.ttykm.rules.standard` asks two questions of every action: which
actions may a copy try (`candidate_actions`), and what does one do
(`perform`).  For a position with ``chapters`` it hands both here.  Everything
built on them (copy choice, two actions when possible, legal turns,
explanations, perft by the plain rules) is the standard game's, unchanged.

This room knows no chapter: it asks the chapter hooks
(`oracle.games.ttykm.rules.hooks`) of the chapters in play.  Every chapter
action runs the same way: resolve it in the acting era on a `Scene` (objects,
pushes), then carry its effects to the later eras
(`oracle.games.ttykm.rules.effects.propagate`).
"""

from __future__ import annotations

from oracle.games.ttykm.board import ACTION_ORDER, SQUARES, Action, Colour, Era, cell_prose
from oracle.games.ttykm.events import Created
from oracle.games.ttykm.objects import Chapters
from oracle.games.ttykm.rules import effects, hooks, push
from oracle.games.ttykm.rules.effects import Tracer
from oracle.games.ttykm.rules.step import Illegal, Step
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.scene import Scene
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import TurnAction


def start_position(modules: frozenset[str], ruleset: Ruleset) -> Position:
    """The standard start with the chapters' objects.

    Rule: CONVERGENCE.PAIRS
    The union of the chapters' setups (GROWTH.SETUP, INFLUENCE.SETUP,
    MEMORY.SETUP), in chapter order; they never share a square.
    """
    chapters = Chapters(modules)
    for chapter in hooks.in_play(modules):
        if chapter.setup is not None:
            chapters = chapter.setup(chapters, ruleset)
    start = Position.start()
    return Position(start.copies, start.supply, start.removed, start.focus, start.to_move, chapters=chapters)


def candidate_actions(position: Position, active: int) -> tuple[TurnAction, ...]:
    """The actions the copy on ``active`` may try, in the oracle's order.

    Rule: OBJECTS.ORDER
    The standard actions N, E, S, W, F, B, then each chapter's actions in
    chapter order: Plant then Dig up, each by target square a1, b1, ... d4;
    then the Moves with pull N+, E+, S+, W+ (where a statue stands behind the
    copy), each followed by its sideways pulls, such as E+N then E+S (where a
    statue stands beside the copy; legal only under pull=sideways), and Build
    by target square (while the player has not built); then Train and Command
    (MEMORY.ORDER), and the Commands with pull of Influence with Memory.
    """
    chapters = position.chapters
    assert chapters is not None
    colour = Colour.WHITE if position.copies[0] >> active & 1 else Colour.BLACK
    actions: list[TurnAction] = list(ACTION_ORDER)
    for chapter in hooks.in_play(chapters.modules):
        if chapter.candidates is not None:
            actions.extend(chapter.candidates(position, colour, active))
    return tuple(actions)


def perform(
    position: Position, colour: Colour, active: int, action: TurnAction, ruleset: Ruleset, trace: Tracer | None = None
) -> Step | Illegal:
    """Take one action in a chapter position, then propagate its effects.

    ``trace`` (for the step-by-step pictures) is called with the acting era
    once the action has resolved there, then after each phase of each later
    era, while the scene holds that moment (`Scene.position`).
    """
    scene = Scene(position, active, ruleset)
    refusal = _resolve(scene, colour, active, action, ruleset)
    if refusal is not None:
        return refusal
    if trace is not None:
        trace(scene, active // SQUARES, None, 1)
    effects.propagate(scene, active // SQUARES, ruleset, trace)
    chapters = position.chapters
    assert chapters is not None
    for chapter in hooks.in_play(chapters.modules):
        if chapter.after_effects is not None:
            refused = chapter.after_effects(scene, active, action, ruleset)
            if refused is not None:
                return refused
    return Step(scene.position(), scene.active, tuple(scene.events))


def _resolve(scene: Scene, colour: Colour, active: int, action: TurnAction, ruleset: Ruleset) -> Illegal | None:
    """Resolve ``action`` in the acting era, or say which rule forbids it.

    A Move and a Travel are the standard actions among the chapters' objects;
    every other action is performed by the chapter that claims it
    (`hooks.owner`), or refused when that chapter is not in play.
    """
    if action is Action.FORWARD or action is Action.BACKWARD:
        return _travel(scene, colour, active, action)
    chapters = scene.base.chapters
    assert chapters is not None
    if isinstance(action, Action):
        return _move(scene, colour, active, action, ruleset, chapters.modules)
    owner = hooks.owner(action, chapters.modules)
    assert owner is not None and owner.perform is not None, f"no chapter plays {action}"
    if not owner.modules <= chapters.modules:
        assert owner.absent is not None
        return owner.absent(active, action)
    return owner.perform(scene, colour, active, action, ruleset)


def _move(
    scene: Scene, colour: Colour, active: int, direction: Action, ruleset: Ruleset, modules: frozenset[str]
) -> Illegal | None:
    """The active copy's Move, with the push in front of it, and what a
    chapter adds once it is done (a pull under pull=automatic)."""
    refusal = push.move_refusal(scene, colour, active, direction, ruleset)
    if refusal is not None:
        return refusal
    riders = [rider for chapter in hooks.in_play(modules) if chapter.before_move is not None
              and (rider := chapter.before_move(scene, active, direction, ruleset)) is not None]
    push.move(scene, colour, active, direction)
    for rider in riders:
        rider()
    return None


def _travel(scene: Scene, colour: Colour, active: int, action: Action) -> Illegal | None:
    era = active // SQUARES
    forward = action is Action.FORWARD
    rule = "TRAVEL.FORWARD" if forward else "TRAVEL.BACKWARD"
    if era == (Era.FUTURE if forward else Era.PAST):
        edge = "no era follows the future" if forward else "no era precedes the past"
        return Illegal(rule, f"the copy on {cell_prose(active)} cannot travel {action.word}: {edge}")
    target = active + SQUARES if forward else active - SQUARES
    if scene.copy_at(target) is not None:
        return Illegal(
            rule, f"the copy on {cell_prose(active)} cannot travel {action.word}: {cell_prose(target)} is occupied"
        )
    if push.arrival_blocked(scene, target):
        thing = scene.solid(target)
        assert thing is not None
        return Illegal(
            "OBJECTS.TRAVEL",
            f"the copy on {cell_prose(active)} cannot travel {action.word}:"
            f" a {thing.word} is on {cell_prose(target)}",
        )
    if not forward and scene.supply[colour] < 1:
        return Illegal(
            "TRAVEL.BACKWARD.SUPPLY",
            f"the copy on {cell_prose(active)} cannot travel backward: {colour.word} has no copy left in supply",
        )
    push.travel(scene, colour, active, target)
    if not forward:
        scene.copies[colour] |= 1 << active
        scene.supply[colour] -= 1
        scene.events.append(Created(colour, active))
    return None
