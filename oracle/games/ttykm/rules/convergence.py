"""The order of effects: how an action in one era changes the later eras.

Every chapter uses this one procedure (`propagate`).  An action records
*effects* in the era where it happens (`oracle.games.ttykm.scene`); the next
era applies them in three phases, removals, then placements, then movements,
each in recorded order, and what that records feeds the era after.  Copies
never propagate.  Chapter 4, Convergence, will add its pair rules
(`CONVERGENCE.*`) here.
"""

from __future__ import annotations

from oracle.games.ttykm.board import Era
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
