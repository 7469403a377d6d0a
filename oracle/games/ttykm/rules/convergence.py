"""The order of effects: how an action in one era changes the later eras.

Every chapter uses this one procedure (`propagate`).  An action records
*effects* in the era where it happens (`oracle.games.ttykm.scene`); the next
era applies them in three phases, removals, then placements, then movements,
each in recorded order, and what that records feeds the era after.  Copies
never propagate.  Chapter 4, Convergence, plays two chapters together; where
their objects meet without a rule of either chapter, its pair rules
(`CONVERGENCE.*`) are here: what a commanded elephant does to the square it
enters.  The other meetings (a statue removing a seed, a statue blocked by a
shrub or an elephant, a tree falling onto a statue) follow from the shared
push resolution (`oracle.games.ttykm.rules.push`).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from oracle.games.ttykm.board import MOVES, SQUARES, Action, Colour, Era
from oracle.games.ttykm.events import Cleared
from oracle.games.ttykm.notation import cell_prose
from oracle.games.ttykm.objects import ELEPHANTS, Kind
from oracle.games.ttykm.rules import growth, influence, memory
from oracle.games.ttykm.rules.influence import OPPOSITE
from oracle.games.ttykm.rules.push import beyond
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.scene import (
    MOVEMENT,
    PLACEMENT,
    REMOVAL,
    Effect,
    ElephantStepped,
    Scene,
    SeedPlaced,
    SeedRemoved,
    ShrubGrown,
    ShrubRemoved,
    StatueBuilt,
    StatueMoved,
    Trained,
)
from oracle.games.ttykm.state import Position

Tracer = Callable[[Scene, int, int | None, int], None]
"""Called with (scene, era, phase, round) once a phase of an era is done; phase
None under effect-order=recorded, where an era has no phases; round above 1
only under effect-order=global-phases."""


def propagate(scene: Scene, era: int, ruleset: Ruleset, trace: Tracer | None = None) -> None:
    """Carry the effects recorded in ``era`` to every later era, in time order.

    Rules: EFFECTS.ERAS, EFFECTS.PHASES, VARIANT.EFFECT-ORDER-RECORDED
    For each later era k, the effects recorded in era k-1 are applied in three
    phases: every removal, then every placement, then every movement, each
    phase in the order the effects were recorded.  Effects recorded in era k
    while doing so feed era k+1 only.  Nothing ever changes an earlier era.
    Under the variant effect-order=recorded there are no phases: each era
    applies the effects in the order they were recorded.  ``trace``, if
    given, is called after each phase of each era (for the step-by-step
    pictures); it never changes the outcome.
    """
    if ruleset.effect_order_global_phases:
        propagate_global_phases(scene, era, ruleset, trace)
        return
    for k in range(era + 1, Era.FUTURE + 1):
        arriving = scene.effects[k - 1]
        if ruleset.effect_order_recorded:
            for effect in arriving:
                apply_effect(scene, k, effect, ruleset)
            if trace is not None:
                trace(scene, k, None, 1)
            continue
        for phase in (REMOVAL, PLACEMENT, MOVEMENT):
            for effect in arriving:
                if effect.phase == phase:
                    apply_effect(scene, k, effect, ruleset)
            if trace is not None:
                trace(scene, k, phase, 1)


def propagate_global_phases(scene: Scene, era: int, ruleset: Ruleset, trace: Tracer | None = None) -> None:
    """Variant effect-order=global-phases: one phase at a time across all the later eras.

    Rule: VARIANT.EFFECT-ORDER-GLOBAL-PHASES
    Every later era's removals (era by era, in time order), then every later
    era's placements, then every later era's movements; each era applies the
    effects recorded in the era before that it has not applied yet, including
    those recorded earlier in the same pass.  Effects recorded by a later
    phase (a statue's move removing a seed) wait for the next round; rounds
    repeat until a round applies nothing.  Each effect is applied once, so it
    ends.
    """
    done: list[set[int]] = [set() for _ in Era]
    progressed, rounds = True, 0
    while progressed:
        progressed, rounds = False, rounds + 1
        for phase in (REMOVAL, PLACEMENT, MOVEMENT):
            for k in range(era + 1, Era.FUTURE + 1):
                arriving = scene.effects[k - 1]
                applied = False
                for i, effect in enumerate(arriving):
                    if effect.phase == phase and i not in done[k - 1]:
                        done[k - 1].add(i)
                        apply_effect(scene, k, effect, ruleset)
                        applied = progressed = True
                if trace is not None and applied:
                    trace(scene, k, phase, rounds)


def apply_effect(scene: Scene, era: int, effect: Effect, ruleset: Ruleset) -> None:
    """Apply one effect recorded in the era before ``era``.

    Rule: EFFECTS.RECORD
    Each kind of effect has one rule that applies it; a chapter adds a kind
    and its rule here.
    """
    match effect:
        case SeedRemoved(square):
            growth.remove_shrub(scene, era, square)
        case ShrubRemoved(square):
            growth.remove_tree(scene, era, square)
        case SeedPlaced(square):
            growth.grow_shrub(scene, era, square, ruleset)
        case ShrubGrown(square):
            growth.grow_tree(scene, era, square, ruleset)
        case StatueBuilt():
            influence.place_copy(scene, era, effect, ruleset)
        case StatueMoved():
            influence.propagate_move(scene, era, effect)
        case Trained(kind, colour):
            memory.apply_trained(scene, era, kind, colour, ruleset)
        case ElephantStepped(kind, direction):
            memory.apply_stepped(scene, era, kind, direction)


def elephant_entry_refusal(scene: Scene, target: int, direction: Action) -> tuple[str, str] | None:
    """Why a commanded elephant cannot enter ``target`` in ``direction``, or None.

    Rules: CONVERGENCE.ELEPHANT-TREE, CONVERGENCE.ELEPHANT-STATUE
    Seeds, shrubs and fallen trees never stop it (it removes them).  A
    standing tree must be able to fall that way, a statue to be pushed that
    way; the other elephant always stops it (MEMORY.COMMAND.STEP).
    """
    from oracle.games.ttykm.rules.growth import can_fall
    from oracle.games.ttykm.rules.influence import can_push

    thing = scene.solid(target)
    if thing is None or thing.kind in (Kind.SHRUB, Kind.FALLEN):
        return None
    if thing.kind is Kind.TREE and not can_fall(scene, target, direction):
        return "CONVERGENCE.ELEPHANT-TREE", f"the tree there cannot fall {direction.word}"
    if thing.kind is Kind.STATUE and not can_push(scene, target, direction):
        return "CONVERGENCE.ELEPHANT-STATUE", f"the {thing.word} there cannot be pushed {direction.word}"
    if thing.kind in ELEPHANTS:
        return "MEMORY.COMMAND.STEP", f"the {thing.kind.word} stands there"
    return None


def elephant_enters(scene: Scene, target: int, direction: Action) -> None:
    """Clear ``target`` for a commanded elephant; `elephant_entry_refusal` said it can.

    Rule: CONVERGENCE.ELEPHANT-TRAMPLE
    A shrub or fallen tree there is removed (a shrub's tree goes on the next
    era, as after Dig up, except under seed-removal-cascade=dig-only); a
    standing tree falls the elephant's way; a statue
    is pushed (its move carries to the later eras, the elephant's does not);
    a seed is removed to the supply with the dig cascade.  A copy there is
    then trampled by the elephant's own step (MEMORY.TRAMPLE).
    """
    from oracle.games.ttykm.rules.growth import fall, remove_seed
    from oracle.games.ttykm.rules.influence import push_statue

    thing = scene.solid(target)
    if thing is not None and thing.kind in (Kind.SHRUB, Kind.FALLEN):
        del scene.solids[target]
        scene.events.append(Cleared(thing.kind.word, target))
        if thing.kind is Kind.SHRUB and not scene.ruleset.seed_removal_dig_only:
            scene.record(target, ShrubRemoved(target % SQUARES))
    elif thing is not None and thing.kind is Kind.TREE:
        fall(scene, target, direction)
    elif thing is not None and thing.kind is Kind.STATUE:
        push_statue(scene, target, direction)
    if scene.has_seed(target):
        scene.events.append(Cleared("seed", target))
        remove_seed(scene, target)



def elephant_pulls(scene: Scene, source: int, direction: Action, pull: bool, ruleset: Ruleset) -> int | None:
    """The cell of the statue a commanded elephant pulls, or None.

    Rule: CONVERGENCE.ELEPHANT-PULL
    The statue directly behind the elephant at the start of the Command,
    when the player pulls (``pull``), or always under pull=automatic.
    """
    if not (pull or ruleset.pull_automatic):
        return None
    behind = beyond(source, OPPOSITE[direction])
    thing = None if behind is None else scene.solid(behind)
    if thing is None or thing.kind is not Kind.STATUE:
        return None
    return behind


def elephant_pull_refusal(
    scene: Scene, colour: Colour, active: int, target: int, ruleset: Ruleset
) -> tuple[str, str] | None:
    """Why the commanded elephant cannot pull on its way to ``target``, or None.

    Only in a game with statues, only with a statue directly behind the
    elephant (against its step), and not under pull=automatic, where a
    Command pulls by itself.
    """
    chapters = scene.base.chapters
    assert chapters is not None
    if "influence" not in chapters.modules:
        return "ACTION.KINDS", "only an elephant in a game with statues (Influence with Memory) pulls"
    if ruleset.pull_automatic:
        return "VARIANT.PULL-AUTOMATIC", "under pull=automatic a Command pulls by itself, written without +"
    source = memory.commanded(scene, colour, active)
    assert source is not None
    direction = memory.direction_to(source, target)
    assert direction is not None
    if elephant_pulls(scene, source, direction, True, ruleset) is None:
        return "CONVERGENCE.ELEPHANT-PULL", f"no statue stands directly behind the elephant on {cell_prose(source)}"
    return None


def elephant_pull_candidates(scene: Scene, colour: Colour, active: int) -> list[int]:
    """The squares a Command with pull may aim at, in square order (after every plain Command).

    See CONVERGENCE.ELEPHANT-PULL and MEMORY.ORDER.
    """
    source = memory.commanded(scene, colour, active)
    if source is None:
        return []
    squares = []
    for d in MOVES:
        target = beyond(source, d)
        behind = beyond(source, OPPOSITE[d])
        thing = None if behind is None else scene.solid(behind)
        if target is not None and thing is not None and thing.kind is Kind.STATUE:
            squares.append(target % SQUARES)
    return sorted(squares)


# --- the draw of the pair ------------------------------------------------------

PAIRS: tuple[str, ...] = ("growth+influence", "growth+memory", "influence+memory")
"""The three pairs Convergence may draw, in chapter order (1-2, 1-3, 2-3)."""


def is_undrawn(position: Position) -> bool:
    """Whether ``position`` is a Convergence game whose pair is not drawn yet (``rules=convergence``)."""
    return position.chapters is not None and "convergence" in position.chapters.modules


def draw_outcomes(position: Position) -> tuple[tuple[str, Fraction], ...]:
    """The pairs the draw may give, each with its chance; none once drawn.

    Rule: CONVERGENCE.DRAW
    Before the first turn, one of the three pairs is drawn at random, each
    with chance 1/3.
    """
    if not is_undrawn(position):
        return ()
    return tuple((pair, Fraction(1, len(PAIRS))) for pair in PAIRS)


def draw_refusal(position: Position, pair: str) -> tuple[str, str] | None:
    """Why ``pair`` cannot be drawn in ``position`` (CONVERGENCE.DRAW), as (rule, reason), or None."""
    if not is_undrawn(position):
        return "CONVERGENCE.DRAW", "no pair is to be drawn: the position already names its chapters"
    if pair not in PAIRS:
        return "CONVERGENCE.DRAW", f"{pair[:40]!r} is not a pair Convergence draws ({', '.join(PAIRS)})"
    return None


def drawn(position: Position, pair: str, ruleset: Ruleset) -> Position:
    """The start of the drawn pair: ``position`` (the standard start) with both
    chapters' setups, White to move.

    The draw's outcome (CONVERGENCE.DRAW, CONVERGENCE.PAIRS).
    The position names the pair in its ``rules=`` field from now on, so the
    game replays from the draw and its turns.
    """
    from oracle.games.ttykm.rules.chapters import start_position  # chapters plays by this module

    assert draw_refusal(position, pair) is None
    return start_position(frozenset(pair.split("+")), ruleset)
