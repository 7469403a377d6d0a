"""Chapter 2, Influence: statues (push, pull, build) and moves that carry into later eras.

One function per `INFLUENCE.*` clause of spec/ttykm/influence.md.  A statue
is an object of the shared push resolution (`oracle.games.ttykm.rules.push`):
it makes way by being pushed, and is immovable when its own push is blocked.
Every statue move records `StatueMoved` and every build copy `StatueBuilt` in
its era; the order of effects (`oracle.games.ttykm.rules.effects`) carries
them to the later eras, where `propagate_move` and `place_copy` apply them.
`CHAPTER` declares all of it to the shared rules.
"""

from __future__ import annotations

from collections.abc import Iterator

from oracle.games.ttykm.board import MOVES, SQUARES, Action, Colour, Era, cell, cell_prose
from oracle.games.ttykm.events import Built, Halted, Placed, Shifted, Unplaced
from oracle.games.ttykm.objects import Chapters, Kind, Thing, statue
from oracle.games.ttykm.rules import push
from oracle.games.ttykm.rules.hooks import Chapter, ObjectRules, Refusal, Rider
from oracle.games.ttykm.rules.push import beyond, is_immovable, make_way, push_copy
from oracle.games.ttykm.rules.step import Illegal
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.scene import Scene, StatueBuilt, StatueMoved
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed, Pull, TurnAction

OPPOSITE = {Action.NORTH: Action.SOUTH, Action.SOUTH: Action.NORTH, Action.EAST: Action.WEST, Action.WEST: Action.EAST}
START_SQUARE = 6  # c2


def setup(chapters: Chapters, ruleset: Ruleset) -> Chapters:
    """The Influence start: the neutral statue on c2 of every era; each
    player's statue in their supply, not yet built.

    Rule: INFLUENCE.SETUP
    """
    solids = dict(chapters.solids)
    for era in Era:
        solids[cell(era, START_SQUARE)] = statue(None)
    return chapters.with_objects(chapters.seeds, solids, chapters.seed_supply, (False, False))


def find_statue(scene: Scene, era: int, owner: Colour | None) -> int | None:
    """The cell of statue ``owner``'s version on ``era``, or None.

    Rule: INFLUENCE.IDENTITY
    A statue is the same statue on every era by its colour: neutral, White's
    or Black's.
    """
    for c, thing in scene.solids.items():
        if c // SQUARES == era and thing.kind is Kind.STATUE and thing.owner is owner:
            return c
    return None


def can_push(scene: Scene, c: int, direction: Action) -> bool:
    """Whether the statue on ``c`` can be pushed one square in ``direction``.

    Rules: INFLUENCE.PUSH.BLOCKED, CONVERGENCE.STATUE-BLOCKED
    Not into the wall, nor into an object that is itself immovable that way
    (a statue whose own push is blocked, a tree that cannot fall; a shrub, a
    fallen tree or an elephant always); a copy beyond it does not block it
    (the copy is pushed, or dies).
    """
    t = beyond(c, direction)
    return t is not None and not is_immovable(scene, t, direction)


def push_statue(scene: Scene, c: int, direction: Action) -> None:
    """Push the statue on ``c`` one square in ``direction``; `can_push` said it can.

    Rule: INFLUENCE.PUSH
    What is beyond makes way first (front first): a copy is pushed by the
    copy push (it may die), a statue is pushed on.  A seed there is removed.
    Then the statue moves, and records StatueMoved in its era.
    """
    t = beyond(c, direction)
    assert t is not None
    if scene.copy_at(t) is not None:
        push_copy(scene, t, direction)
    elif scene.solid(t) is not None:
        make_way(scene, t, direction)
    if scene.has_seed(t):
        remove_seed_under(scene, t)
    shift(scene, c, t, direction)


def shift(scene: Scene, source: int, target: int, direction: Action) -> None:
    """Move a statue one square to a free ``target``, report it and record it.

    Rule: INFLUENCE.RECORD
    Every move of a statue, whatever its cause (a push, a pull, a move carried
    from the era before), records StatueMoved in its era, and marks that
    version as moved during this action.
    """
    thing = scene.solids.pop(source)
    scene.solids[target] = thing
    scene.moved.add((source // SQUARES, thing.owner))
    scene.events.append(Shifted(thing.owner, source, target, direction))
    scene.record(source, StatueMoved(thing.owner, direction))


def remove_seed_under(scene: Scene, c: int) -> None:
    """A statue never shares a square with a seed: one that arrives removes it.

    Rule: CONVERGENCE.STATUE-SEED
    Whatever moved the statue there; the seed returns to the supply and the
    dig cascade follows (GROWTH.SEED-REMOVED).  A build on a seed is refused
    by INFLUENCE.BUILD.SQUARE (the square is not empty).
    """
    push.remove_seed(scene, c)


def behind(active: int, direction: Action) -> int | None:
    """The cell directly behind the active copy, against ``direction``, or None at the wall."""
    return beyond(active, OPPOSITE[direction])


def pulled_cell(active: int, action: Pull) -> int | None:
    """The cell of the statue ``action`` would pull: directly behind the
    active copy, or beside it on ``action.side`` (VARIANT.PULL-SIDEWAYS)."""
    return behind(active, action.direction) if action.side is None else beyond(active, action.side)


def pull_direction(action: Pull) -> Action:
    """The way the pulled statue moves: into the square the active copy left."""
    return action.direction if action.side is None else OPPOSITE[action.side]


def pull_refusal(scene: Scene, active: int, action: Pull, ruleset: Ruleset) -> tuple[str, str] | None:
    """Why the active copy cannot make the Move with pull ``action``, as (rule, reason), or None.

    Rules: INFLUENCE.PULL, VARIANT.PULL-SIDEWAYS
    Only a statue standing directly behind the active copy, on the square
    opposite the move, at the start of the Move; under the variant
    pull=sideways also one standing beside it, across the move.
    """
    if action.side is not None and not ruleset.pull_sideways:
        return "INFLUENCE.PULL", (f"only the statue directly behind the copy can be pulled, not one {action.side.word}"
                                  " of it (that is the variant pull=sideways)")
    c = pulled_cell(active, action)
    thing = None if c is None else scene.solid(c)
    if thing is None or thing.kind is not Kind.STATUE:
        where = (f"directly behind it ({OPPOSITE[action.direction].word} of it)" if action.side is None
                 else f"beside it ({action.side.word} of it)")
        return "INFLUENCE.PULL", f"no statue stands {where}"
    return None


def is_push(scene: Scene, active: int, direction: Action) -> bool:
    """Whether the active copy's Move ``direction`` pushes something: an
    opponent's copy or a statue in front.  A Move onto the player's own copy
    (a self-push variant) pushes nothing: it ends in a paradox."""
    t = beyond(active, direction)
    if t is None:
        return False
    other = scene.copy_at(t)
    return (other is not None and other is not scene.copy_at(active)) or scene.solid(t) is not None


def pull(scene: Scene, statue_cell: int, direction: Action) -> None:
    """The pulled statue follows into the square the active copy left.

    Rule: INFLUENCE.PULL.AFTER-PUSH
    It moves after the Move and any push in front of it have resolved; the
    square it enters is free (a seed there is removed).
    """
    t = beyond(statue_cell, direction)
    assert t is not None and scene.copy_at(t) is None and scene.solid(t) is None
    if scene.has_seed(t):
        remove_seed_under(scene, t)
    shift(scene, statue_cell, t, direction)


def pulls_automatically(scene: Scene, active: int, direction: Action, ruleset: Ruleset) -> int | None:
    """Variant pull=automatic: the statue behind a Move is always pulled.

    Rules: VARIANT.PULL-AUTOMATIC, VARIANT.PULL-WITH-PUSH-FORBIDDEN
    Returns the statue's cell, or None when there is none to pull (or, under
    pull-with-push=forbidden too, when the Move pushes).
    """
    if not ruleset.pull_automatic or pull_refusal(scene, active, Pull(direction), ruleset) is not None:
        return None
    if ruleset.pull_with_push_forbidden and is_push(scene, active, direction):
        return None
    return behind(active, direction)


def build_refusal(scene: Scene, colour: Colour, active: int, target: int) -> tuple[str, str] | None:
    """Why the active copy cannot build on ``target``, as (rule, reason), or None.

    Rules: INFLUENCE.BUILD.ONCE, INFLUENCE.BUILD.SQUARE
    Once per game; on an orthogonal neighbour of the active copy, on its era,
    that is empty: no copy, no seed, no object.
    """
    if scene.built[colour]:
        return "INFLUENCE.BUILD.ONCE", f"{colour.word} has already built their statue"
    if target == active or not any(beyond(active, d) == target for d in MOVES):
        return "INFLUENCE.BUILD.SQUARE", "it is not an orthogonal neighbour of the copy"
    if not scene.is_empty(target):
        thing = scene.solid(target)
        what = thing.word if thing is not None else "copy" if scene.copy_at(target) is not None else "seed"
        return "INFLUENCE.BUILD.SQUARE", f"the square is not empty: a {what} is there"
    return None


def build_direction(active: int, target: int) -> Action:
    """The placement direction: from the active copy towards the build square."""
    for d in MOVES:
        if beyond(active, d) == target:
            return d
    raise AssertionError("the build square is next to the copy")  # pragma: no cover


def build(scene: Scene, colour: Colour, active: int, target: int) -> None:
    """Build the player's statue on ``target``; copies follow on the later eras.

    Rule: INFLUENCE.BUILD
    The statue goes on the empty square; the player has now built; the build
    records StatueBuilt in its era, for the next era's copy.
    """
    scene.solids[target] = statue(colour)
    scene.built[colour] = True
    scene.events.append(Built(colour, target))
    scene.record(target, StatueBuilt(colour, target % SQUARES, build_direction(active, target)))


def place_copy(scene: Scene, era: int, effect: StatueBuilt, ruleset: Ruleset) -> None:
    """StatueBuilt reaches ``era``: place the new statue's copy there.

    Rule: INFLUENCE.BUILD.LATER
    On the square P where the previous era's copy stands: a seed alone is
    removed; an occupant that can move in the build direction d is moved
    (pushed, with everything it pushes); otherwise the statue rebounds to
    P - d, entering it as a statue pushed by -d would.  If it cannot rebound
    there, no copy goes on this era, nor on any later one.  Each copy placed
    records StatueBuilt for the next era.
    """
    if ruleset.statue_build_move_copy:
        place_copy_move_copy(scene, era, effect)
        return
    p = cell(era, effect.square)
    d = effect.direction
    if ruleset.statue_build_skip_occupied and not scene.is_free_for_copy(p):
        skip_occupied(scene, effect.owner, p)
        return
    if not scene.is_free_for_copy(p) and is_immovable(scene, p, d):
        if ruleset.statue_build_v2023:
            no_rebound(scene, effect.owner, p)
            return
        rebound(scene, effect.owner, p, d)
        return
    make_room(scene, p, d)
    put(scene, effect.owner, p, d, rebound=False)


def make_room(scene: Scene, p: int, d: Action) -> None:
    """Clear ``p`` for a statue entering it in direction ``d``: a copy is
    pushed, an object makes way, a seed is removed (`is_immovable` said it can)."""
    if scene.copy_at(p) is not None:
        push_copy(scene, p, d)
    elif scene.solid(p) is not None:
        make_way(scene, p, d)
    if scene.has_seed(p):
        remove_seed_under(scene, p)


def put(scene: Scene, owner: Colour, p: int, d: Action, *, rebound: bool) -> None:
    """Stand the new statue's copy on the cleared ``p`` and record it for the next era."""
    scene.solids[p] = statue(owner)
    scene.events.append(Placed(owner, p, rebound))
    scene.record(p, StatueBuilt(owner, p % SQUARES, d))


def rebound(scene: Scene, owner: Colour, p: int, d: Action) -> None:
    """The occupant of ``p`` cannot move: the copy goes on the square before it.

    Rules: INFLUENCE.BUILD.REBOUND, INFLUENCE.BUILD.REBOUND-BLOCKED
    The statue enters P - d as a statue pushed by -d would; if it cannot
    (the wall, or an object immovable that way), no copy is placed here or
    later.  The rebound itself is no statue move: the next era starts from
    where this copy stands.
    """
    back = OPPOSITE[d]
    q = beyond(p, back)
    if q is None or is_immovable(scene, q, back):
        scene.events.append(Unplaced(owner, p))
        return
    make_room(scene, q, back)
    scene.moved.add((q // SQUARES, owner))
    put(scene, owner, q, d, rebound=True)


def skip_occupied(scene: Scene, owner: Colour, p: int) -> None:
    """Variant statue-build=skip-occupied: a later copy goes only on a free square.

    Rule: VARIANT.STATUE-BUILD-SKIP-OCCUPIED
    Otherwise no copy goes on this era, nor on any later one.
    """
    scene.events.append(Unplaced(owner, p))


def no_rebound(scene: Scene, owner: Colour, p: int) -> None:
    """Variant statue-build=v2023: a later copy pushes a movable occupant, and
    an immovable one stops it, with no rebound.

    Rule: VARIANT.STATUE-BUILD-V2023
    The occupant of the later era's square is pushed in the build direction
    as by default (INFLUENCE.BUILD.LATER); when it cannot move, no copy of the
    statue is placed on this era nor on any later one.
    """
    scene.events.append(Unplaced(owner, p))


def place_copy_move_copy(scene: Scene, era: int, effect: StatueBuilt) -> None:
    """Variant statue-build=move-copy: every later copy is placed at the build
    square X, and an earlier era's rebound reaches it as a statue move by -d.

    Rule: VARIANT.STATUE-BUILD-MOVE-COPY
    The copy goes on X as by default (X's occupant moved by d, or a rebound of
    its own, which is recorded as StatueMoved(-d) and spends the copy's move
    from the era before); a rebound that cannot happen places no copy here or
    later.
    """
    p = cell(era, effect.square)
    d = effect.direction
    if not scene.is_free_for_copy(p) and is_immovable(scene, p, d):
        back = OPPOSITE[d]
        q = beyond(p, back)
        if q is None or is_immovable(scene, q, back):
            scene.events.append(Unplaced(effect.owner, p))
            return
        make_room(scene, q, back)
        scene.solids[q] = statue(effect.owner)
        scene.events.append(Placed(effect.owner, q, True))
        scene.moved.add((era, effect.owner))
        scene.record(q, StatueBuilt(effect.owner, effect.square, d))
        scene.record(q, StatueMoved(effect.owner, back))
        return
    make_room(scene, p, d)
    scene.solids[p] = statue(effect.owner)
    scene.events.append(Placed(effect.owner, p, False))
    scene.record(p, StatueBuilt(effect.owner, effect.square, d))


def first_unplaced(scene: Scene) -> int | None:
    """The first cell where a build's copy could not be placed during this action, or None.

    Rule: VARIANT.REBOUND-BLOCKED-ILLEGAL
    Under the variant rebound-blocked=illegal such a build is illegal as a whole.
    """
    return next((event.cell for event in scene.events if isinstance(event, Unplaced)), None)


def is_spent(scene: Scene, era: int, owner: Colour | None) -> bool:
    """Whether the statue ``owner``'s version on ``era`` has already moved during this action.

    Rule: INFLUENCE.SPENT
    Pushed by another statue or by a build copy's placement, or rebounding as
    a build copy: its own move carried from the era before is then spent.
    Other statues may still push it, so a version may move twice on one era.
    """
    return (era, owner) in scene.moved


def propagate_move(scene: Scene, era: int, effect: StatueMoved) -> None:
    """StatueMoved reaches ``era``: the same statue tries the same move from its own square.

    Rules: INFLUENCE.PROPAGATE, INFLUENCE.PROPAGATE.STOP
    If that version has already moved during this action, the move is spent
    (`is_spent`).  If its push is blocked it stays put, records nothing, and so no later era
    tries it.  A statue absent from the era (not yet built there) does nothing.
    """
    if is_spent(scene, era, effect.owner):
        return
    c = find_statue(scene, era, effect.owner)
    if c is None:
        return
    if not can_push(scene, c, effect.direction):
        scene.events.append(Halted(effect.owner, c, effect.direction))
        return
    push_statue(scene, c, effect.direction)



# --- what Influence declares to the shared rules (oracle.games.ttykm.rules.hooks) -------


def candidates(position: Position, colour: Colour, active: int) -> Iterator[TurnAction]:
    """The Moves with pull N+, E+, S+, W+ (where a statue stands behind the
    copy), each followed by its sideways pulls, such as E+N then E+S (where a
    statue stands beside the copy; legal only under pull=sideways), then Build
    by target square while the player has not built (OBJECTS.ORDER)."""
    chapters = position.chapters
    assert chapters is not None
    for d in MOVES:
        for pulling in (Pull(d), *(Pull(d, side) for side in MOVES if side not in (d, OPPOSITE[d]))):
            b = pulled_cell(active, pulling)
            thing = None if b is None else chapters.solid(b)
            if thing is not None and thing.kind is Kind.STATUE:
                yield pulling
    if not chapters.built[colour]:
        neighbours = sorted(t for d in MOVES if (t := beyond(active, d)) is not None)
        yield from (Aimed("B", c % SQUARES) for c in neighbours)


def is_influence_action(action: TurnAction) -> bool:
    return isinstance(action, Pull) or (isinstance(action, Aimed) and action.letter == "B")


def perform(scene: Scene, colour: Colour, active: int, action: Pull | Aimed, ruleset: Ruleset) -> Illegal | None:
    """A Move with pull or a Build, or the rule that forbids it."""
    if isinstance(action, Pull):
        return move_with_pull(scene, colour, active, action, ruleset)
    target = active - active % SQUARES + action.square
    refusal = build_refusal(scene, colour, active, target)
    if refusal is not None:
        return Illegal(refusal[0], f"the copy on {cell_prose(active)} cannot {action.word} {cell_prose(target)}:"
                                   f" {refusal[1]}")
    build(scene, colour, active, target)
    return None


def move_with_pull(scene: Scene, colour: Colour, active: int, action: Pull, ruleset: Ruleset) -> Illegal | None:
    """A Move with pull: the Move, then the statue behind follows (INFLUENCE.PULL).

    A Move that ends in a self-push paradox (a self-push variant) still pulls
    (INFLUENCE.PULL.SELF-PUSH); under self-push-pull=none it cannot, as a
    Move that pushes cannot under pull-with-push=forbidden.
    """
    what = f"the copy on {cell_prose(active)} cannot {action.word}"
    if ruleset.pull_automatic:
        return Illegal(
            "VARIANT.PULL-AUTOMATIC",
            f"{what}: under pull=automatic a Move pulls by itself, written {action.direction.value}",
        )
    refusal = pull_refusal(scene, active, action, ruleset)
    if refusal is not None:
        return Illegal(refusal[0], f"{what}: {refusal[1]}")
    statue_cell = pulled_cell(active, action)
    assert statue_cell is not None
    pushes = is_push(scene, active, action.direction)
    moved = push.move_refusal(scene, colour, active, action.direction, ruleset)
    if moved is not None:
        return moved
    push.move(scene, colour, active, action.direction)
    if pushes and ruleset.pull_with_push_forbidden:
        return Illegal("VARIANT.PULL-WITH-PUSH-FORBIDDEN",
                       f"{what}: under pull-with-push=forbidden a Move that pushes cannot pull")
    if not pulls_after(scene, ruleset):
        return Illegal("VARIANT.SELF-PUSH-PULL-NONE",
                       f"{what}: under self-push-pull=none a Move that ends in a paradox cannot pull")
    pull(scene, statue_cell, pull_direction(action))
    return None


def pulls_after(scene: Scene, ruleset: Ruleset) -> bool:
    """Whether the statue follows once the Move is done: always, but after a
    Move that ended in a self-push paradox only without self-push-pull=none.

    Rules: INFLUENCE.PULL.SELF-PUSH, VARIANT.SELF-PUSH-PULL-NONE
    The copy started next to the statue and moved away from it, so the seed's
    condition for a pull is met; the paradox removes the copy only once it
    has moved, and the square it left is free.  Under the variant a copy that
    does not survive its Move pulls nothing: the Move with pull is refused,
    and under pull=automatic the plain Move leaves the statue where it is.
    """
    return scene.active is not None or not ruleset.self_push_pull_none


def automatic_pull(scene: Scene, active: int, direction: Action, ruleset: Ruleset) -> Rider | None:
    """Under pull=automatic, a plain Move pulls the statue behind once it is done (`pulls_automatically`)."""
    pulled = pulls_automatically(scene, active, direction, ruleset)
    if pulled is None:
        return None

    def follow() -> None:
        if pulls_after(scene, ruleset):
            pull(scene, pulled, direction)

    return follow


def refused_after_effects(scene: Scene, active: int, action: TurnAction, ruleset: Ruleset) -> Illegal | None:
    """Under rebound-blocked=illegal, a build one of whose later copies could not be placed (`first_unplaced`)."""
    if not (ruleset.rebound_blocked_illegal and isinstance(action, Aimed) and action.letter == "B"):
        return None
    unplaced = first_unplaced(scene)
    if unplaced is None:
        return None
    target = active - active % SQUARES + action.square
    return Illegal(
        "VARIANT.REBOUND-BLOCKED-ILLEGAL",
        f"the copy on {cell_prose(active)} cannot build on {cell_prose(target)}: under"
        f" rebound-blocked=illegal every later era must take the statue's copy, and"
        f" {cell_prose(unplaced)} cannot",
    )


def absent(active: int, action: Pull | Aimed) -> Illegal:
    if isinstance(action, Pull):
        return Illegal("ACTION.KINDS", f"the copy on {cell_prose(active)} cannot {action.word}: pulling is an"
                                       " Influence action and this game is not Influence")
    target = active - active % SQUARES + action.square
    return Illegal("ACTION.KINDS", f"the copy on {cell_prose(active)} cannot {action.word} {cell_prose(target)}:"
                                   " Build is an Influence action and this game is not Influence")


def _statue_stays(scene: Scene, c: int, direction: Action) -> bool:
    return not can_push(scene, c, direction)


def _statue_cannot_be_pushed(thing: Thing, direction: Action) -> Refusal:
    return "INFLUENCE.PUSH.BLOCKED", f"cannot be pushed {direction.word}"


def _statue_pushed(scene: Scene, c: int, direction: Action) -> None:
    push_statue(scene, c, direction)


def _statue_built(scene: Scene, era: int, effect: StatueBuilt, ruleset: Ruleset) -> None:
    place_copy(scene, era, effect, ruleset)


def _statue_moved(scene: Scene, era: int, effect: StatueMoved, ruleset: Ruleset) -> None:
    propagate_move(scene, era, effect)


SELF_PUSH_VARIANTS = frozenset({"self-push=paradox", "self-push=ends", "self-push=whole-turn"})
"""The variants under which a Move may end in a self-push paradox (the standard game's)."""

CHAPTER = Chapter(
    name="influence",
    modules=frozenset({"influence"}),
    objects={Kind.STATUE: ObjectRules(_statue_stays, _statue_cannot_be_pushed, _statue_pushed)},
    effects={StatueBuilt: _statue_built, StatueMoved: _statue_moved},
    setup=setup,
    candidates=candidates,
    claims=is_influence_action,
    perform=perform,
    absent=absent,
    before_move=automatic_pull,
    after_effects=refused_after_effects,
    variants={
        "pull=automatic": frozenset(),
        "pull=sideways": frozenset(),
        "pull-with-push=forbidden": frozenset(),
        "statue-build=move-copy": frozenset(),
        "statue-build=skip-occupied": frozenset(),
        "statue-build=v2023": frozenset(),
        "effect-order=recorded": frozenset(),
        "rebound-blocked=illegal": frozenset({"statue-build=skip-occupied", "statue-build=v2023"}),
        "self-push-pull=none": SELF_PUSH_VARIANTS,
    },
)
"""Chapter 2, Influence, as the shared rules see it (INFLUENCE.*)."""
