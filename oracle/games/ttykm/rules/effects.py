"""The order of effects: how an action in one era changes the later eras.

Every chapter uses this one procedure (`propagate`).  An action records
*effects* in the era where it happens (`oracle.games.ttykm.scene`); the next
era applies them in three phases, removals, then placements, then movements,
each in recorded order, and what that records feeds the era after.  Copies
never propagate.  Each kind of effect is applied by the rule its chapter
declared (`oracle.games.ttykm.rules.hooks`), so this room knows no chapter.
"""

from __future__ import annotations

from collections.abc import Callable

from oracle.games.ttykm.board import Era
from oracle.games.ttykm.rules import hooks
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.scene import MOVEMENT, PLACEMENT, REMOVAL, Effect, Scene

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
    Each kind of effect has one rule that applies it, declared by the chapter
    that records it.
    """
    hooks.effect_rule(effect)(scene, era, effect, ruleset)
