"""The mutation harness: do the checks catch real bugs?

Each mutant is a deliberately broken copy of one rule, swapped into
`oracle.games.ttykm.rules.standard` for the length of a ``with`` block.  The harness runs the
checks against the mutant engine, cheapest first, and stops at the first
check that fails: that check caught the mutant.  A mutant that no check
catches is a finding to fix in the checks.

    python -m properties.mutants        (or: ./dev mutants)

prints the table and exits 1 if any mutant survives.
"""

from __future__ import annotations

import dataclasses
import random
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from oracle.games.ttykm.board import NEIGHBOUR, SQUARES, Action, Colour, Era
from oracle.games.ttykm.events import Crushed, Event, Moved, Paradox, Pushed
from oracle.games.ttykm.examples import check_example, read_examples
from oracle.games.ttykm.objects import SHRUB, Kind, Thing
from oracle.games.ttykm.perft import engine
from oracle.games.ttykm.rules import growth
from oracle.games.ttykm.rules import standard as rules
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.scene import Scene, SeedRemoved, ShrubGrown
from oracle.games.ttykm.state import Position, check_position
from oracle.games.ttykm.turn import Turn
from properties import convergence_mutants, game_reports, influence_mutants
from properties.checks import (
    check_growth_invariants,
    check_legality,
    check_play,
    check_symmetry,
    check_turn_invariants,
    near_misses,
    shrub_cells,
)
from properties.growth_positions import GROWTH, growth_playout_position, random_growth_position

SPEC_DIR = Path(__file__).resolve().parent.parent / "spec" / "ttykm"

# --- the mutants ------------------------------------------------------------------------


@contextmanager
def patched(module: Any = rules, **replacements: Callable[..., Any]) -> Iterator[None]:
    """Replace functions of ``module`` (default `oracle.games.ttykm.rules.standard`) inside the block."""
    originals = {name: getattr(module, name) for name in replacements}
    for name, function in replacements.items():
        setattr(module, name, function)
    try:
        yield
    finally:
        for name, function in originals.items():
            setattr(module, name, function)


def broken_push(paradox: bool, chain: bool) -> Callable[[list[int], list[int], int, Action, list[Event]], None]:
    """A push that, without ``paradox``, pushes a copy of the same colour on
    like any other; without ``chain``, crushes the pushed copy when another
    copy stands beyond it instead of pushing that one first."""

    def push(copies: list[int], removed: list[int], pushed: int, direction: Action, events: list[Event]) -> None:
        colour = Colour.WHITE if copies[0] >> pushed & 1 else Colour.BLACK
        square = NEIGHBOUR[direction][pushed % SQUARES]
        copies[colour] &= ~(1 << pushed)
        if square is None:
            removed[colour] += 1
            events.append(Crushed(colour, pushed, direction))
            return
        beyond = pushed - pushed % SQUARES + square
        same = bool(copies[colour] >> beyond & 1)
        other = bool(copies[colour.opponent] >> beyond & 1)
        if same and paradox:
            copies[colour] &= ~(1 << beyond)
            removed[colour] += 2
            events.append(Paradox(colour, pushed, beyond))
            return
        if (same or other) and not chain:
            removed[colour] += 1
            events.append(Crushed(colour, pushed, direction))
            return
        if same or other:
            push(copies, removed, beyond, direction, events)
        copies[colour] |= 1 << beyond
        events.append(Pushed(colour, pushed, beyond, direction))

    return push


def supply_not_spent(original: Callable[..., Any]) -> Callable[..., Any]:
    def travel_backward(position: Position, colour: Colour, active: int) -> Any:
        step = original(position, colour, active)
        if isinstance(step, rules.Illegal):
            return step
        return dataclasses.replace(step, position=dataclasses.replace(step.position, supply=position.supply))

    return travel_backward


def focus_may_stay(position: Position, colour: Colour) -> tuple[Era, ...]:
    return tuple(Era)


def win_for_wrong_player(position: Position, mover: Colour) -> Colour | None:
    return mover if len(position.eras_of(mover)) <= 1 else None


def one_action_too(original: Callable[..., Any]) -> Callable[..., Any]:
    def copy_lines(position: Position, colour: Colour, active: int, ruleset: Ruleset) -> tuple[Any, ...]:
        lines: tuple[Any, ...] = original(position, colour, active, ruleset)
        ones = tuple(line for line in rules.sequences(position, colour, active, ruleset) if len(line.actions) == 1)
        return lines + ones if len(lines[0].actions) == 2 else lines

    return copy_lines


def onto_own_copy(original: Callable[..., Any]) -> Callable[..., Any]:
    """A Move onto your own copy pushes it, like an opponent's."""

    def move(position: Position, colour: Colour, active: int, direction: Action, ruleset: Ruleset) -> Any:
        square = NEIGHBOUR[direction][active % SQUARES]
        target = None if square is None else active - active % SQUARES + square
        if target is None or not position.copies[colour] >> target & 1:
            return original(position, colour, active, direction, ruleset)
        copies, removed = [*position.copies], [*position.removed]
        events: list[Event] = []
        rules.push(copies, removed, target, direction, events)
        copies[colour] = copies[colour] & ~(1 << active) | 1 << target
        events.append(Moved(colour, active, target, direction))
        after = dataclasses.replace(position, copies=(copies[0], copies[1]), removed=(removed[0], removed[1]))
        return rules.Step(after, target, tuple(events))

    return move


def travel_over_anything(original: Callable[..., Any], step: int) -> Callable[..., Any]:
    """Travel that ignores an occupied square: the copy there is overlooked."""

    def travel(position: Position, colour: Colour, active: int) -> Any:
        target = active + step
        if not 0 <= target < 48 or position.occupant(target) is None:
            return original(position, colour, active)
        hidden = [*position.copies]
        owner = position.occupant(target)
        assert owner is not None
        hidden[owner] &= ~(1 << target)
        result = original(dataclasses.replace(position, copies=(hidden[0], hidden[1])), colour, active)
        if isinstance(result, rules.Illegal):
            return result
        copies = [*result.position.copies]
        copies[owner] |= 1 << target  # the overlooked copy is still there
        return dataclasses.replace(result, position=dataclasses.replace(result.position, copies=(copies[0], copies[1])))

    return travel


# --- Growth mutants: each breaks one GROWTH clause in `oracle.games.ttykm.rules.growth` ---


def grow_over_copies(scene: Scene, era: int, what: Thing, square: int, ruleset: Ruleset) -> bool:
    """Growth that ignores a copy standing on the square (GROWTH.GROW)."""
    c = era * SQUARES + square
    if scene.has_seed(c) or scene.solid(c) is not None:
        return False
    scene.solids[c] = what
    return True


def shrub_always_recorded(scene: Scene, era: int, square: int, ruleset: Ruleset) -> None:
    """A tree follows even when the shrub did not grow (GROWTH.TREE-GROWS)."""
    growth.grow(scene, era, SHRUB, square, ruleset)
    scene.record(era * SQUARES + square, ShrubGrown(square))


def standing_trees_only(scene: Scene, era: int, square: int) -> None:
    """The dig cascade forgets fallen trees (GROWTH.CASCADE.TREE)."""
    c = era * SQUARES + square
    thing = scene.solid(c)
    if thing is not None and thing.kind is Kind.TREE:
        del scene.solids[c]


def spare_the_mover(original: Callable[..., Any]) -> Callable[..., Any]:
    """A falling tree that spares White's copies (GROWTH.FALL.CRUSH)."""

    def crush(scene: Scene, c: int) -> None:
        if scene.copy_at(c) is Colour.BLACK:
            original(scene, c)

    return crush


def seed_kept_on_dig(scene: Scene, colour: Colour, target: int) -> None:
    """Dig up that records the cascade but leaves the seed on the board (GROWTH.DIG)."""
    scene.record(target, SeedRemoved(target % SQUARES))


def fall_onto_anything(scene: Scene, c: int, direction: Action) -> bool:
    """A tree that can fall whenever the wall is not in the way (GROWTH.FALL.BLOCKED)."""
    return NEIGHBOUR[direction][c % SQUARES] is not None


@dataclass(frozen=True)
class Mutant:
    name: str
    patch: Callable[[], Any]  # returns a context manager
    game: str = "standard"  # which checks judge it: the standard game's, Growth's, Influence's, Memory's
    # or Convergence's


MUTANTS: tuple[Mutant, ...] = (
    Mutant("paradox disabled", lambda: patched(push=broken_push(paradox=False, chain=True))),
    Mutant("a chain stopping at the first copy", lambda: patched(push=broken_push(paradox=True, chain=False))),
    Mutant("supply not decremented", lambda: patched(travel_backward=supply_not_spent(rules.travel_backward))),
    Mutant("the Focus allowed to stay", lambda: patched(focus_targets=focus_may_stay)),
    Mutant("the win checked for the wrong player", lambda: patched(winner_after=win_for_wrong_player)),
    Mutant("a 1-action turn allowed when 2 were possible",
           lambda: patched(copy_lines=one_action_too(rules.copy_lines))),
    Mutant("moving onto your own copy allowed", lambda: patched(move=onto_own_copy(rules.move))),
    Mutant("travel ignoring an occupied square",
           lambda: patched(travel_forward=travel_over_anything(rules.travel_forward, SQUARES),
                           travel_backward=travel_over_anything(rules.travel_backward, -SQUARES))),
    Mutant("Growth: growth over a copy", lambda: patched(growth, grow=grow_over_copies), "growth"),
    Mutant("Growth: a tree without its shrub", lambda: patched(growth, grow_shrub=shrub_always_recorded), "growth"),
    Mutant("Growth: the dig cascade forgets fallen trees",
           lambda: patched(growth, remove_tree=standing_trees_only), "growth"),
    Mutant("Growth: a falling tree spares White", lambda: patched(growth, crush=spare_the_mover(growth.crush)),
           "growth"),
    Mutant("Growth: the dug seed stays on the board", lambda: patched(growth, dig=seed_kept_on_dig), "growth"),
    Mutant("Growth: a tree falls onto a shrub", lambda: patched(growth, can_fall=fall_onto_anything), "growth"),
    *(Mutant(name, patch, "influence") for name, patch in influence_mutants.MUTANTS),
    *(Mutant(name, patch, "convergence") for name, patch in convergence_mutants.MUTANTS),
)

# --- the checks -----------------------------------------------------------------------------


@cache
def sample_positions() -> tuple[Position, ...]:
    """A fixed sample for the quick checks: seeded play and Z3's edge cases."""
    from properties.differential import edge_positions, play_positions

    return tuple(play_positions(60, seed=11)) + tuple(p for _, p in edge_positions(3, seed=5))


def play_check() -> None:
    """The Hypothesis state machine of random legal play, with fixed randomness."""
    from properties.test_play import Play

    run_state_machine_as_test(Play, settings=settings(
        max_examples=30, stateful_step_count=15, derandomize=True, database=None, deadline=None,
        phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck),
    ))


def invariants_check() -> None:
    """Every legal turn of the sample keeps the turn invariants."""
    for position in sample_positions():
        check_position(position)
        if position.winner is None:
            check_play(position)


def legality_check() -> None:
    """explain, legal_turns and apply_turn agree on the sample's turns and near misses."""
    for position in sample_positions():
        legal = dict(rules.successors(position))
        for turn in list(legal)[:4]:
            for asked in [turn, *near_misses(turn)]:
                check_legality(position, asked, legal=legal)
        check_legality(position, Turn(None, (), Era.PAST), legal=legal)


def symmetry_check() -> None:
    for position in sample_positions():
        check_symmetry(position)


@cache
def differential_sample() -> tuple[tuple[str, Position], ...]:
    """The differential check's positions, Z3's edge cases first (they expose
    push bugs soonest)."""
    from properties.differential import profile_positions

    return tuple(sorted(profile_positions(), key=lambda p: p[0] == "random play"))


def differential_check() -> None:
    """The Z3 model and the engine agree on every successor."""
    from properties.differential import run

    for kind, _, diff in run(list(differential_sample())):
        raise AssertionError(f"{kind}: {diff[0]}")


CHECKS: tuple[tuple[str, Callable[[], None]], ...] = (
    ("play state machine", play_check),
    ("turn invariants", invariants_check),
    ("legality consistency", legality_check),
    ("symmetry", symmetry_check),
    ("Z3 differential", differential_check),
)


@cache
def growth_sample() -> tuple[Position, ...]:
    """A fixed sample of Growth positions: random objects, and seeded Growth play."""
    rng = random.Random(31)
    positions = [random_growth_position(rng) for _ in range(60)]
    positions += [growth_playout_position(rng, rng.randint(2, 8)) for _ in range(8)]
    return tuple(p for p in positions if p.winner is None)


def growth_play_check() -> None:
    """The Growth state machine of random legal play, with fixed randomness."""
    from properties.test_growth_play import GrowthPlay

    run_state_machine_as_test(GrowthPlay, settings=settings(
        max_examples=10, stateful_step_count=10, derandomize=True, database=None, deadline=None,
        phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck),
    ))


def growth_examples_check() -> None:
    """Every worked example of the Growth and objects pages says what the oracle says."""
    for example in read_examples(SPEC_DIR):
        if example.path in ("growth.md", "objects.md") or "growth" in example.fields.get("position", ""):
            problems = check_example(example)
            assert not problems, problems[0]


def growth_invariants_check() -> None:
    """Every legal turn of the Growth sample keeps the turn and Growth invariants."""
    for position in growth_sample():
        check_position(position)
        seen = shrub_cells(position)
        for turn, after in rules.successors(position, GROWTH)[::7]:  # a spread of a seventh of the turns
            applied = rules.apply_turn(position, turn, GROWTH)
            assert applied.position == after
            check_turn_invariants(position, turn, applied, GROWTH)
            check_growth_invariants(after, seen | shrub_cells(after) | _trees_as_shrubs(position))


def _trees_as_shrubs(position: Position) -> int:
    """The cells below the trees already in a sample position (they count as having had a shrub)."""
    assert position.chapters is not None
    below = {c - SQUARES for c, t in position.chapters.solids if t.kind is not Kind.SHRUB}
    below |= {t.root - SQUARES for _, t in position.chapters.solids if t.root is not None}
    return sum(1 << c for c in below)


def growth_fast_path_check() -> None:
    """The independent perft fast path counts and reaches what the plain rules do."""
    for position in growth_sample():
        fast = engine(position, GROWTH)
        state = fast.state_of(position)
        plain: dict[object, int] = {}
        for _, after in rules.successors(position, GROWTH):
            key = None if after.winner is not None else fast.state_of(after)
            plain[key] = plain.get(key, 0) + 1
        assert fast.hooks.count_turns(state) == sum(plain.values()), "the fast count differs"
        assert dict(fast.hooks.children(state)) == plain, "the fast path reaches other positions"


def growth_differential_check() -> None:
    """The Growth Z3 model and the engine agree on every action of the Growth sample."""
    from properties.growth_differential import differences

    for position in growth_sample():
        for diff in differences(position):
            raise AssertionError(diff)


GROWTH_CHECKS: tuple[tuple[str, Callable[[], None]], ...] = (
    ("Growth worked examples", growth_examples_check),
    ("Growth turn invariants", growth_invariants_check),
    ("Growth fast path", growth_fast_path_check),
    ("Growth play machine", growth_play_check),
    ("Growth Z3 differential", growth_differential_check),
)


@dataclass(frozen=True)
class Verdict:
    mutant: str
    caught_by: str | None
    detail: str
    seconds: float


def judge(mutant: Mutant) -> Verdict:
    """Run the checks of the mutant's game against ``mutant`` until one fails."""
    checks = {"growth": GROWTH_CHECKS, "influence": influence_mutants.CHECKS, "memory": MEMORY_CHECKS,
              "convergence": convergence_mutants.CHECKS}.get(mutant.game, CHECKS)
    if mutant.game == "growth":
        growth_sample()  # made with the real rules, before any mutant is in place
    elif mutant.game == "influence":
        influence_mutants.sample()
        influence_mutants.differential_sample()
    elif mutant.game == "convergence":
        convergence_mutants.sample()
    elif mutant.game == "standard":
        sample_positions()
        differential_sample()
    started = time.perf_counter()
    with mutant.patch():
        for name, check in checks:
            try:
                check()
            except Exception as exc:  # any failure, assertion or crash, is a catch
                message = str(exc).strip().splitlines()[0][:90] if str(exc).strip() else ""
                detail = message if isinstance(exc, AssertionError) else f"{type(exc).__name__}: {message}"
                return Verdict(mutant.name, name, detail, time.perf_counter() - started)
    return Verdict(mutant.name, None, "", time.perf_counter() - started)


# --- Memory mutants (rules of oracle.games.ttykm.rules.memory) ----------------------------


@contextmanager
def patched_memory(**replacements: Callable[..., Any]) -> Iterator[None]:
    """Replace functions of `oracle.games.ttykm.rules.memory` inside the block."""
    from oracle.games.ttykm.rules import memory

    originals = {name: getattr(memory, name) for name in replacements}
    for name, function in replacements.items():
        setattr(memory, name, function)
    try:
        yield
    finally:
        for name, function in originals.items():
            setattr(memory, name, function)


def training_through_hats(scene: Any, era: int, kind: Any, colour: Colour, ruleset: Ruleset) -> None:
    """Training that replaces whatever hat a later version wears and always goes on."""
    from oracle.games.ttykm.rules import memory
    from oracle.games.ttykm.scene import Trained

    c = memory.elephant_at(scene, era, kind)
    if scene.solid(c).hat is not colour:
        memory.put_hat(scene, c, colour)
    scene.record(c, Trained(kind, colour))


def any_elephant_obeys(scene: Any, colour: Colour, active: int) -> int | None:
    """Command any elephant of the era, hat or no hat (the dark one first)."""
    from oracle.games.ttykm.objects import ELEPHANTS
    from oracle.games.ttykm.rules import memory

    return memory.elephant_at(scene, active // SQUARES, ELEPHANTS[0])


def onto_the_other_elephant(original: Callable[..., Any]) -> Callable[..., Any]:
    """A command that may step onto the other elephant."""
    def refusal(scene: Any, colour: Colour, active: int, target: int, ruleset: Ruleset) -> Any:
        found = original(scene, colour, active, target, ruleset)
        return None if found is not None and "stands there" in found[1] else found
    return refusal


def hat_left_behind(scene: Any, c: int, colour: Colour) -> None:
    """A new hat that leaves the player's hat on the other elephant of the era."""
    from oracle.games.ttykm.events import HatOn
    from oracle.games.ttykm.objects import Thing

    thing = scene.solid(c)
    scene.solids[c] = Thing(thing.kind, hat=colour)
    scene.events.append(HatOn(colour, thing.kind.word, c))


def command_propagating(original: Callable[..., Any]) -> Callable[..., Any]:
    """A command whose step always reaches the later eras."""
    def command(scene: Any, colour: Colour, active: int, target: int, ruleset: Ruleset) -> None:
        original(scene, colour, active, target, dataclasses.replace(
            ruleset, variants=ruleset.variants | {"elephant-moves-propagate"}))
    return command


def _memory_mutants() -> tuple[Mutant, ...]:
    from oracle.games.ttykm.rules import memory

    return (
        Mutant("Memory: training passes a hatted version",
               lambda: patched_memory(apply_trained=training_through_hats), "memory"),
        Mutant("Memory: a wild elephant obeys", lambda: patched_memory(commanded=any_elephant_obeys), "memory"),
        Mutant("Memory: a command onto the other elephant",
               lambda: patched_memory(command_refusal=onto_the_other_elephant(memory.command_refusal)), "memory"),
        Mutant("Memory: two hats of one player on an era", lambda: patched_memory(put_hat=hat_left_behind), "memory"),
        Mutant("Memory: a command reaches later eras",
               lambda: patched_memory(command=command_propagating(memory.command)), "memory"),
    )


MEMORY_MUTANTS = _memory_mutants()


def memory_examples_check() -> None:
    """The worked examples of spec/ttykm/memory.md."""
    from pathlib import Path

    from oracle.games.ttykm.examples import check_example, examples_in

    path = Path(__file__).resolve().parent.parent / "spec" / "ttykm" / "memory.md"
    for example in examples_in(path.read_text(encoding="utf-8"), str(path.name)):
        problems = check_example(example)
        assert not problems, problems[0]


def memory_differential_check() -> None:
    """The Memory Z3 model and the engine agree on every Memory action (a sample of positions)."""
    from properties.memory_differential import run

    _, found = run(limit=120)
    assert not found, found[0]


def memory_play_check() -> None:
    """The Memory state machine, with fixed randomness."""
    from properties.test_memory_play import MemoryPlay

    run_state_machine_as_test(MemoryPlay, settings=settings(
        max_examples=20, stateful_step_count=8, derandomize=True, database=None, deadline=None,
        phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck),
    ))


MEMORY_CHECKS: tuple[tuple[str, Callable[[], None]], ...] = (
    ("Memory worked examples", memory_examples_check),
    ("Memory Z3 differential", memory_differential_check),
    ("Memory play state machine", memory_play_check),
)


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    print(f"{'mutant':<46} {'caught by':<22} {'time':>7}   first failure")
    survivors = 0
    everything = [*MUTANTS, *MEMORY_MUTANTS]
    for mutant in everything:
        v = judge(mutant)
        survivors += v.caught_by is None
        print(f"{v.mutant:<46} {v.caught_by or 'NOT CAUGHT':<22} {v.seconds:6.1f} s   {v.detail}", flush=True)
    print(f"{len(everything) - survivors} of {len(everything)} mutants caught")
    survivors += game_reports.run("mutants")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
