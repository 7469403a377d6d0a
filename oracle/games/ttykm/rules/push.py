"""The one push resolution of the chapters: what happens when something
enters a square that holds a copy or an object.

Rules run on a `Scene` (`oracle.games.ttykm.scene`).  Each kind of object
says, through its chapter's hooks (`oracle.games.ttykm.rules.hooks`), whether
it is immovable when entered in a direction and how it makes way: a standing
tree falls, a statue is pushed.  A pushed copy never fails to resolve: it
moves, or it dies.  Chains resolve front first, and events are reported in
that order.  A commanded elephant enters a square by the same table.
"""

from __future__ import annotations

from oracle.games.ttykm.board import NEIGHBOUR, SQUARES, Action, Colour, cell_prose
from oracle.games.ttykm.events import Cleared, Crushed, Moved, Paradox, Pushed, Travelled
from oracle.games.ttykm.rules import hooks
from oracle.games.ttykm.rules.step import Illegal
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.scene import Scene


def beyond(c: int, direction: Action) -> int | None:
    """The cell one step from ``c`` in ``direction`` on its era, or None at the wall."""
    square = NEIGHBOUR[direction][c % SQUARES]
    return None if square is None else c - c % SQUARES + square


def is_immovable(scene: Scene, c: int, direction: Action) -> bool:
    """Whether the object on ``c`` stays put when entered in ``direction``.

    Rule: OBJECTS.IMMOVABLE
    Each kind answers through its chapter: shrubs, fallen trees and
    elephants always; a standing tree when it cannot fall that way; a statue
    when it cannot be pushed that way.  A square with no object is never
    immovable (a copy on it is pushed).
    """
    thing = scene.solid(c)
    return thing is not None and hooks.object_rules(thing.kind).immovable(scene, c, direction)


def make_way(scene: Scene, c: int, direction: Action) -> None:
    """The movable object on ``c`` leaves it in ``direction``: a standing tree
    falls, a statue is pushed.

    Rules: OBJECTS.MAKE-WAY, CONVERGENCE.STATUE-TREE
    Each kind makes way by its own rule, whatever entered it, so a statue
    pushed into a tree fells it, and a tree falling onto a statue pushes it.
    Called only after `is_immovable` said it can.
    """
    thing = scene.solid(c)
    assert thing is not None
    way = hooks.object_rules(thing.kind).make_way
    assert way is not None, f"a {thing.word} never makes way"
    way(scene, c, direction)


def push_copy(scene: Scene, c: int, direction: Action) -> None:
    """Push the copy on ``c`` one square in ``direction``.

    Rule: OBJECTS.PUSH
    Beyond it: the wall or an immovable object crushes it; a copy of its own
    colour is a paradox that removes both; a copy of the other colour is pushed
    first; a movable object makes way first; then it moves (onto a seed too).
    """
    colour = scene.copy_at(c)
    assert colour is not None
    t = beyond(c, direction)
    if t is None or is_immovable(scene, t, direction):
        scene.remove_copy(c)
        scene.events.append(Crushed(colour, c, direction))
        return
    if enter(scene, colour, c, t, direction):
        scene.events.append(Pushed(colour, c, t, direction))


def enter(scene: Scene, colour: Colour, c: int, t: int, direction: Action) -> bool:
    """The copy of ``colour`` on ``c`` enters ``t``, one square ``direction``: whether it got there.

    (Part of OBJECTS.PUSH and OBJECTS.MOVE.)  A copy of its own colour there
    is a paradox that removes both, ``c``'s first; else a copy of the other
    colour is pushed first, or a movable object makes way first, and it
    moves (onto a seed too).  The caller reports the move.
    """
    other = scene.copy_at(t)
    if other is colour:
        scene.remove_copy(c)
        scene.remove_copy(t)
        scene.events.append(Paradox(colour, c, t))
        return False
    if other is not None:
        push_copy(scene, t, direction)
    elif scene.solid(t) is not None:
        make_way(scene, t, direction)
    scene.move_copy(c, t)
    return True


def blocked_move(scene: Scene, active: int, direction: Action) -> int | None:
    """The cell whose object blocks the active copy's move, or None.

    Rule: OBJECTS.MOVE
    The active copy may not move into an object that is immovable that way
    (as into the wall); it may move onto a seed.
    """
    t = beyond(active, direction)
    assert t is not None
    return t if is_immovable(scene, t, direction) else None


def move_refusal(scene: Scene, colour: Colour, active: int, direction: Action, ruleset: Ruleset) -> Illegal | None:
    """Why the active copy cannot Move ``direction``, or None: the wall, its
    own copy (unless a self-push variant lets it), or an object that stays put
    (`blocked_move`, worded by the object's chapter)."""
    t = beyond(active, direction)
    if t is None:
        return Illegal("MOVE.WALL", f"the copy on {cell_prose(active)} cannot move {direction.word}: the wall is there")
    if scene.copy_at(t) is colour:
        if ruleset.self_push_removes:
            return None
        return Illegal(
            "MOVE.OWN-COPY",
            f"the copy on {cell_prose(active)} cannot move {direction.word} onto your own copy on {cell_prose(t)}",
        )
    if blocked_move(scene, active, direction) is not None:
        thing = scene.solid(t)
        assert thing is not None
        rule, stays = hooks.object_rules(thing.kind).stays(thing, direction)
        return Illegal(
            rule,
            f"the copy on {cell_prose(active)} cannot move {direction.word}: the {thing.word} on {cell_prose(t)}"
            f" {stays}",
        )
    return None


def move(scene: Scene, colour: Colour, active: int, direction: Action) -> None:
    """Move the active copy one square, pushing what is there; `move_refusal` said it can.

    Onto the player's own copy (a self-push variant) both copies are removed
    as a paradox, the active copy first, and its actions end
    (VARIANT.SELF-PUSH-PARADOX, VARIANT.SELF-PUSH-ENDS).
    """
    t = beyond(active, direction)
    assert t is not None
    if enter(scene, colour, active, t, direction):
        scene.events.append(Moved(colour, active, t, direction))


def arrival_blocked(scene: Scene, target: int) -> bool:
    """Whether time travel cannot arrive on ``target``.

    Rule: OBJECTS.TRAVEL
    Travel arrives only on a square free for a copy: empty, or a seed alone.
    """
    return not scene.is_free_for_copy(target)


def travel(scene: Scene, colour: Colour, active: int, target: int) -> None:
    """Travel to ``target`` (the same square on the next or previous era)."""
    scene.move_copy(active, target)
    scene.events.append(Travelled(colour, active, target))


def remove_seed(scene: Scene, c: int) -> None:
    """Something arrived on the seed on ``c`` and removes it (Growth's rule
    says what follows: GROWTH.SEED-REMOVED)."""
    scene.events.append(Cleared("seed", c))
    hooks.seed_removed(scene, c)


def elephant_entry_refusal(scene: Scene, target: int, direction: Action) -> tuple[str, str] | None:
    """Why a commanded elephant cannot step onto ``target`` in ``direction``, or None.

    A copy there never stops it (MEMORY.TRAMPLE), nor does a seed; an object
    answers by the pair rules of its chapter with Memory
    (`oracle.games.ttykm.rules.convergence`), the other elephant by Memory's.
    """
    thing = scene.solid(target)
    if thing is None:
        return None
    return hooks.elephant_entry(thing.kind).refusal(scene, target, direction)


def elephant_enters(scene: Scene, target: int, direction: Action) -> None:
    """Clear ``target`` for a commanded elephant; `elephant_entry_refusal` said it can.

    The object there goes by its pair rule (CONVERGENCE.ELEPHANT-TRAMPLE, ...);
    then a seed there is removed.  A copy there is trampled by the elephant's
    own step (MEMORY.TRAMPLE).
    """
    thing = scene.solid(target)
    if thing is not None:
        hooks.elephant_entry(thing.kind).enter(scene, target, direction)
    if scene.has_seed(target):
        remove_seed(scene, target)
