"""Chapter 1, Growth: seeds, shrubs and trees (Plant, Dig up).

One function per `GROWTH.*` clause of spec/ttykm/growth.md.  The actions and
the fall run on a `Scene`; growth and the dig cascade reach later eras only
through the effects they record (SeedPlaced, ShrubGrown, SeedRemoved,
ShrubRemoved), which the order of effects (`oracle.games.ttykm.rules.effects`)
applies.  `CHAPTER` declares all of it to the shared rules.
"""

from __future__ import annotations

from collections.abc import Iterator

from oracle.games.ttykm.board import MOVES, NEIGHBOUR, SQUARES, Action, Colour, cell, cell_prose
from oracle.games.ttykm.events import Cleared, Dug, Fell, Flattened, Grew, Planted
from oracle.games.ttykm.objects import SEEDS, SHRUB, TREE, Chapters, Kind, Thing
from oracle.games.ttykm.rules.hooks import Chapter, ObjectRules, Refusal
from oracle.games.ttykm.rules.push import beyond, is_immovable, make_way
from oracle.games.ttykm.rules.step import Illegal
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.scene import Scene, SeedPlaced, SeedRemoved, ShrubGrown, ShrubRemoved
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed, TurnAction


def reach(active: int) -> tuple[int, ...]:
    """The cells Plant and Dig up may aim at, in square order.

    Rule: GROWTH.REACH
    The active copy's own square and its orthogonal neighbours on its era.
    """
    square = active % SQUARES
    squares = {square} | {n for d in MOVES if (n := NEIGHBOUR[d][square]) is not None}
    return tuple(active - square + s for s in sorted(squares))


def plant_refusal(scene: Scene, active: int, target: int, ruleset: Ruleset) -> tuple[str, str] | None:
    """Why Plant on ``target`` is illegal, as (rule, reason), or None.

    Rule: GROWTH.PLANT
    A seed must be left in the shared supply; the target must hold no seed and
    no object.  A copy on it, of either colour, does not prevent planting: the
    seed goes under it.
    """
    if scene.seed_supply < 1:
        return "GROWTH.PLANT", "no seed is left in the shared supply"
    if scene.has_seed(target):
        return "GROWTH.PLANT", "a seed is already there"
    thing = scene.solid(target)
    if thing is not None:
        return "GROWTH.PLANT", f"a {thing.kind.word} is there"
    if ruleset.plant_under_adjacent_copy_forbidden and target != active and scene.copy_at(target) is not None:
        return forbidden_under_adjacent_copy()
    return None


def forbidden_under_adjacent_copy() -> tuple[str, str]:
    """Variant plant-under-adjacent-copy=forbidden: not under a copy on a neighbouring square.

    Rule: VARIANT.PLANT-UNDER-ADJACENT-COPY
    """
    return "VARIANT.PLANT-UNDER-ADJACENT-COPY", "a copy stands there; a seed goes under a copy only on its own square"


def plant(scene: Scene, colour: Colour, target: int) -> None:
    """Put a seed from the supply on ``target`` and record SeedPlaced in its era."""
    scene.seeds |= 1 << target
    scene.seed_supply -= 1
    scene.events.append(Planted(colour, target))
    scene.record(target, SeedPlaced(target % SQUARES))


def dig_refusal(scene: Scene, target: int) -> tuple[str, str] | None:
    """Why Dig up on ``target`` is illegal, or None.

    Rule: GROWTH.DIG
    A seed must lie there; a copy of either colour may stand on it.  The seed
    returns to the shared supply and SeedRemoved is recorded in its era.
    """
    if not scene.has_seed(target):
        return "GROWTH.DIG", "no seed is there"
    return None


def dig(scene: Scene, colour: Colour, target: int) -> None:
    scene.events.append(Dug(colour, target))
    remove_seed(scene, target, dug=True)


def remove_seed(scene: Scene, c: int, *, dug: bool = False) -> None:
    """Take the seed on ``c`` back to the supply; its shrub goes next era.

    Rules: GROWTH.SEED-REMOVED, VARIANT.SEED-REMOVAL-CASCADE-DIG-ONLY
    Whatever removed it (Dig up, a falling tree, a statue, an elephant), the
    seed returns to the shared supply and SeedRemoved is recorded, so the dig
    cascade follows.  Under seed-removal-cascade=dig-only only a seed that
    was dug up (``dug``) records it.
    """
    scene.seeds &= ~(1 << c)
    scene.seed_supply += 1
    if dug or not scene.ruleset.seed_removal_dig_only:
        scene.record(c, SeedRemoved(c % SQUARES))


def can_fall(scene: Scene, c: int, direction: Action) -> bool:
    """Whether the standing tree on ``c`` can fall in ``direction``.

    Rule: GROWTH.FALL.BLOCKED
    Not onto the wall or an immovable object (a shrub, a fallen tree); onto a
    standing tree only if that tree can fall the same way first, so a row of
    trees falls all together or not at all.
    """
    t = beyond(c, direction)
    return t is not None and not is_immovable(scene, t, direction)


def fall(scene: Scene, c: int, direction: Action) -> None:
    """The standing tree on ``c`` falls onto the next square in ``direction``.

    Rule: GROWTH.FALL
    What lies there resolves first (a standing tree falls on), then the tree
    lands: it crushes any copy there and removes any seed, and lies on that
    square as a fallen tree whose root is ``c``, which it leaves empty.
    """
    t = beyond(c, direction)
    assert t is not None
    if scene.solid(t) is not None:
        make_way(scene, t, direction)
    colour = scene.copy_at(t)
    if colour is not None:
        crush(scene, t)
    if scene.has_seed(t):
        scene.events.append(Cleared("seed", t))
        remove_seed(scene, t)
    del scene.solids[c]
    scene.solids[t] = Thing(Kind.FALLEN, c)
    scene.events.append(Fell(c, t, direction))


def crush(scene: Scene, c: int) -> None:
    """A falling tree removes the copy it lands on.

    Rule: GROWTH.FALL.CRUSH
    Whatever its colour, even the mover's: it is removed (a kill, never back
    to supply), not pushed, so it is never a paradox.
    """
    colour = scene.remove_copy(c)
    scene.events.append(Flattened(colour, c))


def grow(scene: Scene, era: int, what: Thing, square: int, ruleset: Ruleset) -> bool:
    """Grow ``what`` (a shrub or a tree) on ``square`` of ``era`` if it is empty.

    Rule: GROWTH.GROW
    Growth needs a square holding nothing at all (no copy, no seed, no
    object); otherwise nothing grows and nobody is harmed.  It is judged once,
    when the effect arrives.  Returns whether it grew.
    """
    c = cell(era, square)
    if ruleset.growth_onto_copy_kill:
        kill_for_growth(scene, c)
    if not scene.is_empty(c):
        return False
    scene.solids[c] = what
    scene.events.append(Grew(what.kind.word, c))
    return True


def kill_for_growth(scene: Scene, c: int) -> None:
    """Variant growth-onto-copy=kill: growth removes a copy standing alone on its square.

    Rule: VARIANT.GROWTH-ONTO-COPY-KILL
    """
    if scene.copy_at(c) is not None and not scene.has_seed(c) and scene.solid(c) is None:
        crush(scene, c)


def grow_shrub(scene: Scene, era: int, square: int, ruleset: Ruleset) -> None:
    """SeedPlaced reaches ``era``: a shrub grows, and if it did, a tree follows next era.

    Rule: GROWTH.SHRUB-GROWS
    """
    if grow(scene, era, SHRUB, square, ruleset):
        scene.record(cell(era, square), ShrubGrown(square))


def grow_tree(scene: Scene, era: int, square: int, ruleset: Ruleset) -> None:
    """ShrubGrown reaches ``era``: a tree grows where the shrub grew the era before.

    Rule: GROWTH.TREE-GROWS
    """
    grow(scene, era, TREE, square, ruleset)


def remove_shrub(scene: Scene, era: int, square: int) -> None:
    """SeedRemoved reaches ``era``: the shrub on that square goes, and if one did, its tree next era.

    Rule: GROWTH.CASCADE.SHRUB
    """
    c = cell(era, square)
    thing = scene.solid(c)
    if thing is not None and thing.kind is Kind.SHRUB:
        del scene.solids[c]
        scene.events.append(Cleared("shrub", c))
        scene.record(c, ShrubRemoved(square))


def remove_tree(scene: Scene, era: int, square: int) -> None:
    """ShrubRemoved reaches ``era``: the standing tree on that square goes, or
    else the fallen tree whose root is that square, wherever it lies (every
    such fallen tree, in a hand-made position that has several).

    Rule: GROWTH.CASCADE.TREE
    """
    c = cell(era, square)
    thing = scene.solid(c)
    if thing is not None and thing.kind is Kind.TREE:
        del scene.solids[c]
        scene.events.append(Cleared("tree", c))
        return
    for lying, other in list(scene.solids.items()):
        if other.kind is Kind.FALLEN and other.root == c:
            del scene.solids[lying]
            scene.events.append(Cleared("fallen-tree", lying))


def setup(chapters: Chapters, ruleset: Ruleset) -> Chapters:
    """The Growth start: no seed, shrub or tree on any board, and the five
    seeds in one supply shared by both players.

    Rules: GROWTH.SETUP, GROWTH.SEEDS
    """
    return Chapters(chapters.modules, 0, tuple((c, t) for c, t in chapters.solids if t.kind.chapter != "growth"), SEEDS)


# --- what Growth declares to the shared rules (oracle.games.ttykm.rules.hooks) ----------


def candidates(position: Position, colour: Colour, active: int) -> Iterator[Aimed]:
    """Plant, then Dig up, each by target square a1, b1, ... d4 (OBJECTS.ORDER)."""
    cells = reach(active)
    yield from (Aimed("P", c % SQUARES) for c in cells)
    yield from (Aimed("D", c % SQUARES) for c in cells)


def is_growth_action(action: TurnAction) -> bool:
    return isinstance(action, Aimed) and action.letter in ("P", "D")


def perform(scene: Scene, colour: Colour, active: int, action: Aimed, ruleset: Ruleset) -> Illegal | None:
    """Plant or Dig up on the target square, or the rule that forbids it."""
    target = active - active % SQUARES + action.square
    what = f"the copy on {cell_prose(active)} cannot {action.word} {cell_prose(target)}"
    if target not in reach(active):
        return Illegal("GROWTH.REACH", f"{what}: it is not the copy's square or next to it")
    refusal = plant_refusal(scene, active, target, ruleset) if action.letter == "P" else dig_refusal(scene, target)
    if refusal is not None:
        return Illegal(refusal[0], f"{what}: {refusal[1]}")
    if action.letter == "P":
        plant(scene, colour, target)
    else:
        dig(scene, colour, target)
    return None


def absent(active: int, action: Aimed) -> Illegal:
    target = active - active % SQUARES + action.square
    return Illegal("ACTION.KINDS", f"the copy on {cell_prose(active)} cannot {action.word} {cell_prose(target)}:"
                                   f" {action.word} is a Growth action and this game is not Growth")


def _stays_put(scene: Scene, c: int, direction: Action) -> bool:
    return True


def _does_not_move(thing: Thing, direction: Action) -> Refusal:
    return "OBJECTS.MOVE", "does not move"


def _tree_stays(scene: Scene, c: int, direction: Action) -> bool:
    return not can_fall(scene, c, direction)


def _tree_cannot_fall(thing: Thing, direction: Action) -> Refusal:
    return "OBJECTS.MOVE", f"cannot fall {direction.word}"


def _tree_falls(scene: Scene, c: int, direction: Action) -> None:
    fall(scene, c, direction)


def _seed_placed(scene: Scene, era: int, effect: SeedPlaced, ruleset: Ruleset) -> None:
    grow_shrub(scene, era, effect.square, ruleset)


def _shrub_grown(scene: Scene, era: int, effect: ShrubGrown, ruleset: Ruleset) -> None:
    grow_tree(scene, era, effect.square, ruleset)


def _seed_removed(scene: Scene, era: int, effect: SeedRemoved, ruleset: Ruleset) -> None:
    remove_shrub(scene, era, effect.square)


def _shrub_removed(scene: Scene, era: int, effect: ShrubRemoved, ruleset: Ruleset) -> None:
    remove_tree(scene, era, effect.square)


def _seed_taken(scene: Scene, c: int) -> None:
    remove_seed(scene, c)


CHAPTER = Chapter(
    name="growth",
    modules=frozenset({"growth"}),
    objects={
        Kind.SHRUB: ObjectRules(_stays_put, _does_not_move),
        Kind.FALLEN: ObjectRules(_stays_put, _does_not_move),
        Kind.TREE: ObjectRules(_tree_stays, _tree_cannot_fall, _tree_falls),
    },
    effects={SeedPlaced: _seed_placed, ShrubGrown: _shrub_grown, SeedRemoved: _seed_removed,
             ShrubRemoved: _shrub_removed},
    seed_removed=_seed_taken,
    setup=setup,
    candidates=candidates,
    claims=is_growth_action,
    perform=perform,
    absent=absent,
    variants={"plant-under-adjacent-copy=forbidden": frozenset(), "growth-onto-copy=kill": frozenset()},
)
"""Chapter 1, Growth, as the shared rules see it (GROWTH.*)."""
