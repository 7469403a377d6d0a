"""Influence mutants: deliberately broken statue rules, and the checks that
must catch them (run by `properties.mutants` with the standard mutants).

Each mutant replaces one function of `oracle.games.ttykm.rules.influence`
inside a ``with`` block; the rules call each other through the module, so the
replacement is what the engine runs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from oracle.games.ttykm.board import SQUARES, Action, Colour
from oracle.games.ttykm.events import Built
from oracle.games.ttykm.objects import statue
from oracle.games.ttykm.rules import influence, push
from oracle.games.ttykm.scene import Scene, StatueBuilt, StatueMoved
from oracle.games.ttykm.state import Position, check_position


@contextmanager
def patched_influence(**replacements: Callable[..., Any]) -> Iterator[None]:
    """Replace functions of `oracle.games.ttykm.rules.influence` inside the block."""
    originals = {name: getattr(influence, name) for name in replacements}
    for name, function in replacements.items():
        setattr(influence, name, function)
    try:
        yield
    finally:
        for name, function in originals.items():
            setattr(influence, name, function)


def carried_past_a_block(real: Callable[[Scene, int, StatueMoved], None]) -> Callable[[Scene, int, StatueMoved], None]:
    """A blocked statue still hands the move on to the next era."""

    def propagate_move(scene: Scene, era: int, effect: StatueMoved) -> None:
        before = len(scene.effects[era])
        real(scene, era, effect)
        if len(scene.effects[era]) == before and not influence.is_spent(scene, era, effect.owner):
            c = influence.find_statue(scene, era, effect.owner)
            if c is not None:
                scene.record(c, effect)

    return propagate_move


def never_spent(scene: Scene, era: int, owner: Colour | None) -> bool:
    """A statue's own carried move is applied even after it has moved."""
    return False


def build_flag_kept(scene: Scene, colour: Colour, active: int, target: int) -> None:
    """Building does not mark the player as having built."""
    scene.solids[target] = statue(colour)
    scene.events.append(Built(colour, target))
    scene.record(target, StatueBuilt(colour, target % SQUARES, influence.build_direction(active, target)))


def rebound_in_place(scene: Scene, owner: Colour, p: int, d: Action) -> None:
    """The rebound never happens: the copy goes on the blocked square anyway."""
    influence.put(scene, owner, p, d, rebound=True)


def carried_moves_do_not_push(scene: Scene, era: int, effect: StatueMoved) -> None:
    """A carried move only enters an empty square: it never pushes a copy."""
    if influence.is_spent(scene, era, effect.owner):
        return
    c = influence.find_statue(scene, era, effect.owner)
    if c is None:
        return
    t = push.beyond(c, effect.direction)
    if t is None or not scene.is_empty(t):
        return
    influence.push_statue(scene, c, effect.direction)


MUTANTS: tuple[tuple[str, Callable[[], Any]], ...] = (
    ("Influence: a blocked carried move goes on",
     lambda: patched_influence(propagate_move=carried_past_a_block(influence.propagate_move))),
    ("Influence: a statue's own move never spent", lambda: patched_influence(is_spent=never_spent)),
    ("Influence: building leaves the build flag unset", lambda: patched_influence(build=build_flag_kept)),
    ("Influence: no rebound off a blocked square", lambda: patched_influence(rebound=rebound_in_place)),
    ("Influence: carried moves never push copies",
     lambda: patched_influence(propagate_move=carried_moves_do_not_push)),
)


# --- the checks -----------------------------------------------------------------------------


@cache
def sample() -> tuple[Position, ...]:
    """Seeded Influence positions, made with the real rules."""
    from properties.influence import seeded_positions

    return tuple(seeded_positions(40, seed=3))


def invariants_check() -> None:
    """Every legal turn of the sample keeps the Influence turn invariants."""
    from oracle.games.ttykm.rules.standard import apply_turn, successors
    from properties.influence import INFLUENCE, check_influence_turn

    for position in sample():
        check_position(position)
        for turn, after in successors(position, INFLUENCE):
            check_position(after)
            check_influence_turn(position, turn, after, apply_turn(position, turn, INFLUENCE).events)


def play_check() -> None:
    """The Influence state machine, with fixed randomness."""
    from properties.test_influence_play import PlayInfluence

    run_state_machine_as_test(PlayInfluence, settings=settings(
        max_examples=25, stateful_step_count=10, derandomize=True, database=None, deadline=None,
        phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck),
    ))


@cache
def differential_sample() -> tuple[Position, ...]:
    from properties.influence import seeded_positions

    return tuple(seeded_positions(300, seed=7))


def differential_check() -> None:
    """The independent Z3 model of statue propagation agrees with the engine."""
    from properties.influence_engine import differential

    for problem in differential(differential_sample()):
        raise AssertionError(problem)


def effects_differential_check() -> None:
    """The independent order-of-effects model (`properties.effects_z3`) agrees with the engine on what
    every action of the Influence vector set's positions carries to the later eras: pushes, pulls,
    builds with their rebounds, and each version's own carried move."""
    from properties.effects_engine import differential
    from properties.vector_check import vector_positions

    for problem in differential(vector_positions("influence"), "influence"):
        raise AssertionError(problem)


def examples_check() -> None:
    """The Influence worked examples of the spec."""
    from oracle.games.ttykm.examples import check_example, read_examples
    from tests.conftest import TTYKM_SPEC

    for example in read_examples(TTYKM_SPEC):
        if example.where.startswith("influence.md") or "influence" in example.fields.get("position", ""):
            problems = check_example(example)
            assert not problems, problems[0]


CHECKS: tuple[tuple[str, Callable[[], None]], ...] = (
    ("Influence invariants", invariants_check),
    ("Influence Z3 differential", differential_check),
    ("Influence effects differential", effects_differential_check),
    ("Influence play machine", play_check),
    ("Influence examples", examples_check),
)
