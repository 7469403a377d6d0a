"""The standard rules' hooks for a position with chapters in play.

`oracle.games.ttykm.rules.standard` asks two questions of every action: which
actions may a copy try (`candidate_actions`), and what does one do
(`perform`).  For a position with ``chapters`` it hands both here.  Everything
built on them (copy choice, two actions when possible, legal turns,
explanations, perft by the plain rules) is the standard game's, unchanged.

Every chapter action runs the same way: resolve it in the acting era on a
`Scene` (objects, pushes), then carry its effects to the later eras
(`oracle.games.ttykm.rules.convergence.propagate`).
"""

from __future__ import annotations

from dataclasses import replace

from oracle.games.ttykm.board import ACTION_ORDER, MOVES, NEIGHBOUR, SQUARES, Action, Colour, Era
from oracle.games.ttykm.events import Created
from oracle.games.ttykm.notation import cell_prose
from oracle.games.ttykm.objects import Chapters, Kind
from oracle.games.ttykm.rules import growth, influence, memory, push
from oracle.games.ttykm.rules.convergence import Tracer, elephant_pull_candidates, elephant_pull_refusal, propagate
from oracle.games.ttykm.rules.standard import Illegal, Step, self_push_paradox
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.scene import Scene
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed, Pull, TurnAction


def start_position(modules: frozenset[str], ruleset: Ruleset) -> Position:
    """The standard start with the chapters' objects.

    Rule: CONVERGENCE.PAIRS
    The union of the chapters' setups (GROWTH.SETUP, INFLUENCE.SETUP,
    MEMORY.SETUP), which never share a square.
    """
    chapters = Chapters(modules)
    if "growth" in modules:
        chapters = growth.setup(chapters)
    if "influence" in modules:
        chapters = influence.setup(chapters, ruleset)
    if "memory" in modules:
        chapters = memory.setup(chapters, ruleset)
    return replace(Position.start(), chapters=chapters)


def candidate_actions(position: Position, active: int) -> tuple[TurnAction, ...]:
    """The actions the copy on ``active`` may try, in the oracle's order.

    Rule: OBJECTS.ORDER
    The standard actions N, E, S, W, F, B, then each chapter's actions: Plant
    then Dig up, each by target square a1, b1, ... d4; then the Moves with
    pull N+, E+, S+, W+ (where a statue stands behind the copy), each followed
    by its sideways pulls, such as E+N then E+S (where a statue stands beside
    the copy; legal only under pull=sideways), and Build by target square
    (while the player has not built); then Train and Command (MEMORY.ORDER).
    """
    chapters = position.chapters
    assert chapters is not None
    colour = Colour.WHITE if position.copies[0] >> active & 1 else Colour.BLACK
    actions: list[TurnAction] = list(ACTION_ORDER)
    if "growth" in chapters.modules:
        cells = growth.reach(active)
        actions.extend(Aimed("P", c % SQUARES) for c in cells)
        actions.extend(Aimed("D", c % SQUARES) for c in cells)
    if "influence" in chapters.modules:
        for d in MOVES:
            for pull in (Pull(d), *(Pull(d, side) for side in MOVES if side not in (d, influence.OPPOSITE[d]))):
                b = influence.pulled_cell(active, pull)
                thing = None if b is None else chapters.solid(b)
                if thing is not None and thing.kind is Kind.STATUE:
                    actions.append(pull)
        if not chapters.built[colour]:
            neighbours = sorted(t for d in MOVES if (t := push.beyond(active, d)) is not None)
            actions.extend(Aimed("B", c % SQUARES) for c in neighbours)
    if "memory" in chapters.modules:
        scene = Scene(position, active)
        actions.extend(Aimed(letter, square) for letter, square in memory.candidates(scene, colour, active))
        if "influence" in chapters.modules:
            actions.extend(Aimed("C", square, pull=True) for square in elephant_pull_candidates(scene, colour, active))
    return tuple(actions)


def perform(
    position: Position, colour: Colour, active: int, action: TurnAction, ruleset: Ruleset, trace: Tracer | None = None
) -> Step | Illegal:
    """Take one action in a chapter position, then propagate its effects.

    ``trace`` (for the step-by-step pictures) is called with the acting era
    once the action has resolved there, then after each phase of each later
    era, while the scene holds that moment (`Scene.position`).
    """
    if (
        ruleset.self_push_paradox
        and isinstance(action, Action)
        and action in NEIGHBOUR
        and _own_copy_ahead(position, colour, active, action)
    ):
        return self_push_paradox(position, colour, active, _ahead(active, action))
    scene = Scene(position, active, ruleset)
    refusal = _resolve(scene, colour, active, action, ruleset)
    if refusal is not None:
        return refusal
    if trace is not None:
        trace(scene, active // SQUARES, None, 1)
    propagate(scene, active // SQUARES, ruleset, trace)
    if ruleset.rebound_blocked_illegal and isinstance(action, Aimed) and action.letter == "B":
        unplaced = influence.first_unplaced(scene)
        if unplaced is not None:
            target = active - active % SQUARES + action.square
            return Illegal(
                "VARIANT.REBOUND-BLOCKED-ILLEGAL",
                f"the copy on {cell_prose(active)} cannot build on {cell_prose(target)}: under"
                f" rebound-blocked=illegal every later era must take the statue's copy, and"
                f" {cell_prose(unplaced)} cannot",
            )
    return Step(scene.position(), scene.active, tuple(scene.events))


def _ahead(active: int, direction: Action) -> int:
    square = NEIGHBOUR[direction][active % SQUARES]
    assert square is not None
    return active - active % SQUARES + square


def _own_copy_ahead(position: Position, colour: Colour, active: int, direction: Action) -> bool:
    square = NEIGHBOUR[direction][active % SQUARES]
    return square is not None and bool(position.copies[colour] >> (active - active % SQUARES + square) & 1)


def _resolve(scene: Scene, colour: Colour, active: int, action: TurnAction, ruleset: Ruleset) -> Illegal | None:
    """Resolve ``action`` in the acting era, or say which rule forbids it."""
    if isinstance(action, Aimed):
        return _aimed(scene, colour, active, action, ruleset)
    if isinstance(action, Pull):
        return _pull(scene, colour, active, action, ruleset)
    if action is Action.FORWARD or action is Action.BACKWARD:
        return _travel(scene, colour, active, action)
    chapters = scene.base.chapters
    assert chapters is not None
    pulled = influence.pulls_automatically(scene, active, action, ruleset) if "influence" in chapters.modules else None
    refusal = _move(scene, colour, active, action)
    if refusal is None and pulled is not None:
        influence.pull(scene, pulled, action)
    return refusal


def _pull(scene: Scene, colour: Colour, active: int, action: Pull, ruleset: Ruleset) -> Illegal | None:
    """A Move with pull: the Move, then the statue behind follows (INFLUENCE.PULL)."""
    what = f"the copy on {cell_prose(active)} cannot {action.word}"
    chapters = scene.base.chapters
    assert chapters is not None
    if "influence" not in chapters.modules:
        return Illegal("ACTION.KINDS", f"{what}: pulling is an Influence action and this game is not Influence")
    if ruleset.pull_automatic:
        return Illegal(
            "VARIANT.PULL-AUTOMATIC",
            f"{what}: under pull=automatic a Move pulls by itself, written {action.direction.value}",
        )
    refusal = influence.pull_refusal(scene, active, action, ruleset)
    if refusal is not None:
        return Illegal(refusal[0], f"{what}: {refusal[1]}")
    statue_cell = influence.pulled_cell(active, action)
    assert statue_cell is not None
    pushes = influence.is_push(scene, active, action.direction)
    moved = _move(scene, colour, active, action.direction)
    if moved is not None:
        return moved
    if pushes and ruleset.pull_with_push_forbidden:
        return Illegal("VARIANT.PULL-WITH-PUSH-FORBIDDEN",
                       f"{what}: under pull-with-push=forbidden a Move that pushes cannot pull")
    influence.pull(scene, statue_cell, influence.pull_direction(action))
    return None


def _move(scene: Scene, colour: Colour, active: int, action: Action) -> Illegal | None:
    """The active copy's Move, with the push in front of it."""
    t = push.beyond(active, action)
    if t is None:
        return Illegal("MOVE.WALL", f"the copy on {cell_prose(active)} cannot move {action.word}: the wall is there")
    if scene.copy_at(t) is colour:
        return Illegal(
            "MOVE.OWN-COPY",
            f"the copy on {cell_prose(active)} cannot move {action.word} onto your own copy on {cell_prose(t)}",
        )
    if push.blocked_move(scene, active, action) is not None:
        thing = scene.solid(t)
        assert thing is not None
        if thing.kind is Kind.STATUE:
            return Illegal(
                "INFLUENCE.PUSH.BLOCKED",
                f"the copy on {cell_prose(active)} cannot move {action.word}: the {thing.word} on {cell_prose(t)}"
                f" cannot be pushed {action.word}",
            )
        stays = f"cannot fall {action.word}" if thing.kind is Kind.TREE else "does not move"
        return Illegal(
            "OBJECTS.MOVE",
            f"the copy on {cell_prose(active)} cannot move {action.word}:"
            f" the {thing.kind.word} on {cell_prose(t)} {stays}",
        )
    push.move(scene, colour, active, action)
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


def _aimed(scene: Scene, colour: Colour, active: int, action: Aimed, ruleset: Ruleset) -> Illegal | None:
    chapters = scene.base.chapters
    assert chapters is not None
    target = active - active % SQUARES + action.square

    def what() -> str:
        return f"the copy on {cell_prose(active)} cannot {action.word} {cell_prose(target)}"

    if action.letter == "B":
        if "influence" not in chapters.modules:
            return Illegal("ACTION.KINDS", f"{what()}: Build is an Influence action and this game is not Influence")
        refusal = influence.build_refusal(scene, colour, active, target)
        if refusal is not None:
            return Illegal(refusal[0], f"{what()}: {refusal[1]}")
        influence.build(scene, colour, active, target)
        return None
    if action.letter in ("P", "D"):
        if "growth" not in chapters.modules:
            return Illegal("ACTION.KINDS", f"{what()}: {action.word} is a Growth action and this game is not Growth")
        if target not in growth.reach(active):
            return Illegal("GROWTH.REACH", f"{what()}: it is not the copy's square or next to it")
        refusal = (
            growth.plant_refusal(scene, active, target, ruleset)
            if action.letter == "P"
            else growth.dig_refusal(scene, target)
        )
        if refusal is not None:
            return Illegal(refusal[0], f"{what()}: {refusal[1]}")
        if action.letter == "P":
            growth.plant(scene, colour, target)
        else:
            growth.dig(scene, colour, target)
        return None
    if action.letter in ("T", "C"):
        return _memory_action(scene, colour, active, action, ruleset)
    return Illegal("ACTION.KINDS", f"{what()}: unknown action {action.value}")  # pragma: no cover


def _memory_action(scene: Scene, colour: Colour, active: int, action: Aimed, ruleset: Ruleset) -> Illegal | None:
    """Train or Command (MEMORY.TRAIN, MEMORY.COMMAND), or the rule that forbids it."""
    chapters = scene.base.chapters
    assert chapters is not None
    target = active - active % SQUARES + action.square
    if "memory" not in chapters.modules:
        return Illegal("ACTION.KINDS", f"{action.value} ({action.word}) is a Memory action and this game is not Memory")
    if action.letter == "T":
        refusal = memory.train_refusal(scene, colour, active, target)
        if refusal is not None:
            return Illegal(refusal[0], f"the copy on {cell_prose(active)} cannot train on {cell_prose(target)}:"
                                       f" {refusal[1]}")
        memory.train(scene, colour, target, ruleset)
        return None
    refusal = memory.command_refusal(scene, colour, active, target, ruleset)
    if refusal is None and action.pull:
        refusal = elephant_pull_refusal(scene, colour, active, target, ruleset)
    if refusal is not None:
        pulling = " with pull" if action.pull else ""
        return Illegal(refusal[0], f"{colour.word} cannot command an elephant onto {cell_prose(target)}{pulling}:"
                                   f" {refusal[1]}")
    memory.command(scene, colour, active, target, ruleset, pull=action.pull)
    return None
