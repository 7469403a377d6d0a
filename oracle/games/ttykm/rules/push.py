"""The one push resolution of the chapters: what happens when something
enters a square that holds a copy or an object.

Rules run on a `Scene` (`oracle.games.ttykm.scene`).  Each kind of object
says, per direction, whether it is immovable (`is_immovable`) and how it makes
way (`make_way`): a standing tree falls, and in later chapters a statue is
pushed.  A pushed copy never fails to resolve: it moves, or it dies.  Chains
resolve front first, and events are reported in that order.
"""

from __future__ import annotations

from oracle.games.ttykm.board import NEIGHBOUR, SQUARES, Action, Colour
from oracle.games.ttykm.events import Crushed, Moved, Paradox, Pushed, Travelled
from oracle.games.ttykm.objects import ELEPHANTS, Kind
from oracle.games.ttykm.scene import Scene


def beyond(c: int, direction: Action) -> int | None:
    """The cell one step from ``c`` in ``direction`` on its era, or None at the wall."""
    square = NEIGHBOUR[direction][c % SQUARES]
    return None if square is None else c - c % SQUARES + square


def is_immovable(scene: Scene, c: int, direction: Action) -> bool:
    """Whether the object on ``c`` stays put when entered in ``direction``.

    Rules: OBJECTS.IMMOVABLE, MEMORY.SOLID
    Shrubs and fallen trees always; a standing tree when it cannot fall that
    way; a statue when it cannot be pushed that way.  A square with no object
    is never immovable (a copy on it is pushed).  An elephant, trained or
    wild, always: nothing enters it, and it moves only by its own command.
    """
    from oracle.games.ttykm.rules.growth import can_fall  # the growth rules use this module too
    from oracle.games.ttykm.rules.influence import can_push

    thing = scene.solid(c)
    if thing is None:
        return False
    if thing.kind in ELEPHANTS:
        return True
    if thing.kind is Kind.TREE:
        return not can_fall(scene, c, direction)
    if thing.kind is Kind.STATUE:
        return not can_push(scene, c, direction)
    return True


def make_way(scene: Scene, c: int, direction: Action) -> None:
    """The movable object on ``c`` leaves it in ``direction``: a standing tree
    falls, a statue is pushed.

    Rules: OBJECTS.MAKE-WAY, CONVERGENCE.STATUE-TREE
    So a statue pushed into a tree fells it, and a tree falling onto a
    statue pushes it.
    Called only after `is_immovable` said it can.
    """
    from oracle.games.ttykm.rules.growth import fall
    from oracle.games.ttykm.rules.influence import push_statue

    thing = scene.solid(c)
    assert thing is not None
    if thing.kind is Kind.STATUE:
        push_statue(scene, c, direction)
        return
    assert thing.kind is Kind.TREE
    fall(scene, c, direction)


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
    other = scene.copy_at(t)
    if other is colour:
        scene.remove_copy(c)
        scene.remove_copy(t)
        scene.events.append(Paradox(colour, c, t))
        return
    if other is not None:
        push_copy(scene, t, direction)
    elif scene.solid(t) is not None:
        make_way(scene, t, direction)
    scene.move_copy(c, t)
    scene.events.append(Pushed(colour, c, t, direction))


def blocked_move(scene: Scene, active: int, direction: Action) -> int | None:
    """The cell whose object blocks the active copy's move, or None.

    Rule: OBJECTS.MOVE
    The active copy may not move into an object that is immovable that way
    (as into the wall); it may move onto a seed.
    """
    t = beyond(active, direction)
    assert t is not None
    return t if is_immovable(scene, t, direction) else None


def move(scene: Scene, colour: Colour, active: int, direction: Action) -> None:
    """Move the active copy one square, pushing what is there; the caller has
    checked the wall, the player's own copy and `blocked_move`."""
    t = beyond(active, direction)
    assert t is not None
    if scene.copy_at(t) is not None:
        push_copy(scene, t, direction)
    elif scene.solid(t) is not None:
        make_way(scene, t, direction)
    scene.move_copy(active, t)
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
