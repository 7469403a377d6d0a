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

from oracle.games.ttykm.board import SQUARES, Action, Era
from oracle.games.ttykm.events import Cleared
from oracle.games.ttykm.objects import ELEPHANTS, Kind
from oracle.games.ttykm.rules import growth, influence, memory
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


def propagate(scene: Scene, era: int, ruleset: Ruleset) -> None:
    """Carry the effects recorded in ``era`` to every later era, in time order.

    Rules: EFFECTS.ERAS, EFFECTS.PHASES, VARIANT.EFFECT-ORDER-RECORDED
    For each later era k, the effects recorded in era k-1 are applied in three
    phases: every removal, then every placement, then every movement, each
    phase in the order the effects were recorded.  Effects recorded in era k
    while doing so feed era k+1 only.  Nothing ever changes an earlier era.
    Under the variant effect-order=recorded there are no phases: each era
    applies the effects in the order they were recorded.
    """
    for k in range(era + 1, Era.FUTURE + 1):
        arriving = scene.effects[k - 1]
        if ruleset.effect_order_recorded:
            for effect in arriving:
                apply_effect(scene, k, effect, ruleset)
            continue
        for phase in (REMOVAL, PLACEMENT, MOVEMENT):
            for effect in arriving:
                if effect.phase == phase:
                    apply_effect(scene, k, effect, ruleset)


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
    era, as after Dig up); a standing tree falls the elephant's way; a statue
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
        if thing.kind is Kind.SHRUB:
            scene.record(target, ShrubRemoved(target % SQUARES))
    elif thing is not None and thing.kind is Kind.TREE:
        fall(scene, target, direction)
    elif thing is not None and thing.kind is Kind.STATUE:
        push_statue(scene, target, direction)
    if scene.has_seed(target):
        scene.events.append(Cleared("seed", target))
        remove_seed(scene, target)
