"""Convergence mutants: deliberately broken pair rules and a broken order of
effects, and the checks that must catch them (run by `properties.mutants`
with the other mutants).

Each mutant replaces one function of a rules module inside a ``with`` block;
the rules call each other through their modules, so the replacement is what
the engine runs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from oracle.games.ttykm.board import SQUARES, Action, Colour, Era
from oracle.games.ttykm.events import Cleared
from oracle.games.ttykm.objects import Kind
from oracle.games.ttykm.rules import convergence, effects, hooks, influence, memory, push
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.scene import MOVEMENT, PLACEMENT, REMOVAL, Scene, SeedRemoved
from oracle.games.ttykm.state import Position
from properties.harness import replaced


@contextmanager
def placements_first() -> Iterator[None]:
    """The order of effects with the placements before the removals (EFFECTS.PHASES)."""

    def propagate(scene: Scene, era: int, ruleset: Ruleset, trace: object = None) -> None:
        for k in range(era + 1, Era.FUTURE + 1):
            arriving = scene.effects[k - 1]
            for phase in (PLACEMENT, REMOVAL, MOVEMENT):
                for effect in arriving:
                    if effect.phase == phase:
                        effects.apply_effect(scene, k, effect, ruleset)

    with replaced(effects, propagate=propagate):
        yield


def seed_gone_without_cascade(scene: Scene, c: int) -> None:
    """A statue arriving on a seed returns it to the supply, but its shrub and
    tree stay (CONVERGENCE.STATUE-SEED without the dig cascade)."""
    scene.events.append(Cleared("seed", c))
    scene.seeds &= ~(1 << c)
    scene.seed_supply += 1


def trample_keeps_the_tree(scene: Scene, target: int, direction: Action) -> None:
    """An elephant trampling a shrub leaves the tree above it standing
    (CONVERGENCE.ELEPHANT-TRAMPLE without the cascade)."""
    thing = scene.solids.pop(target)
    scene.events.append(Cleared(thing.kind.word, target))


def elephant_refused_by_any_statue(scene: Scene, target: int, direction: Action) -> tuple[str, str] | None:
    """An elephant can never enter a statue's square (CONVERGENCE.ELEPHANT-STATUE forgotten)."""
    return "CONVERGENCE.ELEPHANT-STATUE", "a statue is there"


def elephant_spares_the_seed(scene: Scene, target: int, direction: Action) -> None:
    """A commanded elephant steps onto a seed and leaves it there (the seed's removal forgotten)."""
    thing = scene.solid(target)
    if thing is not None:
        hooks.elephant_entry(thing.kind).enter(scene, target, direction)


def no_statue_follows(scene: Scene, source: int, direction: Action, pull: bool, ruleset: Ruleset) -> int | None:
    """A Command with pull moves the elephant, but the statue behind it stays (CONVERGENCE.ELEPHANT-PULL)."""
    return None


@contextmanager
def pushed_statue_seed_unrecorded() -> Iterator[None]:
    """A copy's own Move pushes a statue onto a seed: the seed goes back to the supply, but its removal is
    not recorded, so the shrub above it on the next era stays (CONVERGENCE.STATUE-SEED's cascade forgotten
    on that one path; a statue carried onto a seed on a later era still records it)."""
    original = push.move

    def move(scene: Scene, colour: Colour, active: int, direction: Action) -> None:
        t = push.beyond(active, direction)
        entered = None if t is None else scene.solid(t)
        era = active // SQUARES
        before = len(scene.effects[era])
        original(scene, colour, active, direction)
        if entered is not None and entered.kind is Kind.STATUE:
            kept = [e for e in scene.effects[era][before:] if not isinstance(e, SeedRemoved)]
            scene.effects[era][before:] = kept

    with replaced(push, move=move):
        yield


MUTANTS: tuple[tuple[str, Callable[[], Any]], ...] = (
    ("Effects: placements before removals", placements_first),
    ("Growth+Influence: a statue on a seed, no cascade",
     lambda: replaced(influence, remove_seed_under=seed_gone_without_cascade)),
    ("Growth+Memory: a trampled shrub keeps its tree",
     lambda: replaced(convergence, trample=trample_keeps_the_tree)),
    ("Influence+Memory: elephants never push statues",
     lambda: replaced(convergence, statue_entry_refusal=elephant_refused_by_any_statue)),
    ("Growth+Memory: an elephant leaves the seed it steps on",
     lambda: replaced(memory, elephant_enters=elephant_spares_the_seed)),
    ("Influence+Memory: a pulled statue stays behind", lambda: replaced(convergence, elephant_pulls=no_statue_follows)),
    ("Growth+Influence: a copy pushes a statue onto a seed, its removal unrecorded", pushed_statue_seed_unrecorded),
)


# --- the checks -----------------------------------------------------------------------------


@cache
def sample() -> dict[str, tuple[Position, ...]]:
    """Seeded positions of each pair, made with the real rules."""
    from properties.effects_engine import PAIRS, pair_positions

    return {pair: tuple(pair_positions(pair, 80, seed=5)) for pair in PAIRS}


def differential_check() -> None:
    """The order-of-effects model agrees with the engine on every action of the sample, the acting-era
    model on every copy's own Move and, in the pairs with Memory, on every Command."""
    from properties.effects_engine import command_differential, differential, move_differential

    for pair, positions in sample().items():
        for problem in differential(positions, pair):
            raise AssertionError(problem)
        for problem in move_differential(positions, pair):
            raise AssertionError(problem)
        for problem in command_differential(positions, pair) if "memory" in pair else ():
            raise AssertionError(problem)


def metamorphic_check() -> None:
    """A pair plays as each of its chapters where the other chapter's objects are not touched."""
    from properties.test_convergence_metamorphic import check_inert

    for pair, positions in sample().items():
        for position in positions[:40]:
            check_inert(position, pair)


def play_check() -> None:
    """The three pair state machines, with fixed randomness."""
    from properties.test_convergence_play import machine

    for pair in ("growth+influence", "growth+memory", "influence+memory"):
        run_state_machine_as_test(machine(pair), settings=settings(
            max_examples=10, stateful_step_count=8, derandomize=True, database=None, deadline=None,
            phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck),
        ))


def examples_check() -> None:
    """The worked examples of spec/ttykm/convergence.md."""
    from oracle.games.ttykm.examples import check_example, read_examples
    from tests.conftest import TTYKM_SPEC

    for example in read_examples(TTYKM_SPEC):
        if example.where.startswith("convergence.md"):
            problems = check_example(example)
            assert not problems, problems[0]


CHECKS: tuple[tuple[str, Callable[[], None]], ...] = (
    ("Effects Z3 differential", differential_check),
    ("Convergence examples", examples_check),
    ("Convergence metamorphic", metamorphic_check),
    ("Convergence play machines", play_check),
)


def fast_path_check() -> None:
    """The chapters' perft fast path counts and reaches what the plain rules do, on the sample."""
    from oracle.games.ttykm.perft import engine
    from oracle.games.ttykm.rules.standard import successors

    for pair, positions in sample().items():
        ruleset = Ruleset.parse(pair)
        for position in positions[::8]:
            if position.winner is not None:
                continue
            fast = engine(position, ruleset)
            state = fast.state_of(position)
            plain: dict[object, int] = {}
            for _, after in successors(position, ruleset):
                key = None if after.winner is not None else fast.state_of(after)
                plain[key] = plain.get(key, 0) + 1
            assert fast.hooks.count_turns(state) == sum(plain.values()), f"{pair}: the fast count differs"
            assert dict(fast.hooks.children(state)) == plain, f"{pair}: the fast path reaches other positions"
